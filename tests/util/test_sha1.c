/* util_sha1 against the FIPS 180 examples (FIPS 180-2 appendix A, and the
 * NIST "SHA1 example" vectors) and, for the padding boundaries (55, 56,
 * 63, 64 ... bytes), digests computed by Python's hashlib; each message
 * is also hashed fed in pieces of every size from 1 to 70 bytes. */
#include <stdio.h>
#include <string.h>

#include "util_sha1.h"

static int failures;

static void
to_hex(const uint8_t d[UTIL_SHA1_SIZE], char hex[2 * UTIL_SHA1_SIZE + 1])
{
   for (unsigned i = 0; i < UTIL_SHA1_SIZE; i++)
      snprintf(hex + 2 * i, 3, "%02x", d[i]);
}

static void
expect(const char *what, const uint8_t d[UTIL_SHA1_SIZE], const char *want)
{
   char hex[2 * UTIL_SHA1_SIZE + 1];
   to_hex(d, hex);
   if (strcmp(hex, want) == 0)
      return;
   fprintf(stderr, "FAIL %s: got %s, want %s\n", what, hex, want);
   failures++;
}

/* One-shot, then in pieces of each size from 1 to 70 bytes. */
static void
check(const char *what, const void *data, size_t size, const char *want)
{
   uint8_t d[UTIL_SHA1_SIZE];
   util_sha1(data, size, d);
   expect(what, d, want);
   for (size_t piece = 1; piece <= 70; piece++) {
      struct util_sha1_ctx ctx;
      util_sha1_init(&ctx);
      for (size_t at = 0; at < size; at += piece) {
         size_t n = size - at < piece ? size - at : piece;
         util_sha1_update(&ctx, (const uint8_t *)data + at, n);
      }
      util_sha1_final(&ctx, d);
      char label[96];
      snprintf(label, sizeof(label), "%s (pieces of %zu)", what, piece);
      expect(label, d, want);
   }
}

static void
check_string(const char *s, const char *want)
{
   check(s, s, strlen(s), want);
}

static void
check_million_a(void)
{
   static char a[1000];
   memset(a, 'a', sizeof(a));
   struct util_sha1_ctx ctx;
   util_sha1_init(&ctx);
   for (unsigned i = 0; i < 1000; i++)
      util_sha1_update(&ctx, a, sizeof(a));
   uint8_t d[UTIL_SHA1_SIZE];
   util_sha1_final(&ctx, d);
   expect("one million 'a'", d, "34aa973cd4c4daa4f61eeb2bdbad27316534016f");
}

/* Lengths around the 56-byte padding limit and the 64-byte block, bytes
 * (7 i + 3) mod 256; digests from hashlib.sha1. */
static void
check_boundaries(void)
{
   static const struct { size_t size; const char *want; } cases[] = {
      { 55, "ddf57317ef34bfee3b6df83d359098930eb278bc" },
      { 56, "a0d492bb0fc889d0eca3bc137066ab6f4f74f369" },
      { 63, "c55856749bef509bdfe6bfebfc7bf4e793e82132" },
      { 64, "bede92be29c3874e1b54ddc77988d606fc857a8e" },
      { 65, "b05a80522b053d6dc7e0a517d0e70212c7dad11f" },
      { 119, "504e27376a6e0f0dba8295b85cb25dc4dfa17d23" },
      { 120, "82134b02fb3f702491be9bed581eeab59334acb2" },
      { 127, "34d5e582029e9b9b85b2febe31da3db7cdabaaea" },
      { 128, "a09133e6730ffe899efb70204cb5646cd5dc24ee" },
   };
   uint8_t bytes[128];
   for (unsigned i = 0; i < sizeof(bytes); i++)
      bytes[i] = (uint8_t)(i * 7 + 3);
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      char label[32];
      snprintf(label, sizeof(label), "%zu bytes", cases[i].size);
      check(label, bytes, cases[i].size, cases[i].want);
   }
}

int
main(void)
{
   check_string("", "da39a3ee5e6b4b0d3255bfef95601890afd80709");
   check_string("abc", "a9993e364706816aba3e25717850c26c9cd0d89d");
   check_string("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "84983e441c3bd26ebaae4aa1f95129e5e54670f1");
   check_string("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
                "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "a49b2446a02c645bf419f995b67091253a04a259");
   check_million_a();
   check_boundaries();
   if (failures)
      return 1;
   printf("sha1: all vectors match\n");
   return 0;
}

#include "util_sha1.h"

#include <string.h>

static uint32_t
rotl(uint32_t x, unsigned n)
{
   return (x << n) | (x >> (32 - n));
}

static uint32_t
load_be32(const uint8_t *p)
{
   return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
          (uint32_t)p[2] << 8 | p[3];
}

/* f_t and K_t of FIPS 180-4 section 4.1.1 and 4.2.1, by round. */
static uint32_t
round_f(unsigned t, uint32_t b, uint32_t c, uint32_t d)
{
   if (t < 20)
      return (b & c) | (~b & d);
   if (t < 40 || t >= 60)
      return b ^ c ^ d;
   return (b & c) | (b & d) | (c & d);
}

static const uint32_t round_k[4] = {
   0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6,
};

/* FIPS 180-4 section 6.1.2, one 512-bit block. */
static void
compress(uint32_t h[5], const uint8_t block[64])
{
   uint32_t w[80];
   for (unsigned t = 0; t < 16; t++)
      w[t] = load_be32(block + 4 * t);
   for (unsigned t = 16; t < 80; t++)
      w[t] = rotl(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);

   uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
   for (unsigned t = 0; t < 80; t++) {
      uint32_t tmp = rotl(a, 5) + round_f(t, b, c, d) + e + round_k[t / 20] + w[t];
      e = d;
      d = c;
      c = rotl(b, 30);
      b = a;
      a = tmp;
   }
   h[0] += a;
   h[1] += b;
   h[2] += c;
   h[3] += d;
   h[4] += e;
}

void
util_sha1_init(struct util_sha1_ctx *ctx)
{
   /* FIPS 180-4 section 5.3.1 */
   static const uint32_t initial[5] = {
      0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0,
   };
   memcpy(ctx->h, initial, sizeof(initial));
   ctx->length = 0;
}

void
util_sha1_update(struct util_sha1_ctx *ctx, const void *data, size_t size)
{
   const uint8_t *p = data;
   while (size > 0) {
      size_t used = ctx->length % 64;
      size_t n = 64 - used < size ? 64 - used : size;
      memcpy(ctx->block + used, p, n);
      ctx->length += n;
      p += n;
      size -= n;
      if (used + n == 64)
         compress(ctx->h, ctx->block);
   }
}

void
util_sha1_final(struct util_sha1_ctx *ctx, uint8_t out[UTIL_SHA1_SIZE])
{
   /* FIPS 180-4 section 5.1.1: a one bit, zeros up to 56 mod 64 bytes,
    * then the message length in bits, big-endian. */
   uint64_t bits = ctx->length * 8;
   static const uint8_t pad[64] = { 0x80 };
   size_t used = ctx->length % 64;
   util_sha1_update(ctx, pad, used < 56 ? 56 - used : 120 - used);
   uint8_t len[8];
   for (unsigned i = 0; i < 8; i++)
      len[i] = (uint8_t)(bits >> (56 - 8 * i));
   util_sha1_update(ctx, len, sizeof(len));
   for (unsigned i = 0; i < 5; i++) {
      out[4 * i + 0] = (uint8_t)(ctx->h[i] >> 24);
      out[4 * i + 1] = (uint8_t)(ctx->h[i] >> 16);
      out[4 * i + 2] = (uint8_t)(ctx->h[i] >> 8);
      out[4 * i + 3] = (uint8_t)ctx->h[i];
   }
}

void
util_sha1(const void *data, size_t size, uint8_t out[UTIL_SHA1_SIZE])
{
   struct util_sha1_ctx ctx;
   util_sha1_init(&ctx);
   util_sha1_update(&ctx, data, size);
   util_sha1_final(&ctx, out);
}

/* SHA-1 (FIPS 180-4), for cache keys: pipeline layouts, shader modules.
 * Not for anything that needs collision resistance against an attacker. */
#ifndef UTIL_SHA1_H
#define UTIL_SHA1_H

#include <stddef.h>
#include <stdint.h>

#define UTIL_SHA1_SIZE 20

struct util_sha1_ctx {
   uint32_t h[5];
   uint64_t length;          /* bytes hashed so far */
   uint8_t block[64];        /* pending bytes: length % 64 of them */
};

void util_sha1_init(struct util_sha1_ctx *ctx);
void util_sha1_update(struct util_sha1_ctx *ctx, const void *data, size_t size);
void util_sha1_final(struct util_sha1_ctx *ctx, uint8_t out[UTIL_SHA1_SIZE]);

/* The digest of one buffer. */
void util_sha1(const void *data, size_t size, uint8_t out[UTIL_SHA1_SIZE]);

#endif

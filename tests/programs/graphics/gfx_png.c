/* RGBA8 images as PNG files for a person to look at (PNG specification,
 * ISO/IEC 15948): the image data is a zlib stream (RFC 1950) of stored
 * deflate blocks (RFC 1951, section 3.2.4), so no compressor is needed. */
#include "gfx_png.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STORED_BLOCK_MAX 65535u

static uint32_t
crc32_update(uint32_t crc, const uint8_t *data, size_t n)
{
   /* The CRC of PNG chunks: polynomial 0xedb88320, bit-reversed. */
   static uint32_t table[256];
   if (!table[1]) {
      for (uint32_t i = 0; i < 256; i++) {
         uint32_t c = i;
         for (int k = 0; k < 8; k++)
            c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
         table[i] = c;
      }
   }
   crc = ~crc;
   for (size_t i = 0; i < n; i++)
      crc = table[(crc ^ data[i]) & 0xff] ^ (crc >> 8);
   return ~crc;
}

static void
put_be32(uint8_t *p, uint32_t v)
{
   p[0] = (uint8_t)(v >> 24);
   p[1] = (uint8_t)(v >> 16);
   p[2] = (uint8_t)(v >> 8);
   p[3] = (uint8_t)v;
}

static bool
write_chunk(FILE *f, const char type[4], const uint8_t *data, size_t n)
{
   uint8_t header[8];
   put_be32(header, (uint32_t)n);
   memcpy(header + 4, type, 4);
   uint32_t crc = crc32_update(crc32_update(0, header + 4, 4), data, n);
   uint8_t trailer[4];
   put_be32(trailer, crc);
   return fwrite(header, 1, 8, f) == 8 && (!n || fwrite(data, 1, n, f) == n) &&
          fwrite(trailer, 1, 4, f) == 4;
}

/* The zlib stream of raw: header, stored blocks, Adler-32 of raw. */
static uint8_t *
zlib_stored(const uint8_t *raw, size_t n, size_t *out_size)
{
   size_t blocks = n / STORED_BLOCK_MAX + 1;
   uint8_t *z = malloc(2 + n + 5 * blocks + 4);
   if (!z)
      return NULL;
   size_t at = 0;
   z[at++] = 0x78;   /* deflate, 32 KiB window */
   z[at++] = 0x01;   /* no dictionary; (0x78 << 8 | 0x01) % 31 == 0 */
   size_t done = 0;
   do {
      size_t len = n - done < STORED_BLOCK_MAX ? n - done : STORED_BLOCK_MAX;
      z[at++] = done + len == n;   /* BFINAL, BTYPE 00 */
      z[at++] = (uint8_t)len;
      z[at++] = (uint8_t)(len >> 8);
      z[at++] = (uint8_t)~len;
      z[at++] = (uint8_t)(~len >> 8);
      memcpy(z + at, raw + done, len);
      at += len;
      done += len;
   } while (done < n);
   uint32_t a = 1, b = 0;
   for (size_t i = 0; i < n; i++) {
      a = (a + raw[i]) % 65521;
      b = (b + a) % 65521;
   }
   put_be32(z + at, b << 16 | a);
   *out_size = at + 4;
   return z;
}

bool
gfx_png_write(const char *path, const uint8_t *rgba, uint32_t width, uint32_t height)
{
   size_t row = 1 + 4 * (size_t)width;   /* filter type 0 before each row */
   uint8_t *raw = malloc(row * height);
   if (!raw)
      return false;
   for (uint32_t y = 0; y < height; y++) {
      raw[y * row] = 0;
      memcpy(raw + y * row + 1, rgba + 4 * (size_t)width * y, 4 * (size_t)width);
   }
   size_t zsize;
   uint8_t *z = zlib_stored(raw, row * height, &zsize);
   free(raw);
   if (!z)
      return false;
   uint8_t ihdr[13];
   put_be32(ihdr, width);
   put_be32(ihdr + 4, height);
   ihdr[8] = 8;    /* bit depth */
   ihdr[9] = 6;    /* colour type: RGBA */
   ihdr[10] = ihdr[11] = ihdr[12] = 0;   /* deflate, adaptive filters, no interlace */
   FILE *f = fopen(path, "wb");
   static const uint8_t signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
   bool ok = f && fwrite(signature, 1, 8, f) == 8 && write_chunk(f, "IHDR", ihdr, 13) &&
             write_chunk(f, "IDAT", z, zsize) && write_chunk(f, "IEND", NULL, 0);
   if (f && fclose(f))
      ok = false;
   free(z);
   return ok;
}

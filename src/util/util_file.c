#include "util_file.h"

#include <stdio.h>
#include <stdlib.h>

/* Grows the buffer as it reads rather than asking for the size first, so
 * that pipes and /proc files read whole too. */
static void *
read_stream(FILE *f, size_t *size)
{
   char *buf = NULL;
   size_t len = 0, cap = 0;
   for (;;) {
      if (len == cap) {
         cap = cap ? cap * 2 : 1 << 16;
         char *grown = realloc(buf, cap);
         if (!grown) {
            free(buf);
            return NULL;
         }
         buf = grown;
      }
      size_t n = fread(buf + len, 1, cap - len, f);
      if (n == 0)
         break;
      len += n;
   }
   if (ferror(f)) {
      free(buf);
      return NULL;
   }
   *size = len;
   return buf;
}

void *
util_read_file(const char *path, size_t *size)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   void *buf = read_stream(f, size);
   fclose(f);
   return buf;
}

bool
util_write_file(const char *path, const void *data, size_t size)
{
   FILE *f = fopen(path, "wb");
   bool ok = f && fwrite(data, 1, size, f) == size;
   if (f && fclose(f))
      ok = false;
   return ok;
}

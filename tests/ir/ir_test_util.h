/* Small helpers shared by the IR tests. */
#ifndef IR_TEST_UTIL_H
#define IR_TEST_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* Reads a SPIR-V file; returns NULL (and prints why) on failure. */
static inline uint32_t *
read_spirv(const char *path, size_t *num_words)
{
   FILE *f = fopen(path, "rb");
   if (!f) {
      fprintf(stderr, "cannot open %s\n", path);
      return NULL;
   }
   fseek(f, 0, SEEK_END);
   long size = ftell(f);
   fseek(f, 0, SEEK_SET);
   uint32_t *w = malloc(size > 0 ? (size_t)size : 4);
   size_t got = w ? fread(w, 1, (size_t)size, f) : 0;
   fclose(f);
   if (size <= 0 || got != (size_t)size || size % 4) {
      fprintf(stderr, "cannot read %s\n", path);
      free(w);
      return NULL;
   }
   *num_words = (size_t)size / 4;
   return w;
}

#endif

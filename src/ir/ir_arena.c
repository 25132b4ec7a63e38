/* Bump allocator: one per shader, freed in one go (README.md, "memory"). */
#include <stdlib.h>
#include <string.h>

#include "ir.h"

#define CHUNK_SIZE (64 * 1024)

struct chunk {
   struct chunk *next;
   size_t used, size;
   _Alignas(16) unsigned char data[];
};

struct ir_arena {
   struct chunk *head;
};

struct ir_arena *
ir_arena_create(void)
{
   struct ir_arena *a = calloc(1, sizeof(*a));
   if (!a)
      abort();
   return a;
}

void
ir_arena_destroy(struct ir_arena *a)
{
   if (!a)
      return;
   for (struct chunk *c = a->head, *n; c; c = n) {
      n = c->next;
      free(c);
   }
   free(a);
}

void *
ir_alloc(struct ir_arena *a, size_t size)
{
   size = (size + 15) & ~(size_t)15;
   struct chunk *c = a->head;
   if (!c || c->used + size > c->size) {
      size_t cap = size > CHUNK_SIZE ? size : CHUNK_SIZE;
      c = malloc(sizeof(*c) + cap);
      if (!c)
         abort();   /* out of memory is not recoverable mid-pass */
      c->size = cap;
      c->used = 0;
      c->next = a->head;
      a->head = c;
   }
   void *p = c->data + c->used;
   c->used += size;
   memset(p, 0, size);
   return p;
}

char *
ir_strdup(struct ir_arena *a, const char *s)
{
   size_t n = strlen(s) + 1;
   char *p = ir_alloc(a, n);
   memcpy(p, s, n);
   return p;
}

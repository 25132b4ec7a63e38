/* What the back end's tests share: a check that prints every failure and
 * counts it (the test fails at the end if any did), the bits of a
 * float, a VUE map.  Header only: each test is one executable. */
#ifndef GBE_TEST_H
#define GBE_TEST_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "gbe.h"

static int gbe_test_failures;

#define CHECK(cond, ...)                                                     \
   do {                                                                      \
      if (!(cond)) {                                                         \
         gbe_test_failures++;                                                \
         fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                \
         fprintf(stderr, __VA_ARGS__);                                       \
         fputc('\n', stderr);                                                \
      }                                                                      \
   } while (0)

static inline uint32_t
f2u(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

/* The VUE of a vertex stage that writes the position and location 0
 * alone: the header, the position, location 0 (gbe.h's rules). */
static inline struct gbe_vue_map
gbe_test_vue_loc0(void)
{
   struct gbe_vue_map v = { .num_rows = 3 };
   memset(v.location_row, GBE_NO_SLOT, sizeof(v.location_row));
   v.location_row[0] = 2;
   return v;
}

#endif

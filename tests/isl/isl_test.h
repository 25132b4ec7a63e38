/* A check macro for isl's unit tests: every failure is printed, the test
 * fails at the end if any was.  Expected values in these tests are worked
 * out by hand from the PRM's rules (the comments show the arithmetic),
 * never by running isl. */
#ifndef ISL_TEST_H
#define ISL_TEST_H

#include <stdio.h>

static int isl_test_failures;

#define CHECK(cond, ...) do { \
   if (!(cond)) { \
      isl_test_failures++; \
      fprintf(stderr, "%s:%d: ", __FILE__, __LINE__); \
      fprintf(stderr, __VA_ARGS__); \
      fputc('\n', stderr); \
   } \
} while (0)

#define CHECK_EQ(got, want, what) do { \
   unsigned long long g_ = (unsigned long long)(got), w_ = (unsigned long long)(want); \
   CHECK(g_ == w_, "%s: got %llu (0x%llx), want %llu (0x%llx)", what, g_, g_, w_, w_); \
} while (0)

static inline int
isl_test_result(const char *name)
{
   if (isl_test_failures) {
      fprintf(stderr, "%s: %d check(s) failed\n", name, isl_test_failures);
      return 1;
   }
   printf("%s: all checks passed\n", name);
   return 0;
}

#endif

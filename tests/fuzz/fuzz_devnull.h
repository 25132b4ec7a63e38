/* The stream a fuzz target writes its output to: the code under test
 * formats everything as it would for a user, and nothing is kept. */
#ifndef FUZZ_DEVNULL_H
#define FUZZ_DEVNULL_H

#include <stdio.h>
#include <stdlib.h>

static inline FILE *
fuzz_devnull(void)
{
   static FILE *f;
   if (!f)
      f = fopen("/dev/null", "w");
   if (!f)
      abort();
   return f;
}

#endif

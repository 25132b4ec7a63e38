/* IEEE floats and their bits, both ways, without breaking the aliasing
 * rules (memcpy compiles to a register move). */
#ifndef UTIL_BITCAST_H
#define UTIL_BITCAST_H

#include <stdint.h>
#include <string.h>

static inline uint32_t
util_f32_bits(float f)
{
   uint32_t u;
   memcpy(&u, &f, sizeof(u));
   return u;
}

static inline float
util_f32_from_bits(uint32_t u)
{
   float f;
   memcpy(&f, &u, sizeof(f));
   return f;
}

static inline uint64_t
util_f64_bits(double d)
{
   uint64_t u;
   memcpy(&u, &d, sizeof(u));
   return u;
}

static inline double
util_f64_from_bits(uint64_t u)
{
   double d;
   memcpy(&d, &u, sizeof(d));
   return d;
}

#endif

/* Helpers the generated genxml pack/unpack functions are built on.
 *
 * A field is placed by the dword it starts in and its bit range relative to
 * that dword (lo..hi, hi <= 63: a field may reach into the next dword).
 * Offsets and addresses are stored in place (their low bits are other
 * fields or must-be-zero), as the PRM draws them; everything else is a value
 * shifted to lo. */
#ifndef GVK_GENXML_HELPERS_H
#define GVK_GENXML_HELPERS_H

#include <assert.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* Relocation hook: a driver writing Gen7 batches (relocations instead of
 * softpin) defines GVK_GENXML_ADDRESS(user, dw, address) before including
 * a pack header to record that the dword at dw holds an address; it
 * returns the address to write (the presumed one).  By default the
 * address is written as given. */
#ifndef GVK_GENXML_ADDRESS
#define GVK_GENXML_ADDRESS(user, dw, address) ((void)(user), (void)(dw), (address))
#endif

static inline uint64_t
gvk_gx_mask(unsigned lo, unsigned hi)
{
   uint64_t ones = hi - lo == 63 ? ~0ull : (1ull << (hi - lo + 1)) - 1;
   return ones << lo;
}

static inline uint64_t
gvk_gx_uint(uint64_t v, unsigned lo, unsigned hi)
{
   assert(hi - lo == 63 || v < (1ull << (hi - lo + 1)));
   return v << lo;
}

static inline uint64_t
gvk_gx_sint(int64_t v, unsigned lo, unsigned hi)
{
   unsigned bits = hi - lo + 1;
   assert(bits == 64 || (v >= -(1ll << (bits - 1)) && v < (1ll << (bits - 1))));
   return ((uint64_t)v << lo) & gvk_gx_mask(lo, hi);
}

static inline uint64_t
gvk_gx_inplace(uint64_t v, unsigned lo, unsigned hi)
{
   assert((v & ~gvk_gx_mask(lo, hi)) == 0);
   return v & gvk_gx_mask(lo, hi);
}

static inline uint64_t
gvk_gx_float(float v)
{
   uint32_t bits;
   memcpy(&bits, &v, sizeof(bits));
   return bits;
}

static inline uint64_t
gvk_gx_ufixed(float v, unsigned lo, unsigned hi, unsigned frac)
{
   double scaled = (double)v * (double)(1ull << frac);
   assert(scaled >= 0 && scaled <= (double)(gvk_gx_mask(lo, hi) >> lo));
   return ((uint64_t)llround(scaled) << lo) & gvk_gx_mask(lo, hi);
}

static inline uint64_t
gvk_gx_sfixed(float v, unsigned lo, unsigned hi, unsigned frac)
{
   int64_t scaled = llround((double)v * (double)(1ull << frac));
   return gvk_gx_sint(scaled, lo, hi);
}

static inline uint64_t
gvk_gx_get(uint64_t q, unsigned lo, unsigned hi)
{
   return (q & gvk_gx_mask(lo, hi)) >> lo;
}

static inline int64_t
gvk_gx_get_sint(uint64_t q, unsigned lo, unsigned hi)
{
   unsigned bits = hi - lo + 1;
   uint64_t v = gvk_gx_get(q, lo, hi);
   if (bits < 64 && (v >> (bits - 1)))
      v |= ~0ull << bits;
   return (int64_t)v;
}

static inline float
gvk_gx_get_float(uint64_t q)
{
   uint32_t bits = (uint32_t)q;
   float f;
   memcpy(&f, &bits, sizeof(f));
   return f;
}

#endif

#ifndef UTIL_MACROS_H
#define UTIL_MACROS_H

#include <stddef.h>
#include <stdint.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define DIV_ROUND_UP(n, d) (((n) + (d) - 1) / (d))
#define MIN2(a, b) ((a) < (b) ? (a) : (b))
#define MAX2(a, b) ((a) > (b) ? (a) : (b))
#define ALIGN_POT(v, a) (((v) + (a) - 1) & ~((__typeof__(v))(a) - 1))
#define BITFIELD_RANGE(lo, n) ((n) >= 32 ? ~0u << (lo) : ((1u << (n)) - 1) << (lo))
#define UNUSED __attribute__((unused))
#define container_of(ptr, type, member) \
   ((type *)((char *)(ptr) - offsetof(type, member)))

/* GPU virtual addresses are 48 bits wide; the uAPI passes them in canonical
 * form (bit 47 sign-extended into bits 63:48). */
static inline uint64_t
gpu_addr_from_canonical(uint64_t addr)
{
   return addr & ((1ull << 48) - 1);
}

static inline uint64_t
gpu_addr_to_canonical(uint64_t addr)
{
   addr = gpu_addr_from_canonical(addr);
   return (addr & (1ull << 47)) ? addr | 0xffff000000000000ull : addr;
}

#endif

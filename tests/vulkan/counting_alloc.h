/* A VkAllocationCallbacks that counts live allocations and fails the N-th
 * allocation or reallocation (the allocation-failure sweeps). */
#ifndef COUNTING_ALLOC_H
#define COUNTING_ALLOC_H

#include <stdbool.h>

#include <vulkan/vulkan.h>

struct counting_alloc {
   unsigned calls;          /* allocations and reallocations so far */
   unsigned fail_at;        /* call number that fails (1-based), 0: none */
   bool failed;             /* a failure was injected */
   long live;               /* allocations not yet freed */
   bool misaligned;
};

/* Callbacks whose pUserData is state. */
VkAllocationCallbacks counting_alloc_callbacks(struct counting_alloc *state);

#endif

/* A VkAllocationCallbacks that counts live allocations and fails the N-th
 * allocation or reallocation, and the allocation-failure sweep built on
 * it. */
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

/* How one run of a sweep ended. */
enum sweep_outcome {
   SWEEP_RAN_ALL,           /* everything succeeded */
   SWEEP_OOM,               /* a command returned VK_ERROR_OUT_OF_HOST_MEMORY */
   SWEEP_NO_DEVICE,         /* there is no device to run on */
   SWEEP_WRONG,             /* another error or a wrong result (a FAIL line said which) */
};

/* The outcome of r, returned by the command what (FAIL line for an error
 * other than VK_ERROR_OUT_OF_HOST_MEMORY). */
enum sweep_outcome sweep_judge(VkResult r, const char *what);

struct gvk_test_gpu;

/* One run on a device of gipa's driver: the instance of info with alloc,
 * its first device with device_alloc, then use(g, alloc) when both
 * exist; everything destroyed again. */
enum sweep_outcome
sweep_on_device(PFN_vkGetInstanceProcAddr gipa, const VkInstanceCreateInfo *info,
                const VkAllocationCallbacks *alloc,
                const VkAllocationCallbacks *device_alloc,
                enum sweep_outcome (*use)(const struct gvk_test_gpu *g,
                                          const VkAllocationCallbacks *alloc));

typedef enum sweep_outcome (*sweep_run_fn)(void *data, const VkAllocationCallbacks *alloc);

/* Runs run(data, alloc) with alloc failing its n-th allocation, for n = 1,
 * 2, ... until a run in which nothing failed.  Every allocation must be
 * freed and aligned, no run may be SWEEP_WRONG, a run without a failure
 * must run to its end, and one with a failure must report it
 * (SWEEP_OOM), unless may_absorb lets the driver recover from it.
 * Returns 0 and the clean run's allocations in *allocations;
 * GVK_TEST_SKIP after a SKIP line when the clean run found no device; 1
 * after a FAIL line. */
int counting_alloc_sweep(sweep_run_fn run, void *data, bool may_absorb,
                         unsigned *allocations);

#endif

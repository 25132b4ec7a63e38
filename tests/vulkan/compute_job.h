/* A small complete compute job (buffers, descriptors, pipeline, command
 * buffer, submission, fence, result check) written against a table of
 * Vulkan entry points, so that it runs through the loader or directly on
 * the ICD (the allocation-failure sweep), with any allocator. */
#ifndef COMPUTE_JOB_H
#define COMPUTE_JOB_H

#include <stdbool.h>
#include <stdint.h>

#include <vulkan/vulkan.h>

#define COMPUTE_JOB_GROUPS 4
#define COMPUTE_JOB_INVOCATIONS (COMPUTE_JOB_GROUPS * 64)

struct compute_job_fns {
#define COMPUTE_JOB_FN(name) PFN_##name name;
#include "compute_job_fns.h"
#undef COMPUTE_JOB_FN
};

/* Fills fns from a device (vkGetDeviceProcAddr) for the device-level
 * commands the job uses; false if one is missing. */
bool compute_job_load(struct compute_job_fns *fns, PFN_vkGetDeviceProcAddr gdpa,
                      VkDevice device);

/* Runs the job on device/queue with alloc (may be NULL) for every object
 * and checks the result.  Returns VK_SUCCESS, the first error a command
 * returned (everything created is destroyed again), or
 * VK_ERROR_UNKNOWN with a line on stderr if the results are wrong.
 * seed varies the input. */
VkResult compute_job_run(const struct compute_job_fns *fns, VkPhysicalDevice pdev,
                         PFN_vkGetPhysicalDeviceMemoryProperties get_memory,
                         VkDevice device, VkQueue queue,
                         const VkAllocationCallbacks *alloc, uint32_t seed);

#endif

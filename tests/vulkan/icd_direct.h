/* The genvk ICD loaded without the Vulkan loader (dlopen and the
 * loader-ICD interface), so that a test's allocator sees only the driver's
 * own allocations. */
#ifndef ICD_DIRECT_H
#define ICD_DIRECT_H

#include <vulkan/vulkan.h>

/* Loads the library at path and negotiates interface version 5 or later:
 * its vk_icdGetInstanceProcAddr, or NULL after a FAIL line on stderr.
 * The library stays mapped (leak reports then name its functions). */
PFN_vkGetInstanceProcAddr icd_direct_open(const char *path);

#endif

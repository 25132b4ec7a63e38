/* The genvk ICD loaded without the Vulkan loader (dlopen and the
 * loader-ICD interface), so that a test's allocator sees only the driver's
 * own allocations. */
#ifndef ICD_DIRECT_H
#define ICD_DIRECT_H

#include <stdbool.h>

#include <vulkan/vulkan.h>

struct icd {
   PFN_vkGetInstanceProcAddr gipa;
   PFN_vkCreateInstance create_instance;
};

/* Loads the library at path and negotiates interface version 5 or later;
 * false with a FAIL line on stderr otherwise.  The library stays mapped
 * (leak reports then name its functions). */
bool icd_direct_open(const char *path, struct icd *icd);

#endif

#ifndef GVK_BUILD_ID_H
#define GVK_BUILD_ID_H

#include <stdint.h>

/* SHA-1 of the driver's version string and GNU build-id: names this build
 * in pipeline cache UUIDs and kernel cache keys.  Computed when a physical
 * device is set up (gvk_physical_device.build_sha1), before any thread the
 * application starts can compile. */
void gvk_build_id_sha1(uint8_t out[20]);

#endif

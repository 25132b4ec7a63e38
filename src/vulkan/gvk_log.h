/* The driver's logging helper and GENVK_DEBUG flags.  Messages go through
 * src/util's log (prefix "genvk"). */
#ifndef GVK_LOG_H
#define GVK_LOG_H

#include <stdint.h>
#include <vulkan/vulkan_core.h>

#include "log.h"

enum gvk_debug_flag {
   GVK_DEBUG_STARTUP = 1u << 0,  /* each render node probed, and why skipped */
   GVK_DEBUG_SUBMIT  = 1u << 1,  /* each execbuffer2 and its result */
   GVK_DEBUG_CS      = 1u << 2,  /* each compiled compute kernel: disassembly, statistics */
   GVK_DEBUG_NOCACHE = 1u << 3,  /* no pipeline cache lookups or insertions */
   GVK_DEBUG_SYNC    = 1u << 4,  /* wait after each submission */
   GVK_DEBUG_BAT     = 1u << 5,  /* decode each submitted batch to stderr */
};

/* GENVK_DEBUG parsed once per process. */
uint64_t gvk_debug_flags(void);

#define gvk_debug(flag) ((gvk_debug_flags() & GVK_DEBUG_##flag) != 0)

/* Logs why a command fails with result, and returns result. */
VkResult gvk_fail(VkResult result, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));

#endif

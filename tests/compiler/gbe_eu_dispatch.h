/* One compute dispatch of a Gen back-end kernel on vgpu's EU interpreter,
 * without a batch: the thread payload a driver gives (src/compiler/gbe.h:
 * R0 with the workgroup id and scratch offset, the push constants,
 * system values and buffer addresses (the surfaces' bases) as
 * cross-thread constants, gbe_cs_fill_per_thread()'s
 * local ids), the workgroups one after the other, each group's threads
 * round-robin with barriers released once every thread still running
 * waits (as vgpu_gpgpu.c does).  The caller's env supplies memory and
 * surfaces (map, surface, user). */
#ifndef GBE_EU_DISPATCH_H
#define GBE_EU_DISPATCH_H

#include "gbe.h"
#include "vgpu_eu.h"

struct gbe_eu_dispatch {
   const struct gbe_kernel *k;
   struct vgpu_eu_env env;        /* map, surface, user, checks; the rest is set here */
   const void *push;
   uint32_t push_size;
   uint32_t groups[3];            /* gl_NumWorkGroups */
   uint32_t base[3];              /* the first group (vkCmdDispatchBase) */
   uint64_t scratch_base;         /* General State Base Address: scratch */
   uint64_t scratch_bytes;        /* available there */
   char why[400];                 /* gbe_eu_dispatch_run's answer */
};

/* NULL once every group ran, else why not (a fault, an unsupported
 * message, a check that failed). */
const char *gbe_eu_dispatch_run(struct gbe_eu_dispatch *d);

#endif

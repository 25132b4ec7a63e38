/* What the back end's tests that run a kernel's thread on vgpu's EU
 * share: payload writes, the callbacks of a vgpu_eu_env for a thread
 * that reaches no surface, and (gbe_test_vgpu.c, with
 * src/vgpu/3d/vgpu_urb.c) the URB and a scratch space. */
#ifndef GBE_TEST_VGPU_H
#define GBE_TEST_VGPU_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "vgpu_eu_priv.h"
#include "vgpu_priv.h"
#include "vgpu_urb.h"

/* DWord ch of GRF grf. */
static inline void
gbe_test_set_ud(struct vgpu_eu_thread *t, unsigned grf, unsigned ch, uint32_t v)
{
   memcpy(&t->regs[grf * 32 + ch * 4], &v, 4);
}

static inline bool
gbe_test_no_surface(void *user, unsigned bti, struct vgpu_eu_surface *out)
{
   (void)user; (void)bti; (void)out;
   return false;
}

/* Why vgpu_urb_create refused (it reports through vgpu_exec_fault, here
 * without a batch). */
extern const char *gbe_test_urb_fault;

/* The thread's URB messages; user is a struct gbe_test_urb. */
struct gbe_test_urb {
   struct vgpu_urb *u;
   enum isa_gen gen;
};
enum vgpu_eu_status gbe_test_urb_cb(void *user, struct vgpu_eu_thread *t,
                                    const struct isa_send_msg *msg, const uint8_t *payload,
                                    uint8_t *reply, uint32_t exec_mask);
/* Sets every dword of the first `entries` entries of stage (entry_size
 * 64-byte units each) to value, to tell what a thread leaves. */
void gbe_test_urb_fill(struct vgpu_urb *u, enum vgpu_3d_stage stage, unsigned entries,
                       unsigned entry_size, uint32_t value);
/* DWord dw of the entry of handle. */
uint32_t gbe_test_entry_ud(struct vgpu_urb *u, uint32_t handle, unsigned dw);

/* The only memory the thread addresses: its scratch space at
 * GBE_TEST_SCRATCH_BASE, for the kernels compiled with every value
 * spilled. */
#define GBE_TEST_SCRATCH_BASE 0x10000u
#define GBE_TEST_SCRATCH_BYTES (64u * 1024)
void *gbe_test_scratch_memory(void *user, uint64_t addr, uint64_t len);

#endif

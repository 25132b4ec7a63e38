/* The URB and scratch callbacks of the back end's 3D stage tests
 * (gbe_test_vgpu.h). */
#include "gbe_test_vgpu.h"

const char *gbe_test_urb_fault;

void
vgpu_exec_fault(struct vgpu_exec *exec, uint64_t addr, const char *why)
{
   (void)exec; (void)addr;
   gbe_test_urb_fault = why;
}

enum vgpu_eu_status
gbe_test_urb_cb(void *user, struct vgpu_eu_thread *t, const struct isa_send_msg *msg,
                const uint8_t *payload, uint8_t *reply, uint32_t exec_mask)
{
   struct gbe_test_urb *ctx = user;
   return vgpu_urb_message(ctx->u, ctx->gen, t, msg, payload, reply, exec_mask);
}

void
gbe_test_urb_fill(struct vgpu_urb *u, enum vgpu_3d_stage stage, unsigned entries,
                  unsigned entry_size, uint32_t value)
{
   for (unsigned j = 0; j < entries; j++) {
      uint32_t *e = (uint32_t *)vgpu_urb_entry(u, vgpu_urb_handle(u, stage, j));
      for (unsigned d = 0; d < entry_size * 16; d++)
         e[d] = value;
   }
}

uint32_t
gbe_test_entry_ud(struct vgpu_urb *u, uint32_t handle, unsigned dw)
{
   uint32_t v;
   memcpy(&v, vgpu_urb_entry(u, handle) + dw * 4, 4);
   return v;
}

static uint8_t scratch[GBE_TEST_SCRATCH_BYTES];

void *
gbe_test_scratch_memory(void *user, uint64_t addr, uint64_t len)
{
   (void)user;
   if (addr < GBE_TEST_SCRATCH_BASE || addr - GBE_TEST_SCRATCH_BASE > GBE_TEST_SCRATCH_BYTES ||
       len > GBE_TEST_SCRATCH_BYTES - (addr - GBE_TEST_SCRATCH_BASE))
      return NULL;
   return scratch + (addr - GBE_TEST_SCRATCH_BASE);
}

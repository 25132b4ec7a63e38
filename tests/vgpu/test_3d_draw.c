/* 3DPRIMITIVE decoding on every generation, without a batch: packets
 * packed with genxml's pack functions go through the 3D pipeline's
 * per-generation handler, and each draw must carry the parameters packed
 * into it, or for an indirect draw the ones in the 3DPRIM_* registers
 * (test_3d_draw_genX.c). */
#include <string.h>

#include "test_3d_rig.h"
#include "vgpu_cs.h"

struct vgpu_draw rig_draw;
unsigned rig_draws;
unsigned rig_failures;

uint32_t
vgpu_cs_read_reg32(struct vgpu_cs *cs, uint32_t offset)
{
   return offset / 4 < sizeof(cs->regs) / 4 ? cs->regs[offset / 4] : 0;
}

/* No batch: draws carry address 0. */
uint64_t
vgpu_cs_ip(const struct vgpu_cs *cs)
{
   return 0;
}

/* The SO_WRITE_OFFSET load of 3DSTATE_SO_BUFFER is the stream output
 * unit's (tests/vgpu/test_sol.c). */
void
vgpu_sol_buffer_offset_write(struct vgpu_exec *exec, const struct vgpu_3d_so_buffer *b,
                             unsigned index)
{
}

void
vgpu_3d_draw(struct vgpu_exec *exec, const struct vgpu_3d *st,
             const struct vgpu_draw *draw)
{
   rig_draw = *draw;
   rig_draws++;
}

int
main(void)
{
   gfx70_test_3d_draw();
   gfx75_test_3d_draw();
   gfx80_test_3d_draw();
   gfx90_test_3d_draw();
   gfx110_test_3d_draw();
   gfx120_test_3d_draw();
   if (rig_failures) {
      fprintf(stderr, "%u checks failed\n", rig_failures);
      return 1;
   }
   printf("3DPRIMITIVE, vertex and stream-output state decoded as packed on six "
          "generations (%u draws)\n", rig_draws);
   return 0;
}

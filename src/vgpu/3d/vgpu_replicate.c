/* Gen12 primitive replication (PRM Vol 2a 3DSTATE_PRIMITIVE_REPLICATION):
 * the last geometry stage writes one position per replica and the
 * clipper takes each primitive once per replica the packet enables,
 * replica i with its own position, Render Target Array Index plus RTAI
 * Offset[i] and Viewport Index plus Viewport Offset[i].  Mesa's ANV uses
 * it for multiview of two views: replica i draws the i-th view of the
 * view mask, its RTAI Offset that view's index, the shader writing
 * layer 0.  Replication Count 0 (one replica) turns it off: ANV and
 * blorp send the all-zero packet for that, Replica Mask 0 included.
 *
 * The VUE layout is the one Mesa's brw_compute_vue_map gives a shader
 * with several position slots: the header in row 0, replica i's position
 * in row 1 + i, then the clip distances (two rows), then the attributes.
 * Replication happens where the clipper takes primitives, after stream
 * output (Vulkan forbids transform feedback with multiview, so nothing
 * tells the two orders apart). */
#include <stdlib.h>
#include <string.h>

#include "vgpu_gpgpu.h"
#include "vgpu_pipe.h"

/* VUE header dwords and rows (PRM Vol 7 "Vertex URB Entry (VUE)
 * Formats"). */
#define VUE_HEADER_RTAI 1
#define VUE_HEADER_VIEWPORT 2
#define VUE_POSITION_ROW 1
#define VUE_DISTANCE_ROW 2
#define VUE_DISTANCE_ROWS 2

/* Replica i's copy of vertex v: its position, the distances that follow
 * the last position, and the header's indices offset.  The distance rows
 * are copied whenever the VUE has them: without distances they hold other
 * replicas' positions or the padding Mesa's layout puts before the
 * attributes (no attribute starts before row 4 with two positions or
 * more), which the clipper does not read. */
static void
replica_vertex(const struct vgpu_3d_replication *rep, unsigned i,
               const struct vgpu_vue *v, uint32_t *dw)
{
   memcpy(dw, v->dw, (size_t)v->rows * 4 * sizeof(*dw));
   memcpy(&dw[VUE_POSITION_ROW * 4], &v->dw[(VUE_POSITION_ROW + i) * 4], 4 * sizeof(*dw));
   unsigned distances = VUE_POSITION_ROW + rep->count;
   if (v->rows >= distances + VUE_DISTANCE_ROWS) {
      memcpy(&dw[VUE_DISTANCE_ROW * 4], &v->dw[distances * 4],
             VUE_DISTANCE_ROWS * 4 * sizeof(*dw));
   }
   dw[VUE_HEADER_RTAI] += rep->rtai_offset[i];
   dw[VUE_HEADER_VIEWPORT] += rep->viewport_offset[i];
}

bool
vgpu_replicate_prim(struct vgpu_draw_run *r, const struct vgpu_prim *p,
                    void (*clip)(struct vgpu_draw_run *r, const struct vgpu_prim *p))
{
   const struct vgpu_3d_replication *rep = &r->st->replication;
   if (rep->count <= 1)
      return false;
   size_t dwords = 0;
   for (unsigned k = 0; k < p->nverts; k++) {
      if (!p->v[k].dw || p->v[k].rows < VUE_POSITION_ROW + rep->count) {
         vgpu_not_modelled("primitive replication of a VUE without a position row "
                           "per replica");
         r->stop = true;
         return true;
      }
      dwords += (size_t)p->v[k].rows * 4;
   }
   uint32_t *copies = malloc(dwords * sizeof(*copies));
   if (!copies) {
      vgpu_not_modelled("primitive replication (out of memory)");
      r->stop = true;
      return true;
   }
   for (unsigned i = 0; i < rep->count && !r->stop; i++) {
      if (!(rep->mask & (1u << i)))
         continue;
      struct vgpu_prim replica = *p;
      uint32_t *dw = copies;
      for (unsigned k = 0; k < p->nverts; k++) {
         replica_vertex(rep, i, &p->v[k], dw);
         replica.v[k].dw = dw;
         dw += (size_t)p->v[k].rows * 4;
      }
      clip(r, &replica);
   }
   free(copies);
   return true;
}

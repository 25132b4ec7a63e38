/* The dynamic state clip and setup read once per draw: SF_CLIP_VIEWPORT,
 * CC_VIEWPORT and SCISSOR_RECT, one of each per viewport (PRM Vol 2d).
 * Their layouts are the same on Gen7-Gen12 for the fields read here
 * (genxml's SF_CLIP_VIEWPORT, CC_VIEWPORT, SCISSOR_RECT), except that
 * Gen8 added the viewport extents in DWords 12-15. */
#include <string.h>

#include "vgpu_gpgpu.h"
#include "vgpu_pipe.h"
#include "vgpu_priv.h"

#define SF_CLIP_VIEWPORT_BYTES 64
#define CC_VIEWPORT_BYTES 8
#define SCISSOR_RECT_BYTES 8

static float
dw_float(uint32_t dw)
{
   float f;
   memcpy(&f, &dw, sizeof(f));
   return f;
}

/* Maps count entries of size bytes at offset from Dynamic State Base
 * Address; NULL after a fault. */
static const uint32_t *
map_entries(struct vgpu_draw_run *r, uint32_t offset, unsigned count,
            unsigned size, const char *what)
{
   uint64_t addr = r->g->dynamic_base + offset;
   const uint32_t *dw = vgpu_exec_map(r->exec, addr, (uint64_t)count * size);
   if (!dw) {
      vgpu_exec_fault(r->exec, addr, what);
      r->stop = true;
   }
   return dw;
}

static void
read_sf_clip(struct vgpu_viewport *vp, const uint32_t *dw, bool extents)
{
   vp->m00 = dw_float(dw[0]);
   vp->m11 = dw_float(dw[1]);
   vp->m22 = dw_float(dw[2]);
   vp->m30 = dw_float(dw[3]);
   vp->m31 = dw_float(dw[4]);
   vp->m32 = dw_float(dw[5]);
   vp->gb_xmin = dw_float(dw[8]);
   vp->gb_xmax = dw_float(dw[9]);
   vp->gb_ymin = dw_float(dw[10]);
   vp->gb_ymax = dw_float(dw[11]);
   if (!extents)
      return;
   vp->xmin = dw_float(dw[12]);
   vp->xmax = dw_float(dw[13]);
   vp->ymin = dw_float(dw[14]);
   vp->ymax = dw_float(dw[15]);
}

/* SCISSOR_RECT: DWord 0 Y Min (31:16) X Min (15:0), DWord 1 the maxima. */
static void
read_scissor(struct vgpu_viewport *vp, const uint32_t *dw)
{
   vp->scissor[0] = (int32_t)(dw[0] & 0xffff);
   vp->scissor[1] = (int32_t)(dw[0] >> 16);
   vp->scissor[2] = (int32_t)(dw[1] & 0xffff);
   vp->scissor[3] = (int32_t)(dw[1] >> 16);
}

/* Only what the draw's state uses is read: drivers leave a pointer unset
 * when its state is off (blorp draws RECTLISTs with the viewport transform
 * and clipping disabled and no SF_CLIP_VIEWPORT).  CC_VIEWPORT is always
 * read: the depth clamp to its range is never off. */
bool
vgpu_clip_load_state(struct vgpu_draw_run *r)
{
   const struct vgpu_3d *st = r->st;
   const struct vgpu_3d_raster *ra = &st->raster;
   struct vgpu_clip_state *c = &r->clip;
   memset(c, 0, sizeof(*c));
   c->ver = vgpu.info->ver;
   c->count = ra->max_viewport_index + 1;
   if (c->count > VGPU_MAX_VIEWPORTS)
      c->count = VGPU_MAX_VIEWPORTS;

   const uint32_t *dw;
   if (ra->viewport_transform || ra->clip_enable) {
      dw = map_entries(r, st->sf_clip_viewport, c->count,
                       SF_CLIP_VIEWPORT_BYTES, "SF_CLIP_VIEWPORT");
      if (!dw)
         return false;
      for (unsigned i = 0; i < c->count; i++)
         read_sf_clip(&c->vp[i], dw + i * 16, c->ver >= 8);
   }
   dw = map_entries(r, st->cc_viewport, c->count, CC_VIEWPORT_BYTES, "CC_VIEWPORT");
   if (!dw)
      return false;
   for (unsigned i = 0; i < c->count; i++) {
      c->vp[i].min_depth = dw_float(dw[i * 2]);
      c->vp[i].max_depth = dw_float(dw[i * 2 + 1]);
   }
   if (ra->scissor_enable) {
      dw = map_entries(r, st->scissor, c->count, SCISSOR_RECT_BYTES, "SCISSOR_RECT");
      if (!dw)
         return false;
      for (unsigned i = 0; i < c->count; i++)
         read_scissor(&c->vp[i], dw + i * 2);
   }
   c->loaded = true;
   return true;
}

/* The pixel stage: pixel shader dispatch and its payload (PRM Vol 7
 * "Windower (WM)", "Pixel Shader Thread Payload"; the layout Mesa's
 * compiled kernels read, brw_fs setup of the fragment payload).
 *
 * A thread takes 2 (SIMD8), 4 (SIMD16) or 8 (SIMD32) subspans, channel
 * 4 * subspan + pixel.  Every pixel of a dispatched subspan runs (the
 * uncovered ones as helpers, for derivatives); only covered pixels are in
 * the pixel mask (R1.7) and reach memory.  Payload:
 *   R0         header: topology 4:0, back-facing bit 15, RTAI 26:16,
 *              viewport 30:27 (Gen12: in R1.1); DWords 3-5 as every 3D
 *              stage's (vgpu_3d_thread_r0)
 *   R1 (R2)    subspan upper-left X/Y in DWords 2-5, pixel mask in DWord 7
 *              (SIMD32: R2 for subspans 4-7)
 *   per 16 channels: the barycentric modes the WM enables (perspective
 *              pixel, centroid, sample, then the non-perspective ones), two
 *              registers (b1 then b2) per 8 channels; source depth and W
 *              (one register per 8 channels); the input coverage mask
 *   from Dispatch GRF Start: push constants, then the attribute setup
 *              data, two registers per SBE attribute, per component
 *              (b1 coefficient, b2 coefficient, -, constant), which
 *              Gen7-10's PLN and Gen11+'s MADs both read that way. */
#include <math.h>
#include <string.h>

#include "vgpu_gpgpu.h"
#include "vgpu_om.h"
#include "vgpu_pipe.h"
#include "vgpu_priv.h"

/* 3DSTATE_WM Barycentric Interpolation Mode bits. */
#define BARY_MODES 6
#define BARY_NONPERSPECTIVE_FIRST 3

struct ps_kernel {
   unsigned simd;
   uint64_t offset;
   unsigned grf_start;
};

/* Which Kernel Start Pointer serves which width (PRM Vol 2a 3DSTATE_PS,
 * "Dispatch Enables" table): KSP0 the narrowest enabled width of SIMD8
 * or a lone width; KSP1 SIMD32 beside another; KSP2 SIMD16 beside
 * another.  The hardware picks a width per dispatch; vgpu prefers SIMD16,
 * then SIMD8, then SIMD32. */
static bool
pick_kernel(const struct vgpu_3d_shader *ps, struct ps_kernel *out)
{
   const bool s8 = ps->simd & 8, s16 = ps->simd & 16, s32 = ps->simd & 32;
   unsigned idx;
   if (s16) {
      out->simd = 16;
      idx = (s8 || s32) ? 2 : 0;
   } else if (s8) {
      out->simd = 8;
      idx = 0;
   } else if (s32) {
      out->simd = 32;
      idx = 0;
   } else {
      return false;
   }
   out->offset = ps->kernel[idx];
   out->grf_start = ps->grf_start[idx];
   return true;
}

static bool
stop_ps(struct vgpu_draw_run *r, const char *what)
{
   vgpu_not_modelled(what);
   r->stop = true;
   return false;
}

/* ---- interpolation ---- */

/* Screen-space barycentrics (l1, l2 of vertices 1 and 2) of point (px, py)
 * in the primitive: triangles by edge functions, lines by projection on
 * the segment.  A point's square is its own frame: l1 runs 0 to 1 from
 * its left to its right edge, l2 from its top to its bottom edge, which
 * the point sprite coordinates are set up against (attribute_regs). */
static void
screen_barycentrics(const struct vgpu_setup *s, float px, float py, float *l1, float *l2)
{
   *l1 = *l2 = 0.0f;
   if (s->nverts == 1) {
      if (s->width > 0.0f) {
         *l1 = (px - (s->x[0] - s->width * 0.5f)) / s->width;
         *l2 = (py - (s->y[0] - s->width * 0.5f)) / s->width;
      }
   } else if (s->nverts == 3) {
      float ax = s->x[1] - s->x[0], ay = s->y[1] - s->y[0];
      float bx = s->x[2] - s->x[0], by = s->y[2] - s->y[0];
      float area = ax * by - bx * ay;
      if (area == 0.0f)
         return;
      float qx = px - s->x[0], qy = py - s->y[0];
      *l1 = (qx * by - bx * qy) / area;
      *l2 = (ax * qy - qx * ay) / area;
   } else if (s->nverts == 2) {
      float ax = s->x[1] - s->x[0], ay = s->y[1] - s->y[0];
      float len2 = ax * ax + ay * ay;
      if (len2 > 0.0f)
         *l1 = ((px - s->x[0]) * ax + (py - s->y[0]) * ay) / len2;
   }
}

struct pixel_interp {
   float b[2][2];      /* [perspective, linear][b1, b2] */
   float z, w;
};

static void
interpolate(const struct vgpu_setup *s, float px, float py, struct pixel_interp *out)
{
   float l1, l2;
   screen_barycentrics(s, px, py, &l1, &l2);
   float l0 = 1.0f - l1 - l2;
   out->b[1][0] = l1;
   out->b[1][1] = l2;
   /* Depth as a plane through vertex 0 (the setup's Z plane equation):
    * a primitive of constant depth gets exactly that depth everywhere,
    * which EQUAL and NOT_EQUAL tests rely on. */
   out->z = s->z[0] + s->depth_offset;
   if (s->nverts > 1)
      out->z += l1 * (s->z[1] - s->z[0]);
   if (s->nverts > 2)
      out->z += l2 * (s->z[2] - s->z[0]);
   /* A point has one w: its perspective barycentrics are the linear ones. */
   if (s->nverts == 1) {
      out->b[0][0] = l1;
      out->b[0][1] = l2;
      out->w = s->inv_w[0] != 0.0f ? 1.0f / s->inv_w[0] : 0.0f;
      return;
   }
   /* Perspective-correct: weights scaled by each vertex's 1/w, the sum
    * the interpolated 1/w (PRM Vol 7 "Barycentric Attribute
    * Interpolation"). */
   float p0 = l0 * s->inv_w[0];
   float p1 = s->nverts > 1 ? l1 * s->inv_w[1] : 0.0f;
   float p2 = s->nverts > 2 ? l2 * s->inv_w[2] : 0.0f;
   float sum = p0 + p1 + p2;
   out->b[0][0] = sum != 0.0f ? p1 / sum : 0.0f;
   out->b[0][1] = sum != 0.0f ? p2 / sum : 0.0f;
   out->w = sum != 0.0f ? 1.0f / sum : 0.0f;
}

/* The depth the tests see: clamped to the viewport's CC_VIEWPORT range
 * (PRM Vol 2a CC_VIEWPORT; Vulkan depth clamp, and [0, 1] otherwise, is
 * how the drivers program it).  The shader's source depth is not. */
static void
depth_range(const struct vgpu_draw_run *r, const struct vgpu_setup *s,
            struct vgpu_om_thread *th)
{
   th->zmin = -INFINITY;
   th->zmax = INFINITY;
   if (!r->clip.loaded || s->viewport_index >= r->clip.count)
      return;
   th->zmin = r->clip.vp[s->viewport_index].min_depth;
   th->zmax = r->clip.vp[s->viewport_index].max_depth;
}

static float
clamp_depth(const struct vgpu_om_thread *th, float z)
{
   return z < th->zmin ? th->zmin : z > th->zmax ? th->zmax : z;
}

/* ---- payload ---- */

struct ps_thread {
   struct vgpu_eu_thread *t;
   unsigned simd;
   unsigned nsub;
   const struct vgpu_subspan *ss;
   struct pixel_interp px[32];
};

static void
set32(struct vgpu_eu_thread *t, unsigned reg, unsigned dw, uint32_t v)
{
   memcpy(&t->regs[reg * 32 + dw * 4], &v, 4);
}

static void
setf(struct vgpu_eu_thread *t, unsigned reg, unsigned dw, float v)
{
   memcpy(&t->regs[reg * 32 + dw * 4], &v, 4);
}

static unsigned
pixel_bits(const struct vgpu_subspan *ss)
{
   return ss->coverage & 0xf;
}

static void
header_regs(struct vgpu_draw_run *r, const struct vgpu_setup *s, struct ps_thread *p)
{
   /* Bits 4:0 the object's Primitive Topology Type, never 0: Mesa reads
    * the facing bit as the sign of -(bits 15:0), which needs the low bits
    * set for a front face to come out true. */
   static const uint32_t topology[] = {
      [VGPU_PRIM_POINT] = 0x1, [VGPU_PRIM_LINE] = 0x2, [VGPU_PRIM_TRIANGLE] = 0x4,
      [VGPU_PRIM_RECT] = 0xf,
   };
   const uint32_t info = topology[s->kind <= VGPU_PRIM_RECT ? s->kind : VGPU_PRIM_TRIANGLE] |
                         (s->front_facing ? 0u : 1u << 15) |
                         (s->render_target_array_index & 0x7ff) << 16 |
                         (s->viewport_index & 0xf) << 27;
   /* Gen12 moved the facing, RTAI and viewport bits from R0.0 to R1.1. */
   if (r->om->verx10 >= 120)
      set32(p->t, 1, 1, info);
   else
      set32(p->t, 0, 0, info);
   for (unsigned i = 0; i < p->nsub; i++) {
      unsigned reg = 1 + i / 4, dw = 2 + i % 4;
      set32(p->t, reg, dw, (uint32_t)(p->ss[i].x & 0xffff) | (uint32_t)p->ss[i].y << 16);
   }
   for (unsigned half = 0; half * 16 < p->simd; half++) {
      uint32_t mask = 0;
      for (unsigned i = half * 4; i < p->nsub && i < half * 4 + 4; i++)
         mask |= pixel_bits(&p->ss[i]) << (4 * (i - half * 4));
      set32(p->t, 1 + half, 7, mask);
      if (r->om->verx10 >= 120)
         set32(p->t, 1 + half, 1, info);
   }
}

/* The per-16-channel part; returns the next free register. */
static unsigned
interpolation_regs(struct vgpu_draw_run *r, struct ps_thread *p, unsigned reg)
{
   const struct vgpu_3d_wm *wm = &r->st->wm;
   const unsigned width = p->simd < 16 ? p->simd : 16;
   for (unsigned half = 0; half * 16 < p->simd; half++) {
      for (unsigned mode = 0; mode < BARY_MODES; mode++) {
         if (!((wm->barycentric_mode >> mode) & 1))
            continue;
         /* One sample at the pixel centre: pixel, centroid and sample
          * positions coincide. */
         unsigned kind = mode >= BARY_NONPERSPECTIVE_FIRST;
         for (unsigned g = 0; g < width / 8; g++, reg += 2) {
            for (unsigned c = 0; c < 8; c++) {
               const struct pixel_interp *pi = &p->px[half * 16 + g * 8 + c];
               setf(p->t, reg, c, pi->b[kind][0]);
               setf(p->t, reg + 1, c, pi->b[kind][1]);
            }
         }
      }
      if (wm->uses_source_depth) {
         for (unsigned g = 0; g < width / 8; g++, reg++)
            for (unsigned c = 0; c < 8; c++)
               setf(p->t, reg, c, p->px[half * 16 + g * 8 + c].z);
      }
      if (wm->uses_source_w) {
         for (unsigned g = 0; g < width / 8; g++, reg++)
            for (unsigned c = 0; c < 8; c++)
               setf(p->t, reg, c, p->px[half * 16 + g * 8 + c].w);
      }
      if (wm->uses_coverage_mask) {
         for (unsigned g = 0; g < width / 8; g++, reg++) {
            for (unsigned c = 0; c < 8; c++) {
               unsigned ch = half * 16 + g * 8 + c;
               set32(p->t, reg, c, ch / 4 < p->nsub ? (p->ss[ch / 4].coverage >> (ch % 4)) & 1 : 0);
            }
         }
      }
   }
   return reg;
}

/* Component k of VUE row `row` of vertex v; rows past the VUE read 0. */
static float
vue_value(const struct vgpu_vue *v, unsigned row, unsigned k)
{
   if (!v->dw || row >= v->rows)
      return 0.0f;
   float f;
   memcpy(&f, &v->dw[row * 4 + k], 4);
   return f;
}

/* SBE output attribute i: the VUE row it reads and, with Attribute
 * Swizzle Enable, the components a constant overrides and that constant
 * (PRM Vol 2a SF_OUTPUT_ATTRIBUTE_DETAIL).  False when the draw stops. */
static bool
attribute_source(struct vgpu_draw_run *r, const struct vgpu_setup *s, unsigned i,
                 unsigned *row, uint8_t *override, float constant[4])
{
   const struct vgpu_3d_sbe *sbe = &r->st->sbe;
   *row = sbe->urb_read_offset * 2 + i;
   *override = 0;
   if (!sbe->swizzle_enable || i >= 16)
      return true;
   const struct vgpu_3d_sbe_swizzle *sw = &sbe->swizzle[i];
   *row = sbe->urb_read_offset * 2 + sw->source;
   /* INPUTATTR_FACING: back faces read the next attribute. */
   if ((sw->select == 1 || sw->select == 3) && !s->front_facing)
      (*row)++;
   if (sw->select >= 2)
      return stop_ps(r, "SBE swizzle with the W component");
   *override = sw->override_mask;
   static const float consts[3][4] = { { 0, 0, 0, 0 }, { 0, 0, 0, 1 }, { 1, 1, 1, 1 } };
   if (sw->constant_source < 3) {
      memcpy(constant, consts[sw->constant_source], sizeof(consts[0]));
   } else {
      float id;
      uint32_t pid = s->primitive_id;
      memcpy(&id, &pid, 4);
      for (unsigned k = 0; k < 4; k++)
         constant[k] = id;
   }
   return true;
}

/* Point sprite texture coordinates (PRM Vol 2a 3DSTATE_SBE Point Sprite
 * Texture Coordinate Enable): the attribute becomes (s, t, 0, 1), s
 * running 0 to 1 across the point, t down from its top (UPPERLEFT) or up
 * from its bottom (LOWERLEFT), as planes in the point's barycentrics. */
static void
point_sprite(uint32_t origin, unsigned k, float *c0, float *c1, float *c3)
{
   *c0 = *c1 = *c3 = 0.0f;
   if (k == 0)
      *c0 = 1.0f;
   else if (k == 1 && origin == 0)
      *c1 = 1.0f;
   else if (k == 1)
      *c1 = -1.0f, *c3 = 1.0f;
   else if (k == 3)
      *c3 = 1.0f;
}

/* The attribute setup data from first_reg on; returns the next register. */
static unsigned
attribute_regs(struct vgpu_draw_run *r, const struct vgpu_setup *s, struct ps_thread *p,
               unsigned reg)
{
   const struct vgpu_3d_sbe *sbe = &r->st->sbe;
   for (unsigned i = 0; i < sbe->attribute_count && i < 32 && !r->stop; i++, reg += 2) {
      if (reg + 2 > VGPU_EU_GRFS) {
         stop_ps(r, "pixel shader payload beyond the register file");
         return reg;
      }
      unsigned row;
      uint8_t override;
      float constant[4] = { 0, 0, 0, 0 };
      if (!attribute_source(r, s, i, &row, &override, constant))
         return reg;
      const bool flat = (sbe->flat_mask >> i) & 1;
      const bool sprite = s->kind == VGPU_PRIM_POINT && ((sbe->point_sprite_mask >> i) & 1);
      for (unsigned k = 0; k < 4; k++) {
         float a0 = vue_value(&s->v[0], row, k);
         float c0 = 0.0f, c1 = 0.0f, c3;
         if (sprite) {
            point_sprite(sbe->point_sprite_origin, k, &c0, &c1, &c3);
         } else if ((override >> k) & 1) {
            c3 = constant[k];
         } else if (flat || s->nverts == 1) {
            /* Constant interpolation takes the provoking vertex's value
             * (as the assembler gave it: a clipper's new vertex would
             * have interpolated it). */
            c3 = s->flat.dw ? vue_value(&s->flat, row, k)
                            : vue_value(&s->v[s->provoking < s->nverts ? s->provoking : 0], row, k);
         } else {
            c3 = a0;
            c0 = vue_value(&s->v[1], row, k) - a0;
            if (s->nverts == 3)
               c1 = vue_value(&s->v[2], row, k) - a0;
         }
         unsigned rr = reg + k / 2, base = (k % 2) * 4;
         setf(p->t, rr, base + 0, c0);
         setf(p->t, rr, base + 1, c1);
         setf(p->t, rr, base + 2, 0.0f);
         setf(p->t, rr, base + 3, c3);
      }
   }
   return reg;
}

static bool
payload(struct vgpu_draw_run *r, const struct vgpu_setup *s, struct ps_thread *p,
        const struct ps_kernel *k)
{
   vgpu_3d_thread_r0(r, VGPU_3D_PS, p->t);
   header_regs(r, s, p);
   unsigned end = interpolation_regs(r, p, 1 + (p->simd == 32 ? 2 : 1));
   if (end > k->grf_start)
      return stop_ps(r, "pixel shader payload past its Dispatch GRF Start Register");
   int consts = vgpu_3d_push_constants(r, VGPU_3D_PS, p->t, k->grf_start);
   if (consts < 0)
      return false;
   if (k->grf_start + (unsigned)consts > VGPU_EU_GRFS)
      return stop_ps(r, "pixel shader payload beyond the register file");
   unsigned last = attribute_regs(r, s, p, k->grf_start + (unsigned)consts);
   /* The registers between the fixed payload and Dispatch GRF Start hold
    * nothing the kernel may read. */
   vgpu_eu_thread_define(p->t, 0, end * 32);
   vgpu_eu_thread_define(p->t, k->grf_start * 32, (last - k->grf_start) * 32);
   return !r->stop;
}

/* ---- dispatch ---- */

/* Early depth/stencil unless the shader decides depth or coverage or has
 * side effects (PRM Vol 2a 3DSTATE_WM Early Depth/Stencil Control:
 * EDSC_PREPS forces it early). */
static bool
late_depth(const struct vgpu_3d *st)
{
   const struct vgpu_3d_wm *wm = &st->wm;
   if (wm->early_depth_stencil == 2)
      return false;
   return wm->kills_pixel || wm->computed_depth_mode || wm->omask || wm->has_uav;
}

static void
thread_pixels(struct vgpu_om_thread *th, const struct vgpu_subspan *ss, unsigned nsub)
{
   th->pixels = 0;
   for (unsigned i = 0; i < nsub; i++) {
      for (unsigned px = 0; px < 4; px++) {
         unsigned ch = 4 * i + px;
         th->x[ch] = ss[i].x + (int32_t)(px & 1);
         th->y[ch] = ss[i].y + (int32_t)(px >> 1);
      }
      th->pixels |= pixel_bits(&ss[i]) << (4 * i);
   }
}

static void
dispatch(struct vgpu_draw_run *r, const struct vgpu_setup *s, const struct ps_kernel *k,
         const struct vgpu_subspan *ss, unsigned nsub)
{
   static _Thread_local struct vgpu_eu_thread t;
   struct vgpu_om_thread *th = &r->om->th;
   struct ps_thread p = { .t = &t, .simd = k->simd, .nsub = nsub, .ss = ss };
   memset(th, 0, sizeof(*th));
   th->simd = k->simd;
   th->front_facing = s->front_facing;
   th->layer = s->render_target_array_index;
   th->late_depth = late_depth(r->st);
   depth_range(r, s, th);
   thread_pixels(th, ss, nsub);
   for (unsigned ch = 0; ch < 4 * nsub; ch++) {
      interpolate(s, (float)th->x[ch] + 0.5f, (float)th->y[ch] + 0.5f, &p.px[ch]);
      th->z[ch] = clamp_depth(th, p.px[ch].z);
   }
   if (!th->late_depth)
      th->pixels = vgpu_om_depth(r, th, th->z, th->pixels);
   if (r->stop || !th->pixels)
      return;
   if (r->st->wm.statistics)
      r->stats.ps_invocations += (uint64_t)__builtin_popcount(th->pixels);
   /* Subspans with no pixel left run no channel. */
   uint32_t live = 0;
   for (unsigned i = 0; i < nsub; i++)
      if ((th->pixels >> (4 * i)) & 0xf)
         live |= 0xfu << (4 * i);
   vgpu_eu_thread_init(&t, live);
   if (!payload(r, s, &p, k))
      return;
   vgpu_3d_thread_run(r, VGPU_3D_PS, k->offset, &t);
}

/* Depth-only draws (no pixel shader): the tests still run. */
static void
depth_only(struct vgpu_draw_run *r, const struct vgpu_setup *s,
           const struct vgpu_subspan *ss, unsigned count)
{
   struct vgpu_om_thread *th = &r->om->th;
   for (unsigned i = 0; i < count && !r->stop; i += 8) {
      unsigned n = count - i < 8 ? count - i : 8;
      memset(th, 0, sizeof(*th));
      th->simd = 32;
      depth_range(r, s, th);
      thread_pixels(th, &ss[i], n);
      for (unsigned ch = 0; ch < 4 * n; ch++) {
         struct pixel_interp pi;
         interpolate(s, (float)th->x[ch] + 0.5f, (float)th->y[ch] + 0.5f, &pi);
         th->z[ch] = clamp_depth(th, pi.z);
      }
      vgpu_om_depth(r, th, th->z, th->pixels);
   }
}

void
vgpu_ps_subspans(struct vgpu_draw_run *r, const struct vgpu_setup *s,
                 const struct vgpu_subspan *ss, unsigned count)
{
   if (!vgpu_om_begin(r))
      return;
   const struct vgpu_3d_shader *ps = &r->st->shader[VGPU_3D_PS];
   if (!ps->enable) {
      depth_only(r, s, ss, count);
      return;
   }
   if (r->st->wm.per_sample) {
      stop_ps(r, "per-sample pixel shader dispatch");
      return;
   }
   if (r->st->wm.computes_stencil) {
      stop_ps(r, "stencil written by the pixel shader");
      return;
   }
   struct ps_kernel k;
   if (!pick_kernel(ps, &k)) {
      vgpu_exec_fault(r->exec, 0, "3DSTATE_PS enables no dispatch width");
      r->stop = true;
      return;
   }
   const unsigned per_thread = k.simd / 4;
   for (unsigned i = 0; i < count && !r->stop; i += per_thread) {
      unsigned n = count - i < per_thread ? count - i : per_thread;
      dispatch(r, s, &k, &ss[i], n);
   }
}

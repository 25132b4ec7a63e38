/* The pixel stage: pixel shader dispatch and its payload (PRM Vol 7
 * "Windower (WM)", "Pixel Shader Thread Payload"; the layout Mesa's
 * compiled kernels read, brw_fs setup of the fragment payload).
 *
 * A thread takes 2 (SIMD8), 4 (SIMD16) or 8 (SIMD32) slots of four
 * channels, channel 4 * slot + pixel.  A slot is a subspan: with
 * per-pixel dispatch at every covered sample of its pixels, with
 * per-sample dispatch (multisampled, PS_EXTRA/WM per-sample) at one
 * sample, each subspan taking one slot per sample.  Every pixel of a
 * dispatched subspan runs (the uncovered ones as helpers, for
 * derivatives); only covered pixels are in the pixel mask (R1.7) and
 * reach memory.  Payload:
 *   R0         header: topology 4:0, Starting Sample Pair Index 8:6,
 *              back-facing bit 15, RTAI 26:16, viewport 30:27 (Gen12: in
 *              R1.1); DWords 3-5 as every 3D stage's (vgpu_3d_thread_r0)
 *   R1 (R2)    per-sample dispatch: each slot's sample number in a nibble
 *              of DWord 0 (Gen8+); slot upper-left X/Y in DWords 2-5,
 *              pixel mask in DWord 7 (SIMD32: R2 for slots 4-7)
 *   per 16 channels: the barycentric modes the WM enables (perspective
 *              pixel, centroid, sample, then the non-perspective ones), two
 *              registers (b1 then b2) per 8 channels; source depth and W
 *              (one register per 8 channels); the position offsets (a
 *              byte pair per channel); the input coverage mask (a DWord
 *              per channel)
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
/* 3DSTATE_PS Position XY Offset Select. */
#define POSOFFSET_CENTROID 2
#define POSOFFSET_SAMPLE 3

struct ps_kernel {
   unsigned simd;
   uint64_t offset;
   unsigned grf_start;
};

/* The kernel of enabled width simd: which Kernel Start Pointer serves
 * which width (PRM Vol 2a 3DSTATE_PS, "Dispatch Enables" table): KSP0
 * SIMD8 or a lone width; KSP1 SIMD32 beside another; KSP2 SIMD16 beside
 * another. */
static struct ps_kernel
pick_kernel(const struct vgpu_3d_shader *ps, unsigned simd)
{
   const bool alone = !(ps->simd & ~simd & (8 | 16 | 32));
   const unsigned idx = simd == 8 || alone ? 0 : simd == 32 ? 1 : 2;
   return (struct ps_kernel){ .simd = simd, .offset = ps->kernel[idx],
                              .grf_start = ps->grf_start[idx] };
}

/* The width of a dispatch of n slots: the hardware picks one per
 * dispatch among the enabled ones, which vgpu models so that every
 * enabled kernel runs: full threads at the widest width (widest(), n of
 * its slots), the rest of a primitive's slots at the narrowest enabled
 * width that holds them. */
static unsigned
widest(const struct vgpu_3d_shader *ps)
{
   return ps->simd & 32 ? 32 : ps->simd & 16 ? 16 : ps->simd & 8 ? 8 : 0;
}

static unsigned
width_for(const struct vgpu_3d_shader *ps, unsigned n)
{
   for (unsigned w = 8; w <= 32; w *= 2)
      if ((ps->simd & w) && w / 4 >= n)
         return w;
   return widest(ps);
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

/* ---- samples and slots ---- */

/* The draw's samples as the pixel stage sees them. */
struct ps_samples {
   unsigned count;               /* 1, 2, 4, 8 */
   bool each;                    /* each sample at its own position */
   bool per_sample;              /* per-sample dispatch */
   uint8_t pos[16][2];           /* 1/16 pixel from the upper-left corner */
};

/* Per-sample dispatch: Gen8+ PS_EXTRA Pixel Shader Is Per Sample, Gen7
 * 3DSTATE_WM Multisample Dispatch Mode MSDISPMODE_PERSAMPLE (0); with one
 * sample it is per-pixel dispatch. */
static void
ps_samples(const struct vgpu_draw_run *r, struct ps_samples *out)
{
   out->count = vgpu_raster_sample_positions(r, out->pos, &out->each);
   const struct vgpu_3d_wm *wm = &r->st->wm;
   bool per_sample = r->om->verx10 >= 80 ? wm->per_sample : wm->multisample_dispatch == 0;
   out->per_sample = per_sample && out->count > 1;
}

/* The samples of pixel px (0-3) a subspan's coverage holds. */
static unsigned
pixel_cover(const struct vgpu_subspan *ss, unsigned px, unsigned samples)
{
   return (ss->coverage >> (px * samples)) & ((1u << samples) - 1);
}

/* Four channels of a thread: a subspan, at every covered sample of each
 * pixel (per-pixel dispatch, sample -1) or at one sample (per-sample
 * dispatch: PRM Vol 7 "Multisampling" dispatch, a subspan once per
 * sample, the samples of a thread consecutive from an even one). */
struct ps_slot {
   const struct vgpu_subspan *ss;
   int sample;
};

/* ---- payload ---- */

struct ps_thread {
   struct vgpu_eu_thread *t;
   const struct vgpu_setup *s;
   unsigned simd;
   unsigned nslot;
   const struct ps_slot *slot;
   const struct ps_samples *smp;
   uint32_t pos_select;          /* 3DSTATE_PS Position XY Offset Select */
   uint8_t coverage[32];         /* the input coverage mask of each channel */
   uint8_t offset[32][2];        /* Position XY Offset of each channel */
   struct pixel_interp px[3][32];   /* at the pixel centre, the centroid, the sample */
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
   /* Per-sample dispatch: R0.0 bits 8:6 the Starting Sample Pair Index
    * (bits 7:6 before Gen9), the thread's first sample over two; Gen8+
    * also give each slot's sample number in R1.0 (R2.0 for slots 4-7), a
    * nibble per slot. */
   uint32_t sspi = p->smp->per_sample ? (uint32_t)p->slot[0].sample / 2 : 0;
   uint32_t r0 = sspi << 6;
   if (r->om->verx10 >= 120)
      set32(p->t, 1, 1, info);
   else
      r0 |= info;
   set32(p->t, 0, 0, r0);
   const struct vgpu_om_thread *th = &r->om->th;
   for (unsigned half = 0; half * 16 < p->simd; half++) {
      uint32_t ids = 0;
      for (unsigned i = half * 4; i < p->nslot && i < half * 4 + 4; i++) {
         const struct ps_slot *sl = &p->slot[i];
         set32(p->t, 1 + half, 2 + i % 4,
               (uint32_t)(sl->ss->x & 0xffff) | (uint32_t)sl->ss->y << 16);
         if (sl->sample > 0)
            ids |= (uint32_t)sl->sample << (4 * (i % 4));
      }
      set32(p->t, 1 + half, 0, p->smp->per_sample ? ids : 0);
      set32(p->t, 1 + half, 7, (th->pixels >> (16 * half)) & 0xffff);
      if (r->om->verx10 >= 120)
         set32(p->t, 1 + half, 1, info);
   }
}

/* Barycentric Interpolation Mode bit m: pixel (m % 3 == 0), centroid (1)
 * or sample (2) location, perspective (m < 3) or not. */
static unsigned
interpolation_regs(struct vgpu_draw_run *r, struct ps_thread *p, unsigned reg)
{
   const struct vgpu_3d_wm *wm = &r->st->wm;
   const unsigned width = p->simd < 16 ? p->simd : 16;
   for (unsigned half = 0; half * 16 < p->simd; half++) {
      for (unsigned mode = 0; mode < BARY_MODES; mode++) {
         if (!((wm->barycentric_mode >> mode) & 1))
            continue;
         unsigned kind = mode >= BARY_NONPERSPECTIVE_FIRST;
         for (unsigned g = 0; g < width / 8; g++, reg += 2) {
            for (unsigned c = 0; c < 8; c++) {
               const struct pixel_interp *pi = &p->px[mode % 3][half * 16 + g * 8 + c];
               setf(p->t, reg, c, pi->b[kind][0]);
               setf(p->t, reg + 1, c, pi->b[kind][1]);
            }
         }
      }
      if (wm->uses_source_depth) {
         for (unsigned g = 0; g < width / 8; g++, reg++)
            for (unsigned c = 0; c < 8; c++)
               setf(p->t, reg, c, p->px[p->smp->per_sample ? 2 : 0][half * 16 + g * 8 + c].z);
      }
      if (wm->uses_source_w) {
         for (unsigned g = 0; g < width / 8; g++, reg++)
            for (unsigned c = 0; c < 8; c++)
               setf(p->t, reg, c, p->px[p->smp->per_sample ? 2 : 0][half * 16 + g * 8 + c].w);
      }
      /* Position XY Offset Select: a byte pair (X, Y in 1/16 pixel) per
       * channel, one register per 16 channels. */
      if (wm->pos_offset >= POSOFFSET_CENTROID) {
         for (unsigned c = 0; c < width; c++) {
            p->t->regs[reg * 32 + 2 * c] = p->offset[half * 16 + c][0];
            p->t->regs[reg * 32 + 2 * c + 1] = p->offset[half * 16 + c][1];
         }
         reg++;
      }
      if (wm->uses_coverage_mask) {
         for (unsigned g = 0; g < width / 8; g++, reg++)
            for (unsigned c = 0; c < 8; c++)
               set32(p->t, reg, c, p->coverage[half * 16 + g * 8 + c]);
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

/* Early depth/stencil unless the shader decides depth, stencil or coverage (its
 * alpha too, through alpha to coverage or the alpha test: Gen8+
 * 3DSTATE_PS_BLEND) or has side effects (PRM Vol 2a 3DSTATE_WM Early Depth/Stencil Control:
 * EDSC_PREPS forces it early). */
static bool
late_depth(const struct vgpu_3d *st)
{
   const struct vgpu_3d_wm *wm = &st->wm;
   if (wm->early_depth_stencil == 2)
      return false;
   return wm->kills_pixel || wm->computed_depth_mode || wm->computes_stencil || wm->omask ||
          wm->has_uav || wm->alpha_to_coverage || wm->alpha_test;
}

/* Where a channel's centroid lies: the pixel centre when every sample is
 * covered (or there is one position), else its first covered sample
 * (Vulkan "Interpolation Decorations": any location both in the pixel
 * and in the primitive). */
static const uint8_t *
centroid(const struct ps_samples *smp, unsigned cover)
{
   static const uint8_t centre[2] = { 8, 8 };
   if (!smp->each || cover == (1u << smp->count) - 1 || !cover)
      return centre;
   return smp->pos[__builtin_ctz(cover)];
}

static void
interpolate_at(const struct vgpu_setup *s, const struct vgpu_om_thread *th, unsigned ch,
               const uint8_t *pos, struct pixel_interp *out)
{
   interpolate(s, (float)th->x[ch] + pos[0] / 16.0f, (float)th->y[ch] + pos[1] / 16.0f, out);
}

/* PS_INVOCATION_COUNT on Haswell and Broadwell counts each pixel four
 * times: drivers divide it by 4 (WaDividePSInvocationCountBy4:HSW,BDW,
 * which Mesa's hasvk and iris apply). */
static unsigned
ps_invocation_step(unsigned verx10)
{
   return verx10 == 75 || verx10 == 80 ? 4 : 1;
}

/* Channel ch: pixel px of slot sl.  Sets its pixel, samples and depths in
 * th and, for a thread (p not NULL), its interpolation points, input
 * coverage and position offset. */
static void
channel_setup(const struct vgpu_setup *s, const struct ps_samples *smp,
              struct vgpu_om_thread *th, struct ps_thread *p, unsigned ch,
              const struct ps_slot *sl, unsigned px)
{
   static const uint8_t centre[2] = { 8, 8 };
   th->x[ch] = sl->ss->x + (int32_t)(px & 1);
   th->y[ch] = sl->ss->y + (int32_t)(px >> 1);
   unsigned covered = pixel_cover(sl->ss, px, smp->count);
   th->cover[ch] = (uint8_t)(sl->sample < 0 ? covered : covered & (1u << sl->sample));
   if (th->cover[ch])
      th->pixels |= 1u << ch;
   struct pixel_interp at_centre, at_sample;
   interpolate_at(s, th, ch, centre, &at_centre);
   const uint8_t *spos = sl->sample < 0 ? centre : smp->pos[sl->sample];
   if (spos != centre && smp->each)
      interpolate_at(s, th, ch, spos, &at_sample);
   else
      at_sample = at_centre;
   th->z[ch] = clamp_depth(th, at_sample.z);
   for (unsigned i = 0; i < smp->count; i++) {
      if (!((th->cover[ch] >> i) & 1))
         continue;
      struct pixel_interp pi = at_centre;
      if (smp->each)
         interpolate_at(s, th, ch, smp->pos[i], &pi);
      th->sz[ch][i] = clamp_depth(th, pi.z);
   }
   if (!p)
      return;
   const uint8_t *cpos = sl->sample < 0 ? centroid(smp, covered) : spos;
   p->px[0][ch] = at_centre;
   p->px[2][ch] = at_sample;
   if (cpos == spos)
      p->px[1][ch] = at_sample;
   else if (cpos == centre)
      p->px[1][ch] = at_centre;
   else
      interpolate_at(s, th, ch, cpos, &p->px[1][ch]);
   p->coverage[ch] = (uint8_t)covered;
   const uint8_t *off = p->pos_select == POSOFFSET_CENTROID ? cpos : spos;
   p->offset[ch][0] = off[0];
   p->offset[ch][1] = off[1];
}

static void
thread_begin(struct vgpu_draw_run *r, const struct vgpu_setup *s,
             const struct ps_samples *smp, unsigned simd)
{
   struct vgpu_om_thread *th = &r->om->th;
   memset(th, 0, sizeof(*th));
   th->simd = simd;
   th->samples = smp->count;
   th->front_facing = s->front_facing;
   th->layer = s->render_target_array_index;
   depth_range(r, s, th);
}

static void
dispatch(struct vgpu_draw_run *r, const struct vgpu_setup *s, const struct ps_kernel *k,
         const struct ps_samples *smp, const struct ps_slot *slot, unsigned nslot)
{
   static _Thread_local struct vgpu_eu_thread t;
   struct vgpu_om_thread *th = &r->om->th;
   struct ps_thread p = { .t = &t, .s = s, .simd = k->simd, .nslot = nslot, .slot = slot,
                          .smp = smp, .pos_select = r->st->wm.pos_offset };
   thread_begin(r, s, smp, k->simd);
   th->late_depth = late_depth(r->st);
   for (unsigned i = 0; i < nslot; i++)
      for (unsigned px = 0; px < 4; px++)
         channel_setup(s, smp, th, &p, 4 * i + px, &slot[i], px);
   if (!th->late_depth)
      th->pixels = vgpu_om_depth(r, th, NULL, th->pixels);
   if (r->stop || !th->pixels)
      return;
   if (r->st->wm.statistics)
      r->stats.ps_invocations += ps_invocation_step(r->om->verx10) *
                                 (uint64_t)__builtin_popcount(th->pixels);
   /* Subspans with no pixel left run no channel. */
   uint32_t live = 0;
   for (unsigned i = 0; i < nslot; i++)
      if ((th->pixels >> (4 * i)) & 0xf)
         live |= 0xfu << (4 * i);
   vgpu_eu_thread_init(&t, live);
   vgpu_eu_thread_set_dmask(&t, th->pixels);
   if (!payload(r, s, &p, k))
      return;
   r->ps_running = &p;
   r->stats.ps_threads[k->simd == 8 ? 0 : k->simd == 16 ? 1 : 2]++;
   vgpu_3d_thread_run(r, VGPU_3D_PS, k->offset, &t);
   r->ps_running = NULL;
}

/* The pixel interpolator's locations (vgpu_pi.c): the channel's centroid
 * as its payload has it, a sample of its pixel, or an offset in 1/16
 * pixel from the pixel centre.  A sample the draw does not have is the
 * pixel centre (Vulkan leaves interpolateAtSample of such a sample
 * undefined). */
void
vgpu_ps_barycentrics_at(const struct vgpu_draw_run *r, unsigned ch, enum vgpu_pi_at at,
                        int x, int y, float b[2][2])
{
   const struct ps_thread *p = r->ps_running;
   struct pixel_interp pi;
   if (at == VGPU_PI_AT_CENTROID) {
      pi = p->px[1][ch];
   } else {
      const struct vgpu_om_thread *th = &r->om->th;
      float px = (float)th->x[ch] + 0.5f, py = (float)th->y[ch] + 0.5f;
      if (at == VGPU_PI_AT_OFFSET) {
         px += (float)x / 16.0f;
         py += (float)y / 16.0f;
      } else if (p->smp->each && (unsigned)x < p->smp->count) {
         px = (float)th->x[ch] + p->smp->pos[x][0] / 16.0f;
         py = (float)th->y[ch] + p->smp->pos[x][1] / 16.0f;
      }
      interpolate(p->s, px, py, &pi);
   }
   memcpy(b, pi.b, sizeof(pi.b));
}

/* Depth-only draws (no pixel shader): the tests still run, per sample. */
static void
depth_only(struct vgpu_draw_run *r, const struct vgpu_setup *s,
           const struct ps_samples *smp, const struct vgpu_subspan *ss, unsigned count)
{
   struct vgpu_om_thread *th = &r->om->th;
   for (unsigned i = 0; i < count && !r->stop; i += 8) {
      unsigned n = count - i < 8 ? count - i : 8;
      thread_begin(r, s, smp, 32);
      for (unsigned j = 0; j < n; j++) {
         const struct ps_slot sl = { &ss[i + j], -1 };
         for (unsigned px = 0; px < 4; px++)
            channel_setup(s, smp, th, NULL, 4 * j + px, &sl, px);
      }
      vgpu_om_depth(r, th, NULL, th->pixels);
   }
}

void
vgpu_ps_subspans(struct vgpu_draw_run *r, const struct vgpu_setup *s,
                 const struct vgpu_subspan *ss, unsigned count)
{
   if (!vgpu_om_begin(r))
      return;
   struct ps_samples smp;
   ps_samples(r, &smp);
   const struct vgpu_3d_shader *ps = &r->st->shader[VGPU_3D_PS];
   if (!ps->enable) {
      depth_only(r, s, &smp, ss, count);
      return;
   }
   if (!widest(ps)) {
      vgpu_exec_fault(r->exec, 0, "3DSTATE_PS enables no dispatch width");
      r->stop = true;
      return;
   }
   const struct ps_kernel k = pick_kernel(ps, widest(ps));
   /* Per-pixel dispatch: a slot per subspan; per-sample dispatch: a slot
    * per subspan and sample, in that order, so that a thread's samples
    * are consecutive from a multiple of its slot count (or, with fewer
    * samples than slots, whole subspans). */
   const unsigned per_thread = k.simd / 4;
   const unsigned samples = smp.per_sample ? smp.count : 1;
   struct ps_slot slot[8];
   unsigned n = 0;
   for (unsigned i = 0; i < count && !r->stop; i++) {
      for (unsigned j = 0; j < samples && !r->stop; j++) {
         slot[n++] = (struct ps_slot){ &ss[i], smp.per_sample ? (int)j : -1 };
         if (n == per_thread) {
            dispatch(r, s, &k, &smp, slot, n);
            n = 0;
         }
      }
   }
   if (n && !r->stop) {
      const struct ps_kernel rest = pick_kernel(ps, width_for(ps, n));
      dispatch(r, s, &rest, &smp, slot, n);
   }
}

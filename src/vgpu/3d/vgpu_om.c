/* The output merger: the depth bounds test (Gen12), stencil and depth
 * tests and writes, then for each render-target write message blending
 * or a logic op, the write mask, format conversion and the store
 * (vgpu_om.h says which PRM sections).
 * Render targets come from the pixel shader's binding table, decoded with
 * isl as the data port does; the depth buffer from 3DSTATE_DEPTH_BUFFER
 * (Y-tiled), the separate stencil buffer from 3DSTATE_STENCIL_BUFFER
 * (W-tiled, Y-tiled on Gen12).  Each is a 1D, 2D, 3D or cube surface
 * rendered at one LOD, from its Minimum Array Element on; the pixel's
 * Render Target Array Index (the VUE header's, which Mesa's blorp fills
 * with the instance ID for layered clears) picks the layer or Z slice,
 * isl's layout the address.  The tests run before the shader unless
 * it decides coverage or depth (vgpu_ps.c), then on its first
 * render-target write.
 *
 * Multisampling: each sample of a pixel is tested and written on its
 * own (th->cover[]); depth and stencil buffers interleave their samples,
 * colour targets keep them in array slices (MSS), optionally compressed
 * by an MCS, which this file keeps exact (mcs_expand) and fast clears.
 *
 * Not modelled (reported, the draw stops): HiZ, CCS and their clears and
 * resolves, 16x rendering, alpha to coverage dithering, render-target
 * reads. */
#include <math.h>
#include <string.h>

#include "isa_send.h"
#include "isl.h"
#include "vgpu_cache_rules.h"
#include "vgpu_gpgpu.h"
#include "vgpu_om.h"
#include "vgpu_pipe.h"
#include "vgpu_priv.h"

/* 3DSTATE_DEPTH_BUFFER Surface Format (PRM Vol 2a). */
#define DEPTH_D32_FLOAT 1
#define DEPTH_D24_UNORM_X8 3
#define DEPTH_D16_UNORM 5
#define SURFTYPE_1D 0
#define SURFTYPE_2D 1
#define SURFTYPE_3D 2
#define SURFTYPE_CUBE 3
#define SURFTYPE_NULL 7
/* Gen8+ addresses are 48-bit, canonical in the state (bits 63:48 copy bit
 * 47): the GPU ignores the upper bits. */
#define GPU_ADDRESS_MASK ((1ull << 48) - 1)

/* Render target write message subtypes (PRM Vol 2d "Message Descriptor -
 * Render Target Write", bits 10:8). */
enum rt_subtype {
   RT_SIMD16 = 0, RT_SIMD16_REPLICATED = 1, RT_SIMD8_DUAL_LOW = 2,
   RT_SIMD8_DUAL_HIGH = 3, RT_SIMD8 = 4,
};

/* BLENDFACTOR_* and BLENDFUNCTION_* (PRM Vol 2d BLEND_STATE_ENTRY). */
enum {
   BF_ONE = 0x01, BF_SRC_COLOR = 0x02, BF_SRC_ALPHA = 0x03, BF_DST_ALPHA = 0x04,
   BF_DST_COLOR = 0x05, BF_SRC_ALPHA_SATURATE = 0x06, BF_CONST_COLOR = 0x07,
   BF_CONST_ALPHA = 0x08, BF_SRC1_COLOR = 0x09, BF_SRC1_ALPHA = 0x0a,
   BF_ZERO = 0x11, BF_INV_SRC_COLOR = 0x12, BF_INV_SRC_ALPHA = 0x13,
   BF_INV_DST_ALPHA = 0x14, BF_INV_DST_COLOR = 0x15, BF_INV_CONST_COLOR = 0x17,
   BF_INV_CONST_ALPHA = 0x18, BF_INV_SRC1_COLOR = 0x19, BF_INV_SRC1_ALPHA = 0x1a,
};
enum { BLEND_ADD, BLEND_SUBTRACT, BLEND_REVERSE_SUBTRACT, BLEND_MIN, BLEND_MAX };

static bool
stop(struct vgpu_draw_run *r, const char *what)
{
   vgpu_not_modelled(what);
   r->stop = true;
   return false;
}

static bool
read_state(struct vgpu_draw_run *r, uint64_t offset, void *out, unsigned bytes,
           const char *what)
{
   return vgpu_gpgpu_read(r->exec, r->g->dynamic_base + offset, out, bytes, what);
}

/* ---- state ---- */

static void
unpack_cc(unsigned verx10, const uint32_t *dw, struct vgpu_om_cc *out)
{
   switch (verx10) {
   case 70: gfx70_vgpu_om_cc(dw, out); break;
   case 75: gfx75_vgpu_om_cc(dw, out); break;
   case 80: gfx80_vgpu_om_cc(dw, out); break;
   case 90: gfx90_vgpu_om_cc(dw, out); break;
   case 110: gfx110_vgpu_om_cc(dw, out); break;
   default: gfx120_vgpu_om_cc(dw, out); break;
   }
}

static void
unpack_blend(unsigned verx10, const uint32_t *dw, unsigned rt, struct vgpu_om_blend *out)
{
   switch (verx10) {
   case 70: gfx70_vgpu_om_blend(dw, rt, out); break;
   case 75: gfx75_vgpu_om_blend(dw, rt, out); break;
   case 80: gfx80_vgpu_om_blend(dw, rt, out); break;
   case 90: gfx90_vgpu_om_blend(dw, rt, out); break;
   case 110: gfx110_vgpu_om_blend(dw, rt, out); break;
   default: gfx120_vgpu_om_blend(dw, rt, out); break;
   }
}

/* COLOR_CALC_STATE, read when a test or blend factor needs it; false
 * after a fault. */
static bool
cc_state(struct vgpu_draw_run *r)
{
   struct vgpu_om *om = r->om;
   if (om->cc_loaded)
      return true;
   uint32_t cc[6];
   if (!read_state(r, r->st->color_calc_state, cc, sizeof(cc),
                   "COLOR_CALC_STATE outside every object of the submission")) {
      r->stop = true;
      return false;
   }
   unpack_cc(om->verx10, cc, &om->cc);
   om->cc_loaded = true;
   return true;
}

/* Gen8+ keep the tests in 3DSTATE_WM_DEPTH_STENCIL, Gen8 the stencil
 * references in COLOR_CALC_STATE. */
static void
wm_depth_stencil(const struct vgpu_3d_depth *d, struct vgpu_om *om)
{
   struct vgpu_om_depth_stencil *ds = &om->ds;
   *ds = (struct vgpu_om_depth_stencil){
      .depth_test = d->test_enable, .depth_write = d->test_write_enable,
      .depth_func = d->test_function, .stencil_test = d->stencil_test_enable,
      .stencil_write = d->stencil_buffer_write, .double_sided = d->double_sided_stencil,
      .bounds_test = d->bounds_test, .bounds_min = d->bounds_min, .bounds_max = d->bounds_max,
   };
   for (unsigned f = 0; f < 2; f++) {
      ds->stencil_func[f] = d->stencil_func[f];
      ds->fail_op[f] = d->stencil_fail_op[f];
      ds->zfail_op[f] = d->stencil_zfail_op[f];
      ds->pass_op[f] = d->stencil_pass_op[f];
      ds->test_mask[f] = d->stencil_test_mask[f];
      ds->write_mask[f] = d->stencil_write_mask[f];
      ds->ref[f] = d->stencil_ref[f];
   }
}

/* The depth or the stencil buffer as this draw renders to it: the
 * surface laid out as the hardware walks it, the LOD and the layers
 * (3D: slices) from Minimum Array Element on. */
struct ds_view {
   struct isl_surf surf;
   uint64_t address;
   uint32_t level, first_layer;
   uint32_t extent;            /* Render Target View Extent + 1 */
   uint32_t slices;            /* layers (3D: slices of the LOD) there are */
   uint32_t width, height;     /* of the LOD */
};

/* Where the buffer's fields sit: Gen12's 3DSTATE_STENCIL_BUFFER has its
 * own, earlier stencil buffers take the depth buffer's (PRM Vol 2a
 * 3DSTATE_STENCIL_BUFFER). */
struct ds_fields {
   uint32_t type, width, height, depth, lod, min_array_element, view_extent;
   uint32_t pitch, qpitch;
   uint64_t address;
};

static struct ds_fields
ds_fields(const struct vgpu_3d_depth *d, unsigned verx10, bool stencil)
{
   struct ds_fields f = {
      .type = d->surface_type, .width = d->width, .height = d->height, .depth = d->depth,
      .lod = d->lod, .min_array_element = d->min_array_element,
      .view_extent = d->view_extent, .pitch = d->pitch, .qpitch = d->qpitch,
      .address = d->address,
   };
   if (!stencil)
      return f;
   f.pitch = d->stencil_pitch;
   f.qpitch = d->stencil_qpitch;
   f.address = d->stencil_address;
   if (verx10 >= 120) {
      f.type = d->stencil_surface_type;
      f.width = d->stencil_width;
      f.height = d->stencil_height;
      f.depth = d->stencil_depth;
      f.lod = d->stencil_lod;
      f.min_array_element = d->stencil_min_array_element;
      f.view_extent = d->stencil_view_extent;
   } else if (f.type == SURFTYPE_NULL) {
      /* A stencil buffer alone still takes its size from the depth
       * buffer's fields; its type is then 2D's. */
      f.type = SURFTYPE_2D;
   }
   return f;
}

/* LOD alignment of depth and stencil buffers (PRM Vol 5 "Surface
 * Layout", the alignment table; TGL RENDER_SURFACE_STATE Surface
 * Horizontal/Vertical Alignment): depth 4x4 (D16 8x4), stencil 8x8;
 * Gen12 depth 8x4 (D16 8x8), stencil 16x8. */
static void
ds_alignment(unsigned verx10, bool stencil, bool d16, struct isl_surf *surf)
{
   if (stencil) {
      surf->halign = verx10 >= 120 ? 16 : 8;
      surf->valign = 8;
   } else if (verx10 >= 120) {
      surf->halign = 8;
      surf->valign = d16 ? 8 : 4;
   } else {
      surf->halign = d16 ? 8 : 4;
      surf->valign = 4;
   }
}

static uint32_t
align_up(uint32_t v, uint32_t a)
{
   return (v + a - 1) / a * a;
}

/* Rows from one layer to the next: Gen8+ Surface QPitch (in units of four
 * rows); Gen7 has none and lays depth and stencil arrays out with full
 * spacing, QPitch = h0 + h1 + 12 * j (IVB PRM Vol 1 Part 1 6.18.4.7
 * "Surface Arrays": the buffers' implied ARYSPC_FULL). */
static uint32_t
ds_array_pitch(unsigned verx10, const struct ds_fields *f, const struct isl_surf *surf)
{
   if (verx10 >= 80)
      return f->qpitch << 2;
   /* Interleaved multisampled buffers count their rows of samples. */
   uint32_t pw, ph;
   isl_surf_phys_size(surf, &pw, &ph);
   uint32_t h0 = align_up(ph, surf->valign);
   uint32_t h1 = align_up(isl_minify(ph, 1), surf->valign);
   return h0 + h1 + 12 * surf->valign;
}

/* 3DSTATE_DEPTH_BUFFER and STENCIL_BUFFER carry no sample count: the
 * buffers have 3DSTATE_MULTISAMPLE's, their samples interleaved (PRM Vol
 * 5 "Interleaved Multisampled Surfaces", the layout depth and stencil
 * use; isl_surf_sample_offset), a 2D surface of one LOD (RSS Number of
 * Multisamples: what a multisampled surface can be). */
static bool
ds_samples(struct vgpu_draw_run *r, bool stencil, const struct ds_fields *f,
           struct isl_surf *s)
{
   const uint32_t samples = r->st->samples;
   s->samples = 1;
   s->msaa_layout = ISL_MSAA_LAYOUT_NONE;
   if (samples <= 1)
      return true;
   if (f->type != SURFTYPE_2D || f->lod != 0)
      return stop(r, stencil ? "multisampled stencil buffer not 2D of one LOD" :
                               "multisampled depth buffer not 2D of one LOD");
   s->samples = samples;
   s->msaa_layout = ISL_MSAA_LAYOUT_INTERLEAVED;
   return true;
}

static bool
ds_view_init(struct vgpu_draw_run *r, bool stencil, struct ds_view *v)
{
   const unsigned verx10 = r->om->verx10;
   const struct ds_fields f = ds_fields(&r->st->depth, verx10, stencil);
   const bool d16 = !stencil && r->st->depth.format == DEPTH_D16_UNORM;
   if (f.type > SURFTYPE_CUBE)
      return stop(r, stencil ? "stencil buffer surface type" : "depth buffer surface type");
   if (f.lod > 14)
      return stop(r, stencil ? "stencil buffer LOD beyond 14" : "depth buffer LOD beyond 14");
   memset(v, 0, sizeof(*v));
   struct isl_surf *s = &v->surf;
   s->verx10 = (uint16_t)verx10;
   s->format = stencil ? ISL_FORMAT_R8_UINT : d16 ? ISL_FORMAT_R16_UNORM : ISL_FORMAT_R32_FLOAT;
   /* Depth is Y-tiled, separate stencil W-tiled (Y-tiled on Gen12). */
   s->tiling = stencil && verx10 < 120 ? ISL_TILING_W : ISL_TILING_Y;
   s->dim = f.type == SURFTYPE_3D ? ISL_SURF_DIM_3D :
            f.type == SURFTYPE_1D ? ISL_SURF_DIM_1D : ISL_SURF_DIM_2D;
   /* Tiled, so never Gen9's linear 1D layout; Gen7/8 3D keep each LOD's
    * slices side by side. */
   s->layout = f.type == SURFTYPE_3D && verx10 < 90 ? ISL_LAYOUT_3D_GEN7 : ISL_LAYOUT_2D;
   s->width = f.width + 1;
   s->height = f.height + 1;
   s->depth = f.type == SURFTYPE_3D ? f.depth + 1 : 1;
   s->levels = f.lod + 1;
   s->row_pitch_B = f.pitch;
   ds_alignment(verx10, stencil, d16, s);
   if (!ds_samples(r, stencil, &f, s))
      return false;
   s->array_pitch_rows = s->layout == ISL_LAYOUT_3D_GEN7 ? align_up(s->height, s->valign)
                                                         : ds_array_pitch(verx10, &f, s);
   v->address = f.address;
   v->level = f.lod;
   v->first_layer = f.min_array_element;
   v->extent = f.view_extent + 1;
   v->width = isl_minify(s->width, v->level);
   v->height = isl_minify(s->height, v->level);
   /* Depth: the slices of a 3D LOD, else the layers from Minimum Array
    * Element on (PRM Vol 2a 3DSTATE_DEPTH_BUFFER Depth; cubes: 6 faces
    * a cube, as layers). */
   v->slices = f.type == SURFTYPE_3D ? isl_minify(s->depth, v->level) :
               f.min_array_element + (f.depth + 1) * (f.type == SURFTYPE_CUBE ? 6u : 1u);
   s->array_len = f.type == SURFTYPE_3D ? 1 : v->slices;
   return true;
}

/* One draw per host thread, as om_storage: [0] depth, [1] stencil. */
static _Thread_local struct ds_view ds_views[2];

static bool
depth_buffer_state(struct vgpu_draw_run *r, struct vgpu_om *om)
{
   const struct vgpu_3d_depth *d = &r->st->depth;
   if (d->hiz_enable)
      return stop(r, "depth buffer with HiZ (run with INTEL_DEBUG=nohiz)");
   switch (d->format) {
   case DEPTH_D32_FLOAT: case DEPTH_D24_UNORM_X8: om->depth_bytes = 4; break;
   case DEPTH_D16_UNORM: om->depth_bytes = 2; break;
   default: return stop(r, "depth buffer format");
   }
   return ds_view_init(r, false, &ds_views[0]);
}

/* The texture-cache rule: the depth cache holds what the draw writes to
 * the depth and stencil buffers (a stencil write mask of 0 writes none). */
static void
note_depth_cache_writes(struct vgpu_draw_run *r, const struct vgpu_om *om)
{
   const bool stencil_writes = om->stencil_buffer && om->ds.stencil_write &&
                               (om->ds.write_mask[0] | om->ds.write_mask[1]);
   for (unsigned i = 0; i < 2; i++) {
      const struct ds_view *v = &ds_views[i];
      if (i == 0 ? om->depth_buffer && om->ds.depth_write : stencil_writes)
         vgpu_cache_rules_depth_write(r->exec, &v->surf, v->address, v->level,
                                      v->first_layer, v->first_layer + v->extent);
   }
}

/* The depth and stencil tests in force: Gen7/7.5 DEPTH_STENCIL_STATE,
 * Gen8+ 3DSTATE_WM_DEPTH_STENCIL; the buffers' own write enables
 * (3DSTATE_DEPTH_BUFFER, Gen12 STENCIL_BUFFER) gate the writes. */
static bool
depth_stencil_state(struct vgpu_draw_run *r, struct vgpu_om *om)
{
   const struct vgpu_3d_depth *d = &r->st->depth;
   const struct vgpu_3d_wm *wm = &r->st->wm;
   if (wm->depth_clear || wm->depth_resolve || wm->hiz_resolve)
      return stop(r, "depth buffer clear and resolve operations");
   if (om->verx10 < 80) {
      uint32_t dw[3];
      if (!read_state(r, r->st->depth_stencil_state, dw, sizeof(dw),
                      "DEPTH_STENCIL_STATE outside every object of the submission"))
         return false;
      if (om->verx10 == 70)
         gfx70_vgpu_om_depth_stencil(dw, &om->ds);
      else
         gfx75_vgpu_om_depth_stencil(dw, &om->ds);
   } else {
      wm_depth_stencil(d, om);
   }
   if (om->verx10 < 90 && om->ds.stencil_test) {
      if (!cc_state(r))
         return false;
      om->ds.ref[0] = om->cc.stencil_ref;
      om->ds.ref[1] = om->cc.backface_stencil_ref;
   }
   /* A single-sided stencil test applies the front state to both faces. */
   if (!om->ds.double_sided) {
      om->ds.stencil_func[1] = om->ds.stencil_func[0];
      om->ds.fail_op[1] = om->ds.fail_op[0];
      om->ds.zfail_op[1] = om->ds.zfail_op[0];
      om->ds.pass_op[1] = om->ds.pass_op[0];
      om->ds.test_mask[1] = om->ds.test_mask[0];
      om->ds.write_mask[1] = om->ds.write_mask[0];
      om->ds.ref[1] = om->ds.ref[0];
   }
   /* Without a depth buffer the depth bounds test passes (Vulkan 28.8
    * "Depth Bounds Test": no depth attachment leaves coverage as it is). */
   om->ds.bounds_test = om->ds.bounds_test && d->surface_type != SURFTYPE_NULL;
   om->depth_buffer = d->surface_type != SURFTYPE_NULL &&
                      (om->ds.depth_test || om->ds.depth_write || om->ds.bounds_test);
   om->ds.depth_write = om->ds.depth_write && d->write_enable;
   om->stencil_buffer = d->stencil_enable && om->ds.stencil_test;
   om->ds.stencil_write = om->ds.stencil_write && d->stencil_write_enable;
   if (om->ds.stencil_test && !d->stencil_enable)
      return stop(r, "stencil test without a stencil buffer");
   if (om->depth_buffer && !depth_buffer_state(r, om))
      return false;
   if (om->stencil_buffer && !ds_view_init(r, true, &ds_views[1]))
      return false;
   note_depth_cache_writes(r, om);
   return true;
}

/* One draw at a time per host thread: the state lives here rather than
 * on the heap, so that a draw's end has nothing to free. */
static _Thread_local struct vgpu_om om_storage;

bool
vgpu_om_begin(struct vgpu_draw_run *r)
{
   if (r->om)
      return !r->stop;
   struct vgpu_om *om = &om_storage;
   memset(om, 0, sizeof(*om));
   r->om = om;
   om->verx10 = vgpu.info->verx10;
   /* The thread's sample sets hold eight samples at most. */
   if (r->st->samples > 8)
      return stop(r, "16x multisampled rendering");
   if (r->st->samples > 1 && !isl_sample_count_supported(om->verx10, r->st->samples))
      return stop(r, "3DSTATE_MULTISAMPLE sample count the generation lacks");
   if (r->st->wm.rt_resolve)
      return stop(r, "render target resolve (CCS, run with INTEL_DEBUG=noccs)");
   if (!depth_stencil_state(r, om)) {
      r->stop = true;
      return false;
   }
   return true;
}

/* ---- depth ---- */

static bool
compare(uint32_t func, double src, double dst)
{
   switch (func) {
   case 0: return true;
   case 1: return false;
   case 2: return src < dst;
   case 3: return src == dst;
   case 4: return src <= dst;
   case 5: return src > dst;
   case 6: return src != dst;
   default: return src >= dst;
   }
}

/* z in the depth buffer's format (PRM Vol 2a: UNORM depth is z clamped to
 * [0, 1], scaled and rounded to nearest). */
static uint32_t
depth_encode(uint32_t format, float z)
{
   if (format == DEPTH_D32_FLOAT) {
      uint32_t bits;
      memcpy(&bits, &z, 4);
      return bits;
   }
   double max = format == DEPTH_D16_UNORM ? 65535.0 : 16777215.0;
   double v = z != z ? 0.0 : z < 0 ? 0.0 : z > 1 ? 1.0 : z;
   return (uint32_t)lrint(v * max);
}

static double
depth_value(uint32_t format, uint32_t bits)
{
   if (format == DEPTH_D32_FLOAT) {
      float f;
      memcpy(&f, &bits, 4);
      return f;
   }
   return format == DEPTH_D24_UNORM_X8 ? (double)(bits & 0xffffff) : (double)bits;
}

/* The depth bounds test of one pixel: the depth already in the buffer
 * (not the pixel's), UNORM as its [0, 1] value, must lie in the bounds,
 * both included (Vulkan 28.8 "Depth Bounds Test"; PRM Vol 2a
 * 3DSTATE_DEPTH_BOUNDS).  A stored NaN lies in no range. */
static bool
depth_bounds_test(const struct vgpu_om *om, uint32_t format, const uint8_t *dp)
{
   if (!om->ds.bounds_test || !dp)
      return true;
   uint32_t bits = 0;
   memcpy(&bits, dp, om->depth_bytes);
   double z = depth_value(format, bits);
   if (format == DEPTH_D24_UNORM_X8)
      z /= 16777215.0;
   else if (format == DEPTH_D16_UNORM)
      z /= 65535.0;
   return z >= om->ds.bounds_min && z <= om->ds.bounds_max;
}

/* Host pointer of sample `sample` of a depth (stencil: bytes 1, tiling
 * W, Gen12 Y) pixel of the layer the Render Target Array Index selects;
 * NULL outside the buffer (*outside) or after a fault.  An index beyond
 * Render Target View Extent selects the first layer, as for render
 * targets. */
static uint8_t *
ds_texel(struct vgpu_draw_run *r, bool stencil, int32_t x, int32_t y, uint32_t rtai,
         uint32_t sample, bool *outside)
{
   const struct ds_view *v = &ds_views[stencil ? 1 : 0];
   uint32_t slice = v->first_layer + (rtai < v->extent ? rtai : 0);
   *outside = x < 0 || y < 0 || (uint32_t)x >= v->width || (uint32_t)y >= v->height ||
              slice >= v->slices;
   if (*outside)
      return NULL;
   unsigned bytes = stencil ? 1 : r->om->depth_bytes;
   uint64_t base = v->address;
   uint64_t off = v->surf.samples > 1 ?
                  isl_surf_sample_offset(&v->surf, slice, sample, (uint32_t)x, (uint32_t)y) :
                  isl_surf_texel_offset(&v->surf, v->level, slice, (uint32_t)x, (uint32_t)y);
   uint8_t *p = vgpu_exec_map(r->exec, base + off, bytes);
   if (!p) {
      vgpu_exec_fault(r->exec, base + off, stencil ?
                      "stencil buffer outside every object of the submission" :
                      "depth buffer outside every object of the submission");
      r->stop = true;
   }
   return p;
}

/* 3D_Stencil_Operation on value v (Vulkan 27.7 "Stencil Test": the
 * saturating and wrapping increments and decrements, invert). */
static uint8_t
stencil_op(unsigned op, uint8_t v, uint8_t ref)
{
   switch (op) {
   case 1: return 0;
   case 2: return ref;
   case 3: return v == 0xff ? v : (uint8_t)(v + 1);
   case 4: return v == 0 ? v : (uint8_t)(v - 1);
   case 5: return (uint8_t)(v + 1);
   case 6: return (uint8_t)(v - 1);
   case 7: return (uint8_t)~v;
   default: return v;
   }
}

/* The stencil test of one pixel (face f); *sp is its stencil texel or
 * NULL without a stencil buffer. */
static bool
stencil_test(const struct vgpu_om_depth_stencil *ds, unsigned f, uint8_t ref,
             const uint8_t *sp)
{
   if (!sp)
      return true;
   return compare(ds->stencil_func[f], ref & ds->test_mask[f], *sp & ds->test_mask[f]);
}

static void
stencil_update(const struct vgpu_om_depth_stencil *ds, unsigned f, uint8_t ref, uint8_t *sp,
               unsigned op)
{
   if (!sp || !ds->stencil_write)
      return;
   uint8_t v = stencil_op(op, *sp, ref);
   *sp = (uint8_t)((*sp & ~ds->write_mask[f]) | (v & ds->write_mask[f]));
}

/* The depth test of one pixel; writes the depth when it passes. */
static bool
depth_test(struct vgpu_om *om, uint32_t format, uint8_t *dp, float z, bool write)
{
   if (!dp)
      return true;
   uint32_t old = 0, src = depth_encode(format, z);
   memcpy(&old, dp, om->depth_bytes);
   if (om->ds.depth_test &&
       !compare(om->ds.depth_func, depth_value(format, src), depth_value(format, old)))
      return false;
   if (write && om->ds.depth_write) {
      if (format == DEPTH_D24_UNORM_X8)
         src = (old & 0xff000000u) | src;
      memcpy(dp, &src, om->depth_bytes);
   }
   return true;
}

/* The samples channel c tests and writes: single-sampled, its pixel's
 * one sample whenever the channel is in a mask. */
static uint8_t
channel_cover(const struct vgpu_om_thread *th, unsigned c)
{
   return th->samples > 1 ? th->cover[c] : 1;
}

/* The tests of one sample: depth bounds, stencil, depth (with their
 * writes); true when it passes.  A sample outside the buffers fails. */
static bool
sample_tests(struct vgpu_draw_run *r, const struct vgpu_om_thread *th, unsigned c,
             unsigned sample, float z)
{
   struct vgpu_om *om = r->om;
   const uint32_t format = r->st->depth.format;
   const unsigned f = th->front_facing ? 0 : 1;
   bool outside = false, s_outside = false;
   uint8_t *dp = om->depth_buffer ?
                 ds_texel(r, false, th->x[c], th->y[c], th->layer, sample, &outside) : NULL;
   uint8_t *sp = om->stencil_buffer ?
                 ds_texel(r, true, th->x[c], th->y[c], th->layer, sample, &s_outside) : NULL;
   if (r->stop || outside || s_outside)
      return false;
   /* The depth bounds test comes before the stencil test and a sample
    * failing it changes nothing (Vulkan 28 "Fragment Operations" order;
    * 28.8: its coverage is cleared). */
   if (!depth_bounds_test(om, format, dp))
      return false;
   /* The shader's stencil value replaces the reference (Vulkan
    * "Stencil Test": FragStencilRefEXT; PS_EXTRA Pixel Shader Computes
    * Stencil). */
   const uint8_t ref = th->stencil_from_shader ? th->stencil_ref[c] : om->ds.ref[f];
   /* Stencil first; a sample failing it is not depth tested (Vulkan
    * 27.7, 27.8). */
   if (!stencil_test(&om->ds, f, ref, sp)) {
      stencil_update(&om->ds, f, ref, sp, om->ds.fail_op[f]);
      return false;
   }
   if (!depth_test(om, format, dp, z, true)) {
      stencil_update(&om->ds, f, ref, sp, om->ds.zfail_op[f]);
      return false;
   }
   stencil_update(&om->ds, f, ref, sp, om->ds.pass_op[f]);
   return true;
}

/* Each sample of a multisampled pixel is tested on its own against its
 * own depth and stencil values (Vulkan 27 "Fragment Operations": the
 * tests are per sample), at its own depth unless the shader computed
 * one for the pixel. */
uint32_t
vgpu_om_depth(struct vgpu_draw_run *r, struct vgpu_om_thread *th,
              const float *z, uint32_t mask)
{
   struct vgpu_om *om = r->om;
   const bool tests = om->depth_buffer || om->stencil_buffer;
   uint32_t pass = 0;
   uint64_t samples_passed = 0;
   for (unsigned c = 0; c < th->simd && !r->stop; c++) {
      if (!((mask >> c) & 1))
         continue;
      uint8_t cover = channel_cover(th, c), left = cover;
      for (unsigned s = 0; tests && s < 8 && !r->stop; s++) {
         if (!((cover >> s) & 1))
            continue;
         if (!sample_tests(r, th, c, s, z ? z[c] : th->sz[c][s]))
            left &= (uint8_t)~(1u << s);
      }
      th->cover[c] = left;
      samples_passed += (uint64_t)__builtin_popcount(left);
      if (left)
         pass |= 1u << c;
   }
   r->stats.ps_depth_count += samples_passed;
   return r->stop ? 0 : pass;
}

/* ---- render targets ---- */

struct target {
   struct isl_state_desc d;
   const struct isl_format_layout *fmt;
   uint32_t level, width, height;   /* the LOD rendered to and its size */
   uint32_t extent;                 /* layers the view shows (3D: slices) */
   uint32_t slices;                 /* layers (3D: slices of the LOD) there are */
   struct vgpu_om_blend blend;
   unsigned mcs_bytes;              /* an MCS element's: 1, 4, 8 */
   uint32_t clear[4];               /* what the MCS clear value stands for, as
                                     * the shader writes a colour */
};

static bool
surface_state(struct vgpu_draw_run *r, unsigned bti, struct target *out)
{
   const uint64_t bt = r->g->surface_base + r->st->binding_table[VGPU_3D_PS];
   uint32_t entry;
   if (!vgpu_gpgpu_read(r->exec, bt + bti * 4u, &entry, 4,
                        "render target binding table entry outside every object"))
      return false;
   const unsigned dwords = r->om->verx10 >= 80 ? 16 : 8;
   /* Binding table entries hold the surface state's offset from Surface
    * State Base Address, 32-byte aligned. */
   const uint32_t *dw = vgpu_exec_map(r->exec, r->g->surface_base + (entry & ~0x1fu),
                                      dwords * 4);
   if (!dw) {
      vgpu_exec_fault(r->exec, r->g->surface_base + (entry & ~0x1fu),
                      "render target surface state outside every object");
      return false;
   }
   if (!isl_decode_state(r->om->verx10, dw, &out->d))
      out->d.type = SURFTYPE_NULL;
   return true;
}

static bool
constant_factor(unsigned f)
{
   return f == BF_CONST_COLOR || f == BF_CONST_ALPHA || f == BF_INV_CONST_COLOR ||
          f == BF_INV_CONST_ALPHA;
}

static bool
uses_constant(const struct vgpu_om_blend *b)
{
   return constant_factor(b->src) || constant_factor(b->dst) ||
          constant_factor(b->src_alpha) || constant_factor(b->dst_alpha);
}

/* The part of the surface a render target shows (PRM Vol 2d
 * RENDER_SURFACE_STATE): MIP Count / LOD is the LOD rendered to (Surface
 * Min LOD is the sampler's), Minimum Array Element the first layer, or
 * for 3D the first Z slice of that LOD, and Render Target View Extent
 * (Depth for 1D and 2D, which must equal it) the layers from there on;
 * a cube's faces are its layers, six a cube. */
static bool
target_view(struct vgpu_draw_run *r, struct target *t)
{
   t->level = t->d.mip_count_lod;
   if (t->level >= t->d.surf.levels)
      return stop(r, "render target LOD beyond its surface");
   t->width = isl_minify(t->d.surf.width, t->level);
   t->height = isl_minify(t->d.surf.height, t->level);
   switch (t->d.type) {
   case SURFTYPE_3D:
      t->extent = t->d.array_extent;
      t->slices = isl_minify(t->d.surf.depth, t->level);
      break;
   case SURFTYPE_CUBE:
      t->extent = t->d.array_extent * 6;
      t->slices = t->d.surf.array_len;
      break;
   default:
      t->extent = t->d.array_extent;
      t->slices = t->d.surf.array_len;
      break;
   }
   return true;
}

/* The colour an MCS clear value stands for: the surface state's, or
 * (Gen11 Clear Value Address Enable, Gen12) the four dwords the driver
 * keeps at Clear Value Address, the colour as the shader writes it. */
static bool
clear_colour(struct vgpu_draw_run *r, struct target *t)
{
   if (!t->d.clear_color_at_address) {
      memcpy(t->clear, t->d.clear_color, sizeof(t->clear));
      return true;
   }
   const uint64_t addr = t->d.clear_address & GPU_ADDRESS_MASK;
   const void *p = vgpu_exec_map(r->exec, addr, sizeof(t->clear));
   if (!p) {
      vgpu_exec_fault(r->exec, addr, "clear colour outside every object of the submission");
      r->stop = true;
      return false;
   }
   memcpy(t->clear, p, sizeof(t->clear));
   return true;
}

/* A multisampled target keeps each sample in its own array slice (MSS;
 * the interleaved layout is for depth and stencil only) and has the
 * rasterizer's sample count, except for a fast clear, which writes only
 * the MCS.  Fast clears of single-sampled targets go to a CCS. */
static bool
target_samples(struct vgpu_draw_run *r, struct target *t)
{
   const uint32_t samples = t->d.surf.samples > 1 ? t->d.surf.samples : 1;
   const uint32_t raster = r->st->samples > 1 ? r->st->samples : 1;
   if (samples > 1 && t->d.surf.msaa_layout != ISL_MSAA_LAYOUT_ARRAY)
      return stop(r, "render target with interleaved samples");
   if (r->st->wm.fast_clear && !t->d.has_mcs)
      return stop(r, "fast clear without an MCS (CCS: run with INTEL_DEBUG=noccs,nofc)");
   if (!r->st->wm.fast_clear && samples != raster)
      return stop(r, "render target sample count unlike 3DSTATE_MULTISAMPLE's");
   if (!t->d.has_mcs)
      return true;
   const struct isl_format_layout *mcs = isl_format_layout(t->d.mcs_surf.format);
   if (!mcs)
      return stop(r, "MCS format");
   t->mcs_bytes = isl_format_bytes(mcs);
   return clear_colour(r, t);
}

/* Render target bti: its surface and blend state; false when the draw
 * must stop (a fault or a surface vgpu does not model). */
static bool
target_decode(struct vgpu_draw_run *r, unsigned bti, struct target *t)
{
   memset(t, 0, sizeof(*t));
   if (!surface_state(r, bti, t)) {
      r->stop = true;
      return false;
   }
   if (t->d.type == SURFTYPE_NULL)
      return true;
   if (t->d.unsupported)
      return stop(r, t->d.unsupported);
   if (t->d.type > SURFTYPE_CUBE)
      return stop(r, "render target of a buffer surface type");
   t->fmt = isl_format_layout((enum isl_format)t->d.format);
   if (!t->fmt || !isl_texel_convertible(t->fmt))
      return stop(r, "render target format");
   if (!target_view(r, t) || !target_samples(r, t))
      return false;
   uint32_t dw[2 * 8 + 1];
   if (bti >= 8)
      return stop(r, "render target index beyond 8");
   const unsigned bytes = vgpu_om_blend_state_bytes(r->om->verx10, bti);
   if (!read_state(r, r->st->blend_state, dw, bytes,
                   "BLEND_STATE outside every object of the submission")) {
      r->stop = true;
      return false;
   }
   unpack_blend(r->om->verx10, dw, bti, &t->blend);
   if (t->blend.enable && uses_constant(&t->blend) && !cc_state(r))
      return false;
   if (t->blend.alpha_test && !cc_state(r))
      return false;
   return true;
}

/* The targets the draw's threads wrote so far, decoded once: state
 * cannot change during a draw.  With om_storage, one draw per host
 * thread. */
static _Thread_local struct target targets[8];

static const struct target *
target(struct vgpu_draw_run *r, unsigned bti)
{
   if (bti < 8 && ((r->om->targets_known >> bti) & 1))
      return &targets[bti];
   static _Thread_local struct target t;
   struct target *out = bti < 8 ? &targets[bti] : &t;
   if (!target_decode(r, bti, out))
      return NULL;
   vgpu_cache_rules_render_target(r->exec, &out->d);
   if (bti < 8)
      r->om->targets_known |= (uint8_t)(1u << bti);
   return out;
}

/* The colour of channel c of a message: (source 0, and source 1 of a
 * dual-source write), as 32-bit words in R, G, B, A order. */
struct colour_layout {
   unsigned first;      /* register of R */
   unsigned regs;       /* registers per component: 1 SIMD8, 2 SIMD16 */
   bool replicated;     /* one RGBA for every channel */
   unsigned src1;       /* register of source 1's R, 0 without */
   bool has_omask;      /* oMask (in register omask: 0 without header) */
   unsigned omask;
   unsigned depth;      /* register of the computed depth, 0 without */
   unsigned stencil;    /* register of the computed stencil (a byte per
                         * channel), 0 without */
};

static bool
colour_layout(struct vgpu_draw_run *r, const struct isa_send_msg *msg,
              struct colour_layout *out)
{
   const struct vgpu_3d_wm *wm = &r->st->wm;
   unsigned reg = msg->header ? 2 : 0;
   *out = (struct colour_layout){ .regs = msg->simd == 16 ? 2 : 1 };
   if (msg->ctrl == RT_SIMD16_REPLICATED) {
      *out = (struct colour_layout){ .first = reg, .regs = 0, .replicated = true };
      return reg + 1 <= msg->mlen + msg->ex_mlen;
   }
   if (wm->omask) {
      out->has_omask = true;
      out->omask = reg;
      reg++;
   }
   out->first = reg;
   reg += 4 * out->regs;
   if (msg->ctrl == RT_SIMD8_DUAL_LOW || msg->ctrl == RT_SIMD8_DUAL_HIGH) {
      out->src1 = reg;
      reg += 4;
   }
   /* The computed depth follows the colour where the message has room
    * for it. */
   if (wm->computed_depth_mode && reg + out->regs <= msg->mlen + msg->ex_mlen) {
      out->depth = reg;
      reg += out->regs;
   }
   /* Gen9+: the output stencil, one GRF of bytes, comes last (PRM Vol 2d
    * "Render Target Write" payload, oS). */
   if (wm->computes_stencil) {
      out->stencil = reg;
      reg++;
   }
   return reg <= msg->mlen + msg->ex_mlen;
}

static uint32_t
channel_word(const uint8_t *payload, unsigned first, unsigned regs, unsigned k,
             unsigned c)
{
   uint32_t v;
   unsigned reg = first + k * regs + c / 8;
   memcpy(&v, &payload[reg * 32 + (c % 8) * 4], 4);
   return v;
}

static float
f32(uint32_t bits)
{
   float f;
   memcpy(&f, &bits, 4);
   return f;
}

static uint32_t
bits32(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

/* The Vulkan spec's blend factor (28.1.1 "Blend Factors") for component
 * k (3 = alpha) of source s, second source s1, destination d. */
static float
blend_factor(unsigned f, unsigned k, const float *s, const float *s1,
             const float *d, const float *cc)
{
   switch (f) {
   case BF_ONE: return 1.0f;
   case BF_SRC_COLOR: return s[k];
   case BF_SRC_ALPHA: return s[3];
   case BF_DST_ALPHA: return d[3];
   case BF_DST_COLOR: return d[k];
   case BF_SRC_ALPHA_SATURATE: return k == 3 ? 1.0f : fminf(s[3], 1.0f - d[3]);
   case BF_CONST_COLOR: return cc[k];
   case BF_CONST_ALPHA: return cc[3];
   case BF_SRC1_COLOR: return s1[k];
   case BF_SRC1_ALPHA: return s1[3];
   case BF_INV_SRC_COLOR: return 1.0f - s[k];
   case BF_INV_SRC_ALPHA: return 1.0f - s[3];
   case BF_INV_DST_ALPHA: return 1.0f - d[3];
   case BF_INV_DST_COLOR: return 1.0f - d[k];
   case BF_INV_CONST_COLOR: return 1.0f - cc[k];
   case BF_INV_CONST_ALPHA: return 1.0f - cc[3];
   case BF_INV_SRC1_COLOR: return 1.0f - s1[k];
   case BF_INV_SRC1_ALPHA: return 1.0f - s1[3];
   default: return 0.0f;
   }
}

static float
blend_op(unsigned func, float s, float sf, float d, float df)
{
   switch (func) {
   case BLEND_SUBTRACT: return s * sf - d * df;
   case BLEND_REVERSE_SUBTRACT: return d * df - s * sf;
   case BLEND_MIN: return fminf(s, d);
   case BLEND_MAX: return fmaxf(s, d);
   default: return s * sf + d * df;
   }
}

/* Fixed-point targets see source and constant colours clamped to their
 * range (Vulkan 28.1 "Blending": and PRM Pre-Blend Color Clamp). */
static void
clamp_to_target(const struct isl_format_layout *fmt, float *v)
{
   uint8_t type = fmt->ch[ISL_R].type;
   float lo = type == ISL_SNORM ? -1.0f : 0.0f;
   if (type != ISL_UNORM && type != ISL_SNORM && type != ISL_SRGB)
      return;
   /* Comparisons rather than fminf/fmaxf: those are library calls (NaN
    * rules), and this runs for every blended pixel. */
   for (unsigned k = 0; k < 4; k++) {
      if (v[k] != v[k])
         v[k] = 0.0f;
      else
         v[k] = v[k] < lo ? lo : v[k] > 1.0f ? 1.0f : v[k];
   }
}

static void
blend(const struct target *t, const struct vgpu_om_cc *cc, uint32_t rgba[4],
      const uint32_t src1_bits[4], const uint8_t *texel)
{
   uint32_t dst_bits[4];
   isl_texel_unpack(t->fmt, texel, dst_bits);
   float s[4], s1[4], d[4], c[4];
   for (unsigned k = 0; k < 4; k++) {
      s[k] = f32(rgba[k]);
      s1[k] = f32(src1_bits[k]);
      d[k] = f32(dst_bits[k]);
      c[k] = cc->constant[k];
   }
   clamp_to_target(t->fmt, s);
   clamp_to_target(t->fmt, s1);
   clamp_to_target(t->fmt, c);
   const struct vgpu_om_blend *b = &t->blend;
   for (unsigned k = 0; k < 4; k++) {
      /* Without Independent Alpha Blend, alpha uses the colour's factors
       * and function. */
      bool alpha = k == 3 && b->independent_alpha;
      unsigned sf = alpha ? b->src_alpha : b->src, df = alpha ? b->dst_alpha : b->dst;
      unsigned func = alpha ? b->func_alpha : b->func;
      float out = blend_op(func, s[k], blend_factor(sf, k, s, s1, d, c),
                           d[k], blend_factor(df, k, s, s1, d, c));
      rgba[k] = bits32(out);
   }
}

/* Logic ops work on integer and normalized formats; float and sRGB
 * targets take the colour unchanged (Vulkan 28.2 "Logical Operations"). */
static bool
logic_op_applies(const struct isl_format_layout *fmt)
{
   uint8_t type = fmt->ch[ISL_R].type;
   return type == ISL_UNORM || type == ISL_SNORM || type == ISL_UINT || type == ISL_SINT;
}

/* LOGICOP_* is the operation's truth table: bit (2 * s + d) is the
 * result for source bit s and destination bit d. */
static uint8_t
logic_byte(unsigned func, uint8_t s, uint8_t d)
{
   uint8_t out = 0;
   if (func & 1)
      out |= (uint8_t)(~s & ~d);
   if (func & 2)
      out |= (uint8_t)(~s & d);
   if (func & 4)
      out |= (uint8_t)(s & ~d);
   if (func & 8)
      out |= (uint8_t)(s & d);
   return out;
}

/* The source converted to the format, combined bit by bit with the
 * texel; the write mask keeps the channels it disables. */
static void
logic_op(const struct target *t, const uint32_t rgba[4], uint8_t *texel)
{
   uint8_t src[16] = { 0 }, res[16], keep[16] = { 0 };
   const unsigned bytes = isl_format_bytes(t->fmt);
   isl_texel_pack(t->fmt, rgba, 0xf, src);
   for (unsigned i = 0; i < bytes; i++)
      res[i] = logic_byte(t->blend.logic_func, src[i], texel[i]);
   /* keep: ones in the channels the write mask disables */
   memset(keep, 0xff, bytes);
   const uint32_t ones[4] = { 0, 0, 0, 0 };
   isl_texel_pack(t->fmt, ones, t->blend.write_mask, keep);
   for (unsigned i = 0; i < bytes; i++)
      texel[i] = (uint8_t)((texel[i] & keep[i]) | (res[i] & ~keep[i]));
}

/* Blends or combines one sample's colour into its texel and stores it. */
static void
write_texel(struct vgpu_draw_run *r, const struct target *t, const uint32_t colour[4],
            const uint32_t src1[4], uint8_t *p)
{
   uint32_t rgba[4];
   memcpy(rgba, colour, sizeof(rgba));
   if (t->blend.logic_op && logic_op_applies(t->fmt)) {
      logic_op(t, rgba, p);
      return;
   }
   if (t->blend.enable && !t->blend.logic_op && !isl_format_is_integer(t->fmt))
      blend(t, &r->om->cc, rgba, src1, p);
   isl_texel_pack(t->fmt, rgba, t->blend.write_mask, p);
}

static uint8_t *
map_or_fault(struct vgpu_draw_run *r, uint64_t addr, unsigned bytes, const char *what)
{
   addr &= GPU_ADDRESS_MASK;
   uint8_t *p = vgpu_exec_map(r->exec, addr, bytes);
   if (!p)
      vgpu_exec_fault(r->exec, addr, what);
   return p;
}

/* Sample s of pixel (x, y) of a slice: single-sampled, the texel of the
 * LOD rendered to; MSS, the texel of the sample's array slice (a
 * multisampled surface has one LOD). */
static uint8_t *
sample_texel(struct vgpu_draw_run *r, const struct target *t, uint32_t slice, uint32_t s,
             uint32_t x, uint32_t y)
{
   uint64_t off = t->d.surf.samples > 1 ?
                  isl_surf_sample_offset(&t->d.surf, slice, s, x, y) :
                  isl_surf_texel_offset(&t->d.surf, t->level, slice, x, y);
   return map_or_fault(r, t->d.address + off, isl_format_bytes(t->fmt),
                       "render target write outside every object of the submission");
}

/* The MCS element of pixel (x, y) of a slice (the MCS has the surface's
 * pixels and layers). */
static uint8_t *
mcs_element(struct vgpu_draw_run *r, const struct target *t, uint32_t slice, uint32_t x,
            uint32_t y)
{
   uint64_t off = isl_surf_texel_offset(&t->d.mcs_surf, 0, slice, x, y);
   return map_or_fault(r, t->d.mcs_address + off, t->mcs_bytes,
                       "MCS outside every object of the submission");
}

static bool
mcs_is_identity(uint32_t samples, uint64_t mcs)
{
   for (uint32_t s = 0; s < samples; s++)
      if (isl_mcs_sample_plane(samples, mcs, s) != s)
         return false;
   return true;
}

/* Before a write touches some samples of a compressed pixel, its MCS
 * entry says where each sample's colour is (PRM Vol 5 "Compressed
 * Multisample Surfaces"): all ones, the clear colour; otherwise the
 * plane (array slice) holding it.  This is a functional model of the
 * compression, not the hardware's: the pixel is expanded, every sample
 * stored in its own plane and the entry set to the identity, so whatever
 * reads the surface through its MCS sees exactly the colours the
 * hardware's compressed form stands for. */
static bool
mcs_expand(struct vgpu_draw_run *r, const struct target *t, uint32_t slice, uint32_t x,
           uint32_t y)
{
   const uint32_t n = t->d.surf.samples;
   uint8_t *m = mcs_element(r, t, slice, x, y);
   if (!m)
      return false;
   uint64_t mcs = 0;
   memcpy(&mcs, m, t->mcs_bytes);
   if (mcs_is_identity(n, mcs))
      return true;
   const unsigned bytes = isl_format_bytes(t->fmt);
   const bool clear = isl_mcs_is_clear(n, mcs);
   uint8_t texels[16][16];
   for (uint32_t s = 0; s < n; s++) {
      if (clear) {
         memset(texels[s], 0, bytes);
         isl_texel_pack(t->fmt, t->clear, 0xf, texels[s]);
         continue;
      }
      const uint8_t *p = sample_texel(r, t, slice, isl_mcs_sample_plane(n, mcs, s), x, y);
      if (!p)
         return false;
      memcpy(texels[s], p, bytes);
   }
   for (uint32_t s = 0; s < n; s++) {
      uint8_t *p = sample_texel(r, t, slice, s, x, y);
      if (!p)
         return false;
      memcpy(p, texels[s], bytes);
   }
   const uint64_t identity = isl_mcs_identity_value(n);
   memcpy(m, &identity, t->mcs_bytes);
   return true;
}

/* Writes channel ch's colour (and, for blending, source 1) to the
 * samples of its pixel in `samples`, each blended with its own
 * destination, in layer rtai (a Render Target Array Index). */
static bool
store(struct vgpu_draw_run *r, const struct target *t, const struct vgpu_om_thread *th,
      unsigned ch, uint32_t rtai, const uint32_t rgba[4], const uint32_t src1[4],
      uint8_t samples)
{
   int32_t x = th->x[ch], y = th->y[ch];
   /* A Render Target Array Index beyond the view (Render Target View
    * Extent) renders to its first layer, as D3D10 defines it; a layer
    * or slice the surface lacks is not written. */
   uint32_t layer = rtai < t->extent ? rtai : 0;
   uint32_t slice = t->d.min_array_element + layer;
   if (x < 0 || y < 0 || (uint32_t)x >= t->width || (uint32_t)y >= t->height ||
       slice >= t->slices)
      return true;
   if (t->d.has_mcs && !mcs_expand(r, t, slice, (uint32_t)x, (uint32_t)y))
      return false;
   const uint32_t n = t->d.surf.samples > 1 ? t->d.surf.samples : 1;
   for (uint32_t s = 0; s < n; s++) {
      if (!((samples >> s) & 1))
         continue;
      uint8_t *p = sample_texel(r, t, slice, s, (uint32_t)x, (uint32_t)y);
      if (!p)
         return false;
      write_texel(r, t, rgba, src1, p);
   }
   r->stats.pixels_written++;
   return true;
}

/* A fast clear's RECTLIST is drawn scaled down: each of its pixels
 * stands for a block of the target, 8x2 pixels at 2x and 4x, 2x2 at 8x,
 * 1x2 at 16x (IVB PRM Vol 2 Part 1 11.7 "MCS Buffer for Render Target(s)",
 * the clear rectangle table; the hardware aligns and scales what it is
 * sent as Mesa's blorp describes), and the draw writes the MCS clear
 * value of each pixel of the block, no colour. */
static bool
fast_clear_block(struct vgpu_draw_run *r, const struct target *t,
                 const struct vgpu_om_thread *th, unsigned ch, uint32_t rtai)
{
   const uint32_t n = t->d.surf.samples;
   const uint32_t bw = n == 16 ? 1 : n == 8 ? 2 : 8, bh = 2;
   const uint32_t slice = t->d.min_array_element + (rtai < t->extent ? rtai : 0);
   if (th->x[ch] < 0 || th->y[ch] < 0 || slice >= t->slices)
      return true;
   const uint64_t clear = isl_mcs_clear_value(n);
   for (uint32_t j = 0; j < bh; j++) {
      for (uint32_t i = 0; i < bw; i++) {
         uint32_t x = (uint32_t)th->x[ch] * bw + i, y = (uint32_t)th->y[ch] * bh + j;
         if (x >= t->width || y >= t->height)
            continue;
         uint8_t *m = mcs_element(r, t, slice, x, y);
         if (!m)
            return false;
         memcpy(m, &clear, t->mcs_bytes);
      }
   }
   return true;
}

/* The thread channel of message channel c: SIMD32 dispatches send their
 * second half with Slot Group Select, dual-source pairs their high eight
 * with the "high" subtype. */
static unsigned
thread_channel(const struct isa_send_msg *msg, unsigned c)
{
   return c + (msg->slot_group_hi ? 16u : 0u) + (msg->ctrl == RT_SIMD8_DUAL_HIGH ? 8u : 0u);
}

/* Channels the message writes: enabled, covered (helpers never write) and,
 * with a header, in its pixel mask (R1.7 copied to M1.7, PRM Vol 2d
 * "Render Target Write" header). */
static uint32_t
message_channels(const struct vgpu_om_thread *th, const struct isa_send_msg *msg,
                 const uint8_t *payload, uint32_t exec_mask)
{
   unsigned n = msg->simd ? msg->simd : 16;
   uint32_t header_mask = ~0u;
   if (msg->header) {
      uint32_t m1_7;
      memcpy(&m1_7, &payload[32 + 7 * 4], 4);
      header_mask = m1_7 & 0xffff;
   }
   uint32_t out = 0;
   for (unsigned c = 0; c < n && c < 32; c++) {
      unsigned ch = thread_channel(msg, c);
      bool on = ((exec_mask >> c) & 1) && ch < 32 && ((th->pixels >> ch) & 1) &&
                ((header_mask >> (ch % 16)) & 1);
      out |= (uint32_t)on << c;
   }
   return out;
}

/* The Render Target Array Index the message writes: its header's (M0.0
 * bits 26:16 as in R0.0, Gen12 M1.1 as in R1.1: PRM Vol 2d "Render
 * Target Write" message header, which the kernel copies from its
 * payload), else the thread's. */
static uint32_t
message_rtai(const struct vgpu_draw_run *r, const struct isa_send_msg *msg,
             const uint8_t *payload)
{
   if (!msg->header)
      return r->om->th.layer;
   uint32_t dw;
   memcpy(&dw, &payload[r->om->verx10 >= 120 ? 32 + 4 : 0], 4);
   return (dw >> 16) & 0x7ff;
}

/* Alpha to coverage without dithering: the samples alpha (clamped to
 * [0, 1]) keeps of n, floor(alpha * n) of them.  The PRM (Vol 7 "Alpha
 * Coverage") gives no sample pattern; this is the one Mesa's compiler
 * computes in the shader in the hardware's stead when the shader also
 * writes oMask, so a draw covers the same samples either way: a 16-bit
 * mask whose low n bits are an n-sample pixel's, m = floor(16 alpha),
 * nibbles 0x0, 0x8, 0xa, 0xe, 0xf in every position as m reaches 0, 4,
 * 8, 12, 16, plus bits 4 and 12 when m & 2, bit 8 when m & 1. */
static uint16_t
alpha_coverage(float alpha)
{
   static const uint16_t quarters[5] = { 0x0000, 0x8888, 0xaaaa, 0xeeee, 0xffff };
   if (!(alpha > 0.0f))
      return 0;
   const unsigned m = alpha >= 1.0f ? 16u : (unsigned)(alpha * 16.0f);
   uint16_t mask = quarters[m / 4];
   if (m & 2)
      mask |= 0x1010;
   if (m & 1)
      mask |= 0x0100;
   return mask;
}

/* The alpha test: source 0 alpha against COLOR_CALC_STATE's reference,
 * both as UNORM8 with ALPHATEST_UNORM8 (PRM Vol 2d COLOR_CALC_STATE
 * Alpha Test Format). */
static bool
alpha_test(const struct vgpu_om *om, const struct vgpu_om_blend *b, float alpha)
{
   if (!om->cc.alpha_ref_unorm8)
      return compare(b->alpha_test_func, alpha, om->cc.alpha_ref);
   float a = alpha != alpha ? 0.0f : alpha < 0 ? 0.0f : alpha > 1 ? 1.0f : alpha;
   return compare(b->alpha_test_func, (double)lrintf(a * 255.0f), om->cc.alpha_ref);
}

/* The samples each message channel's outputs keep: its oMask (16 bits a
 * channel, PRM Vol 2d "Render Target Write" payload), alpha to coverage
 * (disabled by the hardware when the shader writes oMask: SKL PRM Vol 7
 * "Alpha Coverage") and the alpha test, both on source 0 alpha; false
 * when the draw must stop. */
static bool
output_coverage(struct vgpu_draw_run *r, const struct target *t,
                const struct isa_send_msg *msg, const struct colour_layout *l,
                const uint8_t *payload, uint16_t keep[32])
{
   const struct vgpu_om_blend *b = &t->blend;
   const bool a2c = b->alpha_to_coverage && !l->has_omask;
   for (unsigned c = 0; c < 32; c++)
      keep[c] = 0xffff;
   if ((a2c || b->alpha_test) && msg->bti != 0)
      return stop(r, "alpha test or alpha to coverage past render target 0 (source 0 alpha)");
   if (a2c && b->alpha_to_coverage_dither)
      return stop(r, "alpha to coverage dithering");
   const unsigned n = msg->simd ? msg->simd : 16;
   for (unsigned c = 0; c < n && c < 32; c++) {
      if (l->has_omask)
         memcpy(&keep[c], &payload[l->omask * 32 + c * 2], 2);
      if (!a2c && !b->alpha_test)
         continue;
      float alpha = f32(l->replicated ? channel_word(payload, l->first, 0, 0, 3)
                                      : channel_word(payload, l->first, l->regs, 3, c));
      if (a2c)
         keep[c] &= alpha_coverage(alpha);
      if (b->alpha_test && !alpha_test(r->om, b, alpha))
         keep[c] = 0;
   }
   return true;
}

/* The late depth test of the message's channels, once per pixel: a
 * thread's later render-target writes reuse its result.  The samples the
 * shader's outputs drop are not tested (Vulkan 28 "Fragment Operations":
 * the sample mask and alpha to coverage come first). */
static uint32_t
late_depth(struct vgpu_draw_run *r, struct vgpu_om_thread *th,
           const struct isa_send_msg *msg, const struct colour_layout *l,
           const uint8_t *payload, const uint16_t keep[32], uint32_t mask)
{
   float z[32];
   uint32_t untested = 0;
   memcpy(z, th->z, sizeof(z));
   for (unsigned c = 0; c < 32; c++) {
      unsigned ch = thread_channel(msg, c);
      if (!((mask >> c) & 1) || ((th->depth_tested >> ch) & 1))
         continue;
      untested |= 1u << ch;
      th->cover[ch] &= (uint8_t)keep[c];
      if (l->stencil)
         th->stencil_ref[ch] = payload[l->stencil * 32 + c];
      if (l->depth) {
         float v = f32(channel_word(payload, l->depth, l->regs, 0, c));
         z[ch] = v < th->zmin ? th->zmin : v > th->zmax ? th->zmax : v;
      }
   }
   th->stencil_from_shader = l->stencil != 0;
   /* Without a computed depth each sample keeps its interpolated one. */
   th->depth_pass |= vgpu_om_depth(r, th, l->depth ? z : NULL, untested);
   th->depth_tested |= untested;
   uint32_t out = 0;
   for (unsigned c = 0; c < 32; c++)
      if (((mask >> c) & 1) && ((th->depth_pass >> thread_channel(msg, c)) & 1))
         out |= 1u << c;
   return out;
}

/* Alpha to one replaces each colour's alpha with 1 once alpha to
 * coverage has read it (Vulkan "Multisample Coverage", alphaToOneEnable);
 * integer targets have no alpha to replace. */
static void
alpha_to_one(const struct target *t, uint32_t rgba[4])
{
   if (t->blend.alpha_to_one && !isl_format_is_integer(t->fmt))
      rgba[3] = bits32(1.0f);
}

/* Message channel c's source 0 (and source 1) colour. */
static void
message_colour(const struct colour_layout *l, const uint8_t *payload, unsigned c,
               uint32_t rgba[4], uint32_t src1[4])
{
   for (unsigned k = 0; k < 4; k++) {
      rgba[k] = l->replicated ? channel_word(payload, l->first, 0, 0, k)
                              : channel_word(payload, l->first, l->regs, k, c);
      src1[k] = l->src1 ? channel_word(payload, l->src1, 1, k, c) : 0;
   }
}

static enum vgpu_eu_status
fault_status(struct vgpu_draw_run *r)
{
   r->stop = true;
   return r->exec->fault ? VGPU_EU_FAULT : VGPU_EU_UNSUPPORTED;
}

enum vgpu_eu_status
vgpu_om_render_target(struct vgpu_draw_run *r, struct vgpu_eu_thread *t,
                      const struct isa_send_msg *msg, const uint8_t *payload,
                      uint8_t *reply, uint32_t exec_mask)
{
   (void)t; (void)reply;
   struct vgpu_om_thread *th = &r->om->th;
   if (msg->msg != ISA_MSG_RT_WRITE) {
      stop(r, "render target read");
      return VGPU_EU_UNSUPPORTED;
   }
   if (msg->coarse || msg->ctrl > RT_SIMD8) {
      stop(r, "render target write subtype");
      return VGPU_EU_UNSUPPORTED;
   }
   struct colour_layout l;
   if (!colour_layout(r, msg, &l)) {
      vgpu_exec_fault(r->exec, 0, "render target write shorter than its payload");
      r->stop = true;
      return VGPU_EU_FAULT;
   }
   const struct target *tg = target(r, msg->bti);
   if (!tg)
      return fault_status(r);
   /* A null target's state has no blend or alpha operations. */
   uint16_t keep[32];
   if (!output_coverage(r, tg, msg, &l, payload, keep))
      return fault_status(r);
   uint32_t mask = message_channels(th, msg, payload, exec_mask);
   for (unsigned c = 0; c < 32; c++)
      if (((mask >> c) & 1) && !(channel_cover(th, thread_channel(msg, c)) & keep[c]))
         mask &= ~(1u << c);
   if (th->late_depth)
      mask = late_depth(r, th, msg, &l, payload, keep, mask);
   if (r->stop)
      return VGPU_EU_FAULT;
   if (tg->d.type == SURFTYPE_NULL)
      return VGPU_EU_DONE;
   const uint32_t rtai = message_rtai(r, msg, payload);
   for (unsigned c = 0; c < 32; c++) {
      if (!((mask >> c) & 1))
         continue;
      const unsigned ch = thread_channel(msg, c);
      bool ok;
      if (r->st->wm.fast_clear) {
         ok = fast_clear_block(r, tg, th, ch, rtai);
      } else {
         uint32_t rgba[4], src1[4];
         message_colour(&l, payload, c, rgba, src1);
         alpha_to_one(tg, rgba);
         ok = store(r, tg, th, ch, rtai, rgba, src1,
                    (uint8_t)(channel_cover(th, ch) & keep[c]));
      }
      if (!ok) {
         r->stop = true;
         return VGPU_EU_FAULT;
      }
   }
   return VGPU_EU_DONE;
}

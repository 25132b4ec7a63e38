/* A 2x2 subspan's sampler parameters to the four channels each pixel
 * gets back: the fetch (ld) path, the channel selects, and the sample
 * paths put together from the LOD (vgpu_sampler_lod.c) and texel
 * addressing (vgpu_sampler_address.c) layers.
 *
 * Linear filtering weighs texels in float with weights quantised to 8
 * fractional bits of a texel (the hardware's sub-texel precision, which
 * ANV and hasvk report as subTexelPrecisionBits = 8); the mip blend uses
 * the LOD's fraction as it is.  Anisotropic filtering is approximated:
 * N = min(ceil(Pmax / Pmin), Maximum Anisotropy) trilinear probes spread
 * evenly over the major axis's derivative, averaged (cubes: trilinear). */
#include <math.h>
#include <string.h>

#include "bitcast.h"
#include "isa_send.h"
#include "vgpu_sampler_filter.h"

/* The Shader Channel Selects (RENDER_SURFACE_STATE, Haswell+): ONE is
 * 1.0 for float results, 1 for integer formats. */
static uint32_t
vgpu_tex_select_one(const struct vgpu_tex_surface *s, uint8_t sel, const uint32_t rgba[4])
{
   switch (sel) {
   case ISL_SCS_ZERO:
      return 0;
   case ISL_SCS_ONE:
      return s->integer ? 1u : 0x3f800000u;
   case ISL_SCS_RED:
   case ISL_SCS_GREEN:
   case ISL_SCS_BLUE:
   case ISL_SCS_ALPHA:
      return rgba[sel - ISL_SCS_RED];
   default:
      /* Reserved encodings: no channel. */
      return 0;
   }
}

void
vgpu_tex_apply_selects(const struct vgpu_tex_surface *s, uint32_t rgba[4])
{
   uint32_t in[4];
   memcpy(in, rgba, sizeof(in));
   rgba[0] = vgpu_tex_select_one(s, s->d.swizzle.r, in);
   rgba[1] = vgpu_tex_select_one(s, s->d.swizzle.g, in);
   rgba[2] = vgpu_tex_select_one(s, s->d.swizzle.b, in);
   rgba[3] = vgpu_tex_select_one(s, s->d.swizzle.a, in);
}

/* The slot of the message's parameters that names the array layer: the
 * one after the surface type's coordinates (1D: v, 2D: r, cube: ai), as
 * the hardware reads u, v, r, ai for every surface type; 3D has none. */
static int
vgpu_tex_array_slot(const struct vgpu_tex_surface *s)
{
   switch (s->d.type) {
   case ISL_SURFTYPE_1D:
      return 1;
   case ISL_SURFTYPE_2D:
      return 2;
   case ISL_SURFTYPE_CUBE:
      return 3;
   default:
      return -1;
   }
}

static bool
vgpu_tex_int_in_range(int64_t v, uint32_t n)
{
   return v >= 0 && v < (int64_t)n;
}

/* ld / ld_lz: integer coordinates within the LOD, the LOD counted from
 * Surface Min LOD, the message's texel offsets added.  Anything outside
 * the LOD, the view's levels or its layers reads 0 in every channel (the
 * hardware's out-of-bounds ld, which Vulkan's robustImageAccess relies
 * on). */
static bool
vgpu_tex_fetch_one(struct vgpu_tex_mem *mem, const struct vgpu_tex_surface *s,
                   const struct vgpu_tex_op *op, const struct vgpu_tex_args *a,
                   uint32_t rgba[4])
{
   memset(rgba, 0, 16);
   int64_t lod = op->lod == VGPU_TEX_LOD_ZERO ? 0 : a->ilod;
   if (!vgpu_tex_int_in_range(lod, s->levels))
      return true;
   uint32_t level = s->base_level + (uint32_t)lod;
   uint32_t w = isl_minify(s->d.surf.width, level);
   uint32_t h = s->d.type == ISL_SURFTYPE_1D ? 1 : isl_minify(s->d.surf.height, level);
   uint32_t d = s->d.type == ISL_SURFTYPE_3D ? isl_minify(s->d.surf.depth, level) : 1;

   int64_t x = (int64_t)a->icoord[0] + op->offset[0];
   int64_t y = s->d.type == ISL_SURFTYPE_1D ? 0 : (int64_t)a->icoord[1] + op->offset[1];
   int64_t z = s->d.type == ISL_SURFTYPE_3D ? (int64_t)a->icoord[2] + op->offset[2] : 0;
   int slot = vgpu_tex_array_slot(s);
   /* A cube fetched with ld reads as a 2D array of its faces (r). */
   if (s->d.type == ISL_SURFTYPE_CUBE)
      slot = 2;
   int64_t layer = slot >= 0 ? a->icoord[slot] : 0;
   if (!vgpu_tex_int_in_range(x, w) || !vgpu_tex_int_in_range(y, h) ||
       !vgpu_tex_int_in_range(z, d) || !vgpu_tex_int_in_range(layer, s->layers))
      return true;
   uint32_t slice = s->d.type == ISL_SURFTYPE_3D ? (uint32_t)z
                                                : s->d.min_array_element + (uint32_t)layer;
   if (!vgpu_tex_fetch(mem, s, level, slice, (uint32_t)x, (uint32_t)y, rgba))
      return false;
   vgpu_tex_apply_selects(s, rgba);
   return true;
}

/* ---- sampling ---- */

/* One message's sampling of one surface. */
struct vgpu_tex_ctx {
   struct vgpu_tex_mem *mem;
   const struct vgpu_tex_surface *s;
   const struct vgpu_sampler_state *ss;
   const uint32_t *border;
   const struct vgpu_tex_op *op;
   bool cube, seamless;
};

/* Where one pixel samples. */
struct vgpu_tex_where {
   float c[3];          /* u, v, r (normalized or not); cube: face s, t */
   unsigned face;
   uint32_t layer;      /* array layer from the view's first (cube: the
                         * cube's first face) */
   int offset[3];       /* texel offsets */
   float ref;           /* compare: the reference, clamped as the format asks */
};

/* The hardware's PREFILTEROP: the comparison result is 0 where
 * "texel OP reference" holds and 1 elsewhere.  (This is why ANV programs
 * the opposite of Vulkan's compare op, e.g. VK_COMPARE_OP_LESS as
 * PREFILTEROP_LEQUAL: ref < texel exactly when not texel <= ref.) */
static bool
vgpu_tex_prefilter_holds(uint8_t op, float texel, float ref)
{
   switch (op) {
   case VGPU_PREFILTER_ALWAYS:
      return true;
   case VGPU_PREFILTER_NEVER:
      return false;
   case VGPU_PREFILTER_LESS:
      return texel < ref;
   case VGPU_PREFILTER_EQUAL:
      return texel == ref;
   case VGPU_PREFILTER_LEQUAL:
      return texel <= ref;
   case VGPU_PREFILTER_GREATER:
      return texel > ref;
   case VGPU_PREFILTER_NOTEQUAL:
      return texel != ref;
   default:
      return texel >= ref;
   }
}

/* A texel (or the border colour) as the filter sees it: compared with
 * the reference (the result in all four channels), or channel-selected. */
static void
vgpu_tex_post(const struct vgpu_tex_ctx *x, const struct vgpu_tex_where *w, uint32_t rgba[4])
{
   if (!x->op->compare) {
      vgpu_tex_apply_selects(x->s, rgba);
      return;
   }
   bool holds = vgpu_tex_prefilter_holds(x->ss->shadow_function, util_f32_from_bits(rgba[0]), w->ref);
   uint32_t r = holds ? 0 : util_f32_bits(1.0f);
   for (unsigned c = 0; c < 4; c++)
      rgba[c] = r;
}

static bool
vgpu_tex_read(const struct vgpu_tex_ctx *x, const struct vgpu_tex_where *w, uint32_t level,
              uint32_t slice, uint32_t px, uint32_t py, uint32_t rgba[4])
{
   if (!vgpu_tex_fetch(x->mem, x->s, level, slice, px, py, rgba))
      return false;
   vgpu_tex_post(x, w, rgba);
   return true;
}

/* A seamless cube's texel that may lie past an edge: from the adjacent
 * face, or at a corner the average of the three faces' texels. */
static bool
vgpu_tex_cube_texel(const struct vgpu_tex_ctx *x, const struct vgpu_tex_where *w,
                    uint32_t level, uint32_t n, const int64_t idx[3], uint32_t rgba[4])
{
   unsigned faces[3];
   uint32_t xy[3][2];
   unsigned count = vgpu_tex_cube_seamless(w->face, idx[0], idx[1], n, faces, xy);
   uint32_t first = x->s->d.min_array_element + w->layer;
   if (count == 1)
      return vgpu_tex_read(x, w, level, first + faces[0], xy[0][0], xy[0][1], rgba);
   float sum[4] = { 0 };
   for (unsigned k = 0; k < count; k++) {
      uint32_t t[4];
      if (!vgpu_tex_read(x, w, level, first + faces[k], xy[k][0], xy[k][1], t))
         return false;
      for (unsigned c = 0; c < 4; c++)
         sum[c] += util_f32_from_bits(t[c]);
   }
   for (unsigned c = 0; c < 4; c++)
      rgba[c] = util_f32_bits(sum[c] / (float)count);
   return true;
}

/* The texel at integer position idx of a LOD (absolute level, size)
 * through the address modes. */
static bool
vgpu_tex_texel(const struct vgpu_tex_ctx *x, const struct vgpu_tex_where *w, uint32_t level,
               const uint32_t size[3], const int64_t idx[3], uint32_t rgba[4])
{
   if (x->seamless)
      return vgpu_tex_cube_texel(x, w, level, size[0], idx, rgba);
   unsigned n = vgpu_tex_coord_count(x->s);
   int64_t p[3] = { 0, 0, 0 };
   for (unsigned a = 0; a < n; a++) {
      p[a] = vgpu_tex_address(x->ss->address[a], idx[a], size[a]);
      if (p[a] < 0) {
         memcpy(rgba, x->border, 16);
         vgpu_tex_post(x, w, rgba);
         return true;
      }
   }
   uint32_t slice = x->s->d.type == ISL_SURFTYPE_3D ? (uint32_t)p[2]
                  : x->s->d.min_array_element + w->layer + (x->cube ? w->face : 0);
   return vgpu_tex_read(x, w, level, slice, (uint32_t)p[0], (uint32_t)p[1], rgba);
}

/* Coordinate c of an axis of `size` texels in texel space. */
static float
vgpu_tex_texel_coord(const struct vgpu_tex_ctx *x, unsigned axis, float c, uint32_t size)
{
   float t = x->ss->non_normalized ? c : c * (float)size;
   /* HALF_BORDER keeps the coordinate within half a texel of the edge. */
   if (!x->seamless && x->ss->address[axis] == VGPU_TC_HALF_BORDER)
      t = t < 0.0f ? 0.0f : t > (float)size ? (float)size : t;
   return vgpu_tex_coord_sane(t);
}

/* The linear footprint along every axis: its first texel and the weight
 * of the second (8 fractional bits). */
static void
vgpu_tex_footprint(const struct vgpu_tex_ctx *x, const struct vgpu_tex_where *w,
                   const uint32_t size[3], int64_t i0[3], float frac[3])
{
   unsigned n = vgpu_tex_coord_count(x->s);
   for (unsigned a = 0; a < 3; a++) {
      i0[a] = 0;
      frac[a] = 0.0f;
      if (a >= n)
         continue;
      float t = vgpu_tex_texel_coord(x, a, w->c[a], size[a]) - 0.5f;
      float f = floorf(t);
      float q = floorf((t - f) * 256.0f + 0.5f) / 256.0f;
      if (q >= 1.0f) {
         f += 1.0f;
         q = 0.0f;
      }
      i0[a] = (int64_t)f + w->offset[a];
      frac[a] = q;
   }
}

static bool
vgpu_tex_nearest(const struct vgpu_tex_ctx *x, const struct vgpu_tex_where *w, uint32_t level,
                 uint32_t out[4])
{
   uint32_t size[3];
   vgpu_tex_level_size(x->s, level, size);
   unsigned n = vgpu_tex_coord_count(x->s);
   int64_t idx[3] = { 0, 0, 0 };
   for (unsigned a = 0; a < n; a++) {
      float t = vgpu_tex_texel_coord(x, a, w->c[a], size[a]);
      /* HALF_BORDER's coordinate may sit on the far edge: its texel is
       * the last. */
      if (t >= (float)size[a] && !x->seamless && x->ss->address[a] == VGPU_TC_HALF_BORDER)
         t = (float)size[a] - 1.0f;
      uint8_t mode = x->seamless ? VGPU_TC_CLAMP : x->ss->address[a];
      idx[a] = vgpu_tex_nearest_index(mode, (double)t + w->offset[a], size[a]);
   }
   /* A cube's nearest texel always lies on its face. */
   if (x->seamless) {
      for (unsigned a = 0; a < 2; a++)
         idx[a] = idx[a] < 0 ? 0 : idx[a] >= size[a] ? (int64_t)size[a] - 1 : idx[a];
   }
   return vgpu_tex_texel(x, w, level, size, idx, out);
}

static void
vgpu_tex_reduce(uint8_t mode, float acc[4], const float t[4], float weight, bool first)
{
   for (unsigned c = 0; c < 4; c++) {
      if (mode == VGPU_REDUCTION_MIN)
         acc[c] = first ? t[c] : fminf(acc[c], t[c]);
      else if (mode == VGPU_REDUCTION_MAX)
         acc[c] = first ? t[c] : fmaxf(acc[c], t[c]);
      else
         acc[c] += weight * t[c];
   }
}

/* Bilinear (trilinear across 3D slices) at one LOD; the Gen9+ min/max
 * reduction takes the texels of nonzero weight. */
static bool
vgpu_tex_linear(const struct vgpu_tex_ctx *x, const struct vgpu_tex_where *w, uint32_t level,
                float out[4])
{
   uint32_t size[3];
   int64_t i0[3];
   float frac[3];
   vgpu_tex_level_size(x->s, level, size);
   vgpu_tex_footprint(x, w, size, i0, frac);
   unsigned n = vgpu_tex_coord_count(x->s);
   bool first = true;
   for (unsigned c = 0; c < 4; c++)
      out[c] = 0.0f;
   for (unsigned corner = 0; corner < (1u << n); corner++) {
      float weight = 1.0f;
      int64_t idx[3] = { 0, 0, 0 };
      for (unsigned a = 0; a < n; a++) {
         bool hi = corner & (1u << a);
         weight *= hi ? frac[a] : 1.0f - frac[a];
         idx[a] = i0[a] + hi;
      }
      if (weight == 0.0f)
         continue;
      uint32_t t[4];
      float tf[4];
      if (!vgpu_tex_texel(x, w, level, size, idx, t))
         return false;
      for (unsigned c = 0; c < 4; c++)
         tf[c] = util_f32_from_bits(t[c]);
      vgpu_tex_reduce(x->ss->reduction, out, tf, weight, first);
      first = false;
   }
   return true;
}

/* One LOD with the filter the pixel uses there. */
static bool
vgpu_tex_level(const struct vgpu_tex_ctx *x, const struct vgpu_tex_where *w, uint32_t level,
               bool linear, float out[4], uint32_t bits[4])
{
   if (linear)
      return vgpu_tex_linear(x, w, level, out);
   if (!vgpu_tex_nearest(x, w, level, bits))
      return false;
   for (unsigned c = 0; c < 4; c++)
      out[c] = util_f32_from_bits(bits[c]);
   return true;
}

/* Both LODs of the mip chain blended; a single nearest texel keeps its
 * bits (integers, NaNs and denormals pass untouched). */
static bool
vgpu_tex_mip(const struct vgpu_tex_ctx *x, const struct vgpu_tex_where *w,
             const struct vgpu_tex_lod_choice *lc, bool linear, uint32_t out[4])
{
   uint32_t base = x->s->base_level;
   float a[4], b[4];
   uint32_t bits[4];
   if (!vgpu_tex_level(x, w, base + lc->level[0], linear, a, bits))
      return false;
   bool blend = lc->level1_weight > 0.0f && lc->level[1] != lc->level[0];
   if (!linear && !blend) {
      memcpy(out, bits, 16);
      return true;
   }
   if (blend && !vgpu_tex_level(x, w, base + lc->level[1], linear, b, bits))
      return false;
   for (unsigned c = 0; c < 4; c++) {
      float v = a[c];
      if (blend && x->ss->reduction == VGPU_REDUCTION_MIN)
         v = fminf(a[c], b[c]);
      else if (blend && x->ss->reduction == VGPU_REDUCTION_MAX)
         v = fmaxf(a[c], b[c]);
      else if (blend)
         v = a[c] + lc->level1_weight * (b[c] - a[c]);
      out[c] = util_f32_bits(v);
   }
   return true;
}

/* Anisotropic: the probes along the major axis, averaged. */
static bool
vgpu_tex_aniso(const struct vgpu_tex_ctx *x, const struct vgpu_tex_where *w,
               const struct vgpu_tex_lod_choice *lc, uint32_t out[4])
{
   float sum[4] = { 0 };
   for (unsigned p = 0; p < lc->probes; p++) {
      struct vgpu_tex_where probe = *w;
      float along = ((float)p + 0.5f) / (float)lc->probes - 0.5f;
      for (unsigned a = 0; a < 3; a++)
         probe.c[a] = vgpu_tex_coord_sane(w->c[a] + along * lc->axis[a]);
      uint32_t t[4];
      if (!vgpu_tex_mip(x, &probe, lc, true, t))
         return false;
      for (unsigned c = 0; c < 4; c++)
         sum[c] += util_f32_from_bits(t[c]);
   }
   for (unsigned c = 0; c < 4; c++)
      out[c] = util_f32_bits(sum[c] / (float)lc->probes);
   return true;
}

/* gather4: the bilinear footprint's four texels at the view's base LOD,
 * one channel of each, in the order (i0, j1), (i1, j1), (i1, j0), (i0, j0)
 * (Vulkan "Texel Gathering"). */
static bool
vgpu_tex_gather(const struct vgpu_tex_ctx *x, const struct vgpu_tex_where *w, uint32_t out[4])
{
   static const uint8_t order[4][2] = { { 0, 1 }, { 1, 1 }, { 1, 0 }, { 0, 0 } };
   uint32_t level = x->s->base_level, size[3];
   int64_t i0[3];
   float frac[3];
   vgpu_tex_level_size(x->s, level, size);
   vgpu_tex_footprint(x, w, size, i0, frac);
   bool has_v = vgpu_tex_coord_count(x->s) >= 2;
   for (unsigned k = 0; k < 4; k++) {
      int64_t idx[3] = { i0[0] + order[k][0], i0[1] + (has_v ? order[k][1] : 0), i0[2] };
      uint32_t t[4];
      if (!vgpu_tex_texel(x, w, level, size, idx, t))
         return false;
      out[k] = t[x->op->compare ? 0 : x->op->gather_channel & 3];
   }
   return true;
}

static bool
vgpu_tex_is_gather_po(uint8_t type)
{
   return type == ISA_SAMPLER_GATHER4_PO || type == ISA_SAMPLER_GATHER4_PO_C;
}

static uint32_t
vgpu_tex_layer_index(float a, uint32_t count)
{
   /* Vulkan: layer = clamp(RNE(a), 0, count - 1). */
   float r = rintf(vgpu_tex_coord_sane(a));
   if (count == 0 || r <= 0.0f)
      return 0;
   return r >= (float)(count - 1) ? count - 1 : (uint32_t)r;
}

static void
vgpu_tex_where_of(const struct vgpu_tex_ctx *x, const struct vgpu_tex_args *a,
                  struct vgpu_tex_where *w)
{
   const struct vgpu_tex_surface *s = x->s;
   memset(w, 0, sizeof(*w));
   if (x->cube) {
      w->face = vgpu_tex_cube_face(a->coord);
      vgpu_tex_cube_st(w->face, a->coord, w->c);
      w->layer = 6 * vgpu_tex_layer_index(a->coord[3], s->layers / 6);
   } else {
      unsigned n = vgpu_tex_coord_count(s);
      for (unsigned k = 0; k < n; k++)
         w->c[k] = vgpu_tex_coord_sane(a->coord[k]);
      int slot = vgpu_tex_array_slot(s);
      w->layer = slot >= 0 ? vgpu_tex_layer_index(a->coord[slot], s->layers) : 0;
   }
   const int8_t *off = vgpu_tex_is_gather_po(x->op->type) ? a->offset : x->op->offset;
   for (unsigned k = 0; k < 3; k++)
      w->offset[k] = x->cube ? 0 : off[k];
   float ref = vgpu_tex_coord_sane(a->ref);
   /* Vulkan "Depth Compare Operation": a UNORM depth format's reference
    * is clamped to [0, 1]. */
   if (s->fmt && s->fmt->ch[ISL_R].type == ISL_UNORM)
      ref = ref < 0.0f ? 0.0f : ref > 1.0f ? 1.0f : ref;
   w->ref = ref;
}

static bool
vgpu_tex_sample_pixel(const struct vgpu_tex_ctx *x, const struct vgpu_tex_args *a,
                      const struct vgpu_tex_lod_choice *lc, uint32_t out[4])
{
   struct vgpu_tex_where w;
   vgpu_tex_where_of(x, a, &w);
   if (x->op->gather)
      return vgpu_tex_gather(x, &w, out);
   uint8_t filter = lc->mag ? x->ss->mag_filter : x->ss->min_filter;
   /* Integer formats are never filtered (PRM: integer surfaces sample
    * with MAPFILTER_NEAREST and MIPFILTER_NEAREST/NONE). */
   if (x->s->integer)
      return vgpu_tex_mip(x, &w, lc, false, out);
   if (lc->probes > 1)
      return vgpu_tex_aniso(x, &w, lc, out);
   bool linear = filter == VGPU_MAPFILTER_LINEAR || filter == VGPU_MAPFILTER_ANISOTROPIC;
   return vgpu_tex_mip(x, &w, lc, linear, out);
}

static bool
vgpu_tex_fetch_quad(struct vgpu_tex_mem *mem, const struct vgpu_tex_surface *s,
                    const struct vgpu_tex_op *op, const struct vgpu_tex_args args[4],
                    unsigned live, uint32_t out[4][4])
{
   for (unsigned k = 0; k < 4; k++) {
      if ((live & (1u << k)) && !vgpu_tex_fetch_one(mem, s, op, &args[k], out[k]))
         return false;
   }
   return true;
}

bool
vgpu_tex_sample_quad(struct vgpu_tex_mem *mem, const struct vgpu_tex_surface *s,
                     const struct vgpu_sampler_state *ss, const uint32_t border[4],
                     const struct vgpu_tex_op *op, const struct vgpu_tex_args args[4],
                     unsigned live, uint32_t out[4][4])
{
   memset(out, 0, 64);
   if (op->fetch)
      return vgpu_tex_fetch_quad(mem, s, op, args, live, out);
   if (!ss) {
      mem->why = "a sample message without a sampler state";
      return false;
   }
   /* Sampler Disable: the sampler returns 0 in every channel. */
   if (ss->disabled)
      return true;
   if (ss->min_filter == VGPU_MAPFILTER_MONO || ss->mag_filter == VGPU_MAPFILTER_MONO) {
      mem->why = "the MONO filter is not modelled";
      return false;
   }
   static const uint32_t no_border[4];
   bool cube = s->d.type == ISL_SURFTYPE_CUBE;
   struct vgpu_tex_ctx x = {
      .mem = mem, .s = s, .ss = ss, .border = border ? border : no_border, .op = op,
      .cube = cube,
      /* Cube Surface Control Mode OVERRIDE makes every cube access seamless
       * (TEXCOORDMODE_CUBE), as does programming CUBE itself. */
      .seamless = cube && (ss->cube_override || ss->address[0] == VGPU_TC_CUBE),
   };
   struct vgpu_tex_lod_choice lc[4];
   vgpu_tex_lod_quad(s, ss, op, args, lc);
   for (unsigned k = 0; k < 4; k++) {
      if ((live & (1u << k)) && !vgpu_tex_sample_pixel(&x, &args[k], &lc[k], out[k]))
         return false;
   }
   return true;
}

void
vgpu_tex_query_lod(const struct vgpu_tex_surface *s, const struct vgpu_sampler_state *ss,
                   const struct vgpu_tex_args args[4], unsigned live, float out[4][2])
{
   memset(out, 0, 32);
   if (!ss || ss->disabled)
      return;
   struct vgpu_tex_op op = { .type = ISA_SAMPLER_LOD, .lod = VGPU_TEX_LOD_IMPLICIT };
   struct vgpu_tex_lod_choice lc[4];
   vgpu_tex_lod_quad(s, ss, &op, args, lc);
   float q = (float)(s->levels ? s->levels - 1 : 0);
   for (unsigned k = 0; k < 4; k++) {
      if (!(live & (1u << k)))
         continue;
      /* x: the LOD level selection uses, within the view's levels; y: the
       * computed LOD with its biases, before any clamp. */
      float lod = lc[k].lod;
      out[k][0] = ss->mip_filter == VGPU_MIPFILTER_NONE ? 0.0f : lod < 0.0f ? 0.0f : lod > q ? q : lod;
      out[k][1] = lc[k].unclamped;
   }
}

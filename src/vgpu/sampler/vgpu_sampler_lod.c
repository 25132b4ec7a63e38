/* The level of detail (Vulkan "Level-of-Detail Operation", "Scale
 * Factor", "LOD Clamping"; PRM Vol 2d SAMPLER_STATE LOD fields):
 *  - implicit derivatives from the subspan as the hardware's coarse
 *    derivative: d/dx = pixel 1 - pixel 0, d/dy = pixel 2 - pixel 0, the
 *    same for all four pixels;
 *  - the scale factor is Vulkan's exact form: rho = max(|d/dx|, |d/dy|),
 *    each the Euclidean length of the derivative in texels of the view's
 *    base level;
 *  - lambda' = log2(rho) (or the message's LOD) + the sampler's bias + the
 *    message's bias; then the sampler's Min/Max LOD, the message's min LOD
 *    and the surface's Resource Min LOD clamp it;
 *  - magnification when the clamped LOD is at most 0 (Gen7: Base Mip
 *    Level); mip NEAREST rounds half up (floor(d + 0.5)), LINEAR blends
 *    floor(d) and the next LOD. */
#include <math.h>

#include "vgpu_sampler_filter.h"

/* Normalized coordinates scale by the view's base LOD; non-normalized
 * ones are texels already. */
static void
vgpu_lod_scale(const struct vgpu_tex_surface *s, const struct vgpu_sampler_state *ss,
               float scale[3])
{
   uint32_t size[3];
   vgpu_tex_level_size(s, s->base_level, size);
   for (unsigned a = 0; a < 3; a++)
      scale[a] = ss->non_normalized ? 1.0f : (float)size[a];
}

static bool
vgpu_lod_is_cube(const struct vgpu_tex_surface *s)
{
   return s->d.type == ISL_SURFTYPE_CUBE;
}

/* The coordinates a pixel's derivatives are taken of: u, v, r; for a cube
 * the face coordinates on the face the subspan's first pixel selects
 * (one face for the subspan, as the hardware's derivative does). */
static void
vgpu_lod_pixel_coords(const struct vgpu_tex_surface *s, const struct vgpu_tex_args *a,
                      unsigned face, float c[3])
{
   if (vgpu_lod_is_cube(s)) {
      vgpu_tex_cube_st(face, a->coord, c);
      c[2] = 0.0f;
      return;
   }
   unsigned n = vgpu_tex_coord_count(s);
   for (unsigned k = 0; k < 3; k++)
      c[k] = k < n ? vgpu_tex_coord_sane(a->coord[k]) : 0.0f;
}

static float
vgpu_lod_length(const float v[3])
{
   return sqrtf(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
}

static bool
vgpu_lod_anisotropic(const struct vgpu_tex_surface *s, const struct vgpu_sampler_state *ss)
{
   return !s->integer && !vgpu_lod_is_cube(s) && !ss->non_normalized &&
          (ss->min_filter == VGPU_MAPFILTER_ANISOTROPIC ||
           ss->mag_filter == VGPU_MAPFILTER_ANISOTROPIC);
}

/* log2(rho) of derivatives dx, dy (coordinate units) scaled to texels;
 * anisotropic filtering divides the major axis by its probe count
 * (Vulkan's N = min(ceil(Pmax / Pmin), maxAnisotropy)). */
static float
vgpu_lod_from_derivs(const struct vgpu_tex_surface *s, const struct vgpu_sampler_state *ss,
                     const float dx[3], const float dy[3], const float scale[3],
                     struct vgpu_tex_lod_choice *out)
{
   float tx[3], ty[3];
   for (unsigned a = 0; a < 3; a++) {
      tx[a] = vgpu_tex_coord_sane(dx[a]) * scale[a];
      ty[a] = vgpu_tex_coord_sane(dy[a]) * scale[a];
   }
   float px = vgpu_lod_length(tx), py = vgpu_lod_length(ty);
   float pmax = fmaxf(px, py), pmin = fminf(px, py);
   out->probes = 1;
   if (!vgpu_lod_anisotropic(s, ss) || pmax <= 0.0f)
      return log2f(pmax);
   unsigned max_n = ss->max_anisotropy < 1 ? 1 : ss->max_anisotropy > 16 ? 16 : ss->max_anisotropy;
   float ratio = pmin > 0.0f ? ceilf(pmax / pmin) : (float)max_n;
   unsigned n = ratio >= (float)max_n ? max_n : (unsigned)ratio;
   const float *major = px >= py ? dx : dy;
   for (unsigned a = 0; a < 3; a++)
      out->axis[a] = vgpu_tex_coord_sane(major[a]);
   out->probes = n;
   return log2f(pmax / (float)n);
}

static float
vgpu_lod_clampf(float x, float lo, float hi)
{
   return x < lo ? lo : x > hi ? hi : x;
}

/* From lambda' to the levels the filter reads. */
static void
vgpu_lod_select(const struct vgpu_tex_surface *s, const struct vgpu_sampler_state *ss,
                const struct vgpu_tex_op *op, const struct vgpu_tex_args *a,
                struct vgpu_tex_lod_choice *out)
{
   float lo = ss->min_lod;
   if (op->has_min_lod)
      lo = fmaxf(lo, vgpu_tex_coord_sane(a->min_lod));
   float lod = fminf(fmaxf(out->unclamped, lo), ss->max_lod);
   lod = fmaxf(lod, s->resource_min_lod);
   out->lod = lod;
   out->mag = lod <= ss->base_mip_level;
   out->level[0] = out->level[1] = 0;
   out->level1_weight = 0.0f;

   float q = (float)(s->levels ? s->levels - 1 : 0);
   if (ss->non_normalized)
      return;
   if (ss->mip_filter == VGPU_MIPFILTER_NONE) {
      /* Gen7's Base Mip Level names the LOD sampled without mipmapping. */
      out->level[0] = out->level[1] = (uint32_t)floorf(vgpu_lod_clampf(ss->base_mip_level, 0.0f, q) + 0.5f);
      return;
   }
   /* LOD Clamp Magnification Mode MIPNONE: magnification reads LOD 0. */
   if (out->mag && !ss->mag_clamp_mipfilter)
      return;
   float d = vgpu_lod_clampf(lod, 0.0f, q);
   if (ss->mip_filter != VGPU_MIPFILTER_LINEAR || s->integer) {
      uint32_t l = (uint32_t)floorf(d + 0.5f);
      out->level[0] = out->level[1] = l > (uint32_t)q ? (uint32_t)q : l;
      return;
   }
   uint32_t l0 = (uint32_t)floorf(d);
   out->level[0] = l0;
   out->level[1] = (float)l0 < q ? l0 + 1 : l0;
   out->level1_weight = d - (float)l0;
}

static float
vgpu_lod_biases(const struct vgpu_sampler_state *ss, const struct vgpu_tex_op *op,
                const struct vgpu_tex_args *a)
{
   float bias = ss->lod_bias;
   if (op->lod == VGPU_TEX_LOD_BIAS)
      bias += vgpu_tex_coord_sane(a->lod);
   return bias;
}

/* d/dx and d/dy of pixel k's coordinates in the message's gradients. */
static void
vgpu_lod_gradients(const struct vgpu_tex_surface *s, const struct vgpu_tex_args *a,
                   float dx[3], float dy[3])
{
   if (vgpu_lod_is_cube(s)) {
      unsigned face = vgpu_tex_cube_face(a->coord);
      vgpu_tex_cube_st_deriv(face, a->coord, a->grad[0], dx);
      vgpu_tex_cube_st_deriv(face, a->coord, a->grad[1], dy);
      dx[2] = dy[2] = 0.0f;
      return;
   }
   unsigned n = vgpu_tex_coord_count(s);
   for (unsigned c = 0; c < 3; c++) {
      dx[c] = c < n ? a->grad[0][c] : 0.0f;
      dy[c] = c < n ? a->grad[1][c] : 0.0f;
   }
}

void
vgpu_tex_lod_quad(const struct vgpu_tex_surface *s, const struct vgpu_sampler_state *ss,
                  const struct vgpu_tex_op *op, const struct vgpu_tex_args args[4],
                  struct vgpu_tex_lod_choice out[4])
{
   float scale[3];
   vgpu_lod_scale(s, ss, scale);
   float quad_lod = 0.0f;
   struct vgpu_tex_lod_choice quad = { .probes = 1 };
   bool implicit = op->lod == VGPU_TEX_LOD_IMPLICIT || op->lod == VGPU_TEX_LOD_BIAS;
   if (implicit) {
      unsigned face = vgpu_lod_is_cube(s) ? vgpu_tex_cube_face(args[0].coord) : 0;
      float c[3][3], dx[3], dy[3];
      for (unsigned k = 0; k < 3; k++)
         vgpu_lod_pixel_coords(s, &args[k], face, c[k]);
      for (unsigned a = 0; a < 3; a++) {
         dx[a] = c[1][a] - c[0][a];
         dy[a] = c[2][a] - c[0][a];
      }
      quad_lod = vgpu_lod_from_derivs(s, ss, dx, dy, scale, &quad);
   }
   for (unsigned k = 0; k < 4; k++) {
      struct vgpu_tex_lod_choice *o = &out[k];
      *o = quad;
      float base = 0.0f;
      switch (op->lod) {
      case VGPU_TEX_LOD_IMPLICIT:
      case VGPU_TEX_LOD_BIAS:
         base = quad_lod;
         break;
      case VGPU_TEX_LOD_EXPLICIT:
         base = vgpu_tex_coord_sane(args[k].lod);
         break;
      case VGPU_TEX_LOD_GRADIENTS: {
         float dx[3], dy[3];
         vgpu_lod_gradients(s, &args[k], dx, dy);
         base = vgpu_lod_from_derivs(s, ss, dx, dy, scale, o);
         break;
      }
      default:
         break;
      }
      o->unclamped = base + vgpu_lod_biases(ss, op, &args[k]);
      vgpu_lod_select(s, ss, op, &args[k], o);
   }
}

/* Texel addressing: the TEXCOORDMODEs of SAMPLER_STATE (PRM Vol 2d
 * "SAMPLER_STATE" TCX/TCY/TCZ Address Control Mode; Vulkan "Wrapping
 * Operation"), cube face selection and seamless cube edges (Vulkan "Cube
 * Map Face Selection", "Cube Map Edge Handling"). */
#include <math.h>

#include "vgpu_sampler_filter.h"

float
vgpu_tex_coord_sane(float x)
{
   if (isnan(x))
      return 0.0f;
   if (x > VGPU_TEX_COORD_LIMIT)
      return VGPU_TEX_COORD_LIMIT;
   if (x < -VGPU_TEX_COORD_LIMIT)
      return -VGPU_TEX_COORD_LIMIT;
   return x;
}

unsigned
vgpu_tex_coord_count(const struct vgpu_tex_surface *s)
{
   switch (s->d.type) {
   case ISL_SURFTYPE_1D:
      return 1;
   case ISL_SURFTYPE_3D:
      return 3;
   default:
      return 2;
   }
}

void
vgpu_tex_level_size(const struct vgpu_tex_surface *s, uint32_t level, uint32_t size[3])
{
   unsigned n = vgpu_tex_coord_count(s);
   size[0] = isl_minify(s->d.surf.width, level);
   size[1] = n >= 2 ? isl_minify(s->d.surf.height, level) : 1;
   size[2] = n >= 3 ? isl_minify(s->d.surf.depth, level) : 1;
}

static int64_t
vgpu_tex_mod(int64_t i, int64_t n)
{
   int64_t m = i % n;
   return m < 0 ? m + n : m;
}

int64_t
vgpu_tex_address(uint8_t mode, int64_t i, uint32_t n)
{
   int64_t last = (int64_t)n - 1;
   switch (mode) {
   case VGPU_TC_WRAP:
      return vgpu_tex_mod(i, n);
   case VGPU_TC_MIRROR: {
      /* Period 2n, the edge texel repeated at each turn. */
      int64_t m = vgpu_tex_mod(i, 2 * (int64_t)n);
      return m < n ? m : 2 * (int64_t)n - 1 - m;
   }
   case VGPU_TC_MIRROR_101: {
      /* Period 2n - 2: the edge texel not repeated. */
      if (n == 1)
         return 0;
      int64_t m = vgpu_tex_mod(i, 2 * last);
      return m < n ? m : 2 * last - m;
   }
   case VGPU_TC_MIRROR_ONCE:
      /* One reflection about 0, then clamped to the edge. */
      if (i < 0)
         i = -1 - i;
      return i > last ? last : i;
   case VGPU_TC_CLAMP_BORDER:
   case VGPU_TC_HALF_BORDER:
      /* HALF_BORDER's coordinates are clamped half a texel past the edge
       * before they get here, so only a linear filter's outer texels
       * reach the border. */
      return i < 0 || i > last ? -1 : i;
   default:
      /* CLAMP; CUBE on a surface that is no cube clamps as well. */
      return i < 0 ? 0 : i > last ? last : i;
   }
}

/* MIRROR and MIRROR_ONCE reflect the coordinate itself (PRM SAMPLER_STATE
 * TEXCOORDMODE_MIRROR: the map mirrored at every integer boundary of the
 * coordinate), and a texel's half-open interval reflects with it: a
 * coordinate exactly on a texel boundary inside a mirrored copy takes the
 * texel its reflection falls in (lavapipe does the same; Vulkan's integer
 * formula takes the neighbour there, a difference only sub-texel
 * precision can see).  The other modes work on floor(t). */
int64_t
vgpu_tex_nearest_index(uint8_t mode, double t, uint32_t n)
{
   double size = n;
   if (mode == VGPU_TC_MIRROR) {
      double r = t - 2.0 * size * floor(t / (2.0 * size));
      t = r >= size ? 2.0 * size - r : r;
   } else if (mode == VGPU_TC_MIRROR_ONCE) {
      t = fabs(t);
   } else {
      return (int64_t)floor(t);
   }
   int64_t i = (int64_t)floor(t);
   /* The reflection of the far edge itself belongs to the last texel. */
   return i >= (int64_t)n ? (int64_t)n - 1 : i;
}

/* ---- cube maps ---- */

/* Per face (Vulkan's cube map face table): the outward major axis and
 * the directions s and t grow in, each as (component, sign). */
struct vgpu_cube_axes {
   uint8_t m, s, t;
   int8_t m_sign, s_sign, t_sign;
};

static const struct vgpu_cube_axes vgpu_cube_faces[6] = {
   { 0, 2, 1,  1, -1, -1 },   /* +X: sc = -rz, tc = -ry */
   { 0, 2, 1, -1,  1, -1 },   /* -X: sc = +rz, tc = -ry */
   { 1, 0, 2,  1,  1,  1 },   /* +Y: sc = +rx, tc = +rz */
   { 1, 0, 2, -1,  1, -1 },   /* -Y: sc = +rx, tc = -rz */
   { 2, 0, 1,  1,  1, -1 },   /* +Z: sc = +rx, tc = -ry */
   { 2, 0, 1, -1, -1, -1 },   /* -Z: sc = -rx, tc = -ry */
};

unsigned
vgpu_tex_cube_face(const float dir[3])
{
   float ax = fabsf(vgpu_tex_coord_sane(dir[0]));
   float ay = fabsf(vgpu_tex_coord_sane(dir[1]));
   float az = fabsf(vgpu_tex_coord_sane(dir[2]));
   if (az >= ax && az >= ay)
      return dir[2] < 0.0f ? 5 : 4;
   if (ay >= ax)
      return dir[1] < 0.0f ? 3 : 2;
   return dir[0] < 0.0f ? 1 : 0;
}

/* The signed components sc, tc and ma of dir on the face. */
static void
vgpu_cube_components(unsigned face, const float dir[3], float c[3])
{
   const struct vgpu_cube_axes *a = &vgpu_cube_faces[face];
   c[0] = a->s_sign * vgpu_tex_coord_sane(dir[a->s]);
   c[1] = a->t_sign * vgpu_tex_coord_sane(dir[a->t]);
   c[2] = a->m_sign * vgpu_tex_coord_sane(dir[a->m]);
}

void
vgpu_tex_cube_st(unsigned face, const float dir[3], float st[2])
{
   float c[3];
   vgpu_cube_components(face, dir, c);
   /* A zero direction selects +Z with ma = 0: the face's centre. */
   float ma = fabsf(c[2]);
   for (unsigned k = 0; k < 2; k++)
      st[k] = ma > 0.0f ? vgpu_tex_coord_sane(0.5f * (c[k] / ma + 1.0f)) : 0.5f;
}

void
vgpu_tex_cube_st_deriv(unsigned face, const float dir[3], const float ddir[3], float dst[2])
{
   float c[3], dc[3];
   vgpu_cube_components(face, dir, c);
   vgpu_cube_components(face, ddir, dc);
   float ma = fabsf(c[2]);
   float dma = c[2] < 0.0f ? -dc[2] : dc[2];
   for (unsigned k = 0; k < 2; k++) {
      /* d(0.5 * (sc / |ma| + 1)) = 0.5 * (dsc * |ma| - sc * d|ma|) / ma^2 */
      dst[k] = ma > 0.0f ? vgpu_tex_coord_sane(0.5f * (dc[k] * ma - c[k] * dma) / (ma * ma))
                         : 0.0f;
   }
}

/* The texel (i, j), both inside [0, n), of the face a point of the unit
 * cube's surface lies on; p holds 2 * (position in texels) - n per axis
 * so that everything stays integral. */
static void
vgpu_cube_texel_at(const int64_t p[3], uint32_t n, unsigned *face, uint32_t xy[2])
{
   float dir[3] = { (float)p[0], (float)p[1], (float)p[2] };
   unsigned f = vgpu_tex_cube_face(dir);
   const struct vgpu_cube_axes *a = &vgpu_cube_faces[f];
   int64_t sc = a->s_sign * p[a->s], tc = a->t_sign * p[a->t];
   /* sc = 2 * (i + 0.5) - n  ->  i = (sc + n - 1) / 2 */
   int64_t i = (sc + (int64_t)n - 1) / 2, j = (tc + (int64_t)n - 1) / 2;
   *face = f;
   xy[0] = (uint32_t)(i < 0 ? 0 : i >= n ? n - 1 : i);
   xy[1] = (uint32_t)(j < 0 ? 0 : j >= n ? n - 1 : j);
}

/* Texel (i, j) of face, i or j up to one texel past the edge, as a point
 * on the cube's surface folded over that edge onto the adjacent face. */
static void
vgpu_cube_fold(unsigned face, int64_t i, int64_t j, uint32_t n, unsigned *out_face,
               uint32_t xy[2])
{
   const struct vgpu_cube_axes *a = &vgpu_cube_faces[face];
   int64_t nn = n;
   /* Texel centres in units of half a texel from the face centre: inside
    * the face |sc|, |tc| < n; the face itself lies at ma = n. */
   int64_t sc = 2 * i + 1 - nn, tc = 2 * j + 1 - nn, ma = nn;
   if (sc > nn || sc < -nn) {
      int64_t over = (sc > 0 ? sc : -sc) - nn;
      ma = nn - over;
      sc = sc > 0 ? nn : -nn;
   } else if (tc > nn || tc < -nn) {
      int64_t over = (tc > 0 ? tc : -tc) - nn;
      ma = nn - over;
      tc = tc > 0 ? nn : -nn;
   }
   int64_t p[3];
   p[a->m] = a->m_sign * ma;
   p[a->s] = a->s_sign * sc;
   p[a->t] = a->t_sign * tc;
   vgpu_cube_texel_at(p, n, out_face, xy);
}

static int64_t
vgpu_clamp_index(int64_t i, uint32_t n)
{
   return i < 0 ? 0 : i >= (int64_t)n ? (int64_t)n - 1 : i;
}

unsigned
vgpu_tex_cube_seamless(unsigned face, int64_t i, int64_t j, uint32_t n, unsigned faces[3],
                       uint32_t xy[3][2])
{
   bool i_out = i < 0 || i >= (int64_t)n, j_out = j < 0 || j >= (int64_t)n;
   /* A filter footprint reaches at most one texel past an edge; farther
    * (offsets) clamps back to that ring first. */
   i = i < -1 ? -1 : i > (int64_t)n ? (int64_t)n : i;
   j = j < -1 ? -1 : j > (int64_t)n ? (int64_t)n : j;
   if (!i_out && !j_out) {
      faces[0] = face;
      xy[0][0] = (uint32_t)i;
      xy[0][1] = (uint32_t)j;
      return 1;
   }
   if (i_out != j_out) {
      vgpu_cube_fold(face, i, j, n, &faces[0], xy[0]);
      return 1;
   }
   /* A corner: the three faces' texels that meet there. */
   int64_t ci = vgpu_clamp_index(i, n), cj = vgpu_clamp_index(j, n);
   faces[0] = face;
   xy[0][0] = (uint32_t)ci;
   xy[0][1] = (uint32_t)cj;
   vgpu_cube_fold(face, i, cj, n, &faces[1], xy[1]);
   vgpu_cube_fold(face, ci, j, n, &faces[2], xy[2]);
   return 3;
}

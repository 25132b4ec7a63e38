/* The clipper and strips-and-fans setup (PRM Vol 7 "3D Pipeline:
 * Clipper", "Strips and Fans (SF)"): the clip tests and clipping against
 * the guard band (x, y), the depth range (z) and the user clip distances,
 * cull distances, the perspective divide and the viewport transform,
 * the drawing rectangle origin, the provoking vertex, face culling, fill
 * modes and depth offset.  Each primitive left over goes to the
 * rasterizer.  RECTLISTs only go through the viewport transform.
 *
 * Clipping is Sutherland-Hodgman in clip space, one plane after another;
 * a new vertex is always interpolated from the edge's inside vertex
 * towards its outside one, so two triangles sharing an edge get the same
 * point and the rasterizer's top-left rule keeps them watertight. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "vgpu_gpgpu.h"
#include "vgpu_pipe.h"
#include "vgpu_raster.h"

/* 3D_Prim_Topo_Type values whose provoking vertex follows strip parity
 * or the fan rule. */
#define TOPO_TRISTRIP 5
#define TOPO_TRIFAN 6
#define TOPO_TRISTRIP_ADJ 12

/* 3DSTATE_SF/RASTER and 3DSTATE_CLIP encodings (genxml's enums). */
#define CULLMODE_BOTH 0
#define CULLMODE_FRONT 2
#define CULLMODE_BACK 3
#define FRONTWINDING_CCW 1
#define FILL_WIREFRAME 1
#define FILL_POINT 2
#define APIMODE_D3D 1
#define CLIPMODE_REJECT_ALL 3
#define CLIPMODE_ACCEPT_ALL 4

/* 3DSTATE_DEPTH_BUFFER Surface Format. */
#define DEPTH_D32_FLOAT_S8X24 0
#define DEPTH_D32_FLOAT 1
#define DEPTH_D16_UNORM 5

/* VUE rows (PRM Vol 7 "Vertex URB Entry (VUE) Formats"). */
#define VUE_HEADER_RTAI 1
#define VUE_HEADER_VIEWPORT 2
#define VUE_HEADER_POINT_WIDTH 3
#define VUE_POSITION_ROW 1
#define VUE_CLIP_DISTANCE_DW 8        /* rows 2-3: distances 0-7 */

/* w > 0, four x/y planes, two z planes, eight user clip distances. */
#define CLIP_MAX_PLANES 15
#define CLIP_MAX_POLY (3 + CLIP_MAX_PLANES)
/* Each plane cuts a convex polygon in at most two new vertices. */
#define CLIP_MAX_NEW (2 * CLIP_MAX_PLANES)

/* A plane's signed distance: dot(a, position) + c, or a user clip
 * distance the VUE carries (user >= 0); inside when >= 0. */
struct clip_plane {
   float a[4], c;
   int user;
};

struct clip_vertex {
   float pos[4];                 /* clip space */
   const uint32_t *dw;           /* its VUE */
};

/* What one primitive's vertices share. */
struct clip_prim {
   struct vgpu_draw_run *r;
   const struct vgpu_prim *p;
   unsigned rows;                /* VUE rows every vertex has */
   struct clip_plane plane[CLIP_MAX_PLANES];
   unsigned nplanes;
   uint32_t *pool;               /* new vertices' VUEs, on first need */
   unsigned pool_used;
   unsigned provoking;           /* index into p->v */
   uint32_t viewport_index;
   const struct vgpu_viewport *vp;
};

static float
dw_float(uint32_t dw)
{
   float f;
   memcpy(&f, &dw, sizeof(f));
   return f;
}

static uint32_t
float_dw(float f)
{
   uint32_t dw;
   memcpy(&dw, &f, sizeof(dw));
   return dw;
}

/* ---- planes ---- */

static void
add_plane(struct clip_prim *c, float ax, float ay, float az, float aw, float k)
{
   struct clip_plane *pl = &c->plane[c->nplanes++];
   *pl = (struct clip_plane){ .a = { ax, ay, az, aw }, .c = k, .user = -1 };
}

/* The last geometry stage, whose packet's clip-distance mask says which
 * distances its VUEs carry (Gen8+). */
static const struct vgpu_3d_shader *
last_geometry_stage(const struct vgpu_3d *st)
{
   if (st->shader[VGPU_3D_GS].enable)
      return &st->shader[VGPU_3D_GS];
   if (st->tessellation)
      return &st->shader[VGPU_3D_DS];
   return &st->shader[VGPU_3D_VS];
}

static uint32_t
clip_distance_mask(const struct vgpu_3d *st)
{
   return (st->raster.clip_distance_mask |
           last_geometry_stage(st)->clip_distance_mask) & 0xff;
}

static uint32_t
cull_distance_mask(const struct vgpu_3d *st)
{
   return (st->raster.cull_distance_mask |
           last_geometry_stage(st)->cull_distance_mask) & 0xff;
}

/* The clip tests 3DSTATE_CLIP enables.  The hardware clips x and y
 * against the guard band only and leaves the rest of the view volume to
 * the viewport extents and the scissor (vgpu_raster.c); without the
 * guard band test it clips to the viewport, -w <= x, y <= w.  Vulkan's
 * depth range is 0 <= z <= w (APIMODE_D3D), OpenGL's -w <= z <= w.  The
 * w > 0 plane keeps the perspective divide finite: every vertex the
 * other planes keep has w >= 0. */
static void
setup_planes(struct clip_prim *c)
{
   const struct vgpu_3d_raster *ra = &c->r->st->raster;
   c->nplanes = 0;
   if (!ra->clip_enable || ra->clip_mode == CLIPMODE_ACCEPT_ALL)
      return;
   add_plane(c, 0, 0, 0, 1, -FLT_MIN);
   if (ra->guardband_clip) {
      add_plane(c, 1, 0, 0, -c->vp->gb_xmin, 0);
      add_plane(c, -1, 0, 0, c->vp->gb_xmax, 0);
      add_plane(c, 0, 1, 0, -c->vp->gb_ymin, 0);
      add_plane(c, 0, -1, 0, c->vp->gb_ymax, 0);
   } else if (ra->viewport_xy_clip) {
      add_plane(c, 1, 0, 0, 1, 0);
      add_plane(c, -1, 0, 0, 1, 0);
      add_plane(c, 0, 1, 0, 1, 0);
      add_plane(c, 0, -1, 0, 1, 0);
   }
   if (ra->viewport_z_clip)
      add_plane(c, 0, 0, 1, ra->api_mode == APIMODE_D3D ? 0 : 1, 0);
   if (ra->viewport_z_far_clip)
      add_plane(c, 0, 0, -1, 1, 0);
   uint32_t mask = clip_distance_mask(c->r->st);
   for (int i = 0; i < 8; i++) {
      if (mask & (1u << i))
         c->plane[c->nplanes++] = (struct clip_plane){ .user = i };
   }
}

static float
plane_distance(const struct clip_plane *pl, const struct clip_vertex *v)
{
   if (pl->user >= 0)
      return dw_float(v->dw[VUE_CLIP_DISTANCE_DW + pl->user]);
   return pl->a[0] * v->pos[0] + pl->a[1] * v->pos[1] + pl->a[2] * v->pos[2] +
          pl->a[3] * v->pos[3] + pl->c;
}

/* NaN counts as outside. */
static bool
inside(float d)
{
   return d >= 0.0f;
}

/* Vulkan "Primitive Clipping": a primitive is discarded when, for one
 * enabled cull distance, every vertex is negative. */
static bool
cull_distance_discards(const struct clip_prim *c, const struct clip_vertex *v,
                       unsigned n)
{
   uint32_t mask = cull_distance_mask(c->r->st);
   for (unsigned i = 0; i < 8; i++) {
      if (!(mask & (1u << i)))
         continue;
      unsigned negative = 0;
      for (unsigned k = 0; k < n; k++)
         negative += dw_float(v[k].dw[VUE_CLIP_DISTANCE_DW + i]) < 0.0f;
      if (negative == n)
         return true;
   }
   return false;
}

/* ---- new vertices ---- */

/* The VUE of a vertex at t from a towards b: every row interpolated
 * (rows whose bits agree stay exact, so integer attributes equal at both
 * ends survive), the header copied from a. */
static bool
interpolate(struct clip_prim *c, const struct clip_vertex *a,
            const struct clip_vertex *b, float t, struct clip_vertex *out)
{
   size_t dwords = (size_t)c->rows * 4;
   if (!c->pool) {
      c->pool = malloc(CLIP_MAX_NEW * dwords * sizeof(uint32_t));
      if (!c->pool) {
         vgpu_not_modelled("clipping (out of memory)");
         c->r->stop = true;
         return false;
      }
   }
   if (c->pool_used == CLIP_MAX_NEW)
      return false;
   uint32_t *dw = c->pool + c->pool_used++ * dwords;
   memcpy(dw, a->dw, 4 * sizeof(uint32_t));
   for (size_t i = 4; i < dwords; i++) {
      dw[i] = a->dw[i] == b->dw[i] ? a->dw[i]
            : float_dw(dw_float(a->dw[i]) +
                       t * (dw_float(b->dw[i]) - dw_float(a->dw[i])));
   }
   for (int k = 0; k < 4; k++)
      out->pos[k] = a->pos[k] + t * (b->pos[k] - a->pos[k]);
   out->dw = dw;
   return true;
}

/* The point where edge (in, out) crosses a plane, from the inside end. */
static bool
crossing(struct clip_prim *c, const struct clip_vertex *in, float din,
         const struct clip_vertex *out, float dout, struct clip_vertex *res)
{
   return interpolate(c, in, out, din / (din - dout), res);
}

/* Clips polygon poly (n vertices) against every plane; returns how many
 * vertices are left (0: nothing inside), or -1 when the draw stops.  A
 * convex polygon gains at most one vertex per plane; NaN or infinite
 * positions and distances can make it zigzag, and such a primitive is
 * dropped when it would outgrow CLIP_MAX_POLY. */
static int
clip_polygon(struct clip_prim *c, struct clip_vertex *poly, unsigned n)
{
   struct clip_vertex tmp[CLIP_MAX_POLY];
   for (unsigned k = 0; k < c->nplanes && n >= 3; k++) {
      float d[CLIP_MAX_POLY];
      for (unsigned i = 0; i < n; i++)
         d[i] = plane_distance(&c->plane[k], &poly[i]);
      unsigned m = 0;
      for (unsigned i = 0; i < n; i++) {
         unsigned j = (i + 1) % n;
         if (inside(d[i])) {
            if (m == CLIP_MAX_POLY)
               return 0;
            tmp[m++] = poly[i];
         }
         if (inside(d[i]) == inside(d[j]))
            continue;
         if (m == CLIP_MAX_POLY)
            return 0;
         bool ok = inside(d[i]) ? crossing(c, &poly[i], d[i], &poly[j], d[j], &tmp[m])
                                : crossing(c, &poly[j], d[j], &poly[i], d[i], &tmp[m]);
         if (!ok)
            return c->r->stop ? -1 : 0;
         m++;
      }
      memcpy(poly, tmp, m * sizeof(*poly));
      n = m;
   }
   return n >= 3 ? (int)n : 0;
}

/* ---- provoking vertex, viewport ---- */

/* Which of p->v the SF's provoking vertex selects name (3DSTATE_SF/CLIP
 * "... Provoking Vertex Select").  The hardware numbers a strip triangle
 * (i, i+1, i+2) while the assembler gives an odd one as (i, i+2, i+1)
 * (vgpu_vf.c), so positions 1 and 2 swap there; fans come as the
 * hardware numbers them. */
static unsigned
provoking_index(const struct vgpu_3d_raster *ra, const struct vgpu_prim *p)
{
   switch (p->kind) {
   case VGPU_PRIM_LINE:
      return ra->provoking_linestrip >= 1 ? 1 : 0;
   case VGPU_PRIM_TRIANGLE: {
      uint32_t sel = p->topology == TOPO_TRIFAN ? ra->provoking_trifan
                                                : ra->provoking_tristrip;
      if (sel > 2)
         sel = 0;
      bool odd_strip = (p->topology == TOPO_TRISTRIP ||
                        p->topology == TOPO_TRISTRIP_ADJ) &&
                       (p->index_in_strip & 1);
      if (odd_strip && sel != 0)
         sel = 3 - sel;
      return sel;
   }
   default:
      return 0;
   }
}

/* The VUE header's Viewport Index, 0 beyond 3DSTATE_CLIP's Maximum VP
 * Index (PRM Vol 7 "Viewport Index"). */
static uint32_t
viewport_index(const struct vgpu_draw_run *r, const struct vgpu_vue *v)
{
   uint32_t index = v->dw[VUE_HEADER_VIEWPORT];
   return index < r->clip.count ? index : 0;
}

/* ---- setup ---- */

/* Perspective divide, viewport transform, drawing rectangle origin. */
static void
to_window(const struct clip_prim *c, const struct clip_vertex *v,
          struct vgpu_setup *s, unsigned k)
{
   const struct vgpu_3d *st = c->r->st;
   float w = v->pos[3];
   float inv_w = w != 0.0f ? 1.0f / w : 1.0f;
   float div = st->raster.perspective_divide_disable ? 1.0f : inv_w;
   float x = v->pos[0] * div, y = v->pos[1] * div, z = v->pos[2] * div;
   if (st->raster.viewport_transform) {
      x = c->vp->m00 * x + c->vp->m30;
      y = c->vp->m11 * y + c->vp->m31;
      z = c->vp->m22 * z + c->vp->m32;
   }
   s->x[k] = x + (float)st->draw_origin[0];
   s->y[k] = y + (float)st->draw_origin[1];
   s->z[k] = z;
   s->inv_w[k] = inv_w;
   s->v[k] = (struct vgpu_vue){ .dw = v->dw, .rows = c->rows };
}

static bool
in_raster_range(const struct vgpu_setup *s)
{
   for (unsigned k = 0; k < s->nverts; k++) {
      if (!(fabsf(s->x[k]) < VGPU_RASTER_MAX_COORD) ||
          !(fabsf(s->y[k]) < VGPU_RASTER_MAX_COORD))
         return false;
   }
   return true;
}

/* Twice the signed area on the snapped grid: positive when the triangle
 * runs clockwise as seen on the screen (y down). */
static int64_t
snapped_area2(const struct vgpu_setup *s)
{
   int64_t x0 = vgpu_raster_snap(s->x[0]), y0 = vgpu_raster_snap(s->y[0]);
   int64_t x1 = vgpu_raster_snap(s->x[1]), y1 = vgpu_raster_snap(s->y[1]);
   int64_t x2 = vgpu_raster_snap(s->x[2]), y2 = vgpu_raster_snap(s->y[2]);
   return (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
}

/* The SF's depth offset (PRM 3DSTATE_RASTER "Global Depth Offset
 * Constant"): Constant * r + Scale * MaxDepthSlope, r the smallest step
 * of the depth buffer's format; the drivers program Vulkan's factors
 * unchanged, so r is Vulkan's ("Depth Bias Computation"): 2^-n for
 * n-bit UNORM, for a float format 2^(e - 23) with e the largest exponent
 * of the primitive's depths; Legacy Global Depth Bias Enable makes it 1
 * (VK_DEPTH_BIAS_REPRESENTATION_FLOAT_EXT).  The slope is
 * max(|dz/dx|, |dz/dy|), which Vulkan allows for m. */
static float
depth_resolution(const struct vgpu_3d *st, const struct vgpu_setup *s)
{
   if (st->raster.legacy_depth_bias)
      return 1.0f;
   switch (st->depth.format) {
   case DEPTH_D32_FLOAT_S8X24:
   case DEPTH_D32_FLOAT: {
      float zmax = fmaxf(fmaxf(fabsf(s->z[0]), fabsf(s->z[1])), fabsf(s->z[2]));
      int e = 0;
      frexpf(zmax > FLT_MIN ? zmax : FLT_MIN, &e);
      return ldexpf(1.0f, e - 1 - 23);
   }
   case DEPTH_D16_UNORM:
      return ldexpf(1.0f, -16);
   default:
      return ldexpf(1.0f, -24);
   }
}

static float
depth_offset(const struct vgpu_3d *st, const struct vgpu_setup *s)
{
   const struct vgpu_3d_raster *ra = &st->raster;
   float a2 = (s->x[1] - s->x[0]) * (s->y[2] - s->y[0]) -
              (s->x[2] - s->x[0]) * (s->y[1] - s->y[0]);
   float m = 0.0f;
   if (a2 != 0.0f) {
      float dzdx = ((s->z[1] - s->z[0]) * (s->y[2] - s->y[0]) -
                    (s->z[2] - s->z[0]) * (s->y[1] - s->y[0])) / a2;
      float dzdy = ((s->x[1] - s->x[0]) * (s->z[2] - s->z[0]) -
                    (s->x[2] - s->x[0]) * (s->z[1] - s->z[0])) / a2;
      m = fmaxf(fabsf(dzdx), fabsf(dzdy));
   }
   float o = m * ra->depth_offset_scale +
             depth_resolution(st, s) * ra->depth_offset_constant;
   if (ra->depth_offset_clamp > 0.0f)
      return fminf(o, ra->depth_offset_clamp);
   if (ra->depth_offset_clamp < 0.0f)
      return fmaxf(o, ra->depth_offset_clamp);
   return o;
}

/* Face culling (3DSTATE_SF/RASTER Cull Mode, Front Winding): false when
 * the triangle goes no further; sets its facing. */
static bool
cull_triangle(const struct vgpu_3d_raster *ra, struct vgpu_setup *s)
{
   int64_t a2 = snapped_area2(s);
   if (a2 == 0)
      return false;
   bool clockwise = a2 > 0;
   s->front_facing = ra->front_winding == FRONTWINDING_CCW ? !clockwise : clockwise;
   switch (ra->cull_mode) {
   case CULLMODE_BOTH:
      return false;
   case CULLMODE_FRONT:
      return !s->front_facing;
   case CULLMODE_BACK:
      return s->front_facing;
   default:
      return true;
   }
}

/* Point width: 3DSTATE_SF's, or the VUE header's clamped to 3DSTATE_CLIP's
 * minimum and maximum. */
static float
point_width(const struct clip_prim *c, const struct clip_vertex *v)
{
   const struct vgpu_3d_raster *ra = &c->r->st->raster;
   if (ra->point_width_from_state)
      return ra->point_width;
   float w = dw_float(v->dw[VUE_HEADER_POINT_WIDTH]);
   if (!(w >= ra->min_point_width))
      w = ra->min_point_width;
   if (ra->max_point_width > 0.0f && w > ra->max_point_width)
      w = ra->max_point_width;
   return w;
}

/* The parts of a triangle that are its polygon's own: edge e runs from
 * vertex e to vertex (e + 1) % 3.  Of a clipped polygon's fan, the edges
 * inside it are no one's and a shared vertex belongs to one triangle. */
struct polygon_parts {
   unsigned edges, points;       /* bit per edge, per vertex */
};

#define WHOLE_TRIANGLE ((struct polygon_parts){ 7, 7 })

/* A line or a point of a triangle drawn in a non-solid fill mode, from
 * the triangle's vertices ks. */
static void
emit_part(struct clip_prim *c, const struct vgpu_setup *tri,
          const struct clip_vertex *v, enum vgpu_prim_kind kind,
          const unsigned *ks, unsigned n, float offset)
{
   struct vgpu_setup s = *tri;
   s.kind = kind;
   s.nverts = n;
   s.depth_offset = offset;
   s.provoking = 0;
   for (unsigned i = 0; i < n; i++) {
      unsigned k = ks[i];
      s.x[i] = tri->x[k];
      s.y[i] = tri->y[k];
      s.z[i] = tri->z[k];
      s.inv_w[i] = tri->inv_w[k];
      s.v[i] = tri->v[k];
      if (tri->v[k].dw == tri->flat.dw)
         s.provoking = i;
   }
   if (kind == VGPU_PRIM_POINT)
      s.width = point_width(c, &v[ks[0]]);
   vgpu_raster_setup(c->r, &s);
}

/* 3DSTATE_SF/RASTER Front/Back Face Fill Mode WIREFRAME and POINT
 * (Vulkan's polygon modes LINE and POINT, applied after clipping and
 * culling): the edges as lines, the vertices as points, with the
 * triangle's facing, and its depth offset when Global Depth Offset Enable
 * Wireframe/Point says so. */
static void
emit_non_solid(struct clip_prim *c, const struct vgpu_setup *tri,
               const struct clip_vertex *v, uint32_t fill,
               struct polygon_parts parts)
{
   const struct vgpu_3d_raster *ra = &c->r->st->raster;
   bool wire = fill == FILL_WIREFRAME;
   bool offset_enable = wire ? ra->depth_offset_wireframe : ra->depth_offset_point;
   float offset = offset_enable ? depth_offset(c->r->st, tri) : 0.0f;
   for (unsigned k = 0; k < 3 && !c->r->stop; k++) {
      if (wire && (parts.edges & (1u << k)))
         emit_part(c, tri, v, VGPU_PRIM_LINE, (const unsigned[]){ k, (k + 1) % 3 }, 2, offset);
      else if (!wire && (parts.points & (1u << k)))
         emit_part(c, tri, v, VGPU_PRIM_POINT, &k, 1, offset);
   }
}

/* Transforms and sets up n clipped vertices as one primitive and passes
 * it on.  provoking indexes v (a clipped triangle's pieces: 0, their fan
 * vertex; s.flat keeps the original provoking vertex either way). */
static void
emit(struct clip_prim *c, enum vgpu_prim_kind kind, const struct clip_vertex *v,
     unsigned n, unsigned provoking, struct polygon_parts parts)
{
   struct vgpu_draw_run *r = c->r;
   const struct vgpu_3d_raster *ra = &r->st->raster;
   const struct vgpu_vue *orig = &c->p->v[c->provoking];
   struct vgpu_setup s = {
      .kind = kind,
      .nverts = n,
      .provoking = provoking,
      .flat = *orig,
      .viewport_index = c->viewport_index,
      .render_target_array_index = ra->force_zero_rtai ? 0 : orig->dw[VUE_HEADER_RTAI],
      .primitive_id = c->p->primitive_id,
      .front_facing = true,
   };
   for (unsigned k = 0; k < n; k++)
      to_window(c, &v[k], &s, k);
   if (ra->clip_statistics)
      r->stats.clipper_primitives++;
   if (!in_raster_range(&s))
      return;
   if (kind == VGPU_PRIM_POINT)
      s.width = point_width(c, &v[0]);
   if (kind != VGPU_PRIM_TRIANGLE) {
      vgpu_raster_setup(r, &s);
      return;
   }
   if (!cull_triangle(ra, &s))
      return;
   uint32_t fill = s.front_facing ? ra->front_fill : ra->back_fill;
   if (fill == FILL_WIREFRAME || fill == FILL_POINT) {
      emit_non_solid(c, &s, v, fill, parts);
      return;
   }
   if (ra->depth_offset_solid)
      s.depth_offset = depth_offset(r->st, &s);
   vgpu_raster_setup(r, &s);
}

/* ---- per kind ---- */

static void
clip_triangle(struct clip_prim *c, struct clip_vertex *v)
{
   bool all_inside = true;
   for (unsigned k = 0; k < c->nplanes && all_inside; k++) {
      for (unsigned i = 0; i < 3; i++)
         all_inside &= inside(plane_distance(&c->plane[k], &v[i]));
   }
   if (all_inside) {
      emit(c, VGPU_PRIM_TRIANGLE, v, 3, c->provoking, WHOLE_TRIANGLE);
      return;
   }
   struct clip_vertex poly[CLIP_MAX_POLY];
   memcpy(poly, v, 3 * sizeof(*v));
   int n = clip_polygon(c, poly, 3);
   /* The clipped polygon goes on as a fan, each triangle keeping the
    * original winding, from the provoking vertex when it survived: then
    * every piece has it, unchanged, as its own provoking vertex. */
   int first = 0;
   for (int i = 0; i < n; i++) {
      if (poly[i].dw == c->p->v[c->provoking].dw)
         first = i;
   }
   for (int i = 1; i + 1 < n && !c->r->stop; i++) {
      struct clip_vertex tri[3] = {
         poly[first], poly[(first + i) % n], poly[(first + i + 1) % n],
      };
      struct polygon_parts parts = {
         .edges = (i == 1 ? 1u : 0) | 2u | (i == n - 2 ? 4u : 0),
         .points = (i == 1 ? 3u : 0) | 4u,
      };
      emit(c, VGPU_PRIM_TRIANGLE, tri, 3, 0, parts);
   }
}

/* Liang-Barsky on the segment's parameter, plane by plane. */
static void
clip_line(struct clip_prim *c, struct clip_vertex *v)
{
   float t0 = 0.0f, t1 = 1.0f;
   for (unsigned k = 0; k < c->nplanes; k++) {
      float d0 = plane_distance(&c->plane[k], &v[0]);
      float d1 = plane_distance(&c->plane[k], &v[1]);
      if (!inside(d0) && !inside(d1))
         return;
      if (!inside(d0))
         t0 = fmaxf(t0, d0 / (d0 - d1));
      else if (!inside(d1))
         t1 = fminf(t1, d0 / (d0 - d1));
   }
   if (!(t0 < t1))
      return;
   struct clip_vertex out[2] = { v[0], v[1] };
   if (t0 > 0.0f && !interpolate(c, &v[0], &v[1], t0, &out[0]))
      return;
   if (t1 < 1.0f && !interpolate(c, &v[0], &v[1], t1, &out[1]))
      return;
   emit(c, VGPU_PRIM_LINE, out, 2, c->provoking, WHOLE_TRIANGLE);
}

/* Vulkan: a point is kept whole when its vertex is inside, else dropped;
 * its square may reach past the viewport, where the viewport extents and
 * the scissor stop it. */
static void
clip_point(struct clip_prim *c, struct clip_vertex *v)
{
   for (unsigned k = 0; k < c->nplanes; k++) {
      if (!inside(plane_distance(&c->plane[k], &v[0])))
         return;
   }
   emit(c, VGPU_PRIM_POINT, v, 1, 0, WHOLE_TRIANGLE);
}

static unsigned
vertex_count(enum vgpu_prim_kind kind)
{
   switch (kind) {
   case VGPU_PRIM_POINT: return 1;
   case VGPU_PRIM_LINE: return 2;
   default: return 3;
   }
}

static bool
vertices_readable(struct clip_prim *c)
{
   const struct vgpu_prim *p = c->p;
   unsigned n = vertex_count(p->kind);
   if (p->nverts != n)
      return false;
   c->rows = p->v[0].rows;
   for (unsigned i = 0; i < n; i++) {
      if (!p->v[i].dw)
         return false;
      if (p->v[i].rows < c->rows)
         c->rows = p->v[i].rows;
   }
   /* Header and position, and the distances when any is tested. */
   unsigned need = clip_distance_mask(c->r->st) | cull_distance_mask(c->r->st) ? 4 : 2;
   return c->rows >= need;
}

static void
clip_prim(struct vgpu_draw_run *r, const struct vgpu_prim *p)
{
   if (!r->clip.loaded && !vgpu_clip_load_state(r))
      return;
   const struct vgpu_3d_raster *ra = &r->st->raster;
   if (ra->clip_statistics)
      r->stats.clipper_invocations++;
   if (ra->clip_enable && ra->clip_mode == CLIPMODE_REJECT_ALL)
      return;

   struct clip_prim c = { .r = r, .p = p };
   if (!vertices_readable(&c)) {
      vgpu_not_modelled("a primitive whose VUEs lack the rows clipping reads");
      r->stop = true;
      return;
   }
   c.provoking = provoking_index(ra, p);
   c.viewport_index = viewport_index(r, &p->v[c.provoking]);
   c.vp = &r->clip.vp[c.viewport_index];

   struct clip_vertex v[3];
   unsigned n = vertex_count(p->kind);
   for (unsigned i = 0; i < n; i++) {
      for (int k = 0; k < 4; k++)
         v[i].pos[k] = dw_float(p->v[i].dw[VUE_POSITION_ROW * 4 + k]);
      v[i].dw = p->v[i].dw;
   }
   if (cull_distance_discards(&c, v, n))
      return;

   /* RECTLIST bypasses clipping: the drivers draw it with the clip unit
    * off or its rectangle inside the guard band. */
   if (p->kind != VGPU_PRIM_RECT)
      setup_planes(&c);
   switch (p->kind) {
   case VGPU_PRIM_POINT: clip_point(&c, v); break;
   case VGPU_PRIM_LINE: clip_line(&c, v); break;
   case VGPU_PRIM_TRIANGLE: clip_triangle(&c, v); break;
   case VGPU_PRIM_RECT: emit(&c, VGPU_PRIM_RECT, v, 3, 0, WHOLE_TRIANGLE); break;
   }
   free(c.pool);
}

void
vgpu_clip_prim(struct vgpu_draw_run *r, const struct vgpu_prim *p)
{
   if (!vgpu_replicate_prim(r, p, clip_prim))
      clip_prim(r, p);
}

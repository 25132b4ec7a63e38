/* The fixed-function tessellator (see vgpu_te.h).
 *
 * Vulkan "Tessellation Primitive Generation": a triangle or quad domain is
 * a set of concentric rings.  The outermost ring's edges are subdivided by
 * the outer levels, every inner ring's by the inner level(s) less two per
 * ring step; the region between two neighbouring rings is filled with
 * triangles that connect the points of each edge of the outer ring to the
 * points of the matching edge of the inner ring ("stitching": both are
 * straight, so any monotone zig-zag between them covers the trapezoid
 * they bound exactly once).  The innermost ring is a point, a line of
 * points, a triangle or a strip of quads.  Isolines are rows of points.
 *
 * Coordinates of points on the outer edges come straight from the 1D
 * subdivision (corner weights 0 and 1), so neighbouring patches with
 * equal levels get the same coordinates on their common edge. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "vgpu_te.h"

#define GRID (VGPU_TE_MAX_LEVEL + 1)

struct vgpu_te_level
vgpu_te_round(enum vgpu_te_partitioning p, float level)
{
   float lo = p == VGPU_TE_EVEN_FRACTIONAL ? 2.0f : 1.0f;
   float hi = p == VGPU_TE_ODD_FRACTIONAL ? VGPU_TE_MAX_LEVEL - 1 : VGPU_TE_MAX_LEVEL;
   float f = level >= lo ? level : lo;   /* NaN fails the test: lo */
   if (f > hi)
      f = hi;
   unsigned n = (unsigned)ceilf(f);
   if (p == VGPU_TE_ODD_FRACTIONAL && !(n & 1))
      n++;
   if (p == VGPU_TE_EVEN_FRACTIONAL && (n & 1))
      n++;
   return (struct vgpu_te_level){ n, f };
}

/* The unmirrored half: from the 0 end. */
static float
subdivide_from_start(struct vgpu_te_level l, unsigned i)
{
   if (i == 0)
      return 0.0f;
   if (2 * i == l.n)
      return 0.5f;
   if (l.n <= 2 || l.f >= (float)l.n)
      return (float)i / (float)l.n;
   /* Fractional: segments 1 and n are the short ones, the n - 2 between
    * them 1 / f long. */
   float full = 1.0f / l.f;
   float short_len = (1.0f - (float)(l.n - 2) * full) * 0.5f;
   return short_len + (float)(i - 1) * full;
}

float
vgpu_te_subdivide(enum vgpu_te_partitioning p, struct vgpu_te_level l, unsigned i)
{
   if (i >= l.n)
      return 1.0f;
   if (p == VGPU_TE_INTEGER)
      return (float)i / (float)l.n;   /* exact per the spec, unmirrored */
   if (2 * i > l.n)
      return 1.0f - subdivide_from_start(l, l.n - i);
   return subdivide_from_start(l, i);
}

/* ---- output ---- */

struct builder {
   enum vgpu_te_topology topology;
   struct vgpu_te_result *out;
   unsigned point_cap, prim_cap;
   bool oom;
};

static uint32_t
add_point(struct builder *b, float u, float v, float w)
{
   struct vgpu_te_result *o = b->out;
   if (b->oom)
      return 0;
   if (o->point_count == b->point_cap) {
      unsigned cap = b->point_cap ? 2 * b->point_cap : 64;
      struct vgpu_te_point *p = realloc(o->points, cap * sizeof(*p));
      if (!p) {
         b->oom = true;
         return 0;
      }
      o->points = p;
      b->point_cap = cap;
   }
   o->points[o->point_count] = (struct vgpu_te_point){ u, v, w };
   return o->point_count++;
}

static void
add_prim(struct builder *b, const uint32_t *idx)
{
   struct vgpu_te_result *o = b->out;
   if (b->oom)
      return;
   if (o->prim_count == b->prim_cap) {
      unsigned cap = b->prim_cap ? 2 * b->prim_cap : 64;
      uint32_t *p = realloc(o->prims, (size_t)cap * o->per * sizeof(*p));
      if (!p) {
         b->oom = true;
         return;
      }
      o->prims = p;
      b->prim_cap = cap;
   }
   memcpy(&o->prims[(size_t)o->prim_count * o->per], idx, o->per * sizeof(*idx));
   o->prim_count++;
}

/* A triangle in the winding 3DSTATE_TE asks for.  The hardware's TRI_CCW
 * is clockwise with u to the right and v up (Mesa's brw compiler: the
 * hardware's winding is backwards from OpenGL's, whose "ccw" is
 * counter-clockwise in that frame; Mesa flips the topology once more for
 * Vulkan's default upper-left domain origin). */
static void
add_triangle(struct builder *b, uint32_t i0, uint32_t i1, uint32_t i2)
{
   if (b->oom || b->topology == VGPU_TE_OUTPUT_POINT)
      return;
   const struct vgpu_te_point *p = b->out->points;
   float cross = (p[i1].u - p[i0].u) * (p[i2].v - p[i0].v) -
                 (p[i1].v - p[i0].v) * (p[i2].u - p[i0].u);
   bool clockwise = cross < 0.0f;
   uint32_t idx[3] = { i0, i1, i2 };
   if (cross != 0.0f && clockwise != (b->topology == VGPU_TE_OUTPUT_TRI_CCW)) {
      idx[1] = i2;
      idx[2] = i1;
   }
   add_prim(b, idx);
}

/* ---- rings ---- */

/* One edge of a ring: its points from one corner to the next (both
 * included) and each one's position along the edge, 0 to 1. */
struct ring_edge {
   unsigned segs;
   uint32_t idx[GRID];
   float t[GRID];
};

struct ring {
   unsigned edges;               /* 3 or 4 */
   struct ring_edge e[4];
};

/* Connects the points of an outer and an inner edge (the inner possibly
 * a single point) with triangles, advancing along whichever edge's next
 * point comes first. */
static void
stitch(struct builder *b, const struct ring_edge *outer, const struct ring_edge *inner)
{
   unsigned i = 0, j = 0;
   while (i < outer->segs || j < inner->segs) {
      bool advance_outer = j == inner->segs ||
                           (i < outer->segs && outer->t[i + 1] <= inner->t[j + 1]);
      if (advance_outer) {
         add_triangle(b, outer->idx[i], outer->idx[i + 1], inner->idx[j]);
         i++;
      } else {
         add_triangle(b, outer->idx[i], inner->idx[j + 1], inner->idx[j]);
         j++;
      }
   }
}

static void
stitch_rings(struct builder *b, const struct ring *outer, const struct ring *inner)
{
   for (unsigned e = 0; e < outer->edges; e++)
      stitch(b, &outer->e[e], &inner->e[e]);
}

/* The outermost ring: corner c's coordinates corner[c], edge e from
 * corner e to corner e + 1 subdivided by level[e]; a point's coordinates
 * are the corners' weighted by the subdivision's two complementary
 * values, exact on the axes. */
static void
outer_ring(struct builder *b, enum vgpu_te_partitioning p, unsigned edges,
           const float corner[][3], const struct vgpu_te_level *level, struct ring *r)
{
   uint32_t cidx[4];
   r->edges = edges;
   for (unsigned c = 0; c < edges; c++)
      cidx[c] = add_point(b, corner[c][0], corner[c][1], corner[c][2]);
   for (unsigned e = 0; e < edges; e++) {
      const float *a = corner[e], *z = corner[(e + 1) % edges];
      struct ring_edge *re = &r->e[e];
      re->segs = level[e].n;
      for (unsigned i = 0; i <= re->segs; i++) {
         float wz = vgpu_te_subdivide(p, level[e], i);
         float wa = vgpu_te_subdivide(p, level[e], re->segs - i);
         re->t[i] = wz;
         if (i == 0 || i == re->segs) {
            re->idx[i] = cidx[i ? (e + 1) % edges : e];
            continue;
         }
         re->idx[i] = add_point(b, a[0] * wa + z[0] * wz, a[1] * wa + z[1] * wz,
                                a[2] * wa + z[2] * wz);
      }
   }
}

/* ---- triangles ---- */

/* Corner of inner ring k for the domain corner c (barycentric unit
 * vector c): the inner triangle's corner lies where the perpendiculars
 * through the inner subdivision's k-th points next to the corner meet,
 * 4x/3 of the way from the corner towards the centre in barycentric
 * terms (x the k-th subdivision point); at x = 1/2 that is the centre. */
static void
tri_inner_corner(float x, unsigned c, float out[3])
{
   for (unsigned i = 0; i < 3; i++)
      out[i] = i == c ? 1.0f - 4.0f * x / 3.0f : 2.0f * x / 3.0f;
}

static void
tri_ring(struct builder *b, enum vgpu_te_partitioning p, struct vgpu_te_level inner,
         unsigned k, struct ring *r)
{
   unsigned segs = inner.n - 2 * k;
   float x0 = vgpu_te_subdivide(p, inner, k), x1 = vgpu_te_subdivide(p, inner, inner.n - k);
   float corner[3][3];
   uint32_t cidx[3];
   r->edges = 3;
   for (unsigned c = 0; c < 3; c++) {
      tri_inner_corner(x0, c, corner[c]);
      cidx[c] = segs || !c ? add_point(b, corner[c][0], corner[c][1], corner[c][2]) : cidx[0];
   }
   for (unsigned e = 0; e < 3; e++) {
      const float *a = corner[e], *z = corner[(e + 1) % 3];
      struct ring_edge *re = &r->e[e];
      re->segs = segs;
      for (unsigned i = 0; i <= segs; i++) {
         float s = segs ? (vgpu_te_subdivide(p, inner, k + i) - x0) / (x1 - x0) : 0.0f;
         re->t[i] = s;
         if (i == 0 || i == segs) {
            re->idx[i] = cidx[i ? (e + 1) % 3 : e];
            continue;
         }
         re->idx[i] = add_point(b, a[0] + (z[0] - a[0]) * s, a[1] + (z[1] - a[1]) * s,
                                a[2] + (z[2] - a[2]) * s);
      }
   }
}

/* Inner level 1 with an outer level above 1 counts as 1 + epsilon: two
 * or three segments by the spacing (Vulkan "Triangle Tessellation",
 * "Quad Tessellation"). */
static struct vgpu_te_level
one_plus_epsilon(enum vgpu_te_partitioning p)
{
   return vgpu_te_round(p, nextafterf(1.0f, 2.0f));
}

static void
tessellate_triangles(struct builder *b, enum vgpu_te_partitioning p,
                     const float outer[4], const float inner[2])
{
   /* Corners in ring order; edge e (corner e to e + 1) is w = 0, u = 0,
    * v = 0: outer levels 2, 0, 1. */
   static const float corner[3][3] = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } };
   struct vgpu_te_level level[3] = {
      vgpu_te_round(p, outer[2]), vgpu_te_round(p, outer[0]), vgpu_te_round(p, outer[1]),
   };
   struct vgpu_te_level in = vgpu_te_round(p, inner[0]);
   bool outer_one = level[0].n == 1 && level[1].n == 1 && level[2].n == 1;
   if (in.n == 1 && !outer_one)
      in = one_plus_epsilon(p);
   struct ring rings[2];
   struct ring *cur = &rings[0], *next = &rings[1];
   outer_ring(b, p, 3, corner, level, cur);
   if (in.n == 1) {
      add_triangle(b, cur->e[0].idx[0], cur->e[1].idx[0], cur->e[2].idx[0]);
      return;
   }
   for (unsigned k = 1; !b->oom; k++) {
      tri_ring(b, p, in, k, next);
      stitch_rings(b, cur, next);
      unsigned segs = in.n - 2 * k;
      if (segs == 1)
         add_triangle(b, next->e[0].idx[0], next->e[1].idx[0], next->e[2].idx[0]);
      if (segs < 2)
         return;
      struct ring *t = cur;
      cur = next;
      next = t;
   }
}

/* ---- quads ---- */

struct quad_grid {
   enum vgpu_te_partitioning p;
   struct vgpu_te_level lu, lv;  /* inner levels 0 (along u) and 1 */
   uint32_t idx[GRID][GRID];     /* [j][i]: point index + 1, 0 none yet */
};

static uint32_t
grid_point(struct builder *b, struct quad_grid *g, unsigned i, unsigned j)
{
   if (!g->idx[j][i])
      g->idx[j][i] = add_point(b, vgpu_te_subdivide(g->p, g->lu, i),
                               vgpu_te_subdivide(g->p, g->lv, j), 0.0f) + 1;
   return g->idx[j][i] - 1;
}

/* Inner ring k: the grid's rectangle [k, nu - k] x [k, nv - k], its edges
 * counter-clockwise from (k, k) like the outer ring's. */
static void
quad_ring(struct builder *b, struct quad_grid *g, unsigned k, struct ring *r)
{
   unsigned i0 = k, i1 = g->lu.n - k, j0 = k, j1 = g->lv.n - k;
   r->edges = 4;
   for (unsigned e = 0; e < 4; e++) {
      struct ring_edge *re = &r->e[e];
      re->segs = e % 2 ? j1 - j0 : i1 - i0;
      for (unsigned s = 0; s <= re->segs; s++) {
         unsigned i, j;
         switch (e) {
         case 0: i = i0 + s; j = j0; break;
         case 1: i = i1; j = j0 + s; break;
         case 2: i = i1 - s; j = j1; break;
         default: i = i0; j = j1 - s; break;
         }
         re->idx[s] = grid_point(b, g, i, j);
         re->t[s] = re->segs ? (float)s / (float)re->segs : 0.0f;
      }
   }
}

/* The cells of the grid inside ring k (a strip one cell wide). */
static void
quad_cells(struct builder *b, struct quad_grid *g, unsigned k)
{
   for (unsigned j = k; j < g->lv.n - k; j++) {
      for (unsigned i = k; i < g->lu.n - k; i++) {
         uint32_t a = grid_point(b, g, i, j), c = grid_point(b, g, i + 1, j + 1);
         add_triangle(b, a, grid_point(b, g, i + 1, j), c);
         add_triangle(b, a, c, grid_point(b, g, i, j + 1));
      }
   }
}

static void
tessellate_quads(struct builder *b, enum vgpu_te_partitioning p, const float outer[4],
                 const float inner[2])
{
   /* Corners in ring order; edge e is v = 0, u = 1, v = 1, u = 0: outer
    * levels 1, 2, 3, 0. */
   static const float corner[4][3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 } };
   struct vgpu_te_level level[4] = {
      vgpu_te_round(p, outer[1]), vgpu_te_round(p, outer[2]),
      vgpu_te_round(p, outer[3]), vgpu_te_round(p, outer[0]),
   };
   struct quad_grid *g = calloc(1, sizeof(*g));
   struct ring rings[2];
   if (!g) {
      b->oom = true;
      return;
   }
   g->p = p;
   g->lu = vgpu_te_round(p, inner[0]);
   g->lv = vgpu_te_round(p, inner[1]);
   bool all_one = g->lu.n == 1 && g->lv.n == 1;
   for (unsigned e = 0; e < 4; e++)
      all_one = all_one && level[e].n == 1;
   struct ring *cur = &rings[0], *next = &rings[1];
   outer_ring(b, p, 4, corner, level, cur);
   if (all_one) {
      add_triangle(b, cur->e[0].idx[0], cur->e[1].idx[0], cur->e[2].idx[0]);
      add_triangle(b, cur->e[0].idx[0], cur->e[2].idx[0], cur->e[3].idx[0]);
      free(g);
      return;
   }
   if (g->lu.n == 1)
      g->lu = one_plus_epsilon(p);
   if (g->lv.n == 1)
      g->lv = one_plus_epsilon(p);
   for (unsigned k = 1; !b->oom; k++) {
      quad_ring(b, g, k, next);
      stitch_rings(b, cur, next);
      unsigned nu = g->lu.n - 2 * k, nv = g->lv.n - 2 * k;
      unsigned min = nu < nv ? nu : nv;
      if (min == 1)
         quad_cells(b, g, k);
      if (min < 2)
         break;
      struct ring *t = cur;
      cur = next;
      next = t;
   }
   free(g);
}

/* ---- isolines ---- */

static void
tessellate_isolines(struct builder *b, enum vgpu_te_partitioning p, const float outer[4])
{
   /* Outer level 0 is the line count, always integer spacing; outer 1
    * subdivides each line; the line v = 1 is not made. */
   struct vgpu_te_level lines = vgpu_te_round(VGPU_TE_INTEGER, outer[0]);
   struct vgpu_te_level segs = vgpu_te_round(p, outer[1]);
   for (unsigned j = 0; j < lines.n && !b->oom; j++) {
      float v = vgpu_te_subdivide(VGPU_TE_INTEGER, lines, j);
      uint32_t prev = 0;
      for (unsigned i = 0; i <= segs.n; i++) {
         uint32_t cur = add_point(b, vgpu_te_subdivide(p, segs, i), v, 0.0f);
         if (i && b->topology == VGPU_TE_OUTPUT_LINE)
            add_prim(b, (uint32_t[2]){ prev, cur });
         prev = cur;
      }
   }
}

/* ---- the patch ---- */

static bool
culled(enum vgpu_te_domain d, const float outer[4])
{
   unsigned n = d == VGPU_TE_QUAD ? 4 : d == VGPU_TE_TRI ? 3 : 2;
   for (unsigned i = 0; i < n; i++) {
      if (!(outer[i] > 0.0f))   /* also NaN */
         return true;
   }
   return false;
}

static bool
valid_combination(enum vgpu_te_domain d, enum vgpu_te_partitioning p,
                  enum vgpu_te_topology t)
{
   if (p > VGPU_TE_EVEN_FRACTIONAL || t > VGPU_TE_OUTPUT_TRI_CCW)
      return false;
   switch (d) {
   case VGPU_TE_ISOLINE:
      return t == VGPU_TE_OUTPUT_POINT || t == VGPU_TE_OUTPUT_LINE;
   case VGPU_TE_TRI:
   case VGPU_TE_QUAD:
      return t != VGPU_TE_OUTPUT_LINE;
   default:
      return false;
   }
}

/* Point mode: every point once, in the order they were made. */
static void
points_as_prims(struct builder *b)
{
   struct vgpu_te_result *o = b->out;
   for (uint32_t i = 0; i < o->point_count && !b->oom; i++)
      add_prim(b, &i);
}

bool
vgpu_te_tessellate(enum vgpu_te_domain domain, enum vgpu_te_partitioning partitioning,
                   enum vgpu_te_topology topology, const float outer[4],
                   const float inner[2], struct vgpu_te_result *out)
{
   *out = (struct vgpu_te_result){ 0 };
   if (!valid_combination(domain, partitioning, topology))
      return false;
   out->per = topology == VGPU_TE_OUTPUT_POINT ? 1 : topology == VGPU_TE_OUTPUT_LINE ? 2 : 3;
   if (culled(domain, outer))
      return true;
   struct builder b = { .topology = topology, .out = out };
   switch (domain) {
   case VGPU_TE_TRI:
      tessellate_triangles(&b, partitioning, outer, inner);
      break;
   case VGPU_TE_QUAD:
      tessellate_quads(&b, partitioning, outer, inner);
      break;
   default:
      tessellate_isolines(&b, partitioning, outer);
      break;
   }
   if (topology == VGPU_TE_OUTPUT_POINT)
      points_as_prims(&b);
   if (b.oom) {
      vgpu_te_free(out);
      return false;
   }
   return true;
}

void
vgpu_te_free(struct vgpu_te_result *r)
{
   free(r->points);
   free(r->prims);
   *r = (struct vgpu_te_result){ .per = r->per };
}

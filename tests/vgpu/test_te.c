/* vgpu's fixed-function tessellator (src/vgpu/3d/vgpu_te.c) on its own.
 * Expected values come from the Vulkan spec's "Tessellation" chapter,
 * worked out here:
 *  - level rounding ("Tessellation Primitive Generation"): equal spacing
 *    clamps to [1, 64] and rounds up to an integer, fractional_odd clamps
 *    to [1, 63] and rounds up to an odd one, fractional_even to [2, 64]
 *    and an even one;
 *  - equal spacing divides an edge into n segments of equal length:
 *    points at i / n exactly;
 *  - fractional spacing: n - 2 equal segments and two equal shorter ones
 *    placed symmetrically;
 *  - an outer level <= 0 or NaN discards the patch;
 *  - quads whose levels are all 1 are two triangles, a triangle patch one;
 *    an inner level of 1 with an outer one above it counts as 1 + epsilon
 *    (two segments with equal spacing);
 *  - isolines: outer 0 lines at v = j / outer0, none at v = 1, each cut
 *    into outer 1 segments.
 * A triangulation is checked without assuming one: every triangle lies in
 * the domain, has the asked winding and non-zero area, and the areas add
 * up to the domain's (so they cover it without overlap), and the count is
 * Euler's 2V - B - 2 for V points of which B on the boundary. */
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "../isl/isl_test.h"
#include "vgpu_te.h"

static struct vgpu_te_result
tess(enum vgpu_te_domain d, enum vgpu_te_partitioning p, enum vgpu_te_topology t,
     float o0, float o1, float o2, float o3, float i0, float i1)
{
   const float outer[4] = { o0, o1, o2, o3 }, inner[2] = { i0, i1 };
   struct vgpu_te_result r;
   bool ok = vgpu_te_tessellate(d, p, t, outer, inner, &r);
   CHECK(ok, "vgpu_te_tessellate failed");
   return r;
}

static double
signed_area(const struct vgpu_te_result *r, unsigned k)
{
   const struct vgpu_te_point *a = &r->points[r->prims[k * 3]],
                              *b = &r->points[r->prims[k * 3 + 1]],
                              *c = &r->points[r->prims[k * 3 + 2]];
   return 0.5 * (((double)b->u - a->u) * ((double)c->v - a->v) -
                 ((double)b->v - a->v) * ((double)c->u - a->u));
}

static bool
in_domain(enum vgpu_te_domain d, const struct vgpu_te_point *p)
{
   bool unit = p->u >= 0 && p->u <= 1 && p->v >= 0 && p->v <= 1;
   return d == VGPU_TE_TRI ? unit && p->u + p->v <= 1.0f + 1e-6f : unit;
}

static unsigned
on_boundary(enum vgpu_te_domain d, const struct vgpu_te_point *p)
{
   if (d == VGPU_TE_TRI)
      return p->u == 0 || p->v == 0 || p->w == 0;
   return p->u == 0 || p->v == 0 || p->u == 1 || p->v == 1;
}

/* The triangulation covers the domain (area 1 or 1/2) exactly once with
 * the winding asked for, and is a triangulation of its points. */
static void
check_cover(const char *what, enum vgpu_te_domain d, enum vgpu_te_topology t,
            const struct vgpu_te_result *r)
{
   double sum = 0, want = d == VGPU_TE_TRI ? 0.5 : 1.0;
   unsigned bad = 0, boundary = 0;
   CHECK(r->per == 3, "%s: per %u", what, r->per);
   for (unsigned k = 0; k < r->prim_count; k++) {
      /* The hardware's TRI_CCW is clockwise with u right and v up
       * (backwards from OpenGL, Mesa's brw compiler says; the
       * tess_tri_fill program checks it against lavapipe). */
      double a = signed_area(r, k);
      if (t == VGPU_TE_OUTPUT_TRI_CCW)
         a = -a;
      bad += !(a > 1e-9);
      sum += a;
   }
   for (unsigned i = 0; i < r->point_count; i++) {
      CHECK(in_domain(d, &r->points[i]), "%s: point %u (%g, %g) outside the domain", what,
            i, r->points[i].u, r->points[i].v);
      boundary += on_boundary(d, &r->points[i]);
   }
   CHECK(bad == 0, "%s: %u triangles of the wrong winding or no area", what, bad);
   CHECK(fabs(sum - want) < 1e-5, "%s: area %g, want %g", what, sum, want);
   CHECK_EQ(r->prim_count, 2 * r->point_count - boundary - 2, what);
}

static void
test_rounding(void)
{
   struct { enum vgpu_te_partitioning p; float level; unsigned n; } c[] = {
      { VGPU_TE_INTEGER, 1.0f, 1 }, { VGPU_TE_INTEGER, 2.3f, 3 },
      { VGPU_TE_INTEGER, 0.25f, 1 }, { VGPU_TE_INTEGER, 100.0f, 64 },
      { VGPU_TE_INTEGER, NAN, 1 },
      { VGPU_TE_ODD_FRACTIONAL, 1.0f, 1 }, { VGPU_TE_ODD_FRACTIONAL, 1.5f, 3 },
      { VGPU_TE_ODD_FRACTIONAL, 3.0f, 3 }, { VGPU_TE_ODD_FRACTIONAL, 3.01f, 5 },
      { VGPU_TE_ODD_FRACTIONAL, 64.0f, 63 },
      { VGPU_TE_EVEN_FRACTIONAL, 1.0f, 2 }, { VGPU_TE_EVEN_FRACTIONAL, 2.5f, 4 },
      { VGPU_TE_EVEN_FRACTIONAL, 4.0f, 4 }, { VGPU_TE_EVEN_FRACTIONAL, 99.0f, 64 },
   };
   for (unsigned i = 0; i < sizeof(c) / sizeof(c[0]); i++)
      CHECK_EQ(vgpu_te_round(c[i].p, c[i].level).n, c[i].n, "rounded level");
}

/* Equal spacing: x(i) = i / n exactly. */
static void
test_equal_subdivision(void)
{
   for (unsigned n = 1; n <= 64; n++) {
      struct vgpu_te_level l = vgpu_te_round(VGPU_TE_INTEGER, (float)n);
      for (unsigned i = 0; i <= n; i++) {
         float x = vgpu_te_subdivide(VGPU_TE_INTEGER, l, i);
         CHECK(x == (float)i / (float)n, "equal n=%u i=%u: %.9g", n, i, x);
      }
   }
}

/* Fractional: n - 2 segments of one length, two shorter ones of another
 * placed symmetrically (x(n - i) = 1 - x(i)), growing monotonically; at
 * an integer level of the right parity all equal. */
static void
test_fractional_subdivision(void)
{
   const struct { enum vgpu_te_partitioning p; float f; } c[] = {
      { VGPU_TE_ODD_FRACTIONAL, 1.5f }, { VGPU_TE_ODD_FRACTIONAL, 4.2f },
      { VGPU_TE_ODD_FRACTIONAL, 7.0f }, { VGPU_TE_EVEN_FRACTIONAL, 2.5f },
      { VGPU_TE_EVEN_FRACTIONAL, 5.9f }, { VGPU_TE_EVEN_FRACTIONAL, 10.0f },
   };
   for (unsigned k = 0; k < sizeof(c) / sizeof(c[0]); k++) {
      struct vgpu_te_level l = vgpu_te_round(c[k].p, c[k].f);
      float x[65];
      for (unsigned i = 0; i <= l.n; i++)
         x[i] = vgpu_te_subdivide(c[k].p, l, i);
      CHECK(x[0] == 0 && x[l.n] == 1, "fractional f=%g: ends", c[k].f);
      for (unsigned i = 0; 2 * i <= l.n; i++)
         CHECK(x[l.n - i] == 1.0f - x[i], "fractional f=%g: x(%u) not symmetric", c[k].f, i);
      for (unsigned i = 0; i < l.n; i++)
         CHECK(x[i + 1] > x[i], "fractional f=%g: not increasing at %u", c[k].f, i);
      double full = x[2] - x[1], short_seg = x[1] - x[0];
      for (unsigned i = 1; i + 1 < l.n; i++)
         CHECK(fabs((x[i + 1] - x[i]) - 1.0 / c[k].f) < 1e-5,
               "fractional f=%g: segment %u is %g, want 1/f", c[k].f, i, x[i + 1] - x[i]);
      if (l.n >= 3)
         CHECK(short_seg <= full + 1e-6, "fractional f=%g: short %g > full %g", c[k].f,
               short_seg, full);
      if (c[k].f == (float)l.n)
         CHECK(fabs(short_seg - 1.0 / l.n) < 1e-6, "fractional f=%g: not uniform", c[k].f);
   }
}

static bool
on_grid(float x, unsigned n)
{
   for (unsigned i = 0; i <= n; i++) {
      if (x == (float)i / (float)n)
         return true;
   }
   return false;
}

/* Quads, equal spacing, every level n: the points are exactly the grid
 * (i / n, j / n), (n + 1)^2 of them, no two the same; 2 n^2 triangles. */
static void
test_quads_equal(void)
{
   for (unsigned n = 1; n <= 9; n++) {
      struct vgpu_te_result r = tess(VGPU_TE_QUAD, VGPU_TE_INTEGER, VGPU_TE_OUTPUT_TRI_CCW,
                                     n, n, n, n, n, n);
      CHECK_EQ(r.point_count, (n + 1) * (n + 1), "quad points");
      CHECK_EQ(r.prim_count, 2 * n * n, "quad triangles");
      for (unsigned i = 0; i < r.point_count; i++) {
         CHECK(on_grid(r.points[i].u, n) && on_grid(r.points[i].v, n),
               "quad n=%u: point (%.9g, %.9g) off the grid", n, r.points[i].u, r.points[i].v);
         for (unsigned j = 0; j < i; j++)
            CHECK(r.points[i].u != r.points[j].u || r.points[i].v != r.points[j].v,
                  "quad n=%u: points %u and %u the same", n, i, j);
      }
      check_cover("quad equal", VGPU_TE_QUAD, VGPU_TE_OUTPUT_TRI_CCW, &r);
      vgpu_te_free(&r);
   }
}

/* Mixed levels and both windings: outer edges have as many points as
 * their level says (points on u = 0 are outer 0's, v = 0 outer 1's...). */
static void
test_quads_mixed(void)
{
   const float lv[][6] = {
      { 1, 2, 3, 4, 5, 2 }, { 7, 1, 1, 3, 2, 6 }, { 2, 2, 2, 2, 1, 3 }, { 5, 5, 5, 5, 4, 7 },
   };
   for (unsigned k = 0; k < 4; k++) {
      for (enum vgpu_te_topology t = VGPU_TE_OUTPUT_TRI_CW; t <= VGPU_TE_OUTPUT_TRI_CCW; t++) {
         struct vgpu_te_result r = tess(VGPU_TE_QUAD, VGPU_TE_INTEGER, t, lv[k][0], lv[k][1],
                                        lv[k][2], lv[k][3], lv[k][4], lv[k][5]);
         unsigned edge[4] = { 0 };   /* points on u = 0, v = 0, u = 1, v = 1 */
         for (unsigned i = 0; i < r.point_count; i++) {
            const struct vgpu_te_point *p = &r.points[i];
            edge[0] += p->u == 0;
            edge[1] += p->v == 0;
            edge[2] += p->u == 1;
            edge[3] += p->v == 1;
         }
         for (unsigned e = 0; e < 4; e++)
            CHECK_EQ(edge[e], (unsigned)lv[k][e] + 1, "quad edge points");
         check_cover("quad mixed", VGPU_TE_QUAD, t, &r);
         vgpu_te_free(&r);
      }
   }
}

/* Triangles, equal spacing, every level n: the rings have 3 (n - 2k)
 * points for n - 2k >= 1, and an even n a centre point; edges hold
 * points at i / n. */
static void
test_triangles_equal(void)
{
   for (unsigned n = 1; n <= 9; n++) {
      struct vgpu_te_result r = tess(VGPU_TE_TRI, VGPU_TE_INTEGER, VGPU_TE_OUTPUT_TRI_CW,
                                     n, n, n, 0, n, 0);
      unsigned want = n % 2 == 0;
      for (unsigned k = 0; 2 * k < n; k++)
         want += 3 * (n - 2 * k);
      CHECK_EQ(r.point_count, want, "triangle points");
      for (unsigned i = 0; i < r.point_count; i++) {
         const struct vgpu_te_point *p = &r.points[i];
         if (p->u == 0)
            CHECK(on_grid(p->v, n) && on_grid(p->w, n),
                  "triangle n=%u: edge point (0, %.9g, %.9g)", n, p->v, p->w);
      }
      if (n == 2)   /* the centre: inner ring 1 of level 2 is a point */
         CHECK(fabsf(r.points[6].u - 1.0f / 3) < 1e-6f &&
               fabsf(r.points[6].v - 1.0f / 3) < 1e-6f, "triangle n=2: centre");
      check_cover("triangle equal", VGPU_TE_TRI, VGPU_TE_OUTPUT_TRI_CW, &r);
      vgpu_te_free(&r);
   }
}

static void
test_fractional_cover(void)
{
   const float f[] = { 1.5f, 2.2f, 3.7f, 6.1f };
   for (unsigned k = 0; k < 4; k++) {
      for (enum vgpu_te_partitioning p = VGPU_TE_ODD_FRACTIONAL; p <= VGPU_TE_EVEN_FRACTIONAL; p++) {
         struct vgpu_te_result r = tess(VGPU_TE_QUAD, p, VGPU_TE_OUTPUT_TRI_CCW, f[k],
                                        f[(k + 1) % 4], f[(k + 2) % 4], f[k], f[k], f[(k + 3) % 4]);
         check_cover("quad fractional", VGPU_TE_QUAD, VGPU_TE_OUTPUT_TRI_CCW, &r);
         vgpu_te_free(&r);
         r = tess(VGPU_TE_TRI, p, VGPU_TE_OUTPUT_TRI_CCW, f[k], f[(k + 1) % 4],
                  f[(k + 2) % 4], 0, f[(k + 3) % 4], 0);
         check_cover("triangle fractional", VGPU_TE_TRI, VGPU_TE_OUTPUT_TRI_CCW, &r);
         vgpu_te_free(&r);
      }
   }
}

/* Levels of 1: two triangles for a quad, one for a triangle; an inner 1
 * with an outer 2 is an inner 2: a quad's grid gains its centre. */
static void
test_level_one(void)
{
   struct vgpu_te_result r = tess(VGPU_TE_QUAD, VGPU_TE_INTEGER, VGPU_TE_OUTPUT_TRI_CCW,
                                  1, 1, 1, 1, 1, 1);
   CHECK_EQ(r.point_count, 4, "quad of ones: points");
   CHECK_EQ(r.prim_count, 2, "quad of ones: triangles");
   check_cover("quad of ones", VGPU_TE_QUAD, VGPU_TE_OUTPUT_TRI_CCW, &r);
   vgpu_te_free(&r);
   r = tess(VGPU_TE_TRI, VGPU_TE_INTEGER, VGPU_TE_OUTPUT_TRI_CCW, 1, 1, 1, 0, 1, 0);
   CHECK_EQ(r.point_count, 3, "triangle of ones: points");
   CHECK_EQ(r.prim_count, 1, "triangle of ones: triangles");
   vgpu_te_free(&r);
   r = tess(VGPU_TE_QUAD, VGPU_TE_INTEGER, VGPU_TE_OUTPUT_TRI_CCW, 2, 1, 1, 1, 1, 1);
   bool centre = false;
   for (unsigned i = 0; i < r.point_count; i++)
      centre |= r.points[i].u == 0.5f && r.points[i].v == 0.5f;
   CHECK(centre, "quad inner 1, outer 2: no centre point");
   /* 4 corners, one more on u = 0, the centre */
   CHECK_EQ(r.point_count, 6, "quad inner 1, outer 2: points");
   check_cover("quad inner 1, outer 2", VGPU_TE_QUAD, VGPU_TE_OUTPUT_TRI_CCW, &r);
   vgpu_te_free(&r);
}

/* A relevant outer level <= 0 or NaN culls; the unused ones do not. */
static void
test_cull(void)
{
   const float bad[] = { 0.0f, -1.0f, NAN };
   for (unsigned b = 0; b < 3; b++) {
      for (unsigned e = 0; e < 4; e++) {
         float o[4] = { 3, 3, 3, 3 };
         o[e] = bad[b];
         struct vgpu_te_result r = tess(VGPU_TE_QUAD, VGPU_TE_INTEGER, VGPU_TE_OUTPUT_TRI_CCW,
                                        o[0], o[1], o[2], o[3], 3, 3);
         CHECK(r.point_count == 0 && r.prim_count == 0, "quad outer %u = %g not culled", e, bad[b]);
         vgpu_te_free(&r);
         r = tess(VGPU_TE_TRI, VGPU_TE_INTEGER, VGPU_TE_OUTPUT_TRI_CCW, o[0], o[1], o[2], o[3], 3, 3);
         CHECK((r.prim_count == 0) == (e < 3), "triangle outer %u = %g", e, bad[b]);
         vgpu_te_free(&r);
         r = tess(VGPU_TE_ISOLINE, VGPU_TE_INTEGER, VGPU_TE_OUTPUT_LINE, o[0], o[1], o[2], o[3], 3, 3);
         CHECK((r.prim_count == 0) == (e < 2), "isoline outer %u = %g", e, bad[b]);
         vgpu_te_free(&r);
      }
      /* inner levels never cull: they clamp to 1 */
      struct vgpu_te_result r = tess(VGPU_TE_QUAD, VGPU_TE_INTEGER, VGPU_TE_OUTPUT_TRI_CCW,
                                     2, 2, 2, 2, bad[b], bad[b]);
      CHECK(r.prim_count > 0, "quad inner %g culled", bad[b]);
      vgpu_te_free(&r);
   }
}

/* Isolines 3 x 4: lines at v = 0, 1/3, 2/3, each with points u = i / 4;
 * 4 segments a line. */
static void
test_isolines(void)
{
   struct vgpu_te_result r = tess(VGPU_TE_ISOLINE, VGPU_TE_INTEGER, VGPU_TE_OUTPUT_LINE,
                                  3, 4, 0, 0, 0, 0);
   CHECK_EQ(r.per, 2, "isoline vertices per line");
   CHECK_EQ(r.point_count, 15, "isoline points");
   CHECK_EQ(r.prim_count, 12, "isoline segments");
   for (unsigned i = 0; i < r.point_count; i++) {
      CHECK(on_grid(r.points[i].u, 4) && on_grid(r.points[i].v, 3) && r.points[i].v != 1,
            "isoline point (%.9g, %.9g)", r.points[i].u, r.points[i].v);
   }
   for (unsigned k = 0; k < r.prim_count; k++) {
      const struct vgpu_te_point *a = &r.points[r.prims[2 * k]], *b = &r.points[r.prims[2 * k + 1]];
      CHECK(a->v == b->v && fabsf(fabsf(b->u - a->u) - 0.25f) < 1e-7f,
            "isoline segment %u: (%g, %g)-(%g, %g)", k, a->u, a->v, b->u, b->v);
   }
   vgpu_te_free(&r);
   r = tess(VGPU_TE_ISOLINE, VGPU_TE_INTEGER, VGPU_TE_OUTPUT_POINT, 2, 5, 0, 0, 0, 0);
   CHECK_EQ(r.prim_count, 12, "isoline points 2 x 5");
   vgpu_te_free(&r);
}

/* Point mode: each point once. */
static void
test_point_mode(void)
{
   struct vgpu_te_result r = tess(VGPU_TE_QUAD, VGPU_TE_INTEGER, VGPU_TE_OUTPUT_POINT,
                                  4, 4, 4, 4, 4, 4);
   CHECK_EQ(r.per, 1, "point mode vertices per point");
   CHECK_EQ(r.prim_count, 25, "quad point mode points");
   bool seen[25] = { false };
   for (unsigned k = 0; k < r.prim_count; k++) {
      CHECK(r.prims[k] < 25 && !seen[r.prims[k]], "point %u twice", r.prims[k]);
      if (r.prims[k] < 25)
         seen[r.prims[k]] = true;
   }
   vgpu_te_free(&r);
   r = tess(VGPU_TE_TRI, VGPU_TE_INTEGER, VGPU_TE_OUTPUT_POINT, 3, 3, 3, 0, 3, 0);
   CHECK_EQ(r.prim_count, 12, "triangle level 3 point mode points");   /* 9 + 3 */
   vgpu_te_free(&r);
}

static void
test_invalid(void)
{
   const float outer[4] = { 2, 2, 2, 2 }, inner[2] = { 2, 2 };
   struct vgpu_te_result r;
   CHECK(!vgpu_te_tessellate(VGPU_TE_QUAD, VGPU_TE_INTEGER, VGPU_TE_OUTPUT_LINE, outer, inner, &r),
         "lines from a quad domain accepted");
   CHECK(!vgpu_te_tessellate(VGPU_TE_ISOLINE, VGPU_TE_INTEGER, VGPU_TE_OUTPUT_TRI_CW, outer, inner, &r),
         "triangles from isolines accepted");
   CHECK(!vgpu_te_tessellate(3, VGPU_TE_INTEGER, VGPU_TE_OUTPUT_POINT, outer, inner, &r),
         "domain 3 accepted");
}

int
main(void)
{
   test_rounding();
   test_equal_subdivision();
   test_fractional_subdivision();
   test_quads_equal();
   test_quads_mixed();
   test_triangles_equal();
   test_fractional_cover();
   test_level_one();
   test_cull();
   test_isolines();
   test_point_mode();
   test_invalid();
   return isl_test_result("test_te");
}

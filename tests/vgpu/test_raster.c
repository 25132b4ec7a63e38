/* vgpu's clipper, setup and rasterizer (src/vgpu/3d/vgpu_clip.c,
 * vgpu_raster.c) on hand-made primitives, with this file standing in for
 * the pixel stage (it records every subspan) and for the dynamic state
 * (the draw run's viewport comes filled in).
 *
 * Coverage is compared with a brute-force reference written here from
 * the Vulkan spec's "Polygon Rasterization" rules: a sample is inside a
 * polygon when it is on the interior side of every edge, on the 8-bit
 * sub-pixel grid, and a sample exactly on an edge counts only for a top
 * edge (horizontal, the polygon below it) or a left edge (the polygon at
 * larger x); samples at the pixel centre, or Vulkan's standard sample
 * locations.  The other cases are worked out by hand in their comments. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../isl/isl_test.h"
#include "vgpu_pipe.h"

#define W 64
#define H 64
#define ROWS 6                   /* header, position, 2 distance rows, 2 attributes */
#define ATTR_ROW 4

/* ---- the stand-ins ---- */

static unsigned hits[H][W][8];   /* per pixel and sample */
static unsigned outside_hits, odd_subspans, ps_calls;
static struct vgpu_setup setups[16];
static float setup_attr[16][3];  /* row ATTR_ROW, x, of each setup vertex */
static unsigned nsetups;
static int not_modelled;

void
vgpu_ps_subspans(struct vgpu_draw_run *r, const struct vgpu_setup *s,
                 const struct vgpu_subspan *ss, unsigned count)
{
   unsigned samples = r->st->samples;
   ps_calls++;
   if (nsetups < 16) {
      setups[nsetups] = *s;
      for (unsigned k = 0; k < s->nverts; k++)
         memcpy(&setup_attr[nsetups][k], &s->v[k].dw[ATTR_ROW * 4], 4);
      nsetups++;
   }
   for (unsigned i = 0; i < count; i++) {
      if ((ss[i].x & 1) || (ss[i].y & 1))
         odd_subspans++;
      for (unsigned p = 0; p < 4; p++) {
         for (unsigned k = 0; k < samples; k++) {
            if (!(ss[i].coverage & (1u << (p * samples + k))))
               continue;
            int x = ss[i].x + (int)(p & 1), y = ss[i].y + (int)(p >> 1);
            if (x < 0 || y < 0 || x >= W || y >= H)
               outside_hits++;
            else
               hits[y][x][k]++;
         }
      }
   }
}

void
vgpu_not_modelled(const char *what)
{
   fprintf(stderr, "not modelled: %s\n", what);
   not_modelled++;
}

/* The run's state is filled by the test: loading it is never needed. */
bool
vgpu_clip_load_state(struct vgpu_draw_run *r)
{
   CHECK(false, "vgpu_clip_load_state called");
   r->stop = true;
   return false;
}

/* ---- the draw ---- */

static struct vgpu_3d st;
static struct vgpu_draw_run run;
static uint32_t vue[3][ROWS * 4];

static uint32_t
fbits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

/* A Vulkan-like pipeline: clipping with a guard band of 4x the viewport,
 * the depth range 0..w, a W x H viewport at the origin, no culling,
 * counter-clockwise front faces, 1 sample at pixel centres. */
static void
reset_state(void)
{
   memset(&st, 0, sizeof(st));
   memset(&run, 0, sizeof(run));
   struct vgpu_3d_raster *ra = &st.raster;
   ra->clip_enable = true;
   ra->api_mode = 1;             /* APIMODE_D3D */
   ra->viewport_xy_clip = true;
   ra->guardband_clip = true;
   ra->viewport_z_clip = ra->viewport_z_far_clip = true;
   ra->viewport_transform = true;
   ra->clip_statistics = true;
   ra->cull_mode = 1;            /* CULLMODE_NONE */
   ra->front_winding = 1;        /* CCW */
   ra->line_width = 1.0f;
   ra->point_width = 1.0f;
   ra->point_width_from_state = true;
   st.samples = 1;
   st.sample_mask = 0xffff;
   /* The 4x pattern the drivers program: Vulkan's standard locations, in
    * 1/16 pixel. */
   static const uint8_t std4[4][2] = { { 6, 2 }, { 14, 6 }, { 2, 10 }, { 10, 14 } };
   memcpy(st.sample_pos[2], std4, sizeof(std4));
   st.draw_rect[2] = W - 1;
   st.draw_rect[3] = H - 1;
   st.depth.format = 3;          /* D24_UNORM_X8_UINT */
   run.st = &st;
   run.clip.loaded = true;
   run.clip.ver = 9;
   run.clip.count = 1;
   run.clip.vp[0] = (struct vgpu_viewport){
      .m00 = W / 2, .m11 = H / 2, .m22 = 1, .m30 = W / 2, .m31 = H / 2, .m32 = 0,
      .gb_xmin = -4, .gb_xmax = 4, .gb_ymin = -4, .gb_ymax = 4,
      .xmin = 0, .xmax = W - 1, .ymin = 0, .ymax = H - 1,
      .min_depth = 0, .max_depth = 1,
   };
   memset(vue, 0, sizeof(vue));
}

static void
reset_records(void)
{
   memset(hits, 0, sizeof(hits));
   outside_hits = odd_subspans = ps_calls = nsetups = 0;
}

/* Vertex k at window position (x, y), depth z, clip w: the clip-space
 * position the viewport above maps there (exact for x, y on the 1/256
 * grid: every step is a power-of-two scale). */
static void
set_vertex(unsigned k, float x, float y, float z, float w)
{
   float cx = (x - W / 2) / (W / 2) * w, cy = (y - H / 2) / (H / 2) * w;
   vue[k][4] = fbits(cx);
   vue[k][5] = fbits(cy);
   vue[k][6] = fbits(z * w);
   vue[k][7] = fbits(w);
}

static struct vgpu_prim
prim(enum vgpu_prim_kind kind, unsigned n)
{
   struct vgpu_prim p = { .kind = kind, .nverts = n, .topology = 4 };
   for (unsigned k = 0; k < n; k++)
      p.v[k] = (struct vgpu_vue){ vue[k], ROWS };
   return p;
}

static void
draw(enum vgpu_prim_kind kind, unsigned n)
{
   struct vgpu_prim p = prim(kind, n);
   vgpu_clip_prim(&run, &p);
}

/* ---- the reference ---- */

/* Sub-pixel units. */
struct pt {
   long long x, y;
};

static long long
orient(struct pt a, struct pt b, struct pt c)
{
   return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

static int
sign(long long v)
{
   return (v > 0) - (v < 0);
}

/* Whether sample p is inside the convex polygon v[0..n-1]. */
static bool
ref_inside(const struct pt *v, unsigned n, struct pt p)
{
   /* The interior's side: any vertex not on the edge. */
   for (unsigned i = 0; i < n; i++) {
      struct pt a = v[i], b = v[(i + 1) % n];
      int interior = 0;
      for (unsigned j = 0; j < n && !interior; j++)
         interior = sign(orient(a, b, v[j]));
      if (!interior)
         return false;
      int side = sign(orient(a, b, p));
      if (side == interior)
         continue;
      if (side != 0)
         return false;
      bool top = a.y == b.y && sign(orient(a, b, (struct pt){ a.x, a.y + 1 })) == interior;
      bool left = a.y != b.y && sign(orient(a, b, (struct pt){ a.x + 1, a.y })) == interior;
      if (!top && !left)
         return false;
   }
   return true;
}

/* Sample k of pixel (x, y) where the programmed 4x pattern puts it. */
static struct pt
sample_at(int x, int y, unsigned samples, unsigned k)
{
   if (samples == 4)
      return (struct pt){ x * 256LL + st.sample_pos[2][k][0] * 16,
                          y * 256LL + st.sample_pos[2][k][1] * 16 };
   return (struct pt){ x * 256LL + 128, y * 256LL + 128 };
}

/* Compares the recorded hits with the reference coverage of polygon v in
 * the pixel rectangle [x0, x1] x [y0, y1] (nothing outside it). */
static void
compare_polygon(const char *what, const struct pt *v, unsigned n, int x0, int y0,
                int x1, int y1)
{
   unsigned samples = st.samples, bad = 0;
   for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
         for (unsigned k = 0; k < samples; k++) {
            bool in = x >= x0 && x <= x1 && y >= y0 && y <= y1 &&
                      ref_inside(v, n, sample_at(x, y, samples, k));
            if (hits[y][x][k] != (unsigned)in && bad++ < 4)
               CHECK(false, "%s: pixel (%d,%d) sample %u hit %u times, want %d",
                     what, x, y, k, hits[y][x][k], in);
         }
      }
   }
   CHECK(bad == 0, "%s: %u samples differ", what, bad);
   CHECK(outside_hits == 0, "%s: %u hits outside the target", what, outside_hits);
   CHECK(odd_subspans == 0, "%s: subspans at odd positions", what);
}

static struct pt
grid(float x, float y)
{
   return (struct pt){ llroundf(x * 256), llroundf(y * 256) };
}

/* A random coordinate on the 1/256 grid in [lo, hi). */
static float
random_coord(float lo, float hi)
{
   long span = (long)((hi - lo) * 256);
   return lo + (float)(rand() % span) / 256.0f;
}

/* ---- cases ---- */

/* Random triangles, some reaching past the viewport (the viewport extents
 * cut them to the W x H target), on 1 and 4 samples. */
static void
test_random_triangles(void)
{
   srand(14);
   for (unsigned samples = 1; samples <= 4; samples += 3) {
      for (int i = 0; i < 300; i++) {
         reset_state();
         reset_records();
         st.samples = samples;   /* Gen9: multisampled when samples > 1 */
         struct pt v[3];
         for (unsigned k = 0; k < 3; k++) {
            float x = random_coord(-8, W + 8), y = random_coord(-8, H + 8);
            /* Every fourth triangle snaps to whole and half pixels, where
             * edges run through sample positions. */
            if (i % 4 == 0) {
               x = roundf(x * 2) / 2;
               y = roundf(y * 2) / 2;
            }
            set_vertex(k, x, y, 0.5f, 1.0f);
            v[k] = grid(x, y);
         }
         draw(VGPU_PRIM_TRIANGLE, 3);
         char what[64];
         snprintf(what, sizeof(what), "random triangle %d (%u samples)", i, samples);
         compare_polygon(what, v, 3, 0, 0, W - 1, H - 1);
         CHECK(ps_calls <= 1, "%s: %u pixel-stage calls", what, ps_calls);
      }
   }
}

/* Draws a triangle of random vertices inside the target; v: them on the
 * sub-pixel grid. */
static void
draw_random_triangle(struct pt v[3])
{
   for (unsigned k = 0; k < 3; k++) {
      float x = random_coord(0, W), y = random_coord(0, H);
      set_vertex(k, x, y, 0.5f, 1.0f);
      v[k] = grid(x, y);
   }
   draw(VGPU_PRIM_TRIANGLE, 3);
}

/* The rasterizer tests the samples where 3DSTATE_SAMPLE_PATTERN puts
 * them, not where Vulkan's standard pattern would: a pattern of its own
 * (one sample near each corner) decides the coverage. */
static void
test_programmed_pattern(void)
{
   static const uint8_t corners[4][2] = { { 1, 1 }, { 15, 1 }, { 1, 15 }, { 15, 15 } };
   srand(21);
   for (int i = 0; i < 60; i++) {
      reset_state();
      reset_records();
      st.samples = 4;
      memcpy(st.sample_pos[2], corners, sizeof(corners));
      struct pt v[3];
      draw_random_triangle(v);
      compare_polygon("programmed 4x pattern", v, 3, 0, 0, W - 1, H - 1);
   }
}

/* Gen7 with 4 samples: MSRASTMODE_ON_PATTERN tests each sample, as Gen8+
 * does; MSRASTMODE_OFF_PIXEL tests the pixel centre and covers all four
 * samples or none. */
static void
test_gen7_multisample(void)
{
   srand(7);
   for (int i = 0; i < 40; i++) {
      reset_state();
      reset_records();
      run.clip.ver = 7;
      st.samples = 4;
      st.raster.multisample_mode = i & 1 ? 3 : 0;
      struct pt v[3];
      draw_random_triangle(v);
      if (i & 1) {
         compare_polygon("Gen7 ON_PATTERN", v, 3, 0, 0, W - 1, H - 1);
         continue;
      }
      unsigned bad = 0;
      for (int y = 0; y < H; y++) {
         for (int x = 0; x < W; x++) {
            unsigned want = ref_inside(v, 3, sample_at(x, y, 1, 0));
            for (unsigned k = 0; k < 4; k++)
               bad += hits[y][x][k] != want;
         }
      }
      CHECK(bad == 0, "Gen7 OFF_PIXEL triangle %d: %u samples differ", i, bad);
   }
}

/* 3DSTATE_SAMPLE_MASK 0b0101 on 4 samples: a full-target triangle pair
 * covers samples 0 and 2 of every pixel, never 1 or 3. */
static void
test_sample_mask(void)
{
   reset_state();
   reset_records();
   st.samples = 4;
   st.sample_mask = 0x5;
   set_vertex(0, 0, 0, 0.5f, 1);
   set_vertex(1, 0, H, 0.5f, 1);
   set_vertex(2, W, 0, 0.5f, 1);
   draw(VGPU_PRIM_TRIANGLE, 3);
   set_vertex(0, W, H, 0.5f, 1);
   draw(VGPU_PRIM_TRIANGLE, 3);
   unsigned bad = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         for (unsigned k = 0; k < 4; k++)
            bad += hits[y][x][k] != (k % 2 == 0);
   CHECK_EQ(bad, 0, "sample mask 0b0101: samples differing");
}

/* A fan of triangles around an off-grid centre: every pixel whose centre
 * is inside the polygon is hit exactly once, none twice. */
static void
test_shared_edges(void)
{
   reset_state();
   reset_records();
   const float cx = 31.3f, cy = 30.7f;
   const int n = 7;
   float px[7], py[7];
   for (int i = 0; i < n; i++) {
      float a = 2 * 3.14159265f * i / n;
      px[i] = roundf((cx + 25 * cosf(a)) * 256) / 256;
      py[i] = roundf((cy + 25 * sinf(a)) * 256) / 256;
   }
   float qcx = roundf(cx * 256) / 256, qcy = roundf(cy * 256) / 256;
   for (int i = 0; i < n; i++) {
      set_vertex(0, qcx, qcy, 0.5f, 1);
      set_vertex(1, px[i], py[i], 0.5f, 1);
      set_vertex(2, px[(i + 1) % n], py[(i + 1) % n], 0.5f, 1);
      draw(VGPU_PRIM_TRIANGLE, 3);
   }
   struct pt poly[7];
   for (int i = 0; i < n; i++)
      poly[i] = grid(px[i], py[i]);
   /* The outer polygon's own edges follow the top-left rule too. */
   compare_polygon("fan of 7 triangles", poly, 7, 0, 0, W - 1, H - 1);
   CHECK_EQ(ps_calls, 7, "fan: pixel-stage calls");
}

/* Window A (8,8) z -1, B (56,8) z 1, C (8,56) z 1 (w 1): the near plane
 * z = 0 crosses AB and AC halfway, at (32,8) and (8,32), leaving the
 * quadrilateral (32,8) (56,8) (8,56) (8,32), two triangles.  Attribute
 * x of row 4: A 0, B 10, C 20, so the new vertices carry 5 and 10. */
static void
test_near_plane(void)
{
   reset_state();
   reset_records();
   set_vertex(0, 8, 8, -1, 1);
   set_vertex(1, 56, 8, 1, 1);
   set_vertex(2, 8, 56, 1, 1);
   vue[0][ATTR_ROW * 4] = fbits(0);
   vue[1][ATTR_ROW * 4] = fbits(10);
   vue[2][ATTR_ROW * 4] = fbits(20);
   draw(VGPU_PRIM_TRIANGLE, 3);
   struct pt quad[4] = { grid(32, 8), grid(56, 8), grid(8, 56), grid(8, 32) };
   compare_polygon("near-plane clip", quad, 4, 0, 0, W - 1, H - 1);
   CHECK_EQ(run.stats.clipper_invocations, 1, "near plane: clipper invocations");
   CHECK_EQ(run.stats.clipper_primitives, 2, "near plane: clipper primitives");
   CHECK_EQ(nsetups, 2, "near plane: triangles set up");
   bool saw5 = false, saw10 = false;
   for (unsigned i = 0; i < nsetups; i++) {
      for (unsigned k = 0; k < 3; k++) {
         CHECK(setups[i].z[k] >= 0.0f, "near plane: setup %u z[%u] = %g", i, k,
               setups[i].z[k]);
         if (setups[i].x[k] == 32 && setups[i].y[k] == 8) {
            saw5 = true;
            CHECK(setup_attr[i][k] == 5.0f, "near plane: attribute at (32,8) %g, want 5",
                  setup_attr[i][k]);
         }
         if (setups[i].x[k] == 8 && setups[i].y[k] == 32) {
            saw10 = true;
            CHECK(setup_attr[i][k] == 10.0f, "near plane: attribute at (8,32) %g, want 10",
                  setup_attr[i][k]);
         }
      }
      /* Flat attributes still read the original provoking vertex A. */
      CHECK(setups[i].flat.dw == vue[0], "near plane: setup %u flat vertex", i);
   }
   CHECK(saw5 && saw10, "near plane: new vertices (32,8) and (8,32) set up");

   /* Provoking vertex B (3DSTATE_SF select 1) survives: every piece has
    * it as its own provoking vertex. */
   reset_records();
   st.raster.provoking_tristrip = 1;
   draw(VGPU_PRIM_TRIANGLE, 3);
   CHECK_EQ(nsetups, 2, "near plane, provoking B: triangles set up");
   for (unsigned i = 0; i < nsetups; i++) {
      CHECK(setups[i].v[setups[i].provoking].dw == vue[1] && setups[i].flat.dw == vue[1],
            "near plane: setup %u provoking vertex is not B", i);
   }
   st.raster.provoking_tristrip = 0;

   /* Depth clamp (Viewport Z Clip Test off): the whole triangle. */
   reset_records();
   st.raster.viewport_z_clip = st.raster.viewport_z_far_clip = false;
   draw(VGPU_PRIM_TRIANGLE, 3);
   struct pt tri[3] = { grid(8, 8), grid(56, 8), grid(8, 56) };
   compare_polygon("no z clip", tri, 3, 0, 0, W - 1, H - 1);

   /* Entirely behind the near plane: nothing, and no primitive out. */
   reset_state();
   reset_records();
   for (unsigned k = 0; k < 3; k++)
      set_vertex(k, 8 + 20 * k, 8 + 10 * (k & 1), -0.5f, 1);
   draw(VGPU_PRIM_TRIANGLE, 3);
   CHECK_EQ(ps_calls, 0, "behind the near plane: pixel-stage calls");
   CHECK_EQ(run.stats.clipper_invocations, 1, "behind: clipper invocations");
   CHECK_EQ(run.stats.clipper_primitives, 0, "behind: clipper primitives");
}

/* Clip distance 0 enabled, -1 at A and 1 at B and C: cut halfway, the
 * same quadrilateral as the near plane's.  Cull distance 1 negative at
 * every vertex: nothing. */
static void
test_user_distances(void)
{
   reset_state();
   reset_records();
   st.raster.clip_distance_mask = 1;
   set_vertex(0, 8, 8, 0.5f, 1);
   set_vertex(1, 56, 8, 0.5f, 1);
   set_vertex(2, 8, 56, 0.5f, 1);
   vue[0][8] = fbits(-1);
   vue[1][8] = fbits(1);
   vue[2][8] = fbits(1);
   draw(VGPU_PRIM_TRIANGLE, 3);
   struct pt quad[4] = { grid(32, 8), grid(56, 8), grid(8, 56), grid(8, 32) };
   compare_polygon("clip distance", quad, 4, 0, 0, W - 1, H - 1);

   reset_records();
   st.raster.clip_distance_mask = 0;
   st.shader[VGPU_3D_VS].cull_distance_mask = 2;
   vue[0][9] = vue[1][9] = vue[2][9] = fbits(-0.25f);
   draw(VGPU_PRIM_TRIANGLE, 3);
   CHECK_EQ(ps_calls, 0, "cull distance: pixel-stage calls");
   vue[2][9] = fbits(0.0f);   /* one vertex not negative: drawn whole */
   draw(VGPU_PRIM_TRIANGLE, 3);
   struct pt tri[3] = { grid(8, 8), grid(56, 8), grid(8, 56) };
   compare_polygon("cull distance, one vertex at 0", tri, 3, 0, 0, W - 1, H - 1);
}

/* Blorp's RECTLIST clear: viewport transform and clipping off, corners
 * (x1,y1) (x0,y1) (x0,y0) = (17,12) (3,12) (3,5): pixels 3..16 x 5..11,
 * each once. */
static void
test_rectlist(void)
{
   reset_state();
   reset_records();
   st.raster.viewport_transform = false;
   st.raster.clip_enable = false;
   st.raster.viewport_xy_clip = false;
   const float c[3][2] = { { 17, 12 }, { 3, 12 }, { 3, 5 } };
   for (unsigned k = 0; k < 3; k++) {
      vue[k][4] = fbits(c[k][0]);
      vue[k][5] = fbits(c[k][1]);
      vue[k][6] = fbits(0.25f);
      vue[k][7] = fbits(1);
   }
   draw(VGPU_PRIM_RECT, 3);
   unsigned bad = 0;
   for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
         unsigned want = x >= 3 && x <= 16 && y >= 5 && y <= 11;
         bad += hits[y][x][0] != want;
      }
   }
   CHECK_EQ(bad, 0, "RECTLIST: pixels differing from 3..16 x 5..11");
   CHECK_EQ(ps_calls, 1, "RECTLIST: pixel-stage calls");
   CHECK(nsetups == 1 && setups[0].z[0] == 0.25f, "RECTLIST: depth passed through");
}

/* Counter-clockwise front faces, cull back: (10,10) (10,40) (40,10) runs
 * counter-clockwise on the screen (y down: down, then up right), the
 * reverse order clockwise. */
static void
test_culling(void)
{
   reset_state();
   reset_records();
   st.raster.cull_mode = 3;      /* CULLMODE_BACK */
   set_vertex(0, 10, 10, 0.5f, 1);
   set_vertex(1, 10, 40, 0.5f, 1);
   set_vertex(2, 40, 10, 0.5f, 1);
   draw(VGPU_PRIM_TRIANGLE, 3);
   CHECK(ps_calls == 1 && setups[0].front_facing, "CCW triangle drawn front-facing");
   reset_records();
   set_vertex(1, 40, 10, 0.5f, 1);
   set_vertex(2, 10, 40, 0.5f, 1);
   draw(VGPU_PRIM_TRIANGLE, 3);
   CHECK_EQ(ps_calls, 0, "CW triangle culled as a back face");
   st.raster.cull_mode = 2;      /* CULLMODE_FRONT */
   draw(VGPU_PRIM_TRIANGLE, 3);
   CHECK(ps_calls == 1 && !setups[0].front_facing, "CW triangle drawn back-facing");
   st.raster.front_winding = 0;  /* CW front: now culled */
   reset_records();
   draw(VGPU_PRIM_TRIANGLE, 3);
   CHECK_EQ(ps_calls, 0, "CW triangle with CW front culled as a front face");
   /* Zero area: collinear vertices. */
   st.raster.cull_mode = 1;
   set_vertex(2, 25, 10, 0.5f, 1);
   draw(VGPU_PRIM_TRIANGLE, 3);
   CHECK_EQ(ps_calls, 0, "zero-area triangle");
}

static void
check_pixels(const char *what, const int (*want)[2], unsigned n)
{
   unsigned total = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         total += hits[y][x][0];
   CHECK_EQ(total, n, what);
   for (unsigned i = 0; i < n; i++)
      CHECK(hits[want[i][1]][want[i][0]][0] == 1, "%s: pixel (%d,%d) not hit once",
            what, want[i][0], want[i][1]);
}

/* Lines.  Width 0, the diamond-exit rule: (2.5,3.5) to (9.5,3.5) draws
 * pixels 2..8 of row 3 (pixel 9's diamond holds the end); (0.5,0.5) to
 * (4.5,4.5) the diagonal (0,0)..(3,3).  Any other width, the
 * parallelogram with the polygon rule: width 1 gives the same row (y 3..4,
 * x from 2.5 to 9.5, left edge in), width 3 rows 2..4 (y 2..5); on 4
 * samples width 1 is that band with Vulkan's sample positions. */
static void
test_lines(void)
{
   reset_state();
   reset_records();
   st.raster.line_width = 0;
   set_vertex(0, 2.5f, 3.5f, 0.5f, 1);
   set_vertex(1, 9.5f, 3.5f, 0.5f, 1);
   draw(VGPU_PRIM_LINE, 2);
   static const int row[7][2] = { { 2, 3 }, { 3, 3 }, { 4, 3 }, { 5, 3 }, { 6, 3 }, { 7, 3 }, { 8, 3 } };
   check_pixels("thin horizontal line", row, 7);

   reset_records();
   set_vertex(0, 0.5f, 0.5f, 0.5f, 1);
   set_vertex(1, 4.5f, 4.5f, 0.5f, 1);
   draw(VGPU_PRIM_LINE, 2);
   static const int diag[4][2] = { { 0, 0 }, { 1, 1 }, { 2, 2 }, { 3, 3 } };
   check_pixels("thin diagonal line", diag, 4);

   reset_records();
   st.raster.line_width = 1;
   set_vertex(0, 2.5f, 3.5f, 0.5f, 1);
   set_vertex(1, 9.5f, 3.5f, 0.5f, 1);
   draw(VGPU_PRIM_LINE, 2);
   check_pixels("1-pixel horizontal line", row, 7);

   /* Leftwards from (30.5,20.25) to (20.5,20.25), where the two rules
    * part: width 0 starts inside pixel (30,20)'s diamond and leaves it
    * (drawn) and ends inside (20,20)'s (not drawn); width 1's
    * parallelogram has a right edge through (30,20)'s centre (out) and a
    * left edge through (20,20)'s (in). */
   reset_records();
   st.raster.line_width = 0;
   set_vertex(0, 30.5f, 20.25f, 0.5f, 1);
   set_vertex(1, 20.5f, 20.25f, 0.5f, 1);
   draw(VGPU_PRIM_LINE, 2);
   CHECK_EQ(hits[20][30][0], 1, "thin line starting inside a diamond draws its pixel");
   CHECK_EQ(hits[20][20][0], 0, "thin line ending inside a diamond does not");
   reset_records();
   st.raster.line_width = 1;
   draw(VGPU_PRIM_LINE, 2);
   CHECK_EQ(hits[20][30][0], 0, "1-pixel line: right edge through the centre");
   CHECK_EQ(hits[20][20][0], 1, "1-pixel line: left edge through the centre");

   reset_records();
   st.samples = 4;
   set_vertex(0, 2.5f, 3.5f, 0.5f, 1);
   set_vertex(1, 9.5f, 3.5f, 0.5f, 1);
   draw(VGPU_PRIM_LINE, 2);
   struct pt band[4] = { grid(2.5f, 3), grid(9.5f, 3), grid(9.5f, 4), grid(2.5f, 4) };
   compare_polygon("1-pixel line on 4 samples", band, 4, 0, 0, W - 1, H - 1);
   st.samples = 1;

   reset_records();
   st.raster.line_width = 3;
   draw(VGPU_PRIM_LINE, 2);
   int wide[21][2];
   for (int i = 0; i < 21; i++) {
      wide[i][0] = 2 + i % 7;
      wide[i][1] = 2 + i / 7;
   }
   check_pixels("3-pixel horizontal line", (const int (*)[2])wide, 21);

   /* A line leaving through the far plane ends there: z from 0.5 to 1.5
    * crosses z = 1 halfway, at x 6. */
   reset_records();
   st.raster.line_width = 0;
   set_vertex(0, 2.5f, 3.5f, 0.5f, 1);
   set_vertex(1, 9.5f, 3.5f, 1.5f, 1);
   draw(VGPU_PRIM_LINE, 2);
   CHECK(nsetups == 1 && setups[0].x[1] == 6.0f && setups[0].z[1] == 1.0f,
         "line clipped at the far plane ends at (6, z 1)");
}

/* Points: width 3 from the state at (10.5,10.5) covers 9..11 x 9..11;
 * width 2 from the VUE header at (20,20) the square 19..21, pixels 19
 * and 20 each way. */
static void
test_points(void)
{
   reset_state();
   reset_records();
   st.raster.point_width = 3;
   set_vertex(0, 10.5f, 10.5f, 0.5f, 1);
   draw(VGPU_PRIM_POINT, 1);
   int want[9][2];
   for (int i = 0; i < 9; i++) {
      want[i][0] = 9 + i % 3;
      want[i][1] = 9 + i / 3;
   }
   check_pixels("3-pixel point", (const int (*)[2])want, 9);

   reset_records();
   st.raster.point_width_from_state = false;
   st.raster.min_point_width = 0.125f;
   st.raster.max_point_width = 255.875f;
   set_vertex(0, 20, 20, 0.5f, 1);
   vue[0][3] = fbits(2);
   draw(VGPU_PRIM_POINT, 1);
   static const int two[4][2] = { { 19, 19 }, { 20, 19 }, { 19, 20 }, { 20, 20 } };
   check_pixels("2-pixel point from the VUE", two, 4);

   /* Its vertex past the far plane: dropped whole. */
   reset_records();
   set_vertex(0, 20, 20, 1.5f, 1);
   draw(VGPU_PRIM_POINT, 1);
   CHECK_EQ(ps_calls, 0, "point beyond the far plane");
}

/* Provoking vertex: 3DSTATE_SF select 2 (Vulkan's last-vertex mode) on an
 * odd strip triangle, which the assembler gives as (i, i+2, i+1): the
 * hardware's vertex 2 is position 1.  On a fan, select 1 is position 1;
 * on a list, select 2 position 2. */
static void
test_provoking(void)
{
   reset_state();
   set_vertex(0, 10, 10, 0.5f, 1);
   set_vertex(1, 10, 40, 0.5f, 1);
   set_vertex(2, 40, 10, 0.5f, 1);
   struct {
      uint32_t topology, index, tristrip, trifan;
      unsigned want;
   } cases[] = {
      { 5, 1, 2, 0, 1 }, { 5, 2, 2, 0, 2 }, { 5, 1, 0, 0, 0 },
      { 6, 3, 0, 1, 1 }, { 4, 1, 2, 0, 2 },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      reset_records();
      st.raster.provoking_tristrip = cases[i].tristrip;
      st.raster.provoking_trifan = cases[i].trifan;
      struct vgpu_prim p = prim(VGPU_PRIM_TRIANGLE, 3);
      p.topology = cases[i].topology;
      p.index_in_strip = cases[i].index;
      vgpu_clip_prim(&run, &p);
      CHECK(nsetups == 1 && setups[0].provoking == cases[i].want &&
            setups[0].flat.dw == vue[cases[i].want],
            "provoking case %u: got %u, want %u", i, setups[0].provoking, cases[i].want);
   }
}

/* Fill modes.  Wireframe with thin lines, (4.5,4.5) (20.5,4.5)
 * (4.5,20.5): the top edge row 4 x 4..19, the diagonal (20,4) (19,5) ..
 * (5,19), the left edge up from (4,20) to (4,5); each line leaves out its
 * end pixel, so every pixel once.  Point mode on the near-plane case
 * (A behind the plane): the clipped quadrilateral's four corners, each
 * once, as 1-pixel squares [x - 1/2, x + 1/2) holding pixel (x-1, y-1)
 * for whole x, y. */
static void
test_fill_modes(void)
{
   reset_state();
   reset_records();
   st.raster.front_fill = st.raster.back_fill = 1;   /* WIREFRAME */
   st.raster.line_width = 0;
   set_vertex(0, 4.5f, 4.5f, 0.5f, 1);
   set_vertex(1, 20.5f, 4.5f, 0.5f, 1);
   set_vertex(2, 4.5f, 20.5f, 0.5f, 1);
   draw(VGPU_PRIM_TRIANGLE, 3);
   int want[48][2];
   for (int i = 0; i < 16; i++) {
      want[i][0] = 4 + i;
      want[i][1] = 4;
      want[16 + i][0] = 20 - i;
      want[16 + i][1] = 4 + i;
      want[32 + i][0] = 4;
      want[32 + i][1] = 20 - i;
   }
   check_pixels("wireframe triangle", (const int (*)[2])want, 48);
   CHECK_EQ(ps_calls, 3, "wireframe: one line per edge");
   CHECK(nsetups == 3 && setups[0].kind == VGPU_PRIM_LINE && !setups[0].front_facing,
         "wireframe: lines of a back-facing (clockwise) triangle");

   reset_state();
   reset_records();
   st.raster.front_fill = st.raster.back_fill = 2;   /* POINT */
   set_vertex(0, 8, 8, -1, 1);
   set_vertex(1, 56, 8, 1, 1);
   set_vertex(2, 8, 56, 1, 1);
   draw(VGPU_PRIM_TRIANGLE, 3);
   static const int corners[4][2] = { { 31, 7 }, { 55, 7 }, { 7, 55 }, { 7, 31 } };
   check_pixels("point mode, clipped", corners, 4);
   CHECK_EQ(ps_calls, 4, "point mode: one point per polygon vertex");
}

/* The VUE header of the provoking vertex: Render Target Array Index
 * (DWord 1, or 0 with Force Zero RTA Index), Viewport Index (DWord 2,
 * 0 past Maximum VP Index).  Viewport 1 here maps window x = 16 * ndc +
 * 48, so the triangle at x 8..40 through viewport 0 lands at 36..52, and
 * its extents start at x 40: the pixels left of 40 go. */
static void
test_header(void)
{
   reset_state();
   run.clip.count = 2;
   run.clip.vp[1] = run.clip.vp[0];
   run.clip.vp[1].m00 = 16;
   run.clip.vp[1].m30 = 48;
   run.clip.vp[1].xmin = 40;
   set_vertex(0, 8, 8, 0.5f, 1);     /* ndc x -0.75: viewport 1 x 36 */
   set_vertex(1, 8, 40, 0.5f, 1);
   set_vertex(2, 40, 8, 0.5f, 1);    /* ndc x 0.25: viewport 1 x 52 */
   vue[0][1] = 3;
   vue[0][2] = 1;
   reset_records();
   draw(VGPU_PRIM_TRIANGLE, 3);
   CHECK(nsetups == 1 && setups[0].render_target_array_index == 3 &&
         setups[0].viewport_index == 1 && setups[0].x[0] == 36 && setups[0].x[2] == 52,
         "header: RTAI 3, viewport 1");
   struct pt tri[3] = { grid(36, 8), grid(36, 40), grid(52, 8) };
   compare_polygon("viewport 1", tri, 3, 40, 0, W - 1, H - 1);

   reset_records();
   st.raster.force_zero_rtai = true;
   vue[0][2] = 2;                    /* past Maximum VP Index 1: viewport 0 */
   draw(VGPU_PRIM_TRIANGLE, 3);
   CHECK(nsetups == 1 && setups[0].render_target_array_index == 0 &&
         setups[0].viewport_index == 0 && setups[0].x[0] == 8,
         "header: RTAI forced to 0, viewport index 2 falls back to 0");
}

/* Depth bias on D24: z = 0.5 + x/1000 over window x (dz/dx 0.001,
 * dz/dy 0), constant 3, scale 2: 2 * 0.001 + 3 * 2^-24; clamp 0.001 caps
 * it. */
static void
test_depth_bias(void)
{
   reset_state();
   reset_records();
   st.raster.depth_offset_solid = true;
   st.raster.depth_offset_constant = 3;
   st.raster.depth_offset_scale = 2;
   set_vertex(0, 10, 10, 0.5f + 10 / 1000.0f, 1);
   set_vertex(1, 10, 40, 0.5f + 10 / 1000.0f, 1);
   set_vertex(2, 40, 10, 0.5f + 40 / 1000.0f, 1);
   draw(VGPU_PRIM_TRIANGLE, 3);
   double want = 2 * 0.001 + 3 * ldexp(1, -24);
   CHECK(nsetups == 1 && fabs(setups[0].depth_offset - want) < 2e-8,
         "depth bias %g, want %g", nsetups ? setups[0].depth_offset : 0.0, want);
   reset_records();
   st.raster.depth_offset_clamp = 0.001f;
   draw(VGPU_PRIM_TRIANGLE, 3);
   CHECK(nsetups == 1 && setups[0].depth_offset == 0.001f, "depth bias clamped");

   /* Flat z 0.75, the constant alone: r is 2^-24 for D24, 2^-16 for D16,
    * and for D32_FLOAT 2^(e - 23) with 0.75's exponent e = -1. */
   static const struct {
      uint32_t format;
      int exp;
   } formats[] = { { 3, -24 }, { 5, -16 }, { 1, -24 } };
   st.raster.depth_offset_clamp = 0;
   st.raster.depth_offset_scale = 0;
   for (unsigned k = 0; k < 3; k++)
      set_vertex(k, 10 + 30 * (k == 2), 10 + 30 * (k == 1), 0.75f, 1);
   for (unsigned i = 0; i < 3; i++) {
      reset_records();
      st.depth.format = formats[i].format;
      draw(VGPU_PRIM_TRIANGLE, 3);
      CHECK(nsetups == 1 && setups[0].depth_offset == 3 * ldexpf(1, formats[i].exp),
            "depth bias constant, format %u: %g, want 3 * 2^%d", formats[i].format,
            nsetups ? setups[0].depth_offset : 0.0, formats[i].exp);
   }
   /* Legacy Global Depth Bias Enable: r = 1. */
   reset_records();
   st.raster.legacy_depth_bias = true;
   draw(VGPU_PRIM_TRIANGLE, 3);
   CHECK(nsetups == 1 && setups[0].depth_offset == 3.0f, "legacy depth bias: r = 1");
}

/* Scissor (8,4)-(20,30) inclusive and the drawing rectangle's right edge
 * at 15 cut a full-screen triangle pair to 8..15 x 4..30. */
static void
test_scissor(void)
{
   reset_state();
   reset_records();
   st.raster.scissor_enable = true;
   run.clip.vp[0].scissor[0] = 8;
   run.clip.vp[0].scissor[1] = 4;
   run.clip.vp[0].scissor[2] = 20;
   run.clip.vp[0].scissor[3] = 30;
   st.draw_rect[2] = 15;
   set_vertex(0, 0, 0, 0.5f, 1);
   set_vertex(1, 0, H, 0.5f, 1);
   set_vertex(2, W, 0, 0.5f, 1);
   draw(VGPU_PRIM_TRIANGLE, 3);
   set_vertex(0, W, H, 0.5f, 1);
   draw(VGPU_PRIM_TRIANGLE, 3);
   struct pt all[4] = { grid(0, 0), grid(W, 0), grid(W, H), grid(0, H) };
   compare_polygon("scissor", all, 4, 8, 4, 15, 30);
}

/* Garbage positions and clip distances (any bits: NaN, infinities,
 * huge values) with every clip test on: nothing may land outside the
 * target or crash (the sanitizer builds watch the memory). */
static void
test_garbage(void)
{
   srand(99);
   reset_state();
   reset_records();
   st.raster.clip_distance_mask = 0xff;
   for (int i = 0; i < 3000; i++) {
      for (unsigned k = 0; k < 3; k++) {
         for (unsigned d = 4; d < 16; d++)
            vue[k][d] = (uint32_t)rand() << 16 ^ (uint32_t)rand();
         if (i % 3)
            vue[k][7] = fbits(1);
      }
      draw(i % 2 ? VGPU_PRIM_TRIANGLE : VGPU_PRIM_LINE, 3 - (i % 2 == 0));
   }
   CHECK_EQ(outside_hits, 0, "garbage: hits outside the target");
   CHECK(!run.stop, "garbage: the draw stopped");
}

int
main(void)
{
   test_random_triangles();
   test_programmed_pattern();
   test_gen7_multisample();
   test_sample_mask();
   test_shared_edges();
   test_near_plane();
   test_user_distances();
   test_rectlist();
   test_culling();
   test_lines();
   test_points();
   test_provoking();
   test_fill_modes();
   test_header();
   test_depth_bias();
   test_scissor();
   test_garbage();
   CHECK_EQ(not_modelled, 0, "not-modelled reports");
   return isl_test_result("test_raster");
}

/* The windower's rasterization of set-up primitives into 2x2 subspans
 * (PRM Vol 7 "Windower (WM)": "Rasterization"; Vulkan "Rasterization").
 *
 * Every primitive but a thin line is a convex polygon of three or four
 * edges on the 8-bit sub-pixel grid (vgpu_raster.h): a triangle, a
 * RECTLIST rectangle, a point's square, a line's parallelogram.  A sample
 * is covered when it is inside every edge, or on an edge that is a top or
 * a left one (Vulkan's and the hardware's tie-breaking rule), so
 * primitives that share an edge cover each sample once.  Thin lines
 * take the diamond-exit rule instead (see thin_line below).
 *
 * The WM drops the samples 3DSTATE_SAMPLE_MASK clears from the coverage.
 * Pixels outside the drawing rectangle, the scissor rectangle (when
 * enabled) and on Gen8+ the viewport extents (the clipper only clipped to
 * the guard band) are discarded here.  Subspans go to the pixel stage in
 * rows from the top, left to right, in one call per primitive. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "vgpu_gpgpu.h"
#include "vgpu_pipe.h"
#include "vgpu_raster.h"

/* Gen7 3DSTATE_SF/WM Multisample Rasterization Mode: the ON modes test
 * each sample at its position, the OFF ones the pixel's one point. */
#define MSRASTMODE_ON_PIXEL 2
/* 3DSTATE_MULTISAMPLE Pixel Location. */
#define PIXLOC_CENTER 0

#define MAX_EDGES 4
#define SUBSPAN_PIXELS 4

struct sample_pattern {
   unsigned tested;              /* positions tested per pixel */
   unsigned bits;                /* coverage bits per pixel */
   uint32_t mask;                /* 3DSTATE_SAMPLE_MASK's bits of them */
   int64_t x[8], y[8];           /* offsets, sub-pixel units */
};

/* An edge a -> b with the polygon on its right as seen on the screen. */
struct edge {
   int64_t ax, ay, dx, dy;
   bool top_left;
};

struct polygon {
   struct edge e[MAX_EDGES];
   unsigned n;
   int64_t xmin, ymin, xmax, ymax;   /* bounding box, sub-pixel units */
};

/* Pixels that may be written, inclusive. */
struct pixel_rect {
   int64_t x0, y0, x1, y1;
};

struct subspan_list {
   struct vgpu_subspan *ss;
   unsigned count, cap;
};

/* ---- samples ---- */

/* Whether each sample is tested at its own position.  Gen8+ rasterizes
 * multisampled whenever 3DSTATE_MULTISAMPLE has more than one sample: in
 * the DX9/OpenGL API mode (blorp's) by that count alone, in the DX10
 * modes with DX Multisample Rasterization Enable, which ANV sets exactly
 * then (3DSTATE_RASTER's API Mode is not decoded); Gen7 follows its
 * Multisample Rasterization Mode. */
static bool
per_sample(const struct vgpu_draw_run *r)
{
   if (r->clip.ver >= 8)
      return true;
   return r->st->raster.multisample_mode >= MSRASTMODE_ON_PIXEL;
}

unsigned
vgpu_raster_sample_positions(const struct vgpu_draw_run *r, uint8_t (*pos)[2],
                             bool *each)
{
   const struct vgpu_3d *st = r->st;
   unsigned samples = st->samples ? st->samples : 1;
   *each = samples > 1 && per_sample(r);
   if (!*each) {
      uint8_t at = st->pixel_location == PIXLOC_CENTER ? 8 : 0;
      for (unsigned i = 0; i < samples && i < 16; i++)
         pos[i][0] = pos[i][1] = at;
      return samples;
   }
   unsigned log2 = (unsigned)__builtin_ctz(samples);
   for (unsigned i = 0; i < samples && i < 16; i++) {
      pos[i][0] = st->sample_pos[log2 < 5 ? log2 : 4][i][0];
      pos[i][1] = st->sample_pos[log2 < 5 ? log2 : 4][i][1];
   }
   return samples;
}

static bool
sample_pattern(const struct vgpu_draw_run *r, struct sample_pattern *sp)
{
   uint8_t pos[16][2];
   bool each;
   unsigned samples = vgpu_raster_sample_positions(r, pos, &each);
   if (samples > 8) {
      /* 16 samples of 4 pixels do not fit struct vgpu_subspan's coverage. */
      vgpu_not_modelled("16x multisampling");
      return false;
   }
   sp->bits = samples;
   sp->mask = r->st->sample_mask & ((1u << samples) - 1);
   sp->tested = each ? samples : 1;
   for (unsigned i = 0; i < sp->tested; i++) {
      sp->x[i] = pos[i][0] * (VGPU_SUBPIXEL_ONE / 16);
      sp->y[i] = pos[i][1] * (VGPU_SUBPIXEL_ONE / 16);
   }
   return true;
}

/* ---- polygons ---- */

/* With y down, a top edge is horizontal with the polygon below it and a
 * left edge goes up the screen (the polygon on its right). */
static void
polygon_from_points(struct polygon *pg, const int64_t (*pt)[2], unsigned n)
{
   pg->n = n;
   pg->xmin = pg->xmax = pt[0][0];
   pg->ymin = pg->ymax = pt[0][1];
   for (unsigned i = 0; i < n; i++) {
      const int64_t *a = pt[i], *b = pt[(i + 1) % n];
      struct edge *e = &pg->e[i];
      *e = (struct edge){ .ax = a[0], .ay = a[1], .dx = b[0] - a[0], .dy = b[1] - a[1] };
      e->top_left = (e->dy == 0 && e->dx > 0) || e->dy < 0;
      if (a[0] < pg->xmin) pg->xmin = a[0];
      if (a[0] > pg->xmax) pg->xmax = a[0];
      if (a[1] < pg->ymin) pg->ymin = a[1];
      if (a[1] > pg->ymax) pg->ymax = a[1];
   }
}

/* Twice the signed area; positive when clockwise on the screen. */
static int64_t
area2(const int64_t (*pt)[2], unsigned n)
{
   int64_t a = 0;
   for (unsigned i = 0; i < n; i++) {
      const int64_t *p = pt[i], *q = pt[(i + 1) % n];
      a += p[0] * q[1] - q[0] * p[1];
   }
   return a;
}

/* Builds the polygon of n snapped points in either winding; false when
 * it has no area. */
static bool
make_polygon(struct polygon *pg, int64_t (*pt)[2], unsigned n)
{
   int64_t a = area2((const int64_t (*)[2])pt, n);
   if (a == 0)
      return false;
   if (a < 0) {
      for (unsigned i = 0; i < n / 2; i++) {
         int64_t t[2] = { pt[i][0], pt[i][1] };
         memcpy(pt[i], pt[n - 1 - i], sizeof(t));
         memcpy(pt[n - 1 - i], t, sizeof(t));
      }
   }
   polygon_from_points(pg, (const int64_t (*)[2])pt, n);
   return true;
}

static bool
polygon_covers(const struct polygon *pg, int64_t px, int64_t py)
{
   for (unsigned i = 0; i < pg->n; i++) {
      const struct edge *e = &pg->e[i];
      int64_t d = e->dx * (py - e->ay) - e->dy * (px - e->ax);
      if (d < 0 || (d == 0 && !e->top_left))
         return false;
   }
   return true;
}

static bool
triangle_polygon(const struct vgpu_setup *s, struct polygon *pg)
{
   int64_t pt[3][2];
   for (unsigned k = 0; k < 3; k++) {
      pt[k][0] = vgpu_raster_snap(s->x[k]);
      pt[k][1] = vgpu_raster_snap(s->y[k]);
   }
   return make_polygon(pg, pt, 3);
}

static bool
box_polygon(struct polygon *pg, int64_t x0, int64_t y0, int64_t x1, int64_t y1)
{
   int64_t pt[4][2] = { { x0, y0 }, { x1, y0 }, { x1, y1 }, { x0, y1 } };
   return make_polygon(pg, pt, 4);
}

/* RECTLIST: the axis-aligned rectangle the three corners span (PRM Vol 2a
 * 3D_Prim_Topo_Type RECTLIST: the fourth corner is implied). */
static bool
rect_polygon(const struct vgpu_setup *s, struct polygon *pg)
{
   int64_t x0 = vgpu_raster_snap(s->x[0]), x1 = x0;
   int64_t y0 = vgpu_raster_snap(s->y[0]), y1 = y0;
   for (unsigned k = 1; k < 3; k++) {
      int64_t x = vgpu_raster_snap(s->x[k]), y = vgpu_raster_snap(s->y[k]);
      x0 = x < x0 ? x : x0;
      x1 = x > x1 ? x : x1;
      y0 = y < y0 ? y : y0;
      y1 = y > y1 ? y : y1;
   }
   return box_polygon(pg, x0, y0, x1, y1);
}

/* Vulkan "Basic Point Rasterization": a square of side width centred on
 * the point. */
static bool
point_polygon(const struct vgpu_setup *s, struct polygon *pg)
{
   int64_t cx = vgpu_raster_snap(s->x[0]), cy = vgpu_raster_snap(s->y[0]);
   int64_t half = vgpu_raster_snap(s->width * 0.5f);
   return box_polygon(pg, cx - half, cy - half, cx + half, cy + half);
}

/* Vulkan "Basic Line Segment Rasterization" for non-strict lines: the
 * parallelogram swept by a segment of the line's width (a pixel at least)
 * along the minor axis. */
static bool
line_polygon(const struct vgpu_setup *s, float width, struct polygon *pg)
{
   width = fmaxf(width, 1.0f);
   float dx = s->x[1] - s->x[0], dy = s->y[1] - s->y[0];
   bool x_major = fabsf(dx) >= fabsf(dy);
   float ox = x_major ? 0.0f : width * 0.5f;
   float oy = x_major ? width * 0.5f : 0.0f;
   int64_t pt[4][2] = {
      { vgpu_raster_snap(s->x[0] - ox), vgpu_raster_snap(s->y[0] - oy) },
      { vgpu_raster_snap(s->x[1] - ox), vgpu_raster_snap(s->y[1] - oy) },
      { vgpu_raster_snap(s->x[1] + ox), vgpu_raster_snap(s->y[1] + oy) },
      { vgpu_raster_snap(s->x[0] + ox), vgpu_raster_snap(s->y[0] + oy) },
   };
   return make_polygon(pg, pt, 4);
}

/* ---- thin lines ---- */

/* 3DSTATE_SF Line Width 0 asks for the "thinnest" lines, rasterized by
 * Grid Intersection Quantization: a pixel is drawn when the segment
 * leaves its diamond |x - cx| + |y - cy| < 1/2 (Vulkan "Bresenham Line
 * Segment Rasterization").  Any other width, 1.0 included (what the
 * drivers program for Vulkan's 1-pixel lines), is a non-antialiased wide
 * line: a parallelogram (Mesa's GL drivers program 0.0 only for thin
 * smooth lines, for that reason). */
static bool
is_thin_line(const struct vgpu_draw_run *r, const struct vgpu_setup *s)
{
   return s->kind == VGPU_PRIM_LINE && !(r->st->raster.line_width > 0.0f);
}

struct thin_line {
   float x0, y0, x1, y1;
   bool last_pixel;
};

/* Whether the open diamond centred on (cx, cy) meets the segment, by
 * clipping the segment's parameter range to the diamond's four sides. */
static bool
segment_meets_diamond(const struct thin_line *l, float cx, float cy)
{
   float t0 = 0.0f, t1 = 1.0f;
   float dx = l->x1 - l->x0, dy = l->y1 - l->y0;
   /* Sides u = (x - cx) +- (y - cy), each between -1/2 and 1/2 open. */
   for (int sign = -1; sign <= 1; sign += 2) {
      float u0 = (l->x0 - cx) + sign * (l->y0 - cy);
      float du = dx + sign * dy;
      for (int side = -1; side <= 1; side += 2) {
         /* side * u < 1/2 */
         float num = 0.5f - side * u0, den = side * du;
         if (den == 0.0f) {
            if (num <= 0.0f)
               return false;
            continue;
         }
         float t = num / den;
         if (den > 0.0f) {
            if (t < t1) t1 = t;
         } else if (t > t0) {
            t0 = t;
         }
      }
   }
   return t0 < t1;
}

static bool
in_diamond(float x, float y, float cx, float cy)
{
   return fabsf(x - cx) + fabsf(y - cy) < 0.5f;
}

/* A pixel is drawn when the segment passes through its diamond and
 * leaves it: not when the segment ends inside (unless 3DSTATE_SF Last
 * Pixel Enable). */
static bool
thin_line_covers(const struct thin_line *l, float cx, float cy)
{
   if (!segment_meets_diamond(l, cx, cy))
      return false;
   return l->last_pixel || !in_diamond(l->x1, l->y1, cx, cy);
}

/* ---- walking ---- */

static bool
push_subspan(struct subspan_list *list, int64_t x, int64_t y, uint32_t coverage)
{
   if (list->count == list->cap) {
      unsigned cap = list->cap ? list->cap * 2 : 64;
      struct vgpu_subspan *ss = realloc(list->ss, cap * sizeof(*ss));
      if (!ss)
         return false;
      list->ss = ss;
      list->cap = cap;
   }
   list->ss[list->count++] = (struct vgpu_subspan){
      .x = (int32_t)x, .y = (int32_t)y, .coverage = coverage,
   };
   return true;
}

/* What one primitive tests at a pixel: a polygon, or a thin line. */
struct coverage_test {
   const struct polygon *pg;
   const struct thin_line *line;
   const struct sample_pattern *sp;
};

static uint32_t
pixel_coverage(const struct coverage_test *t, int64_t x, int64_t y)
{
   const struct sample_pattern *sp = t->sp;
   uint32_t all = sp->bits == 32 ? 0xffffffffu : (1u << sp->bits) - 1;
   if (t->line) {
      bool in = thin_line_covers(t->line, (float)x + 0.5f, (float)y + 0.5f);
      return in ? all : 0;
   }
   uint32_t bits = 0;
   for (unsigned i = 0; i < sp->tested; i++) {
      int64_t px = x * VGPU_SUBPIXEL_ONE + sp->x[i];
      int64_t py = y * VGPU_SUBPIXEL_ONE + sp->y[i];
      if (polygon_covers(t->pg, px, py))
         bits |= 1u << i;
   }
   return (sp->tested == 1 && bits ? all : bits) & sp->mask;
}

static int64_t
floor_div(int64_t a, int64_t b)
{
   return a >= 0 ? a / b : -((-a + b - 1) / b);
}

/* Walks the subspans of rect (pixels), testing each pixel inside it. */
static bool
walk(const struct coverage_test *t, const struct pixel_rect *rect,
     struct subspan_list *list)
{
   unsigned bits = t->sp->bits;
   for (int64_t sy = rect->y0 & ~(int64_t)1; sy <= rect->y1; sy += 2) {
      for (int64_t sx = rect->x0 & ~(int64_t)1; sx <= rect->x1; sx += 2) {
         uint32_t coverage = 0;
         for (unsigned p = 0; p < SUBSPAN_PIXELS; p++) {
            int64_t x = sx + (p & 1), y = sy + (p >> 1);
            if (x < rect->x0 || x > rect->x1 || y < rect->y0 || y > rect->y1)
               continue;
            coverage |= pixel_coverage(t, x, y) << (p * bits);
         }
         if (coverage && !push_subspan(list, sx, sy, coverage))
            return false;
      }
   }
   return true;
}

/* ---- the pixels that may be written ---- */

static void
intersect(struct pixel_rect *r, int64_t x0, int64_t y0, int64_t x1, int64_t y1)
{
   if (x0 > r->x0) r->x0 = x0;
   if (y0 > r->y0) r->y0 = y0;
   if (x1 < r->x1) r->x1 = x1;
   if (y1 < r->y1) r->y1 = y1;
}

/* The drawing rectangle (3DSTATE_DRAWING_RECTANGLE, inclusive), the
 * scissor and, on Gen8+ with the viewport XY clip test, the viewport
 * extents: what the guard band let through beyond the viewport stops
 * here. */
static struct pixel_rect
allowed_pixels(const struct vgpu_draw_run *r, const struct vgpu_setup *s)
{
   const struct vgpu_3d *st = r->st;
   struct pixel_rect rect = {
      st->draw_rect[0], st->draw_rect[1], st->draw_rect[2], st->draw_rect[3],
   };
   const struct vgpu_viewport *vp = &r->clip.vp[s->viewport_index < r->clip.count
                                                ? s->viewport_index : 0];
   if (st->raster.scissor_enable)
      intersect(&rect, vp->scissor[0], vp->scissor[1], vp->scissor[2], vp->scissor[3]);
   if (r->clip.ver >= 8 && st->raster.clip_enable &&
       st->raster.viewport_xy_clip) {
      intersect(&rect, (int64_t)ceilf(fmaxf(vp->xmin, -VGPU_RASTER_MAX_COORD)),
                (int64_t)ceilf(fmaxf(vp->ymin, -VGPU_RASTER_MAX_COORD)),
                (int64_t)floorf(fminf(vp->xmax, VGPU_RASTER_MAX_COORD)),
                (int64_t)floorf(fminf(vp->ymax, VGPU_RASTER_MAX_COORD)));
   }
   return rect;
}

/* The pixels whose samples a box of sub-pixel bounds may cover. */
static void
clip_to_box(struct pixel_rect *rect, int64_t xmin, int64_t ymin, int64_t xmax,
            int64_t ymax)
{
   intersect(rect, floor_div(xmin, VGPU_SUBPIXEL_ONE), floor_div(ymin, VGPU_SUBPIXEL_ONE),
             floor_div(xmax, VGPU_SUBPIXEL_ONE), floor_div(ymax, VGPU_SUBPIXEL_ONE));
}

/* ---- entry ---- */

static bool
build_polygon(const struct vgpu_setup *s, float line_width, struct polygon *pg)
{
   switch (s->kind) {
   case VGPU_PRIM_TRIANGLE: return triangle_polygon(s, pg);
   case VGPU_PRIM_RECT: return rect_polygon(s, pg);
   case VGPU_PRIM_POINT: return point_polygon(s, pg);
   case VGPU_PRIM_LINE: return line_polygon(s, line_width, pg);
   }
   return false;
}

static void
thin_line_test(const struct vgpu_draw_run *r, const struct vgpu_setup *s,
               struct thin_line *line, struct pixel_rect *rect)
{
   *line = (struct thin_line){ s->x[0], s->y[0], s->x[1], s->y[1],
                               r->st->raster.last_pixel };
   intersect(rect, (int64_t)floorf(fminf(s->x[0], s->x[1])) - 1,
             (int64_t)floorf(fminf(s->y[0], s->y[1])) - 1,
             (int64_t)floorf(fmaxf(s->x[0], s->x[1])) + 1,
             (int64_t)floorf(fmaxf(s->y[0], s->y[1])) + 1);
}

void
vgpu_raster_setup(struct vgpu_draw_run *r, const struct vgpu_setup *s)
{
   struct sample_pattern sp;
   if (!sample_pattern(r, &sp)) {
      r->stop = true;
      return;
   }
   struct polygon pg;
   struct thin_line line;
   struct coverage_test t = { .sp = &sp };
   struct pixel_rect rect = allowed_pixels(r, s);
   float line_width = r->st->raster.line_width;
   if (is_thin_line(r, s)) {
      thin_line_test(r, s, &line, &rect);
      t.line = &line;
   } else {
      if (!build_polygon(s, line_width, &pg))
         return;
      clip_to_box(&rect, pg.xmin, pg.ymin, pg.xmax, pg.ymax);
      t.pg = &pg;
   }
   if (rect.x0 > rect.x1 || rect.y0 > rect.y1)
      return;

   struct subspan_list list = { 0 };
   if (!walk(&t, &rect, &list)) {
      vgpu_not_modelled("rasterization (out of memory)");
      r->stop = true;
   } else if (list.count) {
      vgpu_ps_subspans(r, s, list.ss, list.count);
   }
   free(list.ss);
}

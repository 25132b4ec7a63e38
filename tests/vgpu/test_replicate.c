/* Gen12 primitive replication (src/vgpu/3d/vgpu_replicate.c) through
 * vgpu's clipper and setup, on hand-made primitives whose VUEs have the
 * layout Mesa's ANV gives a multiview vertex shader compiled for
 * replication (brw_compute_vue_map with several position slots): the
 * header in row 0, replica i's position in row 1 + i, then the clip
 * distances when there are any, then the attributes.  This file stands
 * in for the pixel stage (it records each set-up primitive) and for the
 * dynamic state (the draw run's viewports come filled in).
 *
 * Expected window positions are worked out by hand from the viewport
 * transform (x_w = 32 x + 32, y_w = 32 y + 32 for the 64x64 viewport 0;
 * viewport 1 is shifted by 100 pixels in x), and the layers from the
 * header's Render Target Array Index plus the packet's RTAI Offset. */
#include <stdlib.h>
#include <string.h>

#include "../isl/isl_test.h"
#include "vgpu_pipe.h"

#define W 64
#define H 64
#define MAX_ROWS 8

/* ---- the stand-ins ---- */

struct seen {
   float x[3], y[3];
   uint32_t layer, viewport;
   uint32_t attr;                /* the provoking vertex's attribute row, x */
};

static struct seen seen[16];
static unsigned nseen;
static unsigned attr_row;
static int not_modelled;

void
vgpu_ps_subspans(struct vgpu_draw_run *r, const struct vgpu_setup *s,
                 const struct vgpu_subspan *ss, unsigned count)
{
   (void)r; (void)ss; (void)count;
   if (nseen >= 16)
      return;
   struct seen *e = &seen[nseen++];
   for (unsigned k = 0; k < 3; k++) {
      e->x[k] = s->x[k];
      e->y[k] = s->y[k];
   }
   e->layer = s->render_target_array_index;
   e->viewport = s->viewport_index;
   e->attr = s->flat.dw[attr_row * 4];
}

void
vgpu_not_modelled(const char *what)
{
   fprintf(stderr, "not modelled (expected by the bad-input case): %s\n", what);
   not_modelled++;
}

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
static uint32_t vue[3][MAX_ROWS * 4];
static unsigned rows;

static uint32_t
fbits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

/* Clipping against a guard band of 4x the viewport and 0 <= z <= w, no
 * culling, viewport 0 the 64x64 target and viewport 1 the same moved
 * 100 pixels right. */
static void
reset(unsigned vue_rows, unsigned attribute_row)
{
   memset(&st, 0, sizeof(st));
   memset(&run, 0, sizeof(run));
   memset(vue, 0, sizeof(vue));
   nseen = 0;
   not_modelled = 0;
   rows = vue_rows;
   attr_row = attribute_row;
   struct vgpu_3d_raster *ra = &st.raster;
   ra->clip_enable = true;
   ra->api_mode = 1;             /* APIMODE_D3D */
   ra->viewport_xy_clip = ra->guardband_clip = true;
   ra->viewport_z_clip = ra->viewport_z_far_clip = true;
   ra->viewport_transform = true;
   ra->cull_mode = 1;            /* CULLMODE_NONE */
   ra->front_winding = 1;
   ra->max_viewport_index = 1;
   st.samples = 1;
   st.sample_mask = 0xffff;
   st.draw_rect[2] = 1023;
   st.draw_rect[3] = H - 1;
   run.st = &st;
   run.clip.loaded = true;
   run.clip.ver = 12;
   run.clip.count = 2;
   for (unsigned i = 0; i < 2; i++) {
      float shift = 100.0f * (float)i;
      run.clip.vp[i] = (struct vgpu_viewport){
         .m00 = W / 2, .m11 = H / 2, .m22 = 1, .m30 = W / 2 + shift, .m31 = H / 2,
         .gb_xmin = -4, .gb_xmax = 4, .gb_ymin = -4, .gb_ymax = 4,
         .xmin = shift, .xmax = shift + W - 1, .ymin = 0, .ymax = H - 1,
         .min_depth = 0, .max_depth = 1,
      };
   }
   for (unsigned k = 0; k < 3; k++)
      vue[k][attr_row * 4] = 0xa0 + k;
}

static void
set_row(unsigned k, unsigned row, float x, float y, float z, float w)
{
   vue[k][row * 4 + 0] = fbits(x);
   vue[k][row * 4 + 1] = fbits(y);
   vue[k][row * 4 + 2] = fbits(z);
   vue[k][row * 4 + 3] = fbits(w);
}

/* Replica i's triangle: a right triangle of side 0.5 (16 pixels) at
 * (-1 + 0.5 i, -1 + 0.5 i), in position row 1 + i of each vertex. */
static void
set_replica_positions(unsigned replicas)
{
   for (unsigned i = 0; i < replicas; i++) {
      float o = -1.0f + 0.5f * (float)i;
      set_row(0, 1 + i, o, o, 0.5f, 1.0f);
      set_row(1, 1 + i, o + 0.5f, o, 0.5f, 1.0f);
      set_row(2, 1 + i, o, o + 0.5f, 0.5f, 1.0f);
   }
}

static void
draw_triangle(uint32_t header_layer)
{
   struct vgpu_prim p = { .kind = VGPU_PRIM_TRIANGLE, .topology = 4, .nverts = 3 };
   for (unsigned k = 0; k < 3; k++) {
      vue[k][1] = header_layer;
      p.v[k] = (struct vgpu_vue){ vue[k], rows };
   }
   vgpu_clip_prim(&run, &p);
}

/* The triangle of replica i as set_replica_positions places it, through
 * viewport vp. */
static void
check_replica(const struct seen *e, unsigned i, unsigned vp, uint32_t layer)
{
   float x0 = 16.0f * (float)i + 100.0f * (float)vp, y0 = 16.0f * (float)i;
   CHECK(e->x[0] == x0 && e->x[1] == x0 + 16 && e->x[2] == x0,
         "replica %u x %g %g %g, want %g %g %g", i, e->x[0], e->x[1], e->x[2],
         x0, x0 + 16, x0);
   CHECK(e->y[0] == y0 && e->y[1] == y0 && e->y[2] == y0 + 16,
         "replica %u y %g %g %g, want %g %g %g", i, e->y[0], e->y[1], e->y[2],
         y0, y0, y0 + 16);
   CHECK(e->layer == layer, "replica %u layer %u, want %u", i, e->layer, layer);
   CHECK(e->viewport == vp, "replica %u viewport %u, want %u", i, e->viewport, vp);
   CHECK(e->attr == 0xa0, "replica %u attribute 0x%x, want 0xa0 (vertex 0's)", i,
         e->attr);
}

/* ANV's two views 1 and 2 (view mask 0b0110): two replicas, RTAI offsets
 * 1 and 2, the shader's layer 0.  Rows: header, two positions, padding,
 * the attribute. */
static void
test_two_views(void)
{
   reset(5, 4);
   st.replication = (struct vgpu_3d_replication){ .count = 2, .mask = 0x3,
                                                  .rtai_offset = { 1, 2 } };
   set_replica_positions(2);
   draw_triangle(0);
   CHECK(nseen == 2, "two views: %u primitives set up, want 2", nseen);
   if (nseen == 2) {
      check_replica(&seen[0], 0, 0, 1);
      check_replica(&seen[1], 1, 0, 2);
   }
}

/* The offsets add to the header's own indices; the Replica Mask drops
 * replica 1; replica 2 takes viewport 0 + 1. */
static void
test_mask_and_offsets(void)
{
   reset(5, 4);
   st.replication = (struct vgpu_3d_replication){
      .count = 3, .mask = 0x5, .rtai_offset = { 0, 1, 3 }, .viewport_offset = { 0, 0, 1 } };
   set_replica_positions(3);
   draw_triangle(4);
   CHECK(nseen == 2, "mask 0b101: %u primitives set up, want 2", nseen);
   if (nseen == 2) {
      check_replica(&seen[0], 0, 0, 4);
      check_replica(&seen[1], 2, 1, 7);
   }
}

/* One replica (Replication Count 0, what ANV sends without replication,
 * Replica Mask 0): the primitive goes through once, from row 1. */
static void
test_no_replication(void)
{
   reset(4, 2);
   st.replication = (struct vgpu_3d_replication){ .count = 1 };
   set_replica_positions(1);
   draw_triangle(3);
   CHECK(nseen == 1, "no replication: %u primitives set up, want 1", nseen);
   if (nseen == 1)
      check_replica(&seen[0], 0, 0, 3);
}

/* Clip distances follow the positions (rows 3 and 4 for two replicas):
 * distance 0 negative at every vertex clips both replicas away, though
 * row 2 (replica 1's position, read as distances it would be kept)
 * is positive. */
static void
test_distances_after_positions(void)
{
   for (int sign = -1; sign <= 1; sign += 2) {
      reset(6, 5);
      st.shader[VGPU_3D_VS].enable = true;
      st.shader[VGPU_3D_VS].clip_distance_mask = 0x1;
      st.replication = (struct vgpu_3d_replication){ .count = 2, .mask = 0x3,
                                                     .rtai_offset = { 0, 1 } };
      for (unsigned i = 0; i < 2; i++) {
         for (unsigned k = 0; k < 3; k++) {
            set_row(k, 1 + i, 0.25f + 0.25f * (float)(k == 1), 0.25f + 0.25f * (float)(k == 2),
                    0.5f, 1.0f);
            set_row(k, 3, (float)sign, 0, 0, 0);
         }
      }
      draw_triangle(0);
      unsigned want = sign < 0 ? 0 : 2;
      CHECK(nseen == want, "clip distance 0 = %d: %u primitives set up, want %u", sign,
            nseen, want);
   }
}

/* A VUE too short to hold a position per replica: reported, the draw
 * stops, nothing is read past the VUE. */
static void
test_short_vue(void)
{
   reset(3, 2);
   st.replication = (struct vgpu_3d_replication){ .count = 4, .mask = 0xf };
   set_replica_positions(2);
   draw_triangle(0);
   CHECK(not_modelled == 1 && run.stop && nseen == 0,
         "short VUE: not_modelled %d stop %d primitives %u", not_modelled, run.stop, nseen);
}

int
main(void)
{
   test_two_views();
   test_mask_and_offsets();
   test_no_replication();
   test_distances_after_positions();
   test_short_vue();
   return isl_test_result("primitive replication");
}

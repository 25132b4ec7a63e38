/* The tessellation stages of the back end (src/compiler/gbe_tcs.c,
 * gbe_tes.c) on Gen8, 9, 11 and 12, as compiled and with every value
 * spilled: the graphics programs' control shaders (tri.tesc, quad.tesc)
 * and an evaluation shader (tri_fill.tese).  For each, kernel.tcs/tes
 * against the layout gbe.h's rules give for the GLSL, then one thread on
 * vgpu's EU with vgpu's URB and its kernel checks on, the payload laid
 * out as src/vgpu/3d/vgpu_tess.c delivers it, and every dword of the
 * patch entry or of the domain points' VUEs checked against values
 * worked out here from the GLSL (inputs chosen so the results are exact).
 *
 *   gbe_tess_test SPV_DIR */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gbe.h"
#include "gbe_test.h"
#include "gbe_test_vgpu.h"
#include "spirv.h"
#include "util_file.h"

#define SENTINEL 0xaaaaaaaau
#define NCP 4
#define PRIMITIVE_ID 5u

/* Control point i as passthrough.vert leaves it: position
 * (i + 1, 10 + i, 20 + i, 1), v_color (i / 4, 0.5, 0.75, 0.375): levels 3. */
static void
control_point(unsigned i, float pos[4], float color[4])
{
   float p[4] = { (float)i + 1, 10.0f + (float)i, 20.0f + (float)i, 1.0f };
   float c[4] = { (float)i / 4, 0.5f, 0.75f, 0.375f };
   memcpy(pos, p, sizeof(p));
   memcpy(color, c, sizeof(c));
}

struct run {
   struct vgpu_3d *st;
   struct vgpu_eu_thread *t;
   struct vgpu_eu_cache *cache;
   struct vgpu_urb *u;
};

static bool
run_init(struct run *r, unsigned hs_size, unsigned ds_size)
{
   r->st = calloc(1, sizeof(*r->st));
   r->t = aligned_alloc(64, sizeof(*r->t));
   r->cache = vgpu_eu_cache_create();
   r->u = NULL;
   if (!r->st || !r->t || !r->cache)
      return false;
   r->st->urb[VGPU_3D_VS] = (struct vgpu_3d_urb){ .entries = NCP, .entry_size = 1, .start = 1 };
   r->st->urb[VGPU_3D_HS] = (struct vgpu_3d_urb){ .entries = 1, .entry_size = hs_size,
                                                  .start = 2 };
   r->st->urb[VGPU_3D_DS] = (struct vgpu_3d_urb){ .entries = 8, .entry_size = ds_size,
                                                  .start = 3 };
   r->u = vgpu_urb_create(NULL, r->st, 64);
   CHECK(r->u != NULL, "URB refused: %s", gbe_test_urb_fault ? gbe_test_urb_fault : "");
   if (!r->u)
      return false;
   memset(vgpu_urb_entry(r->u, vgpu_urb_handle(r->u, VGPU_3D_VS, 0)), 0xaa, 64 * 1024 - 8192);
   return true;
}

static void
run_finish(struct run *r)
{
   vgpu_urb_destroy(r->u);
   if (r->cache)
      vgpu_eu_cache_destroy(r->cache);
   free(r->t);
   free(r->st);
}

static enum vgpu_eu_status
run_thread(struct run *r, const struct gbe_kernel *k, unsigned defined)
{
   vgpu_eu_thread_define(r->t, 0, defined);
   r->t->scratch_slot = 0;
   r->t->scratch_slot_known = true;
   struct gbe_test_urb ctx = { r->u, k->gen };
   struct vgpu_eu_env env = {
      .gen = k->gen, .user = &ctx, .map = gbe_test_scratch_memory, .surface = gbe_test_no_surface,
      .general_state_base = GBE_TEST_SCRATCH_BASE, .scratch_per_thread = k->scratch_per_thread,
      .max_instructions = 1u << 20, .checks = VGPU_EU_CHECK_ALL, .urb = gbe_test_urb_cb,
   };
   struct vgpu_eu_kernel *vk = vgpu_eu_kernel_get(r->cache, k->gen, 0x1000, k->code,
                                                  k->code_size);
   if (!vk)
      return VGPU_EU_FAULT;
   enum vgpu_eu_status s = vgpu_eu_run(&env, vk, r->t);
   if (s != VGPU_EU_DONE)
      fprintf(stderr, "  thread: %s\n", r->t->why ? r->t->why : "");
   return s;
}

static bool
compile(const char *dir, const char *spv, enum isa_gen gen, bool spill,
        const struct gbe_vue_map *input, enum ir_prim domain, struct gbe_kernel *k)
{
   char path[4096], err[512];
   snprintf(path, sizeof(path), "%s/%s", dir, spv);
   size_t size;
   uint32_t *code = util_read_file(path, &size);
   CHECK(code != NULL && size % 4 == 0, "cannot read %s", path);
   if (!code || size % 4) {
      free(code);
      return false;
   }
   struct spirv_options so = { .entry_point = NULL };
   struct ir_shader *s = spirv_to_ir(code, size / 4, &so, err, sizeof(err));
   free(code);
   CHECK(s != NULL, "%s: %s", path, err);
   if (!s)
      return false;
   struct gbe_options opt = { .gen = gen, .spill_all = spill, .input_vue = input,
                              .tess_domain = domain };
   bool ok = gbe_compile(s, &opt, k, err, sizeof(err));
   ir_shader_destroy(s);
   CHECK(ok, "%s %s%s: %s", spv, isa_gen_name(gen), spill ? " spilled" : "", err);
   return ok;
}

/* ---- the control shaders ---- */

/* tri.tesc / quad.tesc: every output vertex copies its control point's
 * position and colour; invocation 0 writes the levels, all v_color[0].a
 * * 8 = 3, where the TE reads them for the domain. */
static void
test_tcs(const char *dir, const char *spv, enum ir_prim domain, unsigned nv,
         enum isa_gen gen, bool spill)
{
   const char *g = isa_gen_name(gen);
   struct gbe_vue_map in = gbe_test_vue_loc0();
   struct gbe_kernel k;
   if (!compile(dir, spv, gen, spill, &in, domain, &k))
      return;
   const struct gbe_tcs_info *tcs = &k.tcs;
   CHECK(tcs->output_vertices == nv && tcs->instances == 1 && tcs->domain == domain &&
         tcs->vue.num_rows == 3 && tcs->vue.location_row[0] == 2 && tcs->grf_start == 5,
         "%s %s: tcs info %u vertices %u instances, %u rows, location 0 at %u, grf %u", spv,
         g, tcs->output_vertices, tcs->instances, tcs->vue.num_rows, tcs->vue.location_row[0],
         tcs->grf_start);
   unsigned rows = GBE_PATCH_HEADER_ROWS + nv * 3;
   CHECK(tcs->urb_entry_size == (rows * 16 + 63) / 64, "%s %s: patch entry %u units", spv, g,
         tcs->urb_entry_size);
   struct run r;
   if (!run_init(&r, tcs->urb_entry_size, 1)) {
      run_finish(&r);
      gbe_kernel_finish(&k);
      return;
   }
   uint32_t patch = vgpu_urb_handle(r.u, VGPU_3D_HS, 0);
   vgpu_eu_thread_init(r.t, 0xff);
   memset(r.t->regs, 0, 5 * 32);
   uint32_t r0[3] = { patch, PRIMITIVE_ID, 0 };
   memcpy(r.t->regs, r0, sizeof(r0));
   for (unsigned i = 0; i < NCP; i++) {
      uint32_t h = vgpu_urb_handle(r.u, VGPU_3D_VS, i);
      gbe_test_set_ud(r.t, 1, i, h);
      float pos[4], color[4];
      control_point(i, pos, color);
      uint8_t *e = vgpu_urb_entry(r.u, h);
      memcpy(e + 16, pos, 16);
      memcpy(e + 32, color, 16);
   }
   enum vgpu_eu_status s = run_thread(&r, &k, 5 * 32);
   CHECK(s == VGPU_EU_DONE, "%s %s%s: thread status %d", spv, g, spill ? " spilled" : "", s);
   if (s == VGPU_EU_DONE) {
      uint32_t want[64];
      for (unsigned d = 0; d < rows * 4; d++)
         want[d] = SENTINEL;
      want[0] = 0;   /* the end-of-thread write */
      static const unsigned tri[] = { 7, 6, 5, 4 }, quad[] = { 7, 6, 5, 4, 3, 2 };
      const unsigned *lv = domain == IR_PRIM_quads ? quad : tri;
      for (unsigned l = 0; l < (domain == IR_PRIM_quads ? 6u : 4u); l++)
         want[lv[l]] = f2u(3.0f);
      for (unsigned i = 0; i < nv; i++) {
         float pos[4], color[4];
         control_point(i, pos, color);
         for (unsigned c = 0; c < 4; c++) {
            want[(2 + 3 * i + 1) * 4 + c] = f2u(pos[c]);
            want[(2 + 3 * i + 2) * 4 + c] = f2u(color[c]);
         }
      }
      for (unsigned d = 0; d < rows * 4; d++) {
         uint32_t got = gbe_test_entry_ud(r.u, patch, d);
         CHECK(got == want[d], "%s %s%s: patch dword %u: 0x%08x, expected 0x%08x", spv, g,
               spill ? " spilled" : "", d, got, want[d]);
      }
   }
   run_finish(&r);
   gbe_kernel_finish(&k);
}

/* ---- the evaluation shader ---- */

/* tri_fill.tese: gl_Position = u p0 + v p1 + w p2, v_color =
 * (t_color[0].rgb, (gl_PrimitiveID + 1) / 4), for points whose u, v, w
 * are quarters; slots 6 and 7 not live. */
static void
test_tes(const char *dir, enum isa_gen gen, bool spill)
{
   const char *g = isa_gen_name(gen);
   struct gbe_vue_map in = gbe_test_vue_loc0();   /* tri.tesc's per-vertex rows: the same */
   struct gbe_kernel k;
   if (!compile(dir, "tri_fill.spv", gen, spill, &in, IR_PRIM_none, &k))
      return;
   const struct gbe_tes_info *tes = &k.tes;
   CHECK(tes->domain == IR_PRIM_triangles && tes->spacing == IR_SPACING_equal && !tes->ccw &&
         !tes->point_mode && tes->vue.num_rows == 3 && tes->vue.location_row[0] == 2 &&
         tes->urb_entry_size == 1 && tes->grf_start == 5,
         "%s: tes info domain %d spacing %d ccw %d points %d rows %u entry %u", g,
         tes->domain, tes->spacing, tes->ccw, tes->point_mode, tes->vue.num_rows,
         tes->urb_entry_size);
   struct run r;
   if (!run_init(&r, (GBE_PATCH_HEADER_ROWS + 3 * 3) * 16 / 64 + 1, tes->urb_entry_size)) {
      run_finish(&r);
      gbe_kernel_finish(&k);
      return;
   }
   uint32_t patch = vgpu_urb_handle(r.u, VGPU_3D_HS, 0);
   uint8_t *pe = vgpu_urb_entry(r.u, patch);
   for (unsigned i = 0; i < 3; i++) {
      float pos[4], color[4];
      control_point(i, pos, color);
      memcpy(pe + (2 + 3 * i + 1) * 16, pos, 16);
      memcpy(pe + (2 + 3 * i + 2) * 16, color, 16);
   }
   const uint32_t live = 0x3f;
   vgpu_eu_thread_init(r.t, live);
   memset(r.t->regs, 0, 5 * 32);
   uint32_t r0[2] = { patch, PRIMITIVE_ID };
   memcpy(r.t->regs, r0, sizeof(r0));
   float uvw[8][3];
   for (unsigned j = 0; j < 8; j++) {
      uvw[j][0] = (float)(j % 3) / 4;
      uvw[j][1] = (float)(j / 3) / 4;
      uvw[j][2] = 1.0f - uvw[j][0] - uvw[j][1];
      for (unsigned c = 0; c < 3; c++)
         gbe_test_set_ud(r.t, 1 + c, j, f2u(uvw[j][c]));
      gbe_test_set_ud(r.t, 4, j, vgpu_urb_handle(r.u, VGPU_3D_DS, j));
   }
   enum vgpu_eu_status s = run_thread(&r, &k, 5 * 32);
   CHECK(s == VGPU_EU_DONE, "tri_fill %s%s: thread status %d", g, spill ? " spilled" : "", s);
   for (unsigned j = 0; s == VGPU_EU_DONE && j < 8; j++) {
      uint32_t want[16];
      for (unsigned d = 0; d < 16; d++)
         want[d] = SENTINEL;
      if (live & (1u << j)) {
         float p[3][4], col[4], unused[4];
         for (unsigned i = 0; i < 3; i++)
            control_point(i, p[i], unused);
         control_point(0, unused, col);
         for (unsigned d = 0; d < 4; d++)
            want[d] = 0;   /* the header: nothing written there */
         for (unsigned c = 0; c < 4; c++)
            want[4 + c] = f2u(uvw[j][0] * p[0][c] + uvw[j][1] * p[1][c] + uvw[j][2] * p[2][c]);
         want[8] = f2u(col[0]);
         want[9] = f2u(col[1]);
         want[10] = f2u(col[2]);
         want[11] = f2u((float)(PRIMITIVE_ID + 1) / 4);
      }
      for (unsigned d = 0; d < 16; d++) {
         uint32_t got = gbe_test_entry_ud(r.u, vgpu_urb_handle(r.u, VGPU_3D_DS, j), d);
         CHECK(got == want[d], "tri_fill %s%s: point %u dword %u: 0x%08x, expected 0x%08x",
               g, spill ? " spilled" : "", j, d, got, want[d]);
      }
   }
   run_finish(&r);
   gbe_kernel_finish(&k);
}

/* The programs' other evaluation shaders: the TE state and VUE layout
 * their GLSL declares (point size written by the point-mode ones). */
static void
test_tes_info(const char *dir, const char *spv, enum ir_prim domain, bool points,
              enum isa_gen gen)
{
   struct gbe_vue_map in = gbe_test_vue_loc0();
   struct gbe_kernel k;
   if (!compile(dir, spv, gen, false, &in, IR_PRIM_none, &k))
      return;
   const struct gbe_tes_info *tes = &k.tes;
   CHECK(tes->domain == domain && tes->point_mode == points && tes->spacing == IR_SPACING_equal &&
         tes->vue.writes_point_size == points && tes->vue.num_rows == 3 &&
         tes->vue.location_row[0] == 2,
         "%s %s: domain %d point mode %d spacing %d point size %d rows %u", spv,
         isa_gen_name(gen), tes->domain, tes->point_mode, tes->spacing,
         tes->vue.writes_point_size, tes->vue.num_rows);
   gbe_kernel_finish(&k);
}

int
main(int argc, char **argv)
{
   static const enum isa_gen gens[] = { ISA_GEN8, ISA_GEN9, ISA_GEN11, ISA_GEN12 };
   if (argc != 2) {
      fprintf(stderr, "usage: gbe_tess_test SPV_DIR\n");
      return 2;
   }
   for (unsigned s = 0; s < 2; s++) {
      for (unsigned g = 0; g < sizeof(gens) / sizeof(gens[0]); g++) {
         test_tcs(argv[1], "tri.spv", IR_PRIM_triangles, 3, gens[g], s);
         test_tcs(argv[1], "quad.spv", IR_PRIM_quads, 4, gens[g], s);
         test_tes(argv[1], gens[g], s);
      }
   }
   for (unsigned g = 0; g < sizeof(gens) / sizeof(gens[0]); g++) {
      test_tes_info(argv[1], "quad_fill.spv", IR_PRIM_quads, false, gens[g]);
      test_tes_info(argv[1], "quad_points.spv", IR_PRIM_quads, true, gens[g]);
      test_tes_info(argv[1], "tri_points.spv", IR_PRIM_triangles, true, gens[g]);
      test_tes_info(argv[1], "isolines.spv", IR_PRIM_isolines, false, gens[g]);
   }
   if (gbe_test_failures)
      fprintf(stderr, "%d failures\n", gbe_test_failures);
   else
      printf("gbe_tess: tri.tesc, quad.tesc and tri_fill.tese on Gen8, 9, 11 and 12, as "
             "compiled and spilled: layouts, patch entries and VUEs as expected; four more "
             "evaluation shaders' TE state and layouts\n");
   return gbe_test_failures ? 1 : 0;
}

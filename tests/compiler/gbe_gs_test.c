/* The geometry stage of the back end (src/compiler/gbe_gs.c): shaders/
 * gs_cuts.geom compiled for Gen8, 9, 11 and 12 against a vertex stage's
 * VUE (header, position, location 0), kernel.gs (what 3DSTATE_GS and
 * 3DSTATE_URB_GS are programmed from) against the layout worked out by
 * hand from the GLSL by gbe.h's rules, then one SIMD8 thread of eight
 * primitives on vgpu's EU with vgpu's URB and its kernel checks on, the
 * payload laid out as src/vgpu/3d/vgpu_gs.c delivers it (output handles,
 * PrimitiveIDs, a GRF of input vertex handles per vertex), and every
 * dword of the output entries it leaves (vertex count, cut bits,
 * vertices) checked against values computed here from the GLSL.
 *
 *   gbe_gs_test SPV_DIR */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gbe.h"
#include "gbe_test.h"
#include "gbe_test_vgpu.h"
#include "spirv.h"
#include "util_file.h"

#define SLOTS 8
#define NVERTS 3
#define SENTINEL 0xaaaaaaaau

static void
set4(uint32_t o[4], uint32_t x, uint32_t y, uint32_t z, uint32_t w)
{
   o[0] = x, o[1] = y, o[2] = z, o[3] = w;
}

/* Primitive j's vertex k: position (j, k, j + 1, 2), colour
 * (10 k + j, k, j, 0.5). */
static void
input_row(unsigned j, unsigned k, unsigned row, uint32_t o[4])
{
   if (row == 1)
      set4(o, f2u((float)j), f2u((float)k), f2u(j + 1.0f), f2u(2.0f));
   else if (row == 2)
      set4(o, f2u(10.0f * k + j), f2u((float)k), f2u((float)j), f2u(0.5f));
   else
      set4(o, 0, 0, 0, 0);
}

/* The output VUE: header, position, g_data (location 1, row 2), g_id
 * (location 3, row 3); primitive j (PrimitiveIDIn j) emits 3 vertices,
 * a fourth when j >= 4, and ends a strip after vertex j % 3. */
static void
output_row(unsigned j, unsigned v, unsigned row, uint32_t o[4])
{
   uint32_t in[4];
   set4(o, 0, 0, 0, 0);
   if (v == 3) {
      if (row == 1 || row == 2)
         set4(o, f2u(row == 1 ? 7.0f : 1.0f), f2u(row == 1 ? 7.0f : 1.0f),
              f2u(row == 1 ? 7.0f : 1.0f), f2u(row == 1 ? 7.0f : 1.0f));
      else if (row == 3)
         o[0] = 99;
      return;
   }
   if (row == 1) {
      input_row(j, v, 1, in);
      for (unsigned c = 0; c < 4; c++) {
         float f;
         memcpy(&f, &in[c], 4);
         o[c] = f2u(2.0f * f);
      }
   } else if (row == 2) {
      input_row(j, (v + j) % 3, 2, o);
   } else if (row == 3) {
      o[0] = 10 * j + v;
   }
}

static void
check_info(const char *gen, const struct gbe_gs_info *gs)
{
   /* 2 count rows + 2 header rows + 5 vertices of 4 rows: 24 rows */
   CHECK(gs->input_vertices == 3 && gs->invocations == 1 && gs->max_output_vertices == 5 &&
         gs->output_vertex_rows == 4 && gs->output_topology == 5 &&
         gs->control_data_format == GBE_GS_CONTROL_CUT && gs->control_data_header_size == 1 &&
         gs->include_primitive_id && gs->urb_entry_size == 6 && gs->push_regs == 0 &&
         gs->grf_start == 3 + NVERTS,
         "%s: gs info in %u inv %u max %u rows %u topo %u fmt %u hdr %u pid %d entry %u "
         "push %u grf %u", gen, gs->input_vertices, gs->invocations, gs->max_output_vertices,
         gs->output_vertex_rows, gs->output_topology, gs->control_data_format,
         gs->control_data_header_size, gs->include_primitive_id, gs->urb_entry_size,
         gs->push_regs, gs->grf_start);
   const struct gbe_vue_map *v = &gs->vue;
   CHECK(v->num_rows == 4 && v->location_row[1] == 2 && v->location_row[3] == 3 &&
         v->location_row[0] == GBE_NO_SLOT && v->location_row[2] == GBE_NO_SLOT,
         "%s: output VUE of %u rows, location 1 row %u, location 3 row %u", gen, v->num_rows,
         v->location_row[1], v->location_row[3]);
}

static void *
no_memory(void *user, uint64_t addr, uint64_t len)
{
   (void)user; (void)addr; (void)len;
   return NULL;
}

/* Writes the input VUEs (primitive j's vertex k in VS entry 3 j + k) and
 * the payload; returns the bytes it defines. */
static unsigned
payload(const struct gbe_gs_info *gs, struct vgpu_urb *u, struct vgpu_eu_thread *t)
{
   memset(t->regs, 0, 32);
   for (unsigned j = 0; j < SLOTS; j++) {
      gbe_test_set_ud(t, 1, j, vgpu_urb_handle(u, VGPU_3D_GS, j));
      gbe_test_set_ud(t, 2, j, j);
      for (unsigned k = 0; k < NVERTS; k++) {
         uint32_t h = vgpu_urb_handle(u, VGPU_3D_VS, NVERTS * j + k);
         gbe_test_set_ud(t, 3 + k, j, h);
         uint32_t *e = (uint32_t *)vgpu_urb_entry(u, h);
         for (unsigned row = 0; row < 4; row++)
            input_row(j, k, row, e + 4 * row);
      }
   }
   return gs->grf_start * 32;
}

static void
check_entries(const char *gen, const struct gbe_gs_info *gs, struct vgpu_urb *u)
{
   for (unsigned j = 0; j < SLOTS; j++) {
      const uint32_t *e = (const uint32_t *)vgpu_urb_entry(u, vgpu_urb_handle(u, VGPU_3D_GS, j));
      unsigned count = j >= 4 ? 4 : 3;
      CHECK(e[0] == count, "%s: primitive %u: %u vertices, expected %u", gen, j, e[0], count);
      CHECK((e[8] & 0x1f) == 1u << (j % 3), "%s: primitive %u: cut bits 0x%x, expected 0x%x",
            gen, j, e[8] & 0x1f, 1u << (j % 3));
      for (unsigned v = 0; v < count; v++) {
         for (unsigned row = 1; row < gs->output_vertex_rows; row++) {
            uint32_t want[4];
            output_row(j, v, row, want);
            const uint32_t *got = e + 16 + 4 * (v * gs->output_vertex_rows + row);
            for (unsigned c = 0; c < 4; c++)
               CHECK(got[c] == want[c], "%s: primitive %u vertex %u row %u.%c: 0x%08x, "
                     "expected 0x%08x", gen, j, v, row, "xyzw"[c], got[c], want[c]);
         }
      }
      /* nothing past the vertices emitted */
      const uint32_t *after = e + 16 + 4 * count * gs->output_vertex_rows;
      CHECK(after[4] == SENTINEL, "%s: primitive %u: a vertex %u written", gen, j, count);
   }
}

static void
run(const char *gen, const struct gbe_kernel *k)
{
   const struct gbe_gs_info *gs = &k->gs;
   struct vgpu_3d *st = calloc(1, sizeof(*st));
   struct vgpu_eu_thread *t = aligned_alloc(64, sizeof(*t));
   struct vgpu_eu_cache *cache = vgpu_eu_cache_create();
   struct vgpu_urb *u = NULL;
   if (!st || !t || !cache) {
      CHECK(false, "out of memory");
      goto out;
   }
   st->urb[VGPU_3D_VS] = (struct vgpu_3d_urb){ .entries = SLOTS * NVERTS, .entry_size = 1,
                                               .start = 1 };
   st->urb[VGPU_3D_GS] = (struct vgpu_3d_urb){ .entries = SLOTS,
                                               .entry_size = gs->urb_entry_size, .start = 2 };
   u = vgpu_urb_create(NULL, st, 64);
   CHECK(u != NULL, "URB refused: %s", gbe_test_urb_fault ? gbe_test_urb_fault : "");
   if (!u)
      goto out;
   gbe_test_urb_fill(u, VGPU_3D_GS, SLOTS, gs->urb_entry_size, SENTINEL);
   vgpu_eu_thread_init(t, 0xff);
   vgpu_eu_thread_define(t, 0, payload(gs, u, t));
   t->scratch_slot = 0;
   t->scratch_slot_known = true;
   struct gbe_test_urb ctx = { u, k->gen };
   struct vgpu_eu_env env = {
      .gen = k->gen, .user = &ctx, .map = no_memory, .surface = gbe_test_no_surface,
      .max_instructions = 1u << 20, .checks = VGPU_EU_CHECK_ALL, .urb = gbe_test_urb_cb,
   };
   struct vgpu_eu_kernel *vk = vgpu_eu_kernel_get(cache, k->gen, 0x1000, k->code, k->code_size);
   CHECK(vk != NULL, "%s: the kernel did not load", gen);
   enum vgpu_eu_status status = vk ? vgpu_eu_run(&env, vk, t) : VGPU_EU_FAULT;
   CHECK(status == VGPU_EU_DONE, "%s: thread status %d (%s)", gen, (int)status,
         t->why ? t->why : "");
   if (status == VGPU_EU_DONE)
      check_entries(gen, gs, u);
out:
   vgpu_urb_destroy(u);
   if (cache)
      vgpu_eu_cache_destroy(cache);
   free(t);
   free(st);
}

/* Without the previous stage's VUE the compiler cannot place inputs: a
 * clear refusal, not a crash. */
static void
check_refusal(const uint32_t *code, size_t words)
{
   char err[512];
   struct spirv_options so = { .entry_point = NULL };
   struct ir_shader *s = spirv_to_ir(code, words, &so, err, sizeof(err));
   if (!s)
      return;
   struct gbe_options opt = { .gen = ISA_GEN9 };
   struct gbe_kernel k;
   bool ok = gbe_compile(s, &opt, &k, err, sizeof(err));
   CHECK(!ok && strstr(err, "input_vue"), "no input VUE: compiled (%d) or said \"%s\"", ok,
         err);
   if (ok)
      gbe_kernel_finish(&k);
   ir_shader_destroy(s);
}

int
main(int argc, char **argv)
{
   static const enum isa_gen gens[] = { ISA_GEN8, ISA_GEN9, ISA_GEN11, ISA_GEN12 };
   if (argc != 2) {
      fprintf(stderr, "usage: gbe_gs_test SPV_DIR\n");
      return 2;
   }
   char path[4096];
   snprintf(path, sizeof(path), "%s/gs_cuts.spv", argv[1]);
   size_t size;
   uint32_t *code = util_read_file(path, &size);
   CHECK(code != NULL && size % 4 == 0, "cannot read %s", path);
   const struct gbe_vue_map in = gbe_test_vue_loc0();
   for (unsigned g = 0; code && size % 4 == 0 && g < 4; g++) {
      const char *gen = isa_gen_name(gens[g]);
      char err[512];
      struct spirv_options so = { .entry_point = NULL };
      struct ir_shader *s = spirv_to_ir(code, size / 4, &so, err, sizeof(err));
      CHECK(s != NULL, "%s: %s", path, err);
      if (!s)
         break;
      struct gbe_options opt = { .gen = gens[g], .input_vue = &in };
      struct gbe_kernel k;
      bool ok = gbe_compile(s, &opt, &k, err, sizeof(err));
      ir_shader_destroy(s);
      CHECK(ok, "%s: %s", gen, err);
      if (!ok)
         continue;
      CHECK(k.simd == 8, "%s: SIMD%u", gen, k.simd);
      check_info(gen, &k.gs);
      CHECK(!k.scratch_per_thread, "%s: %u bytes of scratch", gen, k.scratch_per_thread);
      run(gen, &k);
      gbe_kernel_finish(&k);
   }
   if (code)
      check_refusal(code, size / 4);
   free(code);
   if (gbe_test_failures)
      fprintf(stderr, "%d failures\n", gbe_test_failures);
   else
      printf("gbe_gs: gs_cuts.geom on Gen8, 9, 11 and 12: layout, vertex counts, cut bits "
             "and vertices as expected\n");
   return gbe_test_failures ? 1 : 0;
}

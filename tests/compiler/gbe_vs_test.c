/* The vertex stage of the back end (src/compiler/gbe_vs.c): the vertex
 * shaders of shaders/vs_*.vert compiled for Gen8, 9, 11 and 12.  For each,
 * kernel.vs (the contract 3DSTATE_VS, VERTEX_ELEMENTS, VF_SGVS, URB and
 * SBE are programmed from) against the layout worked out by hand from the
 * GLSL by gbe.h's rules; then one SIMD8 thread of the kernel on vgpu's EU
 * with vgpu's URB (src/vgpu/3d/vgpu_urb.c) and its kernel checks on, the
 * payload laid out as vgpu_vs.c delivers it, and every dword of the
 * vertex entries it leaves checked against values computed here from the
 * GLSL (the inputs are chosen so that every float result is exact).
 * The shaders: attributes and push constants with a point size
 * (vs_attribs), the draw parameters with clip and cull distances and a
 * store under control flow (vs_sysvals), an early return (vs_return),
 * run-time indices with the layer and viewport (vs_dynamic), matrices,
 * components and struct varyings (vs_struct), 64-bit attributes
 * (vs_double), thirty varyings that make the allocator spill
 * (vs_pressure); some threads with channels not live, whose entries must
 * stay as they were.
 *
 *   gbe_vs_test SPV_DIR */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gbe.h"
#include "gbe_test.h"
#include "gbe_test_vgpu.h"
#include "spirv.h"
#include "util_file.h"

#define ENTRIES 8
#define SENTINEL 0xaaaaaaaau
#define NUM_CASES 7

/* What a test shader expects: its layout, the thread's live channels,
 * its push constants, each input row's dwords per channel and each VUE
 * row's dwords per channel. */
struct vs_case {
   const char *spv;
   struct gbe_vs_info want;
   uint32_t live;
   uint32_t push[16];
   void (*input)(unsigned row, unsigned ch, uint32_t out[4]);
   void (*vue)(unsigned row, unsigned ch, uint32_t out[4]);
};

static void
set4(uint32_t out[4], uint32_t x, uint32_t y, uint32_t z, uint32_t w)
{
   out[0] = x, out[1] = y, out[2] = z, out[3] = w;
}

/* vs_attribs.vert: pos (location 0, row 0), uv (2, row 1), ids (5, row 2);
 * pc.scale (2, 3, 4, 5), pc.bias (0.5, -1, 0.25, 0). */
static void
attribs_input(unsigned row, unsigned j, uint32_t o[4])
{
   if (row == 0)
      set4(o, f2u(j + 1.0f), f2u(2.0f * j), f2u(-(float)j), f2u(1.0f + 0.5f * j));
   else if (row == 1)
      set4(o, f2u(0.25f * j), f2u(3.0f - j), 0, 0);
   else
      set4(o, j, 10 + j, 100 + 3 * j, 0);
}

/* Header (point size uv.x + 1), position pos * scale + bias, o_uv
 * (location 1, row 2) uv * 2, o_ids (location 4, row 3) (ids, x + z). */
static void
attribs_vue(unsigned row, unsigned j, uint32_t o[4])
{
   switch (row) {
   case 0: set4(o, 0, 0, 0, f2u(0.25f * j + 1.0f)); break;
   case 1: set4(o, f2u(2.0f * (j + 1) + 0.5f), f2u(6.0f * j - 1.0f), f2u(-4.0f * j + 0.25f),
                f2u(5.0f + 2.5f * j)); break;
   case 2: set4(o, f2u(0.5f * j), f2u(6.0f - 2.0f * j), 0, 0); break;
   default: set4(o, j, 10 + j, 100 + 3 * j, j + 100 + 3 * j); break;
   }
}

/* vs_sysvals.vert: the draw parameter rows; BaseVertex (an indexed
 * draw's vertexOffset) 100, BaseInstance 7, VertexID (zero-based: the
 * index, 3 j) and InstanceID 3, DrawIndex 9. */
static void
sysvals_input(unsigned row, unsigned j, uint32_t o[4])
{
   if (row == 0)
      set4(o, 100, 7, 3 * j, 3);
   else
      set4(o, 9, 0, 0, 0);
}

/* VertexIndex 100 + 3 j, InstanceIndex 10; clip distances 0.5 and
 * -VertexIndex then the cull distance 2 (elements 0-2 of row 2); o_ids
 * (location 0, row 4), o_odd (location 2, row 5) written for odd
 * VertexIndex (odd j) only. */
static void
sysvals_vue(unsigned row, unsigned j, uint32_t o[4])
{
   switch (row) {
   case 1: set4(o, f2u(100.0f + 3 * j), f2u(10.0f), f2u(9.0f), f2u(1.0f)); break;
   case 2: set4(o, f2u(0.5f), f2u(-(100.0f + 3 * j)), f2u(2.0f), 0); break;
   case 4: set4(o, 100 + 3 * j, 10, 100, 7); break;
   case 5:
      if (j % 2)
         set4(o, f2u(1.0f), f2u(2.0f), f2u(3.0f), f2u(4.0f));
      else
         set4(o, 0, 0, 0, 0);
      break;
   default: set4(o, 0, 0, 0, 0); break;
   }
}

/* vs_return.vert: a (location 0, row 0) = j. */
static void
return_input(unsigned row, unsigned j, uint32_t o[4])
{
   (void)row;
   set4(o, f2u((float)j), 0, 0, 0);
}

/* Position (a, 0, 0, 1); o_v (location 3, row 2): x 7 where a > 3 (the
 * early return), else 10 a; y never written. */
static void
return_vue(unsigned row, unsigned j, uint32_t o[4])
{
   if (row == 1)
      set4(o, f2u((float)j), 0, 0, f2u(1.0f));
   else if (row == 2)
      set4(o, f2u(j > 3 ? 7.0f : 10.0f * j), 0, 0, 0);
   else
      set4(o, 0, 0, 0, 0);
}

/* vs_dynamic.vert: a[e] (locations 0-2, rows 0-2) = (100 e + j,
 * 100 e + j + 0.25, 100 e + 2, 100 e + 3); sel (location 3, row 3) = j. */
static void
dynamic_input(unsigned row, unsigned j, uint32_t o[4])
{
   float b = 100.0f * row;
   if (row == 3)
      set4(o, j, 0, 0, 0);
   else
      set4(o, f2u(b + j), f2u(b + j + 0.25f), f2u(b + 2), f2u(b + 3));
}

/* Header (0, layer j + 1, viewport 2 j, 0); position a[j % 3]; clip
 * distance k = k + 1 for k < j % 3 (row 2); o[j & 1] (locations 1, 2:
 * rows 4, 5) = j, the other 0; o_comp (location 5, row 6) = a[1][j % 4]. */
static void
dynamic_vue(unsigned row, unsigned j, uint32_t o[4])
{
   uint32_t a[4];
   set4(o, 0, 0, 0, 0);
   switch (row) {
   case 0: set4(o, 0, j + 1, 2 * j, 0); break;
   case 1: dynamic_input(j % 3, j, o); break;
   case 2:
      for (unsigned k = 0; k < j % 3; k++)
         o[k] = f2u(k + 1.0f);
      break;
   case 4: case 5:
      if ((j & 1) == row - 4)
         set4(o, f2u((float)j), f2u((float)j), f2u((float)j), f2u((float)j));
      break;
   case 6:
      dynamic_input(1, j, a);
      o[0] = a[j % 4];
      break;
   default: break;
   }
}

/* vs_struct.vert: m's columns (locations 0, 1: rows 0, 1) (j, j + 1) and
 * (2 j, j / 2); f (location 2 component 1, row 2's y) j + 0.25. */
static void
struct_input(unsigned row, unsigned j, uint32_t o[4])
{
   if (row == 0)
      set4(o, f2u((float)j), f2u(j + 1.0f), 0, 0);
   else if (row == 1)
      set4(o, f2u(2.0f * j), f2u(0.5f * j), 0, 0);
   else
      set4(o, 0, f2u(j + 0.25f), 0, 0);
}

/* Position (m[0], m[1]); s.x (location 1, row 2) m[1] * 2; s.y
 * (location 2, row 3) f; location 3 (row 4): xo = m[0].x in x, zw =
 * (f, f + 1) in z and w. */
static void
struct_vue(unsigned row, unsigned j, uint32_t o[4])
{
   switch (row) {
   case 1: set4(o, f2u((float)j), f2u(j + 1.0f), f2u(2.0f * j), f2u(0.5f * j)); break;
   case 2: set4(o, f2u(4.0f * j), f2u((float)j), 0, 0); break;
   case 3: set4(o, f2u(j + 0.25f), 0, 0, 0); break;
   case 4: set4(o, f2u((float)j), 0, f2u(j + 0.25f), f2u(j + 1.25f)); break;
   default: set4(o, 0, 0, 0, 0); break;
   }
}

/* vs_double.vert: dword c of row r (d4 rows 0-1, d2 row 2, d1[0] and
 * d1[1] rows 3 and 4) 0x1000 r + 0x100 c + j; f (row 5) j. */
static void
double_input(unsigned row, unsigned j, uint32_t o[4])
{
   if (row == 5) {
      set4(o, f2u((float)j), 0, 0, 0);
      return;
   }
   for (unsigned c = 0; c < 4; c++)
      o[c] = 0x1000 * row + 0x100 * c + j;
}

/* A double's dwords (low, high) at row r from dword c. */
static void
double_at(unsigned row, unsigned c, unsigned j, uint32_t *o)
{
   uint32_t in[4];
   double_input(row, j, in);
   o[0] = in[c], o[1] = in[c + 1];
}

/* Position (f, 0, 0, 1); o0 (row 2) d4.x (row 0 dwords 0-1), d4.w
 * (row 1 dwords 2-3); o1 (row 3) d4.z (row 1 dwords 0-1), d2.y (row 2
 * dwords 2-3); o2 (row 4) d1[1] (row 4 dwords 0-1), d2.x (row 2 dwords
 * 0-1). */
static void
double_vue(unsigned row, unsigned j, uint32_t o[4])
{
   set4(o, 0, 0, 0, 0);
   switch (row) {
   case 1: set4(o, f2u((float)j), 0, 0, f2u(1.0f)); break;
   case 2: double_at(0, 0, j, o), double_at(1, 2, j, o + 2); break;
   case 3: double_at(1, 0, j, o), double_at(2, 2, j, o + 2); break;
   case 4: double_at(4, 0, j, o), double_at(2, 0, j, o + 2); break;
   default: break;
   }
}

/* vs_pressure.vert: a (location 0, row 0) = (j, j + 0.5, -j, 2). */
static void
pressure_input(unsigned row, unsigned j, uint32_t o[4])
{
   (void)row;
   set4(o, f2u((float)j), f2u(j + 0.5f), f2u(-(float)j), f2u(2.0f));
}

/* Position a; o[k] (location k, row 2 + k) a (k + 1) + k. */
static void
pressure_vue(unsigned row, unsigned j, uint32_t o[4])
{
   set4(o, 0, 0, 0, 0);
   if (row == 1)
      pressure_input(0, j, o);
   if (row < 2)
      return;
   float k = (float)(row - 2), a[4] = { (float)j, j + 0.5f, -(float)j, 2.0f };
   for (unsigned c = 0; c < 4; c++)
      o[c] = f2u(a[c] * (k + 1) + k);
}

static struct gbe_vs_info
base_info(void)
{
   struct gbe_vs_info v = { .grf_start = 2, .sgv_row = GBE_NO_SLOT, .drawid_row = GBE_NO_SLOT };
   memset(v.input_row, GBE_NO_SLOT, sizeof(v.input_row));
   memset(v.vue.location_row, GBE_NO_SLOT, sizeof(v.vue.location_row));
   return v;
}

static void
make_cases(struct vs_case *c)
{
   /* vs_attribs: push block 32 bytes (one GRF); three attribute rows
    * (read length 2); VUE header, position, locations 1 and 4 (4 rows,
    * one 64-byte unit) */
   struct gbe_vs_info a = base_info();
   a.push_bytes = 32, a.push_regs = 1;
   a.inputs_read = 1u << 0 | 1u << 2 | 1u << 5;
   a.input_row[0] = 0, a.input_row[2] = 1, a.input_row[5] = 2;
   a.input_rows[0] = a.input_rows[2] = a.input_rows[5] = 1;
   a.num_input_rows = 3, a.urb_read_length = 2, a.urb_entry_size = 1;
   a.vue.num_rows = 4, a.vue.location_row[1] = 2, a.vue.location_row[4] = 3;
   a.vue.writes_point_size = true;
   c[0] = (struct vs_case){ .spv = "vs_attribs.spv", .want = a, .live = 0x7f,
                            .push = { f2u(2), f2u(3), f2u(4), f2u(5),
                                      f2u(0.5f), f2u(-1), f2u(0.25f), f2u(0) },
                            .input = attribs_input, .vue = attribs_vue };
   /* vs_sysvals: VertexIndex = BaseVertex + VertexID (zero-based),
    * InstanceIndex = BaseInstance + InstanceID: the whole SGV row (row 0),
    * DrawIndex row 1 (read length 1); VUE header, position, two clip/cull
    * rows (2 clip, 1 cull), locations 0 and 2 (6 rows, two units) */
   struct gbe_vs_info s = base_info();
   s.sgv_row = 0, s.drawid_row = 1;
   s.uses_vertex_id = s.uses_instance_id = s.uses_base_vertex = s.uses_base_instance = true;
   s.num_input_rows = 2, s.urb_read_length = 1, s.urb_entry_size = 2;
   s.vue.num_rows = 6, s.vue.clip_rows = 2, s.vue.num_clip = 2, s.vue.num_cull = 1;
   s.vue.location_row[0] = 4, s.vue.location_row[2] = 5;
   c[1] = (struct vs_case){ .spv = "vs_sysvals.spv", .want = s, .live = 0xff,
                            .input = sysvals_input, .vue = sysvals_vue };
   /* vs_return: one attribute row; header, position, location 3 */
   struct gbe_vs_info r = base_info();
   r.inputs_read = 1, r.input_row[0] = 0, r.input_rows[0] = 1;
   r.num_input_rows = 1, r.urb_read_length = 1, r.urb_entry_size = 1;
   r.vue.num_rows = 3, r.vue.location_row[3] = 2;
   c[2] = (struct vs_case){ .spv = "vs_return.spv", .want = r, .live = 0x3f,
                            .input = return_input, .vue = return_vue };
   /* vs_dynamic: four attribute rows (read length 2); header with layer
    * and viewport, position, the clip rows (3 clip distances), locations
    * 1, 2 and 5 (7 rows, two units) */
   struct gbe_vs_info d = base_info();
   d.inputs_read = 0xf;
   for (unsigned l = 0; l < 4; l++)
      d.input_row[l] = (uint8_t)l, d.input_rows[l] = 1;
   d.num_input_rows = 4, d.urb_read_length = 2, d.urb_entry_size = 2;
   d.vue.num_rows = 7, d.vue.clip_rows = 2, d.vue.num_clip = 3;
   d.vue.location_row[1] = 4, d.vue.location_row[2] = 5, d.vue.location_row[5] = 6;
   d.vue.writes_layer = d.vue.writes_viewport = true;
   c[3] = (struct vs_case){ .spv = "vs_dynamic.spv", .want = d, .live = 0xff,
                            .input = dynamic_input, .vue = dynamic_vue };
   /* vs_struct: three attribute rows (read length 2); header, position,
    * locations 1, 2 and 3 (5 rows, two units) */
   struct gbe_vs_info t = base_info();
   t.inputs_read = 0x7;
   for (unsigned l = 0; l < 3; l++)
      t.input_row[l] = (uint8_t)l, t.input_rows[l] = 1;
   t.num_input_rows = 3, t.urb_read_length = 2, t.urb_entry_size = 2;
   t.vue.num_rows = 5;
   t.vue.location_row[1] = 2, t.vue.location_row[2] = 3, t.vue.location_row[3] = 4;
   c[4] = (struct vs_case){ .spv = "vs_struct.spv", .want = t, .live = 0x1,
                            .input = struct_input, .vue = struct_vue };
   /* vs_double: the dvec4 at location 0 one attribute of two rows
    * (location 1 is part of it, not read), then locations 2-5 a row each
    * (6 rows, read length 3); header, position, locations 0-2 (5 rows;
    * the entry holds the 6 input rows: two units) */
   struct gbe_vs_info w = base_info();
   w.inputs_read = 1u << 0 | 1u << 2 | 1u << 3 | 1u << 4 | 1u << 5;
   w.input_row[0] = 0, w.input_rows[0] = 2;
   for (unsigned l = 2; l < 6; l++)
      w.input_row[l] = (uint8_t)(l), w.input_rows[l] = 1;
   w.num_input_rows = 6, w.urb_read_length = 3, w.urb_entry_size = 2;
   w.vue.num_rows = 5;
   w.vue.location_row[0] = 2, w.vue.location_row[1] = 3, w.vue.location_row[2] = 4;
   c[5] = (struct vs_case){ .spv = "vs_double.spv", .want = w, .live = 0xfe,
                            .input = double_input, .vue = double_vue };
   /* vs_pressure: one attribute row; header, position, locations 0-29
    * (32 rows, eight units) */
   struct gbe_vs_info p = base_info();
   p.inputs_read = 1, p.input_row[0] = 0, p.input_rows[0] = 1;
   p.num_input_rows = 1, p.urb_read_length = 1, p.urb_entry_size = 8;
   p.vue.num_rows = 32;
   for (unsigned l = 0; l < 30; l++)
      p.vue.location_row[l] = (uint8_t)(2 + l);
   c[6] = (struct vs_case){ .spv = "vs_pressure.spv", .want = p, .live = 0xff,
                            .input = pressure_input, .vue = pressure_vue };
}

#define SAME(field) CHECK(got->field == want->field, "%s %s: " #field " %u, expected %u", \
                          name, gen, (unsigned)got->field, (unsigned)want->field)

static void
check_info(const char *name, const char *gen, const struct gbe_vs_info *got,
           const struct gbe_vs_info *want)
{
   SAME(push_bytes); SAME(push_regs); SAME(grf_start); SAME(inputs_read);
   SAME(sgv_row); SAME(drawid_row); SAME(uses_vertex_id); SAME(uses_instance_id);
   SAME(uses_base_vertex); SAME(uses_base_instance); SAME(num_input_rows);
   SAME(urb_read_length); SAME(urb_entry_size); SAME(vue.num_rows); SAME(vue.clip_rows);
   SAME(vue.num_clip); SAME(vue.num_cull); SAME(vue.writes_point_size);
   SAME(vue.writes_layer); SAME(vue.writes_viewport);
   for (unsigned l = 0; l < GBE_MAX_VS_ATTRIBUTES; l++) {
      SAME(input_row[l]);
      SAME(input_rows[l]);
   }
   for (unsigned l = 0; l < GBE_MAX_VARYINGS; l++)
      SAME(vue.location_row[l]);
}

/* The payload vgpu_vs.c delivers: R0, the handles, the push constants,
 * then read length x 2 rows, component c of row r in GRF
 * grf_start + push_regs + 4 r + c.  Returns the bytes it defines. */
static unsigned
payload(const struct vs_case *vc, const struct gbe_vs_info *vs, struct vgpu_urb *u,
        struct vgpu_eu_thread *t)
{
   memset(t->regs, 0, 32);
   for (unsigned j = 0; j < 8; j++)
      gbe_test_set_ud(t, 1, j, vgpu_urb_handle(u, VGPU_3D_VS, j));
   memcpy(&t->regs[vs->grf_start * 32], vc->push, vs->push_regs * 32);
   unsigned first = vs->grf_start + vs->push_regs;
   for (unsigned r = 0; r < vs->urb_read_length * 2; r++) {
      for (unsigned j = 0; j < 8; j++) {
         uint32_t v[4] = { 0 };
         if (r < vs->num_input_rows)
            vc->input(r, j, v);
         for (unsigned c = 0; c < 4; c++)
            gbe_test_set_ud(t, first + 4 * r + c, j, v[c]);
      }
   }
   return (first + vs->urb_read_length * 8) * 32;
}

static void
check_entries(const struct vs_case *vc, const char *gen, const struct gbe_vs_info *vs,
              struct vgpu_urb *u)
{
   uint32_t entry_dwords = vs->urb_entry_size * 16;
   for (unsigned j = 0; j < 8; j++) {
      const uint8_t *e = vgpu_urb_entry(u, vgpu_urb_handle(u, VGPU_3D_VS, j));
      bool live = vc->live & (1u << j);
      for (unsigned d = 0; d < entry_dwords; d++) {
         uint32_t got, want[4] = { SENTINEL, SENTINEL, SENTINEL, SENTINEL };
         memcpy(&got, e + d * 4, 4);
         if (live && d / 4 < vs->vue.num_rows)
            vc->vue(d / 4, j, want);
         CHECK(got == want[d % 4], "%s %s: vertex %u VUE row %u.%c: 0x%08x, expected 0x%08x",
               vc->spv, gen, j, d / 4, "xyzw"[d % 4], got, want[d % 4]);
      }
   }
}

static void
run(const struct vs_case *vc, const char *gen, const struct gbe_kernel *k)
{
   const struct gbe_vs_info *vs = &k->vs;
   CHECK(vs->urb_entry_size * 64 >= vs->vue.num_rows * 16, "%s %s: %u VUE rows in a %u-byte "
         "entry", vc->spv, gen, vs->vue.num_rows, vs->urb_entry_size * 64);
   if (vs->urb_entry_size * 64 < vs->vue.num_rows * 16)
      return;
   struct vgpu_3d *st = calloc(1, sizeof(*st));
   struct vgpu_eu_thread *t = aligned_alloc(64, sizeof(*t));
   struct vgpu_eu_cache *cache = vgpu_eu_cache_create();
   if (!st || !t || !cache) {
      CHECK(false, "out of memory");
      goto out;
   }
   st->urb[VGPU_3D_VS] = (struct vgpu_3d_urb){ .entries = ENTRIES,
                                               .entry_size = vs->urb_entry_size, .start = 1 };
   struct vgpu_urb *u = vgpu_urb_create(NULL, st, 64);
   CHECK(u != NULL, "URB refused: %s", gbe_test_urb_fault ? gbe_test_urb_fault : "");
   if (!u)
      goto out;
   gbe_test_urb_fill(u, VGPU_3D_VS, ENTRIES, vs->urb_entry_size, SENTINEL);
   vgpu_eu_thread_init(t, vc->live);
   unsigned defined = payload(vc, vs, u, t);
   vgpu_eu_thread_define(t, 0, defined);
   /* R0 DWord 5: the thread's scratch offset, here 0 */
   t->scratch_slot = 0;
   t->scratch_slot_known = true;
   CHECK(k->scratch_per_thread <= GBE_TEST_SCRATCH_BYTES, "%s %s: %u bytes of scratch",
         vc->spv, gen, k->scratch_per_thread);
   struct gbe_test_urb ctx = { u, k->gen };
   struct vgpu_eu_env env = {
      .gen = k->gen, .user = &ctx, .map = gbe_test_scratch_memory, .surface = gbe_test_no_surface,
      .general_state_base = GBE_TEST_SCRATCH_BASE, .scratch_per_thread = k->scratch_per_thread,
      .max_instructions = 1u << 20, .checks = VGPU_EU_CHECK_ALL, .urb = gbe_test_urb_cb,
   };
   struct vgpu_eu_kernel *vk = vgpu_eu_kernel_get(cache, k->gen, 0x1000, k->code, k->code_size);
   CHECK(vk != NULL, "%s %s: the kernel did not load", vc->spv, gen);
   enum vgpu_eu_status status = vk ? vgpu_eu_run(&env, vk, t) : VGPU_EU_FAULT;
   CHECK(status == VGPU_EU_DONE, "%s %s: thread status %d (%s)", vc->spv, gen, (int)status,
         t->why ? t->why : "");
   if (status == VGPU_EU_DONE)
      check_entries(vc, gen, vs, u);
   vgpu_urb_destroy(u);
out:
   if (cache)
      vgpu_eu_cache_destroy(cache);
   free(t);
   free(st);
}

/* The end-of-thread URB write's payload ends at g127 within g112-g127
 * (PRM Vol 2d "Thread Spawner: End of Thread"), and nothing but its own
 * copy writes those GRFs: a value the allocator left there would be
 * overwritten by the copy while still live.  Found by decoding the kernel. */
static void
check_eot_payload(const char *spv, const char *gen, const struct gbe_kernel *k)
{
   static const unsigned hstride[4] = { 0, 1, 2, 4 };
   unsigned writes[128] = { 0 };
   int first = -1;
   unsigned mlen = 0;
   const uint8_t *code = k->code;
   for (size_t at = 0; at < k->code_size;) {
      struct isa_inst in;
      unsigned n = isa_decode(k->gen, code + at, k->code_size - at, &in);
      CHECK(n != 0, "%s %s: undecodable instruction at byte %zu", spv, gen, at);
      if (!n)
         return;
      at += n;
      if (in.eot) {
         first = in.src[0].nr;
         mlen = isa_desc_mlen(in.desc);
      }
      if (in.dst.file != ISA_FILE_GRF)
         continue;
      unsigned size = isa_type_size((enum isa_type)in.dst.type);
      unsigned end = in.dst.nr * 32u + in.dst.subnr +
                     ((1u << in.exec_size) - 1) * hstride[in.dst.hstride & 3] * size + size;
      for (unsigned g = in.dst.nr; g * 32 < end && g < 128; g++)
         writes[g]++;
   }
   CHECK(first >= 112 && first + mlen == 128, "%s %s: EOT payload g%d, %u GRFs", spv, gen,
         first, mlen);
   for (int g = first >= 112 ? first : 128; g < 128; g++)
      CHECK(writes[g] == 1, "%s %s: g%d of the EOT payload written %u times", spv, gen, g,
            writes[g]);
}

static void
test_case(const char *dir, const struct vs_case *vc)
{
   static const enum isa_gen gens[] = { ISA_GEN8, ISA_GEN9, ISA_GEN11, ISA_GEN12 };
   char path[4096];
   snprintf(path, sizeof(path), "%s/%s", dir, vc->spv);
   size_t size;
   uint32_t *code = util_read_file(path, &size);
   CHECK(code != NULL && size % 4 == 0, "cannot read %s", path);
   if (!code || size % 4) {
      free(code);
      return;
   }
   for (unsigned g = 0; g < 2 * sizeof(gens) / sizeof(gens[0]); g++) {
      /* each generation twice: as compiled, and with every value spilled
       * (the allocator's spill code beside the payload and the
       * end-of-thread registers) */
      bool spill = g >= sizeof(gens) / sizeof(gens[0]);
      enum isa_gen ig = gens[g % (sizeof(gens) / sizeof(gens[0]))];
      char gen[64];
      snprintf(gen, sizeof(gen), "%s%s", isa_gen_name(ig), spill ? " spilled" : "");
      char err[512];
      struct spirv_options so = { .entry_point = NULL };
      struct ir_shader *s = spirv_to_ir(code, size / 4, &so, err, sizeof(err));
      CHECK(s != NULL, "%s: %s", path, err);
      if (!s)
         break;
      struct gbe_options opt = { .gen = ig, .spill_all = spill };
      struct gbe_kernel k;
      bool ok = gbe_compile(s, &opt, &k, err, sizeof(err));
      ir_shader_destroy(s);
      CHECK(ok, "%s %s: %s", vc->spv, gen, err);
      if (!ok)
         continue;
      CHECK(k.simd == 8, "%s %s: SIMD%u", vc->spv, gen, k.simd);
      CHECK(!spill || (k.stats.spills && k.scratch_per_thread), "%s %s: %u spills", vc->spv,
            gen, k.stats.spills);
      check_info(vc->spv, gen, &k.vs, &vc->want);
      check_eot_payload(vc->spv, gen, &k);
      run(vc, gen, &k);
      gbe_kernel_finish(&k);
   }
   free(code);
}

/* Gen7/7.5 vertex shaders need a vec4 back end: a clear refusal. */
static void
test_gen7_refused(const char *dir)
{
   char path[4096];
   snprintf(path, sizeof(path), "%s/vs_return.spv", dir);
   size_t size;
   uint32_t *code = util_read_file(path, &size);
   if (!code)
      return;
   char err[512];
   struct spirv_options so = { .entry_point = NULL };
   struct ir_shader *s = spirv_to_ir(code, size / 4, &so, err, sizeof(err));
   if (s) {
      struct gbe_options opt = { .gen = ISA_GEN75 };
      struct gbe_kernel k;
      bool ok = gbe_compile(s, &opt, &k, err, sizeof(err));
      CHECK(!ok && strstr(err, "vec4"), "Haswell vertex shader: compiled (%d) or said \"%s\"",
            ok, err);
      if (ok)
         gbe_kernel_finish(&k);
      ir_shader_destroy(s);
   }
   free(code);
}

int
main(int argc, char **argv)
{
   if (argc != 2) {
      fprintf(stderr, "usage: gbe_vs_test SPV_DIR\n");
      return 2;
   }
   struct vs_case cases[NUM_CASES];
   make_cases(cases);
   for (unsigned i = 0; i < NUM_CASES; i++)
      test_case(argv[1], &cases[i]);
   test_gen7_refused(argv[1]);
   if (gbe_test_failures)
      fprintf(stderr, "%d failures\n", gbe_test_failures);
   else
      printf("gbe_vs: %d vertex shaders on Gen8, 9, 11 and 12, as compiled and spilled: "
             "layouts and VUEs as expected\n",
             NUM_CASES);
   return gbe_test_failures ? 1 : 0;
}

/* The pixel stage and the output merger on Gen9 (src/vgpu/3d/vgpu_ps.c,
 * vgpu_om.c) without a batch: a hand-assembled SIMD16 pixel shader that
 * interpolates one attribute with pln and writes it to render target 0
 * runs on a hand-made triangle's subspans, against depth, stencil,
 * blending and logic-op state packed with genxml.  The test stands in for the
 * rest of vgpu (memory, push constants, the thread runner).  Expected
 * pixels come from the Vulkan spec's formulas worked out here: perspective-
 * correct barycentric interpolation (25.8 "Interpolation"), UNORM
 * conversion, the blend equation (28.1) and the depth test (27.8), and
 * the stencil test (27.7), logic ops (28.2), and the Y- and W-tile layouts
 * from the PRM (Vol 5 "Tiling"). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "genX_pack.h"
#include "isa.h"
#include "vgpu_gpgpu.h"
#include "vgpu_om.h"
#include "vgpu_pipe.h"
#include "vgpu_priv.h"

#include "om_rig.h"

/* Layout of the test's memory (offsets from MEM_BASE, which is both
 * Surface State and Dynamic State Base Address). */
#define OFF_SURFACE 0x0000u     /* RENDER_SURFACE_STATE */
#define OFF_BT 0x0100u          /* binding table */
#define OFF_BLEND 0x0200u
#define OFF_CC 0x0300u
#define OFF_RT 0x10000u
#define OFF_DEPTH 0x30000u
#define RT_W 64
#define RT_H 32

static struct devinfo dev = { .ver = 9, .verx10 = 90 };
static uint8_t code[4096];
static size_t code_size;
static struct vgpu_eu_cache *cache;

int
vgpu_3d_push_constants(struct vgpu_draw_run *r, enum vgpu_3d_stage stage,
                       struct vgpu_eu_thread *t, unsigned first_grf)
{
   (void)r; (void)stage; (void)t; (void)first_grf;
   return 0;
}

/* R0's scratch and state pointers: the kernels here use none. */
void
vgpu_3d_thread_r0(struct vgpu_draw_run *r, enum vgpu_3d_stage stage,
                  struct vgpu_eu_thread *t)
{
   (void)r; (void)stage; (void)t;
}

static void *
env_map(void *user, uint64_t addr, uint64_t len)
{
   struct vgpu_draw_run *r = user;
   return vgpu_exec_map(r->exec, addr, len);
}

static enum vgpu_eu_status
env_render_target(void *user, struct vgpu_eu_thread *t, const struct isa_send_msg *msg,
                  const uint8_t *payload, uint8_t *reply, uint32_t exec_mask)
{
   return vgpu_om_render_target(user, t, msg, payload, reply, exec_mask);
}

/* With record_threads set, threads are only recorded (their kernel and
 * width), not run: test_width_pick. */
static bool record_threads;
static unsigned num_recorded;
struct recorded_thread {
   uint64_t kernel;
   unsigned simd;
};
static struct recorded_thread recorded[64];

bool
vgpu_3d_thread_run(struct vgpu_draw_run *r, enum vgpu_3d_stage stage,
                   uint64_t kernel_offset, struct vgpu_eu_thread *t)
{
   (void)stage;
   if (record_threads) {
      if (num_recorded < 64)
         recorded[num_recorded++] = (struct recorded_thread){ kernel_offset, r->om->th.simd };
      return true;
   }
   struct vgpu_eu_env env = {
      .gen = ISA_GEN9, .user = r, .map = env_map, .max_instructions = 1u << 16,
      .render_target = env_render_target, .checks = VGPU_EU_CHECK_UNDEF,
   };
   struct vgpu_eu_kernel *k = vgpu_eu_kernel_get(cache, ISA_GEN9, 0x8000 + kernel_offset,
                                                 code, code_size);
   enum vgpu_eu_status st = k ? vgpu_eu_run(&env, k, t) : VGPU_EU_FAULT;
   CHECK(st == VGPU_EU_DONE, "thread ended with %d (%s)", (int)st, t->why ? t->why : "");
   if (st != VGPU_EU_DONE)
      r->stop = true;
   return st == VGPU_EU_DONE;
}

/* ---- the scene ---- */

/* g2-g5: perspective pixel barycentrics (b1, b2 of channels 0-7, then
 * 8-15); g6-g7: attribute 0's setup data, two components per register. */
static const char kernel_text[] =
   "pln(16) g20<1>F g6<0,1,0>F g2<8,8,1>F { align1 1H };\n"
   "pln(16) g22<1>F g6.4<0,1,0>F g2<8,8,1>F { align1 1H };\n"
   "pln(16) g24<1>F g7<0,1,0>F g2<8,8,1>F { align1 1H };\n"
   "pln(16) g26<1>F g7.4<0,1,0>F g2<8,8,1>F { align1 1H };\n"
   /* render target write: mlen 8, SIMD16 single source, BTI 0, last RT */
   "send(16) null<1>UW g20<8,8,1>UW 0x10031000\n"
   "    render MsgDesc: rt { align1 1H EOT };\n";

static const float vx[3] = { 1.0f, 15.0f, 3.0f }, vy[3] = { 1.0f, 4.0f, 14.0f };
static const float vw[3] = { 1.0f, 2.0f, 4.0f };   /* clip w */
static const float vz[3] = { 0.25f, 0.5f, 0.75f };
static const float colour[3][4] = {
   { 1.0f, 0.0f, 0.25f, 1.0f }, { 0.0f, 1.0f, 0.5f, 0.5f }, { 0.0f, 0.0f, 1.0f, 0.0f },
};

static float
edge(float ax, float ay, float bx, float by, float px, float py)
{
   return (bx - ax) * (py - ay) - (by - ay) * (px - ax);
}

/* Screen-space barycentrics a, b, c of (px, py) from the areas of the
 * sub-triangles (Vulkan 25.8.1). */
static bool
inside(float px, float py, float bary[3])
{
   float area = edge(vx[0], vy[0], vx[1], vy[1], vx[2], vy[2]);
   bary[0] = edge(vx[1], vy[1], vx[2], vy[2], px, py) / area;
   bary[1] = edge(vx[2], vy[2], vx[0], vy[0], px, py) / area;
   bary[2] = edge(vx[0], vy[0], vx[1], vy[1], px, py) / area;
   return bary[0] >= 0 && bary[1] >= 0 && bary[2] >= 0;
}

/* Perspective-correct f = sum(a_i f_i / w_i) / sum(a_i / w_i). */
static float
expected_attr(const float bary[3], unsigned k)
{
   float num = 0, den = 0;
   for (unsigned i = 0; i < 3; i++) {
      num += bary[i] * colour[i][k] / vw[i];
      den += bary[i] / vw[i];
   }
   return num / den;
}

static float
expected_z(const float bary[3])
{
   return bary[0] * vz[0] + bary[1] * vz[1] + bary[2] * vz[2];
}

static unsigned
make_subspans(struct vgpu_subspan *ss)
{
   unsigned n = 0;
   for (int y = 0; y < 16; y += 2) {
      for (int x = 0; x < 16; x += 2) {
         uint32_t cov = 0;
         for (unsigned p = 0; p < 4; p++) {
            float b[3];
            if (inside((float)(x + (int)(p & 1)) + 0.5f, (float)(y + (int)(p >> 1)) + 0.5f, b))
               cov |= 1u << p;
         }
         if (cov)
            ss[n++] = (struct vgpu_subspan){ .x = x, .y = y, .coverage = cov };
      }
   }
   return n;
}

static void
put32(uint32_t off, uint32_t v)
{
   memcpy(&mem[off], &v, 4);
}

static void
write_surface(uint32_t format, uint32_t tile_mode, uint32_t pitch)
{
   struct GENX(RENDER_SURFACE_STATE) s = {
      .surface_type = 1, .surface_format = format, .tile_mode = tile_mode,
      .surface_horizontal_alignment = 1, .surface_vertical_alignment = 1,
      .width = RT_W - 1, .height = RT_H - 1, .surface_pitch = pitch - 1,
      .surface_qpitch = RT_H / 4, .surface_base_address = MEM_BASE + OFF_RT,
      .shader_channel_select_red = 4, .shader_channel_select_green = 5,
      .shader_channel_select_blue = 6, .shader_channel_select_alpha = 7,
   };
   GENX(RENDER_SURFACE_STATE_pack)(NULL, (uint32_t *)&mem[OFF_SURFACE], &s);
   put32(OFF_BT, OFF_SURFACE);
}

static void
write_blend(bool enable)
{
   struct GENX(BLEND_STATE) h = { 0 };
   GENX(BLEND_STATE_pack)(NULL, (uint32_t *)&mem[OFF_BLEND], &h);
   /* SRC_ALPHA, INV_SRC_ALPHA, ADD for colour and alpha. */
   struct GENX(BLEND_STATE_ENTRY) e = {
      .color_buffer_blend_enable = enable,
      .source_blend_factor = 0x03, .destination_blend_factor = 0x13,
      .source_alpha_blend_factor = 0x03, .destination_alpha_blend_factor = 0x13,
   };
   GENX(BLEND_STATE_ENTRY_pack)(NULL, (uint32_t *)&mem[OFF_BLEND + 4], &e);
   struct GENX(COLOR_CALC_STATE) cc = { 0 };
   GENX(COLOR_CALC_STATE_pack)(NULL, (uint32_t *)&mem[OFF_CC], &cc);
}

struct scene {
   struct vgpu_3d st;
   struct vgpu_gpgpu g;
   struct vgpu_exec exec;
   struct vgpu_draw_run r;
   uint32_t vue[3][4];
   struct vgpu_setup s;
};

static void
scene_init(struct scene *sc)
{
   memset(sc, 0, sizeof(*sc));
   struct vgpu_3d *st = &sc->st;
   st->shader[VGPU_3D_PS] = (struct vgpu_3d_shader){
      .enable = true, .simd = 16, .kernel = { 0 }, .grf_start = { 6, 0, 0 },
   };
   st->wm.barycentric_mode = 1;   /* perspective pixel */
   st->wm.statistics = true;
   st->sbe.attribute_count = 1;
   st->samples = 1;
   st->binding_table[VGPU_3D_PS] = OFF_BT;
   st->blend_state = OFF_BLEND;
   st->color_calc_state = OFF_CC;
   st->depth.surface_type = 7;
   sc->g.surface_base = sc->g.dynamic_base = MEM_BASE;
   sc->r = (struct vgpu_draw_run){ .exec = &sc->exec, .g = &sc->g, .st = st };
   sc->s = (struct vgpu_setup){ .kind = VGPU_PRIM_TRIANGLE, .nverts = 3, .front_facing = true };
   for (unsigned i = 0; i < 3; i++) {
      memcpy(sc->vue[i], colour[i], 16);
      sc->s.x[i] = vx[i];
      sc->s.y[i] = vy[i];
      sc->s.z[i] = vz[i];
      sc->s.inv_w[i] = 1.0f / vw[i];
      sc->s.v[i] = (struct vgpu_vue){ .dw = sc->vue[i], .rows = 1 };
   }
}

static void
draw(struct scene *sc)
{
   struct vgpu_subspan ss[64];
   unsigned n = make_subspans(ss);
   not_modelled = NULL;
   vgpu_ps_subspans(&sc->r, &sc->s, ss, n);
   CHECK(!sc->r.stop, "draw stopped: %s / %s", not_modelled ? not_modelled : "",
         sc->exec.fault ? sc->exec.fault : "");
}

static uint8_t
unorm8(float v)
{
   v = v < 0 ? 0 : v > 1 ? 1 : v;
   return (uint8_t)lrintf(v * 255.0f);
}

/* RGBA8_UNORM, Y-tiled, no blending: covered pixels get the interpolated
 * colour; helpers and pixels outside keep the clear pattern. */
static void
test_unorm_ytiled(void)
{
   struct scene sc;
   scene_init(&sc);
   write_surface(0xc7 /* R8G8B8A8_UNORM */, 3 /* YMAJOR */, RT_W * 4);
   write_blend(false);
   memset(&mem[OFF_RT], 0x5a, RT_W * 4 * RT_H);
   draw(&sc);
   unsigned written = 0;
   for (unsigned y = 0; y < 16; y++) {
      for (unsigned x = 0; x < 16; x++) {
         const uint8_t *p = &mem[OFF_RT + ytile_offset(RT_W * 4, x * 4, y)];
         float b[3];
         if (!inside((float)x + 0.5f, (float)y + 0.5f, b)) {
            CHECK(p[0] == 0x5a && p[1] == 0x5a && p[2] == 0x5a && p[3] == 0x5a,
                  "pixel (%u,%u) outside the triangle written", x, y);
            continue;
         }
         written++;
         for (unsigned k = 0; k < 4; k++) {
            int want = unorm8(expected_attr(b, k));
            CHECK(abs((int)p[k] - want) <= 1, "pixel (%u,%u) channel %u: %u want %d",
                  x, y, k, p[k], want);
         }
      }
   }
   CHECK(written > 20 && sc.r.stats.ps_invocations == written,
         "PS invocations %llu, covered pixels %u", (unsigned long long)sc.r.stats.ps_invocations,
         written);
}

/* RGBA32_FLOAT, linear, SRC_ALPHA / INV_SRC_ALPHA over a known colour:
 * Vulkan 28.1.3 "Blend Operations", RGB and A alike:
 * out = s * s.a + d * (1 - s.a). */
static void
test_float_blend(void)
{
   struct scene sc;
   scene_init(&sc);
   const uint32_t pitch = RT_W * 16;
   write_surface(0x0 /* R32G32B32A32_FLOAT */, 0 /* LINEAR */, pitch);
   write_blend(true);
   const float dst[4] = { 0.5f, 0.25f, 2.0f, 0.75f };
   for (unsigned i = 0; i < RT_W * RT_H; i++)
      memcpy(&mem[OFF_RT + i * 16], dst, 16);
   draw(&sc);
   for (unsigned y = 0; y < 16; y++) {
      for (unsigned x = 0; x < 16; x++) {
         float got[4], b[3];
         memcpy(got, &mem[OFF_RT + y * pitch + x * 16], 16);
         bool in = inside((float)x + 0.5f, (float)y + 0.5f, b);
         float sa = in ? expected_attr(b, 3) : 0;
         for (unsigned k = 0; k < 4; k++) {
            float want = in ? expected_attr(b, k) * sa + dst[k] * (1 - sa) : dst[k];
            CHECK(fabsf(got[k] - want) < 1e-5f, "pixel (%u,%u) channel %u: %g want %g",
                  x, y, k, got[k], want);
         }
      }
   }
}

/* D32_FLOAT depth test LESS with writes, early (the shader neither kills
 * nor computes depth): pixels in the left half of the buffer hold 0.4,
 * the rest 1.0, so only triangle pixels with z < 0.4 on the left, and
 * every triangle pixel on the right, pass. */
static void
test_depth(void)
{
   struct scene sc;
   scene_init(&sc);
   write_surface(0xc7, 0, RT_W * 4);
   write_blend(false);
   memset(&mem[OFF_RT], 0, RT_W * 4 * RT_H);
   const uint32_t dpitch = 128;
   struct vgpu_3d_depth *d = &sc.st.depth;
   *d = (struct vgpu_3d_depth){
      .surface_type = 1, .format = 1 /* D32_FLOAT */, .address = MEM_BASE + OFF_DEPTH,
      .pitch = dpitch, .width = 31, .height = 31, .write_enable = true,
      .test_enable = true, .test_write_enable = true, .test_function = 2 /* LESS */,
   };
   for (uint32_t y = 0; y < 32; y++) {
      for (uint32_t x = 0; x < 32; x++) {
         float z = x < 8 ? 0.4f : 1.0f;
         memcpy(&mem[OFF_DEPTH + ytile_offset(dpitch, x * 4, y)], &z, 4);
      }
   }
   draw(&sc);
   unsigned passed = 0;
   for (unsigned y = 0; y < 16; y++) {
      for (unsigned x = 0; x < 16; x++) {
         float b[3], z;
         bool in = inside((float)x + 0.5f, (float)y + 0.5f, b);
         float old = x < 8 ? 0.4f : 1.0f;
         bool pass = in && expected_z(b) < old;
         memcpy(&z, &mem[OFF_DEPTH + ytile_offset(dpitch, x * 4, y)], 4);
         const uint8_t *p = &mem[OFF_RT + y * RT_W * 4 + x * 4];
         passed += pass;
         CHECK(pass ? fabsf(z - expected_z(b)) < 1e-6f : z == old,
               "depth (%u,%u): %g (pass %d)", x, y, z, pass);
         CHECK(pass ? p[0] == unorm8(expected_attr(b, 0)) || abs(p[0] - unorm8(expected_attr(b, 0))) <= 1
                    : p[0] == 0 && p[3] == 0,
               "colour (%u,%u): %u (pass %d)", x, y, p[0], pass);
      }
   }
   CHECK(passed > 10 && sc.r.stats.ps_depth_count == passed,
         "depth count %llu, passing pixels %u", (unsigned long long)sc.r.stats.ps_depth_count,
         passed);
}

/* The depth bounds test (Gen12 3DSTATE_DEPTH_BOUNDS, here set in the
 * decoded state directly: the output merger is the same code on every
 * generation) on D32_FLOAT with the depth test LESS and writes.  Columns
 * of the buffer hold 0.2, 0.5, 0.7 and 0.9 (four pixels wide each), the
 * bounds are [0.5, 0.7]: Vulkan 28.8 compares the depth already stored,
 * bounds included, and a pixel outside them is discarded before the
 * depth test, so only the 0.5 and 0.7 columns may pass, there where the
 * triangle's z is below the stored depth; nothing else changes and
 * PS_DEPTH_COUNT counts the pixels that pass both. */
static float
bounds_column_depth(unsigned x)
{
   static const float z[4] = { 0.2f, 0.5f, 0.7f, 0.9f };
   return x < 16 ? z[x / 4] : 1.0f;
}

static void
test_depth_bounds(void)
{
   struct scene sc;
   scene_init(&sc);
   write_surface(0xc7, 0, RT_W * 4);
   write_blend(false);
   memset(&mem[OFF_RT], 0, RT_W * 4 * RT_H);
   const uint32_t dpitch = 128;
   struct vgpu_3d_depth *d = &sc.st.depth;
   *d = (struct vgpu_3d_depth){
      .surface_type = 1, .format = 1 /* D32_FLOAT */, .address = MEM_BASE + OFF_DEPTH,
      .pitch = dpitch, .width = 31, .height = 31, .write_enable = true,
      .test_enable = true, .test_write_enable = true, .test_function = 2 /* LESS */,
      .bounds_test = true, .bounds_min = 0.5f, .bounds_max = 0.7f,
   };
   for (uint32_t y = 0; y < 32; y++) {
      for (uint32_t x = 0; x < 32; x++) {
         float z = bounds_column_depth(x);
         memcpy(&mem[OFF_DEPTH + ytile_offset(dpitch, x * 4, y)], &z, 4);
      }
   }
   draw(&sc);
   unsigned passed = 0, cut = 0;
   for (unsigned y = 0; y < 16; y++) {
      for (unsigned x = 0; x < 16; x++) {
         float b[3], z;
         bool in = inside((float)x + 0.5f, (float)y + 0.5f, b);
         float old = bounds_column_depth(x);
         bool bounded = old >= 0.5f && old <= 0.7f;
         bool pass = in && bounded && expected_z(b) < old;
         memcpy(&z, &mem[OFF_DEPTH + ytile_offset(dpitch, x * 4, y)], 4);
         const uint8_t *p = &mem[OFF_RT + y * RT_W * 4 + x * 4];
         passed += pass;
         cut += in && !bounded && expected_z(b) < old;
         CHECK(pass ? fabsf(z - expected_z(b)) < 1e-6f : z == old,
               "bounds depth (%u,%u): %g (pass %d)", x, y, z, pass);
         CHECK(pass ? abs(p[0] - unorm8(expected_attr(b, 0))) <= 1 : p[0] == 0 && p[3] == 0,
               "bounds colour (%u,%u): %u (pass %d)", x, y, p[0], pass);
      }
   }
   /* The scene exercises both outcomes: pixels that pass, and pixels
    * (cut) that the depth test alone would have passed. */
   CHECK(passed > 5 && cut > 0 && sc.r.stats.ps_depth_count == passed,
         "bounds: depth count %llu, passing pixels %u, cut by the bounds %u",
         (unsigned long long)sc.r.stats.ps_depth_count, passed, cut);
}

/* Stencil only (no depth buffer), W-tiled, single-sided then two-sided:
 * Vulkan 27.7.  Front faces: EQUAL 1 (mask 0xff), pass INCR_SAT, fail
 * ZERO, on a buffer holding 1 on the left half and 2 on the right: the
 * left passes (1 -> 2, colour written), the right fails (2 -> 0).  Then a
 * back face with double-sided state ALWAYS, pass INVERT through write mask
 * 0x0f: every covered pixel's low four bits flip. */
static void
test_stencil(void)
{
   struct scene sc;
   scene_init(&sc);
   write_surface(0xc7, 0, RT_W * 4);
   write_blend(false);
   memset(&mem[OFF_RT], 0, RT_W * 4 * RT_H);
   const uint32_t spitch = 64;
   struct vgpu_3d_depth *d = &sc.st.depth;
   *d = (struct vgpu_3d_depth){
      .surface_type = 7, .width = 31, .height = 31,
      .stencil_enable = true, .stencil_address = MEM_BASE + OFF_DEPTH, .stencil_pitch = spitch,
      .stencil_write_enable = true, .stencil_test_enable = true, .stencil_buffer_write = true,
      .stencil_func = { 3 /* EQUAL */, 0 }, .stencil_fail_op = { 1 /* ZERO */, 0 },
      .stencil_zfail_op = { 0, 0 }, .stencil_pass_op = { 3 /* INCRSAT */, 0 },
      .stencil_test_mask = { 0xff, 0 }, .stencil_write_mask = { 0xff, 0 },
      .stencil_ref = { 1, 0 },
   };
   for (uint32_t y = 0; y < 32; y++)
      for (uint32_t x = 0; x < 32; x++)
         mem[OFF_DEPTH + wtile_offset(spitch, x, y)] = x < 8 ? 1 : 2;
   draw(&sc);
   unsigned passed = 0;
   for (unsigned y = 0; y < 16; y++) {
      for (unsigned x = 0; x < 16; x++) {
         float b[3];
         bool in = inside((float)x + 0.5f, (float)y + 0.5f, b);
         uint8_t old = x < 8 ? 1 : 2, want = !in ? old : x < 8 ? 2 : 0;
         uint8_t got = mem[OFF_DEPTH + wtile_offset(spitch, x, y)];
         const uint8_t *p = &mem[OFF_RT + y * RT_W * 4 + x * 4];
         CHECK(got == want, "stencil (%u,%u): %u want %u", x, y, got, want);
         CHECK((in && x < 8) ? abs(p[0] - unorm8(expected_attr(b, 0))) <= 1 : p[3] == 0,
               "colour (%u,%u): %u %u", x, y, p[0], p[3]);
         passed += in && x < 8;
      }
   }
   CHECK(passed > 5 && sc.r.stats.ps_depth_count == passed, "depth count %llu, passing %u",
         (unsigned long long)sc.r.stats.ps_depth_count, passed);

   const struct vgpu_3d_depth single = *d;
   scene_init(&sc);
   sc.st.depth = single;
   sc.st.depth.double_sided_stencil = true;
   sc.st.depth.stencil_func[1] = 0;          /* ALWAYS */
   sc.st.depth.stencil_pass_op[1] = 7;       /* INVERT */
   sc.st.depth.stencil_write_mask[1] = 0x0f;
   sc.st.depth.stencil_test_mask[1] = 0xff;
   sc.s.front_facing = false;
   uint8_t before[32][32];
   for (uint32_t y = 0; y < 32; y++)
      for (uint32_t x = 0; x < 32; x++)
         before[y][x] = mem[OFF_DEPTH + wtile_offset(spitch, x, y)];
   draw(&sc);
   for (unsigned y = 0; y < 16; y++) {
      for (unsigned x = 0; x < 16; x++) {
         float b[3];
         bool in = inside((float)x + 0.5f, (float)y + 0.5f, b);
         uint8_t want = in ? before[y][x] ^ 0x0f : before[y][x];
         uint8_t got = mem[OFF_DEPTH + wtile_offset(spitch, x, y)];
         CHECK(got == want, "back-face stencil (%u,%u): %u want %u", x, y, got, want);
      }
   }
}

/* The depth bounds test alone (no depth test or write) on D24_UNORM_X8
 * with a separate stencil buffer, ALWAYS with pass op INCRSAT: the left
 * half stores 0x400000 (0.25 as UNORM24, 4194304 / 16777215), the right
 * 0xc00000 (0.75); bounds [0.5, 1.0] judge the stored value as its [0, 1]
 * UNORM value, so the right half passes (stencil 1 -> 2, colour written)
 * and the left half is discarded before the stencil test (stencil stays
 * 1, no colour, not counted). */
static void
test_depth_bounds_stencil(void)
{
   struct scene sc;
   scene_init(&sc);
   write_surface(0xc7, 0, RT_W * 4);
   write_blend(false);
   memset(&mem[OFF_RT], 0, RT_W * 4 * RT_H);
   const uint32_t dpitch = 128, spitch = 64, soff = OFF_DEPTH + 0x4000;
   struct vgpu_3d_depth *d = &sc.st.depth;
   *d = (struct vgpu_3d_depth){
      .surface_type = 1, .format = 3 /* D24_UNORM_X8 */, .address = MEM_BASE + OFF_DEPTH,
      .pitch = dpitch, .width = 31, .height = 31,
      .stencil_enable = true, .stencil_address = MEM_BASE + soff, .stencil_pitch = spitch,
      .stencil_write_enable = true, .stencil_test_enable = true, .stencil_buffer_write = true,
      .stencil_func = { 0 /* ALWAYS */, 0 }, .stencil_pass_op = { 3 /* INCRSAT */, 0 },
      .stencil_test_mask = { 0xff, 0 }, .stencil_write_mask = { 0xff, 0 },
      .bounds_test = true, .bounds_min = 0.5f, .bounds_max = 1.0f,
   };
   for (uint32_t y = 0; y < 32; y++) {
      for (uint32_t x = 0; x < 32; x++) {
         uint32_t z = x < 8 ? 0x400000u : 0xc00000u;
         memcpy(&mem[OFF_DEPTH + ytile_offset(dpitch, x * 4, y)], &z, 4);
         mem[soff + wtile_offset(spitch, x, y)] = 1;
      }
   }
   draw(&sc);
   unsigned passed = 0;
   for (unsigned y = 0; y < 16; y++) {
      for (unsigned x = 0; x < 16; x++) {
         float b[3];
         bool in = inside((float)x + 0.5f, (float)y + 0.5f, b);
         bool pass = in && x >= 8;
         uint8_t st = mem[soff + wtile_offset(spitch, x, y)];
         const uint8_t *p = &mem[OFF_RT + y * RT_W * 4 + x * 4];
         passed += pass;
         CHECK(st == (pass ? 2 : 1), "bounds stencil (%u,%u): %u (pass %d)", x, y, st, pass);
         CHECK(pass ? abs(p[0] - unorm8(expected_attr(b, 0))) <= 1 : p[0] == 0 && p[3] == 0,
               "bounds stencil colour (%u,%u): %u (pass %d)", x, y, p[0], pass);
      }
   }
   CHECK(passed > 5 && sc.r.stats.ps_depth_count == passed,
         "bounds stencil: depth count %llu, passing %u",
         (unsigned long long)sc.r.stats.ps_depth_count, passed);
}

/* Logic op XOR (LOGICOP_XOR, 6) on RGBA8_UNORM: Vulkan 28.2, the source
 * converted to the format then XORed into the texel, bit by bit; the
 * write mask keeps alpha. */
static void
test_logic_op(void)
{
   struct scene sc;
   scene_init(&sc);
   write_surface(0xc7, 0, RT_W * 4);
   struct GENX(BLEND_STATE_ENTRY) e = {
      .logic_op_enable = true, .logic_op_function = 6, .write_disable_alpha = true,
   };
   GENX(BLEND_STATE_ENTRY_pack)(NULL, (uint32_t *)&mem[OFF_BLEND + 4], &e);
   for (unsigned i = 0; i < RT_W * 4 * RT_H; i++)
      mem[OFF_RT + i] = (uint8_t)(i * 7 + 3);
   draw(&sc);
   for (unsigned y = 0; y < 16; y++) {
      for (unsigned x = 0; x < 16; x++) {
         float b[3];
         bool in = inside((float)x + 0.5f, (float)y + 0.5f, b);
         unsigned off = y * RT_W * 4 + x * 4;
         for (unsigned k = 0; k < 4; k++) {
            uint8_t dst = (uint8_t)((off + k) * 7 + 3);
            uint8_t got = mem[OFF_RT + off + k];
            if (!in || k == 3) {
               CHECK(got == dst, "pixel (%u,%u) channel %u changed", x, y, k);
               continue;
            }
            /* The interpolated value may sit at a rounding midpoint:
             * either neighbouring unorm8 value is a valid conversion. */
            uint8_t src = unorm8(expected_attr(b, k));
            CHECK(got == (src ^ dst) || got == ((uint8_t)(src + 1) ^ dst) ||
                  got == ((uint8_t)(src - 1) ^ dst),
                  "pixel (%u,%u) channel %u: %u want %u ^ %u", x, y, k, got, src, dst);
         }
      }
   }
}

/* SIMD8 dispatch and the fixed payload (PRM Vol 7 "Pixel Shader Thread
 * Payload", as Mesa's kernels read it): a kernel copies R0.0 (topology
 * 4:0, back-facing bit 15, RTAI 26:16, viewport 30:27), R1.2 and R1.3 (the
 * two subspans' X | Y << 16) and R1.7 (their pixel mask, 4 bits each) to
 * an R32G32B32A32_UINT target with a SIMD8 render-target write. */
static const char header_kernel_text[] =
   "mov(8) g20<1>UD g0<0,1,0>UD { align1 1Q };\n"
   "mov(8) g21<1>UD g1.2<0,1,0>UD { align1 1Q };\n"
   "mov(8) g22<1>UD g1.7<0,1,0>UD { align1 1Q };\n"
   "mov(8) g23<1>UD g1.3<0,1,0>UD { align1 1Q };\n"
   /* mlen 4, SIMD8 single source (subtype 4), BTI 0, last RT */
   "send(8) null<1>UW g20<8,8,1>UW 0x08031400\n"
   "    render MsgDesc: rt { align1 1Q EOT };\n";

static void
test_simd8_header(void)
{
   char err[256];
   code_size = isa_asm_kernel(ISA_GEN9, header_kernel_text, code, sizeof(code), err, sizeof(err));
   CHECK(code_size, "kernel: %s", err);
   if (!code_size)
      return;
   struct scene sc;
   scene_init(&sc);
   sc.st.shader[VGPU_3D_PS].simd = 8;
   sc.st.shader[VGPU_3D_PS].kernel[0] = 0x1000;
   sc.st.shader[VGPU_3D_PS].grf_start[0] = 2;
   sc.st.wm.barycentric_mode = 0;
   sc.st.sbe.attribute_count = 0;
   sc.s.front_facing = false;
   sc.s.viewport_index = 3;
   sc.s.render_target_array_index = 0;
   write_surface(0x002 /* R32G32B32A32_UINT */, 0, RT_W * 16);
   write_blend(false);
   memset(&mem[OFF_RT], 0, RT_W * 16 * RT_H);
   struct vgpu_subspan ss[64];
   unsigned n = make_subspans(ss);
   draw(&sc);
   for (unsigned i = 0; i < n; i++) {
      /* Threads take the subspans two by two, in order. */
      const unsigned pair = i & ~1u;
      const struct vgpu_subspan *first = &ss[pair];
      const struct vgpu_subspan *second = pair + 1 < n ? &ss[pair + 1] : NULL;
      uint32_t want[4] = {
         0x4u | 1u << 15 | 3u << 27,
         (uint32_t)first->x | (uint32_t)first->y << 16,
         first->coverage | (second ? second->coverage << 4 : 0),
         second ? ((uint32_t)second->x | (uint32_t)second->y << 16) : 0,
      };
      for (unsigned px = 0; px < 4; px++) {
         unsigned x = (unsigned)ss[i].x + (px & 1), y = (unsigned)ss[i].y + (px >> 1);
         uint32_t got[4];
         memcpy(got, &mem[OFF_RT + y * RT_W * 16 + x * 16], 16);
         bool covered = (ss[i].coverage >> px) & 1;
         for (unsigned k = 0; k < 4; k++)
            CHECK(got[k] == (covered ? want[k] : 0), "pixel (%u,%u) word %u: 0x%x want 0x%x",
                  x, y, k, got[k], covered ? want[k] : 0);
      }
   }
}

/* The width of each dispatch (vgpu_ps.c's model of the hardware's pick,
 * which runs every enabled kernel): threads at the widest enabled width
 * take the primitive's subspans in order, the rest go to the narrowest
 * enabled width that holds them; each width's kernel is the one the PRM's
 * "Dispatch Enables" table assigns it (Vol 2a 3DSTATE_PS: KSP0 SIMD8 or a
 * lone width, KSP1 SIMD32 beside another, KSP2 SIMD16 beside another). */
static void
check_width_pick(unsigned enabled, unsigned n)
{
   static const uint64_t ksp[3] = { 0x100, 0x300, 0x200 };
   struct scene sc;
   scene_init(&sc);
   sc.st.shader[VGPU_3D_PS].simd = (uint8_t)enabled;
   for (unsigned i = 0; i < 3; i++) {
      sc.st.shader[VGPU_3D_PS].kernel[i] = ksp[i];
      sc.st.shader[VGPU_3D_PS].grf_start[i] = 11;   /* past SIMD32's payload */
   }
   write_surface(0xc7 /* R8G8B8A8_UNORM */, 0, RT_W * 4);
   write_blend(false);
   struct vgpu_subspan ss[64];
   CHECK(make_subspans(ss) >= n, "the triangle has fewer than %u subspans", n);
   num_recorded = 0;
   record_threads = true;
   vgpu_ps_subspans(&sc.r, &sc.s, ss, n);
   record_threads = false;
   const unsigned widest = enabled & 32 ? 32 : enabled & 16 ? 16 : 8;
   const unsigned full = n / (widest / 4), rest = n % (widest / 4);
   unsigned rest_simd = widest;
   for (unsigned w = 16; w >= 8; w /= 2)
      if ((enabled & w) && w / 4 >= rest)
         rest_simd = w;
   CHECK(num_recorded == full + (rest ? 1 : 0), "SIMD mask 0x%x, %u subspans: %u threads, "
         "expected %u", enabled, n, num_recorded, full + (rest ? 1 : 0));
   for (unsigned i = 0; i < num_recorded; i++) {
      const unsigned simd = i < full ? widest : rest_simd;
      const bool alone = enabled == simd;
      const uint64_t want = simd == 8 || alone ? ksp[0] : simd == 32 ? ksp[1] : ksp[2];
      CHECK(recorded[i].simd == simd && recorded[i].kernel == want, "SIMD mask 0x%x, %u "
            "subspans: thread %u SIMD%u at 0x%llx, expected SIMD%u at 0x%llx", enabled, n, i,
            recorded[i].simd, (unsigned long long)recorded[i].kernel, simd,
            (unsigned long long)want);
   }
}

static void
test_width_pick(void)
{
   for (unsigned n = 1; n <= 19; n++) {
      check_width_pick(8 | 16 | 32, n);
      check_width_pick(8 | 16, n);
      check_width_pick(16 | 32, n);
      check_width_pick(8 | 32, n);
      check_width_pick(32, n);
      check_width_pick(16, n);
      check_width_pick(8, n);
   }
}

/* ---- render targets and depth buffers beyond LOD 0 of a 2D surface ----
 *
 * Expected addresses are worked out from the SKL PRM Vol 5 "Surface
 * Layout" by hand: in a 2D (and, from Gen9, a 3D) surface, LOD 0 sits at
 * the top left and LOD 1 right below it, at row ALIGN(H0, VALIGN); each
 * array layer or 3D slice repeats that picture QPitch rows further down.
 * Here H0 = RT_H = 32 rows and VALIGN 4, so LOD 1 starts at row 32, is
 * 16 rows high, and QPitch is 48 rows (LOD 0 and 1 stacked). */
#define LAYER_ROWS 48u
#define LOD1_ROW 32u

/* A layered or 3D render target at LOD 1: Minimum Array Element first,
 * Render Target View Extent + 1 layers (Depth equal to it for arrays). */
static void
write_layered_surface(uint32_t type, uint32_t tile_mode, uint32_t depth, uint32_t min_element,
                      uint32_t view_extent)
{
   struct GENX(RENDER_SURFACE_STATE) s = {
      .surface_type = type, .surface_format = 0xc7 /* R8G8B8A8_UNORM */,
      .tile_mode = tile_mode, .surface_array = type != 2,
      .surface_horizontal_alignment = 1, .surface_vertical_alignment = 1,
      .width = RT_W - 1, .height = RT_H - 1, .surface_pitch = RT_W * 4 - 1,
      .depth = depth, .minimum_array_element = min_element,
      .render_target_view_extent = view_extent, .mip_count_lod = 1,
      .surface_qpitch = LAYER_ROWS / 4, .surface_base_address = MEM_BASE + OFF_RT,
      .shader_channel_select_red = 4, .shader_channel_select_green = 5,
      .shader_channel_select_blue = 6, .shader_channel_select_alpha = 7,
   };
   GENX(RENDER_SURFACE_STATE_pack)(NULL, (uint32_t *)&mem[OFF_SURFACE], &s);
   put32(OFF_BT, OFF_SURFACE);
}

/* The surface after a draw: every covered pixel's colour at want_offset(x,
 * y), every other byte of the RT_BYTES still the clear pattern. */
#define RT_BYTES (4u * LAYER_ROWS * RT_W * 4u)

static void
check_layered(const char *what, uint32_t (*want_offset)(uint32_t x, uint32_t y))
{
   static uint8_t expect[RT_BYTES];
   memset(expect, 0x5a, sizeof(expect));
   unsigned written = 0;
   for (uint32_t y = 0; y < 16; y++) {
      for (uint32_t x = 0; x < 16; x++) {
         float b[3];
         if (!inside((float)x + 0.5f, (float)y + 0.5f, b))
            continue;
         written++;
         for (unsigned k = 0; k < 4; k++)
            expect[want_offset(x, y) + k] = unorm8(expected_attr(b, k));
      }
   }
   unsigned bad = 0;
   for (uint32_t i = 0; i < RT_BYTES; i++) {
      int diff = abs((int)mem[OFF_RT + i] - (int)expect[i]);
      /* Colours may round either way; the clear pattern must be exact. */
      if (diff > (expect[i] == 0x5a && mem[OFF_RT + i] == 0x5a ? 0 : 1) && bad++ < 4)
         CHECK(false, "%s: byte 0x%x is 0x%02x want 0x%02x", what, i, mem[OFF_RT + i], expect[i]);
   }
   CHECK(written > 20 && bad == 0, "%s: %u covered pixels, %u wrong bytes", what, written, bad);
}

/* 2D array, linear: slice = Minimum Array Element 1 + RTAI 1 = layer 2,
 * LOD 1: row LOD1_ROW + 2 * LAYER_ROWS + y, 4 bytes a pixel. */
static uint32_t
array_layer2_offset(uint32_t x, uint32_t y)
{
   return (LOD1_ROW + 2 * LAYER_ROWS + y) * RT_W * 4 + x * 4;
}

/* 3D, Y-tiled: Minimum Array Element 1 is LOD 1's second Z slice; the
 * view holds that one slice (extent 0), so RTAI 3 lies beyond it and the
 * pixel goes to the view's first slice (as D3D10 defines it). */
static uint32_t
volume_slice1_offset(uint32_t x, uint32_t y)
{
   return ytile_offset(RT_W * 4, x * 4, LOD1_ROW + LAYER_ROWS + y);
}

static void
test_layered_render_targets(void)
{
   struct scene sc;
   scene_init(&sc);
   write_blend(false);
   write_layered_surface(1 /* 2D */, 0 /* LINEAR */, 2, 1, 2);
   sc.s.render_target_array_index = 1;
   memset(&mem[OFF_RT], 0x5a, RT_BYTES);
   draw(&sc);
   check_layered("2D array LOD 1 layer 2", array_layer2_offset);

   scene_init(&sc);
   /* 3D: Depth is the LOD 0 depth (4 slices, so 2 at LOD 1). */
   write_layered_surface(2 /* 3D */, 3 /* YMAJOR */, 3, 1, 0);
   sc.s.render_target_array_index = 3;
   memset(&mem[OFF_RT], 0x5a, RT_BYTES);
   draw(&sc);
   check_layered("3D LOD 1 slice 1", volume_slice1_offset);
}

/* D32_FLOAT depth buffer (Y-tiled, HALIGN 4 / VALIGN 4: the alignment
 * table in PRM Vol 5 for DEPTH_BUFFER) at LOD 1, layer 2 = Minimum Array
 * Element 1 + RTAI 1, test LESS with writes: that layer holds 1.0 so
 * every covered pixel passes and stores its z there; every other byte
 * of the buffer keeps its 0x5a pattern. */
static void
test_layered_depth(void)
{
   struct scene sc;
   scene_init(&sc);
   write_surface(0xc7, 0, RT_W * 4);
   write_blend(false);
   const uint32_t dpitch = RT_W * 4, rows = 3 * LAYER_ROWS;
   const uint32_t bytes = (rows + 31) / 32 * 4096 * (dpitch / 128);
   struct vgpu_3d_depth *d = &sc.st.depth;
   *d = (struct vgpu_3d_depth){
      .surface_type = 1, .format = 1 /* D32_FLOAT */, .address = MEM_BASE + OFF_DEPTH,
      .pitch = dpitch, .width = RT_W - 1, .height = RT_H - 1, .lod = 1,
      .min_array_element = 1, .depth = 1, .view_extent = 1, .qpitch = LAYER_ROWS / 4,
      .write_enable = true, .test_enable = true, .test_write_enable = true,
      .test_function = 2 /* LESS */,
   };
   sc.s.render_target_array_index = 1;
   memset(&mem[OFF_DEPTH], 0x5a, bytes);
   const float one = 1.0f;
   for (uint32_t y = 0; y < 16; y++)
      for (uint32_t x = 0; x < 32; x++)
         memcpy(&mem[OFF_DEPTH + ytile_offset(dpitch, x * 4, LOD1_ROW + 2 * LAYER_ROWS + y)],
                &one, 4);
   static uint8_t expect[0x10000];
   memcpy(expect, &mem[OFF_DEPTH], bytes);
   unsigned passed = 0;
   for (uint32_t y = 0; y < 16; y++) {
      for (uint32_t x = 0; x < 16; x++) {
         float b[3];
         if (!inside((float)x + 0.5f, (float)y + 0.5f, b))
            continue;
         float z = expected_z(b);
         memcpy(&expect[ytile_offset(dpitch, x * 4, LOD1_ROW + 2 * LAYER_ROWS + y)], &z, 4);
         passed++;
      }
   }
   draw(&sc);
   unsigned bad = 0;
   for (uint32_t i = 0; i < bytes; i += 4) {
      float got, want;
      memcpy(&got, &mem[OFF_DEPTH + i], 4);
      memcpy(&want, &expect[i], 4);
      if (fabsf(got - want) > 1e-6f && !(got != got && want != want) &&
          memcmp(&got, &want, 4) && bad++ < 4)
         CHECK(false, "depth LOD 1 layer 2: dword 0x%x is %g want %g", i, got, want);
   }
   CHECK(passed > 20 && bad == 0 && sc.r.stats.ps_depth_count == passed,
         "depth LOD 1 layer 2: %u wrong dwords, depth count %llu want %u", bad,
         (unsigned long long)sc.r.stats.ps_depth_count, passed);
}

/* A render-target write with a header takes the Render Target Array
 * Index from the header (M0.0 bits 26:16 on Gen9, a copy of R0.0 the
 * kernel may change), not from the thread's dispatch: here the thread's
 * index is 0 and the kernel writes 2 into its header, so every covered
 * pixel lands in layer 2 of a linear R32G32B32A32_UINT 2D array at LOD 0
 * (rows 2 * LAYER_ROWS + y), holding the four words the kernel sends. */
static const char header_rtai_kernel_text[] =
   "mov(16) g20<1>UD g0<8,8,1>UD { align1 WE_all 1H };\n"
   "and(1) g20<1>UD g20<0,1,0>UD 0xf800ffffUD { align1 WE_all 1N };\n"
   "or(1) g20<1>UD g20<0,1,0>UD 0x00020000UD { align1 WE_all 1N };\n"
   "mov(8) g22<1>UD 0x11UD { align1 1Q };\n"
   "mov(8) g23<1>UD 0x22UD { align1 1Q };\n"
   "mov(8) g24<1>UD 0x33UD { align1 1Q };\n"
   "mov(8) g25<1>UD 0x44UD { align1 1Q };\n"
   /* mlen 6 with a header, SIMD8 single source (subtype 4), BTI 0, last RT */
   "send(8) null<1>UW g20<8,8,1>UW 0x0c0b1400\n"
   "    render MsgDesc: rt { align1 1Q EOT };\n";

static void
test_header_rtai(void)
{
   char err[256];
   code_size = isa_asm_kernel(ISA_GEN9, header_rtai_kernel_text, code, sizeof(code), err,
                              sizeof(err));
   CHECK(code_size, "kernel: %s", err);
   if (!code_size)
      return;
   struct scene sc;
   scene_init(&sc);
   sc.st.shader[VGPU_3D_PS].simd = 8;
   sc.st.shader[VGPU_3D_PS].kernel[0] = 0x1000;
   sc.st.shader[VGPU_3D_PS].grf_start[0] = 2;
   sc.st.wm.barycentric_mode = 0;
   sc.st.sbe.attribute_count = 0;
   sc.s.render_target_array_index = 0;
   const uint32_t pitch = RT_W * 16;
   struct GENX(RENDER_SURFACE_STATE) s = {
      .surface_type = 1, .surface_format = 0x002 /* R32G32B32A32_UINT */,
      .surface_array = true, .surface_horizontal_alignment = 1,
      .surface_vertical_alignment = 1, .width = RT_W - 1, .height = RT_H - 1,
      .surface_pitch = pitch - 1, .depth = 3, .render_target_view_extent = 3,
      .surface_qpitch = LAYER_ROWS / 4, .surface_base_address = MEM_BASE + OFF_RT,
      .shader_channel_select_red = 4, .shader_channel_select_green = 5,
      .shader_channel_select_blue = 6, .shader_channel_select_alpha = 7,
   };
   GENX(RENDER_SURFACE_STATE_pack)(NULL, (uint32_t *)&mem[OFF_SURFACE], &s);
   put32(OFF_BT, OFF_SURFACE);
   write_blend(false);
   const uint32_t bytes = 3 * LAYER_ROWS * pitch;
   memset(&mem[OFF_RT], 0, bytes);
   draw(&sc);
   static const uint32_t want[4] = { 0x11, 0x22, 0x33, 0x44 };
   unsigned bad = 0, covered = 0;
   for (uint32_t y = 0; y < 3 * LAYER_ROWS; y++) {
      for (uint32_t x = 0; x < RT_W; x++) {
         float b[3];
         bool in = y >= 2 * LAYER_ROWS && y - 2 * LAYER_ROWS < 16 && x < 16 &&
                   inside((float)x + 0.5f, (float)(y - 2 * LAYER_ROWS) + 0.5f, b);
         uint32_t got[4];
         memcpy(got, &mem[OFF_RT + y * pitch + x * 16], 16);
         covered += in;
         for (unsigned k = 0; k < 4; k++)
            if (got[k] != (in ? want[k] : 0) && bad++ < 4)
               CHECK(false, "header RTAI: row %u pixel %u word %u: 0x%x want 0x%x", y, x, k,
                     got[k], in ? want[k] : 0);
      }
   }
   CHECK(covered > 20 && bad == 0, "header RTAI: %u covered pixels, %u wrong words", covered, bad);
}

int
main(void)
{
   vgpu.info = &dev;
   cache = vgpu_eu_cache_create();
   char err[256];
   code_size = isa_asm_kernel(ISA_GEN9, kernel_text, code, sizeof(code), err, sizeof(err));
   if (!cache || !code_size) {
      fprintf(stderr, "FAIL: kernel: %s\n", cache ? err : "out of memory");
      return 1;
   }
   test_unorm_ytiled();
   test_float_blend();
   test_depth();
   test_stencil();
   test_depth_bounds();
   test_depth_bounds_stencil();
   test_layered_render_targets();
   test_layered_depth();
   test_logic_op();
   test_simd8_header();
   test_header_rtai();
   test_width_pick();
   vgpu_eu_cache_destroy(cache);
   return isl_test_result("test_ps");
}

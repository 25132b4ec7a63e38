/* The output merger's multisampling on Gen9 (src/vgpu/3d/vgpu_om.c),
 * driven through its contract with the pixel stage (vgpu_om.h): the
 * test fills a thread's pixels, sample sets (cover[]) and depths as the
 * pixel stage would, then runs the depth tests and hand-made SIMD8
 * render-target write payloads.  Surface states are packed with isl,
 * blend and colour-calculator state with genxml; the test stands in for
 * the rest of vgpu (memory, faults).
 *
 * Expected values are worked out here: sample addresses from the PRM's
 * layouts (Vol 5 "Tiling": Y tiles; "Interleaved Multisampled Surfaces":
 * a 4x pixel's samples 0 1 / 2 3 in 2x2 groups of cells, so sample s of
 * pixel (x, y) sits at ((x & ~1) * 2 + (s & 1) * 2 + (x & 1),
 * (y & ~1) * 2 + (s >> 1) * 2 + (y & 1)); MSS: sample s is array slice
 * s), MCS values ("Compressed Multisample Surfaces": 2 bits a sample at
 * 4x, 0xff the clear value, 0xe4 the identity), the fast clear rectangle
 * table (IVB PRM Vol 2 Part 1 11.7: 8x2 pixels a rectangle pixel at 4x,
 * 2x2 at 8x), the blend equation (Vulkan 28.1) and UNORM8 rounding. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "genX_pack.h"
#include "isa_send.h"
#include "isl.h"
#include "vgpu_gpgpu.h"
#include "vgpu_om.h"
#include "vgpu_pipe.h"
#include "vgpu_priv.h"

#include "om_rig.h"

/* Offsets from MEM_BASE, both Surface State and Dynamic State Base. */
#define OFF_SURFACE 0x0000u
#define OFF_BT 0x0100u
#define OFF_BLEND 0x0200u
#define OFF_CC 0x0300u
#define OFF_RT 0x10000u
#define OFF_MCS 0x20000u
#define OFF_DEPTH 0x30000u
#define RT_W 32
#define RT_H 8

static struct devinfo dev = { .ver = 9, .verx10 = 90 };

/* ---- memory ---- */

static void
put32(uint32_t off, uint32_t v)
{
   memcpy(&mem[off], &v, 4);
}

static uint32_t
get32(uint32_t off)
{
   uint32_t v;
   memcpy(&v, &mem[off], 4);
   return v;
}

static uint32_t
fbits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

/* ---- state ---- */

struct rig {
   struct vgpu_3d st;
   struct vgpu_gpgpu g;
   struct vgpu_exec exec;
   struct vgpu_draw_run r;
};

static void
rig_init(struct rig *rg, uint32_t samples)
{
   memset(rg, 0, sizeof(*rg));
   memset(mem, 0, sizeof(mem));
   rg->st.samples = samples;
   rg->st.binding_table[VGPU_3D_PS] = OFF_BT;
   rg->st.blend_state = OFF_BLEND;
   rg->st.color_calc_state = OFF_CC;
   rg->st.depth.surface_type = 7;
   rg->g.surface_base = rg->g.dynamic_base = MEM_BASE;
   rg->r = (struct vgpu_draw_run){ .exec = &rg->exec, .g = &rg->g, .st = &rg->st };
   not_modelled = NULL;
}

/* BLEND_STATE's header h, render target 0 blending SRC_ALPHA,
 * INV_SRC_ALPHA, ADD when `blend`; COLOR_CALC_STATE with a float alpha
 * reference of 0.5. */
static void
write_blend(const struct GENX(BLEND_STATE) *h, bool blend)
{
   GENX(BLEND_STATE_pack)(NULL, (uint32_t *)&mem[OFF_BLEND], h);
   struct GENX(BLEND_STATE_ENTRY) e = {
      .color_buffer_blend_enable = blend,
      .source_blend_factor = 0x03, .destination_blend_factor = 0x13,
      .source_alpha_blend_factor = 0x03, .destination_alpha_blend_factor = 0x13,
   };
   GENX(BLEND_STATE_ENTRY_pack)(NULL, (uint32_t *)&mem[OFF_BLEND + 4], &e);
   struct GENX(COLOR_CALC_STATE) cc = {
      .alpha_test_format = 1, .alpha_reference_value_as_float32 = 0.5f,
   };
   GENX(COLOR_CALC_STATE_pack)(NULL, (uint32_t *)&mem[OFF_CC], &cc);
}

static struct isl_surf rt, mcs;

/* Render target 0: RGBA8 UNORM RT_W x RT_H, Y-tiled, `samples` MSS,
 * with an MCS at OFF_MCS when `with_mcs` (clear colour (0, 1, 0, 1)). */
static bool
write_target(uint32_t samples, bool with_mcs)
{
   struct isl_surf_info info = {
      .dim = ISL_SURF_DIM_2D, .format = ISL_FORMAT_R8G8B8A8_UNORM,
      .width = RT_W, .height = RT_H, .depth = 1, .levels = 1, .array_len = 1,
      .samples = samples, .usage = ISL_USAGE_RENDER | ISL_USAGE_SAMPLED,
      .tilings = ISL_TILING_BIT(ISL_TILING_Y),
   };
   if (!isl_surf_init(90, &info, &rt) || (with_mcs && !isl_surf_init_mcs(&rt, &mcs)))
      return false;
   struct isl_view view = { .format = ISL_FORMAT_R8G8B8A8_UNORM, .levels = 1, .layers = 1,
                            .usage = ISL_USAGE_RENDER, .swizzle = ISL_SWIZZLE_IDENTITY };
   struct isl_image_state st = {
      .surf = &rt, .view = &view, .address = MEM_BASE + OFF_RT,
      .mcs_surf = with_mcs ? &mcs : NULL, .mcs_address = MEM_BASE + OFF_MCS,
      .clear_color = { 0, 0x3f800000, 0, 0x3f800000 },
   };
   if (!isl_fill_image_state(90, (uint32_t *)&mem[OFF_SURFACE], &st))
      return false;
   put32(OFF_BT, OFF_SURFACE);
   /* One 128-byte tile row: 32 RGBA8 pixels; a sample's slice starts
    * RT_H rows (QPitch, aligned to 4) after the previous one. */
   return rt.row_pitch_B == 128 && rt.array_pitch_rows == RT_H;
}

/* Sample s of pixel (x, y) of the MSS target: array slice s. */
static uint32_t
rt_sample(uint32_t x, uint32_t y, uint32_t s)
{
   return OFF_RT + ytile_offset(128, x * 4, s * RT_H + y);
}

/* The MCS element of pixel (x, y), `bytes` wide (4x: R8, 8x: R32), its
 * pitch one tile. */
static uint32_t
mcs_at(uint32_t x, uint32_t y, uint32_t bytes)
{
   return OFF_MCS + ytile_offset(128, x * bytes, y);
}

static uint32_t
rgba8(uint8_t r, uint8_t g, uint8_t b, uint8_t a)
{
   return (uint32_t)r | (uint32_t)g << 8 | (uint32_t)b << 16 | (uint32_t)a << 24;
}

/* ---- a thread and its messages ---- */

static struct vgpu_om_thread *
thread(struct rig *rg, unsigned samples)
{
   struct vgpu_om_thread *th = &rg->r.om->th;
   memset(th, 0, sizeof(*th));
   th->simd = 8;
   th->samples = samples;
   th->front_facing = true;
   th->zmin = 0.0f;
   th->zmax = 1.0f;
   return th;
}

static void
channel(struct vgpu_om_thread *th, unsigned c, int32_t x, int32_t y, uint8_t cover)
{
   th->x[c] = x;
   th->y[c] = y;
   th->cover[c] = cover;
   th->pixels |= 1u << c;
}

static uint8_t payload[8 * 32];

static void
set_word(unsigned reg, unsigned c, uint32_t v)
{
   memcpy(&payload[reg * 32 + c * 4], &v, 4);
}

/* Channel c's RGBA in the SIMD8 payload whose colour starts at `first`. */
static void
set_colour(unsigned first, unsigned c, float r, float g, float b, float a)
{
   const float v[4] = { r, g, b, a };
   for (unsigned k = 0; k < 4; k++)
      set_word(first + k, c, fbits(v[k]));
}

/* A SIMD8 render-target write to render target 0 without header: the
 * oMask register first when `omask`, then R, G, B, A. */
static enum vgpu_eu_status
rt_write(struct rig *rg, bool omask)
{
   struct isa_send_msg msg = {
      .msg = ISA_MSG_RT_WRITE, .ctrl = 4, .simd = 8, .mlen = omask ? 5 : 4, .bti = 0,
   };
   rg->st.wm.omask = omask;
   return vgpu_om_render_target(&rg->r, NULL, &msg, payload, NULL, 0xff);
}

/* ---- tests ---- */

/* 4x D32_FLOAT depth buffer 8x4 (interleaved 16x8), every sample 0.5,
 * LESS with writes. */
static void
test_depth_ims(void)
{
   struct rig rg;
   rig_init(&rg, 4);
   struct vgpu_3d_depth *d = &rg.st.depth;
   d->surface_type = 1;
   d->format = 1;
   d->address = MEM_BASE + OFF_DEPTH;
   d->pitch = 128;
   d->width = 7;
   d->height = 3;
   d->qpitch = 2;
   d->write_enable = true;
   d->test_enable = d->test_write_enable = true;
   d->test_function = 2;
   for (uint32_t y = 0; y < 8; y++)
      for (uint32_t x = 0; x < 16; x++)
         put32(OFF_DEPTH + ytile_offset(128, x * 4, y), fbits(0.5f));
   write_blend(&(struct GENX(BLEND_STATE)){ 0 }, false);
   CHECK(vgpu_om_begin(&rg.r), "begin: %s", not_modelled ? not_modelled : "");
   struct vgpu_om_thread *th = thread(&rg, 4);
   /* (3, 1): samples 0 and 1 pass (0.2, 0.4 < 0.5), 2 and 3 fail */
   channel(th, 0, 3, 1, 0xf);
   th->sz[0][0] = 0.2f; th->sz[0][1] = 0.4f; th->sz[0][2] = 0.6f; th->sz[0][3] = 0.8f;
   /* (2, 2): samples 1 (0.7 fails) and 2 (0.3 passes) */
   channel(th, 1, 2, 2, 0x6);
   th->sz[1][1] = 0.7f; th->sz[1][2] = 0.3f;
   /* (0, 0): sample 0 at 0.9 fails: the channel drops out */
   channel(th, 2, 0, 0, 0x1);
   th->sz[2][0] = 0.9f;
   uint32_t pass = vgpu_om_depth(&rg.r, th, NULL, 0x7);
   CHECK(pass == 0x3, "channels passing %#x", pass);
   CHECK(th->cover[0] == 0x3 && th->cover[1] == 0x4 && th->cover[2] == 0,
         "covers %#x %#x %#x", th->cover[0], th->cover[1], th->cover[2]);
   CHECK(rg.r.stats.ps_depth_count == 3, "PS_DEPTH_COUNT %llu",
         (unsigned long long)rg.r.stats.ps_depth_count);
   /* (3, 1): samples at (5, 1) (7, 1) (5, 3) (7, 3); (2, 2): sample 1 at
    * (6, 4), 2 at (4, 6); (0, 0): sample 0 at (0, 0). */
   static const struct { uint32_t x, y; float z; } want[] = {
      { 5, 1, 0.2f }, { 7, 1, 0.4f }, { 5, 3, 0.5f }, { 7, 3, 0.5f },
      { 6, 4, 0.5f }, { 4, 6, 0.3f }, { 0, 0, 0.5f },
      /* untouched neighbours of the written ones */
      { 4, 1, 0.5f }, { 6, 1, 0.5f }, { 4, 4, 0.5f },
   };
   for (unsigned i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
      uint32_t got = get32(OFF_DEPTH + ytile_offset(128, want[i].x * 4, want[i].y));
      CHECK(got == fbits(want[i].z), "depth at (%u, %u): %#x, want %g", want[i].x,
            want[i].y, got, (double)want[i].z);
   }
   /* A computed depth (0.45) applies to every sample of (1, 3): (1, 5)
    * (3, 5) (1, 7) (3, 7). */
   th = thread(&rg, 4);
   channel(th, 3, 1, 3, 0xf);
   float z[32] = { 0 };
   z[3] = 0.45f;
   pass = vgpu_om_depth(&rg.r, th, z, 0x8);
   CHECK(pass == 0x8 && th->cover[3] == 0xf, "computed depth: %#x cover %#x", pass,
         th->cover[3]);
   static const uint32_t cells[4][2] = { { 1, 5 }, { 3, 5 }, { 1, 7 }, { 3, 7 } };
   for (unsigned s = 0; s < 4; s++) {
      uint32_t got = get32(OFF_DEPTH + ytile_offset(128, cells[s][0] * 4, cells[s][1]));
      CHECK(got == fbits(0.45f), "computed depth, sample %u: %#x", s, got);
   }
   CHECK(rg.r.stats.ps_depth_count == 7, "PS_DEPTH_COUNT %llu",
         (unsigned long long)rg.r.stats.ps_depth_count);
}

/* 4x separate stencil, 8x4 (interleaved 16x8, W-tiled), no depth
 * buffer: ALWAYS, REPLACE with 5 on the samples covered, 0 and 3 of
 * (3, 1) at (5, 1) and (7, 3); 1 and 2 at (7, 1) and (5, 3) keep 0. */
static void
test_stencil_ims(void)
{
   struct rig rg;
   rig_init(&rg, 4);
   struct vgpu_3d_depth *d = &rg.st.depth;
   d->width = 7;
   d->height = 3;
   d->stencil_enable = d->stencil_write_enable = true;
   d->stencil_address = MEM_BASE + OFF_DEPTH;
   d->stencil_pitch = 64;
   d->stencil_qpitch = 2;
   d->stencil_test_enable = d->stencil_buffer_write = true;
   d->stencil_pass_op[0] = 2;
   d->stencil_test_mask[0] = d->stencil_write_mask[0] = 0xff;
   d->stencil_ref[0] = 5;
   write_blend(&(struct GENX(BLEND_STATE)){ 0 }, false);
   CHECK(vgpu_om_begin(&rg.r), "begin: %s", not_modelled ? not_modelled : "");
   struct vgpu_om_thread *th = thread(&rg, 4);
   channel(th, 0, 3, 1, 0x9);
   uint32_t pass = vgpu_om_depth(&rg.r, th, NULL, 0x1);
   CHECK(pass == 0x1 && th->cover[0] == 0x9, "stencil: %#x cover %#x", pass, th->cover[0]);
   static const struct { uint32_t x, y; uint8_t v; } want[] = {
      { 5, 1, 5 }, { 7, 3, 5 }, { 7, 1, 0 }, { 5, 3, 0 },
   };
   for (unsigned i = 0; i < 4; i++) {
      uint8_t got = mem[OFF_DEPTH + wtile_offset(64, want[i].x, want[i].y)];
      CHECK(got == want[i].v, "stencil at (%u, %u): %u", want[i].x, want[i].y, got);
   }
}

/* 4x MSS, no MCS: a write blends into samples 0 and 2 of (5, 2), each
 * with its own destination; 1 and 3 keep their value. */
static void
test_mss_subset(void)
{
   struct rig rg;
   rig_init(&rg, 4);
   CHECK(write_target(4, false), "target layout");
   write_blend(&(struct GENX(BLEND_STATE)){ 0 }, true);
   put32(rt_sample(5, 2, 0), rgba8(0, 0, 255, 255));
   put32(rt_sample(5, 2, 1), 0x11223344);
   put32(rt_sample(5, 2, 2), rgba8(255, 255, 255, 255));
   put32(rt_sample(5, 2, 3), 0x55667788);
   CHECK(vgpu_om_begin(&rg.r), "begin");
   struct vgpu_om_thread *th = thread(&rg, 4);
   channel(th, 0, 5, 2, 0x5);
   set_colour(0, 0, 1.0f, 0.0f, 0.0f, 0.6f);
   CHECK(rt_write(&rg, false) == VGPU_EU_DONE, "write: %s", not_modelled ? not_modelled : "");
   /* s * 0.6 + d * 0.4: blue gives (0.6, 0, 0.4, 0.76), white (1, 0.4,
    * 0.4, 0.76); x 255 rounded: 153 0 102 194, 255 102 102 194. */
   CHECK(get32(rt_sample(5, 2, 0)) == rgba8(153, 0, 102, 194), "sample 0 %#x",
         get32(rt_sample(5, 2, 0)));
   CHECK(get32(rt_sample(5, 2, 1)) == 0x11223344, "sample 1 %#x", get32(rt_sample(5, 2, 1)));
   CHECK(get32(rt_sample(5, 2, 2)) == rgba8(255, 102, 102, 194), "sample 2 %#x",
         get32(rt_sample(5, 2, 2)));
   CHECK(get32(rt_sample(5, 2, 3)) == 0x55667788, "sample 3 %#x", get32(rt_sample(5, 2, 3)));
}

/* 4x MSS with an MCS: writing one sample expands the pixel first. */
static void
test_mcs_expand(void)
{
   struct rig rg;
   rig_init(&rg, 4);
   CHECK(write_target(4, true), "target layout");
   write_blend(&(struct GENX(BLEND_STATE)){ 0 }, false);
   for (uint32_t s = 0; s < 4; s++) {
      put32(rt_sample(9, 3, s), 0x55555555);
      put32(rt_sample(4, 5, s), 0xeeeeeeee);
   }
   /* (9, 3) cleared: every sample is the clear colour (0, 1, 0, 1). */
   mem[mcs_at(9, 3, 1)] = 0xff;
   mem[mcs_at(10, 3, 1)] = 0xff;
   /* (4, 5) compressed, 0x50: samples 0 and 1 in plane 0, 2 and 3 in
    * plane 1. */
   mem[mcs_at(4, 5, 1)] = 0x50;
   put32(rt_sample(4, 5, 0), 0x40302010);
   put32(rt_sample(4, 5, 1), 0x80706050);
   CHECK(vgpu_om_begin(&rg.r), "begin");
   struct vgpu_om_thread *th = thread(&rg, 4);
   channel(th, 0, 9, 3, 0x2);
   channel(th, 1, 4, 5, 0x1);
   set_colour(0, 0, 1.0f, 0.0f, 0.0f, 1.0f);
   set_colour(0, 1, 0.0f, 0.0f, 1.0f, 1.0f);
   CHECK(rt_write(&rg, false) == VGPU_EU_DONE, "write: %s", not_modelled ? not_modelled : "");
   const uint32_t green = rgba8(0, 255, 0, 255);
   const uint32_t want_clear[4] = { green, rgba8(255, 0, 0, 255), green, green };
   const uint32_t want_comp[4] = { rgba8(0, 0, 255, 255), 0x40302010, 0x80706050,
                                   0x80706050 };
   for (uint32_t s = 0; s < 4; s++) {
      CHECK(get32(rt_sample(9, 3, s)) == want_clear[s], "cleared pixel sample %u: %#x", s,
            get32(rt_sample(9, 3, s)));
      CHECK(get32(rt_sample(4, 5, s)) == want_comp[s], "compressed pixel sample %u: %#x", s,
            get32(rt_sample(4, 5, s)));
   }
   CHECK(mem[mcs_at(9, 3, 1)] == 0xe4 && mem[mcs_at(4, 5, 1)] == 0xe4,
         "MCS after the writes %#x %#x", mem[mcs_at(9, 3, 1)], mem[mcs_at(4, 5, 1)]);
   CHECK(mem[mcs_at(10, 3, 1)] == 0xff, "unwritten neighbour's MCS %#x", mem[mcs_at(10, 3, 1)]);
}

/* A fast clear's pixel (1, 1) stands for pixels 8-15, rows 2-3 of a 4x
 * target: their MCS becomes 0xff, nothing else changes. */
static void
test_fast_clear(void)
{
   struct rig rg;
   rig_init(&rg, 1);
   rg.st.wm.fast_clear = true;
   CHECK(write_target(4, true), "target layout");
   write_blend(&(struct GENX(BLEND_STATE)){ 0 }, false);
   for (uint32_t y = 0; y < RT_H; y++)
      for (uint32_t x = 0; x < RT_W; x++)
         mem[mcs_at(x, y, 1)] = 0xe4;
   put32(rt_sample(8, 2, 0), 0x12345678);
   CHECK(vgpu_om_begin(&rg.r), "begin");
   struct vgpu_om_thread *th = thread(&rg, 1);
   channel(th, 0, 1, 1, 0x1);
   set_colour(0, 0, 1.0f, 1.0f, 1.0f, 1.0f);
   CHECK(rt_write(&rg, false) == VGPU_EU_DONE, "write: %s", not_modelled ? not_modelled : "");
   unsigned wrong = 0;
   for (uint32_t y = 0; y < RT_H; y++) {
      for (uint32_t x = 0; x < RT_W; x++) {
         bool in = x >= 8 && x < 16 && y >= 2 && y < 4;
         wrong += mem[mcs_at(x, y, 1)] != (in ? 0xff : 0xe4);
      }
   }
   CHECK(wrong == 0, "%u MCS entries wrong", wrong);
   CHECK(get32(rt_sample(8, 2, 0)) == 0x12345678, "colour written by a fast clear");

   /* 8x: pixel (1, 0) stands for 2x2 pixels, (2..3, 0..1); R32 entries. */
   rig_init(&rg, 1);
   rg.st.wm.fast_clear = true;
   CHECK(write_target(8, true), "8x target layout");
   write_blend(&(struct GENX(BLEND_STATE)){ 0 }, false);
   CHECK(vgpu_om_begin(&rg.r), "begin");
   th = thread(&rg, 1);
   channel(th, 0, 1, 0, 0x1);
   CHECK(rt_write(&rg, false) == VGPU_EU_DONE, "8x write: %s", not_modelled ? not_modelled : "");
   wrong = 0;
   for (uint32_t y = 0; y < 4; y++) {
      for (uint32_t x = 0; x < 6; x++) {
         bool in = x >= 2 && x < 4 && y < 2;
         wrong += get32(mcs_at(x, y, 4)) != (in ? 0xffffffffu : 0);
      }
   }
   CHECK(wrong == 0, "8x: %u MCS entries wrong", wrong);
}

/* oMask: 16 bits a channel; the samples written are cover & oMask. */
static void
test_omask(void)
{
   struct rig rg;
   rig_init(&rg, 4);
   CHECK(write_target(4, false), "target layout");
   write_blend(&(struct GENX(BLEND_STATE)){ 0 }, false);
   CHECK(vgpu_om_begin(&rg.r), "begin");
   struct vgpu_om_thread *th = thread(&rg, 4);
   channel(th, 0, 2, 1, 0xf);
   channel(th, 1, 3, 1, 0x9);
   const uint16_t om[8] = { 0x6, 0x6 };
   memcpy(&payload[0], om, sizeof(om));
   set_colour(1, 0, 1.0f, 1.0f, 1.0f, 1.0f);
   set_colour(1, 1, 1.0f, 1.0f, 1.0f, 1.0f);
   CHECK(rt_write(&rg, true) == VGPU_EU_DONE, "write: %s", not_modelled ? not_modelled : "");
   for (uint32_t s = 0; s < 4; s++) {
      uint32_t want = s == 1 || s == 2 ? 0xffffffffu : 0;
      CHECK(get32(rt_sample(2, 1, s)) == want, "oMask 0x6, sample %u: %#x", s,
            get32(rt_sample(2, 1, s)));
      CHECK(get32(rt_sample(3, 1, s)) == 0, "cover 0x9 & oMask 0x6, sample %u: %#x", s,
            get32(rt_sample(3, 1, s)));
   }
}

/* Alpha to coverage at 4x keeps floor(4 alpha) samples: 0.6 samples 1
 * and 3, 0.3 sample 3, 1.0 all, 0.2 none; with oMask written the
 * hardware ignores it. */
static void
test_alpha_to_coverage(void)
{
   struct rig rg;
   rig_init(&rg, 4);
   CHECK(write_target(4, false), "target layout");
   write_blend(&(struct GENX(BLEND_STATE)){ .alpha_to_coverage_enable = true }, false);
   CHECK(vgpu_om_begin(&rg.r), "begin");
   struct vgpu_om_thread *th = thread(&rg, 4);
   static const float alpha[4] = { 0.6f, 0.3f, 1.0f, 0.2f };
   static const uint8_t want[4] = { 0xa, 0x8, 0xf, 0x0 };
   for (unsigned c = 0; c < 4; c++) {
      channel(th, c, 6 + (int32_t)(c & 1), 6 + (int32_t)(c >> 1), 0xf);
      set_colour(0, c, 1.0f, 1.0f, 1.0f, alpha[c]);
   }
   CHECK(rt_write(&rg, false) == VGPU_EU_DONE, "write: %s", not_modelled ? not_modelled : "");
   for (unsigned c = 0; c < 4; c++) {
      for (uint32_t s = 0; s < 4; s++) {
         uint32_t got = get32(rt_sample(6 + (c & 1), 6 + (c >> 1), s));
         CHECK((got != 0) == ((want[c] >> s) & 1), "alpha %g sample %u: %#x",
               (double)alpha[c], s, got);
      }
   }

   /* With oMask (0xf) in the message, alpha 0 still writes every sample. */
   rig_init(&rg, 4);
   CHECK(write_target(4, false), "target layout");
   write_blend(&(struct GENX(BLEND_STATE)){ .alpha_to_coverage_enable = true }, false);
   CHECK(vgpu_om_begin(&rg.r), "begin");
   th = thread(&rg, 4);
   channel(th, 0, 1, 1, 0xf);
   const uint16_t om[8] = { 0xf };
   memcpy(&payload[0], om, sizeof(om));
   set_colour(1, 0, 1.0f, 1.0f, 1.0f, 0.0f);
   CHECK(rt_write(&rg, true) == VGPU_EU_DONE, "write: %s", not_modelled ? not_modelled : "");
   for (uint32_t s = 0; s < 4; s++)
      CHECK(get32(rt_sample(1, 1, s)) == rgba8(255, 255, 255, 0), "oMask over a2c, sample %u", s);

   /* Dithering is reported, not guessed. */
   rig_init(&rg, 4);
   CHECK(write_target(4, false), "target layout");
   write_blend(&(struct GENX(BLEND_STATE)){ .alpha_to_coverage_enable = true,
                                             .alpha_to_coverage_dither_enable = true }, false);
   CHECK(vgpu_om_begin(&rg.r), "begin");
   th = thread(&rg, 4);
   channel(th, 0, 1, 1, 0xf);
   CHECK(rt_write(&rg, false) != VGPU_EU_DONE && rg.r.stop && not_modelled,
         "alpha to coverage dithering not reported");
}

/* The alpha test, GREATER than the float reference 0.5: alpha 0.6
 * writes, 0.4 does not. */
static void
test_alpha_test(void)
{
   struct rig rg;
   rig_init(&rg, 1);
   CHECK(write_target(1, false), "target layout");
   write_blend(&(struct GENX(BLEND_STATE)){ .alpha_test_enable = true,
                                             .alpha_test_function = 5 }, false);
   CHECK(vgpu_om_begin(&rg.r), "begin");
   struct vgpu_om_thread *th = thread(&rg, 1);
   channel(th, 0, 0, 0, 0x1);
   channel(th, 1, 1, 0, 0x1);
   set_colour(0, 0, 1.0f, 1.0f, 1.0f, 0.6f);
   set_colour(0, 1, 1.0f, 1.0f, 1.0f, 0.4f);
   CHECK(rt_write(&rg, false) == VGPU_EU_DONE, "write: %s", not_modelled ? not_modelled : "");
   CHECK(get32(OFF_RT + ytile_offset(128, 0, 0)) == rgba8(255, 255, 255, 153),
         "alpha 0.6: %#x", get32(OFF_RT + ytile_offset(128, 0, 0)));
   CHECK(get32(OFF_RT + ytile_offset(128, 4, 0)) == 0, "alpha 0.4: %#x",
         get32(OFF_RT + ytile_offset(128, 4, 0)));
}

int
main(void)
{
   vgpu.info = &dev;
   test_depth_ims();
   test_stencil_ims();
   test_mss_subset();
   test_mcs_expand();
   test_fast_clear();
   test_omask();
   test_alpha_to_coverage();
   test_alpha_test();
   return isl_test_result("test_om_msaa");
}

/* The fragment stage of the back end (src/compiler/gbe_fs.c): the
 * fragment shaders of shaders/fs_*.frag compiled for Gen8, 9, 11 and 12
 * at SIMD8, SIMD16 and SIMD32 (whose payload has R2 for slots 4-7 and
 * its per-channel part once per 16 channels, and whose render target
 * writes and pixel interpolator messages are two SIMD16 messages each,
 * the second with Slot Group Select).  For each, kernel.fs (the contract 3DSTATE_PS,
 * PS_EXTRA, WM, SBE and the binding table are programmed from) against
 * the layout worked out by hand from the GLSL by gbe.h's rules; then one
 * thread of the kernel on vgpu's EU with its kernel checks on, the
 * payload laid out as vgpu_ps.c delivers it (PRM Vol 7 "Pixel Shader
 * Thread Payload"), and every render target write it sends read by the
 * PRM's message layout (Vol 2d "Render Target Write": a two-GRF header
 * whose M1.7 is the pixel mask, then R, G, B, A and the source depth, a
 * GRF per 8 channels each) and checked against values computed here from
 * the GLSL (inputs chosen so that every float result is exact).
 *
 *   gbe_fs_test SPV_DIR */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gbe.h"
#include "gbe_test.h"
#include "gbe_test_vgpu.h"
#include "spirv.h"
#include "util_file.h"

/* ---- the thread's inputs, the same for every shader ---- */

/* Channel 3 is a helper (not in the pixel mask), and at SIMD32 channel
 * 21 too (R2.7's mask). */
static uint32_t
pixel_mask(unsigned simd)
{
   return simd == 32 ? ~(8u | 1u << 21) : (simd == 16 ? 0xffffu : 0xffu) & ~8u;
}

static int
pixel_x(unsigned c)
{
   return 10 + 2 * (int)(c / 4) + (int)(c & 1);
}

static int
pixel_y(unsigned c)
{
   return 20 + (int)((c >> 1) & 1);
}

/* Barycentrics: [perspective, linear][b1, b2] of channel c. */
static float
bary(unsigned linear, unsigned which, unsigned c)
{
   if (linear)
      return which == 0 ? (float)c / 8.0f : 0.25f;
   return which == 0 ? (float)c / 16.0f : (float)(c % 4) / 8.0f + 0.125f;
}

static float
source_depth(unsigned c)
{
   return (float)c / 32.0f;
}

static float
source_w(unsigned c)
{
   static const float w[4] = { 0.5f, 1.0f, 2.0f, 4.0f };
   return w[c % 4];
}

/* Per-sample dispatch: slot s runs sample s + 1 (R1.0 nibbles), at
 * (2c mod 16, 15 - c) sixteenths of a pixel; odd channels have all eight
 * samples covered, even ones the first four. */
static unsigned
sample_of(unsigned c)
{
   return c / 4 + 1;
}

static uint8_t
sample_offset(unsigned c, unsigned k)
{
   return (uint8_t)(k ? 15 - c : (2 * c) % 16);
}

static uint32_t
coverage(unsigned c)
{
   return c % 2 ? 0xffu : 0x0fu;
}

/* ---- the cases ---- */

/* A plane of setup data: (b1 coefficient, b2 coefficient, constant). */
struct plane {
   float c0, c1, c3;
   uint32_t bits;      /* flat: the constant's bits */
   bool flat;
};

struct expect {
   float rgba[4];
   float depth;
   float src1[4];      /* dual source: source 1 */
   uint8_t stencil;    /* computed stencil */
};

struct fs_case {
   const char *spv;
   struct gbe_fs_info info;              /* grf_start: SIMD8's; per 8 channels more at 16 */
   unsigned grf_per_group;               /* payload GRFs per 8 channels after R0, R1 */
   struct plane setup[8][4];             /* per attribute and component */
   bool back_facing;
   void (*expect)(unsigned rt, unsigned c, struct expect *e);
   uint32_t (*written)(unsigned rt, unsigned simd);   /* channels each RT writes */
   /* generations before min_gen and SIMD16 with simd8_only must refuse
    * the shader with a message */
   enum isa_gen min_gen;
   bool simd8_only;
};

static uint32_t
written_io(unsigned rt, unsigned simd)
{
   (void)rt;
   /* np = 3 + c / 2 discards from channel 7 on */
   return pixel_mask(simd) & 0x7fu;
}

static void
expect_io(unsigned rt, unsigned c, struct expect *e)
{
   float b1 = bary(0, 0, c), b2 = bary(0, 1, c);
   float np = 1.0f + 4.0f * bary(1, 0, c) + 8.0f * bary(1, 1, c);
   if (rt == 0) {
      for (unsigned j = 0; j < 4; j++)
         e->rgba[j] = 0.5f * (float)j + (float)(j + 1) * b1 + 2.0f * b2 + np;
      return;
   }
   e->rgba[0] = (float)pixel_x(c) + 0.5f;
   e->rgba[1] = (float)pixel_y(c) + 0.5f;
   e->rgba[2] = 8.0f;              /* fi.x + fi.y = 3 + 5 */
   e->rgba[3] = 1.0f;              /* front facing */
}

static void
expect_io_back(unsigned rt, unsigned c, struct expect *e)
{
   expect_io(rt, c, e);
   if (rt == 2)
      e->rgba[3] = -1.0f;
}

static uint32_t
written_all(unsigned rt, unsigned simd)
{
   (void)rt;
   return pixel_mask(simd);
}

static float
deriv_v(unsigned c)
{
   return bary(0, 0, c) * bary(0, 1, c);
}

static void
expect_deriv(unsigned rt, unsigned c, struct expect *e)
{
   (void)rt;
   unsigned q = c & ~3u, p = c & 3u;
   e->rgba[0] = deriv_v(q + (p & 2) + 1) - deriv_v(q + (p & 2));
   e->rgba[1] = deriv_v(q + (p & 1) + 2) - deriv_v(q + (p & 1));
   e->rgba[2] = deriv_v(q + 1) - deriv_v(q);
   e->rgba[3] = deriv_v(q + 2) - deriv_v(q);
}

static void
expect_depth(unsigned rt, unsigned c, struct expect *e)
{
   (void)rt;
   e->rgba[0] = source_depth(c);
   e->rgba[1] = 1.0f / source_w(c);
   e->rgba[2] = 0.0f;
   e->rgba[3] = 1.0f;
   e->depth = source_depth(c) * 0.5f + 0.25f;
}

/* fs_demote: a = c / 8 demotes from channel 5 on */
static uint32_t
written_demote(unsigned rt, unsigned simd)
{
   (void)rt;
   return pixel_mask(simd) & 0x1fu;
}

static float
demote_v(unsigned c)
{
   float a = 2.0f * bary(0, 0, c);
   return a * a;
}

static void
expect_demote(unsigned rt, unsigned c, struct expect *e)
{
   (void)rt;
   unsigned q = c & ~3u, p = c & 3u;
   e->rgba[0] = demote_v(q + (p & 2) + 1) - demote_v(q + (p & 2));
   e->rgba[1] = demote_v(q + (p & 1) + 2) - demote_v(q + (p & 1));
   e->rgba[2] = 0.0f;
   e->rgba[3] = 2.0f;
}

/* fs_dynamic: sel = c / 8 picks slots[c / 8] (within the array at
 * SIMD32 too), whose component j holds 100 e + j */
static void
expect_dynamic(unsigned rt, unsigned c, struct expect *e)
{
   (void)rt;
   for (unsigned j = 0; j < 4; j++) {
      uint32_t bits = 100 * (c / 8) + j;
      memcpy(&e->rgba[j], &bits, 4);
   }
}

static void
expect_sample(unsigned rt, unsigned c, struct expect *e)
{
   (void)rt;
   e->rgba[0] = (float)sample_offset(c, 0) / 16.0f;
   e->rgba[1] = (float)sample_offset(c, 1) / 16.0f;
   e->rgba[2] = (float)sample_of(c);
   e->rgba[3] = (float)(coverage(c) & (1u << sample_of(c)));
}

/* fs_dual: o0 = v, o1 = v.wzyx * 2, v's component j the plane
 * (j + 1, 2, j / 2) */
static float
dual_v(unsigned c, unsigned j)
{
   return (float)(j + 1) * bary(0, 0, c) + 2.0f * bary(0, 1, c) + 0.5f * (float)j;
}

static void
expect_dual(unsigned rt, unsigned c, struct expect *e)
{
   (void)rt;
   for (unsigned j = 0; j < 4; j++) {
      e->rgba[j] = dual_v(c, j);
      e->src1[j] = dual_v(c, 3 - j) * 2.0f;
   }
}

/* fs_stencil: the low byte of x + 3 y + 200 */
static void
expect_stencil(unsigned rt, unsigned c, struct expect *e)
{
   (void)rt;
   for (unsigned j = 0; j < 4; j++)
      e->rgba[j] = (float)(j + 1);
   e->stencil = (uint8_t)(pixel_x(c) + 3 * pixel_y(c) + 200);
}

/* fs_interp: the test's pixel interpolator (pi_cb) returns b1 = 4 type
 * + 2 (linear) + c / 16 and b2 the descriptor's message data, or 16 x +
 * y of a per slot offset's (x, y), each clamped to [-8, 7]; v is (b1,
 * b2) */
static void
expect_interp(unsigned rt, unsigned c, struct expect *e)
{
   (void)rt;
   const float x = c > 15 ? 7.0f : (float)c - 8.0f, y = c > 8 ? -8.0f : -(float)c;
   e->rgba[0] = (float)(4 | 0xe0);           /* (0.25, -0.125): (4, -2) */
   e->rgba[1] = 16.0f * x + y;
   e->rgba[2] = 4.0f + 2.0f + (float)c / 16.0f;
   e->rgba[3] = (float)((c & 3) << 4) + 1000.0f;
}

#define NUM_CASES 10

static void
make_cases(struct fs_case *cs)
{
   memset(cs, 0, NUM_CASES * sizeof(*cs));
   /* fs_io: locations 0 (smooth), 1 (noperspective), 2 (flat) are
    * attributes 0-2; perspective and linear pixel barycentrics (modes 0
    * and 3: 2 + 2 GRFs per 8 channels); render targets 0 and 2 */
   struct fs_case *io = &cs[0];
   io->spv = "fs_io.spv";
   io->info = (struct gbe_fs_info){
      .grf_start = 6, .num_inputs = 3, .input_location = { 0, 1, 2 }, .flat_inputs = 4,
      .barycentric_modes = GBE_BARY_PERSP_PIXEL | GBE_BARY_NONPERSP_PIXEL,
      .num_render_targets = 3, .render_target_mask = 5, .kills = true,
   };
   io->grf_per_group = 4;
   for (unsigned j = 0; j < 4; j++)
      io->setup[0][j] = (struct plane){ (float)(j + 1), 2.0f, 0.5f * (float)j, 0, false };
   io->setup[1][0] = (struct plane){ 4.0f, 8.0f, 1.0f, 0, false };
   io->setup[2][0] = (struct plane){ .flat = true, .bits = 3 };
   io->setup[2][1] = (struct plane){ .flat = true, .bits = 5 };
   io->expect = expect_io;
   io->written = written_io;
   cs[1] = *io;
   cs[1].back_facing = true;
   cs[1].expect = expect_io_back;
   /* fs_deriv: one smooth vec2 */
   struct fs_case *dv = &cs[2];
   dv->spv = "fs_deriv.spv";
   dv->info = (struct gbe_fs_info){
      .grf_start = 4, .num_inputs = 1, .barycentric_modes = GBE_BARY_PERSP_PIXEL,
      .num_render_targets = 1, .render_target_mask = 1,
   };
   dv->grf_per_group = 2;
   dv->setup[0][0] = (struct plane){ 1.0f, 0.0f, 0.0f, 0, false };
   dv->setup[0][1] = (struct plane){ 0.0f, 1.0f, 0.0f, 0, false };
   dv->expect = expect_deriv;
   dv->written = written_all;
   /* fs_depth: no inputs; source depth and W (a GRF per 8 channels each) */
   struct fs_case *dp = &cs[3];
   dp->spv = "fs_depth.spv";
   dp->info = (struct gbe_fs_info){
      .grf_start = 4, .num_render_targets = 1, .render_target_mask = 1,
      .uses_source_depth = true, .uses_source_w = true, .computes_depth = true,
   };
   dp->grf_per_group = 2;
   dp->expect = expect_depth;
   dp->written = written_all;
   /* fs_demote: one smooth float */
   struct fs_case *dm = &cs[4];
   dm->spv = "fs_demote.spv";
   dm->info = (struct gbe_fs_info){
      .grf_start = 4, .num_inputs = 1, .barycentric_modes = GBE_BARY_PERSP_PIXEL,
      .num_render_targets = 1, .render_target_mask = 1, .kills = true,
   };
   dm->grf_per_group = 2;
   dm->setup[0][0] = (struct plane){ 2.0f, 0.0f, 0.0f, 0, false };
   dm->expect = expect_demote;
   dm->written = written_demote;
   /* fs_dynamic: locations 0-3 flat, 4 smooth */
   struct fs_case *dy = &cs[5];
   dy->spv = "fs_dynamic.spv";
   dy->info = (struct gbe_fs_info){
      .grf_start = 4, .num_inputs = 5, .input_location = { 0, 1, 2, 3, 4 }, .flat_inputs = 0xf,
      .barycentric_modes = GBE_BARY_PERSP_PIXEL, .num_render_targets = 1,
      .render_target_mask = 1,
   };
   dy->grf_per_group = 2;
   for (unsigned a = 0; a < 4; a++)
      for (unsigned j = 0; j < 4; j++)
         dy->setup[a][j] = (struct plane){ .flat = true, .bits = 100 * a + j };
   dy->setup[4][0] = (struct plane){ 2.0f, 0.0f, 0.0f, 0, false };
   dy->expect = expect_dynamic;
   dy->written = written_all;
   /* fs_sample: the position offsets (a GRF per 16 channels) and the
    * input coverage mask (a GRF per 8) */
   struct fs_case *sm = &cs[6];
   sm->spv = "fs_sample.spv";
   sm->info = (struct gbe_fs_info){
      .grf_start = 4, .num_render_targets = 1, .render_target_mask = 1,
      .uses_position_offset = true, .uses_coverage_mask = true, .per_sample = true,
   };
   sm->grf_per_group = 1;
   sm->expect = expect_sample;
   sm->written = written_all;
   /* fs_dual: one smooth vec4; source 1 is no render target of its own */
   struct fs_case *du = &cs[7];
   du->spv = "fs_dual.spv";
   du->info = (struct gbe_fs_info){
      .grf_start = 4, .num_inputs = 1, .barycentric_modes = GBE_BARY_PERSP_PIXEL,
      .num_render_targets = 1, .render_target_mask = 1, .dual_source = true,
   };
   du->grf_per_group = 2;
   for (unsigned j = 0; j < 4; j++)
      du->setup[0][j] = (struct plane){ (float)(j + 1), 2.0f, 0.5f * (float)j, 0, false };
   du->expect = expect_dual;
   du->written = written_all;
   du->min_gen = ISA_GEN8;
   du->simd8_only = true;
   /* fs_stencil: FragCoord's pixel, no barycentrics */
   struct fs_case *st = &cs[8];
   st->spv = "fs_stencil.spv";
   st->info = (struct gbe_fs_info){
      .grf_start = 2, .num_render_targets = 1, .render_target_mask = 1,
      .computes_stencil = true,
   };
   st->expect = expect_stencil;
   st->written = written_all;
   st->min_gen = ISA_GEN9;
   st->simd8_only = true;
   /* fs_interp: v smooth, n noperspective (payload pixel barycentrics of
    * both kinds), f flat */
   struct fs_case *pi = &cs[9];
   pi->spv = "fs_interp.spv";
   pi->info = (struct gbe_fs_info){
      .grf_start = 6, .num_inputs = 3, .input_location = { 0, 1, 2 }, .flat_inputs = 4,
      .barycentric_modes = GBE_BARY_PERSP_PIXEL | GBE_BARY_NONPERSP_PIXEL,
      .num_render_targets = 1, .render_target_mask = 1,
   };
   pi->grf_per_group = 4;
   pi->setup[0][0] = (struct plane){ 1.0f, 0.0f, 0.0f, 0, false };
   pi->setup[0][1] = (struct plane){ 0.0f, 1.0f, 0.0f, 0, false };
   pi->setup[1][0] = (struct plane){ 1.0f, 0.0f, 0.0f, 0, false };
   pi->setup[2][0] = (struct plane){ .flat = true, .bits = 0x447a0000u };   /* 1000 */
   pi->expect = expect_interp;
   pi->written = written_all;
}

static void
check_info(const struct fs_case *fc, const char *gen, unsigned simd, const struct gbe_kernel *k)
{
   const struct gbe_fs_info *got = &k->fs;
   struct gbe_fs_info want = fc->info;
   /* SIMD32: R2, then the per-channel payload of 16 channels twice */
   if (simd == 32)
      want.grf_start = 3 + 2 * (want.grf_start - 2 + fc->grf_per_group);
   else
      want.grf_start += (simd / 8 - 1) * fc->grf_per_group;
#define SAME(f) CHECK(got->f == want.f, "%s %s SIMD%u: fs." #f " %u, expected %u", fc->spv, gen, \
                      simd, (unsigned)got->f, (unsigned)want.f)
   SAME(push_bytes); SAME(push_regs); SAME(grf_start); SAME(num_inputs); SAME(flat_inputs);
   SAME(barycentric_modes); SAME(num_render_targets); SAME(render_target_mask);
   SAME(uses_source_depth); SAME(uses_source_w); SAME(uses_position_offset);
   SAME(uses_coverage_mask); SAME(computes_depth); SAME(computes_stencil);
   SAME(writes_sample_mask); SAME(kills); SAME(per_sample); SAME(dual_source);
   SAME(has_side_effects);
   for (unsigned i = 0; i < want.num_inputs; i++)
      SAME(input_location[i]);
#undef SAME
   CHECK(k->binding_table_size == want.num_render_targets, "%s %s SIMD%u: binding table %u "
         "entries, expected the %u render targets", fc->spv, gen, simd, k->binding_table_size,
         want.num_render_targets);
}

/* ---- running a thread ---- */

#define MAX_WRITES 8

struct rt_record {
   unsigned simd;          /* the thread's */
   /* the thread's scratch space (spill_all kernels) at SCRATCH_ADDR */
   uint8_t *scratch;
   uint32_t scratch_size;
   unsigned n;
   struct {
      unsigned bti, simd, ctrl, mlen;
      bool last, header, hi;
      uint32_t mask;
      uint8_t payload[16 * 32];
   } w[MAX_WRITES];
};

static enum vgpu_eu_status
rt_cb(void *user, struct vgpu_eu_thread *t, const struct isa_send_msg *msg,
      const uint8_t *payload, uint8_t *reply, uint32_t exec_mask)
{
   (void)t; (void)reply;
   struct rt_record *r = user;
   if (msg->msg != ISA_MSG_RT_WRITE || r->n == MAX_WRITES)
      return VGPU_EU_UNSUPPORTED;
   unsigned simd = msg->simd ? msg->simd : 16, regs = simd / 8;
   unsigned first = msg->header ? 2 : 0;
   if (msg->mlen + msg->ex_mlen < first + 4 * regs)
      return VGPU_EU_FAULT;
   r->w[r->n].bti = msg->bti;
   r->w[r->n].simd = simd;
   r->w[r->n].last = msg->last_rt;
   r->w[r->n].header = msg->header;
   r->w[r->n].hi = msg->slot_group_hi;
   uint32_t mask = exec_mask;
   if (msg->header) {
      uint32_t m17;
      memcpy(&m17, payload + 32 + 7 * 4, 4);
      mask &= m17 & 0xffff;
   }
   r->w[r->n].mask = mask;
   r->w[r->n].ctrl = msg->ctrl;
   r->w[r->n].mlen = msg->mlen + msg->ex_mlen;
   if (r->w[r->n].mlen > 16)
      return VGPU_EU_FAULT;
   memcpy(r->w[r->n].payload, payload, r->w[r->n].mlen * 32);
   r->n++;
   return VGPU_EU_DONE;
}

/* The pixel interpolator (PRM Vol 7 "Shared Functions - Pixel
 * Interpolator"): a message of the thread's width whose response is two
 * GRFs (b1, b2) per 8 channels, a per slot offset carrying the X then
 * the Y offsets (a DWord per channel).  Returns barycentrics that encode
 * the request (expect_interp). */
static enum vgpu_eu_status
pi_cb(void *user, struct vgpu_eu_thread *t, const struct isa_send_msg *msg,
      const uint8_t *payload, uint8_t *reply, uint32_t exec_mask)
{
   (void)exec_mask;
   const struct rt_record *r = user;
   const unsigned w = r->simd == 32 ? 16 : r->simd, regs = w / 8;
   const bool slots = msg->msg == ISA_MSG_PI_PER_SLOT_OFFSET;
   if (msg->simd != w || (msg->slot_group_hi && r->simd != 32) || msg->rlen != 2 * regs ||
       msg->mlen + msg->ex_mlen != (slots ? 2 * regs : 1u)) {
      t->why = "pixel interpolator message of another width or length";
      return VGPU_EU_FAULT;
   }
   const unsigned type = (unsigned)(msg->msg - ISA_MSG_PI_SHARED_OFFSET);
   const unsigned first = msg->slot_group_hi ? 16 : 0;
   for (unsigned c = 0; c < w; c++) {
      int32_t x, y;
      memcpy(&x, payload + (c / 8) * 32 + (c % 8) * 4, 4);
      memcpy(&y, payload + (regs + c / 8) * 32 + (c % 8) * 4, 4);
      float b1 = (float)(4 * type + (msg->nopersp ? 2 : 0)) + (float)(first + c) / 16.0f;
      float b2 = slots ? (float)(16 * x + y) : (float)msg->pi_data;
      memcpy(reply + (c / 8) * 64 + (c % 8) * 4, &b1, 4);
      memcpy(reply + (c / 8) * 64 + 32 + (c % 8) * 4, &b2, 4);
   }
   return VGPU_EU_DONE;
}

#define SCRATCH_ADDR 0x100000u

/* Memory is the thread's scratch slot alone. */
static void *
scratch_memory(void *user, uint64_t addr, uint64_t len)
{
   struct rt_record *r = user;
   if (!r->scratch || addr < SCRATCH_ADDR || addr + len > SCRATCH_ADDR + r->scratch_size)
      return NULL;
   return r->scratch + (addr - SCRATCH_ADDR);
}

/* The payload as vgpu_ps.c lays it out; returns the bytes it defines. */
static unsigned
payload(const struct fs_case *fc, const struct gbe_kernel *k, struct vgpu_eu_thread *t)
{
   const struct gbe_fs_info *fs = &k->fs;
   const unsigned simd = k->simd, width = simd == 32 ? 16 : simd, groups = width / 8;
   memset(t->regs, 0, 96);
   uint32_t info = 0x4u | (fc->back_facing ? 1u << 15 : 0);
   gbe_test_set_ud(t, 0, 0, k->gen >= ISA_GEN12 ? 0 : info);
   /* R1 of slots 0-3, SIMD32's R2 of slots 4-7 */
   for (unsigned h = 0; h * 16 < simd; h++) {
      if (k->gen >= ISA_GEN12)
         gbe_test_set_ud(t, 1 + h, 1, info);
      for (unsigned s = 4 * h; s < simd / 4 && s < 4 * h + 4; s++)
         gbe_test_set_ud(t, 1 + h, 2 + s % 4,
                         (uint32_t)pixel_x(4 * s) | (uint32_t)pixel_y(4 * s) << 16);
      gbe_test_set_ud(t, 1 + h, 7, (pixel_mask(simd) >> (16 * h)) & 0xffffu);
      if (fs->per_sample) {
         uint32_t ids = 0;
         for (unsigned s = 4 * h; s < simd / 4 && s < 4 * h + 4; s++)
            ids |= sample_of(4 * s) << (4 * (s % 4));
         gbe_test_set_ud(t, 1 + h, 0, ids);
      }
   }
   unsigned reg = simd == 32 ? 3 : 2;
   for (unsigned h = 0; h * 16 < simd; h++) {
      const unsigned c0 = 16 * h;
      for (unsigned m = 0; m < 6; m++) {
         if (!((fs->barycentric_modes >> m) & 1))
            continue;
         for (unsigned g = 0; g < groups; g++, reg += 2) {
            for (unsigned c = 0; c < 8; c++) {
               gbe_test_set_ud(t, reg, c, f2u(bary(m >= 3, 0, c0 + 8 * g + c)));
               gbe_test_set_ud(t, reg + 1, c, f2u(bary(m >= 3, 1, c0 + 8 * g + c)));
            }
         }
      }
      if (fs->uses_source_depth)
         for (unsigned g = 0; g < groups; g++, reg++)
            for (unsigned c = 0; c < 8; c++)
               gbe_test_set_ud(t, reg, c, f2u(source_depth(c0 + 8 * g + c)));
      if (fs->uses_source_w)
         for (unsigned g = 0; g < groups; g++, reg++)
            for (unsigned c = 0; c < 8; c++)
               gbe_test_set_ud(t, reg, c, f2u(source_w(c0 + 8 * g + c)));
      if (fs->uses_position_offset) {
         for (unsigned c = 0; c < width; c++)
            for (unsigned k = 0; k < 2; k++)
               t->regs[reg * 32 + 2 * c + k] = sample_offset(c0 + c, k);
         reg++;
      }
      if (fs->uses_coverage_mask)
         for (unsigned g = 0; g < groups; g++, reg++)
            for (unsigned c = 0; c < 8; c++)
               gbe_test_set_ud(t, reg, c, coverage(c0 + 8 * g + c));
   }
   unsigned at = fs->grf_start + fs->push_regs;
   for (unsigned a = 0; a < fs->num_inputs && a < 8; a++) {
      for (unsigned j = 0; j < 4; j++) {
         const struct plane *p = &fc->setup[a][j];
         unsigned r = at + 2 * a + j / 2, base = (j % 2) * 4;
         gbe_test_set_ud(t, r, base + 0, f2u(p->c0));
         gbe_test_set_ud(t, r, base + 1, f2u(p->c1));
         gbe_test_set_ud(t, r, base + 2, 0);
         gbe_test_set_ud(t, r, base + 3, p->flat ? p->bits : f2u(p->c3));
      }
   }
   return (at + 2 * fs->num_inputs) * 32;
}

/* Where a render target write's parts are (PRM Vol 2d "Render Target
 * Write" payload, as vgpu_om.c reads it): the header, oMask, R G B A,
 * source 1's R G B A (SIMD8 dual source), the depth, the stencil (a byte
 * per channel); 0 for a part the message lacks. */
struct layout {
   unsigned regs, omask, colour, src1, depth, stencil, mlen;
};

static struct layout
rt_layout(const struct gbe_fs_info *fs, unsigned simd)
{
   struct layout l = { .regs = simd / 8, .colour = 2 };
   if (fs->writes_sample_mask)
      l.omask = l.colour++;
   unsigned reg = l.colour + 4 * l.regs;
   if (fs->dual_source) {
      l.src1 = reg;
      reg += 4;
   }
   if (fs->computes_depth) {
      l.depth = reg;
      reg += l.regs;
   }
   if (fs->computes_stencil)
      l.stencil = reg++;
   l.mlen = reg;
   return l;
}

static uint32_t
word_at(const uint8_t *payload, unsigned reg, unsigned regs, unsigned k, unsigned c)
{
   uint32_t v;
   memcpy(&v, payload + (reg + k * regs + c / 8) * 32 + (c % 8) * 4, 4);
   return v;
}

/* The channels of a message of width l->regs * 8 for the channels of a
 * SIMD`simd` thread from first on. */
static void
check_channels(const struct fs_case *fc, const char *gen, unsigned simd, unsigned rt,
               const struct layout *l, const uint8_t *payload, uint32_t want_mask,
               unsigned first)
{
   for (unsigned i = 0; i < 8 * l->regs; i++) {
      const unsigned c = first + i;
      if (!((want_mask >> i) & 1))
         continue;
      struct expect e;
      memset(&e, 0, sizeof(e));
      fc->expect(rt, c, &e);
      for (unsigned j = 0; j < 4; j++) {
         uint32_t got = word_at(payload, l->colour, l->regs, j, i);
         CHECK(got == f2u(e.rgba[j]), "%s %s SIMD%u: RT %u channel %u.%c: 0x%08x, expected %g "
               "(0x%08x)", fc->spv, gen, simd, rt, c, "rgba"[j], got, (double)e.rgba[j],
               f2u(e.rgba[j]));
         uint32_t s1 = l->src1 ? word_at(payload, l->src1, 1, j, i) : 0;
         CHECK(!l->src1 || s1 == f2u(e.src1[j]), "%s %s SIMD%u: channel %u source 1 %c: "
               "0x%08x, expected %g", fc->spv, gen, simd, c, "rgba"[j], s1, (double)e.src1[j]);
      }
      uint32_t depth = l->depth ? word_at(payload, l->depth, l->regs, 0, i) : 0;
      CHECK(!l->depth || depth == f2u(e.depth), "%s %s SIMD%u: channel %u depth 0x%08x, "
            "expected %g", fc->spv, gen, simd, c, depth, (double)e.depth);
      uint8_t st = l->stencil ? payload[l->stencil * 32 + i] : 0;
      CHECK(!l->stencil || st == e.stencil, "%s %s SIMD%u: channel %u stencil %u, expected %u",
            fc->spv, gen, simd, c, st, e.stencil);
   }
}

/* Each render target's write: one message, or at SIMD32 two SIMD16
 * messages, channels 0-15 and then 16-31 (Slot Group Select). */
static void
check_writes(const struct fs_case *fc, const char *gen, const struct gbe_kernel *k,
             const struct rt_record *r)
{
   const unsigned simd = k->simd, width = simd == 32 ? 16 : simd;
   const uint32_t width_mask = (1u << width) - 1;
   unsigned n = 0;
   for (unsigned rt = 0; rt < GBE_MAX_RENDER_TARGETS; rt++) {
      if (!((fc->info.render_target_mask >> rt) & 1))
         continue;
      for (unsigned first = 0; first < simd; first += width, n++) {
         CHECK(n < r->n && r->w[n].bti == rt, "%s %s SIMD%u: write %u is not to render "
               "target %u", fc->spv, gen, simd, n, rt);
         if (n >= r->n || r->w[n].bti != rt)
            return;
         const bool last = !(fc->info.render_target_mask >> (rt + 1));
         CHECK(r->w[n].last == last, "%s %s SIMD%u: RT %u last-RT bit %d", fc->spv, gen, simd,
               rt, r->w[n].last);
         CHECK(r->w[n].simd == width && r->w[n].hi == (first == 16), "%s %s SIMD%u: RT %u "
               "message of SIMD%u (slot group %s) for channels %u on", fc->spv, gen, simd, rt,
               r->w[n].simd, r->w[n].hi ? "high" : "low", first);
         uint32_t want_mask = (fc->written(rt, simd) >> first) & width_mask;
         CHECK(r->w[n].mask == want_mask, "%s %s SIMD%u: RT %u writes channels 0x%x from %u, "
               "expected 0x%x", fc->spv, gen, simd, rt, r->w[n].mask, first, want_mask);
         struct layout l = rt_layout(&fc->info, width);
         CHECK(r->w[n].mlen == l.mlen && r->w[n].header, "%s %s SIMD%u: RT %u message of %u "
               "GRFs (header %d), expected %u with a header", fc->spv, gen, simd, rt,
               r->w[n].mlen, r->w[n].header, l.mlen);
         const unsigned ctrl = fc->info.dual_source ? 2 : width == 8 ? 4 : 0;
         CHECK(r->w[n].ctrl == ctrl, "%s %s SIMD%u: RT %u subtype %u, expected %u", fc->spv,
               gen, simd, rt, r->w[n].ctrl, ctrl);
         if (r->w[n].mlen == l.mlen)
            check_channels(fc, gen, simd, rt, &l, r->w[n].payload, want_mask, first);
      }
   }
   CHECK(r->n == n, "%s %s SIMD%u: %u render target writes, expected %u", fc->spv, gen, simd,
         r->n, n);
}

static void
run(const struct fs_case *fc, const char *gen, const struct gbe_kernel *k)
{
   struct vgpu_eu_thread *t = aligned_alloc(64, sizeof(*t));
   struct vgpu_eu_cache *cache = vgpu_eu_cache_create();
   struct rt_record *rec = calloc(1, sizeof(*rec));
   if (!t || !cache || !rec) {
      CHECK(false, "out of memory");
      goto out;
   }
   vgpu_eu_thread_init(t, k->simd == 32 ? ~0u : k->simd == 16 ? 0xffffu : 0xffu);
   rec->simd = k->simd;
   unsigned defined = payload(fc, k, t);
   if (k->scratch_per_thread) {
      /* R0.5: the thread's scratch slot; R0.3 bits 3:0 its size (1 KiB << n) */
      rec->scratch_size = k->scratch_per_thread;
      rec->scratch = calloc(1, k->scratch_per_thread);
      gbe_test_set_ud(t, 0, 5, SCRATCH_ADDR);
      gbe_test_set_ud(t, 0, 3, (uint32_t)__builtin_ctz(k->scratch_per_thread / 1024));
      t->scratch_slot = SCRATCH_ADDR;
      t->scratch_slot_known = true;
   }
   vgpu_eu_thread_define(t, 0, defined);
   struct vgpu_eu_env env = {
      .gen = k->gen, .user = rec, .map = scratch_memory, .surface = gbe_test_no_surface,
      .max_instructions = 1u << 20, .checks = VGPU_EU_CHECK_ALL, .render_target = rt_cb,
      .pixel_interp = pi_cb,
      .scratch_per_thread = k->scratch_per_thread,
   };
   struct vgpu_eu_kernel *vk = vgpu_eu_kernel_get(cache, k->gen, 0x1000, k->code, k->code_size);
   CHECK(vk != NULL, "%s %s: the kernel did not load", fc->spv, gen);
   enum vgpu_eu_status status = vk ? vgpu_eu_run(&env, vk, t) : VGPU_EU_FAULT;
   CHECK(status == VGPU_EU_DONE, "%s %s SIMD%u: thread status %d (%s)", fc->spv, gen, k->simd,
         (int)status, t->why ? t->why : "");
   if (status == VGPU_EU_DONE)
      check_writes(fc, gen, k, rec);
out:
   if (cache)
      vgpu_eu_cache_destroy(cache);
   if (rec)
      free(rec->scratch);
   free(rec);
   free(t);
}

/* spill: every value in scratch (gbe_options.spill_all), whose messages
 * address the thread's slot from R0.5 and R0.3 as the PS payload has them
 * (vgpu_3d_thread.c), as a VS's does. */
static void
test_case(const char *dir, const struct fs_case *fc, bool spill)
{
   static const enum isa_gen gens[] = { ISA_GEN8, ISA_GEN9, ISA_GEN11, ISA_GEN12 };
   char path[4096];
   snprintf(path, sizeof(path), "%s/%s", dir, fc->spv);
   size_t size;
   uint32_t *code = util_read_file(path, &size);
   CHECK(code != NULL && size % 4 == 0, "cannot read %s", path);
   if (!code || size % 4) {
      free(code);
      return;
   }
   for (unsigned g = 0; g < sizeof(gens) / sizeof(gens[0]); g++) {
      for (unsigned simd = 8; simd <= 32; simd *= 2) {
         char gen[64];
         snprintf(gen, sizeof(gen), "%s%s", isa_gen_name(gens[g]), spill ? " spill_all" : "");
         char err[512];
         struct spirv_options so = { .entry_point = NULL };
         struct ir_shader *s = spirv_to_ir(code, size / 4, &so, err, sizeof(err));
         CHECK(s != NULL, "%s: %s", path, err);
         if (!s)
            break;
         struct gbe_options opt = { .gen = gens[g], .simd = simd, .spill_all = spill };
         struct gbe_kernel k;
         bool ok = gbe_compile(s, &opt, &k, err, sizeof(err));
         ir_shader_destroy(s);
         CHECK(!ok || !spill || k.scratch_per_thread, "%s %s SIMD%u: no scratch", fc->spv, gen,
               simd);
         const bool refuse = gens[g] < fc->min_gen || (simd > 8 && fc->simd8_only);
         if (refuse) {
            CHECK(!ok && err[0], "%s %s SIMD%u: compiled, expected a refusal", fc->spv, gen,
                  simd);
            if (ok)
               gbe_kernel_finish(&k);
            continue;
         }
         CHECK(ok, "%s %s SIMD%u: %s", fc->spv, gen, simd, err);
         if (!ok)
            continue;
         check_info(fc, gen, simd, &k);
         run(fc, gen, &k);
         gbe_kernel_finish(&k);
      }
   }
   free(code);
}

/* Implicit-LOD sampling compiles for every generation and width (the
 * sampler takes the LOD from the message's subspans, so vgpu's EU runs
 * it only inside the pixel pipeline), and the descriptors' binding table
 * entries follow the render targets: two render targets, so the
 * bindings (0, 0) and (0, 1) take entries 2 and 3. */
static void
test_tex(const char *dir)
{
   static const enum isa_gen gens[] = { ISA_GEN8, ISA_GEN9, ISA_GEN11, ISA_GEN12 };
   char path[4096];
   snprintf(path, sizeof(path), "%s/fs_tex.spv", dir);
   size_t size;
   uint32_t *code = util_read_file(path, &size);
   CHECK(code != NULL && size % 4 == 0, "cannot read %s", path);
   if (!code || size % 4) {
      free(code);
      return;
   }
   for (unsigned g = 0; g < sizeof(gens) / sizeof(gens[0]); g++) {
      for (unsigned simd = 8; simd <= 32; simd *= 2) {
         const char *gen = isa_gen_name(gens[g]);
         char err[512];
         struct spirv_options so = { .entry_point = NULL };
         struct ir_shader *s = spirv_to_ir(code, size / 4, &so, err, sizeof(err));
         CHECK(s != NULL, "%s: %s", path, err);
         if (!s)
            break;
         struct gbe_options opt = { .gen = gens[g], .simd = simd };
         struct gbe_kernel k;
         bool ok = gbe_compile(s, &opt, &k, err, sizeof(err));
         ir_shader_destroy(s);
         CHECK(ok, "fs_tex %s SIMD%u: %s", gen, simd, err);
         if (!ok)
            continue;
         CHECK(k.fs.num_render_targets == 2 && k.num_bindings == 2 && k.binding_table_size == 4,
               "fs_tex %s SIMD%u: %u render targets, %u bindings, %u entries", gen, simd,
               k.fs.num_render_targets, k.num_bindings, k.binding_table_size);
         for (unsigned b = 0; b < k.num_bindings; b++)
            CHECK(k.bindings[b].bti == 2 + k.bindings[b].binding, "fs_tex %s SIMD%u: binding "
                  "%u at entry %u", gen, simd, k.bindings[b].binding, k.bindings[b].bti);
         gbe_kernel_finish(&k);
      }
   }
   free(code);
}

int
main(int argc, char **argv)
{
   if (argc != 2) {
      fprintf(stderr, "usage: gbe_fs_test SPV_DIR\n");
      return 2;
   }
   struct fs_case cases[NUM_CASES];
   make_cases(cases);
   for (unsigned i = 0; i < NUM_CASES; i++) {
      test_case(argv[1], &cases[i], false);
      test_case(argv[1], &cases[i], true);
   }
   test_tex(argv[1]);
   if (gbe_test_failures)
      fprintf(stderr, "%d failures\n", gbe_test_failures);
   else
      printf("gbe_fs: %d fragment shader cases on Gen8, 9, 11 and 12 at SIMD8, 16 and 32 "
             "(dual source SIMD8 only, stencil export SIMD8 from Gen9), each also with every "
             "value spilled to scratch: layouts and render target writes as expected\n",
             NUM_CASES);
   return gbe_test_failures ? 1 : 0;
}

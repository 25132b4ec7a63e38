/* vgpu's geometry shader stage (src/vgpu/3d/vgpu_gs.c) with a stand-in
 * for the kernel: the stand-in (vgpu_3d_thread_run below) checks the
 * thread's payload against the layout worked out by hand from the PRM's
 * "GS Thread Payload" for SIMD8 dispatch and what Mesa's scalar back end
 * reads (R1 output handles with the instance in bits 31:27, R2 the
 * PrimitiveID, one GRF of vertex handles per input vertex, or one GRF for
 * all of them when the GS is instanced, then the pushed vertex rows, four
 * GRFs a row), and writes output URB entries as Mesa's kernels do (vertex
 * count in DWord 0, the control data header after 32 bytes, the vertices
 * after it).  The primitives that reach stream output and the clipper
 * are compared with lists derived by hand from the output topology's
 * rules and the cut bits / stream IDs written, never by running the code
 * under test.  Gen7 cases check the DUAL_OBJECT payload (SIMD4x2, two
 * objects), the DUAL_INSTANCE one (two instances of a primitive,
 * interleaved vertex rows) and the SINGLE one (one object, interleaved
 * rows), and the vertex counts taken from the final URB write. */
#include <stdlib.h>
#include <string.h>

#include "../isl/isl_test.h"
#include "isa_send.h"
#include "vgpu_gpgpu.h"
#include "vgpu_pipe.h"
#include "vgpu_priv.h"
#include "vgpu_urb.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

struct vgpu_device vgpu;
static struct devinfo dev = { .ver = 9, .verx10 = 90 };
static const char *fault_reason;

void
vgpu_exec_fault(struct vgpu_exec *exec, uint64_t addr, const char *why)
{
   (void)exec; (void)addr;
   fault_reason = why;
}

void
vgpu_not_modelled(const char *what)
{
   fault_reason = what;
}

/* ---- the thread side ---- */

void
vgpu_eu_thread_init(struct vgpu_eu_thread *t, uint32_t dispatch_mask)
{
   memset(t->regs, 0, sizeof(t->regs));
   t->live = dispatch_mask;
}

void
vgpu_3d_thread_r0(struct vgpu_draw_run *r, enum vgpu_3d_stage stage, struct vgpu_eu_thread *t)
{
   (void)r; (void)stage; (void)t;
}

void
vgpu_3d_thread_payload(struct vgpu_eu_thread *t, unsigned grfs)
{
   (void)t; (void)grfs;
}

int
vgpu_3d_push_constants(struct vgpu_draw_run *r, enum vgpu_3d_stage stage,
                       struct vgpu_eu_thread *t, unsigned first_grf)
{
   (void)r; (void)stage; (void)t; (void)first_grf;
   return 0;
}

/* What the kernel stand-in does, per scenario. */
static void (*kernel)(struct vgpu_draw_run *r, struct vgpu_eu_thread *t);
static unsigned threads;

bool
vgpu_3d_thread_run(struct vgpu_draw_run *r, enum vgpu_3d_stage stage,
                   uint64_t kernel_offset, struct vgpu_eu_thread *t)
{
   (void)stage; (void)kernel_offset;
   threads++;
   kernel(r, t);
   return true;
}

/* ---- stream output and the clipper: what reaches them ---- */

struct seen {
   uint32_t topology, nverts, index_in_strip, primitive_id, stream;
   uint32_t tag[3];              /* row 1 x of each vertex */
};

static struct seen sol_seen[64], clip_seen[64];
static unsigned sol_count, clip_count;

static void
record(struct seen *list, unsigned *count, const struct vgpu_prim *p)
{
   if (*count >= 64)
      return;
   struct seen *s = &list[(*count)++];
   *s = (struct seen){ p->topology, p->nverts, p->index_in_strip, p->primitive_id, p->stream };
   for (unsigned c = 0; c < p->nverts && c < 3; c++)
      s->tag[c] = p->v[c].dw[4];
}

void
vgpu_sol_prim(struct vgpu_draw_run *r, const struct vgpu_prim *p)
{
   (void)r;
   record(sol_seen, &sol_count, p);
}

void
vgpu_clip_prim(struct vgpu_draw_run *r, const struct vgpu_prim *p)
{
   (void)r;
   record(clip_seen, &clip_count, p);
}

/* ---- the rig ---- */

/* URB: 64 KB; VS 32 entries of 64 bytes (4 rows) from 8 KB, GS 8 entries
 * of 320 bytes from 16 KB.  A handle is the entry's address / 64. */
#define VS_HANDLE(e) (8192u / 64 + (e))
#define GS_HANDLE(e) (16384u / 64 + 5 * (e))

struct rig {
   struct vgpu_3d st;
   struct vgpu_draw draw;
   struct vgpu_draw_run r;
};

static void
rig_init(struct rig *g)
{
   memset(g, 0, sizeof(*g));
   g->st.urb[VGPU_3D_VS] = (struct vgpu_3d_urb){ .entries = 32, .entry_size = 1, .start = 1 };
   g->st.urb[VGPU_3D_GS] = (struct vgpu_3d_urb){ .entries = 8, .entry_size = 5, .start = 2 };
   struct vgpu_3d_shader *gs = &g->st.shader[VGPU_3D_GS];
   *gs = (struct vgpu_3d_shader){
      .enable = true, .dispatch_mode = 3, .include_vertex_handles = true,
      .include_primitive_id = true, .instance_count = 1, .statistics = true,
      .output_vertex_size = 1,  /* two rows a vertex */
      .control_data_header_size = 1,
   };
   g->r = (struct vgpu_draw_run){ .st = &g->st, .draw = &g->draw };
   g->r.urb = vgpu_urb_create(NULL, &g->st, 64);
   CHECK(g->r.urb != NULL, "URB refused: %s", fault_reason ? fault_reason : "");
   sol_count = clip_count = threads = 0;
   fault_reason = NULL;
}

static void
rig_fini(struct rig *g)
{
   vgpu_urb_destroy(g->r.urb);
}

static uint32_t
grf_dword(const struct vgpu_eu_thread *t, unsigned grf, unsigned dw)
{
   uint32_t v;
   memcpy(&v, &t->regs[grf * 32 + dw * 4], 4);
   return v;
}

/* Input vertex rows: row r component c of vertex k of primitive p. */
static uint32_t
in_tag(uint32_t p, unsigned k, unsigned row, unsigned c)
{
   return p * 1000 + k * 100 + row * 10 + c;
}

static uint32_t in_vues[16][3][16];

static struct vgpu_prim
make_prim(uint32_t topology, unsigned nverts, uint32_t id, uint32_t index_in_strip)
{
   struct vgpu_prim p = { .kind = VGPU_PRIM_TRIANGLE, .topology = topology, .nverts = nverts,
                          .primitive_id = id, .index_in_strip = index_in_strip };
   for (unsigned k = 0; k < nverts; k++) {
      for (unsigned i = 0; i < 16; i++)
         in_vues[id][k][i] = in_tag(id, k, i / 4, i % 4);
      p.v[k] = (struct vgpu_vue){ in_vues[id][k], 4 };
   }
   return p;
}

/* Writes output vertex v of the entry: row 0 zero, row 1 x the tag. */
static void
put_vertex(uint8_t *entry, unsigned header_bytes, unsigned v, uint32_t tag)
{
   memcpy(entry + 32 + header_bytes + v * 32 + 16, &tag, 4);
}

/* ---- scenario 1: triangles in, strips with cuts out ---- */

/* Even primitives: 4 vertices, one strip; odd: 7 vertices, cut after
 * vertex 2.  Also checks the payload of each channel. */
static void
strips_kernel(struct vgpu_draw_run *r, struct vgpu_eu_thread *t)
{
   for (unsigned j = 0; j < 8; j++) {
      if (!(t->live & (1u << j)))
         continue;
      uint32_t r1 = grf_dword(t, 1, j);
      CHECK_EQ(r1, GS_HANDLE(j), "R1: channel's output handle, instance 0");
      uint32_t p = grf_dword(t, 2, j);
      CHECK_EQ(p, (threads - 1) * 8 + j, "R2: PrimitiveID");
      for (unsigned k = 0; k < 3; k++) {
         uint32_t h = grf_dword(t, 3 + k, j);
         const uint32_t *vue = (const uint32_t *)vgpu_urb_entry(r->urb, h);
         CHECK(h >= VS_HANDLE(0) && h < VS_HANDLE(32), "vertex handle %u in the VS entries", h);
         CHECK_EQ(vue[1 * 4 + 2], in_tag(p, k, 1, 2), "vertex entry row 1 z");
         /* Pushed rows from GRF 6 (Dispatch GRF Start): vertex k row
          * row component c at 6 + (k * 2 + row) * 4 + c. */
         for (unsigned row = 0; row < 2; row++) {
            for (unsigned c = 0; c < 4; c++)
               CHECK_EQ(grf_dword(t, 6 + (k * 2 + row) * 4 + c, j), in_tag(p, k, row, c),
                        "pushed vertex row");
         }
      }
      uint8_t *entry = vgpu_urb_entry(r->urb, r1 & 0xffff);
      uint32_t count = p % 2 ? 7 : 4, cut = p % 2 ? 1u << 2 : 0;
      memcpy(entry, &count, 4);
      memcpy(entry + 32, &cut, 4);
      for (unsigned v = 0; v < count; v++)
         put_vertex(entry, 32, v, p * 100 + v);
   }
}

static void
test_strips(void)
{
   struct rig g;
   rig_init(&g);
   struct vgpu_3d_shader *gs = &g.st.shader[VGPU_3D_GS];
   gs->output_topology = 5;   /* TRISTRIP */
   gs->urb_read_length = 1;
   gs->grf_start[0] = 6;      /* R0, R1, R2, three vertex handles */
   kernel = strips_kernel;
   CHECK(vgpu_gs_unmodelled(&g.st) == NULL, "SIMD8 GS modelled");
   for (uint32_t p = 0; p < 9; p++) {
      struct vgpu_prim in = make_prim(4 /* TRILIST */, 3, p, p);
      CHECK(vgpu_gs_prim(&g.r, &in), "prim %u queued: %s", p, fault_reason ? fault_reason : "");
   }
   CHECK_EQ(threads, 1, "eight objects make a thread at the ninth");
   vgpu_gs_end(&g.r);
   CHECK_EQ(threads, 2, "the ninth runs at the end");
   CHECK(g.r.gs == NULL, "state freed");
   /* Strip (0, 1, 2, 3): (0, 1, 2), (1, 3, 2); with a cut after 2 of
    * seven: (0, 1, 2) then strip (3..6): (3, 4, 5), (4, 6, 5). */
   unsigned want = 0;
   for (uint32_t p = 0; p < 9; p++) {
      static const uint32_t even[][3] = { { 0, 1, 2 }, { 1, 3, 2 } };
      static const uint32_t odd[][3] = { { 0, 1, 2 }, { 3, 4, 5 }, { 4, 6, 5 } };
      static const uint32_t odd_index[] = { 0, 0, 1 };
      unsigned n = p % 2 ? 3 : 2;
      for (unsigned i = 0; i < n && want < clip_count; i++, want++) {
         const struct seen *s = &clip_seen[want];
         const uint32_t *v = p % 2 ? odd[i] : even[i];
         CHECK_EQ(s->topology, 5, "output topology");
         CHECK_EQ(s->nverts, 3, "triangle");
         CHECK_EQ(s->primitive_id, p, "primitive id");
         CHECK_EQ(s->index_in_strip, p % 2 ? odd_index[i] : i, "index in strip");
         for (unsigned c = 0; c < 3; c++)
            CHECK_EQ(s->tag[c], p * 100 + v[c], "output vertex");
      }
   }
   CHECK_EQ(clip_count, 5 * 2 + 4 * 3, "triangles to the clipper");
   CHECK_EQ(sol_count, 0, "stream output off");
   CHECK_EQ(g.r.stats.gs_invocations, 9, "GS_INVOCATION_COUNT");
   CHECK_EQ(g.r.stats.gs_primitives, 22, "GS_PRIMITIVES_COUNT");
   rig_fini(&g);
}

/* ---- scenario 2: instanced, points with stream IDs ---- */

static void
streams_kernel(struct vgpu_draw_run *r, struct vgpu_eu_thread *t)
{
   for (unsigned j = 0; j < 8; j++) {
      if (!(t->live & (1u << j)))
         continue;
      uint32_t r1 = grf_dword(t, 1, j);
      uint32_t instance = r1 >> 27;
      CHECK_EQ(r1 & 0xffff, GS_HANDLE(j), "R1 handle");
      CHECK_EQ(instance, j, "one primitive's instances per thread, in order");
      uint32_t p = grf_dword(t, 2, j);
      /* Instanced: one GRF of handles, DWord k vertex k. */
      uint32_t h = grf_dword(t, 3, 0);
      const uint32_t *vue = (const uint32_t *)vgpu_urb_entry(r->urb, h);
      CHECK_EQ(vue[4], in_tag(p, 0, 1, 0), "the point's entry");
      uint8_t *entry = vgpu_urb_entry(r->urb, r1 & 0xffff);
      /* Two points, vertex v of stream (instance + v) % 4: two bits each. */
      uint32_t count = 2, sid = (instance % 4) | ((instance + 1) % 4) << 2;
      memcpy(entry, &count, 4);
      memcpy(entry + 32, &sid, 4);
      for (unsigned v = 0; v < count; v++)
         put_vertex(entry, 32, v, p * 100 + instance * 10 + v);
   }
}

static void
test_streams(void)
{
   struct rig g;
   rig_init(&g);
   struct vgpu_3d_shader *gs = &g.st.shader[VGPU_3D_GS];
   gs->output_topology = 1;   /* POINTLIST */
   gs->control_data_format = 1;   /* SID */
   gs->instance_count = 3;
   g.st.so.enable = true;
   g.st.so.render_stream = 1;
   kernel = streams_kernel;
   for (uint32_t p = 0; p < 2; p++) {
      struct vgpu_prim in = make_prim(1, 1, p, p);
      CHECK(vgpu_gs_prim(&g.r, &in), "point %u queued", p);
   }
   vgpu_gs_end(&g.r);
   CHECK_EQ(threads, 2, "a thread per instanced primitive");
   CHECK_EQ(sol_count, 12, "every point to stream output");
   for (unsigned n = 0; n < sol_count; n++) {
      uint32_t p = n / 6, instance = n / 2 % 3, v = n % 2;
      CHECK_EQ(sol_seen[n].tag[0], p * 100 + instance * 10 + v, "order: primitive, instance, vertex");
      CHECK_EQ(sol_seen[n].stream, (instance + v) % 4, "stream ID");
   }
   /* Render Stream Select 1: (instance 0, vertex 1), (1, 0) of each. */
   CHECK_EQ(clip_count, 4, "the rendered stream's points to the clipper");
   static const uint32_t want[] = { 1, 10, 101, 110 };
   for (unsigned n = 0; n < clip_count && n < COUNT(want); n++)
      CHECK_EQ(clip_seen[n].tag[0], want[n], "rendered point");
   CHECK_EQ(g.r.stats.gs_invocations, 6, "an invocation per instance");
   rig_fini(&g);
}

/* ---- scenario 3: Reorder Mode on an odd strip triangle ---- */

static uint32_t reorder_seen[3];

static void
reorder_kernel(struct vgpu_draw_run *r, struct vgpu_eu_thread *t)
{
   for (unsigned k = 0; k < 3; k++) {
      const uint32_t *vue = (const uint32_t *)vgpu_urb_entry(r->urb, grf_dword(t, 3 + k, 0));
      reorder_seen[k] = vue[0];
   }
}

static void
test_reorder(uint32_t mode, const unsigned want[3])
{
   struct rig g;
   rig_init(&g);
   struct vgpu_3d_shader *gs = &g.st.shader[VGPU_3D_GS];
   gs->output_topology = 5;
   gs->reorder_mode = mode;
   kernel = reorder_kernel;
   /* Strip triangle 1 as the assembler gives it: (1, 3, 2). */
   struct vgpu_prim in = make_prim(5 /* TRISTRIP */, 3, 1, 1);
   CHECK(vgpu_gs_prim(&g.r, &in), "strip triangle queued");
   vgpu_gs_end(&g.r);
   for (unsigned k = 0; k < 3; k++)
      CHECK_EQ(reorder_seen[k], in_tag(1, want[k], 0, 0), "GS input vertex order");
   rig_fini(&g);
}

/* ---- scenario 4: a vertex count beyond the entry is a fault ---- */

static void
overflow_kernel(struct vgpu_draw_run *r, struct vgpu_eu_thread *t)
{
   /* 320-byte entry: 32 count + 32 header leave room for 8 vertices. */
   uint32_t count = 9;
   memcpy(vgpu_urb_entry(r->urb, grf_dword(t, 1, 0) & 0xffff), &count, 4);
}

static void
test_overflow(void)
{
   struct rig g;
   rig_init(&g);
   g.st.shader[VGPU_3D_GS].output_topology = 1;
   kernel = overflow_kernel;
   struct vgpu_prim in = make_prim(1, 1, 0, 0);
   CHECK(vgpu_gs_prim(&g.r, &in), "point queued");
   vgpu_gs_end(&g.r);
   CHECK(g.r.stop && fault_reason, "fault for a vertex count beyond the entry");
   CHECK_EQ(clip_count, 0, "nothing emitted");
   rig_fini(&g);
}

/* ---- scenario 6: Gen7 DUAL_OBJECT ---- */

/* The payload worked out from the PRM's 3DSTATE_GS / "GS Thread Payload"
 * for DUAL_OBJECT dispatch and Mesa's vec4 GS: R0 DWord 0/1 the objects'
 * output handles, R1 DWord 0/4 their PrimitiveIDs, from Dispatch GRF
 * Start (2) one GRF per pushed row, object 0's vec4 low, object 1's high.
 * Output as Mesa's vec4 kernels write it: cut bits at the entry's start,
 * vertices after the 32-byte header, the counts in DWord 2 of the
 * header of the final URB write (a header-only HWord write). */
static void
dual_object_kernel(struct vgpu_draw_run *r, struct vgpu_eu_thread *t)
{
   uint8_t eot[32] = { 0 };
   uint32_t counts = 0;
   for (unsigned j = 0; j < 2; j++) {
      if (!(t->live & (0xfu << (4 * j))))
         continue;
      uint32_t h = grf_dword(t, 0, j);
      CHECK_EQ(h, GS_HANDLE(j), "R0: the object's output handle");
      uint32_t p = grf_dword(t, 1, 4 * j);
      CHECK_EQ(p, (threads - 1) * 2 + j, "R1: PrimitiveID");
      for (unsigned k = 0; k < 3; k++) {
         for (unsigned row = 0; row < 2; row++) {
            for (unsigned c = 0; c < 4; c++)
               CHECK_EQ(grf_dword(t, 2 + k * 2 + row, 4 * j + c), in_tag(p, k, row, c),
                        "pushed vertex row");
         }
      }
      uint8_t *entry = vgpu_urb_entry(r->urb, h);
      uint32_t count = p % 2 ? 7 : 4, cut = p % 2 ? 1u << 2 : 0;
      memcpy(entry, &cut, 4);
      for (unsigned v = 0; v < count; v++)
         put_vertex(entry, 0, v, p * 100 + v);
      memcpy(&eot[4 * j], &h, 4);
      counts |= count << (16 * j);
   }
   memcpy(&eot[8], &counts, 4);
   struct isa_send_msg msg = { .msg = ISA_MSG_URB_WRITE_HWORD, .mlen = 1, .channel_masked = true };
   CHECK_EQ(vgpu_urb_message(r->urb, ISA_GEN7, t, &msg, eot, NULL, t->live), VGPU_EU_DONE,
            "EOT URB write");
}

static void
test_dual_object(void)
{
   struct rig g;
   rig_init(&g);
   dev.ver = 7;
   struct vgpu_3d_shader *gs = &g.st.shader[VGPU_3D_GS];
   gs->dispatch_mode = 2;     /* DUAL_OBJECT */
   gs->include_vertex_handles = false;
   gs->output_topology = 5;   /* TRISTRIP */
   gs->urb_read_length = 1;
   gs->grf_start[0] = 2;      /* R0, R1 */
   kernel = dual_object_kernel;
   CHECK(vgpu_gs_unmodelled(&g.st) == NULL, "Gen7 DUAL_OBJECT GS modelled");
   for (uint32_t p = 0; p < 3; p++) {
      struct vgpu_prim in = make_prim(4 /* TRILIST */, 3, p, p);
      CHECK(vgpu_gs_prim(&g.r, &in), "prim %u queued: %s", p, fault_reason ? fault_reason : "");
   }
   CHECK_EQ(threads, 1, "two objects make a thread at the third");
   vgpu_gs_end(&g.r);
   CHECK_EQ(threads, 2, "the third runs at the end");
   /* As scenario 1: even primitives (0, 1, 2), (1, 3, 2); odd (0, 1, 2),
    * then after the cut (3, 4, 5), (4, 6, 5). */
   static const uint32_t want[][4] = {
      { 0, 0, 1, 2 }, { 0, 1, 3, 2 },
      { 1, 0, 1, 2 }, { 1, 3, 4, 5 }, { 1, 4, 6, 5 },
      { 2, 0, 1, 2 }, { 2, 1, 3, 2 },
   };
   CHECK_EQ(clip_count, COUNT(want), "triangles to the clipper");
   for (unsigned i = 0; i < COUNT(want) && i < clip_count; i++) {
      CHECK_EQ(clip_seen[i].primitive_id, want[i][0], "primitive id");
      for (unsigned c = 0; c < 3; c++)
         CHECK_EQ(clip_seen[i].tag[c], want[i][0] * 100 + want[i][1 + c], "output vertex");
   }
   dev.ver = 9;
   rig_fini(&g);
}

/* ---- scenario 6b: Gen7 SINGLE dispatch ---- */

/* Two triangles, one object a thread (channels 0-3): R0 DWord 0 the
 * object's output handle (instance 0), R1 DWord 0 its PrimitiveID, then
 * from Dispatch GRF Start (2) the vertex rows interleaved as in
 * DUAL_INSTANCE (Mesa's vec4 GS reads attributes two a register in every
 * mode but DUAL_OBJECT): GRF 2 + k vertex k's row 0 in the low half and
 * row 1 in the high half.  Primitive p emits a strip of 3 + p vertices,
 * its count in the low half of the final URB write's DWord 2. */
static void
single_kernel(struct vgpu_draw_run *r, struct vgpu_eu_thread *t)
{
   unsigned p = threads - 1;
   CHECK_EQ(t->live, 0x0fu, "channels: one object");
   uint32_t h = grf_dword(t, 0, 0);
   CHECK_EQ(h, GS_HANDLE(0), "R0: the object's output handle");
   CHECK_EQ(grf_dword(t, 1, 0), p, "R1: PrimitiveID");
   for (unsigned k = 0; k < 3; k++) {
      for (unsigned c = 0; c < 4; c++) {
         CHECK_EQ(grf_dword(t, 2 + k, c), in_tag(p, k, 0, c), "vertex row 0, low half");
         CHECK_EQ(grf_dword(t, 2 + k, 4 + c), in_tag(p, k, 1, c), "vertex row 1, high half");
      }
   }
   uint8_t *entry = vgpu_urb_entry(r->urb, h);
   uint32_t count = 3 + p, cut = 0;
   memcpy(entry, &cut, 4);
   for (unsigned v = 0; v < count; v++)
      put_vertex(entry, 0, v, p * 100 + v);
   uint8_t eot[32] = { 0 };
   memcpy(eot, &h, 4);
   memcpy(&eot[8], &count, 4);
   struct isa_send_msg msg = { .msg = ISA_MSG_URB_WRITE_HWORD, .mlen = 1, .channel_masked = true };
   CHECK_EQ(vgpu_urb_message(r->urb, ISA_GEN7, t, &msg, eot, NULL, t->live), VGPU_EU_DONE,
            "EOT URB write");
}

static void
test_single(void)
{
   struct rig g;
   rig_init(&g);
   dev.ver = 7;
   struct vgpu_3d_shader *gs = &g.st.shader[VGPU_3D_GS];
   gs->dispatch_mode = 0;     /* SINGLE */
   gs->include_vertex_handles = false;
   gs->output_topology = 5;   /* TRISTRIP */
   gs->urb_read_length = 1;
   gs->grf_start[0] = 2;      /* R0, R1 */
   kernel = single_kernel;
   CHECK(vgpu_gs_unmodelled(&g.st) == NULL, "Gen7 SINGLE GS modelled");
   for (uint32_t p = 0; p < 2; p++) {
      struct vgpu_prim in = make_prim(4 /* TRILIST */, 3, p, p);
      CHECK(vgpu_gs_prim(&g.r, &in), "prim %u queued: %s", p, fault_reason ? fault_reason : "");
   }
   vgpu_gs_end(&g.r);
   CHECK_EQ(threads, 2, "a thread per object");
   /* Primitive 0: (0, 1, 2); primitive 1: (0, 1, 2), (1, 3, 2). */
   static const uint32_t want[][4] = { { 0, 0, 1, 2 }, { 1, 0, 1, 2 }, { 1, 1, 3, 2 } };
   CHECK_EQ(clip_count, COUNT(want), "triangles to the clipper");
   for (unsigned i = 0; i < COUNT(want) && i < clip_count; i++) {
      CHECK_EQ(clip_seen[i].primitive_id, want[i][0], "primitive id");
      for (unsigned c = 0; c < 3; c++)
         CHECK_EQ(clip_seen[i].tag[c], want[i][0] * 100 + want[i][1 + c], "output vertex");
   }
   dev.ver = 9;
   rig_fini(&g);
}

/* ---- scenario 7: Gen7 DUAL_INSTANCE (instanced GS) ---- */

/* Instance Control 2 (three instances) on two triangles: a thread holds
 * two instances of one primitive (2i and 2i + 1), so the threads are
 * (prim 0: 0, 1), (prim 0: 2), (prim 1: 0, 1), (prim 1: 2).  The payload
 * as Mesa 22.3's vec4 GS reads it in DUAL_INSTANCE mode: R0 DWord 0/1 the
 * instances' output handles with the instance number in bits 31:27 (its
 * gs_get_instance_id shifts R0.0 and R0.1 right by 27), R1 DWord 0 and 4
 * the primitive's PrimitiveID (read as g1<4>.x, one per half), then from
 * Dispatch GRF Start (2) the vertex rows interleaved, both halves'
 * instances sharing them: with Vertex URB Entry Read Length 1 (two rows)
 * GRF 2 + k holds vertex k's row 0 in its low half and row 1 in its high
 * half.  Output: instance i of primitive p emits a strip of 3 + i
 * vertices tagged p * 100 + i * 10 + v after a 32-byte control data
 * header of no cuts, its count in its half of the final URB write's
 * DWord 2; the header's handles keep the instance bits
 * (Mesa copies R0), which the URB ignores. */
static void
dual_instance_kernel(struct vgpu_draw_run *r, struct vgpu_eu_thread *t)
{
   unsigned n = threads - 1, p = n / 2, first = (n % 2) * 2;
   uint8_t eot[32] = { 0 };
   uint32_t counts = 0;
   CHECK_EQ(t->live, first ? 0x0fu : 0xffu, "channels: one or two instances");
   for (unsigned j = 0; j < 2; j++) {
      if (!(t->live & (0xfu << (4 * j))))
         continue;
      unsigned instance = first + j;
      uint32_t r0 = grf_dword(t, 0, j);
      CHECK_EQ(r0 >> 27, instance, "R0: the instance number in bits 31:27");
      uint32_t h = r0 & 0xffff;
      CHECK(h == GS_HANDLE(0) || h == GS_HANDLE(1), "R0: an output handle (%u)", h);
      CHECK_EQ(grf_dword(t, 1, 4 * j), p, "R1: the primitive's PrimitiveID in each half");
      for (unsigned k = 0; k < 3; k++) {
         for (unsigned c = 0; c < 4; c++) {
            CHECK_EQ(grf_dword(t, 2 + k, c), in_tag(p, k, 0, c), "vertex row 0, low half");
            CHECK_EQ(grf_dword(t, 2 + k, 4 + c), in_tag(p, k, 1, c), "vertex row 1, high half");
         }
      }
      uint8_t *entry = vgpu_urb_entry(r->urb, h);
      uint32_t count = 3 + instance, cut = 0;
      memcpy(entry, &cut, 4);
      for (unsigned v = 0; v < count; v++)
         put_vertex(entry, 0, v, p * 100 + instance * 10 + v);
      memcpy(&eot[4 * j], &r0, 4);
      counts |= count << (16 * j);
   }
   CHECK(grf_dword(t, 0, 0) != grf_dword(t, 0, 1) || first,
         "the two instances have entries of their own");
   memcpy(&eot[8], &counts, 4);
   struct isa_send_msg msg = { .msg = ISA_MSG_URB_WRITE_HWORD, .mlen = 1, .channel_masked = true };
   CHECK_EQ(vgpu_urb_message(r->urb, ISA_GEN7, t, &msg, eot, NULL, t->live), VGPU_EU_DONE,
            "EOT URB write");
}

static void
test_dual_instance(void)
{
   struct rig g;
   rig_init(&g);
   dev.ver = 7;
   struct vgpu_3d_shader *gs = &g.st.shader[VGPU_3D_GS];
   gs->dispatch_mode = 1;     /* DUAL_INSTANCE */
   gs->instance_count = 3;
   gs->include_vertex_handles = false;
   gs->output_topology = 5;   /* TRISTRIP */
   gs->urb_read_length = 1;
   gs->grf_start[0] = 2;      /* R0, R1 */
   kernel = dual_instance_kernel;
   CHECK(vgpu_gs_unmodelled(&g.st) == NULL, "Gen7 DUAL_INSTANCE GS modelled");
   for (uint32_t p = 0; p < 2; p++) {
      struct vgpu_prim in = make_prim(4 /* TRILIST */, 3, p, p);
      CHECK(vgpu_gs_prim(&g.r, &in), "prim %u queued: %s", p, fault_reason ? fault_reason : "");
   }
   vgpu_gs_end(&g.r);
   CHECK_EQ(threads, 4, "two threads a primitive: instances (0, 1) and (2)");
   /* A strip of n vertices: (0, 1, 2), (1, 3, 2), (2, 3, 4): n - 2
    * triangles, odd ones with their last two vertices swapped (the
    * assembler's order), per primitive instance 0, 1, 2 in turn. */
   static const uint32_t strip[3][3] = { { 0, 1, 2 }, { 1, 3, 2 }, { 2, 3, 4 } };
   unsigned i = 0;
   for (uint32_t p = 0; p < 2; p++) {
      for (unsigned inst = 0; inst < 3; inst++) {
         for (unsigned tri = 0; tri < 1 + inst; tri++, i++) {
            if (i >= clip_count)
               continue;
            CHECK_EQ(clip_seen[i].primitive_id, p, "primitive id");
            for (unsigned c = 0; c < 3; c++)
               CHECK_EQ(clip_seen[i].tag[c], p * 100 + inst * 10 + strip[tri][c],
                        "output vertex");
         }
      }
   }
   CHECK_EQ(clip_count, i, "triangles to the clipper");
   CHECK_EQ(g.r.stats.gs_invocations, 6, "GS_INVOCATION_COUNT: one per instance");
   dev.ver = 9;
   rig_fini(&g);
}

int
main(void)
{
   vgpu.info = &dev;
   test_strips();
   test_streams();
   /* LEADING keeps the assembler's (i, i+2, i+1); TRAILING gives
    * OpenGL's (i+1, i, i+2): assembled vertex 2 first. */
   test_reorder(0, (const unsigned[]){ 0, 1, 2 });
   test_reorder(1, (const unsigned[]){ 2, 0, 1 });
   test_overflow();
   test_dual_object();
   test_single();
   test_dual_instance();
   struct rig g;
   rig_init(&g);
   g.st.shader[VGPU_3D_GS].dispatch_mode = 2;
   CHECK(vgpu_gs_unmodelled(&g.st) != NULL, "dual-object dispatch not modelled");
   rig_fini(&g);
   if (isl_test_result("test_gs"))
      return 1;
   printf("GS payload, output parsing, cuts, streams, instancing, reorder, Gen7 dual-object, single and dual-instance checked\n");
   return 0;
}

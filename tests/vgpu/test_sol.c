/* vgpu's stream output stage (src/vgpu/3d/vgpu_sol.c) on hand-made VUEs
 * and state, with a plain memory and register file standing in for the
 * batch.  Every expected byte is written out below from the rules of PRM
 * Vol 7 "Stream Output Logic (SOL) Stage" and Vol 2 SO_DECL /
 * 3DSTATE_STREAMOUT: a declaration writes the components of its mask
 * from VUE row (2 * Vertex Read Offset + Register Index), packed, at the
 * buffer's cursor; a hole only moves the cursor; each vertex moves the
 * stream's buffers on by their pitch; a primitive that does not fit in
 * every buffer of its stream is not written at all, SO_PRIM_STORAGE_NEEDED
 * counts it and SO_NUM_PRIMS_WRITTEN does not.  Strip order: Vulkan's
 * "Triangle Strips" (odd triangle (i, i+2, i+1)) for Reorder Mode
 * LEADING, VK_EXT_provoking_vertex's last-vertex order (i+1, i, i+2) for
 * TRAILING (HARDWARE-NOTES.md section 4). */
#include <stdlib.h>
#include <string.h>

#include "../isl/isl_test.h"
#include "vgpu_gpgpu.h"
#include "vgpu_pipe.h"
#include "vgpu_priv.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* ---- stand-ins for the submission: one object of GPU memory ---- */

#define MEM_BASE 0x100000ull
#define MEM_SIZE 4096u
#define UNTOUCHED 0xaaaaaaaau

static uint32_t mem[MEM_SIZE / 4];
static const char *fault_reason;
static uint64_t fault_address;
static unsigned not_modelled_calls;

void *
vgpu_exec_map(struct vgpu_exec *exec, uint64_t addr, uint64_t len)
{
   (void)exec;
   if (addr < MEM_BASE || addr - MEM_BASE > MEM_SIZE || len > MEM_SIZE - (addr - MEM_BASE))
      return NULL;
   return (uint8_t *)mem + (addr - MEM_BASE);
}

void
vgpu_exec_fault(struct vgpu_exec *exec, uint64_t addr, const char *why)
{
   exec->fault = why;
   fault_reason = why;
   fault_address = addr;
}

void
vgpu_not_modelled(const char *what)
{
   (void)what;
   not_modelled_calls++;
}

/* ---- the rig ---- */

#define REG_NUM_PRIMS_WRITTEN(s) (0x5200u + 8u * (s))
#define REG_PRIM_STORAGE_NEEDED(s) (0x5240u + 8u * (s))
#define REG_WRITE_OFFSET(b) (0x5280u + 4u * (b))

/* Four rows a vertex: header, position, two attributes. */
#define ROWS 4
static uint32_t vue_data[6][ROWS * 4];

struct rig {
   struct vgpu_context ctx;
   struct vgpu_exec exec;
   struct vgpu_3d *st;
   struct vgpu_draw_run run;
};

/* Vertex k's row r component c holds 0xk0rc: every written dword names
 * where it came from. */
static uint32_t
tag(unsigned k, unsigned r, unsigned c)
{
   return 0x1000u * k + 0x10u * r + c;
}

static void
rig_init(struct rig *g)
{
   memset(g, 0, sizeof(*g));
   g->ctx.regs = calloc(VGPU_NUM_REGS, sizeof(uint32_t));
   g->st = calloc(1, sizeof(*g->st));
   if (!g->ctx.regs || !g->st) {
      fprintf(stderr, "out of memory\n");
      exit(1);
   }
   g->exec.ctx = &g->ctx;
   g->run.exec = &g->exec;
   g->run.st = g->st;
   for (unsigned i = 0; i < MEM_SIZE / 4; i++)
      mem[i] = UNTOUCHED;
   for (unsigned k = 0; k < COUNT(vue_data); k++) {
      for (unsigned r = 0; r < ROWS; r++) {
         for (unsigned c = 0; c < 4; c++)
            vue_data[k][r * 4 + c] = tag(k, r, c);
      }
   }
   fault_reason = NULL;
   not_modelled_calls = 0;
   /* As the drivers program it: statistics on, the whole VUE read. */
   g->st->so.enable = true;
   g->st->so.statistics = true;
   for (unsigned s = 0; s < 4; s++)
      g->st->so.read_length[s] = ROWS / 2 - 1;
}

static void
rig_fini(struct rig *g)
{
   free(g->ctx.regs);
   free(g->st);
}

static void
set_buffer(struct rig *g, unsigned b, uint32_t offset_in_mem, uint64_t size, uint32_t pitch)
{
   struct vgpu_3d_so_buffer *sb = &g->st->so.buffer[b];
   sb->enable = true;
   sb->address = MEM_BASE + offset_in_mem;
   sb->size = size;
   sb->pitch = pitch;
}

static void
add_decl(struct rig *g, unsigned stream, unsigned buffer, unsigned reg, unsigned mask,
         bool hole)
{
   struct vgpu_3d_streamout *so = &g->st->so;
   so->decl[stream][so->decl_count[stream]++] = (struct vgpu_3d_so_decl){
      .component_mask = (uint8_t)mask, .register_index = (uint8_t)reg,
      .hole = hole, .buffer = (uint8_t)buffer };
   so->buffer_selects[stream] |= 1u << buffer;
}

static struct vgpu_prim
prim(unsigned nverts, uint32_t topology, uint32_t index_in_strip, unsigned a, unsigned b,
     unsigned c)
{
   const unsigned k[3] = { a, b, c };
   struct vgpu_prim p = {
      .kind = nverts == 1 ? VGPU_PRIM_POINT : nverts == 2 ? VGPU_PRIM_LINE : VGPU_PRIM_TRIANGLE,
      .topology = topology, .nverts = nverts, .index_in_strip = index_in_strip };
   for (unsigned i = 0; i < nverts; i++)
      p.v[i] = (struct vgpu_vue){ vue_data[k[i]], ROWS };
   return p;
}

static uint32_t
reg32(const struct rig *g, uint32_t offset)
{
   return g->ctx.regs[offset / 4];
}

static uint64_t
reg64(const struct rig *g, uint32_t offset)
{
   return reg32(g, offset) | (uint64_t)reg32(g, offset + 4) << 32;
}

/* mem from byte offset `at` must hold want[0..n). */
static void
check_mem(const char *what, uint32_t at, const uint32_t *want, unsigned n)
{
   for (unsigned i = 0; i < n; i++) {
      uint32_t got = mem[at / 4 + i];
      CHECK(got == want[i], "%s: dword %u (byte %u) 0x%08x, want 0x%08x", what, i,
            at + 4 * i, got, want[i]);
   }
}

static void
check_counts(const struct rig *g, unsigned stream, uint64_t written, uint64_t needed,
             const char *what)
{
   CHECK_EQ(reg64(g, REG_NUM_PRIMS_WRITTEN(stream)), written, what);
   CHECK_EQ(reg64(g, REG_PRIM_STORAGE_NEEDED(stream)), needed, what);
}

enum { POINTLIST = 1, LINELIST = 2, LINESTRIP = 3, TRILIST = 4, TRISTRIP = 5,
       TRIFAN = 6, TRISTRIP_REVERSE = 13 };

#define U UNTOUCHED

/* One buffer of pitch 36 bytes: the position (row 1, xyzw), a two-dword
 * hole, then row 2's y and z, and 4 bytes of pitch nobody writes. */
static void
test_list_holes_and_pitch(void)
{
   struct rig g;
   rig_init(&g);
   set_buffer(&g, 0, 64, 1024, 36);
   add_decl(&g, 0, 0, 1, 0xf, false);
   add_decl(&g, 0, 0, 0, 0x3, true);
   add_decl(&g, 0, 0, 2, 0x6, false);
   g.ctx.regs[REG_WRITE_OFFSET(0) / 4] = 8;   /* resume 8 bytes in */

   struct vgpu_prim p = prim(3, TRILIST, 0, 0, 1, 2);
   vgpu_sol_prim(&g.run, &p);

   /* Vertex k at 64 + 8 + 36k. */
   const uint32_t want[] = {
      U, U,
      tag(0, 1, 0), tag(0, 1, 1), tag(0, 1, 2), tag(0, 1, 3), U, U, tag(0, 2, 1), tag(0, 2, 2), U,
      tag(1, 1, 0), tag(1, 1, 1), tag(1, 1, 2), tag(1, 1, 3), U, U, tag(1, 2, 1), tag(1, 2, 2), U,
      tag(2, 1, 0), tag(2, 1, 1), tag(2, 1, 2), tag(2, 1, 3), U, U, tag(2, 2, 1), tag(2, 2, 2), U,
      U,
   };
   check_mem("list with holes", 64, want, COUNT(want));
   CHECK_EQ(reg32(&g, REG_WRITE_OFFSET(0)), 8 + 3 * 36, "list: write offset");
   check_counts(&g, 0, 1, 1, "list: counters");
   CHECK(!g.run.stop && !fault_reason, "list: stopped (%s)", fault_reason ? fault_reason : "");
   rig_fini(&g);
}

/* A 108-byte buffer of pitch 16 holds six vertices: two triangles (96
 * bytes) fit, the third needs 144 and is dropped whole; a point would
 * end at 112, 4 bytes too far, and is dropped too. */
static void
test_overflow(void)
{
   struct rig g;
   rig_init(&g);
   set_buffer(&g, 0, 0, 108, 16);
   add_decl(&g, 0, 0, 1, 0xf, false);
   for (unsigned i = 0; i < 3; i++) {
      struct vgpu_prim p = prim(3, TRILIST, i, 3 * i % 6, (3 * i + 1) % 6, (3 * i + 2) % 6);
      vgpu_sol_prim(&g.run, &p);
   }
   CHECK_EQ(reg32(&g, REG_WRITE_OFFSET(0)), 96, "overflow: write offset");
   check_counts(&g, 0, 2, 3, "overflow: counters");
   check_mem("overflow: past the second triangle", 96, (const uint32_t[]){ U, U, U, U }, 4);
   check_mem("overflow: second triangle's last vertex", 80,
             (const uint32_t[]){ tag(5, 1, 0), tag(5, 1, 1), tag(5, 1, 2), tag(5, 1, 3) }, 4);

   struct vgpu_prim pt = prim(1, POINTLIST, 0, 4, 0, 0);
   vgpu_sol_prim(&g.run, &pt);
   CHECK_EQ(reg32(&g, REG_WRITE_OFFSET(0)), 96, "overflow: point");
   check_counts(&g, 0, 2, 4, "overflow: point counters");
   rig_fini(&g);
}

/* Two buffers of one stream: buffer 0 pitch 16 (position), buffer 1
 * pitch 8 (row 3's z and w).  Buffer 1 has room for one line only, so
 * the second line is written to neither. */
static void
test_two_buffers(void)
{
   struct rig g;
   rig_init(&g);
   set_buffer(&g, 0, 0, 1024, 16);
   set_buffer(&g, 1, 512, 16, 8);
   add_decl(&g, 0, 0, 1, 0xf, false);
   add_decl(&g, 0, 1, 3, 0xc, false);
   struct vgpu_prim l0 = prim(2, LINELIST, 0, 0, 1, 0);
   struct vgpu_prim l1 = prim(2, LINELIST, 1, 2, 3, 0);
   vgpu_sol_prim(&g.run, &l0);
   vgpu_sol_prim(&g.run, &l1);
   const uint32_t want0[] = {
      tag(0, 1, 0), tag(0, 1, 1), tag(0, 1, 2), tag(0, 1, 3),
      tag(1, 1, 0), tag(1, 1, 1), tag(1, 1, 2), tag(1, 1, 3),
      U, U, U, U,
   };
   const uint32_t want1[] = { tag(0, 3, 2), tag(0, 3, 3), tag(1, 3, 2), tag(1, 3, 3), U };
   check_mem("two buffers: buffer 0", 0, want0, COUNT(want0));
   check_mem("two buffers: buffer 1", 512, want1, COUNT(want1));
   CHECK_EQ(reg32(&g, REG_WRITE_OFFSET(0)), 32, "two buffers: offset 0");
   CHECK_EQ(reg32(&g, REG_WRITE_OFFSET(1)), 16, "two buffers: offset 1");
   check_counts(&g, 0, 1, 2, "two buffers: counters");
   rig_fini(&g);
}

/* Strip triangles as the assembler gives them (odd i as (i, i+2, i+1);
 * a TRISTRIP_REVERSE strip starts odd), one dword (row 1 x) a vertex,
 * pitch 4. */
static void
run_strip(uint32_t topology, uint32_t reorder, uint32_t *out_vertices)
{
   const unsigned reverse = topology == TRISTRIP_REVERSE;
   struct rig g;
   rig_init(&g);
   g.st->so.reorder_mode = reorder;
   set_buffer(&g, 0, 0, 1024, 4);
   add_decl(&g, 0, 0, 1, 0x1, false);
   /* A 5-vertex strip: triangles 0, 1, 2. */
   for (unsigned i = 0; i < 3; i++) {
      unsigned odd = (i & 1) ^ reverse;
      struct vgpu_prim p = prim(3, topology, i, i, i + 1 + odd, i + 2 - odd);
      vgpu_sol_prim(&g.run, &p);
   }
   for (unsigned i = 0; i < 9; i++)
      out_vertices[i] = mem[i] >> 12;   /* the vertex number of tag() */
   check_counts(&g, 0, 3, 3, "strip: counters");
   rig_fini(&g);
}

static void
check_order(const char *what, const uint32_t *got, const uint32_t *want)
{
   for (unsigned i = 0; i < 9; i++)
      CHECK(got[i] == want[i], "%s: vertex %u is v%u, want v%u", what, i, got[i], want[i]);
}

static void
test_strip_order(void)
{
   uint32_t got[9];
   /* LEADING: (0,1,2) (1,3,2) (2,3,4). */
   run_strip(TRISTRIP, 0, got);
   check_order("strip LEADING", got, (const uint32_t[]){ 0, 1, 2, 1, 3, 2, 2, 3, 4 });
   /* TRAILING: (0,1,2) (2,1,3) (2,3,4): the odd triangle (i+1, i, i+2). */
   run_strip(TRISTRIP, 1, got);
   check_order("strip TRAILING", got, (const uint32_t[]){ 0, 1, 2, 2, 1, 3, 2, 3, 4 });
   /* TRISTRIP_REVERSE starts odd: given (0,2,1) (1,2,3) (2,4,3), with
    * TRAILING triangles 0 and 2 become (i+1, i, i+2). */
   run_strip(TRISTRIP_REVERSE, 1, got);
   check_order("reverse strip TRAILING", got, (const uint32_t[]){ 1, 0, 2, 1, 2, 3, 3, 2, 4 });
   /* ... and with LEADING stay as given. */
   run_strip(TRISTRIP_REVERSE, 0, got);
   check_order("reverse strip LEADING", got, (const uint32_t[]){ 0, 2, 1, 1, 2, 3, 2, 4, 3 });
   /* Lists are never reordered. */
   run_strip(TRILIST, 1, got);
   check_order("list TRAILING", got, (const uint32_t[]){ 0, 1, 2, 1, 3, 2, 2, 3, 4 });
}

/* Fan triangles as the assembler gives them, the hardware's (0, i+1, i+2)
 * (vgpu_vf.c), one dword (row 1 x) a vertex, pitch 4.  Reorder Mode
 * concerns odd strip triangles only (3DSTATE_STREAMOUT), so a fan is
 * written as given in either mode: v0 first, not Vulkan's provoking
 * vertex v(i+1) ("Triangle Fans" lists (i+1, i+2, 0)).  Mesa's Intel
 * drivers report transformFeedbackPreservesTriangleFanProvokingVertex
 * false; tests/crosscheck/xfb_fan.py accepts that rotation. */
static void
test_fan_order(void)
{
   for (uint32_t reorder = 0; reorder < 2; reorder++) {
      struct rig g;
      rig_init(&g);
      g.st->so.reorder_mode = reorder;
      set_buffer(&g, 0, 0, 1024, 4);
      add_decl(&g, 0, 0, 1, 0x1, false);
      /* A 5-vertex fan: triangles 0, 1, 2. */
      for (unsigned i = 0; i < 3; i++) {
         struct vgpu_prim p = prim(3, TRIFAN, i, 0, i + 1, i + 2);
         vgpu_sol_prim(&g.run, &p);
      }
      uint32_t got[9];
      for (unsigned i = 0; i < 9; i++)
         got[i] = mem[i] >> 12;   /* the vertex number of tag() */
      check_order(reorder ? "fan TRAILING" : "fan LEADING", got,
                  (const uint32_t[]){ 0, 1, 2, 0, 2, 3, 0, 3, 4 });
      check_counts(&g, 0, 3, 3, "fan: counters");
      rig_fini(&g);
   }
}

/* Line strips and points: vertices in the order given, pitch 8
 * (row 0's w and row 1's x: a declaration per row). */
static void
test_lines_and_points(void)
{
   struct rig g;
   rig_init(&g);
   g.st->so.reorder_mode = 1;
   set_buffer(&g, 2, 256, 1024, 8);
   add_decl(&g, 0, 2, 0, 0x8, false);
   add_decl(&g, 0, 2, 1, 0x1, false);
   struct vgpu_prim l0 = prim(2, LINESTRIP, 0, 0, 1, 0);
   struct vgpu_prim l1 = prim(2, LINESTRIP, 1, 1, 2, 0);
   struct vgpu_prim pt = prim(1, POINTLIST, 0, 5, 0, 0);
   vgpu_sol_prim(&g.run, &l0);
   vgpu_sol_prim(&g.run, &l1);
   vgpu_sol_prim(&g.run, &pt);
   const uint32_t want[] = {
      tag(0, 0, 3), tag(0, 1, 0), tag(1, 0, 3), tag(1, 1, 0),
      tag(1, 0, 3), tag(1, 1, 0), tag(2, 0, 3), tag(2, 1, 0),
      tag(5, 0, 3), tag(5, 1, 0), U,
   };
   check_mem("lines and points", 256, want, COUNT(want));
   CHECK_EQ(reg32(&g, REG_WRITE_OFFSET(2)), 40, "lines and points: offset");
   check_counts(&g, 0, 3, 3, "lines and points: counters");
   rig_fini(&g);
}

/* Vertex Read Offset 1 (256 bits): Register Index 0 is row 2. */
static void
test_read_offset(void)
{
   struct rig g;
   rig_init(&g);
   g.st->so.read_offset[0] = 1;
   g.st->so.read_length[0] = 0;   /* one 256-bit unit: rows 2-3 */
   set_buffer(&g, 0, 0, 1024, 8);
   add_decl(&g, 0, 0, 0, 0x1, false);
   add_decl(&g, 0, 0, 1, 0x1, false);
   struct vgpu_prim pt = prim(1, POINTLIST, 0, 3, 0, 0);
   vgpu_sol_prim(&g.run, &pt);
   check_mem("read offset", 0, (const uint32_t[]){ tag(3, 2, 0), tag(3, 3, 0), U }, 3);
   rig_fini(&g);
}

/* A primitive of stream 1 writes stream 1's declarations to the buffer
 * stream 1 selects and counts in stream 1's registers only. */
static void
test_streams(void)
{
   struct rig g;
   rig_init(&g);
   set_buffer(&g, 0, 0, 1024, 16);
   set_buffer(&g, 3, 1024, 1024, 4);
   add_decl(&g, 0, 0, 1, 0xf, false);
   add_decl(&g, 1, 3, 2, 0x2, false);
   struct vgpu_prim p = prim(2, LINELIST, 0, 1, 2, 0);
   p.stream = 1;
   vgpu_sol_prim(&g.run, &p);
   check_mem("stream 1: buffer 3", 1024, (const uint32_t[]){ tag(1, 2, 1), tag(2, 2, 1), U }, 3);
   check_mem("stream 1: buffer 0 untouched", 0, (const uint32_t[]){ U, U, U, U }, 4);
   CHECK_EQ(reg32(&g, REG_WRITE_OFFSET(0)), 0, "stream 1: offset 0");
   CHECK_EQ(reg32(&g, REG_WRITE_OFFSET(3)), 8, "stream 1: offset 3");
   check_counts(&g, 0, 0, 0, "stream 1: stream 0 counters");
   check_counts(&g, 1, 1, 1, "stream 1: counters");
   rig_fini(&g);
}

/* Gen8+ Stream Output Buffer Offset Address Enable: the new write offset
 * also goes to memory.  SO Statistics Enable off: no counting. */
static void
test_offset_address_and_statistics(void)
{
   struct rig g;
   rig_init(&g);
   g.st->so.statistics = false;
   set_buffer(&g, 1, 0, 1024, 12);
   g.st->so.buffer[1].offset_address_enable = true;
   g.st->so.buffer[1].offset_address = MEM_BASE + 2048;
   add_decl(&g, 0, 1, 1, 0x7, false);
   g.ctx.regs[REG_WRITE_OFFSET(1) / 4] = 24;
   struct vgpu_prim p = prim(3, TRILIST, 0, 0, 1, 2);
   vgpu_sol_prim(&g.run, &p);
   CHECK_EQ(reg32(&g, REG_WRITE_OFFSET(1)), 24 + 36, "offset address: register");
   CHECK_EQ(mem[2048 / 4], 24 + 36, "offset address: memory");
   check_mem("offset address: first vertex", 24,
             (const uint32_t[]){ tag(0, 1, 0), tag(0, 1, 1), tag(0, 1, 2), tag(1, 1, 0) }, 4);
   check_counts(&g, 0, 0, 0, "statistics off");
   rig_fini(&g);
}

/* Bad state faults instead of reading or writing out of bounds. */
static void
test_faults(void)
{
   struct rig g;
   rig_init(&g);
   set_buffer(&g, 0, 0, 1024, 16);
   add_decl(&g, 0, 0, 4, 0xf, false);   /* rows 0-3 are read: 4 is past them */
   struct vgpu_prim pt = prim(1, POINTLIST, 0, 0, 0, 0);
   vgpu_sol_prim(&g.run, &pt);
   CHECK(g.run.stop && fault_reason, "register index past the read length: no fault");
   check_mem("register index fault", 0, (const uint32_t[]){ U, U, U, U }, 4);
   rig_fini(&g);

   rig_init(&g);
   set_buffer(&g, 0, 0, 1024, 16);
   g.st->so.buffer[0].address = MEM_BASE + MEM_SIZE - 8;   /* 16 bytes from 8 before the end */
   add_decl(&g, 0, 0, 1, 0xf, false);
   vgpu_sol_prim(&g.run, &pt);
   CHECK(g.run.stop && fault_reason, "write past the memory: no fault");
   CHECK_EQ(fault_address, MEM_BASE + MEM_SIZE - 8, "write fault address");
   rig_fini(&g);
}

/* Gen8+ 3DSTATE_SO_BUFFER Stream Offset Write Enable: SO_WRITE_OFFSETn
 * takes Stream Offset, or with 0xFFFFFFFF the dword at the Stream Output
 * Buffer Offset Address; with that address enabled the offset is stored
 * there as well. */
static void
test_offset_write(void)
{
   struct rig g;
   rig_init(&g);
   struct vgpu_3d_so_buffer b = { .enable = true, .address = MEM_BASE, .size = 1024,
                                  .offset_write_enable = true, .offset = 40,
                                  .offset_address_enable = true,
                                  .offset_address = MEM_BASE + 3000 };
   g.ctx.regs[REG_WRITE_OFFSET(2) / 4] = 999;
   vgpu_sol_buffer_offset_write(&g.exec, &b, 2);
   CHECK_EQ(reg32(&g, REG_WRITE_OFFSET(2)), 40, "offset write: register");
   CHECK_EQ(mem[3000 / 4], 40, "offset write: memory");
   CHECK_EQ(reg32(&g, REG_WRITE_OFFSET(1)), 0, "offset write: other buffer");

   mem[3000 / 4] = 52;
   b.offset = 0xffffffffu;
   b.offset_address_enable = false;
   vgpu_sol_buffer_offset_write(&g.exec, &b, 3);
   CHECK_EQ(reg32(&g, REG_WRITE_OFFSET(3)), 52, "offset from memory: register");

   b.offset_address = MEM_BASE + MEM_SIZE;   /* past the memory */
   vgpu_sol_buffer_offset_write(&g.exec, &b, 3);
   CHECK(fault_reason != NULL, "offset from unmapped memory: no fault");
   CHECK_EQ(reg32(&g, REG_WRITE_OFFSET(3)), 52, "offset from unmapped memory: register");
   rig_fini(&g);
}

int
main(void)
{
   test_list_holes_and_pitch();
   test_overflow();
   test_two_buffers();
   test_strip_order();
   test_fan_order();
   test_lines_and_points();
   test_read_offset();
   test_streams();
   test_offset_address_and_statistics();
   test_faults();
   test_offset_write();
   return isl_test_result("test_sol");
}

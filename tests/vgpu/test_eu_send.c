/* The EU interpreter's shared functions, one kernel per message family,
 * written in the assembler with descriptors built from the PRM's fields
 * (Vol 2d "Message Descriptor - Data Port": BTI 7:0, message control 13:8,
 * message type 18:14, header 19, response length 24:20, message length
 * 28:25; split sends' extended length in ex_desc 9:6): untyped surface
 * read/write (with out-of-bounds channels), untyped atomics (every
 * operation) and float atomics, byte and DWord scattered (surface and A32
 * stateless with the header's scratch pointer), A64 untyped / scattered
 * (byte, DWord, QWord) / atomic (32- and 64-bit) / block, SLM, OWord
 * blocks (aligned, unaligned, written, stateless as Mesa spills) through
 * the data and constant caches, scratch blocks, sampler ld on a buffer,
 * fences, page
 * faults and an unsupported message.  Gen9 (split sends) and Gen7/8
 * (payload in one send) run.  The gateway barrier is test_eu_flow.c's. */
#include "eu_rig.h"

enum { SFID_SAMPLER = 2, SFID_CONST = 9, SFID_DATA = 10, SFID_DATA1 = 12 };
enum { BTI_SLM = 254, BTI_A64 = 253, BTI_STATELESS = 255, BTI_STATELESS_NC = 253 };

static uint32_t
desc(unsigned mlen, unsigned rlen, bool header, unsigned type, unsigned ctrl,
     unsigned bti)
{
   return mlen << 25 | rlen << 20 | (unsigned)header << 19 | type << 14 |
          ctrl << 8 | bti;
}

static const char *
sfid_name(unsigned sfid)
{
   switch (sfid) {
   case SFID_SAMPLER: return "sampler";
   case SFID_CONST: return "const";
   case SFID_DATA: return "data";
   default: return "dp_data1";
   }
}

/* Appends a send: src0 (mlen regs at src0) and, on Gen9 when ex_mlen,
 * src1 as a split send; on Gen8 the caller puts src1 right after src0. */
static void
emit_send(char *buf, size_t size, enum isa_gen gen, unsigned exec, unsigned dst,
          unsigned src0, unsigned src1, unsigned ex_mlen, uint32_t d,
          unsigned sfid, const char *opts)
{
   size_t len = strlen(buf);
   char dst_s[16];
   if (dst)
      snprintf(dst_s, sizeof(dst_s), "g%u", dst);
   else
      snprintf(dst_s, sizeof(dst_s), "null");
   if (gen >= ISA_GEN9 && ex_mlen)
      snprintf(buf + len, size - len,
               "sends(%u) %sUD g%uUD g%uUD 0x%08x 0x%08x\n    %s MsgDesc: m { align1 %s };\n",
               exec, dst_s, src0, src1, d, ex_mlen << 6, sfid_name(sfid), opts);
   else
      snprintf(buf + len, size - len,
               "send(%u) %s<1>UW g%u<8,8,1>UD 0x%08x\n    %s MsgDesc: m { align1 %s };\n",
               exec, dst_s, src0, gen >= ISA_GEN9 ? d : d + (ex_mlen << 25),
               sfid_name(sfid), opts);
}

static void
finish(char *buf, size_t size)
{
   size_t len = strlen(buf);
   snprintf(buf + len, size - len, "%s", RIG_EOT);
}

static uint32_t
mem32(const struct eu_rig *r, uint32_t off)
{
   uint32_t v;
   memcpy(&v, &r->mem[off], 4);
   return v;
}

static void
set_mem32(struct eu_rig *r, uint32_t off, uint32_t v)
{
   memcpy(&r->mem[off], &v, 4);
}

/* SIMD8 untyped write of R and G (MDC_CMASK 0xc), then a read back; the
 * surface is 60 bytes, so channel 7's G (offset 60) is out of bounds:
 * dropped on write, 0 on read.  Channel 6 is not dispatched. */
static void
test_untyped(enum isa_gen gen)
{
   struct eu_rig *r = rig_create(gen);
   char k[2048] = "";
   unsigned ctrl = 0xc | 2 << 4;
   emit_send(k, sizeof(k), gen, 8, 0, 2, 3, 2, desc(1, 0, false, 9, ctrl, 1), SFID_DATA1, "1Q");
   emit_send(k, sizeof(k), gen, 8, 10, 2, 0, 0, desc(1, 2, false, 1, ctrl, 1), SFID_DATA1, "1Q");
   finish(k, sizeof(k));
   if (!rig_load(r, k, 0xbf))
      return;
   rig_buffer(r, 1, 0x100, 60);
   memset(&r->mem[0x100], 0x55, 64);
   for (unsigned c = 0; c < 8; c++) {
      rig_set_ud(r, 2, c, c * 8);
      rig_set_ud(r, 3, c, 100 + c);   /* R */
      rig_set_ud(r, 4, c, 200 + c);   /* G */
   }
   if (!rig_exec(r))
      return;
   for (unsigned c = 0; c < 8; c++) {
      uint32_t want_r = c == 6 ? 0x55555555u : 100 + c;
      uint32_t want_g = c == 6 || c == 7 ? 0x55555555u : 200 + c;
      CHECK(mem32(r, 0x100 + c * 8) == want_r, "%s untyped write R %u: 0x%x", isa_gen_name(gen), c, mem32(r, 0x100 + c * 8));
      CHECK(mem32(r, 0x104 + c * 8) == want_g, "%s untyped write G %u: 0x%x", isa_gen_name(gen), c, mem32(r, 0x104 + c * 8));
      if (c == 6)
         continue;
      CHECK(rig_ud(r, 10, c) == 100 + c, "%s untyped read R %u", isa_gen_name(gen), c);
      CHECK(rig_ud(r, 11, c) == (c == 7 ? 0u : 200 + c), "%s untyped read G %u: 0x%x", isa_gen_name(gen), c, rig_ud(r, 11, c));
   }
   rig_destroy(r);
}

/* Every untyped atomic operation (MDC_AOP 1..15), SIMD8 with return:
 * channel c of operation op works on dword (op * 8 + c). */
static void
test_atomics(void)
{
   struct eu_rig *r = rig_create(ISA_GEN9);
   char k[8192] = "";
   for (unsigned op = 1; op <= 15; op++) {
      unsigned ex = op == 14 ? 2 : 1;
      /* g2 + op: addresses; g20, g21: sources; reply to g40 + op */
      emit_send(k, sizeof(k), ISA_GEN9, 8, 40 + op, 2 + op, 20, ex,
                desc(1, 1, false, 2, op | 1 << 4 | 1 << 5, 1), SFID_DATA1, "1Q");
   }
   finish(k, sizeof(k));
   if (!rig_load(r, k, 0xff))
      return;
   rig_buffer(r, 1, 0, 16 * 32);
   static const int32_t init[8] = { 10, -5, 0, 7, 0x7fffffff, -1, 3, 100 };
   static const int32_t src0[8] = { 3, 6, -2, 7, 1, -1, 3, 99 };
   static const int32_t src1[8] = { 50, 51, 52, 53, 54, 55, 56, 57 };
   for (unsigned op = 1; op <= 15; op++) {
      for (unsigned c = 0; c < 8; c++) {
         rig_set_ud(r, 2 + op, c, (op * 8 + c) * 4);
         set_mem32(r, (op * 8 + c) * 4, (uint32_t)init[c]);
      }
   }
   for (unsigned c = 0; c < 8; c++) {
      rig_set_ud(r, 20, c, (uint32_t)src0[c]);
      rig_set_ud(r, 21, c, (uint32_t)src1[c]);
   }
   if (!rig_exec(r))
      return;
   for (unsigned op = 1; op <= 15; op++) {
      for (unsigned c = 0; c < 8; c++) {
         uint32_t m = (uint32_t)init[c], s = (uint32_t)src0[c], want;
         int32_t sm = init[c], ss = src0[c];
         switch (op) {
         case 1: want = m & s; break;
         case 2: want = m | s; break;
         case 3: want = m ^ s; break;
         case 4: want = s; break;
         case 5: want = m + 1; break;
         case 6: want = m - 1; break;
         case 7: want = m + s; break;
         case 8: want = m - s; break;
         case 9: want = s - m; break;
         case 10: want = (uint32_t)(sm > ss ? sm : ss); break;
         case 11: want = (uint32_t)(sm < ss ? sm : ss); break;
         case 12: want = m > s ? m : s; break;
         case 13: want = m < s ? m : s; break;
         case 14: want = m == s ? (uint32_t)src1[c] : m; break;
         default: want = m - 1; break;
         }
         CHECK(mem32(r, (op * 8 + c) * 4) == want, "atomic op %u channel %u: 0x%x want 0x%x",
               op, c, mem32(r, (op * 8 + c) * 4), want);
         /* the old value comes back */
         CHECK(op == 15 || rig_ud(r, 40 + op, c) == m, "atomic op %u channel %u returned 0x%x",
               op, c, rig_ud(r, 40 + op, c));
      }
   }
   rig_destroy(r);
}

/* Float atomics: fmax, fmin, fcmpwr (MDC_FAOP 1..3). */
static void
test_float_atomics(void)
{
   struct eu_rig *r = rig_create(ISA_GEN9);
   char k[2048] = "";
   for (unsigned op = 1; op <= 3; op++)
      emit_send(k, sizeof(k), ISA_GEN9, 8, 40 + op, 2 + op, 20, op == 3 ? 2 : 1,
                desc(1, 1, false, 0x1b, op | 1 << 4 | 1 << 5, 1), SFID_DATA1, "1Q");
   finish(k, sizeof(k));
   if (!rig_load(r, k, 0xff))
      return;
   rig_buffer(r, 1, 0, 512);
   static const float init[8] = { 1, 2, -3, 4, 0, 5, 6, 7 };
   static const float src[8] = { 2, 1, -2, 4, -0.5f, 5.5f, 6, 8 };
   for (unsigned op = 1; op <= 3; op++) {
      for (unsigned c = 0; c < 8; c++) {
         rig_set_ud(r, 2 + op, c, (op * 8 + c) * 4);
         memcpy(&r->mem[(op * 8 + c) * 4], &init[c], 4);
      }
   }
   for (unsigned c = 0; c < 8; c++) {
      rig_set_f(r, 20, c, src[c]);
      rig_set_f(r, 21, c, 100.0f);
   }
   if (!rig_exec(r))
      return;
   for (unsigned c = 0; c < 8; c++) {
      float mx, mn, cw;
      memcpy(&mx, &r->mem[(8 + c) * 4], 4);
      memcpy(&mn, &r->mem[(16 + c) * 4], 4);
      memcpy(&cw, &r->mem[(24 + c) * 4], 4);
      CHECK(mx == (init[c] > src[c] ? init[c] : src[c]), "fmax %u: %g", c, mx);
      CHECK(mn == (init[c] < src[c] ? init[c] : src[c]), "fmin %u: %g", c, mn);
      CHECK(cw == (init[c] == src[c] ? 100.0f : init[c]), "fcmpwr %u: %g", c, cw);
      CHECK(rig_f(r, 41, c) == init[c], "fmax returned %g", rig_f(r, 41, c));
   }
   rig_destroy(r);
}

/* Byte scattered (data cache 0): 16-bit writes at odd byte offsets, then
 * 8-bit reads zero-extended into dwords. */
static void
test_byte_scattered(void)
{
   struct eu_rig *r = rig_create(ISA_GEN9);
   char k[2048] = "";
   emit_send(k, sizeof(k), ISA_GEN9, 8, 0, 2, 3, 1, desc(1, 0, false, 12, 1 << 2, 1), SFID_DATA, "1Q");
   emit_send(k, sizeof(k), ISA_GEN9, 8, 10, 4, 0, 0, desc(1, 1, false, 4, 0, 1), SFID_DATA, "1Q");
   finish(k, sizeof(k));
   if (!rig_load(r, k, 0xff))
      return;
   rig_buffer(r, 1, 0x200, 64);
   for (unsigned c = 0; c < 8; c++) {
      rig_set_ud(r, 2, c, 1 + 3 * c);
      rig_set_ud(r, 3, c, 0xabcd0000u | (0x1100u * c + 0x22));
      rig_set_ud(r, 4, c, 2 + 3 * c);   /* the high byte of each word */
   }
   if (!rig_exec(r))
      return;
   for (unsigned c = 0; c < 8; c++) {
      uint16_t w;
      memcpy(&w, &r->mem[0x200 + 1 + 3 * c], 2);
      CHECK(w == (uint16_t)(0x1100u * c + 0x22), "byte scattered write %u: 0x%x", c, w);
      CHECK(rig_ud(r, 10, c) == ((0x1100u * c + 0x22) >> 8), "byte scattered read %u: 0x%x", c, rig_ud(r, 10, c));
   }
   rig_destroy(r);
}

static void
set_addr64(struct eu_rig *r, unsigned reg, unsigned c, uint64_t a)
{
   memcpy(&r->t.regs[reg * 32 + c * 8], &a, 8);
}

/* A64 untyped write/read (R only) and byte scattered, stateless. */
static void
test_a64(enum isa_gen gen)
{
   struct eu_rig *r = rig_create(gen);
   char k[2048] = "";
   unsigned ctrl = 0xe | 2 << 4;
   /* addresses g2-g3, data g4 (on Gen8 the one payload is g2-g4) */
   emit_send(k, sizeof(k), gen, 8, 0, 2, 4, 1, desc(2, 0, false, 0x19, ctrl, BTI_A64), SFID_DATA1, "1Q");
   emit_send(k, sizeof(k), gen, 8, 10, 2, 0, 0, desc(2, 1, false, 0x11, ctrl, BTI_A64), SFID_DATA1, "1Q");
   /* one byte per channel to 0x3000 + c (A64 scattered messages are Gen9+) */
   bool bytes = gen >= ISA_GEN9;
   if (bytes) {
      emit_send(k, sizeof(k), gen, 8, 0, 6, 8, 1, desc(2, 0, false, 0x1a, 0, BTI_A64), SFID_DATA1, "1Q");
      emit_send(k, sizeof(k), gen, 8, 11, 6, 0, 0, desc(2, 1, false, 0x10, 0, BTI_A64), SFID_DATA1, "1Q");
   }
   finish(k, sizeof(k));
   if (!rig_load(r, k, 0xff))
      return;
   for (unsigned c = 0; c < 8; c++) {
      set_addr64(r, 2, c, RIG_MEM_BASE + 0x1000 + 12 * c);
      rig_set_ud(r, 4, c, 0x1234 + c);
      set_addr64(r, 6, c, RIG_MEM_BASE + 0x3000 + c);
      rig_set_ud(r, 8, c, 0xf0 + c);
   }
   if (!rig_exec(r))
      return;
   for (unsigned c = 0; c < 8; c++) {
      CHECK(mem32(r, 0x1000 + 12 * c) == 0x1234 + c, "%s A64 write %u", isa_gen_name(gen), c);
      CHECK(rig_ud(r, 10, c) == 0x1234 + c, "%s A64 read %u", isa_gen_name(gen), c);
      if (!bytes)
         continue;
      CHECK(r->mem[0x3000 + c] == 0xf0 + c, "%s A64 byte write %u", isa_gen_name(gen), c);
      CHECK(rig_ud(r, 11, c) == 0xf0 + c, "%s A64 byte read %u", isa_gen_name(gen), c);
   }
   rig_destroy(r);
}

/* A64 64-bit atomic add with return, and an A64 OWord block read whose
 * address is the header's first QWord. */
static void
test_a64_atomic_block(void)
{
   struct eu_rig *r = rig_create(ISA_GEN9);
   char k[2048] = "";
   emit_send(k, sizeof(k), ISA_GEN9, 8, 10, 2, 4, 2,
             desc(2, 2, false, 0x12, 7 | 1 << 4 | 1 << 5, BTI_A64), SFID_DATA1, "1Q");
   emit_send(k, sizeof(k), ISA_GEN9, 8, 12, 6, 0, 0,
             desc(1, 1, true, 0x14, 2, BTI_A64), SFID_DATA1, "WE_all 1Q");
   finish(k, sizeof(k));
   if (!rig_load(r, k, 0xff))
      return;
   for (unsigned c = 0; c < 8; c++) {
      set_addr64(r, 2, c, RIG_MEM_BASE + 0x2000 + 8 * c);
      uint64_t v = 0xffffffffull + c, add = 1ull << 32 | 1;
      memcpy(&r->mem[0x2000 + 8 * c], &v, 8);
      memcpy(&r->t.regs[4 * 32 + c * 8], &add, 8);
      set_mem32(r, 0x2400 + 4 * c, 0xb000 + c);
   }
   uint64_t block = RIG_MEM_BASE + 0x2400;
   memcpy(&r->t.regs[6 * 32], &block, 8);
   if (!rig_exec(r))
      return;
   for (unsigned c = 0; c < 8; c++) {
      uint64_t v, old;
      memcpy(&v, &r->mem[0x2000 + 8 * c], 8);
      memcpy(&old, &r->t.regs[10 * 32 + c * 8], 8);
      CHECK(v == 0xffffffffull + c + (1ull << 32 | 1), "A64 atomic add64 %u: 0x%llx", c, (unsigned long long)v);
      CHECK(old == 0xffffffffull + c, "A64 atomic add64 returned 0x%llx", (unsigned long long)old);
      CHECK(rig_ud(r, 12, c) == 0xb000 + c, "A64 block read dword %u", c);
   }
   rig_destroy(r);
}

/* SLM through BTI 254: a write then a read of another channel's slot. */
static void
test_slm(void)
{
   struct eu_rig *r = rig_create(ISA_GEN9);
   char k[2048] = "";
   unsigned ctrl = 0xe | 2 << 4;
   emit_send(k, sizeof(k), ISA_GEN9, 8, 0, 2, 3, 1, desc(1, 0, false, 9, ctrl, BTI_SLM), SFID_DATA1, "1Q");
   emit_send(k, sizeof(k), ISA_GEN9, 8, 10, 4, 0, 0, desc(1, 1, false, 1, ctrl, BTI_SLM), SFID_DATA1, "1Q");
   finish(k, sizeof(k));
   if (!rig_load(r, k, 0xff))
      return;
   for (unsigned c = 0; c < 8; c++) {
      rig_set_ud(r, 2, c, 4 * c);
      rig_set_ud(r, 3, c, 77 * c);
      rig_set_ud(r, 4, c, 4 * (7 - c));
   }
   /* channel 0 reads beyond the 4 KB of SLM: 0 */
   rig_set_ud(r, 4, 0, RIG_SLM_SIZE);
   if (!rig_exec(r))
      return;
   for (unsigned c = 1; c < 8; c++)
      CHECK(rig_ud(r, 10, c) == 77 * (7 - c), "SLM read %u: %u", c, rig_ud(r, 10, c));
   CHECK(rig_ud(r, 10, 0) == 0, "SLM read out of bounds");
   rig_destroy(r);
}

/* OWord block reads with a header: through the data cache (offset in
 * OWords) and the constant cache, two OWords each; an unaligned read
 * (offset in bytes); a two-OWord write; a memory fence answers with one
 * register. */
static void
test_blocks(void)
{
   struct eu_rig *r = rig_create(ISA_GEN9);
   char k[2048] = "";
   emit_send(k, sizeof(k), ISA_GEN9, 8, 10, 2, 0, 0, desc(1, 1, true, 0, 2, 1), SFID_DATA, "WE_all 1Q");
   emit_send(k, sizeof(k), ISA_GEN9, 8, 11, 2, 0, 0, desc(1, 1, true, 0, 2, 1), SFID_CONST, "WE_all 1Q");
   emit_send(k, sizeof(k), ISA_GEN9, 8, 12, 2, 0, 0, desc(1, 1, true, 7, 0x20, 0), SFID_DATA, "WE_all 1Q");
   emit_send(k, sizeof(k), ISA_GEN9, 8, 13, 3, 0, 0, desc(1, 1, true, 1, 2, 1), SFID_DATA, "WE_all 1Q");
   emit_send(k, sizeof(k), ISA_GEN9, 8, 0, 4, 5, 1, desc(1, 0, true, 8, 2, 1), SFID_DATA, "WE_all 1Q");
   finish(k, sizeof(k));
   if (!rig_load(r, k, 0xff))
      return;
   rig_buffer(r, 1, 0x400, 256);
   for (unsigned i = 0; i < 64; i++)
      set_mem32(r, 0x400 + 4 * i, 0xc000 + i);
   rig_set_ud(r, 2, 2, 3);    /* OWord 3: byte 48, dword 12 */
   rig_set_ud(r, 3, 2, 20);   /* unaligned: byte 20, dword 5 */
   rig_set_ud(r, 4, 2, 8);    /* write at OWord 8: byte 128, dword 32 */
   for (unsigned c = 0; c < 8; c++)
      rig_set_ud(r, 5, c, 0xd000 + c);
   rig_set_ud(r, 12, 0, 0xdead);
   if (!rig_exec(r))
      return;
   for (unsigned c = 0; c < 8; c++) {
      CHECK(rig_ud(r, 10, c) == 0xc000 + 12 + c, "data cache block %u: 0x%x", c, rig_ud(r, 10, c));
      CHECK(rig_ud(r, 11, c) == 0xc000 + 12 + c, "constant cache block %u: 0x%x", c, rig_ud(r, 11, c));
      CHECK(rig_ud(r, 13, c) == 0xc000 + 5 + c, "unaligned block %u: 0x%x", c, rig_ud(r, 13, c));
      CHECK(mem32(r, 0x400 + 128 + 4 * c) == 0xd000 + c, "block write %u: 0x%x", c, mem32(r, 0x400 + 128 + 4 * c));
   }
   CHECK(mem32(r, 0x400 + 128 + 32) == 0xc000 + 40, "block write past its two OWords");
   CHECK(rig_ud(r, 12, 0) != 0xdead, "the fence did not answer");
   rig_destroy(r);
}

/* Mesa's Gen9+ spills: OWord block write and read on A32 stateless (BTI
 * 253) with the header's DWord 5 bits 31:10 as the thread's scratch
 * pointer (relative to General State Base Address) and DWord 2 the
 * offset in OWords; the FFTID in bits 9:0 is not part of the address.
 * A block write without WE_all writes DWord j only for an enabled
 * channel j: channels 5 and 7 are not dispatched. */
static void
test_stateless_blocks(void)
{
   struct eu_rig *r = rig_create(ISA_GEN9);
   char k[2048] = "";
   emit_send(k, sizeof(k), ISA_GEN9, 8, 0, 2, 3, 1, desc(1, 0, true, 8, 2, BTI_STATELESS_NC), SFID_DATA, "WE_all 1Q");
   emit_send(k, sizeof(k), ISA_GEN9, 8, 10, 2, 0, 0, desc(1, 1, true, 0, 2, BTI_STATELESS_NC), SFID_DATA, "WE_all 1Q");
   emit_send(k, sizeof(k), ISA_GEN9, 8, 0, 5, 6, 1, desc(1, 0, true, 8, 2, BTI_STATELESS_NC), SFID_DATA, "1Q");
   finish(k, sizeof(k));
   if (!rig_load(r, k, 0x5f))
      return;
   rig_set_ud(r, 2, 5, 0x3800 | 3);
   rig_set_ud(r, 2, 2, 1);
   rig_set_ud(r, 5, 5, 0x3800);
   rig_set_ud(r, 5, 2, 4);
   for (unsigned c = 0; c < 8; c++) {
      rig_set_ud(r, 3, c, 0xe100 + c);
      rig_set_ud(r, 6, c, 0xe200 + c);
   }
   if (!rig_exec(r))
      return;
   for (unsigned c = 0; c < 8; c++) {
      CHECK(mem32(r, 0x3810 + 4 * c) == 0xe100 + c, "stateless block write %u: 0x%x", c, mem32(r, 0x3810 + 4 * c));
      CHECK(rig_ud(r, 10, c) == 0xe100 + c, "stateless block read %u: 0x%x", c, rig_ud(r, 10, c));
      uint32_t want = c == 5 || c == 7 ? 0 : 0xe200 + c;
      CHECK(mem32(r, 0x3840 + 4 * c) == want, "masked block write dword %u: 0x%x", c, mem32(r, 0x3840 + 4 * c));
   }
   CHECK(mem32(r, 0x380c) == 0 && mem32(r, 0x3830) == 0, "stateless block write outside its 32 bytes");
   rig_destroy(r);
}

/* DWord scattered (data port 0), addresses in DWords: on a 40-byte
 * surface channel c writes then reads DWord 2c, so channels 5-7 (bytes
 * 40 and up) are out of bounds; then A32 stateless (BTI 253 on Gen7.5+,
 * 255 on Ivy Bridge) with a header: scratch pointer 0x3000 in DWord 5,
 * global offset 2 DWords in DWord 2. */
static void
test_dword_scattered(enum isa_gen gen)
{
   struct eu_rig *r = rig_create(gen);
   char k[2048] = "";
   unsigned sl = gen >= ISA_GEN75 ? BTI_STATELESS_NC : BTI_STATELESS;
   /* block size 2 at 1:0: 8 DWords, SIMD8 */
   emit_send(k, sizeof(k), gen, 8, 0, 2, 3, 1, desc(1, 0, false, 11, 2, 1), SFID_DATA, "1Q");
   emit_send(k, sizeof(k), gen, 8, 10, 2, 0, 0, desc(1, 1, false, 3, 2, 1), SFID_DATA, "1Q");
   /* header g4, addresses g5, data g6 (one payload g4-g6 before Gen9) */
   emit_send(k, sizeof(k), gen, 8, 0, 4, 5, 2, desc(1, 0, true, 11, 2, sl), SFID_DATA, "1Q");
   emit_send(k, sizeof(k), gen, 8, 11, 4, 5, 1, desc(1, 1, true, 3, 2, sl), SFID_DATA, "1Q");
   finish(k, sizeof(k));
   if (!rig_load(r, k, 0xff))
      return;
   rig_buffer(r, 1, 0x300, 40);
   memset(&r->mem[0x300], 0x55, 64);
   rig_set_ud(r, 4, 5, 0x3000 | 7);
   rig_set_ud(r, 4, 2, 2);
   for (unsigned c = 0; c < 8; c++) {
      rig_set_ud(r, 2, c, 2 * c);
      rig_set_ud(r, 3, c, 0x700 + c);
      rig_set_ud(r, 5, c, 2 * c);
      rig_set_ud(r, 6, c, 0xa00 + c);
   }
   if (!rig_exec(r))
      return;
   for (unsigned c = 0; c < 8; c++) {
      bool in = c < 5;
      CHECK(mem32(r, 0x300 + 8 * c) == (in ? 0x700 + c : 0x55555555u), "%s dword scattered write %u: 0x%x",
            isa_gen_name(gen), c, mem32(r, 0x300 + 8 * c));
      CHECK(mem32(r, 0x304 + 8 * c) == 0x55555555u, "%s dword scattered wrote DWord %u", isa_gen_name(gen), 2 * c + 1);
      CHECK(rig_ud(r, 10, c) == (in ? 0x700 + c : 0u), "%s dword scattered read %u: 0x%x",
            isa_gen_name(gen), c, rig_ud(r, 10, c));
      CHECK(mem32(r, 0x3000 + 4 * (2 * c + 2)) == 0xa00 + c, "%s stateless dword write %u: 0x%x",
            isa_gen_name(gen), c, mem32(r, 0x3000 + 4 * (2 * c + 2)));
      CHECK(rig_ud(r, 11, c) == 0xa00 + c, "%s stateless dword read %u: 0x%x", isa_gen_name(gen), c, rig_ud(r, 11, c));
   }
   CHECK(mem32(r, 0x3000) == 0 && mem32(r, 0x3004) == 0 && mem32(r, 0x300c) == 0,
         "%s stateless dword write outside its slots", isa_gen_name(gen));
   rig_destroy(r);
}

static uint64_t
mem64(const struct eu_rig *r, uint32_t off)
{
   uint64_t v;
   memcpy(&v, &r->mem[off], 8);
   return v;
}

/* A64 scattered DWords and QWords (control 1:0 subtype, 3:2 count): two
 * DWords per channel, element by element (DWord 0 of every channel in one
 * register, then DWord 1), and one QWord per channel (two registers). */
static void
test_a64_scattered_wide(void)
{
   struct eu_rig *r = rig_create(ISA_GEN9);
   char k[2048] = "";
   unsigned two_dwords = 1 | 1 << 2, one_qword = 2;
   emit_send(k, sizeof(k), ISA_GEN9, 8, 0, 2, 4, 2, desc(2, 0, false, 0x1a, two_dwords, BTI_A64), SFID_DATA1, "1Q");
   emit_send(k, sizeof(k), ISA_GEN9, 8, 10, 2, 0, 0, desc(2, 2, false, 0x10, two_dwords, BTI_A64), SFID_DATA1, "1Q");
   emit_send(k, sizeof(k), ISA_GEN9, 8, 0, 6, 8, 2, desc(2, 0, false, 0x1a, one_qword, BTI_A64), SFID_DATA1, "1Q");
   emit_send(k, sizeof(k), ISA_GEN9, 8, 12, 6, 0, 0, desc(2, 2, false, 0x10, one_qword, BTI_A64), SFID_DATA1, "1Q");
   finish(k, sizeof(k));
   if (!rig_load(r, k, 0x7f))   /* channel 7 not dispatched */
      return;
   for (unsigned c = 0; c < 8; c++) {
      set_addr64(r, 2, c, RIG_MEM_BASE + 0x4000 + 16 * c);
      rig_set_ud(r, 4, c, 0xa0 + c);
      rig_set_ud(r, 5, c, 0xb0 + c);
      set_addr64(r, 6, c, RIG_MEM_BASE + 0x4100 + 8 * c);
      set_addr64(r, 8, c, 0x1111222200000000ull + c);
   }
   if (!rig_exec(r))
      return;
   for (unsigned c = 0; c < 8; c++) {
      bool on = c < 7;
      CHECK(mem32(r, 0x4000 + 16 * c) == (on ? 0xa0 + c : 0u), "A64 dword x2 write %u.0: 0x%x", c, mem32(r, 0x4000 + 16 * c));
      CHECK(mem32(r, 0x4004 + 16 * c) == (on ? 0xb0 + c : 0u), "A64 dword x2 write %u.1: 0x%x", c, mem32(r, 0x4004 + 16 * c));
      CHECK(mem32(r, 0x4008 + 16 * c) == 0, "A64 dword x2 wrote a third dword %u", c);
      CHECK(mem64(r, 0x4100 + 8 * c) == (on ? 0x1111222200000000ull + c : 0), "A64 qword write %u", c);
      if (!on)
         continue;
      CHECK(rig_ud(r, 10, c) == 0xa0 + c && rig_ud(r, 11, c) == 0xb0 + c, "A64 dword x2 read %u: 0x%x 0x%x",
            c, rig_ud(r, 10, c), rig_ud(r, 11, c));
      uint64_t q;
      memcpy(&q, &r->t.regs[12 * 32 + 8 * c], 8);
      CHECK(q == 0x1111222200000000ull + c, "A64 qword read %u: 0x%llx", c, (unsigned long long)q);
   }
   rig_destroy(r);
}

/* Scratch block write then read (data port 0, descriptor bit 18; block
 * size 13:12: registers - 1 on Gen7, log2 from Gen8; offset 11:0 in
 * HWords): two registers at HWord 1 of the thread's scratch (header
 * DWord 5 = 0x2000, FFTID 5 below bit 10), read back, and HWord 0 read
 * as it was. */
static uint32_t
scratch_desc(enum isa_gen gen, unsigned mlen, unsigned rlen, bool write,
             unsigned regs, unsigned offset)
{
   unsigned bs = gen < ISA_GEN8 ? regs - 1 : regs == 1 ? 0 : regs == 2 ? 1 : regs == 4 ? 2 : 3;
   return mlen << 25 | rlen << 20 | 1u << 19 | 1u << 18 | (unsigned)write << 17 |
          bs << 12 | offset;
}

static void
test_scratch(enum isa_gen gen)
{
   struct eu_rig *r = rig_create(gen);
   char k[2048] = "";
   emit_send(k, sizeof(k), gen, 8, 0, 2, 0, 0, scratch_desc(gen, 3, 0, true, 2, 1), SFID_DATA, "WE_all 1Q");
   emit_send(k, sizeof(k), gen, 8, 10, 2, 0, 0, scratch_desc(gen, 1, 2, false, 2, 1), SFID_DATA, "WE_all 1Q");
   emit_send(k, sizeof(k), gen, 8, 12, 2, 0, 0, scratch_desc(gen, 1, 1, false, 1, 0), SFID_DATA, "WE_all 1Q");
   finish(k, sizeof(k));
   if (!rig_load(r, k, 0xff))
      return;
   for (unsigned i = 0; i < 32; i++)
      set_mem32(r, 0x2000 + 4 * i, 0x5000 + i);
   rig_set_ud(r, 2, 5, 0x2000 | 5);
   for (unsigned j = 0; j < 16; j++)
      rig_set_ud(r, 3 + j / 8, j % 8, 0x900 + j);
   if (!rig_exec(r))
      return;
   for (unsigned j = 0; j < 16; j++) {
      CHECK(mem32(r, 0x2020 + 4 * j) == 0x900 + j, "%s scratch write dword %u: 0x%x", isa_gen_name(gen), j,
            mem32(r, 0x2020 + 4 * j));
      CHECK(rig_ud(r, 10 + j / 8, j % 8) == 0x900 + j, "%s scratch read dword %u", isa_gen_name(gen), j);
   }
   for (unsigned j = 0; j < 8; j++)
      CHECK(rig_ud(r, 12, j) == 0x5000 + j, "%s scratch read at HWord 0, dword %u: 0x%x", isa_gen_name(gen), j,
            rig_ud(r, 12, j));
   CHECK(mem32(r, 0x2060) == 0x5000 + 24, "%s scratch write past its two registers", isa_gen_name(gen));
   rig_destroy(r);
}

/* Runs a one-send kernel on Gen9 and expects a fault at addr. */
static void
expect_fault(const char *what, unsigned sfid, uint32_t d,
             void (*setup)(struct eu_rig *), uint64_t addr)
{
   struct eu_rig *r = rig_create(ISA_GEN9);
   char k[2048] = "";
   emit_send(k, sizeof(k), ISA_GEN9, 8, 10, 2, 0, 0, d, sfid, "WE_all 1Q");
   finish(k, sizeof(k));
   if (!rig_load(r, k, 0xff))
      return;
   setup(r);
   enum vgpu_eu_status st = rig_run(r);
   CHECK(st == VGPU_EU_FAULT && r->t.fault_addr == addr, "%s: status %d at 0x%llx, want a fault at 0x%llx",
         what, (int)st, (unsigned long long)r->t.fault_addr, (unsigned long long)addr);
   rig_destroy(r);
}

static void
scratch_at_0x2000(struct eu_rig *r)
{
   rig_set_ud(r, 2, 5, 0x2000);
}

/* The thread's slot at 0x2000, the header's pointer moved on past it by
 * a kernel reaching beyond the offset field. */
static void
scratch_moved_past_slot(struct eu_rig *r)
{
   r->t.scratch_slot = 0x2000;
   r->t.scratch_slot_known = true;
   rig_set_ud(r, 2, 5, 0x2000 + RIG_SCRATCH_PER_THREAD);
}

static void
scratch_unmapped(struct eu_rig *r)
{
   rig_set_ud(r, 2, 5, 0x40000);
}

static void
a64_unmapped(struct eu_rig *r)
{
   for (unsigned c = 0; c < 8; c++)
      set_addr64(r, 2, c, 0x7000000000ull + 8 * c);
}

static void
stateless_unmapped(struct eu_rig *r)
{
   rig_set_ud(r, 2, 5, 0x80000);
   for (unsigned c = 0; c < 8; c++)
      rig_set_ud(r, 3, c, c);
}

/* Scratch beyond the per-thread space (RIG_SCRATCH_PER_THREAD, 32
 * HWords: the last one still reads) and scratch, A64 DWord scattered and
 * stateless DWord scattered no object maps are faults. */
static void
test_new_family_faults(void)
{
   struct eu_rig *r = rig_create(ISA_GEN9);
   char k[2048] = "";
   emit_send(k, sizeof(k), ISA_GEN9, 8, 10, 2, 0, 0, scratch_desc(ISA_GEN9, 1, 1, false, 1, 31), SFID_DATA, "WE_all 1Q");
   finish(k, sizeof(k));
   if (rig_load(r, k, 0xff)) {
      scratch_at_0x2000(r);
      set_mem32(r, 0x2000 + 31 * 32, 0x1234);
      if (rig_exec(r))
         CHECK(rig_ud(r, 10, 0) == 0x1234, "last scratch HWord: 0x%x", rig_ud(r, 10, 0));
   }
   rig_destroy(r);
   expect_fault("scratch beyond the per-thread space", SFID_DATA,
                scratch_desc(ISA_GEN9, 1, 1, false, 1, 32), scratch_at_0x2000,
                RIG_MEM_BASE + 0x2000 + RIG_SCRATCH_PER_THREAD);
   expect_fault("scratch pointer moved past the thread's slot", SFID_DATA,
                scratch_desc(ISA_GEN9, 1, 1, false, 1, 0), scratch_moved_past_slot,
                RIG_MEM_BASE + 0x2000 + RIG_SCRATCH_PER_THREAD);
   expect_fault("unmapped scratch", SFID_DATA, scratch_desc(ISA_GEN9, 1, 1, false, 1, 0),
                scratch_unmapped, RIG_MEM_BASE + 0x40000);
   expect_fault("unmapped A64 dword scattered", SFID_DATA1,
                desc(2, 1, false, 0x10, 1, BTI_A64), a64_unmapped, 0x7000000000ull);
   expect_fault("unmapped stateless dword scattered", SFID_DATA,
                desc(2, 1, true, 3, 2, BTI_STATELESS), stateless_unmapped, RIG_MEM_BASE + 0x80000);
}

/* Sampler ld from an R32_UINT buffer with a 4-byte pitch: R, then G/B 0
 * and alpha 1 for a one-channel format; out of bounds all 0. */
static void
test_sampler_ld(void)
{
   struct eu_rig *r = rig_create(ISA_GEN9);
   char k[2048] = "";
   uint32_t d = 1u << 25 | 4u << 20 | 7u << 12 | 1u << 17 | 2;
   emit_send(k, sizeof(k), ISA_GEN9, 8, 10, 2, 0, 0, d, SFID_SAMPLER, "1Q");
   finish(k, sizeof(k));
   if (!rig_load(r, k, 0xff))
      return;
   r->surf[2] = (struct vgpu_eu_surface){ .base = RIG_MEM_BASE + 0x600, .size = 40,
      .buffer = true, .format = 0xd7, .pitch = 4, .entries = 10 };
   for (unsigned i = 0; i < 16; i++)
      set_mem32(r, 0x600 + 4 * i, 0xe000 + i);
   for (unsigned c = 0; c < 8; c++)
      rig_set_ud(r, 2, c, c * 2);   /* 0, 2, ..., 14: the last three past 10 */
   if (!rig_exec(r))
      return;
   for (unsigned c = 0; c < 8; c++) {
      bool in = c * 2 < 10;
      CHECK(rig_ud(r, 10, c) == (in ? 0xe000 + 2 * c : 0u), "ld R %u: 0x%x", c, rig_ud(r, 10, c));
      CHECK(rig_ud(r, 11, c) == 0 && rig_ud(r, 12, c) == 0, "ld G/B %u", c);
      CHECK(rig_ud(r, 13, c) == (in ? 1u : 0u), "ld A %u: %u", c, rig_ud(r, 13, c));
   }
   rig_destroy(r);
}

/* An A64 access no object covers is a page fault; a media block message
 * is reported as unsupported. */
static void
test_fault_and_unsupported(void)
{
   struct eu_rig *r = rig_create(ISA_GEN9);
   char k[2048] = "";
   emit_send(k, sizeof(k), ISA_GEN9, 8, 10, 2, 0, 0, desc(2, 1, false, 0x11, 0xe | 2 << 4, BTI_A64), SFID_DATA1, "1Q");
   finish(k, sizeof(k));
   if (!rig_load(r, k, 0xff))
      return;
   for (unsigned c = 0; c < 8; c++)
      set_addr64(r, 2, c, 0x7000000000ull);
   enum vgpu_eu_status st = rig_run(r);
   CHECK(st == VGPU_EU_FAULT && r->t.fault_addr == 0x7000000000ull,
         "unmapped A64 read: status %d at 0x%llx", (int)st, (unsigned long long)r->t.fault_addr);

   k[0] = 0;
   emit_send(k, sizeof(k), ISA_GEN9, 8, 10, 2, 0, 0, desc(1, 1, true, 4, 0, 1), SFID_DATA1, "1Q");
   finish(k, sizeof(k));
   if (!rig_load(r, k, 0xff))
      return;
   st = rig_run(r);
   CHECK(st == VGPU_EU_UNSUPPORTED && r->t.why, "media block read: status %d", (int)st);
   rig_destroy(r);
}

/* A64 int64 atomics (control bit 4) whose operands differ from their
 * 32-bit forms: signed min (a high dword's sign), unsigned max, and
 * compare-and-write with its two QWord sources (src0 the comparand, src1
 * the new value, two GRFs each after the addresses), each returning the
 * old QWord in two GRFs. */
static void
test_a64_atomic64_ops(void)
{
   static const unsigned ops[] = { 11, 12, 14 };   /* IMIN, UMAX, CMPWR */
   struct eu_rig *r = rig_create(ISA_GEN9);
   char k[2048] = "";
   for (unsigned n = 0; n < 3; n++) {
      unsigned srcs = ops[n] == 14 ? 4 : 2;
      emit_send(k, sizeof(k), ISA_GEN9, 8, 40 + 2 * n, 2 + 2 * n, 20, srcs,
                desc(2, 2, false, 0x12, ops[n] | 1 << 4 | 1 << 5, BTI_A64), SFID_DATA1, "1Q");
   }
   finish(k, sizeof(k));
   if (!rig_load(r, k, 0xff))
      return;
   uint64_t init[8], src0[8], src1[8];
   for (unsigned c = 0; c < 8; c++) {
      init[c] = c & 1 ? 0xffffffff00000000ull + c : 0x00000001ffffffffull - c;
      src0[c] = c < 4 ? init[c] : 0x80000000ffffffffull >> c;
      src1[c] = 0x1234567800000000ull | c;
      memcpy(&r->t.regs[20 * 32 + c * 8], &src0[c], 8);
      memcpy(&r->t.regs[22 * 32 + c * 8], &src1[c], 8);
      for (unsigned n = 0; n < 3; n++) {
         uint32_t at = 0x3000 + (n * 8 + c) * 8;
         set_addr64(r, 2 + 2 * n, c, RIG_MEM_BASE + at);
         memcpy(&r->mem[at], &init[c], 8);
      }
   }
   if (!rig_exec(r))
      return;
   for (unsigned c = 0; c < 8; c++) {
      int64_t si = (int64_t)init[c], s0 = (int64_t)src0[c];
      const uint64_t want[3] = {
         (uint64_t)(si < s0 ? si : s0), init[c] > src0[c] ? init[c] : src0[c],
         init[c] == src0[c] ? src1[c] : init[c],
      };
      for (unsigned n = 0; n < 3; n++) {
         uint64_t got = mem64(r, 0x3000 + (n * 8 + c) * 8), old;
         memcpy(&old, &r->t.regs[(40 + 2 * n) * 32 + c * 8], 8);
         CHECK(got == want[n], "A64 int64 op %u channel %u: 0x%llx want 0x%llx", ops[n], c,
               (unsigned long long)got, (unsigned long long)want[n]);
         CHECK(old == init[c], "A64 int64 op %u channel %u returned 0x%llx", ops[n], c,
               (unsigned long long)old);
      }
   }
   rig_destroy(r);
}

int
main(void)
{
   test_untyped(ISA_GEN9);
   test_untyped(ISA_GEN8);
   test_atomics();
   test_float_atomics();
   test_byte_scattered();
   test_a64(ISA_GEN9);
   test_a64(ISA_GEN8);
   test_a64_atomic_block();
   test_a64_atomic64_ops();
   test_slm();
   test_blocks();
   test_stateless_blocks();
   test_dword_scattered(ISA_GEN9);
   test_dword_scattered(ISA_GEN7);
   test_a64_scattered_wide();
   test_scratch(ISA_GEN9);
   test_scratch(ISA_GEN8);
   test_scratch(ISA_GEN7);
   test_new_family_faults();
   test_sampler_ld();
   test_fault_and_unsupported();
   return rig_result("test_eu_send");
}

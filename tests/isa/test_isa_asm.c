/* The assembler as tests and vgpu unit tests use it: kernels written in
 * the disassembler's text form assemble on every generation they are valid
 * for, disassemble to text that assembles to the same bytes, and bad text
 * is refused with a message. */
#include <stdio.h>
#include <string.h>

#include "isa.h"

static int failures;

#define CHECK(cond, ...)                                                     \
   do {                                                                      \
      if (!(cond)) {                                                         \
         failures++;                                                         \
         fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                \
         fprintf(stderr, __VA_ARGS__);                                       \
         fputc('\n', stderr);                                                \
      }                                                                      \
   } while (0)

#define ALL 0x3f
#define BIT(g) (1u << (g))
#define A16 (BIT(ISA_GEN7) | BIT(ISA_GEN75) | BIT(ISA_GEN8) | BIT(ISA_GEN9))
#define A1_3SRC (BIT(ISA_GEN11) | BIT(ISA_GEN12))
#define PRE12 (ALL & ~BIT(ISA_GEN12))

static const struct { unsigned gens; const char *text; } lines[] = {
   { ALL, "mov(8) g10<1>UD g2<8,8,1>UD { align1 1Q };" },
   { ALL, "add(16) g10<1>D g8<8,8,1>D g6<8,8,1>D { align1 1H compacted };" },
   { ALL, "mov(16) g3<1>UW 0x76543210V { align1 WE_all 1H };" },
   { ALL, "add(16) g4<1>F g6<8,8,1>F 0x3f800000F { align1 1H };" },
   { ALL, "add.sat(8) g4.2<1>F -g6.1<0,1,0>F (abs)g7<4,4,1>F { align1 2Q };" },
   { ALL, "(+f0.0) sel.ge(8) g3<1>F g4<8,8,1>F g5<8,8,1>F { align1 1Q };" },
   { ALL, "cmp.l.f0.1(8) null<1>D g2<8,8,1>D 0D { align1 1Q };" },
   { ALL, "(-f1.0.any8h) mov(8) g9<1>D -7D { align1 WE_all 1Q };" },
   { ALL, "math inv(8) g20<1>F g21<8,8,1>F null<8,8,1>F { align1 1Q };" },
   { ALL, "shl(1) g60.2<1>UD g60<0,1,0>UD 0x00000004UD { align1 WE_all 1N };" },
   { ALL, "mov(8) g[a0.1 32]<1>UD g2<8,8,1>UD { align1 1Q };" },
   { ALL, "mov(8) g2<1>UD g[a0.1 64]<8,8,1>UD { align1 1Q };" },
   { ALL, "and(8) g2<1>UD ~g3<8,8,1>UD 0x0000ffffUD { align1 1Q };" },
   { A16, "mad(8) g10<1>F g2<4,4,1>F g3.0<0,1,0>F g4<4,4,1>.yzwxF { align16 1Q };" },
   { A16, "mov(8) g10<1>.xyF g2<4>.xxxxF { align16 1Q };" },
   { A16, "mov(8) g[a0.1 32]<1>.xyF g[a0.2 528]<4>.yzwxF { align16 1Q };" },
   { A16, "add(8) g10<1>F g[a0 16]<4>F -g[a0.3 992]<0>.xF { align16 1Q };" },
   { A1_3SRC, "mad(8) g10<1>F g2<8,8,1>F g3.0<0,1,0>F g4<1,1,1>F { align1 1Q };" },
   { ALL, "(+f0.0) if(8) JIP: 32 UIP: 48 { align1 1Q };" },
   { ALL, "endif(8) JIP: 16 { align1 1Q };" },
   { ALL, "while(8) JIP: -64 { align1 1Q };" },
   { ALL, "call(8) g20<1>UD JIP: 96 { align1 1Q };" },
   { ALL, "ret(8) g20.2<2,2,1>UD { align1 1Q };" },
   { ALL, "(+f0.0) ret(1) g21<2,2,1>UD { align1 WE_all 1N };" },
   { ALL, "ret(8) { align1 1Q };" },
   { ALL, "(+f0.0) brc(8) JIP: 32 UIP: 64 { align1 1Q };" },
   { ALL, "brd(8) JIP: -16 { align1 1Q };" },
   { ALL & ~BIT(ISA_GEN7) & ~BIT(ISA_GEN75), "goto(8) JIP: 32 UIP: 48 { align1 1Q };" },
   { ALL, "(+f0.0) jmpi(1) 32D { align1 WE_all 1N };" },
   { BIT(ISA_GEN7) | BIT(ISA_GEN75) | BIT(ISA_GEN8),
     "send(8) g12<1>UW g2<8,8,1>UD 0x04205e02\n"
     "    data MsgDesc: whatever { align1 1Q };" },
   { PRE12, "send(16) null<1>UW g126<8,8,1>UW 0x82000010\n"
     "    thread_spawner MsgDesc: (end of thread) mlen 1 rlen 0 { align1 WE_all 1H EOT };" },
   { BIT(ISA_GEN9) | BIT(ISA_GEN11),
     "sends(16) nullUD g24UD g26UD 0x04025e02 0x00000080\n"
     "    dp_data1 MsgDesc: (dc1 untyped surface write) { align1 1H };" },
   { BIT(ISA_GEN12),
     "send(16) g18UD g24UD nullUD 0x04205e02 0x00000000\n"
     "    dp_data1 MsgDesc: (dc1 untyped surface read) { align1 1H @1 $0 };" },
   { BIT(ISA_GEN9) | BIT(ISA_GEN11),
     "sends(16) nullUD g24UD g26UD a0<0>UD a0.2<0>UD\n"
     "    dp_data1 MsgDesc: indirect { align1 1H };" },
   { BIT(ISA_GEN12),
     "send(16) nullUD g24UD g26UD 0x04025e02 a0.1<0>UD\n"
     "    dp_data1 MsgDesc: (dc1 untyped surface write) { align1 1H @1 $1 };" },
   { BIT(ISA_GEN12), "sync nop(1) null<0,1,0>UB { align1 WE_all 1N $0.src };" },
   { BIT(ISA_GEN12), "add(16) g10<1>D g8<8,8,1>D g6<8,8,1>D { align1 1H @2 compacted };" },
};

static const char *const bad[] = {
   "bogus(8) g10<1>UD g2<8,8,1>UD { align1 1Q };",
   "mov(8) g10<1>XX g2<8,8,1>UD { align1 1Q };",
   "mov(8) g10<1>UD g2<8,8,1>UD { align1 1Q turbo };",
   "mov(8) g10<1>UD g2<8,9,1>UD { align1 1Q };",
   "add(16) g4<1>F g6<8,8,1>F 0x12345678F { align1 1H compacted };",
};

/* Mangled text (bytes replaced, cut short) must be refused or parsed,
 * never read out of bounds; whatever parses must encode. */
static void
mangled_text(void)
{
   uint64_t state = 0x2545f4914f6cdd1dull;
   const char alphabet[] = "gfa0123456789.<>,()[]{}-~ xUDFWBVQH:$@\n";
   for (unsigned iter = 0; iter < 20000; iter++) {
      state ^= state << 13, state ^= state >> 7, state ^= state << 17;
      unsigned g = state % ISA_GEN_COUNT;
      const char *src = lines[(state >> 8) % (sizeof(lines) / sizeof(lines[0]))].text;
      char text[256];
      size_t len = strlen(src);
      memcpy(text, src, len + 1);
      for (unsigned k = 0; k < 1 + (state >> 20) % 4; k++) {
         state ^= state << 13, state ^= state >> 7, state ^= state << 17;
         text[state % len] = alphabet[(state >> 32) % (sizeof(alphabet) - 1)];
      }
      if ((state >> 40) & 1)
         text[(state >> 44) % len] = '\0';
      struct isa_inst in;
      char err[64];
      uint8_t b[16];
      if (isa_asm_inst(g, text, &in, err, sizeof(err)))
         CHECK(isa_encode(g, &in, b) != 0 || in.compacted,
               "%s: '%s' parsed but does not encode", isa_gen_name(g), text);
   }
}

/* A whole kernel as a vgpu unit test would write it; its disassembly
 * assembles to the same bytes. */
static void
kernel_text(void)
{
   static const char kernel[] =
      "// doubles g2 into g10, then ends the thread\n"
      "add(8) g10<1>F g2<8,8,1>F g2<8,8,1>F { align1 1Q };\n"
      "\n"
      "mov(8) g127<1>UD g0<8,8,1>UD { align1 WE_all 1Q };\n"
      "send(8) null<1>UW g127<8,8,1>UW 0x82000010\n"
      "    thread_spawner MsgDesc: (end of thread) { align1 WE_all 1Q EOT };\n";
   for (unsigned g = ISA_GEN7; g <= ISA_GEN11; g++) {
      uint8_t code[256], again[256];
      char err[160];
      size_t n = isa_asm_kernel(g, kernel, code, sizeof(code), err, sizeof(err));
      CHECK(n == 48, "%s: kernel assembled to %zu bytes: %s", isa_gen_name(g),
            n, err);
      if (n != 48)
         continue;
      char text[4096];
      FILE *f = fmemopen(text, sizeof(text), "w");
      CHECK(isa_disasm_kernel(g, code, n, f) == 3, "%s: disassembly",
            isa_gen_name(g));
      fclose(f);
      size_t m = isa_asm_kernel(g, text, again, sizeof(again), err, sizeof(err));
      CHECK(m == n && !memcmp(code, again, n), "%s: kernel text does not "
            "assemble back: %s", isa_gen_name(g), err);
   }
   char err[160] = "";
   uint8_t code[64];
   CHECK(!isa_asm_kernel(ISA_GEN9, "mov(8) g1<1>UD g2<8,8,1>UD { align1 1Q };\n"
                         "nonsense(8);\n", code, sizeof(code), err, sizeof(err)) &&
         !strncmp(err, "line 2:", 7), "bad kernel line not reported: %s", err);
}

static unsigned
bits(const uint8_t b[16], unsigned hi, unsigned lo)
{
   uint64_t w[2];
   memcpy(w, b, 16);
   return (unsigned)((w[lo / 64] >> (lo % 64)) & ((1ull << (hi - lo + 1)) - 1));
}

/* Align16 register-indirect operands where the PRM puts them (Vol 2a/4
 * "Instruction Formats", Align16 indirect): address mode bit 63 (dst) and
 * 79 (src0); AddrImm[9:4] in 57:52 / 73:68 on Gen7, AddrImm[8:4] in
 * 56:52 / 72:68 with AddrImm[9] in 47 / 95 from Gen8; the swizzle stays in
 * 67:64 and 83:80. */
static void
align16_indirect_bits(void)
{
   const char *text =
      "mov(8) g[a0.1 32]<1>.xyF g[a0.2 528]<4>.yzwxF { align16 1Q };";
   for (unsigned g = ISA_GEN7; g <= ISA_GEN9; g++) {
      struct isa_inst in;
      char err[160];
      uint8_t b[16];
      if (!isa_asm_inst(g, text, &in, err, sizeof(err)) ||
          isa_encode(g, &in, b) != 16) {
         CHECK(false, "%s: Align16 indirect: %s", isa_gen_name(g), err);
         continue;
      }
      bool gen8 = g >= ISA_GEN8;
      CHECK(bits(b, 63, 63) == 1 && bits(b, 79, 79) == 1,
            "%s: address modes", isa_gen_name(g));
      CHECK(gen8 ? bits(b, 56, 52) == 2 && bits(b, 47, 47) == 0
                 : bits(b, 57, 52) == 2,
            "%s: dst AddrImm", isa_gen_name(g));
      CHECK(gen8 ? bits(b, 72, 68) == 1 && bits(b, 95, 95) == 1
                 : bits(b, 73, 68) == 0x21,
            "%s: src0 AddrImm", isa_gen_name(g));
      CHECK(bits(b, 51, 48) == 3, "%s: writemask", isa_gen_name(g));
      /* .yzwx: x=1, y=2, z=3, w=0 */
      CHECK(bits(b, 67, 64) == (1 | 2 << 2) && bits(b, 83, 80) == 3,
            "%s: swizzle %x %x", isa_gen_name(g), bits(b, 67, 64),
            bits(b, 83, 80));
      char back[512];
      struct isa_inst dec;
      CHECK(isa_decode(g, b, 16, &dec) == 16, "%s: decode", isa_gen_name(g));
      isa_disasm_inst(g, &dec, back, sizeof(back));
      CHECK(!strstr(back, "}; ["), "%s: needs a field block: %s",
            isa_gen_name(g), back);
   }
   /* Gen12 has no Align16. */
   struct isa_inst in;
   char err[160];
   uint8_t b[16];
   CHECK(!isa_asm_inst(ISA_GEN12, text, &in, err, sizeof(err)) ||
         !isa_encode(ISA_GEN12, &in, b), "gen12 encoded Align16");
}

/* RET's source is the register pair CALL wrote (return IP, call mask);
 * without one it is the null register. */
static void
ret_source(void)
{
   for (unsigned g = 0; g < ISA_GEN_COUNT; g++) {
      struct isa_inst in;
      char err[160];
      bool ok = isa_asm_inst(g, "ret(8) g20.2<2,2,1>UD { align1 1Q };", &in, err, sizeof(err));
      CHECK(ok && in.op == ISA_OP_RET && in.src[0].file == ISA_FILE_GRF &&
            in.src[0].nr == 20 && in.src[0].subnr == 8 && in.src[0].type == ISA_TYPE_UD &&
            in.src[0].vstride == 2 && in.src[0].width == 1 && in.src[0].hstride == 1,
            "%s: ret source: %s", isa_gen_name(g), ok ? "wrong register" : err);
      ok = isa_asm_inst(g, "ret(8) { align1 1Q };", &in, err, sizeof(err));
      CHECK(ok && in.src[0].file == ISA_FILE_ARF && in.src[0].nr == ISA_ARF_NULL,
            "%s: bare ret: %s", isa_gen_name(g), ok ? "source not null" : err);
   }
}

int
main(void)
{
   unsigned assembled = 0;
   ret_source();
   align16_indirect_bits();
   mangled_text();
   kernel_text();
   for (unsigned g = 0; g < ISA_GEN_COUNT; g++) {
      for (unsigned i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
         if (!(lines[i].gens & BIT(g)))
            continue;
         struct isa_inst in, again;
         char err[160], text[1024];
         uint8_t b1[16], b2[16];
         bool ok = isa_asm_inst(g, lines[i].text, &in, err, sizeof(err));
         CHECK(ok, "%s: '%s': %s", isa_gen_name(g), lines[i].text, err);
         if (!ok)
            continue;
         unsigned n = isa_encode(g, &in, b1);
         CHECK(n == (strstr(lines[i].text, "compacted") ? 8u : 16u),
               "%s: '%s' encoded to %u bytes", isa_gen_name(g), lines[i].text, n);
         if (!n)
            continue;
         isa_disasm_inst(g, &in, text, sizeof(text));
         ok = isa_asm_inst(g, text, &again, err, sizeof(err));
         CHECK(ok && isa_encode(g, &again, b2) == n && !memcmp(b1, b2, n),
               "%s: '%s' -> '%s' does not assemble back (%s)",
               isa_gen_name(g), lines[i].text, text, ok ? "bytes" : err);
         assembled++;
      }
      for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
         struct isa_inst in;
         char err[160] = "";
         uint8_t b[16];
         bool ok = isa_asm_inst(g, bad[i], &in, err, sizeof(err)) &&
                   isa_encode(g, &in, b);
         CHECK(!ok, "%s: '%s' was accepted", isa_gen_name(g), bad[i]);
      }
   }
   printf("%u instructions assembled and round-tripped\n%s\n", assembled,
          failures ? "FAIL" : "PASS");
   return failures ? 1 : 0;
}

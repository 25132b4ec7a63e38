/* Round trips on every generation:
 *  - recorded Mesa instructions decode to the recorded text, re-encode to
 *    the same bytes, and assemble back from their text;
 *  - instructions built through struct isa_inst encode, decode to the same
 *    fields, and compact (or refuse to) consistently. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa.h"
#include "isa_vectors.h"

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

/* Whitespace collapsed, comments and the [field=value] block dropped. */
static void
normalise(const char *in, char *out)
{
   size_t n = 0;
   int space = 0;
   for (; *in; in++) {
      if (in[0] == '/' && in[1] == '*') {
         in = strstr(in, "*/") + 1;
         space = 1;
         continue;
      }
      if (in[0] == '[' && n >= 2 && out[n - 1] == ';')
         break;
      if (*in == ' ' || *in == '\t' || *in == '\n') {
         space = 1;
         continue;
      }
      if (space && n)
         out[n++] = ' ';
      space = 0;
      out[n++] = *in;
   }
   out[n] = '\0';
}

static void
test_vectors(void)
{
   unsigned count[ISA_GEN_COUNT] = { 0 };
   for (unsigned i = 0; i < sizeof(isa_vectors) / sizeof(isa_vectors[0]); i++) {
      const struct isa_vector *v = &isa_vectors[i];
      enum isa_gen gen = isa_gen_from_verx10(v->verx10);
      uint8_t bytes[16], again[16];
      size_t len = strlen(v->hex) / 2;
      for (size_t k = 0; k < len; k++)
         sscanf(v->hex + 2 * k, "%2hhx", &bytes[k]);
      struct isa_inst in, back;
      unsigned n = isa_decode(gen, bytes, len, &in);
      CHECK(n == len, "%d %s: decode gave %u bytes", v->verx10, v->hex, n);
      if (n != len)
         continue;
      char text[1024], norm[1024], err[128];
      isa_disasm_inst(gen, &in, text, sizeof(text));
      normalise(text, norm);
      CHECK(!strcmp(norm, v->text), "%d %s:\n  want %s\n  got  %s",
            v->verx10, v->hex, v->text, norm);
      CHECK(isa_encode(gen, &in, again) == n && !memcmp(again, bytes, n),
            "%d %s: re-encode differs", v->verx10, v->hex);
      bool ok = isa_asm_inst(gen, text, &back, err, sizeof(err));
      CHECK(ok, "%d %s: assembler: %s", v->verx10, v->hex, err);
      CHECK(ok && isa_encode(gen, &back, again) == n && !memcmp(again, bytes, n),
            "%d %s: assembled bytes differ", v->verx10, v->hex);
      count[gen]++;
   }
   for (unsigned g = 0; g < ISA_GEN_COUNT; g++) {
      printf("%-6s %u recorded instructions\n", isa_gen_name(g), count[g]);
      CHECK(count[g] > 20, "%s: too few vectors", isa_gen_name(g));
   }
}

static struct isa_reg
grf(unsigned nr, enum isa_type type)
{
   /* <8;8,1> source / <1> destination */
   return (struct isa_reg) { .file = ISA_FILE_GRF, .type = type, .nr = nr,
                             .vstride = 4, .width = 3, .hstride = 1 };
}

static bool
same_reg(const struct isa_reg *a, const struct isa_reg *b)
{
   return a->file == b->file && a->type == b->type && a->nr == b->nr &&
          a->subnr == b->subnr && a->negate == b->negate && a->abs == b->abs &&
          (a->file == ISA_FILE_IMM ? a->imm == b->imm :
           a->vstride == b->vstride && a->width == b->width &&
           a->hstride == b->hstride);
}

/* An add with every header control set, a predicated cmp, a send: built,
 * encoded, decoded, compared; the add must also compact on every
 * generation, and a negated scalar must not. */
static void
test_built(void)
{
   for (unsigned g = 0; g < ISA_GEN_COUNT; g++) {
      struct isa_inst add = { .op = ISA_OP_ADD, .exec_size = 4 /* SIMD16 */ };
      add.dst = grf(10, ISA_TYPE_F);
      add.dst.vstride = add.dst.width = 0;
      add.src[0] = grf(12, ISA_TYPE_F);
      add.src[1] = grf(14, ISA_TYPE_F);
      add.saturate = true;
      uint8_t b[16];
      struct isa_inst out;
      unsigned n = isa_encode(g, &add, b);
      CHECK(n == 16, "%s: add did not encode", isa_gen_name(g));
      CHECK(isa_decode(g, b, 16, &out) == 16 && out.op == ISA_OP_ADD &&
            out.saturate && out.exec_size == 4 &&
            same_reg(&out.src[0], &add.src[0]) &&
            same_reg(&out.src[1], &add.src[1]) && out.dst.nr == 10,
            "%s: add fields changed", isa_gen_name(g));

      out.compacted = true;
      CHECK(isa_encode(g, &out, b) == 8, "%s: plain add did not compact",
            isa_gen_name(g));
      struct isa_inst c;
      CHECK(isa_decode(g, b, 8, &c) == 8 && c.compacted && c.op == ISA_OP_ADD &&
            same_reg(&c.src[1], &add.src[1]),
            "%s: compacted add decoded differently", isa_gen_name(g));

      /* An immediate no 12/13-bit compacted form can hold. */
      struct isa_inst big = add;
      big.saturate = false;
      big.src[1] = (struct isa_reg) { .file = ISA_FILE_IMM, .type = ISA_TYPE_UD,
                                      .imm = 0x12345678 };
      big.dst.type = big.src[0].type = ISA_TYPE_UD;
      big.compacted = true;
      CHECK(isa_encode(g, &big, b) == 0, "%s: 0x12345678 compacted",
            isa_gen_name(g));
      big.compacted = false;
      CHECK(isa_encode(g, &big, b) == 16 && isa_decode(g, b, 16, &out) &&
            out.src[1].imm == 0x12345678, "%s: immediate lost",
            isa_gen_name(g));

      struct isa_inst cmp = add;
      cmp.op = ISA_OP_CMP;
      cmp.saturate = false;
      cmp.cond_mod = ISA_CMOD_GE;
      cmp.flag_nr = 1;
      cmp.flag_subnr = 1;
      cmp.pred_ctrl = 1;
      cmp.pred_inv = true;
      cmp.src[1].negate = true;
      CHECK(isa_encode(g, &cmp, b) == 16 && isa_decode(g, b, 16, &out) == 16 &&
            out.cond_mod == ISA_CMOD_GE && out.flag_nr == 1 &&
            out.flag_subnr == 1 && out.pred_inv && out.src[1].negate,
            "%s: cmp fields changed", isa_gen_name(g));

      char text[1024], err[128];
      isa_disasm_inst(g, &cmp, text, sizeof(text));
      CHECK(strstr(text, "(-f1.1) cmp.ge.f1.1(16)") != NULL,
            "%s: cmp text: %s", isa_gen_name(g), text);
      struct isa_inst back;
      CHECK(isa_asm_inst(g, text, &back, err, sizeof(err)) &&
            isa_encode(g, &back, b) == 16,
            "%s: cmp did not assemble: %s", isa_gen_name(g), err);
   }
}

/* Words that are not instructions are refused. */
static void
test_invalid(void)
{
   for (unsigned g = 0; g < ISA_GEN_COUNT; g++) {
      uint64_t zero[2] = { 0, 0 };   /* opcode 0: illegal */
      struct isa_inst in;
      CHECK(!isa_decode(g, zero, 16, &in), "%s: all-zero decoded",
            isa_gen_name(g));
      CHECK(!isa_decode(g, zero, 4, &in), "%s: short input decoded",
            isa_gen_name(g));
      uint64_t native[2] = { 1 << 29, 0 };
      CHECK(!isa_decode(g, native, 8, &in), "%s: illegal compacted decoded",
            isa_gen_name(g));
   }
}

/* A kernel with IF/ELSE/ENDIF around compactable instructions: compacting
 * the whole kernel moves every jump target with its instruction, and
 * uncompacting it again gives the original bytes. */
static void
test_kernel_compaction(void)
{
   for (unsigned g = 0; g < ISA_GEN_COUNT; g++) {
      /* byte offsets: if 0, mov 16, else 32, mov 48, endif 64, mov 80 */
      unsigned scale = g <= ISA_GEN75 ? 8 : 1;
      char lines[6][160];
      snprintf(lines[0], 160, "(+f0.0) if(8) JIP: %u UIP: %u { align1 1Q };",
               32 / scale, 64 / scale);
      snprintf(lines[1], 160, "add(16) g10<1>D g8<8,8,1>D g6<8,8,1>D { align1 1H };");
      snprintf(lines[2], 160, "else(8) JIP: %u UIP: %u { align1 1Q };",
               32 / scale, 32 / scale);
      snprintf(lines[3], 160, "add(16) g12<1>D g8<8,8,1>D g6<8,8,1>D { align1 1H };");
      snprintf(lines[4], 160, "endif(8) JIP: %u { align1 1Q };", 16 / scale);
      snprintf(lines[5], 160, "add(16) g14<1>D g8<8,8,1>D g6<8,8,1>D { align1 1H };");
      uint8_t native[96], compact[96], back[96];
      char err[160];
      bool ok = true;
      for (unsigned i = 0; i < 6 && ok; i++) {
         struct isa_inst in;
         ok = isa_asm_inst(g, lines[i], &in, err, sizeof(err)) &&
              isa_encode(g, &in, native + 16 * i) == 16;
         CHECK(ok, "%s: '%s': %s", isa_gen_name(g), lines[i], err);
      }
      if (!ok)
         continue;
      size_t c = isa_kernel_set_compaction(g, native, 96, true, compact,
                                           sizeof(compact));
      CHECK(c > 0 && c < 96, "%s: kernel did not compact (%zu)",
            isa_gen_name(g), c);
      /* The IF must now jump to the ELSE and the ELSE to the ENDIF, wherever
       * they ended up. */
      size_t off[6], o = 0;
      struct isa_inst in[6];
      for (unsigned i = 0; i < 6 && o < c; i++) {
         off[i] = o;
         unsigned n = isa_decode(g, compact + o, c - o, &in[i]);
         CHECK(n, "%s: compacted kernel does not decode", isa_gen_name(g));
         if (!n)
            break;
         o += n;
      }
      CHECK(off[0] + in[0].jip * scale == off[2] &&
            off[0] + in[0].uip * scale == off[4] &&
            off[2] + in[2].jip * scale == off[4] &&
            off[4] + in[4].jip * scale == off[5],
            "%s: jumps not moved with their targets", isa_gen_name(g));
      size_t u = isa_kernel_set_compaction(g, compact, c, false, back,
                                           sizeof(back));
      CHECK(u == 96 && !memcmp(back, native, 96),
            "%s: uncompacting did not restore the kernel", isa_gen_name(g));
   }
}

int
main(void)
{
   test_vectors();
   test_kernel_compaction();
   test_built();
   test_invalid();
   printf("%s\n", failures ? "FAIL" : "PASS");
   return failures ? 1 : 0;
}

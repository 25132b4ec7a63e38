/* isa_kernel_set_compaction moves every kind of jump with the instructions:
 * a kernel of branches (JMPI forward and back, BRD, BRC, CALL, GOTO on
 * Gen8+, IF/ELSE/ENDIF, WHILE) between compactable moves is assembled
 * native, compacted, and uncompacted again.  In the compacted kernel each
 * jump must still land on the instruction it named — computed here from the
 * PRM's rules (JIP/UIP relative to the branch, JMPI relative to the next
 * instruction; bytes from Gen8, 64-bit units on Gen7) — and uncompacting
 * must give the native kernel back byte for byte.  isa_kernel_size is
 * checked on Mesa's instructions (check_kernel_size). */
#include <stdio.h>
#include <string.h>

#include "isa.h"
#include "isa_vectors.h"

#define MAX 32

struct line {
   const char *fmt;    /* %d: JIP, second %d: UIP (or JMPI's offset) */
   int jip, uip;       /* target instruction indices, -1 none */
   bool gen8;          /* only from Gen8 (GOTO) */
};

/* Targets are instruction indices; index 12 is the kernel's end. */
static const struct line lines[] = {
   { "mov(16) g10<1>F g11<8,8,1>UD { align1 1H };", -1, -1 },
   { "(+f0.0) jmpi(1) %dD { align1 WE_all 1N };", 6, -1 },
   { "mov(16) g12<1>F g13<8,8,1>UD { align1 1H };", -1, -1 },
   { "brd(8) JIP: %d { align1 1Q };", 7, -1 },
   { "(+f0.0) if(8) JIP: %d UIP: %d { align1 1Q };", 5, 8 },
   { "else(8) JIP: %d UIP: %d { align1 1Q };", 8, 8 },
   { "brc(8) JIP: %d UIP: %d { align1 1Q };", 9, 10 },
   { "mov(16) g14<1>F g15<8,8,1>UD { align1 1H };", -1, -1 },
   { "endif(8) JIP: %d { align1 1Q };", 9, -1 },
   { "call(8) g20<1>UD JIP: %d { align1 1Q };", 11, -1 },
   { "goto(8) JIP: %d UIP: %d { align1 1Q };", 11, 12, true },
   { "(+f0.0) jmpi(1) %dD { align1 WE_all 1N };", 2, -1 },
   { "while(8) JIP: %d { align1 1Q };", 0, -1 },
};
#define NLINES (sizeof(lines) / sizeof(lines[0]))

static bool
has_uip_text(const char *fmt)
{
   return strstr(fmt, "UIP") != NULL;
}

/* Where instruction `in` at offset `off` (size `len`) jumps: JIP, or JMPI's
 * immediate. */
static long
target(enum isa_gen gen, const struct isa_inst *in, long off, unsigned len,
       bool uip)
{
   long scale = gen < ISA_GEN8 ? 8 : 1;
   if (in->op == ISA_OP_JMPI)
      return off + len + (long)(int32_t)in->src[1].imm * scale;
   return off + (long)(uip ? in->uip : in->jip) * scale;
}

static int
index_of(const long *offs, unsigned n, long size, long off)
{
   if (off == size)
      return (int)n;
   for (unsigned i = 0; i < n; i++)
      if (offs[i] == off)
         return (int)i;
   return -1;
}

static int
check_gen(enum isa_gen gen)
{
   int scale = gen < ISA_GEN8 ? 8 : 1;
   char text[4096] = "", err[256];
   unsigned n = 0;
   int idx[MAX];
   for (unsigned l = 0; l < NLINES; l++) {
      if (lines[l].gen8 && gen < ISA_GEN8)
         continue;
      idx[n++] = (int)l;
   }
   /* Map the lines' target indices onto this generation's instructions. */
   int map[NLINES + 1];
   for (unsigned l = 0, i = 0; l <= NLINES; l++) {
      map[l] = (int)i;
      if (l < NLINES && !(lines[l].gen8 && gen < ISA_GEN8))
         i++;
   }
   for (unsigned i = 0; i < n; i++) {
      const struct line *ln = &lines[idx[i]];
      bool jmpi = strstr(ln->fmt, "jmpi") != NULL;
      int from = jmpi ? (int)i + 1 : (int)i;
      int jip = ln->jip < 0 ? 0 : (map[ln->jip] - from) * 16 / scale;
      int uip = ln->uip < 0 ? 0 : (map[ln->uip] - (int)i) * 16 / scale;
      char one[256];
      snprintf(one, sizeof(one), ln->fmt, jip, uip);
      strcat(text, one);
      strcat(text, "\n");
   }

   static uint8_t native[MAX * 16], cmp[MAX * 16], back[MAX * 32];
   size_t nsize = isa_asm_kernel(gen, text, native, sizeof(native), err,
                                 sizeof(err));
   if (nsize != n * 16) {
      fprintf(stderr, "%s: kernel does not assemble natively: %s\n",
              isa_gen_name(gen), err);
      return 1;
   }
   size_t csize = isa_kernel_set_compaction(gen, native, nsize, true, cmp,
                                            sizeof(cmp));
   if (!csize || csize >= nsize) {
      fprintf(stderr, "%s: compaction gave %zu of %zu bytes\n",
              isa_gen_name(gen), csize, nsize);
      return 1;
   }
   /* Decode the compacted kernel and follow every jump. */
   struct isa_inst ins[MAX];
   long offs[MAX];
   unsigned lens[MAX];
   size_t off = 0;
   for (unsigned i = 0; i < n; i++) {
      lens[i] = isa_decode(gen, cmp + off, csize - off, &ins[i]);
      offs[i] = (long)off;
      if (!lens[i]) {
         fprintf(stderr, "%s: compacted instruction %u undecodable\n",
                 isa_gen_name(gen), i);
         return 1;
      }
      off += lens[i];
   }
   int bad = 0;
   for (unsigned i = 0; i < n; i++) {
      const struct line *ln = &lines[idx[i]];
      for (int u = 0; u < 2; u++) {
         int want = u ? ln->uip : ln->jip;
         if (want < 0 || (u && !has_uip_text(ln->fmt)))
            continue;
         int got = index_of(offs, n, (long)csize,
                            target(gen, &ins[i], offs[i], lens[i], u));
         if (got != map[want]) {
            fprintf(stderr, "%s: instruction %u (%s) %s lands on %d, not %d\n",
                    isa_gen_name(gen), i, isa_opcode_info(ins[i].op)->name,
                    u ? "UIP" : "JIP", got, map[want]);
            bad++;
         }
      }
   }
   size_t bsize = isa_kernel_set_compaction(gen, cmp, csize, false, back,
                                            sizeof(back));
   if (bsize != nsize || memcmp(back, native, nsize)) {
      fprintf(stderr, "%s: uncompacting does not give the native kernel\n",
              isa_gen_name(gen));
      bad++;
   }
   printf("%-6s %u instructions, %zu bytes native, %zu compacted: %s\n",
          isa_gen_name(gen), n, nsize, csize, bad ? "FAIL" : "ok");
   return bad;
}

/* Appends the bytes of vector v to code at *len. */
static void
append_vector(const struct isa_vector *v, uint8_t *code, size_t *len)
{
   for (size_t k = 0; v->hex[2 * k]; k++)
      sscanf(v->hex + 2 * k, "%2hhx", &code[(*len)++]);
}

/* isa_kernel_size on a kernel made of Mesa-emitted instructions (from
 * isa_vectors.h): the generation's first vector, its first EOT send, then
 * the first vector again as bytes after the kernel's end.  The size must end
 * at the send; cut before it, or with an undecodable instruction in front,
 * there is no kernel. */
static int
check_kernel_size(enum isa_gen gen)
{
   const struct isa_vector *first = NULL, *eot = NULL;
   for (unsigned i = 0; i < sizeof(isa_vectors) / sizeof(isa_vectors[0]); i++) {
      const struct isa_vector *v = &isa_vectors[i];
      if (isa_gen_from_verx10((unsigned)v->verx10) != gen)
         continue;
      if (!first)
         first = v;
      if (!eot && strstr(v->text, " EOT }"))
         eot = v;
   }
   if (!first || !eot || first == eot) {
      fprintf(stderr, "%s: isa_vectors.h lacks an EOT send\n", isa_gen_name(gen));
      return 1;
   }
   uint8_t code[64];
   size_t len = 0;
   append_vector(first, code, &len);
   append_vector(eot, code, &len);
   size_t end = len;
   append_vector(first, code, &len);
   int bad = 0;
   if (isa_kernel_size(gen, code, len) != end ||
       isa_kernel_size(gen, code, end) != end) {
      fprintf(stderr, "%s: kernel size not %zu\n", isa_gen_name(gen), end);
      bad++;
   }
   if (isa_kernel_size(gen, code, end - 1) || isa_kernel_size(gen, code, end - 8)) {
      fprintf(stderr, "%s: a kernel cut before its EOT send has a size\n",
              isa_gen_name(gen));
      bad++;
   }
   /* Opcode 0x7f is reserved on every generation. */
   uint8_t garbage[80];
   memset(garbage, 0xff, 16);
   memcpy(garbage + 16, code, len);
   struct isa_inst in;
   if (isa_decode(gen, garbage, 16, &in) || isa_kernel_size(gen, garbage, len + 16)) {
      fprintf(stderr, "%s: an undecodable instruction starts a kernel\n",
              isa_gen_name(gen));
      bad++;
   }
   printf("%-6s kernel size %zu of %zu bytes: %s\n", isa_gen_name(gen), end, len,
          bad ? "FAIL" : "ok");
   return bad;
}

int
main(void)
{
   int bad = 0;
   for (unsigned g = 0; g < ISA_GEN_COUNT; g++)
      bad += check_gen((enum isa_gen)g) + check_kernel_size((enum isa_gen)g);
   printf("%s\n", bad ? "FAIL" : "PASS");
   return bad ? 1 : 0;
}

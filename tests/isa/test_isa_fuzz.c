/* Random instruction words: each either decodes to an instruction that
 * encodes back to the very same bytes and whose disassembly assembles to
 * them too, or is rejected — never a crash or a silent change.  Half of
 * the words get a valid opcode of the generation so that most of them
 * reach the operand decoders.  Deterministic (fixed seed), 200k native
 * (128-bit) and 200k compacted (64-bit) words per generation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa.h"

static uint64_t state = 0x9e3779b97f4a7c15ull;

static uint64_t
next(void)
{
   /* xorshift64* */
   state ^= state >> 12;
   state ^= state << 25;
   state ^= state >> 27;
   return state * 0x2545f4914f6cdd1dull;
}

static const unsigned valid_ops[] = {
   1, 2, 5, 9, 16, 18, 24, 26, 32, 34, 36, 37, 39, 40, 49, 50, 51, 56, 64,
   65, 72, 84, 89, 90, 91, 92, 93, 97, 98, 101, 105, 112, 114, 120, 122, 126,
};

int
main(void)
{
   int failures = 0;
   for (unsigned g = 0; g < ISA_GEN_COUNT; g++) {
      unsigned valid[2] = { 0, 0 }, total[2] = { 0, 0 };
      for (unsigned i = 0; i < 400000; i++) {
         bool compact = i & 1;
         uint64_t w[2] = { next(), next() };
         if (i & 2) {
            w[0] &= ~0x7full;
            w[0] |= valid_ops[next() % (sizeof(valid_ops) / sizeof(valid_ops[0]))];
         }
         /* Sparse words look more like real instructions. */
         if (i & 4) {
            w[0] &= next() | 0x7f;
            w[1] &= next() & next();
         }
         w[0] = compact ? w[0] | (1ull << 29) : w[0] & ~(1ull << 29);
         struct isa_inst in;
         unsigned n = isa_decode((enum isa_gen)g, w, compact ? 8 : 16, &in);
         total[compact]++;
         if (!n)
            continue;
         valid[compact]++;
         uint8_t out[16];
         unsigned m = isa_encode((enum isa_gen)g, &in, out);
         char text[1024];
         isa_disasm_inst((enum isa_gen)g, &in, text, sizeof(text));
         if (m != n || memcmp(out, w, n)) {
            if (failures++ < 10)
               fprintf(stderr, "%s: %016llx %016llx re-encodes differently: %s\n",
                       isa_gen_name((enum isa_gen)g),
                       (unsigned long long)w[1], (unsigned long long)w[0], text);
            continue;
         }
         /* The text form holds everything: it assembles to the same word. */
         struct isa_inst back;
         char err[128];
         uint8_t again[16];
         if (!isa_asm_inst((enum isa_gen)g, text, &back, err, sizeof(err)) ||
             isa_encode((enum isa_gen)g, &back, again) != n ||
             memcmp(again, w, n)) {
            if (failures++ < 10)
               fprintf(stderr, "%s: %016llx %016llx does not assemble back (%s): %s\n",
                       isa_gen_name((enum isa_gen)g),
                       (unsigned long long)w[1], (unsigned long long)w[0],
                       err, text);
         }
      }
      printf("%-6s native: %u/%u valid, compacted: %u/%u valid\n",
             isa_gen_name((enum isa_gen)g), valid[0], total[0], valid[1],
             total[1]);
      if (!valid[0] || !valid[1]) {
         fprintf(stderr, "%s: no random word decoded; the test tests nothing\n",
                 isa_gen_name((enum isa_gen)g));
         failures++;
      }
   }
   printf("%s\n", failures ? "FAIL" : "PASS");
   return failures ? 1 : 0;
}

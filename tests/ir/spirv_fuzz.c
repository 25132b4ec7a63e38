/* libFuzzer target for the whole shader path: any input must end in
 * either a valid IR shader or an error message, without a crash, a
 * sanitizer report or unbounded memory.  Accepted modules are optimised,
 * and compute shaders compiled by the Gen back end for every generation
 * at a width the input picks: each kernel must decode instruction by
 * instruction to its end of thread, or compilation must fail with a
 * message.  Seed with the corpus:
 *   spirv_fuzz -max_total_time=60 corpus_dir/ */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gbe.h"
#include "ir_pass.h"
#include "spirv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A kernel is whole when its bytes are instructions up to the send that
 * ends the thread, and nothing after it. */
static void
check_kernel(const struct gbe_kernel *k)
{
   if (isa_kernel_size(k->gen, k->code, k->code_size) != k->code_size)
      abort();
}

static void
compile_all_gens(const uint32_t *w, size_t words, unsigned simd)
{
   for (int g = 0; g < ISA_GEN_COUNT; g++) {
      char err[256];
      struct ir_shader *s = spirv_to_ir(w, words, NULL, err, sizeof(err));
      if (!s)
         abort();   /* it was accepted a moment ago */
      struct ir_pass_options opt = { 0 };
      struct gbe_options go = { .gen = (enum isa_gen)g, .simd = simd };
      struct gbe_kernel k;
      if (s->stage == IR_STAGE_COMPUTE && ir_optimize(s, &opt)) {
         if (gbe_compile(s, &go, &k, err, sizeof(err))) {
            check_kernel(&k);
            gbe_kernel_finish(&k);
         } else if (!err[0]) {
            abort();   /* a failure must say why */
         }
      }
      ir_shader_destroy(s);
   }
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   size_t words = size / 4;
   uint32_t *w = malloc(words ? words * 4 : 4);
   if (!w)
      return 0;
   memcpy(w, data, words * 4);
   char err[256];
   struct ir_shader *s = spirv_to_ir(w, words, NULL, err, sizeof(err));
   if (s) {
      if (!ir_validate(s, stderr))
         abort();   /* the front end produced invalid IR: a bug */
      struct ir_pass_options opt = { .validate = true };
      if (!ir_optimize(s, &opt))
         abort();
      bool compute = s->stage == IR_STAGE_COMPUTE;
      ir_shader_destroy(s);
      static const unsigned widths[] = { 8, 16, 32 };
      if (compute)
         compile_all_gens(w, words, widths[size % 3]);
   }
   free(w);
   return 0;
}

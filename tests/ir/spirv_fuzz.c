/* libFuzzer target for the SPIR-V front end: any input must end in either
 * a valid IR shader or an error message, without a crash, a sanitizer
 * report or unbounded memory.  Accepted modules are also optimised, so the
 * passes see what the front end lets through.  Seed with the corpus:
 *   spirv_fuzz -max_total_time=60 corpus_dir/ */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ir_pass.h"
#include "spirv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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
      ir_shader_destroy(s);
   }
   free(w);
   return 0;
}

/* Differential test: one compute shader run by lavapipe (through the
 * Vulkan loader) and by the IR reference interpreter on the same inputs
 * (the corpus interface and comparison: ir_corpus_io.h; argument 2 is the
 * ULP bound).  The interpreter is also run on the IR before and after
 * optimisation and after the generic lowerings, and those must agree bit
 * for bit.  A shader that uses subgroups is interpreted with lavapipe's
 * subgroup size, in lockstep (ir_interp.h). */
#include "ir_corpus_io.h"
#include "ir_pass.h"
#include "ir_test_util.h"
#include "spirv.h"

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s shader.spv ulp [gx gy gz]\n", argv[0]);
      return 1;
   }
   uint32_t ulp = (uint32_t)atoi(argv[2]);
   uint32_t groups[3] = { 4, 1, 1 };
   for (int i = 0; i < 3 && 3 + i < argc; i++)
      groups[i] = (uint32_t)atoi(argv[3 + i]);
   size_t words;
   uint32_t *code = read_spirv(argv[1], &words);
   if (!code)
      return 1;
   char err[512];
   struct ir_shader *s = spirv_to_ir(code, words, NULL, err, sizeof(err));
   if (!s) {
      fprintf(stderr, "%s\n", err);
      return 1;
   }
   if (!ir_validate(s, stderr))   /* the interpreter assumes valid IR */
      return 1;
   uint32_t sg = 0;
   if (uses_subgroups(s) && !(sg = lavapipe_subgroup_size())) {
      printf("SKIP: lavapipe, whose subgroup size the interpreter takes, is not available\n");
      return SKIP;
   }
   struct inputs in;
   fill_inputs(&in);
   uint32_t *raw[NUM_BINDINGS], *opt[NUM_BINDINGS], *low[NUM_BINDINGS], *lvp[NUM_BINDINGS];
   if (!run_interp(s, groups, &in, raw, sg))
      return 1;
   struct ir_pass_options po = { .validate = true };
   if (!ir_optimize(s, &po) || !run_interp(s, groups, &in, opt, sg))
      return 1;
   if (compare("optimised vs unoptimised IR", raw, opt, 0))
      return 1;
   if (!ir_lower(s, &po) || !run_interp(s, groups, &in, low, sg))
      return 1;
   if (compare("lowered vs unoptimised IR", raw, low, 0))
      return 1;
   int r = run_lavapipe(code, words, groups, &in, lvp);
   if (r == SKIP) {
      printf("SKIP: lavapipe is not available (VK_ICD_FILENAMES=%s)\n",
             getenv("VK_ICD_FILENAMES") ? getenv("VK_ICD_FILENAMES") : "");
      return SKIP;
   }
   if (r)
      return 1;
   unsigned bad = compare("lavapipe vs interpreter", lvp, opt, ulp);
   for (int b = 0; b < NUM_BINDINGS; b++) {
      free(raw[b]);
      free(opt[b]);
      free(low[b]);
      free(lvp[b]);
      free(in.buf[b]);
   }
   ir_shader_destroy(s);
   free(code);
   if (bad) {
      fprintf(stderr, "%u words differ\n", bad);
      return 1;
   }
   if (sg)
      printf("%s: interpreter matches lavapipe (ulp bound %u, subgroups of %u)\n", argv[1], ulp,
             sg);
   else
      printf("%s: interpreter matches lavapipe (ulp bound %u)\n", argv[1], ulp);
   return 0;
}

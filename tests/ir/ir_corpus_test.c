/* Every shader of the corpus parses, validates after every pass, and
 * prints the same text twice (the printer is deterministic). */
#include <string.h>

#include "ir_pass.h"
#include "ir_test_util.h"
#include "spirv.h"

static bool
check_shader(const char *path, unsigned *passes_run)
{
   size_t words;
   uint32_t *code = read_spirv(path, &words);
   if (!code)
      return false;
   char err[512];
   struct ir_shader *s = spirv_to_ir(code, words, NULL, err, sizeof(err));
   free(code);
   if (!s) {
      fprintf(stderr, "%s: %s\n", path, err);
      return false;
   }
   bool ok = ir_validate(s, stderr);
   struct ir_pass_options opt = { .validate = true };
   for (unsigned p = 0; ok && p < ir_num_passes; p++) {
      ok = ir_run_pass(s, &ir_passes[p], &opt, NULL);
      *passes_run += ok;
   }
   ok = ok && ir_optimize(s, &opt);
   if (ok) {
      char *a = ir_print_to_string(s), *b = ir_print_to_string(s);
      ok = a && b && strlen(a) > 0 && !strcmp(a, b) && strstr(a, "fn main");
      free(a);
      free(b);
   }
   if (!ok)
      fprintf(stderr, "%s: failed\n", path);
   ir_shader_destroy(s);
   return ok;
}

int
main(int argc, char **argv)
{
   unsigned good = 0, passes = 0;
   for (int i = 1; i < argc; i++)
      good += check_shader(argv[i], &passes);
   printf("%u/%d shaders parse, validate after every pass (%u pass runs) and print\n", good,
          argc - 1, passes);
   return good == (unsigned)(argc - 1) && argc > 1 ? 0 : 1;
}

/* SPIR-V -> optimised IR time per shader and for the whole corpus, and the
 * process's peak memory.  Each shader is compiled `repeat` times and the
 * best time is reported (the minimum is the least noisy estimate). */
#include <stdio.h>
#include <sys/resource.h>
#include <time.h>

#include "ir_pass.h"
#include "ir_test_util.h"
#include "spirv.h"

static double
now(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int
main(int argc, char **argv)
{
   const int repeat = 20;
   double total = 0;
   int failed = 0, compiled = 0;
   for (int a = 1; a < argc; a++) {
      size_t words;
      uint32_t *code = read_spirv(argv[a], &words);
      if (!code)
         return 1;
      double best = -1;
      for (int r = 0; r < repeat; r++) {
         char err[256];
         double t0 = now();
         struct ir_shader *s = spirv_to_ir(code, words, NULL, err, sizeof(err));
         struct ir_pass_options opt = { 0 };
         bool ok = s && ir_optimize(s, &opt);
         double dt = now() - t0;
         ir_shader_destroy(s);
         if (!ok) {
            fprintf(stderr, "%s: %s\n", argv[a], s ? "optimisation failed" : err);
            failed++;
            break;
         }
         best = best < 0 || dt < best ? dt : best;
      }
      free(code);
      if (best < 0)
         continue;   /* failed: reported above, not part of the total */
      printf("%-60s %8.3f ms\n", argv[a], best * 1e3);
      total += best;
      compiled++;
   }
   struct rusage ru;
   getrusage(RUSAGE_SELF, &ru);
   printf("total for %d shaders: %.3f ms; peak RSS %ld KiB\n", compiled, total * 1e3,
          ru.ru_maxrss);
   if (failed)
      printf("%d shaders failed to compile\n", failed);
   return failed != 0;
}

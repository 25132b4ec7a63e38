/* genvk's SPIR-V -> kernel time and kernel statistics, in the form
 * bench_pipeline prints for a Vulkan driver (scripts/bench-compiler puts
 * them side by side):
 *
 *   bench_compile --gen VERX10 [--repeat N] SHADER.spv...
 *
 * The time is the whole path a pipeline takes (SPIR-V front end, IR
 * optimisation, the Gen back end at the width it would dispatch), best of
 * N; then one line per SIMD width the back end compiles, with the
 * statistics gbe_stats_line reports.  Prints numbers, asserts nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gbe.h"
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

/* SPIR-V to kernel; false when the shader does not compile. */
static bool
compile(const uint32_t *code, size_t words, enum isa_gen gen, unsigned simd,
        struct gbe_kernel *k, char *err, size_t err_size)
{
   struct ir_shader *s = spirv_to_ir(code, words, NULL, err, err_size);
   if (!s)
      return false;
   struct ir_pass_options po = { 0 };
   struct gbe_options opt = { .gen = gen, .simd = simd };
   bool ok = ir_optimize(s, &po) && gbe_compile(s, &opt, k, err, err_size);
   ir_shader_destroy(s);
   return ok;
}

int
main(int argc, char **argv)
{
   int repeat = 5, a = 1;
   enum isa_gen gen = ISA_GEN9;
   for (; a + 1 < argc && argv[a][0] == '-'; a += 2) {
      if (!strcmp(argv[a], "--repeat"))
         repeat = atoi(argv[a + 1]);
      else if (!strcmp(argv[a], "--gen"))
         gen = isa_gen_from_verx10((unsigned)atoi(argv[a + 1]));
   }
   if (gen == ISA_GEN_COUNT) {
      fprintf(stderr, "bench_compile: --gen takes 70, 75, 80, 90, 110 or 120\n");
      return 2;
   }
   for (; a < argc; a++) {
      size_t words;
      uint32_t *code = read_spirv(argv[a], &words);
      if (!code)
         continue;
      const char *name = strrchr(argv[a], '/') ? strrchr(argv[a], '/') + 1 : argv[a];
      char err[512];
      double best = 1e30;
      struct gbe_kernel k;
      bool ok = true;
      for (int r = 0; r < repeat && ok; r++) {
         double t0 = now();
         ok = compile(code, words, gen, 0, &k, err, sizeof(err));
         double t = now() - t0;
         if (ok) {
            gbe_kernel_finish(&k);
            best = t < best ? t : best;
         }
      }
      if (!ok) {
         printf("%s unsupported: %s\n", name, err);
         free(code);
         continue;
      }
      static const unsigned widths[] = { 8, 16, 32 };
      for (unsigned w = 0; w < 3; w++) {
         if (!compile(code, words, gen, widths[w], &k, err, sizeof(err)))
            continue;
         const struct gbe_stats *st = &k.stats;
         printf("%s ms=%.3f simd=%u instructions=%u sends=%u loops=%u cycles=%u spills=%u "
                "fills=%u\n", name, best * 1e3, widths[w], st->instructions, st->sends, st->loops,
                st->cycles, st->spills, st->fills);
         gbe_kernel_finish(&k);
      }
      free(code);
   }
   return 0;
}

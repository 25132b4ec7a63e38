/* genvk-compile: SPIR-V module -> printed IR, optionally after each pass,
 * with the time each pass took; with --gen, the Gen kernel.
 *
 *   genvk-compile [--print-after=PASS|all] [--time] [--lower] [--entry=NAME]
 *                 [--spec=ID=VALUE]... [--quiet]
 *                 [--gen 7|75|8|9|11|12 [--simd 8|16|32] [--stats] [--no-compact] [--lir]]
 *                 file.spv
 *
 * --lower also runs the generic lowerings (system values, scalarisation).
 * --gen prints the kernel's disassembly (src/isa) and, with --stats, one
 * line of statistics per kernel in the form Mesa's INTEL_DEBUG=cs prints;
 * --lir the back end's LIR after its last pass; --no-compact every
 * instruction in its 128-bit form. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "gbe.h"
#include "ir_pass.h"
#include "spirv.h"
#include "util_file.h"

#define MAX_SPEC 64

static double
now(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* SPIR-V is a sequence of whole 32-bit words. */
static uint32_t *
read_spirv(const char *path, size_t *words)
{
   size_t size;
   uint32_t *code = util_read_file(path, &size);
   if (code && size % 4) {
      free(code);
      return NULL;
   }
   *words = size / 4;
   return code;
}

/* The Gen kernel at one width (or each width the shader can use). */
static bool
compile_kernel(struct ir_shader *s, unsigned verx10, unsigned simd, bool stats, bool quiet,
               bool native, bool lir)
{
   /* the generation number, 75 for Gen7.5 */
   unsigned v = verx10 < 20 ? verx10 * 10 : verx10;
   enum isa_gen gen = isa_gen_from_verx10(v);
   if (gen == ISA_GEN_COUNT) {
      fprintf(stderr, "genvk-compile: --gen takes 7, 75, 8, 9, 11 or 12\n");
      return false;
   }
   struct gbe_options opt = { .gen = gen, .simd = simd, .no_compact = native,
                             .print_lir = lir ? stdout : NULL };
   struct gbe_kernel k;
   char err[512];
   if (!gbe_compile(s, &opt, &k, err, sizeof(err))) {
      fprintf(stderr, "genvk-compile: %s: %s\n", isa_gen_name(gen), err);
      return false;
   }
   if (!quiet)
      isa_disasm_kernel(gen, k.code, k.code_size, stdout);
   if (stats) {
      char line[200];
      gbe_stats_line(&k, line, sizeof(line));
      printf("%s\n", line);
   }
   gbe_kernel_finish(&k);
   return true;
}

static int
usage(void)
{
   fprintf(stderr, "usage: genvk-compile [--print-after=PASS|all] [--time] [--lower] [--entry=NAME]\n"
                   "                     [--spec=ID=VALUE]... [--quiet]\n"
                   "                     [--gen 7|75|8|9|11|12 [--simd 8|16|32] [--stats] [--no-compact] [--lir]] file.spv\n"
                   "passes:");
   for (unsigned p = 0; p < ir_num_passes; p++)
      fprintf(stderr, " %s", ir_passes[p].name);
   fputc('\n', stderr);
   return 2;
}

int
main(int argc, char **argv)
{
   struct spirv_spec_value spec[MAX_SPEC];
   struct spirv_options so = { .spec = spec };
   struct ir_pass_options po = { .validate = true, .print = stdout };
   bool quiet = false, lower = false, stats = false, native = false, lir = false;
   unsigned gen_verx10 = 0, simd = 0;
   const char *path = NULL;
   for (int i = 1; i < argc; i++) {
      const char *a = argv[i];
      if (!strncmp(a, "--print-after=", 14))
         po.print_after = a + 14;
      else if (!strcmp(a, "--time"))
         po.timing = stderr;
      else if (!strcmp(a, "--quiet"))
         quiet = true;
      else if (!strcmp(a, "--lower"))
         lower = true;
      else if (!strcmp(a, "--stats"))
         stats = true;
      else if (!strcmp(a, "--no-compact"))
         native = true;
      else if (!strcmp(a, "--lir"))
         lir = true;
      else if (!strcmp(a, "--gen") && i + 1 < argc)
         gen_verx10 = (unsigned)atoi(argv[++i]);
      else if (!strcmp(a, "--simd") && i + 1 < argc)
         simd = (unsigned)atoi(argv[++i]);
      else if (!strncmp(a, "--entry=", 8))
         so.entry_point = a + 8;
      else if (!strncmp(a, "--spec=", 7) && so.num_spec < MAX_SPEC) {
         char *end;
         spec[so.num_spec].spec_id = (uint32_t)strtoul(a + 7, &end, 0);
         if (*end != '=')
            return usage();
         spec[so.num_spec++].value = strtoull(end + 1, NULL, 0);
      } else if (a[0] == '-' || path)
         return usage();
      else
         path = a;
   }
   if (!path)
      return usage();
   size_t words;
   uint32_t *code = read_spirv(path, &words);
   if (!code) {
      fprintf(stderr, "genvk-compile: cannot read %s as SPIR-V\n", path);
      return 1;
   }
   char err[512];
   double t0 = now();
   struct ir_shader *s = spirv_to_ir(code, words, &so, err, sizeof(err));
   double t_parse = now() - t0;
   free(code);
   if (!s) {
      fprintf(stderr, "genvk-compile: %s: %s\n", path, err);
      return 1;
   }
   if (po.timing)
      fprintf(stderr, "pass %-12s %9.3f ms\n", "spirv", t_parse * 1e3);
   if (po.print_after && (!strcmp(po.print_after, "all") || !strcmp(po.print_after, "spirv"))) {
      printf("; after spirv\n");
      ir_print(s, stdout);
   }
   t0 = now();
   bool ok = ir_validate(s, stderr) && (lower ? ir_lower(s, &po) : ir_optimize(s, &po));
   if (po.timing) {
      struct rusage ru;
      getrusage(RUSAGE_SELF, &ru);
      fprintf(stderr, "total %.3f ms (spirv %.3f ms, passes %.3f ms), peak RSS %ld KiB\n",
              (t_parse + now() - t0) * 1e3, t_parse * 1e3, (now() - t0) * 1e3, ru.ru_maxrss);
   }
   if (ok && gen_verx10)
      ok = compile_kernel(s, gen_verx10, simd, stats, quiet, native, lir);
   else if (ok && !quiet && !po.print_after)
      ir_print(s, stdout);
   ir_shader_destroy(s);
   return ok ? 0 : 1;
}

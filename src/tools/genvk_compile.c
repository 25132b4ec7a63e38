/* genvk-compile: SPIR-V module -> printed IR, optionally after each pass,
 * with the time each pass took.
 *
 *   genvk-compile [--print-after=PASS|all] [--time] [--lower] [--entry=NAME]
 *                 [--spec=ID=VALUE]... [--quiet] file.spv
 *
 * --lower also runs the generic lowerings (system values, scalarisation). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "ir_pass.h"
#include "spirv.h"

#define MAX_SPEC 64

static double
now(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static uint32_t *
read_file(const char *path, size_t *words)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   size_t cap = 1 << 16, n = 0;
   uint8_t *buf = malloc(cap);
   for (size_t got; buf && (got = fread(buf + n, 1, cap - n, f)) > 0;) {
      n += got;
      if (n == cap)
         buf = realloc(buf, cap *= 2);
   }
   fclose(f);
   if (!buf || n % 4) {
      free(buf);
      return NULL;
   }
   *words = n / 4;
   return (uint32_t *)buf;
}

static int
usage(void)
{
   fprintf(stderr, "usage: genvk-compile [--print-after=PASS|all] [--time] [--lower] [--entry=NAME]\n"
                   "                     [--spec=ID=VALUE]... [--quiet] file.spv\n"
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
   bool quiet = false, lower = false;
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
   uint32_t *code = read_file(path, &words);
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
   if (ok && !quiet && !po.print_after)
      ir_print(s, stdout);
   ir_shader_destroy(s);
   return ok ? 0 : 1;
}

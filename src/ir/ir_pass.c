#include <string.h>
#include <time.h>

#include "ir_pass.h"

const struct ir_pass ir_passes[] = {
   { "split_vars", ir_pass_split_vars },
   { "vars_to_ssa", ir_pass_vars_to_ssa },
   { "copy_prop", ir_pass_copy_prop },
   { "const_fold", ir_pass_const_fold },
   { "algebraic", ir_pass_algebraic },
   { "cse", ir_pass_cse },
   { "dce", ir_pass_dce },
   { "cf", ir_pass_cf },
   { "loop_unroll", ir_pass_loop_unroll },
   { "lower_compute_sysvals", ir_pass_lower_compute_sysvals, true },
   { "scalarize", ir_pass_scalarize, true },
};
const unsigned ir_num_passes = sizeof(ir_passes) / sizeof(ir_passes[0]);

static double
now(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

bool
ir_run_pass(struct ir_shader *s, const struct ir_pass *p, const struct ir_pass_options *opt,
            bool *progress)
{
   static const struct ir_pass_options none;
   if (!opt)
      opt = &none;
   double t0 = now();
   bool changed = p->run(s);
   double dt = now() - t0;
   if (progress)
      *progress |= changed;
   if (opt->pass_seconds)
      opt->pass_seconds[p - ir_passes] += dt;
   if (opt->timing)
      fprintf(opt->timing, "pass %-12s %9.3f ms%s\n", p->name, dt * 1e3,
              changed ? "" : " (no change)");
   if (opt->print && opt->print_after &&
       (!strcmp(opt->print_after, "all") || !strcmp(opt->print_after, p->name))) {
      fprintf(opt->print, "; after %s\n", p->name);
      ir_print(s, opt->print);
   }
   bool validate = opt->validate;
#ifndef NDEBUG
   validate = true;
#endif
   if (validate && !ir_validate(s, stderr)) {
      fprintf(stderr, "ir: invalid IR after pass %s\n", p->name);
      return false;
   }
   return true;
}

bool
ir_optimize(struct ir_shader *s, const struct ir_pass_options *opt)
{
   for (unsigned iter = 0; iter < 16; iter++) {
      bool progress = false;
      for (unsigned p = 0; p < ir_num_passes; p++) {
         if (!ir_passes[p].lowering && !ir_run_pass(s, &ir_passes[p], opt, &progress))
            return false;
      }
      if (!progress)
         break;
   }
   return true;
}

bool
ir_lower(struct ir_shader *s, const struct ir_pass_options *opt)
{
   for (unsigned p = 0; p < ir_num_passes; p++) {
      if (ir_passes[p].lowering && !ir_run_pass(s, &ir_passes[p], opt, NULL))
         return false;
   }
   return ir_optimize(s, opt);
}

/* Generic passes and the pass manager.  Each pass returns whether it
 * changed the shader; the manager validates after every pass in debug
 * builds (and always when asked), and can print and time each pass. */
#ifndef IR_PASS_H
#define IR_PASS_H

#include "ir.h"

bool ir_pass_split_vars(struct ir_shader *s);
bool ir_pass_vars_to_ssa(struct ir_shader *s);
bool ir_pass_const_fold(struct ir_shader *s);
bool ir_pass_algebraic(struct ir_shader *s);
bool ir_pass_loop_unroll(struct ir_shader *s);
bool ir_pass_copy_prop(struct ir_shader *s);
bool ir_pass_cse(struct ir_shader *s);
bool ir_pass_dce(struct ir_shader *s);
bool ir_pass_cf(struct ir_shader *s);
bool ir_pass_scalarize(struct ir_shader *s);
bool ir_pass_lower_compute_sysvals(struct ir_shader *s);

struct ir_pass {
   const char *name;
   bool (*run)(struct ir_shader *s);
   bool lowering;   /* run by ir_lower, not by ir_optimize */
};

extern const struct ir_pass ir_passes[];
extern const unsigned ir_num_passes;

struct ir_pass_options {
   bool validate;              /* forced on when NDEBUG is not defined */
   FILE *print;                /* print IR after passes (NULL = never) */
   const char *print_after;    /* pass name, "all", or NULL */
   FILE *timing;               /* per-pass times (NULL = don't report) */
   double *pass_seconds;       /* accumulated per pass index (optional) */
};

/* Runs one pass; returns false if the IR is invalid afterwards (the error
 * names the pass and is written to stderr). */
bool ir_run_pass(struct ir_shader *s, const struct ir_pass *p,
                 const struct ir_pass_options *opt, bool *progress);
/* The standard optimisation pipeline, iterated to a fixed point. */
bool ir_optimize(struct ir_shader *s, const struct ir_pass_options *opt);
/* The generic lowerings (system values, scalarisation), then ir_optimize. */
bool ir_lower(struct ir_shader *s, const struct ir_pass_options *opt);

#endif

/* SPIR-V -> IR front end. */
#ifndef SPIRV_H
#define SPIRV_H

#include <stddef.h>
#include <stdint.h>

#include "ir.h"

struct spirv_spec_value {
   uint32_t spec_id;
   uint64_t value;      /* raw bits; bools are 0/1 */
};

struct spirv_options {
   const char *entry_point;                 /* NULL = the first one */
   const struct spirv_spec_value *spec;
   unsigned num_spec;
};

/* Translates a module.  Returns NULL and writes a one-line message into
 * err on malformed or unsupported input; never aborts on bad input. */
struct ir_shader *spirv_to_ir(const uint32_t *words, size_t num_words,
                              const struct spirv_options *opt, char *err,
                              size_t err_size);

/* The tessellation modes (domain as input_prim, spacing, winding, point
 * mode, and tess_declared: which of them it declares) the entry point
 * `name` (NULL: the first) of `stage` (IR_STAGE_TESS_CTRL or _EVAL)
 * declares, read from the module's execution modes without translating
 * it.  False with a one-line message in err on a malformed module or
 * when there is no such entry point. */
bool spirv_tess_modes(const uint32_t *words, size_t num_words, const char *name,
                      enum ir_stage stage, struct ir_stage_info *info, char *err,
                      size_t err_size);

#endif

/* SPIR-V -> IR front end. */
#ifndef SPIRV_H
#define SPIRV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir.h"

struct spirv_spec_value {
   uint32_t spec_id;
   uint64_t value;      /* raw bits; bools are 0/1 */
};

struct spirv_options {
   const char *entry_point;                 /* NULL = the first one */
   /* The entry point of this stage only: a module may name entry points
    * of several stages alike (Vulkan 1.3 "Shader Modules": the stage and
    * the name select one together). */
   bool match_stage;
   enum ir_stage stage;
   const struct spirv_spec_value *spec;
   unsigned num_spec;
};

/* Translates a module.  Returns NULL and writes a one-line message into
 * err on malformed or unsupported input; never aborts on bad input. */
struct ir_shader *spirv_to_ir(const uint32_t *words, size_t num_words,
                              const struct spirv_options *opt, char *err,
                              size_t err_size);

/* An entry point: its function's id and SPIR-V Execution Model. */
struct spirv_entry {
   uint32_t id;
   uint32_t model;
};

/* The first entry point named `name` (NULL: any) whose execution model is
 * `stage`'s (NULL: any), read from the module's OpEntryPoints without
 * translating it.  False with a one-line message in err on a malformed
 * module or when there is none. */
bool spirv_find_entry(const uint32_t *words, size_t num_words, const char *name,
                      const enum ir_stage *stage, struct spirv_entry *entry, char *err,
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

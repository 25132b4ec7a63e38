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

#endif

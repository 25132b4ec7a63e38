/* Tables generated from the SPIR-V grammar (spirv_gen_tables.py). */
#ifndef SPIRV_TABLES_H
#define SPIRV_TABLES_H

#include <stdbool.h>

struct spirv_name {
   unsigned value;
   const char *name;
};

struct spirv_op_info {
   unsigned short op;
   const char *name;
   bool has_type, has_result;
};

const struct spirv_op_info *spirv_op_info(unsigned op);   /* NULL if unknown */
const char *spirv_capability_name(unsigned v);
const char *spirv_builtin_name(unsigned v);
const char *spirv_glsl_name(unsigned v);

#endif

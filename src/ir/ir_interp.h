/* Reference interpreter: runs an IR compute shader on the CPU.  It is the
 * oracle of differential tests, so it favours obviousness over speed. */
#ifndef IR_INTERP_H
#define IR_INTERP_H

#include "ir.h"

struct ir_interp_buffer {
   uint32_t set, binding;
   void *data;
   size_t size;
   uint32_t element;              /* element of a descriptor array binding */
};

struct ir_interp_resources {
   struct ir_interp_buffer *buffers;
   uint32_t num_buffers;
   void *push_constants;
   size_t push_size;
   uint64_t max_steps;            /* 0 = default guard against endless loops */
   /* Compute: 0 or 1 runs each invocation as a subgroup of its own; n
    * (up to 128) groups invocations by local index into subgroups of n
    * run in lockstep, as a SIMD-n machine does (ir_interp.c), and
    * subgroup operations see the invocations that reach them together. */
   uint32_t subgroup_size;
};

/* Runs groups[0]*groups[1]*groups[2] workgroups of a shader that passes
 * ir_validate.  Returns true on success;
 * on failure (out-of-bounds access, missing binding, step limit) writes a
 * message into err. */
bool ir_interp_compute(struct ir_shader *s, const struct ir_interp_resources *res,
                       const uint32_t groups[3], char *err, size_t err_size);

/* One vertex or fragment invocation as a function of its inputs, for
 * tests: stage inputs by location, outputs by location or built-in
 * (outputs not listed are written to scratch memory), system values
 * (vertex_index, frag_coord as float bits, front_facing...) per component,
 * and the resources' buffers and push constants as for compute. */
struct ir_interp_io_var {
   uint32_t location;
   enum ir_output_builtin builtin;   /* IR_OUTPUT_NONE: by location */
   void *data;
   size_t size;
};

struct ir_interp_stage_io {
   struct ir_interp_io_var *inputs, *outputs;
   uint32_t num_inputs, num_outputs;
   uint64_t sysvals[IR_SYSVAL_COUNT][4];
   bool discarded;                   /* out: the invocation ended in discard */
};

bool ir_interp_graphics(struct ir_shader *s, const struct ir_interp_resources *res,
                        struct ir_interp_stage_io *io, char *err, size_t err_size);

#endif

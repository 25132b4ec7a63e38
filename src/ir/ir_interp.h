/* Reference interpreter: runs an IR compute shader on the CPU.  It is the
 * oracle of differential tests, so it favours obviousness over speed. */
#ifndef IR_INTERP_H
#define IR_INTERP_H

#include "ir.h"

struct ir_interp_buffer {
   uint32_t set, binding;
   void *data;
   size_t size;
};

struct ir_interp_resources {
   struct ir_interp_buffer *buffers;
   uint32_t num_buffers;
   void *push_constants;
   size_t push_size;
   uint64_t max_steps;            /* 0 = default guard against endless loops */
};

/* Runs groups[0]*groups[1]*groups[2] workgroups of a shader that passes
 * ir_validate.  Returns true on success;
 * on failure (out-of-bounds access, missing binding, step limit) writes a
 * message into err. */
bool ir_interp_compute(struct ir_shader *s, const struct ir_interp_resources *res,
                       const uint32_t groups[3], char *err, size_t err_size);

#endif

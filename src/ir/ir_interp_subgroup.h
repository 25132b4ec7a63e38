/* The reference interpreter's subgroup operations (ir_interp_subgroup.c),
 * private to the interpreter (ir_interp.c schedules the invocations). */
#ifndef IR_INTERP_SUBGROUP_H
#define IR_INTERP_SUBGROUP_H

#include "ir.h"

/* Subgroups hold at most this many invocations (a ballot is 4 x 32 bits). */
#define IR_SUBGROUP_MAX 128

/* One invocation taking part in a subgroup operation. */
struct ir_sg_lane {
   uint32_t id;                   /* subgroup invocation id */
   const uint64_t *src[2];        /* the components of its sources */
   uint64_t *dst;                 /* the components of its result */
};

/* Runs subgroup instruction i for the n invocations of a subgroup of
 * `size` that execute it together, lanes in increasing id order.  False
 * for an operation it does not know. */
bool ir_interp_subgroup_op(const struct ir_instr *i, uint32_t size, struct ir_sg_lane *lanes,
                           uint32_t n);

/* The subgroup system values of invocation `id` of a subgroup of `size`:
 * the eq/ge/gt/le/lt masks as 4 x 32 bits. */
void ir_interp_subgroup_mask(enum ir_sysval sv, uint32_t id, uint32_t size, uint64_t *d);

#endif

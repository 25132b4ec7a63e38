/* The Gen back end ("gbe"): turns a shader of the shared IR (src/ir) into
 * an EU kernel for one generation (src/isa), with everything the driver
 * needs to run it described in plain data: the driver never looks inside
 * the IR or the compiler's own representation.  See README.md here. */
#ifndef GBE_H
#define GBE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir.h"
#include "isa.h"

#define GBE_MAX_BINDINGS 64

struct gbe_options {
   enum isa_gen gen;
   unsigned simd;            /* 8, 16 or 32; 0: the compiler chooses */
   bool spill_all;           /* testing: every value lives in scratch */
   bool no_compact;          /* testing: emit every instruction native */
};

/* What a kernel's surface indices mean: binding table entry i of the
 * dispatch holds the descriptor (set, binding) of bindings[i]. */
struct gbe_binding {
   uint32_t set, binding;
   enum ir_storage storage;  /* SSBO, UBO, DESCRIPTOR (images) */
};

/* Values the driver writes into the compute cross-thread constant data
 * besides the push constants, at cs.sysval_offset[] bytes from its start
 * (UINT32_MAX where the kernel does not read it). */
enum gbe_cs_sysval {
   GBE_CS_NUM_WORKGROUPS,    /* 3 x uint32 */
   GBE_CS_SYSVAL_COUNT,
};

struct gbe_stats {
   unsigned instructions, sends, loops, spills, fills, cycles;
   unsigned grfs;            /* registers the kernel uses */
};

/* The compute thread payload (PRM Vol 7 "GPGPU Thread Payload"): g0 is
 * the R0 header; then cross_thread_regs GRFs of constants the same for
 * every thread (push constants from byte 0, then the system values
 * above); then per_thread_regs GRFs that differ per hardware thread: the
 * local invocation ids, one block of local_id_regs GRFs per component in
 * local_id_mask (x, y, z), each holding SIMD-width uint16 values. */
struct gbe_cs_info {
   uint32_t local_size[3];
   uint32_t push_bytes;          /* push-constant bytes the kernel reads */
   uint32_t cross_thread_regs, per_thread_regs;
   uint32_t sysval_offset[GBE_CS_SYSVAL_COUNT];
   uint8_t local_id_mask;
   uint8_t local_id_regs;
   uint32_t threads;             /* hardware threads per workgroup */
   uint32_t right_mask;          /* channels live in the last thread */
   bool uses_barrier;
};

struct gbe_kernel {
   enum isa_gen gen;
   enum ir_stage stage;
   unsigned simd;
   uint8_t *code;                /* malloc'd */
   uint32_t code_size;
   uint32_t slm_size;
   uint32_t scratch_per_thread;  /* bytes, 0 when none */
   uint32_t num_bindings;
   struct gbe_binding bindings[GBE_MAX_BINDINGS];
   struct gbe_cs_info cs;
   struct gbe_stats stats;
};

/* Compiles an optimised IR shader (the caller ran ir_optimize; the back
 * end runs the lowerings it needs).  Returns false with one line naming
 * the IR instruction and the generation in err when the shader uses
 * something the generation or the back end cannot do.  The shader is
 * changed by the lowerings. */
bool gbe_compile(struct ir_shader *s, const struct gbe_options *opt,
                 struct gbe_kernel *out, char *err, size_t err_size);
void gbe_kernel_finish(struct gbe_kernel *k);

/* The widths a compute shader can be compiled at, best first. */
unsigned gbe_cs_simd_choices(const struct ir_shader *s, enum isa_gen gen,
                             unsigned out[3]);

/* Fills the per-thread constants of hardware thread `thread` of a
 * workgroup (cs.per_thread_regs * 32 bytes at out): what a driver puts in
 * the CURBE after the cross-thread data. */
void gbe_cs_fill_per_thread(const struct gbe_kernel *k, unsigned thread,
                            uint8_t *out);

/* One line in the format Mesa's INTEL_DEBUG prints, e.g. "SIMD16 shader:
 * 20 instructions. 0 loops. 302 cycles. 0:0 spills:fills, 4 sends". */
int gbe_stats_line(const struct gbe_kernel *k, char *buf, size_t size);

#endif

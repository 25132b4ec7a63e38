/* What the tessellation stages share (gbe_tcs.c, gbe_tes.c): references
 * to per-vertex inputs and outputs, their rows in a gbe_vue_map, and URB
 * SIMD8 reads of them. */
#ifndef GBE_TESS_H
#define GBE_TESS_H

#include "gbe_vue.h"

struct gbe_tess_ctx {
   /* TCS: each channel's output control point (UD) */
   struct gbe_reg invocation;
   bool in_if;                      /* the kernel runs inside an IF on it */
   /* TES: the VUE components (UD; GBE_BAD: 0), as gbe_vs.c keeps them */
   struct gbe_reg out[GBE_VUE_MAX_ROWS][4];
};

/* An input or output access: the variable, the vertex (per-vertex
 * arrays: a per-channel UD value in `vertex`, or GBE_BAD and the
 * constant vertex_const), the location past the variable's first and
 * the first component. */
struct gbe_tess_ref {
   const struct ir_var *var;
   struct gbe_reg vertex;
   uint32_t vertex_const;
   uint32_t elem, comp;
};

bool gbe_tess_ref(struct gbe_ctx *c, const struct ir_instr *ptr, struct gbe_tess_ref *r);
/* The access of load or store i (any other op fails, naming stage:
 * "geometry shader"); a store to an input fails. */
bool gbe_tess_io_ref(struct gbe_ctx *c, struct ir_instr *i, const char *stage,
                     struct gbe_tess_ref *r);
/* Whether t is a 32-bit scalar or vector, the only input and output
 * types yet; else fails, naming what ("tessellation"). */
bool gbe_tess_check_type(struct gbe_ctx *c, const struct ir_instr *i, const char *what,
                         const struct ir_type *t);
/* accessed[v]: shader variable v (ir_var.index) is loaded or stored
 * (gl_PerVertex's members the shader never touches take no rows). */
bool gbe_tess_accessed(struct gbe_ctx *c, bool *accessed);
/* The row and first component of an access of n components in a VUE laid
 * out as vue; *row GBE_NO_SLOT when the VUE does not hold it. */
bool gbe_tess_slot(struct gbe_ctx *c, const struct ir_instr *i, const struct gbe_vue_map *vue,
                   const struct gbe_tess_ref *r, unsigned n, unsigned *row, unsigned *comp);
/* The row and first component of an output access of n components in
 * the VUE the stage writes (gbe_vue.c): the header's layer and viewport,
 * a clip or cull distance one at a time, else as gbe_tess_slot. */
bool gbe_vue_output_slot(struct gbe_ctx *c, const struct ir_instr *i,
                         const struct gbe_vue_map *vue, const struct gbe_tess_ref *r,
                         unsigned n, unsigned *row, unsigned *comp);
/* dst[k] = dword comp + k of row `row` (plus each channel's offset in
 * rows when offset is not GBE_BAD) of each channel's entry `handle`. */
void gbe_tess_urb_read(struct gbe_ctx *c, struct gbe_reg handle, struct gbe_reg offset,
                       unsigned row, unsigned comp, unsigned n, struct gbe_reg *dst);
/* The locations a variable's type takes past a per-vertex array level. */
uint32_t gbe_tess_locations(const struct ir_type *t);

#endif

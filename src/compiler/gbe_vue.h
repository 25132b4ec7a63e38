/* What the stages that write a VUE share (gbe_vs.c, gbe_tes.c, gbe_gs.c,
 * and gbe_tcs.c for its rows): the VUE map of their outputs (header row,
 * position row, two clip/cull rows, a row per location, as
 * src/vgpu/3d/vgpu_sf.c reads it) and the URB SIMD8 writes of it. */
#ifndef GBE_VUE_H
#define GBE_VUE_H

#include "gbe_isel.h"

/* The header, the position, two clip/cull rows, a row per location and
 * one for gl_PrimitiveID (geometry) or ViewIndex (multiview vertex). */
#define GBE_VUE_MAX_ROWS (5 + GBE_MAX_VARYINGS)
/* PRM Vol 7 "URB_SIMD8_Write": "The write data payload can be between 1
 * and 8 message phases long": two rows of four GRFs. */
#define GBE_VUE_ROWS_PER_WRITE 2
/* The end-of-thread payload ends here (g112-g127, PRM Vol 2d "Thread
 * Spawner: End of Thread"). */
#define GBE_EOT_LAST_GRF 127

/* Records a built-in output (position, point size, layer, viewport,
 * clip and cull distances) of v in vue; fails on any other, naming
 * stage ("vertex shader"). */
bool gbe_vue_mark_builtin(struct gbe_ctx *c, struct gbe_vue_map *vue, const struct ir_var *v,
                          const char *stage);
/* Sets the bits of the locations an output of type t at v's location
 * takes in *locs; fails on types other than 32-bit scalars, vectors and
 * arrays of them. */
bool gbe_vue_mark_varying(struct gbe_ctx *c, const struct ir_var *v, const struct ir_type *t,
                          const char *stage, uint32_t *locs);
/* gbe_vue_mark_varying for a user output, gbe_vue_mark_builtin else. */
bool gbe_vue_mark_output(struct gbe_ctx *c, struct gbe_vue_map *vue, const struct ir_var *v,
                         const char *stage, uint32_t *locs);
/* Gives the clip/cull distances and each location of locs their rows;
 * returns the VUE's rows. */
uint32_t gbe_vue_rows(struct gbe_vue_map *vue, uint32_t locs);
/* Every output component starts as 0: a component the shader leaves is
 * 0 in the VUE, whatever its control flow does. */
void gbe_vue_zero_outputs(struct gbe_ctx *c, const struct gbe_vue_map *vue,
                          struct gbe_reg (*out)[4]);
/* The rows the last URB write of a VUE carries, its payload in the GRFs
 * before g128 that register allocation must leave alone. */
unsigned gbe_vue_last_write_rows(const struct gbe_vue_map *vue);
/* A load or store i of the output components from out on (UD registers
 * the shader's outputs live in until the thread writes them). */
bool gbe_vue_output_access(struct gbe_ctx *c, struct ir_instr *i, struct gbe_reg *out);
/* Fills count data GRFs of a URB write payload from GRF phase on, a
 * component a GRF, from values (UD; past num_values or GBE_BAD: 0). */
void gbe_vue_payload(struct gbe_ctx *c, struct gbe_reg payload, unsigned phase,
                     const struct gbe_reg *values, unsigned num_values, unsigned count);
/* One URB SIMD8 write of rows [row, row + n) of the entries whose handles
 * are in GRF handle_grf (PRM Vol 2d "URB": the header, then data GRF k
 * component k % 4 of row k / 4, the offset in 16-byte rows), from values
 * (four a row, UD; past num_values or GBE_BAD: 0); with eot, from the
 * GRFs that end at g127, ending the thread. */
void gbe_vue_urb_write(struct gbe_ctx *c, unsigned handle_grf, unsigned row, unsigned n,
                       const struct gbe_reg *values, unsigned num_values, bool eot);
/* The HALT target of channels that returned early, when there are any. */
void gbe_vue_halt_target(struct gbe_ctx *c);
/* The end of a vertex-like thread: the HALT target, then the VUE's rows
 * from out, the last write ending the thread. */
void gbe_vue_finish(struct gbe_ctx *c, unsigned handle_grf, const struct gbe_vue_map *vue,
                    struct gbe_reg (*out)[4]);

#endif

/* Transform feedback of a vertex stage (gbe.h struct gbe_xfb_info): what
 * the last pre-rasterization stage's kernel tells the driver about the
 * outputs transform feedback captures, for any stage that writes a VUE
 * (VS today; TES and GS through the same two calls). */
#ifndef GBE_XFB_H
#define GBE_XFB_H

#include "gbe_lir.h"

/* Whether transform feedback captures v: an output of a shader with the
 * Xfb execution mode that has XfbBuffer and Offset (Vulkan "Transform
 * Feedback").  A stage's VUE map must give every captured output its
 * row, written or not, so the SO_DECLs have a row to read. */
bool gbe_xfb_captured(const struct ir_shader *s, const struct ir_var *v);

/* Fills xfb from the captured outputs of s and the stage's VUE map.
 * Fails (gbe_fail) on what the stream output cannot capture: 64-bit and
 * struct outputs, offsets that are not dword multiples, overlaps, more
 * than GBE_MAX_XFB_OUTPUTS pieces. */
bool gbe_xfb_fill(struct gbe_prog *p, const struct ir_shader *s,
                  const struct gbe_vue_map *vue, struct gbe_xfb_info *xfb);

#endif

/* The command streamer's interface to the MI command implementations kept
 * outside vgpu_cs.c: the streamer owns the context's register file, and
 * MI_MATH and MI_PREDICATE (vgpu_mi_math.c) reach it through these. */
#ifndef VGPU_CS_H
#define VGPU_CS_H

#include <stdbool.h>
#include <stdint.h>

#include "vgpu_cmd.h"

struct vgpu_cs;   /* the command streamer's state (vgpu_cs.c) */

uint32_t vgpu_cs_read_reg32(struct vgpu_cs *cs, uint32_t offset);
void vgpu_cs_write_reg32(struct vgpu_cs *cs, uint32_t offset, uint32_t value);
uint64_t vgpu_cs_read_reg64(struct vgpu_cs *cs, uint32_t offset);
void vgpu_cs_write_reg64(struct vgpu_cs *cs, uint32_t offset, uint64_t value);
/* Address of the command being executed. */
uint64_t vgpu_cs_ip(const struct vgpu_cs *cs);

/* Both return false for an encoding the hardware does not define. */
bool vgpu_mi_math(struct vgpu_cs *cs, const uint32_t *dw, unsigned len);
bool vgpu_mi_predicate(struct vgpu_cs *cs, uint32_t dw0);

#endif

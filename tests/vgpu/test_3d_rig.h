/* test_3d_draw's stand-ins for the command streamer: the 3D pipeline's
 * per-generation code (src/vgpu/3d/vgpu_3d_genX.c) runs on its own,
 * reading registers from a plain array and handing each draw back here. */
#ifndef TEST_3D_RIG_H
#define TEST_3D_RIG_H

#include <stdint.h>
#include <stdio.h>

#include "vgpu_3d.h"

struct vgpu_cs {
   uint32_t regs[0x2800 / 4];   /* up to the 3DPRIM_XP registers */
};

extern struct vgpu_draw rig_draw;   /* the last draw */
extern unsigned rig_draws;          /* draws so far */
extern unsigned rig_failures;

#define RIG_CHECK(gen, cond) do { \
   if (!(cond)) { \
      fprintf(stderr, "FAIL gen%u %s:%d: %s\n", (unsigned)(gen), __FILE__, __LINE__, #cond); \
      rig_failures++; \
   } \
} while (0)

void gfx70_test_3d_draw(void);
void gfx75_test_3d_draw(void);
void gfx80_test_3d_draw(void);
void gfx90_test_3d_draw(void);
void gfx110_test_3d_draw(void);
void gfx120_test_3d_draw(void);

#endif

/* What tests/vgpu/test_ps.c and test_om_msaa.c put in place of the rest
 * of vgpu around the pixel stage and the output merger: one flat memory
 * at MEM_BASE (both Surface State and Dynamic State Base Address), faults
 * and "not modelled" reports recorded, no hardware-rule checker; and the
 * PRM's Y-tile layout (Vol 5 "Tiling") the tests address targets with. */
#ifndef OM_RIG_H
#define OM_RIG_H

#include <stdint.h>
#include <string.h>

#include "../isl/isl_test.h"
#include "vgpu_cache_rules.h"
#include "vgpu_gpgpu.h"
#include "vgpu_priv.h"

#define MEM_BASE 0x100000ull
#define MEM_SIZE 0x40000u

struct vgpu_device vgpu;
static uint8_t mem[MEM_SIZE];
static const char *not_modelled;

void *
vgpu_exec_map(struct vgpu_exec *exec, uint64_t addr, uint64_t len)
{
   (void)exec;
   if (addr < MEM_BASE || addr - MEM_BASE > MEM_SIZE || len > MEM_SIZE - (addr - MEM_BASE))
      return NULL;
   return mem + (addr - MEM_BASE);
}

void
vgpu_exec_fault(struct vgpu_exec *exec, uint64_t addr, const char *why)
{
   exec->fault = why;
   exec->fault_addr = addr;
}

bool
vgpu_gpgpu_read(struct vgpu_exec *exec, uint64_t addr, void *out, uint64_t len,
                const char *what)
{
   void *p = vgpu_exec_map(exec, addr, len);
   if (!p) {
      vgpu_exec_fault(exec, addr, what);
      return false;
   }
   memcpy(out, p, len);
   return true;
}

void
vgpu_not_modelled(const char *what)
{
   not_modelled = what;
}

/* The hardware-rule checker is not linked: no rules here. */
void
vgpu_cache_rules_render_target(struct vgpu_exec *exec, const struct isl_state_desc *d)
{
   (void)exec; (void)d;
}

void
vgpu_cache_rules_depth_write(struct vgpu_exec *exec, const struct isl_surf *surf,
                             uint64_t address, uint32_t level, uint32_t layer_start,
                             uint32_t layer_end)
{
   (void)exec; (void)surf; (void)address; (void)level; (void)layer_start; (void)layer_end;
}

/* Byte offset of (x_B, y) in a Y-tiled surface: 4 KB tiles of 128 bytes
 * by 32 rows, row-major; inside a tile, 16-byte columns of 32 rows. */
static inline uint32_t
ytile_offset(uint32_t pitch, uint32_t x_b, uint32_t y)
{
   uint32_t tile = (y / 32) * (pitch / 128) + x_b / 128;
   uint32_t in = ((x_b % 128) / 16) * 512 + (y % 32) * 16 + x_b % 16;
   return tile * 4096 + in;
}

/* Byte offset of (x, y) in a W-tiled surface (PRM Vol 5 "W-Major Tile
 * Format"): 4 KB tiles of 64 bytes by 64 rows; inside one, 8x8-byte
 * blocks, column-major (8 blocks down a column), each block's 64 bytes
 * interleaving x and y bits from bit 0: x0 y0 x1 y1 x2 y2. */
static inline uint32_t
wtile_offset(uint32_t pitch, uint32_t x, uint32_t y)
{
   uint32_t tile = (y / 64) * (pitch / 64) + x / 64;
   uint32_t bx = x % 64, by = y % 64;
   uint32_t in = (bx / 8) * 512 + (by / 8) * 64;
   for (unsigned b = 0; b < 3; b++)
      in |= ((bx >> b) & 1) << (2 * b) | ((by >> b) & 1) << (2 * b + 1);
   return tile * 4096 + in;
}

#endif

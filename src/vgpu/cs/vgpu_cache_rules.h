/* The texture-cache rule of the hardware-rule checker (vgpu_cache_rules.c):
 * what a draw or dispatch wrote through a write cache (the render target
 * cache, the depth cache, the data cache of the data port) reaches the
 * sampler only after a PIPE_CONTROL flushed that cache, the flush
 * completed (a CS stall) and a later PIPE_CONTROL invalidated the texture
 * cache.  The units call in where they touch the caches: the output
 * merger once per render target and per depth or stencil buffer per draw,
 * the data port once per write or atomic message, the sampler once per
 * message. */
#ifndef VGPU_CACHE_RULES_H
#define VGPU_CACHE_RULES_H

#include <stdint.h>

struct isl_state_desc;
struct isl_surf;
struct vgpu_exec;
struct vgpu_rules_state;
struct vgpu_tex_surface;

/* A batch starts with clean caches: i915 flushes and invalidates them
 * around every request. */
void vgpu_cache_rules_batch_start(struct vgpu_rules_state *st);

/* Every 3D/GPGPU command at addr, before it executes: PIPE_CONTROL's
 * flushes, stalls and invalidations, and which command is the current
 * work (3DPRIMITIVE, GPGPU_WALKER). */
void vgpu_cache_rules_command(struct vgpu_rules_state *st, const uint32_t *dw,
                              unsigned len, uint64_t addr);

/* The current draw writes render target d (RENDER_SURFACE_STATE as isl
 * decodes it; its LOD in mip_count_lod): called once per target per draw. */
void vgpu_cache_rules_render_target(struct vgpu_exec *exec, const struct isl_state_desc *d);

/* The current draw writes LOD level, layers [layer_start, layer_end) (3D:
 * every slice of the LOD) of the depth or stencil buffer surf at address:
 * called once per buffer per draw. */
void vgpu_cache_rules_depth_write(struct vgpu_exec *exec, const struct isl_surf *surf,
                                  uint64_t address, uint32_t level,
                                  uint32_t layer_start, uint32_t layer_end);

/* A data-port message of the current work (typed or untyped surface
 * write or atomic, A64 or stateless included) wrote within the GPU
 * addresses [start, end).  Called from the EU threads, several at once. */
void vgpu_cache_rules_data_write(struct vgpu_exec *exec, uint64_t start, uint64_t end);

/* A sampler message reads surface s (any message, resinfo included: the
 * check is per surface, not per texel). */
void vgpu_cache_rules_texture_read(struct vgpu_exec *exec, const struct vgpu_tex_surface *s);

#endif

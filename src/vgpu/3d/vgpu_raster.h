/* What the clipper (vgpu_clip.c) and the rasterizer (vgpu_raster.c)
 * share: the fixed-point grid vertices snap to. */
#ifndef VGPU_RASTER_H
#define VGPU_RASTER_H

#include <math.h>
#include <stdint.h>

/* Window coordinates snap to 8 fractional bits (3DSTATE_CLIP Vertex Sub
 * Pixel Precision Select 8 bit, what the drivers program; Vulkan's
 * subPixelPrecisionBits is 8 on these parts). */
#define VGPU_SUBPIXEL_BITS 8
#define VGPU_SUBPIXEL_ONE (1 << VGPU_SUBPIXEL_BITS)

/* Beyond this many pixels from the origin the rasterizer does not go (the
 * hardware's guard band and 16K render targets stay well inside), which
 * keeps edge functions of snapped coordinates within int64. */
#define VGPU_RASTER_MAX_COORD (1 << 20)

static inline int64_t
vgpu_raster_snap(float v)
{
   return llroundf(v * VGPU_SUBPIXEL_ONE);
}

#endif

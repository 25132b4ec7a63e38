/* The fixed-function tessellator (TE): a patch's tessellation levels to
 * domain points and the primitives that connect them, as pure functions
 * of 3DSTATE_TE's domain, partitioning and output topology (PRM Vol 2a
 * 3DSTATE_TE; the rules are the Vulkan spec's chapter "Tessellation").
 *
 * Where Vulkan makes the result exact (equal spacing: the positions of
 * the domain points) vgpu follows it; the triangulation and the placement
 * of fractional spacing's two short segments are the implementation's
 * choice (the spec asks only for a watertight, symmetric subdivision). */
#ifndef VGPU_TE_H
#define VGPU_TE_H

#include <stdbool.h>
#include <stdint.h>

/* 3DSTATE_TE encodings. */
enum vgpu_te_domain { VGPU_TE_QUAD = 0, VGPU_TE_TRI = 1, VGPU_TE_ISOLINE = 2 };
enum vgpu_te_partitioning {
   VGPU_TE_INTEGER = 0, VGPU_TE_ODD_FRACTIONAL = 1, VGPU_TE_EVEN_FRACTIONAL = 2,
};
enum vgpu_te_topology {
   VGPU_TE_OUTPUT_POINT = 0, VGPU_TE_OUTPUT_LINE = 1,
   VGPU_TE_OUTPUT_TRI_CW = 2, VGPU_TE_OUTPUT_TRI_CCW = 3,
};

/* The largest tessellation level, maxTessellationGenerationLevel (what
 * Mesa programs as 3DSTATE_TE's Maximum Tessellation Factor Not Odd). */
#define VGPU_TE_MAX_LEVEL 64

struct vgpu_te_point {
   float u, v, w;                /* w = 1 - u - v for triangles, else 0 */
};

struct vgpu_te_result {
   struct vgpu_te_point *points;
   unsigned point_count;
   uint32_t *prims;              /* prim k: points prims[k * per ...] */
   unsigned prim_count;
   unsigned per;                 /* vertices per primitive: 1, 2 or 3 */
};

/* A level as the tessellator uses it: clamped and rounded per the
 * spacing (n), and the clamped value (f) fractional spacing places the
 * short segments by. */
struct vgpu_te_level {
   unsigned n;
   float f;
};

/* Clamps and rounds one level (Vulkan "Tessellation Primitive
 * Generation"): equal spacing to an integer in [1, 64], fractional odd
 * to an odd integer in [1, 63], fractional even to an even one in [2, 64].
 * A NaN counts as the smallest level. */
struct vgpu_te_level vgpu_te_round(enum vgpu_te_partitioning p, float level);

/* Point i of the subdivision of [0, 1] into l.n segments (0 <= i <= n):
 * i / n for equal spacing (exactly, as float division rounds it);
 * fractional spacing makes n - 2 segments of 1 / f and two equal short
 * ones, at the two ends, symmetric: x(n - i) = 1 - x(i) exactly. */
float vgpu_te_subdivide(enum vgpu_te_partitioning p, struct vgpu_te_level l, unsigned i);

/* Tessellates one patch whose header held outer[4] and inner[2] (the
 * domain's levels: quads outer 0-3 and inner 0-1, triangles outer 0-2
 * and inner 0, isolines outer 0 the line count and outer 1 the segments
 * per line).  A relevant outer level <= 0 or NaN culls the patch (no
 * points).  out is allocated; vgpu_te_free releases it.  False when out of
 * memory or the combination is invalid (a line topology for a triangle or
 * quad domain, triangles for isolines). */
bool vgpu_te_tessellate(enum vgpu_te_domain domain, enum vgpu_te_partitioning partitioning,
                        enum vgpu_te_topology topology, const float outer[4],
                        const float inner[2], struct vgpu_te_result *out);
void vgpu_te_free(struct vgpu_te_result *r);

#endif

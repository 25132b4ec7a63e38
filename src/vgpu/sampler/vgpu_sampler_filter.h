/* The filter layer's parts shared between its files: the LOD
 * (vgpu_sampler_lod.c), texel addressing and cube faces
 * (vgpu_sampler_address.c), and the filters (vgpu_sampler_filter.c). */
#ifndef VGPU_SAMPLER_FILTER_H
#define VGPU_SAMPLER_FILTER_H

#include "vgpu_sampler.h"

/* Texel coordinates are clamped to this before they become integers:
 * far beyond any surface (16K texels, 14 LODs), so no address mode's
 * result changes, and no float-to-integer conversion overflows. */
#define VGPU_TEX_COORD_LIMIT 1073741824.0f

/* NaN reads as 0, infinities and huge values as +-VGPU_TEX_COORD_LIMIT:
 * wild shader inputs stay deterministic. */
float vgpu_tex_coord_sane(float x);

/* The Shader Channel Selects of the surface applied to a texel (ONE: 1
 * for integer formats, 1.0 otherwise). */
void vgpu_tex_apply_selects(const struct vgpu_tex_surface *s, uint32_t rgba[4]);

/* How many coordinates address a texel of the surface type: 1D 1, 2D and
 * cube faces 2, 3D 3. */
unsigned vgpu_tex_coord_count(const struct vgpu_tex_surface *s);

/* Width, height and depth of surface LOD level (counted from the surface's
 * LOD 0); 1 in the dimensions the type lacks. */
void vgpu_tex_level_size(const struct vgpu_tex_surface *s, uint32_t level, uint32_t size[3]);

/* ---- cube faces (vgpu_sampler_address.c) ---- */

/* The face a direction selects (Vulkan "Cube Map Face Selection": the
 * major axis; 0 +X, 1 -X, 2 +Y, 3 -Y, 4 +Z, 5 -Z).  Ties prefer Z, then
 * Y, as D3D and lavapipe do. */
unsigned vgpu_tex_cube_face(const float dir[3]);
/* The face coordinates s, t in [0, 1] of a direction on a face (Vulkan's
 * cube map face table); a direction pointing away from the face gives
 * coordinates outside [0, 1], clamped to stay finite. */
void vgpu_tex_cube_st(unsigned face, const float dir[3], float st[2]);
/* d(s, t) of the direction's change ddir on its face (Vulkan "Derivatives
 * of the cube face coordinates"). */
void vgpu_tex_cube_st_deriv(unsigned face, const float dir[3], const float ddir[3],
                            float dst[2]);

/* A texel position of a seamless cube LOD of n x n texels whose (i, j)
 * may lie past the face's edges: the texels on adjacent faces it stands
 * for (Vulkan "Cube Map Edge Handling": one across an edge, three at a
 * corner, whose average is the texel).  Returns how many. */
unsigned vgpu_tex_cube_seamless(unsigned face, int64_t i, int64_t j, uint32_t n,
                                unsigned faces[3], uint32_t xy[3][2]);

/* The texel index a nearest filter takes at texel-space coordinate t
 * (offsets included) on an axis of n texels, before the TEXCOORDMODE
 * applies to it. */
int64_t vgpu_tex_nearest_index(uint8_t mode, double t, uint32_t n);

/* One axis's integer texel index through a TEXCOORDMODE (n texels):
 * the index inside the LOD, or -1 for the border colour. */
int64_t vgpu_tex_address(uint8_t mode, int64_t i, uint32_t n);

/* ---- LOD (vgpu_sampler_lod.c) ---- */

/* How one pixel samples the mip chain. */
struct vgpu_tex_lod_choice {
   float unclamped;      /* lambda': the computed LOD plus the biases */
   float lod;            /* after the sampler's, message's and resource clamps */
   bool mag;             /* magnification: the mag filter */
   uint32_t level[2];    /* LODs from the view's base level */
   float level1_weight;  /* mip linear: the weight of level[1] */
   unsigned probes;      /* anisotropic probes (1: none) */
   float axis[3];        /* anisotropic: the major axis's change, in the
                          * coordinates the probes move (normalized, or
                          * face s, t) */
};

/* The LOD choice of every pixel of the subspan (all four: implicit LODs
 * use the helper pixels' coordinates too). */
void vgpu_tex_lod_quad(const struct vgpu_tex_surface *s, const struct vgpu_sampler_state *ss,
                       const struct vgpu_tex_op *op, const struct vgpu_tex_args args[4],
                       struct vgpu_tex_lod_choice out[4]);

#endif

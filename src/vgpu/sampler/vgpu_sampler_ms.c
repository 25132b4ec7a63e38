/* Multisampled fetches: ld_mcs, ld2dms, ld2dms_w and ld2dss on MSS
 * (sample slices) and interleaved (IMS) surfaces (PRM Vol 2d "Sampler
 * Message Types"; BDW/SKL PRM Vol 5 "Multisampled Surfaces", "Compressed
 * Multisample Surfaces"; IVB PRM Vol 2 Part 1 "MCS Buffer for Render
 * Target(s)").
 *
 * The sampler never reads the MCS behind an ld2dms: the shader fetches it
 * first with ld_mcs and hands it back in the ld2dms payload, and the
 * sampler decodes the plane of the sample from that value (isl_msaa.c).
 * ld2dss names the sample slice itself (IVB PRM Vol 4 Part 1
 * "Multisample Control Surface": "sample only from sample slice 0 using
 * ld2dss if MCS is zero", as Mesa's blorp quotes it).  An MCS equal to
 * the fast-clear value stands for every sample (blorp: the fetch "will
 * return the clear color"): the sampler returns the surface's clear
 * colour as programmed (drivers store
 * it already clamped and with the format's missing channels filled, as
 * iris's convert_clear_color explains), through the channel selects like
 * any texel. */
#include <string.h>

#include "isa_send.h"
#include "vgpu_sampler_filter.h"

static bool
in_range(int64_t v, uint32_t n)
{
   return v >= 0 && v < (int64_t)n;
}

/* The pixel is inside LOD 0 and the view's layers (the surface's single
 * LOD: RSS "Number of Multisamples" asks for MIP Count 0). */
static bool
pixel_in_range(const struct vgpu_tex_surface *s, const struct vgpu_tex_ms_args *a)
{
   return in_range(a->lod, s->levels) && in_range(a->coord[0], s->d.surf.width) &&
          in_range(a->coord[1], s->d.surf.height) && in_range(a->coord[2], s->layers);
}

static uint32_t
layer_of(const struct vgpu_tex_surface *s, const struct vgpu_tex_ms_args *a)
{
   return s->d.min_array_element + (uint32_t)a->coord[2];
}

static bool
map_fault(struct vgpu_tex_mem *mem, uint64_t addr, const char *why)
{
   mem->fault_addr = addr;
   mem->why = why;
   return false;
}

/* The MCS element of the pixel: 8 bits (2x, 4x), 32 (8x) or 64 (16x),
 * as the MCS surface's format (isl_surf_init_mcs) stores it. */
static bool
read_mcs(struct vgpu_tex_mem *mem, const struct vgpu_tex_surface *s, uint32_t layer,
         uint32_t x, uint32_t y, uint64_t *mcs)
{
   const struct isl_format_layout *l = isl_format_layout(s->d.mcs_surf.format);
   unsigned bytes = l ? isl_format_bytes(l) : 0;
   uint64_t addr = s->d.mcs_address + isl_surf_texel_offset(&s->d.mcs_surf, 0, layer, x, y);
   const uint8_t *p = bytes ? mem->map(mem->user, addr, bytes) : NULL;
   if (!p)
      return map_fault(mem, addr, "sampler MCS read outside every object of the submission");
   *mcs = 0;
   for (unsigned i = 0; i < bytes; i++)
      *mcs |= (uint64_t)p[i] << (8 * i);
   return true;
}

/* The clear colour an MCS-clear pixel returns: the state's own (Gen7-8
 * one bit per channel, Gen9-11 four dwords, isl_decode_state reads both
 * as the shader sees them) or the four raw dwords at Clear Value Address
 * (Gen11 with it enabled, Gen12). */
static bool
clear_color(struct vgpu_tex_mem *mem, const struct vgpu_tex_surface *s, uint32_t rgba[4])
{
   if (!s->d.clear_color_at_address) {
      memcpy(rgba, s->d.clear_color, 16);
      return true;
   }
   const uint8_t *p = mem->map(mem->user, s->d.clear_address, 16);
   if (!p)
      return map_fault(mem, s->d.clear_address,
                       "sampler clear colour read outside every object of the submission");
   memcpy(rgba, p, 16);
   return true;
}

static bool
read_sample(struct vgpu_tex_mem *mem, const struct vgpu_tex_surface *s, uint32_t layer,
            uint32_t plane, uint32_t x, uint32_t y, uint32_t rgba[4])
{
   uint64_t addr = s->d.address + isl_surf_sample_offset(&s->d.surf, layer, plane, x, y);
   const uint8_t *p = mem->map(mem->user, addr, isl_format_bytes(s->fmt));
   if (!p)
      return map_fault(mem, addr, "sampler read outside every object of the submission");
   isl_texel_unpack(s->fmt, p, rgba);
   return true;
}

/* ld_mcs: the pixel's MCS in R (its low 32 bits) and G (the high 32 of
 * 16x), B and A 0, as Mesa reads it (R into ld2dms's mcs, R and G into
 * ld2dms_w's mcsl and mcsh; samples_identical ORs the two).  A surface
 * without an MCS answers 0 (Mesa's framebuffer fetch counts on the MCS
 * fetch being deterministic on uncompressed surfaces). */
static bool
fetch_mcs(struct vgpu_tex_mem *mem, const struct vgpu_tex_surface *s,
          const struct vgpu_tex_ms_args *a, uint32_t rgba[4])
{
   if (!s->d.has_mcs)
      return true;
   uint64_t mcs;
   if (!read_mcs(mem, s, layer_of(s, a), (uint32_t)a->coord[0], (uint32_t)a->coord[1], &mcs))
      return false;
   rgba[0] = (uint32_t)mcs;
   rgba[1] = (uint32_t)(mcs >> 32);
   return true;
}

/* ld2dms, ld2dms_w: with an MCS the sample lives in the plane the
 * message's MCS names, or is the clear colour; without one (UMS, IMS)
 * and for ld2dss, sample si itself. */
static bool
fetch_sample(struct vgpu_tex_mem *mem, const struct vgpu_tex_surface *s, unsigned type,
             const struct vgpu_tex_ms_args *a, uint32_t rgba[4])
{
   uint32_t samples = s->d.surf.samples, plane = a->sample;
   if (a->sample >= samples)
      return true;
   bool compressed = s->d.has_mcs && type != ISA_SAMPLER_LD2DSS;
   if (compressed && isl_mcs_is_clear(samples, a->mcs)) {
      if (!clear_color(mem, s, rgba))
         return false;
      vgpu_tex_apply_selects(s, rgba);
      return true;
   }
   if (compressed)
      plane = isl_mcs_sample_plane(samples, a->mcs, a->sample);
   if (!read_sample(mem, s, layer_of(s, a), plane, (uint32_t)a->coord[0],
                    (uint32_t)a->coord[1], rgba))
      return false;
   vgpu_tex_apply_selects(s, rgba);
   return true;
}

bool
vgpu_tex_fetch_ms(struct vgpu_tex_mem *mem, const struct vgpu_tex_surface *s, unsigned type,
                  const struct vgpu_tex_ms_args *a, uint32_t rgba[4])
{
   /* Out of the surface, its layers, its LOD or its samples: 0 in every
    * channel, as ld answers. */
   memset(rgba, 0, 16);
   if (!pixel_in_range(s, a))
      return true;
   if (type == ISA_SAMPLER_LD_MCS)
      return fetch_mcs(mem, s, a, rgba);
   return fetch_sample(mem, s, type, a, rgba);
}

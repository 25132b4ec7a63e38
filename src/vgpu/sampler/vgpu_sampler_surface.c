/* RENDER_SURFACE_STATE read for sampling, and the fetch of one texel:
 * the layout is isl's (isl_decode_state), the same description Mesa's
 * and genvk's isl packed the state from. */
#include <string.h>

#include "vgpu_sampler.h"

static const char *
not_sampleable(const struct vgpu_tex_surface *s)
{
   if (s->d.unsupported)
      return s->d.unsupported;
   if (s->d.surf.samples > 1 && s->d.surf.msaa_layout == ISL_MSAA_LAYOUT_NONE)
      return "sampling a multisampled surface of no known storage format";
   /* Gen12 has no clear colour in the state itself: without Clear Value
    * Address Enable an MCS-clear pixel's colour is nowhere vgpu knows. */
   if (s->d.has_mcs && s->verx10 >= 120 && !s->d.clear_color_at_address)
      return "sampling a Gen12 MCS surface without Clear Value Address Enable";
   if (!s->fmt)
      return "sampling a surface format isl does not know";
   /* isl lays out no multisampled block-compressed surface
    * (isl_msaa_choose_layout): where a sample's block sits is unknown. */
   if (s->d.surf.samples > 1 && isl_format_is_compressed(s->fmt))
      return "sampling a multisampled surface of a compressed format";
   if (isl_format_is_compressed(s->fmt))
      return vgpu_txc_supported(s->fmt) ? NULL : "sampling a compressed format vgpu does not decode";
   return isl_texel_convertible(s->fmt) ? NULL : "sampling a format isl does not convert";
}

bool
vgpu_tex_surface_decode(unsigned verx10, const uint32_t *dw, struct vgpu_tex_surface *out)
{
   memset(out, 0, sizeof(*out));
   if (!isl_decode_state(verx10, dw, &out->d))
      return false;
   out->verx10 = verx10;
   out->fmt = isl_format_layout((enum isl_format)out->d.format);
   out->integer = out->fmt && isl_format_is_integer(out->fmt);
   out->base_level = out->d.min_lod;
   /* In the sampler's use MIP Count / LOD counts the LODs past Surface
    * Min LOD (RENDER_SURFACE_STATE "MIP Count / LOD"). */
   out->levels = out->d.mip_count_lod + 1;
   if (out->base_level + out->levels > out->d.surf.levels)
      out->levels = out->d.surf.levels > out->base_level ? out->d.surf.levels - out->base_level : 1;
   out->layers = out->d.type == ISL_SURFTYPE_3D ? 1 :
                 out->d.array_extent * (out->d.type == ISL_SURFTYPE_CUBE ? 6 : 1);
   out->resource_min_lod = out->d.resource_min_lod;
   if (out->d.type == ISL_SURFTYPE_BUFFER || out->d.type == ISL_SURFTYPE_NULL)
      return true;
   if (out->d.type == ISL_SURFTYPE_STRBUF)
      out->not_modelled = "sampling a structured buffer surface";
   else
      out->not_modelled = not_sampleable(out);
   return true;
}

bool
vgpu_tex_fetch(struct vgpu_tex_mem *mem, const struct vgpu_tex_surface *s, uint32_t level,
               uint32_t z, uint32_t x, uint32_t y, uint32_t rgba[4])
{
   const struct isl_format_layout *l = s->fmt;
   uint32_t bx = x / l->bw, by = y / l->bh;
   uint64_t addr = s->d.address + isl_surf_texel_offset(&s->d.surf, level, z, bx, by);
   unsigned bytes = isl_format_bytes(l);
   const uint8_t *p = mem->map(mem->user, addr, bytes);
   if (!p) {
      mem->fault_addr = addr;
      mem->why = "sampler read outside every object of the submission";
      return false;
   }
   if (isl_format_is_compressed(l)) {
      if (vgpu_txc_decode(l, p, x % l->bw, y % l->bh, rgba))
         return true;
      mem->fault_addr = addr;
      mem->why = "sampling a compressed format vgpu does not decode";
      return false;
   }
   isl_texel_unpack(l, p, rgba);
   return true;
}

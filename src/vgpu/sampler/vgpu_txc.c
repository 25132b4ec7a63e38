/* Block-compressed texels: the dispatch to each family's decoder (BC1-7 in
 * vgpu_txc_bc.c, ETC1/ETC2/EAC in vgpu_txc_etc.c, ASTC LDR in
 * vgpu_txc_astc.c) and the conversion of
 * the decoded values to what isl_texel_unpack gives for an uncompressed
 * format. */
#include <math.h>
#include <string.h>

#include "vgpu_sampler.h"
#include "vgpu_txc_priv.h"

/* The sRGB EOTF as isl_texel_unpack applies it (Vulkan "sRGB EOTF"), on
 * a real value: BC1-3 interpolate colours in exact arithmetic, so their
 * sRGB forms decode values that are no 8-bit integers. */
static double
vgpu_txc_srgb_to_linear(double c)
{
   return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static uint32_t
vgpu_txc_f32_bits(float f)
{
   uint32_t u;
   memcpy(&u, &f, sizeof(u));
   return u;
}

void
vgpu_txc_out(const struct isl_format_layout *l, const double v[4], uint32_t rgba[4])
{
   for (unsigned c = 0; c < 4; c++) {
      double d = v[c];
      /* A channel the format lacks reads 0, alpha 1.0 (isl_texel_unpack). */
      if (l->ch[c].type == ISL_VOID)
         d = c == 3 ? 1.0 : 0.0;
      else if (l->ch[c].type == ISL_SRGB)
         d = vgpu_txc_srgb_to_linear(d);
      rgba[c] = vgpu_txc_f32_bits((float)d);
   }
}

bool
vgpu_txc_supported(const struct isl_format_layout *l)
{
   switch (l->txc) {
   case ISL_TXC_BC1: case ISL_TXC_BC2: case ISL_TXC_BC3: case ISL_TXC_BC4:
   case ISL_TXC_BC5: case ISL_TXC_BC6H: case ISL_TXC_BC7:
   case ISL_TXC_ETC1: case ISL_TXC_ETC2: case ISL_TXC_EAC:
      return true;
   case ISL_TXC_ASTC:
      /* The LDR profile only: the HDR formats decode to FP16 values the
       * LDR decoder has no rules for. */
      return l->ch[0].type != ISL_SFLOAT;
   default:
      return false;
   }
}

bool
vgpu_txc_decode(const struct isl_format_layout *l, const uint8_t *block, unsigned x,
                unsigned y, uint32_t rgba[4])
{
   double v[4] = { 0.0, 0.0, 0.0, 1.0 };
   if (!vgpu_txc_supported(l) || x >= l->bw || y >= l->bh)
      return false;
   bool ok;
   if (l->txc == ISL_TXC_ASTC)
      ok = vgpu_txc_decode_astc(l, block, x, y, v);
   else if (l->txc == ISL_TXC_ETC1 || l->txc == ISL_TXC_ETC2 || l->txc == ISL_TXC_EAC)
      ok = vgpu_txc_decode_etc(l, block, x, y, v);
   else
      ok = vgpu_txc_decode_bc(l, block, x, y, v);
   if (!ok)
      return false;
   vgpu_txc_out(l, v, rgba);
   return true;
}

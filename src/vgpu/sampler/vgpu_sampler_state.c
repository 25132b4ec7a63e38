/* SAMPLER_STATE and SAMPLER_BORDER_COLOR_STATE, generation-neutral: the
 * entry points pick the generation's decoder (vgpu_sampler_state_genX.c);
 * border colours are read here from the layouts of PRM Vol 2d
 * "SAMPLER_BORDER_COLOR_STATE" of each generation (bit positions as in
 * Mesa's gen7.xml, gen75.xml and gen8.xml). */
#include <string.h>

#include "vgpu_sampler.h"

const unsigned vgpu_sampler_state_dwords = 4;

bool
vgpu_sampler_state_decode(unsigned verx10, const uint32_t *dw, struct vgpu_sampler_state *out)
{
   switch (verx10) {
   case 70: return gfx70_vgpu_sampler_state_decode(dw, out);
   case 75: return gfx75_vgpu_sampler_state_decode(dw, out);
   case 80: return gfx80_vgpu_sampler_state_decode(dw, out);
   case 90: return gfx90_vgpu_sampler_state_decode(dw, out);
   case 110: return gfx110_vgpu_sampler_state_decode(dw, out);
   case 120: return gfx120_vgpu_sampler_state_decode(dw, out);
   default:
      memset(out, 0, sizeof(*out));
      return false;
   }
}

/* Haswell's SAMPLER_BORDER_COLOR_STATE is 20 dwords: the float colour in
 * dwords 0-3 and the integer colours from byte 64 (hence Mesa's 512-byte
 * stride for it); Ivy Bridge and Gen8+ read four dwords. */
#define HSW_BORDER_BYTES 80u
#define HSW_BORDER_INT_OFFSET 64u

unsigned
vgpu_sampler_border_bytes(unsigned verx10)
{
   return verx10 == 75 ? HSW_BORDER_BYTES : 16u;
}

static uint32_t
read_u32(const uint8_t *p)
{
   uint32_t v;
   memcpy(&v, p, sizeof(v));
   return v;
}

static uint32_t
read_u16(const uint8_t *p)
{
   return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

/* A field of `bits` (8 or 16) as the channel's integer: SINT channels
 * sign-extend, as isl_texel_unpack gives them. */
static uint32_t
extend(uint32_t v, unsigned bits, bool sint)
{
   const uint32_t sign = 1u << (bits - 1);
   return sint && (v & sign) ? v | ~((sign << 1) - 1u) : v;
}

/* The width the Haswell integer layout is chosen by: the first channel's
 * (Mesa's crocus picks it from channel 0 the same way). */
static unsigned
first_channel_bits(const struct isl_format_layout *fmt)
{
   static const enum isl_component order[] = { ISL_R, ISL_L, ISL_G, ISL_B, ISL_A };
   for (unsigned i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
      if (isl_format_has_channel(fmt, order[i]))
         return fmt->ch[order[i]].bits;
   }
   return 32;
}

static bool
has_sint_channel(const struct isl_format_layout *fmt)
{
   for (unsigned c = 0; c < ISL_COMPONENTS; c++) {
      if (fmt->ch[c].type == ISL_SINT)
         return true;
   }
   return false;
}

/* Haswell, integer surface formats: the colour is read from byte 64
 * (DWords 16-19; 4-15 are padding) in a layout the channel width picks
 * (gen75.xml "Border Color 8bit/16bit/32bit Red..Alpha"): 8-bit RGBA in
 * one dword; 16-bit R, G in the first dword and B, A in the third; 32-bit
 * in four dwords, except that two-channel 32-bit formats read green from
 * the blue dword (Mesa's i965 upload_default_color and crocus, "careful
 * inspection of the tables"; i965 puts RG32's alpha 1 in the alpha
 * dword).  10-bit channels (R10G10B10A2_UINT) use the 16-bit layout.  The
 * Haswell PRM
 * ("Command Reference: Structures", SAMPLER_BORDER_COLOR_STATE, as crocus
 * quotes it) asks software to program 0 for channels the format lacks and
 * 1 for a missing alpha: the hardware returns the programmed values, so
 * no channel is substituted here (a driver that leaves them at other
 * values gets those, as on the real part).  For RG32 the blue dword holds
 * green, so blue reads 0 and alpha the alpha dword. */
static void
hsw_integer_border(const uint8_t *bc, const struct isl_format_layout *fmt, uint32_t rgba[4])
{
   const uint8_t *p = bc + HSW_BORDER_INT_OFFSET;
   const bool sint = has_sint_channel(fmt);
   const unsigned bits = first_channel_bits(fmt);
   if (bits == 8) {
      for (unsigned c = 0; c < 4; c++)
         rgba[c] = extend(p[c], 8, sint);
      return;
   }
   if (bits == 10 || bits == 16) {
      static const unsigned offset[4] = { 0, 2, 8, 10 };
      for (unsigned c = 0; c < 4; c++)
         rgba[c] = extend(read_u16(p + offset[c]), 16, sint);
      return;
   }
   const bool rg_only = isl_format_has_channel(fmt, ISL_G) && !isl_format_has_channel(fmt, ISL_B);
   rgba[0] = read_u32(p);
   rgba[1] = read_u32(p + (rg_only ? 8 : 4));
   rgba[2] = rg_only ? 0 : read_u32(p + 8);
   rgba[3] = read_u32(p + 12);
}

static bool
delivers(const struct isl_format_layout *fmt, enum isl_component c)
{
   /* Luminance formats deliver R, G and B from L. */
   return isl_format_has_channel(fmt, c) ||
          (c != ISL_A && isl_format_has_channel(fmt, ISL_L));
}

#define FLOAT_ONE_BITS 0x3f800000u

/* Channels the format lacks read as a texel of it would: 0, and alpha 1
 * (1.0 for non-integer formats).  Mesa's Gen8+ drivers (anv, hasvk's
 * Gen8, iris) program one format-independent colour per sampler
 * (VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK is 0,0,0,0 for every format)
 * and pass the CTS's clamp-to-border cases on formats without alpha,
 * which expect alpha 1: the hardware substitutes the missing channels.
 * The same holds for Haswell's float colour (hasvk's HSW CI lists border
 * failures only for integer, stencil and B4G4R4A4 formats).  Ivy Bridge
 * reads the same four dwords and is taken to do the same. */
static void
substitute_missing(const struct isl_format_layout *fmt, bool integer, uint32_t rgba[4])
{
   for (unsigned c = ISL_R; c <= ISL_B; c++) {
      if (!delivers(fmt, (enum isl_component)c))
         rgba[c] = 0;
   }
   if (!delivers(fmt, ISL_A))
      rgba[3] = integer ? 1u : FLOAT_ONE_BITS;
}

void
vgpu_sampler_border_color(unsigned verx10, const uint8_t *bc, const struct isl_format_layout *fmt,
                          uint32_t rgba[4])
{
   const bool integer = fmt && isl_format_is_integer(fmt);
   if (verx10 == 75 && integer) {
      hsw_integer_border(bc, fmt, rgba);
      return;
   }
   /* Gen8+ (and Ivy Bridge, Haswell's float colour): four 32-bit values
    * taken as the surface format's channel type: float bits for float,
    * normalized and sRGB formats, integers for UINT/SINT formats (Mesa's
    * drivers copy VkClearColorValue's uint32/int32 words there).  For
    * integer formats narrower than 32 bits the 32-bit value is returned
    * unchanged: neither the PRM text Mesa quotes nor its drivers (which
    * program the value without regard to the format) describe a clamp or
    * a truncation to the channel's width.  Ivy Bridge's integer formats
    * are read the same way (hasvk programs integer colours as 32-bit words
    * there too); its DX9 8-bit colour (gen7.xml "Border Color Unorm") is
    * not served here. */
   for (unsigned c = 0; c < 4; c++)
      rgba[c] = read_u32(bc + 4 * c);
   if (fmt)
      substitute_missing(fmt, integer, rgba);
}

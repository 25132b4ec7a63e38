/* The format table (src/isl/isl_format.c, isl_format_list.h) and the
 * Vulkan map (isl_vk_format.c):
 *  - consistency: every layout's channels add up to its bits per block,
 *    do not overlap and spell its name (the PRM names list channels from
 *    bit 0 up: B8G8R8A8_UNORM is B in bits 7:0 ... A in 31:24);
 *  - capability spot checks per generation against the PRM facts the
 *    lists encode;
 *  - Vulkan formats: each maps onto a known format with the same bits. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan_core.h>

#include "devinfo.h"
#include "isl.h"
#include "isl_test.h"

/* ---- layouts against their names ---- */

static int
component_of(char c)
{
   switch (c) {
   case 'R': return ISL_R;
   case 'G': return ISL_G;
   case 'B': return ISL_B;
   case 'A': return ISL_A;
   case 'L': return ISL_L;
   case 'E': return ISL_E;
   case 'X': return ISL_X;
   default: return -1;
   }
}

/* The type a name's suffix gives the color channels. */
static int
type_of(const char *suffix)
{
   static const struct { const char *s; int t; } types[] = {
      { "UNORM_SRGB", ISL_SRGB }, { "UNORM", ISL_UNORM }, { "SNORM", ISL_SNORM },
      { "UINT", ISL_UINT }, { "SINT", ISL_SINT }, { "FLOAT", ISL_SFLOAT },
      { "USCALED", ISL_USCALED }, { "SSCALED", ISL_SSCALED },
      { "SHAREDEXP", ISL_SHAREDEXP }, { "PASSTHRU", ISL_RAW },
   };
   for (unsigned i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
      if (!strcmp(suffix, types[i].s))
         return types[i].t;
   }
   return -1;
}

/* The type the name implies for component c. */
static int
expected_type(int c, int type, const char *name)
{
   if (c == ISL_X)
      return ISL_VOID;
   if (type == ISL_SRGB && c == ISL_A)
      return ISL_UNORM;   /* sRGB formats keep alpha linear */
   if (!strcmp(name, "R11G11B10_FLOAT"))
      return ISL_UFLOAT;
   return type;
}

/* Parses "R8G8B8A8_UNORM" style names and compares each channel. */
static void
check_name(const struct isl_format_layout *l)
{
   char buf[64];
   snprintf(buf, sizeof(buf), "%s", l->name);
   /* R24_UNORM_X8_TYPELESS spells the padding after the type. */
   if (!strcmp(buf, "R24_UNORM_X8_TYPELESS"))
      snprintf(buf, sizeof(buf), "R24X8_UNORM");
   char *us = strchr(buf, '_');
   if (!us) {
      CHECK(!strcmp(l->name, "RAW"), "%s: no type in the name", l->name);
      return;
   }
   *us = '\0';
   int type = type_of(us + 1);
   CHECK(type >= 0, "%s: unknown type suffix %s", l->name, us + 1);
   unsigned shift = 0, seen = 0;
   for (const char *p = buf; *p;) {
      int c = component_of(*p++);
      unsigned bits = (unsigned)strtoul(p, (char **)&p, 10);
      CHECK(c >= 0 && bits, "%s: cannot parse the name", l->name);
      if (c < 0)
         return;
      seen |= 1u << c;
      const struct isl_channel *ch = &l->ch[c];
      CHECK(ch->bits == bits && ch->shift == shift &&
            ch->type == expected_type(c, type, l->name),
            "%s: component %d is %u bits at %u of type %u, the name says %u at %u of type %d",
            l->name, c, ch->bits, ch->shift, ch->type, bits, shift,
            expected_type(c, type, l->name));
      shift += bits;
   }
   for (int c = 0; c < ISL_COMPONENTS; c++) {
      if (!((seen >> c) & 1))
         CHECK(l->ch[c].type == ISL_VOID && !l->ch[c].bits, "%s: extra component %d",
               l->name, c);
   }
}

/* Channels (padding included) fill the block exactly, without overlap. */
static void
check_bits(const struct isl_format_layout *l)
{
   unsigned sum = 0;
   uint8_t used[32] = { 0 };
   for (int c = 0; c < ISL_COMPONENTS; c++) {
      const struct isl_channel *ch = &l->ch[c];
      sum += ch->bits;
      for (unsigned b = ch->shift; b < (unsigned)ch->shift + ch->bits && b < 256; b++) {
         CHECK(!(used[b / 8] & (1u << (b % 8))), "%s: bit %u in two channels", l->name, b);
         used[b / 8] |= (uint8_t)(1u << (b % 8));
      }
   }
   CHECK(sum == l->bpb, "%s: channels hold %u bits, the block %u", l->name, sum, l->bpb);
   CHECK(l->bpb % 8 == 0 && isl_format_bytes(l) * 8 == sum, "%s: bytes per block", l->name);
   CHECK(l->bw == 1 && l->bh == 1, "%s: uncompressed block 1x1", l->name);
}

static void
check_compressed(const struct isl_format_layout *l)
{
   CHECK(l->bpb == 64 || l->bpb == 128, "%s: %u bits per block", l->name, l->bpb);
   CHECK(l->bw >= 4 && l->bh >= 4 && l->bw <= 12 && l->bh <= 12, "%s: block %ux%u", l->name,
         l->bw, l->bh);
   CHECK(l->ch[ISL_R].type != ISL_VOID, "%s: decodes to red at least", l->name);
   for (int c = 0; c < ISL_COMPONENTS; c++)
      CHECK(!l->ch[c].bits, "%s: compressed channels have no bits", l->name);
}

static void
test_layouts(void)
{
   unsigned n = 0, prev = 0;
   const struct isl_format_layout *l;
   for (unsigned i = 0; (l = isl_format_layout_at(i)); i++, n++) {
      CHECK(i == 0 || l->format > prev, "%s: list not sorted by number", l->name);
      prev = l->format;
      CHECK(isl_format_layout((enum isl_format)l->format) == l, "%s: lookup", l->name);
      CHECK(l->format < 0x400, "%s: beyond the 10-bit field", l->name);
      if (isl_format_is_compressed(l)) {
         check_compressed(l);
      } else {
         check_bits(l);
         check_name(l);
      }
   }
   CHECK(n > 150, "only %u formats", n);
   CHECK(!isl_format_layout((enum isl_format)0x003), "0x003 is not a format isl knows");

   /* Numbers from the PRM's SURFACE_FORMAT table. */
   CHECK_EQ(ISL_FORMAT_R8G8B8A8_UNORM, 0x0c7, "R8G8B8A8_UNORM");
   CHECK_EQ(ISL_FORMAT_R11G11B10_FLOAT, 0x0d3, "R11G11B10_FLOAT");
   CHECK_EQ(ISL_FORMAT_BC7_UNORM, 0x1a2, "BC7_UNORM");
   CHECK_EQ(ISL_FORMAT_ETC2_EAC_SRGB8_A8, 0x1c3, "ETC2_EAC_SRGB8_A8");
   CHECK_EQ(ISL_FORMAT_RAW, 0x1ff, "RAW");
   CHECK_EQ(ISL_FORMAT_ASTC_LDR_2D_4X4_U8SRGB, 0x200, "ASTC LDR 4x4 sRGB");
   CHECK_EQ(ISL_FORMAT_ASTC_LDR_2D_5X4_U8SRGB, 0x208, "ASTC LDR 5x4 sRGB");
   CHECK_EQ(ISL_FORMAT_ASTC_LDR_2D_8X5_U8SRGB, 0x221, "ASTC LDR 8x5 sRGB");
   CHECK_EQ(ISL_FORMAT_ASTC_LDR_2D_12X12_FLT16, 0x27f, "ASTC LDR 12x12");
   CHECK_EQ(ISL_FORMAT_ASTC_HDR_2D_10X6_FLT16, 0x372, "ASTC HDR 10x6");

   l = isl_format_layout(ISL_FORMAT_ASTC_LDR_2D_10X8_FLT16);
   CHECK(l && l->bw == 10 && l->bh == 8 && l->bpb == 128, "ASTC 10x8 block");
   l = isl_format_layout(ISL_FORMAT_ETC2_SRGB8);
   CHECK(l && l->ch[ISL_R].type == ISL_SRGB && l->ch[ISL_A].type == ISL_VOID, "ETC2_SRGB8: sRGB RGB");
   l = isl_format_layout(ISL_FORMAT_BC3_UNORM_SRGB);
   CHECK(l && l->ch[ISL_B].type == ISL_SRGB && l->ch[ISL_A].type == ISL_UNORM, "BC3 sRGB alpha");
}

/* ---- capabilities ---- */

static const struct devinfo *
dev(uint16_t pci_id)
{
   const struct devinfo *d = devinfo_from_pci_id(pci_id);
   CHECK(d, "no device 0x%04x", pci_id);
   return d;
}

static bool
has(unsigned verx10, enum isl_format f, uint32_t cap)
{
   return (isl_format_caps_verx10(verx10, f) & cap) == cap;
}

static void
test_caps(void)
{
   /* RGBA8: sampled, filtered, rendered, blended, stored everywhere; typed
    * reads convert it only from Ice Lake. */
   uint32_t all = ISL_CAP_SAMPLE | ISL_CAP_FILTER | ISL_CAP_RENDER | ISL_CAP_BLEND |
                  ISL_CAP_TYPED_WRITE | ISL_CAP_VERTEX | ISL_CAP_UNIFORM_TEXEL |
                  ISL_CAP_STORAGE_TEXEL;
   CHECK(has(70, ISL_FORMAT_R8G8B8A8_UNORM, all), "IVB RGBA8");
   CHECK(!has(90, ISL_FORMAT_R8G8B8A8_UNORM, ISL_CAP_TYPED_READ), "SKL RGBA8 typed read");
   CHECK(has(110, ISL_FORMAT_R8G8B8A8_UNORM, ISL_CAP_TYPED_READ), "ICL RGBA8 typed read");
   /* Typed reads: R32 from Ivy Bridge, 8/16-bit UINT from Haswell, the
    * rest of the integer and float formats from Skylake. */
   CHECK(has(70, ISL_FORMAT_R32_UINT, ISL_CAP_TYPED_READ), "IVB R32_UINT typed read");
   CHECK(has(70, ISL_FORMAT_R32_FLOAT, ISL_CAP_TYPED_READ), "IVB R32_FLOAT typed read");
   CHECK(!has(70, ISL_FORMAT_R8G8B8A8_UINT, ISL_CAP_TYPED_READ), "IVB RGBA8UI typed read");
   CHECK(has(75, ISL_FORMAT_R8G8B8A8_UINT, ISL_CAP_TYPED_READ), "HSW RGBA8UI typed read");
   CHECK(!has(80, ISL_FORMAT_R16G16B16A16_FLOAT, ISL_CAP_TYPED_READ), "BDW RGBA16F typed read");
   CHECK(has(90, ISL_FORMAT_R16G16B16A16_FLOAT, ISL_CAP_TYPED_READ), "SKL RGBA16F typed read");
   CHECK(has(90, ISL_FORMAT_R32G32B32A32_FLOAT, ISL_CAP_TYPED_READ), "SKL RGBA32F typed read");
   /* Atomics: 32-bit integers everywhere, R32_FLOAT from Ice Lake. */
   CHECK(has(70, ISL_FORMAT_R32_SINT, ISL_CAP_TYPED_ATOMIC), "IVB R32_SINT atomics");
   CHECK(!has(90, ISL_FORMAT_R32_FLOAT, ISL_CAP_TYPED_ATOMIC), "SKL R32_FLOAT atomics");
   CHECK(has(110, ISL_FORMAT_R32_FLOAT, ISL_CAP_TYPED_ATOMIC), "ICL R32_FLOAT atomics");
   CHECK(!has(110, ISL_FORMAT_R16_UINT, ISL_CAP_TYPED_ATOMIC), "ICL R16 atomics");
   CHECK(has(120, ISL_FORMAT_R16_UINT, ISL_CAP_TYPED_ATOMIC), "TGL R16 atomics");
   /* Integers never filter or blend. */
   CHECK(has(70, ISL_FORMAT_R32G32B32A32_UINT, ISL_CAP_SAMPLE | ISL_CAP_RENDER), "RGBA32UI");
   CHECK(!has(120, ISL_FORMAT_R32G32B32A32_UINT, ISL_CAP_FILTER), "RGBA32UI filters");
   CHECK(!has(120, ISL_FORMAT_R32G32B32A32_UINT, ISL_CAP_BLEND), "RGBA32UI blends");
   /* BC6H/BC7 from Ivy Bridge; ETC2 from Broadwell; ASTC LDR from Skylake,
    * HDR from Ice Lake. */
   CHECK(has(70, ISL_FORMAT_BC7_UNORM, ISL_CAP_SAMPLE | ISL_CAP_FILTER), "IVB BC7");
   CHECK(has(70, ISL_FORMAT_BC6H_UF16, ISL_CAP_SAMPLE), "IVB BC6H");
   CHECK(!has(75, ISL_FORMAT_ETC2_RGB8, ISL_CAP_SAMPLE), "HSW ETC2");
   CHECK(has(80, ISL_FORMAT_ETC2_RGB8, ISL_CAP_SAMPLE | ISL_CAP_FILTER), "BDW ETC2");
   CHECK(!has(80, ISL_FORMAT_ASTC_LDR_2D_4X4_FLT16, ISL_CAP_SAMPLE), "BDW ASTC");
   CHECK(has(90, ISL_FORMAT_ASTC_LDR_2D_4X4_FLT16, ISL_CAP_SAMPLE | ISL_CAP_FILTER), "SKL ASTC");
   CHECK(!has(90, ISL_FORMAT_ASTC_HDR_2D_4X4_FLT16, ISL_CAP_SAMPLE), "SKL ASTC HDR");
   CHECK(has(110, ISL_FORMAT_ASTC_HDR_2D_4X4_FLT16, ISL_CAP_SAMPLE), "ICL ASTC HDR");
   CHECK(!has(120, ISL_FORMAT_BC7_UNORM, ISL_CAP_UNIFORM_TEXEL), "no compressed texel buffers");
   /* Parts ahead of their generation. */
   CHECK(isl_format_caps(dev(0x0f31), ISL_FORMAT_ETC2_RGB8) & ISL_CAP_SAMPLE, "BYT ETC2");
   CHECK(isl_format_caps(dev(0x0f31), ISL_FORMAT_EAC_R11) & ISL_CAP_SAMPLE, "BYT EAC");
   CHECK(!(isl_format_caps(dev(0x0f31), ISL_FORMAT_R16G16B16_UINT) & ISL_CAP_SAMPLE),
         "BYT: R16G16B16_UINT lies in the ETC range but is no ETC format");
   CHECK(!(isl_format_caps(dev(0x0162), ISL_FORMAT_ETC2_RGB8) & ISL_CAP_SAMPLE), "IVB ETC2");
   CHECK(isl_format_caps(dev(0x22b0), ISL_FORMAT_ASTC_LDR_2D_4X4_FLT16) & ISL_CAP_SAMPLE, "CHV ASTC");
   CHECK(!(isl_format_caps(dev(0x22b0), ISL_FORMAT_ASTC_HDR_2D_4X4_FLT16) & ISL_CAP_SAMPLE),
         "CHV ASTC HDR");
   CHECK(isl_format_caps(dev(0x5a84), ISL_FORMAT_ASTC_HDR_2D_4X4_FLT16) & ISL_CAP_SAMPLE, "BXT HDR");
   CHECK(isl_format_caps(dev(0x3184), ISL_FORMAT_ASTC_HDR_2D_4X4_FLT16) & ISL_CAP_SAMPLE, "GLK HDR");
   CHECK(!(isl_format_caps(dev(0x1912), ISL_FORMAT_ASTC_HDR_2D_4X4_FLT16) & ISL_CAP_SAMPLE), "SKL HDR");
   /* Render targets: B8G8R8X8 from Broadwell, RGBX32F from Ice Lake;
    * A4B4G4R4 renders from Skylake but blends from Tiger Lake; A1B5G5R5
    * is Tiger Lake's. */
   CHECK(!has(75, ISL_FORMAT_B8G8R8X8_UNORM, ISL_CAP_RENDER), "HSW BGRX8 render");
   CHECK(has(80, ISL_FORMAT_B8G8R8X8_UNORM, ISL_CAP_RENDER | ISL_CAP_BLEND), "BDW BGRX8 render");
   CHECK(!has(90, ISL_FORMAT_R32G32B32X32_FLOAT, ISL_CAP_RENDER), "SKL RGBX32F render");
   CHECK(has(110, ISL_FORMAT_R32G32B32X32_FLOAT, ISL_CAP_RENDER), "ICL RGBX32F render");
   CHECK(!has(80, ISL_FORMAT_A4B4G4R4_UNORM, ISL_CAP_SAMPLE), "BDW A4B4G4R4");
   CHECK(has(90, ISL_FORMAT_A4B4G4R4_UNORM, ISL_CAP_SAMPLE | ISL_CAP_RENDER), "SKL A4B4G4R4");
   CHECK(!has(110, ISL_FORMAT_A4B4G4R4_UNORM, ISL_CAP_BLEND), "ICL A4B4G4R4 blend");
   CHECK(has(120, ISL_FORMAT_A4B4G4R4_UNORM, ISL_CAP_BLEND), "TGL A4B4G4R4 blend");
   CHECK(!has(110, ISL_FORMAT_A1B5G5R5_UNORM, ISL_CAP_SAMPLE), "ICL A1B5G5R5");
   CHECK(has(120, ISL_FORMAT_A1B5G5R5_UNORM, ISL_CAP_SAMPLE), "TGL A1B5G5R5");
   /* RGB: 8 and 16-bit UNORM sample from Haswell, integers from Skylake;
    * vertex fetch reads them all, integer RGB16 from Haswell. */
   CHECK(!has(70, ISL_FORMAT_R8G8B8_UNORM, ISL_CAP_SAMPLE), "IVB RGB8 sample");
   CHECK(has(75, ISL_FORMAT_R8G8B8_UNORM, ISL_CAP_SAMPLE), "HSW RGB8 sample");
   CHECK(has(70, ISL_FORMAT_R8G8B8_UNORM, ISL_CAP_VERTEX), "IVB RGB8 vertex");
   CHECK(!has(70, ISL_FORMAT_R16G16B16_UINT, ISL_CAP_VERTEX), "IVB RGB16UI vertex");
   CHECK(has(75, ISL_FORMAT_R16G16B16_UINT, ISL_CAP_VERTEX), "HSW RGB16UI vertex");
   /* VK_FORMAT_B8G8R8A8_UNORM attributes: the VF swizzles BGRA on every
    * generation (Mesa's table has it fetchable from Gen4). */
   CHECK(has(70, ISL_FORMAT_B8G8R8A8_UNORM, ISL_CAP_VERTEX), "IVB BGRA8 vertex");
   CHECK(!has(80, ISL_FORMAT_R16G16B16_UINT, ISL_CAP_SAMPLE), "BDW RGB16UI sample");
   CHECK(has(90, ISL_FORMAT_R16G16B16_UINT, ISL_CAP_SAMPLE), "SKL RGB16UI sample");
   CHECK(!has(75, ISL_FORMAT_R64_PASSTHRU, ISL_CAP_VERTEX), "HSW 64-bit passthrough");
   CHECK(has(80, ISL_FORMAT_R64_PASSTHRU, ISL_CAP_VERTEX), "BDW 64-bit passthrough");
   /* sRGB: sampled and rendered, never written by typed messages. */
   CHECK(has(70, ISL_FORMAT_R8G8B8A8_UNORM_SRGB, ISL_CAP_SAMPLE | ISL_CAP_RENDER), "sRGB");
   CHECK(!has(120, ISL_FORMAT_R8G8B8A8_UNORM_SRGB, ISL_CAP_TYPED_WRITE), "sRGB storage");
   CHECK(has(70, ISL_FORMAT_R24_UNORM_X8_TYPELESS, ISL_CAP_SHADOW), "D24 comparisons");
}

/* ---- Vulkan ---- */

static void
test_vk_map(void)
{
   const struct isl_vk_format *f;
   unsigned prev = 0;
   for (unsigned i = 0; (f = isl_vk_format_at(i)); i++) {
      CHECK(i == 0 || f->vk_format > prev, "VkFormat %u: not sorted", f->vk_format);
      prev = f->vk_format;
      CHECK(isl_format_layout((enum isl_format)f->format), "VkFormat %u: unknown format 0x%x",
            f->vk_format, f->format);
      CHECK(isl_vk_format(f->vk_format) == f, "VkFormat %u: lookup", f->vk_format);
   }
   /* Packed Vulkan names count from the top bit: A2R10G10B10 is the PRM's
    * B10G10R10A2, A8B8G8R8 is R8G8B8A8 in memory. */
   f = isl_vk_format(VK_FORMAT_A2R10G10B10_UNORM_PACK32);
   CHECK(f && f->format == ISL_FORMAT_B10G10R10A2_UNORM, "A2R10G10B10");
   f = isl_vk_format(VK_FORMAT_A8B8G8R8_SRGB_PACK32);
   CHECK(f && f->format == ISL_FORMAT_R8G8B8A8_UNORM_SRGB, "A8B8G8R8_SRGB");
   f = isl_vk_format(VK_FORMAT_R5G6B5_UNORM_PACK16);
   CHECK(f && f->format == ISL_FORMAT_B5G6R5_UNORM && isl_swizzle_is_identity(f->swizzle),
         "R5G6B5 is B5G6R5 (R in bits 15:11)");
   f = isl_vk_format(VK_FORMAT_B10G11R11_UFLOAT_PACK32);
   CHECK(f && f->format == ISL_FORMAT_R11G11B10_FLOAT, "B10G11R11");
   /* B4G4R4A4_UNORM_PACK16 holds A, R, G, B from bit 0 up: the PRM's
    * B4G4R4A4 slots B, G, R, A carry them, so R reads G, G reads R, B
    * reads A, A reads B. */
   f = isl_vk_format(VK_FORMAT_B4G4R4A4_UNORM_PACK16);
   CHECK(f && f->format == ISL_FORMAT_B4G4R4A4_UNORM && f->swizzle.r == ISL_SCS_GREEN &&
         f->swizzle.g == ISL_SCS_RED && f->swizzle.b == ISL_SCS_ALPHA &&
         f->swizzle.a == ISL_SCS_BLUE, "B4G4R4A4_PACK16 swizzle");
   f = isl_vk_format(VK_FORMAT_D24_UNORM_S8_UINT);
   CHECK(f && f->format == ISL_FORMAT_R24_UNORM_X8_TYPELESS &&
         f->depth_format == ISL_DEPTH_D24_UNORM_X8_UINT && f->stencil, "D24S8");
   CHECK(!isl_vk_format(VK_FORMAT_D16_UNORM_S8_UINT), "D16S8 has no depth format");
   CHECK(!isl_vk_format(VK_FORMAT_B8G8R8_UNORM), "B8G8R8 has no twin");
   CHECK(!isl_vk_format(VK_FORMAT_R8G8_SRGB), "R8G8_SRGB has no twin");
   f = isl_vk_format(VK_FORMAT_ASTC_6x5_SRGB_BLOCK);
   CHECK(f && f->format == ISL_FORMAT_ASTC_LDR_2D_6X5_U8SRGB, "ASTC 6x5 sRGB");

   const struct devinfo *ivb = dev(0x0162), *hsw = dev(0x0416), *bdw = dev(0x1616);
   const struct devinfo *tgl = dev(0x9a49);
   /* Channel selects: sampling only, from Haswell. */
   CHECK(!isl_vk_format_caps(ivb, VK_FORMAT_B4G4R4A4_UNORM_PACK16), "IVB B4G4R4A4_PACK16");
   uint32_t c = isl_vk_format_caps(hsw, VK_FORMAT_B4G4R4A4_UNORM_PACK16);
   CHECK((c & ISL_CAP_SAMPLE) && !(c & ISL_CAP_RENDER), "HSW B4G4R4A4_PACK16 caps 0x%x", c);
   CHECK(isl_vk_format_caps(hsw, VK_FORMAT_R8_SRGB) & ISL_CAP_FILTER, "HSW R8_SRGB via L8");
   /* Stencil samples from Broadwell (W tiles in RENDER_SURFACE_STATE). */
   CHECK(!(isl_vk_format_caps(hsw, VK_FORMAT_S8_UINT) & ISL_CAP_SAMPLE), "HSW stencil sampling");
   CHECK(isl_vk_format_caps(bdw, VK_FORMAT_S8_UINT) & ISL_CAP_SAMPLE, "BDW stencil sampling");
   c = isl_vk_format_caps(ivb, VK_FORMAT_D32_SFLOAT_S8_UINT);
   CHECK((c & ISL_CAP_DEPTH) && (c & ISL_CAP_STENCIL) && (c & ISL_CAP_SHADOW) &&
         !(c & ISL_CAP_RENDER), "IVB D32S8 caps 0x%x", c);
   /* R4G4B4A4_PACK16 is A4B4G4R4, Skylake's. */
   CHECK(!(isl_vk_format_caps(bdw, VK_FORMAT_R4G4B4A4_UNORM_PACK16) & ISL_CAP_SAMPLE), "BDW 4444");
   CHECK(isl_vk_format_caps(tgl, VK_FORMAT_R4G4B4A4_UNORM_PACK16) & ISL_CAP_BLEND, "TGL 4444");
   /* 64-bit vertex attributes from Broadwell. */
   CHECK(!(isl_vk_format_caps(hsw, VK_FORMAT_R64_SFLOAT) & ISL_CAP_VERTEX), "HSW R64 vertex");
   CHECK(isl_vk_format_caps(bdw, VK_FORMAT_R64G64_SFLOAT) & ISL_CAP_VERTEX, "BDW R64G64 vertex");
}

int
main(void)
{
   test_layouts();
   test_caps();
   test_vk_map();
   return isl_test_result("test_isl_format");
}

/* Hardware surface formats: the layout table built from isl_format_list.h
 * and what each generation can do with each format.
 *
 * The capabilities are one list per PRM table, each entry the format and
 * the first generation (GFX_VERx10) that has it:
 *  - sampling: PRM Vol 2d "Surface Formats" / Vol 7 "Sampler Output Channel
 *    Mapping" (the supported-format tables of the sampling engine);
 *  - render target and blending: Vol 7 "Render Target Write" surface formats
 *    (IVB/HSW Vol 4 Part 1 3.9.11; BDW+ "Render Target Surface Types");
 *  - typed writes, reads and atomics: Vol 7 "Data Port" "Typed Surface
 *    Read/Write/Atomic" supported surface formats;
 *  - vertex fetch: Vol 2 "Format Conversion" of the VF unit (IVB Vol 2
 *    Part 1 2.5.11; later Vol 7 "Vertex Fetch").
 * Mesa's isl_format.c tabulates the same PRM facts and was read to check
 * these lists; the representation is ours. */
#include <stddef.h>

#include "devinfo.h"
#include "isl.h"

/* ---- layouts ---- */

#define ISL_T_UN ISL_UNORM
#define ISL_T_SN ISL_SNORM
#define ISL_T_UI ISL_UINT
#define ISL_T_SI ISL_SINT
#define ISL_T_UF ISL_UFLOAT
#define ISL_T_SF ISL_SFLOAT
#define ISL_T_SR ISL_SRGB
#define ISL_T_US ISL_USCALED
#define ISL_T_SS ISL_SSCALED
#define ISL_T_SE ISL_SHAREDEXP
#define ISL_T_RW ISL_RAW
#define ISL_T_VD ISL_VOID

#define ISL_C_R ISL_R
#define ISL_C_G ISL_G
#define ISL_C_B ISL_B
#define ISL_C_A ISL_A
#define ISL_C_L ISL_L
#define ISL_C_E ISL_E
#define ISL_C_X ISL_X

/* A channel at `shift` bits from the texel's first bit. */
#define CH(c, t, b, shift) [ISL_C_##c] = { ISL_T_##t, b, shift }

#define ROW(nm, number, bpb_, ...) \
   { .format = number, .bpb = bpb_, .bw = 1, .bh = 1, .txc = ISL_TXC_NONE, \
     .ch = { __VA_ARGS__ }, .name = #nm },
#define ISL_F1(name, n, bpb, c0, t0, b0) ROW(name, n, bpb, CH(c0, t0, b0, 0))
#define ISL_F2(name, n, bpb, c0, t0, b0, c1, t1, b1) \
   ROW(name, n, bpb, CH(c0, t0, b0, 0), CH(c1, t1, b1, b0))
#define ISL_F3(name, n, bpb, c0, t0, b0, c1, t1, b1, c2, t2, b2) \
   ROW(name, n, bpb, CH(c0, t0, b0, 0), CH(c1, t1, b1, b0), CH(c2, t2, b2, b0 + b1))
#define ISL_F4(name, n, bpb, c0, t0, b0, c1, t1, b1, c2, t2, b2, c3, t3, b3) \
   ROW(name, n, bpb, CH(c0, t0, b0, 0), CH(c1, t1, b1, b0), CH(c2, t2, b2, b0 + b1), \
       CH(c3, t3, b3, b0 + b1 + b2))

/* Compressed: the first n of R, G, B, A decode to type t (SR: R, G and B
 * sRGB, alpha linear). */
#define BLK_TYPE(t, c) ((ISL_T_##t == ISL_SRGB && (c) == ISL_A) ? ISL_UNORM : ISL_T_##t)
#define BLK_CH(t, n, c) { (c) < (n) ? BLK_TYPE(t, c) : ISL_VOID, 0, 0 }
#define ISL_BLOCK(nm, number, bpb_, w, h, txc_, t, n) \
   { .format = number, .bpb = bpb_, .bw = w, .bh = h, .txc = ISL_TXC_##txc_, \
     .ch = { BLK_CH(t, n, 0), BLK_CH(t, n, 1), BLK_CH(t, n, 2), BLK_CH(t, n, 3) }, \
     .name = #nm },

static const struct isl_format_layout layouts[] = {
#include "isl_format_list.h"
};

#undef ISL_F1
#undef ISL_F2
#undef ISL_F3
#undef ISL_F4
#undef ISL_BLOCK
#undef ROW

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* The list is sorted by number (tests/isl checks it). */
const struct isl_format_layout *
isl_format_layout(enum isl_format format)
{
   size_t lo = 0, hi = COUNT(layouts);
   while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      if (layouts[mid].format == format)
         return &layouts[mid];
      if (layouts[mid].format < format)
         lo = mid + 1;
      else
         hi = mid;
   }
   return NULL;
}

const struct isl_format_layout *
isl_format_layout_at(unsigned index)
{
   return index < COUNT(layouts) ? &layouts[index] : NULL;
}

bool
isl_format_is_integer(const struct isl_format_layout *l)
{
   for (unsigned c = 0; c < ISL_COMPONENTS; c++) {
      if (l->ch[c].type == ISL_UINT || l->ch[c].type == ISL_SINT)
         return true;
   }
   return false;
}

bool
isl_format_is_srgb(const struct isl_format_layout *l)
{
   for (unsigned c = 0; c < ISL_COMPONENTS; c++) {
      if (l->ch[c].type == ISL_SRGB)
         return true;
   }
   return false;
}

/* ---- capabilities ---- */

struct since {
   uint16_t format;   /* enum isl_format */
   uint8_t verx10;    /* first generation that has it */
};

#define F(name, v) { ISL_FORMAT_##name, v }
#define ALL 70

/* Sampling engine formats.  BC6H/BC7 from Ivy Bridge, the 24/48-bit
 * UNORM/SNORM RGB formats from Haswell, ETC2/EAC and sRGB RGB8 from
 * Broadwell, integer RGB8/RGB16, A4B4G4R4 and ASTC LDR from Skylake, ASTC
 * HDR from Ice Lake (Cannon Lake in the PRMs), A1B5G5R5 from Tiger Lake.
 * (Mesa's drivers found A4B4G4R4 sampling to work on Broadwell too; the
 * PRM lists it from Skylake and so do we.) */
static const struct since sample_list[] = {
   F(R32G32B32A32_FLOAT, ALL), F(R32G32B32A32_SINT, ALL), F(R32G32B32A32_UINT, ALL),
   F(R32G32B32X32_FLOAT, ALL), F(R32G32B32_FLOAT, ALL), F(R32G32B32_SINT, ALL),
   F(R32G32B32_UINT, ALL), F(R16G16B16A16_UNORM, ALL), F(R16G16B16A16_SNORM, ALL),
   F(R16G16B16A16_SINT, ALL), F(R16G16B16A16_UINT, ALL), F(R16G16B16A16_FLOAT, ALL),
   F(R32G32_FLOAT, ALL), F(R32G32_SINT, ALL), F(R32G32_UINT, ALL),
   F(R16G16B16X16_UNORM, ALL), F(R16G16B16X16_FLOAT, ALL),
   F(B8G8R8A8_UNORM, ALL), F(B8G8R8A8_UNORM_SRGB, ALL), F(R10G10B10A2_UNORM, ALL),
   F(R10G10B10A2_UNORM_SRGB, ALL), F(R10G10B10A2_UINT, ALL), F(R8G8B8A8_UNORM, ALL),
   F(R8G8B8A8_UNORM_SRGB, ALL), F(R8G8B8A8_SNORM, ALL), F(R8G8B8A8_SINT, ALL),
   F(R8G8B8A8_UINT, ALL), F(R16G16_UNORM, ALL), F(R16G16_SNORM, ALL), F(R16G16_SINT, ALL),
   F(R16G16_UINT, ALL), F(R16G16_FLOAT, ALL), F(B10G10R10A2_UNORM, ALL),
   F(B10G10R10A2_UNORM_SRGB, ALL), F(R11G11B10_FLOAT, ALL), F(R32_SINT, ALL),
   F(R32_UINT, ALL), F(R32_FLOAT, ALL), F(R24_UNORM_X8_TYPELESS, ALL),
   F(B8G8R8X8_UNORM, ALL), F(B8G8R8X8_UNORM_SRGB, ALL), F(R8G8B8X8_UNORM, ALL),
   F(R8G8B8X8_UNORM_SRGB, ALL), F(R9G9B9E5_SHAREDEXP, ALL), F(B10G10R10X2_UNORM, ALL),
   F(B5G6R5_UNORM, ALL), F(B5G6R5_UNORM_SRGB, ALL), F(B5G5R5A1_UNORM, ALL),
   F(B5G5R5A1_UNORM_SRGB, ALL), F(B4G4R4A4_UNORM, ALL), F(B4G4R4A4_UNORM_SRGB, ALL),
   F(R8G8_UNORM, ALL), F(R8G8_SNORM, ALL), F(R8G8_SINT, ALL), F(R8G8_UINT, ALL),
   F(R16_UNORM, ALL), F(R16_SNORM, ALL), F(R16_SINT, ALL), F(R16_UINT, ALL),
   F(R16_FLOAT, ALL), F(L8A8_UNORM_SRGB, ALL), F(A1B5G5R5_UNORM, 120),
   F(A4B4G4R4_UNORM, 90), F(R8_UNORM, ALL), F(R8_SNORM, ALL), F(R8_SINT, ALL),
   F(R8_UINT, ALL), F(A8_UNORM, ALL), F(L8_UNORM_SRGB, ALL),
   F(DXT1_RGB_SRGB, ALL), F(BC1_UNORM, ALL), F(BC2_UNORM, ALL), F(BC3_UNORM, ALL),
   F(BC4_UNORM, ALL), F(BC5_UNORM, ALL), F(BC1_UNORM_SRGB, ALL), F(BC2_UNORM_SRGB, ALL),
   F(BC3_UNORM_SRGB, ALL), F(DXT1_RGB, ALL), F(R8G8B8_UNORM, 75), F(R8G8B8_SNORM, 75),
   F(BC4_SNORM, ALL), F(BC5_SNORM, ALL), F(R16G16B16_FLOAT, ALL),
   F(R16G16B16_UNORM, 75), F(R16G16B16_SNORM, 75), F(BC6H_SF16, ALL), F(BC7_UNORM, ALL),
   F(BC7_UNORM_SRGB, ALL), F(BC6H_UF16, ALL),
   /* Haswell names R8G8B8_UNORM_SRGB but samples it without the sRGB
    * decode; it decodes from Broadwell. */
   F(R8G8B8_UNORM_SRGB, 80),
   F(ETC1_RGB8, 80), F(ETC2_RGB8, 80), F(EAC_R11, 80), F(EAC_RG11, 80),
   F(EAC_SIGNED_R11, 80), F(EAC_SIGNED_RG11, 80), F(ETC2_SRGB8, 80),
   F(R16G16B16_UINT, 90), F(R16G16B16_SINT, 90), F(ETC2_RGB8_PTA, 80),
   F(ETC2_SRGB8_PTA, 80), F(ETC2_EAC_RGBA8, 80), F(ETC2_EAC_SRGB8_A8, 80),
   F(R8G8B8_UINT, 90), F(R8G8B8_SINT, 90),
   /* ASTC is added below, by number range. */
};

/* Depth comparison (sampler "_c" messages): the depth sampling formats. */
static const struct since shadow_list[] = {
   F(R32_FLOAT, ALL), F(R24_UNORM_X8_TYPELESS, ALL), F(R16_UNORM, ALL),
};

/* Render targets. */
static const struct since render_list[] = {
   F(R32G32B32A32_FLOAT, ALL), F(R32G32B32A32_SINT, ALL), F(R32G32B32A32_UINT, ALL),
   F(R32G32B32X32_FLOAT, 110), F(R16G16B16A16_UNORM, ALL), F(R16G16B16A16_SNORM, ALL),
   F(R16G16B16A16_SINT, ALL), F(R16G16B16A16_UINT, ALL), F(R16G16B16A16_FLOAT, ALL),
   F(R32G32_FLOAT, ALL), F(R32G32_SINT, ALL), F(R32G32_UINT, ALL),
   F(R16G16B16X16_FLOAT, 90), F(B8G8R8A8_UNORM, ALL), F(B8G8R8A8_UNORM_SRGB, ALL),
   F(R10G10B10A2_UNORM, ALL), F(R10G10B10A2_UINT, ALL), F(R8G8B8A8_UNORM, ALL),
   F(R8G8B8A8_UNORM_SRGB, ALL), F(R8G8B8A8_SNORM, ALL), F(R8G8B8A8_SINT, ALL),
   F(R8G8B8A8_UINT, ALL), F(R16G16_UNORM, ALL), F(R16G16_SNORM, ALL), F(R16G16_SINT, ALL),
   F(R16G16_UINT, ALL), F(R16G16_FLOAT, ALL), F(B10G10R10A2_UNORM, ALL),
   F(B10G10R10A2_UNORM_SRGB, ALL), F(R11G11B10_FLOAT, ALL), F(R32_SINT, ALL),
   F(R32_UINT, ALL), F(R32_FLOAT, ALL), F(B8G8R8X8_UNORM, 80), F(B8G8R8X8_UNORM_SRGB, 80),
   F(B5G6R5_UNORM, ALL), F(B5G6R5_UNORM_SRGB, ALL), F(B5G5R5A1_UNORM, ALL),
   F(B5G5R5A1_UNORM_SRGB, ALL), F(B4G4R4A4_UNORM, ALL), F(B4G4R4A4_UNORM_SRGB, ALL),
   F(R8G8_UNORM, ALL), F(R8G8_SNORM, ALL), F(R8G8_SINT, ALL), F(R8G8_UINT, ALL),
   F(R16_UNORM, ALL), F(R16_SNORM, ALL), F(R16_SINT, ALL), F(R16_UINT, ALL),
   F(R16_FLOAT, ALL), F(A1B5G5R5_UNORM, 120), F(A4B4G4R4_UNORM, 90),
   F(R8_UNORM, ALL), F(R8_SNORM, ALL), F(R8_SINT, ALL), F(R8_UINT, ALL), F(A8_UNORM, ALL),
};

/* Render targets the color calculator blends into: the non-integer ones,
 * A4B4G4R4 only from Tiger Lake. */
static const struct since blend_list[] = {
   F(R32G32B32A32_FLOAT, ALL), F(R32G32B32X32_FLOAT, 110), F(R16G16B16A16_UNORM, ALL),
   F(R16G16B16A16_SNORM, ALL), F(R16G16B16A16_FLOAT, ALL), F(R32G32_FLOAT, ALL),
   F(R16G16B16X16_FLOAT, 90), F(B8G8R8A8_UNORM, ALL), F(B8G8R8A8_UNORM_SRGB, ALL),
   F(R10G10B10A2_UNORM, ALL), F(R8G8B8A8_UNORM, ALL), F(R8G8B8A8_UNORM_SRGB, ALL),
   F(R8G8B8A8_SNORM, ALL), F(R16G16_UNORM, ALL), F(R16G16_SNORM, ALL),
   F(R16G16_FLOAT, ALL), F(B10G10R10A2_UNORM, ALL), F(B10G10R10A2_UNORM_SRGB, ALL),
   F(R11G11B10_FLOAT, ALL), F(R32_FLOAT, ALL), F(B8G8R8X8_UNORM, 80),
   F(B8G8R8X8_UNORM_SRGB, 80), F(B5G6R5_UNORM, ALL), F(B5G6R5_UNORM_SRGB, ALL),
   F(B5G5R5A1_UNORM, ALL), F(B5G5R5A1_UNORM_SRGB, ALL), F(B4G4R4A4_UNORM, ALL),
   F(B4G4R4A4_UNORM_SRGB, ALL), F(R8G8_UNORM, ALL), F(R8G8_SNORM, ALL),
   F(R16_UNORM, ALL), F(R16_SNORM, ALL), F(R16_FLOAT, ALL), F(A1B5G5R5_UNORM, 120),
   F(A4B4G4R4_UNORM, 120), F(R8_UNORM, ALL), F(R8_SNORM, ALL), F(A8_UNORM, ALL),
};

/* Typed surface writes: the same set on every generation. */
static const struct since typed_write_list[] = {
   F(R32G32B32A32_FLOAT, ALL), F(R32G32B32A32_SINT, ALL), F(R32G32B32A32_UINT, ALL),
   F(R16G16B16A16_UNORM, ALL), F(R16G16B16A16_SNORM, ALL), F(R16G16B16A16_SINT, ALL),
   F(R16G16B16A16_UINT, ALL), F(R16G16B16A16_FLOAT, ALL), F(R32G32_FLOAT, ALL),
   F(R32G32_SINT, ALL), F(R32G32_UINT, ALL), F(B8G8R8A8_UNORM, ALL),
   F(R10G10B10A2_UNORM, ALL), F(R10G10B10A2_UINT, ALL), F(R8G8B8A8_UNORM, ALL),
   F(R8G8B8A8_SNORM, ALL), F(R8G8B8A8_SINT, ALL), F(R8G8B8A8_UINT, ALL),
   F(R16G16_UNORM, ALL), F(R16G16_SNORM, ALL), F(R16G16_SINT, ALL), F(R16G16_UINT, ALL),
   F(R16G16_FLOAT, ALL), F(B10G10R10A2_UNORM, ALL), F(R11G11B10_FLOAT, ALL),
   F(R32_SINT, ALL), F(R32_UINT, ALL), F(R32_FLOAT, ALL), F(B5G6R5_UNORM, ALL),
   F(B5G5R5A1_UNORM, ALL), F(B4G4R4A4_UNORM, ALL), F(R8G8_UNORM, ALL), F(R8G8_SNORM, ALL),
   F(R8G8_SINT, ALL), F(R8G8_UINT, ALL), F(R16_UNORM, ALL), F(R16_SNORM, ALL),
   F(R16_SINT, ALL), F(R16_UINT, ALL), F(R16_FLOAT, ALL), F(R8_UNORM, ALL),
   F(R8_SNORM, ALL), F(R8_SINT, ALL), F(R8_UINT, ALL), F(A8_UNORM, ALL),
};

/* Typed surface reads that convert the format.  Ivy Bridge reads only the
 * 32-bit single-channel formats; Haswell adds the 8/16-bit UINT ones;
 * Skylake the other formats of 8, 16 or 32-bit integer or float channels;
 * Ice Lake the normalized ones (the packed 10-10-10-2, 11-11-10 and BGRA
 * formats only come after Tiger Lake).  Anything else must be read as
 * R32_UINT and converted in the shader, which needs the format at compile
 * time. */
static const struct since typed_read_list[] = {
   F(R32G32B32A32_FLOAT, 90), F(R32G32B32A32_SINT, 90), F(R32G32B32A32_UINT, 90),
   F(R16G16B16A16_UNORM, 110), F(R16G16B16A16_SNORM, 110), F(R16G16B16A16_SINT, 90),
   F(R16G16B16A16_UINT, 75), F(R16G16B16A16_FLOAT, 90), F(R32G32_FLOAT, 90),
   F(R32G32_SINT, 90), F(R32G32_UINT, 90), F(R8G8B8A8_UNORM, 110),
   F(R8G8B8A8_SNORM, 110), F(R8G8B8A8_SINT, 90), F(R8G8B8A8_UINT, 75),
   F(R16G16_UNORM, 110), F(R16G16_SNORM, 110), F(R16G16_SINT, 90), F(R16G16_UINT, 75),
   F(R16G16_FLOAT, 90), F(R32_SINT, ALL), F(R32_UINT, ALL), F(R32_FLOAT, ALL),
   F(R8G8_UNORM, 110), F(R8G8_SNORM, 110), F(R8G8_SINT, 90), F(R8G8_UINT, 75),
   F(R16_UNORM, 110), F(R16_SNORM, 110), F(R16_SINT, 90), F(R16_UINT, 75),
   F(R16_FLOAT, 90), F(R8_UNORM, 110), F(R8_SNORM, 110), F(R8_SINT, 90), F(R8_UINT, 75),
   F(A8_UNORM, 110),
};

/* Typed atomics: 32-bit integers everywhere, float compare/exchange from
 * Ice Lake, 64-bit from Skylake, 16-bit from Tiger Lake. */
static const struct since typed_atomic_list[] = {
   F(R64_FLOAT, 90), F(R64_PASSTHRU, 90), F(R32_SINT, ALL), F(R32_UINT, ALL),
   F(R32_FLOAT, 110), F(R16_SINT, 120), F(R16_UINT, 120), F(R16_FLOAT, 120),
};

/* Vertex fetch source formats.  Haswell adds the 10-10-10-2 signed and
 * scaled variants, B10G10R10A2_UNORM and integer RGB8/RGB16; Broadwell the
 * 64-bit PASSTHRU formats that deliver doubles unconverted. */
static const struct since vertex_list[] = {
   F(R32G32B32A32_FLOAT, ALL), F(R32G32B32A32_SINT, ALL), F(R32G32B32A32_UINT, ALL),
   F(R64G64_FLOAT, ALL), F(R32G32B32A32_SSCALED, ALL), F(R32G32B32A32_USCALED, ALL),
   F(R64G64_PASSTHRU, 80), F(R32G32B32_FLOAT, ALL), F(R32G32B32_SINT, ALL),
   F(R32G32B32_UINT, ALL), F(R32G32B32_SSCALED, ALL), F(R32G32B32_USCALED, ALL),
   F(R16G16B16A16_UNORM, ALL), F(R16G16B16A16_SNORM, ALL), F(R16G16B16A16_SINT, ALL),
   F(R16G16B16A16_UINT, ALL), F(R16G16B16A16_FLOAT, ALL), F(R32G32_FLOAT, ALL),
   F(R32G32_SINT, ALL), F(R32G32_UINT, ALL), F(R64_FLOAT, ALL),
   F(R16G16B16A16_SSCALED, ALL), F(R16G16B16A16_USCALED, ALL), F(R32G32_SSCALED, ALL),
   F(R32G32_USCALED, ALL), F(R64_PASSTHRU, 80), F(R10G10B10A2_UNORM, ALL),
   F(R10G10B10A2_UINT, ALL), F(R8G8B8A8_UNORM, ALL), F(R8G8B8A8_SNORM, ALL),
   F(R8G8B8A8_SINT, ALL), F(R8G8B8A8_UINT, ALL), F(R16G16_UNORM, ALL),
   F(R16G16_SNORM, ALL), F(R16G16_SINT, ALL), F(R16G16_UINT, ALL), F(R16G16_FLOAT, ALL),
   F(B10G10R10A2_UNORM, 75), F(R11G11B10_FLOAT, ALL), F(R32_SINT, ALL), F(R32_UINT, ALL),
   F(R32_FLOAT, ALL), F(R8G8B8A8_SSCALED, ALL), F(R8G8B8A8_USCALED, ALL),
   F(R16G16_SSCALED, ALL), F(R16G16_USCALED, ALL), F(R32_SSCALED, ALL),
   F(R32_USCALED, ALL), F(R8G8_UNORM, ALL), F(R8G8_SNORM, ALL), F(R8G8_SINT, ALL),
   F(R8G8_UINT, ALL), F(R16_UNORM, ALL), F(R16_SNORM, ALL), F(R16_SINT, ALL),
   F(R16_UINT, ALL), F(R16_FLOAT, ALL), F(R8G8_SSCALED, ALL), F(R8G8_USCALED, ALL),
   F(R16_SSCALED, ALL), F(R16_USCALED, ALL), F(R8_UNORM, ALL), F(R8_SNORM, ALL),
   F(R8_SINT, ALL), F(R8_UINT, ALL), F(R8_SSCALED, ALL), F(R8_USCALED, ALL),
   F(R8G8B8_UNORM, ALL), F(R8G8B8_SNORM, ALL), F(R8G8B8_SSCALED, ALL),
   F(R8G8B8_USCALED, ALL), F(R64G64B64A64_FLOAT, ALL), F(R64G64B64_FLOAT, ALL),
   F(R16G16B16_FLOAT, ALL), F(R16G16B16_UNORM, ALL), F(R16G16B16_SNORM, ALL),
   F(R16G16B16_SSCALED, ALL), F(R16G16B16_USCALED, ALL), F(R16G16B16_UINT, 75),
   F(R16G16B16_SINT, 75), F(R10G10B10A2_SNORM, 75), F(R10G10B10A2_USCALED, 75),
   F(R10G10B10A2_SSCALED, 75), F(R10G10B10A2_SINT, 75), F(B10G10R10A2_SNORM, 75),
   F(B10G10R10A2_USCALED, 75), F(B10G10R10A2_SSCALED, 75), F(B10G10R10A2_UINT, 75),
   F(B10G10R10A2_SINT, 75), F(R64G64B64A64_PASSTHRU, 80), F(R64G64B64_PASSTHRU, 80),
   F(R8G8B8_UINT, 75), F(R8G8B8_SINT, 75), F(B8G8R8A8_UNORM, ALL),
};

#undef F

struct cap_list {
   uint32_t cap;
   const struct since *list;
   size_t count;
};

#define LIST(cap, l) { cap, l, COUNT(l) }
static const struct cap_list cap_lists[] = {
   LIST(ISL_CAP_SAMPLE, sample_list),
   LIST(ISL_CAP_SHADOW, shadow_list),
   LIST(ISL_CAP_RENDER, render_list),
   LIST(ISL_CAP_BLEND, blend_list),
   LIST(ISL_CAP_TYPED_WRITE, typed_write_list),
   LIST(ISL_CAP_TYPED_READ, typed_read_list),
   LIST(ISL_CAP_TYPED_ATOMIC, typed_atomic_list),
   LIST(ISL_CAP_VERTEX, vertex_list),
};
#undef LIST

static uint32_t
listed_caps(unsigned verx10, enum isl_format format)
{
   uint32_t caps = 0;
   for (size_t i = 0; i < COUNT(cap_lists); i++) {
      const struct cap_list *cl = &cap_lists[i];
      for (size_t j = 0; j < cl->count; j++) {
         if (cl->list[j].format == format && verx10 >= cl->list[j].verx10)
            caps |= cl->cap;
      }
   }
   return caps;
}

/* ASTC by number: LDR (0x200-0x27f) from Skylake, HDR (0x340-0x37f) from
 * Ice Lake.  Tiger Lake still has both (Gen12.5 dropped them). */
static uint32_t
astc_caps(unsigned verx10, enum isl_format format)
{
   unsigned since = format >= 0x340 ? 110 : 90;
   return verx10 >= since ? ISL_CAP_SAMPLE : 0;
}

/* Parts that sample compressed formats their generation's big cores lack:
 * Bay Trail has ETC1/ETC2/EAC (Gen7), Cherryview ASTC LDR (Gen8),
 * Broxton/Apollo Lake and Gemini Lake ASTC HDR (Gen9). */
struct platform_extra {
   enum devinfo_platform platform;
   uint16_t first, last;   /* format number range */
   uint8_t txc, txc2;      /* compression families in that range */
};

static const struct platform_extra platform_extras[] = {
   { PLATFORM_BYT, ISL_FORMAT_ETC1_RGB8, ISL_FORMAT_ETC2_EAC_SRGB8_A8, ISL_TXC_ETC1, ISL_TXC_ETC2 },
   { PLATFORM_BYT, ISL_FORMAT_ETC1_RGB8, ISL_FORMAT_ETC2_EAC_SRGB8_A8, ISL_TXC_EAC, ISL_TXC_EAC },
   { PLATFORM_CHV, 0x200, 0x27f, ISL_TXC_ASTC, ISL_TXC_ASTC },
   { PLATFORM_BXT, 0x200, 0x37f, ISL_TXC_ASTC, ISL_TXC_ASTC },
   { PLATFORM_GLK, 0x200, 0x37f, ISL_TXC_ASTC, ISL_TXC_ASTC },
};

static uint32_t
platform_caps(const struct devinfo *dev, const struct isl_format_layout *l)
{
   for (size_t i = 0; i < COUNT(platform_extras); i++) {
      const struct platform_extra *e = &platform_extras[i];
      if (e->platform == dev->platform && l->format >= e->first &&
          l->format <= e->last && (l->txc == e->txc || l->txc == e->txc2))
         return ISL_CAP_SAMPLE;
   }
   return 0;
}

/* Filtering: the sampler filters every non-integer format it samples
 * (PRM Vol 7 "Sampler": integer formats take MAPFILTER_NEAREST only).
 * Texel buffers: the sampler reads uncompressed formats from buffers, the
 * data port writes its typed-write formats to them. */
static uint32_t
derived_caps(const struct isl_format_layout *l, uint32_t caps)
{
   if ((caps & ISL_CAP_SAMPLE) && !isl_format_is_integer(l))
      caps |= ISL_CAP_FILTER;
   if ((caps & ISL_CAP_SAMPLE) && !isl_format_is_compressed(l))
      caps |= ISL_CAP_UNIFORM_TEXEL;
   if (caps & ISL_CAP_TYPED_WRITE)
      caps |= ISL_CAP_STORAGE_TEXEL;
   return caps;
}

uint32_t
isl_format_caps_verx10(unsigned verx10, enum isl_format format)
{
   const struct isl_format_layout *l = isl_format_layout(format);
   if (!l)
      return 0;
   uint32_t caps = l->txc == ISL_TXC_ASTC ? astc_caps(verx10, format)
                                          : listed_caps(verx10, format);
   return derived_caps(l, caps);
}

uint32_t
isl_format_caps(const struct devinfo *dev, enum isl_format format)
{
   const struct isl_format_layout *l = isl_format_layout(format);
   if (!l)
      return 0;
   uint32_t caps = isl_format_caps_verx10(dev->verx10, format);
   return derived_caps(l, caps | platform_caps(dev, l));
}

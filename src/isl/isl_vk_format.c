/* Vulkan formats on Intel hardware: which SURFACE_FORMAT carries each
 * VkFormat, with which channel selects, and which depth/stencil buffers.
 *
 * Vulkan's packed formats name their channels from the most significant
 * bit down (Vulkan "Packed Formats"), the PRM's from the least significant
 * bit up (PRM Vol 7 "Surface Formats"): VK_FORMAT_A2R10G10B10_UNORM_PACK32
 * is B10G10R10A2_UNORM, and A8B8G8R8_*_PACK32 is R8G8B8A8_* in memory.  A
 * VkFormat with no hardware twin borrows one with the same bits in other
 * channels and undoes the difference with Haswell's shader channel selects,
 * so it samples (never renders or stores) from Haswell on.
 *
 * Only this file sees <vulkan/vulkan_core.h>, for the enum names; isl.h
 * takes VkFormat values as numbers. */
#include <stddef.h>
#include <vulkan/vulkan_core.h>

#include "devinfo.h"
#include "isl.h"

#define S_(c) ISL_SCS_##c
#define SWZ(r, g, b, a) { S_(r), S_(g), S_(b), S_(a) }
#define ID SWZ(RED, GREEN, BLUE, ALPHA)
/* Red and blue exchanged */
#define BGRA SWZ(BLUE, GREEN, RED, ALPHA)

#define C(vk, fmt) { VK_FORMAT_##vk, ISL_FORMAT_##fmt, ID, ISL_DEPTH_NONE, false }
#define SW(vk, fmt, swz) { VK_FORMAT_##vk, ISL_FORMAT_##fmt, swz, ISL_DEPTH_NONE, false }
#define DS(vk, fmt, depth, stencil) \
   { VK_FORMAT_##vk, ISL_FORMAT_##fmt, ID, ISL_DEPTH_##depth, stencil }
/* VK_KHR_maintenance5's formats, newer than the headers genvk builds with */
#define VK_FORMAT_A1B5G5R5_UNORM_PACK16_KHR_ 1000470000
#define VK_FORMAT_A8_UNORM_KHR_ 1000470001

#define ASTC(w, h) \
   C(ASTC_##w##x##h##_UNORM_BLOCK, ASTC_LDR_2D_##w##X##h##_FLT16), \
   C(ASTC_##w##x##h##_SRGB_BLOCK, ASTC_LDR_2D_##w##X##h##_U8SRGB)
#define ASTC_HDR(w, h) C(ASTC_##w##x##h##_SFLOAT_BLOCK, ASTC_HDR_2D_##w##X##h##_FLT16)

/* Sorted by VkFormat value (tests/isl checks it). */
static const struct isl_vk_format vk_formats[] = {
   C(R4G4B4A4_UNORM_PACK16, A4B4G4R4_UNORM),
   /* B in bits 15:12, G 11:8, R 7:4, A 3:0: B4G4R4A4_UNORM's B, G, R, A
    * slots hold Vulkan's A, R, G, B. */
   SW(B4G4R4A4_UNORM_PACK16, B4G4R4A4_UNORM, SWZ(GREEN, RED, ALPHA, BLUE)),
   C(R5G6B5_UNORM_PACK16, B5G6R5_UNORM),
   SW(B5G6R5_UNORM_PACK16, B5G6R5_UNORM, BGRA),
   C(R5G5B5A1_UNORM_PACK16, A1B5G5R5_UNORM),
   SW(B5G5R5A1_UNORM_PACK16, A1B5G5R5_UNORM, BGRA),
   C(A1R5G5B5_UNORM_PACK16, B5G5R5A1_UNORM),
   C(R8_UNORM, R8_UNORM), C(R8_SNORM, R8_SNORM), C(R8_USCALED, R8_USCALED),
   C(R8_SSCALED, R8_SSCALED), C(R8_UINT, R8_UINT), C(R8_SINT, R8_SINT),
   /* Luminance reads (L, L, L, 1): keep R, zero G and B. */
   SW(R8_SRGB, L8_UNORM_SRGB, SWZ(RED, ZERO, ZERO, ONE)),
   C(R8G8_UNORM, R8G8_UNORM), C(R8G8_SNORM, R8G8_SNORM), C(R8G8_USCALED, R8G8_USCALED),
   C(R8G8_SSCALED, R8G8_SSCALED), C(R8G8_UINT, R8G8_UINT), C(R8G8_SINT, R8G8_SINT),
   /* R8G8_SRGB: no format decodes two sRGB channels (L8A8's A is linear). */
   C(R8G8B8_UNORM, R8G8B8_UNORM), C(R8G8B8_SNORM, R8G8B8_SNORM),
   C(R8G8B8_USCALED, R8G8B8_USCALED), C(R8G8B8_SSCALED, R8G8B8_SSCALED),
   C(R8G8B8_UINT, R8G8B8_UINT), C(R8G8B8_SINT, R8G8B8_SINT),
   C(R8G8B8_SRGB, R8G8B8_UNORM_SRGB),
   /* B8G8R8_*: none. */
   C(R8G8B8A8_UNORM, R8G8B8A8_UNORM), C(R8G8B8A8_SNORM, R8G8B8A8_SNORM),
   C(R8G8B8A8_USCALED, R8G8B8A8_USCALED), C(R8G8B8A8_SSCALED, R8G8B8A8_SSCALED),
   C(R8G8B8A8_UINT, R8G8B8A8_UINT), C(R8G8B8A8_SINT, R8G8B8A8_SINT),
   C(R8G8B8A8_SRGB, R8G8B8A8_UNORM_SRGB),
   C(B8G8R8A8_UNORM, B8G8R8A8_UNORM), C(B8G8R8A8_SRGB, B8G8R8A8_UNORM_SRGB),
   C(A8B8G8R8_UNORM_PACK32, R8G8B8A8_UNORM), C(A8B8G8R8_SNORM_PACK32, R8G8B8A8_SNORM),
   C(A8B8G8R8_USCALED_PACK32, R8G8B8A8_USCALED),
   C(A8B8G8R8_SSCALED_PACK32, R8G8B8A8_SSCALED),
   C(A8B8G8R8_UINT_PACK32, R8G8B8A8_UINT), C(A8B8G8R8_SINT_PACK32, R8G8B8A8_SINT),
   C(A8B8G8R8_SRGB_PACK32, R8G8B8A8_UNORM_SRGB),
   C(A2R10G10B10_UNORM_PACK32, B10G10R10A2_UNORM),
   C(A2R10G10B10_SNORM_PACK32, B10G10R10A2_SNORM),
   C(A2R10G10B10_USCALED_PACK32, B10G10R10A2_USCALED),
   C(A2R10G10B10_SSCALED_PACK32, B10G10R10A2_SSCALED),
   C(A2R10G10B10_UINT_PACK32, B10G10R10A2_UINT),
   C(A2R10G10B10_SINT_PACK32, B10G10R10A2_SINT),
   C(A2B10G10R10_UNORM_PACK32, R10G10B10A2_UNORM),
   C(A2B10G10R10_SNORM_PACK32, R10G10B10A2_SNORM),
   C(A2B10G10R10_USCALED_PACK32, R10G10B10A2_USCALED),
   C(A2B10G10R10_SSCALED_PACK32, R10G10B10A2_SSCALED),
   C(A2B10G10R10_UINT_PACK32, R10G10B10A2_UINT),
   C(A2B10G10R10_SINT_PACK32, R10G10B10A2_SINT),
   C(R16_UNORM, R16_UNORM), C(R16_SNORM, R16_SNORM), C(R16_USCALED, R16_USCALED),
   C(R16_SSCALED, R16_SSCALED), C(R16_UINT, R16_UINT), C(R16_SINT, R16_SINT),
   C(R16_SFLOAT, R16_FLOAT),
   C(R16G16_UNORM, R16G16_UNORM), C(R16G16_SNORM, R16G16_SNORM),
   C(R16G16_USCALED, R16G16_USCALED), C(R16G16_SSCALED, R16G16_SSCALED),
   C(R16G16_UINT, R16G16_UINT), C(R16G16_SINT, R16G16_SINT), C(R16G16_SFLOAT, R16G16_FLOAT),
   C(R16G16B16_UNORM, R16G16B16_UNORM), C(R16G16B16_SNORM, R16G16B16_SNORM),
   C(R16G16B16_USCALED, R16G16B16_USCALED), C(R16G16B16_SSCALED, R16G16B16_SSCALED),
   C(R16G16B16_UINT, R16G16B16_UINT), C(R16G16B16_SINT, R16G16B16_SINT),
   C(R16G16B16_SFLOAT, R16G16B16_FLOAT),
   C(R16G16B16A16_UNORM, R16G16B16A16_UNORM), C(R16G16B16A16_SNORM, R16G16B16A16_SNORM),
   C(R16G16B16A16_USCALED, R16G16B16A16_USCALED),
   C(R16G16B16A16_SSCALED, R16G16B16A16_SSCALED),
   C(R16G16B16A16_UINT, R16G16B16A16_UINT), C(R16G16B16A16_SINT, R16G16B16A16_SINT),
   C(R16G16B16A16_SFLOAT, R16G16B16A16_FLOAT),
   C(R32_UINT, R32_UINT), C(R32_SINT, R32_SINT), C(R32_SFLOAT, R32_FLOAT),
   C(R32G32_UINT, R32G32_UINT), C(R32G32_SINT, R32G32_SINT), C(R32G32_SFLOAT, R32G32_FLOAT),
   C(R32G32B32_UINT, R32G32B32_UINT), C(R32G32B32_SINT, R32G32B32_SINT),
   C(R32G32B32_SFLOAT, R32G32B32_FLOAT),
   C(R32G32B32A32_UINT, R32G32B32A32_UINT), C(R32G32B32A32_SINT, R32G32B32A32_SINT),
   C(R32G32B32A32_SFLOAT, R32G32B32A32_FLOAT),
   /* 64-bit channels reach shaders unconverted only through the PASSTHRU
    * formats (Broadwell+); the *_FLOAT ones convert to 32-bit floats. */
   C(R64_UINT, R64_PASSTHRU), C(R64_SINT, R64_PASSTHRU), C(R64_SFLOAT, R64_PASSTHRU),
   C(R64G64_UINT, R64G64_PASSTHRU), C(R64G64_SINT, R64G64_PASSTHRU),
   C(R64G64_SFLOAT, R64G64_PASSTHRU),
   C(R64G64B64_UINT, R64G64B64_PASSTHRU), C(R64G64B64_SINT, R64G64B64_PASSTHRU),
   C(R64G64B64_SFLOAT, R64G64B64_PASSTHRU),
   C(R64G64B64A64_UINT, R64G64B64A64_PASSTHRU), C(R64G64B64A64_SINT, R64G64B64A64_PASSTHRU),
   C(R64G64B64A64_SFLOAT, R64G64B64A64_PASSTHRU),
   C(B10G11R11_UFLOAT_PACK32, R11G11B10_FLOAT),
   C(E5B9G9R9_UFLOAT_PACK32, R9G9B9E5_SHAREDEXP),
   /* Gen7+ has separate depth and stencil buffers only (PRM Vol 2a
    * 3DSTATE_DEPTH_BUFFER, 3DSTATE_STENCIL_BUFFER): a packed D24S8 is a D24X8
    * depth buffer and an 8-bit stencil buffer; D16S8 has no depth format. */
   DS(D16_UNORM, R16_UNORM, D16_UNORM, false),
   DS(X8_D24_UNORM_PACK32, R24_UNORM_X8_TYPELESS, D24_UNORM_X8_UINT, false),
   DS(D32_SFLOAT, R32_FLOAT, D32_FLOAT, false),
   DS(S8_UINT, R8_UINT, NONE, true),
   DS(D24_UNORM_S8_UINT, R24_UNORM_X8_TYPELESS, D24_UNORM_X8_UINT, true),
   DS(D32_SFLOAT_S8_UINT, R32_FLOAT, D32_FLOAT, true),
   /* BC1 without alpha must read alpha 1: the DXT1_RGB formats do. */
   C(BC1_RGB_UNORM_BLOCK, DXT1_RGB), C(BC1_RGB_SRGB_BLOCK, DXT1_RGB_SRGB),
   C(BC1_RGBA_UNORM_BLOCK, BC1_UNORM), C(BC1_RGBA_SRGB_BLOCK, BC1_UNORM_SRGB),
   C(BC2_UNORM_BLOCK, BC2_UNORM), C(BC2_SRGB_BLOCK, BC2_UNORM_SRGB),
   C(BC3_UNORM_BLOCK, BC3_UNORM), C(BC3_SRGB_BLOCK, BC3_UNORM_SRGB),
   C(BC4_UNORM_BLOCK, BC4_UNORM), C(BC4_SNORM_BLOCK, BC4_SNORM),
   C(BC5_UNORM_BLOCK, BC5_UNORM), C(BC5_SNORM_BLOCK, BC5_SNORM),
   C(BC6H_UFLOAT_BLOCK, BC6H_UF16), C(BC6H_SFLOAT_BLOCK, BC6H_SF16),
   C(BC7_UNORM_BLOCK, BC7_UNORM), C(BC7_SRGB_BLOCK, BC7_UNORM_SRGB),
   C(ETC2_R8G8B8_UNORM_BLOCK, ETC2_RGB8), C(ETC2_R8G8B8_SRGB_BLOCK, ETC2_SRGB8),
   C(ETC2_R8G8B8A1_UNORM_BLOCK, ETC2_RGB8_PTA), C(ETC2_R8G8B8A1_SRGB_BLOCK, ETC2_SRGB8_PTA),
   C(ETC2_R8G8B8A8_UNORM_BLOCK, ETC2_EAC_RGBA8),
   C(ETC2_R8G8B8A8_SRGB_BLOCK, ETC2_EAC_SRGB8_A8),
   C(EAC_R11_UNORM_BLOCK, EAC_R11), C(EAC_R11_SNORM_BLOCK, EAC_SIGNED_R11),
   C(EAC_R11G11_UNORM_BLOCK, EAC_RG11), C(EAC_R11G11_SNORM_BLOCK, EAC_SIGNED_RG11),
   ASTC(4, 4), ASTC(5, 4), ASTC(5, 5), ASTC(6, 5), ASTC(6, 6), ASTC(8, 5), ASTC(8, 6),
   ASTC(8, 8), ASTC(10, 5), ASTC(10, 6), ASTC(10, 8), ASTC(10, 10), ASTC(12, 10),
   ASTC(12, 12),
   ASTC_HDR(4, 4), ASTC_HDR(5, 4), ASTC_HDR(5, 5), ASTC_HDR(6, 5), ASTC_HDR(6, 6),
   ASTC_HDR(8, 5), ASTC_HDR(8, 6), ASTC_HDR(8, 8), ASTC_HDR(10, 5), ASTC_HDR(10, 6),
   ASTC_HDR(10, 8), ASTC_HDR(10, 10), ASTC_HDR(12, 10), ASTC_HDR(12, 12),
   C(A4R4G4B4_UNORM_PACK16, B4G4R4A4_UNORM),
   SW(A4B4G4R4_UNORM_PACK16, B4G4R4A4_UNORM, BGRA),
   SW(A1B5G5R5_UNORM_PACK16_KHR_, B5G5R5A1_UNORM, BGRA),
   C(A8_UNORM_KHR_, A8_UNORM),
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

const struct isl_vk_format *
isl_vk_format(uint32_t vk_format)
{
   size_t lo = 0, hi = COUNT(vk_formats);
   while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      if (vk_formats[mid].vk_format == vk_format)
         return &vk_formats[mid];
      if (vk_formats[mid].vk_format < vk_format)
         lo = mid + 1;
      else
         hi = mid;
   }
   return NULL;
}

const struct isl_vk_format *
isl_vk_format_at(unsigned index)
{
   return index < COUNT(vk_formats) ? &vk_formats[index] : NULL;
}

/* Channel selects exist from Haswell (RENDER_SURFACE_STATE "Shader Channel
 * Select", absent on Ivy Bridge).  They act on sampling only: render
 * targets and typed messages need the identity (PRM RENDER_SURFACE_STATE
 * "Shader Channel Select Red": for render targets only a permutation of
 * present channels), and vertex fetch has no swizzle beyond 0/1 fills. */
static uint32_t
swizzled_caps(unsigned verx10, uint32_t caps)
{
   if (verx10 < 75)
      return 0;
   return caps & (ISL_CAP_SAMPLE | ISL_CAP_FILTER | ISL_CAP_UNIFORM_TEXEL);
}

/* Depth and stencil images are attachments and sampled images; a stencil
 * buffer samples from Broadwell on, where RENDER_SURFACE_STATE can say it
 * is W-tiled (Gen12: Y-tiled). */
static uint32_t
depth_stencil_caps(unsigned verx10, const struct isl_vk_format *f, uint32_t caps)
{
   uint32_t out = 0;
   if (f->depth_format != ISL_DEPTH_NONE)
      out |= ISL_CAP_DEPTH | (caps & (ISL_CAP_SAMPLE | ISL_CAP_FILTER | ISL_CAP_SHADOW));
   if (f->stencil) {
      out |= ISL_CAP_STENCIL;
      if (f->depth_format == ISL_DEPTH_NONE && verx10 >= 80)
         out |= caps & ISL_CAP_SAMPLE;
   }
   return out;
}

uint32_t
isl_vk_format_caps(const struct devinfo *dev, uint32_t vk_format)
{
   const struct isl_vk_format *f = isl_vk_format(vk_format);
   if (!f)
      return 0;
   uint32_t caps = isl_format_caps(dev, (enum isl_format)f->format);
   if (f->depth_format != ISL_DEPTH_NONE || f->stencil)
      return depth_stencil_caps(dev->verx10, f, caps);
   if (!isl_swizzle_is_identity(f->swizzle))
      return swizzled_caps(dev->verx10, caps);
   return caps;
}

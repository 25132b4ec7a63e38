/* Format properties, images, image views and samplers (white-box: links
 * the driver to read the states behind the handles).  Expected values are
 * worked out from the PRM's layout rules and the Vulkan spec, not taken
 * from isl: HALIGN/VALIGN 4 for color surfaces, LOD 1 below LOD 0 and LOD
 * 2 right of LOD 1 (PRM "2D Surfaces"), Gen7 ARYSPC_FULL QPitch h0 + h1 +
 * 12 * VALIGN versus Gen8+ QPitch the mip tree's height, and which formats
 * the data port reads (gbe.h, struct gbe_binding). */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "counting_alloc.h"
#include "gvk_device.h"
#include "gvk_image.h"
#include "gvk_physical_device.h"
#include "gvk_test.h"
#include "isl.h"

static unsigned verx10;

static VkFormatProperties3
format_props(VkPhysicalDevice pdev, VkFormat format)
{
   VkFormatProperties3 p3 = { .sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_3 };
   VkFormatProperties2 p2 = { .sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_2, .pNext = &p3 };
   gvk_GetPhysicalDeviceFormatProperties2(pdev, format, &p2);
   /* VkFormatFeatureFlags holds bits 0-30; *_WITHOUT_FORMAT are 31, 32 */
   CHECK(p2.formatProperties.optimalTilingFeatures ==
         (VkFormatFeatureFlags)(p3.optimalTilingFeatures & 0x7fffffffu));
   CHECK(p2.formatProperties.linearTilingFeatures ==
         (VkFormatFeatureFlags)(p3.linearTilingFeatures & 0x7fffffffu));
   return p3;
}

#define TRANSFER (VK_FORMAT_FEATURE_2_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_2_TRANSFER_DST_BIT)

static VkResult
image_format(VkPhysicalDevice pdev, VkFormat format, VkImageType type, VkImageTiling tiling,
             VkImageUsageFlags usage)
{
   VkImageFormatProperties ifp;
   return gvk_GetPhysicalDeviceImageFormatProperties(pdev, format, type, tiling, usage, 0,
                                                     &ifp);
}

/* The transfer kernels move the bytes of any surface (gvk_meta.h), so
 * every format is a transfer source and destination wherever its image
 * can exist.  Where it cannot, from the PRMs: depth buffers are Y-tiled
 * and separate stencil W-tiled (Y on Gen12) (3DSTATE_DEPTH_BUFFER,
 * 3DSTATE_STENCIL_BUFFER "Tiled Surface"), so linear depth/stencil images
 * have no features; ASTC surfaces are Y-major only (SKL RSS "Tile Mode");
 * no block-compressed format is 1D (SKL RSS "Surface Format"). */
static void
test_transfer_formats(VkPhysicalDevice pdev)
{
   const VkImageUsageFlags copy = VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                  VK_IMAGE_USAGE_TRANSFER_DST_BIT;
   unsigned formats = 0;
   for (unsigned i = 0; isl_vk_format_at(i); i++, formats++) {
      VkFormat format = (VkFormat)isl_vk_format_at(i)->vk_format;
      VkFormatProperties3 p = format_props(pdev, format);
      if ((p.optimalTilingFeatures & TRANSFER) != TRANSFER)
         fprintf(stderr, "VkFormat %d: optimal tiling cannot be copied\n", (int)format);
      CHECK((p.optimalTilingFeatures & TRANSFER) == TRANSFER);
      CHECK(image_format(pdev, format, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL, copy) ==
            VK_SUCCESS);
   }
   CHECK(formats > 150);

   /* Every texel size, Ivy Bridge's 8- and 16-bit formats included (its
    * data port reads none of them as storage). */
   static const VkFormat linear_ok[] = {
      VK_FORMAT_R8_UNORM, VK_FORMAT_R16_SFLOAT, VK_FORMAT_R8G8B8_UNORM,
      VK_FORMAT_R16G16B16_UNORM, VK_FORMAT_R32G32B32_SFLOAT, VK_FORMAT_R32G32B32A32_UINT,
      VK_FORMAT_BC1_RGB_UNORM_BLOCK, VK_FORMAT_BC7_SRGB_BLOCK,
      VK_FORMAT_ETC2_R8G8B8_UNORM_BLOCK,
   };
   for (unsigned i = 0; i < sizeof(linear_ok) / sizeof(linear_ok[0]); i++) {
      VkFormatProperties3 p = format_props(pdev, linear_ok[i]);
      CHECK((p.linearTilingFeatures & TRANSFER) == TRANSFER);
      CHECK(image_format(pdev, linear_ok[i], VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_LINEAR,
                         copy) == VK_SUCCESS);
   }
   static const VkFormat tiled_only[] = {
      VK_FORMAT_D16_UNORM, VK_FORMAT_X8_D24_UNORM_PACK32, VK_FORMAT_D32_SFLOAT,
      VK_FORMAT_S8_UINT, VK_FORMAT_D24_UNORM_S8_UINT, VK_FORMAT_D32_SFLOAT_S8_UINT,
      VK_FORMAT_ASTC_4x4_UNORM_BLOCK, VK_FORMAT_ASTC_12x12_SRGB_BLOCK,
   };
   for (unsigned i = 0; i < sizeof(tiled_only) / sizeof(tiled_only[0]); i++) {
      VkFormatProperties3 p = format_props(pdev, tiled_only[i]);
      CHECK((p.optimalTilingFeatures & TRANSFER) == TRANSFER);
      CHECK(p.linearTilingFeatures == 0);
      CHECK(image_format(pdev, tiled_only[i], VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_LINEAR,
                         copy) == VK_ERROR_FORMAT_NOT_SUPPORTED);
   }
   /* Depth/stencil formats are never storage images. */
   CHECK(!(format_props(pdev, VK_FORMAT_D32_SFLOAT).optimalTilingFeatures &
           VK_FORMAT_FEATURE_2_STORAGE_IMAGE_BIT));

   CHECK(image_format(pdev, VK_FORMAT_BC1_RGB_UNORM_BLOCK, VK_IMAGE_TYPE_1D,
                      VK_IMAGE_TILING_OPTIMAL, copy) == VK_ERROR_FORMAT_NOT_SUPPORTED);
   CHECK(image_format(pdev, VK_FORMAT_BC1_RGB_UNORM_BLOCK, VK_IMAGE_TYPE_3D,
                      VK_IMAGE_TILING_OPTIMAL, copy) == VK_SUCCESS);
   CHECK(image_format(pdev, VK_FORMAT_R8_UNORM, VK_IMAGE_TYPE_1D, VK_IMAGE_TILING_LINEAR,
                      copy) == VK_SUCCESS);
   /* Usage a format has no feature for is still refused. */
   CHECK(image_format(pdev, VK_FORMAT_BC1_RGB_UNORM_BLOCK, VK_IMAGE_TYPE_2D,
                      VK_IMAGE_TILING_OPTIMAL, VK_IMAGE_USAGE_STORAGE_BIT) ==
         VK_ERROR_FORMAT_NOT_SUPPORTED);
}

static void
test_features(VkPhysicalDevice pdev)
{
   VkPhysicalDeviceFeatures f;
   gvk_GetPhysicalDeviceFeatures(pdev, &f);
   /* DF arithmetic: Ivy Bridge to Skylake (src/compiler/README.md). */
   CHECK(f.shaderFloat64 == (verx10 <= 90));
   CHECK(f.shaderInt64 && f.shaderInt16 && !f.robustBufferAccess);
   /* Graphics stages come from the scalar back end: Gen8 and later. */
   CHECK(f.geometryShader == (verx10 >= 80) && f.tessellationShader == (verx10 >= 80));
   CHECK(!f.shaderStorageImageExtendedFormats || verx10 >= 75);

   VkPhysicalDeviceShaderFloat16Int8Features f16 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES,
   };
   VkPhysicalDeviceVulkan12Features v12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES, .pNext = &f16,
   };
   VkPhysicalDeviceFeatures2 f2 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                    .pNext = &v12 };
   gvk_GetPhysicalDeviceFeatures2(pdev, &f2);
   CHECK(f2.pNext == &v12 && v12.pNext == &f16);
   CHECK(f16.shaderInt8 == v12.shaderInt8 && f16.shaderFloat16 == v12.shaderFloat16);
   CHECK(v12.bufferDeviceAddress == (verx10 >= 80));
   CHECK(v12.timelineSemaphore && v12.hostQueryReset && !v12.vulkanMemoryModel);

   VkPhysicalDeviceSubgroupProperties sg = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES,
   };
   VkPhysicalDeviceProperties2 p2 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                      .pNext = &sg };
   gvk_GetPhysicalDeviceProperties2(pdev, &p2);
   CHECK(sg.subgroupSize == 32 && sg.supportedStages == VK_SHADER_STAGE_COMPUTE_BIT);
   /* Vulkan 1.2 where genvk draws (Gen8+), 1.1 on Gen7/7.5 */
   CHECK(VK_API_VERSION_MINOR(p2.properties.apiVersion) == (verx10 >= 80 ? 2u : 1u));
   const VkPhysicalDeviceLimits *l = &p2.properties.limits;
   CHECK(l->maxComputeSharedMemorySize == 65536);
   CHECK(l->maxComputeWorkGroupInvocations >= 128 && l->maxComputeWorkGroupInvocations <= 1024);
   CHECK(l->maxPushConstantsSize >= 128);

   uint32_t n = 0;
   gvk_EnumerateDeviceExtensionProperties(pdev, NULL, &n, NULL);
   VkExtensionProperties exts[64];
   CHECK(n > 0 && n <= 64);
   gvk_EnumerateDeviceExtensionProperties(pdev, NULL, &n, exts);
   bool bda = false, sgc = false, copy2 = false;
   for (uint32_t i = 0; i < n; i++) {
      bda |= strcmp(exts[i].extensionName, "VK_KHR_buffer_device_address") == 0;
      sgc |= strcmp(exts[i].extensionName, "VK_EXT_subgroup_size_control") == 0;
      copy2 |= strcmp(exts[i].extensionName, "VK_KHR_copy_commands2") == 0;
   }
   CHECK(bda == (verx10 >= 80));
   CHECK(copy2);
   CHECK(sgc);   /* requires Vulkan 1.1, which genvk reports */
}

static VkImage
make_image(VkDevice device, VkFormat format, VkImageTiling tiling, VkImageUsageFlags usage,
           uint32_t w, uint32_t h, uint32_t levels, uint32_t layers,
           const VkAllocationCallbacks *alloc, VkResult *r)
{
   const VkImageCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
      .format = format, .extent = { w, h, 1 }, .mipLevels = levels, .arrayLayers = layers,
      .samples = VK_SAMPLE_COUNT_1_BIT, .tiling = tiling, .usage = usage,
   };
   VkImage image = VK_NULL_HANDLE;
   *r = gvk_CreateImage(device, &info, alloc, &image);
   return image;
}

static VkSubresourceLayout
layout_of(VkDevice device, VkImage image, uint32_t level, uint32_t layer)
{
   VkImageSubresource sub = { VK_IMAGE_ASPECT_COLOR_BIT, level, layer };
   VkSubresourceLayout out;
   gvk_GetImageSubresourceLayout(device, image, &sub, &out);
   return out;
}

/* What the query promises, vkCreateImage keeps: a linear depth image
 * cannot be created, an optimal one and its stencil can. */
static void
test_transfer_images(VkDevice device)
{
   const VkImageUsageFlags copy = VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                  VK_IMAGE_USAGE_TRANSFER_DST_BIT;
   static const struct {
      VkFormat format;
      VkImageTiling tiling;
      bool ok;
   } cases[] = {
      { VK_FORMAT_D32_SFLOAT_S8_UINT, VK_IMAGE_TILING_OPTIMAL, true },
      { VK_FORMAT_D24_UNORM_S8_UINT, VK_IMAGE_TILING_OPTIMAL, true },
      { VK_FORMAT_S8_UINT, VK_IMAGE_TILING_OPTIMAL, true },
      { VK_FORMAT_BC3_UNORM_BLOCK, VK_IMAGE_TILING_LINEAR, true },
      { VK_FORMAT_ASTC_8x8_UNORM_BLOCK, VK_IMAGE_TILING_OPTIMAL, true },
      { VK_FORMAT_R8G8B8_SRGB, VK_IMAGE_TILING_OPTIMAL, true },
      { VK_FORMAT_D16_UNORM, VK_IMAGE_TILING_LINEAR, false },
      { VK_FORMAT_ASTC_8x8_UNORM_BLOCK, VK_IMAGE_TILING_LINEAR, false },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      VkResult r;
      VkImage image = make_image(device, cases[i].format, cases[i].tiling, copy, 64, 64, 1, 1,
                                 NULL, &r);
      CHECK((r == VK_SUCCESS) == cases[i].ok);
      gvk_DestroyImage(device, image, NULL);
   }
}

static void
test_formats(VkPhysicalDevice pdev)
{
   /* colour attachments: test_render_pass.c */
   const VkFormatFeatureFlags2 never =
      VK_FORMAT_FEATURE_2_DEPTH_STENCIL_ATTACHMENT_BIT |
      VK_FORMAT_FEATURE_2_VERTEX_BUFFER_BIT;
   /* blits sample the source and typed-write the destination
    * (gvk_cmd_blit.c): both hold for formats the data port writes */
   const VkFormatFeatureFlags2 blit =
      VK_FORMAT_FEATURE_2_BLIT_SRC_BIT | VK_FORMAT_FEATURE_2_BLIT_DST_BIT;
   VkFormatProperties3 r32 = format_props(pdev, VK_FORMAT_R32_UINT);
   CHECK(r32.optimalTilingFeatures & VK_FORMAT_FEATURE_2_STORAGE_IMAGE_ATOMIC_BIT);
   CHECK(r32.optimalTilingFeatures & VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT);
   CHECK(r32.optimalTilingFeatures & VK_FORMAT_FEATURE_2_TRANSFER_SRC_BIT);
   CHECK(r32.bufferFeatures & VK_FORMAT_FEATURE_2_STORAGE_TEXEL_BUFFER_ATOMIC_BIT);
   CHECK(r32.bufferFeatures & VK_FORMAT_FEATURE_2_UNIFORM_TEXEL_BUFFER_BIT);
   CHECK(!(r32.optimalTilingFeatures & never));
   CHECK((r32.optimalTilingFeatures & blit) == blit);
   /* the sampler reads R32_UINT but cannot filter integers */
   CHECK(r32.optimalTilingFeatures & VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_BIT);
   CHECK(!(r32.optimalTilingFeatures & VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_FILTER_LINEAR_BIT));

   /* 32-bit texels read raw as R32_UINT everywhere. */
   VkFormatProperties3 rgba8 = format_props(pdev, VK_FORMAT_R8G8B8A8_UNORM);
   CHECK(rgba8.optimalTilingFeatures & VK_FORMAT_FEATURE_2_STORAGE_IMAGE_BIT);
   CHECK(!(rgba8.optimalTilingFeatures & never));
   CHECK((rgba8.optimalTilingFeatures & blit) == blit);
   CHECK(!!(rgba8.optimalTilingFeatures & VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT) ==
         (verx10 >= 110));

   /* 8-bit texels: Ivy Bridge's data port reads none of them; copies move
    * bytes and need no conversion. */
   VkFormatProperties3 r8 = format_props(pdev, VK_FORMAT_R8_UNORM);
   CHECK(!!(r8.optimalTilingFeatures & VK_FORMAT_FEATURE_2_STORAGE_IMAGE_BIT) == (verx10 >= 75));
   CHECK((r8.optimalTilingFeatures & TRANSFER) == TRANSFER);

   VkFormatProperties3 undefined = format_props(pdev, VK_FORMAT_UNDEFINED);
   CHECK(undefined.optimalTilingFeatures == 0 && undefined.linearTilingFeatures == 0);

   VkImageFormatProperties ifp;
   CHECK(gvk_GetPhysicalDeviceImageFormatProperties(
            pdev, VK_FORMAT_R32_UINT, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
            VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, 0, &ifp) == VK_SUCCESS);
   CHECK(ifp.maxExtent.width == 16384 && ifp.maxMipLevels == 15 &&
         ifp.maxArrayLayers == 2048 && ifp.sampleCounts == VK_SAMPLE_COUNT_1_BIT);
   CHECK(gvk_GetPhysicalDeviceImageFormatProperties(
            pdev, VK_FORMAT_R32_UINT, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
            VK_IMAGE_USAGE_SAMPLED_BIT, 0, &ifp) == VK_SUCCESS);
   /* colour attachments from Broadwell on (draws are recorded there) */
   CHECK((gvk_GetPhysicalDeviceImageFormatProperties(
             pdev, VK_FORMAT_R32_UINT, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
             VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, 0, &ifp) == VK_SUCCESS) == (verx10 >= 80));
   CHECK(gvk_GetPhysicalDeviceImageFormatProperties(
            pdev, VK_FORMAT_R32_UINT, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
            VK_IMAGE_USAGE_STORAGE_BIT, VK_IMAGE_CREATE_SPARSE_BINDING_BIT, &ifp) ==
         VK_ERROR_FORMAT_NOT_SUPPORTED);

   VkPhysicalDeviceExternalImageFormatInfo ext = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_IMAGE_FORMAT_INFO,
      .handleType = VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT,
   };
   VkPhysicalDeviceImageFormatInfo2 info = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_FORMAT_INFO_2, .pNext = &ext,
      .format = VK_FORMAT_R32_UINT, .type = VK_IMAGE_TYPE_2D,
      .tiling = VK_IMAGE_TILING_OPTIMAL, .usage = VK_IMAGE_USAGE_STORAGE_BIT,
   };
   VkImageFormatProperties2 out = { .sType = VK_STRUCTURE_TYPE_IMAGE_FORMAT_PROPERTIES_2 };
   CHECK(gvk_GetPhysicalDeviceImageFormatProperties2(pdev, &info, &out) ==
         VK_ERROR_FORMAT_NOT_SUPPORTED);
   info.pNext = NULL;
   CHECK(gvk_GetPhysicalDeviceImageFormatProperties2(pdev, &info, &out) == VK_SUCCESS);
}

static void
test_linear_layout(VkDevice device)
{
   VkResult r;
   VkImage image = make_image(device, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TILING_LINEAR,
                              VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                              37, 19, 3, 4, NULL, &r);
   CHECK(r == VK_SUCCESS);
   if (r != VK_SUCCESS)
      return;
   VkSubresourceLayout l0 = layout_of(device, image, 0, 0);
   CHECK(l0.offset == 0 && l0.rowPitch >= 37 * 4 && l0.rowPitch % 4 == 0);
   /* h0 = 20, h1 = align(9, 4) = 12 rows; Gen7 ARYSPC_FULL adds 12 * 4. */
   uint64_t qpitch = verx10 == 70 || verx10 == 75 ? 20 + 12 + 48 : 20 + 12;
   CHECK(l0.arrayPitch == qpitch * l0.rowPitch);
   CHECK(l0.size == 19 * l0.rowPitch);
   VkSubresourceLayout l1 = layout_of(device, image, 1, 0);
   CHECK(l1.offset == 20 * l0.rowPitch && l1.rowPitch == l0.rowPitch);
   VkSubresourceLayout l2 = layout_of(device, image, 2, 0);
   CHECK(l2.offset == 20 * l0.rowPitch + 20 * 4);   /* x = align(18, 4) */
   VkSubresourceLayout l23 = layout_of(device, image, 2, 3);
   CHECK(l23.offset == l2.offset + 3 * l0.arrayPitch);

   VkMemoryRequirements req;
   gvk_GetImageMemoryRequirements(device, image, &req);
   CHECK(req.memoryTypeBits != 0 && (req.alignment & (req.alignment - 1)) == 0);
   CHECK(req.size >= l23.offset + l23.size);
   gvk_DestroyImage(device, image, NULL);
}

/* The state's Surface Base Address, where gvk_image.h says it is. */
static uint64_t
state_address(const uint32_t *dw)
{
   struct isl_state_layout sl;
   isl_state_layout(verx10, &sl);
   uint64_t a = dw[sl.address_offset_B / 4];
   if (verx10 >= 80)
      a |= (uint64_t)dw[sl.address_offset_B / 4 + 1] << 32;
   return a;
}

static void
test_views(VkDevice device)
{
   VkResult r;
   VkImage image = make_image(device, VK_FORMAT_R32G32B32A32_SFLOAT, VK_IMAGE_TILING_OPTIMAL,
                              VK_IMAGE_USAGE_STORAGE_BIT, 16, 8, 2, 1, NULL, &r);
   CHECK(r == VK_SUCCESS);
   if (r != VK_SUCCESS)
      return;
   struct gvk_image *im = gvk_image_from_handle(image);
   im->address.offset = 0x40000;   /* a stand-in bound address */
   VkImageViewCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = image,
      .viewType = VK_IMAGE_VIEW_TYPE_2D, .format = VK_FORMAT_R32G32B32A32_SFLOAT,
      .subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 1, VK_REMAINING_MIP_LEVELS, 0, 1 },
   };
   VkImageView view;
   CHECK(gvk_CreateImageView(device, &info, NULL, &view) == VK_SUCCESS);
   struct gvk_image_view *iv = gvk_image_view_from_handle(view);
   CHECK(iv->range.levelCount == 1 && iv->extent.width == 8 && iv->extent.height == 4);
   CHECK(iv->has_state[GVK_VIEW_STATE_STORAGE] && !iv->has_state[GVK_VIEW_STATE_SAMPLED]);

   struct isl_state_desc d;
   CHECK(isl_decode_state(verx10, iv->states[GVK_VIEW_STATE_STORAGE], &d));
   CHECK(d.format == ISL_FORMAT_R32G32B32A32_FLOAT && d.surf.width == 16 && d.min_lod == 1);
   CHECK(state_address(iv->states[GVK_VIEW_STATE_STORAGE]) == 0x40000);
   /* RGBA32F typed reads convert from Skylake on; before, the kernel reads
    * four R32_UINT dwords per texel. */
   CHECK(iv->has_state[GVK_VIEW_STATE_STORAGE_RAW] == (verx10 < 90));
   if (iv->has_state[GVK_VIEW_STATE_STORAGE_RAW]) {
      CHECK(iv->raw_format == ISL_FORMAT_R32_UINT && iv->raw_texel_dwords == 4);
      CHECK(isl_decode_state(verx10, iv->states[GVK_VIEW_STATE_STORAGE_RAW], &d));
      CHECK(d.format == ISL_FORMAT_R32_UINT && d.surf.width == 64 && d.surf.height == 8);
      CHECK(state_address(iv->states[GVK_VIEW_STATE_STORAGE_RAW]) == 0x40000);
      /* level 1 starts at row 8 of the real surface: the same row */
      uint32_t x, y;
      isl_surf_image_xy(&d.surf, 1, 0, &x, &y);
      CHECK(x == 0 && y == 8);
   }
   gvk_DestroyImageView(device, view, NULL);
   gvk_DestroyImage(device, image, NULL);
}

static void
test_sampler(VkDevice device)
{
   const VkSamplerCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
      .magFilter = VK_FILTER_LINEAR, .minFilter = VK_FILTER_LINEAR,
      .mipmapMode = VK_SAMPLER_MIPMAP_MODE_LINEAR,
      .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER,
      .addressModeV = VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT,
      .addressModeW = VK_SAMPLER_ADDRESS_MODE_REPEAT,
      .maxLod = VK_LOD_CLAMP_NONE, .borderColor = VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE,
   };
   VkSampler h;
   CHECK(gvk_CreateSampler(device, &info, NULL, &h) == VK_SUCCESS);
   const struct gvk_sampler *s = gvk_sampler_from_handle(h);
   /* SAMPLER_STATE: filters in DWord 0 bits 16:14, 19:17, 21:20;
    * TCX/TCY/TCZ in DWord 3 bits 8:6, 5:3, 2:0 (same on Gen7-Gen12). */
   CHECK(((s->state[0] >> 14) & 7) == 1 && ((s->state[0] >> 17) & 7) == 1);
   CHECK(((s->state[0] >> 20) & 3) == 3);
   CHECK(((s->state[3] >> 6) & 7) == 4 && ((s->state[3] >> 3) & 7) == 1 &&
         (s->state[3] & 7) == 0);
   /* Max LOD u4.8 in DWord 1 bits 19:8: clamped to 14. */
   CHECK(((s->state[1] >> 8) & 0xfff) == 14 * 256);
   CHECK(s->border[0] == 0x3f800000u && s->border[3] == 0x3f800000u);
   CHECK(s->border_dwords == (verx10 == 75 ? 20u : 4u));
   CHECK(s->border_align >= 32 && (s->border_align & (s->border_align - 1)) == 0);
   gvk_DestroySampler(device, h, NULL);
}

/* Each create path allocates once; every failure returns
 * VK_ERROR_OUT_OF_HOST_MEMORY and leaks nothing. */
static void
test_alloc_failures(VkDevice device)
{
   struct counting_alloc state = { .fail_at = 1 };
   const VkAllocationCallbacks alloc = counting_alloc_callbacks(&state);
   VkResult r;
   VkImage image = make_image(device, VK_FORMAT_R32_UINT, VK_IMAGE_TILING_OPTIMAL,
                              VK_IMAGE_USAGE_STORAGE_BIT, 8, 8, 1, 1, &alloc, &r);
   CHECK(r == VK_ERROR_OUT_OF_HOST_MEMORY && image == VK_NULL_HANDLE && state.live == 0);
   image = make_image(device, VK_FORMAT_R32_UINT, VK_IMAGE_TILING_OPTIMAL,
                      VK_IMAGE_USAGE_STORAGE_BIT, 8, 8, 1, 1, NULL, &r);
   const VkImageViewCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = image,
      .viewType = VK_IMAGE_VIEW_TYPE_2D, .format = VK_FORMAT_R32_UINT,
      .subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 },
   };
   VkImageView view;
   state = (struct counting_alloc){ .fail_at = 1 };
   CHECK(gvk_CreateImageView(device, &vi, &alloc, &view) == VK_ERROR_OUT_OF_HOST_MEMORY);
   const VkSamplerCreateInfo si = { .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO };
   VkSampler sampler;
   state = (struct counting_alloc){ .fail_at = 1 };
   CHECK(gvk_CreateSampler(device, &si, &alloc, &sampler) == VK_ERROR_OUT_OF_HOST_MEMORY);
   CHECK(state.live == 0);
   gvk_DestroyImage(device, image, NULL);

   /* Bad input: a clear error, not a crash. */
   image = make_image(device, VK_FORMAT_R32_UINT, VK_IMAGE_TILING_OPTIMAL,
                      VK_IMAGE_USAGE_STORAGE_BIT, 65536, 8, 1, 1, NULL, &r);
   CHECK(r == VK_ERROR_OUT_OF_HOST_MEMORY && image == VK_NULL_HANDLE);
}

static void
run(const struct gvk_test_gpu *g)
{
   verx10 = gvk_physical_device_from_handle(g->pdev)->info.verx10;
   printf("Gen verx10 %u\n", verx10);
   test_formats(g->pdev);
   test_transfer_formats(g->pdev);
   test_features(g->pdev);
   test_transfer_images(g->device);
   test_linear_layout(g->device);
   test_views(g->device);
   test_sampler(g->device);
   test_alloc_failures(g->device);
}

int
main(void)
{
   return gvk_test_main(gvk_GetInstanceProcAddr, run, "images: all checks passed");
}

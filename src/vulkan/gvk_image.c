/* Images: their layout through isl, memory requirements, binding and the
 * subresource layout of linear images (Vulkan spec "Images", "Resource
 * Memory Association"). */
#include "gvk_image.h"

#include "gvk_device.h"
#include "gvk_log.h"
#include "gvk_memory.h"
#include "gvk_physical_device.h"
#include "macros.h"

/* Base address alignment of an image in memory: whole pages for tiled
 * surfaces (isl align_B), and a cache line for linear ones, which also
 * suits every element size a typed view may take. */
#define LINEAR_IMAGE_ALIGN 64

static enum isl_surf_dim
surf_dim(VkImageType type)
{
   switch (type) {
   case VK_IMAGE_TYPE_1D: return ISL_SURF_DIM_1D;
   case VK_IMAGE_TYPE_3D: return ISL_SURF_DIM_3D;
   case VK_IMAGE_TYPE_2D:
   default: return ISL_SURF_DIM_2D;
   }
}

static uint32_t
color_usage(VkImageUsageFlags usage)
{
   uint32_t out = 0;
   if (usage & (VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT))
      out |= ISL_USAGE_SAMPLED;
   if (usage & (VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                VK_IMAGE_USAGE_TRANSFER_DST_BIT))
      out |= ISL_USAGE_STORAGE;
   if (usage & VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT)
      out |= ISL_USAGE_RENDER;
   return out;
}

static struct isl_surf_info
surf_info(const VkImageCreateInfo *info, enum isl_format format, uint32_t usage)
{
   bool is_3d = info->imageType == VK_IMAGE_TYPE_3D;
   return (struct isl_surf_info){
      .dim = surf_dim(info->imageType),
      .format = format,
      .width = info->extent.width,
      .height = info->imageType == VK_IMAGE_TYPE_1D ? 1 : info->extent.height,
      .depth = is_3d ? info->extent.depth : 1,
      .levels = info->mipLevels,
      .array_len = is_3d ? 1 : info->arrayLayers,
      .samples = info->samples,
      .usage = usage,
      .tilings = info->tiling == VK_IMAGE_TILING_LINEAR
                 ? ISL_TILING_BIT(ISL_TILING_LINEAR) : 0,
   };
}

static VkResult
layout_failed(const VkImageCreateInfo *info, const char *what)
{
   return gvk_fail(VK_ERROR_OUT_OF_HOST_MEMORY,
                   "vkCreateImage: isl cannot lay out the %s of a %ux%ux%u "
                   "image of VkFormat %d (%u levels, %u layers, %s tiling) on "
                   "this generation", what, info->extent.width,
                   info->extent.height, info->extent.depth, (int)info->format,
                   info->mipLevels, info->arrayLayers,
                   info->tiling == VK_IMAGE_TILING_LINEAR ? "linear" : "optimal");
}

/* Depth in a D16/D24X8/D32F depth buffer, stencil in a separate R8_UINT
 * buffer after it (Gen7+ have no combined depth/stencil surface: PRM
 * 3DSTATE_DEPTH_BUFFER, 3DSTATE_STENCIL_BUFFER).  Multisampled, both
 * interleave their samples (isl's IMS), as the depth and stencil units
 * read them; colour surfaces keep each sample in an array slice (MSS)
 * and no MCS: genvk does not compress. */
static VkResult
layout_depth_stencil(struct gvk_image *image, const VkImageCreateInfo *info,
                     const struct isl_vk_format *f, unsigned verx10)
{
   uint64_t end = 0;
   if (f->depth_format != ISL_DEPTH_NONE) {
      struct isl_surf_info si = surf_info(info, (enum isl_format)f->format,
                                          ISL_USAGE_DEPTH);
      if (!isl_surf_init(verx10, &si, &image->surf))
         return layout_failed(info, "depth buffer");
      end = image->surf.size_B;
      image->alignment = image->surf.align_B;
   }
   if (f->stencil) {
      struct isl_surf_info si = surf_info(info, ISL_FORMAT_R8_UINT, ISL_USAGE_STENCIL);
      if (!isl_surf_init(verx10, &si, &image->stencil_surf))
         return layout_failed(info, "stencil buffer");
      image->stencil_offset = ALIGN_POT(end, image->stencil_surf.align_B);
      end = image->stencil_offset + image->stencil_surf.size_B;
      image->alignment = MAX2(image->alignment, image->stencil_surf.align_B);
   }
   image->size = end;
   return VK_SUCCESS;
}

static VkResult
layout_image(struct gvk_image *image, const VkImageCreateInfo *info,
             const struct isl_vk_format *f, unsigned verx10)
{
   if (f->depth_format != ISL_DEPTH_NONE || f->stencil)
      return layout_depth_stencil(image, info, f, verx10);
   struct isl_surf_info si = surf_info(info, (enum isl_format)f->format,
                                       color_usage(info->usage));
   if (!isl_surf_init(verx10, &si, &image->surf))
      return layout_failed(info, "surface");
   image->size = image->surf.size_B;
   image->alignment = image->surf.align_B;
   return VK_SUCCESS;
}

static VkResult
check_create_info(const VkImageCreateInfo *info, const struct isl_vk_format **f)
{
   *f = isl_vk_format(info->format);
   if (!*f)
      return gvk_fail(VK_ERROR_OUT_OF_HOST_MEMORY,
                      "vkCreateImage: VkFormat %d has no Intel surface format",
                      (int)info->format);
   if (info->samples != VK_SAMPLE_COUNT_1_BIT &&
       (info->imageType != VK_IMAGE_TYPE_2D || info->mipLevels != 1 ||
        info->tiling != VK_IMAGE_TILING_OPTIMAL ||
        (info->flags & VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT)))
      return gvk_fail(VK_ERROR_OUT_OF_HOST_MEMORY,
                      "vkCreateImage: %u samples on other than an optimal-tiled 2D "
                      "image of one level (Vulkan: sampleCounts is 1 there)",
                      (unsigned)info->samples);
   if (info->tiling != VK_IMAGE_TILING_LINEAR && info->tiling != VK_IMAGE_TILING_OPTIMAL)
      return gvk_fail(VK_ERROR_OUT_OF_HOST_MEMORY,
                      "vkCreateImage: tiling %d is not supported (no DRM format "
                      "modifiers)", (int)info->tiling);
   return VK_SUCCESS;
}

/* VK_EXT_separate_stencil_usage: the stencil aspect of a depth/stencil
 * image may have its own usage; without it, the image's usage applies to
 * both aspects (Vulkan "VkImageStencilUsageCreateInfo"). */
static VkImageUsageFlags
stencil_usage(const VkImageCreateInfo *info)
{
   for (const VkBaseInStructure *s = info->pNext; s; s = s->pNext) {
      if (s->sType == VK_STRUCTURE_TYPE_IMAGE_STENCIL_USAGE_CREATE_INFO)
         return ((const VkImageStencilUsageCreateInfo *)s)->stencilUsage;
   }
   return info->usage;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_CreateImage(VkDevice _device, const VkImageCreateInfo *pCreateInfo,
                const VkAllocationCallbacks *pAllocator, VkImage *pImage)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   const struct isl_vk_format *f;
   VkResult result = check_create_info(pCreateInfo, &f);
   if (result != VK_SUCCESS)
      return result;

   struct gvk_image *image =
      gvk_object_create(&device->base.alloc, pAllocator, sizeof(*image),
                        VK_OBJECT_TYPE_IMAGE, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!image)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   image->type = pCreateInfo->imageType;
   image->vk_format = pCreateInfo->format;
   image->usage = pCreateInfo->usage;
   image->stencil_usage = stencil_usage(pCreateInfo);
   image->create_flags = pCreateInfo->flags;
   image->vk_tiling = pCreateInfo->tiling;
   image->extent = pCreateInfo->extent;
   image->levels = pCreateInfo->mipLevels;
   image->layers = pCreateInfo->arrayLayers;
   image->samples = pCreateInfo->samples;

   result = layout_image(image, pCreateInfo, f, device->pdev->info.verx10);
   if (result != VK_SUCCESS) {
      gvk_object_destroy(&image->base);
      return result;
   }
   if (pCreateInfo->tiling == VK_IMAGE_TILING_LINEAR)
      image->alignment = MAX2(image->alignment, LINEAR_IMAGE_ALIGN);
   *pImage = gvk_image_to_handle(image);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
gvk_DestroyImage(VkDevice _device, VkImage _image,
                 const VkAllocationCallbacks *pAllocator)
{
   struct gvk_image *image = gvk_image_from_handle(_image);
   if (image)
      gvk_object_destroy(&image->base);
}

/* ---- memory ---- */

static void
image_requirements(const struct gvk_device *device, const struct gvk_image *image,
                   VkMemoryRequirements *req)
{
   *req = gvk_memory_requirements(device, ALIGN_POT(image->size, image->alignment),
                                  image->alignment);
}

VKAPI_ATTR void VKAPI_CALL
gvk_GetImageMemoryRequirements(VkDevice _device, VkImage _image,
                               VkMemoryRequirements *pReq)
{
   image_requirements(gvk_device_from_handle(_device), gvk_image_from_handle(_image),
                      pReq);
}

VKAPI_ATTR void VKAPI_CALL
gvk_GetImageMemoryRequirements2(VkDevice _device,
                                const VkImageMemoryRequirementsInfo2 *pInfo,
                                VkMemoryRequirements2 *pReq)
{
   image_requirements(gvk_device_from_handle(_device),
                      gvk_image_from_handle(pInfo->image), &pReq->memoryRequirements);
   gvk_memory_requirements_chain(pReq);
}

/* No sparse images: the spec's answer for an image created without
 * VK_IMAGE_CREATE_SPARSE_RESIDENCY_BIT is zero requirements. */
VKAPI_ATTR void VKAPI_CALL
gvk_GetImageSparseMemoryRequirements(VkDevice _device, VkImage _image,
                                     uint32_t *pCount,
                                     VkSparseImageMemoryRequirements *pReq)
{
   *pCount = 0;
}

VKAPI_ATTR void VKAPI_CALL
gvk_GetImageSparseMemoryRequirements2(VkDevice _device,
                                      const VkImageSparseMemoryRequirementsInfo2 *pInfo,
                                      uint32_t *pCount,
                                      VkSparseImageMemoryRequirements2 *pReq)
{
   *pCount = 0;
}

static void
bind_image(VkImage _image, VkDeviceMemory _memory, VkDeviceSize offset)
{
   struct gvk_image *image = gvk_image_from_handle(_image);
   struct gvk_device_memory *memory = gvk_device_memory_from_handle(_memory);
   image->address = (struct gvk_address){ .bo = memory ? memory->bo : NULL,
                                          .offset = offset };
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_BindImageMemory(VkDevice _device, VkImage image, VkDeviceMemory memory,
                    VkDeviceSize memoryOffset)
{
   bind_image(image, memory, memoryOffset);
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_BindImageMemory2(VkDevice _device, uint32_t bindInfoCount,
                     const VkBindImageMemoryInfo *pBindInfos)
{
   for (uint32_t i = 0; i < bindInfoCount; i++)
      bind_image(pBindInfos[i].image, pBindInfos[i].memory, pBindInfos[i].memoryOffset);
   return VK_SUCCESS;
}

/* ---- subresource layout ---- */

/* The surface holding an aspect, and where it starts in the image. */
static const struct isl_surf *
aspect_surf(const struct gvk_image *image, VkImageAspectFlags aspect, uint64_t *base)
{
   *base = 0;
   if (aspect == VK_IMAGE_ASPECT_STENCIL_BIT) {
      *base = image->stencil_offset;
      return &image->stencil_surf;
   }
   return &image->surf;
}

/* Linear images (the spec defines the layout for them only): a texel of
 * the subresource is at offset + z * depthPitch + layer * arrayPitch +
 * y * rowPitch + x * texel bytes, which isl's layouts satisfy level by
 * level (a 3D image's slices are array_pitch_rows apart at level 0, the
 * only level linear 3D images may have: gvk_format.c). */
VKAPI_ATTR void VKAPI_CALL
gvk_GetImageSubresourceLayout(VkDevice _device, VkImage _image,
                              const VkImageSubresource *pSubresource,
                              VkSubresourceLayout *pLayout)
{
   const struct gvk_image *image = gvk_image_from_handle(_image);
   uint64_t base;
   const struct isl_surf *surf = aspect_surf(image, pSubresource->aspectMask, &base);
   const struct isl_format_layout *l = isl_format_layout(surf->format);
   *pLayout = (VkSubresourceLayout){ 0 };
   if (!l || !surf->levels || pSubresource->mipLevel >= surf->levels) {
      gvk_fail(VK_ERROR_UNKNOWN, "vkGetImageSubresourceLayout: no level %u of "
               "aspect 0x%x", pSubresource->mipLevel, pSubresource->aspectMask);
      return;
   }
   uint32_t level = pSubresource->mipLevel;
   bool is_3d = surf->dim == ISL_SURF_DIM_3D;
   uint32_t layer = is_3d ? 0 : pSubresource->arrayLayer;
   struct isl_image_offset at;
   isl_surf_offset(surf, level, layer, 0, &at);

   uint64_t slice_pitch = (uint64_t)surf->array_pitch_rows / l->bh * surf->row_pitch_B;
   uint32_t rows = DIV_ROUND_UP(isl_minify(surf->height, level), l->bh);
   uint32_t slices = is_3d ? isl_minify(surf->depth, level) : 1;
   pLayout->offset = base + at.offset_B;
   pLayout->rowPitch = surf->row_pitch_B;
   pLayout->arrayPitch = slice_pitch;
   pLayout->depthPitch = is_3d ? slice_pitch : 0;
   pLayout->size = (uint64_t)(slices - 1) * slice_pitch +
                   (uint64_t)rows * surf->row_pitch_B;
}

/* Image views: the subresource range resolved and the surface states of
 * each use packed once through isl (gvk_image.h, struct gvk_image_view). */
#include "gvk_image.h"

#include "gvk_device.h"
#include "gvk_log.h"
#include "gvk_physical_device.h"
#include "macros.h"

/* RENDER_SURFACE_STATE Width is 14 bits (isl_surface.c MAX_DIM). */
#define MAX_SURFACE_WIDTH 16384

/* A view channel as a shader channel select, through the format's own
 * selects (a Vulkan format without a hardware twin: isl_vk_format). */
static uint8_t
compose_select(VkComponentSwizzle s, VkComponentSwizzle identity,
               struct isl_swizzle format)
{
   if (s == VK_COMPONENT_SWIZZLE_IDENTITY)
      s = identity;
   switch (s) {
   case VK_COMPONENT_SWIZZLE_ZERO: return ISL_SCS_ZERO;
   case VK_COMPONENT_SWIZZLE_ONE: return ISL_SCS_ONE;
   case VK_COMPONENT_SWIZZLE_R: return format.r;
   case VK_COMPONENT_SWIZZLE_G: return format.g;
   case VK_COMPONENT_SWIZZLE_B: return format.b;
   case VK_COMPONENT_SWIZZLE_A:
   default: return format.a;
   }
}

static struct isl_swizzle
view_swizzle(const VkComponentMapping *m, struct isl_swizzle format)
{
   return (struct isl_swizzle){
      compose_select(m->r, VK_COMPONENT_SWIZZLE_R, format),
      compose_select(m->g, VK_COMPONENT_SWIZZLE_G, format),
      compose_select(m->b, VK_COMPONENT_SWIZZLE_B, format),
      compose_select(m->a, VK_COMPONENT_SWIZZLE_A, format),
   };
}

/* VkImageViewUsageCreateInfo narrows the image's usage (maintenance2);
 * without it a view has its aspects' usage: the stencil aspect's own
 * (VK_EXT_separate_stencil_usage), and what both allow for a view of
 * depth and stencil (Vulkan "Image Views", implicit usage). */
static VkImageUsageFlags
view_usage(const VkImageViewCreateInfo *info, const struct gvk_image *image)
{
   for (const VkBaseInStructure *s = info->pNext; s; s = s->pNext) {
      if (s->sType == VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO)
         return ((const VkImageViewUsageCreateInfo *)s)->usage;
   }
   VkImageAspectFlags aspects = info->subresourceRange.aspectMask;
   if (aspects == VK_IMAGE_ASPECT_STENCIL_BIT)
      return image->stencil_usage;
   if (aspects == (VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT))
      return image->usage & image->stencil_usage;
   return image->usage;
}

static VkImageSubresourceRange
resolve_range(const VkImageSubresourceRange *r, const struct gvk_image *image)
{
   VkImageSubresourceRange out = *r;
   if (out.levelCount == VK_REMAINING_MIP_LEVELS)
      out.levelCount = image->levels - out.baseMipLevel;
   if (out.layerCount == VK_REMAINING_ARRAY_LAYERS)
      out.layerCount = image->layers - out.baseArrayLayer;
   return out;
}

/* The surface an aspect lives in and the offset of its start. */
static const struct isl_surf *
view_surf(const struct gvk_image *image, VkImageAspectFlags aspects, uint64_t *offset)
{
   *offset = 0;
   if (aspects == VK_IMAGE_ASPECT_STENCIL_BIT) {
      *offset = image->stencil_offset;
      return &image->stencil_surf;
   }
   return &image->surf;
}

struct view_ctx {
   struct gvk_image_view *iv;
   const struct isl_surf *surf;
   const struct devinfo *dev;
   unsigned verx10;
   uint32_t mocs;
};

static bool
fill_state(const struct view_ctx *c, enum gvk_view_state which,
           const struct isl_surf *surf, const struct isl_view *view)
{
   struct isl_image_state st = { .surf = surf, .view = view,
                                 .address = c->iv->address, .mocs = c->mocs };
   c->iv->has_state[which] =
      isl_fill_image_state(c->verx10, c->iv->states[which], &st);
   return c->iv->has_state[which];
}

/* A storage view: its format's extent, one level; a 3D image's view shows
 * every z slice of that level. */
static struct isl_view
storage_view(const struct gvk_image_view *iv, const struct isl_surf *surf)
{
   struct isl_view v = iv->view;
   v.levels = 1;
   v.usage = ISL_USAGE_STORAGE;
   v.swizzle = ISL_SWIZZLE_IDENTITY;
   if (surf->dim == ISL_SURF_DIM_3D) {
      v.base_layer = 0;
      v.layers = isl_minify(surf->depth, v.base_level);
   }
   return v;
}

/* Whether the raw surface (texels `dwords` times wider) puts every slice
 * of the view's level where the real surface has it, in dwords. */
static bool
raw_places_texels(const struct isl_surf *real, const struct isl_surf *raw,
                  const struct isl_view *v, uint32_t dwords)
{
   for (uint32_t s = v->base_layer; s < v->base_layer + v->layers; s++) {
      uint32_t x, y, rx, ry;
      isl_surf_image_xy(real, v->base_level, s, &x, &y);
      isl_surf_image_xy(raw, v->base_level, s, &rx, &ry);
      if (rx != x * dwords || ry != y)
         return false;
   }
   return true;
}

/* The STORAGE_RAW entry of gbe.h: the same rows, pitch and layers as the
 * view, in R32_UINT dwords (width times texel_dwords).  The LOD alignment
 * in dwords is the real one times texel_dwords where the field can say it,
 * else the real one; the state is kept only if the hardware then finds
 * the view's level where it is (Gen9+ 1D surfaces align LODs to 64 texels
 * whatever the format: SKL Vol 5 "1D Alignment Requirements"). */
static bool
fill_raw_dwords(const struct view_ctx *c, const struct isl_view *v, uint32_t dwords)
{
   const struct isl_surf *surf = c->surf;
   if ((uint64_t)surf->width * dwords > MAX_SURFACE_WIDTH)
      return false;
   struct isl_surf raw = *surf;
   raw.format = ISL_FORMAT_R32_UINT;
   raw.width = surf->width * dwords;
   if (surf->layout != ISL_LAYOUT_1D_GEN9) {
      raw.halign = surf->halign * dwords;
      if (raw_places_texels(surf, &raw, v, dwords) &&
          fill_state(c, GVK_VIEW_STATE_STORAGE_RAW, &raw, v))
         return true;
      raw.halign = surf->halign;
   }
   return raw_places_texels(surf, &raw, v, dwords) &&
          fill_state(c, GVK_VIEW_STATE_STORAGE_RAW, &raw, v);
}

/* Only formats the data port cannot read get a raw entry (gbe.h): the
 * kernel asks for one exactly then. */
static void
fill_storage_raw(const struct view_ctx *c, const struct isl_view *storage)
{
   struct gvk_image_view *iv = c->iv;
   if (isl_format_caps(c->dev, storage->format) & ISL_CAP_TYPED_READ)
      return;
   uint32_t dwords;
   enum isl_format raw = gvk_format_raw_read(c->dev, storage->format, &dwords);
   if (raw == ISL_FORMAT_UNSUPPORTED)
      return;
   struct isl_view v = *storage;
   v.format = raw;
   bool ok = dwords == 1 ? fill_state(c, GVK_VIEW_STATE_STORAGE_RAW, c->surf, &v)
                         : fill_raw_dwords(c, &v, dwords);
   if (!ok) {
      log_warn("vkCreateImageView: level %u of this %s image has no raw "
               "R32_UINT view: storage reads of it will not compile into a "
               "dispatch", v.base_level, isl_format_layout(storage->format)->name);
      return;
   }
   iv->raw_format = raw;
   iv->raw_texel_dwords = dwords;
}

static VkResult
fill_storage(const struct view_ctx *c)
{
   struct isl_view v = storage_view(c->iv, c->surf);
   if (!fill_state(c, GVK_VIEW_STATE_STORAGE, c->surf, &v))
      return gvk_fail(VK_ERROR_OUT_OF_HOST_MEMORY,
                      "vkCreateImageView: isl cannot describe a storage view "
                      "of level %u, layers %u+%u in %s", v.base_level,
                      v.base_layer, v.layers, isl_format_layout(v.format)->name);
   fill_storage_raw(c, &v);
   return VK_SUCCESS;
}

/* The view as the sampler reads it: cube and cube-array views as
 * SURFTYPE_CUBE with the layers counted in cubes, the view's levels
 * (Surface Min LOD, MIP Count) and layers, its format (a depth aspect in
 * the sampling format isl_vk_format gives: R16_UNORM, R24_UNORM_X8_TYPELESS
 * or R32_FLOAT; stencil as R8_UINT from the separate stencil buffer) and
 * its channel selects.  A view isl cannot describe keeps no sampling
 * state, and a dispatch that samples it fails (genX_cmd_compute.c): Ivy
 * Bridge has no Shader Channel Select, and Mesa's hasvk swizzles in the
 * shader there, which the kernel contract (gbe.h) does not provide; a
 * Gen7 W-tiled stencil buffer cannot be described to the sampler. */
static void
fill_sampled(const struct view_ctx *c)
{
   struct isl_view v = c->iv->view;
   v.usage = ISL_USAGE_SAMPLED;
   if (c->iv->view_type == VK_IMAGE_VIEW_TYPE_CUBE ||
       c->iv->view_type == VK_IMAGE_VIEW_TYPE_CUBE_ARRAY)
      v.usage |= ISL_USAGE_CUBE;
   if (!fill_state(c, GVK_VIEW_STATE_SAMPLED, c->surf, &v))
      log_warn("vkCreateImageView: no sampled state for a %s view of levels "
               "%u+%u, layers %u+%u%s", isl_format_layout(v.format)->name,
               v.base_level, v.levels, v.base_layer, v.layers,
               isl_swizzle_is_identity(v.swizzle) || c->verx10 >= 75 ? "" :
               " (Ivy Bridge has no channel selects for its swizzle)");
}

/* The render target a draw writes: the view's base level and its layers
 * (a 3D view: the z slices of that level), in the view's format with the
 * identity selects (RENDER_SURFACE_STATE "Shader Channel Select": render
 * targets take no swizzle; isl refuses a format it cannot render, whose
 * format features have no COLOR_ATTACHMENT either). */
static void
fill_render_target(const struct view_ctx *c)
{
   struct isl_view v = c->iv->view;
   v.levels = 1;
   v.usage = ISL_USAGE_RENDER;
   v.swizzle = ISL_SWIZZLE_IDENTITY;
   if (c->surf->dim == ISL_SURF_DIM_3D) {
      v.base_layer = 0;
      v.layers = isl_minify(c->surf->depth, v.base_level);
   }
   if (!fill_state(c, GVK_VIEW_STATE_RENDER_TARGET, c->surf, &v))
      log_warn("vkCreateImageView: no render target state for a %s view of "
               "level %u, layers %u+%u: draws cannot render into it",
               isl_format_layout(v.format)->name, v.base_level, v.base_layer,
               v.layers);
}

static VkResult
init_view(struct gvk_image_view *iv, const VkImageViewCreateInfo *info,
          const struct gvk_physical_device *pdev)
{
   struct gvk_image *image = iv->image;
   const struct isl_vk_format *f = isl_vk_format(info->format);
   if (!f)
      return gvk_fail(VK_ERROR_OUT_OF_HOST_MEMORY,
                      "vkCreateImageView: VkFormat %d has no Intel surface format",
                      (int)info->format);
   uint64_t offset;
   struct view_ctx c = { .iv = iv, .dev = &pdev->info, .verx10 = pdev->info.verx10,
                         .mocs = pdev->mocs };
   c.surf = view_surf(image, iv->aspects, &offset);
   if (!c.surf->levels)
      return gvk_fail(VK_ERROR_OUT_OF_HOST_MEMORY,
                      "vkCreateImageView: the image has no aspect 0x%x",
                      iv->aspects);
   bool stencil = iv->aspects == VK_IMAGE_ASPECT_STENCIL_BIT;
   iv->address = gvk_address_gpu(image->address) + offset;
   iv->view = (struct isl_view){
      .format = stencil ? ISL_FORMAT_R8_UINT : (enum isl_format)f->format,
      .base_level = iv->range.baseMipLevel, .levels = iv->range.levelCount,
      .base_layer = iv->range.baseArrayLayer, .layers = iv->range.layerCount,
      .swizzle = view_swizzle(&info->components, f->swizzle),
   };
   iv->raw_format = ISL_FORMAT_UNSUPPORTED;
   iv->raw_texel_dwords = 1;

   VkImageUsageFlags usage = view_usage(info, image);
   if (usage & (VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT))
      fill_sampled(&c);
   if ((usage & VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT) &&
       iv->aspects == VK_IMAGE_ASPECT_COLOR_BIT)
      fill_render_target(&c);
   if (usage & VK_IMAGE_USAGE_STORAGE_BIT)
      return fill_storage(&c);
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_CreateImageView(VkDevice _device, const VkImageViewCreateInfo *pCreateInfo,
                    const VkAllocationCallbacks *pAllocator, VkImageView *pView)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   struct gvk_image *image = gvk_image_from_handle(pCreateInfo->image);
   struct gvk_image_view *iv =
      gvk_object_create(&device->base.alloc, pAllocator, sizeof(*iv),
                        VK_OBJECT_TYPE_IMAGE_VIEW, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!iv)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   iv->image = image;
   iv->view_type = pCreateInfo->viewType;
   iv->vk_format = pCreateInfo->format;
   iv->aspects = pCreateInfo->subresourceRange.aspectMask;
   iv->range = resolve_range(&pCreateInfo->subresourceRange, image);
   uint32_t level = iv->range.baseMipLevel;
   iv->extent = (VkExtent3D){ isl_minify(image->extent.width, level),
                              isl_minify(image->extent.height, level),
                              isl_minify(image->extent.depth, level) };
   VkResult result = init_view(iv, pCreateInfo, device->pdev);
   if (result != VK_SUCCESS) {
      gvk_object_destroy(&iv->base);
      return result;
   }
   *pView = gvk_image_view_to_handle(iv);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
gvk_DestroyImageView(VkDevice _device, VkImageView _view,
                     const VkAllocationCallbacks *pAllocator)
{
   struct gvk_image_view *iv = gvk_image_view_from_handle(_view);
   if (iv)
      gvk_object_destroy(&iv->base);
}

/* Images, image views and samplers. */
#ifndef GVK_IMAGE_H
#define GVK_IMAGE_H

#include <stdint.h>

#include "gvk_bo.h"
#include "gvk_object.h"
#include "isl.h"

struct gvk_image {
   struct gvk_object base;
   VkImageType type;
   VkFormat vk_format;
   VkImageUsageFlags usage;
   VkImageCreateFlags create_flags;
   VkImageTiling vk_tiling;
   VkExtent3D extent;
   uint32_t levels, layers;
   VkSampleCountFlagBits samples;
   struct isl_surf surf;          /* the layout (color or depth) */
   struct isl_surf stencil_surf;  /* separate stencil (W-tiled), if any */
   uint64_t stencil_offset;       /* of stencil_surf from the image's start */
   uint64_t size, alignment;      /* memory requirements */
   struct gvk_address address;    /* bo NULL until bound */
};

/* A view, with the surface states its descriptors use prepared once:
 * states[] holds the RENDER_SURFACE_STATE dwords for each use, whose
 * address dwords (isl_state_layout) hold the view's GPU address; a
 * command buffer copies them and records the address as a relocation on
 * Gen7. */
enum gvk_view_state {
   GVK_VIEW_STATE_SAMPLED,        /* sampled image, input attachment */
   GVK_VIEW_STATE_STORAGE,        /* storage image in the view format */
   GVK_VIEW_STATE_STORAGE_RAW,    /* storage read lowered to R32_UINT/UINT
                                   * (gbe_binding.texel_dwords, gbe.h) */
   GVK_VIEW_STATE_COUNT,
};

#define GVK_SURFACE_STATE_DWORDS 16

struct gvk_image_view {
   struct gvk_object base;
   struct gvk_image *image;
   VkImageViewType view_type;
   VkFormat vk_format;
   VkImageAspectFlags aspects;
   VkImageSubresourceRange range; /* counts resolved (no REMAINING) */
   struct isl_view view;
   VkExtent3D extent;             /* of the view's base level */
   uint64_t address;              /* GPU address the states hold */
   bool has_state[GVK_VIEW_STATE_COUNT];
   uint32_t states[GVK_VIEW_STATE_COUNT][GVK_SURFACE_STATE_DWORDS];
};

/* SAMPLER_STATE (4 dwords) and the border colour it points at: a
 * command buffer copies the sampler state into its state block with the
 * border colour pointer set to a copy of `border` placed there too. */
struct gvk_sampler {
   struct gvk_object base;
   uint32_t state[4];             /* border colour pointer field zero */
   uint32_t border[16];           /* SAMPLER_BORDER_COLOR_STATE, padded */
   uint32_t border_dwords;
};

GVK_DEFINE_HANDLE_CASTS(gvk_image, VkImage)
GVK_DEFINE_HANDLE_CASTS(gvk_image_view, VkImageView)
GVK_DEFINE_HANDLE_CASTS(gvk_sampler, VkSampler)

#endif

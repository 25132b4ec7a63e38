/* Images, image views and samplers. */
#ifndef GVK_IMAGE_H
#define GVK_IMAGE_H

#include <stdbool.h>
#include <stdint.h>

#include "gvk_bo.h"
#include "gvk_object.h"
#include "isl.h"

struct gvk_image {
   struct gvk_object base;
   VkImageType type;
   VkFormat vk_format;
   VkImageUsageFlags usage;
   VkImageUsageFlags stencil_usage;  /* of the stencil aspect: usage unless
                                      * VkImageStencilUsageCreateInfo */
   VkImageCreateFlags create_flags;
   VkImageTiling vk_tiling;
   VkExtent3D extent;
   uint32_t levels, layers;
   VkSampleCountFlagBits samples;
   struct isl_surf surf;          /* the layout (color or depth); levels 0
                                   * for S8_UINT, which has only stencil */
   struct isl_surf stencil_surf;  /* separate stencil (W-tiled), if any */
   uint64_t stencil_offset;       /* of stencil_surf from the image's start */
   uint64_t size, alignment;      /* memory requirements */
   struct gvk_address address;    /* bo NULL until bound */
};

/* A view, with the surface states its descriptors use prepared once:
 * states[] holds the RENDER_SURFACE_STATE dwords for each use (the first
 * isl_state_layout().size_B bytes).  Each state's Surface Base Address is
 * `address`, at byte isl_state_layout().address_offset_B of the state: one
 * dword on Gen7/7.5 (dword 1), two from Gen8 (dwords 8-9).  A command
 * buffer copies a state into its state block and, on Gen7/7.5, records a
 * relocation at that dword pointing at `address` (the image's object).
 * has_state[] is false for a use the view's usage or format excludes:
 *   SAMPLED      images with SAMPLED or INPUT_ATTACHMENT usage, with the
 *                view's swizzle;
 *   STORAGE      images with STORAGE usage, in the view's format;
 *   STORAGE_RAW  images with STORAGE usage whose format the data port
 *                cannot read (no ISL_CAP_TYPED_READ): the entry gbe.h
 *                describes at struct gbe_binding (R32_UINT with the width
 *                times gvk_format_raw_read's texel_dwords, or the UINT
 *                format with the same channel bits), for levels where that
 *                surface places the view's texels where the real one does;
 *   RENDER_TARGET  colour views of images with COLOR_ATTACHMENT usage: the
 *                view's base level and layers (3D: z slices) in the view's
 *                format, identity channel selects (render targets take
 *                no swizzle), for the PS binding table. */
enum gvk_view_state {
   GVK_VIEW_STATE_SAMPLED,        /* sampled image, input attachment */
   GVK_VIEW_STATE_STORAGE,        /* storage image in the view format */
   GVK_VIEW_STATE_STORAGE_RAW,    /* storage read lowered to R32_UINT/UINT
                                   * (gbe_binding.texel_dwords, gbe.h) */
   GVK_VIEW_STATE_RENDER_TARGET,  /* colour attachment */
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
   uint32_t raw_format;           /* enum isl_format of STORAGE_RAW */
   uint32_t raw_texel_dwords;     /* gbe_binding.texel_dwords it matches */
   bool has_state[GVK_VIEW_STATE_COUNT];
   uint32_t states[GVK_VIEW_STATE_COUNT][GVK_SURFACE_STATE_DWORDS];
};

/* SAMPLER_STATE (4 dwords) and the border colour it points at: a
 * command buffer copies the sampler state into its state block with the
 * border colour pointer set to a copy of `border` placed there too, at a
 * multiple of border_align bytes from Dynamic State Base Address (the
 * pointer is an offset from it: Gen7/7.5 SAMPLER_STATE DWord 2 bits 31:5,
 * Gen8+ bits 23:6; OR the offset into state[2]). */
#define GVK_BORDER_COLOR_DWORDS 20     /* Haswell's is the largest */

struct gvk_sampler {
   struct gvk_object base;
   uint32_t state[4];             /* border colour pointer field zero */
   uint32_t border[GVK_BORDER_COLOR_DWORDS];  /* SAMPLER_BORDER_COLOR_STATE */
   uint32_t border_dwords;
   uint32_t border_align;         /* bytes */
};

/* Per generation (genX_sampler.c): fills state[], border[] and their
 * sizes from a valid create info. */
#define GVK_SAMPLER_FILL(v)                                              \
   void gfx##v##_sampler_fill(struct gvk_sampler *sampler,               \
                              const VkSamplerCreateInfo *info)
GVK_SAMPLER_FILL(70);
GVK_SAMPLER_FILL(75);
GVK_SAMPLER_FILL(80);
GVK_SAMPLER_FILL(90);
GVK_SAMPLER_FILL(110);
GVK_SAMPLER_FILL(120);

/* ---- formats (gvk_format.c) ---- */

struct devinfo;
struct gvk_physical_device;

enum gvk_format_use {
   GVK_FORMAT_IMAGE,           /* optimal tiling */
   GVK_FORMAT_IMAGE_LINEAR,
   GVK_FORMAT_BUFFER,
};

/* What genvk can do with a format's images of a tiling or texel buffers
 * on that device. */
VkFormatFeatureFlags2 gvk_format_features(const struct gvk_physical_device *pdev,
                                          VkFormat format, enum gvk_format_use use);

/* The format of the entry a kernel reads raw texels of `format` from
 * (gbe.h, struct gbe_binding), with the R32_UINT dwords per texel;
 * ISL_FORMAT_UNSUPPORTED when there is none. */
enum isl_format gvk_format_raw_read(const struct devinfo *dev, enum isl_format format,
                                    uint32_t *texel_dwords);

/* ---- clears (gvk_cmd_copy.c) ---- */

struct gvk_cmd_buffer;

/* The clear value as the bits of one texel of the surface holding an
 * aspect of a format: COLOR the colour packed in the format's surface
 * format, DEPTH the depth as the depth buffer stores it (D16_UNORM,
 * D24_UNORM_X8_UINT, D32_FLOAT), STENCIL the R8_UINT stencil; false when
 * the format has no such aspect or cannot be packed. */
bool gvk_clear_texel(VkFormat format, VkImageAspectFlags aspect,
                     const VkClearValue *value, uint32_t texel[4], uint32_t *bytes);
/* Fills rect (texels) of slices [first_slice, first_slice + slice_count)
 * (array layers; 3D: z) of a level of the aspect's surface with the
 * texel, as meta fill rects (inside gvk_meta_begin/gvk_meta_end). */
void gvk_clear_image_rect(struct gvk_cmd_buffer *cmd, const struct gvk_image *image,
                          VkImageAspectFlags aspect, uint32_t level,
                          uint32_t first_slice, uint32_t slice_count,
                          const VkRect2D *rect, const uint32_t texel[4],
                          uint32_t bytes);
/* The same over every level and layer (3D: z slice) of a range. */
void gvk_clear_image_range(struct gvk_cmd_buffer *cmd, const struct gvk_image *image,
                           VkImageAspectFlags aspect, const uint32_t texel[4],
                           uint32_t bytes, const VkImageSubresourceRange *range);

GVK_DEFINE_HANDLE_CASTS(gvk_image, VkImage)
GVK_DEFINE_HANDLE_CASTS(gvk_image_view, VkImageView)
GVK_DEFINE_HANDLE_CASTS(gvk_sampler, VkSampler)

#endif

/* The driver's own transfer kernels ("meta"): fills and copies of
 * buffers and images run as compute dispatches of kernels built from
 * the GLSL kernels of src/vulkan/meta (SPIR-V generated at build time).
 *
 * Every transfer is reduced to rects: a 2D run of rows (times slices) of
 * bytes on each side, addressed as meta/meta_address.glsl says (linear
 * with a pitch, or X/Y/W-tiled), bound as storage buffers.  Images are
 * therefore copied as raw bytes of their texel blocks, whatever their
 * format, tiling or aspect.  Blits (gvk_cmd_blit.c) are the exception:
 * they convert formats, so their kernels sample the source and write
 * the destination with typed messages, through gvk_meta_dispatch. */
#ifndef GVK_META_H
#define GVK_META_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan_core.h>

#include "gvk_descriptor.h"
#include "isl.h"

struct gvk_cmd_buffer;
struct gvk_device;
struct gvk_pipeline;

enum gvk_meta_kernel {
   GVK_META_COPY_BYTES,
   GVK_META_COPY_DWORDS,
   GVK_META_FILL_BYTES,
   GVK_META_FILL_DWORDS,
   /* meta/meta_blit.comp: by source dimensionality (1D array, 2D array,
    * 3D), then value type (float, UINT, SINT): GVK_META_BLIT + 3 * (dims
    * - 1) + type */
   GVK_META_BLIT,
   GVK_META_BLIT_LAST = GVK_META_BLIT + 8,
   /* meta/meta_resolve.comp: by value type (float, UINT, SINT) */
   GVK_META_RESOLVE,
   GVK_META_RESOLVE_LAST = GVK_META_RESOLVE + 2,
   /* meta/meta_resolve_ds.comp: depth, then stencil */
   GVK_META_RESOLVE_DEPTH,
   GVK_META_RESOLVE_STENCIL,
   GVK_META_KERNEL_COUNT,
};

/* device->meta: pipelines built on first use, destroyed with the device. */
struct gvk_meta {
   pthread_mutex_t lock;
   struct gvk_pipeline *pipelines[GVK_META_KERNEL_COUNT];
};

VkResult gvk_meta_init(struct gvk_device *device);
void gvk_meta_finish(struct gvk_device *device);

/* The tilings of meta_address.glsl. */
enum gvk_meta_tiling {
   GVK_META_LINEAR,
   GVK_META_TILE_X,
   GVK_META_TILE_Y,
   GVK_META_TILE_W,
};

/* The meta tiling of an isl surface's tiling (linear for the rest). */
enum gvk_meta_tiling gvk_meta_tiling(enum isl_tiling tiling);

/* One side of a rect: byte x of row y of slice z is at GPU address
 * addr + z * slice_bytes + tiled(x0 + x, y0 + y + z * slice_rows), where
 * addr is the start of the resource (a tiled surface's first tile). */
struct gvk_meta_side {
   uint64_t addr;
   uint32_t pitch;
   enum gvk_meta_tiling tiling;
   uint32_t x0, y0;
   uint32_t slice_rows;
   uint64_t slice_bytes;
};

/* width bytes of height rows of depth slices. */
struct gvk_meta_extent {
   uint32_t width, height, depth;
};

/* Copies a rect from src to dst; the two must not overlap. */
void gvk_meta_copy_rect(struct gvk_cmd_buffer *cmd,
                        const struct gvk_meta_side *src,
                        const struct gvk_meta_side *dst,
                        struct gvk_meta_extent extent);
/* Fills a rect with a texel of texel_bytes bytes (1 to 16, in memory
 * order in pattern); extent.width is a multiple of texel_bytes and dst.x0
 * starts a texel. */
void gvk_meta_fill_rect(struct gvk_cmd_buffer *cmd,
                        const struct gvk_meta_side *dst,
                        struct gvk_meta_extent extent,
                        const uint32_t pattern[4], uint32_t texel_bytes);
/* Fills size bytes (a multiple of 4) at a dword-aligned GPU address with
 * a dword. */
void gvk_meta_fill_dwords(struct gvk_cmd_buffer *cmd, uint64_t dst,
                          uint64_t size, uint32_t data);
/* Copies size bytes between GPU addresses (no alignment needed). */
void gvk_meta_copy_bytes(struct gvk_cmd_buffer *cmd, uint64_t src,
                         uint64_t dst, uint64_t size);

/* One dispatch of a kernel over groups workgroups with push constants
 * and the descriptors element e of binding b of set 0 reads at
 * bindings[b + e], of any type the kernel's binding has (a combined image
 * sampler's sampler included): for transfers that sample or write
 * images (gvk_cmd_blit.c).  The descriptors are read while recording. */
void gvk_meta_dispatch(struct gvk_cmd_buffer *cmd, enum gvk_meta_kernel kernel,
                       const struct gvk_descriptor *bindings, const void *push,
                       size_t push_size, const uint32_t groups[3]);

/* The format vkCmdBlitImage writes a destination of `format` through
 * (typed writes of a storage view, gvk_cmd_blit.c): the format itself,
 * or the UNORM twin of an sRGB one (*srgb set: the kernel encodes);
 * VK_FORMAT_UNDEFINED when it cannot write the format, which then has no
 * VK_FORMAT_FEATURE_BLIT_DST_BIT. */
struct devinfo;
VkFormat gvk_meta_blit_write_format(const struct devinfo *dev, VkFormat format,
                                    bool *srgb);

/* The value type of a format's texels, in the order of the blit and
 * resolve kernels' variants (GVK_META_BLIT, GVK_META_RESOLVE). */
enum gvk_meta_value_type { GVK_META_FLOAT, GVK_META_UINT, GVK_META_SINT };
enum gvk_meta_value_type gvk_meta_value_type(VkFormat format);

/* sub's layer count, VK_REMAINING_ARRAY_LAYERS resolved. */
struct gvk_image;
uint32_t gvk_meta_layer_count(const struct gvk_image *image,
                              const VkImageSubresourceLayers *sub);

/* The image kernels' (meta_blit.comp, meta_resolve.comp) own views and
 * samplers, made for one command and destroyed before it returns (a
 * dispatch copies their states): a view for one usage (SAMPLED or
 * STORAGE), and a CLAMP_TO_EDGE, nearest-mip sampler with filter. */
VkResult gvk_meta_image_view(VkDevice device, const struct gvk_image *image,
                             VkImageViewType type, VkFormat format,
                             const VkImageSubresourceRange *range,
                             VkImageUsageFlags usage, VkImageView *out);
VkResult gvk_meta_sampler(VkDevice device, VkFilter filter, VkSampler *out);

/* One dispatch of an image kernel over extent (x, y, layers): binding 0
 * samples src through sampler, binding 1 writes dst (a storage view). */
void gvk_meta_dispatch_image(struct gvk_cmd_buffer *cmd, enum gvk_meta_kernel kernel,
                             VkImageView src, VkSampler sampler, VkImageView dst,
                             const void *push, size_t push_size,
                             const uint32_t extent[3]);

/* The application's compute state a transfer command replaces: taken by
 * gvk_meta_begin and put back (marked dirty, so the next application
 * dispatch re-emits it) by gvk_meta_end. */
struct gvk_meta_saved {
   struct gvk_pipeline *pipeline;
   uint8_t push_constants[GVK_MAX_PUSH_CONSTANTS];
};

void gvk_meta_begin(struct gvk_cmd_buffer *cmd, struct gvk_meta_saved *saved);
void gvk_meta_end(struct gvk_cmd_buffer *cmd, const struct gvk_meta_saved *saved);

#endif

/* Transfer commands: buffer fills, updates and copies, copies between
 * buffers and images and between images, colour clears.  Each becomes
 * rects of raw bytes for the transfer kernels (gvk_meta.h): copies are
 * bit-exact ("Copying Data Between Buffers and Images": the texel blocks'
 * bits move unchanged), so a texel block of any format, tiling or aspect
 * moves as its bytes. */
#include <string.h>

#include "gvk_cmd_buffer.h"
#include "gvk_device.h"
#include "gvk_image.h"
#include "gvk_log.h"
#include "gvk_memory.h"
#include "gvk_meta.h"
#include "macros.h"

/* vkCmdUpdateBuffer's data goes through the state block in pieces small
 * enough to share a block with the dispatch states. */
#define UPDATE_CHUNK_BYTES 8192u

static bool
buffer_bound(const struct gvk_buffer *buffer, const char *cmd_name)
{
   if (buffer->address.bo)
      return true;
   gvk_fail(VK_ERROR_VALIDATION_FAILED_EXT, "%s: buffer has no memory bound",
            cmd_name);
   return false;
}

static bool
image_bound(const struct gvk_image *image, const char *cmd_name)
{
   if (image->address.bo)
      return true;
   gvk_fail(VK_ERROR_VALIDATION_FAILED_EXT, "%s: image has no memory bound",
            cmd_name);
   return false;
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdFillBuffer(VkCommandBuffer commandBuffer, VkBuffer dstBuffer,
                  VkDeviceSize dstOffset, VkDeviceSize size, uint32_t data)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   struct gvk_buffer *buffer = gvk_buffer_from_handle(dstBuffer);
   if (!buffer_bound(buffer, "vkCmdFillBuffer"))
      return;
   /* VK_WHOLE_SIZE: to the end, rounded down to a multiple of 4 */
   if (size == VK_WHOLE_SIZE)
      size = (buffer->size - dstOffset) & ~(VkDeviceSize)3;
   struct gvk_meta_saved saved;
   gvk_meta_begin(cmd, &saved);
   gvk_meta_fill_dwords(cmd, gvk_address_gpu(buffer->address) + dstOffset, size, data);
   gvk_meta_end(cmd, &saved);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdUpdateBuffer(VkCommandBuffer commandBuffer, VkBuffer dstBuffer,
                    VkDeviceSize dstOffset, VkDeviceSize dataSize,
                    const void *pData)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   struct gvk_buffer *buffer = gvk_buffer_from_handle(dstBuffer);
   if (!buffer_bound(buffer, "vkCmdUpdateBuffer"))
      return;
   uint64_t dst = gvk_address_gpu(buffer->address) + dstOffset;
   struct gvk_meta_saved saved;
   gvk_meta_begin(cmd, &saved);
   for (VkDeviceSize done = 0; done < dataSize && cmd->status == VK_SUCCESS;) {
      uint32_t n = (uint32_t)MIN2(dataSize - done, (VkDeviceSize)UPDATE_CHUNK_BYTES);
      uint32_t *copy = gvk_batch_alloc(&cmd->state, n / 4, 64);
      if (cmd->status != VK_SUCCESS)
         break;
      memcpy(copy, (const uint8_t *)pData + done, n);
      uint64_t src = cmd->state.block->bo->addr + gvk_batch_offset(&cmd->state, copy);
      gvk_meta_copy_bytes(cmd, src, dst + done, n);
      done += n;
   }
   gvk_meta_end(cmd, &saved);
}

static bool
copy_buffer_begin(struct gvk_cmd_buffer *cmd, VkBuffer src_handle,
                  VkBuffer dst_handle, struct gvk_buffer **src,
                  struct gvk_buffer **dst, struct gvk_meta_saved *saved)
{
   *src = gvk_buffer_from_handle(src_handle);
   *dst = gvk_buffer_from_handle(dst_handle);
   if (!buffer_bound(*src, "vkCmdCopyBuffer") || !buffer_bound(*dst, "vkCmdCopyBuffer"))
      return false;
   gvk_meta_begin(cmd, saved);
   return true;
}

static void
copy_buffer_region(struct gvk_cmd_buffer *cmd, const struct gvk_buffer *src,
                   const struct gvk_buffer *dst, VkDeviceSize src_offset,
                   VkDeviceSize dst_offset, VkDeviceSize size)
{
   gvk_meta_copy_bytes(cmd, gvk_address_gpu(src->address) + src_offset,
                       gvk_address_gpu(dst->address) + dst_offset, size);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdCopyBuffer2(VkCommandBuffer commandBuffer, const VkCopyBufferInfo2 *info)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   struct gvk_buffer *src, *dst;
   struct gvk_meta_saved saved;
   if (!copy_buffer_begin(cmd, info->srcBuffer, info->dstBuffer, &src, &dst, &saved))
      return;
   for (uint32_t i = 0; i < info->regionCount; i++) {
      const VkBufferCopy2 *r = &info->pRegions[i];
      copy_buffer_region(cmd, src, dst, r->srcOffset, r->dstOffset, r->size);
   }
   gvk_meta_end(cmd, &saved);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdCopyBuffer(VkCommandBuffer commandBuffer, VkBuffer srcBuffer,
                  VkBuffer dstBuffer, uint32_t regionCount,
                  const VkBufferCopy *pRegions)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   struct gvk_buffer *src, *dst;
   struct gvk_meta_saved saved;
   if (!copy_buffer_begin(cmd, srcBuffer, dstBuffer, &src, &dst, &saved))
      return;
   for (uint32_t i = 0; i < regionCount; i++) {
      const VkBufferCopy *r = &pRegions[i];
      copy_buffer_region(cmd, src, dst, r->srcOffset, r->dstOffset, r->size);
   }
   gvk_meta_end(cmd, &saved);
}

/* ---- images ---- */

/* The surface holding an aspect: the separate stencil surface when the
 * image has one, else the main one. */
static const struct isl_surf *
aspect_surf(const struct gvk_image *image, VkImageAspectFlags aspect,
            uint64_t *offset)
{
   *offset = 0;
   if (aspect == VK_IMAGE_ASPECT_STENCIL_BIT && image->stencil_surf.size_B) {
      *offset = image->stencil_offset;
      return &image->stencil_surf;
   }
   return &image->surf;
}

static const struct isl_format_layout *
aspect_layout(const struct gvk_image *image, VkImageAspectFlags aspect)
{
   uint64_t offset;
   return isl_format_layout(aspect_surf(image, aspect, &offset)->format);
}

/* One end of a transfer: texel blocks (bx, by) on of slices slice,
 * slice + 1... (array layers, or z of a 3D image) of a LOD, or a buffer
 * laid out as `buffer` says. */
struct transfer_end {
   const struct gvk_image *image;       /* NULL: a buffer */
   VkImageAspectFlags aspect;
   uint32_t level, slice, bx, by;
   struct gvk_meta_side buffer;
};

/* The side of slices [first, first + count) of an image end; false when
 * they are not evenly spaced rows apart (the LODs of Gen7/8 3D surfaces
 * hold several slices in a row). */
static bool
image_side(const struct transfer_end *e, uint32_t first, uint32_t count,
           struct gvk_meta_side *out)
{
   uint64_t offset;
   const struct isl_surf *surf = aspect_surf(e->image, e->aspect, &offset);
   const struct isl_format_layout *l = isl_format_layout(surf->format);
   uint32_t x, y;
   isl_surf_image_xy(surf, e->level, e->slice + first, &x, &y);
   *out = (struct gvk_meta_side){
      .addr = gvk_address_gpu(e->image->address) + offset,
      .pitch = surf->row_pitch_B,
      .tiling = gvk_meta_tiling(surf->tiling),
      .x0 = (x / l->bw + e->bx) * isl_format_bytes(l),
      .y0 = y / l->bh + e->by,
   };
   if (count < 2)
      return true;
   uint32_t x1, y1;
   isl_surf_image_xy(surf, e->level, e->slice + first + 1, &x1, &y1);
   out->slice_rows = (y1 - y) / l->bh;
   for (uint32_t k = 1; k < count; k++) {
      isl_surf_image_xy(surf, e->level, e->slice + first + k, &x1, &y1);
      if (x1 != x || y1 != y + k * out->slice_rows * l->bh)
         return false;
   }
   return true;
}

static bool
end_side(const struct transfer_end *e, uint32_t first, uint32_t count,
         struct gvk_meta_side *out)
{
   if (e->image)
      return image_side(e, first, count, out);
   *out = e->buffer;
   out->addr += first * e->buffer.slice_bytes;
   return true;
}

/* extent.depth slices from src to dst: in one rect where both ends space
 * their slices evenly, else slice by slice. */
static void
copy_ends(struct gvk_cmd_buffer *cmd, const struct transfer_end *src,
          const struct transfer_end *dst, struct gvk_meta_extent extent)
{
   struct gvk_meta_side s, d;
   if (end_side(src, 0, extent.depth, &s) && end_side(dst, 0, extent.depth, &d)) {
      gvk_meta_copy_rect(cmd, &s, &d, extent);
      return;
   }
   uint32_t slices = extent.depth;
   extent.depth = 1;
   for (uint32_t k = 0; k < slices; k++) {
      end_side(src, k, 1, &s);
      end_side(dst, k, 1, &d);
      gvk_meta_copy_rect(cmd, &s, &d, extent);
   }
}

/* The first slice and slice count of a subresource region: z slices of a
 * 3D image, array layers otherwise. */
static void
region_slices(const struct gvk_image *image, const VkImageSubresourceLayers *sub,
              VkOffset3D offset, uint32_t depth, uint32_t *first, uint32_t *count)
{
   if (image->type == VK_IMAGE_TYPE_3D) {
      *first = (uint32_t)offset.z;
      *count = depth;
      return;
   }
   *first = sub->baseArrayLayer;
   *count = sub->layerCount == VK_REMAINING_ARRAY_LAYERS ?
            image->layers - sub->baseArrayLayer : sub->layerCount;
}

static bool
image_end(const struct gvk_image *image, const VkImageSubresourceLayers *sub,
          VkImageAspectFlags aspect, VkOffset3D offset, uint32_t depth,
          struct transfer_end *e, uint32_t *count)
{
   const struct isl_format_layout *l = aspect_layout(image, aspect);
   if (!l)
      return false;
   *e = (struct transfer_end){
      .image = image, .aspect = aspect, .level = sub->mipLevel,
      .bx = (uint32_t)offset.x / l->bw, .by = (uint32_t)offset.y / l->bh,
   };
   region_slices(image, sub, offset, depth, &e->slice, count);
   return true;
}

/* vkCmdCopyBufferToImage / vkCmdCopyImageToBuffer: the buffer holds
 * rows of bufferRowLength texels (blocks of compressed formats) and
 * slices of bufferImageHeight rows, tightly packed texels of the aspect's
 * format ("Buffer and Image Addressing"). */
static void
copy_buffer_image(struct gvk_cmd_buffer *cmd, const struct gvk_buffer *buffer,
                  const struct gvk_image *image, const VkBufferImageCopy2 *r,
                  bool to_image)
{
   VkImageAspectFlags aspect = r->imageSubresource.aspectMask;
   const struct isl_format_layout *l = aspect_layout(image, aspect);
   struct transfer_end img, buf = { 0 };
   uint32_t slices;
   if (!l || !image_end(image, &r->imageSubresource, aspect, r->imageOffset,
                        r->imageExtent.depth, &img, &slices))
      return;
   uint32_t bytes = isl_format_bytes(l);
   uint32_t row = r->bufferRowLength ? r->bufferRowLength : r->imageExtent.width;
   uint32_t rows = r->bufferImageHeight ? r->bufferImageHeight : r->imageExtent.height;
   uint64_t pitch = (uint64_t)DIV_ROUND_UP(row, l->bw) * bytes;
   if (pitch > UINT32_MAX) {
      gvk_fail(VK_ERROR_VALIDATION_FAILED_EXT,
               "buffer-image copy: bufferRowLength %u gives rows of more than 4 GiB",
               row);
      return;
   }
   buf.buffer = (struct gvk_meta_side){
      .addr = gvk_address_gpu(buffer->address) + r->bufferOffset,
      .pitch = (uint32_t)pitch,
      .slice_bytes = DIV_ROUND_UP(rows, l->bh) * pitch,
   };
   struct gvk_meta_extent extent = {
      DIV_ROUND_UP(r->imageExtent.width, l->bw) * bytes,
      DIV_ROUND_UP(r->imageExtent.height, l->bh),
      slices,
   };
   if (to_image)
      copy_ends(cmd, &buf, &img, extent);
   else
      copy_ends(cmd, &img, &buf, extent);
}

static VkBufferImageCopy2
buffer_image_copy2(const VkBufferImageCopy *r)
{
   return (VkBufferImageCopy2){
      .sType = VK_STRUCTURE_TYPE_BUFFER_IMAGE_COPY_2,
      .bufferOffset = r->bufferOffset,
      .bufferRowLength = r->bufferRowLength,
      .bufferImageHeight = r->bufferImageHeight,
      .imageSubresource = r->imageSubresource,
      .imageOffset = r->imageOffset,
      .imageExtent = r->imageExtent,
   };
}

/* The regions of either version of the two commands: regions2, or
 * regions1 when it is NULL. */
static void
copy_buffer_image_regions(VkCommandBuffer commandBuffer, VkBuffer buffer_handle,
                          VkImage image_handle, bool to_image, uint32_t count,
                          const VkBufferImageCopy2 *regions2,
                          const VkBufferImageCopy *regions1)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   struct gvk_buffer *buffer = gvk_buffer_from_handle(buffer_handle);
   struct gvk_image *image = gvk_image_from_handle(image_handle);
   const char *name = to_image ? "vkCmdCopyBufferToImage" : "vkCmdCopyImageToBuffer";
   if (!buffer_bound(buffer, name) || !image_bound(image, name))
      return;
   struct gvk_meta_saved saved;
   gvk_meta_begin(cmd, &saved);
   for (uint32_t i = 0; i < count; i++) {
      VkBufferImageCopy2 r = regions2 ? regions2[i] : buffer_image_copy2(&regions1[i]);
      copy_buffer_image(cmd, buffer, image, &r, to_image);
   }
   gvk_meta_end(cmd, &saved);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdCopyBufferToImage2(VkCommandBuffer commandBuffer,
                          const VkCopyBufferToImageInfo2 *info)
{
   copy_buffer_image_regions(commandBuffer, info->srcBuffer, info->dstImage, true,
                             info->regionCount, info->pRegions, NULL);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdCopyBufferToImage(VkCommandBuffer commandBuffer, VkBuffer srcBuffer,
                         VkImage dstImage, VkImageLayout dstImageLayout,
                         uint32_t regionCount, const VkBufferImageCopy *pRegions)
{
   copy_buffer_image_regions(commandBuffer, srcBuffer, dstImage, true,
                             regionCount, NULL, pRegions);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdCopyImageToBuffer2(VkCommandBuffer commandBuffer,
                          const VkCopyImageToBufferInfo2 *info)
{
   copy_buffer_image_regions(commandBuffer, info->dstBuffer, info->srcImage, false,
                             info->regionCount, info->pRegions, NULL);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdCopyImageToBuffer(VkCommandBuffer commandBuffer, VkImage srcImage,
                         VkImageLayout srcImageLayout, VkBuffer dstBuffer,
                         uint32_t regionCount, const VkBufferImageCopy *pRegions)
{
   copy_buffer_image_regions(commandBuffer, dstBuffer, srcImage, false,
                             regionCount, NULL, pRegions);
}

/* One aspect of a vkCmdCopyImage region.  The extent is in the source's
 * texels; the destination receives the same blocks ("Copying Data Between
 * Images": compressed and uncompressed formats of one block size copy
 * block for texel). */
static void
copy_image_aspect(struct gvk_cmd_buffer *cmd, const struct gvk_image *src,
                  const struct gvk_image *dst, const VkImageCopy2 *r,
                  VkImageAspectFlags aspect)
{
   const struct isl_format_layout *ls = aspect_layout(src, aspect);
   const struct isl_format_layout *ld = aspect_layout(dst, aspect);
   if (!ls || !ld || ls->bpb != ld->bpb) {
      gvk_fail(VK_ERROR_VALIDATION_FAILED_EXT,
               "vkCmdCopyImage: texel blocks of %u and %u bits",
               ls ? ls->bpb : 0, ld ? ld->bpb : 0);
      return;
   }
   struct transfer_end s, d;
   uint32_t slices, dst_slices;
   image_end(src, &r->srcSubresource, aspect, r->srcOffset, r->extent.depth,
             &s, &slices);
   image_end(dst, &r->dstSubresource, aspect, r->dstOffset, slices,
             &d, &dst_slices);
   struct gvk_meta_extent extent = {
      DIV_ROUND_UP(r->extent.width, ls->bw) * isl_format_bytes(ls),
      DIV_ROUND_UP(r->extent.height, ls->bh),
      slices,
   };
   copy_ends(cmd, &s, &d, extent);
}

static VkImageCopy2
image_copy2(const VkImageCopy *r)
{
   return (VkImageCopy2){
      .sType = VK_STRUCTURE_TYPE_IMAGE_COPY_2,
      .srcSubresource = r->srcSubresource,
      .srcOffset = r->srcOffset,
      .dstSubresource = r->dstSubresource,
      .dstOffset = r->dstOffset,
      .extent = r->extent,
   };
}

/* regions2, or regions1 when it is NULL; each aspect on its own. */
static void
copy_image_regions(VkCommandBuffer commandBuffer, VkImage src_handle,
                   VkImage dst_handle, uint32_t count,
                   const VkImageCopy2 *regions2, const VkImageCopy *regions1)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   struct gvk_image *src = gvk_image_from_handle(src_handle);
   struct gvk_image *dst = gvk_image_from_handle(dst_handle);
   if (!image_bound(src, "vkCmdCopyImage") || !image_bound(dst, "vkCmdCopyImage"))
      return;
   struct gvk_meta_saved saved;
   gvk_meta_begin(cmd, &saved);
   for (uint32_t i = 0; i < count; i++) {
      VkImageCopy2 r = regions2 ? regions2[i] : image_copy2(&regions1[i]);
      VkImageAspectFlags aspects = r.srcSubresource.aspectMask;
      while (aspects) {
         VkImageAspectFlags aspect = aspects & -aspects;
         copy_image_aspect(cmd, src, dst, &r, aspect);
         aspects &= ~aspect;
      }
   }
   gvk_meta_end(cmd, &saved);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdCopyImage2(VkCommandBuffer commandBuffer, const VkCopyImageInfo2 *info)
{
   copy_image_regions(commandBuffer, info->srcImage, info->dstImage,
                      info->regionCount, info->pRegions, NULL);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdCopyImage(VkCommandBuffer commandBuffer, VkImage srcImage,
                 VkImageLayout srcImageLayout, VkImage dstImage,
                 VkImageLayout dstImageLayout, uint32_t regionCount,
                 const VkImageCopy *pRegions)
{
   copy_image_regions(commandBuffer, srcImage, dstImage, regionCount, NULL, pRegions);
}

/* ---- clears ---- */

/* The clear colour as the bits of one texel of a colour format's surface
 * format.  The surface may hold the Vulkan format's channels in another
 * order, read back through the format's channel selects (isl_vk_format):
 * the channel a select names receives the colour channel it shows. */
static bool
color_texel(VkFormat format, const VkClearColorValue *color, uint32_t texel[4],
            uint32_t *bytes)
{
   const struct isl_vk_format *vf = isl_vk_format(format);
   const struct isl_format_layout *l =
      vf ? isl_format_layout((enum isl_format)vf->format) : NULL;
   if (!l || !isl_texel_convertible(l))
      return false;
   const uint8_t selects[4] = { vf->swizzle.r, vf->swizzle.g, vf->swizzle.b,
                                vf->swizzle.a };
   uint32_t channels[4] = { 0, 0, 0, 0 };
   for (unsigned c = 0; c < 4; c++) {
      if (selects[c] >= ISL_SCS_RED)
         channels[selects[c] - ISL_SCS_RED] = color->uint32[c];
   }
   isl_texel_pack(l, channels, 0xf, texel);
   *bytes = isl_format_bytes(l);
   return true;
}

/* round(d * max) for d clamped to [0, 1], ties to even: the UNORM
 * conversion of the spec's "Fixed-Point Data Conversions". */
static uint32_t
unorm_depth(float d, uint32_t max)
{
   double v = (d > 0.0f ? (d < 1.0f ? (double)d : 1.0) : 0.0) * max;
   uint32_t u = (uint32_t)v;
   double frac = v - u;
   if (frac > 0.5 || (frac == 0.5 && (u & 1)))
      u++;
   return u;
}

/* The depth as the depth buffer stores it (3DSTATE_DEPTH_BUFFER Surface
 * Format): D16_UNORM 16 bits, D24_UNORM_X8_UINT 24 bits in a dword with
 * the top byte 0, D32_FLOAT the float. */
static bool
depth_texel(VkFormat format, float depth, uint32_t texel[4], uint32_t *bytes)
{
   const struct isl_vk_format *vf = isl_vk_format(format);
   if (!vf)
      return false;
   switch (vf->depth_format) {
   case ISL_DEPTH_D16_UNORM:
      texel[0] = unorm_depth(depth, 0xffff);
      *bytes = 2;
      return true;
   case ISL_DEPTH_D24_UNORM_X8_UINT:
      texel[0] = unorm_depth(depth, 0xffffff);
      *bytes = 4;
      return true;
   case ISL_DEPTH_D32_FLOAT:
      memcpy(&texel[0], &depth, 4);
      *bytes = 4;
      return true;
   default:
      return false;
   }
}

bool
gvk_clear_texel(VkFormat format, VkImageAspectFlags aspect, const VkClearValue *value,
                uint32_t texel[4], uint32_t *bytes)
{
   memset(texel, 0, 4 * sizeof(uint32_t));
   switch (aspect) {
   case VK_IMAGE_ASPECT_COLOR_BIT:
      return color_texel(format, &value->color, texel, bytes);
   case VK_IMAGE_ASPECT_DEPTH_BIT:
      return depth_texel(format, value->depthStencil.depth, texel, bytes);
   case VK_IMAGE_ASPECT_STENCIL_BIT:
      /* the separate R8_UINT stencil buffer keeps the low 8 bits */
      texel[0] = value->depthStencil.stencil & 0xffu;
      *bytes = 1;
      return isl_vk_format(format) && isl_vk_format(format)->stencil;
   default:
      return false;
   }
}

/* Every sample of a multisampled image's pixels: an MSS surface keeps
 * sample s of layer l in array slice l * samples + s, an interleaved
 * (IMS) one the samples of each pixel pair side by side in cells
 * (isl_msaa.c), so a rect whose edges are even maps to the rect scaled
 * by the cell size (a render area or clear rect with odd edges would
 * also touch its neighbours' samples: cleared whole pixel pairs). */
static void
ms_clear_rect(const struct gvk_image *image, VkImageAspectFlags aspect, VkRect2D *r,
              uint32_t *first_slice, uint32_t *slice_count)
{
   uint64_t offset;
   const struct isl_surf *surf = aspect_surf(image, aspect, &offset);
   if (surf->samples <= 1)
      return;
   if (surf->msaa_layout == ISL_MSAA_LAYOUT_ARRAY) {
      *first_slice *= surf->samples;
      *slice_count *= surf->samples;
      return;
   }
   uint32_t cw, ch;
   isl_msaa_pixel_size(surf->samples, &cw, &ch);
   uint32_t x0 = (uint32_t)r->offset.x & ~1u, y0 = (uint32_t)r->offset.y & ~1u;
   uint32_t x1 = ALIGN_POT((uint32_t)r->offset.x + r->extent.width, 2u);
   uint32_t y1 = ALIGN_POT((uint32_t)r->offset.y + r->extent.height, 2u);
   *r = (VkRect2D){ { (int32_t)(x0 * cw), (int32_t)(y0 * ch) },
                    { (x1 - x0) * cw, (y1 - y0) * ch } };
}

void
gvk_clear_image_rect(struct gvk_cmd_buffer *cmd, const struct gvk_image *image,
                     VkImageAspectFlags aspect, uint32_t level, uint32_t first_slice,
                     uint32_t slice_count, const VkRect2D *rect,
                     const uint32_t texel[4], uint32_t bytes)
{
   VkRect2D r = *rect;
   ms_clear_rect(image, aspect, &r, &first_slice, &slice_count);
   struct transfer_end e = {
      .image = image, .aspect = aspect, .level = level, .slice = first_slice,
      .bx = (uint32_t)r.offset.x, .by = (uint32_t)r.offset.y,
   };
   struct gvk_meta_extent extent = { r.extent.width * bytes, r.extent.height,
                                     slice_count };
   struct gvk_meta_side side;
   if (image_side(&e, 0, extent.depth, &side)) {
      gvk_meta_fill_rect(cmd, &side, extent, texel, bytes);
      return;
   }
   extent.depth = 1;
   for (uint32_t k = 0; k < slice_count; k++) {
      image_side(&e, k, 1, &side);
      gvk_meta_fill_rect(cmd, &side, extent, texel, bytes);
   }
}

void
gvk_clear_image_range(struct gvk_cmd_buffer *cmd, const struct gvk_image *image,
                      VkImageAspectFlags aspect, const uint32_t texel[4], uint32_t bytes,
                      const VkImageSubresourceRange *range)
{
   uint32_t levels = range->levelCount == VK_REMAINING_MIP_LEVELS ?
                     image->levels - range->baseMipLevel : range->levelCount;
   uint32_t layers = range->layerCount == VK_REMAINING_ARRAY_LAYERS ?
                     image->layers - range->baseArrayLayer : range->layerCount;
   bool is_3d = image->type == VK_IMAGE_TYPE_3D;
   for (uint32_t level = range->baseMipLevel; level < range->baseMipLevel + levels;
        level++) {
      VkRect2D rect = { { 0, 0 }, { isl_minify(image->extent.width, level),
                                    isl_minify(image->extent.height, level) } };
      gvk_clear_image_rect(cmd, image, aspect, level,
                           is_3d ? 0 : range->baseArrayLayer,
                           is_3d ? isl_minify(image->extent.depth, level) : layers,
                           &rect, texel, bytes);
   }
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdClearColorImage(VkCommandBuffer commandBuffer, VkImage _image,
                       VkImageLayout imageLayout, const VkClearColorValue *pColor,
                       uint32_t rangeCount, const VkImageSubresourceRange *pRanges)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   struct gvk_image *image = gvk_image_from_handle(_image);
   if (!image_bound(image, "vkCmdClearColorImage"))
      return;
   uint32_t texel[4], bytes;
   const VkClearValue value = { .color = *pColor };
   if (!gvk_clear_texel(image->vk_format, VK_IMAGE_ASPECT_COLOR_BIT, &value, texel,
                        &bytes)) {
      gvk_fail(VK_ERROR_FORMAT_NOT_SUPPORTED,
               "vkCmdClearColorImage: cannot pack a colour of VkFormat %d",
               image->vk_format);
      return;
   }
   struct gvk_meta_saved saved;
   gvk_meta_begin(cmd, &saved);
   for (uint32_t i = 0; i < rangeCount; i++)
      gvk_clear_image_range(cmd, image, VK_IMAGE_ASPECT_COLOR_BIT, texel, bytes, &pRanges[i]);
   gvk_meta_end(cmd, &saved);
}


/* Render passes, framebuffers, dynamic rendering and attachment clears
 * (white-box: calls the driver's entry points directly, so that render
 * pass 2, dynamic rendering and imageless framebuffers need no extension
 * enabled, and reads cmd->rendering, which the draw code consumes).
 *
 * Every expected texel is worked out here from the Vulkan spec's
 * conversions, not by the driver's packing: UNORM c is round(c * (2^b - 1))
 * ("Conversion from Floating-Point to Normalized Fixed-Point"; the values
 * below are never halfway), half floats are IEEE 754 binary16 bit patterns,
 * D24 keeps 24 bits of a dword (X8_D24: the top byte is undefined, masked),
 * D32F the float's bits and S8 the stencil byte. */
#include <stdio.h>
#include <string.h>

#include "gvk_cmd_buffer.h"
#include "gvk_device.h"
#include "gvk_image.h"
#include "gvk_physical_device.h"
#include "gvk_test.h"
#include "gvk_test_whitebox.h"
#include "isl.h"

#define W 16
#define H 8
#define FILL 0x5a   /* every byte of an image before a clear */

struct ctx {
   const struct gvk_test_gpu *g;
   VkDevice dev;
   unsigned verx10;
   VkCommandPool pool;
   VkPhysicalDeviceMemoryProperties mem_props;
};

struct timg {
   VkImage image;
   VkDeviceMemory memory;
   uint8_t *map;            /* linear images */
   VkImageView view;
   VkFormat format;
   uint32_t layers;
};

/* ---- objects ---- */

static bool
make_image(const struct ctx *c, VkFormat format, VkImageTiling tiling,
           VkImageUsageFlags usage, uint32_t layers, uint32_t levels, struct timg *t)
{
   memset(t, 0, sizeof(*t));
   t->format = format;
   t->layers = layers;
   const VkImageCreateInfo ici = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
      .format = format, .extent = { W, H, 1 }, .mipLevels = levels,
      .arrayLayers = layers, .samples = VK_SAMPLE_COUNT_1_BIT, .tiling = tiling,
      .usage = usage, .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
   };
   if (!CHECK(gvk_CreateImage(c->dev, &ici, NULL, &t->image) == VK_SUCCESS))
      return false;
   VkMemoryRequirements req;
   gvk_GetImageMemoryRequirements(c->dev, t->image, &req);
   uint32_t type = gvk_test_memory_type(&c->mem_props, req.memoryTypeBits,
                                        VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                        VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
   if (type == UINT32_MAX)
      type = gvk_test_memory_type(&c->mem_props, req.memoryTypeBits, 0);
   const VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .allocationSize = req.size, .memoryTypeIndex = type,
   };
   if (!CHECK(gvk_AllocateMemory(c->dev, &mai, NULL, &t->memory) == VK_SUCCESS) ||
       !CHECK(gvk_BindImageMemory(c->dev, t->image, t->memory, 0) == VK_SUCCESS))
      return false;
   if (tiling == VK_IMAGE_TILING_LINEAR) {
      void *map;
      if (!CHECK(gvk_MapMemory(c->dev, t->memory, 0, VK_WHOLE_SIZE, 0, &map) == VK_SUCCESS))
         return false;
      t->map = map;
      memset(t->map, FILL, req.size);
   }
   return true;
}

static VkImageView
make_view(const struct ctx *c, const struct timg *t, VkImageAspectFlags aspects,
          uint32_t level, uint32_t base_layer, uint32_t layers, const void *next)
{
   const VkImageViewCreateInfo ivci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .pNext = next,
      .image = t->image,
      .viewType = layers > 1 ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_2D,
      .format = t->format, .subresourceRange = { aspects, level, 1, base_layer, layers },
   };
   VkImageView view = VK_NULL_HANDLE;
   CHECK(gvk_CreateImageView(c->dev, &ivci, NULL, &view) == VK_SUCCESS);
   return view;
}

static void
free_image(const struct ctx *c, struct timg *t)
{
   gvk_DestroyImageView(c->dev, t->view, NULL);
   gvk_DestroyImage(c->dev, t->image, NULL);
   gvk_FreeMemory(c->dev, t->memory, NULL);
}

/* Byte address of texel (x, y) of a layer of a linear colour image. */
static const uint8_t *
texel(const struct ctx *c, const struct timg *t, uint32_t layer, uint32_t x, uint32_t y,
      uint32_t bytes)
{
   const VkImageSubresource sub = { VK_IMAGE_ASPECT_COLOR_BIT, 0, layer };
   VkSubresourceLayout l;
   gvk_GetImageSubresourceLayout(c->dev, t->image, &sub, &l);
   return t->map + l.offset + y * l.rowPitch + x * bytes;
}

static bool
inside(const VkRect2D *r, uint32_t x, uint32_t y)
{
   return x >= (uint32_t)r->offset.x && x < r->offset.x + r->extent.width &&
          y >= (uint32_t)r->offset.y && y < r->offset.y + r->extent.height;
}

/* Each texel of the layer is `expect` inside rect and FILL bytes outside
 * (rect NULL: nowhere); returns the number of wrong texels. */
static unsigned
check_layer(const struct ctx *c, const struct timg *t, uint32_t layer, const VkRect2D *rect,
            const uint8_t *expect, uint32_t bytes, const char *what)
{
   uint8_t fill[16];
   memset(fill, FILL, sizeof(fill));
   unsigned wrong = 0;
   for (uint32_t y = 0; y < H; y++) {
      for (uint32_t x = 0; x < W; x++) {
         const uint8_t *want = rect && inside(rect, x, y) ? expect : fill;
         if (memcmp(texel(c, t, layer, x, y, bytes), want, bytes) && !wrong++)
            fprintf(stderr, "%s: layer %u texel (%u, %u) wrong (%s)\n", what, layer, x, y,
                    want == fill ? "outside the area" : "inside the area");
      }
   }
   return wrong;
}

/* ---- command buffers ---- */

static VkCommandBuffer
begin_cmd(const struct ctx *c, VkCommandBufferLevel level,
          const VkCommandBufferInheritanceInfo *inherit, VkCommandBufferUsageFlags flags)
{
   const VkCommandBufferAllocateInfo cbai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
      .commandPool = c->pool, .level = level, .commandBufferCount = 1,
   };
   VkCommandBuffer cmd = VK_NULL_HANDLE;
   CHECK(gvk_AllocateCommandBuffers(c->dev, &cbai, &cmd) == VK_SUCCESS);
   const VkCommandBufferBeginInfo cbbi = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .flags = flags, .pInheritanceInfo = inherit,
   };
   CHECK(gvk_BeginCommandBuffer(cmd, &cbbi) == VK_SUCCESS);
   return cmd;
}

static void
submit(const struct ctx *c, VkCommandBuffer cmd)
{
   gvk_test_submit_wait(c->g->queue, cmd);
   gvk_FreeCommandBuffers(c->dev, c->pool, 1, &cmd);
}

/* ---- format features and the render target state ---- */

static void
test_formats(const struct ctx *c)
{
   VkFormatProperties p;
   gvk_GetPhysicalDeviceFormatProperties(c->g->pdev, VK_FORMAT_R8G8B8A8_UNORM, &p);
   const VkFormatFeatureFlags color = VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT |
                                      VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT;
   CHECK((p.optimalTilingFeatures & color) == color);
   CHECK((p.linearTilingFeatures & color) == color);
   CHECK(!(p.optimalTilingFeatures & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT));
   /* integer render targets do not blend (PRM "Surface Formats" table) */
   gvk_GetPhysicalDeviceFormatProperties(c->g->pdev, VK_FORMAT_R32_UINT, &p);
   CHECK(p.optimalTilingFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT);
   CHECK(!(p.optimalTilingFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT));
   /* 96-bit formats are not render targets on any generation */
   gvk_GetPhysicalDeviceFormatProperties(c->g->pdev, VK_FORMAT_R32G32B32_SFLOAT, &p);
   CHECK(!(p.optimalTilingFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT));
   static const VkFormat ds[] = {
      VK_FORMAT_D16_UNORM, VK_FORMAT_X8_D24_UNORM_PACK32, VK_FORMAT_D32_SFLOAT,
      VK_FORMAT_S8_UINT, VK_FORMAT_D24_UNORM_S8_UINT, VK_FORMAT_D32_SFLOAT_S8_UINT,
   };
   for (unsigned i = 0; i < sizeof(ds) / sizeof(ds[0]); i++) {
      gvk_GetPhysicalDeviceFormatProperties(c->g->pdev, ds[i], &p);
      CHECKF(p.optimalTilingFeatures & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT,
             "VkFormat %d", (int)ds[i]);
      CHECK(!(p.linearTilingFeatures & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT));
      CHECK(!(p.optimalTilingFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT));
   }
   VkImageFormatProperties ifp;
   CHECK(gvk_GetPhysicalDeviceImageFormatProperties(
            c->g->pdev, VK_FORMAT_R32_UINT, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
            VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, 0, &ifp) == VK_SUCCESS);
   CHECK(gvk_GetPhysicalDeviceImageFormatProperties(
            c->g->pdev, VK_FORMAT_D24_UNORM_S8_UINT, VK_IMAGE_TYPE_2D,
            VK_IMAGE_TILING_OPTIMAL, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT, 0,
            &ifp) == VK_SUCCESS);
   CHECK(gvk_GetPhysicalDeviceImageFormatProperties(
            c->g->pdev, VK_FORMAT_R32G32B32_SFLOAT, VK_IMAGE_TYPE_2D,
            VK_IMAGE_TILING_OPTIMAL, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, 0,
            &ifp) == VK_ERROR_FORMAT_NOT_SUPPORTED);
}

/* A colour attachment view's render target: its base level, its layers,
 * no swizzle; views without COLOR_ATTACHMENT usage and depth views have
 * none. */
static void
test_render_target_state(const struct ctx *c)
{
   struct timg t;
   if (!make_image(c, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TILING_OPTIMAL,
                   VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT, 3, 2, &t))
      return;
   t.view = make_view(c, &t, VK_IMAGE_ASPECT_COLOR_BIT, 1, 1, 2, NULL);
   const struct gvk_image_view *iv = gvk_image_view_from_handle(t.view);
   struct isl_state_desc d;
   REQUIRE(iv && iv->has_state[GVK_VIEW_STATE_RENDER_TARGET]);
   REQUIRE(isl_decode_state(c->verx10, iv->states[GVK_VIEW_STATE_RENDER_TARGET], &d));
   CHECK(d.type == ISL_SURFTYPE_2D);
   CHECK(d.format == isl_vk_format(VK_FORMAT_R8G8B8A8_UNORM)->format);
   CHECK(d.address == gvk_address_gpu(gvk_image_from_handle(t.image)->address));
   CHECK(d.min_array_element == 1 && d.array_extent == 2);
   CHECK(d.mip_count_lod == 1);       /* the LOD a render target writes */
   CHECK(d.surf.width == W && d.surf.height == H);

   const VkImageViewUsageCreateInfo sampled_only = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO,
      .usage = VK_IMAGE_USAGE_SAMPLED_BIT,
   };
   VkImageView other = make_view(c, &t, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1, &sampled_only);
   CHECK(!gvk_image_view_from_handle(other)->has_state[GVK_VIEW_STATE_RENDER_TARGET]);
   gvk_DestroyImageView(c->dev, other, NULL);
   free_image(c, &t);

   struct timg z;
   if (!make_image(c, VK_FORMAT_D32_SFLOAT, VK_IMAGE_TILING_OPTIMAL,
                   VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT, 1, 1, &z))
      return;
   z.view = make_view(c, &z, VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, 1, NULL);
   CHECK(!gvk_image_view_from_handle(z.view)->has_state[GVK_VIEW_STATE_RENDER_TARGET]);
   free_image(c, &z);
}

/* ---- render passes ---- */

static VkRenderPass
make_pass(const struct ctx *c, uint32_t count, const VkAttachmentDescription *atts,
          uint32_t subpasses, const VkSubpassDescription *sps)
{
   const VkRenderPassCreateInfo rpci = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
      .attachmentCount = count, .pAttachments = atts,
      .subpassCount = subpasses, .pSubpasses = sps,
   };
   VkRenderPass pass = VK_NULL_HANDLE;
   CHECK(gvk_CreateRenderPass(c->dev, &rpci, NULL, &pass) == VK_SUCCESS);
   return pass;
}

static VkFramebuffer
make_framebuffer(const struct ctx *c, VkRenderPass pass, uint32_t count,
                 const VkImageView *views, uint32_t layers)
{
   const VkFramebufferCreateInfo fci = {
      .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO, .renderPass = pass,
      .attachmentCount = count, .pAttachments = views, .width = W, .height = H,
      .layers = layers,
   };
   VkFramebuffer fb = VK_NULL_HANDLE;
   CHECK(gvk_CreateFramebuffer(c->dev, &fci, NULL, &fb) == VK_SUCCESS);
   return fb;
}

static VkAttachmentDescription
color_attachment(VkFormat format, VkAttachmentLoadOp load)
{
   return (VkAttachmentDescription){
      .format = format, .samples = VK_SAMPLE_COUNT_1_BIT, .loadOp = load,
      .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
      .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
      .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
      .finalLayout = VK_IMAGE_LAYOUT_GENERAL,
   };
}

/* A format, two clear colours and their texels. */
struct color_case {
   VkFormat format;
   uint32_t bytes;
   VkClearColorValue clear[2];
   uint8_t texel[2][16];
};

static const struct color_case color_cases[] = {
   { VK_FORMAT_R8G8B8A8_UNORM, 4,
     { { .float32 = { 1.0f, 0.2f, 0.0f, 0.6f } }, { .float32 = { 0.0f, 1.0f, 0.2f, 1.0f } } },
     /* 0.2 * 255 = 51, 0.6 * 255 = 153 */
     { { 255, 51, 0, 153 }, { 0, 255, 51, 255 } } },
   { VK_FORMAT_R16G16B16A16_SFLOAT, 8,
     { { .float32 = { 1.0f, -2.0f, 0.5f, 0.0f } }, { .float32 = { -1.0f, 0.25f, 2.0f, 1.0f } } },
     /* binary16: 1.0 0x3c00, -2.0 0xc000, 0.5 0x3800, -1.0 0xbc00,
      * 0.25 0x3400, 2.0 0x4000 (little-endian bytes) */
     { { 0x00, 0x3c, 0x00, 0xc0, 0x00, 0x38, 0x00, 0x00 },
       { 0x00, 0xbc, 0x00, 0x34, 0x00, 0x40, 0x00, 0x3c } } },
   { VK_FORMAT_R32_UINT, 4,
     { { .uint32 = { 0xdeadbeef } }, { .uint32 = { 7 } } },
     { { 0xef, 0xbe, 0xad, 0xde }, { 7, 0, 0, 0 } } },
};

/* Two subpasses, attachment 0 used (and cleared) by the first, 1 by the
 * second only: the state draws read follows the subpasses, and both
 * attachments end cleared in the render area only. */
static void
test_two_subpasses(const struct ctx *c, const struct color_case *k)
{
   struct timg t[2];
   for (int i = 0; i < 2; i++) {
      if (!make_image(c, k->format, VK_IMAGE_TILING_LINEAR,
                      VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, 1, 1, &t[i]))
         return;
      t[i].view = make_view(c, &t[i], VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1, NULL);
   }
   const VkAttachmentDescription atts[2] = {
      color_attachment(k->format, VK_ATTACHMENT_LOAD_OP_CLEAR),
      color_attachment(k->format, VK_ATTACHMENT_LOAD_OP_CLEAR),
   };
   const VkAttachmentReference refs[2] = { { 0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL },
                                           { 1, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL } };
   const VkSubpassDescription sps[2] = {
      { .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS, .colorAttachmentCount = 1,
        .pColorAttachments = &refs[0] },
      { .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS, .colorAttachmentCount = 1,
        .pColorAttachments = &refs[1] },
   };
   VkRenderPass pass = make_pass(c, 2, atts, 2, sps);
   const VkImageView views[2] = { t[0].view, t[1].view };
   VkFramebuffer fb = make_framebuffer(c, pass, 2, views, 1);
   const VkRect2D area = { { 3, 2 }, { 7, 4 } };
   const VkClearValue clears[2] = { { .color = k->clear[0] }, { .color = k->clear[1] } };
   const VkRenderPassBeginInfo rpbi = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO, .renderPass = pass,
      .framebuffer = fb, .renderArea = area, .clearValueCount = 2, .pClearValues = clears,
   };
   VkCommandBuffer cmd = begin_cmd(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY, NULL, 0);
   const struct gvk_rendering *r = &gvk_cmd_buffer_from_handle(cmd)->rendering;
   gvk_CmdBeginRenderPass(cmd, &rpbi, VK_SUBPASS_CONTENTS_INLINE);
   CHECK(r->active && r->dirty && r->layer_count == 1);
   CHECK(r->area.offset.x == 3 && r->area.extent.height == 4);
   CHECK(r->formats.color_count == 1 && r->formats.color[0] == k->format);
   CHECK(r->formats.depth == VK_FORMAT_UNDEFINED && r->formats.samples == 1);
   CHECK(r->color[0].view == gvk_image_view_from_handle(t[0].view));
   gvk_CmdNextSubpass(cmd, VK_SUBPASS_CONTENTS_INLINE);
   CHECK(r->color[0].view == gvk_image_view_from_handle(t[1].view));
   gvk_CmdEndRenderPass(cmd);
   CHECK(!r->active);
   gvk_test_barrier(cmd, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                    VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                    VK_ACCESS_HOST_READ_BIT);
   submit(c, cmd);
   for (int i = 0; i < 2; i++)
      CHECKF(!check_layer(c, &t[i], 0, &area, k->texel[i], k->bytes, "two subpasses"),
             "VkFormat %d attachment %d", (int)k->format, i);
   gvk_DestroyFramebuffer(c->dev, fb, NULL);
   gvk_DestroyRenderPass(c->dev, pass, NULL);
   free_image(c, &t[0]);
   free_image(c, &t[1]);
}

/* vkCmdClearAttachments in a layered render pass instance (LOAD_OP_LOAD:
 * nothing else writes): each rect on its own layers. */
static void
test_clear_attachments(const struct ctx *c)
{
   struct timg t;
   if (!make_image(c, VK_FORMAT_R32_UINT, VK_IMAGE_TILING_LINEAR,
                   VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, 2, 1, &t))
      return;
   t.view = make_view(c, &t, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 2, NULL);
   const VkAttachmentDescription att = color_attachment(VK_FORMAT_R32_UINT,
                                                        VK_ATTACHMENT_LOAD_OP_LOAD);
   const VkAttachmentReference ref = { 0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL };
   const VkSubpassDescription sp = {
      .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS, .colorAttachmentCount = 1,
      .pColorAttachments = &ref,
   };
   VkRenderPass pass = make_pass(c, 1, &att, 1, &sp);
   VkFramebuffer fb = make_framebuffer(c, pass, 1, &t.view, 2);
   const VkRenderPassBeginInfo rpbi = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO, .renderPass = pass,
      .framebuffer = fb, .renderArea = { { 0, 0 }, { W, H } },
   };
   const VkClearAttachment ca = { VK_IMAGE_ASPECT_COLOR_BIT, 0,
                                  { .color = { .uint32 = { 0x11223344 } } } };
   const VkClearRect rects[2] = { { { { 1, 1 }, { 4, 3 } }, 1, 1 },
                                  { { { 9, 5 }, { 2, 2 } }, 0, 2 } };
   VkCommandBuffer cmd = begin_cmd(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY, NULL, 0);
   gvk_CmdBeginRenderPass(cmd, &rpbi, VK_SUBPASS_CONTENTS_INLINE);
   gvk_CmdClearAttachments(cmd, 1, &ca, 2, rects);
   gvk_CmdEndRenderPass(cmd);
   gvk_test_barrier(cmd, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                    VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                    VK_ACCESS_HOST_READ_BIT);
   submit(c, cmd);
   const uint8_t v[4] = { 0x44, 0x33, 0x22, 0x11 };
   uint8_t fill[4];
   memset(fill, FILL, 4);
   unsigned wrong = 0;
   for (uint32_t layer = 0; layer < 2; layer++) {
      for (uint32_t y = 0; y < H; y++) {
         for (uint32_t x = 0; x < W; x++) {
            bool hit = inside(&rects[1].rect, x, y) ||
                       (layer == 1 && inside(&rects[0].rect, x, y));
            wrong += memcmp(texel(c, &t, layer, x, y, 4), hit ? v : fill, 4) != 0;
         }
      }
   }
   CHECKF(wrong == 0, "%u texels wrong", wrong);
   gvk_DestroyFramebuffer(c->dev, fb, NULL);
   gvk_DestroyRenderPass(c->dev, pass, NULL);
   free_image(c, &t);
}

/* VK_KHR_dynamic_rendering: a cleared and a loaded attachment; a resumed
 * instance does not clear again. */
static void
test_dynamic_rendering(const struct ctx *c)
{
   const struct color_case *k = &color_cases[0];
   struct timg t[2];
   for (int i = 0; i < 2; i++) {
      if (!make_image(c, k->format, VK_IMAGE_TILING_LINEAR,
                      VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, 1, 1, &t[i]))
         return;
      t[i].view = make_view(c, &t[i], VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1, NULL);
   }
   VkRenderingAttachmentInfo atts[2] = {
      { .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = t[0].view,
        .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
        .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
        .clearValue = { .color = k->clear[0] } },
      { .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = t[1].view,
        .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
        .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD, .storeOp = VK_ATTACHMENT_STORE_OP_STORE },
   };
   const VkRect2D area = { { 5, 1 }, { 6, 6 } };
   VkRenderingInfo ri = {
      .sType = VK_STRUCTURE_TYPE_RENDERING_INFO, .renderArea = area, .layerCount = 1,
      .colorAttachmentCount = 2, .pColorAttachments = atts,
   };
   VkCommandBuffer cmd = begin_cmd(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY, NULL, 0);
   const struct gvk_rendering *r = &gvk_cmd_buffer_from_handle(cmd)->rendering;
   gvk_CmdBeginRendering(cmd, &ri);
   CHECK(r->active && r->dirty && r->formats.color_count == 2);
   CHECK(r->formats.color[1] == k->format && r->formats.samples == VK_SAMPLE_COUNT_1_BIT);
   CHECK(r->color[1].view == gvk_image_view_from_handle(t[1].view) && !r->depth.view);
   gvk_CmdEndRendering(cmd);
   CHECK(!r->active);
   /* Resuming: the second attachment's clear is not a load op now. */
   atts[1].loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
   atts[1].clearValue.color = k->clear[1];
   ri.flags = VK_RENDERING_RESUMING_BIT;
   ri.colorAttachmentCount = 2;
   gvk_CmdBeginRendering(cmd, &ri);
   gvk_CmdEndRendering(cmd);
   gvk_test_barrier(cmd, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                    VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                    VK_ACCESS_HOST_READ_BIT);
   submit(c, cmd);
   CHECK(!check_layer(c, &t[0], 0, &area, k->texel[0], k->bytes, "dynamic rendering"));
   CHECK(!check_layer(c, &t[1], 0, NULL, NULL, k->bytes, "dynamic rendering (load)"));
   free_image(c, &t[0]);
   free_image(c, &t[1]);
}

/* An imageless framebuffer (VK_KHR_imageless_framebuffer) through the
 * render pass 2 commands. */
static void
test_imageless(const struct ctx *c)
{
   struct timg t;
   if (!make_image(c, VK_FORMAT_R32_UINT, VK_IMAGE_TILING_LINEAR,
                   VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, 1, 1, &t))
      return;
   t.view = make_view(c, &t, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1, NULL);
   const VkAttachmentDescription2 att = {
      .sType = VK_STRUCTURE_TYPE_ATTACHMENT_DESCRIPTION_2, .format = VK_FORMAT_R32_UINT,
      .samples = VK_SAMPLE_COUNT_1_BIT, .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
      .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
      .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
      .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
      .finalLayout = VK_IMAGE_LAYOUT_GENERAL,
   };
   const VkAttachmentReference2 ref = {
      .sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_2, .attachment = 0,
      .layout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
      .aspectMask = VK_IMAGE_ASPECT_COLOR_BIT,
   };
   const VkSubpassDescription2 sp = {
      .sType = VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_2,
      .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS, .colorAttachmentCount = 1,
      .pColorAttachments = &ref,
   };
   const VkRenderPassCreateInfo2 rpci = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO_2, .attachmentCount = 1,
      .pAttachments = &att, .subpassCount = 1, .pSubpasses = &sp,
   };
   VkRenderPass pass = VK_NULL_HANDLE;
   CHECK(gvk_CreateRenderPass2(c->dev, &rpci, NULL, &pass) == VK_SUCCESS);
   const VkFormat format = VK_FORMAT_R32_UINT;
   const VkFramebufferAttachmentImageInfo fai = {
      .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_ATTACHMENT_IMAGE_INFO,
      .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, .width = W, .height = H,
      .layerCount = 1, .viewFormatCount = 1, .pViewFormats = &format,
   };
   const VkFramebufferAttachmentsCreateInfo fac = {
      .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_ATTACHMENTS_CREATE_INFO,
      .attachmentImageInfoCount = 1, .pAttachmentImageInfos = &fai,
   };
   const VkFramebufferCreateInfo fci = {
      .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO, .pNext = &fac,
      .flags = VK_FRAMEBUFFER_CREATE_IMAGELESS_BIT, .renderPass = pass,
      .attachmentCount = 1, .width = W, .height = H, .layers = 1,
   };
   VkFramebuffer fb = VK_NULL_HANDLE;
   CHECK(gvk_CreateFramebuffer(c->dev, &fci, NULL, &fb) == VK_SUCCESS);
   const VkRenderPassAttachmentBeginInfo abi = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_ATTACHMENT_BEGIN_INFO,
      .attachmentCount = 1, .pAttachments = &t.view,
   };
   const VkClearValue clear = { .color = { .uint32 = { 0x12345678 } } };
   const VkRect2D area = { { 0, 4 }, { W, 4 } };
   const VkRenderPassBeginInfo rpbi = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO, .pNext = &abi, .renderPass = pass,
      .framebuffer = fb, .renderArea = area, .clearValueCount = 1, .pClearValues = &clear,
   };
   const VkSubpassBeginInfo sbi = { .sType = VK_STRUCTURE_TYPE_SUBPASS_BEGIN_INFO,
                                    .contents = VK_SUBPASS_CONTENTS_INLINE };
   const VkSubpassEndInfo sei = { .sType = VK_STRUCTURE_TYPE_SUBPASS_END_INFO };
   VkCommandBuffer cmd = begin_cmd(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY, NULL, 0);
   gvk_CmdBeginRenderPass2(cmd, &rpbi, &sbi);
   CHECK(gvk_cmd_buffer_from_handle(cmd)->rendering.color[0].view ==
         gvk_image_view_from_handle(t.view));
   gvk_CmdEndRenderPass2(cmd, &sei);
   gvk_test_barrier(cmd, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                    VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                    VK_ACCESS_HOST_READ_BIT);
   submit(c, cmd);
   const uint8_t v[4] = { 0x78, 0x56, 0x34, 0x12 };
   CHECK(!check_layer(c, &t, 0, &area, v, 4, "imageless framebuffer"));
   gvk_DestroyFramebuffer(c->dev, fb, NULL);
   gvk_DestroyRenderPass(c->dev, pass, NULL);
   free_image(c, &t);
}

/* ---- depth and stencil ---- */

struct ds_case {
   VkFormat format;
   uint32_t depth_bytes;          /* 0: no depth */
   uint32_t depth_mask;
   uint32_t depth_025, depth_075; /* the stored depth of 0.25 and 0.75 */
   bool stencil;
};

/* D16: 0.25 * 65535 = 16383.75 -> 16384, 0.75 * 65535 = 49151.25 -> 49151;
 * D24: 0.25 * 16777215 = 4194303.75 -> 4194304, 0.75 * 16777215 =
 * 12582911.25 -> 12582911; D32F: 0.25f = 0x3e800000, 0.75f = 0x3f400000. */
static const struct ds_case ds_cases[] = {
   { VK_FORMAT_D16_UNORM, 2, 0xffff, 16384, 49151, false },
   { VK_FORMAT_X8_D24_UNORM_PACK32, 4, 0xffffff, 4194304, 12582911, false },
   { VK_FORMAT_D32_SFLOAT, 4, 0xffffffff, 0x3e800000, 0x3f400000, false },
   { VK_FORMAT_S8_UINT, 0, 0, 0, 0, true },
   { VK_FORMAT_D24_UNORM_S8_UINT, 4, 0xffffff, 4194304, 12582911, true },
   { VK_FORMAT_D32_SFLOAT_S8_UINT, 4, 0xffffffff, 0x3e800000, 0x3f400000, true },
};

#define STENCIL_OFFSET 4096

/* The whole image cleared to depth 0.25 / stencil 0x11 by
 * vkCmdClearDepthStencilImage, then the render area to 0.75 / 0xa5 by the
 * load ops (or by vkCmdClearAttachments), read back with
 * vkCmdCopyImageToBuffer. */
static void
test_depth_stencil(const struct ctx *c, const struct ds_case *k, bool clear_attachments)
{
   struct timg t;
   struct gvk_test_buffer buf;
   VkImageAspectFlags aspects = (k->depth_bytes ? VK_IMAGE_ASPECT_DEPTH_BIT : 0) |
                                (k->stencil ? VK_IMAGE_ASPECT_STENCIL_BIT : 0);
   if (!make_image(c, k->format, VK_IMAGE_TILING_OPTIMAL,
                   VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT |
                   VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                   1, 1, &t) ||
       !CHECK(gvk_test_buffer_create(c->g, 2 * STENCIL_OFFSET,
                                     VK_BUFFER_USAGE_TRANSFER_DST_BIT, &buf) == VK_SUCCESS))
      return;
   t.view = make_view(c, &t, aspects, 0, 0, 1, NULL);
   VkAttachmentLoadOp load = clear_attachments ? VK_ATTACHMENT_LOAD_OP_LOAD
                                               : VK_ATTACHMENT_LOAD_OP_CLEAR;
   const VkAttachmentDescription att = {
      .format = k->format, .samples = VK_SAMPLE_COUNT_1_BIT, .loadOp = load,
      .storeOp = VK_ATTACHMENT_STORE_OP_STORE, .stencilLoadOp = load,
      .stencilStoreOp = VK_ATTACHMENT_STORE_OP_STORE,
      .initialLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
      .finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
   };
   const VkAttachmentReference ref = { 0, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL };
   const VkSubpassDescription sp = {
      .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS, .pDepthStencilAttachment = &ref,
   };
   VkRenderPass pass = make_pass(c, 1, &att, 1, &sp);
   VkFramebuffer fb = make_framebuffer(c, pass, 1, &t.view, 1);
   const VkRect2D area = { { 2, 1 }, { 5, 4 } };
   const VkClearValue clear = { .depthStencil = { 0.75f, 0xa5 } };
   const VkRenderPassBeginInfo rpbi = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO, .renderPass = pass,
      .framebuffer = fb, .renderArea = clear_attachments ? (VkRect2D){ { 0, 0 }, { W, H } }
                                                         : area,
      .clearValueCount = 1, .pClearValues = &clear,
   };
   const VkClearDepthStencilValue first = { 0.25f, 0x11 };
   const VkImageSubresourceRange range = { aspects, 0, 1, 0, 1 };

   VkCommandBuffer cmd = begin_cmd(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY, NULL, 0);
   gvk_CmdClearDepthStencilImage(cmd, t.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &first,
                                 1, &range);
   gvk_test_barrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                    VK_PIPELINE_STAGE_EARLY_FRAGMENT_TESTS_BIT,
                    VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT);
   gvk_CmdBeginRenderPass(cmd, &rpbi, VK_SUBPASS_CONTENTS_INLINE);
   const struct gvk_rendering *r = &gvk_cmd_buffer_from_handle(cmd)->rendering;
   const struct gvk_image_view *iv = gvk_image_view_from_handle(t.view);
   CHECK(r->depth.view == (k->depth_bytes ? iv : NULL));
   CHECK(r->stencil.view == (k->stencil ? iv : NULL));
   CHECK(r->formats.depth == (k->depth_bytes ? k->format : VK_FORMAT_UNDEFINED));
   CHECK(r->formats.stencil == (k->stencil ? k->format : VK_FORMAT_UNDEFINED));
   CHECK(r->formats.color_count == 0);
   if (clear_attachments) {
      const VkClearAttachment ca = { aspects, 0, clear };
      const VkClearRect rect = { area, 0, 1 };
      gvk_CmdClearAttachments(cmd, 1, &ca, 1, &rect);
   }
   gvk_CmdEndRenderPass(cmd);
   gvk_test_barrier(cmd, VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT,
                    VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                    VK_ACCESS_TRANSFER_READ_BIT);
   VkBufferImageCopy regions[2];
   uint32_t n = 0;
   if (k->depth_bytes)
      regions[n++] = (VkBufferImageCopy){ 0, 0, 0, { VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, 1 },
                                          { 0, 0, 0 }, { W, H, 1 } };
   if (k->stencil)
      regions[n++] = (VkBufferImageCopy){ STENCIL_OFFSET, 0, 0,
                                          { VK_IMAGE_ASPECT_STENCIL_BIT, 0, 0, 1 },
                                          { 0, 0, 0 }, { W, H, 1 } };
   gvk_CmdCopyImageToBuffer(cmd, t.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, buf.buffer,
                            n, regions);
   gvk_test_barrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                    VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
   submit(c, cmd);

   unsigned wrong_depth = 0, wrong_stencil = 0;
   const uint8_t *map = buf.map;
   for (uint32_t y = 0; y < H; y++) {
      for (uint32_t x = 0; x < W; x++) {
         bool in = inside(&area, x, y);
         if (k->depth_bytes) {
            uint32_t d = 0;
            memcpy(&d, map + (y * W + x) * k->depth_bytes, k->depth_bytes);
            wrong_depth += (d & k->depth_mask) != (in ? k->depth_075 : k->depth_025);
         }
         if (k->stencil)
            wrong_stencil += map[STENCIL_OFFSET + y * W + x] != (in ? 0xa5 : 0x11);
      }
   }
   CHECKF(wrong_depth == 0 && wrong_stencil == 0,
          "VkFormat %d%s: %u depth and %u stencil texels wrong", (int)k->format,
          clear_attachments ? " (vkCmdClearAttachments)" : "", wrong_depth, wrong_stencil);
   gvk_DestroyFramebuffer(c->dev, fb, NULL);
   gvk_DestroyRenderPass(c->dev, pass, NULL);
   free_image(c, &t);
   gvk_test_buffer_destroy(c->g, &buf);
}

/* ---- what pipelines and secondaries see ---- */

static void
test_pipeline_formats(const struct ctx *c)
{
   const VkAttachmentDescription atts[3] = {
      color_attachment(VK_FORMAT_R8G8B8A8_UNORM, VK_ATTACHMENT_LOAD_OP_DONT_CARE),
      color_attachment(VK_FORMAT_R32_UINT, VK_ATTACHMENT_LOAD_OP_DONT_CARE),
      color_attachment(VK_FORMAT_D24_UNORM_S8_UINT, VK_ATTACHMENT_LOAD_OP_DONT_CARE),
   };
   const VkAttachmentReference colors[2] = {
      { VK_ATTACHMENT_UNUSED, VK_IMAGE_LAYOUT_UNDEFINED },
      { 1, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL },
   };
   const VkAttachmentReference ds = { 2, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL };
   const VkAttachmentReference first = { 0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL };
   const VkSubpassDescription sps[2] = {
      { .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS, .colorAttachmentCount = 1,
        .pColorAttachments = &first },
      { .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS, .colorAttachmentCount = 2,
        .pColorAttachments = colors, .pDepthStencilAttachment = &ds },
   };
   VkRenderPass pass = make_pass(c, 3, atts, 2, sps);
   VkGraphicsPipelineCreateInfo gpci = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, .renderPass = pass,
      .subpass = 1,
   };
   struct gvk_rendering_formats f;
   gvk_rendering_formats_for_pipeline(&gpci, &f);
   CHECK(f.color_count == 2 && f.color[0] == VK_FORMAT_UNDEFINED &&
         f.color[1] == VK_FORMAT_R32_UINT);
   CHECK(f.depth == VK_FORMAT_D24_UNORM_S8_UINT && f.stencil == VK_FORMAT_D24_UNORM_S8_UINT);
   CHECK(f.samples == VK_SAMPLE_COUNT_1_BIT);
   gvk_DestroyRenderPass(c->dev, pass, NULL);

   const VkFormat formats[1] = { VK_FORMAT_R16G16B16A16_SFLOAT };
   const VkPipelineRenderingCreateInfo prci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
      .colorAttachmentCount = 1, .pColorAttachmentFormats = formats,
      .depthAttachmentFormat = VK_FORMAT_D32_SFLOAT,
   };
   gpci = (VkGraphicsPipelineCreateInfo){
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, .pNext = &prci,
   };
   gvk_rendering_formats_for_pipeline(&gpci, &f);
   CHECK(f.color_count == 1 && f.color[0] == VK_FORMAT_R16G16B16A16_SFLOAT);
   CHECK(f.depth == VK_FORMAT_D32_SFLOAT && f.stencil == VK_FORMAT_UNDEFINED);
   CHECK(f.samples == VK_SAMPLE_COUNT_1_BIT);
   gpci.pNext = NULL;
   gvk_rendering_formats_for_pipeline(&gpci, &f);
   CHECK(f.color_count == 0 && f.samples == 0);
}

static void
test_secondary_inheritance(const struct ctx *c)
{
   struct timg t;
   if (!make_image(c, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TILING_OPTIMAL,
                   VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, 1, 1, &t))
      return;
   t.view = make_view(c, &t, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1, NULL);
   const VkAttachmentDescription att = color_attachment(VK_FORMAT_R8G8B8A8_UNORM,
                                                        VK_ATTACHMENT_LOAD_OP_LOAD);
   const VkAttachmentReference ref = { 0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL };
   const VkSubpassDescription sp = {
      .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS, .colorAttachmentCount = 1,
      .pColorAttachments = &ref,
   };
   VkRenderPass pass = make_pass(c, 1, &att, 1, &sp);
   VkFramebuffer fb = make_framebuffer(c, pass, 1, &t.view, 1);
   VkCommandBufferInheritanceInfo inherit = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO, .renderPass = pass,
      .framebuffer = fb,
   };
   const VkCommandBufferUsageFlags cont = VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT;
   VkCommandBuffer sec = begin_cmd(c, VK_COMMAND_BUFFER_LEVEL_SECONDARY, &inherit, cont);
   const struct gvk_rendering *r = &gvk_cmd_buffer_from_handle(sec)->rendering;
   CHECK(r->active && r->dirty && r->formats.color[0] == VK_FORMAT_R8G8B8A8_UNORM);
   CHECK(r->color[0].view == gvk_image_view_from_handle(t.view));
   CHECK(r->area.extent.width == W && r->layer_count == 1);
   gvk_EndCommandBuffer(sec);
   /* no framebuffer: the primary's render targets stay */
   inherit.framebuffer = VK_NULL_HANDLE;
   gvk_BeginCommandBuffer(sec, &(VkCommandBufferBeginInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO, .flags = cont,
      .pInheritanceInfo = &inherit });
   CHECK(r->active && !r->dirty && !r->color[0].view && r->formats.color_count == 1);
   gvk_EndCommandBuffer(sec);
   /* dynamic rendering */
   const VkFormat format = VK_FORMAT_R32_UINT;
   const VkCommandBufferInheritanceRenderingInfo rendering = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_RENDERING_INFO,
      .colorAttachmentCount = 1, .pColorAttachmentFormats = &format,
      .stencilAttachmentFormat = VK_FORMAT_S8_UINT,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT,
   };
   inherit = (VkCommandBufferInheritanceInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO, .pNext = &rendering,
   };
   gvk_BeginCommandBuffer(sec, &(VkCommandBufferBeginInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO, .flags = cont,
      .pInheritanceInfo = &inherit });
   CHECK(r->active && r->formats.color[0] == VK_FORMAT_R32_UINT &&
         r->formats.stencil == VK_FORMAT_S8_UINT && r->formats.samples == 1);
   gvk_EndCommandBuffer(sec);
   /* without RENDER_PASS_CONTINUE the inheritance is ignored */
   gvk_BeginCommandBuffer(sec, &(VkCommandBufferBeginInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO, .pInheritanceInfo = &inherit });
   CHECK(!r->active);
   gvk_EndCommandBuffer(sec);
   gvk_FreeCommandBuffers(c->dev, c->pool, 1, &sec);
   gvk_DestroyFramebuffer(c->dev, fb, NULL);
   gvk_DestroyRenderPass(c->dev, pass, NULL);
   free_image(c, &t);
}

/* vkCmdClearAttachments recorded in a secondary that inherits the render
 * pass and framebuffer, executed inside the primary's instance. */
static void
test_secondary_clear(const struct ctx *c)
{
   struct timg t;
   if (!make_image(c, VK_FORMAT_R32_UINT, VK_IMAGE_TILING_LINEAR,
                   VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, 1, 1, &t))
      return;
   t.view = make_view(c, &t, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1, NULL);
   const VkAttachmentDescription att = color_attachment(VK_FORMAT_R32_UINT,
                                                        VK_ATTACHMENT_LOAD_OP_LOAD);
   const VkAttachmentReference ref = { 0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL };
   const VkSubpassDescription sp = {
      .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS, .colorAttachmentCount = 1,
      .pColorAttachments = &ref,
   };
   VkRenderPass pass = make_pass(c, 1, &att, 1, &sp);
   VkFramebuffer fb = make_framebuffer(c, pass, 1, &t.view, 1);
   const VkCommandBufferInheritanceInfo inherit = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO, .renderPass = pass,
      .framebuffer = fb,
   };
   VkCommandBuffer sec = begin_cmd(c, VK_COMMAND_BUFFER_LEVEL_SECONDARY, &inherit,
                                   VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT);
   const VkClearAttachment ca = { VK_IMAGE_ASPECT_COLOR_BIT, 0,
                                  { .color = { .uint32 = { 0xcafef00d } } } };
   const VkClearRect rect = { { { 4, 2 }, { 8, 3 } }, 0, 1 };
   gvk_CmdClearAttachments(sec, 1, &ca, 1, &rect);
   CHECK(gvk_EndCommandBuffer(sec) == VK_SUCCESS);
   const VkRenderPassBeginInfo rpbi = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO, .renderPass = pass,
      .framebuffer = fb, .renderArea = { { 0, 0 }, { W, H } },
   };
   VkCommandBuffer cmd = begin_cmd(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY, NULL, 0);
   gvk_CmdBeginRenderPass(cmd, &rpbi, VK_SUBPASS_CONTENTS_SECONDARY_COMMAND_BUFFERS);
   gvk_CmdExecuteCommands(cmd, 1, &sec);
   gvk_CmdEndRenderPass(cmd);
   gvk_test_barrier(cmd, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                    VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                    VK_ACCESS_HOST_READ_BIT);
   submit(c, cmd);
   const uint8_t v[4] = { 0x0d, 0xf0, 0xfe, 0xca };
   CHECK(!check_layer(c, &t, 0, &rect.rect, v, 4, "secondary vkCmdClearAttachments"));
   gvk_FreeCommandBuffers(c->dev, c->pool, 1, &sec);
   gvk_DestroyFramebuffer(c->dev, fb, NULL);
   gvk_DestroyRenderPass(c->dev, pass, NULL);
   free_image(c, &t);
}

/* A multisampled attachment with a colour or depth/stencil resolve
 * (VkSubpassDescriptionDepthStencilResolve) is accepted: the resolves
 * are meta kernels, whose results test_msaa.c checks. */
static void
test_resolve_passes(const struct ctx *c)
{
   VkAttachmentDescription2 atts[2] = {
      { .sType = VK_STRUCTURE_TYPE_ATTACHMENT_DESCRIPTION_2,
        .format = VK_FORMAT_D32_SFLOAT, .samples = VK_SAMPLE_COUNT_4_BIT,
        .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
        .finalLayout = VK_IMAGE_LAYOUT_GENERAL },
      { .sType = VK_STRUCTURE_TYPE_ATTACHMENT_DESCRIPTION_2,
        .format = VK_FORMAT_D32_SFLOAT, .samples = VK_SAMPLE_COUNT_1_BIT,
        .loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
        .finalLayout = VK_IMAGE_LAYOUT_GENERAL },
   };
   const VkAttachmentReference2 ref = {
      .sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_2, .attachment = 0,
      .layout = VK_IMAGE_LAYOUT_GENERAL, .aspectMask = VK_IMAGE_ASPECT_DEPTH_BIT };
   const VkAttachmentReference2 resolve = {
      .sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_2, .attachment = 1,
      .layout = VK_IMAGE_LAYOUT_GENERAL, .aspectMask = VK_IMAGE_ASPECT_DEPTH_BIT };
   const VkSubpassDescriptionDepthStencilResolve dsr = {
      .sType = VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_DEPTH_STENCIL_RESOLVE,
      .depthResolveMode = VK_RESOLVE_MODE_SAMPLE_ZERO_BIT,
      .pDepthStencilResolveAttachment = &resolve,
   };
   VkSubpassDescription2 sp = {
      .sType = VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_2, .pNext = &dsr,
      .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
      .pDepthStencilAttachment = &ref,
   };
   const VkRenderPassCreateInfo2 rpci = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO_2, .attachmentCount = 2,
      .pAttachments = atts, .subpassCount = 1, .pSubpasses = &sp,
   };
   VkRenderPass pass = VK_NULL_HANDLE;
   CHECK(gvk_CreateRenderPass2(c->dev, &rpci, NULL, &pass) == VK_SUCCESS);
   gvk_DestroyRenderPass(c->dev, pass, NULL);
   sp.pNext = NULL;
   CHECK(gvk_CreateRenderPass2(c->dev, &rpci, NULL, &pass) == VK_SUCCESS);
   VkExtent2D granularity;
   gvk_GetRenderAreaGranularity(c->dev, pass, &granularity);
   CHECK(granularity.width == 1 && granularity.height == 1);
   gvk_DestroyRenderPass(c->dev, pass, NULL);
}

/* ---- barriers ---- */

void gfx120_cmd_select_3d(struct gvk_cmd_buffer *cmd);

/* Whether the PIPE_CONTROLs in [dw, end) invalidate the VF cache (DW1
 * bit 4), on Gen9 after a null PIPE_CONTROL and with a post-sync
 * operation (DW1 bits 15:14) as the SKL PRM requires. */
static bool
vf_invalidation(const uint32_t *dw, const uint32_t *end, unsigned verx10)
{
   uint32_t prev = 1;
   /* PIPELINE_SELECT (0x6904) is one dword; the others' DW0 bits 7:0 are
    * their length - 2 */
   for (; dw < end; dw += (dw[0] >> 16) == 0x6904 ? 1 : (dw[0] & 0xff) + 2) {
      if ((dw[0] >> 16) != 0x7a00)       /* PIPE_CONTROL */
         continue;
      if (dw[1] & (1u << 4)) {
         if (verx10 == 90)
            return CHECK(prev == 0) && CHECK(((dw[1] >> 14) & 3) != 0);
         return true;
      }
      prev = dw[1];
   }
   return false;
}

/* The bits graphics accesses owe, and the VF invalidation's PIPE_CONTROL
 * sequence (PIPE_CONTROL DW1 bit 4 VF Cache Invalidation Enable, bits
 * 15:14 Post-Sync Operation; Gen9 needs a null PIPE_CONTROL before it and
 * a post-sync write). */
static void
test_barrier_bits(const struct ctx *c)
{
   VkCommandBuffer h = begin_cmd(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY, NULL, 0);
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(h);
   gvk_test_barrier(h, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                    VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT,
                    VK_ACCESS_SHADER_READ_BIT);
   CHECK(cmd->pending_pipe_bits & GVK_PIPE_RENDER_TARGET_FLUSH);
   CHECK(!(cmd->pending_pipe_bits & (GVK_PIPE_DEPTH_FLUSH | GVK_PIPE_VF_INVALIDATE)));
   cmd->pending_pipe_bits = 0;
   gvk_test_barrier(h, VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT,
                    VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                    VK_ACCESS_TRANSFER_READ_BIT);
   CHECK(cmd->pending_pipe_bits & GVK_PIPE_DEPTH_FLUSH);
   CHECK(!(cmd->pending_pipe_bits & GVK_PIPE_RENDER_TARGET_FLUSH));
   cmd->pending_pipe_bits = 0;
   gvk_test_barrier(h, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
                    VK_PIPELINE_STAGE_VERTEX_INPUT_BIT,
                    VK_ACCESS_VERTEX_ATTRIBUTE_READ_BIT | VK_ACCESS_INDEX_READ_BIT);
   CHECK(cmd->pending_pipe_bits & GVK_PIPE_VF_INVALIDATE);
   CHECK(cmd->pending_pipe_bits & GVK_PIPE_DATA_FLUSH);

   /* Outside 3D mode (a fresh batch's pipeline is unknown): Gen8-11
    * invalidate at once; Gen12 forbids the bit in GPGPU mode and keeps it
    * for the selection of the 3D pipeline. */
   REQUIRE(cmd->batch.block == NULL);     /* nothing recorded yet */
   cmd->device->genx->flush(cmd);
   REQUIRE(cmd->batch.block != NULL);
   const uint32_t *start = cmd->batch.start;
   bool gen12 = c->verx10 >= 120;
   CHECK(cmd->pending_pipe_bits == (gen12 ? GVK_PIPE_VF_INVALIDATE : 0));
   if (gen12) {
      CHECK(!vf_invalidation(start, cmd->batch.next, c->verx10));
      start = cmd->batch.next;
      gfx120_cmd_select_3d(cmd);
      CHECK(cmd->pending_pipe_bits == 0);
   }
   CHECK(vf_invalidation(start, cmd->batch.next, c->verx10));
   /* vgpu's rule checker sees the sequence too */
   submit(c, h);
}

static void
run(const struct gvk_test_gpu *g)
{
   struct ctx c = { .g = g, .dev = g->device };
   c.verx10 = gvk_device_from_handle(g->device)->pdev->info.verx10;
   gvk_GetPhysicalDeviceMemoryProperties(g->pdev, &c.mem_props);
   const VkCommandPoolCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
      .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
   };
   REQUIRE(gvk_CreateCommandPool(g->device, &cpci, NULL, &c.pool) == VK_SUCCESS);
   if (c.verx10 < 80) {
      VkFormatProperties p;
      gvk_GetPhysicalDeviceFormatProperties(g->pdev, VK_FORMAT_R8G8B8A8_UNORM, &p);
      CHECK(!(p.optimalTilingFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT));
      printf("render pass tests need Gen8+ (no attachments on Gen7)\n");
   } else {
      test_formats(&c);
      test_render_target_state(&c);
      for (unsigned i = 0; i < sizeof(color_cases) / sizeof(color_cases[0]); i++)
         test_two_subpasses(&c, &color_cases[i]);
      test_clear_attachments(&c);
      test_dynamic_rendering(&c);
      test_imageless(&c);
      for (unsigned i = 0; i < sizeof(ds_cases) / sizeof(ds_cases[0]); i++) {
         test_depth_stencil(&c, &ds_cases[i], false);
         test_depth_stencil(&c, &ds_cases[i], true);
      }
      test_pipeline_formats(&c);
      test_secondary_inheritance(&c);
      test_secondary_clear(&c);
      test_resolve_passes(&c);
      test_barrier_bits(&c);
   }
   gvk_DestroyCommandPool(g->device, c.pool, NULL);
}

int
main(void)
{
   return gvk_test_main(gvk_GetInstanceProcAddr, run, "render-pass: all checks passed");
}

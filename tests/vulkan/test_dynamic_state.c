/* Extended dynamic state (VK_EXT_extended_dynamic_state and _state2,
 * Vulkan 1.3) through genvk (white-box: links the driver).
 *
 * One pipeline leaves every state of both extensions dynamic; each frame
 * draws with it into a 16x16 RGBA8 attachment (and a D32_SFLOAT_S8_UINT
 * one cleared to depth 1, stencil 0), changing one state between draws,
 * and every pixel is compared with the picture the spec's rules give:
 * - cull mode and front face: quads of both windings (the spec's signed
 *   area in framebuffer coordinates decides which is front-facing);
 * - topology: four vertices as a triangle strip (a quad) and as a
 *   triangle list (its first triangle);
 * - depth test, write and compare op: LESS, GREATER, ALWAYS without
 *   writes, and the test off;
 * - stencil test and ops: INCREMENT_AND_CLAMP twice over one quad, once
 *   over another, then EQUAL 2 draws over the first only;
 * - rasterizer discard: a full-screen draw leaves nothing;
 * - depth bias enable: a coplanar LESS draw passes only with the bias on;
 * - primitive restart: an indexed strip with the 16-bit restart index,
 *   on (two quads) and off (the index is vertex 65535, which bridges
 *   them);
 * - viewport and scissor with count.
 * Then the bind rules ("Pipeline Dynamic State"): a state set before a
 * pipeline that makes it static is replaced by the pipeline's value, and
 * one set while a pipeline with it dynamic is bound stays through the
 * bind of another such pipeline.  Pixel centres exactly on a triangle's
 * edge are left to the rasterization rule and not checked.
 * - logic op (extendedDynamicState2LogicOp): COPY, XOR, COPY again.
 * Reporting: both extensions and their features (without
 * extendedDynamicState2PatchControlPoints, not supported)
 * exactly on Gen8+; a device with them enabled resolves each EXT command
 * to the same function as its Vulkan 1.3 name ("Command Aliases"). */
#include <stdio.h>
#include <string.h>

#include "gvk_device.h"
#include "gvk_physical_device.h"
#include "gvk_test_whitebox.h"
#include "macros.h"
#include "test_dynamic_state.frag.spv.h"
#include "test_dynamic_state.vert.spv.h"

#define SIZE 16
/* enough vertices for the restart index of 16-bit indices */
#define VERTICES 65536
#define DONT_CARE (-1)

static unsigned frames_run;

/* RED_XOR_GREEN: what logic op XOR leaves of green over red */
enum color { CLEAR, RED, GREEN, BLUE, YELLOW, MAGENTA, CYAN, RED_XOR_GREEN, COLORS };
static const float colors[COLORS][4] = {
   { 0, 0, 0, 0 }, { 1, 0, 0, 1 }, { 0, 1, 0, 1 }, { 0, 0, 1, 1 },
   { 1, 1, 0, 1 }, { 1, 0, 1, 1 }, { 0, 1, 1, 1 }, { 1, 1, 0, 0 },
};

struct ctx {
   const struct gvk_test_gpu *g;
   VkPipelineLayout layout;
   VkRenderPass pass;
   VkFramebuffer fb;
   VkShaderModule vs, fs;
   VkPipeline dynamic[2], fixed, logic;
   VkImage color, ds;
   VkImageView color_view, ds_view;
   VkDeviceMemory color_memory, ds_memory;
   uint8_t *map;
   VkDeviceSize pitch;
   struct gvk_test_buffer vb, ib;
   VkCommandPool pool;
   VkCommandBuffer cmd;
};

/* A frame: the commands recorded so far and the picture they must give
 * (a colour per pixel or DONT_CARE). */
struct frame {
   struct ctx *c;
   VkCommandBuffer cmd;
   uint32_t next_vertex;
   int want[SIZE][SIZE];
};

/* ---- the oracle ---- */

/* Vulkan "Basic Polygon Rasterization": a = -1/2 sum(x_i y_(i+1) -
 * x_(i+1) y_i) in framebuffer coordinates; positive is counter-clockwise. */
static double
signed_area(const float v[3][3])
{
   double sum = 0;
   for (unsigned i = 0; i < 3; i++)
      sum += (double)v[i][0] * v[(i + 1) % 3][1] - (double)v[(i + 1) % 3][0] * v[i][1];
   return -sum / 2;
}

static double
edge(const float a[3], const float b[3], double px, double py)
{
   return ((double)b[0] - a[0]) * (py - a[1]) - ((double)b[1] - a[1]) * (px - a[0]);
}

/* 1: pixel (x, y)'s centre strictly inside triangle v (pixel units);
 * 0: strictly outside; -1: on an edge (or the triangle is degenerate and
 * the centre on its line). */
static int
covered(const float v[3][3], uint32_t x, uint32_t y)
{
   const double px = x + 0.5, py = y + 0.5;
   const double e[3] = { edge(v[0], v[1], px, py), edge(v[1], v[2], px, py),
                         edge(v[2], v[0], px, py) };
   if ((e[0] > 0 && e[1] > 0 && e[2] > 0) || (e[0] < 0 && e[1] < 0 && e[2] < 0))
      return 1;
   if ((e[0] >= 0 && e[1] >= 0 && e[2] >= 0) || (e[0] <= 0 && e[1] <= 0 && e[2] <= 0))
      return -1;
   return 0;
}

/* Paints the triangle into the expected picture where pass(x, y) says its
 * fragments pass (NULL: everywhere). */
typedef bool pass_fn(const struct frame *f, uint32_t x, uint32_t y, const void *data);

static void
paint(struct frame *f, const float v[3][3], enum color color, pass_fn *pass, const void *data)
{
   for (uint32_t y = 0; y < SIZE; y++) {
      for (uint32_t x = 0; x < SIZE; x++) {
         const int c = covered(v, x, y);
         if (c < 0)
            f->want[y][x] = DONT_CARE;
         else if (c && (!pass || pass(f, x, y, data)))
            f->want[y][x] = color;
      }
   }
}

/* ---- geometry ---- */

/* Stores n vertices given in pixel units (z as is) as clip-space
 * positions of the full-size viewport; returns the first's index. */
static uint32_t
put_vertices(struct frame *f, const float (*v)[3], uint32_t n)
{
   float *dst = (float *)f->c->vb.map + 3 * f->next_vertex;
   for (uint32_t i = 0; i < n; i++) {
      dst[3 * i] = v[i][0] * 2.0f / SIZE - 1.0f;
      dst[3 * i + 1] = v[i][1] * 2.0f / SIZE - 1.0f;
      dst[3 * i + 2] = v[i][2];
   }
   const uint32_t first = f->next_vertex;
   f->next_vertex += n;
   return first;
}

static void
set_color(struct frame *f, enum color color)
{
   gvk_CmdPushConstants(f->cmd, f->c->layout, VK_SHADER_STAGE_FRAGMENT_BIT, 0, 16,
                        colors[color]);
}

/* The two triangles of the rectangle [x0, x1) x [y0, y1) at depth z,
 * both of the winding asked; each is returned in tris. */
static void
quad_triangles(float x0, float y0, float x1, float y1, float z, bool ccw, float tris[2][3][3])
{
   const float corners[2][3][3] = {
      { { x0, y0, z }, { x0, y1, z }, { x1, y1, z } },
      { { x0, y0, z }, { x1, y1, z }, { x1, y0, z } },
   };
   memcpy(tris, corners, sizeof(corners));
   for (unsigned t = 0; t < 2; t++) {
      if ((signed_area(tris[t]) > 0) != ccw) {
         float tmp[3];
         memcpy(tmp, tris[t][1], sizeof(tmp));
         memcpy(tris[t][1], tris[t][2], sizeof(tmp));
         memcpy(tris[t][2], tmp, sizeof(tmp));
      }
   }
}

/* Draws the quad as a triangle list (the topology set must be one) and
 * paints what the caller's rule lets through.  Its pixels are exactly the
 * rectangle's: the rasterization rules give a sample on the diagonal the
 * triangles share to exactly one of them ("Polygon Rasterization"). */
static void
quad(struct frame *f, float x0, float y0, float x1, float y1, float z, bool ccw,
     enum color color, pass_fn *pass, const void *data)
{
   float tris[2][3][3];
   quad_triangles(x0, y0, x1, y1, z, ccw, tris);
   const uint32_t first = put_vertices(f, &tris[0][0], 6);
   set_color(f, color);
   gvk_CmdDraw(f->cmd, 6, 1, first, 0);
   for (uint32_t y = (uint32_t)y0; y < (uint32_t)y1; y++) {
      for (uint32_t x = (uint32_t)x0; x < (uint32_t)x1; x++) {
         if (!pass || pass(f, x, y, data))
            f->want[y][x] = color;
      }
   }
}

static bool
never(const struct frame *f, uint32_t x, uint32_t y, const void *data)
{
   (void)f, (void)x, (void)y, (void)data;
   return false;
}

/* ---- objects ---- */

static VkResult
image(struct ctx *c, VkFormat format, VkImageTiling tiling, VkImageUsageFlags usage,
      VkMemoryPropertyFlags memory, VkImageAspectFlags aspects, VkImage *out,
      VkDeviceMemory *mem, VkImageView *view)
{
   const VkImageCreateInfo ici = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
      .format = format, .extent = { SIZE, SIZE, 1 }, .mipLevels = 1, .arrayLayers = 1,
      .samples = VK_SAMPLE_COUNT_1_BIT, .tiling = tiling, .usage = usage,
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
   };
   VkResult r = gvk_CreateImage(c->g->device, &ici, NULL, out);
   if (r != VK_SUCCESS)
      return r;
   VkMemoryRequirements req;
   gvk_GetImageMemoryRequirements(c->g->device, *out, &req);
   VkPhysicalDeviceMemoryProperties props;
   gvk_GetPhysicalDeviceMemoryProperties(c->g->pdev, &props);
   const VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
      .memoryTypeIndex = gvk_test_memory_type(&props, req.memoryTypeBits, memory),
   };
   if ((r = gvk_AllocateMemory(c->g->device, &mai, NULL, mem)) != VK_SUCCESS ||
       (r = gvk_BindImageMemory(c->g->device, *out, *mem, 0)) != VK_SUCCESS)
      return r;
   const VkImageViewCreateInfo ivci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = *out,
      .viewType = VK_IMAGE_VIEW_TYPE_2D, .format = format,
      .subresourceRange = { aspects, 0, 1, 0, 1 },
   };
   return gvk_CreateImageView(c->g->device, &ivci, NULL, view);
}

static VkResult
targets(struct ctx *c)
{
   VkResult r = image(c, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TILING_LINEAR,
                      VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT,
                      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
                      VK_IMAGE_ASPECT_COLOR_BIT, &c->color, &c->color_memory, &c->color_view);
   if (r != VK_SUCCESS)
      return r;
   void *map;
   if ((r = gvk_MapMemory(c->g->device, c->color_memory, 0, VK_WHOLE_SIZE, 0, &map)) !=
       VK_SUCCESS)
      return r;
   const VkImageSubresource sub = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0 };
   VkSubresourceLayout sl;
   gvk_GetImageSubresourceLayout(c->g->device, c->color, &sub, &sl);
   c->pitch = sl.rowPitch;
   c->map = (uint8_t *)map + sl.offset;
   return image(c, VK_FORMAT_D32_SFLOAT_S8_UINT, VK_IMAGE_TILING_OPTIMAL,
                VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT,
                VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT, &c->ds, &c->ds_memory,
                &c->ds_view);
}

/* Colour kept (LOAD/STORE: the host clears it), depth/stencil cleared. */
static VkResult
render_pass(struct ctx *c)
{
   const VkAttachmentDescription att[2] = {
      { .format = VK_FORMAT_R8G8B8A8_UNORM, .samples = VK_SAMPLE_COUNT_1_BIT,
        .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
        .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
        .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
        .initialLayout = VK_IMAGE_LAYOUT_GENERAL, .finalLayout = VK_IMAGE_LAYOUT_GENERAL },
      { .format = VK_FORMAT_D32_SFLOAT_S8_UINT, .samples = VK_SAMPLE_COUNT_1_BIT,
        .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
        .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
        .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
        .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
        .finalLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL },
   };
   const VkAttachmentReference color = { 0, VK_IMAGE_LAYOUT_GENERAL };
   const VkAttachmentReference ds = { 1, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL };
   const VkSubpassDescription sub = {
      .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
      .colorAttachmentCount = 1, .pColorAttachments = &color, .pDepthStencilAttachment = &ds,
   };
   const VkRenderPassCreateInfo rpci = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
      .attachmentCount = 2, .pAttachments = att, .subpassCount = 1, .pSubpasses = &sub,
   };
   VkResult r = gvk_CreateRenderPass(c->g->device, &rpci, NULL, &c->pass);
   if (r != VK_SUCCESS)
      return r;
   const VkImageView views[2] = { c->color_view, c->ds_view };
   const VkFramebufferCreateInfo fci = {
      .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO, .renderPass = c->pass,
      .attachmentCount = 2, .pAttachments = views, .width = SIZE, .height = SIZE, .layers = 1,
   };
   return gvk_CreateFramebuffer(c->g->device, &fci, NULL, &c->fb);
}

static const VkDynamicState every_dynamic[] = {
   VK_DYNAMIC_STATE_CULL_MODE, VK_DYNAMIC_STATE_FRONT_FACE,
   VK_DYNAMIC_STATE_PRIMITIVE_TOPOLOGY, VK_DYNAMIC_STATE_VIEWPORT_WITH_COUNT,
   VK_DYNAMIC_STATE_SCISSOR_WITH_COUNT, VK_DYNAMIC_STATE_DEPTH_TEST_ENABLE,
   VK_DYNAMIC_STATE_DEPTH_WRITE_ENABLE, VK_DYNAMIC_STATE_DEPTH_COMPARE_OP,
   VK_DYNAMIC_STATE_DEPTH_BOUNDS_TEST_ENABLE, VK_DYNAMIC_STATE_STENCIL_TEST_ENABLE,
   VK_DYNAMIC_STATE_STENCIL_OP, VK_DYNAMIC_STATE_RASTERIZER_DISCARD_ENABLE,
   VK_DYNAMIC_STATE_DEPTH_BIAS_ENABLE, VK_DYNAMIC_STATE_PRIMITIVE_RESTART_ENABLE,
   VK_DYNAMIC_STATE_DEPTH_BIAS, VK_DYNAMIC_STATE_STENCIL_REFERENCE,
   VK_DYNAMIC_STATE_STENCIL_COMPARE_MASK, VK_DYNAMIC_STATE_STENCIL_WRITE_MASK,
   VK_DYNAMIC_STATE_LOGIC_OP_EXT,
};

static const VkDynamicState viewport_only[] = {
   VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR,
};

/* dynamic: every state above dynamic (the static values given are then
 * ignored, rasterizer discard on among them), logic_op: with logic ops
 * enabled (the op dynamic, static NO_OP ignored); else a fixed pipeline:
 * cull BACK, front CCW, triangle list, no depth or stencil test, viewport
 * and scissor dynamic. */
static VkResult
pipeline(struct ctx *c, bool dynamic, bool logic_op, VkPipeline *out)
{
   const VkPipelineShaderStageCreateInfo stages[2] = {
      { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
        .stage = VK_SHADER_STAGE_VERTEX_BIT, .module = c->vs, .pName = "main" },
      { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
        .stage = VK_SHADER_STAGE_FRAGMENT_BIT, .module = c->fs, .pName = "main" },
   };
   const VkVertexInputBindingDescription binding = { 0, 12, VK_VERTEX_INPUT_RATE_VERTEX };
   const VkVertexInputAttributeDescription attr = { 0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0 };
   const VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
      .vertexBindingDescriptionCount = 1, .pVertexBindingDescriptions = &binding,
      .vertexAttributeDescriptionCount = 1, .pVertexAttributeDescriptions = &attr,
   };
   const VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
   };
   const VkPipelineViewportStateCreateInfo vp = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
      .viewportCount = dynamic ? 0 : 1, .scissorCount = dynamic ? 0 : 1,
   };
   const VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      /* ignored when dynamic: the pipeline must still write colour */
      .rasterizerDiscardEnable = dynamic,
      .polygonMode = VK_POLYGON_MODE_FILL, .cullMode = VK_CULL_MODE_BACK_BIT,
      .frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE, .lineWidth = 1.0f,
   };
   const VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT,
   };
   const VkPipelineDepthStencilStateCreateInfo ds = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
      .depthCompareOp = VK_COMPARE_OP_ALWAYS,
   };
   const VkPipelineColorBlendAttachmentState att = { .colorWriteMask = 0xf };
   const VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .logicOpEnable = logic_op, .logicOp = VK_LOGIC_OP_NO_OP,
      .attachmentCount = 1, .pAttachments = &att,
   };
   const VkPipelineDynamicStateCreateInfo dyn = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
      .dynamicStateCount = dynamic ? ARRAY_SIZE(every_dynamic) : ARRAY_SIZE(viewport_only),
      .pDynamicStates = dynamic ? every_dynamic : viewport_only,
   };
   const VkGraphicsPipelineCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
      .stageCount = 2, .pStages = stages, .pVertexInputState = &vi,
      .pInputAssemblyState = &ia, .pViewportState = &vp, .pRasterizationState = &rs,
      .pMultisampleState = &ms, .pDepthStencilState = &ds, .pColorBlendState = &cb,
      .pDynamicState = &dyn, .layout = c->layout, .renderPass = c->pass,
   };
   *out = VK_NULL_HANDLE;
   return gvk_CreateGraphicsPipelines(c->g->device, VK_NULL_HANDLE, 1, &info, NULL, out);
}

static VkResult
setup(struct ctx *c)
{
   VkDevice device = c->g->device;
   VkResult r = targets(c);
   if (r == VK_SUCCESS)
      r = render_pass(c);
   if (r != VK_SUCCESS)
      return r;
   const VkPushConstantRange range = { VK_SHADER_STAGE_FRAGMENT_BIT, 0, 16 };
   const VkPipelineLayoutCreateInfo plci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .pushConstantRangeCount = 1, .pPushConstantRanges = &range,
   };
   if ((r = gvk_CreatePipelineLayout(device, &plci, NULL, &c->layout)) != VK_SUCCESS)
      return r;
   c->vs = gvk_test_module(device, test_dynamic_state_vert_spv, sizeof(test_dynamic_state_vert_spv));
   c->fs = gvk_test_module(device, test_dynamic_state_frag_spv, sizeof(test_dynamic_state_frag_spv));
   if ((r = pipeline(c, true, false, &c->dynamic[0])) != VK_SUCCESS ||
       (r = pipeline(c, true, false, &c->dynamic[1])) != VK_SUCCESS ||
       (r = pipeline(c, true, true, &c->logic)) != VK_SUCCESS ||
       (r = pipeline(c, false, false, &c->fixed)) != VK_SUCCESS)
      return r;
   if ((r = gvk_test_buffer_create(c->g, VERTICES * 12, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT,
                                   &c->vb)) != VK_SUCCESS ||
       (r = gvk_test_buffer_create(c->g, 64, VK_BUFFER_USAGE_INDEX_BUFFER_BIT, &c->ib)) !=
          VK_SUCCESS)
      return r;
   const VkCommandPoolCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
      .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
   };
   if ((r = gvk_CreateCommandPool(device, &cpci, NULL, &c->pool)) != VK_SUCCESS)
      return r;
   const VkCommandBufferAllocateInfo cbai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = c->pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1,
   };
   return gvk_AllocateCommandBuffers(device, &cbai, &c->cmd);
}

static void
teardown(struct ctx *c)
{
   VkDevice device = c->g->device;
   gvk_DestroyCommandPool(device, c->pool, NULL);
   gvk_test_buffer_destroy(c->g, &c->vb);
   gvk_test_buffer_destroy(c->g, &c->ib);
   for (unsigned i = 0; i < 2; i++)
      gvk_DestroyPipeline(device, c->dynamic[i], NULL);
   gvk_DestroyPipeline(device, c->fixed, NULL);
   gvk_DestroyPipeline(device, c->logic, NULL);
   gvk_DestroyShaderModule(device, c->vs, NULL);
   gvk_DestroyShaderModule(device, c->fs, NULL);
   gvk_DestroyPipelineLayout(device, c->layout, NULL);
   gvk_DestroyFramebuffer(device, c->fb, NULL);
   gvk_DestroyRenderPass(device, c->pass, NULL);
   gvk_DestroyImageView(device, c->color_view, NULL);
   gvk_DestroyImageView(device, c->ds_view, NULL);
   gvk_DestroyImage(device, c->color, NULL);
   gvk_DestroyImage(device, c->ds, NULL);
   gvk_FreeMemory(device, c->color_memory, NULL);
   gvk_FreeMemory(device, c->ds_memory, NULL);
}

/* ---- frames ---- */

/* Every dynamic state at a neutral value: no culling, CCW front, triangle
 * list, the full viewport and scissor, no depth, stencil, bias, discard
 * or restart. */
static void
neutral_state(VkCommandBuffer cmd)
{
   const VkViewport vp = { 0, 0, SIZE, SIZE, 0, 1 };
   const VkRect2D sc = { { 0, 0 }, { SIZE, SIZE } };
   gvk_CmdSetViewportWithCount(cmd, 1, &vp);
   gvk_CmdSetScissorWithCount(cmd, 1, &sc);
   gvk_CmdSetCullMode(cmd, VK_CULL_MODE_NONE);
   gvk_CmdSetFrontFace(cmd, VK_FRONT_FACE_COUNTER_CLOCKWISE);
   gvk_CmdSetPrimitiveTopology(cmd, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST);
   gvk_CmdSetDepthTestEnable(cmd, VK_FALSE);
   gvk_CmdSetDepthWriteEnable(cmd, VK_FALSE);
   gvk_CmdSetDepthCompareOp(cmd, VK_COMPARE_OP_ALWAYS);
   gvk_CmdSetDepthBoundsTestEnable(cmd, VK_FALSE);
   gvk_CmdSetStencilTestEnable(cmd, VK_FALSE);
   gvk_CmdSetStencilOp(cmd, VK_STENCIL_FACE_FRONT_AND_BACK, VK_STENCIL_OP_KEEP,
                       VK_STENCIL_OP_KEEP, VK_STENCIL_OP_KEEP, VK_COMPARE_OP_ALWAYS);
   gvk_CmdSetStencilReference(cmd, VK_STENCIL_FACE_FRONT_AND_BACK, 0);
   gvk_CmdSetStencilCompareMask(cmd, VK_STENCIL_FACE_FRONT_AND_BACK, 0xff);
   gvk_CmdSetStencilWriteMask(cmd, VK_STENCIL_FACE_FRONT_AND_BACK, 0xff);
   gvk_CmdSetRasterizerDiscardEnable(cmd, VK_FALSE);
   gvk_CmdSetDepthBiasEnable(cmd, VK_FALSE);
   gvk_CmdSetDepthBias(cmd, 0, 0, 0);
   gvk_CmdSetPrimitiveRestartEnable(cmd, VK_FALSE);
   gvk_CmdSetLogicOpEXT(cmd, VK_LOGIC_OP_COPY);
}

/* Starts a frame: colour cleared by the host, depth 1 and stencil 0 by
 * the render pass; the first dynamic pipeline bound with neutral state. */
static void
frame_begin(struct ctx *c, struct frame *f)
{
   memset(f, 0, sizeof(*f));
   f->c = c;
   f->cmd = c->cmd;
   memset(c->map, 0, c->pitch * SIZE);
   CHECK(gvk_ResetCommandBuffer(c->cmd, 0) == VK_SUCCESS);
   const VkCommandBufferBeginInfo bi = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO };
   CHECK(gvk_BeginCommandBuffer(c->cmd, &bi) == VK_SUCCESS);
   const VkClearValue clears[2] = { { .color = { { 0 } } }, { .depthStencil = { 1.0f, 0 } } };
   const VkRenderPassBeginInfo rpbi = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO, .renderPass = c->pass,
      .framebuffer = c->fb, .renderArea = { { 0, 0 }, { SIZE, SIZE } },
      .clearValueCount = 2, .pClearValues = clears,
   };
   gvk_CmdBeginRenderPass(c->cmd, &rpbi, VK_SUBPASS_CONTENTS_INLINE);
   gvk_CmdBindPipeline(c->cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, c->dynamic[0]);
   const VkDeviceSize zero = 0;
   gvk_CmdBindVertexBuffers(c->cmd, 0, 1, &c->vb.buffer, &zero);
   neutral_state(c->cmd);
}

/* Runs the frame and compares each pixel with the expected picture. */
static void
frame_check(struct frame *f, const char *name)
{
   struct ctx *c = f->c;
   gvk_CmdEndRenderPass(f->cmd);
   const VkMemoryBarrier mb = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_HOST_READ_BIT,
   };
   gvk_CmdPipelineBarrier(f->cmd, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                          VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
   CHECK(gvk_EndCommandBuffer(f->cmd) == VK_SUCCESS);
   const VkSubmitInfo si = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1,
      .pCommandBuffers = &f->cmd,
   };
   CHECK(gvk_QueueSubmit(c->g->queue, 1, &si, VK_NULL_HANDLE) == VK_SUCCESS);
   CHECK(gvk_QueueWaitIdle(c->g->queue) == VK_SUCCESS);
   unsigned bad = 0;
   for (uint32_t y = 0; y < SIZE; y++) {
      for (uint32_t x = 0; x < SIZE; x++) {
         if (f->want[y][x] == DONT_CARE)
            continue;
         const float *w = colors[f->want[y][x]];
         const uint8_t want[4] = { (uint8_t)(w[0] * 255), (uint8_t)(w[1] * 255),
                                   (uint8_t)(w[2] * 255), (uint8_t)(w[3] * 255) };
         const uint8_t *got = c->map + y * c->pitch + x * 4;
         if (!memcmp(got, want, 4))
            continue;
         if (bad++ < 8)
            CHECKF(false, "%s: pixel (%u, %u): got %u %u %u %u, want %u %u %u %u", name, x, y,
                   got[0], got[1], got[2], got[3], want[0], want[1], want[2], want[3]);
      }
   }
   CHECKF(!bad, "%s: %u pixels differ", name, bad);
   frames_run++;
}

/* ---- the cases ---- */

/* Four quads, left two counter-clockwise, right two clockwise: with
 * front CCW and cull BACK only the left ones are drawn (red); with cull
 * FRONT only the right ones (green); with front CW and cull BACK the
 * right ones (blue over the lower quads); FRONT_AND_BACK draws none. */
static void
test_cull(struct ctx *c)
{
   struct frame f;
   frame_begin(c, &f);
   gvk_CmdSetCullMode(f.cmd, VK_CULL_MODE_BACK_BIT);
   quad(&f, 0, 0, 8, 8, 0, true, RED, NULL, NULL);
   quad(&f, 8, 0, 16, 8, 0, false, RED, never, NULL);
   gvk_CmdSetCullMode(f.cmd, VK_CULL_MODE_FRONT_BIT);
   quad(&f, 0, 0, 8, 8, 0, true, GREEN, never, NULL);
   quad(&f, 8, 0, 16, 8, 0, false, GREEN, NULL, NULL);
   gvk_CmdSetCullMode(f.cmd, VK_CULL_MODE_BACK_BIT);
   gvk_CmdSetFrontFace(f.cmd, VK_FRONT_FACE_CLOCKWISE);
   quad(&f, 0, 8, 8, 16, 0, true, BLUE, never, NULL);
   quad(&f, 8, 8, 16, 16, 0, false, BLUE, NULL, NULL);
   gvk_CmdSetCullMode(f.cmd, VK_CULL_MODE_FRONT_AND_BACK);
   quad(&f, 0, 8, 16, 16, 0, true, YELLOW, never, NULL);
   quad(&f, 0, 8, 16, 16, 0, false, YELLOW, never, NULL);
   frame_check(&f, "cull mode / front face");
}

/* Four vertices: a strip of two triangles covers the 8x6 rectangle, a
 * list draws only the first triangle (the fourth vertex starts an
 * incomplete one).  8x6 keeps every pixel centre off the diagonal. */
static void
test_topology(struct ctx *c)
{
   struct frame f;
   frame_begin(c, &f);
   const float strip[4][3] = { { 1, 1, 0 }, { 1, 7, 0 }, { 9, 1, 0 }, { 9, 7, 0 } };
   const float list[4][3] = { { 1, 9, 0 }, { 1, 15, 0 }, { 9, 9, 0 }, { 9, 15, 0 } };
   gvk_CmdSetPrimitiveTopology(f.cmd, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP);
   set_color(&f, RED);
   gvk_CmdDraw(f.cmd, 4, 1, put_vertices(&f, strip, 4), 0);
   paint(&f, strip, RED, NULL, NULL);
   paint(&f, strip + 1, RED, NULL, NULL);
   gvk_CmdSetPrimitiveTopology(f.cmd, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST);
   set_color(&f, GREEN);
   gvk_CmdDraw(f.cmd, 4, 1, put_vertices(&f, list, 4), 0);
   paint(&f, list, GREEN, NULL, NULL);
   frame_check(&f, "primitive topology");
}

/* The depth each pixel holds (cleared to 1), kept alongside the picture. */
struct depth_oracle {
   float z[SIZE][SIZE];
   VkCompareOp op;
   float incoming;
   bool test, write;
};

static bool
depth_pass(const struct frame *f, uint32_t x, uint32_t y, const void *data)
{
   (void)f;
   struct depth_oracle *d = (struct depth_oracle *)data;
   const float stored = d->z[y][x], z = d->incoming;
   bool pass = true;
   if (d->test) {
      switch (d->op) {
      case VK_COMPARE_OP_LESS: pass = z < stored; break;
      case VK_COMPARE_OP_GREATER: pass = z > stored; break;
      case VK_COMPARE_OP_ALWAYS: pass = true; break;
      default: pass = false; break;
      }
   }
   if (pass && d->test && d->write)
      d->z[y][x] = z;
   return pass;
}

static void
depth_quad(struct frame *f, struct depth_oracle *d, float x0, float y0, float x1, float y1,
           float z, enum color color)
{
   d->incoming = z;
   gvk_CmdSetDepthTestEnable(f->cmd, d->test);
   gvk_CmdSetDepthWriteEnable(f->cmd, d->write);
   gvk_CmdSetDepthCompareOp(f->cmd, d->op);
   quad(f, x0, y0, x1, y1, z, true, color, depth_pass, d);
}

/* Depth values are exact in D32_SFLOAT: each comparison is decided. */
static void
test_depth(struct ctx *c)
{
   struct frame f;
   frame_begin(c, &f);
   struct depth_oracle d = { .test = true, .write = true, .op = VK_COMPARE_OP_ALWAYS };
   for (uint32_t y = 0; y < SIZE; y++)
      for (uint32_t x = 0; x < SIZE; x++)
         d.z[y][x] = 1.0f;
   depth_quad(&f, &d, 0, 0, 10, 10, 0.5f, RED);
   d.op = VK_COMPARE_OP_LESS;
   depth_quad(&f, &d, 6, 6, 16, 16, 0.75f, GREEN);
   d.op = VK_COMPARE_OP_GREATER;
   depth_quad(&f, &d, 0, 4, 16, 8, 0.75f, BLUE);
   /* no write at 0.125: a LESS draw at 0.25 then passes over the red */
   d.op = VK_COMPARE_OP_ALWAYS;
   d.write = false;
   depth_quad(&f, &d, 2, 0, 4, 16, 0.125f, MAGENTA);
   d.op = VK_COMPARE_OP_LESS;
   d.write = true;
   depth_quad(&f, &d, 2, 0, 4, 16, 0.25f, CYAN);
   /* the test off: drawn whatever the depth */
   d.test = false;
   depth_quad(&f, &d, 12, 0, 14, 16, 0.9f, YELLOW);
   frame_check(&f, "depth test / write / compare op");
}

/* Stencil values per pixel (cleared to 0). */
struct stencil_oracle {
   uint8_t s[SIZE][SIZE];
   bool count;                /* INCREMENT_AND_CLAMP, compare ALWAYS */
   uint8_t equal;             /* else: compare EQUAL this, KEEP */
};

static bool
stencil_pass(const struct frame *f, uint32_t x, uint32_t y, const void *data)
{
   (void)f;
   struct stencil_oracle *s = (struct stencil_oracle *)data;
   if (s->count) {
      if (s->s[y][x] < 255)
         s->s[y][x]++;
      return true;
   }
   return s->s[y][x] == s->equal;
}

static void
test_stencil(struct ctx *c)
{
   struct frame f;
   frame_begin(c, &f);
   struct stencil_oracle s = { .count = true };
   gvk_CmdSetStencilTestEnable(f.cmd, VK_TRUE);
   gvk_CmdSetStencilOp(f.cmd, VK_STENCIL_FACE_FRONT_AND_BACK, VK_STENCIL_OP_KEEP,
                       VK_STENCIL_OP_INCREMENT_AND_CLAMP, VK_STENCIL_OP_KEEP,
                       VK_COMPARE_OP_ALWAYS);
   quad(&f, 0, 0, 8, 16, 0, true, RED, stencil_pass, &s);
   quad(&f, 0, 0, 8, 16, 0, false, RED, stencil_pass, &s);   /* back face: same ops */
   quad(&f, 4, 0, 16, 8, 0, true, RED, stencil_pass, &s);
   s.count = false;
   s.equal = 2;
   gvk_CmdSetStencilOp(f.cmd, VK_STENCIL_FACE_FRONT_AND_BACK, VK_STENCIL_OP_KEEP,
                       VK_STENCIL_OP_KEEP, VK_STENCIL_OP_KEEP, VK_COMPARE_OP_EQUAL);
   gvk_CmdSetStencilReference(f.cmd, VK_STENCIL_FACE_FRONT_AND_BACK, 2);
   quad(&f, 0, 0, 16, 16, 0, true, GREEN, stencil_pass, &s);
   s.equal = 3;
   gvk_CmdSetStencilReference(f.cmd, VK_STENCIL_FACE_FRONT_AND_BACK, 3);
   quad(&f, 0, 0, 16, 16, 0, true, BLUE, stencil_pass, &s);
   /* the test off: everything drawn */
   gvk_CmdSetStencilTestEnable(f.cmd, VK_FALSE);
   quad(&f, 14, 0, 16, 16, 0, true, YELLOW, NULL, NULL);
   frame_check(&f, "stencil test / op");
}

/* A full-screen draw with rasterizer discard leaves no pixel; then a
 * quad without it is drawn. */
static void
test_discard(struct ctx *c)
{
   struct frame f;
   frame_begin(c, &f);
   gvk_CmdSetRasterizerDiscardEnable(f.cmd, VK_TRUE);
   quad(&f, 0, 0, 16, 16, 0, true, RED, never, NULL);
   gvk_CmdSetRasterizerDiscardEnable(f.cmd, VK_FALSE);
   quad(&f, 4, 4, 12, 12, 0, true, GREEN, NULL, NULL);
   frame_check(&f, "rasterizer discard");
}

/* A quad at 0.5 written, then coplanar ones with LESS: without the bias
 * (whose factors are set) it fails everywhere (the red stays in the lower
 * half); with it enabled, a constant of -65536 units (at least 2^-24 each
 * in D32_SFLOAT for depth 0.5, "Depth Bias") brings the upper half's in
 * front of the red too. */
static void
test_depth_bias(struct ctx *c)
{
   struct frame f;
   frame_begin(c, &f);
   gvk_CmdSetDepthTestEnable(f.cmd, VK_TRUE);
   gvk_CmdSetDepthWriteEnable(f.cmd, VK_TRUE);
   gvk_CmdSetDepthCompareOp(f.cmd, VK_COMPARE_OP_ALWAYS);
   quad(&f, 2, 2, 14, 14, 0.5f, true, RED, NULL, NULL);
   gvk_CmdSetDepthWriteEnable(f.cmd, VK_FALSE);
   gvk_CmdSetDepthCompareOp(f.cmd, VK_COMPARE_OP_LESS);
   gvk_CmdSetDepthBias(f.cmd, -65536.0f, 0.0f, 0.0f);
   quad(&f, 2, 2, 14, 14, 0.5f, true, GREEN, never, NULL);
   gvk_CmdSetDepthBiasEnable(f.cmd, VK_TRUE);
   quad(&f, 0, 0, 16, 8, 0.5f, true, BLUE, NULL, NULL);
   frame_check(&f, "depth bias enable");
}

/* Indices 0-3, the restart index, 4-7 of a strip.  With restart on: two
 * quads.  Off: 0xffff is vertex 65535, a copy of vertex 3, so the strip
 * runs on through (2, 3, X), (3, X, 4), (X, 4, 5), ... and (X, 4, 5)
 * bridges the quads. */
static void
restart_frame(struct ctx *c, bool restart)
{
   struct frame f;
   frame_begin(c, &f);
   const float v[8][3] = {
      { 1, 1, 0 }, { 1, 6, 0 }, { 5, 1, 0 }, { 5, 6, 0 },
      { 11, 10, 0 }, { 11, 15, 0 }, { 15, 10, 0 }, { 15, 15, 0 },
   };
   const uint32_t first = put_vertices(&f, v, 8);
   CHECK(first == 0);
   float *x = (float *)c->vb.map + 3 * 0xffff;
   memcpy(x, (float *)c->vb.map + 3 * 3, 12);
   const uint16_t indices[9] = { 0, 1, 2, 3, 0xffff, 4, 5, 6, 7 };
   memcpy(c->ib.map, indices, sizeof(indices));
   gvk_CmdBindIndexBuffer(f.cmd, c->ib.buffer, 0, VK_INDEX_TYPE_UINT16);
   gvk_CmdSetPrimitiveTopology(f.cmd, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP);
   gvk_CmdSetPrimitiveRestartEnable(f.cmd, restart);
   set_color(&f, RED);
   gvk_CmdDrawIndexed(f.cmd, 9, 1, 0, 0, 0);
   /* the spec's strips: triangle i of a run is its vertices i..i+2 */
   uint32_t run[9], n = 0;
   for (uint32_t i = 0; i <= 9; i++) {
      if (i == 9 || (restart && indices[i] == 0xffff)) {
         for (uint32_t t = 0; t + 2 < n; t++) {
            float tri[3][3];
            for (unsigned k = 0; k < 3; k++) {
               const uint32_t idx = run[t + k] == 0xffff ? 3 : run[t + k];
               memcpy(tri[k], v[idx], sizeof(tri[k]));
            }
            paint(&f, tri, RED, NULL, NULL);
         }
         n = 0;
         continue;
      }
      run[n++] = indices[i];
   }
   frame_check(&f, restart ? "primitive restart on" : "primitive restart off");
}

/* A half-size viewport at (8, 0) maps the full-screen quad to its
 * square; a scissor with count then cuts it. */
static bool
viewport_pass(const struct frame *f, uint32_t x, uint32_t y, const void *data)
{
   (void)f, (void)data;
   return x >= 10 && y >= 2 && y < 8;
}

static void
test_viewport_scissor(struct ctx *c)
{
   struct frame f;
   frame_begin(c, &f);
   const VkViewport vp = { 8, 0, 8, 8, 0, 1 };
   const VkRect2D sc = { { 10, 2 }, { 16, 16 } };
   gvk_CmdSetViewportWithCount(f.cmd, 1, &vp);
   gvk_CmdSetScissorWithCount(f.cmd, 1, &sc);
   quad(&f, 0, 0, 16, 16, 0, true, GREEN, viewport_pass, NULL);
   frame_check(&f, "viewport / scissor with count");
}

/* Cull mode FRONT_AND_BACK set before binding the fixed pipeline (cull
 * BACK, front CCW, static): the pipeline's value replaces it, so the CCW
 * quad is drawn.  Then cull FRONT set with a dynamic pipeline bound
 * stays through the bind of the other dynamic pipeline: only the CW quad
 * of the last pair is drawn. */
static void
test_bind_rules(struct ctx *c)
{
   struct frame f;
   frame_begin(c, &f);
   const VkViewport vp = { 0, 0, SIZE, SIZE, 0, 1 };
   const VkRect2D sc = { { 0, 0 }, { SIZE, SIZE } };
   gvk_CmdSetCullMode(f.cmd, VK_CULL_MODE_FRONT_AND_BACK);
   gvk_CmdBindPipeline(f.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, c->fixed);
   gvk_CmdSetViewport(f.cmd, 0, 1, &vp);
   gvk_CmdSetScissor(f.cmd, 0, 1, &sc);
   quad(&f, 0, 0, 8, 8, 0, true, RED, NULL, NULL);
   quad(&f, 8, 0, 16, 8, 0, false, RED, never, NULL);
   gvk_CmdBindPipeline(f.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, c->dynamic[0]);
   neutral_state(f.cmd);
   gvk_CmdSetCullMode(f.cmd, VK_CULL_MODE_FRONT_BIT);
   gvk_CmdBindPipeline(f.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, c->dynamic[1]);
   quad(&f, 0, 8, 8, 16, 0, true, GREEN, never, NULL);
   quad(&f, 8, 8, 16, 16, 0, false, GREEN, NULL, NULL);
   frame_check(&f, "bind rules");
}

/* ---- reporting ---- */

static const struct { const char *ext, *core; } aliases[] = {
   { "vkCmdSetCullModeEXT", "vkCmdSetCullMode" },
   { "vkCmdSetFrontFaceEXT", "vkCmdSetFrontFace" },
   { "vkCmdSetPrimitiveTopologyEXT", "vkCmdSetPrimitiveTopology" },
   { "vkCmdSetViewportWithCountEXT", "vkCmdSetViewportWithCount" },
   { "vkCmdSetScissorWithCountEXT", "vkCmdSetScissorWithCount" },
   { "vkCmdBindVertexBuffers2EXT", "vkCmdBindVertexBuffers2" },
   { "vkCmdSetDepthTestEnableEXT", "vkCmdSetDepthTestEnable" },
   { "vkCmdSetDepthWriteEnableEXT", "vkCmdSetDepthWriteEnable" },
   { "vkCmdSetDepthCompareOpEXT", "vkCmdSetDepthCompareOp" },
   { "vkCmdSetDepthBoundsTestEnableEXT", "vkCmdSetDepthBoundsTestEnable" },
   { "vkCmdSetStencilTestEnableEXT", "vkCmdSetStencilTestEnable" },
   { "vkCmdSetStencilOpEXT", "vkCmdSetStencilOp" },
   { "vkCmdSetRasterizerDiscardEnableEXT", "vkCmdSetRasterizerDiscardEnable" },
   { "vkCmdSetDepthBiasEnableEXT", "vkCmdSetDepthBiasEnable" },
   { "vkCmdSetPrimitiveRestartEnableEXT", "vkCmdSetPrimitiveRestartEnable" },
};

/* A device with both extensions and their features enabled: each EXT
 * command is the driver's function of the core name. */
static void
test_aliases(const struct gvk_test_gpu *g)
{
   VkPhysicalDeviceExtendedDynamicState2FeaturesEXT eds2 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_2_FEATURES_EXT,
      .extendedDynamicState2 = VK_TRUE,
   };
   VkPhysicalDeviceExtendedDynamicStateFeaturesEXT eds = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_FEATURES_EXT,
      .pNext = &eds2, .extendedDynamicState = VK_TRUE,
   };
   const char *exts[2] = { VK_EXT_EXTENDED_DYNAMIC_STATE_EXTENSION_NAME,
                           VK_EXT_EXTENDED_DYNAMIC_STATE_2_EXTENSION_NAME };
   const float priority = 1.0f;
   const VkDeviceQueueCreateInfo qci = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
      .queueCount = 1, .pQueuePriorities = &priority,
   };
   const VkDeviceCreateInfo dci = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .pNext = &eds,
      .queueCreateInfoCount = 1, .pQueueCreateInfos = &qci,
      .enabledExtensionCount = 2, .ppEnabledExtensionNames = exts,
   };
   VkDevice device = VK_NULL_HANDLE;
   REQUIRE(gvk_CreateDevice(g->pdev, &dci, NULL, &device) == VK_SUCCESS);
   for (unsigned i = 0; i < ARRAY_SIZE(aliases); i++) {
      const PFN_vkVoidFunction ext = gvk_GetDeviceProcAddr(device, aliases[i].ext);
      const PFN_vkVoidFunction core = gvk_GetDeviceProcAddr(device, aliases[i].core);
      CHECKF(ext && (!core || ext == core), "%s: %p, %s: %p", aliases[i].ext, (void *)ext,
             aliases[i].core, (void *)core);
   }
   CHECK(gvk_GetDeviceProcAddr(device, "vkCmdSetCullModeEXT") ==
         (PFN_vkVoidFunction)gvk_CmdSetCullMode);
   gvk_DestroyDevice(device, NULL);
}

static void
test_reporting(const struct gvk_test_gpu *g, bool draws)
{
   const bool eds = gvk_test_has_extension(g->pdev, VK_EXT_EXTENDED_DYNAMIC_STATE_EXTENSION_NAME);
   const bool eds2 = gvk_test_has_extension(g->pdev, VK_EXT_EXTENDED_DYNAMIC_STATE_2_EXTENSION_NAME);
   CHECK(eds == draws && eds2 == draws);
   VkPhysicalDeviceExtendedDynamicState2FeaturesEXT f2 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_2_FEATURES_EXT,
      .extendedDynamicState2LogicOp = VK_TRUE,
      .extendedDynamicState2PatchControlPoints = VK_TRUE,
   };
   VkPhysicalDeviceExtendedDynamicStateFeaturesEXT f1 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_FEATURES_EXT,
      .pNext = &f2,
   };
   VkPhysicalDeviceFeatures2 f = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &f1 };
   gvk_GetPhysicalDeviceFeatures2(g->pdev, &f);
   CHECK(f.pNext == &f1 && f1.pNext == &f2 && f2.pNext == NULL);
   CHECK(f1.extendedDynamicState == eds);
   CHECK(f2.extendedDynamicState2 == eds2);
   CHECK(f2.extendedDynamicState2LogicOp == eds2);
   CHECK(!f2.extendedDynamicState2PatchControlPoints);
   if (draws)
      test_aliases(g);
}

/* With logic ops enabled (UNORM: on the stored bits, "Logical
 * Operations"): red with COPY, green XOR over the upper half gives
 * (255, 255, 0, 0), blue COPY over the lower quarter replaces it.  The
 * logic op is kept across the bind of the other pipeline and back. */
static void
test_logic_op(struct ctx *c)
{
   struct frame f;
   frame_begin(c, &f);
   gvk_CmdBindPipeline(f.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, c->logic);
   quad(&f, 0, 0, 16, 16, 0, true, RED, NULL, NULL);
   gvk_CmdSetLogicOpEXT(f.cmd, VK_LOGIC_OP_XOR);
   quad(&f, 0, 0, 16, 8, 0, true, GREEN, never, NULL);
   for (uint32_t y = 0; y < 8; y++)
      for (uint32_t x = 0; x < SIZE; x++)
         f.want[y][x] = RED_XOR_GREEN;
   gvk_CmdSetLogicOpEXT(f.cmd, VK_LOGIC_OP_COPY);
   gvk_CmdBindPipeline(f.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, c->dynamic[0]);
   gvk_CmdBindPipeline(f.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, c->logic);
   quad(&f, 0, 12, 16, 16, 0, true, BLUE, NULL, NULL);
   frame_check(&f, "logic op");
}

static void
run(const struct gvk_test_gpu *g)
{
   const struct gvk_physical_device *pdev = gvk_physical_device_from_handle(g->pdev);
   printf("device: %s\n", pdev->info.name);
   test_reporting(g, pdev->info.verx10 >= 80);
   if (pdev->info.verx10 < 80) {
      printf("SKIP: no graphics pipelines before Gen8\n");
      return;
   }
   struct ctx c = { .g = g };
   const VkResult r = setup(&c);
   if (r != VK_SUCCESS) {
      CHECKF(false, "setting up the targets and pipelines: %d (the driver's log says why)", r);
   } else {
      test_cull(&c);
      test_topology(&c);
      test_depth(&c);
      test_stencil(&c);
      test_discard(&c);
      test_depth_bias(&c);
      restart_frame(&c, true);
      restart_frame(&c, false);
      test_viewport_scissor(&c);
      test_bind_rules(&c);
      test_logic_op(&c);
   }
   teardown(&c);
}

int
main(void)
{
   struct gvk_test_gpu g;
   int status = gvk_test_open(&g, gvk_GetInstanceProcAddr, NULL);
   if (status)
      return status;
   run(&g);
   gvk_test_destroy(&g, NULL, NULL);
   if (!frames_run && !gvk_test_failures) {
      printf("SKIP: no frame ran (see the SKIP line)\n");
      return GVK_TEST_SKIP;
   }
   return gvk_test_result("dynamic state: all checks passed");
}

/* Throughput of a driver's 3D pipeline on two workloads, through whatever
 * driver the loader picks (scripts/bench-3d runs it on vgpu and lavapipe):
 *
 *   bench_draw VERT.spv FRAG.spv fullscreen|small [--size N] [--layers N]
 *              [--cell N] [--out FILE]
 *
 * One render pass on an NxN R8G8B8A8_UNORM target (default 512), additive
 * blending (ONE, ONE) of bench_draw.vert's flat colours, one instanced
 * draw from a vertex buffer of positions:
 *   fullscreen  two triangles covering the target, --layers instances
 *               (default 32): every pixel is shaded and blended once per
 *               instance;
 *   small       the target cut into --cell x --cell pixel squares (default
 *               4), two triangles each, --layers instances (default 12):
 *               512 / 4 = 128 squares a side make 32768 triangles of 8
 *               pixels an instance, 393216 in all.
 * Squares start on pixel edges and pixel centres never lie on them, so the
 * triangles cover every pixel exactly once an instance whatever the
 * rasterizer's tie rule: pixels written = N * N * layers, vertex shader
 * invocations = vertices drawn (no index buffer, so no vertex reuse).
 *
 * Prints `triangles T`, `vertices V`, `pixels P` (from the geometry) and
 * `draw_seconds S` (vkQueueSubmit to vkQueueWaitIdle); with --out, writes
 * the target's rows, tightly packed, top row first.  The colour target is
 * a linear image in host-visible memory, mapped after the pass (reading
 * back through a copy would need vgpu's sampler). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <vulkan/vulkan.h>

#include "util_file.h"
#include "vk_program.h"

#define FORMAT VK_FORMAT_R8G8B8A8_UNORM
#define MAX_SIZE 4096

struct options {
   const char *vert, *frag, *out;
   int small;
   uint32_t size, layers, cell;
};

struct bench {
   struct vk_program_device vk;
   VkImage image;
   VkDeviceMemory image_memory;
   VkImageView view;
   VkBuffer vertices;
   VkDeviceMemory vertex_memory;
   uint32_t vertex_count;
   VkRenderPass pass;
   VkFramebuffer framebuffer;
   VkPipelineLayout layout;
   VkPipeline pipeline;
   VkCommandPool cmd_pool;
   VkCommandBuffer cmd;
};

static double
now(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void
usage(void)
{
   fprintf(stderr, "usage: bench_draw VERT.spv FRAG.spv fullscreen|small [--size N] "
                   "[--layers N] [--cell N] [--out FILE]\n");
   exit(2);
}

static uint32_t
number(const char *s, uint32_t max)
{
   char *end;
   unsigned long v = strtoul(s, &end, 0);
   if (*end || v == 0 || v > max)
      usage();
   return (uint32_t)v;
}

static struct options
parse(int argc, char **argv)
{
   if (argc < 4)
      usage();
   struct options o = { .vert = argv[1], .frag = argv[2], .size = 512, .cell = 4 };
   if (strcmp(argv[3], "small") == 0)
      o.small = 1;
   else if (strcmp(argv[3], "fullscreen") != 0)
      usage();
   o.layers = o.small ? 12 : 32;
   for (int i = 4; i < argc; i += 2) {
      if (i + 1 >= argc)
         usage();
      if (strcmp(argv[i], "--size") == 0)
         o.size = number(argv[i + 1], MAX_SIZE);
      else if (strcmp(argv[i], "--layers") == 0)
         o.layers = number(argv[i + 1], 1u << 16);
      else if (strcmp(argv[i], "--cell") == 0)
         o.cell = number(argv[i + 1], MAX_SIZE);
      else if (strcmp(argv[i], "--out") == 0)
         o.out = argv[i + 1];
      else
         usage();
   }
   if (o.size % o.cell) {
      fprintf(stderr, "bench_draw: --cell must divide --size\n");
      exit(2);
   }
   return o;
}

static void
open_device(struct bench *b)
{
   vk_program_open_device("bench_draw", VK_QUEUE_GRAPHICS_BIT, &b->vk);
}

static VkDeviceMemory
allocate(struct bench *b, VkMemoryRequirements req)
{
   VkMemoryAllocateInfo mai = { .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                .allocationSize = req.size,
                                .memoryTypeIndex = vk_program_memory_type(
                                   b->vk.pd, req.memoryTypeBits,
                                   VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                   VK_MEMORY_PROPERTY_HOST_COHERENT_BIT) };
   VkDeviceMemory memory;
   VK(vkAllocateMemory(b->vk.dev, &mai, NULL, &memory));
   return memory;
}

/* A linear target, so that the host reads it without a copy. */
static void
create_target(struct bench *b, uint32_t size)
{
   VkFormatProperties fp;
   vkGetPhysicalDeviceFormatProperties(b->vk.pd, FORMAT, &fp);
   if (!(fp.linearTilingFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT)) {
      fprintf(stderr, "bench_draw: no blending into a linear R8G8B8A8_UNORM image\n");
      exit(1);
   }
   VkImageCreateInfo ici = { .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                             .imageType = VK_IMAGE_TYPE_2D, .format = FORMAT,
                             .extent = { size, size, 1 }, .mipLevels = 1, .arrayLayers = 1,
                             .samples = VK_SAMPLE_COUNT_1_BIT,
                             .tiling = VK_IMAGE_TILING_LINEAR,
                             .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT,
                             .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED };
   VK(vkCreateImage(b->vk.dev, &ici, NULL, &b->image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(b->vk.dev, b->image, &req);
   b->image_memory = allocate(b, req);
   VK(vkBindImageMemory(b->vk.dev, b->image, b->image_memory, 0));
   VkImageViewCreateInfo vci = { .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                 .image = b->image, .viewType = VK_IMAGE_VIEW_TYPE_2D,
                                 .format = FORMAT,
                                 .subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 } };
   VK(vkCreateImageView(b->vk.dev, &vci, NULL, &b->view));
}

static float
ndc(uint32_t pixel, uint32_t size)
{
   return (float)pixel * 2.0f / (float)size - 1.0f;
}

/* Two triangles per cell x cell square, (x0,y0) (x1,y0) (x0,y1) and
 * (x1,y0) (x1,y1) (x0,y1): both of one winding (no culling anyway). */
static void
fill_squares(float *v, uint32_t size, uint32_t cell)
{
   for (uint32_t y = 0; y < size; y += cell) {
      for (uint32_t x = 0; x < size; x += cell) {
         float x0 = ndc(x, size), x1 = ndc(x + cell, size);
         float y0 = ndc(y, size), y1 = ndc(y + cell, size);
         const float square[12] = { x0, y0, x1, y0, x0, y1, x1, y0, x1, y1, x0, y1 };
         memcpy(v, square, sizeof(square));
         v += 12;
      }
   }
}

static void
create_vertices(struct bench *b, const struct options *o)
{
   uint32_t cell = o->small ? o->cell : o->size;
   uint32_t squares = (o->size / cell) * (o->size / cell);
   b->vertex_count = squares * 6;
   VkBufferCreateInfo bci = { .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                              .size = (VkDeviceSize)b->vertex_count * 2 * sizeof(float),
                              .usage = VK_BUFFER_USAGE_VERTEX_BUFFER_BIT };
   VK(vkCreateBuffer(b->vk.dev, &bci, NULL, &b->vertices));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(b->vk.dev, b->vertices, &req);
   b->vertex_memory = allocate(b, req);
   VK(vkBindBufferMemory(b->vk.dev, b->vertices, b->vertex_memory, 0));
   void *map;
   VK(vkMapMemory(b->vk.dev, b->vertex_memory, 0, VK_WHOLE_SIZE, 0, &map));
   fill_squares(map, o->size, cell);
   vkUnmapMemory(b->vk.dev, b->vertex_memory);
}

static void
create_pass(struct bench *b, uint32_t size)
{
   VkAttachmentDescription att = {
      .format = FORMAT, .samples = VK_SAMPLE_COUNT_1_BIT,
      .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
      .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
      .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED, .finalLayout = VK_IMAGE_LAYOUT_GENERAL };
   VkAttachmentReference ref = { 0, VK_IMAGE_LAYOUT_GENERAL };
   VkSubpassDescription sub = { .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
                                .colorAttachmentCount = 1, .pColorAttachments = &ref };
   /* The pass's writes made visible to the host's reads of the mapping. */
   VkSubpassDependency dep = {
      .srcSubpass = 0, .dstSubpass = VK_SUBPASS_EXTERNAL,
      .srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
      .dstStageMask = VK_PIPELINE_STAGE_HOST_BIT,
      .srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_HOST_READ_BIT };
   VkRenderPassCreateInfo rpci = { .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
                                   .attachmentCount = 1, .pAttachments = &att,
                                   .subpassCount = 1, .pSubpasses = &sub,
                                   .dependencyCount = 1, .pDependencies = &dep };
   VK(vkCreateRenderPass(b->vk.dev, &rpci, NULL, &b->pass));
   VkFramebufferCreateInfo fci = { .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                   .renderPass = b->pass, .attachmentCount = 1,
                                   .pAttachments = &b->view, .width = size, .height = size,
                                   .layers = 1 };
   VK(vkCreateFramebuffer(b->vk.dev, &fci, NULL, &b->framebuffer));
}

static VkShaderModule
load_module(struct bench *b, const char *path)
{
   size_t size;
   uint32_t *words = util_read_file(path, &size);
   if (!words) {
      fprintf(stderr, "bench_draw: cannot read %s\n", path);
      exit(1);
   }
   VkShaderModuleCreateInfo smci = { .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                     .codeSize = size, .pCode = words };
   VkShaderModule module;
   VK(vkCreateShaderModule(b->vk.dev, &smci, NULL, &module));
   free(words);
   return module;
}

static void
create_pipeline(struct bench *b, const struct options *o)
{
   VkPipelineLayoutCreateInfo plci = { .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO };
   VK(vkCreatePipelineLayout(b->vk.dev, &plci, NULL, &b->layout));
   VkShaderModule vs = load_module(b, o->vert), fs = load_module(b, o->frag);
   VkPipelineShaderStageCreateInfo stages[2] = {
      { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
        .stage = VK_SHADER_STAGE_VERTEX_BIT, .module = vs, .pName = "main" },
      { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
        .stage = VK_SHADER_STAGE_FRAGMENT_BIT, .module = fs, .pName = "main" } };
   VkVertexInputBindingDescription binding = { 0, 2 * sizeof(float),
                                               VK_VERTEX_INPUT_RATE_VERTEX };
   VkVertexInputAttributeDescription attribute = { 0, 0, VK_FORMAT_R32G32_SFLOAT, 0 };
   VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
      .vertexBindingDescriptionCount = 1, .pVertexBindingDescriptions = &binding,
      .vertexAttributeDescriptionCount = 1, .pVertexAttributeDescriptions = &attribute };
   VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST };
   VkViewport viewport = { 0, 0, (float)o->size, (float)o->size, 0, 1 };
   VkRect2D scissor = { { 0, 0 }, { o->size, o->size } };
   VkPipelineViewportStateCreateInfo vp = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
      .viewportCount = 1, .pViewports = &viewport, .scissorCount = 1, .pScissors = &scissor };
   VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .polygonMode = VK_POLYGON_MODE_FILL, .cullMode = VK_CULL_MODE_NONE,
      .frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE, .lineWidth = 1 };
   VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT };
   VkPipelineColorBlendAttachmentState blend = {
      .blendEnable = VK_TRUE,
      .srcColorBlendFactor = VK_BLEND_FACTOR_ONE, .dstColorBlendFactor = VK_BLEND_FACTOR_ONE,
      .colorBlendOp = VK_BLEND_OP_ADD,
      .srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE, .dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE,
      .alphaBlendOp = VK_BLEND_OP_ADD, .colorWriteMask = 0xf };
   VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = 1, .pAttachments = &blend };
   VkGraphicsPipelineCreateInfo gpci = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
      .stageCount = 2, .pStages = stages, .pVertexInputState = &vi,
      .pInputAssemblyState = &ia, .pViewportState = &vp, .pRasterizationState = &rs,
      .pMultisampleState = &ms, .pColorBlendState = &cb, .layout = b->layout,
      .renderPass = b->pass };
   VK(vkCreateGraphicsPipelines(b->vk.dev, VK_NULL_HANDLE, 1, &gpci, NULL, &b->pipeline));
   vkDestroyShaderModule(b->vk.dev, vs, NULL);
   vkDestroyShaderModule(b->vk.dev, fs, NULL);
}

static void
record(struct bench *b, const struct options *o)
{
   VkCommandPoolCreateInfo cpci = { .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                    .queueFamilyIndex = b->vk.family };
   VK(vkCreateCommandPool(b->vk.dev, &cpci, NULL, &b->cmd_pool));
   VkCommandBufferAllocateInfo cbai = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                        .commandPool = b->cmd_pool,
                                        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                        .commandBufferCount = 1 };
   VK(vkAllocateCommandBuffers(b->vk.dev, &cbai, &b->cmd));
   VkCommandBufferBeginInfo bi = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                   .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT };
   VK(vkBeginCommandBuffer(b->cmd, &bi));
   VkClearValue clear = { .color = { .float32 = { 0, 0, 0, 0 } } };
   VkRenderPassBeginInfo rpbi = { .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                  .renderPass = b->pass, .framebuffer = b->framebuffer,
                                  .renderArea = { { 0, 0 }, { o->size, o->size } },
                                  .clearValueCount = 1, .pClearValues = &clear };
   vkCmdBeginRenderPass(b->cmd, &rpbi, VK_SUBPASS_CONTENTS_INLINE);
   vkCmdBindPipeline(b->cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, b->pipeline);
   VkDeviceSize offset = 0;
   vkCmdBindVertexBuffers(b->cmd, 0, 1, &b->vertices, &offset);
   vkCmdDraw(b->cmd, b->vertex_count, o->layers, 0, 0);
   vkCmdEndRenderPass(b->cmd);
   VK(vkEndCommandBuffer(b->cmd));
}

static double
submit(struct bench *b)
{
   VkSubmitInfo si = { .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                       .commandBufferCount = 1, .pCommandBuffers = &b->cmd };
   double start = now();
   VK(vkQueueSubmit(b->vk.queue, 1, &si, VK_NULL_HANDLE));
   VK(vkQueueWaitIdle(b->vk.queue));
   return now() - start;
}

static void
write_target(struct bench *b, uint32_t size, const char *path)
{
   VkImageSubresource sub = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0 };
   VkSubresourceLayout layout;
   vkGetImageSubresourceLayout(b->vk.dev, b->image, &sub, &layout);
   const unsigned char *map;
   VK(vkMapMemory(b->vk.dev, b->image_memory, 0, VK_WHOLE_SIZE, 0, (void **)&map));
   FILE *f = fopen(path, "wb");
   if (!f) {
      fprintf(stderr, "bench_draw: cannot write %s\n", path);
      exit(1);
   }
   for (uint32_t y = 0; y < size; y++) {
      if (fwrite(map + layout.offset + y * layout.rowPitch, 4, size, f) != size) {
         fprintf(stderr, "bench_draw: cannot write %s\n", path);
         exit(1);
      }
   }
   fclose(f);
   vkUnmapMemory(b->vk.dev, b->image_memory);
}

static void
destroy(struct bench *b)
{
   vkDestroyCommandPool(b->vk.dev, b->cmd_pool, NULL);
   vkDestroyPipeline(b->vk.dev, b->pipeline, NULL);
   vkDestroyPipelineLayout(b->vk.dev, b->layout, NULL);
   vkDestroyFramebuffer(b->vk.dev, b->framebuffer, NULL);
   vkDestroyRenderPass(b->vk.dev, b->pass, NULL);
   vkDestroyBuffer(b->vk.dev, b->vertices, NULL);
   vkFreeMemory(b->vk.dev, b->vertex_memory, NULL);
   vkDestroyImageView(b->vk.dev, b->view, NULL);
   vkDestroyImage(b->vk.dev, b->image, NULL);
   vkFreeMemory(b->vk.dev, b->image_memory, NULL);
   vkDestroyDevice(b->vk.dev, NULL);
   vkDestroyInstance(b->vk.inst, NULL);
}

int
main(int argc, char **argv)
{
   struct options o = parse(argc, argv);
   struct bench b = { 0 };
   open_device(&b);
   create_target(&b, o.size);
   create_vertices(&b, &o);
   create_pass(&b, o.size);
   create_pipeline(&b, &o);
   record(&b, &o);
   double seconds = submit(&b);
   uint64_t vertices = (uint64_t)b.vertex_count * o.layers;
   printf("triangles %llu\n", (unsigned long long)(vertices / 3));
   printf("vertices %llu\n", (unsigned long long)vertices);
   printf("pixels %llu\n", (unsigned long long)o.size * o.size * o.layers);
   printf("draw_seconds %.6f\n", seconds);
   if (o.out)
      write_target(&b, o.size, o.out);
   destroy(&b);
   return 0;
}

/* A graphics test program: one render pass with indexed + instanced,
 * non-indexed and indirect draws of a pipeline whose vertex shader reads
 * vertex attributes, gl_VertexIndex/gl_InstanceIndex, gl_BaseVertex,
 * gl_BaseInstance, gl_DrawID and push constants (in two stages), then a copy
 * of the image to a buffer.  Success is decided from the Vulkan return
 * codes; pixels are compared against lavapipe by the cross-check tests. */
#include <stdbool.h>
#include <string.h>

#include "vk_program.h"
/* After vk_program.h: the generated SPIR-V arrays need <stdint.h>. */
#include "draw_params_vert.spv.h"
#include "draw_params_frag.spv.h"

#define WIDTH 64
#define HEIGHT 64

struct context {
   VkPhysicalDevice pd;
   VkDevice dev;
   VkQueue queue;
   uint32_t queue_family;
   bool multi_draw_indirect;
   bool indirect_first_instance;
};

struct buffer {
   VkBuffer buf;
   VkDeviceMemory mem;
   void *map;
};

static VkDeviceMemory
allocate(const struct context *c, VkMemoryRequirements req, VkMemoryPropertyFlags want)
{
   VkDeviceMemory mem;
   VK(vkAllocateMemory(c->dev, &(VkMemoryAllocateInfo){
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
      .memoryTypeIndex = vk_program_memory_type(c->pd, req.memoryTypeBits, want),
   }, NULL, &mem));
   return mem;
}

static struct buffer
create_buffer(const struct context *c, VkDeviceSize size, VkBufferUsageFlags usage,
              const void *data)
{
   struct buffer b;
   VK(vkCreateBuffer(c->dev, &(VkBufferCreateInfo){
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = size, .usage = usage,
   }, NULL, &b.buf));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(c->dev, b.buf, &req);
   b.mem = allocate(c, req, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                            VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
   VK(vkBindBufferMemory(c->dev, b.buf, b.mem, 0));
   VK(vkMapMemory(c->dev, b.mem, 0, VK_WHOLE_SIZE, 0, &b.map));
   if (data)
      memcpy(b.map, data, size);
   return b;
}

static void
destroy_buffer(const struct context *c, struct buffer *b)
{
   vkUnmapMemory(c->dev, b->mem);
   vkDestroyBuffer(c->dev, b->buf, NULL);
   vkFreeMemory(c->dev, b->mem, NULL);
}

static void
create_device(VkInstance instance, struct context *c)
{
   uint32_t count = 1;
   VkResult r = vkEnumeratePhysicalDevices(instance, &count, &c->pd);
   if ((r != VK_SUCCESS && r != VK_INCOMPLETE) || count == 0) {
      fprintf(stderr, "no physical device\n");
      exit(1);
   }
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(c->pd, &props);
   printf("device: %s\n", props.deviceName);
   if (props.apiVersion < VK_API_VERSION_1_1) {
      printf("SKIP: the device does not support Vulkan 1.1 (draw parameters)\n");
      exit(77);
   }

   VkPhysicalDeviceShaderDrawParametersFeatures dp = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DRAW_PARAMETERS_FEATURES,
   };
   VkPhysicalDeviceFeatures2 f2 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &dp,
   };
   vkGetPhysicalDeviceFeatures2(c->pd, &f2);
   if (!dp.shaderDrawParameters) {
      printf("SKIP: shaderDrawParameters is not supported\n");
      exit(77);
   }
   c->multi_draw_indirect = f2.features.multiDrawIndirect;
   c->indirect_first_instance = f2.features.drawIndirectFirstInstance;

   uint32_t qf_count = 0;
   vkGetPhysicalDeviceQueueFamilyProperties(c->pd, &qf_count, NULL);
   VkQueueFamilyProperties qfs[16];
   qf_count = qf_count > 16 ? 16 : qf_count;
   vkGetPhysicalDeviceQueueFamilyProperties(c->pd, &qf_count, qfs);
   for (c->queue_family = 0; c->queue_family < qf_count; c->queue_family++) {
      if (qfs[c->queue_family].queueFlags & VK_QUEUE_GRAPHICS_BIT)
         break;
   }
   if (c->queue_family == qf_count) {
      fprintf(stderr, "no graphics queue\n");
      exit(1);
   }

   VkPhysicalDeviceShaderDrawParametersFeatures want_dp = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DRAW_PARAMETERS_FEATURES,
      .shaderDrawParameters = VK_TRUE,
   };
   VkPhysicalDeviceFeatures want = {
      .multiDrawIndirect = c->multi_draw_indirect,
      .drawIndirectFirstInstance = c->indirect_first_instance,
   };
   float prio = 1.0f;
   VK(vkCreateDevice(c->pd, &(VkDeviceCreateInfo){
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .pNext = &want_dp,
      .queueCreateInfoCount = 1,
      .pQueueCreateInfos = &(VkDeviceQueueCreateInfo){
         .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
         .queueFamilyIndex = c->queue_family, .queueCount = 1, .pQueuePriorities = &prio },
      .pEnabledFeatures = &want,
   }, NULL, &c->dev));
   vkGetDeviceQueue(c->dev, c->queue_family, 0, &c->queue);
}

static VkRenderPass
create_render_pass(const struct context *c)
{
   VkRenderPass rp;
   VK(vkCreateRenderPass(c->dev, &(VkRenderPassCreateInfo){
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
      .attachmentCount = 1,
      .pAttachments = &(VkAttachmentDescription){
         .format = VK_FORMAT_R8G8B8A8_UNORM, .samples = VK_SAMPLE_COUNT_1_BIT,
         .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
         .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
         .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
         .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
         .finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL },
      .subpassCount = 1,
      .pSubpasses = &(VkSubpassDescription){
         .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
         .colorAttachmentCount = 1,
         .pColorAttachments = &(VkAttachmentReference){
            0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL } },
      /* The copy after the pass reads what the pass wrote. */
      .dependencyCount = 1,
      .pDependencies = &(VkSubpassDependency){
         .srcSubpass = 0, .dstSubpass = VK_SUBPASS_EXTERNAL,
         .srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
         .dstStageMask = VK_PIPELINE_STAGE_TRANSFER_BIT,
         .srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
         .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT },
   }, NULL, &rp));
   return rp;
}

static VkShaderModule
shader(const struct context *c, const uint32_t *code, size_t size)
{
   VkShaderModule m;
   VK(vkCreateShaderModule(c->dev, &(VkShaderModuleCreateInfo){
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, .codeSize = size, .pCode = code,
   }, NULL, &m));
   return m;
}

static VkPipeline
create_pipeline(const struct context *c, VkRenderPass rp, VkPipelineLayout layout,
                VkShaderModule vs, VkShaderModule fs)
{
   const VkPipelineShaderStageCreateInfo stages[2] = {
      { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
        .stage = VK_SHADER_STAGE_VERTEX_BIT, .module = vs, .pName = "main" },
      { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
        .stage = VK_SHADER_STAGE_FRAGMENT_BIT, .module = fs, .pName = "main" },
   };
   const VkVertexInputAttributeDescription attrs[2] = {
      { .location = 0, .binding = 0, .format = VK_FORMAT_R32G32_SFLOAT, .offset = 0 },
      { .location = 1, .binding = 0, .format = VK_FORMAT_R32G32B32A32_SFLOAT, .offset = 8 },
   };
   VkPipeline pipeline;
   VK(vkCreateGraphicsPipelines(c->dev, VK_NULL_HANDLE, 1, &(VkGraphicsPipelineCreateInfo){
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
      .stageCount = 2, .pStages = stages,
      .pVertexInputState = &(VkPipelineVertexInputStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
         .vertexBindingDescriptionCount = 1,
         .pVertexBindingDescriptions = &(VkVertexInputBindingDescription){
            0, 24, VK_VERTEX_INPUT_RATE_VERTEX },
         .vertexAttributeDescriptionCount = 2, .pVertexAttributeDescriptions = attrs },
      .pInputAssemblyState = &(VkPipelineInputAssemblyStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
         .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST },
      .pViewportState = &(VkPipelineViewportStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
         .viewportCount = 1,
         .pViewports = &(VkViewport){ 0, 0, WIDTH, HEIGHT, 0, 1 },
         .scissorCount = 1,
         .pScissors = &(VkRect2D){ { 0, 0 }, { WIDTH, HEIGHT } } },
      .pRasterizationState = &(VkPipelineRasterizationStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
         .polygonMode = VK_POLYGON_MODE_FILL, .cullMode = VK_CULL_MODE_NONE,
         .frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE, .lineWidth = 1.0f },
      .pMultisampleState = &(VkPipelineMultisampleStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
         .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT },
      .pColorBlendState = &(VkPipelineColorBlendStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
         .attachmentCount = 1,
         .pAttachments = &(VkPipelineColorBlendAttachmentState){
            .colorWriteMask = 0xf } },
      .layout = layout, .renderPass = rp,
   }, NULL, &pipeline));
   return pipeline;
}

struct push { float offset[4]; float tint[4]; };

static void
record(const struct context *c, VkCommandBuffer cmd, VkRenderPass rp, VkFramebuffer fb,
       VkPipeline pipeline, VkPipelineLayout layout, VkImage image,
       const struct buffer *vb, const struct buffer *ib, const struct buffer *indirect,
       const struct buffer *readback)
{
   VK(vkBeginCommandBuffer(cmd, &(VkCommandBufferBeginInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT }));
   vkCmdBeginRenderPass(cmd, &(VkRenderPassBeginInfo){
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO, .renderPass = rp,
      .framebuffer = fb, .renderArea = { { 0, 0 }, { WIDTH, HEIGHT } },
      .clearValueCount = 1,
      .pClearValues = &(VkClearValue){ .color = { .float32 = { 0, 0, 0.2f, 1 } } },
   }, VK_SUBPASS_CONTENTS_INLINE);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
   vkCmdBindVertexBuffers(cmd, 0, 1, &vb->buf, &(VkDeviceSize){ 0 });
   vkCmdBindIndexBuffer(cmd, ib->buf, 0, VK_INDEX_TYPE_UINT16);

   struct push push = { { -0.5f, -0.5f, 0, 0 }, { 1, 0.5f, 0.25f, 1 } };
   vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT,
                      0, sizeof(push), &push);
   vkCmdDrawIndexed(cmd, 6, 2, 0, 1, 1);          /* indexed, instanced, bases */
   vkCmdDraw(cmd, 3, 1, 2, 3);                    /* non-indexed, firstVertex 2 */
   push.offset[0] = 0.25f;
   vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT,
                      0, sizeof(push), &push);
   vkCmdDrawIndexedIndirect(cmd, indirect->buf, 0, c->multi_draw_indirect ? 2 : 1,
                            sizeof(VkDrawIndexedIndirectCommand));
   vkCmdDrawIndirect(cmd, indirect->buf, 2 * sizeof(VkDrawIndexedIndirectCommand), 1,
                     sizeof(VkDrawIndirectCommand));
   vkCmdEndRenderPass(cmd);

   vkCmdCopyImageToBuffer(cmd, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readback->buf, 1,
                          &(VkBufferImageCopy){
                             .imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
                             .imageExtent = { WIDTH, HEIGHT, 1 } });
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                        &(VkMemoryBarrier){ .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                                            .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                                            .dstAccessMask = VK_ACCESS_HOST_READ_BIT },
                        0, NULL, 0, NULL);
   VK(vkEndCommandBuffer(cmd));
}

int
main(void)
{
   VkInstance instance;
   VK(vkCreateInstance(&(VkInstanceCreateInfo){
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
      .pApplicationInfo = &(VkApplicationInfo){
         .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .apiVersion = VK_API_VERSION_1_1 },
   }, NULL, &instance));
   struct context c;
   create_device(instance, &c);

   VkImage image;
   VK(vkCreateImage(c.dev, &(VkImageCreateInfo){
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
      .format = VK_FORMAT_R8G8B8A8_UNORM, .extent = { WIDTH, HEIGHT, 1 },
      .mipLevels = 1, .arrayLayers = 1, .samples = VK_SAMPLE_COUNT_1_BIT,
      .tiling = VK_IMAGE_TILING_OPTIMAL,
      .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
   }, NULL, &image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(c.dev, image, &req);
   VkDeviceMemory image_mem = allocate(&c, req, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
   VK(vkBindImageMemory(c.dev, image, image_mem, 0));
   VkImageView view;
   VK(vkCreateImageView(c.dev, &(VkImageViewCreateInfo){
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = image,
      .viewType = VK_IMAGE_VIEW_TYPE_2D, .format = VK_FORMAT_R8G8B8A8_UNORM,
      .subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 },
   }, NULL, &view));

   VkRenderPass rp = create_render_pass(&c);
   VkFramebuffer fb;
   VK(vkCreateFramebuffer(c.dev, &(VkFramebufferCreateInfo){
      .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO, .renderPass = rp,
      .attachmentCount = 1, .pAttachments = &view,
      .width = WIDTH, .height = HEIGHT, .layers = 1,
   }, NULL, &fb));
   VkPipelineLayout layout;
   VK(vkCreatePipelineLayout(c.dev, &(VkPipelineLayoutCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .pushConstantRangeCount = 1,
      .pPushConstantRanges = &(VkPushConstantRange){
         VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(struct push) },
   }, NULL, &layout));
   VkShaderModule vs = shader(&c, draw_params_vert_spv, sizeof(draw_params_vert_spv));
   VkShaderModule fs = shader(&c, draw_params_frag_spv, sizeof(draw_params_frag_spv));
   VkPipeline pipeline = create_pipeline(&c, rp, layout, vs, fs);

   const float vertices[8][6] = {
      { -0.5f, -0.5f, 1, 0, 0, 1 }, { 0.5f, -0.5f, 0, 1, 0, 1 },
      { 0.5f, 0.5f, 0, 0, 1, 1 },   { -0.5f, 0.5f, 1, 1, 0, 1 },
      { -0.2f, -0.2f, 1, 0, 1, 1 }, { 0.2f, -0.2f, 0, 1, 1, 1 },
      { 0.2f, 0.2f, 1, 1, 1, 1 },   { -0.2f, 0.2f, 0.5f, 0.5f, 0.5f, 1 },
   };
   const uint16_t indices[6] = { 0, 1, 2, 2, 3, 0 };
   struct {
      VkDrawIndexedIndirectCommand indexed[2];
      VkDrawIndirectCommand plain;
   } indirect_cmds = {
      { { 6, 1, 0, 4, 0 }, { 3, 2, 3, 0, 5 } },
      { 3, 1, 5, 1 },
   };
   struct buffer vb = create_buffer(&c, sizeof(vertices), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, vertices);
   struct buffer ib = create_buffer(&c, sizeof(indices), VK_BUFFER_USAGE_INDEX_BUFFER_BIT, indices);
   /* Without drawIndirectFirstInstance, indirect draws start at instance 0. */
   if (!c.indirect_first_instance) {
      indirect_cmds.indexed[1].firstInstance = 0;
      indirect_cmds.plain.firstInstance = 0;
   }
   struct buffer indirect = create_buffer(&c, sizeof(indirect_cmds),
                                          VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT, &indirect_cmds);
   struct buffer readback = create_buffer(&c, WIDTH * HEIGHT * 4,
                                          VK_BUFFER_USAGE_TRANSFER_DST_BIT, NULL);

   VkCommandPool pool;
   VK(vkCreateCommandPool(c.dev, &(VkCommandPoolCreateInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, .queueFamilyIndex = c.queue_family,
   }, NULL, &pool));
   VkCommandBuffer cmd;
   VK(vkAllocateCommandBuffers(c.dev, &(VkCommandBufferAllocateInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1,
   }, &cmd));
   record(&c, cmd, rp, fb, pipeline, layout, image, &vb, &ib, &indirect, &readback);

   VkFence fence;
   VK(vkCreateFence(c.dev, &(VkFenceCreateInfo){ .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO },
                    NULL, &fence));
   VK(vkQueueSubmit(c.queue, 1, &(VkSubmitInfo){
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &cmd,
   }, fence));
   VK(vkWaitForFences(c.dev, 1, &fence, VK_TRUE, 5000000000ull));
   const uint8_t *px = readback.map;
   printf("fence signalled; centre pixel %u %u %u %u\n",
          px[(HEIGHT / 2 * WIDTH + WIDTH / 2) * 4 + 0], px[(HEIGHT / 2 * WIDTH + WIDTH / 2) * 4 + 1],
          px[(HEIGHT / 2 * WIDTH + WIDTH / 2) * 4 + 2], px[(HEIGHT / 2 * WIDTH + WIDTH / 2) * 4 + 3]);

   vkDestroyFence(c.dev, fence, NULL);
   vkDestroyCommandPool(c.dev, pool, NULL);
   destroy_buffer(&c, &readback);
   destroy_buffer(&c, &indirect);
   destroy_buffer(&c, &ib);
   destroy_buffer(&c, &vb);
   vkDestroyPipeline(c.dev, pipeline, NULL);
   vkDestroyShaderModule(c.dev, fs, NULL);
   vkDestroyShaderModule(c.dev, vs, NULL);
   vkDestroyPipelineLayout(c.dev, layout, NULL);
   vkDestroyFramebuffer(c.dev, fb, NULL);
   vkDestroyRenderPass(c.dev, rp, NULL);
   vkDestroyImageView(c.dev, view, NULL);
   vkDestroyImage(c.dev, image, NULL);
   vkFreeMemory(c.dev, image_mem, NULL);
   vkDestroyDevice(c.dev, NULL);
   vkDestroyInstance(instance, NULL);
   return 0;
}

/* A small Vulkan render: a texture uploaded with a buffer-to-image copy,
 * then a render pass with depth/stencil testing and blending in which
 * vertex-attribute triangles are drawn indexed, instanced and indirectly
 * (the vertex shader reads gl_BaseVertex/gl_BaseInstance/gl_DrawID),
 * with push constants for the vertex and fragment stages and a texture
 * sample in the fragment shader; finally the image is copied to a buffer.
 *
 *   render_scene [--record-twice] [--png FILE] [--out FILE]
 *
 * --png writes the image as a PNG (scripts/bootstrap's picture), --out its
 * RGBA8 rows, top row first (scripts/render-scene-check compares them with
 * lavapipe's).  Success is decided from Vulkan return codes only. */
#include <string.h>

#include "gfx_png.h"
#include "util_file.h"
#include "vk_program.h"
/* After vk_program.h: the generated SPIR-V arrays need <stdint.h>. */
#include "render_scene.vert.spv.h"
#include "render_scene.frag.spv.h"

#define W 64
#define H 64

static VkPhysicalDevice pd;
static VkDevice dev;

static VkDeviceMemory
bind_memory(VkMemoryRequirements req, VkMemoryPropertyFlags want)
{
   VkDeviceMemory mem;
   VK(vkAllocateMemory(dev, &(VkMemoryAllocateInfo){
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
      .memoryTypeIndex = vk_program_memory_type(pd, req.memoryTypeBits, want) }, NULL, &mem));
   return mem;
}

static VkBuffer
make_buffer(VkDeviceSize size, VkBufferUsageFlags usage, VkDeviceMemory *mem, void **map)
{
   VkBuffer buf;
   VK(vkCreateBuffer(dev, &(VkBufferCreateInfo){
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = size, .usage = usage }, NULL, &buf));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(dev, buf, &req);
   *mem = bind_memory(req, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
   VK(vkBindBufferMemory(dev, buf, *mem, 0));
   VK(vkMapMemory(dev, *mem, 0, VK_WHOLE_SIZE, 0, map));
   return buf;
}

static VkImage
make_image(VkFormat format, VkImageUsageFlags usage, VkDeviceMemory *mem)
{
   VkImage img;
   VK(vkCreateImage(dev, &(VkImageCreateInfo){
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
      .format = format, .extent = { W, H, 1 }, .mipLevels = 1, .arrayLayers = 1,
      .samples = VK_SAMPLE_COUNT_1_BIT, .tiling = VK_IMAGE_TILING_OPTIMAL, .usage = usage,
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED }, NULL, &img));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(dev, img, &req);
   *mem = bind_memory(req, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
   VK(vkBindImageMemory(dev, img, *mem, 0));
   return img;
}

static VkImageView
make_view(VkImage img, VkFormat format, VkImageAspectFlags aspect)
{
   VkImageView view;
   VK(vkCreateImageView(dev, &(VkImageViewCreateInfo){
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = img,
      .viewType = VK_IMAGE_VIEW_TYPE_2D, .format = format,
      .subresourceRange = { aspect, 0, 1, 0, 1 } }, NULL, &view));
   return view;
}

static void
barrier(VkCommandBuffer cmd, VkImage img, VkImageAspectFlags aspect, VkImageLayout from,
        VkImageLayout to, VkAccessFlags src, VkAccessFlags dst)
{
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
      0, 0, NULL, 0, NULL, 1, &(VkImageMemoryBarrier){
         .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER, .srcAccessMask = src,
         .dstAccessMask = dst, .oldLayout = from, .newLayout = to,
         .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
         .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED, .image = img,
         .subresourceRange = { aspect, 0, 1, 0, 1 } });
}

int
main(int argc, char **argv)
{
   /* --record-twice: record and submit everything again once the first
    * submission has completed.  A driver using relocations (hasvk on
    * Gen7/7.5) learns from the first execbuffer where the kernel put its
    * state pools, so only the second batch holds the real addresses that
    * let INTEL_DEBUG=bat follow the state the packets point to (what
    * tests/crosscheck/decode_vs_mesa.py compares). */
   unsigned rounds = 1;
   const char *png = NULL, *out = NULL;
   for (int i = 1; i < argc; i++) {
      if (strcmp(argv[i], "--record-twice") == 0) {
         rounds = 2;
      } else if (strcmp(argv[i], "--png") == 0 && i + 1 < argc) {
         png = argv[++i];
      } else if (strcmp(argv[i], "--out") == 0 && i + 1 < argc) {
         out = argv[++i];
      } else {
         fprintf(stderr, "usage: render_scene [--record-twice] [--png FILE] [--out FILE]\n");
         return 2;
      }
   }
   VkInstance instance;
   VK(vkCreateInstance(&(VkInstanceCreateInfo){
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
      .pApplicationInfo = &(VkApplicationInfo){
         .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .apiVersion = VK_API_VERSION_1_1 },
   }, NULL, &instance));
   uint32_t count = 1;
   VkResult r = vkEnumeratePhysicalDevices(instance, &count, &pd);
   if ((r != VK_SUCCESS && r != VK_INCOMPLETE) || count == 0) {
      fprintf(stderr, "no physical device\n");
      return 1;
   }
   VkPhysicalDeviceFeatures have;
   vkGetPhysicalDeviceFeatures(pd, &have);
   VkPhysicalDeviceShaderDrawParametersFeatures draw_params = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DRAW_PARAMETERS_FEATURES,
      .shaderDrawParameters = VK_TRUE };
   float prio = 1.0f;
   VK(vkCreateDevice(pd, &(VkDeviceCreateInfo){
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .pNext = &draw_params,
      .queueCreateInfoCount = 1,
      .pQueueCreateInfos = &(VkDeviceQueueCreateInfo){
         .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
         .queueFamilyIndex = 0, .queueCount = 1, .pQueuePriorities = &prio },
      .pEnabledFeatures = &(VkPhysicalDeviceFeatures){
         .multiDrawIndirect = have.multiDrawIndirect },
   }, NULL, &dev));
   VkQueue queue;
   vkGetDeviceQueue(dev, 0, 0, &queue);

   VkFormat depth_format = VK_FORMAT_UNDEFINED;
   const VkFormat candidates[] = { VK_FORMAT_D24_UNORM_S8_UINT, VK_FORMAT_D32_SFLOAT_S8_UINT };
   for (unsigned i = 0; i < 2 && depth_format == VK_FORMAT_UNDEFINED; i++) {
      VkFormatProperties fp;
      vkGetPhysicalDeviceFormatProperties(pd, candidates[i], &fp);
      if (fp.optimalTilingFeatures & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT)
         depth_format = candidates[i];
   }
   if (depth_format == VK_FORMAT_UNDEFINED) {
      fprintf(stderr, "no depth/stencil format\n");
      return 1;
   }

   /* Geometry, indices, indirect commands, texture data, readback. */
   struct vertex { float pos[2]; float color[4]; };
   const struct vertex vertices[] = {
      { { -0.9f, -0.9f }, { 1, 0, 0, 1 } }, { { -0.9f, 0.2f }, { 0, 1, 0, 0.8f } },
      { { 0.2f, -0.9f }, { 0, 0, 1, 0.6f } }, { { 0.2f, 0.2f }, { 1, 1, 0, 1 } },
      { { 0.5f, 0.5f }, { 0, 1, 1, 1 } },
   };
   const uint16_t indices[] = { 0, 1, 2, 2, 1, 3, 1, 3, 4 };
   VkDeviceMemory vmem, imem, dmem, tmem, rmem;
   void *vmap, *imap, *dmap, *tmap, *rmap;
   VkBuffer vbuf = make_buffer(sizeof(vertices), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &vmem, &vmap);
   memcpy(vmap, vertices, sizeof(vertices));
   VkBuffer ibuf = make_buffer(sizeof(indices), VK_BUFFER_USAGE_INDEX_BUFFER_BIT, &imem, &imap);
   memcpy(imap, indices, sizeof(indices));
   VkBuffer dbuf = make_buffer(256, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT, &dmem, &dmap);
   const VkDrawIndexedIndirectCommand indexed_cmds[2] = {
      { .indexCount = 6, .instanceCount = 2, .firstIndex = 0, .vertexOffset = 0, .firstInstance = 1 },
      { .indexCount = 3, .instanceCount = 1, .firstIndex = 6, .vertexOffset = 0, .firstInstance = 3 },
   };
   const VkDrawIndirectCommand draw_cmd = { .vertexCount = 3, .instanceCount = 1,
                                            .firstVertex = 2, .firstInstance = 4 };
   memcpy(dmap, indexed_cmds, sizeof(indexed_cmds));
   memcpy((char *)dmap + 128, &draw_cmd, sizeof(draw_cmd));
   VkBuffer tbuf = make_buffer(W * H * 4, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, &tmem, &tmap);
   for (uint32_t i = 0; i < W * H; i++)
      ((uint32_t *)tmap)[i] = ((i % W) / 8 + (i / W) / 8) % 2 ? 0xffffffffu : 0xff808080u;
   VkBuffer rbuf = make_buffer(W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &rmem, &rmap);

   VkDeviceMemory cmem, zmem, xmem;
   VkImage color = make_image(VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                              VK_IMAGE_USAGE_TRANSFER_SRC_BIT, &cmem);
   VkImage depth = make_image(depth_format, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT, &zmem);
   VkImage texture = make_image(VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_USAGE_SAMPLED_BIT |
                                VK_IMAGE_USAGE_TRANSFER_DST_BIT, &xmem);
   VkImageView color_view = make_view(color, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_ASPECT_COLOR_BIT);
   VkImageView depth_view = make_view(depth, depth_format,
                                      VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT);
   VkImageView tex_view = make_view(texture, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_ASPECT_COLOR_BIT);
   VkSampler sampler;
   VK(vkCreateSampler(dev, &(VkSamplerCreateInfo){
      .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO, .magFilter = VK_FILTER_LINEAR,
      .minFilter = VK_FILTER_NEAREST, .addressModeU = VK_SAMPLER_ADDRESS_MODE_REPEAT,
      .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
      .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, .maxLod = 0.0f,
      .borderColor = VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK }, NULL, &sampler));

   VkRenderPass pass;
   VK(vkCreateRenderPass(dev, &(VkRenderPassCreateInfo){
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO, .attachmentCount = 2,
      .pAttachments = (VkAttachmentDescription[]){
         { .format = VK_FORMAT_R8G8B8A8_UNORM, .samples = VK_SAMPLE_COUNT_1_BIT,
           .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
           .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
           .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
           .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
           .finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL },
         { .format = depth_format, .samples = VK_SAMPLE_COUNT_1_BIT,
           .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
           .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
           .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
           .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
           .finalLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL } },
      .subpassCount = 1,
      .pSubpasses = &(VkSubpassDescription){
         .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS, .colorAttachmentCount = 1,
         .pColorAttachments = &(VkAttachmentReference){ 0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL },
         .pDepthStencilAttachment = &(VkAttachmentReference){
            1, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL } },
      /* the copy of the colour attachment after the pass reads what the
       * draws wrote (the implicit external dependency has no access) */
      .dependencyCount = 1,
      .pDependencies = &(VkSubpassDependency){
         .srcSubpass = 0, .dstSubpass = VK_SUBPASS_EXTERNAL,
         .srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
         .dstStageMask = VK_PIPELINE_STAGE_TRANSFER_BIT,
         .srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
         .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT },
   }, NULL, &pass));
   VkFramebuffer fb;
   VK(vkCreateFramebuffer(dev, &(VkFramebufferCreateInfo){
      .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO, .renderPass = pass,
      .attachmentCount = 2, .pAttachments = (VkImageView[]){ color_view, depth_view },
      .width = W, .height = H, .layers = 1 }, NULL, &fb));

   VkDescriptorSetLayout dsl;
   VK(vkCreateDescriptorSetLayout(dev, &(VkDescriptorSetLayoutCreateInfo){
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, .bindingCount = 1,
      .pBindings = &(VkDescriptorSetLayoutBinding){
         .binding = 0, .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
         .descriptorCount = 1, .stageFlags = VK_SHADER_STAGE_FRAGMENT_BIT } }, NULL, &dsl));
   VkPipelineLayout layout;
   VK(vkCreatePipelineLayout(dev, &(VkPipelineLayoutCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, .setLayoutCount = 1,
      .pSetLayouts = &dsl, .pushConstantRangeCount = 1,
      .pPushConstantRanges = &(VkPushConstantRange){
         VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, 32 } }, NULL, &layout));
   VkDescriptorPool dpool;
   VK(vkCreateDescriptorPool(dev, &(VkDescriptorPoolCreateInfo){
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = 1, .poolSizeCount = 1,
      .pPoolSizes = &(VkDescriptorPoolSize){ VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1 } },
      NULL, &dpool));
   VkDescriptorSet set;
   VK(vkAllocateDescriptorSets(dev, &(VkDescriptorSetAllocateInfo){
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, .descriptorPool = dpool,
      .descriptorSetCount = 1, .pSetLayouts = &dsl }, &set));
   vkUpdateDescriptorSets(dev, 1, &(VkWriteDescriptorSet){
      .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set, .descriptorCount = 1,
      .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
      .pImageInfo = &(VkDescriptorImageInfo){ sampler, tex_view,
                                              VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL } }, 0, NULL);

   VkShaderModule vs, fs;
   VK(vkCreateShaderModule(dev, &(VkShaderModuleCreateInfo){
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
      .codeSize = sizeof(render_scene_vert_spv), .pCode = render_scene_vert_spv }, NULL, &vs));
   VK(vkCreateShaderModule(dev, &(VkShaderModuleCreateInfo){
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
      .codeSize = sizeof(render_scene_frag_spv), .pCode = render_scene_frag_spv }, NULL, &fs));
   VkStencilOpState stencil = {
      .failOp = VK_STENCIL_OP_KEEP, .passOp = VK_STENCIL_OP_INCREMENT_AND_CLAMP,
      .depthFailOp = VK_STENCIL_OP_KEEP, .compareOp = VK_COMPARE_OP_ALWAYS,
      .compareMask = 0xff, .writeMask = 0xff, .reference = 1 };
   VkPipeline pipeline;
   VK(vkCreateGraphicsPipelines(dev, VK_NULL_HANDLE, 1, &(VkGraphicsPipelineCreateInfo){
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, .stageCount = 2,
      .pStages = (VkPipelineShaderStageCreateInfo[]){
         { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
           .stage = VK_SHADER_STAGE_VERTEX_BIT, .module = vs, .pName = "main" },
         { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
           .stage = VK_SHADER_STAGE_FRAGMENT_BIT, .module = fs, .pName = "main" } },
      .pVertexInputState = &(VkPipelineVertexInputStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
         .vertexBindingDescriptionCount = 1,
         .pVertexBindingDescriptions = &(VkVertexInputBindingDescription){
            0, sizeof(struct vertex), VK_VERTEX_INPUT_RATE_VERTEX },
         .vertexAttributeDescriptionCount = 2,
         .pVertexAttributeDescriptions = (VkVertexInputAttributeDescription[]){
            { 0, 0, VK_FORMAT_R32G32_SFLOAT, 0 },
            { 1, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 8 } } },
      .pInputAssemblyState = &(VkPipelineInputAssemblyStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
         .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST },
      .pViewportState = &(VkPipelineViewportStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
         .viewportCount = 1, .scissorCount = 1 },
      .pRasterizationState = &(VkPipelineRasterizationStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
         .polygonMode = VK_POLYGON_MODE_FILL, .cullMode = VK_CULL_MODE_NONE,
         .frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE, .lineWidth = 1.0f },
      .pMultisampleState = &(VkPipelineMultisampleStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
         .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT },
      .pDepthStencilState = &(VkPipelineDepthStencilStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
         .depthTestEnable = VK_TRUE, .depthWriteEnable = VK_TRUE,
         .depthCompareOp = VK_COMPARE_OP_LESS_OR_EQUAL, .stencilTestEnable = VK_TRUE,
         .front = stencil, .back = stencil },
      .pColorBlendState = &(VkPipelineColorBlendStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
         .attachmentCount = 1,
         .pAttachments = &(VkPipelineColorBlendAttachmentState){
            .blendEnable = VK_TRUE, .srcColorBlendFactor = VK_BLEND_FACTOR_SRC_ALPHA,
            .dstColorBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA,
            .colorBlendOp = VK_BLEND_OP_ADD, .srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE,
            .dstAlphaBlendFactor = VK_BLEND_FACTOR_ZERO, .alphaBlendOp = VK_BLEND_OP_ADD,
            .colorWriteMask = 0xf } },
      .pDynamicState = &(VkPipelineDynamicStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO, .dynamicStateCount = 2,
         .pDynamicStates = (VkDynamicState[]){ VK_DYNAMIC_STATE_VIEWPORT,
                                               VK_DYNAMIC_STATE_SCISSOR } },
      .layout = layout, .renderPass = pass,
   }, NULL, &pipeline));

   VkCommandPool cpool;
   VK(vkCreateCommandPool(dev, &(VkCommandPoolCreateInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, .queueFamilyIndex = 0 }, NULL, &cpool));
   VkCommandBuffer cmd;
   VK(vkAllocateCommandBuffers(dev, &(VkCommandBufferAllocateInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = cpool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1 }, &cmd));
   VkFence fence;
   VK(vkCreateFence(dev, &(VkFenceCreateInfo){ .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO },
                    NULL, &fence));
   for (unsigned round = 0; round < rounds; round++) {
      VK(vkResetCommandPool(dev, cpool, 0));
      VK(vkResetFences(dev, 1, &fence));
      VK(vkBeginCommandBuffer(cmd, &(VkCommandBufferBeginInfo){
         .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
         .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT }));

      barrier(cmd, texture, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
              VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 0, VK_ACCESS_TRANSFER_WRITE_BIT);
      vkCmdCopyBufferToImage(cmd, tbuf, texture, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1,
         &(VkBufferImageCopy){ .imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
                               .imageExtent = { W, H, 1 } });
      barrier(cmd, texture, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
              VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, VK_ACCESS_TRANSFER_WRITE_BIT,
              VK_ACCESS_SHADER_READ_BIT);

      vkCmdBeginRenderPass(cmd, &(VkRenderPassBeginInfo){
         .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO, .renderPass = pass, .framebuffer = fb,
         .renderArea = { { 0, 0 }, { W, H } }, .clearValueCount = 2,
         .pClearValues = (VkClearValue[]){ { .color = { .float32 = { 0.1f, 0.2f, 0.3f, 1 } } },
                                           { .depthStencil = { 1.0f, 0 } } } },
         VK_SUBPASS_CONTENTS_INLINE);
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
      vkCmdSetViewport(cmd, 0, 1, &(VkViewport){ 0, 0, W, H, 0, 1 });
      vkCmdSetScissor(cmd, 0, 1, &(VkRect2D){ { 2, 2 }, { W - 4, H - 4 } });
      vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 0, 1, &set, 0, NULL);
      vkCmdBindVertexBuffers(cmd, 0, 1, &vbuf, &(VkDeviceSize){ 0 });
      vkCmdBindIndexBuffer(cmd, ibuf, 0, VK_INDEX_TYPE_UINT16);
      const float push[8] = { 0.05f, -0.05f, 0, 0, 1.0f, 0.9f, 0.8f, 1.0f };
      vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT,
                         0, sizeof(push), push);
      vkCmdDraw(cmd, 3, 2, 1, 1);
      vkCmdDrawIndexed(cmd, 6, 3, 0, 1, 2);
      const float push2[8] = { -0.1f, 0.1f, 0, 0, 0.5f, 1.0f, 0.5f, 0.7f };
      vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT,
                         0, sizeof(push2), push2);
      vkCmdDrawIndexedIndirect(cmd, dbuf, 0, have.multiDrawIndirect ? 2 : 1,
                               sizeof(VkDrawIndexedIndirectCommand));
      vkCmdDrawIndirect(cmd, dbuf, 128, 1, sizeof(VkDrawIndirectCommand));
      vkCmdEndRenderPass(cmd);

      vkCmdCopyImageToBuffer(cmd, color, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, rbuf, 1,
         &(VkBufferImageCopy){ .imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
                               .imageExtent = { W, H, 1 } });
      vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
         &(VkMemoryBarrier){ .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                             .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                             .dstAccessMask = VK_ACCESS_HOST_READ_BIT }, 0, NULL, 0, NULL);
      VK(vkEndCommandBuffer(cmd));

      VK(vkQueueSubmit(queue, 1, &(VkSubmitInfo){
         .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1,
         .pCommandBuffers = &cmd }, fence));
      VK(vkWaitForFences(dev, 1, &fence, VK_TRUE, 5000000000ull));
   }
   printf("fence signalled; pixel (32,32) = 0x%08x\n", ((uint32_t *)rmap)[32 * W + 32]);
   if (png && !gfx_png_write(png, rmap, W, H)) {
      fprintf(stderr, "render_scene: cannot write %s\n", png);
      return 1;
   }
   if (out && !util_write_file(out, rmap, W * H * 4)) {
      fprintf(stderr, "render_scene: cannot write %s\n", out);
      return 1;
   }
   if (png)
      printf("wrote %s (%ux%u)\n", png, W, H);

   vkDestroyFence(dev, fence, NULL);
   vkDestroyCommandPool(dev, cpool, NULL);
   vkDestroyPipeline(dev, pipeline, NULL);
   vkDestroyShaderModule(dev, vs, NULL);
   vkDestroyShaderModule(dev, fs, NULL);
   vkDestroyDescriptorPool(dev, dpool, NULL);
   vkDestroyPipelineLayout(dev, layout, NULL);
   vkDestroyDescriptorSetLayout(dev, dsl, NULL);
   vkDestroyFramebuffer(dev, fb, NULL);
   vkDestroyRenderPass(dev, pass, NULL);
   vkDestroySampler(dev, sampler, NULL);
   vkDestroyImageView(dev, tex_view, NULL);
   vkDestroyImageView(dev, depth_view, NULL);
   vkDestroyImageView(dev, color_view, NULL);
   vkDestroyImage(dev, texture, NULL);
   vkDestroyImage(dev, depth, NULL);
   vkDestroyImage(dev, color, NULL);
   VkBuffer bufs[] = { vbuf, ibuf, dbuf, tbuf, rbuf };
   VkDeviceMemory mems[] = { vmem, imem, dmem, tmem, rmem, cmem, zmem, xmem };
   for (unsigned i = 0; i < 5; i++)
      vkDestroyBuffer(dev, bufs[i], NULL);
   for (unsigned i = 0; i < 8; i++)
      vkFreeMemory(dev, mems[i], NULL);
   vkDestroyDevice(dev, NULL);
   vkDestroyInstance(instance, NULL);
   return 0;
}

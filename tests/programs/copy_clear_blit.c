/* Transfer operations only: clear a color and a depth/stencil image, blit
 * (scaled, linear filter) one color image into another, copy image to image
 * and image to buffer, fill, update and copy buffers.  Drivers implement
 * these with their own internal draws or dispatches, which is what the
 * cross-check decodes.  Success is decided from Vulkan return codes. */
#include <string.h>

#include "vk_program.h"

#define W 64
#define H 64

static VkPhysicalDevice pd;
static VkDevice dev;

static VkDeviceMemory
allocate(VkMemoryRequirements req, VkMemoryPropertyFlags want)
{
   VkDeviceMemory mem;
   VK(vkAllocateMemory(dev, &(VkMemoryAllocateInfo){
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
      .memoryTypeIndex = vk_program_memory_type(pd, req.memoryTypeBits, want) }, NULL, &mem));
   return mem;
}

static VkImage
image(VkFormat format, VkImageUsageFlags usage, uint32_t w, uint32_t h, VkDeviceMemory *mem)
{
   VkImage img;
   VK(vkCreateImage(dev, &(VkImageCreateInfo){
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
      .format = format, .extent = { w, h, 1 }, .mipLevels = 1, .arrayLayers = 1,
      .samples = VK_SAMPLE_COUNT_1_BIT, .tiling = VK_IMAGE_TILING_OPTIMAL, .usage = usage,
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED }, NULL, &img));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(dev, img, &req);
   *mem = allocate(req, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
   VK(vkBindImageMemory(dev, img, *mem, 0));
   return img;
}

static void
to_layout(VkCommandBuffer cmd, VkImage img, VkImageAspectFlags aspect, VkImageLayout from,
          VkImageLayout to)
{
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
      0, 0, NULL, 0, NULL, 1, &(VkImageMemoryBarrier){
         .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
         .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
         .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
         .oldLayout = from, .newLayout = to,
         .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
         .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED, .image = img,
         .subresourceRange = { aspect, 0, 1, 0, 1 } });
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
   uint32_t count = 1;
   VkResult r = vkEnumeratePhysicalDevices(instance, &count, &pd);
   if ((r != VK_SUCCESS && r != VK_INCOMPLETE) || count == 0) {
      fprintf(stderr, "no physical device\n");
      return 1;
   }
   float prio = 1.0f;
   VK(vkCreateDevice(pd, &(VkDeviceCreateInfo){
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .queueCreateInfoCount = 1,
      .pQueueCreateInfos = &(VkDeviceQueueCreateInfo){
         .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
         .queueFamilyIndex = 0, .queueCount = 1, .pQueuePriorities = &prio },
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

   const VkImageUsageFlags xfer = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
   VkDeviceMemory amem, bmem, dmem, hmem;
   VkImage a = image(VK_FORMAT_R8G8B8A8_UNORM, xfer, W, H, &amem);
   VkImage b = image(VK_FORMAT_R8G8B8A8_UNORM, xfer, W / 2, H / 2, &bmem);
   VkImage depth = image(depth_format, VK_IMAGE_USAGE_TRANSFER_DST_BIT, W, H, &dmem);

   VkBuffer host;
   VK(vkCreateBuffer(dev, &(VkBufferCreateInfo){
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = 4 * W * H + 4096,
      .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT }, NULL, &host));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(dev, host, &req);
   hmem = allocate(req, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
   VK(vkBindBufferMemory(dev, host, hmem, 0));
   uint32_t *data;
   VK(vkMapMemory(dev, hmem, 0, VK_WHOLE_SIZE, 0, (void **)&data));

   VkCommandPool cpool;
   VK(vkCreateCommandPool(dev, &(VkCommandPoolCreateInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, .queueFamilyIndex = 0 }, NULL, &cpool));
   VkCommandBuffer cmd;
   VK(vkAllocateCommandBuffers(dev, &(VkCommandBufferAllocateInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = cpool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1 }, &cmd));
   VK(vkBeginCommandBuffer(cmd, &(VkCommandBufferBeginInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT }));

   const VkImageSubresourceRange color_range = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 };
   const VkImageSubresourceLayers color_layers = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 };
   to_layout(cmd, a, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
             VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
   to_layout(cmd, b, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
             VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
   to_layout(cmd, depth, VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT,
             VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
   vkCmdClearColorImage(cmd, a, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                        &(VkClearColorValue){ .float32 = { 0.25f, 0.5f, 0.75f, 1.0f } }, 1,
                        &color_range);
   vkCmdClearColorImage(cmd, b, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                        &(VkClearColorValue){ .float32 = { 1.0f, 0.0f, 0.0f, 1.0f } }, 1,
                        &color_range);
   vkCmdClearDepthStencilImage(cmd, depth, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
      &(VkClearDepthStencilValue){ 0.5f, 7 }, 1,
      &(VkImageSubresourceRange){ VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT, 0, 1, 0, 1 });
   to_layout(cmd, a, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
             VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
   vkCmdBlitImage(cmd, a, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, b,
                  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &(VkImageBlit){
                     .srcSubresource = color_layers, .srcOffsets = { { 0, 0, 0 }, { W, H / 2, 1 } },
                     .dstSubresource = color_layers,
                     .dstOffsets = { { 0, 0, 0 }, { W / 2, H / 4, 1 } } }, VK_FILTER_LINEAR);
   to_layout(cmd, b, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
             VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
   to_layout(cmd, a, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
             VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
   vkCmdCopyImage(cmd, b, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, a,
                  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &(VkImageCopy){
                     .srcSubresource = color_layers, .dstSubresource = color_layers,
                     .dstOffset = { 8, 8, 0 }, .extent = { W / 2, H / 2, 1 } });
   to_layout(cmd, a, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
             VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
   vkCmdCopyImageToBuffer(cmd, a, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, host, 1,
      &(VkBufferImageCopy){ .imageSubresource = color_layers, .imageExtent = { W, H, 1 } });
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1,
      &(VkMemoryBarrier){ .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                          .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                          .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT }, 0, NULL, 0, NULL);
   const uint32_t words[4] = { 1, 2, 3, 4 };
   vkCmdFillBuffer(cmd, host, 4 * W * H, 1024, 0xdeadbeef);
   vkCmdUpdateBuffer(cmd, host, 4 * W * H + 1024, sizeof(words), words);
   /* the copy reads what the fill wrote */
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1,
      &(VkMemoryBarrier){ .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                          .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                          .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT }, 0, NULL, 0, NULL);
   vkCmdCopyBuffer(cmd, host, host, 1, &(VkBufferCopy){ 4 * W * H, 4 * W * H + 2048, 256 });
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
      &(VkMemoryBarrier){ .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                          .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                          .dstAccessMask = VK_ACCESS_HOST_READ_BIT }, 0, NULL, 0, NULL);
   VK(vkEndCommandBuffer(cmd));

   VkFence fence;
   VK(vkCreateFence(dev, &(VkFenceCreateInfo){ .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO },
                    NULL, &fence));
   VK(vkQueueSubmit(queue, 1, &(VkSubmitInfo){
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &cmd },
      fence));
   VK(vkWaitForFences(dev, 1, &fence, VK_TRUE, 5000000000ull));
   printf("fence signalled; pixel (0,0) = 0x%08x, fill word 0x%08x\n", data[0], data[W * H]);

   vkDestroyFence(dev, fence, NULL);
   vkDestroyCommandPool(dev, cpool, NULL);
   vkUnmapMemory(dev, hmem);
   vkDestroyBuffer(dev, host, NULL);
   vkDestroyImage(dev, depth, NULL);
   vkDestroyImage(dev, b, NULL);
   vkDestroyImage(dev, a, NULL);
   VkDeviceMemory mems[] = { amem, bmem, dmem, hmem };
   for (unsigned i = 0; i < 4; i++)
      vkFreeMemory(dev, mems[i], NULL);
   vkDestroyDevice(dev, NULL);
   vkDestroyInstance(instance, NULL);
   return 0;
}

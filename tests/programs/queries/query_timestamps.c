/* Timestamp queries written by the GPU and copied to a buffer by the GPU
 * (vkCmdCopyQueryPoolResults), then read by the CPU (vkGetQueryPoolResults).
 * Checks what must hold on any correct driver and device: every query
 * becomes available, timestamps are non-zero and do not go backwards, and
 * the GPU's copy equals the CPU's read.  Exit 0 when all hold. */
#include <stdbool.h>
#include <string.h>

#include "vk_program.h"

#define QUERIES 4

int
main(void)
{
   VkInstance instance;
   VK(vkCreateInstance(&(VkInstanceCreateInfo){
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
      .pApplicationInfo = &(VkApplicationInfo){
         .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .apiVersion = VK_API_VERSION_1_0 },
   }, NULL, &instance));
   uint32_t count = 1;
   VkPhysicalDevice pd;
   VkResult r = vkEnumeratePhysicalDevices(instance, &count, &pd);
   if ((r != VK_SUCCESS && r != VK_INCOMPLETE) || count == 0) {
      fprintf(stderr, "no physical device\n");
      return 1;
   }
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(pd, &props);
   printf("device: %s\n", props.deviceName);

   VkQueueFamilyProperties qfs[16];
   uint32_t qf_count = 16, qf = 0;
   vkGetPhysicalDeviceQueueFamilyProperties(pd, &qf_count, qfs);
   while (qf < qf_count && !(qfs[qf].queueFlags & VK_QUEUE_COMPUTE_BIT))
      qf++;
   if (qf == qf_count || qfs[qf].timestampValidBits == 0) {
      printf("SKIP: no queue with timestamps\n");
      return 77;
   }
   const uint64_t valid_mask = qfs[qf].timestampValidBits == 64 ? ~0ull :
                               (1ull << qfs[qf].timestampValidBits) - 1;

   VkDevice dev;
   VK(vkCreateDevice(pd, &(VkDeviceCreateInfo){
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .queueCreateInfoCount = 1,
      .pQueueCreateInfos = &(VkDeviceQueueCreateInfo){
         .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, .queueFamilyIndex = qf,
         .queueCount = 1, .pQueuePriorities = &(float){ 1.0f } },
   }, NULL, &dev));
   VkQueue queue;
   vkGetDeviceQueue(dev, qf, 0, &queue);

   VkQueryPool pool;
   VK(vkCreateQueryPool(dev, &(VkQueryPoolCreateInfo){
      .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
      .queryType = VK_QUERY_TYPE_TIMESTAMP, .queryCount = QUERIES,
   }, NULL, &pool));

   /* Each query copies as (value, availability), 64-bit. */
   const VkDeviceSize stride = 2 * sizeof(uint64_t);
   VkBuffer buf;
   VK(vkCreateBuffer(dev, &(VkBufferCreateInfo){
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = QUERIES * stride,
      .usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT,
   }, NULL, &buf));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(dev, buf, &req);
   VkDeviceMemory mem;
   VK(vkAllocateMemory(dev, &(VkMemoryAllocateInfo){
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
      .memoryTypeIndex = vk_program_memory_type(pd, req.memoryTypeBits,
         VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT),
   }, NULL, &mem));
   VK(vkBindBufferMemory(dev, buf, mem, 0));
   uint64_t *copied;
   VK(vkMapMemory(dev, mem, 0, VK_WHOLE_SIZE, 0, (void **)&copied));
   memset(copied, 0xab, QUERIES * stride);

   VkCommandPool cmd_pool;
   VK(vkCreateCommandPool(dev, &(VkCommandPoolCreateInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, .queueFamilyIndex = qf,
   }, NULL, &cmd_pool));
   VkCommandBuffer cmd;
   VK(vkAllocateCommandBuffers(dev, &(VkCommandBufferAllocateInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = cmd_pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1,
   }, &cmd));
   VK(vkBeginCommandBuffer(cmd, &(VkCommandBufferBeginInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT }));
   vkCmdResetQueryPool(cmd, pool, 0, QUERIES);
   const VkPipelineStageFlagBits stages[QUERIES] = {
      VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
      VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT,
   };
   for (uint32_t q = 0; q < QUERIES; q++)
      vkCmdWriteTimestamp(cmd, stages[q], pool, q);
   vkCmdCopyQueryPoolResults(cmd, pool, 0, QUERIES, buf, 0, stride,
                             VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT |
                             VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                        &(VkMemoryBarrier){ .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                                            .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                                            .dstAccessMask = VK_ACCESS_HOST_READ_BIT },
                        0, NULL, 0, NULL);
   VK(vkEndCommandBuffer(cmd));

   VkFence fence;
   VK(vkCreateFence(dev, &(VkFenceCreateInfo){ .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO },
                    NULL, &fence));
   VK(vkQueueSubmit(queue, 1, &(VkSubmitInfo){
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &cmd,
   }, fence));
   VK(vkWaitForFences(dev, 1, &fence, VK_TRUE, 5000000000ull));

   uint64_t read[QUERIES];
   VK(vkGetQueryPoolResults(dev, pool, 0, QUERIES, sizeof(read), read, sizeof(uint64_t),
                            VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT));
   bool ok = true;
   for (uint32_t q = 0; q < QUERIES; q++) {
      uint64_t value = copied[2 * q], available = copied[2 * q + 1];
      printf("query %u: read %llu, copied %llu, available %llu\n", q,
             (unsigned long long)read[q], (unsigned long long)value,
             (unsigned long long)available);
      if (available != 1 || value != read[q] || read[q] == 0 || (read[q] & ~valid_mask)) {
         fprintf(stderr, "query %u is wrong\n", q);
         ok = false;
      }
      if (q > 0 && read[q] < read[q - 1]) {
         fprintf(stderr, "timestamp %u goes backwards\n", q);
         ok = false;
      }
   }

   vkDestroyFence(dev, fence, NULL);
   vkDestroyCommandPool(dev, cmd_pool, NULL);
   vkUnmapMemory(dev, mem);
   vkDestroyBuffer(dev, buf, NULL);
   vkFreeMemory(dev, mem, NULL);
   vkDestroyQueryPool(dev, pool, NULL);
   vkDestroyDevice(dev, NULL);
   vkDestroyInstance(instance, NULL);
   printf("%s\n", ok ? "all queries consistent" : "FAIL");
   return ok ? 0 : 1;
}

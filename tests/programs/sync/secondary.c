/* Secondary command buffers executed by a primary: each secondary sets its
 * own event and writes a timestamp, then the primary writes one after
 * them.  Checks what must hold on any correct driver: every event is set,
 * every timestamp available and non-zero, and they come in submission
 * order — which needs execution to return from each secondary to the
 * primary.  Exit 0 when all hold. */
#include <stdbool.h>

#include "vk_program.h"

#define SECONDARIES 2

int
main(void)
{
   VkInstance instance;
   VK(vkCreateInstance(&(VkInstanceCreateInfo){
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO }, NULL, &instance));
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
   VkQueueFamilyProperties qf;
   uint32_t qf_count = 1;
   vkGetPhysicalDeviceQueueFamilyProperties(pd, &qf_count, &qf);
   if (qf.timestampValidBits == 0) {
      printf("SKIP: queue family 0 has no timestamps\n");
      return 77;
   }

   VkDevice dev;
   VK(vkCreateDevice(pd, &(VkDeviceCreateInfo){
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .queueCreateInfoCount = 1,
      .pQueueCreateInfos = &(VkDeviceQueueCreateInfo){
         .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, .queueFamilyIndex = 0,
         .queueCount = 1, .pQueuePriorities = &(float){ 1.0f } },
   }, NULL, &dev));
   VkQueue queue;
   vkGetDeviceQueue(dev, 0, 0, &queue);
   VkCommandPool pool;
   VK(vkCreateCommandPool(dev, &(VkCommandPoolCreateInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, .queueFamilyIndex = 0,
   }, NULL, &pool));
   VkQueryPool queries;
   VK(vkCreateQueryPool(dev, &(VkQueryPoolCreateInfo){
      .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
      .queryType = VK_QUERY_TYPE_TIMESTAMP, .queryCount = SECONDARIES + 1,
   }, NULL, &queries));
   VkEvent events[SECONDARIES];
   for (int i = 0; i < SECONDARIES; i++)
      VK(vkCreateEvent(dev, &(VkEventCreateInfo){ .sType = VK_STRUCTURE_TYPE_EVENT_CREATE_INFO },
                       NULL, &events[i]));

   VkCommandBuffer secondary[SECONDARIES], primary;
   VK(vkAllocateCommandBuffers(dev, &(VkCommandBufferAllocateInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = pool,
      .level = VK_COMMAND_BUFFER_LEVEL_SECONDARY, .commandBufferCount = SECONDARIES,
   }, secondary));
   VK(vkAllocateCommandBuffers(dev, &(VkCommandBufferAllocateInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1,
   }, &primary));
   for (int i = 0; i < SECONDARIES; i++) {
      VK(vkBeginCommandBuffer(secondary[i], &(VkCommandBufferBeginInfo){
         .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
         .pInheritanceInfo = &(VkCommandBufferInheritanceInfo){
            .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO } }));
      vkCmdWriteTimestamp(secondary[i], VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, queries, i);
      vkCmdSetEvent(secondary[i], events[i], VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT);
      VK(vkEndCommandBuffer(secondary[i]));
   }
   VK(vkBeginCommandBuffer(primary, &(VkCommandBufferBeginInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO }));
   vkCmdResetQueryPool(primary, queries, 0, SECONDARIES + 1);
   vkCmdExecuteCommands(primary, SECONDARIES, secondary);
   vkCmdWriteTimestamp(primary, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, queries, SECONDARIES);
   VK(vkEndCommandBuffer(primary));

   VkFence fence;
   VK(vkCreateFence(dev, &(VkFenceCreateInfo){ .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO },
                    NULL, &fence));
   VK(vkQueueSubmit(queue, 1, &(VkSubmitInfo){
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &primary,
   }, fence));
   VK(vkWaitForFences(dev, 1, &fence, VK_TRUE, 5000000000ull));

   uint64_t results[SECONDARIES + 1][2];
   VK(vkGetQueryPoolResults(dev, queries, 0, SECONDARIES + 1, sizeof(results), results,
                            sizeof(results[0]),
                            VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WITH_AVAILABILITY_BIT));
   bool ok = true;
   for (int i = 0; i <= SECONDARIES; i++) {
      printf("timestamp %d: %llu (available %llu)\n", i, (unsigned long long)results[i][0],
             (unsigned long long)results[i][1]);
      ok &= results[i][1] == 1 && results[i][0] != 0;
      ok &= i == 0 || results[i][0] >= results[i - 1][0];
   }
   for (int i = 0; i < SECONDARIES; i++) {
      VkResult status = vkGetEventStatus(dev, events[i]);
      printf("event %d: %s\n", i, status == VK_EVENT_SET ? "set" : "not set");
      ok &= status == VK_EVENT_SET;
   }

   vkDestroyFence(dev, fence, NULL);
   for (int i = 0; i < SECONDARIES; i++)
      vkDestroyEvent(dev, events[i], NULL);
   vkDestroyQueryPool(dev, queries, NULL);
   vkDestroyCommandPool(dev, pool, NULL);
   vkDestroyDevice(dev, NULL);
   vkDestroyInstance(instance, NULL);
   printf("%s\n", ok ? "secondaries consistent" : "FAIL");
   return ok ? 0 : 1;
}

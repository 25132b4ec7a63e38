/* Events set and reset by the GPU and by the host, and a GPU wait on an
 * event the host has set.  Checks what must hold on any correct driver:
 * vkGetEventStatus sees what the command buffers did, and a wait whose
 * event is set proceeds (the event set after it becomes visible).
 * Exit 0 when all hold. */
#include <stdbool.h>

#include "vk_program.h"

struct ctx {
   VkDevice dev;
   VkQueue queue;
   VkCommandPool pool;
};

/* Records with record(), submits, and waits for the fence. */
static void
run(const struct ctx *c, void (*record)(VkCommandBuffer, void *), void *data)
{
   VkCommandBuffer cmd;
   VK(vkAllocateCommandBuffers(c->dev, &(VkCommandBufferAllocateInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = c->pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1,
   }, &cmd));
   VK(vkBeginCommandBuffer(cmd, &(VkCommandBufferBeginInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT }));
   record(cmd, data);
   VK(vkEndCommandBuffer(cmd));
   VkFence fence;
   VK(vkCreateFence(c->dev, &(VkFenceCreateInfo){ .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO },
                    NULL, &fence));
   VK(vkQueueSubmit(c->queue, 1, &(VkSubmitInfo){
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &cmd,
   }, fence));
   VK(vkWaitForFences(c->dev, 1, &fence, VK_TRUE, 5000000000ull));
   vkDestroyFence(c->dev, fence, NULL);
   vkFreeCommandBuffers(c->dev, c->pool, 1, &cmd);
}

static void
set_event(VkCommandBuffer cmd, void *event)
{
   vkCmdSetEvent(cmd, *(VkEvent *)event, VK_PIPELINE_STAGE_TRANSFER_BIT);
}

static void
reset_event(VkCommandBuffer cmd, void *event)
{
   vkCmdResetEvent(cmd, *(VkEvent *)event, VK_PIPELINE_STAGE_TRANSFER_BIT);
}

/* Waits on events[0], then sets events[1]. */
static void
wait_then_set(VkCommandBuffer cmd, void *events)
{
   VkEvent *e = events;
   vkCmdWaitEvents(cmd, 1, &e[0], VK_PIPELINE_STAGE_HOST_BIT,
                   VK_PIPELINE_STAGE_TRANSFER_BIT, 0, NULL, 0, NULL, 0, NULL);
   vkCmdSetEvent(cmd, e[1], VK_PIPELINE_STAGE_TRANSFER_BIT);
}

static bool
expect_status(VkDevice dev, VkEvent event, VkResult want, const char *when)
{
   VkResult got = vkGetEventStatus(dev, event);
   printf("%s: %s\n", when, got == VK_EVENT_SET ? "set" : got == VK_EVENT_RESET ? "reset" : "error");
   if (got != want)
      fprintf(stderr, "%s: event status %d, expected %d\n", when, got, want);
   return got == want;
}

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

   struct ctx c;
   VK(vkCreateDevice(pd, &(VkDeviceCreateInfo){
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .queueCreateInfoCount = 1,
      .pQueueCreateInfos = &(VkDeviceQueueCreateInfo){
         .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, .queueFamilyIndex = 0,
         .queueCount = 1, .pQueuePriorities = &(float){ 1.0f } },
   }, NULL, &c.dev));
   vkGetDeviceQueue(c.dev, 0, 0, &c.queue);
   VK(vkCreateCommandPool(c.dev, &(VkCommandPoolCreateInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, .queueFamilyIndex = 0,
   }, NULL, &c.pool));

   VkEvent events[2];
   for (int i = 0; i < 2; i++)
      VK(vkCreateEvent(c.dev, &(VkEventCreateInfo){ .sType = VK_STRUCTURE_TYPE_EVENT_CREATE_INFO },
                       NULL, &events[i]));
   bool ok = expect_status(c.dev, events[0], VK_EVENT_RESET, "created");
   run(&c, set_event, &events[0]);
   ok &= expect_status(c.dev, events[0], VK_EVENT_SET, "after vkCmdSetEvent");
   run(&c, reset_event, &events[0]);
   ok &= expect_status(c.dev, events[0], VK_EVENT_RESET, "after vkCmdResetEvent");
   VK(vkSetEvent(c.dev, events[0]));
   run(&c, wait_then_set, events);
   ok &= expect_status(c.dev, events[1], VK_EVENT_SET, "set after waiting on a host-set event");

   for (int i = 0; i < 2; i++)
      vkDestroyEvent(c.dev, events[i], NULL);
   vkDestroyCommandPool(c.dev, c.pool, NULL);
   vkDestroyDevice(c.dev, NULL);
   vkDestroyInstance(instance, NULL);
   printf("%s\n", ok ? "all events consistent" : "FAIL");
   return ok ? 0 : 1;
}

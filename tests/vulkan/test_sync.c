/* Fences, binary and timeline semaphores and the queue's submit thread,
 * with submissions that carry no command buffer (the queue still waits and
 * signals in order).  White-box: links the driver statically, so that
 * Vulkan 1.2/1.3 commands (timeline semaphores, vkQueueSubmit2) are
 * reachable before genvk reports those versions.  Expectations are the
 * Vulkan spec's ("Fences", "Semaphores", "Semaphore Waiting"). */
#include <pthread.h>
#include <string.h>
#include <time.h>

#include "gvk_device.h"
#include "gvk_test.h"

#define MS 1000000ull

static VkDevice device;
static VkQueue queue;

static VkFence
make_fence(bool signalled)
{
   const VkFenceCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO,
      .flags = signalled ? VK_FENCE_CREATE_SIGNALED_BIT : 0,
   };
   VkFence fence = VK_NULL_HANDLE;
   CHECK(gvk_CreateFence(device, &info, NULL, &fence) == VK_SUCCESS);
   return fence;
}

static VkSemaphore
make_semaphore(VkSemaphoreType type, uint64_t initial)
{
   const VkSemaphoreTypeCreateInfo type_info = {
      .sType = VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO,
      .semaphoreType = type, .initialValue = initial,
   };
   const VkSemaphoreCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO, .pNext = &type_info,
   };
   VkSemaphore sem = VK_NULL_HANDLE;
   CHECK(gvk_CreateSemaphore(device, &info, NULL, &sem) == VK_SUCCESS);
   return sem;
}

static uint64_t
counter(VkSemaphore sem)
{
   uint64_t v = ~0ull;
   CHECK(gvk_GetSemaphoreCounterValue(device, sem, &v) == VK_SUCCESS);
   return v;
}

static VkResult
wait_value(VkSemaphore sem, uint64_t value, uint64_t timeout)
{
   const VkSemaphoreWaitInfo info = {
      .sType = VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO,
      .semaphoreCount = 1, .pSemaphores = &sem, .pValues = &value,
   };
   return gvk_WaitSemaphores(device, &info, timeout);
}

static void
test_fences(void)
{
   VkFence a = make_fence(false), b = make_fence(true);
   CHECK(gvk_GetFenceStatus(device, a) == VK_NOT_READY);
   CHECK(gvk_GetFenceStatus(device, b) == VK_SUCCESS);
   CHECK(gvk_WaitForFences(device, 1, &a, VK_TRUE, 1 * MS) == VK_TIMEOUT);
   VkFence both[2] = { a, b };
   CHECK(gvk_WaitForFences(device, 2, both, VK_TRUE, 1 * MS) == VK_TIMEOUT);
   CHECK(gvk_WaitForFences(device, 2, both, VK_FALSE, 1 * MS) == VK_SUCCESS);

   /* A submission of the fence alone signals it. */
   CHECK(gvk_QueueSubmit(queue, 0, NULL, a) == VK_SUCCESS);
   CHECK(gvk_WaitForFences(device, 2, both, VK_TRUE, UINT64_MAX) == VK_SUCCESS);
   CHECK(gvk_ResetFences(device, 2, both) == VK_SUCCESS);
   CHECK(gvk_GetFenceStatus(device, a) == VK_NOT_READY);
   CHECK(gvk_GetFenceStatus(device, b) == VK_NOT_READY);
   gvk_DestroyFence(device, a, NULL);
   gvk_DestroyFence(device, b, NULL);
}

static void
test_binary_semaphores(void)
{
   VkSemaphore sem = make_semaphore(VK_SEMAPHORE_TYPE_BINARY, 0);
   VkFence fence = make_fence(false);
   const VkPipelineStageFlags stage = VK_PIPELINE_STAGE_ALL_COMMANDS_BIT;
   const VkSubmitInfo submits[2] = {
      { .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .signalSemaphoreCount = 1, .pSignalSemaphores = &sem },
      { .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .waitSemaphoreCount = 1, .pWaitSemaphores = &sem,
        .pWaitDstStageMask = &stage },
   };
   CHECK(gvk_QueueSubmit(queue, 2, submits, fence) == VK_SUCCESS);
   CHECK(gvk_WaitForFences(device, 1, &fence, VK_TRUE, UINT64_MAX) == VK_SUCCESS);
   gvk_DestroyFence(device, fence, NULL);
   gvk_DestroySemaphore(device, sem, NULL);
}

static void
test_timeline_host(void)
{
   VkSemaphore sem = make_semaphore(VK_SEMAPHORE_TYPE_TIMELINE, 5);
   CHECK(counter(sem) == 5);
   CHECK(wait_value(sem, 5, 0) == VK_SUCCESS);
   CHECK(wait_value(sem, 6, 1 * MS) == VK_TIMEOUT);
   const VkSemaphoreSignalInfo signal = {
      .sType = VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO,
      .semaphore = sem, .value = 7,
   };
   CHECK(gvk_SignalSemaphore(device, &signal) == VK_SUCCESS);
   CHECK(counter(sem) == 7);
   CHECK(wait_value(sem, 6, 0) == VK_SUCCESS);

   /* Any: one reached point ends the wait; all: every one must be. */
   VkSemaphore other = make_semaphore(VK_SEMAPHORE_TYPE_TIMELINE, 0);
   VkSemaphore sems[2] = { sem, other };
   uint64_t values[2] = { 7, 1 };
   VkSemaphoreWaitInfo info = {
      .sType = VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO,
      .flags = VK_SEMAPHORE_WAIT_ANY_BIT,
      .semaphoreCount = 2, .pSemaphores = sems, .pValues = values,
   };
   CHECK(gvk_WaitSemaphores(device, &info, 1 * MS) == VK_SUCCESS);
   info.flags = 0;
   CHECK(gvk_WaitSemaphores(device, &info, 1 * MS) == VK_TIMEOUT);
   gvk_DestroySemaphore(device, other, NULL);
   gvk_DestroySemaphore(device, sem, NULL);
}

/* vkQueueSubmit2 signals a timeline point and the fence in order. */
static void
test_submit2(void)
{
   VkSemaphore sem = make_semaphore(VK_SEMAPHORE_TYPE_TIMELINE, 0);
   VkFence fence = make_fence(false);
   const VkSemaphoreSubmitInfo signal = {
      .sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO,
      .semaphore = sem, .value = 3,
   };
   const VkSubmitInfo2 submit = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO_2,
      .signalSemaphoreInfoCount = 1, .pSignalSemaphoreInfos = &signal,
   };
   CHECK(gvk_QueueSubmit2(queue, 1, &submit, fence) == VK_SUCCESS);
   CHECK(gvk_WaitForFences(device, 1, &fence, VK_TRUE, UINT64_MAX) == VK_SUCCESS);
   CHECK(counter(sem) == 3);
   gvk_DestroyFence(device, fence, NULL);
   gvk_DestroySemaphore(device, sem, NULL);
}

struct delayed_signal {
   VkSemaphore sem;
   uint64_t value;
};

static void *
signal_later(void *data)
{
   const struct delayed_signal *d = data;
   nanosleep(&(struct timespec){ .tv_nsec = 50 * MS }, NULL);
   const VkSemaphoreSignalInfo signal = {
      .sType = VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO,
      .semaphore = d->sem, .value = d->value,
   };
   gvk_SignalSemaphore(device, &signal);
   return NULL;
}

/* A submission waiting for a point nobody signalled yet neither fails nor
 * blocks vkQueueSubmit; what follows it on the queue waits behind it. */
static void
test_wait_before_signal(void)
{
   VkSemaphore gate = make_semaphore(VK_SEMAPHORE_TYPE_TIMELINE, 0);
   VkSemaphore out = make_semaphore(VK_SEMAPHORE_TYPE_TIMELINE, 0);
   VkFence first = make_fence(false), second = make_fence(false);
   const uint64_t wait_value_10 = 10, signal_value_1 = 1;
   const VkTimelineSemaphoreSubmitInfo tl = {
      .sType = VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO,
      .waitSemaphoreValueCount = 1, .pWaitSemaphoreValues = &wait_value_10,
      .signalSemaphoreValueCount = 1, .pSignalSemaphoreValues = &signal_value_1,
   };
   const VkPipelineStageFlags stage = VK_PIPELINE_STAGE_ALL_COMMANDS_BIT;
   const VkSubmitInfo submit = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .pNext = &tl,
      .waitSemaphoreCount = 1, .pWaitSemaphores = &gate,
      .pWaitDstStageMask = &stage,
      .signalSemaphoreCount = 1, .pSignalSemaphores = &out,
   };
   CHECK(gvk_QueueSubmit(queue, 1, &submit, first) == VK_SUCCESS);
   CHECK(gvk_QueueSubmit(queue, 0, NULL, second) == VK_SUCCESS);
   CHECK(gvk_GetFenceStatus(device, first) == VK_NOT_READY);
   CHECK(gvk_GetFenceStatus(device, second) == VK_NOT_READY);
   CHECK(wait_value(out, 1, 1 * MS) == VK_TIMEOUT);

   const VkSemaphoreSignalInfo signal = {
      .sType = VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO,
      .semaphore = gate, .value = 10,
   };
   CHECK(gvk_SignalSemaphore(device, &signal) == VK_SUCCESS);
   VkFence both[2] = { first, second };
   CHECK(gvk_WaitForFences(device, 2, both, VK_TRUE, 10000 * MS) == VK_SUCCESS);
   CHECK(counter(out) == 1);

   /* vkQueueWaitIdle waits for what the submit thread holds. */
   CHECK(gvk_ResetFences(device, 1, &first) == VK_SUCCESS);
   const uint64_t wait_value_20 = 20, signal_value_2 = 2;
   const VkTimelineSemaphoreSubmitInfo tl2 = {
      .sType = VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO,
      .waitSemaphoreValueCount = 1, .pWaitSemaphoreValues = &wait_value_20,
      .signalSemaphoreValueCount = 1, .pSignalSemaphoreValues = &signal_value_2,
   };
   VkSubmitInfo submit2 = submit;
   submit2.pNext = &tl2;
   CHECK(gvk_QueueSubmit(queue, 1, &submit2, first) == VK_SUCCESS);
   struct delayed_signal d = { gate, 20 };
   pthread_t thread;
   CHECK(pthread_create(&thread, NULL, signal_later, &d) == 0);
   CHECK(gvk_QueueWaitIdle(queue) == VK_SUCCESS);
   CHECK(gvk_GetFenceStatus(device, first) == VK_SUCCESS);
   CHECK(counter(out) == 2);
   pthread_join(thread, NULL);

   gvk_DestroyFence(device, first, NULL);
   gvk_DestroyFence(device, second, NULL);
   gvk_DestroySemaphore(device, gate, NULL);
   gvk_DestroySemaphore(device, out, NULL);
}

static void
run(const struct gvk_test_gpu *g)
{
   device = g->device;
   queue = g->queue;
   test_fences();
   test_binary_semaphores();
   test_timeline_host();
   test_submit2();
   test_wait_before_signal();
   CHECK(gvk_DeviceWaitIdle(device) == VK_SUCCESS);
}

int
main(void)
{
   return gvk_test_main(gvk_GetInstanceProcAddr, run,
                        "fences, semaphores and the submit thread: all checks passed");
}

/* The queue: vkQueueSubmit(2) as execbuffer2 calls on the device's one
 * context (in order, so submissions execute in order), fences and
 * semaphores as syncobjs attached to them, the submit thread that holds
 * submissions waiting for timeline points not submitted yet, and
 * vkQueueWaitIdle. */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include <i915_drm.h>
#include <xf86drm.h>

#include "gvk_alloc.h"
#include "gvk_cmd_buffer.h"
#include "gvk_decode.h"
#include "gvk_device.h"
#include "gvk_i915.h"
#include "gvk_log.h"
#include "gvk_physical_device.h"
#include "gvk_sync.h"
#include "macros.h"

/* One VkSubmitInfo, copied so that the submit thread can hold it: the
 * command buffers, then the fences of execbuffer2 (waits first, then
 * signals) with their timeline values (0 for binary syncobjs). */
struct gvk_submit {
   struct gvk_submit *next;
   size_t size;                           /* bytes allocated */
   uint32_t cmd_count, wait_count, fence_count;
   bool timeline;                         /* a value is not 0 */
   struct gvk_cmd_buffer **cmds;
   struct drm_i915_gem_exec_fence *fences;
   uint64_t *values;
   uint32_t *wait_handles;                /* the waits' syncobjs */
};

/* Submissions that wait for a timeline point nothing was submitted for
 * yet (wait-before-signal, Vulkan "Semaphore Waiting"): execbuffer2 would
 * fail on them, so the thread waits until every point has a fence and
 * submits then.  While it holds any, later submissions queue behind them
 * to keep the queue's order. */
struct gvk_submit_thread {
   pthread_t thread;
   pthread_cond_t cond;                   /* work queued, work done, exit */
   struct gvk_submit *head, **tail;
   bool exit;
};

/* How long the submit thread sleeps in one wait before it looks whether
 * the device is being destroyed. */
#define THREAD_WAIT_SLICE_NS 100000000ll

static VkResult submit_idle_batch(struct gvk_queue *queue);
static VkResult wait_and_check(struct gvk_queue *queue);

VkResult
gvk_queue_init(struct gvk_queue *queue, struct gvk_device *device,
               VkDeviceQueueCreateFlags flags)
{
   /* Embedded in the device, not allocated: only the loader magic and the
    * type of the base matter. */
   set_loader_magic_value(&queue->base.loader_data);
   queue->base.type = VK_OBJECT_TYPE_QUEUE;
   queue->base.alloc = device->base.alloc;
   queue->device = device;
   queue->flags = flags;
   queue->thread = NULL;
   queue->exec_bos = NULL;
   queue->exec_objects = NULL;
   queue->exec_bos_capacity = queue->exec_objects_capacity = 0;
   atomic_init(&queue->spare_submit, NULL);
   if (drmSyncobjCreate(device->fd, 0, &queue->syncobj))
      return gvk_fail(VK_ERROR_INITIALIZATION_FAILED,
                      "vkCreateDevice: DRM_IOCTL_SYNCOBJ_CREATE failed: %s",
                      strerror(errno));
   pthread_mutex_init(&queue->lock, NULL);
   return VK_SUCCESS;
}

static void free_submit(struct gvk_queue *queue, struct gvk_submit *s);

static void
stop_thread(struct gvk_queue *queue)
{
   struct gvk_submit_thread *t = queue->thread;
   pthread_mutex_lock(&queue->lock);
   t->exit = true;
   pthread_cond_broadcast(&t->cond);
   pthread_mutex_unlock(&queue->lock);
   pthread_join(t->thread, NULL);
   /* Only an application that destroys its device with work pending (not
    * valid usage) leaves submissions here. */
   while (t->head) {
      struct gvk_submit *s = t->head;
      t->head = s->next;
      free_submit(queue, s);
   }
   pthread_cond_destroy(&t->cond);
   gvk_free(&queue->base.alloc, t);
}

void
gvk_queue_finish(struct gvk_queue *queue)
{
   if (queue->thread)
      stop_thread(queue);
   gvk_private_data_free(&queue->base);
   gvk_free(&queue->base.alloc, atomic_load(&queue->spare_submit));
   gvk_free(&queue->base.alloc, queue->exec_bos);
   gvk_free(&queue->base.alloc, queue->exec_objects);
   pthread_mutex_destroy(&queue->lock);
   drmSyncobjDestroy(queue->device->fd, queue->syncobj);
}

/* ---- building submissions ---- */

static struct gvk_submit *
alloc_submit(struct gvk_queue *queue, uint32_t cmds, uint32_t waits,
             uint32_t signals)
{
   uint32_t fences = waits + signals;
   size_t size = sizeof(struct gvk_submit) +
                 cmds * sizeof(struct gvk_cmd_buffer *) +
                 fences * (sizeof(struct drm_i915_gem_exec_fence) +
                           sizeof(uint64_t)) +
                 waits * sizeof(uint32_t);
   /* It may outlive the command in the submit thread.  The last one freed
    * serves again when it is large enough (free_submit). */
   struct gvk_submit *s = atomic_exchange(&queue->spare_submit, NULL);
   if (s && s->size >= size) {
      size = s->size;
      memset(s, 0, size);
   } else {
      gvk_free(&queue->base.alloc, s);
      s = gvk_zalloc(&queue->base.alloc, size, VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
   }
   if (!s)
      return NULL;
   s->size = size;
   /* 8-byte members first, then 4-byte ones: every array stays aligned. */
   uint8_t *p = (uint8_t *)(s + 1);
   s->cmds = (struct gvk_cmd_buffer **)p;
   p += cmds * sizeof(*s->cmds);
   s->values = (uint64_t *)p;
   p += fences * sizeof(*s->values);
   s->fences = (struct drm_i915_gem_exec_fence *)p;
   p += fences * sizeof(*s->fences);
   s->wait_handles = (uint32_t *)p;
   return s;
}

/* Appends a wait (all waits come before the first signal) or a signal. */
static void
add_fence(struct gvk_submit *s, uint32_t syncobj, uint64_t value, bool wait)
{
   uint32_t i = s->fence_count++;
   s->fences[i] = (struct drm_i915_gem_exec_fence){
      .handle = syncobj,
      .flags = wait ? I915_EXEC_FENCE_WAIT : I915_EXEC_FENCE_SIGNAL,
   };
   s->values[i] = value;
   s->timeline |= value != 0;
   if (wait)
      s->wait_handles[s->wait_count++] = syncobj;
}

static void
add_semaphore(struct gvk_submit *s, VkSemaphore handle, uint64_t value,
              bool wait)
{
   struct gvk_semaphore *sem = gvk_semaphore_from_handle(handle);
   /* Vulkan: the value is ignored for binary semaphores. */
   if (sem->type != VK_SEMAPHORE_TYPE_TIMELINE)
      value = 0;
   add_fence(s, sem->syncobj, value, wait);
}

static const VkTimelineSemaphoreSubmitInfo *
find_timeline_info(const VkSubmitInfo *info)
{
   for (const VkBaseInStructure *p = info->pNext; p; p = p->pNext) {
      if (p->sType == VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO)
         return (const VkTimelineSemaphoreSubmitInfo *)p;
   }
   return NULL;
}

static struct gvk_submit *
submit_from_info(struct gvk_queue *queue, const VkSubmitInfo *info,
                 struct gvk_fence *fence)
{
   struct gvk_submit *s = alloc_submit(queue, info->commandBufferCount,
                                       info->waitSemaphoreCount,
                                       info->signalSemaphoreCount + !!fence);
   if (!s)
      return NULL;
   const VkTimelineSemaphoreSubmitInfo *tl = find_timeline_info(info);
   for (uint32_t i = 0; i < info->waitSemaphoreCount; i++) {
      uint64_t v = tl && i < tl->waitSemaphoreValueCount ?
                   tl->pWaitSemaphoreValues[i] : 0;
      add_semaphore(s, info->pWaitSemaphores[i], v, true);
   }
   for (uint32_t i = 0; i < info->signalSemaphoreCount; i++) {
      uint64_t v = tl && i < tl->signalSemaphoreValueCount ?
                   tl->pSignalSemaphoreValues[i] : 0;
      add_semaphore(s, info->pSignalSemaphores[i], v, false);
   }
   if (fence)
      add_fence(s, fence->syncobj, 0, false);
   for (uint32_t i = 0; i < info->commandBufferCount; i++)
      s->cmds[i] = gvk_cmd_buffer_from_handle(info->pCommandBuffers[i]);
   s->cmd_count = info->commandBufferCount;
   return s;
}

static struct gvk_submit *
submit_from_info2(struct gvk_queue *queue, const VkSubmitInfo2 *info,
                  struct gvk_fence *fence)
{
   struct gvk_submit *s = alloc_submit(queue, info->commandBufferInfoCount,
                                       info->waitSemaphoreInfoCount,
                                       info->signalSemaphoreInfoCount + !!fence);
   if (!s)
      return NULL;
   for (uint32_t i = 0; i < info->waitSemaphoreInfoCount; i++)
      add_semaphore(s, info->pWaitSemaphoreInfos[i].semaphore,
                    info->pWaitSemaphoreInfos[i].value, true);
   for (uint32_t i = 0; i < info->signalSemaphoreInfoCount; i++)
      add_semaphore(s, info->pSignalSemaphoreInfos[i].semaphore,
                    info->pSignalSemaphoreInfos[i].value, false);
   if (fence)
      add_fence(s, fence->syncobj, 0, false);
   for (uint32_t i = 0; i < info->commandBufferInfoCount; i++)
      s->cmds[i] =
         gvk_cmd_buffer_from_handle(info->pCommandBufferInfos[i].commandBuffer);
   s->cmd_count = info->commandBufferInfoCount;
   return s;
}

/* Kept as the queue's spare (alloc_submit), the previous spare freed:
 * applications submitting alike allocate nothing. */
static void
free_submit(struct gvk_queue *queue, struct gvk_submit *s)
{
   gvk_free(&queue->base.alloc, atomic_exchange(&queue->spare_submit, s));
}

static void
free_submits(struct gvk_queue *queue, struct gvk_submit *s)
{
   while (s) {
      struct gvk_submit *next = s->next;
      free_submit(queue, s);
      s = next;
   }
}

/* Vulkan "Command Buffer Lifecycle": only executable primary command
 * buffers can be submitted. */
static VkResult
check_cmd_buffers(const struct gvk_submit *s, const char *command)
{
   for (uint32_t i = 0; i < s->cmd_count; i++) {
      const struct gvk_cmd_buffer *cmd = s->cmds[i];
      if (cmd->level != VK_COMMAND_BUFFER_LEVEL_PRIMARY)
         return gvk_fail(VK_ERROR_UNKNOWN, "%s: command buffer %p is a "
                         "secondary command buffer", command,
                         (const void *)cmd);
      if (cmd->record_state != GVK_CMD_EXECUTABLE || !cmd->first_batch)
         return gvk_fail(VK_ERROR_UNKNOWN, "%s: command buffer %p is not "
                         "in the executable state", command,
                         (const void *)cmd);
   }
   return VK_SUCCESS;
}

/* ---- execbuffer2 ---- */

/* The ioctl, its GENVK_DEBUG=submit line, and what its error means for
 * the application: -EIO is the kernel banning the context after a hang or
 * fault it caused; anything else the kernel refuses is a submission the
 * driver got wrong, after which the queue's order cannot be kept. */
static VkResult
run_execbuffer(struct gvk_device *device,
               struct drm_i915_gem_execbuffer2 *execbuf, const char *what)
{
   int ret = gvk_ioctl(device->fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, execbuf);
   if (gvk_debug(SUBMIT))
      log_info("execbuffer2 ctx %u %s, %u objects: %s", device->ctx_id, what,
               execbuf->buffer_count, ret ? strerror(-ret) : "ok");
   if (ret == 0)
      return VK_SUCCESS;
   if (ret == -EIO)
      return gvk_device_set_lost(device, "the context was banned after a "
                                         "GPU hang or fault");
   if (ret == -ENOMEM)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   if (ret == -ENOSPC)
      return VK_ERROR_OUT_OF_DEVICE_MEMORY;
   log_error("execbuffer2 of %s failed: %s", what, strerror(-ret));
   return gvk_device_set_lost(device, "the kernel refused a submission");
}

/* Attaches fences [first, end) of s to execbuf: a fence array, or the
 * timeline-fences extension when a timeline point is involved. */
static void
attach_fences(struct drm_i915_gem_execbuffer2 *execbuf,
              struct drm_i915_gem_execbuffer_ext_timeline_fences *ext,
              const struct gvk_submit *s, uint32_t first, uint32_t end)
{
   if (first == end)
      return;
   if (!s->timeline) {
      execbuf->flags |= I915_EXEC_FENCE_ARRAY;
      execbuf->cliprects_ptr = (uintptr_t)&s->fences[first];
      execbuf->num_cliprects = end - first;
      return;
   }
   *ext = (struct drm_i915_gem_execbuffer_ext_timeline_fences){
      .base.name = DRM_I915_GEM_EXECBUFFER_EXT_TIMELINE_FENCES,
      .fence_count = end - first,
      .handles_ptr = (uintptr_t)&s->fences[first],
      .values_ptr = (uintptr_t)&s->values[first],
   };
   execbuf->flags |= I915_EXEC_USE_EXTENSIONS;
   execbuf->cliprects_ptr = (uintptr_t)ext;
}

/* GENVK_DEBUG=bat: the batch as the GPU will read it, every object at its
 * address (Gen7's presumed addresses are the ones written in it). */
static void
decode_batch(struct gvk_device *device, struct gvk_bo **bos, uint32_t count,
             uint64_t batch_addr)
{
   const VkAllocationCallbacks *alloc = &device->base.alloc;
   struct gvk_decode_object *objs =
      gvk_zalloc(alloc, MAX2(count, 1u) * sizeof(*objs),
                 VK_SYSTEM_ALLOCATION_SCOPE_COMMAND);
   if (!objs) {
      log_warn("GENVK_DEBUG=bat: out of memory, batch not decoded");
      return;
   }
   for (uint32_t i = 0; i < count; i++) {
      objs[i] = (struct gvk_decode_object){
         .address = bos[i]->addr,
         .size = bos[i]->size,
         .data = gvk_bo_map(device, bos[i]),
      };
   }
   struct gvk_decode_stats stats = { 0 };
   gvk_decode_batch(device->pdev->info.verx10, objs, count, batch_addr,
                    GVK_DECODE_FULL, stderr, &stats);
   gvk_free(alloc, objs);
}

/* Index of bo in the snapshot, which is sorted by address (a binary
 * search: a submission stays linear in the objects and the blocks);
 * count when it is not there. */
static uint32_t
bo_index(struct gvk_bo *const *bos, uint32_t count, const struct gvk_bo *bo)
{
   uint32_t lo = 0, hi = count;
   while (lo < hi) {
      uint32_t mid = lo + (hi - lo) / 2;
      if (bos[mid]->addr < bo->addr)
         lo = mid + 1;
      else
         hi = mid;
   }
   return lo < count && bos[lo] == bo ? lo : count;
}

/* The exec list: every live object (memory reached through descriptors or
 * device addresses must be resident), each block's relocations on its
 * object (Gen7), the batch last as execbuffer2 expects without
 * I915_EXEC_BATCH_FIRST. */
static VkResult
fill_exec_objects(struct gvk_device *device, const struct gvk_cmd_buffer *cmd,
                  struct gvk_bo *const *bos, uint32_t count,
                  struct drm_i915_gem_exec_object2 *objs)
{
   const uint32_t batch = bo_index(bos, count, cmd->first_batch->bo);
   if (batch == count)
      return gvk_fail(VK_ERROR_UNKNOWN, "vkQueueSubmit: the batch of command "
                      "buffer %p is not a live buffer object",
                      (const void *)cmd);
   for (uint32_t i = 0; i < count; i++)
      gvk_bo_exec_object(device, bos[i], &objs[i]);
   for (uint32_t b = 0; b < cmd->block_count; b++) {
      const struct gvk_cmd_block *block = &cmd->blocks[b];
      if (!block->relocs.count)
         continue;
      uint32_t i = bo_index(bos, count, block->bo);
      if (i == count)
         continue;
      objs[i].relocs_ptr = (uintptr_t)block->relocs.entries;
      objs[i].relocation_count = block->relocs.count;
   }
   const struct drm_i915_gem_exec_object2 tmp = objs[batch];
   objs[batch] = objs[count - 1];
   objs[count - 1] = tmp;
   return VK_SUCCESS;
}

/* queue->exec_objects for count objects, grown only. */
static VkResult
exec_objects(struct gvk_queue *queue, uint32_t count)
{
   if (count <= queue->exec_objects_capacity && queue->exec_objects)
      return VK_SUCCESS;
   const uint32_t cap = MAX2(count, 1u);
   struct drm_i915_gem_exec_object2 *objs =
      gvk_alloc(&queue->base.alloc, cap * sizeof(*objs),
                VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
   if (!objs)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   gvk_free(&queue->base.alloc, queue->exec_objects);
   queue->exec_objects = objs;
   queue->exec_objects_capacity = cap;
   return VK_SUCCESS;
}

/* One command buffer, with fences [first, end) of s; the queue is locked
 * (its exec lists). */
static VkResult
exec_cmd_buffer(struct gvk_queue *queue, const struct gvk_submit *s,
                const struct gvk_cmd_buffer *cmd, uint32_t first, uint32_t end)
{
   struct gvk_device *device = queue->device;
   uint32_t count;
   VkResult result = gvk_bo_list_snapshot_into(device, &queue->base.alloc,
                                               &queue->exec_bos,
                                               &queue->exec_bos_capacity, &count);
   if (result != VK_SUCCESS)
      return result;
   struct gvk_bo **bos = queue->exec_bos;
   result = exec_objects(queue, count);
   struct drm_i915_gem_exec_object2 *objs = queue->exec_objects;
   if (result == VK_SUCCESS)
      result = fill_exec_objects(device, cmd, bos, count, objs);
   if (result == VK_SUCCESS) {
      struct drm_i915_gem_execbuffer_ext_timeline_fences ext;
      struct drm_i915_gem_execbuffer2 execbuf = {
         .buffers_ptr = (uintptr_t)objs,
         .buffer_count = count,
         /* The whole first block: the chain continues with
          * MI_BATCH_BUFFER_START into the others. */
         .batch_len = (uint32_t)cmd->first_batch->bo->size,
         /* Engine 0 of the context's engine map: the render engine. */
         .rsvd1 = device->ctx_id,
      };
      attach_fences(&execbuf, &ext, s, first, end);
      if (gvk_debug(BAT))
         decode_batch(device, bos, count, cmd->first_batch->bo->addr);
      result = run_execbuffer(device, &execbuf, "a command buffer");
   }
   gvk_bo_list_unref(device, bos, count);
   return result;
}

/* The idle batch with fences [first, end) of s: a submission without
 * command buffers still waits and signals in queue order. */
static VkResult
exec_idle_batch(struct gvk_queue *queue, const struct gvk_submit *s,
                uint32_t first, uint32_t end)
{
   struct gvk_device *device = queue->device;
   struct drm_i915_gem_exec_object2 bo = { .handle = device->idle_batch };
   if (device->pdev->info.has_full_ppgtt) {
      bo.offset = gpu_addr_to_canonical(device->idle_batch_addr);
      bo.flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_SUPPORTS_48B_ADDRESS;
   }
   struct drm_i915_gem_execbuffer_ext_timeline_fences ext;
   struct drm_i915_gem_execbuffer2 execbuf = {
      .buffers_ptr = (uintptr_t)&bo,
      .buffer_count = 1,
      .batch_len = 8,
      .rsvd1 = device->ctx_id,
   };
   attach_fences(&execbuf, &ext, s, first, end);
   return run_execbuffer(device, &execbuf, "the idle batch");
}

/* GENVK_DEBUG=sync: waits for what was just submitted, so that a hang is
 * reported at the submission that caused it. */
static VkResult
sync_after_submit(struct gvk_queue *queue, const void *what)
{
   VkResult result = submit_idle_batch(queue);
   if (result == VK_SUCCESS)
      result = wait_and_check(queue);
   if (result == VK_ERROR_DEVICE_LOST)
      log_error("GENVK_DEBUG=sync: the device was lost by the submission of "
                "%s %p", what ? "command buffer" : "semaphores and fences",
                what);
   return result;
}

/* One submission: waits on its first execbuffer2, signals on its last. */
static VkResult
execute_submit(struct gvk_queue *queue, const struct gvk_submit *s)
{
   if (s->cmd_count == 0) {
      VkResult result = exec_idle_batch(queue, s, 0, s->fence_count);
      if (result == VK_SUCCESS && gvk_debug(SYNC))
         result = sync_after_submit(queue, NULL);
      return result;
   }
   VkResult result = VK_SUCCESS;
   for (uint32_t i = 0; i < s->cmd_count && result == VK_SUCCESS; i++) {
      uint32_t first = i == 0 ? 0 : s->wait_count;
      uint32_t end = i == s->cmd_count - 1 ? s->fence_count : s->wait_count;
      result = exec_cmd_buffer(queue, s, s->cmds[i], first, end);
      if (result == VK_SUCCESS && gvk_debug(SYNC))
         result = sync_after_submit(queue, s->cmds[i]);
   }
   return result;
}

/* A submission the lost device will not run: its signals are signalled
 * from the CPU so that nobody waits for them forever; every wait then
 * reports the device lost.  (A submission that failed otherwise was
 * reported to the application and must leave its semaphores alone.) */
static void
abandon_submit(struct gvk_queue *queue, const struct gvk_submit *s)
{
   int fd = queue->device->fd;
   if (!atomic_load(&queue->device->lost))
      return;
   for (uint32_t i = s->wait_count; i < s->fence_count; i++) {
      uint32_t handle = s->fences[i].handle;
      if (s->values[i])
         drmSyncobjTimelineSignal(fd, &handle, &s->values[i], 1);
      else
         drmSyncobjSignal(fd, &handle, 1);
   }
}

/* ---- the submit thread ---- */

/* Whether every timeline point s waits for has a fence (submitted or
 * signalled), waiting at most until abs_timeout. */
static int
wait_points_available(struct gvk_queue *queue, struct gvk_submit *s,
                      int64_t abs_timeout)
{
   if (!s->timeline || s->wait_count == 0)
      return 0;
   return drmSyncobjTimelineWait(queue->device->fd, s->wait_handles,
                                 s->values, s->wait_count, abs_timeout,
                                 DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL |
                                 DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE, NULL);
}

static int64_t
monotonic_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (int64_t)ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

/* Runs (or, once the device is lost, abandons) the head submission. */
static void
retire_head(struct gvk_queue *queue, bool wait_failed)
{
   struct gvk_submit_thread *t = queue->thread;
   struct gvk_submit *s = t->head;
   t->head = s->next;
   if (!t->head)
      t->tail = &t->head;
   if (wait_failed)
      gvk_device_set_lost(queue->device, "waiting for a timeline point failed");
   /* Nobody is left to report an error to: like a hang, it loses the
    * device (Vulkan allows any later call to say so). */
   if (!atomic_load(&queue->device->lost) &&
       execute_submit(queue, s) != VK_SUCCESS)
      gvk_device_set_lost(queue->device, "a held submission failed");
   abandon_submit(queue, s);
   free_submit(queue, s);
   pthread_cond_broadcast(&t->cond);
}

static void *
submit_thread_main(void *data)
{
   struct gvk_queue *queue = data;
   struct gvk_submit_thread *t = queue->thread;
   pthread_mutex_lock(&queue->lock);
   while (!t->exit) {
      if (!t->head) {
         pthread_cond_wait(&t->cond, &queue->lock);
         continue;
      }
      /* Only this thread removes the head: it stays valid unlocked. */
      struct gvk_submit *s = t->head;
      pthread_mutex_unlock(&queue->lock);
      int ret = wait_points_available(queue, s,
                                      monotonic_ns() + THREAD_WAIT_SLICE_NS);
      pthread_mutex_lock(&queue->lock);
      if (ret != -ETIME)
         retire_head(queue, ret != 0);
   }
   pthread_mutex_unlock(&queue->lock);
   return NULL;
}

static VkResult
start_thread(struct gvk_queue *queue)
{
   struct gvk_submit_thread *t =
      gvk_zalloc(&queue->base.alloc, sizeof(*t),
                 VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
   if (!t)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   t->tail = &t->head;
   pthread_cond_init(&t->cond, NULL);
   queue->thread = t;
   if (pthread_create(&t->thread, NULL, submit_thread_main, queue)) {
      pthread_cond_destroy(&t->cond);
      gvk_free(&queue->base.alloc, t);
      queue->thread = NULL;
      return gvk_fail(VK_ERROR_OUT_OF_HOST_MEMORY,
                      "vkQueueSubmit: cannot start the submit thread");
   }
   return VK_SUCCESS;
}

static bool
thread_busy(const struct gvk_queue *queue)
{
   return queue->thread && queue->thread->head;
}

/* ---- vkQueueSubmit ---- */

/* Submits or queues each submission in order; called with the queue
 * locked.  Takes ownership of the list. */
static VkResult
submit_list(struct gvk_queue *queue, struct gvk_submit *list)
{
   VkResult result = VK_SUCCESS;
   while (list && result == VK_SUCCESS) {
      struct gvk_submit *s = list;
      if (!thread_busy(queue) && wait_points_available(queue, s, 0) == 0) {
         list = s->next;
         result = execute_submit(queue, s);
         if (result != VK_SUCCESS)
            abandon_submit(queue, s);
         free_submit(queue, s);
         continue;
      }
      if (!queue->thread)
         result = start_thread(queue);
      if (result != VK_SUCCESS)
         break;
      /* The rest of the list follows s, in order. */
      *queue->thread->tail = list;
      while (list->next)
         list = list->next;
      queue->thread->tail = &list->next;
      list = NULL;
      pthread_cond_broadcast(&queue->thread->cond);
   }
   for (struct gvk_submit *s = list; s; s = s->next)
      abandon_submit(queue, s);
   free_submits(queue, list);
   return result;
}

/* A hang the kernel found since the last wait is not looked for here
 * (a reset-stats ioctl per submission): execbuffer2 fails with -EIO on
 * the banned context, and every wait asks the kernel (Vulkan "Lost
 * Device": a submission may report the loss, waits must). */
static VkResult
submit_locked(struct gvk_queue *queue, struct gvk_submit *list)
{
   pthread_mutex_lock(&queue->lock);
   VkResult result = submit_list(queue, list);
   pthread_mutex_unlock(&queue->lock);
   if (result == VK_SUCCESS && atomic_load(&queue->device->lost))
      return VK_ERROR_DEVICE_LOST;
   return result;
}

typedef struct gvk_submit *(*build_fn)(struct gvk_queue *queue,
                                       const void *info,
                                       struct gvk_fence *fence);

static struct gvk_submit *
build_v1(struct gvk_queue *queue, const void *info, struct gvk_fence *fence)
{
   return submit_from_info(queue, info, fence);
}

static struct gvk_submit *
build_v2(struct gvk_queue *queue, const void *info, struct gvk_fence *fence)
{
   return submit_from_info2(queue, info, fence);
}

/* A submission of the fence alone (vkQueueSubmit with no VkSubmitInfo):
 * it signals once everything submitted before it is done. */
static struct gvk_submit *
fence_only_submit(struct gvk_queue *queue, struct gvk_fence *fence)
{
   struct gvk_submit *s = alloc_submit(queue, 0, 0, 1);
   if (s)
      add_fence(s, fence->syncobj, 0, false);
   return s;
}

/* Builds every submission before running any, so that a host allocation
 * failure or an invalid command buffer leaves nothing submitted (Vulkan:
 * resources and synchronization primitives are unaffected by a failed
 * call).  The fence is signalled by the last one. */
static VkResult
build_submits(struct gvk_queue *queue, uint32_t count, const void *infos,
              size_t stride, build_fn build, VkFence _fence,
              const char *command, struct gvk_submit **out)
{
   struct gvk_fence *fence = gvk_fence_from_handle(_fence);
   *out = NULL;
   if (count == 0) {
      *out = fence ? fence_only_submit(queue, fence) : NULL;
      return !fence || *out ? VK_SUCCESS : VK_ERROR_OUT_OF_HOST_MEMORY;
   }
   struct gvk_submit **tail = out;
   for (uint32_t i = 0; i < count; i++) {
      const void *info = (const uint8_t *)infos + i * stride;
      struct gvk_submit *s = build(queue, info, i == count - 1 ? fence : NULL);
      VkResult result = s ? check_cmd_buffers(s, command)
                          : VK_ERROR_OUT_OF_HOST_MEMORY;
      if (s) {
         *tail = s;
         tail = &s->next;
      }
      if (result != VK_SUCCESS) {
         free_submits(queue, *out);
         *out = NULL;
         return result;
      }
   }
   return VK_SUCCESS;
}

static VkResult
queue_submit(VkQueue _queue, uint32_t count, const void *infos, size_t stride,
             build_fn build, VkFence fence, const char *command)
{
   struct gvk_queue *queue = gvk_queue_from_handle(_queue);
   if (atomic_load(&queue->device->lost))
      return VK_ERROR_DEVICE_LOST;
   struct gvk_submit *list;
   VkResult result = build_submits(queue, count, infos, stride, build, fence,
                                   command, &list);
   if (result != VK_SUCCESS || !list)
      return result;
   return submit_locked(queue, list);
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_QueueSubmit(VkQueue queue, uint32_t submitCount,
                const VkSubmitInfo *pSubmits, VkFence fence)
{
   return queue_submit(queue, submitCount, pSubmits, sizeof(*pSubmits),
                       build_v1, fence, "vkQueueSubmit");
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_QueueSubmit2(VkQueue queue, uint32_t submitCount,
                 const VkSubmitInfo2 *pSubmits, VkFence fence)
{
   return queue_submit(queue, submitCount, pSubmits, sizeof(*pSubmits),
                       build_v2, fence, "vkQueueSubmit2");
}

/* ---- idle ---- */

/* Submits the idle batch after everything already queued on the context,
 * with the queue's syncobj signalled when it completes. */
static VkResult
submit_idle_batch(struct gvk_queue *queue)
{
   struct gvk_submit s = { 0 };
   struct drm_i915_gem_exec_fence fence = {
      .handle = queue->syncobj, .flags = I915_EXEC_FENCE_SIGNAL,
   };
   uint64_t value = 0;
   s.fences = &fence;
   s.values = &value;
   s.fence_count = 1;
   return exec_idle_batch(queue, &s, 0, 1);
}

static VkResult
wait_and_check(struct gvk_queue *queue)
{
   struct gvk_device *device = queue->device;
   if (drmSyncobjWait(device->fd, &queue->syncobj, 1, INT64_MAX,
                      DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL, NULL))
      return gvk_device_set_lost(device, "waiting for the GPU failed");
   drmSyncobjReset(device->fd, &queue->syncobj, 1);
   /* A batch that hung or faulted before ours completes too; the kernel
    * counts it against the context. */
   return gvk_device_check_status(device);
}

/* Called with the queue locked: returns once the submit thread holds
 * nothing (it may wait for the application's vkSignalSemaphore). */
static void
drain_thread(struct gvk_queue *queue)
{
   while (thread_busy(queue))
      pthread_cond_wait(&queue->thread->cond, &queue->lock);
}

/* A real wait, even once the device is lost: the idle batch completes
 * after everything submitted before it (or fails on a banned context). */
VKAPI_ATTR VkResult VKAPI_CALL
gvk_QueueWaitIdle(VkQueue _queue)
{
   struct gvk_queue *queue = gvk_queue_from_handle(_queue);
   pthread_mutex_lock(&queue->lock);
   drain_thread(queue);
   VkResult result = submit_idle_batch(queue);
   if (result == VK_SUCCESS)
      result = wait_and_check(queue);
   pthread_mutex_unlock(&queue->lock);
   return result;
}

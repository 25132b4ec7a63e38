#ifndef GVK_DEVICE_H
#define GVK_DEVICE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "gvk_bo.h"
#include "gvk_entrypoints.h"
#include "gvk_object.h"

struct drm_i915_gem_exec_object2;
struct gvk_physical_device;
struct gvk_device;
struct gvk_submit;
struct gvk_device_bos;
struct gvk_genx_cmd;
struct gvk_meta;
struct gvk_pipeline_cache;

struct gvk_queue {
   struct gvk_object base;             /* dispatchable: loader data first */
   struct gvk_device *device;
   VkDeviceQueueCreateFlags flags;
   uint32_t syncobj;                   /* signalled by the idle batch */
   pthread_mutex_t lock;               /* vkQueue* are externally synced,
                                        * vkDeviceWaitIdle is not */
   /* gvk_queue.c: submissions waiting for a timeline point nothing has
    * been submitted for yet, and the thread that submits them in order */
   struct gvk_submit_thread *thread;
   /* gvk_queue.c: what submissions reuse instead of allocating: the
    * snapshot of live objects and execbuffer2's object list (used with
    * lock held, grown only), and the last submission freed */
   struct gvk_bo **exec_bos;
   uint32_t exec_bos_capacity;
   struct drm_i915_gem_exec_object2 *exec_objects;
   uint32_t exec_objects_capacity;
   struct gvk_submit *_Atomic spare_submit;
};

struct gvk_device {
   struct gvk_object base;
   struct gvk_physical_device *pdev;
   uint32_t api_version;
   struct gvk_extension_set enabled;   /* device extensions enabled */
   int fd;
   uint32_t ctx_id;                    /* i915 context: render engine only */
   struct gvk_queue queue;

   /* The batch of an empty submission: MI_BATCH_BUFFER_END. */
   uint32_t idle_batch;
   void *idle_batch_map;
   uint64_t idle_batch_addr;           /* softpinned address (Gen8+) */

   atomic_bool lost;

   /* gvk_bo.c: live buffer objects, the address allocator, free blocks */
   struct gvk_device_bos *bos;
   /* Instruction heap: every kernel; Instruction Base Address */
   struct gvk_heap kernels;
   /* genX_cmd_*.c of the device's generation */
   const struct gvk_genx_cmd *genx;
   /* gvk_meta.c: the driver's own pipelines (copies, fills) */
   struct gvk_meta *meta;
   /* used when the application passes no pipeline cache */
   struct gvk_pipeline_cache *default_cache;
   /* gvk_shader.c: kernels compiled, not found in a cache (tests) */
   atomic_uint shader_compiles;
};

static inline struct gvk_device *
gvk_device_from_handle(VkDevice h)
{
   return (struct gvk_device *)h;
}

static inline struct gvk_queue *
gvk_queue_from_handle(VkQueue h)
{
   return (struct gvk_queue *)h;
}

VkResult gvk_queue_init(struct gvk_queue *queue, struct gvk_device *device,
                        VkDeviceQueueCreateFlags flags);
void gvk_queue_finish(struct gvk_queue *queue);

/* Marks the device lost (once, logged) and returns VK_ERROR_DEVICE_LOST. */
VkResult gvk_device_set_lost(struct gvk_device *device, const char *why);

#endif

#include "gvk_device.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "gvk_alloc.h"
#include "gvk_cmd_buffer.h"
#include "gvk_i915.h"
#include "gvk_instance.h"
#include "gvk_log.h"
#include "gvk_meta.h"
#include "gvk_pipeline.h"
#include "gvk_physical_device.h"
#include "macros.h"

#define MI_BATCH_BUFFER_END (0x0Au << 23)
#define MI_NOOP 0u
#define IDLE_BATCH_SIZE 4096
/* Fixed GPU address of the idle batch on softpin generations; page 0 is
 * left unmapped so that a NULL address faults. */
#define IDLE_BATCH_ADDR (1ull << 20)
_Static_assert(IDLE_BATCH_ADDR + IDLE_BATCH_SIZE <= GVK_VA_RESERVED,
               "the idle batch lies where gvk_bo.c hands out no address");
/* Every kernel of the device; vgpu and the kernel back GEM pages lazily. */
#define KERNEL_HEAP_SIZE (64ull << 20)

static VkResult
check_queues(const VkDeviceCreateInfo *info)
{
   /* The only queue family has one queue (gvk_queue_family); the spec
    * requires at least one queue create info. */
   const VkDeviceQueueCreateInfo *q = info->pQueueCreateInfos;
   if (info->queueCreateInfoCount == 1 && q->queueFamilyIndex == 0 &&
       q->queueCount == 1)
      return VK_SUCCESS;
   return gvk_fail(VK_ERROR_INITIALIZATION_FAILED,
                   "vkCreateDevice: genvk has one queue family with one "
                   "queue (asked: %u queue create infos, family %u, %u "
                   "queues)", info->queueCreateInfoCount,
                   info->queueCreateInfoCount ? q->queueFamilyIndex : 0,
                   info->queueCreateInfoCount ? q->queueCount : 0);
}

static VkResult
check_features(const struct gvk_physical_device *pdev,
               const VkDeviceCreateInfo *info)
{
   const VkPhysicalDeviceFeatures *requested = info->pEnabledFeatures;
   for (const VkBaseInStructure *s = info->pNext; s && !requested; s = s->pNext) {
      if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2)
         requested = &((const VkPhysicalDeviceFeatures2 *)s)->features;
   }
   if (!requested)
      return VK_SUCCESS;

   VkPhysicalDeviceFeatures supported;
   gvk_GetPhysicalDeviceFeatures((VkPhysicalDevice)pdev, &supported);
   const char *missing = NULL;
   VkResult result = gvk_check_features(&supported, requested, &missing);
   if (result != VK_SUCCESS)
      return gvk_fail(result, "vkCreateDevice: feature %s is not supported",
                      missing);
   return VK_SUCCESS;
}

static VkResult
enable_extensions(struct gvk_device *device, const VkDeviceCreateInfo *info)
{
   for (uint32_t i = 0; i < info->enabledExtensionCount; i++) {
      const char *name = info->ppEnabledExtensionNames[i];
      int idx = gvk_extension_index(name);
      if (idx < GVK_DEVICE_EXT_FIRST || !device->pdev->supported.has[idx])
         return gvk_fail(VK_ERROR_EXTENSION_NOT_PRESENT,
                         "vkCreateDevice: device extension %s is not "
                         "supported by genvk", name);
      device->enabled.has[idx] = true;
   }
   return VK_SUCCESS;
}

static VkResult
create_idle_batch(struct gvk_device *device)
{
   const struct devinfo *info = &device->pdev->info;
   if (gvk_i915_gem_create(device->fd, IDLE_BATCH_SIZE, &device->idle_batch))
      return VK_ERROR_OUT_OF_DEVICE_MEMORY;
   uint32_t *map = gvk_i915_gem_mmap(device->fd, device->idle_batch,
                                     IDLE_BATCH_SIZE, info->has_llc,
                                     info->has_local_memory);
   if (!map) {
      gvk_i915_gem_close(device->fd, device->idle_batch);
      return gvk_fail(VK_ERROR_INITIALIZATION_FAILED,
                      "vkCreateDevice: cannot map a buffer of %s",
                      device->pdev->path);
   }
   map[0] = MI_BATCH_BUFFER_END;
   map[1] = MI_NOOP;
   device->idle_batch_map = map;
   device->idle_batch_addr = IDLE_BATCH_ADDR;
   return VK_SUCCESS;
}

static void
destroy_idle_batch(struct gvk_device *device)
{
   munmap(device->idle_batch_map, IDLE_BATCH_SIZE);
   gvk_i915_gem_close(device->fd, device->idle_batch);
}

static VkResult
create_memory_objects(struct gvk_device *device)
{
   VkResult result = gvk_device_bos_init(device);
   if (result != VK_SUCCESS)
      return result;
   result = gvk_heap_init(device, &device->kernels, KERNEL_HEAP_SIZE,
                          "kernels");
   if (result != VK_SUCCESS) {
      gvk_device_bos_finish(device);
      return result;
   }
   result = gvk_pipeline_cache_create_default(device);
   if (result == VK_SUCCESS) {
      result = gvk_meta_init(device);
      if (result != VK_SUCCESS)
         gvk_pipeline_cache_destroy_default(device);
   }
   if (result != VK_SUCCESS) {
      gvk_heap_finish(device, &device->kernels);
      gvk_device_bos_finish(device);
   }
   return result;
}

static void
destroy_memory_objects(struct gvk_device *device)
{
   /* the transfer pipelines' kernels live in the heap */
   gvk_meta_finish(device);
   gvk_pipeline_cache_destroy_default(device);
   gvk_heap_finish(device, &device->kernels);
   gvk_device_bos_finish(device);
}

static void
close_kernel_objects(struct gvk_device *device)
{
   gvk_queue_finish(&device->queue);
   destroy_idle_batch(device);
   gvk_i915_context_destroy(device->fd, device->ctx_id);
   close(device->fd);
}

/* Kernel objects of the device: render node, context, idle batch, queue. */
static VkResult
open_kernel_objects(struct gvk_device *device,
                    const VkDeviceQueueCreateInfo *queue_info)
{
   const char *path = device->pdev->path;
   device->fd = open(path, O_RDWR | O_CLOEXEC);
   if (device->fd < 0)
      return gvk_fail(VK_ERROR_INITIALIZATION_FAILED,
                      "vkCreateDevice: cannot open %s: %s", path,
                      strerror(errno));
   int ret = gvk_i915_context_create(device->fd, &device->ctx_id);
   if (ret) {
      close(device->fd);
      return gvk_fail(VK_ERROR_INITIALIZATION_FAILED,
                      "vkCreateDevice: i915 context creation failed: %s",
                      strerror(-ret));
   }
   VkResult result = create_idle_batch(device);
   if (result == VK_SUCCESS) {
      result = gvk_queue_init(&device->queue, device, queue_info->flags);
      if (result != VK_SUCCESS)
         destroy_idle_batch(device);
   }
   if (result != VK_SUCCESS) {
      gvk_i915_context_destroy(device->fd, device->ctx_id);
      close(device->fd);
   }
   return result;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_CreateDevice(VkPhysicalDevice physicalDevice,
                 const VkDeviceCreateInfo *pCreateInfo,
                 const VkAllocationCallbacks *pAllocator, VkDevice *pDevice)
{
   struct gvk_physical_device *pdev =
      gvk_physical_device_from_handle(physicalDevice);
   VkResult result = check_queues(pCreateInfo);
   if (result == VK_SUCCESS)
      result = check_features(pdev, pCreateInfo);
   if (result != VK_SUCCESS)
      return result;

   struct gvk_device *device =
      gvk_object_create(&pdev->instance->base.alloc, pAllocator,
                        sizeof(*device), VK_OBJECT_TYPE_DEVICE,
                        VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
   if (!device)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   device->pdev = pdev;
   device->api_version = MIN2(pdev->instance->api_version,
                              pdev->properties.apiVersion);
   atomic_init(&device->lost, false);
   /* Every generation the device table knows has its table. */
   device->genx = gvk_genx_cmd_for(pdev->info.verx10);

   result = enable_extensions(device, pCreateInfo);
   if (result == VK_SUCCESS)
      result = open_kernel_objects(device, pCreateInfo->pQueueCreateInfos);
   if (result != VK_SUCCESS) {
      gvk_object_destroy(&device->base);
      return result;
   }
   result = create_memory_objects(device);
   if (result != VK_SUCCESS) {
      close_kernel_objects(device);
      gvk_object_destroy(&device->base);
      return result;
   }
   *pDevice = (VkDevice)device;
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
gvk_DestroyDevice(VkDevice _device, const VkAllocationCallbacks *pAllocator)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   if (!device)
      return;
   destroy_memory_objects(device);
   close_kernel_objects(device);
   gvk_object_destroy(&device->base);
}

VKAPI_ATTR void VKAPI_CALL
gvk_GetDeviceQueue(VkDevice _device, uint32_t queueFamilyIndex,
                   uint32_t queueIndex, VkQueue *pQueue)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   if (queueFamilyIndex != 0 || queueIndex != 0) {
      gvk_fail(VK_ERROR_UNKNOWN, "vkGetDeviceQueue: no queue %u in family %u",
               queueIndex, queueFamilyIndex);
      *pQueue = VK_NULL_HANDLE;
      return;
   }
   *pQueue = (VkQueue)&device->queue;
}

VkResult
gvk_device_set_lost(struct gvk_device *device, const char *why)
{
   if (!atomic_exchange(&device->lost, true))
      log_error("%s: device lost: %s", device->pdev->info.name, why);
   return VK_ERROR_DEVICE_LOST;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_DeviceWaitIdle(VkDevice _device)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   return gvk_QueueWaitIdle((VkQueue)&device->queue);
}

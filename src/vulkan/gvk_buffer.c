/* Buffers and texel buffer views: a buffer is a range of one allocation's
 * buffer object, a view the surface-state facts of a range of a buffer. */
#include "gvk_memory.h"

#include "gvk_device.h"
#include "gvk_log.h"
#include "gvk_physical_device.h"
#include "isl.h"
#include "macros.h"

/* Every buffer starts on a 64-byte boundary: a cache line, and the
 * largest offset alignment the device reports (min*OffsetAlignment). */
#define BUFFER_ALIGNMENT 64u

/* The largest heap: no buffer can be bound to anything larger. */
static uint64_t
max_buffer_size(const struct gvk_physical_device *pdev)
{
   uint64_t max = 0;
   for (uint32_t i = 0; i < pdev->memory.memoryHeapCount; i++)
      max = MAX2(max, pdev->memory.memoryHeaps[i].size);
   return max;
}

static VkResult
check_buffer_info(const struct gvk_device *device,
                  const VkBufferCreateInfo *info)
{
   if (info->size == 0)
      return gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                      "vkCreateBuffer: size is 0");
   if (info->size > max_buffer_size(device->pdev))
      return gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                      "vkCreateBuffer: %llu bytes exceed every memory heap",
                      (unsigned long long)info->size);
   const VkBufferCreateFlags sparse = VK_BUFFER_CREATE_SPARSE_BINDING_BIT |
                                      VK_BUFFER_CREATE_SPARSE_RESIDENCY_BIT |
                                      VK_BUFFER_CREATE_SPARSE_ALIASED_BIT;
   if (info->flags & sparse)
      return gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                      "vkCreateBuffer: genvk has no sparse buffers (flags "
                      "0x%x)", info->flags);
   for (const VkBaseInStructure *s = info->pNext; s; s = s->pNext) {
      if (s->sType == VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_BUFFER_CREATE_INFO &&
          ((const VkExternalMemoryBufferCreateInfo *)s)->handleTypes)
         return gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                         "vkCreateBuffer: genvk has no external memory");
      if (s->sType == VK_STRUCTURE_TYPE_BUFFER_OPAQUE_CAPTURE_ADDRESS_CREATE_INFO &&
          ((const VkBufferOpaqueCaptureAddressCreateInfo *)s)->opaqueCaptureAddress)
         return gvk_fail(VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS,
                         "vkCreateBuffer: genvk does not replay captured "
                         "addresses");
   }
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_CreateBuffer(VkDevice _device, const VkBufferCreateInfo *pCreateInfo,
                 const VkAllocationCallbacks *pAllocator, VkBuffer *pBuffer)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   VkResult result = check_buffer_info(device, pCreateInfo);
   if (result != VK_SUCCESS)
      return result;
   struct gvk_buffer *buffer =
      gvk_object_create(&device->base.alloc, pAllocator, sizeof(*buffer),
                        VK_OBJECT_TYPE_BUFFER,
                        VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!buffer)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   buffer->size = pCreateInfo->size;
   buffer->usage = pCreateInfo->usage;
   buffer->flags = pCreateInfo->flags;
   *pBuffer = gvk_buffer_to_handle(buffer);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
gvk_DestroyBuffer(VkDevice device, VkBuffer _buffer,
                  const VkAllocationCallbacks *pAllocator)
{
   struct gvk_buffer *buffer = gvk_buffer_from_handle(_buffer);
   if (buffer)
      gvk_object_destroy(&buffer->base);
}

/* ---- memory requirements and binding ---- */

static void
buffer_requirements(const struct gvk_device *device, uint64_t size,
                    VkBufferUsageFlags usage, VkMemoryRequirements *req)
{
   /* Storage and uniform buffers are read and written in whole dwords
    * (untyped messages, surface ranges rounded up to 4 bytes), so their
    * memory covers the last partial dword. */
   if (usage & (VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT))
      size = ALIGN_POT(size, 4ull);
   *req = gvk_memory_requirements(device, size, BUFFER_ALIGNMENT);
}

static void
fill_requirements2(const struct gvk_device *device, uint64_t size,
                   VkBufferUsageFlags usage, VkMemoryRequirements2 *out)
{
   buffer_requirements(device, size, usage, &out->memoryRequirements);
   gvk_memory_requirements_chain(out);
}

VKAPI_ATTR void VKAPI_CALL
gvk_GetBufferMemoryRequirements(VkDevice _device, VkBuffer _buffer,
                                VkMemoryRequirements *pMemoryRequirements)
{
   struct gvk_buffer *buffer = gvk_buffer_from_handle(_buffer);
   buffer_requirements(gvk_device_from_handle(_device), buffer->size,
                       buffer->usage, pMemoryRequirements);
}

VKAPI_ATTR void VKAPI_CALL
gvk_GetBufferMemoryRequirements2(VkDevice _device,
                                 const VkBufferMemoryRequirementsInfo2 *pInfo,
                                 VkMemoryRequirements2 *pMemoryRequirements)
{
   struct gvk_buffer *buffer = gvk_buffer_from_handle(pInfo->buffer);
   fill_requirements2(gvk_device_from_handle(_device), buffer->size,
                      buffer->usage, pMemoryRequirements);
}

VKAPI_ATTR void VKAPI_CALL
gvk_GetDeviceBufferMemoryRequirements(
   VkDevice _device, const VkDeviceBufferMemoryRequirements *pInfo,
   VkMemoryRequirements2 *pMemoryRequirements)
{
   fill_requirements2(gvk_device_from_handle(_device),
                      pInfo->pCreateInfo->size, pInfo->pCreateInfo->usage,
                      pMemoryRequirements);
}

static VkResult
bind_buffer(const VkBindBufferMemoryInfo *info)
{
   struct gvk_buffer *buffer = gvk_buffer_from_handle(info->buffer);
   struct gvk_device_memory *mem = gvk_device_memory_from_handle(info->memory);
   if (info->memoryOffset % BUFFER_ALIGNMENT ||
       info->memoryOffset > mem->size ||
       buffer->size > mem->size - info->memoryOffset)
      return gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                      "vkBindBufferMemory: a %llu-byte buffer does not fit "
                      "at offset %llu of a %llu-byte allocation aligned to "
                      "%u", (unsigned long long)buffer->size,
                      (unsigned long long)info->memoryOffset,
                      (unsigned long long)mem->size, BUFFER_ALIGNMENT);
   buffer->address = (struct gvk_address){
      .bo = mem->bo, .offset = info->memoryOffset,
   };
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_BindBufferMemory2(VkDevice device, uint32_t bindInfoCount,
                      const VkBindBufferMemoryInfo *pBindInfos)
{
   for (uint32_t i = 0; i < bindInfoCount; i++) {
      VkResult result = bind_buffer(&pBindInfos[i]);
      if (result != VK_SUCCESS)
         return result;
   }
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_BindBufferMemory(VkDevice device, VkBuffer buffer, VkDeviceMemory memory,
                     VkDeviceSize memoryOffset)
{
   const VkBindBufferMemoryInfo info = {
      .sType = VK_STRUCTURE_TYPE_BIND_BUFFER_MEMORY_INFO,
      .buffer = buffer, .memory = memory, .memoryOffset = memoryOffset,
   };
   return bind_buffer(&info);
}

VKAPI_ATTR VkDeviceAddress VKAPI_CALL
gvk_GetBufferDeviceAddress(VkDevice device,
                           const VkBufferDeviceAddressInfo *pInfo)
{
   return gvk_address_gpu(gvk_buffer_from_handle(pInfo->buffer)->address);
}

/* Addresses are not replayed (no bufferDeviceAddressCaptureReplay), so
 * the opaque value is the address itself. */
VKAPI_ATTR uint64_t VKAPI_CALL
gvk_GetBufferOpaqueCaptureAddress(VkDevice device,
                                  const VkBufferDeviceAddressInfo *pInfo)
{
   return gvk_GetBufferDeviceAddress(device, pInfo);
}

/* ---- buffer views ---- */

/* The ISL_CAP_* bits a view of a buffer with these usages needs. */
static uint32_t
view_caps(VkBufferUsageFlags usage)
{
   uint32_t caps = 0;
   if (usage & VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT)
      caps |= ISL_CAP_UNIFORM_TEXEL;
   if (usage & VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT)
      caps |= ISL_CAP_STORAGE_TEXEL;
   return caps;
}

static VkResult
check_view_format(const struct gvk_device *device,
                  const struct gvk_buffer *buffer, VkFormat format,
                  const struct isl_vk_format **out)
{
   const struct isl_vk_format *f = isl_vk_format(format);
   uint32_t need = view_caps(buffer->usage);
   if (!need)
      return gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                      "vkCreateBufferView: the buffer has no texel buffer "
                      "usage (usage 0x%x)", buffer->usage);
   uint32_t caps = f ? isl_vk_format_caps(&device->pdev->info, format) : 0;
   const struct isl_format_layout *l = f ? isl_format_layout(f->format) : NULL;
   if (!l || (caps & need) != need || l->bpb % 8)
      return gvk_fail(VK_ERROR_FORMAT_NOT_SUPPORTED,
                      "vkCreateBufferView: VkFormat %d is no%s%s texel "
                      "buffer format on %s", format,
                      (need & ISL_CAP_UNIFORM_TEXEL) ? " uniform" : "",
                      (need & ISL_CAP_STORAGE_TEXEL) ? " storage" : "",
                      device->pdev->info.name);
   *out = f;
   return VK_SUCCESS;
}

/* Vulkan "Buffer Views": VK_WHOLE_SIZE runs to the end of the buffer,
 * rounded down to whole texels. */
static VkResult
view_range(const struct gvk_buffer *buffer, const VkBufferViewCreateInfo *info,
           unsigned texel_bytes, uint64_t *range)
{
   if (info->offset >= buffer->size)
      return gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                      "vkCreateBufferView: offset %llu is past the %llu-byte "
                      "buffer", (unsigned long long)info->offset,
                      (unsigned long long)buffer->size);
   uint64_t r = info->range;
   if (r == VK_WHOLE_SIZE)
      r = (buffer->size - info->offset) / texel_bytes * texel_bytes;
   if (r == 0 || r % texel_bytes || r > buffer->size - info->offset)
      return gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                      "vkCreateBufferView: range %llu at offset %llu is not "
                      "whole %u-byte texels inside the %llu-byte buffer",
                      (unsigned long long)info->range,
                      (unsigned long long)info->offset, texel_bytes,
                      (unsigned long long)buffer->size);
   if (r / texel_bytes > 1u << 27)
      return gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                      "vkCreateBufferView: %llu texels exceed "
                      "maxTexelBufferElements",
                      (unsigned long long)(r / texel_bytes));
   *range = r;
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_CreateBufferView(VkDevice _device, const VkBufferViewCreateInfo *pCreateInfo,
                     const VkAllocationCallbacks *pAllocator,
                     VkBufferView *pView)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   struct gvk_buffer *buffer = gvk_buffer_from_handle(pCreateInfo->buffer);
   if (!buffer->address.bo)
      return gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                      "vkCreateBufferView: the buffer is bound to no memory");
   const struct isl_vk_format *f = NULL;
   VkResult result = check_view_format(device, buffer, pCreateInfo->format, &f);
   if (result != VK_SUCCESS)
      return result;
   unsigned texel_bytes = isl_format_bytes(isl_format_layout(f->format));
   uint64_t range = 0;
   result = view_range(buffer, pCreateInfo, texel_bytes, &range);
   if (result != VK_SUCCESS)
      return result;

   struct gvk_buffer_view *view =
      gvk_object_create(&device->base.alloc, pAllocator, sizeof(*view),
                        VK_OBJECT_TYPE_BUFFER_VIEW,
                        VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!view)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   view->buffer = buffer;
   view->vk_format = pCreateInfo->format;
   view->isl_format = f->format;
   view->address = (struct gvk_address){
      .bo = buffer->address.bo,
      .offset = buffer->address.offset + pCreateInfo->offset,
   };
   view->range = range;
   view->texels = (uint32_t)(range / texel_bytes);
   *pView = gvk_buffer_view_to_handle(view);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
gvk_DestroyBufferView(VkDevice device, VkBufferView bufferView,
                      const VkAllocationCallbacks *pAllocator)
{
   struct gvk_buffer_view *view = gvk_buffer_view_from_handle(bufferView);
   if (view)
      gvk_object_destroy(&view->base);
}

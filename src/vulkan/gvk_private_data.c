/* VK_EXT_private_data (core in Vulkan 1.3, "Private Data"): a slot is a
 * key; each object keeps a list of (slot, value) entries in its base, so
 * that a value dies with its object and a new object (even at the same
 * address) reads 0.  An entry is allocated on the first vkSetPrivateData
 * of a slot on an object, with the object's allocator.
 *
 * VkDevicePrivateDataCreateInfo reservations are accepted and change
 * nothing: any number of slots can be created, and entries are allocated
 * per object, not per slot, so there is nothing to set aside up front.
 *
 * The entries of a destroyed slot stay on the objects that had a value
 * for it until they are destroyed: slots are identified by a number never
 * handed out twice, so no later slot can read them. */
#include <pthread.h>
#include <stdatomic.h>

#include "gvk_alloc.h"
#include "gvk_device.h"
#include "gvk_entrypoints.h"
#include "gvk_log.h"
#include "gvk_object.h"

struct gvk_private_data_slot {
   struct gvk_object base;
   uint64_t id;
};

GVK_DEFINE_HANDLE_CASTS(gvk_private_data_slot, VkPrivateDataSlot)

/* vkSetPrivateData and vkGetPrivateData are not externally synchronized
 * (vk.xml): one lock guards every object's list.  Neither is a hot path,
 * and a lock per device would only matter to applications that set
 * private data from many threads at once. */
static pthread_mutex_t entries_lock = PTHREAD_MUTEX_INITIALIZER;
/* Slot numbers, from 1, shared by all devices: 2^64 never wrap. */
static atomic_uint_fast64_t next_slot_id = 1;

VKAPI_ATTR VkResult VKAPI_CALL
gvk_CreatePrivateDataSlot(VkDevice _device, const VkPrivateDataSlotCreateInfo *pCreateInfo,
                          const VkAllocationCallbacks *pAllocator,
                          VkPrivateDataSlot *pPrivateDataSlot)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   struct gvk_private_data_slot *slot =
      gvk_object_create(&device->base.alloc, pAllocator, sizeof(*slot),
                        VK_OBJECT_TYPE_PRIVATE_DATA_SLOT,
                        VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!slot)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   slot->id = atomic_fetch_add(&next_slot_id, 1);
   *pPrivateDataSlot = gvk_private_data_slot_to_handle(slot);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
gvk_DestroyPrivateDataSlot(VkDevice _device, VkPrivateDataSlot privateDataSlot,
                           const VkAllocationCallbacks *pAllocator)
{
   struct gvk_private_data_slot *slot = gvk_private_data_slot_from_handle(privateDataSlot);
   if (slot)
      gvk_object_destroy(&slot->base);
}

/* Every handle, dispatchable or not, is the address of a driver object
 * that starts with its gvk_object. */
static struct gvk_object *
object_of(const char *command, VkObjectType type, uint64_t handle)
{
   struct gvk_object *obj = (struct gvk_object *)(uintptr_t)handle;
   if (!obj || obj->type != type) {
      gvk_fail(VK_ERROR_UNKNOWN, "%s: object 0x%llx is not of object type %d", command,
               (unsigned long long)handle, type);
      return NULL;
   }
   return obj;
}

static struct gvk_private_entry *
find_entry(const struct gvk_object *obj, uint64_t slot)
{
   for (struct gvk_private_entry *e = obj->private_data; e; e = e->next) {
      if (e->slot == slot)
         return e;
   }
   return NULL;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_SetPrivateData(VkDevice _device, VkObjectType objectType, uint64_t objectHandle,
                   VkPrivateDataSlot privateDataSlot, uint64_t data)
{
   struct gvk_object *obj = object_of("vkSetPrivateData", objectType, objectHandle);
   const struct gvk_private_data_slot *slot =
      gvk_private_data_slot_from_handle(privateDataSlot);
   if (!obj || !slot)
      return VK_ERROR_UNKNOWN;
   pthread_mutex_lock(&entries_lock);
   struct gvk_private_entry *e = find_entry(obj, slot->id);
   if (!e) {
      e = gvk_alloc(&obj->alloc, sizeof(*e), VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
      if (e) {
         *e = (struct gvk_private_entry){ .next = obj->private_data, .slot = slot->id };
         obj->private_data = e;
      }
   }
   if (e)
      e->value = data;
   pthread_mutex_unlock(&entries_lock);
   return e ? VK_SUCCESS : VK_ERROR_OUT_OF_HOST_MEMORY;
}

VKAPI_ATTR void VKAPI_CALL
gvk_GetPrivateData(VkDevice _device, VkObjectType objectType, uint64_t objectHandle,
                   VkPrivateDataSlot privateDataSlot, uint64_t *pData)
{
   *pData = 0;
   struct gvk_object *obj = object_of("vkGetPrivateData", objectType, objectHandle);
   const struct gvk_private_data_slot *slot =
      gvk_private_data_slot_from_handle(privateDataSlot);
   if (!obj || !slot)
      return;
   pthread_mutex_lock(&entries_lock);
   const struct gvk_private_entry *e = find_entry(obj, slot->id);
   if (e)
      *pData = e->value;
   pthread_mutex_unlock(&entries_lock);
}

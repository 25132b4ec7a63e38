/* Descriptor set layouts, descriptor pools and descriptor sets. */
#include "gvk_descriptor.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gvk_alloc.h"
#include "gvk_device.h"
#include "gvk_image.h"
#include "gvk_log.h"
#include "macros.h"

/* pImmutableSamplers is ignored for every other type (VkDescriptorSetLayoutBinding). */
static bool
binding_has_immutable_samplers(const VkDescriptorSetLayoutBinding *b)
{
   return b->pImmutableSamplers && b->descriptorCount > 0 &&
          (b->descriptorType == VK_DESCRIPTOR_TYPE_SAMPLER ||
           b->descriptorType == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER);
}

static const VkDescriptorSetLayoutBindingFlagsCreateInfo *
find_binding_flags(const VkDescriptorSetLayoutCreateInfo *info)
{
   for (const VkBaseInStructure *s = info->pNext; s; s = s->pNext) {
      if (s->sType == VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_BINDING_FLAGS_CREATE_INFO)
         return (const VkDescriptorSetLayoutBindingFlagsCreateInfo *)s;
   }
   return NULL;
}

/* What a layout create info asks for, and whether genvk can make it. */
struct layout_shape {
   uint32_t binding_count;          /* highest binding number + 1 */
   uint32_t immutable_count;        /* immutable sampler pointers */
   uint64_t descriptor_count;
   uint32_t variable_binding;       /* index into pBindings, or UINT32_MAX */
   const VkDescriptorBindingFlags *binding_flags;  /* per pBindings, or NULL */
   char problem[160];               /* why not, when not */
};

static bool __attribute__((format(printf, 2, 3)))
shape_fail(struct layout_shape *shape, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(shape->problem, sizeof(shape->problem), fmt, ap);
   va_end(ap);
   return false;
}

static bool
check_binding(struct layout_shape *shape,
              const VkDescriptorSetLayoutCreateInfo *info, uint32_t i)
{
   const VkDescriptorSetLayoutBinding *b = &info->pBindings[i];
   VkDescriptorBindingFlags flags =
      shape->binding_flags ? shape->binding_flags[i] : 0;
   /* Layouts index their bindings by number, holes included. */
   if (b->binding >= GVK_MAX_SET_DESCRIPTORS)
      return shape_fail(shape, "binding number %u exceeds genvk's %u",
                        b->binding, GVK_MAX_SET_DESCRIPTORS - 1);
   if ((uint32_t)b->descriptorType >= GVK_DESCRIPTOR_TYPE_COUNT)
      return shape_fail(shape, "binding %u: descriptor type %u is not supported",
                        b->binding, (uint32_t)b->descriptorType);
   if (!(flags & VK_DESCRIPTOR_BINDING_VARIABLE_DESCRIPTOR_COUNT_BIT))
      return true;
   /* VkDescriptorSetLayoutBindingFlagsCreateInfo valid usage: dynamic
    * buffers have a fixed count. */
   if (gvk_descriptor_type_is_dynamic(b->descriptorType))
      return shape_fail(shape, "binding %u: a dynamic buffer binding cannot "
                        "have a variable count (type %u)", b->binding,
                        (uint32_t)b->descriptorType);
   shape->variable_binding = i;
   return true;
}

/* Fills shape from info; false with shape->problem set when genvk cannot
 * create that layout. */
static bool
layout_shape(const VkDescriptorSetLayoutCreateInfo *info,
             struct layout_shape *shape)
{
   memset(shape, 0, sizeof(*shape));
   shape->variable_binding = UINT32_MAX;
   const VkDescriptorSetLayoutBindingFlagsCreateInfo *flags = find_binding_flags(info);
   if (flags && flags->bindingCount != 0) {
      if (flags->bindingCount != info->bindingCount)
         return shape_fail(shape, "VkDescriptorSetLayoutBindingFlagsCreateInfo "
                           "has %u flags for %u bindings", flags->bindingCount,
                           info->bindingCount);
      shape->binding_flags = flags->pBindingFlags;
   }
   uint32_t dynamic = 0;
   for (uint32_t i = 0; i < info->bindingCount; i++) {
      const VkDescriptorSetLayoutBinding *b = &info->pBindings[i];
      if (!check_binding(shape, info, i))
         return false;
      if (b->binding >= shape->binding_count)
         shape->binding_count = b->binding + 1;
      shape->descriptor_count += b->descriptorCount;
      if (binding_has_immutable_samplers(b))
         shape->immutable_count += b->descriptorCount;
      if (gvk_descriptor_type_is_dynamic(b->descriptorType))
         dynamic += b->descriptorCount;
   }
   if (shape->descriptor_count > GVK_MAX_SET_DESCRIPTORS)
      return shape_fail(shape, "%u descriptors in a set exceed genvk's %u",
                        (unsigned)MIN2(shape->descriptor_count, UINT32_MAX),
                        GVK_MAX_SET_DESCRIPTORS);
   /* VkDescriptorSetLayoutBindingFlagsCreateInfo valid usage: only the
    * highest-numbered binding may be variable-sized. */
   if (shape->variable_binding != UINT32_MAX &&
       info->pBindings[shape->variable_binding].binding != shape->binding_count - 1)
      return shape_fail(shape, "binding %u has a variable count but is not the "
                        "highest binding (%u)",
                        info->pBindings[shape->variable_binding].binding,
                        shape->binding_count - 1);
   if (!(info->flags & VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR))
      return true;
   /* VkDescriptorSetLayoutCreateInfo and VkDescriptorSetLayoutBindingFlagsCreateInfo
    * valid usage, and VkPhysicalDevicePushDescriptorPropertiesKHR. */
   if (dynamic > 0)
      return shape_fail(shape, "a push descriptor layout cannot hold dynamic "
                        "buffers (%u of them)", dynamic);
   if (shape->variable_binding != UINT32_MAX)
      return shape_fail(shape, "a push descriptor layout cannot have a "
                        "variable-count binding (binding %u)",
                        info->pBindings[shape->variable_binding].binding);
   if (shape->descriptor_count > GVK_MAX_PUSH_DESCRIPTORS)
      return shape_fail(shape, "a push descriptor layout of %u descriptors "
                        "exceeds maxPushDescriptors (%u)",
                        (unsigned)shape->descriptor_count, GVK_MAX_PUSH_DESCRIPTORS);
   return true;
}

/* First pass: each declared binding in place, indexed by its number;
 * `first` is UINT32_MAX until a binding is declared, so a number declared
 * twice is caught. */
static bool
fill_bindings(struct gvk_descriptor_set_layout *layout,
              const VkDescriptorSetLayoutCreateInfo *info,
              const struct layout_shape *shape, struct gvk_sampler **samplers)
{
   for (uint32_t n = 0; n < layout->binding_count; n++)
      layout->bindings[n] = (struct gvk_descriptor_set_binding) { .first = UINT32_MAX };
   for (uint32_t i = 0; i < info->bindingCount; i++) {
      const VkDescriptorSetLayoutBinding *src = &info->pBindings[i];
      struct gvk_descriptor_set_binding *b = &layout->bindings[src->binding];
      if (b->first != UINT32_MAX) {
         gvk_fail(VK_ERROR_UNKNOWN, "vkCreateDescriptorSetLayout: binding %u "
                  "is declared twice", src->binding);
         return false;
      }
      b->first = 0;
      b->type = src->descriptorType;
      b->count = src->descriptorCount;
      b->stages = src->stageFlags;
      b->flags = shape->binding_flags ? shape->binding_flags[i] : 0;
      if (!binding_has_immutable_samplers(src))
         continue;
      b->immutable_samplers = samplers;
      for (uint32_t e = 0; e < src->descriptorCount; e++)
         samplers[e] = gvk_sampler_from_handle(src->pImmutableSamplers[e]);
      samplers += src->descriptorCount;
   }
   return true;
}

/* Second pass: descriptors and dynamic offsets in binding-number order
 * (Vulkan spec "Descriptor Set Binding": dynamic offsets are ordered by
 * binding number, then array element). */
static void
place_bindings(struct gvk_descriptor_set_layout *layout)
{
   uint32_t first = 0, dynamic = 0;
   for (uint32_t n = 0; n < layout->binding_count; n++) {
      struct gvk_descriptor_set_binding *b = &layout->bindings[n];
      b->first = first;
      b->dynamic_index = dynamic;
      first += b->count;
      if (gvk_descriptor_type_is_dynamic(b->type))
         dynamic += b->count;
   }
   layout->descriptor_count = first;
   layout->dynamic_count = dynamic;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_CreateDescriptorSetLayout(VkDevice _device,
                              const VkDescriptorSetLayoutCreateInfo *pCreateInfo,
                              const VkAllocationCallbacks *pAllocator,
                              VkDescriptorSetLayout *pSetLayout)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   struct layout_shape shape;
   if (!layout_shape(pCreateInfo, &shape))
      return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateDescriptorSetLayout: %s",
                      shape.problem);

   size_t size = sizeof(struct gvk_descriptor_set_layout) +
                 shape.binding_count * sizeof(struct gvk_descriptor_set_binding) +
                 shape.immutable_count * sizeof(struct gvk_sampler *);
   struct gvk_descriptor_set_layout *layout =
      gvk_object_create(&device->base.alloc, pAllocator, size,
                        VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT,
                        VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!layout)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   atomic_init(&layout->refcount, 1);
   layout->flags = pCreateInfo->flags;
   layout->binding_count = shape.binding_count;
   layout->bindings = (struct gvk_descriptor_set_binding *)(layout + 1);
   layout->variable_count = shape.variable_binding != UINT32_MAX;
   struct gvk_sampler **samplers =
      (struct gvk_sampler **)(layout->bindings + shape.binding_count);
   if (!fill_bindings(layout, pCreateInfo, &shape, samplers)) {
      gvk_object_destroy(&layout->base);
      return VK_ERROR_UNKNOWN;
   }
   place_bindings(layout);
   *pSetLayout = gvk_descriptor_set_layout_to_handle(layout);
   return VK_SUCCESS;
}

void
gvk_descriptor_set_layout_unref(struct gvk_device *device,
                                struct gvk_descriptor_set_layout *layout)
{
   if (atomic_fetch_sub(&layout->refcount, 1) == 1)
      gvk_object_destroy(&layout->base);
}

VKAPI_ATTR void VKAPI_CALL
gvk_DestroyDescriptorSetLayout(VkDevice _device, VkDescriptorSetLayout setLayout,
                               const VkAllocationCallbacks *pAllocator)
{
   struct gvk_descriptor_set_layout *layout =
      gvk_descriptor_set_layout_from_handle(setLayout);
   if (layout)
      gvk_descriptor_set_layout_unref(gvk_device_from_handle(_device), layout);
}

VKAPI_ATTR void VKAPI_CALL
gvk_GetDescriptorSetLayoutSupport(VkDevice _device,
                                  const VkDescriptorSetLayoutCreateInfo *pCreateInfo,
                                  VkDescriptorSetLayoutSupport *pSupport)
{
   struct layout_shape shape;
   bool supported = layout_shape(pCreateInfo, &shape);
   pSupport->supported = supported;
   for (VkBaseOutStructure *s = pSupport->pNext; s; s = s->pNext) {
      if (s->sType != VK_STRUCTURE_TYPE_DESCRIPTOR_SET_VARIABLE_DESCRIPTOR_COUNT_LAYOUT_SUPPORT)
         continue;
      VkDescriptorSetVariableDescriptorCountLayoutSupport *v = (void *)s;
      v->maxVariableDescriptorCount = 0;
      if (!supported || shape.variable_binding == UINT32_MAX)
         continue;
      uint32_t others = (uint32_t)shape.descriptor_count -
         pCreateInfo->pBindings[shape.variable_binding].descriptorCount;
      v->maxVariableDescriptorCount = GVK_MAX_SET_DESCRIPTORS - others;
   }
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_CreateDescriptorPool(VkDevice _device,
                         const VkDescriptorPoolCreateInfo *pCreateInfo,
                         const VkAllocationCallbacks *pAllocator,
                         VkDescriptorPool *pDescriptorPool)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   uint64_t per_type[GVK_DESCRIPTOR_TYPE_COUNT] = { 0 };
   for (uint32_t i = 0; i < pCreateInfo->poolSizeCount; i++) {
      const VkDescriptorPoolSize *ps = &pCreateInfo->pPoolSizes[i];
      if ((uint32_t)ps->type >= GVK_DESCRIPTOR_TYPE_COUNT)
         return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateDescriptorPool: descriptor "
                         "type %u is not supported", (unsigned)ps->type);
      per_type[ps->type] += ps->descriptorCount;
   }

   struct gvk_descriptor_pool *pool =
      gvk_object_create(&device->base.alloc, pAllocator, sizeof(*pool),
                        VK_OBJECT_TYPE_DESCRIPTOR_POOL,
                        VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!pool)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   pool->flags = pCreateInfo->flags;
   pool->max_sets = pCreateInfo->maxSets;
   uint64_t total = 0;
   for (uint32_t t = 0; t < GVK_DESCRIPTOR_TYPE_COUNT; t++) {
      pool->max_per_type[t] = (uint32_t)MIN2(per_type[t], UINT32_MAX);
      total += per_type[t];
   }
   pool->max_descriptors = (uint32_t)MIN2(total, UINT32_MAX);
   *pDescriptorPool = gvk_descriptor_pool_to_handle(pool);
   return VK_SUCCESS;
}

/* Descriptors of a set of `layout` with `variable` elements in its
 * variable-sized binding, by type. */
static void
count_types(const struct gvk_descriptor_set_layout *layout, uint32_t variable,
            uint32_t per_type[GVK_DESCRIPTOR_TYPE_COUNT])
{
   memset(per_type, 0, GVK_DESCRIPTOR_TYPE_COUNT * sizeof(per_type[0]));
   for (uint32_t n = 0; n < layout->binding_count; n++) {
      const struct gvk_descriptor_set_binding *b = &layout->bindings[n];
      bool is_variable = layout->variable_count && n == layout->binding_count - 1;
      per_type[b->type] += is_variable ? variable : b->count;
   }
}

static uint32_t
set_variable_count(const struct gvk_descriptor_set *set)
{
   const struct gvk_descriptor_set_layout *layout = set->layout;
   if (!layout->variable_count)
      return 0;
   return set->descriptor_count - layout->bindings[layout->binding_count - 1].first;
}

static void
pool_unlink(struct gvk_descriptor_pool *pool, struct gvk_descriptor_set *set)
{
   if (set->pool_prev)
      set->pool_prev->pool_next = set->pool_next;
   else
      pool->sets = set->pool_next;
   if (set->pool_next)
      set->pool_next->pool_prev = set->pool_prev;
}

static void
pool_link(struct gvk_descriptor_pool *pool, struct gvk_descriptor_set *set)
{
   set->pool_next = pool->sets;
   if (pool->sets)
      pool->sets->pool_prev = set;
   pool->sets = set;
}

static void
set_destroy(struct gvk_device *device, struct gvk_descriptor_set *set)
{
   struct gvk_descriptor_pool *pool = set->pool;
   uint32_t per_type[GVK_DESCRIPTOR_TYPE_COUNT];
   count_types(set->layout, set_variable_count(set), per_type);
   for (uint32_t t = 0; t < GVK_DESCRIPTOR_TYPE_COUNT; t++)
      pool->live_per_type[t] -= per_type[t];
   pool->live_descriptors -= set->descriptor_count;
   pool->live_sets--;
   pool_unlink(pool, set);
   gvk_descriptor_set_layout_unref(device, set->layout);
   gvk_object_destroy(&set->base);
}

/* VK_ERROR_OUT_OF_POOL_MEMORY when a set of these counts does not fit
 * (vkAllocateDescriptorSets: the pool's maxSets and pool sizes bound what
 * it holds). */
static VkResult
pool_check_room(const struct gvk_descriptor_pool *pool,
                const uint32_t per_type[GVK_DESCRIPTOR_TYPE_COUNT])
{
   if (pool->live_sets >= pool->max_sets)
      return VK_ERROR_OUT_OF_POOL_MEMORY;
   for (uint32_t t = 0; t < GVK_DESCRIPTOR_TYPE_COUNT; t++) {
      if ((uint64_t)pool->live_per_type[t] + per_type[t] > pool->max_per_type[t])
         return VK_ERROR_OUT_OF_POOL_MEMORY;
   }
   return VK_SUCCESS;
}

/* Each set's serials start 2^32 above the previous set's (the serial of
 * gvk_descriptor.h), so a set reallocated where a freed one lived never
 * repeats its serials. */
static uint64_t
first_serial(void)
{
   static atomic_uint_least64_t next;
   return (uint64_t)atomic_fetch_add(&next, 1) << 32;
}

static VkResult
set_create(struct gvk_device *device, struct gvk_descriptor_pool *pool,
           struct gvk_descriptor_set_layout *layout, uint32_t variable,
           struct gvk_descriptor_set **out)
{
   uint32_t count = layout->descriptor_count;
   if (layout->variable_count) {
      const struct gvk_descriptor_set_binding *last =
         &layout->bindings[layout->binding_count - 1];
      /* VkDescriptorSetVariableDescriptorCountAllocateInfo valid usage */
      if (variable > last->count)
         return gvk_fail(VK_ERROR_UNKNOWN, "vkAllocateDescriptorSets: variable "
                         "descriptor count %u exceeds binding %u's %u", variable,
                         layout->binding_count - 1, last->count);
      count = last->first + variable;
   }
   uint32_t per_type[GVK_DESCRIPTOR_TYPE_COUNT];
   count_types(layout, variable, per_type);
   VkResult result = pool_check_room(pool, per_type);
   if (result != VK_SUCCESS)
      return result;

   struct gvk_descriptor_set *set =
      gvk_object_create(&pool->base.alloc, NULL,
                        sizeof(*set) + count * sizeof(struct gvk_descriptor),
                        VK_OBJECT_TYPE_DESCRIPTOR_SET,
                        VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!set)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   set->layout = gvk_descriptor_set_layout_ref(layout);
   set->pool = pool;
   set->descriptor_count = count;
   set->descriptors = (struct gvk_descriptor *)(set + 1);
   set->serial = first_serial();
   gvk_descriptor_init(layout, set->descriptors, count);
   for (uint32_t t = 0; t < GVK_DESCRIPTOR_TYPE_COUNT; t++)
      pool->live_per_type[t] += per_type[t];
   pool->live_descriptors += count;
   pool->live_sets++;
   pool_link(pool, set);
   *out = set;
   return VK_SUCCESS;
}

static const VkDescriptorSetVariableDescriptorCountAllocateInfo *
find_variable_counts(const VkDescriptorSetAllocateInfo *info)
{
   for (const VkBaseInStructure *s = info->pNext; s; s = s->pNext) {
      if (s->sType == VK_STRUCTURE_TYPE_DESCRIPTOR_SET_VARIABLE_DESCRIPTOR_COUNT_ALLOCATE_INFO)
         return (const VkDescriptorSetVariableDescriptorCountAllocateInfo *)s;
   }
   return NULL;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_AllocateDescriptorSets(VkDevice _device,
                           const VkDescriptorSetAllocateInfo *pAllocateInfo,
                           VkDescriptorSet *pDescriptorSets)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   struct gvk_descriptor_pool *pool =
      gvk_descriptor_pool_from_handle(pAllocateInfo->descriptorPool);
   const VkDescriptorSetVariableDescriptorCountAllocateInfo *variable =
      find_variable_counts(pAllocateInfo);
   if (variable && variable->descriptorSetCount != 0 &&
       variable->descriptorSetCount != pAllocateInfo->descriptorSetCount)
      return gvk_fail(VK_ERROR_UNKNOWN, "vkAllocateDescriptorSets: %u variable "
                      "descriptor counts for %u sets",
                      variable->descriptorSetCount,
                      pAllocateInfo->descriptorSetCount);

   VkResult result = VK_SUCCESS;
   uint32_t done = 0;
   for (; done < pAllocateInfo->descriptorSetCount; done++) {
      struct gvk_descriptor_set_layout *layout =
         gvk_descriptor_set_layout_from_handle(pAllocateInfo->pSetLayouts[done]);
      uint32_t count = variable && variable->descriptorSetCount ?
                       variable->pDescriptorCounts[done] : 0;
      struct gvk_descriptor_set *set = NULL;
      result = set_create(device, pool, layout, count, &set);
      if (result != VK_SUCCESS)
         break;
      pDescriptorSets[done] = gvk_descriptor_set_to_handle(set);
   }
   if (result == VK_SUCCESS)
      return VK_SUCCESS;
   /* Vulkan spec, vkAllocateDescriptorSets: on failure the sets already
    * made are destroyed and every handle is VK_NULL_HANDLE. */
   for (uint32_t i = 0; i < done; i++)
      set_destroy(device, gvk_descriptor_set_from_handle(pDescriptorSets[i]));
   for (uint32_t i = 0; i < pAllocateInfo->descriptorSetCount; i++)
      pDescriptorSets[i] = VK_NULL_HANDLE;
   return result;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_FreeDescriptorSets(VkDevice _device, VkDescriptorPool descriptorPool,
                       uint32_t descriptorSetCount,
                       const VkDescriptorSet *pDescriptorSets)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   struct gvk_descriptor_pool *pool = gvk_descriptor_pool_from_handle(descriptorPool);
   /* vkFreeDescriptorSets valid usage */
   if (!(pool->flags & VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT))
      return gvk_fail(VK_ERROR_UNKNOWN, "vkFreeDescriptorSets: the pool was "
                      "created without VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT");
   for (uint32_t i = 0; i < descriptorSetCount; i++) {
      struct gvk_descriptor_set *set =
         gvk_descriptor_set_from_handle(pDescriptorSets[i]);
      if (!set)
         continue;
      if (set->pool != pool)
         return gvk_fail(VK_ERROR_UNKNOWN, "vkFreeDescriptorSets: set %u was "
                         "not allocated from this pool", i);
      set_destroy(device, set);
   }
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_ResetDescriptorPool(VkDevice _device, VkDescriptorPool descriptorPool,
                        VkDescriptorPoolResetFlags flags)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   struct gvk_descriptor_pool *pool = gvk_descriptor_pool_from_handle(descriptorPool);
   while (pool->sets)
      set_destroy(device, pool->sets);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
gvk_DestroyDescriptorPool(VkDevice _device, VkDescriptorPool descriptorPool,
                          const VkAllocationCallbacks *pAllocator)
{
   struct gvk_descriptor_pool *pool = gvk_descriptor_pool_from_handle(descriptorPool);
   if (!pool)
      return;
   gvk_ResetDescriptorPool(_device, descriptorPool, 0);
   gvk_object_destroy(&pool->base);
}

/* Descriptor writes and copies (vkUpdateDescriptorSets), descriptor update
 * templates, and the descriptor arrays of fresh sets. */
#include "gvk_descriptor.h"

#include <string.h>

#include "gvk_alloc.h"
#include "gvk_device.h"
#include "gvk_image.h"
#include "gvk_log.h"
#include "gvk_memory.h"

struct gvk_descriptor *
gvk_descriptor_at(const struct gvk_descriptor_set_layout *layout,
                  struct gvk_descriptor *descriptors,
                  uint32_t binding, uint32_t element)
{
   if (binding >= layout->binding_count)
      return NULL;
   const struct gvk_descriptor_set_binding *b = &layout->bindings[binding];
   if (element >= b->count)
      return NULL;
   return &descriptors[b->first + element];
}

void
gvk_descriptor_init(const struct gvk_descriptor_set_layout *layout,
                    struct gvk_descriptor *descriptors, uint32_t count)
{
   for (uint32_t n = 0; n < layout->binding_count; n++) {
      const struct gvk_descriptor_set_binding *b = &layout->bindings[n];
      uint32_t size = gvk_binding_size(b, count);
      for (uint32_t e = 0; e < size; e++) {
         descriptors[b->first + e] = (struct gvk_descriptor) {
            .type = b->type,
            .sampler = b->immutable_samplers ? b->immutable_samplers[e] : NULL,
         };
      }
   }
}

/* A position in a descriptor array that walks the elements of a binding,
 * then those of the following bindings, skipping bindings without
 * descriptors (Vulkan spec, VkWriteDescriptorSet, "consecutive binding
 * updates"; copies and template entries follow the same rule). */
struct cursor {
   const struct gvk_descriptor_set_layout *layout;
   struct gvk_descriptor *descriptors;
   uint32_t count;                 /* entries of descriptors */
   uint32_t binding, element;
};

static const struct gvk_descriptor_set_binding *
cursor_binding(const struct cursor *c)
{
   if (c->binding >= c->layout->binding_count)
      return NULL;
   const struct gvk_descriptor_set_binding *b = &c->layout->bindings[c->binding];
   return c->element < gvk_binding_size(b, c->count) ? b : NULL;
}

static void
cursor_next(struct cursor *c)
{
   c->element++;
   while (c->binding < c->layout->binding_count &&
          c->element >= gvk_binding_size(&c->layout->bindings[c->binding], c->count)) {
      c->binding++;
      c->element = 0;
   }
}

static struct gvk_descriptor *
cursor_descriptor(const struct cursor *c, const struct gvk_descriptor_set_binding *b)
{
   return &c->descriptors[b->first + c->element];
}

static void
write_buffer(struct gvk_descriptor *d, const VkDescriptorBufferInfo *info)
{
   struct gvk_buffer *buffer = gvk_buffer_from_handle(info->buffer);
   d->buffer.addr = 0;
   d->buffer.range = 0;
   if (!buffer)
      return;
   /* VkDescriptorBufferInfo valid usage: offset < size */
   if (info->offset >= buffer->size) {
      gvk_fail(VK_ERROR_UNKNOWN, "descriptor write: buffer offset %llu is not "
               "below the buffer's size %llu: the descriptor is null",
               (unsigned long long)info->offset, (unsigned long long)buffer->size);
      return;
   }
   d->buffer.addr = gvk_address_gpu(buffer->address) + info->offset;
   d->buffer.range = info->range == VK_WHOLE_SIZE ? buffer->size - info->offset
                                                  : info->range;
}

static void
write_image(struct gvk_descriptor *d, const struct gvk_descriptor_set_binding *b,
            const VkDescriptorImageInfo *info, bool view, bool sampler)
{
   if (view) {
      d->image_view = gvk_image_view_from_handle(info->imageView);
      d->layout = info->imageLayout;
   }
   /* Immutable samplers stay: the sampler of the write is ignored
    * (VkWriteDescriptorSet, pImageInfo). */
   if (sampler && !b->immutable_samplers)
      d->sampler = gvk_sampler_from_handle(info->sampler);
}

/* One descriptor from the element a write or a template points at: a
 * VkDescriptorImageInfo, VkDescriptorBufferInfo or VkBufferView depending
 * on the type. */
static void
write_one(struct gvk_descriptor *d, const struct gvk_descriptor_set_binding *b,
          VkDescriptorType type, const void *src)
{
   d->type = type;
   switch (type) {
   case VK_DESCRIPTOR_TYPE_SAMPLER:
      write_image(d, b, src, false, true);
      return;
   case VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER:
      write_image(d, b, src, true, true);
      return;
   case VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE:
   case VK_DESCRIPTOR_TYPE_STORAGE_IMAGE:
   case VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT:
      write_image(d, b, src, true, false);
      return;
   case VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER:
   case VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER:
      d->buffer_view = gvk_buffer_view_from_handle(*(const VkBufferView *)src);
      return;
   case VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER:
   case VK_DESCRIPTOR_TYPE_STORAGE_BUFFER:
   case VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC:
   case VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC:
      write_buffer(d, src);
      return;
   default:
      return;
   }
}

/* `count` descriptors of `type` from src, src + stride, ... at c. */
static void
write_run(struct cursor *c, VkDescriptorType type, uint32_t count,
          const void *src, size_t stride)
{
   if ((uint32_t)type >= GVK_DESCRIPTOR_TYPE_COUNT) {
      gvk_fail(VK_ERROR_UNKNOWN, "descriptor write: descriptor type %u is not "
               "supported", (unsigned)type);
      return;
   }
   const uint32_t binding = c->binding, element = c->element;
   for (uint32_t i = 0; i < count; i++) {
      const struct gvk_descriptor_set_binding *b = cursor_binding(c);
      if (!b) {
         gvk_fail(VK_ERROR_UNKNOWN, "descriptor write: %u descriptors from "
                  "binding %u element %u: number %u is past the set's "
                  "descriptors", count, binding, element, i);
         return;
      }
      if (b->type != type) {
         gvk_fail(VK_ERROR_UNKNOWN, "descriptor write: binding %u has type %u, "
                  "the write type %u", c->binding, (unsigned)b->type,
                  (unsigned)type);
         return;
      }
      write_one(cursor_descriptor(c, b), b, type, (const char *)src + i * stride);
      cursor_next(c);
   }
}

/* The array of VkWriteDescriptorSet that holds its type's elements. */
static const void *
write_source(const VkWriteDescriptorSet *w, size_t *stride)
{
   switch (w->descriptorType) {
   case VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER:
   case VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER:
      *stride = sizeof(VkBufferView);
      return w->pTexelBufferView;
   case VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER:
   case VK_DESCRIPTOR_TYPE_STORAGE_BUFFER:
   case VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC:
   case VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC:
      *stride = sizeof(VkDescriptorBufferInfo);
      return w->pBufferInfo;
   default:
      *stride = sizeof(VkDescriptorImageInfo);
      return w->pImageInfo;
   }
}

static void
write_descriptors(const struct gvk_descriptor_set_layout *layout,
                  struct gvk_descriptor *descriptors, uint32_t count,
                  const VkWriteDescriptorSet *w)
{
   struct cursor c = {
      .layout = layout, .descriptors = descriptors, .count = count,
      .binding = w->dstBinding, .element = w->dstArrayElement,
   };
   size_t stride;
   const void *src = write_source(w, &stride);
   write_run(&c, w->descriptorType, w->descriptorCount, src, stride);
}

void
gvk_descriptor_write(struct gvk_device *device,
                     const struct gvk_descriptor_set_layout *layout,
                     struct gvk_descriptor *descriptors,
                     const VkWriteDescriptorSet *write)
{
   write_descriptors(layout, descriptors, layout->descriptor_count, write);
}

static void
copy_descriptors(const VkCopyDescriptorSet *copy)
{
   struct gvk_descriptor_set *src = gvk_descriptor_set_from_handle(copy->srcSet);
   struct gvk_descriptor_set *dst = gvk_descriptor_set_from_handle(copy->dstSet);
   dst->serial++;
   struct cursor s = {
      .layout = src->layout, .descriptors = src->descriptors,
      .count = src->descriptor_count,
      .binding = copy->srcBinding, .element = copy->srcArrayElement,
   };
   struct cursor d = {
      .layout = dst->layout, .descriptors = dst->descriptors,
      .count = dst->descriptor_count,
      .binding = copy->dstBinding, .element = copy->dstArrayElement,
   };
   for (uint32_t i = 0; i < copy->descriptorCount; i++) {
      const struct gvk_descriptor_set_binding *sb = cursor_binding(&s);
      const struct gvk_descriptor_set_binding *db = cursor_binding(&d);
      if (!sb || !db || sb->type != db->type) {
         gvk_fail(VK_ERROR_UNKNOWN, "vkUpdateDescriptorSets: copy element %u "
                  "from binding %u[%u] to binding %u[%u]: %s", i, s.binding,
                  s.element, d.binding, d.element,
                  !sb || !db ? "past the set's bindings" : "types differ");
         return;
      }
      struct gvk_descriptor *to = cursor_descriptor(&d, db);
      struct gvk_sampler *immutable = to->sampler;
      *to = *cursor_descriptor(&s, sb);
      if (db->immutable_samplers)
         to->sampler = immutable;
      cursor_next(&s);
      cursor_next(&d);
   }
}

VKAPI_ATTR void VKAPI_CALL
gvk_UpdateDescriptorSets(VkDevice _device, uint32_t descriptorWriteCount,
                         const VkWriteDescriptorSet *pDescriptorWrites,
                         uint32_t descriptorCopyCount,
                         const VkCopyDescriptorSet *pDescriptorCopies)
{
   /* Writes first, then copies (vkUpdateDescriptorSets). */
   for (uint32_t i = 0; i < descriptorWriteCount; i++) {
      const VkWriteDescriptorSet *w = &pDescriptorWrites[i];
      struct gvk_descriptor_set *set = gvk_descriptor_set_from_handle(w->dstSet);
      write_descriptors(set->layout, set->descriptors, set->descriptor_count, w);
      set->serial++;
   }
   for (uint32_t i = 0; i < descriptorCopyCount; i++)
      copy_descriptors(&pDescriptorCopies[i]);
}

static void
write_template(const struct gvk_descriptor_set_layout *layout,
               struct gvk_descriptor *descriptors, uint32_t count,
               const struct gvk_descriptor_update_template *t, const void *data)
{
   for (uint32_t i = 0; i < t->entry_count; i++) {
      const struct gvk_descriptor_update_template_entry *e = &t->entries[i];
      struct cursor c = {
         .layout = layout, .descriptors = descriptors, .count = count,
         .binding = e->binding, .element = e->array_element,
      };
      write_run(&c, e->type, e->count, (const char *)data + e->offset, e->stride);
   }
}

void
gvk_descriptor_write_template(struct gvk_device *device,
                              const struct gvk_descriptor_set_layout *layout,
                              struct gvk_descriptor *descriptors,
                              const struct gvk_descriptor_update_template *t,
                              const void *data)
{
   write_template(layout, descriptors, layout->descriptor_count, t, data);
}

VKAPI_ATTR void VKAPI_CALL
gvk_UpdateDescriptorSetWithTemplate(VkDevice _device, VkDescriptorSet descriptorSet,
                                    VkDescriptorUpdateTemplate descriptorUpdateTemplate,
                                    const void *pData)
{
   struct gvk_descriptor_set *set = gvk_descriptor_set_from_handle(descriptorSet);
   const struct gvk_descriptor_update_template *t =
      gvk_descriptor_update_template_from_handle(descriptorUpdateTemplate);
   write_template(set->layout, set->descriptors, set->descriptor_count, t, pData);
   set->serial++;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_CreateDescriptorUpdateTemplate(VkDevice _device,
                                   const VkDescriptorUpdateTemplateCreateInfo *pCreateInfo,
                                   const VkAllocationCallbacks *pAllocator,
                                   VkDescriptorUpdateTemplate *pDescriptorUpdateTemplate)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   for (uint32_t i = 0; i < pCreateInfo->descriptorUpdateEntryCount; i++) {
      VkDescriptorType type = pCreateInfo->pDescriptorUpdateEntries[i].descriptorType;
      if ((uint32_t)type >= GVK_DESCRIPTOR_TYPE_COUNT)
         return gvk_fail(VK_ERROR_UNKNOWN, "vkCreateDescriptorUpdateTemplate: "
                         "entry %u: descriptor type %u is not supported", i,
                         (unsigned)type);
   }
   size_t size = sizeof(struct gvk_descriptor_update_template) +
                 pCreateInfo->descriptorUpdateEntryCount *
                 sizeof(struct gvk_descriptor_update_template_entry);
   struct gvk_descriptor_update_template *t =
      gvk_object_create(&device->base.alloc, pAllocator, size,
                        VK_OBJECT_TYPE_DESCRIPTOR_UPDATE_TEMPLATE,
                        VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!t)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   t->type = pCreateInfo->templateType;
   t->bind_point = pCreateInfo->pipelineBindPoint;
   t->set = pCreateInfo->set;
   t->entry_count = pCreateInfo->descriptorUpdateEntryCount;
   t->entries = (struct gvk_descriptor_update_template_entry *)(t + 1);
   for (uint32_t i = 0; i < t->entry_count; i++) {
      const VkDescriptorUpdateTemplateEntry *e = &pCreateInfo->pDescriptorUpdateEntries[i];
      t->entries[i] = (struct gvk_descriptor_update_template_entry) {
         .type = e->descriptorType, .binding = e->dstBinding,
         .array_element = e->dstArrayElement, .count = e->descriptorCount,
         .offset = e->offset, .stride = e->stride,
      };
   }
   *pDescriptorUpdateTemplate = gvk_descriptor_update_template_to_handle(t);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
gvk_DestroyDescriptorUpdateTemplate(VkDevice _device,
                                    VkDescriptorUpdateTemplate descriptorUpdateTemplate,
                                    const VkAllocationCallbacks *pAllocator)
{
   struct gvk_descriptor_update_template *t =
      gvk_descriptor_update_template_from_handle(descriptorUpdateTemplate);
   if (t)
      gvk_object_destroy(&t->base);
}

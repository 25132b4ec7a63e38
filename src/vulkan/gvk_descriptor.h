/* Descriptor set layouts, pools, sets, update templates and pipeline
 * layouts.
 *
 * A set holds one struct gvk_descriptor per array element of each binding
 * (CPU data only): a command buffer builds the binding table of a dispatch
 * or draw from them when it flushes, so an update is a few stores and
 * there is no GPU state to keep coherent with the sets. */
#ifndef GVK_DESCRIPTOR_H
#define GVK_DESCRIPTOR_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gvk_object.h"

struct gvk_device;
struct gvk_descriptor_pool;
struct gvk_buffer_view;
struct gvk_image_view;
struct gvk_sampler;

#define GVK_MAX_SETS 8
#define GVK_MAX_PUSH_CONSTANTS 256      /* bytes */
#define GVK_MAX_DYNAMIC_BUFFERS 16      /* per pipeline layout */
#define GVK_MAX_PUSH_DESCRIPTORS 32
/* Descriptors of one set (maxPerSetDescriptors; also the bound on a
 * variable-sized binding): sets are CPU arrays, the bound only keeps
 * their sizes far from overflow. */
#define GVK_MAX_SET_DESCRIPTORS (1u << 20)
/* The core descriptor types, SAMPLER .. INPUT_ATTACHMENT: pools count
 * each separately. */
#define GVK_DESCRIPTOR_TYPE_COUNT (VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT + 1)

struct gvk_descriptor {
   VkDescriptorType type;               /* 0 (SAMPLER) ... as written */
   union {
      struct {                          /* UBO, SSBO (+ _DYNAMIC) */
         uint64_t addr;                 /* GPU address of offset */
         uint64_t range;                /* resolved (no WHOLE_SIZE) */
      } buffer;
      struct gvk_buffer_view *buffer_view;
   };
   struct gvk_image_view *image_view;   /* images, input attachments */
   VkImageLayout layout;
   struct gvk_sampler *sampler;         /* samplers, combined */
};

struct gvk_descriptor_set_binding {
   VkDescriptorType type;
   uint32_t count;                      /* array elements */
   uint32_t first;                      /* index of element 0 in the set */
   uint32_t dynamic_index;              /* first dynamic offset slot in the
                                         * set, for *_DYNAMIC buffers */
   VkShaderStageFlags stages;
   VkDescriptorBindingFlags flags;
   struct gvk_sampler **immutable_samplers;  /* count entries or NULL */
};

struct gvk_descriptor_set_layout {
   struct gvk_object base;
   atomic_uint refcount;                /* sets and pipeline layouts keep it */
   VkDescriptorSetLayoutCreateFlags flags;
   uint32_t binding_count;              /* highest binding number + 1 */
   uint32_t descriptor_count;           /* gvk_descriptor entries of a set */
   uint32_t dynamic_count;              /* dynamic buffer descriptors */
   bool variable_count;                 /* last binding variable-sized */
   struct gvk_descriptor_set_binding *bindings;  /* binding_count, indexed
                                                  * by binding number; count 0:
                                                  * unused number */
};

struct gvk_descriptor_set {
   struct gvk_object base;
   struct gvk_descriptor_set_layout *layout;
   struct gvk_descriptor_pool *pool;
   struct gvk_descriptor_set *pool_next;     /* pool's list of live sets */
   struct gvk_descriptor_set *pool_prev;
   uint32_t descriptor_count;
   struct gvk_descriptor *descriptors;
   /* Changes with every write or copy into the set, and no set allocated
    * later at the same address starts with a value this one had: command
    * buffers reuse the binding tables they built from (set, serial). */
   uint64_t serial;
};

struct gvk_descriptor_pool {
   struct gvk_object base;
   VkDescriptorPoolCreateFlags flags;
   uint32_t max_sets, live_sets;
   uint32_t max_descriptors, live_descriptors;
   uint32_t max_per_type[GVK_DESCRIPTOR_TYPE_COUNT];
   uint32_t live_per_type[GVK_DESCRIPTOR_TYPE_COUNT];
   struct gvk_descriptor_set *sets;
};

struct gvk_pipeline_layout {
   struct gvk_object base;
   atomic_uint refcount;
   uint32_t set_count;
   struct gvk_descriptor_set_layout *sets[GVK_MAX_SETS];
   uint32_t dynamic_offset_start[GVK_MAX_SETS];
   uint32_t dynamic_count;
   uint32_t push_constant_size;         /* bytes, highest range end */
   VkShaderStageFlags push_constant_stages;
   /* A hash of everything a compiled kernel depends on in the layout
    * (pipeline cache keys). */
   uint8_t sha1[20];
};

struct gvk_descriptor_update_template_entry {
   VkDescriptorType type;
   uint32_t binding, array_element, count;
   size_t offset, stride;
};

struct gvk_descriptor_update_template {
   struct gvk_object base;
   VkDescriptorUpdateTemplateType type;
   VkPipelineBindPoint bind_point;
   uint32_t set;                        /* push descriptors */
   uint32_t entry_count;
   struct gvk_descriptor_update_template_entry *entries;
};

GVK_DEFINE_HANDLE_CASTS(gvk_descriptor_set_layout, VkDescriptorSetLayout)
GVK_DEFINE_HANDLE_CASTS(gvk_descriptor_set, VkDescriptorSet)
GVK_DEFINE_HANDLE_CASTS(gvk_descriptor_pool, VkDescriptorPool)
GVK_DEFINE_HANDLE_CASTS(gvk_pipeline_layout, VkPipelineLayout)
GVK_DEFINE_HANDLE_CASTS(gvk_descriptor_update_template, VkDescriptorUpdateTemplate)

static inline bool
gvk_descriptor_type_is_dynamic(VkDescriptorType type)
{
   return type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC ||
          type == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC;
}

/* Elements of binding b present in an array of `count` descriptors: fewer
 * than b->count for a variable-sized binding allocated smaller. */
static inline uint32_t
gvk_binding_size(const struct gvk_descriptor_set_binding *b, uint32_t count)
{
   if (b->first >= count)
      return 0;
   return b->count < count - b->first ? b->count : count - b->first;
}

/* The descriptor of (binding, element) in a set laid out by layout, NULL
 * when the binding or element does not exist. */
struct gvk_descriptor *gvk_descriptor_at(const struct gvk_descriptor_set_layout *layout,
                                         struct gvk_descriptor *descriptors,
                                         uint32_t binding, uint32_t element);

/* A fresh descriptor array of `count` entries laid out by layout: each
 * entry typed as its binding, immutable samplers in place, no resource. */
void gvk_descriptor_init(const struct gvk_descriptor_set_layout *layout,
                         struct gvk_descriptor *descriptors, uint32_t count);

/* Writes (vkUpdateDescriptorSets, templates, push descriptors) into a
 * descriptor array laid out by layout. */
void gvk_descriptor_write(struct gvk_device *device,
                          const struct gvk_descriptor_set_layout *layout,
                          struct gvk_descriptor *descriptors,
                          const VkWriteDescriptorSet *write);
void gvk_descriptor_write_template(struct gvk_device *device,
                                   const struct gvk_descriptor_set_layout *layout,
                                   struct gvk_descriptor *descriptors,
                                   const struct gvk_descriptor_update_template *t,
                                   const void *data);

/* The descriptor a dispatch or draw reads at (set, binding, element) of
 * pipeline layout `layout`, from the sets and push descriptors bound in s
 * (gvk_cmd_buffer.h); NULL when nothing is bound there or the binding or
 * element does not exist (the caller binds a null surface).  For
 * *_DYNAMIC buffers *dynamic_offset receives the offset bound with the
 * set (to add to the descriptor's address), 0 otherwise. */
struct gvk_descriptor_state;
const struct gvk_descriptor *
gvk_cmd_descriptor(const struct gvk_descriptor_state *s,
                   const struct gvk_pipeline_layout *layout, uint32_t set,
                   uint32_t binding, uint32_t element, uint64_t *dynamic_offset);

static inline struct gvk_descriptor_set_layout *
gvk_descriptor_set_layout_ref(struct gvk_descriptor_set_layout *layout)
{
   atomic_fetch_add(&layout->refcount, 1);
   return layout;
}

void gvk_descriptor_set_layout_unref(struct gvk_device *device,
                                     struct gvk_descriptor_set_layout *layout);
static inline struct gvk_pipeline_layout *
gvk_pipeline_layout_ref(struct gvk_pipeline_layout *layout)
{
   atomic_fetch_add(&layout->refcount, 1);
   return layout;
}

void gvk_pipeline_layout_unref(struct gvk_device *device,
                               struct gvk_pipeline_layout *layout);

#endif

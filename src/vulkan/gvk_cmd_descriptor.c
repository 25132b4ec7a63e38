/* Binding descriptor sets, push descriptors and push constants into a
 * command buffer, and the lookup a dispatch or draw makes when it builds
 * its binding table. */
#include "gvk_cmd_buffer.h"

#include <string.h>

#include "gvk_device.h"
#include "gvk_log.h"
#include "gvk_pipeline.h"
#include "macros.h"

/* Invalid recording input fails the command buffer: vkEndCommandBuffer
 * returns the first error. */
static void
cmd_error(struct gvk_cmd_buffer *cmd, VkResult result)
{
   if (cmd->status == VK_SUCCESS)
      cmd->status = result;
}

static struct gvk_descriptor_state *
bind_point_state(struct gvk_cmd_buffer *cmd, VkPipelineBindPoint bind_point,
                 const char *who)
{
   if (bind_point == VK_PIPELINE_BIND_POINT_COMPUTE)
      return &cmd->compute.descriptors;
   if (bind_point == VK_PIPELINE_BIND_POINT_GRAPHICS)
      return &cmd->graphics.descriptors;
   cmd_error(cmd, gvk_fail(VK_ERROR_UNKNOWN, "%s: pipeline bind point %u is "
                           "not supported", who, (unsigned)bind_point));
   return NULL;
}

static bool
is_push_set(const struct gvk_descriptor_state *s, uint32_t set)
{
   return s->push_layout && s->push_set == set;
}

/* Stores set n's dynamic offsets where the pipeline layout puts them
 * (pDynamicOffsets is ordered by set, binding, then array element).
 * False when the offsets given run out or do not fit. */
static bool
bind_dynamic_offsets(struct gvk_cmd_buffer *cmd, struct gvk_descriptor_state *s,
                     const struct gvk_pipeline_layout *layout, uint32_t n,
                     const struct gvk_descriptor_set *set,
                     const uint32_t *offsets, uint32_t offset_count,
                     uint32_t *used)
{
   uint32_t count = set->layout->dynamic_count;
   uint32_t start = layout->dynamic_offset_start[n];
   if (count == 0)
      return true;
   if (count > offset_count - *used || start + count > GVK_MAX_DYNAMIC_BUFFERS) {
      cmd_error(cmd, gvk_fail(VK_ERROR_UNKNOWN, "vkCmdBindDescriptorSets: set "
                              "%u needs %u dynamic offsets, %u are left of %u",
                              n, count, offset_count - *used, offset_count));
      return false;
   }
   memcpy(&s->dynamic_offsets[start], offsets + *used, count * sizeof(uint32_t));
   *used += count;
   return true;
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdBindDescriptorSets(VkCommandBuffer commandBuffer,
                          VkPipelineBindPoint pipelineBindPoint,
                          VkPipelineLayout _layout, uint32_t firstSet,
                          uint32_t descriptorSetCount,
                          const VkDescriptorSet *pDescriptorSets,
                          uint32_t dynamicOffsetCount,
                          const uint32_t *pDynamicOffsets)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   const struct gvk_pipeline_layout *layout = gvk_pipeline_layout_from_handle(_layout);
   struct gvk_descriptor_state *s =
      bind_point_state(cmd, pipelineBindPoint, "vkCmdBindDescriptorSets");
   if (!s)
      return;
   /* vkCmdBindDescriptorSets valid usage */
   if ((uint64_t)firstSet + descriptorSetCount > layout->set_count) {
      cmd_error(cmd, gvk_fail(VK_ERROR_UNKNOWN, "vkCmdBindDescriptorSets: sets "
                              "%u..%u are past the layout's %u sets", firstSet,
                              firstSet + descriptorSetCount - 1, layout->set_count));
      return;
   }
   uint32_t used = 0;
   for (uint32_t i = 0; i < descriptorSetCount; i++) {
      uint32_t n = firstSet + i;
      struct gvk_descriptor_set *set = gvk_descriptor_set_from_handle(pDescriptorSets[i]);
      s->sets[n] = set;
      if (is_push_set(s, n))
         s->push_layout = NULL;
      if (set && !bind_dynamic_offsets(cmd, s, layout, n, set, pDynamicOffsets,
                                       dynamicOffsetCount, &used))
         return;
   }
   s->dirty = true;
   /* vkCmdBindDescriptorSets valid usage: one offset per dynamic buffer */
   if (used != dynamicOffsetCount)
      cmd_error(cmd, gvk_fail(VK_ERROR_UNKNOWN, "vkCmdBindDescriptorSets: %u "
                              "dynamic offsets for %u dynamic buffers",
                              dynamicOffsetCount, used));
}

/* Makes set `set` of layout the push descriptor set of its bind point:
 * the push descriptors start afresh when the set layout changes. */
static struct gvk_descriptor_state *
push_target(struct gvk_cmd_buffer *cmd, VkPipelineBindPoint bind_point,
            const struct gvk_pipeline_layout *layout, uint32_t set,
            const char *who)
{
   struct gvk_descriptor_state *s = bind_point_state(cmd, bind_point, who);
   if (!s)
      return NULL;
   struct gvk_descriptor_set_layout *set_layout =
      set < layout->set_count ? layout->sets[set] : NULL;
   /* vkCmdPushDescriptorSetKHR valid usage */
   if (!set_layout ||
       !(set_layout->flags & VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR)) {
      cmd_error(cmd, gvk_fail(VK_ERROR_UNKNOWN, "%s: set %u of the pipeline "
                              "layout is not a push descriptor set", who, set));
      return NULL;
   }
   if (!is_push_set(s, set) || s->push_layout != set_layout) {
      gvk_descriptor_init(set_layout, s->push_descriptors,
                          set_layout->descriptor_count);
      s->push_layout = set_layout;
      s->push_set = set;
   }
   s->sets[set] = NULL;
   s->dirty = true;
   return s;
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdPushDescriptorSetKHR(VkCommandBuffer commandBuffer,
                            VkPipelineBindPoint pipelineBindPoint,
                            VkPipelineLayout _layout, uint32_t set,
                            uint32_t descriptorWriteCount,
                            const VkWriteDescriptorSet *pDescriptorWrites)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   struct gvk_descriptor_state *s =
      push_target(cmd, pipelineBindPoint, gvk_pipeline_layout_from_handle(_layout),
                  set, "vkCmdPushDescriptorSetKHR");
   if (!s)
      return;
   for (uint32_t i = 0; i < descriptorWriteCount; i++)
      gvk_descriptor_write(cmd->device, s->push_layout, s->push_descriptors,
                           &pDescriptorWrites[i]);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdPushDescriptorSetWithTemplateKHR(VkCommandBuffer commandBuffer,
                                        VkDescriptorUpdateTemplate descriptorUpdateTemplate,
                                        VkPipelineLayout _layout, uint32_t set,
                                        const void *pData)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   const struct gvk_descriptor_update_template *t =
      gvk_descriptor_update_template_from_handle(descriptorUpdateTemplate);
   const char *who = "vkCmdPushDescriptorSetWithTemplateKHR";
   if (t->type != VK_DESCRIPTOR_UPDATE_TEMPLATE_TYPE_PUSH_DESCRIPTORS_KHR) {
      cmd_error(cmd, gvk_fail(VK_ERROR_UNKNOWN, "%s: the template is not a push "
                              "descriptor template", who));
      return;
   }
   struct gvk_descriptor_state *s =
      push_target(cmd, t->bind_point, gvk_pipeline_layout_from_handle(_layout),
                  set, who);
   if (s)
      gvk_descriptor_write_template(cmd->device, s->push_layout,
                                    s->push_descriptors, t, pData);
}

VKAPI_ATTR void VKAPI_CALL
gvk_CmdPushConstants(VkCommandBuffer commandBuffer, VkPipelineLayout layout,
                     VkShaderStageFlags stageFlags, uint32_t offset,
                     uint32_t size, const void *pValues)
{
   struct gvk_cmd_buffer *cmd = gvk_cmd_buffer_from_handle(commandBuffer);
   /* vkCmdPushConstants valid usage: within maxPushConstantsSize */
   if ((uint64_t)offset + size > GVK_MAX_PUSH_CONSTANTS) {
      cmd_error(cmd, gvk_fail(VK_ERROR_UNKNOWN, "vkCmdPushConstants: bytes "
                              "%u..%u are past the %u bytes of push constants",
                              offset, offset + size, GVK_MAX_PUSH_CONSTANTS));
      return;
   }
   if (stageFlags & VK_SHADER_STAGE_COMPUTE_BIT) {
      memcpy(cmd->compute.push_constants + offset, pValues, size);
      cmd->compute.push_dirty = true;
   }
   if (stageFlags & VK_SHADER_STAGE_ALL_GRAPHICS) {
      memcpy(cmd->graphics.push_constants + offset, pValues, size);
      cmd->graphics.push_dirty = true;
   }
}

/* The descriptors bound at set number `set` and the layout and size of
 * their array; false when nothing is bound there. */
static bool
bound_set(const struct gvk_descriptor_state *s, uint32_t set,
          const struct gvk_descriptor_set_layout **layout,
          const struct gvk_descriptor **descriptors, uint32_t *count)
{
   if (is_push_set(s, set)) {
      *layout = s->push_layout;
      *descriptors = s->push_descriptors;
      *count = s->push_layout->descriptor_count;
      return true;
   }
   const struct gvk_descriptor_set *bound = s->sets[set];
   if (!bound)
      return false;
   *layout = bound->layout;
   *descriptors = bound->descriptors;
   *count = bound->descriptor_count;
   return true;
}

const struct gvk_descriptor *
gvk_cmd_descriptor(const struct gvk_descriptor_state *s,
                   const struct gvk_pipeline_layout *layout, uint32_t set,
                   uint32_t binding, uint32_t element, uint64_t *dynamic_offset)
{
   *dynamic_offset = 0;
   const struct gvk_descriptor_set_layout *set_layout;
   const struct gvk_descriptor *descriptors;
   uint32_t count;
   if (set >= layout->set_count ||
       !bound_set(s, set, &set_layout, &descriptors, &count) ||
       binding >= set_layout->binding_count)
      return NULL;
   const struct gvk_descriptor_set_binding *b = &set_layout->bindings[binding];
   if (element >= gvk_binding_size(b, count))
      return NULL;
   if (gvk_descriptor_type_is_dynamic(b->type)) {
      uint32_t slot = layout->dynamic_offset_start[set] + b->dynamic_index + element;
      if (slot >= GVK_MAX_DYNAMIC_BUFFERS)
         return NULL;
      *dynamic_offset = s->dynamic_offsets[slot];
   }
   return &descriptors[b->first + element];
}

/* ---- the binding table caches (gvk_cmd_buffer.h) ---- */

/* A binding table built from the bound sets is the same for the same
 * pipeline, sets, set contents and dynamic offsets.  The driver's own
 * bindings and push descriptors have no serial to tell a change by. */
static bool
keyable(const struct gvk_pipeline *p, const struct gvk_descriptor_state *s)
{
   return p && p->layout && !s->push_layout;
}

static uint32_t
dynamic_offset_count(const struct gvk_pipeline_layout *layout)
{
   return MIN2(layout->dynamic_count, GVK_MAX_DYNAMIC_BUFFERS);
}

static bool
key_matches(const struct gvk_binding_key *k, const struct gvk_pipeline *p,
            const struct gvk_descriptor_state *s)
{
   if (k->pipeline != p)
      return false;
   for (uint32_t i = 0; i < p->layout->set_count; i++) {
      if (k->sets[i] != s->sets[i] || (s->sets[i] && k->serials[i] != s->sets[i]->serial))
         return false;
   }
   const uint32_t n = dynamic_offset_count(p->layout);
   return !n || memcmp(k->dynamic_offsets, s->dynamic_offsets, n * sizeof(uint32_t)) == 0;
}

static void
key_set(struct gvk_binding_key *k, const struct gvk_pipeline *p,
        const struct gvk_descriptor_state *s)
{
   k->pipeline = p;
   for (uint32_t i = 0; i < p->layout->set_count; i++) {
      k->sets[i] = s->sets[i];
      k->serials[i] = s->sets[i] ? s->sets[i]->serial : 0;
   }
   memcpy(k->dynamic_offsets, s->dynamic_offsets,
          dynamic_offset_count(p->layout) * sizeof(uint32_t));
}

static bool
compute_keyable(const struct gvk_cmd_buffer *cmd)
{
   return !cmd->compute.meta_bindings &&
          keyable(cmd->compute.pipeline, &cmd->compute.descriptors);
}

const struct gvk_binding_table_entry *
gvk_cmd_binding_table_find(const struct gvk_cmd_buffer *cmd)
{
   if (!compute_keyable(cmd))
      return NULL;
   for (uint32_t i = 0; i < GVK_BINDING_TABLE_CACHE; i++) {
      const struct gvk_binding_table_entry *e = &cmd->compute.binding_tables[i];
      if (key_matches(&e->key, cmd->compute.pipeline, &cmd->compute.descriptors))
         return e;
   }
   return NULL;
}

struct gvk_binding_table_entry *
gvk_cmd_binding_table_slot(struct gvk_cmd_buffer *cmd)
{
   if (!compute_keyable(cmd))
      return NULL;
   struct gvk_binding_table_entry *e =
      &cmd->compute.binding_tables[cmd->compute.binding_table_next];
   cmd->compute.binding_table_next =
      (cmd->compute.binding_table_next + 1) % GVK_BINDING_TABLE_CACHE;
   key_set(&e->key, cmd->compute.pipeline, &cmd->compute.descriptors);
   return e;
}

void
gvk_cmd_binding_tables_clear(struct gvk_cmd_buffer *cmd)
{
   for (uint32_t i = 0; i < GVK_BINDING_TABLE_CACHE; i++)
      cmd->compute.binding_tables[i].key.pipeline = NULL;
   gvk_cmd_gfx_tables_clear(cmd);
}

const struct gvk_gfx_tables *
gvk_cmd_gfx_tables_find(const struct gvk_cmd_buffer *cmd)
{
   if (!keyable(cmd->graphics.pipeline, &cmd->graphics.descriptors))
      return NULL;
   for (uint32_t i = 0; i < GVK_GFX_TABLE_CACHE; i++) {
      const struct gvk_gfx_tables *e = &cmd->graphics.tables[i];
      if (key_matches(&e->key, cmd->graphics.pipeline, &cmd->graphics.descriptors))
         return e;
   }
   return NULL;
}

struct gvk_gfx_tables *
gvk_cmd_gfx_tables_slot(struct gvk_cmd_buffer *cmd)
{
   if (!keyable(cmd->graphics.pipeline, &cmd->graphics.descriptors))
      return NULL;
   struct gvk_gfx_tables *e = &cmd->graphics.tables[cmd->graphics.tables_next];
   cmd->graphics.tables_next = (cmd->graphics.tables_next + 1) % GVK_GFX_TABLE_CACHE;
   key_set(&e->key, cmd->graphics.pipeline, &cmd->graphics.descriptors);
   return e;
}

void
gvk_cmd_gfx_tables_clear(struct gvk_cmd_buffer *cmd)
{
   for (uint32_t i = 0; i < GVK_GFX_TABLE_CACHE; i++)
      cmd->graphics.tables[i].key.pipeline = NULL;
}

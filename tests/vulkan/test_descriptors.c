/* Descriptor set layouts, pools, sets, writes, copies, templates, pipeline
 * layouts and the command-buffer side (binding sets, push descriptors,
 * push constants, gvk_cmd_descriptor).  White-box: links the driver and
 * looks at the objects behind the handles.  Buffers, views and samplers
 * are stand-ins (descriptors only store what they point at), so only the
 * device is real.  Every host allocation of the create and allocate paths
 * is failed in turn with a counting allocator. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "counting_alloc.h"
#include "gvk_cmd_buffer.h"
#include "gvk_descriptor.h"
#include "gvk_device.h"
#include "gvk_image.h"
#include "gvk_memory.h"
#include "gvk_test.h"
#include "macros.h"

/* Stand-ins for resources: a descriptor write stores their handles'
 * objects or, for buffers, an address from them. */
static struct gvk_buffer buffers[2] = {
   { .size = 4096, .address = { .offset = 0x10000 } },
   { .size = 256, .address = { .offset = 0x80000 } },
};
static struct gvk_image_view views[2];
static struct gvk_sampler samplers[3];
static struct gvk_buffer_view texel_views[2];

static VkBuffer buf(unsigned i) { return gvk_buffer_to_handle(&buffers[i]); }
static VkImageView view(unsigned i) { return gvk_image_view_to_handle(&views[i]); }
static VkSampler smp(unsigned i) { return gvk_sampler_to_handle(&samplers[i]); }
static VkBufferView tview(unsigned i) { return gvk_buffer_view_to_handle(&texel_views[i]); }

static struct gvk_descriptor_set_layout *
L(VkDescriptorSetLayout h)
{
   return gvk_descriptor_set_layout_from_handle(h);
}

static struct gvk_descriptor_set *
S(VkDescriptorSet h)
{
   return gvk_descriptor_set_from_handle(h);
}

static VkResult
make_layout(VkDevice device, const VkAllocationCallbacks *alloc,
            VkDescriptorSetLayoutCreateFlags flags,
            const VkDescriptorSetLayoutBinding *bindings, uint32_t count,
            const VkDescriptorBindingFlags *binding_flags,
            VkDescriptorSetLayout *out)
{
   const VkDescriptorSetLayoutBindingFlagsCreateInfo flags_info = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_BINDING_FLAGS_CREATE_INFO,
      .bindingCount = count, .pBindingFlags = binding_flags,
   };
   const VkDescriptorSetLayoutCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .pNext = binding_flags ? &flags_info : NULL,
      .flags = flags, .bindingCount = count, .pBindings = bindings,
   };
   *out = VK_NULL_HANDLE;
   return gvk_CreateDescriptorSetLayout(device, &info, alloc, out);
}

static VkResult
make_pool(VkDevice device, const VkAllocationCallbacks *alloc,
          VkDescriptorPoolCreateFlags flags, uint32_t max_sets,
          const VkDescriptorPoolSize *sizes, uint32_t size_count,
          VkDescriptorPool *out)
{
   const VkDescriptorPoolCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
      .flags = flags, .maxSets = max_sets,
      .poolSizeCount = size_count, .pPoolSizes = sizes,
   };
   *out = VK_NULL_HANDLE;
   return gvk_CreateDescriptorPool(device, &info, alloc, out);
}

static VkResult
alloc_sets(VkDevice device, VkDescriptorPool pool,
           const VkDescriptorSetLayout *layouts, uint32_t count,
           const uint32_t *variable_counts, VkDescriptorSet *sets)
{
   const VkDescriptorSetVariableDescriptorCountAllocateInfo variable = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_VARIABLE_DESCRIPTOR_COUNT_ALLOCATE_INFO,
      .descriptorSetCount = count, .pDescriptorCounts = variable_counts,
   };
   const VkDescriptorSetAllocateInfo info = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
      .pNext = variable_counts ? &variable : NULL,
      .descriptorPool = pool, .descriptorSetCount = count, .pSetLayouts = layouts,
   };
   return gvk_AllocateDescriptorSets(device, &info, sets);
}

static VkResult
make_pipeline_layout(VkDevice device, const VkAllocationCallbacks *alloc,
                     const VkDescriptorSetLayout *sets, uint32_t set_count,
                     uint32_t push_size, VkPipelineLayout *out)
{
   const VkPushConstantRange ranges[2] = {
      { VK_SHADER_STAGE_COMPUTE_BIT, 0, push_size / 2 },
      { VK_SHADER_STAGE_VERTEX_BIT, push_size / 2, push_size - push_size / 2 },
   };
   const VkPipelineLayoutCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .setLayoutCount = set_count, .pSetLayouts = sets,
      .pushConstantRangeCount = push_size ? 2 : 0, .pPushConstantRanges = ranges,
   };
   *out = VK_NULL_HANDLE;
   return gvk_CreatePipelineLayout(device, &info, alloc, out);
}

/* Bindings 5, 1, 3 and 0 declared out of order; 2 and 4 are holes. */
static const VkDescriptorSetLayoutBinding holes_bindings[] = {
   { 5, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
   { 1, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, 3, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
   { 3, VK_DESCRIPTOR_TYPE_SAMPLER, 2, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
   { 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
};

static void
test_layout_holes(VkDevice device)
{
   VkDescriptorSetLayoutBinding b[4];
   memcpy(b, holes_bindings, sizeof(b));
   VkSampler immutable[2] = { smp(1), smp(2) };
   b[2].pImmutableSamplers = immutable;
   VkDescriptorSetLayout h;
   CHECK(make_layout(device, NULL, 0, b, 4, NULL, &h) == VK_SUCCESS);
   /* The layout keeps its own copy of the samplers. */
   immutable[0] = immutable[1] = smp(0);
   const struct gvk_descriptor_set_layout *l = L(h);
   CHECK(l->binding_count == 6);
   CHECK(l->descriptor_count == 8);
   CHECK(l->dynamic_count == 4);
   CHECK(!l->variable_count);
   static const uint32_t first[6] = { 0, 1, 4, 4, 6, 6 };
   static const uint32_t count[6] = { 1, 3, 0, 2, 0, 2 };
   for (uint32_t n = 0; n < 6; n++) {
      CHECK(l->bindings[n].first == first[n]);
      CHECK(l->bindings[n].count == count[n]);
   }
   CHECK(l->bindings[0].dynamic_index == 0);
   CHECK(l->bindings[1].dynamic_index == 1);
   CHECK(l->bindings[3].immutable_samplers[0] == &samplers[1]);
   CHECK(l->bindings[3].immutable_samplers[1] == &samplers[2]);
   CHECK(!l->bindings[5].immutable_samplers);

   struct gvk_descriptor d[8];
   gvk_descriptor_init(l, d, 8);
   CHECK(gvk_descriptor_at(l, d, 2, 0) == NULL);
   CHECK(gvk_descriptor_at(l, d, 6, 0) == NULL);
   CHECK(gvk_descriptor_at(l, d, 1, 3) == NULL);
   CHECK(gvk_descriptor_at(l, d, 5, 1) == &d[7]);
   CHECK(d[4].type == VK_DESCRIPTOR_TYPE_SAMPLER && d[5].sampler == &samplers[2]);
   CHECK(d[7].type == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER && !d[7].buffer.addr);
   gvk_DestroyDescriptorSetLayout(device, h, NULL);
}

static void
test_layout_errors(VkDevice device)
{
   VkDescriptorSetLayout h;
   const VkDescriptorSetLayoutBinding dup[2] = {
      { 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
      { 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
   };
   CHECK(make_layout(device, NULL, 0, dup, 2, NULL, &h) != VK_SUCCESS);
   CHECK(h == VK_NULL_HANDLE);

   const VkDescriptorSetLayoutBinding two[2] = {
      { 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 4, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
      { 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 4, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
   };
   const VkDescriptorBindingFlags var_first[2] = {
      VK_DESCRIPTOR_BINDING_VARIABLE_DESCRIPTOR_COUNT_BIT, 0,
   };
   CHECK(make_layout(device, NULL, 0, two, 2, var_first, &h) != VK_SUCCESS);

   const VkDescriptorSetLayoutBinding inline_block = {
      0, VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK, 16, VK_SHADER_STAGE_COMPUTE_BIT, NULL,
   };
   CHECK(make_layout(device, NULL, 0, &inline_block, 1, NULL, &h) != VK_SUCCESS);

   const VkDescriptorSetLayoutBinding big_push = {
      0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, GVK_MAX_PUSH_DESCRIPTORS + 1,
      VK_SHADER_STAGE_COMPUTE_BIT, NULL,
   };
   const VkDescriptorSetLayoutCreateFlags push =
      VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR;
   CHECK(make_layout(device, NULL, push, &big_push, 1, NULL, &h) != VK_SUCCESS);
   const VkDescriptorSetLayoutBinding dynamic_push = {
      0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL,
   };
   CHECK(make_layout(device, NULL, push, &dynamic_push, 1, NULL, &h) != VK_SUCCESS);

   /* Support: the same answers without an object. */
   VkDescriptorSetVariableDescriptorCountLayoutSupport var = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_VARIABLE_DESCRIPTOR_COUNT_LAYOUT_SUPPORT,
      .maxVariableDescriptorCount = 12345,
   };
   VkDescriptorSetLayoutSupport support = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_SUPPORT, .pNext = &var,
   };
   const VkDescriptorSetLayoutCreateInfo push_info = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .flags = push, .bindingCount = 1, .pBindings = &big_push,
   };
   gvk_GetDescriptorSetLayoutSupport(device, &push_info, &support);
   CHECK(!support.supported && var.maxVariableDescriptorCount == 0);

   const VkDescriptorBindingFlags var_last[2] = {
      0, VK_DESCRIPTOR_BINDING_VARIABLE_DESCRIPTOR_COUNT_BIT,
   };
   const VkDescriptorSetLayoutBindingFlagsCreateInfo flags_info = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_BINDING_FLAGS_CREATE_INFO,
      .bindingCount = 2, .pBindingFlags = var_last,
   };
   const VkDescriptorSetLayoutCreateInfo var_info = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .pNext = &flags_info, .bindingCount = 2, .pBindings = two,
   };
   gvk_GetDescriptorSetLayoutSupport(device, &var_info, &support);
   CHECK(support.supported);
   CHECK(var.maxVariableDescriptorCount == GVK_MAX_SET_DESCRIPTORS - 4);
}

/* Binding 0: 2 SSBOs, 1: declared with no descriptor, 2: hole, 3: 1 SSBO,
 * 4: 3 SSBOs, 5: 2 combined image samplers, 6: 1 sampler with an
 * immutable sampler (make_run_layout), 7: 2 texel buffers. */
static const VkDescriptorSetLayoutBinding run_bindings[] = {
   { 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
   { 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
   { 3, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
   { 4, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 3, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
   { 5, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 2, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
   { 6, VK_DESCRIPTOR_TYPE_SAMPLER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
   { 7, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, 2, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
};

static VkResult
make_run_layout(VkDevice device, const VkAllocationCallbacks *alloc,
                VkDescriptorSetLayout *out)
{
   VkDescriptorSetLayoutBinding b[7];
   memcpy(b, run_bindings, sizeof(b));
   static VkSampler immutable;
   immutable = smp(2);
   b[5].pImmutableSamplers = &immutable;
   return make_layout(device, alloc, 0, b, 7, NULL, out);
}

/* A pool for `sets` sets of make_run_layout's layout. */
static VkResult
make_run_pool(VkDevice device, const VkAllocationCallbacks *alloc, uint32_t sets,
              VkDescriptorPool *out)
{
   const VkDescriptorPoolSize sizes[] = {
      { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 6 * sets },
      { VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 2 * sets },
      { VK_DESCRIPTOR_TYPE_SAMPLER, sets },
      { VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, 2 * sets },
   };
   return make_pool(device, alloc, 0, sets, sizes, 4, out);
}

static VkWriteDescriptorSet
buffer_write(VkDescriptorSet set, uint32_t binding, uint32_t element,
             uint32_t count, const VkDescriptorBufferInfo *infos)
{
   return (VkWriteDescriptorSet) {
      .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set,
      .dstBinding = binding, .dstArrayElement = element, .descriptorCount = count,
      .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .pBufferInfo = infos,
   };
}

static const struct gvk_descriptor *
at(VkDescriptorSet set, uint32_t binding, uint32_t element)
{
   return gvk_descriptor_at(S(set)->layout, S(set)->descriptors, binding, element);
}

static bool
has_buffer(const struct gvk_descriptor *d, uint64_t addr, uint64_t range)
{
   return d && d->type == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER &&
          d->buffer.addr == addr && d->buffer.range == range;
}

static void
test_writes_and_copies(VkDevice device)
{
   VkDescriptorSetLayout layout;
   CHECK(make_run_layout(device, NULL, &layout) == VK_SUCCESS);
   VkDescriptorPool pool;
   CHECK(make_run_pool(device, NULL, 2, &pool) == VK_SUCCESS);
   const VkDescriptorSetLayout layouts[2] = { layout, layout };
   VkDescriptorSet sets[2];
   CHECK(alloc_sets(device, pool, layouts, 2, NULL, sets) == VK_SUCCESS);
   VkDescriptorSet a = sets[0], b = sets[1];
   CHECK(at(a, 6, 0)->sampler == &samplers[2]);

   /* From binding 0 element 1, four descriptors: 0[1], then binding 1
    * (no descriptor) and 2 (hole) are skipped: 3[0], 4[0], 4[1]. */
   const VkDescriptorBufferInfo infos[4] = {
      { buf(0), 16, VK_WHOLE_SIZE },
      { buf(0), 256, 64 },
      { buf(1), 0, VK_WHOLE_SIZE },
      { buf(1), 128, 32 },
   };
   VkWriteDescriptorSet w = buffer_write(a, 0, 1, 4, infos);
   gvk_UpdateDescriptorSets(device, 1, &w, 0, NULL);
   CHECK(!at(a, 0, 0)->buffer.addr);
   CHECK(has_buffer(at(a, 0, 1), 0x10000 + 16, 4096 - 16));
   CHECK(has_buffer(at(a, 3, 0), 0x10000 + 256, 64));
   CHECK(has_buffer(at(a, 4, 0), 0x80000, 256));
   CHECK(has_buffer(at(a, 4, 1), 0x80000 + 128, 32));
   CHECK(!at(a, 4, 2)->buffer.addr);

   /* Past the end of the set, or a type that is not the binding's: the
    * in-range part is written, nothing crashes. */
   w = buffer_write(a, 4, 2, 3, infos);
   gvk_UpdateDescriptorSets(device, 1, &w, 0, NULL);
   CHECK(has_buffer(at(a, 4, 2), 0x10000 + 16, 4096 - 16));
   CHECK(at(a, 5, 0)->type == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER);
   CHECK(!at(a, 5, 0)->image_view);

   /* Images and samplers: the immutable sampler of binding 6 stays. */
   const VkDescriptorImageInfo images[3] = {
      { smp(0), view(0), VK_IMAGE_LAYOUT_GENERAL },
      { smp(1), view(1), VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL },
      { smp(0), VK_NULL_HANDLE, VK_IMAGE_LAYOUT_UNDEFINED },
   };
   const VkBufferView tviews[2] = { tview(1), tview(0) };
   const VkWriteDescriptorSet iw[3] = {
      { .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = a,
        .dstBinding = 5, .descriptorCount = 2,
        .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
        .pImageInfo = images },
      { .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = a,
        .dstBinding = 6, .descriptorCount = 1,
        .descriptorType = VK_DESCRIPTOR_TYPE_SAMPLER, .pImageInfo = &images[2] },
      { .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = a,
        .dstBinding = 7, .descriptorCount = 2,
        .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER,
        .pTexelBufferView = tviews },
   };
   gvk_UpdateDescriptorSets(device, 3, iw, 0, NULL);
   CHECK(at(a, 5, 0)->image_view == &views[0] && at(a, 5, 0)->sampler == &samplers[0]);
   CHECK(at(a, 5, 1)->image_view == &views[1] && at(a, 5, 1)->sampler == &samplers[1]);
   CHECK(at(a, 5, 1)->layout == VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
   CHECK(at(a, 6, 0)->sampler == &samplers[2]);
   CHECK(at(a, 7, 0)->buffer_view == &texel_views[1]);
   CHECK(at(a, 7, 1)->buffer_view == &texel_views[0]);

   /* Copy a's 0[1] .. 4[1] to b's 0[0]: 0[0] 0[1] 3[0] 4[0]; written in
    * the same call, the write comes first and the copy overrides it. */
   const VkCopyDescriptorSet copy = {
      .sType = VK_STRUCTURE_TYPE_COPY_DESCRIPTOR_SET,
      .srcSet = a, .srcBinding = 0, .srcArrayElement = 1,
      .dstSet = b, .dstBinding = 0, .dstArrayElement = 0, .descriptorCount = 4,
   };
   w = buffer_write(b, 0, 0, 1, &infos[3]);
   gvk_UpdateDescriptorSets(device, 1, &w, 1, &copy);
   CHECK(has_buffer(at(b, 0, 0), 0x10000 + 16, 4096 - 16));
   CHECK(has_buffer(at(b, 0, 1), 0x10000 + 256, 64));
   CHECK(has_buffer(at(b, 3, 0), 0x80000, 256));
   CHECK(has_buffer(at(b, 4, 0), 0x80000 + 128, 32));
   CHECK(!at(b, 4, 1)->buffer.addr);

   /* Copies keep the destination's immutable sampler. */
   const VkCopyDescriptorSet copy_images = {
      .sType = VK_STRUCTURE_TYPE_COPY_DESCRIPTOR_SET,
      .srcSet = a, .srcBinding = 5, .srcArrayElement = 0,
      .dstSet = b, .dstBinding = 5, .dstArrayElement = 0, .descriptorCount = 2,
   };
   const VkCopyDescriptorSet copy_sampler = {
      .sType = VK_STRUCTURE_TYPE_COPY_DESCRIPTOR_SET,
      .srcSet = a, .srcBinding = 6, .dstSet = b, .dstBinding = 6,
      .descriptorCount = 1,
   };
   const VkCopyDescriptorSet copies[2] = { copy_images, copy_sampler };
   gvk_UpdateDescriptorSets(device, 0, NULL, 2, copies);
   CHECK(at(b, 5, 1)->image_view == &views[1] && at(b, 5, 1)->sampler == &samplers[1]);
   CHECK(at(b, 6, 0)->sampler == &samplers[2]);

   /* A combined image sampler copied into a binding with an immutable
    * sampler takes the image only. */
   const VkSampler immutable = smp(2);
   const VkDescriptorSetLayoutBinding imm_binding = {
      0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_COMPUTE_BIT,
      &immutable,
   };
   VkDescriptorSetLayout imm_layout;
   CHECK(make_layout(device, NULL, 0, &imm_binding, 1, NULL, &imm_layout) == VK_SUCCESS);
   VkDescriptorPool imm_pool;
   const VkDescriptorPoolSize imm_size = { VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1 };
   CHECK(make_pool(device, NULL, 0, 1, &imm_size, 1, &imm_pool) == VK_SUCCESS);
   VkDescriptorSet c;
   CHECK(alloc_sets(device, imm_pool, &imm_layout, 1, NULL, &c) == VK_SUCCESS);
   const VkCopyDescriptorSet copy_to_immutable = {
      .sType = VK_STRUCTURE_TYPE_COPY_DESCRIPTOR_SET,
      .srcSet = a, .srcBinding = 5, .dstSet = c, .dstBinding = 0,
      .descriptorCount = 1,
   };
   gvk_UpdateDescriptorSets(device, 0, NULL, 1, &copy_to_immutable);
   CHECK(at(c, 0, 0)->image_view == &views[0] && at(c, 0, 0)->sampler == &samplers[2]);

   gvk_DestroyDescriptorPool(device, imm_pool, NULL);
   gvk_DestroyDescriptorSetLayout(device, imm_layout, NULL);
   gvk_DestroyDescriptorPool(device, pool, NULL);
   gvk_DestroyDescriptorSetLayout(device, layout, NULL);
}

/* What an application's template reads: its own struct of records. */
struct template_data {
   uint32_t pad;
   VkDescriptorBufferInfo buffers[4];
   VkDescriptorImageInfo image;
   VkBufferView texel[2];
};

static VkResult
make_template(VkDevice device, const VkAllocationCallbacks *alloc,
              VkDescriptorUpdateTemplateType type, VkDescriptorSetLayout layout,
              VkPipelineLayout pipeline_layout, uint32_t set,
              VkDescriptorUpdateTemplate *out)
{
   const VkDescriptorUpdateTemplateEntry entries[3] = {
      /* Two records of every other buffer info, from 0[1]: 0[1], 3[0] */
      { 0, 1, 2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
        offsetof(struct template_data, buffers), 2 * sizeof(VkDescriptorBufferInfo) },
      { 5, 1, 1, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
        offsetof(struct template_data, image), 0 },
      { 7, 0, 2, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER,
        offsetof(struct template_data, texel), sizeof(VkBufferView) },
   };
   const VkDescriptorUpdateTemplateCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_UPDATE_TEMPLATE_CREATE_INFO,
      .descriptorUpdateEntryCount = 3, .pDescriptorUpdateEntries = entries,
      .templateType = type, .descriptorSetLayout = layout,
      .pipelineBindPoint = VK_PIPELINE_BIND_POINT_COMPUTE,
      .pipelineLayout = pipeline_layout, .set = set,
   };
   *out = VK_NULL_HANDLE;
   return gvk_CreateDescriptorUpdateTemplate(device, &info, alloc, out);
}

static void
fill_template_data(struct template_data *data)
{
   memset(data, 0, sizeof(*data));
   data->buffers[0] = (VkDescriptorBufferInfo) { buf(0), 32, 16 };
   data->buffers[1] = (VkDescriptorBufferInfo) { buf(1), 0, 8 };
   data->buffers[2] = (VkDescriptorBufferInfo) { buf(1), 64, VK_WHOLE_SIZE };
   data->image = (VkDescriptorImageInfo) { smp(1), view(1), VK_IMAGE_LAYOUT_GENERAL };
   data->texel[0] = tview(0);
   data->texel[1] = tview(1);
}

static void
check_template_result(const struct gvk_descriptor_set_layout *l,
                      struct gvk_descriptor *d)
{
   CHECK(has_buffer(gvk_descriptor_at(l, d, 0, 1), 0x10000 + 32, 16));
   CHECK(has_buffer(gvk_descriptor_at(l, d, 3, 0), 0x80000 + 64, 256 - 64));
   CHECK(!gvk_descriptor_at(l, d, 4, 0)->buffer.addr);
   const struct gvk_descriptor *img = gvk_descriptor_at(l, d, 5, 1);
   CHECK(img->image_view == &views[1] && img->sampler == &samplers[1]);
   CHECK(img->layout == VK_IMAGE_LAYOUT_GENERAL);
   CHECK(gvk_descriptor_at(l, d, 7, 0)->buffer_view == &texel_views[0]);
   CHECK(gvk_descriptor_at(l, d, 7, 1)->buffer_view == &texel_views[1]);
}

static void
test_templates(VkDevice device)
{
   VkDescriptorSetLayout layout;
   CHECK(make_run_layout(device, NULL, &layout) == VK_SUCCESS);
   VkDescriptorPool pool;
   CHECK(make_run_pool(device, NULL, 1, &pool) == VK_SUCCESS);
   VkDescriptorSet set;
   CHECK(alloc_sets(device, pool, &layout, 1, NULL, &set) == VK_SUCCESS);
   VkDescriptorUpdateTemplate t;
   CHECK(make_template(device, NULL, VK_DESCRIPTOR_UPDATE_TEMPLATE_TYPE_DESCRIPTOR_SET,
                       layout, VK_NULL_HANDLE, 0, &t) == VK_SUCCESS);
   struct template_data data;
   fill_template_data(&data);
   gvk_UpdateDescriptorSetWithTemplate(device, set, t, &data);
   check_template_result(S(set)->layout, S(set)->descriptors);
   gvk_DestroyDescriptorUpdateTemplate(device, t, NULL);
   gvk_DestroyDescriptorPool(device, pool, NULL);
   gvk_DestroyDescriptorSetLayout(device, layout, NULL);
}

static void
test_pool_limits(VkDevice device)
{
   const VkDescriptorSetLayoutBinding four = {
      0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 4, VK_SHADER_STAGE_COMPUTE_BIT, NULL,
   };
   const VkDescriptorSetLayoutBinding one = {
      0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL,
   };
   const VkDescriptorSetLayoutBinding ubo = {
      0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL,
   };
   VkDescriptorSetLayout l4, l1, lu;
   CHECK(make_layout(device, NULL, 0, &four, 1, NULL, &l4) == VK_SUCCESS);
   CHECK(make_layout(device, NULL, 0, &one, 1, NULL, &l1) == VK_SUCCESS);
   CHECK(make_layout(device, NULL, 0, &ubo, 1, NULL, &lu) == VK_SUCCESS);
   /* Two pool sizes of one type add up: 5 storage buffers, 3 sets. */
   const VkDescriptorPoolSize sizes[2] = {
      { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 3 },
      { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2 },
   };
   VkDescriptorPool pool;
   CHECK(make_pool(device, NULL, 0, 3, sizes, 2, &pool) == VK_SUCCESS);
   struct gvk_descriptor_pool *p = gvk_descriptor_pool_from_handle(pool);
   VkDescriptorSet s[3];
   CHECK(alloc_sets(device, pool, &l4, 1, NULL, &s[0]) == VK_SUCCESS);
   /* No uniform buffers in this pool at all. */
   CHECK(alloc_sets(device, pool, &lu, 1, NULL, &s[1]) == VK_ERROR_OUT_OF_POOL_MEMORY);
   /* 4 + 1 fit, 4 + 1 + 1 does not: a failed call leaves no set and
    * every handle null. */
   const VkDescriptorSetLayout two[2] = { l1, l1 };
   s[1] = s[2] = (VkDescriptorSet)(uintptr_t)0x1234;
   CHECK(alloc_sets(device, pool, two, 2, NULL, &s[1]) == VK_ERROR_OUT_OF_POOL_MEMORY);
   CHECK(s[1] == VK_NULL_HANDLE && s[2] == VK_NULL_HANDLE);
   CHECK(p->live_sets == 1 && p->live_per_type[VK_DESCRIPTOR_TYPE_STORAGE_BUFFER] == 4);
   CHECK(alloc_sets(device, pool, &l1, 1, NULL, &s[1]) == VK_SUCCESS);
   /* Without FREE_DESCRIPTOR_SET_BIT, sets are not freed one by one. */
   CHECK(gvk_FreeDescriptorSets(device, pool, 1, &s[0]) != VK_SUCCESS);
   CHECK(p->live_sets == 2);
   CHECK(gvk_ResetDescriptorPool(device, pool, 0) == VK_SUCCESS);
   CHECK(p->live_sets == 0 && p->live_descriptors == 0 && !p->sets);
   /* maxSets: three sets of one descriptor, then no fourth. */
   const VkDescriptorSetLayout three[3] = { l1, l1, l1 };
   CHECK(alloc_sets(device, pool, three, 3, NULL, s) == VK_SUCCESS);
   VkDescriptorSet extra;
   CHECK(alloc_sets(device, pool, &l1, 1, NULL, &extra) == VK_ERROR_OUT_OF_POOL_MEMORY);
   gvk_DestroyDescriptorPool(device, pool, NULL);

   /* With FREE_DESCRIPTOR_SET_BIT: freed sets give their room back;
    * null handles are ignored. */
   CHECK(make_pool(device, NULL, VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT,
                   2, sizes, 2, &pool) == VK_SUCCESS);
   p = gvk_descriptor_pool_from_handle(pool);
   const VkDescriptorSetLayout pair[2] = { l4, l1 };
   CHECK(alloc_sets(device, pool, pair, 2, NULL, s) == VK_SUCCESS);
   s[2] = VK_NULL_HANDLE;
   CHECK(gvk_FreeDescriptorSets(device, pool, 1, &s[0]) == VK_SUCCESS);
   CHECK(p->live_sets == 1 && p->live_per_type[VK_DESCRIPTOR_TYPE_STORAGE_BUFFER] == 1);
   CHECK(p->sets == S(s[1]) && !S(s[1])->pool_next && !S(s[1])->pool_prev);
   CHECK(alloc_sets(device, pool, &l4, 1, NULL, &s[0]) == VK_SUCCESS);
   CHECK(gvk_FreeDescriptorSets(device, pool, 3, s) == VK_SUCCESS);
   CHECK(p->live_sets == 0 && p->live_descriptors == 0 && !p->sets);
   gvk_DestroyDescriptorPool(device, pool, NULL);
   gvk_DestroyDescriptorSetLayout(device, l4, NULL);
   gvk_DestroyDescriptorSetLayout(device, l1, NULL);
   gvk_DestroyDescriptorSetLayout(device, lu, NULL);
}

static void
test_variable_count(VkDevice device)
{
   const VkDescriptorSetLayoutBinding b[2] = {
      { 0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
      { 2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 100, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
   };
   const VkDescriptorBindingFlags flags[2] = {
      VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT,
      VK_DESCRIPTOR_BINDING_VARIABLE_DESCRIPTOR_COUNT_BIT |
      VK_DESCRIPTOR_BINDING_PARTIALLY_BOUND_BIT,
   };
   VkDescriptorSetLayout layout;
   CHECK(make_layout(device, NULL,
                     VK_DESCRIPTOR_SET_LAYOUT_CREATE_UPDATE_AFTER_BIND_POOL_BIT,
                     b, 2, flags, &layout) == VK_SUCCESS);
   CHECK(L(layout)->variable_count);
   CHECK(L(layout)->bindings[2].flags == flags[1]);
   const VkDescriptorPoolSize sizes[2] = {
      { VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 2 },
      { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 10 },
   };
   VkDescriptorPool pool;
   CHECK(make_pool(device, NULL, VK_DESCRIPTOR_POOL_CREATE_UPDATE_AFTER_BIND_BIT,
                   2, sizes, 2, &pool) == VK_SUCCESS);
   const VkDescriptorSetLayout layouts[2] = { layout, layout };
   VkDescriptorSet sets[2];
   /* 100 storage buffers would not fit; 3 and 7 do. */
   CHECK(alloc_sets(device, pool, &layout, 1, NULL, sets) == VK_SUCCESS);
   CHECK(S(sets[0])->descriptor_count == 1);
   gvk_ResetDescriptorPool(device, pool, 0);
   const uint32_t too_many[2] = { 3, 8 };
   CHECK(alloc_sets(device, pool, layouts, 2, too_many, sets) == VK_ERROR_OUT_OF_POOL_MEMORY);
   const uint32_t counts[2] = { 3, 7 };
   CHECK(alloc_sets(device, pool, layouts, 2, counts, sets) == VK_SUCCESS);
   CHECK(S(sets[0])->descriptor_count == 4 && S(sets[1])->descriptor_count == 8);
   const VkDescriptorBufferInfo infos[4] = {
      { buf(0), 0, 4 }, { buf(0), 4, 4 }, { buf(0), 8, 4 }, { buf(0), 12, 4 },
   };
   /* Writing a fourth element into a set of 3: written up to the end. */
   VkWriteDescriptorSet w = buffer_write(sets[0], 2, 0, 4, infos);
   gvk_UpdateDescriptorSets(device, 1, &w, 0, NULL);
   CHECK(has_buffer(&S(sets[0])->descriptors[3], 0x10000 + 8, 4));
   gvk_DestroyDescriptorPool(device, pool, NULL);
   gvk_DestroyDescriptorSetLayout(device, layout, NULL);
}

/* Set layouts of the pipeline layout tests: set 0 has 2 dynamic buffers,
 * set 1 none, set 2 has 3 (binding 1 then binding 3). */
static void
make_dynamic_layouts(VkDevice device, VkDescriptorSetLayout l[3])
{
   const VkDescriptorSetLayoutBinding b0[2] = {
      { 0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
      { 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, 2, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
   };
   const VkDescriptorSetLayoutBinding b1 = {
      0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL,
   };
   const VkDescriptorSetLayoutBinding b2[2] = {
      { 3, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
      { 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, 2, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
   };
   CHECK(make_layout(device, NULL, 0, b0, 2, NULL, &l[0]) == VK_SUCCESS);
   CHECK(make_layout(device, NULL, 0, &b1, 1, NULL, &l[1]) == VK_SUCCESS);
   CHECK(make_layout(device, NULL, 0, b2, 2, NULL, &l[2]) == VK_SUCCESS);
}

static void
single_set_hash(VkDevice device, uint32_t count, VkShaderStageFlags stages,
                uint8_t sha1[20])
{
   const VkDescriptorSetLayoutBinding b = {
      0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, count, stages, NULL,
   };
   VkDescriptorSetLayout set;
   VkPipelineLayout pl;
   CHECK(make_layout(device, NULL, 0, &b, 1, NULL, &set) == VK_SUCCESS);
   CHECK(make_pipeline_layout(device, NULL, &set, 1, 0, &pl) == VK_SUCCESS);
   memcpy(sha1, gvk_pipeline_layout_from_handle(pl)->sha1, 20);
   gvk_DestroyPipelineLayout(device, pl, NULL);
   gvk_DestroyDescriptorSetLayout(device, set, NULL);
}

/* The array size is in the hash; the stages are not (the kernel of one
 * stage does not depend on which other stages see a binding). */
static void
test_layout_hash_inputs(VkDevice device)
{
   uint8_t one[20], two[20], vertex[20];
   single_set_hash(device, 1, VK_SHADER_STAGE_COMPUTE_BIT, one);
   single_set_hash(device, 2, VK_SHADER_STAGE_COMPUTE_BIT, two);
   single_set_hash(device, 1, VK_SHADER_STAGE_ALL, vertex);
   CHECK(memcmp(one, two, 20) != 0);
   CHECK(memcmp(one, vertex, 20) == 0);
}

static void
test_pipeline_layout(VkDevice device)
{
   VkDescriptorSetLayout l[3], m[3];
   make_dynamic_layouts(device, l);
   make_dynamic_layouts(device, m);
   VkPipelineLayout a, b, c;
   CHECK(make_pipeline_layout(device, NULL, l, 3, 24, &a) == VK_SUCCESS);
   const struct gvk_pipeline_layout *pa = gvk_pipeline_layout_from_handle(a);
   CHECK(pa->set_count == 3 && pa->dynamic_count == 5);
   CHECK(pa->dynamic_offset_start[0] == 0 && pa->dynamic_offset_start[1] == 2 &&
         pa->dynamic_offset_start[2] == 2);
   CHECK(pa->push_constant_size == 24);
   CHECK(pa->push_constant_stages == (VK_SHADER_STAGE_COMPUTE_BIT | VK_SHADER_STAGE_VERTEX_BIT));
   /* Equal contents hash equal; another push size or set count not. */
   CHECK(make_pipeline_layout(device, NULL, m, 3, 24, &b) == VK_SUCCESS);
   CHECK(memcmp(pa->sha1, gvk_pipeline_layout_from_handle(b)->sha1, 20) == 0);
   gvk_DestroyPipelineLayout(device, b, NULL);
   CHECK(make_pipeline_layout(device, NULL, m, 3, 28, &b) == VK_SUCCESS);
   CHECK(memcmp(pa->sha1, gvk_pipeline_layout_from_handle(b)->sha1, 20) != 0);
   CHECK(make_pipeline_layout(device, NULL, m, 2, 24, &c) == VK_SUCCESS);
   CHECK(memcmp(pa->sha1, gvk_pipeline_layout_from_handle(c)->sha1, 20) != 0);
   gvk_DestroyPipelineLayout(device, b, NULL);
   gvk_DestroyPipelineLayout(device, c, NULL);
   test_layout_hash_inputs(device);

   /* Too many dynamic buffers, sets or push constant bytes. */
   const VkDescriptorSetLayout many[GVK_MAX_SETS + 1] = {
      l[0], l[2], l[0], l[2], l[0], l[2], l[0], l[2], l[0],
   };
   CHECK(make_pipeline_layout(device, NULL, many, 4, 0, &c) == VK_SUCCESS);
   gvk_DestroyPipelineLayout(device, c, NULL);
   CHECK(make_pipeline_layout(device, NULL, many, 7, 0, &c) != VK_SUCCESS);
   CHECK(make_pipeline_layout(device, NULL, many, GVK_MAX_SETS + 1, 0, &c) != VK_SUCCESS);
   CHECK(make_pipeline_layout(device, NULL, l, 3, GVK_MAX_PUSH_CONSTANTS + 4, &c) != VK_SUCCESS);

   /* The pipeline layout keeps its set layouts alive. */
   for (unsigned i = 0; i < 3; i++) {
      gvk_DestroyDescriptorSetLayout(device, l[i], NULL);
      gvk_DestroyDescriptorSetLayout(device, m[i], NULL);
   }
   CHECK(pa->sets[2]->bindings[3].type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC);
   gvk_DestroyPipelineLayout(device, a, NULL);
}

static struct gvk_cmd_buffer *
fake_cmd_buffer(VkDevice device)
{
   struct gvk_cmd_buffer *cmd = calloc(1, sizeof(*cmd));
   cmd->device = gvk_device_from_handle(device);
   return cmd;
}

static VkCommandBuffer
cmd_handle(struct gvk_cmd_buffer *cmd)
{
   return (VkCommandBuffer)cmd;
}

/* make_dynamic_layouts' layouts, a pipeline layout of the first
 * layout_count, and two sets (of layouts set_layouts[0] and [1]) from a
 * pool of sizes. */
struct dynamic_sets {
   VkDescriptorSetLayout l[3];
   VkPipelineLayout pl;
   VkDescriptorPool pool;
   VkDescriptorSet sets[2];
};

static void
dynamic_sets_init(VkDevice device, uint32_t layout_count, const VkDescriptorPoolSize *sizes,
                  uint32_t size_count, const unsigned set_layouts[2], struct dynamic_sets *f)
{
   make_dynamic_layouts(device, f->l);
   CHECK(make_pipeline_layout(device, NULL, f->l, layout_count, 0, &f->pl) == VK_SUCCESS);
   CHECK(make_pool(device, NULL, 0, 2, sizes, size_count, &f->pool) == VK_SUCCESS);
   const VkDescriptorSetLayout two[2] = { f->l[set_layouts[0]], f->l[set_layouts[1]] };
   CHECK(alloc_sets(device, f->pool, two, 2, NULL, f->sets) == VK_SUCCESS);
}

static void
dynamic_sets_fini(VkDevice device, const struct dynamic_sets *f)
{
   gvk_DestroyDescriptorPool(device, f->pool, NULL);
   gvk_DestroyPipelineLayout(device, f->pl, NULL);
   for (unsigned i = 0; i < 3; i++)
      gvk_DestroyDescriptorSetLayout(device, f->l[i], NULL);
}

static void
test_bind_and_lookup(VkDevice device)
{
   const VkDescriptorPoolSize sizes[3] = {
      { VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1 },
      { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, 4 },
      { VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, 1 },
   };
   struct dynamic_sets f;
   dynamic_sets_init(device, 3, sizes, 3, (const unsigned[2]){ 0, 2 }, &f);
   const struct gvk_pipeline_layout *layout = gvk_pipeline_layout_from_handle(f.pl);
   const VkDescriptorBufferInfo infos[2] = { { buf(0), 64, 32 }, { buf(1), 0, 16 } };
   const VkWriteDescriptorSet w = {
      .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = f.sets[1],
      .dstBinding = 1, .dstArrayElement = 1, .descriptorCount = 2,
      .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, .pBufferInfo = infos,
   };
   /* dstBinding 1 element 1 runs on into binding 3: a different type. */
   gvk_UpdateDescriptorSets(device, 1, &w, 0, NULL);

   struct gvk_cmd_buffer *cmd = fake_cmd_buffer(device);
   struct gvk_descriptor_state *s = &cmd->compute.descriptors;
   uint64_t dyn = 7;
   CHECK(!gvk_cmd_descriptor(s, layout, 0, 0, 0, &dyn) && dyn == 0);

   /* Sets 0 and 2 with 2 + 3 dynamic offsets; set 1 stays unbound. */
   const uint32_t offsets[5] = { 100, 200, 300, 400, 500 };
   gvk_CmdBindDescriptorSets(cmd_handle(cmd), VK_PIPELINE_BIND_POINT_COMPUTE, f.pl,
                             0, 1, &f.sets[0], 2, offsets);
   gvk_CmdBindDescriptorSets(cmd_handle(cmd), VK_PIPELINE_BIND_POINT_COMPUTE, f.pl,
                             2, 1, &f.sets[1], 3, offsets + 2);
   CHECK(cmd->status == VK_SUCCESS && s->dirty);
   const struct gvk_descriptor *d = gvk_cmd_descriptor(s, layout, 0, 1, 1, &dyn);
   CHECK(d == &S(f.sets[0])->descriptors[2] && dyn == 200);
   CHECK(gvk_cmd_descriptor(s, layout, 0, 0, 0, &dyn) && dyn == 0);
   CHECK(!gvk_cmd_descriptor(s, layout, 1, 0, 0, &dyn));
   /* Set 2: binding 1 holds dynamic slots 0-1 of the set, binding 3
    * slot 2 (binding-number order). */
   d = gvk_cmd_descriptor(s, layout, 2, 1, 1, &dyn);
   CHECK(d && d->buffer.addr == 0x10000 + 64 && d->buffer.range == 32 && dyn == 400);
   d = gvk_cmd_descriptor(s, layout, 2, 3, 0, &dyn);
   CHECK(d && d->buffer.addr == 0 && dyn == 500);
   CHECK(!gvk_cmd_descriptor(s, layout, 2, 3, 1, &dyn));
   CHECK(!gvk_cmd_descriptor(s, layout, 2, 2, 0, &dyn));
   CHECK(!gvk_cmd_descriptor(s, layout, 2, 9, 0, &dyn));
   CHECK(!gvk_cmd_descriptor(s, layout, 3, 0, 0, &dyn));
   CHECK(!gvk_cmd_descriptor(&cmd->graphics.descriptors, layout, 0, 1, 0, &dyn));

   /* Graphics has its own state. */
   gvk_CmdBindDescriptorSets(cmd_handle(cmd), VK_PIPELINE_BIND_POINT_GRAPHICS, f.pl,
                             0, 1, &f.sets[0], 2, offsets + 3);
   CHECK(gvk_cmd_descriptor(&cmd->graphics.descriptors, layout, 0, 1, 0, &dyn) &&
         dyn == 400);
   CHECK(gvk_cmd_descriptor(s, layout, 0, 1, 0, &dyn) && dyn == 100);

   /* Too few dynamic offsets, or sets past the layout: the command
    * buffer records the error. */
   gvk_CmdBindDescriptorSets(cmd_handle(cmd), VK_PIPELINE_BIND_POINT_COMPUTE, f.pl,
                             0, 1, &f.sets[0], 1, offsets);
   CHECK(cmd->status != VK_SUCCESS);
   cmd->status = VK_SUCCESS;
   gvk_CmdBindDescriptorSets(cmd_handle(cmd), VK_PIPELINE_BIND_POINT_COMPUTE, f.pl,
                             2, 2, f.sets, 0, NULL);
   CHECK(cmd->status != VK_SUCCESS);

   free(cmd);
   dynamic_sets_fini(device, &f);
}

/* The draws' table cache (gvk_cmd_descriptor.c): an entry is found
 * again only for the same pipeline, the same sets with unchanged
 * contents and the same dynamic offsets; never with push descriptors;
 * not after a clear. */
static void
test_gfx_table_cache(VkDevice device)
{
   const VkDescriptorPoolSize sizes[2] = {
      { VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 2 },
      { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, 4 },
   };
   struct dynamic_sets f;
   dynamic_sets_init(device, 1, sizes, 2, (const unsigned[2]){ 0, 0 }, &f);
   struct gvk_pipeline pipelines[2] = {
      { .layout = gvk_pipeline_layout_from_handle(f.pl) },
      { .layout = gvk_pipeline_layout_from_handle(f.pl) },
   };
   struct gvk_cmd_buffer *cmd = fake_cmd_buffer(device);
   cmd->graphics.pipeline = &pipelines[0];
   const uint32_t offsets[3] = { 16, 32, 48 };
   const VkPipelineBindPoint gfx = VK_PIPELINE_BIND_POINT_GRAPHICS;

   gvk_CmdBindDescriptorSets(cmd_handle(cmd), gfx, f.pl, 0, 1, &f.sets[0], 2, offsets);
   CHECK(!gvk_cmd_gfx_tables_find(cmd));
   struct gvk_gfx_tables *a = gvk_cmd_gfx_tables_slot(cmd);
   CHECK(a && gvk_cmd_gfx_tables_find(cmd) == a);
   a->binding_table[GVK_GFX_VS] = 64;
   /* Another set, then the first again. */
   gvk_CmdBindDescriptorSets(cmd_handle(cmd), gfx, f.pl, 0, 1, &f.sets[1], 2, offsets);
   CHECK(!gvk_cmd_gfx_tables_find(cmd));
   struct gvk_gfx_tables *b = gvk_cmd_gfx_tables_slot(cmd);
   CHECK(b && b != a && gvk_cmd_gfx_tables_find(cmd) == b);
   gvk_CmdBindDescriptorSets(cmd_handle(cmd), gfx, f.pl, 0, 1, &f.sets[0], 2, offsets);
   CHECK(gvk_cmd_gfx_tables_find(cmd) == a && a->binding_table[GVK_GFX_VS] == 64);
   /* Other dynamic offsets; another pipeline. */
   gvk_CmdBindDescriptorSets(cmd_handle(cmd), gfx, f.pl, 0, 1, &f.sets[0], 2, offsets + 1);
   CHECK(!gvk_cmd_gfx_tables_find(cmd));
   gvk_CmdBindDescriptorSets(cmd_handle(cmd), gfx, f.pl, 0, 1, &f.sets[0], 2, offsets);
   cmd->graphics.pipeline = &pipelines[1];
   CHECK(!gvk_cmd_gfx_tables_find(cmd));
   cmd->graphics.pipeline = &pipelines[0];
   CHECK(gvk_cmd_gfx_tables_find(cmd) == a);
   /* A write to the bound set changes its contents. */
   const VkDescriptorBufferInfo info = { buf(1), 0, 16 };
   const VkWriteDescriptorSet w = {
      .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = f.sets[0], .dstBinding = 0,
      .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
      .pBufferInfo = &info,
   };
   gvk_UpdateDescriptorSets(device, 1, &w, 0, NULL);
   CHECK(!gvk_cmd_gfx_tables_find(cmd));
   /* The compute cache is apart; a clear forgets every entry. */
   CHECK(gvk_cmd_gfx_tables_slot(cmd) && gvk_cmd_gfx_tables_find(cmd));
   gvk_cmd_binding_tables_clear(cmd);
   CHECK(!gvk_cmd_gfx_tables_find(cmd));
   /* Push descriptors have no serial: nothing is cached for them. */
   cmd->graphics.descriptors.push_layout = gvk_descriptor_set_layout_from_handle(f.l[0]);
   CHECK(!gvk_cmd_gfx_tables_slot(cmd) && !gvk_cmd_gfx_tables_find(cmd));

   free(cmd);
   dynamic_sets_fini(device, &f);
}

static void
test_push(VkDevice device)
{
   VkDescriptorSetLayout l[2];
   CHECK(make_run_layout(device, NULL, &l[0]) == VK_SUCCESS);
   VkDescriptorSetLayoutBinding b[7];
   memcpy(b, run_bindings, sizeof(b));
   CHECK(make_layout(device, NULL, VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR,
                     b, 7, NULL, &l[1]) == VK_SUCCESS);
   VkPipelineLayout pl;
   CHECK(make_pipeline_layout(device, NULL, l, 2, 16, &pl) == VK_SUCCESS);
   const struct gvk_pipeline_layout *layout = gvk_pipeline_layout_from_handle(pl);

   struct gvk_cmd_buffer *cmd = fake_cmd_buffer(device);
   struct gvk_descriptor_state *s = &cmd->compute.descriptors;
   /* Pushing to set 0, which is not a push set, fails. */
   const VkDescriptorBufferInfo infos[2] = { { buf(0), 0, 16 }, { buf(1), 8, 8 } };
   VkWriteDescriptorSet w = buffer_write(VK_NULL_HANDLE, 0, 1, 2, infos);
   gvk_CmdPushDescriptorSetKHR(cmd_handle(cmd), VK_PIPELINE_BIND_POINT_COMPUTE,
                               pl, 0, 1, &w);
   CHECK(cmd->status != VK_SUCCESS && !s->push_layout);
   cmd->status = VK_SUCCESS;

   gvk_CmdPushDescriptorSetKHR(cmd_handle(cmd), VK_PIPELINE_BIND_POINT_COMPUTE,
                               pl, 1, 1, &w);
   uint64_t dyn;
   CHECK(cmd->status == VK_SUCCESS && s->push_set == 1 && s->push_layout == L(l[1]));
   CHECK(has_buffer(gvk_cmd_descriptor(s, layout, 1, 0, 1, &dyn), 0x10000, 16));
   CHECK(has_buffer(gvk_cmd_descriptor(s, layout, 1, 3, 0, &dyn), 0x80000 + 8, 8));
   CHECK(!gvk_cmd_descriptor(s, layout, 1, 4, 0, &dyn)->buffer.addr);

   /* A template push adds to the same push set. */
   VkDescriptorUpdateTemplate t;
   CHECK(make_template(device, NULL, VK_DESCRIPTOR_UPDATE_TEMPLATE_TYPE_PUSH_DESCRIPTORS_KHR,
                       VK_NULL_HANDLE, pl, 1, &t) == VK_SUCCESS);
   struct template_data data;
   fill_template_data(&data);
   gvk_CmdPushDescriptorSetWithTemplateKHR(cmd_handle(cmd), t, pl, 1, &data);
   CHECK(cmd->status == VK_SUCCESS);
   check_template_result(s->push_layout, s->push_descriptors);

   /* Binding a set at the push set's number replaces the push set. */
   VkDescriptorPool pool;
   CHECK(make_run_pool(device, NULL, 1, &pool) == VK_SUCCESS);
   VkDescriptorSet set;
   CHECK(alloc_sets(device, pool, &l[0], 1, NULL, &set) == VK_SUCCESS);
   gvk_CmdBindDescriptorSets(cmd_handle(cmd), VK_PIPELINE_BIND_POINT_COMPUTE, pl,
                             1, 1, &set, 0, NULL);
   CHECK(!s->push_layout);
   CHECK(gvk_cmd_descriptor(s, layout, 1, 0, 0, &dyn) == &S(set)->descriptors[0]);

   /* Push constants go to the stages named. */
   const uint8_t values[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
   gvk_CmdPushConstants(cmd_handle(cmd), pl, VK_SHADER_STAGE_COMPUTE_BIT, 4, 8, values);
   CHECK(cmd->compute.push_dirty && !cmd->graphics.push_dirty);
   CHECK(memcmp(cmd->compute.push_constants + 4, values, 8) == 0);
   gvk_CmdPushConstants(cmd_handle(cmd), pl, VK_SHADER_STAGE_VERTEX_BIT, 8, 4, values);
   CHECK(cmd->graphics.push_dirty);
   CHECK(memcmp(cmd->graphics.push_constants + 8, values, 4) == 0);
   CHECK(cmd->compute.push_constants[8] == 5);
   gvk_CmdPushConstants(cmd_handle(cmd), pl, VK_SHADER_STAGE_COMPUTE_BIT,
                        GVK_MAX_PUSH_CONSTANTS - 4, 8, values);
   CHECK(cmd->status != VK_SUCCESS);

   free(cmd);
   gvk_DestroyDescriptorUpdateTemplate(device, t, NULL);
   gvk_DestroyDescriptorPool(device, pool, NULL);
   gvk_DestroyPipelineLayout(device, pl, NULL);
   gvk_DestroyDescriptorSetLayout(device, l[0], NULL);
   gvk_DestroyDescriptorSetLayout(device, l[1], NULL);
}

/* Every create and allocate path with one allocator; returns the first
 * failure, having destroyed everything. */
static VkResult
lifecycle(VkDevice device, const VkAllocationCallbacks *alloc)
{
   VkDescriptorSetLayout layout = VK_NULL_HANDLE;
   VkPipelineLayout pl = VK_NULL_HANDLE;
   VkDescriptorUpdateTemplate t = VK_NULL_HANDLE;
   VkDescriptorPool pool = VK_NULL_HANDLE;
   VkResult r = make_run_layout(device, alloc, &layout);
   if (r == VK_SUCCESS)
      r = make_pipeline_layout(device, alloc, &layout, 1, 8, &pl);
   if (r == VK_SUCCESS)
      r = make_template(device, alloc, VK_DESCRIPTOR_UPDATE_TEMPLATE_TYPE_DESCRIPTOR_SET,
                        layout, VK_NULL_HANDLE, 0, &t);
   if (r == VK_SUCCESS)
      r = make_run_pool(device, alloc, 3, &pool);
   if (r == VK_SUCCESS) {
      const VkDescriptorSetLayout layouts[3] = { layout, layout, layout };
      VkDescriptorSet sets[3];
      r = alloc_sets(device, pool, layouts, 3, NULL, sets);
      if (r != VK_SUCCESS) {
         CHECK(!sets[0] && !sets[1] && !sets[2]);
         CHECK(gvk_descriptor_pool_from_handle(pool)->live_sets == 0);
      }
   }
   /* The pool outlives the set layout: its sets keep the layout. */
   gvk_DestroyDescriptorSetLayout(device, layout, alloc);
   gvk_DestroyDescriptorUpdateTemplate(device, t, alloc);
   gvk_DestroyPipelineLayout(device, pl, alloc);
   gvk_DestroyDescriptorPool(device, pool, alloc);
   return r;
}

static enum sweep_outcome
lifecycle_with(void *device, const VkAllocationCallbacks *alloc)
{
   return sweep_judge(lifecycle(device, alloc), "creating and allocating descriptor objects");
}

static void
test_alloc_sweep(VkDevice device)
{
   unsigned allocations;
   if (!CHECK(counting_alloc_sweep(lifecycle_with, device, false, &allocations) == 0))
      return;
   printf("allocation sweep: %u allocations, each failure handled\n", allocations);
   CHECK(allocations == 7);
}

static void
run_tests(const struct gvk_test_gpu *g)
{
   VkDevice device = g->device;
   test_layout_holes(device);
   test_layout_errors(device);
   test_writes_and_copies(device);
   test_templates(device);
   test_pool_limits(device);
   test_variable_count(device);
   test_pipeline_layout(device);
   test_bind_and_lookup(device);
   test_gfx_table_cache(device);
   test_push(device);
   test_alloc_sweep(device);
}

int
main(void)
{
   return gvk_test_main(gvk_GetInstanceProcAddr, run_tests, "descriptors: all checks passed");
}

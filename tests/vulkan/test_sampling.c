/* Sampling in compute dispatches, white-box: links the driver, records a
 * dispatch of test_sampling.comp, decodes what it wrote with genxml's
 * tables and isl, and runs it.
 *   - the SAMPLER_STATE table: 32-byte aligned, one 16-byte entry per
 *     sampler index the kernel names, each the sampler's state with its
 *     Border Color Pointer at a copy of the border colour (aligned as the
 *     PRM says: Ivy Bridge 32 bytes, Haswell 512, Gen8+ 64; red, green,
 *     blue, alpha as floats in its first dwords), the immutable sampler of
 *     a separate SAMPLER binding included; the interface descriptor's
 *     Sampler Count (groups of four; 0 on Ice Lake: Wa_1606682166);
 *   - a second dispatch with the same set bound again reuses the tables
 *     (one MEDIA_INTERFACE_DESCRIPTOR_LOAD);
 *   - the sampled images' surface states: 2D, the view's format, address
 *     and levels, Haswell+ channel selects of a swizzled view; Ivy Bridge,
 *     which has none, fails the command buffer rather than ignore one;
 *   - views: cube arrays as SURFTYPE_CUBE counted in cubes, base level and
 *     level count, depth aspects in the sampler's formats, stencil as
 *     R8_UINT from Broadwell on and no state on Gen7;
 *   - execution: texel centres return the texels, a coordinate off the
 *     image the sampler's border colour;
 *   - format features: SAMPLED_IMAGE, FILTER_LINEAR and DEPTH_COMPARISON
 *     only where isl's caps say the sampler reads, filters and compares
 *     the format, and the PRM's answer for a few formats. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gvk_cmd_buffer.h"
#include "gvk_descriptor.h"
#include "gvk_device.h"
#include "gvk_genxml_spec.h"
#include "gvk_image.h"
#include "gvk_memory.h"
#include "gvk_physical_device.h"
#include "gvk_pipeline.h"
#include "gvk_test.h"
#include "isl.h"
#include "macros.h"
#include "test_sampling.comp.spv.h"

#define SIZE 4
#define INVOCATIONS 17
#define OUT_BYTES (2 * INVOCATIONS * 16)

struct env {
   struct gvk_test_gpu g;
   VkDevice device;
   struct gvk_device *dev;
   unsigned verx10;
   const struct gvk_gx_spec *spec;
   VkImage image;
   VkDeviceMemory memory;
   VkImageView plain, swizzled;
   VkSampler white, black;
   VkDescriptorSetLayout set_layout;
   VkPipelineLayout layout;
   VkShaderModule module;
   VkPipeline pipeline;
   VkDescriptorPool pool;
   VkDescriptorSet set;
   struct gvk_test_buffer out;
   uint8_t texels[SIZE][SIZE][4];   /* [y][x] RGBA */
};

/* ---- setup ---- */

static VkImageCreateInfo
image_info(VkFormat format, VkImageTiling tiling, uint32_t size, uint32_t levels,
           uint32_t layers)
{
   return (VkImageCreateInfo){
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
      .imageType = VK_IMAGE_TYPE_2D, .format = format,
      .extent = { size, size, 1 }, .mipLevels = levels, .arrayLayers = layers,
      .samples = VK_SAMPLE_COUNT_1_BIT, .tiling = tiling,
      .usage = VK_IMAGE_USAGE_SAMPLED_BIT,
      .initialLayout = tiling == VK_IMAGE_TILING_LINEAR ? VK_IMAGE_LAYOUT_PREINITIALIZED
                                                        : VK_IMAGE_LAYOUT_UNDEFINED,
   };
}

/* Binds new memory of the wanted properties to image; the memory. */
static VkDeviceMemory
bind_memory(struct env *e, VkImage image, VkMemoryPropertyFlags want)
{
   VkMemoryRequirements req;
   gvk_GetImageMemoryRequirements(e->device, image, &req);
   VkPhysicalDeviceMemoryProperties props;
   gvk_GetPhysicalDeviceMemoryProperties(e->g.pdev, &props);
   const VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
      .memoryTypeIndex = gvk_test_memory_type(&props, req.memoryTypeBits, want),
   };
   VkDeviceMemory memory = VK_NULL_HANDLE;
   CHECK(mai.memoryTypeIndex != UINT32_MAX);
   CHECK(gvk_AllocateMemory(e->device, &mai, NULL, &memory) == VK_SUCCESS);
   CHECK(gvk_BindImageMemory(e->device, image, memory, 0) == VK_SUCCESS);
   return memory;
}

/* A linear 4x4 RGBA8 image whose texels the host writes: every channel
 * of every texel differs. */
static void
create_texture(struct env *e)
{
   const VkImageCreateInfo ici = image_info(VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TILING_LINEAR,
                                            SIZE, 1, 1);
   CHECK(gvk_CreateImage(e->device, &ici, NULL, &e->image) == VK_SUCCESS);
   e->memory = bind_memory(e, e->image, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                        VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
   const VkImageSubresource sub = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0 };
   VkSubresourceLayout layout;
   gvk_GetImageSubresourceLayout(e->device, e->image, &sub, &layout);
   uint8_t *map = NULL;
   CHECK(gvk_MapMemory(e->device, e->memory, 0, VK_WHOLE_SIZE, 0, (void **)&map) ==
         VK_SUCCESS);
   for (uint32_t y = 0; y < SIZE; y++) {
      for (uint32_t x = 0; x < SIZE; x++) {
         uint8_t *t = e->texels[y][x];
         t[0] = (uint8_t)(10 + 60 * x);
         t[1] = (uint8_t)(20 + 60 * y);
         t[2] = (uint8_t)(200 - 10 * x * y);
         t[3] = (uint8_t)(255 - 17 * (x + y));
         if (map)
            memcpy(map + layout.offset + y * layout.rowPitch + x * 4, t, 4);
      }
   }
}

static VkImageView
create_view(struct env *e, VkImage image, VkImageViewType type, VkFormat format,
            VkImageAspectFlags aspect, VkComponentMapping components, uint32_t base_level,
            uint32_t levels, uint32_t base_layer, uint32_t layers)
{
   const VkImageViewCreateInfo ivci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .image = image, .viewType = type, .format = format, .components = components,
      .subresourceRange = { aspect, base_level, levels, base_layer, layers },
   };
   VkImageView view = VK_NULL_HANDLE;
   CHECK(gvk_CreateImageView(e->device, &ivci, NULL, &view) == VK_SUCCESS);
   return view;
}

static VkSampler
create_sampler(struct env *e, VkBorderColor border)
{
   const VkSamplerCreateInfo sci = {
      .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
      .magFilter = VK_FILTER_NEAREST, .minFilter = VK_FILTER_NEAREST,
      .mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
      .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER,
      .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER,
      .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER,
      .borderColor = border,
   };
   VkSampler s = VK_NULL_HANDLE;
   CHECK(gvk_CreateSampler(e->device, &sci, NULL, &s) == VK_SUCCESS);
   return s;
}

/* Set 0: the combined image sampler, the texture, the immutable sampler,
 * the output buffer (test_sampling.comp). */
static void
create_pipeline(struct env *e)
{
   const VkDescriptorSetLayoutBinding bindings[4] = {
      { 0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
      { 1, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
      { 2, VK_DESCRIPTOR_TYPE_SAMPLER, 1, VK_SHADER_STAGE_COMPUTE_BIT, &e->black },
      { 3, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
   };
   const VkDescriptorSetLayoutCreateInfo dslci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .bindingCount = 4, .pBindings = bindings,
   };
   CHECK(gvk_CreateDescriptorSetLayout(e->device, &dslci, NULL, &e->set_layout) ==
         VK_SUCCESS);
   const VkPipelineLayoutCreateInfo plci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .setLayoutCount = 1, .pSetLayouts = &e->set_layout,
   };
   CHECK(gvk_CreatePipelineLayout(e->device, &plci, NULL, &e->layout) == VK_SUCCESS);
   const VkShaderModuleCreateInfo smci = {
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
      .codeSize = sizeof(test_sampling_comp_spv), .pCode = test_sampling_comp_spv,
   };
   CHECK(gvk_CreateShaderModule(e->device, &smci, NULL, &e->module) == VK_SUCCESS);
   const VkComputePipelineCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                 .stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = e->module, .pName = "main" },
      .layout = e->layout,
   };
   CHECK(gvk_CreateComputePipelines(e->device, VK_NULL_HANDLE, 1, &cpci, NULL,
                                    &e->pipeline) == VK_SUCCESS);
   const VkDescriptorPoolSize sizes[4] = {
      { VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1 }, { VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, 1 },
      { VK_DESCRIPTOR_TYPE_SAMPLER, 1 }, { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1 },
   };
   const VkDescriptorPoolCreateInfo dpci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
      .maxSets = 1, .poolSizeCount = 4, .pPoolSizes = sizes,
   };
   CHECK(gvk_CreateDescriptorPool(e->device, &dpci, NULL, &e->pool) == VK_SUCCESS);
   const VkDescriptorSetAllocateInfo dsai = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
      .descriptorPool = e->pool, .descriptorSetCount = 1, .pSetLayouts = &e->set_layout,
   };
   CHECK(gvk_AllocateDescriptorSets(e->device, &dsai, &e->set) == VK_SUCCESS);
}

/* The set with `texture` as binding 1's image. */
static void
write_set(struct env *e, VkImageView texture)
{
   const VkDescriptorImageInfo combined = { e->white, e->plain,
                                            VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL };
   const VkDescriptorImageInfo sampled = { VK_NULL_HANDLE, texture,
                                           VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL };
   const VkDescriptorBufferInfo out = { e->out.buffer, 0, OUT_BYTES };
   const VkWriteDescriptorSet writes[3] = {
      { .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = e->set, .dstBinding = 0,
        .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
        .pImageInfo = &combined },
      { .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = e->set, .dstBinding = 1,
        .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE,
        .pImageInfo = &sampled },
      { .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = e->set, .dstBinding = 3,
        .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
        .pBufferInfo = &out },
   };
   gvk_UpdateDescriptorSets(e->device, 3, writes, 0, NULL);
}

static const VkComponentMapping identity = { 0 };
/* red and blue exchanged: opaque black and white borders read the same */
static const VkComponentMapping bgra = { VK_COMPONENT_SWIZZLE_B, VK_COMPONENT_SWIZZLE_G,
                                         VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_A };

static int
create_env(struct env *e)
{
   int status = gvk_test_open(&e->g, gvk_GetInstanceProcAddr, NULL);
   if (status)
      return status;
   e->device = e->g.device;
   e->dev = gvk_device_from_handle(e->device);
   e->verx10 = e->dev->pdev->info.verx10;
   e->spec = gvk_gx_spec_for(e->verx10);
   CHECK(e->spec != NULL);
   create_texture(e);
   e->plain = create_view(e, e->image, VK_IMAGE_VIEW_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM,
                          VK_IMAGE_ASPECT_COLOR_BIT, identity, 0, 1, 0, 1);
   e->swizzled = create_view(e, e->image, VK_IMAGE_VIEW_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM,
                             VK_IMAGE_ASPECT_COLOR_BIT, bgra, 0, 1, 0, 1);
   e->white = create_sampler(e, VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE);
   e->black = create_sampler(e, VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK);
   CHECK(gvk_test_buffer_create(&e->g, OUT_BYTES, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                                &e->out) == VK_SUCCESS);
   create_pipeline(e);
   return gvk_test_failures ? 1 : 0;
}

static void
destroy_env(struct env *e)
{
   gvk_DestroyDescriptorPool(e->device, e->pool, NULL);
   gvk_DestroyPipeline(e->device, e->pipeline, NULL);
   gvk_DestroyShaderModule(e->device, e->module, NULL);
   gvk_DestroyPipelineLayout(e->device, e->layout, NULL);
   gvk_DestroyDescriptorSetLayout(e->device, e->set_layout, NULL);
   gvk_DestroySampler(e->device, e->white, NULL);
   gvk_DestroySampler(e->device, e->black, NULL);
   gvk_DestroyImageView(e->device, e->plain, NULL);
   gvk_DestroyImageView(e->device, e->swizzled, NULL);
   gvk_DestroyImage(e->device, e->image, NULL);
   gvk_FreeMemory(e->device, e->memory, NULL);
   gvk_test_buffer_destroy(&e->g, &e->out);
   gvk_test_destroy(&e->g, NULL, NULL);
}

/* ---- recording and running ---- */

/* The host's texel writes made visible to the dispatch, then two
 * dispatches with the set bound before each. */
static VkResult
record(struct env *e, VkCommandBuffer cmd)
{
   const VkCommandBufferBeginInfo cbbi = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
   };
   gvk_BeginCommandBuffer(cmd, &cbbi);
   const VkImageMemoryBarrier imb = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_HOST_WRITE_BIT, .dstAccessMask = VK_ACCESS_SHADER_READ_BIT,
      .oldLayout = VK_IMAGE_LAYOUT_PREINITIALIZED,
      .newLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .image = e->image, .subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 },
   };
   gvk_CmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_HOST_BIT,
                          VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 0, NULL, 0, NULL, 1, &imb);
   gvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, e->pipeline);
   for (int i = 0; i < 2; i++) {
      gvk_CmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, e->layout, 0, 1,
                                &e->set, 0, NULL);
      gvk_CmdDispatch(cmd, 1, 1, 1);
   }
   return gvk_EndCommandBuffer(cmd);
}

static void
run(struct env *e, VkCommandBuffer cmd)
{
   memset(e->out.map, 0, OUT_BYTES);
   const VkSubmitInfo si = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
      .commandBufferCount = 1, .pCommandBuffers = &cmd,
   };
   VkResult result = gvk_QueueSubmit(e->g.queue, 1, &si, VK_NULL_HANDLE);
   CHECK((result ? result : gvk_QueueWaitIdle(e->g.queue)) == VK_SUCCESS);
}

/* ---- walking the batch ---- */

static const struct gvk_cmd_block *
block_at(const struct gvk_cmd_buffer *cmd, uint64_t addr)
{
   for (uint32_t i = 0; i < cmd->block_count; i++) {
      if (cmd->blocks[i].bo->addr == addr)
         return &cmd->blocks[i];
   }
   return NULL;
}

static uint64_t
get(const struct gvk_gx_item *item, const uint32_t *dw, const char *name)
{
   for (uint16_t i = 0; i < item->field_count; i++) {
      const struct gvk_gx_field *f = &item->fields[i];
      uint64_t v = 0;
      if (!strcmp(f->name, name) && gvk_gx_field_raw(f, dw, item->length, 0, &v))
         return v;
   }
   CHECKF(false, "%s has no field %s", item->name, name);
   return 0;
}

struct batch_facts {
   uint64_t state_base;
   uint32_t idd;                  /* the interface descriptor loaded */
   uint32_t idd_loads;
   bool ok;
};

/* The first batch block (the dispatches fit it): the state base address
 * and the MEDIA_INTERFACE_DESCRIPTOR_LOADs. */
static struct batch_facts
walk_batch(const struct env *e, const struct gvk_cmd_buffer *cmd)
{
   struct batch_facts f = { .ok = false };
   const struct gvk_cmd_block *block = cmd->first_batch;
   for (uint32_t at = 0; block && at < GVK_BLOCK_SIZE;) {
      const uint32_t *dw = (const uint32_t *)block->bo->map + at / 4;
      const struct gvk_gx_item *item = gvk_gx_find_command(e->spec, dw[0]);
      if (!item)
         break;
      const uint32_t len = gvk_gx_command_length(item, dw[0]);
      if (!strcmp(item->name, "STATE_BASE_ADDRESS"))
         f.state_base = get(item, dw, "Dynamic State Base Address");
      if (!strcmp(item->name, "MEDIA_INTERFACE_DESCRIPTOR_LOAD")) {
         f.idd = (uint32_t)get(item, dw, "Interface Descriptor Data Start Address");
         f.idd_loads++;
      }
      if (!strcmp(item->name, "MI_BATCH_BUFFER_END")) {
         f.ok = true;
         break;
      }
      at += len * 4;
   }
   return f;
}

static const uint32_t *
state_at(const struct gvk_cmd_buffer *cmd, uint64_t base, uint32_t offset)
{
   const struct gvk_cmd_block *block = block_at(cmd, base);
   return block ? (const uint32_t *)block->bo->map + offset / 4 : NULL;
}

/* ---- checks of the recorded state ---- */

/* SAMPLER_BORDER_COLOR_STATE alignment (Border Color Pointer): IVB PRM
 * bits 31:5, HSW PRM 512 bytes, BDW+ bits 23:6. */
static uint32_t
border_alignment(unsigned verx10)
{
   return verx10 == 70 ? 32 : verx10 == 75 ? 512 : 64;
}

static void
check_sampler_entry(const struct env *e, const struct gvk_cmd_buffer *cmd, uint64_t base,
                    const uint32_t *entry, VkSampler handle, const float rgba[4])
{
   const struct gvk_sampler *s = gvk_sampler_from_handle(handle);
   const struct gvk_gx_item *item = gvk_gx_find_by_name(e->spec, "SAMPLER_STATE");
   REQUIRE(item != NULL);
   const uint32_t border = (uint32_t)get(item, entry, "Border Color Pointer");
   CHECK(entry[0] == s->state[0] && entry[1] == s->state[1] && entry[3] == s->state[3]);
   CHECK((entry[2] & ~border) == s->state[2]);
   CHECKF(border && border % border_alignment(e->verx10) == 0, "border colour at 0x%x",
          border);
   const uint32_t *colour = state_at(cmd, base, border);
   REQUIRE(colour != NULL);
   for (int c = 0; c < 4; c++) {
      float v;
      memcpy(&v, &colour[c], 4);
      CHECKF(v == rgba[c], "border channel %d: %f, not %f", c, v, rgba[c]);
   }
}

/* The kernel's sampler indices: binding 0's sampler (white border) and
 * binding 2's immutable one (black). */
static void
check_sampler_table(const struct env *e, const struct gvk_cmd_buffer *cmd, uint64_t base,
                    const uint32_t *idd)
{
   static const float white[4] = { 1, 1, 1, 1 }, black[4] = { 0, 0, 0, 1 };
   const struct gbe_kernel *k = &gvk_pipeline_from_handle(e->pipeline)->cs->kernel;
   const struct gvk_gx_item *desc = gvk_gx_find_by_name(e->spec, "INTERFACE_DESCRIPTOR_DATA");
   REQUIRE(desc != NULL);
   const uint32_t table = (uint32_t)get(desc, idd, "Sampler State Pointer");
   CHECK(k->num_samplers == 2 && k->sampler_table_size == 2);
   /* one to four samplers: one group; Ice Lake prefetches none */
   CHECK(get(desc, idd, "Sampler Count") == (e->verx10 == 110 ? 0u : 1u));
   CHECKF(table && table % 32 == 0, "sampler table at 0x%x", table);
   const uint32_t *states = state_at(cmd, base, table);
   REQUIRE(states != NULL);
   for (uint32_t i = 0; i < k->num_samplers; i++) {
      const struct gbe_sampler_binding *sb = &k->samplers[i];
      CHECK(sb->set == 0 && sb->count == 1 && (sb->binding == 0 || sb->binding == 2));
      check_sampler_entry(e, cmd, base, &states[sb->index * 4],
                          sb->binding == 0 ? e->white : e->black,
                          sb->binding == 0 ? white : black);
   }
}

/* Binding 0 shows the plain view, binding 1 the one given. */
static void
check_surfaces(const struct env *e, const struct gvk_cmd_buffer *cmd, uint64_t base,
               const uint32_t *idd, bool swizzled)
{
   const struct gbe_kernel *k = &gvk_pipeline_from_handle(e->pipeline)->cs->kernel;
   const struct gvk_gx_item *desc = gvk_gx_find_by_name(e->spec, "INTERFACE_DESCRIPTOR_DATA");
   const uint32_t *table = state_at(cmd, base, (uint32_t)get(desc, idd, "Binding Table Pointer"));
   REQUIRE(table != NULL);
   const uint64_t address = gvk_address_gpu(gvk_image_from_handle(e->image)->address);
   uint32_t sampled = 0;
   for (uint32_t i = 0; i < k->num_bindings; i++) {
      const struct gbe_binding *b = &k->bindings[i];
      if (b->kind != GBE_SURFACE_SAMPLED_IMAGE)
         continue;
      sampled++;
      struct isl_state_desc d;
      REQUIRE(isl_decode_state(e->verx10, state_at(cmd, base, table[b->bti]), &d));
      CHECK(d.type == ISL_SURFTYPE_2D && d.format == ISL_FORMAT_R8G8B8A8_UNORM);
      CHECK(d.address == address && d.surf.width == SIZE && d.surf.height == SIZE);
      CHECK(d.min_lod == 0 && d.mip_count_lod == 0 && d.array_extent == 1);
      CHECK(d.resource_min_lod == 0.0f);
      if (e->verx10 < 75)
         continue;
      const bool swz = swizzled && b->binding == 1;
      CHECK(d.swizzle.r == (swz ? ISL_SCS_BLUE : ISL_SCS_RED));
      CHECK(d.swizzle.g == ISL_SCS_GREEN);
      CHECK(d.swizzle.b == (swz ? ISL_SCS_RED : ISL_SCS_BLUE));
      CHECK(d.swizzle.a == ISL_SCS_ALPHA);
   }
   CHECK(sampled == 2);
}

static void
check_results(const struct env *e, bool swizzled)
{
   const float *out = e->out.map;
   for (uint32_t i = 0; i < INVOCATIONS; i++) {
      float want[2][4];
      if (i < 16) {
         const uint8_t *t = e->texels[i / 4][i % 4];
         for (int c = 0; c < 4; c++) {
            want[0][c] = t[c] / 255.0f;
            want[1][c] = t[swizzled && c != 1 && c != 3 ? 2 - c : c] / 255.0f;
         }
      } else {
         static const float white[4] = { 1, 1, 1, 1 }, black[4] = { 0, 0, 0, 1 };
         memcpy(want[0], white, sizeof(white));
         memcpy(want[1], black, sizeof(black));
      }
      for (int s = 0; s < 2; s++) {
         for (int c = 0; c < 4; c++) {
            const float got = out[(s * INVOCATIONS + i) * 4 + c];
            CHECKF(fabsf(got - want[s][c]) <= 1e-6f, "sample %u of %s, channel %d: %f, "
                   "not %f", i, s ? "texture+sampler" : "combined", c, got, want[s][c]);
         }
      }
   }
}

static void
test_dispatch(struct env *e, bool swizzled)
{
   write_set(e, swizzled ? e->swizzled : e->plain);
   VkCommandPool pool = VK_NULL_HANDLE;
   const VkCommandPoolCreateInfo cpci = { .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO };
   CHECK(gvk_CreateCommandPool(e->device, &cpci, NULL, &pool) == VK_SUCCESS);
   const VkCommandBufferAllocateInfo cbai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
      .commandPool = pool, .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1,
   };
   VkCommandBuffer cmd = VK_NULL_HANDLE;
   CHECK(gvk_AllocateCommandBuffers(e->device, &cbai, &cmd) == VK_SUCCESS);
   CHECK(record(e, cmd) == VK_SUCCESS);
   const struct gvk_cmd_buffer *c = gvk_cmd_buffer_from_handle(cmd);
   const struct batch_facts f = walk_batch(e, c);
   CHECK(f.ok && f.idd_loads == 1);
   const uint32_t *idd = state_at(c, f.state_base, f.idd);
   CHECK(idd != NULL);
   if (idd) {
      check_sampler_table(e, c, f.state_base, idd);
      check_surfaces(e, c, f.state_base, idd, swizzled);
   }
   run(e, cmd);
   check_results(e, swizzled);
   gvk_DestroyCommandPool(e->device, pool, NULL);
}

/* Ivy Bridge has no channel selects: a swizzled view gets no sampling
 * state and a dispatch sampling it fails its command buffer. */
static void
test_ivb_swizzle(struct env *e)
{
   CHECK(!gvk_image_view_from_handle(e->swizzled)->has_state[GVK_VIEW_STATE_SAMPLED]);
   write_set(e, e->swizzled);
   VkCommandPool pool = VK_NULL_HANDLE;
   const VkCommandPoolCreateInfo cpci = { .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO };
   CHECK(gvk_CreateCommandPool(e->device, &cpci, NULL, &pool) == VK_SUCCESS);
   const VkCommandBufferAllocateInfo cbai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
      .commandPool = pool, .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1,
   };
   VkCommandBuffer cmd = VK_NULL_HANDLE;
   CHECK(gvk_AllocateCommandBuffers(e->device, &cbai, &cmd) == VK_SUCCESS);
   CHECK(record(e, cmd) != VK_SUCCESS);
   gvk_DestroyCommandPool(e->device, pool, NULL);
}

/* ---- views ---- */

static bool
decode_view(const struct env *e, VkImageView handle, struct isl_state_desc *d)
{
   const struct gvk_image_view *iv = gvk_image_view_from_handle(handle);
   return iv->has_state[GVK_VIEW_STATE_SAMPLED] &&
          isl_decode_state(e->verx10, iv->states[GVK_VIEW_STATE_SAMPLED], d);
}

/* Two cubes of 8x8 faces with four levels: a cube-array view of levels
 * 1-2 is SURFTYPE_CUBE with two cubes; a cube view of the second cube
 * starts at face 6. */
static void
test_cube_views(struct env *e)
{
   VkImageCreateInfo ici = image_info(VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TILING_OPTIMAL, 8, 4, 12);
   ici.flags = VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT;
   VkImage image = VK_NULL_HANDLE;
   REQUIRE(gvk_CreateImage(e->device, &ici, NULL, &image) == VK_SUCCESS);
   VkDeviceMemory memory = bind_memory(e, image, 0);
   VkImageView array = create_view(e, image, VK_IMAGE_VIEW_TYPE_CUBE_ARRAY,
                                   VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_ASPECT_COLOR_BIT,
                                   identity, 1, 2, 0, 12);
   VkImageView cube = create_view(e, image, VK_IMAGE_VIEW_TYPE_CUBE, VK_FORMAT_R8G8B8A8_UNORM,
                                  VK_IMAGE_ASPECT_COLOR_BIT, identity, 0, 4, 6, 6);
   struct isl_state_desc d;
   CHECK(decode_view(e, array, &d));
   CHECK(d.type == ISL_SURFTYPE_CUBE && d.array_extent == 2 && d.min_array_element == 0);
   CHECK(d.min_lod == 1 && d.mip_count_lod == 1);
   CHECK(decode_view(e, cube, &d));
   CHECK(d.type == ISL_SURFTYPE_CUBE && d.array_extent == 1 && d.min_array_element == 6);
   CHECK(d.min_lod == 0 && d.mip_count_lod == 3);
   gvk_DestroyImageView(e->device, array, NULL);
   gvk_DestroyImageView(e->device, cube, NULL);
   gvk_DestroyImage(e->device, image, NULL);
   gvk_FreeMemory(e->device, memory, NULL);
}

/* Depth aspects sample in the formats the sampler reads depth buffers
 * as; the W-tiled stencil buffer as R8_UINT where RENDER_SURFACE_STATE
 * can describe it (Broadwell on). */
static void
test_depth_stencil_views(struct env *e)
{
   static const struct { VkFormat vk; enum isl_format depth; bool stencil; } cases[] = {
      { VK_FORMAT_D16_UNORM, ISL_FORMAT_R16_UNORM, false },
      { VK_FORMAT_D32_SFLOAT, ISL_FORMAT_R32_FLOAT, false },
      { VK_FORMAT_D24_UNORM_S8_UINT, ISL_FORMAT_R24_UNORM_X8_TYPELESS, true },
   };
   for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
      const VkImageCreateInfo ici = image_info(cases[i].vk, VK_IMAGE_TILING_OPTIMAL, 8, 1, 1);
      VkImage image = VK_NULL_HANDLE;
      if (!CHECK(gvk_CreateImage(e->device, &ici, NULL, &image) == VK_SUCCESS))
         continue;
      VkDeviceMemory memory = bind_memory(e, image, 0);
      const struct gvk_image *img = gvk_image_from_handle(image);
      VkImageView depth = create_view(e, image, VK_IMAGE_VIEW_TYPE_2D, cases[i].vk,
                                      VK_IMAGE_ASPECT_DEPTH_BIT, identity, 0, 1, 0, 1);
      struct isl_state_desc d;
      CHECK(decode_view(e, depth, &d));
      CHECKF(d.format == (uint32_t)cases[i].depth, "VkFormat %d: depth as %u",
             (int)cases[i].vk, d.format);
      CHECK(d.address == gvk_address_gpu(img->address));
      gvk_DestroyImageView(e->device, depth, NULL);
      if (cases[i].stencil) {
         VkImageView stencil = create_view(e, image, VK_IMAGE_VIEW_TYPE_2D, cases[i].vk,
                                           VK_IMAGE_ASPECT_STENCIL_BIT, identity, 0, 1, 0, 1);
         const bool ok = decode_view(e, stencil, &d);
         CHECK(ok == (e->verx10 >= 80));
         if (ok) {
            CHECK(d.format == ISL_FORMAT_R8_UINT);
            CHECK(d.address == gvk_address_gpu(img->address) + img->stencil_offset);
         }
         gvk_DestroyImageView(e->device, stencil, NULL);
      }
      gvk_DestroyImage(e->device, image, NULL);
      gvk_FreeMemory(e->device, memory, NULL);
   }
}

/* ---- format features ---- */

static VkFormatFeatureFlags2
features(const struct env *e, VkFormat format, enum gvk_format_use use)
{
   return gvk_format_features(e->dev->pdev, format, use);
}

#define SAMPLED VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_BIT
#define FILTER VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_FILTER_LINEAR_BIT
#define COMPARE VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_DEPTH_COMPARISON_BIT

/* No sampling feature beyond what isl's caps grant, on either tiling; the
 * PRM's answer for a few formats: RGBA8 UNORM samples and filters
 * everywhere, integers never filter, depth compares, stencil samples from
 * Broadwell on, linear images have no depth and no compressed sampling. */
static void
test_format_features(struct env *e)
{
   const struct devinfo *dev = &e->dev->pdev->info;
   for (unsigned i = 0; isl_vk_format_at(i); i++) {
      const struct isl_vk_format *f = isl_vk_format_at(i);
      const uint32_t caps = isl_vk_format_caps(dev, f->vk_format);
      for (int use = GVK_FORMAT_IMAGE; use <= GVK_FORMAT_IMAGE_LINEAR; use++) {
         const VkFormatFeatureFlags2 have =
            features(e, (VkFormat)f->vk_format, (enum gvk_format_use)use);
         CHECKF(!(have & SAMPLED) || (caps & ISL_CAP_SAMPLE), "VkFormat %u", f->vk_format);
         CHECKF(!(have & FILTER) || ((caps & ISL_CAP_FILTER) && (have & SAMPLED)),
                "VkFormat %u", f->vk_format);
         CHECKF(!(have & COMPARE) || ((caps & ISL_CAP_SHADOW) && (have & SAMPLED)),
                "VkFormat %u", f->vk_format);
      }
   }
   const VkFormatFeatureFlags2 rgba8 = SAMPLED | FILTER;
   CHECK((features(e, VK_FORMAT_R8G8B8A8_UNORM, GVK_FORMAT_IMAGE) & rgba8) == rgba8);
   CHECK((features(e, VK_FORMAT_R8G8B8A8_UNORM, GVK_FORMAT_IMAGE_LINEAR) & rgba8) == rgba8);
   const VkFormatFeatureFlags2 uint32x4 = features(e, VK_FORMAT_R32G32B32A32_UINT,
                                                    GVK_FORMAT_IMAGE);
   CHECK((uint32x4 & SAMPLED) && !(uint32x4 & FILTER));
   CHECK((features(e, VK_FORMAT_D32_SFLOAT, GVK_FORMAT_IMAGE) & (SAMPLED | COMPARE)) ==
         (SAMPLED | COMPARE));
   CHECK(!(features(e, VK_FORMAT_D32_SFLOAT, GVK_FORMAT_IMAGE_LINEAR) & SAMPLED));
   CHECK(!!(features(e, VK_FORMAT_S8_UINT, GVK_FORMAT_IMAGE) & SAMPLED) == (e->verx10 >= 80));
   CHECK(!(features(e, VK_FORMAT_BC1_RGBA_UNORM_BLOCK, GVK_FORMAT_IMAGE_LINEAR) & SAMPLED));
}

/* Device features and limits sampling reports (Mesa's anv and hasvk
 * report the same on Gen7-Gen12). */
static void
test_device_caps(struct env *e)
{
   VkPhysicalDeviceFeatures feat;
   gvk_GetPhysicalDeviceFeatures(e->g.pdev, &feat);
   CHECK(feat.imageCubeArray && feat.shaderImageGatherExtended && feat.samplerAnisotropy);
   VkPhysicalDeviceProperties props;
   gvk_GetPhysicalDeviceProperties(e->g.pdev, &props);
   CHECK(props.limits.maxSamplerAnisotropy == 16.0f);
   CHECK(props.limits.minTexelGatherOffset == -32 && props.limits.maxTexelGatherOffset == 31);
   CHECK(props.limits.minTexelOffset == -8 && props.limits.maxTexelOffset == 7);
}

int
main(void)
{
   struct env e = { 0 };
   int status = create_env(&e);
   if (status) {
      if (e.device)
         destroy_env(&e);
      return status;
   }
   test_format_features(&e);
   test_device_caps(&e);
   test_cube_views(&e);
   test_depth_stencil_views(&e);
   if (e.verx10 < 75)
      test_ivb_swizzle(&e);
   test_dispatch(&e, false);
   if (e.verx10 >= 75)
      test_dispatch(&e, true);
   destroy_env(&e);
   return gvk_test_result("sampling: ok");
}

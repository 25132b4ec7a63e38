/* Throughput of a driver's sampler, through whatever driver the loader
 * picks (scripts/bench-sampler runs it on vgpu and lavapipe):
 *
 *   bench_sample [--grid N] [--samples K] [--dispatches D] [--out FILE]
 *
 * A 256x256 R8G8B8A8_UNORM texture with its 9 mip levels (optimal tiling,
 * filled by buffer-to-image copies, every level a different pattern) is
 * sampled by bench_sample.comp: N x N invocations (default 128), each K
 * textureLod lookups (default 8), D dispatches in one submission (default
 * 1), in two passes:
 *   bilinear   LINEAR min/mag filter, NEAREST mip filter, LOD 0: each
 *              lookup blends 4 texels of level 0;
 *   trilinear  LINEAR min/mag and mip filters, LOD 1.5: each lookup
 *              blends 4 texels of level 1 and 4 of level 2.
 *
 * Prints per pass `<pass>_samples S` (lookups), `<pass>_seconds T`
 * (vkQueueSubmit to vkQueueWaitIdle, after an untimed one-workgroup
 * warm-up), `<pass>_samples_per_second` and
 * `<pass>_texels_per_second` (texels the filter reads: 4 or 8 a lookup);
 * with --out, writes the two passes' per-invocation sums (N * N RGBA
 * floats each, bilinear first) for comparing drivers. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "vk_program.h"

#include "bench_sample.spv.h"

#define TEX_SIZE 256u
#define TEX_LEVELS 9u
#define FORMAT VK_FORMAT_R8G8B8A8_UNORM
#define LOCAL_SIZE 8u

struct options {
   uint32_t grid, samples, dispatches;
   const char *out;
};

struct bench {
   struct vk_program_device vk;
   VkCommandPool pool;
   VkImage image;
   VkDeviceMemory image_memory;
   VkImageView view;
   VkSampler samplers[2];
   VkBuffer sums;
   VkDeviceMemory sums_memory;
   VkDeviceSize pass_bytes;          /* one pass's sums, 256-byte aligned */
   VkDescriptorSetLayout set_layout;
   VkDescriptorPool desc_pool;
   VkDescriptorSet sets[2];
   VkPipelineLayout layout;
   VkPipeline pipeline;
};

/* The two passes: sampler mip filter and LOD, and what one lookup reads. */
static const struct pass {
   const char *name;
   VkSamplerMipmapMode mip;
   float lod;
   unsigned texels;
} passes[2] = {
   { "bilinear", VK_SAMPLER_MIPMAP_MODE_NEAREST, 0.0f, 4 },
   { "trilinear", VK_SAMPLER_MIPMAP_MODE_LINEAR, 1.5f, 8 },
};

static double
now(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void
usage(void)
{
   fprintf(stderr, "usage: bench_sample [--grid N] [--samples K] [--dispatches D] "
                   "[--out FILE]\n");
   exit(2);
}

static uint32_t
number(const char *s, uint32_t max)
{
   char *end;
   unsigned long v = strtoul(s, &end, 0);
   if (*end || v == 0 || v > max)
      usage();
   return (uint32_t)v;
}

static struct options
parse(int argc, char **argv)
{
   struct options o = { .grid = 128, .samples = 8, .dispatches = 1 };
   for (int i = 1; i < argc; i += 2) {
      if (i + 1 >= argc)
         usage();
      if (strcmp(argv[i], "--grid") == 0)
         o.grid = number(argv[i + 1], 4096);
      else if (strcmp(argv[i], "--samples") == 0)
         o.samples = number(argv[i + 1], 1u << 16);
      else if (strcmp(argv[i], "--dispatches") == 0)
         o.dispatches = number(argv[i + 1], 1u << 16);
      else if (strcmp(argv[i], "--out") == 0)
         o.out = argv[i + 1];
      else
         usage();
   }
   if (o.grid % LOCAL_SIZE) {
      fprintf(stderr, "bench_sample: --grid must be a multiple of %u\n", LOCAL_SIZE);
      exit(2);
   }
   return o;
}

static void
open_device(struct bench *b)
{
   vk_program_open_device("bench_sample", VK_QUEUE_COMPUTE_BIT, &b->vk);
   VkCommandPoolCreateInfo cpci = { .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                    .queueFamilyIndex = b->vk.family };
   VK(vkCreateCommandPool(b->vk.dev, &cpci, NULL, &b->pool));
}

static VkDeviceMemory
allocate(struct bench *b, VkMemoryRequirements req, VkMemoryPropertyFlags want)
{
   VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
      .memoryTypeIndex = vk_program_memory_type(b->vk.pd, req.memoryTypeBits, want) };
   VkDeviceMemory memory;
   VK(vkAllocateMemory(b->vk.dev, &mai, NULL, &memory));
   return memory;
}

static const VkMemoryPropertyFlags host_memory =
   VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;

static VkBuffer
create_buffer(struct bench *b, VkDeviceSize size, VkBufferUsageFlags usage,
              VkDeviceMemory *memory)
{
   VkBufferCreateInfo bci = { .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                              .size = size, .usage = usage };
   VkBuffer buffer;
   VK(vkCreateBuffer(b->vk.dev, &bci, NULL, &buffer));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(b->vk.dev, buffer, &req);
   *memory = allocate(b, req, host_memory);
   VK(vkBindBufferMemory(b->vk.dev, buffer, *memory, 0));
   return buffer;
}

static VkCommandBuffer
begin_commands(struct bench *b)
{
   VkCommandBufferAllocateInfo cbai = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                        .commandPool = b->pool,
                                        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                        .commandBufferCount = 1 };
   VkCommandBuffer cmd;
   VK(vkAllocateCommandBuffers(b->vk.dev, &cbai, &cmd));
   VkCommandBufferBeginInfo bi = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                   .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT };
   VK(vkBeginCommandBuffer(cmd, &bi));
   return cmd;
}

/* Ends, submits and waits for cmd; the seconds from submit to idle. */
static double
run_commands(struct bench *b, VkCommandBuffer cmd)
{
   VK(vkEndCommandBuffer(cmd));
   VkSubmitInfo si = { .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                       .commandBufferCount = 1, .pCommandBuffers = &cmd };
   double start = now();
   VK(vkQueueSubmit(b->vk.queue, 1, &si, VK_NULL_HANDLE));
   VK(vkQueueWaitIdle(b->vk.queue));
   double seconds = now() - start;
   vkFreeCommandBuffers(b->vk.dev, b->pool, 1, &cmd);
   return seconds;
}

/* Level l's texel (x, y): patterns that differ between levels, so that
 * trilinear filtering blends distinct values. */
static void
texel(uint32_t l, uint32_t x, uint32_t y, uint8_t out[4])
{
   out[0] = (uint8_t)(x * 7 + y * 3 + l * 40);
   out[1] = (uint8_t)((x ^ y) * 5 + l * 17);
   out[2] = (uint8_t)(x * y + l * 90);
   out[3] = (uint8_t)(255 - l * 20);
}

static void
image_barrier(VkCommandBuffer cmd, VkImage image, VkImageLayout from, VkImageLayout to,
              VkAccessFlags src_access, VkAccessFlags dst_access,
              VkPipelineStageFlags src_stage, VkPipelineStageFlags dst_stage)
{
   VkImageMemoryBarrier barrier = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER, .srcAccessMask = src_access,
      .dstAccessMask = dst_access, .oldLayout = from, .newLayout = to,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED, .image = image,
      .subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, TEX_LEVELS, 0, 1 } };
   vkCmdPipelineBarrier(cmd, src_stage, dst_stage, 0, 0, NULL, 0, NULL, 1, &barrier);
}

/* The texture: every level written to a staging buffer and copied in. */
static void
create_texture(struct bench *b)
{
   VkImageCreateInfo ici = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
      .format = FORMAT, .extent = { TEX_SIZE, TEX_SIZE, 1 }, .mipLevels = TEX_LEVELS,
      .arrayLayers = 1, .samples = VK_SAMPLE_COUNT_1_BIT, .tiling = VK_IMAGE_TILING_OPTIMAL,
      .usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED };
   VK(vkCreateImage(b->vk.dev, &ici, NULL, &b->image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(b->vk.dev, b->image, &req);
   b->image_memory = allocate(b, req, 0);
   VK(vkBindImageMemory(b->vk.dev, b->image, b->image_memory, 0));
   VkImageViewCreateInfo vci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = b->image,
      .viewType = VK_IMAGE_VIEW_TYPE_2D, .format = FORMAT,
      .subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, TEX_LEVELS, 0, 1 } };
   VK(vkCreateImageView(b->vk.dev, &vci, NULL, &b->view));

   VkDeviceSize total = 0;
   for (uint32_t l = 0; l < TEX_LEVELS; l++) {
      uint32_t size = TEX_SIZE >> l;
      total += (VkDeviceSize)size * size * 4;
   }
   VkDeviceMemory staging_memory;
   VkBuffer staging = create_buffer(b, total, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, &staging_memory);
   uint8_t *map;
   VK(vkMapMemory(b->vk.dev, staging_memory, 0, VK_WHOLE_SIZE, 0, (void **)&map));
   VkBufferImageCopy regions[TEX_LEVELS];
   VkDeviceSize offset = 0;
   for (uint32_t l = 0; l < TEX_LEVELS; l++) {
      uint32_t size = TEX_SIZE >> l;
      for (uint32_t y = 0; y < size; y++) {
         for (uint32_t x = 0; x < size; x++)
            texel(l, x, y, map + offset + ((VkDeviceSize)y * size + x) * 4);
      }
      regions[l] = (VkBufferImageCopy){ .bufferOffset = offset,
                                        .imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, l, 0, 1 },
                                        .imageExtent = { size, size, 1 } };
      offset += (VkDeviceSize)size * size * 4;
   }
   vkUnmapMemory(b->vk.dev, staging_memory);

   VkCommandBuffer cmd = begin_commands(b);
   image_barrier(cmd, b->image, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                 0, VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                 VK_PIPELINE_STAGE_TRANSFER_BIT);
   vkCmdCopyBufferToImage(cmd, staging, b->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                          TEX_LEVELS, regions);
   image_barrier(cmd, b->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                 VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, VK_ACCESS_TRANSFER_WRITE_BIT,
                 VK_ACCESS_SHADER_READ_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                 VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT);
   run_commands(b, cmd);
   vkDestroyBuffer(b->vk.dev, staging, NULL);
   vkFreeMemory(b->vk.dev, staging_memory, NULL);
}

static void
create_samplers(struct bench *b)
{
   for (unsigned i = 0; i < 2; i++) {
      VkSamplerCreateInfo sci = {
         .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO, .magFilter = VK_FILTER_LINEAR,
         .minFilter = VK_FILTER_LINEAR, .mipmapMode = passes[i].mip,
         .addressModeU = VK_SAMPLER_ADDRESS_MODE_REPEAT,
         .addressModeV = VK_SAMPLER_ADDRESS_MODE_REPEAT,
         .addressModeW = VK_SAMPLER_ADDRESS_MODE_REPEAT,
         .maxLod = VK_LOD_CLAMP_NONE };
      VK(vkCreateSampler(b->vk.dev, &sci, NULL, &b->samplers[i]));
   }
}

/* One set per pass: the texture with the pass's sampler, and the pass's
 * part of the sums buffer. */
static void
create_descriptors(struct bench *b, const struct options *o)
{
   b->pass_bytes = ((VkDeviceSize)o->grid * o->grid * 16 + 255) & ~(VkDeviceSize)255;
   b->sums = create_buffer(b, 2 * b->pass_bytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                           &b->sums_memory);
   VkDescriptorSetLayoutBinding bindings[2] = {
      { 0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
      { 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
   };
   VkDescriptorSetLayoutCreateInfo dslci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, .bindingCount = 2,
      .pBindings = bindings };
   VK(vkCreateDescriptorSetLayout(b->vk.dev, &dslci, NULL, &b->set_layout));
   VkDescriptorPoolSize sizes[2] = { { VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 2 },
                                     { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2 } };
   VkDescriptorPoolCreateInfo dpci = { .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                       .maxSets = 2, .poolSizeCount = 2, .pPoolSizes = sizes };
   VK(vkCreateDescriptorPool(b->vk.dev, &dpci, NULL, &b->desc_pool));
   VkDescriptorSetLayout layouts[2] = { b->set_layout, b->set_layout };
   VkDescriptorSetAllocateInfo dsai = { .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                        .descriptorPool = b->desc_pool,
                                        .descriptorSetCount = 2, .pSetLayouts = layouts };
   VK(vkAllocateDescriptorSets(b->vk.dev, &dsai, b->sets));
   for (unsigned i = 0; i < 2; i++) {
      VkDescriptorImageInfo image = { b->samplers[i], b->view,
                                      VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL };
      VkDescriptorBufferInfo buffer = { b->sums, i * b->pass_bytes, b->pass_bytes };
      VkWriteDescriptorSet writes[2] = {
         { .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = b->sets[i],
           .dstBinding = 0, .descriptorCount = 1,
           .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, .pImageInfo = &image },
         { .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = b->sets[i],
           .dstBinding = 1, .descriptorCount = 1,
           .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .pBufferInfo = &buffer },
      };
      vkUpdateDescriptorSets(b->vk.dev, 2, writes, 0, NULL);
   }
}

struct push {
   float lod;
   uint32_t samples;
};

static void
create_pipeline(struct bench *b)
{
   VkPushConstantRange range = { VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(struct push) };
   VkPipelineLayoutCreateInfo plci = { .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                       .setLayoutCount = 1, .pSetLayouts = &b->set_layout,
                                       .pushConstantRangeCount = 1,
                                       .pPushConstantRanges = &range };
   VK(vkCreatePipelineLayout(b->vk.dev, &plci, NULL, &b->layout));
   VkShaderModuleCreateInfo smci = { .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                     .codeSize = sizeof(bench_sample_spv),
                                     .pCode = bench_sample_spv };
   VkShaderModule module;
   VK(vkCreateShaderModule(b->vk.dev, &smci, NULL, &module));
   VkComputePipelineCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                 .stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = module, .pName = "main" },
      .layout = b->layout };
   VK(vkCreateComputePipelines(b->vk.dev, VK_NULL_HANDLE, 1, &cpci, NULL, &b->pipeline));
   vkDestroyShaderModule(b->vk.dev, module, NULL);
}

/* One pass: its dispatches in one submission, the seconds they took; a
 * warm-up dispatches one workgroup once (first-use costs such as a JIT
 * compile stay out of the timed runs). */
static double
run_pass(struct bench *b, const struct options *o, unsigned i, bool warmup)
{
   VkCommandBuffer cmd = begin_commands(b);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, b->pipeline);
   vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, b->layout, 0, 1, &b->sets[i],
                           0, NULL);
   struct push push = { passes[i].lod, o->samples };
   vkCmdPushConstants(cmd, b->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(push), &push);
   uint32_t groups = warmup ? 1 : o->grid / LOCAL_SIZE;
   for (uint32_t d = 0; d < (warmup ? 1 : o->dispatches); d++)
      vkCmdDispatch(cmd, groups, groups, 1);
   VkMemoryBarrier to_host = { .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                               .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                               .dstAccessMask = VK_ACCESS_HOST_READ_BIT };
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                        0, 1, &to_host, 0, NULL, 0, NULL);
   return run_commands(b, cmd);
}

static void
write_sums(struct bench *b, const struct options *o)
{
   FILE *f = fopen(o->out, "wb");
   if (!f) {
      fprintf(stderr, "bench_sample: cannot write %s\n", o->out);
      exit(1);
   }
   uint8_t *map;
   VK(vkMapMemory(b->vk.dev, b->sums_memory, 0, VK_WHOLE_SIZE, 0, (void **)&map));
   size_t bytes = (size_t)o->grid * o->grid * 16;
   for (unsigned i = 0; i < 2; i++) {
      if (fwrite(map + i * b->pass_bytes, 1, bytes, f) != bytes) {
         fprintf(stderr, "bench_sample: cannot write %s\n", o->out);
         exit(1);
      }
   }
   vkUnmapMemory(b->vk.dev, b->sums_memory);
   fclose(f);
}

static void
destroy(struct bench *b)
{
   vkDestroyPipeline(b->vk.dev, b->pipeline, NULL);
   vkDestroyPipelineLayout(b->vk.dev, b->layout, NULL);
   vkDestroyDescriptorPool(b->vk.dev, b->desc_pool, NULL);
   vkDestroyDescriptorSetLayout(b->vk.dev, b->set_layout, NULL);
   vkDestroyBuffer(b->vk.dev, b->sums, NULL);
   vkFreeMemory(b->vk.dev, b->sums_memory, NULL);
   for (unsigned i = 0; i < 2; i++)
      vkDestroySampler(b->vk.dev, b->samplers[i], NULL);
   vkDestroyImageView(b->vk.dev, b->view, NULL);
   vkDestroyImage(b->vk.dev, b->image, NULL);
   vkFreeMemory(b->vk.dev, b->image_memory, NULL);
   vkDestroyCommandPool(b->vk.dev, b->pool, NULL);
   vkDestroyDevice(b->vk.dev, NULL);
   vkDestroyInstance(b->vk.inst, NULL);
}

int
main(int argc, char **argv)
{
   struct options o = parse(argc, argv);
   struct bench b = { 0 };
   open_device(&b);
   create_texture(&b);
   create_samplers(&b);
   create_descriptors(&b, &o);
   create_pipeline(&b);
   double samples = (double)o.grid * o.grid * o.samples * o.dispatches;
   for (unsigned i = 0; i < 2; i++) {
      run_pass(&b, &o, i, true);
      double seconds = run_pass(&b, &o, i, false);
      double rate = samples / (seconds > 1e-9 ? seconds : 1e-9);
      printf("%s_samples %.0f\n", passes[i].name, samples);
      printf("%s_seconds %.6f\n", passes[i].name, seconds);
      printf("%s_samples_per_second %.6g\n", passes[i].name, rate);
      printf("%s_texels_per_second %.6g\n", passes[i].name, rate * passes[i].texels);
   }
   if (o.out)
      write_sums(&b, &o);
   destroy(&b);
   return 0;
}

/* CPU cost of a Vulkan driver's hot paths, through whatever driver the
 * loader picks (run on vgpu with VGPU_EXEC=0 so that the GPU costs
 * nothing; scripts/bench-driver runs genvk and Mesa's driver side by side):
 *
 *   bench_driver SHADER.spv [--ms N]
 *
 * Prints one line per measure, each the rate over about N milliseconds
 * (default 300):
 *   descriptor_updates/s  vkUpdateDescriptorSets of one set: two storage
 *                         buffers and a uniform buffer
 *   submits/s             vkQueueSubmit of an empty command buffer
 *                         (vkQueueWaitIdle every 64)
 *   dispatches/s          vkCmdBindDescriptorSets + vkCmdPushConstants +
 *                         vkCmdDispatch recorded, 1000 per command buffer,
 *                         alternating two sets (begin/end/reset included)
 * Asserts nothing but that each Vulkan call succeeds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <vulkan/vulkan.h>

#include "util_file.h"
#include "vk_program.h"

#define DISPATCHES_PER_CMD 1000
#define SUBMITS_PER_WAIT 64
#define BUFFER_SIZE 4096

struct bench {
   struct vk_program_device vk;
   VkBuffer buffers[3];
   VkDeviceMemory memory;
   VkDescriptorSetLayout set_layout;
   VkPipelineLayout layout;
   VkPipeline pipeline;
   VkDescriptorPool pool;
   VkDescriptorSet sets[2];
   VkCommandPool cmd_pool;
   VkCommandBuffer cmd;
};

static double
now(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void
open_device(struct bench *b)
{
   vk_program_open_device("bench_driver", VK_QUEUE_COMPUTE_BIT, &b->vk);
}

static void
create_buffers(struct bench *b)
{
   VkBufferUsageFlags usage[3] = { VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                                   VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                                   VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT };
   VkMemoryRequirements req[3];
   VkDeviceSize offsets[3], size = 0;
   uint32_t types = ~0u;
   for (int i = 0; i < 3; i++) {
      VkBufferCreateInfo bci = { .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                                 .size = BUFFER_SIZE, .usage = usage[i] };
      VK(vkCreateBuffer(b->vk.dev, &bci, NULL, &b->buffers[i]));
      vkGetBufferMemoryRequirements(b->vk.dev, b->buffers[i], &req[i]);
      size = (size + req[i].alignment - 1) / req[i].alignment * req[i].alignment;
      offsets[i] = size;
      size += req[i].size;
      types &= req[i].memoryTypeBits;
   }
   VkMemoryAllocateInfo mai = { .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                .allocationSize = size,
                                .memoryTypeIndex = (uint32_t)__builtin_ctz(types) };
   VK(vkAllocateMemory(b->vk.dev, &mai, NULL, &b->memory));
   for (int i = 0; i < 3; i++)
      VK(vkBindBufferMemory(b->vk.dev, b->buffers[i], b->memory, offsets[i]));
}

static void
create_pipeline(struct bench *b, const char *spv_path)
{
   VkDescriptorSetLayoutBinding bindings[3] = {
      { 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
      { 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
      { 2, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
   };
   VkDescriptorSetLayoutCreateInfo dl = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .bindingCount = 3, .pBindings = bindings };
   VK(vkCreateDescriptorSetLayout(b->vk.dev, &dl, NULL, &b->set_layout));
   VkPushConstantRange push = { VK_SHADER_STAGE_COMPUTE_BIT, 0, 4 };
   VkPipelineLayoutCreateInfo pl = { .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                     .setLayoutCount = 1, .pSetLayouts = &b->set_layout,
                                     .pushConstantRangeCount = 1,
                                     .pPushConstantRanges = &push };
   VK(vkCreatePipelineLayout(b->vk.dev, &pl, NULL, &b->layout));

   size_t size;
   uint32_t *words = util_read_file(spv_path, &size);
   if (!words) {
      fprintf(stderr, "bench_driver: cannot read %s\n", spv_path);
      exit(1);
   }
   VkShaderModuleCreateInfo smci = { .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                     .codeSize = size, .pCode = words };
   VkShaderModule module;
   VK(vkCreateShaderModule(b->vk.dev, &smci, NULL, &module));
   free(words);
   VkComputePipelineCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                 .stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = module, .pName = "main" },
      .layout = b->layout };
   VK(vkCreateComputePipelines(b->vk.dev, VK_NULL_HANDLE, 1, &cpci, NULL, &b->pipeline));
   vkDestroyShaderModule(b->vk.dev, module, NULL);
}

static void
create_sets(struct bench *b)
{
   VkDescriptorPoolSize sizes[2] = { { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 4 },
                                     { VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 2 } };
   VkDescriptorPoolCreateInfo dp = { .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .maxSets = 2, .poolSizeCount = 2, .pPoolSizes = sizes };
   VK(vkCreateDescriptorPool(b->vk.dev, &dp, NULL, &b->pool));
   VkDescriptorSetLayout layouts[2] = { b->set_layout, b->set_layout };
   VkDescriptorSetAllocateInfo dsai = { .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                        .descriptorPool = b->pool, .descriptorSetCount = 2,
                                        .pSetLayouts = layouts };
   VK(vkAllocateDescriptorSets(b->vk.dev, &dsai, b->sets));
}

/* Writes the three descriptors of set; offset varies so that no driver can
 * skip an update as redundant. */
static void
update_set(struct bench *b, VkDescriptorSet set, uint32_t offset)
{
   VkDescriptorBufferInfo info[3];
   VkWriteDescriptorSet w[3];
   for (uint32_t i = 0; i < 3; i++) {
      info[i] = (VkDescriptorBufferInfo){ b->buffers[i], (offset % 16) * 256,
                                          VK_WHOLE_SIZE };
      w[i] = (VkWriteDescriptorSet){
         .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set,
         .dstBinding = i, .descriptorCount = 1,
         .descriptorType = i == 2 ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
                                  : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
         .pBufferInfo = &info[i] };
   }
   vkUpdateDescriptorSets(b->vk.dev, 3, w, 0, NULL);
}

static double
bench_updates(struct bench *b, double seconds)
{
   uint64_t n = 0;
   double start = now(), t;
   do {
      for (int i = 0; i < 256; i++, n++)
         update_set(b, b->sets[n & 1], (uint32_t)n);
      t = now() - start;
   } while (t < seconds);
   return (double)n / t;
}

static void
begin(VkCommandBuffer cmd, VkCommandBufferUsageFlags flags)
{
   VkCommandBufferBeginInfo bi = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                   .flags = flags };
   VK(vkBeginCommandBuffer(cmd, &bi));
}

static double
bench_submits(struct bench *b, double seconds)
{
   begin(b->cmd, VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT);
   VK(vkEndCommandBuffer(b->cmd));
   VkSubmitInfo si = { .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                       .commandBufferCount = 1, .pCommandBuffers = &b->cmd };
   uint64_t n = 0;
   double start = now(), t;
   do {
      for (int i = 0; i < SUBMITS_PER_WAIT; i++, n++)
         VK(vkQueueSubmit(b->vk.queue, 1, &si, VK_NULL_HANDLE));
      VK(vkQueueWaitIdle(b->vk.queue));
      t = now() - start;
   } while (t < seconds);
   return (double)n / t;
}

static double
bench_dispatches(struct bench *b, double seconds)
{
   uint64_t n = 0;
   double start = now(), t;
   do {
      VK(vkResetCommandBuffer(b->cmd, 0));
      begin(b->cmd, VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT);
      vkCmdBindPipeline(b->cmd, VK_PIPELINE_BIND_POINT_COMPUTE, b->pipeline);
      for (uint32_t i = 0; i < DISPATCHES_PER_CMD; i++, n++) {
         vkCmdBindDescriptorSets(b->cmd, VK_PIPELINE_BIND_POINT_COMPUTE, b->layout, 0, 1,
                                 &b->sets[i & 1], 0, NULL);
         vkCmdPushConstants(b->cmd, b->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 4, &i);
         vkCmdDispatch(b->cmd, 1, 1, 1);
      }
      VK(vkEndCommandBuffer(b->cmd));
      t = now() - start;
   } while (t < seconds);
   return (double)n / t;
}

int
main(int argc, char **argv)
{
   if (argc < 2) {
      fprintf(stderr, "usage: bench_driver SHADER.spv [--ms N]\n");
      return 2;
   }
   double seconds = 0.3;
   if (argc == 4 && strcmp(argv[2], "--ms") == 0)
      seconds = atof(argv[3]) / 1000.0;

   struct bench b = { 0 };
   open_device(&b);
   create_buffers(&b);
   create_pipeline(&b, argv[1]);
   create_sets(&b);
   VkCommandPoolCreateInfo cpci = { .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                    .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT };
   VK(vkCreateCommandPool(b.vk.dev, &cpci, NULL, &b.cmd_pool));
   VkCommandBufferAllocateInfo cbai = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                        .commandPool = b.cmd_pool,
                                        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                        .commandBufferCount = 1 };
   VK(vkAllocateCommandBuffers(b.vk.dev, &cbai, &b.cmd));
   update_set(&b, b.sets[0], 0);
   update_set(&b, b.sets[1], 1);

   printf("descriptor_updates/s %.0f\n", bench_updates(&b, seconds));
   printf("submits/s %.0f\n", bench_submits(&b, seconds));
   printf("dispatches/s %.0f\n", bench_dispatches(&b, seconds));

   VK(vkDeviceWaitIdle(b.vk.dev));
   vkDestroyCommandPool(b.vk.dev, b.cmd_pool, NULL);
   vkDestroyDescriptorPool(b.vk.dev, b.pool, NULL);
   vkDestroyPipeline(b.vk.dev, b.pipeline, NULL);
   vkDestroyPipelineLayout(b.vk.dev, b.layout, NULL);
   vkDestroyDescriptorSetLayout(b.vk.dev, b.set_layout, NULL);
   for (int i = 0; i < 3; i++)
      vkDestroyBuffer(b.vk.dev, b.buffers[i], NULL);
   vkFreeMemory(b.vk.dev, b.memory, NULL);
   vkDestroyDevice(b.vk.dev, NULL);
   vkDestroyInstance(b.vk.inst, NULL);
   return 0;
}

/* Queries and events through the Vulkan API, on any driver:
 *   - timestamps do not go backwards, fit timestampValidBits and, converted
 *     with timestampPeriod, span no more than the host saw pass;
 *   - the compute shader invocations statistic equals the invocations
 *     dispatched (a work group size that is no multiple of any SIMD width),
 *     and a graphics statistic next to it counts nothing without draws;
 *   - vkGetQueryPoolResults obeys the availability, PARTIAL, WAIT and
 *     64-bit rules of the spec for available and unavailable queries;
 *   - vkCmdCopyQueryPoolResults writes what vkGetQueryPoolResults returns,
 *     the availability of an unavailable query, and 0 for it with PARTIAL;
 *   - an occlusion query around compute work counts no samples;
 *   - events set on the host release a device wait, events set and reset
 *     on the device are seen by the host.
 * Exit 0 when everything holds, 77 (SKIP) without a usable device. */
#include <stdbool.h>
#include <string.h>
#include <time.h>

#include "vk_program.h"
#include "test_queries.comp.spv.h"

#define GROUPS 5
#define LOCAL_SIZE 24            /* the shader's local_size_x */
#define INVOCATIONS (GROUPS * LOCAL_SIZE)
#define SENTINEL 0xababababababababull

static int failures;

#define CHECK(cond, ...)                                                \
   do {                                                                 \
      if (!(cond)) {                                                    \
         fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);           \
         fprintf(stderr, __VA_ARGS__);                                  \
         fprintf(stderr, "\n");                                         \
         failures++;                                                    \
      }                                                                 \
   } while (0)

struct ctx {
   VkPhysicalDevice pd;
   VkDevice dev;
   VkQueue queue;
   VkCommandPool pool;
   uint32_t timestamp_bits;
   float timestamp_period;
   bool statistics;
};

struct buffer {
   VkBuffer buf;
   VkDeviceMemory mem;
   void *map;
};

static struct buffer
buffer_create(const struct ctx *c, VkDeviceSize size, VkBufferUsageFlags usage)
{
   struct buffer b;
   VK(vkCreateBuffer(c->dev, &(VkBufferCreateInfo){
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = size, .usage = usage,
   }, NULL, &b.buf));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(c->dev, b.buf, &req);
   VK(vkAllocateMemory(c->dev, &(VkMemoryAllocateInfo){
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
      .memoryTypeIndex = vk_program_memory_type(c->pd, req.memoryTypeBits,
         VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT),
   }, NULL, &b.mem));
   VK(vkBindBufferMemory(c->dev, b.buf, b.mem, 0));
   VK(vkMapMemory(c->dev, b.mem, 0, VK_WHOLE_SIZE, 0, &b.map));
   memset(b.map, 0xab, size);
   return b;
}

static void
buffer_destroy(const struct ctx *c, struct buffer *b)
{
   vkDestroyBuffer(c->dev, b->buf, NULL);
   vkFreeMemory(c->dev, b->mem, NULL);
}

static VkCommandBuffer
begin(const struct ctx *c)
{
   VkCommandBuffer cmd;
   VK(vkAllocateCommandBuffers(c->dev, &(VkCommandBufferAllocateInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = c->pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1,
   }, &cmd));
   VK(vkBeginCommandBuffer(cmd, &(VkCommandBufferBeginInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT }));
   return cmd;
}

/* Device writes made visible to the host. */
static void
host_barrier(VkCommandBuffer cmd)
{
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                        0, 1, &(VkMemoryBarrier){ .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                                                  .srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT,
                                                  .dstAccessMask = VK_ACCESS_HOST_READ_BIT },
                        0, NULL, 0, NULL);
}

static void
submit(const struct ctx *c, VkCommandBuffer cmd)
{
   VK(vkEndCommandBuffer(cmd));
   VkFence fence;
   VK(vkCreateFence(c->dev, &(VkFenceCreateInfo){ .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO },
                    NULL, &fence));
   VK(vkQueueSubmit(c->queue, 1, &(VkSubmitInfo){
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &cmd,
   }, fence));
   VK(vkWaitForFences(c->dev, 1, &fence, VK_TRUE, 10000000000ull));
   vkDestroyFence(c->dev, fence, NULL);
   vkFreeCommandBuffers(c->dev, c->pool, 1, &cmd);
}

static uint64_t
host_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* ---- a compute pipeline writing one dword per invocation ---- */

struct pipeline {
   VkDescriptorSetLayout set_layout;
   VkPipelineLayout layout;
   VkPipeline pipeline;
   VkDescriptorPool pool;
   VkDescriptorSet set;
   struct buffer data;
};

static struct pipeline
pipeline_create(const struct ctx *c)
{
   struct pipeline p;
   VK(vkCreateDescriptorSetLayout(c->dev, &(VkDescriptorSetLayoutCreateInfo){
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, .bindingCount = 1,
      .pBindings = &(VkDescriptorSetLayoutBinding){
         .binding = 0, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
         .descriptorCount = 1, .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT },
   }, NULL, &p.set_layout));
   VK(vkCreatePipelineLayout(c->dev, &(VkPipelineLayoutCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, .setLayoutCount = 1,
      .pSetLayouts = &p.set_layout,
   }, NULL, &p.layout));
   VkShaderModule module;
   VK(vkCreateShaderModule(c->dev, &(VkShaderModuleCreateInfo){
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
      .codeSize = sizeof(test_queries_comp_spv), .pCode = test_queries_comp_spv,
   }, NULL, &module));
   VK(vkCreateComputePipelines(c->dev, VK_NULL_HANDLE, 1, &(VkComputePipelineCreateInfo){
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                 .stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = module, .pName = "main" },
      .layout = p.layout,
   }, NULL, &p.pipeline));
   vkDestroyShaderModule(c->dev, module, NULL);
   VK(vkCreateDescriptorPool(c->dev, &(VkDescriptorPoolCreateInfo){
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = 1, .poolSizeCount = 1,
      .pPoolSizes = &(VkDescriptorPoolSize){ VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1 },
   }, NULL, &p.pool));
   VK(vkAllocateDescriptorSets(c->dev, &(VkDescriptorSetAllocateInfo){
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, .descriptorPool = p.pool,
      .descriptorSetCount = 1, .pSetLayouts = &p.set_layout,
   }, &p.set));
   p.data = buffer_create(c, INVOCATIONS * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
   vkUpdateDescriptorSets(c->dev, 1, &(VkWriteDescriptorSet){
      .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = p.set, .descriptorCount = 1,
      .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
      .pBufferInfo = &(VkDescriptorBufferInfo){ p.data.buf, 0, VK_WHOLE_SIZE },
   }, 0, NULL);
   return p;
}

static void
pipeline_destroy(const struct ctx *c, struct pipeline *p)
{
   buffer_destroy(c, &p->data);
   vkDestroyDescriptorPool(c->dev, p->pool, NULL);
   vkDestroyPipeline(c->dev, p->pipeline, NULL);
   vkDestroyPipelineLayout(c->dev, p->layout, NULL);
   vkDestroyDescriptorSetLayout(c->dev, p->set_layout, NULL);
}

static void
dispatch(VkCommandBuffer cmd, const struct pipeline *p)
{
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p->pipeline);
   vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p->layout, 0, 1, &p->set,
                           0, NULL);
   vkCmdDispatch(cmd, GROUPS, 1, 1);
}

static VkQueryPool
pool_create(const struct ctx *c, VkQueryType type, VkQueryPipelineStatisticFlags stats,
            uint32_t count)
{
   VkQueryPool pool;
   VK(vkCreateQueryPool(c->dev, &(VkQueryPoolCreateInfo){
      .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO, .queryType = type,
      .queryCount = count, .pipelineStatistics = stats,
   }, NULL, &pool));
   return pool;
}

/* ---- timestamps ---- */

#define TIMESTAMPS 4

static void
test_timestamps(const struct ctx *c, const struct pipeline *p)
{
   VkQueryPool pool = pool_create(c, VK_QUERY_TYPE_TIMESTAMP, 0, TIMESTAMPS);
   struct buffer copy = buffer_create(c, TIMESTAMPS * 16, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   VkCommandBuffer cmd = begin(c);
   vkCmdResetQueryPool(cmd, pool, 0, TIMESTAMPS);
   vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, pool, 0);
   dispatch(cmd, p);
   vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, pool, 1);
   vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, pool, 2);
   vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, pool, 3);
   vkCmdCopyQueryPoolResults(cmd, pool, 0, TIMESTAMPS, copy.buf, 0, 16,
                             VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT |
                             VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);
   host_barrier(cmd);
   uint64_t start = host_ns();
   submit(c, cmd);
   uint64_t host_elapsed = host_ns() - start;

   uint64_t t[TIMESTAMPS];
   VK(vkGetQueryPoolResults(c->dev, pool, 0, TIMESTAMPS, sizeof(t), t, 8,
                            VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT));
   const uint64_t *copied = copy.map;
   const uint64_t valid = c->timestamp_bits == 64 ? ~0ull : (1ull << c->timestamp_bits) - 1;
   for (int i = 0; i < TIMESTAMPS; i++) {
      printf("timestamp %d: %llu\n", i, (unsigned long long)t[i]);
      CHECK(t[i] != 0 && (t[i] & ~valid) == 0, "timestamp %d is 0 or has invalid bits", i);
      CHECK(copied[2 * i] == t[i] && copied[2 * i + 1] == 1,
            "copied timestamp %d (%llu, available %llu) differs from the read one", i,
            (unsigned long long)copied[2 * i], (unsigned long long)copied[2 * i + 1]);
      CHECK(i == 0 || t[i] >= t[i - 1], "timestamp %d goes backwards", i);
   }
   /* The device cannot have counted more time than passed on the host. */
   double device_ns = (double)(t[TIMESTAMPS - 1] - t[0]) * c->timestamp_period;
   printf("device %.0f ns, host %llu ns\n", device_ns, (unsigned long long)host_elapsed);
   CHECK(device_ns <= (double)host_elapsed, "timestamps span %.0f ns, the host saw %llu ns",
         device_ns, (unsigned long long)host_elapsed);
   buffer_destroy(c, &copy);
   vkDestroyQueryPool(c->dev, pool, NULL);
}

/* ---- pipeline statistics, availability and copies ---- */

/* Query 0 counts a dispatch; query 1 is reset and never begun.  GPU
 * copies: without WAIT a query may still be unavailable when copied, and
 * an unavailable query's values are undefined unless PARTIAL asks for a
 * value between 0 and the final one (Vulkan spec, vkCmdCopyQueryPoolResults);
 * its availability is always written. */
static void
test_statistics(const struct ctx *c, const struct pipeline *p)
{
   const VkQueryPipelineStatisticFlags stats =
      VK_QUERY_PIPELINE_STATISTIC_VERTEX_SHADER_INVOCATIONS_BIT |
      VK_QUERY_PIPELINE_STATISTIC_COMPUTE_SHADER_INVOCATIONS_BIT;
   VkQueryPool pool = pool_create(c, VK_QUERY_TYPE_PIPELINE_STATISTICS, stats, 2);
   /* Copies: [0] query 0, 64-bit with availability; [1] query 0, 32-bit;
    * [2] query 1 with availability; [3] query 1 with PARTIAL. */
   struct buffer copy = buffer_create(c, 4 * 64, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   VkCommandBuffer cmd = begin(c);
   vkCmdResetQueryPool(cmd, pool, 0, 2);
   vkCmdBeginQuery(cmd, pool, 0, 0);
   dispatch(cmd, p);
   vkCmdEndQuery(cmd, pool, 0);
   vkCmdCopyQueryPoolResults(cmd, pool, 0, 1, copy.buf, 0, 24,
                             VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT |
                             VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);
   vkCmdCopyQueryPoolResults(cmd, pool, 0, 1, copy.buf, 64, 8, VK_QUERY_RESULT_WAIT_BIT);
   vkCmdCopyQueryPoolResults(cmd, pool, 1, 1, copy.buf, 128, 24,
                             VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);
   vkCmdCopyQueryPoolResults(cmd, pool, 1, 1, copy.buf, 192, 24,
                             VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_PARTIAL_BIT |
                             VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);
   host_barrier(cmd);
   submit(c, cmd);

   const uint32_t *written = p->data.map;
   for (uint32_t i = 0; i < INVOCATIONS; i++)
      CHECK(written[i] == i, "invocation %u wrote %u", i, written[i]);

   uint64_t r[2][3];
   memset(r, 0xab, sizeof(r));
   VkResult res = vkGetQueryPoolResults(c->dev, pool, 0, 2, sizeof(r), r, sizeof(r[0]),
                                        VK_QUERY_RESULT_64_BIT |
                                        VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);
   printf("statistics: vs %llu cs %llu available %llu; unused query available %llu\n",
          (unsigned long long)r[0][0], (unsigned long long)r[0][1],
          (unsigned long long)r[0][2], (unsigned long long)r[1][2]);
   CHECK(res == VK_NOT_READY, "an unavailable query gives %d, not VK_NOT_READY", res);
   CHECK(r[0][0] == 0, "%llu vertex shader invocations without a draw",
         (unsigned long long)r[0][0]);
   CHECK(r[0][1] == INVOCATIONS, "%llu compute shader invocations, %u dispatched",
         (unsigned long long)r[0][1], INVOCATIONS);
   CHECK(r[0][2] == 1 && r[1][2] == 0, "availability %llu %llu, expected 1 0",
         (unsigned long long)r[0][2], (unsigned long long)r[1][2]);
   CHECK(r[1][0] == SENTINEL && r[1][1] == SENTINEL,
         "values written for an unavailable query without PARTIAL");

   /* 32-bit, PARTIAL: the unavailable query gets values in [0, final];
    * the spec names VK_NOT_READY only for calls without WAIT and PARTIAL,
    * so either code is accepted here. */
   uint32_t r32[2][2];
   memset(r32, 0xab, sizeof(r32));
   res = vkGetQueryPoolResults(c->dev, pool, 0, 2, sizeof(r32), r32, sizeof(r32[0]),
                               VK_QUERY_RESULT_PARTIAL_BIT);
   CHECK(res == VK_NOT_READY || res == VK_SUCCESS, "PARTIAL gives %d", res);
   CHECK(r32[0][0] == 0 && r32[0][1] == INVOCATIONS, "32-bit results %u %u",
         r32[0][0], r32[0][1]);
   CHECK(r32[1][0] == 0 && r32[1][1] <= INVOCATIONS,
         "PARTIAL results of an unavailable query: %x %x", r32[1][0], r32[1][1]);
   /* WAIT on the available query alone succeeds. */
   res = vkGetQueryPoolResults(c->dev, pool, 0, 1, sizeof(r32[0]), r32[0], 8,
                               VK_QUERY_RESULT_WAIT_BIT);
   CHECK(res == VK_SUCCESS && r32[0][1] == INVOCATIONS, "WAIT gives %d, %u", res, r32[0][1]);

   const uint64_t *c64 = copy.map;
   CHECK(c64[0] == r[0][0] && c64[1] == r[0][1] && c64[2] == 1 && c64[3] == SENTINEL,
         "GPU copy of query 0 (%llu %llu %llu) differs from the host read",
         (unsigned long long)c64[0], (unsigned long long)c64[1], (unsigned long long)c64[2]);
   const uint32_t *c32 = (const uint32_t *)((const char *)copy.map + 64);
   CHECK(c32[0] == 0 && c32[1] == INVOCATIONS && c32[2] == 0xabababab,
         "32-bit GPU copy %u %u, then %x", c32[0], c32[1], c32[2]);
   const uint64_t *unavailable = (const uint64_t *)((const char *)copy.map + 128);
   CHECK(unavailable[2] == 0, "GPU copy: availability %llu of an unavailable query",
         (unsigned long long)unavailable[2]);
   const uint64_t *partial = (const uint64_t *)((const char *)copy.map + 192);
   CHECK(partial[0] == 0 && partial[1] <= INVOCATIONS && partial[2] == 0,
         "GPU copy with PARTIAL of an unavailable query: %llu %llu availability %llu",
         (unsigned long long)partial[0], (unsigned long long)partial[1],
         (unsigned long long)partial[2]);

   buffer_destroy(c, &copy);
   vkDestroyQueryPool(c->dev, pool, NULL);
}

/* An occlusion query around compute work: nothing is drawn, so nothing
 * passes the depth test, and the GPU copy agrees with the host read. */
static void
test_occlusion(const struct ctx *c, const struct pipeline *p)
{
   VkQueryPool pool = pool_create(c, VK_QUERY_TYPE_OCCLUSION, 0, 1);
   struct buffer copy = buffer_create(c, 16, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   VkCommandBuffer cmd = begin(c);
   vkCmdResetQueryPool(cmd, pool, 0, 1);
   vkCmdBeginQuery(cmd, pool, 0, 0);
   dispatch(cmd, p);
   vkCmdEndQuery(cmd, pool, 0);
   vkCmdCopyQueryPoolResults(cmd, pool, 0, 1, copy.buf, 0, 16,
                             VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT |
                             VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);
   host_barrier(cmd);
   submit(c, cmd);
   uint64_t r[2] = { SENTINEL, SENTINEL };
   VkResult res = vkGetQueryPoolResults(c->dev, pool, 0, 1, sizeof(r), r, sizeof(r),
                                        VK_QUERY_RESULT_64_BIT |
                                        VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);
   const uint64_t *copied = copy.map;
   printf("occlusion: %llu available %llu\n", (unsigned long long)r[0],
          (unsigned long long)r[1]);
   CHECK(res == VK_SUCCESS && r[0] == 0 && r[1] == 1, "occlusion query %d: %llu, %llu",
         res, (unsigned long long)r[0], (unsigned long long)r[1]);
   CHECK(copied[0] == 0 && copied[1] == 1, "occlusion GPU copy %llu, %llu",
         (unsigned long long)copied[0], (unsigned long long)copied[1]);
   buffer_destroy(c, &copy);
   vkDestroyQueryPool(c->dev, pool, NULL);
}

/* ---- events ---- */

static VkEvent
event_create(const struct ctx *c)
{
   VkEvent e;
   VK(vkCreateEvent(c->dev, &(VkEventCreateInfo){ .sType = VK_STRUCTURE_TYPE_EVENT_CREATE_INFO },
                    NULL, &e));
   return e;
}

static void
test_events(const struct ctx *c, const struct pipeline *p)
{
   VkEvent host_set = event_create(c), device_set = event_create(c), device_reset = event_create(c);
   CHECK(vkGetEventStatus(c->dev, host_set) == VK_EVENT_RESET, "a new event is set");
   VK(vkSetEvent(c->dev, host_set));
   CHECK(vkGetEventStatus(c->dev, host_set) == VK_EVENT_SET, "vkSetEvent not seen");
   VK(vkSetEvent(c->dev, device_reset));

   /* The dispatch waits for the host's event; the device then sets one
    * event after the dispatch and resets another. */
   memset(p->data.map, 0, INVOCATIONS * 4);
   VkCommandBuffer cmd = begin(c);
   vkCmdWaitEvents(cmd, 1, &host_set, VK_PIPELINE_STAGE_HOST_BIT,
                   VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, NULL, 0, NULL, 0, NULL);
   dispatch(cmd, p);
   vkCmdSetEvent(cmd, device_set, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT);
   vkCmdResetEvent(cmd, device_reset, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT);
   vkCmdWaitEvents(cmd, 1, &device_set, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                   VK_PIPELINE_STAGE_HOST_BIT, 1,
                   &(VkMemoryBarrier){ .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                                       .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                                       .dstAccessMask = VK_ACCESS_HOST_READ_BIT },
                   0, NULL, 0, NULL);
   submit(c, cmd);

   const uint32_t *written = p->data.map;
   CHECK(written[INVOCATIONS - 1] == INVOCATIONS - 1, "the dispatch after the wait did not run");
   CHECK(vkGetEventStatus(c->dev, device_set) == VK_EVENT_SET, "vkCmdSetEvent not seen");
   CHECK(vkGetEventStatus(c->dev, device_reset) == VK_EVENT_RESET, "vkCmdResetEvent not seen");
   VK(vkResetEvent(c->dev, host_set));
   CHECK(vkGetEventStatus(c->dev, host_set) == VK_EVENT_RESET, "vkResetEvent not seen");
   vkDestroyEvent(c->dev, host_set, NULL);
   vkDestroyEvent(c->dev, device_set, NULL);
   vkDestroyEvent(c->dev, device_reset, NULL);
}

int
main(void)
{
   VkInstance instance;
   VK(vkCreateInstance(&(VkInstanceCreateInfo){
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO }, NULL, &instance));
   struct ctx c = { 0 };
   uint32_t count = 1;
   VkResult r = vkEnumeratePhysicalDevices(instance, &count, &c.pd);
   if ((r != VK_SUCCESS && r != VK_INCOMPLETE) || count == 0) {
      printf("SKIP: no physical device\n");
      return 77;
   }
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(c.pd, &props);
   VkPhysicalDeviceFeatures features;
   vkGetPhysicalDeviceFeatures(c.pd, &features);
   VkQueueFamilyProperties qf;
   uint32_t qf_count = 1;
   vkGetPhysicalDeviceQueueFamilyProperties(c.pd, &qf_count, &qf);
   printf("device: %s\n", props.deviceName);
   c.timestamp_bits = qf.timestampValidBits;
   c.timestamp_period = props.limits.timestampPeriod;
   c.statistics = features.pipelineStatisticsQuery;

   VK(vkCreateDevice(c.pd, &(VkDeviceCreateInfo){
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .queueCreateInfoCount = 1,
      .pQueueCreateInfos = &(VkDeviceQueueCreateInfo){
         .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, .queueFamilyIndex = 0,
         .queueCount = 1, .pQueuePriorities = &(float){ 1.0f } },
      .pEnabledFeatures = &(VkPhysicalDeviceFeatures){
         .pipelineStatisticsQuery = c.statistics },
   }, NULL, &c.dev));
   vkGetDeviceQueue(c.dev, 0, 0, &c.queue);
   VK(vkCreateCommandPool(c.dev, &(VkCommandPoolCreateInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, .queueFamilyIndex = 0,
   }, NULL, &c.pool));
   struct pipeline p = pipeline_create(&c);

   int skips = 0;
   if (c.timestamp_bits) {
      test_timestamps(&c, &p);
   } else {
      printf("SKIP: timestamps: the queue has no timestampValidBits\n");
      skips++;
   }
   if (c.statistics) {
      test_statistics(&c, &p);
   } else {
      printf("SKIP: pipeline statistics: pipelineStatisticsQuery not supported\n");
      skips++;
   }
   test_occlusion(&c, &p);
   test_events(&c, &p);

   pipeline_destroy(&c, &p);
   vkDestroyCommandPool(c.dev, c.pool, NULL);
   vkDestroyDevice(c.dev, NULL);
   vkDestroyInstance(instance, NULL);
   printf("%d failures, %d skips\n", failures, skips);
   return failures ? 1 : 0;
}

/* Transform feedback (VK_EXT_transform_feedback), rasterization discarded.
 *
 *   xfb_capture                 the strip case only, printing one line
 *   xfb_capture --out PREFIX    every case, each writing what it captured
 *                               to PREFIX.CASE
 *
 * Cases (each with its own host-visible buffer, filled with 0xa5 first so
 * that bytes nobody writes show):
 *   strip       a 5-vertex triangle strip drawn twice (the second instance
 *               resuming from the counter buffer the first left)
 *   strip-last  a 6-vertex strip with VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT
 *               and transformFeedbackPreservesProvokingVertex
 *   lines       a line strip, then a line list resumed from the counter
 *   points      a point list, two instances
 *   multi       two buffers of different strides with holes, a component
 *               of a location shared with another buffer's output
 *   overflow    a buffer with room for two of four triangles, and a
 *               VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT query
 *   byte-count  vkCmdDrawIndirectByteCountEXT draws what the counter of a
 *               first capture says, into a second capture
 *   byte-count-stride  the same with a stride that is not a power of two
 *               and leaves a remainder
 *   adjacency   a line list and a triangle strip with adjacency (no
 *               geometry shader: only their non-adjacent vertices)
 *   fan         a 6-vertex triangle fan (whose triangles' vertices a device
 *               without transformFeedbackPreservesTriangleFanProvokingVertex
 *               may rotate)
 * A case the device cannot run prints "unsupported: CASE: WHAT" and is
 * left out.  The file of a case holds its buffer (16 KB: the captures at
 * 0 and 4096, the counters at 12288) and, for overflow, the query's two
 * 64-bit results.  Success is decided from Vulkan return codes; the bytes
 * are for lavapipe to judge (tests/crosscheck/xfb_vs_lavapipe.py), and
 * the captured order of strips for HARDWARE-NOTES.md section 4. */
#include <stdbool.h>
#include <string.h>

#include "vk_program.h"
/* After vk_program.h: the generated SPIR-V arrays need <stdint.h>. */
#include "xfb_capture.vert.spv.h"
#include "xfb_multi.vert.spv.h"
#include "xfb_point.vert.spv.h"

#define CAPTURE_SIZE 16384u
#define SECOND_CAPTURE 4096u
#define COUNTERS 12288u
#define UNWRITTEN 0xa5

struct ctx {
   VkInstance instance;
   VkPhysicalDevice pd;
   VkDevice dev;
   VkQueue queue;
   VkCommandPool cpool;
   VkRenderPass pass;
   VkFramebuffer fb;
   VkPipelineLayout layout;
   bool provoking_last;          /* VK_EXT_provoking_vertex, preserved in xfb */
   bool adjacency;               /* geometryShader: adjacency topologies */
   VkPhysicalDeviceTransformFeedbackPropertiesEXT props;
   PFN_vkCmdBindTransformFeedbackBuffersEXT bind_xfb;
   PFN_vkCmdBeginTransformFeedbackEXT begin_xfb;
   PFN_vkCmdEndTransformFeedbackEXT end_xfb;
   PFN_vkCmdDrawIndirectByteCountEXT draw_byte_count;
};

struct capture {
   VkBuffer buf;
   VkDeviceMemory mem;
   uint8_t *data;
   uint64_t query[2];            /* overflow: primitives written, needed */
   bool has_query;
};

static bool
has_extension(VkPhysicalDevice pd, const char *name)
{
   uint32_t n = 0;
   VK(vkEnumerateDeviceExtensionProperties(pd, NULL, &n, NULL));
   VkExtensionProperties *ext = calloc(n ? n : 1, sizeof(*ext));
   if (!ext)
      exit(1);
   VK(vkEnumerateDeviceExtensionProperties(pd, NULL, &n, ext));
   bool found = false;
   for (uint32_t i = 0; i < n && !found; i++)
      found = !strcmp(ext[i].extensionName, name);
   free(ext);
   return found;
}

static PFN_vkVoidFunction
device_proc(VkDevice dev, const char *name)
{
   PFN_vkVoidFunction f = vkGetDeviceProcAddr(dev, name);
   if (!f) {
      fprintf(stderr, "%s missing\n", name);
      exit(1);
   }
   return f;
}

/* False when the device lacks transform feedback itself. */
static bool
ctx_init(struct ctx *c, bool want_provoking)
{
   memset(c, 0, sizeof(*c));
   VK(vkCreateInstance(&(VkInstanceCreateInfo){
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
      .pApplicationInfo = &(VkApplicationInfo){
         .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .apiVersion = VK_API_VERSION_1_1 },
   }, NULL, &c->instance));
   uint32_t count = 1;
   VkResult r = vkEnumeratePhysicalDevices(c->instance, &count, &c->pd);
   if ((r != VK_SUCCESS && r != VK_INCOMPLETE) || count == 0) {
      fprintf(stderr, "no physical device\n");
      exit(1);
   }
   VkPhysicalDeviceProvokingVertexFeaturesEXT pv = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROVOKING_VERTEX_FEATURES_EXT };
   VkPhysicalDeviceTransformFeedbackFeaturesEXT xfb = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT };
   const bool pv_ext = want_provoking &&
                       has_extension(c->pd, VK_EXT_PROVOKING_VERTEX_EXTENSION_NAME);
   if (pv_ext)
      xfb.pNext = &pv;
   VkPhysicalDeviceFeatures2 features = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &xfb };
   vkGetPhysicalDeviceFeatures2(c->pd, &features);
   if (!xfb.transformFeedback)
      return false;
   c->adjacency = want_provoking && features.features.geometryShader;
   c->props.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_PROPERTIES_EXT;
   vkGetPhysicalDeviceProperties2(c->pd, &(VkPhysicalDeviceProperties2){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &c->props });
   c->provoking_last = pv_ext && pv.provokingVertexLast &&
                       pv.transformFeedbackPreservesProvokingVertex;

   const char *exts[2] = { VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME,
                           VK_EXT_PROVOKING_VERTEX_EXTENSION_NAME };
   VkPhysicalDeviceProvokingVertexFeaturesEXT pv_on = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROVOKING_VERTEX_FEATURES_EXT,
      .provokingVertexLast = VK_TRUE, .transformFeedbackPreservesProvokingVertex = VK_TRUE };
   VkPhysicalDeviceTransformFeedbackFeaturesEXT xfb_on = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT,
      .pNext = c->provoking_last ? &pv_on : NULL, .transformFeedback = VK_TRUE };
   float prio = 1.0f;
   VK(vkCreateDevice(c->pd, &(VkDeviceCreateInfo){
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .pNext = &xfb_on,
      .queueCreateInfoCount = 1,
      .pQueueCreateInfos = &(VkDeviceQueueCreateInfo){
         .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
         .queueFamilyIndex = 0, .queueCount = 1, .pQueuePriorities = &prio },
      .pEnabledFeatures = &(VkPhysicalDeviceFeatures){ .geometryShader = c->adjacency },
      .enabledExtensionCount = c->provoking_last ? 2 : 1, .ppEnabledExtensionNames = exts,
   }, NULL, &c->dev));
   vkGetDeviceQueue(c->dev, 0, 0, &c->queue);
   c->bind_xfb = (PFN_vkCmdBindTransformFeedbackBuffersEXT)
      device_proc(c->dev, "vkCmdBindTransformFeedbackBuffersEXT");
   c->begin_xfb = (PFN_vkCmdBeginTransformFeedbackEXT)
      device_proc(c->dev, "vkCmdBeginTransformFeedbackEXT");
   c->end_xfb = (PFN_vkCmdEndTransformFeedbackEXT)
      device_proc(c->dev, "vkCmdEndTransformFeedbackEXT");
   c->draw_byte_count = (PFN_vkCmdDrawIndirectByteCountEXT)
      device_proc(c->dev, "vkCmdDrawIndirectByteCountEXT");

   VK(vkCreateRenderPass(c->dev, &(VkRenderPassCreateInfo){
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO, .subpassCount = 1,
      .pSubpasses = &(VkSubpassDescription){
         .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS } }, NULL, &c->pass));
   VK(vkCreateFramebuffer(c->dev, &(VkFramebufferCreateInfo){
      .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO, .renderPass = c->pass,
      .width = 16, .height = 16, .layers = 1 }, NULL, &c->fb));
   VK(vkCreatePipelineLayout(c->dev, &(VkPipelineLayoutCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO }, NULL, &c->layout));
   VK(vkCreateCommandPool(c->dev, &(VkCommandPoolCreateInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, .queueFamilyIndex = 0 },
      NULL, &c->cpool));
   return true;
}

static void
ctx_fini(struct ctx *c)
{
   vkDestroyCommandPool(c->dev, c->cpool, NULL);
   vkDestroyPipelineLayout(c->dev, c->layout, NULL);
   vkDestroyFramebuffer(c->dev, c->fb, NULL);
   vkDestroyRenderPass(c->dev, c->pass, NULL);
   vkDestroyDevice(c->dev, NULL);
   vkDestroyInstance(c->instance, NULL);
}

static void
capture_init(const struct ctx *c, struct capture *cap)
{
   memset(cap, 0, sizeof(*cap));
   VK(vkCreateBuffer(c->dev, &(VkBufferCreateInfo){
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = CAPTURE_SIZE,
      .usage = VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT |
               VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_COUNTER_BUFFER_BIT_EXT |
               VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT }, NULL, &cap->buf));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(c->dev, cap->buf, &req);
   const uint32_t type = vk_program_memory_type(c->pd, req.memoryTypeBits,
      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
   VK(vkAllocateMemory(c->dev, &(VkMemoryAllocateInfo){
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
      .memoryTypeIndex = type }, NULL, &cap->mem));
   VK(vkBindBufferMemory(c->dev, cap->buf, cap->mem, 0));
   VK(vkMapMemory(c->dev, cap->mem, 0, VK_WHOLE_SIZE, 0, (void **)&cap->data));
   memset(cap->data, UNWRITTEN, CAPTURE_SIZE);
}

static void
capture_fini(const struct ctx *c, struct capture *cap)
{
   vkUnmapMemory(c->dev, cap->mem);
   vkFreeMemory(c->dev, cap->mem, NULL);
   vkDestroyBuffer(c->dev, cap->buf, NULL);
}

static uint32_t
counter(const struct capture *cap, unsigned i)
{
   uint32_t v;
   memcpy(&v, cap->data + COUNTERS + 4 * i, 4);
   return v;
}

static VkPipeline
make_pipeline(const struct ctx *c, const uint32_t *spv, size_t spv_size,
              VkPrimitiveTopology topology, bool provoking_last)
{
   VkShaderModule vs;
   VK(vkCreateShaderModule(c->dev, &(VkShaderModuleCreateInfo){
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
      .codeSize = spv_size, .pCode = spv }, NULL, &vs));
   VkPipelineRasterizationProvokingVertexStateCreateInfoEXT pv = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_PROVOKING_VERTEX_STATE_CREATE_INFO_EXT,
      .provokingVertexMode = VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT };
   VkPipeline pipeline;
   VK(vkCreateGraphicsPipelines(c->dev, VK_NULL_HANDLE, 1, &(VkGraphicsPipelineCreateInfo){
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, .stageCount = 1,
      .pStages = &(VkPipelineShaderStageCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
         .stage = VK_SHADER_STAGE_VERTEX_BIT, .module = vs, .pName = "main" },
      .pVertexInputState = &(VkPipelineVertexInputStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO },
      .pInputAssemblyState = &(VkPipelineInputAssemblyStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
         .topology = topology },
      .pRasterizationState = &(VkPipelineRasterizationStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
         .pNext = provoking_last ? &pv : NULL,
         .rasterizerDiscardEnable = VK_TRUE, .polygonMode = VK_POLYGON_MODE_FILL,
         .cullMode = VK_CULL_MODE_NONE, .lineWidth = 1.0f },
      .layout = c->layout, .renderPass = c->pass,
   }, NULL, &pipeline));
   vkDestroyShaderModule(c->dev, vs, NULL);
   return pipeline;
}

#define PIPELINE(c, shader, topology, last) \
   make_pipeline(c, shader, sizeof(shader), VK_PRIMITIVE_TOPOLOGY_##topology, last)

static void
begin_pass(const struct ctx *c, VkCommandBuffer cmd)
{
   vkCmdBeginRenderPass(cmd, &(VkRenderPassBeginInfo){
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO, .renderPass = c->pass,
      .framebuffer = c->fb, .renderArea = { { 0, 0 }, { 16, 16 } } },
      VK_SUBPASS_CONTENTS_INLINE);
}

static void
barrier(VkCommandBuffer cmd, VkPipelineStageFlags dst_stage, VkAccessFlags dst_access)
{
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFORM_FEEDBACK_BIT_EXT, dst_stage, 0, 1,
      &(VkMemoryBarrier){
         .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
         .srcAccessMask = VK_ACCESS_TRANSFORM_FEEDBACK_WRITE_BIT_EXT |
                          VK_ACCESS_TRANSFORM_FEEDBACK_COUNTER_WRITE_BIT_EXT,
         .dstAccessMask = dst_access }, 0, NULL, 0, NULL);
}

/* Binds buffer b at `offset` (4096 bytes) and begins a capture; with
 * resume, from the counter of b. */
static void
bind_and_begin(const struct ctx *c, VkCommandBuffer cmd, const struct capture *cap,
               uint32_t nbuffers, const VkDeviceSize *offsets, bool resume)
{
   VkBuffer bufs[2] = { cap->buf, cap->buf };
   const VkDeviceSize sizes[2] = { 4096, 4096 };
   const VkDeviceSize counters[2] = { COUNTERS, COUNTERS + 4 };
   c->bind_xfb(cmd, 0, nbuffers, bufs, offsets, sizes);
   c->begin_xfb(cmd, 0, resume ? nbuffers : 0, resume ? bufs : NULL, resume ? counters : NULL);
}

static void
end_capture(const struct ctx *c, VkCommandBuffer cmd, const struct capture *cap,
            uint32_t nbuffers)
{
   VkBuffer bufs[2] = { cap->buf, cap->buf };
   const VkDeviceSize counters[2] = { COUNTERS, COUNTERS + 4 };
   c->end_xfb(cmd, 0, nbuffers, bufs, counters);
}

static const VkDeviceSize at_zero[2] = { 0, SECOND_CAPTURE };

/* Records a case into cmd; false when the device cannot run it (reason
 * in *why).  Pipelines go to pipes[] for the caller to destroy. */
typedef bool (*case_fn)(const struct ctx *c, VkCommandBuffer cmd, struct capture *cap,
                        VkPipeline *pipes, VkQueryPool *query, const char **why);

static bool
case_strip(const struct ctx *c, VkCommandBuffer cmd, struct capture *cap, VkPipeline *pipes,
           VkQueryPool *query, const char **why)
{
   (void)query, (void)why;
   pipes[0] = PIPELINE(c, xfb_capture_vert_spv, TRIANGLE_STRIP, false);
   begin_pass(c, cmd);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[0]);
   bind_and_begin(c, cmd, cap, 1, at_zero, false);
   vkCmdDraw(cmd, 5, 1, 0, 0);
   end_capture(c, cmd, cap, 1);
   /* Resume where the first capture ended, from the counter buffer. */
   bind_and_begin(c, cmd, cap, 1, at_zero, true);
   vkCmdDraw(cmd, 5, 1, 0, 1);
   end_capture(c, cmd, cap, 1);
   vkCmdEndRenderPass(cmd);
   return true;
}

static bool
case_strip_last(const struct ctx *c, VkCommandBuffer cmd, struct capture *cap,
                VkPipeline *pipes, VkQueryPool *query, const char **why)
{
   (void)query;
   if (!c->provoking_last) {
      *why = "provokingVertexLast with transformFeedbackPreservesProvokingVertex";
      return false;
   }
   pipes[0] = PIPELINE(c, xfb_capture_vert_spv, TRIANGLE_STRIP, true);
   begin_pass(c, cmd);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[0]);
   bind_and_begin(c, cmd, cap, 1, at_zero, false);
   vkCmdDraw(cmd, 6, 1, 0, 0);
   end_capture(c, cmd, cap, 1);
   vkCmdEndRenderPass(cmd);
   return true;
}

static bool
case_lines(const struct ctx *c, VkCommandBuffer cmd, struct capture *cap, VkPipeline *pipes,
           VkQueryPool *query, const char **why)
{
   (void)query, (void)why;
   pipes[0] = PIPELINE(c, xfb_capture_vert_spv, LINE_STRIP, false);
   pipes[1] = PIPELINE(c, xfb_capture_vert_spv, LINE_LIST, false);
   begin_pass(c, cmd);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[0]);
   bind_and_begin(c, cmd, cap, 1, at_zero, false);
   vkCmdDraw(cmd, 4, 1, 0, 0);
   end_capture(c, cmd, cap, 1);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[1]);
   bind_and_begin(c, cmd, cap, 1, at_zero, true);
   vkCmdDraw(cmd, 5, 1, 1, 0);   /* two lines; the fifth vertex is left over */
   end_capture(c, cmd, cap, 1);
   vkCmdEndRenderPass(cmd);
   return true;
}

static bool
case_points(const struct ctx *c, VkCommandBuffer cmd, struct capture *cap, VkPipeline *pipes,
            VkQueryPool *query, const char **why)
{
   (void)query, (void)why;
   pipes[0] = PIPELINE(c, xfb_point_vert_spv, POINT_LIST, false);
   begin_pass(c, cmd);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[0]);
   bind_and_begin(c, cmd, cap, 1, at_zero, false);
   vkCmdDraw(cmd, 5, 2, 3, 0);
   end_capture(c, cmd, cap, 1);
   vkCmdEndRenderPass(cmd);
   return true;
}

static bool
case_multi(const struct ctx *c, VkCommandBuffer cmd, struct capture *cap, VkPipeline *pipes,
           VkQueryPool *query, const char **why)
{
   (void)query;
   if (c->props.maxTransformFeedbackBuffers < 2) {
      *why = "two transform feedback buffers";
      return false;
   }
   pipes[0] = PIPELINE(c, xfb_multi_vert_spv, TRIANGLE_LIST, false);
   begin_pass(c, cmd);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[0]);
   bind_and_begin(c, cmd, cap, 2, at_zero, false);
   vkCmdDraw(cmd, 6, 2, 0, 0);
   end_capture(c, cmd, cap, 2);
   vkCmdEndRenderPass(cmd);
   return true;
}

/* Four triangles of 96 bytes each into a 200-byte capture: two fit. */
static bool
case_overflow(const struct ctx *c, VkCommandBuffer cmd, struct capture *cap,
              VkPipeline *pipes, VkQueryPool *query, const char **why)
{
   if (!c->props.transformFeedbackQueries) {
      *why = "transformFeedbackQueries";
      return false;
   }
   VK(vkCreateQueryPool(c->dev, &(VkQueryPoolCreateInfo){
      .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
      .queryType = VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT, .queryCount = 1 },
      NULL, query));
   cap->has_query = true;
   pipes[0] = PIPELINE(c, xfb_capture_vert_spv, TRIANGLE_LIST, false);
   vkCmdResetQueryPool(cmd, *query, 0, 1);
   begin_pass(c, cmd);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[0]);
   const VkDeviceSize size = 200;
   c->bind_xfb(cmd, 0, 1, &cap->buf, at_zero, &size);
   c->begin_xfb(cmd, 0, 0, NULL, NULL);
   vkCmdBeginQuery(cmd, *query, 0, 0);
   vkCmdDraw(cmd, 12, 1, 0, 0);
   vkCmdEndQuery(cmd, *query, 0);
   end_capture(c, cmd, cap, 1);
   vkCmdEndRenderPass(cmd);
   return true;
}

/* A 5-vertex strip captured (9 vertices of 32 bytes: counter 288), then
 * drawn again from that counter with vertexStride stride into the second
 * capture. */
static bool
byte_count(const struct ctx *c, VkCommandBuffer cmd, struct capture *cap, VkPipeline *pipes,
           const char **why, uint32_t stride)
{
   if (!c->props.transformFeedbackDraw) {
      *why = "transformFeedbackDraw";
      return false;
   }
   pipes[0] = PIPELINE(c, xfb_capture_vert_spv, TRIANGLE_STRIP, false);
   begin_pass(c, cmd);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[0]);
   bind_and_begin(c, cmd, cap, 1, at_zero, false);
   vkCmdDraw(cmd, 5, 1, 0, 0);
   end_capture(c, cmd, cap, 1);
   vkCmdEndRenderPass(cmd);
   barrier(cmd, VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT,
           VK_ACCESS_TRANSFORM_FEEDBACK_COUNTER_READ_BIT_EXT);
   begin_pass(c, cmd);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[0]);
   const VkDeviceSize second = SECOND_CAPTURE, size = 4096, counter_b = COUNTERS + 4;
   c->bind_xfb(cmd, 0, 1, &cap->buf, &second, &size);
   c->begin_xfb(cmd, 0, 0, NULL, NULL);
   c->draw_byte_count(cmd, 1, 0, cap->buf, COUNTERS, 0, stride);
   c->end_xfb(cmd, 0, 1, &cap->buf, &counter_b);
   vkCmdEndRenderPass(cmd);
   return true;
}

/* vertexStride 32: 9 vertices, 7 triangles. */
static bool
case_byte_count(const struct ctx *c, VkCommandBuffer cmd, struct capture *cap,
                VkPipeline *pipes, VkQueryPool *query, const char **why)
{
   (void)query;
   return byte_count(c, cmd, cap, pipes, why, 32);
}

/* vertexStride 28: 288 / 28 = 10 vertices rounded down, a strip of 8
 * triangles.  (counterOffset stays 0: lavapipe, the reference, draws as
 * if it were 0 whatever it is.) */
static bool
case_byte_count_stride(const struct ctx *c, VkCommandBuffer cmd, struct capture *cap,
                       VkPipeline *pipes, VkQueryPool *query, const char **why)
{
   (void)query;
   return byte_count(c, cmd, cap, pipes, why, 28);
}

/* Two lines of a line list with adjacency (8 vertices), then the three
 * triangles of a 10-vertex triangle strip with adjacency. */
static bool
case_adjacency(const struct ctx *c, VkCommandBuffer cmd, struct capture *cap,
               VkPipeline *pipes, VkQueryPool *query, const char **why)
{
   (void)query;
   if (!c->adjacency) {
      *why = "geometryShader (adjacency topologies)";
      return false;
   }
   pipes[0] = PIPELINE(c, xfb_capture_vert_spv, LINE_LIST_WITH_ADJACENCY, false);
   pipes[1] = PIPELINE(c, xfb_capture_vert_spv, TRIANGLE_STRIP_WITH_ADJACENCY, false);
   begin_pass(c, cmd);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[0]);
   bind_and_begin(c, cmd, cap, 1, at_zero, false);
   vkCmdDraw(cmd, 8, 1, 0, 0);
   end_capture(c, cmd, cap, 1);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[1]);
   bind_and_begin(c, cmd, cap, 1, at_zero, true);
   vkCmdDraw(cmd, 10, 1, 0, 0);
   end_capture(c, cmd, cap, 1);
   vkCmdEndRenderPass(cmd);
   return true;
}

static bool
case_fan(const struct ctx *c, VkCommandBuffer cmd, struct capture *cap, VkPipeline *pipes,
         VkQueryPool *query, const char **why)
{
   (void)query, (void)why;
   pipes[0] = PIPELINE(c, xfb_capture_vert_spv, TRIANGLE_FAN, false);
   begin_pass(c, cmd);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[0]);
   bind_and_begin(c, cmd, cap, 1, at_zero, false);
   vkCmdDraw(cmd, 6, 1, 0, 0);
   end_capture(c, cmd, cap, 1);
   vkCmdEndRenderPass(cmd);
   return true;
}

static const struct {
   const char *name;
   case_fn record;
} cases[] = {
   { "strip", case_strip },
   { "strip-last", case_strip_last },
   { "lines", case_lines },
   { "points", case_points },
   { "multi", case_multi },
   { "overflow", case_overflow },
   { "byte-count", case_byte_count },
   { "byte-count-stride", case_byte_count_stride },
   { "adjacency", case_adjacency },
   { "fan", case_fan },
};

static void
submit(const struct ctx *c, VkCommandBuffer cmd)
{
   VkFence fence;
   VK(vkCreateFence(c->dev, &(VkFenceCreateInfo){
      .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO }, NULL, &fence));
   VK(vkQueueSubmit(c->queue, 1, &(VkSubmitInfo){
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1,
      .pCommandBuffers = &cmd }, fence));
   VK(vkWaitForFences(c->dev, 1, &fence, VK_TRUE, 5000000000ull));
   vkDestroyFence(c->dev, fence, NULL);
}

static void
write_file(const char *prefix, const char *name, const struct capture *cap)
{
   char path[4096];
   snprintf(path, sizeof(path), "%s.%s", prefix, name);
   FILE *f = fopen(path, "wb");
   if (!f || fwrite(cap->data, 1, CAPTURE_SIZE, f) != CAPTURE_SIZE ||
       (cap->has_query && fwrite(cap->query, sizeof(cap->query), 1, f) != 1) || fclose(f)) {
      fprintf(stderr, "cannot write %s\n", path);
      exit(1);
   }
}

/* Runs case i; prints its counters.  Returns false when unsupported. */
static bool
run_case(const struct ctx *c, unsigned i, const char *prefix)
{
   struct capture cap;
   capture_init(c, &cap);
   VkCommandBuffer cmd;
   VK(vkAllocateCommandBuffers(c->dev, &(VkCommandBufferAllocateInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = c->cpool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1 }, &cmd));
   VK(vkBeginCommandBuffer(cmd, &(VkCommandBufferBeginInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT }));
   VkPipeline pipes[2] = { VK_NULL_HANDLE, VK_NULL_HANDLE };
   VkQueryPool query = VK_NULL_HANDLE;
   const char *why = "";
   const bool supported = cases[i].record(c, cmd, &cap, pipes, &query, &why);
   if (supported) {
      barrier(cmd, VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
      VK(vkEndCommandBuffer(cmd));
      submit(c, cmd);
      if (query)
         VK(vkGetQueryPoolResults(c->dev, query, 0, 1, sizeof(cap.query), cap.query,
                                  sizeof(cap.query),
                                  VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT));
      if (prefix) {
         write_file(prefix, cases[i].name, &cap);
         printf("%s: counters %u %u\n", cases[i].name, counter(&cap, 0), counter(&cap, 1));
      } else {
         float first;
         memcpy(&first, cap.data + 16, 4);
         printf("fence signalled; counter = %u bytes, first value %.1f\n",
                counter(&cap, 0), first);
      }
   } else {
      printf("unsupported: %s: %s\n", cases[i].name, why);
      VK(vkEndCommandBuffer(cmd));
   }
   if (query)
      vkDestroyQueryPool(c->dev, query, NULL);
   for (unsigned p = 0; p < 2; p++) {
      if (pipes[p])
         vkDestroyPipeline(c->dev, pipes[p], NULL);
   }
   vkFreeCommandBuffers(c->dev, c->cpool, 1, &cmd);
   capture_fini(c, &cap);
   return supported;
}

int
main(int argc, char **argv)
{
   const char *prefix = NULL;
   if (argc == 3 && !strcmp(argv[1], "--out")) {
      prefix = argv[2];
   } else if (argc != 1) {
      fprintf(stderr, "usage: xfb_capture [--out PREFIX]\n");
      return 2;
   }
   struct ctx c;
   if (!ctx_init(&c, prefix != NULL)) {
      printf("unsupported: transformFeedback\n");
      return 77;
   }
   const unsigned ncases = prefix ? sizeof(cases) / sizeof(cases[0]) : 1;
   for (unsigned i = 0; i < ncases; i++)
      run_case(&c, i, prefix);
   ctx_fini(&c);
   return 0;
}

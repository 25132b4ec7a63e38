/* Runs one graphics program (a spec file, README.md) once on whatever
 * Vulkan driver the loader picks and writes every colour attachment and
 * every storage buffer to files; the comparison between drivers is done
 * outside (tests/crosscheck/graphics_vs_lavapipe.py).
 *
 *   gfx_run SPEC --spv-dir DIR --out PREFIX [--png DIR]
 *
 * Colour attachment N is written to PREFIX.cN (rows of tightly packed
 * texels, top row first), storage buffer B to PREFIX.bB, transform
 * feedback buffer B to PREFIX.xB, and with --png
 * each colour attachment also to DIR/cN.png.  Colour attachments are
 * linear images in host-visible memory read by mapping them: no copy, so
 * nothing of a driver's copy path (which samples on Mesa's Intel drivers)
 * takes part.  Depth and stencil are judged through their effect on colour.
 * Multisampled targets (optimal tiling) are not written: they are read
 * through the targets they resolve into or a later pass that samples
 * them.
 *
 * Exit status: 0 ran, 77 the device lacks something the program needs (one
 * line "unsupported: WHAT" on stdout), 1 a Vulkan error, 2 bad arguments or
 * spec. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfx_png.h"
#include "gfx_spec.h"
#include "util_file.h"
#include "vk_program.h"

#define EXIT_UNSUPPORTED 77
#define EXIT_USAGE 2

/* SPIR-V capabilities that need a device feature (SPIR-V spec 3.31). */
enum {
   CAP_GEOMETRY = 2, CAP_TESSELLATION = 3, CAP_TESSELLATION_POINT_SIZE = 23,
   CAP_GEOMETRY_POINT_SIZE = 24, CAP_CLIP_DISTANCE = 32, CAP_CULL_DISTANCE = 33,
   CAP_SAMPLE_RATE_SHADING = 35, CAP_DRAW_PARAMETERS = 4427, CAP_STENCIL_EXPORT = 5013,
   CAP_INTERPOLATION_FUNCTION = 52,
};
#define SPIRV_OP_CAPABILITY 17

#define FEATURE(name) { #name, offsetof(VkPhysicalDeviceFeatures, name) }
static const struct {
   const char *name;
   size_t offset;
} feature_table[] = {
   FEATURE(geometryShader), FEATURE(tessellationShader), FEATURE(sampleRateShading),
   FEATURE(dualSrcBlend), FEATURE(logicOp), FEATURE(multiDrawIndirect),
   FEATURE(drawIndirectFirstInstance), FEATURE(depthClamp), FEATURE(depthBiasClamp),
   FEATURE(fillModeNonSolid), FEATURE(depthBounds), FEATURE(wideLines), FEATURE(largePoints),
   FEATURE(independentBlend), FEATURE(vertexPipelineStoresAndAtomics),
   FEATURE(fragmentStoresAndAtomics), FEATURE(shaderTessellationAndGeometryPointSize),
   FEATURE(shaderClipDistance), FEATURE(shaderCullDistance), FEATURE(samplerAnisotropy),
   FEATURE(imageCubeArray),
};
#undef FEATURE

struct shader_code {
   uint32_t *words;
   size_t size;   /* bytes */
};

/* What the program needs of the device beyond Vulkan 1.1. */
struct needs {
   VkPhysicalDeviceFeatures features;
   bool draw_parameters;
   bool divisor, zero_divisor;
   bool index_uint8;
   bool indirect_count;
   bool transform_feedback;
   bool stencil_export;            /* VK_EXT_shader_stencil_export */
   bool spirv_1_4;                 /* a module of SPIR-V 1.4+: Vulkan 1.2 */
   bool multiview;                 /* a pass with a view mask */
};

struct buffer {
   VkBuffer buffer;
   VkDeviceMemory memory;
   void *map;
   VkDeviceSize size;
};

struct image {
   VkImage image;
   VkDeviceMemory memory;
   VkImageView view;
};

struct texture {
   VkImage image;
   VkDeviceMemory memory;
   VkImageView view;               /* all levels and layers, to sample */
   VkSampler sampler;
   struct buffer staging;          /* what is uploaded */
   VkImageView attachment_view;    /* level 0, when a pass renders to it */
   VkRenderPass render_pass;
   VkFramebuffer framebuffer;
};

struct run {
   const struct gfx_spec *spec;
   VkInstance instance;
   VkPhysicalDevice pd;
   VkPhysicalDeviceProperties props;
   VkDevice dev;
   VkQueue queue;
   uint32_t queue_family;
   struct needs needs;
   struct buffer buffers[GFX_MAX_BUFFERS];
   struct image targets[GFX_MAX_TARGETS];
   struct image depth;
   struct texture textures[GFX_MAX_TEXTURES];
   /* target pass K (pass targets=K): the targets of pass=K, with the
    * depth buffer in pass 0 */
   VkRenderPass target_passes[GFX_MAX_TARGET_PASSES];
   VkFramebuffer target_framebuffers[GFX_MAX_TARGET_PASSES];
   VkSampler target_sampler;       /* of the targets a later pass samples */
   VkDescriptorSetLayout set_layout;
   VkDescriptorPool pool;
   VkDescriptorSet set;
   VkPipelineLayout layout;
   VkShaderModule modules[GFX_STAGES];
   VkShaderModule frag_modules[GFX_MAX_FRAGS];   /* [0] is modules[GFX_FRAG] */
   VkPipeline pipelines[GFX_MAX_PIPELINES];
   VkCommandPool command_pool;
   VkCommandBuffer cmd;
   PFN_vkCmdDrawIndirectCountKHR draw_indirect_count;
   PFN_vkCmdDrawIndexedIndirectCountKHR draw_indexed_indirect_count;
   PFN_vkCmdBindTransformFeedbackBuffersEXT bind_xfb_buffers;
   PFN_vkCmdBeginTransformFeedbackEXT begin_xfb;
   PFN_vkCmdEndTransformFeedbackEXT end_xfb;
};

static _Noreturn void
unsupported(const char *what, const char *detail)
{
   printf("unsupported: %s%s%s\n", what, detail ? " " : "", detail ? detail : "");
   exit(EXIT_UNSUPPORTED);
}

static VkBool32 *
feature_slot(VkPhysicalDeviceFeatures *f, const char *name)
{
   for (size_t i = 0; i < sizeof(feature_table) / sizeof(feature_table[0]); i++) {
      if (!strcmp(feature_table[i].name, name))
         return (VkBool32 *)((char *)f + feature_table[i].offset);
   }
   return NULL;
}

/* The .spv glslangValidator made of a shader: FILE.STAGE -> FILE_STAGE.spv. */
static bool
load_shader(const char *spv_dir, const char *glsl, struct shader_code *code)
{
   char stem[256];
   snprintf(stem, sizeof(stem), "%s", glsl);
   char *dot = strrchr(stem, '.');
   if (dot)
      *dot = '_';
   char path[1024];
   int n = snprintf(path, sizeof(path), "%s/%s.spv", spv_dir, stem);
   if (n < 0 || (size_t)n >= sizeof(path))
      return false;
   FILE *f = fopen(path, "rb");
   if (!f) {
      fprintf(stderr, "gfx_run: cannot open %s\n", path);
      return false;
   }
   fseek(f, 0, SEEK_END);
   long size = ftell(f);
   fseek(f, 0, SEEK_SET);
   if (size <= 0 || size % 4) {
      fclose(f);
      fprintf(stderr, "gfx_run: %s is not SPIR-V\n", path);
      return false;
   }
   code->words = malloc((size_t)size);
   code->size = (size_t)size;
   bool ok = code->words && fread(code->words, 1, (size_t)size, f) == (size_t)size;
   fclose(f);
   return ok;
}

static void
need_capabilities(const struct shader_code *code, struct needs *n)
{
   size_t words = code->size / 4;
   if (words > 1 && code->words[1] > 0x00010300)
      n->spirv_1_4 = true;
   for (size_t i = 5; i < words;) {
      uint32_t count = code->words[i] >> 16, op = code->words[i] & 0xffff;
      if (!count)
         return;
      if (op == SPIRV_OP_CAPABILITY && i + 1 < words) {
         switch (code->words[i + 1]) {
         case CAP_GEOMETRY: n->features.geometryShader = VK_TRUE; break;
         case CAP_TESSELLATION: n->features.tessellationShader = VK_TRUE; break;
         case CAP_TESSELLATION_POINT_SIZE:
         case CAP_GEOMETRY_POINT_SIZE:
            n->features.shaderTessellationAndGeometryPointSize = VK_TRUE;
            break;
         case CAP_CLIP_DISTANCE: n->features.shaderClipDistance = VK_TRUE; break;
         case CAP_CULL_DISTANCE: n->features.shaderCullDistance = VK_TRUE; break;
         case CAP_SAMPLE_RATE_SHADING:
         case CAP_INTERPOLATION_FUNCTION:   /* Vulkan: needs sampleRateShading */
            n->features.sampleRateShading = VK_TRUE;
            break;
         case CAP_DRAW_PARAMETERS: n->draw_parameters = true; break;
         case CAP_STENCIL_EXPORT: n->stencil_export = true; break;
         default: break;
         }
      }
      i += count;
   }
}

static bool
is_dual_source(VkBlendFactor f)
{
   return f >= VK_BLEND_FACTOR_SRC1_COLOR && f <= VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA;
}

static void
need_pipeline_state(const struct gfx_spec *s, const struct gfx_pipeline *p, struct needs *n)
{
   if (p->raster.polygonMode != VK_POLYGON_MODE_FILL)
      n->features.fillModeNonSolid = VK_TRUE;
   if (p->raster.lineWidth != 1.0f)
      n->features.wideLines = VK_TRUE;
   if (p->raster.depthClampEnable)
      n->features.depthClamp = VK_TRUE;
   if (p->raster.depthBiasEnable && p->raster.depthBiasClamp != 0.0f)
      n->features.depthBiasClamp = VK_TRUE;
   if (p->logic_op_enable)
      n->features.logicOp = VK_TRUE;
   if (p->sample_shading)
      n->features.sampleRateShading = VK_TRUE;
   for (uint32_t t = 0; t < s->target_count; t++) {
      const VkPipelineColorBlendAttachmentState *b = &p->blend[t];
      if (b->blendEnable && (is_dual_source(b->srcColorBlendFactor) ||
                             is_dual_source(b->dstColorBlendFactor) ||
                             is_dual_source(b->srcAlphaBlendFactor) ||
                             is_dual_source(b->dstAlphaBlendFactor)))
         n->features.dualSrcBlend = VK_TRUE;
      if (t && memcmp(b, &p->blend[0], sizeof(*b)))
         n->features.independentBlend = VK_TRUE;
   }
   for (uint32_t b = 0; b < p->binding_count; b++) {
      if (p->bindings[b].buffer < 0 || p->bindings[b].rate != VK_VERTEX_INPUT_RATE_INSTANCE)
         continue;
      if (p->bindings[b].divisor != 1)
         n->divisor = true;
      if (p->bindings[b].divisor == 0)
         n->zero_divisor = true;
   }
}

static void
need_commands(const struct gfx_spec *s, struct needs *n)
{
   for (uint32_t i = 0; i < s->command_count; i++) {
      const struct gfx_command *c = &s->commands[i];
      switch (c->kind) {
      case GFX_CMD_INDEX:
         if (c->index_type == VK_INDEX_TYPE_UINT8_EXT)
            n->index_uint8 = true;
         break;
      case GFX_CMD_DRAW_INDIRECT_COUNT:
      case GFX_CMD_DRAW_INDEXED_INDIRECT_COUNT:
         n->indirect_count = true;
         if (c->args[0] > 1)
            n->features.multiDrawIndirect = VK_TRUE;
         break;
      case GFX_CMD_DRAW_INDIRECT:
      case GFX_CMD_DRAW_INDEXED_INDIRECT:
         if (c->args[0] > 1)
            n->features.multiDrawIndirect = VK_TRUE;
         break;
      case GFX_CMD_XFB_BEGIN:
         n->transform_feedback = true;
         break;
      default:
         break;
      }
   }
}

static bool
has_extension(VkPhysicalDevice pd, const char *name)
{
   uint32_t count = 0;
   vkEnumerateDeviceExtensionProperties(pd, NULL, &count, NULL);
   VkExtensionProperties *ext = calloc(count ? count : 1, sizeof(*ext));
   if (!ext)
      return false;
   vkEnumerateDeviceExtensionProperties(pd, NULL, &count, ext);
   bool found = false;
   for (uint32_t i = 0; i < count && !found; i++)
      found = !strcmp(ext[i].extensionName, name);
   free(ext);
   return found;
}

static void
open_instance(struct run *r)
{
   VK(vkCreateInstance(&(VkInstanceCreateInfo){
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
      .pApplicationInfo = &(VkApplicationInfo){
         .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .pApplicationName = "gfx_run",
         .apiVersion = VK_API_VERSION_1_2 },
   }, NULL, &r->instance));
   uint32_t count = 1;
   VkResult res = vkEnumeratePhysicalDevices(r->instance, &count, &r->pd);
   if ((res != VK_SUCCESS && res != VK_INCOMPLETE) || !count) {
      fprintf(stderr, "gfx_run: no physical device\n");
      exit(1);
   }
   vkGetPhysicalDeviceProperties(r->pd, &r->props);
   fprintf(stderr, "device: %s\n", r->props.deviceName);
   if (r->props.apiVersion < VK_API_VERSION_1_1)
      unsupported("Vulkan 1.1", NULL);
   if (r->needs.spirv_1_4 && r->props.apiVersion < VK_API_VERSION_1_2)
      unsupported("Vulkan 1.2", "(SPIR-V 1.5)");
}

/* Every feature the program needs, or "unsupported: ..." and exit. */
static void
check_features(struct run *r, const struct needs *n)
{
   VkPhysicalDeviceShaderDrawParametersFeatures dp = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DRAW_PARAMETERS_FEATURES };
   VkPhysicalDeviceFeatures2 f2 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                    .pNext = &dp };
   vkGetPhysicalDeviceFeatures2(r->pd, &f2);
   for (size_t i = 0; i < sizeof(feature_table) / sizeof(feature_table[0]); i++) {
      const VkBool32 *want = (const VkBool32 *)((const char *)&n->features +
                                                feature_table[i].offset);
      const VkBool32 *have = (const VkBool32 *)((const char *)&f2.features +
                                                feature_table[i].offset);
      if (*want && !*have)
         unsupported("feature", feature_table[i].name);
   }
   if (n->draw_parameters && !dp.shaderDrawParameters)
      unsupported("feature", "shaderDrawParameters");
   if (n->multiview) {
      VkPhysicalDeviceMultiviewFeatures mv = {
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTIVIEW_FEATURES };
      vkGetPhysicalDeviceFeatures2(r->pd, &(VkPhysicalDeviceFeatures2){
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &mv });
      if (!mv.multiview)
         unsupported("feature", "multiview");
   }
   if (n->divisor) {
      if (!has_extension(r->pd, VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME))
         unsupported("extension", VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME);
      VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT d = {
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_EXT };
      vkGetPhysicalDeviceFeatures2(r->pd, &(VkPhysicalDeviceFeatures2){
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &d });
      if (!d.vertexAttributeInstanceRateDivisor ||
          (n->zero_divisor && !d.vertexAttributeInstanceRateZeroDivisor))
         unsupported("feature", n->zero_divisor ? "vertexAttributeInstanceRateZeroDivisor"
                                                : "vertexAttributeInstanceRateDivisor");
   }
   if (n->index_uint8) {
      if (!has_extension(r->pd, VK_EXT_INDEX_TYPE_UINT8_EXTENSION_NAME))
         unsupported("extension", VK_EXT_INDEX_TYPE_UINT8_EXTENSION_NAME);
      VkPhysicalDeviceIndexTypeUint8FeaturesEXT u8 = {
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_INDEX_TYPE_UINT8_FEATURES_EXT };
      vkGetPhysicalDeviceFeatures2(r->pd, &(VkPhysicalDeviceFeatures2){
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &u8 });
      if (!u8.indexTypeUint8)
         unsupported("feature", "indexTypeUint8");
   }
   if (n->indirect_count && !has_extension(r->pd, VK_KHR_DRAW_INDIRECT_COUNT_EXTENSION_NAME))
      unsupported("extension", VK_KHR_DRAW_INDIRECT_COUNT_EXTENSION_NAME);
   if (n->stencil_export && !has_extension(r->pd, VK_EXT_SHADER_STENCIL_EXPORT_EXTENSION_NAME))
      unsupported("extension", VK_EXT_SHADER_STENCIL_EXPORT_EXTENSION_NAME);
   if (n->transform_feedback) {
      if (!has_extension(r->pd, VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME))
         unsupported("extension", VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME);
      VkPhysicalDeviceTransformFeedbackFeaturesEXT xfb = {
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT };
      vkGetPhysicalDeviceFeatures2(r->pd, &(VkPhysicalDeviceFeatures2){
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &xfb });
      if (!xfb.transformFeedback)
         unsupported("feature", "transformFeedback");
   }
}

static uint32_t
graphics_queue_family(VkPhysicalDevice pd)
{
   uint32_t count = 0;
   vkGetPhysicalDeviceQueueFamilyProperties(pd, &count, NULL);
   VkQueueFamilyProperties families[16];
   count = count > 16 ? 16 : count;
   vkGetPhysicalDeviceQueueFamilyProperties(pd, &count, families);
   for (uint32_t i = 0; i < count; i++) {
      if (families[i].queueFlags & VK_QUEUE_GRAPHICS_BIT)
         return i;
   }
   fprintf(stderr, "gfx_run: no graphics queue\n");
   exit(1);
}

static void
create_device(struct run *r)
{
   const struct needs *n = &r->needs;
   const char *extensions[5];
   uint32_t extension_count = 0;
   VkPhysicalDeviceShaderDrawParametersFeatures dp = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DRAW_PARAMETERS_FEATURES,
      .shaderDrawParameters = n->draw_parameters };
   VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT divisor = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_EXT,
      .vertexAttributeInstanceRateDivisor = VK_TRUE,
      .vertexAttributeInstanceRateZeroDivisor = n->zero_divisor };
   VkPhysicalDeviceIndexTypeUint8FeaturesEXT u8 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_INDEX_TYPE_UINT8_FEATURES_EXT,
      .indexTypeUint8 = VK_TRUE };
   VkPhysicalDeviceTransformFeedbackFeaturesEXT xfb = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT,
      .transformFeedback = VK_TRUE };
   VkPhysicalDeviceMultiviewFeatures mv = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTIVIEW_FEATURES, .multiview = VK_TRUE };
   void *chain = &dp;
   if (n->multiview) {
      mv.pNext = chain;
      chain = &mv;
   }
   if (n->divisor) {
      extensions[extension_count++] = VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME;
      divisor.pNext = chain;
      chain = &divisor;
   }
   if (n->index_uint8) {
      extensions[extension_count++] = VK_EXT_INDEX_TYPE_UINT8_EXTENSION_NAME;
      u8.pNext = chain;
      chain = &u8;
   }
   if (n->indirect_count)
      extensions[extension_count++] = VK_KHR_DRAW_INDIRECT_COUNT_EXTENSION_NAME;
   if (n->stencil_export)
      extensions[extension_count++] = VK_EXT_SHADER_STENCIL_EXPORT_EXTENSION_NAME;
   if (n->transform_feedback) {
      extensions[extension_count++] = VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME;
      xfb.pNext = chain;
      chain = &xfb;
   }
   r->queue_family = graphics_queue_family(r->pd);
   float priority = 1.0f;
   VK(vkCreateDevice(r->pd, &(VkDeviceCreateInfo){
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .pNext = chain,
      .queueCreateInfoCount = 1,
      .pQueueCreateInfos = &(VkDeviceQueueCreateInfo){
         .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
         .queueFamilyIndex = r->queue_family, .queueCount = 1, .pQueuePriorities = &priority },
      .enabledExtensionCount = extension_count, .ppEnabledExtensionNames = extensions,
      .pEnabledFeatures = &n->features,
   }, NULL, &r->dev));
   vkGetDeviceQueue(r->dev, r->queue_family, 0, &r->queue);
   if (n->indirect_count) {
      r->draw_indirect_count = (PFN_vkCmdDrawIndirectCountKHR)
         vkGetDeviceProcAddr(r->dev, "vkCmdDrawIndirectCountKHR");
      r->draw_indexed_indirect_count = (PFN_vkCmdDrawIndexedIndirectCountKHR)
         vkGetDeviceProcAddr(r->dev, "vkCmdDrawIndexedIndirectCountKHR");
   }
   if (n->transform_feedback) {
      r->bind_xfb_buffers = (PFN_vkCmdBindTransformFeedbackBuffersEXT)
         vkGetDeviceProcAddr(r->dev, "vkCmdBindTransformFeedbackBuffersEXT");
      r->begin_xfb = (PFN_vkCmdBeginTransformFeedbackEXT)
         vkGetDeviceProcAddr(r->dev, "vkCmdBeginTransformFeedbackEXT");
      r->end_xfb = (PFN_vkCmdEndTransformFeedbackEXT)
         vkGetDeviceProcAddr(r->dev, "vkCmdEndTransformFeedbackEXT");
   }
}

static VkImageUsageFlags target_transfer_usage(const struct gfx_spec *s, uint32_t t);

/* Target pass k's colour attachments, in the order of their targets (the
 * fragment shader's location L writes the L-th): the targets of pass=K
 * that are not resolve destinations (those are its resolve attachments). */
static uint32_t
pass_targets(const struct gfx_spec *s, uint32_t k, uint32_t *targets)
{
   uint32_t n = 0;
   for (uint32_t t = 0; t < s->target_count; t++) {
      if (s->targets[t].pass == k && s->targets[t].resolve_source < 0)
         targets[n++] = t;
   }
   return n;
}

static bool
pass_has_depth(const struct gfx_spec *s, uint32_t k)
{
   return k == 0 && s->depth_format;
}

/* Every attachment of a subpass has one sample count (Vulkan
 * VUID-VkSubpassDescription-pColorAttachments-01417 and
 * -pDepthStencilAttachment-01418), the pass's. */
static VkSampleCountFlagBits
pass_samples(const struct gfx_spec *s, uint32_t k)
{
   uint32_t targets[GFX_MAX_TARGETS];
   if (pass_targets(s, k, targets))
      return s->targets[targets[0]].samples;
   return pass_has_depth(s, k) ? s->depth_samples : VK_SAMPLE_COUNT_1_BIT;
}

/* A multisampled target: optimal-tiled, its sample count within the
 * device's limits for attachments and, when a pass samples it, for
 * sampled images (VkPhysicalDeviceLimits). */
static void
check_multisampled_target(const struct run *r, uint32_t t)
{
   const struct gfx_target *target = &r->spec->targets[t];
   const VkPhysicalDeviceLimits *l = &r->props.limits;
   VkImageUsageFlags usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                             target_transfer_usage(r->spec, t);
   VkSampleCountFlags limit = l->framebufferColorSampleCounts;
   if (target->binding >= 0) {
      usage |= VK_IMAGE_USAGE_SAMPLED_BIT;
      limit &= gfx_format_is_integer(target->format) ? l->sampledImageIntegerSampleCounts
                                                     : l->sampledImageColorSampleCounts;
   }
   VkImageFormatProperties ip;
   if (!(limit & target->samples) ||
       vkGetPhysicalDeviceImageFormatProperties(r->pd, target->format->format,
                                                VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
                                                usage, 0, &ip) != VK_SUCCESS ||
       !(ip.sampleCounts & target->samples)) {
      char what[64];
      snprintf(what, sizeof(what), "%s with %u samples", target->format->name,
               (unsigned)target->samples);
      unsupported(target->binding >= 0 ? "sampled multisampled colour attachment:"
                                       : "multisampled colour attachment:", what);
   }
}

/* Whether a pipeline of target t's pass blends into it (blend L is the
 * pass's L-th colour attachment). */
static bool
target_blended(const struct gfx_spec *s, uint32_t t)
{
   uint32_t targets[GFX_MAX_TARGETS], k = s->targets[t].pass;
   uint32_t n = pass_targets(s, k, targets);
   for (uint32_t l = 0; l < n; l++) {
      for (uint32_t p = 0; p < s->pipeline_count && targets[l] == t; p++) {
         const struct gfx_pipeline *pipe = &s->pipelines[p];
         if (pipe->texture_pass < 0 && pipe->target_pass == k && pipe->blend[l].blendEnable)
            return true;
      }
   }
   return false;
}

/* Formats: colour targets must render linearly (read back by mapping),
 * vertex formats be fetchable, the depth format be a depth attachment. */
static void
check_formats(const struct run *r)
{
   const struct gfx_spec *s = r->spec;
   for (uint32_t t = 0; t < s->target_count; t++) {
      if (s->targets[t].samples != VK_SAMPLE_COUNT_1_BIT) {
         check_multisampled_target(r, t);
         continue;
      }
      VkFormatProperties fp;
      vkGetPhysicalDeviceFormatProperties(r->pd, s->targets[t].format->format, &fp);
      VkFormatFeatureFlags want = VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT;
      if (target_blended(s, t))
         want |= VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT;
      VkImageFormatProperties ip;
      if ((fp.linearTilingFeatures & want) != want ||
          vkGetPhysicalDeviceImageFormatProperties(
             r->pd, s->targets[t].format->format, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_LINEAR,
             VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | target_transfer_usage(s, t), 0,
             &ip) != VK_SUCCESS)
         unsupported(want & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT
                        ? "linear colour attachment with blending (read back without a "
                          "copy):"
                        : "linear colour attachment (read back without a copy):",
                     s->targets[t].format->name);
   }
   for (uint32_t p = 0; p < s->pipeline_count; p++) {
      for (uint32_t a = 0; a < s->pipelines[p].attribute_count; a++) {
         VkFormatProperties fp;
         VkFormat f = s->pipelines[p].attributes[a].format;
         vkGetPhysicalDeviceFormatProperties(r->pd, f, &fp);
         if (!(fp.bufferFeatures & VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT))
            unsupported("vertex format", gfx_format_by_vk(f)->name);
      }
   }
   if (s->depth_format) {
      VkFormatProperties fp;
      vkGetPhysicalDeviceFormatProperties(r->pd, s->depth_format->format, &fp);
      if (!(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT))
         unsupported("depth/stencil format", s->depth_format->name);
      VkImageFormatProperties ip;
      if (!(r->props.limits.framebufferDepthSampleCounts & s->depth_samples) ||
          vkGetPhysicalDeviceImageFormatProperties(
             r->pd, s->depth_format->format, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
             VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT, 0, &ip) != VK_SUCCESS ||
          !(ip.sampleCounts & s->depth_samples))
         unsupported("depth/stencil format with this sample count:", s->depth_format->name);
   }
}

static VkDeviceMemory
allocate(const struct run *r, VkMemoryRequirements req, VkMemoryPropertyFlags want)
{
   VkDeviceMemory memory;
   VK(vkAllocateMemory(r->dev, &(VkMemoryAllocateInfo){
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
      .memoryTypeIndex = vk_program_memory_type(r->pd, req.memoryTypeBits, want),
   }, NULL, &memory));
   return memory;
}

#define HOST_MEMORY (VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT)

static void
create_buffers(struct run *r)
{
   const struct gfx_spec *s = r->spec;
   for (uint32_t i = 0; i < s->buffer_count; i++) {
      struct buffer *b = &r->buffers[i];
      /* 4-byte multiples: indirect and storage offsets are in words */
      b->size = (s->buffers[i].size + 3) & ~(VkDeviceSize)3;
      if (!b->size)
         b->size = 4;
      VkBufferUsageFlags usage = VK_BUFFER_USAGE_VERTEX_BUFFER_BIT |
                                 VK_BUFFER_USAGE_INDEX_BUFFER_BIT |
                                 VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT |
                                 VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                 VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                 VK_BUFFER_USAGE_TRANSFER_DST_BIT;
      /* only with the extension enabled is this usage valid */
      if (s->buffers[i].xfb_binding >= 0 && r->needs.transform_feedback)
         usage |= VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT;
      VK(vkCreateBuffer(r->dev, &(VkBufferCreateInfo){
         .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = b->size, .usage = usage,
      }, NULL, &b->buffer));
      VkMemoryRequirements req;
      vkGetBufferMemoryRequirements(r->dev, b->buffer, &req);
      b->memory = allocate(r, req, HOST_MEMORY);
      VK(vkBindBufferMemory(r->dev, b->buffer, b->memory, 0));
      VK(vkMapMemory(r->dev, b->memory, 0, VK_WHOLE_SIZE, 0, &b->map));
      memset(b->map, 0, b->size);
      if (s->buffers[i].size)
         memcpy(b->map, s->buffers[i].data, s->buffers[i].size);
   }
}

/* A single-sampled colour target is linear in host memory (read back by
 * mapping it); a multisampled one and the depth buffer are optimal-tiled
 * in device memory. */
static void
create_image(const struct run *r, struct image *im, VkFormat format, uint32_t width,
             uint32_t height, bool colour, VkImageUsageFlags usage,
             VkSampleCountFlagBits samples)
{
   bool linear = colour && samples == VK_SAMPLE_COUNT_1_BIT;
   VK(vkCreateImage(r->dev, &(VkImageCreateInfo){
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
      .format = format, .extent = { width, height, 1 }, .mipLevels = 1, .arrayLayers = 1,
      .samples = samples,
      .tiling = linear ? VK_IMAGE_TILING_LINEAR : VK_IMAGE_TILING_OPTIMAL,
      .usage = usage | (colour ? VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT
                               : VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT),
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
   }, NULL, &im->image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(r->dev, im->image, &req);
   im->memory = allocate(r, req, linear ? HOST_MEMORY : 0);
   VK(vkBindImageMemory(r->dev, im->image, im->memory, 0));
   VkImageAspectFlags aspect = VK_IMAGE_ASPECT_COLOR_BIT;
   if (!colour) {
      aspect = VK_IMAGE_ASPECT_DEPTH_BIT;
      if (r->spec->depth_format->channels == 2)
         aspect |= VK_IMAGE_ASPECT_STENCIL_BIT;
   }
   VK(vkCreateImageView(r->dev, &(VkImageViewCreateInfo){
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = im->image,
      .viewType = VK_IMAGE_VIEW_TYPE_2D, .format = format,
      .subresourceRange = { aspect, 0, 1, 0, 1 },
   }, NULL, &im->view));
}

/* A render pass into level 0 of a texture ("pass texture=NAME"): one
 * colour attachment of target 0's format, so that the pipelines made for
 * the targets' pass are compatible with it.  With a view mask the
 * attachment is every layer of a 2d_array texture and view v renders
 * layer v (the framebuffer has one layer: VUID-VkFramebufferCreateInfo-
 * renderPass-02531). */
static void
create_texture_pass(struct run *r, uint32_t index)
{
   const struct gfx_texture *t = &r->spec->textures[index];
   struct texture *tex = &r->textures[index];
   VK(vkCreateImageView(r->dev, &(VkImageViewCreateInfo){
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = tex->image,
      .viewType = t->view_mask ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_2D,
      .format = t->format->format,
      .subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, t->view_mask ? t->layers : 1 },
   }, NULL, &tex->attachment_view));
   const VkRenderPassMultiviewCreateInfo multiview = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_MULTIVIEW_CREATE_INFO,
      .subpassCount = 1, .pViewMasks = &t->view_mask,
   };
   VK(vkCreateRenderPass(r->dev, &(VkRenderPassCreateInfo){
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
      .pNext = t->view_mask ? &multiview : NULL, .attachmentCount = 1,
      .pAttachments = &(VkAttachmentDescription){
         .format = t->format->format, .samples = VK_SAMPLE_COUNT_1_BIT,
         .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
         .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
         .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
         .initialLayout = VK_IMAGE_LAYOUT_GENERAL, .finalLayout = VK_IMAGE_LAYOUT_GENERAL },
      .subpassCount = 1,
      .pSubpasses = &(VkSubpassDescription){
         .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS, .colorAttachmentCount = 1,
         .pColorAttachments = &(VkAttachmentReference){ 0, VK_IMAGE_LAYOUT_GENERAL } },
   }, NULL, &tex->render_pass));
   VK(vkCreateFramebuffer(r->dev, &(VkFramebufferCreateInfo){
      .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO, .renderPass = tex->render_pass,
      .attachmentCount = 1, .pAttachments = &tex->attachment_view,
      .width = t->width, .height = t->height, .layers = 1,
   }, NULL, &tex->framebuffer));
}

static void
destroy_texture(const struct run *r, struct texture *tex)
{
   vkDestroyFramebuffer(r->dev, tex->framebuffer, NULL);
   vkDestroyRenderPass(r->dev, tex->render_pass, NULL);
   vkDestroyImageView(r->dev, tex->attachment_view, NULL);
   vkDestroySampler(r->dev, tex->sampler, NULL);
   vkDestroyImageView(r->dev, tex->view, NULL);
   vkDestroyImage(r->dev, tex->image, NULL);
   vkFreeMemory(r->dev, tex->memory, NULL);
   vkDestroyBuffer(r->dev, tex->staging.buffer, NULL);
   vkFreeMemory(r->dev, tex->staging.memory, NULL);
}

/* Textures (README.md, "Spec format"): optimal-tiling images whose
 * every level and layer is filled by gfx_run and uploaded with
 * vkCmdCopyBufferToImage, in layout GENERAL throughout. */

static VkImageType
texture_image_type(const struct gfx_texture *t)
{
   return t->view_type == VK_IMAGE_VIEW_TYPE_3D ? VK_IMAGE_TYPE_3D : VK_IMAGE_TYPE_2D;
}

static VkImageCreateFlags
texture_flags(const struct gfx_texture *t)
{
   bool cube = t->view_type == VK_IMAGE_VIEW_TYPE_CUBE ||
               t->view_type == VK_IMAGE_VIEW_TYPE_CUBE_ARRAY;
   return cube ? VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT : 0;
}

static VkImageAspectFlags
texture_aspect(const struct gfx_texture *t)
{
   return t->format->kind == GFX_DEPTH ? VK_IMAGE_ASPECT_DEPTH_BIT : VK_IMAGE_ASPECT_COLOR_BIT;
}

static bool
uses_linear_filter(const VkSamplerCreateInfo *s)
{
   return s->minFilter == VK_FILTER_LINEAR || s->magFilter == VK_FILTER_LINEAR ||
          s->mipmapMode == VK_SAMPLER_MIPMAP_MODE_LINEAR;
}

/* What the transfer commands do with image (a texture's index or
 * GFX_TARGET_IMAGE): usage bits and the format features they need. */
static void
transfer_uses(const struct gfx_spec *s, int image, VkImageUsageFlags *usage,
              VkFormatFeatureFlags *features)
{
   for (uint32_t i = 0; i < s->command_count; i++) {
      const struct gfx_command *c = &s->commands[i];
      if (!GFX_CMD_IS_TRANSFER(c->kind))
         continue;
      bool blit = c->kind == GFX_CMD_BLIT;
      /* vkCmdResolveImage asks nothing of the source's format, and a
       * colour attachment format of the destination */
      if (c->kind == GFX_CMD_RESOLVE_IMAGE) {
         if (c->src == image)
            *usage |= VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
         if (c->dst == image) {
            *usage |= VK_IMAGE_USAGE_TRANSFER_DST_BIT;
            *features |= VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT;
         }
         continue;
      }
      if (c->src == image) {
         *usage |= VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
         *features |= blit ? VK_FORMAT_FEATURE_BLIT_SRC_BIT : VK_FORMAT_FEATURE_TRANSFER_SRC_BIT;
         if (blit && c->filter == VK_FILTER_LINEAR)
            *features |= VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
      }
      if (c->dst == image) {
         *usage |= VK_IMAGE_USAGE_TRANSFER_DST_BIT;
         *features |= blit ? VK_FORMAT_FEATURE_BLIT_DST_BIT : VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
      }
   }
}

/* The transfer usage of colour target t. */
static VkImageUsageFlags
target_transfer_usage(const struct gfx_spec *s, uint32_t t)
{
   VkImageUsageFlags usage = 0;
   VkFormatFeatureFlags unused = 0;
   transfer_uses(s, GFX_TARGET_IMAGE(t), &usage, &unused);
   return usage;
}

static VkImageUsageFlags
texture_usage(const struct gfx_spec *s, int index, VkFormatFeatureFlags *features)
{
   const struct gfx_texture *t = &s->textures[index];
   VkImageUsageFlags usage = VK_IMAGE_USAGE_TRANSFER_DST_BIT;
   *features = VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
   if (t->binding >= 0) {
      usage |= VK_IMAGE_USAGE_SAMPLED_BIT;
      *features |= VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT;
      if (uses_linear_filter(&t->sampler))
         *features |= VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
   }
   if (t->rendered) {
      usage |= VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
      *features |= VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT;
   }
   transfer_uses(s, index, &usage, features);
   return usage;
}

static void
check_texture_formats(const struct run *r)
{
   const struct gfx_spec *s = r->spec;
   for (uint32_t i = 0; i < s->texture_count; i++) {
      const struct gfx_texture *t = &s->textures[i];
      VkFormatFeatureFlags want;
      VkImageUsageFlags usage = texture_usage(s, (int)i, &want);
      VkFormatProperties fp;
      vkGetPhysicalDeviceFormatProperties(r->pd, t->format->format, &fp);
      VkImageFormatProperties ip;
      if ((fp.optimalTilingFeatures & want) != want ||
          vkGetPhysicalDeviceImageFormatProperties(r->pd, t->format->format,
                                                   texture_image_type(t),
                                                   VK_IMAGE_TILING_OPTIMAL, usage,
                                                   texture_flags(t), &ip) != VK_SUCCESS ||
          ip.maxMipLevels < t->levels || ip.maxArrayLayers < t->layers ||
          ip.maxExtent.width < t->width || ip.maxExtent.height < t->height ||
          ip.maxExtent.depth < t->depth)
         unsupported("texture format with these uses:", t->format->name);
   }
   for (uint32_t n = 0; n < s->target_count; n++) {
      if (!s->targets[n].transfer || s->targets[n].samples != VK_SAMPLE_COUNT_1_BIT)
         continue;
      VkImageUsageFlags usage = 0;
      VkFormatFeatureFlags want = 0;
      transfer_uses(s, GFX_TARGET_IMAGE(n), &usage, &want);
      VkFormatProperties fp;
      vkGetPhysicalDeviceFormatProperties(r->pd, s->targets[n].format->format, &fp);
      if ((fp.linearTilingFeatures & want) != want)
         unsupported("linear colour target with these transfers:", s->targets[n].format->name);
   }
}

static uint32_t
level_size(uint32_t size, uint32_t level)
{
   return size >> level ? size >> level : 1;
}

static uint32_t
texture_depth(const struct gfx_texture *t, uint32_t level)
{
   return level_size(t->depth, level);
}

/* Channel c (0 red .. 3 alpha) of texel (x, y, z) of a layer and level,
 * in [0, 1].  "pattern" changes from texel to texel in red and blue and
 * is constant over a level and layer in green and alpha, so that a
 * result shows which level, layer and texel were read; "ramp" is smooth,
 * for filtering. */
static float
fill_value(const struct gfx_texture *t, uint32_t x, uint32_t y, uint32_t z, uint32_t layer,
           uint32_t level, uint32_t c)
{
   uint32_t w = level_size(t->width, level), h = level_size(t->height, level);
   switch (t->fill) {
   case GFX_FILL_PATTERN: {
      static const float alpha[4] = { 1.0f, 0.75f, 0.5f, 0.25f };
      uint32_t v[4] = { (x * 5 + y * 3 + z * 7) % 16, (level * 5 + layer * 3) % 16,
                        ((x ^ y) + level) % 4, 0 };
      return c == 3 ? alpha[level % 4] : (float)v[c] / (c == 2 ? 3.0f : 15.0f);
   }
   case GFX_FILL_RAMP: {
      float v[4] = { ((float)x + 0.5f) / (float)w, ((float)y + 0.5f) / (float)h,
                     ((float)((z + layer) % 8) + 0.5f) / 8.0f,
                     1.0f - (float)(level % 8) / 8.0f };
      return v[c];
   }
   case GFX_FILL_ZERO:
      break;
   }
   return 0.0f;
}

/* One channel's bits in the texture's format. */
static uint32_t
encode_channel(const struct gfx_format *f, uint32_t size, float v)
{
   uint32_t max = size >= 4 ? UINT32_MAX : (1u << (8 * size)) - 1;
   switch (f->kind) {
   case GFX_UNORM:
   case GFX_DEPTH:
      if (f->kind == GFX_DEPTH && size == 4)
         break;
      return (uint32_t)(v * (float)max + 0.5f);
   case GFX_SNORM:
      return (uint32_t)(int32_t)((v * 2.0f - 1.0f) * (float)(max >> 1)) & max;
   case GFX_UINT:
      return (uint32_t)(v * 255.0f + 0.5f);
   case GFX_SINT:
      return (uint32_t)((int32_t)(v * 255.0f + 0.5f) - 128) & max;
   case GFX_SFLOAT:
      if (size == 2)
         return gfx_float_to_half(v);
      break;
   case GFX_PACKED:
      return 0;
   }
   uint32_t bits;
   memcpy(&bits, &v, 4);
   return bits;
}

static void
fill_texel(const struct gfx_texture *t, uint8_t *texel, uint32_t x, uint32_t y, uint32_t z,
           uint32_t layer, uint32_t level)
{
   const struct gfx_format *f = t->format;
   uint32_t size = f->bytes / f->channels;
   for (uint32_t c = 0; c < f->channels; c++) {
      /* B8G8R8A8 keeps blue first in memory */
      uint32_t logical = f->bgr && c != 3 ? 2 - c : c;
      uint32_t bits = encode_channel(f, size, fill_value(t, x, y, z, layer, level, logical));
      for (uint32_t b = 0; b < size; b++)
         texel[c * size + b] = (uint8_t)(bits >> (8 * b));
   }
}

/* Bytes of one level (all its layers), and where each level starts in
 * the staging buffer (16-byte aligned: a multiple of every texel size). */
static VkDeviceSize
level_bytes(const struct gfx_texture *t, uint32_t level)
{
   return (VkDeviceSize)level_size(t->width, level) * level_size(t->height, level) *
          texture_depth(t, level) * t->layers * t->format->bytes;
}

static VkDeviceSize
staging_size(const struct gfx_texture *t)
{
   VkDeviceSize size = 0;
   for (uint32_t l = 0; l < t->levels; l++)
      size += (level_bytes(t, l) + 15) & ~(VkDeviceSize)15;
   return size;
}

static void
fill_staging(const struct gfx_texture *t, uint8_t *data)
{
   VkDeviceSize offset = 0;
   for (uint32_t l = 0; l < t->levels; l++) {
      uint32_t w = level_size(t->width, l), h = level_size(t->height, l);
      uint32_t d = texture_depth(t, l);
      uint8_t *texel = data + offset;
      for (uint32_t layer = 0; layer < t->layers; layer++) {
         for (uint32_t z = 0; z < d; z++) {
            for (uint32_t y = 0; y < h; y++) {
               for (uint32_t x = 0; x < w; x++, texel += t->format->bytes)
                  fill_texel(t, texel, x, y, z, layer, l);
            }
         }
      }
      offset += (level_bytes(t, l) + 15) & ~(VkDeviceSize)15;
   }
}

static void
create_staging(struct run *r, struct buffer *b, VkDeviceSize size)
{
   b->size = size;
   VK(vkCreateBuffer(r->dev, &(VkBufferCreateInfo){
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = size,
      .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT }, NULL, &b->buffer));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(r->dev, b->buffer, &req);
   b->memory = allocate(r, req, HOST_MEMORY);
   VK(vkBindBufferMemory(r->dev, b->buffer, b->memory, 0));
   VK(vkMapMemory(r->dev, b->memory, 0, VK_WHOLE_SIZE, 0, &b->map));
}

static void
create_texture(struct run *r, uint32_t index)
{
   const struct gfx_texture *t = &r->spec->textures[index];
   struct texture *tex = &r->textures[index];
   VkFormatFeatureFlags unused;
   VK(vkCreateImage(r->dev, &(VkImageCreateInfo){
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .flags = texture_flags(t),
      .imageType = texture_image_type(t), .format = t->format->format,
      .extent = { t->width, t->height, t->depth }, .mipLevels = t->levels,
      .arrayLayers = t->layers, .samples = VK_SAMPLE_COUNT_1_BIT,
      .tiling = VK_IMAGE_TILING_OPTIMAL, .usage = texture_usage(r->spec, (int)index, &unused),
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED }, NULL, &tex->image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(r->dev, tex->image, &req);
   tex->memory = allocate(r, req, 0);
   VK(vkBindImageMemory(r->dev, tex->image, tex->memory, 0));
   if (t->binding >= 0) {
      VK(vkCreateImageView(r->dev, &(VkImageViewCreateInfo){
         .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = tex->image,
         .viewType = t->view_type, .format = t->format->format,
         .subresourceRange = { texture_aspect(t), 0, t->levels, 0, t->layers },
      }, NULL, &tex->view));
      VK(vkCreateSampler(r->dev, &t->sampler, NULL, &tex->sampler));
   }
   create_staging(r, &tex->staging, staging_size(t));
   fill_staging(t, tex->staging.map);
   if (t->rendered)
      create_texture_pass(r, index);
}

/* The image barrier that starts a texture's life in GENERAL, and its
 * upload, a region per level (all layers at once). */
static void
upload_texture(const struct run *r, uint32_t index)
{
   const struct gfx_texture *t = &r->spec->textures[index];
   const struct texture *tex = &r->textures[index];
   vkCmdPipelineBarrier(r->cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                        VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 0, NULL, 1,
                        &(VkImageMemoryBarrier){
                           .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
                           .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                           .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
                           .newLayout = VK_IMAGE_LAYOUT_GENERAL,
                           .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                           .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                           .image = tex->image,
                           .subresourceRange = { texture_aspect(t), 0, t->levels, 0,
                                                 t->layers } });
   VkBufferImageCopy regions[16];
   VkDeviceSize offset = 0;
   for (uint32_t l = 0; l < t->levels; l++) {
      regions[l] = (VkBufferImageCopy){
         .bufferOffset = offset,
         .imageSubresource = { texture_aspect(t), l, 0, t->layers },
         .imageExtent = { level_size(t->width, l), level_size(t->height, l),
                          texture_depth(t, l) } };
      offset += (level_bytes(t, l) + 15) & ~(VkDeviceSize)15;
   }
   vkCmdCopyBufferToImage(r->cmd, tex->staging.buffer, tex->image, VK_IMAGE_LAYOUT_GENERAL,
                          t->levels, regions);
}

/* Target pass k: its colour targets, each with the target it resolves
 * into as its resolve attachment (pResolveAttachments: the resolve runs
 * at the end of the subpass), and in pass 0 the depth buffer. */
static void
create_target_pass(struct run *r, uint32_t k)
{
   const struct gfx_spec *s = r->spec;
   VkAttachmentDescription attachments[2 * GFX_MAX_TARGETS + 1];
   VkAttachmentReference colour_refs[GFX_MAX_TARGETS], resolve_refs[GFX_MAX_TARGETS];
   VkImageView views[2 * GFX_MAX_TARGETS + 1];
   uint32_t targets[GFX_MAX_TARGETS];
   uint32_t n = pass_targets(s, k, targets), count = 0;
   bool resolves = false;
   for (uint32_t i = 0; i < n; i++) {
      const struct gfx_target *t = &s->targets[targets[i]];
      /* GENERAL throughout: the layout the host reads a linear image in
       * and a later pass samples a multisampled one in, with no
       * transition at the end of the pass. */
      attachments[count] = (VkAttachmentDescription){
         .format = t->format->format, .samples = t->samples,
         .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
         .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
         .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
         .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED, .finalLayout = VK_IMAGE_LAYOUT_GENERAL };
      views[count] = r->targets[targets[i]].view;
      colour_refs[i] = (VkAttachmentReference){ count++, VK_IMAGE_LAYOUT_GENERAL };
      resolve_refs[i] = (VkAttachmentReference){ VK_ATTACHMENT_UNUSED,
                                                 VK_IMAGE_LAYOUT_GENERAL };
      if (t->resolve < 0)
         continue;
      /* every texel is written by the resolve: nothing to load */
      attachments[count] = attachments[count - 1];
      attachments[count].samples = VK_SAMPLE_COUNT_1_BIT;
      attachments[count].loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
      views[count] = r->targets[t->resolve].view;
      resolve_refs[i].attachment = count++;
      resolves = true;
   }
   VkAttachmentReference depth_ref = { count, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL };
   if (pass_has_depth(s, k)) {
      attachments[count] = (VkAttachmentDescription){
         .format = s->depth_format->format, .samples = s->depth_samples,
         .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
         .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
         .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
         .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
         .finalLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL };
      views[count++] = r->depth.view;
   }
   VK(vkCreateRenderPass(r->dev, &(VkRenderPassCreateInfo){
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
      .attachmentCount = count, .pAttachments = attachments, .subpassCount = 1,
      .pSubpasses = &(VkSubpassDescription){
         .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
         .colorAttachmentCount = n, .pColorAttachments = colour_refs,
         .pResolveAttachments = resolves ? resolve_refs : NULL,
         .pDepthStencilAttachment = pass_has_depth(s, k) ? &depth_ref : NULL },
   }, NULL, &r->target_passes[k]));
   const struct gfx_target *first = &s->targets[n ? targets[0] : 0];
   VK(vkCreateFramebuffer(r->dev, &(VkFramebufferCreateInfo){
      .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO, .renderPass = r->target_passes[k],
      .attachmentCount = count, .pAttachments = views,
      .width = first->width, .height = first->height, .layers = 1,
   }, NULL, &r->target_framebuffers[k]));
}

/* The target passes that have attachments. */
static bool
pass_used(const struct gfx_spec *s, uint32_t k)
{
   uint32_t targets[GFX_MAX_TARGETS];
   return pass_targets(s, k, targets) || pass_has_depth(s, k);
}

/* Set 0: the storage buffers and the textures' combined image samplers
 * (every graphics stage), all written once. */
static void
write_descriptors(const struct run *r)
{
   const struct gfx_spec *s = r->spec;
   for (uint32_t i = 0; i < s->buffer_count; i++) {
      if (s->buffers[i].storage_binding < 0)
         continue;
      vkUpdateDescriptorSets(r->dev, 1, &(VkWriteDescriptorSet){
         .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = r->set,
         .dstBinding = (uint32_t)s->buffers[i].storage_binding, .descriptorCount = 1,
         .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
         .pBufferInfo = &(VkDescriptorBufferInfo){ r->buffers[i].buffer, 0, VK_WHOLE_SIZE },
      }, 0, NULL);
   }
   for (uint32_t t = 0; t < s->target_count; t++) {
      if (s->targets[t].binding < 0)
         continue;
      vkUpdateDescriptorSets(r->dev, 1, &(VkWriteDescriptorSet){
         .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = r->set,
         .dstBinding = (uint32_t)s->targets[t].binding, .descriptorCount = 1,
         .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
         .pImageInfo = &(VkDescriptorImageInfo){ r->target_sampler, r->targets[t].view,
                                                 VK_IMAGE_LAYOUT_GENERAL },
      }, 0, NULL);
   }
   for (uint32_t i = 0; i < s->texture_count; i++) {
      if (s->textures[i].binding < 0)
         continue;
      vkUpdateDescriptorSets(r->dev, 1, &(VkWriteDescriptorSet){
         .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = r->set,
         .dstBinding = (uint32_t)s->textures[i].binding, .descriptorCount = 1,
         .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
         .pImageInfo = &(VkDescriptorImageInfo){ r->textures[i].sampler, r->textures[i].view,
                                                 VK_IMAGE_LAYOUT_GENERAL },
      }, 0, NULL);
   }
}

static void
create_layout(struct run *r)
{
   const struct gfx_spec *s = r->spec;
   VkDescriptorSetLayoutBinding bindings[GFX_MAX_BUFFERS + GFX_MAX_TEXTURES + GFX_MAX_TARGETS];
   uint32_t n = 0, storage = 0, samplers = 0;
   for (uint32_t i = 0; i < s->buffer_count; i++) {
      if (s->buffers[i].storage_binding < 0)
         continue;
      storage++;
      bindings[n++] = (VkDescriptorSetLayoutBinding){
         .binding = (uint32_t)s->buffers[i].storage_binding,
         .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .descriptorCount = 1,
         .stageFlags = VK_SHADER_STAGE_ALL_GRAPHICS };
   }
   for (uint32_t i = 0; i < s->texture_count; i++) {
      if (s->textures[i].binding < 0)
         continue;
      samplers++;
      bindings[n++] = (VkDescriptorSetLayoutBinding){
         .binding = (uint32_t)s->textures[i].binding,
         .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, .descriptorCount = 1,
         .stageFlags = VK_SHADER_STAGE_ALL_GRAPHICS };
   }
   for (uint32_t t = 0; t < s->target_count; t++) {
      if (s->targets[t].binding < 0)
         continue;
      samplers++;
      bindings[n++] = (VkDescriptorSetLayoutBinding){
         .binding = (uint32_t)s->targets[t].binding,
         .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, .descriptorCount = 1,
         .stageFlags = VK_SHADER_STAGE_ALL_GRAPHICS };
      /* texelFetch ignores the sampler; a combined image sampler needs one */
      if (!r->target_sampler)
         VK(vkCreateSampler(r->dev, &(VkSamplerCreateInfo){
            .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO }, NULL, &r->target_sampler));
   }
   VkPushConstantRange push = { VK_SHADER_STAGE_ALL_GRAPHICS, 0, GFX_PUSH_BYTES };
   if (n) {
      VkDescriptorPoolSize sizes[2];
      uint32_t size_count = 0;
      if (storage)
         sizes[size_count++] = (VkDescriptorPoolSize){ VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                                       storage };
      if (samplers)
         sizes[size_count++] = (VkDescriptorPoolSize){
            VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, samplers };
      VK(vkCreateDescriptorSetLayout(r->dev, &(VkDescriptorSetLayoutCreateInfo){
         .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
         .bindingCount = n, .pBindings = bindings }, NULL, &r->set_layout));
      VK(vkCreateDescriptorPool(r->dev, &(VkDescriptorPoolCreateInfo){
         .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = 1,
         .poolSizeCount = size_count, .pPoolSizes = sizes,
      }, NULL, &r->pool));
      VK(vkAllocateDescriptorSets(r->dev, &(VkDescriptorSetAllocateInfo){
         .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, .descriptorPool = r->pool,
         .descriptorSetCount = 1, .pSetLayouts = &r->set_layout }, &r->set));
      write_descriptors(r);
   }
   VK(vkCreatePipelineLayout(r->dev, &(VkPipelineLayoutCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .setLayoutCount = n ? 1 : 0, .pSetLayouts = &r->set_layout,
      .pushConstantRangeCount = 1, .pPushConstantRanges = &push,
   }, NULL, &r->layout));
}

static VkPipeline
create_pipeline(const struct run *r, const struct gfx_pipeline *p)
{
   const struct gfx_spec *s = r->spec;
   static const VkShaderStageFlagBits stage_bits[GFX_STAGES] = {
      VK_SHADER_STAGE_VERTEX_BIT, VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT,
      VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT, VK_SHADER_STAGE_GEOMETRY_BIT,
      VK_SHADER_STAGE_FRAGMENT_BIT };
   VkPipelineShaderStageCreateInfo stages[GFX_STAGES];
   uint32_t stage_count = 0;
   for (int i = 0; i < GFX_STAGES; i++) {
      if (!r->modules[i])
         continue;
      stages[stage_count++] = (VkPipelineShaderStageCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, .stage = stage_bits[i],
         .module = i == GFX_FRAG ? r->frag_modules[p->frag] : r->modules[i], .pName = "main" };
   }
   VkVertexInputBindingDescription bindings[GFX_MAX_BINDINGS];
   VkVertexInputBindingDivisorDescriptionEXT divisors[GFX_MAX_BINDINGS];
   uint32_t binding_count = 0, divisor_count = 0;
   for (uint32_t b = 0; b < p->binding_count; b++) {
      const struct gfx_vertex_binding *vb = &p->bindings[b];
      if (vb->buffer < 0)
         continue;
      bindings[binding_count++] = (VkVertexInputBindingDescription){ b, vb->stride, vb->rate };
      if (vb->rate == VK_VERTEX_INPUT_RATE_INSTANCE && vb->divisor != 1)
         divisors[divisor_count++] = (VkVertexInputBindingDivisorDescriptionEXT){
            b, vb->divisor };
   }
   VkPipelineVertexInputDivisorStateCreateInfoEXT divisor_state = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_DIVISOR_STATE_CREATE_INFO_EXT,
      .vertexBindingDivisorCount = divisor_count, .pVertexBindingDivisors = divisors };
   VkPipelineColorBlendAttachmentState blend[GFX_MAX_TARGETS];
   memcpy(blend, p->blend, sizeof(blend));
   /* the render pass of the pass its draws are in, and its attachments */
   uint32_t targets[GFX_MAX_TARGETS];
   VkRenderPass render_pass = r->target_passes[p->target_pass];
   uint32_t colour_count = pass_targets(s, p->target_pass, targets);
   VkSampleCountFlagBits samples = pass_samples(s, p->target_pass);
   bool depth_attachment = pass_has_depth(s, p->target_pass);
   if (p->texture_pass >= 0) {
      render_pass = r->textures[p->texture_pass].render_pass;
      colour_count = 1;
      samples = VK_SAMPLE_COUNT_1_BIT;
      depth_attachment = false;
   }
   VkPipelineRasterizationStateCreateInfo raster = p->raster;
   VkPipelineDepthStencilStateCreateInfo depth = p->depth;
   static const VkDynamicState dynamic[] = { VK_DYNAMIC_STATE_VIEWPORT,
                                             VK_DYNAMIC_STATE_SCISSOR };
   VkPipeline pipeline;
   VK(vkCreateGraphicsPipelines(r->dev, VK_NULL_HANDLE, 1, &(VkGraphicsPipelineCreateInfo){
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
      .stageCount = stage_count, .pStages = stages,
      .pVertexInputState = &(VkPipelineVertexInputStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
         .pNext = divisor_count ? &divisor_state : NULL,
         .vertexBindingDescriptionCount = binding_count, .pVertexBindingDescriptions = bindings,
         .vertexAttributeDescriptionCount = p->attribute_count,
         .pVertexAttributeDescriptions = p->attributes },
      .pInputAssemblyState = &(VkPipelineInputAssemblyStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
         .topology = p->topology, .primitiveRestartEnable = p->restart },
      .pTessellationState = r->modules[GFX_TESC] ? &(VkPipelineTessellationStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_TESSELLATION_STATE_CREATE_INFO,
         .patchControlPoints = p->patch_vertices } : NULL,
      .pViewportState = &(VkPipelineViewportStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
         .viewportCount = 1, .scissorCount = 1 },
      .pRasterizationState = &raster,
      .pMultisampleState = &(VkPipelineMultisampleStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
         .rasterizationSamples = samples, .sampleShadingEnable = p->sample_shading,
         .minSampleShading = p->min_sample_shading,
         .pSampleMask = p->sample_mask_set ? &p->sample_mask : NULL },
      .pDepthStencilState = depth_attachment ? &depth : NULL,
      .pColorBlendState = &(VkPipelineColorBlendStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
         .logicOpEnable = p->logic_op_enable, .logicOp = p->logic_op,
         .attachmentCount = colour_count, .pAttachments = blend,
         .blendConstants = { p->blend_constants[0], p->blend_constants[1],
                             p->blend_constants[2], p->blend_constants[3] } },
      .pDynamicState = &(VkPipelineDynamicStateCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
         .dynamicStateCount = 2, .pDynamicStates = dynamic },
      .layout = r->layout, .renderPass = render_pass, .subpass = 0,
   }, NULL, &pipeline));
   return pipeline;
}

static void
bind_pipeline(const struct run *r, int index)
{
   const struct gfx_pipeline *p = &r->spec->pipelines[index];
   vkCmdBindPipeline(r->cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, r->pipelines[index]);
   for (uint32_t b = 0; b < p->binding_count; b++) {
      if (p->bindings[b].buffer < 0)
         continue;
      vkCmdBindVertexBuffers(r->cmd, b, 1, &r->buffers[p->bindings[b].buffer].buffer,
                             &p->bindings[b].offset);
   }
}

/* Every transform feedback buffer, at offset (each xfb_begin its own part
 * of the buffers: without counter buffers, writes start at the binding's
 * offset). */
static void
bind_xfb_buffers(const struct run *r, VkDeviceSize offset)
{
   const struct gfx_spec *s = r->spec;
   for (uint32_t i = 0; i < s->buffer_count; i++) {
      if (s->buffers[i].xfb_binding < 0)
         continue;
      if (offset >= r->buffers[i].size) {
         fprintf(stderr, "gfx_run: xfb_begin %llu is beyond transform feedback buffer %s\n",
                 (unsigned long long)offset, s->buffers[i].name);
         exit(EXIT_USAGE);
      }
      VkDeviceSize size = r->buffers[i].size - offset;
      r->bind_xfb_buffers(r->cmd, (uint32_t)s->buffers[i].xfb_binding, 1,
                          &r->buffers[i].buffer, &offset, &size);
   }
}

static void
record_command(const struct run *r, const struct gfx_command *c)
{
   const uint32_t *a = c->args;
   VkBuffer buffer = c->buffer >= 0 ? r->buffers[c->buffer].buffer : VK_NULL_HANDLE;
   VkBuffer count = c->count_buffer >= 0 ? r->buffers[c->count_buffer].buffer : VK_NULL_HANDLE;
   switch (c->kind) {
   case GFX_CMD_DRAW:
      vkCmdDraw(r->cmd, a[0], a[1], a[2], a[3]);
      break;
   case GFX_CMD_DRAW_INDEXED:
      vkCmdDrawIndexed(r->cmd, a[0], a[1], a[2], (int32_t)a[3], a[4]);
      break;
   case GFX_CMD_DRAW_INDIRECT:
      vkCmdDrawIndirect(r->cmd, buffer, c->offset, a[0], a[1]);
      break;
   case GFX_CMD_DRAW_INDEXED_INDIRECT:
      vkCmdDrawIndexedIndirect(r->cmd, buffer, c->offset, a[0], a[1]);
      break;
   case GFX_CMD_DRAW_INDIRECT_COUNT:
      r->draw_indirect_count(r->cmd, buffer, c->offset, count, c->count_offset, a[0], a[1]);
      break;
   case GFX_CMD_DRAW_INDEXED_INDIRECT_COUNT:
      r->draw_indexed_indirect_count(r->cmd, buffer, c->offset, count, c->count_offset, a[0],
                                     a[1]);
      break;
   case GFX_CMD_VIEWPORT:
      vkCmdSetViewport(r->cmd, 0, 1, &c->viewport);
      break;
   case GFX_CMD_SCISSOR:
      vkCmdSetScissor(r->cmd, 0, 1, &c->rect);
      break;
   case GFX_CMD_PUSH:
      vkCmdPushConstants(r->cmd, r->layout, VK_SHADER_STAGE_ALL_GRAPHICS, c->push_offset,
                         c->push_size, c->push);
      break;
   case GFX_CMD_INDEX:
      vkCmdBindIndexBuffer(r->cmd, buffer, c->offset, c->index_type);
      break;
   case GFX_CMD_CLEAR_COLOR:
      vkCmdClearAttachments(r->cmd, 1, &(VkClearAttachment){
         VK_IMAGE_ASPECT_COLOR_BIT, a[0], c->clear }, 1,
         &(VkClearRect){ c->rect, 0, 1 });
      break;
   case GFX_CMD_XFB_BEGIN:
      bind_xfb_buffers(r, c->offset);
      r->begin_xfb(r->cmd, 0, 0, NULL, NULL);
      break;
   case GFX_CMD_XFB_END:
      r->end_xfb(r->cmd, 0, 0, NULL, NULL);
      break;
   case GFX_CMD_CLEAR_DEPTH: {
      VkImageAspectFlags aspect = VK_IMAGE_ASPECT_DEPTH_BIT;
      if (r->spec->depth_format->channels == 2)
         aspect |= VK_IMAGE_ASPECT_STENCIL_BIT;
      vkCmdClearAttachments(r->cmd, 1, &(VkClearAttachment){ aspect, 0, c->clear }, 1,
                            &(VkClearRect){ c->rect, 0, 1 });
      break;
   }
   default:   /* passes and transfers are recorded outside render passes */
      break;
   }
}

/* The draw commands come first in enum gfx_command_kind. */
static bool
is_draw(enum gfx_command_kind kind)
{
   return kind <= GFX_CMD_DRAW_INDEXED_INDIRECT_COUNT;
}

/* Everything before it done (and visible) before anything after it: the
 * program's segments (uploads, passes, transfers) run in order. */
static void
full_barrier(const struct run *r)
{
   vkCmdPipelineBarrier(r->cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                        VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0, 1, &(VkMemoryBarrier){
                           .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                           .srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT,
                           .dstAccessMask = VK_ACCESS_MEMORY_READ_BIT |
                                            VK_ACCESS_MEMORY_WRITE_BIT }, 0, NULL, 0, NULL);
}

static VkImage
transfer_image(const struct run *r, int image)
{
   return image >= 0 ? r->textures[image].image : r->targets[GFX_IMAGE_TARGET(image)].image;
}

static void
record_transfer(const struct run *r, const struct gfx_command *c)
{
   const VkImageLayout general = VK_IMAGE_LAYOUT_GENERAL;
   switch (c->kind) {
   case GFX_CMD_BLIT:
      vkCmdBlitImage(r->cmd, transfer_image(r, c->src), general, transfer_image(r, c->dst),
                     general, 1, &c->blit, c->filter);
      break;
   case GFX_CMD_COPY_IMAGE:
      vkCmdCopyImage(r->cmd, transfer_image(r, c->src), general, transfer_image(r, c->dst),
                     general, 1, &c->copy);
      break;
   case GFX_CMD_COPY_TO_BUFFER:
      vkCmdCopyImageToBuffer(r->cmd, transfer_image(r, c->src), general,
                             r->buffers[c->buffer].buffer, 1, &c->buffer_copy);
      break;
   case GFX_CMD_COPY_FROM_BUFFER:
      vkCmdCopyBufferToImage(r->cmd, r->buffers[c->buffer].buffer, transfer_image(r, c->dst),
                             general, 1, &c->buffer_copy);
      break;
   case GFX_CMD_CLEAR_IMAGE:
      vkCmdClearColorImage(r->cmd, transfer_image(r, c->dst), general, &c->clear.color, 1,
                           &c->range);
      break;
   case GFX_CMD_RESOLVE_IMAGE:
      vkCmdResolveImage(r->cmd, transfer_image(r, c->src), general, transfer_image(r, c->dst),
                        general, 1, &c->resolve);
      break;
   default:
      break;
   }
}

/* Which render pass is open while recording: a texture's index, target
 * pass K as TARGETS_PASS(K), or none. */
#define NO_PASS (-100)
#define TARGETS_PASS(k) (-1 - (int)(k))
#define PASS_TARGETS(pass) ((uint32_t)(-1 - (pass)))

struct recording {
   int open;              /* NO_PASS, TARGETS_PASS(K) or a texture's index */
   int current;           /* the pass in-pass commands go to: TARGETS_PASS(K) or a texture */
   VkClearValue texture_clear;
   uint32_t targets_done; /* target passes (LOAD_OP_CLEAR) that ran, by bit: each runs once */
   int bound;             /* the pipeline bound */
};

static void
begin_pass(const struct run *r, struct recording *rec, int pass)
{
   const struct gfx_spec *s = r->spec;
   VkClearValue clears[2 * GFX_MAX_TARGETS + 1];
   VkRenderPassBeginInfo begin = { .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                   .pClearValues = clears };
   if (pass < 0) {
      uint32_t k = PASS_TARGETS(pass), targets[GFX_MAX_TARGETS];
      uint32_t n = pass_targets(s, k, targets), count = 0;
      if (rec->targets_done & (1u << k)) {
         fprintf(stderr, "gfx_run: a target pass runs once: draw to its targets before "
                         "any transfer that names them\n");
         exit(EXIT_USAGE);
      }
      rec->targets_done |= 1u << k;
      /* in attachment order: each colour target, then its resolve target
       * (whose clear value is unused) */
      for (uint32_t i = 0; i < n; i++) {
         clears[count++].color = s->targets[targets[i]].clear;
         if (s->targets[targets[i]].resolve >= 0)
            clears[count++].color = s->targets[targets[i]].clear;
      }
      if (pass_has_depth(s, k))
         clears[count++].depthStencil = (VkClearDepthStencilValue){ s->clear_depth,
                                                                    s->clear_stencil };
      const struct gfx_target *first = &s->targets[n ? targets[0] : 0];
      begin.renderPass = r->target_passes[k];
      begin.framebuffer = r->target_framebuffers[k];
      begin.renderArea.extent = (VkExtent2D){ first->width, first->height };
      begin.clearValueCount = count;
   } else {
      clears[0] = rec->texture_clear;
      begin.renderPass = r->textures[pass].render_pass;
      begin.framebuffer = r->textures[pass].framebuffer;
      begin.renderArea.extent = (VkExtent2D){ s->textures[pass].width,
                                              s->textures[pass].height };
      begin.clearValueCount = 1;
   }
   full_barrier(r);
   vkCmdBeginRenderPass(r->cmd, &begin, VK_SUBPASS_CONTENTS_INLINE);
   VkExtent2D e = begin.renderArea.extent;
   vkCmdSetViewport(r->cmd, 0, 1, &(VkViewport){ 0, 0, (float)e.width, (float)e.height, 0, 1 });
   vkCmdSetScissor(r->cmd, 0, 1, &(VkRect2D){ { 0, 0 }, e });
   rec->open = pass;
}

static void
end_pass(const struct run *r, struct recording *rec)
{
   if (rec->open == NO_PASS)
      return;
   vkCmdEndRenderPass(r->cmd);
   full_barrier(r);
   rec->open = NO_PASS;
}

/* A target is cleared by its pass: the pass runs (empty, if nothing drew
 * to it yet) before a transfer reads or writes it. */
static void
run_pass_of(const struct run *r, struct recording *rec, int image)
{
   if (image > GFX_TARGET_IMAGE(0))
      return;
   uint32_t k = r->spec->targets[GFX_IMAGE_TARGET(image)].pass;
   if (rec->targets_done & (1u << k))
      return;
   begin_pass(r, rec, TARGETS_PASS(k));
   end_pass(r, rec);
}

static void
record_in_pass(const struct run *r, struct recording *rec, uint32_t i)
{
   const struct gfx_spec *s = r->spec;
   const struct gfx_command *c = &s->commands[i];
   if (rec->open == NO_PASS)
      begin_pass(r, rec, rec->current);
   /* A pipeline cannot be bound while transform feedback is active:
    * the next draw's is bound before it begins. */
   const struct gfx_command *draw = c;
   for (uint32_t j = i; c->kind == GFX_CMD_XFB_BEGIN && j < s->command_count; j++) {
      draw = &s->commands[j];
      if (is_draw(draw->kind))
         break;
   }
   if (is_draw(draw->kind) && draw->pipeline != rec->bound) {
      bind_pipeline(r, draw->pipeline);
      rec->bound = draw->pipeline;
   }
   record_command(r, c);
}

static void
record_segment_command(const struct run *r, struct recording *rec, uint32_t i)
{
   const struct gfx_command *c = &r->spec->commands[i];
   if (c->kind == GFX_CMD_PASS) {
      end_pass(r, rec);
      rec->current = c->texture >= 0 ? c->texture : TARGETS_PASS(c->args[0]);
      rec->texture_clear = c->clear;
      return;
   }
   if (!GFX_CMD_IS_TRANSFER(c->kind)) {
      record_in_pass(r, rec, i);
      return;
   }
   end_pass(r, rec);
   run_pass_of(r, rec, c->src);
   run_pass_of(r, rec, c->dst);
   record_transfer(r, c);
   full_barrier(r);
}

static void
record(struct run *r)
{
   const struct gfx_spec *s = r->spec;
   VK(vkCreateCommandPool(r->dev, &(VkCommandPoolCreateInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
      .queueFamilyIndex = r->queue_family }, NULL, &r->command_pool));
   VK(vkAllocateCommandBuffers(r->dev, &(VkCommandBufferAllocateInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = r->command_pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1 }, &r->cmd));
   VK(vkBeginCommandBuffer(r->cmd, &(VkCommandBufferBeginInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT }));
   /* Defined push constants for shaders that read them before a "push". */
   static const uint8_t zeros[GFX_PUSH_BYTES];
   vkCmdPushConstants(r->cmd, r->layout, VK_SHADER_STAGE_ALL_GRAPHICS, 0, GFX_PUSH_BYTES,
                      zeros);
   if (r->set)
      vkCmdBindDescriptorSets(r->cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, r->layout, 0, 1,
                              &r->set, 0, NULL);
   for (uint32_t t = 0; t < s->texture_count; t++)
      upload_texture(r, t);
   /* The uploads before any transfer or pass reads the textures (a pass
    * puts its own barrier first; a transfer does not). */
   if (s->texture_count)
      full_barrier(r);
   struct recording rec = { .open = NO_PASS, .current = TARGETS_PASS(0), .bound = -1 };
   for (uint32_t i = 0; i < s->command_count; i++)
      record_segment_command(r, &rec, i);
   end_pass(r, &rec);
   /* every target pass runs: its targets are at least cleared */
   for (uint32_t k = 0; k < GFX_MAX_TARGET_PASSES; k++) {
      if (!pass_used(s, k) || (rec.targets_done & (1u << k)))
         continue;
      begin_pass(r, &rec, TARGETS_PASS(k));
      end_pass(r, &rec);
   }
   /* What the program wrote (attachments, buffers) to the host. */
   vkCmdPipelineBarrier(r->cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                        0, 1, &(VkMemoryBarrier){
                           .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                           .srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT,
                           .dstAccessMask = VK_ACCESS_HOST_READ_BIT }, 0, NULL, 0, NULL);
   VK(vkEndCommandBuffer(r->cmd));
}

static void
submit(const struct run *r)
{
   VkFence fence;
   VK(vkCreateFence(r->dev, &(VkFenceCreateInfo){
      .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO }, NULL, &fence));
   VK(vkQueueSubmit(r->queue, 1, &(VkSubmitInfo){
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1,
      .pCommandBuffers = &r->cmd }, fence));
   VK(vkWaitForFences(r->dev, 1, &fence, VK_TRUE, UINT64_MAX));
   vkDestroyFence(r->dev, fence, NULL);
}

static bool
write_file(const char *path, const void *data, size_t size)
{
   bool ok = util_write_file(path, data, size);
   if (!ok)
      fprintf(stderr, "gfx_run: cannot write %s\n", path);
   return ok;
}

static uint32_t
load_bits(const uint8_t *p, uint32_t bytes)
{
   uint32_t v = 0;
   for (uint32_t i = 0; i < bytes && i < 4; i++)
      v |= (uint32_t)p[i] << (8 * i);
   return v;
}

static uint8_t
float_byte(float f)
{
   if (!(f > 0.0f))
      return 0;
   return f >= 1.0f ? 255 : (uint8_t)(f * 255.0f + 0.5f);
}

static float
half_to_float(uint32_t h)
{
   uint32_t exponent = (h >> 10) & 0x1f, mantissa = h & 0x3ff;
   float magnitude = exponent == 0 ? (float)mantissa / (1 << 24)
                   : exponent == 31 ? 65504.0f
                   : (float)(mantissa | 0x400) * ((float)(1u << exponent) / (1u << 25));
   return h & 0x8000 ? -magnitude : magnitude;
}

/* One channel of a texel as 0..255 for a person to look at. */
static uint8_t
channel_byte(const struct gfx_format *f, const uint8_t *texel, uint32_t c)
{
   uint32_t size = f->bytes / f->channels;
   uint32_t v = load_bits(texel + c * size, size);
   switch (f->kind) {
   case GFX_UNORM:
      return (uint8_t)(v >> (8 * size - 8));
   case GFX_SNORM:
      return (uint8_t)((v >> (8 * size - 8)) + 128);
   case GFX_UINT:
   case GFX_SINT:
      return v > 255 ? 255 : (uint8_t)v;
   case GFX_SFLOAT: {
      float x;
      if (size == 2)
         return float_byte(half_to_float(v));
      memcpy(&x, &v, 4);
      return float_byte(x);
   }
   default:
      return 0;
   }
}

static void
texel_rgba(const struct gfx_format *f, const uint8_t *texel, uint8_t rgba[4])
{
   rgba[0] = rgba[1] = rgba[2] = 0;
   rgba[3] = 255;
   if (f->format == VK_FORMAT_R5G6B5_UNORM_PACK16) {
      uint32_t v = load_bits(texel, 2);
      rgba[0] = (uint8_t)((v >> 11) << 3);
      rgba[1] = (uint8_t)(((v >> 5) & 0x3f) << 2);
      rgba[2] = (uint8_t)((v & 0x1f) << 3);
      return;
   }
   if (f->kind == GFX_PACKED) {
      uint32_t v = load_bits(texel, 4);
      bool integer = f->format == VK_FORMAT_A2B10G10R10_UINT_PACK32;
      for (int c = 0; c < 3; c++) {
         uint32_t x = (v >> (10 * c)) & 0x3ff;
         rgba[c] = integer ? (x > 255 ? 255 : (uint8_t)x) : (uint8_t)(x >> 2);
      }
      rgba[3] = integer ? (uint8_t)(v >> 30) : (uint8_t)((v >> 30) * 85);
      return;
   }
   for (uint32_t c = 0; c < f->channels; c++)
      rgba[c] = channel_byte(f, texel, c);
   if (f->bgr) {
      uint8_t b = rgba[0];
      rgba[0] = rgba[2];
      rgba[2] = b;
   }
}

static bool
write_png(const char *dir, uint32_t index, const struct gfx_format *f, const uint8_t *texels,
          uint32_t width, uint32_t height)
{
   uint8_t *rgba = malloc(4 * (size_t)width * height);
   if (!rgba)
      return false;
   for (size_t i = 0; i < (size_t)width * height; i++)
      texel_rgba(f, texels + i * f->bytes, rgba + 4 * i);
   char path[1024];
   snprintf(path, sizeof(path), "%s/c%u.png", dir, index);
   bool ok = gfx_png_write(path, rgba, width, height);
   free(rgba);
   if (!ok)
      fprintf(stderr, "gfx_run: cannot write %s\n", path);
   return ok;
}

static bool
write_outputs(const struct run *r, const char *prefix, const char *png_dir)
{
   const struct gfx_spec *s = r->spec;
   char path[1024];
   bool ok = true;
   for (uint32_t t = 0; t < s->target_count && ok; t++) {
      const struct gfx_target *target = &s->targets[t];
      /* optimal-tiled: read through what it resolves into or a pass
       * that samples it */
      if (target->samples != VK_SAMPLE_COUNT_1_BIT)
         continue;
      VkSubresourceLayout layout;
      vkGetImageSubresourceLayout(r->dev, r->targets[t].image,
                                  &(VkImageSubresource){ VK_IMAGE_ASPECT_COLOR_BIT, 0, 0 },
                                  &layout);
      size_t row = (size_t)target->width * target->format->bytes;
      uint8_t *texels = malloc(row * target->height);
      if (!texels)
         return false;
      uint8_t *map;
      VK(vkMapMemory(r->dev, r->targets[t].memory, 0, VK_WHOLE_SIZE, 0, (void **)&map));
      for (uint32_t y = 0; y < target->height; y++)
         memcpy(texels + y * row, map + layout.offset + y * layout.rowPitch, row);
      vkUnmapMemory(r->dev, r->targets[t].memory);
      snprintf(path, sizeof(path), "%s.c%u", prefix, t);
      ok = write_file(path, texels, row * target->height);
      if (ok && png_dir)
         ok = write_png(png_dir, t, target->format, texels, target->width, target->height);
      free(texels);
   }
   for (uint32_t i = 0; i < s->buffer_count && ok; i++) {
      if (s->buffers[i].storage_binding >= 0) {
         snprintf(path, sizeof(path), "%s.b%d", prefix, s->buffers[i].storage_binding);
         ok = write_file(path, r->buffers[i].map, s->buffers[i].size);
      }
      if (ok && s->buffers[i].xfb_binding >= 0) {
         snprintf(path, sizeof(path), "%s.x%d", prefix, s->buffers[i].xfb_binding);
         ok = write_file(path, r->buffers[i].map, s->buffers[i].size);
      }
   }
   return ok;
}

static void
destroy(struct run *r)
{
   const struct gfx_spec *s = r->spec;
   vkDestroyCommandPool(r->dev, r->command_pool, NULL);
   for (uint32_t p = 0; p < s->pipeline_count; p++)
      vkDestroyPipeline(r->dev, r->pipelines[p], NULL);
   for (int i = 0; i < GFX_STAGES; i++)
      vkDestroyShaderModule(r->dev, r->modules[i], NULL);
   for (uint32_t i = 1; i < s->frag_count; i++)
      vkDestroyShaderModule(r->dev, r->frag_modules[i], NULL);
   vkDestroyPipelineLayout(r->dev, r->layout, NULL);
   vkDestroyDescriptorPool(r->dev, r->pool, NULL);
   vkDestroyDescriptorSetLayout(r->dev, r->set_layout, NULL);
   for (uint32_t k = 0; k < GFX_MAX_TARGET_PASSES; k++) {
      vkDestroyFramebuffer(r->dev, r->target_framebuffers[k], NULL);
      vkDestroyRenderPass(r->dev, r->target_passes[k], NULL);
   }
   vkDestroySampler(r->dev, r->target_sampler, NULL);
   struct image *images[GFX_MAX_TARGETS + 1];
   uint32_t n = 0;
   for (uint32_t t = 0; t < s->target_count; t++)
      images[n++] = &r->targets[t];
   if (s->depth_format)
      images[n++] = &r->depth;
   for (uint32_t i = 0; i < n; i++) {
      vkDestroyImageView(r->dev, images[i]->view, NULL);
      vkDestroyImage(r->dev, images[i]->image, NULL);
      vkFreeMemory(r->dev, images[i]->memory, NULL);
   }
   for (uint32_t i = 0; i < s->texture_count; i++)
      destroy_texture(r, &r->textures[i]);
   for (uint32_t i = 0; i < s->buffer_count; i++) {
      vkDestroyBuffer(r->dev, r->buffers[i].buffer, NULL);
      vkFreeMemory(r->dev, r->buffers[i].memory, NULL);
   }
   vkDestroyDevice(r->dev, NULL);
   vkDestroyInstance(r->instance, NULL);
}

/* The attachments of a target pass share its size and sample count
 * (a framebuffer's size; Vulkan VUID-VkSubpassDescription-
 * pColorAttachments-01417), and a pipeline draws in a pass that has
 * attachments. */
static bool
check_target_passes(const struct gfx_spec *s)
{
   for (uint32_t k = 0; k < GFX_MAX_TARGET_PASSES; k++) {
      uint32_t targets[GFX_MAX_TARGETS];
      uint32_t n = pass_targets(s, k, targets);
      for (uint32_t i = 0; i < n; i++) {
         const struct gfx_target *a = &s->targets[targets[0]], *b = &s->targets[targets[i]];
         if (a->width != b->width || a->height != b->height || a->samples != b->samples) {
            fprintf(stderr, "gfx_run: the targets of a pass have one size and sample count\n");
            return false;
         }
      }
      if (pass_has_depth(s, k) && n && s->depth_samples != s->targets[targets[0]].samples) {
         fprintf(stderr, "gfx_run: the depth buffer has the sample count of pass 0's targets\n");
         return false;
      }
   }
   for (uint32_t p = 0; p < s->pipeline_count; p++) {
      if (s->pipelines[p].texture_pass < 0 && !pass_used(s, s->pipelines[p].target_pass)) {
         fprintf(stderr, "gfx_run: pass targets=%u has no targets (target ... pass=K)\n",
                 s->pipelines[p].target_pass);
         return false;
      }
   }
   return true;
}

/* The features the program needs: those its spec names, its shaders'
 * capabilities imply and its pipelines and commands use. */
static bool
gather_needs(const struct gfx_spec *s, const struct shader_code *code, struct needs *n)
{
   memset(n, 0, sizeof(*n));
   for (uint32_t i = 0; i < s->feature_count; i++) {
      VkBool32 *slot = feature_slot(&n->features, s->features[i]);
      if (!slot) {
         fprintf(stderr, "gfx_run: unknown feature %s\n", s->features[i]);
         return false;
      }
      *slot = VK_TRUE;
   }
   for (int i = 0; i < GFX_STAGES; i++) {
      if (code[i].words)
         need_capabilities(&code[i], n);
   }
   for (uint32_t p = 0; p < s->pipeline_count; p++)
      need_pipeline_state(s, &s->pipelines[p], n);
   for (uint32_t t = 0; t < s->texture_count; t++) {
      if (s->textures[t].binding >= 0 && s->textures[t].sampler.anisotropyEnable)
         n->features.samplerAnisotropy = VK_TRUE;
      if (s->textures[t].view_type == VK_IMAGE_VIEW_TYPE_CUBE_ARRAY)
         n->features.imageCubeArray = VK_TRUE;
      if (s->textures[t].view_mask)
         n->multiview = true;
   }
   need_commands(s, n);
   return true;
}

static int
usage(void)
{
   fprintf(stderr, "usage: gfx_run SPEC --spv-dir DIR --out PREFIX [--png DIR]\n");
   return EXIT_USAGE;
}

int
main(int argc, char **argv)
{
   const char *spec_path = NULL, *spv_dir = NULL, *out = NULL, *png_dir = NULL;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--spv-dir") && i + 1 < argc)
         spv_dir = argv[++i];
      else if (!strcmp(argv[i], "--out") && i + 1 < argc)
         out = argv[++i];
      else if (!strcmp(argv[i], "--png") && i + 1 < argc)
         png_dir = argv[++i];
      else if (argv[i][0] != '-' && !spec_path)
         spec_path = argv[i];
      else
         return usage();
   }
   if (!spec_path || !spv_dir || !out)
      return usage();
   static struct gfx_spec spec;
   if (!gfx_spec_parse(spec_path, &spec))
      return EXIT_USAGE;
   struct shader_code code[GFX_STAGES] = { 0 }, frag_code[GFX_MAX_FRAGS] = { 0 };
   for (int i = 0; i < GFX_STAGES; i++) {
      if (spec.shaders[i][0] && !load_shader(spv_dir, spec.shaders[i], &code[i]))
         return EXIT_USAGE;
   }
   for (uint32_t i = 1; i < spec.frag_count; i++) {
      if (!load_shader(spv_dir, spec.frags[i], &frag_code[i]))
         return EXIT_USAGE;
   }
   static struct run r;
   r.spec = &spec;
   if (!gather_needs(&spec, code, &r.needs))
      return EXIT_USAGE;
   for (uint32_t i = 1; i < spec.frag_count; i++)
      need_capabilities(&frag_code[i], &r.needs);
   open_instance(&r);
   check_features(&r, &r.needs);
   check_formats(&r);
   check_texture_formats(&r);
   create_device(&r);
   create_buffers(&r);
   if (!check_target_passes(&spec))
      return EXIT_USAGE;
   for (uint32_t t = 0; t < spec.target_count; t++) {
      const struct gfx_target *target = &spec.targets[t];
      VkImageUsageFlags usage = target_transfer_usage(&spec, t);
      if (target->binding >= 0)
         usage |= VK_IMAGE_USAGE_SAMPLED_BIT;
      create_image(&r, &r.targets[t], target->format->format, target->width, target->height,
                   true, usage, target->samples);
   }
   if (spec.depth_format) {
      uint32_t first[GFX_MAX_TARGETS];
      const struct gfx_target *t = &spec.targets[pass_targets(&spec, 0, first) ? first[0] : 0];
      create_image(&r, &r.depth, spec.depth_format->format, t->width, t->height, false, 0,
                   spec.depth_samples);
   }
   for (uint32_t k = 0; k < GFX_MAX_TARGET_PASSES; k++) {
      if (pass_used(&spec, k))
         create_target_pass(&r, k);
   }
   for (uint32_t t = 0; t < spec.texture_count; t++)
      create_texture(&r, t);
   create_layout(&r);
   for (int i = 0; i < GFX_STAGES; i++) {
      if (!code[i].words)
         continue;
      VK(vkCreateShaderModule(r.dev, &(VkShaderModuleCreateInfo){
         .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, .codeSize = code[i].size,
         .pCode = code[i].words }, NULL, &r.modules[i]));
   }
   r.frag_modules[0] = r.modules[GFX_FRAG];
   for (uint32_t i = 1; i < spec.frag_count; i++) {
      VK(vkCreateShaderModule(r.dev, &(VkShaderModuleCreateInfo){
         .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, .codeSize = frag_code[i].size,
         .pCode = frag_code[i].words }, NULL, &r.frag_modules[i]));
   }
   for (uint32_t p = 0; p < spec.pipeline_count; p++)
      r.pipelines[p] = create_pipeline(&r, &spec.pipelines[p]);
   record(&r);
   submit(&r);
   bool ok = write_outputs(&r, out, png_dir);
   destroy(&r);
   for (int i = 0; i < GFX_STAGES; i++)
      free(code[i].words);
   for (uint32_t i = 1; i < spec.frag_count; i++)
      free(frag_code[i].words);
   gfx_spec_free(&spec);
   return ok ? 0 : 1;
}

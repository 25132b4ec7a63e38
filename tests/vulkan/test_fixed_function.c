/* What genvk reports of the fixed-function features (depth clamp, wide
 * lines, large points, clip and cull distances, attribute divisors, 8-bit
 * indices, depth clip control) held against the Vulkan spec: "Features"
 * (each extension's feature structure), "Limits" (the table of required
 * limits, which a feature raises) and "Extensions".  Gen8+ draws and has
 * them; Gen7/7.5 has no graphics pipelines and must report none.  The
 * rendering itself is graphics-vs-lavapipe's (depth_bias_clamp,
 * lines_wide, points, clip_cull_distance, instancing_*divisor,
 * strip_restart_u8). */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "gvk_device.h"
#include "gvk_physical_device.h"
#include "gvk_test_whitebox.h"

struct ext_features {
   VkPhysicalDeviceFeatures core;
   VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT divisor;
   VkPhysicalDeviceIndexTypeUint8FeaturesEXT index_u8;
   VkPhysicalDeviceDepthClipEnableFeaturesEXT depth_clip;
};

static void
query_features(VkPhysicalDevice pdev, struct ext_features *f)
{
   f->depth_clip = (VkPhysicalDeviceDepthClipEnableFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_CLIP_ENABLE_FEATURES_EXT };
   f->index_u8 = (VkPhysicalDeviceIndexTypeUint8FeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_INDEX_TYPE_UINT8_FEATURES_EXT,
      .pNext = &f->depth_clip };
   f->divisor = (VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_EXT,
      .pNext = &f->index_u8 };
   VkPhysicalDeviceFeatures2 f2 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                    .pNext = &f->divisor };
   gvk_GetPhysicalDeviceFeatures2(pdev, &f2);
   f->core = f2.features;
   /* the chain survives the query */
   CHECK(f2.pNext == &f->divisor && f->divisor.pNext == &f->index_u8 &&
         f->index_u8.pNext == &f->depth_clip && f->depth_clip.pNext == NULL);
}

/* Each feature exactly where the device draws, and an extension's
 * features exactly where the extension is. */
static void
test_features(VkPhysicalDevice pdev, bool draws)
{
   struct ext_features f;
   query_features(pdev, &f);
   CHECK(f.core.depthClamp == draws);
   CHECK(f.core.depthBiasClamp == draws);
   CHECK(f.core.wideLines == draws);
   CHECK(f.core.largePoints == draws);
   CHECK(f.core.shaderClipDistance == draws);
   CHECK(f.core.shaderCullDistance == draws);
   const bool divisor = gvk_test_has_extension(pdev, VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME);
   const bool u8 = gvk_test_has_extension(pdev, VK_EXT_INDEX_TYPE_UINT8_EXTENSION_NAME);
   const bool clip = gvk_test_has_extension(pdev, VK_EXT_DEPTH_CLIP_ENABLE_EXTENSION_NAME);
   CHECK(divisor == draws && u8 == draws && clip == draws);
   CHECK(f.divisor.vertexAttributeInstanceRateDivisor == divisor);
   CHECK(f.divisor.vertexAttributeInstanceRateZeroDivisor == divisor);
   CHECK(f.index_u8.indexTypeUint8 == u8);
   CHECK(f.depth_clip.depthClipEnable == clip);
}

/* Vulkan "Required Limits": the minimums a supported feature raises, and
 * the values required without it. */
static void
test_limits(VkPhysicalDevice pdev, bool draws)
{
   VkPhysicalDeviceVertexAttributeDivisorPropertiesEXT div = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_PROPERTIES_EXT };
   VkPhysicalDeviceProperties2 p2 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                      .pNext = &div };
   gvk_GetPhysicalDeviceProperties2(pdev, &p2);
   const VkPhysicalDeviceLimits *l = &p2.properties.limits;
   if (!draws) {
      CHECK(l->maxClipDistances == 0 && l->maxCullDistances == 0);
      CHECK(l->maxCombinedClipAndCullDistances == 0);
      CHECK(l->pointSizeRange[0] == 1.0f && l->pointSizeRange[1] == 1.0f);
      CHECK(l->lineWidthRange[0] == 1.0f && l->lineWidthRange[1] == 1.0f);
      CHECK(l->pointSizeGranularity == 0.0f && l->lineWidthGranularity == 0.0f);
      return;
   }
   CHECK(l->maxClipDistances >= 8 && l->maxCullDistances >= 8);
   CHECK(l->maxCombinedClipAndCullDistances >= 8);
   CHECKF(l->pointSizeRange[0] <= 1.0f &&
          l->pointSizeRange[1] >= 64.0f - l->pointSizeGranularity,
          "pointSizeRange %g..%g", l->pointSizeRange[0], l->pointSizeRange[1]);
   CHECKF(l->lineWidthRange[0] <= 1.0f &&
          l->lineWidthRange[1] >= 8.0f - l->lineWidthGranularity,
          "lineWidthRange %g..%g", l->lineWidthRange[0], l->lineWidthRange[1]);
   CHECK(l->pointSizeGranularity > 0.0f && l->pointSizeGranularity <= 1.0f);
   CHECK(l->lineWidthGranularity > 0.0f && l->lineWidthGranularity <= 1.0f);
   /* VK_EXT_vertex_attribute_divisor's required minimum */
   CHECKF(div.maxVertexAttribDivisor >= (1u << 16) - 1, "maxVertexAttribDivisor %u",
          div.maxVertexAttribDivisor);
}

/* A device with every one of them enabled. */
static void
test_device(const struct gvk_test_gpu *g, bool draws)
{
   if (!draws)
      return;
   VkPhysicalDeviceDepthClipEnableFeaturesEXT clip = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_CLIP_ENABLE_FEATURES_EXT,
      .depthClipEnable = VK_TRUE };
   VkPhysicalDeviceIndexTypeUint8FeaturesEXT u8 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_INDEX_TYPE_UINT8_FEATURES_EXT,
      .pNext = &clip, .indexTypeUint8 = VK_TRUE };
   VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT div = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_EXT,
      .pNext = &u8, .vertexAttributeInstanceRateDivisor = VK_TRUE,
      .vertexAttributeInstanceRateZeroDivisor = VK_TRUE };
   const VkPhysicalDeviceFeatures2 f2 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &div,
      .features = { .depthClamp = VK_TRUE, .depthBiasClamp = VK_TRUE, .wideLines = VK_TRUE,
                    .largePoints = VK_TRUE, .shaderClipDistance = VK_TRUE,
                    .shaderCullDistance = VK_TRUE },
   };
   const char *const exts[] = {
      VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME, VK_EXT_INDEX_TYPE_UINT8_EXTENSION_NAME,
      VK_EXT_DEPTH_CLIP_ENABLE_EXTENSION_NAME,
   };
   const VkDeviceCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .pNext = &f2,
      .queueCreateInfoCount = 1,
      .pQueueCreateInfos = &(VkDeviceQueueCreateInfo){
         .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, .queueCount = 1,
         .pQueuePriorities = &(float){ 1.0f } },
      .enabledExtensionCount = 3, .ppEnabledExtensionNames = exts,
   };
   VkDevice device = VK_NULL_HANDLE;
   CHECK(gvk_CreateDevice(g->pdev, &info, NULL, &device) == VK_SUCCESS);
   if (device)
      gvk_DestroyDevice(device, NULL);
}

static void
run(const struct gvk_test_gpu *g)
{
   const unsigned verx10 = gvk_physical_device_from_handle(g->pdev)->info.verx10;
   const bool draws = verx10 >= 80;
   printf("Gen verx10 %u: %s\n", verx10, draws ? "draws" : "no graphics pipelines");
   test_features(g->pdev, draws);
   test_limits(g->pdev, draws);
   test_device(g, draws);
}

int
main(void)
{
   return gvk_test_main(gvk_GetInstanceProcAddr, run, "fixed function: all checks passed");
}

/* isl's multisampled layouts against Mesa's: run under scripts/vgpu-run
 * with Mesa's Intel driver (hasvk on Gen7/7.5/8, ANV on Gen9+) as the
 * Vulkan ICD, it creates multisampled colour and depth images and compares
 * what Mesa reports about them with isl's layout of the same image:
 *
 *  - the sample counts Mesa offers for each format are isl_sample_counts;
 *  - vkGetImageSubresourceLayout (Mesa answers it for optimal tiling too:
 *    its isl's row pitch, array pitch in bytes between array slices, here
 *    samples or layers, and the main surface's size) equals isl's row
 *    pitch, array_pitch_rows * row pitch and size_B.  Tiger Lake's ANV pads
 *    row pitches to 512 bytes for its aux map (a driver choice); there isl
 *    is given Mesa's pitch and the rest must still agree;
 *  - a colour image's memory is the main surface, then, at the next 4 KB
 *    (Tiger Lake: 64 KB) boundary, isl_surf_init_mcs's MCS, then less than
 *    4 KB of Mesa's clear-colour state; a depth image (HiZ off) is its
 *    main surface only.
 *
 * usage: isl_msaa_vs_mesa VERX10 (the generation vgpu emulates). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan.h>

#include "isl.h"
#include "isl_test.h"

enum { SKIP = 77 };

struct ms_case {
   const char *name;
   VkFormat vk;
   VkImageAspectFlags aspect;
   uint32_t w, h, layers;
   VkSampleCountFlagBits samples;
};

static const struct ms_case cases[] = {
   { "rgba8 4x 16x8", VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_ASPECT_COLOR_BIT, 16, 8, 1, 4 },
   { "rgba8 2x 40x20x3", VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_ASPECT_COLOR_BIT, 40, 20, 3, 2 },
   { "rgba8 4x 40x20x3", VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_ASPECT_COLOR_BIT, 40, 20, 3, 4 },
   { "rgba8 8x 40x20x3", VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_ASPECT_COLOR_BIT, 40, 20, 3, 8 },
   { "rgba8 16x 40x20x3", VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_ASPECT_COLOR_BIT, 40, 20, 3, 16 },
   { "rgba16f 8x 33x17x2", VK_FORMAT_R16G16B16A16_SFLOAT, VK_IMAGE_ASPECT_COLOR_BIT, 33, 17, 2, 8 },
   { "r32ui 4x 100x3x5", VK_FORMAT_R32_UINT, VK_IMAGE_ASPECT_COLOR_BIT, 100, 3, 5, 4 },
   { "d32 4x 8x4x2", VK_FORMAT_D32_SFLOAT, VK_IMAGE_ASPECT_DEPTH_BIT, 8, 4, 2, 4 },
   { "d32 8x 8x2", VK_FORMAT_D32_SFLOAT, VK_IMAGE_ASPECT_DEPTH_BIT, 8, 2, 1, 8 },
   { "d16 16x 4x4", VK_FORMAT_D16_UNORM, VK_IMAGE_ASPECT_DEPTH_BIT, 4, 4, 1, 16 },
   { "d32 2x 5x3", VK_FORMAT_D32_SFLOAT, VK_IMAGE_ASPECT_DEPTH_BIT, 5, 3, 1, 2 },
   { "x8d24 4x 19x7x3", VK_FORMAT_X8_D24_UNORM_PACK32, VK_IMAGE_ASPECT_DEPTH_BIT, 19, 7, 3, 4 },
};

static VkPhysicalDevice pd;
static VkDevice dev;

static VkImageUsageFlags
vk_usage(VkImageAspectFlags aspect)
{
   return VK_IMAGE_USAGE_SAMPLED_BIT | (aspect == VK_IMAGE_ASPECT_COLOR_BIT
                                        ? VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT
                                        : VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT);
}

/* Mesa's sample counts for the format (bit n: n samples), 0 if none. */
static uint32_t
mesa_counts(const struct ms_case *c)
{
   VkImageFormatProperties p;
   if (vkGetPhysicalDeviceImageFormatProperties(pd, c->vk, VK_IMAGE_TYPE_2D,
                                                VK_IMAGE_TILING_OPTIMAL, vk_usage(c->aspect),
                                                0, &p) != VK_SUCCESS)
      return 0;
   return p.sampleCounts;
}

struct mesa_layout {
   VkDeviceSize mem, size, row_pitch, array_pitch, offset;
};

static bool
mesa_layout(const struct ms_case *c, struct mesa_layout *out)
{
   VkImageCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
      .format = c->vk, .extent = { c->w, c->h, 1 }, .mipLevels = 1,
      .arrayLayers = c->layers, .samples = c->samples, .tiling = VK_IMAGE_TILING_OPTIMAL,
      .usage = vk_usage(c->aspect), .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
   };
   VkImage img;
   if (vkCreateImage(dev, &ci, NULL, &img) != VK_SUCCESS)
      return false;
   VkMemoryRequirements mr;
   vkGetImageMemoryRequirements(dev, img, &mr);
   VkImageSubresource sub = { c->aspect, 0, 0 };
   VkSubresourceLayout l;
   vkGetImageSubresourceLayout(dev, img, &sub, &l);
   vkDestroyImage(dev, img, NULL);
   *out = (struct mesa_layout){ mr.size, l.size, l.rowPitch, l.arrayPitch, l.offset };
   return true;
}

static void
compare(unsigned verx10, const struct ms_case *c)
{
   struct mesa_layout m;
   if (!mesa_layout(c, &m)) {
      CHECK(0, "%s: Mesa cannot create it", c->name);
      return;
   }
   const struct isl_vk_format *f = isl_vk_format(c->vk);
   bool colour = c->aspect == VK_IMAGE_ASPECT_COLOR_BIT;
   struct isl_surf_info info = {
      .dim = ISL_SURF_DIM_2D, .format = (enum isl_format)f->format, .width = c->w,
      .height = c->h, .depth = 1, .levels = 1, .array_len = c->layers, .samples = c->samples,
      .usage = ISL_USAGE_SAMPLED | (colour ? ISL_USAGE_RENDER : ISL_USAGE_DEPTH),
      /* Tiger Lake: ANV's aux-map pitch, given to isl as a driver's choice. */
      .row_pitch_B = verx10 >= 120 ? (uint32_t)m.row_pitch : 0,
   };
   struct isl_surf s;
   if (!isl_surf_init(verx10, &info, &s)) {
      CHECK(0, "%s: isl cannot lay it out", c->name);
      return;
   }
   CHECK(m.offset == 0 && m.row_pitch == s.row_pitch_B &&
         m.array_pitch == (uint64_t)s.array_pitch_rows * s.row_pitch_B && m.size == s.size_B,
         "%s: Mesa pitch %llu array pitch %llu size %llu, isl %u %llu %llu", c->name,
         (unsigned long long)m.row_pitch, (unsigned long long)m.array_pitch,
         (unsigned long long)m.size, s.row_pitch_B,
         (unsigned long long)s.array_pitch_rows * s.row_pitch_B,
         (unsigned long long)s.size_B);
   if (!colour) {
      CHECK(m.mem == m.size, "%s: depth image memory %llu, main %llu", c->name,
            (unsigned long long)m.mem, (unsigned long long)m.size);
      return;
   }
   struct isl_surf mcs;
   if (!isl_surf_init_mcs(&s, &mcs)) {
      CHECK(0, "%s: no MCS", c->name);
      return;
   }
   uint64_t align = verx10 >= 120 ? 65536 : 4096;
   uint64_t mcs_at = (m.size + align - 1) / align * align;
   CHECK(m.mem >= mcs_at + mcs.size_B && m.mem - mcs_at - mcs.size_B < 4096,
         "%s: memory %llu, main %llu, isl's MCS %llu at %llu", c->name,
         (unsigned long long)m.mem, (unsigned long long)m.size,
         (unsigned long long)mcs.size_B, (unsigned long long)mcs_at);
}

static int
open_device(void)
{
   VkApplicationInfo app = { .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                             .apiVersion = VK_API_VERSION_1_1 };
   VkInstanceCreateInfo ici = { .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                                .pApplicationInfo = &app };
   VkInstance inst;
   uint32_t n = 1;
   if (vkCreateInstance(&ici, NULL, &inst) != VK_SUCCESS ||
       vkEnumeratePhysicalDevices(inst, &n, &pd) < 0 || !n) {
      printf("SKIP: no Vulkan device (Mesa's Intel ICD on vgpu expected)\n");
      return SKIP;
   }
   float prio = 1;
   VkDeviceQueueCreateInfo q = { .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                 .queueCount = 1, .pQueuePriorities = &prio };
   VkDeviceCreateInfo dci = { .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                              .queueCreateInfoCount = 1, .pQueueCreateInfos = &q };
   if (vkCreateDevice(pd, &dci, NULL, &dev) != VK_SUCCESS) {
      printf("SKIP: vkCreateDevice failed\n");
      return SKIP;
   }
   return 0;
}

int
main(int argc, char **argv)
{
   unsigned verx10 = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 0;
   if (!isl_sample_counts(verx10)) {
      fprintf(stderr, "usage: %s VERX10\n", argv[0]);
      return 2;
   }
   int rc = open_device();
   if (rc)
      return rc;
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      const struct ms_case *c = &cases[i];
      uint32_t counts = mesa_counts(c);
      /* Mesa offers exactly the counts isl has (besides 1). */
      CHECK_EQ(counts, isl_sample_counts(verx10), c->name);
      if (counts & c->samples)
         compare(verx10, c);
   }
   return isl_test_result("isl_msaa_vs_mesa");
}

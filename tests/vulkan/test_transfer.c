/* Transfer commands through the Vulkan API, checked against a CPU model
 * of the spec's addressing rules ("Copy Commands", "Buffer and Image
 * Addressing", "Clear Commands"): vkCmdFillBuffer, vkCmdUpdateBuffer,
 * vkCmdCopyBuffer with odd offsets and sizes; vkCmdCopyBufferToImage,
 * vkCmdCopyImageToBuffer and vkCmdCopyImage on 1D, 2D, 2D-array and 3D
 * images with mips and layers, row lengths, image heights and offsets,
 * linear and optimal tiling, colour, depth, stencil and compressed
 * formats; vkCmdClearColorImage on several formats.
 *
 * The same program runs on lavapipe (the model is checked against an
 * independent driver) and on genvk.  With the Khronos validation layer
 * installed, every validation error fails the run.  A case the driver
 * does not support (format, tiling, image type) is counted and printed as
 * a skip.  Exit 0 when every check passes.
 *
 * Built with TRANSFER_LAYOUT_CHECK (test transfer-layout-*), it also reads
 * each uploaded image through the CPU at the offsets isl gives
 * (isl_surf_texel_offset): a round trip alone cannot see a wrong but
 * consistent tiling in the copy kernels.  That build looks behind the
 * handles, so it runs without the validation layer (which wraps them). */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan.h>

#ifdef TRANSFER_LAYOUT_CHECK
#include "gvk_image.h"
#include "isl.h"
#define LAYOUT_CHECK 1
#define HOST_VISIBLE_IMAGES VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT
#else
#define LAYOUT_CHECK 0
#define HOST_VISIBLE_IMAGES 0
#endif

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define DIV_ROUND_UP(n, d) (((n) + (d) - 1) / (d))

static struct {
   VkInstance instance;
   VkPhysicalDevice pdev;
   VkDevice device;
   VkQueue queue;
   VkCommandPool pool;
   VkPhysicalDeviceMemoryProperties memory;
   VkDebugUtilsMessengerEXT messenger;
   unsigned checks, failures, skips, validation_errors;
} t;

static void
die(const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   fputs("FAIL: ", stdout);
   vprintf(fmt, ap);
   putchar('\n');
   va_end(ap);
   exit(1);
}

#define VK(call)                                                           \
   do {                                                                    \
      VkResult r_ = (call);                                                \
      if (r_ != VK_SUCCESS)                                                \
         die("%s returned %d", #call, r_);                                 \
   } while (0)

/* xorshift32: the inputs are reproducible. */
static uint32_t rng = 0x12345678;

static uint32_t
next_random(void)
{
   rng ^= rng << 13;
   rng ^= rng >> 17;
   rng ^= rng << 5;
   return rng;
}

static void
fill_random(uint8_t *p, size_t n)
{
   for (size_t i = 0; i < n; i++)
      p[i] = (uint8_t)next_random();
}

/* ---- device ---- */

static VKAPI_ATTR VkBool32 VKAPI_CALL
on_validation(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
              VkDebugUtilsMessageTypeFlagsEXT types,
              const VkDebugUtilsMessengerCallbackDataEXT *data, void *user)
{
   if (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) {
      printf("validation error: %s\n", data->pMessage);
      t.validation_errors++;
   }
   return VK_FALSE;
}

static bool
has_validation_layer(void)
{
   uint32_t n = 0;
   vkEnumerateInstanceLayerProperties(&n, NULL);
   VkLayerProperties *layers = calloc(n, sizeof(*layers));
   vkEnumerateInstanceLayerProperties(&n, layers);
   bool found = false;
   for (uint32_t i = 0; i < n; i++)
      found |= strcmp(layers[i].layerName, "VK_LAYER_KHRONOS_validation") == 0;
   free(layers);
   return found;
}

static void
create_instance(void)
{
   const char *layer = "VK_LAYER_KHRONOS_validation";
   const char *ext = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
   bool validate = !LAYOUT_CHECK && has_validation_layer();
   VkApplicationInfo app = {
      .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
      .pApplicationName = "test_transfer",
      .apiVersion = VK_API_VERSION_1_0,
   };
   VkInstanceCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
      .pApplicationInfo = &app,
      .enabledLayerCount = validate ? 1 : 0,
      .ppEnabledLayerNames = &layer,
      .enabledExtensionCount = validate ? 1 : 0,
      .ppEnabledExtensionNames = &ext,
   };
   VK(vkCreateInstance(&info, NULL, &t.instance));
   if (!validate) {
      printf("note: VK_LAYER_KHRONOS_validation is not installed: usage not validated\n");
      return;
   }
   VkDebugUtilsMessengerCreateInfoEXT m = {
      .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
      .messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT,
      .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT,
      .pfnUserCallback = on_validation,
   };
   PFN_vkCreateDebugUtilsMessengerEXT create = (PFN_vkCreateDebugUtilsMessengerEXT)
      vkGetInstanceProcAddr(t.instance, "vkCreateDebugUtilsMessengerEXT");
   VK(create(t.instance, &m, NULL, &t.messenger));
}

static void
create_device(void)
{
   uint32_t n = 1;
   VkResult r = vkEnumeratePhysicalDevices(t.instance, &n, &t.pdev);
   if ((r != VK_SUCCESS && r != VK_INCOMPLETE) || n == 0)
      die("no physical device");
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(t.pdev, &props);
   printf("device: %s\n", props.deviceName);
   vkGetPhysicalDeviceMemoryProperties(t.pdev, &t.memory);
   float priority = 1.0f;
   VkDeviceQueueCreateInfo queue = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
      .queueFamilyIndex = 0,
      .queueCount = 1,
      .pQueuePriorities = &priority,
   };
   VkDeviceCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
      .queueCreateInfoCount = 1,
      .pQueueCreateInfos = &queue,
   };
   VK(vkCreateDevice(t.pdev, &info, NULL, &t.device));
   vkGetDeviceQueue(t.device, 0, 0, &t.queue);
   VkCommandPoolCreateInfo pool = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
      .queueFamilyIndex = 0,
   };
   VK(vkCreateCommandPool(t.device, &pool, NULL, &t.pool));
}

static uint32_t
memory_type(uint32_t bits, VkMemoryPropertyFlags want)
{
   for (uint32_t i = 0; i < t.memory.memoryTypeCount; i++) {
      if ((bits & (1u << i)) &&
          (t.memory.memoryTypes[i].propertyFlags & want) == want)
         return i;
   }
   die("no memory type with flags 0x%x in 0x%x", want, bits);
   return 0;
}

static VkDeviceMemory
allocate(VkMemoryRequirements req, VkMemoryPropertyFlags want)
{
   VkMemoryAllocateInfo info = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .allocationSize = req.size,
      .memoryTypeIndex = memory_type(req.memoryTypeBits, want),
   };
   VkDeviceMemory mem;
   VK(vkAllocateMemory(t.device, &info, NULL, &mem));
   return mem;
}

struct buffer {
   VkBuffer buffer;
   VkDeviceMemory memory;
   uint8_t *map;
   VkDeviceSize size;
};

static struct buffer
buffer_create(VkDeviceSize size)
{
   struct buffer b = { .size = size };
   VkBufferCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
      .size = size,
      .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
   };
   VK(vkCreateBuffer(t.device, &info, NULL, &b.buffer));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(t.device, b.buffer, &req);
   b.memory = allocate(req, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                            VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
   VK(vkBindBufferMemory(t.device, b.buffer, b.memory, 0));
   VK(vkMapMemory(t.device, b.memory, 0, VK_WHOLE_SIZE, 0, (void **)&b.map));
   return b;
}

static void
buffer_destroy(struct buffer *b)
{
   vkDestroyBuffer(t.device, b->buffer, NULL);
   vkFreeMemory(t.device, b->memory, NULL);
}

static VkCommandBuffer
cmd_begin(void)
{
   VkCommandBufferAllocateInfo info = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
      .commandPool = t.pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
      .commandBufferCount = 1,
   };
   VkCommandBuffer cmd;
   VK(vkAllocateCommandBuffers(t.device, &info, &cmd));
   VkCommandBufferBeginInfo begin = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
   };
   VK(vkBeginCommandBuffer(cmd, &begin));
   return cmd;
}

/* Transfer writes done before later transfers and host reads. */
static void
cmd_barrier(VkCommandBuffer cmd)
{
   VkMemoryBarrier barrier = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT |
                       VK_ACCESS_HOST_READ_BIT,
   };
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                        VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_HOST_BIT,
                        0, 1, &barrier, 0, NULL, 0, NULL);
}

static void
cmd_submit(VkCommandBuffer cmd)
{
   cmd_barrier(cmd);
   VK(vkEndCommandBuffer(cmd));
   VkSubmitInfo submit = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
      .commandBufferCount = 1,
      .pCommandBuffers = &cmd,
   };
   VK(vkQueueSubmit(t.queue, 1, &submit, VK_NULL_HANDLE));
   VK(vkQueueWaitIdle(t.queue));
   vkFreeCommandBuffers(t.device, t.pool, 1, &cmd);
}

/* Compares n bytes; prints the first difference. */
static bool
compare(const char *what, const uint8_t *got, const uint8_t *want, size_t n,
        const uint8_t *ignore_mask)
{
   t.checks++;
   for (size_t i = 0; i < n; i++) {
      uint8_t mask = ignore_mask ? (uint8_t)~ignore_mask[i] : 0xff;
      if ((got[i] & mask) != (want[i] & mask)) {
         printf("FAIL: %s: byte %zu is 0x%02x, expected 0x%02x\n", what, i,
                got[i], want[i]);
         t.failures++;
         return false;
      }
   }
   return true;
}

/* ---- buffers ---- */

static void
test_fill_update_copy_buffer(void)
{
   const VkDeviceSize size = 200000;
   struct buffer src = buffer_create(size), dst = buffer_create(size);
   uint8_t *model = malloc(size);
   fill_random(src.map, size);
   fill_random(dst.map, size);
   memcpy(model, dst.map, size);

   /* vkCmdFillBuffer: dword offsets and sizes, VK_WHOLE_SIZE rounded down */
   VkCommandBuffer cmd = cmd_begin();
   static const struct { VkDeviceSize offset, size; uint32_t data; } fills[] = {
      { 0, 4, 0x11223344 }, { 8, 12, 0xdeadbeef }, { 100, 70000, 0x01020304 },
      { 140000, 4, 0 }, { size - 4 * 1001 - 2, VK_WHOLE_SIZE, 0xa5a5a5a5 },
   };
   for (unsigned i = 0; i < ARRAY_SIZE(fills); i++) {
      VkDeviceSize offset = fills[i].offset & ~(VkDeviceSize)3;
      VkDeviceSize n = fills[i].size == VK_WHOLE_SIZE ?
                       (size - offset) & ~(VkDeviceSize)3 : fills[i].size;
      vkCmdFillBuffer(cmd, dst.buffer, offset, fills[i].size, fills[i].data);
      for (VkDeviceSize b = 0; b < n; b += 4)
         memcpy(model + offset + b, &fills[i].data, 4);
   }
   cmd_barrier(cmd);
   /* vkCmdUpdateBuffer: up to 65536 bytes */
   static const struct { VkDeviceSize offset, size; } updates[] = {
      { 4, 4 }, { 64, 12 }, { 1000, 65536 }, { 70000, 8196 },
   };
   uint8_t *data = malloc(65536);
   for (unsigned i = 0; i < ARRAY_SIZE(updates); i++) {
      fill_random(data, updates[i].size);
      vkCmdUpdateBuffer(cmd, dst.buffer, updates[i].offset, updates[i].size, data);
      memcpy(model + updates[i].offset, data, updates[i].size);
   }
   cmd_barrier(cmd);
   /* vkCmdCopyBuffer: no alignment rule; several regions at once */
   static const VkBufferCopy copies[] = {
      { 1, 3, 7 }, { 5, 13, 1 }, { 2, 6, 100003 }, { 150001, 150002, 5 },
      { 160000, 160003, 3 }, { 170003, 170000, 29000 }, { 0, 120000, 4 },
   };
   vkCmdCopyBuffer(cmd, src.buffer, dst.buffer, ARRAY_SIZE(copies), copies);
   for (unsigned i = 0; i < ARRAY_SIZE(copies); i++)
      memcpy(model + copies[i].dstOffset, src.map + copies[i].srcOffset,
             copies[i].size);
   cmd_submit(cmd);
   compare("fill, update and copy buffer", dst.map, model, size, NULL);
   free(data);
   free(model);
   buffer_destroy(&src);
   buffer_destroy(&dst);
}

/* ---- images ---- */

struct format_case {
   VkFormat format;
   VkImageAspectFlags aspects;
   uint32_t bytes, bw, bh;      /* per block of the colour or depth aspect
                                 * in the buffer (stencil: 1 byte) */
   uint8_t ignore[4];           /* bits the spec leaves undefined in the buffer */
};

static const struct format_case formats[] = {
   { VK_FORMAT_R8_UINT, VK_IMAGE_ASPECT_COLOR_BIT, 1, 1, 1 },
   { VK_FORMAT_R16_UINT, VK_IMAGE_ASPECT_COLOR_BIT, 2, 1, 1 },
   { VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_ASPECT_COLOR_BIT, 4, 1, 1 },
   { VK_FORMAT_R16G16B16A16_SFLOAT, VK_IMAGE_ASPECT_COLOR_BIT, 8, 1, 1 },
   { VK_FORMAT_R32G32_UINT, VK_IMAGE_ASPECT_COLOR_BIT, 8, 1, 1 },
   { VK_FORMAT_R32G32B32A32_UINT, VK_IMAGE_ASPECT_COLOR_BIT, 16, 1, 1 },
   { VK_FORMAT_BC1_RGBA_UNORM_BLOCK, VK_IMAGE_ASPECT_COLOR_BIT, 8, 4, 4 },
   { VK_FORMAT_BC3_UNORM_BLOCK, VK_IMAGE_ASPECT_COLOR_BIT, 16, 4, 4 },
   { VK_FORMAT_D16_UNORM, VK_IMAGE_ASPECT_DEPTH_BIT, 2, 1, 1 },
   { VK_FORMAT_D32_SFLOAT, VK_IMAGE_ASPECT_DEPTH_BIT, 4, 1, 1 },
   { VK_FORMAT_S8_UINT, VK_IMAGE_ASPECT_STENCIL_BIT, 1, 1, 1 },
   /* "the depth data is packed into 32 bits, the upper 8 undefined" */
   { VK_FORMAT_X8_D24_UNORM_PACK32, VK_IMAGE_ASPECT_DEPTH_BIT, 4, 1, 1,
     { 0, 0, 0, 0xff } },
   { VK_FORMAT_D24_UNORM_S8_UINT, VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT,
     4, 1, 1, { 0, 0, 0, 0xff } },
   { VK_FORMAT_D32_SFLOAT_S8_UINT, VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT,
     4, 1, 1 },
};

struct shape {
   const char *name;
   VkImageType type;
   VkExtent3D extent;
   uint32_t levels, layers;
};

static const struct shape shapes[] = {
   { "1d", VK_IMAGE_TYPE_1D, { 77, 1, 1 }, 4, 1 },
   { "1d-array", VK_IMAGE_TYPE_1D, { 37, 1, 1 }, 3, 3 },
   { "2d", VK_IMAGE_TYPE_2D, { 45, 19, 1 }, 4, 1 },
   { "2d-array", VK_IMAGE_TYPE_2D, { 23, 17, 1 }, 3, 4 },
   { "3d", VK_IMAGE_TYPE_3D, { 13, 11, 7 }, 3, 1 },
   { "2d-big", VK_IMAGE_TYPE_2D, { 300, 70, 1 }, 2, 1 },
};

/* The CPU model of one aspect of an image: its blocks, level by level,
 * slice (layer or z) by slice, tightly packed. */
struct model {
   uint32_t bytes, bw, bh;
   uint32_t levels, slices[16];
   VkExtent3D extent;
   bool is_3d;
   size_t level_offset[16], level_size[16];
   uint8_t *data;
   size_t size;
};

static uint32_t
minify(uint32_t n, uint32_t level)
{
   n >>= level;
   return n ? n : 1;
}

static void
model_init(struct model *m, const struct shape *s, uint32_t bytes, uint32_t bw,
           uint32_t bh)
{
   *m = (struct model){ .bytes = bytes, .bw = bw, .bh = bh, .levels = s->levels,
                        .extent = s->extent, .is_3d = s->type == VK_IMAGE_TYPE_3D };
   for (uint32_t l = 0; l < s->levels; l++) {
      m->slices[l] = m->is_3d ? minify(s->extent.depth, l) : s->layers;
      /* a multiple of 4: depth/stencil buffer offsets must be */
      m->size = (m->size + 3) & ~(size_t)3;
      m->level_offset[l] = m->size;
      m->level_size[l] = (size_t)DIV_ROUND_UP(minify(s->extent.width, l), bw) *
                         DIV_ROUND_UP(minify(s->extent.height, l), bh) *
                         m->slices[l] * bytes;
      m->size += m->level_size[l];
   }
   m->data = calloc(1, m->size);
}

static uint8_t *
model_block(const struct model *m, uint32_t level, uint32_t slice, uint32_t x,
            uint32_t y)
{
   uint32_t w = DIV_ROUND_UP(minify(m->extent.width, level), m->bw);
   uint32_t h = DIV_ROUND_UP(minify(m->extent.height, level), m->bh);
   return m->data + m->level_offset[level] +
          (((size_t)slice * h + y) * w + x) * m->bytes;
}

/* The buffer bytes of block (x, y) of slice k of a region ("Buffer and
 * Image Addressing"), and the slice of the image it lands in. */
static size_t
region_buffer_offset(const struct model *m, const VkBufferImageCopy *r,
                     uint32_t k, uint32_t x, uint32_t y)
{
   uint32_t row = DIV_ROUND_UP(r->bufferRowLength ? r->bufferRowLength
                                                   : r->imageExtent.width, m->bw);
   uint32_t rows = DIV_ROUND_UP(r->bufferImageHeight ? r->bufferImageHeight
                                                      : r->imageExtent.height, m->bh);
   return r->bufferOffset + (((size_t)k * rows + y) * row + x) * m->bytes;
}

static uint32_t
region_slices(const struct model *m, const VkImageSubresourceLayers *sub,
              const VkExtent3D *extent)
{
   return m->is_3d ? extent->depth : sub->layerCount;
}

static uint32_t
region_first_slice(const struct model *m, const VkImageSubresourceLayers *sub,
                   const VkOffset3D *offset)
{
   return m->is_3d ? (uint32_t)offset->z : sub->baseArrayLayer;
}

/* Applies a buffer-image copy to the model (to_image) or to the expected
 * buffer bytes. */
static void
model_copy(struct model *m, uint8_t *buffer, const VkBufferImageCopy *r,
           bool to_image)
{
   uint32_t w = DIV_ROUND_UP(r->imageExtent.width, m->bw);
   uint32_t h = DIV_ROUND_UP(r->imageExtent.height, m->bh);
   uint32_t slices = region_slices(m, &r->imageSubresource, &r->imageExtent);
   uint32_t first = region_first_slice(m, &r->imageSubresource, &r->imageOffset);
   for (uint32_t k = 0; k < slices; k++) {
      for (uint32_t y = 0; y < h; y++) {
         for (uint32_t x = 0; x < w; x++) {
            uint8_t *b = buffer + region_buffer_offset(m, r, k, x, y);
            uint8_t *i = model_block(m, r->imageSubresource.mipLevel, first + k,
                                     r->imageOffset.x / m->bw + x,
                                     r->imageOffset.y / m->bh + y);
            if (to_image)
               memcpy(i, b, m->bytes);
            else
               memcpy(b, i, m->bytes);
         }
      }
   }
}

static size_t
region_buffer_size(const struct model *m, const VkBufferImageCopy *r)
{
   uint32_t slices = region_slices(m, &r->imageSubresource, &r->imageExtent);
   return region_buffer_offset(m, r, slices - 1,
                               DIV_ROUND_UP(r->imageExtent.width, m->bw) - 1,
                               DIV_ROUND_UP(r->imageExtent.height, m->bh) - 1) +
          m->bytes;
}

struct image {
   VkImage image;
   VkDeviceMemory memory;
};

/* Whether the driver can make the image and copy to and from it. */
static bool
image_supported(VkFormat format, const struct shape *s, VkImageTiling tiling)
{
   VkFormatProperties fp;
   vkGetPhysicalDeviceFormatProperties(t.pdev, format, &fp);
   VkFormatFeatureFlags features = tiling == VK_IMAGE_TILING_LINEAR ?
                                   fp.linearTilingFeatures : fp.optimalTilingFeatures;
   if (!features)
      return false;
   VkImageFormatProperties ip;
   VkResult r = vkGetPhysicalDeviceImageFormatProperties(
      t.pdev, format, s->type, tiling,
      VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, 0, &ip);
   return r == VK_SUCCESS && ip.maxMipLevels >= s->levels &&
          ip.maxArrayLayers >= s->layers && ip.maxExtent.width >= s->extent.width &&
          ip.maxExtent.height >= s->extent.height && ip.maxExtent.depth >= s->extent.depth;
}

static struct image
image_create(VkFormat format, const struct shape *s, VkImageTiling tiling)
{
   struct image img;
   VkImageCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
      .imageType = s->type,
      .format = format,
      .extent = s->extent,
      .mipLevels = s->levels,
      .arrayLayers = s->layers,
      .samples = VK_SAMPLE_COUNT_1_BIT,
      .tiling = tiling,
      .usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
   };
   VK(vkCreateImage(t.device, &info, NULL, &img.image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(t.device, img.image, &req);
   img.memory = allocate(req, HOST_VISIBLE_IMAGES);
   VK(vkBindImageMemory(t.device, img.image, img.memory, 0));
   return img;
}

static void
image_destroy(struct image *img)
{
   vkDestroyImage(t.device, img->image, NULL);
   vkFreeMemory(t.device, img->memory, NULL);
}

/* UNDEFINED -> GENERAL, where every copy of this test happens. */
static void
cmd_to_general(VkCommandBuffer cmd, VkImage image, VkImageAspectFlags aspects)
{
   VkImageMemoryBarrier barrier = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
      .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
      .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
      .newLayout = VK_IMAGE_LAYOUT_GENERAL,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .image = image,
      .subresourceRange = { aspects, 0, VK_REMAINING_MIP_LEVELS, 0,
                            VK_REMAINING_ARRAY_LAYERS },
   };
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                        VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 0, NULL, 1,
                        &barrier);
}

static VkBufferImageCopy
whole_level(const struct model *m, VkImageAspectFlags aspect, uint32_t level,
            VkDeviceSize offset)
{
   return (VkBufferImageCopy){
      .bufferOffset = offset,
      .imageSubresource = { aspect, level, 0, m->is_3d ? 1 : m->slices[level] },
      .imageExtent = { minify(m->extent.width, level), minify(m->extent.height, level),
                       m->is_3d ? m->slices[level] : 1 },
   };
}

/* Every level of the aspect, tightly packed, from the model's layout. */
static void
cmd_whole_image(VkCommandBuffer cmd, const struct model *m, VkImage image,
                VkImageAspectFlags aspect, VkBuffer buffer, bool to_image)
{
   for (uint32_t l = 0; l < m->levels; l++) {
      VkBufferImageCopy r = whole_level(m, aspect, l, m->level_offset[l]);
      if (to_image)
         vkCmdCopyBufferToImage(cmd, buffer, image, VK_IMAGE_LAYOUT_GENERAL, 1, &r);
      else
         vkCmdCopyImageToBuffer(cmd, image, VK_IMAGE_LAYOUT_GENERAL, buffer, 1, &r);
   }
}

/* got (in the model's layout) against the model, level by level: the
 * padding between levels is not compared. */
static void
compare_levels(const char *what, const struct model *m, const uint8_t *got,
               const uint8_t ignore[4])
{
   uint8_t *mask = calloc(1, m->size);
   for (size_t i = 0; i < m->size; i++)
      mask[i] = ignore[i % 4];
   for (uint32_t l = 0; l < m->levels; l++) {
      size_t o = m->level_offset[l];
      char level[300];
      snprintf(level, sizeof(level), "%s, level %u", what, l);
      compare(level, got + o, m->data + o, m->level_size[l], mask + o);
   }
   free(mask);
}

/* Reads every level back and compares with the model. */
static void
check_image(const char *what, const struct model *m, VkImage image,
            VkImageAspectFlags aspect, const uint8_t ignore[4])
{
   struct buffer out = buffer_create(m->size);
   VkCommandBuffer cmd = cmd_begin();
   cmd_whole_image(cmd, m, image, aspect, out.buffer, false);
   cmd_submit(cmd);
   compare_levels(what, m, out.map, ignore);
   buffer_destroy(&out);
}

/* A region inside level `level`: offset and extent in whole blocks except
 * where the extent reaches the level's edge. */
static VkBufferImageCopy
partial_region(const struct model *m, VkImageAspectFlags aspect, uint32_t level,
               VkDeviceSize offset)
{
   uint32_t w = minify(m->extent.width, level), h = minify(m->extent.height, level);
   uint32_t x = w > 2 * m->bw ? m->bw : 0, y = h > 2 * m->bh ? m->bh : 0;
   uint32_t slices = m->slices[level];
   uint32_t first = slices > 2 ? 1 : 0;
   uint32_t count = slices - first - (slices > 3 ? 1 : 0);
   VkBufferImageCopy r = {
      .bufferOffset = offset,
      .bufferRowLength = DIV_ROUND_UP(w - x, m->bw) * m->bw + 3 * m->bw,
      .bufferImageHeight = DIV_ROUND_UP(h - y, m->bh) * m->bh + 2 * m->bh,
      .imageSubresource = { aspect, level, m->is_3d ? 0 : first, m->is_3d ? 1 : count },
      .imageOffset = { (int32_t)x, (int32_t)y, m->is_3d ? (int32_t)first : 0 },
      .imageExtent = { w - x, h - y, m->is_3d ? count : 1 },
   };
   return r;
}

#ifdef TRANSFER_LAYOUT_CHECK
/* The image's memory gathered block by block from isl's offsets into the
 * model's order, then compared with the model. */
static void
check_layout(const char *what, const struct model *m, const struct image *img,
             VkImageAspectFlags aspect, const uint8_t ignore[4])
{
   const struct gvk_image *image = gvk_image_from_handle(img->image);
   bool stencil = aspect == VK_IMAGE_ASPECT_STENCIL_BIT && image->stencil_surf.size_B;
   const struct isl_surf *surf = stencil ? &image->stencil_surf : &image->surf;
   struct model got = *m;
   got.data = calloc(1, m->size);
   uint8_t *map;
   VK(vkMapMemory(t.device, img->memory, 0, VK_WHOLE_SIZE, 0, (void **)&map));
   map += stencil ? image->stencil_offset : 0;
   for (uint32_t l = 0; l < m->levels; l++) {
      uint32_t w = DIV_ROUND_UP(minify(m->extent.width, l), m->bw);
      uint32_t h = DIV_ROUND_UP(minify(m->extent.height, l), m->bh);
      for (uint32_t k = 0; k < m->slices[l]; k++)
         for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++)
               memcpy(model_block(&got, l, k, x, y),
                      map + isl_surf_texel_offset(surf, l, k, x, y), m->bytes);
   }
   vkUnmapMemory(t.device, img->memory);
   char where[300];
   snprintf(where, sizeof(where), "%s: memory at isl's offsets", what);
   compare_levels(where, m, got.data, ignore);
   free(got.data);
}
#endif

/* Whole upload, partial upload with a row length and image height, partial
 * read-back into a buffer filled beforehand, and the whole image read back. */
static void
test_buffer_image_aspect(const char *name, const struct shape *s,
                         const struct image *img, VkImageAspectFlags aspect,
                         uint32_t bytes, uint32_t bw, uint32_t bh,
                         const uint8_t ignore[4])
{
   VkImage image = img->image;
   struct model m;
   model_init(&m, s, bytes, bw, bh);
   struct buffer up = buffer_create(m.size);
   fill_random(up.map, m.size);
   memcpy(m.data, up.map, m.size);
   VkCommandBuffer cmd = cmd_begin();
   cmd_whole_image(cmd, &m, image, aspect, up.buffer, true);
   cmd_submit(cmd);
   char what[256];
   snprintf(what, sizeof(what), "%s: whole upload", name);
   check_image(what, &m, image, aspect, ignore);
#ifdef TRANSFER_LAYOUT_CHECK
   check_layout(what, &m, img, aspect, ignore);
#endif

   uint32_t level = s->levels > 1 ? 1 : 0;
   VkDeviceSize offset = 4 * bytes + 4;
   offset -= offset % (bytes > 4 ? bytes : 4);
   VkBufferImageCopy r = partial_region(&m, aspect, level, offset);
   struct buffer part = buffer_create(region_buffer_size(&m, &r) + 64);
   fill_random(part.map, part.size);
   model_copy(&m, part.map, &r, true);
   cmd = cmd_begin();
   vkCmdCopyBufferToImage(cmd, part.buffer, image, VK_IMAGE_LAYOUT_GENERAL, 1, &r);
   cmd_submit(cmd);
   snprintf(what, sizeof(what), "%s: partial upload (level %u)", name, level);
   check_image(what, &m, image, aspect, ignore);

   level = s->levels - 1;
   r = partial_region(&m, aspect, level, offset);
   struct buffer down = buffer_create(region_buffer_size(&m, &r) + 64);
   fill_random(down.map, down.size);
   uint8_t *want = malloc(down.size);
   memcpy(want, down.map, down.size);
   model_copy(&m, want, &r, false);
   uint8_t *mask = calloc(1, down.size);
   if (ignore[3]) {
      /* the undefined bits of the texels the copy wrote */
      uint8_t *marks = calloc(1, down.size);
      struct model ones = m;
      ones.data = malloc(m.size);
      memset(ones.data, 0xff, m.size);
      model_copy(&ones, marks, &r, false);
      for (size_t i = 0; i < down.size; i++)
         mask[i] = marks[i] ? ignore[(i - r.bufferOffset) % 4] : 0;
      free(ones.data);
      free(marks);
   }
   cmd = cmd_begin();
   vkCmdCopyImageToBuffer(cmd, image, VK_IMAGE_LAYOUT_GENERAL, down.buffer, 1, &r);
   cmd_submit(cmd);
   snprintf(what, sizeof(what), "%s: partial read-back (level %u)", name, level);
   compare(what, down.map, want, down.size, mask);
   free(mask);
   free(want);
   buffer_destroy(&up);
   buffer_destroy(&part);
   buffer_destroy(&down);
   free(m.data);
}

static const char *
aspect_name(VkImageAspectFlags a)
{
   return a == VK_IMAGE_ASPECT_STENCIL_BIT ? "stencil" :
          a == VK_IMAGE_ASPECT_DEPTH_BIT ? "depth" : "color";
}

static void
test_buffer_image(void)
{
   static const VkImageTiling tilings[] = { VK_IMAGE_TILING_LINEAR,
                                            VK_IMAGE_TILING_OPTIMAL };
   for (unsigned f = 0; f < ARRAY_SIZE(formats); f++) {
      const struct format_case *fc = &formats[f];
      for (unsigned s = 0; s < ARRAY_SIZE(shapes); s++) {
         for (unsigned ti = 0; ti < ARRAY_SIZE(tilings); ti++) {
            char name[128];
            snprintf(name, sizeof(name), "format %d %s %s", fc->format,
                     shapes[s].name, ti ? "optimal" : "linear");
            if (!image_supported(fc->format, &shapes[s], tilings[ti])) {
               printf("skip: %s: not supported\n", name);
               t.skips++;
               continue;
            }
            struct image img = image_create(fc->format, &shapes[s], tilings[ti]);
            VkCommandBuffer cmd = cmd_begin();
            cmd_to_general(cmd, img.image, fc->aspects);
            cmd_submit(cmd);
            for (VkImageAspectFlags a = fc->aspects; a; a &= a - 1) {
               VkImageAspectFlags aspect = a & -a;
               bool stencil = aspect == VK_IMAGE_ASPECT_STENCIL_BIT;
               static const uint8_t none[4];
               char full[160];
               snprintf(full, sizeof(full), "%s %s", name, aspect_name(aspect));
               test_buffer_image_aspect(full, &shapes[s], &img, aspect,
                                        stencil ? 1 : fc->bytes,
                                        fc->bw, fc->bh, stencil ? none : fc->ignore);
            }
            image_destroy(&img);
         }
      }
   }
}

/* ---- image to image ---- */

/* Copies a region between two images of the same type whose formats have
 * the same block size (R32G32_UINT texels and BC1 blocks are both 8
 * bytes), across tilings, then reads the destination back. */
static void
test_copy_image(void)
{
   static const struct {
      VkFormat src, dst;
      uint32_t bytes, src_bw, dst_bw;
      unsigned src_shape, dst_shape;
   } cases[] = {
      { VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R32_UINT, 4, 1, 1, 3, 3 },
      { VK_FORMAT_R16G16B16A16_SFLOAT, VK_FORMAT_R32G32_UINT, 8, 1, 1, 2, 3 },
      { VK_FORMAT_R8_UINT, VK_FORMAT_R8_UINT, 1, 1, 1, 4, 4 },
      { VK_FORMAT_R32G32B32A32_UINT, VK_FORMAT_R32G32B32A32_UINT, 16, 1, 1, 1, 1 },
      { VK_FORMAT_BC1_RGBA_UNORM_BLOCK, VK_FORMAT_R32G32_UINT, 8, 4, 1, 5, 2 },
      { VK_FORMAT_R16_UINT, VK_FORMAT_R16_UINT, 2, 1, 1, 0, 1 },
   };
   for (unsigned c = 0; c < ARRAY_SIZE(cases); c++) {
      for (unsigned tiling = 0; tiling < 4; tiling++) {
         VkImageTiling st = (tiling & 1) ? VK_IMAGE_TILING_OPTIMAL : VK_IMAGE_TILING_LINEAR;
         VkImageTiling dt = (tiling & 2) ? VK_IMAGE_TILING_OPTIMAL : VK_IMAGE_TILING_LINEAR;
         const struct shape *ss = &shapes[cases[c].src_shape];
         const struct shape *ds = &shapes[cases[c].dst_shape];
         char name[128];
         snprintf(name, sizeof(name), "copy image %d %s %s -> %d %s %s",
                  cases[c].src, ss->name, st ? "optimal" : "linear",
                  cases[c].dst, ds->name, dt ? "optimal" : "linear");
         if (!image_supported(cases[c].src, ss, st) ||
             !image_supported(cases[c].dst, ds, dt)) {
            printf("skip: %s: not supported\n", name);
            t.skips++;
            continue;
         }
         uint32_t sbw = cases[c].src_bw, dbw = cases[c].dst_bw;
         struct model sm, dm;
         model_init(&sm, ss, cases[c].bytes, sbw, sbw);
         model_init(&dm, ds, cases[c].bytes, dbw, dbw);
         struct image si = image_create(cases[c].src, ss, st);
         struct image di = image_create(cases[c].dst, ds, dt);
         struct buffer up = buffer_create(sm.size + dm.size);
         fill_random(up.map, up.size);
         memcpy(sm.data, up.map, sm.size);
         memcpy(dm.data, up.map + sm.size, dm.size);
         VkCommandBuffer cmd = cmd_begin();
         cmd_to_general(cmd, si.image, VK_IMAGE_ASPECT_COLOR_BIT);
         cmd_to_general(cmd, di.image, VK_IMAGE_ASPECT_COLOR_BIT);
         cmd_whole_image(cmd, &sm, si.image, VK_IMAGE_ASPECT_COLOR_BIT, up.buffer, true);
         for (uint32_t l = 0; l < dm.levels; l++) {
            VkBufferImageCopy r = whole_level(&dm, VK_IMAGE_ASPECT_COLOR_BIT, l,
                                              sm.size + dm.level_offset[l]);
            vkCmdCopyBufferToImage(cmd, up.buffer, di.image, VK_IMAGE_LAYOUT_GENERAL, 1, &r);
         }
         cmd_barrier(cmd);
         /* Level 0 blocks (1, 1) on, of as many slices as both have, into
          * the destination's last level but one at blocks (1, 0). */
         uint32_t dl = ds->levels > 1 ? ds->levels - 2 : 0;
         uint32_t dw = DIV_ROUND_UP(minify(ds->extent.width, dl), dbw);
         uint32_t dh = DIV_ROUND_UP(minify(ds->extent.height, dl), dbw);
         uint32_t sw = DIV_ROUND_UP(ss->extent.width, sbw);
         uint32_t sh = DIV_ROUND_UP(ss->extent.height, sbw);
         uint32_t bw = (dw < sw ? dw : sw) - 1, bh = (dh < sh ? dh : sh);
         bh = bh > 1 ? bh - 1 : bh;
         uint32_t slices = sm.slices[0] < dm.slices[dl] ? sm.slices[0] : dm.slices[dl];
         uint32_t sy = sh > 1 ? 1 : 0;
         VkImageCopy region = {
            .srcSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, sm.is_3d ? 1 : slices },
            .srcOffset = { (int32_t)sbw, (int32_t)(sy * sbw), 0 },
            .dstSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, dl, 0, dm.is_3d ? 1 : slices },
            .dstOffset = { (int32_t)dbw, 0, 0 },
            .extent = { bw * sbw, bh * sbw, sm.is_3d ? slices : 1 },
         };
         vkCmdCopyImage(cmd, si.image, VK_IMAGE_LAYOUT_GENERAL, di.image,
                        VK_IMAGE_LAYOUT_GENERAL, 1, &region);
         for (uint32_t k = 0; k < slices; k++)
            for (uint32_t y = 0; y < bh; y++)
               for (uint32_t x = 0; x < bw; x++)
                  memcpy(model_block(&dm, dl, k, 1 + x, y),
                         model_block(&sm, 0, k, 1 + x, sy + y), cases[c].bytes);
         cmd_submit(cmd);
         static const uint8_t none[4];
         check_image(name, &dm, di.image, VK_IMAGE_ASPECT_COLOR_BIT, none);
         buffer_destroy(&up);
         image_destroy(&si);
         image_destroy(&di);
         free(sm.data);
         free(dm.data);
      }
   }
}

/* ---- clears ---- */

static void
test_clear(void)
{
   static const struct {
      VkFormat format;
      VkClearColorValue color;
      uint32_t bytes;
      uint8_t texel[16];
   } cases[] = {
      { VK_FORMAT_R8G8B8A8_UNORM, { .float32 = { 0.0f, 0.2f, 0.6f, 1.0f } }, 4,
        { 0, 51, 153, 255 } },
      { VK_FORMAT_B8G8R8A8_UNORM, { .float32 = { 0.0f, 0.2f, 0.6f, 1.0f } }, 4,
        { 153, 51, 0, 255 } },
      { VK_FORMAT_R8_UINT, { .uint32 = { 200, 1, 2, 3 } }, 1, { 200 } },
      { VK_FORMAT_R16G16_SINT, { .int32 = { -5, 1234, 0, 0 } }, 4,
        { 0xfb, 0xff, 0xd2, 0x04 } },
      { VK_FORMAT_R32_UINT, { .uint32 = { 0xdeadbeef } }, 4, { 0xef, 0xbe, 0xad, 0xde } },
      { VK_FORMAT_R16G16B16A16_SFLOAT, { .float32 = { 1.0f, -2.0f, 0.5f, 0.0f } }, 8,
        { 0x00, 0x3c, 0x00, 0xc0, 0x00, 0x38, 0x00, 0x00 } },
      { VK_FORMAT_R32G32B32A32_SFLOAT, { .float32 = { 1.0f, -2.0f, 0.5f, 3.0f } }, 16,
        { 0, 0, 0x80, 0x3f, 0, 0, 0, 0xc0, 0, 0, 0, 0x3f, 0, 0, 0x40, 0x40 } },
      { VK_FORMAT_A2B10G10R10_UINT_PACK32, { .uint32 = { 1, 2, 3, 1 } }, 4,
        { 0x01, 0x08, 0x30, 0x40 } },
   };
   for (unsigned c = 0; c < ARRAY_SIZE(cases); c++) {
      for (unsigned s = 0; s < ARRAY_SIZE(shapes); s++) {
         const struct shape *sh = &shapes[s];
         char name[128];
         snprintf(name, sizeof(name), "clear format %d %s", cases[c].format, sh->name);
         if (!image_supported(cases[c].format, sh, VK_IMAGE_TILING_OPTIMAL)) {
            printf("skip: %s: not supported\n", name);
            t.skips++;
            continue;
         }
         struct model m;
         model_init(&m, sh, cases[c].bytes, 1, 1);
         struct image img = image_create(cases[c].format, sh, VK_IMAGE_TILING_OPTIMAL);
         struct buffer up = buffer_create(m.size);
         fill_random(up.map, m.size);
         memcpy(m.data, up.map, m.size);
         VkCommandBuffer cmd = cmd_begin();
         cmd_to_general(cmd, img.image, VK_IMAGE_ASPECT_COLOR_BIT);
         cmd_whole_image(cmd, &m, img.image, VK_IMAGE_ASPECT_COLOR_BIT, up.buffer, true);
         cmd_barrier(cmd);
         /* levels 1.. (all but the first), layers 1.. of arrays */
         uint32_t base_layer = sh->layers > 1 ? 1 : 0;
         VkImageSubresourceRange range = {
            VK_IMAGE_ASPECT_COLOR_BIT, sh->levels > 1 ? 1 : 0, VK_REMAINING_MIP_LEVELS,
            base_layer, VK_REMAINING_ARRAY_LAYERS,
         };
         vkCmdClearColorImage(cmd, img.image, VK_IMAGE_LAYOUT_GENERAL, &cases[c].color,
                              1, &range);
         cmd_submit(cmd);
         for (uint32_t l = range.baseMipLevel; l < m.levels; l++) {
            uint32_t first = m.is_3d ? 0 : base_layer;
            for (uint32_t k = first; k < m.slices[l]; k++)
               for (uint32_t y = 0; y < minify(sh->extent.height, l); y++)
                  for (uint32_t x = 0; x < minify(sh->extent.width, l); x++)
                     memcpy(model_block(&m, l, k, x, y), cases[c].texel, m.bytes);
         }
         static const uint8_t none[4];
         check_image(name, &m, img.image, VK_IMAGE_ASPECT_COLOR_BIT, none);
         buffer_destroy(&up);
         image_destroy(&img);
         free(m.data);
      }
   }
}

int
main(void)
{
   create_instance();
   create_device();
   test_fill_update_copy_buffer();
   test_buffer_image();
   test_copy_image();
   test_clear();
   vkDestroyCommandPool(t.device, t.pool, NULL);
   vkDestroyDevice(t.device, NULL);
   if (t.messenger) {
      PFN_vkDestroyDebugUtilsMessengerEXT destroy = (PFN_vkDestroyDebugUtilsMessengerEXT)
         vkGetInstanceProcAddr(t.instance, "vkDestroyDebugUtilsMessengerEXT");
      destroy(t.instance, t.messenger, NULL);
   }
   vkDestroyInstance(t.instance, NULL);
   printf("%u checks, %u failures, %u skipped, %u validation errors\n", t.checks,
          t.failures, t.skips, t.validation_errors);
   return t.failures || t.validation_errors ? 1 : 0;
}

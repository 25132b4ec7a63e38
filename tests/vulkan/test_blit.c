/* vkCmdBlitImage and vkCmdBlitImage2 through the Vulkan API, checked
 * against a CPU model of the spec's "Image Copies with Scaling": each
 * destination texel centre mapped into the source region (reversed
 * offsets mirror it), sampled with the region's filter, CLAMP_TO_EDGE and
 * the source level, then converted to the destination format.  Cases:
 * NEAREST and LINEAR scaling up and down, mirrored regions, array layers,
 * a mip level, a 3D source filtered in z, 1D arrays, D16 and D32 depth
 * (NEAREST, as Vulkan requires), format conversions (UNORM to
 * SFLOAT, sRGB to UNORM and back, UINT to wider UINT, SINT to wider SINT)
 * and a BC1 source decoded by the sampler.
 *
 * The model computes every expected value from the source values the
 * test chose (it never reads what the driver wrote but to compare), with
 * the tolerances the spec leaves to implementations, per case, in units
 * of the destination's last place:
 *   - NEAREST between formats of the same precision: exact;
 *   - LINEAR: 1 (the spec's filter weights need only subTexelPrecisionBits
 *     = 4 bits, the weights used here, 1/4 and 1/2, are exact in them; the
 *     1 covers the rounding of the filtered value to the destination);
 *   - sRGB decode or encode: 1 (Vulkan "sRGB transfer functions" allow
 *     the conversion to differ from the exact curve by the precision of
 *     the format);
 *   - BC1: 2 (the Khronos Data Format spec's BC1 palette interpolates the
 *     RGB565 endpoints at 1/3 and 2/3, which hardware does in 8-bit
 *     integers);
 *   - R16G16B16A16_SFLOAT: 1 ulp of the half float.
 *
 * The same program runs on lavapipe (checking the model against an
 * independent driver) and on genvk.  With the Khronos validation layer
 * installed, every validation error fails the run.  A case whose formats
 * the driver does not report blit features for is printed as a skip.
 * Exit 0 when every check passes, 77 when every case skipped. */
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

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

static uint32_t rng = 0x9e3779b9;

static uint32_t
next_random(void)
{
   rng ^= rng << 13;
   rng ^= rng >> 17;
   rng ^= rng << 5;
   return rng;
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
   bool validate = has_validation_layer();
   VkApplicationInfo app = {
      .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
      .pApplicationName = "test_blit",
      .apiVersion = VK_API_VERSION_1_1,
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

/* VK_KHR_copy_commands2 when the device has it: its vkCmdBlitImage2KHR
 * then records every other case. */
static PFN_vkCmdBlitImage2KHR blit2;

static bool
has_device_extension(const char *name)
{
   uint32_t n = 0;
   vkEnumerateDeviceExtensionProperties(t.pdev, NULL, &n, NULL);
   VkExtensionProperties *exts = calloc(n, sizeof(*exts));
   vkEnumerateDeviceExtensionProperties(t.pdev, NULL, &n, exts);
   bool found = false;
   for (uint32_t i = 0; i < n; i++)
      found |= strcmp(exts[i].extensionName, name) == 0;
   free(exts);
   return found;
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
   const char *ext = VK_KHR_COPY_COMMANDS_2_EXTENSION_NAME;
   bool copy2 = has_device_extension(ext);
   VkDeviceCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
      .queueCreateInfoCount = 1,
      .pQueueCreateInfos = &queue,
      .enabledExtensionCount = copy2 ? 1 : 0,
      .ppEnabledExtensionNames = &ext,
   };
   VK(vkCreateDevice(t.pdev, &info, NULL, &t.device));
   if (copy2)
      blit2 = (PFN_vkCmdBlitImage2KHR)vkGetDeviceProcAddr(t.device, "vkCmdBlitImage2KHR");
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
};

static struct buffer
buffer_create(VkDeviceSize size)
{
   struct buffer b = { 0 };
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

static void
cmd_submit(VkCommandBuffer cmd)
{
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

/* Moves image from layout `from` to `to`, after transfer writes and
 * before transfer reads and writes and host reads. */
static void
image_barrier_aspect(VkCommandBuffer cmd, VkImage image, VkImageAspectFlags aspect,
                     VkImageLayout from, VkImageLayout to)
{
   VkImageMemoryBarrier b = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
      .oldLayout = from,
      .newLayout = to,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .image = image,
      .subresourceRange = { aspect, 0, VK_REMAINING_MIP_LEVELS, 0,
                            VK_REMAINING_ARRAY_LAYERS },
   };
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                        0, 0, NULL, 0, NULL, 1, &b);
}

static void
image_barrier(VkCommandBuffer cmd, VkImage image, VkImageLayout from, VkImageLayout to)
{
   image_barrier_aspect(cmd, image, VK_IMAGE_ASPECT_COLOR_BIT, from, to);
}

static void
host_barrier(VkCommandBuffer cmd)
{
   VkMemoryBarrier b = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_HOST_READ_BIT,
   };
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                        0, 1, &b, 0, NULL, 0, NULL);
}

/* ---- formats the cases use: bytes per texel, decoding, encoding ---- */

static double
srgb_to_linear(double c)
{
   return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static double
linear_to_srgb(double c)
{
   if (c <= 0.0)
      return 0.0;
   if (c >= 1.0)
      return 1.0;
   return c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1.0 / 2.4) - 0.055;
}

static float
half_to_float(uint16_t h)
{
   int e = (h >> 10) & 31, m = h & 1023;
   double v = e == 0 ? ldexp(m, -24) : ldexp(1024 + m, e - 25);
   return (float)((h & 0x8000) ? -v : v);
}

struct format {
   VkFormat vk;
   const char *name;
   unsigned bytes;      /* per texel (block for BC1) */
};

static const struct format R8G8B8A8_UNORM = { VK_FORMAT_R8G8B8A8_UNORM, "R8G8B8A8_UNORM", 4 };
static const struct format R8G8B8A8_SRGB = { VK_FORMAT_R8G8B8A8_SRGB, "R8G8B8A8_SRGB", 4 };
static const struct format B8G8R8A8_UNORM = { VK_FORMAT_B8G8R8A8_UNORM, "B8G8R8A8_UNORM", 4 };
static const struct format RGBA16F = { VK_FORMAT_R16G16B16A16_SFLOAT, "R16G16B16A16_SFLOAT", 8 };
static const struct format R8G8B8A8_UINT = { VK_FORMAT_R8G8B8A8_UINT, "R8G8B8A8_UINT", 4 };
static const struct format RGBA16_UINT = { VK_FORMAT_R16G16B16A16_UINT, "R16G16B16A16_UINT", 8 };
static const struct format R16_SINT = { VK_FORMAT_R16_SINT, "R16_SINT", 2 };
static const struct format R32_SINT = { VK_FORMAT_R32_SINT, "R32_SINT", 4 };
static const struct format BC1 = { VK_FORMAT_BC1_RGBA_UNORM_BLOCK, "BC1_RGBA_UNORM_BLOCK", 8 };
static const struct format D16 = { VK_FORMAT_D16_UNORM, "D16_UNORM", 2 };
static const struct format D32 = { VK_FORMAT_D32_SFLOAT, "D32_SFLOAT", 4 };

static VkImageAspectFlags
aspect_of(const struct format *f)
{
   return f == &D16 || f == &D32 ? VK_IMAGE_ASPECT_DEPTH_BIT : VK_IMAGE_ASPECT_COLOR_BIT;
}

/* Depth values in [0, 1]: Vulkan's copies into D32_SFLOAT take no
 * others (without VK_EXT_depth_range_unrestricted). */
static void
fill_texels(const struct format *f, uint8_t *bytes, size_t n)
{
   for (size_t i = 0; i < n; i++)
      bytes[i] = (uint8_t)next_random();
   if (f != &D32)
      return;
   for (size_t i = 0; i + 4 <= n; i += 4) {
      float v = (float)(next_random() % 1000001u) / 1000000.0f;
      memcpy(bytes + i, &v, 4);
   }
}

/* A texel's RGBA as a shader reads it (missing channels: G, B 0, A 1). */
static void
decode(const struct format *f, const uint8_t *p, double out[4])
{
   out[0] = out[1] = out[2] = 0.0;
   out[3] = 1.0;
   switch (f->vk) {
   case VK_FORMAT_R8G8B8A8_UNORM:
      for (int c = 0; c < 4; c++)
         out[c] = p[c] / 255.0;
      break;
   case VK_FORMAT_B8G8R8A8_UNORM:
      for (int c = 0; c < 4; c++)
         out[c] = p[c == 3 ? 3 : 2 - c] / 255.0;
      break;
   case VK_FORMAT_R8G8B8A8_SRGB:
      for (int c = 0; c < 4; c++)
         out[c] = c == 3 ? p[c] / 255.0 : srgb_to_linear(p[c] / 255.0);
      break;
   case VK_FORMAT_R16G16B16A16_SFLOAT:
      for (int c = 0; c < 4; c++)
         out[c] = half_to_float((uint16_t)(p[2 * c] | p[2 * c + 1] << 8));
      break;
   case VK_FORMAT_R8G8B8A8_UINT:
      for (int c = 0; c < 4; c++)
         out[c] = p[c];
      break;
   case VK_FORMAT_R16G16B16A16_UINT:
      for (int c = 0; c < 4; c++)
         out[c] = p[2 * c] | p[2 * c + 1] << 8;
      break;
   case VK_FORMAT_R16_SINT:
      out[0] = (int16_t)(p[0] | p[1] << 8);
      break;
   case VK_FORMAT_R32_SINT: {
      int32_t v;
      memcpy(&v, p, 4);
      out[0] = v;
      break;
   }
   case VK_FORMAT_D16_UNORM:
      out[0] = (p[0] | p[1] << 8) / 65535.0;
      break;
   case VK_FORMAT_D32_SFLOAT: {
      float v;
      memcpy(&v, p, 4);
      out[0] = v;
      break;
   }
   default:
      die("decode: no decoder for %s", f->name);
   }
}

/* ---- BC1 (Khronos Data Format Specification, "BC1") ---- */

static void
rgb565(uint16_t c, double rgb[3])
{
   rgb[0] = ((c >> 11) & 31) / 31.0;
   rgb[1] = ((c >> 5) & 63) / 63.0;
   rgb[2] = (c & 31) / 31.0;
}

/* Texel (x, y) of an 8-byte BC1 block, RGBA variant. */
static void
bc1_texel(const uint8_t *block, unsigned x, unsigned y, double out[4])
{
   uint16_t c0 = (uint16_t)(block[0] | block[1] << 8), c1 = (uint16_t)(block[2] | block[3] << 8);
   uint32_t bits = (uint32_t)block[4] | (uint32_t)block[5] << 8 |
                   (uint32_t)block[6] << 16 | (uint32_t)block[7] << 24;
   unsigned code = (bits >> (2 * (4 * y + x))) & 3;
   double a[3], b[3];
   rgb565(c0, a);
   rgb565(c1, b);
   out[3] = 1.0;
   for (int c = 0; c < 3; c++) {
      switch (code) {
      case 0: out[c] = a[c]; break;
      case 1: out[c] = b[c]; break;
      case 2: out[c] = c0 > c1 ? (2 * a[c] + b[c]) / 3 : (a[c] + b[c]) / 2; break;
      default: out[c] = c0 > c1 ? (a[c] + 2 * b[c]) / 3 : 0.0; break;
      }
   }
   if (code == 3 && c0 <= c1)
      out[3] = 0.0;
}

/* ---- the model ---- */

/* A source: w x h x d texels of `layers` layers, their RGBA values. */
struct source {
   uint32_t w, h, d, layers;
   double *rgba;      /* [layer][z][y][x][4] */
};

static const double *
source_texel(const struct source *s, uint32_t layer, int x, int y, int z)
{
   /* CLAMP_TO_EDGE */
   x = x < 0 ? 0 : x >= (int)s->w ? (int)s->w - 1 : x;
   y = y < 0 ? 0 : y >= (int)s->h ? (int)s->h - 1 : y;
   z = z < 0 ? 0 : z >= (int)s->d ? (int)s->d - 1 : z;
   return &s->rgba[((((size_t)layer * s->d + z) * s->h + y) * s->w + x) * 4];
}

/* Vulkan "Texel Filtering": NEAREST takes floor(u) (and v, w); LINEAR
 * i0 = floor(u - 1/2), weight frac(u - 1/2) on i0 + 1, per dimension. */
static void
sample(const struct source *s, uint32_t layer, VkFilter filter, const double uvw[3],
       double out[4])
{
   if (filter == VK_FILTER_NEAREST) {
      memcpy(out, source_texel(s, layer, (int)floor(uvw[0]), (int)floor(uvw[1]),
                               (int)floor(uvw[2])), 4 * sizeof(double));
      return;
   }
   int i0[3];
   double f[3];
   for (int a = 0; a < 3; a++) {
      double c = uvw[a] - 0.5;
      i0[a] = (int)floor(c);
      f[a] = c - floor(c);
   }
   memset(out, 0, 4 * sizeof(double));
   for (int k = 0; k < 8; k++) {
      double w = 1.0;
      int p[3];
      for (int a = 0; a < 3; a++) {
         int hi = (k >> a) & 1;
         p[a] = i0[a] + hi;
         w *= hi ? f[a] : 1.0 - f[a];
      }
      if (w == 0.0)
         continue;
      const double *texel = source_texel(s, layer, p[0], p[1], p[2]);
      for (int c = 0; c < 4; c++)
         out[c] += w * texel[c];
   }
}

/* One region of a blit as the case gives it. */
struct region {
   uint32_t src_level, src_layer, dst_layer, layers;
   VkOffset3D src[2], dst[2];
};

/* The source coordinate of destination texel (i, j, k) ("Image Copies
 * with Scaling"): base (i + 1/2) offset by dst[0], scaled by the regions'
 * ratio, offset by src[0]. */
static void
source_coord(const struct region *r, int i, int j, int k, double uvw[3])
{
   const int d[3] = { i, j, k };
   const int32_t s0[3] = { r->src[0].x, r->src[0].y, r->src[0].z };
   const int32_t s1[3] = { r->src[1].x, r->src[1].y, r->src[1].z };
   const int32_t d0[3] = { r->dst[0].x, r->dst[0].y, r->dst[0].z };
   const int32_t d1[3] = { r->dst[1].x, r->dst[1].y, r->dst[1].z };
   for (int a = 0; a < 3; a++) {
      double scale = (double)(s1[a] - s0[a]) / (double)(d1[a] - d0[a]);
      uvw[a] = (d[a] + 0.5 - d0[a]) * scale + s0[a];
   }
}

/* ---- cases ---- */

struct image_desc {
   const struct format *format;
   VkImageType type;
   uint32_t w, h, d, layers, levels;
};

struct blit_case {
   const char *name;
   struct image_desc src, dst;
   VkFilter filter;
   struct region region;
   /* tolerance in units of the destination's last place */
   double tolerance;
};

static VkImage
image_create(const struct image_desc *desc, VkDeviceMemory *mem)
{
   VkImageCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
      .imageType = desc->type,
      .format = desc->format->vk,
      .extent = { desc->w, desc->h, desc->d },
      .mipLevels = desc->levels,
      .arrayLayers = desc->layers,
      .samples = VK_SAMPLE_COUNT_1_BIT,
      .tiling = VK_IMAGE_TILING_OPTIMAL,
      .usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
   };
   VkImage image;
   VK(vkCreateImage(t.device, &info, NULL, &image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(t.device, image, &req);
   *mem = allocate(req, 0);
   VK(vkBindImageMemory(t.device, image, *mem, 0));
   return image;
}

static uint32_t
minify(uint32_t n, uint32_t level)
{
   return n >> level ? n >> level : 1;
}

/* Bytes of one level's texels (all layers), tightly packed rows of
 * texels (of blocks for BC1). */
static size_t
level_bytes(const struct image_desc *d, uint32_t level)
{
   uint32_t w = minify(d->w, level), h = minify(d->h, level);
   if (d->format == &BC1) {
      w = (w + 3) / 4;
      h = (h + 3) / 4;
   }
   return (size_t)w * h * minify(d->d, level) * d->layers * d->format->bytes;
}

static bool
format_supports(VkFormat format, VkFormatFeatureFlags need)
{
   VkFormatProperties p;
   vkGetPhysicalDeviceFormatProperties(t.pdev, format, &p);
   return (p.optimalTilingFeatures & need) == need;
}

static VkBufferImageCopy
level_copy(const struct image_desc *d, uint32_t level)
{
   return (VkBufferImageCopy){
      .imageSubresource = { aspect_of(d->format), level, 0, d->layers },
      .imageExtent = { minify(d->w, level), minify(d->h, level), minify(d->d, level) },
   };
}

/* Random source texels; integer and BC1 sources keep to values the case
 * can check. */
static void
fill_source(const struct blit_case *c, uint8_t *bytes, size_t n)
{
   fill_texels(c->src.format, bytes, n);
   if (c->src.format != &BC1)
      return;
   /* alternate blocks between the two BC1 modes: c0 > c1 (four colours)
    * and c0 <= c1 (three and transparent black) */
   for (size_t b = 0; b * 8 < n; b++) {
      uint16_t c0 = (uint16_t)(bytes[b * 8] | bytes[b * 8 + 1] << 8);
      uint16_t c1 = (uint16_t)(bytes[b * 8 + 2] | bytes[b * 8 + 3] << 8);
      bool want_greater = (b & 1) == 0;
      if ((c0 > c1) != want_greater || c0 == c1) {
         uint16_t lo = c0 < c1 ? c0 : c1, hi = c0 < c1 ? c1 : c0;
         if (lo == hi)
            hi = (uint16_t)(lo ^ 0x8410);
         if (lo > hi) {
            uint16_t tmp = lo;
            lo = hi;
            hi = tmp;
         }
         c0 = want_greater ? hi : lo;
         c1 = want_greater ? lo : hi;
         bytes[b * 8] = (uint8_t)c0;
         bytes[b * 8 + 1] = (uint8_t)(c0 >> 8);
         bytes[b * 8 + 2] = (uint8_t)c1;
         bytes[b * 8 + 3] = (uint8_t)(c1 >> 8);
      }
   }
}

/* The RGBA values of the source level the region reads. */
static struct source
source_values(const struct blit_case *c, const uint8_t *level_data)
{
   const struct image_desc *d = &c->src;
   uint32_t level = c->region.src_level;
   struct source s = { minify(d->w, level), minify(d->h, level), minify(d->d, level),
                       d->layers, NULL };
   s.rgba = calloc((size_t)s.w * s.h * s.d * s.layers * 4, sizeof(double));
   for (uint32_t l = 0; l < s.layers; l++) {
      for (uint32_t z = 0; z < s.d; z++) {
         for (uint32_t y = 0; y < s.h; y++) {
            for (uint32_t x = 0; x < s.w; x++) {
               double *out = (double *)source_texel(&s, l, (int)x, (int)y, (int)z);
               if (d->format == &BC1) {
                  uint32_t bw = (s.w + 3) / 4, bh = (s.h + 3) / 4;
                  const uint8_t *block = level_data +
                     (((size_t)l * bh + y / 4) * bw + x / 4) * 8;
                  bc1_texel(block, x % 4, y % 4, out);
                  continue;
               }
               size_t at = ((((size_t)l * s.d + z) * s.h + y) * s.w + x) * d->format->bytes;
               decode(d->format, level_data + at, out);
            }
         }
      }
   }
   return s;
}

/* The destination's last place of channel c (1 for integers). */
static double
ulp(const struct format *f, double value)
{
   switch (f->vk) {
   case VK_FORMAT_R8G8B8A8_UNORM:
   case VK_FORMAT_B8G8R8A8_UNORM:
   case VK_FORMAT_R8G8B8A8_SRGB:
      return 1.0 / 255.0;
   case VK_FORMAT_D16_UNORM:
      return 1.0 / 65535.0;
   case VK_FORMAT_D32_SFLOAT:
      return ldexp(1.0, -24);
   case VK_FORMAT_R16G16B16A16_SFLOAT: {
      double m = fabs(value);
      return m < ldexp(1.0, -14) ? ldexp(1.0, -24) : ldexp(1.0, (int)floor(log2(m)) - 10);
   }
   default:
      return 1.0;
   }
}

/* The value the destination should hold: the filtered value converted to
 * its format (sRGB destinations compare encoded values). */
static void
expected_value(const struct format *f, const double v[4], double out[4])
{
   for (int c = 0; c < 4; c++) {
      double x = v[c];
      if (f->vk == VK_FORMAT_R8G8B8A8_SRGB && c < 3)
         x = linear_to_srgb(x);
      if (f == &R8G8B8A8_UNORM || f == &B8G8R8A8_UNORM || f == &R8G8B8A8_SRGB)
         x = round((x < 0 ? 0 : x > 1 ? 1 : x) * 255.0) / 255.0;
      out[c] = x;
   }
   if (f == &D16)
      out[0] = round((out[0] < 0 ? 0 : out[0] > 1 ? 1 : out[0]) * 65535.0) / 65535.0;
   if (f == &R16_SINT || f == &R32_SINT || f == &D16 || f == &D32)
      out[1] = out[2] = 0.0, out[3] = 1.0;
}

static void
stored_value(const struct format *f, const uint8_t *p, double out[4])
{
   if (f->vk == VK_FORMAT_R8G8B8A8_SRGB) {
      for (int c = 0; c < 4; c++)
         out[c] = p[c] / 255.0;
      return;
   }
   decode(f, p, out);
}

/* Checks every destination texel: inside the region against the model,
 * outside it unchanged. */
static void
check_destination(const struct blit_case *c, const struct source *s,
                  const uint8_t *before, const uint8_t *after)
{
   const struct image_desc *d = &c->dst;
   const struct region *r = &c->region;
   const bool dst_3d = d->type == VK_IMAGE_TYPE_3D;
   int lo[3], hi[3];
   const int32_t d0[3] = { r->dst[0].x, r->dst[0].y, r->dst[0].z };
   const int32_t d1[3] = { r->dst[1].x, r->dst[1].y, r->dst[1].z };
   for (int a = 0; a < 3; a++) {
      lo[a] = d0[a] < d1[a] ? d0[a] : d1[a];
      hi[a] = d0[a] < d1[a] ? d1[a] : d0[a];
   }
   t.checks++;
   unsigned bad = 0;
   for (uint32_t l = 0; l < d->layers; l++) {
      for (uint32_t z = 0; z < d->d; z++) {
         for (uint32_t y = 0; y < d->h; y++) {
            for (uint32_t x = 0; x < d->w; x++) {
               size_t at = ((((size_t)l * d->d + z) * d->h + y) * d->w + x) * d->format->bytes;
               int k = dst_3d ? (int)z : (int)l - (int)r->dst_layer;
               bool inside = (int)x >= lo[0] && (int)x < hi[0] && (int)y >= lo[1] &&
                             (int)y < hi[1] &&
                             (dst_3d ? (k >= lo[2] && k < hi[2])
                                     : (k >= 0 && k < (int)r->layers));
               if (!inside) {
                  if (memcmp(before + at, after + at, d->format->bytes) && bad++ < 4)
                     printf("FAIL: %s: texel (%u, %u, %u) layer %u outside the region "
                            "changed\n", c->name, x, y, z, l);
                  continue;
               }
               double uvw[3];
               source_coord(r, (int)x, (int)y, dst_3d ? k : 0, uvw);
               uint32_t src_layer = r->src_layer + (dst_3d ? 0 : (uint32_t)k);
               if (c->src.type == VK_IMAGE_TYPE_3D)
                  src_layer = 0;
               else
                  uvw[2] = 0.5;
               double v[4], want[4], got[4];
               sample(s, src_layer, c->filter, uvw, v);
               expected_value(d->format, v, want);
               stored_value(d->format, after + at, got);
               for (int ch = 0; ch < 4; ch++) {
                  double tol = c->tolerance * ulp(d->format, want[ch]) + 1e-9;
                  if (fabs(got[ch] - want[ch]) <= tol)
                     continue;
                  if (bad++ < 4)
                     printf("FAIL: %s: texel (%u, %u, %u) layer %u channel %d is %.6f, "
                            "expected %.6f (+-%.6f)\n", c->name, x, y, z, l, ch,
                            got[ch], want[ch], tol);
                  break;
               }
            }
         }
      }
   }
   if (bad) {
      printf("FAIL: %s: %u texels wrong\n", c->name, bad);
      t.failures++;
   }
}

static void
record_blit(VkCommandBuffer cmd, const struct blit_case *c, VkImage src, VkImage dst,
            bool use_blit2)
{
   const struct region *r = &c->region;
   VkImageSubresourceLayers ss = { aspect_of(c->src.format), r->src_level,
                                   r->src_layer, r->layers };
   VkImageSubresourceLayers ds = { aspect_of(c->dst.format), 0, r->dst_layer, r->layers };
   if (use_blit2) {
      VkImageBlit2 region = {
         .sType = VK_STRUCTURE_TYPE_IMAGE_BLIT_2,
         .srcSubresource = ss,
         .srcOffsets = { r->src[0], r->src[1] },
         .dstSubresource = ds,
         .dstOffsets = { r->dst[0], r->dst[1] },
      };
      VkBlitImageInfo2 info = {
         .sType = VK_STRUCTURE_TYPE_BLIT_IMAGE_INFO_2,
         .srcImage = src,
         .srcImageLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
         .dstImage = dst,
         .dstImageLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
         .regionCount = 1,
         .pRegions = &region,
         .filter = c->filter,
      };
      blit2(cmd, &info);
      return;
   }
   VkImageBlit region = {
      .srcSubresource = ss,
      .srcOffsets = { r->src[0], r->src[1] },
      .dstSubresource = ds,
      .dstOffsets = { r->dst[0], r->dst[1] },
   };
   vkCmdBlitImage(cmd, src, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, dst,
                  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region, c->filter);
}

static void
run_case(const struct blit_case *c, bool use_blit2)
{
   VkFormatFeatureFlags src_need = VK_FORMAT_FEATURE_BLIT_SRC_BIT;
   if (c->filter == VK_FILTER_LINEAR)
      src_need |= VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
   if (!format_supports(c->src.format->vk, src_need) ||
       !format_supports(c->dst.format->vk, VK_FORMAT_FEATURE_BLIT_DST_BIT)) {
      printf("SKIP: %s: the device has no blit from %s to %s%s\n", c->name,
             c->src.format->name, c->dst.format->name,
             c->filter == VK_FILTER_LINEAR ? " with LINEAR" : "");
      t.skips++;
      return;
   }
   VkDeviceMemory src_mem, dst_mem;
   VkImage src = image_create(&c->src, &src_mem), dst = image_create(&c->dst, &dst_mem);
   size_t src_level_bytes[16], src_total = 0;
   for (uint32_t l = 0; l < c->src.levels; l++) {
      src_level_bytes[l] = level_bytes(&c->src, l);
      src_total += src_level_bytes[l];
   }
   size_t dst_bytes = level_bytes(&c->dst, 0);
   struct buffer up = buffer_create(src_total), dst_init = buffer_create(dst_bytes),
                 down = buffer_create(dst_bytes);
   fill_source(c, up.map, src_total);
   fill_texels(c->dst.format, dst_init.map, dst_bytes);
   const VkImageAspectFlags sa = aspect_of(c->src.format), da = aspect_of(c->dst.format);

   VkCommandBuffer cmd = cmd_begin();
   image_barrier_aspect(cmd, src, sa, VK_IMAGE_LAYOUT_UNDEFINED,
                        VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
   image_barrier_aspect(cmd, dst, da, VK_IMAGE_LAYOUT_UNDEFINED,
                        VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
   VkDeviceSize offset = 0;
   size_t read_level_at = 0;
   for (uint32_t l = 0; l < c->src.levels; l++) {
      VkBufferImageCopy copy = level_copy(&c->src, l);
      copy.bufferOffset = offset;
      if (l == c->region.src_level)
         read_level_at = offset;
      vkCmdCopyBufferToImage(cmd, up.buffer, src, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                             1, &copy);
      offset += src_level_bytes[l];
   }
   VkBufferImageCopy dst_copy = level_copy(&c->dst, 0);
   vkCmdCopyBufferToImage(cmd, dst_init.buffer, dst, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                          1, &dst_copy);
   image_barrier_aspect(cmd, src, sa, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                        VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
   image_barrier_aspect(cmd, dst, da, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                        VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
   record_blit(cmd, c, src, dst, use_blit2);
   image_barrier_aspect(cmd, dst, da, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                        VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
   vkCmdCopyImageToBuffer(cmd, dst, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, down.buffer,
                          1, &dst_copy);
   host_barrier(cmd);
   cmd_submit(cmd);

   struct source s = source_values(c, up.map + read_level_at);
   check_destination(c, &s, dst_init.map, down.map);
   free(s.rgba);
   buffer_destroy(&up);
   buffer_destroy(&dst_init);
   buffer_destroy(&down);
   vkDestroyImage(t.device, src, NULL);
   vkDestroyImage(t.device, dst, NULL);
   vkFreeMemory(t.device, src_mem, NULL);
   vkFreeMemory(t.device, dst_mem, NULL);
}

#define IMG2D(f, w, h) { &(f), VK_IMAGE_TYPE_2D, (w), (h), 1, 1, 1 }
#define OFF(x, y, z) { (x), (y), (z) }
/* A 2D region of one layer from src rectangle to dst rectangle. */
#define R2D(sx0, sy0, sx1, sy1, dx0, dy0, dx1, dy1)                        \
   { 0, 0, 0, 1, { OFF(sx0, sy0, 0), OFF(sx1, sy1, 1) },                   \
     { OFF(dx0, dy0, 0), OFF(dx1, dy1, 1) } }

static const struct blit_case cases[] = {
   { "nearest 2x up", IMG2D(R8G8B8A8_UNORM, 5, 4), IMG2D(R8G8B8A8_UNORM, 12, 10),
     VK_FILTER_NEAREST, R2D(0, 0, 5, 4, 1, 1, 11, 9), 0 },
   { "nearest 3x down", IMG2D(R8G8B8A8_UNORM, 24, 9), IMG2D(R8G8B8A8_UNORM, 8, 4),
     VK_FILTER_NEAREST, R2D(0, 0, 24, 9, 0, 0, 8, 3), 0 },
   { "linear 2x up", IMG2D(R8G8B8A8_UNORM, 6, 5), IMG2D(R8G8B8A8_UNORM, 12, 10),
     VK_FILTER_LINEAR, R2D(0, 0, 6, 5, 0, 0, 12, 10), 1 },
   { "linear 2x down", IMG2D(R8G8B8A8_UNORM, 16, 8), IMG2D(R8G8B8A8_UNORM, 9, 5),
     VK_FILTER_LINEAR, R2D(0, 0, 16, 8, 1, 0, 9, 4), 1 },
   { "nearest mirrored x, flipped y", IMG2D(R8G8B8A8_UNORM, 7, 6),
     IMG2D(R8G8B8A8_UNORM, 7, 6), VK_FILTER_NEAREST, R2D(0, 6, 7, 0, 7, 0, 0, 6), 0 },
   { "linear mirrored 2x down", IMG2D(R8G8B8A8_UNORM, 16, 12),
     IMG2D(R8G8B8A8_UNORM, 8, 6), VK_FILTER_LINEAR, R2D(16, 0, 0, 12, 0, 0, 8, 6), 1 },
   { "nearest source sub-rectangle", IMG2D(B8G8R8A8_UNORM, 16, 16),
     IMG2D(R8G8B8A8_UNORM, 6, 6), VK_FILTER_NEAREST, R2D(3, 5, 9, 8, 0, 0, 6, 6), 0 },
   { "UNORM to SFLOAT", IMG2D(R8G8B8A8_UNORM, 9, 7), IMG2D(RGBA16F, 9, 7),
     VK_FILTER_NEAREST, R2D(0, 0, 9, 7, 0, 0, 9, 7), 1 },
   { "sRGB to UNORM", IMG2D(R8G8B8A8_SRGB, 8, 8), IMG2D(R8G8B8A8_UNORM, 8, 8),
     VK_FILTER_NEAREST, R2D(0, 0, 8, 8, 0, 0, 8, 8), 1 },
   { "UNORM to sRGB", IMG2D(R8G8B8A8_UNORM, 8, 8), IMG2D(R8G8B8A8_SRGB, 8, 8),
     VK_FILTER_NEAREST, R2D(0, 0, 8, 8, 0, 0, 8, 8), 1 },
   { "sRGB linear 2x down", IMG2D(R8G8B8A8_SRGB, 8, 8), IMG2D(R8G8B8A8_SRGB, 4, 4),
     VK_FILTER_LINEAR, R2D(0, 0, 8, 8, 0, 0, 4, 4), 1 },
   { "UINT to wider UINT", IMG2D(R8G8B8A8_UINT, 6, 9), IMG2D(RGBA16_UINT, 12, 3),
     VK_FILTER_NEAREST, R2D(0, 0, 6, 9, 0, 0, 12, 3), 0 },
   { "SINT to wider SINT", IMG2D(R16_SINT, 8, 8), IMG2D(R32_SINT, 8, 8),
     VK_FILTER_NEAREST, R2D(8, 0, 0, 8, 0, 0, 8, 8), 0 },
   { "BC1 source", IMG2D(BC1, 16, 8), IMG2D(R8G8B8A8_UNORM, 16, 8),
     VK_FILTER_NEAREST, R2D(0, 0, 16, 8, 0, 0, 16, 8), 2 },
   { "BC1 linear 2x down", IMG2D(BC1, 16, 16), IMG2D(R8G8B8A8_UNORM, 8, 8),
     VK_FILTER_LINEAR, R2D(0, 0, 16, 16, 0, 0, 8, 8), 2 },
   { "array layers 1-2 to 0-1, 2x up",
     { &R8G8B8A8_UNORM, VK_IMAGE_TYPE_2D, 4, 4, 1, 3, 1 },
     { &R8G8B8A8_UNORM, VK_IMAGE_TYPE_2D, 8, 8, 1, 2, 1 }, VK_FILTER_NEAREST,
     { 0, 1, 0, 2, { OFF(0, 0, 0), OFF(4, 4, 1) }, { OFF(0, 0, 0), OFF(8, 8, 1) } }, 0 },
   { "mip level 1, linear",
     { &R8G8B8A8_UNORM, VK_IMAGE_TYPE_2D, 16, 12, 1, 1, 3 },
     IMG2D(R8G8B8A8_UNORM, 16, 12), VK_FILTER_LINEAR,
     { 1, 0, 0, 1, { OFF(0, 0, 0), OFF(8, 6, 1) }, { OFF(0, 0, 0), OFF(16, 12, 1) } }, 1 },
   { "3D linear 2x down in x, y, z",
     { &R8G8B8A8_UNORM, VK_IMAGE_TYPE_3D, 8, 8, 8, 1, 1 },
     { &R8G8B8A8_UNORM, VK_IMAGE_TYPE_3D, 4, 4, 4, 1, 1 }, VK_FILTER_LINEAR,
     { 0, 0, 0, 1, { OFF(0, 0, 0), OFF(8, 8, 8) }, { OFF(0, 0, 0), OFF(4, 4, 4) } }, 1 },
   { "3D nearest flipped z into slices 1-3",
     { &R8G8B8A8_UNORM, VK_IMAGE_TYPE_3D, 4, 4, 3, 1, 1 },
     { &R8G8B8A8_UNORM, VK_IMAGE_TYPE_3D, 4, 4, 5, 1, 1 }, VK_FILTER_NEAREST,
     { 0, 0, 0, 1, { OFF(0, 0, 3), OFF(4, 4, 0) }, { OFF(0, 0, 1), OFF(4, 4, 4) } }, 0 },
   { "1D array layers, linear 2x up",
     { &R8G8B8A8_UNORM, VK_IMAGE_TYPE_1D, 8, 1, 1, 2, 1 },
     { &R8G8B8A8_UNORM, VK_IMAGE_TYPE_1D, 20, 1, 1, 3, 1 }, VK_FILTER_LINEAR,
     { 0, 0, 1, 2, { OFF(0, 0, 0), OFF(8, 1, 1) }, { OFF(2, 0, 0), OFF(18, 1, 1) } }, 1 },
   { "D16 nearest 2x up", IMG2D(D16, 6, 5), IMG2D(D16, 12, 10), VK_FILTER_NEAREST,
     R2D(0, 0, 6, 5, 0, 0, 12, 10), 0 },
   { "D32 nearest mirrored 3x down", IMG2D(D32, 12, 9), IMG2D(D32, 4, 3),
     VK_FILTER_NEAREST, R2D(12, 0, 0, 9, 0, 0, 4, 3), 0 },
   { "3D slice to 2D, nearest",
     { &R8G8B8A8_UNORM, VK_IMAGE_TYPE_3D, 4, 4, 4, 1, 1 },
     IMG2D(R8G8B8A8_UNORM, 4, 4), VK_FILTER_NEAREST,
     { 0, 0, 0, 1, { OFF(0, 0, 2), OFF(4, 4, 3) }, { OFF(0, 0, 0), OFF(4, 4, 1) } }, 0 },
};

/* ---- every format the device reports blit features for ---- */

enum value_class { CLASS_FLOAT, CLASS_UINT, CLASS_SINT };

/* The core VkFormat numbering: 8-bit layouts in groups of 7 (UNORM, SNORM,
 * USCALED, SSCALED, UINT, SINT, SRGB), 10-10-10-2 in groups of 6 (no
 * SRGB), 16-bit in groups of 7 (SFLOAT last), 32 and 64-bit in groups of
 * 3 (UINT, SINT, SFLOAT); the rest read as floats. */
static enum value_class
format_class(VkFormat f)
{
   int k = -1;
   if (f >= VK_FORMAT_R8_UNORM && f <= VK_FORMAT_A8B8G8R8_SRGB_PACK32)
      k = (f - VK_FORMAT_R8_UNORM) % 7;
   else if (f >= VK_FORMAT_A2R10G10B10_UNORM_PACK32 && f <= VK_FORMAT_A2B10G10R10_SINT_PACK32)
      k = (f - VK_FORMAT_A2R10G10B10_UNORM_PACK32) % 6;
   else if (f >= VK_FORMAT_R16_UNORM && f <= VK_FORMAT_R16G16B16A16_SFLOAT)
      k = (f - VK_FORMAT_R16_UNORM) % 7;
   else if (f >= VK_FORMAT_R32_UINT && f <= VK_FORMAT_R64G64B64A64_SFLOAT)
      k = (f - VK_FORMAT_R32_UINT) % 3 + 4;
   return k == 4 ? CLASS_UINT : k == 5 ? CLASS_SINT : CLASS_FLOAT;
}

/* RGBA32 of the class: every class's values go through it exactly. */
static VkFormat
wide_format(enum value_class c)
{
   return c == CLASS_UINT ? VK_FORMAT_R32G32B32A32_UINT :
          c == CLASS_SINT ? VK_FORMAT_R32G32B32A32_SINT : VK_FORMAT_R32G32B32A32_SFLOAT;
}

#define SWEEP_SIZE 4u

static VkImage
sweep_image(VkFormat format, VkDeviceMemory *mem)
{
   static const struct format any = { VK_FORMAT_UNDEFINED, "", 0 };
   struct format f = any;
   f.vk = format;
   const struct image_desc d = { &f, VK_IMAGE_TYPE_2D, SWEEP_SIZE, SWEEP_SIZE, 1, 1, 1 };
   return image_create(&d, mem);
}

static void
sweep_blit(VkCommandBuffer cmd, VkImage src, VkImage dst)
{
   VkImageBlit region = {
      .srcSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
      .srcOffsets = { { 0, 0, 0 }, { SWEEP_SIZE, SWEEP_SIZE, 1 } },
      .dstSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
      .dstOffsets = { { 0, 0, 0 }, { SWEEP_SIZE, SWEEP_SIZE, 1 } },
   };
   vkCmdBlitImage(cmd, src, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, dst,
                  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region, VK_FILTER_NEAREST);
}

/* Channel c of texel i of the round trip's source: 0 or 1, exact in
 * every format (sRGB, 10/11-bit floats and 1-bit alpha included). */
static uint32_t
sweep_bit(unsigned i, unsigned c)
{
   return ((i + 3 * c) >> c) & 1;
}

/* Format f (BLIT_SRC and BLIT_DST): 0/1 texels of its class's RGBA32
 * format blitted into f and back.  R must come back; G, B and A as
 * written, or as the defaults a format without them reads (0, 0, 1). */
static void
sweep_round_trip(VkFormat f)
{
   const enum value_class cls = format_class(f);
   const VkFormat wide = wide_format(cls);
   VkDeviceMemory mem[3];
   VkImage a = sweep_image(wide, &mem[0]), b = sweep_image(f, &mem[1]),
           c = sweep_image(wide, &mem[2]);
   const size_t bytes = SWEEP_SIZE * SWEEP_SIZE * 16;
   struct buffer up = buffer_create(bytes), down = buffer_create(bytes);
   for (unsigned i = 0; i < SWEEP_SIZE * SWEEP_SIZE; i++) {
      for (unsigned ch = 0; ch < 4; ch++) {
         uint32_t v = sweep_bit(i, ch);
         if (cls == CLASS_FLOAT) {
            float fv = (float)v;
            memcpy(&v, &fv, 4);
         }
         memcpy(up.map + (i * 4 + ch) * 4, &v, 4);
      }
   }
   const VkBufferImageCopy copy = {
      .imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
      .imageExtent = { SWEEP_SIZE, SWEEP_SIZE, 1 },
   };
   const VkImageLayout dst = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                       src = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
   VkCommandBuffer cmd = cmd_begin();
   image_barrier(cmd, a, VK_IMAGE_LAYOUT_UNDEFINED, dst);
   image_barrier(cmd, b, VK_IMAGE_LAYOUT_UNDEFINED, dst);
   image_barrier(cmd, c, VK_IMAGE_LAYOUT_UNDEFINED, dst);
   vkCmdCopyBufferToImage(cmd, up.buffer, a, dst, 1, &copy);
   image_barrier(cmd, a, dst, src);
   sweep_blit(cmd, a, b);
   image_barrier(cmd, b, dst, src);
   sweep_blit(cmd, b, c);
   image_barrier(cmd, c, dst, src);
   vkCmdCopyImageToBuffer(cmd, c, src, down.buffer, 1, &copy);
   host_barrier(cmd);
   cmd_submit(cmd);

   t.checks++;
   for (unsigned i = 0; i < SWEEP_SIZE * SWEEP_SIZE; i++) {
      for (unsigned ch = 0; ch < 4; ch++) {
         uint32_t got, want = sweep_bit(i, ch), absent = ch == 3;
         memcpy(&got, down.map + (i * 4 + ch) * 4, 4);
         if (cls == CLASS_FLOAT) {
            float fv;
            memcpy(&fv, &got, 4);
            got = fv == 0.0f ? 0 : fv == 1.0f ? 1 : 2;
         }
         if (got == want || (ch > 0 && got == absent))
            continue;
         printf("FAIL: VkFormat %d round trip: texel %u channel %u is 0x%x, expected %u\n",
                (int)f, i, ch, got, want);
         t.failures++;
         i = SWEEP_SIZE * SWEEP_SIZE;
         break;
      }
   }
   buffer_destroy(&up);
   buffer_destroy(&down);
   VkImage images[3] = { a, b, c };
   for (unsigned i = 0; i < 3; i++) {
      vkDestroyImage(t.device, images[i], NULL);
      vkFreeMemory(t.device, mem[i], NULL);
   }
}

/* Format f (BLIT_SRC only): zeroed texels or blocks (a 4x4 image is one
 * block of every compressed format) blitted into its class's RGBA32
 * format.  Uncompressed zeros read 0 (alpha 0 or the absent 1); zero
 * blocks decode to something in [-1, 1] (black, or an error colour). */
static void
sweep_source(VkFormat f, bool compressed)
{
   const enum value_class cls = format_class(f);
   VkDeviceMemory mem[2];
   VkImage a = sweep_image(f, &mem[0]), b = sweep_image(wide_format(cls), &mem[1]);
   const size_t bytes = SWEEP_SIZE * SWEEP_SIZE * 32;
   struct buffer up = buffer_create(bytes), down = buffer_create(bytes);
   memset(up.map, 0, bytes);
   memset(down.map, 0xff, bytes);
   const VkBufferImageCopy copy = {
      .imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
      .imageExtent = { SWEEP_SIZE, SWEEP_SIZE, 1 },
   };
   const VkImageLayout dst = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                       src = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
   VkCommandBuffer cmd = cmd_begin();
   image_barrier(cmd, a, VK_IMAGE_LAYOUT_UNDEFINED, dst);
   image_barrier(cmd, b, VK_IMAGE_LAYOUT_UNDEFINED, dst);
   vkCmdCopyBufferToImage(cmd, up.buffer, a, dst, 1, &copy);
   image_barrier(cmd, a, dst, src);
   sweep_blit(cmd, a, b);
   image_barrier(cmd, b, dst, src);
   vkCmdCopyImageToBuffer(cmd, b, src, down.buffer, 1, &copy);
   host_barrier(cmd);
   cmd_submit(cmd);

   t.checks++;
   for (unsigned i = 0; i < SWEEP_SIZE * SWEEP_SIZE * 4; i++) {
      uint32_t got;
      memcpy(&got, down.map + i * 4, 4);
      float fv;
      memcpy(&fv, &got, 4);
      bool ok = cls != CLASS_FLOAT ? got == 0 || (i % 4 == 3 && got == 1)
              : compressed ? fv >= -1.0f && fv <= 1.0f
              : fv == 0.0f || (i % 4 == 3 && fv == 1.0f);
      if (ok)
         continue;
      printf("FAIL: VkFormat %d from zeros: value %u is 0x%08x\n", (int)f, i, got);
      t.failures++;
      break;
   }
   buffer_destroy(&up);
   buffer_destroy(&down);
   for (unsigned i = 0; i < 2; i++) {
      vkDestroyImage(t.device, i ? b : a, NULL);
      vkFreeMemory(t.device, mem[i], NULL);
   }
}

static bool
image_supported(VkFormat f)
{
   VkImageFormatProperties p;
   return vkGetPhysicalDeviceImageFormatProperties(
             t.pdev, f, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
             VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, 0, &p) ==
          VK_SUCCESS;
}

/* The set the device reports works: every core colour format with
 * BLIT_DST round-trips, every one with BLIT_SRC only is read. */
static void
sweep_formats(void)
{
   unsigned dst = 0, src = 0;
   for (VkFormat f = VK_FORMAT_R4G4_UNORM_PACK8; f <= VK_FORMAT_ASTC_12x12_SRGB_BLOCK; f++) {
      if (f >= VK_FORMAT_D16_UNORM && f <= VK_FORMAT_D32_SFLOAT_S8_UINT)
         continue;
      const bool compressed = f >= VK_FORMAT_BC1_RGB_UNORM_BLOCK;
      const enum value_class cls = format_class(f);
      const VkFormatFeatureFlags wide_need =
         VK_FORMAT_FEATURE_BLIT_SRC_BIT | VK_FORMAT_FEATURE_BLIT_DST_BIT;
      if (!format_supports(wide_format(cls), wide_need) || !image_supported(f))
         continue;
      if (!compressed && format_supports(f, VK_FORMAT_FEATURE_BLIT_SRC_BIT |
                                            VK_FORMAT_FEATURE_BLIT_DST_BIT)) {
         sweep_round_trip(f);
         dst++;
      } else if (format_supports(f, VK_FORMAT_FEATURE_BLIT_SRC_BIT)) {
         sweep_source(f, compressed);
         src++;
      }
   }
   printf("format sweep: %u formats round-tripped, %u read as sources\n", dst, src);
}

int
main(void)
{
   create_instance();
   create_device();
   for (unsigned i = 0; i < ARRAY_SIZE(cases); i++)
      run_case(&cases[i], blit2 && (i & 1));
   sweep_formats();
   vkDestroyCommandPool(t.device, t.pool, NULL);
   vkDestroyDevice(t.device, NULL);
   if (t.messenger) {
      PFN_vkDestroyDebugUtilsMessengerEXT destroy = (PFN_vkDestroyDebugUtilsMessengerEXT)
         vkGetInstanceProcAddr(t.instance, "vkDestroyDebugUtilsMessengerEXT");
      destroy(t.instance, t.messenger, NULL);
   }
   vkDestroyInstance(t.instance, NULL);
   printf("%u checks, %u failures, %u skips, %u validation errors\n", t.checks,
          t.failures, t.skips, t.validation_errors);
   if (t.failures || t.validation_errors)
      return 1;
   return t.checks ? 0 : 77;
}

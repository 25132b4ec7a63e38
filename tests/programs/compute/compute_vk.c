#include "compute_vk.h"

#include <stdio.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "../vk_program.h"

/* Everything vkGetPhysicalDeviceFeatures2 is asked about, in one chain. */
struct compute_vk_features {
   VkPhysicalDeviceFeatures2 f2;
   VkPhysicalDevice16BitStorageFeatures s16;
   VkPhysicalDevice8BitStorageFeatures s8;
   VkPhysicalDeviceShaderFloat16Int8Features f16i8;
   VkPhysicalDeviceShaderAtomicInt64Features a64;
   VkPhysicalDeviceDescriptorIndexingFeatures di;
   VkPhysicalDeviceBufferDeviceAddressFeatures bda;
   VkPhysicalDeviceShaderSubgroupExtendedTypesFeatures sgx;
};

/* SPIR-V capability -> the Vulkan feature that allows it (Vulkan spec,
 * appendix "SPIR-V Environment", table "List of SPIR-V Capabilities and
 * corresponding Vulkan features").  ext: the device extension that carries
 * the feature struct before it became core (NULL: core in 1.0/1.1). */
static const struct {
   SpvCapability cap;
   const char *feature;
   size_t offset;
   const char *ext;
} feature_caps[] = {
#define F(cap, member, name, ext) \
   { SpvCapability##cap, name, offsetof(struct compute_vk_features, member), ext }
   F(Float64, f2.features.shaderFloat64, "shaderFloat64", NULL),
   F(Int64, f2.features.shaderInt64, "shaderInt64", NULL),
   F(Int16, f2.features.shaderInt16, "shaderInt16", NULL),
   F(StorageBuffer16BitAccess, s16.storageBuffer16BitAccess, "storageBuffer16BitAccess", NULL),
   F(UniformAndStorageBuffer16BitAccess, s16.uniformAndStorageBuffer16BitAccess,
     "uniformAndStorageBuffer16BitAccess", NULL),
   F(StoragePushConstant16, s16.storagePushConstant16, "storagePushConstant16", NULL),
   F(StorageBuffer8BitAccess, s8.storageBuffer8BitAccess, "storageBuffer8BitAccess",
     "VK_KHR_8bit_storage"),
   F(UniformAndStorageBuffer8BitAccess, s8.uniformAndStorageBuffer8BitAccess,
     "uniformAndStorageBuffer8BitAccess", "VK_KHR_8bit_storage"),
   F(StoragePushConstant8, s8.storagePushConstant8, "storagePushConstant8",
     "VK_KHR_8bit_storage"),
   F(Float16, f16i8.shaderFloat16, "shaderFloat16", "VK_KHR_shader_float16_int8"),
   F(Int8, f16i8.shaderInt8, "shaderInt8", "VK_KHR_shader_float16_int8"),
   F(Int64Atomics, a64.shaderBufferInt64Atomics, "shaderBufferInt64Atomics",
     "VK_KHR_shader_atomic_int64"),
   F(StorageImageExtendedFormats, f2.features.shaderStorageImageExtendedFormats,
     "shaderStorageImageExtendedFormats", NULL),
   F(StorageImageReadWithoutFormat, f2.features.shaderStorageImageReadWithoutFormat,
     "shaderStorageImageReadWithoutFormat", NULL),
   F(StorageImageWriteWithoutFormat, f2.features.shaderStorageImageWriteWithoutFormat,
     "shaderStorageImageWriteWithoutFormat", NULL),
   F(ImageGatherExtended, f2.features.shaderImageGatherExtended, "shaderImageGatherExtended",
     NULL),
   F(SampledCubeArray, f2.features.imageCubeArray, "imageCubeArray", NULL),
   F(RuntimeDescriptorArray, di.runtimeDescriptorArray, "runtimeDescriptorArray",
     "VK_EXT_descriptor_indexing"),
   F(StorageBufferArrayNonUniformIndexing, di.shaderStorageBufferArrayNonUniformIndexing,
     "shaderStorageBufferArrayNonUniformIndexing", "VK_EXT_descriptor_indexing"),
   F(UniformBufferArrayNonUniformIndexing, di.shaderUniformBufferArrayNonUniformIndexing,
     "shaderUniformBufferArrayNonUniformIndexing", "VK_EXT_descriptor_indexing"),
   F(StorageImageArrayNonUniformIndexing, di.shaderStorageImageArrayNonUniformIndexing,
     "shaderStorageImageArrayNonUniformIndexing", "VK_EXT_descriptor_indexing"),
   F(PhysicalStorageBufferAddresses, bda.bufferDeviceAddress, "bufferDeviceAddress",
     "VK_KHR_buffer_device_address"),
#undef F
};

/* GroupNonUniform* capabilities -> VkSubgroupFeatureFlagBits the device
 * must report for the compute stage (Vulkan 1.1, VkPhysicalDeviceSubgroupProperties). */
static const struct {
   SpvCapability cap;
   VkSubgroupFeatureFlags op;
   const char *name;
} subgroup_caps[] = {
   { SpvCapabilityGroupNonUniform, VK_SUBGROUP_FEATURE_BASIC_BIT, "subgroup basic" },
   { SpvCapabilityGroupNonUniformVote, VK_SUBGROUP_FEATURE_VOTE_BIT, "subgroup vote" },
   { SpvCapabilityGroupNonUniformArithmetic, VK_SUBGROUP_FEATURE_ARITHMETIC_BIT,
     "subgroup arithmetic" },
   { SpvCapabilityGroupNonUniformBallot, VK_SUBGROUP_FEATURE_BALLOT_BIT, "subgroup ballot" },
   { SpvCapabilityGroupNonUniformShuffle, VK_SUBGROUP_FEATURE_SHUFFLE_BIT, "subgroup shuffle" },
   { SpvCapabilityGroupNonUniformShuffleRelative, VK_SUBGROUP_FEATURE_SHUFFLE_RELATIVE_BIT,
     "subgroup shuffle relative" },
   { SpvCapabilityGroupNonUniformClustered, VK_SUBGROUP_FEATURE_CLUSTERED_BIT,
     "subgroup clustered" },
   { SpvCapabilityGroupNonUniformQuad, VK_SUBGROUP_FEATURE_QUAD_BIT, "subgroup quad" },
};

/* Float-controls execution modes -> the VkPhysicalDeviceFloatControlsProperties
 * member for 16-bit floats; the 32- and 64-bit members follow it (Vulkan
 * spec, "SPIR-V Environment", execution modes need the matching property). */
static const struct {
   SpvExecutionMode mode;
   size_t offset16;
   const char *name;
} float_modes[] = {
#define M(mode, member) \
   { SpvExecutionMode##mode, offsetof(VkPhysicalDeviceFloatControlsProperties, member##16), \
     #member }
   M(SignedZeroInfNanPreserve, shaderSignedZeroInfNanPreserveFloat),
   M(DenormPreserve, shaderDenormPreserveFloat),
   M(DenormFlushToZero, shaderDenormFlushToZeroFloat),
   M(RoundingModeRTE, shaderRoundingModeRTEFloat),
   M(RoundingModeRTZ, shaderRoundingModeRTZFloat),
#undef M
};

/* Formats by the short names of GLSL's image format qualifiers, and the
 * texture formats storage images do not have (sRGB, depth, compressed:
 * bytes are per 4x4 block, block 4).  A depth format's bytes are those of
 * a buffer copy of its depth aspect (Vulkan spec, "Copying Data Between
 * Buffers and Images": D24 takes 4 bytes, the depth in the low 24 bits). */
static const struct {
   const char *name;
   VkFormat format;
   uint32_t bytes;
   uint32_t block;
} formats[] = {
   { "r8", VK_FORMAT_R8_UNORM, 1, 1 },
   { "r8_snorm", VK_FORMAT_R8_SNORM, 1, 1 },
   { "r8ui", VK_FORMAT_R8_UINT, 1, 1 },
   { "r8i", VK_FORMAT_R8_SINT, 1, 1 },
   { "rg8", VK_FORMAT_R8G8_UNORM, 2, 1 },
   { "r16f", VK_FORMAT_R16_SFLOAT, 2, 1 },
   { "r16ui", VK_FORMAT_R16_UINT, 2, 1 },
   { "rg16f", VK_FORMAT_R16G16_SFLOAT, 4, 1 },
   { "r32ui", VK_FORMAT_R32_UINT, 4, 1 },
   { "r32i", VK_FORMAT_R32_SINT, 4, 1 },
   { "r32f", VK_FORMAT_R32_SFLOAT, 4, 1 },
   { "rgba8", VK_FORMAT_R8G8B8A8_UNORM, 4, 1 },
   { "rgba8_snorm", VK_FORMAT_R8G8B8A8_SNORM, 4, 1 },
   { "rgba8ui", VK_FORMAT_R8G8B8A8_UINT, 4, 1 },
   { "rgba8i", VK_FORMAT_R8G8B8A8_SINT, 4, 1 },
   { "bgra8", VK_FORMAT_B8G8R8A8_UNORM, 4, 1 },
   { "rgb10a2", VK_FORMAT_A2B10G10R10_UNORM_PACK32, 4, 1 },
   { "rg32ui", VK_FORMAT_R32G32_UINT, 8, 1 },
   { "rg32f", VK_FORMAT_R32G32_SFLOAT, 8, 1 },
   { "rgba16f", VK_FORMAT_R16G16B16A16_SFLOAT, 8, 1 },
   { "rgba16ui", VK_FORMAT_R16G16B16A16_UINT, 8, 1 },
   { "rgba16i", VK_FORMAT_R16G16B16A16_SINT, 8, 1 },
   { "rgba32ui", VK_FORMAT_R32G32B32A32_UINT, 16, 1 },
   { "rgba32i", VK_FORMAT_R32G32B32A32_SINT, 16, 1 },
   { "rgba32f", VK_FORMAT_R32G32B32A32_SFLOAT, 16, 1 },
   { "srgba8", VK_FORMAT_R8G8B8A8_SRGB, 4, 1 },
   { "r11g11b10f", VK_FORMAT_B10G11R11_UFLOAT_PACK32, 4, 1 },
   { "d16", VK_FORMAT_D16_UNORM, 2, 1 },
   { "d32f", VK_FORMAT_D32_SFLOAT, 4, 1 },
   { "d24s8", VK_FORMAT_D24_UNORM_S8_UINT, 4, 1 },
   { "bc1", VK_FORMAT_BC1_RGBA_UNORM_BLOCK, 8, 4 },
   { "bc3", VK_FORMAT_BC3_UNORM_BLOCK, 16, 4 },
   { "bc7", VK_FORMAT_BC7_UNORM_BLOCK, 16, 4 },
   { "etc2", VK_FORMAT_ETC2_R8G8B8A8_UNORM_BLOCK, 16, 4 },
};

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#define MAX_CAPS 64
#define MAX_FLOAT_MODES 8

VkFormat
compute_vk_format(const char *name, uint32_t *texel_bytes)
{
   for (size_t i = 0; i < ARRAY_LEN(formats); i++) {
      if (!strcmp(formats[i].name, name)) {
         *texel_bytes = formats[i].bytes;
         return formats[i].format;
      }
   }
   return VK_FORMAT_UNDEFINED;
}

/* The entry of f in formats[], ARRAY_LEN(formats) when it has none. */
static size_t
format_index(VkFormat f)
{
   size_t i = 0;
   while (i < ARRAY_LEN(formats) && formats[i].format != f)
      i++;
   return i;
}

static const char *
format_name(VkFormat f)
{
   size_t i = format_index(f);
   return i < ARRAY_LEN(formats) ? formats[i].name : "?";
}

/* 0 for a format the table lacks (compute_vk_unsupported rejects those). */
static uint32_t
texel_bytes(VkFormat f)
{
   size_t i = format_index(f);
   return i < ARRAY_LEN(formats) ? formats[i].bytes : 0;
}

uint32_t
compute_vk_format_block(VkFormat f)
{
   size_t i = format_index(f);
   return i < ARRAY_LEN(formats) ? formats[i].block : 1;
}

static uint32_t
minify(uint32_t size, uint32_t level)
{
   return level < 32 && size >> level ? size >> level : 1;
}

uint64_t
compute_vk_level_bytes(const struct compute_vk_image *im, VkFormat f, uint32_t texel_bytes,
                       uint32_t level)
{
   uint32_t block = compute_vk_format_block(f);
   uint64_t w = (minify(im->extent.width, level) + block - 1) / block;
   uint64_t h = (minify(im->extent.height, level) + block - 1) / block;
   return w * h * minify(im->extent.depth, level) * im->layers * texel_bytes;
}

/* What the module declares: its SPIR-V version, capabilities, LocalSize,
 * float-controls modes (mode, bit width) and whether it has image atomics. */
struct compute_vk_module {
   uint32_t version;
   SpvCapability caps[MAX_CAPS];
   uint32_t num_caps;
   uint32_t local[3];
   uint32_t float_modes[MAX_FLOAT_MODES][2];
   uint32_t num_float_modes;
   bool image_atomics;
};

static bool
is_float_mode(uint32_t mode)
{
   for (size_t i = 0; i < ARRAY_LEN(float_modes); i++)
      if (float_modes[i].mode == mode)
         return true;
   return false;
}

static const char *
scan_module(const uint32_t *code, size_t words, struct compute_vk_module *m)
{
   *m = (struct compute_vk_module){ .local = { 1, 1, 1 } };
   if (words < 5 || code[0] != SpvMagicNumber)
      return "invalid SPIR-V: no SPIR-V header";
   m->version = code[1];
   for (size_t i = 5; i < words;) {
      uint32_t len = code[i] >> 16, op = code[i] & 0xffff;
      if (!len || i + len > words)
         return "invalid SPIR-V: instruction runs past the end";
      if (op == SpvOpCapability && len == 2 && m->num_caps < MAX_CAPS)
         m->caps[m->num_caps++] = (SpvCapability)code[i + 1];
      if (op == SpvOpExecutionMode && len == 6 && code[i + 2] == SpvExecutionModeLocalSize)
         memcpy(m->local, &code[i + 3], sizeof(m->local));
      if (op == SpvOpExecutionMode && len == 4 && is_float_mode(code[i + 2])) {
         if (m->num_float_modes == MAX_FLOAT_MODES)
            return "invalid SPIR-V: too many float-controls execution modes";
         memcpy(m->float_modes[m->num_float_modes++], &code[i + 2], 8);
      }
      m->image_atomics |= op == SpvOpImageTexelPointer;
      i += len;
   }
   return NULL;
}

static bool
has_extension(VkPhysicalDevice pd, const char *name)
{
   uint32_t n = 0;
   VK(vkEnumerateDeviceExtensionProperties(pd, NULL, &n, NULL));
   VkExtensionProperties *e = calloc(n ? n : 1, sizeof(*e));
   VK(vkEnumerateDeviceExtensionProperties(pd, NULL, &n, e));
   bool found = false;
   for (uint32_t i = 0; i < n && !found; i++)
      found = !strcmp(e[i].extensionName, name);
   free(e);
   return found;
}

/* Chains into f2 the structs of the extensions pd has, so that a feature
 * of a missing extension reads as false. */
static void
chain_features(VkPhysicalDevice pd, struct compute_vk_features *f)
{
   *f = (struct compute_vk_features){
      .f2 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2 },
      .s16 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES },
      .s8 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_8BIT_STORAGE_FEATURES },
      .f16i8 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES },
      .a64 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_INT64_FEATURES },
      .di = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DESCRIPTOR_INDEXING_FEATURES },
      .bda = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES },
      .sgx = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_SUBGROUP_EXTENDED_TYPES_FEATURES },
   };
   void **next = &f->f2.pNext;
   *next = &f->s16;
   next = &f->s16.pNext;
   if (has_extension(pd, "VK_KHR_8bit_storage")) {
      *next = &f->s8;
      next = &f->s8.pNext;
   }
   if (has_extension(pd, "VK_KHR_shader_float16_int8")) {
      *next = &f->f16i8;
      next = &f->f16i8.pNext;
   }
   if (has_extension(pd, "VK_KHR_shader_atomic_int64")) {
      *next = &f->a64;
      next = &f->a64.pNext;
   }
   if (has_extension(pd, "VK_EXT_descriptor_indexing")) {
      *next = &f->di;
      next = &f->di.pNext;
   }
   if (has_extension(pd, "VK_KHR_shader_subgroup_extended_types")) {
      *next = &f->sgx;
      next = &f->sgx.pNext;
   }
   if (has_extension(pd, "VK_KHR_buffer_device_address"))
      *next = &f->bda;
}

/* Features2 is core in 1.1; a 1.0 device answers only the core features. */
static void
query_features(VkPhysicalDevice pd, uint32_t api, struct compute_vk_features *f)
{
   chain_features(pd, f);
   if (api >= VK_API_VERSION_1_1)
      vkGetPhysicalDeviceFeatures2(pd, &f->f2);
   else
      vkGetPhysicalDeviceFeatures(pd, &f->f2.features);
}

static VkBool32 *
feature_field(struct compute_vk_features *f, size_t offset)
{
   return (VkBool32 *)((char *)f + offset);
}

static bool
module_has(const struct compute_vk_module *m, SpvCapability cap)
{
   for (uint32_t i = 0; i < m->num_caps; i++)
      if (m->caps[i] == cap)
         return true;
   return false;
}

static const char *
unsupported_limit(const struct compute_vk *v, const struct compute_vk_module *m,
                  const struct compute_vk_job *job, char *buf, size_t len)
{
   const VkPhysicalDeviceLimits *l = &v->props.limits;
   uint64_t invocations = (uint64_t)m->local[0] * m->local[1] * m->local[2];
   for (int i = 0; i < 3; i++) {
      /* vkCmdDispatchBase: base + count must stay within the group count limit */
      uint64_t last = (uint64_t)job->base[i] + job->groups[i];
      if (m->local[i] > l->maxComputeWorkGroupSize[i]) {
         snprintf(buf, len, "maxComputeWorkGroupSize[%d] %u < %u", i,
                  l->maxComputeWorkGroupSize[i], m->local[i]);
         return buf;
      }
      if (last > l->maxComputeWorkGroupCount[i]) {
         snprintf(buf, len, "maxComputeWorkGroupCount[%d] %u < %llu", i,
                  l->maxComputeWorkGroupCount[i], (unsigned long long)last);
         return buf;
      }
   }
   if (invocations > l->maxComputeWorkGroupInvocations) {
      snprintf(buf, len, "maxComputeWorkGroupInvocations %u < %llu",
               l->maxComputeWorkGroupInvocations, (unsigned long long)invocations);
      return buf;
   }
   return NULL;
}

/* Group operations on 8/16/64-bit integers or 16-bit floats need
 * shaderSubgroupExtendedTypes (Vulkan "Group Operations"); a module that
 * declares both kinds of capability is taken to do that. */
static bool
uses_extended_subgroup_types(const struct compute_vk_module *m)
{
   bool group = false, types = false;
   for (uint32_t i = 0; i < m->num_caps; i++) {
      SpvCapability c = m->caps[i];
      group |= c >= SpvCapabilityGroupNonUniformVote && c <= SpvCapabilityGroupNonUniformQuad;
      types |= c == SpvCapabilityInt8 || c == SpvCapabilityInt16 || c == SpvCapabilityInt64 ||
               c == SpvCapabilityFloat16;
   }
   return group && types;
}

static const char *
unsupported_subgroup(const struct compute_vk *v, const struct compute_vk_module *m)
{
   /* GroupNonUniform* needs SPIR-V 1.3, which a 1.0 device already refused */
   if (v->props.apiVersion < VK_API_VERSION_1_1)
      return NULL;
   VkPhysicalDeviceSubgroupProperties sg = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES };
   vkGetPhysicalDeviceProperties2(v->pd, &(VkPhysicalDeviceProperties2){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &sg });
   for (size_t i = 0; i < ARRAY_LEN(subgroup_caps); i++) {
      if (!module_has(m, subgroup_caps[i].cap))
         continue;
      if (!(sg.supportedStages & VK_SHADER_STAGE_COMPUTE_BIT) ||
          !(sg.supportedOperations & subgroup_caps[i].op))
         return subgroup_caps[i].name;
   }
   return NULL;
}

static const char *
unsupported_float_modes(const struct compute_vk *v, const struct compute_vk_module *m,
                        char *buf, size_t len)
{
   if (!m->num_float_modes)
      return NULL;
   if (!has_extension(v->pd, "VK_KHR_shader_float_controls"))
      return "VK_KHR_shader_float_controls";
   VkPhysicalDeviceFloatControlsProperties fc = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FLOAT_CONTROLS_PROPERTIES };
   vkGetPhysicalDeviceProperties2(v->pd, &(VkPhysicalDeviceProperties2){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &fc });
   for (uint32_t i = 0; i < m->num_float_modes; i++) {
      uint32_t mode = m->float_modes[i][0], width = m->float_modes[i][1];
      if (width != 16 && width != 32 && width != 64)
         return "invalid SPIR-V: float-controls mode on a width other than 16, 32, 64";
      for (size_t f = 0; f < ARRAY_LEN(float_modes); f++) {
         if (float_modes[f].mode != mode)
            continue;
         size_t member = float_modes[f].offset16 + (width / 32) * sizeof(VkBool32);
         if (*(const VkBool32 *)((const char *)&fc + member))
            continue;
         snprintf(buf, len, "%s%u", float_modes[f].name, width);
         return buf;
      }
   }
   return NULL;
}

static bool
is_texture(const struct compute_vk_binding *b)
{
   return b->type == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
}

static bool
filters_linearly(const struct compute_vk_sampler *s)
{
   return s->mag == VK_FILTER_LINEAR || s->min == VK_FILTER_LINEAR ||
          s->mipmap == VK_SAMPLER_MIPMAP_MODE_LINEAR;
}

static bool
mirror_clamps(const struct compute_vk_sampler *s)
{
   for (int i = 0; i < 3; i++)
      if (s->address[i] == VK_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE)
         return true;
   return false;
}

static bool
is_depth(VkFormat f)
{
   return f == VK_FORMAT_D16_UNORM || f == VK_FORMAT_D32_SFLOAT ||
          f == VK_FORMAT_D24_UNORM_S8_UINT;
}

static bool
is_bc(VkFormat f)
{
   return f >= VK_FORMAT_BC1_RGB_UNORM_BLOCK && f <= VK_FORMAT_BC7_SRGB_BLOCK;
}

static bool
is_etc2(VkFormat f)
{
   return f >= VK_FORMAT_ETC2_R8G8B8_UNORM_BLOCK && f <= VK_FORMAT_EAC_R11G11_SNORM_BLOCK;
}

/* The format features a binding needs from its tiling or buffer features. */
static VkFormatFeatureFlags
needed_format_features(const struct compute_vk *v, const struct compute_vk_module *m,
                       const struct compute_vk_binding *b)
{
   bool atomic = m->image_atomics &&
                 (b->format == VK_FORMAT_R32_UINT || b->format == VK_FORMAT_R32_SINT);
   switch (b->type) {
   case VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER:
      return VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT;
   case VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER:
      return VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_BIT |
             (atomic ? VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_ATOMIC_BIT : 0);
   case VK_DESCRIPTOR_TYPE_STORAGE_IMAGE:
      /* the transfer bits are only reported from Vulkan 1.1 (maintenance1) */
      return VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT |
             (atomic ? VK_FORMAT_FEATURE_STORAGE_IMAGE_ATOMIC_BIT : 0) |
             (v->props.apiVersion >= VK_API_VERSION_1_1
                 ? VK_FORMAT_FEATURE_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT : 0);
   case VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER:
      /* linear filtering needs FILTER_LINEAR unless the sampler compares
       * (VUIDs magFilter-04553 and mipmapMode-04770 of vkCmdDispatch) */
      return VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT |
             (filters_linearly(&b->sampler) && !b->sampler.compare
                 ? VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT : 0) |
             (v->props.apiVersion >= VK_API_VERSION_1_1 ? VK_FORMAT_FEATURE_TRANSFER_DST_BIT
                                                        : 0);
   default:
      return 0;
   }
}

static VkImageType
image_type_of(VkImageViewType view)
{
   switch (view) {
   case VK_IMAGE_VIEW_TYPE_1D:
   case VK_IMAGE_VIEW_TYPE_1D_ARRAY:
      return VK_IMAGE_TYPE_1D;
   case VK_IMAGE_VIEW_TYPE_3D:
      return VK_IMAGE_TYPE_3D;
   default:
      return VK_IMAGE_TYPE_2D;
   }
}

static const VkImageUsageFlags image_usage = VK_IMAGE_USAGE_STORAGE_BIT |
   VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
static const VkImageUsageFlags texture_usage = VK_IMAGE_USAGE_SAMPLED_BIT |
   VK_IMAGE_USAGE_TRANSFER_DST_BIT;

static bool
is_cube(VkImageViewType view)
{
   return view == VK_IMAGE_VIEW_TYPE_CUBE || view == VK_IMAGE_VIEW_TYPE_CUBE_ARRAY;
}

/* A binding made without levels (a storage image) has one. */
static uint32_t
image_levels(const struct compute_vk_image *im)
{
   return im->levels ? im->levels : 1;
}

/* The bytes of every level of a storage image or texture, tightly packed. */
static uint64_t
image_bytes(const struct compute_vk_binding *b)
{
   uint64_t bytes = 0;
   for (uint32_t l = 0; l < image_levels(&b->image); l++)
      bytes += compute_vk_level_bytes(&b->image, b->format, texel_bytes(b->format), l);
   return bytes;
}

/* What a texture's sampler needs beyond the format: device features,
 * extensions and limits (VkSamplerCreateInfo's valid usage). */
static const char *
unsupported_sampler(const struct compute_vk *v, const struct compute_vk_binding *b,
                    char *buf, size_t len)
{
   const struct compute_vk_sampler *s = &b->sampler;
   const VkPhysicalDeviceLimits *l = &v->props.limits;
   VkPhysicalDeviceFeatures f;
   vkGetPhysicalDeviceFeatures(v->pd, &f);
   if (s->anisotropy > 0 && !f.samplerAnisotropy)
      return "samplerAnisotropy";
   if (s->anisotropy > l->maxSamplerAnisotropy) {
      snprintf(buf, len, "maxSamplerAnisotropy %g < %g", l->maxSamplerAnisotropy,
               s->anisotropy);
      return buf;
   }
   if (s->bias > l->maxSamplerLodBias || -s->bias > l->maxSamplerLodBias) {
      snprintf(buf, len, "maxSamplerLodBias %g < |%g|", l->maxSamplerLodBias, s->bias);
      return buf;
   }
   if (mirror_clamps(s) && !has_extension(v->pd, "VK_KHR_sampler_mirror_clamp_to_edge"))
      return "VK_KHR_sampler_mirror_clamp_to_edge";
   if (is_bc(b->format) && !f.textureCompressionBC)
      return "textureCompressionBC";
   if (is_etc2(b->format) && !f.textureCompressionETC2)
      return "textureCompressionETC2";
   if (b->image.view == VK_IMAGE_VIEW_TYPE_CUBE_ARRAY && !f.imageCubeArray)
      return "imageCubeArray";
   return NULL;
}

static const char *
unsupported_image(const struct compute_vk *v, const struct compute_vk_binding *b,
                  char *buf, size_t len)
{
   const struct compute_vk_image *im = &b->image;
   /* the staging buffer holds the texels tightly packed */
   if (image_bytes(b) != b->size) {
      snprintf(buf, len, "invalid binding %u: %zu bytes for %llu bytes of %s texels",
               b->binding, b->size, (unsigned long long)image_bytes(b), format_name(b->format));
      return buf;
   }
   if (im->mapped && im->tiling != VK_IMAGE_TILING_LINEAR) {
      snprintf(buf, len, "invalid binding %u: only linear images are mapped", b->binding);
      return buf;
   }
   VkImageFormatProperties ip;
   VkResult r = vkGetPhysicalDeviceImageFormatProperties(v->pd, b->format,
      image_type_of(im->view), im->tiling, is_texture(b) ? texture_usage : image_usage,
      is_cube(im->view) ? VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT : 0, &ip);
   if (r == VK_SUCCESS && im->extent.width <= ip.maxExtent.width &&
       im->extent.height <= ip.maxExtent.height && im->extent.depth <= ip.maxExtent.depth &&
       im->layers <= ip.maxArrayLayers && image_levels(im) <= ip.maxMipLevels)
      return is_texture(b) ? unsupported_sampler(v, b, buf, len) : NULL;
   if (r != VK_SUCCESS && r != VK_ERROR_FORMAT_NOT_SUPPORTED)
      VK(r);
   snprintf(buf, len, "%s %uD %s %s %ux%ux%u, %u layers, %u levels",
            im->mapped ? "mapped" : im->tiling == VK_IMAGE_TILING_LINEAR ? "linear" : "optimal",
            image_type_of(im->view) + 1, is_texture(b) ? "texture" : "storage image",
            format_name(b->format), im->extent.width, im->extent.height, im->extent.depth,
            im->layers, image_levels(im));
   return buf;
}

static const char *
unsupported_format(const struct compute_vk *v, const struct compute_vk_module *m,
                   const struct compute_vk_binding *b, char *buf, size_t len)
{
   VkFormatFeatureFlags need = needed_format_features(v, m, b);
   if (!need)
      return NULL;
   /* the texel size is needed for the staging copies and the limits */
   if (!texel_bytes(b->format)) {
      snprintf(buf, len, "invalid binding %u: VkFormat %d is not in compute_vk's table",
               b->binding, b->format);
      return buf;
   }
   VkFormatProperties fp;
   vkGetPhysicalDeviceFormatProperties(v->pd, b->format, &fp);
   bool image = b->type == VK_DESCRIPTOR_TYPE_STORAGE_IMAGE || is_texture(b);
   VkFormatFeatureFlags have = !image ? fp.bufferFeatures
                               : b->image.tiling == VK_IMAGE_TILING_LINEAR
                                  ? fp.linearTilingFeatures : fp.optimalTilingFeatures;
   if ((have & need) != need) {
      snprintf(buf, len, "format %s: %s features 0x%x lack 0x%x", format_name(b->format),
               !image ? "buffer" : b->image.tiling == VK_IMAGE_TILING_LINEAR ? "linear tiling"
                                                                          : "optimal tiling",
               have, need & ~have);
      return buf;
   }
   if (image)
      return unsupported_image(v, b, buf, len);
   size_t texels = b->size / texel_bytes(b->format);
   if (texels > v->props.limits.maxTexelBufferElements) {
      snprintf(buf, len, "maxTexelBufferElements %u < %zu",
               v->props.limits.maxTexelBufferElements, texels);
      return buf;
   }
   return NULL;
}

static const char *
unsupported_bindings(const struct compute_vk *v, const struct compute_vk_module *m,
                     const struct compute_vk_job *job, char *buf, size_t len)
{
   for (uint32_t i = 0; i < job->num_bindings; i++) {
      const char *bad = unsupported_format(v, m, &job->bindings[i], buf, len);
      if (bad)
         return bad;
   }
   return NULL;
}

const char *
compute_vk_unsupported(const struct compute_vk *v, const struct compute_vk_job *job,
                       char *buf, size_t len)
{
   struct compute_vk_module m;
   const char *bad = scan_module(job->code, job->words, &m);
   if (bad)
      return bad;
   /* SPIR-V 1.3 (glslang --target-env vulkan1.1) needs a Vulkan 1.1 device */
   if (m.version > 0x00010000 && v->props.apiVersion < VK_API_VERSION_1_1)
      return "Vulkan 1.1 (SPIR-V 1.3)";
   /* SPIR-V 1.4 and 1.5 (--target-env vulkan1.2): a Vulkan 1.2 device (or
    * VK_KHR_spirv_1_4 for 1.4, which no device here needs) */
   if (m.version > 0x00010300 && v->props.apiVersion < VK_API_VERSION_1_2)
      return "Vulkan 1.2 (SPIR-V 1.4+)";
   struct compute_vk_features have;
   query_features(v->pd, v->props.apiVersion, &have);
   if (uses_extended_subgroup_types(&m) && !have.sgx.shaderSubgroupExtendedTypes)
      return "shaderSubgroupExtendedTypes";
   for (size_t i = 0; i < ARRAY_LEN(feature_caps); i++) {
      if (module_has(&m, feature_caps[i].cap) && !*feature_field(&have, feature_caps[i].offset))
         return feature_caps[i].feature;
   }
   bool base = job->base[0] || job->base[1] || job->base[2];
   if (base && v->props.apiVersion < VK_API_VERSION_1_1)
      return "Vulkan 1.1 (vkCmdDispatchBase)";
   if ((bad = unsupported_subgroup(v, &m)) || (bad = unsupported_float_modes(v, &m, buf, len)) ||
       (bad = unsupported_bindings(v, &m, job, buf, len)))
      return bad;
   return unsupported_limit(v, &m, job, buf, len);
}

bool
compute_vk_open(struct compute_vk *v)
{
   VkApplicationInfo app = { .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                             .apiVersion = VK_API_VERSION_1_2 };
   VkResult r = vkCreateInstance(&(VkInstanceCreateInfo){
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, .pApplicationInfo = &app },
      NULL, &v->instance);
   if (r != VK_SUCCESS) {
      fprintf(stderr, "vkCreateInstance failed: %d (no Vulkan driver?)\n", r);
      return false;
   }
   uint32_t n = 1;
   r = vkEnumeratePhysicalDevices(v->instance, &n, &v->pd);
   if ((r != VK_SUCCESS && r != VK_INCOMPLETE) || !n) {
      fprintf(stderr, "no Vulkan physical device\n");
      return false;
   }
   vkGetPhysicalDeviceProperties(v->pd, &v->props);
   uint32_t nq = 0;
   vkGetPhysicalDeviceQueueFamilyProperties(v->pd, &nq, NULL);
   VkQueueFamilyProperties qp[16];
   nq = nq > 16 ? 16 : nq;
   vkGetPhysicalDeviceQueueFamilyProperties(v->pd, &nq, qp);
   for (v->qf = 0; v->qf < nq; v->qf++)
      if (qp[v->qf].queueFlags & VK_QUEUE_COMPUTE_BIT)
         return true;
   fprintf(stderr, "%s has no compute queue\n", v->props.deviceName);
   return false;
}

static bool
has_arrays(const struct compute_vk_job *job)
{
   for (uint32_t b = 0; b < job->num_bindings; b++)
      if (job->bindings[b].element)
         return true;
   return false;
}

/* The features and extensions the job's samplers and texture formats use
 * (compute_vk_unsupported checked that the device has them). */
static void
want_texture_features(const struct compute_vk_job *job, VkPhysicalDeviceFeatures *w,
                      bool *mirror_clamp)
{
   for (uint32_t b = 0; b < job->num_bindings; b++) {
      const struct compute_vk_binding *bd = &job->bindings[b];
      if (!is_texture(bd))
         continue;
      w->samplerAnisotropy |= bd->sampler.anisotropy > 0;
      w->textureCompressionBC |= is_bc(bd->format);
      w->textureCompressionETC2 |= is_etc2(bd->format);
      w->imageCubeArray |= bd->image.view == VK_IMAGE_VIEW_TYPE_CUBE_ARRAY;
      *mirror_clamp |= mirror_clamps(&bd->sampler);
   }
}

void
compute_vk_create_device(struct compute_vk *v, const struct compute_vk_job *job)
{
   struct compute_vk_module m;
   scan_module(job->code, job->words, &m);
   struct compute_vk_features want;
   chain_features(v->pd, &want);
   const char *exts[ARRAY_LEN(feature_caps) + 3];
   uint32_t num_exts = 0;
   bool mirror_clamp = false;
   want_texture_features(job, &want.f2.features, &mirror_clamp);
   if (mirror_clamp)
      exts[num_exts++] = "VK_KHR_sampler_mirror_clamp_to_edge";
   /* SPV_KHR_float_controls in a SPIR-V 1.3 module needs the extension */
   if (m.num_float_modes)
      exts[num_exts++] = "VK_KHR_shader_float_controls";
   if (uses_extended_subgroup_types(&m)) {
      want.sgx.shaderSubgroupExtendedTypes = VK_TRUE;
      exts[num_exts++] = "VK_KHR_shader_subgroup_extended_types";
   }
   for (size_t i = 0; i < ARRAY_LEN(feature_caps); i++) {
      if (!module_has(&m, feature_caps[i].cap))
         continue;
      *feature_field(&want, feature_caps[i].offset) = VK_TRUE;
      const char *ext = feature_caps[i].ext;
      bool listed = !ext;
      for (uint32_t e = 0; e < num_exts && !listed; e++)
         listed = !strcmp(exts[e], ext);
      if (!listed)
         exts[num_exts++] = ext;
   }
   if (has_arrays(job)) {
      /* an array indexed at run time needs its type's dynamic indexing
       * (core features every driver here has) */
      struct compute_vk_features have;
      query_features(v->pd, v->props.apiVersion, &have);
      VkPhysicalDeviceFeatures *w = &want.f2.features;
      const VkPhysicalDeviceFeatures *h = &have.f2.features;
      w->shaderUniformBufferArrayDynamicIndexing = h->shaderUniformBufferArrayDynamicIndexing;
      w->shaderStorageBufferArrayDynamicIndexing = h->shaderStorageBufferArrayDynamicIndexing;
      w->shaderStorageImageArrayDynamicIndexing = h->shaderStorageImageArrayDynamicIndexing;
      w->shaderSampledImageArrayDynamicIndexing = h->shaderSampledImageArrayDynamicIndexing;
   }
   float prio = 1.0f;
   VkDeviceQueueCreateInfo qci = { .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                   .queueFamilyIndex = v->qf, .queueCount = 1,
                                   .pQueuePriorities = &prio };
   /* a 1.0 device takes the core features only (Features2 is 1.1) */
   bool api11 = v->props.apiVersion >= VK_API_VERSION_1_1;
   VK(vkCreateDevice(v->pd, &(VkDeviceCreateInfo){
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .pNext = api11 ? &want.f2 : NULL,
      .queueCreateInfoCount = 1, .pQueueCreateInfos = &qci,
      .enabledExtensionCount = num_exts, .ppEnabledExtensionNames = exts,
      .pEnabledFeatures = api11 ? NULL : &want.f2.features }, NULL, &v->dev));
   vkGetDeviceQueue(v->dev, v->qf, 0, &v->queue);
}

/* What one binding owns: a host-visible buffer (the storage, or for an
 * image the staging copy of its texels), a buffer view for texel buffers,
 * an image, its memory and view for storage images. */
struct compute_vk_resource {
   VkBuffer buf;
   VkDeviceMemory mem;
   void *map;
   VkBufferView buf_view;
   VkImage image;
   VkDeviceMemory image_mem;
   VkImageView image_view;
   VkSampler sampler;
};

struct compute_vk_objects {
   struct compute_vk_resource *res;
   uint8_t push[256];              /* the job's, addresses written */
   VkBuffer indirect;
   VkDeviceMemory indirect_mem;
   VkDescriptorSetLayout dsl;
   VkPipelineLayout layout;
   VkShaderModule module;
   VkPipeline pipeline;
   VkDescriptorPool pool;
   VkDescriptorSet set;
   VkCommandPool cmd_pool;
   VkFence fence;
};

static bool
is_image(const struct compute_vk_binding *b)
{
   return b->type == VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
}

/* A storage image whose texels go through buffer copies (mapped false) or
 * through its mapped memory (mapped true). */
static bool
is_copied_image(const struct compute_vk_binding *b, bool mapped)
{
   return is_image(b) && b->image.mapped == mapped;
}

static VkBufferUsageFlags
usage_of(VkDescriptorType t)
{
   switch (t) {
   case VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER:
      return VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT;
   case VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER:
      return VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT;
   case VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER:
      return VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT;
   case VK_DESCRIPTOR_TYPE_STORAGE_IMAGE:
      return VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
   case VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER:
      return VK_BUFFER_USAGE_TRANSFER_SRC_BIT;
   default:
      return VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
   }
}

static VkDeviceMemory
allocate_memory(struct compute_vk *v, VkMemoryRequirements req, VkMemoryPropertyFlags flags,
                bool device_address)
{
   VkDeviceMemory mem;
   VkMemoryAllocateFlagsInfo fi = { .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO,
                                    .flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT };
   VK(vkAllocateMemory(v->dev, &(VkMemoryAllocateInfo){
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .pNext = device_address ? &fi : NULL,
      .allocationSize = req.size,
      .memoryTypeIndex = vk_program_memory_type(v->pd, req.memoryTypeBits, flags) },
      NULL, &mem));
   return mem;
}

/* A host-visible, coherent buffer holding bytes copied from data. */
static void
create_host_buffer(struct compute_vk *v, VkBufferUsageFlags usage, const void *data,
                   size_t size, VkBuffer *buf, VkDeviceMemory *mem, void **map)
{
   VK(vkCreateBuffer(v->dev, &(VkBufferCreateInfo){
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = size, .usage = usage },
      NULL, buf));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(v->dev, *buf, &req);
   bool bda = usage & VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT;
   *mem = allocate_memory(v, req, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                  VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, bda);
   VK(vkBindBufferMemory(v->dev, *buf, *mem, 0));
   VK(vkMapMemory(v->dev, *mem, 0, VK_WHOLE_SIZE, 0, map));
   memcpy(*map, data, size);
}

/* Copies a mapped linear image's texels between its memory, laid out as
 * vkGetImageSubresourceLayout says, and the tightly packed staging buffer
 * (upload true: into the image). */
static void
copy_mapped_image(struct compute_vk *v, const struct compute_vk_binding *b,
                  const struct compute_vk_resource *r, bool upload)
{
   const struct compute_vk_image *im = &b->image;
   size_t row = (size_t)im->extent.width * texel_bytes(b->format);
   char *image, *packed = r->map;
   VK(vkMapMemory(v->dev, r->image_mem, 0, VK_WHOLE_SIZE, 0, (void **)&image));
   for (uint32_t layer = 0; layer < im->layers; layer++) {
      VkSubresourceLayout sl;
      vkGetImageSubresourceLayout(v->dev, r->image, &(VkImageSubresource){
         VK_IMAGE_ASPECT_COLOR_BIT, 0, layer }, &sl);
      for (uint32_t z = 0; z < im->extent.depth; z++) {
         for (uint32_t y = 0; y < im->extent.height; y++) {
            char *texels = image + sl.offset + z * sl.depthPitch + y * sl.rowPitch;
            memcpy(upload ? texels : packed, upload ? packed : texels, row);
            packed += row;
         }
      }
   }
   vkUnmapMemory(v->dev, r->image_mem);
}

static void
create_image(struct compute_vk *v, const struct compute_vk_binding *b,
             struct compute_vk_resource *r)
{
   const struct compute_vk_image *im = &b->image;
   VK(vkCreateImage(v->dev, &(VkImageCreateInfo){
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = image_type_of(im->view),
      .format = b->format, .extent = im->extent, .mipLevels = 1, .arrayLayers = im->layers,
      .samples = VK_SAMPLE_COUNT_1_BIT, .tiling = im->tiling, .usage = image_usage,
      .initialLayout = im->mapped ? VK_IMAGE_LAYOUT_PREINITIALIZED : VK_IMAGE_LAYOUT_UNDEFINED },
      NULL, &r->image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(v->dev, r->image, &req);
   r->image_mem = allocate_memory(v, req, im->mapped ? VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                                       VK_MEMORY_PROPERTY_HOST_COHERENT_BIT : 0,
                                  false);
   VK(vkBindImageMemory(v->dev, r->image, r->image_mem, 0));
   if (im->mapped)
      copy_mapped_image(v, b, r, true);
   VK(vkCreateImageView(v->dev, &(VkImageViewCreateInfo){
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = r->image,
      .viewType = im->view, .format = b->format,
      .subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, im->layers } },
      NULL, &r->image_view));
}

/* The aspects of a texture's image (both for a depth/stencil format:
 * barriers name both) and the one its view and copies use. */
static VkImageAspectFlags
texture_aspects(VkFormat f, bool view)
{
   if (f == VK_FORMAT_D24_UNORM_S8_UINT && !view)
      return VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
   return is_depth(f) ? VK_IMAGE_ASPECT_DEPTH_BIT : VK_IMAGE_ASPECT_COLOR_BIT;
}

static void
create_sampler(struct compute_vk *v, const struct compute_vk_sampler *s, VkSampler *out)
{
   VK(vkCreateSampler(v->dev, &(VkSamplerCreateInfo){
      .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO, .magFilter = s->mag,
      .minFilter = s->min, .mipmapMode = s->mipmap, .addressModeU = s->address[0],
      .addressModeV = s->address[1], .addressModeW = s->address[2], .mipLodBias = s->bias,
      .anisotropyEnable = s->anisotropy > 0, .maxAnisotropy = s->anisotropy > 0 ? s->anisotropy
                                                                                 : 1.0f,
      .compareEnable = s->compare, .compareOp = s->compare_op, .minLod = s->min_lod,
      .maxLod = s->max_lod, .borderColor = s->border,
      .unnormalizedCoordinates = s->unnormalized }, NULL, out));
}

/* A sampled image in optimal tiling with every level and layer, its view
 * and its sampler; the texels are copied in by upload_textures. */
static void
create_texture(struct compute_vk *v, const struct compute_vk_binding *b,
               struct compute_vk_resource *r)
{
   const struct compute_vk_image *im = &b->image;
   VK(vkCreateImage(v->dev, &(VkImageCreateInfo){
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
      .flags = is_cube(im->view) ? VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT : 0,
      .imageType = image_type_of(im->view), .format = b->format, .extent = im->extent,
      .mipLevels = image_levels(im), .arrayLayers = im->layers, .samples = VK_SAMPLE_COUNT_1_BIT,
      .tiling = VK_IMAGE_TILING_OPTIMAL, .usage = texture_usage,
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED }, NULL, &r->image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(v->dev, r->image, &req);
   r->image_mem = allocate_memory(v, req, 0, false);
   VK(vkBindImageMemory(v->dev, r->image, r->image_mem, 0));
   VK(vkCreateImageView(v->dev, &(VkImageViewCreateInfo){
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = r->image,
      .viewType = im->view, .format = b->format,
      .subresourceRange = { texture_aspects(b->format, true), 0, image_levels(im), 0,
                             im->layers } },
      NULL, &r->image_view));
   create_sampler(v, &b->sampler, &r->sampler);
}

static void
create_resources(struct compute_vk *v, const struct compute_vk_job *job,
                 struct compute_vk_objects *o)
{
   uint32_t n = job->num_bindings;
   o->res = calloc(n ? n : 1, sizeof(*o->res));
   for (uint32_t b = 0; b < n; b++) {
      const struct compute_vk_binding *bd = &job->bindings[b];
      struct compute_vk_resource *r = &o->res[b];
      VkBufferUsageFlags usage = usage_of(bd->type);
      if (job->num_addresses)
         usage |= VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT;
      create_host_buffer(v, usage, bd->data, bd->size, &r->buf, &r->mem, &r->map);
      if (is_image(bd))
         create_image(v, bd, r);
      if (is_texture(bd))
         create_texture(v, bd, r);
      if (bd->type == VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER ||
          bd->type == VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER)
         VK(vkCreateBufferView(v->dev, &(VkBufferViewCreateInfo){
            .sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO, .buffer = r->buf,
            .format = bd->format, .range = VK_WHOLE_SIZE }, NULL, &r->buf_view));
   }
   if (job->indirect) {
      void *map;
      create_host_buffer(v, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT, job->groups,
                         sizeof(job->groups), &o->indirect, &o->indirect_mem, &map);
   }
}

static bool
has_base(const struct compute_vk_job *job)
{
   return job->base[0] || job->base[1] || job->base[2];
}

/* The set layout's bindings (into lb when not NULL): one per binding
 * number, as many descriptors as its highest array element needs;
 * buffers reached by address only have none.  Returns how many. */
static uint32_t
layout_bindings(const struct compute_vk_job *job, VkDescriptorSetLayoutBinding *lb)
{
   uint32_t nl = 0;
   for (uint32_t b = 0; b < job->num_bindings; b++) {
      const struct compute_vk_binding *bd = &job->bindings[b];
      if (bd->memory)
         continue;
      uint32_t at = 0;
      while (at < nl && (!lb || lb[at].binding != bd->binding))
         at++;
      if (!lb) {
         /* counting: the first binding of its number only */
         bool first = true;
         for (uint32_t e = 0; e < b; e++)
            first &= job->bindings[e].memory || job->bindings[e].binding != bd->binding;
         nl += first;
         continue;
      }
      if (at == nl)
         lb[nl++] = (VkDescriptorSetLayoutBinding){
            .binding = bd->binding, .descriptorType = bd->type,
            .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT };
      if (bd->element + 1 > lb[at].descriptorCount)
         lb[at].descriptorCount = bd->element + 1;
   }
   return nl;
}

static void
create_pipeline(struct compute_vk *v, const struct compute_vk_job *job,
                struct compute_vk_objects *o)
{
   uint32_t nl = layout_bindings(job, NULL);
   VkDescriptorSetLayoutBinding *lb = calloc(nl ? nl : 1, sizeof(*lb));
   layout_bindings(job, lb);
   VK(vkCreateDescriptorSetLayout(v->dev, &(VkDescriptorSetLayoutCreateInfo){
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .bindingCount = nl, .pBindings = lb }, NULL, &o->dsl));
   free(lb);
   VkPushConstantRange pcr = { VK_SHADER_STAGE_COMPUTE_BIT, 0, job->push_size };
   VK(vkCreatePipelineLayout(v->dev, &(VkPipelineLayoutCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, .setLayoutCount = 1,
      .pSetLayouts = &o->dsl, .pushConstantRangeCount = job->push_size ? 1 : 0,
      .pPushConstantRanges = &pcr }, NULL, &o->layout));
   VK(vkCreateShaderModule(v->dev, &(VkShaderModuleCreateInfo){
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, .codeSize = job->words * 4,
      .pCode = job->code }, NULL, &o->module));
   /* a non-zero base group needs a pipeline created for it (vkCmdDispatchBase) */
   VK(vkCreateComputePipelines(v->dev, VK_NULL_HANDLE, 1, &(VkComputePipelineCreateInfo){
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .flags = has_base(job) ? VK_PIPELINE_CREATE_DISPATCH_BASE_BIT : 0,
      .stage = { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                 .stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = o->module, .pName = "main",
                 .pSpecializationInfo = job->spec },
      .layout = o->layout }, NULL, &o->pipeline));
}

/* Descriptor types compute_run binds, for the pool's sizes. */
static const VkDescriptorType pool_types[] = {
   VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
   VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER,
   VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
};

static void
create_descriptor_pool(struct compute_vk *v, const struct compute_vk_job *job,
                       struct compute_vk_objects *o)
{
   VkDescriptorPoolSize ps[ARRAY_LEN(pool_types)];
   uint32_t count = 0;
   /* a pool size of 0 is invalid: list only the kinds the job has */
   for (size_t t = 0; t < ARRAY_LEN(pool_types); t++) {
      uint32_t n = 0;
      for (uint32_t b = 0; b < job->num_bindings; b++)
         n += job->bindings[b].type == pool_types[t] && !job->bindings[b].memory;
      if (n)
         ps[count++] = (VkDescriptorPoolSize){ pool_types[t], n };
   }
   VK(vkCreateDescriptorPool(v->dev, &(VkDescriptorPoolCreateInfo){
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = 1,
      .poolSizeCount = count, .pPoolSizes = ps }, NULL, &o->pool));
}

static void
write_descriptors(struct compute_vk *v, const struct compute_vk_job *job,
                  struct compute_vk_objects *o)
{
   create_descriptor_pool(v, job, o);
   VK(vkAllocateDescriptorSets(v->dev, &(VkDescriptorSetAllocateInfo){
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, .descriptorPool = o->pool,
      .descriptorSetCount = 1, .pSetLayouts = &o->dsl }, &o->set));
   for (uint32_t b = 0; b < job->num_bindings; b++) {
      const struct compute_vk_resource *r = &o->res[b];
      if (job->bindings[b].memory)
         continue;
      VkDescriptorBufferInfo bi = { r->buf, 0, VK_WHOLE_SIZE };
      VkDescriptorImageInfo ii = { r->sampler, r->image_view,
                                   is_texture(&job->bindings[b])
                                      ? VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL
                                      : VK_IMAGE_LAYOUT_GENERAL };
      vkUpdateDescriptorSets(v->dev, 1, &(VkWriteDescriptorSet){
         .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = o->set,
         .dstBinding = job->bindings[b].binding,
         .dstArrayElement = job->bindings[b].element, .descriptorCount = 1,
         .descriptorType = job->bindings[b].type, .pBufferInfo = &bi, .pImageInfo = &ii,
         .pTexelBufferView = &r->buf_view }, 0, NULL);
   }
}

static VkBufferImageCopy
image_copy(const struct compute_vk_binding *b)
{
   return (VkBufferImageCopy){
      .imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, b->image.layers },
      .imageExtent = b->image.extent };
}

/* One layout transition of every storage image of the job that is (mapped
 * true) or is not mapped. */
static void
image_barriers(VkCommandBuffer cb, const struct compute_vk_job *job,
               const struct compute_vk_objects *o, bool mapped,
               VkPipelineStageFlags src_stage, VkAccessFlags src, VkImageLayout from,
               VkPipelineStageFlags dst_stage, VkAccessFlags dst, VkImageLayout to)
{
   for (uint32_t b = 0; b < job->num_bindings; b++) {
      if (!is_copied_image(&job->bindings[b], mapped))
         continue;
      vkCmdPipelineBarrier(cb, src_stage, dst_stage, 0, 0, NULL, 0, NULL, 1,
         &(VkImageMemoryBarrier){ .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
            .srcAccessMask = src, .dstAccessMask = dst, .oldLayout = from, .newLayout = to,
            .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
            .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED, .image = o->res[b].image,
            .subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0,
                                  job->bindings[b].image.layers } });
   }
}

static void
texture_barrier(VkCommandBuffer cb, const struct compute_vk_binding *b,
                const struct compute_vk_resource *r, VkPipelineStageFlags src_stage,
                VkAccessFlags src, VkImageLayout from, VkPipelineStageFlags dst_stage,
                VkAccessFlags dst, VkImageLayout to)
{
   vkCmdPipelineBarrier(cb, src_stage, dst_stage, 0, 0, NULL, 0, NULL, 1,
      &(VkImageMemoryBarrier){ .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
         .srcAccessMask = src, .dstAccessMask = dst, .oldLayout = from, .newLayout = to,
         .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
         .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED, .image = r->image,
         .subresourceRange = { texture_aspects(b->format, false), 0, image_levels(&b->image), 0,
                               b->image.layers } });
}

/* Every level of a texture copied from its staging buffer (the levels one
 * after the other), then made readable by the shader. */
static void
upload_texture(VkCommandBuffer cb, const struct compute_vk_binding *b,
               const struct compute_vk_resource *r)
{
   const struct compute_vk_image *im = &b->image;
   texture_barrier(cb, b, r, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, 0, VK_IMAGE_LAYOUT_UNDEFINED,
                   VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                   VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
   VkDeviceSize offset = 0;
   for (uint32_t l = 0; l < image_levels(im); l++) {
      VkBufferImageCopy region = {
         .bufferOffset = offset,
         .imageSubresource = { texture_aspects(b->format, true), l, 0, im->layers },
         .imageExtent = { minify(im->extent.width, l), minify(im->extent.height, l),
                          minify(im->extent.depth, l) } };
      vkCmdCopyBufferToImage(cb, r->buf, r->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1,
                             &region);
      offset += compute_vk_level_bytes(im, b->format, texel_bytes(b->format), l);
   }
   texture_barrier(cb, b, r, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                   VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                   VK_ACCESS_SHADER_READ_BIT, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
}

/* Storage images start with their staging buffer's texels, in GENERAL;
 * mapped ones already hold them (written by the host before the submit,
 * PREINITIALIZED keeps them through the transition). */
static void
upload_images(VkCommandBuffer cb, const struct compute_vk_job *job,
              const struct compute_vk_objects *o)
{
   image_barriers(cb, job, o, true, VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_WRITE_BIT,
                  VK_IMAGE_LAYOUT_PREINITIALIZED, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                  VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT,
                  VK_IMAGE_LAYOUT_GENERAL);
   image_barriers(cb, job, o, false, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, 0,
                  VK_IMAGE_LAYOUT_UNDEFINED, VK_PIPELINE_STAGE_TRANSFER_BIT,
                  VK_ACCESS_TRANSFER_WRITE_BIT, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
   for (uint32_t b = 0; b < job->num_bindings; b++) {
      VkBufferImageCopy region = image_copy(&job->bindings[b]);
      if (is_texture(&job->bindings[b]))
         upload_texture(cb, &job->bindings[b], &o->res[b]);
      if (is_copied_image(&job->bindings[b], false))
         vkCmdCopyBufferToImage(cb, o->res[b].buf, o->res[b].image,
                                VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
   }
   image_barriers(cb, job, o, false, VK_PIPELINE_STAGE_TRANSFER_BIT,
                  VK_ACCESS_TRANSFER_WRITE_BIT, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                  VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                  VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT,
                  VK_IMAGE_LAYOUT_GENERAL);
}

/* Storage images are copied back into their staging buffers; mapped ones
 * stay in GENERAL and are read by the host (the final barrier). */
static void
download_images(VkCommandBuffer cb, const struct compute_vk_job *job,
                const struct compute_vk_objects *o)
{
   image_barriers(cb, job, o, false, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                  VK_ACCESS_SHADER_WRITE_BIT, VK_IMAGE_LAYOUT_GENERAL,
                  VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT,
                  VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
   for (uint32_t b = 0; b < job->num_bindings; b++) {
      VkBufferImageCopy region = image_copy(&job->bindings[b]);
      if (is_copied_image(&job->bindings[b], false))
         vkCmdCopyImageToBuffer(cb, o->res[b].image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                                o->res[b].buf, 1, &region);
   }
}

static void
record_dispatch(VkCommandBuffer cb, const struct compute_vk_job *job,
                const struct compute_vk_objects *o)
{
   const uint32_t *g = job->groups;
   if (job->indirect)
      vkCmdDispatchIndirect(cb, o->indirect, 0);
   else if (has_base(job))
      vkCmdDispatchBase(cb, job->base[0], job->base[1], job->base[2], g[0], g[1], g[2]);
   else
      vkCmdDispatch(cb, g[0], g[1], g[2]);
}

static void
record_and_submit(struct compute_vk *v, const struct compute_vk_job *job,
                  struct compute_vk_objects *o)
{
   VK(vkCreateCommandPool(v->dev, &(VkCommandPoolCreateInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, .queueFamilyIndex = v->qf },
      NULL, &o->cmd_pool));
   VkCommandBuffer cb;
   VK(vkAllocateCommandBuffers(v->dev, &(VkCommandBufferAllocateInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = o->cmd_pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1 }, &cb));
   VK(vkBeginCommandBuffer(cb, &(VkCommandBufferBeginInfo){
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT }));
   upload_images(cb, job, o);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, o->pipeline);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, o->layout, 0, 1, &o->set, 0,
                           NULL);
   if (job->push_size)
      vkCmdPushConstants(cb, o->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, job->push_size,
                         o->push);
   record_dispatch(cb, job, o);
   download_images(cb, job, o);
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT,
                        VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &(VkMemoryBarrier){
                        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                        .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
                        .dstAccessMask = VK_ACCESS_HOST_READ_BIT }, 0, NULL, 0, NULL);
   VK(vkEndCommandBuffer(cb));
   VK(vkCreateFence(v->dev, &(VkFenceCreateInfo){
      .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO }, NULL, &o->fence));
   VK(vkQueueSubmit(v->queue, 1, &(VkSubmitInfo){ .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
      .commandBufferCount = 1, .pCommandBuffers = &cb }, o->fence));
   /* a driver that never signals fails the program instead of hanging CI */
   VK(vkWaitForFences(v->dev, 1, &o->fence, VK_TRUE, 600ull * 1000 * 1000 * 1000));
}

static void
destroy_resource(struct compute_vk *v, struct compute_vk_resource *r)
{
   vkDestroySampler(v->dev, r->sampler, NULL);
   vkDestroyImageView(v->dev, r->image_view, NULL);
   vkDestroyImage(v->dev, r->image, NULL);
   vkFreeMemory(v->dev, r->image_mem, NULL);
   vkDestroyBufferView(v->dev, r->buf_view, NULL);
   vkUnmapMemory(v->dev, r->mem);
   vkDestroyBuffer(v->dev, r->buf, NULL);
   vkFreeMemory(v->dev, r->mem, NULL);
}

static void
destroy_objects(struct compute_vk *v, const struct compute_vk_job *job,
                struct compute_vk_objects *o)
{
   for (uint32_t b = 0; b < job->num_bindings; b++) {
      if (is_copied_image(&job->bindings[b], true))
         copy_mapped_image(v, &job->bindings[b], &o->res[b], false);
      memcpy(job->bindings[b].data, o->res[b].map, job->bindings[b].size);
      destroy_resource(v, &o->res[b]);
   }
   free(o->res);
   vkDestroyBuffer(v->dev, o->indirect, NULL);
   vkFreeMemory(v->dev, o->indirect_mem, NULL);
   vkDestroyFence(v->dev, o->fence, NULL);
   vkDestroyCommandPool(v->dev, o->cmd_pool, NULL);
   vkDestroyDescriptorPool(v->dev, o->pool, NULL);
   vkDestroyPipeline(v->dev, o->pipeline, NULL);
   vkDestroyShaderModule(v->dev, o->module, NULL);
   vkDestroyPipelineLayout(v->dev, o->layout, NULL);
   vkDestroyDescriptorSetLayout(v->dev, o->dsl, NULL);
}

void
compute_vk_patch_addresses(const struct compute_vk_job *job, uint8_t *const *bytes,
                           uint8_t *push, uint64_t (*address_of)(void *user, uint32_t i),
                           void *user)
{
   for (uint32_t a = 0; a < job->num_addresses; a++) {
      const struct compute_vk_address *ad = &job->addresses[a];
      uint64_t value = ad->src == COMPUTE_VK_NULL ? 0 : address_of(user, ad->src) + ad->delta;
      bool to_push = ad->dst == COMPUTE_VK_PUSH;
      size_t size = to_push ? job->push_size : job->bindings[ad->dst].size;
      if ((size_t)ad->offset + 8 > size) {
         fprintf(stderr, "compute_vk: address at byte %u outside its %zu bytes\n", ad->offset,
                 size);
         exit(1);
      }
      memcpy((to_push ? push : bytes[ad->dst]) + ad->offset, &value, 8);
   }
}

struct address_query {
   struct compute_vk *v;
   const struct compute_vk_objects *o;
   PFN_vkGetBufferDeviceAddressKHR get;
};

static uint64_t
buffer_address(void *user, uint32_t i)
{
   struct address_query *q = user;
   return q->get(q->v->dev, &(VkBufferDeviceAddressInfo){
      .sType = VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, .buffer = q->o->res[i].buf });
}

/* The push constants, and the device addresses the job asks for written
 * into the mapped buffers and the push constants. */
static void
patch_addresses(struct compute_vk *v, const struct compute_vk_job *job,
                struct compute_vk_objects *o)
{
   if (job->push_size > sizeof(o->push)) {
      fprintf(stderr, "compute_vk: %u bytes of push constants\n", job->push_size);
      exit(1);
   }
   memcpy(o->push, job->push, job->push_size);
   if (!job->num_addresses)
      return;
   struct address_query q = { v, o, (PFN_vkGetBufferDeviceAddressKHR)
                              vkGetDeviceProcAddr(v->dev, "vkGetBufferDeviceAddressKHR") };
   if (!q.get) {
      fprintf(stderr, "compute_vk: no vkGetBufferDeviceAddressKHR\n");
      exit(1);
   }
   uint8_t **bytes = calloc(job->num_bindings ? job->num_bindings : 1, sizeof(*bytes));
   for (uint32_t b = 0; b < job->num_bindings; b++)
      bytes[b] = o->res[b].map;
   compute_vk_patch_addresses(job, bytes, o->push, buffer_address, &q);
   free(bytes);
}

void
compute_vk_dispatch(struct compute_vk *v, const struct compute_vk_job *job)
{
   struct compute_vk_objects o = { 0 };
   create_resources(v, job, &o);
   patch_addresses(v, job, &o);
   create_pipeline(v, job, &o);
   write_descriptors(v, job, &o);
   record_and_submit(v, job, &o);
   destroy_objects(v, job, &o);
}

void
compute_vk_close(struct compute_vk *v)
{
   if (v->dev)
      vkDestroyDevice(v->dev, NULL);
   vkDestroyInstance(v->instance, NULL);
}

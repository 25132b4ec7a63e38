/* One compute dispatch through the public Vulkan API, on whatever driver
 * the loader picks (lavapipe, Mesa's ANV/hasvk on vgpu, genvk): the device
 * is created with exactly the features the shader's SPIR-V capabilities
 * need, and a shader needing one the device lacks is reported, not run. */
#ifndef COMPUTE_VK_H
#define COMPUTE_VK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <vulkan/vulkan.h>

struct compute_vk {
   VkInstance instance;
   VkPhysicalDevice pd;
   VkDevice dev;
   VkQueue queue;
   uint32_t qf;
   VkPhysicalDeviceProperties props;
};

/* The shape of a storage image or a texture: extent.depth is the depth of
 * a 3D image, layers the layer count of an array (6 per cube; 1
 * otherwise), levels the mip levels (textures; 0 counts as 1).  A mapped
 * image (linear tiling only) is written and read through its own mapped
 * memory instead of buffer copies, which Mesa's drivers run on the 3D
 * pipeline. */
struct compute_vk_image {
   VkImageViewType view;
   VkExtent3D extent;
   uint32_t layers;
   uint32_t levels;
   VkImageTiling tiling;
   bool mapped;
};

/* The sampler of a texture (a combined image sampler): VkSamplerCreateInfo's
 * fields; anisotropy 0 leaves anisotropic filtering off. */
struct compute_vk_sampler {
   VkFilter mag, min;
   VkSamplerMipmapMode mipmap;
   VkSamplerAddressMode address[3];
   VkBorderColor border;
   float bias, min_lod, max_lod, anisotropy;
   bool compare;
   VkCompareOp compare_op;
   bool unnormalized;
};

/* One descriptor of set 0.  data holds the initial contents and, after
 * compute_vk_dispatch, what the GPU left in the buffer or image (an
 * image's texels tightly packed: rows, then slices or layers; a texture's
 * levels one after the other, each packed the same way, compressed
 * formats as rows of blocks). */
struct compute_vk_binding {
   uint32_t binding;
   VkDescriptorType type;
   void *data;
   size_t size;
   VkFormat format;                /* texel buffers and storage images */
   struct compute_vk_image image;  /* storage images and textures */
   struct compute_vk_sampler sampler;   /* textures (COMBINED_IMAGE_SAMPLER) */
   uint32_t element;               /* array element of the binding */
   bool memory;                    /* no descriptor: reached by its device address */
};

/* A device address written before the dispatch into a binding's initial
 * contents or the push constants: src's buffer address plus delta (0 for
 * COMPUTE_VK_NULL) at byte offset of dst. */
#define COMPUTE_VK_PUSH UINT32_MAX
#define COMPUTE_VK_NULL UINT32_MAX
struct compute_vk_address {
   uint32_t dst;        /* index in the job's bindings, or COMPUTE_VK_PUSH */
   uint32_t offset;
   uint32_t src;        /* index in the job's bindings, or COMPUTE_VK_NULL */
   uint32_t delta;
};

struct compute_vk_job {
   const uint32_t *code;
   size_t words;
   const struct compute_vk_binding *bindings;
   uint32_t num_bindings;
   const void *push;
   uint32_t push_size;
   const VkSpecializationInfo *spec;   /* may be NULL */
   uint32_t groups[3];
   uint32_t base[3];   /* vkCmdDispatchBase's first group when not all 0 */
   bool indirect;      /* groups read by vkCmdDispatchIndirect from a buffer */
   const struct compute_vk_address *addresses;
   uint32_t num_addresses;
};

/* The VkFormat of a short name ("r32f", "rgba8", "rgba8_snorm"...) and its
 * bytes per texel; VK_FORMAT_UNDEFINED for an unknown name. */
VkFormat compute_vk_format(const char *name, uint32_t *texel_bytes);

/* The width and height of f's blocks: 4 for the block-compressed formats,
 * 1 otherwise (then "texel bytes" are bytes per block). */
uint32_t compute_vk_format_block(VkFormat f);

/* The bytes of mip level `level` of image (all its layers or slices),
 * tightly packed, in format f of texel_bytes bytes per texel or block. */
uint64_t compute_vk_level_bytes(const struct compute_vk_image *image, VkFormat f,
                                uint32_t texel_bytes, uint32_t level);

/* Why the shader cannot run here, in unsupported (for example
 * "shaderInt64"), or NULL when it can; a malformed module is reported the
 * same way as "invalid SPIR-V: ..." */
const char *compute_vk_unsupported(const struct compute_vk *v, const struct compute_vk_job *job,
                                   char *buf, size_t len);

/* Creates the instance and picks the first device with a compute queue;
 * false (with a message) when there is no driver or no such device.  Any
 * other failing Vulkan call ends the program (vk_program.h). */
bool compute_vk_open(struct compute_vk *v);

/* Creates the logical device with the features job's shader needs; call
 * after compute_vk_unsupported returned NULL. */
void compute_vk_create_device(struct compute_vk *v, const struct compute_vk_job *job);

/* Writes the job's addresses into data (binding i's contents at
 * bytes[i], the push constants at push), each buffer's address given by
 * address_of. */
void compute_vk_patch_addresses(const struct compute_vk_job *job, uint8_t *const *bytes,
                                uint8_t *push, uint64_t (*address_of)(void *user, uint32_t i),
                                void *user);

/* Runs the dispatch once and copies every buffer back into its binding. */
void compute_vk_dispatch(struct compute_vk *v, const struct compute_vk_job *job);

void compute_vk_close(struct compute_vk *v);

#endif

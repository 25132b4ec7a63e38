/* A graphics program described by a spec file (tests/programs/graphics/
 * README.md gives the format): parsed by gfx_spec.c, run by gfx_run.c. */
#ifndef GFX_SPEC_H
#define GFX_SPEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <vulkan/vulkan.h>

#define GFX_MAX_TARGETS 4
#define GFX_MAX_BUFFERS 16
#define GFX_MAX_BINDINGS 8
#define GFX_MAX_ATTRIBUTES 16
#define GFX_MAX_PIPELINES 32
#define GFX_MAX_COMMANDS 128
#define GFX_MAX_FEATURES 16
#define GFX_MAX_TEXTURES 8
#define GFX_MAX_FRAGS 4
#define GFX_PUSH_BYTES 128
#define GFX_STAGES 5

enum gfx_stage { GFX_VERT, GFX_TESC, GFX_TESE, GFX_GEOM, GFX_FRAG };

/* How a format's texels are laid out, for writing them as PNG. */
enum gfx_kind { GFX_UNORM, GFX_SNORM, GFX_UINT, GFX_SINT, GFX_SFLOAT, GFX_PACKED, GFX_DEPTH };

struct gfx_format {
   const char *name;      /* VK_FORMAT_ without the prefix, lower case */
   VkFormat format;
   uint32_t bytes;        /* per texel */
   uint32_t channels;
   enum gfx_kind kind;
   bool bgr;              /* B first in memory */
};

const struct gfx_format *gfx_format_by_name(const char *name);
const struct gfx_format *gfx_format_by_vk(VkFormat format);
/* UINT and SINT formats: integer clear values, and their own sample count
 * limits. */
bool gfx_format_is_integer(const struct gfx_format *f);

struct gfx_buffer {
   char name[32];
   uint8_t *data;
   size_t size;
   int storage_binding;   /* -1: not a storage buffer; else written back */
   int xfb_binding;       /* -1: not a transform feedback buffer; else written back */
};

/* A colour target: single-sampled ones are linear images read back by
 * mapping them; multisampled ones are optimal-tiled (Vulkan allows no
 * linear multisampled image) and read through the single-sampled target
 * they resolve into, a resolve_image transfer or a later pass that
 * samples them (binding). */
struct gfx_target {
   const struct gfx_format *format;
   uint32_t width, height;
   VkClearColorValue clear;
   bool transfer;         /* a transfer command reads or writes it */
   VkSampleCountFlagBits samples;
   int resolve;           /* the target its pass resolves it into, or -1 */
   int resolve_source;    /* the target resolved into this one, or -1 */
   int binding;           /* -1, or the sampler2DMS binding of set 0 */
   uint32_t pass;         /* the target pass that renders it (pass targets=K) */
};

#define GFX_MAX_TARGET_PASSES GFX_MAX_TARGETS

/* What gfx_run writes into each texel of a texture before the command
 * buffer runs (README.md, "Spec format": textures). */
enum gfx_fill { GFX_FILL_PATTERN, GFX_FILL_RAMP, GFX_FILL_ZERO };

/* An optimal-tiling image, every level and layer uploaded with
 * vkCmdCopyBufferToImage; with binding >= 0 a combined image sampler of
 * set 0 (all graphics stages), in layout GENERAL throughout. */
struct gfx_texture {
   char name[32];
   VkImageViewType view_type;
   const struct gfx_format *format;
   uint32_t width, height, depth, layers, levels;
   enum gfx_fill fill;
   int binding;           /* -1: not bound (transfers only) */
   VkSamplerCreateInfo sampler;
   bool rendered;         /* a "pass texture=" renders into its level 0 */
   /* that pass's multiview view mask (view_mask=): view v renders layer v
    * of a 2d_array texture; 0 without multiview */
   uint32_t view_mask;
};

/* Images the transfer commands name: a texture's index, or a colour
 * target's (GFX_TARGET_IMAGE(N)). */
#define GFX_TARGET_IMAGE(n) (-2 - (int)(n))
#define GFX_IMAGE_TARGET(i) ((uint32_t)(-2 - (i)))

struct gfx_vertex_binding {
   int buffer;            /* index into gfx_spec.buffers */
   uint32_t stride;
   VkDeviceSize offset;
   VkVertexInputRate rate;
   uint32_t divisor;
};

struct gfx_pipeline {
   VkPrimitiveTopology topology;
   bool restart;
   uint32_t patch_vertices;
   uint32_t binding_count;          /* bindings 0..count-1 (unused: buffer -1) */
   struct gfx_vertex_binding bindings[GFX_MAX_BINDINGS];
   uint32_t attribute_count;
   VkVertexInputAttributeDescription attributes[GFX_MAX_ATTRIBUTES];
   VkPipelineRasterizationStateCreateInfo raster;
   VkPipelineDepthStencilStateCreateInfo depth;
   VkPipelineColorBlendAttachmentState blend[GFX_MAX_TARGETS];
   float blend_constants[4];
   bool logic_op_enable;
   VkLogicOp logic_op;
   uint32_t frag;         /* the fragment shader: index into gfx_spec.frags */
   /* the render pass its draws are in: a texture's (pass texture=), else
    * target pass target_pass; its sample count is the pass's */
   int texture_pass;
   uint32_t target_pass;
   bool sample_shading;
   float min_sample_shading;
   bool sample_mask_set;
   VkSampleMask sample_mask;
};

enum gfx_command_kind {
   GFX_CMD_DRAW, GFX_CMD_DRAW_INDEXED,
   GFX_CMD_DRAW_INDIRECT, GFX_CMD_DRAW_INDEXED_INDIRECT,
   GFX_CMD_DRAW_INDIRECT_COUNT, GFX_CMD_DRAW_INDEXED_INDIRECT_COUNT,
   GFX_CMD_VIEWPORT, GFX_CMD_SCISSOR, GFX_CMD_PUSH, GFX_CMD_INDEX,
   GFX_CMD_CLEAR_COLOR, GFX_CMD_CLEAR_DEPTH, GFX_CMD_XFB_BEGIN, GFX_CMD_XFB_END,
   /* outside render passes: */
   GFX_CMD_PASS, GFX_CMD_BLIT, GFX_CMD_COPY_IMAGE, GFX_CMD_COPY_TO_BUFFER,
   GFX_CMD_COPY_FROM_BUFFER, GFX_CMD_CLEAR_IMAGE, GFX_CMD_RESOLVE_IMAGE,
};

/* The commands recorded outside any render pass come last. */
#define GFX_CMD_IS_TRANSFER(kind) ((kind) > GFX_CMD_PASS)

struct gfx_command {
   enum gfx_command_kind kind;
   int pipeline;          /* draws: index into gfx_spec.pipelines */
   uint32_t args[6];      /* draw arguments (vertexOffset as its bit pattern) */
   int buffer, count_buffer;
   VkDeviceSize offset, count_offset;
   VkIndexType index_type;
   VkViewport viewport;
   VkRect2D rect;
   VkClearValue clear;
   uint32_t push_offset, push_size;
   uint8_t push[GFX_PUSH_BYTES];
   /* pass: the texture rendered to (-1: the colour targets of target
    * pass args[0]);
    * transfers: the images (texture index or GFX_TARGET_IMAGE) */
   int texture;
   int src, dst;
   VkFilter filter;
   VkImageBlit blit;
   VkImageCopy copy;
   VkImageResolve resolve;
   VkBufferImageCopy buffer_copy;
   VkImageSubresourceRange range;
};

struct gfx_spec {
   char shaders[GFX_STAGES][128];   /* GLSL file names ("" for no stage) */
   /* fragment shaders of the pipelines: [0] is shaders[GFX_FRAG], the
    * others come from "frag" statements after the first draw */
   uint32_t frag_count;
   char frags[GFX_MAX_FRAGS][128];
   uint32_t target_count;
   struct gfx_target targets[GFX_MAX_TARGETS];
   const struct gfx_format *depth_format;
   VkSampleCountFlagBits depth_samples;   /* the depth buffer is in target pass 0 */
   float clear_depth;
   uint32_t clear_stencil;
   uint32_t buffer_count;
   struct gfx_buffer buffers[GFX_MAX_BUFFERS];
   uint32_t pipeline_count;
   struct gfx_pipeline pipelines[GFX_MAX_PIPELINES];
   uint32_t command_count;
   struct gfx_command commands[GFX_MAX_COMMANDS];
   uint32_t feature_count;
   char features[GFX_MAX_FEATURES][48];  /* VkPhysicalDeviceFeatures members */
   uint32_t texture_count;
   struct gfx_texture textures[GFX_MAX_TEXTURES];
};

/* Parses path into spec; false (with a message on stderr) on a bad spec. */
bool gfx_spec_parse(const char *path, struct gfx_spec *spec);
void gfx_spec_free(struct gfx_spec *spec);

/* f as IEEE binary16 (values float16 represents exactly are meant; others
 * are truncated). */
uint16_t gfx_float_to_half(float f);

#endif

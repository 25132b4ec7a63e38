/* isl: one description of Gen7-Gen12 surfaces, read by the driver and by
 * vgpu (see README.md).
 *
 *  - formats: every hardware SURFACE_FORMAT isl knows, its channel layout
 *    and block size, what each generation can do with it, and how Vulkan
 *    formats map onto them (isl_format.c, isl_vk_format.c);
 *  - texels: conversion between a texel in memory and the four 32-bit
 *    channels a shader sees (isl_texel.c);
 *  - tiling: linear, X, Y and W tiles and the byte address of a texel in
 *    them (isl_tiling.c);
 *  - surfaces: mip trees, array layers, 3D slices, alignment, row pitch
 *    and size per generation (isl_surface.c);
 *  - surface state: RENDER_SURFACE_STATE for an image view, a buffer or a
 *    null surface, and the reverse reading of one (isl_state_genX.c, built
 *    once per generation).
 *
 * Generation-dependent calls take GFX_VERx10 (70, 75, 80, 90, 110, 120);
 * capability queries take the device, because a few parts differ from
 * their generation (Bay Trail, Cherryview, Broxton/Gemini Lake).  Nothing
 * here includes Vulkan or driver headers: Vulkan formats are plain numbers. */
#ifndef ISL_H
#define ISL_H

#include <stdbool.h>
#include <stdint.h>

struct devinfo;

/* ---- formats ---------------------------------------------------------- */

/* The hardware SURFACE_FORMAT values (isl_format_list.h). */
enum isl_format {
#define ISL_F1(name, number, ...) ISL_FORMAT_##name = number,
#define ISL_F2 ISL_F1
#define ISL_F3 ISL_F1
#define ISL_F4 ISL_F1
#define ISL_BLOCK ISL_F1
#include "isl_format_list.h"
#undef ISL_F1
#undef ISL_F2
#undef ISL_F3
#undef ISL_F4
#undef ISL_BLOCK
   ISL_FORMAT_UNSUPPORTED = 0xffff,
};

/* How a channel's bits read. */
enum isl_type {
   ISL_VOID,       /* padding (X) or absent */
   ISL_UNORM, ISL_SNORM, ISL_UINT, ISL_SINT,
   ISL_UFLOAT,     /* no sign bit: 10/11-bit floats, BC6H_UF16 */
   ISL_SFLOAT,
   ISL_SRGB,       /* UNORM holding sRGB-encoded values */
   ISL_USCALED, ISL_SSCALED,   /* integers read as floats (vertex fetch) */
   ISL_SHAREDEXP,  /* R9G9B9E5: mantissas and their shared exponent */
   ISL_RAW,        /* passed through untouched (64-bit PASSTHRU, RAW) */
};

/* Channel slots of a layout. */
enum isl_component { ISL_R, ISL_G, ISL_B, ISL_A, ISL_L, ISL_E, ISL_X, ISL_COMPONENTS };

enum isl_compression {
   ISL_TXC_NONE, ISL_TXC_BC1, ISL_TXC_BC2, ISL_TXC_BC3, ISL_TXC_BC4,
   ISL_TXC_BC5, ISL_TXC_BC6H, ISL_TXC_BC7, ISL_TXC_ETC1, ISL_TXC_ETC2,
   ISL_TXC_EAC, ISL_TXC_ASTC,
};

struct isl_channel {
   uint8_t type;     /* enum isl_type; ISL_VOID: the format lacks it */
   uint8_t bits;     /* 0 for block-compressed formats */
   uint8_t shift;    /* first bit within the texel */
};

struct isl_format_layout {
   uint16_t format;  /* enum isl_format */
   uint16_t bpb;     /* bits per block (a texel unless compressed) */
   uint8_t bw, bh;   /* block size in texels */
   uint8_t txc;      /* enum isl_compression */
   struct isl_channel ch[ISL_COMPONENTS];
   const char *name; /* the PRM's name, e.g. "R8G8B8A8_UNORM" */
};

/* NULL for a number isl does not know. */
const struct isl_format_layout *isl_format_layout(enum isl_format format);
/* Every known format in number order: NULL past the end. */
const struct isl_format_layout *isl_format_layout_at(unsigned index);

static inline unsigned
isl_format_bytes(const struct isl_format_layout *l)
{
   return l->bpb / 8u;
}

static inline bool
isl_format_is_compressed(const struct isl_format_layout *l)
{
   return l->txc != ISL_TXC_NONE;
}

/* A color channel the format delivers (R, G, B, A or L). */
static inline bool
isl_format_has_channel(const struct isl_format_layout *l, enum isl_component c)
{
   return l->ch[c].type != ISL_VOID;
}

bool isl_format_is_integer(const struct isl_format_layout *l);
bool isl_format_is_srgb(const struct isl_format_layout *l);

/* What a generation can do with a format (PRM Vol 2d "Surface Formats",
 * Vol 7 sampler, render target, typed surface and vertex fetch sections;
 * isl_format.c cites each). */
enum isl_cap {
   ISL_CAP_SAMPLE        = 1u << 0,   /* sampling engine reads it */
   ISL_CAP_FILTER        = 1u << 1,   /* ... with linear filtering */
   ISL_CAP_SHADOW        = 1u << 2,   /* ... with a depth comparison */
   ISL_CAP_RENDER        = 1u << 3,   /* render target writes */
   ISL_CAP_BLEND         = 1u << 4,   /* ... with alpha blending */
   ISL_CAP_TYPED_WRITE   = 1u << 5,   /* typed surface write (storage) */
   ISL_CAP_TYPED_READ    = 1u << 6,   /* typed surface read converts it: a
                                       * storage read without a format */
   ISL_CAP_TYPED_ATOMIC  = 1u << 7,
   ISL_CAP_VERTEX        = 1u << 8,   /* VERTEX_ELEMENT_STATE source format */
   ISL_CAP_UNIFORM_TEXEL = 1u << 9,   /* sampler reads it from a buffer */
   ISL_CAP_STORAGE_TEXEL = 1u << 10,  /* typed writes to a buffer */
   ISL_CAP_DEPTH         = 1u << 11,  /* Vulkan formats: depth attachment */
   ISL_CAP_STENCIL       = 1u << 12,  /* Vulkan formats: stencil attachment */
};

/* The format's capabilities on that device (0 for an unknown format). */
uint32_t isl_format_caps(const struct devinfo *dev, enum isl_format format);
/* The same for a generation, without the few parts that differ from it. */
uint32_t isl_format_caps_verx10(unsigned verx10, enum isl_format format);

/* Shader channel selects (RENDER_SURFACE_STATE "Shader Channel Select",
 * Haswell+): the values are the hardware's. */
enum isl_channel_select {
   ISL_SCS_ZERO = 0, ISL_SCS_ONE = 1,
   ISL_SCS_RED = 4, ISL_SCS_GREEN = 5, ISL_SCS_BLUE = 6, ISL_SCS_ALPHA = 7,
};

struct isl_swizzle {
   uint8_t r, g, b, a;   /* enum isl_channel_select */
};

#define ISL_SWIZZLE_IDENTITY \
   ((struct isl_swizzle){ ISL_SCS_RED, ISL_SCS_GREEN, ISL_SCS_BLUE, ISL_SCS_ALPHA })

static inline bool
isl_swizzle_is_identity(struct isl_swizzle s)
{
   return s.r == ISL_SCS_RED && s.g == ISL_SCS_GREEN && s.b == ISL_SCS_BLUE &&
          s.a == ISL_SCS_ALPHA;
}

/* 3DSTATE_DEPTH_BUFFER "Surface Format" (Gen7+). */
enum isl_depth_format {
   ISL_DEPTH_NONE = 0xff,
   ISL_DEPTH_D32_FLOAT = 1,
   ISL_DEPTH_D24_UNORM_X8_UINT = 3,
   ISL_DEPTH_D16_UNORM = 5,
};

/* A Vulkan format on Intel hardware: the surface format images and views
 * of it use (for depth/stencil formats the depth aspect's sampling format,
 * or R8_UINT for S8_UINT), the channel selects sampling needs on top of it
 * (a Vulkan format with no exact hardware twin), and the depth and
 * stencil buffers it needs. */
struct isl_vk_format {
   uint32_t vk_format;         /* VkFormat */
   uint16_t format;            /* enum isl_format */
   struct isl_swizzle swizzle;
   uint8_t depth_format;       /* enum isl_depth_format */
   bool stencil;               /* a separate R8_UINT stencil buffer */
};

/* NULL for a VkFormat genvk cannot support on any generation. */
const struct isl_vk_format *isl_vk_format(uint32_t vk_format);
const struct isl_vk_format *isl_vk_format_at(unsigned index);
/* The ISL_CAP_* bits the device has for the Vulkan format, its channel
 * selects and depth/stencil rules applied. */
uint32_t isl_vk_format_caps(const struct devinfo *dev, uint32_t vk_format);

/* ---- texels ------------------------------------------------------------ */

/* Whether isl converts texels of the format: uncompressed, at most 128
 * bits, channels of 32 bits or fewer and not RAW. */
bool isl_texel_convertible(const struct isl_format_layout *l);

/* One texel to R, G, B, A as a shader reads them: IEEE single bits for
 * normalized, float, sRGB (decoded), scaled and shared-exponent formats;
 * integers zero- or sign-extended.  Missing channels read 0, alpha 1 (1.0
 * for non-integer formats); L fills R, G and B. */
void isl_texel_unpack(const struct isl_format_layout *l, const void *texel,
                      uint32_t rgba[4]);

/* Stores the channels of mask (bit 0 = R) from rgba into the texel, the
 * other bits kept.  Normalized: clamp and round to nearest even (NaN 0);
 * integers saturate; floats round to nearest even; sRGB encodes then
 * rounds; scaled formats round to the nearest integer and saturate. */
void isl_texel_pack(const struct isl_format_layout *l, const uint32_t rgba[4],
                    unsigned mask, void *texel);

/* IEEE-like small floats (half, and the unsigned 11/10-bit ones):
 * exp_bits exponent bits (bias 2^(exp_bits-1)-1), man_bits mantissa bits,
 * a sign bit when is_signed.  Encoding rounds to nearest even (or in the
 * current fenv direction), keeps denormals; an overflow is infinity for
 * signed formats and the largest finite value for unsigned ones, which
 * also take negative values to 0. */
uint32_t isl_small_float_encode(float v, unsigned exp_bits, unsigned man_bits,
                                bool is_signed);
float isl_small_float_decode(uint32_t bits, unsigned exp_bits, unsigned man_bits,
                             bool is_signed);

/* ---- tiling ------------------------------------------------------------ */

enum isl_tiling { ISL_TILING_LINEAR, ISL_TILING_X, ISL_TILING_Y, ISL_TILING_W,
                  ISL_TILINGS };
#define ISL_TILING_BIT(t) (1u << (t))

struct isl_tile_info {
   uint32_t width_B;    /* bytes of a tile row (1 for linear) */
   uint32_t height;     /* rows (1 for linear) */
   uint32_t size_B;     /* 4096 for tiles, 1 for linear */
};

void isl_tiling_info(enum isl_tiling tiling, struct isl_tile_info *info);

/* Byte offset of byte x_B of row y in a surface of that tiling and row
 * pitch (a whole number of tiles wide when tiled).  Bit-6 swizzling is not
 * applied: vgpu reports none (I915_BIT_6_SWIZZLE_NONE) and Gen8+ has none. */
uint64_t isl_tiling_offset(enum isl_tiling tiling, uint32_t row_pitch_B,
                           uint64_t x_B, uint64_t y);

/* ---- surfaces ---------------------------------------------------------- */

enum isl_surf_dim { ISL_SURF_DIM_1D, ISL_SURF_DIM_2D, ISL_SURF_DIM_3D };

/* How LODs, layers and slices sit in the surface's 2D space. */
enum isl_dim_layout {
   /* LOD 0 at the top left, LOD 1 below it, LOD 2 and up stacked to LOD
    * 1's right; layers (Gen9+: also 3D slices) array_pitch_rows apart. */
   ISL_LAYOUT_2D,
   /* Gen7/8 3D: LOD l holds its depth slices 2^l to a row, each LOD below
    * the previous one. */
   ISL_LAYOUT_3D_GEN7,
   /* Gen9+ linear 1D: the LODs of a layer side by side in one row, one
    * row per layer. */
   ISL_LAYOUT_1D_GEN9,
};

/* What a surface will be used for (isl_surf_info.usage, isl_view.usage). */
enum isl_usage {
   ISL_USAGE_SAMPLED = 1u << 0,
   ISL_USAGE_STORAGE = 1u << 1,
   ISL_USAGE_RENDER  = 1u << 2,
   ISL_USAGE_DEPTH   = 1u << 3,
   ISL_USAGE_STENCIL = 1u << 4,
   ISL_USAGE_CUBE    = 1u << 5,
};

/* Where the samples of a multisampled surface live (RENDER_SURFACE_STATE
 * "Multisampled Surface Storage Format"). */
enum isl_msaa_layout {
   ISL_MSAA_LAYOUT_NONE,        /* single-sampled */
   /* MSFMT_MSS: sample s of layer l is physical array slice
    * l * samples + s, each slice a whole single-sampled image; colour
    * surfaces, and the only layout an MCS can compress. */
   ISL_MSAA_LAYOUT_ARRAY,
   /* MSFMT_DEPTH_STENCIL ("IMS"): one 2D image per layer, the samples of
    * each 2x2 pixel block interleaved in a block of 2x1 (2x), 2x2 (4x),
    * 4x2 (8x) or 4x4 (16x) sample-sized cells; depth and stencil buffers,
    * as Mesa's isl lays them out on every generation. */
   ISL_MSAA_LAYOUT_INTERLEAVED,
};

struct isl_surf_info {
   enum isl_surf_dim dim;
   enum isl_format format;
   uint32_t width, height, depth;   /* texels; depth 1 unless 3D */
   uint32_t levels, array_len;      /* array_len 1 for 3D; cubes: 6 per cube */
   uint32_t samples;                /* 0 or 1: single-sampled; 2, 4, 8, 16
                                     * (isl_sample_counts): a 2D surface of
                                     * one LOD */
   uint32_t usage;                  /* ISL_USAGE_* */
   uint32_t tilings;                /* ISL_TILING_BIT()s allowed; 0: any */
   uint32_t row_pitch_B;            /* 0: the smallest valid one */
};

struct isl_surf {
   enum isl_surf_dim dim;
   enum isl_dim_layout layout;
   enum isl_format format;
   enum isl_tiling tiling;
   uint16_t verx10;
   uint32_t usage;
   uint32_t width, height, depth, levels, array_len;   /* logical: pixels,
                                  * layers (not counting samples) */
   uint32_t samples;             /* 1 (or 0: same) unless multisampled */
   enum isl_msaa_layout msaa_layout;
   uint32_t halign, valign;      /* LOD alignment in texels (IMS: samples) */
   uint32_t array_pitch_rows;    /* texel rows from a layer (Gen9+ 3D: a
                                  * slice; MSS: a sample) to the next;
                                  * 1D_GEN9: 1 */
   bool array_spacing_lod0;      /* Gen7 ARYSPC_LOD0 (else ARYSPC_FULL) */
   uint32_t row_pitch_B;
   uint64_t size_B;
   uint32_t align_B;             /* base address alignment */
};

/* Lays the surface out; false (and *surf untouched) when the generation
 * cannot have it (dimensions, format, usage or tiling it lacks). */
bool isl_surf_init(unsigned verx10, const struct isl_surf_info *info,
                   struct isl_surf *surf);

/* Texel (x, y) of slice `slice` (array layer, or z for 3D) of a LOD, in
 * the surface's 2D space. */
void isl_surf_image_xy(const struct isl_surf *surf, uint32_t level,
                       uint32_t slice, uint32_t *x, uint32_t *y);

/* Where a LOD's layer or slice starts: the byte offset of the tile holding
 * its top-left texel (for linear surfaces: of that texel) and the texel's
 * position inside that tile in blocks (0 for linear). */
struct isl_image_offset {
   uint64_t offset_B;
   uint32_t x_el, y_el;
};
void isl_surf_offset(const struct isl_surf *surf, uint32_t level,
                     uint32_t layer, uint32_t z, struct isl_image_offset *out);

/* Byte offset of block (x_el, y_el) of a LOD's layer or slice, tiling
 * applied. */
uint64_t isl_surf_texel_offset(const struct isl_surf *surf, uint32_t level,
                               uint32_t slice, uint32_t x_el, uint32_t y_el);

static inline uint32_t
isl_minify(uint32_t n, uint32_t level)
{
   n >>= level;
   return n ? n : 1;
}

/* ---- multisampling (isl_msaa.c) ---------------------------------------- */

/* The sample counts a generation's surfaces can have, as Vulkan's
 * VkSampleCountFlags (n samples: the bit of value n): Ivy Bridge/Haswell
 * 1, 4, 8 (0xd); Broadwell adds 2 (0xf); Gen9+ 16 (0x1f) (RSS "Number of
 * Multisamples" of each generation).  0: unknown generation. */
uint32_t isl_sample_counts(unsigned verx10);
bool isl_sample_count_supported(unsigned verx10, uint32_t samples);

/* The cell of samples one pixel takes in an interleaved surface: 2x1 (2x),
 * 2x2 (4x), 4x2 (8x), 4x4 (16x); 1x1 for anything else. */
void isl_msaa_pixel_size(uint32_t samples, uint32_t *w, uint32_t *h);

/* Width and height of LOD 0 in the surface's 2D space, in elements of its
 * format: the logical size, except interleaved surfaces, which keep the
 * samples of each pixel side by side (BDW PRM Vol 5 "Computing Mip Level
 * Sizes": W and H rounded up to even, then times the pixel's cell). */
void isl_surf_phys_size(const struct isl_surf *surf, uint32_t *w, uint32_t *h);

/* Physical array slices: array_len (3D: depth), times samples for MSS. */
uint32_t isl_surf_phys_slices(const struct isl_surf *surf);

/* Byte offset of sample `sample` of pixel (x, y) of layer `layer` of a
 * surface (single-sampled: sample 0, LOD 0), tiling applied.  MSS: array
 * slice layer * samples + sample; IMS: the pixel's cell within its layer
 * (X = (x & ~1) * cell_w + sample-dependent column + (x & 1), the same for
 * Y; see isl_msaa.c).  Arguments are not range-checked: out of range ones
 * give an offset outside the image, which the caller bounds. */
uint64_t isl_surf_sample_offset(const struct isl_surf *surf, uint32_t layer,
                                uint32_t sample, uint32_t x, uint32_t y);

/* The multisample control surface (MCS) of an MSS colour surface: one
 * element per pixel and layer holding, for each sample, the index of the
 * "sample slice" (plane) its colour is stored in.  Laid out like a 2D
 * surface of the main surface's width, height and layers, one LOD, Y
 * tiled (IVB PRM Vol 2 Part 1 "MCS Buffer for Render Target(s)"), with an
 * element of 8 bits (2x, 4x), 32 bits (8x) or 64 bits (16x): isl gives it
 * the plain format of that size (R8_UINT, R32_UINT, R32G32_UINT).  False
 * when the surface cannot have one (not MSS). */
bool isl_surf_init_mcs(const struct isl_surf *surf, struct isl_surf *mcs);

/* MCS values (BDW PRM Vol 5 "Compressed Multisample Surfaces"): sample s's
 * plane is bits [s*b, s*b + b) with b = log2(samples) bits per sample
 * (1, 2, 3, 4); value 0 stores every sample in plane 0; the "identity"
 * (uncompressed, what an ambiguate writes) puts sample s in plane s; a
 * fast clear writes all ones, which means "the clear colour" (2x: the two
 * sample bits both set, whatever the rest of the byte holds; 8x: all 32
 * bits, not only the 24 sample bits). */
unsigned isl_mcs_bits_per_sample(uint32_t samples);
uint32_t isl_mcs_sample_plane(uint32_t samples, uint64_t mcs, uint32_t sample);
uint64_t isl_mcs_identity_value(uint32_t samples);   /* 2x 0x2, 4x 0xe4, 8x 0xfac688,
                                                      * 16x 0xfedcba9876543210 */
uint64_t isl_mcs_clear_value(uint32_t samples);      /* 0xff, 0xff, 0xffffffff, ~0 */
bool isl_mcs_is_clear(uint32_t samples, uint64_t mcs);

/* ---- surface state ----------------------------------------------------- */

/* What a view of a surface shows. */
struct isl_view {
   enum isl_format format;
   uint32_t base_level, levels;
   uint32_t base_layer, layers;   /* 3D storage/render views: z slices */
   uint32_t usage;                /* one of ISL_USAGE_SAMPLED, _STORAGE,
                                   * _RENDER, plus ISL_USAGE_CUBE */
   struct isl_swizzle swizzle;    /* identity unless sampled (Haswell+) */
   float min_lod;                 /* Resource Min LOD clamp */
};

struct isl_image_state {
   const struct isl_surf *surf;
   const struct isl_view *view;
   uint64_t address;
   uint32_t mocs;
   /* An MCS of an MSS surface (isl_surf_init_mcs), or NULL.  With one the
    * state carries a clear colour: Gen7/8 one bit per channel (each of
    * clear_color[] must be 0 or, as the view's format reads it, 1 / 1.0);
    * Gen9/Gen11 the four dwords; Gen11 with use_clear_address and Gen12
    * (always) the address of the clear colour instead (64-byte aligned). */
   const struct isl_surf *mcs_surf;
   uint64_t mcs_address;
   uint32_t clear_color[4];
   bool use_clear_address;
   uint64_t clear_address;
};

struct isl_buffer_state {
   uint64_t address;
   uint64_t size_B;
   enum isl_format format;        /* ISL_FORMAT_RAW for untyped access */
   uint32_t stride_B;             /* 1 for RAW */
   struct isl_swizzle swizzle;
   uint32_t mocs;
};

/* RENDER_SURFACE_STATE of a generation: its size, its alignment in the
 * binding table's surface state heap, and where the base address sits
 * (for a Gen7 driver's relocation). */
struct isl_state_layout {
   uint32_t size_B, align_B, address_offset_B;
};
bool isl_state_layout(unsigned verx10, struct isl_state_layout *out);

/* Each packs one RENDER_SURFACE_STATE (the layout's size_B) into dw and
 * returns false, dw untouched, for a state the generation cannot express. */
bool isl_fill_image_state(unsigned verx10, uint32_t *dw,
                          const struct isl_image_state *info);
bool isl_fill_buffer_state(unsigned verx10, uint32_t *dw,
                           const struct isl_buffer_state *info);
bool isl_fill_null_state(unsigned verx10, uint32_t *dw, uint32_t width,
                         uint32_t height, uint32_t layers);

/* RENDER_SURFACE_STATE "Surface Type" */
enum isl_surftype {
   ISL_SURFTYPE_1D, ISL_SURFTYPE_2D, ISL_SURFTYPE_3D, ISL_SURFTYPE_CUBE,
   ISL_SURFTYPE_BUFFER, ISL_SURFTYPE_STRBUF, ISL_SURFTYPE_NULL = 7,
};

/* A RENDER_SURFACE_STATE read back: what the hardware would access. */
struct isl_state_desc {
   uint32_t type;                 /* enum isl_surftype */
   uint32_t format;               /* SURFACE_FORMAT as programmed */
   uint64_t address;
   /* buffers */
   uint64_t entries;
   uint32_t stride_B;
   /* images: surf describes every LOD's placement (levels: as far as
    * Surface Min LOD + MIP Count reaches) */
   struct isl_surf surf;
   uint32_t min_array_element;
   uint32_t array_extent;         /* layers (cubes: cubes) from it: Depth + 1;
                                   * 3D: Render Target View Extent + 1 */
   uint32_t min_lod, mip_count_lod;
   float resource_min_lod;        /* Resource Min LOD: the sampler's clamp */
   struct isl_swizzle swizzle;
   /* Multisampled images: surf.samples and surf.msaa_layout.  An MCS
    * (has_mcs): its layout (mcs_surf, from the Auxiliary Surface Pitch and
    * QPitch; Gen7: MCS Surface Pitch) and address, and the colour its clear
    * value stands for: clear_color as the shader reads it (Gen7/8: each
    * one-bit field as 0 or 1 / 1.0f by the format's integer-ness; Gen9 and
    * Gen11: the four dwords), or, when clear_color_at_address (Gen11 Clear
    * Value Address Enable, Gen12 always), clear_address: where the
    * driver keeps it, four dwords of the raw clear colour. */
   bool has_mcs;
   struct isl_surf mcs_surf;
   uint64_t mcs_address;
   uint32_t clear_color[4];
   bool clear_color_at_address;
   uint64_t clear_address;
   const char *unsupported;       /* what isl cannot lay out (CCS/HiZ
                                   * auxiliary surface, a multisampled layout
                                   * isl does not know, X/Y offset, TileYf/Ys,
                                   * a reserved encoding), or NULL */
};
bool isl_decode_state(unsigned verx10, const uint32_t *dw, struct isl_state_desc *out);

#endif

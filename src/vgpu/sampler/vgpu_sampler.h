/* The sampling engine: the shared function an EU thread reaches with a
 * sampler message (PRM Vol 2d "Sampler Message Types", "SAMPLER_STATE",
 * "SAMPLER_BORDER_COLOR_STATE"; Vol 7 "Sampling Engine").
 *
 * Layers, one file each, generation-neutral unless named genX:
 *  - vgpu_sampler_msg.c: the message: its parameters per message type,
 *    SIMD mode (SIMD8/16, Gen7's SIMD4x2) and header, the surface and
 *    sampler it names, the reply (channel mask, return format), the
 *    queries (resinfo, sampleinfo, lod);
 *  - vgpu_sampler_state_genX.c: SAMPLER_STATE and the border colour of
 *    each generation read back into struct vgpu_sampler_state;
 *  - vgpu_sampler_surface.c: RENDER_SURFACE_STATE read back for sampling
 *    (isl_decode_state) and the fetch of one texel;
 *  - vgpu_sampler_ms.c: the multisampled fetches (ld_mcs, ld2dms,
 *    ld2dms_w, ld2dss): MCS, sample planes, clear colour;
 *  - vgpu_sampler_filter.c: a 2x2 subspan's coordinates to texels: LOD
 *    (vgpu_sampler_lod.c), address modes and cube faces
 *    (vgpu_sampler_address.c), filtering, shadow comparison, gather,
 *    channel selects;
 *  - vgpu_txc.c: block-compressed texels (BC1-7, ETC2/EAC, ASTC LDR). */
#ifndef VGPU_SAMPLER_H
#define VGPU_SAMPLER_H

#include <stdbool.h>
#include <stdint.h>

#include "isl.h"
#include "vgpu_eu.h"

struct vgpu_tex_op;
struct vgpu_tex_surface;

/* ---- the message (vgpu_sampler_msg.c) ---------------------------------- */

/* Runs one sampler message of thread t: payload holds its mlen + ex_mlen
 * GRFs, reply its rlen GRFs (zeroed by the caller), exec_mask the send's
 * channels.  Surfaces come from env->surface_state, SAMPLER_STATE from the
 * message header's Sampler State Pointer or, without a header, from
 * env->dynamic_state_base + env->sampler_state. */
enum vgpu_eu_status vgpu_sampler_message(const struct vgpu_eu_env *env,
                                         struct vgpu_eu_thread *t,
                                         const struct isa_send_msg *msg,
                                         const uint8_t *payload, uint8_t *reply,
                                         uint32_t exec_mask);

/* For the EU's UNDEF check: the payload DWords a sampler message reads,
 * bit d of used[r] for DWord d of payload GRF r (r < regs, counted over
 * mlen then ex_mlen).  SIMD8/16 messages read whole GRFs; a SIMD4x2 one
 * (Gen7's vec4 stages) only its header and, in each slot, the components
 * that hold its parameters: Mesa's vec4 back end writes the others of a
 * parameter GRF with no instruction (the LOD in .x of sample_l's second
 * GRF).  False, used untouched, for a message it does not know. */
bool vgpu_sampler_payload_used(const struct vgpu_eu_env *env,
                               const struct isa_send_msg *msg, uint8_t *used,
                               unsigned regs);

/* ---- sampler state (vgpu_sampler_state_genX.c) ------------------------- */

/* The hardware's encodings (MAPFILTER_*, MIPFILTER_*, TEXCOORDMODE_*,
 * PREFILTEROP_*), so that decoding is a copy. */
enum vgpu_mapfilter { VGPU_MAPFILTER_NEAREST = 0, VGPU_MAPFILTER_LINEAR = 1,
                      VGPU_MAPFILTER_ANISOTROPIC = 2, VGPU_MAPFILTER_MONO = 6 };
enum vgpu_mipfilter { VGPU_MIPFILTER_NONE = 0, VGPU_MIPFILTER_NEAREST = 1,
                      VGPU_MIPFILTER_LINEAR = 3 };
enum vgpu_texcoord_mode {
   VGPU_TC_WRAP = 0, VGPU_TC_MIRROR = 1, VGPU_TC_CLAMP = 2, VGPU_TC_CUBE = 3,
   VGPU_TC_CLAMP_BORDER = 4, VGPU_TC_MIRROR_ONCE = 5, VGPU_TC_HALF_BORDER = 6,
   VGPU_TC_MIRROR_101 = 7,
};
enum vgpu_prefilter_op {
   VGPU_PREFILTER_ALWAYS = 0, VGPU_PREFILTER_NEVER = 1, VGPU_PREFILTER_LESS = 2,
   VGPU_PREFILTER_EQUAL = 3, VGPU_PREFILTER_LEQUAL = 4, VGPU_PREFILTER_GREATER = 5,
   VGPU_PREFILTER_NOTEQUAL = 6, VGPU_PREFILTER_GEQUAL = 7,
};
/* Gen9+ Reduction Type (read only with Reduction Type Enable). */
enum vgpu_reduction { VGPU_REDUCTION_STD = 0, VGPU_REDUCTION_COMPARISON = 1,
                      VGPU_REDUCTION_MIN = 2, VGPU_REDUCTION_MAX = 3 };

/* One SAMPLER_STATE, generation-neutral. */
struct vgpu_sampler_state {
   bool disabled;                 /* Sampler Disable: returns 0s */
   uint8_t min_filter, mag_filter;    /* enum vgpu_mapfilter */
   uint8_t mip_filter;            /* enum vgpu_mipfilter */
   uint8_t address[3];            /* enum vgpu_texcoord_mode: TCX, TCY, TCZ */
   uint8_t shadow_function;       /* enum vgpu_prefilter_op */
   uint8_t max_anisotropy;        /* the ratio: 2, 4, ... 16 */
   uint8_t reduction;             /* enum vgpu_reduction (Gen9+; else STD) */
   /* Address rounding enables: bit 0 U mag, 1 U min, 2 V mag, 3 V min,
    * 4 R mag, 5 R min. */
   uint8_t rounding;
   bool non_normalized;
   bool cube_override;            /* Cube Surface Control Mode OVERRIDE */
   bool lod_preclamp;             /* LOD PreClamp (OpenGL mode) */
   bool mag_clamp_mipfilter;      /* LOD Clamp Magnification Mode MIPFILTER */
   bool border_dx9;               /* Texture Border Color Mode DX9 */
   float lod_bias, min_lod, max_lod;
   float base_mip_level;          /* Gen7-Gen8 (u4.1); 0 on Gen9+ */
   uint32_t border_color_pointer; /* from Dynamic State Base Address */
   /* A setting that changes what the sampler returns and that vgpu does
    * not model (ChromaKey, DX9 border colour mode, MAPFILTER_MONO, reduced
    * filter or LOD quality, Gen11+ sRGB decode skip...), or NULL: the
    * message layer reports it as not modelled. */
   const char *not_modelled;
};

/* Reads the SAMPLER_STATE at dw (vgpu_sampler_state_dwords dwords) of a
 * generation (GFX_VERx10); false for one it does not know. */
bool vgpu_sampler_state_decode(unsigned verx10, const uint32_t *dw,
                               struct vgpu_sampler_state *out);
extern const unsigned vgpu_sampler_state_dwords;   /* 4 on Gen7-Gen12 */

/* Each generation's decoder (vgpu_sampler_state_genX.c). */
#define VGPU_SAMPLER_STATE_GEN_DECL(v) \
   bool gfx##v##_vgpu_sampler_state_decode(const uint32_t *dw, \
                                           struct vgpu_sampler_state *out);
VGPU_SAMPLER_STATE_GEN_DECL(70)
VGPU_SAMPLER_STATE_GEN_DECL(75)
VGPU_SAMPLER_STATE_GEN_DECL(80)
VGPU_SAMPLER_STATE_GEN_DECL(90)
VGPU_SAMPLER_STATE_GEN_DECL(110)
VGPU_SAMPLER_STATE_GEN_DECL(120)

/* Bytes of SAMPLER_BORDER_COLOR_STATE the generation reads. */
unsigned vgpu_sampler_border_bytes(unsigned verx10);
/* The border colour a surface of that format returns, read from the
 * SAMPLER_BORDER_COLOR_STATE at bc (vgpu_sampler_border_bytes), as the
 * four 32-bit channels of isl_texel_unpack before the channel selects:
 * float bits for float and normalized formats, integers for integer
 * formats, as each generation takes them for the format.  Channels the
 * format lacks read 0 and alpha 1, except for Haswell's integer colours,
 * which return what is programmed there (vgpu_sampler_state.c). */
void vgpu_sampler_border_color(unsigned verx10, const uint8_t *bc,
                               const struct isl_format_layout *fmt,
                               uint32_t rgba[4]);

/* ---- the PRM's sampling rules (vgpu_sampler_rules.c) ------------------ */

/* The first programming rule of the PRM a message breaks by sampling
 * surface s with sampler ss (NULL for ld/resinfo) as op asks: the rule's
 * text with its PRM reference, or NULL.  The message layer faults the
 * thread with it, so that a driver bug is named, never misrendered. */
const char *vgpu_sampler_rule_broken(const struct vgpu_tex_surface *s,
                                     const struct vgpu_sampler_state *ss,
                                     const struct vgpu_tex_op *op);

/* ---- surfaces and texels (vgpu_sampler_surface.c) ---------------------- */

/* A RENDER_SURFACE_STATE as the sampler reads it. */
struct vgpu_tex_surface {
   struct isl_state_desc d;             /* isl_decode_state's reading */
   const struct isl_format_layout *fmt; /* of d.format; NULL: isl knows none */
   unsigned verx10;
   bool integer;                        /* UINT/SINT channels: no filtering */
   uint32_t base_level;                 /* Surface Min LOD: sampler LOD 0 */
   uint32_t levels;                     /* LODs from base_level (MIP Count) */
   uint32_t layers;                     /* array layers from min_array_element
                                         * (cube arrays: faces); 3D: 1 */
   float resource_min_lod;
   /* Why it cannot be sampled (unmodelled aux surface, unknown format...),
    * or NULL. */
   const char *not_modelled;
};

/* Reads the binding table entry's state of a generation; false when
 * the dwords hold no surface type the hardware knows. */
bool vgpu_tex_surface_decode(unsigned verx10, const uint32_t *dw,
                             struct vgpu_tex_surface *out);

/* One message's access to memory: map as the EU environment's; a failed
 * access sets fault_addr and why. */
struct vgpu_tex_mem {
   void *user;
   void *(*map)(void *user, uint64_t addr, uint64_t len);
   uint64_t fault_addr;
   const char *why;
};

/* The texel at (x, y) of slice z (array layer counted from 0 of the
 * surface, or 3D depth slice) of surface LOD level (counted from the
 * surface's LOD 0, not base_level), unpacked as isl_texel_unpack does
 * (channel selects not applied).  Coordinates must be inside the LOD;
 * false (mem->why set) when the memory is not mapped. */
bool vgpu_tex_fetch(struct vgpu_tex_mem *mem, const struct vgpu_tex_surface *s,
                    uint32_t level, uint32_t z, uint32_t x, uint32_t y,
                    uint32_t rgba[4]);

/* ---- multisampled fetches (vgpu_sampler_ms.c) --------------------------- */

/* One channel of ld_mcs, ld2dms, ld2dms_w or ld2dss. */
struct vgpu_tex_ms_args {
   int32_t coord[3];        /* u, v, r (array layer from the view's first) */
   int32_t lod;
   uint32_t sample;         /* si */
   uint64_t mcs;            /* the MCS the message carries: ld2dms mcs,
                             * ld2dms_w mcsl | mcsh << 32 */
};

/* The channel's reply of a multisampled message (type: enum
 * isa_sampler_msg) on a multisampled surface, channel selects applied to
 * samples and clear colours: see vgpu_sampler_ms.c.  False with mem->why
 * set on a memory fault. */
bool vgpu_tex_fetch_ms(struct vgpu_tex_mem *mem, const struct vgpu_tex_surface *s,
                       unsigned type, const struct vgpu_tex_ms_args *a, uint32_t rgba[4]);

/* ---- filtering (vgpu_sampler_filter.c) -------------------------------- */

/* How a message gives its LOD. */
enum vgpu_tex_lod {
   VGPU_TEX_LOD_IMPLICIT,   /* sample, sample_c, gather4*: from the subspan */
   VGPU_TEX_LOD_BIAS,       /* sample_b, sample_b_c: implicit + bias */
   VGPU_TEX_LOD_EXPLICIT,   /* sample_l, sample_l_c, ld: lod */
   VGPU_TEX_LOD_GRADIENTS,  /* sample_d, sample_d_c: from grad */
   VGPU_TEX_LOD_ZERO,       /* sample_lz, sample_c_lz, ld_lz */
};

/* What one message asks of every channel. */
struct vgpu_tex_op {
   uint8_t type;            /* enum isa_sampler_msg */
   uint8_t lod;             /* enum vgpu_tex_lod */
   bool compare;            /* a reference value to compare against */
   bool fetch;              /* ld, ld_lz: integer texel coordinates */
   bool gather;             /* gather4 family */
   uint8_t gather_channel;  /* header M0.2 bits 17:16: R, G, B, A */
   bool has_min_lod;        /* the message carries a min LOD clamp */
   int8_t offset[3];        /* header texel offsets (U, V, R), -8..7 */
};

/* One channel's parameters as the message carries them. */
struct vgpu_tex_args {
   /* The parameters u, v, r, ai as the message names them.  The array
    * layer is the parameter after the surface type's coordinates, as the
    * hardware reads it: 1D v, 2D r, cube ai (the direction in u, v, r);
    * ld on a cube reads a 2D array of its faces (layer in r). */
   float coord[4];          /* u, v, r (or cube direction), array index */
   int32_t icoord[4];       /* fetch: u, v, r, array index as integers */
   float lod;               /* EXPLICIT: lod; BIAS: bias (fetch: integer
                             * LOD in ilod) */
   int32_t ilod;
   float ref;               /* compare */
   float grad[2][3];        /* GRADIENTS: d/dx and d/dy of u, v, r */
   float min_lod;           /* has_min_lod */
   int8_t offset[3];        /* gather4_po: per-channel offsets (else the op's) */
};

/* Samples the live channels (bit k: pixel k) of one 2x2 subspan, pixels
 * in the order (0,0) (1,0) (0,1) (1,1) so that implicit LODs come from
 * their differences; writes each live channel's R, G, B, A as the reply
 * carries them (float bits, or integers for integer formats), channel
 * selects applied.  ss is NULL for fetches (ld).  False with mem->why set
 * on a memory fault. */
bool vgpu_tex_sample_quad(struct vgpu_tex_mem *mem, const struct vgpu_tex_surface *s,
                          const struct vgpu_sampler_state *ss, const uint32_t border[4],
                          const struct vgpu_tex_op *op,
                          const struct vgpu_tex_args args[4], unsigned live,
                          uint32_t out[4][4]);

/* The lod message: for each live channel of the subspan, the LOD the
 * sampler would use after clamping and before it (x, y). */
void vgpu_tex_query_lod(const struct vgpu_tex_surface *s, const struct vgpu_sampler_state *ss,
                        const struct vgpu_tex_args args[4], unsigned live,
                        float out[4][2]);

/* ---- compressed blocks (vgpu_txc.c) ------------------------------------ */

/* Whether vgpu_txc_decode decodes the format's blocks. */
bool vgpu_txc_supported(const struct isl_format_layout *l);
/* Texel (x, y) of one compressed block of format l (x < bw, y < bh), as
 * isl_texel_unpack would give it: float bits (sRGB decoded) or integers.
 * False for a compression vgpu does not decode. */
bool vgpu_txc_decode(const struct isl_format_layout *l, const uint8_t *block,
                     unsigned x, unsigned y, uint32_t rgba[4]);

#endif

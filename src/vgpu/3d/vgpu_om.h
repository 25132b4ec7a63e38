/* The output merger: what happens to a pixel shader's render-target
 * writes (PRM Vol 7 "Windower (WM)" depth/stencil tests, "Color
 * Calculator / Output Merger" blending, Vol 2d "Render Target Write"
 * message payloads): the depth test and write, blending with BLEND_STATE's
 * factors and functions, the colour write mask, conversion to the render
 * target's format and the store through its tiling; multisampled, per
 * sample (oMask, alpha to coverage, MCS compression and fast clears).
 *
 * The state structures below are generation-neutral; vgpu_om_genX.c
 * unpacks each generation's BLEND_STATE, COLOR_CALC_STATE and (Gen7)
 * DEPTH_STENCIL_STATE into them with genxml's functions. */
#ifndef VGPU_OM_H
#define VGPU_OM_H

#include <stdbool.h>
#include <stdint.h>

/* One render target's BLEND_STATE entry (factors, functions and the
 * logic op keep the PRM's encodings: BLENDFACTOR_*, BLENDFUNCTION_*,
 * LOGICOP_*). */
struct vgpu_om_blend {
   bool enable;
   bool independent_alpha;
   uint8_t src, dst, func;           /* colour */
   uint8_t src_alpha, dst_alpha, func_alpha;
   uint8_t write_mask;               /* bit 0 R ... bit 3 A: channels written */
   bool logic_op;
   uint8_t logic_func;
   /* Gen8+ keep these in BLEND_STATE's header, Gen7 in each entry */
   bool alpha_to_coverage, alpha_to_coverage_dither, alpha_to_one;
   bool alpha_test;
   uint8_t alpha_test_func;          /* 3D_Compare_Function */
};

/* COLOR_CALC_STATE. */
struct vgpu_om_cc {
   float constant[4];                /* Blend Constant Color RGBA */
   uint8_t stencil_ref, backface_stencil_ref;   /* Gen7-8 */
   bool alpha_ref_unorm8;            /* Alpha Test Format ALPHATEST_UNORM8 */
   float alpha_ref;                  /* Alpha Reference Value (UNORM8: 0-255) */
};

/* The depth and stencil tests: Gen7's DEPTH_STENCIL_STATE, Gen8+'s
 * 3DSTATE_WM_DEPTH_STENCIL.  Stencil arrays: [0] front, [1] back faces. */
struct vgpu_om_depth_stencil {
   bool depth_test, depth_write;
   uint32_t depth_func;              /* 3D_Compare_Function */
   bool stencil_test, stencil_write, double_sided;
   uint8_t stencil_func[2];          /* 3D_Compare_Function */
   uint8_t fail_op[2], zfail_op[2], pass_op[2];   /* 3D_Stencil_Operation */
   uint8_t test_mask[2], write_mask[2], ref[2];
   /* Gen12 3DSTATE_DEPTH_BOUNDS: a pixel whose stored depth lies outside
    * [bounds_min, bounds_max] is discarded before the stencil test */
   bool bounds_test;
   float bounds_min, bounds_max;
};

struct vgpu_draw_run;
struct vgpu_eu_thread;
struct isa_send_msg;

/* A pixel shader thread in flight, as its render-target writes see it.
 * Channels are numbered subspan by subspan (4 * subspan + pixel, pixels
 * upper-left, upper-right, lower-left, lower-right).  Samples: bit s of a
 * channel's sample set is sample s of its pixel (single-sampled: bit 0);
 * sample s lies at the standard position the rasterizer tested. */
struct vgpu_om_thread {
   unsigned simd;                 /* 8, 16, 32 */
   unsigned samples;              /* 3DSTATE_MULTISAMPLE's count: 1, 2, 4, 8 */
   int32_t x[32], y[32];          /* window position of each channel's pixel */
   float z[32];                   /* interpolated depth at the channel's
                                   * pixel centre, or per-sample dispatch at
                                   * its sample (offset applied, clamped to
                                   * zmin..zmax): the shader's source depth */
   float sz[32][8];               /* depth at each sample of cover[] (offset
                                   * applied, clamped): what the depth test
                                   * compares when the shader computes none */
   uint8_t cover[32];             /* the samples the channel tests and
                                   * writes: per-pixel dispatch, the covered
                                   * samples of its pixel (3DSTATE_SAMPLE_MASK
                                   * applied); per-sample dispatch, its own
                                   * sample.  The depth and stencil tests
                                   * clear the samples that fail. */
   float zmin, zmax;              /* the viewport's CC_VIEWPORT depth range */
   uint32_t pixels;               /* channels with a covered sample: never
                                   * the helpers */
   bool late_depth;               /* the depth test waits for the shader */
   uint32_t depth_tested, depth_pass;   /* late: channels tested, passed */
   bool front_facing;
   uint32_t layer;                /* Render Target Array Index */
   bool stencil_from_shader;      /* late: the stencil reference of each
                                   * channel is the shader's, stencil_ref[] */
   uint8_t stencil_ref[32];
};

/* What the draw's pixels go through, set up by the first primitive that
 * reaches the pixel stage (vgpu_om_begin). */
struct vgpu_om {
   unsigned verx10;
   bool cc_loaded;
   struct vgpu_om_cc cc;          /* once cc_loaded */
   struct vgpu_om_depth_stencil ds;   /* the tests in force, every generation */
   bool depth_buffer;             /* a depth buffer to test against */
   unsigned depth_bytes;          /* 2, 4 */
   bool stencil_buffer;           /* a stencil buffer to test against */
   uint8_t targets_known;         /* render targets decoded (vgpu_om.c) */
   struct vgpu_om_thread th;
};

/* Sets up r->om for the draw; false when the draw must stop (r->stop). */
bool vgpu_om_begin(struct vgpu_draw_run *r);
/* The stencil and depth tests (and writes) of the channels in mask, each
 * at the samples th->cover[] holds, with the depths th->sz[] or, when z
 * is not NULL, z[channel] at every sample (a depth the shader computed);
 * samples that pass are counted into PS_DEPTH_COUNT, those that fail are
 * cleared from th->cover[].  Returns the channels with a sample left. */
uint32_t vgpu_om_depth(struct vgpu_draw_run *r, struct vgpu_om_thread *th,
                       const float *z, uint32_t mask);
/* A render-target write or read message of the thread in r->om->th. */
enum vgpu_eu_status vgpu_om_render_target(struct vgpu_draw_run *r,
                                          struct vgpu_eu_thread *t,
                                          const struct isa_send_msg *msg,
                                          const uint8_t *payload, uint8_t *reply,
                                          uint32_t exec_mask);

#define VGPU_OM_GEN_DECL(v) \
   void gfx##v##_vgpu_om_blend(const uint32_t *blend_state, unsigned rt, \
                               struct vgpu_om_blend *out); \
   void gfx##v##_vgpu_om_cc(const uint32_t *dw, struct vgpu_om_cc *out); \
   void gfx##v##_vgpu_om_depth_stencil(const uint32_t *dw, \
                                       struct vgpu_om_depth_stencil *out);
VGPU_OM_GEN_DECL(70)
VGPU_OM_GEN_DECL(75)
VGPU_OM_GEN_DECL(80)
VGPU_OM_GEN_DECL(90)
VGPU_OM_GEN_DECL(110)
VGPU_OM_GEN_DECL(120)

/* Bytes of BLEND_STATE up to and including render target rt's entry
 * (Gen8+ put a one-DWord header before the entries). */
static inline unsigned
vgpu_om_blend_state_bytes(unsigned verx10, unsigned rt)
{
   return (verx10 >= 80 ? 4u : 0u) + (rt + 1) * 8u;
}

#endif

/* One draw as the 3D pipeline's units pass it along: vertex fetch
 * (vgpu_vf.c) and the vertex shader (vgpu_vs.c) leave vertices in the URB
 * (vgpu_urb.c); stream output (vgpu_sol.c) writes them to SO buffers;
 * clip, setup and rasterization (vgpu_clip.c, vgpu_raster.c) turn each
 * primitive into 2x2 subspans; the pixel stage (vgpu_ps.c) dispatches
 * pixel shader threads on them, whose render-target writes the output
 * merger (vgpu_om.c) blends and stores.  vgpu_pipe.c drives a draw
 * through them in API order: primitives in the order the topology makes
 * them, so that depth tests and blending see pixels in that order.
 *
 * The units talk through the structures below only.  Threads of every
 * stage run through vgpu_3d_thread.c (the EU environment of a stage, its
 * push constants, the batch's instruction budget). */
#ifndef VGPU_PIPE_H
#define VGPU_PIPE_H

#include <stdbool.h>
#include <stdint.h>

#include "vgpu_3d.h"
#include "vgpu_eu.h"

struct vgpu_exec;
struct vgpu_gpgpu;
struct vgpu_vf_input;
struct vgpu_vf_draw;
struct vgpu_vf_vertex;
struct vgpu_urb;
struct ps_thread;
struct vgpu_om;
struct vgpu_gs;

/* A vertex as the last enabled geometry stage (or, with every geometry
 * stage disabled, the VF) leaves it: its URB entry, a VUE of 16-byte rows
 * (PRM Vol 7 "Vertex URB Entry (VUE) Formats").  Row 0 is the VUE header
 * (DWord 1 Render Target Array Index, 2 Viewport Index, 3 Point Width),
 * row 1 the clip-space position; Gen8+ stages with clip or cull
 * distances put them in rows 2-3; the attributes follow, where
 * 3DSTATE_SBE reads them. */
struct vgpu_vue {
   const uint32_t *dw;           /* row r, component c: dw[r * 4 + c] */
   unsigned rows;
};

enum vgpu_prim_kind {
   VGPU_PRIM_POINT, VGPU_PRIM_LINE, VGPU_PRIM_TRIANGLE,
   VGPU_PRIM_RECT,               /* RECTLIST: three corners of a rectangle */
};

/* A primitive from the assembler, its vertices in the order the topology
 * lists them (for a strip's odd triangle, as vgpu_vf_assemble gives them).
 * The clipper applies the provoking-vertex and winding rules. */
struct vgpu_prim {
   enum vgpu_prim_kind kind;
   uint32_t topology;            /* the draw's 3D_Prim_Topo_Type */
   unsigned nverts;              /* 1, 2 or 3; into the GS, an adjacency
                                  * primitive's 4 or 6 */
   struct vgpu_vue v[6];
   uint32_t index_in_strip;      /* position among the topology's primitives
                                  * since the last cut (strip parity, fans) */
   uint32_t primitive_id;
   uint32_t stream;              /* the GS's output stream (0-3); 0 without
                                  * a GS: stream output writes the stream's
                                  * buffers (vgpu_sol.c) */
};

/* A primitive after clipping, the viewport transform and setup, in
 * window coordinates (pixels, the drawing rectangle's origin applied). */
struct vgpu_setup {
   enum vgpu_prim_kind kind;     /* RECT stays RECT with its three corners
                                  * (their plane interpolates attributes);
                                  * a non-solid fill mode's triangle comes
                                  * as its LINEs or POINTs */
   unsigned nverts;
   float x[3], y[3];             /* window position */
   float z[3];                   /* depth after the viewport transform */
   float inv_w[3];               /* 1 / clip-space w */
   struct vgpu_vue v[3];         /* attributes: the clipper's new vertices
                                  * when it clipped, the inputs otherwise */
   unsigned provoking;           /* index into v[]: the provoking vertex,
                                  * unless clipping cut it away */
   struct vgpu_vue flat;         /* the primitive's provoking vertex as the
                                  * assembler gave it, always: constant-
                                  * interpolated attributes read it (a
                                  * clipper's new vertex interpolates every
                                  * row, which an integer attribute does
                                  * not survive) */
   bool front_facing;
   float width;                  /* POINT: the square's side, in pixels */
   float depth_offset;           /* the depth bias to add, already computed */
   uint32_t viewport_index, render_target_array_index;
   uint32_t primitive_id;
};

/* A 2x2 block of pixels the rasterizer found covered, at (x, y) even. */
struct vgpu_subspan {
   int32_t x, y;
   /* bit (pixel * samples + sample) per covered sample; pixels in the
    * order upper-left, upper-right, lower-left, lower-right */
   uint32_t coverage;
};

/* The dynamic state clip and setup read, once per draw (vgpu_clip_state.c
 * loads it through vgpu_exec_map on the first primitive; a unit test
 * fills it and sets loaded): SF_CLIP_VIEWPORT, CC_VIEWPORT and
 * SCISSOR_RECT for each viewport up to 3DSTATE_CLIP's Maximum VP Index. */
#define VGPU_MAX_VIEWPORTS 16

struct vgpu_viewport {
   float m00, m11, m22, m30, m31, m32;   /* SF_CLIP_VIEWPORT */
   float gb_xmin, gb_xmax, gb_ymin, gb_ymax;   /* guard band, NDC */
   float xmin, xmax, ymin, ymax; /* Gen8+ viewport extents: the pixels
                                  * kept, inclusive */
   float min_depth, max_depth;   /* CC_VIEWPORT: the pixel stage clamps */
   int32_t scissor[4];           /* SCISSOR_RECT x0 y0 x1 y1, inclusive */
};

struct vgpu_clip_state {
   bool loaded;
   unsigned ver;                 /* the GPU's generation, 7 to 12 */
   unsigned count;               /* viewports read */
   struct vgpu_viewport vp[VGPU_MAX_VIEWPORTS];
};

/* Pipeline statistics counted during the draw (the *_COUNT registers).
 * A unit counts only while its packet's Statistics Enable is set;
 * vgpu_pipe_draw adds every counter to its register when the draw ends. */
struct vgpu_pipe_stats {
   uint64_t ia_vertices, ia_primitives, vs_invocations, gs_invocations,
            gs_primitives, clipper_invocations, clipper_primitives,
            ps_invocations, ps_depth_count, hs_invocations, ds_invocations;
   uint64_t pixels_written;      /* VGPU_DEBUG=draw */
   uint64_t ps_threads[3];       /* VGPU_DEBUG=draw: SIMD8, 16, 32 PS threads */
};

/* The draw in flight. */
struct vgpu_draw_run {
   struct vgpu_exec *exec;
   struct vgpu_gpgpu *g;         /* base addresses and the kernel cache */
   const struct vgpu_3d *st;
   const struct vgpu_draw *draw;
   struct vgpu_urb *urb;
   struct vgpu_om *om;           /* render targets and depth/stencil of the draw:
                                  * NULL until the pixel stage sees its first
                                  * subspans (vgpu_om_begin) */
   struct vgpu_pipe_stats stats;
   struct vgpu_clip_state clip;  /* zero at the draw's start */
   struct vgpu_gs *gs;           /* primitives queued for GS threads
                                  * (vgpu_gs.c); NULL until the first */
   struct ps_thread *ps_running; /* the pixel shader thread running (vgpu_ps.c),
                                  * for the pixel interpolator */
   bool stop;                    /* a fault or an unmodelled feature ended the draw */
   bool barrier_yields;          /* vgpu_3d_thread_run returns true for a thread
                                  * blocked at a barrier (t->barrier_arrived
                                  * set), for the caller to resume it: Gen7
                                  * HS instances (vgpu_tess.c) */
};

/* ---- units (each file's own header comment says what it models) ---- */

/* vgpu_pipe.c: the draw, from vgpu_3d_draw. */
void vgpu_pipe_draw(struct vgpu_exec *exec, const struct vgpu_3d *st,
                    const struct vgpu_draw *draw);

/* vgpu_sol.c: a primitive reaches stream output before the clipper. */
void vgpu_sol_prim(struct vgpu_draw_run *r, const struct vgpu_prim *p);

/* vgpu_clip.c: clips, culls, transforms and sets up one primitive, and
 * hands what is left to the rasterizer. */
void vgpu_clip_prim(struct vgpu_draw_run *r, const struct vgpu_prim *p);

/* vgpu_replicate.c, from the clipper: with Gen12 primitive replication
 * on, passes each replica of p the packet enables to clip in place of p
 * (its VUEs live only during the call) and returns true; false when
 * replication is off (the caller clips p itself). */
bool vgpu_replicate_prim(struct vgpu_draw_run *r, const struct vgpu_prim *p,
                         void (*clip)(struct vgpu_draw_run *r, const struct vgpu_prim *p));

/* vgpu_clip_state.c: fills r->clip from dynamic state; false after a
 * fault (r->stop set). */
bool vgpu_clip_load_state(struct vgpu_draw_run *r);

/* vgpu_raster.c: rasterizes one set-up primitive into subspans and passes
 * them to the pixel stage, in one call per primitive.  The setup and its
 * VUEs live only during the call (a clipped triangle's new vertices are
 * freed after it). */
void vgpu_raster_setup(struct vgpu_draw_run *r, const struct vgpu_setup *s);

/* vgpu_raster.c: where the draw tests each sample of a pixel, x then y
 * in 1/16 pixel from its upper-left corner (the programmed sample
 * pattern of 3DSTATE_MULTISAMPLE's count); *each false when the draw
 * tests one point per pixel (single-sampled, or Gen7's per-pixel
 * rasterization mode: every sample sits at that point).  Returns the
 * sample count. */
unsigned vgpu_raster_sample_positions(const struct vgpu_draw_run *r, uint8_t (*pos)[2],
                                      bool *each);

/* vgpu_ps.c: dispatches pixel shader threads (or, with none, only the
 * depth/stencil work) for a primitive's subspans. */
/* Where the pixel interpolator evaluates (vgpu_pi.c): at an offset from
 * the pixel centre (x, y in 1/16 pixel), at sample x of the pixel, or at
 * the centroid.  b: perspective [0] and linear [1] barycentrics b1, b2 of
 * channel ch (below its width) of the pixel shader thread running (r->ps_running). */
enum vgpu_pi_at { VGPU_PI_AT_OFFSET, VGPU_PI_AT_SAMPLE, VGPU_PI_AT_CENTROID };
void vgpu_ps_barycentrics_at(const struct vgpu_draw_run *r, unsigned ch, enum vgpu_pi_at at,
                             int x, int y, float b[2][2]);
/* vgpu_pi.c: a pixel interpolator message of the pixel shader thread
 * running. */
enum vgpu_eu_status vgpu_pi_message(struct vgpu_draw_run *r, struct vgpu_eu_thread *t,
                                    const struct isa_send_msg *msg, const uint8_t *payload,
                                    uint8_t *reply, uint32_t exec_mask);
void vgpu_ps_subspans(struct vgpu_draw_run *r, const struct vgpu_setup *s,
                      const struct vgpu_subspan *ss, unsigned count);

/* vgpu_vs.c: shades positions [0, count) of an instance's vertex
 * sequence (no cut among them): fetches each vertex into a VS URB entry,
 * runs the vertex shader on it (none when 3DSTATE_VS is disabled: the
 * VF's output is the VUE) and copies the entry to vues + n * vue_dwords,
 * vue_dwords being the VS URB entry's size.  False when the draw must
 * stop (r->stop set). */
bool vgpu_vs_shade(struct vgpu_draw_run *r, const struct vgpu_vf_input *in,
                   const struct vgpu_vf_draw *vd, const struct vgpu_vf_vertex *seq,
                   uint32_t count, uint32_t instance, uint32_t *vues,
                   unsigned vue_dwords);

/* vgpu_gs.c: what of an enabled GS vgpu does not model; NULL when
 * nothing. */
const char *vgpu_gs_unmodelled(const struct vgpu_3d *st);

/* vgpu_gs.c: an assembled primitive (with every vertex of an adjacency
 * primitive) enters the geometry shader, in place of stream output and
 * the clipper: its VUEs are copied, so they need live only during the
 * call.  GS threads run eight objects (primitive instances) at a time;
 * their output primitives go on to stream output and the clipper in
 * order.  False when the draw must stop (r->stop set). */
bool vgpu_gs_prim(struct vgpu_draw_run *r, const struct vgpu_prim *p);

/* vgpu_gs.c: runs the primitives still queued and frees the GS state;
 * called once when the draw ends (nothing without a GS). */
void vgpu_gs_end(struct vgpu_draw_run *r);

/* vgpu_tess.c: why the draw's tessellation state (3DSTATE_HS, TE, DS and
 * a patch-list topology) is not modelled, NULL when it is (no
 * tessellation, or one vgpu models). */
const char *vgpu_tess_unmodelled(const struct vgpu_3d *st, uint32_t topology);

/* What receives each primitive tessellation makes (the next stage). */
typedef void (*vgpu_tess_emit_fn)(struct vgpu_draw_run *r, const struct vgpu_prim *p);

/* vgpu_tess.c: one patch of ncp control points (the VS's VUEs) through
 * the HS, the tessellator and the DS; each primitive the tessellator
 * makes goes to emit, in the tessellator's order, with primitive_id (the
 * patch's).  False when the draw must stop (r->stop set). */
bool vgpu_tess_patch(struct vgpu_draw_run *r, const struct vgpu_vue *cps, unsigned ncp,
                     uint32_t primitive_id, vgpu_tess_emit_fn emit);

/* ---- threads of a 3D stage (vgpu_3d_thread.c) ---- */

/* Writes the R0 fields every 3D stage's thread gets (PRM Vol 7 "Thread
 * Payload"): DWord 3 the Per-Thread Scratch Space as encoded and the
 * sampler state pointer, 4 the binding table pointer, 5 the scratch
 * space pointer (relative to General State Base Address) and FFTID 0;
 * the stage's own fields (URB handles...) are the caller's. */
void vgpu_3d_thread_r0(struct vgpu_draw_run *r, enum vgpu_3d_stage stage,
                       struct vgpu_eu_thread *t);

/* Declares GRFs [0, grfs) the thread's payload for VGPU_EU_CHECKS=undef
 * (nothing without checks); call once the payload is written. */
void vgpu_3d_thread_payload(struct vgpu_eu_thread *t, unsigned grfs);

/* Writes stage's push constants (3DSTATE_CONSTANT_xS buffers 0-3, each
 * read_length 32-byte rows) into the thread's GRFs from first_grf on;
 * returns the GRFs written, or -1 after a fault (r->stop set). */
int vgpu_3d_push_constants(struct vgpu_draw_run *r, enum vgpu_3d_stage stage,
                           struct vgpu_eu_thread *t, unsigned first_grf);

/* Runs a thread whose payload is written, from the stage's kernel (the
 * offset from Instruction Base Address) to EOT, with the stage's binding
 * table and scratch.  False when the draw must stop (fault, hang by the
 * batch's budget, an unmodelled instruction); r->stop is then set. */
bool vgpu_3d_thread_run(struct vgpu_draw_run *r, enum vgpu_3d_stage stage,
                        uint64_t kernel_offset, struct vgpu_eu_thread *t);

#endif

/* The Gen back end ("gbe"): turns a shader of the shared IR (src/ir) into
 * an EU kernel for one generation (src/isa), with everything the driver
 * needs to run it described in plain data: the driver never looks inside
 * the IR or the compiler's own representation.  See README.md here. */
#ifndef GBE_H
#define GBE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ir.h"
#include "isa.h"

#define GBE_MAX_BINDINGS 64

/* The largest kernel (gbe_kernel.code_size) the back end emits; larger
 * ones fail to compile.  The hardware fetches a kernel anywhere in the
 * Instruction Buffer (STATE_BASE_ADDRESS Instruction Buffer Size, up to
 * 4 GiB); what bounds it is where kernels live: genvk's instruction heap
 * (64 MiB for all of a device's kernels, gvk_device.c) and vgpu, which
 * decodes at most 1 MiB from a kernel's start (vgpu_eu.c): 65536 native
 * instructions.  Gen7/7.5 also bound every branch (gbe_emit.c). */
#define GBE_MAX_KERNEL_BYTES (1u << 20)

/* Binding table entries a kernel may use: 240 and up have fixed meanings
 * (PRM Vol 2d "Binding Table Index": 253-255 stateless and SLM). */
#define GBE_MAX_BINDING_TABLE 240
/* SAMPLER_STATE entries a kernel may use: a message's sampler index is
 * four bits, indices from 16 move the message header's state pointer on
 * (PRM Vol 2d "Message Header": Sampler State Pointer) over the one
 * table the driver writes. */
#define GBE_MAX_SAMPLER_TABLE 128
/* Entries a runtime-sized descriptor array takes when the options do not
 * say (struct gbe_array_size). */
#define GBE_RUNTIME_ARRAY_DEFAULT 8

/* The descriptor count of a runtime-sized descriptor array (SPIR-V
 * OpTypeRuntimeArray of blocks or images) in the pipeline layout. */
struct gbe_array_size {
   uint32_t set, binding, count;
};

struct gbe_options {
   enum isa_gen gen;
   unsigned simd;            /* 8, 16 or 32; 0: the compiler chooses */
   bool spill_all;           /* testing: every value lives in scratch */
   bool no_compact;          /* testing: emit every instruction native */
   FILE *print_lir;          /* the LIR after the last pass, when not NULL */
   const struct gbe_array_size *array_sizes;   /* may be NULL */
   unsigned num_array_sizes;
   /* tessellation and geometry stages: the VUE the previous stage writes */
   const struct gbe_vue_map *input_vue;
   /* tessellation stages: the pipeline's domain (IR_PRIM_triangles,
    * quads, isolines), which SPIR-V lets either stage declare: the TCS
    * writes the patch header in its layout, the TES computes its
    * coordinates for it; IR_PRIM_none: the stage's own declaration */
   enum ir_prim tess_domain;
   /* vertex stage of a multiview pipeline (Vulkan "Multiview"): the draw
    * runs once per view with ViewIndex in drawid_row's y; the shader
    * writes it as the render target array index (the view's layer) and
    * in gbe_vue_map.view_index_row for the fragment shader */
   bool multiview;
};

/* How the driver fills the binding table entries of a binding: what the
 * kernel's messages expect to find there. */
enum gbe_surface_kind {
   /* SSBO, UBO: SURFTYPE_BUFFER, format RAW, pitch 1 (untyped and
    * scattered messages address bytes) */
   GBE_SURFACE_BUFFER,
   /* storage and uniform texel buffers: SURFTYPE_BUFFER of `format`, the
    * pitch its bytes per texel, entries = texels (typed messages, the
    * sampler's ld and resinfo) */
   GBE_SURFACE_TEXEL_BUFFER,
   /* storage images: the view's dimensionality, layers and extent in
    * `format` (typed messages, resinfo) */
   GBE_SURFACE_IMAGE,
   /* sampled images (SAMPLED_IMAGE, the image of a COMBINED_IMAGE_SAMPLER,
    * INPUT_ATTACHMENT): the view as the sampler reads it: its
    * dimensionality (cube views as SURFTYPE_CUBE), base level and level
    * count, layers, its own format and component swizzle (sampler
    * messages) */
   GBE_SURFACE_SAMPLED_IMAGE,
};

/* gbe_binding.format when the entry takes the view's own format and the
 * kernel does not know it: uniform texel buffers (the sampler converts
 * every format it samples), storage images and texel buffers declared
 * without a format (Unknown).  A declared format is the view's (Vulkan
 * requires them to match) and is given as the SURFACE_FORMAT. */
#define GBE_FORMAT_VIEW UINT32_MAX
/* SURFACE_FORMAT RAW: the format of GBE_SURFACE_BUFFER entries */
#define GBE_FORMAT_RAW 0x1ffu

/* What a kernel's surface indices mean: binding table entries
 * [bti, bti + count) of the dispatch hold elements 0..count-1 of the
 * descriptor (set, binding) (count is 1 unless the binding is an array;
 * a runtime-sized array takes its gbe_array_size count), each set up as
 * kind and format say.
 *
 * Storage-image reads and the view format (the contract with the driver):
 * a typed surface read converts only the formats the generation lists
 * (isl ISL_CAP_TYPED_READ: Ivy Bridge the 32-bit single-channel ones,
 * Haswell adds the 8/16-bit UINT ones, Skylake the other integer and float
 * ones, Ice Lake the normalized ones; PRM Vol 2d "Typed Surface Read"
 * supported surface formats).  For a declared format the hardware cannot
 * read, the kernel reads raw bits and converts them itself, from an entry
 * the driver sets up differently from the view:
 *   - texels of 32 bits or more: format R32_UINT and texel_dwords = the
 *     view format's bits / 32; every horizontal count in texels (an
 *     image's width, a buffer's entries, Gen9+ 1D QPitch) is multiplied by
 *     texel_dwords, everything else (pitch, tiling, height, depth, layers,
 *     QPitch in rows) is the view's: texel x's dword k is R32_UINT element
 *     x * texel_dwords + k;
 *   - smaller texels: the UINT format with the view format's channel
 *     layout (R16_UINT for R16_FLOAT...), texel_dwords 1.
 * An image read through such an entry and also written, atomically
 * accessed or size-queried (which need the view's own format and extent)
 * has two runs of entries, one per format.  A binding the kernel never
 * accesses has none. */
struct gbe_binding {
   uint32_t set, binding;
   enum ir_storage storage;       /* SSBO, UBO, DESCRIPTOR (images, texel buffers) */
   enum gbe_surface_kind kind;
   uint32_t bti;                  /* first binding table entry */
   uint32_t count;                /* entries: one per array element */
   uint32_t format;               /* SURFACE_FORMAT (enum isl_format), GBE_FORMAT_VIEW,
                                   * or GBE_FORMAT_RAW for GBE_SURFACE_BUFFER */
   uint32_t texel_dwords;         /* R32_UINT elements per texel of the view, else 1 */
   /* GBE_SURFACE_BUFFER: bytes into the cross-thread constants where the
    * driver writes each element's buffer address, count uint64 (the
    * descriptor's range start: buffer address + offset + dynamic
    * offset); UINT32_MAX when the kernel does not read them.  64-bit
    * atomics need them: before LSC the data port has 64-bit atomics only
    * as A64 messages, which take a virtual address, not a binding table
    * entry (PRM Vol 2d "A64 Untyped Atomic"). */
   uint32_t address_offset;
};

/* What a kernel's sampler indices mean: SAMPLER_STATE entries [index,
 * index + count) of the dispatch's sampler state table hold the samplers
 * of elements 0..count-1 of descriptor (set, binding), a SAMPLER or
 * COMBINED_IMAGE_SAMPLER binding (count as for struct gbe_binding).  The
 * driver writes the table (16-byte SAMPLER_STATEs, each with its border
 * colour pointer) and points the dispatch at it (compute: the interface
 * descriptor's Sampler State Pointer and Sampler Count). */
struct gbe_sampler_binding {
   uint32_t set, binding;
   uint32_t index;                /* first SAMPLER_STATE entry */
   uint32_t count;
};

/* Values the driver writes into the compute cross-thread constant data
 * besides the push constants, at cs.sysval_offset[] bytes from its start
 * (UINT32_MAX where the kernel does not read it). */
enum gbe_cs_sysval {
   GBE_CS_NUM_WORKGROUPS,    /* 3 x uint32 */
   GBE_CS_SYSVAL_COUNT,
};

struct gbe_stats {
   unsigned instructions, sends, loops, spills, fills, cycles;
   unsigned grfs;            /* registers the kernel uses */
};

/* The compute thread payload (PRM Vol 7 "GPGPU Thread Payload"): g0 is
 * the R0 header; then cross_thread_regs GRFs of constants the same for
 * every thread (push constants from byte 0, then the system values
 * above); then per_thread_regs GRFs that differ per hardware thread: the
 * local invocation ids, one block of local_id_regs GRFs per component in
 * local_id_mask (x, y, z), each holding SIMD-width uint16 values. */
struct gbe_cs_info {
   uint32_t local_size[3];
   uint32_t push_bytes;          /* push-constant bytes the kernel reads */
   uint32_t cross_thread_regs, per_thread_regs;
   uint32_t sysval_offset[GBE_CS_SYSVAL_COUNT];
   uint8_t local_id_mask;
   uint8_t local_id_regs;
   uint32_t threads;             /* hardware threads per workgroup */
   uint32_t right_mask;          /* channels live in the last thread */
   bool uses_barrier;
};

/* ---- graphics stages (Gen8+: the scalar back end; Gen7/7.5's vertex
 * stages are SIMD4x2 vec4 kernels it does not make) ---- */

#define GBE_MAX_VARYINGS 32
#define GBE_MAX_VS_ATTRIBUTES 32
#define GBE_MAX_RENDER_TARGETS 8
#define GBE_NO_SLOT 0xffu

/* The vertex entry (VUE) a vertex stage writes, in 16-byte rows: row 0
 * the VUE header (PRM Vol 7 "VUE Header": DWord 1 the render target array
 * index (gl_Layer), DWord 2 the viewport index, DWord 3 the point size,
 * each 0 when not written), row 1 the position, then,
 * when the shader writes clip or cull distances, rows 2 and 3 holding
 * the clip distances from element 0 and the cull distances right after
 * them (element k of the eight is row 2 + k / 4, component k % 4), then
 * one row per output location written, in increasing location order.
 * The SBE reads varyings from row 2 * read_offset on (3DSTATE_SBE
 * Vertex URB Entry Read Offset, in 256-bit units: 1 skips the header
 * and the position). */
struct gbe_vue_map {
   uint32_t num_rows;
   uint8_t location_row[GBE_MAX_VARYINGS];   /* GBE_NO_SLOT: not written */
   uint8_t clip_rows;                         /* 0 or 2 */
   uint8_t num_clip, num_cull;                /* distances */
   bool writes_point_size;
   bool writes_layer, writes_viewport;
   /* gl_PrimitiveID (a geometry shader's output): its row, after the
    * varyings, component 0; 0 when not written (row 0 is the header) */
   uint8_t primitive_id_row;
   bool writes_primitive_id;
   /* ViewIndex of a multiview vertex stage (gbe_options.multiview): its
    * row, after the varyings, component 0; 0 when not written */
   uint8_t view_index_row;
};

/* The vertex shader: SIMD8, a vertex a channel (PRM Vol 7 "VS Thread
 * Payload", the layout src/vgpu/3d/vgpu_vs.c documents):
 *   g0        R0 header
 *   g1        the URB handle of each channel's vertex
 *   grf_start push constants (push_regs GRFs: 3DSTATE_CONSTANT_VS buffer
 *             0, from byte 0 of the push constants, read length push_regs)
 *   then      the input rows: row r's component c in GRF
 *             grf_start + push_regs + 4 r + c (3DSTATE_VS Vertex URB Entry
 *             Read Offset 0, Read Length urb_read_length)
 * Input rows: the attribute of Vulkan location L in row input_row[L] (one
 * row per location read, in location order; a 64-bit attribute of more
 * than two components takes two rows, as the VF writes it: input_rows[L]
 * 2, its second location not in inputs_read), then the
 * system-value rows the shader needs:
 *   sgv_row:    uint32 (BaseVertex, BaseInstance, VertexID, InstanceID):
 *               x and y stored by a vertex element from a per-draw buffer
 *               (firstVertex for non-indexed draws, vertexOffset for
 *               indexed ones; firstInstance), z and w written by
 *               3DSTATE_VF_SGVS (VertexID: zero-based, the index without
 *               Base Vertex Location for indexed draws, the position in
 *               the draw for sequential ones, as src/vgpu/3d/vgpu_vf.c
 *               and Mesa's compiler take it; InstanceID: zero-based)
 *   drawid_row: uint32 (DrawIndex, ViewIndex, 0, 0) from a per-draw
 *               buffer (ViewIndex: the view a multiview draw runs for,
 *               gbe_options.multiview; uses_view_index when read)
 * The outputs go to the same entry laid out as `vue` says (3DSTATE_URB_VS
 * entry size urb_entry_size 64-byte units). */
struct gbe_vs_info {
   uint32_t push_bytes;
   uint32_t push_regs;
   uint32_t grf_start;
   uint32_t inputs_read;                       /* bit L: location L */
   uint8_t input_row[GBE_MAX_VS_ATTRIBUTES];   /* GBE_NO_SLOT: not read */
   uint8_t input_rows[GBE_MAX_VS_ATTRIBUTES];  /* rows location L takes (1 or 2) */
   uint8_t sgv_row, drawid_row;                /* GBE_NO_SLOT: not needed */
   bool uses_vertex_id, uses_instance_id;      /* sgv_row's z, w */
   bool uses_base_vertex, uses_base_instance;  /* sgv_row's x, y */
   bool uses_view_index;                       /* drawid_row's y */
   uint32_t num_input_rows;
   uint32_t urb_read_length;                   /* 256-bit units, at least 1 */
   uint32_t urb_entry_size;                    /* 64-byte units: max(input rows, vue rows) */
   struct gbe_vue_map vue;
};

/* The geometry shader: SIMD8, an input primitive (an object) a channel
 * (3DSTATE_GS Dispatch Mode SIMD8; PRM Vol 7 "GS Thread Payload", the
 * layout src/vgpu/3d/vgpu_gs.c documents):
 *   g0        R0 header
 *   g1        DWord n: channel n's output URB handle (bits 15:0) and its
 *             invocation (instance) number (bits 31:27)
 *   g2        with include_primitive_id: DWord n channel n's PrimitiveID
 *   grf_start push constants (push_regs GRFs, 3DSTATE_CONSTANT_GS buffer 0)
 *   then      each input vertex's rows 0 .. 2 * urb_read_length - 1 of the
 *             previous stage's VUE (its gbe_vue_map, gbe_options.input_vue),
 *             four GRFs a row (Vertex URB Entry Read Offset 0)
 * Output entry (3DSTATE_URB_GS entry size urb_entry_size 64-byte units):
 * 32 bytes whose DWord 0 is the count of vertices emitted, then the
 * control data header (control_data_header_size 32-byte units; CUT:
 * bit v ends the strip after vertex v, SID: bits 2v+1:2v vertex v's
 * stream), then the vertices, output_vertex_rows 16-byte rows each, laid
 * out as `vue` says. */
enum gbe_gs_control { GBE_GS_CONTROL_CUT = 0, GBE_GS_CONTROL_SID = 1 };

struct gbe_gs_info {
   uint32_t push_bytes;
   uint32_t push_regs;
   uint32_t grf_start;                 /* Dispatch GRF Start Register for URB Data */
   uint32_t input_vertices;            /* per input primitive */
   uint32_t urb_read_length;           /* per input vertex, 256-bit units */
   uint32_t invocations;               /* Instance Control + 1 */
   uint32_t max_output_vertices;
   uint32_t output_vertex_rows;        /* Output Vertex Size + 1 */
   uint32_t output_topology;           /* 3DPRIM_POINTLIST, LINESTRIP or TRISTRIP */
   uint32_t control_data_format;       /* enum gbe_gs_control */
   uint32_t control_data_header_size;  /* 32-byte units, 0: none */
   uint32_t streams;                   /* bit s: EmitStreamVertex to stream s */
   bool include_primitive_id;
   uint32_t urb_entry_size;            /* 64-byte units */
   struct gbe_vue_map vue;
};

/* Transform feedback of the last vertex stage (Vulkan "Transform
 * Feedback"; PRM Vol 7 "Stream Output Logic"): each captured output as
 * the VUE components it comes from and where they go.  Output k writes
 * num_components dwords from row `row`, components component..component +
 * num_components - 1 (the VUE map of the same kernel), at byte `offset`
 * of each vertex's stride[buffer] bytes of buffer `buffer`, for primitives
 * of geometry stream `stream`.  Outputs are sorted by stream, buffer and
 * offset and do not overlap.  num_outputs is 0 when the shader has no
 * Xfb execution mode. */
#define GBE_MAX_XFB_BUFFERS 4
#define GBE_MAX_XFB_OUTPUTS 64
/* bytes: the vertex stride the driver reports
 * (maxTransformFeedbackBufferDataStride) */
#define GBE_MAX_XFB_STRIDE 2048
struct gbe_xfb_output {
   uint8_t stream, buffer, row, component, num_components;
   uint16_t offset;                  /* bytes, a multiple of 4 */
};
struct gbe_xfb_info {
   uint32_t num_outputs;
   struct gbe_xfb_output outputs[GBE_MAX_XFB_OUTPUTS];
   uint32_t stride[GBE_MAX_XFB_BUFFERS];   /* bytes; 0: nothing captured there */
   uint32_t max_row;                 /* the last VUE row read */
};

/* Tessellation (Gen8+).  The patch URB entry the hull shader (TCS) writes
 * and the domain shader (TES) reads, in 16-byte rows: rows 0 and 1 the
 * patch header with the tessellation levels where the TE reads them (PRM
 * Vol 7 "Patch URB Entry", the layout src/vgpu/3d/vgpu_tess.c documents:
 * DWords 7, 6, 5, 4 a quad's outer levels 0-3 and DWords 3, 2 its inner
 * levels 0, 1; a triangle's outer levels 0-2 in DWords 7-5 and its inner
 * level in DWord 4; isolines' line count (outer 0) in DWord 6 and detail
 * (outer 1) in DWord 7), then output control point i at row
 * GBE_PATCH_HEADER_ROWS + i * tcs.vue.num_rows, laid out as tcs.vue says
 * (as a VUE: row 1 the position, a row per location written).  Per-patch
 * outputs other than the levels are not supported yet. */
#define GBE_PATCH_HEADER_ROWS 2

/* The hull shader: SINGLE_PATCH dispatch (PRM Vol 2a 3DSTATE_HS; the
 * payload src/vgpu/3d/vgpu_tess.c documents): `instances` threads a
 * patch (3DSTATE_HS Instance Count = instances - 1), instance i shading
 * output control points 8i..8i+7 in its channels (the kernel disables
 * those past output_vertices).  g0 R0 (DWord 0 the patch handle, 1 the
 * primitive ID, 2 the instance number); g1-g4 the input control points'
 * handles (Include Vertex Handles; Vertex URB Entry Read Length 0: the
 * kernel reads the VS's VUEs, laid out as gbe_options.input_vue, by URB
 * messages); push constants from grf_start (push_regs GRFs,
 * 3DSTATE_CONSTANT_HS buffer 0).  The patch entry is urb_entry_size
 * 64-byte units (3DSTATE_URB_HS). */
struct gbe_tcs_info {
   uint32_t push_bytes, push_regs, grf_start;
   uint32_t output_vertices;
   uint32_t instances;
   enum ir_prim domain;
   /* the TE modes the control shader declares (tess_declared: which of
    * spacing, ccw and point_mode, enum ir_tess_declared); the driver
    * merges them with the evaluation shader's */
   enum ir_tess_spacing spacing;
   bool ccw, point_mode;
   uint8_t tess_declared;
   uint32_t urb_entry_size;
   struct gbe_vue_map vue;          /* each output control point's rows */
};

/* The domain shader: SIMD8_SINGLE_PATCH, eight domain points a thread:
 * g0 R0 (DWord 0 the patch handle, 1 the primitive ID), g1-g3 the
 * points' u, v, w, g4 their DS URB entry handles; push constants from
 * grf_start (push_regs GRFs, 3DSTATE_CONSTANT_DS buffer 0); Patch URB
 * Entry Read Length 0 (the kernel reads the patch entry, laid out as the
 * TCS's gbe_tcs_info says, given as gbe_options.input_vue = &tcs.vue, by
 * URB messages).  It writes each point's VUE as `vue` says into a DS
 * entry of urb_entry_size 64-byte units (3DSTATE_URB_DS).  The TE state
 * as the shader declares it: domain (IR_PRIM_triangles, quads or
 * isolines; gbe_options.tess_domain when given), spacing, winding (ccw,
 * in the domain's upper-left-origin sense of Vulkan) and point mode,
 * tess_declared saying which of the last three it declares (enum
 * ir_tess_declared; the control shader may declare the others). */
struct gbe_tes_info {
   uint32_t push_bytes, push_regs, grf_start;
   enum ir_prim domain;
   enum ir_tess_spacing spacing;
   bool ccw, point_mode;
   uint8_t tess_declared;
   uint32_t urb_entry_size;
   struct gbe_vue_map vue;
};

/* 3DSTATE_WM Barycentric Interpolation Mode bits. */
enum gbe_bary {
   GBE_BARY_PERSP_PIXEL = 1u << 0,
   GBE_BARY_PERSP_CENTROID = 1u << 1,
   GBE_BARY_PERSP_SAMPLE = 1u << 2,
   GBE_BARY_NONPERSP_PIXEL = 1u << 3,
   GBE_BARY_NONPERSP_CENTROID = 1u << 4,
   GBE_BARY_NONPERSP_SAMPLE = 1u << 5,
};

/* The fragment shader: SIMD8, 16 or 32 (gbe_options.simd; the driver
 * compiles the widths it wants, each a kernel), payload as
 * src/vgpu/3d/vgpu_ps.c documents (PRM Vol 7 "Pixel Shader Thread
 * Payload"): R0, R1 (R2 at SIMD32), the barycentrics of the modes in
 * barycentric_modes, source depth and W when used, the position offsets
 * and the input coverage mask when used; from grf_start the push
 * constants (push_regs GRFs, 3DSTATE_CONSTANT_PS buffer 0) then the SBE's
 * attribute setup data, two GRFs an attribute.  Attribute k (3DSTATE_SBE
 * attribute k, k < num_inputs) is the previous stage's output at location
 * input_location[k]; the driver's SBE_SWIZ maps it from that stage's
 * gbe_vue_map.  Render target r of the subpass is binding table entry r
 * (entries 0..num_render_targets-1; the descriptors' entries follow them:
 * gbe_binding.bti counts from num_render_targets). */
/* gbe_fs_info.input_location of the attribute holding gl_PrimitiveID
 * (flat, component 0): the previous stage's gbe_vue_map.primitive_id_row
 * when it writes one, else the SBE's PRIM_ID constant (3DSTATE_SBE_SWIZ
 * Constant Source), the primitive's number in the draw. */
#define GBE_INPUT_PRIMITIVE_ID 0xfeu
/* gbe_fs_info.input_location of the attribute holding ViewIndex (flat,
 * component 0): the last vertex stage's gbe_vue_map.view_index_row, or
 * 0 (CONST_0000) when it writes none: no multiview, view 0. */
#define GBE_INPUT_VIEW_INDEX 0xfdu

struct gbe_fs_info {
   uint32_t push_bytes;
   uint32_t push_regs;
   uint32_t grf_start;                 /* 3DSTATE_PS Dispatch GRF Start Register */
   uint32_t num_inputs;                /* 3DSTATE_SBE Number of SF Output Attributes */
   uint8_t input_location[GBE_MAX_VARYINGS];
   uint32_t flat_inputs;               /* bit k: Constant Interpolation Enable */
   uint32_t barycentric_modes;         /* enum gbe_bary */
   /* outputs by location: 0..n-1.  At least 1: a shader that writes no
    * colour (render_target_mask 0) still ends with a render target write
    * to entry 0 (the thread's depth, stencil and coverage), which the
    * driver must then point at a null surface, not at colour attachment 0
    * (the message carries zeros as colour). */
   uint32_t num_render_targets;
   uint32_t render_target_mask;        /* locations written: one RT write each */
   bool uses_source_depth, uses_source_w;
   bool uses_position_offset;          /* Position XY Offset: sample positions */
   bool uses_coverage_mask;            /* the input coverage mask */
   bool computes_depth, computes_stencil, writes_sample_mask;
   bool kills;                         /* discard or demote */
   bool per_sample;                    /* needs per-sample dispatch */
   bool dual_source;
   bool has_side_effects;              /* stores, atomics */
   bool early_fragment_tests;
};

struct gbe_kernel {
   enum isa_gen gen;
   enum ir_stage stage;
   unsigned simd;
   uint8_t *code;                /* malloc'd */
   uint32_t code_size;
   uint32_t slm_size;
   uint32_t scratch_per_thread;  /* bytes, 0 when none */
   uint32_t num_bindings;
   struct gbe_binding bindings[GBE_MAX_BINDINGS];
   uint32_t binding_table_size;  /* entries used: every binding's bti + count */
   uint32_t num_samplers;
   struct gbe_sampler_binding samplers[GBE_MAX_BINDINGS];
   uint32_t sampler_table_size;  /* SAMPLER_STATE entries used: index + count */
   struct gbe_cs_info cs;
   struct gbe_vs_info vs;
   struct gbe_gs_info gs;
   struct gbe_fs_info fs;
   struct gbe_tcs_info tcs;
   struct gbe_tes_info tes;
   struct gbe_xfb_info xfb;           /* vertex stages */
   struct gbe_stats stats;
};

/* Compiles an optimised IR shader (the caller ran ir_optimize; the back
 * end runs the lowerings it needs).  Returns false with one line naming
 * the IR instruction and the generation in err when the shader uses
 * something the generation or the back end cannot do.  The shader is
 * changed by the lowerings. */
bool gbe_compile(struct ir_shader *s, const struct gbe_options *opt,
                 struct gbe_kernel *out, char *err, size_t err_size);
void gbe_kernel_finish(struct gbe_kernel *k);

/* The binding whose entries hold binding table entry bti, and the array
 * element there; NULL when the kernel uses no such entry. */
const struct gbe_binding *gbe_binding_at(const struct gbe_kernel *k, uint32_t bti,
                                         uint32_t *element);

/* The widths a compute shader can be compiled at, best first. */
unsigned gbe_cs_simd_choices(const struct ir_shader *s, enum isa_gen gen,
                             unsigned out[3]);

/* Fills the per-thread constants of hardware thread `thread` of a
 * workgroup (cs.per_thread_regs * 32 bytes at out): what a driver puts in
 * the CURBE after the cross-thread data. */
void gbe_cs_fill_per_thread(const struct gbe_kernel *k, unsigned thread,
                            uint8_t *out);

/* One line in the format Mesa's INTEL_DEBUG prints, e.g. "SIMD16 shader:
 * 20 instructions. 0 loops. 302 cycles. 0:0 spills:fills, 4 sends". */
int gbe_stats_line(const struct gbe_kernel *k, char *buf, size_t size);

#endif

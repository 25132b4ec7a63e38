/* The 3D pipeline's state: what the 3DSTATE_* packets set, decoded into
 * generation-neutral fields (vgpu_3d_genX.c unpacks the packets of each
 * generation with genxml's functions), and 3DPRIMITIVE's draw.
 *
 * The structs are plain data for the fixed-function units that read them
 * (vertex fetch, the shader stages, clip/setup, the pixel stage).  Fields
 * keep the hardware's encodings where the PRM defines an enumeration (a
 * SURFACE_FORMAT, a component control, a cull mode: genxml names the
 * values), and turn encoded sizes into plain units where the packet
 * counts from 0 or in pages.  State pointers stay as the packets give
 * them: offsets from the bases STATE_BASE_ADDRESS sets, whose one home is
 * struct vgpu_gpgpu (the packet is shared by both pipelines). */
#ifndef VGPU_3D_H
#define VGPU_3D_H

#include <stdbool.h>
#include <stdint.h>

struct vgpu_cs;
struct vgpu_exec;

/* Vertex buffer index 0-32 and 34 vertex elements (PRM Vol 2a
 * 3DSTATE_VERTEX_BUFFERS, 3DSTATE_VERTEX_ELEMENTS). */
#define VGPU_3D_MAX_VERTEX_BUFFERS 33
#define VGPU_3D_MAX_VERTEX_ELEMENTS 34
/* 3DSTATE_SO_DECL_LIST: at most 128 declarations per stream. */
#define VGPU_3D_MAX_SO_DECLS 128

/* The 3DPRIMITIVE parameter registers an indirect draw reads (PRM Vol 2c:
 * 3DPRIM_END_OFFSET ... 3DPRIM_BASE_VERTEX), and Gen11's extended
 * parameters 3DPRIM_XP0-2. */
#define REG_3DPRIM_END_OFFSET 0x2420
#define REG_3DPRIM_START_VERTEX 0x2430
#define REG_3DPRIM_VERTEX_COUNT 0x2434
#define REG_3DPRIM_INSTANCE_COUNT 0x2438
#define REG_3DPRIM_START_INSTANCE 0x243c
#define REG_3DPRIM_BASE_VERTEX 0x2440
#define REG_3DPRIM_XP0 0x2690

enum vgpu_3d_stage {
   VGPU_3D_VS, VGPU_3D_HS, VGPU_3D_DS, VGPU_3D_GS, VGPU_3D_PS, VGPU_3D_STAGES
};

/* 3DSTATE_VERTEX_BUFFERS: one VERTEX_BUFFER_STATE. */
struct vgpu_3d_vertex_buffer {
   bool set;                     /* programmed since the context began */
   bool null_buffer;             /* Null Vertex Buffer: fetches read 0 */
   uint64_t address;
   uint32_t pitch;               /* bytes */
   uint64_t size;                /* bytes: Gen8+ Buffer Size; Gen7/7.5
                                  * End Address (the last valid byte) less
                                  * the start, plus one */
   bool per_instance;            /* Gen7/7.5 Buffer Access Type INSTANCEDATA */
   uint32_t step_rate;           /* Gen7/7.5 Instance Data Step Rate */
};

/* 3DSTATE_VERTEX_ELEMENTS: one VERTEX_ELEMENT_STATE, with Gen8+'s
 * 3DSTATE_VF_INSTANCING for the element. */
struct vgpu_3d_vertex_element {
   bool valid;
   uint32_t buffer_index;
   uint32_t format;              /* SURFACE_FORMAT */
   uint32_t offset;              /* Source Element Offset, bytes */
   uint8_t component[4];         /* 3D_Vertex_Component_Control per channel */
   bool edge_flag;
   bool instancing;              /* Gen8+ 3DSTATE_VF_INSTANCING */
   uint32_t step_rate;           /* Gen8+ Instance Data Step Rate */
};

/* 3DSTATE_INDEX_BUFFER. */
struct vgpu_3d_index_buffer {
   bool set;
   uint64_t address;
   uint32_t format;              /* 0 byte, 1 word, 2 dword (INDEX_BYTE...) */
   uint64_t size;                /* bytes, as vertex buffers count it */
};

/* 3DSTATE_VF (Gen7.5+; Gen7 keeps Cut Index Enable in the index buffer
 * packet and cuts at the all-ones index), VF_SGVS, VF_STATISTICS. */
struct vgpu_3d_vf {
   bool indexed_cut_enable;
   bool sequential_cut_enable;   /* Gen9+ */
   uint32_t cut_index;
   bool vertex_id_offset_enable; /* Gen11+ */
   bool component_packing;       /* Gen9+ */
   uint32_t topology;            /* Gen8+ 3DSTATE_VF_TOPOLOGY */
   bool statistics;
   /* 3DSTATE_VF_SGVS (Gen8+): where VertexID and InstanceID are stored. */
   bool vertex_id_enable, instance_id_enable;
   uint32_t vertex_id_element, vertex_id_component;
   uint32_t instance_id_element, instance_id_component;
};

/* 3DSTATE_{VS,HS,DS,GS,PS}: what dispatching a stage's threads needs.
 * Kernel pointers are offsets from Instruction Base Address. */
struct vgpu_3d_shader {
   bool enable;                  /* PS: Gen7 3DSTATE_WM Thread Dispatch
                                  * Enable, Gen8+ PS_EXTRA Pixel Shader Valid */
   uint64_t kernel[3];           /* PS: one per dispatch width, in the
                                  * order 3DSTATE_PS numbers them; DS
                                  * Gen9+: [1] the dual-patch kernel */
   uint32_t grf_start[3];        /* Dispatch GRF Start Register (PS: per kernel) */
   uint32_t dispatch_mode;       /* HS, DS, GS: Dispatch Mode as encoded */
   uint8_t simd;                 /* VS: 8 (SIMD8) or 4 (SIMD4x2); PS: the
                                  * dispatch widths enabled, 8|16|32 */
   uint32_t urb_read_length;     /* 256-bit rows */
   uint32_t urb_read_offset;
   uint32_t urb_output_length;   /* Gen8+ VS/DS/GS */
   uint32_t urb_output_offset;
   uint64_t scratch_base;        /* from General State Base Address; 0 none */
   uint32_t scratch_space;       /* Per Thread Scratch Space as encoded */
   uint32_t binding_table_entries;
   uint32_t sampler_count;       /* as encoded (groups of four) */
   uint32_t max_threads;
   bool statistics;
   bool vector_mask;
   bool single_program_flow;
   bool include_vertex_handles;  /* HS/GS */
   bool include_primitive_id;    /* GS; HS Gen9+ */
   uint32_t instance_count;      /* HS: Instance Count + 1; GS: Instance Control + 1 */
   uint32_t output_topology;     /* GS */
   uint32_t output_vertex_size;  /* GS, 16-byte units less one */
   uint32_t control_data_format, control_data_header_size;   /* GS */
   uint32_t reorder_mode;        /* GS: 0 LEADING, 1 TRAILING */
   bool static_output;           /* GS Gen8+: the vertex count is */
   uint32_t static_output_vertex_count;   /* this, not the entry's DWord 0 */
   uint32_t clip_distance_mask, cull_distance_mask;   /* Gen8+ VS/DS/GS */
};

/* 3DSTATE_CONSTANT_xS (and Gen12's 3DSTATE_CONSTANT_ALL): up to four
 * push-constant buffers per stage. */
struct vgpu_3d_constants {
   uint32_t read_length[4];      /* 256-bit units */
   uint64_t buffer[4];           /* address, or Gen7/7.5 an offset from
                                  * Dynamic State Base Address (INSTPM) */
};

/* 3DSTATE_URB_xS and 3DSTATE_PUSH_CONSTANT_ALLOC_xS. */
struct vgpu_3d_urb {
   uint32_t entries;
   uint32_t entry_size;          /* 64-byte units (the field plus one) */
   uint32_t start;               /* 8 KB units */
   uint32_t push_offset, push_size;   /* KB (2 KB units on GT3 parts) */
};

/* 3DSTATE_STREAMOUT, SO_BUFFER, SO_DECL_LIST. */
struct vgpu_3d_so_decl {
   uint8_t component_mask;
   uint8_t register_index;
   bool hole;
   uint8_t buffer;
};

struct vgpu_3d_so_buffer {
   bool enable;
   uint64_t address;
   uint64_t size;                /* bytes: Gen8+ (Surface Size + 1) dwords;
                                  * Gen7/7.5 End Address less the start
                                  * (the byte past the buffer: writes stop
                                  * there, and hasvk programs base + size) */
   uint32_t pitch;               /* bytes */
   bool offset_address_enable;   /* Gen8+ */
   uint64_t offset_address;
   bool offset_write_enable;
   uint32_t offset;              /* Stream Offset; 0xffffffff: from memory */
};

struct vgpu_3d_streamout {
   bool enable;                  /* SO Function Enable */
   bool rendering_disable;
   uint32_t render_stream;
   uint32_t reorder_mode;
   bool statistics;
   uint32_t read_offset[4], read_length[4];   /* per stream */
   struct vgpu_3d_so_buffer buffer[4];
   uint32_t buffer_selects[4];   /* per stream: bit per buffer */
   uint32_t decl_count[4];
   struct vgpu_3d_so_decl decl[4][VGPU_3D_MAX_SO_DECLS];
};

/* Clip, setup and rasterization: 3DSTATE_CLIP, 3DSTATE_SF, and Gen8+'s
 * 3DSTATE_RASTER (which took the cull, fill and depth-offset fields of
 * Gen7's SF and CLIP). */
struct vgpu_3d_raster {
   bool clip_enable;
   uint32_t clip_mode, api_mode;
   bool viewport_xy_clip, guardband_clip;
   bool viewport_z_clip;         /* the near plane (Gen7/8: both planes) */
   bool viewport_z_far_clip;     /* Gen9+ has a bit of its own */
   bool clip_statistics;         /* 3DSTATE_CLIP Statistics Enable */
   bool force_zero_rtai;         /* 3DSTATE_CLIP Force Zero RTA Index Enable */
   bool legacy_depth_bias;       /* 3DSTATE_SF: depth offset's r is 1 */
   bool perspective_divide_disable, nonperspective_barycentric;
   uint32_t clip_distance_mask, cull_distance_mask;   /* 3DSTATE_CLIP */
   uint32_t provoking_tristrip, provoking_linestrip, provoking_trifan;
   float min_point_width, max_point_width;
   uint32_t max_viewport_index;
   bool viewport_transform;
   float line_width, point_width;
   bool point_width_from_state;  /* else from the vertex */
   bool last_pixel;
   uint32_t cull_mode, front_winding, front_fill, back_fill;
   bool depth_offset_solid, depth_offset_wireframe, depth_offset_point;
   float depth_offset_constant, depth_offset_scale, depth_offset_clamp;
   bool scissor_enable, antialiasing;
   uint32_t multisample_mode;
};

/* 3DSTATE_SBE: attribute setup. */
struct vgpu_3d_sbe {
   uint32_t attribute_count;
   uint32_t urb_read_offset, urb_read_length;
   bool swizzle_enable;
   uint32_t flat_mask;           /* Constant Interpolation Enable */
   uint32_t point_sprite_mask;
   uint32_t point_sprite_origin;
   /* SF_OUTPUT_ATTRIBUTE_DETAIL per attribute (Gen7 3DSTATE_SBE, Gen8+
    * 3DSTATE_SBE_SWIZ): used with swizzle_enable. */
   struct vgpu_3d_sbe_swizzle {
      uint8_t source;            /* Source Attribute */
      uint8_t select;            /* Swizzle Select: INPUTATTR ... */
      uint8_t constant_source;   /* CONST_0000 ... PRIM_ID */
      uint8_t override_mask;     /* Component Override X (bit 0) ... W */
   } swizzle[16];
};

/* 3DSTATE_WM, PS_EXTRA (Gen8+; Gen7 keeps these bits in WM and PS) and
 * PS_BLEND (Gen8+). */
struct vgpu_3d_wm {
   bool statistics;
   uint32_t barycentric_mode;
   uint32_t early_depth_stencil;
   uint32_t position_zw_mode;
   uint32_t computed_depth_mode;
   bool kills_pixel, uses_source_depth, uses_source_w, per_sample;
   bool attribute_enable, omask, uses_coverage_mask, has_uav;
   bool computes_stencil;        /* Gen9+ PS_EXTRA */
   bool depth_clear, depth_resolve, hiz_resolve;
   uint32_t multisample_dispatch;   /* Gen7/7.5 */
   bool blend_enable, independent_alpha_blend, alpha_test, alpha_to_coverage;
   bool has_writeable_rt;
   /* 3DSTATE_PS: Render Target Fast Clear Enable (the draw writes the
    * MCS's clear value, not colour: PRM Vol 2a 3DSTATE_PS), Render Target
    * Resolve Enable/Type (a CCS resolve; 0 none) and Position XY Offset
    * Select (POSOFFSET_NONE 0, CENTROID 2, SAMPLE 3: the payload's
    * position offsets) */
   bool fast_clear;
   uint32_t rt_resolve;
   uint32_t pos_offset;
   uint32_t src_blend, dst_blend, src_alpha_blend, dst_alpha_blend;
};

/* 3DSTATE_DEPTH_BUFFER, STENCIL_BUFFER, HIER_DEPTH_BUFFER and Gen8+'s
 * WM_DEPTH_STENCIL (Gen7 keeps those tests in DEPTH_STENCIL_STATE). */
struct vgpu_3d_depth {
   uint32_t surface_type, format;
   uint64_t address;
   uint32_t pitch;               /* bytes */
   uint32_t width, height, depth;   /* as encoded: size less one */
   uint32_t lod, min_array_element, view_extent, qpitch;
   bool hiz_enable, write_enable, stencil_write_enable;
   bool stencil_enable;
   uint64_t stencil_address;
   uint32_t stencil_pitch, stencil_qpitch;
   /* Gen12 3DSTATE_STENCIL_BUFFER's own view (earlier generations use
    * the depth buffer's): as encoded, sizes less one */
   uint32_t stencil_surface_type, stencil_width, stencil_height, stencil_depth;
   uint32_t stencil_lod, stencil_min_array_element, stencil_view_extent;
   uint64_t hiz_address;
   uint32_t hiz_pitch, hiz_qpitch;
   bool test_enable, test_write_enable;   /* Gen8+ WM_DEPTH_STENCIL */
   uint32_t test_function;
   bool stencil_test_enable, stencil_buffer_write, double_sided_stencil;
   /* Gen8+ WM_DEPTH_STENCIL's stencil test, [0] front and [1] back faces
    * (3D_Compare_Function, 3D_Stencil_Operation); the references Gen9+ */
   uint8_t stencil_func[2], stencil_fail_op[2], stencil_zfail_op[2], stencil_pass_op[2];
   uint8_t stencil_test_mask[2], stencil_write_mask[2], stencil_ref[2];
   /* Gen12 3DSTATE_DEPTH_BOUNDS: the depth bounds test's enable and
    * range (the output merger compares the stored depth) */
   bool bounds_test;
   float bounds_min, bounds_max;
};

/* Gen12 3DSTATE_PRIMITIVE_REPLICATION: the clipper takes each primitive
 * count times (Replication Count + 1; 1: no replication, whatever the
 * rest says), replica i only when bit i of the Replica Mask is set, with
 * its own position row and the header's Render Target Array Index and
 * Viewport Index plus its offsets (vgpu_replicate.c). */
#define VGPU_3D_MAX_REPLICAS 16
struct vgpu_3d_replication {
   uint32_t count;
   uint32_t mask;
   uint8_t viewport_offset[VGPU_3D_MAX_REPLICAS];
   uint8_t rtai_offset[VGPU_3D_MAX_REPLICAS];
};

struct vgpu_3d {
   struct vgpu_3d_vertex_buffer vb[VGPU_3D_MAX_VERTEX_BUFFERS];
   struct vgpu_3d_vertex_element ve[VGPU_3D_MAX_VERTEX_ELEMENTS];
   unsigned ve_count;
   struct vgpu_3d_index_buffer ib;
   struct vgpu_3d_vf vf;
   struct vgpu_3d_shader shader[VGPU_3D_STAGES];
   struct vgpu_3d_urb urb[VGPU_3D_STAGES];   /* URB: VS-GS only */
   struct vgpu_3d_constants constants[VGPU_3D_STAGES];
   uint32_t binding_table[VGPU_3D_STAGES];   /* from Surface State Base */
   uint32_t sampler_state[VGPU_3D_STAGES];   /* from Dynamic State Base */
   /* Dynamic state pointers (offsets from Dynamic State Base Address). */
   uint32_t cc_viewport, sf_clip_viewport, scissor;
   uint32_t color_calc_state, blend_state, depth_stencil_state;
   bool tessellation;            /* 3DSTATE_TE TE Enable */
   uint32_t te_domain, te_partitioning, te_output_topology;
   struct vgpu_3d_streamout so;
   struct vgpu_3d_raster raster;
   struct vgpu_3d_sbe sbe;
   struct vgpu_3d_wm wm;
   struct vgpu_3d_depth depth;
   uint32_t samples;             /* 3DSTATE_MULTISAMPLE: 1, 2, 4, 8, 16 */
   uint32_t pixel_location;      /* 0 centre, 1 upper left */
   /* Sample positions of each count ([log2 samples]), x then y in 1/16
    * pixel from the pixel's upper-left corner: Gen8+ 3DSTATE_SAMPLE_PATTERN,
    * Gen7/7.5 3DSTATE_MULTISAMPLE's offsets for the count it sets. */
   uint8_t sample_pos[5][16][2];
   uint32_t sample_mask;
   struct vgpu_3d_replication replication;
   int32_t draw_rect[4];         /* 3DSTATE_DRAWING_RECTANGLE x0 y0 x1 y1 */
   int32_t draw_origin[2];
};

/* One 3DPRIMITIVE, its parameters resolved (indirect ones read from the
 * 3DPRIM_* registers). */
struct vgpu_draw {
   uint64_t addr;                /* the 3DPRIMITIVE's GPU address */
   uint32_t topology;            /* 3D_Prim_Topo_Type */
   bool indexed;                 /* Vertex Access Type RANDOM */
   uint32_t vertex_count;        /* per instance */
   uint32_t start_vertex;        /* first index when indexed */
   uint32_t instance_count;
   uint32_t start_instance;
   int32_t base_vertex;
   bool indirect;
   bool predicated;
   bool predicate_passed;        /* MI_PREDICATE_RESULT when predicated */
   bool end_offset;              /* End Offset Enable */
   bool extended;                /* Gen11+ Extended Parameters Present */
   uint32_t extended_param[3];
};

/* Handles one command of the 3D pipeline; false when it is not one the
 * 3D state records (the command streamer then offers it to GPGPU). */
bool vgpu_3d_command(struct vgpu_cs *cs, struct vgpu_exec *exec,
                     const uint32_t *dw, unsigned len);
void vgpu_3d_destroy(struct vgpu_3d *st);
/* Rule ps-dispatch at the draw at draw_addr (vgpu_ps_rules.c). */
void vgpu_ps_check_rules(struct vgpu_exec *exec, const struct vgpu_3d *st,
                         uint64_t draw_addr);

struct vgpu_vf_element;
/* Vertex element i as the VF unit takes it (vgpu_3d.c). */
struct vgpu_vf_element vgpu_3d_vf_element(const struct vgpu_3d *st, unsigned i);

/* vgpu_sol.c, called by the per-generation code when a Gen8+
 * 3DSTATE_SO_BUFFER with Stream Offset Write Enable executes: loads
 * buffer index's SO_WRITE_OFFSET from the packet (or, for 0xFFFFFFFF,
 * from its Stream Output Buffer Offset Address). */
void vgpu_sol_buffer_offset_write(struct vgpu_exec *exec, const struct vgpu_3d_so_buffer *b,
                                  unsigned index);

/* vgpu_3d.c, called by the per-generation code for each 3DPRIMITIVE. */
void vgpu_3d_draw(struct vgpu_exec *exec, const struct vgpu_3d *st,
                  const struct vgpu_draw *draw);

#define VGPU_3D_GEN_DECL(v) \
   bool gfx##v##_vgpu_3d_command(struct vgpu_cs *cs, struct vgpu_exec *exec, \
                                 struct vgpu_3d *st, const uint32_t *dw, \
                                 unsigned len);
VGPU_3D_GEN_DECL(70)
VGPU_3D_GEN_DECL(75)
VGPU_3D_GEN_DECL(80)
VGPU_3D_GEN_DECL(90)
VGPU_3D_GEN_DECL(110)
VGPU_3D_GEN_DECL(120)

#endif

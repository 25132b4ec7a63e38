/* The 3D pipeline's state packets and 3DPRIMITIVE for one generation
 * (built once per generation, -DGFX_VERx10): field positions come from
 * genxml's unpack functions, meaning from PRM Vol 2a (3DSTATE_*,
 * 3DPRIMITIVE) and Vol 2d (VERTEX_BUFFER_STATE, VERTEX_ELEMENT_STATE,
 * SO_DECL).  Each handler stores what its packet sets in struct vgpu_3d,
 * decoded; nothing is drawn here. */
#include <string.h>

#include "genX_pack.h"
#include "vgpu_3d.h"
#include "vgpu_cmd.h"
#include "vgpu_cs.h"

/* Packets longer than this are clamped (the longest the drivers can send,
 * 3DSTATE_SO_DECL_LIST with 128 declarations, takes 259 dwords). */
#define MAX_PACKET_DWORDS 272

/* Gen8+ addresses are 48-bit (PRM Vol 2a: bits 63:48 are ignored). */
#define GPU_ADDRESS_MASK ((1ull << 48) - 1)

struct packet {
   struct vgpu_cs *cs;
   struct vgpu_exec *exec;
   struct vgpu_3d *st;
   const uint32_t *dw;   /* zero-padded past the command's length */
   unsigned len;         /* dwords the command has */
};

#define UNPACK(NAME, v) \
   struct GENX(NAME) v; \
   GENX(NAME##_unpack)(p->dw, &v)

/* ---- vertex fetch ---- */

static void
vertex_buffers(const struct packet *p)
{
   const unsigned n = GENX(VERTEX_BUFFER_STATE_length);
   for (unsigned i = 1; i + n <= p->len; i += n) {
      struct GENX(VERTEX_BUFFER_STATE) v;
      GENX(VERTEX_BUFFER_STATE_unpack)(&p->dw[i], &v);
      if (v.vertex_buffer_index >= VGPU_3D_MAX_VERTEX_BUFFERS)
         continue;
      struct vgpu_3d_vertex_buffer *vb = &p->st->vb[v.vertex_buffer_index];
      vb->set = true;
      vb->pitch = v.buffer_pitch;
      vb->null_buffer = v.null_vertex_buffer;
#if GFX_VER < 8
      vb->per_instance = v.buffer_access_type == 1;
      vb->step_rate = v.instance_data_step_rate;
#endif
      /* The address and its bound change only under Address Modify
       * Enable. */
      if (!v.address_modify_enable)
         continue;
      vb->address = v.buffer_starting_address & GPU_ADDRESS_MASK;
#if GFX_VER >= 8
      vb->size = v.buffer_size;
#else
      vb->size = v.end_address >= v.buffer_starting_address ?
                 v.end_address - v.buffer_starting_address + 1 : 0;
#endif
   }
}

/* The packet replaces every element: those it does not list are gone.
 * Instancing is 3DSTATE_VF_INSTANCING's and stays. */
static void
vertex_elements(const struct packet *p)
{
   const unsigned n = GENX(VERTEX_ELEMENT_STATE_length);
   unsigned count = 0;
   for (unsigned i = 1; i + n <= p->len && count < VGPU_3D_MAX_VERTEX_ELEMENTS; i += n) {
      struct GENX(VERTEX_ELEMENT_STATE) v;
      GENX(VERTEX_ELEMENT_STATE_unpack)(&p->dw[i], &v);
      struct vgpu_3d_vertex_element *ve = &p->st->ve[count++];
      ve->valid = v.valid;
      ve->buffer_index = v.vertex_buffer_index;
      ve->format = v.source_element_format;
      ve->offset = v.source_element_offset;
      ve->edge_flag = v.edge_flag_enable;
      ve->component[0] = (uint8_t)v.component_0_control;
      ve->component[1] = (uint8_t)v.component_1_control;
      ve->component[2] = (uint8_t)v.component_2_control;
      ve->component[3] = (uint8_t)v.component_3_control;
   }
   p->st->ve_count = count;
}

static void
index_buffer(const struct packet *p)
{
   UNPACK(3DSTATE_INDEX_BUFFER, v);
   struct vgpu_3d_index_buffer *ib = &p->st->ib;
   ib->set = true;
   ib->format = v.index_format;
   ib->address = v.buffer_starting_address & GPU_ADDRESS_MASK;
#if GFX_VER >= 8
   ib->size = v.buffer_size;
#else
   ib->size = v.buffer_ending_address >= v.buffer_starting_address ?
              v.buffer_ending_address - v.buffer_starting_address + 1 : 0;
#endif
#if GFX_VERx10 == 70
   /* Ivy Bridge enables the cut index here; the index is all ones. */
   p->st->vf.indexed_cut_enable = v.cut_index_enable;
#endif
}

#if GFX_VERx10 >= 75
static void
vf(const struct packet *p)
{
   UNPACK(3DSTATE_VF, v);
   struct vgpu_3d_vf *f = &p->st->vf;
   f->indexed_cut_enable = v.indexed_draw_cut_index_enable;
   f->cut_index = v.cut_index;
#if GFX_VER >= 9
   f->sequential_cut_enable = v.sequential_draw_cut_index_enable;
   f->component_packing = v.component_packing_enable;
#endif
#if GFX_VER >= 11
   f->vertex_id_offset_enable = v.vertexid_offset_enable;
#endif
}
#endif

#if GFX_VER >= 8
static void
vf_topology(const struct packet *p)
{
   UNPACK(3DSTATE_VF_TOPOLOGY, v);
   p->st->vf.topology = v.primitive_topology_type;
}

static void
vf_sgvs(const struct packet *p)
{
   UNPACK(3DSTATE_VF_SGVS, v);
   struct vgpu_3d_vf *f = &p->st->vf;
   f->vertex_id_enable = v.vertexid_enable;
   f->vertex_id_element = v.vertexid_element_offset;
   f->vertex_id_component = v.vertexid_component_number;
   f->instance_id_enable = v.instanceid_enable;
   f->instance_id_element = v.instanceid_element_offset;
   f->instance_id_component = v.instanceid_component_number;
}

static void
vf_instancing(const struct packet *p)
{
   UNPACK(3DSTATE_VF_INSTANCING, v);
   if (v.vertex_element_index >= VGPU_3D_MAX_VERTEX_ELEMENTS)
      return;
   struct vgpu_3d_vertex_element *ve = &p->st->ve[v.vertex_element_index];
   ve->instancing = v.instancing_enable;
   ve->step_rate = v.instance_data_step_rate;
}
#endif

static void
vf_statistics(const struct packet *p)
{
   UNPACK(3DSTATE_VF_STATISTICS, v);
   p->st->vf.statistics = v.statistics_enable;
}

/* ---- shader stages ---- */

/* The fields every 3DSTATE_{VS,HS,DS,GS,PS} has, under the same names. */
#define SHADER_COMMON(s, v) do { \
   (s)->binding_table_entries = (v).binding_table_entry_count; \
   (s)->sampler_count = (v).sampler_count; \
   (s)->scratch_base = (v).scratch_space_base_pointer; \
   (s)->scratch_space = (v).per_thread_scratch_space; \
   (s)->vector_mask = (v).vector_mask_enable; \
} while (0)

#if GFX_VER >= 8
/* Gen8+ VS, DS and GS write their outputs to the URB themselves. */
#define SHADER_OUTPUT(s, v) do { \
   (s)->urb_output_length = (v).vertex_urb_entry_output_length; \
   (s)->urb_output_offset = (v).vertex_urb_entry_output_read_offset; \
   (s)->clip_distance_mask = (v).user_clip_distance_clip_test_enable_bitmask; \
   (s)->cull_distance_mask = (v).user_clip_distance_cull_test_enable_bitmask; \
} while (0)
#else
#define SHADER_OUTPUT(s, v) do { } while (0)
#endif

/* What 3DSTATE_VS, HS, DS and GS share by name; DS reads patches, the
 * others vertices, from the URB. */
#define GEOMETRY_STAGE(s, v) do { \
   SHADER_COMMON(s, v); \
   (s)->enable = (v).enable; \
   (s)->kernel[0] = (v).kernel_start_pointer; \
   (s)->grf_start[0] = (v).dispatch_grf_start_register_for_urb_data; \
   (s)->max_threads = (v).maximum_number_of_threads + 1; \
   (s)->statistics = (v).statistics_enable != 0; \
} while (0)

#define VERTEX_URB_READ(s, v) do { \
   (s)->urb_read_length = (v).vertex_urb_entry_read_length; \
   (s)->urb_read_offset = (v).vertex_urb_entry_read_offset; \
} while (0)

static void
vs(const struct packet *p)
{
   UNPACK(3DSTATE_VS, v);
   struct vgpu_3d_shader *s = &p->st->shader[VGPU_3D_VS];
   /* Gen7/7.5 run the VS in SIMD4x2 only. */
   *s = (struct vgpu_3d_shader){ .simd = 4 };
   GEOMETRY_STAGE(s, v);
   VERTEX_URB_READ(s, v);
   SHADER_OUTPUT(s, v);
#if GFX_VER >= 8
   s->simd = v.simd8_dispatch_enable ? 8 : 4;
#endif
}

static void
hs(const struct packet *p)
{
   UNPACK(3DSTATE_HS, v);
   struct vgpu_3d_shader *s = &p->st->shader[VGPU_3D_HS];
   *s = (struct vgpu_3d_shader){
      .single_program_flow = v.single_program_flow,
      .include_vertex_handles = v.include_vertex_handles,
      .instance_count = v.instance_count + 1,
   };
   GEOMETRY_STAGE(s, v);
   VERTEX_URB_READ(s, v);
#if GFX_VER >= 9
   s->dispatch_mode = v.dispatch_mode;
   s->include_primitive_id = v.include_primitive_id;
#endif
}

static void
ds(const struct packet *p)
{
   UNPACK(3DSTATE_DS, v);
   struct vgpu_3d_shader *s = &p->st->shader[VGPU_3D_DS];
   *s = (struct vgpu_3d_shader){
      .urb_read_length = v.patch_urb_entry_read_length,
      .urb_read_offset = v.patch_urb_entry_read_offset,
   };
   GEOMETRY_STAGE(s, v);
   SHADER_OUTPUT(s, v);
#if GFX_VER >= 8
   s->dispatch_mode = v.dispatch_mode;
#endif
#if GFX_VER >= 9
   s->kernel[1] = v.dual_patch_kernel_start_pointer;
#endif
}

static void
gs(const struct packet *p)
{
   UNPACK(3DSTATE_GS, v);
   struct vgpu_3d_shader *s = &p->st->shader[VGPU_3D_GS];
   *s = (struct vgpu_3d_shader){
      .dispatch_mode = v.dispatch_mode,
      .single_program_flow = v.single_program_flow,
      .include_vertex_handles = v.include_vertex_handles,
      .include_primitive_id = v.include_primitive_id,
      .instance_count = v.instance_control + 1,
      .output_topology = v.output_topology,
      .output_vertex_size = v.output_vertex_size,
      .control_data_format = v.control_data_format,
      .control_data_header_size = v.control_data_header_size,
   };
   GEOMETRY_STAGE(s, v);
   VERTEX_URB_READ(s, v);
   SHADER_OUTPUT(s, v);
   /* Gen7's Reorder Enable, Gen7.5's Reorder Mode: bit 2, 1 TRAILING. */
   s->reorder_mode = v.reorder_mode;
#if GFX_VER >= 8
   s->static_output = v.static_output;
   s->static_output_vertex_count = v.static_output_vertex_count;
#endif
}

/* 3DSTATE_PS leaves the stage's enable alone: it is 3DSTATE_WM's Thread
 * Dispatch Enable on Gen7/7.5 and PS_EXTRA's Pixel Shader Valid on Gen8+. */
static void
ps(const struct packet *p)
{
   UNPACK(3DSTATE_PS, v);
   struct vgpu_3d_shader *s = &p->st->shader[VGPU_3D_PS];
   s->kernel[0] = v.kernel_start_pointer_0;
   s->kernel[1] = v.kernel_start_pointer_1;
   s->kernel[2] = v.kernel_start_pointer_2;
   s->grf_start[0] = v.dispatch_grf_start_register_for_constant_setup_data_0;
   s->grf_start[1] = v.dispatch_grf_start_register_for_constant_setup_data_1;
   s->grf_start[2] = v.dispatch_grf_start_register_for_constant_setup_data_2;
   s->simd = (uint8_t)((v._8_pixel_dispatch_enable ? 8 : 0) |
                       (v._16_pixel_dispatch_enable ? 16 : 0) |
                       (v._32_pixel_dispatch_enable ? 32 : 0));
   s->single_program_flow = v.single_program_flow;
   p->st->wm.fast_clear = v.render_target_fast_clear_enable;
   p->st->wm.pos_offset = v.position_xy_offset_select;
#if GFX_VER >= 9
   p->st->wm.rt_resolve = v.render_target_resolve_type;
#else
   p->st->wm.rt_resolve = v.render_target_resolve_enable;
#endif
   SHADER_COMMON(s, v);
#if GFX_VER >= 8
   s->max_threads = v.maximum_number_of_threads_per_psd + 1;
#else
   s->max_threads = v.maximum_number_of_threads + 1;
   p->st->wm.attribute_enable = v.attribute_enable;
   p->st->wm.omask = v.omask_present_to_rendertarget;
#endif
#if GFX_VERx10 == 75
   p->st->wm.has_uav = v.ps_accesses_uav;
#endif
}

/* ---- per-stage pointers, URB and push constants ---- */

static void
constant_body(struct vgpu_3d_constants *c, const struct GENX(3DSTATE_CONSTANT_BODY) *b)
{
   for (unsigned i = 0; i < 4; i++) {
      c->read_length[i] = b->read_length[i];
      c->buffer[i] = b->buffer[i] & GPU_ADDRESS_MASK;
   }
}

static void
urb(const struct packet *p, enum vgpu_3d_stage stage, uint32_t entries,
    uint32_t size_less_one, uint32_t start)
{
   struct vgpu_3d_urb *u = &p->st->urb[stage];
   u->entries = entries;
   u->entry_size = size_less_one + 1;
   u->start = start;
}

static void
push_alloc(const struct packet *p, enum vgpu_3d_stage stage, uint32_t offset,
           uint32_t size)
{
   p->st->urb[stage].push_offset = offset;
   p->st->urb[stage].push_size = size;
}

/* One set of handlers per stage: S names the packets, s their fields. */
#define STAGE_HANDLERS(S, s) \
static void \
binding_table_##s(const struct packet *p) \
{ \
   UNPACK(3DSTATE_BINDING_TABLE_POINTERS_##S, v); \
   p->st->binding_table[VGPU_3D_##S] = v.pointer_to_##s##_binding_table; \
} \
static void \
sampler_state_##s(const struct packet *p) \
{ \
   UNPACK(3DSTATE_SAMPLER_STATE_POINTERS_##S, v); \
   p->st->sampler_state[VGPU_3D_##S] = v.pointer_to_##s##_sampler_state; \
} \
static void \
constant_##s(const struct packet *p) \
{ \
   UNPACK(3DSTATE_CONSTANT_##S, v); \
   constant_body(&p->st->constants[VGPU_3D_##S], &v.constant_body); \
} \
static void \
push_alloc_##s(const struct packet *p) \
{ \
   UNPACK(3DSTATE_PUSH_CONSTANT_ALLOC_##S, v); \
   push_alloc(p, VGPU_3D_##S, v.constant_buffer_offset, v.constant_buffer_size); \
}

STAGE_HANDLERS(VS, vs)
STAGE_HANDLERS(HS, hs)
STAGE_HANDLERS(DS, ds)
STAGE_HANDLERS(GS, gs)
STAGE_HANDLERS(PS, ps)

#define URB_HANDLER(S, s) \
static void \
urb_##s(const struct packet *p) \
{ \
   UNPACK(3DSTATE_URB_##S, v); \
   urb(p, VGPU_3D_##S, v.s##_number_of_urb_entries, \
       v.s##_urb_entry_allocation_size, v.s##_urb_starting_address); \
}

URB_HANDLER(VS, vs)
URB_HANDLER(HS, hs)
URB_HANDLER(DS, ds)
URB_HANDLER(GS, gs)

#if GFX_VER >= 12
/* 3DSTATE_CONSTANT_ALL: one packet for several stages; its data entries
 * are the buffers whose Pointer Buffer Mask bit is set, in order, and the
 * others read nothing. */
static void
constant_all(const struct packet *p)
{
   UNPACK(3DSTATE_CONSTANT_ALL, v);
   struct vgpu_3d_constants c = { { 0 } };
   unsigned at = GENX(3DSTATE_CONSTANT_ALL_length);
   for (unsigned i = 0; i < 4; i++) {
      if (!(v.pointer_buffer_mask & (1u << i)))
         continue;
      if (at + GENX(3DSTATE_CONSTANT_ALL_DATA_length) > p->len)
         break;
      struct GENX(3DSTATE_CONSTANT_ALL_DATA) d;
      GENX(3DSTATE_CONSTANT_ALL_DATA_unpack)(&p->dw[at], &d);
      c.read_length[i] = d.constant_buffer_read_length;
      c.buffer[i] = d.pointer_to_constant_buffer & GPU_ADDRESS_MASK;
      at += GENX(3DSTATE_CONSTANT_ALL_DATA_length);
   }
   const bool update[VGPU_3D_STAGES] = {
      v.vertex_shader_update_enable, v.hull_shader_update_enable,
      v.domain_shader_update_enable, v.geometry_shader_update_enable,
      v.pixel_shader_update_enable,
   };
   for (unsigned s = 0; s < VGPU_3D_STAGES; s++) {
      if (update[s])
         p->st->constants[s] = c;
   }
}
#endif

/* ---- dynamic state pointers ---- */

/* Packets whose one field is a state pointer; from Gen8 on some change it
 * only with its valid bit. */
#define POINTER_HANDLER(fn, NAME, member, field) \
static void \
fn(const struct packet *p) \
{ \
   UNPACK(NAME, v); \
   p->st->member = v.field; \
}

#if GFX_VER >= 8
#define POINTER_VALID(v, field) ((v).field##_valid)
#else
#define POINTER_VALID(v, field) true
#endif

#define VALID_POINTER_HANDLER(fn, NAME, member, field) \
static void \
fn(const struct packet *p) \
{ \
   UNPACK(NAME, v); \
   if (POINTER_VALID(v, field)) \
      p->st->member = v.field; \
}

POINTER_HANDLER(cc_viewport, 3DSTATE_VIEWPORT_STATE_POINTERS_CC, cc_viewport,
                cc_viewport_pointer)
POINTER_HANDLER(sf_clip_viewport, 3DSTATE_VIEWPORT_STATE_POINTERS_SF_CLIP,
                sf_clip_viewport, sf_clip_viewport_pointer)
POINTER_HANDLER(scissor, 3DSTATE_SCISSOR_STATE_POINTERS, scissor, scissor_rect_pointer)
POINTER_HANDLER(depth_stencil_state, 3DSTATE_DEPTH_STENCIL_STATE_POINTERS,
                depth_stencil_state, pointer_to_depth_stencil_state)
VALID_POINTER_HANDLER(cc_state, 3DSTATE_CC_STATE_POINTERS, color_calc_state,
                      color_calc_state_pointer)
VALID_POINTER_HANDLER(blend_state, 3DSTATE_BLEND_STATE_POINTERS, blend_state,
                      blend_state_pointer)

/* ---- tessellation and stream output ---- */

static void
te(const struct packet *p)
{
   UNPACK(3DSTATE_TE, v);
   p->st->tessellation = v.te_enable;
   p->st->te_domain = v.te_domain;
   p->st->te_partitioning = v.partitioning;
   p->st->te_output_topology = v.output_topology;
}

static void
streamout(const struct packet *p)
{
   UNPACK(3DSTATE_STREAMOUT, v);
   struct vgpu_3d_streamout *so = &p->st->so;
   so->enable = v.so_function_enable;
   so->rendering_disable = v.rendering_disable;
   so->render_stream = v.render_stream_select;
   so->reorder_mode = v.reorder_mode;
   so->statistics = v.so_statistics_enable;
   so->read_offset[0] = v.stream_0_vertex_read_offset;
   so->read_offset[1] = v.stream_1_vertex_read_offset;
   so->read_offset[2] = v.stream_2_vertex_read_offset;
   so->read_offset[3] = v.stream_3_vertex_read_offset;
   so->read_length[0] = v.stream_0_vertex_read_length;
   so->read_length[1] = v.stream_1_vertex_read_length;
   so->read_length[2] = v.stream_2_vertex_read_length;
   so->read_length[3] = v.stream_3_vertex_read_length;
#if GFX_VER >= 8
   so->buffer[0].pitch = v.buffer_0_surface_pitch;
   so->buffer[1].pitch = v.buffer_1_surface_pitch;
   so->buffer[2].pitch = v.buffer_2_surface_pitch;
   so->buffer[3].pitch = v.buffer_3_surface_pitch;
#else
   so->buffer[0].enable = v.so_buffer_enable_0;
   so->buffer[1].enable = v.so_buffer_enable_1;
   so->buffer[2].enable = v.so_buffer_enable_2;
   so->buffer[3].enable = v.so_buffer_enable_3;
#endif
}

#if GFX_VER >= 8
/* Gen8+ 3DSTATE_SO_BUFFER and Gen12's 3DSTATE_SO_BUFFER_INDEX_n body name
 * their fields alike; the size counts dwords less one. */
#define SO_BUFFER_FIELDS(b, v) do { \
   (b)->address = (v).surface_base_address & GPU_ADDRESS_MASK; \
   (b)->enable = (v).so_buffer_enable; \
   (b)->size = ((uint64_t)(v).surface_size + 1) * 4; \
   (b)->offset_address_enable = (v).stream_output_buffer_offset_address_enable; \
   (b)->offset_address = (v).stream_output_buffer_offset_address & GPU_ADDRESS_MASK; \
   (b)->offset_write_enable = (v).stream_offset_write_enable; \
   (b)->offset = (v).stream_offset; \
} while (0)

/* Stream Offset Write Enable loads SO_WRITE_OFFSETn as the packet
 * executes, ordered with the MI commands around it. */
static void
so_buffer_offset_write(const struct packet *p, unsigned index)
{
   const struct vgpu_3d_so_buffer *b = &p->st->so.buffer[index];
   if (b->offset_write_enable)
      vgpu_sol_buffer_offset_write(p->exec, b, index);
}
#endif

static void
so_buffer(const struct packet *p)
{
   UNPACK(3DSTATE_SO_BUFFER, v);
   struct vgpu_3d_so_buffer *b = &p->st->so.buffer[v.so_buffer_index & 3];
#if GFX_VER >= 8
   SO_BUFFER_FIELDS(b, v);
   so_buffer_offset_write(p, v.so_buffer_index & 3);
#else
   b->address = v.surface_base_address & GPU_ADDRESS_MASK;
   b->pitch = v.surface_pitch;
   b->size = v.surface_end_address >= v.surface_base_address ?
             v.surface_end_address - v.surface_base_address : 0;
#endif
}

#if GFX_VER >= 12
/* Gen12: one packet per buffer, the index in the opcode. */
#define SO_BUFFER_INDEX_HANDLER(n) \
static void \
so_buffer_index_##n(const struct packet *p) \
{ \
   UNPACK(3DSTATE_SO_BUFFER_INDEX_##n, v); \
   SO_BUFFER_FIELDS(&p->st->so.buffer[n], v.so_buffer_index_state_body); \
   so_buffer_offset_write(p, n); \
}
SO_BUFFER_INDEX_HANDLER(0)
SO_BUFFER_INDEX_HANDLER(1)
SO_BUFFER_INDEX_HANDLER(2)
SO_BUFFER_INDEX_HANDLER(3)
#endif

static void
so_decl_store(struct vgpu_3d_so_decl *d, const struct GENX(SO_DECL) *v)
{
   d->component_mask = (uint8_t)v->component_mask;
   d->register_index = (uint8_t)v->register_index;
   d->hole = v->hole_flag;
   d->buffer = (uint8_t)v->output_buffer_slot;
}

/* Each SO_DECL_ENTRY holds the next declaration of all four streams;
 * a stream uses as many as its Num Entries. */
static void
so_decl_list(const struct packet *p)
{
   UNPACK(3DSTATE_SO_DECL_LIST, v);
   struct vgpu_3d_streamout *so = &p->st->so;
   const uint32_t counts[4] = { v.num_entries_0, v.num_entries_1, v.num_entries_2,
                                v.num_entries_3 };
   so->buffer_selects[0] = v.stream_to_buffer_selects_0;
   so->buffer_selects[1] = v.stream_to_buffer_selects_1;
   so->buffer_selects[2] = v.stream_to_buffer_selects_2;
   so->buffer_selects[3] = v.stream_to_buffer_selects_3;
   const unsigned n = GENX(SO_DECL_ENTRY_length);
   unsigned entries = 0;
   for (unsigned i = GENX(3DSTATE_SO_DECL_LIST_length);
        i + n <= p->len && entries < VGPU_3D_MAX_SO_DECLS; i += n, entries++) {
      struct GENX(SO_DECL_ENTRY) e;
      GENX(SO_DECL_ENTRY_unpack)(&p->dw[i], &e);
      so_decl_store(&so->decl[0][entries], &e.stream_0_decl);
      so_decl_store(&so->decl[1][entries], &e.stream_1_decl);
      so_decl_store(&so->decl[2][entries], &e.stream_2_decl);
      so_decl_store(&so->decl[3][entries], &e.stream_3_decl);
   }
   for (unsigned s = 0; s < 4; s++)
      so->decl_count[s] = counts[s] < entries ? counts[s] : entries;
}

/* ---- clip, setup, rasterization ---- */

/* The culling, depth-offset, scissor and antialiasing fields Gen7's
 * 3DSTATE_SF and Gen8's 3DSTATE_RASTER share by name. */
#define RASTER_COMMON(r, v) do { \
   (r)->cull_mode = (v).cull_mode; \
   (r)->front_winding = (v).front_winding; \
   (r)->depth_offset_solid = (v).global_depth_offset_enable_solid; \
   (r)->depth_offset_wireframe = (v).global_depth_offset_enable_wireframe; \
   (r)->depth_offset_point = (v).global_depth_offset_enable_point; \
   (r)->depth_offset_constant = (v).global_depth_offset_constant; \
   (r)->depth_offset_scale = (v).global_depth_offset_scale; \
   (r)->depth_offset_clamp = (v).global_depth_offset_clamp; \
   (r)->scissor_enable = (v).scissor_rectangle_enable; \
   (r)->antialiasing = (v).antialiasing_enable; \
} while (0)

static void
clip(const struct packet *p)
{
   UNPACK(3DSTATE_CLIP, v);
   struct vgpu_3d_raster *r = &p->st->raster;
   r->clip_enable = v.clip_enable;
   r->clip_mode = v.clip_mode;
   r->api_mode = v.api_mode;
   r->viewport_xy_clip = v.viewport_xy_clip_test_enable;
   r->guardband_clip = v.guardband_clip_test_enable;
   r->perspective_divide_disable = v.perspective_divide_disable;
   r->nonperspective_barycentric = v.non_perspective_barycentric_enable;
   r->clip_distance_mask = v.user_clip_distance_clip_test_enable_bitmask;
   r->cull_distance_mask = v.user_clip_distance_cull_test_enable_bitmask;
   r->min_point_width = v.minimum_point_width;
   r->max_point_width = v.maximum_point_width;
   r->max_viewport_index = v.maximum_vp_index;
   r->clip_statistics = v.statistics_enable;
   r->force_zero_rtai = v.force_zero_rta_index_enable;
#if GFX_VER < 8
   r->viewport_z_clip = v.viewport_z_clip_test_enable;
   r->viewport_z_far_clip = v.viewport_z_clip_test_enable;
#endif
}

static void
sf(const struct packet *p)
{
   UNPACK(3DSTATE_SF, v);
   struct vgpu_3d_raster *r = &p->st->raster;
   r->viewport_transform = v.viewport_transform_enable;
   r->line_width = v.line_width;
   r->point_width = v.point_width;
   r->point_width_from_state = v.point_width_source == 1;
   r->last_pixel = v.last_pixel_enable;
   r->legacy_depth_bias = v.legacy_global_depth_bias_enable;
   r->provoking_tristrip = v.triangle_strip_list_provoking_vertex_select;
   r->provoking_linestrip = v.line_strip_list_provoking_vertex_select;
   r->provoking_trifan = v.triangle_fan_provoking_vertex_select;
#if GFX_VER < 8
   /* Gen8 moved these to 3DSTATE_RASTER. */
   RASTER_COMMON(r, v);
   r->front_fill = v.frontface_fill_mode;
   r->back_fill = v.backface_fill_mode;
#endif
}

#if GFX_VER >= 8
static void
raster(const struct packet *p)
{
   UNPACK(3DSTATE_RASTER, v);
   struct vgpu_3d_raster *r = &p->st->raster;
   RASTER_COMMON(r, v);
   r->front_fill = v.front_face_fill_mode;
   r->back_fill = v.back_face_fill_mode;
   r->multisample_mode = v.dx_multisample_rasterization_mode;
#if GFX_VER >= 9
   r->viewport_z_clip = v.viewport_z_near_clip_test_enable;
   r->viewport_z_far_clip = v.viewport_z_far_clip_test_enable;
#else
   r->viewport_z_clip = v.viewport_z_clip_test_enable;
   r->viewport_z_far_clip = v.viewport_z_clip_test_enable;
#endif
}
#endif

static void
sbe_swizzles(struct vgpu_3d_sbe *s, const struct GENX(SF_OUTPUT_ATTRIBUTE_DETAIL) *a)
{
   for (unsigned i = 0; i < 16; i++) {
      s->swizzle[i] = (struct vgpu_3d_sbe_swizzle){
         .source = (uint8_t)a[i].source_attribute,
         .select = (uint8_t)a[i].swizzle_select,
         .constant_source = (uint8_t)a[i].constant_source,
         .override_mask = (uint8_t)(a[i].component_override_x |
                                    a[i].component_override_y << 1 |
                                    a[i].component_override_z << 2 |
                                    a[i].component_override_w << 3),
      };
   }
}

static void
sbe(const struct packet *p)
{
   UNPACK(3DSTATE_SBE, v);
   struct vgpu_3d_sbe *s = &p->st->sbe;
   s->attribute_count = v.number_of_sf_output_attributes;
   s->urb_read_offset = v.vertex_urb_entry_read_offset;
   s->urb_read_length = v.vertex_urb_entry_read_length;
   s->swizzle_enable = v.attribute_swizzle_enable;
   s->flat_mask = v.constant_interpolation_enable;
   s->point_sprite_mask = v.point_sprite_texture_coordinate_enable;
   s->point_sprite_origin = v.point_sprite_texture_coordinate_origin;
#if GFX_VER < 8
   sbe_swizzles(s, v.attribute);
#endif
}

#if GFX_VER >= 8
static void
sbe_swiz(const struct packet *p)
{
   UNPACK(3DSTATE_SBE_SWIZ, v);
   sbe_swizzles(&p->st->sbe, v.attribute);
}
#endif

/* ---- pixel stage ---- */

/* What the pixel shader does, as Gen7's 3DSTATE_WM and Gen8's
 * 3DSTATE_PS_EXTRA both name it. */
#define PS_PROPERTIES(w, v) do { \
   (w)->computed_depth_mode = (v).pixel_shader_computed_depth_mode; \
   (w)->kills_pixel = (v).pixel_shader_kills_pixel; \
   (w)->uses_source_depth = (v).pixel_shader_uses_source_depth; \
   (w)->uses_source_w = (v).pixel_shader_uses_source_w; \
} while (0)

static void
wm(const struct packet *p)
{
   UNPACK(3DSTATE_WM, v);
   struct vgpu_3d_wm *w = &p->st->wm;
   w->statistics = v.statistics_enable;
   w->barycentric_mode = v.barycentric_interpolation_mode;
   w->early_depth_stencil = v.early_depth_stencil_control;
   w->position_zw_mode = v.position_zw_interpolation_mode;
#if GFX_VER >= 8
   w->depth_clear = v.legacy_depth_buffer_clear_enable;
   w->depth_resolve = v.legacy_depth_buffer_resolve_enable;
   w->hiz_resolve = v.legacy_hierarchical_depth_buffer_resolve_enable;
#else
   p->st->shader[VGPU_3D_PS].enable = v.thread_dispatch_enable;
   PS_PROPERTIES(w, v);
   w->uses_coverage_mask = v.pixel_shader_uses_input_coverage_mask;
   w->multisample_dispatch = v.multisample_dispatch_mode;
   w->depth_clear = v.depth_buffer_clear;
   w->depth_resolve = v.depth_buffer_resolve_enable;
   w->hiz_resolve = v.hierarchical_depth_buffer_resolve_enable;
   p->st->raster.multisample_mode = v.multisample_rasterization_mode;
#endif
}

#if GFX_VER >= 8
static void
ps_extra(const struct packet *p)
{
   UNPACK(3DSTATE_PS_EXTRA, v);
   struct vgpu_3d_wm *w = &p->st->wm;
   p->st->shader[VGPU_3D_PS].enable = v.pixel_shader_valid;
   PS_PROPERTIES(w, v);
   w->per_sample = v.pixel_shader_is_per_sample;
   w->attribute_enable = v.attribute_enable;
   w->omask = v.omask_present_to_render_target;
   w->has_uav = v.pixel_shader_has_uav;
#if GFX_VER >= 9
   w->computes_stencil = v.pixel_shader_computes_stencil;
   w->uses_coverage_mask = v.input_coverage_mask_state != 0;
#else
   w->uses_coverage_mask = v.pixel_shader_uses_input_coverage_mask;
#endif
}

static void
ps_blend(const struct packet *p)
{
   UNPACK(3DSTATE_PS_BLEND, v);
   struct vgpu_3d_wm *w = &p->st->wm;
   w->blend_enable = v.color_buffer_blend_enable;
   w->independent_alpha_blend = v.independent_alpha_blend_enable;
   w->alpha_test = v.alpha_test_enable;
   w->alpha_to_coverage = v.alpha_to_coverage_enable;
   w->has_writeable_rt = v.has_writeable_rt;
   w->src_blend = v.source_blend_factor;
   w->dst_blend = v.destination_blend_factor;
   w->src_alpha_blend = v.source_alpha_blend_factor;
   w->dst_alpha_blend = v.destination_alpha_blend_factor;
}

static void
wm_depth_stencil(const struct packet *p)
{
   UNPACK(3DSTATE_WM_DEPTH_STENCIL, v);
   struct vgpu_3d_depth *d = &p->st->depth;
   d->test_enable = v.depth_test_enable;
   d->test_write_enable = v.depth_buffer_write_enable;
   d->test_function = v.depth_test_function;
   d->stencil_test_enable = v.stencil_test_enable;
   d->stencil_buffer_write = v.stencil_buffer_write_enable;
   d->double_sided_stencil = v.double_sided_stencil_enable;
   d->stencil_func[0] = (uint8_t)v.stencil_test_function;
   d->stencil_fail_op[0] = (uint8_t)v.stencil_fail_op;
   d->stencil_zfail_op[0] = (uint8_t)v.stencil_pass_depth_fail_op;
   d->stencil_pass_op[0] = (uint8_t)v.stencil_pass_depth_pass_op;
   d->stencil_test_mask[0] = (uint8_t)v.stencil_test_mask;
   d->stencil_write_mask[0] = (uint8_t)v.stencil_write_mask;
   d->stencil_func[1] = (uint8_t)v.backface_stencil_test_function;
   d->stencil_fail_op[1] = (uint8_t)v.backface_stencil_fail_op;
   d->stencil_zfail_op[1] = (uint8_t)v.backface_stencil_pass_depth_fail_op;
   d->stencil_pass_op[1] = (uint8_t)v.backface_stencil_pass_depth_pass_op;
   d->stencil_test_mask[1] = (uint8_t)v.backface_stencil_test_mask;
   d->stencil_write_mask[1] = (uint8_t)v.backface_stencil_write_mask;
#if GFX_VER >= 9
   d->stencil_ref[0] = (uint8_t)v.stencil_reference_value;
   d->stencil_ref[1] = (uint8_t)v.backface_stencil_reference_value;
#endif
}
#endif

#if GFX_VER >= 12
/* Each Modify Disable bit keeps the state it names as it was (PRM Vol 2a
 * 3DSTATE_DEPTH_BOUNDS). */
static void
depth_bounds(const struct packet *p)
{
   UNPACK(3DSTATE_DEPTH_BOUNDS, v);
   struct vgpu_3d_depth *d = &p->st->depth;
   if (!v.depth_bounds_test_enable_modify_disable)
      d->bounds_test = v.depth_bounds_test_enable;
   if (!v.depth_bounds_test_value_modify_disable) {
      d->bounds_min = v.depth_bounds_test_min_value;
      d->bounds_max = v.depth_bounds_test_max_value;
   }
}

/* PRM Vol 2a 3DSTATE_PRIMITIVE_REPLICATION: Replication Count counts
 * replicas less one. */
static void
primitive_replication(const struct packet *p)
{
   UNPACK(3DSTATE_PRIMITIVE_REPLICATION, v);
   struct vgpu_3d_replication *rep = &p->st->replication;
   rep->count = v.replication_count + 1;
   rep->mask = v.replica_mask;
   for (unsigned i = 0; i < VGPU_3D_MAX_REPLICAS; i++) {
      rep->viewport_offset[i] = (uint8_t)v.viewport_offset[i];
      rep->rtai_offset[i] = (uint8_t)v.rtai_offset[i];
   }
}
#endif

static void
depth_buffer(const struct packet *p)
{
   UNPACK(3DSTATE_DEPTH_BUFFER, v);
   struct vgpu_3d_depth *d = &p->st->depth;
   d->surface_type = v.surface_type;
   d->format = v.surface_format;
   d->address = v.surface_base_address & GPU_ADDRESS_MASK;
   d->pitch = v.surface_pitch + 1;
   d->width = v.width;
   d->height = v.height;
   d->depth = v.depth;
   d->lod = v.lod;
   d->min_array_element = v.minimum_array_element;
   d->view_extent = v.render_target_view_extent;
   d->hiz_enable = v.hierarchical_depth_buffer_enable;
   d->write_enable = v.depth_write_enable;
#if GFX_VER < 12
   d->stencil_write_enable = v.stencil_write_enable;
#endif
#if GFX_VER >= 8
   d->qpitch = v.surface_qpitch;
#endif
}

static void
stencil_buffer(const struct packet *p)
{
   UNPACK(3DSTATE_STENCIL_BUFFER, v);
   struct vgpu_3d_depth *d = &p->st->depth;
   d->stencil_address = v.surface_base_address & GPU_ADDRESS_MASK;
   d->stencil_pitch = v.surface_pitch + 1;
#if GFX_VER >= 8
   d->stencil_qpitch = v.surface_qpitch;
#endif
#if GFX_VER >= 12
   /* Gen12: a NULL surface type disables the buffer; the write enable
    * moved here from 3DSTATE_DEPTH_BUFFER. */
   d->stencil_enable = v.surface_type != 7;
   d->stencil_write_enable = v.stencil_write_enable;
   d->stencil_surface_type = v.surface_type;
   d->stencil_width = v.width;
   d->stencil_height = v.height;
   d->stencil_depth = v.depth;
   d->stencil_lod = v.surf_lod;
   d->stencil_min_array_element = v.minimum_array_element;
   d->stencil_view_extent = v.render_target_view_extent;
#elif GFX_VERx10 >= 75
   d->stencil_enable = v.stencil_buffer_enable;
#else
   /* Ivy Bridge has no enable bit: a buffer is there when it has an address. */
   d->stencil_enable = d->stencil_address != 0;
#endif
}

static void
hier_depth_buffer(const struct packet *p)
{
   UNPACK(3DSTATE_HIER_DEPTH_BUFFER, v);
   struct vgpu_3d_depth *d = &p->st->depth;
   d->hiz_address = v.surface_base_address & GPU_ADDRESS_MASK;
   d->hiz_pitch = v.surface_pitch + 1;
#if GFX_VER >= 8
   d->hiz_qpitch = v.surface_qpitch;
#endif
}

/* Sample offsets come as nibble pairs, Y in the low and X in the high
 * nibble of each byte, four samples a DWord (PRM Vol 2a
 * 3DSTATE_SAMPLE_PATTERN, Gen7 3DSTATE_MULTISAMPLE). */
static void
sample_offsets(uint8_t (*pos)[2], const uint32_t *dw, unsigned first, unsigned count)
{
   for (unsigned i = 0; i < count; i++) {
      uint32_t byte = dw[(first + i) / 4] >> (8 * ((first + i) % 4));
      pos[i][0] = (uint8_t)((byte >> 4) & 0xf);
      pos[i][1] = (uint8_t)(byte & 0xf);
   }
}

static void
multisample(const struct packet *p)
{
   UNPACK(3DSTATE_MULTISAMPLE, v);
   p->st->samples = 1u << v.number_of_multisamples;
   p->st->pixel_location = v.pixel_location;
#if GFX_VER < 8
   /* DWord 2 holds samples 0-3 of 4x and 8x, DWord 3 samples 4-7 of 8x. */
   if (v.number_of_multisamples >= 2)
      sample_offsets(p->st->sample_pos[v.number_of_multisamples], &p->dw[2], 0,
                     p->st->samples);
#endif
}

#if GFX_VER >= 8
/* DWords 1-4 16x (samples 0-15), 5 8x samples 4-7, 6 8x samples 0-3, 7
 * 4x, 8 2x in bits 15:0 and 1x in bits 23:16. */
static void
sample_pattern(const struct packet *p)
{
   uint8_t (*pos)[16][2] = p->st->sample_pos;
   const uint32_t *dw = p->dw;
   if (GFX_VER >= 9)
      sample_offsets(pos[4], &dw[1], 0, 16);
   sample_offsets(pos[3], &dw[6], 0, 4);
   sample_offsets(&pos[3][4], &dw[5], 0, 4);
   sample_offsets(pos[2], &dw[7], 0, 4);
   sample_offsets(pos[1], &dw[8], 0, 2);
   sample_offsets(pos[0], &dw[8], 2, 1);
}
#endif

static void
sample_mask(const struct packet *p)
{
   UNPACK(3DSTATE_SAMPLE_MASK, v);
   p->st->sample_mask = v.sample_mask;
}

static void
drawing_rectangle(const struct packet *p)
{
   UNPACK(3DSTATE_DRAWING_RECTANGLE, v);
   p->st->draw_rect[0] = (int32_t)v.clipped_drawing_rectangle_x_min;
   p->st->draw_rect[1] = (int32_t)v.clipped_drawing_rectangle_y_min;
   p->st->draw_rect[2] = (int32_t)v.clipped_drawing_rectangle_x_max;
   p->st->draw_rect[3] = (int32_t)v.clipped_drawing_rectangle_y_max;
   p->st->draw_origin[0] = v.drawing_rectangle_origin_x;
   p->st->draw_origin[1] = v.drawing_rectangle_origin_y;
}

/* ---- 3DPRIMITIVE ---- */

/* Vertex Access Type: SEQUENTIAL (0) or RANDOM (1), an indexed draw. */
#define VERTEX_ACCESS_RANDOM 1

/* With Indirect Parameter Enable the parameters are the 3DPRIM_*
 * registers (loaded by MI_LOAD_REGISTER_MEM from the indirect buffer),
 * Gen11's extended parameters 3DPRIM_XP0-2 among them. */
static void
indirect_parameters(struct vgpu_cs *cs, struct vgpu_draw *d)
{
   d->vertex_count = vgpu_cs_read_reg32(cs, REG_3DPRIM_VERTEX_COUNT);
   d->start_vertex = vgpu_cs_read_reg32(cs, REG_3DPRIM_START_VERTEX);
   d->instance_count = vgpu_cs_read_reg32(cs, REG_3DPRIM_INSTANCE_COUNT);
   d->start_instance = vgpu_cs_read_reg32(cs, REG_3DPRIM_START_INSTANCE);
   d->base_vertex = (int32_t)vgpu_cs_read_reg32(cs, REG_3DPRIM_BASE_VERTEX);
   for (unsigned i = 0; i < 3 && d->extended; i++)
      d->extended_param[i] = vgpu_cs_read_reg32(cs, REG_3DPRIM_XP0 + 4 * i);
}

static void
primitive(const struct packet *p)
{
   UNPACK(3DPRIMITIVE, v);
   struct vgpu_draw d = {
      .addr = vgpu_cs_ip(p->cs),
      .indexed = v.vertex_access_type == VERTEX_ACCESS_RANDOM,
      .vertex_count = v.vertex_count_per_instance,
      .start_vertex = v.start_vertex_location,
      .instance_count = v.instance_count,
      .start_instance = v.start_instance_location,
      .base_vertex = v.base_vertex_location,
      .indirect = v.indirect_parameter_enable,
      .predicated = v.predicate_enable,
      .end_offset = v.end_offset_enable,
   };
#if GFX_VER >= 8
   /* Gen8+ take the topology from 3DSTATE_VF_TOPOLOGY. */
   d.topology = p->st->vf.topology;
#else
   d.topology = v.primitive_topology_type;
#endif
#if GFX_VER >= 11
   d.extended = v.extended_parameters_present != 0;
   d.extended_param[0] = v.extended_parameter_0;
   d.extended_param[1] = v.extended_parameter_1;
   d.extended_param[2] = v.extended_parameter_2;
#endif
   if (d.indirect)
      indirect_parameters(p->cs, &d);
   d.predicate_passed = !d.predicated ||
                        (vgpu_cs_read_reg32(p->cs, REG_PREDICATE_RESULT) & 1);
   vgpu_3d_draw(p->exec, p->st, &d);
}

/* ---- dispatch ---- */

typedef void handler_fn(const struct packet *p);

struct handler {
   uint32_t header;      /* DWord 0 without the length */
   handler_fn *fn;
};

static struct handler handlers[96];
static unsigned handler_count;

#define HANDLE(NAME, fn) do { \
   uint32_t h_[GENX(NAME##_length)]; \
   struct GENX(NAME) v_ = { GENX(NAME##_header) }; \
   GENX(NAME##_pack)(NULL, h_, &v_); \
   handlers[handler_count++] = (struct handler){ h_[0] & GFX_OPCODE_MASK, fn }; \
} while (0)

#define HANDLE_STAGE(S, s) do { \
   HANDLE(3DSTATE_BINDING_TABLE_POINTERS_##S, binding_table_##s); \
   HANDLE(3DSTATE_SAMPLER_STATE_POINTERS_##S, sampler_state_##s); \
   HANDLE(3DSTATE_CONSTANT_##S, constant_##s); \
   HANDLE(3DSTATE_PUSH_CONSTANT_ALLOC_##S, push_alloc_##s); \
   HANDLE(3DSTATE_##S, s); \
} while (0)

static void
init_handlers(void)
{
   if (handler_count)
      return;
   HANDLE(3DSTATE_VERTEX_BUFFERS, vertex_buffers);
   HANDLE(3DSTATE_VERTEX_ELEMENTS, vertex_elements);
   HANDLE(3DSTATE_INDEX_BUFFER, index_buffer);
   HANDLE(3DSTATE_VF_STATISTICS, vf_statistics);
#if GFX_VERx10 >= 75
   HANDLE(3DSTATE_VF, vf);
#endif
#if GFX_VER >= 8
   HANDLE(3DSTATE_VF_TOPOLOGY, vf_topology);
   HANDLE(3DSTATE_VF_SGVS, vf_sgvs);
   HANDLE(3DSTATE_VF_INSTANCING, vf_instancing);
   HANDLE(3DSTATE_RASTER, raster);
   HANDLE(3DSTATE_PS_EXTRA, ps_extra);
   HANDLE(3DSTATE_PS_BLEND, ps_blend);
   HANDLE(3DSTATE_WM_DEPTH_STENCIL, wm_depth_stencil);
   HANDLE(3DSTATE_SBE_SWIZ, sbe_swiz);
#endif
#if GFX_VER >= 12
   HANDLE(3DSTATE_CONSTANT_ALL, constant_all);
   HANDLE(3DSTATE_SO_BUFFER_INDEX_0, so_buffer_index_0);
   HANDLE(3DSTATE_SO_BUFFER_INDEX_1, so_buffer_index_1);
   HANDLE(3DSTATE_SO_BUFFER_INDEX_2, so_buffer_index_2);
   HANDLE(3DSTATE_SO_BUFFER_INDEX_3, so_buffer_index_3);
   HANDLE(3DSTATE_DEPTH_BOUNDS, depth_bounds);
   HANDLE(3DSTATE_PRIMITIVE_REPLICATION, primitive_replication);
#endif
   HANDLE_STAGE(VS, vs);
   HANDLE_STAGE(HS, hs);
   HANDLE_STAGE(DS, ds);
   HANDLE_STAGE(GS, gs);
   HANDLE_STAGE(PS, ps);
   HANDLE(3DSTATE_URB_VS, urb_vs);
   HANDLE(3DSTATE_URB_HS, urb_hs);
   HANDLE(3DSTATE_URB_DS, urb_ds);
   HANDLE(3DSTATE_URB_GS, urb_gs);
   HANDLE(3DSTATE_VIEWPORT_STATE_POINTERS_CC, cc_viewport);
   HANDLE(3DSTATE_VIEWPORT_STATE_POINTERS_SF_CLIP, sf_clip_viewport);
   HANDLE(3DSTATE_SCISSOR_STATE_POINTERS, scissor);
   HANDLE(3DSTATE_CC_STATE_POINTERS, cc_state);
   HANDLE(3DSTATE_BLEND_STATE_POINTERS, blend_state);
   HANDLE(3DSTATE_DEPTH_STENCIL_STATE_POINTERS, depth_stencil_state);
   HANDLE(3DSTATE_TE, te);
   HANDLE(3DSTATE_STREAMOUT, streamout);
   HANDLE(3DSTATE_SO_BUFFER, so_buffer);
   HANDLE(3DSTATE_SO_DECL_LIST, so_decl_list);
   HANDLE(3DSTATE_CLIP, clip);
   HANDLE(3DSTATE_SF, sf);
   HANDLE(3DSTATE_SBE, sbe);
   HANDLE(3DSTATE_WM, wm);
   HANDLE(3DSTATE_DEPTH_BUFFER, depth_buffer);
   HANDLE(3DSTATE_STENCIL_BUFFER, stencil_buffer);
   HANDLE(3DSTATE_HIER_DEPTH_BUFFER, hier_depth_buffer);
   HANDLE(3DSTATE_MULTISAMPLE, multisample);
#if GFX_VER >= 8
   HANDLE(3DSTATE_SAMPLE_PATTERN, sample_pattern);
#endif
   HANDLE(3DSTATE_SAMPLE_MASK, sample_mask);
   HANDLE(3DSTATE_DRAWING_RECTANGLE, drawing_rectangle);
   HANDLE(3DPRIMITIVE, primitive);
}

static handler_fn *
handler_of(uint32_t dw0)
{
   for (unsigned i = 0; i < handler_count; i++) {
      if ((dw0 & GFX_OPCODE_MASK) == handlers[i].header)
         return handlers[i].fn;
   }
   return NULL;
}

bool
genX(vgpu_3d_command)(struct vgpu_cs *cs, struct vgpu_exec *exec,
                      struct vgpu_3d *st, const uint32_t *dw, unsigned len)
{
   init_handlers();
   handler_fn *fn = handler_of(dw[0]);
   if (!fn)
      return false;
   /* The unpack functions read the packet's full length: a shorter one
    * (an older layout) reads zeros past its end. */
   uint32_t full[MAX_PACKET_DWORDS] = { 0 };
   unsigned n = len < MAX_PACKET_DWORDS ? len : MAX_PACKET_DWORDS;
   memcpy(full, dw, n * 4);
   fn(&(struct packet){ .cs = cs, .exec = exec, .st = st, .dw = full, .len = n });
   return true;
}

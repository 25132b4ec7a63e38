/* The GPGPU pipeline's packets for one generation (built once per
 * generation, -DGFX_VERx10): field positions come from genxml's unpack
 * functions, meaning from PRM Vol 2a (STATE_BASE_ADDRESS, PIPELINE_SELECT,
 * STATE_SIP, MEDIA_VFE_STATE, MEDIA_CURBE_LOAD,
 * MEDIA_INTERFACE_DESCRIPTOR_LOAD, GPGPU_WALKER) and Vol 2d
 * (INTERFACE_DESCRIPTOR_DATA, RENDER_SURFACE_STATE). */
#include <stdlib.h>
#include <string.h>

#include "genX_pack.h"
#include "isl.h"
#include "vgpu_cs.h"
#include "vgpu_gpgpu.h"
#include "vgpu_priv.h"

/* GPGPU_WALKER indirect dispatch sizes (PRM Vol 2c GPGPU_DISPATCHDIM*). */
#define REG_GPGPU_DISPATCHDIMX 0x2500

enum cmd { CMD_SBA, CMD_PIPELINE_SELECT, CMD_STATE_SIP, CMD_VFE, CMD_CURBE,
           CMD_IDL, CMD_WALKER, CMD_MSF, CMD_COUNT };

/* Each command's DWord 0 without its length, packed from its header. */
static uint32_t headers[CMD_COUNT];

#define PACK_HEADER(i, NAME) do { \
   uint32_t dw[GENX(NAME##_length)]; \
   struct GENX(NAME) v = { GENX(NAME##_header) }; \
   GENX(NAME##_pack)(NULL, dw, &v); \
   headers[i] = dw[0] & 0xffff0000u; \
} while (0)

static void
init_headers(void)
{
   if (headers[CMD_WALKER])
      return;
   PACK_HEADER(CMD_SBA, STATE_BASE_ADDRESS);
   PACK_HEADER(CMD_PIPELINE_SELECT, PIPELINE_SELECT);
   PACK_HEADER(CMD_STATE_SIP, STATE_SIP);
   PACK_HEADER(CMD_VFE, MEDIA_VFE_STATE);
   PACK_HEADER(CMD_CURBE, MEDIA_CURBE_LOAD);
   PACK_HEADER(CMD_IDL, MEDIA_INTERFACE_DESCRIPTOR_LOAD);
   PACK_HEADER(CMD_WALKER, GPGPU_WALKER);
   PACK_HEADER(CMD_MSF, MEDIA_STATE_FLUSH);
}

static int
command_of(uint32_t dw0)
{
   for (int i = 0; i < CMD_COUNT; i++) {
      if ((dw0 & 0xffff0000u) == headers[i])
         return i;
   }
   return -1;
}

#if GFX_VER >= 8
/* Buffer sizes are in 4 KB pages (Gen8+); 0 leaves the bound open. */
static uint64_t
bound(uint32_t pages)
{
   return pages ? (uint64_t)pages << 12 : UINT64_MAX;
}
#endif

static void
state_base_address(struct vgpu_gpgpu *g, const uint32_t *dw)
{
   struct GENX(STATE_BASE_ADDRESS) v;
   GENX(STATE_BASE_ADDRESS_unpack)(dw, &v);
   /* Each base changes only with its modify-enable bit. */
   if (v.general_state_base_address_modify_enable)
      g->general_base = v.general_state_base_address;
   if (v.surface_state_base_address_modify_enable)
      g->surface_base = v.surface_state_base_address;
   if (v.dynamic_state_base_address_modify_enable)
      g->dynamic_base = v.dynamic_state_base_address;
   if (v.indirect_object_base_address_modify_enable)
      g->indirect_base = v.indirect_object_base_address;
   if (v.instruction_base_address_modify_enable)
      g->instruction_base = v.instruction_base_address;
#if GFX_VER >= 8
   if (v.general_state_buffer_size_modify_enable)
      g->general_size = bound(v.general_state_buffer_size);
   if (v.dynamic_state_buffer_size_modify_enable)
      g->dynamic_size = bound(v.dynamic_state_buffer_size);
   if (v.indirect_object_buffer_size_modify_enable)
      g->indirect_size = bound(v.indirect_object_buffer_size);
   if (v.instruction_buffer_size_modify_enable)
      g->instruction_size = bound(v.instruction_buffer_size);
#endif
#if GFX_VER >= 9
   if (v.bindless_surface_state_base_address_modify_enable)
      g->bindless_surface_base = v.bindless_surface_state_base_address;
#endif
}

static void
pipeline_select(struct vgpu_gpgpu *g, const uint32_t *dw)
{
   struct GENX(PIPELINE_SELECT) v;
   GENX(PIPELINE_SELECT_unpack)(dw, &v);
#if GFX_VER >= 9
   /* Gen9+: only the fields whose mask bit is set change; the selection
    * is bits 1:0 under mask bits 9:8. */
   if (!(v.mask_bits & 3))
      return;
#endif
   g->pipeline = (int)v.pipeline_selection;
}

/* Per Thread Scratch Space (PRM Vol 2a MEDIA_VFE_STATE): Ivy Bridge
 * (n + 1) KB for n in [0, 11]; Haswell 2 KB << n for n in [0, 10]; Gen8+
 * 1 KB << n for n in [0, 11].  0 for a reserved encoding. */
static uint32_t
scratch_bytes(uint32_t n)
{
#if GFX_VERx10 == 70
   return n <= 11 ? (n + 1) * 1024u : 0;
#elif GFX_VERx10 == 75
   return n <= 10 ? 2048u << n : 0;
#else
   return n <= 11 ? 1024u << n : 0;
#endif
}

static void
media_vfe_state(struct vgpu_exec *exec, struct vgpu_gpgpu *g, const uint32_t *dw)
{
   struct GENX(MEDIA_VFE_STATE) v;
   GENX(MEDIA_VFE_STATE_unpack)(dw, &v);
   g->vfe_valid = true;
   g->max_threads = v.maximum_number_of_threads + 1;
   g->urb_entries = v.number_of_urb_entries;
   g->urb_entry_size = v.urb_entry_allocation_size;
   g->curbe_size = v.curbe_allocation_size;
   g->scratch_base = v.scratch_space_base_pointer;
   g->scratch_space = v.per_thread_scratch_space;
   /* A zero base pointer is how drivers say a kernel has no scratch (no
    * object is ever placed at offset 0 of general state here). */
   g->scratch_per_thread = 0;
   if (!g->scratch_base)
      return;
   g->scratch_per_thread = scratch_bytes(v.per_thread_scratch_space);
   if (!g->scratch_per_thread)
      vgpu_exec_fault(exec, 0, "MEDIA_VFE_STATE with a reserved Per Thread Scratch Space");
}

static void
media_curbe_load(struct vgpu_exec *exec, struct vgpu_gpgpu *g, const uint32_t *dw)
{
   struct GENX(MEDIA_CURBE_LOAD) v;
   GENX(MEDIA_CURBE_LOAD_unpack)(dw, &v);
   uint8_t *data = malloc(v.curbe_total_data_length ? v.curbe_total_data_length : 1);
   if (!data) {
      vgpu_exec_fault(exec, 0, "out of memory for CURBE data");
      return;
   }
   if (!vgpu_gpgpu_read(exec, g->dynamic_base + v.curbe_data_start_address, data,
                        v.curbe_total_data_length, "MEDIA_CURBE_LOAD data")) {
      free(data);
      return;
   }
   free(g->curbe);
   g->curbe = data;
   g->curbe_len = v.curbe_total_data_length;
}

static void
media_idl(struct vgpu_exec *exec, struct vgpu_gpgpu *g, const uint32_t *dw)
{
   struct GENX(MEDIA_INTERFACE_DESCRIPTOR_LOAD) v;
   GENX(MEDIA_INTERFACE_DESCRIPTOR_LOAD_unpack)(dw, &v);
   uint32_t len = v.interface_descriptor_total_length;
   if (len > sizeof(g->idd)) {
      vgpu_not_modelled("more than 32 interface descriptors");
      len = sizeof(g->idd);
   }
   if (vgpu_gpgpu_read(exec, g->dynamic_base + v.interface_descriptor_data_start_address,
                       g->idd, len, "MEDIA_INTERFACE_DESCRIPTOR_LOAD data"))
      g->idd_len = len;
}

/* RENDER_SURFACE_STATE as isl reads it (isl_decode_state: the same
 * description the driver packs with), in the data port's terms. */
static uint8_t
eu_tiling(enum isl_tiling tiling, struct vgpu_eu_surface *out)
{
   switch (tiling) {
   case ISL_TILING_X: return VGPU_EU_TILE_X;
   case ISL_TILING_Y: return VGPU_EU_TILE_Y;
   case ISL_TILING_W:
      out->not_modelled = "W-tiled image surface";
      return VGPU_EU_LINEAR;
   default: return VGPU_EU_LINEAR;
   }
}

/* Rows from one array slice (or Gen7/8 3D depth slice at LOD 0) to the
 * next; for Gen9+ linear 1D surfaces, which keep their slices in one row
 * and ignore Surface Pitch, the texels from one slice to the next. */
static uint32_t
eu_qpitch(const struct isl_state_desc *d)
{
   if (d->surf.layout != ISL_LAYOUT_1D_GEN9)
      return d->surf.array_pitch_rows;
   const struct isl_format_layout *l = isl_format_layout(d->surf.format);
   return l ? d->surf.row_pitch_B / isl_format_bytes(l) : 0;
}

static void
image_surface(const struct isl_state_desc *d, struct vgpu_eu_surface *out)
{
   /* Images: Width and Height hold the size minus one, typed messages
    * reach Depth + 1 layers (3D: Render Target View Extent + 1 slices). */
   out->width = d->surf.width;
   out->height = d->surf.height;
   out->depth = d->array_extent;
   out->pitch = d->surf.row_pitch_B;
   out->tiling = eu_tiling(d->surf.tiling, out);
   out->qpitch = eu_qpitch(d);
   out->slices_in_x = d->surf.layout == ISL_LAYOUT_1D_GEN9;
   out->min_array_element = d->min_array_element;
   out->min_lod = d->min_lod;
   out->mip_count = d->mip_count_lod;
   out->size = 0;   /* untyped messages see no bytes; typed ones the dimensions */
   if (d->unsupported)
      out->not_modelled = d->unsupported;
   else if (d->surf.samples > 1)
      out->not_modelled = "multisampled storage image";
}

static bool
surface_state(const uint32_t *dw, struct vgpu_eu_surface *out)
{
   struct isl_state_desc d;
   memset(out, 0, sizeof(*out));
   if (!isl_decode_state(GFX_VERx10, dw, &d)) {
      out->type = VGPU_EU_SURF_NULL;
      out->not_modelled = "surface of a reserved Surface Type";
      return true;
   }
   out->base = d.address;
   out->format = d.format;
   out->type = (uint8_t)d.type;
   out->buffer = d.type == ISL_SURFTYPE_BUFFER;
   if (out->buffer) {
      /* A buffer's entry count is Width, Height and Depth joined, its
       * Surface Pitch the bytes from one entry to the next; Mesa's
       * buffers use a 1-byte pitch, so offsets are bytes. */
      out->pitch = d.stride_B;
      out->entries = d.entries;
      out->size = out->entries * out->pitch;
      return true;
   }
   if (d.type == ISL_SURFTYPE_STRBUF)
      out->not_modelled = "structured buffer surface";
   else
      image_surface(&d, out);
   return true;
}

bool
genX(vgpu_surface_state)(const uint32_t *dw, struct vgpu_eu_surface *out)
{
   return surface_state(dw, out);
}

const unsigned genX(vgpu_surface_state_dwords) = GENX(RENDER_SURFACE_STATE_length);

/* SLM size from the interface descriptor (Gen7-8: 4 KB units; Gen9+:
 * 0, 1 KB, 2 KB, 4 KB ... 64 KB). */
static unsigned
slm_bytes(uint32_t field)
{
#if GFX_VER >= 9
   return field ? 512u << field : 0;
#else
   return field * 4096u;
#endif
}

static void
gpgpu_walker(struct vgpu_cs *cs, struct vgpu_exec *exec, struct vgpu_gpgpu *g,
             const uint32_t *dw)
{
   struct GENX(GPGPU_WALKER) w;
   GENX(GPGPU_WALKER_unpack)(dw, &w);
   if (w.predicate_enable && !(vgpu_cs_read_reg32(cs, REG_PREDICATE_RESULT) & 1))
      return;
   uint32_t end[3] = { w.thread_group_id_x_dimension, w.thread_group_id_y_dimension,
                       w.thread_group_id_z_dimension };
   if (w.indirect_parameter_enable) {
      for (unsigned i = 0; i < 3; i++)
         end[i] = vgpu_cs_read_reg32(cs, REG_GPGPU_DISPATCHDIMX + 4 * i);
   }
   /* No thread group: nothing is dispatched, no descriptor is read. */
   if (!end[0] || !end[1] || !end[2])
      return;
   uint32_t off = w.interface_descriptor_offset * GENX(INTERFACE_DESCRIPTOR_DATA_length) * 4;
   if (off + GENX(INTERFACE_DESCRIPTOR_DATA_length) * 4 > g->idd_len) {
      vgpu_exec_fault(exec, 0, "GPGPU_WALKER names an interface descriptor that was not loaded");
      return;
   }
#if GFX_VER >= 8
   if (w.indirect_data_length) {
      vgpu_not_modelled("GPGPU_WALKER indirect data");
      return;
   }
#endif
   struct GENX(INTERFACE_DESCRIPTOR_DATA) idd;
   GENX(INTERFACE_DESCRIPTOR_DATA_unpack)(&g->idd[off / 4], &idd);
   struct vgpu_dispatch d = {
      .kernel = g->instruction_base + idd.kernel_start_pointer,
      .binding_table = g->surface_base + idd.binding_table_pointer,
      .sampler_state = idd.sampler_state_pointer,
      .per_thread_regs = idd.constant_urb_entry_read_length,
      .slm_size = slm_bytes(idd.shared_local_memory_size),
      .barrier = idd.barrier_enable,
      .simd = 8u << w.simd_size,
      .thread_w = w.thread_width_counter_maximum + 1,
      .thread_h = w.thread_height_counter_maximum + 1,
      .thread_d = w.thread_depth_counter_maximum + 1,
#if GFX_VER >= 8
      .start = { w.thread_group_id_starting_x, w.thread_group_id_starting_y,
                 w.thread_group_id_starting_resume_z },
#else
      .start = { w.thread_group_id_starting_x, w.thread_group_id_starting_y,
                 w.thread_group_id_starting_z },
#endif
      .end = { end[0], end[1], end[2] },
      .right_mask = w.right_execution_mask,
      .bottom_mask = w.bottom_execution_mask,
      /* The descriptor's rounding mode starts in cr0.0[5:4]; the denormal
       * modes start at 0, flush, which kernels change (PRM Vol 7 cr0). */
      .cr0 = idd.rounding_mode << 4,
      .surface_state = surface_state,
      .surface_state_dwords = GENX(RENDER_SURFACE_STATE_length),
   };
#if GFX_VERx10 != 75
   d.read_offset_regs = idd.constant_urb_entry_read_offset;
#endif
#if GFX_VERx10 >= 75
   d.cross_regs = idd.cross_thread_constant_data_read_length;
#endif
   vgpu_rules_check_dispatch(exec, cs, d.slm_size);
   if (exec->fault)
      return;
   vgpu_gpgpu_dispatch(exec, g, &d);
}

bool
genX(vgpu_gpgpu_command)(struct vgpu_cs *cs, struct vgpu_exec *exec,
                         struct vgpu_gpgpu *g, const uint32_t *dw, unsigned len)
{
   init_headers();
   int cmd = command_of(dw[0]);
   if (cmd < 0)
      return false;
   /* The unpack functions read the packet's full length. */
   uint32_t full[32] = { 0 };
   memcpy(full, dw, (len < 32 ? len : 32) * 4);
   switch (cmd) {
   case CMD_SBA: state_base_address(g, full); break;
   case CMD_PIPELINE_SELECT: pipeline_select(g, full); break;
   case CMD_STATE_SIP: {
      struct GENX(STATE_SIP) v;
      GENX(STATE_SIP_unpack)(full, &v);
      g->sip = v.system_instruction_pointer;
      break;
   }
   case CMD_VFE: media_vfe_state(exec, g, full); break;
   case CMD_CURBE: media_curbe_load(exec, g, full); break;
   case CMD_IDL: media_idl(exec, g, full); break;
   case CMD_WALKER: gpgpu_walker(cs, exec, g, full); break;
   case CMD_MSF: break;   /* threads finish inside the walker */
   default: break;
   }
   return true;
}

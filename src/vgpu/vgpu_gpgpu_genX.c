/* The GPGPU pipeline's packets for one generation (built once per
 * generation, -DGFX_VERx10): field positions come from genxml's unpack
 * functions, meaning from PRM Vol 2a (STATE_BASE_ADDRESS, PIPELINE_SELECT,
 * STATE_SIP, MEDIA_VFE_STATE, MEDIA_CURBE_LOAD,
 * MEDIA_INTERFACE_DESCRIPTOR_LOAD, GPGPU_WALKER) and Vol 2d
 * (INTERFACE_DESCRIPTOR_DATA, RENDER_SURFACE_STATE). */
#include <stdlib.h>
#include <string.h>

#include "genX_pack.h"
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

static uint8_t
surface_tiling(const struct GENX(RENDER_SURFACE_STATE) *v, struct vgpu_eu_surface *out)
{
#if GFX_VER >= 8
   enum { TILE_LINEAR, TILE_W, TILE_X, TILE_Y };
#if GFX_VER >= 9
   if (v->tiled_resource_mode)
      out->not_modelled = "TileYF/TileYS image surface";
#endif
   if (v->tile_mode == TILE_W)
      out->not_modelled = "W-tiled image surface";
   return v->tile_mode == TILE_X ? VGPU_EU_TILE_X :
          v->tile_mode == TILE_Y ? VGPU_EU_TILE_Y : VGPU_EU_LINEAR;
#else
   (void)out;
   if (!v->tiled_surface)
      return VGPU_EU_LINEAR;
   return v->tile_walk ? VGPU_EU_TILE_Y : VGPU_EU_TILE_X;
#endif
}

/* Rows from one array slice to the next, and on Gen7/8 from one 3D depth
 * slice to the next at LOD 0 (PRM Vol 5 "Memory Views", "Surface Arrays"
 * and "3D Surfaces"): Gen8+ programs Surface QPitch in units of 4 rows;
 * Gen7 derives it from Surface Array Spacing, QPitch = h0 + h1 + 12j
 * (ARYSPC_FULL) or h0 (ARYSPC_LOD0), each height aligned to j, the
 * vertical alignment.  Gen7/8 3D surfaces ignore QPitch: LOD 0 holds its
 * depth slices one below the other. */
#if GFX_VER >= 9
static uint32_t
surface_qpitch(const struct GENX(RENDER_SURFACE_STATE) *v, uint32_t height)
{
   (void)height;
   return v->surface_qpitch << 2;
}
#else
static uint32_t
align_rows(uint32_t rows, uint32_t align)
{
   return (rows + align - 1) / align * align;
}

static uint32_t
surface_qpitch(const struct GENX(RENDER_SURFACE_STATE) *v, uint32_t height)
{
#if GFX_VER == 8
   static const uint8_t valign[4] = { 4, 4, 8, 16 };
#else
   static const uint8_t valign[2] = { 2, 4 };
#endif
   uint32_t j = valign[v->surface_vertical_alignment];
   if (v->surface_type == VGPU_EU_SURF_3D)
      return align_rows(height, j);
#if GFX_VER == 8
   return v->surface_qpitch << 2;
#else
   enum { ARYSPC_FULL, ARYSPC_LOD0 };
   if (v->surface_array_spacing == ARYSPC_LOD0)
      return align_rows(height, j);
   return align_rows(height, j) + align_rows(height > 1 ? height / 2 : 1, j) + 12 * j;
#endif
}
#endif

static bool
aux_enabled(const struct GENX(RENDER_SURFACE_STATE) *v)
{
#if GFX_VER >= 8
   return v->auxiliary_surface_mode != 0;
#else
   return v->mcs_enable;
#endif
}

static bool
surface_state(const uint32_t *dw, struct vgpu_eu_surface *out)
{
   struct GENX(RENDER_SURFACE_STATE) v;
   GENX(RENDER_SURFACE_STATE_unpack)(dw, &v);
   memset(out, 0, sizeof(*out));
   out->base = v.surface_base_address;
   out->format = v.surface_format;
   out->type = (uint8_t)v.surface_type;
   out->buffer = v.surface_type == VGPU_EU_SURF_BUFFER;
   out->pitch = v.surface_pitch + 1;
   if (out->buffer) {
      /* A buffer's entry count is Width, Height and Depth joined, its
       * Surface Pitch the bytes from one entry to the next (PRM
       * RENDER_SURFACE_STATE "Width", "Surface Pitch" for SURFTYPE_BUFFER);
       * Mesa's buffers use a 1-byte pitch, so offsets are bytes. */
      out->entries = ((uint64_t)v.depth << 21 | (uint64_t)v.height << 7 | v.width) + 1;
      out->size = out->entries * out->pitch;
      return true;
   }
   /* Images: each size field holds the size minus one. */
   out->width = v.width + 1;
   out->height = v.height + 1;
   out->depth = v.depth + 1;
   /* Typed messages reach the R coordinates of a 3D surface's view extent
    * (PRM RENDER_SURFACE_STATE "Render Target View Extent"). */
   if (v.surface_type == VGPU_EU_SURF_3D)
      out->depth = v.render_target_view_extent + 1;
   out->tiling = surface_tiling(&v, out);
   out->qpitch = surface_qpitch(&v, out->height);
   out->min_array_element = v.minimum_array_element;
   out->min_lod = v.surface_min_lod;
   out->mip_count = v.mip_count_lod;
   out->size = 0;   /* untyped messages see no bytes; typed ones the dimensions */
#if GFX_VER >= 9
   /* Linear 1D surfaces keep their slices in one row, Surface QPitch
    * texels apart, and ignore Surface Pitch (PRM Vol 5 "1D Surfaces"). */
   out->slices_in_x = v.surface_type == VGPU_EU_SURF_1D && out->tiling == VGPU_EU_LINEAR;
#endif
   if (aux_enabled(&v))
      out->not_modelled = "image surface with an auxiliary (compression) surface";
   if (v.number_of_multisamples)
      out->not_modelled = "multisampled image surface";
   if (v.x_offset || v.y_offset)
      out->not_modelled = "image surface with an X/Y offset";
   return true;
}

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

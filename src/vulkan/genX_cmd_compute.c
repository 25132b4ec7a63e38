/* Compute dispatch for one generation: MEDIA_VFE_STATE, the binding table
 * and its surface states, the CURBE (push constants, system values, local
 * invocation ids), the interface descriptor and GPGPU_WALKER.
 *
 * Every state of a dispatch lives in the command buffer's current state
 * block, which Surface and Dynamic State Base Address point at, so the
 * offsets the packets hold are block offsets (gvk_bo.h, "Blocks").  The
 * order follows the PRM's GPGPU programming sequence (Vol 2a
 * MEDIA_VFE_STATE .. GPGPU_WALKER; Vol 7 "GPGPU Thread Payload"). */
#include "genX_cmd.h"

#include <string.h>

#include "gbe.h"
#include "gvk_device.h"
#include "gvk_image.h"
#include "gvk_log.h"
#include "gvk_memory.h"
#include "gvk_physical_device.h"
#include "gvk_pipeline.h"
#include "isl.h"
#include "macros.h"

/* Where a dispatch's CURBE went (NumWorkgroups is written there by the
 * GPU for an indirect dispatch). */
struct curbe {
   uint32_t offset, size;        /* in the state block */
};

static const struct gbe_kernel *
cmd_kernel(const struct gvk_cmd_buffer *cmd)
{
   return &cmd->compute.pipeline->cs->kernel;
}

/* ---- MEDIA_VFE_STATE ---- */

/* The pipeline's template (gvk_pipeline.h), whose scratch pointer is a
 * relocation on Gen7. */
static void
emit_vfe(struct gvk_cmd_buffer *cmd)
{
   const struct gvk_pipeline *pipeline = cmd->compute.pipeline;
   /* SKL PRM Vol 2a, MEDIA_VFE_STATE: "A stalling PIPE_CONTROL is
    * required before MEDIA_VFE_STATE unless the only bits that are changed
    * are scoreboard related". */
   genX(emit_pipe_control)(cmd, GVK_PIPE_CS_STALL);
   uint32_t *dw = gvk_batch_alloc(&cmd->batch, pipeline->vfe_dwords, 4);
   memcpy(dw, pipeline->vfe_state, pipeline->vfe_dwords * 4);
#if GFX_VER < 8
   const uint32_t at = pipeline->vfe_scratch_dw;
   if (at) {
      /* The dword is the whole relocated value: address and space. */
      const uint32_t value = dw[at];
      dw[at] = 0;
      dw[at] = (uint32_t)gvk_batch_reloc(&cmd->batch, &dw[at], value);
   }
#endif
}

/* ---- binding table ---- */

static struct isl_state_layout
state_layout(void)
{
   struct isl_state_layout layout;
   isl_state_layout(GFX_VERx10, &layout);
   return layout;
}

/* The surface base address of a state copied or filled at dw, made a
 * relocation on Gen7 (gvk_image.h: one dword there). */
static void
relocate_state(struct gvk_cmd_buffer *cmd, uint32_t *dw, uint64_t address)
{
#if GFX_VER < 8
   uint32_t *addr_dw = &dw[state_layout().address_offset_B / 4];
   *addr_dw = 0;
   *addr_dw = (uint32_t)gvk_batch_reloc(&cmd->state, addr_dw, address);
#else
   (void)cmd, (void)dw, (void)address;
#endif
}

static void
null_state(uint32_t *dw)
{
   isl_fill_null_state(GFX_VERx10, dw, 1, 1, 1);
}

static bool
is_buffer_type(VkDescriptorType type)
{
   return type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER ||
          type == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER ||
          type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC ||
          type == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC;
}

/* SSBOs and UBOs: RAW, a byte per entry (gbe.h GBE_SURFACE_BUFFER); the
 * untyped messages move dwords, so the range is rounded up to one. */
static bool
buffer_state(struct gvk_cmd_buffer *cmd, uint32_t *dw, const struct gvk_descriptor *d,
             uint64_t dynamic_offset)
{
   if (!is_buffer_type(d->type) || !d->buffer.addr || !d->buffer.range)
      return false;
   const struct isl_buffer_state info = {
      .address = d->buffer.addr + dynamic_offset,
      .size_B = ALIGN_POT(d->buffer.range, 4),
      .format = ISL_FORMAT_RAW, .stride_B = 1,
      .swizzle = ISL_SWIZZLE_IDENTITY, .mocs = GVK_MOCS,
   };
   if (!isl_fill_buffer_state(GFX_VERx10, dw, &info))
      return false;
   relocate_state(cmd, dw, info.address);
   return true;
}

/* Texel buffers: the view's format, or the format the kernel reads raw
 * texels through with texel_dwords entries per texel (gbe.h). */
static bool
texel_buffer_state(struct gvk_cmd_buffer *cmd, uint32_t *dw, const struct gvk_descriptor *d,
                   const struct gbe_binding *b)
{
   if ((d->type != VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER &&
        d->type != VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER) || !d->buffer_view)
      return false;
   const struct gvk_buffer_view *view = d->buffer_view;
   const uint32_t format = b->format == GBE_FORMAT_VIEW ? view->isl_format : b->format;
   const struct isl_format_layout *l = isl_format_layout((enum isl_format)format);
   if (!l || !view->texels)
      return false;
   const uint32_t stride = isl_format_bytes(l);
   const struct isl_buffer_state info = {
      .address = gvk_address_gpu(view->address),
      .size_B = (uint64_t)view->texels * b->texel_dwords * stride,
      .format = (enum isl_format)format, .stride_B = stride,
      .swizzle = ISL_SWIZZLE_IDENTITY, .mocs = GVK_MOCS,
   };
   if (!isl_fill_buffer_state(GFX_VERx10, dw, &info))
      return false;
   relocate_state(cmd, dw, info.address);
   return true;
}

/* Storage images: the view's prepared state in its own format, or the
 * raw-read one (gvk_image.h). */
static bool
image_state(struct gvk_cmd_buffer *cmd, uint32_t *dw, const struct gvk_descriptor *d,
            const struct gbe_binding *b)
{
   const struct gvk_image_view *view = d->image_view;
   if (d->type != VK_DESCRIPTOR_TYPE_STORAGE_IMAGE || !view)
      return false;
   enum gvk_view_state use = GVK_VIEW_STATE_STORAGE;
   if (b->format != GBE_FORMAT_VIEW && b->format != (uint32_t)view->view.format) {
      if (b->format != view->raw_format || b->texel_dwords != view->raw_texel_dwords)
         return false;
      use = GVK_VIEW_STATE_STORAGE_RAW;
   }
   if (!view->has_state[use])
      return false;
   memcpy(dw, view->states[use], state_layout().size_B);
   relocate_state(cmd, dw, view->address);
   return true;
}

static bool
is_sampled_type(VkDescriptorType type)
{
   return type == VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE ||
          type == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER ||
          type == VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT;
}

/* Sampled images: the view's prepared sampling state (gvk_image_view.c:
 * cube views as SURFTYPE_CUBE, the view's levels, layers, format and
 * channel selects).  A view bound for sampling without one is one isl
 * could not describe (Ivy Bridge has no channel selects for a swizzle):
 * the command buffer fails naming it rather than sampling zeros. */
static bool
sampled_image_state(struct gvk_cmd_buffer *cmd, uint32_t *dw, const struct gvk_descriptor *d,
                    const struct gbe_binding *b)
{
   const struct gvk_image_view *view = d->image_view;
   if (!is_sampled_type(d->type) || !view)
      return false;
   if (b->format != GBE_FORMAT_VIEW && b->format != (uint32_t)view->view.format)
      return false;
   if (!view->has_state[GVK_VIEW_STATE_SAMPLED]) {
      gvk_cmd_set_error(cmd, gvk_fail(VK_ERROR_UNKNOWN, "vkCmdDispatch: a sampled "
                                      "image's view has no sampling state (see the "
                                      "vkCreateImageView warning)"));
      return false;
   }
   memcpy(dw, view->states[GVK_VIEW_STATE_SAMPLED], state_layout().size_B);
   relocate_state(cmd, dw, view->address);
   return true;
}

static const struct gvk_descriptor *
binding_descriptor(const struct gvk_cmd_buffer *cmd, const struct gbe_binding *b,
                   uint32_t element, uint64_t *dynamic_offset)
{
   *dynamic_offset = 0;
   if (cmd->compute.meta_bindings)
      return b->set == 0 ? &cmd->compute.meta_bindings[b->binding + element] : NULL;
   return gvk_cmd_descriptor(&cmd->compute.descriptors, cmd->compute.pipeline->layout,
                             b->set, b->binding, element, dynamic_offset);
}

static bool
fill_state(struct gvk_cmd_buffer *cmd, uint32_t *dw, const struct gbe_binding *b,
           uint32_t element)
{
   uint64_t dynamic_offset;
   const struct gvk_descriptor *d = binding_descriptor(cmd, b, element, &dynamic_offset);
   if (!d)
      return false;
   switch (b->kind) {
   case GBE_SURFACE_BUFFER: return buffer_state(cmd, dw, d, dynamic_offset);
   case GBE_SURFACE_TEXEL_BUFFER: return texel_buffer_state(cmd, dw, d, b);
   case GBE_SURFACE_IMAGE: return image_state(cmd, dw, d, b);
   case GBE_SURFACE_SAMPLED_IMAGE: return sampled_image_state(cmd, dw, d, b);
   }
   return false;
}

/* A surface state for binding table entry bti: the descriptor's, or a
 * null surface when nothing usable is bound there (reads return 0, writes
 * are dropped, as for a missing descriptor). */
static uint32_t
emit_surface(struct gvk_cmd_buffer *cmd, uint32_t bti)
{
   const struct isl_state_layout layout = state_layout();
   uint32_t *dw = gvk_batch_alloc(&cmd->state, layout.size_B / 4, layout.align_B);
   uint32_t element;
   const struct gbe_binding *b = gbe_binding_at(cmd_kernel(cmd), bti, &element);
   if (cmd->status != VK_SUCCESS || !b || !fill_state(cmd, dw, b, element))
      null_state(dw);
   return gvk_batch_offset(&cmd->state, dw);
}

/* Binding table entries hold the surface states' offsets from Surface
 * State Base Address, in place (bits 31:5 on Gen7, 31:6 from Gen8). */
static void
emit_binding_table(struct gvk_cmd_buffer *cmd)
{
   const uint32_t count = cmd_kernel(cmd)->binding_table_size;
   cmd->compute.binding_table_count = count;
   cmd->compute.binding_table = 0;
   cmd->compute.binding_table_valid = true;
   if (!count)
      return;
   uint32_t *table = gvk_batch_alloc(&cmd->state, count, 32);
   cmd->compute.binding_table = gvk_batch_offset(&cmd->state, table);
   for (uint32_t bti = 0; bti < count; bti++)
      table[bti] = emit_surface(cmd, bti);
}

/* ---- sampler states ---- */

/* INTERFACE_DESCRIPTOR_DATA "Sampler Count": samplers to prefetch in
 * groups of four, at most 16 (0: no prefetch).  Ice Lake must not
 * prefetch sampler states (Wa_1606682166, which Mesa's anv applies). */
static uint32_t
sampler_prefetch_count(uint32_t samplers)
{
   if (GFX_VER == 11)
      return 0;
   return DIV_ROUND_UP(MIN2(samplers, 16u), 4);
}

/* ---- CURBE ---- */

/* The buffer addresses a kernel reads from its cross-thread constants
 * (gbe.h, gbe_binding.address_offset: its 64-bit atomics): each
 * element's range start, 0 where no buffer is bound. */
static void
write_buffer_addresses(struct gvk_cmd_buffer *cmd, uint8_t *cross)
{
   const struct gbe_kernel *k = cmd_kernel(cmd);
   for (uint32_t i = 0; i < k->num_bindings; i++) {
      const struct gbe_binding *b = &k->bindings[i];
      for (uint32_t e = 0; b->address_offset != UINT32_MAX && e < b->count; e++) {
         uint64_t dynamic_offset, addr = 0;
         const struct gvk_descriptor *d = binding_descriptor(cmd, b, e, &dynamic_offset);
         if (d && is_buffer_type(d->type) && d->buffer.addr)
            addr = d->buffer.addr + dynamic_offset;
         memcpy(cross + b->address_offset + 8 * e, &addr, sizeof(addr));
      }
   }
}

/* The pipeline's CURBE (gvk_compute_curbe_fill) with the buffer
 * addresses, written but not loaded. */
static struct curbe
emit_curbe(struct gvk_cmd_buffer *cmd, const uint32_t groups[3])
{
   const struct gvk_pipeline *pipeline = cmd->compute.pipeline;
   struct curbe c = { .size = pipeline->curbe_size };
   if (!c.size)
      return c;
   uint32_t *data = gvk_batch_alloc(&cmd->state, c.size / 4, 64);
   c.offset = gvk_batch_offset(&cmd->state, data);
   gvk_compute_curbe_fill(cmd->device, pipeline, cmd->compute.push_constants, groups,
                          data);
   /* Gen7 repeats the cross-thread constants in each thread's block */
   const struct gbe_cs_info *cs = &cmd_kernel(cmd)->cs;
   const uint32_t copies = GFX_VERx10 >= 75 ? 1 : cs->threads;
   const uint32_t stride = (cs->cross_thread_regs + cs->per_thread_regs) * 32;
   for (uint32_t t = 0; t < copies; t++)
      write_buffer_addresses(cmd, (uint8_t *)data + t * stride);
   return c;
}

/* Bytes of state a dispatch may take, alignment included. */
static uint32_t
dispatch_state_bytes(const struct gvk_cmd_buffer *cmd)
{
   const struct gbe_kernel *k = cmd_kernel(cmd);
   const struct isl_state_layout layout = state_layout();
   return k->binding_table_size * (4 + layout.size_B + layout.align_B) + 32 +
          k->sampler_table_size * genX(sampler_entry_bytes)() + 32 +
          cmd->compute.pipeline->curbe_size + 64 +
          GENX(INTERFACE_DESCRIPTOR_DATA_length) * 4 + 64;
}

/* ---- interface descriptor ---- */

/* The pipeline's INTERFACE_DESCRIPTOR_DATA for the current binding table
 * and the sampler table at `samplers`: the template holds everything but
 * these (gvk_pipeline.h), whose fields are packed alone and ORed in. */
static void
write_interface_descriptor(struct gvk_cmd_buffer *cmd, uint32_t samplers)
{
   const struct GENX(INTERFACE_DESCRIPTOR_DATA) bt = {
      .binding_table_pointer = cmd->compute.binding_table,
      /* A prefetch count (0: none), 5 bits. */
      .binding_table_entry_count = MIN2(cmd->compute.binding_table_count, 31u),
      .sampler_state_pointer = samplers,
      .sampler_count = sampler_prefetch_count(cmd_kernel(cmd)->sampler_table_size),
   };
   const uint32_t dwords = GENX(INTERFACE_DESCRIPTOR_DATA_length);
   uint32_t *dw = gvk_batch_alloc(&cmd->state, dwords, 64);
   GENX(INTERFACE_DESCRIPTOR_DATA_pack)(&cmd->state, dw, &bt);
   for (uint32_t i = 0; i < dwords; i++)
      dw[i] |= cmd->compute.pipeline->idd[i];
   cmd->compute.idd = gvk_batch_offset(&cmd->state, dw);
}

/* The binding table, sampler table and interface descriptor of the bound
 * pipeline and descriptors: the ones built earlier in this state block
 * from the same inputs (gvk_cmd_binding_table_find: the interface
 * descriptor points at both tables), or fresh ones. */
static void
bind_binding_table(struct gvk_cmd_buffer *cmd)
{
   const struct gvk_binding_table_entry *hit = gvk_cmd_binding_table_find(cmd);
   if (hit) {
      cmd->compute.binding_table = hit->binding_table;
      cmd->compute.binding_table_count = hit->binding_table_count;
      cmd->compute.idd = hit->idd;
      cmd->compute.binding_table_valid = true;
      return;
   }
   emit_binding_table(cmd);
   write_interface_descriptor(cmd, genX(cmd_emit_sampler_table)(cmd, cmd_kernel(cmd),
                                                                binding_descriptor));
   struct gvk_binding_table_entry *e = gvk_cmd_binding_table_slot(cmd);
   if (!e)
      return;
   e->binding_table = cmd->compute.binding_table;
   e->binding_table_count = cmd->compute.binding_table_count;
   e->idd = cmd->compute.idd;
}

/* The hardware keeps the interface descriptor it loaded until the next
 * MEDIA_INTERFACE_DESCRIPTOR_LOAD: it is loaded again only when it
 * changed. */
static void
load_interface_descriptor(struct gvk_cmd_buffer *cmd)
{
   if (cmd->compute.idd_loaded == cmd->compute.idd)
      return;
   gvk_batch_emit(&cmd->batch, MEDIA_INTERFACE_DESCRIPTOR_LOAD, idl) {
      idl.interface_descriptor_total_length = GENX(INTERFACE_DESCRIPTOR_DATA_length) * 4;
      idl.interface_descriptor_data_start_address = cmd->compute.idd;
   }
   cmd->compute.idd_loaded = cmd->compute.idd;
}

static void
load_curbe(struct gvk_cmd_buffer *cmd, const struct curbe *c)
{
   if (!c->size)
      return;
   gvk_batch_emit(&cmd->batch, MEDIA_CURBE_LOAD, load) {
      load.curbe_total_data_length = c->size;
      load.curbe_data_start_address = c->offset;
   }
}

/* ---- L3 partitioning ---- */

#if GFX_VER <= 9
static void
load_l3_reg(struct gvk_cmd_buffer *cmd, uint32_t reg, uint32_t value)
{
   gvk_batch_emit(&cmd->batch, MI_LOAD_REGISTER_IMM, lri) {
      lri.register_offset = reg;
      lri.data_dword = value;
   }
}

#if GFX_VER == 7
/* L3SQCREG1's credit fields keep their documented defaults when the
 * register is written (IVB/BYT PRM: high priority 3, general 7, Bay
 * Trail 13; HSW PRM: high 4, general 12). */
static struct GENX(L3SQCREG1)
l3sqcreg1(const struct devinfo *info)
{
   struct GENX(L3SQCREG1) r = { 0 };
#if GFX_VERx10 == 75
   r.l3sq_high_priority_credit_initialization = 4;
   r.l3sq_general_priority_credit_initialization = 12;
#else
   r.l3sq_high_priority_credit_initialization = 3;
   r.l3sq_general_priority_credit_initialization =
      info->platform == PLATFORM_BYT ? 13 : 7;
#endif
   return r;
}

/* Ivy Bridge/Haswell L3 in ways: SLM 16, URB 16, DC 16, RO 16 (64); Bay
 * Trail: SLM 32, URB 32, DC 16, RO 16.  Facts of the PRM's validated
 * configurations (the ones Mesa's intel_l3_config.c lists with SLM): on
 * Ivy Bridge and Haswell SLM takes half of the banks, so the URB gets as
 * many ways in the low-bandwidth two-bank mode; Bay Trail's URB field
 * counts the ways beyond its minimum of 32. */
static void
emit_l3_ways(struct gvk_cmd_buffer *cmd)
{
   const struct devinfo *info = &cmd->device->pdev->info;
   const bool byt = info->platform == PLATFORM_BYT;
   const struct GENX(L3CNTLREG2) cr2 = {
      .slm_enable = true,
      .urb_allocation = byt ? 0 : 16,
      .urb_low_bandwidth = !byt,
      .ro_allocation = 16,
      .dc_allocation = 16,
   };
   const struct GENX(L3CNTLREG3) cr3 = { 0 };   /* IS, C, T share RO */
   const struct GENX(L3SQCREG1) sqc = l3sqcreg1(info);
   uint32_t v;
   GENX(L3SQCREG1_pack)(NULL, &v, &sqc);
   load_l3_reg(cmd, GENX(L3SQCREG1_num), v);
   GENX(L3CNTLREG2_pack)(NULL, &v, &cr2);
   load_l3_reg(cmd, GENX(L3CNTLREG2_num), v);
   GENX(L3CNTLREG3_pack)(NULL, &v, &cr3);
   load_l3_reg(cmd, GENX(L3CNTLREG3_num), v);
}
#else
/* Broadwell and Gen9: one register; with SLM enabled the L3 is URB 16
 * ways and ALL (DC, RO) 48, the rest being SLM (24 ways on Broadwell, 32
 * on Cherryview and Skylake, 16 on Broxton 2x6: the register is the same,
 * the validated configurations of Mesa's intel_l3_config.c). */
static void
emit_l3_ways(struct gvk_cmd_buffer *cmd)
{
   const struct GENX(L3CNTLREG) cr = {
      .slm_enable = true,
      .urb_allocation = 16,
      .all_allocation = 48,
   };
   uint32_t v;
   GENX(L3CNTLREG_pack)(NULL, &v, &cr);
   load_l3_reg(cmd, GENX(L3CNTLREG_num), v);
}
#endif
#endif

/* Gen7-9 keep shared local memory in the L3, which must be given an SLM
 * partition before a kernel uses it (the power-on partitioning has none);
 * from Gen11 SLM has its own storage.  Programmed once per batch, before
 * the first walker, with one configuration that serves every kernel.
 * The hardware documentation (as Mesa's drivers cite it) changes the
 * partitioning only while the pipeline is drained and the caches are
 * flushed: a stalling data flush, the read-only caches invalidated, and a
 * second stalling flush so that the invalidation has completed when the
 * registers change. */
static void
configure_l3(struct gvk_cmd_buffer *cmd)
{
#if GFX_VER <= 9
   genX(emit_pipe_control)(cmd, GVK_PIPE_CS_STALL | GVK_PIPE_DATA_FLUSH);
   genX(emit_pipe_control)(cmd, GVK_PIPE_INVALIDATE_BITS);
   genX(emit_pipe_control)(cmd, GVK_PIPE_CS_STALL | GVK_PIPE_DATA_FLUSH);
   emit_l3_ways(cmd);
#endif
   cmd->l3_configured = true;
}

/* ---- the flush before a walker ---- */

/* What a newly bound pipeline must be for a dispatch; its state size. */
static bool
check_pipeline(struct gvk_cmd_buffer *cmd)
{
   const struct gbe_kernel *k = cmd_kernel(cmd);
   if (k->stage != IR_STAGE_COMPUTE ||
       cmd->compute.pipeline->vfe_dwords != GENX(MEDIA_VFE_STATE_length)) {
      gvk_cmd_set_error(cmd, gvk_fail(VK_ERROR_UNKNOWN, "vkCmdDispatch: the "
                                      "bound pipeline has no compute kernel"));
      return false;
   }
   const uint32_t bytes = dispatch_state_bytes(cmd);
   if (bytes > GVK_BLOCK_SIZE - 64) {
      gvk_cmd_set_error(cmd, gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                                      "vkCmdDispatch: %u bytes of binding table "
                                      "and constants do not fit a state block",
                                      bytes));
      return false;
   }
   cmd->compute.dispatch_state_bytes = bytes;
   return true;
}

/* The tests in front of the calls keep a dispatch that changes nothing
 * from calling out. */
static bool
prepare_dispatch(struct gvk_cmd_buffer *cmd)
{
   if (cmd->compute.pipeline_dirty && !check_pipeline(cmd))
      return false;
   if (cmd->pending_pipe_bits)
      genX(cmd_apply_pipe_bits)(cmd);
   if (!cmd->l3_configured)
      configure_l3(cmd);
   gvk_batch_reserve(&cmd->state, cmd->compute.dispatch_state_bytes);
   if (cmd->compute.base_address_dirty)
      genX(cmd_emit_state_base_address)(cmd);
   if (cmd->pipeline != GVK_CMD_PIPELINE_GPGPU)
      genX(cmd_select_gpgpu)(cmd);
   return cmd->status == VK_SUCCESS;
}

/* Everything up to the constants: MEDIA_VFE_STATE, the binding table and
 * interface descriptor (not loaded yet). */
static bool
flush_compute(struct gvk_cmd_buffer *cmd)
{
   if (!prepare_dispatch(cmd))
      return false;
   if (cmd->compute.pipeline_dirty) {
      emit_vfe(cmd);
      /* The PRM's GPGPU sequence loads the constants and the interface
       * descriptor after MEDIA_VFE_STATE. */
      cmd->compute.idd_loaded = GVK_NO_STATE;
      cmd->compute.curbe_loaded = false;
   }
   if (cmd->compute.pipeline_dirty || cmd->compute.descriptors.dirty ||
       !cmd->compute.binding_table_valid) {
      bind_binding_table(cmd);
      /* The CURBE holds buffer addresses (write_buffer_addresses). */
      cmd->compute.curbe_loaded = false;
   }
   if (cmd->compute.push_dirty)
      cmd->compute.curbe_loaded = false;
   cmd->compute.pipeline_dirty = false;
   cmd->compute.descriptors.dirty = false;
   cmd->compute.push_dirty = false;
   return cmd->status == VK_SUCCESS;
}

/* The CURBE of a dispatch of `groups` workgroups, unless the one loaded
 * last holds the same constants (the hardware keeps it until the next
 * MEDIA_CURBE_LOAD). */
static void
load_constants(struct gvk_cmd_buffer *cmd, const uint32_t groups[3])
{
   if (cmd->compute.curbe_loaded &&
       !memcmp(cmd->compute.curbe_groups, groups, sizeof(cmd->compute.curbe_groups)))
      return;
   const struct curbe c = emit_curbe(cmd, groups);
   load_curbe(cmd, &c);
   cmd->compute.curbe_loaded = true;
   memcpy(cmd->compute.curbe_groups, groups, sizeof(cmd->compute.curbe_groups));
}

static void
emit_walker(struct gvk_cmd_buffer *cmd, const uint32_t base[3], const uint32_t groups[3],
            bool indirect)
{
   const struct gbe_kernel *k = cmd_kernel(cmd);
   gvk_batch_emit(&cmd->batch, GPGPU_WALKER, w) {
      w.indirect_parameter_enable = indirect;
      /* Gen7 runs an indirect walker only when every dimension is non-zero
       * (the predicate set up by predicate_nonzero_groups). */
      w.predicate_enable = indirect && GFX_VER == 7;
      w.simd_size = k->simd / 16;
      w.thread_width_counter_maximum = k->cs.threads - 1;
      w.thread_group_id_starting_x = base[0];
      w.thread_group_id_starting_y = base[1];
#if GFX_VER >= 8
      w.thread_group_id_starting_resume_z = base[2];
#else
      w.thread_group_id_starting_z = base[2];
#endif
      /* The dimensions are where the walk ends, not counts. */
      w.thread_group_id_x_dimension = base[0] + groups[0];
      w.thread_group_id_y_dimension = base[1] + groups[1];
      w.thread_group_id_z_dimension = base[2] + groups[2];
      w.right_execution_mask = k->cs.right_mask;
      w.bottom_execution_mask = 0xffffffff;
   }
   /* PRM Vol 2a, MEDIA_STATE_FLUSH: sent after the walker so that the
    * next interface descriptor and CURBE loads wait for it. */
   gvk_batch_emit(&cmd->batch, MEDIA_STATE_FLUSH, msf);
}

void
genX(cmd_dispatch)(struct gvk_cmd_buffer *cmd, const uint32_t base[3],
                   const uint32_t groups[3])
{
   if (!flush_compute(cmd))
      return;
   load_constants(cmd, groups);
   load_interface_descriptor(cmd);
   emit_walker(cmd, base, groups, false);
}

/* ---- indirect dispatch ---- */

static void
load_reg_mem(struct gvk_cmd_buffer *cmd, uint32_t reg, uint64_t addr)
{
   gvk_batch_emit(&cmd->batch, MI_LOAD_REGISTER_MEM, lrm) {
      lrm.register_address = reg;
      lrm.memory_address = addr;
   }
}

static const uint32_t dispatch_dim_regs[3] = {
   GENX(GPGPU_DISPATCHDIMX_num), GENX(GPGPU_DISPATCHDIMY_num),
   GENX(GPGPU_DISPATCHDIMZ_num),
};

/* NumWorkgroups is the indirect buffer's: the GPU stores the dimension
 * registers it loaded into every copy of it in the CURBE, before
 * MEDIA_CURBE_LOAD reads them.  A group has at most 1024 invocations, so
 * 128 threads (Gen7 copies the cross-thread data per thread). */
static void
store_num_workgroups(struct gvk_cmd_buffer *cmd, const struct curbe *c)
{
   uint32_t offsets[128], count;
   gvk_compute_curbe_num_workgroups(cmd->device, cmd->compute.pipeline, offsets,
                                    ARRAY_SIZE(offsets), &count);
   if (!count)
      return;
   const uint64_t curbe = cmd->state.block->bo->addr + c->offset;
   for (uint32_t t = 0; t < count; t++) {
      for (uint32_t i = 0; i < 3; i++) {
         gvk_batch_emit(&cmd->batch, MI_STORE_REGISTER_MEM, srm) {
            srm.register_address = dispatch_dim_regs[i];
            srm.memory_address = curbe + offsets[t] + i * 4;
         }
      }
   }
   /* The stores complete before the constants are fetched. */
   genX(emit_pipe_control)(cmd, GVK_PIPE_CS_STALL);
}

#if GFX_VER == 7
static void
load_reg_imm(struct gvk_cmd_buffer *cmd, uint32_t reg, uint32_t value)
{
   gvk_batch_emit(&cmd->batch, MI_LOAD_REGISTER_IMM, lri) {
      lri.register_offset = reg;
      lri.data_dword = value;
   }
}

/* MI_PREDICATE (PRM Vol 2a): the compare result is combined with the
 * predicate, then the combination (or its inverse) is loaded. */
enum { COMPARE_FALSE = 1, COMPARE_SRCS_EQUAL = 2 };
enum { COMBINE_SET = 0, COMBINE_OR = 2 };
enum { LOAD_LOAD = 2, LOAD_LOADINV = 3 };

static void
predicate(struct gvk_cmd_buffer *cmd, uint32_t load, uint32_t combine, uint32_t compare)
{
   gvk_batch_emit(&cmd->batch, MI_PREDICATE, mip) {
      mip.load_operation = load;
      mip.combine_operation = combine;
      mip.compare_operation = compare;
   }
}

/* Ivy Bridge and Haswell must not run an indirect walker with a zero
 * dimension (Mesa's hasvk predicates it off): predicate = !(x == 0 ||
 * y == 0 || z == 0). */
static void
predicate_nonzero_groups(struct gvk_cmd_buffer *cmd, uint64_t addr)
{
   const uint32_t src0 = GENX(MI_PREDICATE_SRC0_num), src1 = GENX(MI_PREDICATE_SRC1_num);
   load_reg_imm(cmd, src0 + 4, 0);
   load_reg_imm(cmd, src1, 0);
   load_reg_imm(cmd, src1 + 4, 0);
   for (uint32_t i = 0; i < 3; i++) {
      load_reg_mem(cmd, src0, addr + i * 4);
      predicate(cmd, LOAD_LOAD, i ? COMBINE_OR : COMBINE_SET, COMPARE_SRCS_EQUAL);
   }
   predicate(cmd, LOAD_LOADINV, COMBINE_OR, COMPARE_FALSE);
}
#endif

void
genX(cmd_dispatch_indirect)(struct gvk_cmd_buffer *cmd, uint64_t addr)
{
   static const uint32_t zero[3] = { 0, 0, 0 };
   if (!flush_compute(cmd))
      return;
   const struct curbe c = emit_curbe(cmd, zero);
   for (uint32_t i = 0; i < 3; i++)
      load_reg_mem(cmd, dispatch_dim_regs[i], addr + i * 4);
   store_num_workgroups(cmd, &c);
#if GFX_VER == 7
   predicate_nonzero_groups(cmd, addr);
#endif
   load_curbe(cmd, &c);
   /* Its NumWorkgroups is what the GPU stored. */
   cmd->compute.curbe_loaded = false;
   load_interface_descriptor(cmd);
   emit_walker(cmd, zero, zero, true);
}

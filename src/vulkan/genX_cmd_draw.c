/* Draws for one generation (Gen8+): the 3D pipeline selected, the bound
 * graphics pipeline's packets (genX_gfx_pipeline.c), then what the
 * command buffer's state decides, each when it changed: push-constant
 * allocation and constants, binding tables and samplers of the VS and
 * PS (render targets first in the PS's), viewports, scissors, colour
 * calculator, depth/stencil and blend states, vertex and index buffers,
 * the depth buffer and drawing rectangle; and per draw the draw
 * parameters (HARDWARE-NOTES section 1) and 3DPRIMITIVE.
 *
 * States live in the command buffer's current state block (offsets from
 * Dynamic/Surface State Base Address); a new block re-emits everything
 * that points into it.  Gen7/7.5 have no graphics pipelines: a draw
 * there records an error. */
#include "genX_cmd.h"

#include <math.h>
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

#if GFX_VER >= 8

static const struct gvk_gfx_pipeline *
gfx(const struct gvk_cmd_buffer *cmd)
{
   return cmd->graphics.pipeline->gfx;
}

static const struct gvk_shader *
fs_shader(const struct gvk_cmd_buffer *cmd)
{
   const struct gvk_gfx_pipeline *g = gfx(cmd);
   return g->fs[0] ? g->fs[0] : g->fs[1];
}

static uint64_t
state_address(const struct gvk_cmd_buffer *cmd, uint32_t offset)
{
   return cmd->state.block->bo->addr + offset;
}

/* ---- binding tables and samplers ---- */

static struct isl_state_layout
state_layout(void)
{
   struct isl_state_layout layout;
   isl_state_layout(GFX_VERx10, &layout);
   return layout;
}

static bool
buffer_surface(uint32_t *dw, const struct gvk_descriptor *d, uint64_t dynamic_offset)
{
   switch (d->type) {
   case VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER: case VK_DESCRIPTOR_TYPE_STORAGE_BUFFER:
   case VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC: case VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC:
      break;
   default:
      return false;
   }
   if (!d->buffer.addr || !d->buffer.range)
      return false;
   /* RAW, a byte an entry (gbe.h GBE_SURFACE_BUFFER), in whole dwords */
   const struct isl_buffer_state info = {
      .address = d->buffer.addr + dynamic_offset, .size_B = ALIGN_POT(d->buffer.range, 4),
      .format = ISL_FORMAT_RAW, .stride_B = 1, .swizzle = ISL_SWIZZLE_IDENTITY,
      .mocs = GVK_MOCS,
   };
   return isl_fill_buffer_state(GFX_VERx10, dw, &info);
}

/* A view's prepared state (gvk_image.h) for the binding's use. */
static bool
view_surface(uint32_t *dw, const struct gvk_descriptor *d, const struct gbe_binding *b)
{
   const struct gvk_image_view *view = d->image_view;
   if (!view)
      return false;
   enum gvk_view_state use;
   if (b->kind == GBE_SURFACE_SAMPLED_IMAGE && d->type != VK_DESCRIPTOR_TYPE_STORAGE_IMAGE)
      use = GVK_VIEW_STATE_SAMPLED;
   else if (b->kind == GBE_SURFACE_IMAGE && d->type == VK_DESCRIPTOR_TYPE_STORAGE_IMAGE)
      use = b->format == GBE_FORMAT_VIEW || b->format == (uint32_t)view->view.format ?
            GVK_VIEW_STATE_STORAGE : GVK_VIEW_STATE_STORAGE_RAW;
   else
      return false;
   if (!view->has_state[use])
      return false;
   memcpy(dw, view->states[use], state_layout().size_B);
   return true;
}

static const struct gvk_descriptor *
graphics_descriptor(const struct gvk_cmd_buffer *cmd, const struct gbe_binding *b,
                    uint32_t element, uint64_t *dynamic_offset)
{
   return gvk_cmd_descriptor(&cmd->graphics.descriptors, cmd->graphics.pipeline->layout,
                             b->set, b->binding, element, dynamic_offset);
}

static bool
descriptor_surface(const struct gvk_cmd_buffer *cmd, uint32_t *dw, const struct gbe_kernel *k,
                   uint32_t bti)
{
   uint32_t element;
   const struct gbe_binding *b = gbe_binding_at(k, bti, &element);
   if (!b)
      return false;
   uint64_t dynamic_offset;
   const struct gvk_descriptor *d = graphics_descriptor(cmd, b, element, &dynamic_offset);
   if (!d)
      return false;
   if (b->kind == GBE_SURFACE_BUFFER)
      return buffer_surface(dw, d, dynamic_offset);
   if (b->kind == GBE_SURFACE_SAMPLED_IMAGE || b->kind == GBE_SURFACE_IMAGE)
      return view_surface(dw, d, b);
   return false;
}

/* Render target r: the colour attachment's render-target state, or a
 * null surface of the render area's size (writes dropped). */
static bool
render_target_surface(const struct gvk_cmd_buffer *cmd, uint32_t *dw, uint32_t r)
{
   const struct gvk_rendering *ri = &cmd->rendering;
   const struct gvk_image_view *view = r < ri->formats.color_count ? ri->color[r].view : NULL;
   if (!view || !view->has_state[GVK_VIEW_STATE_RENDER_TARGET])
      return false;
   memcpy(dw, view->states[GVK_VIEW_STATE_RENDER_TARGET], state_layout().size_B);
   return true;
}

static void
null_surface(const struct gvk_cmd_buffer *cmd, uint32_t *dw)
{
   const VkRect2D *a = &cmd->rendering.area;
   isl_fill_null_state(GFX_VERx10, dw, MAX2(a->offset.x + a->extent.width, 1u),
                       MAX2(a->offset.y + a->extent.height, 1u), 1);
}

/* The binding table of a stage's kernel: entries [0, rts) are render
 * targets (the PS), the rest the kernel's descriptors.  Returns its
 * offset, 0 for an empty one. */
/* rts entries are render targets, the attachments of the locations in
 * rt_mask (a kernel that writes no colour still ends with a write to
 * entry 0, gbe_fs_info: a null surface takes it). */
static uint32_t
emit_binding_table(struct gvk_cmd_buffer *cmd, const struct gbe_kernel *k, uint32_t rts,
                   uint32_t rt_mask)
{
   const uint32_t count = MAX2(k->binding_table_size, rts);
   if (!count)
      return 0;
   const struct isl_state_layout layout = state_layout();
   uint32_t *table = gvk_batch_alloc(&cmd->state, count, 64);
   for (uint32_t bti = 0; bti < count; bti++) {
      uint32_t *dw = gvk_batch_alloc(&cmd->state, layout.size_B / 4, layout.align_B);
      const bool ok = bti < rts ? (rt_mask >> bti & 1) && render_target_surface(cmd, dw, bti)
                                : descriptor_surface(cmd, dw, k, bti);
      if (!ok)
         null_surface(cmd, dw);
      table[bti] = gvk_batch_offset(&cmd->state, dw);
   }
   return gvk_batch_offset(&cmd->state, table);
}

static uint32_t
stage_state_bytes(const struct gvk_shader *sh, uint32_t rts)
{
   if (!sh)
      return 0;
   const struct isl_state_layout layout = state_layout();
   const uint32_t entries = MAX2(sh->kernel.binding_table_size, rts);
   return entries * (4 + layout.size_B + layout.align_B) + 64 +
          sh->kernel.sampler_table_size * genX(sampler_entry_bytes)() +
          32 + GVK_MAX_PUSH_CONSTANTS + 64;
}

static void
emit_stage_pointers(struct gvk_cmd_buffer *cmd, const struct gvk_gfx_tables *t)
{
   gvk_batch_emit(&cmd->batch, 3DSTATE_BINDING_TABLE_POINTERS_VS, p)
      p.pointer_to_vs_binding_table = t->binding_table[GVK_GFX_VS];
   gvk_batch_emit(&cmd->batch, 3DSTATE_SAMPLER_STATE_POINTERS_VS, p)
      p.pointer_to_vs_sampler_state = t->sampler_table[GVK_GFX_VS];
   if (gfx(cmd)->gs) {
      gvk_batch_emit(&cmd->batch, 3DSTATE_BINDING_TABLE_POINTERS_GS, p)
         p.pointer_to_gs_binding_table = t->binding_table[GVK_GFX_GS];
      gvk_batch_emit(&cmd->batch, 3DSTATE_SAMPLER_STATE_POINTERS_GS, p)
         p.pointer_to_gs_sampler_state = t->sampler_table[GVK_GFX_GS];
   }
   if (!fs_shader(cmd))
      return;
   gvk_batch_emit(&cmd->batch, 3DSTATE_BINDING_TABLE_POINTERS_PS, p)
      p.pointer_to_ps_binding_table = t->binding_table[GVK_GFX_FS];
   gvk_batch_emit(&cmd->batch, 3DSTATE_SAMPLER_STATE_POINTERS_PS, p)
      p.pointer_to_ps_sampler_state = t->sampler_table[GVK_GFX_FS];
}

static void
build_stage_tables(struct gvk_cmd_buffer *cmd, struct gvk_gfx_tables *t)
{
   const struct gvk_shader *vs = gfx(cmd)->vs, *fs = fs_shader(cmd);
   t->binding_table[GVK_GFX_VS] = emit_binding_table(cmd, &vs->kernel, 0, 0);
   t->sampler_table[GVK_GFX_VS] =
      genX(cmd_emit_sampler_table)(cmd, &vs->kernel, graphics_descriptor);
   const struct gvk_shader *gs = gfx(cmd)->gs;
   if (gs) {
      t->binding_table[GVK_GFX_GS] = emit_binding_table(cmd, &gs->kernel, 0, 0);
      t->sampler_table[GVK_GFX_GS] =
         genX(cmd_emit_sampler_table)(cmd, &gs->kernel, graphics_descriptor);
   }
   if (!fs)
      return;
   t->binding_table[GVK_GFX_FS] = emit_binding_table(cmd, &fs->kernel,
                                                     fs->kernel.fs.num_render_targets,
                                                     fs->kernel.fs.render_target_mask);
   gvk_cmd_defer_render_targets(cmd, t->binding_table[GVK_GFX_FS],
                                fs->kernel.fs.num_render_targets,
                                fs->kernel.fs.render_target_mask);
   t->sampler_table[GVK_GFX_FS] =
      genX(cmd_emit_sampler_table)(cmd, &fs->kernel, graphics_descriptor);
}

/* The tables built earlier in this state block for the same pipeline,
 * sets and render targets (gvk_cmd_gfx_tables_find), or fresh ones:
 * building them is most of a descriptor change's cost. */
static void
emit_stage_tables(struct gvk_cmd_buffer *cmd)
{
   const struct gvk_gfx_tables *hit = gvk_cmd_gfx_tables_find(cmd);
   if (hit) {
      emit_stage_pointers(cmd, hit);
      return;
   }
   struct gvk_gfx_tables fresh = { 0 };
   build_stage_tables(cmd, &fresh);
   emit_stage_pointers(cmd, &fresh);
   struct gvk_gfx_tables *slot = gvk_cmd_gfx_tables_slot(cmd);
   if (!slot)
      return;
   memcpy(slot->binding_table, fresh.binding_table, sizeof(fresh.binding_table));
   memcpy(slot->sampler_table, fresh.sampler_table, sizeof(fresh.sampler_table));
}

/* ---- push constants ---- */

/* PRM Vol 2a 3DSTATE_PUSH_CONSTANT_ALLOC_xS: after it, each stage's
 * 3DSTATE_CONSTANT_xS must be sent again before the next 3DPRIMITIVE
 * (HARDWARE-NOTES section 3): a change marks the constants dirty. */
static bool
same_push_allocation(const struct gvk_cmd_buffer *cmd, const struct gvk_gfx_pipeline *g)
{
   return cmd->graphics.push_kb_vs == g->push_kb_vs && cmd->graphics.push_kb_hs == g->push_kb_hs &&
          cmd->graphics.push_kb_ds == g->push_kb_ds && cmd->graphics.push_kb_gs == g->push_kb_gs &&
          cmd->graphics.push_kb_ps == g->push_kb_ps;
}

/* Every stage's range is sent, those of the stages the pipeline does not
 * run (size 0) too, so that no range of an earlier pipeline overlaps. */
static void
emit_push_allocation(struct gvk_cmd_buffer *cmd)
{
   const struct gvk_gfx_pipeline *g = gfx(cmd);
   if (same_push_allocation(cmd, g))
      return;
   uint32_t at = 0;
#define PUSH_ALLOC(XS, xs)                                                 \
   gvk_batch_emit(&cmd->batch, 3DSTATE_PUSH_CONSTANT_ALLOC_##XS, a) {   \
      a.constant_buffer_offset = g->push_kb_##xs ? at : 0;               \
      a.constant_buffer_size = g->push_kb_##xs;                          \
   }                                                                     \
   at += g->push_kb_##xs;                                                \
   cmd->graphics.push_kb_##xs = g->push_kb_##xs
   PUSH_ALLOC(VS, vs);
   PUSH_ALLOC(HS, hs);
   PUSH_ALLOC(DS, ds);
   PUSH_ALLOC(GS, gs);
   PUSH_ALLOC(PS, ps);
#undef PUSH_ALLOC
   cmd->graphics.dirty |= GVK_GFX_DIRTY_PUSH;
}

/* Buffer 0 of 3DSTATE_CONSTANT_xS: an offset from Dynamic State Base
 * Address on Gen8/9 (INSTPM's offset-disable bit is left clear), an
 * address from Gen11. */
static uint64_t
constant_pointer(const struct gvk_cmd_buffer *cmd, uint32_t offset)
{
   return GFX_VER <= 9 ? offset : state_address(cmd, offset);
}

#if GFX_VER >= 9
#define CONSTANT_MOCS(c) ((c).mocs = GVK_MOCS)
#else
#define CONSTANT_MOCS(c) ((void)(c))
#endif

static uint32_t
upload_push(struct gvk_cmd_buffer *cmd, uint32_t regs)
{
   if (!regs)
      return 0;
   uint8_t *dst = (uint8_t *)gvk_batch_alloc(&cmd->state, regs * 8, 64);
   const uint32_t bytes = MIN2(regs * 32, (uint32_t)GVK_MAX_PUSH_CONSTANTS);
   memcpy(dst, cmd->graphics.push_constants, bytes);
   memset(dst + bytes, 0, regs * 32 - bytes);
   return gvk_batch_offset(&cmd->state, dst);
}

/* The constants of every stage with push-constant space: after an
 * allocation change each of them must be sent again (HARDWARE-NOTES
 * section 3); VS and PS always are. */
static void
emit_push_constants(struct gvk_cmd_buffer *cmd)
{
   const struct gvk_gfx_pipeline *g = gfx(cmd);
   const struct gvk_shader *fs = fs_shader(cmd);
   const uint32_t ps_regs = fs ? fs->kernel.fs.push_regs : 0;
#define CONSTANT(XS, regs)                                                 \
   do {                                                                    \
      const uint32_t n = (regs), at = upload_push(cmd, n);                 \
      gvk_batch_emit(&cmd->batch, 3DSTATE_CONSTANT_##XS, c) {              \
         CONSTANT_MOCS(c);                                                 \
         c.constant_body.read_length[0] = n;                               \
         c.constant_body.buffer[0] = n ? constant_pointer(cmd, at) : 0;    \
      }                                                                    \
   } while (0)
   CONSTANT(VS, g->push_regs[GVK_GFX_VS]);
   if (g->push_kb_hs)
      CONSTANT(HS, g->push_regs[GVK_GFX_TCS]);
   if (g->push_kb_ds)
      CONSTANT(DS, g->push_regs[GVK_GFX_TES]);
   if (g->push_kb_gs)
      CONSTANT(GS, g->push_regs[GVK_GFX_GS]);
   CONSTANT(PS, ps_regs);
#undef CONSTANT
}

/* ---- viewports, scissors, colour calculator, depth/stencil, blend ---- */

/* The guard band: the screen-space square clipping may leave triangles
 * in (the rasterizer's 16K range), in the viewport's NDC units. */
#define GUARDBAND_PX 8192.0f

static void
guardband(float center, float half, float *lo, float *hi)
{
   half = fabsf(half);
   if (half == 0.0f) {
      *lo = -1.0f;
      *hi = 1.0f;
      return;
   }
   *lo = (-GUARDBAND_PX - center) / half;
   *hi = (GUARDBAND_PX - center) / half;
}

static void
emit_viewports(struct gvk_cmd_buffer *cmd)
{
   const struct gvk_gfx_dynamic *d = &cmd->graphics.dynamic;
   const uint32_t n = MAX2(d->viewport_count, 1u);
   const uint32_t sf_dw = GENX(SF_CLIP_VIEWPORT_length), cc_dw = GENX(CC_VIEWPORT_length);
   uint32_t *sf = gvk_batch_alloc(&cmd->state, n * sf_dw, 64);
   uint32_t *cc = gvk_batch_alloc(&cmd->state, n * cc_dw, 32);
   for (uint32_t i = 0; i < n; i++) {
      const VkViewport *v = &d->viewports[i];
      const float hw = v->width / 2, hh = v->height / 2;
      struct GENX(SF_CLIP_VIEWPORT) s = {
         .viewport_matrix_element_m00 = hw, .viewport_matrix_element_m11 = hh,
         .viewport_matrix_element_m22 = v->maxDepth - v->minDepth,
         .viewport_matrix_element_m30 = v->x + hw, .viewport_matrix_element_m31 = v->y + hh,
         .viewport_matrix_element_m32 = v->minDepth,
         .x_min_viewport = v->x, .x_max_viewport = v->x + v->width - 1,
         .y_min_viewport = MIN2(v->y, v->y + v->height),
         .y_max_viewport = MAX2(v->y, v->y + v->height) - 1,
      };
      guardband(v->x + hw, hw, &s.x_min_clip_guardband, &s.x_max_clip_guardband);
      guardband(v->y + hh, hh, &s.y_min_clip_guardband, &s.y_max_clip_guardband);
      GENX(SF_CLIP_VIEWPORT_pack)(&cmd->state, &sf[i * sf_dw], &s);
      /* The pixel stage clamps depth to this range (Vulkan "Depth Clamping
       * and Range": the viewport's range with depth clamp, [0, 1]
       * otherwise). */
      const bool clamp = gfx(cmd)->depth_clamp;
      const struct GENX(CC_VIEWPORT) c = {
         .minimum_depth = clamp ? MIN2(v->minDepth, v->maxDepth) : 0.0f,
         .maximum_depth = clamp ? MAX2(v->minDepth, v->maxDepth) : 1.0f,
      };
      GENX(CC_VIEWPORT_pack)(&cmd->state, &cc[i * cc_dw], &c);
   }
   gvk_batch_emit(&cmd->batch, 3DSTATE_VIEWPORT_STATE_POINTERS_SF_CLIP, p)
      p.sf_clip_viewport_pointer = gvk_batch_offset(&cmd->state, sf);
   gvk_batch_emit(&cmd->batch, 3DSTATE_VIEWPORT_STATE_POINTERS_CC, p)
      p.cc_viewport_pointer = gvk_batch_offset(&cmd->state, cc);
}

/* Inclusive bounds; an empty rectangle has min > max (nothing passes). */
static void
emit_scissors(struct gvk_cmd_buffer *cmd)
{
   const struct gvk_gfx_dynamic *d = &cmd->graphics.dynamic;
   const uint32_t n = MAX2(d->scissor_count, 1u), dwords = GENX(SCISSOR_RECT_length);
   uint32_t *dw = gvk_batch_alloc(&cmd->state, n * dwords, 32);
   for (uint32_t i = 0; i < n; i++) {
      const VkRect2D *r = &d->scissors[i];
      const int64_t x0 = MAX2(r->offset.x, 0), y0 = MAX2(r->offset.y, 0);
      const int64_t x1 = MIN2((int64_t)r->offset.x + r->extent.width, 16384);
      const int64_t y1 = MIN2((int64_t)r->offset.y + r->extent.height, 16384);
      struct GENX(SCISSOR_RECT) s = { .scissor_rectangle_x_min = 1, .scissor_rectangle_y_min = 1 };
      if (x1 > x0 && y1 > y0) {
         s = (struct GENX(SCISSOR_RECT)){
            .scissor_rectangle_x_min = (uint32_t)x0, .scissor_rectangle_y_min = (uint32_t)y0,
            .scissor_rectangle_x_max = (uint32_t)(x1 - 1),
            .scissor_rectangle_y_max = (uint32_t)(y1 - 1),
         };
      }
      GENX(SCISSOR_RECT_pack)(&cmd->state, &dw[i * dwords], &s);
   }
   gvk_batch_emit(&cmd->batch, 3DSTATE_SCISSOR_STATE_POINTERS, p)
      p.scissor_rect_pointer = gvk_batch_offset(&cmd->state, dw);
}

/* 3D_Compare_Function and 3D_Stencil_Operation of the Vulkan enums */
static const uint8_t compare_ops[] = {
   [VK_COMPARE_OP_NEVER] = 1, [VK_COMPARE_OP_LESS] = 2, [VK_COMPARE_OP_EQUAL] = 3,
   [VK_COMPARE_OP_LESS_OR_EQUAL] = 4, [VK_COMPARE_OP_GREATER] = 5,
   [VK_COMPARE_OP_NOT_EQUAL] = 6, [VK_COMPARE_OP_GREATER_OR_EQUAL] = 7,
   [VK_COMPARE_OP_ALWAYS] = 0,
};

static const uint8_t stencil_ops[] = {
   [VK_STENCIL_OP_KEEP] = 0, [VK_STENCIL_OP_ZERO] = 1, [VK_STENCIL_OP_REPLACE] = 2,
   [VK_STENCIL_OP_INCREMENT_AND_CLAMP] = 3, [VK_STENCIL_OP_DECREMENT_AND_CLAMP] = 4,
   [VK_STENCIL_OP_INVERT] = 7, [VK_STENCIL_OP_INCREMENT_AND_WRAP] = 5,
   [VK_STENCIL_OP_DECREMENT_AND_WRAP] = 6,
};

/* 3DSTATE_WM_DEPTH_STENCIL from the pipeline's attachments and the
 * depth/stencil state (static or dynamic): the tests run only against an
 * attachment the pipeline is made for, and depth writes only with the
 * depth test on (Vulkan "Depth Test": writes happen when the test is
 * enabled). */
static void
emit_depth_stencil(struct gvk_cmd_buffer *cmd)
{
   const struct gvk_gfx_pipeline *g = gfx(cmd);
   const struct gvk_gfx_dynamic *d = &cmd->graphics.dynamic;
   const bool depth_test = g->has_depth && d->depth_test;
   const bool stencil_test = g->has_stencil && d->stencil_test;
   const struct gvk_stencil_ops *f = &d->stencil_ops[0], *b = &d->stencil_ops[1];
   gvk_batch_emit(&cmd->batch, 3DSTATE_WM_DEPTH_STENCIL, ds) {
      ds.depth_test_enable = depth_test;
      ds.depth_buffer_write_enable = depth_test && d->depth_write;
      ds.depth_test_function = compare_ops[d->depth_compare & 7];
      ds.stencil_test_enable = stencil_test;
      ds.double_sided_stencil_enable = true;
      ds.stencil_buffer_write_enable = stencil_test &&
                                       (d->stencil_write[0] || d->stencil_write[1]);
      ds.stencil_test_function = compare_ops[f->compare & 7];
      ds.stencil_fail_op = stencil_ops[f->fail & 7];
      ds.stencil_pass_depth_pass_op = stencil_ops[f->pass & 7];
      ds.stencil_pass_depth_fail_op = stencil_ops[f->depth_fail & 7];
      ds.backface_stencil_test_function = compare_ops[b->compare & 7];
      ds.backface_stencil_fail_op = stencil_ops[b->fail & 7];
      ds.backface_stencil_pass_depth_pass_op = stencil_ops[b->pass & 7];
      ds.backface_stencil_pass_depth_fail_op = stencil_ops[b->depth_fail & 7];
      ds.stencil_test_mask = d->stencil_compare[0] & 0xff;
      ds.stencil_write_mask = d->stencil_write[0] & 0xff;
      ds.backface_stencil_test_mask = d->stencil_compare[1] & 0xff;
      ds.backface_stencil_write_mask = d->stencil_write[1] & 0xff;
#if GFX_VER >= 9
      ds.stencil_reference_value = d->stencil_reference[0] & 0xff;
      ds.backface_stencil_reference_value = d->stencil_reference[1] & 0xff;
#endif
   }
}

/* COLOR_CALC_STATE (blend constants; Gen8's stencil references) and
 * 3DSTATE_WM_DEPTH_STENCIL (Gen9+: with the references). */
static void
emit_cc(struct gvk_cmd_buffer *cmd)
{
   const struct gvk_gfx_dynamic *d = &cmd->graphics.dynamic;
   const struct GENX(COLOR_CALC_STATE) cc = {
      .blend_constant_color_red = d->blend_constants[0],
      .blend_constant_color_green = d->blend_constants[1],
      .blend_constant_color_blue = d->blend_constants[2],
      .blend_constant_color_alpha = d->blend_constants[3],
#if GFX_VER == 8
      .stencil_reference_value = d->stencil_reference[0] & 0xff,
      .backface_stencil_reference_value = d->stencil_reference[1] & 0xff,
#endif
   };
   uint32_t *dw = gvk_batch_alloc(&cmd->state, GENX(COLOR_CALC_STATE_length), 64);
   GENX(COLOR_CALC_STATE_pack)(&cmd->state, dw, &cc);
   gvk_batch_emit(&cmd->batch, 3DSTATE_CC_STATE_POINTERS, p) {
      p.color_calc_state_pointer = gvk_batch_offset(&cmd->state, dw);
      p.color_calc_state_pointer_valid = true;
   }
   emit_depth_stencil(cmd);
}

/* OR-merges a packet packed from the dynamic state into the pipeline's
 * template of it (whose dynamic fields are zero). */
static void
merge_template(uint32_t *dw, const uint32_t *template, uint32_t dwords)
{
   for (uint32_t i = 0; i < dwords; i++)
      dw[i] |= template[i];
}

/* Line width: 3DSTATE_SF's field of the generation (Cherryview has a
 * wider one of its own), clamped to what it holds (lineWidthRange). */
static void
emit_sf(struct gvk_cmd_buffer *cmd)
{
   const float width = MIN2(MAX2(cmd->graphics.dynamic.line_width, 0.0f), GVK_MAX_LINE_WIDTH);
   struct GENX(3DSTATE_SF) sf = { 0 };
#if GFX_VER == 8
   if (cmd->device->pdev->info.platform == PLATFORM_CHV)
      sf.chv_line_width = width;
   else
      sf.line_width = MIN2(width, 7.9921875f);   /* u3.7: 8.0 is a step beyond */
#else
   sf.line_width = width;
#endif
   uint32_t *dw = gvk_batch_alloc(&cmd->batch, GENX(3DSTATE_SF_length), 4);
   GENX(3DSTATE_SF_pack)(&cmd->batch, dw, &sf);
   merge_template(dw, gfx(cmd)->sf, GENX(3DSTATE_SF_length));
}

/* 3DSTATE_CLIP: the pipeline's with the clip mode of rasterizer discard
 * (REJECT_ALL: no primitive reaches the rasterizer; stream output, before
 * the clipper, still sees them). */
static void
emit_clip(struct gvk_cmd_buffer *cmd)
{
   const struct GENX(3DSTATE_CLIP) mode = {
      .clip_mode = cmd->graphics.dynamic.rasterizer_discard ? 3 : 0, /* REJECT_ALL : NORMAL */
   };
   uint32_t *dw = gvk_batch_alloc(&cmd->batch, GENX(3DSTATE_CLIP_length), 4);
   GENX(3DSTATE_CLIP_pack)(&cmd->batch, dw, &mode);
   merge_template(dw, gfx(cmd)->clip, GENX(3DSTATE_CLIP_length));
}

/* The pipeline's 3DSTATE_RASTER with what may be dynamic: cull mode,
 * front winding, the depth offsets and their enables (the template's
 * fields are zero); then 3DSTATE_SF and 3DSTATE_CLIP. */
static void
emit_raster(struct gvk_cmd_buffer *cmd)
{
   /* 3D_CullModeSelect: CULLMODE_BOTH, NONE, FRONT, BACK */
   static const uint8_t cull[] = {
      [VK_CULL_MODE_NONE] = 1, [VK_CULL_MODE_FRONT_BIT] = 2, [VK_CULL_MODE_BACK_BIT] = 3,
      [VK_CULL_MODE_FRONT_AND_BACK] = 0,
   };
   const struct gvk_gfx_dynamic *d = &cmd->graphics.dynamic;
   const struct GENX(3DSTATE_RASTER) r = {
      .cull_mode = cull[d->cull_mode & 3],
      .front_winding = d->front_face == VK_FRONT_FACE_COUNTER_CLOCKWISE,
      .global_depth_offset_enable_solid = d->depth_bias_enable,
      .global_depth_offset_enable_wireframe = d->depth_bias_enable,
      .global_depth_offset_enable_point = d->depth_bias_enable,
      .global_depth_offset_constant = d->depth_bias_constant,
      .global_depth_offset_scale = d->depth_bias_slope,
      .global_depth_offset_clamp = d->depth_bias_clamp,
   };
   uint32_t *dw = gvk_batch_alloc(&cmd->batch, GENX(3DSTATE_RASTER_length), 4);
   GENX(3DSTATE_RASTER_pack)(&cmd->batch, dw, &r);
   merge_template(dw, gfx(cmd)->raster, GENX(3DSTATE_RASTER_length));
   emit_sf(cmd);
   emit_clip(cmd);
}

/* 3DSTATE_VF_TOPOLOGY of the topology (static or dynamic; the spec keeps
 * a dynamic one in the pipeline's topology class, or lets it be any with
 * dynamicPrimitiveTopologyUnrestricted, which genvk does not report); its
 * 3DPRIM_* goes to 3DPRIMITIVE too. */
static void
emit_topology(struct gvk_cmd_buffer *cmd)
{
   uint32_t prim;
   if (!gvk_prim_topology(cmd->graphics.dynamic.topology, gfx(cmd)->patch_points, &prim)) {
      gvk_cmd_set_error(cmd, gvk_fail(VK_ERROR_UNKNOWN, "vkCmdDraw: primitive topology %d "
                                      "is not supported", cmd->graphics.dynamic.topology));
      return;
   }
   cmd->graphics.prim = prim;
   gvk_batch_emit(&cmd->batch, 3DSTATE_VF_TOPOLOGY, t)
      t.primitive_topology_type = prim;
}

/* Replaces the Logic Op Function of every BLEND_STATE_ENTRY after the
 * BLEND_STATE dword with the dynamic logic op's (the pipeline's Logic Op
 * Enable stays as it is). */
static void
patch_logic_op(uint32_t *blend, uint32_t dwords, VkLogicOp op)
{
   const struct GENX(BLEND_STATE_ENTRY) all = { .logic_op_function = 0xf };
   const struct GENX(BLEND_STATE_ENTRY) set = { .logic_op_function = gvk_logic_op(op) };
   uint32_t mask[GENX(BLEND_STATE_ENTRY_length)], value[GENX(BLEND_STATE_ENTRY_length)];
   GENX(BLEND_STATE_ENTRY_pack)(NULL, mask, &all);
   GENX(BLEND_STATE_ENTRY_pack)(NULL, value, &set);
   for (uint32_t i = GENX(BLEND_STATE_length); i < dwords; i++) {
      const uint32_t k = (i - GENX(BLEND_STATE_length)) % GENX(BLEND_STATE_ENTRY_length);
      blend[i] = (blend[i] & ~mask[k]) | value[k];
   }
}

static void
emit_blend(struct gvk_cmd_buffer *cmd)
{
   const struct gvk_gfx_pipeline *g = gfx(cmd);
   uint32_t *dw = gvk_batch_alloc(&cmd->state, g->blend_dwords, 64);
   memcpy(dw, g->blend, g->blend_dwords * 4);
   if (g->dynamic & GVK_DYNAMIC_LOGIC_OP)
      patch_logic_op(dw, g->blend_dwords, cmd->graphics.dynamic.logic_op);
   gvk_batch_emit(&cmd->batch, 3DSTATE_BLEND_STATE_POINTERS, p) {
      p.blend_state_pointer = gvk_batch_offset(&cmd->state, dw);
      p.blend_state_pointer_valid = true;
   }
}

/* ---- vertex and index buffers ---- */

static void
pack_vb(struct gvk_cmd_buffer *cmd, uint32_t *dw, uint32_t index, uint64_t addr,
        uint64_t size, uint32_t pitch)
{
   const struct GENX(VERTEX_BUFFER_STATE) vb = {
      .vertex_buffer_index = index, .address_modify_enable = true, .mocs = GVK_MOCS,
      .buffer_pitch = pitch, .null_vertex_buffer = addr == 0,
      .buffer_starting_address = addr, .buffer_size = (uint32_t)MIN2(size, UINT32_MAX),
   };
   GENX(VERTEX_BUFFER_STATE_pack)(&cmd->batch, dw, &vb);
}

static uint32_t *
vertex_buffers_header(struct gvk_cmd_buffer *cmd, uint32_t n)
{
   const uint32_t vb_dw = GENX(VERTEX_BUFFER_STATE_length);
   uint32_t *dw = gvk_batch_alloc(&cmd->batch, 1 + n * vb_dw, 4);
   struct GENX(3DSTATE_VERTEX_BUFFERS) h = { GENX(3DSTATE_VERTEX_BUFFERS_header) };
   h.dword_length = n * vb_dw - 1;
   GENX(3DSTATE_VERTEX_BUFFERS_pack)(&cmd->batch, dw, &h);
   return dw + 1;
}

/* flatten: the packers inlined (see emit_primitive); every draw after a
 * vertex-buffer change is here. */
__attribute__((flatten)) static void
emit_vertex_buffers(struct gvk_cmd_buffer *cmd)
{
   const struct gvk_gfx_pipeline *g = gfx(cmd);
   /* The bindings by their set bits (__builtin_popcount is a libgcc
    * call without -mpopcnt). */
   const uint32_t used = g->vb_used;
   uint32_t n = 0;
   for (uint32_t m = used; m; m &= m - 1)
      n++;
   if (!n)
      return;
   const bool dynamic_stride = g->dynamic & GVK_DYNAMIC_VERTEX_STRIDE;
   uint32_t *dw = vertex_buffers_header(cmd, n);
   for (uint32_t m = used; m; m &= m - 1, dw += GENX(VERTEX_BUFFER_STATE_length)) {
      const uint32_t b = (uint32_t)__builtin_ctz(m);
      const __typeof__(cmd->graphics.vb[0]) *vb = &cmd->graphics.vb[b];
      const uint32_t stride = dynamic_stride && vb->has_stride ? vb->stride : g->vb_stride[b];
      pack_vb(cmd, dw, b, vb->addr, vb->size, stride);
   }
}

static uint32_t
cut_index(VkIndexType type)
{
   switch (type) {
   case VK_INDEX_TYPE_UINT8_EXT: return 0xff;
   case VK_INDEX_TYPE_UINT16: return 0xffff;
   default: return 0xffffffff;
   }
}

/* 3DSTATE_INDEX_BUFFER Index Format: INDEX_BYTE, WORD, DWORD. */
static uint32_t
index_format(VkIndexType type)
{
   switch (type) {
   case VK_INDEX_TYPE_UINT8_EXT: return 0;
   case VK_INDEX_TYPE_UINT16: return 1;
   default: return 2;
   }
}

static void
emit_index_buffer(struct gvk_cmd_buffer *cmd)
{
   gvk_batch_emit(&cmd->batch, 3DSTATE_INDEX_BUFFER, ib) {
      ib.index_format = index_format(cmd->graphics.ib_type);
      ib.mocs = GVK_MOCS;
      ib.buffer_starting_address = cmd->graphics.ib_addr;
      ib.buffer_size = (uint32_t)MIN2(cmd->graphics.ib_size, UINT32_MAX);
   }
   /* Primitive restart (spec "Programmable Primitive Shading"): the
    * all-ones index of the index type. */
   gvk_batch_emit(&cmd->batch, 3DSTATE_VF, vf) {
      vf.indexed_draw_cut_index_enable = cmd->graphics.dynamic.primitive_restart;
      vf.cut_index = cut_index(cmd->graphics.ib_type);
   }
}

/* ---- depth buffer and drawing rectangle ---- */

/* The image of an attachment view with that aspect's surface, or NULL. */
static const struct gvk_image *
ds_image(const struct gvk_image_view *view, bool stencil)
{
   if (!view)
      return NULL;
   const struct gvk_image *image = view->image;
   const struct isl_vk_format *f = isl_vk_format(image->vk_format);
   if (!f || (stencil ? !f->stencil : f->depth_format == ISL_DEPTH_NONE))
      return NULL;
   return image;
}

/* The extent fields of 3DSTATE_DEPTH_BUFFER: base level size, the view's
 * level and layers. */
static void
depth_extent(struct GENX(3DSTATE_DEPTH_BUFFER) *db, const struct isl_surf *surf,
             const struct gvk_image_view *view)
{
   db->width = surf->width - 1;
   db->height = surf->height - 1;
   db->depth = surf->array_len - 1;
   db->lod = view->range.baseMipLevel;
   db->minimum_array_element = view->range.baseArrayLayer;
   db->render_target_view_extent = view->range.layerCount - 1;
}

/* 3DSTATE_DEPTH_BUFFER of the depth attachment (a null surface without
 * one: the depth test passes, nothing is written), Y-tiled as isl lays
 * it out: base level size and pitch, the view's level and layers, QPitch
 * in rows of four.  Writes are gated by 3DSTATE_WM_DEPTH_STENCIL.
 * Before Gen12 the stencil buffer has no size of its own and takes the
 * depth buffer's (3DSTATE_STENCIL_BUFFER has only address and pitch), so a
 * stencil-only attachment still needs a 2D depth buffer of its extent,
 * with no address and depth writes off. */
static void
emit_depth(struct gvk_cmd_buffer *cmd)
{
   const struct gvk_image_view *view = cmd->rendering.depth.view;
   const struct gvk_image *image = ds_image(view, false);
   const struct gvk_image_view *sview = cmd->rendering.stencil.view;
   const struct gvk_image *simage = GFX_VER < 12 ? ds_image(sview, true) : NULL;
   gvk_batch_emit(&cmd->batch, 3DSTATE_DEPTH_BUFFER, db) {
      db.surface_type = ISL_SURFTYPE_NULL;
      db.surface_format = ISL_DEPTH_D32_FLOAT;
      db.mocs = GVK_MOCS;
#if GFX_VER < 12
      db.stencil_write_enable = simage != NULL;
#endif
      if (!image && simage) {
         db.surface_type = ISL_SURFTYPE_2D;
         depth_extent(&db, &simage->stencil_surf, sview);
      }
      if (!image)
         continue;
      const struct isl_surf *surf = &image->surf;
      db.surface_type = ISL_SURFTYPE_2D;
      db.surface_format = isl_vk_format(image->vk_format)->depth_format;
      db.surface_base_address = gvk_address_gpu(image->address);
      db.surface_pitch = surf->row_pitch_B - 1;
      depth_extent(&db, surf, view);
      db.surface_qpitch = surf->array_pitch_rows >> 2;
      db.depth_write_enable = true;
   }
}

/* 3DSTATE_STENCIL_BUFFER of the stencil attachment: the image's separate
 * stencil surface (W-tiled before Gen12). */
static void
emit_stencil(struct gvk_cmd_buffer *cmd)
{
   const struct gvk_image_view *view = cmd->rendering.stencil.view;
   const struct gvk_image *image = ds_image(view, true);
   gvk_batch_emit(&cmd->batch, 3DSTATE_STENCIL_BUFFER, sb) {
      sb.mocs = GVK_MOCS;
#if GFX_VER >= 12
      sb.surface_type = ISL_SURFTYPE_NULL;
#endif
      if (!image)
         continue;
      const struct isl_surf *surf = &image->stencil_surf;
      sb.surface_base_address = gvk_address_gpu(image->address) + image->stencil_offset;
      sb.surface_pitch = surf->row_pitch_B - 1;
      sb.surface_qpitch = surf->array_pitch_rows >> 2;
#if GFX_VER >= 12
      sb.surface_type = ISL_SURFTYPE_2D;
      sb.stencil_write_enable = true;
      sb.width = surf->width - 1;
      sb.height = surf->height - 1;
      sb.depth = surf->array_len - 1;
      sb.surf_lod = view->range.baseMipLevel;
      sb.minimum_array_element = view->range.baseArrayLayer;
      sb.render_target_view_extent = view->range.layerCount - 1;
#else
      sb.stencil_buffer_enable = true;
#endif
   }
}

static void
emit_depth_buffer(struct gvk_cmd_buffer *cmd)
{
   /* Depth state changes once the depth cache holds nothing of the old
    * buffer. */
   genX(emit_pipe_control)(cmd, GVK_PIPE_DEPTH_FLUSH | GVK_PIPE_CS_STALL);
   emit_depth(cmd);
   gvk_batch_emit(&cmd->batch, 3DSTATE_HIER_DEPTH_BUFFER, hz) hz.mocs = GVK_MOCS;
   emit_stencil(cmd);
   gvk_batch_emit(&cmd->batch, 3DSTATE_CLEAR_PARAMS, cp);
}

static void
emit_drawing_rectangle(struct gvk_cmd_buffer *cmd)
{
   const VkRect2D *a = &cmd->rendering.area;
   const int64_t x1 = (int64_t)a->offset.x + a->extent.width - 1;
   const int64_t y1 = (int64_t)a->offset.y + a->extent.height - 1;
   gvk_batch_emit(&cmd->batch, 3DSTATE_DRAWING_RECTANGLE, r) {
      r.clipped_drawing_rectangle_x_min = (uint32_t)MAX2(a->offset.x, 0);
      r.clipped_drawing_rectangle_y_min = (uint32_t)MAX2(a->offset.y, 0);
      r.clipped_drawing_rectangle_x_max = (uint32_t)MIN2(MAX2(x1, 0), 16383);
      r.clipped_drawing_rectangle_y_max = (uint32_t)MIN2(MAX2(y1, 0), 16383);
   }
}

/* ---- secondaries that do not know their attachments ---- */

void
genX(cmd_emit_rendering)(struct gvk_cmd_buffer *cmd)
{
   if (cmd->pipeline != GVK_CMD_PIPELINE_3D)
      genX(cmd_select_3d)(cmd);
   emit_depth_buffer(cmd);
   emit_drawing_rectangle(cmd);
}

/* The table's entries hold surface state offsets from Surface State Base
 * Address, the block's start. */
void
genX(cmd_fill_render_targets)(const struct gvk_cmd_buffer *cmd, uint32_t *map,
                              const struct gvk_rt_table_fixup *f)
{
   const uint32_t *table = map + f->table / 4;
   for (uint32_t bti = 0; bti < f->rts; bti++) {
      uint32_t *dw = map + table[bti] / 4;
      if (!((f->rt_mask >> bti & 1) && render_target_surface(cmd, dw, bti)))
         null_surface(cmd, dw);
   }
}

/* ---- VF cache ---- */

/* The vertex fetcher caches what it reads by address: draw parameters
 * written into a recycled state block and vertex data the host rewrote
 * between submissions sit at addresses it may have cached.  Its cache is
 * invalidated whenever draws start on a state block (so at least once per
 * command buffer).  Gen9 requires a null PIPE_CONTROL before one with VF
 * Cache Invalidation Enable, which needs a post-sync write (SKL PRM Vol
 * 2a, PIPE_CONTROL). */
static void
invalidate_vf_cache(struct gvk_cmd_buffer *cmd)
{
   uint32_t *scratch = gvk_batch_alloc(&cmd->state, 2, 8);
   const uint64_t addr = state_address(cmd, gvk_batch_offset(&cmd->state, scratch));
#if GFX_VER == 9
   gvk_batch_emit(&cmd->batch, PIPE_CONTROL, pc);
#endif
   gvk_batch_emit(&cmd->batch, PIPE_CONTROL, pc) {
      pc.vf_cache_invalidation_enable = true;
      pc.post_sync_operation = 1;              /* Write Immediate Data */
      pc.address = addr;
   }
}

/* ---- the flush before a 3DPRIMITIVE ---- */

/* The draw parameters' state (upload_draw_params, emit_draw_param_buffers):
 * two dwords 8-byte aligned, padding included, and two more for each
 * view a multiview draw runs for. */
enum { DRAW_PARAM_BYTES = 16 + 8 * GVK_MAX_VIEWS };

static uint32_t
draw_state_bytes(const struct gvk_cmd_buffer *cmd)
{
   const struct gvk_shader *fs = fs_shader(cmd);
   return stage_state_bytes(gfx(cmd)->vs, 0) + stage_state_bytes(gfx(cmd)->gs, 0) +
          stage_state_bytes(fs, fs ? fs->kernel.fs.num_render_targets : 0) +
          GVK_MAX_VIEWPORTS * (GENX(SF_CLIP_VIEWPORT_length) + GENX(CC_VIEWPORT_length) +
                               GENX(SCISSOR_RECT_length)) * 4 + 3 * 64 +
          GENX(COLOR_CALC_STATE_length) * 4 + 64 + sizeof(gfx(cmd)->blend) + 64 +
          DRAW_PARAM_BYTES + 64 * 2;
}

static bool
check_state_size(struct gvk_cmd_buffer *cmd, uint32_t bytes)
{
   if (bytes <= GVK_BLOCK_SIZE - 64)
      return true;
   gvk_cmd_set_error(cmd, gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY, "vkCmdDraw: %u bytes of "
                                   "draw state do not fit a state block", bytes));
   return false;
}

/* The 3D pipeline, state base address and the state block the pointers
 * below lead into. */
static bool
prepare_draw(struct gvk_cmd_buffer *cmd, uint32_t bytes)
{
   if (cmd->pending_pipe_bits)
      genX(cmd_apply_pipe_bits)(cmd);
   gvk_batch_reserve(&cmd->state, bytes);
   if (cmd->compute.base_address_dirty)
      genX(cmd_emit_state_base_address)(cmd);
   if (cmd->pipeline != GVK_CMD_PIPELINE_3D) {
      genX(cmd_select_3d)(cmd);
      cmd->graphics.dirty = GVK_GFX_DIRTY_ALL;
      cmd->graphics.push_kb_vs = cmd->graphics.push_kb_ps = UINT32_MAX;
   }
   if (cmd->graphics.state_bo != cmd->state.block->bo) {
      cmd->graphics.state_bo = cmd->state.block->bo;
      cmd->graphics.dirty = GVK_GFX_DIRTY_ALL;
      invalidate_vf_cache(cmd);
   }
   if (cmd->rendering.dirty) {
      cmd->graphics.dirty |= GVK_GFX_DIRTY_RENDER_TARGETS;
      cmd->rendering.dirty = false;
   }
   if (cmd->graphics.descriptors.dirty)
      cmd->graphics.dirty |= GVK_GFX_DIRTY_DESCRIPTORS;
   if (cmd->graphics.push_dirty)
      cmd->graphics.dirty |= GVK_GFX_DIRTY_PUSH;
   cmd->graphics.descriptors.dirty = false;
   cmd->graphics.push_dirty = false;
   return cmd->status == VK_SUCCESS;
}

/* Nothing but the packets cmd->graphics.dirty names changed since the
 * previous draw, whose state still stands: no flush owed, the same
 * pipeline select, state block, render targets, descriptors and push
 * constants.  The room reserved keeps this draw's parameters in the same
 * state block (a new one would change state_bo). */
static bool
state_stands_since_last_draw(struct gvk_cmd_buffer *cmd)
{
   gvk_batch_reserve(&cmd->state, DRAW_PARAM_BYTES);
   return !cmd->pending_pipe_bits && !cmd->rendering.dirty &&
          !cmd->graphics.descriptors.dirty && !cmd->graphics.push_dirty && !cmd->xfb.dirty &&
          !cmd->compute.base_address_dirty && cmd->pipeline == GVK_CMD_PIPELINE_3D &&
          cmd->graphics.state_bo == cmd->state.block->bo;
}

static bool
flush_gfx(struct gvk_cmd_buffer *cmd)
{
   /* After a recording error allocations return a scratch area, whose
    * offsets no state pointer may hold. */
   if (cmd->status != VK_SUCCESS)
      return false;
   if (state_stands_since_last_draw(cmd)) {
      /* vkoverhead's "draw with a vertex-buffer change": nothing but the
       * vertex buffers to send, no state block space to check */
      if (cmd->graphics.dirty == GVK_GFX_DIRTY_VERTEX_BUFFERS) {
         emit_vertex_buffers(cmd);
         cmd->graphics.dirty = 0;
      }
      if (!cmd->graphics.dirty)
         return cmd->status == VK_SUCCESS;
   }
   /* A bound pipeline marks everything dirty (gvk_cmd_bind_graphics_pipeline). */
   if (cmd->graphics.dirty & GVK_GFX_DIRTY_PIPELINE)
      cmd->graphics.draw_state_bytes = draw_state_bytes(cmd);
   const uint32_t bytes = cmd->graphics.draw_state_bytes;
   if (!check_state_size(cmd, bytes) || !prepare_draw(cmd, bytes))
      return false;
   const struct gvk_gfx_pipeline *g = gfx(cmd);
   uint32_t dirty = cmd->graphics.dirty;
   if (dirty & GVK_GFX_DIRTY_PIPELINE) {
      uint32_t *dw = gvk_batch_alloc(&cmd->batch, g->batch_dwords, 4);
      memcpy(dw, g->batch, g->batch_dwords * 4);
      emit_push_allocation(cmd);
      dirty = cmd->graphics.dirty |= GVK_GFX_DIRTY_CC;
   }
   if (dirty & GVK_GFX_DIRTY_RENDER_TARGETS) {
      /* The PS tables hold the render targets and the null surfaces of
       * the render area's size. */
      gvk_cmd_gfx_tables_clear(cmd);
      /* A secondary that does not know the attachments keeps the
       * primary's (genX(cmd_emit_rendering)). */
      if (!cmd->deferred_rts.unknown_attachments) {
         emit_depth_buffer(cmd);
         emit_drawing_rectangle(cmd);
      }
   }
   if (dirty & GVK_GFX_DIRTY_VIEWPORT)
      emit_viewports(cmd);
   if (dirty & GVK_GFX_DIRTY_SCISSOR)
      emit_scissors(cmd);
   if (dirty & GVK_GFX_DIRTY_CC)
      emit_cc(cmd);
   if (dirty & (GVK_GFX_DIRTY_BLEND | GVK_GFX_DIRTY_PIPELINE))
      emit_blend(cmd);
   if (dirty & (GVK_GFX_DIRTY_RASTER | GVK_GFX_DIRTY_PIPELINE))
      emit_raster(cmd);
   if (dirty & (GVK_GFX_DIRTY_TOPOLOGY | GVK_GFX_DIRTY_PIPELINE))
      emit_topology(cmd);
   if (dirty & (GVK_GFX_DIRTY_VERTEX_BUFFERS | GVK_GFX_DIRTY_PIPELINE))
      emit_vertex_buffers(cmd);
   if (dirty & (GVK_GFX_DIRTY_INDEX_BUFFER | GVK_GFX_DIRTY_PIPELINE))
      emit_index_buffer(cmd);
   if (dirty & GVK_GFX_DIRTY_PUSH)
      emit_push_constants(cmd);
   if (dirty & (GVK_GFX_DIRTY_DESCRIPTORS | GVK_GFX_DIRTY_PIPELINE |
                GVK_GFX_DIRTY_RENDER_TARGETS))
      emit_stage_tables(cmd);
   if ((dirty & GVK_GFX_DIRTY_PIPELINE) || cmd->xfb.dirty)
      genX(cmd_emit_xfb)(cmd, dirty & GVK_GFX_DIRTY_PIPELINE);
   cmd->graphics.dirty = 0;
   return cmd->status == VK_SUCCESS;
}

/* ---- draws ---- */

/* The per-draw vertex buffers of the draw parameters (gbe.h
 * gbe_vs_info): (BaseVertex, BaseInstance) at params, (DrawIndex,
 * ViewIndex) from draw_id and view, each read with pitch 0 by every
 * vertex. */
static void
emit_draw_param_buffers(struct gvk_cmd_buffer *cmd, uint64_t params, uint32_t draw_id,
                        uint32_t view)
{
   const struct gvk_gfx_pipeline *g = gfx(cmd);
   const uint32_t n = g->uses_draw_params + g->uses_draw_id;
   if (!n)
      return;
   uint64_t id_addr = 0;
   if (g->uses_draw_id) {
      uint32_t *id = gvk_batch_alloc(&cmd->state, 2, 8);
      id[0] = draw_id;
      id[1] = view;
      id_addr = state_address(cmd, gvk_batch_offset(&cmd->state, id));
   }
   uint32_t *dw = vertex_buffers_header(cmd, n);
   if (g->uses_draw_params) {
      pack_vb(cmd, dw, GVK_VB_DRAW_PARAMS, params, 8, 0);
      dw += GENX(VERTEX_BUFFER_STATE_length);
   }
   if (g->uses_draw_id)
      pack_vb(cmd, dw, GVK_VB_DRAW_ID, id_addr, 8, 0);
}

/* Multiview (Vulkan "Multiview"): a draw inside a view mask runs once for
 * each view, in increasing order, the vertex shader routing view i to
 * layer i (gbe_options.multiview).  Without one, once, as view 0. */
static uint32_t
draw_views(const struct gvk_cmd_buffer *cmd)
{
   return cmd->rendering.view_mask ? cmd->rendering.view_mask : 1;
}

static uint32_t
next_view(uint32_t *views)
{
   const uint32_t v = (uint32_t)__builtin_ctz(*views);
   *views &= *views - 1;
   return v;
}

/* Vulkan's BaseVertex is firstVertex for non-indexed draws and
 * vertexOffset for indexed ones (HARDWARE-NOTES section 1). */
static uint64_t
upload_draw_params(struct gvk_cmd_buffer *cmd, const struct gvk_draw *d)
{
   if (!gfx(cmd)->uses_draw_params)
      return 0;
   uint32_t *p = gvk_batch_alloc(&cmd->state, 2, 8);
   p[0] = d->indexed ? (uint32_t)d->vertex_offset : d->first;
   p[1] = d->first_instance;
   return state_address(cmd, gvk_batch_offset(&cmd->state, p));
}

enum { ACCESS_SEQUENTIAL = 0, ACCESS_RANDOM = 1 };

/* flatten: the packer inlined here keeps the packet's fields in
 * registers; called (GCC does not inline Gen12's ten-dword one), it
 * reloads them across the stores that wrote them, a store-forwarding
 * stall that was a plain draw's largest cost. */
__attribute__((flatten)) static void
emit_primitive(struct gvk_cmd_buffer *cmd, const struct gvk_draw *d)
{
   gvk_batch_emit(&cmd->batch, 3DPRIMITIVE, prim) {
      prim.vertex_access_type = d->indexed ? ACCESS_RANDOM : ACCESS_SEQUENTIAL;
      prim.primitive_topology_type = cmd->graphics.prim;
      prim.vertex_count_per_instance = d->count;
      prim.start_vertex_location = d->first;
      prim.instance_count = d->instance_count;
      prim.start_instance_location = d->first_instance;
      prim.base_vertex_location = d->indexed ? d->vertex_offset : 0;
   }
}

void
genX(cmd_draw)(struct gvk_cmd_buffer *cmd, const struct gvk_draw *d)
{
   if (!flush_gfx(cmd))
      return;
   const uint64_t params = upload_draw_params(cmd, d);
   /* most draws: no view mask, one primitive (the per-view loop kept the
    * compiler from inlining the draw parameters' emission) */
   if (!cmd->rendering.view_mask) {
      emit_draw_param_buffers(cmd, params, d->draw_id, 0);
      emit_primitive(cmd, d);
      return;
   }
   for (uint32_t views = draw_views(cmd); views;) {
      emit_draw_param_buffers(cmd, params, d->draw_id, next_view(&views));
      emit_primitive(cmd, d);
   }
}

/* ---- indirect draws ---- */

static void
load_reg_mem(struct gvk_cmd_buffer *cmd, uint32_t reg, uint64_t addr)
{
   gvk_batch_emit(&cmd->batch, MI_LOAD_REGISTER_MEM, lrm) {
      lrm.register_address = reg;
      lrm.memory_address = addr;
   }
}

static void
load_reg_imm(struct gvk_cmd_buffer *cmd, uint32_t reg, uint32_t value)
{
   gvk_batch_emit(&cmd->batch, MI_LOAD_REGISTER_IMM, lri) {
      lri.register_offset = reg;
      lri.data_dword = value;
   }
}

/* The 3DPRIM_* registers from one command of the indirect buffer:
 * VkDrawIndirectCommand (vertexCount, instanceCount, firstVertex,
 * firstInstance) or VkDrawIndexedIndirectCommand (indexCount,
 * instanceCount, firstIndex, vertexOffset, firstInstance). */
static void
load_draw_registers(struct gvk_cmd_buffer *cmd, bool indexed, uint64_t at)
{
   load_reg_mem(cmd, GENX(3DPRIM_VERTEX_COUNT_num), at);
   load_reg_mem(cmd, GENX(3DPRIM_INSTANCE_COUNT_num), at + 4);
   load_reg_mem(cmd, GENX(3DPRIM_START_VERTEX_num), at + 8);
   if (indexed) {
      load_reg_mem(cmd, GENX(3DPRIM_BASE_VERTEX_num), at + 12);
      load_reg_mem(cmd, GENX(3DPRIM_START_INSTANCE_num), at + 16);
   } else {
      load_reg_imm(cmd, GENX(3DPRIM_BASE_VERTEX_num), 0);
      load_reg_mem(cmd, GENX(3DPRIM_START_INSTANCE_num), at + 12);
   }
}

/* MI_PREDICATE (PRM Vol 2a): the compare result combined with the
 * predicate, the combination (or its inverse) loaded. */
enum { COMPARE_SRCS_EQUAL = 2 };
enum { COMBINE_SET = 0, COMBINE_XOR = 3 };
enum { LOAD_LOAD = 2, LOAD_LOADINV = 3 };

/* Draw i of a count draw runs while i < count.  Draw 0 sets the
 * predicate to count != 0; each later draw XORs in count == i, which is
 * true for at most one i: the predicate stays true below the count,
 * turns false at it and stays false after (count == i never again). */
static void
predicate_draw(struct gvk_cmd_buffer *cmd, uint64_t count_addr, uint32_t i)
{
   const uint32_t src0 = GENX(MI_PREDICATE_SRC0_num), src1 = GENX(MI_PREDICATE_SRC1_num);
   if (i == 0) {
      load_reg_mem(cmd, src0, count_addr);
      load_reg_imm(cmd, src0 + 4, 0);
      load_reg_imm(cmd, src1 + 4, 0);
   }
   load_reg_imm(cmd, src1, i);
   gvk_batch_emit(&cmd->batch, MI_PREDICATE, mip) {
      mip.load_operation = i == 0 ? LOAD_LOADINV : LOAD_LOAD;
      mip.combine_operation = i == 0 ? COMBINE_SET : COMBINE_XOR;
      mip.compare_operation = COMPARE_SRCS_EQUAL;
   }
}

void
genX(cmd_draw_indirect)(struct gvk_cmd_buffer *cmd, const struct gvk_draw_indirect *d)
{
   for (uint32_t i = 0; i < d->draw_count; i++) {
      if (!flush_gfx(cmd))
         return;
      const uint64_t at = d->addr + (uint64_t)i * d->stride;
      load_draw_registers(cmd, d->indexed, at);
      if (d->count_addr)
         predicate_draw(cmd, d->count_addr, i);
      /* the registers and the predicate stand for every view */
      for (uint32_t views = draw_views(cmd); views;) {
         /* The (BaseVertex, BaseInstance) pair is the command's own
          * (firstVertex, firstInstance) or (vertexOffset, firstInstance). */
         emit_draw_param_buffers(cmd, at + (d->indexed ? 12 : 8), i, next_view(&views));
         gvk_batch_emit(&cmd->batch, 3DPRIMITIVE, prim) {
            prim.indirect_parameter_enable = true;
            prim.predicate_enable = d->count_addr != 0;
            prim.vertex_access_type = d->indexed ? ACCESS_RANDOM : ACCESS_SEQUENTIAL;
            prim.primitive_topology_type = cmd->graphics.prim;
         }
      }
   }
}

#else

/* Gen7/7.5: no graphics pipeline can be created, so no draw is valid. */
void
genX(cmd_draw)(struct gvk_cmd_buffer *cmd, const struct gvk_draw *d)
{
   (void)d;
   gvk_cmd_set_error(cmd, gvk_fail(VK_ERROR_FEATURE_NOT_PRESENT, "vkCmdDraw: no graphics "
                                   "on this generation"));
}

void
genX(cmd_draw_indirect)(struct gvk_cmd_buffer *cmd, const struct gvk_draw_indirect *d)
{
   (void)d;
   gvk_cmd_set_error(cmd, gvk_fail(VK_ERROR_FEATURE_NOT_PRESENT, "vkCmdDraw*Indirect: no "
                                   "graphics on this generation"));
}

/* Without draws no secondary has render targets to fill in. */
void
genX(cmd_emit_rendering)(struct gvk_cmd_buffer *cmd)
{
   (void)cmd;
}

void
genX(cmd_fill_render_targets)(const struct gvk_cmd_buffer *cmd, uint32_t *map,
                              const struct gvk_rt_table_fixup *f)
{
   (void)cmd;
   (void)map;
   (void)f;
}

#endif

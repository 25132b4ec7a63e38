/* The 3D pipeline, generation-neutral: per-context state, which packets
 * count (only while PIPELINE_SELECT has the 3D pipeline), and what a
 * 3DPRIMITIVE does: VGPU_DEBUG=draw prints it, its vertex elements are
 * checked as the VF would fetch them, and the pipeline (vgpu_pipe.c)
 * runs it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "macros.h"
#include "vgpu_3d.h"
#include "vgpu_gpgpu.h"
#include "vgpu_pipe.h"
#include "vgpu_priv.h"
#include "vgpu_urb.h"
#include "vgpu_vf.h"

/* PIPELINE_SELECT's 3D pipeline, the power-on selection of a context. */
#define PIPELINE_3D 0

static const char *const topology_names[] = {
   [1] = "POINTLIST", [2] = "LINELIST", [3] = "LINESTRIP", [4] = "TRILIST",
   [5] = "TRISTRIP", [6] = "TRIFAN", [7] = "QUADLIST", [8] = "QUADSTRIP",
   [9] = "LINELIST_ADJ", [10] = "LINESTRIP_ADJ", [11] = "TRILIST_ADJ",
   [12] = "TRISTRIP_ADJ", [13] = "TRISTRIP_REVERSE", [14] = "POLYGON",
   [15] = "RECTLIST", [16] = "LINELOOP", [17] = "POINTLIST_BF",
   [18] = "LINESTRIP_CONT", [19] = "LINESTRIP_BF", [20] = "LINESTRIP_CONT_BF",
   [22] = "TRIFAN_NOSTIPPLE",
};

/* The topology's name, "PATCHLIST_n" for 3DPRIM_PATCHLIST_1..32 (0x20 on). */
static void
topology_name(uint32_t topology, char *out, size_t size)
{
   if (topology >= 0x20 && topology < 0x40)
      snprintf(out, size, "PATCHLIST_%u", topology - 0x1f);
   else if (topology < ARRAY_SIZE(topology_names) && topology_names[topology])
      snprintf(out, size, "%s", topology_names[topology]);
   else
      snprintf(out, size, "reserved(%u)", topology);
}

static const char *
index_format_name(const struct vgpu_draw *d, const struct vgpu_3d *st)
{
   static const char *const names[] = { "BYTE", "WORD", "DWORD" };
   if (!d->indexed)
      return "none";
   return st->ib.format < ARRAY_SIZE(names) ? names[st->ib.format] : "reserved";
}

/* "VS,PS" or "VS,GS,SO": the stages this draw runs. */
static void
stages_enabled(const struct vgpu_3d *st, char *out, size_t size)
{
   static const char *const names[VGPU_3D_STAGES] = { "VS", "HS", "DS", "GS", "PS" };
   size_t n = 0;
   out[0] = '\0';
   for (unsigned s = 0; s < VGPU_3D_STAGES; s++) {
      if (st->shader[s].enable)
         n += (size_t)snprintf(out + n, size - n, "%s%s", n ? "," : "", names[s]);
   }
   if (st->so.enable)
      n += (size_t)snprintf(out + n, size - n, "%sSO", n ? "," : "");
   if (!n)
      snprintf(out, size, "none");
}

static void
log_draw(const struct vgpu_3d *st, const struct vgpu_draw *d)
{
   char topology[24], stages[32], extended[48] = "";
   topology_name(d->topology, topology, sizeof(topology));
   stages_enabled(st, stages, sizeof(stages));
   if (d->extended)
      snprintf(extended, sizeof(extended), " extended=%u,%u,%u", d->extended_param[0],
               d->extended_param[1], d->extended_param[2]);
   log_info("draw: topology=%s index=%s vertex_count=%u instance_count=%u "
            "start_vertex=%u base_vertex=%d start_instance=%u indirect=%s "
            "predicate=%s elements=%u stages=%s%s ps_dispatch=%s%s%s",
            topology, index_format_name(d, st),
            d->vertex_count, d->instance_count, d->start_vertex, d->base_vertex,
            d->start_instance, d->indirect ? "yes" : "no",
            !d->predicated ? "none" : d->predicate_passed ? "pass" : "fail",
            st->ve_count, stages, extended,
            st->shader[VGPU_3D_PS].simd & 8 ? "8" : "", st->shader[VGPU_3D_PS].simd & 16 ? "/16" : "",
            st->shader[VGPU_3D_PS].simd & 32 ? "/32" : "");
}

/* Element i as the VF unit takes it.  Instancing is per vertex buffer on
 * Gen7/7.5 (VERTEX_BUFFER_STATE Buffer Access Type, Instance Data Step
 * Rate) and per element on Gen8+ (3DSTATE_VF_INSTANCING); Gen8+
 * 3DSTATE_VF_SGVS names the element that takes VertexID and InstanceID. */
struct vgpu_vf_element
vgpu_3d_vf_element(const struct vgpu_3d *st, unsigned i)
{
   const struct vgpu_3d_vertex_element *ve = &st->ve[i];
   struct vgpu_vf_element e = {
      .buffer = ve->buffer_index,
      .format = ve->format,
      .offset = ve->offset,
      .control = { ve->component[0], ve->component[1], ve->component[2], ve->component[3] },
      .instanced = ve->instancing,
      .step_rate = ve->step_rate,
   };
   if (vgpu.info->ver < 8) {
      const struct vgpu_3d_vertex_buffer *vb =
         ve->buffer_index < VGPU_3D_MAX_VERTEX_BUFFERS ? &st->vb[ve->buffer_index] : NULL;
      e.instanced = vb && vb->per_instance;
      e.step_rate = vb ? vb->step_rate : 0;
      return e;
   }
   const struct vgpu_3d_vf *vf = &st->vf;
   e.sgvs = (struct vgpu_vf_sgvs){
      .vertex_id = vf->vertex_id_enable && vf->vertex_id_element == i,
      .instance_id = vf->instance_id_enable && vf->instance_id_element == i,
      .vertex_id_component = (uint8_t)vf->vertex_id_component,
      .instance_id_component = (uint8_t)vf->instance_id_component,
   };
   return e;
}

/* The VF fetches every valid element for each vertex of a draw (PRM Vol
 * 2d VERTEX_ELEMENT_STATE), so each must be programmed as the hardware
 * allows; a hardware rule (vgpu_rules.c) reports the ones that are not. */
static void
check_vertex_elements(struct vgpu_exec *exec, const struct vgpu_3d *st,
                      const struct vgpu_draw *draw)
{
   for (unsigned i = 0; i < st->ve_count; i++) {
      if (!st->ve[i].valid)
         continue;
      const struct vgpu_vf_element e = vgpu_3d_vf_element(st, i);
      const char *why = vgpu_vf_element_error(vgpu.info->verx10, &e);
      if (why)
         vgpu_rules_vertex_element(exec, draw->addr, i, why);
   }
}

/* The buffers a draw reads through the VF cache, for the rule on its
 * Gen8/9 address tags (vgpu_rules.c): each vertex buffer an element
 * stores a source component from, and the index buffer. */
static void
report_vf_fetches(struct vgpu_exec *exec, const struct vgpu_3d *st,
                  const struct vgpu_draw *draw)
{
   uint64_t reported = 0;
   for (unsigned i = 0; i < st->ve_count; i++) {
      const struct vgpu_3d_vertex_element *ve = &st->ve[i];
      if (!ve->valid || ve->buffer_index >= VGPU_3D_MAX_VERTEX_BUFFERS ||
          (reported & (1ull << ve->buffer_index)) ||
          !memchr(ve->component, VGPU_VF_STORE_SRC, sizeof(ve->component)))
         continue;
      const struct vgpu_3d_vertex_buffer *vb = &st->vb[ve->buffer_index];
      reported |= 1ull << ve->buffer_index;
      if (vb->set && !vb->null_buffer)
         vgpu_rules_vf_fetch(exec, draw->addr, vb->address, vb->size, "vertex buffer");
   }
   if (draw->indexed && st->ib.set)
      vgpu_rules_vf_fetch(exec, draw->addr, st->ib.address, st->ib.size, "index buffer");
}

void
vgpu_3d_draw(struct vgpu_exec *exec, const struct vgpu_3d *st,
             const struct vgpu_draw *draw)
{
   if (vgpu.debug & VGPU_DEBUG_DRAW)
      log_draw(st, draw);
   /* A draw whose predicate is false does nothing on the hardware either. */
   if (!draw->predicate_passed)
      return;
   check_vertex_elements(exec, st, draw);
   vgpu_urb_check_rules(exec, st, draw->addr);
   vgpu_ps_check_rules(exec, st, draw->addr);
   report_vf_fetches(exec, st, draw);
   if (exec->fault)
      return;
   vgpu_pipe_draw(exec, st, draw);
}

void
vgpu_3d_destroy(struct vgpu_3d *st)
{
   free(st);
}

static bool
pipeline_is_3d(const struct vgpu_context *ctx)
{
   return !ctx->gpgpu || ctx->gpgpu->pipeline == PIPELINE_3D;
}

static bool
command_of_generation(struct vgpu_cs *cs, struct vgpu_exec *exec, struct vgpu_3d *st,
                      const uint32_t *dw, unsigned len)
{
   switch (vgpu.info->verx10) {
   case 70: return gfx70_vgpu_3d_command(cs, exec, st, dw, len);
   case 75: return gfx75_vgpu_3d_command(cs, exec, st, dw, len);
   case 80: return gfx80_vgpu_3d_command(cs, exec, st, dw, len);
   case 90: return gfx90_vgpu_3d_command(cs, exec, st, dw, len);
   case 110: return gfx110_vgpu_3d_command(cs, exec, st, dw, len);
   case 120: return gfx120_vgpu_3d_command(cs, exec, st, dw, len);
   default: return false;
   }
}

bool
vgpu_3d_command(struct vgpu_cs *cs, struct vgpu_exec *exec, const uint32_t *dw,
                unsigned len)
{
   struct vgpu_context *ctx = exec->ctx;
   /* 3D packets count only while PIPELINE_SELECT has the 3D pipeline;
    * the rest go on to the GPGPU pipeline, which ignores what is not its
    * own. */
   if (!pipeline_is_3d(ctx))
      return false;
   if (!ctx->gfx3d && !(ctx->gfx3d = calloc(1, sizeof(*ctx->gfx3d)))) {
      vgpu_exec_fault(exec, 0, "out of memory for 3D pipeline state");
      return true;
   }
   return command_of_generation(cs, exec, ctx->gfx3d, dw, len);
}

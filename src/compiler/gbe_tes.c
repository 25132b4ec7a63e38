/* The tessellation evaluation stage as the domain shader (Gen8+
 * SIMD8_SINGLE_PATCH: a domain point a channel; payload as struct
 * gbe_tes_info describes, as src/vgpu/3d/vgpu_tess.c models it).  Inputs
 * come from the patch entry the hull shader wrote (gbe_tcs_info's
 * layout) by URB SIMD8 reads; the outputs are a VUE, kept in registers
 * and written at the end as the vertex shader's are (gbe_vue.h). */
#include <stdlib.h>
#include <string.h>

#include "gbe_tess.h"

#define UVW_GRF 1
#define URB_HANDLE_GRF 4
#define PUSH_GRF 5

/* ---- setup ---- */

static bool
tes_setup(struct gbe_ctx *c)
{
   struct gbe_tes_info *tes = &c->k->tes;
   c->tess = calloc(1, sizeof(*c->tess));
   if (!c->tess)
      return !(c->p->oom = true);
   if (!c->p->opt->input_vue)
      return gbe_fail(c->p, "a tessellation evaluation shader needs the control shader's "
                      "output layout (gbe_options.input_vue)");
   const struct ir_stage_info *info = &c->s->info;
   enum ir_prim domain = c->p->opt->tess_domain ? c->p->opt->tess_domain : info->input_prim;
   if (domain != IR_PRIM_triangles && domain != IR_PRIM_quads && domain != IR_PRIM_isolines)
      return gbe_fail(c->p, "a tessellation evaluation shader without a domain (Triangles, "
                      "Quads or Isolines, in it or in gbe_options.tess_domain)");
   if (info->input_prim != IR_PRIM_none && info->input_prim != domain)
      return gbe_fail(c->p, "a tessellation evaluation shader declaring the %s domain in a "
                      "%s pipeline", ir_prim_names[info->input_prim], ir_prim_names[domain]);
   tes->domain = domain;
   tes->spacing = info->spacing;
   tes->ccw = info->ccw;
   tes->point_mode = info->point_mode;
   tes->tess_declared = info->tess_declared;
   memset(tes->vue.location_row, GBE_NO_SLOT, sizeof(tes->vue.location_row));
   uint32_t locs = 0;
   bool *accessed = calloc(c->s->num_vars + 1, sizeof(*accessed));
   if (!accessed)
      return !(c->p->oom = true);
   bool ok = gbe_tess_accessed(c, accessed);
   for (unsigned v = 0; ok && v < c->s->num_vars; v++) {
      const struct ir_var *var = c->s->vars[v];
      if (var->storage == IR_STORAGE_PUSH_CONSTANT && var->type->size > tes->push_bytes)
         tes->push_bytes = var->type->size;
      if (var->storage == IR_STORAGE_OUTPUT && accessed[v])
         ok = gbe_vue_mark_output(c, &tes->vue, var, "tessellation evaluation", &locs);
   }
   free(accessed);
   if (!ok)
      return false;
   uint32_t addresses = 0;
   if (!gbe_buffer_addresses(c, &addresses))
      return false;
   if (addresses)
      return gbe_fail(c->p, "64-bit buffer atomics in a tessellation evaluation shader are "
                      "not supported yet");
   tes->urb_entry_size = (gbe_vue_rows(&tes->vue, locs) * 16 + 63) / 64;
   tes->grf_start = PUSH_GRF;
   tes->push_regs = (tes->push_bytes + 31) / 32;
   c->cross_regs_at = PUSH_GRF;
   c->p->first_free_grf = PUSH_GRF + tes->push_regs;
   c->p->eot_regs = 1 + 4 * gbe_vue_last_write_rows(&tes->vue);
   gbe_vue_zero_outputs(c, &tes->vue, c->tess->out);
   return true;
}

/* ---- system values ---- */

static struct gbe_reg
patch_handle(void)
{
   return gbe_fixed(0, 0, ISA_TYPE_UD, 0);
}

static bool
tes_sysval(struct gbe_ctx *c, struct ir_instr *i)
{
   struct gbe_reg *d = gbe_def(c, i);
   if (!d)
      return false;
   struct gbe_reg dst = gbe_retype(d[0], ISA_TYPE_UD);
   switch ((enum ir_sysval)i->imm) {
   case IR_SYSVAL_tess_coord:
      for (unsigned k = 0; k < i->type->comps && k < 3; k++) {
         /* a quad's or isoline's third coordinate is 0 (Vulkan "Tessellation
          * Primitive Generation"); a triangle's is the payload's w */
         struct gbe_reg src = k == 2 && c->k->tes.domain != IR_PRIM_triangles
                                 ? gbe_imm(ISA_TYPE_UD, 0)
                                 : gbe_fixed(UVW_GRF + k, 0, ISA_TYPE_UD, 1);
         gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(d[k], ISA_TYPE_UD), src);
      }
      return true;
   case IR_SYSVAL_primitive_id:
      gbe_alu1(&c->b, ISA_OP_MOV, dst, gbe_fixed(0, 4, ISA_TYPE_UD, 0));
      return true;
   default:
      return gbe_isel_subgroup_sysval(c, i, dst, "tessellation evaluation shader");
   }
}

/* ---- inputs: the patch entry ---- */

static bool
load_input(struct gbe_ctx *c, struct ir_instr *i, const struct gbe_tess_ref *r)
{
   const struct gbe_vue_map *in = c->p->opt->input_vue;
   unsigned row, comp, n = i->type->comps;
   if (r->var->patch)
      return gbe_fail(c->p, "%%%u: per-patch inputs are not supported yet", i->index);
   if (!gbe_tess_check_type(c, i, "tessellation", i->type) ||
       !gbe_tess_slot(c, i, in, r, n, &row, &comp))
      return false;
   struct gbe_reg *d = gbe_def(c, i);
   if (!d)
      return false;
   if (row == GBE_NO_SLOT) {
      /* the control shader does not write it: undefined, read as 0 */
      for (unsigned k = 0; k < n; k++)
         gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(d[k], ISA_TYPE_UD), gbe_imm(ISA_TYPE_UD, 0));
      return true;
   }
   row += GBE_PATCH_HEADER_ROWS;
   struct gbe_reg off = { .file = GBE_BAD };
   if (r->vertex.file == GBE_BAD) {
      row += r->vertex_const * in->num_rows;
   } else {
      off = gbe_tmp(c, ISA_TYPE_UD);
      gbe_alu2(&c->b, ISA_OP_MUL, off, r->vertex, gbe_imm(ISA_TYPE_UW, in->num_rows));
   }
   gbe_tess_urb_read(c, patch_handle(), off, row, comp, n, d);
   return true;
}

/* ---- outputs ---- */

static bool
output_access(struct gbe_ctx *c, struct ir_instr *i, const struct gbe_tess_ref *r)
{
   const struct ir_type *t = i->op == IR_OP_store ? i->srcs[1]->type : i->type;
   unsigned row, comp;
   if (!gbe_tess_check_type(c, i, "tessellation", t) ||
       !gbe_vue_output_slot(c, i, &c->k->tes.vue, r, t->comps, &row, &comp))
      return false;
   return gbe_vue_output_access(c, i, &c->tess->out[row][comp]);
}

static bool
tes_instr(struct gbe_ctx *c, struct ir_instr *i)
{
   struct gbe_tess_ref r;
   if (!gbe_tess_io_ref(c, i, "tessellation evaluation shader", &r))
      return false;
   if (r.var->storage == IR_STORAGE_INPUT)
      return load_input(c, i, &r);
   if (r.vertex.file != GBE_BAD)
      return gbe_fail(c->p, "%%%u: an output indexed at run time is not supported yet",
                      i->index);
   return output_access(c, i, &r);
}

/* ---- the end: the VUE ---- */

static void
tes_finish(struct gbe_ctx *c)
{
   gbe_vue_finish(c, URB_HANDLE_GRF, &c->k->tes.vue, c->tess->out);
}

const struct gbe_stage_ops gbe_tes_ops = {
   .setup = tes_setup, .sysval = tes_sysval, .instr = tes_instr, .finish = tes_finish,
};

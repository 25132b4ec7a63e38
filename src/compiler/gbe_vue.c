/* The VUE of the vertex-like stages (gbe_vue.h). */
#include "gbe_vue.h"

#include "gbe_tess.h"

/* the VUE's two clip/cull rows hold eight distances */
#define MAX_DISTANCES 8

bool
gbe_vue_mark_builtin(struct gbe_ctx *c, struct gbe_vue_map *vue, const struct ir_var *v,
                     const char *stage)
{
   switch (v->builtin) {
   case IR_OUTPUT_position:
      return true;
   case IR_OUTPUT_point_size:
      vue->writes_point_size = true;
      return true;
   case IR_OUTPUT_layer:
      vue->writes_layer = true;
      return true;
   case IR_OUTPUT_viewport_index:
      vue->writes_viewport = true;
      return true;
   case IR_OUTPUT_primitive_id:
      vue->writes_primitive_id = true;
      return true;
   case IR_OUTPUT_clip_distance: case IR_OUTPUT_cull_distance:
      if (v->type->kind != IR_TYPE_ARRAY)
         return gbe_fail(c->p, "%s %s is not an array", stage,
                         ir_output_builtin_names[v->builtin]);
      if (v->builtin == IR_OUTPUT_clip_distance)
         vue->num_clip = (uint8_t)v->type->length;
      else
         vue->num_cull = (uint8_t)v->type->length;
      if (vue->num_clip + vue->num_cull > MAX_DISTANCES)
         return gbe_fail(c->p, "more than %u clip and cull distances", MAX_DISTANCES);
      return true;
   default:
      return gbe_fail(c->p, "%s output %s is not supported yet", stage,
                      ir_output_builtin_names[v->builtin]);
   }
}

bool
gbe_vue_mark_varying(struct gbe_ctx *c, const struct ir_var *v, const struct ir_type *t,
                     const char *stage, uint32_t *locs)
{
   uint32_t n = gbe_tess_locations(t);
   if (!n || v->location + n > GBE_MAX_VARYINGS)
      return gbe_fail(c->p, "%s output \"%s\": only 32-bit scalars, vectors and arrays of "
                      "them at locations below %u are supported yet", stage,
                      v->name ? v->name : "", GBE_MAX_VARYINGS);
   *locs |= (uint32_t)(((1ull << n) - 1) << v->location);
   return true;
}

bool
gbe_vue_mark_output(struct gbe_ctx *c, struct gbe_vue_map *vue, const struct ir_var *v,
                    const char *stage, uint32_t *locs)
{
   if (v->builtin == IR_OUTPUT_NONE)
      return gbe_vue_mark_varying(c, v, v->type, stage, locs);
   return gbe_vue_mark_builtin(c, vue, v, stage);
}

uint32_t
gbe_vue_rows(struct gbe_vue_map *vue, uint32_t locs)
{
   uint32_t row = 2;
   if (vue->num_clip || vue->num_cull) {
      vue->clip_rows = 2;
      row += 2;
   }
   for (unsigned l = 0; l < GBE_MAX_VARYINGS; l++) {
      if (locs & (1u << l))
         vue->location_row[l] = (uint8_t)row++;
   }
   if (vue->writes_primitive_id)
      vue->primitive_id_row = (uint8_t)row++;
   vue->num_rows = row;
   return row;
}

void
gbe_vue_zero_outputs(struct gbe_ctx *c, const struct gbe_vue_map *vue, struct gbe_reg (*out)[4])
{
   for (unsigned row = 0; row < vue->num_rows; row++) {
      for (unsigned k = 0; k < 4; k++) {
         /* the header's DWord 0 is reserved; the others only when written */
         bool header_used = (k == 1 && vue->writes_layer) ||
                            (k == 2 && vue->writes_viewport) ||
                            (k == 3 && vue->writes_point_size);
         if (row == 0 && !header_used)
            continue;
         out[row][k] = gbe_tmp(c, ISA_TYPE_UD);
         gbe_alu1(&c->b, ISA_OP_MOV, out[row][k], gbe_imm(ISA_TYPE_UD, 0));
      }
   }
}

unsigned
gbe_vue_last_write_rows(const struct gbe_vue_map *vue)
{
   unsigned n = vue->num_rows % GBE_VUE_ROWS_PER_WRITE;
   return n ? n : GBE_VUE_ROWS_PER_WRITE;
}

bool
gbe_vue_output_slot(struct gbe_ctx *c, const struct ir_instr *i, const struct gbe_vue_map *vue,
                    const struct gbe_tess_ref *r, unsigned n, unsigned *row, unsigned *comp)
{
   switch (r->var->builtin) {
   case IR_OUTPUT_layer: case IR_OUTPUT_viewport_index:
      *row = 0;
      *comp = r->var->builtin == IR_OUTPUT_layer ? 1 : 2;
      break;
   case IR_OUTPUT_primitive_id:
      *row = vue->primitive_id_row;
      *comp = 0;
      if (!*row || n != 1)
         return gbe_fail(c->p, "%%%u: gl_PrimitiveID accessed as a vector", i->index);
      break;
   case IR_OUTPUT_clip_distance: case IR_OUTPUT_cull_distance: {
      unsigned k = r->elem + r->comp +
                   (r->var->builtin == IR_OUTPUT_cull_distance ? vue->num_clip : 0);
      *row = 2 + k / 4;
      *comp = k % 4;
      if (n != 1)
         return gbe_fail(c->p, "%%%u: clip or cull distances accessed as a whole", i->index);
      break;
   }
   default:
      return gbe_tess_slot(c, i, vue, r, n, row, comp);
   }
   return true;
}

bool
gbe_vue_output_access(struct gbe_ctx *c, struct ir_instr *i, struct gbe_reg *out)
{
   bool store = i->op == IR_OP_store;
   unsigned n = store ? i->srcs[1]->type->comps : i->type->comps;
   struct gbe_reg *v = store ? gbe_val(c, i->srcs[1]) : gbe_def(c, i);
   if (!v)
      return store ? gbe_fail(c->p, "%%%u: stores a value the back end has not computed",
                              i->index) : false;
   for (unsigned k = 0; k < n; k++) {
      if (store)
         gbe_alu1(&c->b, ISA_OP_MOV, out[k], gbe_retype(v[k], ISA_TYPE_UD));
      else
         gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(v[k], ISA_TYPE_UD), out[k]);
   }
   return true;
}

void
gbe_vue_payload(struct gbe_ctx *c, struct gbe_reg payload, unsigned phase,
                const struct gbe_reg *values, unsigned num_values, unsigned count)
{
   for (unsigned k = 0; k < count; k++) {
      struct gbe_reg v = k < num_values && values[k].file != GBE_BAD ? values[k]
                                                                     : gbe_imm(ISA_TYPE_UD, 0);
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_offset(payload, 32 * (phase + k)), v);
   }
}

void
gbe_vue_urb_write(struct gbe_ctx *c, unsigned handle_grf, unsigned row, unsigned n,
                  const struct gbe_reg *values, unsigned num_values, bool eot)
{
   unsigned len = 1 + 4 * n;
   struct gbe_reg payload = eot ? gbe_fixed(GBE_EOT_LAST_GRF + 1 - len, 0, ISA_TYPE_UD, 1)
                                : gbe_vreg(c->p, ISA_TYPE_UD, 8 * len);
   gbe_copy_grf(c, payload, handle_grf);
   gbe_vue_payload(c, payload, 1, values, num_values, 4 * n);
   struct isa_send_msg m = {
      .msg = ISA_MSG_URB_SIMD8_WRITE, .mlen = (uint8_t)len, .header = true,
      .offset = (uint16_t)row,
   };
   struct gbe_inst *s = gbe_send(c, &m, gbe_null(ISA_TYPE_UD), payload);
   if (s)
      s->eot = eot;
}

void
gbe_vue_halt_target(struct gbe_ctx *c)
{
   if (c->has_halt)
      gbe_emit(&c->b, ISA_OP_HALT, gbe_null(ISA_TYPE_D), gbe_null(ISA_TYPE_D),
               gbe_null(ISA_TYPE_D), gbe_null(ISA_TYPE_D));
}

void
gbe_vue_finish(struct gbe_ctx *c, unsigned handle_grf, const struct gbe_vue_map *vue,
               struct gbe_reg (*out)[4])
{
   gbe_vue_halt_target(c);
   for (unsigned first = 0; first < vue->num_rows; first += GBE_VUE_ROWS_PER_WRITE) {
      unsigned n = vue->num_rows - first < GBE_VUE_ROWS_PER_WRITE ? vue->num_rows - first
                                                                   : GBE_VUE_ROWS_PER_WRITE;
      gbe_vue_urb_write(c, handle_grf, first, n, out[first], 4 * n,
                        first + n == vue->num_rows);
   }
}

/* The vertex stage (Gen8+, SIMD8: a vertex a channel): the thread payload,
 * the vertex attributes and draw parameters read from it, and the vertex
 * entry (VUE) written back at the end with URB SIMD8 writes, the last of
 * which ends the thread.  The layouts are those struct gbe_vs_info and
 * struct gbe_vue_map describe (gbe.h); the payload is the one
 * src/vgpu/3d/vgpu_vs.c documents (PRM Vol 7 "VS Thread Payload").
 *
 * Outputs live in registers while the shader runs, one per VUE row
 * component, so that a store under control flow writes only the channels
 * that execute it; the rows go out once, at the end. */
#include <stdlib.h>
#include <string.h>

#include "gbe_vue.h"
#include "gbe_xfb.h"

#define URB_HANDLE_GRF 1
#define PUSH_GRF 2

struct gbe_vs_ctx {
   unsigned input_grf;                   /* input row 0's x */
   struct gbe_reg out[GBE_VUE_MAX_ROWS][4];  /* UD; GBE_BAD: the component is 0 */
};

/* What an input or output access reaches: a variable, an element of it
 * when it is an array (a location, or a clip/cull distance) and the
 * first vector component; with an index known only at run time (UD, a
 * value a channel: GBE_BAD when none), also the elements it picks among
 * and how far apart they are (locations or distances; 0: components). */
struct io_ref {
   const struct ir_var *var;
   uint32_t elem, comp;
   struct gbe_reg index;
   uint32_t index_count, index_stride;
};

/* Locations a variable's type takes, 0 when the stage cannot have it. */
static uint32_t
type_locations(const struct ir_type *t)
{
   if (t->kind == IR_TYPE_ARRAY)
      return t->length * type_locations(t->elem);
   if (t->kind == IR_TYPE_STRUCT) {
      /* members take consecutive locations (Vulkan "Location Assignment") */
      uint32_t n = 0;
      for (uint32_t m = 0; m < t->num_members; m++) {
         uint32_t k = type_locations(t->members[m]);
         if (!k)
            return 0;
         n += k;
      }
      return n;
   }
   if ((t->kind == IR_TYPE_FLOAT || t->kind == IR_TYPE_INT) && t->bits == 32)
      return 1;
   /* a 64-bit vector of three or four components takes two (Vulkan
    * "Location Assignment") */
   if ((t->kind == IR_TYPE_FLOAT || t->kind == IR_TYPE_INT) && t->bits == 64)
      return t->comps > 2 ? 2 : 1;
   return 0;
}

static bool
has_64bit(const struct ir_type *t)
{
   if (t->kind == IR_TYPE_ARRAY)
      return has_64bit(t->elem);
   for (uint32_t m = 0; t->kind == IR_TYPE_STRUCT && m < t->num_members; m++) {
      if (has_64bit(t->members[m]))
         return true;
   }
   return t->bits == 64;
}

static const char *
io_name(const struct ir_var *v)
{
   return v->storage == IR_STORAGE_INPUT ? "input" : "output";
}

/* The variable an access goes to, checked for what the stage supports. */
static const struct ir_var *
io_var(struct gbe_ctx *c, const struct ir_instr *ptr)
{
   while (ptr->op == IR_OP_deref_array || ptr->op == IR_OP_deref_struct)
      ptr = ptr->srcs[0];
   if (ptr->op != IR_OP_deref_var)
      return gbe_fail(c->p, "%%%u (%s): a vertex shader input or output through a pointer "
                      "the back end cannot follow", ptr->index, ir_op_infos[ptr->op].name),
             NULL;
   const struct ir_var *v = ptr->var;
   if (!type_locations(v->type))
      return gbe_fail(c->p, "vertex shader %s \"%s\": only 32-bit scalars, vectors, "
                      "arrays and structs of them are supported yet", io_name(v),
                      v->name ? v->name : ""), NULL;
   if (v->storage == IR_STORAGE_OUTPUT && has_64bit(v->type))
      return gbe_fail(c->p, "vertex shader output \"%s\": 64-bit outputs are not supported "
                      "yet", v->name ? v->name : ""), NULL;
   return v;
}

static bool
io_ref(struct gbe_ctx *c, const struct ir_instr *ptr, struct io_ref *r)
{
   if (ptr->op != IR_OP_deref_array && ptr->op != IR_OP_deref_struct) {
      *r = (struct io_ref){ .var = io_var(c, ptr), .index = { .file = GBE_BAD } };
      return r->var != NULL;
   }
   if (!io_ref(c, ptr->srcs[0], r))
      return false;
   if (ptr->op == IR_OP_deref_struct) {
      const struct ir_type *st = ptr->srcs[0]->type->pointee;
      for (uint32_t m = 0; m < ptr->imm; m++)
         r->elem += type_locations(st->members[m]);
      return true;
   }
   const struct ir_instr *idx = ptr->srcs[1];
   const struct ir_type *pt = ptr->srcs[0]->type->pointee;
   uint32_t n = pt->kind == IR_TYPE_ARRAY ? pt->length : pt->comps;
   uint32_t stride = pt->kind == IR_TYPE_ARRAY ? type_locations(pt->elem) : 0;
   if (idx->op != IR_OP_const) {
      if (r->index.file != GBE_BAD)
         return gbe_fail(c->p, "%%%u: a vertex shader %s indexed at run time twice",
                         ptr->index, io_name(r->var));
      struct gbe_reg *v = gbe_val(c, idx);
      if (!v)
         return gbe_fail(c->p, "%%%u: an index the back end has not computed", ptr->index);
      r->index = gbe_retype(v[0], ISA_TYPE_UD);
      r->index_count = n;
      r->index_stride = stride;
      return true;
   }
   uint64_t k = idx->value[0];
   if (k >= n)
      return gbe_fail(c->p, "%%%u: index %llu outside the %s's %u elements", ptr->index,
                      (unsigned long long)k, io_name(r->var), n);
   if (stride)
      r->elem += (uint32_t)k * stride;
   else
      r->comp += (uint32_t)k;
   return true;
}

/* ---- setup: what the shader reads and writes, the payload ---- */

struct vs_scan {
   bool sysval[IR_SYSVAL_COUNT];
   uint32_t inputs, outputs;      /* locations */
   uint32_t wide;                 /* inputs: a 64-bit vector of two rows starts here */
   uint32_t push_bytes;
};

static bool
mark_locations(struct gbe_ctx *c, const struct ir_var *v, uint32_t *mask)
{
   uint32_t n = type_locations(v->type);
   if (v->location + n > GBE_MAX_VS_ATTRIBUTES || v->location + n > GBE_MAX_VARYINGS)
      return gbe_fail(c->p, "vertex shader %s \"%s\" at location %u beyond location %u",
                      io_name(v), v->name ? v->name : "", v->location, GBE_MAX_VARYINGS - 1);
   *mask |= (uint32_t)(((1ull << n) - 1) << v->location);
   return true;
}

static bool
mark_input(struct gbe_ctx *c, const struct ir_var *v, struct vs_scan *s)
{
   if (!mark_locations(c, v, &s->inputs))
      return false;
   const struct ir_type *t = v->type->kind == IR_TYPE_ARRAY ? v->type->elem : v->type;
   uint32_t n = v->type->kind == IR_TYPE_ARRAY ? v->type->length : 1;
   if (t->kind == IR_TYPE_ARRAY || t->kind == IR_TYPE_STRUCT)
      return gbe_fail(c->p, "vertex shader input \"%s\": arrays of arrays or structs",
                      v->name ? v->name : "");
   for (uint32_t e = 0; type_locations(t) == 2 && e < n; e++)
      s->wide |= 1u << (v->location + 2 * e);
   return true;
}

static bool
scan_output(struct gbe_ctx *c, const struct ir_var *v, struct vs_scan *s)
{
   if (v->builtin == IR_OUTPUT_NONE)
      return mark_locations(c, v, &s->outputs);
   return gbe_vue_mark_builtin(c, &c->k->vs.vue, v, "vertex shader");
}

static bool
scan(struct gbe_ctx *c, struct vs_scan *s)
{
   for (unsigned v = 0; v < c->s->num_vars; v++) {
      const struct ir_var *var = c->s->vars[v];
      if (var->storage == IR_STORAGE_PUSH_CONSTANT && var->type->size > s->push_bytes)
         s->push_bytes = var->type->size;
      /* a captured output has its VUE slot even when never written */
      if (gbe_xfb_captured(c->s, var) && !scan_output(c, var, s))
         return false;
   }
   ir_foreach_block(b, c->s->entry) {
      ir_foreach_instr(i, b) {
         if (i->op == IR_OP_sysval) {
            s->sysval[i->imm] = true;
            continue;
         }
         if (i->op != IR_OP_load && i->op != IR_OP_store && i->op != IR_OP_atomic)
            continue;
         enum ir_storage st = i->srcs[0]->type->storage;
         if (st != IR_STORAGE_INPUT && st != IR_STORAGE_OUTPUT)
            continue;
         if (i->op == IR_OP_atomic)
            return gbe_fail(c->p, "%%%u: an atomic on a vertex shader input or output",
                            i->index);
         const struct ir_var *v = io_var(c, i->srcs[0]);
         if (!v)
            return false;
         bool ok = st == IR_STORAGE_INPUT ? mark_input(c, v, s) : scan_output(c, v, s);
         if (!ok)
            return false;
      }
   }
   return true;
}

/* Input rows: the locations read in order, then the system-value rows. */
static void
input_rows(struct gbe_vs_info *vs, const struct vs_scan *s, bool multiview)
{
   uint32_t row = 0;
   for (unsigned l = 0; l < GBE_MAX_VS_ATTRIBUTES; l++) {
      if (!(s->inputs & (1u << l)))
         continue;
      /* the VF writes a 64-bit vector of more than four dwords as one
       * element of two rows: one attribute, at its first location */
      unsigned rows = s->wide & (1u << l) ? 2 : 1;
      vs->inputs_read |= 1u << l;
      vs->input_row[l] = (uint8_t)row;
      vs->input_rows[l] = (uint8_t)rows;
      row += rows;
      l += rows - 1;
   }
   const bool *sv = s->sysval;
   vs->uses_base_vertex = sv[IR_SYSVAL_base_vertex] || sv[IR_SYSVAL_vertex_index];
   vs->uses_base_instance = sv[IR_SYSVAL_base_instance] || sv[IR_SYSVAL_instance_index];
   vs->uses_vertex_id = sv[IR_SYSVAL_vertex_id_zero_base] || sv[IR_SYSVAL_vertex_index];
   vs->uses_instance_id = sv[IR_SYSVAL_instance_id] || sv[IR_SYSVAL_instance_index];
   if (vs->uses_base_vertex || vs->uses_base_instance || vs->uses_vertex_id ||
       vs->uses_instance_id)
      vs->sgv_row = (uint8_t)row++;
   /* ViewIndex outside multiview is 0 (Vulkan "ViewIndex"): no row */
   vs->uses_view_index = multiview;
   if (sv[IR_SYSVAL_draw_index] || multiview)
      vs->drawid_row = (uint8_t)row++;
   vs->num_input_rows = row;
   /* 3DSTATE_VS Vertex URB Entry Read Length counts pairs of rows and
    * may not be 0 */
   vs->urb_read_length = row ? (row + 1) / 2 : 1;
}

/* A multiview vertex shader writes the view's layer as the render target
 * array index (Vulkan "Multiview": view i renders to layer i) and
 * ViewIndex in a row after the varyings for the fragment shader. */
static void
vue_rows(struct gbe_vs_info *vs, const struct vs_scan *s, bool multiview)
{
   struct gbe_vue_map *vue = &vs->vue;
   gbe_vue_rows(vue, s->outputs);
   if (multiview) {
      vue->writes_layer = true;
      vue->view_index_row = (uint8_t)vue->num_rows++;
   }
   uint32_t rows = vue->num_rows > vs->urb_read_length * 2 ? vue->num_rows
                                                           : vs->urb_read_length * 2;
   vs->urb_entry_size = (rows * 16 + 63) / 64;
}

/* Component comp of a system-value row (UD, a vertex a channel). */
static struct gbe_reg
sysval_reg(struct gbe_ctx *c, uint8_t row, unsigned comp)
{
   return gbe_fixed(c->vs->input_grf + 4u * row + comp, 0, ISA_TYPE_UD, 1);
}

static bool
vs_setup(struct gbe_ctx *c)
{
   struct gbe_vs_info *vs = &c->k->vs;
   c->vs = calloc(1, sizeof(*c->vs));
   if (!c->vs)
      return !(c->p->oom = true);
   memset(vs->input_row, GBE_NO_SLOT, sizeof(vs->input_row));
   memset(vs->vue.location_row, GBE_NO_SLOT, sizeof(vs->vue.location_row));
   vs->sgv_row = vs->drawid_row = GBE_NO_SLOT;
   struct vs_scan s = { .push_bytes = 0 };
   if (!scan(c, &s))
      return false;
   /* 64-bit buffer atomics read buffer addresses from constants the
    * vertex stage's contract has no place for */
   uint32_t addresses = 0;
   if (!gbe_buffer_addresses(c, &addresses))
      return false;
   if (addresses)
      return gbe_fail(c->p, "64-bit buffer atomics in a vertex shader are not supported yet");
   const bool multiview = c->p->opt->multiview;
   input_rows(vs, &s, multiview);
   vue_rows(vs, &s, multiview);
   if (!gbe_xfb_fill(c->p, c->s, &vs->vue, &c->k->xfb))
      return false;
   vs->grf_start = PUSH_GRF;
   vs->push_bytes = s.push_bytes;
   vs->push_regs = (s.push_bytes + 31) / 32;
   c->cross_regs_at = PUSH_GRF;
   c->vs->input_grf = PUSH_GRF + vs->push_regs;
   /* every GRF of the rows 3DSTATE_VS delivers, the padding row too */
   c->p->first_free_grf = c->vs->input_grf + vs->urb_read_length * 8;
   c->p->eot_regs = 1 + 4 * gbe_vue_last_write_rows(&vs->vue);
   if (c->p->first_free_grf + c->p->eot_regs > GBE_EOT_LAST_GRF)
      return gbe_fail(c->p, "the vertex shader payload does not fit the register file");
   gbe_vue_zero_outputs(c, &vs->vue, c->vs->out);
   if (multiview) {
      const struct gbe_reg view = sysval_reg(c, vs->drawid_row, 1);
      gbe_alu1(&c->b, ISA_OP_MOV, c->vs->out[0][1], view);
      gbe_alu1(&c->b, ISA_OP_MOV, c->vs->out[vs->vue.view_index_row][0], view);
   }
   return true;
}

/* ---- system values ---- */

static bool
vs_sysval(struct gbe_ctx *c, struct ir_instr *i)
{
   struct gbe_reg *d = gbe_def(c, i);
   if (!d)
      return false;
   const struct gbe_vs_info *vs = &c->k->vs;
   struct gbe_reg dst = gbe_retype(d[0], ISA_TYPE_UD);
   switch ((enum ir_sysval)i->imm) {
   case IR_SYSVAL_base_vertex:
      gbe_alu1(&c->b, ISA_OP_MOV, dst, sysval_reg(c, vs->sgv_row, 0));
      return true;
   case IR_SYSVAL_base_instance:
      gbe_alu1(&c->b, ISA_OP_MOV, dst, sysval_reg(c, vs->sgv_row, 1));
      return true;
   case IR_SYSVAL_vertex_index:
      gbe_alu2(&c->b, ISA_OP_ADD, dst, sysval_reg(c, vs->sgv_row, 0),
               sysval_reg(c, vs->sgv_row, 2));
      return true;
   case IR_SYSVAL_vertex_id_zero_base:
      /* the VF's VertexID is zero-based: the index without Base Vertex
       * Location, the position in a sequential draw (src/vgpu/3d/vgpu_vf.c) */
      gbe_alu1(&c->b, ISA_OP_MOV, dst, sysval_reg(c, vs->sgv_row, 2));
      return true;
   case IR_SYSVAL_instance_id:
      gbe_alu1(&c->b, ISA_OP_MOV, dst, sysval_reg(c, vs->sgv_row, 3));
      return true;
   case IR_SYSVAL_instance_index:
      gbe_alu2(&c->b, ISA_OP_ADD, dst, sysval_reg(c, vs->sgv_row, 1),
               sysval_reg(c, vs->sgv_row, 3));
      return true;
   case IR_SYSVAL_draw_index:
      gbe_alu1(&c->b, ISA_OP_MOV, dst, sysval_reg(c, vs->drawid_row, 0));
      return true;
   case IR_SYSVAL_view_index:
      gbe_alu1(&c->b, ISA_OP_MOV, dst, vs->uses_view_index ? sysval_reg(c, vs->drawid_row, 1)
                                                           : gbe_imm(ISA_TYPE_UD, 0));
      return true;
   default:
      return gbe_isel_subgroup_sysval(c, i, dst, "vertex shader");
   }
}

/* ---- inputs and outputs ---- */

static bool
check_value_type(struct gbe_ctx *c, const struct ir_instr *i, const struct ir_type *t,
                 bool wide_ok)
{
   if ((t->kind == IR_TYPE_FLOAT || t->kind == IR_TYPE_INT) &&
       (t->bits == 32 || (wide_ok && t->bits == 64)))
      return true;
   return gbe_fail(c->p, "%%%u: a vertex shader input or output access of a type other "
                   "than 32-bit scalars and vectors", i->index);
}

/* A move of an access; predicated on f0.0 for one choice of a run-time
 * index. */
static void
access_mov(struct gbe_ctx *c, struct gbe_reg dst, struct gbe_reg src, bool pred)
{
   struct gbe_inst *m = gbe_alu1(&c->b, ISA_OP_MOV, dst, src);
   m->pred = pred;
}

/* Dwords of the input rows: dword k of the attribute at row `row` in
 * GRF row * 4 + k (a two-row attribute runs on into the next row). */
static bool
load_input(struct gbe_ctx *c, struct ir_instr *i, const struct io_ref *r, bool pred)
{
   uint32_t loc = r->var->location + r->elem;
   unsigned dwords = i->type->bits / 32;
   /* a 64-bit vector's components count 32-bit components (SPIR-V
    * Component decoration) */
   uint32_t first = r->var->component + r->comp * dwords;
   if (first + i->type->comps * dwords > 4u * c->k->vs.input_rows[loc])
      return gbe_fail(c->p, "%%%u: an input read past its location's components", i->index);
   struct gbe_reg *d = gbe_def(c, i);
   if (!d)
      return false;
   unsigned grf = c->vs->input_grf + 4u * c->k->vs.input_row[loc] + first;
   for (unsigned k = 0; k < i->type->comps; k++) {
      for (unsigned h = 0; h < dwords; h++) {
         /* a 64-bit value's dwords interleave, low first */
         struct gbe_reg dst = gbe_retype(d[k], ISA_TYPE_UD);
         dst.stride = (uint8_t)dwords;
         access_mov(c, gbe_offset(dst, 4 * h),
                    gbe_fixed(grf + k * dwords + h, 0, ISA_TYPE_UD, 1), pred);
      }
   }
   return true;
}

/* The VUE row and component of an output access of n components. */
static bool
output_slot(struct gbe_ctx *c, const struct ir_instr *i, const struct io_ref *r, unsigned n,
            unsigned *row, unsigned *comp)
{
   const struct gbe_vue_map *vue = &c->k->vs.vue;
   switch (r->var->builtin) {
   case IR_OUTPUT_position:
      *row = 1;
      *comp = r->comp;
      break;
   case IR_OUTPUT_layer: case IR_OUTPUT_viewport_index: case IR_OUTPUT_point_size:
      *row = 0;
      *comp = r->var->builtin == IR_OUTPUT_layer ? 1 :
              r->var->builtin == IR_OUTPUT_viewport_index ? 2 : 3;
      break;
   case IR_OUTPUT_clip_distance: case IR_OUTPUT_cull_distance: {
      unsigned k = r->elem + (r->var->builtin == IR_OUTPUT_cull_distance ? vue->num_clip : 0);
      *row = 2 + k / 4;
      *comp = k % 4;
      /* distances go one by one: a whole-array access would cross rows */
      if (n != 1)
         return gbe_fail(c->p, "%%%u: clip or cull distances accessed as a whole", i->index);
      break;
   }
   default:
      *row = vue->location_row[r->var->location + r->elem];
      *comp = r->var->component + r->comp;
      break;
   }
   if (*comp + n > 4)
      return gbe_fail(c->p, "%%%u: an output access past its row's four components", i->index);
   return true;
}

static bool
store_output(struct gbe_ctx *c, struct ir_instr *i, const struct io_ref *r, bool pred)
{
   const struct ir_type *t = i->srcs[1]->type;
   unsigned row, comp;
   if (!check_value_type(c, i, t, false) || !output_slot(c, i, r, t->comps, &row, &comp))
      return false;
   struct gbe_reg *v = gbe_val(c, i->srcs[1]);
   if (!v)
      return gbe_fail(c->p, "%%%u: stores a value the back end has not computed", i->index);
   for (unsigned k = 0; k < t->comps; k++)
      access_mov(c, c->vs->out[row][comp + k], gbe_retype(v[k], ISA_TYPE_UD), pred);
   return true;
}

static bool
load_output(struct gbe_ctx *c, struct ir_instr *i, const struct io_ref *r, bool pred)
{
   unsigned row, comp;
   if (!output_slot(c, i, r, i->type->comps, &row, &comp))
      return false;
   struct gbe_reg *d = gbe_def(c, i);
   if (!d)
      return false;
   for (unsigned k = 0; k < i->type->comps; k++)
      access_mov(c, gbe_retype(d[k], ISA_TYPE_UD), c->vs->out[row][comp + k], pred);
   return true;
}

static bool
access(struct gbe_ctx *c, struct ir_instr *i, const struct io_ref *r, bool pred)
{
   if (i->op == IR_OP_store)
      return r->var->storage == IR_STORAGE_OUTPUT ? store_output(c, i, r, pred)
                                                  : gbe_fail(c->p, "%%%u: a store to a vertex "
                                                             "shader input", i->index);
   bool input = r->var->storage == IR_STORAGE_INPUT;
   if (!check_value_type(c, i, i->type, input))
      return false;
   return input ? load_input(c, i, r, pred)
                                              : load_output(c, i, r, pred);
}

/* An access at a run-time index: the access of each element the index
 * may pick, predicated on the index picking it.  A load takes element 0
 * unpredicated first, so that an index out of bounds (undefined in
 * SPIR-V) still reads something defined; a store out of bounds writes
 * nothing. */
static bool
dynamic_access(struct gbe_ctx *c, struct ir_instr *i, const struct io_ref *r)
{
   for (uint32_t e = 0; e < r->index_count; e++) {
      struct io_ref one = *r;
      if (r->index_stride)
         one.elem += e * r->index_stride;
      else
         one.comp += e;
      bool pred = e || i->op == IR_OP_store;
      if (pred) {
         struct gbe_inst *m = gbe_alu2(&c->b, ISA_OP_CMP, gbe_null(ISA_TYPE_UD), r->index,
                                       gbe_imm(ISA_TYPE_UD, e));
         m->cmod = ISA_CMOD_Z;
      }
      if (!access(c, i, &one, pred))
         return false;
   }
   return true;
}

static bool
vs_instr(struct gbe_ctx *c, struct ir_instr *i)
{
   if (i->op != IR_OP_load && i->op != IR_OP_store)
      return gbe_fail(c->p, "%%%u (%s): not available in a vertex shader", i->index,
                      ir_op_infos[i->op].name);
   struct io_ref r;
   if (!io_ref(c, i->srcs[0], &r))
      return false;
   return r.index.file == GBE_BAD ? access(c, i, &r, false) : dynamic_access(c, i, &r);
}

/* ---- the end: the VUE ---- */

static void
vs_finish(struct gbe_ctx *c)
{
   gbe_vue_finish(c, URB_HANDLE_GRF, &c->k->vs.vue, c->vs->out);
}

const struct gbe_stage_ops gbe_vs_ops = {
   .setup = vs_setup, .sysval = vs_sysval, .instr = vs_instr, .finish = vs_finish,
};

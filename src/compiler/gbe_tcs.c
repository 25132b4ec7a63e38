/* The tessellation control stage as the hull shader (Gen8+ SINGLE_PATCH
 * dispatch, an output control point a channel; the payload and the patch
 * entry layout are those struct gbe_tcs_info describes, as
 * src/vgpu/3d/vgpu_tess.c models them), and what both tessellation
 * stages share (gbe_tess.h).
 *
 * Inputs are read from the VS's VUEs by URB SIMD8 reads through the
 * input control points' handles; outputs go to the patch entry by URB
 * SIMD8 writes at the store itself (per-vertex ones at a per-slot offset,
 * the vertex's), so that a later read of an output in the same thread
 * sees it and what each channel writes lands in its own vertex. */
#include <stdlib.h>
#include <string.h>

#include "gbe_tess.h"

#define ICP_GRF 1
/* 32 input control points, eight handles a GRF (PRM Vol 7 "HS Thread
 * Payload": Include Vertex Handles) */
#define ICP_GRFS 4
#define MAX_CONTROL_POINTS 32
#define PUSH_GRF (ICP_GRF + ICP_GRFS)
#define SLOTS 8

/* ---- shared with gbe_tes.c ---- */

uint32_t
gbe_tess_locations(const struct ir_type *t)
{
   if (t->kind == IR_TYPE_ARRAY)
      return t->length * gbe_tess_locations(t->elem);
   if ((t->kind == IR_TYPE_FLOAT || t->kind == IR_TYPE_INT) && t->bits == 32)
      return 1;
   return 0;
}

static bool
per_vertex(const struct ir_shader *s, const struct ir_var *v)
{
   if (v->patch || v->builtin == IR_OUTPUT_tess_level_outer ||
       v->builtin == IR_OUTPUT_tess_level_inner)
      return false;
   return v->storage == IR_STORAGE_INPUT || s->stage == IR_STAGE_TESS_CTRL;
}

bool
gbe_tess_ref(struct gbe_ctx *c, const struct ir_instr *ptr, struct gbe_tess_ref *r)
{
   const struct ir_instr *chain[16];
   unsigned n = 0;
   while (ptr->op == IR_OP_deref_array || ptr->op == IR_OP_deref_struct) {
      if (n == 16)
         return gbe_fail(c->p, "%%%u: an input or output access nested too deep", ptr->index);
      chain[n++] = ptr;
      ptr = ptr->srcs[0];
   }
   if (ptr->op != IR_OP_deref_var)
      return gbe_fail(c->p, "%%%u: a tessellation input or output through a pointer the "
                      "back end cannot follow", ptr->index);
   *r = (struct gbe_tess_ref){ .var = ptr->var, .vertex = { .file = GBE_BAD } };
   bool vertex_level = per_vertex(c->s, r->var);
   while (n--) {
      const struct ir_instr *d = chain[n];
      const struct ir_type *pt = d->srcs[0]->type->pointee;
      if (d->op == IR_OP_deref_struct)
         return gbe_fail(c->p, "%%%u: tessellation inputs and outputs in structs are not "
                         "supported yet", d->index);
      const struct ir_instr *idx = d->srcs[1];
      if (vertex_level) {
         vertex_level = false;
         if (idx->op == IR_OP_const) {
            r->vertex_const = (uint32_t)idx->value[0];
            if (r->vertex_const >= pt->length || r->vertex_const >= MAX_CONTROL_POINTS)
               return gbe_fail(c->p, "%%%u: control point %u out of range", d->index,
                               r->vertex_const);
            continue;
         }
         struct gbe_reg *v = gbe_val(c, idx);
         if (!v)
            return gbe_fail(c->p, "%%%u: an index the back end has not computed", d->index);
         r->vertex = gbe_retype(v[0], ISA_TYPE_UD);
         continue;
      }
      if (idx->op != IR_OP_const)
         return gbe_fail(c->p, "%%%u: a tessellation input or output indexed at run time "
                         "other than by control point is not supported yet", d->index);
      uint64_t k = idx->value[0];
      if (pt->kind == IR_TYPE_ARRAY) {
         if (k >= pt->length)
            return gbe_fail(c->p, "%%%u: index %llu outside the array", d->index,
                            (unsigned long long)k);
         r->elem += (uint32_t)k * (gbe_tess_locations(pt->elem) ? gbe_tess_locations(pt->elem) : 1);
      } else {
         r->comp += (uint32_t)k;
      }
   }
   return true;
}

bool
gbe_tess_io_ref(struct gbe_ctx *c, struct ir_instr *i, const char *stage, struct gbe_tess_ref *r)
{
   if (i->op != IR_OP_load && i->op != IR_OP_store)
      return gbe_fail(c->p, "%%%u (%s): not available in a %s", i->index,
                      ir_op_infos[i->op].name, stage);
   if (!gbe_tess_ref(c, i->srcs[0], r))
      return false;
   if (r->var->storage == IR_STORAGE_INPUT && i->op == IR_OP_store)
      return gbe_fail(c->p, "%%%u: a store to an input", i->index);
   return true;
}

bool
gbe_tess_check_type(struct gbe_ctx *c, const struct ir_instr *i, const char *what,
                    const struct ir_type *t)
{
   if ((t->kind == IR_TYPE_FLOAT || t->kind == IR_TYPE_INT) && t->bits == 32)
      return true;
   return gbe_fail(c->p, "%%%u: a %s input or output access of a type other than 32-bit "
                   "scalars and vectors", i->index, what);
}

bool
gbe_tess_accessed(struct gbe_ctx *c, bool *accessed)
{
   ir_foreach_block(b, c->s->entry) {
      ir_foreach_instr(i, b) {
         if (i->op != IR_OP_load && i->op != IR_OP_store && i->op != IR_OP_atomic)
            continue;
         enum ir_storage st = i->srcs[0]->type->storage;
         if (st != IR_STORAGE_INPUT && st != IR_STORAGE_OUTPUT)
            continue;
         if (i->op == IR_OP_atomic)
            return gbe_fail(c->p, "%%%u: an atomic on a tessellation input or output",
                            i->index);
         const struct ir_instr *p = i->srcs[0];
         while (p->op == IR_OP_deref_array || p->op == IR_OP_deref_struct)
            p = p->srcs[0];
         if (p->op == IR_OP_deref_var)
            accessed[p->var->index] = true;
      }
   }
   return true;
}

bool
gbe_tess_slot(struct gbe_ctx *c, const struct ir_instr *i, const struct gbe_vue_map *vue,
              const struct gbe_tess_ref *r, unsigned n, unsigned *row, unsigned *comp)
{
   switch (r->var->builtin) {
   case IR_OUTPUT_position:
      *row = 1;
      *comp = r->comp;
      break;
   case IR_OUTPUT_point_size:
      *row = vue->writes_point_size ? 0 : GBE_NO_SLOT;
      *comp = 3;
      break;
   case IR_OUTPUT_NONE: {
      uint32_t loc = r->var->location + r->elem;
      *row = loc < GBE_MAX_VARYINGS ? vue->location_row[loc] : GBE_NO_SLOT;
      *comp = r->var->component + r->comp;
      break;
   }
   default:
      return gbe_fail(c->p, "%%%u: tessellation input or output %s is not supported yet",
                      i->index, ir_output_builtin_names[r->var->builtin]);
   }
   if (*comp + n > 4)
      return gbe_fail(c->p, "%%%u: an access past its row's four components", i->index);
   return true;
}

void
gbe_tess_urb_read(struct gbe_ctx *c, struct gbe_reg handle, struct gbe_reg offset,
                  unsigned row, unsigned comp, unsigned n, struct gbe_reg *dst)
{
   bool per_slot = offset.file != GBE_BAD;
   unsigned mlen = 1 + per_slot, rlen = comp + n;
   struct gbe_reg payload = gbe_vreg(c->p, ISA_TYPE_UD, SLOTS * mlen);
   struct gbe_reg reply = gbe_vreg(c->p, ISA_TYPE_UD, SLOTS * rlen);
   gbe_alu1(&c->b, ISA_OP_MOV, payload, handle);
   if (per_slot)
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_offset(payload, 32), offset);
   struct isa_send_msg m = {
      .msg = ISA_MSG_URB_SIMD8_READ, .mlen = (uint8_t)mlen, .rlen = (uint8_t)rlen,
      .header = true, .offset = (uint16_t)row, .per_slot_offset = per_slot,
   };
   gbe_send(c, &m, reply, payload);
   for (unsigned k = 0; k < n; k++)
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(dst[k], ISA_TYPE_UD),
               gbe_offset(reply, 32 * (comp + k)));
}

/* ---- setup ---- */

static bool
mark_output(struct gbe_ctx *c, const struct ir_var *v, uint32_t *locs)
{
   struct gbe_tcs_info *tcs = &c->k->tcs;
   switch (v->builtin) {
   case IR_OUTPUT_tess_level_outer: case IR_OUTPUT_tess_level_inner:
   case IR_OUTPUT_position:
      return true;
   case IR_OUTPUT_point_size:
      tcs->vue.writes_point_size = true;
      return true;
   case IR_OUTPUT_NONE:
      break;
   default:
      return gbe_fail(c->p, "tessellation control output %s is not supported yet",
                      ir_output_builtin_names[v->builtin]);
   }
   if (v->patch)
      return gbe_fail(c->p, "tessellation control output \"%s\": per-patch outputs other "
                      "than the tessellation levels are not supported yet",
                      v->name ? v->name : "");
   const struct ir_type *t = v->type->kind == IR_TYPE_ARRAY ? v->type->elem : v->type;
   return gbe_vue_mark_varying(c, v, t, "tessellation control", locs);
}

static bool
scan(struct gbe_ctx *c, uint32_t *locs, uint32_t *push_bytes)
{
   bool *accessed = calloc(c->s->num_vars + 1, sizeof(*accessed));
   if (!accessed)
      return !(c->p->oom = true);
   bool ok = gbe_tess_accessed(c, accessed);
   for (unsigned v = 0; ok && v < c->s->num_vars; v++) {
      const struct ir_var *var = c->s->vars[v];
      if (var->storage == IR_STORAGE_PUSH_CONSTANT && var->type->size > *push_bytes)
         *push_bytes = var->type->size;
      if (var->storage == IR_STORAGE_OUTPUT && accessed[v])
         ok = mark_output(c, var, locs);
   }
   free(accessed);
   return ok;
}

static enum ir_prim
tcs_domain(const struct ir_shader *s, const struct gbe_options *opt)
{
   enum ir_prim d = opt->tess_domain ? opt->tess_domain : s->info.input_prim;
   return d == IR_PRIM_triangles || d == IR_PRIM_quads || d == IR_PRIM_isolines ? d
                                                                               : IR_PRIM_none;
}

/* Each channel's output control point: R0 DWord 2's instance number
 * (bits 23:17 on Gen8-10, 22:16 from Gen11, as vgpu_tess.c and Mesa
 * read it) times eight plus the channel. */
static void
invocation_id(struct gbe_ctx *c)
{
   struct gbe_reg inv = gbe_tmp(c, ISA_TYPE_UD);
   unsigned shift = c->p->gen >= ISA_GEN11 ? 16 : 17;
   gbe_alu2(&c->b, ISA_OP_SHR, inv, gbe_fixed(0, 8, ISA_TYPE_UD, 0), gbe_imm(ISA_TYPE_UD, shift));
   gbe_alu2(&c->b, ISA_OP_AND, inv, inv, gbe_imm(ISA_TYPE_UD, 0x7f));
   gbe_alu2(&c->b, ISA_OP_SHL, inv, inv, gbe_imm(ISA_TYPE_UD, 3));
   gbe_alu2(&c->b, ISA_OP_ADD, inv, inv, gbe_lane_index(c));
   c->tess->invocation = inv;
}

static bool
tcs_setup(struct gbe_ctx *c)
{
   struct gbe_tcs_info *tcs = &c->k->tcs;
   c->tess = calloc(1, sizeof(*c->tess));
   if (!c->tess)
      return !(c->p->oom = true);
   if (!c->p->opt->input_vue)
      return gbe_fail(c->p, "a tessellation control shader needs the vertex shader's VUE "
                      "layout (gbe_options.input_vue)");
   tcs->domain = tcs_domain(c->s, c->p->opt);
   if (tcs->domain == IR_PRIM_none)
      return gbe_fail(c->p, "a tessellation control shader needs the domain "
                      "(gbe_options.tess_domain)");
   tcs->spacing = c->s->info.spacing;
   tcs->ccw = c->s->info.ccw;
   tcs->point_mode = c->s->info.point_mode;
   tcs->tess_declared = c->s->info.tess_declared;
   tcs->output_vertices = c->s->info.output_vertices;
   if (!tcs->output_vertices || tcs->output_vertices > MAX_CONTROL_POINTS)
      return gbe_fail(c->p, "tessellation control shader of %u output vertices (OutputVertices "
                      "1 to %u)", tcs->output_vertices, MAX_CONTROL_POINTS);
   tcs->instances = (tcs->output_vertices + SLOTS - 1) / SLOTS;
   memset(tcs->vue.location_row, GBE_NO_SLOT, sizeof(tcs->vue.location_row));
   uint32_t locs = 0;
   if (!scan(c, &locs, &tcs->push_bytes))
      return false;
   uint32_t addresses = 0;
   if (!gbe_buffer_addresses(c, &addresses))
      return false;
   if (addresses)
      return gbe_fail(c->p, "64-bit buffer atomics in a tessellation control shader are not "
                      "supported yet");
   uint32_t row = gbe_vue_rows(&tcs->vue, locs);
   uint32_t rows = GBE_PATCH_HEADER_ROWS + tcs->output_vertices * row;
   tcs->urb_entry_size = (rows * 16 + 63) / 64;
   tcs->grf_start = PUSH_GRF;
   tcs->push_regs = (tcs->push_bytes + 31) / 32;
   c->cross_regs_at = PUSH_GRF;
   c->p->first_free_grf = PUSH_GRF + tcs->push_regs;
   c->p->eot_regs = 3;
   invocation_id(c);
   if (tcs->instances * SLOTS > tcs->output_vertices) {
      /* the channels past the patch's output control points do nothing */
      struct gbe_inst *m = gbe_alu2(&c->b, ISA_OP_CMP, gbe_null(ISA_TYPE_UD),
                                    c->tess->invocation,
                                    gbe_imm(ISA_TYPE_UD, tcs->output_vertices));
      m->cmod = ISA_CMOD_L;
      struct gbe_inst *i = gbe_emit(&c->b, ISA_OP_IF, gbe_null(ISA_TYPE_D),
                                    gbe_null(ISA_TYPE_D), gbe_null(ISA_TYPE_D),
                                    gbe_null(ISA_TYPE_D));
      i->pred = 1;
      c->tess->in_if = true;
   }
   return true;
}

/* ---- system values ---- */

static bool
tcs_sysval(struct gbe_ctx *c, struct ir_instr *i)
{
   struct gbe_reg *d = gbe_def(c, i);
   if (!d)
      return false;
   struct gbe_reg dst = gbe_retype(d[0], ISA_TYPE_UD);
   switch ((enum ir_sysval)i->imm) {
   case IR_SYSVAL_invocation_id:
      gbe_alu1(&c->b, ISA_OP_MOV, dst, c->tess->invocation);
      return true;
   case IR_SYSVAL_primitive_id:
      gbe_alu1(&c->b, ISA_OP_MOV, dst, gbe_fixed(0, 4, ISA_TYPE_UD, 0));
      return true;
   default:
      return gbe_isel_subgroup_sysval(c, i, dst, "tessellation control shader");
   }
}

/* ---- inputs: the VS's VUEs ---- */

static struct gbe_reg
a0_uw(void)
{
   return (struct gbe_reg){ .file = GBE_ARF, .type = ISA_TYPE_UW, .nr = ISA_ARF_ADDRESS,
                            .stride = 1 };
}

/* Each channel's input control point handle: a register-indirect read of
 * the payload's handles (PRM Vol 7 "Register Region Restrictions": a VxH
 * region, a0 one byte address a channel), the index clamped into them;
 * a0 valid in every channel first, as Gen11+ read disabled channels'
 * addresses too. */
static struct gbe_reg
icp_handle(struct gbe_ctx *c, const struct gbe_tess_ref *r)
{
   if (r->vertex.file == GBE_BAD)
      return gbe_fixed(ICP_GRF + r->vertex_const / 8, 4 * (r->vertex_const % 8), ISA_TYPE_UD, 0);
   struct gbe_reg off = gbe_tmp(c, ISA_TYPE_UD);
   struct gbe_inst *sel = gbe_alu2(&c->b, ISA_OP_SEL, off, r->vertex,
                                   gbe_imm(ISA_TYPE_UD, MAX_CONTROL_POINTS - 1));
   sel->cmod = ISA_CMOD_L;
   gbe_alu2(&c->b, ISA_OP_SHL, off, off, gbe_imm(ISA_TYPE_UD, 2));
   unsigned at = ICP_GRF * 32;
   struct gbe_builder saved = c->b;
   c->b.we_all = true;
   gbe_alu1(&c->b, ISA_OP_MOV, a0_uw(), gbe_imm(ISA_TYPE_UW, at));
   c->b.we_all = saved.we_all;
   struct gbe_reg o = gbe_retype(off, ISA_TYPE_UW);
   o.stride = 2;
   gbe_alu2(&c->b, ISA_OP_ADD, a0_uw(), o, gbe_imm(ISA_TYPE_UW, at));
   struct gbe_reg h = gbe_tmp(c, ISA_TYPE_UD);
   struct gbe_reg src = { .file = GBE_FIXED, .type = ISA_TYPE_UD, .stride = 1,
                          .indirect = true };
   gbe_alu1(&c->b, ISA_OP_MOV, h, src);
   return h;
}

static bool
load_input(struct gbe_ctx *c, struct ir_instr *i, const struct gbe_tess_ref *r)
{
   unsigned row, comp, n = i->type->comps;
   if (!gbe_tess_check_type(c, i, "tessellation", i->type) ||
       !gbe_tess_slot(c, i, c->p->opt->input_vue, r, n, &row, &comp))
      return false;
   struct gbe_reg *d = gbe_def(c, i);
   if (!d)
      return false;
   if (row == GBE_NO_SLOT) {
      /* the vertex shader does not write it: undefined, read as 0 */
      for (unsigned k = 0; k < n; k++)
         gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(d[k], ISA_TYPE_UD), gbe_imm(ISA_TYPE_UD, 0));
      return true;
   }
   gbe_tess_urb_read(c, icp_handle(c, r), (struct gbe_reg){ .file = GBE_BAD }, row, comp, n, d);
   return true;
}

/* ---- outputs: the patch entry ---- */

static struct gbe_reg
patch_handle(void)
{
   return gbe_fixed(0, 0, ISA_TYPE_UD, 0);
}

/* The patch header DWord of tessellation level k (outer or inner) in
 * the domain; -1 when the domain has no such level (the TE ignores it). */
static int
level_dword(enum ir_prim domain, bool outer, unsigned k)
{
   switch (domain) {
   case IR_PRIM_quads:
      return outer ? (k < 4 ? 7 - (int)k : -1) : (k < 2 ? 3 - (int)k : -1);
   case IR_PRIM_triangles:
      return outer ? (k < 3 ? 7 - (int)k : -1) : (k == 0 ? 4 : -1);
   default:
      return outer && k < 2 ? 6 + (int)k : -1;
   }
}

/* A URB SIMD8 write of n dwords from component comp of row `row` (plus
 * each channel's offset, when given) of the patch entry, only those
 * components (Channel Mask Present: bits 19:16 of each slot's mask). */
static void
patch_write(struct gbe_ctx *c, struct gbe_reg offset, unsigned row, unsigned comp,
            unsigned n, const struct gbe_reg *v)
{
   bool per_slot = offset.file != GBE_BAD;
   unsigned hdr = 2 + per_slot, len = hdr + comp + n;
   struct gbe_reg payload = gbe_vreg(c->p, ISA_TYPE_UD, SLOTS * len);
   gbe_alu1(&c->b, ISA_OP_MOV, payload, patch_handle());
   if (per_slot)
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_offset(payload, 32), offset);
   gbe_alu1(&c->b, ISA_OP_MOV, gbe_offset(payload, 32 * (1 + per_slot)),
            gbe_imm(ISA_TYPE_UD, (((1u << n) - 1) << comp) << 16));
   for (unsigned k = 0; k < comp; k++)
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_offset(payload, 32 * (hdr + k)), gbe_imm(ISA_TYPE_UD, 0));
   for (unsigned k = 0; k < n; k++)
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_offset(payload, 32 * (hdr + comp + k)),
               gbe_retype(v[k], ISA_TYPE_UD));
   struct isa_send_msg m = {
      .msg = ISA_MSG_URB_SIMD8_WRITE, .mlen = (uint8_t)len, .header = true,
      .offset = (uint16_t)row, .per_slot_offset = per_slot, .channel_masked = true,
   };
   gbe_send(c, &m, gbe_null(ISA_TYPE_UD), payload);
}

/* The vertex's offset in rows from vertex 0 (UD per channel), GBE_BAD
 * for a constant vertex, whose rows go into *row. */
static struct gbe_reg
vertex_offset(struct gbe_ctx *c, const struct gbe_tess_ref *r, unsigned *row)
{
   unsigned rows = c->k->tcs.vue.num_rows;
   *row += GBE_PATCH_HEADER_ROWS;
   if (r->vertex.file == GBE_BAD) {
      *row += r->vertex_const * rows;
      return (struct gbe_reg){ .file = GBE_BAD };
   }
   struct gbe_reg off = gbe_tmp(c, ISA_TYPE_UD);
   gbe_alu2(&c->b, ISA_OP_MUL, off, r->vertex, gbe_imm(ISA_TYPE_UW, rows));
   return off;
}

static bool
level_access(struct gbe_ctx *c, struct ir_instr *i, const struct gbe_tess_ref *r)
{
   bool store = i->op == IR_OP_store;
   const struct ir_type *t = store ? i->srcs[1]->type : i->type;
   if (!gbe_tess_check_type(c, i, "tessellation", t))
      return false;
   struct gbe_reg *v = store ? gbe_val(c, i->srcs[1]) : gbe_def(c, i);
   if (!v)
      return store ? gbe_fail(c->p, "%%%u: stores a value the back end has not computed",
                              i->index) : false;
   bool outer = r->var->builtin == IR_OUTPUT_tess_level_outer;
   for (unsigned k = 0; k < t->comps; k++) {
      int dw = level_dword(c->k->tcs.domain, outer, r->elem + r->comp + k);
      if (dw < 0) {
         if (!store)
            gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(v[k], ISA_TYPE_UD), gbe_imm(ISA_TYPE_UD, 0));
         continue;
      }
      struct gbe_reg none = { .file = GBE_BAD };
      if (store)
         patch_write(c, none, (unsigned)dw / 4, (unsigned)dw % 4, 1, &v[k]);
      else
         gbe_tess_urb_read(c, patch_handle(), none, (unsigned)dw / 4, (unsigned)dw % 4, 1, &v[k]);
   }
   return true;
}

static bool
vertex_access(struct gbe_ctx *c, struct ir_instr *i, const struct gbe_tess_ref *r)
{
   bool store = i->op == IR_OP_store;
   const struct ir_type *t = store ? i->srcs[1]->type : i->type;
   unsigned row, comp;
   if (!gbe_tess_check_type(c, i, "tessellation", t) ||
       !gbe_tess_slot(c, i, &c->k->tcs.vue, r, t->comps, &row, &comp))
      return false;
   if (row == GBE_NO_SLOT)
      return gbe_fail(c->p, "%%%u: an output the layout has no row for", i->index);
   struct gbe_reg off = vertex_offset(c, r, &row);
   if (store) {
      struct gbe_reg *v = gbe_val(c, i->srcs[1]);
      if (!v)
         return gbe_fail(c->p, "%%%u: stores a value the back end has not computed", i->index);
      patch_write(c, off, row, comp, t->comps, v);
      return true;
   }
   struct gbe_reg *d = gbe_def(c, i);
   if (!d)
      return false;
   gbe_tess_urb_read(c, patch_handle(), off, row, comp, t->comps, d);
   return true;
}

static bool
tcs_instr(struct gbe_ctx *c, struct ir_instr *i)
{
   struct gbe_tess_ref r;
   if (!gbe_tess_io_ref(c, i, "tessellation control shader", &r))
      return false;
   if (r.var->storage == IR_STORAGE_INPUT)
      return load_input(c, i, &r);
   if (r.var->builtin == IR_OUTPUT_tess_level_outer ||
       r.var->builtin == IR_OUTPUT_tess_level_inner)
      return level_access(c, i, &r);
   return vertex_access(c, i, &r);
}

/* ---- the end ---- */

/* The thread ends with a URB write, as every 3D thread: 0 into the patch
 * header's DWord 0, which no domain's levels use (Mesa's hull shaders
 * end the same way). */
static void
tcs_finish(struct gbe_ctx *c)
{
   gbe_vue_halt_target(c);
   if (c->tess->in_if)
      gbe_emit(&c->b, ISA_OP_ENDIF, gbe_null(ISA_TYPE_D), gbe_null(ISA_TYPE_D),
               gbe_null(ISA_TYPE_D), gbe_null(ISA_TYPE_D));
   struct gbe_reg payload = gbe_fixed(GBE_EOT_LAST_GRF + 1 - 3, 0, ISA_TYPE_UD, 1);
   struct gbe_builder saved = c->b;
   c->b.exec_size = SLOTS;
   c->b.group = 0;
   c->b.we_all = true;
   gbe_alu1(&c->b, ISA_OP_MOV, payload, patch_handle());
   gbe_alu1(&c->b, ISA_OP_MOV, gbe_offset(payload, 32), gbe_imm(ISA_TYPE_UD, 1u << 16));
   gbe_alu1(&c->b, ISA_OP_MOV, gbe_offset(payload, 64), gbe_imm(ISA_TYPE_UD, 0));
   struct isa_send_msg m = {
      .msg = ISA_MSG_URB_SIMD8_WRITE, .mlen = 3, .header = true, .channel_masked = true,
   };
   struct gbe_inst *s = gbe_send(c, &m, gbe_null(ISA_TYPE_UD), payload);
   if (s)
      s->eot = true;
   c->b = saved;
}

const struct gbe_stage_ops gbe_tcs_ops = {
   .setup = tcs_setup, .sysval = tcs_sysval, .instr = tcs_instr, .finish = tcs_finish,
};

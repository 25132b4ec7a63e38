/* The geometry stage (Gen8+ 3DSTATE_GS Dispatch Mode SIMD8: an object,
 * one invocation of an input primitive, a channel).  The payload and the
 * output entry are those struct gbe_gs_info describes, as
 * src/vgpu/3d/vgpu_gs.c models them (PRM Vol 7 "GS Thread Payload").
 *
 * Input vertices are pulled: the payload carries each input vertex's URB
 * handle (Include Vertex Handles) and a load is a URB SIMD8 read of the
 * previous stage's VUE (gbe_options.input_vue), as the tessellation
 * stages read theirs (gbe_tess.h).  Outputs live in registers as in the
 * vertex shader; EmitVertex writes them to the output entry at the
 * channel's vertex count (a per-slot offset) and counts the vertex;
 * EndPrimitive and non-zero streams set the control data header's bits,
 * which the thread writes with the vertex count at its end. */
#include <stdlib.h>
#include <string.h>

#include "gbe_tess.h"
#include "gbe_xfb.h"

#define OUT_HANDLE_GRF 1
#define PRIMITIVE_ID_GRF 2
#define VERTEX_HANDLES_GRF 3
#define MAX_INPUT_VERTICES 6
/* the 32-byte vertex count before the control data header */
#define COUNT_ROWS 2
/* 3DSTATE_GS Control Data Header Size is 4 bits of 32-byte units */
#define MAX_HEADER_DWORDS (15 * 8)
/* 3D_Prim_Topo_Type */
#define PRIM_POINTLIST 1
#define PRIM_LINESTRIP 3
#define PRIM_TRISTRIP 5

struct gbe_gs_ctx {
   struct gbe_reg out[GBE_VUE_MAX_ROWS][4];   /* UD; GBE_BAD: 0 */
   struct gbe_reg count;                           /* vertices emitted (UD) */
   struct gbe_reg header[MAX_HEADER_DWORDS];       /* control data (UD) */
   unsigned header_dwords;
   unsigned bits_per_vertex;                       /* 0: no header */
};

/* ---- setup ---- */

static bool
topologies(struct gbe_ctx *c, struct gbe_gs_info *gs)
{
   const struct ir_stage_info *info = &c->s->info;
   switch (info->input_prim) {
   case IR_PRIM_points: gs->input_vertices = 1; break;
   case IR_PRIM_lines: gs->input_vertices = 2; break;
   case IR_PRIM_lines_adjacency: gs->input_vertices = 4; break;
   case IR_PRIM_triangles: gs->input_vertices = 3; break;
   case IR_PRIM_triangles_adjacency: gs->input_vertices = 6; break;
   default:
      return gbe_fail(c->p, "a geometry shader without an input primitive (InputPoints, "
                      "InputLines, InputLinesAdjacency, Triangles, InputTrianglesAdjacency)");
   }
   switch (info->output_prim) {
   case IR_PRIM_points: gs->output_topology = PRIM_POINTLIST; break;
   case IR_PRIM_line_strip: gs->output_topology = PRIM_LINESTRIP; break;
   case IR_PRIM_triangle_strip: gs->output_topology = PRIM_TRISTRIP; break;
   default:
      return gbe_fail(c->p, "a geometry shader without an output primitive (OutputPoints, "
                      "OutputLineStrip, OutputTriangleStrip)");
   }
   if (!info->output_vertices)
      return gbe_fail(c->p, "a geometry shader without OutputVertices");
   gs->max_output_vertices = info->output_vertices;
   gs->invocations = info->invocations ? info->invocations : 1;
   /* 3DSTATE_GS Instance Control is 5 bits */
   if (gs->invocations > 32)
      return gbe_fail(c->p, "a geometry shader of %u invocations (at most 32)",
                      gs->invocations);
   return true;
}

/* The control data header: a cut bit a vertex for strips ended by
 * EndPrimitive, two stream bits a vertex when a vertex goes to a stream
 * other than 0 (3DSTATE_GS Control Data Format CUT and SID). */
static bool
control_data(struct gbe_ctx *c, struct gbe_gs_info *gs)
{
   bool cuts = false;
   ir_foreach_block(b, c->s->entry) {
      ir_foreach_instr(i, b) {
         if (i->op == IR_OP_end_primitive)
            cuts = true;
         if (i->op == IR_OP_emit_vertex || i->op == IR_OP_end_primitive) {
            if (i->imm > 3)
               return gbe_fail(c->p, "%%%u: stream %u (at most 3)", i->index,
                               (unsigned)i->imm);
            gs->streams |= 1u << i->imm;
         }
      }
   }
   gs->streams |= 1u;
   if (gs->streams > 1) {
      if (gs->output_topology != PRIM_POINTLIST)
         return gbe_fail(c->p, "vertex streams with an output primitive other than points");
      gs->control_data_format = GBE_GS_CONTROL_SID;
      c->gs->bits_per_vertex = 2;
   } else if (cuts && gs->output_topology != PRIM_POINTLIST) {
      gs->control_data_format = GBE_GS_CONTROL_CUT;
      c->gs->bits_per_vertex = 1;
   }
   uint32_t bits = c->gs->bits_per_vertex * gs->max_output_vertices;
   c->gs->header_dwords = (bits + 31) / 32;
   gs->control_data_header_size = (bits + 255) / 256;
   if (c->gs->header_dwords > MAX_HEADER_DWORDS)
      return gbe_fail(c->p, "a geometry shader of %u output vertices with cuts or streams",
                      gs->max_output_vertices);
   return true;
}

static bool
scan_outputs(struct gbe_ctx *c, uint32_t *locs)
{
   struct gbe_gs_info *gs = &c->k->gs;
   bool *accessed = calloc(c->s->num_vars + 1, sizeof(*accessed));
   if (!accessed)
      return !(c->p->oom = true);
   bool ok = gbe_tess_accessed(c, accessed);
   for (unsigned v = 0; ok && v < c->s->num_vars; v++) {
      const struct ir_var *var = c->s->vars[v];
      if (var->storage == IR_STORAGE_PUSH_CONSTANT && var->type->size > gs->push_bytes)
         gs->push_bytes = var->type->size;
      if (var->storage == IR_STORAGE_OUTPUT && (accessed[v] || gbe_xfb_captured(c->s, var)))
         ok = gbe_vue_mark_output(c, &gs->vue, var, "geometry shader", locs);
   }
   free(accessed);
   return ok;
}

static void
zero_outputs(struct gbe_ctx *c)
{
   gbe_vue_zero_outputs(c, &c->k->gs.vue, c->gs->out);
   c->gs->count = gbe_tmp(c, ISA_TYPE_UD);
   gbe_alu1(&c->b, ISA_OP_MOV, c->gs->count, gbe_imm(ISA_TYPE_UD, 0));
   for (unsigned d = 0; d < c->gs->header_dwords; d++) {
      c->gs->header[d] = gbe_tmp(c, ISA_TYPE_UD);
      gbe_alu1(&c->b, ISA_OP_MOV, c->gs->header[d], gbe_imm(ISA_TYPE_UD, 0));
   }
}

/* Rows of the last URB write of the thread: the control data header's
 * last rows, or the vertex count's row without a header. */
static unsigned
last_write_rows(const struct gbe_gs_ctx *g)
{
   unsigned rows = (g->header_dwords + 3) / 4;
   if (!rows)
      return 1;
   unsigned n = rows % GBE_VUE_ROWS_PER_WRITE;
   return n ? n : GBE_VUE_ROWS_PER_WRITE;
}

static bool
gs_setup(struct gbe_ctx *c)
{
   struct gbe_gs_info *gs = &c->k->gs;
   c->gs = calloc(1, sizeof(*c->gs));
   if (!c->gs)
      return !(c->p->oom = true);
   if (!c->p->opt->input_vue)
      return gbe_fail(c->p, "a geometry shader needs the previous stage's output layout "
                      "(gbe_options.input_vue)");
   if (c->p->simd != 8)
      return gbe_fail(c->p, "geometry shaders run SIMD8 only (asked SIMD%u)", c->p->simd);
   memset(gs->vue.location_row, GBE_NO_SLOT, sizeof(gs->vue.location_row));
   uint32_t locs = 0;
   if (!topologies(c, gs) || !control_data(c, gs) || !scan_outputs(c, &locs))
      return false;
   uint32_t addresses = 0;
   if (!gbe_buffer_addresses(c, &addresses))
      return false;
   if (addresses)
      return gbe_fail(c->p, "64-bit buffer atomics in a geometry shader are not supported yet");
   gbe_vue_rows(&gs->vue, locs);
   if (!gbe_xfb_fill(c->p, c->s, &gs->vue, &c->k->xfb))
      return false;
   gs->output_vertex_rows = gs->vue.num_rows;
   uint32_t rows = COUNT_ROWS + 2 * gs->control_data_header_size +
                   gs->max_output_vertices * gs->output_vertex_rows;
   gs->urb_entry_size = (rows * 16 + 63) / 64;
   /* 3DSTATE_URB_GS URB Entry Allocation Size is 9 bits of 64-byte units */
   if (gs->urb_entry_size > 512)
      return gbe_fail(c->p, "the geometry shader's output (%u vertices of %u rows) exceeds "
                      "a URB entry", gs->max_output_vertices, gs->output_vertex_rows);
   gs->include_primitive_id = true;
   gs->urb_read_length = 0;
   /* an instanced thread holds one primitive's instances: one GRF of
    * handles, vertex k's in DWord k (src/vgpu/3d/vgpu_gs.c) */
   unsigned handle_grfs = gs->invocations > 1 ? 1 : gs->input_vertices;
   gs->grf_start = VERTEX_HANDLES_GRF + handle_grfs;
   gs->push_regs = (gs->push_bytes + 31) / 32;
   c->cross_regs_at = gs->grf_start;
   c->p->first_free_grf = gs->grf_start + gs->push_regs;
   c->p->eot_regs = 1 + 4 * last_write_rows(c->gs);
   zero_outputs(c);
   return true;
}

/* ---- system values ---- */

static bool
gs_sysval(struct gbe_ctx *c, struct ir_instr *i)
{
   struct gbe_reg *d = gbe_def(c, i);
   if (!d)
      return false;
   struct gbe_reg dst = gbe_retype(d[0], ISA_TYPE_UD);
   switch ((enum ir_sysval)i->imm) {
   case IR_SYSVAL_primitive_id:
      gbe_alu1(&c->b, ISA_OP_MOV, dst, gbe_fixed(PRIMITIVE_ID_GRF, 0, ISA_TYPE_UD, 1));
      return true;
   case IR_SYSVAL_invocation_id:
      /* the instance number in bits 31:27 of the output handle */
      gbe_alu2(&c->b, ISA_OP_SHR, dst, gbe_fixed(OUT_HANDLE_GRF, 0, ISA_TYPE_UD, 1),
               gbe_imm(ISA_TYPE_UD, 27));
      return true;
   default:
      return gbe_isel_subgroup_sysval(c, i, dst, "geometry shader");
   }
}

/* ---- inputs ---- */

static struct gbe_reg
vertex_handle(const struct gbe_ctx *c, unsigned k)
{
   if (c->k->gs.invocations > 1)
      return gbe_fixed(VERTEX_HANDLES_GRF, 4 * k, ISA_TYPE_UD, 0);
   return gbe_fixed(VERTEX_HANDLES_GRF + k, 0, ISA_TYPE_UD, 1);
}

/* Each channel's handle of the vertex a run-time index picks (vertex 0's
 * for an index out of range, which SPIR-V leaves undefined). */
static struct gbe_reg
picked_handle(struct gbe_ctx *c, struct gbe_reg vertex)
{
   struct gbe_reg h = gbe_tmp(c, ISA_TYPE_UD);
   gbe_alu1(&c->b, ISA_OP_MOV, h, vertex_handle(c, 0));
   for (unsigned k = 1; k < c->k->gs.input_vertices; k++) {
      struct gbe_inst *m = gbe_alu2(&c->b, ISA_OP_CMP, gbe_null(ISA_TYPE_UD), vertex,
                                    gbe_imm(ISA_TYPE_UD, k));
      m->cmod = ISA_CMOD_Z;
      gbe_alu1(&c->b, ISA_OP_MOV, h, vertex_handle(c, k))->pred = true;
   }
   return h;
}

static bool
load_input(struct gbe_ctx *c, struct ir_instr *i, const struct gbe_tess_ref *r)
{
   const struct gbe_vue_map *in = c->p->opt->input_vue;
   unsigned row, comp, n = i->type->comps;
   if (!gbe_tess_check_type(c, i, "geometry shader", i->type) ||
       !gbe_tess_slot(c, i, in, r, n, &row, &comp))
      return false;
   if (r->vertex.file == GBE_BAD && r->vertex_const >= c->k->gs.input_vertices)
      return gbe_fail(c->p, "%%%u: input vertex %u of a primitive of %u", i->index,
                      r->vertex_const, c->k->gs.input_vertices);
   struct gbe_reg *d = gbe_def(c, i);
   if (!d)
      return false;
   if (row == GBE_NO_SLOT || row >= in->num_rows) {
      /* the previous stage does not write it: undefined, read as 0 */
      for (unsigned k = 0; k < n; k++)
         gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(d[k], ISA_TYPE_UD), gbe_imm(ISA_TYPE_UD, 0));
      return true;
   }
   struct gbe_reg handle = r->vertex.file == GBE_BAD ? vertex_handle(c, r->vertex_const)
                                                     : picked_handle(c, r->vertex);
   gbe_tess_urb_read(c, handle, (struct gbe_reg){ .file = GBE_BAD }, row, comp, n, d);
   return true;
}

/* ---- outputs ---- */

static bool
output_slot(struct gbe_ctx *c, const struct ir_instr *i, const struct gbe_tess_ref *r,
            unsigned n, unsigned *row, unsigned *comp)
{
   const struct gbe_vue_map *vue = &c->k->gs.vue;
   if (!gbe_vue_output_slot(c, i, vue, r, n, row, comp))
      return false;
   if (*row >= vue->num_rows)
      return gbe_fail(c->p, "%%%u: an output the geometry shader's VUE has no row for",
                      i->index);
   return true;
}

static bool
output_access(struct gbe_ctx *c, struct ir_instr *i, const struct gbe_tess_ref *r)
{
   const struct ir_type *t = i->op == IR_OP_store ? i->srcs[1]->type : i->type;
   unsigned row, comp;
   if (!gbe_tess_check_type(c, i, "geometry shader", t) ||
       !output_slot(c, i, r, t->comps, &row, &comp))
      return false;
   return gbe_vue_output_access(c, i, &c->gs->out[row][comp]);
}

/* ---- EmitVertex and EndPrimitive ---- */

/* f0.0 = the channel's vertex count is below the maximum: a vertex past
 * it is not written (SPIR-V leaves its effect undefined). */
static void
flag_room(struct gbe_ctx *c)
{
   struct gbe_inst *m = gbe_alu2(&c->b, ISA_OP_CMP, gbe_null(ISA_TYPE_UD), c->gs->count,
                                 gbe_imm(ISA_TYPE_UD, c->k->gs.max_output_vertices));
   m->cmod = ISA_CMOD_L;
}

/* ORs value << (bit % 32) into control data DWord bit / 32 of each
 * channel, bit a per-channel UD; a bit past the header changes nothing. */
static void
set_header_bits(struct gbe_ctx *c, struct gbe_reg bit, uint32_t value)
{
   struct gbe_reg mask = gbe_tmp(c, ISA_TYPE_UD), dword = gbe_tmp(c, ISA_TYPE_UD);
   gbe_alu1(&c->b, ISA_OP_MOV, mask, gbe_imm(ISA_TYPE_UD, value));
   /* shifts count the low five bits of the shift */
   gbe_alu2(&c->b, ISA_OP_SHL, mask, mask, bit);
   gbe_alu2(&c->b, ISA_OP_SHR, dword, bit, gbe_imm(ISA_TYPE_UD, 5));
   for (unsigned d = 0; d < c->gs->header_dwords; d++) {
      struct gbe_inst *m = gbe_alu2(&c->b, ISA_OP_CMP, gbe_null(ISA_TYPE_UD), dword,
                                    gbe_imm(ISA_TYPE_UD, d));
      m->cmod = ISA_CMOD_Z;
      gbe_alu2(&c->b, ISA_OP_OR, c->gs->header[d], c->gs->header[d], mask)->pred = true;
   }
}

/* URB SIMD8 write of the current output rows [first, first + n) at the
 * channel's vertex, predicated on f0.0. */
static void
write_vertex_rows(struct gbe_ctx *c, unsigned first, unsigned n)
{
   const struct gbe_gs_info *gs = &c->k->gs;
   unsigned len = 2 + 4 * n;
   struct gbe_reg payload = gbe_vreg(c->p, ISA_TYPE_UD, 8 * len);
   gbe_copy_grf(c, payload, OUT_HANDLE_GRF);
   /* the per-slot offset: the vertex's rows past the header */
   gbe_alu2(&c->b, ISA_OP_MUL, gbe_offset(payload, 32), c->gs->count,
            gbe_imm(ISA_TYPE_UW, gs->output_vertex_rows));
   gbe_vue_payload(c, payload, 2, c->gs->out[first], 4 * n, 4 * n);
   struct isa_send_msg m = {
      .msg = ISA_MSG_URB_SIMD8_WRITE, .mlen = (uint8_t)len, .header = true,
      .per_slot_offset = true,
      .offset = (uint16_t)(COUNT_ROWS + 2 * gs->control_data_header_size + first),
   };
   struct gbe_inst *s = gbe_send(c, &m, gbe_null(ISA_TYPE_UD), payload);
   if (s)
      s->pred = true;
}

static void
emit_vertex(struct gbe_ctx *c, uint32_t stream)
{
   const struct gbe_vue_map *vue = &c->k->gs.vue;
   for (unsigned first = 0; first < vue->num_rows; first += GBE_VUE_ROWS_PER_WRITE) {
      unsigned n = vue->num_rows - first < GBE_VUE_ROWS_PER_WRITE ? vue->num_rows - first
                                                                   : GBE_VUE_ROWS_PER_WRITE;
      flag_room(c);
      write_vertex_rows(c, first, n);
   }
   if (stream && c->k->gs.control_data_format == GBE_GS_CONTROL_SID) {
      struct gbe_reg bit = gbe_tmp(c, ISA_TYPE_UD);
      gbe_alu2(&c->b, ISA_OP_SHL, bit, c->gs->count, gbe_imm(ISA_TYPE_UD, 1));
      set_header_bits(c, bit, stream);
   }
   flag_room(c);
   gbe_alu2(&c->b, ISA_OP_ADD, c->gs->count, c->gs->count, gbe_imm(ISA_TYPE_UD, 1))->pred =
      true;
}

/* The strip ends after the last vertex emitted: its cut bit.  With no
 * vertex yet the bit number wraps to beyond the header. */
static void
end_primitive(struct gbe_ctx *c)
{
   if (c->k->gs.control_data_format != GBE_GS_CONTROL_CUT || !c->gs->bits_per_vertex)
      return;
   struct gbe_reg bit = gbe_tmp(c, ISA_TYPE_UD);
   gbe_alu2(&c->b, ISA_OP_ADD, bit, c->gs->count, gbe_imm(ISA_TYPE_D, (uint32_t)-1));
   set_header_bits(c, bit, 1);
}

static bool
gs_instr(struct gbe_ctx *c, struct ir_instr *i)
{
   if (i->op == IR_OP_emit_vertex) {
      emit_vertex(c, (uint32_t)i->imm);
      return true;
   }
   if (i->op == IR_OP_end_primitive) {
      end_primitive(c);
      return true;
   }
   struct gbe_tess_ref r;
   if (!gbe_tess_io_ref(c, i, "geometry shader", &r))
      return false;
   if (r.var->storage == IR_STORAGE_INPUT)
      return load_input(c, i, &r);
   if (r.vertex.file != GBE_BAD)
      return gbe_fail(c->p, "%%%u: an output indexed at run time is not supported yet",
                      i->index);
   return output_access(c, i, &r);
}

/* ---- the end: the vertex count and the control data header ---- */

static void
gs_finish(struct gbe_ctx *c)
{
   gbe_vue_halt_target(c);
   const unsigned header_rows = (c->gs->header_dwords + 3) / 4;
   gbe_vue_urb_write(c, OUT_HANDLE_GRF, 0, 1, &c->gs->count, 1, !header_rows);
   for (unsigned first = 0; first < header_rows; first += GBE_VUE_ROWS_PER_WRITE) {
      unsigned n = header_rows - first < GBE_VUE_ROWS_PER_WRITE ? header_rows - first
                                                                : GBE_VUE_ROWS_PER_WRITE;
      gbe_vue_urb_write(c, OUT_HANDLE_GRF, COUNT_ROWS + first, n, &c->gs->header[4 * first],
                        c->gs->header_dwords - 4 * first, first + n == header_rows);
   }
}

const struct gbe_stage_ops gbe_gs_ops = {
   .setup = gs_setup, .sysval = gs_sysval, .instr = gs_instr, .finish = gs_finish,
};

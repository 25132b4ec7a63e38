/* Stable, diff-friendly text: values and blocks are renumbered in layout
 * order before printing, one instruction per line, no addresses. */
#include <stdlib.h>

#include "ir.h"

static void
print_const(FILE *f, const struct ir_instr *i)
{
   const struct ir_type *t = i->type;
   for (unsigned c = 0; c < t->comps; c++) {
      fputs(c ? ", " : " ", f);
      if (t->kind == IR_TYPE_FLOAT)
         fprintf(f, t->bits == 64 ? "%.17g" : "%.9g", ir_float_value(t->bits, i->value[c]));
      else if (t->kind == IR_TYPE_BOOL)
         fputs(i->value[c] ? "true" : "false", f);
      else if (i->value[c] < 0x10000)
         fprintf(f, "%llu", (unsigned long long)i->value[c]);
      else
         fprintf(f, "0x%llx", (unsigned long long)i->value[c]);
   }
}

static const char *const atomic_names[] = {
#define IR_X(n) #n,
   IR_ATOMIC_OPS(IR_X)
#undef IR_X
};

const char *const ir_tex_op_names[IR_TEX_OP_COUNT] = {
#define IR_X(n) #n,
   IR_TEX_OPS(IR_X)
#undef IR_X
};

const char *const ir_tex_src_names[IR_TEX_SRC_COUNT] = {
#define IR_X(n) #n,
   IR_TEX_SRCS(IR_X)
#undef IR_X
};

const char *const ir_subgroup_op_names[IR_SUBGROUP_OP_COUNT] = {
#define IR_X(n) #n,
   IR_SUBGROUP_OPS(IR_X)
#undef IR_X
};

const char *const ir_prim_names[] = {
#define IR_X(n) #n,
   IR_PRIMS(IR_X)
#undef IR_X
};

/* Subgroup reductions name their combining op: reduce.iadd */
static void
print_subgroup(FILE *f, const struct ir_instr *i)
{
   fprintf(f, ".%s", ir_subgroup_op_names[i->imm & 0xff]);
   switch (i->imm & 0xff) {
   case IR_SUBGROUP_reduce: case IR_SUBGROUP_inclusive_scan:
   case IR_SUBGROUP_exclusive_scan: case IR_SUBGROUP_clustered_reduce:
      fprintf(f, ".%s", ir_op_infos[i->imm >> 8].name);
      break;
   default:
      break;
   }
}

/* barrier.exec.shared for a workgroup's; other scopes are spelled out:
 * barrier.exec_subgroup.shared.mem_subgroup */
static void
print_barrier(FILE *f, uint32_t imm)
{
   static const char *const scope[] = { "none", "subgroup", "workgroup", "device" };
   enum ir_scope exec = IR_BARRIER_EXEC_SCOPE_OF(imm), mem = IR_BARRIER_MEM_SCOPE_OF(imm);
   if (exec == IR_SCOPE_WORKGROUP)
      fputs(".exec", f);
   else if (exec != IR_SCOPE_NONE)
      fprintf(f, ".exec_%s", scope[exec]);
   fprintf(f, "%s%s%s", imm & IR_BARRIER_WORKGROUP_MEM ? ".shared" : "",
           imm & IR_BARRIER_BUFFER_MEM ? ".buffer" : "",
           imm & IR_BARRIER_IMAGE_MEM ? ".image" : "");
   if ((imm & IR_BARRIER_MEM_MASK) && mem != IR_SCOPE_WORKGROUP)
      fprintf(f, ".mem_%s", scope[mem]);
}

/* Sources of a tex are printed with their role: coord=%3 */
static void
print_tex_srcs(FILE *f, const struct ir_instr *i)
{
   for (unsigned s = 0; s < IR_TEX_SRC_COUNT; s++) {
      int k = ir_tex_src_index(i, s);
      if (k >= 0)
         fprintf(f, "%s%s=%%%u", k ? ", " : " ", ir_tex_src_names[s], i->srcs[k]->index);
   }
   fputc('\n', f);
}

static void
print_instr(FILE *f, const struct ir_instr *i)
{
   fputs("   ", f);
   if (i->type->kind != IR_TYPE_VOID)
      fprintf(f, "%%%u = ", i->index);
   fputs(ir_op_infos[i->op].name, f);
   switch (i->op) {
   case IR_OP_extract:
   case IR_OP_insert:
   case IR_OP_deref_struct:
      fprintf(f, ".%u", i->imm);
      break;
   case IR_OP_sysval:
      fprintf(f, ".%s", ir_sysval_names[i->imm]);
      break;
   case IR_OP_atomic:
      fprintf(f, ".%s", atomic_names[i->imm]);
      break;
   case IR_OP_tex:
      fprintf(f, ".%s", ir_tex_op_names[i->imm & 0xff]);
      break;
   case IR_OP_subgroup:
      print_subgroup(f, i);
      break;
   case IR_OP_emit_vertex:
   case IR_OP_end_primitive:
      fprintf(f, ".%u", i->imm);
      break;
   case IR_OP_barrier:
      print_barrier(f, i->imm);
      break;
   default:
      break;
   }
   if (i->type->kind != IR_TYPE_VOID) {
      fputc(' ', f);
      ir_type_print(f, i->type);
   }
   if (i->op == IR_OP_const)
      print_const(f, i);
   if (i->op == IR_OP_deref_var)
      fprintf(f, " @%u", i->var->index);
   if (i->op == IR_OP_tex) {
      print_tex_srcs(f, i);
      return;
   }
   for (uint32_t s = 0; s < i->num_srcs; s++) {
      fputs(s ? ", " : " ", f);
      if (i->op == IR_OP_phi)
         fprintf(f, "[b%u: ", i->phi_preds[s] ? i->phi_preds[s]->index : 0);
      if (i->srcs[s])
         fprintf(f, "%%%u", i->srcs[s]->index);
      else
         fputs("<null>", f);
      if (i->op == IR_OP_phi)
         fputc(']', f);
   }
   fputc('\n', f);
}

static void
print_terminator(FILE *f, const struct ir_block *b)
{
   if (b->construct == IR_CONSTRUCT_SELECTION)
      fprintf(f, "   selection_merge b%u\n", b->merge->index);
   if (b->construct == IR_CONSTRUCT_LOOP)
      fprintf(f, "   loop_merge b%u continue b%u\n", b->merge->index, b->cont->index);
   switch (b->term) {
   case IR_TERM_NONE: fputs("   <no terminator>\n", f); break;
   case IR_TERM_BR: fprintf(f, "   br b%u\n", b->succs[0]->index); break;
   case IR_TERM_CBR:
      fprintf(f, "   cbr %%%u, b%u, b%u\n", b->cond->index, b->succs[0]->index,
              b->succs[1]->index);
      break;
   case IR_TERM_SWITCH:
      fprintf(f, "   switch %%%u, default b%u", b->cond->index, b->succs[0]->index);
      for (uint32_t i = 1; i < b->num_succs; i++)
         fprintf(f, ", %llu: b%u", (unsigned long long)b->case_values[i - 1],
                 b->succs[i]->index);
      fputc('\n', f);
      break;
   case IR_TERM_RETURN: fputs("   return\n", f); break;
   case IR_TERM_DISCARD: fputs("   discard\n", f); break;
   case IR_TERM_UNREACHABLE: fputs("   unreachable\n", f); break;
   }
}

static const char *const stage_names[] = { "vertex", "fragment", "compute", "tess_ctrl",
                                           "tess_eval", "geometry" };

static void
print_stage_info(FILE *f, const struct ir_shader *s)
{
   static const char *const spacing[] = { "equal", "fractional_even", "fractional_odd" };
   const struct ir_stage_info *in = &s->info;
   switch (s->stage) {
   case IR_STAGE_GEOMETRY:
      fprintf(f, "geometry in %s out %s vertices %u invocations %u\n",
              ir_prim_names[in->input_prim], ir_prim_names[in->output_prim],
              in->output_vertices, in->invocations);
      break;
   case IR_STAGE_TESS_CTRL:
   case IR_STAGE_TESS_EVAL:
      fprintf(f, "tessellation %s %s %s%s patch_vertices %u\n", ir_prim_names[in->input_prim],
              spacing[in->spacing], in->ccw ? "ccw" : "cw", in->point_mode ? " point_mode" : "",
              in->output_vertices);
      break;
   case IR_STAGE_FRAGMENT:
      if (in->early_fragment_tests || in->depth_replacing || in->uses_demote)
         fprintf(f, "fragment%s%s%s\n", in->early_fragment_tests ? " early_fragment_tests" : "",
                 in->depth_replacing ? " depth_replacing" : "",
                 in->uses_demote ? " demote" : "");
      break;
   default:
      break;
   }
   if (in->xfb)
      fputs("xfb\n", f);
}

/* One line per float width with execution modes, in SPIR-V's names. */
static void
print_float_modes(FILE *f, const struct ir_shader *s)
{
   static const char *const names[] = { "SignedZeroInfNanPreserve", "DenormPreserve",
                                        "DenormFlushToZero", "RoundingModeRTE",
                                        "RoundingModeRTZ" };
   for (unsigned bits = 16; bits <= 64; bits *= 2) {
      unsigned modes = ir_float_modes(s, bits);
      if (!modes)
         continue;
      fprintf(f, "float_modes f%u", bits);
      for (unsigned m = 0; m < sizeof(names) / sizeof(names[0]); m++) {
         if (modes & (1u << m))
            fprintf(f, " %s", names[m]);
      }
      fputc('\n', f);
   }
}

void
ir_print(struct ir_shader *s, FILE *f)
{
   fprintf(f, "shader %s\n", stage_names[s->stage]);
   if (s->stage == IR_STAGE_COMPUTE)
      fprintf(f, "workgroup_size %u %u %u\n", s->workgroup_size[0], s->workgroup_size[1],
              s->workgroup_size[2]);
   print_stage_info(f, s);
   print_float_modes(f, s);
   for (uint32_t v = 0; v < s->num_vars; v++) {
      const struct ir_var *var = s->vars[v];
      if (var->promoted)
         continue;
      fprintf(f, "var @%u %s \"%s\"", var->index, ir_storage_name(var->storage), var->name);
      if (var->storage == IR_STORAGE_UBO || var->storage == IR_STORAGE_SSBO ||
          var->storage == IR_STORAGE_DESCRIPTOR)
         fprintf(f, " set %u binding %u", var->set, var->binding);
      if (var->builtin != IR_OUTPUT_NONE)
         fprintf(f, " builtin %s", ir_output_builtin_names[var->builtin]);
      else if (var->storage == IR_STORAGE_INPUT || var->storage == IR_STORAGE_OUTPUT)
         fprintf(f, " location %u component %u", var->location, var->component);
      if (var->patch)
         fputs(" patch", f);
      fprintf(f, "%s%s%s%s", var->interp & IR_INTERP_FLAT ? " flat" : "",
              var->interp & IR_INTERP_NOPERSPECTIVE ? " noperspective" : "",
              var->interp & IR_INTERP_CENTROID ? " centroid" : "",
              var->interp & IR_INTERP_SAMPLE ? " sample" : "");
      if (var->xfb_buffer != IR_NO_XFB)
         fprintf(f, " xfb_buffer %u xfb_stride %u xfb_offset %u", var->xfb_buffer,
                 var->xfb_stride, var->xfb_offset);
      if (var->stream)
         fprintf(f, " stream %u", var->stream);
      fputs(" : ", f);
      ir_type_print(f, var->type);
      fputc('\n', f);
   }
   struct ir_function *fn = s->entry;
   if (!fn)
      return;
   ir_index(fn);
   fprintf(f, "fn %s {\n", fn->name);
   ir_foreach_block(b, fn) {
      fprintf(f, "b%u:", b->index);
      if (b->num_preds) {
         fputs("  ; preds", f);
         for (uint32_t p = 0; p < b->num_preds; p++)
            fprintf(f, " b%u", b->preds[p]->index);
      }
      fputc('\n', f);
      ir_foreach_instr(i, b)
         print_instr(f, i);
      print_terminator(f, b);
   }
   fputs("}\n", f);
}

char *
ir_print_to_string(struct ir_shader *s)
{
   char *buf = NULL;
   size_t len = 0;
   FILE *f = open_memstream(&buf, &len);
   if (!f)
      abort();
   ir_print(s, f);
   fclose(f);
   return buf;
}

/* System values derived from others, as Vulkan defines them (Vulkan spec,
 * "Built-In Variables"), so that a back end only delivers what the
 * hardware produces:
 *   compute:
 *     GlobalInvocationId   = WorkgroupId * WorkgroupSize + LocalInvocationId
 *     LocalInvocationIndex = z * size.x * size.y + y * size.x + x (local id)
 *     WorkgroupSize        = the shader's fixed size (a constant)
 *   vertex:
 *     VertexIndex   = BaseVertex + zero-based vertex id (BaseVertex is
 *                     firstVertex, or vertexOffset for indexed draws)
 *     InstanceIndex = BaseInstance (firstInstance) + zero-based instance id
 *   fragment:
 *     FragCoord  = (pixel + 0.5, z, 1/w), or pixel + SamplePosition when the
 *                  shader runs per sample ("If sample shading is enabled, x
 *                  and y reflect the location of one of the samples")
 *     SampleMask = coverage, restricted to the invocation's own sample when
 *                  per sample (a bit is set iff the sample is covered "for
 *                  this fragment shader invocation")
 *     HelperInvocation = the fixed helper state, unless the shader demotes
 *                  (SPV_EXT_demote_to_helper_invocation: a demoted
 *                  invocation becomes a helper, so every read must observe
 *                  the current state; is_helper then stays)
 * A shader runs per sample when it reads SampleId or SamplePosition, or has
 * an input decorated Sample (Vulkan "Sample Shading").  Not part of ir_optimize: the back end decides. */
#include "ir_builder.h"
#include "ir_pass.h"

struct lower_ctx {
   bool per_sample;
   bool demotes;
};

static struct ir_instr *
size_const(struct ir_builder *b, const struct ir_type *t)
{
   uint64_t v[3];
   for (int c = 0; c < 3; c++)
      v[c] = b->shader->workgroup_size[c];
   return ir_const(b, t, v);
}

static struct ir_instr *
lower_compute(struct ir_builder *b, struct ir_instr *i)
{
   const struct ir_type *t = i->type;
   if (t->comps != (i->imm == IR_SYSVAL_local_invocation_index ? 1 : 3))
      return NULL;   /* the front end always asks for these shapes */
   const struct ir_type *v3 = ir_type_vector(b->shader, ir_type_scalar(b->shader, t), 3);
   switch (i->imm) {
   case IR_SYSVAL_workgroup_size:
      return size_const(b, t);
   case IR_SYSVAL_global_invocation_id: {
      struct ir_instr *wg = ir_sysval(b, IR_SYSVAL_workgroup_id, t);
      struct ir_instr *local = ir_sysval(b, IR_SYSVAL_local_invocation_id, t);
      struct ir_instr *base = ir_op2(b, IR_OP_imul, wg, size_const(b, t));
      return ir_op2(b, IR_OP_iadd, base, local);
   }
   case IR_SYSVAL_local_invocation_index: {
      struct ir_instr *id = ir_sysval(b, IR_SYSVAL_local_invocation_id, v3);
      const struct ir_type *st = ir_type_scalar(b->shader, t);
      uint64_t sx = b->shader->workgroup_size[0];
      uint64_t sxy = sx * b->shader->workgroup_size[1];
      struct ir_instr *x = ir_extract(b, id, 0), *y = ir_extract(b, id, 1);
      struct ir_instr *z = ir_extract(b, id, 2);
      /* one builder call per statement: C leaves argument order open */
      struct ir_instr *ys = ir_op2(b, IR_OP_imul, y, ir_const_splat(b, st, sx));
      struct ir_instr *zs = ir_op2(b, IR_OP_imul, z, ir_const_splat(b, st, sxy));
      return ir_op2(b, IR_OP_iadd, x, ir_op2(b, IR_OP_iadd, ys, zs));
   }
   default:
      return NULL;
   }
}

/* base + zero-based id, in the type the shader reads */
static struct ir_instr *
based_index(struct ir_builder *b, const struct ir_type *t, enum ir_sysval base,
            enum ir_sysval id)
{
   struct ir_instr *bv = ir_sysval(b, base, t);
   struct ir_instr *iv = ir_sysval(b, id, t);
   return ir_op2(b, IR_OP_iadd, bv, iv);
}

static struct ir_instr *
frag_coord(struct ir_builder *b, const struct lower_ctx *lc, const struct ir_type *t)
{
   struct ir_shader *s = b->shader;
   const struct ir_type *f = ir_type_scalar(s, t);
   struct ir_instr *pixel = ir_sysval(b, IR_SYSVAL_pixel_coord, ir_type_int(s, 32, 2));
   struct ir_instr *off = lc->per_sample ? ir_sysval(b, IR_SYSVAL_sample_pos, ir_type_float(s, 32, 2))
                                         : NULL;
   struct ir_instr *comps[4];
   for (unsigned c = 0; c < 2; c++) {
      struct ir_instr *p = ir_alu1(b, IR_OP_u2f, f, ir_extract(b, pixel, c));
      struct ir_instr *o = off ? ir_extract(b, off, c) : ir_imm_float(b, f, 0.5);
      comps[c] = ir_op2(b, IR_OP_fadd, p, o);
   }
   comps[2] = ir_sysval(b, IR_SYSVAL_frag_z, f);
   comps[3] = ir_sysval(b, IR_SYSVAL_frag_w, f);
   return ir_vec(b, 4, comps);
}

static struct ir_instr *
sample_mask_in(struct ir_builder *b, const struct lower_ctx *lc, const struct ir_type *t)
{
   struct ir_instr *cov = ir_sysval(b, IR_SYSVAL_coverage_mask, t);
   if (!lc->per_sample)
      return cov;
   struct ir_instr *id = ir_sysval(b, IR_SYSVAL_sample_id, t);
   struct ir_instr *bit = ir_op2(b, IR_OP_ishl, ir_const_splat(b, t, 1), id);
   return ir_op2(b, IR_OP_iand, cov, bit);
}

static struct ir_instr *
lower_graphics(struct ir_builder *b, const struct lower_ctx *lc, struct ir_instr *i)
{
   const struct ir_type *t = i->type;
   if (t->comps != (i->imm == IR_SYSVAL_frag_coord ? 4 : 1))
      return NULL;   /* the front end always asks for these shapes */
   switch (i->imm) {
   case IR_SYSVAL_vertex_index:
      return based_index(b, t, IR_SYSVAL_base_vertex, IR_SYSVAL_vertex_id_zero_base);
   case IR_SYSVAL_instance_index:
      return based_index(b, t, IR_SYSVAL_base_instance, IR_SYSVAL_instance_id);
   case IR_SYSVAL_frag_coord:
      return t->kind == IR_TYPE_FLOAT && t->bits == 32 ? frag_coord(b, lc, t) : NULL;
   case IR_SYSVAL_sample_mask_in:
      return t->kind == IR_TYPE_INT ? sample_mask_in(b, lc, t) : NULL;
   default:
      return NULL;
   }
}

static struct ir_instr *
lower(struct ir_builder *b, const struct lower_ctx *lc, struct ir_instr *i)
{
   if (i->op == IR_OP_is_helper)
      return lc->demotes ? NULL : ir_sysval(b, IR_SYSVAL_helper_invocation, i->type);
   if (i->op != IR_OP_sysval)
      return NULL;
   struct ir_instr *v = lower_compute(b, i);
   return v ? v : lower_graphics(b, lc, i);
}

static struct lower_ctx
scan(struct ir_shader *s)
{
   struct lower_ctx lc = { .demotes = s->info.uses_demote };
   for (uint32_t v = 0; v < s->num_vars; v++)
      lc.per_sample |= s->vars[v]->storage == IR_STORAGE_INPUT &&
                       (s->vars[v]->interp & IR_INTERP_SAMPLE);
   ir_foreach_block(blk, s->entry) {
      ir_foreach_instr(i, blk) {
         lc.per_sample |= i->op == IR_OP_sysval && (i->imm == IR_SYSVAL_sample_id ||
                                                    i->imm == IR_SYSVAL_sample_pos);
         lc.demotes |= i->op == IR_OP_demote;
      }
   }
   return lc;
}

bool
ir_pass_lower_compute_sysvals(struct ir_shader *s)
{
   struct lower_ctx lc = scan(s);
   bool progress = false;
   ir_foreach_block(blk, s->entry) {
      ir_foreach_instr_safe(i, blk) {
         struct ir_builder b;
         ir_builder_before(&b, i);
         struct ir_instr *v = lower(&b, &lc, i);
         if (!v)
            continue;
         ir_replace_uses(b.func, i, v);
         ir_instr_remove(i);
         progress = true;
      }
   }
   return progress;
}

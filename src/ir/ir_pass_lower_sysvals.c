/* Compute system values derived from others, as Vulkan defines them
 * (Vulkan spec, "Built-In Variables"):
 *   GlobalInvocationId   = WorkgroupId * WorkgroupSize + LocalInvocationId
 *   LocalInvocationIndex = z * size.x * size.y + y * size.x + x (local id)
 *   WorkgroupSize        = the shader's fixed size (a constant)
 * so that a back end only has to deliver WorkgroupId, LocalInvocationId and
 * NumWorkgroups.  Not part of ir_optimize: the back end decides. */
#include "ir_builder.h"
#include "ir_pass.h"

static struct ir_instr *
size_const(struct ir_builder *b, const struct ir_type *t)
{
   uint64_t v[3];
   for (int c = 0; c < 3; c++)
      v[c] = b->shader->workgroup_size[c];
   return ir_const(b, t, v);
}

static struct ir_instr *
lower(struct ir_builder *b, struct ir_instr *i)
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

bool
ir_pass_lower_compute_sysvals(struct ir_shader *s)
{
   bool progress = false;
   ir_foreach_block(blk, s->entry) {
      ir_foreach_instr_safe(i, blk) {
         if (i->op != IR_OP_sysval)
            continue;
         struct ir_builder b;
         ir_builder_before(&b, i);
         struct ir_instr *v = lower(&b, i);
         if (!v)
            continue;
         ir_replace_uses(b.func, i, v);
         ir_instr_remove(i);
         progress = true;
      }
   }
   return progress;
}

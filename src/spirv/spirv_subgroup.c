/* GroupNonUniform instructions (SPIR-V 3.49.24) of
 * VK_KHR_shader_subgroup_{basic,vote,arithmetic,ballot,shuffle,
 * shuffle_relative,clustered,quad}: each becomes one `subgroup` op. */
#include "spirv_private.h"

static const struct { SpvOp spv; enum ir_subgroup_op op; uint8_t srcs; } plain_ops[] = {
   { SpvOpGroupNonUniformElect, IR_SUBGROUP_elect, 0 },
   { SpvOpGroupNonUniformAll, IR_SUBGROUP_all, 1 },
   { SpvOpGroupNonUniformAny, IR_SUBGROUP_any, 1 },
   { SpvOpGroupNonUniformAllEqual, IR_SUBGROUP_all_equal, 1 },
   { SpvOpGroupNonUniformBroadcast, IR_SUBGROUP_broadcast, 2 },
   { SpvOpGroupNonUniformBroadcastFirst, IR_SUBGROUP_broadcast_first, 1 },
   { SpvOpGroupNonUniformBallot, IR_SUBGROUP_ballot, 1 },
   { SpvOpGroupNonUniformInverseBallot, IR_SUBGROUP_inverse_ballot, 1 },
   { SpvOpGroupNonUniformBallotBitExtract, IR_SUBGROUP_ballot_bit_extract, 2 },
   { SpvOpGroupNonUniformBallotFindLSB, IR_SUBGROUP_ballot_find_lsb, 1 },
   { SpvOpGroupNonUniformBallotFindMSB, IR_SUBGROUP_ballot_find_msb, 1 },
   { SpvOpGroupNonUniformShuffle, IR_SUBGROUP_shuffle, 2 },
   { SpvOpGroupNonUniformShuffleXor, IR_SUBGROUP_shuffle_xor, 2 },
   { SpvOpGroupNonUniformShuffleUp, IR_SUBGROUP_shuffle_up, 2 },
   { SpvOpGroupNonUniformShuffleDown, IR_SUBGROUP_shuffle_down, 2 },
   { SpvOpGroupNonUniformQuadBroadcast, IR_SUBGROUP_quad_broadcast, 2 },
};

static const struct { SpvOp spv; enum ir_op op; } reductions[] = {
   { SpvOpGroupNonUniformIAdd, IR_OP_iadd }, { SpvOpGroupNonUniformFAdd, IR_OP_fadd },
   { SpvOpGroupNonUniformIMul, IR_OP_imul }, { SpvOpGroupNonUniformFMul, IR_OP_fmul },
   { SpvOpGroupNonUniformSMin, IR_OP_smin }, { SpvOpGroupNonUniformUMin, IR_OP_umin },
   { SpvOpGroupNonUniformFMin, IR_OP_fmin }, { SpvOpGroupNonUniformSMax, IR_OP_smax },
   { SpvOpGroupNonUniformUMax, IR_OP_umax }, { SpvOpGroupNonUniformFMax, IR_OP_fmax },
   { SpvOpGroupNonUniformBitwiseAnd, IR_OP_iand }, { SpvOpGroupNonUniformBitwiseOr, IR_OP_ior },
   { SpvOpGroupNonUniformBitwiseXor, IR_OP_ixor },
   { SpvOpGroupNonUniformLogicalAnd, IR_OP_band }, { SpvOpGroupNonUniformLogicalOr, IR_OP_bor },
   { SpvOpGroupNonUniformLogicalXor, IR_OP_bxor },
};

static struct ir_instr *
value(struct spirv_ctx *c, uint32_t id)
{
   struct ir_instr *v = spirv_ssa_leaf(c, id);
   if (!ir_type_is_value(v->type))
      spirv_fail(c, "subgroup operand %u is not a scalar or vector", id);
   return v;
}

static enum ir_subgroup_op
group_operation(struct spirv_ctx *c, uint32_t op, enum ir_subgroup_op reduce)
{
   if (op > SpvGroupOperationClusteredReduce)
      spirv_fail(c, "unsupported group operation %u", op);
   return reduce + op;   /* reduce, inclusive, exclusive, clustered in SPIR-V order */
}

/* The back end folds dwords in log-steps (gbe_isel_subgroup.c); 64-bit
 * values and 16-bit floats (VK_KHR_shader_subgroup_extended_types) are
 * folded here instead, lane after lane in lane order: GEN_MAX_LANES
 * broadcasts of a constant lane (the back end reads lane k modulo its
 * SIMD width; a lane beyond it is never in the ballot), each taken when
 * its ballot bit is set and it is in the invocation's scan or cluster. */
#define GEN_MAX_LANES 32

static bool
folded_lane_by_lane(const struct ir_type *t)
{
   return t->kind != IR_TYPE_BOOL && (t->bits == 64 || (t->kind == IR_TYPE_FLOAT && t->bits == 16));
}

/* Whether lane k (a constant) takes part in the invocation's result. */
static struct ir_instr *
lane_counts(struct spirv_ctx *c, enum ir_subgroup_op op, struct ir_instr *active,
            struct ir_instr *lane, uint32_t k, uint32_t cluster)
{
   const struct ir_type *u32 = ir_type_int(c->s, 32, 1), *b = ir_type_bool(c->s, 1);
   struct ir_instr *kk = ir_imm_u32(&c->b, k);
   struct ir_instr *src[2] = { active, kk };
   struct ir_instr *in = ir_subgroup(&c->b, IR_SUBGROUP_ballot_bit_extract, IR_OP_mov, b, 2, src);
   struct ir_instr *where = NULL;
   if (op == IR_SUBGROUP_inclusive_scan)
      where = ir_alu2(&c->b, IR_OP_uge, b, lane, kk);
   else if (op == IR_SUBGROUP_exclusive_scan)
      where = ir_alu2(&c->b, IR_OP_ult, b, kk, lane);
   else if (op == IR_SUBGROUP_clustered_reduce)
      where = ir_alu2(&c->b, IR_OP_ieq, b, ir_imm_u32(&c->b, k / cluster),
                      ir_alu2(&c->b, IR_OP_udiv, u32, lane, ir_imm_u32(&c->b, cluster)));
   return where ? ir_alu2(&c->b, IR_OP_band, b, in, where) : in;
}

static struct ir_instr *
fold_lanes(struct spirv_ctx *c, enum ir_subgroup_op op, enum ir_op alu, struct ir_instr *x,
           uint32_t cluster)
{
   const struct ir_type *t = x->type;
   struct ir_instr *yes = ir_const_splat(&c->b, ir_type_bool(c->s, 1), 1);
   struct ir_instr *active = ir_subgroup(&c->b, IR_SUBGROUP_ballot, IR_OP_mov,
                                         ir_type_int(c->s, 32, 4), 1, &yes);
   struct ir_instr *lane = ir_sysval(&c->b, IR_SYSVAL_subgroup_invocation_id,
                                     ir_type_int(c->s, 32, 1));
   struct ir_instr *acc = ir_const_splat(&c->b, t, ir_subgroup_identity(alu, t));
   for (uint32_t k = 0; k < GEN_MAX_LANES; k++) {
      struct ir_instr *src[2] = { x, ir_imm_u32(&c->b, k) };
      struct ir_instr *v = ir_subgroup(&c->b, IR_SUBGROUP_broadcast, IR_OP_mov, t, 2, src);
      acc = ir_select(&c->b, lane_counts(c, op, active, lane, k, cluster),
                      ir_alu2(&c->b, alu, t, acc, v), acc);
   }
   return acc;
}

static struct ir_instr *
fold_by_lane(struct spirv_ctx *c, enum ir_subgroup_op op, enum ir_op alu, struct ir_instr *x,
             uint32_t cluster)
{
   if (x->type->comps == 1)
      return fold_lanes(c, op, alu, x, cluster);
   struct ir_instr *comps[IR_MAX_COMPS];
   for (unsigned i = 0; i < x->type->comps; i++)
      comps[i] = fold_lanes(c, op, alu, ir_extract(&c->b, x, i), cluster);
   return ir_vec(&c->b, x->type->comps, comps);
}

static struct ir_instr *
reduction(struct spirv_ctx *c, enum ir_op alu, const struct ir_type *t, const uint32_t *w,
          uint32_t n)
{
   need(c, n, 5);
   enum ir_subgroup_op op = group_operation(c, w[3], IR_SUBGROUP_reduce);
   struct ir_instr *src[2] = { value(c, w[4]), NULL };
   if (src[0]->type != t)
      spirv_fail(c, "reduction operand type differs from the result");
   bool fl = t->kind == IR_TYPE_FLOAT, bl = t->kind == IR_TYPE_BOOL;
   bool want_fl = alu == IR_OP_fadd || alu == IR_OP_fmul || alu == IR_OP_fmin || alu == IR_OP_fmax;
   bool want_bl = alu == IR_OP_band || alu == IR_OP_bor || alu == IR_OP_bxor;
   if (fl != want_fl || bl != want_bl)
      spirv_fail(c, "reduction operand type does not fit the operation");
   if (op == IR_SUBGROUP_clustered_reduce) {
      need(c, n, 6);
      uint32_t size = spirv_const_u(c, w[5]);
      if (!size || (size & (size - 1)) || size > 128)
         spirv_fail(c, "cluster size %u is not a power of two up to 128", size);
      src[1] = spirv_ssa_leaf(c, w[5]);
      if (folded_lane_by_lane(t))
         return fold_by_lane(c, op, alu, src[0], size);
   }
   if (folded_lane_by_lane(t))
      return fold_by_lane(c, op, alu, src[0], GEN_MAX_LANES);
   return ir_subgroup(&c->b, op, alu, t, src[1] ? 2 : 1, src);
}

/* AllEqual of 64-bit floats, which the back end does not compare: every
 * component equal (ordered: NaN never is) to the first active lane's. */
static struct ir_instr *
all_equal_f64(struct spirv_ctx *c, struct ir_instr *x)
{
   const struct ir_type *b = ir_type_bool(c->s, 1);
   struct ir_instr *first = ir_subgroup(&c->b, IR_SUBGROUP_broadcast_first, IR_OP_mov,
                                        x->type, 1, &x);
   struct ir_instr *eq = NULL;
   for (unsigned i = 0; i < x->type->comps; i++) {
      struct ir_instr *e = ir_alu2(&c->b, IR_OP_feq, b, ir_extract(&c->b, x, i),
                                   ir_extract(&c->b, first, i));
      eq = eq ? ir_alu2(&c->b, IR_OP_band, b, eq, e) : e;
   }
   return ir_subgroup(&c->b, IR_SUBGROUP_all, IR_OP_mov, b, 1, &eq);
}

static struct ir_instr *
translate(struct spirv_ctx *c, SpvOp op, const struct ir_type *t, const uint32_t *w,
          uint32_t n)
{
   if (op == SpvOpGroupNonUniformAllEqual) {
      need(c, n, 4);
      struct ir_instr *x = value(c, w[3]);
      if (x->type->kind == IR_TYPE_FLOAT && x->type->bits == 64)
         return all_equal_f64(c, x);
   }
   for (unsigned i = 0; i < sizeof(plain_ops) / sizeof(plain_ops[0]); i++) {
      if (plain_ops[i].spv != op)
         continue;
      need(c, n, 3u + plain_ops[i].srcs);
      struct ir_instr *src[2];
      for (unsigned k = 0; k < plain_ops[i].srcs; k++)
         src[k] = value(c, w[3 + k]);
      return ir_subgroup(&c->b, plain_ops[i].op, IR_OP_mov, t, plain_ops[i].srcs, src);
   }
   for (unsigned i = 0; i < sizeof(reductions) / sizeof(reductions[0]); i++)
      if (reductions[i].spv == op)
         return reduction(c, reductions[i].op, t, w, n);
   if (op == SpvOpGroupNonUniformBallotBitCount) {
      need(c, n, 5);
      struct ir_instr *v = value(c, w[4]);
      enum ir_subgroup_op g = group_operation(c, w[3], IR_SUBGROUP_ballot_bit_count);
      if (g > IR_SUBGROUP_ballot_exclusive_bit_count)
         spirv_fail(c, "clustered ballot bit count");
      return ir_subgroup(&c->b, g, IR_OP_mov, t, 1, &v);
   }
   if (op == SpvOpGroupNonUniformQuadSwap) {
      need(c, n, 5);
      struct ir_instr *v = value(c, w[3]);
      uint32_t dir = spirv_const_u(c, w[4]);
      if (dir > 2)
         spirv_fail(c, "quad swap direction %u", dir);
      return ir_subgroup(&c->b, IR_SUBGROUP_quad_swap_horizontal + dir, IR_OP_mov, t, 1, &v);
   }
   return NULL;
}

bool
spirv_subgroup_instr(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n)
{
   if (op < SpvOpGroupNonUniformElect || op > SpvOpGroupNonUniformQuadSwap)
      return false;
   need(c, n, 3);
   if (spirv_const_u(c, w[2]) != SpvScopeSubgroup)
      spirv_fail(c, "unsupported: group operation with a scope other than Subgroup");
   const struct ir_type *t = spirv_value_type(c, spirv_result_type(c, w));
   struct ir_instr *r = translate(c, op, t, w, n);
   if (!r)
      return false;
   spirv_set_leaf(c, w, r);
   return true;
}

/* Subgroup operations of the reference interpreter: what the invocations
 * of one subgroup that reach a `subgroup` instruction together compute
 * (ir_interp.c decides who they are).  The definitions the back ends
 * must meet:
 *
 * - Only the invocations taking part count ("active"); a value read from
 *   an invocation that does not take part, or from an id outside the
 *   subgroup (shuffles, broadcasts), is undefined: 0 here.
 * - Reductions and scans fold the active invocations' values in
 *   increasing id order, left to right, from the operation's identity
 *   (ir_subgroup_identity, SPIR-V's "identity I"): reduce(a, b, c) =
 *   ((I op a) op b) op c, and an exclusive scan of the first active
 *   invocation is I.  For integer operations and min/max any order gives
 *   the same bits; for fadd and fmul the order is part of the result,
 *   and this one is what lavapipe computes (I op a is a, but for fadd's
 *   +0.0 + -0.0).
 * - Ballots are 4 x 32 bits, invocation id k at bit k % 32 of component
 *   k / 32; the bit operations consider only the bits of ids below the
 *   subgroup size (SPIR-V "GroupNonUniformBallotBitCount"). */
#include <math.h>
#include <string.h>

#include "ir_interp_subgroup.h"

uint64_t
ir_subgroup_identity(enum ir_op alu, const struct ir_type *t)
{
   unsigned bits = t->kind == IR_TYPE_BOOL ? 1 : t->bits;
   uint64_t all = bits >= 64 ? ~0ull : (1ull << bits) - 1;
   uint64_t sign = 1ull << (bits - 1);
   switch (alu) {
   case IR_OP_imul: return 1;
   case IR_OP_iand: case IR_OP_band: case IR_OP_umin: return all;
   case IR_OP_smin: return all >> 1;
   case IR_OP_smax: return sign;
   case IR_OP_fmul: return ir_float_bits(bits, 1.0);
   case IR_OP_fmin: return ir_float_bits(bits, INFINITY);
   case IR_OP_fmax: return ir_float_bits(bits, -INFINITY);
   default: return 0;              /* iadd, ior, ixor, umax, bor, bxor */
   }
}

/* acc = acc op v, every component, by the shared evaluator. */
static bool
combine(const struct ir_instr *i, enum ir_op alu, uint64_t *acc, const uint64_t *v)
{
   struct ir_instr *srcs[2] = { i->srcs[0], i->srcs[0] };
   /* in i's block: the shader's float controls apply */
   struct ir_instr fake = { .op = alu, .type = i->type, .num_srcs = 2, .srcs = srcs,
                            .block = i->block };
   const uint64_t *s[2] = { acc, v };
   uint64_t r[IR_MAX_COMPS];
   if (!ir_eval_instr(&fake, s, r))
      return false;
   memcpy(acc, r, i->type->comps * sizeof(*r));
   return true;
}

static void
fill_identity(const struct ir_instr *i, enum ir_op alu, uint64_t *d)
{
   uint64_t id = ir_subgroup_identity(alu, i->type);
   for (unsigned c = 0; c < i->type->comps; c++)
      d[c] = id;
}

/* Reductions, scans and clustered reductions: one running fold per
 * cluster (the whole subgroup but for clustered_reduce). */
static bool
fold(const struct ir_instr *i, enum ir_subgroup_op op, enum ir_op alu, uint32_t size,
     struct ir_sg_lane *l, uint32_t n)
{
   unsigned comps = i->type->comps;
   uint64_t acc[IR_MAX_COMPS];
   uint32_t cluster = op == IR_SUBGROUP_clustered_reduce ? (uint32_t)l[0].src[1][0] : size;
   if (!cluster)
      return false;
   for (uint32_t first = 0; first < n;) {
      uint32_t end = first;
      while (end < n && l[end].id / cluster == l[first].id / cluster)
         end++;
      fill_identity(i, alu, acc);
      for (uint32_t k = first; k < end; k++) {
         if (op == IR_SUBGROUP_exclusive_scan)
            memcpy(l[k].dst, acc, comps * sizeof(*acc));
         if (!combine(i, alu, acc, l[k].src[0]))
            return false;
         if (op == IR_SUBGROUP_inclusive_scan)
            memcpy(l[k].dst, acc, comps * sizeof(*acc));
      }
      if (op == IR_SUBGROUP_reduce || op == IR_SUBGROUP_clustered_reduce) {
         for (uint32_t k = first; k < end; k++)
            memcpy(l[k].dst, acc, comps * sizeof(*acc));
      }
      first = end;
   }
   return true;
}

/* The lane of the invocation with subgroup id `id`, NULL when it does not
 * take part (or is not in the subgroup). */
static const struct ir_sg_lane *
lane_of(const struct ir_sg_lane *l, uint32_t n, int64_t id)
{
   for (uint32_t k = 0; k < n; k++) {
      if (l[k].id == id)
         return &l[k];
   }
   return NULL;
}

/* Each invocation reads source 0 of invocation from(lane). */
static void
gather(const struct ir_instr *i, struct ir_sg_lane *l, uint32_t n, uint32_t size,
       int64_t (*from)(const struct ir_sg_lane *, enum ir_subgroup_op))
{
   enum ir_subgroup_op op = i->imm & 0xff;
   unsigned comps = i->type->comps;
   uint64_t vals[IR_SUBGROUP_MAX][IR_MAX_COMPS];
   for (uint32_t k = 0; k < n; k++) {
      int64_t id = from(&l[k], op);
      const struct ir_sg_lane *src = id >= 0 && id < size ? lane_of(l, n, id) : NULL;
      for (unsigned c = 0; c < comps; c++)
         vals[k][c] = src ? src->src[0][c] : 0;
   }
   for (uint32_t k = 0; k < n; k++)
      memcpy(l[k].dst, vals[k], comps * sizeof(uint64_t));
}

static int64_t
source_id(const struct ir_sg_lane *l, enum ir_subgroup_op op)
{
   int64_t id = l->id, arg = l->src[1] ? (int64_t)(uint32_t)l->src[1][0] : 0;
   switch (op) {
   case IR_SUBGROUP_broadcast: case IR_SUBGROUP_shuffle: return arg;
   case IR_SUBGROUP_shuffle_xor: return id ^ arg;
   case IR_SUBGROUP_shuffle_up: return id - arg;
   case IR_SUBGROUP_shuffle_down: return id + arg;
   case IR_SUBGROUP_quad_broadcast: return arg < 4 ? (id & ~3) + arg : -1;
   case IR_SUBGROUP_quad_swap_horizontal: return id ^ 1;
   case IR_SUBGROUP_quad_swap_vertical: return id ^ 2;
   case IR_SUBGROUP_quad_swap_diagonal: return id ^ 3;
   default: return -1;
   }
}

/* Bit k of a ballot value (4 x 32 bits). */
static bool
ballot_bit(const uint64_t *v, uint32_t k)
{
   return k < 128 && ((v[k / 32] >> (k % 32)) & 1);
}

/* The ballot operations on one invocation's value. */
static uint64_t
ballot_op(enum ir_subgroup_op op, const uint64_t *v, uint32_t id, uint32_t size,
          uint64_t arg)
{
   uint64_t count = 0, lsb = UINT32_MAX, msb = UINT32_MAX;
   for (uint32_t k = 0; k < size; k++) {
      if (!ballot_bit(v, k))
         continue;
      if (lsb == UINT32_MAX)
         lsb = k;
      msb = k;
      if (op == IR_SUBGROUP_ballot_bit_count || k < id ||
          (k == id && op == IR_SUBGROUP_ballot_inclusive_bit_count))
         count++;
   }
   switch (op) {
   case IR_SUBGROUP_ballot_find_lsb: return lsb;
   case IR_SUBGROUP_ballot_find_msb: return msb;
   case IR_SUBGROUP_ballot_bit_extract: return arg < 128 && ballot_bit(v, (uint32_t)arg);
   case IR_SUBGROUP_inverse_ballot: return ballot_bit(v, id);
   default: return count;
   }
}

/* elect, all, any, all_equal, broadcast_first, ballot: values over the
 * active invocations, the same for each. */
static bool
uniform_op(const struct ir_instr *i, enum ir_subgroup_op op, struct ir_sg_lane *l, uint32_t n)
{
   const struct ir_type *st = i->num_srcs ? i->srcs[0]->type : NULL;
   uint64_t ballot[4] = { 0 };
   bool all = true, any = false, equal = true;
   for (uint32_t k = 0; k < n; k++) {
      bool b = st && l[k].src[0][0];
      all &= b;
      any |= b;
      if (b && l[k].id < 128)
         ballot[l[k].id / 32] |= 1ull << (l[k].id % 32);
      if (op == IR_SUBGROUP_all_equal && k) {
         struct ir_instr *srcs[2] = { i->srcs[0], i->srcs[0] };
         struct ir_instr eq = { .op = st->kind == IR_TYPE_FLOAT ? IR_OP_feq : IR_OP_ieq,
                                .type = st, .num_srcs = 2, .srcs = srcs,
                                .block = i->block };
         const uint64_t *s[2] = { l[0].src[0], l[k].src[0] };
         uint64_t r[IR_MAX_COMPS];
         if (!ir_eval_instr(&eq, s, r))
            return false;
         for (unsigned c = 0; c < st->comps; c++)
            equal &= r[c] != 0;
      }
   }
   for (uint32_t k = 0; k < n; k++) {
      uint64_t *d = l[k].dst;
      switch (op) {
      case IR_SUBGROUP_elect: d[0] = k == 0; break;
      case IR_SUBGROUP_all: d[0] = all; break;
      case IR_SUBGROUP_any: d[0] = any; break;
      case IR_SUBGROUP_all_equal: d[0] = equal; break;
      case IR_SUBGROUP_broadcast_first:
         memcpy(d, l[0].src[0], i->type->comps * sizeof(*d));
         break;
      default:
         memcpy(d, ballot, sizeof(ballot));
         break;
      }
   }
   return true;
}

bool
ir_interp_subgroup_op(const struct ir_instr *i, uint32_t size, struct ir_sg_lane *lanes,
                      uint32_t n)
{
   enum ir_subgroup_op op = i->imm & 0xff;
   enum ir_op alu = (enum ir_op)(i->imm >> 8);
   if (!n || size > IR_SUBGROUP_MAX)
      return false;
   switch (op) {
   case IR_SUBGROUP_elect: case IR_SUBGROUP_all: case IR_SUBGROUP_any:
   case IR_SUBGROUP_all_equal: case IR_SUBGROUP_broadcast_first: case IR_SUBGROUP_ballot:
      return uniform_op(i, op, lanes, n);
   case IR_SUBGROUP_inverse_ballot: case IR_SUBGROUP_ballot_bit_extract:
   case IR_SUBGROUP_ballot_bit_count: case IR_SUBGROUP_ballot_inclusive_bit_count:
   case IR_SUBGROUP_ballot_exclusive_bit_count: case IR_SUBGROUP_ballot_find_lsb:
   case IR_SUBGROUP_ballot_find_msb:
      for (uint32_t k = 0; k < n; k++) {
         uint64_t arg = lanes[k].src[1] ? (uint32_t)lanes[k].src[1][0] : 0;
         lanes[k].dst[0] = ballot_op(op, lanes[k].src[0], lanes[k].id, size, arg);
      }
      return true;
   case IR_SUBGROUP_reduce: case IR_SUBGROUP_inclusive_scan: case IR_SUBGROUP_exclusive_scan:
   case IR_SUBGROUP_clustered_reduce:
      return fold(i, op, alu, size, lanes, n);
   case IR_SUBGROUP_broadcast: case IR_SUBGROUP_shuffle: case IR_SUBGROUP_shuffle_xor:
   case IR_SUBGROUP_shuffle_up: case IR_SUBGROUP_shuffle_down: case IR_SUBGROUP_quad_broadcast:
   case IR_SUBGROUP_quad_swap_horizontal: case IR_SUBGROUP_quad_swap_vertical:
   case IR_SUBGROUP_quad_swap_diagonal:
      gather(i, lanes, n, size, source_id);
      return true;
   default:
      return false;
   }
}

void
ir_interp_subgroup_mask(enum ir_sysval sv, uint32_t id, uint32_t size, uint64_t *d)
{
   for (uint32_t c = 0; c < 4; c++) {
      uint32_t bits = 0;
      for (uint32_t b = 0; b < 32; b++) {
         uint32_t k = c * 32 + b;
         bool set = k < size && (sv == IR_SYSVAL_subgroup_eq_mask ? k == id :
                                 sv == IR_SYSVAL_subgroup_ge_mask ? k >= id :
                                 sv == IR_SYSVAL_subgroup_gt_mask ? k > id :
                                 sv == IR_SYSVAL_subgroup_le_mask ? k <= id : k < id);
         bits |= (uint32_t)set << b;
      }
      d[c] = bits;
   }
}

/* Subgroup operations on the EU: the IR's `subgroup` instructions and the
 * subgroup mask system values.  The subgroup is the hardware thread: its
 * SIMD8/16/32 channels, of which the ones enabled at the instruction
 * (dispatch mask and control flow: the execution mask) take part.  The
 * results follow the IR's definitions (src/ir/ir_interp_subgroup.c),
 * floating-point folds in the same left-to-right order included.
 *
 * The building blocks:
 * - Which channels take part: a flag register cleared with NoMask, then a
 *   conditional modifier written under the execution mask sets exactly
 *   the enabled channels' bits (PRM Vol 7 "Conditional Modifier": a
 *   disabled channel's flag bit is not updated); the same gives a
 *   ballot.  f1 is ours: the walk keeps bools for branches in f0.
 * - Reading other channels: regions when the pattern is fixed (a scalar
 *   <0;1,0> for a constant lane, strides of 2 and 4 within quads), else
 *   register-indirect addressing: a0 holds one byte address per channel
 *   and a VxH region reads one element from each (PRM Vol 7 "Register
 *   Region Restrictions", "Indirect addressing").  The data read this way
 *   is copied into a register of its own first, whose address the
 *   encoder fills in (gbe_reg.addr_of) and which is never spilled.
 * - Scans and reductions work on a NoMask copy in which the channels not
 *   taking part hold the operation's identity, in log2(width) steps for
 *   the associative integer and min/max operations, in one ordered chain
 *   of scalar instructions for fadd, fmul (whose rounding depends on the
 *   order) and imul (whose dword form has no strided operands).
 * Results are written under the execution mask: channels not taking part
 * keep their registers (a value defined in a loop stays what it was for
 * the channels that left). */
#include <string.h>

#include "gbe_isel.h"

/* ---- emission ---- */

static unsigned
simd(const struct gbe_ctx *c)
{
   return c->p->simd;
}

/* One instruction on n channels from channel `group`: NoMask when all,
 * else under the execution mask. */
static struct gbe_inst *
emit_n(struct gbe_ctx *c, unsigned n, unsigned group, bool all, enum isa_op op,
       struct gbe_reg d, struct gbe_reg s0, struct gbe_reg s1)
{
   struct gbe_builder b = c->b;
   b.exec_size = (uint8_t)n;
   b.group = (uint8_t)group;
   b.we_all = all;
   return gbe_emit(&b, op, d, s0, s1, gbe_null(ISA_TYPE_UD));
}

static struct gbe_inst *
scalar_op(struct gbe_ctx *c, enum isa_op op, struct gbe_reg d, struct gbe_reg s0,
          struct gbe_reg s1)
{
   return emit_n(c, 1, 0, true, op, d, s0, s1);
}

/* Over the thread's channels under the execution mask (the legaliser
 * splits what spans more than two registers). */
static struct gbe_inst *
masked(struct gbe_ctx *c, enum isa_op op, struct gbe_reg d, struct gbe_reg s0,
       struct gbe_reg s1)
{
   return emit_n(c, simd(c), 0, false, op, d, s0, s1);
}

static struct gbe_inst *
nomask(struct gbe_ctx *c, enum isa_op op, struct gbe_reg d, struct gbe_reg s0,
       struct gbe_reg s1)
{
   return emit_n(c, simd(c), 0, true, op, d, s0, s1);
}

/* Channels per instruction where the region does not split by itself:
 * dword instructions of 32 channels would span four registers. */
static unsigned
piece(const struct gbe_ctx *c)
{
   return simd(c) < 16 ? simd(c) : 16;
}

static struct gbe_reg
imm_ud(uint32_t v)
{
   return gbe_imm(ISA_TYPE_UD, v);
}

/* A register of one dword per channel, and one for a scalar. */
static struct gbe_reg
tmp_ud(struct gbe_ctx *c)
{
   return gbe_tmp(c, ISA_TYPE_UD);
}

static struct gbe_reg
scalar_ud(struct gbe_ctx *c)
{
   struct gbe_reg r = gbe_vreg_bytes(c->p, ISA_TYPE_UD, 4);
   r.stride = 0;
   return r;
}

/* Element `lane` of a packed register, with the given stride from there. */
static struct gbe_reg
at(struct gbe_reg r, unsigned lane, unsigned stride)
{
   r.offset += lane * isa_type_size(r.type);
   r.stride = (uint8_t)stride;
   return r;
}

static struct gbe_reg
flag_f1(void)
{
   return (struct gbe_reg){ .file = GBE_ARF, .type = ISA_TYPE_UD, .nr = ISA_ARF_FLAG | 1 };
}

/* The bits of the channels enabled here for which b (a bool: 0/~0 dwords,
 * or an immediate) holds, as a scalar UD; b null: every enabled
 * channel. */
static struct gbe_reg
ballot_bits(struct gbe_ctx *c, struct gbe_reg b)
{
   struct gbe_reg f = flag_f1(), r = scalar_ud(c);
   if (b.file == GBE_NULL)
      b = imm_ud(1);
   scalar_op(c, ISA_OP_MOV, f, imm_ud(0), gbe_null(ISA_TYPE_UD));
   for (unsigned g = 0; g < simd(c); g += piece(c)) {
      struct gbe_reg src = b;
      if (b.file != GBE_IMM && b.stride)
         src = at(gbe_retype(b, ISA_TYPE_UD), g, 1);
      struct gbe_inst *m = emit_n(c, piece(c), g, false, ISA_OP_MOV, gbe_null(ISA_TYPE_UD),
                                  gbe_retype(src, ISA_TYPE_UD), gbe_null(ISA_TYPE_UD));
      m->cmod = ISA_CMOD_NZ;
      m->flag = 2;   /* f1.0; the second 16 channels' group makes it f1.1 */
   }
   f.stride = 0;
   scalar_op(c, ISA_OP_MOV, r, f, gbe_null(ISA_TYPE_UD));
   return r;
}

/* The lowest enabled channel's index, as a scalar UD. */
static struct gbe_reg
first_lane(struct gbe_ctx *c)
{
   struct gbe_reg act = ballot_bits(c, gbe_null(ISA_TYPE_UD)), f = scalar_ud(c);
   scalar_op(c, ISA_OP_FBL, f, act, gbe_null(ISA_TYPE_UD));
   return f;
}

/* ---- dwords of values ---- */

static bool
is_64(const struct ir_type *t)
{
   return t->kind != IR_TYPE_BOOL && t->bits == 64;
}

/* Dword `half` (0 low, 1 high) of component register v: a UD view. */
static struct gbe_reg
dword_of(struct gbe_reg v, bool wide, unsigned half)
{
   if (v.file == GBE_IMM) {
      uint64_t x = v.imm;
      return imm_ud((uint32_t)(wide ? x >> (32 * half) : x));
   }
   struct gbe_reg r = gbe_retype(v, ISA_TYPE_UD);
   if (!wide)
      return r;
   r.stride = v.stride ? 2 * v.stride : 0;
   return gbe_offset(r, 4 * half);
}

/* A packed copy of a dword view, all channels (NoMask): the register
 * indirect reads and strided regions start from. */
static struct gbe_reg
packed_copy(struct gbe_ctx *c, struct gbe_reg v)
{
   struct gbe_reg t = tmp_ud(c);
   nomask(c, ISA_OP_MOV, t, v, gbe_null(ISA_TYPE_UD));
   return t;
}

/* A dword view as a packed register: itself when it is one already. */
static struct gbe_reg
packed(struct gbe_ctx *c, struct gbe_reg v)
{
   if (v.stride == 1 && v.offset % 32 == 0 && (v.file == GBE_VGRF || v.file == GBE_FIXED))
      return v;
   return packed_copy(c, v);
}

/* Writes the dword `half` of component d (under the execution mask). */
static void
write_dword(struct gbe_ctx *c, struct gbe_reg d, bool wide, unsigned half, struct gbe_reg v)
{
   masked(c, ISA_OP_MOV, dword_of(d, wide, half), v, gbe_null(ISA_TYPE_UD));
}

/* Registers of an IR value that the walk defined, or defines now (a phi
 * of a loop header read before its back edge). */
static struct gbe_reg *
src_regs(struct gbe_ctx *c, const struct ir_instr *v)
{
   struct gbe_reg *r = gbe_val(c, v);
   return r ? r : gbe_def(c, v);
}

/* ---- reading other channels ---- */

static struct gbe_reg
a0_uw(void)
{
   return (struct gbe_reg){ .file = GBE_ARF, .type = ISA_TYPE_UW, .nr = ISA_ARF_ADDRESS,
                            .stride = 1 };
}

/* For reading `data` (a packed register of the caller's, read only this
 * way from now on) through a0: its byte address as a word immediate, and
 * the indirect source (stride 1: an address per channel, VxH; 0: one for
 * all).  Its address is in the code, so it must never be spilled. */
static struct gbe_reg
indirect_of(struct gbe_ctx *c, struct gbe_reg data, unsigned stride, struct gbe_reg *base)
{
   c->p->vregs[data.nr].no_spill = true;
   *base = gbe_retype(data, ISA_TYPE_UW);
   base->addr_of = true;
   base->stride = 0;
   data.indirect = true;
   data.stride = (uint8_t)stride;
   return data;
}

/* Channel k of the result (UD per channel) reads the dword of `data` at
 * byte offs[k] (a per-channel UD; under the execution mask, unless all).
 * VxH takes one address from each of a0.0-a0.15 (PRM Vol 7 "Register
 * Region Restrictions"), of which Gen7 has eight, and Gen7's indirect
 * sources may fill only one destination register (IVB/HSW PRM: "When the
 * destination requires two registers and the sources are indirect, the
 * sources must use 1x1 regioning mode"): eight channels at a time there.
 * a0 is first set to a valid address for every channel, as Mesa found
 * Gen11+ to read the addresses of disabled channels too. */
static struct gbe_reg
read_indirect(struct gbe_ctx *c, struct gbe_reg data, struct gbe_reg offs, bool all)
{
   struct gbe_reg r = tmp_ud(c), base, src = indirect_of(c, data, 1, &base), a0 = a0_uw();
   unsigned n = c->p->gen <= ISA_GEN75 ? 8 : piece(c);
   for (unsigned g = 0; g < simd(c); g += n) {
      if (!all)
         emit_n(c, n, g, true, ISA_OP_MOV, a0, base, gbe_null(ISA_TYPE_UW));
      /* a0 is UW: the offsets' low words, so that the destination's
       * stride matches the execution type (PRM "Destination Stride") */
      struct gbe_reg o = at(gbe_retype(offs, ISA_TYPE_UW), 2 * g, 2);
      emit_n(c, n, g, all, ISA_OP_ADD, a0, o, base);
      emit_n(c, n, g, all, ISA_OP_MOV, at(r, g, 1), src, gbe_null(ISA_TYPE_UD));
   }
   return r;
}

/* The dword of v in channel `lane` (a scalar UD) into every channel of d:
 * one address, an indirect <0;1,0> source. */
static void
read_lane_dynamic(struct gbe_ctx *c, struct gbe_reg v, struct gbe_reg lane, struct gbe_reg d)
{
   struct gbe_reg off = scalar_ud(c), s = scalar_ud(c), base;
   struct gbe_reg src = indirect_of(c, packed_copy(c, v), 0, &base);
   scalar_op(c, ISA_OP_AND, off, lane, imm_ud(simd(c) - 1));
   scalar_op(c, ISA_OP_SHL, off, off, imm_ud(2));
   scalar_op(c, ISA_OP_ADD, a0_uw(), gbe_retype(off, ISA_TYPE_UW), base);
   scalar_op(c, ISA_OP_MOV, s, src, gbe_null(ISA_TYPE_UD));
   masked(c, ISA_OP_MOV, d, s, gbe_null(ISA_TYPE_UD));
}

/* Byte offsets of the lanes in idx (UD per channel), wrapped into the
 * thread: an index past the subgroup reads some channel, not outside the
 * register file (its value is undefined either way). */
static struct gbe_reg
lane_offsets(struct gbe_ctx *c, struct gbe_reg idx, bool all)
{
   struct gbe_reg o = tmp_ud(c);
   emit_n(c, simd(c), 0, all, ISA_OP_AND, o, gbe_retype(idx, ISA_TYPE_UD), imm_ud(simd(c) - 1));
   emit_n(c, simd(c), 0, all, ISA_OP_SHL, o, o, imm_ud(2));
   return o;
}

/* A quad permutation: channel 4q + j reads channel 4q + perm[j] of a
 * packed dword register, in strided moves (one per position in the quad;
 * two of stride 2 for a horizontal swap), NoMask into a temporary. */
static struct gbe_reg
quad_permute(struct gbe_ctx *c, struct gbe_reg v, const unsigned perm[4])
{
   struct gbe_reg t = tmp_ud(c);
   bool pairs = perm[0] == 1 && perm[1] == 0 && perm[2] == 3 && perm[3] == 2;
   unsigned step = pairs ? 2 : 4;
   for (unsigned j = 0; j < step; j++)
      emit_n(c, simd(c) / step, 0, true, ISA_OP_MOV, at(t, j, step), at(v, perm[j], step),
             gbe_null(ISA_TYPE_UD));
   return t;
}

/* ---- data movement: broadcasts, shuffles, quads ---- */

/* How each channel finds the channel it reads. */
struct source {
   enum { SRC_LANE, SRC_QUAD, SRC_INDEX } kind;
   unsigned lane;          /* SRC_LANE: a constant channel */
   unsigned perm[4];       /* SRC_QUAD */
   struct gbe_reg index;   /* SRC_INDEX: UD per channel */
};

static void
move_dword(struct gbe_ctx *c, const struct source *s, struct gbe_reg v, struct gbe_reg d)
{
   if (v.file == GBE_IMM || !v.stride) {
      /* the same in every channel */
      masked(c, ISA_OP_MOV, d, v, gbe_null(ISA_TYPE_UD));
      return;
   }
   switch (s->kind) {
   case SRC_LANE:
      masked(c, ISA_OP_MOV, d, gbe_scalar(v, s->lane & (simd(c) - 1)), gbe_null(ISA_TYPE_UD));
      break;
   case SRC_QUAD:
      masked(c, ISA_OP_MOV, d, quad_permute(c, packed(c, v), s->perm), gbe_null(ISA_TYPE_UD));
      break;
   case SRC_INDEX:
      masked(c, ISA_OP_MOV, d,
             read_indirect(c, packed_copy(c, v), lane_offsets(c, s->index, false), false),
             gbe_null(ISA_TYPE_UD));
      break;
   }
}

/* SPIR-V's broadcasts, shuffles, reductions and scans return their
 * Value's type; a module that says otherwise would have the code read
 * past the value's registers. */
static bool
value_typed(struct gbe_ctx *c, const struct ir_instr *i)
{
   const struct ir_type *vt = i->srcs[0]->type;
   if (vt->comps == i->type->comps && vt->bits == i->type->bits && vt->kind == i->type->kind)
      return true;
   return gbe_fail(c->p, "%%%u: a subgroup operation whose result type is not its value's",
                   i->index);
}

/* Every dword of every component of source 0 moved as s says. */
static bool
move_value(struct gbe_ctx *c, struct ir_instr *i, const struct source *s)
{
   struct gbe_reg *d = gbe_def(c, i), *v = src_regs(c, i->srcs[0]);
   if (!d || !v)
      return false;
   bool wide = is_64(i->type);
   for (unsigned k = 0; k < i->type->comps; k++) {
      for (unsigned h = 0; h < (wide ? 2u : 1u); h++) {
         struct gbe_reg part = tmp_ud(c);
         move_dword(c, s, dword_of(v[k], wide, h), part);
         write_dword(c, d[k], wide, h, part);
      }
   }
   return true;
}

/* The per-channel index for the shuffles relative to the channel's own. */
static struct gbe_reg
relative_index(struct gbe_ctx *c, enum ir_subgroup_op op, struct gbe_reg arg)
{
   struct gbe_reg lane = gbe_lane_index(c), idx = tmp_ud(c);
   arg = gbe_retype(arg, ISA_TYPE_UD);
   switch (op) {
   case IR_SUBGROUP_shuffle_xor:
      masked(c, ISA_OP_XOR, idx, lane, arg);
      break;
   case IR_SUBGROUP_shuffle_up:
      masked(c, ISA_OP_ADD, idx, lane, gbe_negate(arg));
      break;
   case IR_SUBGROUP_shuffle_down:
      masked(c, ISA_OP_ADD, idx, lane, arg);
      break;
   default:   /* quad_broadcast with a channel chosen at run time */
      masked(c, ISA_OP_AND, idx, lane, imm_ud(~3u));
      masked(c, ISA_OP_OR, idx, idx, arg.file == GBE_IMM ? imm_ud(arg.imm & 3) : arg);
      break;
   }
   return idx;
}

static bool
emit_movement(struct gbe_ctx *c, struct ir_instr *i, enum ir_subgroup_op op)
{
   struct source s = { .kind = SRC_INDEX };
   struct gbe_reg arg = i->num_srcs > 1 ? src_regs(c, i->srcs[1])[0] : imm_ud(0);
   bool constant = arg.file == GBE_IMM;
   uint32_t k = (uint32_t)arg.imm;
   static const unsigned swaps[3][4] = { { 1, 0, 3, 2 }, { 2, 3, 0, 1 }, { 3, 2, 1, 0 } };
   switch (op) {
   case IR_SUBGROUP_broadcast: case IR_SUBGROUP_shuffle:
      if (constant)
         s = (struct source){ .kind = SRC_LANE, .lane = k };
      else
         s.index = arg;
      break;
   case IR_SUBGROUP_quad_swap_horizontal: case IR_SUBGROUP_quad_swap_vertical:
   case IR_SUBGROUP_quad_swap_diagonal:
      s.kind = SRC_QUAD;
      memcpy(s.perm, swaps[op - IR_SUBGROUP_quad_swap_horizontal], sizeof(s.perm));
      break;
   case IR_SUBGROUP_quad_broadcast:
      if (constant && k < 4) {
         s.kind = SRC_QUAD;
         for (unsigned j = 0; j < 4; j++)
            s.perm[j] = k;
      } else {
         s.index = relative_index(c, op, arg);
      }
      break;
   case IR_SUBGROUP_shuffle_xor:
      if (constant && k >= 1 && k <= 3) {
         s.kind = SRC_QUAD;
         for (unsigned j = 0; j < 4; j++)
            s.perm[j] = j ^ k;
         break;
      }
      s.index = relative_index(c, op, arg);
      break;
   default:   /* shuffle_up, shuffle_down */
      s.index = relative_index(c, op, arg);
      break;
   }
   return move_value(c, i, &s);
}

static bool
emit_broadcast_first(struct gbe_ctx *c, struct ir_instr *i)
{
   struct gbe_reg *d = gbe_def(c, i), *v = src_regs(c, i->srcs[0]);
   if (!d || !v)
      return false;
   struct gbe_reg first = first_lane(c);
   bool wide = is_64(i->type);
   for (unsigned k = 0; k < i->type->comps; k++) {
      for (unsigned h = 0; h < (wide ? 2u : 1u); h++) {
         struct gbe_reg part = tmp_ud(c), src = dword_of(v[k], wide, h);
         if (src.file == GBE_IMM || !src.stride)
            masked(c, ISA_OP_MOV, part, src, gbe_null(ISA_TYPE_UD));
         else
            read_lane_dynamic(c, src, first, part);
         write_dword(c, d[k], wide, h, part);
      }
   }
   return true;
}

/* ---- votes, ballots, elect ---- */

/* The bool of every channel: a compare (of scalars, mostly: the compare
 * broadcasts them). */
static void
cmp_bool(struct gbe_ctx *c, struct gbe_reg d, struct gbe_reg a, struct gbe_reg b,
                enum isa_cmod m)
{
   struct gbe_inst *ci = masked(c, ISA_OP_CMP, gbe_retype(d, ISA_TYPE_UD), a, b);
   ci->cmod = m;
}

/* Channels whose value equals the first enabled channel's, as a bool:
 * float components compare as floats (ordered: a NaN equals nothing),
 * the others bit for bit. */
static struct gbe_reg
equal_to_first(struct gbe_ctx *c, struct ir_instr *i)
{
   const struct ir_type *t = i->srcs[0]->type;
   struct gbe_reg *v = src_regs(c, i->srcs[0]), first = first_lane(c), all = tmp_ud(c);
   bool wide = is_64(t), fl = t->kind == IR_TYPE_FLOAT;
   masked(c, ISA_OP_MOV, all, imm_ud(~0u), gbe_null(ISA_TYPE_UD));
   for (unsigned k = 0; k < t->comps; k++) {
      for (unsigned h = 0; h < (wide ? 2u : 1u); h++) {
         struct gbe_reg x = dword_of(v[k], wide, h), f = tmp_ud(c), e = tmp_ud(c);
         if (x.file == GBE_IMM || !x.stride)
            continue;   /* the same everywhere */
         read_lane_dynamic(c, x, first, f);
         enum isa_type ty = fl ? ISA_TYPE_F : ISA_TYPE_UD;
         struct gbe_inst *ci = masked(c, ISA_OP_CMP, gbe_retype(e, ty), gbe_retype(x, ty),
                                      gbe_retype(f, ty));
         ci->cmod = ISA_CMOD_Z;
         masked(c, ISA_OP_AND, all, all, e);
      }
   }
   return all;
}

static bool
emit_vote(struct gbe_ctx *c, struct ir_instr *i, enum ir_subgroup_op op)
{
   if (op == IR_SUBGROUP_all_equal && is_64(i->srcs[0]->type) &&
       i->srcs[0]->type->kind == IR_TYPE_FLOAT)
      return gbe_fail(c->p, "%%%u: allEqual of 64-bit floats is not supported yet", i->index);
   struct gbe_reg *d = gbe_def(c, i);
   if (!d)
      return false;
   struct gbe_reg b = op == IR_SUBGROUP_all_equal ? equal_to_first(c, i)
                                                  : src_regs(c, i->srcs[0])[0];
   struct gbe_reg bal = ballot_bits(c, b);
   if (op == IR_SUBGROUP_any) {
      cmp_bool(c, d[0], bal, imm_ud(0), ISA_CMOD_NZ);
      return true;
   }
   cmp_bool(c, d[0], bal, ballot_bits(c, gbe_null(ISA_TYPE_UD)), ISA_CMOD_Z);
   return true;
}

static bool
emit_elect(struct gbe_ctx *c, struct ir_instr *i)
{
   struct gbe_reg *d = gbe_def(c, i);
   if (!d)
      return false;
   cmp_bool(c, d[0], gbe_lane_index(c), first_lane(c), ISA_CMOD_Z);
   return true;
}

static bool
emit_ballot(struct gbe_ctx *c, struct ir_instr *i)
{
   struct gbe_reg *d = gbe_def(c, i);
   if (!d)
      return false;
   struct gbe_reg bal = ballot_bits(c, src_regs(c, i->srcs[0])[0]);
   masked(c, ISA_OP_MOV, gbe_retype(d[0], ISA_TYPE_UD), bal, gbe_null(ISA_TYPE_UD));
   for (unsigned k = 1; k < i->type->comps; k++)
      masked(c, ISA_OP_MOV, gbe_retype(d[k], ISA_TYPE_UD), imm_ud(0), gbe_null(ISA_TYPE_UD));
   return true;
}

/* Bit `bit` (UD per channel or immediate, its low five bits) of w as a
 * bool: a signed one-bit field extract is 0 or -1 (PRM "bfe"). */
static void
bit_as_bool(struct gbe_ctx *c, struct gbe_reg d, struct gbe_reg w, struct gbe_reg bit)
{
   gbe_emit(&c->b, ISA_OP_BFE, gbe_retype(d, ISA_TYPE_D), imm_ud(1),
            gbe_retype(bit, ISA_TYPE_UD), gbe_retype(w, ISA_TYPE_D));
}

/* The ballot component holding bit idx (idx >> 5 of x, y, z, w). */
static struct gbe_reg
ballot_word(struct gbe_ctx *c, const struct gbe_reg *m, struct gbe_reg idx)
{
   if (idx.file == GBE_IMM)
      return gbe_retype(m[(idx.imm >> 5) & 3], ISA_TYPE_UD);
   struct gbe_reg hi = tmp_ud(c), w = tmp_ud(c);
   masked(c, ISA_OP_SHR, hi, gbe_retype(idx, ISA_TYPE_UD), imm_ud(5));
   masked(c, ISA_OP_MOV, w, gbe_retype(m[0], ISA_TYPE_UD), gbe_null(ISA_TYPE_UD));
   for (unsigned k = 1; k < 4; k++) {
      struct gbe_inst *ci = masked(c, ISA_OP_CMP, gbe_null(ISA_TYPE_UD), hi, imm_ud(k));
      ci->cmod = ISA_CMOD_Z;
      struct gbe_inst *mv = masked(c, ISA_OP_MOV, w, gbe_retype(m[k], ISA_TYPE_UD),
                                   gbe_null(ISA_TYPE_UD));
      mv->pred = 1;
   }
   return w;
}

/* The bits of a ballot's x the operation counts: the subgroup's (ids
 * below the width), those up to the channel or below it. */
static struct gbe_reg
counted_bits(struct gbe_ctx *c, enum ir_subgroup_op op, struct gbe_reg x)
{
   struct gbe_reg t = tmp_ud(c), mask = tmp_ud(c);
   x = gbe_retype(x, ISA_TYPE_UD);
   if (op == IR_SUBGROUP_ballot_inclusive_bit_count ||
       op == IR_SUBGROUP_ballot_exclusive_bit_count) {
      /* below the channel: (1 << lane) - 1; up to it: ~(~1 << lane) */
      bool incl = op == IR_SUBGROUP_ballot_inclusive_bit_count;
      masked(c, ISA_OP_SHL, mask, imm_ud(incl ? ~1u : 1u), gbe_lane_index(c));
      if (incl)
         masked(c, ISA_OP_NOT, mask, mask, gbe_null(ISA_TYPE_UD));
      else
         masked(c, ISA_OP_ADD, mask, mask, imm_ud(~0u));
      masked(c, ISA_OP_AND, t, x, mask);
      return t;
   }
   if (simd(c) == 32)
      return x;
   masked(c, ISA_OP_AND, t, x, imm_ud((1u << simd(c)) - 1));
   return t;
}

static bool
emit_ballot_bits(struct gbe_ctx *c, struct ir_instr *i, enum ir_subgroup_op op)
{
   struct gbe_reg *d = gbe_def(c, i), *m = src_regs(c, i->srcs[0]);
   if (!d || !m)
      return false;
   struct gbe_reg r = gbe_retype(d[0], ISA_TYPE_UD);
   switch (op) {
   case IR_SUBGROUP_inverse_ballot:
      /* the channel's own bit: ids stop at 31, x holds them all */
      bit_as_bool(c, r, m[0], gbe_lane_index(c));
      return true;
   case IR_SUBGROUP_ballot_bit_extract: {
      struct gbe_reg idx = src_regs(c, i->srcs[1])[0];
      bit_as_bool(c, r, ballot_word(c, m, idx), idx);
      return true;
   }
   case IR_SUBGROUP_ballot_find_lsb:
      /* fbl of 0 is ~0 (no bit), as the IR's find_lsb */
      masked(c, ISA_OP_FBL, r, counted_bits(c, op, m[0]), gbe_null(ISA_TYPE_UD));
      return true;
   case IR_SUBGROUP_ballot_find_msb: {
      /* fbh counts from the top bit and gives ~0 for no bit */
      struct gbe_reg n = gbe_tmp(c, ISA_TYPE_D), s = gbe_tmp(c, ISA_TYPE_D);
      masked(c, ISA_OP_FBH, n, counted_bits(c, op, m[0]), gbe_null(ISA_TYPE_UD));
      masked(c, ISA_OP_ADD, s, gbe_negate(n), gbe_imm(ISA_TYPE_D, 31));
      struct gbe_inst *ci = masked(c, ISA_OP_CMP, gbe_null(ISA_TYPE_D), n,
                                   gbe_imm(ISA_TYPE_D, 0xffffffffu));
      ci->cmod = ISA_CMOD_Z;
      struct gbe_inst *sel = masked(c, ISA_OP_SEL, gbe_retype(r, ISA_TYPE_D), n, s);
      sel->pred = 1;
      return true;
   }
   default:   /* the bit counts */
      masked(c, ISA_OP_CBIT, r, counted_bits(c, op, m[0]), gbe_null(ISA_TYPE_UD));
      return true;
   }
}

/* ---- reductions and scans ---- */

/* The EU form of a reduction's ALU op on dwords. */
struct fold_op {
   enum isa_op op;
   enum isa_cmod cmod;      /* sel: which one */
   enum isa_type type;
   uint32_t identity;
   bool chain;              /* in order, one channel at a time */
   bool sext;               /* sub-dword signed: work on sign-extended values */
};

static bool
fold_op(struct gbe_ctx *c, struct ir_instr *i, enum ir_op alu, struct fold_op *f)
{
   const struct ir_type *t = i->type;
   bool fl = t->kind == IR_TYPE_FLOAT;
   if (is_64(t) || (fl && t->bits != 32))
      return gbe_fail(c->p, "%%%u: subgroup %s of %u-bit %s is not supported yet", i->index,
                      ir_op_infos[alu].name, t->bits, fl ? "floats" : "integers");
   uint64_t id = ir_subgroup_identity(alu, t);
   unsigned bits = t->kind == IR_TYPE_BOOL ? 32 : t->bits;
   *f = (struct fold_op){ .type = ISA_TYPE_UD, .identity = t->kind == IR_TYPE_BOOL && id ? ~0u
                                                                                   : (uint32_t)id };
   switch (alu) {
   case IR_OP_iadd: f->op = ISA_OP_ADD; break;
   case IR_OP_imul: f->op = ISA_OP_MUL; f->chain = true; break;
   case IR_OP_fadd: f->op = ISA_OP_ADD; f->type = ISA_TYPE_F; f->chain = true; break;
   case IR_OP_fmul: f->op = ISA_OP_MUL; f->type = ISA_TYPE_F; f->chain = true; break;
   case IR_OP_umin: case IR_OP_smin: case IR_OP_fmin:
      f->op = ISA_OP_SEL;
      f->cmod = ISA_CMOD_L;
      break;
   case IR_OP_umax: case IR_OP_smax: case IR_OP_fmax:
      f->op = ISA_OP_SEL;
      f->cmod = ISA_CMOD_GE;
      break;
   case IR_OP_iand: case IR_OP_band: f->op = ISA_OP_AND; break;
   case IR_OP_ior: case IR_OP_bor: f->op = ISA_OP_OR; break;
   case IR_OP_ixor: case IR_OP_bxor: f->op = ISA_OP_XOR; break;
   default:
      return gbe_fail(c->p, "%%%u: subgroup reduction by %s", i->index, ir_op_infos[alu].name);
   }
   if (alu == IR_OP_fmin || alu == IR_OP_fmax)
      f->type = ISA_TYPE_F;
   if (alu == IR_OP_smin || alu == IR_OP_smax) {
      f->type = ISA_TYPE_D;
      f->sext = bits < 32;
      if (f->sext)
         f->identity = (uint32_t)((int32_t)(f->identity << (32 - bits)) >> (32 - bits));
   }
   return true;
}

/* 32 x 32 -> low 32 of two scalars: Gen8/9 multiply dwords; the other
 * generations' multiplier takes a word for src1 (PRM "mul"). */
static void
mul_scalar(struct gbe_ctx *c, struct gbe_reg d, struct gbe_reg a, struct gbe_reg b)
{
   if (c->p->gen == ISA_GEN8 || c->p->gen == ISA_GEN9) {
      scalar_op(c, ISA_OP_MUL, d, a, b);
      return;
   }
   struct gbe_reg lo = scalar_ud(c), hi = scalar_ud(c);
   scalar_op(c, ISA_OP_MUL, lo, a, gbe_retype(b, ISA_TYPE_UW));
   scalar_op(c, ISA_OP_MUL, hi, a, gbe_offset(gbe_retype(b, ISA_TYPE_UW), 2));
   scalar_op(c, ISA_OP_SHL, hi, hi, imm_ud(16));
   scalar_op(c, ISA_OP_ADD, d, lo, hi);
}

/* d = a op b on the given channels (NoMask). */
static void
fold_insn(struct gbe_ctx *c, const struct fold_op *f, unsigned n, struct gbe_reg d,
          struct gbe_reg a, struct gbe_reg b)
{
   d = gbe_retype(d, f->type);
   a = gbe_retype(a, f->type);
   b = gbe_retype(b, f->type);
   if (f->op == ISA_OP_MUL && f->type == ISA_TYPE_UD) {
      mul_scalar(c, d, a, b);
      return;
   }
   struct gbe_inst *x = emit_n(c, n, 0, true, f->op, d, a, b);
   x->cmod = (uint8_t)f->cmod;
}

/* The operand as a NoMask register in which the channels not taking part
 * hold the identity; sub-dword signed values (which live zero-extended)
 * sign-extended for smin/smax. */
static struct gbe_reg
fill(struct gbe_ctx *c, const struct fold_op *f, struct gbe_reg v, unsigned bits)
{
   struct gbe_reg t = tmp_ud(c);
   nomask(c, ISA_OP_MOV, t, imm_ud(f->identity), gbe_null(ISA_TYPE_UD));
   masked(c, ISA_OP_MOV, t, gbe_retype(v, ISA_TYPE_UD), gbe_null(ISA_TYPE_UD));
   if (f->sext) {
      masked(c, ISA_OP_SHL, t, t, imm_ud(32 - bits));
      masked(c, ISA_OP_ASR, gbe_retype(t, ISA_TYPE_D), gbe_retype(t, ISA_TYPE_D),
             imm_ud(32 - bits));
   }
   return t;
}

/* Inclusive scans within clusters of `cluster` channels, in place: step d
 * adds the last channel of each lower half of 2d channels to the upper
 * half.  The regions: d = 1 pairs channels with stride 2; d = 2 takes
 * positions 2 and 3 of each quad with stride 4; from d = 4 on each upper
 * half is d packed channels and the scalar before them.  Every operand
 * stays within two registers and each region's rows within one. */
static void
scan_log(struct gbe_ctx *c, const struct fold_op *f, struct gbe_reg t, unsigned cluster)
{
   unsigned n = simd(c), p = piece(c);
   for (unsigned d = 1; d < cluster && d < n; d *= 2) {
      if (d == 1) {
         for (unsigned g = 0; g < n; g += p)
            fold_insn(c, f, p / 2, at(t, g + 1, 2), at(t, g + 1, 2), at(t, g, 2));
      } else if (d == 2) {
         for (unsigned g = 0; g < n; g += p) {
            for (unsigned j = 2; j < 4; j++)
               fold_insn(c, f, p / 4, at(t, g + j, 4), at(t, g + j, 4), at(t, g + 1, 4));
         }
      } else {
         for (unsigned b = 0; b < n; b += 2 * d)
            fold_insn(c, f, d, at(t, b + d, 1), at(t, b + d, 1), at(t, b + d - 1, 0));
      }
   }
}

/* The same, one channel after the other: t[k] = t[k - 1] op t[k], from
 * the identity.  I op x is x but for fadd: +0.0 + -0.0 is +0.0, so a
 * cluster's first channel takes the identity too (after it no partial
 * sum is -0.0, and the +0.0 of the channels not taking part changes
 * nothing). */
static void
scan_chain(struct gbe_ctx *c, const struct fold_op *f, struct gbe_reg t, unsigned cluster)
{
   for (unsigned k = 0; k < simd(c); k++) {
      if (k % cluster)
         fold_insn(c, f, 1, at(t, k, 0), at(t, k - 1, 0), at(t, k, 0));
      else if (f->op == ISA_OP_ADD && f->type == ISA_TYPE_F)
         fold_insn(c, f, 1, at(t, k, 0), at(t, k, 0), imm_ud(f->identity));
   }
}

static void
scan(struct gbe_ctx *c, const struct fold_op *f, struct gbe_reg t, unsigned cluster)
{
   if (f->chain)
      scan_chain(c, f, t, cluster);
   else
      scan_log(c, f, t, cluster);
}

/* The exclusive scan: each channel's inclusive scan of the channels
 * before it - the filled operand moved up a channel (register-indirect
 * reads of channel k - 1, the identity into channel 0), then scanned. */
static struct gbe_reg
exclusive(struct gbe_ctx *c, const struct fold_op *f, struct gbe_reg t)
{
   if (f->chain) {
      struct gbe_reg e = tmp_ud(c);
      scalar_op(c, ISA_OP_MOV, at(e, 0, 0), imm_ud(f->identity), gbe_null(ISA_TYPE_UD));
      for (unsigned k = 1; k < simd(c); k++)
         fold_insn(c, f, 1, at(e, k, 0), at(e, k - 1, 0), at(t, k - 1, 0));
      return e;
   }
   struct gbe_reg prev = tmp_ud(c);
   nomask(c, ISA_OP_ADD, prev, gbe_lane_index(c), imm_ud(~0u));
   struct gbe_reg s = read_indirect(c, t, lane_offsets(c, prev, true), true);
   scalar_op(c, ISA_OP_MOV, at(s, 0, 0), imm_ud(f->identity), gbe_null(ISA_TYPE_UD));
   scan_log(c, f, s, simd(c));
   return s;
}

/* Each cluster's last channel into all of its channels (under the
 * execution mask).  Clusters of 4 and more are channel groups of their
 * own; pairs go through strided moves. */
static void
cluster_result(struct gbe_ctx *c, struct gbe_reg d, struct gbe_reg t, unsigned cluster)
{
   d = gbe_retype(d, ISA_TYPE_UD);
   if (cluster >= simd(c)) {
      masked(c, ISA_OP_MOV, d, at(t, simd(c) - 1, 0), gbe_null(ISA_TYPE_UD));
      return;
   }
   if (cluster >= 4) {
      for (unsigned g = 0; g < simd(c); g += cluster)
         emit_n(c, cluster, g, false, ISA_OP_MOV, at(d, g, 1), at(t, g + cluster - 1, 0),
                gbe_null(ISA_TYPE_UD));
      return;
   }
   if (cluster == 1) {
      masked(c, ISA_OP_MOV, d, t, gbe_null(ISA_TYPE_UD));
      return;
   }
   struct gbe_reg q = tmp_ud(c);
   for (unsigned j = 0; j < 2; j++)
      emit_n(c, simd(c) / 2, 0, true, ISA_OP_MOV, at(q, j, 2), at(t, 1, 2), gbe_null(ISA_TYPE_UD));
   masked(c, ISA_OP_MOV, d, q, gbe_null(ISA_TYPE_UD));
}

/* Back to the value's representation: sub-dword integers zero-extended. */
static void
finish(struct gbe_ctx *c, struct ir_instr *i, struct gbe_reg d)
{
   if (i->type->kind == IR_TYPE_INT && i->type->bits < 32)
      masked(c, ISA_OP_AND, gbe_retype(d, ISA_TYPE_UD), gbe_retype(d, ISA_TYPE_UD),
             imm_ud((1u << i->type->bits) - 1));
}

static bool
emit_fold(struct gbe_ctx *c, struct ir_instr *i, enum ir_subgroup_op op)
{
   struct fold_op f;
   if (!fold_op(c, i, (enum ir_op)(i->imm >> 8), &f))
      return false;
   struct gbe_reg *d = gbe_def(c, i), *v = src_regs(c, i->srcs[0]);
   if (!d || !v)
      return false;
   unsigned cluster = simd(c);
   if (op == IR_SUBGROUP_clustered_reduce) {
      struct gbe_reg k = src_regs(c, i->srcs[1])[0];
      if (k.file != GBE_IMM)
         return gbe_fail(c->p, "%%%u: a cluster size that is not a constant", i->index);
      cluster = k.imm < simd(c) ? (unsigned)k.imm : simd(c);
   }
   for (unsigned k = 0; k < i->type->comps; k++) {
      struct gbe_reg t = fill(c, &f, v[k], i->type->bits);
      if (op == IR_SUBGROUP_exclusive_scan) {
         masked(c, ISA_OP_MOV, gbe_retype(d[k], ISA_TYPE_UD), exclusive(c, &f, t),
                gbe_null(ISA_TYPE_UD));
      } else {
         scan(c, &f, t, cluster);
         if (op == IR_SUBGROUP_inclusive_scan)
            masked(c, ISA_OP_MOV, gbe_retype(d[k], ISA_TYPE_UD), t, gbe_null(ISA_TYPE_UD));
         else
            cluster_result(c, d[k], t, cluster);
      }
      finish(c, i, d[k]);
   }
   return true;
}

/* ---- entry points ---- */

bool
gbe_isel_subgroup(struct gbe_ctx *c, struct ir_instr *i)
{
   enum ir_subgroup_op op = i->imm & 0xff;
   switch (op) {
   case IR_SUBGROUP_elect:
      return emit_elect(c, i);
   case IR_SUBGROUP_all: case IR_SUBGROUP_any: case IR_SUBGROUP_all_equal:
      return emit_vote(c, i, op);
   case IR_SUBGROUP_ballot:
      return emit_ballot(c, i);
   case IR_SUBGROUP_broadcast_first:
      return value_typed(c, i) && emit_broadcast_first(c, i);
   case IR_SUBGROUP_inverse_ballot: case IR_SUBGROUP_ballot_bit_extract:
   case IR_SUBGROUP_ballot_bit_count: case IR_SUBGROUP_ballot_inclusive_bit_count:
   case IR_SUBGROUP_ballot_exclusive_bit_count: case IR_SUBGROUP_ballot_find_lsb:
   case IR_SUBGROUP_ballot_find_msb:
      return emit_ballot_bits(c, i, op);
   case IR_SUBGROUP_reduce: case IR_SUBGROUP_inclusive_scan: case IR_SUBGROUP_exclusive_scan:
   case IR_SUBGROUP_clustered_reduce:
      return value_typed(c, i) && emit_fold(c, i, op);
   case IR_SUBGROUP_broadcast: case IR_SUBGROUP_shuffle: case IR_SUBGROUP_shuffle_xor:
   case IR_SUBGROUP_shuffle_up: case IR_SUBGROUP_shuffle_down: case IR_SUBGROUP_quad_broadcast:
   case IR_SUBGROUP_quad_swap_horizontal: case IR_SUBGROUP_quad_swap_vertical:
   case IR_SUBGROUP_quad_swap_diagonal:
      return value_typed(c, i) && emit_movement(c, i, op);
   default:
      return gbe_fail(c->p, "%%%u: subgroup operation %u", i->index, (unsigned)op);
   }
}

/* The eq/ge/gt/le/lt masks: bits of the channel's own id and those above
 * or below it, within the thread's width; y, z and w are 0 (ids stop at
 * 31).  Shifts use the count's low five bits (PRM "shl"), so the masks
 * are built from values whose shift by 31 still holds: ~1 << lane for
 * "above", 1 << lane for "own". */
bool
gbe_isel_subgroup_mask(struct gbe_ctx *c, struct ir_instr *i)
{
   struct gbe_reg *d = gbe_def(c, i);
   if (!d)
      return false;
   struct gbe_reg x = gbe_retype(d[0], ISA_TYPE_UD), lane = gbe_lane_index(c);
   uint32_t width = simd(c) == 32 ? ~0u : (1u << simd(c)) - 1;
   switch ((enum ir_sysval)i->imm) {
   case IR_SYSVAL_subgroup_eq_mask:
      masked(c, ISA_OP_SHL, x, imm_ud(1), lane);
      break;
   case IR_SYSVAL_subgroup_ge_mask:
      masked(c, ISA_OP_SHL, x, imm_ud(~0u), lane);
      masked(c, ISA_OP_AND, x, x, imm_ud(width));
      break;
   case IR_SYSVAL_subgroup_gt_mask:
      masked(c, ISA_OP_SHL, x, imm_ud(~1u), lane);
      masked(c, ISA_OP_AND, x, x, imm_ud(width));
      break;
   case IR_SYSVAL_subgroup_le_mask:
      masked(c, ISA_OP_SHL, x, imm_ud(~1u), lane);
      masked(c, ISA_OP_NOT, x, x, gbe_null(ISA_TYPE_UD));
      break;
   default:   /* lt */
      masked(c, ISA_OP_SHL, x, imm_ud(1), lane);
      masked(c, ISA_OP_ADD, x, x, imm_ud(~0u));
      break;
   }
   for (unsigned k = 1; k < i->type->comps; k++)
      masked(c, ISA_OP_MOV, gbe_retype(d[k], ISA_TYPE_UD), imm_ud(0), gbe_null(ISA_TYPE_UD));
   return true;
}

bool
gbe_isel_subgroup_sysval(struct gbe_ctx *c, struct ir_instr *i, struct gbe_reg dst,
                         const char *stage)
{
   switch ((enum ir_sysval)i->imm) {
   case IR_SYSVAL_subgroup_size:
      gbe_alu1(&c->b, ISA_OP_MOV, dst, gbe_imm(ISA_TYPE_UD, c->p->simd));
      return true;
   case IR_SYSVAL_subgroup_invocation_id:
      gbe_alu1(&c->b, ISA_OP_MOV, dst, gbe_lane_index(c));
      return true;
   case IR_SYSVAL_subgroup_eq_mask: case IR_SYSVAL_subgroup_ge_mask:
   case IR_SYSVAL_subgroup_gt_mask: case IR_SYSVAL_subgroup_le_mask:
   case IR_SYSVAL_subgroup_lt_mask:
      return gbe_isel_subgroup_mask(c, i);
   default:
      return gbe_fail(c->p, "%%%u: system value %s in a %s is not supported yet", i->index,
                      ir_sysval_names[i->imm], stage);
   }
}

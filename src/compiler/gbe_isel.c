/* Instruction selection from the shared IR: values and ALU operations, and
 * the structured walk that turns the IR's CFG (selection and loop headers
 * with their merge and continue blocks, SPIR-V 2.11) into the EU's
 * IF/ELSE/ENDIF, DO/BREAK/CONT/WHILE and HALT.
 *
 * Every IR value has one register per component, each SIMD-width: bools
 * are 0/~0 dwords, 8- and 16-bit integers live zero-extended in dwords,
 * 16-bit floats as the 32-bit floats they equal, 64-bit values in
 * qwords. */
#include <stdlib.h>
#include <string.h>

#include "gbe_isel.h"

/* ---- values ---- */

enum isa_type
gbe_reg_type(const struct ir_type *t, bool is_signed)
{
   switch (t->kind) {
   case IR_TYPE_FLOAT:
      return t->bits == 64 ? ISA_TYPE_DF : ISA_TYPE_F;
   case IR_TYPE_INT:
      if (t->bits == 64)
         return is_signed ? ISA_TYPE_Q : ISA_TYPE_UQ;
      return is_signed ? ISA_TYPE_D : ISA_TYPE_UD;
   default:
      return ISA_TYPE_UD;
   }
}

struct gbe_reg
gbe_tmp(struct gbe_ctx *c, enum isa_type type)
{
   return gbe_vreg(c->p, type, c->p->simd);
}

struct gbe_reg *
gbe_val(struct gbe_ctx *c, const struct ir_instr *i)
{
   return i->index < c->num_vals ? c->vals[i->index] : NULL;
}

struct gbe_reg *
gbe_def(struct gbe_ctx *c, const struct ir_instr *i)
{
   if (c->vals[i->index])
      return c->vals[i->index];
   unsigned n = i->type->comps;
   struct gbe_reg *r = calloc(n, sizeof(*r));
   if (!r) {
      c->p->oom = true;
      return NULL;
   }
   for (unsigned k = 0; k < n; k++)
      r[k] = gbe_tmp(c, gbe_reg_type(i->type, false));
   c->vals[i->index] = r;
   return r;
}

/* Registers of a value that is defined outside the walk's order (a phi
 * whose source comes later, a constant): defined on first use. */
static struct gbe_reg *
val_or_def(struct gbe_ctx *c, const struct ir_instr *i)
{
   struct gbe_reg *r = gbe_val(c, i);
   return r ? r : gbe_def(c, i);
}

static const struct ir_type *
scalar_of(const struct ir_type *t)
{
   return t->elem && t->kind != IR_TYPE_ARRAY ? t->elem : t;
}

/* The instruction just emitted, when it wrote all of v. */
static struct gbe_inst *
last_writer(struct gbe_ctx *c, struct gbe_reg v)
{
   struct gbe_inst *l = c->b.before->prev;
   if (l == &c->p->head || l->dst.file != v.file || l->dst.nr != v.nr ||
       l->dst.offset != v.offset || l->exec_size != c->b.exec_size || l->group != c->b.group ||
       l->pred || l->we_all != c->b.we_all)
      return NULL;
   return l;
}

void
gbe_bool_to_flag(struct gbe_ctx *c, struct gbe_reg v)
{
   /* a bool just computed sets the flag itself: a compare already does,
    * a logic operation with the .nz modifier (PRM "Conditional
    * Modifier") */
   struct gbe_inst *l = v.file == GBE_VGRF ? last_writer(c, v) : NULL;
   if (l && l->op == ISA_OP_CMP && l->flag == 0)
      return;
   if (l && !l->cmod && (l->op == ISA_OP_AND || l->op == ISA_OP_OR || l->op == ISA_OP_XOR ||
                         l->op == ISA_OP_NOT) && l->dst.type == ISA_TYPE_UD) {
      l->cmod = ISA_CMOD_NZ;
      l->flag = 0;
      return;
   }
   if (v.file == GBE_IMM) {
      struct gbe_reg t = gbe_tmp(c, ISA_TYPE_UD);
      gbe_alu1(&c->b, ISA_OP_MOV, t, v);
      v = t;
   }
   struct gbe_inst *i = gbe_alu1(&c->b, ISA_OP_MOV, gbe_null(ISA_TYPE_UD), gbe_retype(v, ISA_TYPE_UD));
   i->cmod = ISA_CMOD_NZ;
}

struct gbe_reg
gbe_lane_index(struct gbe_ctx *c)
{
   if (c->have_lane)
      return c->lane;
   /* Built once at the start of the kernel: UV immediates hold eight
    * 4-bit lane numbers (PRM "Immediate Vector"). */
   struct gbe_builder b = c->b;
   b.before = c->p->head.next;
   while (b.before != &c->p->head && b.before->op != GBE_OP_DO && b.before->pred == 0 &&
          b.before->op != ISA_OP_IF && b.before->op != ISA_OP_HALT)
      b.before = b.before->next;
   b.we_all = true;
   struct gbe_reg w = gbe_vreg(c->p, ISA_TYPE_UW, c->p->simd);
   for (unsigned g = 0; g < c->p->simd; g += 8) {
      b.exec_size = 8;
      b.group = 0;
      gbe_alu1(&b, ISA_OP_MOV, gbe_offset(w, g * 2), gbe_imm(ISA_TYPE_UV, 0x76543210));
      if (g) {
         struct gbe_inst *a = gbe_alu2(&b, ISA_OP_ADD, gbe_offset(w, g * 2), gbe_offset(w, g * 2),
                                       gbe_imm(ISA_TYPE_UW, g));
         (void)a;
      }
   }
   c->lane = gbe_tmp(c, ISA_TYPE_UD);
   b.exec_size = (uint8_t)c->p->simd;
   b.we_all = true;
   gbe_alu1(&b, ISA_OP_MOV, c->lane, w);
   c->have_lane = true;
   return c->lane;
}

void
gbe_copy_grf(struct gbe_ctx *c, struct gbe_reg dst, unsigned grf)
{
   struct gbe_builder b = c->b;
   b.exec_size = 8;
   b.group = 0;
   b.we_all = true;
   gbe_alu1(&b, ISA_OP_MOV, dst, gbe_fixed(grf, 0, ISA_TYPE_UD, 1));
}

/* ---- ALU ---- */

static bool
is_signed_op(enum ir_op op)
{
   switch (op) {
   case IR_OP_sdiv: case IR_OP_srem: case IR_OP_smod: case IR_OP_smin: case IR_OP_smax:
   case IR_OP_slt: case IR_OP_sge: case IR_OP_ishr: case IR_OP_s2f: case IR_OP_s2s:
   case IR_OP_iabs: case IR_OP_isign: case IR_OP_sfind_msb: case IR_OP_sbfe:
      return true;
   default:
      return false;
   }
}

/* Source component k of source s, typed for the operation.  Sub-dword
 * signed reads sign-extend the zero-extended value first. */
static struct gbe_reg
alu_src(struct gbe_ctx *c, struct ir_instr *i, unsigned s, unsigned k, bool is_signed)
{
   struct ir_instr *src = i->srcs[s];
   struct gbe_reg *v = val_or_def(c, src);
   unsigned comp = src->type->comps == 1 ? 0 : k;
   struct gbe_reg r = v[comp];
   const struct ir_type *t = src->type;
   enum isa_type ty = gbe_reg_type(t, is_signed);
   if (t->kind == IR_TYPE_INT && t->bits < 32 && is_signed) {
      unsigned sh = 32 - t->bits;
      struct gbe_reg tmp = gbe_tmp(c, ISA_TYPE_D);
      if (r.file == GBE_IMM) {
         int64_t x = (int64_t)(r.imm << (64 - t->bits)) >> (64 - t->bits);
         return gbe_imm(ISA_TYPE_D, (uint32_t)x);
      }
      gbe_alu2(&c->b, ISA_OP_SHL, tmp, gbe_retype(r, ISA_TYPE_D), gbe_imm(ISA_TYPE_UD, sh));
      gbe_alu2(&c->b, ISA_OP_ASR, tmp, tmp, gbe_imm(ISA_TYPE_UD, sh));
      return tmp;
   }
   return gbe_retype(r, ty);
}

/* Half floats and the 16 bits in the low half of each dword: Gen7/7.5
 * have no HF type in the ALU and convert with f32to16/f16to32, Gen8+
 * move to and from HF views (PRM "f32to16", "Half-precision").  Both
 * round to nearest even, as the IR's conversion does. */
void
gbe_f32_to_half_bits(struct gbe_ctx *c, struct gbe_reg dst, struct gbe_reg src)
{
   dst = gbe_retype(dst, ISA_TYPE_UD);
   src = gbe_retype(src, ISA_TYPE_F);
   if (c->p->gen <= ISA_GEN75) {
      gbe_alu1(&c->b, ISA_OP_F32TO16, dst, src);
      return;
   }
   struct gbe_reg h = gbe_retype(dst, ISA_TYPE_HF);
   h.stride = 2;
   gbe_alu1(&c->b, ISA_OP_MOV, dst, gbe_imm(ISA_TYPE_UD, 0));
   gbe_alu1(&c->b, ISA_OP_MOV, h, src);
}

void
gbe_half_bits_to_f32(struct gbe_ctx *c, struct gbe_reg dst, struct gbe_reg src)
{
   dst = gbe_retype(dst, ISA_TYPE_F);
   if (src.file == GBE_IMM) {
      gbe_alu1(&c->b, ISA_OP_MOV, dst,
               gbe_imm(ISA_TYPE_F, ir_float_bits(32, ir_float_value(16, src.imm & 0xffff))));
      return;
   }
   if (c->p->gen <= ISA_GEN75) {
      gbe_alu1(&c->b, ISA_OP_F16TO32, dst, gbe_retype(src, ISA_TYPE_UD));
      return;
   }
   struct gbe_reg h = gbe_retype(src, ISA_TYPE_HF);
   h.stride = src.stride ? 2 * src.stride : 0;
   gbe_alu1(&c->b, ISA_OP_MOV, dst, h);
}

/* Keeps sub-dword integers zero-extended and half floats representable
 * after an operation that may leave other bits. */
static void
normalize(struct gbe_ctx *c, const struct ir_type *t, struct gbe_reg d)
{
   if (t->kind == IR_TYPE_INT && t->bits < 32) {
      gbe_alu2(&c->b, ISA_OP_AND, gbe_retype(d, ISA_TYPE_UD), gbe_retype(d, ISA_TYPE_UD),
               gbe_imm(ISA_TYPE_UD, (1u << t->bits) - 1));
   } else if (t->kind == IR_TYPE_FLOAT && t->bits == 16) {
      struct gbe_reg h = gbe_tmp(c, ISA_TYPE_UD);
      gbe_f32_to_half_bits(c, h, d);
      gbe_half_bits_to_f32(c, d, h);
   }
}

void
gbe_normalize(struct gbe_ctx *c, const struct ir_type *t, struct gbe_reg d)
{
   normalize(c, t, d);
}

static enum isa_cmod
cmp_cmod(enum ir_op op)
{
   switch (op) {
   case IR_OP_ieq: case IR_OP_feq: return ISA_CMOD_Z;
   case IR_OP_ine: case IR_OP_fneu: return ISA_CMOD_NZ;
   case IR_OP_slt: case IR_OP_ult: case IR_OP_flt: return ISA_CMOD_L;
   default: return ISA_CMOD_GE;
   }
}

/* Math box functions (PRM Vol 7 "Math Function"). */
enum { MATH_INV = 1, MATH_LOG, MATH_EXP, MATH_SQRT, MATH_RSQ, MATH_SIN, MATH_COS,
       MATH_FDIV = 9, MATH_POW, MATH_INT_DIV_QUOT = 12, MATH_INT_DIV_REM };

static void
math(struct gbe_ctx *c, unsigned fn, struct gbe_reg d, struct gbe_reg a, struct gbe_reg b)
{
   struct gbe_inst *m = gbe_alu2(&c->b, ISA_OP_MATH, d, a, b);
   m->cmod = (uint8_t)fn;
}

void
gbe_math_log2(struct gbe_ctx *c, struct gbe_reg d, struct gbe_reg a)
{
   math(c, MATH_LOG, d, a, gbe_null(ISA_TYPE_F));
}

/* 32x32 -> low 32 multiply.  Gen8/9 multiply dwords directly; the other
 * generations' multiplier is 32x16 (PRM "mul": "DWord by DWord is not
 * supported"), so the product is built from the two 16-bit halves. */
static void
imul32(struct gbe_ctx *c, struct gbe_reg d, struct gbe_reg a, struct gbe_reg b)
{
   if (a.file == GBE_IMM) {
      struct gbe_reg t = a;
      a = b;
      b = t;
   }
   if (c->p->gen == ISA_GEN8 || c->p->gen == ISA_GEN9) {
      gbe_alu2(&c->b, ISA_OP_MUL, gbe_retype(d, ISA_TYPE_UD), gbe_retype(a, ISA_TYPE_UD),
               gbe_retype(b, ISA_TYPE_UD));
      return;
   }
   if (b.file == GBE_IMM && ((uint32_t)b.imm <= 0xffff || (uint32_t)b.imm >= 0xffff8000u)) {
      /* a constant that is a (sign-extended) word: the one 32x16 product
       * is the whole one, its low 32 bits the same for either signedness */
      bool neg = (uint32_t)b.imm > 0xffff;
      gbe_alu2(&c->b, ISA_OP_MUL, gbe_retype(d, ISA_TYPE_UD), gbe_retype(a, ISA_TYPE_UD),
               gbe_imm(neg ? ISA_TYPE_W : ISA_TYPE_UW, b.imm & 0xffff));
      return;
   }
   struct gbe_reg lo = gbe_tmp(c, ISA_TYPE_UD), hi = gbe_tmp(c, ISA_TYPE_UD);
   struct gbe_reg blo, bhi;
   if (b.file == GBE_IMM) {
      blo = gbe_imm(ISA_TYPE_UW, b.imm & 0xffff);
      bhi = gbe_imm(ISA_TYPE_UW, (b.imm >> 16) & 0xffff);
   } else {
      blo = gbe_retype(b, ISA_TYPE_UW);
      blo.stride = b.stride ? b.stride * 2 : 0;
      bhi = gbe_offset(blo, 2);
   }
   gbe_alu2(&c->b, ISA_OP_MUL, lo, gbe_retype(a, ISA_TYPE_UD), blo);
   gbe_alu2(&c->b, ISA_OP_MUL, hi, gbe_retype(a, ISA_TYPE_UD), bhi);
   gbe_alu2(&c->b, ISA_OP_SHL, hi, hi, gbe_imm(ISA_TYPE_UD, 16));
   gbe_alu2(&c->b, ISA_OP_ADD, gbe_retype(d, ISA_TYPE_UD), lo, hi);
}

/* Float compares: Gen's cmp is ordered for every modifier but NZ, which
 * is "not equal or unordered" - exactly IR feq/fneu/flt/fge. */
static void
emit_cmp(struct gbe_ctx *c, struct ir_instr *i, unsigned k, struct gbe_reg d)
{
   bool sg = is_signed_op(i->op);
   struct gbe_reg a = alu_src(c, i, 0, k, sg), b = alu_src(c, i, 1, k, sg);
   const struct ir_type *t = i->srcs[0]->type;
   if (t->kind == IR_TYPE_BOOL) {
      a = gbe_retype(a, ISA_TYPE_UD);
      b = gbe_retype(b, ISA_TYPE_UD);
   }
   if (a.file == GBE_IMM) {
      /* cmp takes an immediate in src1 only: swap and mirror. */
      struct gbe_reg x = a;
      a = b;
      b = x;
      enum isa_cmod m = cmp_cmod(i->op);
      m = m == ISA_CMOD_L ? ISA_CMOD_G : m == ISA_CMOD_GE ? ISA_CMOD_LE : m;
      struct gbe_inst *ci = gbe_alu2(&c->b, ISA_OP_CMP, gbe_retype(d, a.type), a, b);
      ci->cmod = m;
      return;
   }
   struct gbe_inst *ci = gbe_alu2(&c->b, ISA_OP_CMP, gbe_retype(d, a.type), a, b);
   ci->cmod = cmp_cmod(i->op);
}

static bool
emit_conv(struct gbe_ctx *c, struct ir_instr *i, unsigned k, struct gbe_reg d)
{
   const struct ir_type *st = scalar_of(i->srcs[0]->type), *dt = scalar_of(i->type);
   bool sg = i->op == IR_OP_s2f || i->op == IR_OP_s2s;
   struct gbe_reg a = alu_src(c, i, 0, k, sg);
   switch (i->op) {
   case IR_OP_s2f: case IR_OP_u2f: case IR_OP_f2f:
      gbe_alu1(&c->b, ISA_OP_MOV, d, a);
      normalize(c, dt, d);
      return true;
   case IR_OP_f2s: case IR_OP_f2u: {
      /* float -> int rounds toward zero and saturates (PRM "Type
       * conversion"), the value SPIR-V leaves undefined out of range. */
      enum isa_type it = i->op == IR_OP_f2s ? (dt->bits == 64 ? ISA_TYPE_Q : ISA_TYPE_D)
                                            : (dt->bits == 64 ? ISA_TYPE_UQ : ISA_TYPE_UD);
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(d, it), a);
      normalize(c, dt, d);
      return true;
   }
   case IR_OP_s2s: case IR_OP_u2u:
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(d, gbe_reg_type(dt, sg)), a);
      normalize(c, dt, d);
      return true;
   case IR_OP_b2i:
      if (dt->kind == IR_TYPE_FLOAT) {
         gbe_bool_to_flag(c, a);
         struct gbe_inst *s = gbe_alu2(&c->b, ISA_OP_SEL, d, gbe_imm(d.type, dt->bits == 64 ? 0x3ff0000000000000ull : 0x3f800000),
                                       gbe_imm(d.type, 0));
         s->pred = 1;
         return true;
      }
      gbe_alu2(&c->b, ISA_OP_AND, gbe_retype(d, ISA_TYPE_UD), gbe_retype(a, ISA_TYPE_UD),
               gbe_imm(ISA_TYPE_UD, 1));
      if (dt->bits == 64)
         return gbe_fail(c->p, "b2i to 64 bits not supported yet");
      return true;
   case IR_OP_fisnan: {
      /* NaN is the one value unequal to itself: NZ compares unordered */
      struct gbe_reg x = a;
      if (x.file == GBE_IMM) {
         x = gbe_tmp(c, a.type);
         gbe_alu1(&c->b, ISA_OP_MOV, x, a);
      }
      struct gbe_inst *ci = gbe_alu2(&c->b, ISA_OP_CMP, gbe_retype(d, x.type), x, x);
      ci->cmod = ISA_CMOD_NZ;
      return true;
   }
   case IR_OP_fisinf: {
      struct gbe_reg x = a;
      if (x.file == GBE_IMM) {
         x = gbe_tmp(c, a.type);
         gbe_alu1(&c->b, ISA_OP_MOV, x, a);
      }
      x.abs = true;
      struct gbe_inst *ci = gbe_alu2(&c->b, ISA_OP_CMP, gbe_retype(d, x.type), x,
                                     gbe_imm(x.type, x.type == ISA_TYPE_DF ? 0x7ff0000000000000ull
                                                                           : 0x7f800000u));
      ci->cmod = ISA_CMOD_Z;
      return true;
   }
   case IR_OP_i2b: {
      struct gbe_inst *ci = gbe_alu2(&c->b, ISA_OP_CMP, gbe_retype(d, a.type), a,
                                     gbe_imm(a.type, 0));
      if (st->kind == IR_TYPE_FLOAT)
         ci->dst.type = ISA_TYPE_F;
      ci->cmod = ISA_CMOD_NZ;
      return true;
   }
   default:
      return false;
   }
}

static void
sel_bool(struct gbe_ctx *c, struct gbe_reg cond, struct gbe_reg d, struct gbe_reg t,
         struct gbe_reg f)
{
   gbe_bool_to_flag(c, cond);
   if (t.file == GBE_IMM && f.file != GBE_IMM) {
      struct gbe_inst *s = gbe_alu2(&c->b, ISA_OP_SEL, d, f, t);
      s->pred = 1;
      s->pred_inv = true;
      return;
   }
   struct gbe_inst *s = gbe_alu2(&c->b, ISA_OP_SEL, d, t, f);
   s->pred = 1;
}

/* One component of a pure ALU instruction; false when unsupported. */
static bool
emit_alu_comp(struct gbe_ctx *c, struct ir_instr *i, unsigned k, struct gbe_reg d)
{
   const struct ir_type *t = scalar_of(i->type);
   bool sg = is_signed_op(i->op);
   unsigned ns = i->num_srcs;
   struct gbe_reg a = ns > 0 ? alu_src(c, i, 0, k, sg) : gbe_null(ISA_TYPE_UD);
   struct gbe_reg b = ns > 1 ? alu_src(c, i, 1, k, sg) : gbe_null(ISA_TYPE_UD);
   struct gbe_builder *bl = &c->b;
   d = gbe_retype(d, gbe_reg_type(t, sg));
   switch (i->op) {
   case IR_OP_mov:
      gbe_alu1(bl, ISA_OP_MOV, d, a);
      return true;
   case IR_OP_iadd: case IR_OP_fadd:
      gbe_alu2(bl, ISA_OP_ADD, d, a, b)->exact = i->exact;
      break;
   case IR_OP_isub: case IR_OP_fsub:
      gbe_alu2(bl, ISA_OP_ADD, d, a, gbe_negate(b))->exact = i->exact;
      break;
   case IR_OP_fmul:
      gbe_alu2(bl, ISA_OP_MUL, d, a, b)->exact = i->exact;
      break;
   case IR_OP_imul:
      if (t->bits == 64)
         return false;
      imul32(c, d, a, b);
      break;
   case IR_OP_ffma: {
      /* mad is unfused on Gen (rounds the product), which SPIR-V's
       * OpExtInst Fma allows ("not required to be fused"). */
      struct gbe_reg m = alu_src(c, i, 2, k, false);
      gbe_emit(bl, ISA_OP_MAD, d, m, a, b);
      break;
   }
   case IR_OP_fdiv:
      math(c, MATH_FDIV, d, a, b);
      break;
   case IR_OP_udiv: case IR_OP_sdiv: case IR_OP_umod: case IR_OP_srem:
      if (t->bits == 64)
         return false;
      math(c, i->op == IR_OP_udiv || i->op == IR_OP_sdiv ? MATH_INT_DIV_QUOT : MATH_INT_DIV_REM,
           d, a, b);
      break;
   case IR_OP_smod: {
      /* remainder with the divisor's sign: fix up srem when the signs
       * differ and it is non-zero. */
      if (t->bits == 64)
         return false;
      struct gbe_reg r = gbe_tmp(c, ISA_TYPE_D), x = gbe_tmp(c, ISA_TYPE_D);
      math(c, MATH_INT_DIV_REM, r, a, b);
      gbe_alu2(bl, ISA_OP_XOR, x, r, b);
      struct gbe_inst *ci = gbe_alu2(bl, ISA_OP_CMP, gbe_null(ISA_TYPE_D), x, gbe_imm(ISA_TYPE_D, 0));
      ci->cmod = ISA_CMOD_L;
      struct gbe_inst *cz = gbe_alu2(bl, ISA_OP_CMP, gbe_null(ISA_TYPE_D), r, gbe_imm(ISA_TYPE_D, 0));
      cz->cmod = ISA_CMOD_NZ;
      cz->pred = 1;
      gbe_alu1(bl, ISA_OP_MOV, d, r);
      struct gbe_inst *ad = gbe_alu2(bl, ISA_OP_ADD, d, r, b);
      ad->pred = 1;
      break;
   }
   case IR_OP_smin: case IR_OP_umin: case IR_OP_fmin:
   case IR_OP_smax: case IR_OP_umax: case IR_OP_fmax: {
      bool mn = i->op == IR_OP_smin || i->op == IR_OP_umin || i->op == IR_OP_fmin;
      if (a.file == GBE_IMM) {
         struct gbe_reg x = a;
         a = b;
         b = x;
      }
      struct gbe_inst *s = gbe_alu2(bl, ISA_OP_SEL, d, a, b);
      s->cmod = mn ? ISA_CMOD_L : ISA_CMOD_GE;
      return true;
   }
   case IR_OP_iand: case IR_OP_band:
      gbe_alu2(bl, ISA_OP_AND, gbe_retype(d, ISA_TYPE_UD), gbe_retype(a, ISA_TYPE_UD), gbe_retype(b, ISA_TYPE_UD));
      return true;
   case IR_OP_ior: case IR_OP_bor:
      gbe_alu2(bl, ISA_OP_OR, gbe_retype(d, ISA_TYPE_UD), gbe_retype(a, ISA_TYPE_UD), gbe_retype(b, ISA_TYPE_UD));
      return true;
   case IR_OP_ixor: case IR_OP_bxor:
      gbe_alu2(bl, ISA_OP_XOR, gbe_retype(d, ISA_TYPE_UD), gbe_retype(a, ISA_TYPE_UD), gbe_retype(b, ISA_TYPE_UD));
      return true;
   case IR_OP_inot: case IR_OP_bnot:
      gbe_alu1(bl, ISA_OP_NOT, gbe_retype(d, ISA_TYPE_UD), gbe_retype(a, ISA_TYPE_UD));
      break;
   case IR_OP_ineg: case IR_OP_fneg:
      gbe_alu1(bl, ISA_OP_MOV, d, gbe_negate(a));
      break;
   case IR_OP_fabs: case IR_OP_iabs:
      if (a.file == GBE_IMM) {
         bool fl = a.type == ISA_TYPE_F || a.type == ISA_TYPE_DF;
         unsigned sbit = isa_type_size(a.type) * 8 - 1;
         if (fl)
            a.imm &= ~(1ull << sbit);
         else if ((a.imm >> sbit) & 1)
            a = gbe_negate(a);
      } else {
         a.abs = true;
         a.neg = false;
      }
      gbe_alu1(bl, ISA_OP_MOV, d, a);
      break;
   case IR_OP_fsign: {
      /* copysign(1.0, x) for non-zero x; a zero gives itself, its sign
       * kept (SignedZeroInfNanPreserve, and the IR's fsign) */
      struct gbe_reg o = gbe_tmp(c, ISA_TYPE_UD);
      gbe_alu2(bl, ISA_OP_AND, o, gbe_retype(a, ISA_TYPE_UD), gbe_imm(ISA_TYPE_UD, 0x80000000u));
      gbe_alu2(bl, ISA_OP_OR, o, o, gbe_imm(ISA_TYPE_UD, 0x3f800000u));
      struct gbe_inst *ci = gbe_alu2(bl, ISA_OP_CMP, gbe_null(ISA_TYPE_F), a, gbe_imm(ISA_TYPE_F, 0));
      ci->cmod = ISA_CMOD_NZ;
      struct gbe_inst *s = gbe_alu2(bl, ISA_OP_SEL, d, gbe_retype(o, ISA_TYPE_F), a);
      s->pred = 1;
      return true;
   }
   case IR_OP_isign: {
      struct gbe_reg x = gbe_tmp(c, ISA_TYPE_D);
      gbe_alu2(bl, ISA_OP_ASR, x, a, gbe_imm(ISA_TYPE_UD, 31));
      struct gbe_inst *ci = gbe_alu2(bl, ISA_OP_CMP, gbe_null(ISA_TYPE_D), a, gbe_imm(ISA_TYPE_D, 0));
      ci->cmod = ISA_CMOD_G;
      struct gbe_inst *s = gbe_alu2(bl, ISA_OP_SEL, d, gbe_imm(ISA_TYPE_D, 1), x);
      s->pred = 1;
      s->src[0] = x;
      s->src[1] = gbe_imm(ISA_TYPE_D, 1);
      s->pred_inv = true;
      break;
   }
   case IR_OP_ishl:
      gbe_alu2(bl, ISA_OP_SHL, d, a, gbe_retype(b, ISA_TYPE_UD));
      break;
   case IR_OP_ishr:
      gbe_alu2(bl, ISA_OP_ASR, d, a, gbe_retype(b, ISA_TYPE_UD));
      break;
   case IR_OP_ushr:
      gbe_alu2(bl, ISA_OP_SHR, d, a, gbe_retype(b, ISA_TYPE_UD));
      break;
   case IR_OP_bitcount:
      gbe_alu1(bl, ISA_OP_CBIT, gbe_retype(d, ISA_TYPE_UD), gbe_retype(a, ISA_TYPE_UD));
      return true;
   case IR_OP_bitreverse:
      gbe_alu1(bl, ISA_OP_BFREV, gbe_retype(d, ISA_TYPE_UD), gbe_retype(a, ISA_TYPE_UD));
      return true;
   case IR_OP_find_lsb:
      /* fbl gives 0xffffffff for 0, which is SPIR-V's FindILsb(0) = -1 */
      gbe_alu1(bl, ISA_OP_FBL, gbe_retype(d, ISA_TYPE_UD), gbe_retype(a, ISA_TYPE_UD));
      return true;
   case IR_OP_ufind_msb: case IR_OP_sfind_msb: {
      /* fbh counts from the MSB; -1 (no bit) stays -1, else 31 - n. */
      struct gbe_reg n = gbe_tmp(c, ISA_TYPE_D);
      gbe_alu1(bl, ISA_OP_FBH, n, i->op == IR_OP_sfind_msb ? gbe_retype(a, ISA_TYPE_D)
                                                           : gbe_retype(a, ISA_TYPE_UD));
      struct gbe_reg r = gbe_tmp(c, ISA_TYPE_D);
      gbe_alu2(bl, ISA_OP_ADD, r, gbe_negate(n), gbe_imm(ISA_TYPE_D, 31));
      struct gbe_inst *ci = gbe_alu2(bl, ISA_OP_CMP, gbe_null(ISA_TYPE_D), n, gbe_imm(ISA_TYPE_D, -1 & 0xffffffffu));
      ci->cmod = ISA_CMOD_Z;
      struct gbe_inst *s = gbe_alu2(bl, ISA_OP_SEL, gbe_retype(d, ISA_TYPE_D), n, r);
      s->pred = 1;
      return true;
   }
   case IR_OP_ubfe: case IR_OP_sbfe: {
      /* bfe takes (width, offset, value) with 5-bit fields; SPIR-V's
       * count 32 (offset 0) must give the value itself. */
      struct gbe_reg cnt = alu_src(c, i, 2, k, false);
      struct gbe_reg r = gbe_tmp(c, ISA_TYPE_UD);
      gbe_emit(bl, ISA_OP_BFE, gbe_retype(r, sg ? ISA_TYPE_D : ISA_TYPE_UD), gbe_retype(cnt, ISA_TYPE_UD),
               gbe_retype(b, ISA_TYPE_UD), gbe_retype(a, sg ? ISA_TYPE_D : ISA_TYPE_UD));
      struct gbe_inst *ci = gbe_alu2(bl, ISA_OP_CMP, gbe_null(ISA_TYPE_UD), gbe_retype(cnt, ISA_TYPE_UD),
                                     gbe_imm(ISA_TYPE_UD, 32));
      ci->cmod = ISA_CMOD_GE;
      struct gbe_inst *s = gbe_alu2(bl, ISA_OP_SEL, gbe_retype(d, ISA_TYPE_UD), gbe_retype(a, ISA_TYPE_UD), r);
      s->pred = 1;
      return true;
   }
   case IR_OP_bfi: {
      /* bfi1 makes the mask from (width, offset), bfi2 merges. */
      struct gbe_reg ins = b, off = alu_src(c, i, 2, k, false), cnt = alu_src(c, i, 3, k, false);
      struct gbe_reg m = gbe_tmp(c, ISA_TYPE_UD), r = gbe_tmp(c, ISA_TYPE_UD);
      gbe_alu2(bl, ISA_OP_BFI1, m, gbe_retype(cnt, ISA_TYPE_UD), gbe_retype(off, ISA_TYPE_UD));
      gbe_emit(bl, ISA_OP_BFI2, r, m, gbe_retype(ins, ISA_TYPE_UD), gbe_retype(a, ISA_TYPE_UD));
      struct gbe_inst *ci = gbe_alu2(bl, ISA_OP_CMP, gbe_null(ISA_TYPE_UD), gbe_retype(cnt, ISA_TYPE_UD),
                                     gbe_imm(ISA_TYPE_UD, 32));
      ci->cmod = ISA_CMOD_GE;
      struct gbe_inst *s = gbe_alu2(bl, ISA_OP_SEL, gbe_retype(d, ISA_TYPE_UD), gbe_retype(ins, ISA_TYPE_UD), r);
      s->pred = 1;
      return true;
   }
   case IR_OP_ffloor:
      gbe_alu1(bl, ISA_OP_RNDD, d, a);
      break;
   case IR_OP_fceil: {
      /* ceil(x) = -floor(-x) */
      gbe_alu1(bl, ISA_OP_RNDD, d, gbe_negate(a));
      gbe_alu1(bl, ISA_OP_MOV, d, gbe_negate(d));
      break;
   }
   case IR_OP_ftrunc:
      gbe_alu1(bl, ISA_OP_RNDZ, d, a);
      break;
   case IR_OP_fround_even:
      gbe_alu1(bl, ISA_OP_RNDE, d, a);
      break;
   case IR_OP_ffract:
      gbe_alu1(bl, ISA_OP_FRC, d, a);
      break;
   case IR_OP_fsqrt: math(c, MATH_SQRT, d, a, gbe_null(ISA_TYPE_F)); break;
   case IR_OP_frsq: math(c, MATH_RSQ, d, a, gbe_null(ISA_TYPE_F)); break;
   case IR_OP_fexp2: math(c, MATH_EXP, d, a, gbe_null(ISA_TYPE_F)); break;
   case IR_OP_flog2: math(c, MATH_LOG, d, a, gbe_null(ISA_TYPE_F)); break;
   case IR_OP_fsin: math(c, MATH_SIN, d, a, gbe_null(ISA_TYPE_F)); break;
   case IR_OP_fcos: math(c, MATH_COS, d, a, gbe_null(ISA_TYPE_F)); break;
   case IR_OP_fpow: math(c, MATH_POW, d, a, b); break;
   default:
      return false;
   }
   normalize(c, t, d);
   return true;
}

static bool
emit_alu(struct gbe_ctx *c, struct ir_instr *i)
{
   const struct ir_type *t = scalar_of(i->type);
   if (gbe_is_alu64(i))
      return gbe_emit_alu64(c, i);   /* 64-bit operands, ldexp: gbe_isel_64.c */
   struct gbe_reg *d = gbe_def(c, i);
   if (!d)
      return false;
   enum ir_op_class cls = ir_op_infos[i->op].cls;
   for (unsigned k = 0; k < i->type->comps; k++) {
      bool ok;
      if (cls == IR_CLASS_CMP)
         ok = (emit_cmp(c, i, k, d[k]), true);
      else if (cls == IR_CLASS_CONV)
         ok = emit_conv(c, i, k, d[k]);
      else
         ok = emit_alu_comp(c, i, k, d[k]);
      if (!ok)
         return gbe_fail(c->p, "%%%u (%s %u-bit): not supported by the back end on %s yet",
                         i->index, ir_op_infos[i->op].name, t->bits, isa_gen_name(c->p->gen));
   }
   return true;
}

/* ---- values without code ---- */

static bool
emit_const(struct gbe_ctx *c, struct ir_instr *i)
{
   unsigned n = i->type->comps;
   struct gbe_reg *r = calloc(n, sizeof(*r));
   if (!r)
      return !(c->p->oom = true);
   const struct ir_type *t = scalar_of(i->type);
   for (unsigned k = 0; k < n; k++) {
      uint64_t v = i->value[k];
      enum isa_type ty = gbe_reg_type(t, false);
      if (t->kind == IR_TYPE_BOOL)
         v = v ? 0xffffffffu : 0;
      else if (t->kind == IR_TYPE_FLOAT && t->bits == 16)
         v = ir_float_bits(32, ir_float_value(16, v));
      r[k] = gbe_imm(ty, v);
   }
   /* Instruction selection can reach an instruction a second time (a module
    * spirv_fuzz found, tests/fuzz/spirv/regress/leak-*): the registers of
    * the first definition must not leak. */
   free(c->vals[i->index]);
   c->vals[i->index] = r;
   return true;
}

/* A 16-bit component's bits in the low half of a dword: half floats
 * live as f32, so they are converted (exactly: the value is a half). */
static struct gbe_reg
bits16(struct gbe_ctx *c, const struct ir_type *t, struct gbe_reg v)
{
   if (t->kind != IR_TYPE_FLOAT)
      return gbe_retype(v, ISA_TYPE_UD);
   struct gbe_reg r = gbe_tmp(c, ISA_TYPE_UD);
   gbe_f32_to_half_bits(c, r, v);
   return r;
}

/* The value of a 16-bit component from bits in the low half of src. */
static void
from_bits16(struct gbe_ctx *c, const struct ir_type *t, struct gbe_reg d, struct gbe_reg src)
{
   if (t->kind == IR_TYPE_FLOAT) {
      gbe_half_bits_to_f32(c, d, src);
      return;
   }
   gbe_alu2(&c->b, ISA_OP_AND, gbe_retype(d, ISA_TYPE_UD), gbe_retype(src, ISA_TYPE_UD),
            gbe_imm(ISA_TYPE_UD, 0xffff));
}

/* Bitcasts between types of equal total size: 32-bit lanes retype,
 * 16-bit values (kept widened) are converted, and pairs of 16-bit values
 * pack into or unpack from a dword. */
static bool
emit_bitcast(struct gbe_ctx *c, struct ir_instr *i)
{
   struct gbe_reg *v = val_or_def(c, i->srcs[0]);
   const struct ir_type *st = i->srcs[0]->type, *dt = i->type;
   if (st->bits == dt->bits && st->bits >= 32) {
      struct gbe_reg *r = calloc(dt->comps, sizeof(*r));
      if (!r)
         return !(c->p->oom = true);
      for (unsigned k = 0; k < dt->comps; k++)
         r[k] = gbe_retype(v[k], gbe_reg_type(dt, false));
      free(c->vals[i->index]);   /* defined again: see emit_const */
      c->vals[i->index] = r;
      return true;
   }
   struct gbe_reg *d = gbe_def(c, i);
   if (!d)
      return false;
   if (st->bits == 16 && dt->bits == 16) {
      for (unsigned k = 0; k < dt->comps; k++)
         from_bits16(c, dt, d[k], bits16(c, st, v[k]));
      return true;
   }
   if (st->bits == 16 && dt->bits == 32) {
      for (unsigned k = 0; k < dt->comps; k++) {
         struct gbe_reg lo = bits16(c, st, v[2 * k]), hi = bits16(c, st, v[2 * k + 1]);
         struct gbe_reg t = gbe_tmp(c, ISA_TYPE_UD);
         gbe_alu2(&c->b, ISA_OP_SHL, t, hi, gbe_imm(ISA_TYPE_UD, 16));
         gbe_alu2(&c->b, ISA_OP_OR, gbe_retype(d[k], ISA_TYPE_UD), t, lo);
      }
      return true;
   }
   if (st->bits == 32 && dt->bits == 16) {
      for (unsigned k = 0; k < st->comps; k++) {
         struct gbe_reg hi = gbe_tmp(c, ISA_TYPE_UD);
         gbe_alu2(&c->b, ISA_OP_SHR, hi, gbe_retype(v[k], ISA_TYPE_UD), gbe_imm(ISA_TYPE_UD, 16));
         from_bits16(c, dt, d[2 * k], v[k]);
         from_bits16(c, dt, d[2 * k + 1], hi);
      }
      return true;
   }
   if (st->bits == 64 || dt->bits == 64)
      return gbe_emit_bitcast64(c, i);
   return gbe_fail(c->p, "%%%u (bitcast %u x %u-bit to %u x %u-bit): not supported on %s yet",
                   i->index, st->comps, st->bits, dt->comps, dt->bits, isa_gen_name(c->p->gen));
}

static bool
emit_composite(struct gbe_ctx *c, struct ir_instr *i)
{
   unsigned n = i->type ? i->type->comps : 0;
   struct gbe_reg *r = calloc(n ? n : 1, sizeof(*r));
   if (!r)
      return !(c->p->oom = true);
   switch (i->op) {
   case IR_OP_vec: {
      unsigned k = 0;
      for (unsigned s = 0; s < i->num_srcs; s++) {
         struct gbe_reg *v = val_or_def(c, i->srcs[s]);
         for (unsigned j = 0; j < i->srcs[s]->type->comps && k < n; j++)
            r[k++] = v[j];
      }
      break;
   }
   case IR_OP_extract:
      r[0] = val_or_def(c, i->srcs[0])[i->imm];
      break;
   case IR_OP_insert: {
      struct gbe_reg *v = val_or_def(c, i->srcs[0]);
      for (unsigned k = 0; k < n; k++)
         r[k] = k == i->imm ? val_or_def(c, i->srcs[1])[0] : v[k];
      break;
   }
   case IR_OP_undef:
      for (unsigned k = 0; k < n; k++)
         r[k] = gbe_imm(gbe_reg_type(scalar_of(i->type), false), 0);
      break;
   case IR_OP_bitcast:
      free(r);
      return emit_bitcast(c, i);
   default:
      break;
   }
   free(c->vals[i->index]);   /* defined again: see emit_const */
   c->vals[i->index] = r;
   return true;
}

/* Dynamic extract/insert: a chain of selects on the index. */
static bool
emit_dyn(struct gbe_ctx *c, struct ir_instr *i)
{
   struct gbe_reg *d = gbe_def(c, i);
   if (!d)
      return false;
   struct gbe_reg *v = val_or_def(c, i->srcs[0]);
   unsigned n = i->srcs[0]->type->comps;
   struct gbe_reg idx = val_or_def(c, i->srcs[i->op == IR_OP_extract_dyn ? 1 : 2])[0];
   if (idx.file == GBE_IMM) {
      /* a constant index (what unrolling leaves): plain copies */
      unsigned at = (unsigned)idx.imm;
      if (i->op == IR_OP_extract_dyn) {
         gbe_alu1(&c->b, ISA_OP_MOV, d[0], at < n ? v[at] : v[0]);
         return true;
      }
      for (unsigned k = 0; k < n; k++)
         gbe_alu1(&c->b, ISA_OP_MOV, d[k], k == at ? val_or_def(c, i->srcs[1])[0] : v[k]);
      return true;
   }
   if (i->op == IR_OP_extract_dyn) {
      gbe_alu1(&c->b, ISA_OP_MOV, d[0], v[0]);
      for (unsigned k = 1; k < n; k++) {
         struct gbe_inst *ci = gbe_alu2(&c->b, ISA_OP_CMP, gbe_null(ISA_TYPE_UD),
                                        gbe_retype(idx, ISA_TYPE_UD), gbe_imm(ISA_TYPE_UD, k));
         ci->cmod = ISA_CMOD_Z;
         struct gbe_inst *m = gbe_alu1(&c->b, ISA_OP_MOV, d[0], v[k]);
         m->pred = 1;
      }
      return true;
   }
   struct gbe_reg s = val_or_def(c, i->srcs[1])[0];
   idx = val_or_def(c, i->srcs[2])[0];
   for (unsigned k = 0; k < n; k++) {
      gbe_alu1(&c->b, ISA_OP_MOV, d[k], v[k]);
      struct gbe_inst *ci = gbe_alu2(&c->b, ISA_OP_CMP, gbe_null(ISA_TYPE_UD),
                                     gbe_retype(idx, ISA_TYPE_UD), gbe_imm(ISA_TYPE_UD, k));
      ci->cmod = ISA_CMOD_Z;
      struct gbe_inst *m = gbe_alu1(&c->b, ISA_OP_MOV, d[k], s);
      m->pred = 1;
   }
   return true;
}

static bool
emit_select(struct gbe_ctx *c, struct ir_instr *i)
{
   struct gbe_reg *d = gbe_def(c, i);
   if (!d)
      return false;
   struct gbe_reg *cond = val_or_def(c, i->srcs[0]);
   struct gbe_reg *t = val_or_def(c, i->srcs[1]), *f = val_or_def(c, i->srcs[2]);
   for (unsigned k = 0; k < i->type->comps; k++) {
      struct gbe_reg cv = cond[i->srcs[0]->type->comps == 1 ? 0 : k];
      enum isa_type ty = d[k].type;
      sel_bool(c, cv, d[k], gbe_retype(t[k], ty), gbe_retype(f[k], ty));
   }
   return true;
}

/* ---- the structured walk ---- */

static struct ir_block *emit_seq(struct gbe_ctx *c, struct ir_block *b);

/* The copies an edge carries into its target's phis, predicated on f0.0
 * (inverted when inv) when pred.  All phis read their sources at once
 * (the IR's rule), so sources that are phis of the same block are copied
 * to temporaries first. */
static bool
edge_moves(struct gbe_ctx *c, struct ir_block *from, struct ir_block *to, bool pred, bool inv)
{
   unsigned n = 0;
   ir_foreach_instr(i, to) {
      if (i->op != IR_OP_phi)
         break;
      n += i->type->comps;
   }
   if (!n)
      return true;
   struct move { struct gbe_reg dst, src; } *mv = calloc(n, sizeof(*mv));
   if (!mv)
      return !(c->p->oom = true);
   unsigned m = 0;
   ir_foreach_instr(i, to) {
      if (i->op != IR_OP_phi)
         break;
      unsigned p = UINT32_MAX;
      for (unsigned s = 0; s < i->num_srcs; s++) {
         if (i->phi_preds[s] == from)
            p = s;
      }
      if (p == UINT32_MAX) {
         free(mv);
         return gbe_fail(c->p, "phi %%%u has no source for the edge from b%u", i->index,
                         from->index);
      }
      struct gbe_reg *d = val_or_def(c, i), *s = val_or_def(c, i->srcs[p]);
      for (unsigned k = 0; k < i->type->comps; k++) {
         struct gbe_reg src = s[k];
         if (src.file == GBE_VGRF && i->srcs[p]->op == IR_OP_phi && i->srcs[p]->block == to) {
            struct gbe_reg t = gbe_tmp(c, src.type);
            gbe_alu1(&c->b, ISA_OP_MOV, t, src);
            src = t;
         }
         mv[m++] = (struct move){ d[k], src };
      }
   }
   for (unsigned j = 0; j < m; j++) {
      struct gbe_inst *i = gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(mv[j].dst, mv[j].src.type),
                                    mv[j].src);
      i->pred = pred;
      i->pred_inv = inv;
   }
   free(mv);
   return true;
}

static struct gbe_cf *
innermost_loop(struct gbe_ctx *c, unsigned *switches)
{
   *switches = 0;
   for (struct gbe_cf *f = c->cf; f; f = f->outer) {
      if (!f->is_switch)
         return f;
      (*switches)++;
   }
   return NULL;
}

static struct gbe_inst *
emit_jump(struct gbe_ctx *c, enum isa_op op)
{
   return gbe_emit(&c->b, op, gbe_null(ISA_TYPE_D), gbe_null(ISA_TYPE_D), gbe_null(ISA_TYPE_D),
                   gbe_null(ISA_TYPE_D));
}

static bool
is_case_stop(struct gbe_ctx *c, struct ir_block *b)
{
   for (unsigned k = 0; k < c->num_case_stops; k++) {
      if (c->case_stops[k] == b)
         return true;
   }
   return false;
}

/* Where an edge goes, seen from the innermost constructs. */
enum edge_kind { EDGE_NORMAL, EDGE_STOP, EDGE_BREAK, EDGE_SWITCH_BREAK, EDGE_CONTINUE,
                 EDGE_BACK };

static enum edge_kind
edge_kind(struct gbe_ctx *c, struct ir_block *to)
{
   unsigned sw;
   struct gbe_cf *loop = innermost_loop(c, &sw);
   if (c->cf && c->cf->is_switch && to == c->cf->merge)
      return EDGE_SWITCH_BREAK;
   if (loop && to == loop->header)
      return EDGE_BACK;
   if (loop && to == loop->merge)
      return EDGE_BREAK;
   if (loop && to == loop->cont && !c->in_cont_construct)
      return EDGE_CONTINUE;
   if (to == c->sel_merge || is_case_stop(c, to))
      return EDGE_STOP;
   return EDGE_NORMAL;
}

/* The continue construct, emitted where the body reaches it: at the
 * body's tail it ends in WHILE; at a continue edge inside the body it
 * ends in CONT, which takes the channels straight to the WHILE. */
static bool
emit_continue_construct(struct gbe_ctx *c, struct gbe_cf *loop, bool at_tail)
{
   bool saved_in = c->in_cont_construct, saved_end = c->end_with_cont;
   struct ir_block *saved_merge = c->sel_merge;
   c->in_cont_construct = true;
   c->end_with_cont = !at_tail;
   c->sel_merge = NULL;
   struct ir_block *r = emit_seq(c, loop->cont);
   c->in_cont_construct = saved_in;
   c->end_with_cont = saved_end;
   c->sel_merge = saved_merge;
   if (r)
      return gbe_fail(c->p, "the continue construct of b%u does not end in its back edge",
                      loop->cont->index);
   return !c->p->failed;
}

/* Emits an edge that leaves the current sequence.  Returns the block the
 * sequence goes on with (EDGE_NORMAL), the construct end it reached
 * (EDGE_STOP), or NULL when the channels left (break, continue, back
 * edge). */
static struct ir_block *
emit_edge(struct gbe_ctx *c, struct ir_block *from, struct ir_block *to)
{
   unsigned sw;
   struct gbe_cf *loop = innermost_loop(c, &sw);
   enum edge_kind k = edge_kind(c, to);
   if (!edge_moves(c, from, to, false, false))
      return NULL;
   switch (k) {
   case EDGE_NORMAL:
   case EDGE_STOP:
      return to;
   case EDGE_SWITCH_BREAK:
      emit_jump(c, ISA_OP_BREAK);
      return NULL;
   case EDGE_BACK:
      if (c->end_with_cont) {
         emit_jump(c, ISA_OP_CONT);
      } else {
         emit_jump(c, ISA_OP_WHILE);
         loop->while_done = true;
      }
      return NULL;
   case EDGE_BREAK:
      if (sw)
         return gbe_fail(c->p, "a loop break from inside a switch is not supported yet"), NULL;
      emit_jump(c, ISA_OP_BREAK);
      return NULL;
   case EDGE_CONTINUE:
      if (sw > 1)
         return gbe_fail(c->p, "a continue from inside nested switches is not supported yet"), NULL;
      if (!sw && c->cf == loop && !c->sel_merge)
         return to;   /* the body's tail: the walk places the construct */
      if (sw) {
         /* leave the switch first; the channels continue the loop after
          * the switch's WHILE */
         gbe_alu1(&c->b, ISA_OP_MOV, c->cf->pending_cont, gbe_imm(ISA_TYPE_UD, ~0u));
         c->cf->has_pending_cont = true;
         emit_jump(c, ISA_OP_BREAK);
         return NULL;
      }
      emit_continue_construct(c, loop, false);
      return NULL;
   }
   return NULL;
}

/* One arm of an IF: the edge, then its blocks until the arm's end. */
static struct ir_block *
emit_arm(struct gbe_ctx *c, struct ir_block *from, struct ir_block *to)
{
   bool normal = edge_kind(c, to) == EDGE_NORMAL;
   struct ir_block *next = emit_edge(c, from, to);
   return normal && next ? emit_seq(c, next) : next;
}

static struct gbe_inst *
emit_if(struct gbe_ctx *c, struct gbe_reg cond, bool invert)
{
   gbe_bool_to_flag(c, cond);
   struct gbe_inst *i = emit_jump(c, ISA_OP_IF);
   i->pred = 1;
   i->pred_inv = invert;
   return i;
}

/* A selection construct: IF, the arm that does more first, ELSE, the
 * other, ENDIF; the walk goes on at the merge when an arm reaches it. */
static struct ir_block *
emit_selection(struct gbe_ctx *c, struct ir_block *b)
{
   struct gbe_reg cond = val_or_def(c, b->cond)[0];
   struct ir_block *t = b->succs[0], *f = b->succs[1], *merge = b->merge;
   struct ir_block *saved = c->sel_merge;
   c->sel_merge = merge;
   bool invert = t == merge && f != merge;
   emit_if(c, cond, invert);
   struct ir_block *r1 = emit_arm(c, b, invert ? f : t);
   emit_jump(c, ISA_OP_ELSE);
   struct ir_block *r2 = emit_arm(c, b, invert ? t : f);
   emit_jump(c, ISA_OP_ENDIF);
   c->sel_merge = saved;
   return (r1 == merge || r2 == merge) ? merge : NULL;
}

/* The end of a continue construct in a do-while form: `cbr cond, header,
 * merge`.  At the tail the back edge is a predicated WHILE; at a
 * continue edge the exiting channels BREAK and the others CONT. */
static struct ir_block *
emit_back_branch(struct gbe_ctx *c, struct ir_block *b, bool back_is_true)
{
   unsigned sw;
   struct gbe_cf *loop = innermost_loop(c, &sw);
   struct ir_block *exit = back_is_true ? b->succs[1] : b->succs[0];
   if (exit != loop->merge)
      return gbe_fail(c->p, "b%u: a back edge whose other edge does not leave the loop", b->index), NULL;
   gbe_bool_to_flag(c, val_or_def(c, b->cond)[0]);
   if (!edge_moves(c, b, exit, true, back_is_true) ||
       !edge_moves(c, b, loop->header, true, !back_is_true))
      return NULL;
   if (c->end_with_cont) {
      struct gbe_inst *br = emit_jump(c, ISA_OP_BREAK);
      br->pred = 1;
      br->pred_inv = back_is_true;
      emit_jump(c, ISA_OP_CONT);
      return NULL;
   }
   struct gbe_inst *w = emit_jump(c, ISA_OP_WHILE);
   w->pred = 1;
   w->pred_inv = !back_is_true;
   loop->while_done = true;
   return NULL;
}

/* A conditional branch without a merge: at least one edge leaves the
 * sequence (break, continue, back edge, switch break); it goes in an IF,
 * and the walk goes on with the other edge after the ENDIF. */
static struct ir_block *
emit_cond_branch(struct gbe_ctx *c, struct ir_block *b)
{
   struct ir_block *t = b->succs[0], *f = b->succs[1];
   enum edge_kind kt = edge_kind(c, t), kf = edge_kind(c, f);
   if (kt == EDGE_BACK || kf == EDGE_BACK)
      return emit_back_branch(c, b, kt == EDGE_BACK);
   if (kt == EDGE_STOP || kf == EDGE_STOP || (kt == EDGE_NORMAL && kf == EDGE_NORMAL))
      return gbe_fail(c->p, "b%u: a conditional branch that is not structured", b->index), NULL;
   struct gbe_reg cond = val_or_def(c, b->cond)[0];
   bool t_leaves = kt != EDGE_NORMAL;
   struct ir_block *saved = c->sel_merge;
   c->sel_merge = NULL;
   emit_if(c, cond, !t_leaves);
   emit_edge(c, b, t_leaves ? t : f);
   if (kt != EDGE_NORMAL && kf != EDGE_NORMAL) {
      emit_jump(c, ISA_OP_ELSE);
      emit_edge(c, b, f);
   }
   emit_jump(c, ISA_OP_ENDIF);
   c->sel_merge = saved;
   if (kt != EDGE_NORMAL && kf != EDGE_NORMAL)
      return NULL;
   struct ir_block *n = t_leaves ? f : t;
   return edge_moves(c, b, n, false, false) ? n : NULL;
}

static struct ir_block *
emit_loop(struct gbe_ctx *c, struct ir_block *h)
{
   struct gbe_cf loop = { .outer = c->cf, .header = h, .merge = h->merge, .cont = h->cont };
   struct ir_block *saved_merge = c->sel_merge;
   bool saved_in = c->in_cont_construct, saved_end = c->end_with_cont;
   struct ir_block **saved_stops = c->case_stops;
   unsigned saved_n = c->num_case_stops;
   c->cf = &loop;
   c->sel_merge = NULL;
   c->in_cont_construct = false;
   c->end_with_cont = false;
   c->case_stops = NULL;
   c->num_case_stops = 0;
   emit_jump(c, GBE_OP_DO);
   struct ir_block *r = emit_seq(c, h);
   if (r && !c->p->failed)
      gbe_fail(c->p, "loop b%u: the body ends at b%u", h->index, r->index);
   /* every path of the body continued or left: the WHILE still closes
    * the loop for the channels that continued */
   if (!loop.while_done)
      emit_jump(c, ISA_OP_WHILE);
   c->cf = loop.outer;
   c->sel_merge = saved_merge;
   c->in_cont_construct = saved_in;
   c->end_with_cont = saved_end;
   c->case_stops = saved_stops;
   c->num_case_stops = saved_n;
   return h->merge;
}

/* Folds the compare of sel with v into acc: the first compare writes acc
 * itself, later ones are combined with op. */
static void
fold_compare(struct gbe_ctx *c, struct gbe_reg sel, uint64_t v, enum isa_cmod cmod,
             enum isa_op op, struct gbe_reg acc, bool *first)
{
   struct gbe_reg e = *first ? acc : gbe_tmp(c, ISA_TYPE_UD);
   struct gbe_inst *ci = gbe_alu2(&c->b, ISA_OP_CMP, e, gbe_retype(sel, ISA_TYPE_UD),
                                  gbe_imm(ISA_TYPE_UD, (uint32_t)v));
   ci->cmod = cmod;
   if (!*first)
      gbe_alu2(&c->b, op, acc, acc, e);
   *first = false;
}

static void
emit_case_match(struct gbe_ctx *c, struct ir_block *b, struct gbe_reg sel,
                struct ir_block *target, struct gbe_reg m)
{
   /* the case values that name target, and for the default target also
    * the channels whose selector matches no case value */
   bool first = true;
   for (unsigned k = 1; k < b->num_succs; k++) {
      if (b->succs[k] == target)
         fold_compare(c, sel, b->case_values[k - 1], ISA_CMOD_Z, ISA_OP_OR, m, &first);
   }
   if (target != b->succs[0]) {
      if (first)
         gbe_alu1(&c->b, ISA_OP_MOV, m, gbe_imm(ISA_TYPE_UD, 0));
      return;
   }
   struct gbe_reg none = first ? m : gbe_tmp(c, ISA_TYPE_UD);
   bool none_first = true;
   for (unsigned k = 1; k < b->num_succs; k++)
      fold_compare(c, sel, b->case_values[k - 1], ISA_CMOD_NZ, ISA_OP_AND, none, &none_first);
   if (none_first)
      gbe_alu1(&c->b, ISA_OP_MOV, none, gbe_imm(ISA_TYPE_UD, ~0u));
   if (!first)
      gbe_alu2(&c->b, ISA_OP_OR, m, m, none);
}

/* Cases in layout order, each in an IF on "taken": a case that falls
 * through leaves its channels taken for the next one; a break BREAKs out
 * of the one-trip DO around the switch.  The header's phi copies into a
 * case go only to the channels that chose it, not to those falling
 * through from the case before. */
static bool
emit_switch_cases(struct gbe_ctx *c, struct ir_block *b, struct gbe_reg sel,
                  struct ir_block **targets, unsigned nt)
{
   struct gbe_reg taken = gbe_null(ISA_TYPE_UD);
   /* whether some channel may reach the next case still taken (falling
    * through from the one before): until then "taken" is just the match */
   bool falls = false;
   for (unsigned t = 0; t < nt && !c->p->failed; t++) {
      c->case_stops = targets + t + 1;
      c->num_case_stops = nt - t - 1;
      struct gbe_reg m = gbe_tmp(c, ISA_TYPE_UD);
      emit_case_match(c, b, sel, targets[t], m);
      if (edge_kind(c, targets[t]) != EDGE_NORMAL) {
         /* straight to a break or continue of the loop around */
         emit_if(c, m, false);
         emit_edge(c, b, targets[t]);
         emit_jump(c, ISA_OP_ENDIF);
         continue;
      }
      if (targets[t]->first && targets[t]->first->op == IR_OP_phi) {
         emit_if(c, m, false);
         edge_moves(c, b, targets[t], false, false);
         emit_jump(c, ISA_OP_ENDIF);
      }
      if (falls) {
         struct gbe_reg both = gbe_tmp(c, ISA_TYPE_UD);
         gbe_alu2(&c->b, ISA_OP_OR, both, taken, m);
         taken = both;
      } else {
         taken = m;
      }
      emit_if(c, taken, false);
      struct ir_block *r = emit_seq(c, targets[t]);
      if (r && !is_case_stop(c, r))
         return gbe_fail(c->p, "switch case b%u ends at b%u", targets[t]->index, r->index);
      emit_jump(c, ISA_OP_ENDIF);
      /* the channels of a case that does not fall through all BREAK: the
       * ones left running matched none of the cases so far */
      falls = r != NULL;
   }
   return !c->p->failed;
}

/* Whether a return is reachable from `from` without passing `avoid`. */
static bool
return_reachable(struct ir_block *from, struct ir_block *avoid, bool *seen,
                 struct ir_block **stack)
{
   unsigned n = 0;
   stack[n++] = from;
   seen[from->index] = true;
   while (n) {
      struct ir_block *b = stack[--n];
      if (b->term == IR_TERM_RETURN)
         return true;
      for (unsigned k = 0; k < b->num_succs; k++) {
         struct ir_block *t = b->succs[k];
         if (t != avoid && !seen[t->index]) {
            seen[t->index] = true;
            stack[n++] = t;
         }
      }
   }
   return false;
}

/* Where a switch ends.  SPIR-V lets its merge block be unreachable when
 * every case leaves by a return; once the front end inlines the function,
 * those returns branch to the block after the call, which then ends the
 * construct: the header's immediate post-dominator, the first block in
 * breadth-first order from the header without which no return is
 * reachable. */
static struct ir_block *
construct_end(struct gbe_ctx *c, struct ir_block *h)
{
   if (h->merge->num_preds)
      return h->merge;
   unsigned n = h->func->num_blocks;
   struct ir_block **order = calloc(n, sizeof(*order)), **stack = calloc(n, sizeof(*stack));
   bool *seen = calloc(n, sizeof(*seen)), *queued = calloc(n, sizeof(*queued));
   struct ir_block *end = h->merge;
   if (!order || !stack || !seen || !queued) {
      c->p->oom = true;
   } else {
      unsigned head = 0, tail = 0;
      order[tail++] = h;
      queued[h->index] = true;
      while (head < tail && end == h->merge) {
         struct ir_block *b = order[head++];
         memset(seen, 0, n * sizeof(*seen));
         if (b != h && !return_reachable(h, b, seen, stack))
            end = b;
         for (unsigned k = 0; k < b->num_succs; k++) {
            if (!queued[b->succs[k]->index]) {
               queued[b->succs[k]->index] = true;
               order[tail++] = b->succs[k];
            }
         }
      }
   }
   free(order);
   free(stack);
   free(seen);
   free(queued);
   return end;
}

static struct ir_block *
emit_switch(struct gbe_ctx *c, struct ir_block *b)
{
   struct ir_block *end = construct_end(c, b);
   struct gbe_reg sel = val_or_def(c, b->cond)[0];
   struct ir_block **targets = calloc(b->num_succs, sizeof(*targets));
   if (!targets)
      return (c->p->oom = true), NULL;
   unsigned nt = 0;
   /* distinct targets in layout order: a case falls through to the next */
   ir_foreach_block(x, b->func) {
      if (x == b->merge || x == end)
         continue;
      for (unsigned k = 0; k < b->num_succs; k++) {
         if (b->succs[k] == x) {
            targets[nt++] = x;
            break;
         }
      }
   }
   bool direct = false;
   for (unsigned k = 0; k < b->num_succs; k++)
      direct |= b->succs[k] == end;
   if (direct) {
      /* the channels whose case is the merge itself take its phi copies */
      struct gbe_reg m = gbe_tmp(c, ISA_TYPE_UD);
      emit_case_match(c, b, sel, end, m);
      emit_if(c, m, false);
      edge_moves(c, b, end, false, false);
      emit_jump(c, ISA_OP_ENDIF);
   }
   struct gbe_cf sw = { .outer = c->cf, .is_switch = true, .header = b, .merge = end };
   sw.pending_cont = gbe_tmp(c, ISA_TYPE_UD);
   gbe_alu1(&c->b, ISA_OP_MOV, sw.pending_cont, gbe_imm(ISA_TYPE_UD, 0));
   struct ir_block *saved_merge = c->sel_merge;
   struct ir_block **saved_stops = c->case_stops;
   unsigned saved_n = c->num_case_stops;
   c->cf = &sw;
   c->sel_merge = NULL;
   emit_jump(c, GBE_OP_DO);
   bool ok = emit_switch_cases(c, b, sel, targets, nt);
   /* the channels of no case, and those falling out of the last, leave
    * the one-trip loop */
   emit_jump(c, ISA_OP_BREAK);
   emit_jump(c, ISA_OP_WHILE);
   c->cf = sw.outer;
   c->sel_merge = saved_merge;
   c->case_stops = saved_stops;
   c->num_case_stops = saved_n;
   free(targets);
   if (ok && sw.has_pending_cont) {
      /* the channels that continue the loop from inside the switch run
       * its continue construct, which ends in CONT */
      unsigned nsw;
      emit_if(c, sw.pending_cont, false);
      emit_continue_construct(c, innermost_loop(c, &nsw), false);
      emit_jump(c, ISA_OP_ENDIF);
   }
   return ok ? end : NULL;
}

/* Marks in seen[] the blocks reachable from `from` through edges that
 * stay in the current constructs (not breaks, continues, back edges or
 * construct ends), without entering `avoid`. */
static void
reach(struct gbe_ctx *c, struct ir_block *from, struct ir_block *avoid, bool *seen,
      struct ir_block **stack)
{
   unsigned n = 0;
   stack[n++] = from;
   seen[from->index] = true;
   while (n) {
      struct ir_block *b = stack[--n];
      for (unsigned k = 0; k < b->num_succs; k++) {
         struct ir_block *t = b->succs[k];
         if (t == avoid || seen[t->index] || edge_kind(c, t) != EDGE_NORMAL)
            continue;
         seen[t->index] = true;
         stack[n++] = t;
      }
   }
}

/* Inlining a function that returns from inside a selection leaves an
 * edge from the selection's construct straight to a block past its merge
 * (the call's continuation).  That block is the selection's early exit:
 * reached from inside the construct and from the merge.  NULL when every
 * edge leaving the construct goes to the merge or ends a construct
 * around it. */
static struct ir_block *
early_exit(struct gbe_ctx *c, struct ir_block *h)
{
   unsigned nb = h->func->num_blocks + 1;
   bool *after = calloc(nb, sizeof(bool)), *inside = calloc(nb, sizeof(bool));
   struct ir_block **stack = calloc(nb * 2, sizeof(*stack));
   struct ir_block *exit = NULL;
   if (!after || !inside || !stack) {
      c->p->oom = true;
      goto out;
   }
   reach(c, h->merge, NULL, after, stack);
   for (unsigned k = 0; k < h->num_succs; k++) {
      if (h->succs[k] != h->merge && !after[h->succs[k]->index] &&
          edge_kind(c, h->succs[k]) == EDGE_NORMAL)
         reach(c, h->succs[k], h->merge, inside, stack);
   }
   ir_foreach_block(b, h->func) {
      if (!inside[b->index] || after[b->index])
         continue;
      for (unsigned k = 0; k < b->num_succs && !exit; k++) {
         struct ir_block *t = b->succs[k];
         if (t != h->merge && after[t->index])
            exit = t;
      }
   }
out:
   free(after);
   free(inside);
   free(stack);
   return exit;
}

/* A selection with an early exit to t runs in a one-trip DO/WHILE up to
 * t, like a switch: the early edges and the merge's path on to t are
 * BREAKs, and the walk goes on at t after the WHILE. */
static struct ir_block *
emit_selection_with_exit(struct gbe_ctx *c, struct ir_block *b, struct ir_block *t)
{
   struct gbe_cf wrap = { .outer = c->cf, .is_switch = true, .header = b, .merge = t };
   wrap.pending_cont = gbe_tmp(c, ISA_TYPE_UD);
   gbe_alu1(&c->b, ISA_OP_MOV, wrap.pending_cont, gbe_imm(ISA_TYPE_UD, 0));
   c->cf = &wrap;
   emit_jump(c, GBE_OP_DO);
   struct ir_block *r = emit_selection(c, b);
   if (r)
      r = emit_seq(c, r);
   emit_jump(c, ISA_OP_BREAK);
   emit_jump(c, ISA_OP_WHILE);
   c->cf = wrap.outer;
   if (wrap.has_pending_cont) {
      unsigned nsw;
      emit_if(c, wrap.pending_cont, false);
      emit_continue_construct(c, innermost_loop(c, &nsw), false);
      emit_jump(c, ISA_OP_ENDIF);
   }
   if (r && !c->p->failed)
      return gbe_fail(c->p, "b%u: the way from a selection to its early exit b%u ends at b%u",
                      b->index, t->index, r->index), NULL;
   return t;
}

/* An instruction only the stage's own selection knows. */
static bool
stage_instr(struct gbe_ctx *c, struct ir_instr *i)
{
   if (!c->ops->instr)
      return gbe_fail(c->p, "%%%u (%s): not available in this stage", i->index,
                      ir_op_infos[i->op].name);
   return c->ops->instr(c, i);
}

/* Emits the non-phi instructions of b. */
static bool
emit_instrs(struct gbe_ctx *c, struct ir_block *b)
{
   ir_foreach_instr(i, b) {
      bool ok = true;
      switch (i->op) {
      case IR_OP_phi:
         val_or_def(c, i);
         break;
      case IR_OP_const:
         ok = emit_const(c, i);
         break;
      case IR_OP_vec: case IR_OP_extract: case IR_OP_insert: case IR_OP_undef:
      case IR_OP_bitcast:
         ok = emit_composite(c, i);
         break;
      case IR_OP_extract_dyn: case IR_OP_insert_dyn:
         ok = emit_dyn(c, i);
         break;
      case IR_OP_select:
         ok = emit_select(c, i);
         break;
      case IR_OP_sysval:
         ok = c->ops->sysval(c, i);
         break;
      case IR_OP_deref_var: case IR_OP_deref_struct:
         break;   /* constant offsets, folded into the accesses */
      case IR_OP_deref_array:
         ok = gbe_isel_deref(c, i);
         break;
      case IR_OP_load: case IR_OP_store: case IR_OP_atomic: {
         enum ir_storage st = i->srcs[0]->type->storage;
         ok = st == IR_STORAGE_INPUT || st == IR_STORAGE_OUTPUT ? stage_instr(c, i) :
              st == IR_STORAGE_TEXEL ? gbe_isel_texel(c, i) :
              st == IR_STORAGE_PHYSICAL ? gbe_isel_global(c, i) : gbe_isel_memory(c, i);
         break;
      }
      case IR_OP_deref_texel:
         break;   /* the image access reads its operands */
      case IR_OP_int_to_ptr: case IR_OP_ptr_to_int:
         ok = gbe_isel_ptr_cast(c, i);
         break;
      case IR_OP_tex:
         ok = gbe_isel_tex(c, i);
         break;
      case IR_OP_barrier:
         ok = gbe_isel_barrier(c, i);
         break;
      case IR_OP_subgroup:
         ok = gbe_isel_subgroup(c, i);
         break;
      case IR_OP_ubfe: case IR_OP_sbfe: case IR_OP_bfi:
         ok = emit_alu(c, i);
         break;
      case IR_OP_demote: case IR_OP_is_helper: case IR_OP_fddx: case IR_OP_fddy:
      case IR_OP_fddx_fine: case IR_OP_fddy_fine: case IR_OP_fddx_coarse:
      case IR_OP_fddy_coarse: case IR_OP_interp_centroid: case IR_OP_interp_sample:
      case IR_OP_interp_offset: case IR_OP_emit_vertex: case IR_OP_end_primitive:
         ok = stage_instr(c, i);
         break;
      default:
         if (ir_op_infos[i->op].cls == IR_CLASS_OTHER || !(ir_op_infos[i->op].flags & IR_OP_PURE))
            return gbe_fail(c->p, "%%%u (%s): not supported by the back end on %s yet",
                            i->index, ir_op_infos[i->op].name, isa_gen_name(c->p->gen));
         ok = emit_alu(c, i);
         break;
      }
      if (!ok || c->p->failed || c->p->oom)
         return gbe_fail(c->p, "%%%u (%s): could not be compiled for %s", i->index,
                         ir_op_infos[i->op].name, isa_gen_name(c->p->gen));
   }
   return true;
}

/* A block's instructions, then its terminator.  Returns the next block
 * of the sequence or the construct end reached, NULL when the path
 * ended. */
/* The structured walk emits each block once, but for a loop's continue
 * construct, emitted again at each of the body's continue edges: a block
 * it reaches again (a loop's merge branching back to its continue
 * target, a loop header branching into an earlier selection's arm) sits
 * on a cycle the validator let through that no loop construct owns, and
 * the walk would go round it for ever. */
static bool
first_visit(struct gbe_ctx *c, const struct ir_block *b)
{
   if (c->in_cont_construct)
      return true;
   if (c->emitted[b->index])
      return gbe_fail(c->p, "b%u: the control flow reaches this block again outside "
                      "its loop: it is not structured", b->index);
   c->emitted[b->index] = true;
   return true;
}

static struct ir_block *
emit_block(struct gbe_ctx *c, struct ir_block *b)
{
   if (!first_visit(c, b) || !emit_instrs(c, b))
      return NULL;
   switch (b->term) {
   case IR_TERM_BR:
      return emit_edge(c, b, b->succs[0]);
   case IR_TERM_CBR:
      if (b->construct == IR_CONSTRUCT_SELECTION) {
         struct ir_block *t = early_exit(c, b);
         return t ? emit_selection_with_exit(c, b, t) : emit_selection(c, b);
      }
      return emit_cond_branch(c, b);
   case IR_TERM_SWITCH:
      return emit_switch(c, b);
   case IR_TERM_RETURN:
      /* inside a construct the channels wait at the end of the kernel
       * (the HALT target); at the top level they are there already */
      if (c->cf || c->sel_merge) {
         emit_jump(c, ISA_OP_HALT);
         c->has_halt = true;
      }
      return NULL;
   case IR_TERM_UNREACHABLE:
      return NULL;
   case IR_TERM_DISCARD:
      if (c->ops->discard) {
         c->ops->discard(c, b);
         return NULL;
      }
      return gbe_fail(c->p, "b%u: a terminator this stage cannot have", b->index), NULL;
   default:
      return gbe_fail(c->p, "b%u: a terminator this stage cannot have", b->index), NULL;
   }
}

/* Enters header h's construct; constructs nest at most GBE_MAX_NESTING
 * deep, as the walk recurses once per level. */
static bool
open_construct(struct gbe_ctx *c, const struct ir_block *h)
{
   if (c->depth == GBE_MAX_NESTING)
      return gbe_fail(c->p, "b%u: constructs nested more than %u deep", h->index,
                      GBE_MAX_NESTING);
   c->depth++;
   return true;
}

/* Walks from b until the path ends (NULL) or reaches a block that ends
 * the current construct (returned). */
static struct ir_block *
emit_seq(struct gbe_ctx *c, struct ir_block *b)
{
   while (b && !c->p->failed) {
      unsigned sw;
      struct gbe_cf *loop = innermost_loop(c, &sw);
      enum edge_kind k = edge_kind(c, b);
      if (k == EDGE_STOP)
         return b;
      if (k == EDGE_CONTINUE) {
         /* the body's tail (or an arm's end) reached the continue construct */
         emit_continue_construct(c, loop, c->cf == loop && !c->sel_merge);
         return NULL;
      }
      bool header = b->construct != IR_CONSTRUCT_NONE && !(loop && loop->header == b);
      if (header && !open_construct(c, b))
         return NULL;
      if (b->construct == IR_CONSTRUCT_LOOP && header)
         b = emit_loop(c, b);
      else
         b = emit_block(c, b);
      if (header)
         c->depth--;
   }
   return NULL;
}

/* ---- driver ---- */

/* cr0.0 (PRM Vol 7 "Control Register"): bits 5:4 the rounding mode (0 to
 * nearest even, 3 toward zero), bits 6, 7 and 10 keep double, single and
 * half precision denormals (a clear bit flushes them).  Denormals are kept
 * as the IR computes them unless DenormFlushToZero asks otherwise; one
 * rounding mode serves every width (the driver reports no rounding-mode
 * independence).  Threads start with these bits clear. */
static uint32_t
cr0_float_modes(const struct ir_shader *s)
{
   static const struct { unsigned bits; uint32_t keep; } widths[] = {
      { 16, 1u << 10 }, { 32, 1u << 7 }, { 64, 1u << 6 },
   };
   uint32_t v = 0;
   for (unsigned w = 0; w < 3; w++) {
      unsigned m = ir_float_modes(s, widths[w].bits);
      v |= m & IR_FLOAT_DENORM_FLUSH ? 0 : widths[w].keep;
      v |= m & IR_FLOAT_RTZ ? 3u << 4 : 0;
   }
   return v;
}

/* Modes the driver does not report: the 64-bit division, square root and
 * conversions are integer sequences that round to nearest and keep
 * denormals, and the math box keeps half-float denormals. */
static bool
float_modes_supported(struct gbe_ctx *c)
{
   if (ir_float_modes(c->s, 64) & (IR_FLOAT_RTZ | IR_FLOAT_DENORM_FLUSH))
      return gbe_fail(c->p, "RoundingModeRTZ or DenormFlushToZero on 64-bit floats: not emitted yet");
   if (ir_float_modes(c->s, 16) & IR_FLOAT_DENORM_FLUSH)
      return gbe_fail(c->p, "DenormFlushToZero on 16-bit floats: not supported");
   return true;
}

/* The float widths (bit 0 half, 1 single, 2 double) the kernel's
 * instructions compute with: the modes of the others change nothing. */
static unsigned
float_widths(const struct gbe_prog *p)
{
   unsigned w = 0;
   gbe_foreach_inst(i, p) {
      if (i->op == ISA_OP_F32TO16 || i->op == ISA_OP_F16TO32)
         w |= 3;
      for (unsigned s = 0; s < 4; s++) {
         unsigned t = (s == 3 ? &i->dst : &i->src[s])->type;
         w |= t == ISA_TYPE_HF ? 1 : t == ISA_TYPE_F || t == ISA_TYPE_VF ? 2 :
              t == ISA_TYPE_DF ? 4 : 0;
      }
   }
   return w;
}

/* Set at the kernel's start once selection is done, for the widths it
 * uses (an integer kernel sets nothing).  An explicit cr0 operand needs
 * the thread-switch control for pipeline coherency (SKL PRM Vol 7
 * "Implementation Restriction on Register Access"). */
static void
float_modes(struct gbe_ctx *c)
{
   static const uint32_t keep[3] = { 1u << 10, 1u << 7, 1u << 6 };
   unsigned w = float_widths(c->p);
   uint32_t modes = w ? cr0_float_modes(c->s) : 0;
   for (unsigned k = 0; k < 3; k++) {
      if (!(w & (1u << k)))
         modes &= ~keep[k];
   }
   if (!modes)
      return;
   struct gbe_builder b = c->b;
   b.before = c->p->head.next;
   b.exec_size = 1;
   b.group = 0;
   b.we_all = true;
   struct gbe_reg cr0 = { .file = GBE_ARF, .type = ISA_TYPE_UD, .nr = ISA_ARF_CONTROL, .stride = 1 };
   struct gbe_reg cr0s = cr0;
   cr0s.stride = 0;
   struct gbe_inst *i = gbe_alu2(&b, ISA_OP_OR, cr0, cr0s, gbe_imm(ISA_TYPE_UD, modes));
   i->thread_switch = true;
}

static bool
walk(struct gbe_ctx *c)
{
   struct ir_function *f = c->s->entry;
   struct ir_block *r = emit_seq(c, f->first);
   if (r && !c->p->failed)
      return gbe_fail(c->p, "the walk ended at b%u, outside every construct", r->index);
   return !c->p->failed && !c->p->oom;
}

bool
gbe_isel(struct gbe_ctx *c)
{
   ir_index(c->s->entry);
   ir_compute_dominance(c->s->entry);
   c->num_vals = c->s->entry->num_values + 1;
   c->vals = calloc(c->num_vals, sizeof(*c->vals));
   c->var_slm_offset = calloc(c->s->num_vars + 1, sizeof(*c->var_slm_offset));
   c->var_slots = calloc(c->s->num_vars + 1, sizeof(*c->var_slots));
   c->var_scratch = calloc(c->s->num_vars + 1, sizeof(*c->var_scratch));
   c->addrs = calloc(c->num_vals, sizeof(*c->addrs));
   c->addr_done = calloc(c->num_vals, sizeof(*c->addr_done));
   c->emitted = calloc(c->s->entry->num_blocks + 1, sizeof(*c->emitted));
   if (!c->vals || !c->var_slm_offset || !c->var_slots || !c->var_scratch || !c->addrs ||
       !c->addr_done || !c->emitted)
      return !(c->p->oom = true);
   gbe_builder_init(&c->b, c->p);
   c->ops = c->s->stage == IR_STAGE_VERTEX ? &gbe_vs_ops :
            c->s->stage == IR_STAGE_FRAGMENT ? &gbe_fs_ops :
            c->s->stage == IR_STAGE_TESS_CTRL ? &gbe_tcs_ops :
            c->s->stage == IR_STAGE_TESS_EVAL ? &gbe_tes_ops :
            c->s->stage == IR_STAGE_GEOMETRY ? &gbe_gs_ops : &gbe_cs_ops;
   if (!float_modes_supported(c) || !c->ops->setup(c) || !gbe_plan_store_runs(c))
      return false;
   if (!walk(c))
      return false;
   c->ops->finish(c);
   float_modes(c);
   return !c->p->failed && !c->p->oom;
}

void
gbe_isel_free(struct gbe_ctx *c)
{
   for (uint32_t v = 0; v < c->num_vals; v++)
      free(c->vals[v]);
   free(c->vals);
   free(c->var_slm_offset);
   for (uint32_t v = 0; c->var_slots && v < c->s->num_vars; v++)
      free(c->var_slots[v]);
   free(c->var_slots);
   free(c->var_scratch);
   free(c->addrs);
   free(c->addr_done);
   free(c->emitted);
   free(c->runs);
   free(c->vs);
   free(c->fs);
   free(c->tess);
   free(c->gs);
}

/* Physical storage buffers (buffer device addresses): a pointer is a
 * 64-bit integer, an access an A64 message (PRM Vol 2d "A64 Untyped
 * Surface Read/Write", "A64 Untyped Atomic"), which address memory by a
 * 64-bit virtual address per channel.  Broadwell introduced them; Ivy
 * Bridge and Haswell have no stateless 64-bit messages (their A32
 * stateless messages reach 4 GB from General State Base Address), so
 * physical storage buffers are refused there.
 *
 * A 64-bit value is one vreg of 8 bytes per channel (the representation
 * of gbe_isel.c and the 64-bit integer lowering): its low dword is the UD
 * view with stride 2 at offset 0, its high dword the same view at +4.
 * Broadwell and Skylake add the offset to the address with QWord adds;
 * Gen11 and Gen12, without 64-bit integer ALUs, with 32-bit operations
 * on those views and a carry.
 *
 * The payload of an A64 message is the address of each channel as a
 * QWord (two GRFs per eight channels), then the data as in the 32-bit
 * untyped messages (one GRF per eight channels and component); from Gen9
 * the data is the split send's second payload.  Every message here is
 * SIMD8, the width all three of them have.
 *
 * 64-bit atomics on storage buffers come here too: the binding table
 * messages have no 64-bit form, so the kernel reads the buffer's address
 * from the constants the driver fills (gbe.h, gbe_binding.address_offset)
 * and sends an A64 atomic, as Mesa's ANV does before LSC. */
#include <stdlib.h>
#include <string.h>

#include "gbe_isel.h"

#define A64_SIMD 8

/* Where a physical pointer points: a 64-bit base value plus a signed
 * 32-bit per-channel offset and a constant one. */
struct global_addr {
   struct gbe_reg base;     /* UQ per channel, or an immediate */
   int64_t const_off;
   struct gbe_reg dyn;      /* D per channel, or GBE_BAD */
};

bool
gbe_isel_ptr_cast(struct gbe_ctx *c, struct ir_instr *i)
{
   if (c->p->gen < ISA_GEN8)
      return gbe_fail(c->p, "%%%u (%s): physical storage buffers need A64 messages, which %s "
                      "does not have", i->index, ir_op_infos[i->op].name,
                      isa_gen_name(c->p->gen));
   /* the pointer is its address: the same registers */
   struct gbe_reg *v = gbe_def(c, i->srcs[0]);
   struct gbe_reg *r = calloc(1, sizeof(*r));
   if (!v || !r) {
      free(r);
      return !(c->p->oom = true);
   }
   r[0] = gbe_retype(v[0], ISA_TYPE_UQ);
   c->vals[i->index] = r;
   return true;
}

/* The byte offset idx * stride, signed 32-bit per channel. */
static bool
scaled_index(struct gbe_ctx *c, struct ir_instr *idx, uint32_t stride, struct gbe_reg *out)
{
   struct gbe_reg iv = gbe_retype(gbe_val(c, idx)[0], ISA_TYPE_D);
   if (idx->type->bits == 64) {
      /* the low dword: offsets beyond 2 GB are not supported */
      iv = gbe_retype(iv, ISA_TYPE_D);
      iv.stride = iv.stride ? 2 : 0;
   }
   struct gbe_reg t = gbe_tmp(c, ISA_TYPE_D);
   if (stride && !(stride & (stride - 1)))
      gbe_alu2(&c->b, ISA_OP_SHL, t, iv, gbe_imm(ISA_TYPE_UD, (uint32_t)__builtin_ctz(stride)));
   else if (stride < 0x10000)
      gbe_alu2(&c->b, ISA_OP_MUL, t, iv, gbe_imm(ISA_TYPE_UW, stride));
   else
      return gbe_fail(c->p, "%%%u: an array stride of %u bytes through a physical pointer",
                      idx->index, stride);
   *out = t;
   return true;
}

static bool
resolve_global(struct gbe_ctx *c, struct ir_instr *ptr, struct global_addr *a)
{
   switch (ptr->op) {
   case IR_OP_deref_struct:
      if (!resolve_global(c, ptr->srcs[0], a))
         return false;
      a->const_off += ptr->srcs[0]->type->pointee->offsets[ptr->imm];
      return true;
   case IR_OP_deref_array: {
      if (!resolve_global(c, ptr->srcs[0], a))
         return false;
      const struct ir_type *pt = ptr->srcs[0]->type->pointee;
      uint32_t stride = pt->kind == IR_TYPE_ARRAY ? pt->stride : pt->bits / 8;
      struct ir_instr *idx = ptr->srcs[1];
      if (idx->op == IR_OP_const) {
         int64_t v = idx->type->bits == 64 ? (int64_t)idx->value[0] : (int32_t)idx->value[0];
         a->const_off += v * stride;
         return true;
      }
      struct gbe_reg t;
      if (!scaled_index(c, idx, stride, &t))
         return false;
      if (a->dyn.file == GBE_VGRF)
         gbe_alu2(&c->b, ISA_OP_ADD, t, t, a->dyn);
      a->dyn = t;
      return true;
   }
   default: {
      /* int_to_ptr, a phi of pointers: the 64-bit value itself */
      struct gbe_reg *v = gbe_def(c, ptr);
      if (!v)
         return false;
      *a = (struct global_addr){ .base = v[0], .dyn = { .file = GBE_BAD } };
      return true;
   }
   }
}

/* Dword h (0 low, 1 high) of a 64-bit value. */
static struct gbe_reg
dword_of(struct gbe_reg v, unsigned h)
{
   if (v.file == GBE_IMM)
      return gbe_imm(ISA_TYPE_UD, (uint32_t)(v.imm >> (32 * h)));
   struct gbe_reg r = gbe_offset(gbe_retype(v, ISA_TYPE_UD), h * 4);
   r.stride = v.stride ? 2 : 0;
   return r;
}

/* The address plus extra bytes, as full-width low and high dwords:
 * lo = base.lo + off, hi = base.hi + sign(off) + carry, the carry being
 * lo < off unsigned (an add wrapped). */
static void
full_address(struct gbe_ctx *c, const struct global_addr *a, uint32_t extra, struct gbe_reg lo,
             struct gbe_reg hi)
{
   int64_t k = a->const_off + extra;
   struct gbe_reg off = gbe_tmp(c, ISA_TYPE_D);
   if (a->dyn.file == GBE_VGRF)
      gbe_alu2(&c->b, ISA_OP_ADD, off, a->dyn, gbe_imm(ISA_TYPE_D, (uint32_t)k));
   else
      gbe_alu1(&c->b, ISA_OP_MOV, off, gbe_imm(ISA_TYPE_D, (uint32_t)k));
   gbe_alu2(&c->b, ISA_OP_ADD, lo, dword_of(a->base, 0), gbe_retype(off, ISA_TYPE_UD));
   struct gbe_reg sign = gbe_tmp(c, ISA_TYPE_D);
   gbe_alu2(&c->b, ISA_OP_ASR, sign, off, gbe_imm(ISA_TYPE_UD, 31));
   gbe_alu2(&c->b, ISA_OP_ADD, hi, dword_of(a->base, 1), gbe_retype(sign, ISA_TYPE_UD));
   struct gbe_inst *cmp = gbe_alu2(&c->b, ISA_OP_CMP, gbe_null(ISA_TYPE_UD), lo,
                                   gbe_retype(off, ISA_TYPE_UD));
   cmp->cmod = ISA_CMOD_L;
   struct gbe_inst *inc = gbe_alu2(&c->b, ISA_OP_ADD, hi, hi, gbe_imm(ISA_TYPE_UD, 1));
   inc->pred = 1;
}

/* Broadwell and Skylake add QWords (PRM "add": Q/UQ operands); Gen11
 * and Gen12 have no 64-bit integer ALU. */
static bool
native_q(enum isa_gen gen)
{
   return gen == ISA_GEN8 || gen == ISA_GEN9;
}

/* The address of each channel as dword halves (lo, hi), for the
 * generations that build it from 32-bit operations; unused with QWord
 * adds. */
struct halves {
   struct gbe_reg lo, hi;
};

static struct halves
address_halves(struct gbe_ctx *c, const struct global_addr *a, uint32_t extra)
{
   struct halves h = { gbe_null(ISA_TYPE_UD), gbe_null(ISA_TYPE_UD) };
   if (native_q(c->p->gen))
      return h;
   h.lo = gbe_tmp(c, ISA_TYPE_UD);
   h.hi = gbe_tmp(c, ISA_TYPE_UD);
   full_address(c, a, extra, h.lo, h.hi);
   return h;
}

/* The QWord addresses of channels [g, g + 8) straight into the payload:
 * the base plus the offset, whose dwords are laid out as the low halves
 * of qwords (stride 2), the 32-bit operand of a 64-bit instruction as
 * Cherryview and Broxton want it. */
static void
qword_address(struct gbe_ctx *c, const struct global_addr *a, uint32_t extra, unsigned g,
              struct gbe_reg pl)
{
   int64_t k = a->const_off + extra;
   struct gbe_reg q = gbe_retype(pl, ISA_TYPE_Q);
   struct gbe_reg base = gbe_retype(gbe_channel(a->base, g), ISA_TYPE_Q);
   if (base.file == GBE_IMM) {
      gbe_alu1(&c->b, ISA_OP_MOV, q, base);
      base = q;
   }
   if (a->dyn.file == GBE_VGRF) {
      struct gbe_reg off = gbe_vreg(c->p, ISA_TYPE_D, 2 * A64_SIMD);
      off.stride = 2;
      gbe_alu2(&c->b, ISA_OP_ADD, off, gbe_retype(gbe_channel(a->dyn, g), ISA_TYPE_D),
               gbe_imm(ISA_TYPE_D, (uint32_t)k));
      gbe_alu2(&c->b, ISA_OP_ADD, q, base, off);
   } else if (k) {
      gbe_alu2(&c->b, ISA_OP_ADD, q, base, gbe_imm(ISA_TYPE_D, (uint32_t)k));
   } else if (!(base.file == q.file && base.nr == q.nr)) {
      gbe_alu1(&c->b, ISA_OP_MOV, q, base);
   }
}

/* A message's payload for channels [g, g + 8): the QWord addresses, then
 * room for `data` more GRFs. */
static struct gbe_reg
a64_payload(struct gbe_ctx *c, const struct global_addr *a, uint32_t extra,
            const struct halves *h, unsigned g, unsigned data)
{
   struct gbe_reg pl = gbe_vreg(c->p, ISA_TYPE_UD, A64_SIMD * (2 + data));
   if (native_q(c->p->gen)) {
      qword_address(c, a, extra, g, pl);
      return pl;
   }
   struct gbe_reg pl_lo = pl, pl_hi = gbe_offset(pl, 4);
   pl_lo.stride = pl_hi.stride = 2;
   gbe_alu1(&c->b, ISA_OP_MOV, pl_lo, gbe_channel(h->lo, g));
   gbe_alu1(&c->b, ISA_OP_MOV, pl_hi, gbe_channel(h->hi, g));
   return pl;
}

static void
group(struct gbe_ctx *c, unsigned g, struct gbe_builder *saved)
{
   *saved = c->b;
   c->b.exec_size = A64_SIMD;
   c->b.group = (uint8_t)g;
}

/* Dword j of component values v (64-bit components are dword pairs). */
static struct gbe_reg
value_dword(const struct gbe_reg *v, bool q, unsigned j, unsigned g)
{
   if (!q)
      return gbe_retype(gbe_channel(v[j], g), ISA_TYPE_UD);
   struct gbe_reg r = v[j / 2];
   if (r.file == GBE_IMM)
      return dword_of(r, j & 1);
   return dword_of(gbe_channel(r, g), j & 1);
}

static void
set_value_dword(struct gbe_ctx *c, struct gbe_reg *d, bool q, unsigned j, unsigned g,
                struct gbe_reg src)
{
   struct gbe_reg dst = gbe_retype(gbe_channel(d[q ? j / 2 : j], g), ISA_TYPE_UD);
   if (q) {
      dst = gbe_offset(dst, (j & 1) * 4);
      dst.stride = 2;
   }
   gbe_alu1(&c->b, ISA_OP_MOV, dst, src);
}

static bool
global_rw(struct gbe_ctx *c, struct ir_instr *i, const struct global_addr *a, bool store)
{
   const struct ir_type *t = store ? i->srcs[1]->type : i->type;
   bool q = t->bits == 64;
   unsigned dwords = t->comps * (q ? 2 : 1);
   struct gbe_reg *v = store ? gbe_val(c, i->srcs[1]) : gbe_def(c, i);
   if (!v)
      return false;
   for (unsigned first = 0; first < dwords; first += 4) {
      unsigned nd = dwords - first < 4 ? dwords - first : 4;
      struct halves h = address_halves(c, a, first * 4);
      for (unsigned g = 0; g < c->p->simd; g += A64_SIMD) {
         struct gbe_builder saved;
         group(c, g, &saved);
         bool split = store && gbe_has_split_send(c);
         struct gbe_reg pl = a64_payload(c, a, first * 4, &h, g, store && !split ? nd : 0);
         struct gbe_reg data = gbe_offset(pl, 2 * 32);
         bool copy = true;
         if (split) {
            /* one packed component goes from where it lives */
            struct gbe_reg own = nd == 1 ? gbe_whole_regs(value_dword(v, q, first, g))
                                         : (struct gbe_reg){ .file = GBE_BAD };
            copy = own.file == GBE_BAD;
            data = copy ? gbe_vreg(c->p, ISA_TYPE_UD, A64_SIMD * nd) : own;
         }
         for (unsigned j = 0; store && copy && j < nd; j++)
            gbe_alu1(&c->b, ISA_OP_MOV, gbe_offset(data, j * 32), value_dword(v, q, first + j, g));
         struct gbe_reg resp = store ? gbe_null(ISA_TYPE_UD) : gbe_vreg(c->p, ISA_TYPE_UD, 8 * nd);
         struct isa_send_msg m = {
            .msg = store ? ISA_MSG_A64_UNTYPED_WRITE : ISA_MSG_A64_UNTYPED_READ,
            .bti = ISA_BTI_STATELESS, .simd = A64_SIMD, .channel_mask = (uint8_t)((1u << nd) - 1),
            .mlen = (uint8_t)(2 + (store && !split ? nd : 0)), .ex_mlen = (uint8_t)(split ? nd : 0),
            .rlen = (uint8_t)(store ? 0 : nd), .write = store,
         };
         if (split ? !gbe_send_split(c, &m, resp, pl, data) : !gbe_send(c, &m, resp, pl))
            return false;
         for (unsigned j = 0; !store && j < nd; j++)
            set_value_dword(c, v, q, first + j, g, gbe_offset(resp, j * 32));
         c->b = saved;
      }
   }
   return true;
}

/* The int64 form of the A64 atomic (message control bit 4, PRM Vol 2d
 * "A64 Untyped Atomic") takes and returns QWords: each source, like the
 * reply, is two GRFs per eight channels; Broadwell has it with the other
 * A64 messages, Gen7/7.5 have no A64 messages at all. */
static bool
global_atomic(struct gbe_ctx *c, struct ir_instr *i, const struct global_addr *a)
{
   bool q = i->type->bits == 64;
   if (i->type->kind != IR_TYPE_INT || (i->type->bits != 32 && !q))
      return gbe_fail(c->p, "%%%u: %u-bit atomics through physical pointers are not supported yet",
                      i->index, i->type->bits);
   if (q && c->p->gen < ISA_GEN8)
      return gbe_fail(c->p, "%%%u: 64-bit atomics on %s: it has no A64 messages",
                      i->index, isa_gen_name(c->p->gen));
   struct gbe_reg *d = gbe_def(c, i);
   if (!d)
      return false;
   bool cmp = i->imm == IR_ATOMIC_cmpxchg;
   unsigned ns = cmp ? 2 : 1, regs = q ? 2 : 1;
   struct halves h = address_halves(c, a, 0);
   /* compare-and-write: source 0 is the comparand (PRM "AOP_CMPWR") */
   const struct gbe_reg *src[2] = { gbe_val(c, cmp ? i->srcs[2] : i->srcs[1]),
                                    cmp ? gbe_val(c, i->srcs[1]) : NULL };
   for (unsigned g = 0; g < c->p->simd; g += A64_SIMD) {
      struct gbe_builder saved;
      group(c, g, &saved);
      bool split = gbe_has_split_send(c);
      struct gbe_reg pl = a64_payload(c, a, 0, &h, g, split ? 0 : ns * regs);
      struct gbe_reg data = split ? gbe_vreg(c->p, ISA_TYPE_UD, A64_SIMD * ns * regs)
                                  : gbe_offset(pl, 2 * 32);
      for (unsigned s = 0; s < ns; s++) {
         for (unsigned j = 0; j < regs; j++) {
            struct gbe_reg dst = gbe_offset(data, s * regs * 32 + j * 4);
            dst.stride = (uint8_t)regs;
            gbe_alu1(&c->b, ISA_OP_MOV, dst, value_dword(src[s], q, j, g));
         }
      }
      struct gbe_reg resp = gbe_vreg(c->p, ISA_TYPE_UD, A64_SIMD * regs);
      struct isa_send_msg m = {
         .msg = ISA_MSG_A64_UNTYPED_ATOMIC, .bti = ISA_BTI_STATELESS, .simd = A64_SIMD,
         .atomic = gbe_isa_atomic_op((enum ir_atomic_op)i->imm), .returns_data = true,
         .elem_bytes = (uint8_t)(4 * regs), .mlen = (uint8_t)(2 + (split ? 0 : ns * regs)),
         .ex_mlen = (uint8_t)(split ? ns * regs : 0), .rlen = (uint8_t)regs, .write = true,
      };
      if (split ? !gbe_send_split(c, &m, resp, pl, data) : !gbe_send(c, &m, resp, pl))
         return false;
      for (unsigned j = 0; j < regs; j++) {
         struct gbe_reg part = gbe_offset(resp, j * 4);
         part.stride = (uint8_t)regs;
         set_value_dword(c, d, q, j, g, part);
      }
      c->b = saved;
   }
   return true;
}

/* ---- 64-bit atomics on storage buffers ---- */

static const struct ir_var *
root_var(const struct ir_instr *p)
{
   while (p->op == IR_OP_deref_struct || p->op == IR_OP_deref_array)
      p = p->srcs[0];
   return p->op == IR_OP_deref_var ? p->var : NULL;
}

static struct gbe_binding *
binding_with_entry(struct gbe_kernel *k, uint32_t bti)
{
   for (unsigned n = 0; n < k->num_bindings; n++) {
      if (k->bindings[n].bti == bti && k->bindings[n].count)
         return &k->bindings[n];
   }
   return NULL;
}

/* The binding of the buffer variable v, with its binding table entries:
 * the other accesses to it use them. */
static struct gbe_binding *
buffer_binding(struct gbe_ctx *c, const struct ir_var *v)
{
   uint32_t bti = gbe_binding_entry(c, v, GBE_SURFACE_BUFFER, GBE_FORMAT_RAW, 1);
   return bti == UINT32_MAX ? NULL : binding_with_entry(c->k, bti);
}

bool
gbe_buffer_addresses(struct gbe_ctx *c, uint32_t *cross)
{
   uint32_t at = *cross;
   ir_foreach_block(b, c->s->entry) {
      ir_foreach_instr(i, b) {
         if (i->op != IR_OP_atomic || i->type->bits != 64 ||
             i->srcs[0]->type->storage != IR_STORAGE_SSBO)
            continue;
         const struct ir_var *v = root_var(i->srcs[0]);
         if (!v)
            continue;
         struct gbe_binding *bd = buffer_binding(c, v);
         if (!bd)
            return false;
         if (bd->address_offset == UINT32_MAX) {
            bd->address_offset = at;
            at += bd->count * 8;
         }
      }
   }
   *cross = (at + 31) & ~31u;
   return true;
}

/* Element e's address: a scalar of the cross-thread constants. */
static struct gbe_reg
element_address(struct gbe_ctx *c, const struct gbe_binding *b, uint32_t e)
{
   uint32_t off = b->address_offset + 8 * e;
   return gbe_fixed(c->cross_regs_at + off / 32, off % 32, ISA_TYPE_UQ, 0);
}

/* The address of each channel's element of a descriptor array indexed
 * at run time: chosen among the count of them by compares. */
static struct gbe_reg
dynamic_element_address(struct gbe_ctx *c, const struct gbe_binding *b, struct gbe_reg element)
{
   struct gbe_reg base = gbe_tmp(c, ISA_TYPE_UQ);
   for (uint32_t e = 0; e < b->count; e++) {
      if (e) {
         struct gbe_inst *m = gbe_alu2(&c->b, ISA_OP_CMP, gbe_null(ISA_TYPE_UD),
                                       gbe_retype(element, ISA_TYPE_UD), gbe_imm(ISA_TYPE_UD, e));
         m->cmod = ISA_CMOD_Z;
      }
      for (unsigned h = 0; h < 2; h++) {
         struct gbe_inst *mov = gbe_alu1(&c->b, ISA_OP_MOV, dword_of(base, h),
                                         dword_of(element_address(c, b, e), h));
         mov->pred = e != 0;
      }
   }
   return base;
}

bool
gbe_isel_buffer_atomic64(struct gbe_ctx *c, struct ir_instr *i, const struct gbe_addr *a)
{
   const struct gbe_binding *b = buffer_binding(c, a->var);
   if (!b)
      return false;
   if (b->address_offset == UINT32_MAX)
      return gbe_fail(c->p, "%%%u: binding (%u, %u) has no address for a 64-bit atomic",
                      i->index, b->set, b->binding);
   struct global_addr g = { .const_off = a->const_off, .dyn = a->dyn };
   if (g.dyn.file == GBE_VGRF)
      g.dyn = gbe_retype(g.dyn, ISA_TYPE_D);
   if (a->element.file == GBE_VGRF) {
      g.base = dynamic_element_address(c, b, a->element);
   } else {
      uint32_t e = a->element.file == GBE_IMM ? (uint32_t)a->element.imm : 0;
      if (e >= b->count)
         return gbe_fail(c->p, "%%%u: element %u of a %u-element descriptor array", i->index,
                         e, b->count);
      g.base = element_address(c, b, e);
   }
   return global_atomic(c, i, &g);
}

bool
gbe_isel_global(struct gbe_ctx *c, struct ir_instr *i)
{
   if (c->p->gen < ISA_GEN8)
      return gbe_fail(c->p, "%%%u: physical storage buffers need A64 messages, which %s does "
                      "not have", i->index, isa_gen_name(c->p->gen));
   const struct ir_type *t = i->op == IR_OP_store ? i->srcs[1]->type : i->type;
   if (t->kind != IR_TYPE_BOOL && t->bits < 32)
      return gbe_fail(c->p, "%%%u: %u-bit accesses through physical pointers are not "
                      "supported yet", i->index, t->bits);
   struct global_addr a;
   if (!resolve_global(c, i->srcs[0], &a))
      return false;
   if (a.const_off > INT32_MAX || a.const_off < INT32_MIN)
      return gbe_fail(c->p, "%%%u: a constant offset beyond 2 GB through a physical pointer",
                      i->index);
   if (i->op == IR_OP_atomic)
      return global_atomic(c, i, &a);
   return global_rw(c, i, &a, i->op == IR_OP_store);
}

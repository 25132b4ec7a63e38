/* Memory: derefs become byte offsets per storage class, and loads, stores
 * and atomics become data-port messages (PRM Vol 2d "Data Port"):
 *   SSBO, UBO    untyped surface read/write/atomic through the binding
 *                table (byte scattered for 8/16-bit data)
 *   shared       the same messages on SLM (binding table index 254)
 *   push         the CURBE registers of the payload, read directly (through
 *                a0 at a run-time offset)
 *   private      registers, or DWord scattered messages to the thread's
 *                scratch space for large arrays
 * Messages carry at most 16 channels: a SIMD32 access is two messages,
 * one per half. */
#include <stdlib.h>
#include <string.h>

#include "gbe_isel.h"

#define mem_addr gbe_addr

static bool resolve_uncached(struct gbe_ctx *c, struct ir_instr *ptr, struct mem_addr *a);

/* A deref's address, computed where the deref stands (which dominates
 * every access through it) and reused by the accesses.  Where the walk
 * emits a block more than once (a continue construct at each continue
 * edge) each copy computes it again, so the cache holds the copy the
 * following accesses belong to. */
static bool
resolve(struct gbe_ctx *c, struct ir_instr *ptr, struct mem_addr *a)
{
   if (ptr->index < c->num_vals && c->addr_done[ptr->index]) {
      *a = c->addrs[ptr->index];
      return true;
   }
   if (!resolve_uncached(c, ptr, a))
      return false;
   /* only what emits code is kept: the other derefs add constants */
   if (ptr->op == IR_OP_deref_array && ptr->index < c->num_vals) {
      c->addrs[ptr->index] = *a;
      c->addr_done[ptr->index] = true;
   }
   return true;
}

bool
gbe_isel_deref(struct gbe_ctx *c, struct ir_instr *i)
{
   enum ir_storage st = i->type->storage;
   if (st != IR_STORAGE_SSBO && st != IR_STORAGE_UBO && st != IR_STORAGE_WORKGROUP &&
       st != IR_STORAGE_FUNCTION && st != IR_STORAGE_PRIVATE)
      return true;
   struct mem_addr a;
   if (i->index < c->num_vals)
      c->addr_done[i->index] = false;
   return resolve(c, i, &a);
}

static bool
resolve_uncached(struct gbe_ctx *c, struct ir_instr *ptr, struct mem_addr *a)
{
   switch (ptr->op) {
   case IR_OP_deref_var:
      *a = (struct mem_addr){ .var = ptr->var, .dyn = { .file = GBE_BAD } };
      return true;
   case IR_OP_deref_struct:
      if (!resolve(c, ptr->srcs[0], a))
         return false;
      a->const_off += ptr->srcs[0]->type->pointee->offsets[ptr->imm];
      return true;
   case IR_OP_deref_array: {
      /* an array of blocks is an array of descriptors: its index picks
       * a binding table entry, not an offset */
      struct ir_instr *base = ptr->srcs[0];
      if (base->op == IR_OP_deref_var && base->var->type->kind == IR_TYPE_ARRAY &&
          (base->var->storage == IR_STORAGE_SSBO || base->var->storage == IR_STORAGE_UBO))
         return gbe_descriptor_element(c, ptr, a);
      if (!resolve(c, ptr->srcs[0], a))
         return false;
      const struct ir_type *pt = ptr->srcs[0]->type->pointee;
      uint32_t stride = pt->kind == IR_TYPE_ARRAY ? pt->stride : pt->bits / 8;
      struct ir_instr *idx = ptr->srcs[1];
      if (idx->op == IR_OP_const) {
         a->const_off += (uint32_t)idx->value[0] * stride;
         return true;
      }
      struct gbe_reg iv = gbe_val(c, idx)[0];
      struct gbe_reg t = gbe_tmp(c, ISA_TYPE_UD);
      if (stride && !(stride & (stride - 1)))
         gbe_alu2(&c->b, ISA_OP_SHL, t, gbe_retype(iv, ISA_TYPE_UD),
                  gbe_imm(ISA_TYPE_UD, (uint32_t)__builtin_ctz(stride)));
      else
         gbe_alu2(&c->b, ISA_OP_MUL, t, gbe_retype(iv, ISA_TYPE_UD), gbe_imm(ISA_TYPE_UW, stride));
      if (a->dyn.file == GBE_VGRF)
         gbe_alu2(&c->b, ISA_OP_ADD, t, t, a->dyn);
      a->dyn = t;
      return true;
   }
   default:
      return gbe_fail(c->p, "%%%u (%s): a pointer the back end cannot follow yet", ptr->index,
                      ir_op_infos[ptr->op].name);
   }
}

static uint32_t
slm_offset(struct gbe_ctx *c, const struct ir_var *v)
{
   if (!c->var_slm_offset[v->index]) {
      uint32_t align = v->type->align ? v->type->align : 4;
      c->slm_next = (c->slm_next + align - 1) & ~(align - 1);
      c->var_slm_offset[v->index] = c->slm_next + 1;   /* 0 = not placed */
      c->slm_next += v->type->size;
   }
   return c->var_slm_offset[v->index] - 1;
}

/* Encodes m and emits its send with desc_reg as the descriptor register
 * operand (null for an immediate descriptor); NULL with the reason
 * recorded when the generation has no such message. */
struct gbe_inst *
gbe_emit_send(struct gbe_ctx *c, const struct isa_send_msg *m, struct gbe_reg dst,
              struct gbe_reg payload, struct gbe_reg desc_reg)
{
   unsigned sfid;
   uint32_t desc, ex_desc;
   const char *why = NULL;
   if (!isa_send_encode(c->p->gen, m, &sfid, &desc, &ex_desc, &why)) {
      gbe_fail(c->p, "%s message on %s: %s", isa_msg_name(m->msg), isa_gen_name(c->p->gen),
               why ? why : "cannot be encoded");
      return NULL;
   }
   struct gbe_inst *s = gbe_alu2(&c->b, ISA_OP_SEND, dst, payload, desc_reg);
   s->sfid = (uint8_t)sfid;
   s->desc = desc;
   s->ex_desc = ex_desc;
   s->mlen = m->mlen;
   s->rlen = m->rlen;
   return s;
}

struct gbe_inst *
gbe_send(struct gbe_ctx *c, const struct isa_send_msg *m, struct gbe_reg dst, struct gbe_reg payload)
{
   if (c->dyn_element.file != GBE_BAD && m->bti < GBE_MAX_BINDING_TABLE)
      return gbe_send_indirect(c, m, dst, payload);
   return gbe_emit_send(c, m, dst, payload, gbe_null(ISA_TYPE_UD));
}

bool
gbe_has_split_send(const struct gbe_ctx *c)
{
   return c->p->gen >= ISA_GEN9 && c->dyn_element.file == GBE_BAD;
}

struct gbe_inst *
gbe_send_split(struct gbe_ctx *c, const struct isa_send_msg *m, struct gbe_reg dst,
               struct gbe_reg addr, struct gbe_reg data)
{
   struct gbe_inst *s = gbe_emit_send(c, m, dst, addr, gbe_null(ISA_TYPE_UD));
   if (s) {
      s->src[1] = gbe_retype(data, ISA_TYPE_UD);
      s->ex_mlen = m->ex_mlen;
   }
   return s;
}

struct gbe_reg
gbe_whole_regs(struct gbe_reg r)
{
   if ((r.file != GBE_VGRF && r.file != GBE_FIXED) || r.stride != 1 || r.offset % 32 ||
       isa_type_size(r.type) != 4 || r.neg || r.abs || r.indirect || r.addr_of)
      return (struct gbe_reg){ .file = GBE_BAD };
   return gbe_retype(r, ISA_TYPE_UD);
}

/* The data part of a split send: the one component's own registers, or
 * a new register of n components (the caller fills it). */
static struct gbe_reg
data_part(struct gbe_ctx *c, struct gbe_reg one, unsigned n, unsigned w)
{
   struct gbe_reg r = n == 1 ? gbe_whole_regs(one) : (struct gbe_reg){ .file = GBE_BAD };
   return r.file != GBE_BAD ? r : gbe_vreg(c->p, ISA_TYPE_UD, w * n);
}

/* The surface index and, for SLM, the base offset of an access. */
static bool
surface_of(struct gbe_ctx *c, const struct mem_addr *a, unsigned *bti, uint32_t *base)
{
   *base = 0;
   switch (a->var->storage) {
   case IR_STORAGE_SSBO: case IR_STORAGE_UBO: {
      /* RAW buffer surfaces (gbe.h); an array element's entry follows
       * element 0's, or comes at run time (gbe_send, c->dyn_element) */
      uint32_t first = gbe_binding_entry(c, a->var, GBE_SURFACE_BUFFER, GBE_FORMAT_RAW, 1);
      if (first == UINT32_MAX)
         return false;
      *bti = first + (a->element.file == GBE_IMM ? (uint32_t)a->element.imm : 0);
      return true;
   }
   case IR_STORAGE_WORKGROUP:
      *bti = ISA_BTI_SLM;
      *base = slm_offset(c, a->var);
      return true;
   default:
      return gbe_fail(c->p, "memory of storage class %s is not supported yet",
                      ir_storage_name(a->var->storage));
   }
}

/* The per-channel byte offsets of one message's channels, into r. */
static struct gbe_reg
address_into(struct gbe_ctx *c, const struct mem_addr *a, uint32_t base, unsigned group,
             struct gbe_reg r)
{
   uint32_t off = base + a->const_off;
   if (a->dyn.file == GBE_VGRF && off)
      gbe_alu2(&c->b, ISA_OP_ADD, r, gbe_channel(a->dyn, group), gbe_imm(ISA_TYPE_UD, off));
   else if (a->dyn.file == GBE_VGRF)
      gbe_alu1(&c->b, ISA_OP_MOV, r, gbe_channel(a->dyn, group));
   else
      gbe_alu1(&c->b, ISA_OP_MOV, r, gbe_imm(ISA_TYPE_UD, off));
   return r;
}

static struct gbe_reg
address(struct gbe_ctx *c, const struct mem_addr *a, uint32_t base, unsigned group, unsigned n)
{
   return address_into(c, a, base, group, gbe_vreg(c->p, ISA_TYPE_UD, n));
}

static unsigned
msg_width(struct gbe_ctx *c)
{
   return c->p->simd > 16 ? 16 : c->p->simd;
}

/* Sets the builder to one message's channels. */
static void
half(struct gbe_ctx *c, unsigned group, struct gbe_builder *saved)
{
   *saved = c->b;
   c->b.exec_size = (uint8_t)msg_width(c);
   c->b.group = (uint8_t)group;
}

/* Vectors share their components' kind and bits (ir.h), so a value's
 * type answers for each component. */
static const struct ir_type *
scalar_type(const struct ir_type *t)
{
   return t;
}

/* ---- push constants ---- */

/* Bytes of a push constant component, and the type it is read as. */
static unsigned
push_size(const struct ir_type *t)
{
   return t->kind == IR_TYPE_BOOL ? 4 : t->bits / 8;
}

static enum isa_type
push_type(const struct ir_type *t, unsigned sz)
{
   return sz == 1 ? ISA_TYPE_UB : sz == 2 ? ISA_TYPE_UW : sz == 8 ? gbe_reg_type(t, false)
                                                                  : ISA_TYPE_UD;
}

/* ---- push constants at a run-time offset ----
 *
 * A register-indirect read of the CURBE registers (PRM Vol 7 "Register
 * Region Restrictions", indirect addressing): a0 holds each channel's
 * byte address in the register file and a VxH region reads one element
 * at each.  Gen7/7.5 have eight address subregisters, and their indirect
 * sources may fill only one destination register: eight channels an
 * instruction there.  a0 gets a valid address in every channel first
 * (NoMask), as Gen11+ read the addresses of disabled channels too (what
 * Mesa found), then the enabled channels' offsets.  The offset is clamped
 * into the block, so that an index beyond it (undefined in SPIR-V) still
 * reads constants the dispatch wrote. */

static struct gbe_reg
a0_uw(void)
{
   return (struct gbe_reg){ .file = GBE_ARF, .type = ISA_TYPE_UW, .nr = ISA_ARF_ADDRESS,
                            .stride = 1 };
}

/* The register-indirect source g[a0.0 + imm] of type, one address per
 * channel (VxH). */
static struct gbe_reg
curbe_indirect(enum isa_type type, unsigned imm)
{
   return (struct gbe_reg){ .file = GBE_FIXED, .type = (uint8_t)type, .stride = 1,
                            .indirect = true, .imm = imm };
}

/* Component dst's channels of the builder's group from the element imm
 * bytes past each channel's a0 address: qwords as two dwords through a
 * one-register temporary (Gen7's rule above), half floats converted. */
static void
push_element(struct gbe_ctx *c, const struct ir_type *t, struct gbe_reg dst, unsigned imm)
{
   unsigned sz = push_size(t), g = c->b.group;
   struct gbe_reg view = gbe_retype(gbe_channel(dst, g), ISA_TYPE_UD);
   if (sz == 8) {
      view.stride = 2;
      for (unsigned h = 0; h < 2; h++) {
         struct gbe_reg tmp = gbe_vreg(c->p, ISA_TYPE_UD, c->b.exec_size);
         gbe_alu1(&c->b, ISA_OP_MOV, tmp, curbe_indirect(ISA_TYPE_UD, imm + 4 * h));
         gbe_alu1(&c->b, ISA_OP_MOV, gbe_offset(view, 4 * h), tmp);
      }
      return;
   }
   struct gbe_reg src = curbe_indirect(push_type(t, sz), imm);
   if (t->kind == IR_TYPE_FLOAT && sz == 2) {
      struct gbe_reg bits = gbe_vreg(c->p, ISA_TYPE_UD, c->b.exec_size);
      gbe_alu1(&c->b, ISA_OP_MOV, bits, src);
      gbe_half_bits_to_f32(c, gbe_channel(dst, g), bits);
      return;
   }
   gbe_alu1(&c->b, ISA_OP_MOV, view, src);
}

static bool
load_push_dynamic(struct gbe_ctx *c, struct ir_instr *i, const struct mem_addr *a)
{
   const struct ir_type *t = scalar_type(i->type);
   unsigned sz = push_size(t);
   uint32_t size = a->var->type->size, end = a->const_off + i->type->comps * sz;
   if (end > size)
      return gbe_fail(c->p, "%%%u: a push constant access past its block", i->index);
   if (size > c->k->cs.push_bytes)
      c->k->cs.push_bytes = size;
   struct gbe_reg *d = gbe_def(c, i);
   if (!d)
      return false;
   struct gbe_reg off = gbe_tmp(c, ISA_TYPE_UD);
   struct gbe_inst *sel = gbe_alu2(&c->b, ISA_OP_SEL, off, gbe_retype(a->dyn, ISA_TYPE_UD),
                                   gbe_imm(ISA_TYPE_UD, size - end));
   sel->cmod = ISA_CMOD_L;
   uint32_t at = c->cross_regs_at * 32 + a->const_off;
   unsigned n = c->p->gen <= ISA_GEN75 ? 8 : msg_width(c);
   for (unsigned g = 0; g < c->p->simd; g += n) {
      struct gbe_builder saved = c->b;
      c->b.exec_size = (uint8_t)n;
      c->b.group = (uint8_t)g;
      c->b.we_all = true;
      gbe_alu1(&c->b, ISA_OP_MOV, a0_uw(), gbe_imm(ISA_TYPE_UW, at));
      c->b.we_all = saved.we_all;
      /* a0 is UW: the offsets' low words, so that the destination's
       * stride matches the execution type (PRM "Destination Stride") */
      struct gbe_reg o = gbe_retype(gbe_channel(off, g), ISA_TYPE_UW);
      o.stride = 2;
      gbe_alu2(&c->b, ISA_OP_ADD, a0_uw(), o, gbe_imm(ISA_TYPE_UW, at));
      for (unsigned k = 0; k < i->type->comps; k++)
         push_element(c, t, d[k], k * sz);
      c->b = saved;
   }
   return true;
}

static bool
load_push(struct gbe_ctx *c, struct ir_instr *i, const struct mem_addr *a)
{
   if (a->dyn.file == GBE_VGRF)
      return load_push_dynamic(c, i, a);
   const struct ir_type *t = scalar_type(i->type);
   unsigned sz = push_size(t);
   struct gbe_reg *d = gbe_def(c, i);
   if (!d)
      return false;
   for (unsigned k = 0; k < i->type->comps; k++) {
      uint32_t off = a->const_off + k * sz;
      if (off + sz > c->k->cs.push_bytes)
         c->k->cs.push_bytes = off + sz;
      enum isa_type rt = push_type(t, sz);
      struct gbe_reg src = gbe_fixed(c->cross_regs_at + off / 32, off % 32, rt, 0);
      if (t->kind == IR_TYPE_FLOAT && sz == 2) {
         struct gbe_reg bits = gbe_tmp(c, ISA_TYPE_UD);
         gbe_alu1(&c->b, ISA_OP_MOV, bits, src);
         gbe_half_bits_to_f32(c, d[k], bits);
         continue;
      }
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(d[k], sz == 8 ? rt : ISA_TYPE_UD), src);
   }
   return true;
}

/* ---- untyped surface messages (32-bit data) ---- */

static bool
load_untyped(struct gbe_ctx *c, struct ir_instr *i, const struct mem_addr *a)
{
   unsigned bti;
   uint32_t base;
   if (!surface_of(c, a, &bti, &base))
      return false;
   const struct ir_type *t = scalar_type(i->type);
   unsigned dwords = i->type->comps * (t->bits == 64 ? 2 : 1);
   struct gbe_reg *d = gbe_def(c, i);
   if (!d)
      return false;
   unsigned w = msg_width(c), rpc = w / 8;
   for (unsigned first = 0; first < dwords; first += 4) {
      unsigned nd = dwords - first < 4 ? dwords - first : 4;
      struct mem_addr sub = *a;
      sub.const_off += first * 4;
      for (unsigned g = 0; g < c->p->simd; g += w) {
         struct gbe_builder saved;
         half(c, g, &saved);
         struct gbe_reg addr = address(c, &sub, base, g, w);
         struct gbe_reg resp = gbe_vreg(c->p, ISA_TYPE_UD, w * nd);
         struct isa_send_msg m = {
            .msg = ISA_MSG_UNTYPED_READ, .bti = (uint8_t)bti, .simd = (uint8_t)w,
            .channel_mask = (uint8_t)((1u << nd) - 1), .mlen = (uint8_t)rpc,
            .rlen = (uint8_t)(rpc * nd),
         };
         if (!gbe_send(c, &m, resp, addr))
            return false;
         for (unsigned j = 0; j < nd; j++) {
            unsigned dw = first + j;
            struct gbe_reg part = gbe_offset(resp, j * w * 4);
            if (t->bits == 64) {
               /* dword pairs -> qwords: low halves at even dwords */
               struct gbe_reg dst = gbe_retype(gbe_channel(d[dw / 2], g), ISA_TYPE_UD);
               dst.stride = 2;
               gbe_alu1(&c->b, ISA_OP_MOV, gbe_offset(dst, (dw & 1) * 4), part);
            } else if (c->p->simd > w) {
               gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(gbe_channel(d[dw], g), ISA_TYPE_UD), part);
            } else {
               d[dw] = gbe_retype(part, d[dw].type);
            }
         }
         c->b = saved;
      }
   }
   return true;
}

/* Dword d of component values v (a 64-bit component is two: low, high),
 * all channels. */
static struct gbe_reg
value_dword(const struct gbe_reg *v, bool q, unsigned d)
{
   if (!q)
      return gbe_retype(v[d], ISA_TYPE_UD);
   struct gbe_reg src = gbe_retype(v[d / 2], ISA_TYPE_UD);
   if (src.file == GBE_IMM) {
      src.imm = (v[d / 2].imm >> ((d & 1) * 32)) & 0xffffffffu;
      return src;
   }
   src.stride = 2;
   return gbe_offset(src, (d & 1) * 4);
}

/* Writes n dwords (each a register of all channels) from a's address on,
 * four a message. */
static bool
store_dwords(struct gbe_ctx *c, const struct mem_addr *a, const struct gbe_reg *dw, unsigned n)
{
   unsigned bti;
   uint32_t base;
   if (!surface_of(c, a, &bti, &base))
      return false;
   unsigned w = msg_width(c), rpc = w / 8;
   for (unsigned first = 0; first < n; first += 4) {
      unsigned nd = n - first < 4 ? n - first : 4;
      struct mem_addr sub = *a;
      sub.const_off += first * 4;
      for (unsigned g = 0; g < c->p->simd; g += w) {
         struct gbe_builder saved;
         half(c, g, &saved);
         bool split = gbe_has_split_send(c);
         struct gbe_reg pl, data;
         if (split) {
            pl = address(c, &sub, base, g, w);
            data = data_part(c, gbe_channel(dw[first], g), nd, w);
         } else {
            pl = gbe_vreg(c->p, ISA_TYPE_UD, w * (nd + 1));
            address_into(c, &sub, base, g, pl);
            data = gbe_offset(pl, w * 4);
         }
         for (unsigned j = 0; j < nd; j++) {
            struct gbe_reg src = gbe_channel(dw[first + j], g);
            struct gbe_reg part = gbe_offset(data, j * w * 4);
            if (!(part.file == src.file && part.nr == src.nr && part.offset == src.offset))
               gbe_alu1(&c->b, ISA_OP_MOV, part, src);
         }
         struct isa_send_msg m = {
            .msg = ISA_MSG_UNTYPED_WRITE, .bti = (uint8_t)bti, .simd = (uint8_t)w,
            .channel_mask = (uint8_t)((1u << nd) - 1),
            .mlen = (uint8_t)(rpc * (split ? 1 : nd + 1)), .ex_mlen = (uint8_t)(split ? rpc * nd : 0),
            .write = true,
         };
         if (split ? !gbe_send_split(c, &m, gbe_null(ISA_TYPE_UD), pl, data)
                   : !gbe_send(c, &m, gbe_null(ISA_TYPE_UD), pl))
            return false;
         c->b = saved;
      }
   }
   return true;
}

static bool
store_untyped(struct gbe_ctx *c, struct ir_instr *i, const struct mem_addr *a)
{
   struct ir_instr *val = i->srcs[1];
   bool q = scalar_type(val->type)->bits == 64;
   unsigned n = val->type->comps * (q ? 2 : 1);
   struct gbe_reg *v = gbe_val(c, val), *dw = calloc(n, sizeof(*dw));
   if (!v || !dw) {
      free(dw);
      return !(c->p->oom = true);
   }
   for (unsigned d = 0; d < n; d++)
      dw[d] = value_dword(v, q, d);
   bool ok = store_dwords(c, a, dw, n);
   free(dw);
   return ok;
}

/* ---- stores merged into one message ----
 *
 * Stores of 32-bit values to neighbouring dwords of one buffer or of
 * shared memory, in one block with only pure instructions between them,
 * go out as one untyped write of up to four channels (RGBA): each store
 * would otherwise send its own address and message.  The message goes
 * where the run's last store stands, when every value exists; moving the
 * earlier stores there passes no memory access. */

#define RUN_DWORDS 4

/* Where a pointer's constant offsets start: the deref they are added to
 * (the variable, or an array element at a run-time index: then the
 * array and that index less any constant added to it, so that a[x] and
 * a[x + 1] share it). */
struct run_base {
   const struct ir_instr *deref, *index;
};

static bool
const_term(const struct ir_instr *v, const struct ir_instr **rest, uint32_t *k)
{
   if (v->op != IR_OP_iadd || v->type->bits != 32)
      return false;
   for (unsigned s = 0; s < 2; s++) {
      if (v->srcs[s]->op == IR_OP_const) {
         *k = (uint32_t)v->srcs[s]->value[0];
         *rest = v->srcs[1 - s];
         return true;
      }
   }
   return false;
}

static struct run_base
flat_pointer(struct ir_instr *p, uint32_t *off)
{
   *off = 0;
   while (p->op == IR_OP_deref_struct || p->op == IR_OP_deref_array) {
      struct ir_instr *parent = p->srcs[0];
      if (p->op == IR_OP_deref_struct) {
         *off += parent->type->pointee->offsets[p->imm];
         p = parent;
         continue;
      }
      if (parent->op == IR_OP_deref_var && parent->var->type->kind == IR_TYPE_ARRAY &&
          (parent->var->storage == IR_STORAGE_SSBO || parent->var->storage == IR_STORAGE_UBO))
         break;   /* a descriptor array's element: a binding table entry */
      const struct ir_type *pt = parent->type->pointee;
      uint32_t stride = pt->kind == IR_TYPE_ARRAY ? pt->stride : pt->bits / 8;
      const struct ir_instr *idx = p->srcs[1], *rest;
      uint32_t k;
      if (idx->op == IR_OP_const) {
         *off += (uint32_t)idx->value[0] * stride;
         p = parent;
         continue;
      }
      if (const_term(idx, &rest, &k)) {
         *off += k * stride;
         idx = rest;
      }
      return (struct run_base){ parent, idx };
   }
   return (struct run_base){ p, NULL };
}

/* A store that may join a run: 32-bit values to a buffer or shared
 * memory. */
static bool
mergeable_store(const struct ir_instr *i)
{
   if (i->op != IR_OP_store)
      return false;
   const struct ir_type *t = i->srcs[1]->type;
   enum ir_storage st = i->srcs[0]->type->storage;
   return (st == IR_STORAGE_SSBO || st == IR_STORAGE_WORKGROUP) &&
          (t->kind == IR_TYPE_INT || t->kind == IR_TYPE_FLOAT) && t->bits == 32;
}

struct run {
   struct run_base base;
   struct ir_instr *last;
   struct ir_instr *st[RUN_DWORDS];
   uint32_t off[RUN_DWORDS];
   unsigned n;
   uint64_t lo, hi;       /* bytes covered, contiguous (no wrap at 4 GB:
                           * a[x - 1] is not next to a[x]'s end) */
};

static struct gbe_store_run *
run_entry(struct gbe_ctx *c)
{
   if (c->num_runs == c->cap_runs) {
      unsigned cap = c->cap_runs ? 2 * c->cap_runs : 16;
      struct gbe_store_run *grown = realloc(c->runs, cap * sizeof(*grown));
      if (!grown)
         return (c->p->oom = true), NULL;
      c->runs = grown;
      c->cap_runs = cap;
   }
   return &c->runs[c->num_runs++];
}

/* Records a run of two or more stores: in address order, the message at
 * the last store in program order. */
static void
close_run(struct gbe_ctx *c, struct run *r)
{
   for (unsigned a = 0; r->n >= 2 && a < r->n; a++) {
      for (unsigned b = a + 1; b < r->n; b++) {
         if (r->off[b] < r->off[a]) {
            struct ir_instr *t = r->st[a];
            uint32_t o = r->off[a];
            r->st[a] = r->st[b], r->off[a] = r->off[b];
            r->st[b] = t, r->off[b] = o;
         }
      }
   }
   for (unsigned k = 0; r->n >= 2 && k < r->n; k++) {
      struct gbe_store_run *e = run_entry(c);
      if (!e)
         break;
      /* the run's stores are in program order in the block; the last
       * one of the run met is the one closing it */
      *e = (struct gbe_store_run){ r->st[k], r->st[0], k + 1 < r->n ? r->st[k + 1] : NULL,
                                   r->st[k] == r->last };
   }
   r->n = 0;
}

static bool
extends(const struct run *r, struct run_base base, uint64_t off, uint32_t bytes)
{
   return r->n && r->base.deref == base.deref && r->base.index == base.index &&
          (r->hi - r->lo) + bytes <= RUN_DWORDS * 4 && (off == r->hi || off + bytes == r->lo);
}

static void
plan_block(struct gbe_ctx *c, struct ir_block *b)
{
   struct run r = { .n = 0 };
   ir_foreach_instr(i, b) {
      if (!mergeable_store(i)) {
         if (!(ir_op_infos[i->op].flags & IR_OP_PURE))
            close_run(c, &r);
         continue;
      }
      uint32_t off, bytes = 4 * i->srcs[1]->type->comps;
      struct run_base base = flat_pointer(i->srcs[0], &off);
      /* an element chosen at run time is sent per distinct element
       * (gbe_dynamic_element), store by store */
      bool dyn_element = base.deref->op == IR_OP_deref_array &&
                         base.deref->srcs[1]->op != IR_OP_const;
      if (off % 4 || bytes > RUN_DWORDS * 4 || dyn_element) {
         close_run(c, &r);
         continue;
      }
      if (!extends(&r, base, off, bytes)) {
         close_run(c, &r);
         r = (struct run){ .base = base, .lo = off, .hi = off };
      }
      r.st[r.n] = i;
      r.off[r.n++] = off;
      r.last = i;
      r.lo = off < r.lo ? off : r.lo;
      r.hi = (uint64_t)off + bytes > r.hi ? (uint64_t)off + bytes : r.hi;
   }
   close_run(c, &r);
}

bool
gbe_plan_store_runs(struct gbe_ctx *c)
{
   ir_foreach_block(b, c->s->entry)
      plan_block(c, b);
   return !c->p->oom;
}

static const struct gbe_store_run *
run_of(const struct gbe_ctx *c, const struct ir_instr *i)
{
   for (unsigned k = 0; k < c->num_runs; k++) {
      if (c->runs[k].store == i)
         return &c->runs[k];
   }
   return NULL;
}

/* The run's message, at its last store: the dwords from the first
 * store's address on. */
static bool
store_run(struct gbe_ctx *c, struct ir_instr *first)
{
   struct mem_addr a;
   if (!resolve(c, first->srcs[0], &a))
      return false;
   if (a.element.file == GBE_VGRF)
      return gbe_fail(c->p, "%%%u: a merged store through a descriptor array element chosen "
                      "at run time", first->index);
   struct gbe_reg dw[RUN_DWORDS];
   unsigned n = 0;
   for (struct ir_instr *s = first; s; s = run_of(c, s)->next) {
      struct gbe_reg *v = gbe_val(c, s->srcs[1]);
      if (!v)
         return false;
      for (unsigned k = 0; k < s->srcs[1]->type->comps; k++)
         dw[n++] = value_dword(v, false, k);
   }
   return store_dwords(c, &a, dw, n);
}

/* ---- byte scattered messages (8- and 16-bit data) ---- */

static bool
scattered(struct gbe_ctx *c, struct ir_instr *i, const struct mem_addr *a, bool store)
{
   unsigned bti;
   uint32_t base;
   if (!surface_of(c, a, &bti, &base))
      return false;
   struct ir_instr *val = store ? i->srcs[1] : i;
   const struct ir_type *t = scalar_type(val->type);
   unsigned bytes = t->bits / 8;
   struct gbe_reg *v = store ? gbe_val(c, val) : gbe_def(c, i);
   if (!v)
      return false;
   unsigned w = msg_width(c), rpc = w / 8;
   for (unsigned k = 0; k < val->type->comps; k++) {
      struct mem_addr sub = *a;
      sub.const_off += k * bytes;
      for (unsigned g = 0; g < c->p->simd; g += w) {
         struct gbe_builder saved;
         half(c, g, &saved);
         bool split = store && gbe_has_split_send(c);
         struct gbe_reg pl = gbe_vreg(c->p, ISA_TYPE_UD, w * (store && !split ? 2 : 1));
         address_into(c, &sub, base, g, pl);
         struct isa_send_msg m = {
            .msg = store ? ISA_MSG_BYTE_SCATTERED_WRITE : ISA_MSG_BYTE_SCATTERED_READ,
            .bti = (uint8_t)bti, .simd = (uint8_t)w, .elem_bytes = (uint8_t)bytes,
            .mlen = (uint8_t)(rpc * (store && !split ? 2 : 1)), .ex_mlen = (uint8_t)(split ? rpc : 0),
            .rlen = (uint8_t)(store ? 0 : rpc), .write = store,
         };
         if (store) {
            /* an integer element lives zero-extended in its dword, as the
             * message takes it */
            struct gbe_reg src = gbe_channel(v[k], g);
            bool as_is = split && t->kind != IR_TYPE_FLOAT && gbe_whole_regs(src).file != GBE_BAD;
            struct gbe_reg data = as_is ? gbe_whole_regs(src)
                                  : split ? gbe_vreg(c->p, ISA_TYPE_UD, w) : gbe_offset(pl, w * 4);
            if (t->kind == IR_TYPE_FLOAT)
               gbe_f32_to_half_bits(c, data, src);
            else if (!as_is)
               gbe_alu1(&c->b, ISA_OP_MOV, data, gbe_retype(src, ISA_TYPE_UD));
            if (split ? !gbe_send_split(c, &m, gbe_null(ISA_TYPE_UD), pl, data)
                      : !gbe_send(c, &m, gbe_null(ISA_TYPE_UD), pl))
               return false;
         } else {
            struct gbe_reg resp = gbe_vreg(c->p, ISA_TYPE_UD, w);
            if (!gbe_send(c, &m, resp, pl))
               return false;
            struct gbe_reg dst = gbe_channel(v[k], g);
            if (t->kind == IR_TYPE_FLOAT) {
               gbe_half_bits_to_f32(c, dst, resp);
            } else {
               /* the bytes beyond the element are not defined */
               gbe_alu2(&c->b, ISA_OP_AND, gbe_retype(dst, ISA_TYPE_UD), resp,
                        gbe_imm(ISA_TYPE_UD, (1u << t->bits) - 1));
            }
         }
         c->b = saved;
      }
   }
   return true;
}

/* ---- atomics ---- */

enum isa_atomic_op
gbe_isa_atomic_op(enum ir_atomic_op op)
{
   switch (op) {
   case IR_ATOMIC_add: return ISA_ATOMIC_ADD;
   case IR_ATOMIC_smin: return ISA_ATOMIC_IMIN;
   case IR_ATOMIC_smax: return ISA_ATOMIC_IMAX;
   case IR_ATOMIC_umin: return ISA_ATOMIC_UMIN;
   case IR_ATOMIC_umax: return ISA_ATOMIC_UMAX;
   case IR_ATOMIC_and: return ISA_ATOMIC_AND;
   case IR_ATOMIC_or: return ISA_ATOMIC_OR;
   case IR_ATOMIC_xor: return ISA_ATOMIC_XOR;
   case IR_ATOMIC_xchg: return ISA_ATOMIC_MOV;
   default: return ISA_ATOMIC_CMPWR;
   }
}

static bool
atomic(struct gbe_ctx *c, struct ir_instr *i, const struct mem_addr *a)
{
   const struct ir_type *t = scalar_type(i->type);
   if (t->bits == 64 && t->kind == IR_TYPE_INT && a->var->storage == IR_STORAGE_SSBO)
      return gbe_isel_buffer_atomic64(c, i, a);
   if (t->bits != 32 || t->kind != IR_TYPE_INT)
      return gbe_fail(c->p, "%%%u: %u-bit atomics on %s memory are not supported", i->index,
                      t->bits, ir_storage_name(a->var->storage));
   unsigned bti;
   uint32_t base;
   if (!surface_of(c, a, &bti, &base))
      return false;
   struct gbe_reg *d = gbe_def(c, i);
   if (!d)
      return false;
   bool cmp = i->imm == IR_ATOMIC_cmpxchg;
   unsigned ns = cmp ? 2 : 1;
   unsigned w = msg_width(c), rpc = w / 8;
   for (unsigned g = 0; g < c->p->simd; g += w) {
      struct gbe_builder saved;
      half(c, g, &saved);
      bool split = gbe_has_split_send(c);
      struct gbe_reg pl = gbe_vreg(c->p, ISA_TYPE_UD, w * (split ? 1 : ns + 1));
      address_into(c, a, base, g, pl);
      /* compare-and-write: src0 is the comparand, src1 the new value
       * (PRM "AOP_CMPWR") */
      struct ir_instr *s0 = cmp ? i->srcs[2] : i->srcs[1];
      struct gbe_reg v0 = gbe_retype(gbe_channel(gbe_val(c, s0)[0], g), ISA_TYPE_UD);
      struct gbe_reg data = split ? data_part(c, v0, ns, w) : gbe_offset(pl, w * 4);
      if (data.file != v0.file || data.nr != v0.nr || data.offset != v0.offset)
         gbe_alu1(&c->b, ISA_OP_MOV, data, v0);
      if (cmp)
         gbe_alu1(&c->b, ISA_OP_MOV, gbe_offset(data, w * 4),
                  gbe_retype(gbe_channel(gbe_val(c, i->srcs[1])[0], g), ISA_TYPE_UD));
      struct gbe_reg resp = c->p->simd > w ? gbe_vreg(c->p, ISA_TYPE_UD, w) : d[0];
      struct isa_send_msg m = {
         .msg = ISA_MSG_UNTYPED_ATOMIC, .bti = (uint8_t)bti, .simd = (uint8_t)w,
         .atomic = gbe_isa_atomic_op((enum ir_atomic_op)i->imm), .returns_data = true,
         .mlen = (uint8_t)(rpc * (split ? 1 : ns + 1)), .ex_mlen = (uint8_t)(split ? rpc * ns : 0),
         .rlen = (uint8_t)rpc, .write = true,
      };
      if (split ? !gbe_send_split(c, &m, resp, pl, data) : !gbe_send(c, &m, resp, pl))
         return false;
      if (c->p->simd > w)
         gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(gbe_channel(d[0], g), ISA_TYPE_UD), resp);
      c->b = saved;
   }
   return true;
}

/* ---- private arrays: registers ----
 *
 * A function-local array indexed by a varying value lives in registers,
 * one SIMD-wide dword per 4 bytes of the variable; an access compares
 * each channel's byte address with every slot (a select chain).  Arrays
 * too large for that live in scratch memory (below). */

#define MAX_PRIVATE_SLOTS 64

static unsigned
private_dwords(const struct ir_var *v)
{
   return (v->type->size + 3) / 4;
}

static bool
has_narrow(const struct ir_type *t)
{
   switch (t->kind) {
   case IR_TYPE_INT: case IR_TYPE_FLOAT:
      return t->bits < 32;
   case IR_TYPE_ARRAY:
      return has_narrow(t->elem);
   case IR_TYPE_STRUCT:
      for (uint32_t m = 0; m < t->num_members; m++) {
         if (has_narrow(t->members[m]))
            return true;
      }
      return false;
   default:
      return false;
   }
}

/* The dwords of a variable with 8 or 16-bit elements are read before
 * their first write (an element is merged into its dword), so they start
 * as zeros, written at the kernel's start for every channel. */
static bool
zero_at_start(struct gbe_ctx *c, struct gbe_reg slot)
{
   struct gbe_inst t = {
      .op = ISA_OP_MOV, .exec_size = (uint8_t)c->p->simd, .we_all = true, .dst = slot,
      .src = { gbe_imm(ISA_TYPE_UD, 0), gbe_null(ISA_TYPE_UD), gbe_null(ISA_TYPE_UD) },
   };
   return gbe_insert_before(c->p, c->p->head.next, &t) != NULL;
}

static struct gbe_reg *
private_slots(struct gbe_ctx *c, const struct ir_var *v, unsigned *n)
{
   *n = private_dwords(v);
   if (c->var_slots[v->index])
      return c->var_slots[v->index];
   struct gbe_reg *s = calloc(*n, sizeof(*s));
   if (!s) {
      c->p->oom = true;
      return NULL;
   }
   bool zero = has_narrow(v->type);
   for (unsigned k = 0; k < *n; k++) {
      s[k] = gbe_tmp(c, ISA_TYPE_UD);
      if (zero && !zero_at_start(c, s[k])) {
         free(s);
         return NULL;
      }
   }
   c->var_slots[v->index] = s;
   return s;
}

/* ---- private arrays: scratch ----
 *
 * A large array lives in the thread's scratch space, laid out as the
 * spill code lays out registers: dword s of the variable is a row of
 * SIMD-width dwords, channel l's at dword l of the row, so every channel
 * has its own copy and a constant index reads one row.  Accesses are
 * DWord scattered messages (PRM Vol 2d "DWord Scattered Read/Write":
 * addresses in dwords) on the A32 stateless binding table index with a
 * header: stateless addresses are then relative to the thread's scratch
 * space, whose pointer (bits 31:10) and size (bits 3:0) the header's
 * DWords 5 and 3 carry as R0.5 and R0.3 hold them (PRM Vol 2d data port
 * message header; how Mesa addresses scratch).  The index is 255 on
 * Gen7/7.5 and the non-coherent 253 from Gen8 (scratch is the thread's
 * own: no coherency needed), as Mesa chooses. */

/* Bytes into the thread's scratch space of the variable's first row;
 * the spill code's slots follow the arrays. */
static uint32_t
private_scratch_base(struct gbe_ctx *c, const struct ir_var *v)
{
   if (!c->var_scratch[v->index]) {
      c->var_scratch[v->index] = c->p->scratch_bytes + 1;
      c->p->scratch_bytes += private_dwords(v) * 4 * c->p->simd;
   }
   return c->var_scratch[v->index] - 1;
}

static void
scratch_header(struct gbe_ctx *c, struct gbe_reg hdr)
{
   struct gbe_builder b = c->b;
   b.exec_size = 8;
   b.group = 0;
   b.we_all = true;
   gbe_alu1(&b, ISA_OP_MOV, hdr, gbe_imm(ISA_TYPE_UD, 0));
   b.exec_size = 1;
   gbe_alu2(&b, ISA_OP_AND, gbe_scalar(gbe_offset(hdr, 12), 0), gbe_fixed(0, 12, ISA_TYPE_UD, 0),
            gbe_imm(ISA_TYPE_UD, 0xf));
   gbe_alu2(&b, ISA_OP_AND, gbe_scalar(gbe_offset(hdr, 20), 0), gbe_fixed(0, 20, ISA_TYPE_UD, 0),
            gbe_imm(ISA_TYPE_UD, 0xfffffc00u));
}

/* Each channel's dword address in the row of the access's dword 0,
 * relative to the variable's first row: the row times the width plus the
 * channel.  dyn (the run-time byte offset, GBE_BAD when none) is a
 * multiple of 4. */
static struct gbe_reg
scratch_rows(struct gbe_ctx *c, struct gbe_reg dyn)
{
   struct gbe_reg lane = gbe_lane_index(c);
   if (dyn.file != GBE_VGRF)
      return lane;
   struct gbe_reg r = gbe_tmp(c, ISA_TYPE_UD);
   gbe_alu2(&c->b, ISA_OP_SHL, r, gbe_retype(dyn, ISA_TYPE_UD),
            gbe_imm(ISA_TYPE_UD, (uint32_t)__builtin_ctz(c->p->simd) - 2));
   gbe_alu2(&c->b, ISA_OP_ADD, r, r, lane);
   return r;
}

/* One message: dword `row` (from the variable's start) of the group's
 * channels, from or into val (a UD view of the component). */
static bool
scratch_message(struct gbe_ctx *c, struct gbe_reg rows, uint32_t row, struct gbe_reg val,
                bool store)
{
   unsigned w = c->b.exec_size, g = c->b.group, rpc = w / 8;
   struct gbe_reg pl = gbe_vreg_bytes(c->p, ISA_TYPE_UD, 32 * (1 + rpc * (store ? 2 : 1)));
   scratch_header(c, pl);
   gbe_alu2(&c->b, ISA_OP_ADD, gbe_offset(pl, 32), gbe_channel(rows, g),
            gbe_imm(ISA_TYPE_UD, row * c->p->simd));
   if (store)
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_offset(pl, 32 * (1 + rpc)), gbe_channel(val, g));
   struct isa_send_msg m = {
      .msg = store ? ISA_MSG_DWORD_SCATTERED_WRITE : ISA_MSG_DWORD_SCATTERED_READ,
      .bti = c->p->gen >= ISA_GEN8 ? ISA_BTI_STATELESS_NC : ISA_BTI_STATELESS,
      .header = true, .simd = (uint8_t)w, .elem_bytes = 4, .elem_count = 1,
      .mlen = (uint8_t)(1 + rpc * (store ? 2 : 1)), .rlen = (uint8_t)(store ? 0 : rpc),
      .write = store,
   };
   struct gbe_reg resp = store ? gbe_null(ISA_TYPE_UD) : gbe_vreg(c->p, ISA_TYPE_UD, w);
   if (!gbe_send(c, &m, resp, pl))
      return false;
   if (!store)
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_channel(val, g), resp);
   return true;
}

/* ---- private arrays: accesses ----
 *
 * Every access is a sequence of dword accesses: a 32-bit or bool
 * component is one dword, a 64-bit one its low and high dwords (the
 * qword register's stride-2 UD views), and an 8 or 16-bit one is read
 * out of its dword, or merged into it and the dword written back. */

/* Where an access's dwords are: the variable, the run-time byte offset
 * (per channel, a multiple of 4; GBE_BAD when none) and, in scratch, the
 * rows that offset selects. */
struct private_ref {
   const struct ir_var *var;
   struct gbe_reg dyn, rows;
   bool scratch;
};

static struct private_ref
private_ref(struct gbe_ctx *c, const struct ir_var *var, struct gbe_reg dyn)
{
   struct private_ref r = { .var = var, .dyn = dyn,
                            .scratch = private_dwords(var) > MAX_PRIVATE_SLOTS };
   if (r.scratch)
      r.rows = scratch_rows(c, dyn);
   return r;
}

static bool
scratch_dword(struct gbe_ctx *c, const struct private_ref *r, uint32_t off, struct gbe_reg val,
              bool store)
{
   uint32_t row = private_scratch_base(c, r->var) / 4 / c->p->simd + off / 4;
   for (unsigned g = 0; g < c->p->simd; g += msg_width(c)) {
      struct gbe_builder saved;
      half(c, g, &saved);
      bool ok = scratch_message(c, r->rows, row, val, store);
      c->b = saved;
      if (!ok)
         return false;
   }
   return true;
}

/* The dword at byte off (a multiple of 4) plus the run-time offset, from
 * or into val (UD).  In registers: a move from or to the slot, or with a
 * run-time offset a compare against each slot's offset and a predicated
 * move. */
static bool
private_dword(struct gbe_ctx *c, const struct private_ref *r, uint32_t off, struct gbe_reg val,
              bool store, unsigned index)
{
   if (r->scratch)
      return scratch_dword(c, r, off, val, store);
   unsigned n;
   struct gbe_reg *slot = private_slots(c, r->var, &n);
   if (!slot)
      return false;
   if (r->dyn.file != GBE_VGRF) {
      if (off / 4 >= n)
         return gbe_fail(c->p, "%%%u: a private array access out of bounds", index);
      gbe_alu1(&c->b, ISA_OP_MOV, store ? slot[off / 4] : val, store ? val : slot[off / 4]);
      return true;
   }
   if (!store)
      gbe_alu1(&c->b, ISA_OP_MOV, val, slot[0]);
   for (unsigned s = store ? 0 : 1; s < n; s++) {
      int32_t want = (int32_t)(s * 4) - (int32_t)off;
      struct gbe_inst *ci = gbe_alu2(&c->b, ISA_OP_CMP, gbe_null(ISA_TYPE_D),
                                     gbe_retype(r->dyn, ISA_TYPE_D),
                                     gbe_imm(ISA_TYPE_D, (uint32_t)want));
      ci->cmod = ISA_CMOD_Z;
      struct gbe_inst *m = gbe_alu1(&c->b, ISA_OP_MOV, store ? slot[s] : val,
                                    store ? val : slot[s]);
      m->pred = 1;
   }
   return true;
}

/* Dword h of each channel of a 64-bit component (an immediate's half). */
static struct gbe_reg
qword_half(struct gbe_reg r, unsigned h)
{
   if (r.file == GBE_IMM)
      return gbe_imm(ISA_TYPE_UD, (uint32_t)(r.imm >> (32 * h)));
   r = gbe_retype(r, ISA_TYPE_UD);
   r.stride = (uint8_t)(r.stride * 2);
   r.offset += 4 * h;
   return r;
}

/* An 8 or 16-bit element at byte byte_off plus the access's run-time
 * offset: its dword (the run-time part rounded down to one, the element's
 * bit position within it per channel) read and the element extracted, or
 * the element merged into it and the dword written back.  Registers hold
 * such integers zero-extended and half floats as floats (gbe_lir.h). */
static bool
private_narrow(struct gbe_ctx *c, const struct gbe_addr *a, uint32_t byte_off,
               const struct ir_type *t, struct gbe_reg v, bool store, unsigned index)
{
   struct gbe_builder *b = &c->b;
   uint32_t mask = (1u << t->bits) - 1;
   struct gbe_reg dyn = a->dyn, shift = gbe_imm(ISA_TYPE_UD, (byte_off % 4) * 8);
   uint32_t off = byte_off & ~3u;
   if (a->dyn.file == GBE_VGRF) {
      struct gbe_reg at = gbe_tmp(c, ISA_TYPE_UD);
      gbe_alu2(b, ISA_OP_ADD, at, gbe_retype(a->dyn, ISA_TYPE_UD), gbe_imm(ISA_TYPE_UD, byte_off));
      shift = gbe_tmp(c, ISA_TYPE_UD);
      gbe_alu2(b, ISA_OP_AND, shift, at, gbe_imm(ISA_TYPE_UD, 3));
      gbe_alu2(b, ISA_OP_SHL, shift, shift, gbe_imm(ISA_TYPE_UD, 3));
      dyn = gbe_tmp(c, ISA_TYPE_UD);
      gbe_alu2(b, ISA_OP_AND, dyn, at, gbe_imm(ISA_TYPE_UD, ~3u));
      off = 0;
   }
   struct private_ref r = private_ref(c, a->var, dyn);
   struct gbe_reg word = gbe_tmp(c, ISA_TYPE_UD);
   if (!private_dword(c, &r, off, word, false, index))
      return false;
   if (!store) {
      struct gbe_reg bits = gbe_tmp(c, ISA_TYPE_UD);
      gbe_alu2(b, ISA_OP_SHR, bits, word, shift);
      if (t->kind == IR_TYPE_FLOAT) {
         gbe_half_bits_to_f32(c, v, bits);
      } else {
         gbe_alu2(b, ISA_OP_AND, gbe_retype(v, ISA_TYPE_UD), bits, gbe_imm(ISA_TYPE_UD, mask));
      }
      return true;
   }
   struct gbe_reg bits = gbe_tmp(c, ISA_TYPE_UD), keep = gbe_tmp(c, ISA_TYPE_UD);
   if (t->kind == IR_TYPE_FLOAT)
      gbe_f32_to_half_bits(c, bits, v);
   else
      gbe_alu2(b, ISA_OP_AND, bits, gbe_retype(v, ISA_TYPE_UD), gbe_imm(ISA_TYPE_UD, mask));
   gbe_alu1(b, ISA_OP_MOV, keep, gbe_imm(ISA_TYPE_UD, mask));
   gbe_alu2(b, ISA_OP_SHL, keep, keep, shift);
   gbe_alu1(b, ISA_OP_NOT, keep, keep);
   gbe_alu2(b, ISA_OP_AND, word, word, keep);
   gbe_alu2(b, ISA_OP_SHL, bits, bits, shift);
   gbe_alu2(b, ISA_OP_OR, word, word, bits);
   return private_dword(c, &r, off, word, true, index);
}

static bool
private_access(struct gbe_ctx *c, struct ir_instr *i, const struct mem_addr *a, bool store)
{
   const struct ir_type *t = store ? i->srcs[1]->type : i->type;
   struct gbe_reg *v = store ? gbe_val(c, i->srcs[1]) : gbe_def(c, i);
   if (!v)
      return false;
   unsigned bytes = t->kind == IR_TYPE_BOOL ? 4 : t->bits / 8;
   if (bytes < 4) {
      for (unsigned k = 0; k < t->comps; k++) {
         if (!private_narrow(c, a, a->const_off + k * bytes, t, v[k], store, i->index))
            return false;
      }
      return true;
   }
   struct private_ref r = private_ref(c, a->var, a->dyn);
   unsigned halves = bytes / 4;
   for (unsigned k = 0; k < t->comps; k++) {
      for (unsigned h = 0; h < halves; h++) {
         struct gbe_reg val = halves == 2 ? qword_half(v[k], h) : gbe_retype(v[k], ISA_TYPE_UD);
         if (!private_dword(c, &r, a->const_off + (k * halves + h) * 4, val, store, i->index))
            return false;
      }
   }
   return true;
}

static bool
memory_access(struct gbe_ctx *c, struct ir_instr *i, const struct mem_addr *ap)
{
   struct mem_addr a = *ap;
   if (i->op == IR_OP_atomic)
      return atomic(c, i, &a);
   bool store = i->op == IR_OP_store;
   const struct ir_type *vt = store ? i->srcs[1]->type : i->type;
   const struct ir_type *t = scalar_type(vt);
   if (a.var->storage == IR_STORAGE_PUSH_CONSTANT && !store)
      return load_push(c, i, &a);
   if ((a.var->storage == IR_STORAGE_FUNCTION || a.var->storage == IR_STORAGE_PRIVATE) &&
       i->op != IR_OP_atomic)
      return private_access(c, i, &a, store);
   if (t->kind != IR_TYPE_BOOL && t->bits < 32)
      return scattered(c, i, &a, store);
   if (a.const_off % 4)
      return gbe_fail(c->p, "%%%u: a 32-bit access at an unaligned offset", i->index);
   return store ? store_untyped(c, i, &a) : load_untyped(c, i, &a);
}

bool
gbe_isel_memory(struct gbe_ctx *c, struct ir_instr *i)
{
   const struct gbe_store_run *run = i->op == IR_OP_store ? run_of(c, i) : NULL;
   if (run)
      return !run->emit || store_run(c, run->first);
   struct mem_addr a;
   if (!resolve(c, i->srcs[0], &a))
      return false;
   /* a descriptor array element picked at run time (gbe_isel_surface.c) */
   if (a.element.file == GBE_VGRF)
      return gbe_dynamic_element(c, i, &a, memory_access);
   return memory_access(c, i, &a);
}

/* The memory a barrier's fence must order.  A subgroup is one thread
 * (the SIMD channels), and one thread's shared local memory messages are
 * done in the order it sends them: at subgroup scope shared memory needs
 * no fence.  Buffers and images keep theirs at every scope, as Mesa's
 * compiler fences any barrier whose memory scope is not none. */
static unsigned
fenced_memory(uint32_t imm)
{
   switch (IR_BARRIER_MEM_SCOPE_OF(imm)) {
   case IR_SCOPE_NONE:
      return 0;
   case IR_SCOPE_SUBGROUP:
      return imm & IR_BARRIER_MEM_MASK & ~IR_BARRIER_WORKGROUP_MEM;
   default:
      return imm & IR_BARRIER_MEM_MASK;
   }
}

/* PRM Vol 2d "Memory Fence": R0 itself is the header, the fence reads
 * nothing else of it. */
static bool
emit_fence(struct gbe_ctx *c, unsigned memory)
{
   struct gbe_reg hdr = gbe_fixed(0, 0, ISA_TYPE_UD, 1), resp = gbe_vreg(c->p, ISA_TYPE_UD, 8);
   struct isa_send_msg m = {
      .msg = ISA_MSG_MEMORY_FENCE,
      .bti = memory == IR_BARRIER_WORKGROUP_MEM && c->p->gen >= ISA_GEN11 ? ISA_BTI_SLM : 0,
      .header = true, .mlen = 1, .rlen = 1,
   };
   if (!gbe_send(c, &m, resp, hdr))
      return false;
   /* the fence's reply says the writes are visible.  Before Gen11
    * every data-port message goes through the one data cache, in the
    * order the thread sends them, so later messages (the barrier's
    * and the other threads' reads) come after the fence without a
    * wait; from Gen11, SLM and the data cache are apart (as Mesa's
    * compiler treats them): wait for the reply */
   if (c->p->gen >= ISA_GEN11)
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_null(ISA_TYPE_UD), resp);
   return true;
}

/* PRM Vol 2d "Message Gateway": the gateway's barrier message, then a
 * wait on n0 (sync.bar from Gen12). */
static bool
emit_thread_barrier(struct gbe_ctx *c)
{
   c->k->cs.uses_barrier = true;
   struct gbe_reg hdr = gbe_vreg(c->p, ISA_TYPE_UD, 8);
   gbe_alu1(&c->b, ISA_OP_MOV, hdr, gbe_imm(ISA_TYPE_UD, 0));
   /* the barrier id R0.2 carries, whose field grew over the
    * generations (PRM Vol 7 "GPGPU R0 header": 27:24 on Gen7/8, with
    * bit 31 on Gen9, 30:24 on Gen11+) */
   static const uint32_t id_mask[ISA_GEN_COUNT] = {
      0x0f000000u, 0x0f000000u, 0x0f000000u, 0x8f000000u, 0x7f000000u, 0x7f000000u,
   };
   c->b.exec_size = 1;
   gbe_alu2(&c->b, ISA_OP_AND, gbe_offset(hdr, 8), gbe_fixed(0, 8, ISA_TYPE_UD, 0),
            gbe_imm(ISA_TYPE_UD, id_mask[c->p->gen]));
   c->b.exec_size = 8;
   /* the barrier payload is the one register above, with no
    * header-present bit in the descriptor (as Mesa's kernels send it) */
   struct isa_send_msg m = { .msg = ISA_MSG_GATEWAY_BARRIER, .mlen = 1 };
   if (!gbe_send(c, &m, gbe_null(ISA_TYPE_UD), hdr))
      return false;
   c->b.exec_size = 1;
   if (c->p->gen >= ISA_GEN12) {
      struct gbe_inst *s = gbe_alu1(&c->b, ISA_OP_SYNC, gbe_null(ISA_TYPE_UD), gbe_null(ISA_TYPE_UD));
      s->cmod = 0xe;   /* sync.bar */
   } else {
      struct gbe_reg n0 = { .file = GBE_ARF, .type = ISA_TYPE_UD, .nr = ISA_ARF_NOTIFICATION };
      gbe_alu1(&c->b, ISA_OP_WAIT, n0, n0);
   }
   return true;
}

/* Barriers: memory ordering is a fence, execution the gateway's barrier.
 * A subgroup's execution barrier is none: the subgroup is the SIMD
 * thread, whose channels run together (and a thread barrier in control
 * flow only part of a workgroup reaches would hang it). */
bool
gbe_isel_barrier(struct gbe_ctx *c, struct ir_instr *i)
{
   struct gbe_builder saved = c->b;
   c->b.exec_size = 8;
   c->b.group = 0;
   c->b.we_all = true;
   unsigned memory = fenced_memory(i->imm);
   bool ok = !memory || emit_fence(c, memory);
   if (ok && IR_BARRIER_EXEC_SCOPE_OF(i->imm) >= IR_SCOPE_WORKGROUP)
      ok = emit_thread_barrier(c);
   c->b = saved;
   return ok;
}

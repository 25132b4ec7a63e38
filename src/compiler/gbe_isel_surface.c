/* Binding table entries and descriptor arrays.
 *
 * Every surface a kernel addresses is a binding table entry the driver
 * fills from a descriptor; gbe.h's struct gbe_binding says which and how
 * (the contract).  A binding takes one entry per array element and per
 * way the kernel reads it (an image read through a raw R32_UINT view and
 * written through its own format takes two runs of entries).
 *
 * A descriptor array indexed at run time (SPIR-V arrays of blocks or
 * images, GL_EXT_nonuniform_qualifier) picks the entry at run time: the
 * send's message descriptor comes from a0.0 (PRM Vol 7 "send": "the
 * message descriptor ... from the address register a0.0 when src1 is a
 * register"), built as the immediate descriptor ORed with the entry.
 * The binding table index field is one value for the whole message, so
 * the element must be the same in every channel the send runs: Vulkan
 * requires that unless the index is decorated NonUniform, and the IR does
 * not keep that decoration, so an index the compiler cannot prove uniform
 * is handled as non-uniform: a loop takes the smallest element of the
 * channels still waiting, runs the access for the channels that have it,
 * and retires them (one trip when the index is in fact uniform). */
#include <stdlib.h>
#include <string.h>

#include "gbe_isel.h"

/* ---- binding table entries ---- */

/* Elements of a binding: an array's length, a runtime array's count from
 * the options (its layout's descriptor count), 1 for a plain binding. */
static uint32_t
array_count(struct gbe_ctx *c, const struct ir_var *v)
{
   if (v->type->kind != IR_TYPE_ARRAY)
      return 1;
   if (v->type->length)
      return v->type->length;
   const struct gbe_options *o = c->p->opt;
   for (unsigned i = 0; o && i < o->num_array_sizes; i++) {
      if (o->array_sizes[i].set == v->set && o->array_sizes[i].binding == v->binding)
         return o->array_sizes[i].count;
   }
   return GBE_RUNTIME_ARRAY_DEFAULT;
}

uint32_t
gbe_binding_entry(struct gbe_ctx *c, const struct ir_var *v, enum gbe_surface_kind kind,
                  uint32_t format, uint32_t texel_dwords)
{
   struct gbe_kernel *k = c->k;
   for (unsigned i = 0; i < k->num_bindings; i++) {
      const struct gbe_binding *b = &k->bindings[i];
      if (b->set == v->set && b->binding == v->binding && b->kind == kind &&
          b->format == format && b->texel_dwords == texel_dwords)
         return b->bti;
   }
   uint32_t count = array_count(c, v);
   if (k->num_bindings == GBE_MAX_BINDINGS || count > GBE_MAX_BINDING_TABLE ||
       k->binding_table_size + count > GBE_MAX_BINDING_TABLE) {
      gbe_fail(c->p, "binding (%u, %u): the binding table has room for %u entries",
               v->set, v->binding, GBE_MAX_BINDING_TABLE);
      return UINT32_MAX;
   }
   k->bindings[k->num_bindings++] = (struct gbe_binding){
      .set = v->set, .binding = v->binding, .storage = v->storage, .kind = kind,
      .bti = k->binding_table_size, .count = count, .format = format,
      .texel_dwords = texel_dwords, .address_offset = UINT32_MAX,
   };
   k->binding_table_size += count;
   return k->binding_table_size - count;
}

uint32_t
gbe_sampler_count(struct gbe_ctx *c, const struct ir_var *v)
{
   return array_count(c, v);
}

uint32_t
gbe_sampler_entry(struct gbe_ctx *c, const struct ir_var *v)
{
   struct gbe_kernel *k = c->k;
   for (unsigned i = 0; i < k->num_samplers; i++) {
      if (k->samplers[i].set == v->set && k->samplers[i].binding == v->binding)
         return k->samplers[i].index;
   }
   uint32_t count = array_count(c, v);
   if (k->num_samplers == GBE_MAX_BINDINGS || count > GBE_MAX_SAMPLER_TABLE ||
       k->sampler_table_size + count > GBE_MAX_SAMPLER_TABLE) {
      gbe_fail(c->p, "binding (%u, %u): the sampler state table has room for %u samplers",
               v->set, v->binding, GBE_MAX_SAMPLER_TABLE);
      return UINT32_MAX;
   }
   k->samplers[k->num_samplers++] = (struct gbe_sampler_binding){
      .set = v->set, .binding = v->binding, .index = k->sampler_table_size, .count = count,
   };
   k->sampler_table_size += count;
   return k->sampler_table_size - count;
}

const struct gbe_binding *
gbe_binding_at(const struct gbe_kernel *k, uint32_t bti, uint32_t *element)
{
   for (unsigned i = 0; i < k->num_bindings; i++) {
      const struct gbe_binding *b = &k->bindings[i];
      if (bti >= b->bti && bti - b->bti < b->count) {
         if (element)
            *element = bti - b->bti;
         return b;
      }
   }
   return NULL;
}

bool
gbe_descriptor_element(struct gbe_ctx *c, struct ir_instr *deref, struct gbe_addr *a)
{
   struct ir_instr *base = deref->srcs[0], *idx = deref->srcs[1];
   if (base->op != IR_OP_deref_var)
      return gbe_fail(c->p, "%%%u: an array of descriptor arrays", deref->index);
   *a = (struct gbe_addr){ .var = base->var, .dyn = { .file = GBE_BAD } };
   if (idx->op == IR_OP_const) {
      a->element = gbe_imm(ISA_TYPE_UD, (uint32_t)idx->value[0]);
      return true;
   }
   struct gbe_reg *v = gbe_val(c, idx);
   if (!v)
      return gbe_fail(c->p, "%%%u: a descriptor index without a value", deref->index);
   a->element = gbe_retype(v[0], ISA_TYPE_UD);
   return true;
}

/* ---- uniformity ---- */

/* Whether every channel of a dispatch sees the same value: constants,
 * push constants, UBO loads at uniform addresses, the workgroup's system
 * values, and pure arithmetic on those.  Conservative: false when in
 * doubt (a phi, a load through memory others write). */
static bool
is_uniform(const struct ir_instr *i, unsigned depth)
{
   if (depth > 12)
      return false;
   switch (i->op) {
   case IR_OP_const: case IR_OP_undef:
      return true;
   case IR_OP_sysval:
      return i->imm == IR_SYSVAL_workgroup_id || i->imm == IR_SYSVAL_num_workgroups ||
             i->imm == IR_SYSVAL_subgroup_size || i->imm == IR_SYSVAL_num_subgroups;
   case IR_OP_deref_var:
      return true;
   case IR_OP_load: {
      enum ir_storage st = i->srcs[0]->type->storage;
      return (st == IR_STORAGE_PUSH_CONSTANT || st == IR_STORAGE_UBO) &&
             is_uniform(i->srcs[0], depth + 1);
   }
   case IR_OP_deref_struct: case IR_OP_deref_array:
      break;
   default:
      if (!(ir_op_infos[i->op].flags & IR_OP_PURE) || ir_op_infos[i->op].cls == IR_CLASS_OTHER)
         if (i->op != IR_OP_extract && i->op != IR_OP_vec && i->op != IR_OP_select)
            return false;
      break;
   }
   for (unsigned s = 0; s < i->num_srcs; s++) {
      if (!is_uniform(i->srcs[s], depth + 1))
         return false;
   }
   return true;
}

/* ---- the element of an access ---- */

/* The smallest value of idx (UD) over the builder's live channels, as a
 * scalar: the channels that do not run hold ~0 (PRM "Execution Mask":
 * an instruction without NoMask leaves disabled channels unwritten),
 * then halves are folded with sel.l on NoMask instructions. */
static struct gbe_reg
smallest(struct gbe_ctx *c, struct gbe_reg idx)
{
   unsigned n = c->p->simd;
   struct gbe_reg t = gbe_vreg(c->p, ISA_TYPE_UD, n);
   struct gbe_builder saved = c->b;
   c->b.we_all = true;
   c->b.exec_size = (uint8_t)n;
   c->b.group = 0;
   gbe_alu1(&c->b, ISA_OP_MOV, t, gbe_imm(ISA_TYPE_UD, ~0u));
   c->b = saved;
   gbe_alu1(&c->b, ISA_OP_MOV, t, idx);
   c->b.we_all = true;
   c->b.group = 0;
   for (unsigned w = n / 2; w >= 1; w /= 2) {
      c->b.exec_size = (uint8_t)w;
      struct gbe_reg lo = t, hi = gbe_offset(t, w * 4);
      if (w == 1)
         lo.stride = hi.stride = 0;
      struct gbe_inst *s = gbe_alu2(&c->b, ISA_OP_SEL, t, lo, hi);
      s->cmod = ISA_CMOD_L;
   }
   c->b = saved;
   return gbe_scalar(t, 0);
}

/* Registers for a value the access defines, written before the loop so
 * that they are live (and kept) through it. */
static struct gbe_reg *
loop_result(struct gbe_ctx *c, struct ir_instr *i)
{
   if (!i->type || i->type->kind == IR_TYPE_VOID)
      return NULL;
   unsigned n = i->type->comps;
   struct gbe_reg *r = calloc(n, sizeof(*r));
   if (!r) {
      c->p->oom = true;
      return NULL;
   }
   unsigned dwords = i->type->bits == 64 ? 2 : 1;
   for (unsigned k = 0; k < n; k++) {
      r[k] = gbe_tmp(c, gbe_reg_type(i->type, false));
      struct gbe_reg d = gbe_retype(r[k], ISA_TYPE_UD);
      for (unsigned h = 0; h < dwords; h++) {
         if (dwords == 2) {
            d = gbe_offset(gbe_retype(r[k], ISA_TYPE_UD), h * 4);
            d.stride = 2;
         }
         gbe_alu1(&c->b, ISA_OP_MOV, d, gbe_imm(ISA_TYPE_UD, 0));
      }
   }
   return r;
}

static struct gbe_inst *
jump(struct gbe_ctx *c, enum isa_op op)
{
   return gbe_emit(&c->b, op, gbe_null(ISA_TYPE_D), gbe_null(ISA_TYPE_D), gbe_null(ISA_TYPE_D),
                   gbe_null(ISA_TYPE_D));
}

/* f0.0 = the channels whose element is e. */
static void
match(struct gbe_ctx *c, struct gbe_reg idx, struct gbe_reg e)
{
   struct gbe_inst *m = gbe_alu2(&c->b, ISA_OP_CMP, gbe_null(ISA_TYPE_UD), idx, e);
   m->cmod = ISA_CMOD_Z;
}

/* The loop over distinct elements:
 *     r = 0                      (the result's registers, if any)
 *     do
 *        e = smallest element of the channels still here
 *        if (element == e)
 *           the access, its sends to entry + e
 *           (+match) r = the access's result
 *           break
 *        endif
 *     while
 * The copy into r is predicated so that no pass turns it into a write of
 * every channel (a message's reply fills whole registers). */
static bool
element_loop(struct gbe_ctx *c, struct ir_instr *i, const struct gbe_addr *a,
             struct gbe_reg idx, gbe_access_fn *access)
{
   struct gbe_reg *r = loop_result(c, i);
   if (c->p->oom)
      return false;
   jump(c, GBE_OP_DO);
   struct gbe_reg e = smallest(c, idx);
   match(c, idx, e);
   struct gbe_inst *f = jump(c, ISA_OP_IF);
   f->pred = 1;
   c->dyn_element = e;
   bool ok = access(c, i, a);
   c->dyn_element = (struct gbe_reg){ .file = GBE_BAD };
   if (ok && r) {
      struct gbe_reg *v = gbe_val(c, i);
      match(c, idx, e);
      unsigned dwords = i->type->bits == 64 ? 2 : 1;
      for (unsigned k = 0; k < i->type->comps; k++) {
         for (unsigned h = 0; h < dwords; h++) {
            struct gbe_reg d = gbe_retype(r[k], ISA_TYPE_UD), s = gbe_retype(v[k], ISA_TYPE_UD);
            if (dwords == 2) {
               d = gbe_offset(d, h * 4);
               d.stride = 2;
               if (s.file != GBE_IMM) {
                  s = gbe_offset(s, h * 4);
                  s.stride = s.stride ? 2 : 0;
               } else {
                  s.imm = (v[k].imm >> (32 * h)) & 0xffffffffu;
               }
            }
            struct gbe_inst *m = gbe_alu1(&c->b, ISA_OP_MOV, d, s);
            m->pred = 1;
         }
      }
      free(c->vals[i->index]);
      c->vals[i->index] = r;
      r = NULL;
   }
   jump(c, ISA_OP_BREAK);
   jump(c, ISA_OP_ENDIF);
   jump(c, ISA_OP_WHILE);
   free(r);
   return ok;
}

bool
gbe_dynamic_element(struct gbe_ctx *c, struct ir_instr *i, const struct gbe_addr *a,
                    gbe_access_fn *access)
{
   struct gbe_reg idx = gbe_retype(a->element, ISA_TYPE_UD);
   /* the deref_array that picked the element: the access's pointer
    * (or a texture's handle) leads back to it through first sources */
   struct ir_instr *deref = i->srcs[0];
   while (deref && !(deref->op == IR_OP_deref_array && deref->srcs[0]->op == IR_OP_deref_var))
      deref = deref->num_srcs ? deref->srcs[0] : NULL;
   if (!deref || !is_uniform(deref->srcs[1], 0))
      return element_loop(c, i, a, idx, access);
   c->dyn_element = smallest(c, idx);
   bool ok = access(c, i, a);
   c->dyn_element = (struct gbe_reg){ .file = GBE_BAD };
   return ok;
}

/* The binding table index is the descriptor's bits 7:0 on every shared
 * function (PRM Vol 2d "Message Descriptor"): the entry is ORed into the
 * immediate descriptor built with entry 0. */
struct gbe_inst *
gbe_send_indirect(struct gbe_ctx *c, const struct isa_send_msg *m, struct gbe_reg dst,
                  struct gbe_reg payload)
{
   struct isa_send_msg m0 = *m;
   m0.bti = 0;
   struct gbe_builder saved = c->b;
   c->b.exec_size = 1;
   c->b.group = 0;
   c->b.we_all = true;
   struct gbe_reg bti = gbe_vreg(c->p, ISA_TYPE_UD, 1);
   gbe_alu2(&c->b, ISA_OP_ADD, bti, c->dyn_element, gbe_imm(ISA_TYPE_UD, m->bti));
   struct gbe_reg a0 = { .file = GBE_ARF, .type = ISA_TYPE_UD, .nr = ISA_ARF_ADDRESS };
   struct gbe_inst *o = gbe_alu2(&c->b, ISA_OP_OR, a0, gbe_scalar(bti, 0), gbe_imm(ISA_TYPE_UD, 0));
   c->b = saved;
   struct gbe_inst *s = gbe_emit_send(c, &m0, dst, payload, a0);
   if (s)
      o->src[1].imm = s->desc;
   return s;
}

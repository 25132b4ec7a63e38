/* LIR construction, queries and the printer. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "gbe_lir.h"

struct gbe_reg
gbe_channel(struct gbe_reg r, unsigned c)
{
   if (r.file == GBE_IMM)
      return r;
   r.offset += c * r.stride * isa_type_size(r.type);
   return r;
}

struct gbe_reg
gbe_scalar(struct gbe_reg r, unsigned elem)
{
   if (r.file == GBE_IMM)
      return r;
   r.offset += elem * r.stride * isa_type_size(r.type);
   r.stride = 0;
   return r;
}

struct gbe_reg
gbe_vreg_bytes(struct gbe_prog *p, enum isa_type type, unsigned bytes)
{
   if (p->num_vregs == p->cap_vregs) {
      uint32_t cap = p->cap_vregs ? p->cap_vregs * 2 : 256;
      struct gbe_vreg *v = realloc(p->vregs, cap * sizeof(*v));
      if (!v) {
         p->oom = true;
         return gbe_null(type);
      }
      p->vregs = v;
      p->cap_vregs = cap;
   }
   uint32_t nr = p->num_vregs++;
   p->vregs[nr] = (struct gbe_vreg){ .size = (bytes + 31) & ~31u, .grf = -1 };
   return (struct gbe_reg){ .file = GBE_VGRF, .type = (uint8_t)type, .nr = nr, .stride = 1 };
}

struct gbe_reg
gbe_vreg(struct gbe_prog *p, enum isa_type type, unsigned channels)
{
   return gbe_vreg_bytes(p, type, channels * isa_type_size(type));
}

void
gbe_builder_init(struct gbe_builder *b, struct gbe_prog *p)
{
   *b = (struct gbe_builder){ .p = p, .before = &p->head, .exec_size = (uint8_t)p->simd };
}

struct gbe_inst *
gbe_insert_before(struct gbe_prog *p, struct gbe_inst *at, const struct gbe_inst *tmpl)
{
   struct gbe_inst *i = malloc(sizeof(*i));
   if (!i) {
      p->oom = true;
      return NULL;
   }
   *i = *tmpl;
   i->prev = at->prev;
   i->next = at;
   at->prev->next = i;
   at->prev = i;
   return i;
}

struct gbe_inst *
gbe_emit(struct gbe_builder *b, enum isa_op op, struct gbe_reg dst, struct gbe_reg s0,
         struct gbe_reg s1, struct gbe_reg s2)
{
   struct gbe_inst t = {
      .op = op, .exec_size = b->exec_size, .group = b->group, .we_all = b->we_all,
      .dst = dst, .src = { s0, s1, s2 },
   };
   static struct gbe_inst dummy;
   struct gbe_inst *i = gbe_insert_before(b->p, b->before, &t);
   if (!i) {
      /* Callers set fields on the result; give them somewhere to write.
       * The program is marked out of memory and thrown away. */
      memset(&dummy, 0, sizeof(dummy));
      return &dummy;
   }
   return i;
}

void
gbe_inst_remove(struct gbe_inst *i)
{
   i->prev->next = i->next;
   i->next->prev = i->prev;
   free(i);
}

unsigned
gbe_op_num_srcs(enum isa_op op)
{
   if (op == GBE_OP_DO)
      return 0;
   return isa_opcode_info(op)->nsrc;
}

bool
gbe_is_send(const struct gbe_inst *i)
{
   return i->op == ISA_OP_SEND || i->op == ISA_OP_SENDS || i->op == ISA_OP_SENDC ||
          i->op == ISA_OP_SENDSC;
}

bool
gbe_is_branch(enum isa_op op)
{
   switch (op) {
   case ISA_OP_IF: case ISA_OP_ELSE: case ISA_OP_ENDIF: case ISA_OP_WHILE:
   case ISA_OP_BREAK: case ISA_OP_CONT: case ISA_OP_HALT:
      return true;
   default:
      return false;
   }
}

unsigned
gbe_reg_span(const struct gbe_reg *r, unsigned exec_size)
{
   if (r->file == GBE_IMM || r->file == GBE_NULL)
      return 0;
   unsigned sz = isa_type_size(r->type);
   if (!r->stride)
      return sz;
   return ((exec_size - 1) * r->stride + 1) * sz;
}

bool
gbe_ivb_df_pairs(enum isa_gen gen, const struct gbe_inst *i)
{
   if (gen != ISA_GEN7 || gbe_is_send(i) || gbe_is_branch(i->op) || i->op == GBE_OP_DO)
      return false;
   if (i->dst.type == ISA_TYPE_DF)
      return true;
   unsigned ns = gbe_op_num_srcs(i->op);
   for (unsigned s = 0; s < ns && s < 3; s++) {
      if (i->src[s].type == ISA_TYPE_DF)
         return true;
   }
   return false;
}

bool
gbe_fail(struct gbe_prog *p, const char *fmt, ...)
{
   if (!p->failed && p->err && p->err_size) {
      va_list ap;
      va_start(ap, fmt);
      vsnprintf(p->err, p->err_size, fmt, ap);
      va_end(ap);
   }
   p->failed = true;
   return false;
}

/* ---- printer: Gen-like syntax on virtual registers ---- */

static void
print_reg(FILE *f, const struct gbe_reg *r)
{
   if (r->neg)
      fputc('-', f);
   if (r->abs)
      fputs("(abs)", f);
   if (r->addr_of)
      fputc('&', f);
   if (r->indirect)
      fprintf(f, "[a0.%u+%llu in]", r->addr_subnr, (unsigned long long)r->imm);
   switch (r->file) {
   case GBE_NULL: fputs("null", f); break;
   case GBE_IMM: fprintf(f, "0x%llx", (unsigned long long)r->imm); break;
   case GBE_VGRF: fprintf(f, "v%u+%u", r->nr, r->offset); break;
   case GBE_FIXED: fprintf(f, "g%u.%u", r->nr + r->offset / 32, r->offset % 32); break;
   case GBE_ARF: fprintf(f, "arf0x%x.%u", r->nr, r->offset); break;
   default: fputs("?", f); break;
   }
   if (r->file != GBE_IMM && r->file != GBE_NULL)
      fprintf(f, "<%u>", r->stride);
   fputs(isa_type_name(r->type), f);
}

void
gbe_print(const struct gbe_prog *p, FILE *f)
{
   unsigned n = 0;
   gbe_foreach_inst(i, p) {
      fprintf(f, "%4u: ", n++);
      if (i->pred)
         fprintf(f, "(%sf%u.%u) ", i->pred_inv ? "-" : "+", i->flag / 2, i->flag % 2);
      fprintf(f, "%s", i->op == GBE_OP_DO ? "do" : isa_opcode_info(i->op)->name);
      if (i->cmod)
         fprintf(f, ".c%u", i->cmod);
      if (i->sat)
         fputs(".sat", f);
      fprintf(f, "(%u) ", i->exec_size);
      if (i->group)
         fprintf(f, "@%u ", i->group);
      unsigned ns = gbe_op_num_srcs(i->op);
      if (!gbe_is_branch(i->op) && i->op != GBE_OP_DO) {
         print_reg(f, &i->dst);
         for (unsigned s = 0; s < ns && s < 3; s++) {
            fputs(", ", f);
            print_reg(f, &i->src[s]);
         }
         if (gbe_is_send(i) && i->ex_mlen) {
            fputs(", ", f);
            print_reg(f, &i->src[1]);
         }
      }
      if (gbe_is_send(i))
         fprintf(f, " sfid %u desc 0x%08x ex 0x%08x mlen %u+%u rlen %u%s", i->sfid, i->desc,
                 i->ex_desc, i->mlen, i->ex_mlen, i->rlen, i->eot ? " EOT" : "");
      if (i->we_all)
         fputs(" NoMask", f);
      fputc('\n', f);
   }
}

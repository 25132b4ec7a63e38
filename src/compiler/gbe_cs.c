/* The compute stage: the GPGPU thread payload (PRM Vol 7 "GPGPU Thread
 * Payload"), system values, and the end of the thread.
 *
 *   g0                R0 header: thread group id x in DWord 1, y and z in
 *                     DWords 6 and 7, the barrier id in DWord 2
 *   g1 ...            cross-thread constants: push constants from byte 0,
 *                     then the system values of enum gbe_cs_sysval, then
 *                     the buffer addresses of gbe_binding.address_offset
 *   then              per-thread constants: the local invocation ids,
 *                     SIMD-width uint16 per component used
 *
 * The driver loads both constant blocks with MEDIA_CURBE_LOAD and sizes
 * them in the interface descriptor; gbe_cs_fill_per_thread() writes the
 * per-thread part for it. */
#include <string.h>

#include "gbe_isel.h"

/* The last GRF carries the end-of-thread message: the PRM requires an
 * EOT payload in g112-g127 ("Thread Spawner: End of Thread"). */
#define EOT_GRF 127

static void
scan(struct gbe_ctx *c, uint32_t *push_size, bool *sysvals)
{
   for (unsigned v = 0; v < c->s->num_vars; v++) {
      const struct ir_var *var = c->s->vars[v];
      if (var->storage == IR_STORAGE_PUSH_CONSTANT && var->type->size > *push_size)
         *push_size = var->type->size;
   }
   ir_foreach_block(b, c->s->entry) {
      ir_foreach_instr(i, b) {
         if (i->op == IR_OP_sysval)
            sysvals[i->imm] = true;
      }
   }
}

static bool
cs_setup(struct gbe_ctx *c)
{
   struct gbe_cs_info *cs = &c->k->cs;
   bool sv[IR_SYSVAL_COUNT] = { false };
   uint32_t push = 0;
   scan(c, &push, sv);
   for (unsigned i = 0; i < GBE_CS_SYSVAL_COUNT; i++)
      cs->sysval_offset[i] = UINT32_MAX;
   uint32_t cross = (push + 31) & ~31u;
   if (sv[IR_SYSVAL_num_workgroups]) {
      cs->sysval_offset[GBE_CS_NUM_WORKGROUPS] = cross;
      cross += 32;
   }
   if (!gbe_buffer_addresses(c, &cross))
      return false;
   memcpy(cs->local_size, c->s->workgroup_size, sizeof(cs->local_size));
   cs->cross_thread_regs = cross / 32;
   bool ids = sv[IR_SYSVAL_local_invocation_id] || sv[IR_SYSVAL_subgroup_id] ||
              sv[IR_SYSVAL_local_invocation_index];
   if (ids)
      cs->local_id_mask = 7;
   cs->local_id_regs = (uint8_t)((c->p->simd * 2 + 31) / 32);
   cs->per_thread_regs = (uint32_t)__builtin_popcount(cs->local_id_mask) * cs->local_id_regs;
   c->cross_regs_at = 1;
   unsigned at = 1 + cs->cross_thread_regs;
   for (unsigned k = 0; k < 3; k++) {
      if (cs->local_id_mask & (1u << k)) {
         c->local_id[k] = gbe_fixed(at, 0, ISA_TYPE_UW, 1);
         at += cs->local_id_regs;
      }
   }
   c->p->first_free_grf = at;
   if (at >= EOT_GRF)
      return gbe_fail(c->p, "the thread payload does not fit the register file");
   uint32_t total = cs->local_size[0] * cs->local_size[1] * cs->local_size[2];
   cs->threads = (total + c->p->simd - 1) / c->p->simd;
   unsigned rem = total % c->p->simd;
   cs->right_mask = rem ? (1u << rem) - 1 : (c->p->simd == 32 ? ~0u : (1u << c->p->simd) - 1);
   return true;
}

static struct gbe_reg
r0_dword(unsigned dw)
{
   return gbe_fixed(0, dw * 4, ISA_TYPE_UD, 0);
}

/* z * sx * sy + y * sx + x of each channel (UD). */
static struct gbe_reg
local_index(struct gbe_ctx *c)
{
   const uint32_t *ls = c->k->cs.local_size;
   struct gbe_reg r = gbe_tmp(c, ISA_TYPE_UD), t = gbe_tmp(c, ISA_TYPE_UD);
   gbe_alu2(&c->b, ISA_OP_MUL, r, c->local_id[2], gbe_imm(ISA_TYPE_UW, ls[0] * ls[1]));
   gbe_alu2(&c->b, ISA_OP_MUL, t, c->local_id[1], gbe_imm(ISA_TYPE_UW, ls[0]));
   gbe_alu2(&c->b, ISA_OP_ADD, r, r, t);
   gbe_alu2(&c->b, ISA_OP_ADD, r, r, c->local_id[0]);
   return r;
}

static bool
cs_sysval(struct gbe_ctx *c, struct ir_instr *i)
{
   struct gbe_reg *d = gbe_def(c, i);
   if (!d)
      return false;
   const struct gbe_cs_info *cs = &c->k->cs;
   switch ((enum ir_sysval)i->imm) {
   case IR_SYSVAL_workgroup_id: {
      static const unsigned dw[3] = { 1, 6, 7 };
      for (unsigned k = 0; k < i->type->comps; k++)
         gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(d[k], ISA_TYPE_UD), r0_dword(dw[k]));
      return true;
   }
   case IR_SYSVAL_local_invocation_id:
      for (unsigned k = 0; k < i->type->comps; k++)
         gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(d[k], ISA_TYPE_UD), c->local_id[k]);
      return true;
   case IR_SYSVAL_local_invocation_index:
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(d[0], ISA_TYPE_UD), local_index(c));
      return true;
   case IR_SYSVAL_num_workgroups: {
      uint32_t off = cs->sysval_offset[GBE_CS_NUM_WORKGROUPS];
      for (unsigned k = 0; k < i->type->comps; k++)
         gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(d[k], ISA_TYPE_UD),
                  gbe_fixed(c->cross_regs_at + off / 32, off % 32 + k * 4, ISA_TYPE_UD, 0));
      return true;
   }
   case IR_SYSVAL_num_subgroups:
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(d[0], ISA_TYPE_UD), gbe_imm(ISA_TYPE_UD, cs->threads));
      return true;
   case IR_SYSVAL_subgroup_id: {
      /* the thread's index in the group: its first channel's invocation
       * index over the width */
      struct gbe_reg li = local_index(c);
      gbe_alu2(&c->b, ISA_OP_SHR, gbe_retype(d[0], ISA_TYPE_UD), gbe_scalar(li, 0),
               gbe_imm(ISA_TYPE_UD, (uint32_t)__builtin_ctz(c->p->simd)));
      return true;
   }
   default:
      return gbe_isel_subgroup_sysval(c, i, gbe_retype(d[0], ISA_TYPE_UD), "compute shader");
   }
}

static void
cs_finish(struct gbe_ctx *c)
{
   if (c->has_halt) {
      /* the HALT target: halted channels are enabled again here */
      gbe_emit(&c->b, ISA_OP_HALT, gbe_null(ISA_TYPE_D), gbe_null(ISA_TYPE_D),
               gbe_null(ISA_TYPE_D), gbe_null(ISA_TYPE_D));
   }
   struct gbe_reg eot = gbe_fixed(EOT_GRF, 0, ISA_TYPE_UD, 1);
   gbe_copy_grf(c, eot, 0);
   /* a compute thread holds no URB handle: resource select 1 says there
    * is none to dereference (PRM Vol 2d "Thread Spawner" message
    * descriptor, bit 4); the payload is R0 itself, not a header */
   struct isa_send_msg m = { .msg = ISA_MSG_TS_END_THREAD, .mlen = 1, .ctrl = 1u << 4 };
   c->b.exec_size = 8;
   c->b.group = 0;
   c->b.we_all = true;
   struct gbe_inst *s = gbe_send(c, &m, gbe_null(ISA_TYPE_UD), eot);
   if (s)
      s->eot = true;
   c->k->slm_size = c->slm_next;
}

const struct gbe_stage_ops gbe_cs_ops = {
   .setup = cs_setup, .sysval = cs_sysval, .finish = cs_finish,
};

void
gbe_cs_fill_per_thread(const struct gbe_kernel *k, unsigned thread, uint8_t *out)
{
   const struct gbe_cs_info *cs = &k->cs;
   memset(out, 0, cs->per_thread_regs * 32);
   uint32_t sx = cs->local_size[0], sy = cs->local_size[1];
   uint32_t total = sx * sy * cs->local_size[2];
   unsigned at = 0;
   for (unsigned comp = 0; comp < 3; comp++) {
      if (!(cs->local_id_mask & (1u << comp)))
         continue;
      uint16_t *ids = (uint16_t *)(out + at * 32);
      for (unsigned lane = 0; lane < k->simd; lane++) {
         uint32_t idx = thread * k->simd + lane;
         if (idx >= total)
            break;
         uint32_t v = comp == 0 ? idx % sx : comp == 1 ? (idx / sx) % sy : idx / (sx * sy);
         ids[lane] = (uint16_t)v;
      }
      at += cs->local_id_regs;
   }
}

unsigned
gbe_cs_simd_choices(const struct ir_shader *s, enum isa_gen gen, unsigned out[3])
{
   (void)gen;
   uint32_t total = s->workgroup_size[0] * s->workgroup_size[1] * s->workgroup_size[2];
   unsigned n = 0;
   /* a workgroup may not need more hardware threads than the EU's
    * dispatch allows (64 per group at SIMD16 on every generation here):
    * wider widths first for large groups */
   if (total <= 16 * 64)
      out[n++] = 16;
   if (total <= 8 * 64)
      out[n++] = 8;
   out[n++] = 32;
   return n;
}

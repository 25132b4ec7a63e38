/* Execution model: the invocations of one workgroup run one after the
 * other, each until it reaches a control barrier or returns; when all have
 * stopped, the ones at the barrier resume.  This is a valid schedule for
 * Vulkan's memory model (barriers are the only intra-group ordering a
 * shader may rely on) and keeps each step deterministic.
 *
 * Pointers are 64-bit values: region << 40 | byte offset, where region is
 * the variable's index + 1.  Every access is bounds-checked. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ir_interp.h"


struct region {
   uint8_t *data;
   size_t size;
   bool owned;                    /* allocated here (shared memory, unbound outputs) */
};

struct invocation {
   uint32_t local_id[3];
   struct ir_block *block;
   struct ir_instr *ip;
   uint64_t *vals;                /* components of value v at val_off[v] */
   struct region *private_mem;    /* per variable; NULL for shared/buffers */
   bool done;
   bool discarded;
};

struct interp {
   struct ir_shader *s;
   struct ir_function *f;
   const struct ir_interp_resources *res;
   struct ir_interp_stage_io *io;  /* vertex/fragment invocation; NULL for compute */
   struct region *global_mem;     /* per variable: buffers and shared */
   uint32_t group_id[3], num_groups[3];
   uint32_t *val_off;             /* per value index: first component in vals */
   uint32_t num_comps;            /* total components of all values */
   uint64_t *phi_tmp;             /* num_comps: bounds the phis of any block */
   uint64_t steps, max_steps;
   char *err;
   size_t err_size;
   bool failed;
};

static bool
fail(struct interp *it, const char *fmt, ...)
{
   if (!it->failed && it->err_size) {
      va_list ap;
      va_start(ap, fmt);
      vsnprintf(it->err, it->err_size, fmt, ap);
      va_end(ap);
   }
   it->failed = true;
   return false;
}

static bool
per_invocation(enum ir_storage st)
{
   return st == IR_STORAGE_FUNCTION || st == IR_STORAGE_PRIVATE;
}

static struct region *
region_of(struct interp *it, struct invocation *inv, uint64_t ptr)
{
   uint64_t r = ptr >> 40;
   if (!r || r > it->s->num_vars)
      return NULL;
   struct ir_var *var = it->s->vars[r - 1];
   return per_invocation(var->storage) ? &inv->private_mem[r - 1] : &it->global_mem[r - 1];
}

static uint8_t *
address(struct interp *it, struct invocation *inv, uint64_t ptr, size_t size)
{
   struct region *rg = region_of(it, inv, ptr);
   uint64_t off = ptr & ((1ull << 40) - 1);
   if (!rg || !rg->data || off > rg->size || size > rg->size - off) {
      fail(it, "out-of-bounds access: region %llu offset %llu size %zu",
           (unsigned long long)(ptr >> 40), (unsigned long long)off, size);
      return NULL;
   }
   return rg->data + off;
}

static unsigned
comp_bytes(const struct ir_type *t)
{
   return t->kind == IR_TYPE_BOOL ? 4 : t->bits / 8;
}

static bool
mem_load(struct interp *it, struct invocation *inv, uint64_t ptr,
         const struct ir_type *t, uint64_t *dst)
{
   unsigned cb = comp_bytes(t);
   uint8_t *p = address(it, inv, ptr, (size_t)cb * t->comps);
   if (!p)
      return false;
   for (unsigned c = 0; c < t->comps; c++) {
      dst[c] = 0;
      memcpy(&dst[c], p + c * cb, cb);
      if (t->kind == IR_TYPE_BOOL)
         dst[c] = dst[c] != 0;
   }
   return true;
}

static bool
mem_store(struct interp *it, struct invocation *inv, uint64_t ptr,
          const struct ir_type *t, const uint64_t *src)
{
   unsigned cb = comp_bytes(t);
   uint8_t *p = address(it, inv, ptr, (size_t)cb * t->comps);
   if (!p)
      return false;
   for (unsigned c = 0; c < t->comps; c++)
      memcpy(p + c * cb, &src[c], cb);
   return true;
}

static int64_t
sext(uint64_t v, unsigned bits)
{
   if (bits >= 64)
      return (int64_t)v;
   uint64_t m = 1ull << (bits - 1);
   v &= (1ull << bits) - 1;
   return (int64_t)((v ^ m) - m);
}

static uint64_t
atomic_apply(enum ir_atomic_op op, unsigned bits, uint64_t old, uint64_t v, uint64_t cmp)
{
   uint64_t m = bits >= 64 ? ~0ull : (1ull << bits) - 1;
   int64_t so = sext(old, bits), sv = sext(v, bits);
   switch (op) {
   case IR_ATOMIC_add: return (old + v) & m;
   case IR_ATOMIC_smin: return (uint64_t)(so < sv ? so : sv) & m;
   case IR_ATOMIC_smax: return (uint64_t)(so > sv ? so : sv) & m;
   case IR_ATOMIC_umin: return old < v ? old : v;
   case IR_ATOMIC_umax: return old > v ? old : v;
   case IR_ATOMIC_and: return old & v;
   case IR_ATOMIC_or: return old | v;
   case IR_ATOMIC_xor: return old ^ v;
   case IR_ATOMIC_xchg: return v;
   case IR_ATOMIC_cmpxchg: return old == cmp ? v : old;
   }
   return old;
}

static void
sysval(struct interp *it, struct invocation *inv, enum ir_sysval sv, uint64_t *d)
{
   const uint32_t *wg = it->s->workgroup_size;
   for (int c = 0; c < 3; c++) {
      switch (sv) {
      case IR_SYSVAL_global_invocation_id:
         d[c] = (uint64_t)it->group_id[c] * wg[c] + inv->local_id[c];
         break;
      case IR_SYSVAL_local_invocation_id: d[c] = inv->local_id[c]; break;
      case IR_SYSVAL_workgroup_id: d[c] = it->group_id[c]; break;
      case IR_SYSVAL_num_workgroups: d[c] = it->num_groups[c]; break;
      case IR_SYSVAL_workgroup_size: d[c] = wg[c]; break;
      default: d[c] = it->io ? it->io->sysvals[sv][c] : 0; break;
      }
   }
   switch (sv) {
   case IR_SYSVAL_local_invocation_index:
      d[0] = inv->local_id[0] + wg[0] * (inv->local_id[1] + (uint64_t)wg[1] * inv->local_id[2]);
      break;
   /* one invocation per subgroup: the subgroup size the interpreter reports */
   case IR_SYSVAL_subgroup_size: d[0] = 1; break;
   case IR_SYSVAL_subgroup_invocation_id: d[0] = 0; break;
   case IR_SYSVAL_num_subgroups: d[0] = (uint64_t)wg[0] * wg[1] * wg[2]; break;
   case IR_SYSVAL_subgroup_id:
      d[0] = inv->local_id[0] + wg[0] * (inv->local_id[1] + (uint64_t)wg[1] * inv->local_id[2]);
      break;
   default: break;
   }
}

/* Phis read their sources as they were at the end of the predecessor, all
 * at once: copy first, assign after (the invocation's scratch row). */
static uint64_t *
val(struct interp *it, struct invocation *inv, const struct ir_instr *i)
{
   return inv->vals + it->val_off[i->index];
}

static void
enter_block(struct interp *it, struct invocation *inv, struct ir_block *to)
{
   unsigned n = 0;
   ir_foreach_instr(i, to) {
      if (i->op != IR_OP_phi)
         break;
      for (uint32_t s = 0; s < i->num_srcs; s++)
         if (i->phi_preds[s] == inv->block) {
            memcpy(it->phi_tmp + n, val(it, inv, i->srcs[s]), i->type->comps * 8);
            n += i->type->comps;
         }
   }
   n = 0;
   ir_foreach_instr(i, to) {
      if (i->op != IR_OP_phi)
         break;
      for (uint32_t s = 0; s < i->num_srcs; s++)
         if (i->phi_preds[s] == inv->block) {
            memcpy(val(it, inv, i), it->phi_tmp + n, i->type->comps * 8);
            n += i->type->comps;
         }
   }
   inv->block = to;
   inv->ip = to->first;
   while (inv->ip && inv->ip->op == IR_OP_phi)
      inv->ip = inv->ip->next;
}

static bool
terminate_block(struct interp *it, struct invocation *inv)
{
   struct ir_block *b = inv->block;
   switch (b->term) {
   case IR_TERM_BR:
      enter_block(it, inv, b->succs[0]);
      return true;
   case IR_TERM_CBR:
      enter_block(it, inv, b->succs[val(it, inv, b->cond)[0] ? 0 : 1]);
      return true;
   case IR_TERM_SWITCH: {
      uint64_t sel = val(it, inv, b->cond)[0];
      unsigned bits = b->cond->type->bits;
      uint64_t m = bits >= 64 ? ~0ull : (1ull << bits) - 1;
      struct ir_block *to = b->succs[0];
      for (uint32_t c = 1; c < b->num_succs; c++)
         if ((b->case_values[c - 1] & m) == (sel & m)) {
            to = b->succs[c];
            break;
         }
      enter_block(it, inv, to);
      return true;
   }
   case IR_TERM_DISCARD:
      inv->discarded = true;
      inv->done = true;
      return true;
   case IR_TERM_RETURN:
      inv->done = true;
      return true;
   default:
      return fail(it, "reached an unreachable or unterminated block b%u", b->index);
   }
}

static bool
exec_instr(struct interp *it, struct invocation *inv, struct ir_instr *i)
{
   uint64_t *d = val(it, inv, i);
   const uint64_t *srcs[IR_MAX_COMPS] = { 0 };
   if (i->num_srcs > IR_MAX_COMPS)
      return fail(it, "%%%u has too many sources", i->index);
   for (uint32_t s = 0; s < i->num_srcs; s++)
      srcs[s] = val(it, inv, i->srcs[s]);
   switch (i->op) {
   case IR_OP_undef:
      memset(d, 0, i->type->comps * sizeof(*d));
      return true;
   case IR_OP_sysval:
      sysval(it, inv, i->imm, d);
      return true;
   case IR_OP_deref_var:
      d[0] = (uint64_t)(i->var->index + 1) << 40;
      return true;
   case IR_OP_deref_struct:
      d[0] = srcs[0][0] + i->srcs[0]->type->pointee->offsets[i->imm];
      return true;
   case IR_OP_deref_array: {
      const struct ir_type *pt = i->srcs[0]->type->pointee;
      uint64_t stride = pt->kind == IR_TYPE_ARRAY ? pt->stride : comp_bytes(pt);
      int64_t idx = sext(srcs[1][0], i->srcs[1]->type->bits);
      if (idx < 0 || (uint64_t)idx > (1ull << 32))
         return fail(it, "array index %lld out of range", (long long)idx);
      d[0] = srcs[0][0] + (uint64_t)idx * stride;
      return true;
   }
   case IR_OP_load:
      return mem_load(it, inv, srcs[0][0], i->type, d);
   case IR_OP_store:
      return mem_store(it, inv, srcs[0][0], i->srcs[1]->type, srcs[1]);
   case IR_OP_atomic: {
      uint64_t old[IR_MAX_COMPS], nv[IR_MAX_COMPS];
      if (!mem_load(it, inv, srcs[0][0], i->type, old))
         return false;
      nv[0] = atomic_apply(i->imm, i->type->bits, old[0], srcs[1][0],
                           i->num_srcs > 2 ? srcs[2][0] : 0);
      d[0] = old[0];
      return mem_store(it, inv, srcs[0][0], i->type, nv);
   }
   case IR_OP_barrier:
      return true;
   default:
      if (!ir_eval_instr(i, srcs, d))
         return fail(it, "cannot execute %%%u (%s)", i->index, ir_op_infos[i->op].name);
      return true;
   }
}

/* Runs until the invocation returns or passes a control barrier. */
static bool
run_invocation(struct interp *it, struct invocation *inv)
{
   while (!inv->done) {
      if (++it->steps > it->max_steps)
         return fail(it, "step limit of %llu exceeded", (unsigned long long)it->max_steps);
      struct ir_instr *i = inv->ip;
      if (!i) {
         if (!terminate_block(it, inv))
            return false;
         continue;
      }
      inv->ip = i->next;
      if (!exec_instr(it, inv, i))
         return false;
      if (i->op == IR_OP_barrier && (i->imm & IR_BARRIER_EXEC))
         return true;
   }
   return true;
}

/* Inputs must be provided; outputs the caller does not ask for (point
 * size, clip distances) get scratch memory. */
static bool
bind_io(struct interp *it, struct ir_var *var, struct region *rg)
{
   bool input = var->storage == IR_STORAGE_INPUT;
   if (!it->io)
      return fail(it, "stage input/output \"%s\" in a compute shader", var->name);
   const struct ir_interp_io_var *list = input ? it->io->inputs : it->io->outputs;
   uint32_t n = input ? it->io->num_inputs : it->io->num_outputs;
   for (uint32_t k = 0; k < n; k++) {
      if (list[k].builtin == var->builtin &&
          (var->builtin != IR_OUTPUT_NONE || list[k].location == var->location)) {
         rg->data = list[k].data;
         rg->size = list[k].size;
         return true;
      }
   }
   if (input)
      return fail(it, "no input data for \"%s\" at location %u", var->name, var->location);
   rg->size = var->type->size;
   rg->data = calloc(1, rg->size + 1);
   rg->owned = true;
   return true;
}

static bool
bind_global(struct interp *it, struct ir_var *var, struct region *rg)
{
   const struct ir_interp_resources *res = it->res;
   switch (var->storage) {
   case IR_STORAGE_UBO:
   case IR_STORAGE_SSBO:
      for (uint32_t b = 0; b < res->num_buffers; b++) {
         if (res->buffers[b].set == var->set && res->buffers[b].binding == var->binding) {
            rg->data = res->buffers[b].data;
            rg->size = res->buffers[b].size;
            return true;
         }
      }
      return fail(it, "no buffer bound at set %u binding %u", var->set, var->binding);
   case IR_STORAGE_PUSH_CONSTANT:
      rg->data = res->push_constants;
      rg->size = res->push_size;
      return true;
   case IR_STORAGE_INPUT:
   case IR_STORAGE_OUTPUT:
      return bind_io(it, var, rg);
   default:
      return true;
   }
}

static bool
run_workgroup(struct interp *it, struct invocation *invs, uint32_t n)
{
   for (uint32_t v = 0; v < it->s->num_vars; v++) {
      struct ir_var *var = it->s->vars[v];
      if (var->storage == IR_STORAGE_WORKGROUP)   /* undefined initial contents */
         memset(it->global_mem[v].data, 0, it->global_mem[v].size);
   }
   for (uint32_t k = 0; k < n; k++) {
      struct invocation *inv = &invs[k];
      inv->done = false;
      inv->block = it->f->first;
      inv->ip = inv->block->first;
      for (uint32_t v = 0; v < it->s->num_vars; v++)
         if (inv->private_mem[v].data)
            memset(inv->private_mem[v].data, 0, inv->private_mem[v].size);
   }
   for (bool pending = true; pending;) {
      pending = false;
      for (uint32_t k = 0; k < n; k++) {
         if (invs[k].done)
            continue;
         if (!run_invocation(it, &invs[k]))
            return false;
         pending |= !invs[k].done;
      }
   }
   return true;
}

static bool
interp_run(struct ir_shader *s, const struct ir_interp_resources *res,
           const uint32_t groups[3], struct ir_interp_stage_io *io, char *err,
           size_t err_size)
{
   struct interp it = { .s = s, .f = s->entry, .res = res, .io = io, .err = err,
                        .err_size = err_size,
                        .max_steps = res->max_steps ? res->max_steps : 500000000ull };
   if (err_size)
      err[0] = 0;
   ir_index(it.f);
   const uint32_t *wg = s->workgroup_size;
   uint32_t n = io ? 1 : wg[0] * wg[1] * wg[2];
   if (!n || n > 4096)
      return fail(&it, "workgroup size %u unsupported", n);
   /* one slot per component (a pointer is one); the slack at the end lets
    * the evaluator read component c of a scalar operand harmlessly */
   it.val_off = calloc(it.f->num_values + 1, sizeof(uint32_t));
   ir_foreach_block(b, it.f) {
      ir_foreach_instr(i, b) {
         it.val_off[i->index] = it.num_comps;
         it.num_comps += i->type->kind == IR_TYPE_VOID ? 0 : i->type->comps;
      }
   }
   it.num_comps += IR_MAX_COMPS;
   it.phi_tmp = calloc(it.num_comps, sizeof(uint64_t));
   it.global_mem = calloc(s->num_vars + 1, sizeof(struct region));
   struct invocation *invs = calloc(n, sizeof(*invs));
   bool ok = true;
   for (uint32_t v = 0; v < s->num_vars && ok; v++) {
      struct ir_var *var = s->vars[v];
      ok = bind_global(&it, var, &it.global_mem[v]);
      if (var->storage == IR_STORAGE_WORKGROUP) {
         it.global_mem[v].size = var->type->size;
         it.global_mem[v].data = calloc(1, var->type->size + 1);
         it.global_mem[v].owned = true;
      }
   }
   for (uint32_t k = 0; k < n && !io; k++) {
      invs[k].local_id[0] = k % wg[0];
      invs[k].local_id[1] = k / wg[0] % wg[1];
      invs[k].local_id[2] = k / (wg[0] * wg[1]);
   }
   for (uint32_t k = 0; k < n; k++) {
      invs[k].vals = calloc(it.num_comps, sizeof(uint64_t));
      invs[k].private_mem = calloc(s->num_vars + 1, sizeof(struct region));
      for (uint32_t v = 0; v < s->num_vars; v++) {
         if (per_invocation(s->vars[v]->storage)) {
            invs[k].private_mem[v].size = s->vars[v]->type->size;
            invs[k].private_mem[v].data = calloc(1, s->vars[v]->type->size + 1);
         }
      }
   }
   memcpy(it.num_groups, groups, sizeof(it.num_groups));
   for (uint32_t z = 0; ok && z < groups[2]; z++)
      for (uint32_t y = 0; ok && y < groups[1]; y++)
         for (uint32_t x = 0; ok && x < groups[0]; x++) {
            it.group_id[0] = x;
            it.group_id[1] = y;
            it.group_id[2] = z;
            ok = run_workgroup(&it, invs, n);
         }
   for (uint32_t k = 0; k < n; k++) {
      for (uint32_t v = 0; v < s->num_vars; v++)
         free(invs[k].private_mem[v].data);
      free(invs[k].private_mem);
      free(invs[k].vals);
   }
   for (uint32_t v = 0; v < s->num_vars; v++)
      if (it.global_mem[v].owned)
         free(it.global_mem[v].data);
   if (io)
      io->discarded = invs[0].discarded;
   free(invs);
   free(it.global_mem);
   free(it.val_off);
   free(it.phi_tmp);
   return ok && !it.failed;
}

bool
ir_interp_compute(struct ir_shader *s, const struct ir_interp_resources *res,
                  const uint32_t groups[3], char *err, size_t err_size)
{
   return interp_run(s, res, groups, NULL, err, err_size);
}

bool
ir_interp_graphics(struct ir_shader *s, const struct ir_interp_resources *res,
                   struct ir_interp_stage_io *io, char *err, size_t err_size)
{
   static const uint32_t one[3] = { 1, 1, 1 };
   if (s->stage == IR_STAGE_COMPUTE) {
      snprintf(err, err_size, "ir_interp_graphics: a compute shader");
      return false;
   }
   return interp_run(s, res, one, io, err, err_size);
}

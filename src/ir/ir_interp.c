/* Execution model: the invocations of one workgroup run one after the
 * other, each until it reaches a control barrier or returns; when all have
 * stopped, the ones at the barrier resume.  This is a valid schedule for
 * Vulkan's memory model (barriers are the only intra-group ordering a
 * shader may rely on) and keeps each step deterministic.
 *
 * Subgroups: by default each invocation is a subgroup of its own.  With
 * ir_interp_resources.subgroup_size n > 1, invocations with local index
 * i belong to subgroup i / n and each subgroup runs in lockstep, the way
 * a SIMD machine runs structured control flow: among its invocations that
 * can go on, those that are furthest behind run, together, and a
 * subgroup operation is computed over exactly the invocations that reach
 * it together.  "Behind" is a key per invocation (see key_cmp): the
 * iteration of every loop it is in, outermost first, then its block's
 * place in a reverse postorder of the CFG and its place in the block.
 * Keys only grow along a path (forward edges go up the order, a back
 * edge starts the next iteration), so invocations that split at a branch
 * wait for each other where the paths meet (a selection's merge), and
 * invocations in a loop run each iteration together, those that left it
 * waiting at its merge, as the EU's IF/ENDIF and DO/WHILE do.
 *
 * Pointers are 64-bit values: region << 40 | byte offset, where region is
 * the variable's index + 1.  Every access is bounds-checked. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ir_interp.h"
#include "ir_interp_subgroup.h"


struct region {
   uint8_t *data;
   size_t size;
   bool owned;                    /* allocated here (shared memory, unbound outputs) */
};

/* A loop an invocation is in (lockstep mode): its header and how many
 * times it went back to it since it entered the loop. */
struct loop_frame {
   struct ir_block *header;
   uint32_t iteration;
};

struct invocation {
   uint32_t local_id[3];
   uint32_t index;                /* local invocation index */
   struct ir_block *block;
   struct ir_instr *ip;
   uint32_t pos;                  /* instructions of block before ip */
   struct loop_frame *loops;      /* lockstep mode: innermost last */
   uint32_t depth, cap_loops;
   bool arrived;                  /* lockstep mode: passed a barrier this round */
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
   struct region *global_mem;     /* per variable: buffers and shared; then
                                   * the elements of descriptor arrays */
   uint32_t *elem_region;         /* per variable: a descriptor array's element 0
                                   * region, 0 when it is none */
   uint32_t *elem_count;          /* per variable: its elements */
   uint32_t num_regions;
   uint32_t group_id[3], num_groups[3];
   uint32_t sg_size;              /* invocations per subgroup, 1 by default */
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
   if (!r || r > it->num_regions)
      return NULL;
   if (r > it->s->num_vars)
      return &it->global_mem[r - 1];   /* a descriptor array's element */
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
   uint32_t sg = it->sg_size;
   switch (sv) {
   case IR_SYSVAL_local_invocation_index: d[0] = inv->index; break;
   /* subgroups of sg_size consecutive local invocation indices */
   case IR_SYSVAL_subgroup_size: d[0] = sg; break;
   case IR_SYSVAL_subgroup_invocation_id: d[0] = inv->index % sg; break;
   case IR_SYSVAL_num_subgroups: d[0] = ((uint64_t)wg[0] * wg[1] * wg[2] + sg - 1) / sg; break;
   case IR_SYSVAL_subgroup_id: d[0] = inv->index / sg; break;
   case IR_SYSVAL_subgroup_eq_mask: case IR_SYSVAL_subgroup_ge_mask:
   case IR_SYSVAL_subgroup_gt_mask: case IR_SYSVAL_subgroup_le_mask:
   case IR_SYSVAL_subgroup_lt_mask:
      ir_interp_subgroup_mask(sv, inv->index % sg, sg, d);
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

/* Lockstep mode: the loops an invocation is in, as it takes the edge to
 * `to`.  Structured control flow leaves a loop only through its merge
 * block (or a return) and goes back only to the innermost header. */
static bool
follow_loops(struct interp *it, struct invocation *inv, struct ir_block *to)
{
   struct loop_frame *top = inv->depth ? &inv->loops[inv->depth - 1] : NULL;
   if (top && to == top->header) {
      top->iteration++;
      return true;
   }
   while (inv->depth && to == inv->loops[inv->depth - 1].header->merge)
      inv->depth--;
   if (to->construct != IR_CONSTRUCT_LOOP)
      return true;
   if (inv->depth == inv->cap_loops) {
      uint32_t cap = inv->cap_loops ? inv->cap_loops * 2 : 8;
      struct loop_frame *l = realloc(inv->loops, cap * sizeof(*l));
      if (!l)
         return fail(it, "out of memory");
      inv->loops = l;
      inv->cap_loops = cap;
   }
   inv->loops[inv->depth++] = (struct loop_frame){ to, 0 };
   return true;
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
   if (it->sg_size > 1 && !follow_loops(it, inv, to))
      return;
   inv->block = to;
   inv->ip = to->first;
   inv->pos = 0;
   while (inv->ip && inv->ip->op == IR_OP_phi) {
      inv->ip = inv->ip->next;
      inv->pos++;
   }
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
      if (i->srcs[0]->op == IR_OP_deref_var && it->elem_region[i->srcs[0]->var->index]) {
         /* an array of blocks: the index picks a buffer */
         const struct ir_var *var = i->srcs[0]->var;
         if (srcs[1][0] >= it->elem_count[var->index])
            return fail(it, "descriptor index %llu beyond the %u elements of binding %u",
                        (unsigned long long)srcs[1][0], it->elem_count[var->index],
                        var->binding);
         d[0] = (uint64_t)(it->elem_region[var->index] + srcs[1][0] + 1) << 40;
         return true;
      }
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
   case IR_OP_subgroup: {
      /* a subgroup of one (lockstep mode runs these in run_subgroup) */
      struct ir_sg_lane lane = { 0, { srcs[0], srcs[1] }, d };
      if (!ir_interp_subgroup_op(i, 1, &lane, 1))
         return fail(it, "cannot execute %%%u (subgroup %s)", i->index,
                     ir_subgroup_op_names[i->imm & 0xff]);
      return true;
   }
   default:
      if (!ir_eval_instr(i, srcs, d))
         return fail(it, "cannot execute %%%u (%s)", i->index, ir_op_infos[i->op].name);
      return true;
   }
}

/* A control barrier beyond the subgroup (a device's is a workgroup's:
 * invocations of other workgroups cannot be waited for). */
static bool
waits_for_workgroup(const struct ir_instr *i)
{
   return i->op == IR_OP_barrier && IR_BARRIER_EXEC_SCOPE_OF(i->imm) >= IR_SCOPE_WORKGROUP;
}

/* Runs until the invocation returns or passes a control barrier.  A
 * subgroup's control barrier is nothing to a subgroup of one, and the
 * interpreter's memory is coherent: no barrier's memory part does
 * anything. */
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
      inv->pos++;
      if (!exec_instr(it, inv, i))
         return false;
      if (waits_for_workgroup(i))
         return true;
   }
   return true;
}

/* ---- lockstep subgroups ---- */

/* What the invocations of a subgroup that reach it run together: a
 * subgroup operation, and a subgroup's control barrier (which the
 * invocations behind must reach before those at it go on). */
static bool
runs_together(const struct ir_instr *i)
{
   return i->op == IR_OP_subgroup ||
          (i->op == IR_OP_barrier && IR_BARRIER_EXEC_SCOPE_OF(i->imm) == IR_SCOPE_SUBGROUP);
}

static int
cmp_u32(uint32_t a, uint32_t b)
{
   return a < b ? -1 : a > b;
}

/* How far an invocation is, compared: the loops it is in from the
 * outermost (header's place, then iteration), then its block's place and
 * its place in the block.  A terminator still to run is after every
 * instruction. */
static int
key_cmp(const struct invocation *a, const struct invocation *b)
{
   uint32_t n = a->depth < b->depth ? a->depth : b->depth;
   for (uint32_t k = 0; k < n; k++) {
      int c = cmp_u32(a->loops[k].header->rpo, b->loops[k].header->rpo);
      if (!c)
         c = cmp_u32(a->loops[k].iteration, b->loops[k].iteration);
      if (c)
         return c;
   }
   /* one is in a loop the other is not in: the loop's header against the
    * other's block (never equal: an invocation at a header is in its loop) */
   if (a->depth > n)
      return a->loops[n].header->rpo < b->block->rpo ? -1 : 1;
   if (b->depth > n)
      return a->block->rpo < b->loops[n].header->rpo ? -1 : 1;
   int c = cmp_u32(a->block->rpo, b->block->rpo);
   if (!c)
      c = cmp_u32(a->ip ? a->pos : UINT32_MAX, b->ip ? b->pos : UINT32_MAX);
   return c;
}

/* Runs one invocation to the end of its block (through the terminator),
 * or until it stands at what the subgroup runs together, or past a
 * workgroup's control barrier. */
static bool
run_segment(struct interp *it, struct invocation *inv)
{
   while (!inv->done) {
      if (++it->steps > it->max_steps)
         return fail(it, "step limit of %llu exceeded", (unsigned long long)it->max_steps);
      struct ir_instr *i = inv->ip;
      if (!i)
         return terminate_block(it, inv);
      if (runs_together(i))
         return true;
      inv->ip = i->next;
      inv->pos++;
      if (!exec_instr(it, inv, i))
         return false;
      if (waits_for_workgroup(i)) {
         inv->arrived = true;
         return true;
      }
   }
   return true;
}

/* The subgroup operation the invocations of `at` (n, by id) stand at. */
static bool
run_subgroup_op(struct interp *it, struct invocation **at, uint32_t n)
{
   struct ir_instr *i = at[0]->ip;
   struct ir_sg_lane lanes[IR_SUBGROUP_MAX];
   for (uint32_t k = 0; k < n; k++) {
      struct invocation *inv = at[k];
      lanes[k] = (struct ir_sg_lane){
         .id = inv->index % it->sg_size,
         .src = { i->num_srcs > 0 ? val(it, inv, i->srcs[0]) : NULL,
                  i->num_srcs > 1 ? val(it, inv, i->srcs[1]) : NULL },
         .dst = val(it, inv, i),
      };
   }
   if (!ir_interp_subgroup_op(i, it->sg_size, lanes, n))
      return fail(it, "cannot execute %%%u (subgroup %s)", i->index,
                  ir_subgroup_op_names[i->imm & 0xff]);
   return true;
}

/* The invocations of `at` (n) past what they run together. */
static bool
run_together(struct interp *it, struct invocation **at, uint32_t n)
{
   struct ir_instr *i = at[0]->ip;
   if (i->op == IR_OP_subgroup && !run_subgroup_op(it, at, n))
      return false;
   for (uint32_t k = 0; k < n; k++) {
      at[k]->ip = i->next;
      at[k]->pos++;
   }
   it->steps += n;
   return true;
}

/* Runs the invocations of one subgroup (n, by id) until each has
 * returned or passed a control barrier: always the ones furthest behind,
 * together. */
static bool
run_subgroup(struct interp *it, struct invocation *invs, uint32_t n)
{
   for (;;) {
      struct invocation *at[IR_SUBGROUP_MAX];
      uint32_t m = 0;
      for (uint32_t k = 0; k < n; k++) {
         struct invocation *inv = &invs[k];
         if (inv->done || inv->arrived)
            continue;
         int c = m ? key_cmp(inv, at[0]) : -1;
         if (c < 0)
            m = 0;
         if (c <= 0)
            at[m++] = inv;
      }
      if (!m)
         return true;
      if (at[0]->ip && runs_together(at[0]->ip)) {
         if (!run_together(it, at, m))
            return false;
         continue;
      }
      for (uint32_t k = 0; k < m; k++) {
         if (!run_segment(it, at[k]))
            return false;
      }
   }
}

/* Every subgroup to its next barrier, then the barrier releases them. */
static bool
run_lockstep(struct interp *it, struct invocation *invs, uint32_t n)
{
   for (bool pending = true; pending;) {
      pending = false;
      for (uint32_t first = 0; first < n; first += it->sg_size) {
         uint32_t count = n - first < it->sg_size ? n - first : it->sg_size;
         if (!run_subgroup(it, invs + first, count))
            return false;
      }
      for (uint32_t k = 0; k < n; k++) {
         pending |= !invs[k].done;
         invs[k].arrived = false;
      }
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
is_block_array(const struct ir_var *var)
{
   return (var->storage == IR_STORAGE_UBO || var->storage == IR_STORAGE_SSBO) &&
          var->type->kind == IR_TYPE_ARRAY;
}

/* The elements of descriptor arrays get regions after the variables':
 * as many as the array has, or for a runtime array as the resources
 * bind. */
static bool
place_elements(struct interp *it)
{
   const struct ir_interp_resources *res = it->res;
   it->elem_region = calloc(it->s->num_vars + 1, sizeof(uint32_t));
   it->elem_count = calloc(it->s->num_vars + 1, sizeof(uint32_t));
   it->num_regions = it->s->num_vars;
   if (!it->elem_region || !it->elem_count)
      return fail(it, "out of memory");
   for (uint32_t v = 0; v < it->s->num_vars; v++) {
      const struct ir_var *var = it->s->vars[v];
      if (!is_block_array(var))
         continue;
      uint32_t count = var->type->length;
      for (uint32_t b = 0; !var->type->length && b < res->num_buffers; b++) {
         const struct ir_interp_buffer *rb = &res->buffers[b];
         if (rb->set == var->set && rb->binding == var->binding && rb->element + 1 > count)
            count = rb->element + 1;
      }
      it->elem_region[v] = it->num_regions;
      it->elem_count[v] = count;
      it->num_regions += count;
   }
   return true;
}

static void
bind_elements(struct interp *it, const struct ir_var *var)
{
   const struct ir_interp_resources *res = it->res;
   for (uint32_t b = 0; b < res->num_buffers; b++) {
      const struct ir_interp_buffer *rb = &res->buffers[b];
      if (rb->set != var->set || rb->binding != var->binding ||
          rb->element >= it->elem_count[var->index])
         continue;
      struct region *rg = &it->global_mem[it->elem_region[var->index] + rb->element];
      rg->data = rb->data;
      rg->size = rb->size;
   }
}

static bool
bind_global(struct interp *it, struct ir_var *var, struct region *rg)
{
   const struct ir_interp_resources *res = it->res;
   if (is_block_array(var)) {
      bind_elements(it, var);
      return true;
   }
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
      inv->arrived = false;
      inv->depth = 0;
      inv->block = it->f->first;
      inv->ip = inv->block->first;
      inv->pos = 0;
      for (uint32_t v = 0; v < it->s->num_vars; v++)
         if (inv->private_mem[v].data)
            memset(inv->private_mem[v].data, 0, inv->private_mem[v].size);
   }
   if (it->sg_size > 1)
      return run_lockstep(it, invs, n);
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
   it.sg_size = io || res->subgroup_size <= 1 ? 1 : res->subgroup_size;
   if (it.sg_size > IR_SUBGROUP_MAX)
      return fail(&it, "subgroup size %u unsupported", it.sg_size);
   ir_index(it.f);
   if (it.sg_size > 1)
      ir_compute_dominance(it.f);   /* the block order of key_cmp */
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
   if (!place_elements(&it))
      return false;
   it.global_mem = calloc(it.num_regions + 1, sizeof(struct region));
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
      invs[k].index = k;
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
      free(invs[k].loops);
   }
   for (uint32_t v = 0; v < s->num_vars; v++)
      if (it.global_mem[v].owned)
         free(it.global_mem[v].data);
   if (io)
      io->discarded = invs[0].discarded;
   free(invs);
   free(it.global_mem);
   free(it.elem_region);
   free(it.elem_count);
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

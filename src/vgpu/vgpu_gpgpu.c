/* GPGPU_WALKER's thread dispatch: thread groups, their hardware threads,
 * each thread's payload (PRM Vol 7 "GPGPU Thread Payload": R0 header,
 * then the CURBE's cross-thread constants, then this thread's per-thread
 * constants, where Mesa places the local invocation ids), shared local
 * memory and barriers, and the EU interpreter run per thread. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vgpu_cmd.h"
#include "vgpu_gpgpu.h"
#include "vgpu_priv.h"

/* ---- statistics (VGPU_STATS) and "not modelled" reports ---- */

static struct {
   uint64_t instructions, channel_instructions, threads, walkers;
   const char *path;
} stats;
static pthread_once_t stats_once = PTHREAD_ONCE_INIT;

static void
stats_write(void)
{
   FILE *f = fopen(stats.path, "a");
   if (!f)
      return;
   fprintf(f, "eu_instructions %llu\neu_channel_instructions %llu\n"
              "eu_threads %llu\nwalkers %llu\n",
           (unsigned long long)stats.instructions,
           (unsigned long long)stats.channel_instructions,
           (unsigned long long)stats.threads, (unsigned long long)stats.walkers);
   fclose(f);
}

/* ---- EU kernel checks (VGPU_EU_CHECKS) ---- */

/* VGPU_EU_CHECKS: comma-separated undef, swsb, regions, all or off, and
 * warn to log each violation once and go on instead of failing the
 * dispatch as a GPU hang. */
static struct {
   unsigned bits;
   bool warn;
} eu_checks;

static void
eu_checks_init(void)
{
   const char *v = getenv("VGPU_EU_CHECKS");
   if (!v)
      return;
   char buf[128];
   snprintf(buf, sizeof(buf), "%s", v);
   char *save = NULL;
   for (char *w = strtok_r(buf, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
      if (!strcmp(w, "undef"))
         eu_checks.bits |= VGPU_EU_CHECK_UNDEF;
      else if (!strcmp(w, "swsb"))
         eu_checks.bits |= VGPU_EU_CHECK_SWSB;
      else if (!strcmp(w, "regions"))
         eu_checks.bits |= VGPU_EU_CHECK_REGIONS;
      else if (!strcmp(w, "all"))
         eu_checks.bits |= VGPU_EU_CHECK_ALL;
      else if (!strcmp(w, "off"))
         eu_checks.bits = 0;
      else if (!strcmp(w, "warn"))
         eu_checks.warn = true;
      else
         fprintf(stderr, "vgpu: VGPU_EU_CHECKS: unknown check '%s'\n", w);
   }
}

static void
stats_init(void)
{
   stats.path = getenv("VGPU_STATS");
   if (stats.path && *stats.path)
      atexit(stats_write);
   eu_checks_init();
}

void
vgpu_not_modelled(const char *what)
{
   /* Distinct reasons are few (static strings): remember them by pointer
    * and text. */
   static const char *seen[64];
   static unsigned nseen;
   for (unsigned i = 0; i < nseen; i++) {
      if (seen[i] == what || !strcmp(seen[i], what))
         return;
   }
   if (nseen < 64)
      seen[nseen++] = what;
   fprintf(stderr, "vgpu: not modelled: %s\n", what);
}

/* ---- memory ---- */

bool
vgpu_gpgpu_read(struct vgpu_exec *exec, uint64_t addr, void *out,
                uint64_t len, const char *what)
{
   if (!len)
      return true;
   const void *p = vgpu_exec_map(exec, addr, len);
   if (!p) {
      vgpu_exec_fault(exec, addr, what);
      return false;
   }
   memcpy(out, p, len);
   return true;
}

struct dispatch_env {
   struct vgpu_exec *exec;
   struct vgpu_gpgpu *g;
   const struct vgpu_dispatch *d;
};

static void *
env_map(void *user, uint64_t addr, uint64_t len)
{
   struct dispatch_env *de = user;
   return vgpu_exec_map(de->exec, addr & ((1ull << 48) - 1), len);
}

static bool
env_surface(void *user, unsigned bti, struct vgpu_eu_surface *out)
{
   struct dispatch_env *de = user;
   uint32_t entry;
   const uint32_t *p = vgpu_exec_map(de->exec, de->d->binding_table + bti * 4, 4);
   if (!p)
      return false;
   entry = *p;
   /* Binding table entries hold the surface state offset from Surface
    * State Base Address, 64-byte aligned (32 on Gen7). */
   uint64_t ss = de->g->surface_base + (entry & ~0x1fu);
   const uint32_t *dw = vgpu_exec_map(de->exec, ss, de->d->surface_state_dwords * 4);
   if (!dw)
      return false;
   return de->d->surface_state(dw, out);
}

/* VGPU_EU_CHECKS=...,warn: each distinct violation (kernel and message)
 * once per process. */
static void
env_check_report(void *user, const char *what)
{
   struct dispatch_env *de = user;
   static struct { uint64_t kernel; char *what; } seen[256];
   static unsigned nseen;
   for (unsigned i = 0; i < nseen; i++) {
      if (seen[i].kernel == de->d->kernel && !strcmp(seen[i].what, what))
         return;
   }
   if (nseen < 256 && (seen[nseen].what = strdup(what)))
      seen[nseen++].kernel = de->d->kernel;
   fprintf(stderr, "vgpu: EU check (kernel 0x%llx): %s\n",
           (unsigned long long)de->d->kernel, what);
}

/* ---- threads ---- */

#define MAX_GROUP_THREADS 1024u

/* R0 of a GPGPU thread (PRM Vol 7 "R0 Header" for GPGPU): DWord 1 the
 * thread group id X, 6 and 7 Y and Z; DWord 2 the barrier id; DWord 3
 * bits 3:0 the Per Thread Scratch Space as MEDIA_VFE_STATE encodes it;
 * DWord 5 the thread's scratch space pointer (bits 31:10, relative to
 * General State Base Address) and its FFTID (9:0). */
static void
write_r0(struct vgpu_eu_thread *t, const struct vgpu_gpgpu *g,
         const uint32_t gid[3], unsigned fftid)
{
   uint32_t r0[8] = { 0 };
   r0[1] = gid[0];
   r0[6] = gid[1];
   r0[7] = gid[2];
   r0[2] = 0;             /* barrier id 0: one group runs at a time */
   r0[3] = g->scratch_space & 0xf;
   r0[5] = (uint32_t)(g->scratch_base + (uint64_t)fftid * g->scratch_per_thread) |
           (fftid & 0x3ff);
   memcpy(t->regs, r0, sizeof(r0));
}

/* The threads of a group run together, so each needs its own FFTID and
 * scratch slot: FFTID = thread index, below MEDIA_VFE_STATE's Maximum
 * Number of Threads (the scratch the driver allocated covers that many)
 * and inside the 32 bits of R0.5's pointer. */
static bool
scratch_fits(struct vgpu_exec *exec, const struct vgpu_gpgpu *g, unsigned n)
{
   if (!g->scratch_per_thread)
      return true;
   if (n > g->max_threads) {
      vgpu_exec_fault(exec, 0, "thread group with scratch larger than MEDIA_VFE_STATE's Maximum Number of Threads");
      return false;
   }
   if (g->scratch_base + (uint64_t)n * g->scratch_per_thread > UINT32_MAX) {
      vgpu_exec_fault(exec, 0, "scratch space beyond 4 GB of General State Base Address");
      return false;
   }
   return true;
}

static bool
write_constants(struct vgpu_exec *exec, struct vgpu_eu_thread *t,
                const struct vgpu_gpgpu *g, const struct vgpu_dispatch *d,
                unsigned thread)
{
   unsigned cross = d->cross_regs, per = d->per_thread_regs;
   if (1 + cross + per > VGPU_EU_GRFS) {
      vgpu_exec_fault(exec, 0, "thread payload larger than the register file");
      return false;
   }
   uint64_t cross_at = (uint64_t)d->read_offset_regs * 32;
   uint64_t per_at = cross_at + cross * 32 + (uint64_t)thread * per * 32;
   /* CURBE space beyond what was loaded reads as zero. */
   for (unsigned r = 0; r < cross + per; r++) {
      uint64_t at = r < cross ? cross_at + r * 32 : per_at + (r - cross) * 32;
      if (at + 32 <= g->curbe_len)
         memcpy(&t->regs[(1 + r) * 32], g->curbe + at, 32);
   }
   return true;
}

static uint32_t
thread_mask(const struct vgpu_dispatch *d, unsigned tx, unsigned ty)
{
   uint32_t m = d->simd >= 32 ? ~0u : (1u << d->simd) - 1;
   if (tx == d->thread_w - 1)
      m &= d->right_mask;
   if (ty == d->thread_h - 1)
      m &= d->bottom_mask;
   return m;
}

/* The batch's EU instruction budget (VGPU_BUDGET) is spent: the batch is
 * a hang, as a GPU's hang timer would find an endless kernel loop. */
static void
budget_exceeded(struct vgpu_exec *exec, uint64_t kernel)
{
   fprintf(stderr, "vgpu: GPU hang: the batch ran more than %llu EU "
                   "instructions (VGPU_BUDGET), in kernel 0x%llx\n",
           (unsigned long long)vgpu.eu_budget, (unsigned long long)kernel);
   vgpu_exec_fault(exec, kernel, "EU instruction budget of the batch exceeded (VGPU_BUDGET)");
}

/* Runs one thread until it ends, blocks or stops, within what is left of
 * the batch's budget.  Returns false when the budget ran out. */
static bool
run_thread(struct vgpu_exec *exec, struct vgpu_eu_env *env,
           struct vgpu_eu_kernel *k, struct vgpu_eu_thread *t,
           enum vgpu_eu_status *st)
{
   const struct dispatch_env *de = env->user;
   uint64_t left = exec->eu_budget_left;
   if (!left) {
      budget_exceeded(exec, de->d->kernel);
      return false;
   }
   /* The thread stops once it has run more than max_instructions. */
   env->max_instructions = left;
   *st = vgpu_eu_run(env, k, t);
   uint64_t ran = t->instructions;
   stats.instructions += ran;
   stats.channel_instructions += t->channel_instructions;
   t->instructions = t->channel_instructions = 0;
   if (ran > left) {
      exec->eu_budget_left = 0;
      budget_exceeded(exec, de->d->kernel);
      return false;
   }
   exec->eu_budget_left = left - ran;
   return true;
}

/* CS_INVOCATION_COUNT counts the compute shader invocations dispatched:
 * the enabled channels of each thread of a group (PRM Vol. 2c,
 * CS_INVOCATION_COUNT; Vulkan's compute shader invocations statistic). */
static void
count_invocations(struct vgpu_exec *exec, const struct vgpu_dispatch *d, unsigned n)
{
   uint64_t invocations = 0;
   for (unsigned i = 0; i < n; i++) {
      unsigned tx = i % d->thread_w, ty = (i / d->thread_w) % d->thread_h;
      invocations += (unsigned)__builtin_popcount(thread_mask(d, tx, ty));
   }
   uint32_t *reg = &exec->ctx->regs[REG_CS_INVOCATION_COUNT / 4];
   uint64_t count = (reg[0] | (uint64_t)reg[1] << 32) + invocations;
   reg[0] = (uint32_t)count;
   reg[1] = (uint32_t)(count >> 32);
}

/* Runs a group's threads round-robin until all end; barriers release when
 * every thread still running waits at one.  Returns false when the
 * dispatch stops (fault, unsupported, or the batch's budget spent). */
static bool
run_group(struct vgpu_exec *exec, struct vgpu_eu_env *env,
          struct vgpu_eu_kernel *k, struct vgpu_eu_thread *th, unsigned n)
{
   bool done[n];
   memset(done, 0, sizeof(done));
   unsigned remaining = n;
   while (remaining) {
      for (unsigned i = 0; i < n; i++) {
         if (done[i])
            continue;
         enum vgpu_eu_status st;
         if (!run_thread(exec, env, k, &th[i], &st))
            return false;
         switch (st) {
         case VGPU_EU_DONE:
            done[i] = true;
            remaining--;
            break;
         case VGPU_EU_BLOCKED:
            break;
         case VGPU_EU_FAULT:
            if (vgpu_eu_check_failed(&th[i])) {
               /* The message lives in the thread, which goes away. */
               const struct dispatch_env *de = env->user;
               fprintf(stderr, "vgpu: EU check failed (kernel 0x%llx): %s\n",
                       (unsigned long long)de->d->kernel, th[i].why);
               vgpu_exec_fault(exec, th[i].fault_addr, "EU kernel check failed (VGPU_EU_CHECKS)");
               return false;
            }
            vgpu_exec_fault(exec, th[i].fault_addr, th[i].why);
            return false;
         case VGPU_EU_UNSUPPORTED:
            vgpu_not_modelled(th[i].why);
            return false;
         }
      }
      /* Every thread still running now waits at a barrier. */
      for (unsigned i = 0; i < n; i++)
         th[i].notified = true;
   }
   return true;
}

void
vgpu_gpgpu_dispatch(struct vgpu_exec *exec, struct vgpu_gpgpu *g,
                    const struct vgpu_dispatch *d)
{
   pthread_once(&stats_once, stats_init);
   stats.walkers++;
   enum isa_gen gen = isa_gen_from_verx10(vgpu.info->verx10);
   if (gen == ISA_GEN_COUNT) {
      vgpu_not_modelled("EU instruction set of this generation");
      return;
   }
   if (d->simd != 8 && d->simd != 16 && d->simd != 32) {
      vgpu_exec_fault(exec, 0, "GPGPU_WALKER with a reserved SIMD size");
      return;
   }
   if (!g->kernels && !(g->kernels = vgpu_eu_cache_create())) {
      vgpu_exec_fault(exec, 0, "out of memory for the kernel cache");
      return;
   }
   uint64_t avail;
   const uint8_t *code = vgpu_exec_map_rest(exec, d->kernel, &avail);
   if (!code) {
      vgpu_exec_fault(exec, d->kernel, "kernel start outside every object");
      return;
   }
   struct vgpu_eu_kernel *k = vgpu_eu_kernel_get(g->kernels, gen, d->kernel, code, avail);
   unsigned n = d->thread_w * d->thread_h * d->thread_d;
   /* A thread group holds at most 1024 invocations, so 128 SIMD8 threads;
    * far larger counts are a malformed walker, not a large dispatch. */
   if (n > MAX_GROUP_THREADS) {
      vgpu_exec_fault(exec, 0, "GPGPU_WALKER with more threads per group than the hardware has");
      return;
   }
   if (!scratch_fits(exec, g, n))
      return;
   struct vgpu_eu_thread *th = aligned_alloc(64, sizeof(*th) * n);
   uint8_t *slm = d->slm_size ? malloc(d->slm_size) : NULL;
   if (!k || !th || (d->slm_size && !slm)) {
      free(th);
      free(slm);
      vgpu_exec_fault(exec, 0, "out of memory dispatching a walker");
      return;
   }
   struct dispatch_env de = { exec, g, d };
   struct vgpu_eu_env env = {
      .gen = gen, .user = &de, .map = env_map, .surface = env_surface,
      .slm = slm, .slm_size = d->slm_size,
      .general_state_base = g->general_base,
      .scratch_per_thread = g->scratch_per_thread,
      .checks = eu_checks.bits,
      .lp_64bit_rules = vgpu.info->is_lp && (vgpu.info->ver == 8 || vgpu.info->ver == 9),
      .check_report = eu_checks.warn ? env_check_report : NULL,
   };
   uint32_t gid[3];
   for (gid[2] = d->start[2]; gid[2] < d->end[2]; gid[2]++)
   for (gid[1] = d->start[1]; gid[1] < d->end[1]; gid[1]++)
   for (gid[0] = d->start[0]; gid[0] < d->end[0]; gid[0]++) {
      if (slm)
         memset(slm, 0, d->slm_size);
      for (unsigned i = 0; i < n; i++) {
         unsigned tx = i % d->thread_w, ty = (i / d->thread_w) % d->thread_h;
         vgpu_eu_thread_init(&th[i], thread_mask(d, tx, ty));
         memcpy(&th[i].regs[VGPU_EU_ARF_CR0], &d->cr0, 4);
         write_r0(&th[i], g, gid, i);
         if (!write_constants(exec, &th[i], g, d, i))
            goto out;
         /* The payload: R0, the cross-thread and the per-thread constants. */
         if (env.checks)
            vgpu_eu_thread_define(&th[i], 0, (1 + d->cross_regs + d->per_thread_regs) * 32);
      }
      stats.threads += n;
      count_invocations(exec, d, n);
      if (!run_group(exec, &env, k, th, n))
         goto out;
   }
out:
   free(th);
   free(slm);
}

void
vgpu_gpgpu_destroy(struct vgpu_gpgpu *g)
{
   if (!g)
      return;
   vgpu_eu_cache_destroy(g->kernels);
   free(g->curbe);
   free(g);
}

bool
vgpu_gpgpu_command(struct vgpu_cs *cs, struct vgpu_exec *exec,
                   const uint32_t *dw, unsigned len)
{
   struct vgpu_context *ctx = exec->ctx;
   if (!ctx->gpgpu && !(ctx->gpgpu = calloc(1, sizeof(*ctx->gpgpu)))) {
      vgpu_exec_fault(exec, 0, "out of memory for pipeline state");
      return true;
   }
   switch (vgpu.info->verx10) {
   case 70: return gfx70_vgpu_gpgpu_command(cs, exec, ctx->gpgpu, dw, len);
   case 75: return gfx75_vgpu_gpgpu_command(cs, exec, ctx->gpgpu, dw, len);
   case 80: return gfx80_vgpu_gpgpu_command(cs, exec, ctx->gpgpu, dw, len);
   case 90: return gfx90_vgpu_gpgpu_command(cs, exec, ctx->gpgpu, dw, len);
   case 110: return gfx110_vgpu_gpgpu_command(cs, exec, ctx->gpgpu, dw, len);
   case 120: return gfx120_vgpu_gpgpu_command(cs, exec, ctx->gpgpu, dw, len);
   default: return false;
   }
}

/* GPGPU_WALKER's thread dispatch: thread groups, their hardware threads,
 * each thread's payload (PRM Vol 7 "GPGPU Thread Payload": R0 header,
 * then the CURBE's cross-thread constants, then this thread's per-thread
 * constants, where Mesa places the local invocation ids), shared local
 * memory and barriers, and the EU interpreter run per thread. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vgpu_cache_rules.h"
#include "vgpu_cmd.h"
#include "vgpu_gpgpu.h"
#include "vgpu_pool.h"
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
   static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
   pthread_mutex_lock(&lock);
   bool known = false;
   for (unsigned i = 0; i < nseen && !known; i++)
      known = seen[i] == what || !strcmp(seen[i], what);
   if (!known && nseen < 64)
      seen[nseen++] = what;
   pthread_mutex_unlock(&lock);
   if (!known)
      fprintf(stderr, "vgpu: not modelled: %s\n", what);
}

void
vgpu_budget_hang(struct vgpu_exec *exec, uint64_t kernel)
{
   fprintf(stderr, "vgpu: GPU hang: the batch ran more than %llu EU "
                   "instructions (VGPU_BUDGET), in kernel 0x%llx\n",
           (unsigned long long)vgpu.eu_budget, (unsigned long long)kernel);
   vgpu_exec_fault(exec, kernel, "EU instruction budget of the batch exceeded (VGPU_BUDGET)");
}

void
vgpu_check_failure(uint64_t kernel, const struct vgpu_eu_thread *t)
{
   /* The message lives in the thread, which goes away. */
   fprintf(stderr, "vgpu: EU check failed (kernel 0x%llx): %s\n",
           (unsigned long long)kernel, t->why);
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

/* Binding table entries one worker decoded during the walker.  The
 * hardware caches surface state too: a change made in memory takes a
 * state cache invalidation, which no walker's own threads can do. */
struct surface_cache {
   bool known[256];
   struct vgpu_eu_surface s[256];
};

struct dispatch_env {
   struct vgpu_exec *exec;
   struct vgpu_gpgpu *g;
   const struct vgpu_dispatch *d;
   struct surface_cache *surfaces;      /* NULL: none */
};

static void *
env_map(void *user, uint64_t addr, uint64_t len)
{
   struct dispatch_env *de = user;
   return vgpu_exec_map(de->exec, addr & ((1ull << 48) - 1), len);
}

/* The RENDER_SURFACE_STATE of binding table entry bti, NULL when the
 * table or the state is not mapped. */
static const uint32_t *
env_surface_state(void *user, unsigned bti)
{
   struct dispatch_env *de = user;
   const uint32_t *p = vgpu_exec_map(de->exec, de->d->binding_table + bti * 4ull, 4);
   if (!p)
      return NULL;
   /* Binding table entries hold the surface state offset from Surface
    * State Base Address, 64-byte aligned (32 on Gen7). */
   uint64_t ss = de->g->surface_base + (*p & ~0x1fu);
   return vgpu_exec_map(de->exec, ss, de->d->surface_state_dwords * 4);
}

/* The texture-cache rule sees every surface a sampler message reads. */
static void
env_texture_read(void *user, const struct vgpu_tex_surface *s)
{
   struct dispatch_env *de = user;
   vgpu_cache_rules_texture_read(de->exec, s);
}

/* ...and every range a data-port write or atomic message wrote. */
static void
env_data_write(void *user, uint64_t start, uint64_t end)
{
   struct dispatch_env *de = user;
   vgpu_cache_rules_data_write(de->exec, start, end);
}

static bool
decode_surface(struct dispatch_env *de, unsigned bti, struct vgpu_eu_surface *out)
{
   const uint32_t *dw = env_surface_state(de, bti);
   return dw && de->d->surface_state(dw, out);
}

static bool
env_surface(void *user, unsigned bti, struct vgpu_eu_surface *out)
{
   struct dispatch_env *de = user;
   struct surface_cache *sc = de->surfaces;
   if (!sc || bti >= 256)
      return decode_surface(de, bti, out);
   if (!sc->known[bti]) {
      if (!decode_surface(de, bti, &sc->s[bti]))
         return false;
      sc->known[bti] = true;
   }
   *out = sc->s[bti];
   return true;
}

/* VGPU_EU_CHECKS=...,warn: each distinct violation (kernel and message)
 * once per process. */
void
vgpu_gpgpu_check_report(uint64_t kernel, const char *what)
{
   static struct { uint64_t kernel; char *what; } seen[256];
   static unsigned nseen;
   static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
   pthread_mutex_lock(&lock);
   bool known = false;
   for (unsigned i = 0; i < nseen && !known; i++)
      known = seen[i].kernel == kernel && !strcmp(seen[i].what, what);
   if (!known && nseen < 256 && (seen[nseen].what = strdup(what)))
      seen[nseen++].kernel = kernel;
   pthread_mutex_unlock(&lock);
   if (known)
      return;
   fprintf(stderr, "vgpu: EU check (kernel 0x%llx): %s\n",
           (unsigned long long)kernel, what);
}

static void
env_check_report(void *user, const char *what)
{
   struct dispatch_env *de = user;
   vgpu_gpgpu_check_report(de->d->kernel, what);
}

unsigned
vgpu_gpgpu_eu_checks(bool *warn)
{
   pthread_once(&stats_once, stats_init);
   *warn = eu_checks.warn;
   return eu_checks.bits;
}

/* ---- threads ---- */

#define MAX_GROUP_THREADS 1024u

/* One walker as its workers share it. */
struct walker_run {
   struct vgpu_exec *exec;
   const struct vgpu_gpgpu *g;
   const struct vgpu_dispatch *d;
   struct vgpu_eu_kernel *k;
   struct dispatch_env de;
   unsigned n;                   /* hardware threads per group */
   uint32_t extent[3];           /* groups per dimension */
   uint64_t invocations;         /* per group (CS_INVOCATION_COUNT) */
   struct worker *workers;
   /* Guards stop and the batch's budget (exec->eu_budget_left), which the
    * workers share. */
   pthread_mutex_t lock;
   bool stop;                    /* a fault, the budget or an unmodelled
                                  * instruction ended the walker */
};

/* What one host thread of the pool needs for the groups it runs. */
struct worker {
   struct vgpu_eu_env env;       /* with the worker's own SLM and de */
   struct dispatch_env de;
   struct vgpu_eu_thread *th;
   uint8_t *slm;
   uint64_t instructions, channel_instructions, threads, invocations;
};

/* R0 of a GPGPU thread (PRM Vol 7 "R0 Header" for GPGPU): DWord 1 the
 * thread group id X, 6 and 7 Y and Z; DWord 2 the barrier id; DWord 3
 * bits 31:5 the interface descriptor's Sampler State Pointer (a sampler
 * message header copied from R0 names it) and bits 3:0 the Per Thread
 * Scratch Space as MEDIA_VFE_STATE encodes it;
 * DWord 5 the thread's scratch space pointer (bits 31:10, relative to
 * General State Base Address) and its FFTID (9:0). */
static void
write_r0(struct vgpu_eu_thread *t, const struct vgpu_gpgpu *g,
         const struct vgpu_dispatch *d, const uint32_t gid[3], unsigned fftid)
{
   uint32_t r0[8] = { 0 };
   r0[1] = gid[0];
   r0[6] = gid[1];
   r0[7] = gid[2];
   r0[2] = 0;             /* barrier id 0: a worker runs one group at a time */
   r0[3] = (d->sampler_state & ~0x1fu) | (g->scratch_space & 0xf);
   r0[5] = (uint32_t)(g->scratch_base + (uint64_t)fftid * g->scratch_per_thread) |
           (fftid & 0x3ff);
   memcpy(t->regs, r0, sizeof(r0));
   t->scratch_slot = r0[5] & ~0x3ffu;
   t->scratch_slot_known = true;
}

/* The threads of every group in flight run together, so each needs its
 * own FFTID and scratch slot: worker w's threads take FFTIDs w*n .. w*n+n-1,
 * below MEDIA_VFE_STATE's Maximum Number of Threads (the scratch the
 * driver allocated covers that many) and inside the 32 bits of R0.5's
 * pointer.  Returns how many workers the scratch allows, 0 when not even
 * one group fits. */
static unsigned
scratch_workers(struct vgpu_exec *exec, const struct vgpu_gpgpu *g, unsigned n)
{
   if (!g->scratch_per_thread)
      return ~0u;
   if (n > g->max_threads) {
      vgpu_exec_fault(exec, 0, "thread group with scratch larger than MEDIA_VFE_STATE's Maximum Number of Threads");
      return 0;
   }
   if (g->scratch_base + (uint64_t)n * g->scratch_per_thread > UINT32_MAX) {
      vgpu_exec_fault(exec, 0, "scratch space beyond 4 GB of General State Base Address");
      return 0;
   }
   uint64_t below_4g = (UINT32_MAX - g->scratch_base) /
                       ((uint64_t)n * g->scratch_per_thread);
   uint64_t by_threads = g->max_threads / n;
   return (unsigned)(below_4g < by_threads ? below_4g : by_threads);
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

/* Ends the walker; true for the worker that ended it first. */
static bool
stop_first(struct walker_run *w)
{
   pthread_mutex_lock(&w->lock);
   bool first = !w->stop;
   w->stop = true;
   pthread_mutex_unlock(&w->lock);
   return first;
}

static bool
stopped(struct walker_run *w)
{
   pthread_mutex_lock(&w->lock);
   bool stop = w->stop;
   pthread_mutex_unlock(&w->lock);
   return stop;
}

/* Ends the walker; the first worker to stop it says why (why NULL: an
 * instruction vgpu_not_modelled already named, which is no hang). */
static void
stop_walker(struct walker_run *w, uint64_t addr, const char *why)
{
   if (stop_first(w) && why)
      vgpu_exec_fault(w->exec, addr, why);
}

/* The batch's EU instruction budget (VGPU_BUDGET) is spent: the batch is
 * a hang, as a GPU's hang timer would find an endless kernel loop. */
static void
budget_exceeded(struct walker_run *w)
{
   if (!stop_first(w))
      return;
   vgpu_budget_hang(w->exec, w->d->kernel);
}

/* Runs one thread until it ends, blocks or stops, within what is left of
 * the batch's budget, which the workers share.  Returns false when the
 * walker stopped or the budget ran out. */
static bool
run_thread(struct walker_run *w, struct worker *wk, struct vgpu_eu_thread *t,
           enum vgpu_eu_status *st)
{
   pthread_mutex_lock(&w->lock);
   uint64_t left = w->exec->eu_budget_left;
   bool stop = w->stop;
   pthread_mutex_unlock(&w->lock);
   if (stop)
      return false;
   if (!left) {
      budget_exceeded(w);
      return false;
   }
   /* The thread stops once it has run more than max_instructions. */
   wk->env.max_instructions = left;
   *st = vgpu_eu_run(&wk->env, w->k, t);
   uint64_t ran = t->instructions;
   wk->instructions += ran;
   wk->channel_instructions += t->channel_instructions;
   t->instructions = t->channel_instructions = 0;
   pthread_mutex_lock(&w->lock);
   bool over = ran > w->exec->eu_budget_left;
   w->exec->eu_budget_left = over ? 0 : w->exec->eu_budget_left - ran;
   pthread_mutex_unlock(&w->lock);
   if (over) {
      budget_exceeded(w);
      return false;
   }
   return true;
}

/* CS_INVOCATION_COUNT counts the compute shader invocations dispatched:
 * the enabled channels of each thread of a group (PRM Vol. 2c,
 * CS_INVOCATION_COUNT; Vulkan's compute shader invocations statistic). */
static uint64_t
group_invocations(const struct vgpu_dispatch *d, unsigned n)
{
   uint64_t invocations = 0;
   for (unsigned i = 0; i < n; i++) {
      unsigned tx = i % d->thread_w, ty = (i / d->thread_w) % d->thread_h;
      invocations += (unsigned)__builtin_popcount(thread_mask(d, tx, ty));
   }
   return invocations;
}

static void
count_invocations(struct vgpu_exec *exec, uint64_t invocations)
{
   uint32_t *reg = &exec->ctx->regs[REG_CS_INVOCATION_COUNT / 4];
   uint64_t count = (reg[0] | (uint64_t)reg[1] << 32) + invocations;
   reg[0] = (uint32_t)count;
   reg[1] = (uint32_t)(count >> 32);
}

/* A thread that stopped early: the walker ends with its reason. */
static void
thread_stopped(struct walker_run *w, struct vgpu_eu_thread *t,
               enum vgpu_eu_status st)
{
   if (st == VGPU_EU_UNSUPPORTED) {
      vgpu_not_modelled(t->why);
      stop_walker(w, 0, NULL);
      return;
   }
   if (vgpu_eu_check_failed(t)) {
      vgpu_check_failure(w->d->kernel, t);
      stop_walker(w, t->fault_addr, VGPU_CHECK_FAULT);
      return;
   }
   stop_walker(w, t->fault_addr, t->why);
}

/* Runs a group's threads round-robin until all end; barriers release when
 * every thread still running waits at one.  Returns false when the
 * walker stops (fault, unsupported, or the batch's budget spent). */
static bool
run_group(struct walker_run *w, struct worker *wk)
{
   unsigned n = w->n;
   struct vgpu_eu_thread *th = wk->th;
   bool done[MAX_GROUP_THREADS];
   memset(done, 0, n * sizeof(done[0]));
   unsigned remaining = n;
   while (remaining) {
      for (unsigned i = 0; i < n; i++) {
         if (done[i])
            continue;
         enum vgpu_eu_status st;
         if (!run_thread(w, wk, &th[i], &st))
            return false;
         if (st == VGPU_EU_DONE) {
            done[i] = true;
            remaining--;
         } else if (st != VGPU_EU_BLOCKED) {
            thread_stopped(w, &th[i], st);
            return false;
         }
      }
      /* Every thread still running now waits at a barrier. */
      for (unsigned i = 0; i < n; i++)
         th[i].notified = true;
   }
   return true;
}

/* Sets up group gid's threads on a worker: payload, execution masks and
 * its scratch slots. */
static bool
start_group(struct walker_run *w, struct worker *wk, unsigned worker,
            const uint32_t gid[3])
{
   const struct vgpu_dispatch *d = w->d;
   if (wk->slm)
      memset(wk->slm, 0, d->slm_size);
   for (unsigned i = 0; i < w->n; i++) {
      struct vgpu_eu_thread *t = &wk->th[i];
      unsigned tx = i % d->thread_w, ty = (i / d->thread_w) % d->thread_h;
      vgpu_eu_thread_init(t, thread_mask(d, tx, ty));
      memcpy(&t->regs[VGPU_EU_ARF_CR0], &d->cr0, 4);
      write_r0(t, w->g, d, gid, worker * w->n + i);
      if (!write_constants(w->exec, t, w->g, d, i)) {
         stop_walker(w, 0, NULL);
         return false;
      }
      /* The payload: R0, the cross-thread and the per-thread constants. */
      if (wk->env.checks)
         vgpu_eu_thread_define(t, 0, (1 + d->cross_regs + d->per_thread_regs) * 32);
   }
   wk->threads += w->n;
   wk->invocations += w->invocations;
   return true;
}

/* The pool's item: thread group number item of the walker, in X-fastest
 * order.  False once the walker has stopped, which ends the run (a
 * malformed walker may ask for billions of groups). */
static bool
run_group_item(void *ctx, unsigned worker, uint64_t item)
{
   struct walker_run *w = ctx;
   if (stopped(w))
      return false;
   struct worker *wk = &w->workers[worker];
   uint32_t gid[3];
   gid[0] = w->d->start[0] + (uint32_t)(item % w->extent[0]);
   item /= w->extent[0];
   gid[1] = w->d->start[1] + (uint32_t)(item % w->extent[1]);
   gid[2] = w->d->start[2] + (uint32_t)(item / w->extent[1]);
   return start_group(w, wk, worker, gid) && run_group(w, wk);
}

static bool
worker_init(struct worker *wk, const struct walker_run *w,
            const struct vgpu_eu_env *env)
{
   wk->env = *env;
   wk->de = w->de;
   wk->de.surfaces = calloc(1, sizeof(*wk->de.surfaces));
   wk->env.user = &wk->de;
   wk->th = aligned_alloc(64, sizeof(*wk->th) * w->n);
   wk->slm = w->d->slm_size ? malloc(w->d->slm_size) : NULL;
   wk->env.slm = wk->slm;
   return wk->th && wk->de.surfaces && (!w->d->slm_size || wk->slm);
}

/* Sums the workers' counters into VGPU_STATS and the invocation count. */
static void
workers_fini(struct walker_run *w, unsigned workers)
{
   uint64_t invocations = 0;
   for (unsigned i = 0; i < workers; i++) {
      struct worker *wk = &w->workers[i];
      stats.instructions += wk->instructions;
      stats.channel_instructions += wk->channel_instructions;
      stats.threads += wk->threads;
      invocations += wk->invocations;
      free(wk->th);
      free(wk->slm);
      free(wk->de.surfaces);
   }
   count_invocations(w->exec, invocations);
   free(w->workers);
}

/* Host threads for a walker: the pool's, no more than the scratch slots
 * allow or there are groups. */
static unsigned
walker_workers(struct walker_run *w, uint64_t groups)
{
   unsigned n = vgpu_pool_threads();
   unsigned by_scratch = scratch_workers(w->exec, w->g, w->n);
   if (n > by_scratch)
      n = by_scratch;
   return groups < n ? (unsigned)groups : n;
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
   struct walker_run w = {
      .exec = exec, .g = g, .d = d, .de = { exec, g, d, NULL },
      .k = vgpu_eu_kernel_get(g->kernels, gen, d->kernel, code, avail),
      .n = d->thread_w * d->thread_h * d->thread_d,
   };
   uint64_t groups = 1;
   for (unsigned i = 0; i < 3; i++) {
      w.extent[i] = d->end[i] > d->start[i] ? d->end[i] - d->start[i] : 0;
      groups *= w.extent[i];
   }
   /* A thread group holds at most 1024 invocations, so 128 SIMD8 threads;
    * far larger counts are a malformed walker, not a large dispatch. */
   if (w.n > MAX_GROUP_THREADS) {
      vgpu_exec_fault(exec, 0, "GPGPU_WALKER with more threads per group than the hardware has");
      return;
   }
   unsigned workers = walker_workers(&w, groups);
   if (!workers)
      return;
   w.invocations = group_invocations(d, w.n);
   struct vgpu_eu_env env = {
      .gen = gen, .user = &w.de, .map = env_map, .surface = env_surface,
      .surface_state = env_surface_state, .texture_read = env_texture_read,
      .data_write = env_data_write,
      .dynamic_state_base = g->dynamic_base, .sampler_state = d->sampler_state,
      .slm_size = d->slm_size,
      .general_state_base = g->general_base,
      .scratch_per_thread = g->scratch_per_thread,
      .checks = eu_checks.bits,
      .lp_64bit_rules = vgpu.info->is_lp && (vgpu.info->ver == 8 || vgpu.info->ver == 9),
      .check_report = eu_checks.warn ? env_check_report : NULL,
   };
   w.workers = calloc(workers, sizeof(*w.workers));
   bool ok = w.k && w.workers;
   for (unsigned i = 0; ok && i < workers; i++)
      ok = worker_init(&w.workers[i], &w, &env);
   if (ok) {
      vgpu_eu_kernel_predecode(&env, w.k);
      pthread_mutex_init(&w.lock, NULL);
      vgpu_pool_run(workers, groups, run_group_item, &w);
      pthread_mutex_destroy(&w.lock);
   } else {
      vgpu_exec_fault(exec, 0, "out of memory dispatching a walker");
   }
   if (w.workers)
      workers_fini(&w, workers);
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

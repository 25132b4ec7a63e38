/* The worker pool: host threads created on first use, parked on a
 * condition variable between runs.  A run hands out its items in chunks,
 * so workers that finish early take more; the caller works too and then
 * waits for the others to finish their last chunk.
 *
 * Worker threads block every signal (the application's handlers expect its
 * own threads), and a child process made by fork() starts with no workers
 * (fork copies only the calling thread) and creates its own. */
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>

#include "vgpu_pool.h"

#define MAX_THREADS 64u

struct run {
   vgpu_pool_fn *fn;
   void *ctx;
   uint64_t items;
   uint64_t chunk;          /* items handed out at once */
   pthread_mutex_t lock;    /* guards next */
   uint64_t next;           /* the next item to hand out; items when ended */
   unsigned helpers;        /* pool threads taking part (workers 1 ..) */
};

static struct {
   pthread_mutex_t lock;
   pthread_cond_t wake, idle;
   pthread_mutex_t run_lock;    /* one run at a time */
   unsigned started;            /* pool threads created */
   unsigned generation;         /* bumped per run */
   unsigned busy;               /* helpers still in the current run */
   struct run *run;
   unsigned threads;            /* VGPU_THREADS */
   unsigned born[MAX_THREADS];  /* the generation before a thread's first run */
} pool = {
   .lock = PTHREAD_MUTEX_INITIALIZER,
   .wake = PTHREAD_COND_INITIALIZER,
   .idle = PTHREAD_COND_INITIALIZER,
   .run_lock = PTHREAD_MUTEX_INITIALIZER,
};
static pthread_once_t pool_once = PTHREAD_ONCE_INIT;

/* Items go out in chunks under a lock (not an atomic counter, so that
 * helgrind and DRD follow the hand-over), small enough that the workers
 * finish close together. */
static void
take_items(struct run *r, unsigned worker)
{
   for (;;) {
      pthread_mutex_lock(&r->lock);
      uint64_t first = r->next;
      uint64_t end = first + r->chunk < r->items ? first + r->chunk : r->items;
      r->next = end;
      pthread_mutex_unlock(&r->lock);
      if (first >= end)
         return;
      for (uint64_t item = first; item < end; item++) {
         if (!r->fn(r->ctx, worker, item)) {
            pthread_mutex_lock(&r->lock);
            r->next = r->items;
            pthread_mutex_unlock(&r->lock);
            return;
         }
      }
   }
}

static void *
worker_main(void *arg)
{
   unsigned worker = (unsigned)(uintptr_t)arg;
   pthread_mutex_lock(&pool.lock);
   /* Created during a run, before its generation was announced. */
   unsigned seen = pool.born[worker];
   for (;;) {
      while (pool.generation == seen)
         pthread_cond_wait(&pool.wake, &pool.lock);
      seen = pool.generation;
      struct run *r = pool.run;
      /* A run this thread sat out may be over already. */
      if (!r || worker > r->helpers)
         continue;
      pthread_mutex_unlock(&pool.lock);
      take_items(r, worker);
      pthread_mutex_lock(&pool.lock);
      if (--pool.busy == 0)
         pthread_cond_signal(&pool.idle);
   }
   return NULL;
}

static void
forget_workers_in_child(void)
{
   pthread_mutex_init(&pool.lock, NULL);
   pthread_mutex_init(&pool.run_lock, NULL);
   pthread_cond_init(&pool.wake, NULL);
   pthread_cond_init(&pool.idle, NULL);
   pool.started = 0;
   pool.busy = 0;
}

static void
pool_init(void)
{
   long cores = sysconf(_SC_NPROCESSORS_ONLN);
   unsigned n = cores > 0 ? (unsigned)cores : 1;
   const char *v = getenv("VGPU_THREADS");
   if (v && *v) {
      char *end;
      unsigned long want = strtoul(v, &end, 10);
      if (!*end && want > 0)
         n = (unsigned)(want < MAX_THREADS ? want : MAX_THREADS);
   }
   pool.threads = n < MAX_THREADS ? n : MAX_THREADS;
   pthread_atfork(NULL, NULL, forget_workers_in_child);
}

unsigned
vgpu_pool_threads(void)
{
   pthread_once(&pool_once, pool_init);
   return pool.threads;
}

/* Pool threads 1 .. want-1, as many as can be created (called with
 * pool.lock held); fewer threads only mean less parallelism. */
static unsigned
start_workers(unsigned want)
{
   sigset_t all, old;
   sigfillset(&all);
   pthread_sigmask(SIG_SETMASK, &all, &old);
   while (pool.started + 1 < want) {
      pthread_t th;
      pool.born[pool.started + 1] = pool.generation;
      if (pthread_create(&th, NULL, worker_main,
                         (void *)(uintptr_t)(pool.started + 1)))
         break;
      pthread_detach(th);
      pool.started++;
   }
   pthread_sigmask(SIG_SETMASK, &old, NULL);
   return pool.started;
}

void
vgpu_pool_run(unsigned workers, uint64_t items, vgpu_pool_fn *fn, void *ctx)
{
   unsigned threads = vgpu_pool_threads();
   if (workers > threads)
      workers = threads;
   if (workers > items)
      workers = (unsigned)items;
   if (workers <= 1) {
      for (uint64_t item = 0; item < items && fn(ctx, 0, item); item++)
         ;
      return;
   }
   uint64_t chunk = items / ((uint64_t)workers * 64);
   struct run r = {
      .fn = fn, .ctx = ctx, .items = items,
      .chunk = chunk < 1 ? 1 : chunk > 64 ? 64 : chunk,
      .lock = PTHREAD_MUTEX_INITIALIZER,
   };
   pthread_mutex_lock(&pool.run_lock);
   pthread_mutex_lock(&pool.lock);
   r.helpers = start_workers(workers);
   if (r.helpers > workers - 1)
      r.helpers = workers - 1;
   pool.run = &r;
   pool.busy = r.helpers;
   pool.generation++;
   pthread_cond_broadcast(&pool.wake);
   pthread_mutex_unlock(&pool.lock);

   take_items(&r, 0);

   pthread_mutex_lock(&pool.lock);
   while (pool.busy)
      pthread_cond_wait(&pool.idle, &pool.lock);
   pool.run = NULL;
   pthread_mutex_unlock(&pool.lock);
   pthread_mutex_unlock(&pool.run_lock);
   pthread_mutex_destroy(&r.lock);
}

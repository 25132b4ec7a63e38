/* A pool of host threads for work the GPU does in parallel (compute thread
 * groups today): VGPU_THREADS host threads, the caller among them. */
#ifndef VGPU_POOL_H
#define VGPU_POOL_H

#include <stdbool.h>
#include <stdint.h>

/* Runs item on behalf of worker (0 .. workers-1); each worker runs one
 * item at a time, items of one run in any order and on any worker.
 * Returns false to end the run: no further item starts. */
typedef bool vgpu_pool_fn(void *ctx, unsigned worker, uint64_t item);

/* Host threads a run may use: VGPU_THREADS, default the online cores. */
unsigned vgpu_pool_threads(void);

/* Runs items 0 .. items-1 on at most workers threads (the caller is worker
 * 0) and returns when every item ran or one ended the run.  Everything the
 * items wrote is visible to the caller on return. */
void vgpu_pool_run(unsigned workers, uint64_t items, vgpu_pool_fn *fn, void *ctx);

#endif

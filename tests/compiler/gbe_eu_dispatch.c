#include "gbe_eu_dispatch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_THREADS 64   /* per workgroup, as the tests' dispatches need */

/* Each address gbe_binding.address_offset asks for: the base of the
 * buffer the binding table entry's surface holds. */
static void
buffer_addresses(const struct gbe_eu_dispatch *d, uint8_t *cross)
{
   const struct gbe_kernel *k = d->k;
   for (unsigned i = 0; i < k->num_bindings; i++) {
      const struct gbe_binding *b = &k->bindings[i];
      for (uint32_t e = 0; b->address_offset != UINT32_MAX && e < b->count; e++) {
         struct vgpu_eu_surface s = { 0 };
         if (!d->env.surface(d->env.user, b->bti + e, &s))
            s.base = 0;
         memcpy(cross + b->address_offset + 8 * e, &s.base, 8);
      }
   }
}

static void
thread_payload(const struct gbe_eu_dispatch *d, struct vgpu_eu_thread *t, const uint32_t gid[3],
               unsigned thread)
{
   const struct gbe_kernel *k = d->k;
   uint32_t r0[8] = { 0 };
   r0[1] = gid[0];
   r0[6] = gid[1];
   r0[7] = gid[2];
   r0[5] = thread * k->scratch_per_thread;
   memcpy(t->regs, r0, sizeof(r0));
   /* vgpu keeps scratch block messages inside this slot */
   t->scratch_slot = r0[5];
   t->scratch_slot_known = true;
   uint8_t *cross = &t->regs[32];
   uint32_t push = k->cs.push_bytes < d->push_size ? k->cs.push_bytes : d->push_size;
   memcpy(cross, d->push, push);
   uint32_t nwg = k->cs.sysval_offset[GBE_CS_NUM_WORKGROUPS];
   if (nwg != UINT32_MAX)
      memcpy(cross + nwg, d->groups, 12);
   buffer_addresses(d, cross);
   unsigned per_thread_at = 32 * (1 + k->cs.cross_thread_regs);
   gbe_cs_fill_per_thread(k, thread, &t->regs[per_thread_at]);
   if (d->env.checks)
      vgpu_eu_thread_define(t, 0, per_thread_at + k->cs.per_thread_regs * 32);
}

/* One workgroup's threads round-robin; a barrier releases once every
 * thread still running waits at one. */
static bool
run_group(struct gbe_eu_dispatch *d, struct vgpu_eu_kernel *vk, struct vgpu_eu_thread *th,
          unsigned n)
{
   bool done[MAX_THREADS] = { false };
   unsigned remaining = n;
   while (remaining) {
      for (unsigned i = 0; i < n; i++) {
         if (done[i])
            continue;
         enum vgpu_eu_status st = vgpu_eu_run(&d->env, vk, &th[i]);
         if (st == VGPU_EU_DONE) {
            done[i] = true;
            remaining--;
         } else if (st != VGPU_EU_BLOCKED) {
            snprintf(d->why, sizeof(d->why), "%s", th[i].why ? th[i].why : "fault");
            return false;
         }
      }
      for (unsigned i = 0; i < n; i++)
         th[i].notified = true;
   }
   return true;
}

static const char *
check_limits(struct gbe_eu_dispatch *d)
{
   const struct gbe_kernel *k = d->k;
   if (k->cs.threads > MAX_THREADS)
      return "more than 64 threads per group";
   if ((uint64_t)k->scratch_per_thread * k->cs.threads > d->scratch_bytes)
      return "more scratch than the test provides";
   return NULL;
}

const char *
gbe_eu_dispatch_run(struct gbe_eu_dispatch *d)
{
   const struct gbe_kernel *k = d->k;
   const char *limit = check_limits(d);
   if (limit)
      return limit;
   unsigned n = k->cs.threads;
   struct vgpu_eu_thread *th = aligned_alloc(64, sizeof(*th) * (n ? n : 1));
   struct vgpu_eu_cache *cache = vgpu_eu_cache_create();
   uint8_t *slm = calloc(1, k->slm_size ? k->slm_size : 1);
   struct vgpu_eu_kernel *vk = cache ? vgpu_eu_kernel_get(cache, k->gen, 0x1000, k->code,
                                                          k->code_size) : NULL;
   const char *why = !th || !slm || !cache ? "out of memory" : !vk ? "kernel did not load" : NULL;
   d->env.gen = k->gen;
   d->env.slm = slm;
   d->env.slm_size = k->slm_size;
   d->env.general_state_base = d->scratch_base;
   d->env.scratch_per_thread = k->scratch_per_thread;
   if (!d->env.max_instructions)
      d->env.max_instructions = 1u << 24;
   uint32_t full = k->simd == 32 ? ~0u : (1u << k->simd) - 1;
   uint32_t g[3];
   for (g[2] = 0; g[2] < d->groups[2] && !why; g[2]++)
   for (g[1] = 0; g[1] < d->groups[1] && !why; g[1]++)
   for (g[0] = 0; g[0] < d->groups[0] && !why; g[0]++) {
      uint32_t gid[3] = { d->base[0] + g[0], d->base[1] + g[1], d->base[2] + g[2] };
      memset(slm, 0, k->slm_size);
      for (unsigned i = 0; i < n; i++) {
         vgpu_eu_thread_init(&th[i], i == n - 1 ? k->cs.right_mask : full);
         thread_payload(d, &th[i], gid, i);
      }
      if (!run_group(d, vk, th, n))
         why = d->why;
   }
   if (cache)
      vgpu_eu_cache_destroy(cache);
   free(th);
   free(slm);
   return why;
}

/* Per-generation compute pipeline state: the MEDIA_VFE_STATE and
 * INTERFACE_DESCRIPTOR_DATA templates (gvk_pipeline.h says what the
 * command buffer adds) and the scratch space rules. */
#include "genX_pack.h"

#include "gvk_device.h"
#include "gvk_physical_device.h"
#include "gvk_pipeline.h"
#include "macros.h"

/* Per Thread Scratch Space (PRM Vol 2a MEDIA_VFE_STATE): Ivy Bridge
 * counts 1 KiB steps from 1 KiB up to 12 KiB; Haswell powers of two from
 * 2 KiB, Gen8+ from 1 KiB, up to 2 MiB. */
#if GFX_VERx10 == 70
#define SCRATCH_MIN 1024u
#define SCRATCH_MAX 12288u
#elif GFX_VERx10 == 75
#define SCRATCH_MIN 2048u
#define SCRATCH_MAX (2u << 20)
#else
#define SCRATCH_MIN 1024u
#define SCRATCH_MAX (2u << 20)
#endif

static uint32_t
scratch_space(uint32_t bytes)
{
#if GFX_VERx10 == 70
   return bytes / 1024 - 1;
#else
   return (uint32_t)__builtin_ctz(bytes / SCRATCH_MIN);
#endif
}

/* The scratch slot of a thread is its FFTID, which counts more threads
 * than a subslice runs on some parts (Mesa's scratch pool sizes follow
 * the same rules): Haswell's FFTID has 4 bits of EU and 3 of thread
 * (WaCSScratchSize); Skylake-class parts size scratch for 4 subslices per
 * slice; Ice Lake's computes 8 threads per EU (MEDIA_VFE_STATE "Maximum
 * Number of Threads"); Gen12's 16 EUs of 8 threads per dual-subslice. */
static uint32_t
scratch_slots(const struct gvk_physical_device *pdev)
{
   uint32_t subslices = MAX2(pdev->subslice_total, 1);
   uint32_t per_subslice = pdev->info.max_threads[DEV_STAGE_CS];
#if GFX_VERx10 == 75
   per_subslice = 16 * 8;
#elif GFX_VER == 9
   subslices = 4 * pdev->info.num_slices;
#elif GFX_VER == 11
   per_subslice = 8 * 8;
#elif GFX_VER == 12
   per_subslice = 16 * 8;
#endif
   return per_subslice * subslices;
}

/* Shared Local Memory Size: a power of two of at least 4 KiB in 4 KiB
 * units on Gen7/8, of at least 1 KiB as log2(size / 512) from Gen9
 * (INTERFACE_DESCRIPTOR_DATA). */
static uint32_t
slm_encoding(uint32_t bytes)
{
   if (!bytes)
      return 0;
#if GFX_VER >= 9
   uint32_t size = 1024;
#else
   uint32_t size = 4096;
#endif
   while (size < bytes)
      size *= 2;
#if GFX_VER >= 9
   return (uint32_t)__builtin_ctz(size) - 9;
#else
   return size / 4096;
#endif
}

/* CURBE registers a dispatch loads: the cross-thread constants once and
 * the per-thread ones for every thread (Gen7.5+), or both for every
 * thread (Gen7, which reads no cross-thread data). */
static uint32_t
curbe_regs(const struct gbe_cs_info *cs)
{
#if GFX_VERx10 >= 75
   return cs->cross_thread_regs + cs->per_thread_regs * cs->threads;
#else
   return (cs->cross_thread_regs + cs->per_thread_regs) * cs->threads;
#endif
}

static void
emit_vfe(const struct gvk_device *device, struct gvk_pipeline *p)
{
   const struct gvk_shader *sh = p->cs;
   const struct gvk_physical_device *pdev = device->pdev;
   struct GENX(MEDIA_VFE_STATE) vfe = {
      GENX(MEDIA_VFE_STATE_header),
      .maximum_number_of_threads =
         pdev->info.max_threads[DEV_STAGE_CS] * MAX2(pdev->subslice_total, 1) - 1,
      /* CURBE Allocation Size in registers, even (Mesa's rounding) */
      .curbe_allocation_size = ALIGN_POT(curbe_regs(&sh->kernel.cs), 2),
#if GFX_VER >= 8
      .number_of_urb_entries = 2,
      .urb_entry_allocation_size = 2,
#else
      .gpgpu_mode = true,
#endif
#if GFX_VER < 11
      .reset_gateway_timer = 1,
#endif
#if GFX_VER <= 8
      .bypass_gateway_control = 1,
#endif
   };
   if (sh->scratch) {
      vfe.per_thread_scratch_space = scratch_space(sh->scratch_per_thread);
      vfe.scratch_space_base_pointer = sh->scratch->addr;
      p->vfe_scratch_dw = 1;
   }
   GENX(MEDIA_VFE_STATE_pack)(NULL, p->vfe_state, &vfe);
   p->vfe_dwords = GENX(MEDIA_VFE_STATE_length);
}

static void
emit_idd(struct gvk_pipeline *p)
{
   const struct gbe_kernel *k = &p->cs->kernel;
   struct GENX(INTERFACE_DESCRIPTOR_DATA) idd = {
      .kernel_start_pointer = p->cs->offset,
      .number_of_threads_in_gpgpu_thread_group = k->cs.threads,
      .barrier_enable = k->cs.uses_barrier,
      .shared_local_memory_size = slm_encoding(k->slm_size),
#if GFX_VERx10 >= 75
      .constant_urb_entry_read_length = k->cs.per_thread_regs,
      .cross_thread_constant_data_read_length = k->cs.cross_thread_regs,
#else
      .constant_urb_entry_read_length = k->cs.cross_thread_regs + k->cs.per_thread_regs,
#endif
#if GFX_VER >= 8
      /* the kernel sets cr0's denormal modes itself (src/compiler README) */
      .denorm_mode = 1,
#endif
#if GFX_VER >= 12
      /* Mesa disables mid-thread preemption of compute on Gen12 too */
      .thread_preemption_disable = true,
#endif
   };
   GENX(INTERFACE_DESCRIPTOR_DATA_pack)(NULL, p->idd, &idd);
}

static void
compute_pipeline_emit(struct gvk_device *device, struct gvk_pipeline *p)
{
   _Static_assert(GENX(MEDIA_VFE_STATE_length) <= ARRAY_SIZE(p->vfe_state),
                  "MEDIA_VFE_STATE fits the template");
   _Static_assert(GENX(INTERFACE_DESCRIPTOR_DATA_length) == ARRAY_SIZE(p->idd),
                  "INTERFACE_DESCRIPTOR_DATA fits the template");
   emit_vfe(device, p);
   emit_idd(p);
   p->curbe_size = curbe_regs(&p->cs->kernel.cs) * 32;
}

const struct gvk_genx_pipeline genX(pipeline) = {
   .compute_pipeline_emit = compute_pipeline_emit,
   .scratch_slots = scratch_slots,
   .scratch_space = scratch_space,
   .scratch_min = SCRATCH_MIN,
   .scratch_max = SCRATCH_MAX,
   .cross_thread_constants = GFX_VERx10 >= 75,
};

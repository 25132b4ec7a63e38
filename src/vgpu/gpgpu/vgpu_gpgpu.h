/* The GPGPU pipeline: the state commands set (STATE_BASE_ADDRESS,
 * PIPELINE_SELECT, STATE_SIP, MEDIA_VFE_STATE, MEDIA_CURBE_LOAD,
 * MEDIA_INTERFACE_DESCRIPTOR_LOAD) and GPGPU_WALKER's thread dispatch.
 *
 * Packets are unpacked per generation with genxml's functions
 * (vgpu_gpgpu_genX.c, built once per generation); what they mean for
 * execution is generation-independent (vgpu_gpgpu.c). */
#ifndef VGPU_GPGPU_H
#define VGPU_GPGPU_H

#include <stdbool.h>
#include <stdint.h>

#include "vgpu_eu.h"

struct vgpu_cs;
struct vgpu_exec;

/* Per-context pipeline state (the hardware keeps it in the context image). */
struct vgpu_gpgpu {
   uint64_t general_base, surface_base, dynamic_base, indirect_base,
            instruction_base, bindless_surface_base;
   uint64_t general_size, dynamic_size, indirect_size, instruction_size;
   int pipeline;                 /* PIPELINE_SELECT: 0 3D, 1 media, 2 GPGPU */
   uint64_t sip;
   bool vfe_valid;
   uint32_t max_threads, urb_entries, urb_entry_size, curbe_size;
   uint64_t scratch_base;        /* relative to general state base; 0 none */
   uint32_t scratch_per_thread;  /* bytes */
   uint32_t scratch_space;       /* Per Thread Scratch Space as encoded */
   uint8_t *curbe;               /* MEDIA_CURBE_LOAD's data, as loaded */
   uint32_t curbe_len;
   uint32_t idd[256];            /* MEDIA_INTERFACE_DESCRIPTOR_LOAD's data */
   uint32_t idd_len;             /* bytes */
   struct vgpu_eu_cache *kernels;
};

/* One GPGPU_WALKER with its interface descriptor, generation-neutral. */
struct vgpu_dispatch {
   uint64_t kernel;              /* GPU address */
   uint64_t binding_table;       /* GPU address */
   uint32_t sampler_state;       /* SAMPLER_STATE table, from Dynamic State Base */
   unsigned cross_regs, per_thread_regs, read_offset_regs;
   unsigned slm_size;            /* bytes */
   bool barrier;
   unsigned simd;                /* 8, 16, 32 */
   unsigned thread_w, thread_h, thread_d;   /* threads per group */
   uint32_t start[3], end[3];    /* group ids, end exclusive */
   uint32_t right_mask, bottom_mask;
   uint32_t cr0;                 /* cr0.0 each thread starts with */
   /* Reads a RENDER_SURFACE_STATE of this generation. */
   bool (*surface_state)(const uint32_t *dw, struct vgpu_eu_surface *out);
   unsigned surface_state_dwords;
};

/* Handles one GPGPU-related command; false when it is not one.  The
 * command streamer calls it for every 3D/media command. */
bool vgpu_gpgpu_command(struct vgpu_cs *cs, struct vgpu_exec *exec,
                        const uint32_t *dw, unsigned len);
void vgpu_gpgpu_destroy(struct vgpu_gpgpu *g);

/* vgpu_gpgpu.c, called by the per-generation code. */
void vgpu_gpgpu_dispatch(struct vgpu_exec *exec, struct vgpu_gpgpu *g,
                         const struct vgpu_dispatch *d);
/* Copies len bytes of GPU memory (a fault when unmapped). */
bool vgpu_gpgpu_read(struct vgpu_exec *exec, uint64_t addr, void *out,
                     uint64_t len, const char *what);
/* The batch's EU instruction budget (VGPU_BUDGET) is spent in kernel:
 * says so and faults the batch, as a GPU's hang timer would find an
 * endless kernel loop. */
void vgpu_budget_hang(struct vgpu_exec *exec, uint64_t kernel);
/* Prints why thread t of kernel failed an EU check (VGPU_EU_CHECKS); the
 * dispatch then faults with VGPU_CHECK_FAULT. */
void vgpu_check_failure(uint64_t kernel, const struct vgpu_eu_thread *t);
#define VGPU_CHECK_FAULT "EU kernel check failed (VGPU_EU_CHECKS)"
/* Prints "vgpu: not modelled: WHAT" once per process per reason. */
void vgpu_not_modelled(const char *what);
/* The EU checks VGPU_EU_CHECKS asks for (VGPU_EU_CHECK_* bits), and in
 * *warn whether violations are only reported (..,warn). */
unsigned vgpu_gpgpu_eu_checks(bool *warn);
/* Reports a check violation of kernel (at that GPU address) once per
 * process: the check_report of an EU environment under ..,warn. */
void vgpu_gpgpu_check_report(uint64_t kernel, const char *what);

#define VGPU_GPGPU_GEN_DECL(v) \
   bool gfx##v##_vgpu_gpgpu_command(struct vgpu_cs *cs, struct vgpu_exec *exec, \
                                    struct vgpu_gpgpu *g, const uint32_t *dw, \
                                    unsigned len);
VGPU_GPGPU_GEN_DECL(70)
VGPU_GPGPU_GEN_DECL(75)
VGPU_GPGPU_GEN_DECL(80)
VGPU_GPGPU_GEN_DECL(90)
VGPU_GPGPU_GEN_DECL(110)
VGPU_GPGPU_GEN_DECL(120)

/* RENDER_SURFACE_STATE of one generation in the data port's terms, and
 * its length in dwords (vgpu_gpgpu_genX.c; the 3D stages' binding tables
 * read the same state). */
#define VGPU_SURFACE_STATE_DECL(v) \
   bool gfx##v##_vgpu_surface_state(const uint32_t *dw, struct vgpu_eu_surface *out); \
   extern const unsigned gfx##v##_vgpu_surface_state_dwords;
VGPU_SURFACE_STATE_DECL(70)
VGPU_SURFACE_STATE_DECL(75)
VGPU_SURFACE_STATE_DECL(80)
VGPU_SURFACE_STATE_DECL(90)
VGPU_SURFACE_STATE_DECL(110)
VGPU_SURFACE_STATE_DECL(120)

#endif

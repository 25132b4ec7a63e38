/* Facts about each Intel Gen7–Gen12 GPU, keyed by PCI device id.  The driver
 * and vgpu both read this one table: the driver to size its state, vgpu to
 * answer the i915 uAPI the way the kernel on that GPU would. */
#ifndef DEV_DEVINFO_H
#define DEV_DEVINFO_H

#include <stdbool.h>
#include <stdint.h>

enum devinfo_platform {
   PLATFORM_IVB, PLATFORM_BYT, PLATFORM_HSW, PLATFORM_BDW, PLATFORM_CHV,
   PLATFORM_SKL, PLATFORM_BXT, PLATFORM_KBL, PLATFORM_GLK, PLATFORM_CFL,
   PLATFORM_ICL, PLATFORM_EHL, PLATFORM_TGL, PLATFORM_RKL, PLATFORM_ADL,
   PLATFORM_DG1,
   PLATFORM_COUNT,
};

enum devinfo_stage { DEV_STAGE_VS, DEV_STAGE_HS, DEV_STAGE_DS, DEV_STAGE_GS,
                     DEV_STAGE_PS, DEV_STAGE_CS, DEV_STAGE_COUNT };

struct devinfo {
   uint16_t pci_id;
   enum devinfo_platform platform;
   const char *platform_name;   /* short code name: "ivb", "skl", ... */
   const char *name;            /* "<marketing name> (<gt_label>)": the name
                                 * reported to applications */
   uint8_t ver;                 /* 7, 8, 9, 11, 12 */
   uint8_t verx10;              /* 70, 75, 80, 90, 110, 120 */
   uint8_t gt;                  /* 1-4; GT0.5/GT1.5 parts count as 1 */
   bool is_lp;                  /* Atom-class parts (BYT, CHV, BXT, GLK, EHL) */
   bool has_llc;
   bool has_full_ppgtt;         /* per-process GTT: softpin usable */
   bool has_local_memory;       /* discrete part with its own VRAM (DG1) */
   const char *gt_label;        /* "IVB GT2", "WHL GT1", "EHL 4x8": SKU label */
   const char *marketing_name;  /* "Intel(R) HD Graphics 4000" alone */

   /* Topology of the fully-enabled part. */
   uint8_t num_slices;
   uint8_t subslices_per_slice;  /* dual-subslices on Gen12 */
   uint8_t eus_per_subslice;
   uint8_t threads_per_eu;

   uint64_t timestamp_frequency; /* Hz of the command streamer TIMESTAMP */
   uint64_t gtt_size;            /* bytes of GPU virtual address space */
   uint32_t urb_size_kb;
   uint32_t push_constant_kb;    /* space partitioned by PUSH_CONSTANT_ALLOC */
   uint32_t l3_size_kb;
   uint32_t max_threads[DEV_STAGE_COUNT]; /* PS: whole GPU; CS: per subslice */
   uint32_t max_surface_size;    /* width/height limit of a 2D surface */
};

/* Bits the render command streamer's TIMESTAMP register counts before it
 * wraps, on every generation here (the upper bits of the 64-bit register
 * read as zero): the driver's timestampValidBits and query masks, and
 * vgpu's clock. */
#define DEVINFO_TIMESTAMP_BITS 36
#define DEVINFO_TIMESTAMP_MASK ((1ull << DEVINFO_TIMESTAMP_BITS) - 1)

/* NULL when the PCI id is not a known Gen7–Gen12 GPU. */
const struct devinfo *devinfo_from_pci_id(uint16_t pci_id);

/* Iterate the table: returns NULL past the end. */
const struct devinfo *devinfo_at(unsigned index);

/* Number of entries devinfo_at() iterates. */
unsigned devinfo_count(void);

static inline unsigned
devinfo_eu_total(const struct devinfo *d)
{
   return d->num_slices * d->subslices_per_slice * d->eus_per_subslice;
}

static inline unsigned
devinfo_subslice_total(const struct devinfo *d)
{
   return d->num_slices * d->subslices_per_slice;
}

#endif

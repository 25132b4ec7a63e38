/* Invariants of the src/dev table: every row must be usable by the driver
 * and by vgpu without further checks. */
#include <stdio.h>
#include <string.h>

#include "devinfo.h"

static int failures;

#define CHECK(d, cond) do {                                              \
      if (!(cond)) {                                                     \
         fprintf(stderr, "FAIL 0x%04x (%s): %s\n", (d)->pci_id,          \
                 (d)->name ? (d)->name : "?", #cond);                     \
         failures++;                                                     \
      }                                                                  \
   } while (0)

static void
check_row(const struct devinfo *d)
{
   CHECK(d, d->name && d->marketing_name && d->gt_label && d->platform_name);
   CHECK(d, d->name && strstr(d->name, d->marketing_name) == d->name);
   CHECK(d, d->name && strstr(d->name, d->gt_label));
   CHECK(d, d->ver >= 7 && d->ver <= 12 && d->ver != 10);
   CHECK(d, d->verx10 / 10 == d->ver);
   CHECK(d, d->verx10 % 10 == 0 || d->verx10 == 75);
   CHECK(d, d->verx10 != 75 || d->platform == PLATFORM_HSW);
   CHECK(d, d->platform < PLATFORM_COUNT);
   CHECK(d, d->gt >= 1 && d->gt <= 4);
   CHECK(d, d->num_slices > 0 && d->subslices_per_slice > 0);
   CHECK(d, d->eus_per_subslice > 0 && d->threads_per_eu > 0);
   CHECK(d, devinfo_eu_total(d) == (unsigned)d->num_slices *
            d->subslices_per_slice * d->eus_per_subslice);
   CHECK(d, devinfo_subslice_total(d) > 0);
   CHECK(d, d->timestamp_frequency >= 12000000 &&
            d->timestamp_frequency <= 38400000);
   /* Softpin needs a full PPGTT; Gen8+ always has one. */
   CHECK(d, d->has_full_ppgtt == (d->ver >= 8));
   CHECK(d, d->gtt_size >= (2ull << 30) && d->gtt_size <= (1ull << 48));
   CHECK(d, d->ver >= 8 || d->gtt_size == (2ull << 30));
   CHECK(d, d->urb_size_kb >= 128 && d->push_constant_kb >= 16);
   CHECK(d, d->l3_size_kb >= 128);
   for (int s = 0; s < DEV_STAGE_COUNT; s++)
      CHECK(d, d->max_threads[s] > 0);
   CHECK(d, d->max_surface_size == 16384);
   CHECK(d, !d->is_lp || !d->has_llc || d->platform == PLATFORM_EHL);
   CHECK(d, !d->has_local_memory || (d->platform == PLATFORM_DG1 && !d->has_llc));
}

/* The ids vgpu emulates, with the names vulkaninfo must show. */
static const struct { uint16_t id; uint8_t verx10; const char *name; } known[] = {
   { 0x0162, 70, "Intel(R) HD Graphics 4000 (IVB GT2)" },
   { 0x0416, 75, "Intel(R) HD Graphics 4600 (HSW GT2)" },
   { 0x1616, 80, "Intel(R) HD Graphics 5500 (BDW GT2)" },
   { 0x1912, 90, "Intel(R) HD Graphics 530 (SKL GT2)" },
   { 0x5912, 90, "Intel(R) HD Graphics 630 (KBL GT2)" },
   { 0x8a52, 110, "Intel(R) Iris(R) Plus Graphics (ICL GT2)" },
   { 0x9a49, 120, "Intel(R) Iris(R) Xe Graphics (TGL GT2)" },
   { 0x0f31, 70, "Intel(R) HD Graphics (BYT)" },
   { 0x22b0, 80, "Intel(R) HD Graphics (CHV)" },
   { 0x5a85, 90, "Intel(R) HD Graphics 500 (APL 2x6)" },
   { 0x3184, 90, "Intel(R) UHD Graphics 605 (GLK 3x6)" },
   { 0x3e92, 90, "Intel(R) UHD Graphics 630 (CFL GT2)" },
   { 0x9bc5, 90, "Intel(R) UHD Graphics 630 (CML GT2)" },
   { 0x4e71, 110, "Intel(R) UHD Graphics (JSL 4x8)" },
   { 0x4c8a, 120, "Intel(R) UHD Graphics 750 (RKL GT1)" },
   { 0x46a6, 120, "Intel(R) Iris(R) Xe Graphics (ADL-P GT2)" },
   { 0x4905, 120, "Intel(R) Iris(R) Xe MAX Graphics (DG1)" },
};

int
main(void)
{
   unsigned n = devinfo_count();
   unsigned per_platform[PLATFORM_COUNT] = { 0 };

   for (unsigned i = 0; i < n; i++) {
      const struct devinfo *d = devinfo_at(i);
      check_row(d);
      per_platform[d->platform]++;
      for (unsigned j = 0; j < i; j++)
         CHECK(d, devinfo_at(j)->pci_id != d->pci_id);
      CHECK(d, devinfo_from_pci_id(d->pci_id) == d);
   }
   if (devinfo_at(n) != NULL) {
      fprintf(stderr, "FAIL devinfo_at(count) is not NULL\n");
      failures++;
   }
   for (int p = 0; p < PLATFORM_COUNT; p++) {
      if (!per_platform[p]) {
         fprintf(stderr, "FAIL platform %d has no PCI id\n", p);
         failures++;
      }
   }
   for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
      const struct devinfo *d = devinfo_from_pci_id(known[i].id);
      if (!d) {
         fprintf(stderr, "FAIL 0x%04x missing\n", known[i].id);
         failures++;
         continue;
      }
      CHECK(d, d->verx10 == known[i].verx10);
      CHECK(d, strcmp(d->name, known[i].name) == 0);
   }
   if (devinfo_from_pci_id(0x0000) || devinfo_from_pci_id(0x0102) /* SNB */ ||
       devinfo_from_pci_id(0x5690) /* DG2, Xe-HPG */) {
      fprintf(stderr, "FAIL an id outside Gen7-Gen12 is known\n");
      failures++;
   }
   printf("%u PCI ids checked, %d failures\n", n, failures);
   return failures ? 1 : 0;
}

#include "devinfo.h"

#include <stddef.h>

#include "macros.h"

#define GiB (1ull << 30)

/* One row per platform and GT configuration; the PCI id list below picks a
 * row and adds the SKU's marketing name.
 *
 * Sources of the figures: PRM "Configurations" volumes, the kernel's i915
 * device tables (GTT size: 2 GiB aliasing PPGTT on Gen7/7.5, 32-bit full
 * PPGTT on Cherryview, 36-bit on Elkhart/Jasper Lake, 47-bit on DG1, 48-bit
 * elsewhere) and Mesa's device tables as a cross-check.  The timestamp
 * frequency is only a fallback: the driver asks the kernel
 * (I915_PARAM_CS_TIMESTAMP_FREQUENCY), which reads the crystal clock.
 *
 * max_threads: PS counts the whole GPU (Gen9: 64 per pixel-shader dispatcher,
 * 4 per slice; Gen11+: 128 per dispatcher, 8 per slice), CS counts threads per
 * subslice (per dual-subslice on Gen12).  URB size is the allocation the
 * 3DSTATE_URB_* packets partition; on multi-slice Gen9 parts it is per
 * slice.  L3 size is l3 banks x bank size of the generation. */
#define ROW(plat, pname, vx10, gt_, lp, llc, lmem, gtt, tsf, s, ss, eu, thr, \
            urb, push, l3, vs, hs, ds, gs, ps, cs)                          \
   .platform = plat, .platform_name = pname, .ver = (vx10) / 10,           \
   .verx10 = vx10, .gt = gt_, .is_lp = lp, .has_llc = llc,                 \
   .has_full_ppgtt = (vx10) >= 80, .has_local_memory = lmem,               \
   .num_slices = s, .subslices_per_slice = ss, .eus_per_subslice = eu,     \
   .threads_per_eu = thr, .timestamp_frequency = tsf, .gtt_size = gtt,     \
   .urb_size_kb = urb, .push_constant_kb = push, .l3_size_kb = l3,         \
   .max_threads = { [DEV_STAGE_VS] = vs, [DEV_STAGE_HS] = hs,              \
                    [DEV_STAGE_DS] = ds, [DEV_STAGE_GS] = gs,              \
                    [DEV_STAGE_PS] = ps, [DEV_STAGE_CS] = cs },            \
   .max_surface_size = 16384

#define TS_12_5 12500000
#define TS_12   12000000
#define TS_19_2 19200000
#define GTT_48  (1ull << 48)

/*                    platform     name   vx10 gt lp   llc    lmem   gtt        ts      s ss eu thr urb  push l3    vs   hs   ds   gs   ps    cs */
#define IVB_GT1   ROW(PLATFORM_IVB, "ivb", 70, 1, false, true,  false, 2 * GiB, TS_12_5, 1, 1, 6, 6, 128, 16, 256,  36,  36,  36,  36,  48,   36)
#define IVB_GT2   ROW(PLATFORM_IVB, "ivb", 70, 2, false, true,  false, 2 * GiB, TS_12_5, 1, 2, 8, 8, 256, 16, 512,  128, 128, 128, 128, 172,  64)
#define BYT       ROW(PLATFORM_BYT, "byt", 70, 1, true,  false, false, 2 * GiB, TS_12_5, 1, 1, 4, 8, 128, 16, 128,  36,  36,  36,  36,  48,   32)
#define HSW_GT1   ROW(PLATFORM_HSW, "hsw", 75, 1, false, true,  false, 2 * GiB, TS_12_5, 1, 1, 10, 7, 128, 16, 256, 70,  70,  70,  70,  102,  70)
#define HSW_GT2   ROW(PLATFORM_HSW, "hsw", 75, 2, false, true,  false, 2 * GiB, TS_12_5, 1, 2, 10, 7, 256, 16, 512, 280, 256, 280, 256, 204,  70)
#define HSW_GT3   ROW(PLATFORM_HSW, "hsw", 75, 3, false, true,  false, 2 * GiB, TS_12_5, 2, 2, 10, 7, 512, 32, 1024, 280, 256, 280, 256, 408, 70)
#define BDW_GT1   ROW(PLATFORM_BDW, "bdw", 80, 1, false, true,  false, GTT_48,  TS_12_5, 1, 2, 6, 7, 192, 32, 192,  504, 504, 504, 504, 384,  42)
#define BDW_GT2   ROW(PLATFORM_BDW, "bdw", 80, 2, false, true,  false, GTT_48,  TS_12_5, 1, 3, 8, 7, 384, 32, 384,  504, 504, 504, 504, 384,  56)
#define BDW_GT3   ROW(PLATFORM_BDW, "bdw", 80, 3, false, true,  false, GTT_48,  TS_12_5, 2, 3, 8, 7, 384, 32, 768,  504, 504, 504, 504, 384,  56)
#define CHV       ROW(PLATFORM_CHV, "chv", 80, 1, true,  false, false, 4 * GiB, TS_12_5, 1, 2, 8, 7, 192, 32, 192,  80,  80,  80,  80,  128,  42)
#define SKL_GT1   ROW(PLATFORM_SKL, "skl", 90, 1, false, true,  false, GTT_48,  TS_12,   1, 2, 6, 7, 192, 32, 384,  336, 336, 336, 336, 256,  56)
#define SKL_GT2   ROW(PLATFORM_SKL, "skl", 90, 2, false, true,  false, GTT_48,  TS_12,   1, 3, 8, 7, 384, 32, 768,  336, 336, 336, 336, 256,  56)
#define SKL_GT3   ROW(PLATFORM_SKL, "skl", 90, 3, false, true,  false, GTT_48,  TS_12,   2, 3, 8, 7, 384, 32, 1536, 336, 336, 336, 336, 512,  56)
#define SKL_GT4   ROW(PLATFORM_SKL, "skl", 90, 4, false, true,  false, GTT_48,  TS_12,   3, 3, 8, 7, 336, 32, 2304, 336, 336, 336, 336, 768,  56)
#define BXT       ROW(PLATFORM_BXT, "bxt", 90, 1, true,  false, false, GTT_48,  TS_19_2, 1, 3, 6, 6, 192, 32, 384,  112, 112, 112, 112, 256,  36)
#define BXT_2X6   ROW(PLATFORM_BXT, "bxt", 90, 1, true,  false, false, GTT_48,  TS_19_2, 1, 2, 6, 6, 128, 32, 192,  56,  56,  56,  56,  256,  36)
#define KBL_GT1   ROW(PLATFORM_KBL, "kbl", 90, 1, false, true,  false, GTT_48,  TS_12,   1, 2, 6, 7, 192, 32, 384,  336, 336, 336, 336, 256,  42)
#define KBL_GT1_5 ROW(PLATFORM_KBL, "kbl", 90, 1, false, true,  false, GTT_48,  TS_12,   1, 3, 6, 7, 384, 32, 768,  336, 336, 336, 336, 256,  42)
#define KBL_GT2   ROW(PLATFORM_KBL, "kbl", 90, 2, false, true,  false, GTT_48,  TS_12,   1, 3, 8, 7, 384, 32, 768,  336, 336, 336, 336, 256,  56)
#define KBL_GT3   ROW(PLATFORM_KBL, "kbl", 90, 3, false, true,  false, GTT_48,  TS_12,   2, 3, 8, 7, 384, 32, 1536, 336, 336, 336, 336, 512,  56)
#define KBL_GT4   ROW(PLATFORM_KBL, "kbl", 90, 4, false, true,  false, GTT_48,  TS_12,   3, 3, 8, 7, 336, 32, 2304, 336, 336, 336, 336, 768,  56)
#define GLK       ROW(PLATFORM_GLK, "glk", 90, 1, true,  false, false, GTT_48,  TS_19_2, 1, 3, 6, 6, 192, 32, 384,  112, 112, 112, 112, 256,  36)
#define GLK_2X6   ROW(PLATFORM_GLK, "glk", 90, 1, true,  false, false, GTT_48,  TS_19_2, 1, 2, 6, 6, 128, 32, 384,  56,  56,  56,  56,  256,  36)
#define CFL_GT1   ROW(PLATFORM_CFL, "cfl", 90, 1, false, true,  false, GTT_48,  TS_12,   1, 2, 6, 7, 192, 32, 384,  336, 336, 336, 336, 256,  56)
#define CFL_GT2   ROW(PLATFORM_CFL, "cfl", 90, 2, false, true,  false, GTT_48,  TS_12,   1, 3, 8, 7, 384, 32, 768,  336, 336, 336, 336, 256,  56)
#define CFL_GT3   ROW(PLATFORM_CFL, "cfl", 90, 3, false, true,  false, GTT_48,  TS_12,   2, 3, 8, 7, 384, 32, 1536, 336, 336, 336, 336, 512,  56)
#define ICL_GT2   ROW(PLATFORM_ICL, "icl", 110, 2, false, true, false, GTT_48,  TS_12,   1, 8, 8, 7, 1024, 32, 3072, 364, 224, 364, 224, 1024, 56)
#define ICL_GT1_5 ROW(PLATFORM_ICL, "icl", 110, 1, false, true, false, GTT_48,  TS_12,   1, 6, 8, 7, 768, 32, 2304, 364, 224, 364, 224, 1024, 56)
#define ICL_GT1   ROW(PLATFORM_ICL, "icl", 110, 1, false, true, false, GTT_48,  TS_12,   1, 4, 8, 7, 768, 32, 2304, 364, 224, 364, 224, 1024, 56)
#define ICL_GT0_5 ROW(PLATFORM_ICL, "icl", 110, 1, false, true, false, GTT_48,  TS_12,   1, 1, 8, 7, 768, 32, 2304, 364, 224, 364, 224, 1024, 56)
#define EHL_(ss, eu) ROW(PLATFORM_EHL, "ehl", 110, 1, true, true, false, 1ull << 36, TS_12, 1, ss, eu, 7, 512, 32, 1536, 364, 224, 364, 224, 1024, 56)
#define EHL_4X8   EHL_(4, 8)
#define EHL_4X6   EHL_(4, 6)
#define EHL_4X5   EHL_(4, 5)
#define EHL_4X4   EHL_(4, 4)
#define EHL_2X8   EHL_(2, 8)
#define EHL_2X4   EHL_(2, 4)
#define GEN12_(plat, pname, gt, dss, urb, l3, lmem, gtt) \
   ROW(plat, pname, 120, gt, false, !(lmem), lmem, gtt, TS_19_2, 1, dss, 16, 7, urb, 32, l3, 546, 336, 546, 336, 1024, 112)
#define TGL_GT1   GEN12_(PLATFORM_TGL, "tgl", 1, 2, 512, 1920, false, GTT_48)
#define TGL_GT2   GEN12_(PLATFORM_TGL, "tgl", 2, 6, 1024, 3840, false, GTT_48)
#define RKL_GT1   GEN12_(PLATFORM_RKL, "rkl", 1, 2, 512, 1920, false, GTT_48)
#define RKL_GT0_5 GEN12_(PLATFORM_RKL, "rkl", 1, 1, 512, 1920, false, GTT_48)
#define ADL_GT2   GEN12_(PLATFORM_ADL, "adl", 2, 6, 1024, 3840, false, GTT_48)
#define ADL_GT1   GEN12_(PLATFORM_ADL, "adl", 1, 2, 512, 1920, false, GTT_48)
#define ADL_GT0_5 GEN12_(PLATFORM_ADL, "adl", 1, 1, 512, 1920, false, GTT_48)
#define DG1       GEN12_(PLATFORM_DG1, "dg1", 2, 6, 1024, 3840, true, 1ull << 47)

#define DEV(id, row, mkt, label) \
   { .pci_id = id, row, .marketing_name = mkt, .gt_label = label, \
     .name = mkt " (" label ")" }

static const struct devinfo devinfo_table[] = {
   DEV(0x0152, IVB_GT1, "Intel(R) HD Graphics 2500", "IVB GT1"),
   DEV(0x0156, IVB_GT1, "Intel(R) HD Graphics", "IVB GT1"),
   DEV(0x015a, IVB_GT1, "Intel(R) HD Graphics", "IVB GT1"),
   DEV(0x0162, IVB_GT2, "Intel(R) HD Graphics 4000", "IVB GT2"),
   DEV(0x0166, IVB_GT2, "Intel(R) HD Graphics 4000", "IVB GT2"),
   DEV(0x016a, IVB_GT2, "Intel(R) HD Graphics P4000", "IVB GT2"),
   DEV(0x0f31, BYT, "Intel(R) HD Graphics", "BYT"),
   DEV(0x0f32, BYT, "Intel(R) HD Graphics", "BYT"),
   DEV(0x0f33, BYT, "Intel(R) HD Graphics", "BYT"),
   DEV(0x0157, BYT, "Intel(R) HD Graphics", "BYT"),
   DEV(0x0155, BYT, "Intel(R) HD Graphics", "BYT"),
   DEV(0x0402, HSW_GT1, "Intel(R) HD Graphics", "HSW GT1"),
   DEV(0x0406, HSW_GT1, "Intel(R) HD Graphics", "HSW GT1"),
   DEV(0x040a, HSW_GT1, "Intel(R) HD Graphics", "HSW GT1"),
   DEV(0x040b, HSW_GT1, "Intel(R) HD Graphics", "HSW GT1"),
   DEV(0x040e, HSW_GT1, "Intel(R) HD Graphics", "HSW GT1"),
   DEV(0x0412, HSW_GT2, "Intel(R) HD Graphics 4600", "HSW GT2"),
   DEV(0x0416, HSW_GT2, "Intel(R) HD Graphics 4600", "HSW GT2"),
   DEV(0x041a, HSW_GT2, "Intel(R) HD Graphics P4600/P4700", "HSW GT2"),
   DEV(0x041b, HSW_GT2, "Intel(R) HD Graphics", "HSW GT2"),
   DEV(0x041e, HSW_GT2, "Intel(R) HD Graphics", "HSW GT2"),
   DEV(0x0422, HSW_GT3, "Intel(R) HD Graphics", "HSW GT3"),
   DEV(0x0426, HSW_GT3, "Intel(R) HD Graphics", "HSW GT3"),
   DEV(0x042a, HSW_GT3, "Intel(R) HD Graphics", "HSW GT3"),
   DEV(0x042b, HSW_GT3, "Intel(R) HD Graphics", "HSW GT3"),
   DEV(0x042e, HSW_GT3, "Intel(R) HD Graphics", "HSW GT3"),
   DEV(0x0c02, HSW_GT1, "Intel(R) HD Graphics", "HSW GT1"),
   DEV(0x0c06, HSW_GT1, "Intel(R) HD Graphics", "HSW GT1"),
   DEV(0x0c0a, HSW_GT1, "Intel(R) HD Graphics", "HSW GT1"),
   DEV(0x0c0b, HSW_GT1, "Intel(R) HD Graphics", "HSW GT1"),
   DEV(0x0c0e, HSW_GT1, "Intel(R) HD Graphics", "HSW GT1"),
   DEV(0x0c12, HSW_GT2, "Intel(R) HD Graphics", "HSW GT2"),
   DEV(0x0c16, HSW_GT2, "Intel(R) HD Graphics", "HSW GT2"),
   DEV(0x0c1a, HSW_GT2, "Intel(R) HD Graphics", "HSW GT2"),
   DEV(0x0c1b, HSW_GT2, "Intel(R) HD Graphics", "HSW GT2"),
   DEV(0x0c1e, HSW_GT2, "Intel(R) HD Graphics", "HSW GT2"),
   DEV(0x0c22, HSW_GT3, "Intel(R) HD Graphics", "HSW GT3"),
   DEV(0x0c26, HSW_GT3, "Intel(R) HD Graphics", "HSW GT3"),
   DEV(0x0c2a, HSW_GT3, "Intel(R) HD Graphics", "HSW GT3"),
   DEV(0x0c2b, HSW_GT3, "Intel(R) HD Graphics", "HSW GT3"),
   DEV(0x0c2e, HSW_GT3, "Intel(R) HD Graphics", "HSW GT3"),
   DEV(0x0a02, HSW_GT1, "Intel(R) HD Graphics", "HSW GT1"),
   DEV(0x0a06, HSW_GT1, "Intel(R) HD Graphics", "HSW GT1"),
   DEV(0x0a0a, HSW_GT1, "Intel(R) HD Graphics", "HSW GT1"),
   DEV(0x0a0b, HSW_GT1, "Intel(R) HD Graphics", "HSW GT1"),
   DEV(0x0a0e, HSW_GT1, "Intel(R) HD Graphics", "HSW GT1"),
   DEV(0x0a12, HSW_GT2, "Intel(R) HD Graphics", "HSW GT2"),
   DEV(0x0a16, HSW_GT2, "Intel(R) HD Graphics 4400", "HSW GT2"),
   DEV(0x0a1a, HSW_GT2, "Intel(R) HD Graphics", "HSW GT2"),
   DEV(0x0a1b, HSW_GT2, "Intel(R) HD Graphics", "HSW GT2"),
   DEV(0x0a1e, HSW_GT2, "Intel(R) HD Graphics 4200", "HSW GT2"),
   DEV(0x0a22, HSW_GT3, "Intel(R) HD Graphics", "HSW GT3"),
   DEV(0x0a26, HSW_GT3, "Intel(R) HD Graphics 5000", "HSW GT3"),
   DEV(0x0a2a, HSW_GT3, "Intel(R) HD Graphics", "HSW GT3"),
   DEV(0x0a2b, HSW_GT3, "Intel(R) HD Graphics", "HSW GT3"),
   DEV(0x0a2e, HSW_GT3, "Intel(R) Iris(R) Graphics 5100", "HSW GT3"),
   DEV(0x0d02, HSW_GT1, "Intel(R) HD Graphics", "HSW GT1"),
   DEV(0x0d06, HSW_GT1, "Intel(R) HD Graphics", "HSW GT1"),
   DEV(0x0d0a, HSW_GT1, "Intel(R) HD Graphics", "HSW GT1"),
   DEV(0x0d0b, HSW_GT1, "Intel(R) HD Graphics", "HSW GT1"),
   DEV(0x0d0e, HSW_GT1, "Intel(R) HD Graphics", "HSW GT1"),
   DEV(0x0d12, HSW_GT2, "Intel(R) HD Graphics", "HSW GT2"),
   DEV(0x0d16, HSW_GT2, "Intel(R) HD Graphics", "HSW GT2"),
   DEV(0x0d1a, HSW_GT2, "Intel(R) HD Graphics", "HSW GT2"),
   DEV(0x0d1b, HSW_GT2, "Intel(R) HD Graphics", "HSW GT2"),
   DEV(0x0d1e, HSW_GT2, "Intel(R) HD Graphics", "HSW GT2"),
   DEV(0x0d22, HSW_GT3, "Intel(R) Iris(R) Pro Graphics 5200", "HSW GT3"),
   DEV(0x0d26, HSW_GT3, "Intel(R) Iris(R) Pro Graphics 5200", "HSW GT3"),
   DEV(0x0d2a, HSW_GT3, "Intel(R) HD Graphics", "HSW GT3"),
   DEV(0x0d2b, HSW_GT3, "Intel(R) HD Graphics", "HSW GT3"),
   DEV(0x0d2e, HSW_GT3, "Intel(R) HD Graphics", "HSW GT3"),
   DEV(0x22b0, CHV, "Intel(R) HD Graphics", "CHV"),
   DEV(0x22b1, CHV, "Intel(R) HD Graphics", "BSW"),
   DEV(0x22b2, CHV, "Intel(R) HD Graphics", "CHV"),
   DEV(0x22b3, CHV, "Intel(R) HD Graphics", "CHV"),
   DEV(0x1602, BDW_GT1, "Intel(R) HD Graphics", "BDW GT1"),
   DEV(0x1606, BDW_GT1, "Intel(R) HD Graphics", "BDW GT1"),
   DEV(0x160a, BDW_GT1, "Intel(R) HD Graphics", "BDW GT1"),
   DEV(0x160b, BDW_GT1, "Intel(R) HD Graphics", "BDW GT1"),
   DEV(0x160d, BDW_GT1, "Intel(R) HD Graphics", "BDW GT1"),
   DEV(0x160e, BDW_GT1, "Intel(R) HD Graphics", "BDW GT1"),
   DEV(0x1612, BDW_GT2, "Intel(R) HD Graphics 5600", "BDW GT2"),
   DEV(0x1616, BDW_GT2, "Intel(R) HD Graphics 5500", "BDW GT2"),
   DEV(0x161a, BDW_GT2, "Intel(R) HD Graphics P5700", "BDW GT2"),
   DEV(0x161b, BDW_GT2, "Intel(R) HD Graphics", "BDW GT2"),
   DEV(0x161d, BDW_GT2, "Intel(R) HD Graphics", "BDW GT2"),
   DEV(0x161e, BDW_GT2, "Intel(R) HD Graphics 5300", "BDW GT2"),
   DEV(0x1622, BDW_GT3, "Intel(R) Iris(R) Pro Graphics 6200", "BDW GT3"),
   DEV(0x1626, BDW_GT3, "Intel(R) HD Graphics 6000", "BDW GT3"),
   DEV(0x162a, BDW_GT3, "Intel(R) Iris(R) Pro Graphics P6300", "BDW GT3"),
   DEV(0x162b, BDW_GT3, "Intel(R) Iris(R) Graphics 6100", "BDW GT3"),
   DEV(0x162d, BDW_GT3, "Intel(R) HD Graphics", "BDW GT3"),
   DEV(0x162e, BDW_GT3, "Intel(R) HD Graphics", "BDW GT3"),
   DEV(0x1902, SKL_GT1, "Intel(R) HD Graphics 510", "SKL GT1"),
   DEV(0x1906, SKL_GT1, "Intel(R) HD Graphics 510", "SKL GT1"),
   DEV(0x190a, SKL_GT1, "Intel(R) HD Graphics", "SKL GT1"),
   DEV(0x190b, SKL_GT1, "Intel(R) HD Graphics 510", "SKL GT1"),
   DEV(0x190e, SKL_GT1, "Intel(R) HD Graphics", "SKL GT1"),
   DEV(0x1912, SKL_GT2, "Intel(R) HD Graphics 530", "SKL GT2"),
   DEV(0x1913, SKL_GT2, "Intel(R) HD Graphics", "SKL GT2F"),
   DEV(0x1915, SKL_GT2, "Intel(R) HD Graphics", "SKL GT2F"),
   DEV(0x1916, SKL_GT2, "Intel(R) HD Graphics 520", "SKL GT2"),
   DEV(0x1917, SKL_GT2, "Intel(R) HD Graphics", "SKL GT2F"),
   DEV(0x191a, SKL_GT2, "Intel(R) HD Graphics", "SKL GT2"),
   DEV(0x191b, SKL_GT2, "Intel(R) HD Graphics 530", "SKL GT2"),
   DEV(0x191d, SKL_GT2, "Intel(R) HD Graphics P530", "SKL GT2"),
   DEV(0x191e, SKL_GT2, "Intel(R) HD Graphics 515", "SKL GT2"),
   DEV(0x1921, SKL_GT2, "Intel(R) HD Graphics 520", "SKL GT2"),
   DEV(0x1923, SKL_GT3, "Intel(R) HD Graphics 535", "SKL GT3"),
   DEV(0x1926, SKL_GT3, "Intel(R) Iris(R) Graphics 540", "SKL GT3"),
   DEV(0x1927, SKL_GT3, "Intel(R) Iris(R) Graphics 550", "SKL GT3"),
   DEV(0x192a, SKL_GT4, "Intel(R) HD Graphics", "SKL GT4"),
   DEV(0x192b, SKL_GT3, "Intel(R) Iris(R) Graphics 555", "SKL GT3"),
   DEV(0x192d, SKL_GT3, "Intel(R) Iris(R) Graphics P555", "SKL GT3"),
   DEV(0x1932, SKL_GT4, "Intel(R) Iris(R) Pro Graphics 580", "SKL GT4"),
   DEV(0x193a, SKL_GT4, "Intel(R) Iris(R) Pro Graphics P580", "SKL GT4"),
   DEV(0x193b, SKL_GT4, "Intel(R) Iris(R) Pro Graphics 580", "SKL GT4"),
   DEV(0x193d, SKL_GT4, "Intel(R) Iris(R) Pro Graphics P580", "SKL GT4"),
   DEV(0x0a84, BXT, "Intel(R) HD Graphics", "BXT 3x6"),
   DEV(0x1a84, BXT, "Intel(R) HD Graphics", "BXT 3x6"),
   DEV(0x1a85, BXT_2X6, "Intel(R) HD Graphics", "BXT 2x6"),
   DEV(0x5a84, BXT, "Intel(R) HD Graphics 505", "APL 3x6"),
   DEV(0x5a85, BXT_2X6, "Intel(R) HD Graphics 500", "APL 2x6"),
   DEV(0x3184, GLK, "Intel(R) UHD Graphics 605", "GLK 3x6"),
   DEV(0x3185, GLK_2X6, "Intel(R) UHD Graphics 600", "GLK 2x6"),
   DEV(0x5902, KBL_GT1, "Intel(R) HD Graphics 610", "KBL GT1"),
   DEV(0x5906, KBL_GT1, "Intel(R) HD Graphics 610", "KBL GT1"),
   DEV(0x590a, KBL_GT1, "Intel(R) HD Graphics", "KBL GT1"),
   DEV(0x5908, KBL_GT1, "Intel(R) HD Graphics", "KBL GT1"),
   DEV(0x590b, KBL_GT1, "Intel(R) HD Graphics 610", "KBL GT1"),
   DEV(0x590e, KBL_GT1, "Intel(R) HD Graphics", "KBL GT1"),
   DEV(0x5913, KBL_GT1_5, "Intel(R) HD Graphics", "KBL GT1.5"),
   DEV(0x5915, KBL_GT1_5, "Intel(R) HD Graphics", "KBL GT1.5"),
   DEV(0x5917, KBL_GT2, "Intel(R) UHD Graphics 620", "KBL GT2"),
   DEV(0x5912, KBL_GT2, "Intel(R) HD Graphics 630", "KBL GT2"),
   DEV(0x5916, KBL_GT2, "Intel(R) HD Graphics 620", "KBL GT2"),
   DEV(0x591a, KBL_GT2, "Intel(R) HD Graphics P630", "KBL GT2"),
   DEV(0x591b, KBL_GT2, "Intel(R) HD Graphics 630", "KBL GT2"),
   DEV(0x591d, KBL_GT2, "Intel(R) HD Graphics P630", "KBL GT2"),
   DEV(0x591e, KBL_GT2, "Intel(R) HD Graphics 615", "KBL GT2"),
   DEV(0x5921, KBL_GT2, "Intel(R) HD Graphics 620", "KBL GT2F"),
   DEV(0x5923, KBL_GT3, "Intel(R) HD Graphics 635", "KBL GT3"),
   DEV(0x5926, KBL_GT3, "Intel(R) Iris(R) Plus Graphics 640", "KBL GT3"),
   DEV(0x5927, KBL_GT3, "Intel(R) Iris(R) Plus Graphics 650", "KBL GT3"),
   DEV(0x593b, KBL_GT4, "Intel(R) HD Graphics", "KBL GT4"),
   DEV(0x591c, KBL_GT2, "Intel(R) UHD Graphics 615", "AML-KBL GT2"),
   DEV(0x87c0, KBL_GT2, "Intel(R) UHD Graphics 617", "AML-KBL GT2"),
   DEV(0x87ca, CFL_GT2, "Intel(R) UHD Graphics", "AML-CFL GT2"),
   DEV(0x3e90, CFL_GT1, "Intel(R) UHD Graphics 610", "CFL GT1"),
   DEV(0x3e93, CFL_GT1, "Intel(R) UHD Graphics 610", "CFL GT1"),
   DEV(0x3e99, CFL_GT1, "Intel(R) UHD Graphics 610", "CFL GT1"),
   DEV(0x3e9c, CFL_GT1, "Intel(R) UHD Graphics 610", "CFL GT1"),
   DEV(0x3e91, CFL_GT2, "Intel(R) UHD Graphics 630", "CFL GT2"),
   DEV(0x3e92, CFL_GT2, "Intel(R) UHD Graphics 630", "CFL GT2"),
   DEV(0x3e96, CFL_GT2, "Intel(R) UHD Graphics P630", "CFL GT2"),
   DEV(0x3e98, CFL_GT2, "Intel(R) UHD Graphics 630", "CFL GT2"),
   DEV(0x3e9a, CFL_GT2, "Intel(R) UHD Graphics P630", "CFL GT2"),
   DEV(0x3e9b, CFL_GT2, "Intel(R) UHD Graphics 630", "CFL GT2"),
   DEV(0x3e94, CFL_GT2, "Intel(R) UHD Graphics P630", "CFL GT2"),
   DEV(0x3ea9, CFL_GT2, "Intel(R) UHD Graphics 620", "CFL GT2"),
   DEV(0x3ea5, CFL_GT3, "Intel(R) Iris(R) Plus Graphics 655", "CFL GT3"),
   DEV(0x3ea6, CFL_GT3, "Intel(R) Iris(R) Plus Graphics 645", "CFL GT3"),
   DEV(0x3ea7, CFL_GT3, "Intel(R) HD Graphics", "CFL GT3"),
   DEV(0x3ea8, CFL_GT3, "Intel(R) Iris(R) Plus Graphics 655", "CFL GT3"),
   DEV(0x3ea1, CFL_GT1, "Intel(R) UHD Graphics 610", "WHL GT1"),
   DEV(0x3ea4, CFL_GT1, "Intel(R) UHD Graphics", "WHL GT1"),
   DEV(0x3ea0, CFL_GT2, "Intel(R) UHD Graphics 620", "WHL GT2"),
   DEV(0x3ea3, CFL_GT2, "Intel(R) UHD Graphics", "WHL GT2"),
   DEV(0x3ea2, CFL_GT3, "Intel(R) UHD Graphics", "WHL GT3"),
   DEV(0x9b21, CFL_GT1, "Intel(R) UHD Graphics", "CML GT1"),
   DEV(0x9ba0, CFL_GT1, "Intel(R) UHD Graphics", "CML GT1"),
   DEV(0x9ba2, CFL_GT1, "Intel(R) UHD Graphics", "CML GT1"),
   DEV(0x9ba4, CFL_GT1, "Intel(R) UHD Graphics", "CML GT1"),
   DEV(0x9ba5, CFL_GT1, "Intel(R) UHD Graphics 610", "CML GT1"),
   DEV(0x9ba8, CFL_GT1, "Intel(R) UHD Graphics 610", "CML GT1"),
   DEV(0x9baa, CFL_GT1, "Intel(R) UHD Graphics", "CML GT1"),
   DEV(0x9bab, CFL_GT1, "Intel(R) UHD Graphics", "CML GT1"),
   DEV(0x9bac, CFL_GT1, "Intel(R) UHD Graphics", "CML GT1"),
   DEV(0x9b41, CFL_GT2, "Intel(R) UHD Graphics", "CML GT2"),
   DEV(0x9bc0, CFL_GT2, "Intel(R) UHD Graphics", "CML GT2"),
   DEV(0x9bc2, CFL_GT2, "Intel(R) UHD Graphics", "CML GT2"),
   DEV(0x9bc4, CFL_GT2, "Intel(R) UHD Graphics", "CML GT2"),
   DEV(0x9bc5, CFL_GT2, "Intel(R) UHD Graphics 630", "CML GT2"),
   DEV(0x9bc6, CFL_GT2, "Intel(R) UHD Graphics P630", "CML GT2"),
   DEV(0x9bc8, CFL_GT2, "Intel(R) UHD Graphics 630", "CML GT2"),
   DEV(0x9bca, CFL_GT2, "Intel(R) UHD Graphics", "CML GT2"),
   DEV(0x9bcb, CFL_GT2, "Intel(R) UHD Graphics", "CML GT2"),
   DEV(0x9bcc, CFL_GT2, "Intel(R) UHD Graphics", "CML GT2"),
   DEV(0x9be6, CFL_GT2, "Intel(R) UHD Graphics P630", "CML GT2"),
   DEV(0x9bf6, CFL_GT2, "Intel(R) UHD Graphics P630", "CML GT2"),
   DEV(0x8a50, ICL_GT2, "Intel(R) HD Graphics", "ICL GT2"),
   DEV(0x8a51, ICL_GT2, "Intel(R) Iris(R) Plus Graphics", "ICL GT2"),
   DEV(0x8a52, ICL_GT2, "Intel(R) Iris(R) Plus Graphics", "ICL GT2"),
   DEV(0x8a53, ICL_GT2, "Intel(R) Iris(R) Plus Graphics", "ICL GT2"),
   DEV(0x8a54, ICL_GT1_5, "Intel(R) Iris(R) Plus Graphics", "ICL GT1.5"),
   DEV(0x8a56, ICL_GT1, "Intel(R) UHD Graphics", "ICL GT1"),
   DEV(0x8a57, ICL_GT1_5, "Intel(R) HD Graphics", "ICL GT1.5"),
   DEV(0x8a58, ICL_GT1, "Intel(R) UHD Graphics", "ICL GT1"),
   DEV(0x8a59, ICL_GT1_5, "Intel(R) HD Graphics", "ICL GT1.5"),
   DEV(0x8a5a, ICL_GT1_5, "Intel(R) Iris(R) Plus Graphics", "ICL GT1.5"),
   DEV(0x8a5b, ICL_GT1, "Intel(R) HD Graphics", "ICL GT1"),
   DEV(0x8a5c, ICL_GT1_5, "Intel(R) Iris(R) Plus Graphics", "ICL GT1.5"),
   DEV(0x8a5d, ICL_GT1, "Intel(R) HD Graphics", "ICL GT1"),
   DEV(0x8a71, ICL_GT0_5, "Intel(R) HD Graphics", "ICL GT0.5"),
   DEV(0x4500, EHL_4X8, "Intel(R) UHD Graphics", "EHL 4x8"),
   DEV(0x4541, EHL_2X4, "Intel(R) UHD Graphics", "EHL 2x4"),
   DEV(0x4551, EHL_4X4, "Intel(R) UHD Graphics", "EHL 4x4"),
   DEV(0x4555, EHL_2X8, "Intel(R) UHD Graphics", "EHL 2x8"),
   DEV(0x4557, EHL_4X5, "Intel(R) UHD Graphics", "EHL 4x5"),
   DEV(0x4570, EHL_4X8, "Intel(R) UHD Graphics", "EHL 4x8"),
   DEV(0x4571, EHL_4X8, "Intel(R) UHD Graphics", "EHL 4x8"),
   DEV(0x4e51, EHL_4X4, "Intel(R) UHD Graphics", "JSL 4x4"),
   DEV(0x4e55, EHL_2X8, "Intel(R) UHD Graphics", "JSL 2x8"),
   DEV(0x4e57, EHL_4X5, "Intel(R) UHD Graphics", "JSL 4x5"),
   DEV(0x4e61, EHL_4X6, "Intel(R) UHD Graphics", "JSL 4x6"),
   DEV(0x4e71, EHL_4X8, "Intel(R) UHD Graphics", "JSL 4x8"),
   DEV(0x9a40, TGL_GT2, "Intel(R) Iris(R) Xe Graphics", "TGL GT2"),
   DEV(0x9a49, TGL_GT2, "Intel(R) Iris(R) Xe Graphics", "TGL GT2"),
   DEV(0x9a59, TGL_GT2, "Intel(R) Graphics", "TGL GT2"),
   DEV(0x9a60, TGL_GT1, "Intel(R) UHD Graphics", "TGL GT1"),
   DEV(0x9a68, TGL_GT1, "Intel(R) UHD Graphics", "TGL GT1"),
   DEV(0x9a70, TGL_GT1, "Intel(R) UHD Graphics", "TGL GT1"),
   DEV(0x9a78, TGL_GT2, "Intel(R) UHD Graphics", "TGL GT2"),
   DEV(0x9ac0, TGL_GT2, "Intel(R) UHD Graphics", "TGL GT2"),
   DEV(0x9ac9, TGL_GT2, "Intel(R) UHD Graphics", "TGL GT2"),
   DEV(0x9ad9, TGL_GT2, "Intel(R) UHD Graphics", "TGL GT2"),
   DEV(0x9af8, TGL_GT2, "Intel(R) UHD Graphics", "TGL GT2"),
   DEV(0x4c8a, RKL_GT1, "Intel(R) UHD Graphics 750", "RKL GT1"),
   DEV(0x4c8b, RKL_GT1, "Intel(R) UHD Graphics 730", "RKL GT1"),
   DEV(0x4c8c, RKL_GT0_5, "Intel(R) UHD Graphics", "RKL GT0.5"),
   DEV(0x4c90, RKL_GT1, "Intel(R) UHD Graphics P750", "RKL GT1"),
   DEV(0x4c9a, RKL_GT1, "Intel(R) UHD Graphics", "RKL GT1"),
   DEV(0x4680, ADL_GT1, "Intel(R) UHD Graphics 770", "ADL-S GT1"),
   DEV(0x4682, ADL_GT1, "Intel(R) UHD Graphics 730", "ADL-S GT1"),
   DEV(0x4688, ADL_GT1, "Intel(R) UHD Graphics", "ADL-S GT1"),
   DEV(0x468a, ADL_GT1, "Intel(R) UHD Graphics", "ADL-S GT1"),
   DEV(0x468b, ADL_GT0_5, "Intel(R) UHD Graphics", "ADL-S GT0.5"),
   DEV(0x4690, ADL_GT1, "Intel(R) UHD Graphics 770", "ADL-S GT1"),
   DEV(0x4692, ADL_GT1, "Intel(R) UHD Graphics 730", "ADL-S GT1"),
   DEV(0x4693, ADL_GT1, "Intel(R) UHD Graphics 710", "ADL-S GT1"),
   DEV(0x4626, ADL_GT2, "Intel(R) Graphics", "ADL-P GT2"),
   DEV(0x4628, ADL_GT2, "Intel(R) Graphics", "ADL-P GT2"),
   DEV(0x462a, ADL_GT2, "Intel(R) Graphics", "ADL-P GT2"),
   DEV(0x46a0, ADL_GT2, "Intel(R) Graphics", "ADL-P GT2"),
   DEV(0x46a1, ADL_GT2, "Intel(R) Graphics", "ADL-P GT2"),
   DEV(0x46a2, ADL_GT2, "Intel(R) Graphics", "ADL-P GT2"),
   DEV(0x46a3, ADL_GT2, "Intel(R) Graphics", "ADL-P GT2"),
   DEV(0x46a6, ADL_GT2, "Intel(R) Iris(R) Xe Graphics", "ADL-P GT2"),
   DEV(0x46a8, ADL_GT2, "Intel(R) Iris(R) Xe Graphics", "ADL-P GT2"),
   DEV(0x46aa, ADL_GT2, "Intel(R) Iris(R) Xe Graphics", "ADL-P GT2"),
   DEV(0x46b0, ADL_GT2, "Intel(R) Graphics", "ADL-P GT2"),
   DEV(0x46b1, ADL_GT2, "Intel(R) Graphics", "ADL-P GT2"),
   DEV(0x46b2, ADL_GT2, "Intel(R) Graphics", "ADL-P GT2"),
   DEV(0x46b3, ADL_GT2, "Intel(R) Graphics", "ADL-P GT2"),
   DEV(0x46c0, ADL_GT2, "Intel(R) Graphics", "ADL-P GT2"),
   DEV(0x46c1, ADL_GT2, "Intel(R) Graphics", "ADL-P GT2"),
   DEV(0x46c2, ADL_GT2, "Intel(R) Graphics", "ADL-P GT2"),
   DEV(0x46c3, ADL_GT2, "Intel(R) Graphics", "ADL-P GT2"),
   DEV(0x46d0, ADL_GT1, "Intel(R) Graphics", "ADL-N GT1"),
   DEV(0x46d1, ADL_GT1, "Intel(R) Graphics", "ADL-N GT1"),
   DEV(0x46d2, ADL_GT0_5, "Intel(R) Graphics", "ADL-N GT0.5"),
   DEV(0x46d3, ADL_GT1, "Intel(R) Graphics", "ADL-N GT1"),
   DEV(0x46d4, ADL_GT1, "Intel(R) Graphics", "ADL-N GT1"),
   DEV(0x4905, DG1, "Intel(R) Iris(R) Xe MAX Graphics", "DG1"),
   DEV(0x4906, DG1, "Intel(R) Graphics", "DG1"),
   DEV(0x4908, DG1, "Intel(R) Iris(R) Xe Graphics", "DG1"),
   DEV(0x4909, DG1, "Intel(R) Graphics", "DG1"),
};

const struct devinfo *
devinfo_from_pci_id(uint16_t pci_id)
{
   for (size_t i = 0; i < ARRAY_SIZE(devinfo_table); i++) {
      if (devinfo_table[i].pci_id == pci_id)
         return &devinfo_table[i];
   }
   return NULL;
}

const struct devinfo *
devinfo_at(unsigned index)
{
   return index < ARRAY_SIZE(devinfo_table) ? &devinfo_table[index] : NULL;
}

unsigned
devinfo_count(void)
{
   return ARRAY_SIZE(devinfo_table);
}

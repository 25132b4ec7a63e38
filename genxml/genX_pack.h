/* Per-generation code (genX_*.c, compiled once per generation with
 * -DGFX_VERx10=70|75|80|90|110|120) includes this header to get the pack
 * functions of its generation and the genX()/GENX() name macros:
 *
 *    struct GENX(PIPE_CONTROL) pc = { GENX(PIPE_CONTROL_header), ... };
 *    GENX(PIPE_CONTROL_pack)(batch, dw, &pc);
 *    void genX(emit_dispatch)(struct gvk_cmd_buffer *cmd);  -> gfx90_emit_dispatch
 */
#ifndef GVK_GENX_PACK_H
#define GVK_GENX_PACK_H

#ifndef GFX_VERx10
#error "genX_pack.h needs GFX_VERx10 (70, 75, 80, 90, 110 or 120)"
#endif

#define GVK_GENX_PASTE2(a, b) a##b
#define GVK_GENX_PASTE(a, b) GVK_GENX_PASTE2(a, b)

#if GFX_VERx10 == 70
#include "gen70_pack.h"
#define GVK_GENX_UPPER GFX70_
#define GVK_GENX_LOWER gfx70_
#elif GFX_VERx10 == 75
#include "gen75_pack.h"
#define GVK_GENX_UPPER GFX75_
#define GVK_GENX_LOWER gfx75_
#elif GFX_VERx10 == 80
#include "gen80_pack.h"
#define GVK_GENX_UPPER GFX80_
#define GVK_GENX_LOWER gfx80_
#elif GFX_VERx10 == 90
#include "gen90_pack.h"
#define GVK_GENX_UPPER GFX90_
#define GVK_GENX_LOWER gfx90_
#elif GFX_VERx10 == 110
#include "gen110_pack.h"
#define GVK_GENX_UPPER GFX110_
#define GVK_GENX_LOWER gfx110_
#elif GFX_VERx10 == 120
#include "gen120_pack.h"
#define GVK_GENX_UPPER GFX120_
#define GVK_GENX_LOWER gfx120_
#else
#error "unsupported GFX_VERx10"
#endif

#define GENX(x) GVK_GENX_PASTE(GVK_GENX_UPPER, x)
#define genX(x) GVK_GENX_PASTE(GVK_GENX_LOWER, x)
#define GFX_VER (GFX_VERx10 / 10)

#endif

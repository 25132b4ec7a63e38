/* Rule ps-dispatch at a draw: the pixel dispatch widths 3DSTATE_PS
 * enables, against the sample rate and count of the draw (PRM Vol 2a
 * 3DSTATE_PS "8/16/32 Pixel Dispatch Enable" and the "Dispatch Enables"
 * classifications; Mesa's intel_set_ps_dispatch_state applies the same
 * list).  Gen8+: Gen7's 3DSTATE_PS words it differently. */
#include <stdio.h>

#include "vgpu_3d.h"
#include "vgpu_priv.h"

/* Why the enabled widths break a rule, or NULL. */
static const char *
dispatch_problem(const struct vgpu_3d *st, unsigned ver)
{
   const struct vgpu_3d_wm *wm = &st->wm;
   const unsigned simd = st->shader[VGPU_3D_PS].simd;
   const unsigned samples = st->samples ? st->samples : 1;
   const bool per_sample = wm->per_sample && samples > 1;
   if (!(simd & (8 | 16 | 32)))
      return "no dispatch width enabled";
   if ((wm->fast_clear || wm->rt_resolve) && (simd & 8))
      return "8 Pixel Dispatch Enable with a render target fast clear or resolve";
   if (per_sample && ver >= 12 && (simd & 32))
      return "32 Pixel Dispatch Enable with per-sample dispatch at more than one sample";
   if (per_sample && ver < 12 && (simd & (simd - 1)))
      return "more than one dispatch width with per-sample dispatch at more than one "
             "sample (the classifications that allow it have one)";
   if (ver >= 9 && samples == 16 && !per_sample && (simd & 32))
      return "32 Pixel Dispatch Enable with per-pixel dispatch at 16 samples";
   if (ver >= 12 && simd == 32)
      return "32 Pixel Dispatch Enable without SIMD16 or SIMD8";
   return NULL;
}

void
vgpu_ps_check_rules(struct vgpu_exec *exec, const struct vgpu_3d *st, uint64_t draw_addr)
{
   if (vgpu_rules_mode == VGPU_RULES_OFF || vgpu.info->ver < 8 ||
       !st->shader[VGPU_3D_PS].enable)
      return;
   const char *why = dispatch_problem(st, vgpu.info->ver);
   if (!why)
      return;
   char detail[192];
   snprintf(detail, sizeof(detail), "3DSTATE_PS enables SIMD%s%s%s, %u samples, %s: %s",
            st->shader[VGPU_3D_PS].simd & 8 ? " 8" : "",
            st->shader[VGPU_3D_PS].simd & 16 ? " 16" : "",
            st->shader[VGPU_3D_PS].simd & 32 ? " 32" : "", st->samples ? st->samples : 1,
            st->wm.per_sample ? "per-sample" : "per-pixel", why);
   vgpu_rules_ps_dispatch(exec, draw_addr, detail);
}

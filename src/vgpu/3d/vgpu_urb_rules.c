/* Rule urb-allocation at a draw (vgpu_urb.h): the partition of the URB
 * among the stages as 3DSTATE_URB_xS and 3DSTATE_PUSH_CONSTANT_ALLOC_xS
 * left it.  Apart from vgpu_urb.c, which the URB tests build alone. */
#include <stdio.h>

#include "vgpu_priv.h"
#include "vgpu_urb.h"

static const char *const urb_stage_names[] = { "VS", "HS", "DS", "GS" };

/* The fewest entries an enabled stage may have.  The VS's device range
 * is checked at each 3DSTATE_URB_VS (vgpu_rules.c); with tessellation
 * BDW PRM 3DSTATE_URB_VS raises its minimum to 192 on Gen8.  The DS's
 * minimum of 34 (3DSTATE_URB_DS, Gen8+; Mesa's intel_device_info.c
 * urb.min_entries) and the GS's 2 (a thread's two objects: Mesa's
 * intel_urb_config.c) are the others; a hull shader needs one entry for
 * its patch. */
static uint32_t
min_entries(const struct vgpu_3d *st, enum vgpu_3d_stage s)
{
   const bool tess = st->shader[VGPU_3D_HS].enable || st->shader[VGPU_3D_DS].enable;
   switch (s) {
   case VGPU_3D_VS: return tess && vgpu.info->ver == 8 ? 192 : 0;
   case VGPU_3D_HS: return st->shader[VGPU_3D_HS].enable ? 1 : 0;
   case VGPU_3D_DS: return st->shader[VGPU_3D_DS].enable && vgpu.info->ver >= 8 ? 34 : 0;
   case VGPU_3D_GS: return st->shader[VGPU_3D_GS].enable ? 2 : 0;
   default: return 0;
   }
}

/* The end of the push-constant space the stages' 3DSTATE_PUSH_CONSTANT_
 * ALLOC_xS use, in bytes from the URB's start, where the PRM keeps it
 * (Mesa's intel_urb_config.c lays the entries out after it).  KB units:
 * GT3 parts' 2 KB units make this a lower bound there. */
static uint64_t
push_constant_end(const struct vgpu_3d *st)
{
   uint64_t end = 0;
   for (unsigned s = VGPU_3D_VS; s < VGPU_3D_STAGES; s++) {
      const struct vgpu_3d_urb *u = &st->urb[s];
      if (u->push_size && (uint64_t)(u->push_offset + u->push_size) * 1024 > end)
         end = (uint64_t)(u->push_offset + u->push_size) * 1024;
   }
   return end;
}

static void
check_minimums(struct vgpu_exec *exec, const struct vgpu_3d *st, uint64_t addr)
{
   char detail[128];
   for (unsigned s = VGPU_3D_VS; s <= VGPU_3D_GS; s++) {
      const uint32_t min = min_entries(st, s);
      if (st->urb[s].entries >= min)
         continue;
      snprintf(detail, sizeof(detail), "3DSTATE_URB_%s: %u entries, an enabled %s needs %u",
               urb_stage_names[s], st->urb[s].entries, urb_stage_names[s], min);
      vgpu_rules_urb_allocation(exec, addr, detail);
   }
}

static void
check_ranges(struct vgpu_exec *exec, const struct vgpu_3d *st, uint64_t addr)
{
   char detail[160];
   const uint64_t push_end = push_constant_end(st);
   for (unsigned s = VGPU_3D_VS; s <= VGPU_3D_GS; s++) {
      const struct vgpu_3d_urb *a = &st->urb[s];
      const uint64_t first = (uint64_t)a->start * VGPU_URB_START_BYTES;
      const uint64_t end = first + (uint64_t)a->entries * a->entry_size * VGPU_URB_HANDLE_BYTES;
      if (!a->entries)
         continue;
      if (first < push_end) {
         snprintf(detail, sizeof(detail), "3DSTATE_URB_%s: entries from %llu KB, the push "
                  "constants take the first %llu KB", urb_stage_names[s],
                  (unsigned long long)first / 1024, (unsigned long long)push_end / 1024);
         vgpu_rules_urb_allocation(exec, addr, detail);
      }
      for (unsigned t = s + 1; t <= VGPU_3D_GS; t++) {
         const struct vgpu_3d_urb *b = &st->urb[t];
         const uint64_t t_first = (uint64_t)b->start * VGPU_URB_START_BYTES;
         const uint64_t t_end = t_first + (uint64_t)b->entries * b->entry_size * VGPU_URB_HANDLE_BYTES;
         if (!b->entries || t_end <= first || end <= t_first)
            continue;
         snprintf(detail, sizeof(detail), "%s entries [%llu, %llu) bytes overlap %s's "
                  "[%llu, %llu)", urb_stage_names[s], (unsigned long long)first,
                  (unsigned long long)end, urb_stage_names[t], (unsigned long long)t_first,
                  (unsigned long long)t_end);
         vgpu_rules_urb_allocation(exec, addr, detail);
      }
   }
}

void
vgpu_urb_check_rules(struct vgpu_exec *exec, const struct vgpu_3d *st, uint64_t draw_addr)
{
   if (vgpu_rules_mode == VGPU_RULES_OFF)
      return;
   check_minimums(exec, st, draw_addr);
   check_ranges(exec, st, draw_addr);
}

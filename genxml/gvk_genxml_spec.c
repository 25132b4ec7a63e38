/* Look-ups over the generated genxml tables. */
#include "gvk_genxml_spec.h"

#include <stddef.h>
#include <string.h>

const struct gvk_gx_spec *
gvk_gx_spec_for(int verx10)
{
   switch (verx10) {
   case 70: return &gvk_gx_spec_70;
   case 75: return &gvk_gx_spec_75;
   case 80: return &gvk_gx_spec_80;
   case 90: return &gvk_gx_spec_90;
   case 110: return &gvk_gx_spec_110;
   case 120: return &gvk_gx_spec_120;
   default: return NULL;
   }
}

const struct gvk_gx_item *
gvk_gx_find_command(const struct gvk_gx_spec *spec, uint32_t dw0)
{
   const struct gvk_gx_item *best = NULL;
   /* The most specific header wins: a command whose mask covers more bits
    * (e.g. a sub-opcode) is preferred to a shorter match. */
   for (uint32_t i = 0; i < spec->item_count; i++) {
      const struct gvk_gx_item *it = &spec->items[i];
      if (it->kind != GVK_GX_COMMAND || !it->opcode_mask)
         continue;
      if ((dw0 & it->opcode_mask) != it->opcode)
         continue;
      if (!best || __builtin_popcount(it->opcode_mask) >
                   __builtin_popcount(best->opcode_mask))
         best = it;
   }
   return best;
}

const struct gvk_gx_item *
gvk_gx_find_by_name(const struct gvk_gx_spec *spec, const char *name)
{
   for (uint32_t i = 0; i < spec->item_count; i++) {
      if (strcmp(spec->items[i].name, name) == 0)
         return &spec->items[i];
   }
   return NULL;
}

const struct gvk_gx_item *
gvk_gx_find_register(const struct gvk_gx_spec *spec, uint32_t offset)
{
   for (uint32_t i = 0; i < spec->item_count; i++) {
      if (spec->items[i].kind == GVK_GX_REGISTER && spec->items[i].offset == offset)
         return &spec->items[i];
   }
   return NULL;
}

uint32_t
gvk_gx_command_length(const struct gvk_gx_item *item, uint32_t dw0)
{
   if (item->length_field < 0)
      return item->length;
   const struct gvk_gx_field *f = &item->fields[item->length_field];
   uint32_t width = f->end - f->start + 1;
   uint32_t v = (dw0 >> f->start) & (width >= 32 ? ~0u : (1u << width) - 1);
   return v + item->bias;
}

bool
gvk_gx_field_raw(const struct gvk_gx_field *f, const uint32_t *p, uint32_t n,
                 uint32_t base, uint64_t *raw)
{
   uint32_t start = base + f->start, end = base + f->end;
   uint32_t dw = start / 32, last = end / 32;
   /* Structures wider than a qword are read field by field, not here. */
   if (dw >= n || end - start >= 64 || last > dw + 1)
      return false;
   /* A 64-bit field cut short by the command's length (a one-dword
    * MI_STORE_DATA_IMM) reads as its low dword. */
   uint64_t q = p[dw];
   if (last > dw && last < n)
      q |= (uint64_t)p[dw + 1] << 32;
   unsigned lo = start % 32, hi = end - dw * 32;
   uint64_t mask = hi - lo == 63 ? ~0ull : ((1ull << (hi - lo + 1)) - 1) << lo;
   q &= mask;
   /* Offsets and addresses keep their place: their low bits are alignment. */
   if (f->kind == GVK_GX_OFFSET || f->kind == GVK_GX_ADDRESS)
      *raw = q;
   else
      *raw = q >> lo;
   return true;
}

const char *
gvk_gx_value_name(const struct gvk_gx_field *f, uint64_t v)
{
   for (uint16_t i = 0; i < f->value_count; i++) {
      if (f->values[i].value == v)
         return f->values[i].name;
   }
   return NULL;
}

/* The data port's formats (see vgpu_format.h): a view of isl's format
 * table, built once, holding the formats typed surface messages and the
 * sampler's ld convert on Gen7-Gen12 (PRM Vol 7 "Typed Surface Read/Write"
 * formats are all UNORM, SNORM, UINT, SINT and float ones). */
#include "vgpu_format.h"

#include <pthread.h>
#include <stddef.h>

#include "isl.h"

#define MAX_VIEWS 256

static struct vgpu_format views[MAX_VIEWS];
static unsigned view_count;
static pthread_once_t views_once = PTHREAD_ONCE_INIT;

static bool
data_port_type(uint8_t type)
{
   switch (type) {
   case ISL_VOID: case ISL_UNORM: case ISL_SNORM: case ISL_UINT: case ISL_SINT:
   case ISL_UFLOAT: case ISL_SFLOAT:
      return true;
   default:
      return false;
   }
}

static bool
data_port_format(const struct isl_format_layout *l)
{
   if (!isl_texel_convertible(l) || l->ch[ISL_L].bits)
      return false;
   for (unsigned c = 0; c < ISL_COMPONENTS; c++) {
      if (!data_port_type(l->ch[c].type))
         return false;
   }
   return true;
}

static void
build_views(void)
{
   const struct isl_format_layout *l;
   for (unsigned i = 0; (l = isl_format_layout_at(i)) && view_count < MAX_VIEWS; i++) {
      if (!data_port_format(l))
         continue;
      struct vgpu_format *f = &views[view_count++];
      f->number = l->format;
      f->bytes = (uint8_t)isl_format_bytes(l);
      for (unsigned c = 0; c < 4; c++)
         f->ch[c] = (struct vgpu_format_channel){ l->ch[c].shift, l->ch[c].bits };
      f->name = l->name;
      f->isl = l;
   }
}

/* isl lists formats by number, so the views are sorted too. */
const struct vgpu_format *
vgpu_format_get(uint32_t number)
{
   pthread_once(&views_once, build_views);
   size_t lo = 0, hi = view_count;
   while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      if (views[mid].number == number)
         return &views[mid];
      if (views[mid].number < number)
         lo = mid + 1;
      else
         hi = mid;
   }
   return NULL;
}

void
vgpu_format_unpack(const struct vgpu_format *f, const uint8_t *texel, uint32_t rgba[4])
{
   isl_texel_unpack(f->isl, texel, rgba);
}

void
vgpu_format_pack(const struct vgpu_format *f, const uint32_t rgba[4], unsigned mask,
                 uint8_t *texel)
{
   isl_texel_pack(f->isl, rgba, mask, texel);
}

uint32_t
vgpu_small_float_encode(float v, unsigned exp_bits, unsigned man_bits, bool is_signed)
{
   return isl_small_float_encode(v, exp_bits, man_bits, is_signed);
}

float
vgpu_small_float_decode(uint32_t bits, unsigned exp_bits, unsigned man_bits, bool is_signed)
{
   return isl_small_float_decode(bits, exp_bits, man_bits, is_signed);
}

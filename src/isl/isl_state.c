/* RENDER_SURFACE_STATE entry points: each generation's functions are built
 * from isl_state_genX.c; these pick them by GFX_VERx10. */
#include <stddef.h>

#include "isl.h"
#include "isl_priv.h"


struct gen_state_funcs {
   unsigned verx10;
   bool (*fill_image)(uint32_t *dw, const struct isl_image_state *info);
   bool (*fill_buffer)(uint32_t *dw, const struct isl_buffer_state *info);
   bool (*fill_null)(uint32_t *dw, uint32_t w, uint32_t h, uint32_t layers);
   bool (*decode)(const uint32_t *dw, struct isl_state_desc *out);
   void (*layout)(struct isl_state_layout *out);
};

#define GEN(v) { v, gfx##v##_isl_fill_image_state, gfx##v##_isl_fill_buffer_state, \
                 gfx##v##_isl_fill_null_state, gfx##v##_isl_decode_state, \
                 gfx##v##_isl_state_layout }
static const struct gen_state_funcs gens[] = {
   GEN(70), GEN(75), GEN(80), GEN(90), GEN(110), GEN(120),
};
#undef GEN

static const struct gen_state_funcs *
funcs(unsigned verx10)
{
   for (size_t i = 0; i < sizeof(gens) / sizeof(gens[0]); i++) {
      if (gens[i].verx10 == verx10)
         return &gens[i];
   }
   return NULL;
}

bool
isl_state_layout(unsigned verx10, struct isl_state_layout *out)
{
   const struct gen_state_funcs *f = funcs(verx10);
   if (!f)
      return false;
   f->layout(out);
   return true;
}

bool
isl_fill_image_state(unsigned verx10, uint32_t *dw, const struct isl_image_state *info)
{
   const struct gen_state_funcs *f = funcs(verx10);
   return f && f->fill_image(dw, info);
}

bool
isl_fill_buffer_state(unsigned verx10, uint32_t *dw, const struct isl_buffer_state *info)
{
   const struct gen_state_funcs *f = funcs(verx10);
   return f && f->fill_buffer(dw, info);
}

bool
isl_fill_null_state(unsigned verx10, uint32_t *dw, uint32_t width, uint32_t height,
                    uint32_t layers)
{
   const struct gen_state_funcs *f = funcs(verx10);
   return f && f->fill_null(dw, width, height, layers);
}

bool
isl_decode_state(unsigned verx10, const uint32_t *dw, struct isl_state_desc *out)
{
   const struct gen_state_funcs *f = funcs(verx10);
   return f && f->decode(dw, out);
}

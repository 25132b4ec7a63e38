/* Transform feedback outputs of a vertex stage (gbe_xfb.h).
 *
 * Each captured output becomes pieces of at most one VUE row: the
 * stream output reads whole dwords of one 128-bit row per declaration
 * (PRM Vol 2 SO_DECL: Register Index and Component Mask), so an array or
 * matrix gives a piece per element (one location each) and the clip and
 * cull distances one per row of the VUE they span (gbe.h struct
 * gbe_vue_map). */
#include "gbe_xfb.h"

#include <stdlib.h>

#include "gbe.h"

/* The VUE header dwords of the built-ins it holds (PRM Vol 7 "VUE
 * Header"). */
#define HEADER_LAYER 1
#define HEADER_VIEWPORT 2
#define HEADER_POINT_SIZE 3

bool
gbe_xfb_captured(const struct ir_shader *s, const struct ir_var *v)
{
   return s->info.xfb && v->storage == IR_STORAGE_OUTPUT && v->xfb_buffer != IR_NO_XFB;
}

struct xfb_builder {
   struct gbe_prog *p;
   const struct ir_var *v;
   struct gbe_xfb_info *xfb;
};

static bool
add_piece(struct xfb_builder *b, uint32_t offset, unsigned row, unsigned component,
          unsigned n)
{
   struct gbe_xfb_info *xfb = b->xfb;
   if (xfb->num_outputs == GBE_MAX_XFB_OUTPUTS)
      return gbe_fail(b->p, "more than %u transform feedback outputs", GBE_MAX_XFB_OUTPUTS);
   if (row == GBE_NO_SLOT || component + n > 4 || offset > UINT16_MAX)
      return gbe_fail(b->p, "output \"%s\" cannot be captured: no VUE slot for it",
                      b->v->name ? b->v->name : "");
   xfb->outputs[xfb->num_outputs++] = (struct gbe_xfb_output){
      .stream = (uint8_t)b->v->stream, .buffer = (uint8_t)b->v->xfb_buffer,
      .row = (uint8_t)row, .component = (uint8_t)component, .num_components = (uint8_t)n,
      .offset = (uint16_t)offset,
   };
   if (row > xfb->max_row)
      xfb->max_row = row;
   return true;
}

/* Elements of a location-assigned output: each a 32-bit scalar or vector
 * at its own location (arrays and matrices; Vulkan "Location
 * Assignment"), packed one after another in the buffer. */
static bool
add_locations(struct xfb_builder *b, const struct gbe_vue_map *vue)
{
   const struct ir_var *v = b->v;
   const struct ir_type *t = v->type;
   uint32_t count = 1;
   while (t->kind == IR_TYPE_ARRAY) {
      count *= t->length;
      t = t->elem;
   }
   if ((t->kind != IR_TYPE_FLOAT && t->kind != IR_TYPE_INT) || t->bits != 32)
      return gbe_fail(b->p, "transform feedback of output \"%s\": only 32-bit scalars and "
                      "vectors (and arrays of them) are supported", v->name ? v->name : "");
   for (uint32_t e = 0; e < count; e++) {
      const uint32_t loc = v->location + e;
      const unsigned row = loc < GBE_MAX_VARYINGS ? vue->location_row[loc] : GBE_NO_SLOT;
      if (!add_piece(b, v->xfb_offset + e * t->comps * 4, row, v->component, t->comps))
         return false;
   }
   return true;
}

/* Clip or cull distance elements from `first` of the eight: pieces split
 * at row boundaries. */
static bool
add_distances(struct xfb_builder *b, unsigned first, unsigned count)
{
   for (unsigned k = 0; k < count;) {
      const unsigned d = first + k;
      const unsigned n = count - k < 4 - d % 4 ? count - k : 4 - d % 4;
      if (!add_piece(b, b->v->xfb_offset + k * 4, 2 + d / 4, d % 4, n))
         return false;
      k += n;
   }
   return true;
}

static bool
add_output(struct xfb_builder *b, const struct gbe_vue_map *vue)
{
   const struct ir_var *v = b->v;
   const uint32_t len = v->type->kind == IR_TYPE_ARRAY ? v->type->length : 0;
   switch (v->builtin) {
   case IR_OUTPUT_NONE: return add_locations(b, vue);
   case IR_OUTPUT_position: return add_piece(b, v->xfb_offset, 1, 0, v->type->comps);
   case IR_OUTPUT_point_size: return add_piece(b, v->xfb_offset, 0, HEADER_POINT_SIZE, 1);
   case IR_OUTPUT_layer: return add_piece(b, v->xfb_offset, 0, HEADER_LAYER, 1);
   case IR_OUTPUT_viewport_index: return add_piece(b, v->xfb_offset, 0, HEADER_VIEWPORT, 1);
   case IR_OUTPUT_clip_distance: return add_distances(b, 0, len);
   case IR_OUTPUT_cull_distance: return add_distances(b, vue->num_clip, len);
   default:
      return gbe_fail(b->p, "transform feedback of %s is not supported",
                      ir_output_builtin_names[v->builtin]);
   }
}

static int
compare_outputs(const void *pa, const void *pb)
{
   const struct gbe_xfb_output *a = pa, *b = pb;
   if (a->stream != b->stream)
      return a->stream - b->stream;
   if (a->buffer != b->buffer)
      return a->buffer - b->buffer;
   return a->offset - b->offset;
}

/* Sorted pieces of one buffer may not overlap, and each vertex must fit
 * its stride. */
static bool
check_layout(struct gbe_prog *p, const struct gbe_xfb_info *xfb)
{
   uint8_t stream_of[GBE_MAX_XFB_BUFFERS] = { 0xff, 0xff, 0xff, 0xff };
   for (uint32_t i = 0; i < xfb->num_outputs; i++) {
      const struct gbe_xfb_output *o = &xfb->outputs[i];
      /* a buffer belongs to one stream (3DSTATE_SO_DECL_LIST Stream to
       * Buffer Selects; Vulkan: XfbBuffer outputs of one Stream) */
      if (stream_of[o->buffer] != 0xff && stream_of[o->buffer] != o->stream)
         return gbe_fail(p, "transform feedback buffer %u is written by two streams",
                         o->buffer);
      stream_of[o->buffer] = o->stream;
      const uint32_t end = o->offset + o->num_components * 4u;
      if (end > xfb->stride[o->buffer])
         return gbe_fail(p, "transform feedback buffer %u: output at byte %u beyond the "
                         "stride of %u bytes", o->buffer, o->offset, xfb->stride[o->buffer]);
      const struct gbe_xfb_output *n = i + 1 < xfb->num_outputs ? o + 1 : NULL;
      if (n && n->stream == o->stream && n->buffer == o->buffer && n->offset < end)
         return gbe_fail(p, "transform feedback buffer %u: outputs overlap at byte %u",
                         o->buffer, n->offset);
   }
   return true;
}

bool
gbe_xfb_fill(struct gbe_prog *p, const struct ir_shader *s, const struct gbe_vue_map *vue,
             struct gbe_xfb_info *xfb)
{
   *xfb = (struct gbe_xfb_info){ .num_outputs = 0 };
   for (uint32_t i = 0; i < s->num_vars; i++) {
      const struct ir_var *v = s->vars[i];
      if (!gbe_xfb_captured(s, v))
         continue;
      if (v->xfb_buffer >= GBE_MAX_XFB_BUFFERS || v->stream >= 4 || v->xfb_offset % 4 ||
          v->xfb_stride % 4 || v->xfb_stride > GBE_MAX_XFB_STRIDE)
         return gbe_fail(p, "output \"%s\": transform feedback buffer %u, stream %u, offset "
                         "%u, stride %u cannot be captured", v->name ? v->name : "",
                         v->xfb_buffer, v->stream, v->xfb_offset, v->xfb_stride);
      xfb->stride[v->xfb_buffer] = v->xfb_stride;
      struct xfb_builder b = { .p = p, .v = v, .xfb = xfb };
      if (!add_output(&b, vue))
         return false;
   }
   qsort(xfb->outputs, xfb->num_outputs, sizeof(xfb->outputs[0]), compare_outputs);
   return check_layout(p, xfb);
}

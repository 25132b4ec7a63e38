/* Transform feedback information of the back end (gbe.h struct
 * gbe_xfb_info, src/compiler/gbe_xfb.c) for shaders/vs_xfb_layout.vert on
 * Gen8, 9, 11 and 12: every captured piece (stream, buffer, byte offset,
 * VUE row and components) and the strides, against the layout worked out
 * by hand from the GLSL qualifiers and gbe.h's VUE map rules (row 0 the
 * header with the point size in DWord 3, row 1 the position, rows 2-3
 * the clip distances, then one row per location in order, the captured
 * but unwritten location 5 included); the VUE map must agree.  A 64-bit
 * capture (vs_xfb_double.vert) must be refused with a message naming the
 * output, not compiled into declarations of the wrong size.
 *
 *   gbe_xfb_test SPV_DIR */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gbe.h"
#include "gbe_test.h"
#include "spirv.h"
#include "util_file.h"

/* stream, buffer, row, component, components, offset */
static const struct gbe_xfb_output want[] = {
   { 0, 0, 1, 0, 4, 0 },    /* gl_Position */
   { 0, 0, 5, 0, 1, 20 },   /* f: location 1 */
   { 0, 0, 6, 1, 2, 24 },   /* yz: location 2, component 1 */
   { 0, 0, 0, 3, 1, 32 },   /* gl_PointSize: header DWord 3 */
   { 0, 0, 2, 0, 4, 36 },   /* gl_ClipDistance[0..3] */
   { 0, 0, 3, 0, 1, 52 },   /* gl_ClipDistance[4] */
   { 0, 1, 7, 0, 3, 8 },    /* arr[0]: location 3 */
   { 0, 1, 8, 0, 3, 20 },   /* arr[1]: location 4 */
   { 0, 1, 9, 0, 2, 32 },   /* never_written: location 5 */
};
#define NUM_WANT (sizeof(want) / sizeof(want[0]))

static const enum isa_gen gens[] = { ISA_GEN8, ISA_GEN9, ISA_GEN11, ISA_GEN12 };

static uint32_t *
load(const char *dir, const char *name, size_t *words)
{
   char path[4096];
   snprintf(path, sizeof(path), "%s/%s", dir, name);
   size_t size;
   uint32_t *code = util_read_file(path, &size);
   CHECK(code && size % 4 == 0, "cannot read %s", path);
   if (code && size % 4) {
      free(code);
      return NULL;
   }
   *words = size / 4;
   return code;
}

/* Compiles for gen; false with err when the front or back end refuses. */
static bool
compile(const uint32_t *code, size_t words, enum isa_gen gen, struct gbe_kernel *k,
        char *err, size_t err_size)
{
   struct spirv_options so = { .entry_point = NULL };
   struct ir_shader *s = spirv_to_ir(code, words, &so, err, err_size);
   if (!s)
      return false;
   struct gbe_options opt = { .gen = gen };
   bool ok = gbe_compile(s, &opt, k, err, err_size);
   ir_shader_destroy(s);
   return ok;
}

static void
check_layout(const char *gen, const struct gbe_kernel *k)
{
   const struct gbe_xfb_info *x = &k->xfb;
   const struct gbe_vue_map *vue = &k->vs.vue;
   CHECK(x->num_outputs == NUM_WANT, "%s: %u pieces, want %zu", gen, x->num_outputs,
         NUM_WANT);
   for (unsigned i = 0; i < NUM_WANT && i < x->num_outputs; i++) {
      const struct gbe_xfb_output *o = &x->outputs[i], *w = &want[i];
      CHECK(o->stream == w->stream && o->buffer == w->buffer && o->row == w->row &&
            o->component == w->component && o->num_components == w->num_components &&
            o->offset == w->offset,
            "%s: piece %u is stream %u buffer %u offset %u row %u .%u x%u, want stream %u "
            "buffer %u offset %u row %u .%u x%u", gen, i, o->stream, o->buffer, o->offset,
            o->row, o->component, o->num_components, w->stream, w->buffer, w->offset, w->row,
            w->component, w->num_components);
   }
   CHECK(x->stride[0] == 64 && x->stride[1] == 40 && !x->stride[2] && !x->stride[3],
         "%s: strides %u %u %u %u", gen, x->stride[0], x->stride[1], x->stride[2],
         x->stride[3]);
   CHECK(x->max_row == 9, "%s: last row %u", gen, x->max_row);
   CHECK(vue->num_rows == 10 && vue->clip_rows == 2 && vue->num_clip == 5 &&
         vue->writes_point_size,
         "%s: VUE of %u rows, clip rows %u, %u clip distances, point size %d", gen,
         vue->num_rows, vue->clip_rows, vue->num_clip, vue->writes_point_size);
   for (unsigned l = 0; l <= 5; l++)
      CHECK(vue->location_row[l] == 4 + l, "%s: location %u in row %u", gen, l,
            vue->location_row[l]);
}

int
main(int argc, char **argv)
{
   if (argc != 2) {
      fprintf(stderr, "usage: gbe_xfb_test SPV_DIR\n");
      return 2;
   }
   size_t words, dwords;
   uint32_t *layout = load(argv[1], "vs_xfb_layout.spv", &words);
   uint32_t *dbl = load(argv[1], "vs_xfb_double.spv", &dwords);
   for (unsigned g = 0; layout && dbl && g < sizeof(gens) / sizeof(gens[0]); g++) {
      const char *gen = isa_gen_name(gens[g]);
      char err[512];
      struct gbe_kernel k;
      bool ok = compile(layout, words, gens[g], &k, err, sizeof(err));
      CHECK(ok, "vs_xfb_layout %s: %s", gen, err);
      if (ok) {
         check_layout(gen, &k);
         gbe_kernel_finish(&k);
      }
      ok = compile(dbl, dwords, gens[g], &k, err, sizeof(err));
      CHECK(!ok && strstr(err, "\"d\""),
            "vs_xfb_double %s: compiled (%d) or said \"%s\"", gen, ok, ok ? "" : err);
      if (ok)
         gbe_kernel_finish(&k);
   }
   free(layout);
   free(dbl);
   if (gbe_test_failures)
      fprintf(stderr, "%d failures\n", gbe_test_failures);
   else
      printf("gbe_xfb: transform feedback layouts as expected on Gen8, 9, 11 and 12\n");
   return gbe_test_failures ? 1 : 0;
}

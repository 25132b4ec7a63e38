/* The front end keeps transform feedback and stream decorations on the
 * IR's output variables.  Expected values are the qualifiers written in
 * the GLSL sources (tests/shaders/vs_xfb.vert, gs_xfb_streams.geom).
 * Arguments: vs_xfb.vert.spv gs_xfb_streams.geom.spv */
#include <string.h>

#include "ir_test_util.h"
#include "spirv.h"

static unsigned failures;

static struct ir_shader *
load_shader(const char *path)
{
   size_t words;
   uint32_t *code = read_spirv(path, &words);
   if (!code)
      return NULL;
   char err[256];
   struct ir_shader *s = spirv_to_ir(code, words, NULL, err, sizeof(err));
   free(code);
   if (!s)
      fprintf(stderr, "%s: %s\n", path, err);
   return s;
}

static const struct ir_var *
output_named(const struct ir_shader *s, const char *name)
{
   for (uint32_t v = 0; v < s->num_vars; v++) {
      if (s->vars[v]->storage == IR_STORAGE_OUTPUT && !strcmp(s->vars[v]->name, name))
         return s->vars[v];
   }
   return NULL;
}

/* buffer IR_NO_XFB: the output must not be captured. */
static void
expect(const struct ir_shader *s, const char *name, uint32_t buffer, uint32_t stride,
       uint32_t offset, uint32_t stream)
{
   const struct ir_var *v = output_named(s, name);
   if (!v) {
      fprintf(stderr, "%s: no such output\n", name);
      failures++;
      return;
   }
   bool ok = v->xfb_buffer == buffer && v->stream == stream &&
             (buffer == IR_NO_XFB || (v->xfb_stride == stride && v->xfb_offset == offset));
   printf("%s: buffer %d stride %u offset %u stream %u: %s\n", name, (int)v->xfb_buffer,
          v->xfb_stride, v->xfb_offset, v->stream, ok ? "ok" : "WRONG");
   failures += !ok;
}

int
main(int argc, char **argv)
{
   if (argc != 3) {
      fprintf(stderr, "usage: %s vs_xfb.vert.spv gs_xfb_streams.geom.spv\n", argv[0]);
      return 2;
   }
   struct ir_shader *vs = load_shader(argv[1]), *gs = load_shader(argv[2]);
   if (!vs || !gs)
      return 1;
   if (!vs->info.xfb || !gs->info.xfb) {
      fprintf(stderr, "the Xfb execution mode was lost\n");
      failures++;
   }
   expect(vs, "color", 1, 32, 16, 0);
   expect(vs, "uncaptured", IR_NO_XFB, 0, 0, 0);
   expect(vs, "gl_PerVertex.0", 0, 20, 4, 0);       /* gl_Position */
   expect(vs, "gl_PerVertex.1", IR_NO_XFB, 0, 0, 0); /* gl_PointSize */
   expect(gs, "a", 0, 8, 0, 0);
   expect(gs, "b", 1, 12, 4, 1);
   char *text = ir_print_to_string(vs);
   if (!text || !strstr(text, "xfb_buffer 1 xfb_stride 32 xfb_offset 16")) {
      fprintf(stderr, "the printed IR does not show color's capture\n");
      failures++;
   }
   free(text);
   ir_shader_destroy(vs);
   ir_shader_destroy(gs);
   printf("%s\n", failures ? "FAILED" : "all transform feedback decorations kept");
   return failures ? 1 : 0;
}

/* The reference interpreter runs vertex and fragment shaders of the corpus
 * as functions of their inputs; the expected outputs are computed by hand
 * from the GLSL source (inputs chosen so that every intermediate result is
 * exact in f32, hence the comparisons are exact).
 * Arguments: vs_transform.vert.spv fs_color.frag.spv fs_discard.frag.spv */
#include <string.h>

#include "ir_interp.h"
#include "ir_pass.h"
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
   if (!s) {
      fprintf(stderr, "%s: %s\n", path, err);
      return NULL;
   }
   /* optimised but not lowered: system values stay the ones the shader
    * reads (lowering turns FragCoord into the back end's pixel inputs) */
   struct ir_pass_options opt = { .validate = true };
   if (!ir_optimize(s, &opt)) {
      ir_shader_destroy(s);
      return NULL;
   }
   return s;
}

static void
check_floats(const char *what, const float *got, const float *want, unsigned n)
{
   if (!memcmp(got, want, n * sizeof(float))) {
      printf("%s: ok\n", what);
      return;
   }
   fprintf(stderr, "%s:", what);
   for (unsigned i = 0; i < n; i++)
      fprintf(stderr, " %g (want %g)", got[i], want[i]);
   fputc('\n', stderr);
   failures++;
}

static bool
run(struct ir_shader *s, struct ir_interp_resources *res, struct ir_interp_stage_io *io,
    const char *what)
{
   char err[256];
   if (ir_interp_graphics(s, res, io, err, sizeof(err)))
      return true;
   fprintf(stderr, "%s: %s\n", what, err);
   failures++;
   return false;
}

/* model = translate(1, 2, 3), view_proj = scale(2, 2, 2): position
 * (1, 1, 1) -> world (2, 3, 4, 1) -> clip (4, 6, 8, 1); the normal
 * (0, 0, 2) normalises to (0, 0, 1); light from -z gives 1, from +z the
 * max() clamps to 0. */
static void
test_vertex(struct ir_shader *s)
{
   struct { float view_proj[16], model[16], light_dir[4]; } cam = {
      .view_proj = { 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1 },
      .model = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1 },
      .light_dir = { 0, 0, -1, 0 },
   };
   struct ir_interp_buffer ubo = { .set = 0, .binding = 0, .data = &cam, .size = sizeof(cam) };
   struct ir_interp_resources res = { .buffers = &ubo, .num_buffers = 1 };
   float pos[3] = { 1, 1, 1 }, normal[3] = { 0, 0, 2 }, uv[2] = { 0.25f, 0.75f };
   float out_normal[3], out_uv[2], out_light[1], position[4];
   struct ir_interp_io_var in[] = {
      { 0, IR_OUTPUT_NONE, pos, sizeof(pos) },
      { 1, IR_OUTPUT_NONE, normal, sizeof(normal) },
      { 2, IR_OUTPUT_NONE, uv, sizeof(uv) },
   };
   struct ir_interp_io_var out[] = {
      { 0, IR_OUTPUT_NONE, out_normal, sizeof(out_normal) },
      { 1, IR_OUTPUT_NONE, out_uv, sizeof(out_uv) },
      { 2, IR_OUTPUT_NONE, out_light, sizeof(out_light) },
      { 0, IR_OUTPUT_position, position, sizeof(position) },
   };
   struct ir_interp_stage_io io = { .inputs = in, .num_inputs = 3, .outputs = out,
                                    .num_outputs = 4 };
   if (!run(s, &res, &io, "vs_transform"))
      return;
   check_floats("vs_transform position", position, (const float[]){ 4, 6, 8, 1 }, 4);
   check_floats("vs_transform normal", out_normal, (const float[]){ 0, 0, 1 }, 3);
   check_floats("vs_transform uv", out_uv, uv, 2);
   check_floats("vs_transform light", out_light, (const float[]){ 1 }, 1);
   cam.light_dir[2] = 1;
   if (run(s, &res, &io, "vs_transform back light"))
      check_floats("vs_transform back light", out_light, (const float[]){ 0 }, 1);
}

/* light 0: c = albedo.rgb * ambient.rgb = (0.25, 0.25, 0.5); uv.x = 1/16
 * gives fract(0.5) and the factor 0.75 + 0.125 = 0.875. */
static void
test_fragment(struct ir_shader *s)
{
   float material[8] = { 0.5f, 1, 0.25f, 0.75f, 0.5f, 0.25f, 2, 0 };
   struct ir_interp_buffer ubo = { .set = 0, .binding = 1, .data = material,
                                   .size = sizeof(material) };
   struct ir_interp_resources res = { .buffers = &ubo, .num_buffers = 1 };
   float normal[3] = { 0, 0, 1 }, uv[2] = { 0.0625f, 0 }, light[1] = { 0 }, color[4];
   struct ir_interp_io_var in[] = {
      { 0, IR_OUTPUT_NONE, normal, sizeof(normal) },
      { 1, IR_OUTPUT_NONE, uv, sizeof(uv) },
      { 2, IR_OUTPUT_NONE, light, sizeof(light) },
   };
   struct ir_interp_io_var out[] = { { 0, IR_OUTPUT_NONE, color, sizeof(color) } };
   struct ir_interp_stage_io io = { .inputs = in, .num_inputs = 3, .outputs = out,
                                    .num_outputs = 1 };
   if (run(s, &res, &io, "fs_color"))
      check_floats("fs_color", color, (const float[]){ 0.21875f, 0.21875f, 0.4375f, 0.75f },
                   4);
}

static void
check_kept(const char *what, const struct ir_interp_stage_io *io, const float *color,
           const float *want)
{
   if (!io->discarded) {
      check_floats(what, color, want, 4);
      return;
   }
   fprintf(stderr, "%s: discarded\n", what);
   failures++;
}

/* uv.x * uv.y < 0.1 discards; otherwise gl_FragCoord (17.5, 9.5) lies in
 * cell (2, 1), odd, so a front face is (1, uv, 1) and a back face blue. */
static void
test_discard(struct ir_shader *s)
{
   struct ir_interp_resources res = { 0 };
   float uv[2] = { 0.2f, 0.2f }, color[4] = { -1, -1, -1, -1 };
   struct ir_interp_io_var in[] = { { 0, IR_OUTPUT_NONE, uv, sizeof(uv) } };
   struct ir_interp_io_var out[] = { { 0, IR_OUTPUT_NONE, color, sizeof(color) } };
   struct ir_interp_stage_io io = { .inputs = in, .num_inputs = 1, .outputs = out,
                                    .num_outputs = 1 };
   const float coord[4] = { 17.5f, 9.5f, 0.5f, 1 };
   for (unsigned c = 0; c < 4; c++)
      io.sysvals[IR_SYSVAL_frag_coord][c] = ir_float_bits(32, coord[c]);
   io.sysvals[IR_SYSVAL_front_facing][0] = 1;
   if (run(s, &res, &io, "fs_discard")) {
      if (io.discarded) {
         printf("fs_discard alpha test: ok\n");
      } else {
         fprintf(stderr, "fs_discard: uv (0.2, 0.2) was not discarded\n");
         failures++;
      }
   }
   uv[0] = uv[1] = 0.5f;
   if (run(s, &res, &io, "fs_discard front"))
      check_kept("fs_discard front", &io, color, (const float[]){ 1, 0.5f, 0.5f, 1 });
   io.sysvals[IR_SYSVAL_front_facing][0] = 0;
   if (run(s, &res, &io, "fs_discard back"))
      check_kept("fs_discard back", &io, color, (const float[]){ 0, 0, 1, 1 });
}

int
main(int argc, char **argv)
{
   if (argc != 4) {
      fprintf(stderr, "usage: %s vs_transform.spv fs_color.spv fs_discard.spv\n", argv[0]);
      return 1;
   }
   void (*const tests[3])(struct ir_shader *) = { test_vertex, test_fragment, test_discard };
   for (int i = 0; i < 3; i++) {
      struct ir_shader *s = load_shader(argv[i + 1]);
      if (!s) {
         failures++;
         continue;
      }
      tests[i](s);
      ir_shader_destroy(s);
   }
   return failures ? 1 : 0;
}

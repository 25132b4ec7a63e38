/* A module with entry points of several stages under one name (Vulkan:
 * the stage and the name select one together): spirv_to_ir translates the
 * function of the stage it is asked for, spirv_find_entry finds it, and a
 * stage the module has no entry point of is an error, not another stage's
 * code.  The module (spirv_entry/two_mains.spvasm) lists its fragment
 * "main" first; it writes 0.75 where the vertex "main" writes 0.25. */
#include <string.h>

#include "ir_test_util.h"
#include "spirv.h"

static unsigned failures;

#define CHECK(cond, ...)                                                   \
   do {                                                                   \
      if (!(cond)) {                                                      \
         fprintf(stderr, __VA_ARGS__);                                    \
         fprintf(stderr, "\n");                                           \
         failures++;                                                      \
      }                                                                   \
   } while (0)

/* The stage's translation holds its own constant and not the other's. */
static void
expect_stage(const uint32_t *w, size_t n, enum ir_stage stage, const char *own,
             const char *other)
{
   char err[256];
   struct spirv_options so = { .entry_point = "main", .match_stage = true, .stage = stage };
   struct ir_shader *s = spirv_to_ir(w, n, &so, err, sizeof(err));
   CHECK(s, "stage %d: %s", (int)stage, err);
   if (!s)
      return;
   CHECK(s->stage == stage, "asked for stage %d, got %d", (int)stage, (int)s->stage);
   char *text = ir_print_to_string(s);
   CHECK(strstr(text, own) && !strstr(text, other),
         "stage %d: want %s and no %s in\n%s", (int)stage, own, other, text);
   free(text);
   ir_shader_destroy(s);
}

int
main(int argc, char **argv)
{
   if (argc != 2) {
      fprintf(stderr, "usage: %s two_mains.spv\n", argv[0]);
      return 1;
   }
   size_t n;
   uint32_t *w = read_spirv(argv[1], &n);
   if (!w)
      return 1;
   expect_stage(w, n, IR_STAGE_VERTEX, "0.25", "0.75");
   expect_stage(w, n, IR_STAGE_FRAGMENT, "0.75", "0.25");

   /* No stage asked: the first entry point of the name, as before. */
   char err[256];
   struct spirv_options any = { .entry_point = "main" };
   struct ir_shader *s = spirv_to_ir(w, n, &any, err, sizeof(err));
   CHECK(s && s->stage == IR_STAGE_FRAGMENT, "no stage: %s", s ? "not the first" : err);
   ir_shader_destroy(s);

   struct spirv_options geom = { .entry_point = "main", .match_stage = true,
                                 .stage = IR_STAGE_GEOMETRY };
   s = spirv_to_ir(w, n, &geom, err, sizeof(err));
   CHECK(!s && strstr(err, "no usable entry point of that name and stage"),
         "geometry stage: %s", s ? "translated" : err);
   ir_shader_destroy(s);

   struct spirv_entry e;
   enum ir_stage vs = IR_STAGE_VERTEX;
   CHECK(spirv_find_entry(w, n, "main", &vs, &e, err, sizeof(err)) &&
         e.model == 0 /* SPIR-V Execution Model Vertex */,
         "spirv_find_entry(main, vertex): %s", err);
   uint32_t first_id = e.id;
   CHECK(spirv_find_entry(w, n, "main", NULL, &e, err, sizeof(err)) &&
         e.model == 4 /* Fragment */ && e.id != first_id,
         "spirv_find_entry(main, any): %s", err);
   CHECK(!spirv_find_entry(w, n, "other", NULL, &e, err, sizeof(err)) &&
         strstr(err, "no entry point of that name"), "a name nothing has: %s", err);
   struct ir_stage_info info;
   CHECK(!spirv_tess_modes(w, n, "main", IR_STAGE_TESS_EVAL, &info, err, sizeof(err)) &&
         strstr(err, "no entry point of that name and stage"),
         "tessellation modes of a module without that stage: %s", err);
   free(w);
   if (!failures)
      printf("spirv_entry_test: all checks passed\n");
   return failures ? 1 : 0;
}

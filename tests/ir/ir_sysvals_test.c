/* System-value lowering (ir_pass_lower_sysvals.c): each case builds a
 * small shader that stores system values, and checks the printed IR
 * before and after the pass against Vulkan's definitions. */
#include <stdlib.h>
#include <string.h>

#include "ir_builder.h"
#include "ir_pass.h"

struct sv_case {
   const char *name;
   enum ir_stage stage;
   /* system values stored in this order to buffers @0, @1, ... */
   enum ir_sysval reads[2];
   unsigned comps[2];
   enum ir_type_kind kinds[2];
   unsigned num_reads;
   bool demote, is_helper;   /* demote first; read is_helper instead of a sysval */
   const char *before, *after;
   bool sample_input;        /* declare an input decorated Sample */
};

static void
store(struct ir_builder *b, unsigned n, struct ir_instr *v)
{
   char name[8];
   snprintf(name, sizeof(name), "out%u", n);
   struct ir_var *var = ir_var_create(b->shader, name, IR_STORAGE_SSBO, v->type);
   ir_store(b, ir_deref_var(b, var), v);
}

static struct ir_shader *
build(const struct sv_case *c)
{
   struct ir_shader *s = ir_shader_create(c->stage);
   s->workgroup_size[0] = 8;
   s->workgroup_size[1] = 4;
   s->workgroup_size[2] = 2;
   struct ir_builder b;
   ir_builder_at_end(&b, ir_block_create(ir_function_create(s, "main")));
   if (c->sample_input)
      ir_var_create(s, "v", IR_STORAGE_INPUT, ir_type_float(s, 32, 1))->interp = IR_INTERP_SAMPLE;
   if (c->demote) {
      ir_intrinsic(&b, IR_OP_demote, NULL, 0);
      s->info.uses_demote = true;
   }
   if (c->is_helper)
      store(&b, 0, ir_intrinsic(&b, IR_OP_is_helper, ir_type_bool(s, 1), 0));
   for (unsigned r = 0; r < c->num_reads; r++) {
      const struct ir_type *t = c->kinds[r] == IR_TYPE_FLOAT ? ir_type_float(s, 32, c->comps[r])
         : c->kinds[r] == IR_TYPE_BOOL ? ir_type_bool(s, c->comps[r])
                                       : ir_type_int(s, 32, c->comps[r]);
      store(&b, r, ir_sysval(&b, c->reads[r], t));
   }
   ir_return(&b);
   return s;
}

static bool
check_text(const char *name, const char *what, struct ir_shader *s, const char *want)
{
   char *got = ir_print_to_string(s);
   bool ok = !strcmp(got, want);
   if (!ok)
      fprintf(stderr, "%s: unexpected IR %s the pass\n--- expected\n%s--- got\n%s", name, what,
              want, got);
   free(got);
   return ok;
}

static bool
run_case(const struct sv_case *c)
{
   struct ir_shader *s = build(c);
   bool ok = check_text(c->name, "before", s, c->before);
   bool progress = ir_pass_lower_compute_sysvals(s);
   if (progress != (strcmp(c->before, c->after) != 0)) {
      fprintf(stderr, "%s: pass reported progress=%d\n", c->name, progress);
      ok = false;
   }
   ok &= ir_validate(s, stderr);
   ok &= check_text(c->name, "after", s, c->after);
   ir_shader_destroy(s);
   printf("%s: %s\n", c->name, ok ? "ok" : "FAILED");
   return ok;
}

#define HEAD(stage) "shader " stage "\n"
#define I32_OUT(n) "var @" #n " ssbo \"out" #n "\" set 0 binding 0 : i32\n"

static const struct sv_case cases[] = {
   /* VertexIndex = BaseVertex (firstVertex / vertexOffset) + zero-based id */
   { "vertex_index", IR_STAGE_VERTEX, { IR_SYSVAL_vertex_index }, { 1 }, { IR_TYPE_INT }, 1,
     false, false,
     HEAD("vertex") I32_OUT(0)
     "fn main {\nb0:\n"
     "   %1 = sysval.vertex_index i32\n"
     "   %2 = deref_var ptr<ssbo, i32> @0\n"
     "   store %2, %1\n   return\n}\n",
     HEAD("vertex") I32_OUT(0)
     "fn main {\nb0:\n"
     "   %1 = sysval.base_vertex i32\n"
     "   %2 = sysval.vertex_id_zero_base i32\n"
     "   %3 = iadd i32 %1, %2\n"
     "   %4 = deref_var ptr<ssbo, i32> @0\n"
     "   store %4, %3\n   return\n}\n" },
   /* InstanceIndex = BaseInstance (firstInstance) + zero-based id */
   { "instance_index", IR_STAGE_VERTEX, { IR_SYSVAL_instance_index }, { 1 }, { IR_TYPE_INT },
     1, false, false,
     HEAD("vertex") I32_OUT(0)
     "fn main {\nb0:\n"
     "   %1 = sysval.instance_index i32\n"
     "   %2 = deref_var ptr<ssbo, i32> @0\n"
     "   store %2, %1\n   return\n}\n",
     HEAD("vertex") I32_OUT(0)
     "fn main {\nb0:\n"
     "   %1 = sysval.base_instance i32\n"
     "   %2 = sysval.instance_id i32\n"
     "   %3 = iadd i32 %1, %2\n"
     "   %4 = deref_var ptr<ssbo, i32> @0\n"
     "   store %4, %3\n   return\n}\n" },
   /* the draw parameters themselves come from the back end unchanged */
   { "draw_parameters", IR_STAGE_VERTEX, { IR_SYSVAL_base_vertex, IR_SYSVAL_draw_index },
     { 1, 1 }, { IR_TYPE_INT, IR_TYPE_INT }, 2, false, false,
     HEAD("vertex") I32_OUT(0) I32_OUT(1)
     "fn main {\nb0:\n"
     "   %1 = sysval.base_vertex i32\n"
     "   %2 = deref_var ptr<ssbo, i32> @0\n"
     "   store %2, %1\n"
     "   %3 = sysval.draw_index i32\n"
     "   %4 = deref_var ptr<ssbo, i32> @1\n"
     "   store %4, %3\n   return\n}\n",
     HEAD("vertex") I32_OUT(0) I32_OUT(1)
     "fn main {\nb0:\n"
     "   %1 = sysval.base_vertex i32\n"
     "   %2 = deref_var ptr<ssbo, i32> @0\n"
     "   store %2, %1\n"
     "   %3 = sysval.draw_index i32\n"
     "   %4 = deref_var ptr<ssbo, i32> @1\n"
     "   store %4, %3\n   return\n}\n" },
   /* per-fragment: the pixel centre */
   { "frag_coord_center", IR_STAGE_FRAGMENT, { IR_SYSVAL_frag_coord }, { 4 },
     { IR_TYPE_FLOAT }, 1, false, false,
     HEAD("fragment") "var @0 ssbo \"out0\" set 0 binding 0 : f32x4\n"
     "fn main {\nb0:\n"
     "   %1 = sysval.frag_coord f32x4\n"
     "   %2 = deref_var ptr<ssbo, f32x4> @0\n"
     "   store %2, %1\n   return\n}\n",
     HEAD("fragment") "var @0 ssbo \"out0\" set 0 binding 0 : f32x4\n"
     "fn main {\nb0:\n"
     "   %1 = sysval.pixel_coord i32x2\n"
     "   %2 = extract.0 i32 %1\n"
     "   %3 = u2f f32 %2\n"
     "   %4 = const f32 0.5\n"
     "   %5 = fadd f32 %3, %4\n"
     "   %6 = extract.1 i32 %1\n"
     "   %7 = u2f f32 %6\n"
     "   %8 = const f32 0.5\n"
     "   %9 = fadd f32 %7, %8\n"
     "   %10 = sysval.frag_z f32\n"
     "   %11 = sysval.frag_w f32\n"
     "   %12 = vec f32x4 %5, %9, %10, %11\n"
     "   %13 = deref_var ptr<ssbo, f32x4> @0\n"
     "   store %13, %12\n   return\n}\n" },
   /* reading SampleId makes the shader run per sample: the sample position */
   { "frag_coord_per_sample", IR_STAGE_FRAGMENT, { IR_SYSVAL_sample_id, IR_SYSVAL_frag_coord },
     { 1, 4 }, { IR_TYPE_INT, IR_TYPE_FLOAT }, 2, false, false,
     HEAD("fragment") I32_OUT(0) "var @1 ssbo \"out1\" set 0 binding 0 : f32x4\n"
     "fn main {\nb0:\n"
     "   %1 = sysval.sample_id i32\n"
     "   %2 = deref_var ptr<ssbo, i32> @0\n"
     "   store %2, %1\n"
     "   %3 = sysval.frag_coord f32x4\n"
     "   %4 = deref_var ptr<ssbo, f32x4> @1\n"
     "   store %4, %3\n   return\n}\n",
     HEAD("fragment") I32_OUT(0) "var @1 ssbo \"out1\" set 0 binding 0 : f32x4\n"
     "fn main {\nb0:\n"
     "   %1 = sysval.sample_id i32\n"
     "   %2 = deref_var ptr<ssbo, i32> @0\n"
     "   store %2, %1\n"
     "   %3 = sysval.pixel_coord i32x2\n"
     "   %4 = sysval.sample_pos f32x2\n"
     "   %5 = extract.0 i32 %3\n"
     "   %6 = u2f f32 %5\n"
     "   %7 = extract.0 f32 %4\n"
     "   %8 = fadd f32 %6, %7\n"
     "   %9 = extract.1 i32 %3\n"
     "   %10 = u2f f32 %9\n"
     "   %11 = extract.1 f32 %4\n"
     "   %12 = fadd f32 %10, %11\n"
     "   %13 = sysval.frag_z f32\n"
     "   %14 = sysval.frag_w f32\n"
     "   %15 = vec f32x4 %8, %12, %13, %14\n"
     "   %16 = deref_var ptr<ssbo, f32x4> @1\n"
     "   store %16, %15\n   return\n}\n" },
   /* an input interpolated per sample also makes the shader run per sample */
   { "frag_coord_sample_input", IR_STAGE_FRAGMENT, { IR_SYSVAL_frag_coord }, { 4 },
     { IR_TYPE_FLOAT }, 1, false, false,
     HEAD("fragment") "var @0 in \"v\" location 0 component 0 sample : f32\n"
     "var @1 ssbo \"out0\" set 0 binding 0 : f32x4\n"
     "fn main {\nb0:\n"
     "   %1 = sysval.frag_coord f32x4\n"
     "   %2 = deref_var ptr<ssbo, f32x4> @1\n"
     "   store %2, %1\n   return\n}\n",
     HEAD("fragment") "var @0 in \"v\" location 0 component 0 sample : f32\n"
     "var @1 ssbo \"out0\" set 0 binding 0 : f32x4\n"
     "fn main {\nb0:\n"
     "   %1 = sysval.pixel_coord i32x2\n"
     "   %2 = sysval.sample_pos f32x2\n"
     "   %3 = extract.0 i32 %1\n"
     "   %4 = u2f f32 %3\n"
     "   %5 = extract.0 f32 %2\n"
     "   %6 = fadd f32 %4, %5\n"
     "   %7 = extract.1 i32 %1\n"
     "   %8 = u2f f32 %7\n"
     "   %9 = extract.1 f32 %2\n"
     "   %10 = fadd f32 %8, %9\n"
     "   %11 = sysval.frag_z f32\n"
     "   %12 = sysval.frag_w f32\n"
     "   %13 = vec f32x4 %6, %10, %11, %12\n"
     "   %14 = deref_var ptr<ssbo, f32x4> @1\n"
     "   store %14, %13\n   return\n}\n", true },
   /* per fragment, SampleMask is the whole coverage */
   { "sample_mask_fragment", IR_STAGE_FRAGMENT, { IR_SYSVAL_sample_mask_in }, { 1 },
     { IR_TYPE_INT }, 1, false, false,
     HEAD("fragment") I32_OUT(0)
     "fn main {\nb0:\n"
     "   %1 = sysval.sample_mask_in i32\n"
     "   %2 = deref_var ptr<ssbo, i32> @0\n"
     "   store %2, %1\n   return\n}\n",
     HEAD("fragment") I32_OUT(0)
     "fn main {\nb0:\n"
     "   %1 = sysval.coverage_mask i32\n"
     "   %2 = deref_var ptr<ssbo, i32> @0\n"
     "   store %2, %1\n   return\n}\n" },
   /* per sample, only the invocation's own sample can be covered */
   { "sample_mask_per_sample", IR_STAGE_FRAGMENT,
     { IR_SYSVAL_sample_id, IR_SYSVAL_sample_mask_in }, { 1, 1 },
     { IR_TYPE_INT, IR_TYPE_INT }, 2, false, false,
     HEAD("fragment") I32_OUT(0) I32_OUT(1)
     "fn main {\nb0:\n"
     "   %1 = sysval.sample_id i32\n"
     "   %2 = deref_var ptr<ssbo, i32> @0\n"
     "   store %2, %1\n"
     "   %3 = sysval.sample_mask_in i32\n"
     "   %4 = deref_var ptr<ssbo, i32> @1\n"
     "   store %4, %3\n   return\n}\n",
     HEAD("fragment") I32_OUT(0) I32_OUT(1)
     "fn main {\nb0:\n"
     "   %1 = sysval.sample_id i32\n"
     "   %2 = deref_var ptr<ssbo, i32> @0\n"
     "   store %2, %1\n"
     "   %3 = sysval.coverage_mask i32\n"
     "   %4 = sysval.sample_id i32\n"
     "   %5 = const i32 1\n"
     "   %6 = ishl i32 %5, %4\n"
     "   %7 = iand i32 %3, %6\n"
     "   %8 = deref_var ptr<ssbo, i32> @1\n"
     "   store %8, %7\n   return\n}\n" },
   /* without demotion the helper state is fixed for the invocation */
   { "helper_without_demote", IR_STAGE_FRAGMENT, { 0 }, { 0 }, { 0 }, 0, false, true,
     HEAD("fragment") "var @0 ssbo \"out0\" set 0 binding 0 : bool\n"
     "fn main {\nb0:\n"
     "   %1 = is_helper bool\n"
     "   %2 = deref_var ptr<ssbo, bool> @0\n"
     "   store %2, %1\n   return\n}\n",
     HEAD("fragment") "var @0 ssbo \"out0\" set 0 binding 0 : bool\n"
     "fn main {\nb0:\n"
     "   %1 = sysval.helper_invocation bool\n"
     "   %2 = deref_var ptr<ssbo, bool> @0\n"
     "   store %2, %1\n   return\n}\n" },
   /* after a demote, HelperInvocation is true: each read stays a read of
    * the current state */
   { "helper_after_demote", IR_STAGE_FRAGMENT, { 0 }, { 0 }, { 0 }, 0, true, true,
     HEAD("fragment") "fragment demote\n" "var @0 ssbo \"out0\" set 0 binding 0 : bool\n"
     "fn main {\nb0:\n"
     "   demote\n"
     "   %1 = is_helper bool\n"
     "   %2 = deref_var ptr<ssbo, bool> @0\n"
     "   store %2, %1\n   return\n}\n",
     HEAD("fragment") "fragment demote\n" "var @0 ssbo \"out0\" set 0 binding 0 : bool\n"
     "fn main {\nb0:\n"
     "   demote\n"
     "   %1 = is_helper bool\n"
     "   %2 = deref_var ptr<ssbo, bool> @0\n"
     "   store %2, %1\n   return\n}\n" },
   /* FrontFacing comes from the rasteriser unchanged */
   { "front_facing", IR_STAGE_FRAGMENT, { IR_SYSVAL_front_facing }, { 1 }, { IR_TYPE_BOOL },
     1, false, false,
     HEAD("fragment") "var @0 ssbo \"out0\" set 0 binding 0 : bool\n"
     "fn main {\nb0:\n"
     "   %1 = sysval.front_facing bool\n"
     "   %2 = deref_var ptr<ssbo, bool> @0\n"
     "   store %2, %1\n   return\n}\n",
     HEAD("fragment") "var @0 ssbo \"out0\" set 0 binding 0 : bool\n"
     "fn main {\nb0:\n"
     "   %1 = sysval.front_facing bool\n"
     "   %2 = deref_var ptr<ssbo, bool> @0\n"
     "   store %2, %1\n   return\n}\n" },
   /* GlobalInvocationId = WorkgroupId * (8, 4, 2) + LocalInvocationId */
   { "global_invocation_id", IR_STAGE_COMPUTE, { IR_SYSVAL_global_invocation_id }, { 3 },
     { IR_TYPE_INT }, 1, false, false,
     HEAD("compute") "workgroup_size 8 4 2\n"
     "var @0 ssbo \"out0\" set 0 binding 0 : i32x3\n"
     "fn main {\nb0:\n"
     "   %1 = sysval.global_invocation_id i32x3\n"
     "   %2 = deref_var ptr<ssbo, i32x3> @0\n"
     "   store %2, %1\n   return\n}\n",
     HEAD("compute") "workgroup_size 8 4 2\n"
     "var @0 ssbo \"out0\" set 0 binding 0 : i32x3\n"
     "fn main {\nb0:\n"
     "   %1 = sysval.workgroup_id i32x3\n"
     "   %2 = sysval.local_invocation_id i32x3\n"
     "   %3 = const i32x3 8, 4, 2\n"
     "   %4 = imul i32x3 %1, %3\n"
     "   %5 = iadd i32x3 %4, %2\n"
     "   %6 = deref_var ptr<ssbo, i32x3> @0\n"
     "   store %6, %5\n   return\n}\n" },
   /* WorkgroupSize is the shader's constant size */
   { "workgroup_size", IR_STAGE_COMPUTE, { IR_SYSVAL_workgroup_size }, { 3 },
     { IR_TYPE_INT }, 1, false, false,
     HEAD("compute") "workgroup_size 8 4 2\n"
     "var @0 ssbo \"out0\" set 0 binding 0 : i32x3\n"
     "fn main {\nb0:\n"
     "   %1 = sysval.workgroup_size i32x3\n"
     "   %2 = deref_var ptr<ssbo, i32x3> @0\n"
     "   store %2, %1\n   return\n}\n",
     HEAD("compute") "workgroup_size 8 4 2\n"
     "var @0 ssbo \"out0\" set 0 binding 0 : i32x3\n"
     "fn main {\nb0:\n"
     "   %1 = const i32x3 8, 4, 2\n"
     "   %2 = deref_var ptr<ssbo, i32x3> @0\n"
     "   store %2, %1\n   return\n}\n" },
};

int
main(void)
{
   unsigned failures = 0;
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
      failures += !run_case(&cases[i]);
   printf("%u of %zu system-value cases failed\n", failures, sizeof(cases) / sizeof(cases[0]));
   return failures ? 1 : 0;
}

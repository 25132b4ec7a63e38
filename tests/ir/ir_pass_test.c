/* Pass unit tests: IR built with the builder, the pass run, and the printed
 * result compared with the expected text. */
#include <stdlib.h>
#include <string.h>

#include "ir_builder.h"
#include "ir_pass.h"

static unsigned failures;

static void
expect(const char *name, struct ir_shader *s, const char *want)
{
   if (!ir_validate(s, stderr)) {
      fprintf(stderr, "%s: invalid IR\n", name);
      failures++;
   }
   char *got = ir_print_to_string(s);
   if (strcmp(got, want)) {
      fprintf(stderr, "%s: unexpected IR\n--- expected\n%s--- got\n%s", name, want, got);
      failures++;
   } else {
      printf("%s: ok\n", name);
   }
   free(got);
}

static bool
run(struct ir_shader *s, bool (*pass)(struct ir_shader *))
{
   bool progress = pass(s);
   ir_rebuild_preds(s->entry);
   return progress;
}

/* x = 1; if (gid.x < 4) x = gid.x; out[0] = x  ->  a phi at the merge */
static void
test_vars_to_ssa(void)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_COMPUTE);
   const struct ir_type *i32 = ir_type_int(s, 32, 1);
   struct ir_var *x = ir_var_create(s, "x", IR_STORAGE_FUNCTION, i32);
   struct ir_var *out = ir_var_create(s, "out", IR_STORAGE_SSBO, ir_type_array(s, i32, 4, 0));
   struct ir_function *f = ir_function_create(s, "main");
   struct ir_block *b0 = ir_block_create(f), *b1 = ir_block_create(f),
                   *b2 = ir_block_create(f);
   struct ir_builder b;
   ir_builder_at_end(&b, b0);
   struct ir_instr *gid = ir_extract(&b, ir_sysval(&b, IR_SYSVAL_global_invocation_id,
                                                   ir_type_int(s, 32, 3)), 0);
   ir_store(&b, ir_deref_var(&b, x), ir_imm_u32(&b, 1));
   struct ir_instr *cond = ir_op2(&b, IR_OP_ult, gid, ir_imm_u32(&b, 4));
   b0->construct = IR_CONSTRUCT_SELECTION;
   b0->merge = b2;
   ir_cbr(&b, cond, b1, b2);
   ir_builder_at_end(&b, b1);
   ir_store(&b, ir_deref_var(&b, x), gid);
   ir_br(&b, b2);
   ir_builder_at_end(&b, b2);
   struct ir_instr *v = ir_load(&b, ir_deref_var(&b, x));
   struct ir_instr *out_ptr = ir_deref_var(&b, out);   /* sequenced: argument order */
   ir_store(&b, ir_deref_array(&b, out_ptr, ir_imm_u32(&b, 0)), v);
   ir_return(&b);
   ir_rebuild_preds(f);
   run(s, ir_pass_vars_to_ssa);
   run(s, ir_pass_dce);
   expect("vars_to_ssa", s,
          "shader compute\n"
          "workgroup_size 1 1 1\n"
          "var @1 ssbo \"out\" set 0 binding 0 : [i32; 4 stride 4]\n"
          "fn main {\n"
          "b0:\n"
          "   %1 = sysval.global_invocation_id i32x3\n"
          "   %2 = extract.0 i32 %1\n"
          "   %3 = const i32 1\n"
          "   %4 = const i32 4\n"
          "   %5 = ult bool %2, %4\n"
          "   selection_merge b2\n"
          "   cbr %5, b1, b2\n"
          "b1:  ; preds b0\n"
          "   br b2\n"
          "b2:  ; preds b0 b1\n"
          "   %6 = phi i32 [b0: %3], [b1: %2]\n"
          "   %7 = deref_var ptr<ssbo, [i32; 4 stride 4]> @1\n"
          "   %8 = const i32 0\n"
          "   %9 = deref_array ptr<ssbo, i32> %7, %8\n"
          "   store %9, %6\n"
          "   return\n"
          "}\n");
   ir_shader_destroy(s);
}

/* A loop counter in a variable: phis at the header for the back edge. */
static void
test_vars_to_ssa_loop(void)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_COMPUTE);
   const struct ir_type *i32 = ir_type_int(s, 32, 1);
   struct ir_var *i = ir_var_create(s, "i", IR_STORAGE_FUNCTION, i32);
   struct ir_var *out = ir_var_create(s, "out", IR_STORAGE_SSBO, i32);
   struct ir_function *f = ir_function_create(s, "main");
   struct ir_block *entry = ir_block_create(f), *header = ir_block_create(f),
                   *body = ir_block_create(f), *cont = ir_block_create(f),
                   *merge = ir_block_create(f);
   struct ir_builder b;
   ir_builder_at_end(&b, entry);
   ir_store(&b, ir_deref_var(&b, i), ir_imm_u32(&b, 0));
   ir_br(&b, header);
   ir_builder_at_end(&b, header);
   header->construct = IR_CONSTRUCT_LOOP;
   header->merge = merge;
   header->cont = cont;
   ir_br(&b, body);
   ir_builder_at_end(&b, body);
   struct ir_instr *counter = ir_load(&b, ir_deref_var(&b, i));
   struct ir_instr *c = ir_op2(&b, IR_OP_ult, counter, ir_imm_u32(&b, 10));
   ir_cbr(&b, c, cont, merge);
   ir_builder_at_end(&b, cont);
   struct ir_instr *i_ptr = ir_deref_var(&b, i);
   struct ir_instr *old = ir_load(&b, ir_deref_var(&b, i));
   struct ir_instr *next = ir_op2(&b, IR_OP_iadd, old, ir_imm_u32(&b, 1));
   ir_store(&b, i_ptr, next);
   ir_br(&b, header);
   ir_builder_at_end(&b, merge);
   struct ir_instr *result = ir_load(&b, ir_deref_var(&b, i));
   ir_store(&b, ir_deref_var(&b, out), result);
   ir_return(&b);
   ir_rebuild_preds(f);
   run(s, ir_pass_vars_to_ssa);
   run(s, ir_pass_copy_prop);
   run(s, ir_pass_dce);
   expect("vars_to_ssa_loop", s,
          "shader compute\n"
          "workgroup_size 1 1 1\n"
          "var @1 ssbo \"out\" set 0 binding 0 : i32\n"
          "fn main {\n"
          "b0:\n"
          "   %1 = const i32 0\n"
          "   br b1\n"
          "b1:  ; preds b0 b3\n"
          "   %2 = phi i32 [b0: %1], [b3: %6]\n"
          "   loop_merge b4 continue b3\n"
          "   br b2\n"
          "b2:  ; preds b1\n"
          "   %3 = const i32 10\n"
          "   %4 = ult bool %2, %3\n"
          "   cbr %4, b3, b4\n"
          "b3:  ; preds b2\n"
          "   %5 = const i32 1\n"
          "   %6 = iadd i32 %2, %5\n"
          "   br b1\n"
          "b4:  ; preds b2\n"
          "   %7 = deref_var ptr<ssbo, i32> @1\n"
          "   store %7, %2\n"
          "   return\n"
          "}\n");
   ir_shader_destroy(s);
}

static struct ir_shader *
single_block(struct ir_builder *b)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_COMPUTE);
   struct ir_function *f = ir_function_create(s, "main");
   ir_builder_at_end(b, ir_block_create(f));
   return s;
}

static void
store_out(struct ir_builder *b, unsigned index, struct ir_instr *v)
{
   char name[16];
   snprintf(name, sizeof(name), "out%u", index);
   struct ir_var *var = ir_var_create(b->shader, name, IR_STORAGE_SSBO, v->type);
   var->binding = index;
   ir_store(b, ir_deref_var(b, var), v);
}

/* Integer wrap, INT_MIN / -1, shift counts, float NaN and infinity, f16
 * rounding and denormals: the folded constants are the spec's results. */
static void
test_const_fold(void)
{
   struct ir_builder b;
   struct ir_shader *s = single_block(&b);
   const struct ir_type *i32 = ir_type_int(s, 32, 1), *f32 = ir_type_float(s, 32, 1);
   const struct ir_type *f16 = ir_type_float(s, 16, 1);
   store_out(&b, 0, ir_op2(&b, IR_OP_iadd, ir_imm_u32(&b, 0xffffffff), ir_imm_u32(&b, 2)));
   store_out(&b, 1, ir_op2(&b, IR_OP_sdiv, ir_imm_u32(&b, 0x80000000), ir_imm_u32(&b, ~0u)));
   store_out(&b, 2, ir_op2(&b, IR_OP_ishr, ir_imm_u32(&b, 0x80000000), ir_imm_u32(&b, 31)));
   store_out(&b, 3, ir_op2(&b, IR_OP_fdiv, ir_imm_f32(&b, 1.0f), ir_imm_f32(&b, 0.0f)));
   store_out(&b, 4, ir_op2(&b, IR_OP_feq, ir_const_splat(&b, f32, 0x7fc00000),
                           ir_const_splat(&b, f32, 0x7fc00000)));
   store_out(&b, 5, ir_op2(&b, IR_OP_fneu, ir_const_splat(&b, f32, 0x7fc00000),
                           ir_imm_f32(&b, 1.0f)));
   /* 1 + 2^-11 in f16 is a tie: rounds to even (1.0) */
   store_out(&b, 6, ir_op2(&b, IR_OP_fadd, ir_imm_float(&b, f16, 1.0),
                           ir_imm_float(&b, f16, 1.0 / 2048)));
   /* smallest f16 denormal halves to a tie at zero: rounds to even, 0 */
   store_out(&b, 7, ir_op2(&b, IR_OP_fmul, ir_const_splat(&b, f16, 1),
                           ir_imm_float(&b, f16, 0.5)));
   store_out(&b, 8, ir_alu1(&b, IR_OP_f2s, i32, ir_imm_f32(&b, 3e9f)));
   store_out(&b, 9, ir_op2(&b, IR_OP_smod, ir_imm_u32(&b, (uint32_t)-7), ir_imm_u32(&b, 3)));
   ir_return(&b);
   run(s, ir_pass_const_fold);
   run(s, ir_pass_dce);
   expect("const_fold", s,
          "shader compute\n"
          "workgroup_size 1 1 1\n"
          "var @0 ssbo \"out0\" set 0 binding 0 : i32\n"
          "var @1 ssbo \"out1\" set 0 binding 1 : i32\n"
          "var @2 ssbo \"out2\" set 0 binding 2 : i32\n"
          "var @3 ssbo \"out3\" set 0 binding 3 : f32\n"
          "var @4 ssbo \"out4\" set 0 binding 4 : bool\n"
          "var @5 ssbo \"out5\" set 0 binding 5 : bool\n"
          "var @6 ssbo \"out6\" set 0 binding 6 : f16\n"
          "var @7 ssbo \"out7\" set 0 binding 7 : f16\n"
          "var @8 ssbo \"out8\" set 0 binding 8 : i32\n"
          "var @9 ssbo \"out9\" set 0 binding 9 : i32\n"
          "fn main {\n"
          "b0:\n"
          "   %1 = const i32 1\n"
          "   %2 = deref_var ptr<ssbo, i32> @0\n"
          "   store %2, %1\n"
          "   %3 = const i32 0x80000000\n"
          "   %4 = deref_var ptr<ssbo, i32> @1\n"
          "   store %4, %3\n"
          "   %5 = const i32 0xffffffff\n"
          "   %6 = deref_var ptr<ssbo, i32> @2\n"
          "   store %6, %5\n"
          "   %7 = const f32 inf\n"
          "   %8 = deref_var ptr<ssbo, f32> @3\n"
          "   store %8, %7\n"
          "   %9 = const bool false\n"
          "   %10 = deref_var ptr<ssbo, bool> @4\n"
          "   store %10, %9\n"
          "   %11 = const bool true\n"
          "   %12 = deref_var ptr<ssbo, bool> @5\n"
          "   store %12, %11\n"
          "   %13 = const f16 1\n"
          "   %14 = deref_var ptr<ssbo, f16> @6\n"
          "   store %14, %13\n"
          "   %15 = const f16 0\n"
          "   %16 = deref_var ptr<ssbo, f16> @7\n"
          "   store %16, %15\n"
          "   %17 = const i32 0x7fffffff\n"
          "   %18 = deref_var ptr<ssbo, i32> @8\n"
          "   store %18, %17\n"
          "   %19 = const i32 2\n"
          "   %20 = deref_var ptr<ssbo, i32> @9\n"
          "   store %20, %19\n"
          "   return\n"
          "}\n");
   ir_shader_destroy(s);
}

/* Unused values and a dead phi cycle go; stores, atomics, barriers and
 * what they use stay. */
static void
test_dce(void)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_COMPUTE);
   const struct ir_type *i32 = ir_type_int(s, 32, 1);
   struct ir_var *out = ir_var_create(s, "out", IR_STORAGE_SSBO, i32);
   struct ir_function *f = ir_function_create(s, "main");
   struct ir_block *b0 = ir_block_create(f), *b1 = ir_block_create(f),
                   *b2 = ir_block_create(f), *b3 = ir_block_create(f);
   struct ir_builder b;
   ir_builder_at_end(&b, b0);
   struct ir_instr *one = ir_imm_u32(&b, 1);
   struct ir_instr *gid = ir_extract(&b, ir_sysval(&b, IR_SYSVAL_local_invocation_index,
                                                   ir_type_int(s, 32, 1)), 0);
   ir_op2(&b, IR_OP_imul, gid, gid);   /* unused */
   ir_br(&b, b1);
   ir_builder_at_end(&b, b1);
   b1->construct = IR_CONSTRUCT_LOOP;
   b1->merge = b3;
   b1->cont = b2;
   struct ir_instr *dead = ir_phi(&b, b1, i32, 2);
   struct ir_instr *live = ir_phi(&b, b1, i32, 2);
   struct ir_instr *c = ir_op2(&b, IR_OP_ult, live, gid);
   ir_cbr(&b, c, b2, b3);
   ir_builder_at_end(&b, b2);
   struct ir_instr *dead_next = ir_op2(&b, IR_OP_iadd, dead, one);
   struct ir_instr *live_next = ir_op2(&b, IR_OP_iadd, live, one);
   ir_br(&b, b1);
   ir_phi_set_src(dead, 0, b0, one);
   ir_phi_set_src(dead, 1, b2, dead_next);
   ir_phi_set_src(live, 0, b0, one);
   ir_phi_set_src(live, 1, b2, live_next);
   ir_builder_at_end(&b, b3);
   ir_barrier(&b, IR_BARRIER_EXEC | IR_BARRIER_WORKGROUP_MEM);
   ir_atomic(&b, IR_ATOMIC_add, ir_deref_var(&b, out), live, NULL);
   ir_return(&b);
   ir_rebuild_preds(f);
   run(s, ir_pass_dce);
   expect("dce", s,
          "shader compute\n"
          "workgroup_size 1 1 1\n"
          "var @0 ssbo \"out\" set 0 binding 0 : i32\n"
          "fn main {\n"
          "b0:\n"
          "   %1 = const i32 1\n"
          "   %2 = sysval.local_invocation_index i32\n"
          "   br b1\n"
          "b1:  ; preds b0 b2\n"
          "   %3 = phi i32 [b0: %1], [b2: %5]\n"
          "   %4 = ult bool %3, %2\n"
          "   loop_merge b3 continue b2\n"
          "   cbr %4, b2, b3\n"
          "b2:  ; preds b1\n"
          "   %5 = iadd i32 %3, %1\n"
          "   br b1\n"
          "b3:  ; preds b1\n"
          "   barrier.exec.shared\n"
          "   %6 = deref_var ptr<ssbo, i32> @0\n"
          "   %7 = atomic.add i32 %6, %3\n"
          "   return\n"
          "}\n");
   ir_shader_destroy(s);
}

/* Equal pure values merge; loads do not (memory may change between them). */
static void
test_cse_copy_prop(void)
{
   struct ir_builder b;
   struct ir_shader *s = single_block(&b);
   struct ir_var *in = ir_var_create(s, "in", IR_STORAGE_SSBO, ir_type_int(s, 32, 2));
   struct ir_instr *v = ir_load(&b, ir_deref_var(&b, in));
   struct ir_instr *w = ir_load(&b, ir_deref_var(&b, in));
   struct ir_instr *x0 = ir_extract(&b, v, 0), *x1 = ir_extract(&b, v, 1);
   struct ir_instr *comps[2] = { ir_extract(&b, v, 0), x1 };
   struct ir_instr *same = ir_vec(&b, 2, comps);   /* == v */
   struct ir_instr *a = ir_op2(&b, IR_OP_iadd, x0, x1);
   struct ir_instr *a2 = ir_op2(&b, IR_OP_iadd, x0, x1);
   store_out(&b, 1, ir_op2(&b, IR_OP_imul, a, a2));
   store_out(&b, 2, ir_op2(&b, IR_OP_iadd, same, w));
   ir_return(&b);
   run(s, ir_pass_copy_prop);
   run(s, ir_pass_cse);
   run(s, ir_pass_dce);
   expect("cse_copy_prop", s,
          "shader compute\n"
          "workgroup_size 1 1 1\n"
          "var @0 ssbo \"in\" set 0 binding 0 : i32x2\n"
          "var @1 ssbo \"out1\" set 0 binding 1 : i32\n"
          "var @2 ssbo \"out2\" set 0 binding 2 : i32x2\n"
          "fn main {\n"
          "b0:\n"
          "   %1 = deref_var ptr<ssbo, i32x2> @0\n"
          "   %2 = load i32x2 %1\n"
          "   %3 = load i32x2 %1\n"
          "   %4 = extract.0 i32 %2\n"
          "   %5 = extract.1 i32 %2\n"
          "   %6 = iadd i32 %4, %5\n"
          "   %7 = imul i32 %6, %6\n"
          "   %8 = deref_var ptr<ssbo, i32> @1\n"
          "   store %8, %7\n"
          "   %9 = iadd i32x2 %2, %3\n"
          "   %10 = deref_var ptr<ssbo, i32x2> @2\n"
          "   store %10, %9\n"
          "   return\n"
          "}\n");
   ir_shader_destroy(s);
}

/* The validator rejects a use that its definition does not dominate. */
static void
test_validate_dominance(void)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_COMPUTE);
   struct ir_function *f = ir_function_create(s, "main");
   struct ir_block *b0 = ir_block_create(f), *b1 = ir_block_create(f),
                   *b2 = ir_block_create(f), *b3 = ir_block_create(f);
   struct ir_builder b;
   ir_builder_at_end(&b, b0);
   struct ir_instr *c = ir_op2(&b, IR_OP_ieq, ir_imm_u32(&b, 1), ir_imm_u32(&b, 2));
   b0->construct = IR_CONSTRUCT_SELECTION;
   b0->merge = b3;
   ir_cbr(&b, c, b1, b2);
   ir_builder_at_end(&b, b1);
   struct ir_instr *only_then = ir_imm_u32(&b, 7);
   ir_br(&b, b3);
   ir_builder_at_end(&b, b2);
   ir_br(&b, b3);
   ir_builder_at_end(&b, b3);
   ir_op2(&b, IR_OP_iadd, only_then, only_then);
   ir_return(&b);
   ir_rebuild_preds(f);
   char *buf = NULL;
   size_t len = 0;
   FILE *err = open_memstream(&buf, &len);
   bool ok = ir_validate(s, err);
   fclose(err);
   if (ok || !strstr(buf, "does not dominate its use")) {
      fprintf(stderr, "validate_dominance: expected a dominance error, got:\n%s", buf);
      failures++;
   } else {
      printf("validate_dominance: ok (%s)", buf);
   }
   free(buf);
   ir_shader_destroy(s);
}

/* if (true) x = 1 else x = 2: the branch folds, the else arm disappears,
 * the phi loses its source from it and the chain of blocks merges. */
static void
test_cf(void)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_COMPUTE);
   const struct ir_type *i32 = ir_type_int(s, 32, 1);
   struct ir_var *out = ir_var_create(s, "out", IR_STORAGE_SSBO, i32);
   struct ir_function *f = ir_function_create(s, "main");
   struct ir_block *b0 = ir_block_create(f), *b1 = ir_block_create(f),
                   *b2 = ir_block_create(f), *b3 = ir_block_create(f);
   struct ir_builder b;
   ir_builder_at_end(&b, b0);
   struct ir_instr *t = ir_const_splat(&b, ir_type_bool(s, 1), 1);
   struct ir_instr *one = ir_imm_u32(&b, 1), *two = ir_imm_u32(&b, 2);
   b0->construct = IR_CONSTRUCT_SELECTION;
   b0->merge = b3;
   ir_cbr(&b, t, b1, b2);
   ir_builder_at_end(&b, b1);
   ir_br(&b, b3);
   ir_builder_at_end(&b, b2);
   ir_br(&b, b3);
   ir_builder_at_end(&b, b3);
   ir_rebuild_preds(f);
   struct ir_instr *phi = ir_phi(&b, b3, i32, 2);
   ir_phi_set_src(phi, 0, b1, one);
   ir_phi_set_src(phi, 1, b2, two);
   struct ir_instr *out_ptr = ir_deref_var(&b, out);
   ir_store(&b, out_ptr, phi);
   ir_return(&b);
   run(s, ir_pass_cf);
   run(s, ir_pass_copy_prop);
   run(s, ir_pass_dce);
   expect("cf", s,
          "shader compute\n"
          "workgroup_size 1 1 1\n"
          "var @0 ssbo \"out\" set 0 binding 0 : i32\n"
          "fn main {\n"
          "b0:\n"
          "   %1 = const i32 1\n"
          "   %2 = deref_var ptr<ssbo, i32> @0\n"
          "   store %2, %1\n"
          "   return\n"
          "}\n");
   ir_shader_destroy(s);
}

/* A local struct is split per member, then each member becomes SSA. */
static void
test_split_vars(void)
{
   struct ir_builder b;
   struct ir_shader *s = single_block(&b);
   const struct ir_type *i32 = ir_type_int(s, 32, 1), *f32 = ir_type_float(s, 32, 1);
   const struct ir_type *members[2] = { i32, f32 };
   struct ir_var *pair = ir_var_create(s, "pair", IR_STORAGE_FUNCTION,
                                       ir_type_struct(s, 2, members, NULL));
   struct ir_instr *p = ir_deref_var(&b, pair);
   struct ir_instr *m0 = ir_deref_struct(&b, p, 0), *m1 = ir_deref_struct(&b, p, 1);
   ir_store(&b, m0, ir_imm_u32(&b, 5));
   ir_store(&b, m1, ir_imm_f32(&b, 0.5f));
   struct ir_instr *v0 = ir_load(&b, m0);
   struct ir_instr *v1 = ir_load(&b, m1);
   store_out(&b, 1, v0);
   store_out(&b, 2, v1);
   ir_return(&b);
   run(s, ir_pass_split_vars);
   run(s, ir_pass_vars_to_ssa);
   run(s, ir_pass_dce);
   expect("split_vars", s,
          "shader compute\n"
          "workgroup_size 1 1 1\n"
          "var @1 ssbo \"out1\" set 0 binding 1 : i32\n"
          "var @2 ssbo \"out2\" set 0 binding 2 : f32\n"
          "fn main {\n"
          "b0:\n"
          "   %1 = const i32 5\n"
          "   %2 = const f32 0.5\n"
          "   %3 = deref_var ptr<ssbo, i32> @1\n"
          "   store %3, %1\n"
          "   %4 = deref_var ptr<ssbo, f32> @2\n"
          "   store %4, %2\n"
          "   return\n"
          "}\n");
   ir_shader_destroy(s);
}

/* A vec2 add becomes two scalar adds; the compare reads them directly
 * (copy_prop sees through extract-of-vec), repeated extracts merge (cse). */
static void
test_scalarize(void)
{
   struct ir_builder b;
   struct ir_shader *s = single_block(&b);
   struct ir_var *in = ir_var_create(s, "in", IR_STORAGE_SSBO, ir_type_float(s, 32, 2));
   struct ir_instr *v = ir_load(&b, ir_deref_var(&b, in));
   struct ir_instr *sum = ir_op2(&b, IR_OP_fadd, v, v);
   store_out(&b, 1, ir_op2(&b, IR_OP_flt, sum, v));
   ir_return(&b);
   run(s, ir_pass_scalarize);
   run(s, ir_pass_copy_prop);
   run(s, ir_pass_cse);
   run(s, ir_pass_dce);
   expect("scalarize", s,
          "shader compute\n"
          "workgroup_size 1 1 1\n"
          "var @0 ssbo \"in\" set 0 binding 0 : f32x2\n"
          "var @1 ssbo \"out1\" set 0 binding 1 : boolx2\n"
          "fn main {\n"
          "b0:\n"
          "   %1 = deref_var ptr<ssbo, f32x2> @0\n"
          "   %2 = load f32x2 %1\n"
          "   %3 = extract.0 f32 %2\n"
          "   %4 = fadd f32 %3, %3\n"
          "   %5 = extract.1 f32 %2\n"
          "   %6 = fadd f32 %5, %5\n"
          "   %7 = flt bool %4, %3\n"
          "   %8 = flt bool %6, %5\n"
          "   %9 = vec boolx2 %7, %8\n"
          "   %10 = deref_var ptr<ssbo, boolx2> @1\n"
          "   store %10, %9\n"
          "   return\n"
          "}\n");
   ir_shader_destroy(s);
}

/* LocalInvocationIndex from LocalInvocationId for an 8x4x2 workgroup. */
static void
test_lower_sysvals(void)
{
   struct ir_builder b;
   struct ir_shader *s = single_block(&b);
   s->workgroup_size[0] = 8;
   s->workgroup_size[1] = 4;
   s->workgroup_size[2] = 2;
   store_out(&b, 0, ir_sysval(&b, IR_SYSVAL_local_invocation_index, ir_type_int(s, 32, 1)));
   ir_return(&b);
   run(s, ir_pass_lower_compute_sysvals);
   expect("lower_compute_sysvals", s,
          "shader compute\n"
          "workgroup_size 8 4 2\n"
          "var @0 ssbo \"out0\" set 0 binding 0 : i32\n"
          "fn main {\n"
          "b0:\n"
          "   %1 = sysval.local_invocation_id i32x3\n"
          "   %2 = extract.0 i32 %1\n"
          "   %3 = extract.1 i32 %1\n"
          "   %4 = extract.2 i32 %1\n"
          "   %5 = const i32 8\n"
          "   %6 = imul i32 %3, %5\n"
          "   %7 = const i32 32\n"
          "   %8 = imul i32 %4, %7\n"
          "   %9 = iadd i32 %6, %8\n"
          "   %10 = iadd i32 %2, %9\n"
          "   %11 = deref_var ptr<ssbo, i32> @0\n"
          "   store %11, %10\n"
          "   return\n"
          "}\n");
   ir_shader_destroy(s);
}

int
main(void)
{
   test_scalarize();
   test_lower_sysvals();
   test_cf();
   test_split_vars();
   test_vars_to_ssa();
   test_vars_to_ssa_loop();
   test_const_fold();
   test_dce();
   test_cse_copy_prop();
   test_validate_dominance();
   return failures ? 1 : 0;
}

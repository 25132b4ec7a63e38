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

/* Checks the printed IR before a pass, runs it, and checks the result:
 * each case reads as a before/after diff of the pass. */
static void
expect_pass(const char *name, struct ir_shader *s, bool (*pass)(struct ir_shader *),
            const char *before, const char *after)
{
   char *got = ir_print_to_string(s);
   if (strcmp(got, before)) {
      fprintf(stderr, "%s: unexpected input IR\n--- expected\n%s--- got\n%s", name, before,
              got);
      failures++;
   }
   free(got);
   bool progress = run(s, pass);
   if (progress != (strcmp(before, after) != 0)) {
      fprintf(stderr, "%s: pass reported progress=%d\n", name, progress);
      failures++;
   }
   expect(name, s, after);
}

static struct ir_instr *
load_in(struct ir_builder *b, const char *name, const struct ir_type *t)
{
   struct ir_var *var = ir_var_create(b->shader, name, IR_STORAGE_SSBO, t);
   var->binding = 9;
   return ir_load(b, ir_deref_var(b, var));
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

/* Integer identities, a constant chain, strength reduction, and a shift
 * chain that must stay because its total count reaches the bit size. */
static void
test_algebraic_int(void)
{
   struct ir_builder b;
   struct ir_shader *s = single_block(&b);
   struct ir_instr *a = load_in(&b, "in", ir_type_int(s, 32, 1));
   store_out(&b, 0, ir_op2(&b, IR_OP_iadd, ir_imm_u32(&b, 0), a));
   store_out(&b, 1, ir_op2(&b, IR_OP_isub, a, a));
   store_out(&b, 2, ir_op1(&b, IR_OP_inot, ir_op1(&b, IR_OP_inot, a)));
   struct ir_instr *a3 = ir_op2(&b, IR_OP_iadd, a, ir_imm_u32(&b, 3));
   store_out(&b, 3, ir_op2(&b, IR_OP_iadd, ir_imm_u32(&b, 5), a3));
   store_out(&b, 4, ir_op2(&b, IR_OP_imul, a, ir_imm_u32(&b, 8)));
   store_out(&b, 5, ir_op2(&b, IR_OP_umod, a, ir_imm_u32(&b, 16)));
   struct ir_instr *sh = ir_op2(&b, IR_OP_ishl, a, ir_imm_u32(&b, 20));
   store_out(&b, 6, ir_op2(&b, IR_OP_ishl, sh, ir_imm_u32(&b, 20)));
   ir_return(&b);
   expect_pass("algebraic_int", s, ir_pass_algebraic,
               "shader compute\n"
               "workgroup_size 1 1 1\n"
               "var @0 ssbo \"in\" set 0 binding 9 : i32\n"
               "var @1 ssbo \"out0\" set 0 binding 0 : i32\n"
               "var @2 ssbo \"out1\" set 0 binding 1 : i32\n"
               "var @3 ssbo \"out2\" set 0 binding 2 : i32\n"
               "var @4 ssbo \"out3\" set 0 binding 3 : i32\n"
               "var @5 ssbo \"out4\" set 0 binding 4 : i32\n"
               "var @6 ssbo \"out5\" set 0 binding 5 : i32\n"
               "var @7 ssbo \"out6\" set 0 binding 6 : i32\n"
               "fn main {\n"
               "b0:\n"
               "   %1 = deref_var ptr<ssbo, i32> @0\n"
               "   %2 = load i32 %1\n"
               "   %3 = const i32 0\n"
               "   %4 = iadd i32 %3, %2\n"
               "   %5 = deref_var ptr<ssbo, i32> @1\n"
               "   store %5, %4\n"
               "   %6 = isub i32 %2, %2\n"
               "   %7 = deref_var ptr<ssbo, i32> @2\n"
               "   store %7, %6\n"
               "   %8 = inot i32 %2\n"
               "   %9 = inot i32 %8\n"
               "   %10 = deref_var ptr<ssbo, i32> @3\n"
               "   store %10, %9\n"
               "   %11 = const i32 3\n"
               "   %12 = iadd i32 %2, %11\n"
               "   %13 = const i32 5\n"
               "   %14 = iadd i32 %13, %12\n"
               "   %15 = deref_var ptr<ssbo, i32> @4\n"
               "   store %15, %14\n"
               "   %16 = const i32 8\n"
               "   %17 = imul i32 %2, %16\n"
               "   %18 = deref_var ptr<ssbo, i32> @5\n"
               "   store %18, %17\n"
               "   %19 = const i32 16\n"
               "   %20 = umod i32 %2, %19\n"
               "   %21 = deref_var ptr<ssbo, i32> @6\n"
               "   store %21, %20\n"
               "   %22 = const i32 20\n"
               "   %23 = ishl i32 %2, %22\n"
               "   %24 = const i32 20\n"
               "   %25 = ishl i32 %23, %24\n"
               "   %26 = deref_var ptr<ssbo, i32> @7\n"
               "   store %26, %25\n"
               "   return\n"
               "}\n",
               "shader compute\n"
               "workgroup_size 1 1 1\n"
               "var @0 ssbo \"in\" set 0 binding 9 : i32\n"
               "var @1 ssbo \"out0\" set 0 binding 0 : i32\n"
               "var @2 ssbo \"out1\" set 0 binding 1 : i32\n"
               "var @3 ssbo \"out2\" set 0 binding 2 : i32\n"
               "var @4 ssbo \"out3\" set 0 binding 3 : i32\n"
               "var @5 ssbo \"out4\" set 0 binding 4 : i32\n"
               "var @6 ssbo \"out5\" set 0 binding 5 : i32\n"
               "var @7 ssbo \"out6\" set 0 binding 6 : i32\n"
               "fn main {\n"
               "b0:\n"
               "   %1 = deref_var ptr<ssbo, i32> @0\n"
               "   %2 = load i32 %1\n"
               "   %3 = const i32 0\n"
               "   %4 = deref_var ptr<ssbo, i32> @1\n"
               "   store %4, %2\n"
               "   %5 = const i32 0\n"
               "   %6 = deref_var ptr<ssbo, i32> @2\n"
               "   store %6, %5\n"
               "   %7 = inot i32 %2\n"
               "   %8 = deref_var ptr<ssbo, i32> @3\n"
               "   store %8, %2\n"
               "   %9 = const i32 3\n"
               "   %10 = iadd i32 %2, %9\n"
               "   %11 = const i32 5\n"
               "   %12 = iadd i32 %9, %11\n"
               "   %13 = iadd i32 %2, %12\n"
               "   %14 = deref_var ptr<ssbo, i32> @4\n"
               "   store %14, %13\n"
               "   %15 = const i32 8\n"
               "   %16 = find_lsb i32 %15\n"
               "   %17 = ishl i32 %2, %16\n"
               "   %18 = deref_var ptr<ssbo, i32> @5\n"
               "   store %18, %17\n"
               "   %19 = const i32 16\n"
               "   %20 = const i32 1\n"
               "   %21 = isub i32 %19, %20\n"
               "   %22 = iand i32 %2, %21\n"
               "   %23 = deref_var ptr<ssbo, i32> @6\n"
               "   store %23, %22\n"
               "   %24 = const i32 20\n"
               "   %25 = ishl i32 %2, %24\n"
               "   %26 = const i32 20\n"
               "   %27 = ishl i32 %25, %26\n"
               "   %28 = deref_var ptr<ssbo, i32> @7\n"
               "   store %28, %27\n"
               "   return\n"
               "}\n");
   run(s, ir_pass_const_fold);
   run(s, ir_pass_dce);
   expect("algebraic_int_folded", s,
          "shader compute\n"
          "workgroup_size 1 1 1\n"
          "var @0 ssbo \"in\" set 0 binding 9 : i32\n"
          "var @1 ssbo \"out0\" set 0 binding 0 : i32\n"
          "var @2 ssbo \"out1\" set 0 binding 1 : i32\n"
          "var @3 ssbo \"out2\" set 0 binding 2 : i32\n"
          "var @4 ssbo \"out3\" set 0 binding 3 : i32\n"
          "var @5 ssbo \"out4\" set 0 binding 4 : i32\n"
          "var @6 ssbo \"out5\" set 0 binding 5 : i32\n"
          "var @7 ssbo \"out6\" set 0 binding 6 : i32\n"
          "fn main {\n"
          "b0:\n"
          "   %1 = deref_var ptr<ssbo, i32> @0\n"
          "   %2 = load i32 %1\n"
          "   %3 = deref_var ptr<ssbo, i32> @1\n"
          "   store %3, %2\n"
          "   %4 = const i32 0\n"
          "   %5 = deref_var ptr<ssbo, i32> @2\n"
          "   store %5, %4\n"
          "   %6 = deref_var ptr<ssbo, i32> @3\n"
          "   store %6, %2\n"
          "   %7 = const i32 8\n"
          "   %8 = iadd i32 %2, %7\n"
          "   %9 = deref_var ptr<ssbo, i32> @4\n"
          "   store %9, %8\n"
          "   %10 = const i32 3\n"
          "   %11 = ishl i32 %2, %10\n"
          "   %12 = deref_var ptr<ssbo, i32> @5\n"
          "   store %12, %11\n"
          "   %13 = const i32 15\n"
          "   %14 = iand i32 %2, %13\n"
          "   %15 = deref_var ptr<ssbo, i32> @6\n"
          "   store %15, %14\n"
          "   %16 = const i32 20\n"
          "   %17 = ishl i32 %2, %16\n"
          "   %18 = const i32 20\n"
          "   %19 = ishl i32 %17, %18\n"
          "   %20 = deref_var ptr<ssbo, i32> @7\n"
          "   store %20, %19\n"
          "   return\n"
          "}\n");
   ir_shader_destroy(s);
}

/* Only the float rules that hold for NaN, infinities and signed zeros
 * fire: x + 0.0, x * 0.0 and x - x stay. */
static void
test_algebraic_float(void)
{
   struct ir_builder b;
   struct ir_shader *s = single_block(&b);
   const struct ir_type *f32 = ir_type_float(s, 32, 1);
   struct ir_instr *x = load_in(&b, "in", f32);
   store_out(&b, 0, ir_op2(&b, IR_OP_fmul, ir_imm_f32(&b, 1.0f), x));
   store_out(&b, 1, ir_op2(&b, IR_OP_fadd, x, ir_imm_f32(&b, 0.0f)));
   store_out(&b, 2, ir_op2(&b, IR_OP_fadd, x, ir_imm_f32(&b, -0.0f)));
   store_out(&b, 3, ir_op2(&b, IR_OP_fmul, x, ir_imm_f32(&b, 0.0f)));
   store_out(&b, 4, ir_op2(&b, IR_OP_fsub, x, x));
   store_out(&b, 5, ir_op1(&b, IR_OP_fneg, ir_op1(&b, IR_OP_fneg, x)));
   store_out(&b, 6, ir_op2(&b, IR_OP_fmul, x, ir_imm_f32(&b, -1.0f)));
   ir_return(&b);
   expect_pass("algebraic_float", s, ir_pass_algebraic,
               "shader compute\n"
               "workgroup_size 1 1 1\n"
               "var @0 ssbo \"in\" set 0 binding 9 : f32\n"
               "var @1 ssbo \"out0\" set 0 binding 0 : f32\n"
               "var @2 ssbo \"out1\" set 0 binding 1 : f32\n"
               "var @3 ssbo \"out2\" set 0 binding 2 : f32\n"
               "var @4 ssbo \"out3\" set 0 binding 3 : f32\n"
               "var @5 ssbo \"out4\" set 0 binding 4 : f32\n"
               "var @6 ssbo \"out5\" set 0 binding 5 : f32\n"
               "var @7 ssbo \"out6\" set 0 binding 6 : f32\n"
               "fn main {\n"
               "b0:\n"
               "   %1 = deref_var ptr<ssbo, f32> @0\n"
               "   %2 = load f32 %1\n"
               "   %3 = const f32 1\n"
               "   %4 = fmul f32 %3, %2\n"
               "   %5 = deref_var ptr<ssbo, f32> @1\n"
               "   store %5, %4\n"
               "   %6 = const f32 0\n"
               "   %7 = fadd f32 %2, %6\n"
               "   %8 = deref_var ptr<ssbo, f32> @2\n"
               "   store %8, %7\n"
               "   %9 = const f32 -0\n"
               "   %10 = fadd f32 %2, %9\n"
               "   %11 = deref_var ptr<ssbo, f32> @3\n"
               "   store %11, %10\n"
               "   %12 = const f32 0\n"
               "   %13 = fmul f32 %2, %12\n"
               "   %14 = deref_var ptr<ssbo, f32> @4\n"
               "   store %14, %13\n"
               "   %15 = fsub f32 %2, %2\n"
               "   %16 = deref_var ptr<ssbo, f32> @5\n"
               "   store %16, %15\n"
               "   %17 = fneg f32 %2\n"
               "   %18 = fneg f32 %17\n"
               "   %19 = deref_var ptr<ssbo, f32> @6\n"
               "   store %19, %18\n"
               "   %20 = const f32 -1\n"
               "   %21 = fmul f32 %2, %20\n"
               "   %22 = deref_var ptr<ssbo, f32> @7\n"
               "   store %22, %21\n"
               "   return\n"
               "}\n",
               "shader compute\n"
               "workgroup_size 1 1 1\n"
               "var @0 ssbo \"in\" set 0 binding 9 : f32\n"
               "var @1 ssbo \"out0\" set 0 binding 0 : f32\n"
               "var @2 ssbo \"out1\" set 0 binding 1 : f32\n"
               "var @3 ssbo \"out2\" set 0 binding 2 : f32\n"
               "var @4 ssbo \"out3\" set 0 binding 3 : f32\n"
               "var @5 ssbo \"out4\" set 0 binding 4 : f32\n"
               "var @6 ssbo \"out5\" set 0 binding 5 : f32\n"
               "var @7 ssbo \"out6\" set 0 binding 6 : f32\n"
               "fn main {\n"
               "b0:\n"
               "   %1 = deref_var ptr<ssbo, f32> @0\n"
               "   %2 = load f32 %1\n"
               "   %3 = const f32 1\n"
               "   %4 = deref_var ptr<ssbo, f32> @1\n"
               "   store %4, %2\n"
               "   %5 = const f32 0\n"
               "   %6 = fadd f32 %2, %5\n"
               "   %7 = deref_var ptr<ssbo, f32> @2\n"
               "   store %7, %6\n"
               "   %8 = const f32 -0\n"
               "   %9 = deref_var ptr<ssbo, f32> @3\n"
               "   store %9, %2\n"
               "   %10 = const f32 0\n"
               "   %11 = fmul f32 %2, %10\n"
               "   %12 = deref_var ptr<ssbo, f32> @4\n"
               "   store %12, %11\n"
               "   %13 = fsub f32 %2, %2\n"
               "   %14 = deref_var ptr<ssbo, f32> @5\n"
               "   store %14, %13\n"
               "   %15 = fneg f32 %2\n"
               "   %16 = deref_var ptr<ssbo, f32> @6\n"
               "   store %16, %2\n"
               "   %17 = const f32 -1\n"
               "   %18 = fneg f32 %2\n"
               "   %19 = deref_var ptr<ssbo, f32> @7\n"
               "   store %19, %18\n"
               "   return\n"
               "}\n");
   ir_shader_destroy(s);
}

/* Negated compares: exact complements become the complement, flt does not
 * (both flt and fge are false for NaN); compares of a value with itself
 * and selects on a constant fold. */
static void
test_algebraic_bool(void)
{
   struct ir_builder b;
   struct ir_shader *s = single_block(&b);
   struct ir_instr *a = load_in(&b, "in", ir_type_int(s, 32, 1));
   struct ir_instr *x = load_in(&b, "inf", ir_type_float(s, 32, 1));
   struct ir_instr *four = ir_imm_u32(&b, 4);
   store_out(&b, 0, ir_op1(&b, IR_OP_bnot, ir_op2(&b, IR_OP_ult, a, four)));
   store_out(&b, 1, ir_op1(&b, IR_OP_bnot, ir_op2(&b, IR_OP_flt, x, x)));
   store_out(&b, 2, ir_op1(&b, IR_OP_bnot, ir_op2(&b, IR_OP_feq, x, x)));
   store_out(&b, 3, ir_op2(&b, IR_OP_sge, a, a));
   struct ir_instr *t = ir_const_splat(&b, ir_type_bool(s, 1), 1);
   store_out(&b, 4, ir_select(&b, t, a, four));
   ir_return(&b);
   expect_pass("algebraic_bool", s, ir_pass_algebraic,
               "shader compute\n"
               "workgroup_size 1 1 1\n"
               "var @0 ssbo \"in\" set 0 binding 9 : i32\n"
               "var @1 ssbo \"inf\" set 0 binding 9 : f32\n"
               "var @2 ssbo \"out0\" set 0 binding 0 : bool\n"
               "var @3 ssbo \"out1\" set 0 binding 1 : bool\n"
               "var @4 ssbo \"out2\" set 0 binding 2 : bool\n"
               "var @5 ssbo \"out3\" set 0 binding 3 : bool\n"
               "var @6 ssbo \"out4\" set 0 binding 4 : i32\n"
               "fn main {\n"
               "b0:\n"
               "   %1 = deref_var ptr<ssbo, i32> @0\n"
               "   %2 = load i32 %1\n"
               "   %3 = deref_var ptr<ssbo, f32> @1\n"
               "   %4 = load f32 %3\n"
               "   %5 = const i32 4\n"
               "   %6 = ult bool %2, %5\n"
               "   %7 = bnot bool %6\n"
               "   %8 = deref_var ptr<ssbo, bool> @2\n"
               "   store %8, %7\n"
               "   %9 = flt bool %4, %4\n"
               "   %10 = bnot bool %9\n"
               "   %11 = deref_var ptr<ssbo, bool> @3\n"
               "   store %11, %10\n"
               "   %12 = feq bool %4, %4\n"
               "   %13 = bnot bool %12\n"
               "   %14 = deref_var ptr<ssbo, bool> @4\n"
               "   store %14, %13\n"
               "   %15 = sge bool %2, %2\n"
               "   %16 = deref_var ptr<ssbo, bool> @5\n"
               "   store %16, %15\n"
               "   %17 = const bool true\n"
               "   %18 = select i32 %17, %2, %5\n"
               "   %19 = deref_var ptr<ssbo, i32> @6\n"
               "   store %19, %18\n"
               "   return\n"
               "}\n",
               "shader compute\n"
               "workgroup_size 1 1 1\n"
               "var @0 ssbo \"in\" set 0 binding 9 : i32\n"
               "var @1 ssbo \"inf\" set 0 binding 9 : f32\n"
               "var @2 ssbo \"out0\" set 0 binding 0 : bool\n"
               "var @3 ssbo \"out1\" set 0 binding 1 : bool\n"
               "var @4 ssbo \"out2\" set 0 binding 2 : bool\n"
               "var @5 ssbo \"out3\" set 0 binding 3 : bool\n"
               "var @6 ssbo \"out4\" set 0 binding 4 : i32\n"
               "fn main {\n"
               "b0:\n"
               "   %1 = deref_var ptr<ssbo, i32> @0\n"
               "   %2 = load i32 %1\n"
               "   %3 = deref_var ptr<ssbo, f32> @1\n"
               "   %4 = load f32 %3\n"
               "   %5 = const i32 4\n"
               "   %6 = ult bool %2, %5\n"
               "   %7 = uge bool %2, %5\n"
               "   %8 = deref_var ptr<ssbo, bool> @2\n"
               "   store %8, %7\n"
               "   %9 = flt bool %4, %4\n"
               "   %10 = bnot bool %9\n"
               "   %11 = deref_var ptr<ssbo, bool> @3\n"
               "   store %11, %10\n"
               "   %12 = feq bool %4, %4\n"
               "   %13 = fneu bool %4, %4\n"
               "   %14 = deref_var ptr<ssbo, bool> @4\n"
               "   store %14, %13\n"
               "   %15 = const bool true\n"
               "   %16 = deref_var ptr<ssbo, bool> @5\n"
               "   store %16, %15\n"
               "   %17 = const bool true\n"
               "   %18 = deref_var ptr<ssbo, i32> @6\n"
               "   store %18, %2\n"
               "   return\n"
               "}\n");
   ir_shader_destroy(s);
}

/* for (i = start; i < end; i += step) acc += in[i], in SSA form as the
 * front end leaves it: header phis, the exit test in the block after the
 * header, the increment in the continue block. */
static struct ir_shader *
counted_loop(uint32_t start, struct ir_instr *(*end)(struct ir_builder *), uint32_t step)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_COMPUTE);
   const struct ir_type *i32 = ir_type_int(s, 32, 1);
   struct ir_var *in = ir_var_create(s, "in", IR_STORAGE_SSBO, ir_type_array(s, i32, 0, 4));
   struct ir_function *f = ir_function_create(s, "main");
   struct ir_block *entry = ir_block_create(f), *header = ir_block_create(f),
                   *test = ir_block_create(f), *cont = ir_block_create(f),
                   *merge = ir_block_create(f);
   struct ir_builder b;
   ir_builder_at_end(&b, entry);
   struct ir_instr *zero = ir_imm_u32(&b, 0), *first = ir_imm_u32(&b, start);
   ir_br(&b, header);
   ir_builder_at_end(&b, header);
   header->construct = IR_CONSTRUCT_LOOP;
   header->merge = merge;
   header->cont = cont;
   struct ir_instr *i = ir_phi(&b, header, i32, 2), *acc = ir_phi(&b, header, i32, 2);
   ir_br(&b, test);
   ir_builder_at_end(&b, test);
   ir_cbr(&b, ir_op2(&b, IR_OP_ult, i, end(&b)), cont, merge);
   ir_builder_at_end(&b, cont);
   struct ir_instr *elem = ir_load(&b, ir_deref_array(&b, ir_deref_var(&b, in), i));
   struct ir_instr *acc2 = ir_op2(&b, IR_OP_iadd, acc, elem);
   struct ir_instr *i2 = ir_op2(&b, IR_OP_iadd, i, ir_imm_u32(&b, step));
   ir_br(&b, header);
   ir_phi_set_src(i, 0, entry, first);
   ir_phi_set_src(i, 1, cont, i2);
   ir_phi_set_src(acc, 0, entry, zero);
   ir_phi_set_src(acc, 1, cont, acc2);
   ir_builder_at_end(&b, merge);
   store_out(&b, 0, acc);
   ir_return(&b);
   ir_rebuild_preds(f);
   return s;
}

static struct ir_instr *
end_5(struct ir_builder *b)
{
   return ir_imm_u32(b, 5);
}

static struct ir_instr *
end_1000(struct ir_builder *b)
{
   return ir_imm_u32(b, 1000);
}

static struct ir_instr *
end_loaded(struct ir_builder *b)
{
   return load_in(b, "n", ir_type_int(b->shader, 32, 1));
}

/* i = 1, 3 (5 exits): two copies of the body and a third of the test;
 * after cf and const_fold the loop is straight-line code. */
static void
test_loop_unroll(void)
{
   struct ir_shader *s = counted_loop(1, end_5, 2);
   expect_pass("loop_unroll", s, ir_pass_loop_unroll,
               "shader compute\n"
               "workgroup_size 1 1 1\n"
               "var @0 ssbo \"in\" set 0 binding 0 : [i32; 0 stride 4]\n"
               "var @1 ssbo \"out0\" set 0 binding 0 : i32\n"
               "fn main {\n"
               "b0:\n"
               "   %1 = const i32 0\n"
               "   %2 = const i32 1\n"
               "   br b1\n"
               "b1:  ; preds b0 b3\n"
               "   %3 = phi i32 [b0: %2], [b3: %12]\n"
               "   %4 = phi i32 [b0: %1], [b3: %10]\n"
               "   loop_merge b4 continue b3\n"
               "   br b2\n"
               "b2:  ; preds b1\n"
               "   %5 = const i32 5\n"
               "   %6 = ult bool %3, %5\n"
               "   cbr %6, b3, b4\n"
               "b3:  ; preds b2\n"
               "   %7 = deref_var ptr<ssbo, [i32; 0 stride 4]> @0\n"
               "   %8 = deref_array ptr<ssbo, i32> %7, %3\n"
               "   %9 = load i32 %8\n"
               "   %10 = iadd i32 %4, %9\n"
               "   %11 = const i32 2\n"
               "   %12 = iadd i32 %3, %11\n"
               "   br b1\n"
               "b4:  ; preds b2\n"
               "   %13 = deref_var ptr<ssbo, i32> @1\n"
               "   store %13, %4\n"
               "   return\n"
               "}\n",
               "shader compute\n"
               "workgroup_size 1 1 1\n"
               "var @0 ssbo \"in\" set 0 binding 0 : [i32; 0 stride 4]\n"
               "var @1 ssbo \"out0\" set 0 binding 0 : i32\n"
               "fn main {\n"
               "b0:\n"
               "   %1 = const i32 0\n"
               "   %2 = const i32 1\n"
               "   br b1\n"
               "b1:  ; preds b0\n"
               "   br b2\n"
               "b2:  ; preds b1\n"
               "   %3 = const i32 5\n"
               "   %4 = ult bool %2, %3\n"
               "   br b3\n"
               "b3:  ; preds b2\n"
               "   %5 = deref_var ptr<ssbo, [i32; 0 stride 4]> @0\n"
               "   %6 = deref_array ptr<ssbo, i32> %5, %2\n"
               "   %7 = load i32 %6\n"
               "   %8 = iadd i32 %1, %7\n"
               "   %9 = const i32 2\n"
               "   %10 = iadd i32 %2, %9\n"
               "   br b4\n"
               "b4:  ; preds b3\n"
               "   br b5\n"
               "b5:  ; preds b4\n"
               "   %11 = const i32 5\n"
               "   %12 = ult bool %10, %11\n"
               "   br b6\n"
               "b6:  ; preds b5\n"
               "   %13 = deref_var ptr<ssbo, [i32; 0 stride 4]> @0\n"
               "   %14 = deref_array ptr<ssbo, i32> %13, %10\n"
               "   %15 = load i32 %14\n"
               "   %16 = iadd i32 %8, %15\n"
               "   %17 = const i32 2\n"
               "   %18 = iadd i32 %10, %17\n"
               "   br b7\n"
               "b7:  ; preds b6\n"
               "   br b8\n"
               "b8:  ; preds b7\n"
               "   %19 = const i32 5\n"
               "   %20 = ult bool %18, %19\n"
               "   br b10\n"
               "b9:\n"
               "   %21 = deref_var ptr<ssbo, [i32; 0 stride 4]> @0\n"
               "   %22 = deref_array ptr<ssbo, i32> %21, %18\n"
               "   %23 = load i32 %22\n"
               "   %24 = iadd i32 %16, %23\n"
               "   %25 = const i32 2\n"
               "   %26 = iadd i32 %18, %25\n"
               "   unreachable\n"
               "b10:  ; preds b8\n"
               "   %27 = deref_var ptr<ssbo, i32> @1\n"
               "   store %27, %16\n"
               "   return\n"
               "}\n");
   run(s, ir_pass_const_fold);
   run(s, ir_pass_cf);
   run(s, ir_pass_copy_prop);
   run(s, ir_pass_cse);
   run(s, ir_pass_dce);
   expect("loop_unroll_cleaned", s,
          "shader compute\n"
          "workgroup_size 1 1 1\n"
          "var @0 ssbo \"in\" set 0 binding 0 : [i32; 0 stride 4]\n"
          "var @1 ssbo \"out0\" set 0 binding 0 : i32\n"
          "fn main {\n"
          "b0:\n"
          "   %1 = const i32 0\n"
          "   %2 = const i32 1\n"
          "   %3 = deref_var ptr<ssbo, [i32; 0 stride 4]> @0\n"
          "   %4 = deref_array ptr<ssbo, i32> %3, %2\n"
          "   %5 = load i32 %4\n"
          "   %6 = iadd i32 %1, %5\n"
          "   %7 = const i32 3\n"
          "   %8 = deref_array ptr<ssbo, i32> %3, %7\n"
          "   %9 = load i32 %8\n"
          "   %10 = iadd i32 %6, %9\n"
          "   %11 = deref_var ptr<ssbo, i32> @1\n"
          "   store %11, %10\n"
          "   return\n"
          "}\n");
   ir_shader_destroy(s);
}

/* Not unrolled: a bound read from memory, 1000 iterations, and five
 * iterations that each wait at a workgroup barrier. */
static void
test_loop_unroll_limits(void)
{
   struct ir_shader *s = counted_loop(0, end_loaded, 1);
   char *before = ir_print_to_string(s);
   expect_pass("loop_unroll_unknown_count", s, ir_pass_loop_unroll, before, before);
   free(before);
   ir_shader_destroy(s);
   s = counted_loop(0, end_1000, 1);
   before = ir_print_to_string(s);
   expect_pass("loop_unroll_too_long", s, ir_pass_loop_unroll, before, before);
   free(before);
   ir_shader_destroy(s);
   s = counted_loop(0, end_5, 1);
   ir_foreach_block(h, s->entry) {
      if (h->construct == IR_CONSTRUCT_LOOP) {
         struct ir_builder b;
         ir_builder_at_end(&b, h->cont);
         ir_barrier(&b, IR_BARRIER_WORKGROUP_MEM | IR_BARRIER_EXEC_SCOPE(IR_SCOPE_WORKGROUP) |
                           IR_BARRIER_MEM_SCOPE(IR_SCOPE_WORKGROUP));
      }
   }
   before = ir_print_to_string(s);
   expect_pass("loop_unroll_barrier", s, ir_pass_loop_unroll, before, before);
   free(before);
   ir_shader_destroy(s);
}

/* do { x = x * 3; i++; } while (i < 3): the exit test is in the continue
 * block, which is also the latch. */
static void
test_loop_unroll_do_while(void)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_COMPUTE);
   const struct ir_type *i32 = ir_type_int(s, 32, 1);
   struct ir_function *f = ir_function_create(s, "main");
   struct ir_block *entry = ir_block_create(f), *header = ir_block_create(f),
                   *cont = ir_block_create(f), *merge = ir_block_create(f);
   struct ir_builder b;
   ir_builder_at_end(&b, entry);
   struct ir_instr *x0 = load_in(&b, "in", i32), *zero = ir_imm_u32(&b, 0);
   ir_br(&b, header);
   ir_builder_at_end(&b, header);
   header->construct = IR_CONSTRUCT_LOOP;
   header->merge = merge;
   header->cont = cont;
   struct ir_instr *i = ir_phi(&b, header, i32, 2), *x = ir_phi(&b, header, i32, 2);
   ir_br(&b, cont);
   ir_builder_at_end(&b, cont);
   struct ir_instr *x2 = ir_op2(&b, IR_OP_imul, x, ir_imm_u32(&b, 3));
   struct ir_instr *i2 = ir_op2(&b, IR_OP_iadd, i, ir_imm_u32(&b, 1));
   ir_cbr(&b, ir_op2(&b, IR_OP_ult, i2, ir_imm_u32(&b, 3)), header, merge);
   ir_phi_set_src(i, 0, entry, zero);
   ir_phi_set_src(i, 1, cont, i2);
   ir_phi_set_src(x, 0, entry, x0);
   ir_phi_set_src(x, 1, cont, x2);
   ir_builder_at_end(&b, merge);
   store_out(&b, 0, x2);
   ir_return(&b);
   ir_rebuild_preds(f);
   expect_pass("loop_unroll_do_while", s, ir_pass_loop_unroll,
               "shader compute\n"
               "workgroup_size 1 1 1\n"
               "var @0 ssbo \"in\" set 0 binding 9 : i32\n"
               "var @1 ssbo \"out0\" set 0 binding 0 : i32\n"
               "fn main {\n"
               "b0:\n"
               "   %1 = deref_var ptr<ssbo, i32> @0\n"
               "   %2 = load i32 %1\n"
               "   %3 = const i32 0\n"
               "   br b1\n"
               "b1:  ; preds b0 b2\n"
               "   %4 = phi i32 [b0: %3], [b2: %9]\n"
               "   %5 = phi i32 [b0: %2], [b2: %7]\n"
               "   loop_merge b3 continue b2\n"
               "   br b2\n"
               "b2:  ; preds b1\n"
               "   %6 = const i32 3\n"
               "   %7 = imul i32 %5, %6\n"
               "   %8 = const i32 1\n"
               "   %9 = iadd i32 %4, %8\n"
               "   %10 = const i32 3\n"
               "   %11 = ult bool %9, %10\n"
               "   cbr %11, b1, b3\n"
               "b3:  ; preds b2\n"
               "   %12 = deref_var ptr<ssbo, i32> @1\n"
               "   store %12, %7\n"
               "   return\n"
               "}\n",
               "shader compute\n"
               "workgroup_size 1 1 1\n"
               "var @0 ssbo \"in\" set 0 binding 9 : i32\n"
               "var @1 ssbo \"out0\" set 0 binding 0 : i32\n"
               "fn main {\n"
               "b0:\n"
               "   %1 = deref_var ptr<ssbo, i32> @0\n"
               "   %2 = load i32 %1\n"
               "   %3 = const i32 0\n"
               "   br b1\n"
               "b1:  ; preds b0\n"
               "   br b2\n"
               "b2:  ; preds b1\n"
               "   %4 = const i32 3\n"
               "   %5 = imul i32 %2, %4\n"
               "   %6 = const i32 1\n"
               "   %7 = iadd i32 %3, %6\n"
               "   %8 = const i32 3\n"
               "   %9 = ult bool %7, %8\n"
               "   br b3\n"
               "b3:  ; preds b2\n"
               "   br b4\n"
               "b4:  ; preds b3\n"
               "   %10 = const i32 3\n"
               "   %11 = imul i32 %5, %10\n"
               "   %12 = const i32 1\n"
               "   %13 = iadd i32 %7, %12\n"
               "   %14 = const i32 3\n"
               "   %15 = ult bool %13, %14\n"
               "   br b5\n"
               "b5:  ; preds b4\n"
               "   br b6\n"
               "b6:  ; preds b5\n"
               "   %16 = const i32 3\n"
               "   %17 = imul i32 %11, %16\n"
               "   %18 = const i32 1\n"
               "   %19 = iadd i32 %13, %18\n"
               "   %20 = const i32 3\n"
               "   %21 = ult bool %19, %20\n"
               "   br b7\n"
               "b7:  ; preds b6\n"
               "   %22 = deref_var ptr<ssbo, i32> @1\n"
               "   store %22, %17\n"
               "   return\n"
               "}\n");
   ir_shader_destroy(s);
}

/* The float cases where a careless folder rounds twice or loses
 * denormals, NaN handling of fmin, and integer division by zero (undefined
 * in SPIR-V: a fixed value, never a crash of the compiler). */
static void
test_const_fold_float_edges(void)
{
   struct ir_builder b;
   struct ir_shader *s = single_block(&b);
   const struct ir_type *f16 = ir_type_float(s, 16, 1), *f32 = ir_type_float(s, 32, 1);
   const struct ir_type *f64 = ir_type_float(s, 64, 1);
   /* (1 + 2^-10) * (1 - 2^-11) + 9 * 2^-24 = 1 + 2^-11 + 2^-24: just above
    * the f16 tie, so 1 + 2^-10; rounding to f32 first lands on the tie and
    * gives 1.0 */
   store_out(&b, 0, ir_alu3(&b, IR_OP_ffma, f16, ir_const_splat(&b, f16, 0x3c01),
                            ir_const_splat(&b, f16, 0x3bff), ir_const_splat(&b, f16, 9)));
   /* f64 1 + 2^-11 + 2^-40 -> f16: above the tie, 1 + 2^-10 (via f32: 1) */
   store_out(&b, 1, ir_alu1(&b, IR_OP_f2f, f16,
                            ir_imm_float(&b, f64, 1.0 + 0x1p-11 + 0x1p-40)));
   /* f32 denormal result is kept: 2^-126 * 0.5 = 2^-127 */
   store_out(&b, 2, ir_op2(&b, IR_OP_fmul, ir_imm_f32(&b, 0x1p-126f), ir_imm_f32(&b, 0.5f)));
   /* f16 overflow rounds to infinity: 65504 * 2 */
   store_out(&b, 3, ir_op2(&b, IR_OP_fmul, ir_imm_float(&b, f16, 65504),
                           ir_imm_float(&b, f16, 2)));
   /* fmin with one NaN operand returns the other (NMin's rule) */
   store_out(&b, 4, ir_op2(&b, IR_OP_fmin, ir_const_splat(&b, f32, 0x7fc00000),
                           ir_imm_f32(&b, -2.0f)));
   /* f64 keeps its own rounding: 0.1 + 0.2 */
   store_out(&b, 5, ir_op2(&b, IR_OP_fadd, ir_imm_float(&b, f64, 0.1),
                           ir_imm_float(&b, f64, 0.2)));
   store_out(&b, 6, ir_op2(&b, IR_OP_udiv, ir_imm_u32(&b, 7), ir_imm_u32(&b, 0)));
   store_out(&b, 7, ir_op2(&b, IR_OP_srem, ir_imm_u32(&b, 0x80000000), ir_imm_u32(&b, ~0u)));
   /* f32 -> f16 of a value between the largest f16 and infinity's tie */
   store_out(&b, 8, ir_alu1(&b, IR_OP_f2f, f16, ir_imm_f32(&b, 65519.0f)));
   ir_return(&b);
   run(s, ir_pass_const_fold);
   run(s, ir_pass_dce);
   expect("const_fold_float_edges", s,
          "shader compute\n"
          "workgroup_size 1 1 1\n"
          "var @0 ssbo \"out0\" set 0 binding 0 : f16\n"
          "var @1 ssbo \"out1\" set 0 binding 1 : f16\n"
          "var @2 ssbo \"out2\" set 0 binding 2 : f32\n"
          "var @3 ssbo \"out3\" set 0 binding 3 : f16\n"
          "var @4 ssbo \"out4\" set 0 binding 4 : f32\n"
          "var @5 ssbo \"out5\" set 0 binding 5 : f64\n"
          "var @6 ssbo \"out6\" set 0 binding 6 : i32\n"
          "var @7 ssbo \"out7\" set 0 binding 7 : i32\n"
          "var @8 ssbo \"out8\" set 0 binding 8 : f16\n"
          "fn main {\n"
          "b0:\n"
          "   %1 = const f16 1.00097656\n"
          "   %2 = deref_var ptr<ssbo, f16> @0\n"
          "   store %2, %1\n"
          "   %3 = const f16 1.00097656\n"
          "   %4 = deref_var ptr<ssbo, f16> @1\n"
          "   store %4, %3\n"
          "   %5 = const f32 5.87747175e-39\n"
          "   %6 = deref_var ptr<ssbo, f32> @2\n"
          "   store %6, %5\n"
          "   %7 = const f16 inf\n"
          "   %8 = deref_var ptr<ssbo, f16> @3\n"
          "   store %8, %7\n"
          "   %9 = const f32 -2\n"
          "   %10 = deref_var ptr<ssbo, f32> @4\n"
          "   store %10, %9\n"
          "   %11 = const f64 0.30000000000000004\n"
          "   %12 = deref_var ptr<ssbo, f64> @5\n"
          "   store %12, %11\n"
          "   %13 = const i32 0xffffffff\n"
          "   %14 = deref_var ptr<ssbo, i32> @6\n"
          "   store %14, %13\n"
          "   %15 = const i32 0\n"
          "   %16 = deref_var ptr<ssbo, i32> @7\n"
          "   store %16, %15\n"
          "   %17 = const f16 65504\n"
          "   %18 = deref_var ptr<ssbo, f16> @8\n"
          "   store %18, %17\n"
          "   return\n"
          "}\n");
   ir_shader_destroy(s);
}

/* A diamond: x*x computed in the header block is reused in the merge
 * (dominated); the same expression in both arms stays twice (neither arm
 * dominates the other). */
static struct ir_shader *
diamond(struct ir_instr **arms)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_COMPUTE);
   const struct ir_type *i32 = ir_type_int(s, 32, 1);
   struct ir_function *f = ir_function_create(s, "main");
   struct ir_block *b0 = ir_block_create(f), *b1 = ir_block_create(f),
                   *b2 = ir_block_create(f), *b3 = ir_block_create(f);
   struct ir_builder b;
   ir_builder_at_end(&b, b0);
   struct ir_instr *x = load_in(&b, "in", i32);
   struct ir_instr *sq = ir_op2(&b, IR_OP_imul, x, x);
   b0->construct = IR_CONSTRUCT_SELECTION;
   b0->merge = b3;
   ir_cbr(&b, ir_op2(&b, IR_OP_ult, sq, ir_imm_u32(&b, 9)), b1, b2);
   ir_builder_at_end(&b, b1);
   arms[0] = ir_op2(&b, IR_OP_iadd, x, ir_imm_u32(&b, 1));
   ir_br(&b, b3);
   ir_builder_at_end(&b, b2);
   arms[1] = ir_op2(&b, IR_OP_iadd, x, ir_imm_u32(&b, 1));
   ir_br(&b, b3);
   ir_builder_at_end(&b, b3);
   ir_rebuild_preds(f);
   struct ir_instr *phi = ir_phi(&b, b3, i32, 2);
   ir_phi_set_src(phi, 0, b1, arms[0]);
   ir_phi_set_src(phi, 1, b2, arms[1]);
   store_out(&b, 0, ir_op2(&b, IR_OP_iadd, phi, ir_op2(&b, IR_OP_imul, x, x)));
   ir_return(&b);
   return s;
}

static void
test_cse_dominance(void)
{
   struct ir_instr *arms[2];
   struct ir_shader *s = diamond(arms);
   expect_pass("cse_dominance", s, ir_pass_cse,
               "shader compute\n"
               "workgroup_size 1 1 1\n"
               "var @0 ssbo \"in\" set 0 binding 9 : i32\n"
               "var @1 ssbo \"out0\" set 0 binding 0 : i32\n"
               "fn main {\n"
               "b0:\n"
               "   %1 = deref_var ptr<ssbo, i32> @0\n"
               "   %2 = load i32 %1\n"
               "   %3 = imul i32 %2, %2\n"
               "   %4 = const i32 9\n"
               "   %5 = ult bool %3, %4\n"
               "   selection_merge b3\n"
               "   cbr %5, b1, b2\n"
               "b1:  ; preds b0\n"
               "   %6 = const i32 1\n"
               "   %7 = iadd i32 %2, %6\n"
               "   br b3\n"
               "b2:  ; preds b0\n"
               "   %8 = const i32 1\n"
               "   %9 = iadd i32 %2, %8\n"
               "   br b3\n"
               "b3:  ; preds b1 b2\n"
               "   %10 = phi i32 [b1: %7], [b2: %9]\n"
               "   %11 = imul i32 %2, %2\n"
               "   %12 = iadd i32 %10, %11\n"
               "   %13 = deref_var ptr<ssbo, i32> @1\n"
               "   store %13, %12\n"
               "   return\n"
               "}\n",
               "shader compute\n"
               "workgroup_size 1 1 1\n"
               "var @0 ssbo \"in\" set 0 binding 9 : i32\n"
               "var @1 ssbo \"out0\" set 0 binding 0 : i32\n"
               "fn main {\n"
               "b0:\n"
               "   %1 = deref_var ptr<ssbo, i32> @0\n"
               "   %2 = load i32 %1\n"
               "   %3 = imul i32 %2, %2\n"
               "   %4 = const i32 9\n"
               "   %5 = ult bool %3, %4\n"
               "   selection_merge b3\n"
               "   cbr %5, b1, b2\n"
               "b1:  ; preds b0\n"
               "   %6 = const i32 1\n"
               "   %7 = iadd i32 %2, %6\n"
               "   br b3\n"
               "b2:  ; preds b0\n"
               "   %8 = const i32 1\n"
               "   %9 = iadd i32 %2, %8\n"
               "   br b3\n"
               "b3:  ; preds b1 b2\n"
               "   %10 = phi i32 [b1: %7], [b2: %9]\n"
               "   %11 = iadd i32 %10, %3\n"
               "   %12 = deref_var ptr<ssbo, i32> @1\n"
               "   store %12, %11\n"
               "   return\n"
               "}\n");
   ir_shader_destroy(s);
}

/* A mov, a same-type bitcast of it, and a phi whose sources are the value
 * and that bitcast all forward the loaded value. */
static void
test_copy_prop_phi(void)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_COMPUTE);
   const struct ir_type *i32 = ir_type_int(s, 32, 1);
   struct ir_function *f = ir_function_create(s, "main");
   struct ir_block *b0 = ir_block_create(f), *b1 = ir_block_create(f),
                   *b2 = ir_block_create(f), *b3 = ir_block_create(f);
   struct ir_builder b;
   ir_builder_at_end(&b, b0);
   struct ir_instr *x = load_in(&b, "in", i32);
   struct ir_instr *cast = ir_alu1(&b, IR_OP_bitcast, i32, ir_alu1(&b, IR_OP_mov, i32, x));
   b0->construct = IR_CONSTRUCT_SELECTION;
   b0->merge = b3;
   ir_cbr(&b, load_in(&b, "c", ir_type_bool(s, 1)), b1, b2);
   ir_builder_at_end(&b, b1);
   ir_br(&b, b3);
   ir_builder_at_end(&b, b2);
   ir_br(&b, b3);
   ir_builder_at_end(&b, b3);
   ir_rebuild_preds(f);
   struct ir_instr *phi = ir_phi(&b, b3, i32, 2);
   ir_phi_set_src(phi, 0, b1, x);
   ir_phi_set_src(phi, 1, b2, cast);
   store_out(&b, 0, phi);
   ir_return(&b);
   expect_pass("copy_prop_phi", s, ir_pass_copy_prop,
               "shader compute\n"
               "workgroup_size 1 1 1\n"
               "var @0 ssbo \"in\" set 0 binding 9 : i32\n"
               "var @1 ssbo \"c\" set 0 binding 9 : bool\n"
               "var @2 ssbo \"out0\" set 0 binding 0 : i32\n"
               "fn main {\n"
               "b0:\n"
               "   %1 = deref_var ptr<ssbo, i32> @0\n"
               "   %2 = load i32 %1\n"
               "   %3 = mov i32 %2\n"
               "   %4 = bitcast i32 %3\n"
               "   %5 = deref_var ptr<ssbo, bool> @1\n"
               "   %6 = load bool %5\n"
               "   selection_merge b3\n"
               "   cbr %6, b1, b2\n"
               "b1:  ; preds b0\n"
               "   br b3\n"
               "b2:  ; preds b0\n"
               "   br b3\n"
               "b3:  ; preds b1 b2\n"
               "   %7 = phi i32 [b1: %2], [b2: %4]\n"
               "   %8 = deref_var ptr<ssbo, i32> @2\n"
               "   store %8, %7\n"
               "   return\n"
               "}\n",
               "shader compute\n"
               "workgroup_size 1 1 1\n"
               "var @0 ssbo \"in\" set 0 binding 9 : i32\n"
               "var @1 ssbo \"c\" set 0 binding 9 : bool\n"
               "var @2 ssbo \"out0\" set 0 binding 0 : i32\n"
               "fn main {\n"
               "b0:\n"
               "   %1 = deref_var ptr<ssbo, i32> @0\n"
               "   %2 = load i32 %1\n"
               "   %3 = deref_var ptr<ssbo, bool> @1\n"
               "   %4 = load bool %3\n"
               "   selection_merge b3\n"
               "   cbr %4, b1, b2\n"
               "b1:  ; preds b0\n"
               "   br b3\n"
               "b2:  ; preds b0\n"
               "   br b3\n"
               "b3:  ; preds b1 b2\n"
               "   %5 = deref_var ptr<ssbo, i32> @2\n"
               "   store %5, %2\n"
               "   return\n"
               "}\n");
   ir_shader_destroy(s);
}

/* switch on a constant: only the taken case stays reachable. */
static void
test_cf_switch(void)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_COMPUTE);
   const struct ir_type *i32 = ir_type_int(s, 32, 1);
   struct ir_function *f = ir_function_create(s, "main");
   struct ir_block *b0 = ir_block_create(f), *def = ir_block_create(f),
                   *c1 = ir_block_create(f), *c2 = ir_block_create(f),
                   *merge = ir_block_create(f);
   struct ir_builder b;
   ir_builder_at_end(&b, b0);
   struct ir_instr *sel = ir_imm_u32(&b, 2);
   b0->construct = IR_CONSTRUCT_SELECTION;
   b0->merge = merge;
   struct ir_block *succs[3] = { def, c1, c2 };
   ir_block_set_succs(b0, IR_TERM_SWITCH, 3, succs);
   b0->cond = sel;
   b0->case_values = ir_alloc(s->arena, 2 * sizeof(uint64_t));
   b0->case_values[0] = 1;
   b0->case_values[1] = 2;
   struct ir_block *arms[3] = { def, c1, c2 };
   struct ir_instr *vals[3];
   for (int k = 0; k < 3; k++) {
      ir_builder_at_end(&b, arms[k]);
      vals[k] = ir_imm_u32(&b, 10u * (unsigned)k);
      ir_br(&b, merge);
   }
   ir_builder_at_end(&b, merge);
   ir_rebuild_preds(f);
   struct ir_instr *phi = ir_phi(&b, merge, i32, 3);
   for (int k = 0; k < 3; k++)
      ir_phi_set_src(phi, (unsigned)k, arms[k], vals[k]);
   store_out(&b, 0, phi);
   ir_return(&b);
   expect_pass("cf_switch", s, ir_pass_cf,
               "shader compute\n"
               "workgroup_size 1 1 1\n"
               "var @0 ssbo \"out0\" set 0 binding 0 : i32\n"
               "fn main {\n"
               "b0:\n"
               "   %1 = const i32 2\n"
               "   selection_merge b4\n"
               "   switch %1, default b1, 1: b2, 2: b3\n"
               "b1:  ; preds b0\n"
               "   %2 = const i32 0\n"
               "   br b4\n"
               "b2:  ; preds b0\n"
               "   %3 = const i32 10\n"
               "   br b4\n"
               "b3:  ; preds b0\n"
               "   %4 = const i32 20\n"
               "   br b4\n"
               "b4:  ; preds b1 b2 b3\n"
               "   %5 = phi i32 [b1: %2], [b2: %3], [b3: %4]\n"
               "   %6 = deref_var ptr<ssbo, i32> @0\n"
               "   store %6, %5\n"
               "   return\n"
               "}\n",
               "shader compute\n"
               "workgroup_size 1 1 1\n"
               "var @0 ssbo \"out0\" set 0 binding 0 : i32\n"
               "fn main {\n"
               "b0:\n"
               "   %1 = const i32 2\n"
               "   %2 = const i32 20\n"
               "   %3 = deref_var ptr<ssbo, i32> @0\n"
               "   store %3, %2\n"
               "   return\n"
               "}\n");
   ir_shader_destroy(s);
}

/* A function-local array indexed only by constants splits per element; a
 * second one indexed by a loaded value stays whole. */
static void
test_split_vars_array(void)
{
   struct ir_builder b;
   struct ir_shader *s = single_block(&b);
   const struct ir_type *i32 = ir_type_int(s, 32, 1);
   struct ir_var *arr = ir_var_create(s, "arr", IR_STORAGE_FUNCTION,
                                      ir_type_array(s, i32, 2, 0));
   struct ir_var *dyn = ir_var_create(s, "dyn", IR_STORAGE_FUNCTION,
                                      ir_type_array(s, i32, 2, 0));
   struct ir_instr *x = load_in(&b, "in", i32);
   ir_store(&b, ir_deref_array(&b, ir_deref_var(&b, arr), ir_imm_u32(&b, 1)), x);
   store_out(&b, 0, ir_load(&b, ir_deref_array(&b, ir_deref_var(&b, arr), ir_imm_u32(&b, 1))));
   ir_store(&b, ir_deref_array(&b, ir_deref_var(&b, dyn), x), x);
   ir_return(&b);
   expect_pass("split_vars_array", s, ir_pass_split_vars,
               "shader compute\n"
               "workgroup_size 1 1 1\n"
               "var @0 function \"arr\" : [i32; 2 stride 4]\n"
               "var @1 function \"dyn\" : [i32; 2 stride 4]\n"
               "var @2 ssbo \"in\" set 0 binding 9 : i32\n"
               "var @3 ssbo \"out0\" set 0 binding 0 : i32\n"
               "fn main {\n"
               "b0:\n"
               "   %1 = deref_var ptr<ssbo, i32> @2\n"
               "   %2 = load i32 %1\n"
               "   %3 = const i32 1\n"
               "   %4 = deref_var ptr<function, [i32; 2 stride 4]> @0\n"
               "   %5 = deref_array ptr<function, i32> %4, %3\n"
               "   store %5, %2\n"
               "   %6 = const i32 1\n"
               "   %7 = deref_var ptr<function, [i32; 2 stride 4]> @0\n"
               "   %8 = deref_array ptr<function, i32> %7, %6\n"
               "   %9 = load i32 %8\n"
               "   %10 = deref_var ptr<ssbo, i32> @3\n"
               "   store %10, %9\n"
               "   %11 = deref_var ptr<function, [i32; 2 stride 4]> @1\n"
               "   %12 = deref_array ptr<function, i32> %11, %2\n"
               "   store %12, %2\n"
               "   return\n"
               "}\n",
               "shader compute\n"
               "workgroup_size 1 1 1\n"
               "var @1 function \"dyn\" : [i32; 2 stride 4]\n"
               "var @2 ssbo \"in\" set 0 binding 9 : i32\n"
               "var @3 ssbo \"out0\" set 0 binding 0 : i32\n"
               "var @4 function \"arr.0\" : i32\n"
               "var @5 function \"arr.1\" : i32\n"
               "fn main {\n"
               "b0:\n"
               "   %1 = deref_var ptr<ssbo, i32> @2\n"
               "   %2 = load i32 %1\n"
               "   %3 = const i32 1\n"
               "   %4 = deref_var ptr<function, [i32; 2 stride 4]> @0\n"
               "   %5 = deref_var ptr<function, i32> @5\n"
               "   store %5, %2\n"
               "   %6 = const i32 1\n"
               "   %7 = deref_var ptr<function, [i32; 2 stride 4]> @0\n"
               "   %8 = deref_var ptr<function, i32> @5\n"
               "   %9 = load i32 %8\n"
               "   %10 = deref_var ptr<ssbo, i32> @3\n"
               "   store %10, %9\n"
               "   %11 = deref_var ptr<function, [i32; 2 stride 4]> @1\n"
               "   %12 = deref_array ptr<function, i32> %11, %2\n"
               "   store %12, %2\n"
               "   return\n"
               "}\n");
   ir_shader_destroy(s);
}

/* A vec3 multiply and a vector select with a scalar condition. */
static void
test_scalarize_select(void)
{
   struct ir_builder b;
   struct ir_shader *s = single_block(&b);
   struct ir_instr *v = load_in(&b, "in", ir_type_float(s, 32, 2));
   struct ir_instr *c = load_in(&b, "c", ir_type_bool(s, 1));
   store_out(&b, 0, ir_select(&b, c, ir_op2(&b, IR_OP_fmul, v, v), v));
   ir_return(&b);
   expect_pass("scalarize_select", s, ir_pass_scalarize,
               "shader compute\n"
               "workgroup_size 1 1 1\n"
               "var @0 ssbo \"in\" set 0 binding 9 : f32x2\n"
               "var @1 ssbo \"c\" set 0 binding 9 : bool\n"
               "var @2 ssbo \"out0\" set 0 binding 0 : f32x2\n"
               "fn main {\n"
               "b0:\n"
               "   %1 = deref_var ptr<ssbo, f32x2> @0\n"
               "   %2 = load f32x2 %1\n"
               "   %3 = deref_var ptr<ssbo, bool> @1\n"
               "   %4 = load bool %3\n"
               "   %5 = fmul f32x2 %2, %2\n"
               "   %6 = select f32x2 %4, %5, %2\n"
               "   %7 = deref_var ptr<ssbo, f32x2> @2\n"
               "   store %7, %6\n"
               "   return\n"
               "}\n",
               "shader compute\n"
               "workgroup_size 1 1 1\n"
               "var @0 ssbo \"in\" set 0 binding 9 : f32x2\n"
               "var @1 ssbo \"c\" set 0 binding 9 : bool\n"
               "var @2 ssbo \"out0\" set 0 binding 0 : f32x2\n"
               "fn main {\n"
               "b0:\n"
               "   %1 = deref_var ptr<ssbo, f32x2> @0\n"
               "   %2 = load f32x2 %1\n"
               "   %3 = deref_var ptr<ssbo, bool> @1\n"
               "   %4 = load bool %3\n"
               "   %5 = extract.0 f32 %2\n"
               "   %6 = extract.0 f32 %2\n"
               "   %7 = fmul f32 %5, %6\n"
               "   %8 = extract.1 f32 %2\n"
               "   %9 = extract.1 f32 %2\n"
               "   %10 = fmul f32 %8, %9\n"
               "   %11 = vec f32x2 %7, %10\n"
               "   %12 = extract.0 f32 %11\n"
               "   %13 = extract.0 f32 %2\n"
               "   %14 = select f32 %4, %12, %13\n"
               "   %15 = extract.1 f32 %11\n"
               "   %16 = extract.1 f32 %2\n"
               "   %17 = select f32 %4, %15, %16\n"
               "   %18 = vec f32x2 %14, %17\n"
               "   %19 = deref_var ptr<ssbo, f32x2> @2\n"
               "   store %19, %18\n"
               "   return\n"
               "}\n");
   ir_shader_destroy(s);
}

/* A pass that breaks the IR (a source used before its definition) is
 * caught by the validation ir_run_pass does after every pass. */
static bool
break_ir(struct ir_shader *s)
{
   struct ir_instr *neg = NULL;
   ir_foreach_instr(i, s->entry->first) {
      if (i->op == IR_OP_ineg)
         neg = i;
      if (i->op == IR_OP_inot && neg)
         neg->srcs[0] = i;
   }
   return true;
}

static void
test_run_pass_validates(void)
{
   struct ir_builder b;
   struct ir_shader *s = single_block(&b);
   struct ir_instr *x = load_in(&b, "in", ir_type_int(s, 32, 1));
   store_out(&b, 0, ir_op1(&b, IR_OP_ineg, x));
   store_out(&b, 1, ir_op1(&b, IR_OP_inot, x));
   ir_return(&b);
   static const struct ir_pass broken = { "break_ir", break_ir, false };
   struct ir_pass_options opt = { .validate = true };
   if (ir_run_pass(s, &broken, &opt, NULL)) {
      fprintf(stderr, "run_pass_validates: a use before its definition went unnoticed\n");
      failures++;
   } else {
      printf("run_pass_validates: ok (the messages above are expected)\n");
   }
   ir_shader_destroy(s);
}

/* Unused values and a dead phi cycle go; stores, atomics, barriers and
 * what they use stay. */
/* Instructions with an effect and no value stay even though nothing uses
 * them: a demote in a fragment shader, vertex emission in a geometry
 * shader; the unused arithmetic next to them goes. */
static void
test_dce_effects(void)
{
   const enum ir_stage stages[] = { IR_STAGE_FRAGMENT, IR_STAGE_GEOMETRY };
   const enum ir_op effects[][2] = { { IR_OP_demote, IR_OP_demote },
                                     { IR_OP_emit_vertex, IR_OP_end_primitive } };
   const char *kept[][2] = { { "demote", "demote" }, { "emit_vertex", "end_primitive" } };
   for (unsigned k = 0; k < 2; k++) {
      struct ir_shader *s = ir_shader_create(stages[k]);
      struct ir_function *f = ir_function_create(s, "main");
      struct ir_builder b;
      ir_builder_at_end(&b, ir_block_create(f));
      struct ir_instr *one = ir_imm_u32(&b, 1);
      ir_op2(&b, IR_OP_iadd, one, one);   /* unused */
      ir_intrinsic(&b, effects[k][0], ir_type_void(s), 0);
      ir_intrinsic(&b, effects[k][1], ir_type_void(s), 0);
      ir_return(&b);
      ir_rebuild_preds(f);
      run(s, ir_pass_dce);
      char *text = ir_print_to_string(s);
      bool ok = !strstr(text, "iadd") && !strstr(text, "const") &&
                strstr(text, kept[k][0]) && strstr(text, kept[k][1]);
      if (!ok) {
         fprintf(stderr, "dce_effects[%u]: wrong result:\n%s", k, text);
         failures++;
      }
      free(text);
      ir_shader_destroy(s);
   }
}

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
   ir_barrier(&b, IR_BARRIER_EXEC_SCOPE(IR_SCOPE_WORKGROUP) | IR_BARRIER_WORKGROUP_MEM |
              IR_BARRIER_MEM_SCOPE(IR_SCOPE_WORKGROUP));
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

/* Equal pure values merge, and so do two loads of one pointer with no
 * write to memory between them. */
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
          "   %3 = extract.0 i32 %2\n"
          "   %4 = extract.1 i32 %2\n"
          "   %5 = iadd i32 %3, %4\n"
          "   %6 = imul i32 %5, %5\n"
          "   %7 = deref_var ptr<ssbo, i32> @1\n"
          "   store %7, %6\n"
          "   %8 = iadd i32x2 %2, %2\n"
          "   %9 = deref_var ptr<ssbo, i32x2> @2\n"
          "   store %9, %8\n"
          "   return\n"
          "}\n");
   ir_shader_destroy(s);
}

/* Store-to-load forwarding: v.0 is known after its store, through the
 * store to v.1 (another member cannot overwrite it); v.1 is loaded again
 * after a store to w, another variable (maybe the same buffer). */
static void
test_cse_store_forwarding(void)
{
   struct ir_builder b;
   struct ir_shader *s = single_block(&b);
   const struct ir_type *i32 = ir_type_int(s, 32, 1);
   const struct ir_type *members[2] = { i32, i32 };
   const struct ir_type *st = ir_type_struct(s, 2, members, NULL);
   struct ir_var *v = ir_var_create(s, "v", IR_STORAGE_SSBO, st);
   struct ir_var *w = ir_var_create(s, "w", IR_STORAGE_SSBO, st);
   struct ir_instr *x = load_in(&b, "in", i32);
   struct ir_instr *pv = ir_deref_var(&b, v);
   ir_store(&b, ir_deref_struct(&b, pv, 0), x);
   ir_store(&b, ir_deref_struct(&b, pv, 1), ir_imm_u32(&b, 7));
   struct ir_instr *a = ir_load(&b, ir_deref_struct(&b, pv, 0));
   ir_store(&b, ir_deref_struct(&b, ir_deref_var(&b, w), 1), ir_imm_u32(&b, 8));
   struct ir_instr *c = ir_load(&b, ir_deref_struct(&b, pv, 1));
   store_out(&b, 1, ir_op2(&b, IR_OP_iadd, a, c));
   ir_return(&b);
   run(s, ir_pass_cse);
   run(s, ir_pass_dce);
   expect("cse_store_forwarding", s,
          "shader compute\n"
          "workgroup_size 1 1 1\n"
          "var @0 ssbo \"v\" set 0 binding 0 : {@0 i32,@4 i32}\n"
          "var @1 ssbo \"w\" set 0 binding 0 : {@0 i32,@4 i32}\n"
          "var @2 ssbo \"in\" set 0 binding 9 : i32\n"
          "var @3 ssbo \"out1\" set 0 binding 1 : i32\n"
          "fn main {\n"
          "b0:\n"
          "   %1 = deref_var ptr<ssbo, i32> @2\n"
          "   %2 = load i32 %1\n"
          "   %3 = deref_var ptr<ssbo, {@0 i32,@4 i32}> @0\n"
          "   %4 = deref_struct.0 ptr<ssbo, i32> %3\n"
          "   store %4, %2\n"
          "   %5 = const i32 7\n"
          "   %6 = deref_struct.1 ptr<ssbo, i32> %3\n"
          "   store %6, %5\n"
          "   %7 = const i32 8\n"
          "   %8 = deref_var ptr<ssbo, {@0 i32,@4 i32}> @1\n"
          "   %9 = deref_struct.1 ptr<ssbo, i32> %8\n"
          "   store %9, %7\n"
          "   %10 = load i32 %6\n"
          "   %11 = iadd i32 %2, %10\n"
          "   %12 = deref_var ptr<ssbo, i32> @3\n"
          "   store %12, %11\n"
          "   return\n"
          "}\n");
   ir_shader_destroy(s);
}

/* A load after a store (to any memory) reads again: the store may have
 * written what it reads. */
static void
test_cse_loads_store_between(void)
{
   struct ir_builder b;
   struct ir_shader *s = single_block(&b);
   struct ir_var *in = ir_var_create(s, "in", IR_STORAGE_SSBO, ir_type_int(s, 32, 1));
   struct ir_instr *v = ir_load(&b, ir_deref_var(&b, in));
   store_out(&b, 1, v);
   struct ir_instr *w = ir_load(&b, ir_deref_var(&b, in));
   store_out(&b, 2, w);
   ir_return(&b);
   run(s, ir_pass_cse);
   run(s, ir_pass_dce);
   expect("cse_loads_store_between", s,
          "shader compute\n"
          "workgroup_size 1 1 1\n"
          "var @0 ssbo \"in\" set 0 binding 0 : i32\n"
          "var @1 ssbo \"out1\" set 0 binding 1 : i32\n"
          "var @2 ssbo \"out2\" set 0 binding 2 : i32\n"
          "fn main {\n"
          "b0:\n"
          "   %1 = deref_var ptr<ssbo, i32> @0\n"
          "   %2 = load i32 %1\n"
          "   %3 = deref_var ptr<ssbo, i32> @1\n"
          "   store %3, %2\n"
          "   %4 = load i32 %1\n"
          "   %5 = deref_var ptr<ssbo, i32> @2\n"
          "   store %5, %4\n"
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
   test_dce_effects();
   test_cse_copy_prop();
   test_cse_loads_store_between();
   test_cse_store_forwarding();
   test_validate_dominance();
   test_algebraic_int();
   test_algebraic_float();
   test_algebraic_bool();
   test_const_fold_float_edges();
   test_run_pass_validates();
   test_cse_dominance();
   test_copy_prop_phi();
   test_cf_switch();
   test_split_vars_array();
   test_scalarize_select();
   test_loop_unroll();
   test_loop_unroll_limits();
   test_loop_unroll_do_while();
   return failures ? 1 : 0;
}

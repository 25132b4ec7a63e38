/* Unit tests of the back end's passes on small LIR programs: each builds
 * a program, runs one pass and compares the printed LIR (gbe_print) or the
 * property the pass guarantees with what the pass must produce, worked
 * out by hand from its rules. */
#include <stdlib.h>
#include <string.h>

#include "gbe_isel.h"
#include "gbe_test.h"
#include "ir_builder.h"

struct t {
   struct gbe_options opt;
   struct gbe_prog p;
   struct gbe_builder b;
};

static void
init(struct t *t, enum isa_gen gen, unsigned simd)
{
   memset(t, 0, sizeof(*t));
   t->opt.gen = gen;
   t->p = (struct gbe_prog){ .gen = gen, .simd = simd, .opt = &t->opt, .first_free_grf = 2 };
   t->p.head.next = t->p.head.prev = &t->p.head;
   gbe_builder_init(&t->b, &t->p);
}

static void
fini(struct t *t)
{
   gbe_foreach_inst_safe(i, &t->p)
      free(i);
   free(t->p.vregs);
}

static char *
print(struct t *t)
{
   char *buf = NULL;
   size_t len = 0;
   FILE *f = open_memstream(&buf, &len);
   gbe_print(&t->p, f);
   fclose(f);
   return buf;
}

static void
expect(struct t *t, const char *what, const char *want)
{
   char *got = print(t);
   CHECK(!strcmp(got, want), "%s:\n--- want\n%s--- got\n%s", what, want, got);
   free(got);
}

static struct gbe_inst *
send_read(struct t *t, struct gbe_reg dst, struct gbe_reg payload)
{
   struct gbe_inst *s = gbe_alu2(&t->b, ISA_OP_SEND, dst, payload, gbe_null(ISA_TYPE_UD));
   s->mlen = 1;
   s->rlen = 1;
   return s;
}

/* Copy propagation reads the copy's source where the copy was read;
 * dead-code elimination drops what nothing reads. */
static void
test_optimize(void)
{
   struct t t;
   init(&t, ISA_GEN9, 8);
   struct gbe_reg v0 = gbe_vreg(&t.p, ISA_TYPE_UD, 8), v1 = gbe_vreg(&t.p, ISA_TYPE_UD, 8);
   struct gbe_reg v2 = gbe_vreg(&t.p, ISA_TYPE_UD, 8), v3 = gbe_vreg(&t.p, ISA_TYPE_UD, 8);
   struct gbe_reg v4 = gbe_vreg(&t.p, ISA_TYPE_F, 8), v5 = gbe_vreg(&t.p, ISA_TYPE_UD, 8);
   gbe_alu1(&t.b, ISA_OP_MOV, v0, gbe_fixed(1, 0, ISA_TYPE_UD, 1));
   gbe_alu2(&t.b, ISA_OP_ADD, v1, v0, gbe_imm(ISA_TYPE_UD, 5));
   gbe_alu1(&t.b, ISA_OP_MOV, v2, v1);
   gbe_alu1(&t.b, ISA_OP_MOV, v3, gbe_imm(ISA_TYPE_UD, 7));       /* never read */
   gbe_alu1(&t.b, ISA_OP_MOV, v4, v1);                             /* converts: stays */
   send_read(&t, v5, v2);
   gbe_alu2(&t.b, ISA_OP_ADD, gbe_null(ISA_TYPE_F), v4, v5)->cmod = ISA_CMOD_Z;
   gbe_optimize(&t.p);
   expect(&t, "optimize",
          "   0: add(8) v1+0<1>UD, g1.0<1>UD, 0x5UD\n"
          "   1: mov(8) v4+0<1>F, v1+0<1>UD\n"
          "   2: send(8) v5+0<1>UD, v1+0<1>UD sfid 0 desc 0x00000000 ex 0x00000000 mlen 1+0 rlen 1\n"
          "   3: add.c1(8) nullF, v4+0<1>F, v5+0<1>UD\n");
   fini(&t);
}

/* A value copied into one part of a message payload is computed there,
 * though the payload's other parts are written in between: they are
 * other bytes of the payload's vreg. */
static void
test_coalesce_payload(void)
{
   struct t t;
   init(&t, ISA_GEN9, 8);
   struct gbe_reg pl = gbe_vreg(&t.p, ISA_TYPE_UD, 16), v1 = gbe_vreg(&t.p, ISA_TYPE_UD, 8);
   struct gbe_reg v2 = gbe_vreg(&t.p, ISA_TYPE_UD, 8);
   gbe_alu2(&t.b, ISA_OP_ADD, v1, gbe_fixed(1, 0, ISA_TYPE_UD, 1), gbe_imm(ISA_TYPE_UD, 5));
   gbe_alu2(&t.b, ISA_OP_SHL, v2, gbe_fixed(2, 0, ISA_TYPE_UD, 1), gbe_imm(ISA_TYPE_UD, 2));
   gbe_alu1(&t.b, ISA_OP_MOV, pl, v2);
   gbe_alu1(&t.b, ISA_OP_MOV, gbe_offset(pl, 32), v1);
   send_read(&t, gbe_null(ISA_TYPE_UD), pl)->mlen = 2;
   gbe_optimize(&t.p);
   expect(&t, "coalesce into a payload's parts",
          "   0: add(8) v0+32<1>UD, g1.0<1>UD, 0x5UD\n"
          "   1: shl(8) v0+0<1>UD, g2.0<1>UD, 0x2UD\n"
          "   2: send(8) nullUD, v0+0<1>UD sfid 0 desc 0x00000000 ex 0x00000000 mlen 2+0 rlen 1\n");
   fini(&t);
}

static struct gbe_inst *
jump(struct t *t, enum isa_op op)
{
   struct gbe_reg n = gbe_null(ISA_TYPE_D);
   return gbe_emit(&t->b, op, n, n, n, n);
}

static struct gbe_inst *
branch_if(struct t *t, struct gbe_reg cond)
{
   gbe_alu1(&t->b, ISA_OP_MOV, gbe_null(ISA_TYPE_UD), cond)->cmod = ISA_CMOD_NZ;
   struct gbe_inst *i = jump(t, ISA_OP_IF);
   i->pred = 1;
   return i;
}

/* Branch clean-ups (gbe_opt_branch.c): an IF whose arms copy a value
 * into a phi's register becomes one SEL (the immediate in src1, so the
 * predicate inverted); an arm with a message keeps its IF, and its empty
 * ELSE goes. */
static void
test_flatten_branches(void)
{
   struct t t;
   init(&t, ISA_GEN9, 8);
   struct gbe_reg c = gbe_vreg(&t.p, ISA_TYPE_UD, 8), phi = gbe_vreg(&t.p, ISA_TYPE_UD, 8);
   struct gbe_reg y = gbe_vreg(&t.p, ISA_TYPE_UD, 8);
   send_read(&t, c, gbe_fixed(1, 0, ISA_TYPE_UD, 1));
   /* if (c) phi = 7 else phi = c */
   branch_if(&t, c);
   gbe_alu1(&t.b, ISA_OP_MOV, phi, gbe_imm(ISA_TYPE_UD, 7));
   jump(&t, ISA_OP_ELSE);
   gbe_alu1(&t.b, ISA_OP_MOV, phi, c);
   jump(&t, ISA_OP_ENDIF);
   /* if (phi) y = load(phi) else {} */
   branch_if(&t, phi);
   send_read(&t, y, phi);
   jump(&t, ISA_OP_ELSE);
   jump(&t, ISA_OP_ENDIF);
   send_read(&t, gbe_null(ISA_TYPE_UD), y);
   gbe_optimize(&t.p);
   expect(&t, "flatten branches",
          "   0: send(8) v0+0<1>UD, g1.0<1>UD sfid 0 desc 0x00000000 ex 0x00000000 mlen 1+0 rlen 1\n"
          "   1: mov.c2(8) nullUD, v0+0<1>UD\n"
          "   2: (-f0.0) sel(8) v1+0<1>UD, v0+0<1>UD, 0x7UD\n"
          "   3: mov.c2(8) nullUD, v1+0<1>UD\n"
          "   4: (+f0.0) if(8) \n"
          "   5: send(8) v2+0<1>UD, v1+0<1>UD sfid 0 desc 0x00000000 ex 0x00000000 mlen 1+0 rlen 1\n"
          "   6: endif(8) \n"
          "   7: send(8) nullUD, v2+0<1>UD sfid 0 desc 0x00000000 ex 0x00000000 mlen 1+0 rlen 1\n");
   fini(&t);
}

/* Flattened in a loop: the arm's temporary is computed unpredicated (a
 * predicated first write would keep it live over the whole loop), the
 * write of the phi's register predicated. */
static void
test_flatten_temporaries(void)
{
   struct t t;
   init(&t, ISA_GEN9, 8);
   struct gbe_reg c = gbe_vreg(&t.p, ISA_TYPE_UD, 8), x = gbe_vreg(&t.p, ISA_TYPE_UD, 8);
   struct gbe_reg phi = gbe_vreg(&t.p, ISA_TYPE_UD, 8);
   send_read(&t, c, gbe_fixed(1, 0, ISA_TYPE_UD, 1));
   jump(&t, GBE_OP_DO);
   branch_if(&t, c);
   gbe_alu2(&t.b, ISA_OP_ADD, x, c, c);
   gbe_alu2(&t.b, ISA_OP_MUL, phi, x, x);
   jump(&t, ISA_OP_ELSE);
   gbe_alu1(&t.b, ISA_OP_MOV, phi, c);
   jump(&t, ISA_OP_ENDIF);
   send_read(&t, gbe_null(ISA_TYPE_UD), phi);
   jump(&t, ISA_OP_WHILE);
   gbe_optimize(&t.p);
   expect(&t, "flatten temporaries",
          "   0: send(8) v0+0<1>UD, g1.0<1>UD sfid 0 desc 0x00000000 ex 0x00000000 mlen 1+0 rlen 1\n"
          "   1: do(8) \n"
          "   2: mov.c2(8) nullUD, v0+0<1>UD\n"
          "   3: add(8) v1+0<1>UD, v0+0<1>UD, v0+0<1>UD\n"
          "   4: (+f0.0) mul(8) v2+0<1>UD, v1+0<1>UD, v1+0<1>UD\n"
          "   5: (-f0.0) mov(8) v2+0<1>UD, v0+0<1>UD\n"
          "   6: send(8) nullUD, v2+0<1>UD sfid 0 desc 0x00000000 ex 0x00000000 mlen 1+0 rlen 1\n"
          "   7: while(8) \n");
   fini(&t);
}

/* The copies of a phi whose edges all bring the same value: its reads
 * take the value, the copies go; a payload constant read by every
 * channel is read as a scalar region instead of copied. */
static void
test_same_copies(void)
{
   struct t t;
   init(&t, ISA_GEN9, 8);
   struct gbe_reg c = gbe_vreg(&t.p, ISA_TYPE_UD, 8), phi = gbe_vreg(&t.p, ISA_TYPE_UD, 8);
   struct gbe_reg w = gbe_vreg(&t.p, ISA_TYPE_UD, 8), x = gbe_vreg(&t.p, ISA_TYPE_UD, 8);
   send_read(&t, c, gbe_fixed(1, 0, ISA_TYPE_UD, 1));
   gbe_alu1(&t.b, ISA_OP_MOV, w, gbe_fixed(2, 4, ISA_TYPE_UD, 0));
   branch_if(&t, c);
   gbe_alu1(&t.b, ISA_OP_MOV, phi, c);
   send_read(&t, gbe_null(ISA_TYPE_UD), c);
   jump(&t, ISA_OP_ELSE);
   gbe_alu1(&t.b, ISA_OP_MOV, phi, c);
   jump(&t, ISA_OP_ENDIF);
   gbe_alu2(&t.b, ISA_OP_ADD, x, phi, w);
   send_read(&t, gbe_null(ISA_TYPE_UD), x);
   gbe_optimize(&t.p);
   expect(&t, "same copies",
          "   0: send(8) v0+0<1>UD, g1.0<1>UD sfid 0 desc 0x00000000 ex 0x00000000 mlen 1+0 rlen 1\n"
          "   1: mov.c2(8) nullUD, v0+0<1>UD\n"
          "   2: (+f0.0) if(8) \n"
          "   3: send(8) nullUD, v0+0<1>UD sfid 0 desc 0x00000000 ex 0x00000000 mlen 1+0 rlen 1\n"
          "   4: endif(8) \n"
          "   5: add(8) v3+0<1>UD, v0+0<1>UD, g2.4<0>UD\n"
          "   6: send(8) nullUD, v3+0<1>UD sfid 0 desc 0x00000000 ex 0x00000000 mlen 1+0 rlen 1\n");
   fini(&t);
}

/* In a loop: an IF around a lone BREAK becomes a predicated BREAK, the
 * ELSE arm's code staying for the channels that remain; a bool moved
 * into f0.0 right after the compare that wrote it is not moved again. */
static void
test_predicated_break(void)
{
   struct t t;
   init(&t, ISA_GEN9, 8);
   struct gbe_reg a = gbe_vreg(&t.p, ISA_TYPE_UD, 8), c = gbe_vreg(&t.p, ISA_TYPE_UD, 8);
   send_read(&t, a, gbe_fixed(1, 0, ISA_TYPE_UD, 1));
   jump(&t, GBE_OP_DO);
   gbe_alu2(&t.b, ISA_OP_CMP, c, a, gbe_imm(ISA_TYPE_UD, 3))->cmod = ISA_CMOD_G;
   branch_if(&t, c);
   jump(&t, ISA_OP_BREAK);
   jump(&t, ISA_OP_ELSE);
   send_read(&t, gbe_null(ISA_TYPE_UD), a);
   jump(&t, ISA_OP_ENDIF);
   jump(&t, ISA_OP_WHILE);
   gbe_optimize(&t.p);
   expect(&t, "predicated break",
          "   0: send(8) v0+0<1>UD, g1.0<1>UD sfid 0 desc 0x00000000 ex 0x00000000 mlen 1+0 rlen 1\n"
          "   1: do(8) \n"
          "   2: cmp.c3(8) nullUD, v0+0<1>UD, 0x3UD\n"
          "   3: (+f0.0) break(8) \n"
          "   4: send(8) nullUD, v0+0<1>UD sfid 0 desc 0x00000000 ex 0x00000000 mlen 1+0 rlen 1\n"
          "   5: while(8) \n");
   fini(&t);
}

/* Byte offsets of neighbouring elements, (i + c) << 2: reassociated to
 * (i << 2) + (c << 2), the shift computed once. */
static void
test_cse_addresses(void)
{
   struct t t;
   init(&t, ISA_GEN9, 8);
   struct gbe_reg i = gbe_vreg(&t.p, ISA_TYPE_UD, 8);
   send_read(&t, i, gbe_fixed(1, 0, ISA_TYPE_UD, 1));
   for (unsigned k = 1; k <= 2; k++) {
      struct gbe_reg e = gbe_vreg(&t.p, ISA_TYPE_UD, 8), a = gbe_vreg(&t.p, ISA_TYPE_UD, 8);
      gbe_alu2(&t.b, ISA_OP_ADD, e, i, gbe_imm(ISA_TYPE_UD, k));
      gbe_alu2(&t.b, ISA_OP_SHL, a, e, gbe_imm(ISA_TYPE_UD, 2));
      send_read(&t, gbe_null(ISA_TYPE_UD), a);
   }
   gbe_optimize(&t.p);
   expect(&t, "cse of addresses",
          "   0: send(8) v0+0<1>UD, g1.0<1>UD sfid 0 desc 0x00000000 ex 0x00000000 mlen 1+0 rlen 1\n"
          "   1: shl(8) v1+0<1>UD, v0+0<1>UD, 0x2UD\n"
          "   2: add(8) v2+0<1>UD, v1+0<1>UD, 0x4UD\n"
          "   3: send(8) nullUD, v2+0<1>UD sfid 0 desc 0x00000000 ex 0x00000000 mlen 1+0 rlen 1\n"
          "   4: add(8) v4+0<1>UD, v1+0<1>UD, 0x8UD\n"
          "   5: send(8) nullUD, v4+0<1>UD sfid 0 desc 0x00000000 ex 0x00000000 mlen 1+0 rlen 1\n");
   fini(&t);
}

/* An operand over more than two GRFs splits in halves with the channel
 * group; an immediate in src0 goes to src1 when the operation commutes. */
static void
test_legalize(void)
{
   struct t t;
   init(&t, ISA_GEN9, 16);
   struct gbe_reg q0 = gbe_vreg(&t.p, ISA_TYPE_UQ, 16), q1 = gbe_vreg(&t.p, ISA_TYPE_UQ, 16);
   struct gbe_reg d0 = gbe_vreg(&t.p, ISA_TYPE_UD, 16);
   gbe_alu1(&t.b, ISA_OP_MOV, q0, q1);
   gbe_alu2(&t.b, ISA_OP_ADD, d0, gbe_imm(ISA_TYPE_UD, 3), d0);
   gbe_legalize(&t.p);
   expect(&t, "legalize",
          "   0: mov(8) v0+0<1>UQ, v1+0<1>UQ\n"
          "   1: mov(8) @8 v0+64<1>UQ, v1+64<1>UQ\n"
          "   2: add(16) v2+0<1>UD, v2+0<1>UD, 0x3UD\n");
   fini(&t);
}

static int
grf_of(const struct gbe_reg *r)
{
   return r->file == GBE_FIXED ? (int)r->nr : -1;
}

/* Values live at the same time get different registers; a value defined
 * before a loop and read in it lives through the whole loop, so a
 * temporary of the loop's end cannot take its register. */
static void
test_regalloc(void)
{
   struct t t;
   init(&t, ISA_GEN9, 8);
   struct gbe_reg a = gbe_vreg(&t.p, ISA_TYPE_UD, 8), b = gbe_vreg(&t.p, ISA_TYPE_UD, 8);
   struct gbe_reg c = gbe_vreg(&t.p, ISA_TYPE_UD, 8);
   struct gbe_inst *ia = gbe_alu1(&t.b, ISA_OP_MOV, a, gbe_imm(ISA_TYPE_UD, 1));
   gbe_emit(&t.b, GBE_OP_DO, gbe_null(ISA_TYPE_D), gbe_null(ISA_TYPE_D), gbe_null(ISA_TYPE_D),
            gbe_null(ISA_TYPE_D));
   struct gbe_inst *ib = gbe_alu2(&t.b, ISA_OP_ADD, b, a, gbe_imm(ISA_TYPE_UD, 2));
   struct gbe_inst *uc = send_read(&t, gbe_null(ISA_TYPE_UD), b);
   struct gbe_inst *ic = gbe_alu1(&t.b, ISA_OP_MOV, c, gbe_imm(ISA_TYPE_UD, 3));
   struct gbe_inst *ud = send_read(&t, gbe_null(ISA_TYPE_UD), c);
   gbe_emit(&t.b, ISA_OP_WHILE, gbe_null(ISA_TYPE_D), gbe_null(ISA_TYPE_D), gbe_null(ISA_TYPE_D),
            gbe_null(ISA_TYPE_D));
   CHECK(gbe_regalloc(&t.p), "allocation failed");
   int ga = grf_of(&ia->dst), gb = grf_of(&ib->dst), gc = grf_of(&ic->dst);
   CHECK(ga == 2, "a: g%d, want the first free GRF g2", ga);
   CHECK(gb != ga, "b shares a's register g%d while a is live", gb);
   /* b died at its send: c may take b's register, never a's */
   CHECK(gc != ga, "c took a's register g%d inside a's loop", gc);
   CHECK(grf_of(&uc->src[0]) == gb && grf_of(&ud->src[0]) == gc, "uses not rewritten");
   fini(&t);
}

static unsigned
count_sends(struct t *t)
{
   unsigned n = 0;
   gbe_foreach_inst(i, &t->p)
      n += gbe_is_send(i);
   return n;
}

/* Spilling everything: each instruction that mentions a spilled value
 * is preceded by a fill (a write too, for the channels it does not
 * execute) and a write is followed by a store, each a scratch message:
 * mov a (fill, store), add b, a, a (fill a; fill b, store b), the send
 * (fill b, itself) = 7 sends, 4 fills, 2 stores. */
static void
test_spill_all(void)
{
   struct t t;
   init(&t, ISA_GEN9, 8);
   t.opt.spill_all = true;
   struct gbe_reg a = gbe_vreg(&t.p, ISA_TYPE_UD, 8), b = gbe_vreg(&t.p, ISA_TYPE_UD, 8);
   gbe_alu1(&t.b, ISA_OP_MOV, a, gbe_imm(ISA_TYPE_UD, 1));
   gbe_alu2(&t.b, ISA_OP_ADD, b, a, a);
   send_read(&t, gbe_null(ISA_TYPE_UD), b);
   CHECK(gbe_regalloc(&t.p), "allocation failed");
   CHECK(count_sends(&t) == 7, "%u sends, want 7", count_sends(&t));
   CHECK(t.p.stats_spills == 2 && t.p.stats_fills == 4, "spills:fills %u:%u, want 2:4",
         t.p.stats_spills, t.p.stats_fills);
   CHECK(t.p.scratch_bytes == 64, "scratch %u bytes, want 64", t.p.scratch_bytes);
   fini(&t);
}

/* A message whose reply is read late moves ahead of independent ALU
 * work; what reads the reply stays after it. */
static void
test_schedule(void)
{
   struct t t;
   init(&t, ISA_GEN9, 8);
   struct gbe_inst *x = gbe_alu2(&t.b, ISA_OP_ADD, gbe_fixed(10, 0, ISA_TYPE_UD, 1),
                                 gbe_fixed(2, 0, ISA_TYPE_UD, 1), gbe_imm(ISA_TYPE_UD, 1));
   struct gbe_inst *y = gbe_alu2(&t.b, ISA_OP_ADD, gbe_fixed(11, 0, ISA_TYPE_UD, 1),
                                 gbe_fixed(3, 0, ISA_TYPE_UD, 1), gbe_imm(ISA_TYPE_UD, 1));
   struct gbe_inst *s = send_read(&t, gbe_fixed(12, 0, ISA_TYPE_UD, 1), gbe_fixed(4, 0, ISA_TYPE_UD, 1));
   struct gbe_inst *u = gbe_alu2(&t.b, ISA_OP_ADD, gbe_fixed(13, 0, ISA_TYPE_UD, 1),
                                 gbe_fixed(12, 0, ISA_TYPE_UD, 1), gbe_fixed(10, 0, ISA_TYPE_UD, 1));
   gbe_schedule(&t.p);
   struct gbe_inst *order[4];
   unsigned n = 0;
   gbe_foreach_inst(i, &t.p)
      order[n < 4 ? n++ : 3] = i;
   CHECK(n == 4 && order[0] == s && order[3] == u, "the send is not first or its reader not last");
   CHECK((order[1] == x && order[2] == y) || (order[1] == y && order[2] == x),
         "the independent additions are not between");
   fini(&t);
}

/* Selection: outp[id.x] = id.x * 3 + 1 for an 8-wide workgroup, SIMD8 on
 * Gen9.  The payload is R0 then the local ids, x, y and z a register each
 * (the sysval is the vector; clean-up drops y and z later); the kernel
 * keeps denormals (cr0), widens the uint16 ids, multiplies (Gen9
 * multiplies dwords directly), sends the untyped write as a split send
 * (the address = id << 2 its payload, the data from its own register the
 * second one) and ends the thread from a copy of R0 in g127.  Descriptors
 * from the PRM layouts (Vol 2d "Message Descriptor"): the write is mlen
 * 1 << 25 | data port 1 type 9 (untyped write) << 14 | (SIMD8 = 2 << 4 |
 * channels G, B, A disabled = 0xe) << 8 | surface 0 = 0x02026e00 with
 * ex_mlen 1 << 6 in the extended descriptor; the end of thread is mlen
 * 1 << 25 | resource select (no URB handle) 1 << 4 = 0x02000010. */
static void
test_select(void)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_COMPUTE);
   s->workgroup_size[0] = 8;
   s->workgroup_size[1] = s->workgroup_size[2] = 1;
   const struct ir_type *u32 = ir_type_int(s, 32, 1);
   const struct ir_type *arr = ir_type_array(s, u32, 0, 4);
   struct ir_var *v = ir_var_create(s, "outp", IR_STORAGE_SSBO, ir_type_struct(s, 1, &arr, NULL));
   v->set = 0;
   v->binding = 5;
   struct ir_function *f = ir_function_create(s, "main");
   s->entry = f;
   struct ir_builder b;
   ir_builder_at_end(&b, ir_block_create(f));
   struct ir_instr *id = ir_extract(&b, ir_sysval(&b, IR_SYSVAL_local_invocation_id,
                                                  ir_type_int(s, 32, 3)), 0);
   struct ir_instr *val = ir_op2(&b, IR_OP_iadd, ir_op2(&b, IR_OP_imul, id, ir_imm_u32(&b, 3)),
                                 ir_imm_u32(&b, 1));
   struct ir_instr *p = ir_deref_array(&b, ir_deref_struct(&b, ir_deref_var(&b, v), 0), id);
   ir_store(&b, p, val);
   ir_block_set_succs(b.block, IR_TERM_RETURN, 0, NULL);

   struct t t;
   init(&t, ISA_GEN9, 8);
   struct gbe_kernel k = { 0 };
   char err[256] = "";
   t.p.err = err;
   t.p.err_size = sizeof(err);
   struct gbe_ctx c = { .p = &t.p, .s = s, .k = &k };
   CHECK(gbe_isel(&c), "selection failed: %s", err);
   gbe_isel_free(&c);
   /* an integer kernel: no float modes in cr0; the store a split send
    * (Gen9+): the address its payload (mlen 1), the value where it lives
    * its second one (ex_mlen 1 << 6 in the extended descriptor) */
   expect(&t, "select",
          "   0: mov(8) v0+0<1>UD, g1.0<1>UW\n"
          "   1: mov(8) v1+0<1>UD, g2.0<1>UW\n"
          "   2: mov(8) v2+0<1>UD, g3.0<1>UW\n"
          "   3: mul(8) v3+0<1>UD, v0+0<1>UD, 0x3UD\n"
          "   4: add(8) v4+0<1>UD, v3+0<1>UD, 0x1UD\n"
          "   5: shl(8) v5+0<1>UD, v0+0<1>UD, 0x2UD\n"
          "   6: mov(8) v6+0<1>UD, v5+0<1>UD\n"
          "   7: send(8) nullUD, v6+0<1>UD, v4+0<1>UD sfid 12 desc 0x02026e00 ex 0x00000040 mlen 1+1 rlen 0\n"
          "   8: mov(8) g127.0<1>UD, g0.0<1>UD NoMask\n"
          "   9: send(8) nullUD, g127.0<1>UD sfid 7 desc 0x02000010 ex 0x00000000 mlen 1+0 rlen 0 EOT NoMask\n");
   CHECK(k.num_bindings == 1 && k.bindings[0].binding == 5, "binding table: %u entries",
         k.num_bindings);
   fini(&t);
   ir_shader_destroy(s);
}

/* A 64-bit atomic on a storage buffer: the binding gets an address slot
 * at the start of the cross-thread constants (no push constants or
 * system values before it), which the address is read from (g1, its
 * dwords as a scalar), and an A64 atomic goes out on data port 1
 * (sfid 12) as a split send, Mesa's descriptor: mlen 2 (two GRFs of
 * QWord addresses) << 25 | rlen 2 << 20 | message type 0x12 (A64
 * untyped atomic) << 14 | control (AOP_ADD 7 | 64-bit 1 << 4 | return
 * 1 << 5) << 8 | BTI 255 (stateless) = 0x0424b7ff (PRM Vol 2d "A64
 * Untyped Atomic"), the QWord data the second payload (ex_mlen 2 << 6). */
static void
test_select_atomic64(void)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_COMPUTE);
   s->workgroup_size[0] = 8;
   s->workgroup_size[1] = s->workgroup_size[2] = 1;
   const struct ir_type *u64 = ir_type_int(s, 64, 1);
   const struct ir_type *arr = ir_type_array(s, u64, 0, 8);
   struct ir_var *v = ir_var_create(s, "acc", IR_STORAGE_SSBO, ir_type_struct(s, 1, &arr, NULL));
   v->set = 0;
   v->binding = 2;
   struct ir_function *f = ir_function_create(s, "main");
   s->entry = f;
   struct ir_builder b;
   ir_builder_at_end(&b, ir_block_create(f));
   struct ir_instr *p = ir_deref_array(&b, ir_deref_struct(&b, ir_deref_var(&b, v), 0),
                                       ir_imm_u32(&b, 1));
   struct ir_instr *old = ir_atomic(&b, IR_ATOMIC_add, p, ir_const_splat(&b, u64, 1ull << 32),
                                    NULL);
   ir_store(&b, ir_deref_array(&b, ir_deref_struct(&b, ir_deref_var(&b, v), 0),
                               ir_imm_u32(&b, 2)), old);
   ir_block_set_succs(b.block, IR_TERM_RETURN, 0, NULL);

   struct t t;
   init(&t, ISA_GEN12, 8);
   struct gbe_kernel k = { 0 };
   char err[256] = "";
   t.p.err = err;
   t.p.err_size = sizeof(err);
   struct gbe_ctx c = { .p = &t.p, .s = s, .k = &k };
   CHECK(gbe_isel(&c), "selection failed: %s", err);
   gbe_isel_free(&c);
   CHECK(k.num_bindings == 1 && k.bindings[0].address_offset == 0 && k.cs.cross_thread_regs == 1,
         "address slot: %u bindings, offset %u, %u cross-thread registers", k.num_bindings,
         k.bindings[0].address_offset, k.cs.cross_thread_regs);
   char *lir = print(&t);
   CHECK(strstr(lir, "g1.0<0>UD") && strstr(lir, "g1.4<0>UD"), "the address is not read from g1:\n%s",
         lir);
   /* the data QWord 1 << 32: high dwords at +4, stride 2 */
   CHECK(strstr(lir, "sfid 12 desc 0x0424b7ff ex 0x00000080 mlen 2+2 rlen 2") &&
         strstr(lir, "+0<2>UD, 0x0UD") && strstr(lir, "+4<2>UD, 0x1UD"),
         "no A64 int64 atomic add of 1 << 32:\n%s", lir);
   free(lir);
   fini(&t);
   ir_shader_destroy(s);
}

/* Selects `s` (its entry built by the caller) for gen at SIMD16 and
 * returns the LIR printed, or NULL after a failed check. */
static char *
select_lir(struct ir_shader *s, enum isa_gen gen, struct t *t)
{
   init(t, gen, 16);
   struct gbe_kernel k = { 0 };
   char err[256] = "";
   t->p.err = err;
   t->p.err_size = sizeof(err);
   struct gbe_ctx c = { .p = &t->p, .s = s, .k = &k };
   bool ok = gbe_isel(&c);
   gbe_isel_free(&c);
   CHECK(ok, "selection failed: %s", err);
   return ok ? print(t) : NULL;
}

/* A kernel that computes with single floats only keeps their denormals
 * (cr0 bit 7) and sets nothing for the other widths (bits 6 and 10). */
static void
test_select_float_modes(void)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_COMPUTE);
   s->workgroup_size[0] = 8;
   s->workgroup_size[1] = s->workgroup_size[2] = 1;
   const struct ir_type *f32 = ir_type_float(s, 32, 1);
   const struct ir_type *arr = ir_type_array(s, f32, 0, 4);
   struct ir_var *v = ir_var_create(s, "outp", IR_STORAGE_SSBO, ir_type_struct(s, 1, &arr, NULL));
   struct ir_function *f = ir_function_create(s, "main");
   s->entry = f;
   struct ir_builder b;
   ir_builder_at_end(&b, ir_block_create(f));
   struct ir_instr *id = ir_extract(&b, ir_sysval(&b, IR_SYSVAL_local_invocation_id,
                                                  ir_type_int(s, 32, 3)), 0);
   struct ir_instr *val = ir_op2(&b, IR_OP_fmul, ir_alu1(&b, IR_OP_u2f, f32, id),
                                 ir_imm_f32(&b, 0.5f));
   ir_store(&b, ir_deref_array(&b, ir_deref_struct(&b, ir_deref_var(&b, v), 0), id), val);
   ir_block_set_succs(b.block, IR_TERM_RETURN, 0, NULL);
   struct t t;
   char *lir = select_lir(s, ISA_GEN9, &t);
   static const char want[] = "   0: or(1) arf0x80.0<1>UD, arf0x80.0<0>UD, 0x80UD NoMask\n";
   CHECK(lir && !strncmp(lir, want, sizeof(want) - 1),
         "no single-float denormal mode first:\n%s", lir ? lir : "");
   free(lir);
   fini(&t);
   ir_shader_destroy(s);
}

/* A private array of 80 dwords (past the 64 kept in registers) written
 * and read at the invocation's index: scratch rows of 16 dwords (80 * 64
 * bytes), DWord scattered messages on data port 0 (sfid 10) with a
 * header whose DWords 3 and 5 come from R0.3 bits 3:0 and R0.5 bits
 * 31:10.  Descriptors from the PRM layouts (Vol 2d "DWord Scattered
 * Read/Write"): mlen (header, 2 address GRFs, 2 data GRFs for a write)
 * << 25 | rlen << 20 | header 1 << 19 | type (3 read, 11 write) << 14 |
 * data blocks (3: 16 DWords) << 8 | BTI, the A32 stateless 255 on Gen7
 * and the non-coherent 253 from Gen8 (Mesa's Skylake kernels for
 * private_array carry the same, with mlen 1 and the rest split off). */
static void
test_select_scratch(void)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_COMPUTE);
   s->workgroup_size[0] = 16;
   s->workgroup_size[1] = s->workgroup_size[2] = 1;
   const struct ir_type *u32 = ir_type_int(s, 32, 1);
   const struct ir_type *arr = ir_type_array(s, u32, 0, 4);
   struct ir_var *out = ir_var_create(s, "outp", IR_STORAGE_SSBO, ir_type_struct(s, 1, &arr, NULL));
   struct ir_var *a = ir_var_create(s, "a", IR_STORAGE_FUNCTION, ir_type_array(s, u32, 80, 0));
   struct ir_function *f = ir_function_create(s, "main");
   s->entry = f;
   struct ir_builder b;
   ir_builder_at_end(&b, ir_block_create(f));
   struct ir_instr *id = ir_extract(&b, ir_sysval(&b, IR_SYSVAL_local_invocation_id,
                                                  ir_type_int(s, 32, 3)), 0);
   ir_store(&b, ir_deref_array(&b, ir_deref_var(&b, a), id), id);
   struct ir_instr *v = ir_load(&b, ir_deref_array(&b, ir_deref_var(&b, a), id));
   ir_store(&b, ir_deref_array(&b, ir_deref_struct(&b, ir_deref_var(&b, out), 0), id), v);
   ir_block_set_succs(b.block, IR_TERM_RETURN, 0, NULL);

   static const struct { enum isa_gen gen; const char *rd, *wr; } want[] = {
      { ISA_GEN7, "sfid 10 desc 0x0628c3ff ex 0x00000000 mlen 3+0 rlen 2",
        "sfid 10 desc 0x0a0ac3ff ex 0x00000000 mlen 5+0 rlen 0" },
      { ISA_GEN9, "sfid 10 desc 0x0628c3fd ex 0x00000000 mlen 3+0 rlen 2",
        "sfid 10 desc 0x0a0ac3fd ex 0x00000000 mlen 5+0 rlen 0" },
   };
   for (unsigned g = 0; g < 2; g++) {
      struct t t;
      char *lir = select_lir(s, want[g].gen, &t);
      CHECK(lir && strstr(lir, want[g].rd) && strstr(lir, want[g].wr),
            "gen %u: no DWord scattered scratch read and write:\n%s", want[g].gen,
            lir ? lir : "");
      CHECK(lir && strstr(lir, "g0.12<0>UD, 0xfUD") && strstr(lir, "g0.20<0>UD, 0xfffffc00UD"),
            "gen %u: no scratch header from R0.3 and R0.5:\n%s", want[g].gen,
            lir ? lir : "");
      CHECK(t.p.scratch_bytes == 80 * 4 * 16, "gen %u: scratch %u bytes, want %u",
            want[g].gen, t.p.scratch_bytes, 80 * 4 * 16);
      free(lir);
      fini(&t);
   }
   ir_shader_destroy(s);
}

/* Push constants { uint w[4]; } read at the invocation's index: the
 * offset clamped to the last element (12), a0 set for every channel and
 * then offset under the execution mask, and a VxH read from g1 (the
 * first cross-thread register, byte 32); Gen7 eight channels at a time
 * (its eight address subregisters), Gen9 all sixteen. */
static void
test_select_push_dynamic(void)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_COMPUTE);
   s->workgroup_size[0] = 16;
   s->workgroup_size[1] = s->workgroup_size[2] = 1;
   const struct ir_type *u32 = ir_type_int(s, 32, 1);
   const struct ir_type *arr = ir_type_array(s, u32, 0, 4);
   const struct ir_type *w = ir_type_array(s, u32, 4, 0);
   struct ir_var *out = ir_var_create(s, "outp", IR_STORAGE_SSBO, ir_type_struct(s, 1, &arr, NULL));
   struct ir_var *pc = ir_var_create(s, "pc", IR_STORAGE_PUSH_CONSTANT, ir_type_struct(s, 1, &w, NULL));
   struct ir_function *f = ir_function_create(s, "main");
   s->entry = f;
   struct ir_builder b;
   ir_builder_at_end(&b, ir_block_create(f));
   struct ir_instr *id = ir_extract(&b, ir_sysval(&b, IR_SYSVAL_local_invocation_id,
                                                  ir_type_int(s, 32, 3)), 0);
   struct ir_instr *v = ir_load(&b, ir_deref_array(&b, ir_deref_struct(&b, ir_deref_var(&b, pc), 0), id));
   ir_store(&b, ir_deref_array(&b, ir_deref_struct(&b, ir_deref_var(&b, out), 0), id), v);
   ir_block_set_succs(b.block, IR_TERM_RETURN, 0, NULL);

   static const struct { enum isa_gen gen; const char *set, *add; } want[] = {
      { ISA_GEN7, "mov(8) @8 arf0x10.0<1>UW, 0x20UW NoMask", "add(8) @8 arf0x10.0<1>UW" },
      { ISA_GEN9, "mov(16) arf0x10.0<1>UW, 0x20UW NoMask", "add(16) arf0x10.0<1>UW" },
   };
   for (unsigned g = 0; g < 2; g++) {
      struct t t;
      char *lir = select_lir(s, want[g].gen, &t);
      CHECK(lir && strstr(lir, "sel.c5(16)") && strstr(lir, "0xcUD") &&
            strstr(lir, want[g].set) && strstr(lir, want[g].add) &&
            strstr(lir, "[a0.0+0 in]g0.0<1>UD"),
            "gen %u: no clamped indirect read of the push constants:\n%s", want[g].gen,
            lir ? lir : "");
      free(lir);
      fini(&t);
   }
   ir_shader_destroy(s);
}

struct barrier_code {
   unsigned fences, gateway;
   bool waits;
};

/* The selected kernel's messages but its end of thread (fences; the
 * gateway's barrier) and whether it waits for a thread barrier (wait n0
 * before Gen12, sync.bar from Gen12). */
static struct barrier_code
barrier_code(struct t *t)
{
   struct barrier_code r = { 0 };
   gbe_foreach_inst(i, &t->p) {
      bool msg = gbe_is_send(i) && !i->eot;
      r.gateway += msg && i->sfid == ISA_SFID_GATEWAY;
      r.fences += msg && i->sfid != ISA_SFID_GATEWAY;
      r.waits |= i->op == ISA_OP_WAIT || i->op == ISA_OP_SYNC;
   }
   return r;
}

/* Barriers by scope, in an arm only some channels take (the subgroup's
 * in a workgroup of 64: several threads).  A subgroup's execution
 * barrier sends nothing to the gateway and waits for nothing, and its
 * shared memory needs no fence (the thread's SLM messages are done in
 * order); buffer memory keeps a fence at subgroup scope; a workgroup's
 * barrier is the fence and the gateway's barrier message, waited for. */
static void
test_select_barrier_scopes(void)
{
   static const struct { unsigned imm, fences, gateway; } cases[] = {
      { IR_BARRIER_EXEC_SCOPE(IR_SCOPE_SUBGROUP) | IR_BARRIER_MEM_SCOPE(IR_SCOPE_SUBGROUP) |
        IR_BARRIER_WORKGROUP_MEM, 0, 0 },
      { IR_BARRIER_EXEC_SCOPE(IR_SCOPE_SUBGROUP) | IR_BARRIER_MEM_SCOPE(IR_SCOPE_SUBGROUP) |
        IR_BARRIER_WORKGROUP_MEM | IR_BARRIER_BUFFER_MEM, 1, 0 },
      { IR_BARRIER_MEM_SCOPE(IR_SCOPE_SUBGROUP) | IR_BARRIER_BUFFER_MEM, 1, 0 },
      { IR_BARRIER_EXEC_SCOPE(IR_SCOPE_WORKGROUP) | IR_BARRIER_MEM_SCOPE(IR_SCOPE_WORKGROUP) |
        IR_BARRIER_WORKGROUP_MEM, 1, 1 },
      { IR_BARRIER_EXEC_SCOPE(IR_SCOPE_WORKGROUP), 0, 1 },
   };
   for (unsigned k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
      struct ir_shader *s = ir_shader_create(IR_STAGE_COMPUTE);
      s->workgroup_size[0] = 64;
      s->workgroup_size[1] = s->workgroup_size[2] = 1;
      struct ir_function *f = ir_function_create(s, "main");
      s->entry = f;
      struct ir_block *entry = ir_block_create(f), *arm = ir_block_create(f);
      struct ir_block *join = ir_block_create(f);
      struct ir_builder b;
      ir_builder_at_end(&b, entry);
      struct ir_instr *id = ir_extract(&b, ir_sysval(&b, IR_SYSVAL_local_invocation_id,
                                                     ir_type_int(s, 32, 3)), 0);
      struct ir_instr *odd = ir_op2(&b, IR_OP_ine, ir_op2(&b, IR_OP_iand, id, ir_imm_u32(&b, 1)),
                                    ir_imm_u32(&b, 0));
      ir_cbr(&b, odd, arm, join);
      entry->construct = IR_CONSTRUCT_SELECTION;
      entry->merge = join;
      ir_builder_at_end(&b, arm);
      ir_barrier(&b, cases[k].imm);
      ir_br(&b, join);
      ir_builder_at_end(&b, join);
      ir_return(&b);
      ir_rebuild_preds(f);
      for (enum isa_gen gen = ISA_GEN7; gen < ISA_GEN_COUNT; gen++) {
         struct t t;
         char *lir = select_lir(s, gen, &t);
         struct barrier_code got = barrier_code(&t);
         CHECK(lir && got.fences == cases[k].fences && got.gateway == cases[k].gateway &&
               got.waits == (cases[k].gateway != 0),
               "barrier 0x%x gen %u: %u fences, %u gateway messages, want %u and %u:\n%s",
               cases[k].imm, gen, got.fences, got.gateway, cases[k].fences,
               cases[k].gateway, lir ? lir : "");
         free(lir);
         fini(&t);
      }
      ir_shader_destroy(s);
   }
}


/* Gen12 scoreboard: an ALU instruction reading a send's reply waits for
 * its token in its own SWSB byte (RegDist 1 and $0.dst: 0x90); one
 * reading two replies takes the lower token there and a sync.nop for the
 * other ($2.dst: 0x22); a branch with two tokens live waits with one
 * sync.allwr (function 3). */
static void
test_swsb(void)
{
   struct t t;
   init(&t, ISA_GEN12, 8);
   struct gbe_reg r10 = gbe_fixed(10, 0, ISA_TYPE_UD, 1), r11 = gbe_fixed(11, 0, ISA_TYPE_UD, 1);
   struct gbe_reg r12 = gbe_fixed(12, 0, ISA_TYPE_UD, 1), r13 = gbe_fixed(13, 0, ISA_TYPE_UD, 1);
   struct gbe_reg r2 = gbe_fixed(2, 0, ISA_TYPE_UD, 1);
   send_read(&t, r10, r2);
   struct gbe_inst *a = gbe_alu2(&t.b, ISA_OP_ADD, r13, r10, gbe_imm(ISA_TYPE_UD, 1));
   send_read(&t, r11, r2);
   send_read(&t, r12, r2);
   struct gbe_inst *b = gbe_alu2(&t.b, ISA_OP_ADD, r13, r11, r12);
   send_read(&t, r10, r2);
   send_read(&t, r11, r2);
   struct gbe_inst *br = jump(&t, ISA_OP_ENDIF);
   gbe_swsb(&t.p);
   CHECK(a->swsb == 0x90 && a->prev->op != ISA_OP_SYNC, "reader of $0: swsb 0x%x", a->swsb);
   CHECK(b->swsb == 0x91 && b->prev->op == ISA_OP_SYNC && b->prev->swsb == 0x22 &&
         b->prev->cmod == 0, "reader of $1 and $2: swsb 0x%x", b->swsb);
   CHECK(br->prev->op == ISA_OP_SYNC && br->prev->cmod == 3 && br->prev->prev->op == ISA_OP_SEND,
         "no single sync.allwr before the branch");
   fini(&t);
}

/* A float add of a product nothing else reads becomes a mad (the addend
 * its first source) under the default float modes; a product read twice
 * stays. */
static void
test_fuse_mad(void)
{
   struct t t;
   init(&t, ISA_GEN9, 8);
   struct gbe_reg cr0 = { .file = GBE_ARF, .type = ISA_TYPE_UD, .nr = ISA_ARF_CONTROL, .stride = 1 };
   struct gbe_reg x = gbe_fixed(2, 0, ISA_TYPE_F, 1), y = gbe_fixed(3, 0, ISA_TYPE_F, 1);
   struct gbe_reg z = gbe_fixed(4, 0, ISA_TYPE_F, 1);
   struct gbe_reg p = gbe_vreg(&t.p, ISA_TYPE_F, 8), s = gbe_vreg(&t.p, ISA_TYPE_F, 8);
   struct gbe_reg q = gbe_vreg(&t.p, ISA_TYPE_F, 8), u = gbe_vreg(&t.p, ISA_TYPE_F, 8);
   struct gbe_inst *m = gbe_alu2(&t.b, ISA_OP_OR, cr0, cr0, gbe_imm(ISA_TYPE_UD, 0x80));
   m->exec_size = 1;
   m->we_all = true;
   gbe_alu2(&t.b, ISA_OP_MUL, p, x, y);
   gbe_alu2(&t.b, ISA_OP_ADD, s, z, gbe_negate(p));
   gbe_alu2(&t.b, ISA_OP_MUL, q, x, z);
   gbe_alu2(&t.b, ISA_OP_ADD, u, q, q);
   send_read(&t, gbe_null(ISA_TYPE_UD), s);
   send_read(&t, gbe_null(ISA_TYPE_UD), u);
   gbe_fuse_mad(&t.p);
   expect(&t, "fuse mad",
          "   0: or(1) arf0x80.0<1>UD, arf0x80.0<1>UD, 0x80UD NoMask\n"
          "   1: mad(8) v1+0<1>F, g4.0<1>F, -g2.0<1>F, g3.0<1>F\n"
          "   2: mul(8) v2+0<1>F, g2.0<1>F, g4.0<1>F\n"
          "   3: add(8) v3+0<1>F, v2+0<1>F, v2+0<1>F\n"
          "   4: send(8) nullUD, v1+0<1>F sfid 0 desc 0x00000000 ex 0x00000000 mlen 1+0 rlen 1\n"
          "   5: send(8) nullUD, v3+0<1>F sfid 0 desc 0x00000000 ex 0x00000000 mlen 1+0 rlen 1\n");
   fini(&t);
}

/* NoContraction: an exact product or an exact sum keeps its two
 * instructions. */
static void
test_fuse_mad_exact(void)
{
   struct t t;
   init(&t, ISA_GEN9, 8);
   struct gbe_reg cr0 = { .file = GBE_ARF, .type = ISA_TYPE_UD, .nr = ISA_ARF_CONTROL, .stride = 1 };
   struct gbe_reg x = gbe_fixed(2, 0, ISA_TYPE_F, 1), y = gbe_fixed(3, 0, ISA_TYPE_F, 1);
   struct gbe_reg p = gbe_vreg(&t.p, ISA_TYPE_F, 8), s = gbe_vreg(&t.p, ISA_TYPE_F, 8);
   struct gbe_reg q = gbe_vreg(&t.p, ISA_TYPE_F, 8), u = gbe_vreg(&t.p, ISA_TYPE_F, 8);
   struct gbe_inst *m = gbe_alu2(&t.b, ISA_OP_OR, cr0, cr0, gbe_imm(ISA_TYPE_UD, 0x80));
   m->exec_size = 1;
   m->we_all = true;
   gbe_alu2(&t.b, ISA_OP_MUL, p, x, y)->exact = true;
   gbe_alu2(&t.b, ISA_OP_ADD, s, x, p);
   gbe_alu2(&t.b, ISA_OP_MUL, q, x, y);
   gbe_alu2(&t.b, ISA_OP_ADD, u, y, q)->exact = true;
   send_read(&t, gbe_null(ISA_TYPE_UD), s);
   send_read(&t, gbe_null(ISA_TYPE_UD), u);
   CHECK(!gbe_fuse_mad(&t.p), "exact operations fused");
   fini(&t);
}

/* Values that only feed each other (a dead sequence built up in place)
 * go, though each is read. */
static void
test_dce_cycle(void)
{
   struct t t;
   init(&t, ISA_GEN9, 8);
   struct gbe_reg a = gbe_vreg(&t.p, ISA_TYPE_UD, 8), b = gbe_vreg(&t.p, ISA_TYPE_UD, 8);
   struct gbe_reg live = gbe_vreg(&t.p, ISA_TYPE_UD, 8);
   gbe_alu1(&t.b, ISA_OP_MOV, a, gbe_fixed(2, 0, ISA_TYPE_UD, 1));
   gbe_alu2(&t.b, ISA_OP_ADD, b, a, gbe_imm(ISA_TYPE_UD, 1));
   gbe_alu2(&t.b, ISA_OP_ADD, a, a, b);
   gbe_alu2(&t.b, ISA_OP_ADD, live, gbe_fixed(3, 0, ISA_TYPE_UD, 1), gbe_imm(ISA_TYPE_UD, 2));
   send_read(&t, gbe_null(ISA_TYPE_UD), live);
   gbe_optimize(&t.p);
   expect(&t, "dead cycle",
          "   0: add(8) v2+0<1>UD, g3.0<1>UD, 0x2UD\n"
          "   1: send(8) nullUD, v2+0<1>UD sfid 0 desc 0x00000000 ex 0x00000000 mlen 1+0 rlen 1\n");
   fini(&t);
}

/* A shader: buffer `data` at binding 0; its entry, with the builder at
 * the end of the only block. */
static struct ir_shader *
one_block_shader(struct ir_builder *b, struct ir_var **data)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_COMPUTE);
   s->workgroup_size[0] = 16;
   s->workgroup_size[1] = s->workgroup_size[2] = 1;
   const struct ir_type *u32 = ir_type_int(s, 32, 1);
   const struct ir_type *arr = ir_type_array(s, u32, 0, 4);
   *data = ir_var_create(s, "data", IR_STORAGE_SSBO, ir_type_struct(s, 1, &arr, NULL));
   struct ir_function *f = ir_function_create(s, "main");
   s->entry = f;
   ir_builder_at_end(b, ir_block_create(f));
   return s;
}


static unsigned
count_op(const char *lir, const char *op)
{
   unsigned n = 0;
   for (const char *at = lir; (at = strstr(at, op)); at++)
      n++;
   return n;
}

/* data[x] = hi(x * y), data[x + 1] = x * y: the high dword of the
 * widened product is a mul into the accumulator and a mach per eight
 * channels (no 64-bit instructions left after clean-up); the two stores
 * to neighbouring dwords are one SIMD16 untyped write of two channels
 * (mlen 2 << 25 | type 9 << 14 | (SIMD16 1 << 4 | B, A disabled 0xc) << 8
 * = 0x04025c00), the multiply by a word constant one mul. */
static void
test_select_mul_high_store_run(void)
{
   struct ir_builder b;
   struct ir_var *data;
   struct ir_shader *s = one_block_shader(&b, &data);
   const struct ir_type *u64 = ir_type_int(s, 64, 1), *u32 = ir_type_int(s, 32, 1);
   struct ir_instr *x = ir_extract(&b, ir_sysval(&b, IR_SYSVAL_local_invocation_id,
                                                 ir_type_int(s, 32, 3)), 0);
   struct ir_instr *y = ir_op2(&b, IR_OP_imul, x, ir_imm_u32(&b, 3));
   struct ir_instr *wide = ir_op2(&b, IR_OP_imul, ir_alu1(&b, IR_OP_u2u, u64, x),
                                  ir_alu1(&b, IR_OP_u2u, u64, y));
   struct ir_instr *hi = ir_alu1(&b, IR_OP_u2u, u32,
                                 ir_op2(&b, IR_OP_ushr, wide, ir_const_splat(&b, u64, 32)));
   struct ir_instr *arr = ir_deref_struct(&b, ir_deref_var(&b, data), 0);
   ir_store(&b, ir_deref_array(&b, arr, x), hi);
   ir_store(&b, ir_deref_array(&b, arr, ir_op2(&b, IR_OP_iadd, x, ir_imm_u32(&b, 1))),
            ir_op2(&b, IR_OP_imul, x, y));
   ir_block_set_succs(b.block, IR_TERM_RETURN, 0, NULL);
   struct t t;
   char *lir = select_lir(s, ISA_GEN12, &t);
   if (lir) {
      gbe_optimize(&t.p);
      free(lir);
      lir = print(&t);
      CHECK(count_op(lir, "mach(8)") == 2 && count_op(lir, "arf0x20.0<1>UD") == 2 &&
            count_op(lir, "mov(8) v") == 0,
            "no mul/mach pair per 8 channels:\n%s", lir);
      CHECK(strstr(lir, "0x3UW") && count_op(lir, "sfid 12") == 1 && strstr(lir, "desc 0x04025c00"),
            "no word-constant multiply or one two-channel write:\n%s", lir);
      free(lir);
   }
   fini(&t);
   ir_shader_destroy(s);
}

int
main(void)
{
   test_select();
   test_select_barrier_scopes();
   test_select_float_modes();
   test_select_atomic64();
   test_select_scratch();
   test_select_push_dynamic();
   test_optimize();
   test_coalesce_payload();
   test_flatten_branches();
   test_flatten_temporaries();
   test_same_copies();
   test_predicated_break();
   test_cse_addresses();
   test_legalize();
   test_regalloc();
   test_spill_all();
   test_schedule();
   test_swsb();
   test_fuse_mad();
   test_fuse_mad_exact();
   test_dce_cycle();
   test_select_mul_high_store_run();
   if (gbe_test_failures) {
      fprintf(stderr, "%d failures\n", gbe_test_failures);
      return 1;
   }
   printf("gbe passes: all checks passed\n");
   return 0;
}

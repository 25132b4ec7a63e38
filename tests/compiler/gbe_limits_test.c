/* The encoder refuses kernels the hardware or the driver cannot take
 * (gbe_emit.c): on Gen7/7.5 a branch whose JIP or UIP exceeds the signed
 * 16-bit count of 64-bit units (16383 instructions back or forth), on
 * every generation a kernel beyond GBE_MAX_KERNEL_BYTES.  Each limit is
 * met exactly by one generated kernel (it encodes, and decodes back to
 * its jump) and exceeded by one instruction in the next (a clear error). */
#include <stdlib.h>
#include <string.h>

#include "gbe_lir.h"
#include "gbe_test.h"

struct t {
   struct gbe_options opt;
   struct gbe_prog p;
   struct gbe_builder b;
   char err[256];
   struct gbe_kernel k;
};

static void
init(struct t *t, enum isa_gen gen, bool no_compact)
{
   memset(t, 0, sizeof(*t));
   t->opt.gen = gen;
   t->opt.no_compact = no_compact;
   t->p = (struct gbe_prog){ .gen = gen, .simd = 8, .opt = &t->opt, .first_free_grf = 2,
                             .err = t->err, .err_size = sizeof(t->err) };
   t->p.head.next = t->p.head.prev = &t->p.head;
   gbe_builder_init(&t->b, &t->p);
}

static void
fini(struct t *t)
{
   gbe_foreach_inst_safe(i, &t->p)
      free(i);
   free(t->p.vregs);
   free(t->k.code);
}

static void
adds(struct t *t, unsigned n)
{
   struct gbe_reg a = gbe_fixed(10, 0, ISA_TYPE_D, 1), b = gbe_fixed(11, 0, ISA_TYPE_D, 1);
   for (unsigned i = 0; i < n; i++)
      gbe_alu2(&t->b, ISA_OP_ADD, a, a, b);
}

/* DO; n adds; WHILE: the WHILE jumps back over the n adds. */
static bool
loop(struct t *t, unsigned n)
{
   struct gbe_reg d = gbe_null(ISA_TYPE_D);
   gbe_emit(&t->b, GBE_OP_DO, d, d, d, d);
   adds(t, n);
   gbe_emit(&t->b, ISA_OP_WHILE, d, d, d, d);
   return gbe_emit_code(&t->p, &t->k);
}

/* The WHILE, decoded from the emitted (native) code: its JIP in bytes. */
static int32_t
while_jip(const struct t *t, unsigned n)
{
   struct isa_inst in;
   if (!isa_decode(t->p.gen, t->k.code + (size_t)n * 16, 16, &in) || in.op != ISA_OP_WHILE)
      return 0;
   return t->p.gen <= ISA_GEN75 ? in.jip * 8 : in.jip;
}

static void
test_branch_range(void)
{
   static const enum isa_gen gens[] = { ISA_GEN7, ISA_GEN75 };
   for (unsigned g = 0; g < 2; g++) {
      struct t t;
      /* 16384 instructions back: -32768 units of 64 bits, the field's least */
      init(&t, gens[g], true);
      CHECK(loop(&t, 16384), "%s: 16384-instruction loop: %s", isa_gen_name(gens[g]), t.err);
      CHECK(while_jip(&t, 16384) == -16384 * 16, "%s: WHILE jumps %d bytes, want %d",
            isa_gen_name(gens[g]), while_jip(&t, 16384), -16384 * 16);
      fini(&t);
      init(&t, gens[g], true);
      CHECK(!loop(&t, 16385) && strstr(t.err, "jumps -16385 instructions") &&
            strstr(t.err, "branch range"), "%s: 16385-instruction loop: '%s'",
            isa_gen_name(gens[g]), t.err);
      fini(&t);
   }
   /* Gen8 counts bytes in 32 bits: the same loop is fine. */
   struct t t;
   init(&t, ISA_GEN8, true);
   CHECK(loop(&t, 16385), "Gen8 16385-instruction loop: %s", t.err);
   CHECK(while_jip(&t, 16385) == -16385 * 16, "Gen8: WHILE jumps %d bytes",
         while_jip(&t, 16385));
   fini(&t);
}

static void
test_kernel_size(void)
{
   const unsigned most = GBE_MAX_KERNEL_BYTES / 16;
   struct t t;
   init(&t, ISA_GEN9, true);
   adds(&t, most);
   CHECK(gbe_emit_code(&t.p, &t.k) && t.k.code_size == GBE_MAX_KERNEL_BYTES,
         "a kernel of exactly GBE_MAX_KERNEL_BYTES: %s", t.err);
   fini(&t);
   static const enum isa_gen gens[] = { ISA_GEN11, ISA_GEN12 };
   for (unsigned g = 0; g < 2; g++) {
      init(&t, gens[g], true);
      adds(&t, most + 1);
      CHECK(!gbe_emit_code(&t.p, &t.k) && strstr(t.err, "GBE_MAX_KERNEL_BYTES") &&
            strstr(t.err, "1048592 bytes"), "%s: one instruction more: '%s'",
            isa_gen_name(gens[g]), t.err);
      fini(&t);
   }
   /* Compacted: twice as many 8-byte instructions, and one more. */
   init(&t, ISA_GEN9, false);
   adds(&t, 2 * most + 1);
   CHECK(!gbe_emit_code(&t.p, &t.k) && strstr(t.err, "1048584 bytes"),
         "compacted kernel beyond the limit: '%s'", t.err);
   fini(&t);
}

int
main(void)
{
   test_branch_range();
   test_kernel_size();
   if (gbe_test_failures)
      return 1;
   printf("gbe_limits_test: all checks passed\n");
   return 0;
}

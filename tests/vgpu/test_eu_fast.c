/* The EU interpreter's specialised handlers (vgpu_eu_fast.c) against its
 * general per-channel path: the same single-instruction kernels, over
 * every opcode, type, region class, width, conditional modifier,
 * predication, quarter and dispatch mask, and single precision's source
 * modifiers, special values, rounding and denormal modes the handlers take (and some they leave to the
 * general path), run on the same random registers both ways must leave
 * the same register file, flags included, and the same statistics. */
#include "eu_rig.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t
next_random(void)
{
   rng ^= rng << 13;
   rng ^= rng >> 7;
   rng ^= rng << 17;
   return (uint32_t)(rng >> 16);
}

static const char *const ops[] = {
   "mov", "not", "and", "or", "xor", "add", "mul", "shl", "shr", "asr", "cmp",
};
static const char *const cmods[] = { "", ".z", ".nz", ".g", ".ge", ".l", ".le" };
static const char *const dst_types[] = { "D", "UD", "W", "UW", "F" };
static const char *const preds[] = { "", "(+f0.0) ", "(-f1.1) ", "(+f1.0.any8h) " };

/* A source operand: a dword, word or byte region (packed, strided,
 * scalar) or, where the encoding has room (imm), an immediate. */
static void
source(char *buf, size_t size, unsigned reg, bool imm)
{
   static const char *const wide_types[] = { "D", "UD" };
   static const char *const narrow_types[] = { "W", "UW", "B", "UB" };
   static const unsigned regions[] = { 0, 1, 4, 5 };
   unsigned kind = imm ? next_random() % 7 : regions[next_random() % 4];
   const char *wt = wide_types[next_random() % 2];
   const char *nt = narrow_types[next_random() % 4];
   switch (kind) {
   case 0: snprintf(buf, size, "g%u<8,8,1>%s", reg, wt); break;
   case 1: snprintf(buf, size, "g%u.%u<0,1,0>%s", reg, next_random() % 8, wt); break;
   case 2: snprintf(buf, size, "0x%08xUD", next_random()); break;
   case 3: snprintf(buf, size, "%dD", (int)(next_random() % 64) - 32); break;
   case 4: snprintf(buf, size, "g%u.1<16,8,2>%s", reg, nt); break;
   case 5: snprintf(buf, size, "g%u<8,4,2>%s", reg, wt); break;
   default: snprintf(buf, size, "0x%04x%s", next_random() & 0xffff,
                     next_random() % 2 ? "UW" : "W");
      break;
   }
}

/* Floats the special cases of: zeros, infinities, quiet and signalling
 * NaNs (with payloads), denormals, one, the largest finite value. */
static const uint32_t special_floats[] = {
   0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00001,
   0x7f800001, 0xff812345, 0x00000001, 0x807fffff, 0x3f800000, 0x7f7fffff,
};

static void
fill_random(struct eu_rig *r)
{
   for (unsigned i = 32; i < 100 * 32; i += 4) {
      uint32_t v = next_random();
      if (next_random() % 8 == 0)
         v = special_floats[next_random() % (sizeof(special_floats) / 4)];
      memcpy(&r->t.regs[i], &v, 4);
   }
   uint64_t f = (uint64_t)next_random() << 32 | next_random();
   memcpy(&r->t.regs[VGPU_EU_ARF_FLAG], &f, 8);
   /* cr0.0: any rounding mode, single-precision denormals kept or flushed
    * (bits 5:4 and 7). */
   uint32_t cr0 = (next_random() % 4) << 4 | (next_random() % 2) << 7;
   memcpy(&r->t.regs[VGPU_EU_ARF_CR0], &cr0, 4);
}

static enum vgpu_eu_status
run_way(struct eu_rig *r, bool general)
{
   struct vgpu_eu_env env = {
      .gen = r->gen, .user = r, .map = rig_map, .surface = rig_surface,
      .slm = r->slm, .slm_size = RIG_SLM_SIZE,
      .general_state_base = RIG_MEM_BASE,
      .scratch_per_thread = RIG_SCRATCH_PER_THREAD,
      .max_instructions = 1u << 20, .general_path = general,
   };
   struct vgpu_eu_kernel *k = vgpu_eu_kernel_get(r->cache, r->gen, r->code_addr,
                                                 r->code, r->code_size);
   if (!k) {
      fprintf(stderr, "out of memory\n");
      exit(1);
   }
   return vgpu_eu_run(&env, k, &r->t);
}

/* One kernel both ways from the same registers. */
static void
compare_ways(struct eu_rig *r, const char *text, uint32_t dispatch)
{
   if (!rig_load(r, text, dispatch)) {
      fprintf(stderr, "  in: %s", text);
      return;
   }
   fill_random(r);
   struct vgpu_eu_thread start = r->t;
   enum vgpu_eu_status fast = run_way(r, false);
   struct vgpu_eu_thread after_fast = r->t;
   r->t = start;
   enum vgpu_eu_status general = run_way(r, true);
   CHECK(fast == VGPU_EU_DONE && general == VGPU_EU_DONE,
         "status %d / %d (%s) for %s", (int)fast, (int)general,
         r->t.why ? r->t.why : "", text);
   int at = -1;
   for (unsigned i = 0; i < VGPU_EU_REGFILE && at < 0; i++) {
      if (after_fast.regs[i] != r->t.regs[i])
         at = (int)i;
   }
   CHECK(at < 0, "register file byte %d: 0x%02x fast, 0x%02x general, for %s",
         at, at < 0 ? 0 : after_fast.regs[at], at < 0 ? 0 : r->t.regs[at], text);
   CHECK(after_fast.instructions == r->t.instructions &&
         after_fast.channel_instructions == r->t.channel_instructions,
         "statistics %llu/%llu fast, %llu/%llu general, for %s",
         (unsigned long long)after_fast.instructions,
         (unsigned long long)after_fast.channel_instructions,
         (unsigned long long)r->t.instructions,
         (unsigned long long)r->t.channel_instructions, text);
}

static void
random_instruction(char *text, size_t size)
{
   const char *op = ops[next_random() % (sizeof(ops) / sizeof(ops[0]))];
   bool cmp = !strcmp(op, "cmp");
   unsigned nsrc = !strcmp(op, "mov") || !strcmp(op, "not") ? 1 : 2;
   const char *cmod = cmods[cmp ? 1 + next_random() % 6 : next_random() % 7];
   const char *dt = dst_types[next_random() % 4];
   /* 8 and 16 channels take the handlers built for their width; 1 and
    * 4 the one for any width. */
   static const unsigned widths[] = { 8, 16, 8, 16, 4, 1 };
   unsigned n = widths[next_random() % 6];
   static const char *const nibbles[] = { "1N", "2N", "3N", "4N" };
   const char *qtr = n == 16 ? "1H" : n == 8 ? (next_random() % 2 ? "2Q" : "1Q")
                                            : nibbles[next_random() % 4];
   const char *pred = preds[next_random() % 4];
   const char *we = next_random() % 8 ? "" : " WE_all";
   char s0[48], s1[48], dst[48], flag[16] = "";
   source(s0, sizeof(s0), 20 + next_random() % 8 * 4, nsrc == 1);
   source(s1, sizeof(s1), 50 + next_random() % 8 * 4, true);
   /* A float source or destination, now and then, takes the general path
    * in both runs: the comparison then checks the harness itself. */
   if (next_random() % 16 == 0)
      dt = dst_types[4];
   unsigned dreg = 80 + next_random() % 8 * 2;
   if (cmp && next_random() % 2)
      snprintf(dst, sizeof(dst), "null<1>%s", dt);
   else if (dt[strlen(dt) - 1] == 'W' && next_random() % 2)
      snprintf(dst, sizeof(dst), "g%u.1<2>%s", dreg, dt);
   else
      snprintf(dst, sizeof(dst), "g%u<1>%s", dreg, dt);
   if (*cmod)
      snprintf(flag, sizeof(flag), ".f%u.%u", next_random() % 2, next_random() % 2);
   if (nsrc == 1)
      snprintf(text, size, "%s%s%s%s(%u) %s %s { align1%s %s };\n" RIG_EOT,
               pred, op, cmod, flag, n, dst, s0, we, qtr);
   else
      snprintf(text, size, "%s%s%s%s(%u) %s %s %s { align1%s %s };\n" RIG_EOT,
               pred, op, cmod, flag, n, dst, s0, s1, we, qtr);
}

/* A single-precision source: a register region or scalar, or (imm) an
 * immediate, with a random source modifier. */
static void
float_source(char *buf, size_t size, unsigned reg, bool imm)
{
   static const char *const mods[] = { "", "", "-", "(abs)", "-(abs)" };
   const char *mod = mods[next_random() % 5];
   switch (next_random() % (imm ? 3 : 2)) {
   case 0: snprintf(buf, size, "%sg%u<8,8,1>F", mod, reg); break;
   case 1: snprintf(buf, size, "%sg%u.%u<0,1,0>F", mod, reg, next_random() % 8); break;
   default:
      snprintf(buf, size, "0x%08xF", next_random() % 2 ? next_random()
               : special_floats[next_random() % (sizeof(special_floats) / 4)]);
      break;
   }
}

/* add, mul, mov, sel, cmp and (align1 three-source from Gen11) mad on
 * F operands; saturated ones and predicated sels take the general path
 * both ways. */
static void
random_float_instruction(enum isa_gen gen, char *text, size_t size)
{
   static const char *const ops_f[] = { "add", "mul", "mov", "sel", "cmp", "mad" };
   static const char *const cmods_f[] = { "", ".z", ".nz", ".g", ".ge", ".l", ".le", ".o", ".u" };
   const char *op = ops_f[next_random() % (gen >= ISA_GEN11 ? 6 : 5)];
   const char *cmod = cmods_f[next_random() % 9];
   if (!strcmp(op, "sel"))
      cmod = cmods_f[3 + next_random() % 4];
   else if (!strcmp(op, "cmp") && !*cmod)
      cmod = ".u";
   unsigned n = next_random() % 2 ? 16 : 8;
   const char *qtr = n == 16 ? "1H" : next_random() % 2 ? "2Q" : "1Q";
   const char *sat = !strcmp(op, "add") && next_random() % 8 == 0 ? ".sat" : "";
   char s0[48], s1[48], s2[48], flag[16] = "";
   float_source(s0, sizeof(s0), 20 + next_random() % 8 * 4, false);
   float_source(s1, sizeof(s1), 50 + next_random() % 8 * 4, strcmp(op, "mad") != 0);
   snprintf(s2, sizeof(s2), "g%u<1,1,1>F", 60 + next_random() % 8 * 4);
   if (*cmod)
      snprintf(flag, sizeof(flag), ".f%u.%u", next_random() % 2, next_random() % 2);
   unsigned dreg = 80 + next_random() % 8 * 2;
   if (!strcmp(op, "mov"))
      snprintf(text, size, "mov%s%s%s(%u) g%u<1>F %s { align1 %s };\n" RIG_EOT,
               sat, cmod, flag, n, dreg, s0, qtr);
   else if (!strcmp(op, "mad"))
      snprintf(text, size, "mad%s%s(%u) g%u<1>F %s %s %s { align1 %s };\n" RIG_EOT,
               cmod, flag, n, dreg, s0, s1, s2, qtr);
   else
      snprintf(text, size, "%s%s%s%s(%u) g%u<1>%s %s %s { align1 %s };\n" RIG_EOT,
               op, sat, cmod, flag, n, dreg, !strcmp(op, "cmp") && next_random() % 2 ? "D" : "F",
               s0, s1, qtr);
}

static void
test_gen(enum isa_gen gen, unsigned cases)
{
   struct eu_rig *r = rig_create(gen);
   char text[512];
   for (unsigned i = 0; i < cases; i++) {
      if (i % 3 == 2)
         random_float_instruction(gen, text, sizeof(text));
      else
         random_instruction(text, sizeof(text));
      uint32_t dispatch = next_random() & 0xffff;
      compare_ways(r, text, dispatch ? dispatch : 1);
   }
   rig_destroy(r);
}

int
main(void)
{
   static const enum isa_gen gens[] = { ISA_GEN7, ISA_GEN75, ISA_GEN8, ISA_GEN9, ISA_GEN11 };
   for (unsigned g = 0; g < sizeof(gens) / sizeof(gens[0]); g++)
      test_gen(gens[g], 4500);
   if (rig_failures) {
      fprintf(stderr, "test_eu_fast: %d failures\n", rig_failures);
      return 1;
   }
   printf("test_eu_fast: all checks passed\n");
   return 0;
}

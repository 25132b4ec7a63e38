/* Differential test of the Gen back end: a compute shader compiled by
 * src/compiler for every generation and SIMD width, run on vgpu's EU
 * interpreter, against the IR reference interpreter on the same inputs.
 *
 * The shader interface and the comparison are the IR differential
 * corpus's (tests/ir/ir_corpus_io.h): integers exactly, floats within the
 * ULP bound given, the one tests/ir justifies for lavapipe.  The
 * reference is the IR interpreter, or with --ref lavapipe the shader run
 * by lavapipe through the Vulkan loader (for what the interpreter does
 * not run: subgroup operations at the widths lavapipe has, images).
 *
 * A shader that uses subgroups computes something else at each width:
 * the interpreter then runs it in subgroups of the kernel's width
 * (ir_interp.h); with --ref lavapipe, the kernels of lavapipe's own
 * subgroup size are compared with lavapipe and the others with the
 * interpreter.
 *
 * The threads get the payload a driver gives them (src/compiler/gbe.h):
 * R0 with the workgroup id, the push constants and system values as
 * cross-thread constants, and gbe_cs_fill_per_thread()'s local ids.
 *
 *   gbe_diff shader.spv ulp gx gy gz [--spill-all] [--checks] [--ref lavapipe] [GEN...]
 *
 * --spill-all compiles with every value in scratch memory (the register
 * allocator's spill code on every instruction); --checks turns on vgpu's
 * kernel checks (undefined reads, Gen12 scoreboard, register regions).
 *
 * Prints per generation and width whether it compiled, ran and matched;
 * fails on any kernel that compiled and then faulted or differed.  A
 * shader no kernel of which compiles is a skip, with the reasons. */
#include "gbe.h"
#include "gbe_eu_dispatch.h"
#include "ir_corpus_io.h"
#include "ir_pass.h"
#include "ir_test_util.h"
#include "spirv.h"
#include "vgpu_eu.h"
#define MEM_BASE 0x10000000ull
#define BUF_STRIDE 0x100000u
/* scratch space after the buffers: General State Base Address points
 * there, each thread's slot is R0.5 (PRM "GPGPU R0 header") */
#define SCRATCH_AT ((uint64_t)NUM_BINDINGS * BUF_STRIDE)
#define SCRATCH_BYTES (64u * 64 * 1024)
#define MEM_BYTES (SCRATCH_AT + SCRATCH_BYTES)

static struct ir_shader *
load_shader(const uint32_t *code, size_t words)
{
   char err[512];
   struct ir_shader *s = spirv_to_ir(code, words, NULL, err, sizeof(err));
   if (!s) {
      fprintf(stderr, "%s\n", err);
      return NULL;
   }
   struct ir_pass_options po = { .validate = true };
   if (!ir_validate(s, stderr) || !ir_optimize(s, &po)) {
      ir_shader_destroy(s);
      return NULL;
   }
   return s;
}

/* ---- the kernel on vgpu's EU ---- */

struct machine {
   uint8_t *mem;                       /* NUM_BINDINGS buffers, BUF_STRIDE apart */
   const struct gbe_kernel *k;
};

static void *
m_map(void *user, uint64_t addr, uint64_t len)
{
   struct machine *m = user;
   if (addr < MEM_BASE || addr - MEM_BASE > MEM_BYTES || len > MEM_BYTES - (addr - MEM_BASE))
      return NULL;
   return m->mem + (addr - MEM_BASE);
}

static bool
m_surface(void *user, unsigned bti, struct vgpu_eu_surface *out)
{
   struct machine *m = user;
   uint32_t element;
   const struct gbe_binding *gb = gbe_binding_at(m->k, bti, &element);
   if (!gb || gb->set != 0 || gb->binding >= NUM_BINDINGS || element)
      return false;
   unsigned b = gb->binding;
   /* a RAW buffer (SURFTYPE_BUFFER, format RAW) as a driver binds SSBOs */
   *out = (struct vgpu_eu_surface){
      .base = MEM_BASE + (uint64_t)b * BUF_STRIDE, .size = binding_size[b], .buffer = true,
      .format = 0x1ff, .pitch = 1, .entries = binding_size[b], .type = VGPU_EU_SURF_BUFFER,
   };
   return true;
}

static unsigned eu_checks;   /* VGPU_EU_CHECK_* for every run (--checks) */

static const char *
run_kernel(const struct gbe_kernel *k, const uint32_t groups[3], const struct inputs *in,
           uint32_t **out)
{
   struct machine m = { .k = k };
   m.mem = calloc(1, MEM_BYTES);
   if (!m.mem)
      return "out of memory";
   for (int b = 0; b < NUM_BINDINGS; b++)
      memcpy(m.mem + b * BUF_STRIDE, in->buf[b], binding_size[b]);
   static struct gbe_eu_dispatch d;
   d = (struct gbe_eu_dispatch){
      .k = k, .push = in->push, .push_size = PUSH_BYTES,
      .groups = { groups[0], groups[1], groups[2] },
      .scratch_base = MEM_BASE + SCRATCH_AT, .scratch_bytes = SCRATCH_BYTES,
      .env = { .user = &m, .map = m_map, .surface = m_surface, .checks = eu_checks },
   };
   const char *why = gbe_eu_dispatch_run(&d);
   for (int b = 0; b < NUM_BINDINGS && !why; b++) {
      out[b] = malloc(binding_size[b]);
      memcpy(out[b], m.mem + b * BUF_STRIDE, binding_size[b]);
   }
   free(m.mem);
   return why;
}

static void
free_bufs(uint32_t **b)
{
   for (int i = 0; i < NUM_BINDINGS; i++)
      free(b[i]);
}

static const enum isa_gen all_gens[] = { ISA_GEN7, ISA_GEN75, ISA_GEN8, ISA_GEN9, ISA_GEN11,
                                         ISA_GEN12 };

int
main(int argc, char **argv)
{
   if (argc < 6) {
      fprintf(stderr, "usage: %s shader.spv ulp gx gy gz [gen...]\n", argv[0]);
      return 1;
   }
   uint32_t ulp = (uint32_t)atoi(argv[2]);
   uint32_t groups[3];
   for (int i = 0; i < 3; i++)
      groups[i] = (uint32_t)atoi(argv[3 + i]);
   enum isa_gen gens[ISA_GEN_COUNT];
   unsigned ngens = 0;
   bool spill_all = false, ref_lavapipe = false;
   for (int a = 6; a < argc && ngens < ISA_GEN_COUNT; a++) {
      if (!strcmp(argv[a], "--spill-all")) {
         spill_all = true;
         continue;
      }
      if (!strcmp(argv[a], "--checks")) {
         eu_checks = VGPU_EU_CHECK_ALL;
         continue;
      }
      if (!strcmp(argv[a], "--ref") && a + 1 < argc) {
         ref_lavapipe = !strcmp(argv[++a], "lavapipe");
         continue;
      }
      enum isa_gen g = isa_gen_from_verx10((unsigned)atoi(argv[a]));
      if (g != ISA_GEN_COUNT)
         gens[ngens++] = g;
   }
   if (!ngens) {
      memcpy(gens, all_gens, sizeof(all_gens));
      ngens = ISA_GEN_COUNT;
   }
   size_t words;
   uint32_t *code = read_spirv(argv[1], &words);
   struct ir_shader *ref = code ? load_shader(code, words) : NULL;
   if (!ref)
      return 1;
   struct inputs in;
   fill_inputs(&in);
   static const unsigned widths[] = { 8, 16, 32 };
   bool sg = uses_subgroups(ref);
   uint32_t lvp_sg = 0;
   uint32_t *want[NUM_BINDINGS] = { NULL }, *sg_want[3][NUM_BINDINGS] = { { NULL } };
   if (ref_lavapipe) {
      int r = run_lavapipe(code, words, groups, &in, want);
      if (r == SKIP)
         printf("SKIP: lavapipe is not available\n");
      if (r)
         return r;
      lvp_sg = sg ? lavapipe_subgroup_size() : 0;
   } else if (!sg && !run_interp(ref, groups, &in, want, 0)) {
      return 1;
   }
   for (unsigned wi = 0; wi < 3 && sg; wi++) {
      if (ref_lavapipe && widths[wi] == lvp_sg) {
         memcpy(sg_want[wi], want, sizeof(want));
      } else if (!run_interp(ref, groups, &in, sg_want[wi], widths[wi])) {
         free_bufs(sg_want[wi]);
         memset(sg_want[wi], 0, sizeof(sg_want[wi]));
      }
   }
   unsigned compiled = 0, matched = 0, failed = 0, attempts = 0;
   for (unsigned gi = 0; gi < ngens; gi++) {
      for (unsigned wi = 0; wi < 3; wi++) {
         struct ir_shader *s = load_shader(code, words);
         if (!s)
            return 1;
         struct gbe_options opt = { .gen = gens[gi], .simd = widths[wi], .spill_all = spill_all };
         struct gbe_kernel k;
         char err[512];
         attempts++;
         bool ok = gbe_compile(s, &opt, &k, err, sizeof(err));
         ir_shader_destroy(s);
         const char *gname = isa_gen_name(gens[gi]);
         if (!ok) {
            printf("%s SIMD%u: not compiled: %s\n", gname, widths[wi], err);
            continue;
         }
         compiled++;
         uint32_t *got[NUM_BINDINGS] = { NULL };
         const char *why = run_kernel(&k, groups, &in, got);
         char what[64];
         snprintf(what, sizeof(what), "%s SIMD%u", gname, widths[wi]);
         uint32_t **ref_bufs = sg ? sg_want[wi] : want;
         bool vs_lavapipe = ref_lavapipe && (!sg || widths[wi] == lvp_sg);
         if (!ref_bufs[B_OUT]) {
            printf("%s: compiled, no reference: the interpreter failed at this width\n", what);
            failed++;
         } else if (why) {
            printf("%s: compiled, did not run: %s\n", what, why);
            failed++;
         } else if (compare(what, ref_bufs, got, ulp)) {
            printf("%s: compiled, ran, differs from %s\n", what,
                   vs_lavapipe ? "lavapipe" : "the interpreter");
            failed++;
         } else {
            char stats[160];
            gbe_stats_line(&k, stats, sizeof(stats));
            printf("%s: compiled, ran, matched%s (%s)\n", what, vs_lavapipe ? " lavapipe" : "",
                   stats);
            matched++;
         }
         free_bufs(got);
         gbe_kernel_finish(&k);
      }
   }
   printf("%s: %u/%u compiled, %u matched, %u failed\n", argv[1], compiled, attempts, matched,
          failed);
   for (unsigned wi = 0; wi < 3 && sg; wi++) {
      if (sg_want[wi][B_OUT] != want[B_OUT])
         free_bufs(sg_want[wi]);
   }
   free_bufs(want);
   for (int b = 0; b < NUM_BINDINGS; b++)
      free(in.buf[b]);
   ir_shader_destroy(ref);
   free(code);
   if (failed)
      return 1;
   if (!compiled) {
      printf("SKIP: no kernel of this shader compiles yet (reasons above)\n");
      return SKIP;
   }
   return 0;
}

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
 * The threads get the payload a driver gives them (src/compiler/gbe.h):
 * R0 with the workgroup id, the push constants and system values as
 * cross-thread constants, and gbe_cs_fill_per_thread()'s local ids.
 *
 *   gbe_diff shader.spv ulp gx gy gz [--spill-all] [--ref lavapipe] [GEN...]
 *
 * --spill-all compiles with every value in scratch memory (the register
 * allocator's spill code on every instruction).
 *
 * Prints per generation and width whether it compiled, ran and matched;
 * fails on any kernel that compiled and then faulted or differed.  A
 * shader no kernel of which compiles is a skip, with the reasons. */
#include "gbe.h"
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
   uint8_t *slm;
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
   if (bti >= m->k->num_bindings)
      return false;
   unsigned b = m->k->bindings[bti].binding;
   if (m->k->bindings[bti].set != 0 || b >= NUM_BINDINGS)
      return false;
   /* a RAW buffer (SURFTYPE_BUFFER, format RAW) as a driver binds SSBOs */
   *out = (struct vgpu_eu_surface){
      .base = MEM_BASE + (uint64_t)b * BUF_STRIDE, .size = binding_size[b], .buffer = true,
      .format = 0x1ff, .pitch = 1, .entries = binding_size[b], .type = VGPU_EU_SURF_BUFFER,
   };
   return true;
}

static void
thread_payload(const struct gbe_kernel *k, struct vgpu_eu_thread *t, const uint32_t gid[3],
               const uint32_t groups[3], const struct inputs *in, unsigned thread)
{
   uint32_t r0[8] = { 0 };
   r0[1] = gid[0];
   r0[6] = gid[1];
   r0[7] = gid[2];
   r0[5] = thread * k->scratch_per_thread;
   memcpy(t->regs, r0, sizeof(r0));
   uint8_t *cross = &t->regs[32];
   memcpy(cross, in->push, k->cs.push_bytes < PUSH_BYTES ? k->cs.push_bytes : PUSH_BYTES);
   uint32_t nwg = k->cs.sysval_offset[GBE_CS_NUM_WORKGROUPS];
   if (nwg != UINT32_MAX)
      memcpy(cross + nwg, groups, 12);
   gbe_cs_fill_per_thread(k, thread, &t->regs[32 * (1 + k->cs.cross_thread_regs)]);
}

/* Runs one workgroup's threads round-robin; a barrier releases once
 * every thread still running waits at one (vgpu_gpgpu.c does the same). */
static const char *
run_group(const struct vgpu_eu_env *env, struct vgpu_eu_kernel *vk, struct vgpu_eu_thread *th,
          unsigned n)
{
   bool done[64] = { false };
   unsigned remaining = n;
   while (remaining) {
      for (unsigned i = 0; i < n; i++) {
         if (done[i])
            continue;
         enum vgpu_eu_status st = vgpu_eu_run(env, vk, &th[i]);
         if (st == VGPU_EU_DONE) {
            done[i] = true;
            remaining--;
         } else if (st != VGPU_EU_BLOCKED) {
            return th[i].why ? th[i].why : "fault";
         }
      }
      for (unsigned i = 0; i < n; i++)
         th[i].notified = true;
   }
   return NULL;
}

static const char *
run_kernel(const struct gbe_kernel *k, const uint32_t groups[3], const struct inputs *in,
           uint32_t **out)
{
   struct machine m = { .k = k };
   m.mem = calloc(1, MEM_BYTES);
   unsigned n = k->cs.threads;
   struct vgpu_eu_thread *th = aligned_alloc(64, sizeof(*th) * (n ? n : 1));
   struct vgpu_eu_cache *cache = vgpu_eu_cache_create();
   m.slm = calloc(1, k->slm_size ? k->slm_size : 1);
   const char *why = NULL;
   if (!m.mem || !th || !cache || !m.slm || n > 64 ||
       (uint64_t)k->scratch_per_thread * n > SCRATCH_BYTES) {
      why = n > 64 ? "more than 64 threads per group" : k->scratch_per_thread ?
            "more scratch than the test provides" : "out of memory";
      goto out;
   }
   for (int b = 0; b < NUM_BINDINGS; b++)
      memcpy(m.mem + b * BUF_STRIDE, in->buf[b], binding_size[b]);
   struct vgpu_eu_env env = {
      .gen = k->gen, .user = &m, .map = m_map, .surface = m_surface,
      .slm = m.slm, .slm_size = k->slm_size, .max_instructions = 1u << 24,
      .general_state_base = MEM_BASE + SCRATCH_AT, .scratch_per_thread = k->scratch_per_thread,
   };
   struct vgpu_eu_kernel *vk = vgpu_eu_kernel_get(cache, k->gen, 0x1000, k->code, k->code_size);
   if (!vk) {
      why = "kernel did not load";
      goto out;
   }
   uint32_t full = k->simd == 32 ? ~0u : (1u << k->simd) - 1;
   uint32_t gid[3];
   for (gid[2] = 0; gid[2] < groups[2] && !why; gid[2]++)
   for (gid[1] = 0; gid[1] < groups[1] && !why; gid[1]++)
   for (gid[0] = 0; gid[0] < groups[0] && !why; gid[0]++) {
      memset(m.slm, 0, k->slm_size);
      for (unsigned i = 0; i < n; i++) {
         vgpu_eu_thread_init(&th[i], i == n - 1 ? k->cs.right_mask : full);
         thread_payload(k, &th[i], gid, groups, in, i);
      }
      why = run_group(&env, vk, th, n);
   }
   for (int b = 0; b < NUM_BINDINGS; b++) {
      out[b] = malloc(binding_size[b]);
      memcpy(out[b], m.mem + b * BUF_STRIDE, binding_size[b]);
   }
out:
   if (cache)
      vgpu_eu_cache_destroy(cache);
   free(th);
   free(m.mem);
   free(m.slm);
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
   uint32_t *want[NUM_BINDINGS];
   if (ref_lavapipe) {
      int r = run_lavapipe(code, words, groups, &in, want);
      if (r == SKIP)
         printf("SKIP: lavapipe is not available\n");
      if (r)
         return r;
   } else if (!run_interp(ref, groups, &in, want)) {
      return 1;
   }
   unsigned compiled = 0, matched = 0, failed = 0, attempts = 0;
   for (unsigned gi = 0; gi < ngens; gi++) {
      static const unsigned widths[] = { 8, 16, 32 };
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
         if (why) {
            printf("%s: compiled, did not run: %s\n", what, why);
            failed++;
         } else if (compare(what, want, got, ulp)) {
            printf("%s: compiled, ran, differs from the interpreter\n", what);
            failed++;
         } else {
            char stats[160];
            gbe_stats_line(&k, stats, sizeof(stats));
            printf("%s: compiled, ran, matched (%s)\n", what, stats);
            matched++;
         }
         free_bufs(got);
         gbe_kernel_finish(&k);
      }
   }
   printf("%s: %u/%u compiled, %u matched, %u failed\n", argv[1], compiled, attempts, matched,
          failed);
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

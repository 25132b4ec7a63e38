/* The hardware-rule checker: each rule is broken on purpose by a
 * hand-written batch and must be reported (the log line names the rule)
 * and, with VGPU_RULES=error, cost the context; the compliant sequence
 * must pass.  Command encodings are the test's own (PRM Vol. 2a). */
#include <stdarg.h>

#include "uapi_test.h"

#define BATCH_ADDR 0x100000ull

static int fd, gen, verx10;

#define GFX(op16, len) (((uint32_t)(op16) << 16) | ((len) - 2))
#define PIPE_CONTROL_LEN(g) ((g) >= 8 ? 6 : 5)
#define PC_CS_STALL (1u << 20)
#define PC_DC_FLUSH (1u << 5)
#define PC_STALL_AT_SCOREBOARD (1u << 1)
#define PC_FLUSHES ((1u << 12) | (1u << 0) | PC_DC_FLUSH)       /* RT, depth, DC */
#define PC_INVALIDATES ((1u << 10) | (1u << 3) | (1u << 2) | (1u << 11))

static uint32_t *
emit_cmd(uint32_t *p, uint16_t op, unsigned len, uint32_t dw1)
{
   *p++ = GFX(op, len);
   *p++ = dw1;
   for (unsigned i = 2; i < len; i++)
      *p++ = 0;
   return p;
}

static uint32_t *
emit_pipe_control(uint32_t *p, uint32_t bits)
{
   return emit_cmd(p, 0x7a00, PIPE_CONTROL_LEN(gen), bits);
}

/* Dwords of the batch that hold addresses inside the batch object, and
 * the offsets they point at: on Gen7 the kernel places the batch, so they
 * are relocated. */
static unsigned self_relocs[8], self_reloc_deltas[8], num_self_relocs;

/* The batch object's address of byte `offset` at dw (relocated on Gen7). */
static void
self_address(const uint32_t *cmds, uint32_t *dw, uint32_t offset)
{
   self_relocs[num_self_relocs] = (unsigned)(dw - cmds);
   self_reloc_deltas[num_self_relocs++] = offset;
   emit_addr(dw, gen, BATCH_ADDR + offset);
}

/* A PIPE_CONTROL with a depth stall and a post-sync immediate write into
 * the batch object's second half. */
static uint32_t *
emit_depth_stall_write(uint32_t *cmds, uint32_t *p)
{
   uint32_t *pc = emit_pipe_control(p, (1u << 13) | (1u << 14));
   self_address(cmds, p + 2, 0x800);
   return pc;
}

/* Runs the batch on a fresh context; returns the log vgpu wrote and
 * whether the context survived. */
static bool
run(const uint32_t *cmds, size_t ndw, char *log, size_t log_size)
{
   struct drm_i915_gem_context_create_ext cc = { 0 };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &cc), 0);
   uint32_t bo = bo_create(fd, 4096);
   uint32_t *b = bo_map(fd, bo, 4096);
   memcpy(b, cmds, ndw * 4);
   b[ndw] = MI_BATCH_BUFFER_END;

   struct drm_i915_gem_relocation_entry relocs[8];
   struct drm_i915_gem_exec_object2 obj = { .handle = bo };
   if (gen >= 8) {
      obj.offset = BATCH_ADDR;
      obj.flags = EXEC_OBJECT_PINNED;
   } else {
      for (unsigned i = 0; i < num_self_relocs; i++)
         relocs[i] = (struct drm_i915_gem_relocation_entry){
            .offset = self_relocs[i] * 4, .delta = self_reloc_deltas[i],
            .read_domains = I915_GEM_DOMAIN_INSTRUCTION,
            .write_domain = I915_GEM_DOMAIN_INSTRUCTION };
      obj.relocs_ptr = (uintptr_t)relocs;
      obj.relocation_count = num_self_relocs;
   }
   num_self_relocs = 0;
   /* Capture vgpu's log line through a pipe in place of stderr. */
   int pipefd[2], saved = dup(2);
   if (pipe(pipefd) != 0)
      exit(1);
   dup2(pipefd[1], 2);
   CHECK_ERR(submit(fd, &obj, 1, cc.ctx_id, gen >= 8 ? 0 : I915_EXEC_HANDLE_LUT), 0);
   dup2(saved, 2);
   close(saved);
   close(pipefd[1]);
   ssize_t n = read(pipefd[0], log, log_size - 1);
   log[n > 0 ? n : 0] = '\0';
   close(pipefd[0]);

   struct drm_i915_reset_stats rs = { .ctx_id = cc.ctx_id };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GET_RESET_STATS, &rs), 0);
   munmap(b, 4096);
   bo_close(fd, bo);
   return rs.batch_active == 0;
}

static void
expect(const char *what, const uint32_t *cmds, uint32_t *end, const char *rule)
{
   char log[2048];
   bool survived = run(cmds, (size_t)(end - cmds), log, sizeof(log));
   if (rule) {
      CHECK(!survived, "%s: context survived a violation", what);
      CHECK(strstr(log, rule) != NULL, "%s: log does not name %s: '%s'", what, rule, log);
   } else {
      CHECK(survived, "%s: compliant batch lost the context: %s", what, log);
      /* vgpu may say once that it does not draw ("not modelled"); no
       * rule may be named. */
      CHECK(!strstr(log, "hardware rule"), "%s: unexpected log: %s", what, log);
   }
}

static void
test_push_constant_realloc(void)
{
   uint32_t cmds[64], *p;
   const unsigned constant_len = gen >= 8 ? 11 : 7;

   const uint32_t alloc_8kb = 8;                    /* Constant Buffer Size */

   p = emit_cmd(cmds, 0x7912, 2, alloc_8kb);        /* PUSH_CONSTANT_ALLOC_VS */
   p = emit_cmd(p, 0x7b00, 7, 0);                   /* 3DPRIMITIVE */
   expect("alloc then draw", cmds, p, "push-constant-realloc");

   p = emit_cmd(cmds, 0x7912, 2, alloc_8kb);
   p = emit_cmd(p, 0x7815, constant_len, 0);        /* 3DSTATE_CONSTANT_VS */
   p = emit_cmd(p, 0x7b00, 7, 0);
   expect("alloc, constants, draw", cmds, p, NULL);

   /* Transform feedback without rendering runs no pixel shader: its
    * constants may wait, until a draw that renders. */
   p = emit_cmd(cmds, 0x7916, 2, alloc_8kb);        /* PUSH_CONSTANT_ALLOC_PS */
   p = emit_cmd(p, 0x781e, gen >= 8 ? 5 : 3, 3u << 30); /* STREAMOUT, rendering off */
   p = emit_cmd(p, 0x7b00, 7, 0);
   expect("PS constants stale while rendering is disabled", cmds, p, NULL);
   p = emit_cmd(p, 0x781e, gen >= 8 ? 5 : 3, 0);    /* rendering on again */
   p = emit_cmd(p, 0x7b00, 7, 0);
   expect("PS constants stale once rendering is enabled", cmds, p, "push-constant-realloc");

   /* Every stage: HS, DS, GS and PS, each alone (VS above). */
   static const uint16_t alloc_ops[] = { 0x7913, 0x7914, 0x7915, 0x7916 };
   static const uint16_t constant_ops[] = { 0x7819, 0x781a, 0x7816, 0x7817 };
   static const char *const stage_reports[] = {
      "3DSTATE_CONSTANT_HS not re-sent", "3DSTATE_CONSTANT_DS not re-sent",
      "3DSTATE_CONSTANT_GS not re-sent", "3DSTATE_CONSTANT_PS not re-sent",
   };
   char log[2048];
   for (unsigned i = 0; i < 4; i++) {
      p = emit_cmd(cmds, alloc_ops[i], 2, alloc_8kb);
      p = emit_cmd(p, 0x7b00, 7, 0);
      CHECK(!run(cmds, (size_t)(p - cmds), log, sizeof(log)) &&
            strstr(log, "push-constant-realloc") && strstr(log, stage_reports[i]),
            "alloc %s then draw: '%s'", stage_reports[i], log);
      p = emit_cmd(cmds, alloc_ops[i], 2, alloc_8kb);
      p = emit_cmd(p, constant_ops[i], constant_len, 0);
      p = emit_cmd(p, 0x7b00, 7, 0);
      expect("alloc, that stage's constants, draw", cmds, p, NULL);
   }

   /* A stage given no space has nothing to reprogram. */
   p = emit_cmd(cmds, 0x7913, 2, 0);                /* PUSH_CONSTANT_ALLOC_HS, 0 KB */
   p = emit_cmd(p, 0x7b00, 7, 0);
   expect("zero-size alloc, draw", cmds, p, NULL);

   if (gen >= 12) {
      /* 3DSTATE_CONSTANT_ALL re-sends the stages of its update mask. */
      p = emit_cmd(cmds, 0x7912, 2, alloc_8kb);
      p = emit_cmd(p, 0x7916, 2, alloc_8kb);        /* PUSH_CONSTANT_ALLOC_PS */
      *p++ = (0x786du << 16) | (1u << 8) | 0;       /* CONSTANT_ALL, VS only */
      *p++ = 0;
      p = emit_cmd(p, 0x7b00, 7, 0);
      expect("CONSTANT_ALL for VS only", cmds, p, "push-constant-realloc");

      p = emit_cmd(cmds, 0x7912, 2, alloc_8kb);
      p = emit_cmd(p, 0x7916, 2, 8u << 16 | alloc_8kb); /* PS after VS */
      *p++ = (0x786du << 16) | (0x11u << 8) | 0;    /* VS and PS */
      *p++ = 0;
      p = emit_cmd(p, 0x7b00, 7, 0);
      expect("CONSTANT_ALL for VS and PS", cmds, p, NULL);
   }
}

static uint32_t *
emit_walker(uint32_t *p, unsigned simd, uint32_t right, uint32_t bottom)
{
   const unsigned len = gen >= 8 ? 15 : 11, simd_dw = gen >= 8 ? 4 : 2;
   uint32_t *w = emit_cmd(p, 0x7105, len, 0);       /* GPGPU_WALKER */
   p[simd_dw] = simd << 30;
   p[len - 2] = right;
   p[len - 1] = bottom;
   return w;
}

static void
test_vfe_state_stall(void)
{
   uint32_t cmds[96], *p;
   const unsigned vfe_len = gen >= 8 ? 9 : 8;

   p = emit_walker(cmds, 0, 0xff, 0xff);
   p = emit_cmd(p, 0x7000, vfe_len, 0x1000);        /* MEDIA_VFE_STATE */
   p = emit_walker(p, 0, 0xff, 0xff);
   expect("VFE state after work, used", cmds, p, "vfe-state-stall");

   /* Mesa's Gen9 workaround: a VFE state no walker uses, then 3D. */
   p = emit_walker(cmds, 0, 0xff, 0xff);
   p = emit_cmd(p, 0x7000, vfe_len, 0x1000);
   *p++ = gen >= 9 ? 0x69040300 : 0x69040000;       /* PIPELINE_SELECT 3D */
   expect("VFE state after work, then 3D", cmds, p, gen == 9 ? NULL : "vfe-state-stall");

   p = emit_walker(cmds, 0, 0xff, 0xff);
   p = emit_pipe_control(p, PC_CS_STALL | PC_STALL_AT_SCOREBOARD);
   p = emit_cmd(p, 0x7000, vfe_len, 0x1000);
   p = emit_walker(p, 0, 0xff, 0xff);
   p = emit_cmd(p, 0x7000, vfe_len, 0x1000);        /* unchanged: no stall needed */
   expect("stall, VFE state, work, same VFE state", cmds, p, NULL);
}

static void
test_pipeline_select_flush(void)
{
   if (gen < 9)
      return;
   uint32_t cmds[64], *p = cmds;
   const uint32_t select_3d = 0x69040300, select_gpgpu = 0x69040302;

   *p++ = select_3d;
   p = emit_cmd(p, 0x7b00, 7, 0);
   *p++ = select_gpgpu;
   expect("switch without flushes", cmds, p, "pipeline-select-flush");

   p = cmds;
   *p++ = select_3d;
   p = emit_cmd(p, 0x7b00, 7, 0);
   p = emit_pipe_control(p, PC_CS_STALL | PC_FLUSHES);
   *p++ = select_gpgpu;
   expect("switch without invalidation", cmds, p, "pipeline-select-flush");

   p = cmds;
   *p++ = select_3d;
   p = emit_cmd(p, 0x7b00, 7, 0);
   p = emit_pipe_control(p, PC_CS_STALL | PC_FLUSHES);
   p = emit_pipe_control(p, PC_INVALIDATES);
   *p++ = select_gpgpu;
   expect("flush, invalidate, switch", cmds, p, NULL);

   /* Leaving GPGPU: Gen12 forbids RT and depth flushes in GPGPU mode, so
    * the HDC pipeline flush (DW0 bit 9) with a stall is the write flush;
    * earlier generations still need all three. */
   p = cmds;
   *p++ = select_gpgpu;
   p = emit_walker(p, 0, 0xff, 0xff);
   uint32_t *pc = p;
   p = emit_pipe_control(p, PC_CS_STALL | (gen >= 12 ? 0 : PC_DC_FLUSH));
   if (gen >= 12)
      *pc |= 1u << 9;
   p = emit_pipe_control(p, PC_INVALIDATES);
   *p++ = select_3d;
   expect("data flush only, leaving GPGPU", cmds, p, gen >= 12 ? NULL : "pipeline-select-flush");
}

/* The rule is checked before the store runs, so where it stores does not
 * matter here (on Gen7 the batch is relocated to an address the test does
 * not know; a store that faults is reported as a fault, not as this rule). */
static void
test_gen7_3dprim_register_read(void)
{
   uint32_t cmds[64], *p;
   const uint32_t srm = MI_STORE_REGISTER_MEM | (gen >= 8 ? 2 : 1);
   char log[2048];

   p = emit_cmd(cmds, 0x7b00, 7, 0);                /* 3DPRIMITIVE */
   *p++ = srm;
   *p++ = 0x2430;                                   /* 3DPRIM_START_VERTEX */
   p = emit_addr(p, gen, BATCH_ADDR + 0x800);
   if (gen >= 8) {
      expect("SRM of 3DPRIM on Gen8+", cmds, p, NULL);
      return;
   }
   expect("SRM of 3DPRIM while rendering", cmds, p, "gen7-3dprim-register-read");

   p = emit_cmd(cmds, 0x7b00, 7, 0);
   p = emit_pipe_control(p, PC_CS_STALL | PC_STALL_AT_SCOREBOARD);
   *p++ = srm;
   *p++ = 0x2430;
   p = emit_addr(p, gen, BATCH_ADDR + 0x800);
   run(cmds, (size_t)(p - cmds), log, sizeof(log));
   CHECK(strstr(log, "gen7-3dprim-register-read") == NULL,
         "stalled SRM of 3DPRIM reported: %s", log);

   /* Haswell's MI_LOAD_REGISTER_REG reads its source register the same
    * way (Ivy Bridge has no such command). */
   if (verx10 != 75)
      return;
   const uint32_t lrr = (0x2au << 23) | 1;
   p = emit_cmd(cmds, 0x7b00, 7, 0);
   *p++ = lrr;
   *p++ = 0x2430;                                   /* from 3DPRIM_START_VERTEX */
   *p++ = 0x2600;                                   /* to CS_GPR0 */
   expect("LRR from 3DPRIM while rendering", cmds, p, "gen7-3dprim-register-read");
   p = emit_cmd(cmds, 0x7b00, 7, 0);
   p = emit_pipe_control(p, PC_CS_STALL | PC_STALL_AT_SCOREBOARD);
   *p++ = lrr;
   *p++ = 0x2430;
   *p++ = 0x2600;
   expect("LRR from 3DPRIM after a CS stall", cmds, p, NULL);
   p = emit_cmd(cmds, 0x7b00, 7, 0);
   *p++ = lrr;
   *p++ = 0x2608;                                   /* from CS_GPR1: not 3D state */
   *p++ = 0x2600;
   expect("LRR between GPRs while rendering", cmds, p, NULL);
}

static void
test_ivb_vs_state_flush(void)
{
   if (verx10 != 70)
      return;
   uint32_t cmds[64], *p;

   p = emit_cmd(cmds, 0x7b00, 7, 0);                /* 3DPRIMITIVE */
   p = emit_cmd(p, 0x7810, 6, 0);                   /* 3DSTATE_VS */
   expect("VS state after a draw", cmds, p, "ivb-vs-state-flush");

   p = emit_cmd(cmds, 0x7b00, 7, 0);
   p = emit_depth_stall_write(cmds, p);
   p = emit_cmd(p, 0x7830, 2, 32);                  /* 3DSTATE_URB_VS, 32 entries */
   p = emit_cmd(p, 0x7831, 2, 0);                   /* 3DSTATE_URB_HS */
   p = emit_cmd(p, 0x7810, 6, 0);                   /* 3DSTATE_VS */
   p = emit_cmd(p, 0x7826, 2, 0);                   /* BINDING_TABLE_POINTERS_VS */
   p = emit_cmd(p, 0x7b00, 7, 0);
   expect("one workaround flush before a group of VS state", cmds, p, NULL);
}

static void
test_walker_execution_masks(void)
{
   uint32_t cmds[64], *p;

   p = emit_walker(cmds, 0, 0x1ff, 0xff);            /* SIMD8, 9 channels */
   expect("SIMD8 walker with a 9-channel mask", cmds, p, "walker-execution-masks");
   p = emit_walker(cmds, 1, 0xffff, 0);
   expect("walker with an empty bottom mask", cmds, p, "walker-execution-masks");
   p = emit_walker(cmds, 1, 0x0fff, 0xffffffff);     /* SIMD16, partial group */
   p = emit_walker(p, 2, 0xffffffff, 0xffffffff);
   expect("consistent walkers", cmds, p, NULL);
}

static void
test_walker_pipeline(void)
{
   uint32_t cmds[64], *p = cmds;
   const uint32_t mask = gen >= 9 ? 0x300 : 0;
   *p++ = 0x69040000 | mask;                          /* PIPELINE_SELECT 3D */
   p = emit_walker(p, 1, 0xffff, 0xffffffff);
   expect("walker with the 3D pipeline selected", cmds, p, "walker-pipeline");

   p = cmds;
   *p++ = 0x69040000 | mask | 2;                      /* PIPELINE_SELECT GPGPU */
   p = emit_walker(p, 1, 0xffff, 0xffffffff);
   expect("walker with GPGPU selected", cmds, p, NULL);
}

/* ---- shared local memory needs an L3 partition (Gen7-9) ---- */

/* PIPELINE_SELECT of the pipeline (0 3D, 2 GPGPU), with the Gen9+
 * flushes. */
static uint32_t *
emit_select(uint32_t *p, uint32_t pipeline)
{
   p = emit_pipe_control(p, PC_CS_STALL | PC_FLUSHES);
   p = emit_pipe_control(p, PC_INVALIDATES);
   *p++ = 0x69040000 | (gen >= 9 ? 0x300 : 0) | pipeline;
   return p;
}

#define IDD_OFFSET 0xc00u
#define KERNEL_OFFSET 0xe00u
#define L3_SLM_ENABLE 1u

/* A thread that ends at once (mov g127 = g0; send EOT to the thread
 * spawner), as src/isa's assembler encodes it (test_budget's EOT). */
static const uint32_t eot_gen7[] = {
   0x00600201, 0x2fe00021, 0x008d0000, 0x00000000,
   0x07800231, 0x20000d28, 0x008d0fe0, 0x82000010,
};
static const uint32_t eot_gen8[] = {
   0x00600001, 0x2fe0020c, 0x008d0000, 0x00000000,
   0x07800031, 0x20001244, 0x068d0fe0, 0x82000010,
};
static const uint32_t eot_gen12[] = {
   0x80030061, 0x7f050220, 0x00460005, 0x00000000,
   0x80030031, 0x00000004, 0x70207f0c, 0x00000000,
};

/* Ivy Bridge/Haswell L3CNTLREG2 (URB 16 ways in low bandwidth, RO 16, DC
 * 16) and Broadwell/Skylake L3CNTLREG (URB 16, ALL 48), SLM Enable in
 * bit 0 (PRM Vol. 2c). */
static uint32_t *
emit_l3_config(uint32_t *p, bool slm)
{
   *p++ = MI_LOAD_REGISTER_IMM;
   *p++ = gen == 7 ? 0xb020 : 0x7034;
   *p++ = (gen == 7 ? 0x020400a0u : 0x60000020u) | (slm ? L3_SLM_ENABLE : 0);
   return p;
}

/* PIPELINE_SELECT GPGPU (with the Gen9+ flushes), one interface
 * descriptor whose kernel ends at once with slm_field in Shared Local
 * Memory Size (DW5 on Gen7, DW6 from Gen8: 4 KB units to Gen8, 1 KB << n
 * from Gen9), and a 1x1x1 SIMD8 walker.  The descriptor and kernel go
 * after the batch's end, at IDD_OFFSET and KERNEL_OFFSET. */
static uint32_t *
emit_slm_dispatch(uint32_t *cmds, uint32_t *p, uint32_t slm_field)
{
   p = emit_select(p, 2);
   uint32_t *idl = p;
   p = emit_cmd(p, 0x7002, 4, 0);                   /* MEDIA_INTERFACE_DESCRIPTOR_LOAD */
   idl[2] = 32;
   self_address(cmds, &idl[3], IDD_OFFSET);
   uint32_t *w = p;
   p = emit_walker(p, 0, 0xff, 0xffffffff);
   w[gen >= 8 ? 7 : 4] = 1;                         /* X, Y, Z dimensions */
   w[gen >= 8 ? 10 : 6] = 1;
   w[gen >= 8 ? 12 : 8] = 1;
   *p++ = MI_BATCH_BUFFER_END;

   uint32_t *idd = &cmds[IDD_OFFSET / 4];
   memset(idd, 0, 32);
   self_address(cmds, &idd[0], KERNEL_OFFSET);      /* Instruction Base 0 */
   if (gen >= 8)
      idd[1] = 0;                                   /* kernel address, high */
   idd[gen >= 8 ? 6 : 5] = slm_field << 16;
   const uint32_t *eot = gen >= 12 ? eot_gen12 : gen >= 8 ? eot_gen8 : eot_gen7;
   memcpy(&cmds[KERNEL_OFFSET / 4], eot, sizeof(eot_gen7));
   return &cmds[KERNEL_OFFSET / 4 + 8];
}

static void
test_l3_slm_partition(void)
{
   uint32_t cmds[1024], *end;
   /* Gen11 keeps SLM out of the L3: no partition to program. */
   const char *rule = gen <= 9 ? "l3-slm-partition" : NULL;

   end = emit_slm_dispatch(cmds, cmds, 1);
   expect("SLM kernel, L3 as at power-on", cmds, end, rule);

   end = emit_slm_dispatch(cmds, emit_l3_config(cmds, false), 1);
   expect("SLM kernel, L3 without SLM", cmds, end, rule);

   end = emit_slm_dispatch(cmds, emit_l3_config(cmds, true), 1);
   expect("SLM kernel, L3 with SLM", cmds, end, NULL);

   end = emit_slm_dispatch(cmds, cmds, 0);
   expect("kernel without SLM, L3 as at power-on", cmds, end, NULL);
}

/* ---- Ivy Bridge: a CS stall at least every fourth PIPE_CONTROL ---- */

/* Checked in the GPGPU pipeline (vgpu_rules.c says why not in 3D yet). */
static void
test_ivb_cs_stall_every_fourth(void)
{
   uint32_t cmds[64], *p;
   const char *rule = verx10 == 70 ? "ivb-cs-stall-every-4th-pipe-control" : NULL;

   p = emit_select(cmds, 2);
   for (unsigned i = 0; i < 4; i++)
      p = emit_pipe_control(p, PC_DC_FLUSH);
   expect("four PIPE_CONTROLs without a CS stall", cmds, p, rule);

   p = emit_select(cmds, 2);
   for (unsigned i = 0; i < 3; i++)
      p = emit_pipe_control(p, PC_DC_FLUSH);
   p = emit_pipe_control(p, PC_CS_STALL | PC_DC_FLUSH);
   for (unsigned i = 0; i < 3; i++)
      p = emit_pipe_control(p, PC_DC_FLUSH);
   expect("three, a CS stall, three", cmds, p, NULL);

   /* Mesa's hasvk depth sequence before 3D state: not judged in 3D. */
   p = emit_select(cmds, 0);
   for (unsigned i = 0; i < 4; i++)
      p = emit_pipe_control(p, 1u << 13);           /* Depth Stall */
   expect("four depth stalls in the 3D pipeline", cmds, p, NULL);

   /* Read-cache invalidations alone do not count. */
   p = emit_select(cmds, 2);
   for (unsigned i = 0; i < 3; i++)
      p = emit_pipe_control(p, PC_DC_FLUSH);
   for (unsigned i = 0; i < 4; i++)
      p = emit_pipe_control(p, PC_INVALIDATES);
   expect("three, then invalidations only", cmds, p, NULL);
   p = emit_pipe_control(p, PC_INVALIDATES | PC_DC_FLUSH);
   expect("three, invalidations, a fourth with a flush", cmds, p, rule);
}

/* ---- a CS stall comes with a companion bit ---- */

static void
test_cs_stall_companion(void)
{
   uint32_t cmds[64], *p;

   p = emit_select(cmds, 0);
   p = emit_cmd(p, 0x7b00, 7, 0);                       /* 3DPRIMITIVE */
   p = emit_pipe_control(p, PC_CS_STALL);
   expect("a lone CS stall after a draw", cmds, p, "cs-stall-companion");

   static const uint32_t companions[] = {
      1u << 12, 1u << 0, PC_STALL_AT_SCOREBOARD, 1u << 13, PC_DC_FLUSH,
   };
   for (unsigned i = 0; i < sizeof(companions) / sizeof(companions[0]); i++) {
      p = emit_cmd(emit_select(cmds, 0), 0x7b00, 7, 0);
      p = emit_pipe_control(p, PC_CS_STALL | companions[i]);
      expect("a CS stall with a companion", cmds, p, NULL);
   }
   p = emit_cmd(emit_select(cmds, 0), 0x7b00, 7, 0);
   p = emit_depth_stall_write(cmds, p);
   expect("a depth stall with a post-sync write", cmds, p, NULL);

   /* ANV's "ISP disable" pair: a lone stall right after a companioned one. */
   p = emit_select(cmds, 0);
   p = emit_pipe_control(p, PC_CS_STALL | PC_STALL_AT_SCOREBOARD);
   p = emit_pipe_control(p, PC_CS_STALL | (1u << 9));   /* Indirect State Pointers Disable */
   expect("a lone CS stall right after a companioned one", cmds, p, NULL);
   p = emit_select(cmds, 0);
   p = emit_pipe_control(p, PC_CS_STALL | PC_STALL_AT_SCOREBOARD);
   p = emit_pipe_control(p, PC_INVALIDATES);
   p = emit_pipe_control(p, PC_CS_STALL);
   expect("flush with a stall, invalidate, a lone stall", cmds, p, NULL);

   /* Gen12's GPGPU mode forbids the 3D companions: a lone stall is fine. */
   p = emit_walker(emit_select(cmds, 2), 0, 0xff, 0xff);
   p = emit_pipe_control(p, PC_CS_STALL);
   expect("a lone CS stall after a walker", cmds, p,
          verx10 >= 120 ? NULL : "cs-stall-companion");
}

/* ---- vertex elements the VF can fetch ---- */

/* 3D_Vertex_Component_Control values (PRM Vol. 2d). */
enum { NOSTORE, STORE_SRC, STORE_0, STORE_1_FP, STORE_1_INT, STORE_VID };
#define R32G32B32A32_FLOAT 0x000u

/* One VERTEX_ELEMENT_STATE of vertex buffer 0 at offset 0. */
static uint32_t *
emit_element(uint32_t *p, bool valid, const uint8_t control[4])
{
   *p++ = (valid ? 1u << 25 : 0) | R32G32B32A32_FLOAT << 16;
   *p++ = (uint32_t)control[0] << 28 | (uint32_t)control[1] << 24 |
          (uint32_t)control[2] << 20 | (uint32_t)control[3] << 16;
   return p;
}

/* PIPELINE_SELECT 3D, 3DSTATE_VERTEX_ELEMENTS with a good element 0 and
 * `second` as element 1, then a 3DPRIMITIVE (DW0 bit 8: Predicate Enable,
 * against the power-on MI_PREDICATE_RESULT of 0). */
static uint32_t *
emit_elements_draw(uint32_t *p, bool valid, const uint8_t second[4], bool predicated)
{
   static const uint8_t good[4] = { STORE_SRC, STORE_SRC, STORE_SRC, STORE_1_FP };
   p = emit_select(p, 0);
   *p++ = GFX(0x7809, 5);                           /* 3DSTATE_VERTEX_ELEMENTS */
   p = emit_element(emit_element(p, true, good), valid, second);
   uint32_t *draw = p;
   p = emit_cmd(p, 0x7b00, 7, 0);                   /* 3DPRIMITIVE */
   if (predicated)
      *draw |= 1u << 8;
   return p;
}

/* The violation names the rule, the packet, the element and the reason. */
static void
expect_element(const char *what, const uint8_t second[4], const char *reason)
{
   uint32_t cmds[32];
   uint32_t *end = emit_elements_draw(cmds, true, second, false);
   char log[2048], detail[128];
   if (!reason) {
      expect(what, cmds, end, NULL);
      return;
   }
   bool survived = run(cmds, (size_t)(end - cmds), log, sizeof(log));
   snprintf(detail, sizeof(detail), "element 1: %s", reason);
   CHECK(!survived, "%s: context survived a violation", what);
   CHECK(strstr(log, "vertex-element-state violated by 3DPRIMITIVE") && strstr(log, detail),
         "%s: log does not name the rule and '%s': '%s'", what, detail, log);
}

static void
test_vertex_element_state(void)
{
   static const uint8_t nostore_first[4] = { NOSTORE, STORE_SRC, STORE_SRC, STORE_SRC };
   static const uint8_t src_after_0[4] = { STORE_SRC, STORE_0, STORE_SRC, STORE_1_FP };
   static const uint8_t vid[4] = { STORE_VID, STORE_0, STORE_0, STORE_0 };
   static const uint8_t padded[4] = { STORE_SRC, STORE_SRC, STORE_0, STORE_1_INT };
   uint32_t cmds[32], *p;

   expect_element("NOSTORE in component 0", nostore_first, "component 0 is NOSTORE");
   /* Gen7/7.5 allow both; Gen8+ forbid them (BDW PRM). */
   expect_element("STORE_SRC above STORE_0", src_after_0,
                  gen >= 8 ? "STORE_SRC after a component that is not STORE_SRC" : NULL);
   expect_element("STORE_VID", vid, gen >= 8 ? "STORE_VID/STORE_IID on Gen8+" : NULL);
   expect_element("source, then constants", padded, NULL);

   /* The VF skips elements without Valid, and a draw whose predicate
    * fails fetches nothing. */
   p = emit_elements_draw(cmds, false, nostore_first, false);
   expect("NOSTORE in component 0 of an invalid element", cmds, p, NULL);
   p = emit_elements_draw(cmds, true, nostore_first, true);
   expect("NOSTORE in component 0, predicate false", cmds, p, NULL);
}

/* ---- Gen7: depth stall, depth cache flush, depth stall before depth state ---- */

#define PC_DEPTH_STALL (1u << 13)
#define PC_DEPTH_CACHE_FLUSH (1u << 0)

/* 3DSTATE_DEPTH_BUFFER of a null surface (Surface Type 7 in DW1 31:29). */
static uint32_t *
emit_null_depth_buffer(uint32_t *p)
{
   return emit_cmd(p, 0x7805, gen >= 8 ? 8 : 7, 7u << 29);
}

static void
test_gen7_depth_stencil_state_flush(void)
{
   uint32_t cmds[64], *p;
   const char *rule = gen == 7 ? "gen7-depth-stencil-state-flush" : NULL;

   p = emit_cmd(emit_select(cmds, 0), 0x7b00, 7, 0);
   p = emit_null_depth_buffer(p);
   expect("depth buffer change after a draw", cmds, p, rule);

   p = emit_cmd(emit_select(cmds, 0), 0x7b00, 7, 0);
   p = emit_pipe_control(p, PC_DEPTH_STALL);
   p = emit_pipe_control(p, PC_DEPTH_CACHE_FLUSH);
   p = emit_cmd(p, 0x7804, 3, 0);                   /* 3DSTATE_CLEAR_PARAMS */
   expect("depth stall, flush, clear params", cmds, p, rule);

   p = emit_cmd(emit_select(cmds, 0), 0x7b00, 7, 0);
   p = emit_pipe_control(p, PC_DEPTH_STALL);
   p = emit_pipe_control(p, PC_DEPTH_CACHE_FLUSH);
   p = emit_pipe_control(p, PC_DEPTH_STALL);
   p = emit_null_depth_buffer(p);
   p = emit_cmd(p, 0x7804, 3, 0);
   expect("the PRM's three PIPE_CONTROLs, then depth state", cmds, p, NULL);

   /* A batch starts with the pipeline flushed (i915 flushes between
    * requests); so does a CS stall with a depth cache flush. */
   p = emit_null_depth_buffer(emit_select(cmds, 0));
   expect("depth state before any draw", cmds, p, NULL);
   p = emit_cmd(emit_select(cmds, 0), 0x7b00, 7, 0);
   p = emit_pipe_control(p, PC_CS_STALL | PC_DEPTH_CACHE_FLUSH);
   p = emit_null_depth_buffer(p);
   expect("CS stall with depth cache flush, depth state", cmds, p, NULL);
}

/* ---- PIPE_CONTROL fields that need another ---- */

/* A PIPE_CONTROL with bits and a post-sync write of immediate data
 * (post-sync operation 1) into the batch object's second half. */
static uint32_t *
emit_pipe_control_write(uint32_t *cmds, uint32_t *p, uint32_t bits, unsigned post_sync)
{
   uint32_t *pc = emit_pipe_control(p, bits | post_sync << 14);
   self_address(cmds, p + 2, 0x800);
   return pc;
}

static void
expect_missing_field(const char *what, uint32_t bits, const char *reason)
{
   uint32_t cmds[32], *p = emit_pipe_control(cmds, bits);
   char log[2048];
   if (!reason) {
      expect(what, cmds, p, NULL);
      return;
   }
   bool survived = run(cmds, (size_t)(p - cmds), log, sizeof(log));
   CHECK(!survived && strstr(log, "pipe-control-dependent-bits") && strstr(log, reason),
         "%s: expected pipe-control-dependent-bits with '%s': '%s'", what, reason, log);
}

static void
test_pipe_control_dependent_bits(void)
{
   uint32_t cmds[64], *p;
   const uint32_t isp_disable = 1u << 9, media_state_clear = 1u << 16;
   const uint32_t tlb_invalidate = 1u << 18, snapshot_reset = 1u << 19;
   const uint32_t store_data_index = 1u << 21, flush_llc = 1u << 26;

   expect_missing_field("ISP disable without a CS stall", isp_disable,
                        "Indirect State Pointers Disable without Command Streamer Stall");
   expect_missing_field("media state clear without a CS stall", media_state_clear,
                        "Generic Media State Clear without Command Streamer Stall");
   expect_missing_field("snapshot reset without a CS stall", snapshot_reset,
                        "Global Snapshot Count Reset without Command Streamer Stall");
   expect_missing_field("TLB invalidate without a CS stall", tlb_invalidate,
                        "TLB Invalidate without Command Streamer Stall");
   expect_missing_field("TLB invalidate with a CS stall", tlb_invalidate | PC_CS_STALL,
                        gen == 7 ? "TLB Invalidate without a Post-Sync Operation" : NULL);
   expect_missing_field("store data index without post-sync", store_data_index,
                        "Store Data Index without a Post-Sync Operation");
   expect_missing_field("ISP disable with a CS stall", isp_disable | PC_CS_STALL, NULL);
   expect_missing_field("depth stall with a depth cache flush", (1u << 13) | (1u << 0),
                        verx10 == 70 ? "Depth Stall with a render target or depth cache flush" : NULL);
   expect_missing_field("depth stall with a render target flush", (1u << 13) | (1u << 12),
                        verx10 == 70 ? "Depth Stall with a render target or depth cache flush" : NULL);

   p = emit_pipe_control_write(cmds, cmds, store_data_index, 1);
   expect("store data index with a post-sync write", cmds, p, NULL);
   p = emit_pipe_control_write(cmds, cmds, tlb_invalidate | PC_CS_STALL, 1);
   expect("TLB invalidate with a CS stall and a post-sync write", cmds, p, NULL);

   if (gen >= 9) {
      /* Post-sync operation 2 writes the depth count, not immediate data. */
      p = emit_pipe_control_write(cmds, cmds, flush_llc | PC_DEPTH_STALL, 2);
      expect("Flush LLC with a depth-count write", cmds, p, "pipe-control-dependent-bits");
      p = emit_pipe_control_write(cmds, cmds, flush_llc, 1);
      expect("Flush LLC with an immediate write", cmds, p, NULL);
   }
}

/* ---- Gen9: VF cache invalidation ---- */

#define PC_VF_INVALIDATE (1u << 4)

static void
test_vf_invalidate(void)
{
   uint32_t cmds[64], *p;

   /* Gen9: a null PIPE_CONTROL first, and a post-sync write with it;
    * elsewhere a lone VF invalidation is fine. */
   p = emit_pipe_control(cmds, PC_VF_INVALIDATE);
   expect("lone VF invalidation", cmds, p, gen == 9 ? "pipe-control-dependent-bits" : NULL);

   p = emit_pipe_control_write(cmds, cmds, PC_VF_INVALIDATE, 1);
   expect("VF invalidation without the null PIPE_CONTROL", cmds, p,
          gen == 9 ? "skl-vf-invalidate-null-pipe-control" : NULL);

   p = emit_pipe_control(cmds, 0);
   p = emit_pipe_control_write(cmds, p, PC_VF_INVALIDATE, 1);
   expect("null PIPE_CONTROL, VF invalidation with a write", cmds, p, NULL);

   /* Commands the command streamer keeps to itself may come between:
    * ANV ends a batch buffer with the null PIPE_CONTROL and chains to
    * the next with MI_BATCH_BUFFER_START (here: to the next dword). */
   p = emit_pipe_control(cmds, 0);
   *p++ = 0;                                        /* MI_NOOP */
   uint32_t *bbs = p;
   *p++ = (0x31u << 23) | (gen >= 8 ? 1 : 0);       /* MI_BATCH_BUFFER_START */
   if (gen >= 8) {
      bbs[0] |= 1u << 8;                            /* PPGTT */
      self_address(cmds, p, (uint32_t)(p + 2 - cmds) * 4);
      p += 2;
   }
   p = emit_pipe_control_write(cmds, p, PC_VF_INVALIDATE, 1);
   if (gen >= 8)
      expect("null PIPE_CONTROL, MI_NOOP, chained batch, VF invalidation", cmds, p, NULL);

   p = emit_pipe_control(cmds, 0);
   p = emit_cmd(p, 0x7804, 3, 0);                   /* 3DSTATE_CLEAR_PARAMS */
   p = emit_pipe_control_write(cmds, p, PC_VF_INVALIDATE, 1);
   expect("null PIPE_CONTROL, a 3D state packet, VF invalidation", cmds, p,
          gen == 9 ? "skl-vf-invalidate-null-pipe-control" : NULL);
}

/* ---- Gen8/9: the VF cache tags lines by their low 32 address bits ---- */

/* 3DSTATE_VERTEX_BUFFERS (Gen8+) with buffer 0 at addr, 256 bytes, and
 * 3DSTATE_VERTEX_ELEMENTS with one element reading it, then a draw of no
 * vertices (the rule counts the bound range, as Mesa's drivers do). */
static uint32_t *
emit_vb_draw(uint32_t *p, uint64_t addr)
{
   *p++ = GFX(0x7808, 5);                           /* 3DSTATE_VERTEX_BUFFERS */
   *p++ = 0u << 26 | 1u << 14 | 16;                 /* buffer 0, Address Modify, pitch */
   *p++ = (uint32_t)addr;
   *p++ = (uint32_t)(addr >> 32);
   *p++ = 256;                                      /* Buffer Size */
   *p++ = GFX(0x7809, 3);                           /* 3DSTATE_VERTEX_ELEMENTS */
   *p++ = 1u << 25 | R32G32B32A32_FLOAT << 16;      /* buffer 0, valid */
   *p++ = (uint32_t)STORE_SRC << 28 | (uint32_t)STORE_SRC << 24 |
          (uint32_t)STORE_SRC << 20 | (uint32_t)STORE_1_FP << 16;
   return emit_cmd(p, 0x7b00, 7, 0);
}

static void
test_vf_cache_32bit_tag(void)
{
   if (gen < 8)
      return;
   uint32_t cmds[128], *p;
   const uint64_t a = 0x100001000ull, a_4gib = a + (1ull << 32);
   const char *rule = gen <= 9 ? "vf-cache-32bit-tag" : NULL;

   p = emit_vb_draw(emit_select(cmds, 0), a);
   p = emit_vb_draw(p, a_4gib);
   expect("vertex buffers 4 GiB apart in back-to-back draws", cmds, p, rule);

   /* 4 GiB + 256 bytes apart: same high-bit neighbours, no common line. */
   p = emit_vb_draw(emit_select(cmds, 0), a);
   p = emit_vb_draw(p, a_4gib + 256);
   expect("vertex buffers 4 GiB + 256 bytes apart", cmds, p, NULL);

   /* The invalidation ANV sends between them (Gen9: with its null
    * PIPE_CONTROL and post-sync write). */
   p = emit_vb_draw(emit_select(cmds, 0), a);
   p = emit_pipe_control(p, 0);
   p = emit_pipe_control_write(cmds, p, PC_VF_INVALIDATE | PC_CS_STALL, 1);
   p = emit_vb_draw(p, a_4gib);
   expect("VF invalidation between the draws", cmds, p, NULL);
}

/* ---- URB and push-constant allocation ---- */

static void
test_urb_allocation(void)
{
   uint32_t cmds[32], *p;
   /* 3DSTATE_URB_GS: 12 entries of 1 x 512 bits: not a multiple of 8,
    * which the PRM requires below 9 units; 12 entries of 9 units pass. */
   p = emit_cmd(cmds, 0x7833, 2, 12);
   expect("12 GS entries of 1 unit", cmds, p, "urb-allocation");
   p = emit_cmd(cmds, 0x7833, 2, 8u << 16 | 12);
   expect("12 GS entries of 9 units", cmds, p, NULL);
   /* VS entries: at least 32 on IVB GT2, 64 on HSW GT2 and later (Mesa's
    * intel_device_info.c, from the PRMs' ranges). */
   p = emit_cmd(cmds, 0x7830, 2, 24);
   expect("24 VS entries", cmds, p, "urb-allocation");
   p = emit_cmd(cmds, 0x7830, 2, 64);
   expect("64 VS entries", cmds, p, NULL);
   p = emit_cmd(cmds, 0x7830, 2, 4096);
   expect("4096 VS entries", cmds, p, "urb-allocation");
}

/* 3DSTATE_URB_VS (0x7830) or _GS (0x7833) DW1: Number of URB Entries
 * 15:0, Allocation Size 24:16 (512-bit units minus one), Starting
 * Address 31:25 (8 KB units). */
static uint32_t *
emit_urb(uint32_t *p, uint16_t op, unsigned entries, unsigned units, unsigned start_8kb)
{
   return emit_cmd(p, op, 2, start_8kb << 25 | (units - 1) << 16 | entries);
}

/* 3DSTATE_GS with Enable set (Gen7/7.5: DW5 bit 0; Gen8+: DW7 bit 0). */
static uint32_t *
emit_gs_enable(uint32_t *p)
{
   const unsigned len = gen >= 8 ? 10 : 7, enable_dw = gen >= 8 ? 7 : 5;
   uint32_t *gs = emit_cmd(p, 0x7811, len, 0);
   p[enable_dw] = 1;
   return gs;
}

/* 3DSTATE_DS (Gen8+) with Enable set (DW7 bit 0). */
static uint32_t *
emit_ds_enable(uint32_t *p)
{
   uint32_t *ds = emit_cmd(p, 0x781d, gen >= 9 ? 11 : 9, 0);
   p[7] = 1;
   return ds;
}

/* An enabled DS needs 34 entries on Gen8+ (3DSTATE_URB_DS, 0x7832): 32
 * fail, 40 (a multiple of 8) pass.  The VS has the 192 entries BDW
 * requires with tessellation (BDW PRM 3DSTATE_URB_VS). */
static void
test_urb_ds_minimum(void)
{
   uint32_t cmds[64], *p;
   if (gen < 8)
      return;
   p = emit_urb(cmds, 0x7830, 192, 1, 4);      /* 12 KB from 32 KB */
   p = emit_urb(p, 0x7832, 32, 1, 6);
   p = emit_ds_enable(p);
   p = emit_cmd(p, 0x7b00, 7, 0);
   expect("an enabled DS with 32 entries", cmds, p, "urb-allocation");

   p = emit_urb(cmds, 0x7830, 192, 1, 4);
   p = emit_urb(p, 0x7832, 40, 1, 6);
   p = emit_ds_enable(p);
   p = emit_cmd(p, 0x7b00, 7, 0);
   expect("an enabled DS with 40 entries", cmds, p, NULL);

   if (gen != 8)
      return;
   p = emit_urb(cmds, 0x7830, 64, 1, 4);
   p = emit_urb(p, 0x7832, 40, 1, 6);
   p = emit_ds_enable(p);
   p = emit_cmd(p, 0x7b00, 7, 0);
   expect("64 VS entries with tessellation on Gen8", cmds, p, "urb-allocation");
}

/* What the draw checks of the URB partition (vgpu_urb_rules.c): the enabled
 * stages' minimum entries and the stages' ranges, which may not overlap
 * each other or the push constants before them. */
static void
test_urb_partition(void)
{
   uint32_t cmds[64], *p;
   const unsigned constant_len = gen >= 8 ? 11 : 7;
   /* VS: 64 entries of 1 unit (4 KB) at 32 KB, past the push constants
    * ([0, 8) KB); GS: 8 entries of 1 unit at 40 KB. */
   p = emit_cmd(cmds, 0x7912, 2, 0u << 16 | 8);
   p = emit_cmd(p, 0x7815, constant_len, 0);
   p = emit_urb(p, 0x7830, 64, 1, 4);
   p = emit_urb(p, 0x7833, 8, 1, 5);
   p = emit_cmd(p, 0x7b00, 7, 0);
   expect("VS and GS apart, after the push constants", cmds, p, NULL);

   p = emit_cmd(cmds, 0x7912, 2, 0u << 16 | 8);
   p = emit_cmd(p, 0x7815, constant_len, 0);
   p = emit_urb(p, 0x7830, 64, 1, 0);
   p = emit_cmd(p, 0x7b00, 7, 0);
   expect("VS entries over the push constants", cmds, p, "urb-allocation");

   /* 64 VS entries of 2 units take 8 KB from 32 KB: the GS at 32 KB too. */
   p = emit_urb(cmds, 0x7830, 64, 2, 4);
   p = emit_urb(p, 0x7833, 8, 1, 4);
   p = emit_cmd(p, 0x7b00, 7, 0);
   expect("GS entries inside the VS's", cmds, p, "urb-allocation");

   /* An enabled GS needs two entries (a thread's two objects); one entry
    * of 9 units passes the multiple-of-8 rule. */
   p = emit_urb(cmds, 0x7830, 64, 1, 4);
   p = emit_urb(p, 0x7833, 1, 9, 5);
   p = emit_gs_enable(p);
   p = emit_cmd(p, 0x7b00, 7, 0);
   expect("an enabled GS with one entry", cmds, p, "urb-allocation");

   p = emit_urb(cmds, 0x7830, 64, 1, 4);
   p = emit_urb(p, 0x7833, 2, 9, 5);
   p = emit_gs_enable(p);
   p = emit_cmd(p, 0x7b00, 7, 0);
   expect("an enabled GS with two entries", cmds, p, NULL);
}

static void
test_push_constant_allocation(void)
{
   uint32_t cmds[64], *p;
   const unsigned constant_len = gen >= 8 ? 11 : 7;
   /* The push-constant space: 16 KB on IVB/HSW GT2, 32 KB from BDW
    * (PRM 3DSTATE_PUSH_CONSTANT_ALLOC_*; Mesa's devinfo). */
   const unsigned space_kb = gen == 7 ? 16 : 32;

   p = emit_cmd(cmds, 0x7912, 2, 0u << 16 | 8);     /* VS: [0, 8) KB */
   p = emit_cmd(p, 0x7916, 2, 4u << 16 | 8);        /* PS: [4, 12) KB */
   p = emit_cmd(p, 0x7815, constant_len, 0);
   p = emit_cmd(p, 0x7817, constant_len, 0);
   p = emit_cmd(p, 0x7b00, 7, 0);
   expect("overlapping VS and PS allocations", cmds, p, "push-constant-allocation");

   p = emit_cmd(cmds, 0x7912, 2, (space_kb - 4) << 16 | 8);
   p = emit_cmd(p, 0x7815, constant_len, 0);
   p = emit_cmd(p, 0x7b00, 7, 0);
   expect("VS allocation past the end", cmds, p, "push-constant-allocation");

   p = emit_cmd(cmds, 0x7912, 2, 0u << 16 | 8);
   p = emit_cmd(p, 0x7916, 2, 8u << 16 | (space_kb - 8));
   p = emit_cmd(p, 0x7815, constant_len, 0);
   p = emit_cmd(p, 0x7817, constant_len, 0);
   p = emit_cmd(p, 0x7b00, 7, 0);
   expect("VS and PS filling the space", cmds, p, NULL);

   /* Only the partition at the draw counts: moving PS out of VS's way
    * after VS grew is fine. */
   p = emit_cmd(cmds, 0x7912, 2, 0u << 16 | 8);
   p = emit_cmd(p, 0x7916, 2, 4u << 16 | 4);
   p = emit_cmd(p, 0x7916, 2, 8u << 16 | 4);
   p = emit_cmd(p, 0x7815, constant_len, 0);
   p = emit_cmd(p, 0x7817, constant_len, 0);
   p = emit_cmd(p, 0x7b00, 7, 0);
   expect("overlap repaired before the draw", cmds, p, NULL);
}

/* 3DSTATE_PS (Gen8+ 0x7820, 12 dwords) with the dispatch widths of
 * `simd` (DW6 bits 0-2: 8, 16, 32 Pixel Dispatch Enable) and Render
 * Target Fast Clear Enable (DW6 bit 8); 3DSTATE_PS_EXTRA (0x784f) with
 * Pixel Shader Valid (bit 31) and Pixel Shader Is Per Sample (bit 6);
 * 3DSTATE_MULTISAMPLE (0x780d) Number of Multisamples (DW1 3:1, log2);
 * then a 3DPRIMITIVE. */
static uint32_t *
emit_ps_draw(uint32_t *p, unsigned simd, bool per_sample, unsigned log2_samples,
             bool fast_clear)
{
   uint32_t *ps = p;
   p = emit_cmd(p, 0x7820, 12, 0);
   ps[6] = ((simd & 8) ? 1u : 0u) | ((simd & 16) ? 2u : 0u) | ((simd & 32) ? 4u : 0u) |
           (fast_clear ? 1u << 8 : 0u);
   p = emit_cmd(p, 0x784f, 2, 1u << 31 | (per_sample ? 1u << 6 : 0u));
   p = emit_cmd(p, 0x780d, 2, log2_samples << 1);
   return emit_cmd(p, 0x7b00, 7, 0);
}

/* Rule ps-dispatch (vgpu_ps_rules.c): the widths a draw's 3DSTATE_PS may
 * enable together, with the sample rate and count of the draw. */
static void
test_ps_dispatch(void)
{
   uint32_t cmds[64], *p;
   if (gen < 8)
      return;
   p = emit_ps_draw(cmds, 8 | 16 | 32, false, 2, false);
   expect("SIMD8/16/32 per pixel at 4 samples", cmds, p, NULL);
   p = emit_ps_draw(cmds, 0, false, 0, false);
   expect("no dispatch width", cmds, p, "ps-dispatch");
   p = emit_ps_draw(cmds, 8 | 16, false, 0, true);
   expect("SIMD8 with a fast clear", cmds, p, "ps-dispatch");
   p = emit_ps_draw(cmds, 16, false, 0, true);
   expect("SIMD16 alone with a fast clear", cmds, p, NULL);
   /* Per-sample at one sample is per-pixel dispatch: any widths. */
   p = emit_ps_draw(cmds, 8 | 16 | 32, true, 0, false);
   expect("three widths per sample at 1 sample", cmds, p, NULL);
   p = emit_ps_draw(cmds, 8 | 16, true, 2, false);
   expect("SIMD8 and SIMD16 per sample at 4 samples", cmds, p,
          gen < 12 ? "ps-dispatch" : NULL);
   p = emit_ps_draw(cmds, 16, true, 2, false);
   expect("SIMD16 alone per sample at 4 samples", cmds, p, NULL);
   p = emit_ps_draw(cmds, 32, true, 3, false);
   expect("SIMD32 alone per sample at 8 samples", cmds, p, gen < 12 ? NULL : "ps-dispatch");
   if (gen >= 9) {
      p = emit_ps_draw(cmds, 16 | 32, false, 4, false);
      expect("SIMD32 per pixel at 16 samples", cmds, p, "ps-dispatch");
      p = emit_ps_draw(cmds, 8 | 16, false, 4, false);
      expect("SIMD8/16 per pixel at 16 samples", cmds, p, NULL);
   }
}

int
main(void)
{
   const char *mode = getenv("VGPU_RULES");
   if (!mode || strcmp(mode, "error") != 0) {
      printf("SKIP: needs VGPU_RULES=error (the test environment sets it)\n");
      return 77;
   }
   fd = open_render_node();
   verx10 = device_verx10(fd);
   gen = verx10 / 10;
   test_push_constant_realloc();
   test_vfe_state_stall();
   test_pipeline_select_flush();
   test_gen7_3dprim_register_read();
   test_ivb_vs_state_flush();
   test_walker_execution_masks();
   test_walker_pipeline();
   test_l3_slm_partition();
   test_ivb_cs_stall_every_fourth();
   test_cs_stall_companion();
   test_vertex_element_state();
   test_gen7_depth_stencil_state_flush();
   test_pipe_control_dependent_bits();
   test_vf_invalidate();
   test_vf_cache_32bit_tag();
   test_urb_allocation();
   test_urb_partition();
   test_urb_ds_minimum();
   test_push_constant_allocation();
   test_ps_dispatch();
   close(fd);
   return test_finish("test_rules");
}

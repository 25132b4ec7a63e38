/* vgpu's per-batch EU instruction budget (VGPU_BUDGET): a batch whose
 * kernels run more instructions than the budget is a GPU hang (its
 * context is banned and counted guilty, its fence still signals), wherever
 * the instructions come from: one thread looping forever or many short
 * threads.  A batch within the budget runs, and the budget is per batch,
 * not per context.  Run with VGPU_BUDGET=1000 (meson sets it).
 *
 * Command encodings are the test's own (PRM Vol 2a PIPE_CONTROL,
 * PIPELINE_SELECT, MEDIA_INTERFACE_DESCRIPTOR_LOAD, GPGPU_WALKER; Vol 2d
 * INTERFACE_DESCRIPTOR_DATA); kernels come from src/isa's assembler. */
#include "isa.h"
#include "uapi_test.h"

#define BUDGET 1000
#define OBJ_ADDR 0x100000ull
#define OBJ_SIZE 0x4000u
#define IDD_OFFSET 0x800u
#define KERNEL_OFFSET 0x1000u

/* The thread ends: two instructions. */
#define EOT_GEN7_11 "mov(8) g127<1>UD g0<8,8,1>UD { align1 WE_all 1Q };\n" \
   "send(16) null<1>UW g127<8,8,1>UW 0x82000010\n" \
   "    thread_spawner MsgDesc: end { align1 WE_all 1H EOT };\n"
#define EOT_GEN12 "mov(8) g127<1>UD g0<8,8,1>UD { align1 WE_all 1Q };\n" \
   "send(8) nullUD g127UD nullUD 0x02000010 0x00000000\n" \
   "    thread_spawner MsgDesc: end { align1 WE_all 1Q EOT };\n"
#define KERNEL_INSTRUCTIONS 2
/* A WHILE that jumps to itself: the thread never ends. */
#define ENDLESS "while(8) JIP: 0 { align1 1Q };\n"

#define GFX(op16, len) (((uint32_t)(op16) << 16) | ((len) - 2))
#define PC_CS_STALL (1u << 20)
#define PC_FLUSHES ((1u << 12) | (1u << 0) | (1u << 5))      /* RT, depth, DC */
#define PC_INVALIDATES ((1u << 10) | (1u << 3) | (1u << 2) | (1u << 11))

static int fd, gen, verx10;

struct batch {
   uint32_t *map;
   uint32_t *p;
   /* Gen7: dwords holding an address inside the object (the kernel
    * places it), with the offset they point at. */
   struct drm_i915_gem_relocation_entry relocs[4];
   unsigned num_relocs;
};

static void
emit(struct batch *b, uint16_t op, unsigned len, uint32_t dw1)
{
   *b->p++ = GFX(op, len);
   *b->p++ = dw1;
   for (unsigned i = 2; i < len; i++)
      *b->p++ = 0;
}

/* An offset into the object that the GPU reads as an address from a zero
 * base (the default General/Dynamic/Instruction bases). */
static void
set_self_address(struct batch *b, uint32_t *dw, uint32_t offset)
{
   if (gen >= 8) {
      *dw = (uint32_t)(OBJ_ADDR + offset);
      return;
   }
   *dw = offset;
   b->relocs[b->num_relocs++] = (struct drm_i915_gem_relocation_entry){
      .offset = (uint64_t)((uint8_t *)dw - (uint8_t *)b->map),
      .delta = offset,
      .read_domains = I915_GEM_DOMAIN_INSTRUCTION,
   };
}

/* The GPGPU pipeline selected as the PRM asks on Gen9+ (flush and
 * invalidate before the switch: vgpu's pipeline-select-flush rule). */
static void
select_gpgpu(struct batch *b)
{
   const unsigned pc_len = gen >= 8 ? 6 : 5;
   emit(b, 0x7a00, pc_len, PC_CS_STALL | PC_FLUSHES);
   emit(b, 0x7a00, pc_len, PC_INVALIDATES);
   *b->p++ = 0x69040000 | (gen >= 9 ? 0x300 : 0) | 2;
}

/* One SIMD8 thread per group, groups along X. */
static void
emit_dispatch(struct batch *b, uint32_t groups)
{
   uint32_t *idl = b->p;
   emit(b, 0x7002, 4, 0);                             /* MEDIA_INTERFACE_DESCRIPTOR_LOAD */
   idl[2] = 32;                                       /* one descriptor */
   set_self_address(b, &idl[3], IDD_OFFSET);

   const unsigned len = gen >= 8 ? 15 : 11;
   uint32_t *w = b->p;
   emit(b, 0x7105, len, 0);                           /* GPGPU_WALKER, descriptor 0 */
   if (gen >= 8) {
      w[7] = groups;                                  /* X dimension */
      w[10] = 1;
      w[12] = 1;
   } else {
      w[4] = groups;
      w[6] = 1;
      w[8] = 1;
   }
   w[len - 2] = 0xff;                                 /* right mask: 8 channels */
   w[len - 1] = 0xffffffff;
   *b->p++ = MI_BATCH_BUFFER_END;
   *b->p++ = 0;
}

static bool
load_kernel(uint32_t *map, const char *text)
{
   char err[256];
   enum isa_gen g = isa_gen_from_verx10((unsigned)verx10);
   uint8_t *code = (uint8_t *)map + KERNEL_OFFSET;
   size_t n = isa_asm_kernel(g, text, code, OBJ_SIZE - KERNEL_OFFSET, err, sizeof(err));
   CHECK(n > 0, "assembly failed: %s", err);
   return n > 0;
}

struct outcome {
   int submit_err;
   bool signalled;        /* the submission's syncobj */
   uint32_t guilty;       /* GET_RESET_STATS.batch_active */
   int next_submit_err;   /* an empty batch on the same context afterwards */
   char log[1024];        /* what vgpu printed */
};

static int
execbuf(uint32_t ctx, uint32_t handle, struct batch *b, uint32_t syncobj)
{
   struct drm_i915_gem_exec_object2 obj = { .handle = handle };
   if (gen >= 8) {
      obj.offset = OBJ_ADDR;
      obj.flags = EXEC_OBJECT_PINNED;
   } else if (b) {
      for (unsigned i = 0; i < b->num_relocs; i++)
         b->relocs[i].target_handle = 0;              /* HANDLE_LUT: object 0 */
      obj.relocs_ptr = (uintptr_t)b->relocs;
      obj.relocation_count = b->num_relocs;
   }
   struct drm_i915_gem_exec_fence fence = {
      .handle = syncobj, .flags = I915_EXEC_FENCE_SIGNAL,
   };
   struct drm_i915_gem_execbuffer2 eb = {
      .buffers_ptr = (uintptr_t)&obj, .buffer_count = 1,
      .cliprects_ptr = syncobj ? (uintptr_t)&fence : 0,
      .num_cliprects = syncobj ? 1 : 0,
      .flags = I915_EXEC_HANDLE_LUT | (syncobj ? I915_EXEC_FENCE_ARRAY : 0),
      .rsvd1 = ctx,
   };
   return xioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &eb);
}

static bool
syncobj_signalled(uint32_t syncobj)
{
   struct drm_syncobj_wait w = {
      .handles = (uintptr_t)&syncobj, .count_handles = 1, .timeout_nsec = 0,
   };
   return xioctl(fd, DRM_IOCTL_SYNCOBJ_WAIT, &w) == 0;
}

/* Submits `batches` copies of a batch dispatching `groups` groups of the
 * kernel on one fresh context; the outcome is the last one's. */
static void
run(const char *kernel, uint32_t groups, unsigned batches, struct outcome *out)
{
   memset(out, 0, sizeof(*out));
   struct drm_i915_gem_context_create_ext cc = { 0 };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &cc), 0);
   struct drm_syncobj_create sc = { 0 };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_CREATE, &sc), 0);
   uint32_t handle = bo_create(fd, OBJ_SIZE);
   uint32_t *map = bo_map(fd, handle, OBJ_SIZE);
   struct batch b = { .map = map, .p = map };
   if (!load_kernel(map, kernel))
      return;
   select_gpgpu(&b);
   emit_dispatch(&b, groups);
   set_self_address(&b, &map[IDD_OFFSET / 4], KERNEL_OFFSET);

   /* vgpu's log line, through a pipe in place of stderr. */
   int pipefd[2], saved = dup(2);
   if (pipe(pipefd) != 0)
      exit(1);
   dup2(pipefd[1], 2);
   for (unsigned i = 0; i < batches; i++)
      out->submit_err = execbuf(cc.ctx_id, handle, &b, sc.handle);
   dup2(saved, 2);
   close(saved);
   close(pipefd[1]);
   ssize_t n = read(pipefd[0], out->log, sizeof(out->log) - 1);
   out->log[n > 0 ? n : 0] = '\0';
   close(pipefd[0]);

   out->signalled = syncobj_signalled(sc.handle);
   struct drm_i915_reset_stats rs = { .ctx_id = cc.ctx_id };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GET_RESET_STATS, &rs), 0);
   out->guilty = rs.batch_active;
   map[0] = MI_BATCH_BUFFER_END;
   map[1] = 0;
   out->next_submit_err = execbuf(cc.ctx_id, handle, NULL, 0);

   munmap(map, OBJ_SIZE);
   bo_close(fd, handle);
   struct drm_syncobj_destroy sd = { .handle = sc.handle };
   xioctl(fd, DRM_IOCTL_SYNCOBJ_DESTROY, &sd);
   struct drm_i915_gem_context_destroy cd = { .ctx_id = cc.ctx_id };
   xioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, &cd);
}

static void
expect_ran(const char *what, const struct outcome *o)
{
   CHECK(o->submit_err == 0, "%s: execbuffer2 failed: %s", what, strerror(o->submit_err));
   CHECK(o->signalled, "%s: fence not signalled", what);
   CHECK(o->guilty == 0, "%s: %u batches found guilty: %s", what, o->guilty, o->log);
   CHECK(o->next_submit_err == 0, "%s: context unusable afterwards: %s", what,
         strerror(o->next_submit_err));
}

static void
expect_hang(const char *what, const struct outcome *o)
{
   CHECK(o->submit_err == 0, "%s: execbuffer2 failed: %s", what, strerror(o->submit_err));
   CHECK(o->signalled, "%s: the hung batch's fence was not signalled", what);
   CHECK(o->guilty == 1, "%s: %u batches found guilty, expected 1", what, o->guilty);
   CHECK(o->next_submit_err == EIO, "%s: next submission gave %s, expected EIO "
         "(banned context)", what, strerror(o->next_submit_err));
   CHECK(strstr(o->log, "VGPU_BUDGET") != NULL, "%s: vgpu did not name the "
         "budget: '%s'", what, o->log);
}

int
main(void)
{
   const char *budget = getenv("VGPU_BUDGET");
   if (!budget || atoi(budget) != BUDGET) {
      printf("SKIP: needs VGPU_BUDGET=%d (meson sets it)\n", BUDGET);
      return 77;
   }
   fd = open_render_node();
   verx10 = device_verx10(fd);
   gen = verx10 / 10;
   const char *eot = gen >= 12 ? EOT_GEN12 : EOT_GEN7_11;
   const uint32_t within = BUDGET / KERNEL_INSTRUCTIONS - 100;
   const uint32_t beyond = BUDGET / KERNEL_INSTRUCTIONS + 100;
   struct outcome o;

   run(eot, 1, 1, &o);
   expect_ran("one short thread", &o);
   run(eot, within, 1, &o);
   expect_ran("short threads within the budget", &o);
   /* Together beyond the budget, each within it. */
   run(eot, within, 2, &o);
   expect_ran("two batches within the budget each", &o);
   run(eot, beyond, 1, &o);
   expect_hang("short threads beyond the budget", &o);
   run(ENDLESS, 1, 1, &o);
   expect_hang("an endless loop", &o);

   close(fd);
   return test_finish("test_budget");
}

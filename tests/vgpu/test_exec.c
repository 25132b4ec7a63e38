/* EXECBUFFER2 at the ioctl level: command results visible through mmap,
 * relocations (Gen7), softpin checks, batch chaining, and the GPU fault /
 * hang path that drivers turn into VK_ERROR_DEVICE_LOST. */
#include "uapi_test.h"

#define TARGET_ADDR 0x200000ull
#define BATCH_ADDR  0x100000ull
#define BO_SIZE 4096

static int fd, gen, verx10;

static uint32_t
create_context(void)
{
   struct drm_i915_gem_context_create_ext c = { 0 };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c), 0);
   return c.ctx_id;
}

/* Gen8+: objects are softpinned at fixed addresses. */
static void
pin(struct drm_i915_gem_exec_object2 *o, uint32_t handle, uint64_t addr)
{
   *o = (struct drm_i915_gem_exec_object2){
      .handle = handle, .offset = addr,
      .flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_SUPPORTS_48B_ADDRESS,
   };
}

static void
test_store_data_and_register(void)
{
   uint32_t target = bo_create(fd, BO_SIZE), batch = bo_create(fd, BO_SIZE);
   uint32_t *t = bo_map(fd, target, BO_SIZE), *b = bo_map(fd, batch, BO_SIZE);
   memset(t, 0, BO_SIZE);

   struct drm_i915_gem_relocation_entry relocs[2];
   struct drm_i915_gem_exec_object2 objs[2];
   uint32_t *p = b;

   /* Store an immediate, then a register loaded with LRI (a GPR on Gen8+,
    * a scratch MMIO register on Gen7). */
   const uint32_t reg = gen >= 8 ? 0x2600 : 0x2400;
   unsigned sdi_addr_dw = (gen < 8 ? 2 : 1);
   uint32_t *sdi = p;
   p = emit_store_dword(p, gen, TARGET_ADDR + 16, 0xcafe0001);
   *p++ = MI_LOAD_REGISTER_IMM;
   *p++ = reg;
   *p++ = 0x5eed0002;
   uint32_t *srm = p;
   *p++ = MI_STORE_REGISTER_MEM | (gen >= 8 ? 2 : 1);
   *p++ = reg;
   p = emit_addr(p, gen, TARGET_ADDR + 32);
   *p++ = MI_BATCH_BUFFER_END;

   if (gen >= 8) {
      pin(&objs[0], target, TARGET_ADDR);
      pin(&objs[1], batch, BATCH_ADDR);
   } else {
      /* Gen7: the kernel places the objects and patches the addresses. */
      relocs[0] = (struct drm_i915_gem_relocation_entry){
         .target_handle = 0, .delta = 16,
         .offset = (uint64_t)((sdi + sdi_addr_dw) - b) * 4,
         .presumed_offset = ~0ull,
         .read_domains = I915_GEM_DOMAIN_RENDER, .write_domain = I915_GEM_DOMAIN_RENDER,
      };
      relocs[1] = relocs[0];
      relocs[1].delta = 32;
      relocs[1].offset = (uint64_t)((srm + 2) - b) * 4;
      objs[0] = (struct drm_i915_gem_exec_object2){ .handle = target };
      objs[1] = (struct drm_i915_gem_exec_object2){
         .handle = batch, .relocs_ptr = (uintptr_t)relocs, .relocation_count = 2,
      };
   }
   uint64_t flags = gen >= 8 ? 0 : I915_EXEC_HANDLE_LUT;
   CHECK_ERR(submit(fd, objs, 2, 0, flags), 0);

   CHECK(t[4] == 0xcafe0001, "MI_STORE_DATA_IMM wrote 0x%08x", t[4]);
   CHECK(t[8] == 0x5eed0002, "MI_STORE_REGISTER_MEM wrote 0x%08x", t[8]);
   if (gen < 8) {
      /* Relocations land in the batch and the chosen offsets come back. */
      CHECK(objs[0].offset != 0 && objs[0].offset < (1ull << 31),
            "target placed at 0x%llx", (unsigned long long)objs[0].offset);
      CHECK(sdi[sdi_addr_dw] == (uint32_t)objs[0].offset + 16,
            "reloc wrote 0x%08x, object at 0x%llx", sdi[sdi_addr_dw],
            (unsigned long long)objs[0].offset);
      CHECK(srm[2] == (uint32_t)objs[0].offset + 32, "reloc wrote 0x%08x", srm[2]);
      CHECK(relocs[0].presumed_offset == objs[0].offset,
            "presumed_offset updated to 0x%llx",
            (unsigned long long)relocs[0].presumed_offset);
   }
   bo_close(fd, target);
   bo_close(fd, batch);
}

/* A USERPTR batch is the application's own memory: relocations patch it
 * there, and BATCH_FIRST names the first object as the batch. */
static void
test_userptr_batch_first(void)
{
   uint32_t *user = mmap(NULL, BO_SIZE, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
   struct drm_i915_gem_userptr up = { .user_ptr = (uintptr_t)user, .user_size = BO_SIZE };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &up), 0);
   uint32_t target = bo_create(fd, BO_SIZE);
   uint32_t *t = bo_map(fd, target, BO_SIZE);
   memset(t, 0, 64);

   uint32_t *p = emit_store_dword(user, gen, TARGET_ADDR + 8, 0x600d);
   *p++ = MI_BATCH_BUFFER_END;
   const unsigned addr_dw = gen < 8 ? 2 : 1;
   struct drm_i915_gem_relocation_entry reloc = {
      .target_handle = 1, .delta = 8, .offset = addr_dw * 4,
      .read_domains = I915_GEM_DOMAIN_RENDER, .write_domain = I915_GEM_DOMAIN_RENDER,
   };
   struct drm_i915_gem_exec_object2 objs[2] = {
      { .handle = up.handle, .relocs_ptr = (uintptr_t)&reloc, .relocation_count = 1 },
      { .handle = target },
   };
   if (gen >= 8) {
      pin(&objs[1], target, TARGET_ADDR);
      objs[0].flags = EXEC_OBJECT_SUPPORTS_48B_ADDRESS;
   }
   CHECK_ERR(submit(fd, objs, 2, 0, I915_EXEC_HANDLE_LUT | I915_EXEC_BATCH_FIRST), 0);
   CHECK(user[addr_dw] == (uint32_t)objs[1].offset + 8,
         "relocation in user memory: 0x%08x, target at 0x%llx", user[addr_dw],
         (unsigned long long)objs[1].offset);
   CHECK(t[2] == 0x600d, "store from the USERPTR batch: 0x%x", t[2]);
   bo_close(fd, up.handle);
   bo_close(fd, target);
   munmap(user, BO_SIZE);
}

/* A submission pins a USERPTR object's pages: an unmapped or inaccessible
 * page, or a read-only one under an object that may be written, fails it
 * with EFAULT, as the kernel does; a read-only object on read-only memory
 * runs. */
static int
submit_userptr_batch(int prot, bool unmap, uint32_t flags)
{
   uint32_t *user = mmap(NULL, BO_SIZE, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
   user[0] = MI_BATCH_BUFFER_END;
   struct drm_i915_gem_userptr up = { .user_ptr = (uintptr_t)user, .user_size = BO_SIZE,
                                      .flags = flags };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &up), 0);
   if (unmap)
      munmap(user, BO_SIZE);
   else
      mprotect(user, BO_SIZE, prot);
   struct drm_i915_gem_exec_object2 obj = { .handle = up.handle };
   int err = submit(fd, &obj, 1, 0, 0);
   bo_close(fd, up.handle);
   if (!unmap)
      munmap(user, BO_SIZE);
   return err;
}

static void
test_userptr_pages(void)
{
   CHECK_ERR(submit_userptr_batch(PROT_NONE, false, 0), EFAULT);
   CHECK_ERR(submit_userptr_batch(0, true, 0), EFAULT);
   CHECK_ERR(submit_userptr_batch(PROT_READ, false, 0), EFAULT);
   CHECK_ERR(submit_userptr_batch(PROT_READ, false, I915_USERPTR_READ_ONLY), 0);
}

/* A GPU write to a read-only USERPTR object is discarded, as i915's
 * read-only PTEs discard it: the batch runs, the memory keeps its bytes
 * (here read-only memory, which a write through vgpu would have crashed
 * on). */
static void
test_userptr_readonly_write(void)
{
   uint32_t *user = mmap(NULL, BO_SIZE, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
   user[2] = 0x5a5a;
   mprotect(user, BO_SIZE, PROT_READ);
   struct drm_i915_gem_userptr up = { .user_ptr = (uintptr_t)user, .user_size = BO_SIZE,
                                      .flags = I915_USERPTR_READ_ONLY };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_USERPTR, &up), 0);
   uint32_t batch = bo_create(fd, BO_SIZE);
   uint32_t *b = bo_map(fd, batch, BO_SIZE);
   uint32_t *p = emit_store_dword(b, gen, TARGET_ADDR + 8, 0x600d);
   *p++ = MI_BATCH_BUFFER_END;
   const unsigned addr_dw = gen < 8 ? 2 : 1;
   struct drm_i915_gem_relocation_entry reloc = {
      .target_handle = 0, .delta = 8, .offset = addr_dw * 4,
      .read_domains = I915_GEM_DOMAIN_RENDER, .write_domain = I915_GEM_DOMAIN_RENDER,
   };
   struct drm_i915_gem_exec_object2 objs[2] = {
      { .handle = up.handle },
      { .handle = batch, .relocs_ptr = (uintptr_t)&reloc, .relocation_count = 1 },
   };
   if (gen >= 8) {
      pin(&objs[0], up.handle, TARGET_ADDR);
      objs[1].flags = EXEC_OBJECT_SUPPORTS_48B_ADDRESS;
   }
   CHECK_ERR(submit(fd, objs, 2, 0, I915_EXEC_HANDLE_LUT), 0);
   CHECK(user[2] == 0x5a5a, "store into a read-only USERPTR: 0x%x", user[2]);
   bo_close(fd, batch);
   bo_close(fd, up.handle);
   munmap(user, BO_SIZE);
}

static void
test_softpin_checks(void)
{
   if (gen < 8)
      return;
   uint32_t a = bo_create(fd, 2 * BO_SIZE), batch = bo_create(fd, BO_SIZE);
   uint32_t *b = bo_map(fd, batch, BO_SIZE);
   b[0] = MI_BATCH_BUFFER_END;
   struct drm_i915_gem_exec_object2 objs[2];

   /* Overlapping pinned objects cannot both be bound. */
   pin(&objs[0], a, BATCH_ADDR);
   pin(&objs[1], batch, BATCH_ADDR + BO_SIZE);
   int err = submit(fd, objs, 2, 0, 0);
   CHECK(err == ENOSPC || err == EINVAL, "overlap gave %d", err);

   /* Unaligned and non-canonical offsets are invalid. */
   pin(&objs[0], a, TARGET_ADDR + 8);
   pin(&objs[1], batch, BATCH_ADDR);
   CHECK_ERR(submit(fd, objs, 2, 0, 0), EINVAL);
   pin(&objs[0], a, 0x0000900000000000ull);   /* bit 47 set, not sign-extended */
   CHECK_ERR(submit(fd, objs, 2, 0, 0), EINVAL);
   /* The same object twice in one list. */
   pin(&objs[0], batch, TARGET_ADDR);
   CHECK_ERR(submit(fd, objs, 2, 0, 0), EINVAL);
   /* A canonical high address is accepted. */
   pin(&objs[0], a, 0xffff900000000000ull);
   CHECK_ERR(submit(fd, objs, 2, 0, 0), 0);
   bo_close(fd, a);
   bo_close(fd, batch);
}

/* Builds a batch that writes 1, calls (or jumps to) a second batch that
 * writes 2, and writes 3 after it: returns what landed in the target. */
static void
test_chaining(void)
{
   uint32_t target = bo_create(fd, BO_SIZE);
   uint32_t first = bo_create(fd, BO_SIZE), second = bo_create(fd, BO_SIZE);
   uint32_t *t = bo_map(fd, target, BO_SIZE);
   uint32_t *b1 = bo_map(fd, first, BO_SIZE), *b2 = bo_map(fd, second, BO_SIZE);
   const uint64_t second_addr = BATCH_ADDR + 0x10000;
   bool second_level = verx10 >= 75;
   if (gen < 8)
      return;   /* Gen7 chaining is covered through Mesa's hasvk batches */

   for (int level = 0; level < 2; level++) {
      if (level == 1 && !second_level)
         break;
      memset(t, 0, 64);
      uint32_t *p = emit_store_dword(b1, gen, TARGET_ADDR, 1);
      p = emit_batch_start(p, gen, second_addr, level ? MI_BBS_2ND_LEVEL : 0);
      p = emit_store_dword(p, gen, TARGET_ADDR + 8, 3);
      *p++ = MI_BATCH_BUFFER_END;
      p = emit_store_dword(b2, gen, TARGET_ADDR + 4, 2);
      *p++ = MI_BATCH_BUFFER_END;

      struct drm_i915_gem_exec_object2 objs[3];
      pin(&objs[0], target, TARGET_ADDR);
      pin(&objs[1], second, second_addr);
      pin(&objs[2], first, BATCH_ADDR);
      CHECK_ERR(submit(fd, objs, 3, 0, 0), 0);
      CHECK(t[0] == 1 && t[1] == 2, "level %d: first/second stores %u %u", level, t[0], t[1]);
      /* A chained batch never returns; a second-level one does. */
      CHECK(t[2] == (level ? 3u : 0u), "level %d: store after BB_START: %u", level, t[2]);
   }
   bo_close(fd, target);
   bo_close(fd, first);
   bo_close(fd, second);
}

static void
check_context_lost(uint32_t ctx, const char *what)
{
   struct drm_i915_reset_stats rs = { .ctx_id = ctx };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GET_RESET_STATS, &rs), 0);
   CHECK(rs.batch_active >= 1, "%s: batch_active %u", what, rs.batch_active);

   uint32_t batch = bo_create(fd, BO_SIZE);
   uint32_t *b = bo_map(fd, batch, BO_SIZE);
   b[0] = MI_BATCH_BUFFER_END;
   struct drm_i915_gem_exec_object2 obj = { .handle = batch };
   if (gen >= 8)
      pin(&obj, batch, BATCH_ADDR);
   CHECK_ERR(submit(fd, &obj, 1, ctx, 0), EIO);
   /* Other contexts are innocent and keep working. */
   CHECK_ERR(submit(fd, &obj, 1, create_context(), 0), 0);
   bo_close(fd, batch);
}

static void
test_page_fault(void)
{
   uint32_t ctx = create_context();
   uint32_t batch = bo_create(fd, BO_SIZE);
   uint32_t *b = bo_map(fd, batch, BO_SIZE);
   uint32_t *p = emit_store_dword(b, gen, 0x7ff00000, 0xbad);
   *p++ = MI_BATCH_BUFFER_END;

   struct drm_syncobj_create sc = { 0 };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_CREATE, &sc), 0);
   struct drm_i915_gem_exec_fence fence = { .handle = sc.handle,
                                            .flags = I915_EXEC_FENCE_SIGNAL };
   struct drm_i915_gem_exec_object2 obj = { .handle = batch };
   if (gen >= 8)
      pin(&obj, batch, BATCH_ADDR);
   struct drm_i915_gem_execbuffer2 eb = {
      .buffers_ptr = (uintptr_t)&obj, .buffer_count = 1, .rsvd1 = ctx,
      .flags = I915_EXEC_FENCE_ARRAY,
      .cliprects_ptr = (uintptr_t)&fence, .num_cliprects = 1,
   };
   /* The submission itself succeeds: the fault happens on the GPU. */
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &eb), 0);
   struct drm_syncobj_wait w = { .handles = (uintptr_t)&sc.handle, .count_handles = 1,
                                 .timeout_nsec = now_ns() + 1000000000 };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_SYNCOBJ_WAIT, &w), 0);
   check_context_lost(ctx, "page fault");
   bo_close(fd, batch);
}

static void
test_runaway_batch(void)
{
   if (gen < 8)
      return;
   uint32_t ctx = create_context();
   uint32_t batch = bo_create(fd, BO_SIZE);
   uint32_t *b = bo_map(fd, batch, BO_SIZE);
   emit_batch_start(b, gen, BATCH_ADDR, 0);   /* jumps to itself forever */
   struct drm_i915_gem_exec_object2 obj;
   pin(&obj, batch, BATCH_ADDR);
   CHECK_ERR(submit(fd, &obj, 1, ctx, 0), 0);
   check_context_lost(ctx, "runaway batch");
   bo_close(fd, batch);
}

static void
test_batch_bounds(void)
{
   uint32_t batch = bo_create(fd, BO_SIZE);
   uint32_t *b = bo_map(fd, batch, BO_SIZE);
   b[0] = MI_BATCH_BUFFER_END;
   struct drm_i915_gem_exec_object2 obj = { .handle = batch };
   if (gen >= 8)
      pin(&obj, batch, BATCH_ADDR);
   struct drm_i915_gem_execbuffer2 eb = { .buffers_ptr = (uintptr_t)&obj,
                                          .buffer_count = 1 };
   eb.batch_len = 2 * BO_SIZE;
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &eb), EINVAL);
   eb.batch_len = 0;
   eb.batch_start_offset = 4;
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &eb), EINVAL);
   eb.batch_start_offset = 0;
   eb.rsvd1 = 999;
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &eb), ENOENT);
   eb.rsvd1 = 0;
   eb.flags = 1ull << 40;
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &eb), EINVAL);
   eb.flags = I915_EXEC_BLT;
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &eb), EINVAL);
   eb.flags = 0;
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &eb), 0);
   bo_close(fd, batch);
}

static uint32_t *
emit_lri(uint32_t *p, uint32_t reg, uint32_t value)
{
   *p++ = MI_LOAD_REGISTER_IMM;
   *p++ = reg;
   *p++ = value;
   return p;
}

static uint32_t *
emit_lri64(uint32_t *p, uint32_t reg, uint64_t value)
{
   p = emit_lri(p, reg, (uint32_t)value);
   return emit_lri(p, reg + 4, (uint32_t)(value >> 32));
}

static uint32_t *
emit_srm(uint32_t *p, uint32_t reg, uint64_t addr)
{
   *p++ = MI_STORE_REGISTER_MEM | 2;
   *p++ = reg;
   return emit_addr(p, gen, addr);
}

#define GPR(n) (0x2600 + 8 * (n))
#define ALU(op, a, b) (((uint32_t)(op) << 20) | ((a) << 10) | (b))
enum { LOAD = 0x080, LOADINV = 0x480, LOAD1 = 0x481, ADD = 0x100, SUB = 0x101,
       AND = 0x102, OR = 0x103, XOR = 0x104, STORE = 0x180, STOREINV = 0x580 };
enum { SRCA = 0x20, SRCB = 0x21, ACCU = 0x31, ZF = 0x32, CF = 0x33 };

/* MI_MATH on Haswell+ (run on Gen8+ here, where objects are softpinned):
 * the results are computed in C by the test and compared through memory. */
static void
test_mi_math(void)
{
   if (gen < 8)
      return;
   const uint64_t a = 0xfffffffff0000005ull, b = 0x000000001000000bull;
   uint32_t target = bo_create(fd, BO_SIZE), batch = bo_create(fd, BO_SIZE);
   uint64_t *t = bo_map(fd, target, BO_SIZE);
   uint32_t *bb = bo_map(fd, batch, BO_SIZE), *p = bb;
   memset(t, 0, 128);
   p = emit_lri64(p, GPR(0), a);
   p = emit_lri64(p, GPR(1), b);
   const uint32_t math[] = {
      ALU(LOAD, SRCA, 0), ALU(LOAD, SRCB, 1), ALU(ADD, 0, 0), ALU(STORE, 2, ACCU),
      ALU(STORE, 3, CF),
      ALU(SUB, 0, 0), ALU(STORE, 4, ACCU), ALU(STORE, 5, CF),
      ALU(LOADINV, SRCA, 1), ALU(LOAD1, SRCB, 0), ALU(XOR, 0, 0), ALU(STOREINV, 6, ACCU),
      ALU(LOAD, SRCA, 0), ALU(LOAD, SRCB, 0), ALU(SUB, 0, 0), ALU(STORE, 7, ZF),
   };
   *p++ = MI_CMD(0x1a) | (uint32_t)(sizeof(math) / 4 - 1);
   memcpy(p, math, sizeof(math));
   p += sizeof(math) / 4;
   for (unsigned r = 2; r < 8; r++) {
      p = emit_srm(p, GPR(r), TARGET_ADDR + r * 8);
      p = emit_srm(p, GPR(r) + 4, TARGET_ADDR + r * 8 + 4);
   }
   *p++ = MI_BATCH_BUFFER_END;
   struct drm_i915_gem_exec_object2 objs[2];
   pin(&objs[0], target, TARGET_ADDR);
   pin(&objs[1], batch, BATCH_ADDR);
   CHECK_ERR(submit(fd, objs, 2, 0, 0), 0);
   CHECK(t[2] == a + b, "ADD gave 0x%llx", (unsigned long long)t[2]);
   CHECK(t[3] == ~0ull, "ADD carry gave 0x%llx", (unsigned long long)t[3]);
   CHECK(t[4] == a - b, "SUB gave 0x%llx", (unsigned long long)t[4]);
   CHECK(t[5] == 0, "SUB borrow gave 0x%llx", (unsigned long long)t[5]);
   CHECK(t[6] == ~(~b ^ 1), "LOADINV/XOR/STOREINV gave 0x%llx", (unsigned long long)t[6]);
   CHECK(t[7] == ~0ull, "ZF of a - a gave 0x%llx", (unsigned long long)t[7]);
   bo_close(fd, target);
   bo_close(fd, batch);
}

/* MI_PREDICATE sets the predicate from a comparison; a predicated
 * MI_BATCH_BUFFER_START (Gen8+) is skipped while it is false. */
static void
test_mi_predicate(void)
{
   if (gen < 8)
      return;
   uint32_t target = bo_create(fd, BO_SIZE), batch = bo_create(fd, BO_SIZE);
   uint32_t *t = bo_map(fd, target, BO_SIZE);
   uint32_t *bb = bo_map(fd, batch, BO_SIZE);
   for (int equal = 0; equal < 2; equal++) {
      memset(t, 0, 64);
      uint32_t *p = bb;
      p = emit_lri64(p, 0x2400, 42);                      /* MI_PREDICATE_SRC0 */
      p = emit_lri64(p, 0x2408, equal ? 42 : 43);         /* MI_PREDICATE_SRC1 */
      *p++ = MI_CMD(0x0c) | (2 << 6) | (0 << 3) | 2;      /* LOAD, SET, SRCS_EQUAL */
      p = emit_srm(p, 0x2418, TARGET_ADDR);               /* MI_PREDICATE_RESULT */
      /* Predicated call of a second-level batch that stores 7. */
      p = emit_batch_start(p, gen, BATCH_ADDR + 0x800, MI_BBS_2ND_LEVEL | (1u << 15));
      *p++ = MI_BATCH_BUFFER_END;
      uint32_t *sub = emit_store_dword(bb + 0x200, gen, TARGET_ADDR + 4, 7);
      *sub = MI_BATCH_BUFFER_END;
      struct drm_i915_gem_exec_object2 objs[2];
      pin(&objs[0], target, TARGET_ADDR);
      pin(&objs[1], batch, BATCH_ADDR);
      CHECK_ERR(submit(fd, objs, 2, 0, 0), 0);
      CHECK(t[0] == (uint32_t)equal, "predicate %u for equal=%d", t[0], equal);
      CHECK(t[1] == (equal ? 7u : 0u), "predicated batch stored %u for equal=%d",
            t[1], equal);
   }
   bo_close(fd, target);
   bo_close(fd, batch);
}

/* MI_PREDICATE's three steps on every generation, from the PRM's
 * definition (Vol. 2a, MI_PREDICATE): the compare result C (TRUE, FALSE,
 * SRC0 == SRC1) is combined with the predicate P (SET: C; AND, OR, XOR
 * with P), then the predicate keeps P (KEEP) or takes the combination
 * (LOAD) or its inverse (LOADINV).  Each case starts from a predicate
 * set with LOAD/SET/TRUE or FALSE, and MI_PREDICATE_RESULT is stored into
 * the batch object's second half (relocated on Gen7). */
enum { PRED_COMPARE_TRUE, PRED_COMPARE_FALSE, PRED_COMPARE_SRCS_EQUAL };
enum { PRED_SET, PRED_AND, PRED_OR, PRED_XOR };
enum { PRED_KEEP = 0, PRED_LOAD = 2, PRED_LOADINV = 3 };
#define PRED_RESULTS 0x1000u
#define MAX_PRED_RELOCS 128

static uint32_t
mi_predicate(unsigned load, unsigned combine, unsigned compare)
{
   return MI_CMD(0x0c) | (load << 6) | (combine << 3) | compare;
}

struct pred_batch {
   uint32_t *start, *p;
   struct drm_i915_gem_relocation_entry relocs[MAX_PRED_RELOCS];
   unsigned num_relocs, num_results;
};

/* Stores MI_PREDICATE_RESULT into the next result slot. */
static void
pred_store(struct pred_batch *b)
{
   const uint32_t offset = PRED_RESULTS + 4 * b->num_results++;
   *b->p++ = MI_STORE_REGISTER_MEM | (gen >= 8 ? 2 : 1);
   *b->p++ = 0x2418;                                    /* MI_PREDICATE_RESULT */
   if (gen < 8)
      b->relocs[b->num_relocs++] = (struct drm_i915_gem_relocation_entry){
         .offset = (uint64_t)(b->p - b->start) * 4, .delta = offset,
         .read_domains = I915_GEM_DOMAIN_RENDER, .write_domain = I915_GEM_DOMAIN_RENDER };
   b->p = emit_addr(b->p, gen, BATCH_ADDR + offset);
}

static const uint32_t *
pred_run(struct pred_batch *b, uint32_t handle)
{
   *b->p++ = MI_BATCH_BUFFER_END;
   struct drm_i915_gem_exec_object2 obj = { .handle = handle };
   if (gen >= 8) {
      pin(&obj, handle, BATCH_ADDR);
   } else {
      obj.relocs_ptr = (uintptr_t)b->relocs;
      obj.relocation_count = b->num_relocs;
   }
   CHECK_ERR(submit(fd, &obj, 1, 0, gen >= 8 ? 0 : I915_EXEC_HANDLE_LUT), 0);
   return b->start + PRED_RESULTS / 4;
}

static bool
pred_expected(bool p, unsigned load, unsigned combine, bool c)
{
   const bool combined = combine == PRED_SET ? c : combine == PRED_AND ? p && c :
                         combine == PRED_OR ? p || c : p != c;
   return load == PRED_KEEP ? p : load == PRED_LOAD ? combined : !combined;
}

static void
test_mi_predicate_operations(void)
{
   static const unsigned loads[] = { PRED_KEEP, PRED_LOAD, PRED_LOADINV };
   const uint32_t size = 2 * PRED_RESULTS;
   uint32_t bo = bo_create(fd, size);
   struct pred_batch b = { .start = bo_map(fd, bo, size) };
   memset(b.start, 0, size);
   b.p = b.start;
   /* SRC0 == SRC1: SRCS_EQUAL compares true. */
   b.p = emit_lri64(b.p, 0x2400, 5);
   b.p = emit_lri64(b.p, 0x2408, 5);
   for (unsigned p0 = 0; p0 < 2; p0++)
   for (unsigned compare = 0; compare < 3; compare++)
   for (unsigned combine = 0; combine < 4; combine++)
   for (unsigned l = 0; l < sizeof(loads) / sizeof(loads[0]); l++) {
      *b.p++ = mi_predicate(PRED_LOAD, PRED_SET, p0 ? PRED_COMPARE_TRUE : PRED_COMPARE_FALSE);
      *b.p++ = mi_predicate(loads[l], combine, compare);
      pred_store(&b);
   }
   const uint32_t *r = pred_run(&b, bo);
   unsigned i = 0;
   for (unsigned p0 = 0; p0 < 2; p0++)
   for (unsigned compare = 0; compare < 3; compare++)
   for (unsigned combine = 0; combine < 4; combine++)
   for (unsigned l = 0; l < sizeof(loads) / sizeof(loads[0]); l++, i++) {
      const bool c = compare != PRED_COMPARE_FALSE;
      const uint32_t want = pred_expected(p0, loads[l], combine, c);
      CHECK(r[i] == want, "MI_PREDICATE load %u combine %u compare %u from %u: %u, "
            "expected %u", loads[l], combine, compare, p0, r[i], want);
   }
   bo_close(fd, bo);
}

/* The sequence Mesa's Gen7 indirect dispatch (and genvk's) programs:
 * P = x == 0; P |= y == 0; P |= z == 0; P = !P (LOADINV, OR, FALSE), so
 * the walker runs only when no dimension is zero. */
static void
test_mi_predicate_nonzero_dims(void)
{
   static const uint32_t dims[][3] = {
      { 1, 1, 1 }, { 0, 1, 1 }, { 1, 0, 1 }, { 1, 1, 0 }, { 0, 0, 0 }, { 7, 3, 2 },
   };
   const uint32_t size = 2 * PRED_RESULTS;
   uint32_t bo = bo_create(fd, size);
   struct pred_batch b = { .start = bo_map(fd, bo, size) };
   memset(b.start, 0, size);
   b.p = emit_lri64(b.start, 0x2408, 0);
   for (unsigned d = 0; d < sizeof(dims) / sizeof(dims[0]); d++) {
      for (unsigned i = 0; i < 3; i++) {
         b.p = emit_lri64(b.p, 0x2400, dims[d][i]);
         *b.p++ = mi_predicate(PRED_LOAD, i ? PRED_OR : PRED_SET, PRED_COMPARE_SRCS_EQUAL);
      }
      *b.p++ = mi_predicate(PRED_LOADINV, PRED_OR, PRED_COMPARE_FALSE);
      pred_store(&b);
   }
   const uint32_t *r = pred_run(&b, bo);
   for (unsigned d = 0; d < sizeof(dims) / sizeof(dims[0]); d++) {
      const uint32_t want = dims[d][0] && dims[d][1] && dims[d][2];
      CHECK(r[d] == want, "dimensions %u,%u,%u: predicate %u, expected %u",
            dims[d][0], dims[d][1], dims[d][2], r[d], want);
   }
   bo_close(fd, bo);
}

/* MI_SEMAPHORE_WAIT (Gen8+) proceeds when its condition holds; one that can
 * never hold is a hang. */
static void
test_semaphore_wait(void)
{
   if (gen < 8)
      return;
   uint32_t target = bo_create(fd, BO_SIZE), batch = bo_create(fd, BO_SIZE);
   uint32_t *t = bo_map(fd, target, BO_SIZE);
   for (int holds = 1; holds >= 0; holds--) {
      struct drm_i915_gem_context_create_ext cc = { 0 };
      CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &cc), 0);
      memset(t, 0, 64);
      t[0] = 7;
      uint32_t *p = bo_map(fd, batch, BO_SIZE);
      *p++ = MI_CMD(0x1c) | (1u << 15) | (4u << 12) | (gen >= 12 ? 3 : 2); /* == */
      *p++ = holds ? 7 : 8;
      p = emit_addr(p, gen, TARGET_ADDR);
      if (gen >= 12)
         *p++ = 0;
      p = emit_store_dword(p, gen, TARGET_ADDR + 4, 1);
      *p++ = MI_BATCH_BUFFER_END;
      struct drm_i915_gem_exec_object2 objs[2];
      pin(&objs[0], target, TARGET_ADDR);
      pin(&objs[1], batch, BATCH_ADDR);
      CHECK_ERR(submit(fd, objs, 2, cc.ctx_id, 0), 0);
      struct drm_i915_reset_stats rs = { .ctx_id = cc.ctx_id };
      CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GET_RESET_STATS, &rs), 0);
      CHECK(t[1] == (uint32_t)holds, "store after the wait: %u (condition %s)", t[1],
            holds ? "holds" : "never holds");
      CHECK(rs.batch_active == (uint32_t)!holds, "hangs counted: %u", rs.batch_active);
   }
   bo_close(fd, target);
   bo_close(fd, batch);
}

/* One MI_CONDITIONAL_BATCH_BUFFER_END case: the dwords at the compare
 * address, the command's extra DW0 bits and data dword, whether it sits in
 * a second-level batch, and which stores must land: the one after the
 * command (t[1]) and the one after the second-level call (t[2]). */
struct cond_end_case {
   const char *what;
   uint32_t mem[2], bits, data;
   bool nested;
   uint32_t after_cmd, after_call;
};

static void
run_cond_end(const struct cond_end_case *c, uint32_t target, uint32_t batch,
             uint32_t nested)
{
   const uint64_t nested_addr = BATCH_ADDR + 0x10000;
   const uint32_t compare_semaphore = 1u << 21;
   uint32_t *t = bo_map(fd, target, BO_SIZE);
   memset(t, 0, 64);
   memcpy(&t[8], c->mem, sizeof(c->mem));
   uint32_t *p = bo_map(fd, batch, BO_SIZE);
   uint32_t *q = bo_map(fd, nested, BO_SIZE);
   uint32_t *cmd = c->nested ? q : p;
   if (c->nested) {
      p = emit_batch_start(p, gen, nested_addr, MI_BBS_2ND_LEVEL);
      p = emit_store_dword(p, gen, TARGET_ADDR + 8, 1);
      *p++ = MI_BATCH_BUFFER_END;
   }
   *cmd++ = MI_CMD(0x36) | compare_semaphore | c->bits | 2;
   *cmd++ = c->data;
   cmd = emit_addr(cmd, gen, TARGET_ADDR + 32);
   cmd = emit_store_dword(cmd, gen, TARGET_ADDR + 4, 1);
   *cmd++ = MI_BATCH_BUFFER_END;
   struct drm_i915_gem_exec_object2 objs[3];
   pin(&objs[0], target, TARGET_ADDR);
   pin(&objs[1], nested, nested_addr);
   pin(&objs[2], batch, BATCH_ADDR);
   CHECK_ERR(submit(fd, objs, 3, 0, 0), 0);
   CHECK(t[1] == c->after_cmd, "%s: store after the command: %u", c->what, t[1]);
   if (c->nested)
      CHECK(t[2] == c->after_call, "%s: store after the call: %u", c->what, t[2]);
}

/* MI_CONDITIONAL_BATCH_BUFFER_END (Gen8+ here; Gen7 needs relocations):
 * the batch goes on while memory > data (Gen12: the chosen comparison);
 * Compare Mask Mode (Gen9+) ANDs the fetched qword's low dword into its
 * high one; ending leaves every level unless Gen12's End Current Batch
 * Buffer Level is set. */
static void
test_conditional_end(void)
{
   if (gen < 8)
      return;
   const uint32_t mask_mode = 1u << 19, current_level = 1u << 18;
   const struct cond_end_case cases[] = {
      { "memory above data", { 6 }, 0, 5, false, 1, 0 },
      { "memory equal to data", { 5 }, 0, 5, false, 0, 0 },
      { "nested, memory equal to data", { 5 }, 0, 5, true, 0, 0 },
      { "nested, memory above data", { 9 }, 0, 5, true, 1, 1 },
   };
   const struct cond_end_case gen9_cases[] = {
      /* 0xff & 0x1005 = 5 is not above 0x10; either dword alone is. */
      { "masked", { 0xff, 0x1005 }, mask_mode, 0x10, false, 0, 0 },
      { "masked, above", { 0xff, 0x1011 }, mask_mode, 0x10, false, 1, 0 },
   };
   const struct cond_end_case gen12_cases[] = {
      { "equal, MAD_EQ_IDD", { 7 }, 4u << 12, 7, false, 1, 0 },
      { "above, MAD_LT_IDD", { 8 }, 2u << 12, 7, false, 0, 0 },
      { "nested, current level only", { 7 }, (4u << 12) | current_level, 8, true, 0, 1 },
   };
   uint32_t target = bo_create(fd, BO_SIZE), batch = bo_create(fd, BO_SIZE),
            nested = bo_create(fd, BO_SIZE);
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
      run_cond_end(&cases[i], target, batch, nested);
   for (unsigned i = 0; gen >= 9 && i < sizeof(gen9_cases) / sizeof(gen9_cases[0]); i++)
      run_cond_end(&gen9_cases[i], target, batch, nested);
   for (unsigned i = 0; gen >= 12 && i < sizeof(gen12_cases) / sizeof(gen12_cases[0]); i++)
      run_cond_end(&gen12_cases[i], target, batch, nested);
   bo_close(fd, target);
   bo_close(fd, batch);
   bo_close(fd, nested);
}

/* GPGPU_WALKER's length is 8 bits wide: bits 8 (Predicate Enable) and 10
 * (Indirect Parameter Enable) are flags, unlike the 16-bit length of the
 * other media commands.  A walker with both set and no thread group (the
 * GPGPU_DISPATCHDIM registers are 0) must be followed by the next
 * command. */
static void
test_walker_length(void)
{
   if (gen < 8)
      return;
   uint32_t target = bo_create(fd, BO_SIZE), batch = bo_create(fd, BO_SIZE);
   uint32_t *t = bo_map(fd, target, BO_SIZE);
   uint32_t *p = bo_map(fd, batch, BO_SIZE);
   memset(t, 0, 64);
   const uint32_t walker[15] = {
      [0] = 0x71050000u | (1u << 10) | (1u << 8) | 13,
      [4] = 1u << 30,                 /* SIMD16 */
      [13] = 0xffff, [14] = 0xffffffff,
   };
   memcpy(p, walker, sizeof(walker));
   p = emit_store_dword(p + 15, gen, TARGET_ADDR, 5);
   *p++ = MI_BATCH_BUFFER_END;
   struct drm_i915_gem_exec_object2 objs[2];
   pin(&objs[0], target, TARGET_ADDR);
   pin(&objs[1], batch, BATCH_ADDR);
   CHECK_ERR(submit(fd, objs, 2, 0, 0), 0);
   CHECK(t[0] == 5, "store after an indirect, predicated GPGPU_WALKER: %u", t[0]);
   bo_close(fd, target);
   bo_close(fd, batch);
}

/* Gen11+: register commands with "Add CS MMIO Start Offset" (DW0 bit 19)
 * name registers relative to the render engine's base, 0x2000. */
static void
test_relative_registers(void)
{
   if (gen < 11)
      return;
   const uint32_t relative = 1u << 19;
   uint32_t target = bo_create(fd, BO_SIZE), batch = bo_create(fd, BO_SIZE);
   uint32_t *t = bo_map(fd, target, BO_SIZE);
   uint32_t *p = bo_map(fd, batch, BO_SIZE);
   memset(t, 0, 64);
   *p++ = MI_LOAD_REGISTER_IMM | relative;
   *p++ = GPR(3) - 0x2000;
   *p++ = 0x1234abcd;
   p = emit_srm(p, GPR(3), TARGET_ADDR);                   /* absolute read */
   *p++ = (MI_STORE_REGISTER_MEM | 2) | relative;
   *p++ = 0x358;                                            /* TIMESTAMP */
   p = emit_addr(p, gen, TARGET_ADDR + 8);
   *p++ = MI_BATCH_BUFFER_END;
   struct drm_i915_gem_exec_object2 objs[2];
   pin(&objs[0], target, TARGET_ADDR);
   pin(&objs[1], batch, BATCH_ADDR);
   CHECK_ERR(submit(fd, objs, 2, 0, 0), 0);
   CHECK(t[0] == 0x1234abcd, "relative LRI landed as 0x%x", t[0]);
   CHECK(t[2] != 0, "relative SRM of TIMESTAMP read 0");
   bo_close(fd, target);
   bo_close(fd, batch);
}

/* The render TIMESTAMP is the one register userspace may read; it counts
 * at the advertised frequency. */
static void
test_timestamp(void)
{
   struct drm_i915_reg_read r1 = { .offset = 0x2358 | I915_REG_READ_8B_WA };
   struct drm_i915_reg_read r2 = r1;
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_REG_READ, &r1), 0);
   usleep(20000);
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_REG_READ, &r2), 0);
   uint64_t freq = (uint64_t)get_param(fd, I915_PARAM_CS_TIMESTAMP_FREQUENCY);
   /* The counter is 36 bits wide and wraps. */
   const uint64_t mask = (1ull << 36) - 1;
   uint64_t ticks = (r2.val - r1.val) & mask;
   CHECK(!(r1.val & ~mask) && !(r2.val & ~mask), "TIMESTAMP beyond 36 bits: 0x%llx",
         (unsigned long long)r2.val);
   /* usleep sleeps at least 20 ms: at least 10 ms worth of ticks. */
   CHECK(ticks >= freq / 100, "%llu ticks in 20 ms at %llu Hz",
         (unsigned long long)ticks, (unsigned long long)freq);
}

int
main(void)
{
   fd = open_render_node();
   verx10 = device_verx10(fd);
   gen = verx10 / 10;
   test_store_data_and_register();
   test_userptr_batch_first();
   test_userptr_pages();
   test_userptr_readonly_write();
   test_softpin_checks();
   test_chaining();
   test_page_fault();
   test_runaway_batch();
   test_batch_bounds();
   test_timestamp();
   test_mi_math();
   test_mi_predicate();
   test_mi_predicate_operations();
   test_mi_predicate_nonzero_dims();
   test_relative_registers();
   test_semaphore_wait();
   test_conditional_end();
   test_walker_length();
   close(fd);
   return test_finish("test_exec");
}

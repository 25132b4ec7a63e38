/* A small harness for ioctl-level tests of vgpu.  The tests run as ordinary
 * programs under scripts/vgpu-run and talk to /dev/dri/renderD128 with raw
 * ioctls, as a driver would; the command encodings below are written from
 * the PRM independently of vgpu's own tables. */
#ifndef UAPI_TEST_H
#define UAPI_TEST_H

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <drm.h>
#include <i915_drm.h>

static _Atomic int test_failures;
static _Atomic int test_checks;

#define CHECK(cond, ...)                                                   \
   do {                                                                    \
      test_checks++;                                                       \
      if (!(cond)) {                                                       \
         test_failures++;                                                  \
         fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
         fprintf(stderr, __VA_ARGS__);                                     \
         fputc('\n', stderr);                                              \
      }                                                                    \
   } while (0)

/* ioctl returning 0 or the errno, so tests compare against kernel errnos. */
static inline int
xioctl(int fd, unsigned long req, void *arg)
{
   return ioctl(fd, req, arg) == 0 ? 0 : errno;
}

#define CHECK_ERR(call, expected) \
   do { int e_ = (call); CHECK(e_ == (expected), "got %d (%s), expected %d (%s)", \
        e_, strerror(e_), (expected), strerror(expected)); } while (0)

static inline int
test_finish(const char *name)
{
   printf("%s: %d checks, %d failed\n", name, test_checks, test_failures);
   return test_failures ? 1 : 0;
}

static inline int
open_render_node(void)
{
   int fd = open("/dev/dri/renderD128", O_RDWR | O_CLOEXEC);
   if (fd < 0) {
      printf("SKIP: cannot open /dev/dri/renderD128 (%s): run under scripts/vgpu-run\n",
             strerror(errno));
      exit(77);
   }
   return fd;
}

static inline int
get_param(int fd, int param)
{
   int value = -1;
   struct drm_i915_getparam gp = { .param = param, .value = &value };
   return ioctl(fd, DRM_IOCTL_I915_GETPARAM, &gp) == 0 ? value : -1;
}

/* Generation x10 of the emulated parts, from the PCI id (test's own table). */
static inline int
device_verx10(int fd)
{
   switch (get_param(fd, I915_PARAM_CHIPSET_ID)) {
   case 0x0162: return 70;
   case 0x0416: return 75;
   case 0x1616: return 80;
   case 0x1912: case 0x5912: return 90;
   case 0x8a52: return 110;
   case 0x9a49: return 120;
   default:
      printf("SKIP: unknown emulated device\n");
      exit(77);
   }
}

static inline int
device_gen(int fd)
{
   return device_verx10(fd) / 10;
}

static inline uint32_t
bo_create(int fd, uint64_t size)
{
   struct drm_i915_gem_create c = { .size = size };
   if (ioctl(fd, DRM_IOCTL_I915_GEM_CREATE, &c)) {
      perror("GEM_CREATE");
      exit(1);
   }
   return c.handle;
}

static inline void *
bo_map(int fd, uint32_t handle, uint64_t size)
{
   struct drm_i915_gem_mmap_offset mo = { .handle = handle,
                                          .flags = I915_MMAP_OFFSET_WB };
   if (ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &mo)) {
      perror("GEM_MMAP_OFFSET");
      exit(1);
   }
   void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, mo.offset);
   if (p == MAP_FAILED) {
      perror("mmap");
      exit(1);
   }
   return p;
}

static inline void
bo_close(int fd, uint32_t handle)
{
   struct drm_gem_close c = { .handle = handle };
   ioctl(fd, DRM_IOCTL_GEM_CLOSE, &c);
}

static inline int64_t
now_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* ---- command encodings (PRM Vol. 2a) ---- */
#define MI_CMD(opcode) ((uint32_t)(opcode) << 23)
#define MI_BATCH_BUFFER_END MI_CMD(0x0a)
#define MI_LOAD_REGISTER_IMM (MI_CMD(0x22) | 1)
#define MI_STORE_DATA_IMM MI_CMD(0x20)
#define MI_STORE_REGISTER_MEM MI_CMD(0x24)
#define MI_BATCH_BUFFER_START MI_CMD(0x31)
#define MI_BBS_PPGTT (1u << 8)
#define MI_BBS_2ND_LEVEL (1u << 22)

/* Emits a GPU address in the generation's form (two dwords from Gen8). */
static inline uint32_t *
emit_addr(uint32_t *p, int gen, uint64_t addr)
{
   *p++ = (uint32_t)addr;
   if (gen >= 8)
      *p++ = (uint32_t)(addr >> 32);
   return p;
}

static inline uint32_t *
emit_store_dword(uint32_t *p, int gen, uint64_t addr, uint32_t value)
{
   *p++ = MI_STORE_DATA_IMM | 2;   /* 4 dwords either way */
   if (gen < 8)
      *p++ = 0;                    /* Gen7: DW1 holds control bits */
   p = emit_addr(p, gen, addr);
   *p++ = value;
   return p;
}

static inline uint32_t *
emit_batch_start(uint32_t *p, int gen, uint64_t addr, uint32_t extra)
{
   *p++ = MI_BATCH_BUFFER_START | MI_BBS_PPGTT | extra | (gen >= 8 ? 1 : 0);
   return emit_addr(p, gen, addr);
}

/* Submits one or more objects; the last is the batch.  Returns errno. */
static inline int
submit(int fd, struct drm_i915_gem_exec_object2 *objs, unsigned count,
       uint32_t ctx, uint64_t flags)
{
   struct drm_i915_gem_execbuffer2 eb = {
      .buffers_ptr = (uintptr_t)objs,
      .buffer_count = count,
      .flags = flags,
      .rsvd1 = ctx,
   };
   return xioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &eb);
}

#endif

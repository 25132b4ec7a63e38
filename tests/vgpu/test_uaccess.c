/* vgpu reads and writes ioctl arguments without a system call (a guarded
 * copy), yet every bad pointer is EFAULT as the kernel's copy_from_user and
 * copy_to_user make it: unmapped, PROT_NONE, read-only for a result,
 * straddling into a hole, from several threads at once; and the
 * application's own SIGSEGV handler still gets the faults and signals that
 * are its. */
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <sys/wait.h>

#include "uapi_test.h"

static int fd;
static long page;

static uint8_t *
map_pages(unsigned n, int prot)
{
   void *p = mmap(NULL, n * page, prot, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
   CHECK(p != MAP_FAILED, "mmap");
   return p == MAP_FAILED ? NULL : p;
}

/* GETPARAM reads its struct and writes the value through a pointer. */
static int
getparam(struct drm_i915_getparam *gp, int *value)
{
   gp->param = I915_PARAM_CHIPSET_ID;
   gp->value = value;
   return xioctl(fd, DRM_IOCTL_I915_GETPARAM, gp);
}

static void
test_bad_places(void)
{
   uint8_t *none = map_pages(1, PROT_NONE);
   uint8_t *ro = map_pages(1, PROT_READ);
   uint8_t *gone = map_pages(1, PROT_READ | PROT_WRITE);
   /* Two pages, the second made PROT_NONE: a struct that runs into it. */
   uint8_t *edge = map_pages(2, PROT_READ | PROT_WRITE);
   if (!none || !ro || !gone || !edge)
      return;
   munmap(gone, page);
   mprotect(edge + page, page, PROT_NONE);

   int value = 0;
   struct drm_i915_getparam ok;
   CHECK_ERR(getparam(&ok, &value), 0);
   CHECK(value != 0, "chipset id read back");

   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GETPARAM, none), EFAULT);
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GETPARAM, gone), EFAULT);
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GETPARAM, edge + page - 4), EFAULT);
   struct drm_i915_getparam gp;
   CHECK_ERR(getparam(&gp, (int *)(void *)ro), EFAULT);
   CHECK_ERR(getparam(&gp, (int *)(void *)none), EFAULT);
   CHECK_ERR(getparam(&gp, (int *)(void *)(edge + page - 2)), EFAULT);
   /* A read-only struct is fine for an ioctl that only reads it. */
   CHECK_ERR(getparam(&gp, &value), 0);

   struct drm_i915_gem_exec_object2 *objs = (void *)(edge + page - sizeof(*objs));
   memset(objs, 0, sizeof(*objs));
   struct drm_i915_gem_execbuffer2 eb = { .buffers_ptr = (uintptr_t)objs,
                                          .buffer_count = 2 };
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &eb), EFAULT);
   munmap(none, page);
   munmap(ro, page);
   munmap(edge, 2 * page);
}

static uint8_t *shared_hole;

static void *
hammer(void *arg)
{
   (void)arg;
   for (unsigned i = 0; i < 2000; i++) {
      int value = 0;
      struct drm_i915_getparam gp;
      CHECK_ERR(getparam(&gp, &value), 0);
      CHECK_ERR(getparam(&gp, (int *)(void *)shared_hole), EFAULT);
      CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GETPARAM, shared_hole), EFAULT);
   }
   return NULL;
}

static void
test_threads(void)
{
   shared_hole = map_pages(1, PROT_NONE);
   if (!shared_hole)
      return;
   pthread_t th[4];
   for (unsigned i = 0; i < 4; i++)
      CHECK(pthread_create(&th[i], NULL, hammer, NULL) == 0, "thread %u", i);
   for (unsigned i = 0; i < 4; i++)
      pthread_join(th[i], NULL);
   munmap(shared_hole, page);
}

static sigjmp_buf app_jump;
static volatile sig_atomic_t app_faults;

static void
app_handler(int sig)
{
   (void)sig;
   app_faults++;
   siglongjmp(app_jump, 1);
}

/* A fault of the application's own lands in its handler, installed after
 * vgpu is in use, and ioctls keep answering EFAULT afterwards. */
static void
test_application_handler(void)
{
   struct sigaction sa, old, now;
   memset(&sa, 0, sizeof(sa));
   sa.sa_handler = app_handler;
   sigemptyset(&sa.sa_mask);
   CHECK(sigaction(SIGSEGV, &sa, &old) == 0, "sigaction");
   CHECK(sigaction(SIGSEGV, NULL, &now) == 0 && now.sa_handler == app_handler,
         "the application sees its own handler");
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GETPARAM, (void *)16), EFAULT);

   volatile uint8_t *none = map_pages(1, PROT_NONE);
   if (!none)
      return;
   if (!sigsetjmp(app_jump, 1))
      none[0] = 1;
   CHECK(app_faults == 1, "the application's handler ran %d times", (int)app_faults);

   struct drm_i915_getparam gp;
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GETPARAM, (void *)none), EFAULT);
   CHECK_ERR(getparam(&gp, (int *)(uintptr_t)none), EFAULT);
   CHECK(signal(SIGSEGV, SIG_DFL) != SIG_ERR, "signal");
   CHECK_ERR(xioctl(fd, DRM_IOCTL_I915_GETPARAM, (void *)none), EFAULT);
   munmap((void *)none, page);
}

/* A SIGSEGV sent, not caused, reaches the application's handler too (in
 * a child, so the guard is still in place when it arrives). */
static void
test_sent_signal(void)
{
   pid_t pid = fork();
   if (pid == 0) {
      struct sigaction sa;
      memset(&sa, 0, sizeof(sa));
      sa.sa_handler = app_handler;
      sigemptyset(&sa.sa_mask);
      if (sigaction(SIGSEGV, &sa, NULL))
         _exit(2);
      if (!sigsetjmp(app_jump, 1))
         raise(SIGSEGV);
      _exit(app_faults == 1 ? 0 : 1);
   }
   int status = 0;
   CHECK(pid > 0 && waitpid(pid, &status, 0) == pid, "fork");
   CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0,
         "the child's handler did not get its raise(SIGSEGV) (status 0x%x)", status);
}

int
main(void)
{
   page = sysconf(_SC_PAGESIZE);
   fd = open_render_node();
   test_bad_places();
   test_threads();
   test_sent_signal();
   test_application_handler();
   close(fd);
   return test_finish("test_uaccess");
}

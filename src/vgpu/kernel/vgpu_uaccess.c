/* Access to application memory named by ioctl arguments.  The kernel's
 * copy_from_user/copy_to_user turn a bad pointer into EFAULT.  vgpu copies
 * directly under a SIGSEGV/SIGBUS guard: a fault inside the copy jumps
 * back out of the signal handler and becomes EFAULT, so the common path
 * makes no system call.  Where the guard cannot be relied on (under
 * valgrind, whose memcheck would report the bad access first; after a
 * fault vgpu did not cause was handed back to the application's handler)
 * the copy goes through process_vm_readv/writev on vgpu's own process,
 * which fail with EFAULT instead of faulting.
 *
 * The application keeps its own SIGSEGV/SIGBUS handlers: sigaction() and
 * signal() for those two signals are interposed while the guard is in
 * place, record the application's action and answer with it, and a fault
 * outside a guarded copy reinstalls that action and lets the faulting
 * instruction run again under it. */
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#include "vgpu_priv.h"

#ifdef HAVE_VALGRIND
#include <memcheck.h>
#else
#define VALGRIND_MAKE_MEM_DEFINED(addr, len) ((void)0)
#define RUNNING_ON_VALGRIND 0
#endif

#define EXPORT __attribute__((visibility("default")))

/* ---- the system-call path ---- */

/* glibc makes getpid() a system call; the pid is cached and refreshed in
 * forked children. */
static pid_t self_pid;

static void
refresh_pid(void)
{
   self_pid = getpid();
}

static void
init_pid(void)
{
   refresh_pid();
   pthread_atfork(NULL, NULL, refresh_pid);
}

static int
transfer_syscall(void *local, uint64_t user_ptr, size_t size, bool to_user)
{
   static pthread_once_t once = PTHREAD_ONCE_INIT;
   pthread_once(&once, init_pid);
   struct iovec l = { local, size };
   struct iovec r = { (void *)(uintptr_t)user_ptr, size };
   ssize_t n = to_user ? process_vm_writev(self_pid, &l, 1, &r, 1, 0)
                       : process_vm_readv(self_pid, &l, 1, &r, 1, 0);
   if (n != (ssize_t)size)
      return -EFAULT;
   /* Memcheck takes process_vm_writev's remote side for another process
    * and so never sees these bytes written: tell it, or every ioctl result
    * would read as uninitialised to a program run under it.  (A no-op
    * outside valgrind.) */
   if (to_user)
      VALGRIND_MAKE_MEM_DEFINED((void *)(uintptr_t)user_ptr, size);
   return 0;
}

/* ---- the guarded path ---- */

typedef int sigaction_fn(int, const struct sigaction *, struct sigaction *);

static sigaction_fn *
real_sigaction(void)
{
   static sigaction_fn *fn;
   if (!fn)
      fn = (sigaction_fn *)dlsym(RTLD_NEXT, "sigaction");
   return fn;
}

static atomic_bool guard_on;              /* vgpu's handler is installed */
static pthread_mutex_t guard_lock = PTHREAD_MUTEX_INITIALIZER;
static struct sigaction app_action[2];    /* SIGSEGV, SIGBUS */
/* Set during a copy.  initial-exec: libvgpu.so is preloaded, so its TLS
 * is static and needs no __tls_get_addr call per access. */
static _Thread_local sigjmp_buf *guard_jump
   __attribute__((tls_model("initial-exec")));

static unsigned
guarded_index(int sig)
{
   return sig == SIGBUS;
}

/* Hands the signals back to the application for good: its actions are
 * reinstalled and copies take the system-call path. */
static void
guard_release(void)
{
   atomic_store(&guard_on, false);
   real_sigaction()(SIGSEGV, &app_action[0], NULL);
   real_sigaction()(SIGBUS, &app_action[1], NULL);
}

static void
guard_handler(int sig, siginfo_t *info, void *ctx)
{
   (void)ctx;
   sigjmp_buf *jump = guard_jump;
   if (jump) {
      guard_jump = NULL;
      siglongjmp(*jump, 1);
   }
   /* Not vgpu's fault: returning runs the faulting instruction again
    * under the application's action; a signal sent by kill() or raise()
    * (si_code <= 0) is sent again. */
   guard_release();
   if (info->si_code <= 0)
      raise(sig);
}

static void
guard_install(void)
{
   if (RUNNING_ON_VALGRIND || !real_sigaction())
      return;
   struct sigaction sa;
   memset(&sa, 0, sizeof(sa));
   sa.sa_sigaction = guard_handler;
   /* SA_NODEFER: the handler leaves by siglongjmp without restoring a
    * signal mask, so the signal must not be blocked while it runs. */
   sa.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK;
   sigemptyset(&sa.sa_mask);
   pthread_mutex_lock(&guard_lock);
   if (real_sigaction()(SIGSEGV, &sa, &app_action[0]) == 0 &&
       real_sigaction()(SIGBUS, &sa, &app_action[1]) == 0)
      atomic_store(&guard_on, true);
   else
      real_sigaction()(SIGSEGV, &app_action[0], NULL);
   pthread_mutex_unlock(&guard_lock);
}

/* memcpy under the guard; -EFAULT when it faulted. */
static int
transfer_guarded(void *dst, const void *src, size_t size)
{
   sigjmp_buf jump;
   sigjmp_buf *outer = guard_jump;
   if (sigsetjmp(jump, 0)) {
      guard_jump = outer;
      return -EFAULT;
   }
   guard_jump = &jump;
   atomic_signal_fence(memory_order_seq_cst);
   memcpy(dst, src, size);
   atomic_signal_fence(memory_order_seq_cst);
   guard_jump = outer;
   return 0;
}

static int
transfer(void *local, uint64_t user_ptr, size_t size, bool to_user)
{
   if (size == 0)
      return 0;
   if (user_ptr == 0 || user_ptr + size < user_ptr)
      return -EFAULT;
   static pthread_once_t once = PTHREAD_ONCE_INIT;
   pthread_once(&once, guard_install);
   if (!atomic_load_explicit(&guard_on, memory_order_relaxed))
      return transfer_syscall(local, user_ptr, size, to_user);
   void *user = (void *)(uintptr_t)user_ptr;
   return to_user ? transfer_guarded(user, local, size)
                  : transfer_guarded(local, user, size);
}

/* ---- the application's view of SIGSEGV and SIGBUS ---- */

EXPORT int
sigaction(int sig, const struct sigaction *act, struct sigaction *old)
{
   if (!real_sigaction()) {
      errno = ENOSYS;
      return -1;
   }
   if (sig != SIGSEGV && sig != SIGBUS)
      return real_sigaction()(sig, act, old);
   pthread_mutex_lock(&guard_lock);
   int ret = 0;
   if (atomic_load(&guard_on)) {
      /* act and old may be the same struct. */
      struct sigaction prev = app_action[guarded_index(sig)];
      if (act)
         app_action[guarded_index(sig)] = *act;
      if (old)
         *old = prev;
   } else {
      ret = real_sigaction()(sig, act, old);
   }
   pthread_mutex_unlock(&guard_lock);
   return ret;
}

/* signal() on SIGSEGV or SIGBUS as glibc's: BSD semantics, the handler
 * stays installed and interrupted system calls restart. */
EXPORT sighandler_t
signal(int sig, sighandler_t handler)
{
   typedef sighandler_t signal_fn(int, sighandler_t);
   static signal_fn *real_signal;
   if (sig != SIGSEGV && sig != SIGBUS) {
      if (!real_signal)
         real_signal = (signal_fn *)dlsym(RTLD_NEXT, "signal");
      if (!real_signal) {
         errno = ENOSYS;
         return SIG_ERR;
      }
      return real_signal(sig, handler);
   }
   struct sigaction act, old;
   memset(&act, 0, sizeof(act));
   act.sa_handler = handler;
   act.sa_flags = SA_RESTART;
   sigemptyset(&act.sa_mask);
   sigaddset(&act.sa_mask, sig);
   if (sigaction(sig, &act, &old))
      return SIG_ERR;
   return old.sa_handler;
}

int
vgpu_copy_from_user(void *dst, uint64_t user_ptr, size_t size)
{
   return transfer(dst, user_ptr, size, false);
}

int
vgpu_copy_to_user(uint64_t user_ptr, const void *src, size_t size)
{
   return transfer((void *)src, user_ptr, size, true);
}

/* Arrays larger than this are refused with EINVAL before allocating, as the
 * kernel refuses counts it could never satisfy. */
#define VGPU_MAX_ARRAY_BYTES (256u << 20)

int
vgpu_copy_array_from_user(void **out, uint64_t user_ptr, uint64_t count,
                          size_t elem_size)
{
   *out = NULL;
   if (count == 0)
      return 0;
   if (count > VGPU_MAX_ARRAY_BYTES / elem_size)
      return -EINVAL;

   void *buf = malloc(count * elem_size);
   if (!buf)
      return -ENOMEM;
   int ret = vgpu_copy_from_user(buf, user_ptr, count * elem_size);
   if (ret) {
      free(buf);
      return ret;
   }
   *out = buf;
   return 0;
}

/* Access to application memory named by ioctl arguments.  The kernel's
 * copy_from_user/copy_to_user turn a bad pointer into EFAULT; vgpu gets the
 * same guarantee from process_vm_readv/writev on its own process, which
 * fail with EFAULT instead of faulting. */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/uio.h>
#include <unistd.h>

#include "vgpu_priv.h"

#ifdef HAVE_VALGRIND
#include <memcheck.h>
#else
#define VALGRIND_MAKE_MEM_DEFINED(addr, len) ((void)0)
#endif

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
transfer(void *local, uint64_t user_ptr, size_t size, bool to_user)
{
   if (size == 0)
      return 0;
   if (user_ptr == 0 || user_ptr + size < user_ptr)
      return -EFAULT;

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

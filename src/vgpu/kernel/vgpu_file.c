/* One open file of the render node: its GEM handles, syncobjs, contexts and
 * address spaces, released when the last descriptor referring to it closes
 * (as the kernel's drm_file). */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "vgpu_priv.h"

int
vgpu_render_node_open(int real_fd)
{
   struct vgpu_file *file = calloc(1, sizeof(*file));
   if (!file)
      return -ENOMEM;
   file->refcount = 1;

   pthread_mutex_lock(&vgpu.lock);
   int ret = vgpu_file_init_contexts(file);
   if (ret == 0)
      vgpu_fd_set(real_fd, (struct vgpu_fd_entry){ .kind = VGPU_FD_RENDER_NODE,
                                                  .file = file });
   pthread_mutex_unlock(&vgpu.lock);
   if (ret)
      free(file);
   return ret;
}

void
vgpu_file_ref(struct vgpu_file *file)
{
   file->refcount++;
}

void
vgpu_file_unref(struct vgpu_file *file)
{
   if (--file->refcount > 0)
      return;
   vgpu_file_close_contexts(file);
   vgpu_file_close_syncobjs(file);
   vgpu_file_close_bos(file);
   free(file);
}

void
vgpu_fd_entry_release(struct vgpu_fd_entry entry)
{
   switch (entry.kind) {
   case VGPU_FD_RENDER_NODE: vgpu_file_unref(entry.file); break;
   case VGPU_FD_SYNCOBJ: vgpu_syncobj_unref(entry.syncobj); break;
   case VGPU_FD_DMABUF: vgpu_bo_unref(entry.bo); break;
   case VGPU_FD_SYNC_FILE:
   case VGPU_FD_PRIVATE:   /* never released through the application */
   case VGPU_FD_NONE: break;
   }
}

/* The file descriptors that vgpu gives a meaning to.  Lookups happen on
 * every intercepted libc call, so they are lock-free: a two-level table of
 * atomically published chunks, each entry guarded by the device lock only
 * when it changes. */
#include <stdatomic.h>
#include <stdlib.h>

#include "vgpu_priv.h"

#define CHUNK_BITS 10
#define CHUNK_SIZE (1u << CHUNK_BITS)
#define NUM_CHUNKS 1024   /* fds up to 1M */

struct fd_chunk {
   _Atomic(uint8_t) kinds[CHUNK_SIZE];
   struct vgpu_fd_entry entries[CHUNK_SIZE];
};

static _Atomic(struct fd_chunk *) fd_chunks[NUM_CHUNKS];
static pthread_mutex_t fd_chunk_lock = PTHREAD_MUTEX_INITIALIZER;

static struct fd_chunk *
chunk_for(int fd, bool create)
{
   if (fd < 0 || (unsigned)fd >= CHUNK_SIZE * NUM_CHUNKS)
      return NULL;
   unsigned idx = (unsigned)fd >> CHUNK_BITS;
   struct fd_chunk *chunk = atomic_load(&fd_chunks[idx]);
   if (chunk || !create)
      return chunk;

   pthread_mutex_lock(&fd_chunk_lock);
   chunk = atomic_load(&fd_chunks[idx]);
   if (!chunk) {
      chunk = calloc(1, sizeof(*chunk));
      if (chunk)
         atomic_store(&fd_chunks[idx], chunk);
   }
   pthread_mutex_unlock(&fd_chunk_lock);
   return chunk;
}

bool
vgpu_fd_is_ours(int fd)
{
   struct fd_chunk *chunk = chunk_for(fd, false);
   return chunk && atomic_load(&chunk->kinds[fd & (CHUNK_SIZE - 1)]) != VGPU_FD_NONE;
}

/* Lock-free, like vgpu_fd_is_ours: the kind is published atomically. */
enum vgpu_fd_kind
vgpu_fd_kind(int fd)
{
   struct fd_chunk *chunk = chunk_for(fd, false);
   return chunk ? atomic_load(&chunk->kinds[fd & (CHUNK_SIZE - 1)]) : VGPU_FD_NONE;
}

/* Callers hold vgpu.lock for set/get/take. */
void
vgpu_fd_set(int fd, struct vgpu_fd_entry entry)
{
   struct fd_chunk *chunk = chunk_for(fd, true);
   if (!chunk)
      return;
   chunk->entries[fd & (CHUNK_SIZE - 1)] = entry;
   atomic_store(&chunk->kinds[fd & (CHUNK_SIZE - 1)], entry.kind);
}

struct vgpu_fd_entry
vgpu_fd_get(int fd)
{
   struct fd_chunk *chunk = chunk_for(fd, false);
   if (!chunk || atomic_load(&chunk->kinds[fd & (CHUNK_SIZE - 1)]) == VGPU_FD_NONE)
      return (struct vgpu_fd_entry){ .kind = VGPU_FD_NONE };
   return chunk->entries[fd & (CHUNK_SIZE - 1)];
}

struct vgpu_fd_entry
vgpu_fd_take(int fd)
{
   struct vgpu_fd_entry entry = vgpu_fd_get(fd);
   if (entry.kind != VGPU_FD_NONE) {
      struct fd_chunk *chunk = chunk_for(fd, false);
      atomic_store(&chunk->kinds[fd & (CHUNK_SIZE - 1)], VGPU_FD_NONE);
      chunk->entries[fd & (CHUNK_SIZE - 1)] = (struct vgpu_fd_entry){ 0 };
   }
   return entry;
}

/* For close_range() and closefrom(): the descriptors of a range vgpu has
 * entries for, without probing each number of a range that may end at
 * INT_MAX. */
int
vgpu_fd_next_ours(int fd)
{
   if (fd < 0)
      fd = 0;
   for (unsigned idx = (unsigned)fd >> CHUNK_BITS; idx < NUM_CHUNKS; idx++) {
      struct fd_chunk *chunk = atomic_load(&fd_chunks[idx]);
      if (!chunk)
         continue;
      unsigned first = idx == ((unsigned)fd >> CHUNK_BITS) ?
                       (unsigned)fd & (CHUNK_SIZE - 1) : 0;
      for (unsigned i = first; i < CHUNK_SIZE; i++) {
         if (atomic_load(&chunk->kinds[i]) != VGPU_FD_NONE)
            return (int)(idx << CHUNK_BITS | i);
      }
   }
   return -1;
}

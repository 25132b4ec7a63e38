/* vgpu internals: the state of the virtual i915 device and the objects its
 * uAPI hands out.  Nothing here is visible to the driver; the two meet only
 * at the i915 uAPI (see src/vgpu/README.md). */
#ifndef VGPU_PRIV_H
#define VGPU_PRIV_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "devinfo.h"

/* ---- debug flags (VGPU_DEBUG) ---- */
enum {
   VGPU_DEBUG_IOCTL = 1 << 0,  /* every ioctl with its result */
   VGPU_DEBUG_FAULT = 1 << 1,  /* GPU faults and hangs, with the reason */
   VGPU_DEBUG_FILES = 1 << 2,  /* redirected paths and fake file opens */
   VGPU_DEBUG_DRAW = 1 << 3,   /* each 3DPRIMITIVE, decoded */
   VGPU_DEBUG_VERTEX = 1 << 4, /* each shaded vertex's VUE rows */
};

/* ---- kernel features vgpu can pretend to lack (VGPU_KERNEL_LACKS) ---- */
enum {
   VGPU_LACKS_SOFTPIN = 1 << 0,
   VGPU_LACKS_FENCE_ARRAY = 1 << 1,
   VGPU_LACKS_SYNCOBJ = 1 << 2,
   VGPU_LACKS_ENGINES = 1 << 3,
};

/* ---- the emulated device ---- */
struct vgpu_model {
   const char *name;      /* "skl-gt2" */
   uint16_t pci_id;
   uint8_t revision;
};

/* ---- buffer objects ---- */
struct vgpu_bo {
   unsigned refcount;      /* handles (in any file) + in-flight users */
   uint64_t size;
   uint8_t *map;           /* vgpu's own view of the pages */
   bool userptr;           /* map is the application's memory */
   bool readonly;          /* userptr made with I915_USERPTR_READ_ONLY */
   struct vgpu_arena *arena; /* memfd holding the pages (NULL for userptr) */
   uint64_t arena_offset;  /* where in it, page aligned */
   uint64_t mmap_offset;   /* fake offset for GEM_MMAP_OFFSET, 0 = none yet */
   uint32_t tiling_mode, stride;
   uint32_t caching;
   uint32_t madv;
};

/* ---- synchronisation objects ----
 * Every batch retires before EXECBUFFER2 returns, so each fence is
 * signalled the moment it exists: a syncobj is fully described by whether
 * it holds a fence and by the highest timeline point attached to it. */
struct vgpu_syncobj {
   unsigned refcount;
   bool has_fence;
   uint64_t point;
};

/* ---- address spaces and contexts ---- */
struct vgpu_gpgpu;
struct vgpu_3d;
struct vgpu_binding {       /* where the kernel placed an unpinned object */
   struct vgpu_bo *bo;
   uint64_t start, end;
};

struct vgpu_vm {
   uint32_t id;
   unsigned refcount;
   uint64_t size;
   struct vgpu_binding *bindings;
   unsigned num_bindings, cap_bindings;
};

/* Gen8/9 VF cache lines fetched with one value of address bits 47:32. */
struct vgpu_rules_vf_lines {
   uint32_t high;
   uint64_t lo_start, lo_end;   /* hull of the low 32 bits, end exclusive */
};

/* Memory a draw or dispatch wrote through a write cache (render target,
 * depth or data port) that the sampler may not see yet
 * (vgpu_cache_rules.c): the byte range and, for render targets and depth
 * buffers, the surface's LOD and layers, so that another LOD or layer of
 * the same surface does not overlap. */
struct vgpu_rules_rt_write {
   uint64_t base;                /* the surface's base address */
   uint64_t start, end;          /* bytes written, end exclusive */
   uint64_t draw;                /* the last 3DPRIMITIVE that wrote it */
   uint32_t row_pitch, array_pitch_rows;
   uint32_t level, layer_start, layer_end;
   uint8_t tiling;
   uint8_t stage;                /* written, flushing or flushed */
   uint8_t reported;             /* a sampler read was reported */
   uint8_t cache;                /* the write cache holding it */
   bool by_walker;               /* written by a GPGPU_WALKER, not a draw */
};

/* What the hardware-rule checker (vgpu_rules.c) remembers per context. */
struct vgpu_rules_state {
   uint8_t constants_stale;     /* stages whose CONSTANT must be re-sent */
   bool stalled;                /* a CS stall since the last work */
   bool write_flushed;          /* write caches flushed with a stall */
   bool read_invalidated;       /* ...and read caches invalidated after */
   bool rendering;              /* a 3DPRIMITIVE since the last CS stall */
   bool vs_state_flushed;       /* IVB: depth stall + post-sync since a draw */
   bool rendering_disabled;     /* 3DSTATE_STREAMOUT: no rasterization */
   bool pipeline_known;
   int pipeline;                /* PIPELINE_SELECT: 0 3D, 1 media, 2 GPGPU */
   uint32_t last_vfe[16];       /* last MEDIA_VFE_STATE, to see changes */
   unsigned last_vfe_len;
   uint64_t unstalled_vfe;      /* Gen9: address of a MEDIA_VFE_STATE sent
                                 * without a stall, judged at its first
                                 * walker (0: none) */
   unsigned pipe_controls_unstalled;  /* IVB: counted PIPE_CONTROLs since
                                       * the last CS stall */
   bool pipe_idle;              /* no work since a PIPE_CONTROL stalled
                                 * with a companion bit */
   uint8_t depth_flush_step;    /* Gen7: depth stall, flush, stall seen */
   bool null_pipe_control;      /* the last command: a null PIPE_CONTROL */
   uint8_t push_offset_kb[5];   /* PUSH_CONSTANT_ALLOC per stage */
   uint8_t push_size_kb[5];
   /* Gen8/9: the 64-byte lines fetched by the VF since its cache was
    * invalidated, as one hull of low 32-bit addresses per value of the
    * high bits (the cache tags only the low bits). */
   struct vgpu_rules_vf_lines vf_lines[8];
   unsigned vf_line_count;
   /* The last 3DPRIMITIVE or GPGPU_WALKER, which the cache rule names. */
   uint64_t work_addr;
   bool work_is_walker;
   /* Render-target, depth and data-port writes the texture cache may not
    * see yet (EU threads of one dispatch add and read them under
    * vgpu_cache_rules.c's lock). */
   struct vgpu_rules_rt_write rt_writes[32];
   unsigned rt_write_count;
};

enum vgpu_rules_mode { VGPU_RULES_OFF, VGPU_RULES_WARN, VGPU_RULES_ERROR };
extern enum vgpu_rules_mode vgpu_rules_mode;

#define VGPU_MAX_ENGINES 64
#define VGPU_NUM_REGS (0x40000 / 4)   /* MMIO dwords modelled per context */

struct vgpu_context {
   uint32_t id;
   struct vgpu_vm *vm;
   bool guilty;                 /* hung or faulted: every later submit EIOs */
   uint32_t batch_active;       /* hangs this context caused */
   bool recoverable, bannable, no_error_capture;
   int32_t priority;
   unsigned num_engines;        /* 0 = legacy ring selection */
   uint16_t engine_class[VGPU_MAX_ENGINES];
   uint16_t engine_instance[VGPU_MAX_ENGINES];
   uint32_t *regs;              /* context-saved MMIO state, lazily allocated */
   struct vgpu_gpgpu *gpgpu;    /* GPGPU pipeline state, lazily allocated */
   struct vgpu_3d *gfx3d;       /* 3D pipeline state, lazily allocated */
   struct vgpu_rules_state rules;
};

/* ---- handle tables: small integers naming objects, per file ----
 * Handles start at 1 and the lowest free one is reused, like the kernel's
 * idr allocations. */
struct vgpu_handle_table {
   void **slots;               /* handle - 1 -> object, NULL when free */
   uint32_t size;
   uint32_t first_free;        /* no free slot below this index */
};

/* Returns the new handle, or 0 when out of memory. */
uint32_t vgpu_handle_alloc(struct vgpu_handle_table *t, void *obj);
void *vgpu_handle_get(const struct vgpu_handle_table *t, uint32_t handle);
/* Removes and returns the object (NULL when the handle is not in use). */
void *vgpu_handle_remove(struct vgpu_handle_table *t, uint32_t handle);
void vgpu_handle_table_fini(struct vgpu_handle_table *t);
#define vgpu_handle_foreach(t, h, obj) \
   for (uint32_t h = 1; h <= (t)->size; h++) \
      if (((obj) = (t)->slots[h - 1]) != NULL)

/* ---- per-open-file state (one per open() of the render node) ---- */
struct vgpu_file {
   unsigned refcount;              /* fds referring to this open file */
   struct vgpu_handle_table bos;
   struct vgpu_handle_table syncobjs;
   struct vgpu_handle_table contexts; /* context ids; 0 is default_ctx */
   struct vgpu_handle_table vms;
   struct vgpu_context *default_ctx;
   struct vgpu_vm *default_vm;
};

/* ---- file descriptors vgpu gives meaning to ---- */
enum vgpu_fd_kind {
   VGPU_FD_NONE,
   VGPU_FD_RENDER_NODE,   /* /dev/dri/renderD128 */
   VGPU_FD_SYNC_FILE,     /* sync_file: an eventfd that always polls ready */
   VGPU_FD_SYNCOBJ,       /* exported syncobj (opaque fd) */
   VGPU_FD_DMABUF,        /* PRIME-exported buffer object */
   VGPU_FD_PRIVATE,       /* vgpu's own (an arena's memfd): to the
                           * application it is not open (EBADF) */
};

struct vgpu_fd_entry {
   enum vgpu_fd_kind kind;
   union {
      struct vgpu_file *file;
      struct vgpu_syncobj *syncobj;
      struct vgpu_bo *bo;
      struct vgpu_arena *arena;
   };
};

/* ---- global device state ---- */
struct vgpu_device {
   pthread_mutex_t lock;          /* guards every object above */
   pthread_cond_t signalled;      /* broadcast whenever a syncobj advances */
   const struct vgpu_model *model;
   const struct devinfo *info;
   uint16_t pci_id;               /* reported id: the model's or VGPU_PCI_ID */
   uint64_t lacks;                /* VGPU_LACKS_* */
   uint64_t debug;
   const char *capture_dir;
   bool execute;                  /* VGPU_EXEC=0 retires batches unrun */
   uint64_t eu_budget;            /* EU instructions a batch may execute
                                   * before it counts as hung (VGPU_BUDGET) */
   unsigned capture_seq;
   uint64_t next_mmap_offset;
   uint32_t next_context_id;
   uint32_t reset_count;          /* GPU resets caused by any context */
   uint64_t system_memory;
   char fake_root[256];           /* temp dir holding the fake /dev and /sys */
};

extern struct vgpu_device vgpu;

/* vgpu_device.c */
void vgpu_ensure_init(void);
const struct vgpu_model *vgpu_model_by_name(const char *name);
const struct vgpu_model *vgpu_model_at(unsigned index);
uint64_t vgpu_timestamp_now(void);

/* vgpu_uaccess.c: copies to and from application pointers that may be
 * invalid; they return 0 or -EFAULT and never crash the process. */
int vgpu_copy_from_user(void *dst, uint64_t user_ptr, size_t size);
int vgpu_copy_to_user(uint64_t user_ptr, const void *src, size_t size);
/* Copies an array of count elements, with overflow checks; *out is
 * malloc'ed (NULL when count is 0).  -EFAULT, -EINVAL or -ENOMEM. */
int vgpu_copy_array_from_user(void **out, uint64_t user_ptr, uint64_t count,
                              size_t elem_size);

/* vgpu_fdtable.c */
void vgpu_fd_set(int fd, struct vgpu_fd_entry entry);
struct vgpu_fd_entry vgpu_fd_get(int fd);
struct vgpu_fd_entry vgpu_fd_take(int fd); /* removes and returns */
bool vgpu_fd_is_ours(int fd);
enum vgpu_fd_kind vgpu_fd_kind(int fd);   /* lock-free */
/* The lowest descriptor >= fd with an entry, or -1. */
int vgpu_fd_next_ours(int fd);

/* vgpu_sysfs.c */
int vgpu_sysfs_create(void);
void vgpu_sysfs_destroy(void);
/* Returns buf holding the redirected path, or path itself when it is not
 * one vgpu fakes. */
const char *vgpu_redirect_path(const char *path, char *buf, size_t size);
bool vgpu_is_render_node_path(const char *path);
/* Rewrites a resolved path inside the fake tree back to what the
 * application asked about (/sys/... instead of /tmp/vgpu-.../sys/...). */
void vgpu_unredirect_path(char *resolved);

/* vgpu_file.c */
int vgpu_render_node_open(int real_fd);
void vgpu_file_ref(struct vgpu_file *file);
void vgpu_file_unref(struct vgpu_file *file);
void vgpu_fd_entry_release(struct vgpu_fd_entry entry);

/* vgpu_gem.c */
struct vgpu_bo *vgpu_bo_lookup(struct vgpu_file *file, uint32_t handle);
void vgpu_bo_ref(struct vgpu_bo *bo);
void vgpu_bo_unref(struct vgpu_bo *bo);
void vgpu_file_close_bos(struct vgpu_file *file);
void *vgpu_mmap_bo(struct vgpu_file *file, void *addr, size_t length,
                   int prot, int flags, off_t offset);
void *vgpu_map_bo_pages(struct vgpu_bo *bo, void *addr, size_t length,
                        int prot, int flags, uint64_t bo_offset);

/* vgpu_bomem.c: the memory behind buffer objects (memfd arenas) and the
 * application's CPU views of it.  Callers hold vgpu.lock unless noted. */
struct vgpu_arena;
/* Gives bo (size set) zeroed pages and vgpu's own mapping of them. */
int vgpu_bomem_alloc(struct vgpu_bo *bo);
void vgpu_bomem_free(struct vgpu_bo *bo);
/* Maps [bo_offset, bo_offset + length) of bo for the application, as mmap
 * would (addr, prot and MAP_FIXED honoured), and tracks the view. */
void *vgpu_bomem_map_view(struct vgpu_bo *bo, void *addr, size_t length,
                          int prot, int flags, uint64_t bo_offset);
/* The interposed munmap, mremap and mmap(MAP_FIXED) over memory that may
 * hold views (vgpu.lock not held). */
bool vgpu_views_exist(void);
int vgpu_views_munmap(void *addr, size_t length);
void *vgpu_views_mremap(void *old, size_t old_size, size_t new_size,
                        int flags, void *new_addr);
void *vgpu_views_mmap_fixed(void *addr, size_t length, int prot, int flags,
                            int fd, int64_t offset);
/* dup2/dup3 are about to reuse fd, one of vgpu's private descriptors:
 * moves it elsewhere.  0 or -errno. */
int vgpu_bomem_move_fd(int fd);

/* vgpu_interpose.c: the real libc functions, for vgpu's own use (the
 * exported names answer the application). */
void *vgpu_real_mmap(void *addr, size_t length, int prot, int flags, int fd,
                     uint64_t offset);
int vgpu_real_munmap(void *addr, size_t length);
void *vgpu_real_mremap(void *old, size_t old_size, size_t new_size,
                       int flags, void *new_addr);
int vgpu_real_close(int fd);
/* fcntl(fd, F_DUPFD_CLOEXEC, min_fd). */
int vgpu_real_dupfd_cloexec(int fd, int min_fd);

/* vgpu_syncobj.c */
struct vgpu_syncobj *vgpu_syncobj_lookup(struct vgpu_file *file, uint32_t h);
void vgpu_syncobj_unref(struct vgpu_syncobj *s);
void vgpu_syncobj_signal(struct vgpu_syncobj *s, uint64_t point);
bool vgpu_syncobj_has_point(const struct vgpu_syncobj *s, uint64_t point);
void vgpu_file_close_syncobjs(struct vgpu_file *file);
int vgpu_sync_file_create(void);
/* Ioctls on a sync_file descriptor (linux/sync_file.h). */
int vgpu_sync_file_ioctl(unsigned long request, void *arg);

/* vgpu_context.c */
struct vgpu_context *vgpu_context_lookup(struct vgpu_file *file, uint32_t id);
struct vgpu_vm *vgpu_vm_create(struct vgpu_file *file);
void vgpu_vm_unref(struct vgpu_vm *vm);
void vgpu_vm_forget_bo(struct vgpu_vm *vm, struct vgpu_bo *bo);
void vgpu_file_close_contexts(struct vgpu_file *file);
int vgpu_file_init_contexts(struct vgpu_file *file);

/* vgpu_ioctl.c */
int vgpu_ioctl(struct vgpu_file *file, unsigned long request, void *arg);

/* Ioctl handlers, each returning 0 or -errno; arg is a kernel-side copy of
 * the ioctl struct (already copied in; copied back out on success). */
typedef int (*vgpu_ioctl_fn)(struct vgpu_file *file, void *arg);

int vgpu_ioctl_version(struct vgpu_file *file, void *arg);
int vgpu_ioctl_get_unique(struct vgpu_file *file, void *arg);
int vgpu_ioctl_get_cap(struct vgpu_file *file, void *arg);
int vgpu_ioctl_getparam(struct vgpu_file *file, void *arg);
int vgpu_ioctl_query(struct vgpu_file *file, void *arg);
int vgpu_ioctl_get_aperture(struct vgpu_file *file, void *arg);
int vgpu_ioctl_reg_read(struct vgpu_file *file, void *arg);

int vgpu_ioctl_gem_create(struct vgpu_file *file, void *arg);
int vgpu_ioctl_gem_create_ext(struct vgpu_file *file, void *arg);
int vgpu_ioctl_gem_close(struct vgpu_file *file, void *arg);
int vgpu_ioctl_gem_mmap(struct vgpu_file *file, void *arg);
int vgpu_ioctl_gem_mmap_offset(struct vgpu_file *file, void *arg);
int vgpu_ioctl_gem_userptr(struct vgpu_file *file, void *arg);
int vgpu_bo_pin_userptr(const struct vgpu_bo *bo);
int vgpu_ioctl_gem_set_domain(struct vgpu_file *file, void *arg);
int vgpu_ioctl_gem_set_tiling(struct vgpu_file *file, void *arg);
int vgpu_ioctl_gem_get_tiling(struct vgpu_file *file, void *arg);
int vgpu_ioctl_gem_set_caching(struct vgpu_file *file, void *arg);
int vgpu_ioctl_gem_get_caching(struct vgpu_file *file, void *arg);
int vgpu_ioctl_gem_madvise(struct vgpu_file *file, void *arg);
int vgpu_ioctl_gem_wait(struct vgpu_file *file, void *arg);
int vgpu_ioctl_gem_busy(struct vgpu_file *file, void *arg);
int vgpu_ioctl_gem_pread(struct vgpu_file *file, void *arg);
int vgpu_ioctl_gem_pwrite(struct vgpu_file *file, void *arg);
int vgpu_ioctl_gem_throttle(struct vgpu_file *file, void *arg);
int vgpu_ioctl_prime_handle_to_fd(struct vgpu_file *file, void *arg);
int vgpu_ioctl_prime_fd_to_handle(struct vgpu_file *file, void *arg);

int vgpu_ioctl_context_create_ext(struct vgpu_file *file, void *arg);
int vgpu_ioctl_context_destroy(struct vgpu_file *file, void *arg);
int vgpu_ioctl_context_getparam(struct vgpu_file *file, void *arg);
int vgpu_ioctl_context_setparam(struct vgpu_file *file, void *arg);
int vgpu_ioctl_vm_create(struct vgpu_file *file, void *arg);
int vgpu_ioctl_vm_destroy(struct vgpu_file *file, void *arg);
int vgpu_ioctl_get_reset_stats(struct vgpu_file *file, void *arg);

int vgpu_ioctl_syncobj_create(struct vgpu_file *file, void *arg);
int vgpu_ioctl_syncobj_destroy(struct vgpu_file *file, void *arg);
int vgpu_ioctl_syncobj_handle_to_fd(struct vgpu_file *file, void *arg);
int vgpu_ioctl_syncobj_fd_to_handle(struct vgpu_file *file, void *arg);
int vgpu_ioctl_syncobj_wait(struct vgpu_file *file, void *arg);
int vgpu_ioctl_syncobj_timeline_wait(struct vgpu_file *file, void *arg);
int vgpu_ioctl_syncobj_reset(struct vgpu_file *file, void *arg);
int vgpu_ioctl_syncobj_signal(struct vgpu_file *file, void *arg);
int vgpu_ioctl_syncobj_timeline_signal(struct vgpu_file *file, void *arg);
int vgpu_ioctl_syncobj_query(struct vgpu_file *file, void *arg);
int vgpu_ioctl_syncobj_transfer(struct vgpu_file *file, void *arg);

int vgpu_ioctl_execbuffer2(struct vgpu_file *file, void *arg);

/* ---- execution ---- */

/* One object of a submission, at the GPU address the submission gave it. */
struct vgpu_exec_object {
   struct vgpu_bo *bo;
   /* The memory the GPU sees in this submission: the object's, or for a
    * read-only userptr a private copy, so that GPU writes to it are
    * discarded as i915's read-only PTEs discard them (and never land in
    * memory the application mapped read-only). */
   uint8_t *map;
   bool shadowed;                /* map is that copy, freed at the end */
   uint32_t handle;
   uint64_t flags;
   uint64_t start, end;          /* GPU virtual address range */
};

struct vgpu_exec {
   struct vgpu_context *ctx;
   struct vgpu_exec_object *objects;   /* in the order of the exec list */
   struct vgpu_exec_object **by_addr;  /* sorted by start, for lookups */
   unsigned count;
   unsigned batch_index;
   uint64_t batch_start;               /* GPU address of the first command */
   uint64_t batch_len;
   uint64_t flags;
   const char *fault;                  /* why the batch faulted/hung, or NULL */
   uint64_t fault_addr;
   uint64_t eu_budget_left;            /* EU instructions it may still run */
};

/* Host pointer for [addr, addr + len) if one object of the submission
 * covers it, else NULL (a GPU page fault). */
void *vgpu_exec_map(struct vgpu_exec *exec, uint64_t addr, uint64_t len);
/* Host pointer for addr and, in *avail, the bytes its object holds from
 * there on; NULL when no object covers addr. */
void *vgpu_exec_map_rest(struct vgpu_exec *exec, uint64_t addr, uint64_t *avail);
void vgpu_exec_fault(struct vgpu_exec *exec, uint64_t addr, const char *why);

/* vgpu_cs.c: runs the batch; on return exec->fault says whether it hung. */
void vgpu_cs_execute(struct vgpu_exec *exec);

/* vgpu_rules.c */
struct vgpu_exec;
void vgpu_rules_init_from_env(void);
void vgpu_rules_batch_start(struct vgpu_rules_state *st);
/* Checks one command before it executes. */
void vgpu_rules_check(struct vgpu_exec *exec, struct vgpu_rules_state *st,
                      const uint32_t *dw, unsigned len, uint64_t addr);
/* Checks a GPGPU_WALKER that dispatches threads, once its interface
 * descriptor is read: slm_size is the kernel's shared local memory. */
struct vgpu_cs;
void vgpu_rules_check_dispatch(struct vgpu_exec *exec, struct vgpu_cs *cs,
                               unsigned slm_size);
/* A draw at addr (3DPRIMITIVE) fetches size bytes at start through the
 * VF cache (a vertex buffer or the index buffer, named by what). */
void vgpu_rules_vf_fetch(struct vgpu_exec *exec, uint64_t addr, uint64_t start,
                         uint64_t size, const char *what);
/* Reports a sampler message that reads what a draw wrote through the
 * render cache before the flush and texture cache invalidation the PRM
 * requires (vgpu_cache_rules.c decides; packet and addr name the work
 * the message belongs to). */
void vgpu_rules_texture_cache_violation(struct vgpu_exec *exec, const char *packet,
                                        uint64_t addr, const char *detail);
/* Reports the URB allocation of the 3DPRIMITIVE at addr (rule
 * urb-allocation; vgpu_urb.c checks it at the draw). */
void vgpu_rules_urb_allocation(struct vgpu_exec *exec, uint64_t addr, const char *detail);
/* Reports the pixel dispatch widths of the 3DPRIMITIVE at addr (rule
 * ps-dispatch; vgpu_ps_rules.c checks them at the draw). */
void vgpu_rules_ps_dispatch(struct vgpu_exec *exec, uint64_t addr, const char *detail);
/* Reports vertex element `element` of the 3DPRIMITIVE at addr, which the
 * VF cannot fetch as programmed (why: vgpu_vf_element_error's reason). */
void vgpu_rules_vertex_element(struct vgpu_exec *exec, uint64_t addr,
                               unsigned element, const char *why);

/* vgpu_capture.c */
/* Notes the submission's relocations before vgpu applies them; the next
 * vgpu_capture_exec() writes them with the objects. */
struct drm_i915_gem_exec_object2;
void vgpu_capture_relocations(const struct vgpu_exec *exec,
                              const struct drm_i915_gem_exec_object2 *list, bool lut);
void vgpu_capture_exec(const struct vgpu_exec *exec, uint32_t ctx_id);

#endif

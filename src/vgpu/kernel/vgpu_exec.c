/* EXECBUFFER2: validate the submission as the i915 kernel does, place the
 * objects in the context's address space (softpin or kernel-chosen), apply
 * relocations, wait for and signal fences, and run the batch on the command
 * streamer model.  The batch retires before the ioctl returns.
 *
 * A batch that faults or hangs marks its context guilty: the fences still
 * signal (with an error, as dma-fences do), and every later submission on
 * that context fails with EIO, which is how drivers learn the device is
 * lost. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <drm.h>
#include <i915_drm.h>

#include "log.h"
#include "macros.h"
#include "vgpu_priv.h"

#define PAGE_SIZE 4096ull

#define KNOWN_EXEC_FLAGS ((uint64_t)~__I915_EXEC_UNKNOWN_FLAGS)
#define KNOWN_OBJECT_FLAGS ((uint64_t)~__EXEC_OBJECT_UNKNOWN_FLAGS)

/* ---- address lookups for the command streamer ---- */

static int
compare_by_addr(const void *a, const void *b)
{
   const struct vgpu_exec_object *x = *(struct vgpu_exec_object *const *)a;
   const struct vgpu_exec_object *y = *(struct vgpu_exec_object *const *)b;
   return x->start < y->start ? -1 : x->start > y->start;
}

static const struct vgpu_exec_object *
object_at(const struct vgpu_exec *exec, uint64_t addr)
{
   unsigned lo = 0, hi = exec->count;
   while (lo < hi) {
      unsigned mid = (lo + hi) / 2;
      const struct vgpu_exec_object *o = exec->by_addr[mid];
      if (addr < o->start)
         hi = mid;
      else if (addr >= o->end)
         lo = mid + 1;
      else
         return o;
   }
   return NULL;
}

void *
vgpu_exec_map(struct vgpu_exec *exec, uint64_t addr, uint64_t len)
{
   const struct vgpu_exec_object *o = object_at(exec, addr);
   if (!o || len > o->end - addr)
      return NULL;
   return o->map + (addr - o->start);
}

void *
vgpu_exec_map_rest(struct vgpu_exec *exec, uint64_t addr, uint64_t *avail)
{
   const struct vgpu_exec_object *o = object_at(exec, addr);
   if (!o)
      return NULL;
   *avail = o->end - addr;
   return o->map + (addr - o->start);
}

/* Workers of the pool (vgpu_pool.c) may fault at once: the first wins. */
void
vgpu_exec_fault(struct vgpu_exec *exec, uint64_t addr, const char *why)
{
   static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
   pthread_mutex_lock(&lock);
   bool first = !exec->fault;
   if (first) {
      exec->fault = why;
      exec->fault_addr = addr;
   }
   pthread_mutex_unlock(&lock);
   if (!first)
      return;
   if (vgpu.debug & VGPU_DEBUG_FAULT)
      log_warn("GPU hang on context %u at 0x%012llx: %s", exec->ctx->id,
               (unsigned long long)addr, why);
}

/* ---- placement ---- */

static bool
ranges_overlap(uint64_t a0, uint64_t a1, uint64_t b0, uint64_t b1)
{
   return a0 < b1 && b0 < a1;
}

static struct vgpu_binding *
vm_binding_of(struct vgpu_vm *vm, const struct vgpu_bo *bo)
{
   for (unsigned i = 0; i < vm->num_bindings; i++) {
      if (vm->bindings[i].bo == bo)
         return &vm->bindings[i];
   }
   return NULL;
}

static bool
range_is_free(const struct vgpu_exec *exec, unsigned placed, uint64_t start,
              uint64_t end)
{
   for (unsigned i = 0; i < placed; i++) {
      const struct vgpu_exec_object *o = &exec->objects[i];
      if (o->end && ranges_overlap(start, end, o->start, o->end))
         return false;
   }
   return true;
}

/* First fit above the guard page, avoiding the objects of this submission
 * already placed; the kernel would evict others, which costs nothing here. */
static int
find_free_range(const struct vgpu_exec *exec, uint64_t size, uint64_t align,
                uint64_t limit, uint64_t *out)
{
   uint64_t start = MAX2(align, PAGE_SIZE);
   for (;;) {
      start = ALIGN_POT(start, align);
      if (start + size > limit || start + size < start)
         return -ENOSPC;
      bool moved = false;
      for (unsigned i = 0; i < exec->count; i++) {
         const struct vgpu_exec_object *o = &exec->objects[i];
         if (o->end && ranges_overlap(start, start + size, o->start, o->end)) {
            start = o->end;
            moved = true;
         }
      }
      if (!moved) {
         *out = start;
         return 0;
      }
   }
}

static int
remember_binding(struct vgpu_vm *vm, struct vgpu_bo *bo, uint64_t start)
{
   struct vgpu_binding *b = vm_binding_of(vm, bo);
   if (!b) {
      if (vm->num_bindings == vm->cap_bindings) {
         unsigned cap = vm->cap_bindings ? vm->cap_bindings * 2 : 64;
         void *p = realloc(vm->bindings, cap * sizeof(*vm->bindings));
         if (!p)
            return -ENOMEM;
         vm->bindings = p;
         vm->cap_bindings = cap;
      }
      b = &vm->bindings[vm->num_bindings++];
      b->bo = bo;
      vgpu_bo_ref(bo);
   }
   b->start = start;
   b->end = start + bo->size;
   return 0;
}

static uint64_t
object_span(const struct drm_i915_gem_exec_object2 *e, const struct vgpu_bo *bo)
{
   if ((e->flags & EXEC_OBJECT_PAD_TO_SIZE) && e->pad_to_size > bo->size)
      return ALIGN_POT(e->pad_to_size, PAGE_SIZE);
   return bo->size;
}

static int
place_pinned(struct vgpu_exec *exec, unsigned i,
             const struct drm_i915_gem_exec_object2 *e)
{
   struct vgpu_exec_object *o = &exec->objects[i];
   uint64_t span = object_span(e, o->bo);
   uint64_t start = gpu_addr_from_canonical(e->offset);
   /* The kernel wants page-aligned offsets in canonical form. */
   if (e->offset != gpu_addr_to_canonical(start) || (start & (PAGE_SIZE - 1)))
      return -EINVAL;
   if (e->alignment && (start & (e->alignment - 1)))
      return -EINVAL;
   if (start + span > exec->ctx->vm->size || start + span < start)
      return -EINVAL;
   if (!(e->flags & EXEC_OBJECT_SUPPORTS_48B_ADDRESS) && start + span > (1ull << 32))
      return -EINVAL;
   /* Two pinned objects of one submission cannot share addresses: nothing
    * can be evicted to make room, so the kernel gives up with ENOSPC. */
   if (!range_is_free(exec, i, start, start + span))
      return -ENOSPC;
   o->start = start;
   o->end = start + span;
   return 0;
}

static int
place_unpinned(struct vgpu_exec *exec, unsigned i,
               const struct drm_i915_gem_exec_object2 *e)
{
   struct vgpu_exec_object *o = &exec->objects[i];
   struct vgpu_vm *vm = exec->ctx->vm;
   uint64_t span = object_span(e, o->bo);
   uint64_t align = MAX2(e->alignment, PAGE_SIZE);
   uint64_t limit = (e->flags & EXEC_OBJECT_SUPPORTS_48B_ADDRESS) ?
                    vm->size : MIN2(vm->size, 1ull << 32);

   /* Objects stay where they were unless something forces them to move. */
   struct vgpu_binding *b = vm_binding_of(vm, o->bo);
   uint64_t start;
   if (b && !(b->start & (align - 1)) && b->start + span <= limit &&
       range_is_free(exec, exec->count, b->start, b->start + span)) {
      start = b->start;
   } else {
      int ret = find_free_range(exec, span, align, limit, &start);
      if (ret)
         return ret;
   }
   o->start = start;
   o->end = start + span;
   return remember_binding(vm, o->bo, start);
}

/* ---- relocations ---- */

static int
apply_relocation(struct vgpu_exec *exec, struct vgpu_exec_object *o,
                 struct drm_i915_gem_relocation_entry *r, bool lut)
{
   struct vgpu_exec_object *target = NULL;
   if (lut) {
      if (r->target_handle >= exec->count)
         return -ENOENT;
      target = &exec->objects[r->target_handle];
   } else {
      for (unsigned i = 0; i < exec->count && !target; i++) {
         if (exec->objects[i].handle == r->target_handle)
            target = &exec->objects[i];
      }
      if (!target)
         return -ENOENT;
   }
   /* A relocation may name one write domain at most. */
   if (r->write_domain & (r->write_domain - 1))
      return -EINVAL;

   const bool wide = vgpu.info->ver >= 8;
   const uint64_t size = wide ? 8 : 4;
   if ((r->offset & 3) || r->offset > o->bo->size - size)
      return -EINVAL;

   uint64_t value = target->start + (int64_t)(int32_t)r->delta;
   uint8_t *dst = o->map + r->offset;
   if (wide) {
      uint64_t v = gpu_addr_to_canonical(value);
      memcpy(dst, &v, 8);
   } else {
      uint32_t v = (uint32_t)value;
      memcpy(dst, &v, 4);
   }
   r->presumed_offset = gpu_addr_to_canonical(target->start);
   return 0;
}

static int
apply_relocations(struct vgpu_exec *exec, unsigned i,
                  const struct drm_i915_gem_exec_object2 *e, bool lut)
{
   if (e->relocation_count == 0)
      return 0;
   struct drm_i915_gem_relocation_entry *relocs;
   int ret = vgpu_copy_array_from_user((void **)&relocs, e->relocs_ptr,
                                       e->relocation_count, sizeof(*relocs));
   if (ret)
      return ret;
   for (uint32_t r = 0; r < e->relocation_count && !ret; r++)
      ret = apply_relocation(exec, &exec->objects[i], &relocs[r], lut);
   if (!ret)
      ret = vgpu_copy_to_user(e->relocs_ptr, relocs,
                              e->relocation_count * sizeof(*relocs));
   free(relocs);
   return ret;
}

/* ---- fences ---- */

struct exec_fences {
   uint32_t *handles;
   uint32_t *flags;
   uint64_t *points;
   struct vgpu_syncobj **objs;
   uint64_t count;
};

static void
fences_fini(struct exec_fences *f)
{
   free(f->handles);
   free(f->flags);
   free(f->points);
   free(f->objs);
}

static int
fences_alloc(struct exec_fences *f, uint64_t count)
{
   if (count > (1u << 20))
      return -EINVAL;
   f->count = count;
   f->handles = calloc(count ? count : 1, sizeof(*f->handles));
   f->flags = calloc(count ? count : 1, sizeof(*f->flags));
   f->points = calloc(count ? count : 1, sizeof(*f->points));
   f->objs = calloc(count ? count : 1, sizeof(*f->objs));
   return f->handles && f->flags && f->points && f->objs ? 0 : -ENOMEM;
}

static int
read_fence_array(struct exec_fences *f, uint64_t ptr, uint64_t count)
{
   int ret = fences_alloc(f, count);
   for (uint64_t i = 0; i < count && !ret; i++) {
      struct drm_i915_gem_exec_fence fence;
      ret = vgpu_copy_from_user(&fence, ptr + i * sizeof(fence), sizeof(fence));
      f->handles[i] = fence.handle;
      f->flags[i] = fence.flags;
   }
   return ret;
}

static int
read_timeline_fences(struct exec_fences *f, uint64_t ext_ptr)
{
   for (unsigned depth = 0; ext_ptr; depth++) {
      struct drm_i915_gem_execbuffer_ext_timeline_fences ext;
      if (depth > 16)
         return -E2BIG;
      int ret = vgpu_copy_from_user(&ext, ext_ptr, sizeof(ext));
      if (ret)
         return ret;
      /* One timeline-fences extension per submission. */
      if (ext.base.name != DRM_I915_GEM_EXECBUFFER_EXT_TIMELINE_FENCES || f->handles)
         return -EINVAL;
      ret = fences_alloc(f, ext.fence_count);
      for (uint64_t i = 0; i < ext.fence_count && !ret; i++) {
         struct drm_i915_gem_exec_fence fence;
         ret = vgpu_copy_from_user(&fence, ext.handles_ptr + i * sizeof(fence),
                                   sizeof(fence));
         if (!ret)
            ret = vgpu_copy_from_user(&f->points[i], ext.values_ptr + i * 8, 8);
         f->handles[i] = fence.handle;
         f->flags[i] = fence.flags;
      }
      if (ret)
         return ret;
      ext_ptr = ext.base.next_extension;
   }
   return 0;
}

static int
resolve_fences(struct vgpu_file *file, struct exec_fences *f)
{
   for (uint64_t i = 0; i < f->count; i++) {
      if (f->flags[i] & ~(uint32_t)(I915_EXEC_FENCE_WAIT | I915_EXEC_FENCE_SIGNAL))
         return -EINVAL;
      f->objs[i] = vgpu_syncobj_lookup(file, f->handles[i]);
      if (!f->objs[i])
         return -ENOENT;
      /* Waiting on a point nobody submitted is an error at submit time. */
      if ((f->flags[i] & I915_EXEC_FENCE_WAIT) &&
          !vgpu_syncobj_has_point(f->objs[i], f->points[i]))
         return -EINVAL;
      /* A signal on a timeline syncobj must name a point. */
      if ((f->flags[i] & I915_EXEC_FENCE_SIGNAL) && f->points[i] == 0 &&
          f->objs[i]->point != 0)
         return -EINVAL;
   }
   return 0;
}

static int
collect_fences(struct vgpu_file *file, const struct drm_i915_gem_execbuffer2 *eb,
               struct exec_fences *f)
{
   memset(f, 0, sizeof(*f));
   int ret = 0;
   if (eb->flags & I915_EXEC_FENCE_ARRAY)
      ret = read_fence_array(f, eb->cliprects_ptr, eb->num_cliprects);
   else if (eb->flags & I915_EXEC_USE_EXTENSIONS)
      ret = read_timeline_fences(f, eb->cliprects_ptr);
   return ret ? ret : resolve_fences(file, f);
}

/* ---- the submission ---- */

static int
check_execbuffer_args(const struct drm_i915_gem_execbuffer2 *eb)
{
   if (eb->flags & ~KNOWN_EXEC_FLAGS)
      return -EINVAL;
   if ((eb->flags & I915_EXEC_FENCE_ARRAY) && (vgpu.lacks & VGPU_LACKS_FENCE_ARRAY))
      return -EINVAL;
   if (eb->buffer_count < 1 || eb->buffer_count > (1u << 20))
      return -EINVAL;
   if ((eb->batch_start_offset | eb->batch_len) & 7)
      return -EINVAL;
   if ((eb->flags & I915_EXEC_FENCE_ARRAY) && (eb->flags & I915_EXEC_USE_EXTENSIONS))
      return -EINVAL;
   /* Clip rectangles are a pre-Gen5 feature: the field only carries fences. */
   if (!(eb->flags & (I915_EXEC_FENCE_ARRAY | I915_EXEC_USE_EXTENSIONS)) &&
       (eb->num_cliprects || eb->cliprects_ptr))
      return -EINVAL;
   if ((eb->flags & I915_EXEC_USE_EXTENSIONS) && eb->num_cliprects)
      return -EINVAL;
   if ((eb->flags & I915_EXEC_SECURE))
      return -EPERM;
   if (eb->flags & I915_EXEC_RESOURCE_STREAMER)
      return -EINVAL;
   return 0;
}

static int
select_engine(const struct vgpu_context *ctx, uint64_t flags)
{
   unsigned ring = flags & I915_EXEC_RING_MASK;
   if (ctx->num_engines) {
      if (ring >= ctx->num_engines ||
          ctx->engine_class[ring] != I915_ENGINE_CLASS_RENDER)
         return -EINVAL;
      return 0;
   }
   /* Legacy ring selection: only the render ring exists. */
   if (ring != I915_EXEC_DEFAULT && ring != I915_EXEC_RENDER)
      return -EINVAL;
   if (flags & I915_EXEC_BSD_MASK)
      return -EINVAL;
   return 0;
}

static bool
shadow_readonly(struct vgpu_exec_object *o)
{
   uint8_t *copy = malloc(o->bo->size ? o->bo->size : 1);
   if (!copy)
      return false;
   memcpy(copy, o->bo->map, o->bo->size);
   o->map = copy;
   o->shadowed = true;
   return true;
}

static void
free_shadows(struct vgpu_exec *exec)
{
   for (unsigned i = 0; exec->objects && i < exec->count; i++) {
      if (exec->objects[i].shadowed)
         free(exec->objects[i].map);
   }
}

static int
lookup_objects(struct vgpu_file *file, struct vgpu_exec *exec,
               const struct drm_i915_gem_exec_object2 *list)
{
   for (unsigned i = 0; i < exec->count; i++) {
      const struct drm_i915_gem_exec_object2 *e = &list[i];
      if (e->flags & ~KNOWN_OBJECT_FLAGS)
         return -EINVAL;
      if (e->alignment && (e->alignment & (e->alignment - 1)))
         return -EINVAL;
      if (!(e->flags & EXEC_OBJECT_PAD_TO_SIZE) && e->pad_to_size)
         return -EINVAL;
      struct vgpu_bo *bo = vgpu_bo_lookup(file, e->handle);
      if (!bo)
         return -ENOENT;
      for (unsigned j = 0; j < i; j++) {
         if (exec->objects[j].bo == bo)
            return -EINVAL;
      }
      int ret = vgpu_bo_pin_userptr(bo);
      if (ret)
         return ret;
      exec->objects[i] = (struct vgpu_exec_object){
         .bo = bo, .handle = e->handle, .flags = e->flags, .map = bo->map,
      };
      if (bo->userptr && bo->readonly && !shadow_readonly(&exec->objects[i]))
         return -ENOMEM;
   }
   return 0;
}

static int
place_objects(struct vgpu_exec *exec, struct drm_i915_gem_exec_object2 *list)
{
   for (unsigned i = 0; i < exec->count; i++) {
      if (list[i].flags & EXEC_OBJECT_PINNED) {
         int ret = place_pinned(exec, i, &list[i]);
         if (ret)
            return ret;
      }
   }
   for (unsigned i = 0; i < exec->count; i++) {
      if (!(list[i].flags & EXEC_OBJECT_PINNED)) {
         int ret = place_unpinned(exec, i, &list[i]);
         if (ret)
            return ret;
      }
   }
   for (unsigned i = 0; i < exec->count; i++) {
      list[i].offset = gpu_addr_to_canonical(exec->objects[i].start);
      exec->by_addr[i] = &exec->objects[i];
   }
   qsort(exec->by_addr, exec->count, sizeof(exec->by_addr[0]), compare_by_addr);
   return 0;
}

static int
locate_batch(struct vgpu_exec *exec, const struct drm_i915_gem_execbuffer2 *eb)
{
   exec->batch_index = (eb->flags & I915_EXEC_BATCH_FIRST) ? 0 : exec->count - 1;
   const struct vgpu_exec_object *batch = &exec->objects[exec->batch_index];
   uint64_t size = batch->bo->size;
   if (eb->batch_start_offset > size)
      return -EINVAL;
   uint64_t len = eb->batch_len ? eb->batch_len : size - eb->batch_start_offset;
   if (len > size - eb->batch_start_offset)
      return -EINVAL;
   exec->batch_start = batch->start + eb->batch_start_offset;
   exec->batch_len = len;
   return 0;
}

static void
retire(struct vgpu_exec *exec, const struct exec_fences *f)
{
   if (exec->fault) {
      exec->ctx->guilty = true;
      exec->ctx->batch_active++;
      vgpu.reset_count++;
   }
   for (uint64_t i = 0; i < f->count; i++) {
      if (f->flags[i] & I915_EXEC_FENCE_SIGNAL)
         vgpu_syncobj_signal(f->objs[i], f->points[i]);
   }
}

static int
prepare_and_run(struct vgpu_file *file, struct drm_i915_gem_execbuffer2 *eb,
                struct vgpu_exec *exec, struct drm_i915_gem_exec_object2 *list)
{
   int ret = lookup_objects(file, exec, list);
   if (!ret)
      ret = place_objects(exec, list);
   if (!ret && vgpu.capture_dir)
      vgpu_capture_relocations(exec, list, eb->flags & I915_EXEC_HANDLE_LUT);
   for (unsigned i = 0; i < exec->count && !ret; i++)
      ret = apply_relocations(exec, i, &list[i], eb->flags & I915_EXEC_HANDLE_LUT);
   if (!ret)
      ret = locate_batch(exec, eb);
   if (!ret)
      ret = vgpu_copy_to_user(eb->buffers_ptr, list, exec->count * sizeof(*list));
   if (ret)
      return ret;

   struct exec_fences fences;
   ret = collect_fences(file, eb, &fences);
   if (ret) {
      fences_fini(&fences);
      return ret;
   }

   int out_fence = -1;
   if (eb->flags & I915_EXEC_FENCE_OUT) {
      out_fence = vgpu_sync_file_create();
      if (out_fence < 0) {
         fences_fini(&fences);
         return out_fence;
      }
      eb->rsvd2 = (eb->rsvd2 & 0xffffffffull) | ((uint64_t)out_fence << 32);
   }

   if (vgpu.capture_dir)
      vgpu_capture_exec(exec, (uint32_t)eb->rsvd1);
   /* VGPU_EXEC=0 measures a driver's CPU cost: batches retire unrun. */
   if (vgpu.execute)
      vgpu_cs_execute(exec);
   retire(exec, &fences);
   fences_fini(&fences);
   return 0;
}

int
vgpu_ioctl_execbuffer2(struct vgpu_file *file, void *arg)
{
   struct drm_i915_gem_execbuffer2 *eb = arg;
   int ret = check_execbuffer_args(eb);
   if (ret)
      return ret;

   struct vgpu_context *ctx = vgpu_context_lookup(file, (uint32_t)eb->rsvd1);
   if (!ctx)
      return -ENOENT;
   if (ctx->guilty)
      return -EIO;
   ret = select_engine(ctx, eb->flags);
   if (ret)
      return ret;
   if ((eb->flags & I915_EXEC_FENCE_IN) &&
       vgpu_fd_get((int)(eb->rsvd2 & 0xffffffff)).kind != VGPU_FD_SYNC_FILE)
      return -EINVAL;

   struct drm_i915_gem_exec_object2 *list;
   ret = vgpu_copy_array_from_user((void **)&list, eb->buffers_ptr,
                                   eb->buffer_count, sizeof(*list));
   if (ret)
      return ret;

   struct vgpu_exec exec = {
      .ctx = ctx,
      .count = eb->buffer_count,
      .flags = eb->flags,
      .objects = calloc(eb->buffer_count, sizeof(struct vgpu_exec_object)),
      .by_addr = calloc(eb->buffer_count, sizeof(struct vgpu_exec_object *)),
      .eu_budget_left = vgpu.eu_budget,
   };
   ctx->id = (uint32_t)eb->rsvd1;
   ret = exec.objects && exec.by_addr ? prepare_and_run(file, eb, &exec, list)
                                      : -ENOMEM;
   free_shadows(&exec);
   free(exec.objects);
   free(exec.by_addr);
   free(list);
   return ret;
}

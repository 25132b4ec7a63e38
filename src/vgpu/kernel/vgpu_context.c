/* Hardware contexts and the address spaces (VMs) they run in, with the
 * context parameters and reset statistics of the i915 uAPI. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <drm.h>
#include <i915_drm.h>

#include "vgpu_3d.h"
#include "vgpu_gpgpu.h"
#include "vgpu_priv.h"

/* ---- address spaces ---- */

static struct vgpu_vm *
vm_alloc(void)
{
   struct vgpu_vm *vm = calloc(1, sizeof(*vm));
   if (!vm)
      return NULL;
   vm->refcount = 1;
   vm->size = vgpu.info->gtt_size;
   return vm;
}

struct vgpu_vm *
vgpu_vm_create(struct vgpu_file *file)
{
   return vm_alloc();
}

void
vgpu_vm_unref(struct vgpu_vm *vm)
{
   if (!vm || --vm->refcount > 0)
      return;
   for (unsigned i = 0; i < vm->num_bindings; i++)
      vgpu_bo_unref(vm->bindings[i].bo);
   free(vm->bindings);
   free(vm);
}

void
vgpu_vm_forget_bo(struct vgpu_vm *vm, struct vgpu_bo *bo)
{
   for (unsigned i = 0; i < vm->num_bindings; i++) {
      if (vm->bindings[i].bo != bo)
         continue;
      vgpu_bo_unref(bo);
      memmove(&vm->bindings[i], &vm->bindings[i + 1],
              (vm->num_bindings - i - 1) * sizeof(vm->bindings[0]));
      vm->num_bindings--;
      return;
   }
}

/* ---- contexts ---- */

static struct vgpu_context *
context_create(struct vgpu_vm *vm)
{
   struct vgpu_context *ctx = calloc(1, sizeof(*ctx));
   if (!ctx)
      return NULL;
   ctx->vm = vm;
   vm->refcount++;
   ctx->recoverable = true;
   ctx->bannable = true;
   return ctx;
}

static void
context_destroy(struct vgpu_context *ctx)
{
   vgpu_vm_unref(ctx->vm);
   free(ctx->regs);
   vgpu_gpgpu_destroy(ctx->gpgpu);
   vgpu_3d_destroy(ctx->gfx3d);
   free(ctx);
}

int
vgpu_file_init_contexts(struct vgpu_file *file)
{
   file->default_vm = vm_alloc();
   if (!file->default_vm)
      return -ENOMEM;
   file->default_ctx = context_create(file->default_vm);
   if (!file->default_ctx) {
      vgpu_vm_unref(file->default_vm);
      return -ENOMEM;
   }
   return 0;
}

void
vgpu_file_close_contexts(struct vgpu_file *file)
{
   struct vgpu_context *ctx;
   vgpu_handle_foreach(&file->contexts, h, ctx)
      context_destroy(ctx);
   vgpu_handle_table_fini(&file->contexts);
   context_destroy(file->default_ctx);

   struct vgpu_vm *vm;
   vgpu_handle_foreach(&file->vms, h, vm)
      vgpu_vm_unref(vm);
   vgpu_handle_table_fini(&file->vms);
   vgpu_vm_unref(file->default_vm);
}

struct vgpu_context *
vgpu_context_lookup(struct vgpu_file *file, uint32_t id)
{
   return id == 0 ? file->default_ctx : vgpu_handle_get(&file->contexts, id);
}

/* ---- context parameters ---- */

static bool
engine_exists(uint16_t class, uint16_t instance)
{
   /* vgpu models the render command streamer only. */
   return class == I915_ENGINE_CLASS_RENDER && instance == 0;
}

static int
set_engines(struct vgpu_context *ctx, const struct drm_i915_gem_context_param *p)
{
   if (vgpu.lacks & VGPU_LACKS_ENGINES)
      return -EINVAL;   /* a kernel before 5.3 does not know the parameter */
   if (p->size == 0) {
      ctx->num_engines = 0;
      return 0;
   }
   const size_t header = sizeof(struct i915_context_param_engines);
   const size_t each = sizeof(struct i915_engine_class_instance);
   if (p->size < header || (p->size - header) % each)
      return -EINVAL;
   size_t count = (p->size - header) / each;
   if (count > VGPU_MAX_ENGINES)
      return -EINVAL;

   struct i915_context_param_engines head;
   int ret = vgpu_copy_from_user(&head, p->value, header);
   if (ret)
      return ret;
   /* Load balancing and bonding need several engines of one class. */
   if (head.extensions)
      return -EINVAL;

   struct i915_engine_class_instance engines[VGPU_MAX_ENGINES];
   ret = vgpu_copy_from_user(engines, p->value + header, count * each);
   if (ret)
      return ret;
   for (size_t i = 0; i < count; i++) {
      bool hole = engines[i].engine_class == (uint16_t)I915_ENGINE_CLASS_INVALID &&
                  engines[i].engine_instance == (uint16_t)I915_ENGINE_CLASS_INVALID_NONE;
      if (!hole && !engine_exists(engines[i].engine_class, engines[i].engine_instance))
         return -EINVAL;
   }
   for (size_t i = 0; i < count; i++) {
      ctx->engine_class[i] = engines[i].engine_class;
      ctx->engine_instance[i] = engines[i].engine_instance;
   }
   ctx->num_engines = count;
   return 0;
}

static int
get_engines(struct vgpu_context *ctx, struct drm_i915_gem_context_param *p)
{
   if (vgpu.lacks & VGPU_LACKS_ENGINES)
      return -EINVAL;
   const size_t header = sizeof(struct i915_context_param_engines);
   const size_t each = sizeof(struct i915_engine_class_instance);
   size_t size = ctx->num_engines ? header + ctx->num_engines * each : 0;
   if (p->size == 0) {
      p->size = size;
      return 0;
   }
   if (p->size < size)
      return -EINVAL;
   uint8_t buf[sizeof(struct i915_context_param_engines) +
               VGPU_MAX_ENGINES * sizeof(struct i915_engine_class_instance)];
   memset(buf, 0, header);
   for (unsigned i = 0; i < ctx->num_engines; i++) {
      struct i915_engine_class_instance e = { ctx->engine_class[i],
                                              ctx->engine_instance[i] };
      memcpy(buf + header + i * each, &e, each);
   }
   p->size = size;
   return vgpu_copy_to_user(p->value, buf, size);
}

static int
sseu_param(struct drm_i915_gem_context_param *p, bool set)
{
   struct drm_i915_gem_context_param_sseu sseu;
   if (p->size == 0 && !set) {
      p->size = sizeof(sseu);
      return 0;
   }
   if (p->size < sizeof(sseu))
      return -EINVAL;
   int ret = vgpu_copy_from_user(&sseu, p->value, sizeof(sseu));
   if (ret)
      return ret;
   if (sseu.flags || sseu.rsvd ||
       !engine_exists(sseu.engine.engine_class, sseu.engine.engine_instance))
      return -EINVAL;
   /* Only Gen11's render engine allows reconfiguring its slices. */
   if (set)
      return vgpu.info->ver == 11 ? 0 : -ENODEV;

   const struct devinfo *d = vgpu.info;
   sseu.slice_mask = (1ull << d->num_slices) - 1;
   sseu.subslice_mask = (1ull << d->subslices_per_slice) - 1;
   sseu.min_eus_per_subslice = d->eus_per_subslice;
   sseu.max_eus_per_subslice = d->eus_per_subslice;
   p->size = sizeof(sseu);
   return vgpu_copy_to_user(p->value, &sseu, sizeof(sseu));
}

static int
set_vm(struct vgpu_file *file, struct vgpu_context *ctx, uint64_t vm_id)
{
   struct vgpu_vm *vm = vm_id <= UINT32_MAX ? vgpu_handle_get(&file->vms, vm_id) : NULL;
   if (!vm)
      return -ENOENT;
   vm->refcount++;
   vgpu_vm_unref(ctx->vm);
   ctx->vm = vm;
   return 0;
}

static int
set_param(struct vgpu_file *file, struct vgpu_context *ctx,
          const struct drm_i915_gem_context_param *p)
{
   switch (p->param) {
   case I915_CONTEXT_PARAM_ENGINES:
      return set_engines(ctx, p);
   case I915_CONTEXT_PARAM_SSEU:
      return sseu_param((struct drm_i915_gem_context_param *)p, true);
   default:
      break;
   }
   if (p->size)
      return -EINVAL;
   switch (p->param) {
   case I915_CONTEXT_PARAM_NO_ZEROMAP:
      return 0;
   case I915_CONTEXT_PARAM_NO_ERROR_CAPTURE:
      ctx->no_error_capture = p->value != 0;
      return 0;
   case I915_CONTEXT_PARAM_BANNABLE:
      ctx->bannable = p->value != 0;
      return 0;
   case I915_CONTEXT_PARAM_RECOVERABLE:
      ctx->recoverable = p->value != 0;
      return 0;
   case I915_CONTEXT_PARAM_PERSISTENCE:
      return 0;
   case I915_CONTEXT_PARAM_PRIORITY: {
      int64_t prio = (int64_t)p->value;
      if (prio > I915_CONTEXT_MAX_USER_PRIORITY ||
          prio < I915_CONTEXT_MIN_USER_PRIORITY)
         return -EINVAL;
      ctx->priority = (int32_t)prio;
      return 0;
   }
   case I915_CONTEXT_PARAM_VM:
      if (!vgpu.info->has_full_ppgtt)
         return -ENODEV;
      return set_vm(file, ctx, p->value);
   case I915_CONTEXT_PARAM_RINGSIZE:
      if (vgpu.info->ver < 8)
         return -ENODEV;
      if (p->value < 4096 || p->value > 512 * 1024 || (p->value & 4095))
         return -EINVAL;
      return 0;
   case I915_CONTEXT_PARAM_PROTECTED_CONTENT:
      return -ENODEV;
   default:
      return -EINVAL;
   }
}

static int
get_param(struct vgpu_file *file, struct vgpu_context *ctx,
          struct drm_i915_gem_context_param *p)
{
   switch (p->param) {
   case I915_CONTEXT_PARAM_ENGINES:
      return get_engines(ctx, p);
   case I915_CONTEXT_PARAM_SSEU:
      return sseu_param(p, false);
   case I915_CONTEXT_PARAM_NO_ZEROMAP:
      p->value = 0;
      break;
   case I915_CONTEXT_PARAM_GTT_SIZE:
      p->value = ctx->vm->size;
      break;
   case I915_CONTEXT_PARAM_NO_ERROR_CAPTURE:
      p->value = ctx->no_error_capture;
      break;
   case I915_CONTEXT_PARAM_BANNABLE:
      p->value = ctx->bannable;
      break;
   case I915_CONTEXT_PARAM_RECOVERABLE:
      p->value = ctx->recoverable;
      break;
   case I915_CONTEXT_PARAM_PRIORITY:
      p->value = (uint64_t)(int64_t)ctx->priority;
      break;
   case I915_CONTEXT_PARAM_PERSISTENCE:
      p->value = 1;
      break;
   case I915_CONTEXT_PARAM_PROTECTED_CONTENT:
      p->value = 0;
      break;
   case I915_CONTEXT_PARAM_VM: {
      if (!vgpu.info->has_full_ppgtt)
         return -ENODEV;
      /* Getting the VM gives the caller a new id for the context's VM. */
      uint32_t id = vgpu_handle_alloc(&file->vms, ctx->vm);
      if (!id)
         return -ENOMEM;
      ctx->vm->refcount++;
      p->value = id;
      break;
   }
   default:
      return -EINVAL;
   }
   p->size = 0;
   return 0;
}

int
vgpu_ioctl_context_getparam(struct vgpu_file *file, void *arg)
{
   struct drm_i915_gem_context_param *p = arg;
   struct vgpu_context *ctx = vgpu_context_lookup(file, p->ctx_id);
   return ctx ? get_param(file, ctx, p) : -ENOENT;
}

int
vgpu_ioctl_context_setparam(struct vgpu_file *file, void *arg)
{
   struct drm_i915_gem_context_param *p = arg;
   struct vgpu_context *ctx = vgpu_context_lookup(file, p->ctx_id);
   return ctx ? set_param(file, ctx, p) : -ENOENT;
}

/* ---- creation and destruction ---- */

static int
apply_create_extensions(struct vgpu_file *file, struct vgpu_context *ctx,
                        uint64_t ext_ptr)
{
   for (unsigned depth = 0; ext_ptr; depth++) {
      if (depth > 64)
         return -E2BIG;
      struct drm_i915_gem_context_create_ext_setparam ext;
      int ret = vgpu_copy_from_user(&ext.base, ext_ptr, sizeof(ext.base));
      if (ret)
         return ret;
      if (ext.base.name != I915_CONTEXT_CREATE_EXT_SETPARAM)
         return -EINVAL;
      ret = vgpu_copy_from_user(&ext, ext_ptr, sizeof(ext));
      if (ret)
         return ret;
      if (ext.param.ctx_id)
         return -EINVAL;
      ret = set_param(file, ctx, &ext.param);
      if (ret)
         return ret;
      ext_ptr = ext.base.next_extension;
   }
   return 0;
}

/* CONTEXT_CREATE and CONTEXT_CREATE_EXT share the ioctl number; the legacy
 * form's pad arrives as flags. */
int
vgpu_ioctl_context_create_ext(struct vgpu_file *file, void *arg)
{
   struct drm_i915_gem_context_create_ext *a = arg;
   const uint32_t known = I915_CONTEXT_CREATE_FLAGS_USE_EXTENSIONS |
                          I915_CONTEXT_CREATE_FLAGS_SINGLE_TIMELINE;
   if (a->flags & ~known)
      return -EINVAL;
   struct vgpu_context *ctx = context_create(file->default_vm);
   if (!ctx)
      return -ENOMEM;
   int ret = 0;
   if (a->flags & I915_CONTEXT_CREATE_FLAGS_USE_EXTENSIONS)
      ret = apply_create_extensions(file, ctx, a->extensions);
   if (!ret) {
      a->ctx_id = vgpu_handle_alloc(&file->contexts, ctx);
      ret = a->ctx_id ? 0 : -ENOMEM;
   }
   if (ret)
      context_destroy(ctx);
   return ret;
}

int
vgpu_ioctl_context_destroy(struct vgpu_file *file, void *arg)
{
   struct drm_i915_gem_context_destroy *a = arg;
   if (a->pad)
      return -EINVAL;
   if (a->ctx_id == 0)
      return -ENOENT;
   struct vgpu_context *ctx = vgpu_handle_remove(&file->contexts, a->ctx_id);
   if (!ctx)
      return -ENOENT;
   context_destroy(ctx);
   return 0;
}

int
vgpu_ioctl_vm_create(struct vgpu_file *file, void *arg)
{
   struct drm_i915_gem_vm_control *a = arg;
   if (a->flags || a->extensions || a->vm_id)
      return -EINVAL;
   if (!vgpu.info->has_full_ppgtt)
      return -ENODEV;
   struct vgpu_vm *vm = vgpu_vm_create(file);
   if (!vm)
      return -ENOMEM;
   a->vm_id = vgpu_handle_alloc(&file->vms, vm);
   if (a->vm_id)
      return 0;
   vgpu_vm_unref(vm);
   return -ENOMEM;
}

int
vgpu_ioctl_vm_destroy(struct vgpu_file *file, void *arg)
{
   struct drm_i915_gem_vm_control *a = arg;
   if (a->flags || a->extensions)
      return -EINVAL;
   struct vgpu_vm *vm = vgpu_handle_remove(&file->vms, a->vm_id);
   if (!vm)
      return -ENOENT;
   vgpu_vm_unref(vm);
   return 0;
}

int
vgpu_ioctl_get_reset_stats(struct vgpu_file *file, void *arg)
{
   struct drm_i915_reset_stats *a = arg;
   if (a->flags || a->pad)
      return -EINVAL;
   struct vgpu_context *ctx = vgpu_context_lookup(file, a->ctx_id);
   if (!ctx)
      return -ENOENT;
   a->reset_count = vgpu.reset_count;
   a->batch_active = ctx->batch_active;
   a->batch_pending = 0;
   return 0;
}

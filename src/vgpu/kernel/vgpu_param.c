/* What the kernel tells about the device: driver version, DRM caps, i915
 * GETPARAM values, the QUERY items (topology, engines, memory regions), the
 * aperture and the whitelisted TIMESTAMP register. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <drm.h>
#include <i915_drm.h>

#include "macros.h"
#include "vgpu_priv.h"

static int
copy_string(uint64_t dst, __kernel_size_t *len, const char *s)
{
   size_t n = strlen(s);
   int ret = 0;
   if (*len && dst)
      ret = vgpu_copy_to_user(dst, s, MIN2(*len, n));
   *len = n;
   return ret;
}

int
vgpu_ioctl_version(struct vgpu_file *file, void *arg)
{
   struct drm_version *v = arg;
   v->version_major = 1;
   v->version_minor = 6;
   v->version_patchlevel = 0;
   int ret = copy_string((uint64_t)(uintptr_t)v->name, &v->name_len, "i915");
   if (!ret)
      ret = copy_string((uint64_t)(uintptr_t)v->date, &v->date_len, "20201103");
   if (!ret)
      ret = copy_string((uint64_t)(uintptr_t)v->desc, &v->desc_len,
                        "Intel Graphics (vgpu)");
   return ret;
}

int
vgpu_ioctl_get_unique(struct vgpu_file *file, void *arg)
{
   struct drm_unique *u = arg;
   return copy_string((uint64_t)(uintptr_t)u->unique, &u->unique_len,
                      "pci:0000:00:02.0");
}

int
vgpu_ioctl_get_cap(struct vgpu_file *file, void *arg)
{
   struct drm_get_cap *c = arg;
   switch (c->capability) {
   case DRM_CAP_PRIME:
      c->value = DRM_PRIME_CAP_IMPORT | DRM_PRIME_CAP_EXPORT;
      return 0;
   case DRM_CAP_SYNCOBJ:
   case DRM_CAP_SYNCOBJ_TIMELINE:
      c->value = !(vgpu.lacks & VGPU_LACKS_SYNCOBJ);
      return 0;
   case DRM_CAP_TIMESTAMP_MONOTONIC:
      c->value = 1;
      return 0;
   default:
      return -EINVAL;
   }
}

/* GETPARAM as the i915 kernel of a recent Linux answers it for the device.
 * Topology parameters do not exist before Gen8 (ENODEV); parameters of
 * features a render-only integrated part lacks read 0. */
static int
param_value(int32_t param, int *value)
{
   const struct devinfo *d = vgpu.info;
   const bool gen8 = d->ver >= 8;

   switch (param) {
   case I915_PARAM_CHIPSET_ID: *value = vgpu.pci_id; return 0;
   case I915_PARAM_REVISION: *value = vgpu.model->revision; return 0;
   case I915_PARAM_HAS_LLC: *value = d->has_llc; return 0;
   case I915_PARAM_HAS_ALIASING_PPGTT: *value = d->has_full_ppgtt ? 2 : 1; return 0;
   case I915_PARAM_HAS_EXEC_SOFTPIN:
      *value = d->has_full_ppgtt && !(vgpu.lacks & VGPU_LACKS_SOFTPIN);
      return 0;
   case I915_PARAM_HAS_EXEC_FENCE_ARRAY:
      *value = !(vgpu.lacks & VGPU_LACKS_FENCE_ARRAY);
      return 0;
   case I915_PARAM_CS_TIMESTAMP_FREQUENCY: *value = (int)d->timestamp_frequency; return 0;
   case I915_PARAM_NUM_FENCES_AVAIL: *value = d->ver < 12 ? 32 : 0; return 0;
   case I915_PARAM_CMD_PARSER_VERSION: *value = 10; return 0;
   case I915_PARAM_MMAP_VERSION: *value = 1; return 0;
   case I915_PARAM_MMAP_GTT_VERSION: *value = 4; return 0;
   case I915_PARAM_HAS_SCHEDULER:
      *value = I915_SCHEDULER_CAP_ENABLED | I915_SCHEDULER_CAP_PRIORITY |
               I915_SCHEDULER_CAP_PREEMPTION;
      return 0;
   case I915_PARAM_HAS_CONTEXT_ISOLATION:
      *value = 1 << I915_ENGINE_CLASS_RENDER;
      return 0;
   case I915_PARAM_PERF_REVISION: *value = 5; return 0;

   case I915_PARAM_SUBSLICE_TOTAL:
      *value = devinfo_subslice_total(d);
      return gen8 ? 0 : -ENODEV;
   case I915_PARAM_EU_TOTAL:
      *value = devinfo_eu_total(d);
      return gen8 ? 0 : -ENODEV;
   case I915_PARAM_SLICE_MASK:
      *value = (1 << d->num_slices) - 1;
      return gen8 ? 0 : -ENODEV;
   case I915_PARAM_SUBSLICE_MASK:
      *value = (1 << d->subslices_per_slice) - 1;
      return gen8 ? 0 : -ENODEV;

   /* Engines vgpu does not model. */
   case I915_PARAM_HAS_BSD:
   case I915_PARAM_HAS_BLT:
   case I915_PARAM_HAS_VEBOX:
   case I915_PARAM_HAS_BSD2:
   /* Features not offered. */
   case I915_PARAM_HAS_OVERLAY:
   case I915_PARAM_HAS_SEMAPHORES:
   case I915_PARAM_HAS_SECURE_BATCHES:
   case I915_PARAM_HAS_WT:
   case I915_PARAM_HAS_RESOURCE_STREAMER:
   case I915_PARAM_HAS_POOLED_EU:
   case I915_PARAM_MIN_EU_IN_POOL:
   case I915_PARAM_HUC_STATUS:
   case I915_PARAM_HAS_EXEC_CONSTANTS:
      *value = 0;
      return 0;

   case I915_PARAM_HAS_GEM:
   case I915_PARAM_HAS_PAGEFLIPPING:
   case I915_PARAM_HAS_EXECBUF2:
   case I915_PARAM_HAS_RELAXED_FENCING:
   case I915_PARAM_HAS_COHERENT_RINGS:
   case I915_PARAM_HAS_RELAXED_DELTA:
   case I915_PARAM_HAS_GEN7_SOL_RESET:
   case I915_PARAM_HAS_WAIT_TIMEOUT:
   case I915_PARAM_HAS_PRIME_VMAP_FLUSH:
   case I915_PARAM_HAS_PINNED_BATCHES:
   case I915_PARAM_HAS_EXEC_NO_RELOC:
   case I915_PARAM_HAS_EXEC_HANDLE_LUT:
   case I915_PARAM_HAS_COHERENT_PHYS_GTT:
   case I915_PARAM_HAS_GPU_RESET:
   case I915_PARAM_HAS_EXEC_ASYNC:
   case I915_PARAM_HAS_EXEC_FENCE:
   case I915_PARAM_HAS_EXEC_CAPTURE:
   case I915_PARAM_HAS_EXEC_BATCH_FIRST:
   case I915_PARAM_MMAP_GTT_COHERENT:
   case I915_PARAM_HAS_EXEC_SUBMIT_FENCE:
   case I915_PARAM_HAS_EXEC_TIMELINE_FENCES:
   case I915_PARAM_HAS_USERPTR_PROBE:
      *value = 1;
      return 0;
   default:
      return -EINVAL;
   }
}

int
vgpu_ioctl_getparam(struct vgpu_file *file, void *arg)
{
   struct drm_i915_getparam *gp = arg;
   int value;
   int ret = param_value(gp->param, &value);
   if (ret)
      return ret;
   return vgpu_copy_to_user((uint64_t)(uintptr_t)gp->value, &value, sizeof(value));
}

/* ---- QUERY ---- */

/* Builds the item's payload; *size is its length.  Returns NULL with *err
 * set when the item cannot be answered. */
typedef void *(*query_builder)(size_t *size, int *err);

static void *
build_topology(size_t *size, int *err)
{
   const struct devinfo *d = vgpu.info;
   /* The kernel has no slice/subslice description of Gen7 parts. */
   if (d->ver < 8) {
      *err = -ENODEV;
      return NULL;
   }
   const unsigned slices = d->num_slices, subslices = d->subslices_per_slice;
   const unsigned eus = d->eus_per_subslice;
   const unsigned slice_bytes = DIV_ROUND_UP(slices, 8);
   const unsigned ss_stride = DIV_ROUND_UP(subslices, 8);
   const unsigned eu_stride = DIV_ROUND_UP(eus, 8);
   const size_t data = slice_bytes + slices * ss_stride +
                       slices * subslices * eu_stride;

   struct drm_i915_query_topology_info *t = calloc(1, sizeof(*t) + data);
   if (!t) {
      *err = -ENOMEM;
      return NULL;
   }
   t->max_slices = slices;
   t->max_subslices = subslices;
   t->max_eus_per_subslice = eus;
   t->subslice_offset = slice_bytes;
   t->subslice_stride = ss_stride;
   t->eu_offset = slice_bytes + slices * ss_stride;
   t->eu_stride = eu_stride;

   for (unsigned s = 0; s < slices; s++) {
      t->data[s / 8] |= 1u << (s % 8);
      for (unsigned ss = 0; ss < subslices; ss++) {
         t->data[t->subslice_offset + s * ss_stride + ss / 8] |= 1u << (ss % 8);
         for (unsigned eu = 0; eu < eus; eu++) {
            size_t off = t->eu_offset + (s * subslices + ss) * eu_stride + eu / 8;
            t->data[off] |= 1u << (eu % 8);
         }
      }
   }
   *size = sizeof(*t) + data;
   return t;
}

static void *
build_engines(size_t *size, int *err)
{
   struct drm_i915_query_engine_info *e =
      calloc(1, sizeof(*e) + sizeof(struct drm_i915_engine_info));
   if (!e) {
      *err = -ENOMEM;
      return NULL;
   }
   e->num_engines = 1;
   e->engines[0].engine.engine_class = I915_ENGINE_CLASS_RENDER;
   e->engines[0].engine.engine_instance = 0;
   e->engines[0].flags = I915_ENGINE_INFO_HAS_LOGICAL_INSTANCE;
   e->engines[0].logical_instance = 0;
   *size = sizeof(*e) + sizeof(struct drm_i915_engine_info);
   return e;
}

static void *
build_memory_regions(size_t *size, int *err)
{
   struct drm_i915_query_memory_regions *m =
      calloc(1, sizeof(*m) + sizeof(struct drm_i915_memory_region_info));
   if (!m) {
      *err = -ENOMEM;
      return NULL;
   }
   m->num_regions = 1;
   m->regions[0].region.memory_class = I915_MEMORY_CLASS_SYSTEM;
   m->regions[0].region.memory_instance = 0;
   m->regions[0].probed_size = vgpu.system_memory;
   m->regions[0].unallocated_size = vgpu.system_memory;
   *size = sizeof(*m) + sizeof(struct drm_i915_memory_region_info);
   return m;
}

static query_builder
query_builder_for(uint64_t id)
{
   switch (id) {
   case DRM_I915_QUERY_TOPOLOGY_INFO: return build_topology;
   case DRM_I915_QUERY_ENGINE_INFO: return build_engines;
   case DRM_I915_QUERY_MEMORY_REGIONS: return build_memory_regions;
   default: return NULL;
   }
}

/* One item of the two-pass protocol: length 0 asks for the size; a length
 * too small is -EINVAL in the item; errors go into the item's length. */
static int32_t
answer_item(const struct drm_i915_query_item *item)
{
   query_builder build = query_builder_for(item->query_id);
   if (!build || item->flags)
      return -EINVAL;
   size_t size = 0;
   int err = 0;
   void *data = build(&size, &err);
   if (!data)
      return err;
   int32_t ret = (int32_t)size;
   if (item->length != 0) {
      if (item->length < (int32_t)size)
         ret = -EINVAL;
      else if (vgpu_copy_to_user(item->data_ptr, data, size))
         ret = -EFAULT;
   }
   free(data);
   return ret;
}

int
vgpu_ioctl_query(struct vgpu_file *file, void *arg)
{
   struct drm_i915_query *q = arg;
   if (q->flags)
      return -EINVAL;
   for (uint32_t i = 0; i < q->num_items; i++) {
      uint64_t ptr = q->items_ptr + i * sizeof(struct drm_i915_query_item);
      struct drm_i915_query_item item;
      int ret = vgpu_copy_from_user(&item, ptr, sizeof(item));
      if (ret)
         return ret;
      /* As i915_query_ioctl: query id 0 fails the whole ioctl while an
       * unknown id only fails its own item, and the length is written
       * back only when it differs from the item's. */
      if (item.query_id == 0)
         return -EINVAL;
      int32_t length = answer_item(&item);
      if (length == item.length)
         continue;
      ret = vgpu_copy_to_user(ptr + offsetof(struct drm_i915_query_item, length),
                              &length, sizeof(length));
      if (ret)
         return ret;
   }
   return 0;
}

int
vgpu_ioctl_get_aperture(struct vgpu_file *file, void *arg)
{
   struct drm_i915_gem_get_aperture *a = arg;
   /* The global GTT is at most 4 GiB (2 GiB on Gen7). */
   a->aper_size = MIN2(vgpu.info->gtt_size, 4ull << 30);
   a->aper_available_size = a->aper_size;
   return 0;
}

/* The only register the kernel lets userspace read: the render command
 * streamer's TIMESTAMP, with bit 0 of the offset asking for all 64 bits. */
#define RCS_TIMESTAMP 0x2358

int
vgpu_ioctl_reg_read(struct vgpu_file *file, void *arg)
{
   struct drm_i915_reg_read *r = arg;
   if ((r->offset & ~(uint64_t)I915_REG_READ_8B_WA) != RCS_TIMESTAMP)
      return -EINVAL;
   /* Without the 8B flag the kernel reads the register pair as one
    * 64-bit value too on every generation vgpu models. */
   r->val = vgpu_timestamp_now();
   return 0;
}

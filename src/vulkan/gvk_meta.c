/* The driver's transfer kernels: their pipelines, and rects cut into
 * dispatches whose storage-buffer bindings each stay within what a
 * buffer surface state can cover. */
#include "gvk_meta.h"

#include <string.h>

#include "gvk_alloc.h"
#include "gvk_cmd_buffer.h"
#include "gvk_device.h"
#include "gvk_log.h"
#include "gvk_pipeline.h"
#include "macros.h"

#include "gvk_meta_copy_1.h"
#include "gvk_meta_copy_4.h"
#include "gvk_meta_fill_1.h"
#include "gvk_meta_fill_4.h"
#include "gvk_meta_blit_1d_f.h"
#include "gvk_meta_blit_1d_u.h"
#include "gvk_meta_blit_1d_i.h"
#include "gvk_meta_blit_2d_f.h"
#include "gvk_meta_blit_2d_u.h"
#include "gvk_meta_blit_2d_i.h"
#include "gvk_meta_blit_3d_f.h"
#include "gvk_meta_blit_3d_u.h"
#include "gvk_meta_blit_3d_i.h"
#include "gvk_meta_resolve_f.h"
#include "gvk_meta_resolve_u.h"
#include "gvk_meta_resolve_i.h"
#include "gvk_meta_resolve_ds_d.h"
#include "gvk_meta_resolve_ds_s.h"

/* Bytes one binding may span: far below every generation's largest RAW
 * buffer surface (Gen7: 2^27 bytes, RENDER_SURFACE_STATE Width/Height/
 * Depth of a buffer) and within the kernels' 32-bit offsets. */
#define META_BIND_MAX (1u << 26)
/* Binding addresses are aligned down to this; the kernel adds the rest. */
#define META_BIND_ALIGN 64u
/* Row length of a buffer range copied as a rect. */
#define META_ROW_BYTES 65536u
/* The local size of the kernels in meta/. */
#define META_LOCAL_X 16u
#define META_LOCAL_Y 4u

static const struct {
   const uint32_t *words;
   size_t size;
} meta_spirv[GVK_META_KERNEL_COUNT] = {
   [GVK_META_COPY_BYTES] = { gvk_meta_copy_1, sizeof(gvk_meta_copy_1) },
   [GVK_META_COPY_DWORDS] = { gvk_meta_copy_4, sizeof(gvk_meta_copy_4) },
   [GVK_META_FILL_BYTES] = { gvk_meta_fill_1, sizeof(gvk_meta_fill_1) },
   [GVK_META_FILL_DWORDS] = { gvk_meta_fill_4, sizeof(gvk_meta_fill_4) },
   [GVK_META_BLIT + 0] = { gvk_meta_blit_1d_f, sizeof(gvk_meta_blit_1d_f) },
   [GVK_META_BLIT + 1] = { gvk_meta_blit_1d_u, sizeof(gvk_meta_blit_1d_u) },
   [GVK_META_BLIT + 2] = { gvk_meta_blit_1d_i, sizeof(gvk_meta_blit_1d_i) },
   [GVK_META_BLIT + 3] = { gvk_meta_blit_2d_f, sizeof(gvk_meta_blit_2d_f) },
   [GVK_META_BLIT + 4] = { gvk_meta_blit_2d_u, sizeof(gvk_meta_blit_2d_u) },
   [GVK_META_BLIT + 5] = { gvk_meta_blit_2d_i, sizeof(gvk_meta_blit_2d_i) },
   [GVK_META_BLIT + 6] = { gvk_meta_blit_3d_f, sizeof(gvk_meta_blit_3d_f) },
   [GVK_META_BLIT + 7] = { gvk_meta_blit_3d_u, sizeof(gvk_meta_blit_3d_u) },
   [GVK_META_BLIT + 8] = { gvk_meta_blit_3d_i, sizeof(gvk_meta_blit_3d_i) },
   [GVK_META_RESOLVE + 0] = { gvk_meta_resolve_f, sizeof(gvk_meta_resolve_f) },
   [GVK_META_RESOLVE + 1] = { gvk_meta_resolve_u, sizeof(gvk_meta_resolve_u) },
   [GVK_META_RESOLVE + 2] = { gvk_meta_resolve_i, sizeof(gvk_meta_resolve_i) },
   [GVK_META_RESOLVE_DEPTH] = { gvk_meta_resolve_ds_d, sizeof(gvk_meta_resolve_ds_d) },
   [GVK_META_RESOLVE_STENCIL] = { gvk_meta_resolve_ds_s, sizeof(gvk_meta_resolve_ds_s) },
};

VkResult
gvk_meta_init(struct gvk_device *device)
{
   struct gvk_meta *meta = gvk_zalloc(&device->base.alloc, sizeof(*meta),
                                      VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
   if (!meta)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   pthread_mutex_init(&meta->lock, NULL);
   device->meta = meta;
   return VK_SUCCESS;
}

void
gvk_meta_finish(struct gvk_device *device)
{
   struct gvk_meta *meta = device->meta;
   if (!meta)
      return;
   for (unsigned k = 0; k < GVK_META_KERNEL_COUNT; k++) {
      if (meta->pipelines[k])
         gvk_pipeline_destroy(device, meta->pipelines[k], &device->base.alloc);
   }
   pthread_mutex_destroy(&meta->lock);
   gvk_free(&device->base.alloc, meta);
   device->meta = NULL;
}

/* The kernel's pipeline, compiled on first use; NULL (and the command
 * buffer's status set) when that fails. */
static struct gvk_pipeline *
meta_pipeline(struct gvk_cmd_buffer *cmd, enum gvk_meta_kernel kernel)
{
   struct gvk_device *device = cmd->device;
   struct gvk_meta *meta = device->meta;
   VkResult result = VK_SUCCESS;
   pthread_mutex_lock(&meta->lock);
   if (!meta->pipelines[kernel])
      result = gvk_internal_compute_pipeline(device, meta_spirv[kernel].words,
                                             meta_spirv[kernel].size / 4,
                                             &meta->pipelines[kernel]);
   struct gvk_pipeline *p = meta->pipelines[kernel];
   pthread_mutex_unlock(&meta->lock);
   if (result != VK_SUCCESS)
      gvk_cmd_set_error(cmd, gvk_fail(result, "transfer kernel %u failed to build",
                                      (unsigned)kernel));
   return p;
}

void
gvk_meta_begin(struct gvk_cmd_buffer *cmd, struct gvk_meta_saved *saved)
{
   saved->pipeline = cmd->compute.pipeline;
   memcpy(saved->push_constants, cmd->compute.push_constants,
          sizeof(saved->push_constants));
}

void
gvk_meta_end(struct gvk_cmd_buffer *cmd, const struct gvk_meta_saved *saved)
{
   if (cmd->compute.pipeline != saved->pipeline) {
      cmd->compute.pipeline = saved->pipeline;
      cmd->compute.pipeline_dirty = true;
   }
   cmd->compute.descriptors.dirty = true;
   cmd->compute.binding_table_valid = false;
   memcpy(cmd->compute.push_constants, saved->push_constants,
          sizeof(saved->push_constants));
   cmd->compute.push_dirty = true;
}

/* Push constants of a side, as meta_address.glsl declares them. */
struct meta_side_params {
   uint32_t base, pitch, tiling, x0, y0, slice_rows, slice_bytes, pad;
};

struct meta_copy_params {
   struct meta_side_params src, dst;
   uint32_t width_units, height;
};

struct meta_fill_params {
   struct meta_side_params dst;
   uint32_t width_units, height;
   uint32_t texel_bytes, pad;
   uint32_t pattern[4];
};

static void
meta_dispatch(struct gvk_cmd_buffer *cmd, enum gvk_meta_kernel kernel,
              const struct gvk_descriptor *bindings, const void *push,
              size_t push_size, const uint32_t groups[3])
{
   struct gvk_pipeline *p = meta_pipeline(cmd, kernel);
   if (!p)
      return;
   if (cmd->compute.pipeline != p) {
      cmd->compute.pipeline = p;
      cmd->compute.pipeline_dirty = true;
   }
   cmd->compute.meta_bindings = bindings;
   cmd->compute.descriptors.dirty = true;
   cmd->compute.binding_table_valid = false;
   memcpy(cmd->compute.push_constants, push, push_size);
   cmd->compute.push_dirty = true;
   uint32_t base[3] = { 0, 0, 0 };
   uint32_t g[3] = { groups[0], groups[1], groups[2] };
   cmd->device->genx->dispatch(cmd, base, g);
   cmd->compute.meta_bindings = NULL;
}

void
gvk_meta_dispatch(struct gvk_cmd_buffer *cmd, enum gvk_meta_kernel kernel,
                  const struct gvk_descriptor *bindings, const void *push,
                  size_t push_size, const uint32_t groups[3])
{
   meta_dispatch(cmd, kernel, bindings, push, push_size, groups);
}

static uint32_t
tile_rows(enum gvk_meta_tiling tiling)
{
   static const uint32_t rows[] = {
      [GVK_META_LINEAR] = 1, [GVK_META_TILE_X] = 8,
      [GVK_META_TILE_Y] = 32, [GVK_META_TILE_W] = 64,
   };
   return rows[tiling];
}

/* The part of a rect one dispatch covers: rows [y, y + h) of slices
 * [z, z + d). */
struct meta_part {
   uint32_t width, y, h, z, d;
};

/* Binds the bytes side s touches in part p (from the start of the tile
 * row holding its first byte) and fills the kernel's view of the side;
 * false when they exceed one binding. */
static bool
meta_bind_side(const struct gvk_meta_side *s, const struct meta_part *p,
               struct gvk_descriptor *desc, struct meta_side_params *out)
{
   uint64_t th = tile_rows(s->tiling);
   uint64_t first = (uint64_t)s->y0 + p->y + (uint64_t)p->z * s->slice_rows;
   uint64_t last = first + (p->h - 1) + (uint64_t)(p->d - 1) * s->slice_rows;
   uint64_t row0 = first - first % th;
   uint64_t origin = s->addr + p->z * s->slice_bytes + row0 * s->pitch;
   uint64_t end = (p->d - 1) * s->slice_bytes;
   if (s->tiling == GVK_META_LINEAR)
      end += (last - row0) * s->pitch + s->x0 + p->width;
   else
      end += ((last - row0) / th + 1) * th * s->pitch;
   uint64_t bound = origin & ~(uint64_t)(META_BIND_ALIGN - 1);
   uint64_t range = origin - bound + end;
   if (range > META_BIND_MAX)
      return false;
   *desc = (struct gvk_descriptor){
      .type = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
      .buffer = { .addr = bound, .range = (range + 3) & ~(uint64_t)3 },
   };
   *out = (struct meta_side_params){
      .base = (uint32_t)(origin - bound),
      .pitch = s->pitch,
      .tiling = s->tiling,
      .x0 = s->x0,
      .y0 = (uint32_t)(first - row0),
      .slice_rows = s->slice_rows,
      .slice_bytes = (uint32_t)s->slice_bytes,
   };
   return true;
}

/* What one kind of rect needs to dispatch a part. */
struct meta_rect {
   enum gvk_meta_kernel kernel;
   uint32_t unit;                        /* bytes per invocation */
   const struct gvk_meta_side *src;      /* NULL for fills */
   const struct gvk_meta_side *dst;
   const struct meta_fill_params *fill;  /* pattern of fills */
};

/* Dispatches part p of rect r; false (nothing recorded) when a side does
 * not fit one binding. */
static bool
meta_dispatch_part(struct gvk_cmd_buffer *cmd, const struct meta_rect *r,
                   const struct meta_part *p, bool record)
{
   struct gvk_descriptor bindings[2] = { { 0 } };
   struct meta_side_params src = { 0 }, dst;
   if (r->src && !meta_bind_side(r->src, p, &bindings[0], &src))
      return false;
   if (!meta_bind_side(r->dst, p, &bindings[1], &dst))
      return false;
   if (!record)
      return true;
   uint32_t units = p->width / r->unit;
   uint32_t groups[3] = {
      (units + META_LOCAL_X - 1) / META_LOCAL_X,
      (p->h + META_LOCAL_Y - 1) / META_LOCAL_Y,
      p->d,
   };
   if (r->fill) {
      struct meta_fill_params fill = *r->fill;
      fill.dst = dst;
      fill.width_units = units;
      fill.height = p->h;
      meta_dispatch(cmd, r->kernel, bindings, &fill, sizeof(fill), groups);
      return true;
   }
   struct meta_copy_params copy = {
      .src = src, .dst = dst, .width_units = units, .height = p->h,
   };
   meta_dispatch(cmd, r->kernel, bindings, &copy, sizeof(copy), groups);
   return true;
}

static bool
meta_part_fits(struct gvk_cmd_buffer *cmd, const struct meta_rect *r,
               const struct meta_part *p)
{
   return meta_dispatch_part(cmd, r, p, false);
}

/* Rows [y, y + h) of one slice in as few dispatches as the bindings
 * allow: each takes the most rows that fit. */
static void
meta_dispatch_rows(struct gvk_cmd_buffer *cmd, const struct meta_rect *r,
                   struct meta_part p)
{
   uint32_t end = p.y + p.h;
   while (p.y < end) {
      uint32_t lo = 1, hi = end - p.y;
      p.h = 1;
      if (!meta_part_fits(cmd, r, &p)) {
         gvk_cmd_set_error(cmd, gvk_fail(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                                         "transfer: a row of %u bytes spans more "
                                         "than %u bytes of memory", p.width,
                                         META_BIND_MAX));
         return;
      }
      while (lo < hi) {
         p.h = lo + (hi - lo + 1) / 2;
         if (meta_part_fits(cmd, r, &p))
            lo = p.h;
         else
            hi = p.h - 1;
      }
      p.h = lo;
      meta_dispatch_part(cmd, r, &p, true);
      p.y += p.h;
   }
}

static void
meta_dispatch_rect(struct gvk_cmd_buffer *cmd, const struct meta_rect *r,
                   struct gvk_meta_extent e)
{
   if (!e.width || !e.height || !e.depth)
      return;
   struct meta_part p = { e.width, 0, e.height, 0, e.depth };
   if (meta_dispatch_part(cmd, r, &p, true))
      return;
   p.d = 1;
   for (p.z = 0; p.z < e.depth; p.z++)
      meta_dispatch_rows(cmd, r, p);
}

/* Whether a side can be accessed in dwords: every row start, pitch and
 * slice dword aligned, and 4 bytes of a row adjacent in memory (not in a
 * W tile, whose bytes interleave with the next row's). */
static bool
meta_side_dwords(const struct gvk_meta_side *s)
{
   return s->tiling != GVK_META_TILE_W &&
          ((s->addr | s->pitch | s->x0 | s->slice_bytes) & 3) == 0;
}

void
gvk_meta_copy_rect(struct gvk_cmd_buffer *cmd, const struct gvk_meta_side *src,
                   const struct gvk_meta_side *dst, struct gvk_meta_extent extent)
{
   bool dwords = (extent.width & 3) == 0 && meta_side_dwords(src) &&
                 meta_side_dwords(dst);
   struct meta_rect r = {
      .kernel = dwords ? GVK_META_COPY_DWORDS : GVK_META_COPY_BYTES,
      .unit = dwords ? 4 : 1,
      .src = src,
      .dst = dst,
   };
   meta_dispatch_rect(cmd, &r, extent);
}

/* A 1- or 2-byte texel repeated to a dword, so that a dword-aligned rect
 * fills in dwords. */
static uint32_t
meta_widen_pattern(const uint32_t pattern[4], uint32_t texel_bytes,
                   uint32_t out[4])
{
   memcpy(out, pattern, 4 * sizeof(uint32_t));
   if (texel_bytes == 1)
      out[0] = (pattern[0] & 0xffu) * 0x01010101u;
   else if (texel_bytes == 2)
      out[0] = (pattern[0] & 0xffffu) * 0x00010001u;
   else
      return texel_bytes;
   return 4;
}

void
gvk_meta_fill_rect(struct gvk_cmd_buffer *cmd, const struct gvk_meta_side *dst,
                   struct gvk_meta_extent extent, const uint32_t pattern[4],
                   uint32_t texel_bytes)
{
   struct meta_fill_params fill = { .texel_bytes = texel_bytes };
   memcpy(fill.pattern, pattern, sizeof(fill.pattern));
   bool dwords = (extent.width & 3) == 0 && meta_side_dwords(dst) &&
                 (texel_bytes <= 2 || (texel_bytes & 3) == 0);
   if (dwords)
      fill.texel_bytes = meta_widen_pattern(pattern, texel_bytes, fill.pattern);
   struct meta_rect r = {
      .kernel = dwords ? GVK_META_FILL_DWORDS : GVK_META_FILL_BYTES,
      .unit = dwords ? 4 : 1,
      .dst = dst,
      .fill = &fill,
   };
   meta_dispatch_rect(cmd, &r, extent);
}

/* size bytes at addr as rows of META_ROW_BYTES and a last, shorter
 * row. */
static void
meta_linear_rows(struct gvk_cmd_buffer *cmd, uint64_t src, uint64_t dst,
                 uint64_t size, const uint32_t fill[4])
{
   struct gvk_meta_side s = { .addr = src, .pitch = META_ROW_BYTES };
   struct gvk_meta_side d = { .addr = dst, .pitch = META_ROW_BYTES };
   struct gvk_meta_extent rows = { META_ROW_BYTES, 0, 1 };
   struct gvk_meta_extent rest = { (uint32_t)(size % META_ROW_BYTES), 1, 1 };
   for (uint64_t left = size / META_ROW_BYTES; left; left -= rows.height) {
      rows.height = (uint32_t)MIN2(left, (uint64_t)UINT32_MAX);
      if (fill)
         gvk_meta_fill_rect(cmd, &d, rows, fill, 4);
      else
         gvk_meta_copy_rect(cmd, &s, &d, rows);
      s.addr += (uint64_t)rows.height * META_ROW_BYTES;
      d.addr += (uint64_t)rows.height * META_ROW_BYTES;
   }
   if (fill)
      gvk_meta_fill_rect(cmd, &d, rest, fill, 4);
   else
      gvk_meta_copy_rect(cmd, &s, &d, rest);
}

void
gvk_meta_fill_dwords(struct gvk_cmd_buffer *cmd, uint64_t dst, uint64_t size,
                     uint32_t data)
{
   const uint32_t pattern[4] = { data, data, data, data };
   meta_linear_rows(cmd, 0, dst, size, pattern);
}

void
gvk_meta_copy_bytes(struct gvk_cmd_buffer *cmd, uint64_t src, uint64_t dst,
                    uint64_t size)
{
   if ((src ^ dst) & 3) {
      meta_linear_rows(cmd, src, dst, size, NULL);
      return;
   }
   /* Equally misaligned: bytes up to the first dword boundary, dwords,
    * then the last bytes. */
   uint64_t head = (4 - (src & 3)) & 3;
   if (head > size)
      head = size;
   uint64_t body = (size - head) & ~(uint64_t)3;
   meta_linear_rows(cmd, src, dst, head, NULL);
   meta_linear_rows(cmd, src + head, dst + head, body, NULL);
   meta_linear_rows(cmd, src + head + body, dst + head + body,
                    size - head - body, NULL);
}

enum gvk_meta_tiling
gvk_meta_tiling(enum isl_tiling tiling)
{
   switch (tiling) {
   case ISL_TILING_X: return GVK_META_TILE_X;
   case ISL_TILING_Y: return GVK_META_TILE_Y;
   case ISL_TILING_W: return GVK_META_TILE_W;
   default: return GVK_META_LINEAR;
   }
}

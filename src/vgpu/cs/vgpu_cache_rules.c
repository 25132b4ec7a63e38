/* The texture-cache rule (rule texture-cache-coherency in vgpu_rules.c):
 *
 * - SNB PRM Vol. 2 Part 1, 1.7.2 "End-of-Pipe Synchronization" (quoted by
 *   Mesa's ANV, emit_apply_pipe_flushes): write synchronization, "the
 *   render cache and/or depth related caches are flushed to memory", is
 *   required before "initiating an operation that will use as a read
 *   surface (such as a texture surface) a previous render target";
 * - HSW PRM Vol. 2 Part 1 and BDW PRM Vol. 7, "End-of-Pipe
 *   Synchronization": the flush bits of PIPE_CONTROL only start the
 *   flush; the render engine must wait for it (a PIPE_CONTROL with CS
 *   Stall and the write cache flushed) before it reads the data back;
 * - PIPE_CONTROL "Depth Cache Flush Enable" and "DC Flush Enable" (Gen12
 *   also "HDC Pipeline Flush Enable"): depth and stencil writes wait in
 *   the depth cache, and typed and untyped data-port writes and atomics
 *   in the data cache, as render target writes do in the render cache.
 *   Mesa's barriers flush the cache of the access that wrote: ANV's
 *   anv_pipe_flush_bits_for_access_flags maps depth/stencil attachment
 *   writes to the depth cache flush and shader (storage) writes to its
 *   HDC pipeline flush, which Gen12 sends as HDC Pipeline Flush and
 *   earlier generations as DC Flush (as hasvk does);
 * - PIPE_CONTROL "Texture Cache Invalidation Enable": the sampler's
 *   caches keep what they read until invalidated, and an invalidation
 *   acts when the PIPE_CONTROL is parsed, not when earlier work ends (so
 *   it must follow the completed flush; Mesa's ANV and hasvk send it in a
 *   second PIPE_CONTROL for that reason, as genvk does).
 *
 * So each render target, depth or stencil buffer a draw writes, and each
 * range data-port messages write, is recorded as written in its cache; a
 * PIPE_CONTROL flushing that cache makes the written ones flushing, a CS
 * stall (in it or later) makes the flushing ones flushed, and a later
 * Texture Cache Invalidation drops the flushed ones.  A sampler message
 * whose surface overlaps a record breaks the rule.  Render target and
 * depth records are per surface, LOD and layer range per draw; data-port
 * records are byte ranges, each message's hull merged with the records
 * it touches.  Checks are per message against the surface the message
 * names: never per texel.
 *
 * The records live in the context's rule state but start empty in every
 * batch: i915 flushes and invalidates the caches around each request.
 * When the records are full a write goes unrecorded: a missed report,
 * never a false one. */
#include <pthread.h>
#include <stdio.h>

#include "isl.h"
#include "macros.h"
#include "vgpu_cache_rules.h"
#include "vgpu_priv.h"
#include "vgpu_sampler.h"

/* PIPE_CONTROL DW1 bits, the same from Gen7 to Gen12 (PRM Vol. 2a), and
 * Gen12's HDC Pipeline Flush in DW0. */
#define PC_DEPTH_CACHE_FLUSH (1u << 0)
#define PC_DC_FLUSH (1u << 5)
#define PC_TEXTURE_CACHE_INVALIDATE (1u << 10)
#define PC_RENDER_TARGET_FLUSH (1u << 12)
#define PC_CS_STALL (1u << 20)
#define PC_DW0_HDC_PIPELINE_FLUSH (1u << 9)

#define OP_PIPE_CONTROL 0x7a00u
#define OP_3DPRIMITIVE 0x7b00u
#define OP_GPGPU_WALKER 0x7105u

/* Gen8+ state holds canonical 48-bit addresses. */
#define GPU_ADDRESS_MASK ((1ull << 48) - 1)

enum rt_stage { RT_WRITTEN, RT_FLUSHING, RT_FLUSHED };

/* The write caches, as bits of a mask of caches. */
enum write_cache { CACHE_RENDER, CACHE_DEPTH, CACHE_DATA };
#define ALL_CACHES 0x7u

/* Data-port ranges this close are one record, so that a strided store
 * does not take a record per message: a sampled surface would have to
 * lie wholly in such a gap to be reported falsely. */
#define DATA_MERGE_GAP 64u

/* EU threads of one dispatch record and read at once; PIPE_CONTROLs come
 * between dispatches, with no thread running.  One lock for every
 * context: held for a scan of a few records. */
static pthread_mutex_t records_lock = PTHREAD_MUTEX_INITIALIZER;

void
vgpu_cache_rules_batch_start(struct vgpu_rules_state *st)
{
   st->rt_write_count = 0;
   st->work_addr = 0;
   st->work_is_walker = false;
}

/* Drops the flushed records: the texture cache forgets what it held. */
static void
invalidate_texture_cache(struct vgpu_rules_state *st)
{
   unsigned kept = 0;
   for (unsigned i = 0; i < st->rt_write_count; i++) {
      if (st->rt_writes[i].stage != RT_FLUSHED)
         st->rt_writes[kept++] = st->rt_writes[i];
   }
   st->rt_write_count = kept;
}

static void
advance(struct vgpu_rules_state *st, unsigned caches, enum rt_stage from, enum rt_stage to)
{
   for (unsigned i = 0; i < st->rt_write_count; i++) {
      struct vgpu_rules_rt_write *w = &st->rt_writes[i];
      if (w->stage == from && ((caches >> w->cache) & 1))
         w->stage = (uint8_t)to;
   }
}

/* The write caches a PIPE_CONTROL flushes.  The data cache: DC Flush on
 * every generation; on Gen12 also HDC Pipeline Flush, which flushes the
 * data port's writes (the bit is reserved before Gen12). */
static unsigned
flushed_caches(const uint32_t *dw)
{
   unsigned caches = 0;
   if (dw[1] & PC_RENDER_TARGET_FLUSH)
      caches |= 1u << CACHE_RENDER;
   if (dw[1] & PC_DEPTH_CACHE_FLUSH)
      caches |= 1u << CACHE_DEPTH;
   if ((dw[1] & PC_DC_FLUSH) ||
       (vgpu.info->verx10 >= 120 && (dw[0] & PC_DW0_HDC_PIPELINE_FLUSH)))
      caches |= 1u << CACHE_DATA;
   return caches;
}

void
vgpu_cache_rules_command(struct vgpu_rules_state *st, const uint32_t *dw,
                         unsigned len, uint64_t addr)
{
   const uint32_t op = dw[0] >> 16;
   if (op == OP_3DPRIMITIVE || op == OP_GPGPU_WALKER) {
      st->work_addr = addr;
      st->work_is_walker = op == OP_GPGPU_WALKER;
      return;
   }
   if (op != OP_PIPE_CONTROL || len < 2 || !st->rt_write_count)
      return;
   const uint32_t bits = dw[1];
   /* The invalidation acts at once, before this PIPE_CONTROL's own flush
    * and stall take effect. */
   if (bits & PC_TEXTURE_CACHE_INVALIDATE)
      invalidate_texture_cache(st);
   const unsigned caches = flushed_caches(dw);
   if (caches)
      advance(st, caches, RT_WRITTEN, RT_FLUSHING);
   /* The stall waits for every flush started before it or with it. */
   if (bits & PC_CS_STALL)
      advance(st, ALL_CACHES, RT_FLUSHING, RT_FLUSHED);
}

/* Where a surface's texels lie: its byte range and, to tell apart the
 * LODs and layers of one surface, its layout and the LODs and layers
 * used. */
struct view {
   uint64_t base;                /* surface base address (images) */
   uint64_t start, end;
   uint32_t row_pitch, array_pitch_rows;
   uint32_t level_start, level_end, layer_start, layer_end;
   uint8_t tiling;
   bool image;
};

/* X, Y and W tiles: 4 KB, laid out row by row (PRM Vol. 5, Memory
 * Views). */
#define TILE_BYTES 4096u

/* The bytes slice `slice` (array layer or 3D depth slice) of LOD level
 * spans: from its first texel to its last or, tiled, from the tile of the
 * first to the end of the tile of the last (tiles follow each other row by
 * row, so these two bound every tile the slice touches). */
static void
slice_bytes(const struct isl_surf *surf, const struct isl_format_layout *l,
            uint32_t level, uint32_t slice, uint64_t *start, uint64_t *end)
{
   const uint32_t w = DIV_ROUND_UP(isl_minify(surf->width, level), l->bw);
   const uint32_t h = DIV_ROUND_UP(isl_minify(surf->height, level), l->bh);
   const uint64_t first = isl_surf_texel_offset(surf, level, slice, 0, 0);
   const uint64_t last = isl_surf_texel_offset(surf, level, slice, w - 1, h - 1);
   if (surf->tiling == ISL_TILING_LINEAR) {
      *start = first;
      *end = last + isl_format_bytes(l);
      return;
   }
   *start = first & ~(uint64_t)(TILE_BYTES - 1);
   *end = (last & ~(uint64_t)(TILE_BYTES - 1)) + TILE_BYTES;
}

/* The byte hull of LODs [level_start, level_end) and slices [slice_start,
 * slice_end) (3D: every depth slice of each LOD): a LOD's slices follow
 * one another in memory on every layout, so its first and last slice bound
 * it.  False for a format isl cannot lay out. */
static bool
image_view(const struct isl_surf *surf, enum isl_format format, uint64_t address,
           uint32_t level_start, uint32_t level_end, uint32_t slice_start,
           uint32_t slice_end, struct view *v)
{
   const struct isl_format_layout *l = isl_format_layout(format);
   if (!l || !l->bw || !l->bh || level_start >= level_end || slice_start >= slice_end)
      return false;
   const uint64_t base = address & GPU_ADDRESS_MASK;
   uint64_t lo = UINT64_MAX, hi = 0;
   for (uint32_t level = level_start; level < level_end && level < surf->levels; level++) {
      uint32_t first = slice_start, last = slice_end - 1;
      if (surf->dim == ISL_SURF_DIM_3D) {
         first = 0;
         last = isl_minify(surf->depth, level) - 1;
      }
      uint64_t start, end;
      slice_bytes(surf, l, level, first, &start, &end);
      lo = MIN2(lo, start);
      slice_bytes(surf, l, level, last, &start, &end);
      hi = MAX2(hi, end);
   }
   if (lo >= hi)
      return false;
   *v = (struct view){
      .base = base, .start = base + lo, .end = base + hi,
      .row_pitch = surf->row_pitch_B, .array_pitch_rows = surf->array_pitch_rows,
      .level_start = level_start, .level_end = level_end,
      .layer_start = slice_start, .layer_end = slice_end,
      .tiling = (uint8_t)surf->tiling, .image = true,
   };
   return true;
}

static bool
same_surface(const struct vgpu_rules_rt_write *w, const struct view *v)
{
   return v->image && w->cache != CACHE_DATA && w->base == v->base && w->row_pitch == v->row_pitch &&
          w->array_pitch_rows == v->array_pitch_rows && w->tiling == v->tiling;
}

/* Two views of one surface share texels only where their LODs and layers
 * meet; views of different surfaces (or of a buffer) share whatever bytes
 * they both span. */
static bool
overlaps(const struct vgpu_rules_rt_write *w, const struct view *v)
{
   if (same_surface(w, v))
      return w->level >= v->level_start && w->level < v->level_end &&
             w->layer_start < v->layer_end && v->layer_start < w->layer_end;
   return w->start < v->end && v->start < w->end;
}

/* Appends a record unless they are full (the write then goes
 * unrecorded: a later read may go unreported, never falsely reported). */
static void
append(struct vgpu_rules_state *st, const struct vgpu_rules_rt_write *w)
{
   if (st->rt_write_count < ARRAY_SIZE(st->rt_writes))
      st->rt_writes[st->rt_write_count++] = *w;
}

/* The current draw writes LOD level of view v through cache. */
static void
note_image_write(struct vgpu_rules_state *st, enum write_cache cache, const struct view *v,
                 uint32_t level)
{
   pthread_mutex_lock(&records_lock);
   for (unsigned i = 0; i < st->rt_write_count; i++) {
      struct vgpu_rules_rt_write *w = &st->rt_writes[i];
      if (w->cache == cache && same_surface(w, v) && w->level == level &&
          w->layer_start == v->layer_start && w->layer_end == v->layer_end) {
         /* Written again: whatever was flushed of it is stale again. */
         w->stage = RT_WRITTEN;
         w->draw = st->work_addr;
         w->by_walker = st->work_is_walker;
         pthread_mutex_unlock(&records_lock);
         return;
      }
   }
   append(st, &(struct vgpu_rules_rt_write){
      .base = v->base, .start = v->start, .end = v->end, .draw = st->work_addr,
      .row_pitch = v->row_pitch, .array_pitch_rows = v->array_pitch_rows,
      .level = level, .layer_start = v->layer_start, .layer_end = v->layer_end,
      .tiling = v->tiling, .stage = RT_WRITTEN, .cache = (uint8_t)cache,
      .by_walker = st->work_is_walker,
   });
   pthread_mutex_unlock(&records_lock);
}

void
vgpu_cache_rules_render_target(struct vgpu_exec *exec, const struct isl_state_desc *d)
{
   if (vgpu_rules_mode == VGPU_RULES_OFF || d->type == ISL_SURFTYPE_NULL)
      return;
   /* A render target view writes one LOD (MIP Count / LOD) and the
    * layers from Minimum Array Element on. */
   const uint32_t level = d->mip_count_lod;
   struct view v;
   if (!image_view(&d->surf, (enum isl_format)d->format, d->address, level, level + 1,
                   d->min_array_element, d->min_array_element + d->array_extent, &v))
      return;
   note_image_write(&exec->ctx->rules, CACHE_RENDER, &v, level);
}

void
vgpu_cache_rules_depth_write(struct vgpu_exec *exec, const struct isl_surf *surf,
                             uint64_t address, uint32_t level, uint32_t layer_start,
                             uint32_t layer_end)
{
   if (vgpu_rules_mode == VGPU_RULES_OFF)
      return;
   struct view v;
   if (!image_view(surf, surf->format, address, level, level + 1, layer_start, layer_end, &v))
      return;
   note_image_write(&exec->ctx->rules, CACHE_DEPTH, &v, level);
}

void
vgpu_cache_rules_data_write(struct vgpu_exec *exec, uint64_t start, uint64_t end)
{
   if (vgpu_rules_mode == VGPU_RULES_OFF || start >= end)
      return;
   /* A64 messages carry canonical addresses (bits 63:48 copy bit 47),
    * surface states the 48 bits the records compare. */
   const uint64_t len = end - start;
   start &= GPU_ADDRESS_MASK;
   end = start + MIN2(len, GPU_ADDRESS_MASK + 1 - start);
   struct vgpu_rules_state *st = &exec->ctx->rules;
   pthread_mutex_lock(&records_lock);
   for (unsigned i = 0; i < st->rt_write_count; i++) {
      struct vgpu_rules_rt_write *w = &st->rt_writes[i];
      if (w->cache != CACHE_DATA || w->stage != RT_WRITTEN ||
          start > w->end + DATA_MERGE_GAP || w->start > end + DATA_MERGE_GAP)
         continue;
      w->start = MIN2(w->start, start);
      w->end = MAX2(w->end, end);
      w->draw = st->work_addr;
      w->by_walker = st->work_is_walker;
      pthread_mutex_unlock(&records_lock);
      return;
   }
   append(st, &(struct vgpu_rules_rt_write){
      .start = start, .end = end, .draw = st->work_addr, .stage = RT_WRITTEN,
      .cache = CACHE_DATA, .by_walker = st->work_is_walker,
   });
   pthread_mutex_unlock(&records_lock);
}

/* The bytes, LODs and layers a sampler message may read from s. */
static bool
texture_view(const struct vgpu_tex_surface *s, struct view *v)
{
   const struct isl_state_desc *d = &s->d;
   if (d->type == ISL_SURFTYPE_BUFFER) {
      *v = (struct view){ .start = d->address & GPU_ADDRESS_MASK };
      v->end = v->start + d->entries * d->stride_B;
      return true;
   }
   if (d->type == ISL_SURFTYPE_NULL || d->type == ISL_SURFTYPE_STRBUF)
      return false;
   return image_view(&d->surf, (enum isl_format)d->format, d->address, s->base_level,
                     s->base_level + s->levels, d->min_array_element,
                     d->min_array_element + s->layers, v);
}

static const char *const cache_names[] = {
   [CACHE_RENDER] = "render target cache",
   [CACHE_DEPTH] = "depth cache",
   [CACHE_DATA] = "data cache (DC Flush; Gen12 also HDC Pipeline Flush)",
};

static void
stage_problem(const struct vgpu_rules_rt_write *w, char *out, size_t size)
{
   const char *cache = cache_names[w->cache < ARRAY_SIZE(cache_names) ? w->cache : 0];
   switch (w->stage) {
   case RT_WRITTEN:
      snprintf(out, size, "no PIPE_CONTROL flushed the %s since", cache);
      return;
   case RT_FLUSHING:
      snprintf(out, size, "the %s flush had not completed (no CS stall after it) when "
               "the texture cache was last invalidated", cache);
      return;
   default:
      snprintf(out, size, "the %s was flushed, but no PIPE_CONTROL invalidated the "
               "texture cache after the flush completed", cache);
   }
}

/* What the record is and who wrote it. */
static void
describe_write(const struct vgpu_rules_rt_write *w, char *out, size_t size)
{
   const char *writer = w->by_walker ? "GPGPU_WALKER" : "3DPRIMITIVE";
   if (w->cache == CACHE_DATA) {
      snprintf(out, size, "data-port writes 0x%llx-0x%llx of the %s at 0x%llx",
               (unsigned long long)w->start, (unsigned long long)w->end, writer,
               (unsigned long long)w->draw);
      return;
   }
   snprintf(out, size, "%s 0x%llx-0x%llx (LOD %u, layers %u-%u) written by the %s at "
            "0x%llx", w->cache == CACHE_DEPTH ? "depth/stencil buffer" : "render target",
            (unsigned long long)w->start, (unsigned long long)w->end, w->level,
            w->layer_start, w->layer_end - 1, writer, (unsigned long long)w->draw);
}

static void
report(struct vgpu_exec *exec, const struct vgpu_rules_state *st,
       const struct vgpu_rules_rt_write *w, const struct view *v)
{
   char levels[48] = "", what[192], problem[160], detail[448];
   if (v->image)
      snprintf(levels, sizeof(levels), " (LODs %u-%u)", v->level_start, v->level_end - 1);
   describe_write(w, what, sizeof(what));
   stage_problem(w, problem, sizeof(problem));
   snprintf(detail, sizeof(detail), "surface 0x%llx-0x%llx%s overlaps %s: %s",
            (unsigned long long)v->start, (unsigned long long)v->end, levels, what, problem);
   vgpu_rules_texture_cache_violation(exec, st->work_is_walker ?
                                      "a sampler message of the GPGPU_WALKER" :
                                      "a sampler message of the 3DPRIMITIVE",
                                      st->work_addr, detail);
}

void
vgpu_cache_rules_texture_read(struct vgpu_exec *exec, const struct vgpu_tex_surface *s)
{
   if (vgpu_rules_mode == VGPU_RULES_OFF)
      return;
   /* Walkers run thread groups on several host threads, which record
    * data-port writes while others read: both under the lock.  Each
    * record is reported once. */
   struct vgpu_rules_state *st = &exec->ctx->rules;
   pthread_mutex_lock(&records_lock);
   const unsigned recorded = st->rt_write_count;
   pthread_mutex_unlock(&records_lock);
   if (!recorded)
      return;
   struct view v;
   if (!texture_view(s, &v))
      return;
   struct vgpu_rules_rt_write hits[ARRAY_SIZE(st->rt_writes)];
   unsigned count = 0;
   pthread_mutex_lock(&records_lock);
   for (unsigned i = 0; i < st->rt_write_count; i++) {
      struct vgpu_rules_rt_write *w = &st->rt_writes[i];
      if (w->reported || !overlaps(w, &v))
         continue;
      w->reported = 1;
      hits[count++] = *w;
   }
   pthread_mutex_unlock(&records_lock);
   for (unsigned i = 0; i < count; i++)
      report(exec, st, &hits[i], &v);
}

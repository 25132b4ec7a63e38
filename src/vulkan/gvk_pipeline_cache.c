/* Pipeline caches: shaders by key (gvk_shader.c), and their serialized
 * form for vkGetPipelineCacheData / pInitialData.
 *
 * Data: the VkPipelineCacheHeaderVersionOne header (Vulkan spec
 * "Pipeline Cache": 32 bytes, vendor 0x8086, the device id and
 * pipelineCacheUUID), then entries until the end, each
 *
 *    u32 body size, u8[20] SHA-1 of the body, body:
 *    u8[20] key, the kernel's fields as u32 (FIELD_WORDS of them, in
 *    write_kernel's order), 9 u32 per binding, the sampler count and
 *    sampler table size as u32, 4 u32 per sampler binding, the bytes of
 *    the stage's own struct (gbe_vs_info, gbe_fs_info; none for compute),
 *    for vertex, tessellation evaluation and geometry kernels the bytes
 *    of their gbe_xfb_info, the code bytes
 *
 * all little-endian.  The stage structs are copied as they are: the
 * pipelineCacheUUID names the build, so only the build that wrote them
 * reads them, and their fields are checked before use.  Data from elsewhere is never trusted: a header that
 * is not this device's makes the whole data ignored; an entry whose size,
 * digest or fields do not check out ends the parsing, keeping the entries
 * before it. */
#include <string.h>

#include "gvk_alloc.h"
#include "gvk_descriptor.h"
#include "gvk_device.h"
#include "gvk_log.h"
#include "gvk_physical_device.h"
#include "gvk_pipeline.h"
#include "macros.h"
#include "util_sha1.h"

#define HEADER_SIZE 32
#define KEY_SIZE 20
/* u32 fields of a kernel before its bindings (write_kernel) */
#define FIELD_WORDS (8 + 3 + 3 + GBE_CS_SYSVAL_COUNT + 5 + 7)
#define BINDING_WORDS 9
#define SAMPLER_WORDS 4
#define MAX_CODE_SIZE (16u << 20)
#define MAX_WORKGROUP_INVOCATIONS 1024
#define MAX_GROUP_THREADS 64
#define MAX_PAYLOAD_REGS 126

struct gvk_pipeline_cache {
   struct gvk_object base;
   struct gvk_device *device;
   pthread_mutex_t lock;
   struct gvk_shader **shaders;   /* sorted by key */
   uint32_t count, capacity;
};

/* ---- the set of shaders ---- */

/* Index of the first shader whose key is not below key (lock held). */
static uint32_t
lower_bound(const struct gvk_pipeline_cache *c, const uint8_t *key)
{
   uint32_t lo = 0, hi = c->count;
   while (lo < hi) {
      uint32_t mid = lo + (hi - lo) / 2;
      if (memcmp(c->shaders[mid]->key, key, KEY_SIZE) < 0)
         lo = mid + 1;
      else
         hi = mid;
   }
   return lo;
}

static bool
found_at(const struct gvk_pipeline_cache *c, uint32_t at, const uint8_t *key)
{
   return at < c->count && !memcmp(c->shaders[at]->key, key, KEY_SIZE);
}

static bool
grow(struct gvk_pipeline_cache *c)
{
   if (c->count < c->capacity)
      return true;
   uint32_t cap = c->capacity ? c->capacity * 2 : 16;
   struct gvk_shader **s = gvk_alloc(&c->base.alloc, cap * sizeof(*s),
                                     VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!s)
      return false;
   if (c->count)
      memcpy(s, c->shaders, c->count * sizeof(*s));
   gvk_free(&c->base.alloc, c->shaders);
   c->shaders = s;
   c->capacity = cap;
   return true;
}

/* Adds a reference of sh under its key unless the key is there (lock
 * held); the shader now cached under that key, or NULL when the array
 * cannot grow. */
static struct gvk_shader *
add_locked(struct gvk_pipeline_cache *c, struct gvk_shader *sh)
{
   uint32_t at = lower_bound(c, sh->key);
   if (found_at(c, at, sh->key))
      return c->shaders[at];
   if (!grow(c))
      return NULL;
   memmove(&c->shaders[at + 1], &c->shaders[at], (c->count - at) * sizeof(*c->shaders));
   c->shaders[at] = gvk_shader_ref(sh);
   c->count++;
   return sh;
}

struct gvk_shader *
gvk_pipeline_cache_lookup(struct gvk_pipeline_cache *cache, const uint8_t key[20])
{
   pthread_mutex_lock(&cache->lock);
   uint32_t at = lower_bound(cache, key);
   struct gvk_shader *sh = found_at(cache, at, key) ? gvk_shader_ref(cache->shaders[at]) : NULL;
   pthread_mutex_unlock(&cache->lock);
   return sh;
}

struct gvk_shader *
gvk_pipeline_cache_insert(struct gvk_device *device, struct gvk_pipeline_cache *cache,
                          struct gvk_shader *shader)
{
   pthread_mutex_lock(&cache->lock);
   struct gvk_shader *cached = add_locked(cache, shader);
   if (cached && cached != shader)
      gvk_shader_ref(cached);
   pthread_mutex_unlock(&cache->lock);
   if (!cached || cached == shader)
      return shader;
   gvk_shader_unref(device, shader);
   return cached;
}

/* ---- serialization ---- */

static uint8_t *
put_u32(uint8_t *p, uint32_t v)
{
   p[0] = (uint8_t)v;
   p[1] = (uint8_t)(v >> 8);
   p[2] = (uint8_t)(v >> 16);
   p[3] = (uint8_t)(v >> 24);
   return p + 4;
}

/* The stage's own part of a kernel: where it is and its size. */
static void *
stage_info(struct gbe_kernel *k, size_t *size)
{
   switch (k->stage) {
   case IR_STAGE_VERTEX:
      *size = sizeof(k->vs);
      return &k->vs;
   case IR_STAGE_FRAGMENT:
      *size = sizeof(k->fs);
      return &k->fs;
   case IR_STAGE_TESS_CTRL:
      *size = sizeof(k->tcs);
      return &k->tcs;
   case IR_STAGE_TESS_EVAL:
      *size = sizeof(k->tes);
      return &k->tes;
   case IR_STAGE_GEOMETRY:
      *size = sizeof(k->gs);
      return &k->gs;
   default:
      *size = 0;
      return NULL;
   }
}

/* The transform feedback outputs of a vertex-pipeline stage (struct
 * gbe_xfb_info), kept after the stage's own struct: the last of these
 * stages in a pipeline programs the stream output from them. */
static size_t
xfb_info_size(const struct gbe_kernel *k)
{
   const bool vertex_pipeline = k->stage == IR_STAGE_VERTEX ||
                                k->stage == IR_STAGE_TESS_EVAL ||
                                k->stage == IR_STAGE_GEOMETRY;
   return vertex_pipeline ? sizeof(k->xfb) : 0;
}

static size_t
body_size(const struct gbe_kernel *k)
{
   size_t info;
   stage_info((struct gbe_kernel *)k, &info);
   info += xfb_info_size(k);
   return KEY_SIZE + (FIELD_WORDS + BINDING_WORDS * (size_t)k->num_bindings + 2 +
                      SAMPLER_WORDS * (size_t)k->num_samplers) * 4 + info + k->code_size;
}

static size_t
entry_size(const struct gvk_shader *sh)
{
   return 4 + 20 + body_size(&sh->kernel);
}

static uint8_t *
write_kernel(uint8_t *p, const struct gbe_kernel *k)
{
   const struct gbe_cs_info *cs = &k->cs;
   uint32_t f[FIELD_WORDS], n = 0;
   const uint32_t head[] = {
      k->gen, k->stage, k->simd, k->code_size, k->slm_size, k->scratch_per_thread,
      k->num_bindings, k->binding_table_size,
      cs->local_size[0], cs->local_size[1], cs->local_size[2],
      cs->push_bytes, cs->cross_thread_regs, cs->per_thread_regs,
   };
   for (unsigned i = 0; i < ARRAY_SIZE(head); i++)
      f[n++] = head[i];
   for (unsigned i = 0; i < GBE_CS_SYSVAL_COUNT; i++)
      f[n++] = cs->sysval_offset[i];
   const uint32_t tail[] = {
      cs->local_id_mask, cs->local_id_regs, cs->threads, cs->right_mask, cs->uses_barrier,
      k->stats.instructions, k->stats.sends, k->stats.loops, k->stats.spills,
      k->stats.fills, k->stats.cycles, k->stats.grfs,
   };
   for (unsigned i = 0; i < ARRAY_SIZE(tail); i++)
      f[n++] = tail[i];
   for (unsigned i = 0; i < FIELD_WORDS; i++)
      p = put_u32(p, f[i]);
   for (uint32_t i = 0; i < k->num_bindings; i++) {
      const struct gbe_binding *b = &k->bindings[i];
      const uint32_t w[BINDING_WORDS] = { b->set, b->binding, b->storage, b->kind, b->bti,
                                          b->count, b->format, b->texel_dwords,
                                          b->address_offset };
      for (unsigned j = 0; j < BINDING_WORDS; j++)
         p = put_u32(p, w[j]);
   }
   p = put_u32(p, k->num_samplers);
   p = put_u32(p, k->sampler_table_size);
   for (uint32_t i = 0; i < k->num_samplers; i++) {
      const struct gbe_sampler_binding *b = &k->samplers[i];
      const uint32_t w[SAMPLER_WORDS] = { b->set, b->binding, b->index, b->count };
      for (unsigned j = 0; j < SAMPLER_WORDS; j++)
         p = put_u32(p, w[j]);
   }
   size_t info_size;
   const void *info = stage_info((struct gbe_kernel *)k, &info_size);
   if (info_size)
      memcpy(p, info, info_size);
   p += info_size;
   memcpy(p, &k->xfb, xfb_info_size(k));
   return p + xfb_info_size(k);
}

/* One entry at dst (entry_size(sh) bytes). */
static void
write_entry(struct gvk_device *device, struct gvk_shader *sh, uint8_t *dst)
{
   size_t body = body_size(&sh->kernel);
   uint8_t *p = put_u32(dst, (uint32_t)body);
   uint8_t *digest = p, *start = p + 20;
   p = start;
   memcpy(p, sh->key, KEY_SIZE);
   p = write_kernel(p + KEY_SIZE, &sh->kernel);
   gvk_shader_read_code(device, sh, p);
   util_sha1(start, body, digest);
}

static void
write_header(const struct gvk_device *device, uint8_t *p)
{
   const VkPhysicalDeviceProperties *props = &device->pdev->properties;
   p = put_u32(p, HEADER_SIZE);
   p = put_u32(p, VK_PIPELINE_CACHE_HEADER_VERSION_ONE);
   p = put_u32(p, props->vendorID);
   p = put_u32(p, props->deviceID);
   memcpy(p, props->pipelineCacheUUID, VK_UUID_SIZE);
}

/* ---- parsing ---- */

struct reader {
   const uint8_t *p, *end;
   bool ok;
};

static uint32_t
get_u32(struct reader *r)
{
   if (!r->ok || r->end - r->p < 4) {
      r->ok = false;
      return 0;
   }
   uint32_t v = r->p[0] | (uint32_t)r->p[1] << 8 | (uint32_t)r->p[2] << 16 |
                (uint32_t)r->p[3] << 24;
   r->p += 4;
   return v;
}

static const uint8_t *
get_bytes(struct reader *r, size_t n)
{
   if (!r->ok || (size_t)(r->end - r->p) < n) {
      r->ok = false;
      return NULL;
   }
   const uint8_t *p = r->p;
   r->p += n;
   return p;
}

static bool
header_matches(const struct gvk_device *device, const uint8_t *data, size_t size)
{
   uint8_t expect[HEADER_SIZE];
   write_header(device, expect);
   return size >= HEADER_SIZE && !memcmp(data, expect, HEADER_SIZE);
}

static bool
is_pot_between(uint32_t v, uint32_t lo, uint32_t hi)
{
   return v >= lo && v <= hi && !(v & (v - 1));
}

/* A buffer's addresses lie within the cross-thread constants
 * (gvk_compute_curbe_fill and the command buffer write them there). */
static bool
address_ok(const struct gbe_binding *b, uint32_t cross_bytes)
{
   if (b->address_offset == UINT32_MAX)
      return true;
   return b->kind == GBE_SURFACE_BUFFER && b->address_offset % 8 == 0 &&
          b->address_offset <= cross_bytes && (cross_bytes - b->address_offset) / 8 >= b->count;
}

static bool
binding_ok(const struct gbe_binding *b, uint32_t table_size, uint32_t cross_bytes)
{
   return b->storage < IR_STORAGE_COUNT && b->kind <= GBE_SURFACE_SAMPLED_IMAGE && b->count &&
          b->count <= table_size && b->bti <= table_size - b->count &&
          b->texel_dwords >= 1 && b->texel_dwords <= 4 && address_ok(b, cross_bytes);
}

static bool
sampler_ok(const struct gbe_sampler_binding *b, uint32_t table_size)
{
   return b->count && b->count <= table_size && b->index <= table_size - b->count;
}

/* The compute payload fields the driver sizes memory and fills CURBE
 * data from (gvk_compute_curbe_fill, gbe_cs_fill_per_thread). */
static bool
cs_ok(const struct gbe_kernel *k)
{
   const struct gbe_cs_info *cs = &k->cs;
   uint64_t invocations = (uint64_t)cs->local_size[0] * cs->local_size[1] * cs->local_size[2];
   if (!invocations || invocations > MAX_WORKGROUP_INVOCATIONS ||
       cs->threads != DIV_ROUND_UP(invocations, k->simd) || cs->threads > MAX_GROUP_THREADS)
      return false;
   if (cs->cross_thread_regs > MAX_PAYLOAD_REGS || cs->per_thread_regs > MAX_PAYLOAD_REGS ||
       cs->cross_thread_regs + cs->per_thread_regs > MAX_PAYLOAD_REGS)
      return false;
   uint32_t cross = cs->cross_thread_regs * 32;
   if (cs->push_bytes > GVK_MAX_PUSH_CONSTANTS || cs->push_bytes > cross)
      return false;
   for (unsigned i = 0; i < GBE_CS_SYSVAL_COUNT; i++) {
      uint32_t at = cs->sysval_offset[i];
      if (at != UINT32_MAX && (cross < 12 || at > cross - 12))
         return false;
   }
   return cs->local_id_mask <= 7 && cs->local_id_regs * 32u >= k->simd * 2u &&
          cs->per_thread_regs ==
             (uint32_t)__builtin_popcount(cs->local_id_mask) * cs->local_id_regs;
}

/* The vertex payload and entry fields the driver programs 3DSTATE_VS,
 * the vertex elements and the SBE from (genX_gfx_pipeline.c), which index
 * arrays with them. */
static bool
vs_ok(const struct gbe_kernel *k)
{
   const struct gbe_vs_info *vs = &k->vs;
   const struct gbe_vue_map *vue = &vs->vue;
   if (k->simd != 8 || vs->push_bytes > GVK_MAX_PUSH_CONSTANTS ||
       vs->push_regs * 32 < vs->push_bytes || vs->grf_start + vs->push_regs > MAX_PAYLOAD_REGS ||
       vs->num_input_rows > 2 * GBE_MAX_VS_ATTRIBUTES + 2 ||
       vs->urb_read_length != MAX2(DIV_ROUND_UP(vs->num_input_rows, 2), 1u) ||
       vue->num_rows > 4 + GBE_MAX_VARYINGS || (vue->clip_rows != 0 && vue->clip_rows != 2) ||
       vue->num_clip + vue->num_cull > 8 ||
       vs->urb_entry_size * 4 < MAX2(vs->num_input_rows, vue->num_rows))
      return false;
   for (unsigned l = 0; l < GBE_MAX_VS_ATTRIBUTES; l++) {
      uint8_t row = vs->input_row[l];
      if (row != GBE_NO_SLOT &&
          (!(vs->inputs_read & (1u << l)) || vs->input_rows[l] < 1 || vs->input_rows[l] > 2 ||
           row + vs->input_rows[l] > vs->num_input_rows))
         return false;
   }
   for (unsigned l = 0; l < GBE_MAX_VARYINGS; l++) {
      if (vue->location_row[l] != GBE_NO_SLOT && vue->location_row[l] >= vue->num_rows)
         return false;
   }
   return (vs->sgv_row == GBE_NO_SLOT || vs->sgv_row < vs->num_input_rows) &&
          (vs->drawid_row == GBE_NO_SLOT || vs->drawid_row < vs->num_input_rows);
}

/* A VUE layout the driver indexes arrays with (SBE, clip distances). */
static bool
vue_ok(const struct gbe_vue_map *vue)
{
   if (vue->num_rows < 2 || vue->num_rows > 4 + GBE_MAX_VARYINGS ||
       (vue->clip_rows != 0 && vue->clip_rows != 2) || vue->num_clip + vue->num_cull > 8)
      return false;
   for (unsigned l = 0; l < GBE_MAX_VARYINGS; l++) {
      if (vue->location_row[l] != GBE_NO_SLOT && vue->location_row[l] >= vue->num_rows)
         return false;
   }
   return true;
}

/* The hull and domain fields 3DSTATE_HS/TE/DS and their URB entries are
 * programmed from (genX_gfx_tess.c). */
static bool
tess_ok(const struct gbe_kernel *k)
{
   bool tcs = k->stage == IR_STAGE_TESS_CTRL;
   uint32_t push_bytes = tcs ? k->tcs.push_bytes : k->tes.push_bytes;
   uint32_t push_regs = tcs ? k->tcs.push_regs : k->tes.push_regs;
   uint32_t grf_start = tcs ? k->tcs.grf_start : k->tes.grf_start;
   if (k->simd != 8 || push_bytes > GVK_MAX_PUSH_CONSTANTS || push_regs * 32 < push_bytes ||
       grf_start + push_regs > MAX_PAYLOAD_REGS)
      return false;
   if (!tcs)
      return vue_ok(&k->tes.vue) && k->tes.urb_entry_size * 4 >= k->tes.vue.num_rows &&
             (k->tes.domain == IR_PRIM_triangles || k->tes.domain == IR_PRIM_quads ||
              k->tes.domain == IR_PRIM_isolines);
   const struct gbe_tcs_info *t = &k->tcs;
   return vue_ok(&t->vue) && t->output_vertices >= 1 && t->output_vertices <= 32 &&
          t->instances == DIV_ROUND_UP(t->output_vertices, 8) &&
          t->urb_entry_size * 4 >= GBE_PATCH_HEADER_ROWS + t->output_vertices * t->vue.num_rows;
}

/* The pixel payload and output fields 3DSTATE_PS/SBE/WM are programmed
 * from. */
static bool
fs_ok(const struct gbe_kernel *k)
{
   const struct gbe_fs_info *fs = &k->fs;
   if ((k->simd != 8 && k->simd != 16 && k->simd != 32) ||
       fs->push_bytes > GVK_MAX_PUSH_CONSTANTS || fs->push_regs * 32 < fs->push_bytes ||
       fs->grf_start + fs->push_regs + 2 * fs->num_inputs > MAX_PAYLOAD_REGS ||
       fs->num_inputs > GBE_MAX_VARYINGS || fs->barycentric_modes >= 1u << 6 ||
       fs->num_render_targets > GBE_MAX_RENDER_TARGETS ||
       fs->render_target_mask >> fs->num_render_targets)
      return false;
   if (fs->num_inputs < 32 && fs->flat_inputs >> fs->num_inputs)
      return false;
   for (unsigned i = 0; i < fs->num_inputs; i++) {
      if (fs->input_location[i] >= GBE_MAX_VARYINGS)
         return false;
   }
   return true;
}

/* The geometry payload and output entry fields 3DSTATE_GS, 3DSTATE_URB_GS
 * and the SBE are programmed from. */
static bool
gs_ok(const struct gbe_kernel *k)
{
   const struct gbe_gs_info *gs = &k->gs;
   const struct gbe_vue_map *vue = &gs->vue;
   if (k->simd != 8 || gs->push_bytes > GVK_MAX_PUSH_CONSTANTS ||
       gs->push_regs * 32 < gs->push_bytes || gs->grf_start > 15 ||
       gs->grf_start + gs->push_regs > MAX_PAYLOAD_REGS || !gs->input_vertices ||
       gs->input_vertices > 6 || !gs->invocations || gs->invocations > 32 ||
       !gs->max_output_vertices || gs->output_vertex_rows != vue->num_rows ||
       !vue->num_rows || vue->num_rows > 4 + GBE_MAX_VARYINGS || gs->control_data_format > 1 ||
       gs->control_data_header_size > 15 || !gs->urb_entry_size || gs->urb_entry_size > 512 ||
       vue->num_clip + vue->num_cull > 8)
      return false;
   for (unsigned l = 0; l < GBE_MAX_VARYINGS; l++) {
      if (vue->location_row[l] != GBE_NO_SLOT && vue->location_row[l] >= vue->num_rows)
         return false;
   }
   return true;
}

/* Bytes of constants the thread payload holds (where the buffer
 * addresses of gbe_binding.address_offset are). */
static uint32_t
constant_bytes(const struct gbe_kernel *k)
{
   switch (k->stage) {
   case IR_STAGE_VERTEX: return k->vs.push_regs * 32;
   case IR_STAGE_FRAGMENT: return k->fs.push_regs * 32;
   case IR_STAGE_GEOMETRY: return k->gs.push_regs * 32;
   default: return k->cs.cross_thread_regs * 32;
   }
}

static bool
stage_ok(const struct gbe_kernel *k)
{
   switch (k->stage) {
   case IR_STAGE_COMPUTE: return cs_ok(k);
   case IR_STAGE_VERTEX: return vs_ok(k);
   case IR_STAGE_FRAGMENT: return fs_ok(k);
   case IR_STAGE_GEOMETRY: return gs_ok(k);
   case IR_STAGE_TESS_CTRL: case IR_STAGE_TESS_EVAL: return tess_ok(k);
   default: return false;
   }
}

/* The transform feedback fields genX_gfx_xfb.c indexes arrays and packs
 * SO_DECLs (6-bit Register Index) with. */
static bool
xfb_ok(const struct gbe_kernel *k)
{
   const struct gbe_xfb_info *x = &k->xfb;
   if (x->num_outputs > GBE_MAX_XFB_OUTPUTS || x->max_row > 63)
      return false;
   for (uint32_t i = 0; i < x->num_outputs; i++) {
      const struct gbe_xfb_output *o = &x->outputs[i];
      if (o->stream >= 4 || o->buffer >= GBE_MAX_XFB_BUFFERS || o->row > x->max_row ||
          !o->num_components || o->component + o->num_components > 4 || o->offset % 4 ||
          o->offset + 4u * o->num_components > x->stride[o->buffer])
         return false;
   }
   for (unsigned b = 0; b < GBE_MAX_XFB_BUFFERS; b++) {
      if (x->stride[b] % 4 || x->stride[b] > GBE_MAX_XFB_STRIDE)
         return false;
   }
   return true;
}

static bool
kernel_ok(const struct gvk_device *device, const struct gbe_kernel *k)
{
   if (k->gen != isa_gen_from_verx10(device->pdev->info.verx10) ||
       (k->simd != 8 && k->simd != 16 && k->simd != 32) ||
       !k->code_size || k->code_size % 8 || k->code_size > MAX_CODE_SIZE ||
       k->slm_size > 64 * 1024 ||
       (k->scratch_per_thread && !is_pot_between(k->scratch_per_thread, 1024, 2u << 20)) ||
       k->binding_table_size > GBE_MAX_BINDING_TABLE || !stage_ok(k) || !xfb_ok(k))
      return false;
   for (uint32_t i = 0; i < k->num_bindings; i++) {
      if (!binding_ok(&k->bindings[i], k->binding_table_size, constant_bytes(k)))
         return false;
   }
   if (k->sampler_table_size > GBE_MAX_SAMPLER_TABLE)
      return false;
   for (uint32_t i = 0; i < k->num_samplers; i++) {
      if (!sampler_ok(&k->samplers[i], k->sampler_table_size))
         return false;
   }
   return true;
}

/* Reads a kernel's fields (its code stays in the data: k->code points
 * there). */
static bool
read_kernel(struct reader *r, struct gbe_kernel *k)
{
   uint32_t f[FIELD_WORDS];
   for (unsigned i = 0; i < FIELD_WORDS; i++)
      f[i] = get_u32(r);
   *k = (struct gbe_kernel){
      .gen = (enum isa_gen)f[0], .stage = (enum ir_stage)f[1], .simd = f[2],
      .code_size = f[3], .slm_size = f[4], .scratch_per_thread = f[5],
      .num_bindings = f[6], .binding_table_size = f[7],
   };
   struct gbe_cs_info *cs = &k->cs;
   const uint32_t *c = &f[8];
   *cs = (struct gbe_cs_info){
      .local_size = { c[0], c[1], c[2] },
      .push_bytes = c[3], .cross_thread_regs = c[4], .per_thread_regs = c[5],
   };
   for (unsigned i = 0; i < GBE_CS_SYSVAL_COUNT; i++)
      cs->sysval_offset[i] = c[6 + i];
   const uint32_t *t = &c[6 + GBE_CS_SYSVAL_COUNT];
   cs->local_id_mask = (uint8_t)t[0];
   cs->local_id_regs = (uint8_t)t[1];
   cs->threads = t[2];
   cs->right_mask = t[3];
   cs->uses_barrier = t[4] != 0;
   if (t[0] > 0xff || t[1] > 0xff || t[4] > 1)
      return false;
   const uint32_t *s = &t[5];
   k->stats = (struct gbe_stats){ .instructions = s[0], .sends = s[1], .loops = s[2],
                                  .spills = s[3], .fills = s[4], .cycles = s[5],
                                  .grfs = s[6] };
   if (!r->ok || k->num_bindings > GBE_MAX_BINDINGS)
      return false;
   for (uint32_t i = 0; i < k->num_bindings; i++) {
      struct gbe_binding *b = &k->bindings[i];
      b->set = get_u32(r);
      b->binding = get_u32(r);
      b->storage = (enum ir_storage)get_u32(r);
      b->kind = (enum gbe_surface_kind)get_u32(r);
      b->bti = get_u32(r);
      b->count = get_u32(r);
      b->format = get_u32(r);
      b->texel_dwords = get_u32(r);
      b->address_offset = get_u32(r);
   }
   k->num_samplers = get_u32(r);
   k->sampler_table_size = get_u32(r);
   if (!r->ok || k->num_samplers > GBE_MAX_BINDINGS)
      return false;
   for (uint32_t i = 0; i < k->num_samplers; i++) {
      struct gbe_sampler_binding *b = &k->samplers[i];
      b->set = get_u32(r);
      b->binding = get_u32(r);
      b->index = get_u32(r);
      b->count = get_u32(r);
   }
   size_t info_size;
   void *info = stage_info(k, &info_size);
   const uint8_t *bytes = info_size ? get_bytes(r, info_size) : NULL;
   if (bytes)
      memcpy(info, bytes, info_size);
   const uint8_t *xfb = xfb_info_size(k) ? get_bytes(r, xfb_info_size(k)) : NULL;
   if (xfb)
      memcpy(&k->xfb, xfb, xfb_info_size(k));
   k->code = (uint8_t *)get_bytes(r, k->code_size);
   return r->ok && r->p == r->end;
}

/* Parses and adds one entry; false when the data cannot be trusted from
 * here on. */
static bool
load_entry(struct gvk_pipeline_cache *c, struct reader *r)
{
   struct gvk_device *device = c->device;
   uint32_t size = get_u32(r);
   const uint8_t *digest = get_bytes(r, 20);
   const uint8_t *body = get_bytes(r, size);
   if (!body)
      return false;
   uint8_t check[20];
   util_sha1(body, size, check);
   struct reader br = { body, body + size, true };
   const uint8_t *key = get_bytes(&br, KEY_SIZE);
   struct gbe_kernel k;
   if (memcmp(check, digest, 20) || !key || !read_kernel(&br, &k) || !kernel_ok(device, &k))
      return false;
   const VkAllocationCallbacks *alloc = &device->base.alloc;
   uint8_t *code = gvk_alloc(alloc, k.code_size, VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
   if (!code)
      return false;
   memcpy(code, k.code, k.code_size);
   k.code = code;
   struct gvk_shader *sh = gvk_shader_create(device, key, &k);
   if (!sh) {
      gvk_free(alloc, code);
      return false;
   }
   bool added = add_locked(c, sh) != NULL;
   gvk_shader_unref(device, sh);
   return added;
}

static void
load(struct gvk_pipeline_cache *c, const void *data, size_t size)
{
   if (!size)
      return;
   if (!header_matches(c->device, data, size)) {
      log_info("vkCreatePipelineCache: initial data of another device or driver build "
               "ignored");
      return;
   }
   struct reader r = { (const uint8_t *)data + HEADER_SIZE, (const uint8_t *)data + size, true };
   while (r.p < r.end) {
      if (!load_entry(c, &r)) {
         log_info("vkCreatePipelineCache: initial data damaged after %u entries: the rest "
                  "is ignored", c->count);
         return;
      }
   }
}

/* ---- the API ---- */

static VkResult
cache_create(struct gvk_device *device, const VkAllocationCallbacks *alloc,
             const void *data, size_t size, struct gvk_pipeline_cache **out)
{
   struct gvk_pipeline_cache *c =
      gvk_object_create(&device->base.alloc, alloc, sizeof(*c), VK_OBJECT_TYPE_PIPELINE_CACHE,
                        VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!c)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   c->device = device;
   pthread_mutex_init(&c->lock, NULL);
   if (data && !gvk_debug(NOCACHE))
      load(c, data, size);
   *out = c;
   return VK_SUCCESS;
}

static void
cache_destroy(struct gvk_pipeline_cache *c)
{
   for (uint32_t i = 0; i < c->count; i++)
      gvk_shader_unref(c->device, c->shaders[i]);
   gvk_free(&c->base.alloc, c->shaders);
   pthread_mutex_destroy(&c->lock);
   gvk_object_destroy(&c->base);
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_CreatePipelineCache(VkDevice _device, const VkPipelineCacheCreateInfo *pCreateInfo,
                        const VkAllocationCallbacks *pAllocator,
                        VkPipelineCache *pPipelineCache)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   struct gvk_pipeline_cache *c;
   VkResult result = cache_create(device, pAllocator, pCreateInfo->pInitialData,
                                  pCreateInfo->initialDataSize, &c);
   if (result == VK_SUCCESS)
      *pPipelineCache = gvk_pipeline_cache_to_handle(c);
   return result;
}

VKAPI_ATTR void VKAPI_CALL
gvk_DestroyPipelineCache(VkDevice _device, VkPipelineCache pipelineCache,
                         const VkAllocationCallbacks *pAllocator)
{
   struct gvk_pipeline_cache *c = gvk_pipeline_cache_from_handle(pipelineCache);
   if (c)
      cache_destroy(c);
}

/* Spec vkGetPipelineCacheData: the size of all the data when pData is
 * NULL; else as many whole entries as fit, VK_INCOMPLETE when not all
 * did, and nothing (size 0) when not even the header fits. */
VKAPI_ATTR VkResult VKAPI_CALL
gvk_GetPipelineCacheData(VkDevice _device, VkPipelineCache pipelineCache,
                         size_t *pDataSize, void *pData)
{
   struct gvk_device *device = gvk_device_from_handle(_device);
   struct gvk_pipeline_cache *c = gvk_pipeline_cache_from_handle(pipelineCache);
   pthread_mutex_lock(&c->lock);
   size_t total = HEADER_SIZE;
   for (uint32_t i = 0; i < c->count; i++)
      total += entry_size(c->shaders[i]);
   VkResult result = VK_SUCCESS;
   if (!pData) {
      *pDataSize = total;
   } else if (*pDataSize < HEADER_SIZE) {
      *pDataSize = 0;
      result = VK_INCOMPLETE;
   } else {
      uint8_t *p = pData;
      write_header(device, p);
      size_t at = HEADER_SIZE;
      uint32_t i = 0;
      for (; i < c->count && entry_size(c->shaders[i]) <= *pDataSize - at; i++) {
         write_entry(device, c->shaders[i], p + at);
         at += entry_size(c->shaders[i]);
      }
      *pDataSize = at;
      result = i < c->count ? VK_INCOMPLETE : VK_SUCCESS;
   }
   pthread_mutex_unlock(&c->lock);
   return result;
}

/* The shaders of src, referenced, taken under src's lock alone so that
 * merges in opposite directions cannot deadlock. */
static VkResult
snapshot(struct gvk_pipeline_cache *src, const VkAllocationCallbacks *alloc,
         struct gvk_shader ***out, uint32_t *count)
{
   pthread_mutex_lock(&src->lock);
   *count = src->count;
   *out = NULL;
   VkResult result = VK_SUCCESS;
   if (src->count) {
      *out = gvk_alloc(alloc, src->count * sizeof(**out), VK_SYSTEM_ALLOCATION_SCOPE_COMMAND);
      result = *out ? VK_SUCCESS : VK_ERROR_OUT_OF_HOST_MEMORY;
   }
   for (uint32_t i = 0; *out && i < src->count; i++)
      (*out)[i] = gvk_shader_ref(src->shaders[i]);
   pthread_mutex_unlock(&src->lock);
   return result;
}

static VkResult
merge_one(struct gvk_pipeline_cache *dst, struct gvk_pipeline_cache *src)
{
   struct gvk_device *device = dst->device;
   struct gvk_shader **shaders;
   uint32_t count;
   VkResult result = snapshot(src, &dst->base.alloc, &shaders, &count);
   if (result != VK_SUCCESS)
      return result;
   pthread_mutex_lock(&dst->lock);
   for (uint32_t i = 0; i < count && result == VK_SUCCESS; i++) {
      if (!add_locked(dst, shaders[i]))
         result = VK_ERROR_OUT_OF_HOST_MEMORY;
   }
   pthread_mutex_unlock(&dst->lock);
   for (uint32_t i = 0; i < count; i++)
      gvk_shader_unref(device, shaders[i]);
   gvk_free(&dst->base.alloc, shaders);
   return result;
}

VKAPI_ATTR VkResult VKAPI_CALL
gvk_MergePipelineCaches(VkDevice _device, VkPipelineCache dstCache, uint32_t srcCacheCount,
                        const VkPipelineCache *pSrcCaches)
{
   struct gvk_pipeline_cache *dst = gvk_pipeline_cache_from_handle(dstCache);
   for (uint32_t i = 0; i < srcCacheCount; i++) {
      VkResult result = merge_one(dst, gvk_pipeline_cache_from_handle(pSrcCaches[i]));
      if (result != VK_SUCCESS)
         return result;
   }
   return VK_SUCCESS;
}

VkResult
gvk_pipeline_cache_create_default(struct gvk_device *device)
{
   return cache_create(device, NULL, NULL, 0, &device->default_cache);
}

void
gvk_pipeline_cache_destroy_default(struct gvk_device *device)
{
   if (device->default_cache)
      cache_destroy(device->default_cache);
   device->default_cache = NULL;
}

/* A bench for the EU interpreter's unit tests: a kernel written in the
 * assembler's text form runs on one thread whose GRFs the test fills, with
 * a small memory model (one block of GPU memory, four buffer surfaces, SLM)
 * and no batch.  Expected values in the tests are worked out by hand from
 * the PRM's definitions, never by running the interpreter. */
#ifndef EU_RIG_H
#define EU_RIG_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa.h"
#include "isl.h"
#include "vgpu_eu_priv.h"

#define RIG_MEM_BASE 0x100000ull
#define RIG_MEM_SIZE 0x10000u
#define RIG_SLM_SIZE 4096u
/* Scratch each thread may address with scratch block messages. */
#define RIG_SCRATCH_PER_THREAD 1024u

/* Every kernel ends the thread this way (Gen7-11). */
#define RIG_EOT "mov(8) g127<1>UD g0<8,8,1>UD { align1 WE_all 1Q };\n" \
   "send(16) null<1>UW g127<8,8,1>UW 0x82000010\n" \
   "    thread_spawner MsgDesc: end { align1 WE_all 1H EOT };\n"
/* Gen12: sends name both sources and the extended descriptor. */
#define RIG_EOT_GEN12 "mov(8) g127<1>UD g0<8,8,1>UD { align1 WE_all 1Q };\n" \
   "send(8) nullUD g127UD nullUD 0x02000010 0x00000000\n" \
   "    thread_spawner MsgDesc: end { align1 WE_all 1Q EOT };\n"

struct eu_rig {
   enum isa_gen gen;
   uint8_t mem[RIG_MEM_SIZE];
   struct vgpu_eu_surface surf[4];
   /* The sampler's view of each entry: a RENDER_SURFACE_STATE isl packs
    * (rig_set_state), or else one rig_surface_state makes from surf. */
   uint32_t state[4][16];
   bool state_set[4];
   uint32_t sampler_state;       /* SAMPLER_STATE table, from RIG_MEM_BASE */
   uint8_t slm[RIG_SLM_SIZE];
   struct vgpu_eu_thread t;
   struct vgpu_eu_cache *cache;
   uint8_t code[16384];
   size_t code_size;
   uint64_t code_addr;
};

static int rig_failures;

#define CHECK(cond, ...)                                                     \
   do {                                                                      \
      if (!(cond)) {                                                         \
         rig_failures++;                                                     \
         fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                \
         fprintf(stderr, __VA_ARGS__);                                       \
         fputc('\n', stderr);                                                \
      }                                                                      \
   } while (0)

static inline void *
rig_map(void *user, uint64_t addr, uint64_t len)
{
   struct eu_rig *r = user;
   if (addr < RIG_MEM_BASE || addr - RIG_MEM_BASE > RIG_MEM_SIZE ||
       len > RIG_MEM_SIZE - (addr - RIG_MEM_BASE))
      return NULL;
   return r->mem + (addr - RIG_MEM_BASE);
}

static inline bool
rig_surface(void *user, unsigned bti, struct vgpu_eu_surface *out)
{
   struct eu_rig *r = user;
   /* Every surface the rig sets up lies in its memory, so base 0 is an
    * absent entry. */
   if (bti >= 4 || !r->surf[bti].base)
      return false;
   *out = r->surf[bti];
   return true;
}

static inline unsigned
rig_verx10(enum isa_gen gen)
{
   static const unsigned verx10[ISA_GEN_COUNT] = { 70, 75, 80, 90, 110, 120 };
   return gen < ISA_GEN_COUNT ? verx10[gen] : 0;
}

/* isl's layout of the rig's description of an image: its sizes, format,
 * tiling, pitch and MIP count; the rest as isl chooses. */
static inline bool
rig_isl_image(const struct eu_rig *r, const struct vgpu_eu_surface *s,
              struct isl_surf *surf)
{
   static const enum isl_surf_dim dim[] = {
      [VGPU_EU_SURF_1D] = ISL_SURF_DIM_1D, [VGPU_EU_SURF_2D] = ISL_SURF_DIM_2D,
      [VGPU_EU_SURF_3D] = ISL_SURF_DIM_3D, [VGPU_EU_SURF_CUBE] = ISL_SURF_DIM_2D,
   };
   static const enum isl_tiling tiling[] = {
      [VGPU_EU_LINEAR] = ISL_TILING_LINEAR, [VGPU_EU_TILE_X] = ISL_TILING_X,
      [VGPU_EU_TILE_Y] = ISL_TILING_Y,
   };
   if (s->type > VGPU_EU_SURF_CUBE || s->tiling > VGPU_EU_TILE_Y)
      return false;
   bool is3d = s->type == VGPU_EU_SURF_3D, cube = s->type == VGPU_EU_SURF_CUBE;
   struct isl_surf_info info = {
      .dim = dim[s->type], .format = (enum isl_format)s->format,
      .width = s->width, .height = s->height, .depth = is3d ? s->depth : 1,
      .levels = s->mip_count + 1,
      .array_len = is3d ? 1 : (cube ? 6 : 1) * s->depth,
      .usage = ISL_USAGE_SAMPLED | (cube ? ISL_USAGE_CUBE : 0),
      .tilings = ISL_TILING_BIT(tiling[s->tiling]),
   };
   return isl_surf_init(rig_verx10(r->gen), &info, surf);
}

/* The RENDER_SURFACE_STATE the sampler reads for entry bti: the one the
 * test set, or isl's packing of the rig's description of the surface. */
static inline const uint32_t *
rig_surface_state(void *user, unsigned bti)
{
   struct eu_rig *r = user;
   if (bti >= 4)
      return NULL;
   if (r->state_set[bti])
      return r->state[bti];
   const struct vgpu_eu_surface *s = &r->surf[bti];
   if (!s->base)
      return NULL;
   unsigned verx10 = rig_verx10(r->gen);
   if (s->buffer) {
      struct isl_buffer_state b = {
         .address = s->base, .size_B = s->entries * s->pitch,
         .format = (enum isl_format)s->format, .stride_B = s->pitch,
         .swizzle = ISL_SWIZZLE_IDENTITY,
      };
      return isl_fill_buffer_state(verx10, r->state[bti], &b) ? r->state[bti] : NULL;
   }
   struct isl_surf surf;
   if (!rig_isl_image(r, s, &surf))
      return NULL;
   bool cube = s->type == VGPU_EU_SURF_CUBE;
   struct isl_view view = {
      .format = surf.format, .levels = surf.levels,
      .layers = s->type == VGPU_EU_SURF_3D ? 1 : surf.array_len,
      .usage = ISL_USAGE_SAMPLED | (cube ? ISL_USAGE_CUBE : 0),
      .swizzle = ISL_SWIZZLE_IDENTITY,
   };
   struct isl_image_state is = { .surf = &surf, .view = &view, .address = s->base };
   return isl_fill_image_state(verx10, r->state[bti], &is) ? r->state[bti] : NULL;
}

/* Sets entry bti's RENDER_SURFACE_STATE for the sampler. */
static inline void
rig_set_state(struct eu_rig *r, unsigned bti, const uint32_t *dw, unsigned dwords)
{
   memset(r->state[bti], 0, sizeof(r->state[bti]));
   memcpy(r->state[bti], dw, dwords * 4);
   r->state_set[bti] = true;
}

static inline struct eu_rig *
rig_create(enum isa_gen gen)
{
   struct eu_rig *r = calloc(1, sizeof(*r));
   if (!r || !(r->cache = vgpu_eu_cache_create())) {
      fprintf(stderr, "out of memory\n");
      exit(1);
   }
   r->gen = gen;
   return r;
}

static inline void
rig_destroy(struct eu_rig *r)
{
   vgpu_eu_cache_destroy(r->cache);
   free(r);
}

/* A RAW buffer surface (1-byte pitch) over [offset, offset + size) of the
 * rig's memory. */
static inline void
rig_buffer(struct eu_rig *r, unsigned bti, uint32_t offset, uint32_t size)
{
   r->surf[bti] = (struct vgpu_eu_surface){
      .base = RIG_MEM_BASE + offset, .size = size, .buffer = true,
      .format = 0x1ff, .pitch = 1, .entries = size, .type = VGPU_EU_SURF_BUFFER,
   };
}

/* An image surface over the rig's memory at offset: type and sizes as
 * RENDER_SURFACE_STATE gives them (vgpu_eu_surface), one MIP level. */
static inline void
rig_image(struct eu_rig *r, unsigned bti, uint32_t offset,
          enum vgpu_eu_surftype type, uint32_t format, uint32_t width,
          uint32_t height, uint32_t depth, uint32_t pitch,
          enum vgpu_eu_tiling tiling, uint32_t qpitch)
{
   r->surf[bti] = (struct vgpu_eu_surface){
      .base = RIG_MEM_BASE + offset, .format = format, .pitch = pitch,
      .width = width, .height = height, .depth = depth, .type = (uint8_t)type,
      .tiling = (uint8_t)tiling, .qpitch = qpitch,
   };
}

/* Assembles text and starts a thread on it with the given channels live;
 * the test then fills r->t.regs. */
static inline bool
rig_load(struct eu_rig *r, const char *text, uint32_t dispatch_mask)
{
   char err[256];
   r->code_size = isa_asm_kernel(r->gen, text, r->code, sizeof(r->code), err, sizeof(err));
   if (!r->code_size) {
      CHECK(0, "assembly failed: %s", err);
      return false;
   }
   /* A new address per kernel: the cache is keyed by address. */
   r->code_addr += 0x10000;
   vgpu_eu_thread_init(&r->t, dispatch_mask);
   return true;
}

static inline enum vgpu_eu_status
rig_run(struct eu_rig *r)
{
   struct vgpu_eu_env env = {
      .gen = r->gen, .user = r, .map = rig_map, .surface = rig_surface,
      .surface_state = rig_surface_state,
      .dynamic_state_base = RIG_MEM_BASE, .sampler_state = r->sampler_state,
      .slm = r->slm, .slm_size = RIG_SLM_SIZE,
      .general_state_base = RIG_MEM_BASE,
      .scratch_per_thread = RIG_SCRATCH_PER_THREAD,
      .max_instructions = 1u << 20,
   };
   struct vgpu_eu_kernel *k = vgpu_eu_kernel_get(r->cache, r->gen, r->code_addr,
                                                 r->code, r->code_size);
   if (!k) {
      fprintf(stderr, "out of memory\n");
      exit(1);
   }
   return vgpu_eu_run(&env, k, &r->t);
}

/* Loads, runs and expects the thread to end. */
static inline bool
rig_exec(struct eu_rig *r)
{
   enum vgpu_eu_status st = rig_run(r);
   CHECK(st == VGPU_EU_DONE, "thread did not end: status %d (%s)", (int)st,
         r->t.why ? r->t.why : "");
   return st == VGPU_EU_DONE;
}

/* Assembles text and runs it to its end on a fresh thread with the given
 * channels live whose registers (cr0 included) are the ones the test put
 * in r->t.regs beforehand; a failure is recorded. */
static inline bool
rig_run_text(struct eu_rig *r, const char *text, uint32_t dispatch_mask)
{
   uint8_t regs[VGPU_EU_REGFILE];
   memcpy(regs, r->t.regs, sizeof(regs));
   if (!rig_load(r, text, dispatch_mask))
      return false;
   memcpy(r->t.regs, regs, sizeof(regs));
   return rig_exec(r);
}

static inline uint32_t
rig_ud(const struct eu_rig *r, unsigned reg, unsigned sub)
{
   uint32_t v;
   memcpy(&v, &r->t.regs[reg * 32 + sub * 4], 4);
   return v;
}

static inline void
rig_set_ud(struct eu_rig *r, unsigned reg, unsigned sub, uint32_t v)
{
   memcpy(&r->t.regs[reg * 32 + sub * 4], &v, 4);
}

/* A DWord of the rig's memory at offset. */
static inline uint32_t
rig_mem32(const struct eu_rig *r, uint32_t off)
{
   uint32_t v;
   memcpy(&v, &r->mem[off], 4);
   return v;
}

static inline void
rig_set_mem32(struct eu_rig *r, uint32_t off, uint32_t v)
{
   memcpy(&r->mem[off], &v, 4);
}

/* A data port message descriptor (PRM Vol 2d "Message Descriptor - Data
 * Port": BTI 7:0, message control 13:8, type 18:14, header 19, response
 * length 24:20, message length 28:25). */
static inline uint32_t
rig_dp_desc(unsigned mlen, unsigned rlen, bool header, unsigned type,
            unsigned ctrl, unsigned bti)
{
   return mlen << 25 | rlen << 20 | (unsigned)header << 19 | type << 14 |
          ctrl << 8 | bti;
}

/* What a 32-bit integer atomic (MDC_AOP op, 1-15) leaves in memory
 * holding m, with sources s and s1, from the PRM's definitions of the
 * operations ("Atomic Operations"), for tests to check against. */
static inline uint32_t
rig_atomic_want(unsigned op, uint32_t m, uint32_t s, uint32_t s1)
{
   int32_t sm = (int32_t)m, ss = (int32_t)s;
   switch (op) {
   case 1: return m & s;
   case 2: return m | s;
   case 3: return m ^ s;
   case 4: return s;
   case 5: return m + 1;
   case 7: return m + s;
   case 8: return m - s;
   case 9: return s - m;
   case 10: return (uint32_t)(sm > ss ? sm : ss);
   case 11: return (uint32_t)(sm < ss ? sm : ss);
   case 12: return m > s ? m : s;
   case 13: return m < s ? m : s;
   case 14: return m == s ? s1 : m;
   default: return m - 1;   /* 6 dec, 15 predec */
   }
}

static inline float
rig_f(const struct eu_rig *r, unsigned reg, unsigned sub)
{
   return eu_f32_from_bits(rig_ud(r, reg, sub));
}

static inline void
rig_set_f(struct eu_rig *r, unsigned reg, unsigned sub, float v)
{
   rig_set_ud(r, reg, sub, eu_f32_bits(v));
}

static inline uint32_t
rig_flag(const struct eu_rig *r, unsigned nr)
{
   uint32_t v;
   memcpy(&v, &r->t.regs[VGPU_EU_ARF_FLAG + nr * 4], 4);
   return v;
}

static inline int
rig_result(const char *name)
{
   if (rig_failures) {
      fprintf(stderr, "%s: %d failures\n", name, rig_failures);
      return 1;
   }
   printf("%s: all checks passed\n", name);
   return 0;
}

#endif

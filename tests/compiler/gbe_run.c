/* compute_run for the Gen back end: one compute program (the options of
 * tests/programs/compute/compute_run.c, parsed by the same code) compiled
 * by src/compiler for each generation and SIMD width and run on vgpu's EU
 * interpreter by a small driver, each output binding written to
 * PREFIX.<verx10>.simd<W>.bB (tests/compiler/gbe_programs.py compares
 * them with lavapipe's).
 *
 *   gbe_run SHADER.spv [compute_run options] [--gen VERX10]... [--simd W]...
 *           [--spill-all] [--checks] --out PREFIX
 *   gbe_run SHADER.spv [compute_run options] --interp --out PREFIX
 *
 * --interp runs the IR reference interpreter instead (storage and uniform
 * buffers, descriptor arrays of them, push constants; no images, texel
 * buffers or device addresses) and writes PREFIX.bB as compute_run does:
 * the reference of a program lavapipe cannot run.
 *
 * Without --gen every generation, without --simd every width the back
 * end offers for the shader (gbe_cs_simd_choices).  --checks turns on
 * vgpu's kernel checks (undefined reads, Gen12 scoreboard, regions).
 *
 * The driver lays out what a Vulkan driver would, as vgpu_eu_surface
 * entries in the binding table order of gbe_kernel.bindings: every buffer
 * and image at its own GPU address; SSBOs/UBOs as RAW buffers, texel
 * buffers as typed buffers, storage images linear with tightly packed
 * rows (what compute_run reads back), each entry in the format
 * gbe_binding says (the view's, or the raw R32_UINT view of gbe.h's
 * contract).  Device addresses (--address) are those GPU addresses.
 *
 * One line per generation and width on stdout:
 *   "gen9 SIMD16: compiled, ran"
 *   "gen9 SIMD16: compiled, did not run: WHY"
 *   "gen9 SIMD16: compiled, not run: WHY"     the small driver cannot set
 *                                             up what the kernel reads
 *   "gen9 SIMD16: not compiled: WHY"          the back end refused
 *   "gen7 SIMD16: unsupported: WHAT"          the generation lacks it
 * Exit status 0 unless the arguments or the shader are bad. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "compute_args.h"
#include "gbe.h"
#include "gbe_eu_dispatch.h"
#include "ir_interp.h"
#include "ir_pass.h"
#include "ir_test_util.h"
#include "isl.h"
#include "spirv.h"

#define MEM_BASE 0x10000000ull
#define SCRATCH_BYTES (64ull * 64 * 1024)

struct options {
   enum isa_gen gens[ISA_GEN_COUNT];
   unsigned num_gens;
   unsigned widths[3];
   unsigned num_widths;
   bool spill_all, checks, interp;
};

static int
extra_option(void *user, const char *opt, const char *val)
{
   struct options *o = user;
   if (!strcmp(opt, "--spill-all")) {
      o->spill_all = true;
      return 1;
   }
   if (!strcmp(opt, "--checks")) {
      o->checks = true;
      return 1;
   }
   if (!strcmp(opt, "--interp")) {
      o->interp = true;
      return 1;
   }
   if (!val)
      return 0;
   if (!strcmp(opt, "--gen")) {
      enum isa_gen g = isa_gen_from_verx10((unsigned)atoi(val));
      if (g == ISA_GEN_COUNT || o->num_gens == ISA_GEN_COUNT) {
         fprintf(stderr, "gbe_run: --gen takes 70, 75, 80, 90, 110 or 120\n");
         exit(COMPUTE_EXIT_USAGE);
      }
      o->gens[o->num_gens++] = g;
      return 2;
   }
   if (!strcmp(opt, "--simd")) {
      unsigned w = (unsigned)atoi(val);
      if ((w != 8 && w != 16 && w != 32) || o->num_widths == 3) {
         fprintf(stderr, "gbe_run: --simd takes 8, 16 or 32\n");
         exit(COMPUTE_EXIT_USAGE);
      }
      o->widths[o->num_widths++] = w;
      return 2;
   }
   return 0;
}

/* ---- the memory and surfaces of one run ---- */

struct machine {
   const struct compute_args *a;
   const struct compute_vk_binding *b;
   const struct gbe_kernel *k;
   uint8_t *mem;
   uint64_t size;                   /* bytes from MEM_BASE */
   uint64_t at[COMPUTE_MAX_BINDINGS];   /* each binding's offset from MEM_BASE */
   uint64_t scratch_at;
   unsigned verx10;
   /* RENDER_SURFACE_STATE of each binding table entry the sampler reads,
    * made on first use */
   uint32_t state[256][16];
   bool state_made[256];
};

static void *
m_map(void *user, uint64_t addr, uint64_t len)
{
   struct machine *m = user;
   if (addr < MEM_BASE || addr - MEM_BASE > m->size || len > m->size - (addr - MEM_BASE))
      return NULL;
   return m->mem + (addr - MEM_BASE);
}

static uint64_t
m_address(void *user, uint32_t i)
{
   struct machine *m = user;
   return MEM_BASE + m->at[i];
}

/* Each binding 4 KB aligned with a guard page after it, then scratch. */
static void
layout_memory(struct machine *m)
{
   uint64_t at = 0;
   for (uint32_t i = 0; i < m->a->num_buffers; i++) {
      m->at[i] = at;
      at += (m->b[i].size + 4095) / 4096 * 4096 + 4096;
   }
   m->scratch_at = at;
   m->size = at + SCRATCH_BYTES;
}

static int
find_binding(const struct machine *m, uint32_t binding, uint32_t element)
{
   for (uint32_t i = 0; i < m->a->num_buffers; i++) {
      const struct compute_vk_binding *b = &m->b[i];
      if (!b->memory && b->binding == binding && b->element == element)
         return (int)i;
   }
   return -1;
}

/* The surface format an entry has: gbe_binding's, or the view's own. */
static uint32_t
entry_format(const struct gbe_binding *gb, const struct compute_vk_binding *b)
{
   if (gb->kind == GBE_SURFACE_BUFFER)
      return ISL_FORMAT_RAW;
   if (gb->format != GBE_FORMAT_VIEW)
      return gb->format;
   const struct isl_vk_format *f = isl_vk_format((uint32_t)b->format);
   return f ? f->format : ISL_FORMAT_UNSUPPORTED;
}

static uint32_t
format_bytes(uint32_t format)
{
   const struct isl_format_layout *l = isl_format_layout((enum isl_format)format);
   return l ? l->bpb / 8 : 0;
}

/* A storage image as linear rows of its tightly packed texels: the raw
 * view (gbe.h) counts texel_dwords R32_UINT elements per texel. */
static void
image_surface(const struct compute_vk_binding *b, const struct gbe_binding *gb,
              struct vgpu_eu_surface *s)
{
   const struct compute_vk_image *im = &b->image;
   const struct isl_vk_format *vf = isl_vk_format((uint32_t)b->format);
   uint32_t texel = vf ? format_bytes(vf->format) : 0;
   s->buffer = false;
   s->tiling = VGPU_EU_LINEAR;
   s->width = im->extent.width * gb->texel_dwords;
   s->height = im->extent.height;
   s->pitch = im->extent.width * texel;
   s->qpitch = im->extent.height;
   switch (im->view) {
   case VK_IMAGE_VIEW_TYPE_1D:
      s->type = VGPU_EU_SURF_1D;
      s->depth = im->layers;
      break;
   case VK_IMAGE_VIEW_TYPE_3D:
      s->type = VGPU_EU_SURF_3D;
      s->depth = im->extent.depth;
      break;
   default:
      s->type = VGPU_EU_SURF_2D;
      s->depth = im->layers;
      break;
   }
}

static bool
m_surface(void *user, unsigned bti, struct vgpu_eu_surface *out)
{
   struct machine *m = user;
   uint32_t element;
   const struct gbe_binding *gb = gbe_binding_at(m->k, bti, &element);
   if (!gb || gb->set != 0)
      return false;
   int i = find_binding(m, gb->binding, element);
   if (i < 0)
      return false;
   const struct compute_vk_binding *b = &m->b[i];
   uint32_t format = entry_format(gb, b);
   *out = (struct vgpu_eu_surface){
      .base = MEM_BASE + m->at[i], .size = b->size, .buffer = true, .format = format,
      .type = VGPU_EU_SURF_BUFFER,
   };
   if (gb->kind == GBE_SURFACE_BUFFER) {
      out->pitch = 1;
      out->entries = b->size;
   } else if (gb->kind == GBE_SURFACE_TEXEL_BUFFER) {
      /* entries in the view's texels, times the raw view's dwords */
      const struct isl_vk_format *vf = isl_vk_format((uint32_t)b->format);
      uint32_t view_bytes = vf ? format_bytes(vf->format) : 0;
      out->pitch = format_bytes(format);
      out->entries = view_bytes ? b->size / view_bytes * gb->texel_dwords : 0;
   } else {
      image_surface(b, gb, out);
   }
   return true;
}

/* The entry as RENDER_SURFACE_STATE, which the sampler reads (texel
 * buffer fetches, size queries): isl's packing of the surface m_surface
 * describes.  The sampler only asks a storage image its size, so isl
 * picks the row pitch (the tightly packed rows typed messages use through
 * m_surface are not always a pitch isl's layout of the image allows). */
static bool
make_state(const struct machine *m, const struct vgpu_eu_surface *s, uint32_t *dw)
{
   if (s->buffer) {
      const struct isl_buffer_state b = {
         .address = s->base, .size_B = s->entries * s->pitch, .format = s->format,
         .stride_B = s->pitch, .swizzle = ISL_SWIZZLE_IDENTITY };
      return isl_fill_buffer_state(m->verx10, dw, &b);
   }
   static const enum isl_surf_dim dims[] = {
      [VGPU_EU_SURF_1D] = ISL_SURF_DIM_1D, [VGPU_EU_SURF_2D] = ISL_SURF_DIM_2D,
      [VGPU_EU_SURF_3D] = ISL_SURF_DIM_3D };
   bool is_3d = s->type == VGPU_EU_SURF_3D;
   const struct isl_surf_info info = {
      .dim = dims[s->type], .format = s->format, .width = s->width,
      .height = s->type == VGPU_EU_SURF_1D ? 1 : s->height, .depth = is_3d ? s->depth : 1,
      .levels = 1, .array_len = is_3d ? 1 : s->depth, .usage = ISL_USAGE_STORAGE,
      .tilings = ISL_TILING_BIT(ISL_TILING_LINEAR) };
   struct isl_surf surf;
   if (!isl_surf_init(m->verx10, &info, &surf))
      return false;
   const struct isl_view view = {
      .format = s->format, .levels = 1, .layers = s->depth,
      .usage = ISL_USAGE_STORAGE, .swizzle = ISL_SWIZZLE_IDENTITY };
   const struct isl_image_state st = { .surf = &surf, .view = &view, .address = s->base };
   return isl_fill_image_state(m->verx10, dw, &st);
}

static const uint32_t *
m_surface_state(void *user, unsigned bti)
{
   struct machine *m = user;
   struct vgpu_eu_surface s;
   if (bti >= 256)
      return NULL;
   if (!m->state_made[bti]) {
      if (!m_surface(m, bti, &s) || !make_state(m, &s, m->state[bti]))
         return NULL;
      m->state_made[bti] = true;
   }
   return m->state[bti];
}

/* ---- one kernel ---- */

static char front_end_error[512];

static struct ir_shader *
load_shader(const uint32_t *code, size_t words, const struct compute_args *a)
{
   struct spirv_spec_value spec[COMPUTE_MAX_SPECS];
   for (uint32_t i = 0; i < a->num_specs; i++)
      spec[i] = (struct spirv_spec_value){ a->spec_map[i].constantID, a->spec_data[i] };
   struct spirv_options so = { .spec = spec, .num_spec = a->num_specs };
   struct ir_shader *s = spirv_to_ir(code, words, &so, front_end_error,
                                     sizeof(front_end_error));
   if (!s)
      return NULL;
   struct ir_pass_options po = { .validate = true };
   if (!ir_optimize(s, &po)) {
      snprintf(front_end_error, sizeof(front_end_error), "the IR passes failed");
      ir_shader_destroy(s);
      return NULL;
   }
   return s;
}

/* Runtime-sized descriptor arrays take as many entries as the program
 * binds elements (the layout's descriptor count). */
static unsigned
array_sizes(const struct compute_args *a, struct gbe_array_size *out)
{
   unsigned n = 0;
   for (uint32_t i = 0; i < a->num_buffers; i++) {
      const struct compute_buffer *b = &a->buffers[i];
      if (b->memory)
         continue;
      unsigned at = 0;
      while (at < n && out[at].binding != b->binding)
         at++;
      if (at == n)
         out[n++] = (struct gbe_array_size){ 0, b->binding, 0 };
      if (b->element + 1 > out[at].count)
         out[at].count = b->element + 1;
   }
   return n;
}

/* Runs kernel k over fresh copies of the initial contents; on success the
 * outputs are in bindings' data. */
static const char *
run(const struct compute_args *a, struct compute_vk_binding *b, const struct compute_vk_job *job,
    const struct gbe_kernel *k, bool checks, char *why, size_t why_size)
{
   struct machine m = { .a = a, .b = b, .k = k, .verx10 = isa_gen_verx10(k->gen) };
   layout_memory(&m);
   m.mem = calloc(1, m.size);
   if (!m.mem)
      return "out of memory";
   uint8_t *bytes[COMPUTE_MAX_BINDINGS];
   for (uint32_t i = 0; i < a->num_buffers; i++) {
      bytes[i] = m.mem + m.at[i];
      memcpy(bytes[i], b[i].data, b[i].size);
   }
   uint8_t push[COMPUTE_MAX_PUSH_WORDS * 4] = { 0 };
   memcpy(push, a->push, a->num_push * 4);
   compute_vk_patch_addresses(job, bytes, push, m_address, &m);
   struct gbe_eu_dispatch d = {
      .k = k, .push = push, .push_size = a->num_push * 4,
      .groups = { a->groups[0], a->groups[1], a->groups[2] },
      .base = { a->base[0], a->base[1], a->base[2] },
      .scratch_base = MEM_BASE + m.scratch_at, .scratch_bytes = SCRATCH_BYTES,
      .env = { .user = &m, .map = m_map, .surface = m_surface,
               .surface_state = m_surface_state, .checks = checks ? VGPU_EU_CHECK_ALL : 0 },
   };
   const char *failed = gbe_eu_dispatch_run(&d);
   if (failed) {
      snprintf(why, why_size, "%s", failed);
      free(m.mem);
      return why;
   }
   for (uint32_t i = 0; i < a->num_buffers; i++)
      memcpy(b[i].data, bytes[i], b[i].size);
   free(m.mem);
   return NULL;
}

/* ---- what a generation lacks ---- */

static bool
has_cap(const uint32_t *code, size_t words, SpvCapability cap)
{
   for (size_t i = 5; i < words;) {
      uint32_t len = code[i] >> 16;
      if (!len)
         break;
      if ((code[i] & 0xffff) == SpvOpCapability && len == 2 && code[i + 1] == cap)
         return true;
      i += len;
   }
   return false;
}

/* The device features a program needs that the generation does not have
 * (as a driver would report them), or NULL. */
static const char *
lacks(enum isa_gen gen, const uint32_t *code, size_t words)
{
   if (has_cap(code, words, SpvCapabilityFloat64) && gen >= ISA_GEN11)
      return "shaderFloat64 (Gen11 and Gen12LP have no 64-bit float unit)";
   if (has_cap(code, words, SpvCapabilityPhysicalStorageBufferAddresses) && gen < ISA_GEN8)
      return "bufferDeviceAddress (no A64 messages before Gen8)";
   return NULL;
}

static bool
uses_sampled_images(const struct gbe_kernel *k)
{
   for (uint32_t i = 0; i < k->num_bindings; i++) {
      if (k->bindings[i].kind == GBE_SURFACE_SAMPLED_IMAGE)
         return true;
   }
   return false;
}

static void
run_variant(const struct compute_args *a, const struct options *o, const uint32_t *code,
            size_t words, enum isa_gen gen, unsigned simd)
{
   const char *gname = isa_gen_name(gen);
   const char *missing = lacks(gen, code, words);
   if (missing) {
      printf("%s SIMD%u: unsupported: %s\n", gname, simd, missing);
      return;
   }
   struct ir_shader *s = load_shader(code, words, a);
   if (!s) {
      printf("%s SIMD%u: not compiled: the SPIR-V front end: %s\n", gname, simd, front_end_error);
      return;
   }
   struct gbe_array_size sizes[COMPUTE_MAX_BINDINGS];
   struct gbe_options opt = { .gen = gen, .simd = simd, .spill_all = o->spill_all,
                              .array_sizes = sizes, .num_array_sizes = array_sizes(a, sizes) };
   struct gbe_kernel k;
   char err[512];
   bool ok = gbe_compile(s, &opt, &k, err, sizeof(err));
   ir_shader_destroy(s);
   if (!ok) {
      printf("%s SIMD%u: not compiled: %s\n", gname, simd, err);
      return;
   }
   if (k.num_samplers || uses_sampled_images(&k)) {
      printf("%s SIMD%u: compiled, not run: gbe_run lays out no sampled images or "
             "SAMPLER_STATE tables (compute_vs_lavapipe.py --genvk runs them)\n", gname, simd);
      fflush(stdout);
      gbe_kernel_finish(&k);
      return;
   }
   struct compute_vk_binding b[COMPUTE_MAX_BINDINGS];
   VkSpecializationInfo spec;
   struct compute_vk_job j;
   compute_args_job(a, b, &spec, &j);
   char why[512];
   const char *failed = run(a, b, &j, &k, o->checks, why, sizeof(why));
   if (failed) {
      printf("%s SIMD%u: compiled, did not run: %s\n", gname, simd, failed);
   } else {
      char prefix[4096];
      unsigned v = gen == ISA_GEN7 ? 70 : gen == ISA_GEN75 ? 75 : gen == ISA_GEN8 ? 80 :
                   gen == ISA_GEN9 ? 90 : gen == ISA_GEN11 ? 110 : 120;
      snprintf(prefix, sizeof(prefix), "%s.%u.simd%u", a->out, v, simd);
      compute_args_write_outputs(a, b, a->out ? prefix : NULL);
      char stats[160];
      gbe_stats_line(&k, stats, sizeof(stats));
      printf("%s SIMD%u: compiled, ran (%s)\n", gname, simd, stats);
   }
   fflush(stdout);
   compute_args_free(a, b);
   gbe_kernel_finish(&k);
}

/* ---- the reference interpreter ---- */

static int
interpret(const struct compute_args *a, const uint32_t *code, size_t words)
{
   struct compute_vk_binding b[COMPUTE_MAX_BINDINGS];
   struct ir_interp_buffer bufs[COMPUTE_MAX_BINDINGS];
   VkSpecializationInfo spec;
   struct compute_vk_job job;
   compute_args_job(a, b, &spec, &job);
   for (uint32_t i = 0; i < a->num_buffers; i++) {
      VkDescriptorType t = b[i].type;
      if (b[i].memory || a->num_addresses ||
          (t != VK_DESCRIPTOR_TYPE_STORAGE_BUFFER && t != VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER)) {
         printf("unsupported: the IR interpreter runs buffers and push constants only\n");
         return COMPUTE_EXIT_UNSUPPORTED;
      }
      bufs[i] = (struct ir_interp_buffer){ 0, b[i].binding, b[i].data, b[i].size,
                                           b[i].element };
   }
   struct ir_shader *s = load_shader(code, words, a);
   if (!s) {
      printf("unsupported: the SPIR-V front end: %s\n", front_end_error);
      compute_args_free(a, b);
      return COMPUTE_EXIT_UNSUPPORTED;
   }
   uint32_t push[COMPUTE_MAX_PUSH_WORDS];
   memcpy(push, a->push, sizeof(push));
   struct ir_interp_resources res = { .buffers = bufs, .num_buffers = a->num_buffers,
                                      .push_constants = push, .push_size = a->num_push * 4 };
   char err[256];
   bool ok = !a->indirect && !a->base[0] && !a->base[1] && !a->base[2] &&
             ir_interp_compute(s, &res, a->groups, err, sizeof(err));
   ir_shader_destroy(s);
   if (ok)
      compute_args_write_outputs(a, b, a->out);
   else
      printf("unsupported: the IR interpreter: %s\n", a->indirect || a->base[0] || a->base[1] ||
             a->base[2] ? "no dispatch base or indirect dispatch" : err);
   compute_args_free(a, b);
   return ok ? 0 : COMPUTE_EXIT_UNSUPPORTED;
}

int
main(int argc, char **argv)
{
   static const enum isa_gen all[] = { ISA_GEN7, ISA_GEN75, ISA_GEN8, ISA_GEN9, ISA_GEN11,
                                       ISA_GEN12 };
   struct options o = { .num_gens = 0 };
   struct compute_args a;
   compute_args_parse(argc, argv, &a, extra_option, &o);
   if (!o.num_gens) {
      memcpy(o.gens, all, sizeof(all));
      o.num_gens = ISA_GEN_COUNT;
   }
   size_t words;
   uint32_t *code = read_spirv(a.spv, &words);
   if (!code)
      return COMPUTE_EXIT_USAGE;
   if (o.interp) {
      int r = interpret(&a, code, words);
      free(code);
      return r;
   }
   for (unsigned g = 0; g < o.num_gens; g++) {
      unsigned widths[3], n = o.num_widths;
      if (n) {
         memcpy(widths, o.widths, sizeof(widths));
      } else {
         struct ir_shader *s = load_shader(code, words, &a);
         n = 1;
         widths[0] = 16;   /* the front end refused it: one line per generation */
         if (s)
            n = gbe_cs_simd_choices(s, o.gens[g], widths);
         ir_shader_destroy(s);
      }
      for (unsigned w = 0; w < n; w++)
         run_variant(&a, &o, code, words, o.gens[g], widths[w]);
   }
   free(code);
   return 0;
}

/* Runs one compute shader once on whatever Vulkan driver the loader picks
 * and writes every writable buffer to a file; the comparison between
 * drivers is done outside (tests/crosscheck/compute_vs_lavapipe.py).
 *
 *   compute_run SHADER.spv [--groups X,Y,Z] [--base X,Y,Z | --indirect]
 *               [--buffer B:KIND:BYTES:INIT]... [--image B:VIEW:FORMAT:EXTENT:INIT[:TILING]]...
 *               [--push W,W,...] [--spec ID=VALUE]... [--out PREFIX]
 *
 * --buffer: KIND is in (read-only storage buffer), out (storage buffer
 * written back to PREFIX.bB), ubo, utb=FORMAT (uniform texel buffer) or
 * stb=FORMAT (storage texel buffer, written back); INIT is zero, iota
 * (word i = i), fiota (word i = the float i), hiota (16-bit half k = the
 * float16 k mod 2049), fill=V or xorshift=SEED.  FORMAT is a GLSL image format
 * name: r32ui, r32f, rgba8, rgba8_snorm, rgba16f... (compute_vk.c).
 * --image: a storage image written back to PREFIX.bB as tightly packed
 * texels (rows, then slices or layers); VIEW is 1d, 2d, 3d or 2darray,
 * EXTENT is W, WxH or WxHxD (D: the depth of a 3d image, the layers of a
 * 2darray), TILING linear (the default), mapped (linear, written and read
 * through mapped memory rather than buffer copies) or optimal.
 * --base: vkCmdDispatchBase with this first group; --indirect: the groups
 * are read by vkCmdDispatchIndirect from a buffer.  Without --buffer, --image
 * and --push the layout is the compute corpus convention of tests/shaders
 * (see tests/ir/ir_lvp_diff.c): binding 0 input, 1 output, 2 UBO, 3 second
 * output, 16 bytes of push constants.
 *
 * Exit status: 0 ran, 77 the device lacks something the shader needs (one
 * line "unsupported: WHAT" on stdout), 1 a Vulkan error, 2 bad arguments. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compute_vk.h"
#include "../../ir/ir_test_util.h"

#define MAX_BINDINGS 16
#define MAX_PUSH_WORDS 32   /* 128 bytes: the minimum maxPushConstantsSize */
#define MAX_SPECS 16
#define MAX_BUFFER_BYTES (256u << 20)
#define EXIT_UNSUPPORTED 77
#define EXIT_USAGE 2

struct run_buffer {
   uint32_t binding;
   bool out;
   VkDescriptorType type;
   uint32_t bytes;
   char init[64];
   VkFormat format;
   struct compute_vk_image image;
};

struct run_args {
   const char *spv;
   const char *out;
   uint32_t groups[3];
   uint32_t base[3];
   bool indirect;
   struct run_buffer buffers[MAX_BINDINGS];
   uint32_t num_buffers;
   uint32_t push[MAX_PUSH_WORDS];
   uint32_t num_push;
   bool push_given;
   VkSpecializationMapEntry spec_map[MAX_SPECS];
   uint32_t spec_data[MAX_SPECS];
   uint32_t num_specs;
};

static void
usage_error(const char *what, const char *arg)
{
   fprintf(stderr, "compute_run: %s: '%s'\n", what, arg);
   exit(EXIT_USAGE);
}

/* A 32-bit number in C syntax (decimal, 0x hex); anything else is fatal. */
static uint32_t
parse_u32(const char *s, const char *what)
{
   char *end;
   errno = 0;
   unsigned long long v = strtoull(s, &end, 0);
   if (!*s || *end || errno || v > UINT32_MAX)
      usage_error(what, s);
   return (uint32_t)v;
}

/* Splits list at sep into at most max numbers; returns how many. */
static uint32_t
parse_list(const char *list, char sep, uint32_t *out, uint32_t max, const char *what)
{
   char tmp[512];
   if (strlen(list) >= sizeof(tmp))
      usage_error(what, list);
   strcpy(tmp, list);
   uint32_t n = 0;
   for (char *p = tmp, *next; p; p = next) {
      next = strchr(p, sep);
      if (next)
         *next++ = '\0';
      if (n == max)
         usage_error(what, list);
      out[n++] = parse_u32(p, what);
   }
   return n;
}

/* Splits spec at ':' into exactly n fields (the last min..n may be absent);
 * returns how many it found. */
static uint32_t
split_fields(char *tmp, size_t size, const char *spec, char **field, uint32_t min, uint32_t n,
             const char *what)
{
   if (strlen(spec) >= size)
      usage_error(what, spec);
   strcpy(tmp, spec);
   uint32_t found = 0;
   for (char *p = tmp; p && found < n; found++) {
      field[found] = p;
      if ((p = strchr(p, ':')))
         *p++ = '\0';
      if (p && found + 1 == n)
         usage_error(what, spec);
   }
   if (found < min)
      usage_error(what, spec);
   return found;
}

static VkFormat
parse_format(const char *name, uint32_t *texel_bytes)
{
   VkFormat f = compute_vk_format(name, texel_bytes);
   if (f == VK_FORMAT_UNDEFINED)
      usage_error("unknown format (see compute_vk.c)", name);
   return f;
}

/* A new binding of a; its number must not have been given before. */
static struct run_buffer *
add_binding(struct run_args *a, const char *number, const char *spec)
{
   if (a->num_buffers == MAX_BINDINGS)
      usage_error("too many bindings", spec);
   struct run_buffer *b = &a->buffers[a->num_buffers++];
   b->binding = parse_u32(number, "binding");
   for (uint32_t i = 0; i + 1 < a->num_buffers; i++)
      if (a->buffers[i].binding == b->binding)
         usage_error("binding given twice", spec);
   return b;
}

static void
parse_buffer_kind(struct run_buffer *b, const char *kind)
{
   uint32_t texel = 4;
   b->out = !strcmp(kind, "out") || !strncmp(kind, "stb=", 4);
   if (!strcmp(kind, "in") || !strcmp(kind, "out")) {
      b->type = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
   } else if (!strcmp(kind, "ubo")) {
      b->type = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
   } else if (!strncmp(kind, "utb=", 4) || !strncmp(kind, "stb=", 4)) {
      b->type = kind[0] == 'u' ? VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER
                               : VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER;
      b->format = parse_format(kind + 4, &texel);
   } else {
      usage_error("buffer kind is not in, out, ubo, utb=FORMAT or stb=FORMAT", kind);
   }
   if (b->bytes % texel)
      usage_error("texel buffer size is not a whole number of texels", kind);
}

static void
parse_buffer(struct run_args *a, const char *spec)
{
   char tmp[128], *f[4];
   split_fields(tmp, sizeof(tmp), spec, f, 4, 4, "buffer is not B:KIND:BYTES:INIT");
   struct run_buffer *b = add_binding(a, f[0], spec);
   b->bytes = parse_u32(f[2], "buffer size");
   if (!b->bytes || b->bytes % 4 || b->bytes > MAX_BUFFER_BYTES)
      usage_error("buffer size is not a multiple of 4 in (0, 256 MiB]", f[2]);
   parse_buffer_kind(b, f[1]);
   snprintf(b->init, sizeof(b->init), "%s", f[3]);
}

static const struct {
   const char *name;
   VkImageViewType view;
} image_views[] = {
   { "1d", VK_IMAGE_VIEW_TYPE_1D },
   { "2d", VK_IMAGE_VIEW_TYPE_2D },
   { "3d", VK_IMAGE_VIEW_TYPE_3D },
   { "2darray", VK_IMAGE_VIEW_TYPE_2D_ARRAY },
};

static VkImageViewType
parse_view(const char *name)
{
   for (size_t i = 0; i < sizeof(image_views) / sizeof(image_views[0]); i++)
      if (!strcmp(image_views[i].name, name))
         return image_views[i].view;
   usage_error("image view is not 1d, 2d, 3d or 2darray", name);
   return VK_IMAGE_VIEW_TYPE_2D;
}

static void
parse_tiling(struct compute_vk_image *im, const char *name)
{
   im->tiling = name && !strcmp(name, "optimal") ? VK_IMAGE_TILING_OPTIMAL
                                                 : VK_IMAGE_TILING_LINEAR;
   im->mapped = name && !strcmp(name, "mapped");
   if (name && strcmp(name, "linear") && strcmp(name, "optimal") && !im->mapped)
      usage_error("image tiling is not linear, mapped or optimal", name);
}

/* W[xH[xD]] into the image's extent and layers (D is 2darray's layers). */
static void
parse_extent(struct compute_vk_image *im, const char *text)
{
   uint32_t e[3] = { 1, 1, 1 };
   uint32_t n = parse_list(text, 'x', e, 3, "image extent is not W, WxH or WxHxD");
   bool one_d = im->view == VK_IMAGE_VIEW_TYPE_1D, three = n == 3;
   bool array = im->view == VK_IMAGE_VIEW_TYPE_2D_ARRAY, is3d = im->view == VK_IMAGE_VIEW_TYPE_3D;
   if ((one_d && n != 1) || (!one_d && n < 2) || (three != (array || is3d)) ||
       !e[0] || !e[1] || !e[2])
      usage_error("image extent does not fit the view (1d: W, 2d: WxH, 3d/2darray: WxHxD)",
                  text);
   im->extent = (VkExtent3D){ e[0], e[1], is3d ? e[2] : 1 };
   im->layers = array ? e[2] : 1;
}

static void
parse_image(struct run_args *a, const char *spec)
{
   char tmp[128], *f[6] = { 0 };
   split_fields(tmp, sizeof(tmp), spec, f, 5, 6,
                "image is not B:VIEW:FORMAT:EXTENT:INIT[:TILING]");
   struct run_buffer *b = add_binding(a, f[0], spec);
   uint32_t texel;
   b->type = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
   b->out = true;
   b->image.view = parse_view(f[1]);
   b->format = parse_format(f[2], &texel);
   parse_extent(&b->image, f[3]);
   parse_tiling(&b->image, f[5]);
   const struct compute_vk_image *im = &b->image;
   uint64_t bytes = (uint64_t)im->extent.width * im->extent.height * im->extent.depth *
                    im->layers * texel;
   if (bytes > MAX_BUFFER_BYTES)
      usage_error("image larger than 256 MiB", spec);
   b->bytes = (uint32_t)bytes;
   snprintf(b->init, sizeof(b->init), "%s", f[4]);
}

static void
parse_spec(struct run_args *a, const char *spec)
{
   uint32_t kv[2];
   if (a->num_specs == MAX_SPECS || parse_list(spec, '=', kv, 2, "spec is not ID=VALUE") != 2)
      usage_error("spec is not ID=VALUE", spec);
   uint32_t i = a->num_specs++;
   a->spec_map[i] = (VkSpecializationMapEntry){ kv[0], i * 4, 4 };
   a->spec_data[i] = kv[1];
}

/* The compute corpus convention (tests/ir/ir_lvp_diff.c). */
static void
corpus_defaults(struct run_args *a)
{
   if (!a->num_buffers) {
      static const struct run_buffer corpus[] = {
         { 0, false, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 16384, "xorshift=0x12345678" },
         { 1, true, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 16384, "zero" },
         { 2, false, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 256, "xorshift=0x9e3779b9" },
         { 3, true, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 16384, "zero" },
      };
      memcpy(a->buffers, corpus, sizeof(corpus));
      a->num_buffers = 4;
   }
   if (!a->push_given) {
      static const uint32_t push[] = { 3, 7, 11, 0x80000001u };
      memcpy(a->push, push, sizeof(push));
      a->num_push = 4;
   }
}

static void
parse_args(int argc, char **argv, struct run_args *a)
{
   *a = (struct run_args){ .groups = { 1, 1, 1 } };
   for (int i = 1; i < argc; i++) {
      const char *opt = argv[i];
      if (opt[0] != '-') {
         if (a->spv)
            usage_error("more than one shader", opt);
         a->spv = opt;
         continue;
      }
      if (!strcmp(opt, "--indirect")) {
         a->indirect = true;
         continue;
      }
      if (i + 1 == argc)
         usage_error("option needs a value", opt);
      const char *val = argv[++i];
      if (!strcmp(opt, "--groups")) {
         if (parse_list(val, ',', a->groups, 3, "groups are not X,Y,Z") != 3)
            usage_error("groups are not X,Y,Z", val);
      } else if (!strcmp(opt, "--base")) {
         if (parse_list(val, ',', a->base, 3, "base is not X,Y,Z") != 3)
            usage_error("base is not X,Y,Z", val);
      } else if (!strcmp(opt, "--buffer")) {
         parse_buffer(a, val);
      } else if (!strcmp(opt, "--image")) {
         parse_image(a, val);
      } else if (!strcmp(opt, "--push")) {
         a->num_push = parse_list(val, ',', a->push, MAX_PUSH_WORDS, "push is not W,W,...");
         a->push_given = true;
      } else if (!strcmp(opt, "--spec")) {
         parse_spec(a, val);
      } else if (!strcmp(opt, "--out")) {
         a->out = val;
      } else {
         usage_error("unknown option", opt);
      }
   }
   if (!a->spv)
      usage_error("no shader given", "");
   /* there is no indirect form of vkCmdDispatchBase */
   if (a->indirect && (a->base[0] || a->base[1] || a->base[2]))
      usage_error("--base and --indirect exclude each other", "");
   corpus_defaults(a);
}

/* The float16 bits of an integer in [0, 2048], all exactly representable
 * (IEEE 754 binary16: 10 mantissa bits, exponent bias 15). */
static uint16_t
half_of(uint32_t k)
{
   if (!k)
      return 0;
   uint32_t e = 31 - (uint32_t)__builtin_clz(k);
   return (uint16_t)((e + 15) << 10 | ((k << (10 - e)) & 0x3ff));
}

static void
fill_buffer(uint32_t *w, uint32_t words, const char *init)
{
   if (!strcmp(init, "zero")) {
      memset(w, 0, (size_t)words * 4);
   } else if (!strcmp(init, "iota")) {
      for (uint32_t i = 0; i < words; i++)
         w[i] = i;
   } else if (!strcmp(init, "fiota")) {
      for (uint32_t i = 0; i < words; i++) {
         float f = (float)i;
         memcpy(&w[i], &f, 4);
      }
   } else if (!strcmp(init, "hiota")) {
      for (uint32_t i = 0; i < words; i++)
         w[i] = half_of(2 * i % 2049) | (uint32_t)half_of((2 * i + 1) % 2049) << 16;
   } else if (!strncmp(init, "fill=", 5)) {
      uint32_t v = parse_u32(init + 5, "fill value");
      for (uint32_t i = 0; i < words; i++)
         w[i] = v;
   } else if (!strncmp(init, "xorshift=", 9)) {
      uint32_t x = parse_u32(init + 9, "xorshift seed");
      if (!x)
         usage_error("xorshift seed must not be 0", init);
      for (uint32_t i = 0; i < words; i++) {   /* xorshift32: reproducible inputs */
         x ^= x << 13;
         x ^= x >> 17;
         x ^= x << 5;
         w[i] = x;
      }
   } else {
      usage_error("init is not zero, iota, fiota, hiota, fill=V or xorshift=SEED", init);
   }
}

static void
write_outputs(const struct run_args *a, const struct compute_vk_binding *b)
{
   for (uint32_t i = 0; a->out && i < a->num_buffers; i++) {
      if (!a->buffers[i].out)
         continue;
      char path[4096];
      snprintf(path, sizeof(path), "%s.b%u", a->out, a->buffers[i].binding);
      FILE *f = fopen(path, "wb");
      if (!f || fwrite(b[i].data, 1, b[i].size, f) != b[i].size || fclose(f)) {
         fprintf(stderr, "compute_run: cannot write %s: %s\n", path, strerror(errno));
         exit(1);
      }
   }
}

int
main(int argc, char **argv)
{
   struct run_args a;
   parse_args(argc, argv, &a);
   struct compute_vk_binding bindings[MAX_BINDINGS];
   for (uint32_t i = 0; i < a.num_buffers; i++) {
      const struct run_buffer *rb = &a.buffers[i];
      /* whole words, so that INIT fills images of 1- and 2-byte texels too */
      uint32_t words = (rb->bytes + 3) / 4;
      bindings[i] = (struct compute_vk_binding){
         .binding = rb->binding, .data = malloc((size_t)words * 4), .size = rb->bytes,
         .type = rb->type, .format = rb->format, .image = rb->image };
      if (!bindings[i].data) {
         fprintf(stderr, "compute_run: out of memory\n");
         return 1;
      }
      fill_buffer(bindings[i].data, words, rb->init);
   }
   VkSpecializationInfo spec = { a.num_specs, a.spec_map, a.num_specs * 4, a.spec_data };
   struct compute_vk_job job = {
      .bindings = bindings, .num_bindings = a.num_buffers, .push = a.push,
      .push_size = a.num_push * 4, .spec = a.num_specs ? &spec : NULL,
      .groups = { a.groups[0], a.groups[1], a.groups[2] },
      .base = { a.base[0], a.base[1], a.base[2] }, .indirect = a.indirect };
   uint32_t *code = read_spirv(a.spv, &job.words);
   if (!code)
      return EXIT_USAGE;
   job.code = code;
   struct compute_vk v = { 0 };
   if (!compute_vk_open(&v))
      return 1;
   fprintf(stderr, "device: %s\n", v.props.deviceName);
   char why[128];
   const char *missing = compute_vk_unsupported(&v, &job, why, sizeof(why));
   if (missing) {
      bool invalid = !strncmp(missing, "invalid", 7);
      if (invalid)
         fprintf(stderr, "compute_run: %s: %s\n", a.spv, missing);
      else
         printf("unsupported: %s\n", missing);
      compute_vk_close(&v);
      return invalid ? EXIT_USAGE : EXIT_UNSUPPORTED;
   }
   compute_vk_create_device(&v, &job);
   compute_vk_dispatch(&v, &job);
   write_outputs(&a, bindings);
   compute_vk_close(&v);
   for (uint32_t i = 0; i < a.num_buffers; i++)
      free(bindings[i].data);
   free(code);
   return 0;
}

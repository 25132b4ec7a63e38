#include "compute_args.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BUFFER_BYTES (256u << 20)

static void
usage_error(const char *what, const char *arg)
{
   fprintf(stderr, "compute_run: %s: '%s'\n", what, arg);
   exit(COMPUTE_EXIT_USAGE);
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

/* "B" or "B[E]": a binding and its array element. */
static void
parse_binding(const char *text, uint32_t *binding, uint32_t *element)
{
   char tmp[32];
   if (strlen(text) >= sizeof(tmp))
      usage_error("binding is not B or B[E]", text);
   strcpy(tmp, text);
   char *br = strchr(tmp, '[');
   *element = 0;
   if (br) {
      size_t n = strlen(br);
      if (n < 3 || br[n - 1] != ']')
         usage_error("binding is not B or B[E]", text);
      br[n - 1] = '\0';
      *br = '\0';
      *element = parse_u32(br + 1, "array element");
   }
   *binding = parse_u32(tmp, "binding");
}

/* A new binding of a; its number and element must not have been given
 * before. */
static struct compute_buffer *
add_binding(struct compute_args *a, const char *number, const char *spec)
{
   if (a->num_buffers == COMPUTE_MAX_BINDINGS)
      usage_error("too many bindings", spec);
   struct compute_buffer *b = &a->buffers[a->num_buffers++];
   parse_binding(number, &b->binding, &b->element);
   for (uint32_t i = 0; i + 1 < a->num_buffers; i++)
      if (a->buffers[i].binding == b->binding && a->buffers[i].element == b->element)
         usage_error("binding given twice", spec);
   return b;
}

static void
parse_buffer_kind(struct compute_buffer *b, const char *kind)
{
   uint32_t texel = 4;
   b->out = !strcmp(kind, "out") || !strncmp(kind, "stb=", 4) || !strcmp(kind, "memout");
   b->memory = !strcmp(kind, "mem") || !strcmp(kind, "memout");
   if (!strcmp(kind, "in") || !strcmp(kind, "out") || b->memory) {
      b->type = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
   } else if (!strcmp(kind, "ubo")) {
      b->type = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
   } else if (!strncmp(kind, "utb=", 4) || !strncmp(kind, "stb=", 4)) {
      b->type = kind[0] == 'u' ? VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER
                               : VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER;
      b->format = parse_format(kind + 4, &texel);
   } else {
      usage_error("buffer kind is not in, out, ubo, utb=FORMAT, stb=FORMAT, mem or memout",
                  kind);
   }
   if (b->bytes % texel)
      usage_error("texel buffer size is not a whole number of texels", kind);
}

static void
parse_buffer(struct compute_args *a, const char *spec)
{
   char tmp[128], *f[4];
   split_fields(tmp, sizeof(tmp), spec, f, 4, 4, "buffer is not B:KIND:BYTES:INIT");
   struct compute_buffer *b = add_binding(a, f[0], spec);
   b->bytes = parse_u32(f[2], "buffer size");
   if (!b->bytes || b->bytes % 4 || b->bytes > MAX_BUFFER_BYTES)
      usage_error("buffer size is not a multiple of 4 in (0, 256 MiB]", f[2]);
   parse_buffer_kind(b, f[1]);
   snprintf(b->init, sizeof(b->init), "%s", f[3]);
}

/* The views of storage images (the first four) and textures (all). */
static const struct {
   const char *name;
   VkImageViewType view;
} image_views[] = {
   { "1d", VK_IMAGE_VIEW_TYPE_1D },
   { "2d", VK_IMAGE_VIEW_TYPE_2D },
   { "3d", VK_IMAGE_VIEW_TYPE_3D },
   { "2darray", VK_IMAGE_VIEW_TYPE_2D_ARRAY },
   { "cube", VK_IMAGE_VIEW_TYPE_CUBE },
   { "cubearray", VK_IMAGE_VIEW_TYPE_CUBE_ARRAY },
};

static VkImageViewType
parse_view(const char *name, bool texture)
{
   size_t n = texture ? sizeof(image_views) / sizeof(image_views[0]) : 4;
   for (size_t i = 0; i < n; i++)
      if (!strcmp(image_views[i].name, name))
         return image_views[i].view;
   usage_error(texture ? "texture view is not 1d, 2d, 3d, 2darray, cube or cubearray"
                       : "image view is not 1d, 2d, 3d or 2darray", name);
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

/* W[xH[xD]] into the image's extent and layers (D is 2darray's layers,
 * cubearray's cubes; a cube's faces are square). */
static void
parse_extent(struct compute_vk_image *im, const char *text)
{
   uint32_t e[3] = { 1, 1, 1 };
   uint32_t n = parse_list(text, 'x', e, 3, "image extent is not W, WxH or WxHxD");
   bool one_d = im->view == VK_IMAGE_VIEW_TYPE_1D, three = n == 3;
   bool cube = im->view == VK_IMAGE_VIEW_TYPE_CUBE;
   bool cubes = im->view == VK_IMAGE_VIEW_TYPE_CUBE_ARRAY;
   bool array = im->view == VK_IMAGE_VIEW_TYPE_2D_ARRAY || cubes;
   bool is3d = im->view == VK_IMAGE_VIEW_TYPE_3D;
   if ((one_d && n != 1) || (!one_d && n < 2) || (three != (array || is3d)) ||
       !e[0] || !e[1] || !e[2] || ((cube || cubes) && e[0] != e[1]) || e[2] > 2048)
      usage_error("image extent does not fit the view (1d: W, 2d/cube: WxH, "
                  "3d/2darray/cubearray: WxHxD)", text);
   im->extent = (VkExtent3D){ e[0], e[1], is3d ? e[2] : 1 };
   im->layers = (array ? e[2] : 1) * (cube || cubes ? 6 : 1);
   im->levels = 1;
}

/* The number of levels of a full mip chain of im (Vulkan spec, "Image
 * Mip Level Sizing"). */
static uint32_t
full_mip_chain(const struct compute_vk_image *im)
{
   uint32_t size = im->extent.width | im->extent.height | im->extent.depth;
   return 32 - (uint32_t)__builtin_clz(size);
}

static void
parse_image(struct compute_args *a, const char *spec)
{
   char tmp[128], *f[6] = { 0 };
   split_fields(tmp, sizeof(tmp), spec, f, 5, 6,
                "image is not B:VIEW:FORMAT:EXTENT:INIT[:TILING]");
   struct compute_buffer *b = add_binding(a, f[0], spec);
   uint32_t texel;
   b->type = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
   b->out = true;
   b->image.view = parse_view(f[1], false);
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

/* The index in a->buffers of binding "B" or "B[E]". */
static uint32_t
find_binding(const struct compute_args *a, const char *text, const char *spec)
{
   uint32_t binding, element;
   parse_binding(text, &binding, &element);
   for (uint32_t i = 0; i < a->num_buffers; i++)
      if (a->buffers[i].binding == binding && a->buffers[i].element == element)
         return i;
   usage_error("binding not given before it is referred to (--buffer before --address, "
               "--texture before --sampler)", spec);
   return 0;
}

/* The sampler a texture gets without --sampler: nearest everywhere,
 * repeat, every level. */
static const struct compute_vk_sampler default_sampler = {
   .mag = VK_FILTER_NEAREST, .min = VK_FILTER_NEAREST,
   .mipmap = VK_SAMPLER_MIPMAP_MODE_NEAREST,
   .address = { VK_SAMPLER_ADDRESS_MODE_REPEAT, VK_SAMPLER_ADDRESS_MODE_REPEAT,
                VK_SAMPLER_ADDRESS_MODE_REPEAT },
   .border = VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK, .max_lod = VK_LOD_CLAMP_NONE,
   .compare_op = VK_COMPARE_OP_NEVER,
};

/* B:VIEW:FORMAT:EXTENT:INIT[:levels=N|max]: a combined image sampler. */
static void
parse_texture(struct compute_args *a, const char *spec)
{
   char tmp[128], *f[6] = { 0 };
   split_fields(tmp, sizeof(tmp), spec, f, 5, 6,
                "texture is not B:VIEW:FORMAT:EXTENT:INIT[:levels=N]");
   struct compute_buffer *b = add_binding(a, f[0], spec);
   uint32_t texel;
   b->type = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
   b->image.view = parse_view(f[1], true);
   b->format = parse_format(f[2], &texel);
   parse_extent(&b->image, f[3]);
   b->image.tiling = VK_IMAGE_TILING_OPTIMAL;
   b->sampler = default_sampler;
   if (f[5]) {
      if (strncmp(f[5], "levels=", 7))
         usage_error("texture option is not levels=N", f[5]);
      uint32_t most = full_mip_chain(&b->image);
      b->image.levels = !strcmp(f[5] + 7, "max") ? most : parse_u32(f[5] + 7, "levels");
      if (!b->image.levels || b->image.levels > most)
         usage_error("levels not in [1, the full mip chain]", f[5]);
   }
   uint64_t bytes = 0;
   for (uint32_t l = 0; l < b->image.levels && bytes <= MAX_BUFFER_BYTES; l++)
      bytes += compute_vk_level_bytes(&b->image, b->format, texel, l);
   if (bytes > MAX_BUFFER_BYTES)
      usage_error("texture larger than 256 MiB", spec);
   b->bytes = (uint32_t)bytes;
   snprintf(b->init, sizeof(b->init), "%s", f[4]);
}

static const struct {
   const char *name;
   int value;
} sampler_words[] = {
   { "nearest", VK_FILTER_NEAREST }, { "linear", VK_FILTER_LINEAR },
   { "repeat", VK_SAMPLER_ADDRESS_MODE_REPEAT },
   { "mirror", VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT },
   { "edge", VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE },
   { "border", VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER },
   { "mirror_edge", VK_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE },
   { "float_transparent_black", VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK },
   { "int_transparent_black", VK_BORDER_COLOR_INT_TRANSPARENT_BLACK },
   { "float_opaque_black", VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK },
   { "int_opaque_black", VK_BORDER_COLOR_INT_OPAQUE_BLACK },
   { "float_opaque_white", VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE },
   { "int_opaque_white", VK_BORDER_COLOR_INT_OPAQUE_WHITE },
   { "never", VK_COMPARE_OP_NEVER }, { "less", VK_COMPARE_OP_LESS },
   { "equal", VK_COMPARE_OP_EQUAL }, { "lequal", VK_COMPARE_OP_LESS_OR_EQUAL },
   { "greater", VK_COMPARE_OP_GREATER }, { "notequal", VK_COMPARE_OP_NOT_EQUAL },
   { "gequal", VK_COMPARE_OP_GREATER_OR_EQUAL }, { "always", VK_COMPARE_OP_ALWAYS },
};

/* The value of word (one of the first..last entries of sampler_words). */
static int
sampler_word(const char *word, size_t first, size_t last, const char *what)
{
   for (size_t i = first; i <= last; i++)
      if (!strcmp(sampler_words[i].name, word))
         return sampler_words[i].value;
   usage_error(what, word);
   return 0;
}

static float
parse_float(const char *s, const char *what)
{
   char *end;
   float v = strtof(s, &end);
   if (!*s || *end || !isfinite(v))
      usage_error(what, s);
   return v;
}

/* One KEY=VAL of --sampler. */
static void
parse_sampler_key(struct compute_vk_sampler *s, const char *key, const char *val)
{
   static const char *const axes[] = { "u", "v", "w" };
   for (int i = 0; i < 3; i++)
      if (!strcmp(key, axes[i])) {
         s->address[i] = (VkSamplerAddressMode)sampler_word(val, 2, 6,
            "address mode is not repeat, mirror, edge, border or mirror_edge");
         return;
      }
   if (!strcmp(key, "mag") || !strcmp(key, "min")) {
      VkFilter f = (VkFilter)sampler_word(val, 0, 1, "filter is not nearest or linear");
      *(key[1] == 'a' ? &s->mag : &s->min) = f;
   } else if (!strcmp(key, "mip")) {
      s->mipmap = sampler_word(val, 0, 1, "mipmap mode is not nearest or linear") ==
                  VK_FILTER_LINEAR ? VK_SAMPLER_MIPMAP_MODE_LINEAR
                                   : VK_SAMPLER_MIPMAP_MODE_NEAREST;
   } else if (!strcmp(key, "border")) {
      s->border = (VkBorderColor)sampler_word(val, 7, 12, "border colour is not "
         "{float,int}_{transparent_black,opaque_black,opaque_white}");
   } else if (!strcmp(key, "compare")) {
      s->compare = true;
      s->compare_op = (VkCompareOp)sampler_word(val, 13, 20, "compare op is not never, "
         "less, equal, lequal, greater, notequal, gequal or always");
   } else if (!strcmp(key, "bias")) {
      s->bias = parse_float(val, "lod bias");
   } else if (!strcmp(key, "minlod")) {
      s->min_lod = parse_float(val, "min lod");
   } else if (!strcmp(key, "maxlod")) {
      s->max_lod = !strcmp(val, "none") ? VK_LOD_CLAMP_NONE : parse_float(val, "max lod");
   } else if (!strcmp(key, "aniso")) {
      s->anisotropy = parse_float(val, "max anisotropy");
      if (s->anisotropy < 1)
         usage_error("max anisotropy below 1", val);
   } else if (!strcmp(key, "unnormalized")) {
      s->unnormalized = parse_u32(val, "unnormalized (0 or 1)") != 0;
   } else {
      usage_error("sampler key is not mag, min, mip, u, v, w, border, compare, bias, minlod, "
                  "maxlod, aniso or unnormalized", key);
   }
}

/* B:KEY=VAL,...: the sampler of texture B (given before). */
static void
parse_sampler(struct compute_args *a, const char *spec)
{
   char tmp[256], *f[2];
   split_fields(tmp, sizeof(tmp), spec, f, 2, 2, "sampler is not B:KEY=VAL,...");
   struct compute_buffer *b = &a->buffers[find_binding(a, f[0], spec)];
   if (b->type != VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER)
      usage_error("sampler of a binding that is not a texture", spec);
   for (char *p = f[1], *next; p; p = next) {
      if ((next = strchr(p, ',')))
         *next++ = '\0';
      char *eq = strchr(p, '=');
      if (!eq)
         usage_error("sampler setting is not KEY=VAL", p);
      *eq = '\0';
      parse_sampler_key(&b->sampler, p, eq + 1);
   }
   if (b->sampler.min_lod > b->sampler.max_lod)
      usage_error("sampler minlod above maxlod", spec);
}

static void
parse_spec(struct compute_args *a, const char *spec)
{
   uint32_t kv[2];
   if (a->num_specs == COMPUTE_MAX_SPECS ||
       parse_list(spec, '=', kv, 2, "spec is not ID=VALUE") != 2)
      usage_error("spec is not ID=VALUE", spec);
   uint32_t i = a->num_specs++;
   a->spec_map[i] = (VkSpecializationMapEntry){ kv[0], i * 4, 4 };
   a->spec_data[i] = kv[1];
}


/* DST:OFFSET=SRC[+DELTA]: DST a binding or "push", SRC a binding or
 * "null". */
static void
parse_address(struct compute_args *a, const char *spec)
{
   char tmp[128], *f[2];
   if (a->num_addresses == COMPUTE_MAX_ADDRESSES)
      usage_error("too many addresses", spec);
   split_fields(tmp, sizeof(tmp), spec, f, 2, 2, "address is not DST:OFFSET=SRC[+DELTA]");
   char *eq = strchr(f[1], '=');
   if (!eq)
      usage_error("address is not DST:OFFSET=SRC[+DELTA]", spec);
   *eq++ = '\0';
   struct compute_vk_address *ad = &a->addresses[a->num_addresses++];
   ad->offset = parse_u32(f[1], "address offset");
   if (ad->offset % 4)
      usage_error("address offset is not a multiple of 4", spec);
   char *plus = strchr(eq, '+');
   if (plus) {
      *plus++ = '\0';
      ad->delta = parse_u32(plus, "address delta");
   }
   ad->dst = !strcmp(f[0], "push") ? COMPUTE_VK_PUSH : find_binding(a, f[0], spec);
   ad->src = !strcmp(eq, "null") ? COMPUTE_VK_NULL : find_binding(a, eq, spec);
}

/* The compute corpus convention (tests/ir/ir_lvp_diff.c). */
static void
corpus_defaults(struct compute_args *a)
{
   if (!a->num_buffers) {
      static const struct compute_buffer corpus[] = {
         { 0, 0, false, false, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 16384, "xorshift=0x12345678" },
         { 1, 0, true, false, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 16384, "zero" },
         { 2, 0, false, false, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 256, "xorshift=0x9e3779b9" },
         { 3, 0, true, false, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 16384, "zero" },
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

static bool
parse_option(struct compute_args *a, const char *opt, const char *val)
{
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
   } else if (!strcmp(opt, "--texture")) {
      parse_texture(a, val);
   } else if (!strcmp(opt, "--sampler")) {
      parse_sampler(a, val);
   } else if (!strcmp(opt, "--push")) {
      a->num_push = parse_list(val, ',', a->push, COMPUTE_MAX_PUSH_WORDS, "push is not W,W,...");
      a->push_given = true;
   } else if (!strcmp(opt, "--spec")) {
      parse_spec(a, val);
   } else if (!strcmp(opt, "--address")) {
      parse_address(a, val);
   } else if (!strcmp(opt, "--out")) {
      a->out = val;
   } else {
      return false;
   }
   return true;
}

void
compute_args_parse(int argc, char **argv, struct compute_args *a, compute_args_extra_fn *extra,
                   void *user)
{
   *a = (struct compute_args){ .groups = { 1, 1, 1 } };
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
      const char *val = i + 1 < argc ? argv[i + 1] : NULL;
      int took = extra ? extra(user, opt, val) : 0;
      if (took) {
         i += took - 1;
         continue;
      }
      if (!val)
         usage_error("option needs a value", opt);
      if (!parse_option(a, opt, val))
         usage_error("unknown option", opt);
      i++;
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

static uint32_t
xorshift32(uint32_t *x)
{
   *x ^= *x << 13;
   *x ^= *x >> 17;
   *x ^= *x << 5;
   return *x;
}

/* An unsigned float of `mantissa` bits and a 5-bit exponent field (the
 * packed 11- and 10-bit floats of B10G11R11_UFLOAT) below 1: exponent
 * field 0..14 (bias 15), so never Inf or NaN. */
static uint32_t
small_ufloat(uint32_t r, uint32_t mantissa)
{
   return (r >> 8) % 15 << mantissa | (r & ((1u << mantissa) - 1));
}

/* frand=SEED: random texels every format represents exactly, floats in
 * [0, 1) so that filtered results stay comparable with one absolute bound
 * (programs.txt): 32-bit floats k * 2^-24, halves k * 2^-10, packed
 * ufloats with exponents below the bias, D24 in the low 24 bits of its
 * word; other formats get raw random bits, which every unorm, integer and
 * block-compressed encoding decodes. */
static void
fill_unit(uint32_t *w, uint32_t words, const char *seed, VkFormat format)
{
   uint32_t x = parse_u32(seed, "frand seed");
   if (!x)
      usage_error("frand seed must not be 0", seed);
   for (uint32_t i = 0; i < words; i++) {
      uint32_t r = xorshift32(&x);
      switch (format) {
      case VK_FORMAT_R32_SFLOAT:
      case VK_FORMAT_R32G32_SFLOAT:
      case VK_FORMAT_R32G32B32A32_SFLOAT:
      case VK_FORMAT_D32_SFLOAT: {
         float f = (float)(r >> 8) * 0x1p-24f;
         memcpy(&w[i], &f, 4);
         break;
      }
      case VK_FORMAT_R16_SFLOAT:
      case VK_FORMAT_R16G16_SFLOAT:
      case VK_FORMAT_R16G16B16A16_SFLOAT: {
         uint32_t lo = r & 0x3ff, hi = r >> 16 & 0x3ff;
         /* k * 2^-10: half_of(k) with its exponent 10 lower */
         w[i] = (lo ? half_of(lo) - (10u << 10) : 0) |
                (uint32_t)(hi ? half_of(hi) - (10u << 10) : 0) << 16;
         break;
      }
      case VK_FORMAT_B10G11R11_UFLOAT_PACK32:
         w[i] = small_ufloat(r, 6) | small_ufloat(xorshift32(&x), 6) << 11 |
                small_ufloat(xorshift32(&x), 5) << 22;
         break;
      case VK_FORMAT_D24_UNORM_S8_UINT:
         w[i] = r & 0xffffff;
         break;
      default:
         w[i] = r;
      }
   }
}

static void
fill_buffer(uint32_t *w, uint32_t words, const char *init, VkFormat format)
{
   if (!strncmp(init, "frand=", 6)) {
      fill_unit(w, words, init + 6, format);
      return;
   }
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
      for (uint32_t i = 0; i < words; i++)   /* xorshift32: reproducible inputs */
         w[i] = xorshift32(&x);
   } else {
      usage_error("init is not zero, iota, fiota, hiota, fill=V, xorshift=SEED or frand=SEED",
                  init);
   }
}

void
compute_args_job(const struct compute_args *a, struct compute_vk_binding *bindings,
                 VkSpecializationInfo *spec, struct compute_vk_job *job)
{
   for (uint32_t i = 0; i < a->num_buffers; i++) {
      const struct compute_buffer *rb = &a->buffers[i];
      /* whole words, so that INIT fills images of 1- and 2-byte texels too */
      uint32_t words = (rb->bytes + 3) / 4;
      bindings[i] = (struct compute_vk_binding){
         .binding = rb->binding, .element = rb->element, .memory = rb->memory,
         .data = malloc((size_t)words * 4), .size = rb->bytes, .type = rb->type,
         .format = rb->format, .image = rb->image, .sampler = rb->sampler };
      if (!bindings[i].data) {
         fprintf(stderr, "compute_run: out of memory\n");
         exit(1);
      }
      fill_buffer(bindings[i].data, words, rb->init, rb->format);
   }
   *spec = (VkSpecializationInfo){ a->num_specs, a->spec_map, a->num_specs * 4, a->spec_data };
   *job = (struct compute_vk_job){
      .bindings = bindings, .num_bindings = a->num_buffers, .push = a->push,
      .push_size = a->num_push * 4, .spec = a->num_specs ? spec : NULL,
      .groups = { a->groups[0], a->groups[1], a->groups[2] },
      .base = { a->base[0], a->base[1], a->base[2] }, .indirect = a->indirect,
      .addresses = a->addresses, .num_addresses = a->num_addresses };
}

void
compute_args_free(const struct compute_args *a, struct compute_vk_binding *bindings)
{
   for (uint32_t i = 0; i < a->num_buffers; i++)
      free(bindings[i].data);
}

void
compute_args_write_outputs(const struct compute_args *a,
                           const struct compute_vk_binding *b, const char *prefix)
{
   for (uint32_t i = 0; prefix && i < a->num_buffers; i++) {
      if (!a->buffers[i].out)
         continue;
      char path[4096];
      if (a->buffers[i].element)
         snprintf(path, sizeof(path), "%s.b%u.%u", prefix, a->buffers[i].binding,
                  a->buffers[i].element);
      else
         snprintf(path, sizeof(path), "%s.b%u", prefix, a->buffers[i].binding);
      FILE *f = fopen(path, "wb");
      if (!f || fwrite(b[i].data, 1, b[i].size, f) != b[i].size || fclose(f)) {
         fprintf(stderr, "compute_run: cannot write %s: %s\n", path, strerror(errno));
         exit(1);
      }
   }
}

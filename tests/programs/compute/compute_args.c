#include "compute_args.h"

#include <errno.h>
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
parse_image(struct compute_args *a, const char *spec)
{
   char tmp[128], *f[6] = { 0 };
   split_fields(tmp, sizeof(tmp), spec, f, 5, 6,
                "image is not B:VIEW:FORMAT:EXTENT:INIT[:TILING]");
   struct compute_buffer *b = add_binding(a, f[0], spec);
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

/* The index in a->buffers of binding "B" or "B[E]". */
static uint32_t
find_binding(const struct compute_args *a, const char *text, const char *spec)
{
   uint32_t binding, element;
   parse_binding(text, &binding, &element);
   for (uint32_t i = 0; i < a->num_buffers; i++)
      if (a->buffers[i].binding == binding && a->buffers[i].element == element)
         return i;
   usage_error("address of a binding not given (--buffer before --address)", spec);
   return 0;
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
         .format = rb->format, .image = rb->image };
      if (!bindings[i].data) {
         fprintf(stderr, "compute_run: out of memory\n");
         exit(1);
      }
      fill_buffer(bindings[i].data, words, rb->init);
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

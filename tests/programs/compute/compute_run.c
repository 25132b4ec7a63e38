/* Runs one compute shader once on whatever Vulkan driver the loader picks
 * and writes every writable buffer to a file; the comparison between
 * drivers is done outside (tests/crosscheck/compute_vs_lavapipe.py).
 *
 *   compute_run SHADER.spv [--groups X,Y,Z] [--buffer B:KIND:BYTES:INIT]...
 *               [--push W,W,...] [--spec ID=VALUE]... [--out PREFIX]
 *
 * KIND is in (read-only storage buffer), out (storage buffer written back
 * to PREFIX.bB) or ubo; INIT is zero, iota (word i = i), fill=V or
 * xorshift=SEED.  Without --buffer and --push the layout is the compute
 * corpus convention of tests/shaders (see tests/ir/ir_lvp_diff.c): binding 0
 * input, 1 output, 2 UBO, 3 second output, 16 bytes of push constants.
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
   bool ubo;
   uint32_t bytes;
   char init[64];
};

struct run_args {
   const char *spv;
   const char *out;
   uint32_t groups[3];
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

static void
parse_buffer(struct run_args *a, const char *spec)
{
   char tmp[128], *kind, *bytes, *init;
   if (a->num_buffers == MAX_BINDINGS || strlen(spec) >= sizeof(tmp))
      usage_error("too many buffers or buffer too long", spec);
   strcpy(tmp, spec);
   if (!(kind = strchr(tmp, ':')) || !(bytes = strchr(kind + 1, ':')) ||
       !(init = strchr(bytes + 1, ':')))
      usage_error("buffer is not B:KIND:BYTES:INIT", spec);
   *kind++ = *bytes++ = *init++ = '\0';
   struct run_buffer *b = &a->buffers[a->num_buffers++];
   b->binding = parse_u32(tmp, "buffer binding");
   b->out = !strcmp(kind, "out");
   b->ubo = !strcmp(kind, "ubo");
   if (!b->out && !b->ubo && strcmp(kind, "in"))
      usage_error("buffer kind is not in, out or ubo", kind);
   b->bytes = parse_u32(bytes, "buffer size");
   if (!b->bytes || b->bytes % 4 || b->bytes > MAX_BUFFER_BYTES)
      usage_error("buffer size is not a multiple of 4 in (0, 256 MiB]", bytes);
   snprintf(b->init, sizeof(b->init), "%s", init);
   for (uint32_t i = 0; i + 1 < a->num_buffers; i++)
      if (a->buffers[i].binding == b->binding)
         usage_error("binding given twice", tmp);
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
         { 0, false, false, 16384, "xorshift=0x12345678" },
         { 1, true, false, 16384, "zero" },
         { 2, false, true, 256, "xorshift=0x9e3779b9" },
         { 3, true, false, 16384, "zero" },
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
      if (i + 1 == argc)
         usage_error("option needs a value", opt);
      const char *val = argv[++i];
      if (!strcmp(opt, "--groups")) {
         if (parse_list(val, ',', a->groups, 3, "groups are not X,Y,Z") != 3)
            usage_error("groups are not X,Y,Z", val);
      } else if (!strcmp(opt, "--buffer")) {
         parse_buffer(a, val);
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
   corpus_defaults(a);
}

static void
fill_buffer(uint32_t *w, uint32_t words, const char *init)
{
   if (!strcmp(init, "zero")) {
      memset(w, 0, (size_t)words * 4);
   } else if (!strcmp(init, "iota")) {
      for (uint32_t i = 0; i < words; i++)
         w[i] = i;
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
      usage_error("init is not zero, iota, fill=V or xorshift=SEED", init);
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
      bindings[i] = (struct compute_vk_binding){
         .binding = rb->binding, .data = malloc(rb->bytes), .size = rb->bytes,
         .type = rb->ubo ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER };
      if (!bindings[i].data) {
         fprintf(stderr, "compute_run: out of memory\n");
         return 1;
      }
      fill_buffer(bindings[i].data, rb->bytes / 4, rb->init);
   }
   VkSpecializationInfo spec = { a.num_specs, a.spec_map, a.num_specs * 4, a.spec_data };
   struct compute_vk_job job = {
      .bindings = bindings, .num_bindings = a.num_buffers, .push = a.push,
      .push_size = a.num_push * 4, .spec = a.num_specs ? &spec : NULL,
      .groups = { a.groups[0], a.groups[1], a.groups[2] } };
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

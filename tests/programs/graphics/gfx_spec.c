/* The spec file of a graphics program (README.md, "Spec format"): one
 * statement a line, words separated by blanks, KEY=VALUE options, '#'
 * comments.  State statements change the pipeline the following draws
 * use; commands are recorded in order inside one render pass. */
#include "gfx_spec.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_WORDS 80

#define F(n, vk, bytes, ch, kind, bgr) { n, VK_FORMAT_##vk, bytes, ch, GFX_##kind, bgr }
static const struct gfx_format formats[] = {
   F("r8_unorm", R8_UNORM, 1, 1, UNORM, false),
   F("r8g8_unorm", R8G8_UNORM, 2, 2, UNORM, false),
   F("r8g8b8a8_unorm", R8G8B8A8_UNORM, 4, 4, UNORM, false),
   F("r8g8b8a8_snorm", R8G8B8A8_SNORM, 4, 4, SNORM, false),
   F("r8g8b8a8_uscaled", R8G8B8A8_USCALED, 4, 4, UINT, false),
   F("r8g8b8a8_sscaled", R8G8B8A8_SSCALED, 4, 4, SINT, false),
   F("r8g8b8a8_uint", R8G8B8A8_UINT, 4, 4, UINT, false),
   F("r8g8b8a8_sint", R8G8B8A8_SINT, 4, 4, SINT, false),
   F("b8g8r8a8_unorm", B8G8R8A8_UNORM, 4, 4, UNORM, true),
   F("r16_unorm", R16_UNORM, 2, 1, UNORM, false),
   F("r16g16_unorm", R16G16_UNORM, 4, 2, UNORM, false),
   F("r16g16_snorm", R16G16_SNORM, 4, 2, SNORM, false),
   F("r16g16_uscaled", R16G16_USCALED, 4, 2, UINT, false),
   F("r16g16_sscaled", R16G16_SSCALED, 4, 2, SINT, false),
   F("r16g16_uint", R16G16_UINT, 4, 2, UINT, false),
   F("r16g16_sint", R16G16_SINT, 4, 2, SINT, false),
   F("r16g16_sfloat", R16G16_SFLOAT, 4, 2, SFLOAT, false),
   F("r16g16b16a16_unorm", R16G16B16A16_UNORM, 8, 4, UNORM, false),
   F("r16g16b16a16_snorm", R16G16B16A16_SNORM, 8, 4, SNORM, false),
   F("r16g16b16a16_uint", R16G16B16A16_UINT, 8, 4, UINT, false),
   F("r16g16b16a16_sint", R16G16B16A16_SINT, 8, 4, SINT, false),
   F("r16g16b16a16_sfloat", R16G16B16A16_SFLOAT, 8, 4, SFLOAT, false),
   F("r32_uint", R32_UINT, 4, 1, UINT, false),
   F("r32_sint", R32_SINT, 4, 1, SINT, false),
   F("r32_sfloat", R32_SFLOAT, 4, 1, SFLOAT, false),
   F("r32g32_uint", R32G32_UINT, 8, 2, UINT, false),
   F("r32g32_sfloat", R32G32_SFLOAT, 8, 2, SFLOAT, false),
   F("r32g32b32_uint", R32G32B32_UINT, 12, 3, UINT, false),
   F("r32g32b32_sint", R32G32B32_SINT, 12, 3, SINT, false),
   F("r32g32b32_sfloat", R32G32B32_SFLOAT, 12, 3, SFLOAT, false),
   F("r32g32b32a32_uint", R32G32B32A32_UINT, 16, 4, UINT, false),
   F("r32g32b32a32_sint", R32G32B32A32_SINT, 16, 4, SINT, false),
   F("r32g32b32a32_sfloat", R32G32B32A32_SFLOAT, 16, 4, SFLOAT, false),
   F("a2b10g10r10_unorm_pack32", A2B10G10R10_UNORM_PACK32, 4, 4, PACKED, false),
   F("a2b10g10r10_uint_pack32", A2B10G10R10_UINT_PACK32, 4, 4, PACKED, false),
   F("r5g6b5_unorm_pack16", R5G6B5_UNORM_PACK16, 2, 3, PACKED, false),
   F("d16_unorm", D16_UNORM, 2, 1, DEPTH, false),
   F("d32_sfloat", D32_SFLOAT, 4, 1, DEPTH, false),
   F("d24_unorm_s8_uint", D24_UNORM_S8_UINT, 4, 2, DEPTH, false),
   F("d32_sfloat_s8_uint", D32_SFLOAT_S8_UINT, 8, 2, DEPTH, false),
};
#undef F

const struct gfx_format *
gfx_format_by_name(const char *name)
{
   for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
      if (!strcmp(formats[i].name, name))
         return &formats[i];
   }
   return NULL;
}

const struct gfx_format *
gfx_format_by_vk(VkFormat format)
{
   for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
      if (formats[i].format == format)
         return &formats[i];
   }
   return NULL;
}

struct name_value {
   const char *name;
   int value;
};

static const struct name_value topologies[] = {
   { "point_list", VK_PRIMITIVE_TOPOLOGY_POINT_LIST },
   { "line_list", VK_PRIMITIVE_TOPOLOGY_LINE_LIST },
   { "line_strip", VK_PRIMITIVE_TOPOLOGY_LINE_STRIP },
   { "triangle_list", VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST },
   { "triangle_strip", VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP },
   { "triangle_fan", VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN },
   { "line_list_adjacency", VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY },
   { "line_strip_adjacency", VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY },
   { "triangle_list_adjacency", VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY },
   { "triangle_strip_adjacency", VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY },
   { "patch_list", VK_PRIMITIVE_TOPOLOGY_PATCH_LIST },
   { NULL, 0 },
};

static const struct name_value cull_modes[] = {
   { "none", VK_CULL_MODE_NONE }, { "front", VK_CULL_MODE_FRONT_BIT },
   { "back", VK_CULL_MODE_BACK_BIT }, { "both", VK_CULL_MODE_FRONT_AND_BACK },
   { NULL, 0 },
};

static const struct name_value front_faces[] = {
   { "ccw", VK_FRONT_FACE_COUNTER_CLOCKWISE }, { "cw", VK_FRONT_FACE_CLOCKWISE },
   { NULL, 0 },
};

static const struct name_value polygon_modes[] = {
   { "fill", VK_POLYGON_MODE_FILL }, { "line", VK_POLYGON_MODE_LINE },
   { "point", VK_POLYGON_MODE_POINT }, { NULL, 0 },
};

static const struct name_value compare_ops[] = {
   { "never", VK_COMPARE_OP_NEVER }, { "less", VK_COMPARE_OP_LESS },
   { "equal", VK_COMPARE_OP_EQUAL }, { "less_equal", VK_COMPARE_OP_LESS_OR_EQUAL },
   { "greater", VK_COMPARE_OP_GREATER }, { "not_equal", VK_COMPARE_OP_NOT_EQUAL },
   { "greater_equal", VK_COMPARE_OP_GREATER_OR_EQUAL }, { "always", VK_COMPARE_OP_ALWAYS },
   { NULL, 0 },
};

static const struct name_value stencil_ops[] = {
   { "keep", VK_STENCIL_OP_KEEP }, { "zero", VK_STENCIL_OP_ZERO },
   { "replace", VK_STENCIL_OP_REPLACE }, { "incr_clamp", VK_STENCIL_OP_INCREMENT_AND_CLAMP },
   { "decr_clamp", VK_STENCIL_OP_DECREMENT_AND_CLAMP }, { "invert", VK_STENCIL_OP_INVERT },
   { "incr_wrap", VK_STENCIL_OP_INCREMENT_AND_WRAP },
   { "decr_wrap", VK_STENCIL_OP_DECREMENT_AND_WRAP }, { NULL, 0 },
};

static const struct name_value blend_factors[] = {
   { "zero", VK_BLEND_FACTOR_ZERO }, { "one", VK_BLEND_FACTOR_ONE },
   { "src_color", VK_BLEND_FACTOR_SRC_COLOR },
   { "one_minus_src_color", VK_BLEND_FACTOR_ONE_MINUS_SRC_COLOR },
   { "dst_color", VK_BLEND_FACTOR_DST_COLOR },
   { "one_minus_dst_color", VK_BLEND_FACTOR_ONE_MINUS_DST_COLOR },
   { "src_alpha", VK_BLEND_FACTOR_SRC_ALPHA },
   { "one_minus_src_alpha", VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA },
   { "dst_alpha", VK_BLEND_FACTOR_DST_ALPHA },
   { "one_minus_dst_alpha", VK_BLEND_FACTOR_ONE_MINUS_DST_ALPHA },
   { "constant_color", VK_BLEND_FACTOR_CONSTANT_COLOR },
   { "one_minus_constant_color", VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_COLOR },
   { "constant_alpha", VK_BLEND_FACTOR_CONSTANT_ALPHA },
   { "one_minus_constant_alpha", VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_ALPHA },
   { "src_alpha_saturate", VK_BLEND_FACTOR_SRC_ALPHA_SATURATE },
   { "src1_color", VK_BLEND_FACTOR_SRC1_COLOR },
   { "one_minus_src1_color", VK_BLEND_FACTOR_ONE_MINUS_SRC1_COLOR },
   { "src1_alpha", VK_BLEND_FACTOR_SRC1_ALPHA },
   { "one_minus_src1_alpha", VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA },
   { NULL, 0 },
};

static const struct name_value blend_ops[] = {
   { "add", VK_BLEND_OP_ADD }, { "subtract", VK_BLEND_OP_SUBTRACT },
   { "reverse_subtract", VK_BLEND_OP_REVERSE_SUBTRACT }, { "min", VK_BLEND_OP_MIN },
   { "max", VK_BLEND_OP_MAX }, { NULL, 0 },
};

static const struct name_value logic_ops[] = {
   { "clear", VK_LOGIC_OP_CLEAR }, { "and", VK_LOGIC_OP_AND },
   { "and_reverse", VK_LOGIC_OP_AND_REVERSE }, { "copy", VK_LOGIC_OP_COPY },
   { "and_inverted", VK_LOGIC_OP_AND_INVERTED }, { "no_op", VK_LOGIC_OP_NO_OP },
   { "xor", VK_LOGIC_OP_XOR }, { "or", VK_LOGIC_OP_OR }, { "nor", VK_LOGIC_OP_NOR },
   { "equivalent", VK_LOGIC_OP_EQUIVALENT }, { "invert", VK_LOGIC_OP_INVERT },
   { "or_reverse", VK_LOGIC_OP_OR_REVERSE }, { "copy_inverted", VK_LOGIC_OP_COPY_INVERTED },
   { "or_inverted", VK_LOGIC_OP_OR_INVERTED }, { "nand", VK_LOGIC_OP_NAND },
   { "set", VK_LOGIC_OP_SET }, { NULL, 0 },
};

static const char *const stage_names[GFX_STAGES] = { "vert", "tesc", "tese", "geom", "frag" };

/* The parser's position, for messages. */
struct parser {
   const char *path;
   unsigned line;
   struct gfx_spec *spec;
   struct gfx_pipeline state;   /* what the next draw's pipeline is */
   bool state_changed;          /* since the last pipeline was taken */
   int data_buffer;             /* the buffer data lines append to */
};

static bool
fail(const struct parser *p, const char *what, const char *word)
{
   fprintf(stderr, "%s:%u: %s%s%s\n", p->path, p->line, what, word ? ": " : "",
           word ? word : "");
   return false;
}

static bool
lookup(const struct parser *p, const struct name_value *table, const char *name, int *value)
{
   for (; table->name; table++) {
      if (!strcmp(table->name, name)) {
         *value = table->value;
         return true;
      }
   }
   return fail(p, "unknown name", name);
}

static bool
parse_u32(const struct parser *p, const char *word, uint32_t *value)
{
   char *end;
   errno = 0;
   unsigned long long v = strtoull(word, &end, 0);
   if (errno || end == word || *end || v > UINT32_MAX)
      return fail(p, "not an unsigned 32-bit number", word);
   *value = (uint32_t)v;
   return true;
}

static bool
parse_i64(const struct parser *p, const char *word, int64_t *value)
{
   char *end;
   errno = 0;
   long long v = strtoll(word, &end, 0);
   if (errno || end == word || *end)
      return fail(p, "not an integer", word);
   *value = v;
   return true;
}

static bool
parse_float(const struct parser *p, const char *word, float *value)
{
   char *end;
   errno = 0;
   *value = strtof(word, &end);
   if (errno || end == word || *end)
      return fail(p, "not a float", word);
   return true;
}

/* "a,b,c" into n floats. */
static bool
parse_floats(const struct parser *p, const char *word, float *values, unsigned n)
{
   char buf[256];
   snprintf(buf, sizeof(buf), "%s", word);
   char *save = NULL;
   char *tok = strtok_r(buf, ",", &save);
   for (unsigned i = 0; i < n; i++, tok = strtok_r(NULL, ",", &save)) {
      if (!tok || !parse_float(p, tok, &values[i]))
         return fail(p, "expected comma-separated floats", word);
   }
   return tok ? fail(p, "too many values", word) : true;
}

static bool
parse_u32s(const struct parser *p, const char *word, uint32_t *values, unsigned n)
{
   char buf[256];
   snprintf(buf, sizeof(buf), "%s", word);
   char *save = NULL;
   char *tok = strtok_r(buf, ",", &save);
   for (unsigned i = 0; i < n; i++, tok = strtok_r(NULL, ",", &save)) {
      if (!tok || !parse_u32(p, tok, &values[i]))
         return fail(p, "expected comma-separated numbers", word);
   }
   return tok ? fail(p, "too many values", word) : true;
}

/* KEY=VALUE: the value when word's key is key, else NULL. */
static const char *
option(const char *word, const char *key)
{
   size_t n = strlen(key);
   return !strncmp(word, key, n) && word[n] == '=' ? word + n + 1 : NULL;
}

static int
find_buffer(const struct parser *p, const char *name)
{
   for (uint32_t i = 0; i < p->spec->buffer_count; i++) {
      if (!strcmp(p->spec->buffers[i].name, name))
         return (int)i;
   }
   fail(p, "no such buffer", name);
   return -1;
}

static bool
append(struct gfx_buffer *b, const void *bytes, size_t n)
{
   uint8_t *grown = realloc(b->data, b->size + n);
   if (!grown)
      return false;
   memcpy(grown + b->size, bytes, n);
   b->data = grown;
   b->size += n;
   return true;
}

uint16_t
gfx_float_to_half(float f)
{
   /* Only values float16 represents exactly are meant (the spec's data
    * is exact by construction); others are truncated. */
   uint32_t bits;
   memcpy(&bits, &f, 4);
   uint32_t sign = (bits >> 16) & 0x8000;
   int exponent = (int)((bits >> 23) & 0xff) - 127 + 15;
   uint32_t mantissa = bits & 0x7fffff;
   if ((bits & 0x7fffffff) == 0)
      return (uint16_t)sign;
   if (exponent <= 0)
      return (uint16_t)(sign | ((mantissa | 0x800000) >> (14 - exponent)));
   if (exponent >= 31)
      return (uint16_t)(sign | 0x7c00);
   return (uint16_t)(sign | (uint32_t)exponent << 10 | mantissa >> 13);
}

/* A data line: TYPE VALUE... appended to the current buffer. */
static bool
parse_data(struct parser *p, char **w, int n)
{
   if (p->data_buffer < 0)
      return fail(p, "data before any buffer", w[0]);
   struct gfx_buffer *b = &p->spec->buffers[p->data_buffer];
   const char *type = w[0];
   for (int i = 1; i < n; i++) {
      uint8_t bytes[4];
      size_t size;
      if (!strcmp(type, "f32") || !strcmp(type, "f16")) {
         float f;
         if (!parse_float(p, w[i], &f))
            return false;
         if (type[1] == '3') {
            memcpy(bytes, &f, 4);
            size = 4;
         } else {
            uint16_t h = gfx_float_to_half(f);
            memcpy(bytes, &h, 2);
            size = 2;
         }
      } else {
         int64_t v;
         if (!parse_i64(p, w[i], &v))
            return false;
         size = type[1] == '8' ? 1 : type[1] == '1' ? 2 : 4;
         uint32_t u = (uint32_t)v;
         for (size_t k = 0; k < size; k++)
            bytes[k] = (uint8_t)(u >> (8 * k));
      }
      if (!append(b, bytes, size))
         return fail(p, "out of memory", NULL);
   }
   return true;
}

static bool
is_data_type(const char *w)
{
   static const char *const types[] = { "f32", "f16", "u32", "i32", "u16", "i16", "u8", "i8" };
   for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
      if (!strcmp(w, types[i]))
         return true;
   }
   return false;
}

/* buffer NAME [storage=B] [xfb=B] [zero=BYTES] */
static bool
parse_buffer(struct parser *p, char **w, int n)
{
   struct gfx_spec *s = p->spec;
   if (n < 2 || s->buffer_count == GFX_MAX_BUFFERS)
      return fail(p, "buffer NAME [storage=B] [xfb=B] [zero=BYTES] (at most 16)", NULL);
   struct gfx_buffer *b = &s->buffers[s->buffer_count];
   snprintf(b->name, sizeof(b->name), "%s", w[1]);
   b->storage_binding = b->xfb_binding = -1;
   for (int i = 2; i < n; i++) {
      const char *v;
      uint32_t u;
      if ((v = option(w[i], "storage"))) {
         if (!parse_u32(p, v, &u) || u > 7)
            return fail(p, "storage binding 0..7", v);
         for (uint32_t t = 0; t < s->texture_count; t++) {
            if (s->textures[t].binding == (int)u)
               return fail(p, "binding taken by a texture", v);
         }
         b->storage_binding = (int)u;
      } else if ((v = option(w[i], "xfb"))) {
         if (!parse_u32(p, v, &u) || u > 3)
            return fail(p, "transform feedback binding 0..3", v);
         b->xfb_binding = (int)u;
      } else if ((v = option(w[i], "zero"))) {
         if (!parse_u32(p, v, &u) || u > (1u << 24))
            return fail(p, "zero=BYTES up to 16 MiB", v);
         uint8_t *zeros = calloc(1, u ? u : 1);
         bool ok = zeros && append(b, zeros, u);
         free(zeros);
         if (!ok)
            return fail(p, "out of memory", NULL);
      } else {
         return fail(p, "unknown buffer option", w[i]);
      }
   }
   p->data_buffer = (int)s->buffer_count++;
   return true;
}

/* Integer formats take integer clear values (VkClearColorValue.uint32). */
bool
gfx_format_is_integer(const struct gfx_format *f)
{
   return f->kind == GFX_UINT || f->kind == GFX_SINT ||
          f->format == VK_FORMAT_A2B10G10R10_UINT_PACK32;
}

/* samples=S: a sample count Vulkan names (VkSampleCountFlagBits). */
static bool
parse_samples(const struct parser *p, const char *v, VkSampleCountFlagBits *samples)
{
   uint32_t u;
   if (!parse_u32(p, v, &u) || !u || u > 64 || (u & (u - 1)))
      return fail(p, "samples=1|2|4|8|16|32|64", v);
   *samples = (VkSampleCountFlagBits)u;
   return true;
}

/* The options of "target" after the clear value. */
static bool
parse_target_option(struct parser *p, struct gfx_target *t, const char *word)
{
   const char *v;
   uint32_t u;
   if ((v = option(word, "samples")))
      return parse_samples(p, v, &t->samples);
   if ((v = option(word, "resolve"))) {
      if (!parse_u32(p, v, &u) || u >= GFX_MAX_TARGETS)
         return fail(p, "resolve=N: a target below 4", v);
      t->resolve = (int)u;
      return true;
   }
   if ((v = option(word, "binding"))) {
      if (!parse_u32(p, v, &u) || u > 15)
         return fail(p, "binding=B below 16", v);
      t->binding = (int)u;
      return true;
   }
   if ((v = option(word, "pass"))) {
      if (!parse_u32(p, v, &t->pass) || t->pass >= GFX_MAX_TARGET_PASSES)
         return fail(p, "pass=K below 4", v);
      return true;
   }
   return fail(p, "unknown target option", word);
}

/* target N FORMAT WxH [clear=R,G,B,A] [samples=S] [resolve=M] [binding=B]
 *   [pass=K] */
static bool
parse_target(struct parser *p, char **w, int n)
{
   struct gfx_spec *s = p->spec;
   uint32_t index;
   if (n < 4 || !parse_u32(p, w[1], &index) || index != s->target_count ||
       index >= GFX_MAX_TARGETS)
      return fail(p, "target N FORMAT WxH [clear=...]: N counts up from 0, at most 4", NULL);
   struct gfx_target *t = &s->targets[index];
   t->samples = VK_SAMPLE_COUNT_1_BIT;
   t->resolve = t->resolve_source = t->binding = -1;
   t->format = gfx_format_by_name(w[2]);
   if (!t->format || t->format->kind == GFX_DEPTH)
      return fail(p, "unknown colour format", w[2]);
   if (sscanf(w[3], "%ux%u", &t->width, &t->height) != 2 || !t->width || !t->height ||
       t->width > 4096 || t->height > 4096)
      return fail(p, "size WxH", w[3]);
   for (int i = 4; i < n; i++) {
      const char *v = option(w[i], "clear");
      if (!v) {
         if (!parse_target_option(p, t, w[i]))
            return false;
         continue;
      }
      bool ok = gfx_format_is_integer(t->format) ? parse_u32s(p, v, t->clear.uint32, 4)
                                             : parse_floats(p, v, t->clear.float32, 4);
      if (!ok)
         return false;
   }
   s->target_count++;
   return true;
}

/* depth FORMAT [clear=D] [stencil=S] */
static bool
parse_depth(struct parser *p, char **w, int n)
{
   struct gfx_spec *s = p->spec;
   if (n < 2 || !(s->depth_format = gfx_format_by_name(w[1])) ||
       s->depth_format->kind != GFX_DEPTH)
      return fail(p, "depth FORMAT: a depth format", n > 1 ? w[1] : NULL);
   s->clear_depth = 1.0f;
   s->depth_samples = VK_SAMPLE_COUNT_1_BIT;
   for (int i = 2; i < n; i++) {
      const char *v;
      if ((v = option(w[i], "clear"))) {
         if (!parse_float(p, v, &s->clear_depth))
            return false;
      } else if ((v = option(w[i], "stencil"))) {
         if (!parse_u32(p, v, &s->clear_stencil))
            return false;
      } else if ((v = option(w[i], "samples"))) {
         if (!parse_samples(p, v, &s->depth_samples))
            return false;
      } else {
         return fail(p, "unknown depth option", w[i]);
      }
   }
   return true;
}

/* The first "frag" is the program's fragment shader; one after a draw
 * changes the fragment shader of the following draws' pipelines. */
static bool
parse_frag(struct parser *p, const char *file)
{
   struct gfx_spec *s = p->spec;
   for (uint32_t i = 0; i < s->frag_count; i++) {
      if (!strcmp(s->frags[i], file)) {
         p->state.frag = i;
         p->state_changed = true;
         return true;
      }
   }
   if (s->frag_count == GFX_MAX_FRAGS)
      return fail(p, "at most 4 fragment shaders", file);
   if (!s->frag_count)
      snprintf(s->shaders[GFX_FRAG], sizeof(s->shaders[GFX_FRAG]), "%s", file);
   snprintf(s->frags[s->frag_count], sizeof(s->frags[0]), "%s", file);
   p->state.frag = s->frag_count++;
   p->state_changed = true;
   return true;
}

static bool
parse_shader(struct parser *p, char **w, int n)
{
   for (int stage = 0; stage < GFX_STAGES; stage++) {
      if (strcmp(w[0], stage_names[stage]))
         continue;
      if (n != 2 || strlen(w[1]) >= sizeof(p->spec->shaders[stage]))
         return fail(p, "STAGE FILE", NULL);
      if (stage == GFX_FRAG)
         return parse_frag(p, w[1]);
      snprintf(p->spec->shaders[stage], sizeof(p->spec->shaders[stage]), "%s", w[1]);
      return true;
   }
   return false;
}

/* topology NAME [restart] [patch=N] */
static bool
parse_topology(struct parser *p, char **w, int n)
{
   int v;
   if (n < 2 || !lookup(p, topologies, w[1], &v))
      return fail(p, "topology NAME [restart] [patch=N]", NULL);
   p->state.topology = (VkPrimitiveTopology)v;
   p->state.restart = false;
   for (int i = 2; i < n; i++) {
      const char *o;
      if (!strcmp(w[i], "restart"))
         p->state.restart = true;
      else if ((o = option(w[i], "patch")) && parse_u32(p, o, &p->state.patch_vertices))
         continue;
      else
         return fail(p, "unknown topology option", w[i]);
   }
   return true;
}

/* binding B BUFFER stride=S [offset=O] [instance] [divisor=D] */
static bool
parse_binding(struct parser *p, char **w, int n)
{
   uint32_t index;
   if (n < 3 || !parse_u32(p, w[1], &index) || index >= GFX_MAX_BINDINGS)
      return fail(p, "binding B BUFFER stride=S ...: B below 8", NULL);
   struct gfx_vertex_binding *b = &p->state.bindings[index];
   *b = (struct gfx_vertex_binding){ .rate = VK_VERTEX_INPUT_RATE_VERTEX, .divisor = 1 };
   if ((b->buffer = find_buffer(p, w[2])) < 0)
      return false;
   for (int i = 3; i < n; i++) {
      const char *v;
      uint32_t u;
      if (!strcmp(w[i], "instance"))
         b->rate = VK_VERTEX_INPUT_RATE_INSTANCE;
      else if ((v = option(w[i], "stride")) && parse_u32(p, v, &b->stride))
         continue;
      else if ((v = option(w[i], "offset")) && parse_u32(p, v, &u))
         b->offset = u;
      else if ((v = option(w[i], "divisor")) && parse_u32(p, v, &b->divisor))
         continue;
      else
         return fail(p, "unknown binding option", w[i]);
   }
   if (index >= p->state.binding_count) {
      for (uint32_t i = p->state.binding_count; i < index; i++)
         p->state.bindings[i].buffer = -1;
      p->state.binding_count = index + 1;
   }
   return true;
}

/* attribute LOCATION BINDING FORMAT OFFSET */
static bool
parse_attribute(struct parser *p, char **w, int n)
{
   struct gfx_pipeline *s = &p->state;
   VkVertexInputAttributeDescription a;
   const struct gfx_format *f;
   if (n != 5 || s->attribute_count == GFX_MAX_ATTRIBUTES ||
       !parse_u32(p, w[1], &a.location) || !parse_u32(p, w[2], &a.binding) ||
       !parse_u32(p, w[4], &a.offset))
      return fail(p, "attribute LOCATION BINDING FORMAT OFFSET (at most 16)", NULL);
   if (!(f = gfx_format_by_name(w[3])) || f->kind == GFX_DEPTH)
      return fail(p, "unknown vertex format", w[3]);
   a.format = f->format;
   s->attributes[s->attribute_count++] = a;
   return true;
}

/* raster [cull=..] [front=..] [polygon=..] [line_width=W] [depth_clamp]
 *        [bias=CONSTANT,CLAMP,SLOPE] [discard] */
static bool
parse_raster(struct parser *p, char **w, int n)
{
   VkPipelineRasterizationStateCreateInfo *r = &p->state.raster;
   for (int i = 1; i < n; i++) {
      const char *v;
      int e;
      float bias[3];
      if ((v = option(w[i], "cull")) && lookup(p, cull_modes, v, &e)) {
         r->cullMode = (VkCullModeFlags)e;
      } else if ((v = option(w[i], "front")) && lookup(p, front_faces, v, &e)) {
         r->frontFace = (VkFrontFace)e;
      } else if ((v = option(w[i], "polygon")) && lookup(p, polygon_modes, v, &e)) {
         r->polygonMode = (VkPolygonMode)e;
      } else if ((v = option(w[i], "line_width")) && parse_float(p, v, &r->lineWidth)) {
         continue;
      } else if (!strcmp(w[i], "depth_clamp")) {
         r->depthClampEnable = VK_TRUE;
      } else if ((v = option(w[i], "bias")) && parse_floats(p, v, bias, 3)) {
         r->depthBiasEnable = VK_TRUE;
         r->depthBiasConstantFactor = bias[0];
         r->depthBiasClamp = bias[1];
         r->depthBiasSlopeFactor = bias[2];
      } else {
         return fail(p, "unknown raster option", w[i]);
      }
   }
   return true;
}

/* FAIL,PASS,DEPTH_FAIL,COMPARE,COMPARE_MASK,WRITE_MASK,REFERENCE */
static bool
parse_stencil_face(const struct parser *p, const char *v, VkStencilOpState *s)
{
   char buf[256];
   snprintf(buf, sizeof(buf), "%s", v);
   char *f[8], *save = NULL;
   int n = 0;
   for (char *t = strtok_r(buf, ",", &save); t && n < 8; t = strtok_r(NULL, ",", &save))
      f[n++] = t;
   int fail_op, pass_op, depth_fail_op, compare;
   if (n != 7 || !lookup(p, stencil_ops, f[0], &fail_op) ||
       !lookup(p, stencil_ops, f[1], &pass_op) ||
       !lookup(p, stencil_ops, f[2], &depth_fail_op) ||
       !lookup(p, compare_ops, f[3], &compare) || !parse_u32(p, f[4], &s->compareMask) ||
       !parse_u32(p, f[5], &s->writeMask) || !parse_u32(p, f[6], &s->reference))
      return fail(p, "stencil face: FAIL,PASS,DEPTH_FAIL,COMPARE,CMASK,WMASK,REF", v);
   s->failOp = (VkStencilOp)fail_op;
   s->passOp = (VkStencilOp)pass_op;
   s->depthFailOp = (VkStencilOp)depth_fail_op;
   s->compareOp = (VkCompareOp)compare;
   return true;
}

/* depth_state [test=OP] [write] [front=..] [back=..] [bounds=MIN,MAX] */
static bool
parse_depth_state(struct parser *p, char **w, int n)
{
   VkPipelineDepthStencilStateCreateInfo *d = &p->state.depth;
   d->depthTestEnable = VK_FALSE;
   d->depthWriteEnable = VK_FALSE;
   d->stencilTestEnable = VK_FALSE;
   d->depthBoundsTestEnable = VK_FALSE;
   for (int i = 1; i < n; i++) {
      const char *v;
      int e;
      float bounds[2];
      if ((v = option(w[i], "bounds")) && parse_floats(p, v, bounds, 2)) {
         d->depthBoundsTestEnable = VK_TRUE;
         d->minDepthBounds = bounds[0];
         d->maxDepthBounds = bounds[1];
      } else if ((v = option(w[i], "test")) && lookup(p, compare_ops, v, &e)) {
         d->depthTestEnable = VK_TRUE;
         d->depthCompareOp = (VkCompareOp)e;
      } else if (!strcmp(w[i], "write")) {
         d->depthWriteEnable = VK_TRUE;
      } else if ((v = option(w[i], "front")) && parse_stencil_face(p, v, &d->front)) {
         d->stencilTestEnable = VK_TRUE;
      } else if ((v = option(w[i], "back")) && parse_stencil_face(p, v, &d->back)) {
         d->stencilTestEnable = VK_TRUE;
      } else {
         return fail(p, "unknown depth_state option", w[i]);
      }
   }
   return true;
}

static bool
parse_write_mask(const struct parser *p, const char *v, VkColorComponentFlags *mask)
{
   *mask = 0;
   for (const char *c = v; *c; c++) {
      const char *at = strchr("rgba", *c);
      if (!at)
         return fail(p, "write mask: letters of rgba", v);
      *mask |= 1u << (at - "rgba");
   }
   return true;
}

/* blend N [src=F] [dst=F] [op=OP] [src_a=F] [dst_a=F] [op_a=OP] [mask=rgba]
 * (blending is enabled by any factor or op, disabled by "off") */
static bool
parse_blend(struct parser *p, char **w, int n)
{
   uint32_t index;
   if (n < 2 || !parse_u32(p, w[1], &index) || index >= GFX_MAX_TARGETS)
      return fail(p, "blend N ...: N below 4", NULL);
   VkPipelineColorBlendAttachmentState *b = &p->state.blend[index];
   for (int i = 2; i < n; i++) {
      const char *v;
      int e;
      if (!strcmp(w[i], "off")) {
         b->blendEnable = VK_FALSE;
      } else if ((v = option(w[i], "mask"))) {
         if (!parse_write_mask(p, v, &b->colorWriteMask))
            return false;
      } else if ((v = option(w[i], "src")) && lookup(p, blend_factors, v, &e)) {
         b->srcColorBlendFactor = (VkBlendFactor)e;
         b->blendEnable = VK_TRUE;
      } else if ((v = option(w[i], "dst")) && lookup(p, blend_factors, v, &e)) {
         b->dstColorBlendFactor = (VkBlendFactor)e;
         b->blendEnable = VK_TRUE;
      } else if ((v = option(w[i], "op")) && lookup(p, blend_ops, v, &e)) {
         b->colorBlendOp = (VkBlendOp)e;
         b->blendEnable = VK_TRUE;
      } else if ((v = option(w[i], "src_a")) && lookup(p, blend_factors, v, &e)) {
         b->srcAlphaBlendFactor = (VkBlendFactor)e;
         b->blendEnable = VK_TRUE;
      } else if ((v = option(w[i], "dst_a")) && lookup(p, blend_factors, v, &e)) {
         b->dstAlphaBlendFactor = (VkBlendFactor)e;
         b->blendEnable = VK_TRUE;
      } else if ((v = option(w[i], "op_a")) && lookup(p, blend_ops, v, &e)) {
         b->alphaBlendOp = (VkBlendOp)e;
         b->blendEnable = VK_TRUE;
      } else {
         return fail(p, "unknown blend option", w[i]);
      }
   }
   return true;
}

static struct gfx_command *
new_command(struct parser *p, enum gfx_command_kind kind)
{
   struct gfx_spec *s = p->spec;
   if (s->command_count == GFX_MAX_COMMANDS) {
      fail(p, "too many commands", NULL);
      return NULL;
   }
   struct gfx_command *c = &s->commands[s->command_count++];
   memset(c, 0, sizeof(*c));
   c->kind = kind;
   c->buffer = c->count_buffer = -1;
   c->texture = c->src = c->dst = -1;
   return c;
}

/* A draw takes the pipeline state as it is now: a new pipeline when a
 * state statement came since the previous draw. */
static bool
take_pipeline(struct parser *p, struct gfx_command *c)
{
   struct gfx_spec *s = p->spec;
   if (p->state_changed || !s->pipeline_count) {
      if (s->pipeline_count == GFX_MAX_PIPELINES)
         return fail(p, "too many pipelines", NULL);
      s->pipelines[s->pipeline_count++] = p->state;
      p->state_changed = false;
   }
   c->pipeline = (int)s->pipeline_count - 1;
   return true;
}

static const struct {
   const char *name;
   enum gfx_command_kind kind;
   int numbers;      /* direct draws: arguments */
} draws[] = {
   { "draw", GFX_CMD_DRAW, 4 },
   { "draw_indexed", GFX_CMD_DRAW_INDEXED, 5 },
   { "draw_indirect", GFX_CMD_DRAW_INDIRECT, -1 },
   { "draw_indexed_indirect", GFX_CMD_DRAW_INDEXED_INDIRECT, -1 },
   { "draw_indirect_count", GFX_CMD_DRAW_INDIRECT_COUNT, -2 },
   { "draw_indexed_indirect_count", GFX_CMD_DRAW_INDEXED_INDIRECT_COUNT, -2 },
};

/* draw V I FIRST_V FIRST_I; draw_indexed N I FIRST VERTEX_OFFSET FIRST_I;
 * draw[_indexed]_indirect BUFFER OFFSET COUNT STRIDE;
 * draw[_indexed]_indirect_count BUFFER OFFSET COUNT_BUFFER COUNT_OFFSET MAX STRIDE */
static bool
parse_draw(struct parser *p, char **w, int n, bool *matched)
{
   *matched = false;
   for (size_t d = 0; d < sizeof(draws) / sizeof(draws[0]); d++) {
      if (strcmp(w[0], draws[d].name))
         continue;
      *matched = true;
      struct gfx_command *c = new_command(p, draws[d].kind);
      if (!c || !take_pipeline(p, c))
         return false;
      if (draws[d].numbers > 0) {
         if (n != draws[d].numbers + 1)
            return fail(p, "wrong number of draw arguments", w[0]);
         for (int i = 0; i < draws[d].numbers; i++) {
            int64_t v;
            if (!parse_i64(p, w[i + 1], &v))
               return false;
            c->args[i] = (uint32_t)v;
         }
         return true;
      }
      uint32_t offset, count_offset;
      if (draws[d].numbers == -1) {
         if (n != 5 || (c->buffer = find_buffer(p, w[1])) < 0 ||
             !parse_u32(p, w[2], &offset) || !parse_u32(p, w[3], &c->args[0]) ||
             !parse_u32(p, w[4], &c->args[1]))
            return fail(p, "BUFFER OFFSET COUNT STRIDE", w[0]);
      } else {
         if (n != 7 || (c->buffer = find_buffer(p, w[1])) < 0 ||
             !parse_u32(p, w[2], &offset) || (c->count_buffer = find_buffer(p, w[3])) < 0 ||
             !parse_u32(p, w[4], &count_offset) || !parse_u32(p, w[5], &c->args[0]) ||
             !parse_u32(p, w[6], &c->args[1]))
            return fail(p, "BUFFER OFFSET COUNT_BUFFER COUNT_OFFSET MAX STRIDE", w[0]);
         c->count_offset = count_offset;
      }
      c->offset = offset;
      return true;
   }
   return true;
}

/* viewport X Y W H [MIN_DEPTH MAX_DEPTH] / scissor X Y W H */
static bool
parse_viewport_scissor(struct parser *p, char **w, int n)
{
   bool viewport = !strcmp(w[0], "viewport");
   struct gfx_command *c = new_command(p, viewport ? GFX_CMD_VIEWPORT : GFX_CMD_SCISSOR);
   if (!c)
      return false;
   if (viewport) {
      float v[6] = { 0, 0, 0, 0, 0.0f, 1.0f };
      if ((n != 5 && n != 7))
         return fail(p, "viewport X Y W H [MIN_DEPTH MAX_DEPTH]", NULL);
      for (int i = 1; i < n; i++) {
         if (!parse_float(p, w[i], &v[i - 1]))
            return false;
      }
      c->viewport = (VkViewport){ v[0], v[1], v[2], v[3], v[4], v[5] };
      return true;
   }
   int64_t x, y;
   if (n != 5 || !parse_i64(p, w[1], &x) || !parse_i64(p, w[2], &y) ||
       !parse_u32(p, w[3], &c->rect.extent.width) || !parse_u32(p, w[4], &c->rect.extent.height))
      return fail(p, "scissor X Y W H", NULL);
   c->rect.offset = (VkOffset2D){ (int32_t)x, (int32_t)y };
   return true;
}

/* push OFFSET TYPE VALUE... (f32, u32 or i32 values) */
static bool
parse_push(struct parser *p, char **w, int n)
{
   struct gfx_command *c = new_command(p, GFX_CMD_PUSH);
   if (!c)
      return false;
   if (n < 4 || !parse_u32(p, w[1], &c->push_offset) || c->push_offset % 4 ||
       c->push_offset + 4u * (uint32_t)(n - 3) > GFX_PUSH_BYTES)
      return fail(p, "push OFFSET TYPE VALUE...: 4-byte aligned, within 128 bytes", NULL);
   c->push_size = 4u * (uint32_t)(n - 3);
   for (int i = 3; i < n; i++) {
      uint32_t bits;
      if (!strcmp(w[2], "f32")) {
         float f;
         if (!parse_float(p, w[i], &f))
            return false;
         memcpy(&bits, &f, 4);
      } else if (!strcmp(w[2], "u32") || !strcmp(w[2], "i32")) {
         int64_t v;
         if (!parse_i64(p, w[i], &v))
            return false;
         bits = (uint32_t)v;
      } else {
         return fail(p, "push values are f32, u32 or i32", w[2]);
      }
      memcpy(c->push + 4 * (i - 3), &bits, 4);
   }
   return true;
}

/* index BUFFER u8|u16|u32 [OFFSET] */
static bool
parse_index(struct parser *p, char **w, int n)
{
   struct gfx_command *c = new_command(p, GFX_CMD_INDEX);
   uint32_t offset = 0;
   if (!c || n < 3 || n > 4 || (c->buffer = find_buffer(p, w[1])) < 0 ||
       (n == 4 && !parse_u32(p, w[3], &offset)))
      return fail(p, "index BUFFER u8|u16|u32 [OFFSET]", NULL);
   c->offset = offset;
   if (!strcmp(w[2], "u8"))
      c->index_type = VK_INDEX_TYPE_UINT8_EXT;
   else if (!strcmp(w[2], "u16"))
      c->index_type = VK_INDEX_TYPE_UINT16;
   else if (!strcmp(w[2], "u32"))
      c->index_type = VK_INDEX_TYPE_UINT32;
   else
      return fail(p, "index type u8, u16 or u32", w[2]);
   return true;
}

/* clear_color N R,G,B,A X Y W H / clear_depth DEPTH STENCIL X Y W H
 * (vkCmdClearAttachments) */
static bool
parse_clear(struct parser *p, char **w, int n)
{
   bool color = !strcmp(w[0], "clear_color");
   struct gfx_command *c = new_command(p, color ? GFX_CMD_CLEAR_COLOR : GFX_CMD_CLEAR_DEPTH);
   uint32_t rect[4];
   if (!c || n != 7)
      return fail(p, "clear_color N VALUES X Y W H / clear_depth D S X Y W H", NULL);
   for (int i = 0; i < 4; i++) {
      if (!parse_u32(p, w[3 + i], &rect[i]))
         return false;
   }
   c->rect = (VkRect2D){ { (int32_t)rect[0], (int32_t)rect[1] }, { rect[2], rect[3] } };
   if (!color) {
      return parse_float(p, w[1], &c->clear.depthStencil.depth) &&
             parse_u32(p, w[2], &c->clear.depthStencil.stencil);
   }
   if (!parse_u32(p, w[1], &c->args[0]) || c->args[0] >= p->spec->target_count)
      return fail(p, "clear_color: no such target", w[1]);
   if (gfx_format_is_integer(p->spec->targets[c->args[0]].format))
      return parse_u32s(p, w[2], c->clear.color.uint32, 4);
   return parse_floats(p, w[2], c->clear.color.float32, 4);
}

/* xfb_begin [OFFSET] / xfb_end: transform feedback over the draws between
 * them, into every xfb buffer from byte OFFSET (vkCmdBeginTransformFeedbackEXT
 * without counter buffers, so each begin starts over at its offset). */
static bool
parse_xfb(struct parser *p, char **w, int n)
{
   bool begin = !strcmp(w[0], "xfb_begin");
   struct gfx_command *c = new_command(p, begin ? GFX_CMD_XFB_BEGIN : GFX_CMD_XFB_END);
   uint32_t offset = 0;
   if (!c || n > (begin ? 2 : 1) || (n == 2 && !parse_u32(p, w[1], &offset)) || offset % 4)
      return fail(p, "xfb_begin [OFFSET, a multiple of 4] / xfb_end", NULL);
   c->offset = offset;
   return true;
}

/* sample_shading MIN|off (sampleShadingEnable, minSampleShading);
 * sample_mask MASK|off (pSampleMask, one word: up to 32 samples) */
static bool
parse_multisample(struct parser *p, char **w, int n)
{
   struct gfx_pipeline *s = &p->state;
   bool shading = !strcmp(w[0], "sample_shading");
   if (n != 2)
      return fail(p, shading ? "sample_shading MIN|off" : "sample_mask MASK|off", NULL);
   bool on = strcmp(w[1], "off") != 0;
   if (shading) {
      s->sample_shading = on;
      s->min_sample_shading = 0.0f;
      if (on && (!parse_float(p, w[1], &s->min_sample_shading) ||
                 s->min_sample_shading < 0.0f || s->min_sample_shading > 1.0f))
         return fail(p, "sample_shading MIN: 0 to 1", w[1]);
      return true;
   }
   s->sample_mask_set = on;
   s->sample_mask = ~0u;
   return !on || parse_u32(p, w[1], &s->sample_mask);
}

static bool
parse_state(struct parser *p, char **w, int n, bool *matched)
{
   static const struct {
      const char *name;
      bool (*parse)(struct parser *, char **, int);
   } statements[] = {
      { "topology", parse_topology }, { "binding", parse_binding },
      { "attribute", parse_attribute }, { "raster", parse_raster },
      { "depth_state", parse_depth_state }, { "blend", parse_blend },
   };
   *matched = false;
   for (size_t i = 0; i < sizeof(statements) / sizeof(statements[0]); i++) {
      if (!strcmp(w[0], statements[i].name)) {
         *matched = true;
         p->state_changed = true;
         return statements[i].parse(p, w, n);
      }
   }
   if (!strcmp(w[0], "blend_constants")) {
      *matched = true;
      p->state_changed = true;
      if (n != 5)
         return fail(p, "blend_constants R G B A", NULL);
      for (int i = 0; i < 4; i++) {
         if (!parse_float(p, w[i + 1], &p->state.blend_constants[i]))
            return false;
      }
   } else if (!strcmp(w[0], "sample_shading") || !strcmp(w[0], "sample_mask")) {
      *matched = true;
      p->state_changed = true;
      return parse_multisample(p, w, n);
   } else if (!strcmp(w[0], "logic_op")) {
      int e;
      *matched = true;
      p->state_changed = true;
      if (n != 2)
         return fail(p, "logic_op OP|off", NULL);
      p->state.logic_op_enable = strcmp(w[1], "off") != 0;
      if (p->state.logic_op_enable) {
         if (!lookup(p, logic_ops, w[1], &e))
            return false;
         p->state.logic_op = (VkLogicOp)e;
      }
   }
   return true;
}

/* Textures, samplers, passes and transfer commands (README.md, "Spec
 * format"). */

static const struct name_value view_types[] = {
   { "2d", VK_IMAGE_VIEW_TYPE_2D }, { "2d_array", VK_IMAGE_VIEW_TYPE_2D_ARRAY },
   { "cube", VK_IMAGE_VIEW_TYPE_CUBE }, { "cube_array", VK_IMAGE_VIEW_TYPE_CUBE_ARRAY },
   { "3d", VK_IMAGE_VIEW_TYPE_3D }, { NULL, 0 },
};

static const struct name_value fills[] = {
   { "pattern", GFX_FILL_PATTERN }, { "ramp", GFX_FILL_RAMP }, { "zero", GFX_FILL_ZERO },
   { NULL, 0 },
};

static const struct name_value filters[] = {
   { "nearest", VK_FILTER_NEAREST }, { "linear", VK_FILTER_LINEAR }, { NULL, 0 },
};

static const struct name_value mipmap_modes[] = {
   { "nearest", VK_SAMPLER_MIPMAP_MODE_NEAREST }, { "linear", VK_SAMPLER_MIPMAP_MODE_LINEAR },
   { NULL, 0 },
};

static const struct name_value address_modes[] = {
   { "repeat", VK_SAMPLER_ADDRESS_MODE_REPEAT },
   { "mirrored_repeat", VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT },
   { "clamp_to_edge", VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE },
   { "clamp_to_border", VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER },
   { NULL, 0 },
};

static const struct name_value border_colors[] = {
   { "float_transparent_black", VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK },
   { "int_transparent_black", VK_BORDER_COLOR_INT_TRANSPARENT_BLACK },
   { "float_opaque_black", VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK },
   { "int_opaque_black", VK_BORDER_COLOR_INT_OPAQUE_BLACK },
   { "float_opaque_white", VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE },
   { "int_opaque_white", VK_BORDER_COLOR_INT_OPAQUE_WHITE },
   { NULL, 0 },
};

static int
find_texture(const struct parser *p, const char *name)
{
   for (uint32_t i = 0; i < p->spec->texture_count; i++) {
      if (!strcmp(p->spec->textures[i].name, name))
         return (int)i;
   }
   fail(p, "no such texture", name);
   return -1;
}

/* An image a transfer names: cN (colour target N) or a texture's name;
 * false when there is none. */
static bool
find_image(const struct parser *p, const char *name, int *image)
{
   uint32_t n;
   char extra;
   if (sscanf(name, "c%u%c", &n, &extra) == 1) {
      if (n >= p->spec->target_count)
         return fail(p, "no such colour target", name);
      p->spec->targets[n].transfer = true;
      *image = GFX_TARGET_IMAGE(n);
      return true;
   }
   return (*image = find_texture(p, name)) >= 0;
}

static VkImageAspectFlags
image_aspect(const struct parser *p, int image)
{
   if (image < 0 || p->spec->textures[image].format->kind != GFX_DEPTH)
      return VK_IMAGE_ASPECT_COLOR_BIT;
   return VK_IMAGE_ASPECT_DEPTH_BIT;
}

/* LEVEL,LAYER of an image, checked against its size. */
static bool
parse_subresource(const struct parser *p, const char *word, int image,
                  VkImageSubresourceLayers *sub)
{
   uint32_t v[2];
   if (!parse_u32s(p, word, v, 2))
      return false;
   uint32_t levels = 1, layers = 1;
   if (image >= 0) {
      levels = p->spec->textures[image].levels;
      layers = p->spec->textures[image].layers;
   }
   if (v[0] >= levels || v[1] >= layers)
      return fail(p, "LEVEL,LAYER beyond the image", word);
   *sub = (VkImageSubresourceLayers){ image_aspect(p, image), v[0], v[1], 1 };
   return true;
}

/* texture NAME TYPE FORMAT WxH[xD] [levels=N] [layers=N] [fill=F] [binding=B] */
static bool
parse_texture(struct parser *p, char **w, int n)
{
   struct gfx_spec *s = p->spec;
   int e;
   if (n < 5 || s->texture_count == GFX_MAX_TEXTURES || strlen(w[1]) >= 32)
      return fail(p, "texture NAME TYPE FORMAT WxH[xD] ... (at most 8)", NULL);
   struct gfx_texture *t = &s->textures[s->texture_count];
   memset(t, 0, sizeof(*t));
   snprintf(t->name, sizeof(t->name), "%s", w[1]);
   if (!lookup(p, view_types, w[2], &e))
      return false;
   t->view_type = (VkImageViewType)e;
   if (!(t->format = gfx_format_by_name(w[3])) || t->format->kind == GFX_PACKED ||
       (t->format->kind == GFX_DEPTH && t->format->channels != 1))
      return fail(p, "a texture format (not packed, depth without stencil)", w[3]);
   t->depth = 1;
   int sizes = sscanf(w[4], "%ux%ux%u", &t->width, &t->height, &t->depth);
   if (sizes < 2 || (sizes == 3) != (t->view_type == VK_IMAGE_VIEW_TYPE_3D) || !t->width ||
       !t->height || !t->depth || t->width > 4096 || t->height > 4096 || t->depth > 256)
      return fail(p, "size WxH (WxHxD for 3d)", w[4]);
   t->layers = t->levels = 1;
   t->binding = -1;
   t->sampler = (VkSamplerCreateInfo){
      .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO, .maxLod = VK_LOD_CLAMP_NONE,
      .maxAnisotropy = 1.0f };
   for (int i = 5; i < n; i++) {
      const char *v;
      if ((v = option(w[i], "levels")) && parse_u32(p, v, &t->levels))
         continue;
      if ((v = option(w[i], "layers")) && parse_u32(p, v, &t->layers))
         continue;
      if ((v = option(w[i], "binding"))) {
         uint32_t b;
         if (!parse_u32(p, v, &b) || b > 31)
            return fail(p, "binding 0..31", v);
         t->binding = (int)b;
      } else if ((v = option(w[i], "fill")) && lookup(p, fills, v, &e)) {
         t->fill = (enum gfx_fill)e;
      } else {
         return fail(p, "unknown texture option", w[i]);
      }
   }
   uint32_t largest = t->width > t->height ? t->width : t->height;
   if (t->view_type == VK_IMAGE_VIEW_TYPE_3D && t->depth > largest)
      largest = t->depth;
   uint32_t max_levels = 1;
   while (largest >> max_levels)
      max_levels++;
   if (!t->levels || t->levels > max_levels || !t->layers || t->layers > 64)
      return fail(p, "levels 1..full chain, layers 1..64", NULL);
   bool cube = t->view_type == VK_IMAGE_VIEW_TYPE_CUBE ||
               t->view_type == VK_IMAGE_VIEW_TYPE_CUBE_ARRAY;
   if (cube && (t->width != t->height || t->layers % 6 ||
                (t->view_type == VK_IMAGE_VIEW_TYPE_CUBE && t->layers != 6)))
      return fail(p, "a cube is square, with 6 layers (a multiple of 6 for cube_array)", NULL);
   if ((t->view_type == VK_IMAGE_VIEW_TYPE_2D || t->view_type == VK_IMAGE_VIEW_TYPE_3D) &&
       t->layers != 1)
      return fail(p, "layers need 2d_array, cube or cube_array", NULL);
   for (uint32_t i = 0; i < s->buffer_count; i++) {
      if (t->binding >= 0 && s->buffers[i].storage_binding == t->binding)
         return fail(p, "binding taken by a storage buffer", w[1]);
   }
   for (uint32_t i = 0; i < s->texture_count; i++) {
      if (t->binding >= 0 && s->textures[i].binding == t->binding)
         return fail(p, "binding taken by another texture", w[1]);
   }
   s->texture_count++;
   return true;
}

static bool
parse_address(const struct parser *p, const char *word, VkSamplerCreateInfo *info)
{
   char buf[128];
   snprintf(buf, sizeof(buf), "%s", word);
   VkSamplerAddressMode *modes[3] = { &info->addressModeU, &info->addressModeV,
                                      &info->addressModeW };
   char *save = NULL;
   char *tok = strtok_r(buf, ",", &save);
   int e = 0;
   for (int i = 0; i < 3; i++) {
      /* one mode for all three coordinates, or one each */
      if (tok && !lookup(p, address_modes, tok, &e))
         return false;
      *modes[i] = (VkSamplerAddressMode)e;
      tok = strtok_r(NULL, ",", &save);
      if (!tok && i == 0) {
         info->addressModeV = info->addressModeW = (VkSamplerAddressMode)e;
         return true;
      }
   }
   return tok ? fail(p, "address=U[,V,W]", word) : true;
}

/* sampler TEXTURE [filter=F] [min=F] [mag=F] [mip=M] [address=U[,V,W]]
 *   [border=B] [bias=F] [min_lod=F] [max_lod=F] [compare=OP]
 *   [anisotropy=N] [unnormalized] */
static bool
parse_sampler(struct parser *p, char **w, int n)
{
   int t;
   if (n < 2 || (t = find_texture(p, w[1])) < 0)
      return fail(p, "sampler TEXTURE OPTIONS...", NULL);
   VkSamplerCreateInfo *info = &p->spec->textures[t].sampler;
   for (int i = 2; i < n; i++) {
      const char *v;
      int e;
      if ((v = option(w[i], "filter")) && lookup(p, filters, v, &e)) {
         info->minFilter = info->magFilter = (VkFilter)e;
      } else if ((v = option(w[i], "min")) && lookup(p, filters, v, &e)) {
         info->minFilter = (VkFilter)e;
      } else if ((v = option(w[i], "mag")) && lookup(p, filters, v, &e)) {
         info->magFilter = (VkFilter)e;
      } else if ((v = option(w[i], "mip")) && lookup(p, mipmap_modes, v, &e)) {
         info->mipmapMode = (VkSamplerMipmapMode)e;
      } else if ((v = option(w[i], "address"))) {
         if (!parse_address(p, v, info))
            return false;
      } else if ((v = option(w[i], "border")) && lookup(p, border_colors, v, &e)) {
         info->borderColor = (VkBorderColor)e;
      } else if ((v = option(w[i], "bias"))) {
         if (!parse_float(p, v, &info->mipLodBias))
            return false;
      } else if ((v = option(w[i], "min_lod"))) {
         if (!parse_float(p, v, &info->minLod))
            return false;
      } else if ((v = option(w[i], "max_lod"))) {
         if (!parse_float(p, v, &info->maxLod))
            return false;
      } else if ((v = option(w[i], "compare")) && lookup(p, compare_ops, v, &e)) {
         info->compareEnable = VK_TRUE;
         info->compareOp = (VkCompareOp)e;
      } else if ((v = option(w[i], "anisotropy"))) {
         if (!parse_float(p, v, &info->maxAnisotropy) || info->maxAnisotropy < 1.0f)
            return fail(p, "anisotropy N, at least 1", v);
         info->anisotropyEnable = info->maxAnisotropy > 1.0f;
      } else if (!strcmp(w[i], "unnormalized")) {
         info->unnormalizedCoordinates = VK_TRUE;
      } else {
         return fail(p, "unknown sampler option", w[i]);
      }
   }
   return true;
}

/* pass texture=NAME [clear=R,G,B,A] [view_mask=M] / pass targets[=K].
 * The following draws take pipelines of their own, made for this pass's
 * render pass (its attachments, sample count and view mask). */
static bool
parse_pass(struct parser *p, char **w, int n)
{
   struct gfx_command *c = new_command(p, GFX_CMD_PASS);
   const char *v;
   if (!c)
      return false;
   c->texture = -1;
   p->state_changed = true;
   p->state.texture_pass = -1;
   p->state.target_pass = 0;
   if (n == 2 && !strcmp(w[1], "targets"))
      return true;
   if (n == 2 && (v = option(w[1], "targets"))) {
      if (!parse_u32(p, v, &c->args[0]) || c->args[0] >= GFX_MAX_TARGET_PASSES)
         return fail(p, "pass targets=K: K below 4", v);
      p->state.target_pass = c->args[0];
      return true;
   }
   if (n < 2 || n > 4 || !(v = option(w[1], "texture")) || (c->texture = find_texture(p, v)) < 0)
      return fail(p, "pass texture=NAME [clear=R,G,B,A] [view_mask=M] / pass targets[=K]",
                  NULL);
   p->state.texture_pass = c->texture;
   struct gfx_texture *t = &p->spec->textures[c->texture];
   t->rendered = true;
   for (int i = 2; i < n; i++) {
      bool ok;
      if ((v = option(w[i], "clear")))
         ok = gfx_format_is_integer(t->format) ? parse_u32s(p, v, c->clear.color.uint32, 4)
                                               : parse_floats(p, v, c->clear.color.float32, 4);
      else if ((v = option(w[i], "view_mask")))
         ok = parse_u32(p, v, &t->view_mask);
      else
         return fail(p, "unknown pass option", w[i]);
      if (!ok)
         return false;
   }
   /* multiview: view v renders layer v (Vulkan "Multiview"), so every
    * view of the mask needs its layer */
   const VkImageViewType type = t->view_mask ? VK_IMAGE_VIEW_TYPE_2D_ARRAY
                                             : VK_IMAGE_VIEW_TYPE_2D;
   if (t->format->kind == GFX_DEPTH || t->view_type != type)
      return fail(p, t->view_mask ? "a multiview pass renders to a 2d_array colour texture"
                                  : "a pass renders to a 2d colour texture", w[1]);
   if ((uint64_t)t->view_mask >> t->layers)
      return fail(p, "the view mask names layers the texture does not have", w[1]);
   return true;
}

/* blit SRC DST X0,Y0,X1,Y1 X0,Y0,X1,Y1 [filter=F] [src_sub=L,A] [dst_sub=L,A] */
static bool
parse_blit(struct parser *p, char **w, int n)
{
   struct gfx_command *c = new_command(p, GFX_CMD_BLIT);
   int32_t box[2][4];
   if (!c || n < 5 || !find_image(p, w[1], &c->src) || !find_image(p, w[2], &c->dst))
      return fail(p, "blit SRC DST X0,Y0,X1,Y1 X0,Y0,X1,Y1 [filter=F] [src_sub=L,A] "
                  "[dst_sub=L,A]", NULL);
   for (int b = 0; b < 2; b++) {
      if (!parse_u32s(p, w[3 + b], (uint32_t *)box[b], 4))
         return false;
   }
   c->blit = (VkImageBlit){
      .srcSubresource = { image_aspect(p, c->src), 0, 0, 1 },
      .srcOffsets = { { box[0][0], box[0][1], 0 }, { box[0][2], box[0][3], 1 } },
      .dstSubresource = { image_aspect(p, c->dst), 0, 0, 1 },
      .dstOffsets = { { box[1][0], box[1][1], 0 }, { box[1][2], box[1][3], 1 } } };
   c->filter = VK_FILTER_NEAREST;
   for (int i = 5; i < n; i++) {
      const char *v;
      int e;
      if ((v = option(w[i], "filter")) && lookup(p, filters, v, &e))
         c->filter = (VkFilter)e;
      else if ((v = option(w[i], "src_sub")) &&
               parse_subresource(p, v, c->src, &c->blit.srcSubresource))
         continue;
      else if ((v = option(w[i], "dst_sub")) &&
               parse_subresource(p, v, c->dst, &c->blit.dstSubresource))
         continue;
      else
         return fail(p, "unknown blit option", w[i]);
   }
   return true;
}

/* copy_image SRC DST SX,SY DX,DY W,H [src_sub=L,A] [dst_sub=L,A] */
static bool
parse_copy_image(struct parser *p, char **w, int n)
{
   struct gfx_command *c = new_command(p, GFX_CMD_COPY_IMAGE);
   uint32_t src[2], dst[2], size[2];
   if (!c || n < 6 || !find_image(p, w[1], &c->src) || !find_image(p, w[2], &c->dst) ||
       !parse_u32s(p, w[3], src, 2) || !parse_u32s(p, w[4], dst, 2) ||
       !parse_u32s(p, w[5], size, 2))
      return fail(p, "copy_image SRC DST SX,SY DX,DY W,H [src_sub=L,A] [dst_sub=L,A]", NULL);
   c->copy = (VkImageCopy){
      .srcSubresource = { image_aspect(p, c->src), 0, 0, 1 },
      .srcOffset = { (int32_t)src[0], (int32_t)src[1], 0 },
      .dstSubresource = { image_aspect(p, c->dst), 0, 0, 1 },
      .dstOffset = { (int32_t)dst[0], (int32_t)dst[1], 0 },
      .extent = { size[0], size[1], 1 } };
   for (int i = 6; i < n; i++) {
      const char *v;
      if ((v = option(w[i], "src_sub")) &&
          parse_subresource(p, v, c->src, &c->copy.srcSubresource))
         continue;
      if ((v = option(w[i], "dst_sub")) &&
          parse_subresource(p, v, c->dst, &c->copy.dstSubresource))
         continue;
      return fail(p, "unknown copy_image option", w[i]);
   }
   return true;
}

/* copy_to_buffer IMAGE BUFFER OFFSET X,Y,W,H [sub=L,A] [row_length=R] [image_height=H]
 * copy_from_buffer BUFFER IMAGE OFFSET X,Y,W,H [...] */
static bool
parse_buffer_copy(struct parser *p, char **w, int n)
{
   bool to_buffer = !strcmp(w[0], "copy_to_buffer");
   struct gfx_command *c = new_command(p, to_buffer ? GFX_CMD_COPY_TO_BUFFER
                                                    : GFX_CMD_COPY_FROM_BUFFER);
   uint32_t offset, box[4];
   int *image = to_buffer ? &c->src : &c->dst;
   if (!c || n < 5 || !find_image(p, w[to_buffer ? 1 : 2], image) ||
       (c->buffer = find_buffer(p, w[to_buffer ? 2 : 1])) < 0 || !parse_u32(p, w[3], &offset) ||
       !parse_u32s(p, w[4], box, 4))
      return fail(p, "copy_to_buffer IMAGE BUFFER OFFSET X,Y,W,H / copy_from_buffer BUFFER "
                  "IMAGE OFFSET X,Y,W,H [sub=L,A] [row_length=R] [image_height=H]", NULL);
   VkBufferImageCopy *r = &c->buffer_copy;
   *r = (VkBufferImageCopy){
      .bufferOffset = offset, .imageSubresource = { image_aspect(p, *image), 0, 0, 1 },
      .imageOffset = { (int32_t)box[0], (int32_t)box[1], 0 },
      .imageExtent = { box[2], box[3], 1 } };
   for (int i = 5; i < n; i++) {
      const char *v;
      if ((v = option(w[i], "sub")) && parse_subresource(p, v, *image, &r->imageSubresource))
         continue;
      if ((v = option(w[i], "row_length")) && parse_u32(p, v, &r->bufferRowLength))
         continue;
      if ((v = option(w[i], "image_height")) && parse_u32(p, v, &r->bufferImageHeight))
         continue;
      return fail(p, "unknown buffer copy option", w[i]);
   }
   return true;
}

/* clear_image IMAGE VALUES [sub=L,A] (vkCmdClearColorImage) */
static bool
parse_clear_image(struct parser *p, char **w, int n)
{
   struct gfx_command *c = new_command(p, GFX_CMD_CLEAR_IMAGE);
   VkImageSubresourceLayers sub = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 };
   const char *v;
   if (!c || n < 3 || n > 4 || !find_image(p, w[1], &c->dst) ||
       image_aspect(p, c->dst) != VK_IMAGE_ASPECT_COLOR_BIT ||
       (n == 4 && (!(v = option(w[3], "sub")) || !parse_subresource(p, v, c->dst, &sub))))
      return fail(p, "clear_image IMAGE VALUES [sub=L,A]: a colour image", NULL);
   c->range = (VkImageSubresourceRange){ sub.aspectMask, sub.mipLevel, 1, sub.baseArrayLayer,
                                         1 };
   const struct gfx_format *f = c->dst >= 0 ? p->spec->textures[c->dst].format
                                            : p->spec->targets[GFX_IMAGE_TARGET(c->dst)].format;
   return gfx_format_is_integer(f) ? parse_u32s(p, w[2], c->clear.color.uint32, 4)
                               : parse_floats(p, w[2], c->clear.color.float32, 4);
}

/* resolve_image SRC DST: vkCmdResolveImage of a multisampled colour target
 * into a single-sampled image of its format and size, the whole image. */
static bool
parse_resolve_image(struct parser *p, char **w, int n)
{
   struct gfx_command *c = new_command(p, GFX_CMD_RESOLVE_IMAGE);
   if (!c || n != 3 || !find_image(p, w[1], &c->src) || !find_image(p, w[2], &c->dst) ||
       c->src >= 0)
      return fail(p, "resolve_image SRC DST: SRC a multisampled colour target", NULL);
   const struct gfx_target *src = &p->spec->targets[GFX_IMAGE_TARGET(c->src)];
   c->resolve = (VkImageResolve){
      .srcSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
      .dstSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
      .extent = { src->width, src->height, 1 } };
   return true;
}

static bool
parse_resource_or_transfer(struct parser *p, char **w, int n, bool *matched)
{
   static const struct {
      const char *name;
      bool (*parse)(struct parser *, char **, int);
   } statements[] = {
      { "texture", parse_texture }, { "sampler", parse_sampler }, { "pass", parse_pass },
      { "blit", parse_blit }, { "copy_image", parse_copy_image },
      { "copy_to_buffer", parse_buffer_copy }, { "copy_from_buffer", parse_buffer_copy },
      { "clear_image", parse_clear_image }, { "resolve_image", parse_resolve_image },
   };
   for (size_t i = 0; i < sizeof(statements) / sizeof(statements[0]); i++) {
      if (!strcmp(w[0], statements[i].name)) {
         *matched = true;
         return statements[i].parse(p, w, n);
      }
   }
   *matched = false;
   return true;
}

static bool
parse_line(struct parser *p, char **w, int n)
{
   bool matched;
   struct gfx_spec *s = p->spec;
   if (is_data_type(w[0]))
      return parse_data(p, w, n);
   if (!strcmp(w[0], "buffer"))
      return parse_buffer(p, w, n);
   if (!strcmp(w[0], "target"))
      return parse_target(p, w, n);
   if (!strcmp(w[0], "depth"))
      return parse_depth(p, w, n);
   if (!strcmp(w[0], "feature")) {
      for (int i = 1; i < n; i++) {
         if (s->feature_count == GFX_MAX_FEATURES)
            return fail(p, "too many features", NULL);
         snprintf(s->features[s->feature_count++], sizeof(s->features[0]), "%s", w[i]);
      }
      return true;
   }
   /* For the harness only (graphics_vs_lavapipe.py). */
   if (!strcmp(w[0], "tolerance") || !strcmp(w[0], "unsupported") ||
       !strcmp(w[0], "xfb_fan_rotation"))
      return true;
   if (parse_shader(p, w, n))
      return true;
   if (!parse_resource_or_transfer(p, w, n, &matched))
      return false;
   if (matched)
      return true;
   if (!parse_state(p, w, n, &matched))
      return false;
   if (matched)
      return true;
   if (!parse_draw(p, w, n, &matched))
      return false;
   if (matched)
      return true;
   if (!strcmp(w[0], "viewport") || !strcmp(w[0], "scissor"))
      return parse_viewport_scissor(p, w, n);
   if (!strcmp(w[0], "push"))
      return parse_push(p, w, n);
   if (!strcmp(w[0], "index"))
      return parse_index(p, w, n);
   if (!strcmp(w[0], "clear_color") || !strcmp(w[0], "clear_depth"))
      return parse_clear(p, w, n);
   if (!strcmp(w[0], "xfb_begin") || !strcmp(w[0], "xfb_end"))
      return parse_xfb(p, w, n);
   return fail(p, "unknown statement", w[0]);
}

/* A resolve names a single-sampled target of the multisampled source's
 * format and size (vkCmdResolveImage and resolve attachments: Vulkan
 * "Render Pass", VUID-VkSubpassDescription-pResolveAttachments-00848..),
 * which is then no colour attachment of its own but part of the source's
 * pass. */
static bool
check_resolve(struct parser *p, uint32_t t)
{
   struct gfx_target *targets = p->spec->targets;
   int d = targets[t].resolve;
   if (d < 0)
      return true;
   if ((uint32_t)d >= p->spec->target_count || targets[t].samples == VK_SAMPLE_COUNT_1_BIT ||
       targets[d].samples != VK_SAMPLE_COUNT_1_BIT || targets[d].resolve_source >= 0 ||
       targets[d].resolve >= 0 || targets[d].format != targets[t].format ||
       targets[d].width != targets[t].width || targets[d].height != targets[t].height)
      return fail(p, "resolve=M: a multisampled target into a single-sampled one of its "
                  "format and size, each resolved into once", NULL);
   targets[d].resolve_source = (int)t;
   targets[d].pass = targets[t].pass;
   return true;
}

/* Multisampled images are optimal-tiled: no transfer but a resolve reads
 * them, and the host reads them only through what they resolve into. */
static bool
check_multisampling(struct parser *p)
{
   struct gfx_spec *s = p->spec;
   for (uint32_t t = 0; t < s->target_count; t++) {
      if (!check_resolve(p, t))
         return false;
      if (s->targets[t].binding >= 0 && s->targets[t].samples == VK_SAMPLE_COUNT_1_BIT)
         return fail(p, "binding=B: a multisampled target (sampler2DMS)", NULL);
      for (uint32_t i = 0; s->targets[t].binding >= 0 && i < s->buffer_count; i++) {
         if (s->buffers[i].storage_binding == s->targets[t].binding)
            return fail(p, "target binding taken by a storage buffer", NULL);
      }
      for (uint32_t i = 0; s->targets[t].binding >= 0 && i < s->texture_count; i++) {
         if (s->textures[i].binding == s->targets[t].binding)
            return fail(p, "target binding taken by a texture", NULL);
      }
   }
   for (uint32_t i = 0; i < s->command_count; i++) {
      const struct gfx_command *c = &s->commands[i];
      if (!GFX_CMD_IS_TRANSFER(c->kind))
         continue;
      bool ms_src = c->src < -1 &&
                    s->targets[GFX_IMAGE_TARGET(c->src)].samples != VK_SAMPLE_COUNT_1_BIT;
      bool ms_dst = c->dst < -1 &&
                    s->targets[GFX_IMAGE_TARGET(c->dst)].samples != VK_SAMPLE_COUNT_1_BIT;
      bool resolve = c->kind == GFX_CMD_RESOLVE_IMAGE;
      if (ms_dst || ms_src != resolve)
         return fail(p, "a multisampled target is read by resolve_image only, which reads "
                     "nothing else", NULL);
   }
   return true;
}

static void
default_state(struct gfx_pipeline *s)
{
   memset(s, 0, sizeof(*s));
   s->topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
   s->raster = (VkPipelineRasterizationStateCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .polygonMode = VK_POLYGON_MODE_FILL, .cullMode = VK_CULL_MODE_NONE,
      .frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE, .lineWidth = 1.0f };
   s->texture_pass = -1;
   s->sample_mask = ~0u;
   s->depth = (VkPipelineDepthStencilStateCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
      .depthCompareOp = VK_COMPARE_OP_ALWAYS, .maxDepthBounds = 1.0f };
   for (int i = 0; i < GFX_MAX_TARGETS; i++) {
      s->blend[i] = (VkPipelineColorBlendAttachmentState){
         .srcColorBlendFactor = VK_BLEND_FACTOR_ONE, .dstColorBlendFactor = VK_BLEND_FACTOR_ZERO,
         .colorBlendOp = VK_BLEND_OP_ADD, .srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE,
         .dstAlphaBlendFactor = VK_BLEND_FACTOR_ZERO, .alphaBlendOp = VK_BLEND_OP_ADD,
         .colorWriteMask = 0xf };
   }
}

bool
gfx_spec_parse(const char *path, struct gfx_spec *spec)
{
   FILE *f = fopen(path, "r");
   if (!f) {
      fprintf(stderr, "%s: %s\n", path, strerror(errno));
      return false;
   }
   memset(spec, 0, sizeof(*spec));
   struct parser p = { .path = path, .spec = spec, .data_buffer = -1 };
   default_state(&p.state);
   char line[4096];
   bool ok = true;
   while (ok && fgets(line, sizeof(line), f)) {
      p.line++;
      char *hash = strchr(line, '#');
      if (hash)
         *hash = '\0';
      char *w[MAX_WORDS], *save = NULL;
      int n = 0;
      for (char *t = strtok_r(line, " \t\r\n", &save); t; t = strtok_r(NULL, " \t\r\n", &save)) {
         if (n == MAX_WORDS) {
            ok = fail(&p, "more than 80 words on a line", NULL);
            break;
         }
         w[n++] = t;
      }
      if (ok && n)
         ok = parse_line(&p, w, n);
   }
   fclose(f);
   if (ok && !spec->target_count)
      ok = fail(&p, "a program needs a target", NULL);
   /* A program of transfers alone draws nothing and needs no shader. */
   if (ok && spec->pipeline_count && !spec->shaders[GFX_VERT][0])
      ok = fail(&p, "a program that draws needs a vertex shader", NULL);
   if (ok && !spec->pipeline_count && !spec->texture_count)
      ok = fail(&p, "a program needs a draw or a texture", NULL);
   if (ok)
      ok = check_multisampling(&p);
   if (!ok)
      gfx_spec_free(spec);
   return ok;
}

void
gfx_spec_free(struct gfx_spec *spec)
{
   for (uint32_t i = 0; i < spec->buffer_count; i++) {
      free(spec->buffers[i].data);
      spec->buffers[i].data = NULL;
   }
}

/* Interned types: equality is pointer equality, so passes compare types
 * with == and the printer never needs a structural walk. */
#include <string.h>

#include "ir.h"
#include "ir_private.h"

struct ir_type_table {
   const struct ir_type **types;
   uint32_t num, cap;
};

static bool
type_equal(const struct ir_type *a, const struct ir_type *b)
{
   if (a->kind != b->kind || a->bits != b->bits || a->comps != b->comps ||
       a->elem != b->elem || a->length != b->length || a->stride != b->stride ||
       a->num_members != b->num_members || a->storage != b->storage ||
       a->pointee != b->pointee || a->size != b->size || a->dim != b->dim ||
       a->arrayed != b->arrayed || a->ms != b->ms || a->shadow != b->shadow ||
       a->storage_image != b->storage_image || a->format != b->format)
      return false;
   for (uint32_t i = 0; i < a->num_members; i++) {
      if (a->members[i] != b->members[i] || a->offsets[i] != b->offsets[i])
         return false;
   }
   return true;
}

/* Linear search is fine: shaders have tens of distinct types. */
static const struct ir_type *
intern(struct ir_shader *s, const struct ir_type *key)
{
   struct ir_type_table *t = s->types;
   for (uint32_t i = 0; i < t->num; i++) {
      if (type_equal(t->types[i], key))
         return t->types[i];
   }
   if (t->num == t->cap) {
      uint32_t cap = t->cap ? t->cap * 2 : 32;
      const struct ir_type **n = ir_alloc(s->arena, cap * sizeof(*n));
      if (t->num)
         memcpy(n, t->types, t->num * sizeof(*n));
      t->types = n;
      t->cap = cap;
   }
   struct ir_type *copy = ir_alloc(s->arena, sizeof(*copy));
   *copy = *key;
   if (key->num_members) {
      const struct ir_type **m = ir_alloc(s->arena, key->num_members * sizeof(*m));
      uint32_t *o = ir_alloc(s->arena, key->num_members * sizeof(*o));
      memcpy(m, key->members, key->num_members * sizeof(*m));
      memcpy(o, key->offsets, key->num_members * sizeof(*o));
      copy->members = m;
      copy->offsets = o;
   }
   t->types[t->num++] = copy;
   return copy;
}

struct ir_type_table *
ir_type_table_create(struct ir_shader *s)
{
   return ir_alloc(s->arena, sizeof(struct ir_type_table));
}

static const struct ir_type *
value_type(struct ir_shader *s, enum ir_type_kind kind, unsigned bits, unsigned comps)
{
   /* Vectors align like the scalar layout (VK_EXT_scalar_block_layout); the
    * front end passes explicit offsets whenever the module declares them. */
   unsigned bytes = kind == IR_TYPE_BOOL ? 4 : bits / 8;
   struct ir_type key = { .kind = kind, .bits = bits, .comps = comps,
                          .size = bytes * comps, .align = bytes };
   return intern(s, &key);
}

const struct ir_type *
ir_type_void(struct ir_shader *s)
{
   struct ir_type key = { .kind = IR_TYPE_VOID };
   return intern(s, &key);
}

const struct ir_type *
ir_type_bool(struct ir_shader *s, unsigned comps)
{
   return value_type(s, IR_TYPE_BOOL, 1, comps);
}

const struct ir_type *
ir_type_int(struct ir_shader *s, unsigned bits, unsigned comps)
{
   return value_type(s, IR_TYPE_INT, bits, comps);
}

const struct ir_type *
ir_type_float(struct ir_shader *s, unsigned bits, unsigned comps)
{
   return value_type(s, IR_TYPE_FLOAT, bits, comps);
}

const struct ir_type *
ir_type_vector(struct ir_shader *s, const struct ir_type *scalar, unsigned comps)
{
   return value_type(s, scalar->kind, scalar->bits, comps);
}

const struct ir_type *
ir_type_scalar(struct ir_shader *s, const struct ir_type *t)
{
   return value_type(s, t->kind, t->bits, 1);
}

static uint32_t
align_to(uint32_t v, uint32_t a)
{
   return a ? (v + a - 1) / a * a : v;
}

const struct ir_type *
ir_type_array(struct ir_shader *s, const struct ir_type *elem, uint32_t length,
              uint32_t stride)
{
   if (!stride)
      stride = align_to(elem->size, elem->align);
   struct ir_type key = { .kind = IR_TYPE_ARRAY, .elem = elem, .length = length,
                          .stride = stride, .size = stride * length,
                          .align = elem->align };
   return intern(s, &key);
}

const struct ir_type *
ir_type_struct(struct ir_shader *s, unsigned n, const struct ir_type *const *members,
               const uint32_t *offsets)
{
   uint32_t *natural = ir_alloc(s->arena, (n ? n : 1) * sizeof(*natural));
   uint32_t size = 0, align = 1;
   for (unsigned i = 0; i < n; i++) {
      uint32_t off = offsets ? offsets[i] : align_to(size, members[i]->align);
      natural[i] = off;
      if (off + members[i]->size > size)
         size = off + members[i]->size;
      if (members[i]->align > align)
         align = members[i]->align;
   }
   struct ir_type key = { .kind = IR_TYPE_STRUCT, .num_members = n,
                          .members = (const struct ir_type **)members,
                          .offsets = natural, .size = align_to(size, align),
                          .align = align };
   return intern(s, &key);
}

const struct ir_type *
ir_type_ptr(struct ir_shader *s, enum ir_storage storage, const struct ir_type *pointee)
{
   struct ir_type key = { .kind = IR_TYPE_PTR, .comps = 1, .storage = storage, .pointee = pointee,
                          .size = 8, .align = 8 };
   return intern(s, &key);
}

/* Descriptors have no byte layout of their own; 8 bytes keeps arrays of
 * them (bindless tables) indexable like any array. */
const struct ir_type *
ir_type_image(struct ir_shader *s, enum ir_type_kind kind, const struct ir_type *image)
{
   struct ir_type key = { .kind = kind, .comps = 1, .size = 8, .align = 8,
                          .elem = image->elem, .dim = image->dim,
                          .arrayed = image->arrayed, .ms = image->ms,
                          .shadow = image->shadow, .storage_image = image->storage_image,
                          .format = image->format };
   return intern(s, &key);
}

const struct ir_type *
ir_type_sampler(struct ir_shader *s)
{
   struct ir_type key = { .kind = IR_TYPE_SAMPLER, .comps = 1, .size = 8, .align = 8 };
   return intern(s, &key);
}

unsigned
ir_image_coord_comps(enum ir_image_dim dim)
{
   static const uint8_t n[] = { [IR_DIM_1d] = 1, [IR_DIM_2d] = 2, [IR_DIM_3d] = 3,
                                [IR_DIM_cube] = 3, [IR_DIM_rect] = 2, [IR_DIM_buffer] = 1,
                                [IR_DIM_subpass] = 2 };
   return n[dim];
}

bool
ir_type_is_value(const struct ir_type *t)
{
   return t->kind == IR_TYPE_BOOL || t->kind == IR_TYPE_INT || t->kind == IR_TYPE_FLOAT;
}

static const char *const storage_names[IR_STORAGE_COUNT] = {
   [IR_STORAGE_FUNCTION] = "function", [IR_STORAGE_PRIVATE] = "private",
   [IR_STORAGE_WORKGROUP] = "shared", [IR_STORAGE_UBO] = "ubo",
   [IR_STORAGE_SSBO] = "ssbo", [IR_STORAGE_PUSH_CONSTANT] = "push",
   [IR_STORAGE_PHYSICAL] = "global", [IR_STORAGE_INPUT] = "in",
   [IR_STORAGE_OUTPUT] = "out", [IR_STORAGE_DESCRIPTOR] = "descriptor",
   [IR_STORAGE_TEXEL] = "texel",
};

const char *
ir_storage_name(enum ir_storage st)
{
   return storage_names[st];
}

void
ir_type_print(FILE *f, const struct ir_type *t)
{
   static const char kind_char[] = { [IR_TYPE_INT] = 'i', [IR_TYPE_FLOAT] = 'f' };
   switch (t->kind) {
   case IR_TYPE_VOID:
      fputs("void", f);
      return;
   case IR_TYPE_BOOL:
      fputs("bool", f);
      break;
   case IR_TYPE_INT:
   case IR_TYPE_FLOAT:
      fprintf(f, "%c%u", kind_char[t->kind], t->bits);
      break;
   case IR_TYPE_ARRAY:
      fputc('[', f);
      ir_type_print(f, t->elem);
      fprintf(f, "; %u stride %u]", t->length, t->stride);
      return;
   case IR_TYPE_STRUCT:
      fputs("{", f);
      for (uint32_t i = 0; i < t->num_members; i++) {
         fprintf(f, "%s@%u ", i ? "," : "", t->offsets[i]);
         ir_type_print(f, t->members[i]);
      }
      fputs("}", f);
      return;
   case IR_TYPE_PTR:
      fprintf(f, "ptr<%s, ", ir_storage_name(t->storage));
      ir_type_print(f, t->pointee);
      fputc('>', f);
      return;
   case IR_TYPE_SAMPLER:
      fputs("sampler", f);
      return;
   case IR_TYPE_IMAGE:
   case IR_TYPE_SAMPLED_IMAGE: {
      static const char *const dims[] = {
#define IR_X(n) #n,
         IR_IMAGE_DIMS(IR_X)
#undef IR_X
      };
      fprintf(f, "%s<%s%s%s%s, ", t->kind == IR_TYPE_IMAGE ? "image" : "sampled_image",
              dims[t->dim], t->arrayed ? " array" : "", t->ms ? " ms" : "",
              t->shadow ? " shadow" : "");
      ir_type_print(f, t->elem);
      if (t->storage_image)
         fprintf(f, ", storage format %u", t->format);
      fputc('>', f);
      return;
   }
   }
   if (t->comps > 1)
      fprintf(f, "x%u", t->comps);
}

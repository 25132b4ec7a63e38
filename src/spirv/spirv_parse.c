/* Module level of the SPIR-V front end: header, capabilities, decorations,
 * types, constants and specialisation, global variables, entry point.
 * Function bodies are translated by spirv_function.c.
 *
 * Every read of the word stream is bounds-checked and every id is checked
 * against the header's bound, so a malformed module ends in spirv_fail()
 * (a longjmp back to spirv_to_ir) with the offending word offset. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "spirv_private.h"
#include "spirv_tables.h"

#define MAX_BOUND (1u << 22)   /* ids; bounds the id table's memory */
#define MAX_WORDS (1u << 30)   /* function offsets are 32-bit */

void
spirv_fail(struct spirv_ctx *c, const char *fmt, ...)
{
   if (c->err_size) {
      const struct spirv_op_info *info = NULL;
      if (c->pos >= 5 && c->pos < c->num_words)
         info = spirv_op_info(c->words[c->pos] & 0xffff);
      int n = snprintf(c->err, c->err_size, "spirv: word %zu (%s): ", c->pos,
                       info ? info->name : c->pos < 5 ? "header" : "?");
      if (n >= 0 && (size_t)n < c->err_size) {
         va_list ap;
         va_start(ap, fmt);
         vsnprintf(c->err + n, c->err_size - n, fmt, ap);
         va_end(ap);
      }
   }
   longjmp(c->fail, 1);
}

const uint32_t *
spirv_operands(struct spirv_ctx *c, uint32_t *count)
{
   *count = (c->words[c->pos] >> 16) - 1;
   return c->words + c->pos + 1;
}

struct spirv_id *
spirv_id(struct spirv_ctx *c, uint32_t id)
{
   if (!id || id >= c->bound)
      spirv_fail(c, "id %u is outside the bound %u", id, c->bound);
   return &c->ids[id];
}

struct stype *
spirv_get_type(struct spirv_ctx *c, uint32_t id)
{
   struct spirv_id *d = spirv_id(c, id);
   if (d->kind != ID_TYPE)
      spirv_fail(c, "id %u is not a type", id);
   return d->type;
}

/* Literal strings are nul-terminated within the instruction. */
static const char *
literal_string(struct spirv_ctx *c, const uint32_t *w, uint32_t n)
{
   const char *s = (const char *)w;
   if (!n || !memchr(s, 0, (size_t)n * 4))
      spirv_fail(c, "literal string is not terminated");
   return s;
}

/* ------------------------------------------------------------------ types */

const struct ir_type *
spirv_value_type(struct spirv_ctx *c, struct stype *t)
{
   if (!t)
      spirv_fail(c, "pointer to an undefined type");
   switch (t->kind) {
   case ST_BOOL: return ir_type_bool(c->s, 1);
   case ST_INT: return ir_type_int(c->s, t->bits, 1);
   case ST_FLOAT: return ir_type_float(c->s, t->bits, 1);
   case ST_VECTOR: return ir_type_vector(c->s, spirv_value_type(c, t->elem), t->len);
   default: spirv_fail(c, "type %u is not a scalar or vector", t->id);
   }
}

static struct member_deco *
member_deco(struct stype *t, struct spirv_ctx *c, uint32_t m)
{
   for (struct member_deco *d = c->ids[t->id].deco.members; d; d = d->next)
      if (d->member == m)
         return d;
   return NULL;
}

/* Memory layout: explicit where the module decorates it (Offset,
 * ArrayStride, MatrixStride), natural otherwise. */
const struct ir_type *
spirv_mem_type(struct spirv_ctx *c, struct stype *t, uint32_t matrix_stride)
{
   if (!t)   /* the pointee of an OpTypeForwardPointer never defined */
      spirv_fail(c, "pointer to an undefined type");
   switch (t->kind) {
   case ST_BOOL: case ST_INT: case ST_FLOAT: case ST_VECTOR:
      return spirv_value_type(c, t);
   case ST_MATRIX:
      return ir_type_array(c->s, spirv_value_type(c, t->elem), t->len, matrix_stride);
   case ST_ARRAY:
   case ST_RTARRAY:
      return ir_type_array(c->s, spirv_mem_type(c, t->elem, 0),
                           t->kind == ST_ARRAY ? t->len : 0, c->ids[t->id].deco.array_stride);
   case ST_IMAGE: case ST_SAMPLER: case ST_SAMPLED_IMAGE:
      return t->desc;
   case ST_PTR:
      /* a physical storage buffer pointer is stored as its 64-bit address */
      if (t->storage != SpvStorageClassPhysicalStorageBuffer)
         spirv_fail(c, "unsupported: pointer of storage class %u in memory", t->storage);
      return ir_type_int(c->s, 64, 1);
   case ST_STRUCT: {
      const struct ir_type **m = ir_alloc(c->arena, (t->num_members + 1) * sizeof(*m));
      uint32_t *off = ir_alloc(c->arena, (t->num_members + 1) * sizeof(*off));
      bool explicit = t->num_members > 0;
      for (uint32_t i = 0; i < t->num_members; i++) {
         struct member_deco *d = member_deco(t, c, i);
         if (d && d->row_major && t->members[i]->kind == ST_MATRIX)
            spirv_fail(c, "unsupported: RowMajor matrix in struct %u", t->id);
         m[i] = spirv_mem_type(c, t->members[i], d ? d->matrix_stride : 0);
         explicit &= d && d->offset != UINT32_MAX;
         off[i] = d ? d->offset : 0;
      }
      return ir_type_struct(c->s, t->num_members, m, explicit ? off : NULL);
   }
   default:
      spirv_fail(c, "unsupported: type %u in memory", t->id);
   }
}

static struct stype *
new_type(struct spirv_ctx *c, uint32_t id, enum stype_kind kind)
{
   struct spirv_id *d = spirv_id(c, id);
   if (d->kind != ID_NONE)
      spirv_fail(c, "id %u defined twice", id);
   struct stype *t = ir_alloc(c->arena, sizeof(*t));
   t->kind = kind;
   t->id = id;
   d->kind = ID_TYPE;
   d->type = t;
   return t;
}

static uint64_t const_scalar(struct spirv_ctx *c, uint32_t id);

/* OpTypeImage (SPIR-V 3.32.6): Dim numbers are the IR's; Sampled 2 is a
 * storage image (or input attachment), Depth 1 a shadow image. */
static void
image_type(struct spirv_ctx *c, const uint32_t *w, uint32_t n)
{
   need(c, n, 8);
   struct stype *st = spirv_get_type(c, w[1]);
   if (st->kind != ST_INT && st->kind != ST_FLOAT && st->kind != ST_VOID)
      spirv_fail(c, "image sampled type is not a scalar");
   if (w[2] > SpvDimSubpassData || w[4] > 1 || w[5] > 1 || w[6] > 2 || w[3] > 2)
      spirv_fail(c, "invalid image type operands");
   struct stype *t = new_type(c, w[0], ST_IMAGE);
   t->elem = st;
   struct ir_type key = {
      .elem = st->kind == ST_VOID ? ir_type_float(c->s, 32, 1) : spirv_value_type(c, st),
      .dim = (uint8_t)w[2], .shadow = w[3] == 1, .arrayed = w[4], .ms = w[5],
      .storage_image = w[6] == 2, .format = w[7],
   };
   t->desc = ir_type_image(c->s, IR_TYPE_IMAGE, &key);
}

static void
parse_type(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n)
{
   need(c, n, 1);
   /* Element and member types are resolved before the new id is defined,
    * so a type that contains itself is "not a type" instead of an endless
    * recursion later (SPIR-V 2.4: types are declared before use). */
   struct stype *t, *elem;
   switch (op) {
   case SpvOpTypeVoid: new_type(c, w[0], ST_VOID); break;
   case SpvOpTypeBool: new_type(c, w[0], ST_BOOL); break;
   case SpvOpTypeInt:
      need(c, n, 3);
      if (w[1] != 8 && w[1] != 16 && w[1] != 32 && w[1] != 64)
         spirv_fail(c, "integer width %u", w[1]);
      t = new_type(c, w[0], ST_INT);
      t->bits = w[1];
      t->is_signed = w[2];
      break;
   case SpvOpTypeFloat:
      need(c, n, 2);
      if (w[1] != 16 && w[1] != 32 && w[1] != 64)
         spirv_fail(c, "float width %u", w[1]);
      t = new_type(c, w[0], ST_FLOAT);
      t->bits = w[1];
      break;
   case SpvOpTypeVector:
   case SpvOpTypeMatrix: {
      need(c, n, 3);
      struct stype *e = spirv_get_type(c, w[1]);
      bool vec = op == SpvOpTypeVector;
      if ((vec && e->kind != ST_BOOL && e->kind != ST_INT && e->kind != ST_FLOAT) ||
          (!vec && e->kind != ST_VECTOR) || w[2] < 2 || w[2] > (vec ? IR_MAX_COMPS : 4))
         spirv_fail(c, "invalid %s", vec ? "vector" : "matrix");
      t = new_type(c, w[0], vec ? ST_VECTOR : ST_MATRIX);
      t->elem = e;
      t->len = w[2];
      t->bits = e->bits;
      break;
   }
   case SpvOpTypeArray:
      need(c, n, 3);
      elem = spirv_get_type(c, w[1]);
      t = new_type(c, w[0], ST_ARRAY);
      t->elem = elem;
      {
         uint64_t len = const_scalar(c, w[2]);
         if (!len || len > (1u << 24))
            spirv_fail(c, "array length %llu", (unsigned long long)len);
         t->len = (uint32_t)len;
      }
      break;
   case SpvOpTypeRuntimeArray:
      need(c, n, 2);
      elem = spirv_get_type(c, w[1]);
      t = new_type(c, w[0], ST_RTARRAY);
      t->elem = elem;
      break;
   case SpvOpTypeStruct: {
      struct stype **members = ir_alloc(c->arena, n * sizeof(*members));
      for (uint32_t i = 1; i < n; i++)
         members[i - 1] = spirv_get_type(c, w[i]);
      t = new_type(c, w[0], ST_STRUCT);
      t->num_members = n - 1;
      t->members = members;
      break;
   }
   case SpvOpTypePointer:
      need(c, n, 3);
      if (c->ids[w[0]].kind == ID_TYPE && c->ids[w[0]].type->kind == ST_PTR) {
         t = c->ids[w[0]].type;   /* completes an OpTypeForwardPointer */
      } else {
         t = new_type(c, w[0], ST_PTR);
      }
      t->storage = w[1];
      t->pointee = spirv_get_type(c, w[2]);
      break;
   case SpvOpTypeForwardPointer:
      need(c, n, 2);
      new_type(c, w[0], ST_PTR)->storage = w[1];
      break;
   case SpvOpTypeFunction:
      need(c, n, 2);
      t = new_type(c, w[0], ST_FUNCTION);
      t->elem = spirv_get_type(c, w[1]);
      break;
   case SpvOpTypeImage:
      image_type(c, w, n);
      break;
   case SpvOpTypeSampler:
      new_type(c, w[0], ST_SAMPLER)->desc = ir_type_sampler(c->s);
      break;
   case SpvOpTypeSampledImage: {
      need(c, n, 2);
      struct stype *img = spirv_get_type(c, w[1]);
      if (img->kind != ST_IMAGE || img->desc->dim == IR_DIM_subpass)
         spirv_fail(c, "sampled image of a non-sampleable image type");
      t = new_type(c, w[0], ST_SAMPLED_IMAGE);
      t->elem = img;
      t->desc = ir_type_image(c->s, IR_TYPE_SAMPLED_IMAGE, img->desc);
      break;
   }
   default:
      new_type(c, w[0], ST_OPAQUE);
      break;
   }
}

/* ------------------------------------------------------------------ constants */

static struct sconst *
new_const(struct spirv_ctx *c, uint32_t type_id, uint32_t id)
{
   struct spirv_id *d = spirv_id(c, id);
   if (d->kind != ID_NONE)
      spirv_fail(c, "id %u defined twice", id);
   struct sconst *k = ir_alloc(c->arena, sizeof(*k));
   k->type = spirv_get_type(c, type_id);
   d->kind = ID_CONST;
   d->type = k->type;
   d->c = k;
   return k;
}

static struct sconst *
get_const(struct spirv_ctx *c, uint32_t id)
{
   struct spirv_id *d = spirv_id(c, id);
   if (d->kind != ID_CONST)
      spirv_fail(c, "id %u is not a constant", id);
   return d->c;
}

static uint64_t
const_scalar_any(struct spirv_ctx *c, uint32_t id)
{
   struct sconst *k = get_const(c, id);
   if (k->type->kind != ST_INT && k->type->kind != ST_BOOL && k->type->kind != ST_FLOAT)
      spirv_fail(c, "constant %u is not a scalar", id);
   return k->v[0];
}

static uint64_t
const_scalar(struct spirv_ctx *c, uint32_t id)
{
   struct sconst *k = get_const(c, id);
   if (k->type->kind != ST_INT && k->type->kind != ST_BOOL)
      spirv_fail(c, "constant %u is not an integer", id);
   return k->v[0];
}

static struct sconst *
null_const(struct spirv_ctx *c, struct stype *t)
{
   struct sconst *k = ir_alloc(c->arena, sizeof(*k));
   k->type = t;
   if (is_value(t))
      return k;
   if (t->kind != ST_STRUCT && t->kind != ST_ARRAY && t->kind != ST_MATRIX)
      spirv_fail(c, "unsupported: null constant of type %u", t->id);
   spend_elems(c, num_elems(t));
   k->elems = ir_alloc(c->arena, (num_elems(t) + 1) * sizeof(*k->elems));
   for (uint32_t i = 0; i < num_elems(t); i++)
      k->elems[i] = null_const(c, elem_type(t, i));
   return k;
}

static const struct spirv_spec_value *
spec_override(struct spirv_ctx *c, uint32_t id)
{
   const struct deco *d = &c->ids[id].deco;
   if (!d->has_spec_id || !c->opt)
      return NULL;
   for (unsigned i = 0; i < c->opt->num_spec; i++)
      if (c->opt->spec[i].spec_id == d->spec_id)
         return &c->opt->spec[i];
   return NULL;
}

static uint64_t
mask_bits(uint64_t v, unsigned bits)
{
   return bits >= 64 ? v : v & ((1ull << bits) - 1);
}

static void spec_constant_op(struct spirv_ctx *c, const uint32_t *w, uint32_t n);

static void
parse_constant(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n)
{
   need(c, n, 2);
   if (op == SpvOpSpecConstantOp) {
      spec_constant_op(c, w, n);
      return;
   }
   struct sconst *k = new_const(c, w[0], w[1]);
   struct stype *t = k->type;
   const struct spirv_spec_value *sv = spec_override(c, w[1]);
   switch (op) {
   case SpvOpConstantTrue: case SpvOpConstantFalse:
   case SpvOpSpecConstantTrue: case SpvOpSpecConstantFalse:
      if (t->kind != ST_BOOL)
         spirv_fail(c, "boolean constant of non-bool type");
      k->v[0] = op == SpvOpConstantTrue || op == SpvOpSpecConstantTrue;
      if (sv && (op == SpvOpSpecConstantTrue || op == SpvOpSpecConstantFalse))
         k->v[0] = sv->value != 0;
      break;
   case SpvOpConstant:
   case SpvOpSpecConstant:
      if (t->kind != ST_INT && t->kind != ST_FLOAT)
         spirv_fail(c, "numeric constant of non-numeric type");
      need(c, n, t->bits == 64 ? 4 : 3);
      k->v[0] = mask_bits(t->bits == 64 ? w[2] | (uint64_t)w[3] << 32 : w[2], t->bits);
      if (sv && op == SpvOpSpecConstant)
         k->v[0] = mask_bits(sv->value, t->bits);
      break;
   case SpvOpConstantComposite:
   case SpvOpSpecConstantComposite:
      if (t->kind == ST_VECTOR) {
         if (n - 2 != t->len)
            spirv_fail(c, "vector constant has %u components, type has %u", n - 2, t->len);
         for (uint32_t i = 0; i < t->len; i++)
            k->v[i] = const_scalar_any(c, w[2 + i]);
         break;
      }
      if (t->kind != ST_STRUCT && t->kind != ST_ARRAY && t->kind != ST_MATRIX)
         spirv_fail(c, "composite constant of type %u", t->id);
      if (n - 2 != num_elems(t))
         spirv_fail(c, "composite constant has %u elements, type has %u", n - 2,
                    num_elems(t));
      k->elems = ir_alloc(c->arena, n * sizeof(*k->elems));
      for (uint32_t i = 0; i < n - 2; i++) {
         k->elems[i] = get_const(c, w[2 + i]);
         if (k->elems[i]->type != elem_type(t, i))
            spirv_fail(c, "constituent %u has the wrong type", i);
      }
      break;
   case SpvOpConstantNull:
   case SpvOpUndef:   /* undefined may be any value; zero is one */
      *k = *null_const(c, t);
      break;
   default:
      spirv_fail(c, "unsupported constant instruction");
   }
   /* the WorkgroupSize built-in overrides LocalSize (SPIR-V 3.21) */
   if (c->ids[w[1]].deco.builtin == SpvBuiltInWorkgroupSize && t->kind == ST_VECTOR &&
       t->len == 3)
      for (int i = 0; i < 3; i++)
         c->s->workgroup_size[i] = (uint32_t)k->v[i];
}

/* OpSpecConstantOp: the operation is translated like a function
 * instruction into a scratch block of constants and evaluated there with
 * the IR's own evaluator, so specialisation folds exactly like the
 * optimiser and the interpreter compute. */
static struct sconst *
sval_to_const(struct spirv_ctx *c, struct sval *v)
{
   struct sconst *k = ir_alloc(c->arena, sizeof(*k));
   k->type = v->type;
   if (v->def) {
      memcpy(k->v, v->def->value, sizeof(k->v));
      return k;
   }
   spend_elems(c, num_elems(v->type));
   k->elems = ir_alloc(c->arena, (num_elems(v->type) + 1) * sizeof(*k->elems));
   for (uint32_t i = 0; i < num_elems(v->type); i++)
      k->elems[i] = sval_to_const(c, v->elems[i]);
   return k;
}

static void
spec_constant_op(struct spirv_ctx *c, const uint32_t *w, uint32_t n)
{
   need(c, n, 3);
   uint32_t *tmp = ir_alloc(c->arena, n * sizeof(*tmp));
   tmp[0] = w[0];
   tmp[1] = w[1];
   memcpy(tmp + 2, w + 3, (n - 3) * sizeof(*tmp));
   struct ir_function *saved_entry = c->s->entry;
   struct ir_function *fn = ir_function_create(c->s, "spec_constant_op");
   c->s->entry = saved_entry;
   struct ir_builder saved = c->b;
   ir_builder_at_end(&c->b, ir_block_create(fn));
   c->scratch = true;
   if (!spirv_alu(c, w[2], tmp, n - 1))
      spirv_fail(c, "unsupported OpSpecConstantOp opcode %u", w[2]);
   ir_foreach_instr(i, c->b.block) {
      const uint64_t *srcs[4] = { 0 };
      for (uint32_t s = 0; s < i->num_srcs && s < 4; s++)
         srcs[s] = i->srcs[s]->value;
      uint64_t v[IR_MAX_COMPS];
      if (!ir_eval_instr(i, srcs, v))
         spirv_fail(c, "cannot evaluate OpSpecConstantOp");
      memcpy(i->value, v, sizeof(v));
   }
   struct spirv_id *d = &c->ids[w[1]];
   d->c = sval_to_const(c, d->val);
   d->kind = ID_CONST;
   d->val = NULL;
   c->scratch = false;
   c->b = saved;
}

/* ------------------------------------------------------------------ decorations */

static struct member_deco *
get_member_deco(struct spirv_ctx *c, uint32_t id, uint32_t member)
{
   struct deco *d = &spirv_id(c, id)->deco;
   for (struct member_deco *m = d->members; m; m = m->next)
      if (m->member == member)
         return m;
   struct member_deco *m = ir_alloc(c->arena, sizeof(*m));
   m->member = member;
   m->offset = UINT32_MAX;
   m->xfb_buffer = m->xfb_stride = IR_NO_XFB;
   m->builtin = -1;
   m->next = d->members;
   d->members = m;
   return m;
}

static void
parse_decoration(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n)
{
   bool member = op == SpvOpMemberDecorate;
   need(c, n, member ? 3 : 2);
   uint32_t kind = w[member ? 2 : 1];
   const uint32_t *arg = w + (member ? 3 : 2);
   uint32_t nargs = n - (member ? 3 : 2);
   if (member) {
      struct member_deco *m = get_member_deco(c, w[0], w[1]);
      switch (kind) {
      case SpvDecorationOffset: need(c, nargs, 1); m->offset = arg[0]; break;
      case SpvDecorationMatrixStride: need(c, nargs, 1); m->matrix_stride = arg[0]; break;
      case SpvDecorationRowMajor: m->row_major = true; break;
      case SpvDecorationBuiltIn: need(c, nargs, 1); m->builtin = (int32_t)arg[0]; break;
      case SpvDecorationXfbBuffer: need(c, nargs, 1); m->xfb_buffer = arg[0]; break;
      case SpvDecorationXfbStride: need(c, nargs, 1); m->xfb_stride = arg[0]; break;
      case SpvDecorationStream: need(c, nargs, 1); m->stream = arg[0]; break;
      case SpvDecorationLocation:
         need(c, nargs, 1);
         m->location = arg[0];
         m->has_location = true;
         break;
      default: break;   /* precision, access qualifiers: no effect on semantics here */
      }
      return;
   }
   struct deco *d = &spirv_id(c, w[0])->deco;
   switch (kind) {
   case SpvDecorationBuiltIn: need(c, nargs, 1); d->builtin = (int32_t)arg[0]; break;
   case SpvDecorationDescriptorSet: need(c, nargs, 1); d->set = arg[0]; break;
   case SpvDecorationBinding: need(c, nargs, 1); d->binding = arg[0]; break;
   case SpvDecorationLocation:
      need(c, nargs, 1);
      d->location = arg[0];
      d->has_location = true;
      break;
   case SpvDecorationComponent: need(c, nargs, 1); d->component = arg[0]; break;
   case SpvDecorationIndex: need(c, nargs, 1); d->index = arg[0] != 0; break;
   case SpvDecorationArrayStride: need(c, nargs, 1); d->array_stride = arg[0]; break;
   case SpvDecorationSpecId: need(c, nargs, 1); d->spec_id = arg[0]; d->has_spec_id = true; break;
   case SpvDecorationBlock: d->block = true; break;
   case SpvDecorationPatch: d->patch = true; break;
   case SpvDecorationNoContraction: d->no_contraction = true; break;
   case SpvDecorationFlat: d->interp |= IR_INTERP_FLAT; break;
   case SpvDecorationNoPerspective: d->interp |= IR_INTERP_NOPERSPECTIVE; break;
   case SpvDecorationCentroid: d->interp |= IR_INTERP_CENTROID; break;
   case SpvDecorationSample: d->interp |= IR_INTERP_SAMPLE; break;
   case SpvDecorationBufferBlock: d->buffer_block = true; break;
   case SpvDecorationXfbBuffer: need(c, nargs, 1); d->xfb_buffer = arg[0]; break;
   case SpvDecorationXfbStride: need(c, nargs, 1); d->xfb_stride = arg[0]; break;
   case SpvDecorationOffset: need(c, nargs, 1); d->offset = arg[0]; break;
   case SpvDecorationStream: need(c, nargs, 1); d->stream = arg[0]; break;
   default: break;
   }
}

/* ------------------------------------------------------------------ variables */

static enum ir_storage
buffer_storage(struct spirv_ctx *c, SpvStorageClass sc, struct stype *pointee)
{
   struct stype *t = pointee;
   while (t->kind == ST_ARRAY || t->kind == ST_RTARRAY)
      t = t->elem;
   switch (sc) {
   case SpvStorageClassUniform:
      return c->ids[t->id].deco.buffer_block ? IR_STORAGE_SSBO : IR_STORAGE_UBO;
   case SpvStorageClassStorageBuffer: return IR_STORAGE_SSBO;
   case SpvStorageClassPushConstant: return IR_STORAGE_PUSH_CONSTANT;
   case SpvStorageClassWorkgroup: return IR_STORAGE_WORKGROUP;
   case SpvStorageClassPrivate: return IR_STORAGE_PRIVATE;
   case SpvStorageClassFunction: return IR_STORAGE_FUNCTION;
   case SpvStorageClassUniformConstant: return IR_STORAGE_DESCRIPTOR;
   case SpvStorageClassInput:
   case SpvStorageClassOutput:
      spirv_fail(c, "unsupported: Input/Output variables without a built-in "
                    "(stage interfaces are not implemented yet)");
   default:
      spirv_fail(c, "unsupported storage class %u", sc);
   }
}

static const struct { SpvBuiltIn builtin; enum ir_output_builtin out; } output_builtins[] = {
   { SpvBuiltInPosition, IR_OUTPUT_position }, { SpvBuiltInPointSize, IR_OUTPUT_point_size },
   { SpvBuiltInClipDistance, IR_OUTPUT_clip_distance },
   { SpvBuiltInCullDistance, IR_OUTPUT_cull_distance },
   { SpvBuiltInFragDepth, IR_OUTPUT_frag_depth }, { SpvBuiltInSampleMask, IR_OUTPUT_sample_mask },
   { SpvBuiltInLayer, IR_OUTPUT_layer }, { SpvBuiltInViewportIndex, IR_OUTPUT_viewport_index },
   { SpvBuiltInTessLevelOuter, IR_OUTPUT_tess_level_outer },
   { SpvBuiltInTessLevelInner, IR_OUTPUT_tess_level_inner },
   { SpvBuiltInPrimitiveId, IR_OUTPUT_primitive_id },
   { SpvBuiltInFragStencilRefEXT, IR_OUTPUT_frag_stencil },
};

static enum ir_output_builtin
output_builtin(struct spirv_ctx *c, int32_t builtin)
{
   for (unsigned i = 0; i < sizeof(output_builtins) / sizeof(output_builtins[0]); i++)
      if ((int32_t)output_builtins[i].builtin == builtin)
         return output_builtins[i].out;
   spirv_fail(c, "unsupported built-in %s in an interface block",
              spirv_builtin_name((unsigned)builtin));
}

static struct ir_var *
io_var(struct spirv_ctx *c, const char *name, enum ir_storage st, const struct ir_type *t,
       int32_t builtin, uint32_t location, uint32_t component)
{
   struct ir_var *v = ir_var_create(c->s, name, st, t);
   if (builtin >= 0)
      v->builtin = output_builtin(c, builtin);
   v->location = location;
   v->component = component;
   return v;
}

/* Where transform feedback captures an output (SPIR-V 2.16.2, Vulkan
 * "Transform Feedback"): XfbBuffer and XfbStride may decorate the
 * variable or the block member, Offset the variable or the member; an
 * output with a buffer and an offset is captured.  Stream applies to
 * geometry outputs, captured or not. */
static void
xfb_var(struct spirv_ctx *c, const struct deco *d, uint32_t offset, struct ir_var *v)
{
   v->stream = d->stream;
   if (v->storage != IR_STORAGE_OUTPUT || d->xfb_buffer == IR_NO_XFB || offset == UINT32_MAX)
      return;
   if (d->xfb_stride == IR_NO_XFB)
      spirv_fail(c, "output %s has XfbBuffer and Offset but no XfbStride", v->name);
   v->xfb_buffer = d->xfb_buffer;
   v->xfb_stride = d->xfb_stride;
   v->xfb_offset = offset;
}

/* A block member: its own decorations win over the block variable's. */
static void
xfb_member(struct spirv_ctx *c, const struct spirv_id *d, const struct member_deco *md,
           struct ir_var *v)
{
   struct deco merged = d->deco;
   uint32_t offset = UINT32_MAX;
   if (md) {
      if (md->xfb_buffer != IR_NO_XFB)
         merged.xfb_buffer = md->xfb_buffer;
      if (md->xfb_stride != IR_NO_XFB)
         merged.xfb_stride = md->xfb_stride;
      if (md->stream)
         merged.stream = md->stream;
      offset = md->offset;
   }
   xfb_var(c, &merged, offset, v);
}

/* Stage inputs and outputs stay variables (a later lowering gives them
 * their URB/payload slots); an interface block such as gl_PerVertex is
 * split into one variable per member so each keeps its own built-in or
 * location. */
static void
interface_var(struct spirv_ctx *c, struct spirv_id *d, SpvStorageClass sc)
{
   enum ir_storage st = sc == SpvStorageClassInput ? IR_STORAGE_INPUT : IR_STORAGE_OUTPUT;
   struct stype *t = d->type->pointee;
   /* per-vertex arrays of blocks (gl_in[], gl_out[]): one array per member */
   struct stype *bt = t->kind == ST_ARRAY ? t->elem : t;
   const char *name = d->name && *d->name ? d->name : c->ids[bt->id].name;   /* gl_PerVertex */
   name = name ? name : "";
   if (bt->kind == ST_STRUCT && c->ids[bt->id].deco.block) {
      d->members = ir_alloc(c->arena, (bt->num_members + 1) * sizeof(*d->members));
      for (uint32_t m = 0; m < bt->num_members; m++) {
         struct member_deco *md = member_deco(bt, c, m);
         int32_t builtin = md ? md->builtin : -1;
         uint32_t loc = md && md->has_location ? md->location : d->deco.location + m;
         char mname[256];
         snprintf(mname, sizeof(mname), "%s.%u", name, m);
         const struct ir_type *mt = spirv_mem_type(c, bt->members[m], 0);
         if (bt != t)
            mt = ir_type_array(c->s, mt, t->len, 0);
         d->members[m] = io_var(c, mname, st, mt, builtin, loc, 0);
         d->members[m]->patch = d->deco.patch || c->ids[bt->id].deco.patch;
         xfb_member(c, d, md, d->members[m]);
      }
      return;
   }
   if (d->deco.builtin < 0 && !d->deco.has_location)
      spirv_fail(c, "interface variable without Location");
   d->var = io_var(c, name, st, spirv_mem_type(c, t, 0), d->deco.builtin, d->deco.location,
                   d->deco.component);
   d->var->patch = d->deco.patch;
   d->var->interp = d->deco.interp;
   d->var->blend_src = d->deco.index;
   xfb_var(c, &d->deco, d->deco.offset, d->var);
}

/* Built-in inputs that are values, or small arrays of scalars (SampleMask,
 * TessLevelOuter/Inner), come from one system value each. */
static bool
sysval_input(const struct stype *t)
{
   return is_value(t) || (t->kind == ST_ARRAY && t->len <= 4 &&
                          (t->elem->kind == ST_INT || t->elem->kind == ST_FLOAT));
}

static void
parse_global_var(struct spirv_ctx *c, const uint32_t *w, uint32_t n)
{
   need(c, n, 3);
   struct stype *pt = spirv_get_type(c, w[0]);
   struct spirv_id *d = spirv_id(c, w[1]);
   if (pt->kind != ST_PTR || !pt->pointee || d->kind != ID_NONE)
      spirv_fail(c, "invalid variable %u", w[1]);
   d->kind = ID_VAR;
   d->type = pt;
   d->storage = w[2];
   const char *name = d->name ? d->name : "";
   if (w[2] == SpvStorageClassInput && d->deco.builtin == SpvBuiltInHelperInvocation)
      return;   /* each load asks anew: demotion changes it (spirv_function.c) */
   if (w[2] == SpvStorageClassInput && d->deco.builtin >= 0 && sysval_input(pt->pointee)) {
      /* copied into a private variable at entry; loads then become SSA */
      d->var = ir_var_create(c->s, name, IR_STORAGE_PRIVATE, spirv_mem_type(c, pt->pointee, 0));
      return;
   }
   if (w[2] == SpvStorageClassInput || w[2] == SpvStorageClassOutput) {
      interface_var(c, d, w[2]);
      return;
   }
   /* arrays of blocks and of images are descriptor arrays: the first index
    * of an access chain picks the descriptor (bindless tables included) */
   enum ir_storage st = buffer_storage(c, w[2], pt->pointee);
   d->var = ir_var_create(c->s, name, st, spirv_mem_type(c, pt->pointee, 0));
   d->var->set = d->deco.set;
   d->var->binding = d->deco.binding;
   if (n > 3)
      d->c = get_const(c, w[3]);
}

/* ------------------------------------------------------------------ module */

static const SpvCapability supported_caps[] = {
   SpvCapabilityShader, SpvCapabilityMatrix, SpvCapabilityInt8, SpvCapabilityInt16,
   SpvCapabilityInt64, SpvCapabilityFloat16, SpvCapabilityFloat64,
   SpvCapabilityStorageBuffer16BitAccess, SpvCapabilityUniformAndStorageBuffer16BitAccess,
   SpvCapabilityStoragePushConstant16, SpvCapabilityStorageBuffer8BitAccess,
   SpvCapabilityUniformAndStorageBuffer8BitAccess, SpvCapabilityStoragePushConstant8,
   SpvCapabilityInt64Atomics, SpvCapabilityDrawParameters, SpvCapabilitySampleRateShading,
   /* stages */
   SpvCapabilityGeometry, SpvCapabilityTessellation, SpvCapabilityGeometryPointSize,
   SpvCapabilityTessellationPointSize, SpvCapabilityGeometryStreams,
   SpvCapabilityTransformFeedback,
   SpvCapabilityClipDistance, SpvCapabilityCullDistance, SpvCapabilityMultiViewport,
   SpvCapabilityShaderLayer, SpvCapabilityShaderViewportIndex, SpvCapabilityMultiView,
   SpvCapabilityShaderViewportIndexLayerEXT,
   SpvCapabilityDeviceGroup, SpvCapabilityDemoteToHelperInvocation,
   SpvCapabilityStencilExportEXT,
   /* float controls */
   SpvCapabilityDenormPreserve, SpvCapabilityDenormFlushToZero,
   SpvCapabilitySignedZeroInfNanPreserve, SpvCapabilityRoundingModeRTE,
   SpvCapabilityRoundingModeRTZ,
   /* images */
   SpvCapabilityImageQuery, SpvCapabilityImageGatherExtended, SpvCapabilitySampled1D,
   SpvCapabilityImage1D, SpvCapabilitySampledBuffer, SpvCapabilityImageBuffer,
   SpvCapabilitySampledCubeArray, SpvCapabilityImageCubeArray, SpvCapabilityImageMSArray,
   SpvCapabilityStorageImageMultisample, SpvCapabilityStorageImageExtendedFormats,
   SpvCapabilityStorageImageReadWithoutFormat, SpvCapabilityStorageImageWriteWithoutFormat,
   SpvCapabilityMinLod, SpvCapabilityInputAttachment, SpvCapabilityDerivativeControl,
   SpvCapabilityInterpolationFunction,
   /* descriptor indexing */
   SpvCapabilityShaderNonUniform, SpvCapabilityRuntimeDescriptorArray,
   SpvCapabilityUniformBufferArrayDynamicIndexing,
   SpvCapabilitySampledImageArrayDynamicIndexing,
   SpvCapabilityStorageBufferArrayDynamicIndexing,
   SpvCapabilityStorageImageArrayDynamicIndexing,
   SpvCapabilityInputAttachmentArrayDynamicIndexing,
   SpvCapabilityUniformTexelBufferArrayDynamicIndexing,
   SpvCapabilityStorageTexelBufferArrayDynamicIndexing,
   SpvCapabilityUniformBufferArrayNonUniformIndexing,
   SpvCapabilitySampledImageArrayNonUniformIndexing,
   SpvCapabilityStorageBufferArrayNonUniformIndexing,
   SpvCapabilityStorageImageArrayNonUniformIndexing,
   SpvCapabilityInputAttachmentArrayNonUniformIndexing,
   SpvCapabilityUniformTexelBufferArrayNonUniformIndexing,
   SpvCapabilityStorageTexelBufferArrayNonUniformIndexing,
   /* subgroups, buffer addresses */
   SpvCapabilityGroupNonUniform, SpvCapabilityGroupNonUniformVote,
   SpvCapabilityGroupNonUniformArithmetic, SpvCapabilityGroupNonUniformBallot,
   SpvCapabilityGroupNonUniformShuffle, SpvCapabilityGroupNonUniformShuffleRelative,
   SpvCapabilityGroupNonUniformClustered, SpvCapabilityGroupNonUniformQuad,
   SpvCapabilityPhysicalStorageBufferAddresses,
};

static const char *const supported_exts[] = {
   "SPV_KHR_storage_buffer_storage_class", "SPV_KHR_8bit_storage", "SPV_KHR_16bit_storage",
   "SPV_KHR_non_semantic_info", "SPV_KHR_shader_draw_parameters",
   "SPV_KHR_physical_storage_buffer", "SPV_EXT_physical_storage_buffer",
   "SPV_EXT_demote_to_helper_invocation", "SPV_KHR_terminate_invocation",
   "SPV_EXT_descriptor_indexing", "SPV_KHR_multiview", "SPV_KHR_device_group",
   "SPV_EXT_shader_viewport_index_layer", "SPV_KHR_float_controls",
   "SPV_EXT_shader_stencil_export",
};

static void
check_capability(struct spirv_ctx *c, uint32_t cap)
{
   for (unsigned i = 0; i < sizeof(supported_caps) / sizeof(supported_caps[0]); i++)
      if (supported_caps[i] == cap)
         return;
   spirv_fail(c, "unsupported capability %s", spirv_capability_name(cap));
}

static void
check_extension(struct spirv_ctx *c, const char *name)
{
   for (unsigned i = 0; i < sizeof(supported_exts) / sizeof(supported_exts[0]); i++)
      if (!strcmp(supported_exts[i], name))
         return;
   spirv_fail(c, "unsupported extension %s", name);
}

static void
parse_entry_point(struct spirv_ctx *c, const uint32_t *w, uint32_t n)
{
   need(c, n, 3);
   literal_string(c, w + 2, n - 2);
   if (c->entry_id || w[0] != c->want.model || w[1] != c->want.id)
      return;
   enum ir_stage stage;
   if (!spirv_model_stage(w[0], &stage))
      spirv_fail(c, "unsupported execution model %u", w[0]);
   c->entry_id = w[1];
   c->model = w[0];
   c->s->stage = stage;
   c->s->info.invocations = 1;   /* geometry without Invocations runs once */
}

/* Execution modes of the graphics stages (SPIR-V 3.6) that change what
 * the shader means; the others (OriginUpperLeft, ...) are fixed by Vulkan. */
static bool
graphics_mode(struct spirv_ctx *c, const uint32_t *w, uint32_t n)
{
   static const struct { SpvExecutionMode mode; bool output; enum ir_prim prim; } prims[] = {
      { SpvExecutionModeInputPoints, false, IR_PRIM_points },
      { SpvExecutionModeInputLines, false, IR_PRIM_lines },
      { SpvExecutionModeInputLinesAdjacency, false, IR_PRIM_lines_adjacency },
      { SpvExecutionModeTriangles, false, IR_PRIM_triangles },
      { SpvExecutionModeInputTrianglesAdjacency, false, IR_PRIM_triangles_adjacency },
      { SpvExecutionModeQuads, false, IR_PRIM_quads },
      { SpvExecutionModeIsolines, false, IR_PRIM_isolines },
      { SpvExecutionModeOutputPoints, true, IR_PRIM_points },
      { SpvExecutionModeOutputLineStrip, true, IR_PRIM_line_strip },
      { SpvExecutionModeOutputTriangleStrip, true, IR_PRIM_triangle_strip },
   };
   struct ir_stage_info *in = &c->s->info;
   for (unsigned i = 0; i < sizeof(prims) / sizeof(prims[0]); i++) {
      if (prims[i].mode == w[1]) {
         *(prims[i].output ? &in->output_prim : &in->input_prim) = prims[i].prim;
         return true;
      }
   }
   switch (w[1]) {
   case SpvExecutionModeOutputVertices:
   case SpvExecutionModeInvocations:
      need(c, n, 3);
      if (!w[2] || w[2] > 1024)
         spirv_fail(c, "execution mode operand %u out of range", w[2]);
      *(w[1] == SpvExecutionModeInvocations ? &in->invocations : &in->output_vertices) = w[2];
      return true;
   case SpvExecutionModeSpacingEqual:
   case SpvExecutionModeSpacingFractionalEven:
   case SpvExecutionModeSpacingFractionalOdd:
   case SpvExecutionModeVertexOrderCw:
   case SpvExecutionModeVertexOrderCcw:
   case SpvExecutionModePointMode:
      spirv_tess_mode(in, w[1]);
      return true;
   case SpvExecutionModeEarlyFragmentTests: in->early_fragment_tests = true; return true;
   case SpvExecutionModeDepthReplacing: in->depth_replacing = true; return true;
   case SpvExecutionModeXfb: in->xfb = true; return true;
   default: return false;
   }
}

/* The float-controls modes (SPIR-V 3.6), each for one float width.  A
 * width cannot both keep and flush denormals, nor round two ways. */
static bool
float_mode(struct spirv_ctx *c, const uint32_t *w, uint32_t n)
{
   static const struct { SpvExecutionMode mode; enum ir_float_mode bit, conflict; } modes[] = {
      { SpvExecutionModeSignedZeroInfNanPreserve, IR_FLOAT_SIGNED_ZERO_INF_NAN, 0 },
      { SpvExecutionModeDenormPreserve, IR_FLOAT_DENORM_PRESERVE, IR_FLOAT_DENORM_FLUSH },
      { SpvExecutionModeDenormFlushToZero, IR_FLOAT_DENORM_FLUSH, IR_FLOAT_DENORM_PRESERVE },
      { SpvExecutionModeRoundingModeRTE, IR_FLOAT_RTE, IR_FLOAT_RTZ },
      { SpvExecutionModeRoundingModeRTZ, IR_FLOAT_RTZ, IR_FLOAT_RTE },
   };
   for (unsigned i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
      if (modes[i].mode != w[1])
         continue;
      need(c, n, 3);
      if (w[2] != 16 && w[2] != 32 && w[2] != 64)
         spirv_fail(c, "float-controls execution mode on %u-bit floats", w[2]);
      uint8_t *m = &c->s->float_modes[w[2] / 32];
      if (*m & modes[i].conflict)
         spirv_fail(c, "conflicting float-controls execution modes for %u-bit floats", w[2]);
      *m |= (uint8_t)modes[i].bit;
      return true;
   }
   return false;
}

static void
parse_execution_mode(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n)
{
   need(c, n, 2);
   if (w[0] != c->entry_id || graphics_mode(c, w, n) || float_mode(c, w, n))
      return;
   if (w[1] == SpvExecutionModeLocalSize || w[1] == SpvExecutionModeLocalSizeId) {
      need(c, n, 5);
      for (int i = 0; i < 3; i++) {
         uint64_t v = op == SpvOpExecutionModeId ? const_scalar(c, w[2 + i]) : w[2 + i];
         if (!v || v > 1024)
            spirv_fail(c, "workgroup size %llu", (unsigned long long)v);
         c->s->workgroup_size[i] = (uint32_t)v;
      }
   }
}

static void
parse_ext_inst_import(struct spirv_ctx *c, const uint32_t *w, uint32_t n)
{
   need(c, n, 2);
   const char *name = literal_string(c, w + 1, n - 1);
   struct spirv_id *d = spirv_id(c, w[0]);
   d->kind = ID_EXTINST;
   d->is_glsl = !strcmp(name, "GLSL.std.450");
   if (!d->is_glsl && strncmp(name, "NonSemantic.", 12))
      spirv_fail(c, "unsupported extended instruction set %s", name);
}

/* Module-level instruction; returns false at OpFunction. */
static void
module_instr(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n,
             size_t *deferred_modes, uint32_t *num_deferred)
{
   switch (op) {
   case SpvOpCapability: need(c, n, 1); check_capability(c, w[0]); break;
   case SpvOpExtension: check_extension(c, literal_string(c, w, n)); break;
   case SpvOpExtInstImport: parse_ext_inst_import(c, w, n); break;
   case SpvOpMemoryModel:
      need(c, n, 2);
      if (w[0] != SpvAddressingModelLogical &&
          w[0] != SpvAddressingModelPhysicalStorageBuffer64)
         spirv_fail(c, "unsupported addressing model %u", w[0]);
      break;
   case SpvOpEntryPoint: parse_entry_point(c, w, n); break;
   case SpvOpExecutionMode: parse_execution_mode(c, op, w, n); break;
   case SpvOpExecutionModeId:   /* its ids are constants declared later */
      if (*num_deferred < 64)
         deferred_modes[(*num_deferred)++] = c->pos;
      break;
   case SpvOpName:
      need(c, n, 2);
      spirv_id(c, w[0])->name = literal_string(c, w + 1, n - 1);
      break;
   case SpvOpDecorate:
   case SpvOpMemberDecorate:
      parse_decoration(c, op, w, n);
      break;
   /* SPIR-V 1.4's decorations of id or string operands (UniformId,
    * AlignmentId, MaxByteOffsetId, CounterBuffer, UserSemantic,
    * UserTypeGOOGLE) are hints and names: none changes a result. */
   case SpvOpDecorateId:
   case SpvOpDecorateString:
   case SpvOpMemberDecorateString:
      break;
   case SpvOpDecorationGroup:
   case SpvOpGroupDecorate:
   case SpvOpGroupMemberDecorate:
      spirv_fail(c, "unsupported: decoration groups");
   case SpvOpTypeVoid: case SpvOpTypeBool: case SpvOpTypeInt: case SpvOpTypeFloat:
   case SpvOpTypeVector: case SpvOpTypeMatrix: case SpvOpTypeArray:
   case SpvOpTypeRuntimeArray: case SpvOpTypeStruct: case SpvOpTypePointer:
   case SpvOpTypeForwardPointer: case SpvOpTypeFunction: case SpvOpTypeImage:
   case SpvOpTypeSampler: case SpvOpTypeSampledImage:
      parse_type(c, op, w, n);
      break;
   case SpvOpConstantTrue: case SpvOpConstantFalse: case SpvOpConstant:
   case SpvOpConstantComposite: case SpvOpConstantNull: case SpvOpSpecConstantTrue:
   case SpvOpSpecConstantFalse: case SpvOpSpecConstant: case SpvOpSpecConstantComposite:
   case SpvOpSpecConstantOp: case SpvOpUndef:
      parse_constant(c, op, w, n);
      break;
   case SpvOpVariable: parse_global_var(c, w, n); break;
   case SpvOpString:
      need(c, n, 1);
      spirv_id(c, w[0])->kind = ID_STRING;
      break;
   case SpvOpNop: case SpvOpSource: case SpvOpSourceContinued: case SpvOpSourceExtension:
   case SpvOpMemberName: case SpvOpLine: case SpvOpNoLine: case SpvOpModuleProcessed:
   case SpvOpExtInst:   /* only NonSemantic sets may appear outside functions */
      break;
   default:
      spirv_fail(c, "unsupported instruction at module level");
   }
}

static void
check_result_id(struct spirv_ctx *c, const struct spirv_op_info *info, const uint32_t *w,
                uint32_t n)
{
   unsigned idx = info->has_type ? 1 : 0;
   if (!info->has_result)
      return;
   need(c, n, idx + 1);
   spirv_id(c, w[idx]);
   if (info->has_type)
      spirv_id(c, w[0]);
}

static uint32_t *
byte_swapped(const uint32_t *w, size_t n)
{
   uint32_t *s = malloc(n * sizeof(*s));
   if (!s)
      abort();
   for (size_t i = 0; i < n; i++)
      s[i] = __builtin_bswap32(w[i]);
   return s;
}

static void
parse_header(struct spirv_ctx *c)
{
   if (c->num_words < 5)
      spirv_fail(c, "module is shorter than its 5-word header");
   if (c->num_words > MAX_WORDS)
      spirv_fail(c, "module is larger than %u words", MAX_WORDS);
   if (c->words[0] != SpvMagicNumber)
      spirv_fail(c, "bad magic number 0x%08x", c->words[0]);
   uint32_t v = c->words[1];
   if ((v >> 16) != 1 || ((v >> 8) & 0xff) > 6 || (v & 0xff0000ffu) != 0)
      spirv_fail(c, "unsupported SPIR-V version 0x%08x", v);
   c->bound = c->words[3];
   if (!c->bound || c->bound > MAX_BOUND)
      spirv_fail(c, "id bound %u is out of range", c->bound);
   c->ids = calloc(c->bound, sizeof(*c->ids));
   if (!c->ids)
      abort();
   for (uint32_t i = 0; i < c->bound; i++) {
      struct deco *d = &c->ids[i].deco;
      d->builtin = -1;
      d->xfb_buffer = d->xfb_stride = IR_NO_XFB;
      d->offset = UINT32_MAX;
   }
   /* Calls may name functions defined later in the module. */
   for (size_t pos = 5; pos < c->num_words;) {
      uint32_t wc = c->words[pos] >> 16;
      if (!wc || wc > c->num_words - pos)
         break;   /* reported when the main loop gets there */
      if ((c->words[pos] & 0xffff) == SpvOpFunction && wc >= 3 && c->words[pos + 2] &&
          c->words[pos + 2] < c->bound) {
         c->ids[c->words[pos + 2]].kind = ID_FUNCTION;
         c->ids[c->words[pos + 2]].offset = (uint32_t)pos;
      }
      pos += wc;
   }
}

static void
parse_module(struct spirv_ctx *c)
{
   size_t deferred[64];
   uint32_t num_deferred = 0;
   bool in_function = false, translating = false, entry_done = false;
   parse_header(c);
   /* A module that does not scan is reported by the loop below, where its
    * fault is; one without the entry point at the end. */
   char scan_err[8];
   const bool by_stage = c->opt && c->opt->match_stage;
   if (!spirv_find_entry(c->words, c->num_words, c->opt ? c->opt->entry_point : NULL,
                         by_stage ? &c->opt->stage : NULL, &c->want, scan_err,
                         sizeof(scan_err)))
      c->want = (struct spirv_entry){ 0, 0 };
   for (size_t pos = 5; pos < c->num_words;) {
      c->pos = pos;
      uint32_t wc = c->words[pos] >> 16;
      SpvOp op = c->words[pos] & 0xffff;
      if (!wc || wc > c->num_words - pos)
         spirv_fail(c, wc ? "word count %u runs past the end of the module" : "instruction word count is %u", wc);
      uint32_t n;
      const uint32_t *w = spirv_operands(c, &n);
      const struct spirv_op_info *info = spirv_op_info(op);
      if (!info)
         spirv_fail(c, "unknown opcode %u", op);
      check_result_id(c, info, w, n);
      pos += wc;
      if (op == SpvOpFunction) {
         if (in_function)
            spirv_fail(c, "nested OpFunction");
         need(c, n, 4);
         in_function = true;
         translating = w[1] == c->entry_id && c->entry_id;
         if (translating) {
            for (uint32_t i = 0; i < num_deferred; i++) {
               c->pos = deferred[i];
               const uint32_t *dw = spirv_operands(c, &n);
               parse_execution_mode(c, SpvOpExecutionModeId, dw, n);
            }
            c->pos = pos - wc;
            spirv_begin_function(c, c->pos);
         }
         continue;
      }
      if (op == SpvOpFunctionEnd) {
         if (!in_function)
            spirv_fail(c, "OpFunctionEnd outside a function");
         if (translating)
            spirv_end_function(c);
         entry_done |= translating;
         in_function = translating = false;
         continue;
      }
      if (!in_function)
         module_instr(c, op, w, n, deferred, &num_deferred);
      else if (translating && !spirv_function_instr(c, op, w, n))
         spirv_fail(c, "unsupported instruction");
   }
   c->pos = c->num_words;
   if (in_function)
      spirv_fail(c, "function without OpFunctionEnd");
   if (!c->entry_id)
      spirv_fail(c, c->opt && c->opt->match_stage ? "no usable entry point of that name "
                                                     "and stage"
                                                   : "no usable entry point");
   if (!entry_done)
      spirv_fail(c, "entry point function %u is not defined", c->entry_id);
}

/* The last line of input checking: a malformed module that the checks
 * above let through must not reach the passes as invalid IR.  The error
 * names the validator's complaint. */
static bool
valid_result(struct spirv_ctx *c)
{
   FILE *f = c->err_size > 1 ? fmemopen(c->err, c->err_size, "w") : NULL;
   if (f)
      fputs("module translates to invalid IR: ", f);
   bool ok = ir_validate(c->s, f);
   if (f)
      fclose(f);
   if (ok && c->err_size)
      c->err[0] = 0;
   if (!ok)
      ir_shader_destroy(c->s);
   return ok;
}

struct ir_shader *
spirv_to_ir(const uint32_t *words, size_t num_words, const struct spirv_options *opt,
            char *err, size_t err_size)
{
   struct spirv_ctx *c = calloc(1, sizeof(*c));
   if (!c)
      abort();
   if (num_words && words[0] == __builtin_bswap32(SpvMagicNumber))
      words = c->swapped = byte_swapped(words, num_words);
   c->words = words;
   c->num_words = num_words;
   c->opt = opt;
   c->err = err;
   c->err_size = err_size;
   if (err_size)
      err[0] = 0;
   c->s = ir_shader_create(IR_STAGE_COMPUTE);
   c->arena = c->s->arena;
   struct ir_shader *result = c->s;
   if (setjmp(c->fail)) {
      ir_shader_destroy(c->s);
      result = NULL;
   } else {
      parse_module(c);
      if (!valid_result(c))
         result = NULL;
   }
   free(c->ids);
   free(c->phis);
   free(c->swapped);
   free(c);
   return result;
}

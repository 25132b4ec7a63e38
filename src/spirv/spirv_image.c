/* Images, samplers and their instructions (SPIR-V 3.49.8).  Sampling,
 * fetches, gathers and queries become one `tex` each, every image operand
 * kept as a tagged source; storage-image reads, writes and atomics go
 * through a `deref_texel` pointer like any other memory access. */
#include "spirv_private.h"

struct image_use {
   struct ir_instr *image;     /* deref of the image (or combined) descriptor */
   struct ir_instr *sampler;   /* deref of a separate sampler, or NULL */
   const struct ir_type *type; /* the image's IR type */
};

static struct image_use
image_operand(struct spirv_ctx *c, uint32_t id, bool sampled)
{
   struct sval *v = spirv_ssa(c, id);
   if (!v->def || (v->type->kind != ST_IMAGE && v->type->kind != ST_SAMPLED_IMAGE))
      spirv_fail(c, "id %u is not an image", id);
   if (sampled && v->type->kind != ST_SAMPLED_IMAGE)
      spirv_fail(c, "image operand is not a sampled image (id %u)", id);
   return (struct image_use){ v->def, v->sampler, v->def->type->pointee };
}

/* A scalar or vector operand of the given kind (IR_TYPE_INT/FLOAT, or
 * IR_TYPE_VOID for either). */
static struct ir_instr *
number(struct spirv_ctx *c, uint32_t id, enum ir_type_kind kind, const char *what)
{
   struct ir_instr *v = spirv_ssa_leaf(c, id);
   bool ok = kind == IR_TYPE_VOID ? v->type->kind == IR_TYPE_INT || v->type->kind == IR_TYPE_FLOAT
                                  : v->type->kind == kind;
   if (!ok)
      spirv_fail(c, "%s operand is not a%s number", what,
                 kind == IR_TYPE_INT ? "n integer" : kind == IR_TYPE_FLOAT ? " float" : "");
   return v;
}

/* ConstOffsets: four ivec2 constants flattened into one 8-vector. */
static struct ir_instr *
const_offsets(struct spirv_ctx *c, uint32_t id)
{
   struct sval *v = spirv_ssa(c, id);
   if (v->def || v->type->kind != ST_ARRAY || v->type->len != 4)
      spirv_fail(c, "ConstOffsets is not an array of 4 offsets");
   struct ir_instr *comps[8];
   for (unsigned i = 0; i < 4; i++) {
      struct ir_instr *o = v->elems[i]->def;
      if (!o || o->type->kind != IR_TYPE_INT || o->type->comps != 2)
         spirv_fail(c, "ConstOffsets element %u is not an ivec2", i);
      comps[2 * i] = ir_extract(&c->b, o, 0);
      comps[2 * i + 1] = ir_extract(&c->b, o, 1);
   }
   return ir_vec(&c->b, 8, comps);
}

/* Image Operands (SPIR-V 3.14): ids follow the mask in bit order. */
static void
image_operands(struct spirv_ctx *c, const uint32_t *w, uint32_t n, uint32_t at,
               struct ir_instr **src)
{
   if (at >= n)
      return;
   uint32_t mask = w[at++];
   for (uint32_t bit = 0; bit < 32; bit++) {
      if (!(mask & (1u << bit)))
         continue;
      uint32_t ids = bit == 2 ? 2 : (1u << bit) & (SpvImageOperandsBiasMask |
         SpvImageOperandsLodMask | SpvImageOperandsConstOffsetMask |
         SpvImageOperandsOffsetMask | SpvImageOperandsConstOffsetsMask |
         SpvImageOperandsSampleMask | SpvImageOperandsMinLodMask |
         SpvImageOperandsMakeTexelAvailableMask | SpvImageOperandsMakeTexelVisibleMask |
         SpvImageOperandsOffsetsMask) ? 1 : 0;
      if (n - at < ids)
         spirv_fail(c, "image operand %u has no operand", bit);
      const uint32_t *o = w + at;
      at += ids;
      switch (1u << bit) {
      case SpvImageOperandsBiasMask:
         src[IR_TEX_SRC_bias] = number(c, o[0], IR_TYPE_FLOAT, "Bias");
         break;
      case SpvImageOperandsLodMask:
         src[IR_TEX_SRC_lod] = number(c, o[0], IR_TYPE_VOID, "Lod");
         break;
      case SpvImageOperandsGradMask:
         src[IR_TEX_SRC_ddx] = number(c, o[0], IR_TYPE_FLOAT, "Grad");
         src[IR_TEX_SRC_ddy] = number(c, o[1], IR_TYPE_FLOAT, "Grad");
         if (src[IR_TEX_SRC_ddx]->type != src[IR_TEX_SRC_ddy]->type)
            spirv_fail(c, "Grad operands differ in type");
         break;
      case SpvImageOperandsConstOffsetMask:
      case SpvImageOperandsOffsetMask:
         src[IR_TEX_SRC_offset] = number(c, o[0], IR_TYPE_INT, "Offset");
         break;
      case SpvImageOperandsConstOffsetsMask:
      case SpvImageOperandsOffsetsMask:
         src[IR_TEX_SRC_offsets] = const_offsets(c, o[0]);
         break;
      case SpvImageOperandsSampleMask:
         src[IR_TEX_SRC_sample] = number(c, o[0], IR_TYPE_INT, "Sample");
         if (src[IR_TEX_SRC_sample]->type->comps != 1)
            spirv_fail(c, "Sample operand is not a scalar");
         break;
      case SpvImageOperandsMinLodMask:
         src[IR_TEX_SRC_min_lod] = number(c, o[0], IR_TYPE_FLOAT, "MinLod");
         break;
      /* memory-model and extension hints: the image type already says how
       * texels convert, and the back end orders image accesses by barriers */
      case SpvImageOperandsMakeTexelAvailableMask: case SpvImageOperandsMakeTexelVisibleMask:
      case SpvImageOperandsNonPrivateTexelMask: case SpvImageOperandsVolatileTexelMask:
      case SpvImageOperandsSignExtendMask: case SpvImageOperandsZeroExtendMask:
      case SpvImageOperandsNontemporalMask:
         break;
      default:
         spirv_fail(c, "unsupported image operand bit %u", bit);
      }
   }
}

/* Proj variants divide the coordinate (and Dref) by its last component. */
static void
project(struct spirv_ctx *c, struct ir_instr **src)
{
   struct ir_instr *coord = src[IR_TEX_SRC_coord];
   unsigned n = coord->type->comps;
   if (n < 2)
      spirv_fail(c, "projective coordinate needs at least 2 components");
   struct ir_instr *q = ir_extract(&c->b, coord, n - 1), *comps[IR_MAX_COMPS];
   for (unsigned i = 0; i + 1 < n; i++)
      comps[i] = ir_op2(&c->b, IR_OP_fdiv, ir_extract(&c->b, coord, i), q);
   src[IR_TEX_SRC_coord] = ir_vec(&c->b, n - 1, comps);
   if (src[IR_TEX_SRC_comparator])
      src[IR_TEX_SRC_comparator] = ir_op2(&c->b, IR_OP_fdiv, src[IR_TEX_SRC_comparator], q);
}

static const struct ir_type *
result_value(struct spirv_ctx *c, const uint32_t *w, enum ir_type_kind kind)
{
   const struct ir_type *t = spirv_value_type(c, spirv_result_type(c, w));
   if (kind != IR_TYPE_VOID && t->kind != kind)
      spirv_fail(c, "result type of the image instruction");
   if (t->kind != IR_TYPE_INT && t->kind != IR_TYPE_FLOAT)
      spirv_fail(c, "image result is not numeric");
   return t;
}

enum sample_flags { S_DREF = 1, S_PROJ = 2, S_EXPLICIT = 4 };

static enum sample_flags
sample_flags(SpvOp op)
{
   switch (op) {
   case SpvOpImageSampleImplicitLod: return 0;
   case SpvOpImageSampleExplicitLod: return S_EXPLICIT;
   case SpvOpImageSampleDrefImplicitLod: return S_DREF;
   case SpvOpImageSampleDrefExplicitLod: return S_DREF | S_EXPLICIT;
   case SpvOpImageSampleProjImplicitLod: return S_PROJ;
   case SpvOpImageSampleProjExplicitLod: return S_PROJ | S_EXPLICIT;
   case SpvOpImageSampleProjDrefImplicitLod: return S_PROJ | S_DREF;
   default: return S_PROJ | S_DREF | S_EXPLICIT;
   }
}

static void
sample(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n)
{
   enum sample_flags f = sample_flags(op);
   bool dref = f & S_DREF;
   need(c, n, 4 + dref + !!(f & S_EXPLICIT));
   struct ir_instr *src[IR_TEX_SRC_COUNT] = { 0 };
   struct image_use im = image_operand(c, w[2], true);
   src[IR_TEX_SRC_handle] = im.image;
   src[IR_TEX_SRC_sampler] = im.sampler;
   src[IR_TEX_SRC_coord] = number(c, w[3], IR_TYPE_FLOAT, "Coordinate");
   if (dref)
      src[IR_TEX_SRC_comparator] = number(c, w[4], IR_TYPE_FLOAT, "Dref");
   image_operands(c, w, n, 4 + dref, src);
   if (f & S_PROJ)
      project(c, src);
   bool lod = src[IR_TEX_SRC_lod] || src[IR_TEX_SRC_ddx];
   if (!!(f & S_EXPLICIT) != lod)
      spirv_fail(c, "%s sampling %s Lod or Grad", f & S_EXPLICIT ? "explicit-lod" : "implicit-lod",
                 f & S_EXPLICIT ? "without" : "with");
   if (src[IR_TEX_SRC_lod] && src[IR_TEX_SRC_lod]->type->kind != IR_TYPE_FLOAT)
      spirv_fail(c, "sampling Lod is not a float");
   enum ir_tex_op top = src[IR_TEX_SRC_ddx] ? IR_TEX_sample_grad
                      : src[IR_TEX_SRC_lod] ? IR_TEX_sample_lod
                      : src[IR_TEX_SRC_bias] ? IR_TEX_sample_bias : IR_TEX_sample;
   spirv_set_leaf(c, w, ir_tex(&c->b, top, result_value(c, w, IR_TYPE_VOID), src));
}

static void
fetch_or_gather(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n)
{
   bool gather = op != SpvOpImageFetch;
   need(c, n, 4 + gather);
   struct ir_instr *src[IR_TEX_SRC_COUNT] = { 0 };
   struct image_use im = image_operand(c, w[2], gather);
   src[IR_TEX_SRC_handle] = im.image;
   src[IR_TEX_SRC_sampler] = im.sampler;
   src[IR_TEX_SRC_coord] = number(c, w[3], gather ? IR_TYPE_FLOAT : IR_TYPE_INT, "Coordinate");
   if (op == SpvOpImageGather) {
      src[IR_TEX_SRC_component] = number(c, w[4], IR_TYPE_INT, "Component");
      if (src[IR_TEX_SRC_component]->type->comps != 1)
         spirv_fail(c, "gather component is not a scalar");
   } else if (op == SpvOpImageDrefGather) {
      src[IR_TEX_SRC_comparator] = number(c, w[4], IR_TYPE_FLOAT, "Dref");
   }
   image_operands(c, w, n, 4 + gather, src);
   if (!gather && (src[IR_TEX_SRC_bias] || src[IR_TEX_SRC_ddx] || src[IR_TEX_SRC_offsets]))
      spirv_fail(c, "image operand not allowed on OpImageFetch");
   if (gather && (src[IR_TEX_SRC_lod] || src[IR_TEX_SRC_ddx] || src[IR_TEX_SRC_sample]))
      spirv_fail(c, "image operand not allowed on a gather");
   spirv_set_leaf(c, w, ir_tex(&c->b, gather ? IR_TEX_gather : IR_TEX_fetch,
                               result_value(c, w, IR_TYPE_VOID), src));
}

static void
query(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n)
{
   static const struct { SpvOp spv; enum ir_tex_op op; unsigned srcs; } map[] = {
      { SpvOpImageQuerySizeLod, IR_TEX_query_size, 2 },
      { SpvOpImageQuerySize, IR_TEX_query_size, 1 },
      { SpvOpImageQueryLevels, IR_TEX_query_levels, 1 },
      { SpvOpImageQuerySamples, IR_TEX_query_samples, 1 },
      { SpvOpImageQueryLod, IR_TEX_query_lod, 2 },
   };
   unsigned i = 0;
   while (map[i].spv != op)
      i++;
   need(c, n, 2 + map[i].srcs);
   struct ir_instr *src[IR_TEX_SRC_COUNT] = { 0 };
   struct image_use im = image_operand(c, w[2], map[i].op == IR_TEX_query_lod);
   src[IR_TEX_SRC_handle] = im.image;
   src[IR_TEX_SRC_sampler] = im.sampler;
   if (op == SpvOpImageQuerySizeLod) {
      src[IR_TEX_SRC_lod] = number(c, w[3], IR_TYPE_INT, "Level of Detail");
      if (src[IR_TEX_SRC_lod]->type->comps != 1)
         spirv_fail(c, "Level of Detail is not a scalar");
   } else if (op == SpvOpImageQueryLod) {
      src[IR_TEX_SRC_coord] = number(c, w[3], IR_TYPE_FLOAT, "Coordinate");
   }
   enum ir_type_kind rk = op == SpvOpImageQueryLod ? IR_TYPE_FLOAT : IR_TYPE_INT;
   spirv_set_leaf(c, w, ir_tex(&c->b, map[i].op, result_value(c, w, rk), src));
}

/* A texel of a storage image (or input attachment); Sample defaults to 0. */
static struct ir_instr *
texel_pointer(struct spirv_ctx *c, struct ir_instr *image, uint32_t coord_id,
              struct ir_instr *sample, const struct ir_type *texel)
{
   const struct ir_type *it = image->type->pointee;
   if (it->kind != IR_TYPE_IMAGE || !it->storage_image)
      spirv_fail(c, "image is not a storage image or input attachment");
   struct ir_instr *coord = number(c, coord_id, IR_TYPE_INT, "Coordinate");
   if (!sample)
      sample = ir_imm_u32(&c->b, 0);
   else if (sample->type->kind != IR_TYPE_INT || sample->type->comps != 1)
      spirv_fail(c, "Sample operand is not an integer scalar");
   return ir_deref_texel(&c->b, image, coord, sample, texel);
}

static void
read_write(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n)
{
   bool write = op == SpvOpImageWrite;
   need(c, n, write ? 3 : 4);
   struct ir_instr *src[IR_TEX_SRC_COUNT] = { 0 };
   struct image_use im = image_operand(c, w[write ? 0 : 2], false);
   image_operands(c, w, n, write ? 3 : 4, src);
   if (src[IR_TEX_SRC_bias] || src[IR_TEX_SRC_lod] || src[IR_TEX_SRC_ddx] ||
       src[IR_TEX_SRC_offset] || src[IR_TEX_SRC_offsets] || src[IR_TEX_SRC_min_lod])
      spirv_fail(c, "image operand not allowed on a storage image access");
   if (write) {
      struct ir_instr *texel = number(c, w[2], IR_TYPE_VOID, "Texel");
      ir_store(&c->b, texel_pointer(c, im.image, w[1], src[IR_TEX_SRC_sample], texel->type),
               texel);
      return;
   }
   const struct ir_type *t = result_value(c, w, IR_TYPE_VOID);
   spirv_set_leaf(c, w, ir_load(&c->b, texel_pointer(c, im.image, w[3],
                                                      src[IR_TEX_SRC_sample], t)));
}

/* OpImageTexelPointer: the image operand is the variable (or element of a
 * descriptor array) itself; atomics then use the result like any pointer. */
static void
texel_pointer_instr(struct spirv_ctx *c, const uint32_t *w, uint32_t n)
{
   need(c, n, 5);
   struct stype *rt = spirv_result_type(c, w);
   struct sval *img = spirv_pointer(c, w[2]);
   if (rt->kind != ST_PTR || !is_value(rt->pointee) || img->type->pointee->kind != ST_IMAGE)
      spirv_fail(c, "OpImageTexelPointer operand types");
   struct ir_instr *sample = spirv_ssa_leaf(c, w[4]);
   struct ir_instr *p = texel_pointer(c, img->def, w[3], sample,
                                      spirv_value_type(c, rt->pointee));
   spirv_set_value(c, w[1], rt, spirv_new_leaf(c, rt, p));
}

/* OpSampledImage pairs an image with a sampler; OpImage takes it apart. */
static void
combine(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n)
{
   struct stype *rt = spirv_result_type(c, w);
   need(c, n, op == SpvOpSampledImage ? 4 : 3);
   struct image_use im = image_operand(c, w[2], op == SpvOpImage);
   struct sval *v = spirv_new_leaf(c, rt, im.image);
   if (op == SpvOpImage) {
      if (rt->kind != ST_IMAGE)
         spirv_fail(c, "OpImage result is not an image type");
   } else {
      struct sval *s = spirv_ssa(c, w[3]);
      if (rt->kind != ST_SAMPLED_IMAGE || s->type->kind != ST_SAMPLER || !s->def ||
          im.type->kind != IR_TYPE_IMAGE)
         spirv_fail(c, "OpSampledImage operand types");
      v->sampler = s->def;
   }
   spirv_set_value(c, w[1], rt, v);
}

bool
spirv_image_instr(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n)
{
   switch (op) {
   case SpvOpImageSampleImplicitLod: case SpvOpImageSampleExplicitLod:
   case SpvOpImageSampleDrefImplicitLod: case SpvOpImageSampleDrefExplicitLod:
   case SpvOpImageSampleProjImplicitLod: case SpvOpImageSampleProjExplicitLod:
   case SpvOpImageSampleProjDrefImplicitLod: case SpvOpImageSampleProjDrefExplicitLod:
      sample(c, op, w, n);
      return true;
   case SpvOpImageFetch: case SpvOpImageGather: case SpvOpImageDrefGather:
      fetch_or_gather(c, op, w, n);
      return true;
   case SpvOpImageQuerySizeLod: case SpvOpImageQuerySize: case SpvOpImageQueryLevels:
   case SpvOpImageQuerySamples: case SpvOpImageQueryLod:
      query(c, op, w, n);
      return true;
   case SpvOpImageRead: case SpvOpImageWrite:
      read_write(c, op, w, n);
      return true;
   case SpvOpImageTexelPointer:
      texel_pointer_instr(c, w, n);
      return true;
   case SpvOpSampledImage: case SpvOpImage:
      combine(c, op, w, n);
      return true;
   default:
      return false;
   }
}

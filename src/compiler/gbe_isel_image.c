/* Storage images and texel buffers, the sampler on buffers and size
 * queries (sampled images' other sampler messages: gbe_isel_tex.c).
 *
 *   imageLoad/Store/Atomic*   typed surface read/write/atomic messages
 *                             (PRM Vol 2d "Typed Surface Read/Write/Atomic
 *                             Operation"): Ivy Bridge's render cache,
 *                             data port 1 from Haswell (isa_send_encode
 *                             picks the shared function)
 *   imageSize, textureSize    the sampler's resinfo (Vol 2d "Sampler
 *                             Message Types")
 *   texelFetch on buffers     the sampler's ld; ld_lz from Gen9, which has
 *                             no LOD parameter
 *
 * Typed messages are SIMD8 only on these generations ("SIMD8 or SIMD4x2"):
 * a SIMD16 or SIMD32 access is one message per eight channels, each
 * naming its slot group (the low or high eight of a sixteen-channel half)
 * and sent with its quarter's execution mask.  Gen7-8 messages start with
 * a header whose DWord 7 bits 15:0 are the pixel/sample mask the data port
 * ANDs with the execution mask (Vol 2d "Message Header" of the typed
 * messages); a compute kernel sets all of them.  Gen9 dropped the header.
 *
 * The payload is one GRF per parameter: the coordinates (U, V, R: x, y
 * and the layer or z, as many as the image has; 1D arrays V = layer, cube
 * faces are layers), then the data (writes: the enabled channels R, G, B,
 * A; atomics: source 0 and, for compare-and-write, source 1).
 *
 * Formats.  A typed write converts from 32 bits per channel to every
 * storage format on every generation.  A typed read converts only the
 * formats isl lists as ISL_CAP_TYPED_READ for the generation; any other
 * declared format is read as raw bits and converted here, from an entry
 * the driver sets up as gbe.h describes (R32_UINT with texel_dwords words
 * per texel, or the format's UINT twin for 8/16-bit texels). */
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "bitcast.h"
#include "gbe_isel.h"
#include "isl.h"

/* ---- formats ---- */

/* SPIR-V Image Format (GLSL's layout qualifier) -> the surface format of
 * that layout; ISL_FORMAT_UNSUPPORTED for Unknown and the 64-bit ones. */
static enum isl_format
declared_format(uint32_t f)
{
   static const uint16_t map[] = {
      [SpvImageFormatRgba32f] = ISL_FORMAT_R32G32B32A32_FLOAT,
      [SpvImageFormatRgba16f] = ISL_FORMAT_R16G16B16A16_FLOAT,
      [SpvImageFormatR32f] = ISL_FORMAT_R32_FLOAT,
      [SpvImageFormatRgba8] = ISL_FORMAT_R8G8B8A8_UNORM,
      [SpvImageFormatRgba8Snorm] = ISL_FORMAT_R8G8B8A8_SNORM,
      [SpvImageFormatRg32f] = ISL_FORMAT_R32G32_FLOAT,
      [SpvImageFormatRg16f] = ISL_FORMAT_R16G16_FLOAT,
      [SpvImageFormatR11fG11fB10f] = ISL_FORMAT_R11G11B10_FLOAT,
      [SpvImageFormatR16f] = ISL_FORMAT_R16_FLOAT,
      [SpvImageFormatRgba16] = ISL_FORMAT_R16G16B16A16_UNORM,
      [SpvImageFormatRgb10A2] = ISL_FORMAT_R10G10B10A2_UNORM,
      [SpvImageFormatRg16] = ISL_FORMAT_R16G16_UNORM,
      [SpvImageFormatRg8] = ISL_FORMAT_R8G8_UNORM,
      [SpvImageFormatR16] = ISL_FORMAT_R16_UNORM,
      [SpvImageFormatR8] = ISL_FORMAT_R8_UNORM,
      [SpvImageFormatRgba16Snorm] = ISL_FORMAT_R16G16B16A16_SNORM,
      [SpvImageFormatRg16Snorm] = ISL_FORMAT_R16G16_SNORM,
      [SpvImageFormatRg8Snorm] = ISL_FORMAT_R8G8_SNORM,
      [SpvImageFormatR16Snorm] = ISL_FORMAT_R16_SNORM,
      [SpvImageFormatR8Snorm] = ISL_FORMAT_R8_SNORM,
      [SpvImageFormatRgba32i] = ISL_FORMAT_R32G32B32A32_SINT,
      [SpvImageFormatRgba16i] = ISL_FORMAT_R16G16B16A16_SINT,
      [SpvImageFormatRgba8i] = ISL_FORMAT_R8G8B8A8_SINT,
      [SpvImageFormatR32i] = ISL_FORMAT_R32_SINT,
      [SpvImageFormatRg32i] = ISL_FORMAT_R32G32_SINT,
      [SpvImageFormatRg16i] = ISL_FORMAT_R16G16_SINT,
      [SpvImageFormatRg8i] = ISL_FORMAT_R8G8_SINT,
      [SpvImageFormatR16i] = ISL_FORMAT_R16_SINT,
      [SpvImageFormatR8i] = ISL_FORMAT_R8_SINT,
      [SpvImageFormatRgba32ui] = ISL_FORMAT_R32G32B32A32_UINT,
      [SpvImageFormatRgba16ui] = ISL_FORMAT_R16G16B16A16_UINT,
      [SpvImageFormatRgba8ui] = ISL_FORMAT_R8G8B8A8_UINT,
      [SpvImageFormatR32ui] = ISL_FORMAT_R32_UINT,
      [SpvImageFormatRgb10a2ui] = ISL_FORMAT_R10G10B10A2_UINT,
      [SpvImageFormatRg32ui] = ISL_FORMAT_R32G32_UINT,
      [SpvImageFormatRg16ui] = ISL_FORMAT_R16G16_UINT,
      [SpvImageFormatRg8ui] = ISL_FORMAT_R8G8_UINT,
      [SpvImageFormatR16ui] = ISL_FORMAT_R16_UINT,
      [SpvImageFormatR8ui] = ISL_FORMAT_R8_UINT,
   };
   if (f == SpvImageFormatUnknown || f >= sizeof(map) / sizeof(map[0]) || !map[f])
      return ISL_FORMAT_UNSUPPORTED;
   return (enum isl_format)map[f];
}

static unsigned
verx10(enum isa_gen gen)
{
   static const unsigned v[ISA_GEN_COUNT] = {
      [ISA_GEN7] = 70, [ISA_GEN75] = 75, [ISA_GEN8] = 80, [ISA_GEN9] = 90,
      [ISA_GEN11] = 110, [ISA_GEN12] = 120,
   };
   return v[gen];
}

static bool
has_cap(struct gbe_ctx *c, enum isl_format f, uint32_t cap)
{
   return (isl_format_caps_verx10(verx10(c->p->gen), f) & cap) != 0;
}

/* The channels of a layout, R G B A as bits. */
static unsigned
channel_mask(const struct isl_format_layout *l)
{
   unsigned m = 0;
   for (unsigned k = 0; k < 4; k++)
      m |= isl_format_has_channel(l, (enum isl_component)k) ? 1u << k : 0;
   return m;
}

/* The UINT format with l's channels and sizes (for 8/16-bit texels read
 * raw), ISL_FORMAT_UNSUPPORTED when none. */
static enum isl_format
uint_twin(const struct isl_format_layout *l)
{
   for (unsigned i = 0;; i++) {
      const struct isl_format_layout *t = isl_format_layout_at(i);
      if (!t)
         return ISL_FORMAT_UNSUPPORTED;
      if (t->bpb != l->bpb || isl_format_is_compressed(t))
         continue;
      bool same = true;
      for (unsigned k = 0; k < ISL_COMPONENTS && same; k++) {
         bool has = l->ch[k].type != ISL_VOID;
         same = has ? t->ch[k].type == ISL_UINT && t->ch[k].bits == l->ch[k].bits &&
                      t->ch[k].shift == l->ch[k].shift
                    : t->ch[k].type == ISL_VOID;
      }
      if (same)
         return (enum isl_format)t->format;
   }
}

/* How a read of a declared format reaches the texels. */
enum read_mode {
   READ_DIRECT,    /* the data port converts: the entry has the format */
   READ_DWORDS,    /* R32_UINT, texel_dwords words per texel */
   READ_CHANNELS,  /* the UINT twin: each channel's bits zero-extended */
};

struct read_plan {
   enum read_mode mode;
   uint32_t entry_format;      /* for gbe_binding */
   uint32_t texel_dwords;
   const struct isl_format_layout *layout;   /* the declared format's; NULL: unknown */
};

static bool
plan_read(struct gbe_ctx *c, struct ir_instr *i, enum isl_format f, struct read_plan *r)
{
   *r = (struct read_plan){ .mode = READ_DIRECT, .entry_format = GBE_FORMAT_VIEW,
                            .texel_dwords = 1 };
   if (f == ISL_FORMAT_UNSUPPORTED)
      return true;   /* without a format: the view's, which must convert */
   r->layout = isl_format_layout(f);
   r->entry_format = f;
   if (has_cap(c, f, ISL_CAP_TYPED_READ))
      return true;
   if (r->layout->bpb >= 32) {
      r->mode = READ_DWORDS;
      r->entry_format = ISL_FORMAT_R32_UINT;
      r->texel_dwords = r->layout->bpb / 32;
      return true;
   }
   enum isl_format twin = uint_twin(r->layout);
   if (twin == ISL_FORMAT_UNSUPPORTED || !has_cap(c, twin, ISL_CAP_TYPED_READ))
      return gbe_fail(c->p, "%%%u: a typed read of %s on %s: the data port cannot read "
                      "%u-bit texels (untyped access is not implemented)", i->index,
                      r->layout->name, isa_gen_name(c->p->gen), r->layout->bpb);
   r->mode = READ_CHANNELS;
   r->entry_format = twin;
   return true;
}

/* ---- the image an access names ---- */

struct image {
   const struct ir_var *var;
   const struct ir_type *type;     /* the image type */
   struct gbe_reg element;         /* array element: immediate, per channel, or GBE_BAD */
   enum isl_format format;         /* declared; UNSUPPORTED: Unknown */
   enum gbe_surface_kind kind;
};

static bool
image_of(struct gbe_ctx *c, struct ir_instr *handle, struct image *im)
{
   *im = (struct image){ .element = { .file = GBE_BAD } };
   if (handle->op == IR_OP_deref_array) {
      struct gbe_addr a;
      if (!gbe_descriptor_element(c, handle, &a))
         return false;
      im->element = a.element;
      handle = handle->srcs[0];
   }
   if (handle->op != IR_OP_deref_var)
      return gbe_fail(c->p, "%%%u: an image that is not a descriptor", handle->index);
   im->var = handle->var;
   im->type = im->var->type->kind == IR_TYPE_ARRAY ? im->var->type->elem : im->var->type;
   im->format = declared_format(im->type->format);
   im->kind = im->type->dim == IR_DIM_buffer ? GBE_SURFACE_TEXEL_BUFFER
              : im->type->storage_image ? GBE_SURFACE_IMAGE : GBE_SURFACE_SAMPLED_IMAGE;
   return true;
}

/* The binding table index of an entry of the image (an element picked at
 * run time is added by gbe_send). */
static bool
entry(struct gbe_ctx *c, const struct image *im, uint32_t format, uint32_t dwords,
      unsigned *bti)
{
   uint32_t first = gbe_binding_entry(c, im->var, im->kind, format, dwords);
   if (first == UINT32_MAX)
      return false;
   *bti = first + (im->element.file == GBE_IMM ? (uint32_t)im->element.imm : 0);
   return true;
}

/* The entry with the view's own extent: writes, atomics and size queries
 * (and reads the data port converts). */
static uint32_t
natural_format(const struct image *im)
{
   return im->format == ISL_FORMAT_UNSUPPORTED ? GBE_FORMAT_VIEW : (uint32_t)im->format;
}

/* ---- typed messages ---- */

struct typed {
   enum isa_msg msg;
   unsigned bti;
   unsigned naddr;
   struct gbe_reg addr[4];     /* per channel, UD */
   unsigned ndata;
   struct gbe_reg data[4];     /* per channel, 32 bits */
   uint8_t channel_mask;
   enum isa_atomic_op atomic;
   unsigned rlen;              /* GRFs of reply per eight channels */
};

static unsigned
header_regs(struct gbe_ctx *c)
{
   return c->p->gen <= ISA_GEN8 ? 1 : 0;
}

/* One SIMD8 message for channels [g, g + 8): returns the reply (rlen
 * GRFs, a channel per dword) or GBE_BAD. */
static struct gbe_reg
typed_send(struct gbe_ctx *c, const struct typed *t, unsigned g)
{
   unsigned h = header_regs(c), n = h + t->naddr + t->ndata;
   struct gbe_reg pl = gbe_vreg(c->p, ISA_TYPE_UD, 8 * n);
   struct gbe_builder saved = c->b;
   if (h) {
      c->b.exec_size = 8;
      c->b.group = 0;
      c->b.we_all = true;
      gbe_alu1(&c->b, ISA_OP_MOV, pl, gbe_imm(ISA_TYPE_UD, 0));
      c->b.exec_size = 1;
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_offset(pl, 28), gbe_imm(ISA_TYPE_UD, 0xffff));
      c->b = saved;
   }
   c->b.exec_size = 8;
   c->b.group = (uint8_t)g;
   for (unsigned k = 0; k < t->naddr; k++)
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_offset(pl, (h + k) * 32),
               gbe_retype(gbe_channel(t->addr[k], g), ISA_TYPE_UD));
   for (unsigned k = 0; k < t->ndata; k++)
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_offset(pl, (h + t->naddr + k) * 32),
               gbe_retype(gbe_channel(t->data[k], g), ISA_TYPE_UD));
   struct gbe_reg resp = t->rlen ? gbe_vreg(c->p, ISA_TYPE_UD, 8 * t->rlen)
                                 : gbe_null(ISA_TYPE_UD);
   struct isa_send_msg m = {
      .msg = t->msg, .bti = (uint8_t)t->bti, .simd = 8, .slot_group_hi = (g / 8) & 1,
      .header = h != 0, .channel_mask = t->channel_mask, .atomic = t->atomic,
      .returns_data = t->msg == ISA_MSG_TYPED_ATOMIC && t->rlen,
      .mlen = (uint8_t)n, .rlen = (uint8_t)t->rlen, .write = t->msg != ISA_MSG_TYPED_READ,
   };
   struct gbe_inst *s = gbe_send(c, &m, resp, pl);
   c->b = saved;
   return s ? resp : (struct gbe_reg){ .file = GBE_BAD };
}

/* Sends t for every eight channels; reply k of group g lands in
 * out[k]'s channels [g, g + 8) (full-width UD registers). */
static bool
typed_all(struct gbe_ctx *c, const struct typed *t, struct gbe_reg *out)
{
   for (unsigned g = 0; g < c->p->simd; g += 8) {
      struct gbe_reg resp = typed_send(c, t, g);
      if (resp.file == GBE_BAD)
         return false;
      struct gbe_builder saved = c->b;
      c->b.exec_size = 8;
      c->b.group = (uint8_t)g;
      for (unsigned k = 0; k < t->rlen; k++)
         gbe_alu1(&c->b, ISA_OP_MOV, gbe_channel(out[k], g), gbe_offset(resp, k * 32));
      c->b = saved;
   }
   return true;
}

/* The coordinates of a deref_texel, one UD register per component. */
static unsigned
coords(struct gbe_ctx *c, struct ir_instr *texel, struct gbe_reg *out)
{
   struct ir_instr *co = texel->srcs[1];
   struct gbe_reg *v = gbe_val(c, co);
   unsigned n = co->type->comps;
   for (unsigned k = 0; k < n && k < 3; k++)
      out[k] = gbe_retype(v[k], ISA_TYPE_UD);
   return n < 3 ? n : 3;
}

/* x * dwords + k: the R32_UINT element of a texel's dword k. */
static struct gbe_reg
raw_x(struct gbe_ctx *c, struct gbe_reg x, unsigned dwords, unsigned k)
{
   struct gbe_reg r = gbe_tmp(c, ISA_TYPE_UD);
   gbe_alu2(&c->b, ISA_OP_SHL, r, x, gbe_imm(ISA_TYPE_UD, (uint32_t)__builtin_ctz(dwords)));
   if (k)
      gbe_alu2(&c->b, ISA_OP_ADD, r, r, gbe_imm(ISA_TYPE_UD, k));
   return r;
}

/* ---- conversion of raw channels (Vulkan "Conversion from Normalized
 * Fixed-Point to Floating-Point", "Floating Point Conversions") ---- */

static void
sign_extend(struct gbe_ctx *c, struct gbe_reg d, struct gbe_reg bits, unsigned n)
{
   if (n == 32) {
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(d, ISA_TYPE_D), gbe_retype(bits, ISA_TYPE_D));
      return;
   }
   gbe_alu2(&c->b, ISA_OP_SHL, gbe_retype(d, ISA_TYPE_D), gbe_retype(bits, ISA_TYPE_D),
            gbe_imm(ISA_TYPE_UD, 32 - n));
   gbe_alu2(&c->b, ISA_OP_ASR, gbe_retype(d, ISA_TYPE_D), gbe_retype(d, ISA_TYPE_D),
            gbe_imm(ISA_TYPE_UD, 32 - n));
}

/* The unsigned 11- and 10-bit floats of R11G11B10 are half floats
 * without the sign and with fewer mantissa bits (5 exponent bits, bias
 * 15): shifted into place they convert as halves. */
static void
small_float(struct gbe_ctx *c, struct gbe_reg d, struct gbe_reg bits, unsigned n)
{
   struct gbe_reg h = gbe_tmp(c, ISA_TYPE_UD);
   gbe_alu2(&c->b, ISA_OP_SHL, h, bits, gbe_imm(ISA_TYPE_UD, 16 - n));
   gbe_half_bits_to_f32(c, d, h);
}

/* Channel value d (the IR's 32-bit component) from its raw bits. */
static void
convert_channel(struct gbe_ctx *c, struct gbe_reg d, struct gbe_reg bits,
                const struct isl_channel *ch)
{
   unsigned n = ch->bits;
   switch (ch->type) {
   case ISL_UINT:
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(d, ISA_TYPE_UD), bits);
      return;
   case ISL_SINT:
      sign_extend(c, d, bits, n);
      return;
   case ISL_UNORM: {
      struct gbe_reg f = gbe_retype(d, ISA_TYPE_F);
      gbe_alu1(&c->b, ISA_OP_MOV, f, bits);
      gbe_alu2(&c->b, ISA_OP_MUL, f, f, gbe_imm(ISA_TYPE_F, util_f32_bits(1.0f / (float)((1u << n) - 1))));
      return;
   }
   case ISL_SNORM: {
      /* c / (2^(n-1) - 1), the most negative code clamped to -1 */
      struct gbe_reg s = gbe_tmp(c, ISA_TYPE_D), f = gbe_retype(d, ISA_TYPE_F);
      sign_extend(c, s, bits, n);
      gbe_alu1(&c->b, ISA_OP_MOV, f, s);
      gbe_alu2(&c->b, ISA_OP_MUL, f, f,
               gbe_imm(ISA_TYPE_F, util_f32_bits(1.0f / (float)((1u << (n - 1)) - 1))));
      struct gbe_inst *m = gbe_alu2(&c->b, ISA_OP_SEL, f, f, gbe_imm(ISA_TYPE_F, util_f32_bits(-1.0f)));
      m->cmod = ISA_CMOD_GE;
      return;
   }
   case ISL_SFLOAT:
      if (n == 16)
         gbe_half_bits_to_f32(c, d, bits);
      else
         gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(d, ISA_TYPE_UD), bits);
      return;
   case ISL_UFLOAT:
      small_float(c, d, bits, n);
      return;
   default:
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(d, ISA_TYPE_UD), gbe_imm(ISA_TYPE_UD, 0));
      return;
   }
}

/* Bits [shift, shift + n) of the packed texel words. */
static struct gbe_reg
extract_bits(struct gbe_ctx *c, const struct gbe_reg *dw, unsigned shift, unsigned n)
{
   struct gbe_reg w = dw[shift / 32];
   if (n == 32)
      return w;
   struct gbe_reg r = gbe_tmp(c, ISA_TYPE_UD);
   if (shift % 32)
      gbe_alu2(&c->b, ISA_OP_SHR, r, w, gbe_imm(ISA_TYPE_UD, shift % 32));
   else
      gbe_alu1(&c->b, ISA_OP_MOV, r, w);
   if (shift % 32 + n < 32)
      gbe_alu2(&c->b, ISA_OP_AND, r, r, gbe_imm(ISA_TYPE_UD, (1u << n) - 1));
   return r;
}

/* What a read returns for a channel the format lacks: 0, alpha 1 (an
 * integer 1 for integer formats, else 1.0). */
static struct gbe_reg
missing_channel(unsigned k, bool is_float)
{
   if (k < 3)
      return gbe_imm(ISA_TYPE_UD, 0);
   return gbe_imm(ISA_TYPE_UD, is_float ? 0x3f800000u : 1);
}

/* ---- loads, stores, atomics ---- */

static bool
texel_load(struct gbe_ctx *c, struct ir_instr *i, const struct image *im, struct typed *t)
{
   struct read_plan rp;
   if (!plan_read(c, i, im->format, &rp) || !entry(c, im, rp.entry_format, rp.texel_dwords, &t->bti))
      return false;
   struct gbe_reg *d = gbe_def(c, i);
   if (!d)
      return false;
   unsigned comps = i->type->comps;
   bool is_float = i->type->kind == IR_TYPE_FLOAT;
   t->msg = ISA_MSG_TYPED_READ;
   if (rp.mode == READ_DWORDS) {
      struct gbe_reg dw[4], x = t->addr[0];
      t->channel_mask = 1;
      t->rlen = 1;
      for (unsigned k = 0; k < rp.texel_dwords; k++) {
         dw[k] = gbe_tmp(c, ISA_TYPE_UD);
         t->addr[0] = raw_x(c, x, rp.texel_dwords, k);
         if (!typed_all(c, t, &dw[k]))
            return false;
      }
      for (unsigned k = 0; k < comps && k < 4; k++) {
         const struct isl_channel *ch = &rp.layout->ch[k];
         if (ch->type == ISL_VOID)
            gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(d[k], ISA_TYPE_UD), missing_channel(k, is_float));
         else
            convert_channel(c, d[k], extract_bits(c, dw, ch->shift, ch->bits), ch);
      }
      return true;
   }
   unsigned have = rp.layout ? channel_mask(rp.layout) : 0xf;
   struct gbe_reg raw[4];
   unsigned n = 0;
   for (unsigned k = 0; k < 4; k++) {
      if ((have >> k) & 1)
         raw[n++] = gbe_tmp(c, ISA_TYPE_UD);
   }
   t->channel_mask = (uint8_t)have;
   t->rlen = n;
   if (!typed_all(c, t, raw))
      return false;
   for (unsigned k = 0, slot = 0; k < comps && k < 4; k++) {
      if (!((have >> k) & 1)) {
         gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(d[k], ISA_TYPE_UD), missing_channel(k, is_float));
         continue;
      }
      struct gbe_reg r = raw[slot++];
      if (rp.mode == READ_CHANNELS)
         convert_channel(c, d[k], r, &rp.layout->ch[k]);
      else
         gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(d[k], ISA_TYPE_UD), r);
   }
   return true;
}

static bool
texel_store(struct gbe_ctx *c, struct ir_instr *i, const struct image *im, struct typed *t)
{
   if (im->format != ISL_FORMAT_UNSUPPORTED && !has_cap(c, im->format, ISL_CAP_TYPED_WRITE))
      return gbe_fail(c->p, "%%%u: %s cannot be written by typed messages on %s", i->index,
                      isl_format_layout(im->format)->name, isa_gen_name(c->p->gen));
   if (!entry(c, im, natural_format(im), 1, &t->bti))
      return false;
   struct ir_instr *val = i->srcs[1];
   struct gbe_reg *v = gbe_val(c, val);
   unsigned have = im->format == ISL_FORMAT_UNSUPPORTED ? 0xf
                   : channel_mask(isl_format_layout(im->format));
   have &= (1u << val->type->comps) - 1;
   t->msg = ISA_MSG_TYPED_WRITE;
   t->channel_mask = (uint8_t)have;
   for (unsigned k = 0; k < 4; k++) {
      if ((have >> k) & 1)
         t->data[t->ndata++] = v[k];
   }
   return typed_all(c, t, NULL);
}

/* Typed atomics work on R32_UINT and R32_SINT surfaces (isl
 * ISL_CAP_TYPED_ATOMIC); exchanges on other 32-bit formats (r32f) go
 * through an R32_UINT entry, as the bits are what moves. */
static bool
texel_atomic(struct gbe_ctx *c, struct ir_instr *i, const struct image *im, struct typed *t)
{
   uint32_t fmt = natural_format(im);
   bool bits_only = i->imm == IR_ATOMIC_xchg || i->imm == IR_ATOMIC_cmpxchg;
   if (im->format != ISL_FORMAT_UNSUPPORTED && !has_cap(c, im->format, ISL_CAP_TYPED_ATOMIC)) {
      if (!bits_only || isl_format_layout(im->format)->bpb != 32)
         return gbe_fail(c->p, "%%%u: typed atomics on %s do not exist on %s", i->index,
                         isl_format_layout(im->format)->name, isa_gen_name(c->p->gen));
      fmt = ISL_FORMAT_R32_UINT;
   }
   if (i->type->bits != 32)
      return gbe_fail(c->p, "%%%u: %u-bit image atomics are not supported yet", i->index,
                      i->type->bits);
   if (!entry(c, im, fmt, 1, &t->bti))
      return false;
   struct gbe_reg *d = gbe_def(c, i);
   if (!d)
      return false;
   bool cmp = i->imm == IR_ATOMIC_cmpxchg;
   /* compare-and-write: source 0 is the comparand, source 1 the new
    * value (PRM "AOP_CMPWR") */
   t->data[t->ndata++] = gbe_val(c, cmp ? i->srcs[2] : i->srcs[1])[0];
   if (cmp)
      t->data[t->ndata++] = gbe_val(c, i->srcs[1])[0];
   t->msg = ISA_MSG_TYPED_ATOMIC;
   t->atomic = gbe_isa_atomic_op((enum ir_atomic_op)i->imm);
   t->rlen = 1;
   struct gbe_reg out = gbe_retype(d[0], ISA_TYPE_UD);
   return typed_all(c, t, &out);
}

static bool
texel_access(struct gbe_ctx *c, struct ir_instr *i, const struct gbe_addr *a)
{
   (void)a;
   struct ir_instr *texel = i->srcs[0];
   struct image im;
   if (!image_of(c, texel->srcs[0], &im))
      return false;
   if (im.type->ms)
      return gbe_fail(c->p, "%%%u: multisampled storage images are not supported yet (vgpu "
                      "models no multisampled surface)", i->index);
   struct typed t;
   memset(&t, 0, sizeof(t));
   t.naddr = coords(c, texel, t.addr);
   switch (i->op) {
   case IR_OP_load:
      return texel_load(c, i, &im, &t);
   case IR_OP_store:
      return texel_store(c, i, &im, &t);
   default:
      return texel_atomic(c, i, &im, &t);
   }
}

bool
gbe_isel_texel(struct gbe_ctx *c, struct ir_instr *i)
{
   struct image im;
   if (!image_of(c, i->srcs[0]->srcs[0], &im))
      return false;
   struct gbe_addr a = { .var = (struct ir_var *)im.var, .dyn = { .file = GBE_BAD },
                         .element = im.element };
   if (im.element.file == GBE_VGRF)
      return gbe_dynamic_element(c, i, &a, texel_access);
   return texel_access(c, i, &a);
}

/* ---- the sampler: resinfo and ld on buffers ---- */

static unsigned
sampler_width(struct gbe_ctx *c)
{
   return c->p->simd > 16 ? 16 : c->p->simd;
}

/* One sampler message per sixteen channels: params GRF groups of
 * per-channel values (UD), reply `comps` components into d. */
static bool
sampler_all(struct gbe_ctx *c, unsigned type, unsigned bti, const struct gbe_reg *params,
            unsigned nparams, struct gbe_reg *d, unsigned comps)
{
   unsigned w = sampler_width(c), regs = w / 8;
   for (unsigned g = 0; g < c->p->simd; g += w) {
      struct gbe_builder saved = c->b;
      c->b.exec_size = (uint8_t)w;
      c->b.group = (uint8_t)g;
      struct gbe_reg pl = gbe_vreg(c->p, ISA_TYPE_UD, w * nparams);
      for (unsigned k = 0; k < nparams; k++)
         gbe_alu1(&c->b, ISA_OP_MOV, gbe_offset(pl, k * w * 4),
                  gbe_retype(gbe_channel(params[k], g), ISA_TYPE_UD));
      struct gbe_reg resp = gbe_vreg(c->p, ISA_TYPE_UD, w * 4);
      struct isa_send_msg m = {
         .msg = ISA_MSG_SAMPLER, .type = (uint8_t)type, .bti = (uint8_t)bti, .simd = (uint8_t)w,
         .mlen = (uint8_t)(regs * nparams), .rlen = (uint8_t)(regs * 4),
      };
      if (!gbe_send(c, &m, resp, pl))
         return false;
      for (unsigned k = 0; k < comps; k++)
         gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(gbe_channel(d[k], g), ISA_TYPE_UD),
                  gbe_offset(resp, k * w * 4));
      c->b = saved;
   }
   return true;
}

static struct ir_instr *
tex_src(struct ir_instr *i, enum ir_tex_src s)
{
   int at = ir_tex_src_index(i, s);
   return at < 0 ? NULL : i->srcs[at];
}

/* imageSize/textureSize: resinfo with the LOD (0 for storage images)
 * gives width, height and depth or layers (PRM "resinfo": 1D arrays their
 * layers as the height, 2D arrays and cubes as the depth). */
static bool
query_size(struct gbe_ctx *c, struct ir_instr *i, const struct image *im)
{
   unsigned bti;
   if (!entry(c, im, im->kind == GBE_SURFACE_TEXEL_BUFFER && !im->type->storage_image
                         ? GBE_FORMAT_VIEW : natural_format(im), 1, &bti))
      return false;
   struct ir_instr *lod = tex_src(i, IR_TEX_SRC_lod);
   struct gbe_reg l = lod ? gbe_val(c, lod)[0] : gbe_imm(ISA_TYPE_UD, 0);
   struct gbe_reg *d = gbe_def(c, i);
   return d && sampler_all(c, ISA_SAMPLER_RESINFO, bti, &l, 1, d, i->type->comps);
}

/* texelFetch on a uniform texel buffer: ld with (u, lod 0) on Gen7/8,
 * ld_lz with u from Gen9 (PRM "Sampler Message Types": the _lz forms take
 * no LOD).  The view's own format: the sampler converts every format a
 * uniform texel buffer can have. */
static bool
fetch_buffer(struct gbe_ctx *c, struct ir_instr *i, const struct image *im)
{
   unsigned bti;
   if (!entry(c, im, GBE_FORMAT_VIEW, 1, &bti))
      return false;
   struct gbe_reg p[2] = { gbe_val(c, tex_src(i, IR_TEX_SRC_coord))[0], gbe_imm(ISA_TYPE_UD, 0) };
   struct gbe_reg *d = gbe_def(c, i);
   bool lz = c->p->gen >= ISA_GEN9;
   return d && sampler_all(c, lz ? ISA_SAMPLER_LD_LZ : ISA_SAMPLER_LD, bti, p, lz ? 1 : 2, d,
                           i->type->comps);
}

static bool
tex_access(struct gbe_ctx *c, struct ir_instr *i, const struct gbe_addr *a)
{
   (void)a;
   struct image im;
   if (!image_of(c, tex_src(i, IR_TEX_SRC_handle), &im))
      return false;
   enum ir_tex_op op = (enum ir_tex_op)(i->imm & 0xff);
   if (im.type->ms && op == IR_TEX_query_size)
      return gbe_fail(c->p, "%%%u (tex.%s): multisampled images are not supported yet",
                      i->index, ir_tex_op_names[op]);
   if (op == IR_TEX_query_size)
      return query_size(c, i, &im);
   if (op == IR_TEX_fetch && im.type->dim == IR_DIM_buffer)
      return fetch_buffer(c, i, &im);
   if (im.kind != GBE_SURFACE_SAMPLED_IMAGE)
      return gbe_fail(c->p, "%%%u (tex.%s): the sampler on a storage image", i->index,
                      ir_tex_op_names[op]);
   unsigned bti;
   return entry(c, &im, GBE_FORMAT_VIEW, 1, &bti) &&
          gbe_isel_sampled(c, i, im.var, im.element, bti);
}

bool
gbe_isel_tex(struct gbe_ctx *c, struct ir_instr *i)
{
   struct ir_instr *h = tex_src(i, IR_TEX_SRC_handle);
   struct image im;
   if (!h || !image_of(c, h, &im))
      return false;
   struct gbe_addr a = { .var = (struct ir_var *)im.var, .dyn = { .file = GBE_BAD },
                         .element = im.element };
   if (im.element.file == GBE_VGRF)
      return gbe_dynamic_element(c, i, &a, tex_access);
   return tex_access(c, i, &a);
}

/* Sampler messages on sampled images (PRM Vol 2d "Sampling Engine":
 * "Message Types", "Message Payload", "Message Header").
 *
 *   textureLod            sample_l; sample_lz from Gen9 when the LOD is a
 *                         constant 0 (the _lz forms have no LOD parameter)
 *   shadow textureLod     sample_l_c; sample_c_lz likewise
 *   textureGrad           sample_d (sample_d_c for shadow: Haswell on)
 *   texelFetch            ld (Gen7-8: u, lod, v, r; Gen9: u, v, lod, r);
 *                         ld_lz from Gen9 for a constant LOD 0
 *   textureGather         gather4 / gather4_c, the channel in the header;
 *                         offsets outside the header's range or not
 *                         constant: gather4_po / gather4_po_c (2D)
 *   textureGatherOffsets  four gathers, each its own offset, each giving
 *                         the footprint's i0j0 texel (its W)
 *   textureQueryLevels    resinfo's W (the MIP count)
 *   textureSamples        sampleinfo's R
 * textureSize is resinfo in gbe_isel_image.c, as for storage images.
 *
 * Parameters are one per channel, SIMD8 or SIMD16 (a SIMD32 kernel sends
 * one message per sixteen channels); in the order of the payload tables:
 * [reference] [LOD] u v r ai, the coordinates as the image has them (1D
 * arrays their layer as v, 2D arrays as r, cube arrays as ai).  The
 * sampler takes at most 11 payload GRFs (Mesa's MAX_SAMPLER_MESSAGE_SIZE),
 * so a message with more than five parameters goes out SIMD8.  The array
 * layer of a sample or gather is the float the shader gives: the sampler
 * rounds it to the nearest even integer and clamps it itself, as Vulkan's
 * "(u,v,w,a) to (i,j,k,l)" step asks.
 *
 * The header (a copy of R0, whose DWord 3 carries the Sampler State
 * Pointer) is sent when DWord 2 has something to say: constant texel
 * offsets (bits 11:8 u, 7:4 v, 3:0 r, four-bit two's complement), the
 * gather channel (bits 17:16), and for sampleinfo, which has no
 * parameter.  A sampler index beyond 15 (the descriptor's four bits)
 * moves the header's state pointer on by 16 states per 16.
 *
 * Implicit LODs (sample, sample_b and their shadow forms) only in
 * fragment shaders, whose messages carry whole 2x2 subspans for the
 * sampler to take the LOD from (PRM Vol 2d "Sampler" message types);
 * a compute shader has no subspans.
 *
 *   texelFetch (MS)       ld2dms (Gen8), ld2dms_w (Gen9+) with a zero MCS
 *
 *   textureQueryLod       lod (fragment shaders: its subspans' derivatives)
 *
 * Not here: MCS-compressed fetches, gradients on cube maps
 * (Mesa turns those into an explicit LOD), min LOD before Gen9. */
#include <string.h>

#include "gbe_isel.h"

#define MAX_PARAMS 12
/* PRM Vol 2d "Message Length": the sampler reads at most 11 GRFs */
#define MAX_SAMPLER_REGS 11

struct smsg {
   unsigned type;
   unsigned n;
   struct gbe_reg p[MAX_PARAMS];   /* per channel, or immediates */
   bool header;
   uint32_t m2;                    /* header DWord 2 */
   unsigned bti, sampler;
   bool dyn_sampler;               /* the sampler index follows c->dyn_element */
};

struct tex {
   struct ir_instr *i;
   enum ir_tex_op op;
   const struct ir_type *type;     /* the image type */
   unsigned bti;
   unsigned sampler;
   bool has_sampler, dyn_sampler;
};

static struct ir_instr *
src_of(struct ir_instr *i, enum ir_tex_src s)
{
   int at = ir_tex_src_index(i, s);
   return at < 0 ? NULL : i->srcs[at];
}

static bool
decline(struct gbe_ctx *c, const struct tex *t, const char *what)
{
   return gbe_fail(c->p, "%%%u (tex.%s): %s is not supported yet", t->i->index,
                   ir_tex_op_names[t->op], what);
}

static bool
is_zero_const(const struct ir_instr *v)
{
   return v && v->op == IR_OP_const && (v->value[0] & 0x7fffffffu) == 0;
}

/* ---- the message ---- */

/* Parameters are copied into the payload as raw dwords (UD moves): a
 * 32-bit immediate keeps its bits as UD, since a move of a float
 * immediate to a UD destination converts it (a constant reference of 0.5
 * would reach the sampler as 0). */
static void
add(struct smsg *m, struct gbe_reg r)
{
   bool keep = r.file == GBE_IMM && isa_type_size((enum isa_type)r.type) != 4;
   m->p[m->n++] = keep ? r : gbe_retype(r, ISA_TYPE_UD);
}

static unsigned
width_of(struct gbe_ctx *c, const struct smsg *m)
{
   unsigned w = c->p->simd > 16 ? 16 : c->p->simd;
   return m->header + 2 * m->n > MAX_SAMPLER_REGS ? 8 : w;
}

static void
fill_header(struct gbe_ctx *c, const struct smsg *m, struct gbe_reg hdr)
{
   struct gbe_builder saved = c->b;
   c->b.exec_size = 8;
   c->b.group = 0;
   c->b.we_all = true;
   gbe_alu1(&c->b, ISA_OP_MOV, hdr, gbe_fixed(0, 0, ISA_TYPE_UD, 1));
   c->b.exec_size = 1;
   gbe_alu1(&c->b, ISA_OP_MOV, gbe_offset(hdr, 8), gbe_imm(ISA_TYPE_UD, m->m2));
   if (m->sampler >= 16)
      gbe_alu2(&c->b, ISA_OP_ADD, gbe_offset(hdr, 12), gbe_fixed(0, 12, ISA_TYPE_UD, 0),
               gbe_imm(ISA_TYPE_UD, (m->sampler / 16) * 16 * 16));
   c->b = saved;
}

/* A send whose surface and sampler both follow the descriptor array
 * element picked at run time (a combined image sampler array): a0.0 is
 * the descriptor with the binding table index (bits 7:0) and the sampler
 * index (bits 11:8) added. */
static struct gbe_inst *
send_dyn_sampler(struct gbe_ctx *c, const struct isa_send_msg *m, struct gbe_reg dst,
                 struct gbe_reg pl)
{
   struct isa_send_msg m0 = *m;
   m0.bti = 0;
   m0.sampler = 0;
   struct gbe_builder saved = c->b;
   c->b.exec_size = 1;
   c->b.group = 0;
   c->b.we_all = true;
   struct gbe_reg bti = gbe_vreg(c->p, ISA_TYPE_UD, 1), smp = gbe_vreg(c->p, ISA_TYPE_UD, 1);
   gbe_alu2(&c->b, ISA_OP_ADD, bti, c->dyn_element, gbe_imm(ISA_TYPE_UD, m->bti));
   gbe_alu2(&c->b, ISA_OP_ADD, smp, c->dyn_element, gbe_imm(ISA_TYPE_UD, m->sampler));
   gbe_alu2(&c->b, ISA_OP_SHL, smp, gbe_scalar(smp, 0), gbe_imm(ISA_TYPE_UD, 8));
   gbe_alu2(&c->b, ISA_OP_OR, bti, gbe_scalar(bti, 0), gbe_scalar(smp, 0));
   struct gbe_reg a0 = { .file = GBE_ARF, .type = ISA_TYPE_UD, .nr = ISA_ARF_ADDRESS };
   struct gbe_inst *o = gbe_alu2(&c->b, ISA_OP_OR, a0, gbe_scalar(bti, 0), gbe_imm(ISA_TYPE_UD, 0));
   c->b = saved;
   struct gbe_inst *s = gbe_emit_send(c, &m0, dst, pl, a0);
   if (s)
      o->src[1].imm = s->desc;
   return s;
}

/* Sends m for every w channels; d[k] gets reply component pick[k]. */
static bool
send_all(struct gbe_ctx *c, const struct smsg *m, struct gbe_reg *d, const unsigned *pick,
         unsigned comps)
{
   unsigned w = width_of(c, m), regs = w / 8, h = m->header ? 1 : 0;
   for (unsigned g = 0; g < c->p->simd; g += w) {
      struct gbe_builder saved = c->b;
      struct gbe_reg pl = gbe_vreg(c->p, ISA_TYPE_UD, 8 * h + w * m->n);
      if (h)
         fill_header(c, m, pl);
      c->b.exec_size = (uint8_t)w;
      c->b.group = (uint8_t)g;
      for (unsigned k = 0; k < m->n; k++) {
         struct gbe_reg s = m->p[k].file == GBE_IMM ? m->p[k] : gbe_channel(m->p[k], g);
         gbe_alu1(&c->b, ISA_OP_MOV, gbe_offset(pl, 32 * h + k * w * 4), s);
      }
      struct gbe_reg resp = gbe_vreg(c->p, ISA_TYPE_UD, w * 4);
      struct isa_send_msg msg = {
         .msg = ISA_MSG_SAMPLER, .type = (uint8_t)m->type, .bti = (uint8_t)m->bti,
         .sampler = (uint8_t)(m->sampler % 16), .simd = (uint8_t)w, .header = h != 0,
         .mlen = (uint8_t)(h + regs * m->n), .rlen = (uint8_t)(regs * 4),
      };
      struct gbe_inst *s = m->dyn_sampler && c->dyn_element.file != GBE_BAD
                              ? send_dyn_sampler(c, &msg, resp, pl)
                              : gbe_send(c, &msg, resp, pl);
      if (!s)
         return false;
      for (unsigned k = 0; k < comps; k++)
         gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(gbe_channel(d[k], g), ISA_TYPE_UD),
                  gbe_offset(resp, pick[k] * w * 4));
      c->b = saved;
   }
   return true;
}

static void
start(const struct tex *t, struct smsg *m, unsigned type)
{
   memset(m, 0, sizeof(*m));
   m->type = type;
   m->bti = t->bti;
   m->sampler = t->sampler;
   m->dyn_sampler = t->dyn_sampler;
}

/* ---- operands ---- */

static unsigned
coord_count(const struct tex *t)
{
   return ir_image_coord_comps((enum ir_image_dim)t->type->dim) + (t->type->arrayed ? 1 : 0);
}

static void
add_coords(struct gbe_ctx *c, const struct tex *t, struct smsg *m)
{
   struct gbe_reg *v = gbe_val(c, src_of(t->i, IR_TEX_SRC_coord));
   for (unsigned k = 0; k < coord_count(t); k++)
      add(m, v[k]);
}

/* A constant offset in the header's four-bit fields; false when it is
 * not constant or out of their range. */
static bool
header_offset(const struct ir_instr *off, unsigned comps, uint32_t *m2)
{
   static const unsigned shift[3] = { 8, 4, 0 };
   if (off->op != IR_OP_const)
      return false;
   uint32_t bits = 0;
   for (unsigned k = 0; k < comps && k < 3; k++) {
      int32_t o = (int32_t)(uint32_t)off->value[k];
      if (o < -8 || o > 7)
         return false;
      bits |= ((uint32_t)o & 0xfu) << shift[k];
   }
   *m2 |= bits;
   return true;
}

static bool
apply_offset(struct gbe_ctx *c, const struct tex *t, struct smsg *m)
{
   struct ir_instr *off = src_of(t->i, IR_TEX_SRC_offset);
   if (!off)
      return true;
   if (!header_offset(off, off->type->comps, &m->m2))
      return decline(c, t, "a texel offset that is not a constant in [-8, 7]");
   m->header = true;
   return true;
}

static bool
check_result(struct gbe_ctx *c, const struct tex *t)
{
   if (t->i->type->bits != 32)
      return decline(c, t, "a result of other than 32-bit components");
   return true;
}

static bool
reply(struct gbe_ctx *c, const struct tex *t, const struct smsg *m)
{
   static const unsigned rgba[4] = { 0, 1, 2, 3 };
   struct gbe_reg *d = gbe_def(c, t->i);
   unsigned comps = t->i->type->comps;
   return d && send_all(c, m, d, rgba, comps < 4 ? comps : 4);
}

/* ---- operations ---- */

static bool
sample_lod(struct gbe_ctx *c, const struct tex *t)
{
   struct ir_instr *lod = src_of(t->i, IR_TEX_SRC_lod), *ref = src_of(t->i, IR_TEX_SRC_comparator);
   bool lz = c->p->gen >= ISA_GEN9 && is_zero_const(lod);
   struct smsg m;
   start(t, &m, ref ? (lz ? ISA_SAMPLER_SAMPLE_C_LZ : ISA_SAMPLER_SAMPLE_L_C)
                    : (lz ? ISA_SAMPLER_SAMPLE_LZ : ISA_SAMPLER_SAMPLE_L));
   if (ref)
      add(&m, gbe_val(c, ref)[0]);
   if (!lz)
      add(&m, gbe_val(c, lod)[0]);
   add_coords(c, t, &m);
   return apply_offset(c, t, &m) && reply(c, t, &m);
}

/* sample, sample_b, sample_c, sample_b_c: the reference, then the
 * bias, then the coordinates. */
static bool
sample_implicit(struct gbe_ctx *c, const struct tex *t)
{
   struct ir_instr *bias = src_of(t->i, IR_TEX_SRC_bias), *ref = src_of(t->i, IR_TEX_SRC_comparator);
   if (src_of(t->i, IR_TEX_SRC_min_lod))
      return decline(c, t, "a minimum LOD with an implicit LOD");
   struct smsg m;
   start(t, &m, ref ? (bias ? ISA_SAMPLER_SAMPLE_B_C : ISA_SAMPLER_SAMPLE_C)
                    : (bias ? ISA_SAMPLER_SAMPLE_B : ISA_SAMPLER_SAMPLE));
   if (ref)
      add(&m, gbe_val(c, ref)[0]);
   if (bias)
      add(&m, gbe_val(c, bias)[0]);
   add_coords(c, t, &m);
   return apply_offset(c, t, &m) && reply(c, t, &m);
}

/* Ivy Bridge has no sample_d_c (Haswell added it): the LOD the
 * gradients give, as Vulkan's "Scale Factor Operation" defines it for
 * an isotropic filter, lambda = log2(max(|dPdx * size|, |dPdy * size|))
 * (half the log2 of the larger squared length), goes to sample_l_c. */
static bool
shadow_grad_gen7(struct gbe_ctx *c, const struct tex *t)
{
   static const unsigned xyz[3] = { 0, 1, 2 };
   unsigned grads = ir_image_coord_comps((enum ir_image_dim)t->type->dim);
   struct gbe_reg size[3], len[2];
   struct smsg q;
   start(t, &q, ISA_SAMPLER_RESINFO);
   add(&q, gbe_imm(ISA_TYPE_UD, 0));
   for (unsigned k = 0; k < grads; k++)
      size[k] = gbe_tmp(c, ISA_TYPE_UD);
   if (!send_all(c, &q, size, xyz, grads))
      return false;
   struct gbe_reg *g[2] = { gbe_val(c, src_of(t->i, IR_TEX_SRC_ddx)),
                            gbe_val(c, src_of(t->i, IR_TEX_SRC_ddy)) };
   struct gbe_reg f = gbe_tmp(c, ISA_TYPE_F), s = gbe_tmp(c, ISA_TYPE_F);
   for (unsigned d = 0; d < 2; d++) {
      len[d] = gbe_tmp(c, ISA_TYPE_F);
      for (unsigned k = 0; k < grads; k++) {
         gbe_alu1(&c->b, ISA_OP_MOV, f, size[k]);
         gbe_alu2(&c->b, ISA_OP_MUL, s, gbe_retype(g[d][k], ISA_TYPE_F), f);
         if (k)
            gbe_emit(&c->b, ISA_OP_MAD, len[d], len[d], s, s);
         else
            gbe_alu2(&c->b, ISA_OP_MUL, len[d], s, s);
      }
   }
   struct gbe_inst *mx = gbe_alu2(&c->b, ISA_OP_SEL, len[0], len[0], len[1]);
   mx->cmod = ISA_CMOD_GE;
   struct gbe_reg lod = gbe_tmp(c, ISA_TYPE_F);
   gbe_math_log2(c, lod, len[0]);
   gbe_alu2(&c->b, ISA_OP_MUL, lod, lod, gbe_imm(ISA_TYPE_F, 0x3f000000u));
   struct smsg m;
   start(t, &m, ISA_SAMPLER_SAMPLE_L_C);
   add(&m, gbe_val(c, src_of(t->i, IR_TEX_SRC_comparator))[0]);
   add(&m, lod);
   add_coords(c, t, &m);
   return apply_offset(c, t, &m) && reply(c, t, &m);
}

/* sample_d: each coordinate followed by its two gradients (the layer
 * has none), then Gen9's min LOD after the fourth coordinate slot. */
static bool
sample_grad(struct gbe_ctx *c, const struct tex *t)
{
   struct ir_instr *ref = src_of(t->i, IR_TEX_SRC_comparator);
   struct ir_instr *min_lod = src_of(t->i, IR_TEX_SRC_min_lod);
   if (t->type->dim == IR_DIM_cube)
      return decline(c, t, "textureGrad on a cube map (Mesa lowers it to an explicit LOD)");
   if (min_lod && c->p->gen < ISA_GEN9)
      return decline(c, t, "a min LOD before Gen9 (no min LOD parameter)");
   if (ref && c->p->gen == ISA_GEN7)
      return shadow_grad_gen7(c, t);
   struct smsg m;
   start(t, &m, ref ? ISA_SAMPLER_SAMPLE_D_C : ISA_SAMPLER_SAMPLE_D);
   if (ref)
      add(&m, gbe_val(c, ref)[0]);
   struct gbe_reg *co = gbe_val(c, src_of(t->i, IR_TEX_SRC_coord));
   struct gbe_reg *dx = gbe_val(c, src_of(t->i, IR_TEX_SRC_ddx));
   struct gbe_reg *dy = gbe_val(c, src_of(t->i, IR_TEX_SRC_ddy));
   unsigned grads = ir_image_coord_comps((enum ir_image_dim)t->type->dim), n = coord_count(t);
   for (unsigned k = 0; k < n; k++) {
      add(&m, co[k]);
      if (k < grads) {
         add(&m, dx[k]);
         add(&m, dy[k]);
      }
   }
   if (min_lod) {
      /* the min LOD follows ai: the slots of u, v, r with their
       * gradients and ai stand whether the image has them or not */
      while (m.n < (ref ? 1u : 0u) + 10)
         add(&m, gbe_imm(ISA_TYPE_UD, 0));
      add(&m, gbe_val(c, min_lod)[0]);
   }
   if (!apply_offset(c, t, &m))
      return false;
   if (m.header + m.n > MAX_SAMPLER_REGS)
      return decline(c, t, "a gradient message longer than the sampler's 11 registers");
   return reply(c, t, &m);
}

/* texelFetch of a sample: ld2dms (Gen8) or ld2dms_w (Gen9+, Mesa's
 * choice there), whose payload is the sample index, the MCS (ld2dms_w:
 * its low and high dwords), then u, v and the layer (PRM Vol 2d "Message
 * Payload"; the LOD after them reads 0 when left out).  genvk gives
 * multisampled images no MCS, so the MCS is 0: every sample lives in its
 * own plane, which the sampler reads as the uncompressed layout.  Gen7
 * is left out: genvk does not draw there, so it has no multisampled
 * image to read (and vgpu's Gen7 ld2dms is not checked against genvk). */
static bool
fetch_ms(struct gbe_ctx *c, const struct tex *t)
{
   if (c->p->gen < ISA_GEN8)
      return decline(c, t, "texelFetch on a multisampled image before Gen8");
   if (src_of(t->i, IR_TEX_SRC_offset))
      return decline(c, t, "a texel offset on a multisampled fetch");
   struct ir_instr *si = src_of(t->i, IR_TEX_SRC_sample);
   bool w = c->p->gen >= ISA_GEN9;
   struct smsg m;
   start(t, &m, w ? ISA_SAMPLER_LD2DMS_W : ISA_SAMPLER_LD2DMS);
   add(&m, si ? gbe_val(c, si)[0] : gbe_imm(ISA_TYPE_UD, 0));
   add(&m, gbe_imm(ISA_TYPE_UD, 0));
   if (w)
      add(&m, gbe_imm(ISA_TYPE_UD, 0));
   add_coords(c, t, &m);
   return reply(c, t, &m);
}

/* ld: integer coordinates, the offset added to them (texelFetchOffset:
 * ld has no offsets of its own, as Mesa's lower_txf_offset has it). */
static bool
fetch(struct gbe_ctx *c, const struct tex *t)
{
   if (t->type->ms)
      return fetch_ms(c, t);
   struct ir_instr *lod = src_of(t->i, IR_TEX_SRC_lod), *off = src_of(t->i, IR_TEX_SRC_offset);
   struct gbe_reg *co = gbe_val(c, src_of(t->i, IR_TEX_SRC_coord));
   unsigned n = coord_count(t), dims = ir_image_coord_comps((enum ir_image_dim)t->type->dim);
   struct gbe_reg xyz[4];
   for (unsigned k = 0; k < n; k++) {
      xyz[k] = gbe_retype(co[k], ISA_TYPE_D);
      if (off && k < dims) {
         struct gbe_reg s = gbe_tmp(c, ISA_TYPE_D);
         gbe_alu2(&c->b, ISA_OP_ADD, s, xyz[k], gbe_retype(gbe_val(c, off)[k], ISA_TYPE_D));
         xyz[k] = s;
      }
   }
   struct gbe_reg l = lod ? gbe_val(c, lod)[0] : gbe_imm(ISA_TYPE_UD, 0);
   bool gen9 = c->p->gen >= ISA_GEN9, lz = gen9 && (!lod || is_zero_const(lod));
   struct smsg m;
   start(t, &m, lz ? ISA_SAMPLER_LD_LZ : ISA_SAMPLER_LD);
   add(&m, xyz[0]);
   if (gen9)
      add(&m, n > 1 ? xyz[1] : gbe_imm(ISA_TYPE_UD, 0));
   if (!lz)
      add(&m, l);
   for (unsigned k = gen9 ? 2 : 1; k < n; k++)
      add(&m, xyz[k]);
   return reply(c, t, &m);
}

/* One gather: offset (x, y) constant or per channel, NULL for none. */
static bool
gather_one(struct gbe_ctx *c, const struct tex *t, struct ir_instr *off, const uint32_t *coff,
           unsigned channel, struct gbe_reg *d, const unsigned *pick, unsigned comps)
{
   struct ir_instr *ref = src_of(t->i, IR_TEX_SRC_comparator);
   struct smsg m;
   start(t, &m, ref ? ISA_SAMPLER_GATHER4_C : ISA_SAMPLER_GATHER4);
   m.header = true;
   m.m2 = channel << 16;
   bool po = false;
   if (coff) {
      int32_t x = (int32_t)coff[0], y = (int32_t)coff[1];
      po = x < -8 || x > 7 || y < -8 || y > 7;
      if (!po)
         m.m2 |= ((uint32_t)x & 0xfu) << 8 | ((uint32_t)y & 0xfu) << 4;
   } else if (off) {
      po = !header_offset(off, 2, &m.m2);
   }
   if (ref)
      add(&m, gbe_val(c, ref)[0]);
   struct gbe_reg *co = gbe_val(c, src_of(t->i, IR_TEX_SRC_coord));
   if (!po) {
      add_coords(c, t, &m);
      return send_all(c, &m, d, pick, comps);
   }
   /* gather4_po: u, v, the offsets as parameters (six bits each), r */
   if (t->type->dim != IR_DIM_2d)
      return decline(c, t, "a gather offset outside [-8, 7] on other than a 2D image");
   m.type = ref ? ISA_SAMPLER_GATHER4_PO_C : ISA_SAMPLER_GATHER4_PO;
   add(&m, co[0]);
   add(&m, co[1]);
   for (unsigned k = 0; k < 2; k++)
      add(&m, coff ? gbe_imm(ISA_TYPE_UD, coff[k]) : gbe_val(c, off)[k]);
   if (t->type->arrayed)
      add(&m, co[2]);
   return send_all(c, &m, d, pick, comps);
}

static bool
gather(struct gbe_ctx *c, const struct tex *t)
{
   struct ir_instr *comp = src_of(t->i, IR_TEX_SRC_component);
   struct ir_instr *offs = src_of(t->i, IR_TEX_SRC_offsets);
   if (comp && comp->op != IR_OP_const)
      return decline(c, t, "a gather component that is not a constant");
   unsigned channel = comp ? (unsigned)comp->value[0] & 3 : 0;
   struct gbe_reg *d = gbe_def(c, t->i);
   if (!d)
      return false;
   if (!offs) {
      static const unsigned rgba[4] = { 0, 1, 2, 3 };
      return gather_one(c, t, src_of(t->i, IR_TEX_SRC_offset), NULL, channel, d, rgba, 4);
   }
   if (offs->op != IR_OP_const)
      return decline(c, t, "gather offsets that are not constants");
   /* GLSL textureGatherOffsets: texel k is the i0j0 texel of the
    * footprint at offset k, a gather's W */
   static const unsigned w[1] = { 3 };
   for (unsigned k = 0; k < 4; k++) {
      uint32_t o[2] = { (uint32_t)offs->value[2 * k], (uint32_t)offs->value[2 * k + 1] };
      if (!gather_one(c, t, NULL, o, channel, &d[k], w, 1))
         return false;
   }
   return true;
}

/* textureQueryLod: the lod message, u v r (no layer: the query's
 * coordinate has none), whose R is the level the sampler would select,
 * G the computed LOD before any clamp (PRM Vol 2d "Message Types": lod);
 * its subspans give the derivatives, as an implicit-LOD sample's do. */
static bool
query_lod(struct gbe_ctx *c, const struct tex *t)
{
   static const unsigned rg[2] = { 0, 1 };
   struct smsg m;
   start(t, &m, ISA_SAMPLER_LOD);
   struct gbe_reg *co = gbe_val(c, src_of(t->i, IR_TEX_SRC_coord));
   unsigned n = ir_image_coord_comps((enum ir_image_dim)t->type->dim);
   for (unsigned k = 0; k < n; k++)
      add(&m, co[k]);
   struct gbe_reg *d = gbe_def(c, t->i);
   return d && send_all(c, &m, d, rg, 2);
}

static bool
query_levels(struct gbe_ctx *c, const struct tex *t)
{
   static const unsigned mips[1] = { 3 };
   struct smsg m;
   start(t, &m, ISA_SAMPLER_RESINFO);
   add(&m, gbe_imm(ISA_TYPE_UD, 0));
   struct gbe_reg *d = gbe_def(c, t->i);
   return d && send_all(c, &m, d, mips, 1);
}

/* sampleinfo has no parameters: the header is its payload. */
static bool
query_samples(struct gbe_ctx *c, const struct tex *t)
{
   static const unsigned r[1] = { 0 };
   struct smsg m;
   start(t, &m, ISA_SAMPLER_SAMPLEINFO);
   m.header = true;
   struct gbe_reg *d = gbe_def(c, t->i);
   return d && send_all(c, &m, d, r, 1);
}

/* ---- the sampler a message names ---- */

static bool
is_combined(const struct ir_var *v)
{
   const struct ir_type *t = v->type->kind == IR_TYPE_ARRAY ? v->type->elem : v->type;
   return t->kind == IR_TYPE_SAMPLED_IMAGE;
}

static bool
bind_sampler(struct gbe_ctx *c, struct tex *t, const struct ir_var *image,
             struct gbe_reg element)
{
   struct ir_instr *s = src_of(t->i, IR_TEX_SRC_sampler);
   const struct ir_var *var = image;
   if (s) {
      element = (struct gbe_reg){ .file = GBE_BAD };
      if (s->op == IR_OP_deref_array) {
         struct gbe_addr a;
         if (!gbe_descriptor_element(c, s, &a))
            return false;
         if (a.element.file != GBE_IMM)
            return decline(c, t, "a separate sampler array indexed at run time");
         element = a.element;
         s = s->srcs[0];
      }
      if (s->op != IR_OP_deref_var)
         return decline(c, t, "a sampler that is not a descriptor");
      var = s->var;
   } else if (!is_combined(image)) {
      return gbe_fail(c->p, "%%%u (tex.%s): the image has no sampler", t->i->index,
                      ir_tex_op_names[t->op]);
   }
   uint32_t first = gbe_sampler_entry(c, var);
   if (first == UINT32_MAX)
      return false;
   t->has_sampler = true;
   t->sampler = first + (element.file == GBE_IMM ? (uint32_t)element.imm : 0);
   t->dyn_sampler = element.file == GBE_VGRF;
   if (t->dyn_sampler && first + gbe_sampler_count(c, var) > 16)
      return decline(c, t, "a combined image sampler array indexed at run time past sampler 15");
   return true;
}

static bool
needs_sampler(enum ir_tex_op op)
{
   return (op != IR_TEX_fetch && op < IR_TEX_query_size) || op == IR_TEX_query_lod;
}

bool
gbe_isel_sampled(struct gbe_ctx *c, struct ir_instr *i, const struct ir_var *var,
                 struct gbe_reg element, unsigned bti)
{
   struct tex t = {
      .i = i, .op = (enum ir_tex_op)(i->imm & 0xff), .bti = bti,
      .type = var->type->kind == IR_TYPE_ARRAY ? var->type->elem : var->type,
   };
   if (needs_sampler(t.op) && !bind_sampler(c, &t, var, element))
      return false;
   if (t.type->ms && t.op != IR_TEX_query_samples && t.op != IR_TEX_fetch)
      return decline(c, &t, "a multisampled image");
   switch (t.op) {
   case IR_TEX_sample: case IR_TEX_sample_bias:
      if (c->s->stage == IR_STAGE_FRAGMENT)
         return check_result(c, &t) && sample_implicit(c, &t);
      return gbe_fail(c->p, "%%%u (tex.%s): an implicit LOD needs derivatives, which only "
                      "a fragment shader has", i->index, ir_tex_op_names[t.op]);
   case IR_TEX_query_lod:
      if (c->s->stage == IR_STAGE_FRAGMENT)
         return check_result(c, &t) && query_lod(c, &t);
      return gbe_fail(c->p, "%%%u (tex.query_lod): the LOD query needs derivatives, which "
                      "only a fragment shader has", i->index);
   case IR_TEX_sample_lod:
      return check_result(c, &t) && sample_lod(c, &t);
   case IR_TEX_sample_grad:
      return check_result(c, &t) && sample_grad(c, &t);
   case IR_TEX_fetch:
      return check_result(c, &t) && fetch(c, &t);
   case IR_TEX_gather:
      return check_result(c, &t) && gather(c, &t);
   case IR_TEX_query_levels:
      return query_levels(c, &t);
   case IR_TEX_query_samples:
      return query_samples(c, &t);
   default:
      return decline(c, &t, "this operation on a sampled image");
   }
}

/* The sampler message: which parameter of the payload is which, per
 * message type, generation and SIMD mode; the header; the surface and
 * SAMPLER_STATE it names; the reply (PRM Vol 2d "Sampler Message Types",
 * "Message Header", "Message Payload", "Writeback Message"; Vol 7
 * "Sampling Engine").  The layouts are the ones Mesa 22.3 sends
 * (brw_lower_logical_sends.cpp lower_sampler_logical_send_gfx7 for
 * SIMD8/16, brw_vec4_nir.cpp nir_emit_texture for Gen7's SIMD4x2).
 *
 * SIMD8/16: parameter i of channel c is DWord c % 8 of GRF
 * header + i * (SIMD / 8) + c / 8; parameters past the message length
 * read 0 (PRM: the message length sets how many are sent, the others
 * take their defaults, 0).  The reply holds one GRF group per returned
 * component, R, G, B, A, without the components the header's mask (M0.2
 * bits 15:12, set bits disable) takes away.
 *
 * SIMD4x2 (Gen7 vec4 stages): two slots, channels 0-3 and 4-7; each
 * payload GRF after the header holds four parameters per slot (DWords
 * 0-3 slot 0, 4-7 slot 1) and the reply one GRF, R, G, B, A of slot 0
 * in DWords 0-3 and of slot 1 in DWords 4-7.
 *
 * Mesa 22.3 sends neither the 16-bit payload (SIMD8H/16H: only from
 * Gfx12.5) nor the 16-bit return format (descriptor bit 30) on Gen7-12:
 * a half message is reported not modelled. */
#include <string.h>

#include "vgpu_eu_priv.h"
#include "vgpu_sampler.h"

/* What a payload parameter is. */
enum param {
   P_NONE, P_U, P_V, P_R, P_AI, P_LOD, P_BIAS, P_REF,
   P_DUDX, P_DUDY, P_DVDX, P_DVDY, P_DRDX, P_DRDY, P_OFFU, P_OFFV, P_MLOD,
   P_SI, P_MCS, P_MCSH,
   P_COUNT
};

#define MAX_PARAMS 12

struct layout {
   uint8_t n;
   uint8_t p[MAX_PARAMS];
};

/* One message in flight. */
struct smsg {
   const struct vgpu_eu_env *env;
   struct vgpu_eu_thread *t;
   const struct isa_send_msg *msg;
   const uint8_t *payload;
   uint8_t *reply;
   uint32_t mask;
   unsigned verx10;
   unsigned regs;          /* GRFs per parameter: 1 SIMD8, 2 SIMD16 */
   unsigned first;         /* first parameter GRF (after the header) */
   unsigned nregs;         /* payload GRFs after the header */
   uint32_t m2;            /* header M0.2 (0 without a header) */
   uint8_t comps;          /* returned components, bit 0 R */
   struct layout lay;
   /* where each parameter sits: its index + 1 in the layout, 0 absent */
   uint8_t at[P_COUNT];
   struct vgpu_tex_surface s;
   struct vgpu_sampler_state ss;
   bool has_ss;
   uint32_t border[4];
   struct vgpu_tex_op op;
};

/* ---- parameter layouts ---- */

static void
lay(struct layout *l, unsigned n, const uint8_t *p)
{
   l->n = (uint8_t)n;
   memcpy(l->p, p, n);
}

#define LAY(l, ...) do { \
      static const uint8_t p_[] = { __VA_ARGS__ }; \
      lay((l), sizeof(p_), p_); \
   } while (0)

/* SIMD8/16 parameters of the multisampled fetches (PRM Vol 2d "Message
 * Payload"; Mesa lower_sampler_logical_send_gfx7 sends them in this order
 * and stops after the coordinates, the LOD reading 0): sample index,
 * then the MCS the shader fetched (ld2dms one dword, Gen9's ld2dms_w two:
 * mcsl, mcsh), then u, v, r, lod; ld_mcs the pixel alone. */
static bool
ms_layout(unsigned verx10, unsigned type, struct layout *l)
{
   switch (type) {
   case ISA_SAMPLER_LD2DMS:
      LAY(l, P_SI, P_MCS, P_U, P_V, P_R, P_LOD);
      return true;
   case ISA_SAMPLER_LD2DMS_W:
      if (verx10 < 90)
         return false;
      LAY(l, P_SI, P_MCS, P_MCSH, P_U, P_V, P_R, P_LOD);
      return true;
   case ISA_SAMPLER_LD2DSS:
      LAY(l, P_SI, P_U, P_V, P_R, P_LOD);
      return true;
   case ISA_SAMPLER_LD_MCS:
      LAY(l, P_U, P_V, P_R, P_LOD);
      return true;
   default:
      return false;
   }
}

/* SIMD8/16 parameters of each message type (PRM Vol 2d "Message
 * Payload", SIMD16/SIMD8 tables).  The min LOD parameter after the four
 * coordinates comes with Gen9. */
static bool
simd_layout(unsigned verx10, unsigned type, struct layout *l)
{
   bool mlod = verx10 >= 90;
   switch (type) {
   case ISA_SAMPLER_SAMPLE:
      if (mlod) LAY(l, P_U, P_V, P_R, P_AI, P_MLOD); else LAY(l, P_U, P_V, P_R, P_AI);
      return true;
   case ISA_SAMPLER_SAMPLE_B:
      if (mlod) LAY(l, P_BIAS, P_U, P_V, P_R, P_AI, P_MLOD);
      else LAY(l, P_BIAS, P_U, P_V, P_R, P_AI);
      return true;
   case ISA_SAMPLER_SAMPLE_L:
      LAY(l, P_LOD, P_U, P_V, P_R, P_AI);
      return true;
   case ISA_SAMPLER_SAMPLE_C:
      if (mlod) LAY(l, P_REF, P_U, P_V, P_R, P_AI, P_MLOD);
      else LAY(l, P_REF, P_U, P_V, P_R, P_AI);
      return true;
   case ISA_SAMPLER_SAMPLE_D:
      if (mlod) LAY(l, P_U, P_DUDX, P_DUDY, P_V, P_DVDX, P_DVDY, P_R, P_DRDX, P_DRDY,
                    P_AI, P_MLOD);
      else LAY(l, P_U, P_DUDX, P_DUDY, P_V, P_DVDX, P_DVDY, P_R, P_DRDX, P_DRDY, P_AI);
      return true;
   case ISA_SAMPLER_SAMPLE_D_C:
      if (verx10 < 75)
         return false;
      if (mlod) LAY(l, P_REF, P_U, P_DUDX, P_DUDY, P_V, P_DVDX, P_DVDY, P_R, P_DRDX,
                    P_DRDY, P_AI, P_MLOD);
      else LAY(l, P_REF, P_U, P_DUDX, P_DUDY, P_V, P_DVDX, P_DVDY, P_R, P_DRDX, P_DRDY,
               P_AI);
      return true;
   case ISA_SAMPLER_SAMPLE_B_C:
      if (mlod) LAY(l, P_REF, P_BIAS, P_U, P_V, P_R, P_AI, P_MLOD);
      else LAY(l, P_REF, P_BIAS, P_U, P_V, P_R, P_AI);
      return true;
   case ISA_SAMPLER_SAMPLE_L_C:
      LAY(l, P_REF, P_LOD, P_U, P_V, P_R, P_AI);
      return true;
   case ISA_SAMPLER_LD:
      /* Gen7-8 interleave the LOD: u, lod, v, r; Gen9 moved it. */
      if (verx10 >= 90) LAY(l, P_U, P_V, P_LOD, P_R); else LAY(l, P_U, P_LOD, P_V, P_R);
      return true;
   case ISA_SAMPLER_GATHER4: case ISA_SAMPLER_LOD:
      LAY(l, P_U, P_V, P_R, P_AI);
      return true;
   case ISA_SAMPLER_GATHER4_C:
      LAY(l, P_REF, P_U, P_V, P_R, P_AI);
      return true;
   case ISA_SAMPLER_GATHER4_PO:
      LAY(l, P_U, P_V, P_OFFU, P_OFFV, P_R);
      return true;
   case ISA_SAMPLER_GATHER4_PO_C:
      LAY(l, P_REF, P_U, P_V, P_OFFU, P_OFFV, P_R);
      return true;
   case ISA_SAMPLER_SAMPLE_LZ:
      if (verx10 < 90)
         return false;
      LAY(l, P_U, P_V, P_R, P_AI);
      return true;
   case ISA_SAMPLER_SAMPLE_C_LZ:
      if (verx10 < 90)
         return false;
      LAY(l, P_REF, P_U, P_V, P_R, P_AI);
      return true;
   case ISA_SAMPLER_LD_LZ:
      if (verx10 < 90)
         return false;
      LAY(l, P_U, P_V, P_R);
      return true;
   default:
      return ms_layout(verx10, type, l);
   }
}

/* SIMD4x2 parameters as DWord positions: GRF i / 4, component i % 4 of
 * each slot (Mesa's vec4 back end: the coordinate in the first GRF,
 * zero-filled; ld's LOD in its .w; sample_l's LOD, or the reference and
 * then the LOD, in the second; sample_d's gradients in the second and
 * third; gather4_po's reference in the first .w and offsets in the
 * second; ld2dms the pixel and LOD in the first, sample index and MCS in
 * .x and .y of the second, brw_vec4_nir.cpp's TXF_CMS and its MCS
 * fetch's "u, v, r, lod"). */
static bool
simd4x2_layout(unsigned type, struct layout *l)
{
   switch (type) {
   case ISA_SAMPLER_SAMPLE_L:
      LAY(l, P_U, P_V, P_R, P_AI, P_LOD);
      return true;
   case ISA_SAMPLER_SAMPLE_L_C:
      LAY(l, P_U, P_V, P_R, P_AI, P_REF, P_LOD);
      return true;
   case ISA_SAMPLER_SAMPLE_D:
      LAY(l, P_U, P_V, P_R, P_AI, P_DUDX, P_DUDY, P_DVDX, P_DVDY, P_DRDX, P_DRDY);
      return true;
   case ISA_SAMPLER_SAMPLE_D_C:
      LAY(l, P_U, P_V, P_R, P_AI, P_DUDX, P_DUDY, P_DVDX, P_DVDY, P_DRDX, P_DRDY, P_REF);
      return true;
   case ISA_SAMPLER_LD:
      LAY(l, P_U, P_V, P_R, P_LOD);
      return true;
   case ISA_SAMPLER_GATHER4:
      LAY(l, P_U, P_V, P_R, P_AI);
      return true;
   case ISA_SAMPLER_GATHER4_C:
      LAY(l, P_U, P_V, P_R, P_AI, P_REF);
      return true;
   case ISA_SAMPLER_GATHER4_PO:
      LAY(l, P_U, P_V, P_R, P_NONE, P_OFFU, P_OFFV);
      return true;
   case ISA_SAMPLER_GATHER4_PO_C:
      LAY(l, P_U, P_V, P_R, P_REF, P_OFFU, P_OFFV);
      return true;
   case ISA_SAMPLER_LD2DMS:
      LAY(l, P_U, P_V, P_R, P_LOD, P_SI, P_MCS);
      return true;
   case ISA_SAMPLER_LD_MCS:
      LAY(l, P_U, P_V, P_R, P_LOD);
      return true;
   default:
      return false;
   }
}

static void
index_layout(struct smsg *m)
{
   memset(m->at, 0, sizeof(m->at));
   for (unsigned i = 0; i < m->lay.n; i++) {
      if (m->lay.p[i] != P_NONE)
         m->at[m->lay.p[i]] = (uint8_t)(i + 1);
   }
}

/* ---- payload ---- */

static bool
has_param(const struct smsg *m, enum param p)
{
   unsigned i = m->at[p];
   if (!i)
      return false;
   if (m->msg->simd == 4)
      return (i - 1) / 4 < m->nregs;
   return (i - 1) * m->regs + m->regs <= m->nregs;
}

/* Parameter p of channel c (SIMD4x2: slot c), 0 when the message does not
 * carry it. */
static uint32_t
param(const struct smsg *m, enum param p, unsigned c)
{
   if (!has_param(m, p))
      return 0;
   unsigned i = m->at[p] - 1u;
   if (m->msg->simd == 4)
      return eu_payload32(m->payload, m->first + i / 4, c * 4 + i % 4);
   return eu_payload32(m->payload, m->first + i * m->regs + c / 8, c % 8);
}

static float
fparam(const struct smsg *m, enum param p, unsigned c)
{
   return eu_f32_from_bits(param(m, p, c));
}

/* A 4-bit two's complement field. */
static int8_t
sext4(uint32_t v)
{
   v &= 0xf;
   return (int8_t)(v >= 8 ? (int)v - 16 : (int)v);
}

/* gather4_po offsets: the low 6 bits, two's complement (PRM "gather4_po":
 * offsets in the range [-32, 31]). */
static int8_t
sext6(uint32_t v)
{
   v &= 0x3f;
   return (int8_t)(v >= 32 ? (int)v - 64 : (int)v);
}

static void
channel_args(const struct smsg *m, unsigned c, struct vgpu_tex_args *a)
{
   static const enum param coord[4] = { P_U, P_V, P_R, P_AI };
   static const enum param grad[2][3] = { { P_DUDX, P_DVDX, P_DRDX },
                                          { P_DUDY, P_DVDY, P_DRDY } };
   memset(a, 0, sizeof(*a));
   for (unsigned i = 0; i < 4; i++) {
      a->coord[i] = fparam(m, coord[i], c);
      a->icoord[i] = (int32_t)param(m, coord[i], c);
   }
   a->lod = fparam(m, m->op.lod == VGPU_TEX_LOD_BIAS ? P_BIAS : P_LOD, c);
   a->ilod = (int32_t)param(m, P_LOD, c);
   a->ref = fparam(m, P_REF, c);
   for (unsigned d = 0; d < 2; d++) {
      for (unsigned i = 0; i < 3; i++)
         a->grad[d][i] = fparam(m, grad[d][i], c);
   }
   a->min_lod = fparam(m, P_MLOD, c);
   memcpy(a->offset, m->op.offset, sizeof(a->offset));
   if (m->at[P_OFFU]) {
      a->offset[0] = sext6(param(m, P_OFFU, c));
      a->offset[1] = sext6(param(m, P_OFFV, c));
      a->offset[2] = 0;
   }
}

/* ---- reply ---- */

/* Writes channel c's components (SIMD4x2: slot c), the disabled ones
 * left out of the layout. */
static void
reply_channel(struct smsg *m, unsigned c, const uint32_t rgba[4])
{
   unsigned rlen = m->msg->rlen, slot = 0;
   for (unsigned k = 0; k < 4; k++) {
      if (!((m->comps >> k) & 1))
         continue;
      if (m->msg->simd == 4) {
         if (rlen)
            memcpy(&m->reply[c * 16 + k * 4], &rgba[k], 4);
         continue;
      }
      unsigned reg = slot * m->regs + c / 8;
      if (reg < rlen)
         memcpy(&m->reply[reg * 32 + (c % 8) * 4], &rgba[k], 4);
      slot++;
   }
}

/* Channels (SIMD4x2: slots) of the message that run. */
static unsigned
channels(const struct smsg *m)
{
   return m->msg->simd == 4 ? 2 : m->msg->simd;
}

static bool
channel_live(const struct smsg *m, unsigned c)
{
   if (m->msg->simd == 4)
      return (m->mask >> (4 * c)) & 0xf;
   return (m->mask >> c) & 1;
}

/* ---- state ---- */

static enum vgpu_eu_status
mem_fault(struct smsg *m, const struct vgpu_tex_mem *mem)
{
   return eu_send_fault(m->t, mem->fault_addr, mem->why ? mem->why : "sampler memory access");
}

/* SAMPLER_STATE: the header's Sampler State Pointer (M0.3 bits 31:5,
 * which Mesa moves on by 16 states for sampler indices from 16) or the
 * dispatch's, from Dynamic State Base Address; the descriptor's sampler
 * index picks the 16-byte state in it. */
static enum vgpu_eu_status
read_sampler_state(struct smsg *m)
{
   const struct vgpu_eu_env *env = m->env;
   uint32_t table = m->msg->header ? eu_payload32(m->payload, 0, 3) & ~0x1fu
                                   : env->sampler_state & ~0x1fu;
   uint64_t addr = env->dynamic_state_base + table +
                   (uint64_t)m->msg->sampler * vgpu_sampler_state_dwords * 4;
   const uint32_t *dw = env->map(env->user, addr, vgpu_sampler_state_dwords * 4);
   if (!dw)
      return eu_send_fault(m->t, addr, "SAMPLER_STATE outside every object of the submission");
   if (!vgpu_sampler_state_decode(m->verx10, dw, &m->ss))
      return eu_send_unsupported(m->t, "SAMPLER_STATE of this generation");
   m->has_ss = true;
   if (m->ss.disabled)
      return VGPU_EU_DONE;
   bool border = false;
   for (unsigned i = 0; i < 3; i++)
      border = border || m->ss.address[i] == VGPU_TC_CLAMP_BORDER ||
               m->ss.address[i] == VGPU_TC_HALF_BORDER;
   /* The border colour is read only where an address mode can reach it:
    * drivers need not point at one otherwise. */
   if (!border)
      return VGPU_EU_DONE;
   uint64_t bc = env->dynamic_state_base + m->ss.border_color_pointer;
   const uint8_t *p = env->map(env->user, bc, vgpu_sampler_border_bytes(m->verx10));
   if (!p)
      return eu_send_fault(m->t, bc, "SAMPLER_BORDER_COLOR_STATE outside every object of the submission");
   vgpu_sampler_border_color(m->verx10, p, m->s.fmt, m->border);
   return VGPU_EU_DONE;
}

/* ---- what each message asks ---- */

static bool
is_ms_fetch(unsigned type)
{
   return type == ISA_SAMPLER_LD2DMS || type == ISA_SAMPLER_LD2DMS_W ||
          type == ISA_SAMPLER_LD2DSS || type == ISA_SAMPLER_LD_MCS;
}

static void
describe_op(struct smsg *m)
{
   unsigned type = m->msg->type;
   struct vgpu_tex_op *op = &m->op;
   memset(op, 0, sizeof(*op));
   op->type = (uint8_t)type;
   switch (type) {
   case ISA_SAMPLER_SAMPLE_B: case ISA_SAMPLER_SAMPLE_B_C:
      op->lod = VGPU_TEX_LOD_BIAS;
      break;
   case ISA_SAMPLER_SAMPLE_L: case ISA_SAMPLER_SAMPLE_L_C: case ISA_SAMPLER_LD:
   case ISA_SAMPLER_LD2DMS: case ISA_SAMPLER_LD2DMS_W: case ISA_SAMPLER_LD2DSS:
   case ISA_SAMPLER_LD_MCS:
      op->lod = VGPU_TEX_LOD_EXPLICIT;
      break;
   case ISA_SAMPLER_SAMPLE_D: case ISA_SAMPLER_SAMPLE_D_C:
      op->lod = VGPU_TEX_LOD_GRADIENTS;
      break;
   case ISA_SAMPLER_SAMPLE_LZ: case ISA_SAMPLER_SAMPLE_C_LZ: case ISA_SAMPLER_LD_LZ:
      op->lod = VGPU_TEX_LOD_ZERO;
      break;
   default:
      op->lod = VGPU_TEX_LOD_IMPLICIT;
      break;
   }
   op->compare = m->at[P_REF] != 0;
   op->fetch = type == ISA_SAMPLER_LD || type == ISA_SAMPLER_LD_LZ || is_ms_fetch(type);
   op->gather = type == ISA_SAMPLER_GATHER4 || type == ISA_SAMPLER_GATHER4_C ||
                type == ISA_SAMPLER_GATHER4_PO || type == ISA_SAMPLER_GATHER4_PO_C;
   /* M0.2: U offset bits 11:8, V 7:4, R 3:0; gather4's source channel
    * bits 17:16. */
   op->offset[0] = sext4(m->m2 >> 8);
   op->offset[1] = sext4(m->m2 >> 4);
   op->offset[2] = sext4(m->m2);
   op->gather_channel = (uint8_t)((m->m2 >> 16) & 3);
   op->has_min_lod = has_param(m, P_MLOD);
}

/* ---- buffers ---- */

/* ld from a buffer: u is the element; one beyond the buffer reads 0 in
 * every component (Vulkan robustBufferAccess allows (0, 0, 0, 0) or
 * (0, 0, 0, 1) for texel buffers). */
static enum vgpu_eu_status
buffer_ld(struct smsg *m)
{
   const struct isl_state_desc *d = &m->s.d;
   const struct isl_format_layout *fmt = m->s.fmt;
   if (!fmt || !isl_texel_convertible(fmt) || isl_format_is_compressed(fmt))
      return eu_send_unsupported(m->t, "sampler ld from this buffer format");
   for (unsigned c = 0; c < channels(m); c++) {
      if (!channel_live(m, c))
         continue;
      uint32_t u = param(m, P_U, c), texel[4] = { 0, 0, 0, 0 };
      if (u < d->entries) {
         uint64_t addr = d->address + (uint64_t)u * d->stride_B;
         const void *p = m->env->map(m->env->user, addr, isl_format_bytes(fmt));
         if (!p)
            return eu_send_fault(m->t, addr, "sampler read outside every object of the submission");
         isl_texel_unpack(fmt, p, texel);
      }
      reply_channel(m, c, texel);
   }
   return VGPU_EU_DONE;
}

/* ---- queries ---- */

/* resinfo (PRM Vol 2d "resinfo"): width, height, depth of LOD lod counted
 * from Surface Min LOD, and the MIP count (MIP Count / LOD + 1), as
 * integers; 1D arrays give their layers as the height, 2D arrays their
 * layers and cube arrays their cubes (Depth + 1: Mesa takes it as
 * textureSize's layer count as it is) as the depth; a buffer its entries
 * as the width; an LOD beyond the MIP count zeros. */
static void
resinfo(const struct vgpu_tex_surface *s, uint32_t lod, uint32_t out[4])
{
   const struct isl_state_desc *d = &s->d;
   memset(out, 0, 16);
   if (d->type == ISL_SURFTYPE_BUFFER) {
      out[0] = (uint32_t)d->entries;
      return;
   }
   if (d->type == ISL_SURFTYPE_NULL || lod > d->mip_count_lod)
      return;
   uint32_t l = d->min_lod + lod;
   l = l > 31 ? 31 : l;
   out[0] = isl_minify(d->surf.width, l);
   switch (d->type) {
   case ISL_SURFTYPE_1D:
      out[1] = d->array_extent;
      break;
   case ISL_SURFTYPE_3D:
      out[1] = isl_minify(d->surf.height, l);
      out[2] = isl_minify(d->surf.depth, l);
      break;
   default:
      out[1] = isl_minify(d->surf.height, l);
      out[2] = d->array_extent;
      break;
   }
   out[3] = d->mip_count_lod + 1;
}

static enum vgpu_eu_status
run_resinfo(struct smsg *m)
{
   for (unsigned c = 0; c < channels(m); c++) {
      if (!channel_live(m, c))
         continue;
      uint32_t size[4];
      resinfo(&m->s, param(m, P_LOD, c), size);
      reply_channel(m, c, size);
   }
   return VGPU_EU_DONE;
}

/* sampleinfo (PRM Vol 2d "sampleinfo"): the surface's sample count in R
 * as an integer (textureSamples), 0 for a null surface; it reads the
 * surface state only, so it answers for multisampled surfaces too. */
static enum vgpu_eu_status
run_sampleinfo(struct smsg *m)
{
   uint32_t samples = m->s.d.surf.samples > 1 ? m->s.d.surf.samples : 1;
   uint32_t info[4] = { m->s.d.type == ISL_SURFTYPE_NULL ? 0u : samples, 0, 0, 0 };
   for (unsigned c = 0; c < channels(m); c++) {
      if (channel_live(m, c))
         reply_channel(m, c, info);
   }
   return VGPU_EU_DONE;
}

/* lod: the LOD after clamping in R, before it in G, as floats. */
static enum vgpu_eu_status
run_lod(struct smsg *m, unsigned first, unsigned n, unsigned live)
{
   struct vgpu_tex_args args[4];
   memset(args, 0, sizeof(args));
   for (unsigned i = 0; i < n; i++)
      channel_args(m, first + i, &args[i]);
   float lod[4][2];
   vgpu_tex_query_lod(&m->s, &m->ss, args, live, lod);
   for (unsigned i = 0; i < n; i++) {
      if (!((live >> i) & 1))
         continue;
      uint32_t rgba[4] = { eu_f32_bits(lod[i][0]), eu_f32_bits(lod[i][1]), 0, 0 };
      reply_channel(m, first + i, rgba);
   }
   return VGPU_EU_DONE;
}

/* A multisampled fetch, channel by channel: no filtering, no LOD. */
static enum vgpu_eu_status
run_ms(struct smsg *m, unsigned first, unsigned n, unsigned live)
{
   struct vgpu_tex_mem mem = { m->env->user, m->env->map, 0, NULL };
   for (unsigned i = 0; i < n; i++) {
      if (!((live >> i) & 1))
         continue;
      unsigned c = first + i;
      struct vgpu_tex_ms_args a = {
         .coord = { (int32_t)param(m, P_U, c), (int32_t)param(m, P_V, c),
                    (int32_t)param(m, P_R, c) },
         .lod = (int32_t)param(m, P_LOD, c),
         .sample = param(m, P_SI, c),
         .mcs = param(m, P_MCS, c) | (uint64_t)param(m, P_MCSH, c) << 32,
      };
      uint32_t rgba[4];
      if (!vgpu_tex_fetch_ms(&mem, &m->s, m->op.type, &a, rgba))
         return mem_fault(m, &mem);
      reply_channel(m, c, rgba);
   }
   return VGPU_EU_DONE;
}

/* One subspan (SIMD4x2: one slot, alone) through the filter layer. */
static enum vgpu_eu_status
run_quad(struct smsg *m, unsigned first, unsigned n, unsigned live)
{
   if (m->op.type == ISA_SAMPLER_LOD)
      return run_lod(m, first, n, live);
   if (is_ms_fetch(m->op.type))
      return run_ms(m, first, n, live);
   struct vgpu_tex_args args[4];
   memset(args, 0, sizeof(args));
   for (unsigned i = 0; i < n; i++)
      channel_args(m, first + i, &args[i]);
   struct vgpu_tex_mem mem = { m->env->user, m->env->map, 0, NULL };
   uint32_t out[4][4];
   const struct vgpu_sampler_state *ss = m->op.fetch ? NULL : &m->ss;
   if (!vgpu_tex_sample_quad(&mem, &m->s, ss, m->border, &m->op, args, live, out))
      return mem.why ? mem_fault(m, &mem) : eu_send_unsupported(m->t, "sampler filtering");
   for (unsigned i = 0; i < n; i++) {
      if ((live >> i) & 1)
         reply_channel(m, first + i, out[i]);
   }
   return VGPU_EU_DONE;
}

/* Channels 4k..4k+3 are the pixels (0,0) (1,0) (0,1) (1,1) of a subspan,
 * as the pixel shader dispatch lays them out: implicit LODs come from
 * their differences. */
static enum vgpu_eu_status
run_channels(struct smsg *m)
{
   if (m->msg->simd == 4) {
      for (unsigned slot = 0; slot < 2; slot++) {
         if (!channel_live(m, slot))
            continue;
         enum vgpu_eu_status st = run_quad(m, slot, 1, 1);
         if (st != VGPU_EU_DONE)
            return st;
      }
      return VGPU_EU_DONE;
   }
   for (unsigned q = 0; q < m->msg->simd; q += 4) {
      unsigned live = (m->mask >> q) & 0xf;
      if (!live)
         continue;
      enum vgpu_eu_status st = run_quad(m, q, 4, live);
      if (st != VGPU_EU_DONE)
         return st;
   }
   return VGPU_EU_DONE;
}

/* ---- the message ---- */

/* Gen9+: binding table index 252 names no entry but the surface handle
 * the extended descriptor carries, an offset from Bindless Surface State
 * Base Address (Mesa's GFX9_BTI_BINDLESS, which ANV uses for descriptors
 * it does not put in the binding table). */
#define BTI_BINDLESS 252

static enum vgpu_eu_status
read_surface(struct smsg *m)
{
   const struct vgpu_eu_env *env = m->env;
   if (m->verx10 >= 90 && m->msg->bti == BTI_BINDLESS)
      return eu_send_unsupported(m->t, "sampler message to a bindless surface (surface handle in the extended descriptor)");
   const uint32_t *dw = env->surface_state ? env->surface_state(env->user, m->msg->bti) : NULL;
   if (!dw)
      return eu_send_fault(m->t, m->msg->bti, "sampler message to an absent binding table entry");
   if (!vgpu_tex_surface_decode(m->verx10, dw, &m->s))
      return eu_send_fault(m->t, m->msg->bti, "sampler message to a surface state of no known type");
   /* resinfo and sampleinfo read the surface state only, no texels. */
   if (env->texture_read && m->msg->type != ISA_SAMPLER_RESINFO &&
       m->msg->type != ISA_SAMPLER_SAMPLEINFO)
      env->texture_read(env->user, &m->s);
   return VGPU_EU_DONE;
}

/* The message's shape: SIMD mode, header, layout. */
static enum vgpu_eu_status
read_shape(struct smsg *m)
{
   const struct isa_send_msg *msg = m->msg;
   unsigned type = msg->type;
   if (msg->half)
      return eu_send_unsupported(m->t, "sampler message with a 16-bit payload (SIMD8H/16H)");
   if (msg->simd != 4 && msg->simd != 8 && msg->simd != 16)
      return eu_send_unsupported(m->t, "sampler SIMD mode");
   if (msg->simd == 4 && m->verx10 >= 80)
      return eu_send_unsupported(m->t, "sampler SIMD4x2 message from Gen8 on");
   unsigned total = msg->mlen + msg->ex_mlen;
   if (total < msg->header)
      return eu_send_fault(m->t, 0, "sampler message shorter than its header");
   m->regs = msg->simd == 16 ? 2 : 1;
   m->first = msg->header;
   m->nregs = total - msg->header;
   m->m2 = msg->header ? eu_payload32(m->payload, 0, 2) : 0;
   m->comps = (uint8_t)(~(m->m2 >> 12) & 0xf);
   memset(&m->lay, 0, sizeof(m->lay));
   if (type == ISA_SAMPLER_RESINFO) {
      LAY(&m->lay, P_LOD);
   } else if (type == ISA_SAMPLER_SAMPLEINFO) {
      m->lay.n = 0;
   } else if (msg->simd == 4 ? !simd4x2_layout(type, &m->lay)
                             : !simd_layout(m->verx10, type, &m->lay)) {
      return eu_send_unsupported(m->t, "sampler message type in this SIMD mode or generation");
   }
   index_layout(m);
   describe_op(m);
   return VGPU_EU_DONE;
}

/* Why vgpu cannot run a message on a surface for want of multisampling
 * sense, or NULL: the multisampled fetches read multisampled surfaces
 * only, every other message single-sampled ones (what the hardware does
 * across the two is not documented); no texel offsets (Mesa sends
 * none: "There is no offsetting for this message", and whether the
 * sampler would add them is not documented); 16x needs ld2dms_w's
 * 64-bit MCS. */
static const char *
ms_mismatch(const struct smsg *m)
{
   bool ms_surface = m->s.d.surf.samples > 1;
   if (!is_ms_fetch(m->op.type)) {
      return ms_surface ? "sampling a multisampled surface with a message other than ld_mcs, "
                          "ld2dms, ld2dms_w or ld2dss" : NULL;
   }
   if (!ms_surface)
      return "multisampled fetch (ld_mcs, ld2dms, ld2dms_w, ld2dss) from a single-sampled surface";
   if (m->op.offset[0] || m->op.offset[1] || m->op.offset[2])
      return "multisampled fetch with texel offsets in its header";
   if (m->op.type == ISA_SAMPLER_LD2DMS && m->s.d.has_mcs && m->s.d.surf.samples > 8)
      return "ld2dms (32-bit MCS) on a 16x MCS surface";
   return NULL;
}

static enum vgpu_eu_status
run_image(struct smsg *m)
{
   unsigned type = m->msg->type;
   if (type == ISA_SAMPLER_SAMPLEINFO)
      return run_sampleinfo(m);
   if (m->s.not_modelled)
      return eu_send_unsupported(m->t, m->s.not_modelled);
   const char *ms = ms_mismatch(m);
   if (ms)
      return eu_send_unsupported(m->t, ms);
   if (!m->op.fetch) {
      enum vgpu_eu_status st = read_sampler_state(m);
      if (st != VGPU_EU_DONE)
         return st;
      /* A disabled sampler returns zeros (SAMPLER_STATE "Sampler
       * Disable"): the reply is zeroed already. */
      if (m->ss.disabled)
         return VGPU_EU_DONE;
   }
   const char *rule = vgpu_sampler_rule_broken(&m->s, m->has_ss ? &m->ss : NULL, &m->op);
   if (rule)
      return eu_send_fault(m->t, 0, rule);
   return run_channels(m);
}

/* Whether the message's surface is a buffer, whose ld reads u alone. */
static bool
buffer_surface(const struct vgpu_eu_env *env, unsigned verx10, unsigned bti)
{
   struct isl_state_desc d;
   const uint32_t *dw = env->surface_state ? env->surface_state(env->user, bti) : NULL;
   return dw && isl_decode_state(verx10, dw, &d) && d.type == ISL_SURFTYPE_BUFFER;
}

bool
vgpu_sampler_payload_used(const struct vgpu_eu_env *env, const struct isa_send_msg *msg,
                          uint8_t *used, unsigned regs)
{
   struct layout l = { 0 };
   unsigned verx10 = isa_gen_verx10(env->gen);
   if (!verx10)
      return false;
   if (msg->simd != 4) {
      memset(used, 0xff, regs);
      return true;
   }
   if (msg->type == ISA_SAMPLER_RESINFO)
      LAY(&l, P_LOD);
   else if (msg->type == ISA_SAMPLER_LD && buffer_surface(env, verx10, msg->bti))
      LAY(&l, P_U);   /* Mesa's pull constant loads write .x alone */
   else if (msg->type != ISA_SAMPLER_SAMPLEINFO && !simd4x2_layout(msg->type, &l))
      return false;
   memset(used, 0, regs);
   if (msg->header && regs)
      used[0] = 0xff;
   for (unsigned i = 0; i < l.n; i++) {
      unsigned r = msg->header + i / 4;
      if (l.p[i] != P_NONE && r < regs)
         used[r] |= (uint8_t)(0x11u << (i % 4));
   }
   return true;
}

enum vgpu_eu_status
vgpu_sampler_message(const struct vgpu_eu_env *env, struct vgpu_eu_thread *t,
                     const struct isa_send_msg *msg, const uint8_t *payload,
                     uint8_t *reply, uint32_t exec_mask)
{
   struct smsg m = { .env = env, .t = t, .msg = msg, .payload = payload,
                     .reply = reply, .mask = exec_mask };
   m.verx10 = isa_gen_verx10(env->gen);
   if (!m.verx10)
      return eu_send_unsupported(t, "sampler of this generation");
   enum vgpu_eu_status st = read_shape(&m);
   if (st != VGPU_EU_DONE)
      return st;
   st = read_surface(&m);
   if (st != VGPU_EU_DONE)
      return st;
   if (msg->type == ISA_SAMPLER_RESINFO)
      return run_resinfo(&m);
   /* A null surface returns zeros to every message but resinfo's sizes
    * (RENDER_SURFACE_STATE "SURFTYPE_NULL"). */
   if (m.s.d.type == ISL_SURFTYPE_NULL)
      return VGPU_EU_DONE;
   if (m.s.d.type == ISL_SURFTYPE_BUFFER) {
      if (!m.op.fetch)
         return eu_send_unsupported(m.t, "sampler message other than ld from a buffer");
      return buffer_ld(&m);
   }
   return run_image(&m);
}

/* Typed surface messages: read, write and atomics on storage images and
 * storage texel buffers, with the surface format conversions of the data
 * port (PRM Vol 2d "Typed Surface Read/Write/Atomic" message descriptors
 * and payloads; Vol 7 "Data Port" "Typed Surface" messages).  The
 * sampler's size query on them is the sampler's (src/vgpu/sampler).
 *
 * Payload, SIMD8 (one GRF per parameter): an optional header, then the
 * address parameters U, V, R (and LOD), then the data (writes: the enabled
 * channels R, G, B, A in order; atomics: source 0 and, for compare-and-
 * write, source 1).  The message names no address count: it is what the
 * message length leaves after the header and the data, which is how Mesa
 * packs as many coordinates as the image has.  The surface type gives them
 * meaning: 1D U = x, V = array layer; 2D and cube U = x, V = y, R = array
 * layer (faces counted as layers); 3D R = z; buffers U = element.
 *
 * Gen7-8 messages carry a header (PRM "the header must be present for
 * typed messages"): DWord 7 bits 15:0 is the pixel/sample mask, of which
 * the slot group selects the low or high eight.  Gen9+ messages come
 * without one.  SIMD16 dispatches send two SIMD8 messages, one per slot
 * group; the interpreter hands each its own eight channels.
 *
 * Surface Boundary Checking (PRM Vol 2d): a coordinate beyond the width,
 * height or the accessible depth/array extent reads 0 and drops writes and
 * atomics; an address no object maps is a page fault. */
#include <string.h>

#include "isl.h"
#include "vgpu_eu_priv.h"
#include "vgpu_format.h"

struct typed {
   const struct vgpu_eu_env *env;
   struct vgpu_eu_thread *t;
   const struct isa_send_msg *msg;
   const uint8_t *payload;
   uint8_t *reply;
   struct vgpu_eu_surface s;
   const struct vgpu_format *fmt;
   struct isl_surf lod0;  /* images: LOD 0 as isl lays it out */
   unsigned addr_reg;    /* first address parameter */
   unsigned naddr;       /* address parameters */
   unsigned data_reg;    /* first data register */
   uint32_t mask;        /* channels taking part */
};

static unsigned
popcount4(unsigned mask)
{
   return (mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1) + (mask >> 3 & 1);
}

/* ---- addresses ---- */

/* Texel coordinates of channel c: x, y and the slice (array layer or 3D
 * depth slice, Minimum Array Element added); false when the boundary
 * check drops it. */
static bool
texel_coords(const struct typed *m, unsigned c, uint32_t xyz[3])
{
   uint32_t a[4] = { 0, 0, 0, 0 };
   for (unsigned i = 0; i < m->naddr; i++)
      a[i] = eu_payload32(m->payload, m->addr_reg + i, c);
   const struct vgpu_eu_surface *s = &m->s;
   /* vgpu lays out one MIP level (check_surface): any other LOD is
    * beyond the surface. */
   if (a[3])
      return false;
   if (s->buffer) {
      xyz[0] = a[0];
      xyz[1] = xyz[2] = 0;
      return a[0] < s->entries;
   }
   switch (s->type) {
   case VGPU_EU_SURF_1D:
      xyz[0] = a[0];
      xyz[1] = 0;
      xyz[2] = a[1] + s->min_array_element;
      return a[0] < s->width && a[1] < s->depth;
   default: {
      /* Cube surfaces hold six faces per Depth unit. */
      uint32_t extent = s->type == VGPU_EU_SURF_CUBE ? 6 * s->depth : s->depth;
      xyz[0] = a[0];
      xyz[1] = a[1];
      xyz[2] = a[2] + s->min_array_element;
      return a[0] < s->width && a[1] < s->height && a[2] < extent;
   }
   }
}

/* LOD 0 of the surface as isl lays it out (the only LOD typed messages
 * reach here, check_surface): rows of `pitch` bytes in the surface's
 * tiling, slices `qpitch` rows apart; Gen9+ linear 1D surfaces instead
 * keep a layer per row of qpitch texels (vgpu_gpgpu_genX.c reads both from
 * RENDER_SURFACE_STATE with isl_decode_state). */
static void
lod0_surface(const struct typed *m, struct isl_surf *out)
{
   static const enum isl_tiling tiling[] = {
      [VGPU_EU_LINEAR] = ISL_TILING_LINEAR, [VGPU_EU_TILE_X] = ISL_TILING_X,
      [VGPU_EU_TILE_Y] = ISL_TILING_Y,
   };
   const struct vgpu_eu_surface *s = &m->s;
   *out = (struct isl_surf){
      .dim = ISL_SURF_DIM_2D, .format = (enum isl_format)m->fmt->number,
      .tiling = s->tiling < 3 ? tiling[s->tiling] : ISL_TILING_LINEAR,
      .layout = s->slices_in_x ? ISL_LAYOUT_1D_GEN9 : ISL_LAYOUT_2D,
      .width = s->width, .height = s->height, .depth = 1, .levels = 1,
      .array_len = s->depth, .halign = 4, .valign = 4,
      .array_pitch_rows = s->slices_in_x ? 1 : s->qpitch,
      .row_pitch_B = s->slices_in_x ? s->qpitch * m->fmt->bytes : s->pitch,
   };
}

/* Byte offset of a texel: isl's placement of the slice and its tiling
 * (X, Y: PRM Vol 5 "Tiling"). */
static uint64_t
texel_offset(const struct typed *m, const uint32_t xyz[3])
{
   const struct vgpu_eu_surface *s = &m->s;
   if (s->buffer)
      return (uint64_t)xyz[0] * s->pitch;
   return isl_surf_texel_offset(&m->lod0, 0, xyz[2], xyz[0], xyz[1]);
}

/* Host pointer of channel c's texel; NULL with *dropped for a texel the
 * boundary check drops, NULL with a fault recorded for an unmapped one. */
static uint8_t *
texel_ptr(struct typed *m, unsigned c, bool *dropped, uint64_t *addr_out)
{
   uint32_t xyz[3];
   *dropped = !texel_coords(m, c, xyz);
   if (*dropped)
      return NULL;
   uint64_t addr = m->s.base + texel_offset(m, xyz);
   *addr_out = addr;
   uint8_t *p = m->env->map(m->env->user, addr, m->fmt->bytes);
   if (!p)
      eu_send_fault(m->t, addr, "typed surface access outside every object of the submission");
   return p;
}

/* ---- read, write, atomic ---- */

/* What a message does to one channel's texel; texel is NULL when the
 * boundary check drops it. */
typedef void texel_fn(struct typed *m, unsigned c, uint8_t *texel);

static texel_fn read_texel;

/* Writes and atomics tell the texture-cache rule the hull of the texels
 * they wrote (the data cache holds them until a DC flush). */
static enum vgpu_eu_status
each_texel(struct typed *m, texel_fn *fn)
{
   const bool writes = fn != read_texel;
   enum vgpu_eu_status st = VGPU_EU_DONE;
   uint64_t lo = UINT64_MAX, hi = 0;
   for (unsigned c = 0; c < 8; c++) {
      if (!((m->mask >> c) & 1))
         continue;
      bool dropped;
      uint64_t addr = 0;
      uint8_t *p = texel_ptr(m, c, &dropped, &addr);
      if (!p && !dropped) {
         st = VGPU_EU_FAULT;
         break;
      }
      if (p && writes) {
         lo = addr < lo ? addr : lo;
         hi = addr + m->fmt->bytes > hi ? addr + m->fmt->bytes : hi;
      }
      fn(m, c, p);
   }
   if (hi > lo && m->env->data_write)
      m->env->data_write(m->env->user, lo, hi);
   return st;
}

/* The enabled channels come back in order, one register each. */
static void
read_texel(struct typed *m, unsigned c, uint8_t *texel)
{
   uint32_t rgba[4] = { 0, 0, 0, 0 };
   if (texel)
      isl_texel_unpack(m->fmt->isl, texel, rgba);
   unsigned slot = 0;
   for (unsigned k = 0; k < 4; k++) {
      if (!((m->msg->channel_mask >> k) & 1))
         continue;
      if (slot < m->msg->rlen)
         memcpy(&m->reply[slot * 32 + c * 4], &rgba[k], 4);
      slot++;
   }
}

static void
write_texel(struct typed *m, unsigned c, uint8_t *texel)
{
   if (!texel)
      return;
   uint32_t rgba[4] = { 0, 0, 0, 0 };
   unsigned slot = 0;
   for (unsigned k = 0; k < 4; k++) {
      if ((m->msg->channel_mask >> k) & 1)
         rgba[k] = eu_payload32(m->payload, m->data_reg + slot++, c);
   }
   isl_texel_pack(m->fmt->isl, rgba, m->msg->channel_mask, texel);
}

/* A dropped texel keeps memory and returns 0; pre-decrement returns the
 * new value, the others the old one. */
static void
atomic_texel(struct typed *m, unsigned c, uint8_t *texel)
{
   enum isa_atomic_op op = m->msg->atomic;
   uint32_t old = 0;
   if (texel) {
      memcpy(&old, texel, 4);
      unsigned n = vgpu_eu_atomic_sources(op);
      uint32_t a = n > 0 ? eu_payload32(m->payload, m->data_reg, c) : 0;
      uint32_t b = n > 1 ? eu_payload32(m->payload, m->data_reg + 1, c) : 0;
      uint32_t nv = (uint32_t)vgpu_eu_atomic_int(op, old, a, b, false);
      memcpy(texel, &nv, 4);
      if (op == ISA_ATOMIC_PREDEC)
         old = nv;
   }
   if (m->msg->returns_data && m->msg->rlen)
      memcpy(&m->reply[c * 4], &old, 4);
}

static enum vgpu_eu_status
typed_atomic(struct typed *m)
{
   /* Typed atomics work on 32-bit single-channel surfaces (PRM "Surface
    * Formats" for typed atomic operations: R32_UINT, R32_SINT; Mesa also
    * exchanges and compares on R32_FLOAT). */
   if (m->fmt->bytes != 4 || m->fmt->ch[1].bits)
      return eu_send_unsupported(m->t, "typed atomic on a surface format other than R32");
   enum isa_atomic_op op = m->msg->atomic;
   if (op == ISA_ATOMIC_NONE || op >= ISA_ATOMIC_FMAX)
      return eu_send_unsupported(m->t, "typed atomic operation");
   eu_atomics_begin();
   enum vgpu_eu_status st = each_texel(m, atomic_texel);
   eu_atomics_end();
   return st;
}

/* ---- atomic operations, shared with the untyped messages ---- */

uint64_t
vgpu_eu_atomic_int(enum isa_atomic_op op, uint64_t old, uint64_t a, uint64_t b,
                   bool q)
{
   int64_t so = q ? (int64_t)old : (int32_t)old, sa = q ? (int64_t)a : (int32_t)a;
   switch (op) {
   case ISA_ATOMIC_AND: return old & a;
   case ISA_ATOMIC_OR: return old | a;
   case ISA_ATOMIC_XOR: return old ^ a;
   case ISA_ATOMIC_MOV: return a;
   case ISA_ATOMIC_INC: return old + 1;
   case ISA_ATOMIC_DEC: case ISA_ATOMIC_PREDEC: return old - 1;
   case ISA_ATOMIC_ADD: return old + a;
   case ISA_ATOMIC_SUB: return old - a;
   case ISA_ATOMIC_REVSUB: return a - old;
   case ISA_ATOMIC_IMAX: return (uint64_t)(so > sa ? so : sa);
   case ISA_ATOMIC_IMIN: return (uint64_t)(so < sa ? so : sa);
   case ISA_ATOMIC_UMAX: return old > a ? old : a;
   case ISA_ATOMIC_UMIN: return old < a ? old : a;
   case ISA_ATOMIC_CMPWR: return old == a ? b : old;
   default: return old;
   }
}

unsigned
vgpu_eu_atomic_sources(enum isa_atomic_op op)
{
   switch (op) {
   case ISA_ATOMIC_INC: case ISA_ATOMIC_DEC: case ISA_ATOMIC_PREDEC:
      return 0;
   case ISA_ATOMIC_CMPWR: case ISA_ATOMIC_FCMPWR:
      return 2;
   default:
      return 1;
   }
}

/* ---- the message ---- */

/* Data registers the message carries after its addresses. */
static unsigned
data_regs(const struct isa_send_msg *msg)
{
   switch (msg->msg) {
   case ISA_MSG_TYPED_WRITE:
      return popcount4(msg->channel_mask);
   case ISA_MSG_TYPED_ATOMIC:
      return vgpu_eu_atomic_sources(msg->atomic);
   default:
      return 0;
   }
}

static const char *
check_surface(const struct typed *m)
{
   const struct vgpu_eu_surface *s = &m->s;
   if (s->not_modelled)
      return s->not_modelled;
   if (!m->fmt)
      return "typed message to a surface format vgpu does not convert";
   if (s->type == VGPU_EU_SURF_NULL)
      return "typed message to a null surface";
   if (!s->buffer && s->min_lod + s->mip_count > 0)
      return "typed message to a MIP level other than 0";
   return NULL;
}

enum vgpu_eu_status
vgpu_eu_typed(const struct vgpu_eu_env *env, struct vgpu_eu_thread *t,
              const struct isa_send_msg *msg, const uint8_t *payload,
              uint8_t *reply, uint32_t exec_mask)
{
   struct typed m = { .env = env, .t = t, .msg = msg, .payload = payload,
                      .reply = reply, .mask = exec_mask & 0xff };
   if (msg->msg == ISA_MSG_TYPED_ATOMIC_SIMD4X2 || msg->simd != 8)
      return eu_send_unsupported(m.t, "SIMD4x2 typed surface message");
   if (!env->surface || !env->surface(env->user, msg->bti, &m.s))
      return eu_send_fault(m.t, msg->bti, "typed message to an absent binding table entry");
   m.fmt = vgpu_format_get(m.s.format);
   const char *why = check_surface(&m);
   if (why)
      return eu_send_unsupported(m.t, why);
   unsigned total = msg->mlen + msg->ex_mlen, header = msg->header, data = data_regs(msg);
   if (total < header + data + 1)
      return eu_send_fault(m.t, 0, "typed message shorter than its address and data");
   if (header) {
      uint32_t sample_mask = eu_payload32(m.payload, 0, 7) >> (msg->slot_group_hi ? 8 : 0);
      m.mask &= sample_mask;
   }
   m.addr_reg = header;
   m.naddr = total - header - data;
   if (m.naddr > 4)
      return eu_send_fault(m.t, 0, "typed message with more than U, V, R and LOD addresses");
   m.data_reg = header + m.naddr;
   if (!m.s.buffer)
      lod0_surface(&m, &m.lod0);
   switch (msg->msg) {
   case ISA_MSG_TYPED_READ:
      return each_texel(&m, read_texel);
   case ISA_MSG_TYPED_WRITE:
      return each_texel(&m, write_texel);
   case ISA_MSG_TYPED_ATOMIC:
      return typed_atomic(&m);
   default:
      return eu_send_unsupported(m.t, "typed surface message type");
   }
}

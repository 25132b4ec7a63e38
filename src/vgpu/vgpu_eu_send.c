/* Shared functions reached by send: the data port (untyped surface,
 * scattered, block, A64 and SLM messages, atomics, fences), the message
 * gateway (barriers) and the thread spawner (EOT).
 *
 * Message descriptors: PRM Vol 2d "Message Descriptor - Data Port" (DC0,
 * DC1 message types, MDC_SM3 SIMD mode, MDC_CMASK channel mask, MDC_AOP
 * atomic operations, MDC_DS data size, MDC_A64_DS), "Message Gateway";
 * the numbers were checked against Mesa's brw_eu.h/brw_eu_defines.h.
 *
 * Out-of-bounds accesses to a buffer surface read 0 and drop writes (PRM
 * "Surface Boundary Checking" for SURFTYPE_BUFFER); an address no object
 * of the submission maps is a page fault. */
#include <string.h>

#include "vgpu_eu_priv.h"

#define BITS(v, hi, lo) (((v) >> (lo)) & ((1u << ((hi) - (lo) + 1)) - 1))

enum { BTI_SLM = 254, BTI_STATELESS = 255, BTI_STATELESS_NC = 253 };

/* Data port 0 and 1 message types (Gen7.5+ numbering; Ivy Bridge keeps
 * the untyped messages on port 0). */
enum {
   DC0_OWORD_BLOCK_READ = 0, DC0_UNALIGNED_OWORD_BLOCK_READ = 1,
   DC0_BYTE_SCATTERED_READ = 4, DC0_MEMORY_FENCE = 7,
   DC0_OWORD_BLOCK_WRITE = 8, DC0_BYTE_SCATTERED_WRITE = 12,
   IVB_UNTYPED_READ = 5, IVB_UNTYPED_ATOMIC = 6, IVB_UNTYPED_WRITE = 13,
   DC1_UNTYPED_READ = 1, DC1_UNTYPED_ATOMIC = 2, DC1_UNTYPED_WRITE = 9,
   DC1_A64_SCATTERED_READ = 0x10, DC1_A64_UNTYPED_READ = 0x11,
   DC1_A64_UNTYPED_ATOMIC = 0x12, DC1_A64_BLOCK_READ = 0x14,
   DC1_A64_BLOCK_WRITE = 0x15, DC1_A64_UNTYPED_WRITE = 0x19,
   DC1_A64_SCATTERED_WRITE = 0x1a, DC1_UNTYPED_ATOMIC_FLOAT = 0x1b,
   DC1_A64_UNTYPED_ATOMIC_FLOAT = 0x1d,
};

enum { AOP_AND = 1, AOP_OR, AOP_XOR, AOP_MOV, AOP_INC, AOP_DEC, AOP_ADD,
       AOP_SUB, AOP_REVSUB, AOP_IMAX, AOP_IMIN, AOP_UMAX, AOP_UMIN, AOP_CMPWR,
       AOP_PREDEC };
enum { AOP_FMAX = 1, AOP_FMIN, AOP_FCMPWR };

#define MAX_PAYLOAD_REGS 48

/* One message in flight: its payload gathered from the GRFs. */
struct msg {
   const struct vgpu_eu_env *env;
   struct vgpu_eu_thread *t;
   const struct isa_inst *in;
   uint32_t desc;
   unsigned mlen, ex_mlen, rlen;
   bool header;
   uint32_t mask;                        /* channels taking part */
   uint8_t payload[MAX_PAYLOAD_REGS * 32];
   uint8_t reply[32 * 32];
};

/* Where a message's offsets point. */
struct space {
   enum { SPACE_SURFACE, SPACE_SLM, SPACE_FLAT } kind;
   uint64_t base, size;
};

static enum vgpu_eu_status
fault(struct msg *m, uint64_t addr, const char *why)
{
   m->t->why = why;
   m->t->fault_addr = addr;
   return VGPU_EU_FAULT;
}

static enum vgpu_eu_status
unsupported(struct msg *m, const char *why)
{
   m->t->why = why;
   return VGPU_EU_UNSUPPORTED;
}

static bool
resolve_bti(struct msg *m, unsigned bti, struct space *sp)
{
   /* Special binding table indices (PRM "Binding Table Index" of the data
    * port messages): 254 shared local memory; 255 and, from Haswell, 253
    * A32 stateless (coherent and non-coherent: the same memory here). */
   if (bti == BTI_SLM) {
      *sp = (struct space){ SPACE_SLM, 0, m->env->slm_size };
      return true;
   }
   if (bti == BTI_STATELESS || (bti == BTI_STATELESS_NC && m->env->gen >= ISA_GEN75)) {
      *sp = (struct space){ SPACE_FLAT, m->env->general_state_base, UINT64_MAX };
      return true;
   }
   struct vgpu_eu_surface s;
   if (!m->env->surface || !m->env->surface(m->env->user, bti, &s))
      return false;
   *sp = (struct space){ SPACE_SURFACE, s.base, s.size };
   return true;
}

/* Host pointer for len bytes at offset; NULL with *oob for an access the
 * surface bounds drop, NULL with a fault recorded for an unmapped one. */
static uint8_t *
space_ptr(struct msg *m, const struct space *sp, uint64_t offset, unsigned len,
          bool *oob)
{
   *oob = false;
   switch (sp->kind) {
   case SPACE_SLM:
      if (offset + len > sp->size || !m->env->slm) {
         *oob = true;
         return NULL;
      }
      return m->env->slm + offset;
   case SPACE_SURFACE:
      if (offset >= sp->size || len > sp->size - offset) {
         *oob = true;
         return NULL;
      }
      break;
   case SPACE_FLAT:
      break;
   }
   uint64_t addr = sp->base + offset;
   uint8_t *p = m->env->map(m->env->user, addr, len);
   if (!p)
      fault(m, addr, "data port access outside every object of the submission");
   return p;
}

/* Moves len bytes between the space at offset and buf (into the space
 * when write).  Reads the bounds drop give zeros and such writes are
 * dropped; false for a fault. */
static bool
space_copy(struct msg *m, const struct space *sp, uint64_t offset,
           unsigned len, bool write, void *buf)
{
   bool oob;
   uint8_t *p = space_ptr(m, sp, offset, len, &oob);
   if (!p) {
      if (!write)
         memset(buf, 0, len);
      return oob;
   }
   if (write)
      memcpy(p, buf, len);
   else
      memcpy(buf, p, len);
   return true;
}

/* ---- payload ---- */

static uint32_t
pay32(const struct msg *m, unsigned reg, unsigned c)
{
   uint32_t v;
   memcpy(&v, &m->payload[reg * 32 + c * 4], 4);
   return v;
}

static uint64_t
pay64(const struct msg *m, unsigned reg, unsigned c)
{
   uint64_t v;
   memcpy(&v, &m->payload[reg * 32 + c * 8], 8);
   return v;
}

static void
reply32(struct msg *m, unsigned reg, unsigned c, uint32_t v)
{
   memcpy(&m->reply[reg * 32 + c * 4], &v, 4);
}

static unsigned
simd_of_sm3(unsigned ctrl)
{
   /* MDC_SM3: 1 SIMD16, 2 SIMD8 (0 is SIMD4x2, which compute never uses). */
   unsigned mode = BITS(ctrl, 5, 4);
   return mode == 1 ? 16 : mode == 2 ? 8 : 0;
}

/* ---- untyped surface read/write: n channels, up to 4 components ---- */

static enum vgpu_eu_status
untyped_rw(struct msg *m, const struct space *sp, unsigned n, unsigned ctrl,
           bool write, bool a64)
{
   unsigned cmask = BITS(ctrl, 3, 0);   /* a set bit disables the component */
   unsigned regs_per = n / 8;
   unsigned areg = m->header;
   unsigned addr_regs = a64 ? regs_per * 2 : regs_per;
   unsigned dreg = areg + addr_regs;
   for (unsigned c = 0; c < n; c++) {
      if (!((m->mask >> c) & 1))
         continue;
      uint64_t off = a64 ? pay64(m, areg, c) : pay32(m, areg, c);
      unsigned slot = 0;
      for (unsigned comp = 0; comp < 4; comp++) {
         if ((cmask >> comp) & 1)
            continue;
         unsigned reg = slot * regs_per + c / 8;
         uint8_t *buf = write ? &m->payload[(dreg + reg) * 32 + (c % 8) * 4]
                              : &m->reply[reg * 32 + (c % 8) * 4];
         if (!space_copy(m, sp, off + comp * 4, 4, write, buf))
            return VGPU_EU_FAULT;
         slot++;
      }
   }
   return VGPU_EU_DONE;
}

/* ---- atomics ---- */

static uint64_t
atomic_int(unsigned op, uint64_t old, uint64_t a, uint64_t b, bool q)
{
   int64_t so = q ? (int64_t)old : (int32_t)old, sa = q ? (int64_t)a : (int32_t)a;
   switch (op) {
   case AOP_AND: return old & a;
   case AOP_OR: return old | a;
   case AOP_XOR: return old ^ a;
   case AOP_MOV: return a;
   case AOP_INC: return old + 1;
   case AOP_DEC: case AOP_PREDEC: return old - 1;
   case AOP_ADD: return old + a;
   case AOP_SUB: return old - a;
   case AOP_REVSUB: return a - old;
   case AOP_IMAX: return (uint64_t)(so > sa ? so : sa);
   case AOP_IMIN: return (uint64_t)(so < sa ? so : sa);
   case AOP_UMAX: return old > a ? old : a;
   case AOP_UMIN: return old < a ? old : a;
   case AOP_CMPWR: return old == a ? b : old;
   default: return old;
   }
}

static uint32_t
atomic_float(unsigned op, uint32_t old, uint32_t a, uint32_t b)
{
   float fo = eu_f32_from_bits(old), fa = eu_f32_from_bits(a);
   switch (op) {
   case AOP_FMAX: return (fa > fo || fo != fo) && fa == fa ? a : old;
   case AOP_FMIN: return (fa < fo || fo != fo) && fa == fa ? a : old;
   case AOP_FCMPWR: return fo == fa ? b : old;
   default: return old;
   }
}

/* Untyped (32-bit, BTI or A64) and A64 64-bit atomics.  Sources follow
 * the addresses: src0 then, for compare-and-write, src1. */
static enum vgpu_eu_status
atomic(struct msg *m, const struct space *sp, unsigned n, unsigned op,
       bool a64, bool q, bool flt, bool ret)
{
   unsigned dw = q ? 2 : 1;
   unsigned regs = n / 8 * dw;
   unsigned areg = m->header;
   unsigned sreg = areg + (a64 ? n / 4 : n / 8);
   bool two = flt ? op == AOP_FCMPWR : op == AOP_CMPWR;
   bool one = flt || (op != AOP_INC && op != AOP_DEC && op != AOP_PREDEC);
   for (unsigned c = 0; c < n; c++) {
      if (!((m->mask >> c) & 1))
         continue;
      uint64_t off = a64 ? pay64(m, areg, c) : pay32(m, areg, c);
      uint64_t a = 0, b = 0;
      if (one)
         a = q ? pay64(m, sreg, c) : pay32(m, sreg, c);
      if (two)
         b = q ? pay64(m, sreg + regs, c) : pay32(m, sreg + regs, c);
      bool oob;
      uint8_t *p = space_ptr(m, sp, off, 4 * dw, &oob);
      if (!p && !oob)
         return VGPU_EU_FAULT;
      uint64_t old = 0;
      if (p) {
         memcpy(&old, p, 4 * dw);
         uint64_t nv = flt ? atomic_float(op, (uint32_t)old, (uint32_t)a, (uint32_t)b)
                           : atomic_int(op, old, a, b, q);
         memcpy(p, &nv, 4 * dw);
         if (op == AOP_PREDEC && !flt)
            old = nv;
      }
      if (ret)
         memcpy(&m->reply[(c / 8) * 32 * dw + (c % 8) * 4 * dw], &old, 4 * dw);
   }
   return VGPU_EU_DONE;
}

/* ---- byte scattered (BTI and A64 byte subtype) ---- */

static enum vgpu_eu_status
byte_scattered(struct msg *m, const struct space *sp, unsigned n,
               unsigned bytes, bool write, bool a64)
{
   unsigned areg = m->header;
   unsigned dreg = areg + (a64 ? n / 4 : n / 8);
   for (unsigned c = 0; c < n; c++) {
      if (!((m->mask >> c) & 1))
         continue;
      uint64_t off = a64 ? pay64(m, areg, c) : pay32(m, areg, c);
      uint32_t v = 0;
      if (!space_copy(m, sp, off, bytes, write,
                      write ? &m->payload[(dreg + c / 8) * 32 + (c % 8) * 4] : (void *)&v))
         return VGPU_EU_FAULT;
      if (!write)
         reply32(m, c / 8, c % 8, v);
   }
   return VGPU_EU_DONE;
}

/* ---- OWord blocks: one address for the whole message ---- */

static unsigned
oword_count(unsigned ctrl)
{
   static const uint8_t owords[8] = { 1, 1, 2, 4, 8, 16 };
   return owords[BITS(ctrl, 2, 0)];
}

static enum vgpu_eu_status
oword_block(struct msg *m, const struct space *sp, uint64_t off,
            unsigned ctrl, bool write)
{
   unsigned len = oword_count(ctrl) * 16;
   /* A single oword goes to the low (0) or high (1) half of the register. */
   unsigned shift = BITS(ctrl, 2, 0) == 1 ? 16 : 0;
   uint8_t *buf = write ? &m->payload[32 * m->header + shift] : &m->reply[shift];
   return space_copy(m, sp, off, len, write, buf) ? VGPU_EU_DONE : VGPU_EU_FAULT;
}

/* ---- dispatch by shared function ---- */

static enum vgpu_eu_status
dc_untyped(struct msg *m, unsigned bti, unsigned ctrl, bool write)
{
   struct space sp;
   if (!resolve_bti(m, bti, &sp))
      return fault(m, bti, "untyped message to an absent binding table entry");
   unsigned n = simd_of_sm3(ctrl);
   if (!n)
      return unsupported(m, "SIMD4x2 untyped surface message");
   return untyped_rw(m, &sp, n, ctrl, write, false);
}

static enum vgpu_eu_status
dc_untyped_atomic(struct msg *m, unsigned bti, unsigned ctrl, bool flt)
{
   struct space sp;
   if (!resolve_bti(m, bti, &sp))
      return fault(m, bti, "atomic message to an absent binding table entry");
   unsigned n = BITS(ctrl, 4, 4) ? 8 : 16;
   unsigned op = flt ? BITS(ctrl, 1, 0) : BITS(ctrl, 3, 0);
   return atomic(m, &sp, n, op, false, false, flt, BITS(ctrl, 5, 5));
}

static enum vgpu_eu_status
dc0_message(struct msg *m, unsigned type, unsigned bti, unsigned ctrl)
{
   bool ivb = m->env->gen == ISA_GEN7;
   struct space sp;
   if (BITS(m->desc, 18, 18) && m->env->gen >= ISA_GEN7)
      return unsupported(m, "scratch block message");
   switch (type) {
   case DC0_MEMORY_FENCE:
      return VGPU_EU_DONE;   /* sequential: every access is already visible */
   case DC0_BYTE_SCATTERED_READ:
   case DC0_BYTE_SCATTERED_WRITE:
      if (!resolve_bti(m, bti, &sp))
         return fault(m, bti, "scattered message to an absent binding table entry");
      return byte_scattered(m, &sp, BITS(ctrl, 0, 0) ? 16 : 8,
                            1u << BITS(ctrl, 3, 2),
                            type == DC0_BYTE_SCATTERED_WRITE, false);
   case DC0_OWORD_BLOCK_READ:
   case DC0_UNALIGNED_OWORD_BLOCK_READ:
   case DC0_OWORD_BLOCK_WRITE: {
      if (!resolve_bti(m, bti, &sp))
         return fault(m, bti, "block message to an absent binding table entry");
      /* Header DWord 2: the offset, in owords for aligned blocks and in
       * bytes for unaligned reads. */
      uint64_t off = pay32(m, 0, 2);
      if (type != DC0_UNALIGNED_OWORD_BLOCK_READ)
         off *= 16;
      return oword_block(m, &sp, off, ctrl, type == DC0_OWORD_BLOCK_WRITE);
   }
   default:
      break;
   }
   if (ivb && (type == IVB_UNTYPED_READ || type == IVB_UNTYPED_WRITE))
      return dc_untyped(m, bti, ctrl, type == IVB_UNTYPED_WRITE);
   if (ivb && type == IVB_UNTYPED_ATOMIC)
      return dc_untyped_atomic(m, bti, ctrl, false);
   return unsupported(m, "data port 0 message type");
}

static enum vgpu_eu_status
dc1_a64(struct msg *m, unsigned type, unsigned ctrl)
{
   struct space flat = { SPACE_FLAT, 0, UINT64_MAX };
   switch (type) {
   case DC1_A64_UNTYPED_READ:
   case DC1_A64_UNTYPED_WRITE: {
      unsigned n = simd_of_sm3(ctrl);
      if (!n)
         return unsupported(m, "SIMD4x2 A64 untyped message");
      return untyped_rw(m, &flat, n, ctrl, type == DC1_A64_UNTYPED_WRITE, true);
   }
   case DC1_A64_SCATTERED_READ:
   case DC1_A64_SCATTERED_WRITE:
      if (BITS(ctrl, 1, 0) != 0)
         return unsupported(m, "A64 dword/qword scattered message");
      return byte_scattered(m, &flat, BITS(ctrl, 4, 4) ? 16 : 8,
                            1u << BITS(ctrl, 3, 2),
                            type == DC1_A64_SCATTERED_WRITE, true);
   case DC1_A64_UNTYPED_ATOMIC:
      return atomic(m, &flat, 8, BITS(ctrl, 3, 0), true, BITS(ctrl, 4, 4),
                    false, BITS(ctrl, 5, 5));
   case DC1_A64_UNTYPED_ATOMIC_FLOAT:
      return atomic(m, &flat, 8, BITS(ctrl, 1, 0), true, false, true,
                    BITS(ctrl, 5, 5));
   case DC1_A64_BLOCK_READ:
   case DC1_A64_BLOCK_WRITE:
      /* The address is the header's first QWord. */
      return oword_block(m, &flat, pay64(m, 0, 0) & ~(uint64_t)(BITS(ctrl, 4, 3) ? 3 : 15),
                         ctrl, type == DC1_A64_BLOCK_WRITE);
   default:
      return unsupported(m, "data port 1 message type");
   }
}

static enum vgpu_eu_status
dc1_message(struct msg *m, unsigned type, unsigned bti, unsigned ctrl)
{
   switch (type) {
   case DC1_UNTYPED_READ:
   case DC1_UNTYPED_WRITE:
      return dc_untyped(m, bti, ctrl, type == DC1_UNTYPED_WRITE);
   case DC1_UNTYPED_ATOMIC:
      return dc_untyped_atomic(m, bti, ctrl, false);
   case DC1_UNTYPED_ATOMIC_FLOAT:
      return dc_untyped_atomic(m, bti, ctrl, true);
   default:
      if (type >= 0x10)
         return dc1_a64(m, type, ctrl);
      return unsupported(m, "typed surface or media block message");
   }
}

/* Constant and sampler cache reads (PRM Vol 2d "Data Port Read: Sampler
 * Cache / Constant Cache"): aligned and unaligned OWord block reads, the
 * way Mesa pulls uniform blocks. */
static enum vgpu_eu_status
const_message(struct msg *m, unsigned type, unsigned bti, unsigned ctrl)
{
   if (type != DC0_OWORD_BLOCK_READ && type != DC0_UNALIGNED_OWORD_BLOCK_READ)
      return unsupported(m, "constant cache message type");
   struct space sp;
   if (!resolve_bti(m, bti, &sp))
      return fault(m, bti, "constant read from an absent binding table entry");
   uint64_t off = pay32(m, 0, 2);
   if (type == DC0_OWORD_BLOCK_READ)
      off *= 16;
   return oword_block(m, &sp, off, ctrl, false);
}

/* Sampler "ld" from a buffer surface, the one sampler message compute
 * kernels send (Mesa's uniform-block pulls and texel buffers): the payload
 * is one integer coordinate per channel; the reply holds R, G, B, A, one
 * register group per component.  Formats vgpu converts: 32-bit-per-channel
 * RGBA and R (missing components read 0, alpha 1). */
static enum vgpu_eu_status
sampler_message(struct msg *m, unsigned bti)
{
   enum { SAMPLER_LD = 7 };
   unsigned type = BITS(m->desc, 16, 12), simd = BITS(m->desc, 18, 17);
   if (type != SAMPLER_LD)
      return unsupported(m, "sampler message other than ld");
   if (m->header)
      return unsupported(m, "sampler message with a header");
   unsigned n = simd == 1 ? 8 : simd == 2 ? 16 : 0;
   if (!n)
      return unsupported(m, "sampler SIMD mode");
   struct vgpu_eu_surface s;
   if (!m->env->surface || !m->env->surface(m->env->user, bti, &s))
      return fault(m, bti, "sampler message to an absent binding table entry");
   if (!s.buffer)
      return unsupported(m, "sampling an image");
   unsigned comps;
   bool is_float;
   switch (s.format) {
   case 0x000: comps = 4; is_float = true; break;    /* R32G32B32A32_FLOAT */
   case 0x001: case 0x002: comps = 4; is_float = false; break;
   case 0x0d8: comps = 1; is_float = true; break;    /* R32_FLOAT */
   case 0x0d6: case 0x0d7: comps = 1; is_float = false; break;
   default: return unsupported(m, "sampler ld from this buffer format");
   }
   const uint32_t one = is_float ? 0x3f800000u : 1u;
   unsigned regs = n / 8;
   for (unsigned c = 0; c < n; c++) {
      if (!((m->mask >> c) & 1))
         continue;
      uint32_t u = pay32(m, c / 8, c % 8);
      /* Out of bounds: every component 0. */
      uint32_t texel[4] = { 0, 0, 0, u < s.entries ? one : 0 };
      if (u < s.entries) {
         uint64_t addr = s.base + (uint64_t)u * s.pitch;
         const uint8_t *p = m->env->map(m->env->user, addr, comps * 4);
         if (!p)
            return fault(m, addr, "sampler read outside every object of the submission");
         memcpy(texel, p, comps * 4);
      }
      for (unsigned k = 0; k < 4 && (k + 1) * regs <= m->rlen; k++)
         reply32(m, k * regs + c / 8, c % 8, texel[k]);
   }
   return VGPU_EU_DONE;
}

/* Gathers src0 (mlen registers) and, for split sends, src1 (ex_mlen). */
static bool
gather(struct msg *m)
{
   const struct isa_inst *in = m->in;
   if (m->mlen + m->ex_mlen > MAX_PAYLOAD_REGS ||
       in->src[0].nr + m->mlen > VGPU_EU_GRFS ||
       (m->ex_mlen && in->src[1].nr + m->ex_mlen > VGPU_EU_GRFS))
      return false;
   memcpy(m->payload, &m->t->regs[in->src[0].nr * 32], m->mlen * 32);
   if (m->ex_mlen)
      memcpy(&m->payload[m->mlen * 32], &m->t->regs[in->src[1].nr * 32],
             m->ex_mlen * 32);
   /* A descriptor shorter than its message reads zeros past the end. */
   unsigned n = (m->mlen + m->ex_mlen) * 32;
   memset(&m->payload[n], 0, sizeof(m->payload) - n);
   return true;
}

static uint32_t
a0_dword(const struct vgpu_eu_thread *t, unsigned n)
{
   uint32_t v;
   memcpy(&v, &t->regs[VGPU_EU_ARF_A0 + (n & 7) * 4], 4);
   return v;
}

enum vgpu_eu_status
vgpu_eu_send(const struct vgpu_eu_env *env, struct vgpu_eu_thread *t,
             const struct isa_inst *in, uint32_t exec_mask)
{
   /* The payload is gathered and the reply zeroed up to their lengths
    * only: a send is frequent and the buffers are large. */
   struct msg msg;
   struct msg *m = &msg;
   m->env = env;
   m->t = t;
   m->in = in;
   m->mask = exec_mask;
   m->desc = in->desc_is_reg ? a0_dword(t, 0) : in->desc;
   uint32_t ex_desc = in->ex_desc_is_reg ? a0_dword(t, in->ex_desc_subnr) : in->ex_desc;
   m->mlen = isa_desc_mlen(m->desc);
   m->rlen = isa_desc_rlen(m->desc);
   m->header = isa_desc_header(m->desc);
   bool split = in->op == ISA_OP_SENDS || in->op == ISA_OP_SENDSC ||
                isa_op_form(env->gen, in->op) == ISA_FORM_SPLIT_SEND;
   m->ex_mlen = split ? isa_exdesc_mlen(ex_desc) : 0;
   if (!gather(m) || (m->rlen && in->dst.file == ISA_FILE_GRF &&
                      in->dst.nr + m->rlen > VGPU_EU_GRFS) || m->rlen > 32)
      return fault(m, 0, "send payload or response outside the register file");
   if (in->eot)
      return VGPU_EU_DONE;
   memset(m->reply, 0, m->rlen * 32);

   unsigned bti = BITS(m->desc, 7, 0), ctrl = BITS(m->desc, 13, 8);
   unsigned type = env->gen >= ISA_GEN8 ? BITS(m->desc, 18, 14) : BITS(m->desc, 17, 14);
   enum vgpu_eu_status st;
   switch (in->sfid) {
   case ISA_SFID_DP_DATA:
      st = dc0_message(m, type, bti, ctrl);
      break;
   case ISA_SFID_DP_DATA1:
      st = dc1_message(m, type, bti, ctrl);
      break;
   case ISA_SFID_GATEWAY:
      /* Barrier message (PRM "Message Gateway": sub-function 4): the
       * thread waits for the rest of its group at the next wait. */
      if (BITS(m->desc, 2, 0) == 4)
         t->barrier_arrived = true;
      st = VGPU_EU_DONE;
      break;
   case ISA_SFID_DP_RENDER:
      if (env->gen == ISA_GEN7 && BITS(m->desc, 17, 14) == DC0_MEMORY_FENCE) {
         st = VGPU_EU_DONE;
         break;
      }
      return unsupported(m, "render cache message");
   case ISA_SFID_SAMPLER:
      st = sampler_message(m, bti);
      break;
   case ISA_SFID_DP_CONST:
   case ISA_SFID_DP_SAMPLER:
      st = const_message(m, type, bti, ctrl);
      break;
   default:
      return unsupported(m, "send to this shared function");
   }
   if (st != VGPU_EU_DONE)
      return st;
   if (m->rlen && in->dst.file == ISA_FILE_GRF)
      memcpy(&t->regs[in->dst.nr * 32], m->reply, m->rlen * 32);
   return VGPU_EU_DONE;
}

/* Shared functions reached by send: the data port (untyped surface,
 * scattered, block, scratch, A64 and SLM messages, atomics, fences), the
 * message gateway (barriers) and the thread spawner (EOT); the pixel
 * interpolator is the pixel stage's (src/vgpu/3d/vgpu_pi.c).  Typed surface
 * messages are vgpu_eu_typed.c's, every sampler message the sampler's
 * (src/vgpu/sampler, vgpu_sampler_message).
 *
 * Which message a send carries and its fields come from src/isa
 * (isa_send_decode); this file knows the messages' payloads and what they
 * do to memory (PRM Vol 2d "Shared Functions": data port message payloads
 * and headers, Vol 7 "Message Gateway").
 *
 * Out-of-bounds accesses to a buffer surface read 0 and drop writes (PRM
 * "Surface Boundary Checking" for SURFTYPE_BUFFER); an address no object
 * of the submission maps is a page fault. */
#include <pthread.h>
#include <string.h>

#include "vgpu_eu_priv.h"
#include "vgpu_sampler.h"

#define MAX_PAYLOAD_REGS 48

/* One message in flight: its decoded descriptor and its payload gathered
 * from the GRFs. */
struct msg {
   const struct vgpu_eu_env *env;
   struct vgpu_eu_thread *t;
   const struct isa_inst *in;
   struct isa_send_msg d;
   unsigned ex_mlen;                     /* 0 unless a split send */
   uint32_t mask;                        /* channels taking part */
   uint64_t written_lo, written_hi;      /* hull of the GPU addresses written */
   uint8_t payload[MAX_PAYLOAD_REGS * 32];
   uint8_t reply[32 * 32];
};

/* Where a message's offsets point. */
struct space {
   enum { SPACE_SURFACE, SPACE_SLM, SPACE_FLAT } kind;
   uint64_t base, size;
   bool scratch;          /* the thread's scratch (A32 stateless with a header) */
};

/* ---- payload ---- */

static uint64_t
pay64(const struct msg *m, unsigned reg, unsigned c)
{
   uint64_t v;
   memcpy(&v, &m->payload[reg * 32 + c * 8], 8);
   return v;
}

/* Channel c's address: a DWord per channel, or a QWord for A64. */
static uint64_t
slot_address(const struct msg *m, unsigned reg, unsigned c, bool a64)
{
   return a64 ? pay64(m, reg, c) : eu_payload32(m->payload, reg, c);
}

/* Registers holding one address per channel for n channels. */
static unsigned
address_regs(unsigned n, bool a64)
{
   return a64 ? n / 4 : n / 8;
}

/* ---- address spaces ---- */

/* The thread's own memory, from a message header: M0.5 bits 31:10 hold
 * the scratch space pointer the thread got in R0.5, relative to General
 * State Base Address (PRM Vol 2d, data port message header "Scratch
 * Space Pointer"; Vol 7 GPGPU R0.5).  A32 stateless messages with a
 * header are relative to it, which is how Mesa addresses scratch. */
static uint64_t
thread_scratch_base(const struct msg *m)
{
   return m->env->general_state_base + (eu_payload32(m->payload, 0, 5) & ~0x3ffu);
}

static bool
resolve_bti(struct msg *m, struct space *sp)
{
   /* Special binding table indices (PRM "Binding Table Index" of the data
    * port messages): 254 shared local memory; 255 and, from Haswell, 253
    * A32 stateless (coherent and non-coherent: the same memory here). */
   unsigned bti = m->d.bti;
   if (bti == ISA_BTI_SLM) {
      *sp = (struct space){ SPACE_SLM, 0, m->env->slm_size };
      return true;
   }
   if (bti == ISA_BTI_STATELESS ||
       (bti == ISA_BTI_STATELESS_NC && m->env->gen >= ISA_GEN75)) {
      uint64_t base = m->d.header ? thread_scratch_base(m)
                                  : m->env->general_state_base;
      *sp = (struct space){ SPACE_FLAT, base, UINT64_MAX, m->d.header };
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
      eu_send_fault(m->t, addr, "data port access outside every object of the submission");
   return p;
}

/* Widens the message's written hull by len bytes at offset (the in-bounds
 * part of a surface's), for the texture-cache rule's data-cache writes.
 * SLM and the threads' scratch (spills) are not memory a sampler reads. */
static void
note_write(struct msg *m, const struct space *sp, uint64_t offset, uint64_t len)
{
   if (sp->kind == SPACE_SLM || sp->scratch || !len)
      return;
   if (sp->kind == SPACE_SURFACE) {
      if (offset >= sp->size)
         return;
      len = len < sp->size - offset ? len : sp->size - offset;
   }
   uint64_t lo = sp->base + offset;
   uint64_t hi = lo + len < lo ? UINT64_MAX : lo + len;
   m->written_lo = lo < m->written_lo ? lo : m->written_lo;
   m->written_hi = hi > m->written_hi ? hi : m->written_hi;
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

/* ---- untyped surface read/write: n channels, up to 4 components ---- */

/* The host view of bytes [lo, hi) of the space when all of them are
 * addressable (in bounds, in one object), else NULL: then each access is
 * checked on its own. */
static uint8_t *
space_window(struct msg *m, const struct space *sp, uint64_t lo, uint64_t hi)
{
   if (hi <= lo)
      return NULL;
   switch (sp->kind) {
   case SPACE_SLM:
      return hi <= sp->size && m->env->slm ? m->env->slm + lo : NULL;
   case SPACE_SURFACE:
      if (hi > sp->size)
         return NULL;
      break;
   case SPACE_FLAT:
      break;
   }
   if (sp->base + lo < sp->base)
      return NULL;
   return m->env->map(m->env->user, sp->base + lo, hi - lo);
}

static enum vgpu_eu_status
untyped_rw(struct msg *m, const struct space *sp, bool a64)
{
   unsigned n = m->d.simd;
   if (n != 8 && n != 16)
      return eu_send_unsupported(m->t, "SIMD4x2 untyped surface message");
   unsigned regs_per = n / 8;
   unsigned areg = m->d.header;
   unsigned dreg = areg + address_regs(n, a64);
   /* One mapping for the whole message where its channels' bytes allow,
    * instead of an object lookup per channel and component. */
   uint64_t off[16], lo = UINT64_MAX, hi = 0;
   unsigned span = 4 * (32 - (unsigned)__builtin_clz((m->d.channel_mask & 0xf) | 1));
   bool wraps = false;
   for (unsigned c = 0; c < n; c++) {
      if (!((m->mask >> c) & 1))
         continue;
      off[c] = slot_address(m, areg, c, a64);
      wraps = wraps || off[c] > UINT64_MAX - span;
      lo = off[c] < lo ? off[c] : lo;
      hi = off[c] + span > hi ? off[c] + span : hi;
   }
   uint8_t *window = wraps ? NULL : space_window(m, sp, lo, hi);
   /* Component k's registers: a slot of regs_per GRFs, channel c at
    * c * 4 bytes into it. */
   unsigned comp[4], ncomp = 0;
   for (unsigned i = 0; i < 4; i++) {
      if ((m->d.channel_mask >> i) & 1)
         comp[ncomp++] = i;
   }
   uint8_t *regs = m->d.write ? &m->payload[dreg * 32] : m->reply;
   for (unsigned c = 0; c < n; c++) {
      if (!((m->mask >> c) & 1))
         continue;
      for (unsigned k = 0; k < ncomp; k++) {
         uint8_t *buf = &regs[k * regs_per * 32 + c * 4];
         if (window) {
            uint8_t *p = window + (off[c] - lo) + comp[k] * 4;
            memcpy(m->d.write ? p : buf, m->d.write ? buf : p, 4);
         } else if (!space_copy(m, sp, off[c] + comp[k] * 4, 4, m->d.write, buf)) {
            return VGPU_EU_FAULT;
         }
      }
   }
   if (m->d.write && hi > lo)
      note_write(m, sp, lo, hi - lo);
   return VGPU_EU_DONE;
}

/* ---- atomics ---- */

/* fmax/fmin take the source unless it is NaN, and replace a NaN in
 * memory (PRM "Atomic Float Operations"). */
static uint32_t
atomic_float(enum isa_atomic_op op, uint32_t old, uint32_t a, uint32_t b)
{
   float fo = eu_f32_from_bits(old), fa = eu_f32_from_bits(a);
   switch (op) {
   case ISA_ATOMIC_FMAX: return (fa > fo || fo != fo) && fa == fa ? a : old;
   case ISA_ATOMIC_FMIN: return (fa < fo || fo != fo) && fa == fa ? a : old;
   case ISA_ATOMIC_FCMPWR: return fo == fa ? b : old;
   case ISA_ATOMIC_FADD: return eu_f32_bits(fo + fa);
   default: return old;
   }
}

static bool
is_float_atomic(enum isa_atomic_op op)
{
   return op >= ISA_ATOMIC_FMAX && op <= ISA_ATOMIC_FADD;
}

/* Workers of the pool (vgpu_pool.c) run thread groups at once on shared
 * memory: an atomic message's read-modify-writes hold this lock, so they
 * are atomic to every other atomic message, as the data port makes them. */
static pthread_mutex_t atomics_lock = PTHREAD_MUTEX_INITIALIZER;

void
eu_atomics_begin(void)
{
   pthread_mutex_lock(&atomics_lock);
}

void
eu_atomics_end(void)
{
   pthread_mutex_unlock(&atomics_lock);
}

static enum vgpu_eu_status
atomic_channels(struct msg *m, const struct space *sp, bool a64);

/* Untyped (32-bit, BTI or A64) and A64 64-bit atomics. */
static enum vgpu_eu_status
atomic(struct msg *m, const struct space *sp, bool a64)
{
   eu_atomics_begin();
   enum vgpu_eu_status st = atomic_channels(m, sp, a64);
   eu_atomics_end();
   return st;
}

/* Sources follow the addresses: src0 then, for compare-and-write, src1. */
static enum vgpu_eu_status
atomic_channels(struct msg *m, const struct space *sp, bool a64)
{
   enum isa_atomic_op op = m->d.atomic;
   unsigned n = m->d.simd;
   if (op == ISA_ATOMIC_NONE || (n != 8 && n != 16))
      return eu_send_unsupported(m->t, "atomic operation or SIMD mode");
   bool q = m->d.elem_bytes == 8, flt = is_float_atomic(op);
   unsigned dw = q ? 2 : 1;
   unsigned regs = n / 8 * dw;
   unsigned areg = m->d.header;
   unsigned sreg = areg + address_regs(n, a64);
   unsigned nsrc = vgpu_eu_atomic_sources(op);
   for (unsigned c = 0; c < n; c++) {
      if (!((m->mask >> c) & 1))
         continue;
      uint64_t off = slot_address(m, areg, c, a64);
      uint64_t a = 0, b = 0;
      if (nsrc >= 1)
         a = q ? pay64(m, sreg, c) : eu_payload32(m->payload, sreg, c);
      if (nsrc == 2)
         b = q ? pay64(m, sreg + regs, c) : eu_payload32(m->payload, sreg + regs, c);
      bool oob;
      uint8_t *p = space_ptr(m, sp, off, 4 * dw, &oob);
      if (!p && !oob)
         return VGPU_EU_FAULT;
      uint64_t old = 0;
      if (p) {
         note_write(m, sp, off, 4 * dw);
         memcpy(&old, p, 4 * dw);
         uint64_t nv = flt ? atomic_float(op, (uint32_t)old, (uint32_t)a, (uint32_t)b)
                           : vgpu_eu_atomic_int(op, old, a, b, q);
         memcpy(p, &nv, 4 * dw);
         if (op == ISA_ATOMIC_PREDEC)
            old = nv;
      }
      if (m->d.returns_data)
         memcpy(&m->reply[(c / 8) * 32 * dw + (c % 8) * 4 * dw], &old, 4 * dw);
   }
   return VGPU_EU_DONE;
}

/* ---- scattered: byte, DWord (data port 0, constant cache) and A64 byte,
 * DWord and QWord.  Each channel moves elem_count elements of one size;
 * up to 4 bytes sit in a DWord slot per channel (zero-extended on reads),
 * larger elements in slots of their size, element by element ---- */

static enum vgpu_eu_status
scattered(struct msg *m, const struct space *sp, bool a64)
{
   unsigned n = m->d.simd, count = m->d.elem_count;
   unsigned size = count ? m->d.elem_bytes / count : 0;
   if ((n != 8 && n != 16) || !size || size > 8 || (count > 1 && size < 4))
      return eu_send_unsupported(m->t, "scattered message element size");
   unsigned slot = size < 4 ? 4 : size;
   bool dwords = m->d.msg == ISA_MSG_DWORD_SCATTERED_READ ||
                 m->d.msg == ISA_MSG_DWORD_SCATTERED_WRITE;
   unsigned areg = m->d.header;
   unsigned dreg = areg + address_regs(n, a64);
   /* The header's global offset (M0.2) is added to every slot's, both in
    * the message's unit: DWords for DWord scattered, bytes otherwise. */
   uint64_t global = m->d.header && !a64 ? eu_payload32(m->payload, 0, 2) : 0;
   for (unsigned c = 0; c < n; c++) {
      if (!((m->mask >> c) & 1))
         continue;
      uint64_t off = slot_address(m, areg, c, a64) + global;
      if (dwords)
         off *= 4;
      for (unsigned e = 0; e < count; e++) {
         unsigned at = e * n * slot + c * slot;
         uint8_t *buf = m->d.write ? &m->payload[dreg * 32 + at] : &m->reply[at];
         if (!space_copy(m, sp, off + e * size, size, m->d.write, buf))
            return VGPU_EU_FAULT;
         if (m->d.write)
            note_write(m, sp, off + e * size, size);
      }
   }
   return VGPU_EU_DONE;
}

/* ---- OWord blocks: one address for the whole message ---- */

/* A block write moves DWord j only when the send's channel j is enabled
 * (DWords past its channels always): block messages work on 32-bit
 * channels, which is what lets Mesa spill under divergent control flow
 * without touching the disabled channels' slots. */
static bool
block_write(struct msg *m, const struct space *sp, uint64_t off,
            unsigned len, uint8_t *buf)
{
   unsigned n = 1u << m->in->exec_size;
   note_write(m, sp, off, len);
   for (unsigned j = 0; j < len / 4; j++) {
      if (j < n && j < 32 && !((m->mask >> j) & 1))
         continue;
      if (!space_copy(m, sp, off + 4 * j, 4, true, buf + 4 * j))
         return false;
   }
   return true;
}

static enum vgpu_eu_status
oword_block(struct msg *m, const struct space *sp, uint64_t off)
{
   unsigned len = m->d.blocks * 16;
   /* A single oword goes to the low or the high half of the register. */
   unsigned shift = m->d.high_oword ? 16 : 0;
   bool ok = m->d.write
      ? block_write(m, sp, off, len, &m->payload[32 * m->d.header + shift])
      : space_copy(m, sp, off, len, false, &m->reply[shift]);
   return ok ? VGPU_EU_DONE : VGPU_EU_FAULT;
}

/* Header DWord 2: the offset, in OWords for aligned blocks and in bytes
 * for unaligned reads. */
static enum vgpu_eu_status
surface_block(struct msg *m, const struct space *sp)
{
   uint64_t off = eu_payload32(m->payload, 0, 2);
   return oword_block(m, sp, m->d.unaligned ? off : off * 16);
}

/* The address is the header's first QWord, 16-byte aligned (DWord for
 * the unaligned form). */
static enum vgpu_eu_status
a64_block(struct msg *m, const struct space *flat)
{
   uint64_t align = m->d.unaligned ? 4 : 16;
   return oword_block(m, flat, pay64(m, 0, 0) & ~(align - 1));
}

/* ---- scratch blocks (PRM Vol 2d "Scratch Block Read/Write", data port
 * 0 on Gen7+): blocks GRFs at the thread's scratch pointer (header M0.5)
 * plus the descriptor's offset in HWords.  What lies past the per-thread
 * space is another thread's scratch on hardware (undefined); vgpu faults
 * there, so a driver's wrong scratch size shows. ---- */

static enum vgpu_eu_status
scratch_block(struct msg *m)
{
   if (!m->d.header)
      return eu_send_fault(m->t, 0, "scratch block message without its header");
   /* DWord channel mode masks each DWord with a channel; OWord mode (the
    * one Mesa uses) moves whole registers.  Reads are the same in both. */
   if (m->d.write && m->d.elem_bytes == 4)
      return eu_send_unsupported(m->t, "scratch block write in DWord channel mode");
   uint64_t off = (uint64_t)m->d.offset * 32;
   unsigned len = m->d.blocks * 32u;
   struct space sp = { SPACE_FLAT, thread_scratch_base(m), UINT64_MAX };
   /* A kernel may move the header's pointer on from the one it was
    * dispatched with, to reach past the offset field's 128 KiB; the access
    * must stay inside the thread's own slot (the header's pointer when the
    * dispatcher did not say which slot is the thread's). */
   uint32_t ptr = eu_payload32(m->payload, 0, 5) & ~0x3ffu;
   uint64_t slot = m->t->scratch_slot_known ? m->t->scratch_slot : ptr;
   uint64_t at = (uint64_t)ptr + off;
   if (at < slot || at + len > slot + m->env->scratch_per_thread)
      return eu_send_fault(m->t, sp.base + off, "scratch block access beyond the per-thread scratch space");
   uint8_t *buf = m->d.write ? &m->payload[32] : m->reply;
   return space_copy(m, &sp, off, len, m->d.write, buf) ? VGPU_EU_DONE
                                                         : VGPU_EU_FAULT;
}

/* ---- dispatch by message ---- */

static enum vgpu_eu_status
a64_message(struct msg *m)
{
   struct space flat = { SPACE_FLAT, 0, UINT64_MAX };
   switch (m->d.msg) {
   case ISA_MSG_A64_UNTYPED_READ: case ISA_MSG_A64_UNTYPED_WRITE:
      return untyped_rw(m, &flat, true);
   case ISA_MSG_A64_SCATTERED_READ: case ISA_MSG_A64_SCATTERED_WRITE:
      return scattered(m, &flat, true);
   case ISA_MSG_A64_UNTYPED_ATOMIC: case ISA_MSG_A64_UNTYPED_ATOMIC_FLOAT:
      return atomic(m, &flat, true);
   default:
      return a64_block(m, &flat);
   }
}

/* Messages addressing a binding table entry (surface, SLM, stateless). */
static enum vgpu_eu_status
surface_message(struct msg *m)
{
   struct space sp;
   if (!resolve_bti(m, &sp))
      return eu_send_fault(m->t, m->d.bti, "data port message to an absent binding table entry");
   switch (m->d.msg) {
   case ISA_MSG_UNTYPED_READ: case ISA_MSG_UNTYPED_WRITE:
      return untyped_rw(m, &sp, false);
   case ISA_MSG_UNTYPED_ATOMIC: case ISA_MSG_UNTYPED_ATOMIC_FLOAT:
      return atomic(m, &sp, false);
   case ISA_MSG_OWORD_BLOCK_READ: case ISA_MSG_UNALIGNED_OWORD_BLOCK_READ:
   case ISA_MSG_OWORD_BLOCK_WRITE:
      return surface_block(m, &sp);
   default:
      return scattered(m, &sp, false);
   }
}

static enum vgpu_eu_status
execute(struct msg *m)
{
   switch (m->d.msg) {
   case ISA_MSG_MEMORY_FENCE:
      /* Within a thread accesses run in order; other workers' threads see
       * them once the host's memory order says so. */
      __atomic_thread_fence(__ATOMIC_SEQ_CST);
      return VGPU_EU_DONE;
   case ISA_MSG_GATEWAY_BARRIER:
      /* The thread waits for the rest of its group at the next wait. */
      m->t->barrier_arrived = true;
      return VGPU_EU_DONE;
   case ISA_MSG_SAMPLER:
      return vgpu_sampler_message(m->env, m->t, &m->d, m->payload, m->reply, m->mask);
   case ISA_MSG_TYPED_READ: case ISA_MSG_TYPED_WRITE:
   case ISA_MSG_TYPED_ATOMIC: case ISA_MSG_TYPED_ATOMIC_SIMD4X2:
      return vgpu_eu_typed(m->env, m->t, &m->d, m->payload, m->reply, m->mask);
   case ISA_MSG_SCRATCH_READ: case ISA_MSG_SCRATCH_WRITE:
      return scratch_block(m);
   case ISA_MSG_UNTYPED_READ: case ISA_MSG_UNTYPED_WRITE:
   case ISA_MSG_UNTYPED_ATOMIC: case ISA_MSG_UNTYPED_ATOMIC_FLOAT:
   case ISA_MSG_OWORD_BLOCK_READ: case ISA_MSG_UNALIGNED_OWORD_BLOCK_READ:
   case ISA_MSG_OWORD_BLOCK_WRITE:
   case ISA_MSG_BYTE_SCATTERED_READ: case ISA_MSG_BYTE_SCATTERED_WRITE:
   case ISA_MSG_DWORD_SCATTERED_READ: case ISA_MSG_DWORD_SCATTERED_WRITE:
      return surface_message(m);
   case ISA_MSG_A64_UNTYPED_READ: case ISA_MSG_A64_UNTYPED_WRITE:
   case ISA_MSG_A64_SCATTERED_READ: case ISA_MSG_A64_SCATTERED_WRITE:
   case ISA_MSG_A64_UNTYPED_ATOMIC: case ISA_MSG_A64_UNTYPED_ATOMIC_FLOAT:
   case ISA_MSG_A64_OWORD_BLOCK_READ: case ISA_MSG_A64_OWORD_BLOCK_WRITE:
      return a64_message(m);
   case ISA_MSG_URB_WRITE_HWORD: case ISA_MSG_URB_WRITE_OWORD:
   case ISA_MSG_URB_READ_HWORD: case ISA_MSG_URB_READ_OWORD:
   case ISA_MSG_URB_ATOMIC_MOV: case ISA_MSG_URB_ATOMIC_INC:
   case ISA_MSG_URB_ATOMIC_ADD: case ISA_MSG_URB_SIMD8_WRITE:
   case ISA_MSG_URB_SIMD8_READ:
      if (!m->env->urb)
         return eu_send_unsupported(m->t, "URB message outside a 3D stage");
      return m->env->urb(m->env->user, m->t, &m->d, m->payload, m->reply, m->mask);
   case ISA_MSG_RT_WRITE: case ISA_MSG_RT_READ:
      if (!m->env->render_target)
         return eu_send_unsupported(m->t, "render target message outside a pixel shader");
      return m->env->render_target(m->env->user, m->t, &m->d, m->payload, m->reply,
                                   m->mask);
   case ISA_MSG_PI_SHARED_OFFSET: case ISA_MSG_PI_SAMPLE:
   case ISA_MSG_PI_CENTROID: case ISA_MSG_PI_PER_SLOT_OFFSET:
      if (!m->env->pixel_interp)
         return eu_send_unsupported(m->t, "pixel interpolator message outside a pixel shader");
      return m->env->pixel_interp(m->env->user, m->t, &m->d, m->payload, m->reply, m->mask);
   case ISA_MSG_UNKNOWN:
      return eu_send_unsupported(m->t, "send message type vgpu does not know");
   default:
      return eu_send_unsupported(m->t, isa_msg_name(m->d.msg));
   }
}

/* Gathers src0 (mlen registers) and, for split sends, src1 (ex_mlen). */
static bool
gather(struct msg *m)
{
   const struct isa_inst *in = m->in;
   unsigned mlen = m->d.mlen;
   if (mlen + m->ex_mlen > MAX_PAYLOAD_REGS ||
       in->src[0].nr + mlen > VGPU_EU_GRFS ||
       (m->ex_mlen && in->src[1].nr + m->ex_mlen > VGPU_EU_GRFS))
      return false;
   memcpy(m->payload, &m->t->regs[in->src[0].nr * 32], mlen * 32);
   if (m->ex_mlen)
      memcpy(&m->payload[mlen * 32], &m->t->regs[in->src[1].nr * 32],
             m->ex_mlen * 32);
   /* A descriptor shorter than its message reads zeros past the end. */
   unsigned n = (mlen + m->ex_mlen) * 32;
   memset(&m->payload[n], 0, sizeof(m->payload) - n);
   return true;
}

static bool
ends_with_output(const struct isa_send_msg *d)
{
   return d->sfid == ISA_SFID_URB || d->msg == ISA_MSG_RT_WRITE;
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
             const struct isa_inst *in, const struct isa_send_msg *decoded,
             uint32_t exec_mask)
{
   /* The payload is gathered and the reply zeroed up to their lengths
    * only: a send is frequent and the buffers are large. */
   struct msg msg;
   struct msg *m = &msg;
   m->env = env;
   m->t = t;
   m->in = in;
   m->mask = exec_mask;
   if (decoded) {
      m->d = *decoded;
   } else {
      uint32_t desc = in->desc_is_reg ? a0_dword(t, 0) : in->desc;
      uint32_t ex_desc = in->ex_desc_is_reg ? a0_dword(t, in->ex_desc_subnr) : in->ex_desc;
      isa_send_decode(env->gen, in->sfid, desc, ex_desc, &m->d);
   }
   bool split = in->op == ISA_OP_SENDS || in->op == ISA_OP_SENDSC ||
                isa_op_form(env->gen, in->op) == ISA_FORM_SPLIT_SEND;
   /* Only a split send has a second payload, whatever the extended
    * descriptor's length field holds; the decoded message says so too. */
   if (!split)
      m->d.ex_mlen = 0;
   m->ex_mlen = m->d.ex_mlen;
   unsigned rlen = m->d.rlen;
   if (!gather(m) || (rlen && in->dst.file == ISA_FILE_GRF &&
                      in->dst.nr + rlen > VGPU_EU_GRFS) || rlen > 32)
      return eu_send_fault(m->t, 0, "send payload or response outside the register file");
   /* A URB or render-target write may end the thread (its last vertex or
    * pixel data); any other EOT message only ends it. */
   if (in->eot && !ends_with_output(&m->d))
      return VGPU_EU_DONE;
   memset(m->reply, 0, rlen * 32);
   m->written_lo = UINT64_MAX;
   m->written_hi = 0;
   enum vgpu_eu_status st = execute(m);
   /* What the message wrote before any fault stays written. */
   if (m->written_hi > m->written_lo && env->data_write)
      env->data_write(env->user, m->written_lo, m->written_hi);
   if (st != VGPU_EU_DONE)
      return st;
   if (rlen && in->dst.file == ISA_FILE_GRF)
      memcpy(&t->regs[in->dst.nr * 32], m->reply, rlen * 32);
   return VGPU_EU_DONE;
}

/* The URB and its messages (see vgpu_urb.h).
 *
 * Message payloads (PRM Vol 2d "URB" shared function; Mesa's scalar and
 * vec4 back ends build the same):
 *  - Gen8+ SIMD8 write: GRF 0 the eight slots' handles (DWord n for slot
 *    n), then with Per Slot Offset a GRF of per-slot offsets (OWords),
 *    then with Channel Mask Present a GRF of per-slot masks (bits 23:16,
 *    one bit per component of every vec4 written), then the data: GRF k
 *    holds component k % 4 of vec4 k / 4 for the eight slots, written at
 *    Global Offset + the slot's offset + k / 4 OWords of the slot's entry.
 *    The SIMD8 read takes the same header and returns that layout.
 *  - Gen7/7.5 HWord write (SIMD4x2): GRF 0 the header, DWord 0 and 1 the
 *    handles of slots 0 and 1, DWord 3 and 4 their per-slot offsets (with
 *    Per Slot Offset), in 256-bit rows as Global Offset, DWord 5 bits
 *    15:8 the components written (bits 11:8 slot 0's x-w, 15:12 slot
 *    1's; Mesa's kernels set them all); with Interleave
 *    each data GRF's low half (channels 0-3) goes to slot 0's entry and
 *    its high half (channels 4-7) to slot 1's, 16 bytes per GRF, so two
 *    GRFs fill one row; without it each GRF is one row of slot 0's entry.
 *    The HWord read returns that layout.
 *  - Gen7/7.5 OWord write and read (SIMD4x2; what Mesa's vec4 HS and DS
 *    use): the same header, but Global Offset and the per-slot offsets
 *    count OWords (128-bit units, Mesa's "128bit-granular offsets"); with
 *    Interleave each data GRF's halves go to OWord k of the two slots'
 *    entries, without it each GRF is two OWords of slot 0's entry whose
 *    eight DWords DWord 5 bits 15:8 mask one bit each (PRM Vol 2d "URB
 *    Message Header": bit 15 is Vertex 1 DATA[3] or Vertex 0 DATA[7]).
 *    A read of no GRFs (Mesa's release of an input entry) does nothing. */
#include <stdlib.h>
#include <string.h>

#include "isa_send.h"
#include "vgpu_priv.h"
#include "vgpu_urb.h"

/* Allocations are checked against the URB's size here (a fault: the
 * model has no bytes past it) and against each other and the push
 * constants by rule urb-allocation (vgpu_urb_rules.c). */
static bool
alloc_stage(struct vgpu_exec *exec, struct vgpu_urb *u, const struct vgpu_3d_urb *in,
            struct vgpu_urb_alloc *out)
{
   uint64_t first = (uint64_t)in->start * VGPU_URB_START_BYTES;
   uint64_t bytes = (uint64_t)in->entries * in->entry_size * VGPU_URB_HANDLE_BYTES;
   if (!in->entries)
      return true;
   if (first + bytes > u->size) {
      vgpu_exec_fault(exec, 0, "3DSTATE_URB_xS allocation beyond the device's URB");
      return false;
   }
   *out = (struct vgpu_urb_alloc){
      .first = (uint32_t)first, .entries = in->entries,
      .entry_bytes = in->entry_size * VGPU_URB_HANDLE_BYTES,
   };
   return true;
}

struct vgpu_urb *
vgpu_urb_create(struct vgpu_exec *exec, const struct vgpu_3d *st, uint32_t urb_size_kb)
{
   struct vgpu_urb *u = calloc(1, sizeof(*u));
   if (!u || !(u->bytes = calloc(urb_size_kb ? urb_size_kb : 1, 1024))) {
      free(u);
      vgpu_exec_fault(exec, 0, "out of memory for the URB");
      return NULL;
   }
   u->size = urb_size_kb * 1024;
   for (unsigned s = VGPU_3D_VS; s <= VGPU_3D_GS; s++) {
      if (!alloc_stage(exec, u, &st->urb[s], &u->stage[s])) {
         vgpu_urb_destroy(u);
         return NULL;
      }
   }
   return u;
}

void
vgpu_urb_destroy(struct vgpu_urb *u)
{
   if (!u)
      return;
   free(u->bytes);
   free(u);
}

uint32_t
vgpu_urb_handle(const struct vgpu_urb *u, enum vgpu_3d_stage stage, uint32_t entry)
{
   const struct vgpu_urb_alloc *a = &u->stage[stage];
   return (a->first + entry * a->entry_bytes) / VGPU_URB_HANDLE_BYTES;
}

uint8_t *
vgpu_urb_entry(struct vgpu_urb *u, uint32_t handle)
{
   return &u->bytes[(uint64_t)handle * VGPU_URB_HANDLE_BYTES];
}

/* Host bytes [at, at + len) from the start of the entry `handle` names,
 * or NULL when the handle is no entry of any stage or the access leaves
 * its entry. */
static uint8_t *
entry_bytes(struct vgpu_urb *u, uint32_t handle, uint64_t at, uint32_t len)
{
   uint64_t addr = (uint64_t)handle * VGPU_URB_HANDLE_BYTES;
   for (unsigned s = VGPU_3D_VS; s <= VGPU_3D_GS; s++) {
      const struct vgpu_urb_alloc *a = &u->stage[s];
      if (!a->entries || addr < a->first ||
          addr >= a->first + (uint64_t)a->entries * a->entry_bytes)
         continue;
      if ((addr - a->first) % a->entry_bytes || at + len > a->entry_bytes)
         return NULL;
      return &u->bytes[addr + at];
   }
   return NULL;
}

static uint32_t
payload_dword(const uint8_t *payload, unsigned grf, unsigned dw)
{
   uint32_t v;
   memcpy(&v, &payload[grf * 32 + dw * 4], 4);
   return v;
}

static enum vgpu_eu_status
urb_fault(struct vgpu_eu_thread *t)
{
   t->why = "URB message outside the entries of its handle";
   t->fault_addr = 0;
   return VGPU_EU_FAULT;
}

/* ---- Gen8+ SIMD8 messages ---- */

struct simd8_header {
   unsigned data_grf;            /* first GRF after the header */
   uint32_t handle[8], offset[8], mask[8];
};

static void
simd8_header(const struct isa_send_msg *msg, const uint8_t *payload,
             struct simd8_header *h)
{
   unsigned g = 1;
   unsigned offset_grf = msg->per_slot_offset ? g++ : 0;
   unsigned mask_grf = msg->channel_masked ? g++ : 0;
   for (unsigned s = 0; s < 8; s++) {
      /* Handles are 16 bits: a GS thread's R1 DWords, which kernels pass
       * on as they are, carry the instance number in bits 31:27. */
      h->handle[s] = payload_dword(payload, 0, s) & 0xffff;
      h->offset[s] = msg->offset + (offset_grf ? payload_dword(payload, offset_grf, s) : 0);
      h->mask[s] = mask_grf ? (payload_dword(payload, mask_grf, s) >> 16) & 0xf : 0xf;
   }
   h->data_grf = g;
}

static enum vgpu_eu_status
simd8_write(struct vgpu_urb *u, struct vgpu_eu_thread *t, const struct isa_send_msg *msg,
            const uint8_t *payload, uint32_t exec_mask)
{
   struct simd8_header h;
   simd8_header(msg, payload, &h);
   unsigned len = msg->mlen + msg->ex_mlen;
   if (len < h.data_grf)
      return urb_fault(t);
   for (unsigned s = 0; s < 8; s++) {
      if (!(exec_mask & (1u << s)))
         continue;
      for (unsigned k = 0; k < len - h.data_grf; k++) {
         if (!(h.mask[s] & (1u << (k % 4))))
            continue;
         uint8_t *dst = entry_bytes(u, h.handle[s], ((uint64_t)h.offset[s] + k / 4) * 16 + (k % 4) * 4, 4);
         if (!dst)
            return urb_fault(t);
         memcpy(dst, &payload[(h.data_grf + k) * 32 + s * 4], 4);
      }
   }
   return VGPU_EU_DONE;
}

static enum vgpu_eu_status
simd8_read(struct vgpu_urb *u, struct vgpu_eu_thread *t, const struct isa_send_msg *msg,
           const uint8_t *payload, uint8_t *reply, uint32_t exec_mask)
{
   struct simd8_header h;
   simd8_header(msg, payload, &h);
   for (unsigned s = 0; s < 8; s++) {
      if (!(exec_mask & (1u << s)))
         continue;
      for (unsigned k = 0; k < msg->rlen; k++) {
         const uint8_t *src = entry_bytes(u, h.handle[s], ((uint64_t)h.offset[s] + k / 4) * 16 + (k % 4) * 4, 4);
         if (!src)
            return urb_fault(t);
         memcpy(&reply[k * 32 + s * 4], src, 4);
      }
   }
   return VGPU_EU_DONE;
}

/* ---- Gen7/7.5 SIMD4x2 HWord and OWord messages ---- */

struct simd4x2_header {
   uint32_t handle[2], row[2];   /* row: in units of `unit` bytes */
   bool slot[2];                 /* the slot's channels are enabled */
   uint8_t mask[2];              /* its components written (bit 0 x) */
   uint8_t mask8;                /* DWord 5 bits 15:8 whole */
   unsigned unit;                /* 32 (HWord) or 16 (OWord) */
};

static void
simd4x2_header(const struct isa_send_msg *msg, const uint8_t *payload, uint32_t exec_mask,
               struct simd4x2_header *h)
{
   bool oword = msg->msg == ISA_MSG_URB_WRITE_OWORD || msg->msg == ISA_MSG_URB_READ_OWORD;
   h->unit = oword ? 16 : 32;
   h->mask8 = (payload_dword(payload, 0, 5) >> 8) & 0xff;
   for (unsigned s = 0; s < 2; s++) {
      /* Handles are 16 bits; the DWord's upper half holds other ids. */
      h->handle[s] = payload_dword(payload, 0, s) & 0xffff;
      h->row[s] = msg->offset + (msg->per_slot_offset ? payload_dword(payload, 0, 3 + s) : 0);
      h->slot[s] = (exec_mask >> (4 * s)) & 0xf;
      h->mask[s] = (payload_dword(payload, 0, 5) >> (8 + 4 * s)) & 0xf;
   }
}

/* Where data GRF k's half for slot s lives: 16 bytes of each row per GRF
 * interleaved, a whole row per GRF otherwise (slot 0 only). */
static uint8_t *
simd4x2_at(struct vgpu_urb *u, const struct isa_send_msg *msg, const struct simd4x2_header *h,
           unsigned s, unsigned k, unsigned *bytes)
{
   *bytes = msg->channel_masked ? 16 : 32;
   uint64_t at = (uint64_t)h->row[s] * h->unit + (uint64_t)k * *bytes;
   return entry_bytes(u, h->handle[s], at, *bytes);
}

static unsigned
simd4x2_slots(const struct isa_send_msg *msg)
{
   return msg->channel_masked ? 2 : 1;
}

/* Whether DWord i of slot s's part of a data GRF is written: HWord
 * messages apply the slot's four bits to each vec4 (Mesa's kernels set
 * them all); a non-interleaved OWord write has a bit per DWord. */
static bool
simd4x2_enabled(const struct isa_send_msg *msg, const struct simd4x2_header *h, unsigned s,
                unsigned i)
{
   if (h->unit == 16 && !msg->channel_masked)
      return h->mask8 & (1u << i);
   return h->mask[s] & (1u << (i % 4));
}

static enum vgpu_eu_status
simd4x2_write(struct vgpu_urb *u, struct vgpu_eu_thread *t, const struct isa_send_msg *msg,
              const uint8_t *payload, uint32_t exec_mask)
{
   struct simd4x2_header h;
   simd4x2_header(msg, payload, exec_mask, &h);
   u->simd4x2_header_dw2 = payload_dword(payload, 0, 2);
   unsigned len = msg->mlen + msg->ex_mlen;
   for (unsigned s = 0; s < simd4x2_slots(msg); s++) {
      if (!h.slot[s])
         continue;
      for (unsigned k = 0; k + 1 < len; k++) {
         unsigned bytes;
         uint8_t *dst = simd4x2_at(u, msg, &h, s, k, &bytes);
         if (!dst)
            return urb_fault(t);
         for (unsigned i = 0; i < bytes / 4; i++) {
            if (simd4x2_enabled(msg, &h, s, i))
               memcpy(dst + i * 4, &payload[(1 + k) * 32 + s * 16 + i * 4], 4);
         }
      }
   }
   return VGPU_EU_DONE;
}

static enum vgpu_eu_status
simd4x2_read(struct vgpu_urb *u, struct vgpu_eu_thread *t, const struct isa_send_msg *msg,
             const uint8_t *payload, uint8_t *reply, uint32_t exec_mask)
{
   struct simd4x2_header h;
   simd4x2_header(msg, payload, exec_mask, &h);
   for (unsigned s = 0; s < simd4x2_slots(msg); s++) {
      if (!h.slot[s])
         continue;
      for (unsigned k = 0; k < msg->rlen; k++) {
         unsigned bytes;
         const uint8_t *src = simd4x2_at(u, msg, &h, s, k, &bytes);
         if (!src)
            return urb_fault(t);
         memcpy(&reply[k * 32 + s * 16], src, bytes);
      }
   }
   return VGPU_EU_DONE;
}

enum vgpu_eu_status
vgpu_urb_message(struct vgpu_urb *u, enum isa_gen gen, struct vgpu_eu_thread *t,
                 const struct isa_send_msg *msg, const uint8_t *payload, uint8_t *reply,
                 uint32_t exec_mask)
{
   bool gen7 = gen == ISA_GEN7 || gen == ISA_GEN75;
   switch (msg->msg) {
   case ISA_MSG_URB_SIMD8_WRITE:
      return simd8_write(u, t, msg, payload, exec_mask);
   case ISA_MSG_URB_SIMD8_READ:
      return simd8_read(u, t, msg, payload, reply, exec_mask);
   case ISA_MSG_URB_WRITE_HWORD:
   case ISA_MSG_URB_WRITE_OWORD:
      if (!gen7)
         break;
      return simd4x2_write(u, t, msg, payload, exec_mask);
   case ISA_MSG_URB_READ_HWORD:
   case ISA_MSG_URB_READ_OWORD:
      if (!gen7)
         break;
      return simd4x2_read(u, t, msg, payload, reply, exec_mask);
   default:
      break;
   }
   t->why = "URB atomic or Gen8+ HWord/OWord message";
   return VGPU_EU_UNSUPPORTED;
}

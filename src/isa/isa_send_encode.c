/* Message descriptors built from struct isa_send_msg: the inverse of
 * isa_send_decode (isa_send.c), from the same field positions and value
 * tables (isa_send_priv.h), so that a descriptor the encoder builds
 * decodes to the message it was given.  The lengths every descriptor
 * shares come from isa.h; which extended-descriptor bits a send can hold
 * comes from the instruction tables (isa_tables_*.c). */
#include "isa_send_priv.h"

struct enc {
   enum isa_gen gen;
   const struct isa_send_msg *m;
   unsigned sfid;
   const char *why;
};

static bool
fail(struct enc *e, const char *why)
{
   e->why = why;
   return false;
}

/* v into field f of *word, or why it does not fit. */
static bool
put(struct enc *e, uint32_t *word, struct sd_field f, unsigned v,
    const char *why)
{
   if (!sd_fits(f, v))
      return fail(e, why);
   *word |= sd_put(f, v);
   return true;
}

/* A field the message fixes (a typed atomic is always SIMD8): the caller
 * may leave it 0. */
static bool
fixed(struct enc *e, unsigned v, unsigned value, const char *why)
{
   return v == 0 || v == value || fail(e, why);
}

/* The code of a value in a decode table; 0 marks reserved codes there and
 * is never a value. */
static int
code_of(const uint8_t *t, unsigned n, unsigned v)
{
   return v ? sd_index(t, n, v) : -1;
}
#define CODE_OF(t, v) code_of(t, sizeof(t) / sizeof((t)[0]), v)

static int
log2_exact(unsigned v)
{
   if (!v || (v & (v - 1)))
      return -1;
   int n = 0;
   while (v >>= 1)
      n++;
   return n;
}

/* ---- data port: message control ---- */

static bool
is_a64_block(enum isa_msg msg)
{
   return msg == ISA_MSG_A64_OWORD_BLOCK_READ ||
          msg == ISA_MSG_A64_OWORD_BLOCK_WRITE;
}

static bool
ctrl_dual_block(struct enc *e, uint32_t *c)
{
   int code = CODE_OF(sd_dual_blocks, e->m->blocks);
   return code >= 0 ? put(e, c, MDC_DUAL_BLOCKS, code, "dual block size")
                    : fail(e, "OWord dual block size (1 or 4 OWords)");
}

static bool
ctrl_block(struct enc *e, uint32_t *c)
{
   const struct isa_send_msg *m = e->m;
   if (m->high_oword && m->blocks != 1)
      return fail(e, "high OWord of a block of more than one OWord");
   int code = m->high_oword ? MDC_BLOCKS_HIGH_OWORD
                            : CODE_OF(sd_oword_blocks, m->blocks);
   if (code < 0)
      return fail(e, "OWord block size (1, 2, 4, 8 or 16 OWords)");
   *c |= sd_put(MDC_BLOCKS, code);
   /* A64 blocks say the alignment in the control; data port blocks have
    * a message of their own for it */
   if (is_a64_block(m->msg))
      *c |= sd_put(MDC_A64_ALIGN, m->unaligned);
   else if (m->unaligned && m->msg != ISA_MSG_UNALIGNED_OWORD_BLOCK_READ)
      return fail(e, "unaligned data-port block: only "
                     "ISA_MSG_UNALIGNED_OWORD_BLOCK_READ");
   return true;
}

static bool
simd8_or_16(struct enc *e, const char *why)
{
   return e->m->simd == 8 || e->m->simd == 16 || fail(e, why);
}

/* A64 scattered: the subtype and count whose elements are the message's.
 * A single element of up to a DWord takes the byte subtype (an A64 byte
 * scattered message), anything else DWords, QWords or HWords. */
static bool
ctrl_a64_scattered(struct enc *e, uint32_t *c)
{
   const struct isa_send_msg *m = e->m;
   unsigned count = m->elem_count ? m->elem_count : 1;
   bool bytes_first = count == 1 && m->elem_bytes <= 4;
   unsigned nsub = sd_max(MDC_A64_SUBTYPE) + 1;
   for (unsigned i = 0; i < nsub; i++) {
      unsigned st = bytes_first ? i : (i + 1) % nsub;
      for (unsigned n = 0; n <= sd_max(MDC_A64_COUNT); n++) {
         uint8_t bytes, cnt;
         sd_a64_elems(st, n, &bytes, &cnt);
         if (bytes == m->elem_bytes && cnt == count) {
            *c |= sd_put(MDC_A64_SUBTYPE, st) | sd_put(MDC_A64_COUNT, n) |
                  sd_put(MDC_A64_SIMD16, m->simd == 16);
            return simd8_or_16(e, "A64 scattered SIMD mode (8 or 16)");
         }
      }
   }
   return fail(e, "A64 scattered element size and count");
}

static bool
ctrl_scattered(struct enc *e, uint32_t *c)
{
   const struct isa_send_msg *m = e->m;
   switch (m->msg) {
   case ISA_MSG_DWORD_SCATTERED_READ: case ISA_MSG_DWORD_SCATTERED_WRITE: {
      int code = sd_index(sd_dword_block_simd + MDC_DWORD_BLOCK_FIRST,
                          sizeof(sd_dword_block_simd) - MDC_DWORD_BLOCK_FIRST,
                          m->simd);
      if (code < 0)
         return fail(e, "DWord scattered SIMD mode (8 or 16)");
      *c |= sd_put(MDC_DWORD_BLOCK, code + MDC_DWORD_BLOCK_FIRST);
      return fixed(e, m->elem_bytes, 4, "DWord scattered: 4-byte elements") &&
             fixed(e, m->elem_count, 1, "DWord scattered: one element");
   }
   case ISA_MSG_BYTE_SCATTERED_READ: case ISA_MSG_BYTE_SCATTERED_WRITE: {
      int size = log2_exact(m->elem_bytes);
      *c |= sd_put(MDC_SIMD16, m->simd == 16);
      return simd8_or_16(e, "byte scattered SIMD mode (8 or 16)") &&
             fixed(e, m->elem_count, 1, "byte scattered: one element") &&
             (size >= 0 || fail(e, "byte scattered element size")) &&
             put(e, c, MDC_DATA_SIZE, size, "byte scattered element size");
   }
   case ISA_MSG_A64_SCATTERED_READ: case ISA_MSG_A64_SCATTERED_WRITE:
      return ctrl_a64_scattered(e, c);
   default:
      return true;
   }
}

static bool
ctrl_channels(struct enc *e, uint32_t *c)
{
   /* the descriptor holds the disabled channels */
   if (!sd_fits(MDC_CHANNELS_OFF, e->m->channel_mask))
      return fail(e, "channel mask (RGBA, 4 bits)");
   *c |= sd_put(MDC_CHANNELS_OFF, ~e->m->channel_mask);
   return true;
}

static bool
ctrl_typed_slots(struct enc *e, uint32_t *c)
{
   const struct isa_send_msg *m = e->m;
   if (!sd_typed_has_sg3(e->gen)) {
      *c |= sd_put(MDC_SG_GEN7, m->slot_group_hi);
      return fixed(e, m->simd, 8, "typed surface SIMD mode (Ivybridge: 8)");
   }
   if (m->simd == 4 && !m->slot_group_hi)
      return put(e, c, MDC_SG3, SD_SG3_SIMD4X2, "slot group");
   if (m->simd == 8)
      return put(e, c, MDC_SG3, m->slot_group_hi ? SD_SG3_HI : SD_SG3_LO,
                 "slot group");
   return fail(e, "typed surface SIMD mode (8, or 4 = SIMD4x2 without slot "
                  "group)");
}

static bool
ctrl_surface(struct enc *e, uint32_t *c)
{
   switch (e->m->msg) {
   case ISA_MSG_UNTYPED_READ: case ISA_MSG_UNTYPED_WRITE:
   case ISA_MSG_A64_UNTYPED_READ: case ISA_MSG_A64_UNTYPED_WRITE: {
      int code = CODE_OF(sd_untyped_simd, e->m->simd);
      return ctrl_channels(e, c) &&
             (code >= 0 || fail(e, "untyped SIMD mode (8, 16, 4 = SIMD4x2)")) &&
             put(e, c, MDC_SM3, code, "untyped SIMD mode");
   }
   case ISA_MSG_TYPED_READ: case ISA_MSG_TYPED_WRITE:
      return ctrl_channels(e, c) && ctrl_typed_slots(e, c);
   default:
      return true;
   }
}

/* Operation code (MDC_AOP or MDC_FAOP) and return-data bit. */
static bool
ctrl_atomic_op(struct enc *e, uint32_t *c, bool is_float)
{
   int code = sd_atomic_code(e->m->atomic, is_float);
   if (code < 0)
      return fail(e, is_float ? "atomic operation (float message: fmax, "
                                "fmin, fcmpwr, fadd)"
                              : "atomic operation (integer message)");
   *c |= sd_put(is_float ? MDC_FAOP : MDC_AOP, code) |
         sd_put(MDC_RETURN, e->m->returns_data);
   return true;
}

static bool
ctrl_a64_atomic(struct enc *e, uint32_t *c)
{
   const struct isa_send_msg *m = e->m;
   bool is_float = m->msg == ISA_MSG_A64_UNTYPED_ATOMIC_FLOAT ||
                   m->msg == ISA_MSG_A64_UNTYPED_ATOMIC_HALF_FLOAT;
   if (!ctrl_atomic_op(e, c, is_float) ||
       !fixed(e, m->simd, 8, "A64 atomics are SIMD8"))
      return false;
   switch (m->msg) {
   case ISA_MSG_A64_UNTYPED_ATOMIC:
      *c |= sd_put(MDC_A64_ATOMIC_64, m->elem_bytes == 8);
      return m->elem_bytes == 4 || m->elem_bytes == 8 ||
             fail(e, "A64 integer atomic operand size (4 or 8 bytes)");
   case ISA_MSG_A64_UNTYPED_ATOMIC_FLOAT:
      return fixed(e, m->elem_bytes, 4, "A64 float atomic: 4-byte operands");
   default:
      return fixed(e, m->elem_bytes, 2, "A64 half atomic: 2-byte operands");
   }
}

static bool
ctrl_atomic(struct enc *e, uint32_t *c)
{
   const struct isa_send_msg *m = e->m;
   switch (m->msg) {
   case ISA_MSG_UNTYPED_ATOMIC: case ISA_MSG_ATOMIC_COUNTER:
   case ISA_MSG_UNTYPED_ATOMIC_FLOAT:
      *c |= sd_put(MDC_ATOMIC_SIMD8, m->simd == 8);
      return ctrl_atomic_op(e, c, m->msg == ISA_MSG_UNTYPED_ATOMIC_FLOAT) &&
             simd8_or_16(e, "untyped atomic SIMD mode (8 or 16)");
   case ISA_MSG_UNTYPED_ATOMIC_SIMD4X2: case ISA_MSG_TYPED_ATOMIC_SIMD4X2:
   case ISA_MSG_ATOMIC_COUNTER_SIMD4X2:
      return ctrl_atomic_op(e, c, false) &&
             fixed(e, m->simd, 4, "SIMD4x2 atomic");
   case ISA_MSG_TYPED_ATOMIC:
      *c |= sd_put(MDC_TYPED_ATOMIC_HI, m->slot_group_hi);
      return ctrl_atomic_op(e, c, false) &&
             fixed(e, m->simd, 8, "typed atomics are SIMD8");
   case ISA_MSG_A64_UNTYPED_ATOMIC: case ISA_MSG_A64_UNTYPED_ATOMIC_HALF:
   case ISA_MSG_A64_UNTYPED_ATOMIC_FLOAT:
   case ISA_MSG_A64_UNTYPED_ATOMIC_HALF_FLOAT:
      return ctrl_a64_atomic(e, c);
   case ISA_MSG_MEMORY_FENCE:
      *c |= sd_put(MDC_RETURN, m->returns_data);   /* commit enable */
      return true;
   default:
      return true;
   }
}

static bool
dp_ctrl(struct enc *e, uint32_t *desc)
{
   uint32_t c = 0;
   switch (e->m->msg) {
   case ISA_MSG_OWORD_DUAL_BLOCK_READ: case ISA_MSG_OWORD_DUAL_BLOCK_WRITE:
      if (!ctrl_dual_block(e, &c))
         return false;
      break;
   case ISA_MSG_OWORD_BLOCK_READ: case ISA_MSG_UNALIGNED_OWORD_BLOCK_READ:
   case ISA_MSG_OWORD_BLOCK_WRITE: case ISA_MSG_A64_OWORD_BLOCK_READ:
   case ISA_MSG_A64_OWORD_BLOCK_WRITE:
      if (!ctrl_block(e, &c))
         return false;
      break;
   default:
      if (!ctrl_scattered(e, &c) || !ctrl_surface(e, &c) ||
          !ctrl_atomic(e, &c))
         return false;
      break;
   }
   return put(e, desc, SD_DP_CTRL, c, "message control");
}

/* ---- data port: messages ---- */

static bool
encode_render_target(struct enc *e, uint32_t *desc)
{
   const struct isa_send_msg *m = e->m;
   *desc |= sd_put(SD_RT_SLOT_HI, m->slot_group_hi);
   if (m->msg == ISA_MSG_RT_READ) {
      *desc |= sd_put(SD_RT_READ_SIMD8, m->simd == 8);
      return simd8_or_16(e, "RT read SIMD mode (8 or 16)");
   }
   if (m->coarse && !sd_has_coarse(e->gen))
      return fail(e, "coarse RT write: Gen11+");
   /* The dual-source subtypes (PRM Vol 2d "Message Descriptor - Render
    * Target Write": SIMD8 dual source, low or high channels) come as ctrl;
    * otherwise the width picks the subtype. */
   const bool dual = m->ctrl == SD_RT_WRITE_SIMD8_DUAL_LOW ||
                     m->ctrl == SD_RT_WRITE_SIMD8_DUAL_HIGH;
   if (dual && m->simd != 8)
      return fail(e, "dual-source RT write: SIMD8 only");
   *desc |= sd_put(SD_RT_SUBTYPE, dual ? m->ctrl : m->simd == 16 ? SD_RT_WRITE_SIMD16
                                                                 : SD_RT_WRITE_SIMD8) |
            sd_put(SD_RT_LAST, m->last_rt) | sd_put(SD_RT_COARSE, m->coarse);
   return simd8_or_16(e, "RT write SIMD mode (8 or 16)");
}

/* Scratch block messages: data port 0's other category; the offset takes
 * the surface's bits. */
static bool
encode_scratch(struct enc *e, uint32_t *desc)
{
   const struct isa_send_msg *m = e->m;
   if (m->sfid && m->sfid != ISA_SFID_DP_DATA)
      return fail(e, "scratch messages are on data port 0");
   e->sfid = ISA_SFID_DP_DATA;
   if (m->elem_bytes != 4 && m->elem_bytes != 16)
      return fail(e, "scratch channel mode (elem_bytes 4 DWords, 16 OWords)");
   int bs = sd_scratch_blocks_log2(e->gen) ? log2_exact(m->blocks)
                                            : (int)m->blocks - 1;
   *desc |= sd_put(SD_SCRATCH, 1) |
            sd_put(SD_SCRATCH_WRITE, m->msg == ISA_MSG_SCRATCH_WRITE) |
            sd_put(SD_SCRATCH_DWORD, m->elem_bytes == 4);
   return (bs >= 0 || fail(e, "scratch block size")) &&
          put(e, desc, SD_SCRATCH_BLOCKS, bs, "scratch block size") &&
          put(e, desc, SD_SCRATCH_OFFSET, m->offset, "scratch offset");
}

/* The shared function and message type: the one asked for, or the first
 * of these with the message (data port 1 before data port 0 from
 * Haswell; data ports before the render cache, which on Gen7–8 also
 * has typed messages and fences; the constant cache last). */
static bool
dp_choose(struct enc *e, int *type)
{
   static const uint8_t order[] = {
      ISA_SFID_DP_DATA1, ISA_SFID_DP_DATA, ISA_SFID_DP_RENDER,
      ISA_SFID_DP_CONST,
   };
   *type = -1;
   if (e->m->sfid) {
      e->sfid = e->m->sfid;
      *type = sd_dp_type_of(e->gen, e->sfid, e->m->msg);
   }
   for (unsigned i = 0; !e->m->sfid && *type < 0 && i < sizeof(order); i++) {
      e->sfid = order[i];
      *type = sd_dp_type_of(e->gen, e->sfid, e->m->msg);
   }
   return *type >= 0 ||
          fail(e, "no such message on the shared function and generation");
}

static bool
encode_dp(struct enc *e, uint32_t *desc)
{
   const struct isa_send_msg *m = e->m;
   if (m->msg == ISA_MSG_SCRATCH_READ || m->msg == ISA_MSG_SCRATCH_WRITE)
      return encode_scratch(e, desc);
   int type;
   if (!dp_choose(e, &type) ||
       !put(e, desc, e->sfid == ISA_SFID_DP_RENDER ? SD_RC_TYPE
                                                   : sd_dp_type(e->gen),
            type, "message type"))
      return false;
   *desc |= sd_put(SD_BTI, m->bti);
   if (m->msg == ISA_MSG_RT_WRITE || m->msg == ISA_MSG_RT_READ)
      return encode_render_target(e, desc);
   return dp_ctrl(e, desc);
}

/* ---- other shared functions ---- */

static bool
encode_sampler(struct enc *e, uint32_t *desc)
{
   const struct isa_send_msg *m = e->m;
   unsigned nmodes = 1u << (sd_width(SD_SMP_SIMD) +
                            (sd_has_sampler_simd_hi(e->gen) ?
                             sd_width(SD_SMP_SIMD_HI) : 0));
   int mode = -1;
   for (unsigned i = 0; i < nmodes && mode < 0; i++) {
      if (m->simd && sd_sampler_simd[i] == m->simd &&
          sd_sampler_mode_half(i) == m->half)
         mode = (int)i;
   }
   if (mode < 0)
      return fail(e, m->half ? "sampler SIMD mode (half: 8 or 16, Gen8+)"
                             : "sampler SIMD mode (4 = SIMD4x2, 8, 16, 32)");
   *desc |= sd_put(SD_SMP_SIMD, mode) |
            sd_put(SD_SMP_SIMD_HI, (unsigned)mode >> sd_width(SD_SMP_SIMD)) |
            sd_put(SD_BTI, m->bti);
   return put(e, desc, SD_SMP_TYPE, m->type, "sampler message type") &&
          put(e, desc, SD_SMP_INDEX, m->sampler, "sampler index (0-15)");
}

static bool
encode_urb(struct enc *e, uint32_t *desc)
{
   const struct isa_send_msg *m = e->m;
   const struct sd_urb_layout *l = sd_urb_layout(e->gen);
   int op = code_of(sd_urb_ops, l->nops, m->msg);
   if (op < 0)
      return fail(e, "URB message not on this generation");
   *desc |= sd_put(l->op, op) | sd_put(l->masked, m->channel_masked) |
            sd_put(l->per_slot, m->per_slot_offset);
   if (l->has_complete)
      *desc |= sd_put(l->complete, m->complete);
   return put(e, desc, l->offset, m->offset, "URB offset");
}

static bool
encode_pixel_interp(struct enc *e, uint32_t *desc)
{
   const struct isa_send_msg *m = e->m;
   if (m->coarse && !sd_has_coarse(e->gen))
      return fail(e, "coarse pixel interpolation: Gen11+");
   *desc |= sd_put(SD_PI_TYPE, m->msg - ISA_MSG_PI_SHARED_OFFSET) |
            sd_put(SD_PI_DATA, m->pi_data) |
            sd_put(SD_PI_SLOT_HI, m->slot_group_hi) |
            sd_put(SD_PI_NOPERSP, m->nopersp) |
            sd_put(SD_PI_COARSE, m->coarse) |
            sd_put(SD_PI_SIMD16, m->simd == 16);
   return simd8_or_16(e, "pixel interpolator SIMD mode (8 or 16)");
}

static void
encode_thread_spawner(struct enc *e, uint32_t *desc)
{
   /* request type and resource select have no field of their own: they
    * stay where isa_send_decode leaves them, in ctrl */
   uint32_t ctrl_bits = sd_put(SD_TS_REQUEST, ~0u) |
                        sd_put(SD_TS_RESOURCE, ~0u);
   *desc |= sd_put(SD_TS_OP, e->m->msg == ISA_MSG_TS_SPAWN_THREAD) |
            (e->m->ctrl & ctrl_bits);
}

/* The shared function of the messages only one has (0: a data port). */
static unsigned
own_sfid(enum isa_msg msg)
{
   if (msg == ISA_MSG_SAMPLER)
      return ISA_SFID_SAMPLER;
   if (msg >= ISA_MSG_URB_WRITE_HWORD && msg <= ISA_MSG_URB_SIMD8_READ)
      return ISA_SFID_URB;
   if (msg >= ISA_MSG_GATEWAY_OPEN && msg <= ISA_MSG_GATEWAY_MMIO)
      return ISA_SFID_GATEWAY;
   if (msg >= ISA_MSG_PI_SHARED_OFFSET && msg <= ISA_MSG_PI_PER_SLOT_OFFSET)
      return ISA_SFID_PIXEL_INTERP;
   if (msg == ISA_MSG_TS_END_THREAD || msg == ISA_MSG_TS_SPAWN_THREAD)
      return ISA_SFID_THREAD_SPAWNER;
   return 0;
}

static bool
is_dp(enum isa_msg msg)
{
   return msg >= ISA_MSG_OWORD_BLOCK_READ && msg <= ISA_MSG_RT_READ;
}

/* The message's own bits: everything but the lengths. */
static bool
encode_message(struct enc *e, uint32_t *desc)
{
   enum isa_msg msg = e->m->msg;
   if (is_dp(msg))
      return encode_dp(e, desc);
   e->sfid = own_sfid(msg);
   if (!e->sfid)
      return fail(e, "unknown message");
   if (e->m->sfid && e->m->sfid != e->sfid)
      return fail(e, "no such message on the shared function");
   switch (e->sfid) {
   case ISA_SFID_SAMPLER:
      return encode_sampler(e, desc);
   case ISA_SFID_URB:
      return encode_urb(e, desc);
   case ISA_SFID_GATEWAY:
      *desc |= sd_put(SD_GW_OP, msg - ISA_MSG_GATEWAY_OPEN);
      return true;
   case ISA_SFID_PIXEL_INTERP:
      return encode_pixel_interp(e, desc);
   default:
      encode_thread_spawner(e, desc);
      return true;
   }
}

/* Two decoded messages alike but for their control bits as encoded. */
static bool
same_but_ctrl(const struct isa_send_msg *a, const struct isa_send_msg *b)
{
   return a->sfid == b->sfid && a->msg == b->msg && a->type == b->type &&
          a->bti == b->bti && a->sampler == b->sampler &&
          a->simd == b->simd && a->slot_group_hi == b->slot_group_hi &&
          a->atomic == b->atomic && a->returns_data == b->returns_data &&
          a->channel_mask == b->channel_mask &&
          a->elem_bytes == b->elem_bytes && a->elem_count == b->elem_count &&
          a->blocks == b->blocks && a->high_oword == b->high_oword &&
          a->unaligned == b->unaligned && a->half == b->half &&
          a->offset == b->offset && a->per_slot_offset == b->per_slot_offset &&
          a->channel_masked == b->channel_masked &&
          a->complete == b->complete && a->last_rt == b->last_rt &&
          a->nopersp == b->nopersp && a->coarse == b->coarse &&
          a->pi_data == b->pi_data && a->write == b->write;
}

/* msg->ctrl, the control bits as isa_send_decode found them, may hold
 * what no structured field shows (an RT write's dual-source subtype, a
 * media block's control, a reserved alias of a value): it replaces the
 * control built from the fields when the two words decode alike. */
static uint32_t
keep_dp_ctrl(enum isa_gen gen, const struct isa_send_msg *msg, unsigned sfid,
             uint32_t desc)
{
   struct sd_field f = msg->msg == ISA_MSG_RT_WRITE ? SD_RT_SUBTYPE
                                                    : SD_DP_CTRL;
   if (!msg->ctrl || !sd_fits(f, msg->ctrl) || sd_get(desc, f) == msg->ctrl)
      return desc;
   uint32_t alt = (desc & ~sd_put(f, ~0u)) | sd_put(f, msg->ctrl);
   struct isa_send_msg built, kept;
   isa_send_decode(gen, sfid, desc, 0, &built);
   isa_send_decode(gen, sfid, alt, 0, &kept);
   return same_but_ctrl(&built, &kept) ? alt : desc;
}

/* The extended-descriptor bits a send of the generation holds (none
 * before split sends): where the instruction tables put F_EXDESC. */
static uint32_t
exdesc_storable(enum isa_gen gen)
{
   const struct isa_group *g = &isa_gen_desc(gen)->groups[G_SEND];
   uint32_t mask = 0;
   unsigned pos = 0;
   for (int i = (int)g->n - 1; i >= 0; i--) {
      const struct isa_piece *p = &g->p[i];
      if (p->field != F_EXDESC)
         continue;
      unsigned n = p->hi == GAP ? p->lo : p->hi - p->lo + 1u;
      if (p->hi != GAP && pos < 32)
         mask |= (uint32_t)(((1ull << n) - 1) << pos);
      pos += n;
   }
   return mask;
}

static bool
encode_lengths(struct enc *e, uint32_t *desc, uint32_t *ex_desc)
{
   const struct isa_send_msg *m = e->m;
   if (m->mlen > ISA_DESC_MLEN_MAX)
      return fail(e, "mlen does not fit the descriptor");
   if (m->rlen > ISA_DESC_RLEN_MAX)
      return fail(e, "rlen does not fit the descriptor");
   *desc |= isa_desc_lengths(m->mlen, m->rlen, m->header);
   *ex_desc = m->ex_mlen <= ISA_EXDESC_MLEN_MAX ?
              isa_exdesc_lengths(m->ex_mlen) : ~0u;
   return !(*ex_desc & ~exdesc_storable(e->gen)) ||
          fail(e, "ex_mlen does not fit the generation's sends");
}

bool
isa_send_encode(enum isa_gen gen, const struct isa_send_msg *msg,
                unsigned *sfid, uint32_t *desc, uint32_t *ex_desc,
                const char **why)
{
   struct enc e = { .gen = gen, .m = msg };
   uint32_t d = 0, ex = 0;
   bool ok = isa_gen_desc(gen) ? encode_message(&e, &d)
                               : fail(&e, "unknown generation");
   if (ok && is_dp(msg->msg))
      d = keep_dp_ctrl(gen, msg, e.sfid, d);
   ok = ok && encode_lengths(&e, &d, &ex);
   if (why)
      *why = ok ? NULL : e.why;
   if (ok) {
      *sfid = e.sfid;
      *desc = d;
      *ex_desc = ex;
   }
   return ok;
}

/* isa_send_encode (src/isa/isa_send_encode.c), the inverse of
 * isa_send_decode:
 *  - a sweep: on every generation and shared function, every value of
 *    descriptor bits 18:0 (message type, control, surface, and the fields
 *    of URB, gateway, pixel interpolator and thread spawner messages) with
 *    pseudo-random lengths and upper bits; each word that decodes to a
 *    message must encode back to the same words, or — when it sets bits
 *    the decoder does not read — to words that decode to the same message.
 *    Only messages with a reserved value (SIMD mode 0, block size 0, no
 *    atomic operation) may be refused.  The same message with its
 *    decoded control bits cleared must encode, from the other fields
 *    alone, to words that decode to it;
 *  - messages built from fields, against descriptors worked out by hand
 *    from the PRM's layouts (Vol 2d "Message Descriptor", the layouts
 *    restated in test_isa_send.c), and messages a generation does not
 *    have or whose fields do not fit. */
#include <stdio.h>
#include <string.h>

#include "isa_send.h"

/* Fields every descriptor shares: mlen 28:25, rlen 24:20, header 19. */
#define LEN(mlen, rlen) ((uint32_t)(mlen) << 25 | (uint32_t)(rlen) << 20)
#define HEADER (1u << 19)
/* Data port: type 18:14 (Gen8+) or 17:14 (Gen7/7.5), control 13:8, BTI 7:0 */
#define DP(type, ctrl, bti) ((uint32_t)(type) << 14 | (uint32_t)(ctrl) << 8 | (bti))

static const unsigned sfids[] = {
   ISA_SFID_SAMPLER, ISA_SFID_GATEWAY, ISA_SFID_DP_SAMPLER,
   ISA_SFID_DP_RENDER, ISA_SFID_URB, ISA_SFID_THREAD_SPAWNER,
   ISA_SFID_DP_CONST, ISA_SFID_DP_DATA, ISA_SFID_PIXEL_INTERP,
   ISA_SFID_DP_DATA1,
};

static bool
is_scratch(enum isa_msg msg)
{
   return msg == ISA_MSG_SCRATCH_READ || msg == ISA_MSG_SCRATCH_WRITE;
}

/* Messages whose bits 7:0 name a surface; the others' decoded bti is
 * whatever those bits hold (a gateway message reads only 2:0 of them). */
static bool
names_surface(const struct isa_send_msg *m)
{
   switch (m->sfid) {
   case ISA_SFID_SAMPLER: case ISA_SFID_DP_SAMPLER: case ISA_SFID_DP_RENDER:
   case ISA_SFID_DP_CONST: case ISA_SFID_DP_DATA1:
      return true;
   case ISA_SFID_DP_DATA:
      return !is_scratch(m->msg);
   default:
      return false;
   }
}

/* Every field but ctrl, which holds bits as encoded (a decoder-ignored
 * control bit changes it and nothing else); bti only where it is a
 * surface, type not for scratch messages (whose "type" is the bits from
 * 14 up, 15:14 unused). */
static const char *
msg_diff(const struct isa_send_msg *a, const struct isa_send_msg *b)
{
#define F(x) if (a->x != b->x) return #x;
   F(sfid) F(msg) F(mlen) F(rlen) F(ex_mlen) F(header)
   if (names_surface(a)) {
      F(bti)
   }
   if (!is_scratch(a->msg)) {
      F(type)
   }
   F(sampler) F(simd) F(slot_group_hi) F(atomic) F(returns_data)
   F(channel_mask) F(elem_bytes) F(elem_count) F(blocks) F(high_oword)
   F(unaligned) F(half) F(offset) F(per_slot_offset) F(channel_masked)
   F(complete) F(last_rt) F(nopersp) F(coarse) F(pi_data) F(write)
#undef F
   return NULL;
}

static bool
is_atomic(enum isa_msg msg)
{
   switch (msg) {
   case ISA_MSG_UNTYPED_ATOMIC: case ISA_MSG_UNTYPED_ATOMIC_SIMD4X2:
   case ISA_MSG_UNTYPED_ATOMIC_FLOAT: case ISA_MSG_TYPED_ATOMIC:
   case ISA_MSG_TYPED_ATOMIC_SIMD4X2: case ISA_MSG_ATOMIC_COUNTER:
   case ISA_MSG_ATOMIC_COUNTER_SIMD4X2: case ISA_MSG_A64_UNTYPED_ATOMIC:
   case ISA_MSG_A64_UNTYPED_ATOMIC_HALF: case ISA_MSG_A64_UNTYPED_ATOMIC_FLOAT:
   case ISA_MSG_A64_UNTYPED_ATOMIC_HALF_FLOAT:
      return true;
   default:
      return false;
   }
}

/* A decoded value standing for an encoding the PRM reserves: the encoder
 * refuses to build it. */
static bool
reserved_value(const struct isa_send_msg *m)
{
   switch (m->msg) {
   case ISA_MSG_SAMPLER: case ISA_MSG_UNTYPED_READ: case ISA_MSG_UNTYPED_WRITE:
   case ISA_MSG_A64_UNTYPED_READ: case ISA_MSG_A64_UNTYPED_WRITE:
   case ISA_MSG_RT_WRITE:
      return m->simd == 0;
   case ISA_MSG_OWORD_BLOCK_READ: case ISA_MSG_UNALIGNED_OWORD_BLOCK_READ:
   case ISA_MSG_OWORD_BLOCK_WRITE: case ISA_MSG_A64_OWORD_BLOCK_READ:
   case ISA_MSG_A64_OWORD_BLOCK_WRITE:
      return m->blocks == 0;
   case ISA_MSG_A64_SCATTERED_READ: case ISA_MSG_A64_SCATTERED_WRITE:
      return m->elem_bytes == 0;   /* 8 HWords: more than a byte counts */
   default:
      return is_atomic(m->msg) && m->atomic == ISA_ATOMIC_NONE;
   }
}

struct sweep {
   unsigned long words, known, exact, normalized, refused, bad;
};

static uint32_t rng = 0x12345678;

static uint32_t
next_random(void)
{
   rng = rng * 1103515245u + 12345u;
   return rng;
}

/* The extended-descriptor length a send of the generation can hold: none
 * before split sends, 4 bits on Gen9–11, 5 on Gen12 (the instruction
 * layouts in src/isa/isa_tables_*.c). */
static uint32_t
random_ex_desc(enum isa_gen gen, uint32_t r)
{
   unsigned max = gen >= ISA_GEN12 ? 31 : gen >= ISA_GEN9 ? 15 : 0;
   return max ? (r >> 7) % (max + 1) << 6 : 0;
}

/* The message without its decoded control bits (as a compiler builds
 * it): the encoder must build it from the other fields alone, to words
 * that decode to the same message. */
static const char *
from_fields(enum isa_gen gen, const struct isa_send_msg *m)
{
   struct isa_send_msg f = *m, back;
   unsigned esfid;
   uint32_t edesc, eex;
   const char *why;
   f.ctrl = 0;
   if (!isa_send_encode(gen, &f, &esfid, &edesc, &eex, &why))
      return why;
   isa_send_decode(gen, esfid, edesc, eex, &back);
   return esfid != m->sfid ? "sfid without ctrl" : msg_diff(m, &back);
}

static void
sweep_word(enum isa_gen gen, unsigned sfid, uint32_t desc, uint32_t ex_desc,
           struct sweep *s)
{
   struct isa_send_msg m, back;
   unsigned esfid;
   uint32_t edesc = 0, eex = 0;
   const char *why, *diff = NULL;
   s->words++;
   if (!isa_send_decode(gen, sfid, desc, ex_desc, &m))
      return;
   s->known++;
   if (!isa_send_encode(gen, &m, &esfid, &edesc, &eex, &why)) {
      s->refused++;
      diff = reserved_value(&m) ? NULL : why;
   } else {
      if (esfid == sfid && edesc == desc && eex == ex_desc) {
         s->exact++;
      } else {
         s->normalized++;
         isa_send_decode(gen, esfid, edesc, eex, &back);
         diff = esfid != sfid ? "sfid" : msg_diff(&m, &back);
      }
      diff = diff ? diff : from_fields(gen, &m);
   }
   if (diff && s->bad++ < 20) {
      char text[256];
      isa_send_describe(gen, sfid, desc, ex_desc, text, sizeof(text));
      fprintf(stderr, "%s sfid %u desc 0x%08x ex 0x%08x %s: %s "
              "(encoded 0x%08x 0x%08x)\n", isa_gen_name(gen), sfid, desc,
              ex_desc, text, diff, edesc, eex);
   }
}

static int
sweep_all(void)
{
   unsigned long bad = 0;
   for (unsigned g = 0; g < ISA_GEN_COUNT; g++) {
      struct sweep s = { 0 };
      for (unsigned i = 0; i < sizeof(sfids) / sizeof(sfids[0]); i++) {
         for (uint32_t lo = 0; lo < (1u << 19); lo++) {
            /* lengths, header and bit 29 (the sampler's third SIMD mode
             * bit from Gen8) at random; in one word in four the unused
             * bits 31:30 too */
            uint32_t r = next_random();
            uint32_t hi = r & ((r & 3) ? 0x3ff80000u : 0xfff80000u);
            sweep_word((enum isa_gen)g, sfids[i], lo | hi,
                       random_ex_desc((enum isa_gen)g, r), &s);
         }
      }
      printf("%s: %lu words, %lu messages: %lu encode back exactly, %lu to "
             "the same message without ignored bits, %lu reserved values "
             "refused, %lu wrong\n", isa_gen_name((enum isa_gen)g), s.words,
             s.known, s.exact, s.normalized, s.refused, s.bad);
      bad += s.bad;
   }
   return bad ? 1 : 0;
}

/* ---- messages from fields ---- */

struct build {
   const char *what;
   enum isa_gen first, last;
   struct isa_send_msg m;
   unsigned sfid;               /* expected; 0: must be refused */
   uint32_t desc, ex_desc;
};

#define G(a, b) ISA_GEN##a, ISA_GEN##b
#define MSG(...) { __VA_ARGS__ }

static const struct build builds[] = {
   /* untyped read: Ivybridge data port 0 type 5, Haswell+ data port 1
    * type 1; control = disabled channels 3:0 (BA: 0xc) | SIMD16 (1) << 4 */
   { "SIMD16 untyped read RG surface 3", G(7, 7),
     MSG(.msg = ISA_MSG_UNTYPED_READ, .channel_mask = 3, .simd = 16, .bti = 3,
         .mlen = 2, .rlen = 4),
     ISA_SFID_DP_DATA, LEN(2, 4) | DP(5, 0xc | 1 << 4, 3) },
   { "SIMD16 untyped read RG surface 3", G(75, 12),
     MSG(.msg = ISA_MSG_UNTYPED_READ, .channel_mask = 3, .simd = 16, .bti = 3,
         .mlen = 2, .rlen = 4),
     ISA_SFID_DP_DATA1, LEN(2, 4) | DP(1, 0xc | 1 << 4, 3) },
   /* untyped write RGBA SIMD8 (mode 2) as a split send: ex_mlen at ex_desc
    * 9:6 */
   { "split untyped write", G(9, 12),
     MSG(.msg = ISA_MSG_UNTYPED_WRITE, .channel_mask = 0xf, .simd = 8, .bti = 1,
         .mlen = 1, .ex_mlen = 4),
     ISA_SFID_DP_DATA1, LEN(1, 0) | DP(9, 2 << 4, 1), 4u << 6 },
   /* untyped atomic: op 3:0 (add 7), SIMD8 4, return 5; SLM = BTI 254 */
   { "SLM atomic add SIMD8", G(75, 12),
     MSG(.msg = ISA_MSG_UNTYPED_ATOMIC, .atomic = ISA_ATOMIC_ADD, .simd = 8,
         .returns_data = true, .bti = 254, .mlen = 2, .rlen = 1),
     ISA_SFID_DP_DATA1, LEN(2, 1) | DP(2, 7 | 1 << 4 | 1 << 5, 254) },
   { "atomic umax SIMD16 on Ivybridge", G(7, 7),
     MSG(.msg = ISA_MSG_UNTYPED_ATOMIC, .atomic = ISA_ATOMIC_UMAX, .simd = 16,
         .bti = 2, .mlen = 4),
     ISA_SFID_DP_DATA, LEN(4, 0) | DP(6, 12, 2) },
   /* float atomics: type 0x1b, op 2:0 (fmin 2) */
   { "float atomic fmin", G(9, 12),
     MSG(.msg = ISA_MSG_UNTYPED_ATOMIC_FLOAT, .atomic = ISA_ATOMIC_FMIN,
         .simd = 16, .bti = 5, .mlen = 4, .rlen = 2, .returns_data = true),
     ISA_SFID_DP_DATA1, LEN(4, 2) | DP(0x1b, 2 | 1 << 5, 5) },
   { "float atomic on Gen8", G(7, 8),
     MSG(.msg = ISA_MSG_UNTYPED_ATOMIC_FLOAT, .atomic = ISA_ATOMIC_FMIN,
         .simd = 16), 0 },
   { "integer op on a float atomic", G(9, 12),
     MSG(.msg = ISA_MSG_UNTYPED_ATOMIC_FLOAT, .atomic = ISA_ATOMIC_ADD,
         .simd = 8), 0 },
   { "float op on an integer atomic", G(7, 12),
     MSG(.msg = ISA_MSG_UNTYPED_ATOMIC, .atomic = ISA_ATOMIC_FADD,
         .simd = 8), 0 },
   { "atomic without an operation", G(7, 12),
     MSG(.msg = ISA_MSG_UNTYPED_ATOMIC, .simd = 8), 0 },
   /* typed write, slot group high: Ivybridge render cache, control bit 5;
    * Haswell+ data port 1, MDC_SG3 5:4 = 2 */
   { "typed write hi", G(7, 7),
     MSG(.msg = ISA_MSG_TYPED_WRITE, .channel_mask = 0xf, .simd = 8,
         .slot_group_hi = true, .bti = 4, .mlen = 5),
     ISA_SFID_DP_RENDER, LEN(5, 0) | DP(13, 1 << 5, 4) },
   { "typed write hi", G(75, 12),
     MSG(.msg = ISA_MSG_TYPED_WRITE, .channel_mask = 0xf, .simd = 8,
         .slot_group_hi = true, .bti = 4, .mlen = 5),
     ISA_SFID_DP_DATA1, LEN(5, 0) | DP(13, 2 << 4, 4) },
   { "typed read R lo", G(75, 12),
     MSG(.msg = ISA_MSG_TYPED_READ, .channel_mask = 1, .simd = 8, .bti = 6,
         .mlen = 2, .rlen = 1, .header = true),
     ISA_SFID_DP_DATA1, LEN(2, 1) | HEADER | DP(5, 0xe | 1 << 4, 6) },
   { "typed read on the render cache", G(75, 8),
     MSG(.sfid = ISA_SFID_DP_RENDER, .msg = ISA_MSG_TYPED_READ,
         .channel_mask = 1, .simd = 8, .bti = 6, .mlen = 2, .rlen = 1),
     ISA_SFID_DP_RENDER, LEN(2, 1) | DP(5, 0xe | 1 << 4, 6) },
   { "typed SIMD4x2 hi", G(75, 12),
     MSG(.msg = ISA_MSG_TYPED_READ, .channel_mask = 1, .simd = 4,
         .slot_group_hi = true), 0 },
   /* typed atomic inc, slot group bit 4, return 5 */
   { "typed atomic inc hi", G(75, 12),
     MSG(.msg = ISA_MSG_TYPED_ATOMIC, .atomic = ISA_ATOMIC_INC,
         .slot_group_hi = true, .returns_data = true, .bti = 7, .mlen = 2,
         .rlen = 1),
     ISA_SFID_DP_DATA1, LEN(2, 1) | DP(6, 5 | 1 << 4 | 1 << 5, 7) },
   /* byte scattered: SIMD16 0, data size 3:2 (log2 bytes) */
   { "byte scattered read of words", G(7, 12),
     MSG(.msg = ISA_MSG_BYTE_SCATTERED_READ, .simd = 8, .elem_bytes = 2,
         .bti = 9, .mlen = 1, .rlen = 1),
     ISA_SFID_DP_DATA, LEN(1, 1) | DP(4, 1 << 2, 9) },
   { "byte scattered write of dwords SLM", G(7, 12),
     MSG(.msg = ISA_MSG_BYTE_SCATTERED_WRITE, .simd = 16, .elem_bytes = 4,
         .bti = 254, .mlen = 4),
     ISA_SFID_DP_DATA, LEN(4, 0) | DP(12, 1 | 2 << 2, 254) },
   { "byte scattered of 3 bytes", G(7, 12),
     MSG(.msg = ISA_MSG_BYTE_SCATTERED_READ, .simd = 8, .elem_bytes = 3), 0 },
   /* DWord scattered: block size 1:0, 2 = 8 DWords, 3 = 16 */
   { "dword scattered write SIMD16", G(7, 12),
     MSG(.msg = ISA_MSG_DWORD_SCATTERED_WRITE, .simd = 16, .bti = 255,
         .mlen = 4),
     ISA_SFID_DP_DATA, LEN(4, 0) | DP(11, 3, 255) },
   { "dword scattered read SIMD8", G(7, 12),
     MSG(.msg = ISA_MSG_DWORD_SCATTERED_READ, .simd = 8, .elem_bytes = 4,
         .bti = 3, .mlen = 1, .rlen = 1),
     ISA_SFID_DP_DATA, LEN(1, 1) | DP(3, 2, 3) },
   { "constant-cache dword scattered read", G(7, 12),
     MSG(.sfid = ISA_SFID_DP_CONST, .msg = ISA_MSG_DWORD_SCATTERED_READ,
         .simd = 16, .bti = 6, .mlen = 2, .rlen = 2, .header = true),
     ISA_SFID_DP_CONST, LEN(2, 2) | HEADER | DP(3, 3, 6) },
   /* OWord blocks: size 2:0 (1 low, 1 high, 2, 4, 8 OWords) */
   { "oword block read 4, data cache", G(7, 12),
     MSG(.msg = ISA_MSG_OWORD_BLOCK_READ, .blocks = 4, .bti = 3, .mlen = 1,
         .rlen = 1, .header = true),
     ISA_SFID_DP_DATA, LEN(1, 1) | HEADER | DP(0, 3, 3) },
   { "oword block read 2, constant cache", G(7, 12),
     MSG(.sfid = ISA_SFID_DP_CONST, .msg = ISA_MSG_OWORD_BLOCK_READ,
         .blocks = 2, .bti = 3, .mlen = 1, .rlen = 1, .header = true),
     ISA_SFID_DP_CONST, LEN(1, 1) | HEADER | DP(0, 2, 3) },
   { "oword block read, high oword", G(7, 12),
     MSG(.msg = ISA_MSG_OWORD_BLOCK_READ, .blocks = 1, .high_oword = true,
         .bti = 3, .mlen = 1, .rlen = 1, .header = true),
     ISA_SFID_DP_DATA, LEN(1, 1) | HEADER | DP(0, 1, 3) },
   { "unaligned oword block read 8", G(7, 12),
     MSG(.msg = ISA_MSG_UNALIGNED_OWORD_BLOCK_READ, .blocks = 8, .bti = 5,
         .mlen = 1, .rlen = 4, .header = true),
     ISA_SFID_DP_DATA, LEN(1, 4) | HEADER | DP(1, 4, 5) },
   { "SLM oword block write 8", G(7, 12),
     MSG(.msg = ISA_MSG_OWORD_BLOCK_WRITE, .blocks = 8, .bti = 254, .mlen = 5,
         .header = true),
     ISA_SFID_DP_DATA, LEN(5, 0) | HEADER | DP(8, 4, 254) },
   { "oword block of 3", G(7, 12),
     MSG(.msg = ISA_MSG_OWORD_BLOCK_READ, .blocks = 3), 0 },
   { "high oword of 2", G(7, 12),
     MSG(.msg = ISA_MSG_OWORD_BLOCK_READ, .blocks = 2, .high_oword = true), 0 },
   { "unaligned oword block write", G(7, 12),
     MSG(.msg = ISA_MSG_OWORD_BLOCK_WRITE, .blocks = 2, .unaligned = true), 0 },
   { "oword block write to the constant cache", G(7, 12),
     MSG(.sfid = ISA_SFID_DP_CONST, .msg = ISA_MSG_OWORD_BLOCK_WRITE,
         .blocks = 2), 0 },
   /* A64 (BTI 253): untyped read 0x11, atomic 0x12 (64-bit at bit 4),
    * scattered 0x10 / 0x1a (subtype 1:0, count 3:2, SIMD16 4), blocks
    * 0x14 / 0x15 (DWord-aligned at 4:3) */
   { "A64 untyped read RGBA SIMD8", G(8, 12),
     MSG(.msg = ISA_MSG_A64_UNTYPED_READ, .channel_mask = 0xf, .simd = 8,
         .bti = 253, .mlen = 2, .rlen = 4),
     ISA_SFID_DP_DATA1, LEN(2, 4) | DP(0x11, 2 << 4, 253) },
   { "A64 untyped write R SIMD16", G(8, 12),
     MSG(.msg = ISA_MSG_A64_UNTYPED_WRITE, .channel_mask = 1, .simd = 16,
         .bti = 253, .mlen = 6),
     ISA_SFID_DP_DATA1, LEN(6, 0) | DP(0x19, 0xe | 1 << 4, 253) },
   { "A64 64-bit atomic cmpwr", G(8, 12),
     MSG(.msg = ISA_MSG_A64_UNTYPED_ATOMIC, .atomic = ISA_ATOMIC_CMPWR,
         .elem_bytes = 8, .returns_data = true, .bti = 253, .mlen = 6,
         .rlen = 2),
     ISA_SFID_DP_DATA1, LEN(6, 2) | DP(0x12, 14 | 1 << 4 | 1 << 5, 253) },
   { "A64 32-bit atomic and", G(8, 12),
     MSG(.msg = ISA_MSG_A64_UNTYPED_ATOMIC, .atomic = ISA_ATOMIC_AND,
         .elem_bytes = 4, .simd = 8, .bti = 253, .mlen = 3),
     ISA_SFID_DP_DATA1, LEN(3, 0) | DP(0x12, 1, 253) },
   { "A64 float atomic fcmpwr", G(9, 12),
     MSG(.msg = ISA_MSG_A64_UNTYPED_ATOMIC_FLOAT, .atomic = ISA_ATOMIC_FCMPWR,
         .bti = 253, .mlen = 6, .rlen = 1, .returns_data = true),
     ISA_SFID_DP_DATA1, LEN(6, 1) | DP(0x1d, 3 | 1 << 5, 253) },
   { "A64 half atomic imax", G(12, 12),
     MSG(.msg = ISA_MSG_A64_UNTYPED_ATOMIC_HALF, .atomic = ISA_ATOMIC_IMAX,
         .bti = 253, .mlen = 3),
     ISA_SFID_DP_DATA1, LEN(3, 0) | DP(0x13, 10, 253) },
   { "A64 half float atomic fadd", G(12, 12),
     MSG(.msg = ISA_MSG_A64_UNTYPED_ATOMIC_HALF_FLOAT,
         .atomic = ISA_ATOMIC_FADD, .elem_bytes = 2, .bti = 253, .mlen = 3,
         .rlen = 1, .returns_data = true),
     ISA_SFID_DP_DATA1, LEN(3, 1) | DP(0x1e, 4 | 1 << 5, 253) },
   { "A64 half atomic before Gen12", G(8, 11),
     MSG(.msg = ISA_MSG_A64_UNTYPED_ATOMIC_HALF, .atomic = ISA_ATOMIC_IMAX), 0 },
   { "A64 atomic SIMD16", G(8, 12),
     MSG(.msg = ISA_MSG_A64_UNTYPED_ATOMIC, .atomic = ISA_ATOMIC_ADD,
         .elem_bytes = 4, .simd = 16), 0 },
   { "A64 byte scattered write of bytes", G(8, 12),
     MSG(.msg = ISA_MSG_A64_SCATTERED_WRITE, .simd = 8, .elem_bytes = 1,
         .bti = 253, .mlen = 3),
     ISA_SFID_DP_DATA1, LEN(3, 0) | DP(0x1a, 0, 253) },
   { "A64 byte scattered read of dwords SIMD16", G(9, 12),
     MSG(.msg = ISA_MSG_A64_SCATTERED_READ, .simd = 16, .elem_bytes = 4,
         .bti = 253, .mlen = 4, .rlen = 2),
     ISA_SFID_DP_DATA1, LEN(4, 2) | DP(0x10, 2 << 2 | 1 << 4, 253) },
   { "A64 scattered read of two dwords", G(9, 12),
     MSG(.msg = ISA_MSG_A64_SCATTERED_READ, .simd = 8, .elem_bytes = 8,
         .elem_count = 2, .bti = 253, .mlen = 2, .rlen = 2),
     ISA_SFID_DP_DATA1, LEN(2, 2) | DP(0x10, 1 | 1 << 2, 253) },
   { "A64 scattered write of a qword", G(8, 12),
     MSG(.msg = ISA_MSG_A64_SCATTERED_WRITE, .simd = 8, .elem_bytes = 8,
         .elem_count = 1, .bti = 253, .mlen = 4),
     ISA_SFID_DP_DATA1, LEN(4, 0) | DP(0x1a, 2, 253) },
   { "A64 scattered of 3 dwords", G(9, 12),
     MSG(.msg = ISA_MSG_A64_SCATTERED_READ, .simd = 8, .elem_bytes = 12,
         .elem_count = 3), 0 },
   { "A64 oword block read 8", G(9, 12),
     MSG(.msg = ISA_MSG_A64_OWORD_BLOCK_READ, .blocks = 8, .bti = 253,
         .mlen = 1, .rlen = 4, .header = true),
     ISA_SFID_DP_DATA1, LEN(1, 4) | HEADER | DP(0x14, 4, 253) },
   { "A64 unaligned oword block write 2", G(9, 12),
     MSG(.msg = ISA_MSG_A64_OWORD_BLOCK_WRITE, .blocks = 2, .unaligned = true,
         .bti = 253, .mlen = 2, .header = true),
     ISA_SFID_DP_DATA1, LEN(2, 0) | HEADER | DP(0x15, 2 | 1 << 3, 253) },
   { "A64 on Ivybridge and Haswell", G(7, 75),
     MSG(.msg = ISA_MSG_A64_UNTYPED_READ, .channel_mask = 1, .simd = 8), 0 },
   { "A64 blocks on Gen8", G(8, 8),
     MSG(.msg = ISA_MSG_A64_OWORD_BLOCK_READ, .blocks = 2), 0 },
   /* scratch: category 18, write 17, DWord mode 16, block size 13:12
    * (Gen7: registers - 1; Gen8+: log2), offset 11:0 */
   { "scratch write 4 regs at 300", G(7, 75),
     MSG(.msg = ISA_MSG_SCRATCH_WRITE, .blocks = 4, .offset = 300,
         .elem_bytes = 16, .mlen = 5, .header = true),
     ISA_SFID_DP_DATA, LEN(5, 0) | HEADER | 1u << 18 | 1u << 17 | 3u << 12 | 300 },
   { "scratch write 4 regs at 300", G(8, 12),
     MSG(.msg = ISA_MSG_SCRATCH_WRITE, .blocks = 4, .offset = 300,
         .elem_bytes = 16, .mlen = 5, .header = true),
     ISA_SFID_DP_DATA, LEN(5, 0) | HEADER | 1u << 18 | 1u << 17 | 2u << 12 | 300 },
   { "scratch dword read 1 reg", G(7, 12),
     MSG(.msg = ISA_MSG_SCRATCH_READ, .blocks = 1, .offset = 4095,
         .elem_bytes = 4, .mlen = 1, .rlen = 1, .header = true),
     ISA_SFID_DP_DATA, LEN(1, 1) | HEADER | 1u << 18 | 1u << 16 | 4095 },
   { "scratch read 8 regs", G(8, 12),
     MSG(.msg = ISA_MSG_SCRATCH_READ, .blocks = 8, .elem_bytes = 16,
         .mlen = 1, .rlen = 8, .header = true),
     ISA_SFID_DP_DATA, LEN(1, 8) | HEADER | 1u << 18 | 3u << 12 },
   { "scratch 8 regs on Gen7", G(7, 75),
     MSG(.msg = ISA_MSG_SCRATCH_READ, .blocks = 8, .elem_bytes = 16), 0 },
   { "scratch 3 regs on Gen8", G(8, 12),
     MSG(.msg = ISA_MSG_SCRATCH_READ, .blocks = 3, .elem_bytes = 16), 0 },
   { "scratch offset 4096", G(7, 12),
     MSG(.msg = ISA_MSG_SCRATCH_READ, .blocks = 1, .offset = 4096,
         .elem_bytes = 16), 0 },
   /* memory fence: data port 0 type 7, commit 5 */
   { "memory fence with commit", G(7, 12),
     MSG(.msg = ISA_MSG_MEMORY_FENCE, .returns_data = true, .mlen = 1,
         .rlen = 1, .header = true),
     ISA_SFID_DP_DATA, LEN(1, 1) | HEADER | DP(7, 1 << 5, 0) },
   { "memory fence, render cache", G(7, 8),
     MSG(.sfid = ISA_SFID_DP_RENDER, .msg = ISA_MSG_MEMORY_FENCE, .mlen = 1,
         .header = true),
     ISA_SFID_DP_RENDER, LEN(1, 0) | HEADER | DP(7, 0, 0) },
   /* sampler: type 16:12, SIMD mode 18:17 (bit 29 from Gen8), sampler
    * 11:8, BTI 7:0 */
   { "sample_l SIMD16 sampler 1 surface 3", G(7, 12),
     MSG(.msg = ISA_MSG_SAMPLER, .type = ISA_SAMPLER_SAMPLE_L, .simd = 16,
         .sampler = 1, .bti = 3, .mlen = 4, .rlen = 8),
     ISA_SFID_SAMPLER, LEN(4, 8) | 2u << 12 | 2u << 17 | 1u << 8 | 3 },
   { "resinfo SIMD4x2", G(7, 12),
     MSG(.msg = ISA_MSG_SAMPLER, .type = ISA_SAMPLER_RESINFO, .simd = 4,
         .bti = 5, .mlen = 1, .rlen = 1, .header = true),
     ISA_SFID_SAMPLER, LEN(1, 1) | HEADER | 10u << 12 | 5 },
   { "ld SIMD8H", G(8, 12),
     MSG(.msg = ISA_MSG_SAMPLER, .type = ISA_SAMPLER_LD, .simd = 8,
         .half = true, .sampler = 15, .bti = 200, .mlen = 2, .rlen = 2),
     ISA_SFID_SAMPLER, LEN(2, 2) | 7u << 12 | 1u << 17 | 1u << 29 | 15u << 8 | 200 },
   { "sample_c_lz SIMD16H", G(8, 12),
     MSG(.msg = ISA_MSG_SAMPLER, .type = ISA_SAMPLER_SAMPLE_C_LZ, .simd = 16,
         .half = true, .mlen = 3, .rlen = 4),
     ISA_SFID_SAMPLER, LEN(3, 4) | 25u << 12 | 2u << 17 | 1u << 29 },
   { "half sampler payload on Gen7", G(7, 75),
     MSG(.msg = ISA_MSG_SAMPLER, .simd = 8, .half = true), 0 },
   { "sampler 16", G(7, 12),
     MSG(.msg = ISA_MSG_SAMPLER, .simd = 8, .sampler = 16), 0 },
   { "sampler without SIMD mode", G(7, 12),
     MSG(.msg = ISA_MSG_SAMPLER), 0 },
   /* message gateway barrier (subfunction 4), thread spawner end of
    * thread (opcode 0, resource select 4 kept from ctrl) */
   { "gateway barrier", G(7, 12),
     MSG(.msg = ISA_MSG_GATEWAY_BARRIER, .mlen = 1),
     ISA_SFID_GATEWAY, LEN(1, 0) | 4 },
   { "end of thread", G(7, 12),
     MSG(.msg = ISA_MSG_TS_END_THREAD, .mlen = 1),
     ISA_SFID_THREAD_SPAWNER, LEN(1, 0) },
   { "end of thread, URB not dereferenced", G(7, 9),
     MSG(.msg = ISA_MSG_TS_END_THREAD, .ctrl = 0x10, .mlen = 1),
     ISA_SFID_THREAD_SPAWNER, LEN(1, 0) | 0x10 },
   { "barrier on the URB", G(7, 12),
     MSG(.sfid = ISA_SFID_URB, .msg = ISA_MSG_GATEWAY_BARRIER), 0 },
   /* URB Gen8+: opcode 3:0 (7 SIMD8 write, 8 read), offset 14:4, mask 15,
    * per-slot 17 */
   { "URB SIMD8 write per-slot masked", G(8, 12),
     MSG(.msg = ISA_MSG_URB_SIMD8_WRITE, .offset = 3, .per_slot_offset = true,
         .channel_masked = true, .mlen = 5),
     ISA_SFID_URB, LEN(5, 0) | 7u | 3u << 4 | 1u << 15 | 1u << 17 },
   { "URB SIMD8 read", G(8, 12),
     MSG(.msg = ISA_MSG_URB_SIMD8_READ, .offset = 2047, .mlen = 1, .rlen = 4,
         .header = true),
     ISA_SFID_URB, LEN(1, 4) | HEADER | 8u | 2047u << 4 },
   { "URB offset 2048", G(8, 12),
     MSG(.msg = ISA_MSG_URB_SIMD8_READ, .offset = 2048), 0 },
   { "URB SIMD8 on Gen7", G(7, 75),
     MSG(.msg = ISA_MSG_URB_SIMD8_WRITE), 0 },
   /* URB Gen7: opcode 2:0 (0 hword write, 1 oword write, 3 oword read),
    * offset 13:3, swizzle 14, complete 15, per-slot 16 */
   { "URB hword write complete per-slot", G(7, 75),
     MSG(.msg = ISA_MSG_URB_WRITE_HWORD, .offset = 2, .complete = true,
         .per_slot_offset = true, .mlen = 3, .header = true),
     ISA_SFID_URB, LEN(3, 0) | HEADER | 2u << 3 | 1u << 15 | 1u << 16 },
   { "URB oword write interleaved", G(7, 75),
     MSG(.msg = ISA_MSG_URB_WRITE_OWORD, .offset = 5, .channel_masked = true,
         .mlen = 2, .header = true),
     ISA_SFID_URB, LEN(2, 0) | HEADER | 1u | 5u << 3 | 1u << 14 },
   { "URB oword read", G(7, 75),
     MSG(.msg = ISA_MSG_URB_READ_OWORD, .offset = 1, .mlen = 1, .rlen = 1,
         .header = true),
     ISA_SFID_URB, LEN(1, 1) | HEADER | 3u | 1u << 3 },
   /* render target write: type 12, subtype 10:8 (0 SIMD16, 4 SIMD8),
    * slot group 11, last RT 12, coarse 18 (Gen11+); RT read type 13
    * (Gen9+), SIMD8 8 */
   { "RT write SIMD8 last", G(7, 12),
     MSG(.msg = ISA_MSG_RT_WRITE, .simd = 8, .last_rt = true, .mlen = 4),
     ISA_SFID_DP_RENDER, LEN(4, 0) | DP(12, 4, 0) | 1u << 12 },
   { "RT write SIMD16 surface 1 header", G(7, 12),
     MSG(.msg = ISA_MSG_RT_WRITE, .simd = 16, .bti = 1, .mlen = 10,
         .header = true),
     ISA_SFID_DP_RENDER, LEN(10, 0) | HEADER | DP(12, 0, 1) },
   { "RT write dual source hi (subtype 3 from ctrl)", G(7, 12),
     MSG(.msg = ISA_MSG_RT_WRITE, .simd = 8, .ctrl = 3, .slot_group_hi = true,
         .mlen = 8),
     ISA_SFID_DP_RENDER, LEN(8, 0) | DP(12, 3, 0) | 1u << 11 },
   { "coarse RT write", G(11, 12),
     MSG(.msg = ISA_MSG_RT_WRITE, .simd = 16, .coarse = true, .last_rt = true,
         .mlen = 8),
     ISA_SFID_DP_RENDER, LEN(8, 0) | DP(12, 0, 0) | 1u << 12 | 1u << 18 },
   { "coarse RT write before Gen11", G(7, 9),
     MSG(.msg = ISA_MSG_RT_WRITE, .simd = 16, .coarse = true), 0 },
   { "RT read SIMD8", G(9, 12),
     MSG(.msg = ISA_MSG_RT_READ, .simd = 8, .mlen = 1, .rlen = 4),
     ISA_SFID_DP_RENDER, LEN(1, 4) | DP(13, 1, 0) },
   { "RT read before Gen9", G(7, 8),
     MSG(.msg = ISA_MSG_RT_READ, .simd = 8), 0 },
   /* pixel interpolator: type 13:12, data 7:0, slot group 11, linear 14,
    * coarse 15 (Gen11+), SIMD16 16 */
   { "PI sample position SIMD16 linear", G(7, 12),
     MSG(.msg = ISA_MSG_PI_SAMPLE, .simd = 16, .nopersp = true, .pi_data = 3,
         .mlen = 1, .rlen = 4),
     ISA_SFID_PIXEL_INTERP, LEN(1, 4) | 1u << 12 | 1u << 14 | 1u << 16 | 3 },
   { "PI per-slot offset SIMD8 hi", G(7, 12),
     MSG(.msg = ISA_MSG_PI_PER_SLOT_OFFSET, .simd = 8, .slot_group_hi = true,
         .mlen = 2, .rlen = 2),
     ISA_SFID_PIXEL_INTERP, LEN(2, 2) | 3u << 12 | 1u << 11 },
   /* lengths: mlen 4 bits, rlen 5; ex_mlen needs a split send (Gen9+),
    * whose extended descriptor holds 4 bits of it on Gen9–11 */
   { "mlen 16", G(7, 12),
     MSG(.msg = ISA_MSG_GATEWAY_BARRIER, .mlen = 16), 0 },
   { "rlen 32", G(7, 12),
     MSG(.msg = ISA_MSG_GATEWAY_BARRIER, .rlen = 32), 0 },
   { "ex_mlen without split sends", G(7, 8),
     MSG(.msg = ISA_MSG_GATEWAY_BARRIER, .mlen = 1, .ex_mlen = 1), 0 },
   { "ex_mlen 16", G(9, 11),
     MSG(.msg = ISA_MSG_GATEWAY_BARRIER, .mlen = 1, .ex_mlen = 16), 0 },
   { "ex_mlen 16", G(12, 12),
     MSG(.msg = ISA_MSG_GATEWAY_BARRIER, .mlen = 1, .ex_mlen = 16),
     ISA_SFID_GATEWAY, LEN(1, 0) | 4, 16u << 6 },
   { "untyped read on data port 0", G(75, 12),
     MSG(.sfid = ISA_SFID_DP_DATA, .msg = ISA_MSG_UNTYPED_READ,
         .channel_mask = 1, .simd = 8), 0 },
   { "unknown message", G(7, 12), MSG(.msg = ISA_MSG_UNKNOWN), 0 },
};

static const char *
check_build(enum isa_gen gen, const struct build *b)
{
   unsigned sfid;
   uint32_t desc, ex_desc;
   const char *why = NULL;
   bool ok = isa_send_encode(gen, &b->m, &sfid, &desc, &ex_desc, &why);
   if (!b->sfid)
      return ok ? "encoded, expected a refusal" : !why ? "no reason" : NULL;
   if (!ok)
      return why ? why : "refused without a reason";
   if (sfid != b->sfid || desc != b->desc || ex_desc != b->ex_desc) {
      fprintf(stderr, "  got sfid %u desc 0x%08x ex 0x%08x, expected %u "
              "0x%08x 0x%08x\n", sfid, desc, ex_desc, b->sfid, b->desc,
              b->ex_desc);
      return "different words";
   }
   /* and the words mean the message asked for */
   struct isa_send_msg back;
   if (!isa_send_decode(gen, sfid, desc, ex_desc, &back) ||
       back.msg != b->m.msg)
      return "decodes to another message";
   return NULL;
}

static int
builds_all(void)
{
   int checked = 0, failures = 0;
   for (unsigned i = 0; i < sizeof(builds) / sizeof(builds[0]); i++) {
      const struct build *b = &builds[i];
      for (unsigned g = b->first; g <= b->last; g++) {
         const char *bad = check_build((enum isa_gen)g, b);
         checked++;
         if (bad) {
            fprintf(stderr, "\"%s\" on %s: %s\n", b->what,
                    isa_gen_name((enum isa_gen)g), bad);
            failures++;
         }
      }
   }
   printf("%d messages built from fields, %d wrong\n", checked, failures);
   return failures ? 1 : 0;
}

int
main(void)
{
   int r = builds_all();
   return sweep_all() | r;
}

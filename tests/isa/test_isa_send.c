/* Message descriptor decoding (src/isa/isa_send.c) against descriptors
 * built here bit by bit from the PRM's message descriptor layouts (Vol 2d
 * "Message Descriptor" for the sampler, data port 0/1, render cache,
 * constant cache, URB, message gateway, pixel interpolator and thread
 * spawner), for every generation that has the message.  Each case checks
 * the message, its key fields and the words the disassembler prints. */
#include <stdio.h>
#include <string.h>

#include "isa_send.h"

/* Fields every descriptor shares: mlen 28:25, rlen 24:20, header 19. */
#define LEN(mlen, rlen) ((uint32_t)(mlen) << 25 | (uint32_t)(rlen) << 20)
#define HEADER (1u << 19)
/* Data port: type 18:14 (Gen8+) or 17:14 (Gen7/7.5), control 13:8, BTI 7:0 */
#define DP(type, ctrl, bti) ((uint32_t)(type) << 14 | (uint32_t)(ctrl) << 8 | (bti))

struct expect {
   enum isa_gen first, last;
   unsigned sfid;
   uint32_t desc, ex_desc;
   enum isa_msg msg;
   const char *text;            /* must appear in the description */
   /* fields checked when non-zero */
   unsigned simd, bti, atomic, channel_mask, offset, blocks, elem_bytes;
   bool per_slot, masked, last_rt, returns, hi, write;
   unsigned elem_count;
   bool unaligned, half;
   /* descriptor bits the decoder does not read, which isa_send_encode
    * therefore leaves 0 (see the case) */
   uint32_t dont_care;
};

#define G(a, b) ISA_GEN##a, ISA_GEN##b

static const struct expect cases[] = {
   /* Sampler: type 16:12, SIMD mode 18:17, sampler 11:8, BTI 7:0 */
   { G(7, 12), ISA_SFID_SAMPLER, LEN(4, 8) | 2u << 12 | 2u << 17 | 1u << 8 | 3,
     0, ISA_MSG_SAMPLER, "(sampler sample_l, surface 3, sampler 1, SIMD16)",
     .simd = 16, .bti = 3 },
   { G(7, 12), ISA_SFID_SAMPLER, LEN(2, 4) | 7u << 12 | 1u << 17 | 5, 0,
     ISA_MSG_SAMPLER, "sampler ld, surface 5, sampler 0, SIMD8", .simd = 8 },
   { G(7, 12), ISA_SFID_SAMPLER, LEN(1, 4) | 10u << 12 | 0u << 17, 0,
     ISA_MSG_SAMPLER, "sampler resinfo", .simd = 4 },
   { G(9, 12), ISA_SFID_SAMPLER, LEN(3, 8) | 24u << 12 | 2u << 17, 0,
     ISA_MSG_SAMPLER, "sampler sample_lz", .simd = 16 },
   /* SIMD mode bit 29 (Gen8+) with 18:17 = 1: SIMD8H, 16-bit payloads */
   { G(8, 12), ISA_SFID_SAMPLER, LEN(2, 2) | 7u << 12 | 1u << 17 | 1u << 29, 0,
     ISA_MSG_SAMPLER, "sampler ld, surface 0, sampler 0, SIMD8H", .simd = 8,
     .half = true },

   /* Data port 1 (Haswell+) untyped atomic add on SLM: type 2, control =
    * op 3:0 | SIMD8 4 | return data 5, BTI 254 */
   { G(75, 12), ISA_SFID_DP_DATA1, LEN(2, 1) | DP(2, 7 | 1 << 4 | 1 << 5, 254),
     0, ISA_MSG_UNTYPED_ATOMIC, "(untyped atomic add, surface 254 SLM, SIMD8, return)",
     .atomic = ISA_ATOMIC_ADD, .simd = 8, .bti = 254, .returns = true },
   /* Ivybridge: untyped messages on data port 0 (type 6) */
   { G(7, 7), ISA_SFID_DP_DATA, LEN(2, 0) | DP(6, 12, 2), 0,
     ISA_MSG_UNTYPED_ATOMIC, "untyped atomic umax, surface 2, SIMD16",
     .atomic = ISA_ATOMIC_UMAX, .simd = 16 },
   /* ... which Haswell data port 0 does not have */
   { G(75, 12), ISA_SFID_DP_DATA, LEN(2, 0) | DP(6, 12, 2), 0,
     ISA_MSG_UNKNOWN, "unknown message" },
   /* untyped surface read, RG enabled (BA masked off), SIMD8 (mode 2) */
   { G(75, 12), ISA_SFID_DP_DATA1, LEN(1, 2) | DP(1, 0xc | 2 << 4, 7), 0,
     ISA_MSG_UNTYPED_READ, "(untyped surface read, surface 7, RG, SIMD8)",
     .channel_mask = 3, .simd = 8, .bti = 7 },
   { G(7, 7), ISA_SFID_DP_DATA, LEN(3, 0) | DP(13, 0xe | 1 << 4, 1), 0,
     ISA_MSG_UNTYPED_WRITE, "untyped surface write, surface 1, R, SIMD16",
     .channel_mask = 1, .simd = 16, .write = true },
   { G(75, 12), ISA_SFID_DP_DATA1, LEN(3, 0) | DP(9, 0x0 | 2 << 4, 1), 0,
     ISA_MSG_UNTYPED_WRITE, "untyped surface write, surface 1, RGBA, SIMD8",
     .channel_mask = 0xf, .write = true },
   /* typed: render cache on Gen7–8, data port 1 from Haswell */
   { G(7, 8), ISA_SFID_DP_RENDER, LEN(5, 0) | DP(13, 0xe, 4), 0,
     ISA_MSG_TYPED_WRITE, "typed surface write, surface 4, R", .write = true },
   { G(75, 12), ISA_SFID_DP_DATA1, LEN(5, 0) | DP(13, 0x0 | 2 << 4, 4), 0,
     ISA_MSG_TYPED_WRITE, "typed surface write, surface 4, RGBA, SIMD8 hi",
     .hi = true },
   { G(75, 12), ISA_SFID_DP_DATA1, LEN(2, 1) | DP(6, 14 | 1 << 5, 4), 0,
     ISA_MSG_TYPED_ATOMIC, "typed atomic cmpwr", .atomic = ISA_ATOMIC_CMPWR,
     .returns = true },
   { G(9, 12), ISA_SFID_DP_DATA1, LEN(2, 1) | DP(0x1b, 4 | 1 << 4 | 1 << 5, 254),
     0, ISA_MSG_UNTYPED_ATOMIC_FLOAT, "untyped atomic float fadd, surface 254 SLM",
     .atomic = ISA_ATOMIC_FADD },
   /* A64 (stateless, BTI 253): untyped write RGBA SIMD8, atomic inc 64-bit,
    * scattered read of dwords, oword block read */
   { G(8, 12), ISA_SFID_DP_DATA1, LEN(6, 0) | DP(0x19, 2 << 4, 253), 0,
     ISA_MSG_A64_UNTYPED_WRITE, "(a64 untyped surface write, RGBA, SIMD8)",
     .write = true },
   { G(8, 12), ISA_SFID_DP_DATA1, LEN(2, 2) | DP(0x12, 5 | 1 << 4 | 1 << 5, 253),
     0, ISA_MSG_A64_UNTYPED_ATOMIC, "a64 untyped atomic inc",
     .atomic = ISA_ATOMIC_INC, .elem_bytes = 8 },
   { G(9, 12), ISA_SFID_DP_DATA1, LEN(4, 2) | DP(0x10, 1 | 1 << 4, 253), 0,
     ISA_MSG_A64_SCATTERED_READ, "a64 scattered read, SIMD16, 4-byte",
     .elem_bytes = 4, .simd = 16 },
   { G(9, 12), ISA_SFID_DP_DATA1, LEN(1, 1) | DP(0x14, 3, 253), 0,
     ISA_MSG_A64_OWORD_BLOCK_READ, "a64 oword block read, 4 owords",
     .blocks = 4 },
   /* A64 scattered subtypes (control 1:0 byte/dword/qword, count 3:2):
    * two dwords, one qword, two bytes; an A64 block read with control
    * 4:3 = 1, DWord-aligned */
   { G(9, 12), ISA_SFID_DP_DATA1, LEN(2, 2) | DP(0x10, 1 | 1 << 2, 253), 0,
     ISA_MSG_A64_SCATTERED_READ, "a64 scattered read, SIMD8, 8-byte",
     .elem_bytes = 8, .elem_count = 2, .simd = 8 },
   { G(9, 12), ISA_SFID_DP_DATA1, LEN(2, 2) | DP(0x10, 2, 253), 0,
     ISA_MSG_A64_SCATTERED_READ, "a64 scattered read, SIMD8, 8-byte",
     .elem_bytes = 8, .elem_count = 1 },
   { G(8, 12), ISA_SFID_DP_DATA1, LEN(3, 0) | DP(0x1a, 1 << 2, 253), 0,
     ISA_MSG_A64_SCATTERED_WRITE, "a64 scattered write, SIMD8, 2-byte",
     .elem_bytes = 2, .elem_count = 1, .write = true },
   { G(9, 12), ISA_SFID_DP_DATA1, LEN(1, 1) | HEADER | DP(0x14, 3 | 1 << 3, 253), 0,
     ISA_MSG_A64_OWORD_BLOCK_READ, "a64 oword block read, 4 owords",
     .blocks = 4, .unaligned = true },
   /* data port 0 unaligned block read (type 1): a byte offset */
   { G(7, 12), ISA_SFID_DP_DATA, LEN(1, 1) | HEADER | DP(1, 2, 5), 0,
     ISA_MSG_UNALIGNED_OWORD_BLOCK_READ, "unaligned oword block read, surface 5, 2 owords",
     .blocks = 2, .unaligned = true },
   /* ... which Haswell does not have: its message type is bits 17:14, so
    * the A64 write's type (0x19) reads as untyped surface write (9) */
   { G(75, 75), ISA_SFID_DP_DATA1, LEN(6, 0) | DP(0x19, 2 << 4, 253), 0,
     ISA_MSG_UNTYPED_WRITE, "(untyped surface write, surface 253, RGBA, SIMD8)",
     .write = true, .dont_care = 1u << 18 /* above Haswell's type field */ },
   /* data port 0: byte scattered read of dwords (data size 2 at 3:2),
    * SIMD16; dword scattered write SIMD8; oword block read of 8 owords;
    * memory fence with commit */
   { G(7, 12), ISA_SFID_DP_DATA, LEN(2, 2) | DP(4, 1 | 2 << 2, 9), 0,
     ISA_MSG_BYTE_SCATTERED_READ, "(byte scattered read, surface 9, SIMD16, 4-byte)",
     .simd = 16, .elem_bytes = 4 },
   { G(7, 12), ISA_SFID_DP_DATA, LEN(2, 0) | DP(11, 2, 255), 0,
     ISA_MSG_DWORD_SCATTERED_WRITE, "dword scattered write, surface 255 stateless, SIMD8",
     .write = true, .bti = 255, .elem_bytes = 4, .elem_count = 1 },
   /* dword scattered read, block size 3 (16 DWords: SIMD16), from the
    * constant cache too */
   { G(7, 12), ISA_SFID_DP_CONST, LEN(2, 2) | HEADER | DP(3, 3, 6), 0,
     ISA_MSG_DWORD_SCATTERED_READ, "dword scattered read, surface 6, SIMD16, 4-byte",
     .simd = 16, .elem_bytes = 4, .elem_count = 1 },
   { G(7, 12), ISA_SFID_DP_DATA, LEN(1, 4) | HEADER | DP(0, 4, 254), 0,
     ISA_MSG_OWORD_BLOCK_READ, "(oword block read, surface 254 SLM, 8 owords)",
     .blocks = 8 },
   { G(7, 12), ISA_SFID_DP_DATA, LEN(1, 1) | HEADER | DP(7, 1 << 5, 0), 0,
     ISA_MSG_MEMORY_FENCE, "memory fence, surface 0, commit", .returns = true },
   /* constant cache: oword block read of 2 owords */
   { G(7, 12), ISA_SFID_DP_CONST, LEN(1, 1) | HEADER | DP(0, 2, 3), 0,
     ISA_MSG_OWORD_BLOCK_READ, "oword block read, surface 3, 2 owords" },
   /* scratch: category bit 18, write 17, block size 13:12 (Gen7: regs - 1,
    * Gen8+: log2 regs), offset 11:0 in HWords */
   { G(7, 75), ISA_SFID_DP_DATA, LEN(1, 4) | HEADER | 1u << 18 | 3u << 12 | 40,
     0, ISA_MSG_SCRATCH_READ, "(scratch block read, 4 regs, offset 40 hwords, owords)",
     .blocks = 4, .offset = 40 },
   { G(8, 12), ISA_SFID_DP_DATA, LEN(5, 0) | HEADER | 1u << 18 | 1u << 17 | 2u << 12 | 7,
     0, ISA_MSG_SCRATCH_WRITE, "scratch block write, 4 regs, offset 7 hwords",
     .blocks = 4, .offset = 7, .write = true },
   /* render target write: type 12, subtype 10:8 (4 = SIMD8), last RT 12 */
   { G(7, 12), ISA_SFID_DP_RENDER, LEN(4, 0) | DP(12, 4, 0) | 1u << 12, 0,
     ISA_MSG_RT_WRITE, "(RT write, surface 0, SIMD8, last RT)", .simd = 8,
     .last_rt = true, .write = true },
   { G(7, 12), ISA_SFID_DP_RENDER, LEN(8, 0) | HEADER | DP(12, 0, 1), 0,
     ISA_MSG_RT_WRITE, "(RT write, surface 1, SIMD16)", .simd = 16 },
   { G(7, 12), ISA_SFID_DP_RENDER, LEN(4, 0) | DP(12, 3, 0), 0,
     ISA_MSG_RT_WRITE, "RT write, surface 0, SIMD8", .simd = 8 },
   { G(9, 12), ISA_SFID_DP_RENDER, LEN(1, 4) | DP(13, 1, 0), 0,
     ISA_MSG_RT_READ, "(RT read, surface 0, SIMD8)" },
   /* URB Gen7: opcode 2:0, offset 13:3, per-slot 16 */
   { G(7, 75), ISA_SFID_URB, LEN(3, 0) | 0u | 2u << 3 | 1u << 16, 0,
     ISA_MSG_URB_WRITE_HWORD, "(urb write hword, offset 2, per-slot)",
     .offset = 2, .per_slot = true, .write = true },
   { G(7, 75), ISA_SFID_URB, LEN(1, 2) | HEADER | 2u | 1u << 3, 0,
     ISA_MSG_URB_READ_HWORD, "(urb read hword, offset 1)", .offset = 1 },
   /* URB Gen8+: opcode 3:0 (7 = SIMD8 write), offset 14:4, channel mask 15,
    * per-slot 17 */
   { G(8, 12), ISA_SFID_URB, LEN(5, 0) | 7u | 3u << 4 | 1u << 15 | 1u << 17, 0,
     ISA_MSG_URB_SIMD8_WRITE, "(urb simd8 write, offset 3, per-slot, masked)",
     .offset = 3, .per_slot = true, .masked = true, .write = true },
   { G(8, 12), ISA_SFID_URB, LEN(1, 4) | 8u | 5u << 4, 0,
     ISA_MSG_URB_SIMD8_READ, "(urb simd8 read, offset 5)", .offset = 5 },
   /* ... Gen7 has no SIMD8 URB messages: its opcode is 3 bits */
   { G(7, 75), ISA_SFID_URB, LEN(5, 0) | 7u, 0, ISA_MSG_UNKNOWN, "unknown" },
   /* message gateway: subfunction 2:0 (4 = barrier) */
   { G(7, 12), ISA_SFID_GATEWAY, LEN(1, 0) | 4u, 0, ISA_MSG_GATEWAY_BARRIER,
     "(gateway barrier)" },
   { G(7, 12), ISA_SFID_GATEWAY, LEN(1, 1) | 3u, 0,
     ISA_MSG_GATEWAY_TIMESTAMP, "gateway get timestamp" },
   /* pixel interpolator: type 13:12 (1 = sample), linear 14, SIMD16 16 */
   { G(7, 12), ISA_SFID_PIXEL_INTERP, LEN(1, 4) | 1u << 12 | 1u << 14 | 1u << 16 | 3,
     0, ISA_MSG_PI_SAMPLE, "(pi sample position, SIMD16, linear, data 0x03)",
     .simd = 16 },
   { G(7, 12), ISA_SFID_PIXEL_INTERP, LEN(1, 2) | 2u << 12, 0,
     ISA_MSG_PI_CENTROID, "(pi centroid, SIMD8, persp" },
   /* thread spawner end of thread: opcode 0, root thread, resource
    * select 1 (URB not dereferenced) */
   { G(7, 9), ISA_SFID_THREAD_SPAWNER, LEN(1, 0) | 0x10, 0,
     ISA_MSG_TS_END_THREAD, "(ts end of thread, root thread, URB not dereferenced)" },
   /* split-send extended message length: ex_desc 9:6 */
   { G(9, 12), ISA_SFID_DP_DATA1, LEN(1, 0) | DP(9, 0xe | 2 << 4, 1), 2u << 6,
     ISA_MSG_UNTYPED_WRITE, "untyped surface write" },
};

/* The decoded message must encode back to the case's words (isa_send.h:
 * isa_send_encode is the inverse of isa_send_decode). */
static const char *
reencode(enum isa_gen gen, const struct expect *e, const struct isa_send_msg *m)
{
   unsigned sfid;
   uint32_t desc, ex_desc;
   const char *why;
   if (!isa_send_encode(gen, m, &sfid, &desc, &ex_desc, &why))
      return why;
   if (sfid != e->sfid)
      return "re-encoded shared function";
   if (desc != (e->desc & ~e->dont_care))
      return "re-encoded descriptor";
   /* before split sends the extended descriptor carries nothing decoded */
   return ex_desc != (gen >= ISA_GEN9 ? e->ex_desc : 0) ?
          "re-encoded extended descriptor" : NULL;
}

int
main(void)
{
   int failures = 0, checked = 0;
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      const struct expect *e = &cases[i];
      for (unsigned g = e->first; g <= e->last; g++) {
         struct isa_send_msg m;
         char text[256];
         bool ok = isa_send_decode((enum isa_gen)g, e->sfid, e->desc,
                                   e->ex_desc, &m);
         isa_send_describe((enum isa_gen)g, e->sfid, e->desc, e->ex_desc,
                           text, sizeof(text));
         const char *bad =
            ok != (e->msg != ISA_MSG_UNKNOWN) ? "decode result" :
            m.msg != e->msg ? "message" :
            !strstr(text, e->text) ? "text" :
            m.mlen != (e->desc >> 25 & 0xf) ? "mlen" :
            m.rlen != (e->desc >> 20 & 0x1f) ? "rlen" :
            m.header != !!(e->desc & HEADER) ? "header" :
            m.ex_mlen != (g >= ISA_GEN9 ? e->ex_desc >> 6 & 0xf : 0) ? "ex_mlen" :
            (e->simd && m.simd != e->simd) ? "simd" :
            (e->bti && m.bti != e->bti) ? "bti" :
            (e->atomic && m.atomic != e->atomic) ? "atomic op" :
            (e->channel_mask && m.channel_mask != e->channel_mask) ? "channels" :
            (e->offset && m.offset != e->offset) ? "offset" :
            (e->blocks && m.blocks != e->blocks) ? "blocks" :
            (e->elem_bytes && m.elem_bytes != e->elem_bytes) ? "element size" :
            (e->elem_count && m.elem_count != e->elem_count) ? "element count" :
            m.unaligned != e->unaligned ? "unaligned" :
            m.half != e->half ? "half payload" :
            m.per_slot_offset != e->per_slot ? "per-slot" :
            (e->sfid == ISA_SFID_URB && g >= ISA_GEN8 &&
             m.channel_masked != e->masked) ? "masked" :
            m.last_rt != e->last_rt ? "last RT" :
            (e->returns && !m.returns_data) ? "returns data" :
            m.slot_group_hi != e->hi ? "slot group" :
            (e->write && !m.write) ? "write" : NULL;
         if (!bad && ok)
            bad = reencode((enum isa_gen)g, e, &m);
         checked++;
         if (bad) {
            fprintf(stderr, "case %u on %s: wrong %s: desc 0x%08x -> %s\n",
                    i, isa_gen_name((enum isa_gen)g), bad, e->desc, text);
            failures++;
         }
      }
   }
   printf("%d descriptor decodes (and re-encodes) checked, %d wrong\n",
          checked, failures);
   return failures ? 1 : 0;
}

/* Message descriptors: which message a send carries and its fields (see
 * isa_send.h).  Where each field lives (PRM Vol 2d "Message Descriptor"
 * for each shared function, per generation where one moved it) is in
 * isa_send_priv.h, which the encoder (isa_send_encode.c) shares; the
 * message-type tables and value tables here serve both directions. */
#include <stdarg.h>
#include <stdio.h>

#include "isa_send_priv.h"

static const char *const sfid_names[16] = {
   [ISA_SFID_NULL] = "null", [ISA_SFID_SAMPLER] = "sampler",
   [ISA_SFID_GATEWAY] = "gateway", [ISA_SFID_DP_SAMPLER] = "dp_sampler",
   [ISA_SFID_DP_RENDER] = "render", [ISA_SFID_URB] = "urb",
   [ISA_SFID_THREAD_SPAWNER] = "thread_spawner", [ISA_SFID_VME] = "vme",
   [ISA_SFID_DP_CONST] = "const", [ISA_SFID_DP_DATA] = "data",
   [ISA_SFID_PIXEL_INTERP] = "pixel_interp", [ISA_SFID_DP_DATA1] = "dp_data1",
   [ISA_SFID_CRE] = "cre", [1] = "sfid1", [14] = "sfid14", [15] = "sfid15",
};

const char *
isa_sfid_name(unsigned sfid)
{
   return sfid < 16 ? sfid_names[sfid] : "sfid?";
}

static const char *const msg_names[ISA_MSG_COUNT] = {
   [ISA_MSG_UNKNOWN] = "unknown message",
   [ISA_MSG_SAMPLER] = "sampler",
   [ISA_MSG_OWORD_BLOCK_READ] = "oword block read",
   [ISA_MSG_UNALIGNED_OWORD_BLOCK_READ] = "unaligned oword block read",
   [ISA_MSG_OWORD_DUAL_BLOCK_READ] = "oword dual block read",
   [ISA_MSG_OWORD_BLOCK_WRITE] = "oword block write",
   [ISA_MSG_OWORD_DUAL_BLOCK_WRITE] = "oword dual block write",
   [ISA_MSG_DWORD_SCATTERED_READ] = "dword scattered read",
   [ISA_MSG_DWORD_SCATTERED_WRITE] = "dword scattered write",
   [ISA_MSG_BYTE_SCATTERED_READ] = "byte scattered read",
   [ISA_MSG_BYTE_SCATTERED_WRITE] = "byte scattered write",
   [ISA_MSG_UNTYPED_READ] = "untyped surface read",
   [ISA_MSG_UNTYPED_WRITE] = "untyped surface write",
   [ISA_MSG_UNTYPED_ATOMIC] = "untyped atomic",
   [ISA_MSG_UNTYPED_ATOMIC_SIMD4X2] = "untyped atomic SIMD4x2",
   [ISA_MSG_UNTYPED_ATOMIC_FLOAT] = "untyped atomic float",
   [ISA_MSG_TYPED_READ] = "typed surface read",
   [ISA_MSG_TYPED_WRITE] = "typed surface write",
   [ISA_MSG_TYPED_ATOMIC] = "typed atomic",
   [ISA_MSG_TYPED_ATOMIC_SIMD4X2] = "typed atomic SIMD4x2",
   [ISA_MSG_ATOMIC_COUNTER] = "atomic counter",
   [ISA_MSG_ATOMIC_COUNTER_SIMD4X2] = "atomic counter SIMD4x2",
   [ISA_MSG_MEDIA_BLOCK_READ] = "media block read",
   [ISA_MSG_MEDIA_BLOCK_WRITE] = "media block write",
   [ISA_MSG_MEMORY_FENCE] = "memory fence",
   [ISA_MSG_SCRATCH_READ] = "scratch block read",
   [ISA_MSG_SCRATCH_WRITE] = "scratch block write",
   [ISA_MSG_A64_SCATTERED_READ] = "a64 scattered read",
   [ISA_MSG_A64_SCATTERED_WRITE] = "a64 scattered write",
   [ISA_MSG_A64_UNTYPED_READ] = "a64 untyped surface read",
   [ISA_MSG_A64_UNTYPED_WRITE] = "a64 untyped surface write",
   [ISA_MSG_A64_UNTYPED_ATOMIC] = "a64 untyped atomic",
   [ISA_MSG_A64_UNTYPED_ATOMIC_HALF] = "a64 untyped atomic half",
   [ISA_MSG_A64_UNTYPED_ATOMIC_FLOAT] = "a64 untyped atomic float",
   [ISA_MSG_A64_UNTYPED_ATOMIC_HALF_FLOAT] = "a64 untyped atomic half float",
   [ISA_MSG_A64_OWORD_BLOCK_READ] = "a64 oword block read",
   [ISA_MSG_A64_OWORD_BLOCK_WRITE] = "a64 oword block write",
   [ISA_MSG_RT_WRITE] = "RT write",
   [ISA_MSG_RT_READ] = "RT read",
   [ISA_MSG_URB_WRITE_HWORD] = "urb write hword",
   [ISA_MSG_URB_WRITE_OWORD] = "urb write oword",
   [ISA_MSG_URB_READ_HWORD] = "urb read hword",
   [ISA_MSG_URB_READ_OWORD] = "urb read oword",
   [ISA_MSG_URB_ATOMIC_MOV] = "urb atomic mov",
   [ISA_MSG_URB_ATOMIC_INC] = "urb atomic inc",
   [ISA_MSG_URB_ATOMIC_ADD] = "urb atomic add",
   [ISA_MSG_URB_SIMD8_WRITE] = "urb simd8 write",
   [ISA_MSG_URB_SIMD8_READ] = "urb simd8 read",
   [ISA_MSG_GATEWAY_OPEN] = "gateway open",
   [ISA_MSG_GATEWAY_CLOSE] = "gateway close",
   [ISA_MSG_GATEWAY_FORWARD] = "gateway forward msg",
   [ISA_MSG_GATEWAY_TIMESTAMP] = "gateway get timestamp",
   [ISA_MSG_GATEWAY_BARRIER] = "gateway barrier",
   [ISA_MSG_GATEWAY_UPDATE_STATE] = "gateway update state",
   [ISA_MSG_GATEWAY_MMIO] = "gateway mmio read/write",
   [ISA_MSG_PI_SHARED_OFFSET] = "pi shared offset",
   [ISA_MSG_PI_SAMPLE] = "pi sample position",
   [ISA_MSG_PI_CENTROID] = "pi centroid",
   [ISA_MSG_PI_PER_SLOT_OFFSET] = "pi per-slot offset",
   [ISA_MSG_TS_END_THREAD] = "ts end of thread",
   [ISA_MSG_TS_SPAWN_THREAD] = "ts spawn thread",
};

const char *
isa_msg_name(enum isa_msg msg)
{
   return msg < ISA_MSG_COUNT ? msg_names[msg] : msg_names[ISA_MSG_UNKNOWN];
}

static const char *const atomic_names[ISA_ATOMIC_COUNT] = {
   "none", "and", "or", "xor", "mov", "inc", "dec", "add", "sub", "revsub",
   "imax", "imin", "umax", "umin", "cmpwr", "predec",
   "fmax", "fmin", "fcmpwr", "fadd",
};

const char *
isa_atomic_op_name(enum isa_atomic_op op)
{
   return op < ISA_ATOMIC_COUNT ? atomic_names[op] : "?";
}

static const char *const sampler_msgs[32] = {
   [ISA_SAMPLER_SAMPLE] = "sample", [ISA_SAMPLER_SAMPLE_B] = "sample_b",
   [ISA_SAMPLER_SAMPLE_L] = "sample_l", [ISA_SAMPLER_SAMPLE_C] = "sample_c",
   [ISA_SAMPLER_SAMPLE_D] = "sample_d", [ISA_SAMPLER_SAMPLE_B_C] = "sample_b_c",
   [ISA_SAMPLER_SAMPLE_L_C] = "sample_l_c", [ISA_SAMPLER_LD] = "ld",
   [ISA_SAMPLER_GATHER4] = "gather4", [ISA_SAMPLER_LOD] = "lod",
   [ISA_SAMPLER_RESINFO] = "resinfo", [ISA_SAMPLER_SAMPLEINFO] = "sampleinfo",
   [ISA_SAMPLER_GATHER4_C] = "gather4_c", [ISA_SAMPLER_GATHER4_PO] = "gather4_po",
   [ISA_SAMPLER_GATHER4_PO_C] = "gather4_po_c",
   [ISA_SAMPLER_SAMPLE_D_C] = "sample_d_c", [ISA_SAMPLER_SAMPLE_LZ] = "sample_lz",
   [ISA_SAMPLER_SAMPLE_C_LZ] = "sample_c_lz", [ISA_SAMPLER_LD_LZ] = "ld_lz",
   [ISA_SAMPLER_LD2DMS_W] = "ld2dms_w", [ISA_SAMPLER_LD_MCS] = "ld_mcs",
   [ISA_SAMPLER_LD2DMS] = "ld2dms", [ISA_SAMPLER_LD2DSS] = "ld2dss",
};

const char *
isa_sampler_msg_name(unsigned type)
{
   return type < 32 && sampler_msgs[type] ? sampler_msgs[type] : "?";
}

/* Which message a data-port message type names, per shared function and
 * the generations that have it. */
struct dp_entry {
   uint8_t type, msg;
   uint8_t first, last;     /* enum isa_gen range */
};

#define ALL ISA_GEN7, ISA_GEN12
static const struct dp_entry dc0_msgs[] = {
   { 0, ISA_MSG_OWORD_BLOCK_READ, ALL },
   { 1, ISA_MSG_UNALIGNED_OWORD_BLOCK_READ, ALL },
   { 2, ISA_MSG_OWORD_DUAL_BLOCK_READ, ALL },
   { 3, ISA_MSG_DWORD_SCATTERED_READ, ALL },
   { 4, ISA_MSG_BYTE_SCATTERED_READ, ALL },
   { 7, ISA_MSG_MEMORY_FENCE, ALL },
   { 8, ISA_MSG_OWORD_BLOCK_WRITE, ALL },
   { 10, ISA_MSG_OWORD_DUAL_BLOCK_WRITE, ALL },
   { 11, ISA_MSG_DWORD_SCATTERED_WRITE, ALL },
   { 12, ISA_MSG_BYTE_SCATTERED_WRITE, ALL },
   /* Ivybridge only: Haswell moved untyped messages to data port 1 */
   { 5, ISA_MSG_UNTYPED_READ, ISA_GEN7, ISA_GEN7 },
   { 6, ISA_MSG_UNTYPED_ATOMIC, ISA_GEN7, ISA_GEN7 },
   { 13, ISA_MSG_UNTYPED_WRITE, ISA_GEN7, ISA_GEN7 },
};
static const struct dp_entry dc1_msgs[] = {
   { 1, ISA_MSG_UNTYPED_READ, ALL },
   { 2, ISA_MSG_UNTYPED_ATOMIC, ALL },
   { 3, ISA_MSG_UNTYPED_ATOMIC_SIMD4X2, ALL },
   { 4, ISA_MSG_MEDIA_BLOCK_READ, ALL },
   { 5, ISA_MSG_TYPED_READ, ALL },
   { 6, ISA_MSG_TYPED_ATOMIC, ALL },
   { 7, ISA_MSG_TYPED_ATOMIC_SIMD4X2, ALL },
   { 9, ISA_MSG_UNTYPED_WRITE, ALL },
   { 10, ISA_MSG_MEDIA_BLOCK_WRITE, ALL },
   { 11, ISA_MSG_ATOMIC_COUNTER, ALL },
   { 12, ISA_MSG_ATOMIC_COUNTER_SIMD4X2, ALL },
   { 13, ISA_MSG_TYPED_WRITE, ALL },
   { 0x11, ISA_MSG_A64_UNTYPED_READ, ISA_GEN8, ISA_GEN12 },
   { 0x12, ISA_MSG_A64_UNTYPED_ATOMIC, ISA_GEN8, ISA_GEN12 },
   { 0x19, ISA_MSG_A64_UNTYPED_WRITE, ISA_GEN8, ISA_GEN12 },
   { 0x1a, ISA_MSG_A64_SCATTERED_WRITE, ISA_GEN8, ISA_GEN12 },
   { 0x10, ISA_MSG_A64_SCATTERED_READ, ISA_GEN9, ISA_GEN12 },
   { 0x14, ISA_MSG_A64_OWORD_BLOCK_READ, ISA_GEN9, ISA_GEN12 },
   { 0x15, ISA_MSG_A64_OWORD_BLOCK_WRITE, ISA_GEN9, ISA_GEN12 },
   { 0x1b, ISA_MSG_UNTYPED_ATOMIC_FLOAT, ISA_GEN9, ISA_GEN12 },
   { 0x1d, ISA_MSG_A64_UNTYPED_ATOMIC_FLOAT, ISA_GEN9, ISA_GEN12 },
   { 0x13, ISA_MSG_A64_UNTYPED_ATOMIC_HALF, ISA_GEN12, ISA_GEN12 },
   { 0x1e, ISA_MSG_A64_UNTYPED_ATOMIC_HALF_FLOAT, ISA_GEN12, ISA_GEN12 },
};
static const struct dp_entry rc_msgs[] = {
   { 12, ISA_MSG_RT_WRITE, ALL },
   /* Gen7–8 keep typed surface messages on the render cache (Haswell
    * also has them on data port 1); Gen9 reuses type 13 for RT read. */
   { 4, ISA_MSG_MEDIA_BLOCK_READ, ISA_GEN7, ISA_GEN8 },
   { 5, ISA_MSG_TYPED_READ, ISA_GEN7, ISA_GEN8 },
   { 6, ISA_MSG_TYPED_ATOMIC, ISA_GEN7, ISA_GEN8 },
   { 7, ISA_MSG_MEMORY_FENCE, ISA_GEN7, ISA_GEN8 },
   { 10, ISA_MSG_MEDIA_BLOCK_WRITE, ISA_GEN7, ISA_GEN8 },
   { 13, ISA_MSG_TYPED_WRITE, ISA_GEN7, ISA_GEN8 },
   { 13, ISA_MSG_RT_READ, ISA_GEN9, ISA_GEN12 },
};
/* Constant and sampler caches: the read-only block and scattered reads,
 * numbered like data port 0's. */
static const struct dp_entry ro_msgs[] = {
   { 0, ISA_MSG_OWORD_BLOCK_READ, ALL },
   { 1, ISA_MSG_UNALIGNED_OWORD_BLOCK_READ, ALL },
   { 2, ISA_MSG_OWORD_DUAL_BLOCK_READ, ALL },
   { 3, ISA_MSG_DWORD_SCATTERED_READ, ALL },
};
#undef ALL

struct dp_table {
   const struct dp_entry *e;
   unsigned n;
};
#define DP_TABLE(t) ((struct dp_table){ t, sizeof(t) / sizeof((t)[0]) })

/* The message types of a data-port shared function on a generation (none
 * for data port 1 before Haswell). */
static struct dp_table
dp_table(enum isa_gen gen, unsigned sfid)
{
   switch (sfid) {
   case ISA_SFID_DP_DATA:
      return DP_TABLE(dc0_msgs);
   case ISA_SFID_DP_DATA1:
      return sd_has_dp_data1(gen) ? DP_TABLE(dc1_msgs)
                                  : (struct dp_table){ NULL, 0 };
   case ISA_SFID_DP_RENDER:
      return DP_TABLE(rc_msgs);
   case ISA_SFID_DP_CONST: case ISA_SFID_DP_SAMPLER:
      return DP_TABLE(ro_msgs);
   default:
      return (struct dp_table){ NULL, 0 };
   }
}

enum isa_msg
sd_dp_msg(enum isa_gen gen, unsigned sfid, unsigned type)
{
   struct dp_table t = dp_table(gen, sfid);
   for (unsigned i = 0; i < t.n; i++) {
      if (t.e[i].type == type && gen >= t.e[i].first && gen <= t.e[i].last)
         return (enum isa_msg)t.e[i].msg;
   }
   return ISA_MSG_UNKNOWN;
}

int
sd_dp_type_of(enum isa_gen gen, unsigned sfid, enum isa_msg msg)
{
   struct dp_table t = dp_table(gen, sfid);
   for (unsigned i = 0; i < t.n; i++) {
      if (t.e[i].msg == msg && gen >= t.e[i].first && gen <= t.e[i].last)
         return t.e[i].type;
   }
   return -1;
}

/* MDC_SM3: SIMD mode of untyped surface read/write. */
const uint8_t sd_untyped_simd[4] = { 4, 16, 8, 0 };
/* MDC_SM2 of render target writes (message subtype, bits 10:8). */
const uint8_t sd_rt_write_simd[8] = { 16, 16, 8, 8, 8, 8, 0, 16 };
/* Block sizes of OWord block messages (bits 2:0; 16 OWords from Gen12):
 * 0 and 1 are the low and the high OWord. */
const uint8_t sd_oword_blocks[8] = { 1, 1, 2, 4, 8, 16 };
/* OWord dual block: 0 one OWord, 2 four (1 and 3 reserved, read as one). */
const uint8_t sd_dual_blocks[4] = { 1, 1, 4, 1 };
/* DWord scattered block size: 2 = 8 DWords, 3 = 16; the reserved 0 and 1
 * read like 2 and 3 (the encoder looks from MDC_DWORD_BLOCK_FIRST). */
const uint8_t sd_dword_block_simd[4] = { 8, 16, 8, 16 };
/* A64 scattered subtypes: byte, DWord, QWord, HWord. */
const uint8_t sd_a64_subtype_bytes[4] = { 1, 4, 8, 32 };
/* Sampler SIMD mode (bits 18:17, bit 29 above them from Gen8). */
const uint8_t sd_sampler_simd[8] = { 4, 8, 16, 32, 0, 8, 16, 0 };
/* URB opcodes (Gen7 has the first six) */
const uint8_t sd_urb_ops[9] = {
   ISA_MSG_URB_WRITE_HWORD, ISA_MSG_URB_WRITE_OWORD, ISA_MSG_URB_READ_HWORD,
   ISA_MSG_URB_READ_OWORD, ISA_MSG_URB_ATOMIC_MOV, ISA_MSG_URB_ATOMIC_INC,
   ISA_MSG_URB_ATOMIC_ADD, ISA_MSG_URB_SIMD8_WRITE, ISA_MSG_URB_SIMD8_READ,
};

/* URB descriptors: Gen7 opcode 2:0 (no atomic add, no SIMD8 messages),
 * offset 13:3, swizzle 14, complete 15, per-slot offset 16; Gen8+ opcode
 * 3:0, offset 14:4, channel mask present 15, per-slot offset 17. */
static const struct sd_urb_layout urb_gen7 = {
   .op = SD(2, 0), .offset = SD(13, 3), .masked = SD(14, 14),
   .per_slot = SD(16, 16), .complete = SD(15, 15), .has_complete = true,
   .nops = 6,
};
static const struct sd_urb_layout urb_gen8 = {
   .op = SD(3, 0), .offset = SD(14, 4), .masked = SD(15, 15),
   .per_slot = SD(17, 17), .nops = 9,
};

const struct sd_urb_layout *
sd_urb_layout(enum isa_gen gen)
{
   return isa_gen_desc(gen)->urb_desc_gen8 ? &urb_gen8 : &urb_gen7;
}

/* Float atomic codes 1-4 are FMAX, FMIN, FCMPWR, FADD. */
enum isa_atomic_op
sd_atomic_op(unsigned code, bool is_float)
{
   if (!is_float)
      return (enum isa_atomic_op)code;
   if (code < 1 || code > 4)
      return ISA_ATOMIC_NONE;
   return (enum isa_atomic_op)(ISA_ATOMIC_FMAX + code - 1);
}

/* ISA_ATOMIC_NONE (the codes no operation has) has no code to build. */
int
sd_atomic_code(enum isa_atomic_op op, bool is_float)
{
   unsigned last = sd_max(is_float ? MDC_FAOP : MDC_AOP);
   for (unsigned code = 0; code <= last; code++) {
      if (op != ISA_ATOMIC_NONE && sd_atomic_op(code, is_float) == op)
         return (int)code;
   }
   return -1;
}

static void
set_atomic(struct isa_send_msg *m, struct sd_field code, bool is_float)
{
   m->atomic = sd_atomic_op(sd_get(m->ctrl, code), is_float);
   m->returns_data = sd_get(m->ctrl, MDC_RETURN);
}

static bool
is_a64_block(enum isa_msg msg)
{
   return msg == ISA_MSG_A64_OWORD_BLOCK_READ ||
          msg == ISA_MSG_A64_OWORD_BLOCK_WRITE;
}

static void
dp_block_fields(struct isa_send_msg *m)
{
   unsigned c = m->ctrl;
   switch (m->msg) {
   case ISA_MSG_OWORD_BLOCK_READ: case ISA_MSG_UNALIGNED_OWORD_BLOCK_READ:
   case ISA_MSG_OWORD_BLOCK_WRITE: case ISA_MSG_A64_OWORD_BLOCK_READ:
   case ISA_MSG_A64_OWORD_BLOCK_WRITE:
      m->blocks = sd_oword_blocks[sd_get(c, MDC_BLOCKS)];
      m->high_oword = sd_get(c, MDC_BLOCKS) == MDC_BLOCKS_HIGH_OWORD;
      m->unaligned = m->msg == ISA_MSG_UNALIGNED_OWORD_BLOCK_READ ||
                     (is_a64_block(m->msg) && sd_get(c, MDC_A64_ALIGN));
      break;
   case ISA_MSG_OWORD_DUAL_BLOCK_READ: case ISA_MSG_OWORD_DUAL_BLOCK_WRITE:
      m->blocks = sd_dual_blocks[sd_get(c, MDC_DUAL_BLOCKS)];
      break;
   default:
      break;
   }
}

static void
dp_scattered_fields(struct isa_send_msg *m)
{
   unsigned c = m->ctrl;
   switch (m->msg) {
   case ISA_MSG_DWORD_SCATTERED_READ: case ISA_MSG_DWORD_SCATTERED_WRITE:
      m->simd = sd_dword_block_simd[sd_get(c, MDC_DWORD_BLOCK)];
      m->elem_bytes = 4;
      m->elem_count = 1;
      break;
   case ISA_MSG_BYTE_SCATTERED_READ: case ISA_MSG_BYTE_SCATTERED_WRITE:
      m->simd = sd_get(c, MDC_SIMD16) ? 16 : 8;
      m->elem_bytes = 1u << sd_get(c, MDC_DATA_SIZE);
      m->elem_count = 1;
      break;
   case ISA_MSG_A64_SCATTERED_READ: case ISA_MSG_A64_SCATTERED_WRITE:
      m->simd = sd_get(c, MDC_A64_SIMD16) ? 16 : 8;
      sd_a64_elems(sd_get(c, MDC_A64_SUBTYPE), sd_get(c, MDC_A64_COUNT),
                   &m->elem_bytes, &m->elem_count);
      break;
   default:
      break;
   }
}

static void
dp_surface_fields(enum isa_gen gen, struct isa_send_msg *m)
{
   unsigned c = m->ctrl;
   switch (m->msg) {
   case ISA_MSG_UNTYPED_READ: case ISA_MSG_UNTYPED_WRITE:
   case ISA_MSG_A64_UNTYPED_READ: case ISA_MSG_A64_UNTYPED_WRITE:
      m->channel_mask = ~sd_get(c, MDC_CHANNELS_OFF) & sd_max(MDC_CHANNELS_OFF);
      m->simd = sd_untyped_simd[sd_get(c, MDC_SM3)];
      break;
   case ISA_MSG_TYPED_READ: case ISA_MSG_TYPED_WRITE:
      m->channel_mask = ~sd_get(c, MDC_CHANNELS_OFF) & sd_max(MDC_CHANNELS_OFF);
      if (sd_typed_has_sg3(gen)) {
         m->simd = sd_get(c, MDC_SG3) == SD_SG3_SIMD4X2 ? 4 : 8;
         m->slot_group_hi = sd_get(c, MDC_SG3) == SD_SG3_HI;
      } else {
         m->simd = 8;
         m->slot_group_hi = sd_get(c, MDC_SG_GEN7);
      }
      break;
   default:
      break;
   }
}

static void
dp_atomic_fields(struct isa_send_msg *m)
{
   unsigned c = m->ctrl;
   switch (m->msg) {
   case ISA_MSG_UNTYPED_ATOMIC: case ISA_MSG_ATOMIC_COUNTER:
   case ISA_MSG_UNTYPED_ATOMIC_FLOAT: {
      bool is_float = m->msg == ISA_MSG_UNTYPED_ATOMIC_FLOAT;
      set_atomic(m, is_float ? MDC_FAOP : MDC_AOP, is_float);
      m->simd = sd_get(c, MDC_ATOMIC_SIMD8) ? 8 : 16;
      break;
   }
   case ISA_MSG_UNTYPED_ATOMIC_SIMD4X2: case ISA_MSG_TYPED_ATOMIC_SIMD4X2:
   case ISA_MSG_ATOMIC_COUNTER_SIMD4X2:
      set_atomic(m, MDC_AOP, false);
      m->simd = 4;
      break;
   case ISA_MSG_TYPED_ATOMIC:
      set_atomic(m, MDC_AOP, false);
      m->simd = 8;
      m->slot_group_hi = sd_get(c, MDC_TYPED_ATOMIC_HI);
      break;
   case ISA_MSG_A64_UNTYPED_ATOMIC:
      set_atomic(m, MDC_AOP, false);
      m->elem_bytes = sd_get(c, MDC_A64_ATOMIC_64) ? 8 : 4;
      m->simd = 8;
      break;
   case ISA_MSG_A64_UNTYPED_ATOMIC_HALF:
      set_atomic(m, MDC_AOP, false);
      m->elem_bytes = 2;
      m->simd = 8;
      break;
   case ISA_MSG_A64_UNTYPED_ATOMIC_FLOAT:
   case ISA_MSG_A64_UNTYPED_ATOMIC_HALF_FLOAT:
      set_atomic(m, MDC_FAOP, true);
      m->elem_bytes = m->msg == ISA_MSG_A64_UNTYPED_ATOMIC_FLOAT ? 4 : 2;
      m->simd = 8;
      break;
   case ISA_MSG_MEMORY_FENCE:
      /* commit enable: the fence answers when done */
      m->returns_data = sd_get(c, MDC_RETURN);
      break;
   default:
      break;
   }
}

static bool
is_write(enum isa_msg msg)
{
   switch (msg) {
   case ISA_MSG_OWORD_BLOCK_WRITE: case ISA_MSG_OWORD_DUAL_BLOCK_WRITE:
   case ISA_MSG_DWORD_SCATTERED_WRITE: case ISA_MSG_BYTE_SCATTERED_WRITE:
   case ISA_MSG_UNTYPED_WRITE: case ISA_MSG_TYPED_WRITE:
   case ISA_MSG_MEDIA_BLOCK_WRITE: case ISA_MSG_SCRATCH_WRITE:
   case ISA_MSG_A64_SCATTERED_WRITE: case ISA_MSG_A64_UNTYPED_WRITE:
   case ISA_MSG_A64_OWORD_BLOCK_WRITE: case ISA_MSG_RT_WRITE:
   case ISA_MSG_URB_WRITE_HWORD: case ISA_MSG_URB_WRITE_OWORD:
   case ISA_MSG_URB_SIMD8_WRITE:
      return true;
   default:
      return false;
   }
}

/* Data port 0 scratch block messages: the category bit set. */
static void
decode_scratch(enum isa_gen gen, uint32_t desc, struct isa_send_msg *m)
{
   m->msg = sd_get(desc, SD_SCRATCH_WRITE) ? ISA_MSG_SCRATCH_WRITE
                                           : ISA_MSG_SCRATCH_READ;
   m->offset = sd_get(desc, SD_SCRATCH_OFFSET);
   unsigned bs = sd_get(desc, SD_SCRATCH_BLOCKS);
   m->blocks = sd_scratch_blocks_log2(gen) ? 1u << bs : bs + 1;
   m->elem_bytes = sd_get(desc, SD_SCRATCH_DWORD) ? 4 : 16;
}

static void
decode_dp(enum isa_gen gen, unsigned sfid, uint32_t desc,
          struct isa_send_msg *m)
{
   m->type = sd_get(desc, sfid == ISA_SFID_DP_RENDER ? SD_RC_TYPE
                                                     : sd_dp_type(gen));
   m->ctrl = sd_get(desc, SD_DP_CTRL);
   if (sfid == ISA_SFID_DP_DATA && sd_get(desc, SD_SCRATCH)) {
      decode_scratch(gen, desc, m);
      return;
   }
   m->msg = sd_dp_msg(gen, sfid, m->type);
   dp_block_fields(m);
   dp_scattered_fields(m);
   dp_surface_fields(gen, m);
   dp_atomic_fields(m);
}

static void
decode_render_target(enum isa_gen gen, uint32_t desc, struct isa_send_msg *m)
{
   m->slot_group_hi = sd_get(desc, SD_RT_SLOT_HI);
   if (m->msg == ISA_MSG_RT_READ) {
      m->simd = sd_get(desc, SD_RT_READ_SIMD8) ? 8 : 16;
      return;
   }
   m->ctrl = sd_get(desc, SD_RT_SUBTYPE);
   m->simd = sd_rt_write_simd[m->ctrl];
   m->last_rt = sd_get(desc, SD_RT_LAST);
   m->coarse = sd_has_coarse(gen) && sd_get(desc, SD_RT_COARSE);
}

static void
decode_sampler(enum isa_gen gen, uint32_t desc, struct isa_send_msg *m)
{
   m->msg = ISA_MSG_SAMPLER;
   m->type = sd_get(desc, SD_SMP_TYPE);
   m->sampler = sd_get(desc, SD_SMP_INDEX);
   unsigned mode = sd_get(desc, SD_SMP_SIMD);
   if (sd_has_sampler_simd_hi(gen))
      mode |= sd_get(desc, SD_SMP_SIMD_HI) << sd_width(SD_SMP_SIMD);
   m->ctrl = mode;
   m->simd = sd_sampler_simd[mode];
   m->half = sd_sampler_mode_half(mode);
}

static void
decode_urb(enum isa_gen gen, uint32_t desc, struct isa_send_msg *m)
{
   const struct sd_urb_layout *l = sd_urb_layout(gen);
   m->type = sd_get(desc, l->op);
   m->offset = sd_get(desc, l->offset);
   m->channel_masked = sd_get(desc, l->masked);
   m->per_slot_offset = sd_get(desc, l->per_slot);
   m->complete = l->has_complete && sd_get(desc, l->complete);
   m->msg = m->type < l->nops ? (enum isa_msg)sd_urb_ops[m->type]
                              : ISA_MSG_UNKNOWN;
}

static void
decode_pixel_interp(enum isa_gen gen, uint32_t desc, struct isa_send_msg *m)
{
   m->type = sd_get(desc, SD_PI_TYPE);
   m->msg = (enum isa_msg)(ISA_MSG_PI_SHARED_OFFSET + m->type);
   m->pi_data = sd_get(desc, SD_PI_DATA);
   m->slot_group_hi = sd_get(desc, SD_PI_SLOT_HI);
   m->nopersp = sd_get(desc, SD_PI_NOPERSP);
   m->coarse = sd_has_coarse(gen) && sd_get(desc, SD_PI_COARSE);
   m->simd = sd_get(desc, SD_PI_SIMD16) ? 16 : 8;
}

static void
decode_gateway(uint32_t desc, struct isa_send_msg *m)
{
   m->type = sd_get(desc, SD_GW_OP);
   m->msg = m->type < SD_GW_NOPS ?
            (enum isa_msg)(ISA_MSG_GATEWAY_OPEN + m->type) : ISA_MSG_UNKNOWN;
}

static void
decode_thread_spawner(uint32_t desc, struct isa_send_msg *m)
{
   m->type = sd_get(desc, SD_TS_OP);
   m->ctrl = sd_put(SD_TS_REQUEST, sd_get(desc, SD_TS_REQUEST)) |
             sd_put(SD_TS_RESOURCE, sd_get(desc, SD_TS_RESOURCE));
   m->msg = m->type ? ISA_MSG_TS_SPAWN_THREAD : ISA_MSG_TS_END_THREAD;
}

bool
isa_send_decode(enum isa_gen gen, unsigned sfid, uint32_t desc,
                uint32_t ex_desc, struct isa_send_msg *m)
{
   *m = (struct isa_send_msg){
      .sfid = sfid, .msg = ISA_MSG_UNKNOWN,
      .mlen = isa_desc_mlen(desc), .rlen = isa_desc_rlen(desc),
      .ex_mlen = gen >= ISA_GEN9 ? isa_exdesc_mlen(ex_desc) : 0,
      .header = isa_desc_header(desc), .bti = sd_get(desc, SD_BTI),
   };
   if (!isa_gen_desc(gen))
      return false;
   switch (sfid) {
   case ISA_SFID_SAMPLER:
      decode_sampler(gen, desc, m);
      break;
   case ISA_SFID_DP_DATA: case ISA_SFID_DP_DATA1: case ISA_SFID_DP_RENDER:
   case ISA_SFID_DP_CONST: case ISA_SFID_DP_SAMPLER:
      decode_dp(gen, sfid, desc, m);
      if (m->msg == ISA_MSG_RT_WRITE || m->msg == ISA_MSG_RT_READ)
         decode_render_target(gen, desc, m);
      break;
   case ISA_SFID_URB:
      decode_urb(gen, desc, m);
      break;
   case ISA_SFID_GATEWAY:
      decode_gateway(desc, m);
      break;
   case ISA_SFID_PIXEL_INTERP:
      decode_pixel_interp(gen, desc, m);
      break;
   case ISA_SFID_THREAD_SPAWNER:
      decode_thread_spawner(desc, m);
      break;
   default:
      break;
   }
   m->write = is_write(m->msg);
   return m->msg != ISA_MSG_UNKNOWN;
}

/* ---- text ---- */

struct text {
   char *buf;
   size_t size;
   int len;
};

static void __attribute__((format(printf, 2, 3)))
add(struct text *t, const char *f, ...)
{
   va_list ap;
   va_start(ap, f);
   size_t room = (size_t)t->len < t->size ? t->size - t->len : 0;
   int n = vsnprintf(room ? t->buf + t->len : NULL, room, f, ap);
   va_end(ap);
   t->len += n > 0 ? n : 0;
}

static bool
uses_surface(const struct isa_send_msg *m)
{
   return m->sfid == ISA_SFID_SAMPLER || m->sfid == ISA_SFID_DP_DATA ||
          m->sfid == ISA_SFID_DP_DATA1 || m->sfid == ISA_SFID_DP_RENDER ||
          m->sfid == ISA_SFID_DP_CONST || m->sfid == ISA_SFID_DP_SAMPLER;
}

static bool
is_a64(enum isa_msg msg)
{
   return msg >= ISA_MSG_A64_SCATTERED_READ &&
          msg <= ISA_MSG_A64_OWORD_BLOCK_WRITE;
}

static void
describe_surface(struct text *t, const struct isa_send_msg *m)
{
   if (!uses_surface(m) || is_a64(m->msg) ||
       m->msg == ISA_MSG_SCRATCH_READ || m->msg == ISA_MSG_SCRATCH_WRITE)
      return;
   add(t, ", surface %u%s", m->bti,
       m->bti == ISA_BTI_SLM && m->sfid != ISA_SFID_SAMPLER ? " SLM" :
       m->bti == ISA_BTI_STATELESS && m->sfid != ISA_SFID_SAMPLER ?
       " stateless" : "");
}

static void
describe_fields(struct text *t, const struct isa_send_msg *m)
{
   static const char rgba[4] = { 'R', 'G', 'B', 'A' };
   if (m->msg == ISA_MSG_SAMPLER)
      add(t, ", sampler %u", m->sampler);
   if (m->channel_mask) {
      add(t, ", ");
      for (unsigned i = 0; i < 4; i++)
         if (m->channel_mask & (1u << i))
            add(t, "%c", rgba[i]);
   }
   if (m->simd == 4)
      add(t, ", SIMD4x2");
   else if (m->simd)
      add(t, ", SIMD%u%s", m->simd, m->half ? "H" : "");
   if (m->slot_group_hi)
      add(t, " hi");
   if (m->elem_bytes && m->msg != ISA_MSG_SCRATCH_READ &&
       m->msg != ISA_MSG_SCRATCH_WRITE)
      add(t, ", %u-byte", m->elem_bytes);
   if (m->blocks && m->msg != ISA_MSG_SCRATCH_READ &&
       m->msg != ISA_MSG_SCRATCH_WRITE)
      add(t, ", %u oword%s%s", m->blocks, m->blocks > 1 ? "s" : "",
          m->high_oword ? " high" : "");
   if (m->returns_data)
      add(t, ", %s", m->msg == ISA_MSG_MEMORY_FENCE ? "commit" : "return");
}

static void
describe_special(struct text *t, const struct isa_send_msg *m)
{
   switch (m->msg) {
   case ISA_MSG_SCRATCH_READ: case ISA_MSG_SCRATCH_WRITE:
      add(t, ", %u reg%s, offset %u hwords, %s", m->blocks,
          m->blocks > 1 ? "s" : "", m->offset,
          m->elem_bytes == 4 ? "dwords" : "owords");
      break;
   case ISA_MSG_RT_WRITE:
      add(t, "%s%s", m->last_rt ? ", last RT" : "",
          m->coarse ? ", coarse" : "");
      break;
   case ISA_MSG_PI_SHARED_OFFSET: case ISA_MSG_PI_SAMPLE:
   case ISA_MSG_PI_CENTROID: case ISA_MSG_PI_PER_SLOT_OFFSET:
      add(t, ", %s, data 0x%02x%s", m->nopersp ? "linear" : "persp",
          m->pi_data, m->coarse ? ", coarse" : "");
      break;
   case ISA_MSG_TS_END_THREAD: case ISA_MSG_TS_SPAWN_THREAD:
      add(t, ", %s thread%s", m->ctrl & 2 ? "child" : "root",
          m->ctrl & 0x10 ? ", URB not dereferenced" : "");
      break;
   default:
      if (m->sfid == ISA_SFID_URB && m->msg != ISA_MSG_UNKNOWN)
         add(t, ", offset %u%s%s%s", m->offset,
             m->per_slot_offset ? ", per-slot" : "",
             !m->channel_masked ? "" :
             m->msg == ISA_MSG_URB_SIMD8_WRITE ||
             m->msg == ISA_MSG_URB_SIMD8_READ ? ", masked" : ", interleave",
             m->complete ? ", complete" : "");
      break;
   }
}

int
isa_send_describe(enum isa_gen gen, unsigned sfid, uint32_t desc,
                  uint32_t ex_desc, char *buf, size_t size)
{
   struct isa_send_msg m;
   struct text t = { buf, size, 0 };
   if (size)
      buf[0] = '\0';
   if (!isa_send_decode(gen, sfid, desc, ex_desc, &m)) {
      add(&t, "(%s type %u, desc 0x%08x)", isa_msg_name(m.msg), m.type, desc);
      return t.len;
   }
   add(&t, "(%s", isa_msg_name(m.msg));
   if (m.msg == ISA_MSG_SAMPLER)
      add(&t, " %s", isa_sampler_msg_name(m.type));
   if (m.atomic)
      add(&t, " %s", isa_atomic_op_name(m.atomic));
   describe_surface(&t, &m);
   describe_fields(&t, &m);
   describe_special(&t, &m);
   add(&t, ")");
   return t.len;
}

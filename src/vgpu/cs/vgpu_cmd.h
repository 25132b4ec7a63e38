/* Command header encoding shared by the command streamer and the capture
 * code: command types, MI opcodes and the length rule of each command
 * family (PRM Vol. 2a "Command Formats").  Packet field layouts beyond the
 * header come from genxml once it exists. */
#ifndef VGPU_CMD_H
#define VGPU_CMD_H

#include <stdint.h>

#define CMD_TYPE(dw) ((dw) >> 29)
#define CMD_TYPE_MI 0
#define CMD_TYPE_BLT 2
#define CMD_TYPE_GFX 3

#define MI_OPCODE(dw) (((dw) >> 23) & 0x3f)
enum {
   MI_OP_NOOP = 0x00,
   MI_OP_BATCH_BUFFER_END = 0x0a,
   MI_OP_PREDICATE = 0x0c,
   MI_OP_MATH = 0x1a,
   MI_OP_SEMAPHORE_WAIT = 0x1c,
   MI_OP_STORE_DATA_IMM = 0x20,
   MI_OP_LOAD_REGISTER_IMM = 0x22,
   MI_OP_STORE_REGISTER_MEM = 0x24,
   MI_OP_FLUSH_DW = 0x26,
   MI_OP_LOAD_REGISTER_MEM = 0x29,
   MI_OP_LOAD_REGISTER_REG = 0x2a,
   MI_OP_COPY_MEM_MEM = 0x2e,
   MI_OP_BATCH_BUFFER_START = 0x31,
   MI_OP_CONDITIONAL_BATCH_BUFFER_END = 0x36,
};
#define MI_BBS_SECOND_LEVEL (1u << 22)
#define MI_BBS_PREDICATION_ENABLE (1u << 15)   /* Gen8+ */
#define MI_SRM_PREDICATE_ENABLE (1u << 21)     /* Haswell+ */
/* Gen11+ register commands may name registers relative to the engine's
 * MMIO base ("Add CS MMIO Start Offset"); LRR has one bit per operand. */
#define MI_ADD_CS_MMIO_START (1u << 19)
#define MI_LRR_ADD_CS_MMIO_START_SRC (1u << 18)
#define RCS_MMIO_START 0x2000

/* GFX commands are named by type, subtype, opcode and sub-opcode: the top
 * 16 bits of the header. */
#define GFX_OPCODE_MASK 0xffff0000u
#define GFX_PIPE_CONTROL 0x7a000000u

/* Post-sync operations of PIPE_CONTROL and MI_FLUSH_DW. */
enum {
   POST_SYNC_NONE = 0,
   POST_SYNC_WRITE_IMMEDIATE = 1,
   POST_SYNC_WRITE_DEPTH_COUNT = 2,
   POST_SYNC_WRITE_TIMESTAMP = 3,
};

#define REG_PS_DEPTH_COUNT 0x2350   /* 64-bit: samples passing depth/stencil */
#define REG_TIMESTAMP 0x2358   /* render command streamer TIMESTAMP */
#define REG_PREDICATE_SRC0 0x2400   /* 64-bit */
#define REG_PREDICATE_SRC1 0x2408   /* 64-bit */
#define REG_PREDICATE_RESULT 0x2418
#define REG_CS_GPR(n) (0x2600 + 8 * (n))   /* 16 64-bit GPRs, Haswell+ */
#define REG_CS_INVOCATION_COUNT 0x2290   /* 64-bit pipeline statistic */

/* Length in dwords of the command starting with header dw, or -1 when the
 * header is not a valid command.  MI opcodes below 0x10 are single dwords;
 * GFX subtype 1 is the single-dword "non-pipelined" family, and two
 * commands of other subtypes (PIPELINE_SELECT of Gen4 and
 * 3DSTATE_VF_STATISTICS) are single dwords too.  Media commands count
 * 16 bits of length except GPGPU_WALKER, whose bits 15:8 hold flags
 * (Predicate Enable, Indirect Parameter Enable). */
static inline int
vgpu_cmd_length(uint32_t dw)
{
   const uint32_t len8 = (dw & 0xff) + 2, len16 = (dw & 0xffff) + 2;
   const uint32_t subtype = (dw >> 27) & 3, opcode = (dw >> 24) & 7;
   const uint32_t whole = dw >> 16;

   switch (CMD_TYPE(dw)) {
   case CMD_TYPE_MI:
      return MI_OPCODE(dw) < 0x10 ? 1 : (int)len8;
   case CMD_TYPE_BLT:
      return (int)len8;
   case CMD_TYPE_GFX:
      switch (subtype) {
      case 0:
         if (whole == 0x6104)
            return 1;
         return opcode < 2 ? (int)len8 : -1;
      case 1:
         return opcode < 2 ? 1 : -1;
      case 2:
         if (opcode == 0 || whole == 0x7105)
            return (int)len8;
         return opcode < 3 ? (int)len16 : -1;
      default:
         if (whole == 0x780b)
            return 1;
         return opcode < 4 ? (int)len8 : -1;
      }
   default:
      return -1;
   }
}

#endif

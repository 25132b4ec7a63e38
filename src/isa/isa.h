/* The Gen7–Gen12 EU instruction set: one in-memory form of an instruction,
 * and per-generation encode, decode (native 128-bit and compacted 64-bit),
 * disassembly and assembly.  The compiler encodes with it, vgpu decodes and
 * executes with it, the tools print with it.
 *
 * Facts come from the PRMs ("Volume 2a/2d: Command Reference — Instructions",
 * "Volume 4/7: Execution Unit ISA", "EU Instruction Compaction") and were
 * checked against the kernels Mesa's compiler emits (tests/isa). */
#ifndef ISA_ISA_H
#define ISA_ISA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Encodings, not products: Gen7.5 differs from Gen7 only in opcodes and
 * shared-function ids; Gen9 adds split sends to Gen8; Gen11 renumbers types
 * and drops Align16 three-source forms; Gen12 is a new layout. */
enum isa_gen {
   ISA_GEN7, ISA_GEN75, ISA_GEN8, ISA_GEN9, ISA_GEN11, ISA_GEN12,
   ISA_GEN_COUNT
};

/* Generation-independent opcode names; each generation maps its hardware
 * opcode numbers onto these (isa_tables_*.c). */
enum isa_op {
   ISA_OP_ILLEGAL,
   ISA_OP_MOV, ISA_OP_SEL, ISA_OP_MOVI, ISA_OP_NOT, ISA_OP_AND, ISA_OP_OR,
   ISA_OP_XOR, ISA_OP_SHR, ISA_OP_SHL, ISA_OP_DIM, ISA_OP_SMOV, ISA_OP_ASR,
   ISA_OP_ROR, ISA_OP_ROL, ISA_OP_CMP, ISA_OP_CMPN, ISA_OP_CSEL,
   ISA_OP_F32TO16, ISA_OP_F16TO32, ISA_OP_BFREV, ISA_OP_BFE, ISA_OP_BFI1,
   ISA_OP_BFI2, ISA_OP_JMPI, ISA_OP_BRD, ISA_OP_IF, ISA_OP_BRC, ISA_OP_ELSE,
   ISA_OP_ENDIF, ISA_OP_WHILE, ISA_OP_BREAK, ISA_OP_CONT, ISA_OP_HALT,
   ISA_OP_CALLA, ISA_OP_CALL, ISA_OP_RET, ISA_OP_GOTO, ISA_OP_JOIN,
   ISA_OP_WAIT, ISA_OP_SEND, ISA_OP_SENDC, ISA_OP_SENDS, ISA_OP_SENDSC,
   ISA_OP_MATH, ISA_OP_ADD, ISA_OP_MUL, ISA_OP_AVG, ISA_OP_FRC, ISA_OP_RNDU,
   ISA_OP_RNDD, ISA_OP_RNDE, ISA_OP_RNDZ, ISA_OP_MAC, ISA_OP_MACH,
   ISA_OP_LZD, ISA_OP_FBH, ISA_OP_FBL, ISA_OP_CBIT, ISA_OP_ADDC, ISA_OP_SUBB,
   ISA_OP_SAD2, ISA_OP_SADA2, ISA_OP_DP4, ISA_OP_DPH, ISA_OP_DP3, ISA_OP_DP2,
   ISA_OP_DP4A, ISA_OP_LINE, ISA_OP_PLN, ISA_OP_MAD, ISA_OP_LRP, ISA_OP_MADM,
   ISA_OP_NOP, ISA_OP_SYNC,
   ISA_OP_COUNT
};

/* How an opcode's operand fields are laid out. */
enum isa_form {
   ISA_FORM_BASIC,   /* dst, src0, src1 (src1 may hold the send descriptor) */
   ISA_FORM_3SRC,    /* dst, src0, src1, src2 */
   ISA_FORM_BRANCH,  /* JIP/UIP in place of the last source */
   ISA_FORM_SPLIT_SEND, /* sends (Gen9–11) and every send on Gen12 */
};

enum isa_type {
   ISA_TYPE_UD, ISA_TYPE_D, ISA_TYPE_UW, ISA_TYPE_W, ISA_TYPE_UB,
   ISA_TYPE_B, ISA_TYPE_UQ, ISA_TYPE_Q, ISA_TYPE_HF, ISA_TYPE_F,
   ISA_TYPE_DF, ISA_TYPE_NF,
   /* immediate-only packed vectors */
   ISA_TYPE_UV, ISA_TYPE_V, ISA_TYPE_VF,
   ISA_TYPE_COUNT,
   ISA_TYPE_INVALID = 0xff
};

enum isa_file { ISA_FILE_ARF, ISA_FILE_GRF, ISA_FILE_IMM };

/* Architecture register numbers (high nibble selects the register). */
enum isa_arf {
   ISA_ARF_NULL = 0x00, ISA_ARF_ADDRESS = 0x10, ISA_ARF_ACC = 0x20,
   ISA_ARF_FLAG = 0x30, ISA_ARF_MASK = 0x40, ISA_ARF_MASK_STACK = 0x50,
   ISA_ARF_MASK_STACK_DEPTH = 0x60, ISA_ARF_STATE = 0x70,
   ISA_ARF_CONTROL = 0x80, ISA_ARF_NOTIFICATION = 0x90, ISA_ARF_IP = 0xa0,
   ISA_ARF_TDR = 0xb0, ISA_ARF_TIMESTAMP = 0xc0,
};

enum isa_cmod {
   ISA_CMOD_NONE, ISA_CMOD_Z, ISA_CMOD_NZ, ISA_CMOD_G, ISA_CMOD_GE,
   ISA_CMOD_L, ISA_CMOD_LE, ISA_CMOD_R, ISA_CMOD_O, ISA_CMOD_U,
};

/* Shared function ids (Gen6+ numbering), the low nibble of the extended
 * message descriptor. */
enum isa_sfid {
   ISA_SFID_NULL = 0, ISA_SFID_SAMPLER = 2, ISA_SFID_GATEWAY = 3,
   ISA_SFID_DP_SAMPLER = 4, ISA_SFID_DP_RENDER = 5, ISA_SFID_URB = 6,
   ISA_SFID_THREAD_SPAWNER = 7, ISA_SFID_VME = 8, ISA_SFID_DP_CONST = 9,
   ISA_SFID_DP_DATA = 10, ISA_SFID_PIXEL_INTERP = 11, ISA_SFID_DP_DATA1 = 12,
   ISA_SFID_CRE = 13,
};

/* One register operand or immediate.  Regions and strides hold the encoded
 * field values (vstride 0..6 = 0,1,2,4,8,16,32, 15 = VxH; width 0..4 =
 * 1..16; hstride 0..3 = 0,1,2,4); subnr is in bytes. */
struct isa_reg {
   uint8_t file;        /* enum isa_file */
   uint8_t type;        /* enum isa_type */
   uint8_t nr;
   uint8_t subnr;
   uint8_t vstride, width, hstride;
   uint8_t swizzle;     /* Align16: 2 bits per channel, x in bits 1:0 */
   uint8_t writemask;   /* Align16 destination */
   bool negate, abs;
   bool indirect;       /* register-indirect: a0.addr_subnr + addr_imm */
   uint8_t addr_subnr;
   uint16_t addr_imm;   /* 10-bit two's complement, as encoded */
   bool rep_ctrl;       /* three-source Align16: replicate a scalar */
   uint8_t extra;       /* three-source Align16 Gen9: subregister LSB bit */
   uint64_t imm;        /* immediate bits (32 or 64) */
};

struct isa_inst {
   enum isa_op op;
   bool compacted;      /* decoded from / to be encoded as 64 bits */
   bool align16;
   uint8_t exec_size;   /* encoded: 1 << exec_size channels */
   uint8_t qtr_ctrl, nib_ctrl;
   bool mask_ctrl;      /* WE_all */
   uint8_t thread_ctrl; /* Gen7–11; Gen12: atomic control in bit 0 */
   bool no_dd_clear, no_dd_check;
   uint8_t pred_ctrl;
   bool pred_inv;
   uint8_t flag_nr, flag_subnr;
   uint8_t cond_mod;    /* also math function, sync function */
   bool saturate, debug, acc_wr; /* acc_wr doubles as BranchCtrl */
   uint8_t swsb;        /* Gen12 software scoreboard byte */
   uint8_t exec_type;   /* three-source Align1: 0 int, 1 float */
   struct isa_reg dst, src[3];
   /* branches: byte offsets (Gen8+) or 64-bit units (Gen7) as encoded */
   int32_t jip, uip;
   /* sends */
   uint8_t sfid;
   bool eot;
   uint32_t desc, ex_desc;
   bool desc_is_reg, ex_desc_is_reg;   /* descriptor in a0.0 / a0.n */
   uint8_t ex_desc_subnr;              /* n, mirrored in ex_desc's bits */
};

/* Fields every message descriptor shares (PRM Vol 2d "Message
 * Descriptor"): message and response lengths in GRFs, header present;
 * the extended descriptor's source-1 length of split sends. */
enum {
   ISA_DESC_MLEN_LO = 25, ISA_DESC_MLEN_MAX = 0xf,
   ISA_DESC_RLEN_LO = 20, ISA_DESC_RLEN_MAX = 0x1f,
   ISA_DESC_HEADER_LO = 19,
   ISA_EXDESC_MLEN_LO = 6, ISA_EXDESC_MLEN_MAX = 0x1f,
};
static inline unsigned isa_desc_mlen(uint32_t d)
{ return (d >> ISA_DESC_MLEN_LO) & ISA_DESC_MLEN_MAX; }
static inline unsigned isa_desc_rlen(uint32_t d)
{ return (d >> ISA_DESC_RLEN_LO) & ISA_DESC_RLEN_MAX; }
static inline bool isa_desc_header(uint32_t d)
{ return (d >> ISA_DESC_HEADER_LO) & 1; }
static inline unsigned isa_exdesc_mlen(uint32_t e)
{ return (e >> ISA_EXDESC_MLEN_LO) & ISA_EXDESC_MLEN_MAX; }
/* The same fields built (the caller checks the maxima above). */
static inline uint32_t isa_desc_lengths(unsigned mlen, unsigned rlen,
                                        bool header)
{
   return (uint32_t)mlen << ISA_DESC_MLEN_LO |
          (uint32_t)rlen << ISA_DESC_RLEN_LO |
          (uint32_t)header << ISA_DESC_HEADER_LO;
}
static inline uint32_t isa_exdesc_lengths(unsigned ex_mlen)
{ return (uint32_t)ex_mlen << ISA_EXDESC_MLEN_LO; }

struct isa_opcode_info {
   const char *name;
   uint8_t nsrc, ndst;
};

const struct isa_opcode_info *isa_opcode_info(enum isa_op op);
const char *isa_type_name(enum isa_type type);
unsigned isa_type_size(enum isa_type type);
enum isa_form isa_op_form(enum isa_gen gen, enum isa_op op);
/* Branches (ISA_FORM_BRANCH) that also have a UIP besides their JIP. */
bool isa_branch_has_uip(enum isa_gen gen, enum isa_op op);
/* ISA_GEN_COUNT when verx10 is not 70, 75, 80, 90, 110 or 120. */
enum isa_gen isa_gen_from_verx10(unsigned verx10);
/* The generation's GFX_VERx10; 0 for ISA_GEN_COUNT. */
unsigned isa_gen_verx10(enum isa_gen gen);
const char *isa_gen_name(enum isa_gen gen);

/* Decode one instruction at p (8 or 16 bytes readable from p; the
 * compaction bit says which).  Returns the instruction's size in bytes, or 0
 * when the bits are not a valid encoding (unknown opcode, reserved value,
 * reserved bits set). */
unsigned isa_decode(enum isa_gen gen, const void *p, size_t avail,
                    struct isa_inst *out);

/* Encode natively (16 bytes) or, when inst->compacted, compacted (8
 * bytes).  Returns the size written, 0 when the instruction cannot be
 * encoded as asked. */
unsigned isa_encode(enum isa_gen gen, const struct isa_inst *inst,
                    uint8_t out[16]);

/* Re-encodes a whole kernel with every instruction that has a compacted
 * form compacted (compact) or all of them native (!compact), moving the
 * JIP/UIP of IF/ELSE/ENDIF/WHILE/BREAK/CONT/HALT/BRD/BRC/CALL/GOTO/JOIN and
 * JMPI's immediate offset along (RET and register jumps need nothing).  Returns the new size,
 * 0 when the kernel does not decode or does not fit out. */
size_t isa_kernel_set_compaction(enum isa_gen gen, const void *code,
                                 size_t size, bool compact, uint8_t *out,
                                 size_t out_size);

/* Size of the kernel at code: its bytes up to and including the first send
 * with EOT.  0 when an instruction before it does not decode or no such
 * send lies within avail bytes. */
size_t isa_kernel_size(enum isa_gen gen, const void *code, size_t avail);

/* Bit-level compaction between the 128-bit and the 64-bit form. */
bool isa_compact(enum isa_gen gen, const uint64_t native[2], uint64_t *cmp);
bool isa_uncompact(enum isa_gen gen, uint64_t cmp, uint64_t native[2]);

/* Text form (one instruction, no trailing newline in the first line; a send
 * gets a second, commented line naming the message).  Returns the length
 * written (like snprintf). */
int isa_disasm_inst(enum isa_gen gen, const struct isa_inst *inst,
                    char *buf, size_t size);
/* Disassemble a whole kernel; returns the number of instructions, or -1 at
 * the first undecodable one (after printing what came before). */
int isa_disasm_kernel(enum isa_gen gen, const void *code, size_t size,
                      FILE *out);

/* Fills the operand fields an instruction's text form does not show
 * (branch operands, the null source 1 of one-source instructions and its
 * type) with the values the assembler gives them: code generators build
 * the fields they mean and let this fill in the rest. */
void isa_implicit_operands(enum isa_gen gen, struct isa_inst *in);

/* Parse one instruction in the disassembler's text form (the first line;
 * comments after "//" are ignored).  Returns false with a message in err. */
bool isa_asm_inst(enum isa_gen gen, const char *text, struct isa_inst *out,
                  char *err, size_t err_size);

/* Assemble a kernel written in the text form (one instruction per line, a
 * send's message line after it; "//" comment lines allowed).  Returns its
 * size in bytes, 0 with "line N: ..." in err. */
size_t isa_asm_kernel(enum isa_gen gen, const char *text, uint8_t *out,
                      size_t size, char *err, size_t err_size);

#endif

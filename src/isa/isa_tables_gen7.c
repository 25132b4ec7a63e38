/* Gen7 (Ivy Bridge) and Gen7.5 (Haswell) native and compacted instruction
 * layouts: PRM Vol 4 part 3 "Instruction Set Reference" (native format,
 * 128 bits) and "EU Compact Instruction Format".  Gen7 differs from Gen8 in
 * where the flag register, register files and types sit, and has no
 * 64-bit immediates. */
#include "isa_priv.h"
#include "isa_table_macros.h"

static const struct isa_piece gen7_hdr[] = {
   P(OPCODE, 6, 0), P(ACCESS, 8, 8), P(MASK, 9, 9), P(NODDCLR, 10, 10),
   P(NODDCHK, 11, 11), P(QTR, 13, 12), P(THREAD, 15, 14), P(PRED, 19, 16),
   P(PREDINV, 20, 20), P(EXECSIZE, 23, 21), P(ACCWR, 28, 28),
   P(CMPT, 29, 29), P(DEBUG, 30, 30), P(SAT, 31, 31), P(NIB, 47, 47),
   P(FLAGSUB, 89, 89), P(FLAGNR, 90, 90),
};
/* Three-source instructions keep the flag register in DW1. */
static const struct isa_piece gen7_hdr3[] = {
   P(OPCODE, 6, 0), P(ACCESS, 8, 8), P(MASK, 9, 9), P(NODDCLR, 10, 10),
   P(NODDCHK, 11, 11), P(QTR, 13, 12), P(THREAD, 15, 14), P(PRED, 19, 16),
   P(PREDINV, 20, 20), P(EXECSIZE, 23, 21), P(ACCWR, 28, 28),
   P(CMPT, 29, 29), P(DEBUG, 30, 30), P(SAT, 31, 31), P(FLAGSUB, 33, 33),
   P(FLAGNR, 34, 34), P(NIB, 47, 47),
};
static const struct isa_piece gen7_cmod[] = { P(CMOD, 27, 24) };

static const struct isa_piece gen7_dst_a1[] = {
   P(DST_FILE, 33, 32), P(DST_TYPE, 36, 34), P(DST_SUB, 52, 48),
   P(DST_NR, 60, 53), P(DST_HS, 62, 61), P(DST_AMODE, 63, 63),
};
static const struct isa_piece gen7_dst_a1_ind[] = {
   P(DST_FILE, 33, 32), P(DST_TYPE, 36, 34), P(DST_IAIMM, 57, 48),
   P(DST_IASUB, 60, 58), P(DST_HS, 62, 61), P(DST_AMODE, 63, 63),
};
static const struct isa_piece gen7_dst_a16[] = {
   P(DST_FILE, 33, 32), P(DST_TYPE, 36, 34), P(DST_WMASK, 51, 48),
   P(DST_SUB16, 52, 52), P(DST_NR, 60, 53), P(DST_HS, 62, 61),
   P(DST_AMODE, 63, 63),
};
static const struct isa_piece gen7_s0_a1[] = { SRC_A1(0, 38, 37, 41, 39, 64) };
static const struct isa_piece gen7_s1_a1[] = { SRC_A1(1, 43, 42, 46, 44, 96) };
static const struct isa_piece gen7_s0_a1_ind[] = {
   P(S0_FILE, 38, 37), P(S0_TYPE, 41, 39), P(S0_IAIMM, 73, 64),
   P(S0_IASUB, 76, 74), P(S0_ABS, 77, 77), P(S0_NEG, 78, 78),
   P(S0_AMODE, 79, 79), P(S0_HS, 81, 80), P(S0_W, 84, 82), P(S0_VS, 88, 85),
};
static const struct isa_piece gen7_s1_a1_ind[] = {
   P(S1_FILE, 43, 42), P(S1_TYPE, 46, 44), P(S1_IAIMM, 105, 96),
   P(S1_IASUB, 108, 106), P(S1_ABS, 109, 109), P(S1_NEG, 110, 110),
   P(S1_AMODE, 111, 111), P(S1_HS, 113, 112), P(S1_W, 116, 114),
   P(S1_VS, 120, 117),
};
static const struct isa_piece gen7_s0_a16[] = {
   P(S0_FILE, 38, 37), P(S0_TYPE, 41, 39), P(S0_SWZ, 83, 80),
   P(S0_SWZ, 67, 64), P(S0_SUB16, 68, 68), P(S0_NR, 76, 69),
   P(S0_ABS, 77, 77), P(S0_NEG, 78, 78), P(S0_AMODE, 79, 79),
   P(S0_VS, 88, 85),
};
static const struct isa_piece gen7_s1_a16[] = {
   P(S1_FILE, 43, 42), P(S1_TYPE, 46, 44), P(S1_SWZ, 115, 112),
   P(S1_SWZ, 99, 96), P(S1_SUB16, 100, 100), P(S1_NR, 108, 101),
   P(S1_ABS, 109, 109), P(S1_NEG, 110, 110), P(S1_AMODE, 111, 111),
   P(S1_VS, 120, 117),
};
/* Align16 register-indirect: AddrImm[9:4] (16-byte aligned) where the
 * direct form has its register number, the writemask or swizzle kept. */
static const struct isa_piece gen7_dst_a16_ind[] = {
   P(DST_FILE, 33, 32), P(DST_TYPE, 36, 34), P(DST_WMASK, 51, 48),
   P(DST_IAIMM, 57, 52), { F_DST_IAIMM, GAP, 4 }, P(DST_IASUB, 60, 58),
   P(DST_HS, 62, 61), P(DST_AMODE, 63, 63),
};
static const struct isa_piece gen7_s0_a16_ind[] = {
   P(S0_FILE, 38, 37), P(S0_TYPE, 41, 39), P(S0_SWZ, 83, 80),
   P(S0_SWZ, 67, 64), P(S0_IAIMM, 73, 68), { F_S0_IAIMM, GAP, 4 },
   P(S0_IASUB, 76, 74), P(S0_ABS, 77, 77), P(S0_NEG, 78, 78),
   P(S0_AMODE, 79, 79), P(S0_VS, 88, 85),
};
static const struct isa_piece gen7_s1_a16_ind[] = {
   P(S1_FILE, 43, 42), P(S1_TYPE, 46, 44), P(S1_SWZ, 115, 112),
   P(S1_SWZ, 99, 96), P(S1_IAIMM, 105, 100), { F_S1_IAIMM, GAP, 4 },
   P(S1_IASUB, 108, 106), P(S1_ABS, 109, 109), P(S1_NEG, 110, 110),
   P(S1_AMODE, 111, 111), P(S1_VS, 120, 117),
};
static const struct isa_piece gen7_s0_imm32[] = {
   P(S0_FILE, 38, 37), P(S0_TYPE, 41, 39), P(S0_IMM, 127, 96),
};
static const struct isa_piece gen7_s1_imm32[] = {
   P(S1_FILE, 43, 42), P(S1_TYPE, 46, 44), P(S1_IMM, 127, 96),
};
static const struct isa_piece gen7_s1_type[] = {
   P(S1_FILE, 43, 42), P(S1_TYPE, 46, 44),
};
/* Gen7 jumps: 16-bit counts of 64-bit units in the src1 immediate. */
static const struct isa_piece gen7_branch[] = {
   P(UIP, 127, 112), P(JIP, 111, 96),
};
static const struct isa_piece gen7_3src_a16[] = {
   P(S0_ABS, 36, 36), P(S0_NEG, 37, 37), P(S1_ABS, 38, 38),
   P(S1_NEG, 39, 39), P(S2_ABS, 40, 40), P(S2_NEG, 41, 41),
   P(T_SRCTYPE, 43, 42), P(DST_TYPE, 45, 44), P(DST_WMASK, 52, 49),
   P(DST_SUB, 55, 53), P(DST_NR, 63, 56),
   SRC3_A16(0, 64), SRC3_A16(1, 85), SRC3_A16(2, 106),
};
static const struct isa_piece gen7_probe[] = {
   P(ACCESS, 8, 8), P(DST_AMODE, 63, 63), P(S0_FILE, 38, 37),
   P(S0_TYPE, 41, 39), P(S0_AMODE, 79, 79), P(S1_FILE, 43, 42),
   P(S1_AMODE, 111, 111),
};
static const struct isa_piece gen7_probe3[] = { P(ACCESS, 8, 8) };

#define GEN7_OPS                                                            \
   { ISA_OP_MOV, 1 }, { ISA_OP_SEL, 2 }, { ISA_OP_MOVI, 3 }, { ISA_OP_NOT, 4 }, \
   { ISA_OP_AND, 5 }, { ISA_OP_OR, 6 }, { ISA_OP_XOR, 7 }, { ISA_OP_SHR, 8 }, \
   { ISA_OP_SHL, 9 }, { ISA_OP_ASR, 12 }, { ISA_OP_CMP, 16 },               \
   { ISA_OP_CMPN, 17 }, { ISA_OP_F32TO16, 19 }, { ISA_OP_F16TO32, 20 },     \
   { ISA_OP_BFREV, 23 }, { ISA_OP_BFE, 24 }, { ISA_OP_BFI1, 25 },           \
   { ISA_OP_BFI2, 26 }, { ISA_OP_JMPI, 32 }, { ISA_OP_BRD, 33 },            \
   { ISA_OP_IF, 34 }, { ISA_OP_BRC, 35 }, { ISA_OP_ELSE, 36 },              \
   { ISA_OP_ENDIF, 37 }, { ISA_OP_WHILE, 39 }, { ISA_OP_BREAK, 40 },        \
   { ISA_OP_CONT, 41 }, { ISA_OP_HALT, 42 }, { ISA_OP_CALL, 44 },           \
   { ISA_OP_RET, 45 }, { ISA_OP_WAIT, 48 }, { ISA_OP_SEND, 49 },            \
   { ISA_OP_SENDC, 50 }, { ISA_OP_MATH, 56 }, { ISA_OP_ADD, 64 },           \
   { ISA_OP_MUL, 65 }, { ISA_OP_AVG, 66 }, { ISA_OP_FRC, 67 },              \
   { ISA_OP_RNDU, 68 }, { ISA_OP_RNDD, 69 }, { ISA_OP_RNDE, 70 },           \
   { ISA_OP_RNDZ, 71 }, { ISA_OP_MAC, 72 }, { ISA_OP_MACH, 73 },            \
   { ISA_OP_LZD, 74 }, { ISA_OP_FBH, 75 }, { ISA_OP_FBL, 76 },              \
   { ISA_OP_CBIT, 77 }, { ISA_OP_ADDC, 78 }, { ISA_OP_SUBB, 79 },           \
   { ISA_OP_SAD2, 80 }, { ISA_OP_SADA2, 81 }, { ISA_OP_DP4, 84 },           \
   { ISA_OP_DPH, 85 }, { ISA_OP_DP3, 86 }, { ISA_OP_DP2, 87 },              \
   { ISA_OP_LINE, 89 }, { ISA_OP_PLN, 90 }, { ISA_OP_MAD, 91 },             \
   { ISA_OP_LRP, 92 }, { ISA_OP_NOP, 126 }

static const struct isa_opmap gen7_ops[] = { GEN7_OPS };
/* Haswell adds DIM and CALLA. */
static const struct isa_opmap gen75_ops[] = {
   GEN7_OPS, { ISA_OP_DIM, 10 }, { ISA_OP_CALLA, 43 },
};

static const struct isa_compact_field gen7_cmp[] = {
   DIRECT(6, 0, 6, 0),
   DIRECT(7, 7, 30, 30),
   TABLE(12, 8, isa_cmp_gen7_control, R(90, 89), R(31, 31), R(23, 8)),
   TABLE(17, 13, isa_cmp_gen7_datatype, R(63, 61), R(46, 32)),
   TABLE(22, 18, isa_cmp_gen7_subreg, R_NOIMM(100, 96), R(68, 64),
         R(52, 48)),
   DIRECT(23, 23, 28, 28),
   DIRECT(27, 24, 27, 24),
   TABLE(34, 30, isa_cmp_gen7_src, R(88, 77)),
   DIRECT(47, 40, 60, 53),
   DIRECT(55, 48, 76, 69),
   TABLE(39, 35, isa_cmp_gen7_src, R(120, 109)),
   DIRECT(63, 56, 108, 101),
};

#define GEN7_GROUPS                                                         \
   [G_HDR] = GROUP(gen7_hdr), [G_HDR3] = GROUP(gen7_hdr3),                  \
   [G_CMOD] = GROUP(gen7_cmod), [G_DST_A1] = GROUP(gen7_dst_a1),            \
   [G_DST_A1_IND] = GROUP(gen7_dst_a1_ind), [G_DST_A16] = GROUP(gen7_dst_a16), \
   [G_S0_A1] = GROUP(gen7_s0_a1), [G_S0_A1_IND] = GROUP(gen7_s0_a1_ind),    \
   [G_S0_A16] = GROUP(gen7_s0_a16), [G_S0_IMM32] = GROUP(gen7_s0_imm32),    \
   [G_S1_A1] = GROUP(gen7_s1_a1), [G_S1_A1_IND] = GROUP(gen7_s1_a1_ind),    \
   [G_S1_A16] = GROUP(gen7_s1_a16), [G_S1_IMM32] = GROUP(gen7_s1_imm32),    \
   [G_S1_TYPE] = GROUP(gen7_s1_type), [G_BRANCH] = GROUP(gen7_branch),      \
   [G_DST_A16_IND] = GROUP(gen7_dst_a16_ind),                               \
   [G_S0_A16_IND] = GROUP(gen7_s0_a16_ind),                                 \
   [G_S1_A16_IND] = GROUP(gen7_s1_a16_ind),                                 \
   [G_3SRC_A16] = GROUP(gen7_3src_a16), [G_PROBE] = GROUP(gen7_probe),      \
   [G_PROBE3] = GROUP(gen7_probe3)

/* Vol 4 "Data Types": DF exists for registers only; no 64-bit immediates. */
#define GEN7_TYPES                                                          \
   .reg_type = { ISA_TYPE_UD, ISA_TYPE_D, ISA_TYPE_UW, ISA_TYPE_W,          \
                 ISA_TYPE_UB, ISA_TYPE_B, ISA_TYPE_DF, ISA_TYPE_F,          \
                 X, X, X, X, X, X, X, X },                                  \
   .imm_type = { ISA_TYPE_UD, ISA_TYPE_D, ISA_TYPE_UW, ISA_TYPE_W,          \
                 ISA_TYPE_UV, ISA_TYPE_VF, ISA_TYPE_V, ISA_TYPE_F,          \
                 X, X, X, X, X, X, X, X },                                  \
   .a16_3src_type = { ISA_TYPE_F, ISA_TYPE_D, ISA_TYPE_UD, ISA_TYPE_DF,     \
                      X, X, X, X },                                         \
   .a1_3src_type = { { X, X, X, X, X, X, X, X }, { X, X, X, X, X, X, X, X } }

const struct isa_gen_desc isa_gen7_desc = {
   .gen = ISA_GEN7, .name = "gen7", .verx10 = 70,
   .groups = { GEN7_GROUPS },
   .ops = gen7_ops, .nops = sizeof(gen7_ops) / sizeof(gen7_ops[0]),
   GEN7_TYPES,
   .branch_in_src1 = true, .has_3src_a16 = true,
   .dp_msg_type_hi = 17,
   .send_eot_field = F_EOT, .jump_scale = 8,
   .cmp = LAYOUT(gen7_cmp),
   .cmp_imm_bits = 13, .cmp_imm = { { 39, 35 }, { 63, 56 } },
};

const struct isa_gen_desc isa_gen75_desc = {
   .gen = ISA_GEN75, .name = "gen7.5", .verx10 = 75,
   .groups = { GEN7_GROUPS },
   .ops = gen75_ops, .nops = sizeof(gen75_ops) / sizeof(gen75_ops[0]),
   GEN7_TYPES,
   .branch_in_src1 = true, .has_3src_a16 = true,
   .dp_msg_type_hi = 17,
   .send_eot_field = F_EOT, .jump_scale = 8,
   .cmp = LAYOUT(gen7_cmp),
   .cmp_imm_bits = 13, .cmp_imm = { { 39, 35 }, { 63, 56 } },
};

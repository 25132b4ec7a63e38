/* Gen8 (Broadwell), Gen9 (Skylake…Coffee Lake) and Gen11 (Ice Lake) native and compacted
 * instruction layouts: PRM Vol 2a "Instruction Formats" (EU_INSTRUCTION_*),
 * Vol 7 "EU Instruction Compaction".  Gen11 keeps the
 * Gen8 layout with its own type numbers and three-source Align1 form. */
#include "isa_priv.h"
#include "isa_table_macros.h"

/* Vol 2a "Register and Immediate Data Types", Gen8–Gen10 numbering. */
#define GEN8_TYPES                                                          \
   .reg_type = { ISA_TYPE_UD, ISA_TYPE_D, ISA_TYPE_UW, ISA_TYPE_W,          \
                 ISA_TYPE_UB, ISA_TYPE_B, ISA_TYPE_DF, ISA_TYPE_F,          \
                 ISA_TYPE_UQ, ISA_TYPE_Q, ISA_TYPE_HF, X, X, X, X, X },     \
   .imm_type = { ISA_TYPE_UD, ISA_TYPE_D, ISA_TYPE_UW, ISA_TYPE_W,          \
                 ISA_TYPE_UV, ISA_TYPE_VF, ISA_TYPE_V, ISA_TYPE_F,          \
                 ISA_TYPE_UQ, ISA_TYPE_Q, ISA_TYPE_DF, ISA_TYPE_HF,         \
                 X, X, X, X },                                              \
   .a16_3src_type = { ISA_TYPE_F, ISA_TYPE_D, ISA_TYPE_UD, ISA_TYPE_DF,     \
                      ISA_TYPE_HF, X, X, X },                               \
   .a1_3src_type = { { X, X, X, X, X, X, X, X }, { X, X, X, X, X, X, X, X } }


static const struct isa_piece isa_gen8_hdr[] = {
   P(OPCODE, 6, 0), P(ACCESS, 8, 8), P(NODDCLR, 9, 9), P(NODDCHK, 10, 10),
   P(NIB, 11, 11), P(QTR, 13, 12), P(THREAD, 15, 14), P(PRED, 19, 16),
   P(PREDINV, 20, 20), P(EXECSIZE, 23, 21), P(ACCWR, 28, 28),
   P(CMPT, 29, 29), P(DEBUG, 30, 30), P(SAT, 31, 31), P(FLAGSUB, 32, 32),
   P(FLAGNR, 33, 33), P(MASK, 34, 34),
};
static const struct isa_piece isa_gen8_cmod[] = { P(CMOD, 27, 24) };

static const struct isa_piece isa_gen8_dst_a1[] = {
   P(DST_FILE, 36, 35), P(DST_TYPE, 40, 37), P(DST_SUB, 52, 48),
   P(DST_NR, 60, 53), P(DST_HS, 62, 61), P(DST_AMODE, 63, 63),
};
/* Dst.AddrImm[9] sits apart from [8:0] from Gen8 on. */
static const struct isa_piece isa_gen8_dst_a1_ind[] = {
   P(DST_FILE, 36, 35), P(DST_TYPE, 40, 37), P(DST_IAIMM, 47, 47),
   P(DST_IAIMM, 56, 48), P(DST_IASUB, 60, 57), P(DST_HS, 62, 61),
   P(DST_AMODE, 63, 63),
};
static const struct isa_piece isa_gen8_dst_a16[] = {
   P(DST_FILE, 36, 35), P(DST_TYPE, 40, 37), P(DST_WMASK, 51, 48),
   P(DST_SUB16, 52, 52), P(DST_NR, 60, 53), P(DST_HS, 62, 61),
   P(DST_AMODE, 63, 63),
};


static const struct isa_piece isa_gen8_s0_a1[] = { SRC_A1(0, 42, 41, 46, 43, 64) };
static const struct isa_piece isa_gen8_s1_a1[] = { SRC_A1(1, 90, 89, 94, 91, 96) };

static const struct isa_piece isa_gen8_s0_a1_ind[] = {
   P(S0_FILE, 42, 41), P(S0_TYPE, 46, 43), P(S0_IAIMM, 95, 95),
   P(S0_IAIMM, 72, 64), P(S0_IASUB, 76, 73), P(S0_ABS, 77, 77),
   P(S0_NEG, 78, 78), P(S0_AMODE, 79, 79), P(S0_HS, 81, 80),
   P(S0_W, 84, 82), P(S0_VS, 88, 85),
};
static const struct isa_piece isa_gen8_s1_a1_ind[] = {
   P(S1_FILE, 90, 89), P(S1_TYPE, 94, 91), P(S1_IAIMM, 121, 121),
   P(S1_IAIMM, 104, 96), P(S1_IASUB, 108, 105), P(S1_ABS, 109, 109),
   P(S1_NEG, 110, 110), P(S1_AMODE, 111, 111), P(S1_HS, 113, 112),
   P(S1_W, 116, 114), P(S1_VS, 120, 117),
};
/* Align16 sources: swizzle x,y in SubRegNum's low bits, z,w where the
 * Align1 horizontal stride and width live. */
static const struct isa_piece isa_gen8_s0_a16[] = {
   P(S0_FILE, 42, 41), P(S0_TYPE, 46, 43), P(S0_SWZ, 83, 80),
   P(S0_SWZ, 67, 64), P(S0_SUB16, 68, 68), P(S0_NR, 76, 69),
   P(S0_ABS, 77, 77), P(S0_NEG, 78, 78), P(S0_AMODE, 79, 79),
   P(S0_VS, 88, 85),
};
static const struct isa_piece isa_gen8_s1_a16[] = {
   P(S1_FILE, 90, 89), P(S1_TYPE, 94, 91), P(S1_SWZ, 115, 112),
   P(S1_SWZ, 99, 96), P(S1_SUB16, 100, 100), P(S1_NR, 108, 101),
   P(S1_ABS, 109, 109), P(S1_NEG, 110, 110), P(S1_AMODE, 111, 111),
   P(S1_VS, 120, 117),
};
/* Align16 register-indirect: AddrImm[8:4] where the direct form has its
 * register number, AddrImm[9] apart as in Align1; the low four bits are
 * zero (16-byte aligned). */
static const struct isa_piece isa_gen8_dst_a16_ind[] = {
   P(DST_FILE, 36, 35), P(DST_TYPE, 40, 37), P(DST_IAIMM, 47, 47),
   P(DST_WMASK, 51, 48), P(DST_IAIMM, 56, 52), { F_DST_IAIMM, GAP, 4 },
   P(DST_IASUB, 60, 57), P(DST_HS, 62, 61), P(DST_AMODE, 63, 63),
};
static const struct isa_piece isa_gen8_s0_a16_ind[] = {
   P(S0_FILE, 42, 41), P(S0_TYPE, 46, 43), P(S0_SWZ, 83, 80),
   P(S0_SWZ, 67, 64), P(S0_IAIMM, 95, 95), P(S0_IAIMM, 72, 68),
   { F_S0_IAIMM, GAP, 4 }, P(S0_IASUB, 76, 73), P(S0_ABS, 77, 77),
   P(S0_NEG, 78, 78), P(S0_AMODE, 79, 79), P(S0_VS, 88, 85),
};
static const struct isa_piece isa_gen8_s1_a16_ind[] = {
   P(S1_FILE, 90, 89), P(S1_TYPE, 94, 91), P(S1_SWZ, 115, 112),
   P(S1_SWZ, 99, 96), P(S1_IAIMM, 121, 121), P(S1_IAIMM, 104, 100),
   { F_S1_IAIMM, GAP, 4 }, P(S1_IASUB, 108, 105), P(S1_ABS, 109, 109),
   P(S1_NEG, 110, 110), P(S1_AMODE, 111, 111), P(S1_VS, 120, 117),
};
static const struct isa_piece isa_gen8_s0_imm32[] = {
   P(S0_FILE, 42, 41), P(S0_TYPE, 46, 43), P(S0_IMM, 127, 96),
};
static const struct isa_piece isa_gen8_s0_imm64[] = {
   P(S0_FILE, 42, 41), P(S0_TYPE, 46, 43), P(S0_IMM, 127, 64),
};
static const struct isa_piece isa_gen8_s0_type[] = {
   P(S0_FILE, 42, 41), P(S0_TYPE, 46, 43),
};
static const struct isa_piece isa_gen8_s1_imm32[] = {
   P(S1_FILE, 90, 89), P(S1_TYPE, 94, 91), P(S1_IMM, 127, 96),
};
static const struct isa_piece isa_gen8_s1_type[] = {
   P(S1_FILE, 90, 89), P(S1_TYPE, 94, 91),
};
/* Gen8+: JIP and UIP are byte offsets filling DW3 and DW2. */
static const struct isa_piece isa_gen8_branch[] = {
   P(JIP, 127, 96), P(UIP, 95, 64),
};

/* Three-source Align16 (Vol 2a "EU_INSTRUCTION_ALU3"). */

static const struct isa_piece isa_gen8_3src_a16[] = {
   P(T_S2HF, 35, 35), P(T_S1HF, 36, 36),
   P(S0_ABS, 37, 37), P(S0_NEG, 38, 38), P(S1_ABS, 39, 39),
   P(S1_NEG, 40, 40), P(S2_ABS, 41, 41), P(S2_NEG, 42, 42),
   P(T_SRCTYPE, 45, 43), P(DST_TYPE, 48, 46), P(DST_WMASK, 52, 49),
   P(DST_SUB, 55, 53), P(DST_NR, 63, 56),
   SRC3_A16(0, 64), SRC3_A16(1, 85), SRC3_A16(2, 106),
};
/* Skylake adds one bit below each source's subregister number. */
static const struct isa_piece isa_gen9_3src_a16[] = {
   P(T_S2HF, 35, 35), P(T_S1HF, 36, 36),
   P(S0_ABS, 37, 37), P(S0_NEG, 38, 38), P(S1_ABS, 39, 39),
   P(S1_NEG, 40, 40), P(S2_ABS, 41, 41), P(S2_NEG, 42, 42),
   P(T_SRCTYPE, 45, 43), P(DST_TYPE, 48, 46), P(DST_WMASK, 52, 49),
   P(DST_SUB, 55, 53), P(DST_NR, 63, 56),
   SRC3_A16(0, 64), SRC3_A16(1, 85), SRC3_A16(2, 106),
   P(S0_EXTRA, 84, 84), P(S1_EXTRA, 105, 105), P(S2_EXTRA, 126, 126),
};

/* Gen9 split send (SENDS): src1 is a register, the extended descriptor is
 * split over DW2 and the bits below it. */
static const struct isa_piece isa_gen9_send[] = {
   P(DST_FILE, 35, 35), P(S1_FILE, 36, 36), P(DST_TYPE, 40, 37),
   P(S0_FILE, 42, 41), P(S1_NR, 51, 44), P(DST_SUB16, 52, 52),
   P(DST_NR, 60, 53), P(EXDESC_REG, 61, 61), P(DST_AMODE, 63, 63),
   P(S0_SUB16, 68, 68), P(S0_NR, 76, 69), P(DESC_REG, 77, 77),
   P(S0_AMODE, 79, 79),
   P(EXDESC, 95, 80), { F_EXDESC, GAP, 6 }, P(EXDESC, 67, 64),
   { F_EXDESC, GAP, 6 },
   P(DESC, 126, 96), P(EOT, 127, 127),
};

static const struct isa_piece isa_gen8_probe[] = {
   P(ACCESS, 8, 8), P(DST_AMODE, 63, 63), P(S0_FILE, 42, 41),
   P(S0_TYPE, 46, 43), P(S0_AMODE, 79, 79), P(S1_FILE, 90, 89),
   P(S1_AMODE, 111, 111),
};

static const struct isa_piece isa_gen8_probe3[] = { P(ACCESS, 8, 8) };

static const struct isa_opmap isa_gen8_ops[] = {
   { ISA_OP_MOV, 1 }, { ISA_OP_SEL, 2 }, { ISA_OP_MOVI, 3 }, { ISA_OP_NOT, 4 },
   { ISA_OP_AND, 5 }, { ISA_OP_OR, 6 }, { ISA_OP_XOR, 7 }, { ISA_OP_SHR, 8 },
   { ISA_OP_SHL, 9 }, { ISA_OP_SMOV, 10 }, { ISA_OP_ASR, 12 },
   { ISA_OP_CMP, 16 }, { ISA_OP_CMPN, 17 }, { ISA_OP_CSEL, 18 },
   { ISA_OP_BFREV, 23 }, { ISA_OP_BFE, 24 }, { ISA_OP_BFI1, 25 },
   { ISA_OP_BFI2, 26 }, { ISA_OP_JMPI, 32 }, { ISA_OP_BRD, 33 },
   { ISA_OP_IF, 34 }, { ISA_OP_BRC, 35 }, { ISA_OP_ELSE, 36 },
   { ISA_OP_ENDIF, 37 }, { ISA_OP_WHILE, 39 }, { ISA_OP_BREAK, 40 },
   { ISA_OP_CONT, 41 }, { ISA_OP_HALT, 42 }, { ISA_OP_CALLA, 43 },
   { ISA_OP_CALL, 44 }, { ISA_OP_RET, 45 }, { ISA_OP_GOTO, 46 },
   { ISA_OP_WAIT, 48 }, { ISA_OP_SEND, 49 }, { ISA_OP_SENDC, 50 },
   { ISA_OP_MATH, 56 }, { ISA_OP_ADD, 64 }, { ISA_OP_MUL, 65 },
   { ISA_OP_AVG, 66 }, { ISA_OP_FRC, 67 }, { ISA_OP_RNDU, 68 },
   { ISA_OP_RNDD, 69 }, { ISA_OP_RNDE, 70 }, { ISA_OP_RNDZ, 71 },
   { ISA_OP_MAC, 72 }, { ISA_OP_MACH, 73 }, { ISA_OP_LZD, 74 },
   { ISA_OP_FBH, 75 }, { ISA_OP_FBL, 76 }, { ISA_OP_CBIT, 77 },
   { ISA_OP_ADDC, 78 }, { ISA_OP_SUBB, 79 }, { ISA_OP_SAD2, 80 },
   { ISA_OP_SADA2, 81 }, { ISA_OP_DP4, 84 }, { ISA_OP_DPH, 85 },
   { ISA_OP_DP3, 86 }, { ISA_OP_DP2, 87 }, { ISA_OP_LINE, 89 },
   { ISA_OP_PLN, 90 }, { ISA_OP_MAD, 91 }, { ISA_OP_LRP, 92 },
   { ISA_OP_MADM, 93 }, { ISA_OP_NOP, 126 },
   /* Gen9 only (the Gen8 table stops before these) */
   { ISA_OP_SENDS, 51 }, { ISA_OP_SENDSC, 52 },
};

/* Compaction (Vol 7 "EU Compact Instruction Format"). */
/* Source 1 fields (compacted bits 39:35 and 63:56) come last: with an
 * immediate they hold its 13 bits instead. */
static const struct isa_compact_field isa_gen8_cmp[] = {
   DIRECT(6, 0, 6, 0),
   DIRECT(7, 7, 30, 30),
   TABLE(12, 8, isa_cmp_gen8_control, R(33, 31), R(23, 12), R(10, 9),
         R(34, 34), R(8, 8)),
   TABLE(17, 13, isa_cmp_gen8_datatype, R(63, 61), R(94, 89), R(46, 35)),
   TABLE(22, 18, isa_cmp_gen8_subreg, R_NOIMM(100, 96), R(68, 64),
         R(52, 48)),
   DIRECT(23, 23, 28, 28),
   DIRECT(27, 24, 27, 24),
   TABLE(34, 30, isa_cmp_gen8_src, R(88, 77)),
   DIRECT(47, 40, 60, 53),
   DIRECT(55, 48, 76, 69),
   TABLE(39, 35, isa_cmp_gen8_src, R(120, 109)),
   DIRECT(63, 56, 108, 101),
};

static const struct isa_compact_field isa_gen11_cmp[] = {
   DIRECT(6, 0, 6, 0),
   DIRECT(7, 7, 30, 30),
   TABLE(12, 8, isa_cmp_gen8_control, R(33, 31), R(23, 12), R(10, 9),
         R(34, 34), R(8, 8)),
   TABLE(17, 13, isa_cmp_gen11_datatype, R(63, 61), R(94, 89), R(46, 35)),
   TABLE(22, 18, isa_cmp_gen8_subreg, R_NOIMM(100, 96), R(68, 64),
         R(52, 48)),
   DIRECT(23, 23, 28, 28),
   DIRECT(27, 24, 27, 24),
   TABLE(34, 30, isa_cmp_gen8_src, R(88, 77)),
   DIRECT(47, 40, 60, 53),
   DIRECT(55, 48, 76, 69),
   TABLE(39, 35, isa_cmp_gen8_src, R(120, 109)),
   DIRECT(63, 56, 108, 101),
};

#define CMP3_DIRECT                                                         \
   DIRECT(18, 12, 63, 56), DIRECT(28, 28, 64, 64), DIRECT(30, 30, 30, 30),  \
   DIRECT(31, 31, 31, 31), DIRECT(32, 32, 85, 85), DIRECT(33, 33, 106, 106), \
   DIRECT(36, 34, 75, 73), DIRECT(39, 37, 96, 94), DIRECT(42, 40, 117, 115), \
   DIRECT(49, 43, 83, 76), DIRECT(56, 50, 104, 97), DIRECT(63, 57, 125, 118)

static const struct isa_compact_field isa_gen8_cmp3[] = {
   DIRECT(6, 0, 6, 0),
   TABLE(9, 8, isa_cmp_gen8_3src_control, R(34, 32), R(28, 8)),
   TABLE64(11, 10, isa_cmp_gen8_3src_source, R(125, 125), R(104, 104),
           R(83, 83), R(114, 107), R(93, 86), R(72, 65), R(55, 37)),
   CMP3_DIRECT,
};

/* Skylake's (and Cherryview's) tables cover the source-type and extra
 * subregister bits too. */
static const struct isa_compact_field isa_gen9_cmp3[] = {
   DIRECT(6, 0, 6, 0),
   TABLE(9, 8, isa_cmp_gen8_3src_control, R(36, 35), R(34, 32), R(28, 8)),
   TABLE64(11, 10, isa_cmp_gen8_3src_source, R(126, 125), R(105, 104),
           R(84, 84), R(83, 83), R(114, 107), R(93, 86), R(72, 65),
           R(55, 37)),
   CMP3_DIRECT,
};

#define GEN8_COMMON_GROUPS                                                  \
   [G_HDR] = GROUP(isa_gen8_hdr), [G_HDR3] = GROUP(isa_gen8_hdr),           \
   [G_CMOD] = GROUP(isa_gen8_cmod),                                         \
   [G_DST_A1] = GROUP(isa_gen8_dst_a1),                                     \
   [G_DST_A1_IND] = GROUP(isa_gen8_dst_a1_ind),                             \
   [G_DST_A16] = GROUP(isa_gen8_dst_a16),                                   \
   [G_S0_A1] = GROUP(isa_gen8_s0_a1), [G_S0_A1_IND] = GROUP(isa_gen8_s0_a1_ind), \
   [G_S0_A16] = GROUP(isa_gen8_s0_a16), [G_S0_IMM32] = GROUP(isa_gen8_s0_imm32), \
   [G_S0_IMM64] = GROUP(isa_gen8_s0_imm64), [G_S0_TYPE] = GROUP(isa_gen8_s0_type), \
   [G_S1_A1] = GROUP(isa_gen8_s1_a1), [G_S1_A1_IND] = GROUP(isa_gen8_s1_a1_ind), \
   [G_S1_A16] = GROUP(isa_gen8_s1_a16), [G_S1_IMM32] = GROUP(isa_gen8_s1_imm32), \
   [G_S1_TYPE] = GROUP(isa_gen8_s1_type), [G_BRANCH] = GROUP(isa_gen8_branch), \
   [G_DST_A16_IND] = GROUP(isa_gen8_dst_a16_ind),                           \
   [G_S0_A16_IND] = GROUP(isa_gen8_s0_a16_ind),                             \
   [G_S1_A16_IND] = GROUP(isa_gen8_s1_a16_ind),                             \
   [G_PROBE] = GROUP(isa_gen8_probe)

const struct isa_gen_desc isa_gen8_desc = {
   .gen = ISA_GEN8, .name = "gen8", .verx10 = 80,
   .groups = {
      GEN8_COMMON_GROUPS,
      [G_3SRC_A16] = GROUP(isa_gen8_3src_a16),
      [G_PROBE3] = GROUP(isa_gen8_probe3),
   },
   .ops = isa_gen8_ops, .nops = sizeof(isa_gen8_ops) / sizeof(isa_gen8_ops[0]) - 2,
   GEN8_TYPES,
   .has_3src_a16 = true, .has_imm64 = true,
   .has_branch_ctrl = true, .logic_negate_is_not = true,
   .dp_msg_type_hi = 18, .urb_desc_gen8 = true,
   .send_eot_field = F_EOT, .jump_scale = 1,
   .cmp = LAYOUT(isa_gen8_cmp),
   .cmp3 = { isa_gen8_cmp3, sizeof(isa_gen8_cmp3) / sizeof(isa_gen8_cmp3[0]) },
   .cmp_imm_bits = 13, .cmp_imm = { { 39, 35 }, { 63, 56 } },
};

const struct isa_gen_desc isa_gen9_desc = {
   .gen = ISA_GEN9, .name = "gen9", .verx10 = 90,
   .groups = {
      GEN8_COMMON_GROUPS,
      [G_3SRC_A16] = GROUP(isa_gen9_3src_a16),
      [G_PROBE3] = GROUP(isa_gen8_probe3),
      [G_SEND] = GROUP(isa_gen9_send),
   },
   .ops = isa_gen8_ops, .nops = sizeof(isa_gen8_ops) / sizeof(isa_gen8_ops[0]),
   GEN8_TYPES,
   .has_3src_a16 = true, .has_imm64 = true,
   .has_branch_ctrl = true, .logic_negate_is_not = true,
   .send_subreg16 = true, .exdesc_ia_lo = 16,
   .dp_msg_type_hi = 18, .urb_desc_gen8 = true,
   .send_eot_field = F_EOT, .jump_scale = 1,
   .cmp = LAYOUT(isa_gen8_cmp),
   .cmp3 = { isa_gen9_cmp3, sizeof(isa_gen9_cmp3) / sizeof(isa_gen9_cmp3[0]) },
   .cmp_imm_bits = 13, .cmp_imm = { { 39, 35 }, { 63, 56 } },
};

/* Gen11: Vol 2a "Register and Immediate Data Types" renumbered. */
#define GEN11_TYPES                                                         \
   .reg_type = { ISA_TYPE_UD, ISA_TYPE_D, ISA_TYPE_UW, ISA_TYPE_W,          \
                 ISA_TYPE_UB, ISA_TYPE_B, ISA_TYPE_UQ, ISA_TYPE_Q,          \
                 ISA_TYPE_HF, ISA_TYPE_F, ISA_TYPE_DF, ISA_TYPE_NF,         \
                 X, X, X, X },                                              \
   .imm_type = { ISA_TYPE_UD, ISA_TYPE_D, ISA_TYPE_UW, ISA_TYPE_W,          \
                 ISA_TYPE_UV, ISA_TYPE_V, ISA_TYPE_UQ, ISA_TYPE_Q,          \
                 ISA_TYPE_HF, ISA_TYPE_F, ISA_TYPE_DF, ISA_TYPE_VF,         \
                 X, X, X, X },                                              \
   .a16_3src_type = { X, X, X, X, X, X, X, X },                             \
   .a1_3src_type = { { ISA_TYPE_UD, ISA_TYPE_D, ISA_TYPE_UW, ISA_TYPE_W,    \
                       ISA_TYPE_UB, ISA_TYPE_B, X, X },                     \
                     { ISA_TYPE_HF, ISA_TYPE_F, ISA_TYPE_DF, ISA_TYPE_NF,   \
                       X, X, X, X } },                                      \
   .vs_a1_3src = { 0, 2, 3, 4 }

/* Three-source Align1 (Gen10+ "EU_INSTRUCTION_ALU3" Align1): sources 0
 * and 2 may be 16-bit immediates in place of their region fields. */
static const struct isa_piece isa_gen11_3src_a1[] = {
   P(T_EXECTYPE, 35, 35), P(DST_FILE, 36, 36),
   P(S0_ABS, 37, 37), P(S0_NEG, 38, 38), P(S1_ABS, 39, 39),
   P(S1_NEG, 40, 40), P(S2_ABS, 41, 41), P(S2_NEG, 42, 42),
   P(S0_FILE, 43, 43), P(S1_FILE, 44, 44), P(S2_FILE, 45, 45),
   P(DST_TYPE, 48, 46), P(DST_HS, 49, 49), P(DST_EXTRA, 53, 52),
   P(DST_SUB, 55, 54), P(DST_NR, 63, 56),
   P(S0_TYPE, 66, 64), P(S1_TYPE, 87, 85), P(S1_VS, 89, 88),
   P(S1_HS, 91, 90), P(S1_SUB, 96, 92), P(S1_NR, 104, 97),
   P(S2_TYPE, 108, 106),
};
static const struct isa_piece isa_gen11_3src_s0reg[] = {
   P(S0_VS, 68, 67), P(S0_HS, 70, 69), P(S0_SUB, 75, 71), P(S0_NR, 83, 76),
};
static const struct isa_piece isa_gen11_3src_s0imm[] = { P(S0_IMM, 82, 67) };
static const struct isa_piece isa_gen11_3src_s2reg[] = {
   P(S2_HS, 112, 111), P(S2_SUB, 117, 113), P(S2_NR, 125, 118),
};
static const struct isa_piece isa_gen11_3src_s2imm[] = { P(S2_IMM, 124, 109) };
static const struct isa_piece isa_gen11_probe3[] = {
   P(ACCESS, 8, 8), P(T_EXECTYPE, 35, 35), P(S0_FILE, 43, 43),
   P(S2_FILE, 45, 45), P(S0_TYPE, 66, 64),
};

static const struct isa_opmap isa_gen11_ops[] = {
   { ISA_OP_MOV, 1 }, { ISA_OP_SEL, 2 }, { ISA_OP_MOVI, 3 }, { ISA_OP_NOT, 4 },
   { ISA_OP_AND, 5 }, { ISA_OP_OR, 6 }, { ISA_OP_XOR, 7 }, { ISA_OP_SHR, 8 },
   { ISA_OP_SHL, 9 }, { ISA_OP_SMOV, 10 }, { ISA_OP_ASR, 12 },
   { ISA_OP_ROR, 14 }, { ISA_OP_ROL, 15 },
   { ISA_OP_CMP, 16 }, { ISA_OP_CMPN, 17 }, { ISA_OP_CSEL, 18 },
   { ISA_OP_BFREV, 23 }, { ISA_OP_BFE, 24 }, { ISA_OP_BFI1, 25 },
   { ISA_OP_BFI2, 26 }, { ISA_OP_JMPI, 32 }, { ISA_OP_BRD, 33 },
   { ISA_OP_IF, 34 }, { ISA_OP_BRC, 35 }, { ISA_OP_ELSE, 36 },
   { ISA_OP_ENDIF, 37 }, { ISA_OP_WHILE, 39 }, { ISA_OP_BREAK, 40 },
   { ISA_OP_CONT, 41 }, { ISA_OP_HALT, 42 }, { ISA_OP_CALLA, 43 },
   { ISA_OP_CALL, 44 }, { ISA_OP_RET, 45 }, { ISA_OP_GOTO, 46 },
   { ISA_OP_WAIT, 48 }, { ISA_OP_SEND, 49 }, { ISA_OP_SENDC, 50 },
   { ISA_OP_SENDS, 51 }, { ISA_OP_SENDSC, 52 },
   { ISA_OP_MATH, 56 }, { ISA_OP_ADD, 64 }, { ISA_OP_MUL, 65 },
   { ISA_OP_AVG, 66 }, { ISA_OP_FRC, 67 }, { ISA_OP_RNDU, 68 },
   { ISA_OP_RNDD, 69 }, { ISA_OP_RNDE, 70 }, { ISA_OP_RNDZ, 71 },
   { ISA_OP_MAC, 72 }, { ISA_OP_MACH, 73 }, { ISA_OP_LZD, 74 },
   { ISA_OP_FBH, 75 }, { ISA_OP_FBL, 76 }, { ISA_OP_CBIT, 77 },
   { ISA_OP_ADDC, 78 }, { ISA_OP_SUBB, 79 }, { ISA_OP_SAD2, 80 },
   { ISA_OP_SADA2, 81 }, { ISA_OP_MAD, 91 }, { ISA_OP_MADM, 93 },
   { ISA_OP_NOP, 126 },
};

const struct isa_gen_desc isa_gen11_desc = {
   .gen = ISA_GEN11, .name = "gen11", .verx10 = 110,
   .groups = {
      GEN8_COMMON_GROUPS,
      [G_PROBE3] = GROUP(isa_gen11_probe3),
      [G_SEND] = GROUP(isa_gen9_send),
      [G_3SRC_A1] = GROUP(isa_gen11_3src_a1),
      [G_3SRC_A1_S0REG] = GROUP(isa_gen11_3src_s0reg),
      [G_3SRC_A1_S0IMM] = GROUP(isa_gen11_3src_s0imm),
      [G_3SRC_A1_S2REG] = GROUP(isa_gen11_3src_s2reg),
      [G_3SRC_A1_S2IMM] = GROUP(isa_gen11_3src_s2imm),
   },
   .ops = isa_gen11_ops, .nops = sizeof(isa_gen11_ops) / sizeof(isa_gen11_ops[0]),
   GEN11_TYPES,
   .has_3src_a1 = true, .has_imm64 = true,
   .has_branch_ctrl = true, .logic_negate_is_not = true,
   .send_subreg16 = true, .exdesc_ia_lo = 16,
   .dp_msg_type_hi = 18, .urb_desc_gen8 = true,
   .send_eot_field = F_EOT, .jump_scale = 1,
   .cmp = LAYOUT(isa_gen11_cmp),
   .cmp3 = { isa_gen9_cmp3, sizeof(isa_gen9_cmp3) / sizeof(isa_gen9_cmp3[0]) },
   .cmp_imm_bits = 13, .cmp_imm = { { 39, 35 }, { 63, 56 } },
};

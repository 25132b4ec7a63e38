/* Gen12 (Tiger Lake) native and compacted instruction layouts: BSpec
 * "EU Instruction Formats" for Xe-LP.  Every field moved; Align16 is gone;
 * register files are an IsImm bit plus a one-bit file; DW0 holds the
 * software scoreboard (SWSB) byte; sends always have two sources and their
 * descriptors are scattered over the instruction. */
#include "isa_priv.h"
#include "isa_table_macros.h"

static const struct isa_piece gen12_hdr[] = {
   P(OPCODE, 6, 0), P(SWSB, 15, 8), P(EXECSIZE, 18, 16), P(NIB, 19, 19),
   P(QTR, 21, 20), P(FLAGSUB, 22, 22), P(FLAGNR, 23, 23), P(PRED, 27, 24),
   P(PREDINV, 28, 28), P(CMPT, 29, 29), P(DEBUG, 30, 30), P(MASK, 31, 31),
   P(ATOMIC, 32, 32), P(ACCWR, 33, 33), P(SAT, 34, 34),
};
static const struct isa_piece gen12_cmod[] = { P(CMOD, 95, 92) };

static const struct isa_piece gen12_dst_a1[] = {
   P(DST_AMODE, 35, 35), P(DST_TYPE, 39, 36), P(DST_HS, 49, 48),
   P(DST_FILE, 50, 50), P(DST_SUB, 55, 51), P(DST_NR, 63, 56),
};
static const struct isa_piece gen12_dst_a1_ind[] = {
   P(DST_AMODE, 35, 35), P(DST_TYPE, 39, 36), P(DST_HS, 49, 48),
   P(DST_IAIMM, 59, 50), P(DST_IASUB, 63, 60),
};
static const struct isa_piece gen12_s0_a1[] = {
   P(S0_TYPE, 43, 40), P(S0_ABS, 44, 44), P(S0_NEG, 45, 45),
   P(S0_ISIMM, 46, 46), P(S0_HS, 65, 64), P(S0_FILE, 66, 66),
   P(S0_SUB, 71, 67), P(S0_NR, 79, 72), P(S0_AMODE, 80, 80),
   P(S0_W, 83, 81), P(S0_VS, 87, 84),
};
static const struct isa_piece gen12_s0_a1_ind[] = {
   P(S0_TYPE, 43, 40), P(S0_ABS, 44, 44), P(S0_NEG, 45, 45),
   P(S0_ISIMM, 46, 46), P(S0_HS, 65, 64), P(S0_IAIMM, 75, 66),
   P(S0_IASUB, 79, 76), P(S0_AMODE, 80, 80), P(S0_W, 83, 81),
   P(S0_VS, 87, 84),
};
static const struct isa_piece gen12_s0_imm32[] = {
   P(S0_TYPE, 43, 40), P(S0_ISIMM, 46, 46), P(S0_IMM, 127, 96),
};
/* 64-bit immediates: high DWord in DW2 (over the conditional modifier). */
static const struct isa_piece gen12_s0_imm64[] = {
   P(S0_TYPE, 43, 40), P(S0_ISIMM, 46, 46), P(S0_IMM, 95, 64),
   P(S0_IMM, 127, 96),
};
static const struct isa_piece gen12_s0_type[] = {
   P(S0_TYPE, 43, 40), P(S0_ISIMM, 46, 46),
};
static const struct isa_piece gen12_s1_a1[] = {
   P(S1_ISIMM, 47, 47), P(S1_TYPE, 91, 88), P(S1_HS, 97, 96),
   P(S1_FILE, 98, 98), P(S1_SUB, 103, 99), P(S1_NR, 111, 104),
   P(S1_AMODE, 112, 112), P(S1_W, 115, 113), P(S1_VS, 119, 116),
   P(S1_ABS, 120, 120), P(S1_NEG, 121, 121),
};
static const struct isa_piece gen12_s1_a1_ind[] = {
   P(S1_ISIMM, 47, 47), P(S1_TYPE, 91, 88), P(S1_HS, 97, 96),
   P(S1_IAIMM, 107, 98), P(S1_IASUB, 111, 108), P(S1_AMODE, 112, 112),
   P(S1_W, 115, 113), P(S1_VS, 119, 116), P(S1_ABS, 120, 120),
   P(S1_NEG, 121, 121),
};
static const struct isa_piece gen12_s1_imm32[] = {
   P(S1_ISIMM, 47, 47), P(S1_TYPE, 91, 88), P(S1_IMM, 127, 96),
};
static const struct isa_piece gen12_s1_type[] = {
   P(S1_ISIMM, 47, 47), P(S1_TYPE, 91, 88),
};
static const struct isa_piece gen12_branch[] = {
   P(S1_ISIMM, 47, 47), P(UIP, 95, 64), P(JIP, 127, 96),
};

/* Three-source Align1: source 0 and 2 vertical strides gained a second
 * bit away from the first. */
static const struct isa_piece gen12_3src_a1[] = {
   P(S0_VS, 43, 43), P(S0_VS, 35, 35), P(DST_TYPE, 38, 36),
   P(T_EXECTYPE, 39, 39), P(S0_TYPE, 42, 40), P(S0_ABS, 44, 44),
   P(S0_NEG, 45, 45), P(S0_ISIMM, 46, 46), P(S2_ISIMM, 47, 47),
   P(DST_HS, 48, 48), P(DST_FILE, 50, 50), P(DST_EXTRA, 53, 51),
   P(DST_SUB, 55, 54), P(DST_NR, 63, 56), P(S2_TYPE, 82, 80),
   P(S1_VS, 91, 91), P(S1_VS, 83, 83), P(S2_ABS, 84, 84),
   P(S2_NEG, 85, 85), P(S1_ABS, 86, 86), P(S1_NEG, 87, 87),
   P(S1_TYPE, 90, 88), P(S1_HS, 97, 96), P(S1_FILE, 98, 98),
   P(S1_SUB, 103, 99), P(S1_NR, 111, 104),
};
static const struct isa_piece gen12_3src_s0reg[] = {
   P(S0_HS, 65, 64), P(S0_FILE, 66, 66), P(S0_SUB, 71, 67), P(S0_NR, 79, 72),
};
static const struct isa_piece gen12_3src_s0imm[] = { P(S0_IMM, 79, 64) };
static const struct isa_piece gen12_3src_s2reg[] = {
   P(S2_HS, 113, 112), P(S2_FILE, 114, 114), P(S2_SUB, 119, 115),
   P(S2_NR, 127, 120),
};
static const struct isa_piece gen12_3src_s2imm[] = { P(S2_IMM, 127, 112) };

/* SEND/SENDC: EOT takes the saturate bit (34); the descriptors are split
 * around the register numbers. */
static const struct isa_piece gen12_send[] = {
   P(EXDESC, 127, 124), P(EXDESC, 97, 96), P(EXDESC, 65, 64),
   P(EXDESC, 47, 35), P(EXDESC, 103, 99), { F_EXDESC, GAP, 6 },
   P(DESC_REG, 48, 48), P(EXDESC_REG, 49, 49), P(DST_FILE, 50, 50),
   P(DESC, 123, 122), P(DESC, 71, 67), P(DESC, 55, 51), P(DESC, 121, 113),
   P(DESC, 91, 81),
   P(DST_NR, 63, 56), P(S0_FILE, 66, 66), P(S0_NR, 79, 72),
   P(S1_FILE, 98, 98), P(S1_NR, 111, 104),
};
static const struct isa_piece gen12_probe[] = {
   P(DST_AMODE, 35, 35), P(S0_TYPE, 43, 40), P(S0_ISIMM, 46, 46),
   P(S1_ISIMM, 47, 47), P(S0_AMODE, 80, 80), P(S1_AMODE, 112, 112),
};
static const struct isa_piece gen12_probe3[] = {
   P(S0_ISIMM, 46, 46), P(S2_ISIMM, 47, 47),
};

/* Gen12 renumbered the ALU opcodes (logic ops moved to 0x60+). */
static const struct isa_opmap gen12_ops[] = {
   { ISA_OP_SYNC, 1 }, { ISA_OP_MOV, 97 }, { ISA_OP_SEL, 98 },
   { ISA_OP_MOVI, 99 }, { ISA_OP_NOT, 100 }, { ISA_OP_AND, 101 },
   { ISA_OP_OR, 102 }, { ISA_OP_XOR, 103 }, { ISA_OP_SHR, 104 },
   { ISA_OP_SHL, 105 }, { ISA_OP_SMOV, 106 }, { ISA_OP_ASR, 108 },
   { ISA_OP_ROR, 110 }, { ISA_OP_ROL, 111 }, { ISA_OP_CMP, 112 },
   { ISA_OP_CMPN, 113 }, { ISA_OP_CSEL, 114 }, { ISA_OP_BFREV, 119 },
   { ISA_OP_BFE, 120 }, { ISA_OP_BFI1, 121 }, { ISA_OP_BFI2, 122 },
   { ISA_OP_JMPI, 32 }, { ISA_OP_BRD, 33 }, { ISA_OP_IF, 34 },
   { ISA_OP_BRC, 35 }, { ISA_OP_ELSE, 36 }, { ISA_OP_ENDIF, 37 },
   { ISA_OP_WHILE, 39 }, { ISA_OP_BREAK, 40 }, { ISA_OP_CONT, 41 },
   { ISA_OP_HALT, 42 }, { ISA_OP_CALLA, 43 }, { ISA_OP_CALL, 44 },
   { ISA_OP_RET, 45 }, { ISA_OP_GOTO, 46 }, { ISA_OP_SEND, 49 },
   { ISA_OP_SENDC, 50 }, { ISA_OP_MATH, 56 }, { ISA_OP_ADD, 64 },
   { ISA_OP_MUL, 65 }, { ISA_OP_AVG, 66 }, { ISA_OP_FRC, 67 },
   { ISA_OP_RNDU, 68 }, { ISA_OP_RNDD, 69 }, { ISA_OP_RNDE, 70 },
   { ISA_OP_RNDZ, 71 }, { ISA_OP_MAC, 72 }, { ISA_OP_MACH, 73 },
   { ISA_OP_LZD, 74 }, { ISA_OP_FBH, 75 }, { ISA_OP_FBL, 76 },
   { ISA_OP_CBIT, 77 }, { ISA_OP_ADDC, 78 }, { ISA_OP_SUBB, 79 },
   { ISA_OP_SAD2, 80 }, { ISA_OP_SADA2, 81 }, { ISA_OP_DP4A, 88 },
   { ISA_OP_MAD, 91 }, { ISA_OP_MADM, 93 }, { ISA_OP_NOP, 96 },
};

static const struct isa_compact_field gen12_cmp[] = {
   DIRECT(6, 0, 6, 0),
   DIRECT(7, 7, 30, 30),
   DIRECT(15, 8, 15, 8),
   DIRECT(23, 16, 63, 56),
   TABLE(28, 24, isa_cmp_gen12_control, R(95, 92), R(34, 31), R(28, 16)),
   TABLE(34, 30, isa_cmp_gen12_datatype, R_NOIMM(98, 98), R(91, 88),
         R(66, 66), R(50, 46), R(43, 35)),
   TABLE(39, 35, isa_cmp_gen12_subreg, R_NOIMM(103, 99), R(71, 67),
         R(55, 51)),
   DIRECT(47, 40, 79, 72),
   TABLE(51, 48, isa_cmp_gen12_src0, R(87, 80), R(65, 64), R(45, 44)),
   TABLE(55, 52, isa_cmp_gen12_src1, R(121, 112), R(97, 96)),
   DIRECT(63, 56, 111, 104),
};
static const struct isa_compact_field gen12_cmp3[] = {
   DIRECT(6, 0, 6, 0),
   TABLE64(28, 24, isa_cmp_gen12_3src_control, R(95, 92), R(90, 88),
           R(82, 80), R(50, 50), R(48, 48), R(42, 40), R(39, 39),
           R(38, 36), R(34, 31), R(28, 16)),
   TABLE(34, 30, isa_cmp_gen12_3src_source, R(114, 112), R(98, 96),
         R(91, 91), R(87, 83), R(66, 64), R(47, 43), R(35, 35)),
   TABLE(39, 35, isa_cmp_gen12_3src_subreg, R(119, 115), R(103, 99),
         R(71, 67), R(55, 51)),
   DIRECT(7, 7, 30, 30),
   DIRECT(15, 8, 15, 8),
   DIRECT(23, 16, 63, 56),
   DIRECT(47, 40, 79, 72),
   DIRECT(55, 48, 127, 120),
   DIRECT(63, 56, 111, 104),
};

const struct isa_gen_desc isa_gen12_desc = {
   .gen = ISA_GEN12, .name = "gen12", .verx10 = 120,
   .groups = {
      [G_HDR] = GROUP(gen12_hdr), [G_HDR3] = GROUP(gen12_hdr),
      [G_CMOD] = GROUP(gen12_cmod),
      [G_DST_A1] = GROUP(gen12_dst_a1), [G_DST_A1_IND] = GROUP(gen12_dst_a1_ind),
      [G_S0_A1] = GROUP(gen12_s0_a1), [G_S0_A1_IND] = GROUP(gen12_s0_a1_ind),
      [G_S0_IMM32] = GROUP(gen12_s0_imm32), [G_S0_IMM64] = GROUP(gen12_s0_imm64),
      [G_S0_TYPE] = GROUP(gen12_s0_type),
      [G_S1_A1] = GROUP(gen12_s1_a1), [G_S1_A1_IND] = GROUP(gen12_s1_a1_ind),
      [G_S1_IMM32] = GROUP(gen12_s1_imm32), [G_S1_TYPE] = GROUP(gen12_s1_type),
      [G_BRANCH] = GROUP(gen12_branch),
      [G_3SRC_A1] = GROUP(gen12_3src_a1),
      [G_3SRC_A1_S0REG] = GROUP(gen12_3src_s0reg),
      [G_3SRC_A1_S0IMM] = GROUP(gen12_3src_s0imm),
      [G_3SRC_A1_S2REG] = GROUP(gen12_3src_s2reg),
      [G_3SRC_A1_S2IMM] = GROUP(gen12_3src_s2imm),
      [G_SEND] = GROUP(gen12_send),
      [G_PROBE] = GROUP(gen12_probe), [G_PROBE3] = GROUP(gen12_probe3),
   },
   .ops = gen12_ops, .nops = sizeof(gen12_ops) / sizeof(gen12_ops[0]),
   /* Type = signedness/float class in bits 3:2, log2(size) in bits 1:0. */
   .reg_type = { ISA_TYPE_UB, ISA_TYPE_UW, ISA_TYPE_UD, ISA_TYPE_UQ,
                 ISA_TYPE_B, ISA_TYPE_W, ISA_TYPE_D, ISA_TYPE_Q,
                 X, ISA_TYPE_HF, ISA_TYPE_F, ISA_TYPE_DF, X, X, X, X },
   .imm_type = { ISA_TYPE_UV, ISA_TYPE_UW, ISA_TYPE_UD, ISA_TYPE_UQ,
                 ISA_TYPE_V, ISA_TYPE_W, ISA_TYPE_D, ISA_TYPE_Q,
                 ISA_TYPE_VF, ISA_TYPE_HF, ISA_TYPE_F, ISA_TYPE_DF,
                 X, X, X, X },
   .a16_3src_type = { X, X, X, X, X, X, X, X },
   .a1_3src_type = { { ISA_TYPE_UB, ISA_TYPE_UW, ISA_TYPE_UD, ISA_TYPE_UQ,
                       ISA_TYPE_B, ISA_TYPE_W, ISA_TYPE_D, ISA_TYPE_Q },
                     { X, ISA_TYPE_HF, ISA_TYPE_F, ISA_TYPE_DF, X, X, X, X } },
   .vs_a1_3src = { 0, 1, 3, 4 },
   .split_send_all = true, .file_is_imm_bit = true,
   .imm64_hides_cmod = true, .has_3src_a1 = true, .has_imm64 = true,
   .has_swsb = true, .has_branch_ctrl = true,
   .logic_negate_is_not = true, .exdesc_ia_lo = 16,
   .dp_msg_type_hi = 18, .urb_desc_gen8 = true,
   .send_eot_field = F_SAT, .jump_scale = 1,
   .cmp = LAYOUT(gen12_cmp), .cmp3 = LAYOUT(gen12_cmp3),
   .cmp_imm_bits = 12, .cmp_imm = { { 63, 56 }, { 55, 52 } },
};

/* Internal description of one generation's encoding: where every field
 * lives (groups of bit ranges), how hardware numbers map to isa.h values,
 * and the compaction layout.  Generic code in isa_decode.c, isa_encode.c
 * and isa_compact.c walks these tables; nothing else knows bit positions. */
#ifndef ISA_PRIV_H
#define ISA_PRIV_H

#include "isa.h"

/* Raw fields: the value of one hardware field as encoded.  Operand fields
 * come in blocks so that src0/src1/src2 share code. */
enum isa_field {
   F_OPCODE, F_ACCESS, F_MASK, F_NODDCLR, F_NODDCHK, F_QTR, F_NIB,
   F_THREAD, F_PRED, F_PREDINV, F_EXECSIZE, F_CMOD, F_ACCWR, F_CMPT,
   F_DEBUG, F_SAT, F_FLAGNR, F_FLAGSUB, F_SWSB, F_ATOMIC,
   F_DST_FILE, F_DST_TYPE, F_DST_AMODE, F_DST_HS, F_DST_NR, F_DST_SUB,
   F_DST_SUB16, F_DST_WMASK, F_DST_IASUB, F_DST_IAIMM, F_DST_EXTRA,
#define SRC_FIELDS(n) \
   F_S##n##_FILE, F_S##n##_ISIMM, F_S##n##_TYPE, F_S##n##_AMODE, F_S##n##_NEG, \
   F_S##n##_ABS, F_S##n##_NR, F_S##n##_SUB, F_S##n##_SUB16, F_S##n##_VS, \
   F_S##n##_W, F_S##n##_HS, F_S##n##_SWZ, F_S##n##_IASUB, F_S##n##_IAIMM, \
   F_S##n##_IMM, F_S##n##_REP, F_S##n##_EXTRA
   SRC_FIELDS(0), SRC_FIELDS(1), SRC_FIELDS(2),
#undef SRC_FIELDS
   /* three-source */
   F_T_SRCTYPE, F_T_S1HF, F_T_S2HF, F_T_EXECTYPE,
   /* branches */
   F_JIP, F_UIP,
   /* sends */
   F_DESC, F_EXDESC, F_DESC_REG, F_EXDESC_REG, F_EOT,
   F_COUNT
};

#define F_SRC_STRIDE (F_S1_FILE - F_S0_FILE)
#define F_SRC(n, f0) ((enum isa_field)((f0) + (n) * F_SRC_STRIDE))

/* One contiguous bit range of a field; the ranges of a field are listed
 * most significant first.  hi == GAP means "lo zero bits" (a field whose
 * value has bits the hardware does not store). */
struct isa_piece {
   uint8_t field, hi, lo;
};
#define GAP 0xff

struct isa_group {
   const struct isa_piece *p;
   uint8_t n;
};

enum isa_group_id {
   G_HDR, G_HDR3, G_CMOD,
   G_DST_A1, G_DST_A1_IND, G_DST_A16, G_DST_A16_IND,
   G_S0_A1, G_S0_A1_IND, G_S0_A16, G_S0_A16_IND, G_S0_IMM32, G_S0_IMM64,
   G_S0_TYPE,
   G_S1_A1, G_S1_A1_IND, G_S1_A16, G_S1_A16_IND, G_S1_IMM32, G_S1_TYPE,
   G_BRANCH,
   G_3SRC_A16, G_3SRC_A1, G_3SRC_A1_S0REG, G_3SRC_A1_S0IMM,
   G_3SRC_A1_S2REG, G_3SRC_A1_S2IMM,
   G_SEND,      /* split-send operand layout */
   G_PROBE,     /* fields read before the layout is known */
   G_PROBE3,    /* the same for three-source instructions */
   G_COUNT
};

/* Hardware number → isa.h value tables. */
struct isa_opmap { uint8_t op, hw; };

struct isa_compact_field {
   uint8_t chi, clo;              /* bits in the 64-bit form */
   const void *table;             /* NULL: bits copied directly */
   uint8_t table_u64;             /* entries are uint64_t */
   uint8_t table_len;
   uint8_t nat_n;                 /* native ranges, most significant first */
   struct { uint8_t hi, lo, not_if_imm; } nat[18];
};

struct isa_compact_layout {
   const struct isa_compact_field *f;
   uint8_t n;
};

struct isa_gen_desc {
   enum isa_gen gen;
   const char *name;
   uint16_t verx10;
   struct isa_group groups[G_COUNT];
   const struct isa_opmap *ops;
   uint8_t nops;
   /* hardware type numbers: 0xff = invalid */
   uint8_t reg_type[16], imm_type[16];
   uint8_t a16_3src_type[8];
   uint8_t a1_3src_type[2][8];    /* [exec type][hw] */
   uint8_t vs_a1_3src[4];         /* three-source Align1 vstride codes */
   bool split_send_all;           /* every send is a split send (Gen12) */
   bool file_is_imm_bit;          /* Gen12: IsImm + 1-bit file */
   bool branch_in_src1;           /* Gen7: JIP/UIP in the src1 immediate */
   bool imm64_hides_cmod;         /* Gen12 */
   bool has_3src_a1, has_3src_a16;
   bool has_imm64;
   uint8_t send_eot_field;        /* field holding EOT in the split form */
   /* text form and descriptor details that changed between generations */
   bool has_swsb;                 /* Gen12: SWSB instead of NoDDClr/NoDDChk,
                                   * AtomicCtrl instead of ThreadCtrl */
   bool has_branch_ctrl;          /* Gen8+: BranchCtrl on IF/ELSE, ELSE has UIP */
   bool logic_negate_is_not;      /* Gen8+: "negate" on logic ops is NOT */
   bool send_subreg16;            /* Gen9–11 split sends: 16-byte SubRegNum */
   uint8_t exdesc_ia_lo;          /* ExDesc bit of the a0 subregister */
   uint8_t dp_msg_type_hi;        /* data-port message type: bits hi..14 */
   bool urb_desc_gen8;            /* Gen8+ URB descriptor layout */
   uint8_t jump_scale;            /* bytes per JIP/UIP unit */
   /* compaction */
   struct isa_compact_layout cmp, cmp3;
   uint8_t cmp_imm_bits;          /* 13 (Gen7–11) or 12 (Gen12) */
   struct { uint8_t hi, lo; } cmp_imm[2]; /* compacted bits of the
                                           * immediate, high part first */
};

extern const struct isa_gen_desc isa_gen7_desc, isa_gen75_desc,
   isa_gen8_desc, isa_gen9_desc, isa_gen11_desc, isa_gen12_desc;

const struct isa_gen_desc *isa_gen_desc(enum isa_gen gen);

/* 128-bit helpers (ranges never cross the 64-bit boundary). */
static inline uint64_t
isa_bits(const uint64_t w[2], unsigned hi, unsigned lo)
{
   unsigned n = hi - lo + 1;
   uint64_t v = w[lo / 64] >> (lo % 64);
   return n == 64 ? v : v & ((1ull << n) - 1);
}

static inline void
isa_set_bits(uint64_t w[2], unsigned hi, unsigned lo, uint64_t v)
{
   unsigned n = hi - lo + 1;
   uint64_t m = (n == 64 ? ~0ull : ((1ull << n) - 1)) << (lo % 64);
   w[lo / 64] = (w[lo / 64] & ~m) | ((v << (lo % 64)) & m);
}

/* Field values of one instruction; extract/insert walk a group. */
struct isa_raw {
   uint64_t f[F_COUNT];
   bool present[F_COUNT];
};

void isa_group_extract(const struct isa_group *g, const uint64_t w[2],
                       struct isa_raw *raw, uint64_t cover[2]);
bool isa_group_insert(const struct isa_group *g, const struct isa_raw *raw,
                      uint64_t w[2]);

/* Mnemonic suffixes (isa_common.c): conditional modifiers, predicate
 * controls in Align1 and Align16, math and sync functions, writemasks. */
extern const char *const isa_cmod_names[16];
extern const char *const isa_pred_align1_names[16];
extern const char *const isa_pred_align16_names[16];
extern const char *const isa_math_fn_names[16];
extern const char *const isa_writemask_names[16];
extern const char *const isa_sync_fn_names[16];

extern const char *const isa_field_names[F_COUNT];

int isa_raw_encode(const struct isa_gen_desc *d, enum isa_op op,
                   const struct isa_raw *raw, uint64_t w[2],
                   enum isa_group_id ids[12]);
void isa_raw_canonical(const struct isa_gen_desc *d,
                       const enum isa_group_id *ids, int n,
                       const struct isa_raw *raw, struct isa_raw *out);

/* The groups that make up an instruction, chosen from probe fields. */
int isa_select_groups(const struct isa_gen_desc *d, enum isa_op op,
                      const struct isa_raw *probe,
                      enum isa_group_id out[12]);

enum isa_op isa_op_from_hw(const struct isa_gen_desc *d, unsigned hw);
int isa_op_to_hw(const struct isa_gen_desc *d, enum isa_op op);

/* The raw field values the text form of one instruction gives (its
 * "[field=value]" block applied), its opcode and whether it asks for the
 * compacted form (isa_asm.c). */
bool isa_asm_raw(enum isa_gen gen, const char *source, struct isa_raw *raw,
                 enum isa_op *op, bool *compacted, char *err,
                 size_t err_size);

/* Instruction <-> raw field values. */
bool isa_raw_to_inst(const struct isa_gen_desc *d, const struct isa_raw *raw,
                     struct isa_inst *inst);
bool isa_inst_to_raw(const struct isa_gen_desc *d, const struct isa_inst *inst,
                     struct isa_raw *raw);

/* Compaction tables (isa_compact_tables.c). */
extern const uint32_t isa_cmp_gen7_control[32], isa_cmp_gen7_datatype[32],
   isa_cmp_gen7_subreg[32], isa_cmp_gen7_src[32],
   isa_cmp_gen8_control[32], isa_cmp_gen8_datatype[32],
   isa_cmp_gen8_subreg[32], isa_cmp_gen8_src[32],
   isa_cmp_gen11_datatype[32],
   isa_cmp_gen12_control[32], isa_cmp_gen12_datatype[32],
   isa_cmp_gen12_subreg[32], isa_cmp_gen12_src0[16], isa_cmp_gen12_src1[16],
   isa_cmp_gen8_3src_control[4],
   isa_cmp_gen12_3src_source[32], isa_cmp_gen12_3src_subreg[32];
extern const uint64_t isa_cmp_gen8_3src_source[4],
   isa_cmp_gen12_3src_control[32];

#endif

/* Generation-independent facts: opcode names and operand counts, type
 * names and sizes, and the lookups from generation to its description. */
#include <string.h>

#include "isa_priv.h"

static const struct isa_opcode_info opcodes[ISA_OP_COUNT] = {
   [ISA_OP_ILLEGAL] = { "illegal", 0, 0 },
   [ISA_OP_MOV] = { "mov", 1, 1 }, [ISA_OP_SEL] = { "sel", 2, 1 },
   [ISA_OP_MOVI] = { "movi", 2, 1 }, [ISA_OP_NOT] = { "not", 1, 1 },
   [ISA_OP_AND] = { "and", 2, 1 }, [ISA_OP_OR] = { "or", 2, 1 },
   [ISA_OP_XOR] = { "xor", 2, 1 }, [ISA_OP_SHR] = { "shr", 2, 1 },
   [ISA_OP_SHL] = { "shl", 2, 1 }, [ISA_OP_DIM] = { "dim", 1, 1 },
   [ISA_OP_SMOV] = { "smov", 0, 0 }, [ISA_OP_ASR] = { "asr", 2, 1 },
   [ISA_OP_ROR] = { "ror", 2, 1 }, [ISA_OP_ROL] = { "rol", 2, 1 },
   [ISA_OP_CMP] = { "cmp", 2, 1 }, [ISA_OP_CMPN] = { "cmpn", 2, 1 },
   [ISA_OP_CSEL] = { "csel", 3, 1 }, [ISA_OP_F32TO16] = { "f32to16", 1, 1 },
   [ISA_OP_F16TO32] = { "f16to32", 1, 1 }, [ISA_OP_BFREV] = { "bfrev", 1, 1 },
   [ISA_OP_BFE] = { "bfe", 3, 1 }, [ISA_OP_BFI1] = { "bfi1", 2, 1 },
   [ISA_OP_BFI2] = { "bfi2", 3, 1 }, [ISA_OP_JMPI] = { "jmpi", 0, 0 },
   [ISA_OP_BRD] = { "brd", 0, 0 }, [ISA_OP_IF] = { "if", 0, 0 },
   [ISA_OP_BRC] = { "brc", 0, 0 }, [ISA_OP_ELSE] = { "else", 0, 0 },
   [ISA_OP_ENDIF] = { "endif", 0, 0 }, [ISA_OP_WHILE] = { "while", 0, 0 },
   [ISA_OP_BREAK] = { "break", 0, 0 }, [ISA_OP_CONT] = { "cont", 0, 0 },
   [ISA_OP_HALT] = { "halt", 0, 0 }, [ISA_OP_CALLA] = { "calla", 0, 0 },
   [ISA_OP_CALL] = { "call", 0, 0 }, [ISA_OP_RET] = { "ret", 0, 0 },
   [ISA_OP_GOTO] = { "goto", 0, 0 }, [ISA_OP_JOIN] = { "join", 0, 0 },
   [ISA_OP_WAIT] = { "wait", 0, 1 }, [ISA_OP_SEND] = { "send", 1, 1 },
   [ISA_OP_SENDC] = { "sendc", 1, 1 }, [ISA_OP_SENDS] = { "sends", 2, 1 },
   [ISA_OP_SENDSC] = { "sendsc", 2, 1 }, [ISA_OP_MATH] = { "math", 2, 1 },
   [ISA_OP_ADD] = { "add", 2, 1 }, [ISA_OP_MUL] = { "mul", 2, 1 },
   [ISA_OP_AVG] = { "avg", 2, 1 }, [ISA_OP_FRC] = { "frc", 1, 1 },
   [ISA_OP_RNDU] = { "rndu", 1, 1 }, [ISA_OP_RNDD] = { "rndd", 1, 1 },
   [ISA_OP_RNDE] = { "rnde", 1, 1 }, [ISA_OP_RNDZ] = { "rndz", 1, 1 },
   [ISA_OP_MAC] = { "mac", 2, 1 }, [ISA_OP_MACH] = { "mach", 2, 1 },
   [ISA_OP_LZD] = { "lzd", 1, 1 }, [ISA_OP_FBH] = { "fbh", 1, 1 },
   [ISA_OP_FBL] = { "fbl", 1, 1 }, [ISA_OP_CBIT] = { "cbit", 1, 1 },
   [ISA_OP_ADDC] = { "addc", 2, 1 }, [ISA_OP_SUBB] = { "subb", 2, 1 },
   [ISA_OP_SAD2] = { "sad2", 2, 1 }, [ISA_OP_SADA2] = { "sada2", 2, 1 },
   [ISA_OP_DP4] = { "dp4", 2, 1 }, [ISA_OP_DPH] = { "dph", 2, 1 },
   [ISA_OP_DP3] = { "dp3", 2, 1 }, [ISA_OP_DP2] = { "dp2", 2, 1 },
   [ISA_OP_DP4A] = { "dp4a", 3, 1 }, [ISA_OP_LINE] = { "line", 2, 1 },
   [ISA_OP_PLN] = { "pln", 2, 1 }, [ISA_OP_MAD] = { "mad", 3, 1 },
   [ISA_OP_LRP] = { "lrp", 3, 1 }, [ISA_OP_MADM] = { "madm", 3, 1 },
   [ISA_OP_NOP] = { "nop", 0, 0 }, [ISA_OP_SYNC] = { "sync", 1, 0 },
};

const struct isa_opcode_info *
isa_opcode_info(enum isa_op op)
{
   return op < ISA_OP_COUNT ? &opcodes[op] : &opcodes[ISA_OP_ILLEGAL];
}

static const struct { const char *name; uint8_t size; } types[ISA_TYPE_COUNT] = {
   [ISA_TYPE_UD] = { "UD", 4 }, [ISA_TYPE_D] = { "D", 4 },
   [ISA_TYPE_UW] = { "UW", 2 }, [ISA_TYPE_W] = { "W", 2 },
   [ISA_TYPE_UB] = { "UB", 1 }, [ISA_TYPE_B] = { "B", 1 },
   [ISA_TYPE_UQ] = { "UQ", 8 }, [ISA_TYPE_Q] = { "Q", 8 },
   [ISA_TYPE_HF] = { "HF", 2 }, [ISA_TYPE_F] = { "F", 4 },
   [ISA_TYPE_DF] = { "DF", 8 }, [ISA_TYPE_NF] = { "NF", 8 },
   [ISA_TYPE_UV] = { "UV", 2 }, [ISA_TYPE_V] = { "V", 2 },
   [ISA_TYPE_VF] = { "VF", 4 },
};

const char *
isa_type_name(enum isa_type type)
{
   return type < ISA_TYPE_COUNT ? types[type].name : "INVALID";
}

unsigned
isa_type_size(enum isa_type type)
{
   return type < ISA_TYPE_COUNT ? types[type].size : 1;
}

static const struct isa_gen_desc *const descs[ISA_GEN_COUNT] = {
   [ISA_GEN7] = &isa_gen7_desc, [ISA_GEN75] = &isa_gen75_desc,
   [ISA_GEN8] = &isa_gen8_desc, [ISA_GEN9] = &isa_gen9_desc,
   [ISA_GEN11] = &isa_gen11_desc, [ISA_GEN12] = &isa_gen12_desc,
};

const struct isa_gen_desc *
isa_gen_desc(enum isa_gen gen)
{
   return gen < ISA_GEN_COUNT ? descs[gen] : NULL;
}

enum isa_gen
isa_gen_from_verx10(unsigned verx10)
{
   for (unsigned g = 0; g < ISA_GEN_COUNT; g++) {
      if (descs[g]->verx10 == verx10)
         return (enum isa_gen)g;
   }
   return ISA_GEN_COUNT;
}

unsigned
isa_gen_verx10(enum isa_gen gen)
{
   return gen < ISA_GEN_COUNT ? descs[gen]->verx10 : 0;
}

const char *
isa_gen_name(enum isa_gen gen)
{
   return gen < ISA_GEN_COUNT ? descs[gen]->name : "unknown";
}

enum isa_op
isa_op_from_hw(const struct isa_gen_desc *d, unsigned hw)
{
   for (unsigned i = 0; i < d->nops; i++) {
      if (d->ops[i].hw == hw)
         return (enum isa_op)d->ops[i].op;
   }
   return ISA_OP_ILLEGAL;
}

int
isa_op_to_hw(const struct isa_gen_desc *d, enum isa_op op)
{
   for (unsigned i = 0; i < d->nops; i++) {
      if (d->ops[i].op == op)
         return d->ops[i].hw;
   }
   return -1;
}

static bool
is_branch(enum isa_op op)
{
   switch (op) {
   case ISA_OP_IF: case ISA_OP_ELSE: case ISA_OP_ENDIF: case ISA_OP_WHILE:
   case ISA_OP_BREAK: case ISA_OP_CONT: case ISA_OP_HALT:
   case ISA_OP_BRD: case ISA_OP_BRC: case ISA_OP_CALL: case ISA_OP_GOTO:
   case ISA_OP_JOIN:
      return true;
   default:
      return false;
   }
}

enum isa_form
isa_op_form(enum isa_gen gen, enum isa_op op)
{
   const struct isa_gen_desc *d = isa_gen_desc(gen);
   if (op == ISA_OP_SENDS || op == ISA_OP_SENDSC)
      return ISA_FORM_SPLIT_SEND;
   if ((op == ISA_OP_SEND || op == ISA_OP_SENDC) && d->split_send_all)
      return ISA_FORM_SPLIT_SEND;
   if (is_branch(op))
      return ISA_FORM_BRANCH;
   if (isa_opcode_info(op)->nsrc == 3)
      return ISA_FORM_3SRC;
   return ISA_FORM_BASIC;
}

/* UIP (where the channels that left reconverge) exists on IF, BREAK, CONT,
 * HALT, BRC and GOTO, and on ELSE from Gen8 (PRM Vol 2a, per opcode). */
bool
isa_branch_has_uip(enum isa_gen gen, enum isa_op op)
{
   switch (op) {
   case ISA_OP_IF: case ISA_OP_BREAK: case ISA_OP_CONT: case ISA_OP_HALT:
   case ISA_OP_BRC: case ISA_OP_GOTO:
      return true;
   case ISA_OP_ELSE:
      return isa_gen_desc(gen)->has_branch_ctrl;
   default:
      return false;
   }
}

/* Mnemonic suffixes, shared by the disassembler and the assembler so the
 * text each writes is the text the other reads. */
const char *const isa_cmod_names[16] = { "", ".z", ".nz", ".g", ".ge", ".l",
                                       ".le", ".r", ".o", ".u" };
const char *const isa_pred_align1_names[16] = {
   "", "", ".anyv", ".allv", ".any2h", ".all2h", ".any4h", ".all4h",
   ".any8h", ".all8h", ".any16h", ".all16h", ".any32h", ".all32h",
};
const char *const isa_pred_align16_names[16] = { "", "", ".x", ".y", ".z", ".w",
                                          ".any4h", ".all4h" };
/* Align16 destination writemasks; all four channels print nothing. */
const char *const isa_writemask_names[16] = {
   ".", ".x", ".y", ".xy", ".z", ".xz", ".yz", ".xyz", ".w", ".xw",
   ".yw", ".xyw", ".zw", ".xzw", ".yzw", "" };
const char *const isa_math_fn_names[16] = {
   [1] = "inv", [2] = "log", [3] = "exp", [4] = "sqrt", [5] = "rsq",
   [6] = "sin", [7] = "cos", [8] = "sincos", [9] = "fdiv", [10] = "pow",
   [11] = "intdivmod", [12] = "intdiv", [13] = "intmod", [14] = "invm",
   [15] = "rsqrtm",
};
const char *const isa_sync_fn_names[16] = { [0] = "nop", [2] = "allrd",
                                          [3] = "allwr", [13] = "fence",
                                          [14] = "bar", [15] = "host" };

/* MI_MATH (Haswell+): a list of ALU instructions over the command
 * streamer's sixteen 64-bit GPRs and its SRCA/SRCB/ACCU/ZF/CF registers
 * (PRM Vol. 2a "MI_MATH" and Vol. 7 "Command Streamer ALU").  Each dword is
 * opcode[31:20], operand1[19:10], operand2[9:0]. */
#include "vgpu_cs.h"

enum {
   ALU_NOOP = 0x000,
   ALU_LOAD = 0x080,
   ALU_LOAD0 = 0x081,
   ALU_LOADINV = 0x480,
   ALU_LOAD1 = 0x481,
   ALU_ADD = 0x100,
   ALU_SUB = 0x101,
   ALU_AND = 0x102,
   ALU_OR = 0x103,
   ALU_XOR = 0x104,
   ALU_STORE = 0x180,
   ALU_STOREINV = 0x580,
};

enum {
   OPND_R0 = 0x00,    /* ...R15 = 0x0f */
   OPND_SRCA = 0x20,
   OPND_SRCB = 0x21,
   OPND_ACCU = 0x31,
   OPND_ZF = 0x32,
   OPND_CF = 0x33,
};

struct alu {
   uint64_t srca, srcb, accu;
   bool zf, cf;
};

/* Flags read as all ones when set, as drivers rely on for masks. */
static bool
read_operand(struct vgpu_cs *cs, const struct alu *alu, unsigned opnd,
             uint64_t *value)
{
   if (opnd <= OPND_R0 + 15) {
      *value = vgpu_cs_read_reg64(cs, REG_CS_GPR(opnd));
      return true;
   }
   switch (opnd) {
   case OPND_SRCA: *value = alu->srca; return true;
   case OPND_SRCB: *value = alu->srcb; return true;
   case OPND_ACCU: *value = alu->accu; return true;
   case OPND_ZF: *value = alu->zf ? ~0ull : 0; return true;
   case OPND_CF: *value = alu->cf ? ~0ull : 0; return true;
   default: return false;
   }
}

static bool
load(struct alu *alu, unsigned dst, uint64_t value)
{
   if (dst == OPND_SRCA)
      alu->srca = value;
   else if (dst == OPND_SRCB)
      alu->srcb = value;
   else
      return false;
   return true;
}

static void
set_result(struct alu *alu, uint64_t result, bool carry)
{
   alu->accu = result;
   alu->zf = result == 0;
   alu->cf = carry;
}

/* Returns false for an encoding the ALU does not define (a hang). */
static bool
execute(struct vgpu_cs *cs, struct alu *alu, uint32_t inst)
{
   const unsigned op = inst >> 20, a = (inst >> 10) & 0x3ff, b = inst & 0x3ff;
   uint64_t v;
   switch (op) {
   case ALU_NOOP:
      return true;
   case ALU_LOAD:
   case ALU_LOADINV:
      if (!read_operand(cs, alu, b, &v))
         return false;
      return load(alu, a, op == ALU_LOADINV ? ~v : v);
   case ALU_LOAD0:
   case ALU_LOAD1:
      return load(alu, a, op == ALU_LOAD1 ? 1 : 0);
   case ALU_ADD:
      set_result(alu, alu->srca + alu->srcb, alu->srca + alu->srcb < alu->srca);
      return true;
   case ALU_SUB:
      set_result(alu, alu->srca - alu->srcb, alu->srca < alu->srcb);
      return true;
   case ALU_AND:
      set_result(alu, alu->srca & alu->srcb, false);
      return true;
   case ALU_OR:
      set_result(alu, alu->srca | alu->srcb, false);
      return true;
   case ALU_XOR:
      set_result(alu, alu->srca ^ alu->srcb, false);
      return true;
   case ALU_STORE:
   case ALU_STOREINV:
      if (a > OPND_R0 + 15 || !read_operand(cs, alu, b, &v))
         return false;
      vgpu_cs_write_reg64(cs, REG_CS_GPR(a), op == ALU_STOREINV ? ~v : v);
      return true;
   default:
      return false;
   }
}

bool
vgpu_mi_math(struct vgpu_cs *cs, const uint32_t *dw, unsigned len)
{
   struct alu alu = { 0 };
   for (unsigned i = 1; i < len; i++) {
      if (!execute(cs, &alu, dw[i]))
         return false;
   }
   return true;
}

/* MI_PREDICATE (IVB+ PRM Vol. 2a, MI_PREDICATE): three steps, in the
 * order of the fields' definitions.  The Compare Operation gives the
 * compare result; the Combine Operation merges it with the current
 * predicate (SET: the compare result alone); the Load Operation then
 * keeps the predicate unchanged (KEEP) or loads the combine result
 * (LOAD) or its inverse (LOADINV).  The inversion applies to the
 * combination, not to the compare result: "predicate = !predicate" is
 * LOADINV with COMBINE_OR and COMPARE_FALSE, as Mesa's Gen7 indirect
 * dispatch writes it.  DELTAS_EQUAL compares against values of an
 * earlier predicate command that vgpu does not track yet: it is refused
 * as a hang rather than guessed. */
bool
vgpu_mi_predicate(struct vgpu_cs *cs, uint32_t dw0)
{
   enum { COMPARE_TRUE, COMPARE_FALSE, COMPARE_SRCS_EQUAL, COMPARE_DELTAS_EQUAL };
   enum { COMBINE_SET, COMBINE_AND, COMBINE_OR, COMBINE_XOR };
   enum { LOAD_KEEP = 0, LOAD_LOAD = 2, LOAD_LOADINV = 3 };
   const unsigned compare = dw0 & 3, combine = (dw0 >> 3) & 3, load = (dw0 >> 6) & 3;

   bool c;
   switch (compare) {
   case COMPARE_TRUE: c = true; break;
   case COMPARE_FALSE: c = false; break;
   case COMPARE_SRCS_EQUAL:
      c = vgpu_cs_read_reg64(cs, REG_PREDICATE_SRC0) ==
          vgpu_cs_read_reg64(cs, REG_PREDICATE_SRC1);
      break;
   default:
      return false;
   }
   const bool p = vgpu_cs_read_reg32(cs, REG_PREDICATE_RESULT) & 1;
   bool combined;
   switch (combine) {
   case COMBINE_SET: combined = c; break;
   case COMBINE_AND: combined = p && c; break;
   case COMBINE_OR: combined = p || c; break;
   default: combined = p != c; break;
   }
   switch (load) {
   case LOAD_KEEP: return true;
   case LOAD_LOAD: break;
   case LOAD_LOADINV: combined = !combined; break;
   default: return false;
   }
   vgpu_cs_write_reg32(cs, REG_PREDICATE_RESULT, combined);
   return true;
}

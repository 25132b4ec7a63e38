/* The render command streamer: walks a submitted batch, follows
 * MI_BATCH_BUFFER_START chains (first and second level), executes the MI
 * commands that move data and PIPE_CONTROL post-sync writes, and steps over
 * every other command by its length.  3D and GPGPU commands are where the
 * pipeline models plug in (execute_gfx below: the 3D pipeline first, then
 * GPGPU).
 *
 * Any access outside the submission's objects is a GPU page fault and a
 * batch that does not end within a bound is a hang; both stop execution
 * and are reported through exec->fault. */
#include <stdlib.h>
#include <string.h>

#include "macros.h"
#include "vgpu_3d.h"
#include "vgpu_cmd.h"
#include "vgpu_cs.h"
#include "vgpu_gpgpu.h"
#include "vgpu_priv.h"

/* Commands a batch may execute before vgpu declares it hung: far more than
 * any real batch, small enough that a chain loop is caught in a second. */
#define CS_COMMAND_BUDGET (16u << 20)

struct vgpu_cs {
   struct vgpu_exec *exec;
   uint32_t *regs;
   uint64_t ip;
   uint64_t return_ip;       /* where a second-level batch returns to */
   bool second_level;
   bool ended;
   const bool wide;          /* Gen8+: 48-bit addresses in two dwords */
};

/* ---- registers ---- */

uint32_t
vgpu_cs_read_reg32(struct vgpu_cs *cs, uint32_t offset)
{
   offset &= ~3u;
   /* TIMESTAMP counts on its own; the rest keep what was last written. */
   if (offset == REG_TIMESTAMP)
      return (uint32_t)vgpu_timestamp_now();
   if (offset == REG_TIMESTAMP + 4)
      return (uint32_t)(vgpu_timestamp_now() >> 32);
   return offset / 4 < VGPU_NUM_REGS ? cs->regs[offset / 4] : 0;
}

void
vgpu_cs_write_reg32(struct vgpu_cs *cs, uint32_t offset, uint32_t value)
{
   offset &= ~3u;
   if (offset / 4 < VGPU_NUM_REGS)
      cs->regs[offset / 4] = value;
}

uint64_t
vgpu_cs_read_reg64(struct vgpu_cs *cs, uint32_t offset)
{
   return vgpu_cs_read_reg32(cs, offset) |
          (uint64_t)vgpu_cs_read_reg32(cs, offset + 4) << 32;
}

void
vgpu_cs_write_reg64(struct vgpu_cs *cs, uint32_t offset, uint64_t value)
{
   vgpu_cs_write_reg32(cs, offset, (uint32_t)value);
   vgpu_cs_write_reg32(cs, offset + 4, (uint32_t)(value >> 32));
}

uint64_t
vgpu_cs_ip(const struct vgpu_cs *cs)
{
   return cs->ip;
}

/* The register a command names: absolute, or relative to the render
 * engine's MMIO base when the command's relative bit is set (Gen11+). */
static uint32_t
reg_operand(uint32_t dw0, uint32_t raw, uint32_t relative_bit)
{
   uint32_t offset = raw & 0x7ffffc;
   if (vgpu.info->ver >= 11 && (dw0 & relative_bit))
      offset += RCS_MMIO_START;
   return offset;
}

/* ---- memory ---- */

static uint64_t
addr_at(const struct vgpu_cs *cs, const uint32_t *dw)
{
   if (cs->wide)
      return (dw[0] & ~3u) | ((uint64_t)(dw[1] & 0xffff) << 32);
   return dw[0] & ~3u;
}

static void *
gpu_ptr(struct vgpu_cs *cs, uint64_t addr, uint64_t len, const char *what)
{
   void *p = vgpu_exec_map(cs->exec, addr, len);
   if (!p)
      vgpu_exec_fault(cs->exec, addr, what);
   return p;
}

static void
mem_write(struct vgpu_cs *cs, uint64_t addr, const void *data, uint64_t len,
          const char *what)
{
   void *p = gpu_ptr(cs, addr, len, what);
   if (p)
      memcpy(p, data, len);
}

static bool
mem_read32(struct vgpu_cs *cs, uint64_t addr, uint32_t *value, const char *what)
{
   void *p = gpu_ptr(cs, addr, 4, what);
   if (p)
      memcpy(value, p, 4);
   return p != NULL;
}

/* ---- MI commands ---- */

static void
mi_store_data_imm(struct vgpu_cs *cs, const uint32_t *dw, unsigned len)
{
   /* Gen7: DW1 is control, DW2 the address.  Gen8+: DW1-2 the address. */
   const uint32_t *addr_dw = cs->wide ? &dw[1] : &dw[2];
   unsigned data_dws = len - 3;
   mem_write(cs, addr_at(cs, addr_dw), &dw[3], data_dws * 4,
             "MI_STORE_DATA_IMM destination");
}

static void
mi_load_register_imm(struct vgpu_cs *cs, const uint32_t *dw, unsigned len)
{
   for (unsigned i = 1; i + 1 < len; i += 2)
      vgpu_cs_write_reg32(cs, reg_operand(dw[0], dw[i], MI_ADD_CS_MMIO_START), dw[i + 1]);
}

/* Haswell+: with Predicate Enable the store happens only while
 * MI_PREDICATE_RESULT is set (PRM Vol. 2a, MI_STORE_REGISTER_MEM). */
static void
mi_store_register_mem(struct vgpu_cs *cs, const uint32_t *dw)
{
   if (vgpu.info->verx10 >= 75 && (dw[0] & MI_SRM_PREDICATE_ENABLE) &&
       !(vgpu_cs_read_reg32(cs, REG_PREDICATE_RESULT) & 1))
      return;
   uint32_t value = vgpu_cs_read_reg32(cs, reg_operand(dw[0], dw[1], MI_ADD_CS_MMIO_START));
   mem_write(cs, addr_at(cs, &dw[2]), &value, 4,
             "MI_STORE_REGISTER_MEM destination");
}

static void
mi_load_register_mem(struct vgpu_cs *cs, const uint32_t *dw)
{
   uint32_t value;
   if (mem_read32(cs, addr_at(cs, &dw[2]), &value, "MI_LOAD_REGISTER_MEM source"))
      vgpu_cs_write_reg32(cs, reg_operand(dw[0], dw[1], MI_ADD_CS_MMIO_START), value);
}

static void
mi_load_register_reg(struct vgpu_cs *cs, const uint32_t *dw)
{
   uint32_t src = reg_operand(dw[0], dw[1], MI_LRR_ADD_CS_MMIO_START_SRC);
   uint32_t dst = reg_operand(dw[0], dw[2], MI_ADD_CS_MMIO_START);
   vgpu_cs_write_reg32(cs, dst, vgpu_cs_read_reg32(cs, src));
}

static void
mi_copy_mem_mem(struct vgpu_cs *cs, const uint32_t *dw)
{
   const unsigned step = cs->wide ? 2 : 1;
   uint64_t dst = addr_at(cs, &dw[1]);
   uint64_t src = addr_at(cs, &dw[1 + step]);
   uint32_t value;
   if (mem_read32(cs, src, &value, "MI_COPY_MEM_MEM source"))
      mem_write(cs, dst, &value, 4, "MI_COPY_MEM_MEM destination");
}

static void
post_sync_write(struct vgpu_cs *cs, unsigned op, uint64_t addr, const uint32_t *imm,
                const char *what)
{
   uint64_t value;
   switch (op) {
   case POST_SYNC_WRITE_IMMEDIATE:
      value = imm[0] | ((uint64_t)imm[1] << 32);
      break;
   case POST_SYNC_WRITE_TIMESTAMP:
      value = vgpu_timestamp_now();
      break;
   case POST_SYNC_WRITE_DEPTH_COUNT:
      /* The samples that passed the depth and stencil tests so far: the
       * pixel stage counts them into PS_DEPTH_COUNT (3d/vgpu_om.c). */
      value = vgpu_cs_read_reg64(cs, REG_PS_DEPTH_COUNT);
      break;
   default:
      return;
   }
   mem_write(cs, addr, &value, 8, what);
}

static void
mi_flush_dw(struct vgpu_cs *cs, const uint32_t *dw)
{
   unsigned op = (dw[0] >> 14) & 3;
   const unsigned step = cs->wide ? 2 : 1;
   post_sync_write(cs, op, addr_at(cs, &dw[1]) & ~7ull, &dw[1 + step],
                   "MI_FLUSH_DW post-sync write");
}

static void
pipe_control(struct vgpu_cs *cs, const uint32_t *dw)
{
   unsigned op = (dw[1] >> 14) & 3;
   const unsigned step = cs->wide ? 2 : 1;
   post_sync_write(cs, op, addr_at(cs, &dw[2]) & ~7ull, &dw[2 + step],
                   "PIPE_CONTROL post-sync write");
}

static void
mi_batch_buffer_start(struct vgpu_cs *cs, const uint32_t *dw, unsigned len)
{
   /* Gen8+: a predicated start is skipped while the predicate is false. */
   if (cs->wide && (dw[0] & MI_BBS_PREDICATION_ENABLE) &&
       !(vgpu_cs_read_reg32(cs, REG_PREDICATE_RESULT) & 1)) {
      cs->ip += len * 4;
      return;
   }
   uint64_t target = addr_at(cs, &dw[1]);
   /* Haswell added second-level batches: they return to the command after
    * the MI_BATCH_BUFFER_START when they end.  Anything else chains. */
   bool call = (dw[0] & MI_BBS_SECOND_LEVEL) && vgpu.info->verx10 >= 75 &&
               !cs->second_level;
   if (call) {
      cs->return_ip = cs->ip + len * 4;
      cs->second_level = true;
   }
   cs->ip = target;
}

static void
mi_batch_buffer_end(struct vgpu_cs *cs)
{
   if (cs->second_level) {
      cs->second_level = false;
      cs->ip = cs->return_ip;
      return;
   }
   cs->ended = true;
}

/* ---- decoding ---- */

/* The comparisons of MI_SEMAPHORE_WAIT and of Gen12's
 * MI_CONDITIONAL_BATCH_BUFFER_END (DW0 bits 14:12): the dword fetched from
 * memory against the inline data dword. */
static bool
compare_holds(unsigned op, uint32_t mem, uint32_t data)
{
   enum { MAD_GT_IDD, MAD_GE_IDD, MAD_LT_IDD, MAD_LE_IDD, MAD_EQ_IDD, MAD_NE_IDD };
   switch (op) {
   case MAD_GT_IDD: return mem > data;
   case MAD_GE_IDD: return mem >= data;
   case MAD_LT_IDD: return mem < data;
   case MAD_LE_IDD: return mem <= data;
   case MAD_EQ_IDD: return mem == data;
   case MAD_NE_IDD: return mem != data;
   default: return false;
   }
}

/* MI_SEMAPHORE_WAIT (Gen8+): DW0 bits 14:12 compare the semaphore data
 * dword (DW1) with the dword at the address (DW2-3).  Batches run inside
 * EXECBUFFER2, so nothing but the batch itself can change that memory
 * while it waits: a condition that does not hold is reported as the hang
 * it would be. */
static void
mi_semaphore_wait(struct vgpu_cs *cs, const uint32_t *dw, unsigned len)
{
   if (len < 4)
      return;
   uint32_t mem;
   if (!mem_read32(cs, addr_at(cs, &dw[2]), &mem, "MI_SEMAPHORE_WAIT address"))
      return;
   if (!compare_holds((dw[0] >> 12) & 7, mem, dw[1]))
      vgpu_exec_fault(cs->exec, cs->ip, "MI_SEMAPHORE_WAIT on a condition that does "
                      "not hold (vgpu runs batches synchronously)");
}

/* MI_CONDITIONAL_BATCH_BUFFER_END (PRM Vol 2a): with Compare Semaphore
 * (bit 21) clear the parser goes on; set, the dword at Compare Address is
 * compared with the Compare Data Dword (DW1) and the batch goes on while
 * the comparison holds — memory greater than data before Gen12, the
 * operation of bits 14:12 on Gen12.  Compare Mask Mode (Gen9+, bit 19)
 * fetches a qword instead: the low dword masks the high one.  Ending
 * leaves every batch level, except that Gen12's End Current Batch Buffer
 * Level (bit 18) ends only this one, like MI_BATCH_BUFFER_END.  Returns
 * true when a level ended (cs->ip then points where execution goes on). */
static bool
mi_conditional_batch_buffer_end(struct vgpu_cs *cs, const uint32_t *dw, unsigned len)
{
   const uint32_t compare_semaphore = 1u << 21, mask_mode = 1u << 19,
                  current_level = 1u << 18;
   if (!(dw[0] & compare_semaphore) || len < (cs->wide ? 4u : 3u))
      return false;
   uint64_t addr = addr_at(cs, &dw[2]);
   bool masked = vgpu.info->ver >= 9 && (dw[0] & mask_mode);
   uint32_t mem[2];
   void *p = gpu_ptr(cs, addr, masked ? 8 : 4, "MI_CONDITIONAL_BATCH_BUFFER_END address");
   if (!p)
      return false;
   memcpy(mem, p, masked ? 8 : 4);
   uint32_t value = masked ? mem[0] & mem[1] : mem[0];
   bool gen12 = vgpu.info->ver >= 12;
   if (compare_holds(gen12 ? (dw[0] >> 12) & 7 : 0, value, dw[1]))
      return false;
   if (gen12 && (dw[0] & current_level)) {
      mi_batch_buffer_end(cs);
      return true;
   }
   cs->second_level = false;
   cs->ended = true;
   return true;
}

static void
mi_math(struct vgpu_cs *cs, const uint32_t *dw, unsigned len)
{
   if (vgpu.info->verx10 < 75 || !vgpu_mi_math(cs, dw, len))
      vgpu_exec_fault(cs->exec, cs->ip, "MI_MATH with an undefined ALU instruction");
}

static void
mi_predicate(struct vgpu_cs *cs, uint32_t dw0)
{
   if (!vgpu_mi_predicate(cs, dw0))
      vgpu_exec_fault(cs->exec, cs->ip, "MI_PREDICATE operation not modelled");
}

static void
execute_mi(struct vgpu_cs *cs, const uint32_t *dw, unsigned len)
{
   switch (MI_OPCODE(dw[0])) {
   case MI_OP_MATH: mi_math(cs, dw, len); break;
   case MI_OP_SEMAPHORE_WAIT:
      if (cs->wide)
         mi_semaphore_wait(cs, dw, len);
      break;
   case MI_OP_PREDICATE: mi_predicate(cs, dw[0]); break;
   case MI_OP_STORE_DATA_IMM: mi_store_data_imm(cs, dw, len); break;
   case MI_OP_LOAD_REGISTER_IMM: mi_load_register_imm(cs, dw, len); break;
   case MI_OP_STORE_REGISTER_MEM: mi_store_register_mem(cs, dw); break;
   case MI_OP_LOAD_REGISTER_MEM: mi_load_register_mem(cs, dw); break;
   case MI_OP_LOAD_REGISTER_REG: mi_load_register_reg(cs, dw); break;
   case MI_OP_COPY_MEM_MEM: mi_copy_mem_mem(cs, dw); break;
   case MI_OP_FLUSH_DW: mi_flush_dw(cs, dw); break;
   default: break;  /* MI_NOOP, arbitration, semaphores...: no effect here */
   }
}

static void
execute_gfx(struct vgpu_cs *cs, const uint32_t *dw, unsigned len)
{
   switch (dw[0] & GFX_OPCODE_MASK) {
   case GFX_PIPE_CONTROL:
      pipe_control(cs, dw);
      break;
   default:
      if (!vgpu_3d_command(cs, cs->exec, dw, len))
         vgpu_gpgpu_command(cs, cs->exec, dw, len);
      break;
   }
}

/* Advances past one command; false when execution stops. */
static bool
step(struct vgpu_cs *cs)
{
   const uint32_t *head = gpu_ptr(cs, cs->ip, 4, "command fetch");
   if (!head)
      return false;
   int len = vgpu_cmd_length(head[0]);
   if (len <= 0) {
      vgpu_exec_fault(cs->exec, cs->ip, "invalid command header");
      return false;
   }
   const uint32_t *dw = gpu_ptr(cs, cs->ip, (uint64_t)len * 4, "command fetch");
   if (!dw)
      return false;
   vgpu_rules_check(cs->exec, &cs->exec->ctx->rules, dw, len, cs->ip);
   if (cs->exec->fault)
      return false;

   if (CMD_TYPE(dw[0]) == CMD_TYPE_MI) {
      switch (MI_OPCODE(dw[0])) {
      case MI_OP_BATCH_BUFFER_END:
         mi_batch_buffer_end(cs);
         return !cs->ended;
      case MI_OP_BATCH_BUFFER_START:
         mi_batch_buffer_start(cs, dw, len);
         return true;
      case MI_OP_CONDITIONAL_BATCH_BUFFER_END:
         if (mi_conditional_batch_buffer_end(cs, dw, len))
            return !cs->ended;
         break;
      default:
         execute_mi(cs, dw, len);
         break;
      }
   } else if (CMD_TYPE(dw[0]) == CMD_TYPE_GFX) {
      execute_gfx(cs, dw, len);
   }
   cs->ip += (uint64_t)len * 4;
   return !cs->exec->fault;
}

void
vgpu_cs_execute(struct vgpu_exec *exec)
{
   struct vgpu_context *ctx = exec->ctx;
   if (!ctx->regs) {
      ctx->regs = calloc(VGPU_NUM_REGS, sizeof(uint32_t));
      if (!ctx->regs) {
         vgpu_exec_fault(exec, 0, "out of memory for context state");
         return;
      }
   }
   vgpu_rules_batch_start(&ctx->rules);
   struct vgpu_cs cs = {
      .exec = exec,
      .regs = ctx->regs,
      .ip = exec->batch_start,
      .wide = vgpu.info->ver >= 8,
   };
   for (uint32_t n = 0; n < CS_COMMAND_BUDGET; n++) {
      if (!step(&cs))
         return;
   }
   vgpu_exec_fault(exec, cs.ip, "batch did not end (runaway or chain loop)");
}

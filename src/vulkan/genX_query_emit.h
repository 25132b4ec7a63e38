/* The MI commands and PIPE_CONTROLs that queries, events and transform
 * feedback emit, per generation (included by genX_cmd_query.c,
 * genX_cmd_event.c and genX_gfx_xfb.c only).
 * Addresses are full GPU addresses; on Gen7 each is recorded as a
 * relocation through the genxml address hook. */
#ifndef GVK_GENX_QUERY_EMIT_H
#define GVK_GENX_QUERY_EMIT_H

#include <stdbool.h>
#include <stdint.h>

#include "genX_cmd.h"
#include "gvk_query.h"

/* Packs command CMD, with the fields given as designated initializers,
 * into the command buffer's batch. */
#define gvk_query_emit(cmd, CMD, ...)                                        \
   gvk_batch_emit(&(cmd)->batch, CMD, emit_v_)                              \
      emit_v_ = (struct GENX(CMD)){ GENX(CMD##_header), __VA_ARGS__ }

/* Waits until the work before has completed, after the flushes and
 * invalidations barriers left pending. */
static inline void
genX(emit_stall)(struct gvk_cmd_buffer *cmd)
{
   genX(cmd_apply_pipe_bits)(cmd);
   genX(emit_pipe_control)(cmd, GVK_PIPE_CS_STALL);
}

/* A post-sync write of 8 bytes at addr once the work before has
 * completed (genX(emit_pipe_control_write) stalls the command streamer
 * too, so the MI commands after it see the write). */
static inline void
genX(emit_post_sync)(struct gvk_cmd_buffer *cmd, enum gvk_post_sync op,
                     uint64_t addr, uint64_t imm)
{
   genX(cmd_apply_pipe_bits)(cmd);
   genX(emit_pipe_control_write)(cmd, GVK_PIPE_CS_STALL, op, addr, imm);
}

/* PS_DEPTH_COUNT at addr (or, addr 0, only the stall that makes it
 * final): the depth stall makes the count include every pixel of the
 * draws before it (PRM Vol. 2a, PIPE_CONTROL, "Write PS Depth Count",
 * "Depth Stall Enable"). */
static inline void
genX(emit_depth_count)(struct gvk_cmd_buffer *cmd, uint64_t addr)
{
   genX(cmd_apply_pipe_bits)(cmd);
   gvk_query_emit(cmd, PIPE_CONTROL, .command_streamer_stall_enable = true,
                  .depth_stall_enable = true,
                  .post_sync_operation = addr ? GVK_POST_SYNC_WRITE_PS_DEPTH_COUNT
                                              : GVK_POST_SYNC_NONE,
                  .address = addr);
}

static inline void
genX(emit_store_imm64)(struct gvk_cmd_buffer *cmd, uint64_t addr, uint64_t value)
{
#if GFX_VER >= 8
   gvk_query_emit(cmd, MI_STORE_DATA_IMM, .store_qword = 1, .address = addr,
                  .immediate_data = value);
#else
   gvk_query_emit(cmd, MI_STORE_DATA_IMM, .address = addr, .immediate_data = value);
#endif
}

static inline void
genX(emit_load_reg_imm)(struct gvk_cmd_buffer *cmd, uint32_t reg, uint32_t value)
{
   gvk_query_emit(cmd, MI_LOAD_REGISTER_IMM, .register_offset = reg,
                  .data_dword = value);
}

/* MI_STORE_REGISTER_MEM stores one dword.  predicated: only while
 * MI_PREDICATE_RESULT is set (Haswell+). */
static inline void
genX(emit_store_reg)(struct gvk_cmd_buffer *cmd, uint32_t reg, uint64_t addr,
                     bool predicated)
{
#if GFX_VERx10 >= 75
   gvk_query_emit(cmd, MI_STORE_REGISTER_MEM, .register_address = reg,
                  .memory_address = addr, .predicate_enable = predicated);
#else
   (void)predicated;
   gvk_query_emit(cmd, MI_STORE_REGISTER_MEM, .register_address = reg,
                  .memory_address = addr);
#endif
}

static inline void
genX(emit_store_reg64)(struct gvk_cmd_buffer *cmd, uint32_t reg, uint64_t addr)
{
   genX(emit_store_reg)(cmd, reg, addr, false);
   genX(emit_store_reg)(cmd, reg + 4, addr + 4, false);
}

static inline void
genX(emit_load_reg64)(struct gvk_cmd_buffer *cmd, uint32_t reg, uint64_t addr)
{
   gvk_query_emit(cmd, MI_LOAD_REGISTER_MEM, .register_address = reg,
                  .memory_address = addr);
   gvk_query_emit(cmd, MI_LOAD_REGISTER_MEM, .register_address = reg + 4,
                  .memory_address = addr + 4);
}

#if GFX_VERx10 >= 75
/* The command streamer's 64-bit general purpose registers. */
#define GVK_GPR(n) (GENX(CS_GPR0_num) + 8 * (n))
/* ALU opcodes and operands (PRM Vol. 2a, MI_MATH; genxml
 * MI_MATH_ALU_INSTRUCTION). */
enum { GVK_ALU_LOAD = 0x080, GVK_ALU_LOAD0 = 0x081, GVK_ALU_ADD = 0x100,
       GVK_ALU_SUB = 0x101, GVK_ALU_AND = 0x102, GVK_ALU_STORE = 0x180 };
#define GVK_ALU_OPND(name) GENX(ALU_OPERAND_##name)

static inline uint32_t
genX(mi_alu)(uint32_t opcode, uint32_t operand1, uint32_t operand2)
{
   struct GENX(MI_MATH_ALU_INSTRUCTION) inst = {
      .alu_opcode = opcode, .operand_1 = operand1, .operand_2 = operand2,
   };
   uint32_t dw;
   GENX(MI_MATH_ALU_INSTRUCTION_pack)(NULL, &dw, &inst);
   return dw;
}

/* The four ALU instructions of GPR dst = GPR a op GPR b, at insts. */
static inline void
genX(mi_gpr_op)(uint32_t insts[4], uint32_t op, uint32_t dst, uint32_t a, uint32_t b)
{
   insts[0] = genX(mi_alu)(GVK_ALU_LOAD, GVK_ALU_OPND(SRCA), GVK_ALU_OPND(REG0) + a);
   insts[1] = genX(mi_alu)(GVK_ALU_LOAD, GVK_ALU_OPND(SRCB), GVK_ALU_OPND(REG0) + b);
   insts[2] = genX(mi_alu)(op, 0, 0);
   insts[3] = genX(mi_alu)(GVK_ALU_STORE, GVK_ALU_OPND(REG0) + dst, GVK_ALU_OPND(ACCU));
}

static inline void
genX(emit_load_gpr_imm)(struct gvk_cmd_buffer *cmd, uint32_t gpr, uint64_t value)
{
   genX(emit_load_reg_imm)(cmd, GVK_GPR(gpr), (uint32_t)value);
   genX(emit_load_reg_imm)(cmd, GVK_GPR(gpr) + 4, (uint32_t)(value >> 32));
}

/* GPR dst = GPR src's high dword (a right shift by 32). */
static inline void
genX(emit_gpr_high)(struct gvk_cmd_buffer *cmd, uint32_t dst, uint32_t src)
{
   gvk_query_emit(cmd, MI_LOAD_REGISTER_REG, .source_register_address = GVK_GPR(src) + 4,
                  .destination_register_address = GVK_GPR(dst));
   genX(emit_load_reg_imm)(cmd, GVK_GPR(dst) + 4, 0);
}

/* MI_MATH with n ALU instructions (packed MI_MATH_ALU_INSTRUCTIONs). */
static inline void
genX(emit_math)(struct gvk_cmd_buffer *cmd, const uint32_t *insts, uint32_t n)
{
   struct GENX(MI_MATH) math = { GENX(MI_MATH_header) };
   math.dword_length = n - 1;
   uint32_t *dw = gvk_batch_alloc(&cmd->batch, 1 + n, 4);
   GENX(MI_MATH_pack)(&cmd->batch, dw, &math);
   for (uint32_t i = 0; i < n; i++)
      dw[1 + i] = insts[i];
}

/* MI_PREDICATE_RESULT = (MI_PREDICATE_SRC0 != MI_PREDICATE_SRC1): load
 * the inverted SRCS_EQUAL comparison (PRM Vol. 2a, MI_PREDICATE). */
static inline void
genX(emit_predicate_not_equal)(struct gvk_cmd_buffer *cmd)
{
   enum { LOAD_LOADINV = 3, COMBINE_SET = 0, COMPARE_SRCS_EQUAL = 2 };
   gvk_query_emit(cmd, MI_PREDICATE, .load_operation = LOAD_LOADINV,
                  .combine_operation = COMBINE_SET,
                  .compare_operation = COMPARE_SRCS_EQUAL);
}
#endif

/* The event half of a generation's gvk_genx_query_cmds (genX_cmd_event.c). */
void genX(cmd_set_event)(struct gvk_cmd_buffer *cmd, struct gvk_event *event,
                         uint32_t value, VkPipelineStageFlags2 src_stages);
void genX(cmd_wait_event)(struct gvk_cmd_buffer *cmd, struct gvk_event *event);

#endif

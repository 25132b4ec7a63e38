/* Internal state of the SPIR-V front end (spirv_parse.c, spirv_function.c,
 * spirv_glsl.c). */
#ifndef SPIRV_PRIVATE_H
#define SPIRV_PRIVATE_H

#include <setjmp.h>

#include "ir_builder.h"
#include "spirv.h"

#include <spirv/unified1/spirv.h>

/* Records tessellation execution mode `mode` (a SpvExecutionMode) in
 * *in; other modes leave it unchanged (spirv_modes.c). */
void spirv_tess_mode(struct ir_stage_info *in, uint32_t mode);
/* The stage of a SPIR-V Execution Model; false for one not translated. */
bool spirv_model_stage(uint32_t model, enum ir_stage *stage);

enum stype_kind {
   ST_VOID, ST_BOOL, ST_INT, ST_FLOAT, ST_VECTOR, ST_MATRIX, ST_ARRAY, ST_RTARRAY,
   ST_STRUCT, ST_PTR, ST_FUNCTION, ST_OPAQUE, ST_IMAGE, ST_SAMPLER, ST_SAMPLED_IMAGE,
};

/* A SPIR-V type as the module declares it. */
struct stype {
   enum stype_kind kind;
   uint32_t id;
   uint32_t bits;
   bool is_signed;
   struct stype *elem;           /* vector component, matrix column, array element */
   uint32_t len;                 /* vector/matrix count, array length */
   uint32_t num_members;
   struct stype **members;
   SpvStorageClass storage;      /* pointer */
   struct stype *pointee;
   const struct ir_type *desc;   /* image, sampler, sampled image: the IR type */
};

static inline bool
is_descriptor(const struct stype *t)
{
   return t->kind == ST_IMAGE || t->kind == ST_SAMPLER || t->kind == ST_SAMPLED_IMAGE;
}

/* An SSA value: a leaf holds one IR value (scalar, vector or pointer);
 * structs, arrays and matrices are trees of leaves. */
struct sval {
   struct stype *type;
   struct ir_instr *def;         /* descriptors: the deref of the image */
   struct ir_instr *sampler;     /* OpSampledImage: the deref of its sampler */
   struct sval **elems;
};

/* A constant (possibly specialised): raw bits per component, or a tree. */
struct sconst {
   struct stype *type;
   uint64_t v[IR_MAX_COMPS];
   struct sconst **elems;
};

/* xfb_buffer, xfb_stride: IR_NO_XFB when not decorated. */
struct member_deco {
   uint32_t member, offset, matrix_stride, location;
   uint32_t xfb_buffer, xfb_stride, stream;
   bool has_location;
   int32_t builtin;
   bool row_major;
   struct member_deco *next;
};

struct deco {
   int32_t builtin;              /* -1 = none */
   uint32_t set, binding, array_stride;
   uint32_t spec_id, location, component;
   uint32_t xfb_buffer, xfb_stride, offset, stream;   /* IR_NO_XFB / UINT32_MAX: none */
   bool has_spec_id, block, buffer_block, has_location, patch;
   bool no_contraction;
   uint8_t interp;               /* IR_INTERP_* */
   uint8_t index;                /* Index: a fragment output's blend source */
   struct member_deco *members;
};

enum id_kind { ID_NONE, ID_TYPE, ID_CONST, ID_VALUE, ID_VAR, ID_FUNCTION, ID_LABEL,
               ID_EXTINST, ID_STRING };

struct spirv_id {
   enum id_kind kind;
   struct stype *type;           /* ID_TYPE: the type; else the value's type */
   struct sconst *c;
   struct sval *val;
   struct ir_block *block;       /* ID_LABEL: where the block starts */
   struct ir_block *tail;        /* ID_LABEL: where it ends (after inlined calls) */
   struct ir_var *var;           /* ID_VAR */
   struct ir_var **members;      /* ID_VAR: an interface block split per member */
   SpvStorageClass storage;      /* ID_VAR */
   struct ir_instr *const_def;   /* materialised constant in the current function */
   const char *name;
   uint32_t offset;              /* ID_FUNCTION: word offset of OpFunction */
   bool is_glsl;                 /* ID_EXTINST */
   struct deco deco;
};

struct spirv_ctx {
   struct ir_shader *s;
   struct ir_arena *arena;
   const uint32_t *words;
   uint32_t *swapped;            /* owned copy of a big-endian module */
   size_t num_words;
   size_t pos;                   /* word offset of the current instruction */
   uint32_t bound;
   struct spirv_id *ids;
   const struct spirv_options *opt;
   jmp_buf fail;
   char *err;
   size_t err_size;
   uint32_t entry_id;
   SpvExecutionModel model;
   struct spirv_entry want;      /* the entry point the options select */
   struct ir_builder b;
   struct ir_instr *const_anchor;
   bool scratch;                 /* building into a scratch block (spec-const ops) */
   /* the function being inlined: returns branch to ret_block */
   struct ir_block *ret_block;
   struct ir_var *ret_var;
   unsigned call_depth;
   uint32_t cur_label;           /* SPIR-V block being translated */
   uint64_t composite_elems;     /* budget: composites are split into leaves */
   /* OpPhi operands are resolved when the function ends */
   struct phi_fixup { struct ir_instr *phi; size_t pos; } *phis;
   uint32_t num_phis, cap_phis;
};

_Noreturn void spirv_fail(struct spirv_ctx *c, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));

static inline void
need(struct spirv_ctx *c, uint32_t n, uint32_t min)
{
   if (n < min)
      spirv_fail(c, "needs at least %u operands, has %u", min, n);
}

/* Scalars and vectors: the types an IR value can have. */
static inline bool
is_value(const struct stype *t)
{
   return t->kind == ST_BOOL || t->kind == ST_INT || t->kind == ST_FLOAT ||
          t->kind == ST_VECTOR;
}

/* Composite values are expanded leaf by leaf; a module whose composites
 * would expand past this many elements is refused rather than exhausting
 * memory. */
#define SPIRV_MAX_COMPOSITE_ELEMS (1u << 16)

static inline void
spend_elems(struct spirv_ctx *c, uint32_t n)
{
   c->composite_elems += n;
   if (c->composite_elems > SPIRV_MAX_COMPOSITE_ELEMS)
      spirv_fail(c, "unsupported: composites larger than %u elements in total",
                 SPIRV_MAX_COMPOSITE_ELEMS);
}

static inline uint32_t
num_elems(const struct stype *t)
{
   return t->kind == ST_STRUCT ? t->num_members : t->len;
}

static inline struct stype *
elem_type(const struct stype *t, uint32_t i)
{
   return t->kind == ST_STRUCT ? t->members[i] : t->elem;
}
const uint32_t *spirv_operands(struct spirv_ctx *c, uint32_t *count);
struct spirv_id *spirv_id(struct spirv_ctx *c, uint32_t id);
struct stype *spirv_get_type(struct spirv_ctx *c, uint32_t id);
const struct ir_type *spirv_value_type(struct spirv_ctx *c, struct stype *t);
const struct ir_type *spirv_mem_type(struct spirv_ctx *c, struct stype *t, uint32_t matrix_stride);
struct sval *spirv_ssa(struct spirv_ctx *c, uint32_t id);
struct ir_instr *spirv_ssa_leaf(struct spirv_ctx *c, uint32_t id);
struct sval *spirv_new_leaf(struct spirv_ctx *c, struct stype *t, struct ir_instr *def);
/* A struct, array or matrix value whose elements the caller fills in. */
struct sval *spirv_new_tree(struct spirv_ctx *c, struct stype *t);
/* OpIAddCarry, OpISubBorrow, OpUMulExtended, OpSMulExtended (spirv_glsl.c):
 * the integer instructions with a two-member struct result; false if not one. */
bool spirv_extended_arith(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n);
void spirv_set_value(struct spirv_ctx *c, uint32_t id, struct stype *t, struct sval *v);
struct sval *spirv_const_to_sval(struct spirv_ctx *c, struct sconst *k);

/* Translates one instruction inside a function body; false if unknown. */
bool spirv_function_instr(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n);
void spirv_begin_function(struct spirv_ctx *c, size_t start);
void spirv_end_function(struct spirv_ctx *c);
/* Translates value-producing ALU instructions (shared with OpSpecConstantOp). */
bool spirv_alu(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n);
/* Image and sampler instructions (spirv_image.c); false if not one. */
bool spirv_image_instr(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n);
/* GroupNonUniform instructions (spirv_subgroup.c); false if not one. */
bool spirv_subgroup_instr(struct spirv_ctx *c, SpvOp op, const uint32_t *w, uint32_t n);
struct sval *spirv_pointer(struct spirv_ctx *c, uint32_t id);
struct stype *spirv_result_type(struct spirv_ctx *c, const uint32_t *w);
void spirv_set_leaf(struct spirv_ctx *c, const uint32_t *w, struct ir_instr *def);
uint32_t spirv_const_u(struct spirv_ctx *c, uint32_t id);
void spirv_glsl_instr(struct spirv_ctx *c, struct stype *rt, uint32_t result,
                      uint32_t inst, const uint32_t *args, uint32_t nargs);

#endif

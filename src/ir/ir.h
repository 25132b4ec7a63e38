/* The shared IR of genvk: see README.md in this folder for the design. */
#ifndef IR_H
#define IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ------------------------------------------------------------------ arena */

/* Every object of a shader (types, values, blocks, strings) lives in the
 * shader's arena and dies with it: passes never free individual objects. */
struct ir_arena;
struct ir_arena *ir_arena_create(void);
void ir_arena_destroy(struct ir_arena *arena);
void *ir_alloc(struct ir_arena *arena, size_t size);   /* zeroed */
char *ir_strdup(struct ir_arena *arena, const char *s);

/* ------------------------------------------------------------------ types */

enum ir_type_kind {
   IR_TYPE_VOID,
   IR_TYPE_BOOL,
   IR_TYPE_INT,     /* sign-less: operations say how the bits are read */
   IR_TYPE_FLOAT,
   IR_TYPE_ARRAY,   /* memory only */
   IR_TYPE_STRUCT,  /* memory only */
   IR_TYPE_PTR,     /* result of a deref; points to memory of `pointee` */
   IR_TYPE_IMAGE,   /* descriptor: image (sampled or storage) */
   IR_TYPE_SAMPLER, /* descriptor: sampler */
   IR_TYPE_SAMPLED_IMAGE,   /* descriptor: combined image and sampler */
};

/* Where memory lives; mirrors the SPIR-V storage classes Vulkan uses. */
enum ir_storage {
   IR_STORAGE_FUNCTION,
   IR_STORAGE_PRIVATE,
   IR_STORAGE_WORKGROUP,
   IR_STORAGE_UBO,
   IR_STORAGE_SSBO,
   IR_STORAGE_PUSH_CONSTANT,
   IR_STORAGE_PHYSICAL,
   IR_STORAGE_INPUT,          /* stage inputs by location (vertex attributes, varyings) */
   IR_STORAGE_OUTPUT,         /* stage outputs by location or output built-in */
   IR_STORAGE_DESCRIPTOR,     /* images, samplers (SPIR-V UniformConstant) */
   IR_STORAGE_TEXEL,          /* one texel of a storage image (deref_texel) */
   IR_STORAGE_COUNT,
};

#define IR_MAX_COMPS 16

/* Types are interned per shader: two types are equal iff their pointers
 * are equal.  Scalar and vector types share a kind and differ in `comps`. */
struct ir_type {
   enum ir_type_kind kind;
   uint8_t bits;            /* bool: 1; int/float: 8..64 */
   uint8_t comps;           /* 1 = scalar, else vector width */
   uint32_t size, align;    /* bytes in memory (bool: 4, as in SPIR-V) */
   /* array */
   const struct ir_type *elem;
   uint32_t length;         /* 0 = runtime array */
   uint32_t stride;
   /* struct */
   uint32_t num_members;
   const struct ir_type **members;
   const uint32_t *offsets;
   /* pointer */
   enum ir_storage storage;
   const struct ir_type *pointee;
   /* image, sampled image: `elem` is the sampled scalar type */
   uint8_t dim;             /* enum ir_image_dim */
   bool arrayed, ms, shadow, storage_image;
   uint32_t format;         /* SPIR-V Image Format (0 = unknown) */
};

/* Image dimensionalities (SPIR-V Dim); the coordinate count is
 * ir_image_coord_comps() plus one when arrayed. */
#define IR_IMAGE_DIMS(X) X(1d) X(2d) X(3d) X(cube) X(rect) X(buffer) X(subpass)
enum ir_image_dim {
#define IR_X(n) IR_DIM_##n,
   IR_IMAGE_DIMS(IR_X)
#undef IR_X
};
unsigned ir_image_coord_comps(enum ir_image_dim dim);

struct ir_shader;
const struct ir_type *ir_type_void(struct ir_shader *s);
const struct ir_type *ir_type_bool(struct ir_shader *s, unsigned comps);
const struct ir_type *ir_type_int(struct ir_shader *s, unsigned bits, unsigned comps);
const struct ir_type *ir_type_float(struct ir_shader *s, unsigned bits, unsigned comps);
const struct ir_type *ir_type_vector(struct ir_shader *s, const struct ir_type *scalar,
                                     unsigned comps);
const struct ir_type *ir_type_scalar(struct ir_shader *s, const struct ir_type *t);
/* stride 0 = natural (element size rounded to its alignment) */
const struct ir_type *ir_type_array(struct ir_shader *s, const struct ir_type *elem,
                                    uint32_t length, uint32_t stride);
/* offsets NULL = natural layout */
const struct ir_type *ir_type_struct(struct ir_shader *s, unsigned n,
                                     const struct ir_type *const *members,
                                     const uint32_t *offsets);
const struct ir_type *ir_type_ptr(struct ir_shader *s, enum ir_storage storage,
                                  const struct ir_type *pointee);
/* kind: IR_TYPE_IMAGE or IR_TYPE_SAMPLED_IMAGE; `image` carries the rest */
const struct ir_type *ir_type_image(struct ir_shader *s, enum ir_type_kind kind,
                                    const struct ir_type *image);
const struct ir_type *ir_type_sampler(struct ir_shader *s);
bool ir_type_is_value(const struct ir_type *t);  /* bool/int/float, any width */
void ir_type_print(FILE *f, const struct ir_type *t);
const char *ir_storage_name(enum ir_storage st);

/* ------------------------------------------------------------------ opcodes */

/* Operand-shape classes drive the validator, the folder and the printer. */
enum ir_op_class {
   IR_CLASS_UNOP,     /* T -> T */
   IR_CLASS_BINOP,    /* T,T -> T */
   IR_CLASS_TRIOP,    /* T,T,T -> T */
   IR_CLASS_SHIFT,    /* T,int -> T */
   IR_CLASS_CMP,      /* T,T -> bool */
   IR_CLASS_CONV,     /* T -> U, same comps */
   IR_CLASS_OTHER,    /* checked by its own rule */
};

#define IR_OP_PURE   (1u << 0)   /* no side effect, result depends on srcs only */
#define IR_OP_COMMUT (1u << 1)

/* X(name, class, num_srcs (-1 = variable), flags) */
#define IR_OPCODES(X) \
   X(const,        OTHER, 0, IR_OP_PURE) \
   X(undef,        OTHER, 0, IR_OP_PURE) \
   X(phi,          OTHER, -1, 0) \
   X(vec,          OTHER, -1, IR_OP_PURE) \
   X(extract,      OTHER, 1, IR_OP_PURE) \
   X(extract_dyn,  OTHER, 2, IR_OP_PURE) \
   X(insert,       OTHER, 2, IR_OP_PURE) \
   X(insert_dyn,   OTHER, 3, IR_OP_PURE) \
   X(select,       OTHER, 3, IR_OP_PURE) \
   X(mov,          UNOP,  1, IR_OP_PURE) \
   X(iadd,  BINOP, 2, IR_OP_PURE | IR_OP_COMMUT) \
   X(isub,  BINOP, 2, IR_OP_PURE) \
   X(imul,  BINOP, 2, IR_OP_PURE | IR_OP_COMMUT) \
   X(sdiv,  BINOP, 2, IR_OP_PURE) \
   X(udiv,  BINOP, 2, IR_OP_PURE) \
   X(srem,  BINOP, 2, IR_OP_PURE) \
   X(smod,  BINOP, 2, IR_OP_PURE) \
   X(umod,  BINOP, 2, IR_OP_PURE) \
   X(smin,  BINOP, 2, IR_OP_PURE | IR_OP_COMMUT) \
   X(smax,  BINOP, 2, IR_OP_PURE | IR_OP_COMMUT) \
   X(umin,  BINOP, 2, IR_OP_PURE | IR_OP_COMMUT) \
   X(umax,  BINOP, 2, IR_OP_PURE | IR_OP_COMMUT) \
   X(iand,  BINOP, 2, IR_OP_PURE | IR_OP_COMMUT) \
   X(ior,   BINOP, 2, IR_OP_PURE | IR_OP_COMMUT) \
   X(ixor,  BINOP, 2, IR_OP_PURE | IR_OP_COMMUT) \
   X(ineg,  UNOP,  1, IR_OP_PURE) \
   X(inot,  UNOP,  1, IR_OP_PURE) \
   X(iabs,  UNOP,  1, IR_OP_PURE) \
   X(isign, UNOP,  1, IR_OP_PURE) \
   X(bitcount,   UNOP, 1, IR_OP_PURE) \
   X(bitreverse, UNOP, 1, IR_OP_PURE) \
   X(find_lsb,   UNOP, 1, IR_OP_PURE) \
   X(ufind_msb,  UNOP, 1, IR_OP_PURE) \
   X(sfind_msb,  UNOP, 1, IR_OP_PURE) \
   X(ishl,  SHIFT, 2, IR_OP_PURE) \
   X(ishr,  SHIFT, 2, IR_OP_PURE) \
   X(ushr,  SHIFT, 2, IR_OP_PURE) \
   X(ubfe,  OTHER, 3, IR_OP_PURE) \
   X(sbfe,  OTHER, 3, IR_OP_PURE) \
   X(bfi,   OTHER, 4, IR_OP_PURE) \
   X(fadd,  BINOP, 2, IR_OP_PURE | IR_OP_COMMUT) \
   X(fsub,  BINOP, 2, IR_OP_PURE) \
   X(fmul,  BINOP, 2, IR_OP_PURE | IR_OP_COMMUT) \
   X(fdiv,  BINOP, 2, IR_OP_PURE) \
   X(fmod,  BINOP, 2, IR_OP_PURE) /* sign of the divisor */ \
   X(frem,  BINOP, 2, IR_OP_PURE) /* sign of the dividend */ \
   X(fldexp, SHIFT, 2, IR_OP_PURE) \
   X(fmin,  BINOP, 2, IR_OP_PURE | IR_OP_COMMUT) \
   X(fmax,  BINOP, 2, IR_OP_PURE | IR_OP_COMMUT) \
   X(fpow,  BINOP, 2, IR_OP_PURE) \
   X(fatan2, BINOP, 2, IR_OP_PURE) \
   X(ffma,  TRIOP, 3, IR_OP_PURE) \
   X(fneg,  UNOP, 1, IR_OP_PURE) \
   X(fabs,  UNOP, 1, IR_OP_PURE) \
   X(fsign, UNOP, 1, IR_OP_PURE) \
   X(ffloor, UNOP, 1, IR_OP_PURE) \
   X(fceil, UNOP, 1, IR_OP_PURE) \
   X(ftrunc, UNOP, 1, IR_OP_PURE) \
   X(fround_even, UNOP, 1, IR_OP_PURE) \
   X(ffract, UNOP, 1, IR_OP_PURE) \
   X(fsqrt, UNOP, 1, IR_OP_PURE) \
   X(frsq,  UNOP, 1, IR_OP_PURE) \
   X(fexp2, UNOP, 1, IR_OP_PURE) \
   X(flog2, UNOP, 1, IR_OP_PURE) \
   X(fsin,  UNOP, 1, IR_OP_PURE) \
   X(fcos,  UNOP, 1, IR_OP_PURE) \
   X(ftan,  UNOP, 1, IR_OP_PURE) \
   X(fasin, UNOP, 1, IR_OP_PURE) \
   X(facos, UNOP, 1, IR_OP_PURE) \
   X(fatan, UNOP, 1, IR_OP_PURE) \
   X(bnot,  UNOP, 1, IR_OP_PURE) \
   X(band,  BINOP, 2, IR_OP_PURE | IR_OP_COMMUT) \
   X(bor,   BINOP, 2, IR_OP_PURE | IR_OP_COMMUT) \
   X(bxor,  BINOP, 2, IR_OP_PURE | IR_OP_COMMUT) \
   X(ieq,   CMP, 2, IR_OP_PURE | IR_OP_COMMUT) \
   X(ine,   CMP, 2, IR_OP_PURE | IR_OP_COMMUT) \
   X(slt,   CMP, 2, IR_OP_PURE) \
   X(sge,   CMP, 2, IR_OP_PURE) \
   X(ult,   CMP, 2, IR_OP_PURE) \
   X(uge,   CMP, 2, IR_OP_PURE) \
   X(feq,   CMP, 2, IR_OP_PURE | IR_OP_COMMUT) /* ordered */ \
   X(fneu,  CMP, 2, IR_OP_PURE | IR_OP_COMMUT) /* unordered */ \
   X(flt,   CMP, 2, IR_OP_PURE) /* ordered */ \
   X(fge,   CMP, 2, IR_OP_PURE) /* ordered */ \
   X(fisnan, CONV, 1, IR_OP_PURE) \
   X(fisinf, CONV, 1, IR_OP_PURE) \
   X(s2f,   CONV, 1, IR_OP_PURE) \
   X(u2f,   CONV, 1, IR_OP_PURE) \
   X(f2s,   CONV, 1, IR_OP_PURE) \
   X(f2u,   CONV, 1, IR_OP_PURE) \
   X(f2f,   CONV, 1, IR_OP_PURE) \
   X(s2s,   CONV, 1, IR_OP_PURE) /* sign-extend or truncate */ \
   X(u2u,   CONV, 1, IR_OP_PURE) /* zero-extend or truncate */ \
   X(b2i,   CONV, 1, IR_OP_PURE) \
   X(i2b,   CONV, 1, IR_OP_PURE) \
   X(bitcast, OTHER, 1, IR_OP_PURE) \
   X(sysval,       OTHER, 0, IR_OP_PURE) \
   X(deref_var,    OTHER, 0, IR_OP_PURE) \
   X(deref_struct, OTHER, 1, IR_OP_PURE) \
   X(deref_array,  OTHER, 2, IR_OP_PURE) \
   X(load,         OTHER, 1, 0) \
   X(store,        OTHER, 2, 0) \
   X(atomic,       OTHER, -1, 0) \
   X(barrier,      OTHER, 0, 0) \
   X(tex,          OTHER, -1, 0) /* imm: ir_tex_op | present ir_tex_src bits << 8 */ \
   X(deref_texel,  OTHER, 3, 0)  /* (image, coord, sample): for load/store/atomic */ \
   X(subgroup,     OTHER, -1, 0) /* imm: ir_subgroup_op | reduction ir_op << 8 */ \
   X(demote,       OTHER, 0, 0)  /* becomes a helper invocation */ \
   X(is_helper,    OTHER, 0, 0)  /* helper now, demotion included */ \
   X(emit_vertex,  OTHER, 0, 0)  /* imm: stream */ \
   X(end_primitive, OTHER, 0, 0) /* imm: stream */ \
   X(int_to_ptr,   OTHER, 1, 0)  /* 64-bit address -> physical storage pointer */ \
   X(ptr_to_int,   OTHER, 1, 0) \
   X(fddx,         UNOP, 1, 0) /* derivatives read neighbouring lanes: not pure */ \
   X(fddy,         UNOP, 1, 0) \
   X(fddx_fine,    UNOP, 1, 0) \
   X(fddy_fine,    UNOP, 1, 0) \
   X(fddx_coarse,  UNOP, 1, 0) \
   X(fddy_coarse,  UNOP, 1, 0) \
   X(interp_centroid, OTHER, 1, 0) /* (input pointer): the input at the centroid */ \
   X(interp_sample, OTHER, 2, 0) /* (input pointer, sample index) */ \
   X(interp_offset, OTHER, 2, 0) /* (input pointer, vec2 offset from the pixel centre) */

enum ir_op {
#define IR_X(name, cls, n, fl) IR_OP_##name,
   IR_OPCODES(IR_X)
#undef IR_X
   IR_OP_COUNT,
};

struct ir_op_info {
   const char *name;
   enum ir_op_class cls;
   int num_srcs;
   unsigned flags;
};
extern const struct ir_op_info ir_op_infos[IR_OP_COUNT];

/* Atomic operations on a deref; comp_swap takes (ptr, compare, value). */
#define IR_ATOMIC_OPS(X) \
   X(add) X(smin) X(smax) X(umin) X(umax) X(and) X(or) X(xor) X(xchg) X(cmpxchg)
enum ir_atomic_op {
#define IR_X(n) IR_ATOMIC_##n,
   IR_ATOMIC_OPS(IR_X)
#undef IR_X
};

/* System values: the back end later decides how each reaches the shader. */
#define IR_SYSVALS(X) \
   X(global_invocation_id) X(local_invocation_id) X(workgroup_id) \
   X(num_workgroups) X(local_invocation_index) X(workgroup_size) \
   X(subgroup_size) X(subgroup_invocation_id) X(num_subgroups) X(subgroup_id) \
   X(vertex_index) X(instance_index) X(base_vertex) X(base_instance) X(draw_index) \
   X(frag_coord) X(front_facing) X(sample_id) X(sample_pos) X(helper_invocation) \
   X(point_coord) X(primitive_id) X(view_index) \
   X(vertex_id_zero_base) X(instance_id) X(pixel_coord) X(frag_z) X(frag_w) \
   X(sample_mask_in) X(coverage_mask) X(layer) X(viewport_index) X(invocation_id) \
   X(patch_vertices_in) X(tess_coord) X(tess_level_outer) X(tess_level_inner) \
   X(subgroup_eq_mask) X(subgroup_ge_mask) X(subgroup_gt_mask) \
   X(subgroup_le_mask) X(subgroup_lt_mask) X(device_index)
enum ir_sysval {
#define IR_X(n) IR_SYSVAL_##n,
   IR_SYSVALS(IR_X)
#undef IR_X
   IR_SYSVAL_COUNT,
};
extern const char *const ir_sysval_names[IR_SYSVAL_COUNT];

/* Texture operations.  Sources follow the instruction in ir_tex_src order,
 * only those present (bit set in imm >> 8); the image type of the first
 * source gives dimensionality, arrayness and depth comparison. */
#define IR_TEX_OPS(X) \
   X(sample) X(sample_bias) X(sample_lod) X(sample_grad) X(fetch) X(gather) \
   X(query_size) X(query_levels) X(query_samples) X(query_lod)
enum ir_tex_op {
#define IR_X(n) IR_TEX_##n,
   IR_TEX_OPS(IR_X)
#undef IR_X
   IR_TEX_OP_COUNT,
};
/* handle: the image (or sampled image) deref; sampler: a separate sampler
 * deref; coord includes the array layer; comparator: Dref; offset: one
 * ivec per texel (ConstOffset/Offset); offsets: ConstOffsets of gather as
 * 8 ints; component: gather component; lod also carries query_size's lod. */
#define IR_TEX_SRCS(X) \
   X(handle) X(sampler) X(coord) X(comparator) X(bias) X(lod) X(ddx) X(ddy) \
   X(offset) X(offsets) X(min_lod) X(sample) X(component)
enum ir_tex_src {
#define IR_X(n) IR_TEX_SRC_##n,
   IR_TEX_SRCS(IR_X)
#undef IR_X
   IR_TEX_SRC_COUNT,
};
extern const char *const ir_tex_op_names[IR_TEX_OP_COUNT];
extern const char *const ir_tex_src_names[IR_TEX_SRC_COUNT];

/* Subgroup operations (VK_KHR_shader_subgroup_*).  The reductions and
 * scans name their combining ALU op in imm >> 8; clustered_reduce takes the
 * cluster size as its second source. */
#define IR_SUBGROUP_OPS(X) \
   X(elect) X(all) X(any) X(all_equal) X(broadcast) X(broadcast_first) X(ballot) \
   X(inverse_ballot) X(ballot_bit_extract) X(ballot_bit_count) \
   X(ballot_inclusive_bit_count) X(ballot_exclusive_bit_count) X(ballot_find_lsb) \
   X(ballot_find_msb) X(shuffle) X(shuffle_xor) X(shuffle_up) X(shuffle_down) \
   X(reduce) X(inclusive_scan) X(exclusive_scan) X(clustered_reduce) \
   X(quad_broadcast) X(quad_swap_horizontal) X(quad_swap_vertical) X(quad_swap_diagonal)
enum ir_subgroup_op {
#define IR_X(n) IR_SUBGROUP_##n,
   IR_SUBGROUP_OPS(IR_X)
#undef IR_X
   IR_SUBGROUP_OP_COUNT,
};
extern const char *const ir_subgroup_op_names[IR_SUBGROUP_OP_COUNT];
/* The identity of a reduction's ALU op on t's components, SPIR-V's
 * "identity I" (0 for iadd and fadd, all ones for iand and umin, +inf for
 * fmin...): reductions and scans fold from it, and an exclusive scan's
 * first invocation gets it. */
uint64_t ir_subgroup_identity(enum ir_op alu, const struct ir_type *t);

/* Outputs with a fixed meaning instead of a location. */
#define IR_OUTPUT_BUILTINS(X) \
   X(position) X(point_size) X(clip_distance) X(cull_distance) X(frag_depth) \
   X(sample_mask) X(layer) X(viewport_index) X(tess_level_outer) X(tess_level_inner) \
   X(primitive_id) X(frag_stencil)
enum ir_output_builtin {
   IR_OUTPUT_NONE,
#define IR_X(n) IR_OUTPUT_##n,
   IR_OUTPUT_BUILTINS(IR_X)
#undef IR_X
   IR_OUTPUT_COUNT,
};
extern const char *const ir_output_builtin_names[IR_OUTPUT_COUNT];

/* The invocations a barrier waits for or orders memory for (SPIR-V
 * Scope: Invocation is none; QueueFamily and CrossDevice are device). */
enum ir_scope { IR_SCOPE_NONE, IR_SCOPE_SUBGROUP, IR_SCOPE_WORKGROUP, IR_SCOPE_DEVICE };

/* Barrier imm: which memory it orders (the flags), the scope of its
 * execution part and the scope of its memory part. */
#define IR_BARRIER_WORKGROUP_MEM (1u << 0)
#define IR_BARRIER_BUFFER_MEM    (1u << 1)
#define IR_BARRIER_IMAGE_MEM     (1u << 2)
#define IR_BARRIER_MEM_MASK \
   (IR_BARRIER_WORKGROUP_MEM | IR_BARRIER_BUFFER_MEM | IR_BARRIER_IMAGE_MEM)
#define IR_BARRIER_EXEC_SCOPE(s) ((unsigned)(s) << 4)
#define IR_BARRIER_MEM_SCOPE(s)  ((unsigned)(s) << 6)
#define IR_BARRIER_EXEC_SCOPE_OF(imm) ((enum ir_scope)(((imm) >> 4) & 3))
#define IR_BARRIER_MEM_SCOPE_OF(imm)  ((enum ir_scope)(((imm) >> 6) & 3))

/* ------------------------------------------------------------------ values */

struct ir_var {
   const char *name;
   enum ir_storage storage;
   const struct ir_type *type;      /* the memory's type (not a pointer) */
   uint32_t set, binding;           /* UBO/SSBO */
   uint32_t location, component;    /* inputs/outputs without a built-in */
   enum ir_output_builtin builtin;  /* outputs */
   uint32_t index;                  /* position in shader->vars */
   bool patch;                      /* tessellation per-patch input/output */
   /* Transform feedback (SPIR-V XfbBuffer, XfbStride, Offset; Vulkan
    * "Transform Feedback"): the output is captured at byte xfb_offset of
    * each vertex's xfb_stride bytes in buffer xfb_buffer; xfb_buffer is
    * IR_NO_XFB when it is not captured.  stream: the geometry stream the
    * output belongs to (Stream; 0 by default). */
   uint32_t xfb_buffer, xfb_stride, xfb_offset;
   uint32_t stream;
   uint8_t interp;                  /* IR_INTERP_* bits of a fragment input */
   uint8_t blend_src;               /* fragment outputs: SPIR-V Index, the dual-source
                                     * blend source (0 or 1) */
   bool promoted;                   /* turned into SSA by ir_pass_vars_to_ssa */
};

#define IR_NO_XFB UINT32_MAX

struct ir_block;
struct ir_instr;

/* Interpolation qualifiers of stage inputs (SPIR-V Flat, NoPerspective,
 * Centroid, Sample decorations). */
#define IR_INTERP_FLAT          (1u << 0)
#define IR_INTERP_NOPERSPECTIVE (1u << 1)
#define IR_INTERP_CENTROID      (1u << 2)
#define IR_INTERP_SAMPLE        (1u << 3)

/* Index of source `src` in a tex instruction, or -1 if absent. */
int ir_tex_src_index(const struct ir_instr *tex, enum ir_tex_src src);

/* An instruction is its own SSA value (result type void = no value). */
struct ir_instr {
   struct ir_instr *prev, *next;
   struct ir_block *block;
   enum ir_op op;
   const struct ir_type *type;
   uint32_t index;                  /* SSA name; renumbered by ir_index */
   uint32_t num_srcs;
   struct ir_instr **srcs;
   struct ir_block **phi_preds;     /* phi: srcs[i] flows in from phi_preds[i] */
   uint64_t value[IR_MAX_COMPS];    /* const: raw bits per component */
   uint32_t imm;                    /* extract/insert index, member, sysval,
                                       atomic op, barrier flags */
   struct ir_var *var;              /* deref_var */
   bool exact;                      /* SPIR-V NoContraction: not to be
                                       contracted with another operation
                                       (a product and a sum into a mad) */
};

/* ------------------------------------------------------------------ control flow */

enum ir_term {
   IR_TERM_NONE,      /* only while building */
   IR_TERM_BR,        /* succ[0] */
   IR_TERM_CBR,       /* cond ? succ[0] : succ[1] */
   IR_TERM_SWITCH,    /* selector: case_values[i] -> succ[i+1], default succ[0] */
   IR_TERM_RETURN,
   IR_TERM_DISCARD,   /* OpKill / OpTerminateInvocation */
   IR_TERM_UNREACHABLE,
};

/* Structured control flow in the SPIR-V sense: a header block names its
 * merge block, and a loop header also its continue target.  Branches to
 * those blocks are the breaks and continues of the construct. */
enum ir_construct { IR_CONSTRUCT_NONE, IR_CONSTRUCT_SELECTION, IR_CONSTRUCT_LOOP };

struct ir_block {
   struct ir_block *prev, *next;   /* layout order: dominators before blocks */
   struct ir_function *func;
   uint32_t index;
   struct ir_instr *first, *last;
   enum ir_term term;
   struct ir_instr *cond;          /* CBR condition / SWITCH selector */
   uint32_t num_succs;
   struct ir_block **succs;
   uint64_t *case_values;
   enum ir_construct construct;
   struct ir_block *merge, *cont;
   uint32_t num_preds, cap_preds;
   struct ir_block **preds;
   /* analysis results (ir_dominance) */
   struct ir_block *idom;
   uint32_t rpo;                    /* UINT32_MAX = unreachable */
};

struct ir_function {
   struct ir_shader *shader;
   const char *name;
   struct ir_block *first, *last;
   uint32_t num_blocks, num_values;
};

enum ir_stage { IR_STAGE_VERTEX, IR_STAGE_FRAGMENT, IR_STAGE_COMPUTE, IR_STAGE_TESS_CTRL,
                IR_STAGE_TESS_EVAL, IR_STAGE_GEOMETRY };

/* Primitive kinds of geometry and tessellation execution modes. */
#define IR_PRIMS(X) \
   X(none) X(points) X(lines) X(lines_adjacency) X(triangles) X(triangles_adjacency) \
   X(quads) X(isolines) X(line_strip) X(triangle_strip)
enum ir_prim {
#define IR_X(n) IR_PRIM_##n,
   IR_PRIMS(IR_X)
#undef IR_X
};
extern const char *const ir_prim_names[];
enum ir_tess_spacing { IR_SPACING_equal, IR_SPACING_fractional_even, IR_SPACING_fractional_odd };
/* The tessellation modes a stage declares: SPIR-V lets the control stage,
 * the evaluation stage or both declare each (3.6 Execution Mode), and
 * the pipeline uses whichever did (the domain: input_prim not none). */
enum ir_tess_declared {
   IR_TESS_DECLARED_SPACING = 1u << 0,
   IR_TESS_DECLARED_ORDER = 1u << 1,        /* VertexOrderCw/Ccw */
   IR_TESS_DECLARED_POINT_MODE = 1u << 2,
};

/* Execution modes of the graphics stages (SPIR-V 3.6). */
struct ir_stage_info {
   enum ir_prim input_prim;      /* geometry input; tessellation domain */
   enum ir_prim output_prim;     /* geometry output */
   uint32_t output_vertices;     /* geometry max vertices; control patch size */
   uint32_t invocations;         /* geometry instancing */
   enum ir_tess_spacing spacing;
   bool ccw, point_mode;         /* tessellation */
   uint8_t tess_declared;        /* enum ir_tess_declared */
   bool early_fragment_tests, depth_replacing, uses_demote;
   bool xfb;                     /* ExecutionMode Xfb: outputs are captured */
};

/* The float-controls execution modes (SPIR-V 3.6, SPV_KHR_float_controls)
 * a shader declares for floats of one width.  Without any, SPIR-V allows
 * denormals to be flushed or kept and rounds to nearest even. */
enum ir_float_mode {
   IR_FLOAT_SIGNED_ZERO_INF_NAN = 1 << 0,   /* SignedZeroInfNanPreserve */
   IR_FLOAT_DENORM_PRESERVE = 1 << 1,
   IR_FLOAT_DENORM_FLUSH = 1 << 2,          /* DenormFlushToZero */
   IR_FLOAT_RTE = 1 << 3,                   /* RoundingModeRTE */
   IR_FLOAT_RTZ = 1 << 4,                   /* RoundingModeRTZ */
};

struct ir_shader {
   struct ir_arena *arena;
   enum ir_stage stage;
   uint32_t workgroup_size[3];
   struct ir_stage_info info;
   uint8_t float_modes[3];       /* enum ir_float_mode for 16-, 32-, 64-bit floats */
   struct ir_var **vars;
   uint32_t num_vars, cap_vars;
   struct ir_function *entry;
   struct ir_type_table *types;
};

struct ir_shader *ir_shader_create(enum ir_stage stage);
/* The float-controls modes of `bits`-wide floats (16, 32 or 64; 0 for
 * other widths and for s == NULL). */
unsigned ir_float_modes(const struct ir_shader *s, unsigned bits);
void ir_shader_destroy(struct ir_shader *s);
struct ir_var *ir_var_create(struct ir_shader *s, const char *name, enum ir_storage st,
                             const struct ir_type *type);
struct ir_function *ir_function_create(struct ir_shader *s, const char *name);
struct ir_block *ir_block_create(struct ir_function *f);   /* appended to layout */
/* Takes b out of its function's block list (its storage stays in the arena). */
void ir_block_unlink(struct ir_block *b);
/* Moves b right after `after` in layout order. */
void ir_block_move_after(struct ir_block *b, struct ir_block *after);
void ir_block_add_pred(struct ir_block *b, struct ir_block *pred);
void ir_block_set_succs(struct ir_block *b, enum ir_term term, unsigned n,
                        struct ir_block *const *succs);
void ir_instr_remove(struct ir_instr *instr);
/* Replaces every use of `old` in the function by `with`: one walk of the
 * function per call. */
void ir_replace_uses(struct ir_function *f, struct ir_instr *old, struct ir_instr *with);

/* Many replacements in one walk, for passes that replace values as they
 * go (copy propagation, CSE): ir_forwarding_init numbers the values
 * (ir_index) and records nothing; ir_forward records old -> with;
 * ir_forward_srcs points an instruction's sources at what they were
 * forwarded to, to be called as the walk reaches it (a source defined
 * earlier in layout order is then already final); ir_forwarding_finish
 * rewrites every remaining use (phi sources on back edges, block
 * conditions) and frees the table.  Values created after init are never
 * forwarded.  False: out of memory, nothing allocated. */
struct ir_forwarding {
   struct ir_instr **to;        /* by value index; NULL: not forwarded */
   uint32_t num_values;
};
bool ir_forwarding_init(struct ir_forwarding *fw, struct ir_function *f);
void ir_forward(struct ir_forwarding *fw, struct ir_instr *old, struct ir_instr *with);
void ir_forward_srcs(const struct ir_forwarding *fw, struct ir_instr *i);
void ir_forwarding_finish(struct ir_forwarding *fw, struct ir_function *f);
void ir_rebuild_preds(struct ir_function *f);
/* Numbers values and blocks in layout order; the printer's names. */
void ir_index(struct ir_function *f);

#define ir_foreach_block(b, f) for (struct ir_block *b = (f)->first; b; b = b->next)
#define ir_foreach_instr(i, b) for (struct ir_instr *i = (b)->first; i; i = i->next)
#define ir_foreach_instr_safe(i, b) \
   for (struct ir_instr *i = (b)->first, *i##_next = i ? i->next : NULL; i; \
        i = i##_next, i##_next = i ? i->next : NULL)

/* ------------------------------------------------------------------ analysis */

/* Computes rpo numbers and immediate dominators (Cooper, Harvey, Kennedy). */
void ir_compute_dominance(struct ir_function *f);
bool ir_block_dominates(const struct ir_block *a, const struct ir_block *b);

/* ------------------------------------------------------------------ evaluation */

/* Evaluates a pure instruction on raw component bits.  The constant folder
 * and the reference interpreter both call this, so folding can never
 * change what a shader computes.  Returns false for ops it cannot
 * evaluate (memory, sysvals, phis). */
bool ir_eval_instr(const struct ir_instr *instr, const uint64_t *const *srcs,
                   uint64_t *dst);
uint64_t ir_float_bits(unsigned bits, double v);
double ir_float_value(unsigned bits, uint64_t raw);
uint16_t ir_f32_to_f16(float f);
float ir_f16_to_f32(uint16_t h);

/* ------------------------------------------------------------------ checks, output */

/* Returns true if the function is well-formed; otherwise writes one line
 * per problem into `err` (may be NULL) and returns false. */
bool ir_validate(struct ir_shader *s, FILE *err);
/* The type rule of an ALU-class op (unop, binop, triop, shift, compare,
 * conversion): NULL when the result and source types fit, else what is
 * wrong.  The validator and the SPIR-V front end share it. */
const char *ir_alu_type_error(enum ir_op op, const struct ir_type *t, unsigned n,
                              struct ir_instr *const *srcs);
void ir_print(struct ir_shader *s, FILE *f);
char *ir_print_to_string(struct ir_shader *s);   /* malloc'd */

#endif

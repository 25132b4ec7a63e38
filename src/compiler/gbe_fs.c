/* The fragment stage (Gen8+, SIMD8, SIMD16 and SIMD32): the pixel shader payload
 * (PRM Vol 7 "Pixel Shader Thread Payload", the layout
 * src/vgpu/3d/vgpu_ps.c documents and gbe.h's gbe_fs_info gives the
 * driver), input interpolation, system values, discard and demote,
 * derivatives, and the render target writes that end the thread.
 *
 *   g0          R0: back-facing in bit 15 of DWord 0 (Gen12: R1.1)
 *   g1          R1: subspan upper-left X/Y in DWords 2-5, pixel mask in 7
 *               (SIMD32: g2 the same for slots 4-7, channels 16-31)
 *   then        per 16 channels (SIMD32: the block of channels 0-15, then
 *               that of 16-31): the barycentric modes of
 *               fs.barycentric_modes in bit order, two GRFs (b1, b2) per 8
 *               channels; source depth and W, a GRF per 8 channels each;
 *               the position offsets (a GRF); the coverage mask (a GRF
 *               per 8 channels)
 *   grf_start   push constants (push_regs GRFs), then two GRFs of setup
 *               data per attribute: component k in GRF k / 2 at DWord
 *               4 (k % 2): (b1 coefficient, b2 coefficient, -, constant)
 *
 * The render target write (PRM Vol 2d "Render Target Write" payload, as
 * vgpu_om.c reads it): header (2 GRFs), oMask (gl_SampleMask: one GRF
 * of 16-bit masks), R G B A (a GRF per 8 channels
 * each), source 1's R G B A (SIMD8 dual source), the computed depth, the
 * stencil reference (oS, a byte per channel).
 *
 * Whether a channel may still write is a dword per channel (`live`),
 * ~0 for the pixels of the pixel mask until they discard or demote; the
 * render target writes carry it as the header's pixel mask (PRM Vol 2d
 * "Render Target Write" message header, M1.7), so that helpers and
 * discarded pixels never reach memory.
 *
 * SIMD32 (Gen8+): the data port and the pixel interpolator take at most
 * 16 channels a message, so each render target write and interpolator
 * message is two SIMD16 messages, the second for channels 16-31 (Slot
 * Group Select, with g2 in its header), as Mesa's brw_fs splits them;
 * dual source and the stencil export stay SIMD8 (scan_dual_source,
 * scan_stencil). */
#include <stdlib.h>
#include <string.h>

#include "gbe_isel.h"

#define NUM_MODES 6
#define FLAG_F1 1            /* f1: the pixel mask while it is built */
#define FLAG_F1_0 2          /* inst.flag numbering: f1.0 */

struct gbe_fs_ctx {
   uint8_t slot_of[GBE_MAX_VARYINGS];       /* location -> attribute + 1 (0: none) */
   uint8_t primitive_id_slot;               /* gl_PrimitiveID's attribute + 1 (0: none) */
   uint8_t view_index_slot;                 /* ViewIndex's, likewise */
   /* per block of 16 channels (payload_layout) */
   unsigned bary_reg[2][NUM_MODES];         /* first GRF of each mode's pairs */
   unsigned depth_reg[2], w_reg[2], pos_reg[2], coverage_reg[2];
   unsigned attr_reg;                       /* first GRF of the setup data */
   unsigned rt_base;                        /* first GRF of the RT write payload */
   unsigned rt_mlen;
   struct gbe_reg out[GBE_MAX_RENDER_TARGETS][4];
   struct gbe_reg src1[4];                  /* location 0 index 1: dual-source blending */
   struct gbe_reg depth;
   struct gbe_reg stencil;                  /* UD: the exported stencil reference */
   struct gbe_reg sample_mask;              /* UD: gl_SampleMask[0] (oMask) */
   struct gbe_reg live;                     /* UD: ~0 while the pixel may write */
};

/* ---- scanning the shader ---- */

/* 3DSTATE_WM Barycentric Interpolation Mode bit of an input's
 * qualifiers: pixel centre, centroid or sample, perspective or not. */
static unsigned
mode_of(unsigned interp)
{
   unsigned m = interp & IR_INTERP_SAMPLE ? 2 : interp & IR_INTERP_CENTROID ? 1 : 0;
   return interp & IR_INTERP_NOPERSPECTIVE ? m + 3 : m;
}

/* Locations an input or output variable takes: one per array element
 * of vectors and scalars of 32 bits; 0 when the stage cannot take it. */
static unsigned
var_locations(const struct ir_var *v)
{
   const struct ir_type *t = v->type;
   unsigned n = 1;
   if (t->kind == IR_TYPE_ARRAY) {
      n = t->length;
      t = t->elem;
   }
   if ((t->kind != IR_TYPE_FLOAT && t->kind != IR_TYPE_INT) || t->bits != 32)
      return 0;
   return n;
}

static bool
scan_inputs(struct gbe_ctx *c)
{
   struct gbe_fs_info *fs = &c->k->fs;
   uint32_t used = 0;
   for (unsigned v = 0; v < c->s->num_vars; v++) {
      const struct ir_var *var = c->s->vars[v];
      if (var->storage != IR_STORAGE_INPUT)
         continue;
      unsigned n = var_locations(var);
      if (!n || var->location + n > GBE_MAX_VARYINGS)
         return gbe_fail(c->p, "input \"%s\": only 32-bit scalars, vectors and arrays of "
                         "them at locations below %u are supported", var->name ? var->name : "",
                         GBE_MAX_VARYINGS);
      for (unsigned l = 0; l < n; l++)
         used |= 1u << (var->location + l);
      if (!(var->interp & IR_INTERP_FLAT))
         fs->barycentric_modes |= 1u << mode_of(var->interp);
      fs->per_sample |= (var->interp & IR_INTERP_SAMPLE) != 0;
   }
   for (unsigned l = 0; l < GBE_MAX_VARYINGS; l++) {
      if (!((used >> l) & 1))
         continue;
      fs->input_location[fs->num_inputs] = (uint8_t)l;
      c->fs->slot_of[l] = (uint8_t)(++fs->num_inputs);
   }
   for (unsigned v = 0; v < c->s->num_vars; v++) {
      const struct ir_var *var = c->s->vars[v];
      if (var->storage != IR_STORAGE_INPUT || !(var->interp & IR_INTERP_FLAT))
         continue;
      for (unsigned l = 0; l < var_locations(var); l++)
         fs->flat_inputs |= 1u << (c->fs->slot_of[var->location + l] - 1);
   }
   return true;
}

/* gl_PrimitiveID and ViewIndex come in as flat attributes after the
 * varyings (GBE_INPUT_PRIMITIVE_ID, GBE_INPUT_VIEW_INDEX), which the
 * driver's SBE fills; *slot: the attribute + 1. */
static bool
add_flat_sysval_input(struct gbe_ctx *c, uint8_t location, const char *name, uint8_t *slot)
{
   struct gbe_fs_info *fs = &c->k->fs;
   if (fs->num_inputs == GBE_MAX_VARYINGS)
      return gbe_fail(c->p, "%s and %u inputs: more than %u attributes", name,
                      fs->num_inputs, GBE_MAX_VARYINGS);
   fs->input_location[fs->num_inputs] = location;
   fs->flat_inputs |= 1u << fs->num_inputs;
   *slot = (uint8_t)(++fs->num_inputs);
   return true;
}

/* The stencil reference goes out as the render target write's oS, which
 * Skylake added (PRM Vol 2d "Render Target Write" payload; 3DSTATE_PS_EXTRA
 * Pixel Shader Computes Stencil), one byte per channel of a SIMD8 message:
 * Mesa sends it from SIMD8 kernels only, and so does genvk. */
static bool
scan_stencil(struct gbe_ctx *c)
{
   if (c->p->gen < ISA_GEN9)
      return gbe_fail(c->p, "the shader stencil reference needs Gen9 or later (the render "
                      "target write's oS), not %s", isa_gen_name(c->p->gen));
   if (c->p->simd != 8)
      return gbe_fail(c->p, "the shader stencil reference is exported from SIMD8 kernels "
                      "only, not SIMD%u", c->p->simd);
   c->k->fs.computes_stencil = true;
   return true;
}

/* Source 1 of dual-source blending (SPIR-V Index 1): a SIMD8 dual-source
 * render target write carries both colours (PRM Vol 2d "Render Target
 * Write", SIMD8 dual source subtype), so the kernel is SIMD8 only, as
 * Mesa compiles such shaders. */
static bool
scan_dual_source(struct gbe_ctx *c, const struct ir_var *var)
{
   if (var->location != 0 || var->type->kind == IR_TYPE_ARRAY)
      return gbe_fail(c->p, "output \"%s\": index 1 is only for location 0",
                      var->name ? var->name : "");
   if (c->p->simd != 8)
      return gbe_fail(c->p, "dual-source blending is compiled at SIMD8 only, not SIMD%u",
                      c->p->simd);
   c->k->fs.dual_source = true;
   return true;
}

static bool
scan_outputs(struct gbe_ctx *c)
{
   struct gbe_fs_info *fs = &c->k->fs;
   for (unsigned v = 0; v < c->s->num_vars; v++) {
      const struct ir_var *var = c->s->vars[v];
      if (var->storage != IR_STORAGE_OUTPUT)
         continue;
      if (var->builtin == IR_OUTPUT_frag_depth) {
         fs->computes_depth = true;
         continue;
      }
      if (var->builtin == IR_OUTPUT_frag_stencil) {
         if (!scan_stencil(c))
            return false;
         continue;
      }
      if (var->builtin == IR_OUTPUT_sample_mask) {
         fs->writes_sample_mask = true;
         continue;
      }
      if (var->builtin != IR_OUTPUT_NONE)
         return gbe_fail(c->p, "fragment output %s is not supported yet",
                         ir_output_builtin_names[var->builtin]);
      unsigned n = var_locations(var);
      if (!n || var->location + n > GBE_MAX_RENDER_TARGETS)
         return gbe_fail(c->p, "output \"%s\": only 32-bit scalars, vectors and arrays of "
                         "them at locations below %u are supported", var->name ? var->name : "",
                         GBE_MAX_RENDER_TARGETS);
      if (var->blend_src) {
         if (!scan_dual_source(c, var))
            return false;
         continue;
      }
      for (unsigned l = 0; l < n; l++)
         fs->render_target_mask |= 1u << (var->location + l);
   }
   if (fs->dual_source && fs->render_target_mask != 1)
      return gbe_fail(c->p, "dual-source blending takes the one output at location 0 "
                      "(Vulkan: maxFragmentDualSrcAttachments 1)");
   /* With no colour the thread still ends with a render target write
    * (its depth and coverage): entry 0, which the driver makes a null
    * surface then. */
   fs->num_render_targets = fs->render_target_mask ?
      32u - (uint32_t)__builtin_clz(fs->render_target_mask) : 1;
   return true;
}

static bool
writes_memory(const struct ir_instr *i)
{
   if (i->op == IR_OP_atomic)
      return true;
   if (i->op != IR_OP_store)
      return false;
   enum ir_storage st = i->srcs[0]->type->storage;
   return st == IR_STORAGE_SSBO || st == IR_STORAGE_TEXEL || st == IR_STORAGE_PHYSICAL;
}

/* interpolateAtSample(gl_SampleID) under per-sample dispatch is the
 * payload's sample barycentrics. */
static bool
at_own_sample(const struct ir_instr *i)
{
   const struct ir_instr *s = i->srcs[1];
   return i->op == IR_OP_interp_sample && s->op == IR_OP_sysval &&
          s->imm == IR_SYSVAL_sample_id;
}

/* The payload barycentrics an interpolateAt* reads: the centroid's, the
 * sample's (at_own_sample) or, for those the pixel interpolator
 * computes, the pixel centre's, which Mesa's drivers enable for its
 * messages too (brw_compute_barycentric_interp_modes). */
static unsigned
interp_at_mode(const struct ir_instr *i, unsigned interp)
{
   unsigned m = i->op == IR_OP_interp_centroid ? 1 : at_own_sample(i) ? 2 : 0;
   return interp & IR_INTERP_NOPERSPECTIVE ? m + 3 : m;
}

static void
scan_instrs(struct gbe_ctx *c, bool *sv)
{
   struct gbe_fs_info *fs = &c->k->fs;
   ir_foreach_block(b, c->s->entry) {
      fs->kills |= b->term == IR_TERM_DISCARD;
      ir_foreach_instr(i, b) {
         if (i->op == IR_OP_sysval)
            sv[i->imm] = true;
         fs->kills |= i->op == IR_OP_demote;
         fs->has_side_effects |= writes_memory(i);
         if (i->op == IR_OP_interp_centroid || i->op == IR_OP_interp_sample ||
             i->op == IR_OP_interp_offset) {
            const struct ir_instr *p = i->srcs[0];
            while (p->op == IR_OP_deref_array)
               p = p->srcs[0];
            if (p->op == IR_OP_deref_var && !(p->var->interp & IR_INTERP_FLAT))
               fs->barycentric_modes |= 1u << interp_at_mode(i, p->var->interp);
         }
      }
   }
   fs->uses_source_depth = sv[IR_SYSVAL_frag_z];
   fs->uses_source_w = sv[IR_SYSVAL_frag_w];
   /* per-sample dispatch (the IR's lowering asks for it with these) */
   fs->uses_position_offset = sv[IR_SYSVAL_sample_pos];
   fs->uses_coverage_mask = sv[IR_SYSVAL_coverage_mask];
   fs->per_sample |= sv[IR_SYSVAL_sample_id] || sv[IR_SYSVAL_sample_pos];
}

/* ---- setup ---- */

static void
init_zero(struct gbe_ctx *c, struct gbe_reg r)
{
   struct gbe_builder saved = c->b;
   c->b.we_all = true;
   gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(r, ISA_TYPE_UD), gbe_imm(ISA_TYPE_UD, 0));
   c->b = saved;
}

/* The GRF of R1's fields for channel group g: R2 for channels 16-31 of
 * SIMD32 (vgpu_ps.c header_regs). */
static unsigned
r1_of(unsigned g)
{
   return 1 + g / 16;
}

/* live = the pixel mask of R1.7 (SIMD32: and R2.7 for channels 16-31),
 * a bit per channel, as ~0/0 dwords. */
static void
init_live(struct gbe_ctx *c)
{
   struct gbe_fs_ctx *f = c->fs;
   struct gbe_builder saved = c->b;
   f->live = gbe_tmp(c, ISA_TYPE_UD);
   c->b.we_all = true;
   c->b.exec_size = 1;
   for (unsigned g = 0; g < c->p->simd; g += 16) {
      struct gbe_reg f1 = { .file = GBE_ARF, .type = ISA_TYPE_UW, .nr = ISA_ARF_FLAG | FLAG_F1,
                            .offset = g / 8 };
      gbe_alu1(&c->b, ISA_OP_MOV, f1, gbe_fixed(r1_of(g), 7 * 4, ISA_TYPE_UW, 0));
   }
   c->b.exec_size = (uint8_t)c->p->simd;
   gbe_alu1(&c->b, ISA_OP_MOV, f->live, gbe_imm(ISA_TYPE_UD, 0));
   struct gbe_inst *m = gbe_alu1(&c->b, ISA_OP_MOV, f->live, gbe_imm(ISA_TYPE_UD, ~0u));
   m->pred = 1;
   m->flag = FLAG_F1_0;
   c->b = saved;
}

/* The per-channel payload of each block of 16 channels (one block
 * below SIMD32) after R0 and R1 (SIMD32: R2 too). */
static void
payload_layout(struct gbe_ctx *c)
{
   struct gbe_fs_info *fs = &c->k->fs;
   struct gbe_fs_ctx *f = c->fs;
   const unsigned groups = (c->p->simd > 16 ? 16 : c->p->simd) / 8;
   unsigned reg = 1 + (c->p->simd + 15) / 16;
   for (unsigned h = 0; h * 16 < c->p->simd; h++) {
      for (unsigned m = 0; m < NUM_MODES; m++) {
         if ((fs->barycentric_modes >> m) & 1) {
            f->bary_reg[h][m] = reg;
            reg += 2 * groups;
         }
      }
      if (fs->uses_source_depth) {
         f->depth_reg[h] = reg;
         reg += groups;
      }
      if (fs->uses_source_w) {
         f->w_reg[h] = reg;
         reg += groups;
      }
      if (fs->uses_position_offset)
         f->pos_reg[h] = reg++;
      if (fs->uses_coverage_mask) {
         f->coverage_reg[h] = reg;
         reg += groups;
      }
   }
   fs->grf_start = reg;
}

static bool
fs_setup(struct gbe_ctx *c)
{
   if (c->p->simd == 32 && c->p->gen < ISA_GEN8)
      return gbe_fail(c->p, "SIMD32 fragment shaders need Gen8 or later, not %s",
                      isa_gen_name(c->p->gen));
   c->fs = calloc(1, sizeof(*c->fs));
   if (!c->fs)
      return !(c->p->oom = true);
   struct gbe_fs_info *fs = &c->k->fs;
   struct gbe_fs_ctx *f = c->fs;
   bool sv[IR_SYSVAL_COUNT] = { false };
   if (!scan_inputs(c) || !scan_outputs(c))
      return false;
   scan_instrs(c, sv);
   if (sv[IR_SYSVAL_primitive_id] &&
       !add_flat_sysval_input(c, GBE_INPUT_PRIMITIVE_ID, "gl_PrimitiveID",
                              &f->primitive_id_slot))
      return false;
   if (sv[IR_SYSVAL_view_index] &&
       !add_flat_sysval_input(c, GBE_INPUT_VIEW_INDEX, "gl_ViewIndex", &f->view_index_slot))
      return false;
   fs->early_fragment_tests = c->s->info.early_fragment_tests;
   payload_layout(c);
   uint32_t push = 0;
   for (unsigned v = 0; v < c->s->num_vars; v++) {
      const struct ir_var *var = c->s->vars[v];
      if (var->storage == IR_STORAGE_PUSH_CONSTANT && var->type->size > push)
         push = var->type->size;
   }
   fs->push_bytes = push;
   fs->push_regs = (push + 31) / 32;
   c->cross_regs_at = fs->grf_start;
   f->attr_reg = fs->grf_start + fs->push_regs;
   c->p->first_free_grf = f->attr_reg + 2 * fs->num_inputs;
   /* descriptors follow the render targets in the binding table */
   c->k->binding_table_size = fs->num_render_targets;
   /* a message's: SIMD32 writes are two SIMD16 messages */
   const unsigned regs = (c->p->simd > 16 ? 16 : c->p->simd) / 8;
   f->rt_mlen = 2 + (fs->writes_sample_mask ? 1 : 0) + 4 * regs + (fs->dual_source ? 4 : 0) +
                (fs->computes_depth ? regs : 0) + (fs->computes_stencil ? 1 : 0);
   f->rt_base = 128 - f->rt_mlen;
   c->p->eot_regs = f->rt_mlen;
   if (c->p->first_free_grf >= f->rt_base)
      return gbe_fail(c->p, "the fragment payload (%u GRFs) does not fit the register file",
                      c->p->first_free_grf);
   for (unsigned l = 0; l < GBE_MAX_RENDER_TARGETS; l++) {
      if (!((fs->render_target_mask >> l) & 1))
         continue;
      for (unsigned k = 0; k < 4; k++) {
         f->out[l][k] = gbe_tmp(c, ISA_TYPE_UD);
         init_zero(c, f->out[l][k]);
      }
   }
   for (unsigned k = 0; fs->dual_source && k < 4; k++) {
      f->src1[k] = gbe_tmp(c, ISA_TYPE_UD);
      init_zero(c, f->src1[k]);
   }
   if (fs->computes_depth) {
      f->depth = gbe_tmp(c, ISA_TYPE_F);
      init_zero(c, f->depth);
   }
   if (fs->computes_stencil) {
      f->stencil = gbe_tmp(c, ISA_TYPE_UD);
      init_zero(c, f->stencil);
   }
   if (fs->writes_sample_mask) {
      /* a path that does not write gl_SampleMask keeps every sample */
      f->sample_mask = gbe_tmp(c, ISA_TYPE_UD);
      struct gbe_builder saved = c->b;
      c->b.we_all = true;
      gbe_alu1(&c->b, ISA_OP_MOV, f->sample_mask, gbe_imm(ISA_TYPE_UD, ~0u));
      c->b = saved;
   }
   init_live(c);
   return true;
}

/* ---- inputs and outputs ---- */

/* Where a deref of an input or output points: its variable, the
 * location past the variable's and the first component. */
struct io_ref {
   const struct ir_var *var;
   unsigned loc, comp;
};

static bool
io_ref(struct gbe_ctx *c, const struct ir_instr *p, struct io_ref *r)
{
   if (p->op == IR_OP_deref_var) {
      *r = (struct io_ref){ .var = p->var, .comp = p->var->component };
      return true;
   }
   if (p->op != IR_OP_deref_array || !io_ref(c, p->srcs[0], r))
      return false;
   if (p->srcs[1]->op != IR_OP_const)
      return gbe_fail(c->p, "%%%u: an input or output indexed at run time is not supported "
                      "yet", p->index);
   unsigned idx = (unsigned)p->srcs[1]->value[0];
   if (p->srcs[0]->type->pointee->kind == IR_TYPE_ARRAY)
      r->loc += idx;
   else
      r->comp += idx;
   return true;
}

/* Channels [g, g + 8) of builder `saved`'s width: an 8-wide builder. */
static void
group8(struct gbe_ctx *c, const struct gbe_builder *saved, unsigned g)
{
   c->b = *saved;
   c->b.exec_size = 8;
   c->b.group = (uint8_t)g;
}

/* Barycentrics as the payload lays them out: two registers, b1 then b2,
 * per eight channels, from half[0] for channels 0-15 and half[1] for
 * 16-31 (the payload's blocks are apart; the pixel interpolator's
 * replies, one register run, have half[1] 4 GRFs on). */
struct fs_bary {
   struct gbe_reg half[2];
};

static struct fs_bary
run_bary(struct gbe_reg r)
{
   return (struct fs_bary){ { r, gbe_offset(r, 4 * 32) } };
}

/* The pair of registers of channels [g, g + 8). */
static struct gbe_reg
bary_at(const struct fs_bary *b, unsigned g)
{
   return gbe_offset(b->half[g / 16], ((g % 16) / 8) * 64);
}

/* d = the plane (GRF areg, byte aoff: b1, b2 coefficients, -, constant)
 * at the barycentrics bary: Gen8-10 PLN reads the pair of registers of
 * each eight channels; Gen11 dropped PLN (PRM Vol 7 "pln"), two MADs do
 * it. */
static void
interpolate(struct gbe_ctx *c, struct gbe_reg d, unsigned areg, unsigned aoff,
            const struct fs_bary *bary)
{
   struct gbe_builder saved = c->b;
   struct gbe_reg c0 = gbe_fixed(areg, aoff, ISA_TYPE_F, 0);
   struct gbe_reg c1 = gbe_fixed(areg, aoff + 4, ISA_TYPE_F, 0);
   struct gbe_reg c3 = gbe_fixed(areg, aoff + 12, ISA_TYPE_F, 0);
   for (unsigned g = 0; g < c->p->simd; g += 8) {
      group8(c, &saved, g);
      struct gbe_reg dst = gbe_retype(gbe_channel(d, g), ISA_TYPE_F);
      struct gbe_reg b1 = bary_at(bary, g);
      if (c->p->gen < ISA_GEN11) {
         gbe_alu2(&c->b, ISA_OP_PLN, dst, c0, b1);
         continue;
      }
      struct gbe_reg t = gbe_vreg(c->p, ISA_TYPE_F, 8);
      gbe_emit(&c->b, ISA_OP_MAD, t, c3, b1, c0);
      gbe_emit(&c->b, ISA_OP_MAD, dst, t, gbe_offset(b1, 32), c1);
   }
   c->b = saved;
}

/* The payload's barycentrics of mode m. */
static struct fs_bary
payload_bary(struct gbe_ctx *c, unsigned m)
{
   return (struct fs_bary){ { gbe_fixed(c->fs->bary_reg[0][m], 0, ISA_TYPE_F, 1),
                              gbe_fixed(c->fs->bary_reg[1][m], 0, ISA_TYPE_F, 1) } };
}

/* Input r of instruction i's type into d, interpolated at the
 * barycentrics bary (half[0] GBE_BAD: the payload's of the variable's
 * own qualifiers). */
static bool
input_into(struct gbe_ctx *c, const struct ir_instr *i, struct gbe_reg *d,
           const struct io_ref *r, struct fs_bary bary)
{
   const struct ir_type *t = i->type;
   if (t->bits != 32 || t->kind == IR_TYPE_BOOL)
      return gbe_fail(c->p, "%%%u: only 32-bit inputs are supported", i->index);
   unsigned loc = r->var->location + r->loc;
   if (loc >= GBE_MAX_VARYINGS || !c->fs->slot_of[loc] || r->comp + t->comps > 4)
      return gbe_fail(c->p, "%%%u: an input past its variable", i->index);
   const bool flat = r->var->interp & IR_INTERP_FLAT;
   if (bary.half[0].file == GBE_BAD)
      bary = payload_bary(c, mode_of(r->var->interp));
   for (unsigned k = 0; k < t->comps; k++) {
      unsigned comp = r->comp + k;
      unsigned areg = c->fs->attr_reg + 2 * (c->fs->slot_of[loc] - 1u) + comp / 2;
      unsigned aoff = (comp % 2) * 16;
      if (flat)
         gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(d[k], ISA_TYPE_UD),
                  gbe_fixed(areg, aoff + 12, ISA_TYPE_UD, 0));
      else
         interpolate(c, d[k], areg, aoff, &bary);
   }
   return true;
}

static const struct fs_bary no_bary = { { { .file = GBE_BAD }, { .file = GBE_BAD } } };

static bool
load_input(struct gbe_ctx *c, struct ir_instr *i, const struct io_ref *r, struct fs_bary bary)
{
   struct gbe_reg *d = gbe_def(c, i);
   return d && input_into(c, i, d, r, bary);
}

/* The array element of an input array a deref picks at run time (its
 * index and the component past it), or NULL for a constant element. */
static const struct ir_instr *
dynamic_element(const struct ir_instr *p, unsigned *comp)
{
   *comp = 0;
   if (p->op == IR_OP_deref_array && p->srcs[1]->op == IR_OP_const &&
       p->srcs[0]->type->pointee->kind != IR_TYPE_ARRAY) {
      *comp = (unsigned)p->srcs[1]->value[0];
      p = p->srcs[0];
   }
   if (p->op != IR_OP_deref_array || p->srcs[1]->op == IR_OP_const ||
       p->srcs[0]->op != IR_OP_deref_var || p->srcs[0]->var->storage != IR_STORAGE_INPUT ||
       p->srcs[0]->var->type->kind != IR_TYPE_ARRAY)
      return NULL;
   return p;
}

/* Every element loaded, the one each channel's index names kept
 * (predicated moves): the setup data of an attribute is not addressable
 * per channel as one register. */
static bool
load_input_dynamic(struct gbe_ctx *c, struct ir_instr *i, const struct ir_instr *elem,
                   unsigned comp)
{
   const struct ir_var *var = elem->srcs[0]->var;
   struct gbe_reg *d = gbe_def(c, i), idx = gbe_val(c, elem->srcs[1])[0];
   struct gbe_reg tmp[4];
   if (!d || i->type->comps > 4)
      return false;
   for (unsigned k = 0; k < i->type->comps; k++)
      tmp[k] = gbe_tmp(c, ISA_TYPE_UD);
   for (unsigned e = 0; e < var->type->length; e++) {
      struct io_ref r = { .var = var, .loc = e, .comp = var->component + comp };
      if (!input_into(c, i, e ? tmp : d, &r, no_bary))
         return false;
      if (!e)
         continue;
      struct gbe_inst *cmp = gbe_alu2(&c->b, ISA_OP_CMP, gbe_null(ISA_TYPE_UD),
                                      gbe_retype(idx, ISA_TYPE_UD), gbe_imm(ISA_TYPE_UD, e));
      cmp->cmod = ISA_CMOD_Z;
      for (unsigned k = 0; k < i->type->comps; k++) {
         struct gbe_inst *m = gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(d[k], ISA_TYPE_UD), tmp[k]);
         m->pred = 1;
      }
   }
   return true;
}

/* The registers of colour output r's first component on, NULL when
 * comps components from there are not the variable's. */
static struct gbe_reg *
output_regs(struct gbe_ctx *c, const struct io_ref *r, unsigned comps)
{
   unsigned loc = r->var->location + r->loc;
   if (r->comp + comps > 4)
      return NULL;
   if (r->var->blend_src)
      return loc == 0 && c->k->fs.dual_source ? &c->fs->src1[r->comp] : NULL;
   if (loc >= GBE_MAX_RENDER_TARGETS || !((c->k->fs.render_target_mask >> loc) & 1))
      return NULL;
   return &c->fs->out[loc][r->comp];
}

static bool
store_output(struct gbe_ctx *c, struct ir_instr *i, const struct io_ref *r)
{
   const struct gbe_reg *v = gbe_val(c, i->srcs[1]);
   const struct ir_type *t = i->srcs[1]->type;
   if (!v)
      return gbe_fail(c->p, "%%%u: a store of a value without registers", i->index);
   if (t->bits != 32)
      return gbe_fail(c->p, "%%%u: only 32-bit outputs are supported", i->index);
   if (r->var->builtin == IR_OUTPUT_frag_depth) {
      gbe_alu1(&c->b, ISA_OP_MOV, c->fs->depth, gbe_retype(v[0], ISA_TYPE_F));
      return true;
   }
   if (r->var->builtin == IR_OUTPUT_frag_stencil) {
      gbe_alu1(&c->b, ISA_OP_MOV, c->fs->stencil, gbe_retype(v[0], ISA_TYPE_UD));
      return true;
   }
   if (r->var->builtin == IR_OUTPUT_sample_mask) {
      gbe_alu1(&c->b, ISA_OP_MOV, c->fs->sample_mask, gbe_retype(v[0], ISA_TYPE_UD));
      return true;
   }
   struct gbe_reg *out = output_regs(c, r, t->comps);
   if (!out)
      return gbe_fail(c->p, "%%%u: an output past its variable", i->index);
   for (unsigned k = 0; k < t->comps; k++)
      gbe_alu1(&c->b, ISA_OP_MOV, out[k], gbe_retype(v[k], ISA_TYPE_UD));
   return true;
}

static bool
load_output(struct gbe_ctx *c, struct ir_instr *i, const struct io_ref *r)
{
   struct gbe_reg *d = gbe_def(c, i);
   if (!d)
      return false;
   if (r->var->builtin == IR_OUTPUT_frag_depth) {
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(d[0], ISA_TYPE_F), c->fs->depth);
      return true;
   }
   if (r->var->builtin == IR_OUTPUT_frag_stencil) {
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(d[0], ISA_TYPE_UD), c->fs->stencil);
      return true;
   }
   if (r->var->builtin == IR_OUTPUT_sample_mask) {
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(d[0], ISA_TYPE_UD), c->fs->sample_mask);
      return true;
   }
   struct gbe_reg *out = i->type->bits == 32 ? output_regs(c, r, i->type->comps) : NULL;
   if (!out)
      return gbe_fail(c->p, "%%%u: an output read past its variable", i->index);
   for (unsigned k = 0; k < i->type->comps; k++)
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(d[k], ISA_TYPE_UD), out[k]);
   return true;
}

/* ---- derivatives ---- */

/* Of each 2x2 subspan (channels 4q + 0..3: upper-left, upper-right,
 * lower-left, lower-right), channel j's difference reads channels
 * hi[j] - lo[j]: fine x the pixel's own row, fine y its own column,
 * coarse both from the upper-left pixel.  Each position is one move of
 * stride 4 over the subspans, NoMask so that helpers take part. */
static bool
derivative(struct gbe_ctx *c, struct ir_instr *i)
{
   static const unsigned lo[4][4] = {
      { 0, 0, 2, 2 }, { 0, 1, 0, 1 }, { 0, 0, 0, 0 }, { 0, 0, 0, 0 },
   };
   static const unsigned hi[4][4] = {
      { 1, 1, 3, 3 }, { 2, 3, 2, 3 }, { 1, 1, 1, 1 }, { 2, 2, 2, 2 },
   };
   unsigned kind;
   switch (i->op) {
   case IR_OP_fddx_fine: kind = 0; break;
   case IR_OP_fddy_fine: kind = 1; break;
   case IR_OP_fddx: case IR_OP_fddx_coarse: kind = 2; break;
   default: kind = 3; break;
   }
   if (i->type->kind != IR_TYPE_FLOAT || i->type->bits != 32)
      return gbe_fail(c->p, "%%%u: derivatives of 32-bit floats only", i->index);
   const struct gbe_reg *a = gbe_val(c, i->srcs[0]);
   struct gbe_reg *d = gbe_def(c, i);
   if (!a || !d)
      return false;
   struct gbe_builder saved = c->b;
   c->b.we_all = true;
   c->b.exec_size = (uint8_t)(c->p->simd / 4);
   c->b.group = 0;
   for (unsigned k = 0; k < i->type->comps; k++) {
      struct gbe_reg v = a[k];
      if (v.file == GBE_IMM || !v.stride) {
         c->b = saved;
         gbe_alu1(&c->b, ISA_OP_MOV, d[k], gbe_imm(ISA_TYPE_F, 0));
         c->b.we_all = true;
         c->b.exec_size = (uint8_t)(c->p->simd / 4);
         c->b.group = 0;
         continue;
      }
      for (unsigned j = 0; j < 4; j++) {
         struct gbe_reg dj = gbe_channel(d[k], j), h = gbe_channel(v, hi[kind][j]);
         struct gbe_reg l = gbe_channel(v, lo[kind][j]);
         dj.stride = h.stride = l.stride = 4;
         gbe_alu2(&c->b, ISA_OP_ADD, dj, h, gbe_negate(l));
      }
   }
   c->b = saved;
   return true;
}

/* ---- system values ---- */

/* Each channel's pixel: its subspan's upper-left corner (R1 DWords 2-5,
 * SIMD32's slots 4-7 in R2, X in the low word, Y in the high one) spread
 * over the subspan's four
 * channels, plus (0, 1, 0, 1) in X and (0, 0, 1, 1) in Y from a vector
 * immediate, which needs a destination aligned to 16 bytes (PRM Vol 7
 * "Register Region Restrictions"): one add per 8 channels. */
static void
pixel_coord(struct gbe_ctx *c, struct gbe_reg *d)
{
   struct gbe_builder saved = c->b;
   for (unsigned comp = 0; comp < 2; comp++) {
      struct gbe_reg t = gbe_vreg(c->p, ISA_TYPE_UW, c->p->simd);
      c->b = saved;
      c->b.we_all = true;
      c->b.group = 0;
      c->b.exec_size = 4;
      for (unsigned s = 0; s < c->p->simd / 4; s++)
         gbe_alu1(&c->b, ISA_OP_MOV, gbe_offset(t, 8 * s),
                  gbe_fixed(r1_of(4 * s), 8 + 4 * (s % 4) + 2 * comp, ISA_TYPE_UW, 0));
      c->b.exec_size = 8;
      for (unsigned g = 0; g < c->p->simd; g += 8)
         gbe_alu2(&c->b, ISA_OP_ADD, gbe_offset(t, 2 * g), gbe_offset(t, 2 * g),
                  gbe_imm(ISA_TYPE_UV, comp ? 0x11001100 : 0x10101010));
      c->b = saved;
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(d[comp], ISA_TYPE_UD), t);
   }
   c->b = saved;
}

/* A payload value of a GRF per 8 channels from reg[h] on for the block h
 * of 16 channels; inverted (1/x) for W, whose payload holds the
 * interpolated clip W (vgpu_ps.c) where FragCoord.w is its reciprocal. */
static void
per_channel_payload(struct gbe_ctx *c, struct gbe_reg d, const unsigned *reg, bool inverse)
{
   struct gbe_builder saved = c->b;
   for (unsigned g = 0; g < c->p->simd; g += 8) {
      group8(c, &saved, g);
      struct gbe_reg dst = gbe_retype(gbe_channel(d, g), ISA_TYPE_F);
      struct gbe_reg src = gbe_fixed(reg[g / 16] + (g % 16) / 8, 0, ISA_TYPE_F, 1);
      if (inverse) {
         struct gbe_inst *m = gbe_alu2(&c->b, ISA_OP_MATH, dst, src, gbe_null(ISA_TYPE_F));
         m->cmod = 1;   /* INV */
      } else {
         gbe_alu1(&c->b, ISA_OP_MOV, dst, src);
      }
   }
   c->b = saved;
}

/* ~0 for front faces: the back-facing bit 15 of R0.0 (Gen12: R1.1)
 * moved to the sign, spread over the dword and inverted. */
static void
front_facing(struct gbe_ctx *c, struct gbe_reg d)
{
   struct gbe_reg info = gbe_fixed(c->p->gen >= ISA_GEN12 ? 1 : 0,
                                   c->p->gen >= ISA_GEN12 ? 4 : 0, ISA_TYPE_D, 0);
   struct gbe_reg t = gbe_tmp(c, ISA_TYPE_D);
   gbe_alu2(&c->b, ISA_OP_SHL, t, info, gbe_imm(ISA_TYPE_UD, 16));
   gbe_alu2(&c->b, ISA_OP_ASR, t, t, gbe_imm(ISA_TYPE_UD, 31));
   gbe_alu1(&c->b, ISA_OP_NOT, gbe_retype(d, ISA_TYPE_D), t);
}

/* Per-sample dispatch: each subspan's sample number, a nibble per slot
 * of R1.0 (Gen8+; SIMD32's slots 4-7 in R2.0), spread over its four
 * channels. */
static void
sample_id(struct gbe_ctx *c, struct gbe_reg d)
{
   struct gbe_builder saved = c->b;
   c->b.we_all = true;
   c->b.group = 0;
   c->b.exec_size = 4;
   struct gbe_reg t = gbe_tmp(c, ISA_TYPE_UD);
   for (unsigned s = 0; s < c->p->simd / 4; s++)
      gbe_alu2(&c->b, ISA_OP_SHR, gbe_offset(t, 16 * s),
               gbe_fixed(r1_of(4 * s), 0, ISA_TYPE_UD, 0), gbe_imm(ISA_TYPE_UD, 4 * (s % 4)));
   c->b = saved;
   gbe_alu2(&c->b, ISA_OP_AND, gbe_retype(d, ISA_TYPE_UD), t, gbe_imm(ISA_TYPE_UD, 0xf));
}

/* The sample's position in the pixel: the payload's Position XY Offset
 * (Position XY Offset Select SAMPLE), a byte pair of 1/16 pixels per
 * channel, one GRF per 16 channels. */
static void
sample_pos(struct gbe_ctx *c, struct gbe_reg *d)
{
   struct gbe_builder saved = c->b;
   for (unsigned k = 0; k < 2; k++) {
      struct gbe_reg t = gbe_tmp(c, ISA_TYPE_F);
      for (unsigned g = 0; g < c->p->simd; g += 16) {
         c->b.exec_size = (uint8_t)(c->p->simd > 16 ? 16 : c->p->simd);
         c->b.group = (uint8_t)g;
         gbe_alu1(&c->b, ISA_OP_MOV, gbe_channel(t, g),
                  gbe_fixed(c->fs->pos_reg[g / 16], k, ISA_TYPE_UB, 2));
      }
      c->b = saved;
      gbe_alu2(&c->b, ISA_OP_MUL, gbe_retype(d[k], ISA_TYPE_F), t,
               gbe_imm(ISA_TYPE_F, 0x3d800000u));   /* 1/16 */
   }
}

static bool
fs_sysval(struct gbe_ctx *c, struct ir_instr *i)
{
   struct gbe_reg *d = gbe_def(c, i);
   if (!d)
      return false;
   switch ((enum ir_sysval)i->imm) {
   case IR_SYSVAL_pixel_coord:
      pixel_coord(c, d);
      return true;
   case IR_SYSVAL_frag_z:
      per_channel_payload(c, d[0], c->fs->depth_reg, false);
      return true;
   case IR_SYSVAL_frag_w:
      per_channel_payload(c, d[0], c->fs->w_reg, true);
      return true;
   case IR_SYSVAL_front_facing:
      front_facing(c, d[0]);
      return true;
   case IR_SYSVAL_coverage_mask:
      per_channel_payload(c, gbe_retype(d[0], ISA_TYPE_F), c->fs->coverage_reg, false);
      return true;
   case IR_SYSVAL_sample_id:
      sample_id(c, d[0]);
      return true;
   case IR_SYSVAL_sample_pos:
      sample_pos(c, d);
      return true;
   case IR_SYSVAL_helper_invocation:
      gbe_alu1(&c->b, ISA_OP_NOT, gbe_retype(d[0], ISA_TYPE_UD), c->fs->live);
      return true;
   case IR_SYSVAL_primitive_id: case IR_SYSVAL_view_index: {
      /* a flat attribute's value is its constant coefficient (dword 3) */
      const uint8_t slot = i->imm == IR_SYSVAL_view_index ? c->fs->view_index_slot
                                                          : c->fs->primitive_id_slot;
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(d[0], ISA_TYPE_UD),
               gbe_fixed(c->fs->attr_reg + 2 * (slot - 1u), 12, ISA_TYPE_UD, 0));
      return true;
   }
   case IR_SYSVAL_subgroup_size:
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(d[0], ISA_TYPE_UD), gbe_imm(ISA_TYPE_UD, c->p->simd));
      return true;
   case IR_SYSVAL_subgroup_invocation_id:
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_retype(d[0], ISA_TYPE_UD), gbe_lane_index(c));
      return true;
   default:
      return gbe_fail(c->p, "%%%u: system value %s in a fragment shader is not supported yet",
                      i->index, ir_sysval_names[i->imm]);
   }
}

/* ---- the pixel interpolator ---- */

/* A pixel interpolator message of location `msg` for the variable's
 * perspective or linear barycentrics (PRM Vol 7 "Shared Functions - Pixel
 * Interpolator"; src/vgpu/3d/vgpu_pi.c): returns them in one register
 * run, two registers per eight channels.  Messages but the per slot
 * offset one carry a payload the unit does not read: R0.  The unit takes
 * 16 channels a message: SIMD32 sends one per half, the second with Slot
 * Group Select (its per slot offsets 4 GRFs on: slot_offsets). */
static struct gbe_reg
pi_send(struct gbe_ctx *c, enum isa_msg msg, uint8_t data, bool linear, struct gbe_reg payload)
{
   const unsigned w = c->p->simd > 16 ? 16 : c->p->simd, regs = w / 8;
   const bool per_slot = msg == ISA_MSG_PI_PER_SLOT_OFFSET;
   struct gbe_reg bary = gbe_vreg(c->p, ISA_TYPE_F, 2 * c->p->simd);
   struct gbe_builder saved = c->b;
   for (unsigned g = 0; g < c->p->simd; g += w) {
      struct isa_send_msg m = {
         .msg = msg, .simd = (uint8_t)w, .nopersp = linear, .pi_data = data,
         .mlen = (uint8_t)(per_slot ? 2 * regs : 1), .rlen = (uint8_t)(2 * regs),
         .slot_group_hi = g >= 16,
      };
      struct gbe_reg pl = per_slot ? gbe_offset(payload, (g / 16) * 4 * 32)
                                   : gbe_fixed(0, 0, ISA_TYPE_UD, 1);
      c->b.exec_size = (uint8_t)w;
      c->b.group = (uint8_t)g;
      struct gbe_inst *s = gbe_send(c, &m, gbe_offset(bary, (g / 16) * 4 * 32), pl);
      c->b = saved;
      if (!s)
         return (struct gbe_reg){ .file = GBE_BAD };
   }
   return bary;
}

/* An offset in 1/16 pixel, clamped to what the unit takes, [-8, 7]
 * (minInterpolationOffset -0.5, maxInterpolationOffset 0.4375,
 * subPixelInterpolationOffsetBits 4: Vulkan "Interpolation Functions"). */
static int
sixteenths(float v)
{
   float x = v * 16.0f;
   return x != x ? 0 : x < -8.0f ? -8 : x > 7.0f ? 7 : (int)x;
}

/* A run-time offset: X of each channel in 1/16 pixel as a DWord, a
 * register per eight channels, then Y (the per slot offset payload); for
 * SIMD32 a payload per 16 channels, one after the other. */
static struct gbe_reg
slot_offsets(struct gbe_ctx *c, const struct gbe_reg *off)
{
   const unsigned w = c->p->simd > 16 ? 16 : c->p->simd;
   struct gbe_reg pl = gbe_vreg(c->p, ISA_TYPE_D, 2 * c->p->simd);
   struct gbe_builder saved = c->b;
   for (unsigned k = 0; k < 2; k++) {
      struct gbe_reg f = gbe_tmp(c, ISA_TYPE_F);
      gbe_alu2(&c->b, ISA_OP_MUL, f, gbe_retype(off[k], ISA_TYPE_F),
               gbe_imm(ISA_TYPE_F, 0x41800000u));   /* 16 */
      for (unsigned g = 0; g < c->p->simd; g += w) {
         struct gbe_reg d = gbe_channel(pl, 2 * g + k * w);
         c->b.exec_size = (uint8_t)w;
         c->b.group = (uint8_t)g;
         gbe_alu1(&c->b, ISA_OP_MOV, d, gbe_channel(f, g));
         struct gbe_inst *lo = gbe_alu2(&c->b, ISA_OP_SEL, d, d,
                                        gbe_imm(ISA_TYPE_D, (uint32_t)-8));
         lo->cmod = ISA_CMOD_GE;
         struct gbe_inst *hi = gbe_alu2(&c->b, ISA_OP_SEL, d, d, gbe_imm(ISA_TYPE_D, 7));
         hi->cmod = ISA_CMOD_L;
         c->b = saved;
      }
   }
   return pl;
}

/* A sample index known only at run time: one message per sample a pixel
 * can have (the index is the descriptor's), each channel keeping the
 * barycentrics of its own index. */
static struct gbe_reg
at_dynamic_sample(struct gbe_ctx *c, struct gbe_reg idx, bool linear)
{
   struct gbe_reg bary = gbe_vreg(c->p, ISA_TYPE_F, 2 * c->p->simd);
   for (unsigned s = 0; s < 16; s++) {
      struct gbe_reg b = pi_send(c, ISA_MSG_PI_SAMPLE, (uint8_t)(s << 4), linear,
                                 (struct gbe_reg){ .file = GBE_BAD });
      if (b.file == GBE_BAD)
         return b;
      struct gbe_inst *cmp = gbe_alu2(&c->b, ISA_OP_CMP, gbe_null(ISA_TYPE_UD),
                                      gbe_retype(idx, ISA_TYPE_UD), gbe_imm(ISA_TYPE_UD, s));
      cmp->cmod = ISA_CMOD_Z;
      struct gbe_builder saved = c->b;
      for (unsigned g = 0; g < c->p->simd; g += 8) {
         group8(c, &saved, g);
         for (unsigned r = 0; r < 2; r++) {
            unsigned at = (g / 8) * 64 + r * 32;
            struct gbe_inst *m = gbe_alu1(&c->b, ISA_OP_MOV, gbe_offset(bary, at),
                                          gbe_offset(b, at));
            m->pred = 1;
         }
      }
      c->b = saved;
   }
   return bary;
}

/* The barycentrics interpolateAt* instruction i asks for through the
 * pixel interpolator, at a constant location through the descriptor (as
 * Mesa's brw_fs_nir does) or per channel. */
static struct gbe_reg
interp_at_pi(struct gbe_ctx *c, const struct ir_instr *i, bool linear)
{
   const struct gbe_reg none = { .file = GBE_BAD };
   const struct ir_instr *a = i->srcs[1];
   if (i->op == IR_OP_interp_sample) {
      if (a->op == IR_OP_const)
         return pi_send(c, ISA_MSG_PI_SAMPLE, (uint8_t)((a->value[0] & 0xf) << 4), linear, none);
      return at_dynamic_sample(c, gbe_val(c, a)[0], linear);
   }
   if (a->op == IR_OP_const) {
      float v[2];
      for (unsigned k = 0; k < 2; k++) {
         uint32_t bits = (uint32_t)a->value[k];
         memcpy(&v[k], &bits, 4);
      }
      uint8_t data = (uint8_t)((sixteenths(v[0]) & 0xf) | (sixteenths(v[1]) & 0xf) << 4);
      return pi_send(c, ISA_MSG_PI_SHARED_OFFSET, data, linear, none);
   }
   return pi_send(c, ISA_MSG_PI_PER_SLOT_OFFSET, 0, linear, slot_offsets(c, gbe_val(c, a)));
}

/* The payload's for the centroid and the thread's own sample, else the
 * pixel interpolator's. */
static struct fs_bary
interp_at_bary(struct gbe_ctx *c, const struct ir_instr *i, unsigned interp)
{
   if (i->op == IR_OP_interp_centroid || at_own_sample(i))
      return payload_bary(c, interp_at_mode(i, interp));
   struct gbe_reg r = interp_at_pi(c, i, interp & IR_INTERP_NOPERSPECTIVE);
   return r.file == GBE_BAD ? no_bary : run_bary(r);
}

/* interpolateAtCentroid/Sample/Offset of an input; a flat one is its
 * value. */
static bool
interpolate_at(struct gbe_ctx *c, struct ir_instr *i)
{
   struct io_ref r;
   if (!io_ref(c, i->srcs[0], &r))
      return c->p->failed ? false : gbe_fail(c->p, "%%%u: an interpolant the back end cannot "
                                             "follow", i->index);
   if (r.var->storage != IR_STORAGE_INPUT)
      return gbe_fail(c->p, "%%%u: interpolateAt* of something not an input", i->index);
   struct fs_bary bary = no_bary;
   if (!(r.var->interp & IR_INTERP_FLAT)) {
      bary = interp_at_bary(c, i, r.var->interp);
      if (bary.half[0].file == GBE_BAD)
         return false;
   }
   return load_input(c, i, &r, bary);
}

/* ---- the stage's instructions ---- */

static bool
fs_instr(struct gbe_ctx *c, struct ir_instr *i)
{
   struct io_ref r;
   switch (i->op) {
   case IR_OP_load: {
      unsigned comp;
      const struct ir_instr *elem = dynamic_element(i->srcs[0], &comp);
      if (elem)
         return load_input_dynamic(c, i, elem, comp);
      if (!io_ref(c, i->srcs[0], &r))
         return c->p->failed ? false : gbe_fail(c->p, "%%%u: an input or output the back end "
                                                "cannot follow", i->index);
      return r.var->storage == IR_STORAGE_INPUT ?
                load_input(c, i, &r, no_bary) :
                load_output(c, i, &r);
   }
   case IR_OP_store:
      if (!io_ref(c, i->srcs[0], &r))
         return c->p->failed ? false : gbe_fail(c->p, "%%%u: an output the back end cannot "
                                                "follow", i->index);
      if (r.var->storage != IR_STORAGE_OUTPUT)
         return gbe_fail(c->p, "%%%u: a store to an input", i->index);
      return store_output(c, i, &r);
   case IR_OP_interp_centroid: case IR_OP_interp_sample: case IR_OP_interp_offset:
      return interpolate_at(c, i);
   case IR_OP_demote:
      gbe_alu1(&c->b, ISA_OP_MOV, c->fs->live, gbe_imm(ISA_TYPE_UD, 0));
      return true;
   case IR_OP_is_helper: {
      struct gbe_reg *d = gbe_def(c, i);
      if (!d)
         return false;
      gbe_alu1(&c->b, ISA_OP_NOT, gbe_retype(d[0], ISA_TYPE_UD), c->fs->live);
      return true;
   }
   case IR_OP_fddx: case IR_OP_fddy: case IR_OP_fddx_fine: case IR_OP_fddy_fine:
   case IR_OP_fddx_coarse: case IR_OP_fddy_coarse:
      return derivative(c, i);
   default:
      return gbe_fail(c->p, "%%%u (%s): not available in a fragment shader", i->index,
                      ir_op_infos[i->op].name);
   }
}

/* The channels that discard leave the pixel mask and wait at the end
 * of the kernel (the HALT target) when inside a construct. */
static bool
fs_discard(struct gbe_ctx *c, struct ir_block *b)
{
   (void)b;
   gbe_alu1(&c->b, ISA_OP_MOV, c->fs->live, gbe_imm(ISA_TYPE_UD, 0));
   if (c->cf || c->sel_merge) {
      gbe_emit(&c->b, ISA_OP_HALT, gbe_null(ISA_TYPE_D), gbe_null(ISA_TYPE_D),
               gbe_null(ISA_TYPE_D), gbe_null(ISA_TYPE_D));
      c->has_halt = true;
   }
   return true;
}

/* ---- render target writes ---- */

/* The channels still live as bits of f1 (SIMD32: f1.0 channels 0-15,
 * f1.1 16-31). */
static void
live_flags(struct gbe_ctx *c)
{
   struct gbe_builder saved = c->b;
   c->b.we_all = true;
   c->b.exec_size = 1;
   struct gbe_reg f1 = { .file = GBE_ARF, .type = ISA_TYPE_UD, .nr = ISA_ARF_FLAG | FLAG_F1 };
   gbe_alu1(&c->b, ISA_OP_MOV, f1, gbe_imm(ISA_TYPE_UD, 0));
   c->b = saved;
   struct gbe_inst *m = gbe_alu1(&c->b, ISA_OP_MOV, gbe_null(ISA_TYPE_UD), c->fs->live);
   m->cmod = ISA_CMOD_NZ;
   m->flag = FLAG_F1_0;
   c->b = saved;
}

/* The message header of the channels from g on: R0 and R1 (SIMD32's
 * upper half: R2), with DWord 7's pixel mask replaced by the channels
 * still live (PRM Vol 2d "Render Target Write" header). */
static void
rt_header(struct gbe_ctx *c, unsigned base, unsigned g)
{
   struct gbe_builder saved = c->b;
   c->b.we_all = true;
   c->b.group = 0;
   c->b.exec_size = 8;
   gbe_alu1(&c->b, ISA_OP_MOV, gbe_fixed(base, 0, ISA_TYPE_UD, 1), gbe_fixed(0, 0, ISA_TYPE_UD, 1));
   gbe_alu1(&c->b, ISA_OP_MOV, gbe_fixed(base + 1, 0, ISA_TYPE_UD, 1),
            gbe_fixed(r1_of(g), 0, ISA_TYPE_UD, 1));
   c->b.exec_size = 1;
   struct gbe_reg f1 = { .file = GBE_ARF, .type = c->p->simd > 16 ? ISA_TYPE_UW : ISA_TYPE_UD,
                         .nr = ISA_ARF_FLAG | FLAG_F1, .offset = g / 8 };
   gbe_alu1(&c->b, ISA_OP_MOV, gbe_fixed(base + 1, 7 * 4, ISA_TYPE_UD, 0), f1);
   c->b = saved;
}

/* The payload of the message for channels [g, g + 16) (or the kernel's
 * width below 16), from GRF base on. */
static void
rt_payload(struct gbe_ctx *c, unsigned rt, unsigned g)
{
   struct gbe_fs_ctx *f = c->fs;
   const unsigned w = c->p->simd > 16 ? 16 : c->p->simd, regs = w / 8, base = f->rt_base;
   struct gbe_builder saved = c->b;
   rt_header(c, base, g);
   c->b.we_all = true;
   c->b.exec_size = (uint8_t)w;
   c->b.group = (uint8_t)g;
   /* oMask: after the header, one GRF of 16-bit masks, a word per
    * channel (PRM Vol 2d "Render Target Write" payload; 3DSTATE_PS_EXTRA
    * oMask Present to RenderTarget) */
   const unsigned omask = c->k->fs.writes_sample_mask ? 1 : 0;
   if (omask) {
      struct gbe_reg m = gbe_retype(gbe_channel(f->sample_mask, g), ISA_TYPE_UW);
      m.stride = 2;
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_fixed(base + 2, 0, ISA_TYPE_UW, 1), m);
   }
   for (unsigned k = 0; k < 4; k++) {
      struct gbe_reg dst = gbe_fixed(base + 2 + omask + k * regs, 0, ISA_TYPE_UD, 1);
      struct gbe_reg v = (c->k->fs.render_target_mask >> rt) & 1 ? gbe_channel(f->out[rt][k], g)
                                                                 : gbe_imm(ISA_TYPE_UD, 0);
      gbe_alu1(&c->b, ISA_OP_MOV, dst, v);
   }
   unsigned reg = base + 2 + omask + 4 * regs;
   for (unsigned k = 0; c->k->fs.dual_source && k < 4; k++)
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_fixed(reg++, 0, ISA_TYPE_UD, 1), f->src1[k]);
   if (c->k->fs.computes_depth) {
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_fixed(reg, 0, ISA_TYPE_F, 1), gbe_channel(f->depth, g));
      reg += regs;
   }
   if (c->k->fs.computes_stencil) {
      /* oS: a byte per channel, packed (the low byte of each reference) */
      struct gbe_reg s = gbe_retype(f->stencil, ISA_TYPE_UB);
      s.stride = 4;
      gbe_alu1(&c->b, ISA_OP_MOV, gbe_fixed(reg, 0, ISA_TYPE_UB, 1), s);
   }
   c->b = saved;
}

/* Render target rt's write, SIMD32's as two SIMD16 messages, the second
 * with Slot Group Select (the data port takes 16 channels a message:
 * PRM Vol 2d "Render Target Write" message descriptor); the last one of
 * the last target ends the thread. */
static void
rt_write(struct gbe_ctx *c, unsigned rt, bool last)
{
   const unsigned w = c->p->simd > 16 ? 16 : c->p->simd;
   struct gbe_builder saved = c->b;
   for (unsigned g = 0; g < c->p->simd; g += w) {
      rt_payload(c, rt, g);
      struct isa_send_msg m = {
         .msg = ISA_MSG_RT_WRITE, .mlen = (uint8_t)c->fs->rt_mlen, .header = true,
         .bti = (uint8_t)rt, .simd = (uint8_t)w, .last_rt = last, .write = true,
         .slot_group_hi = g >= 16,
         .ctrl = c->k->fs.dual_source ? 2 : 0,   /* SIMD8 dual source (low channels) */
      };
      c->b.exec_size = (uint8_t)w;
      c->b.group = (uint8_t)g;
      struct gbe_inst *s = gbe_send(c, &m, gbe_null(ISA_TYPE_UD),
                                    gbe_fixed(c->fs->rt_base, 0, ISA_TYPE_UD, 1));
      c->b = saved;
      if (s)
         s->eot = last && g + w == c->p->simd;
   }
}

static void
fs_finish(struct gbe_ctx *c)
{
   if (!c->fs)
      return;
   if (c->has_halt) {
      /* the HALT target: discarded channels are enabled again here, out
       * of the pixel mask */
      gbe_emit(&c->b, ISA_OP_HALT, gbe_null(ISA_TYPE_D), gbe_null(ISA_TYPE_D),
               gbe_null(ISA_TYPE_D), gbe_null(ISA_TYPE_D));
   }
   const struct gbe_fs_info *fs = &c->k->fs;
   uint32_t mask = fs->render_target_mask ? fs->render_target_mask : 1;
   live_flags(c);
   while (mask) {
      unsigned rt = (unsigned)__builtin_ctz(mask);
      mask &= mask - 1;
      rt_write(c, rt, !mask);
   }
}

const struct gbe_stage_ops gbe_fs_ops = {
   .setup = fs_setup, .sysval = fs_sysval, .instr = fs_instr, .discard = fs_discard,
   .finish = fs_finish,
};

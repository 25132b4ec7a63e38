/* gbe_compile: the passes in order (README.md). */
#include <stdlib.h>
#include <string.h>

#include "gbe_isel.h"
#include "macros.h"
#include "ir_pass.h"


static void
free_prog(struct gbe_prog *p)
{
   gbe_foreach_inst_safe(i, p)
      free(i);
   free(p->vregs);
}

static unsigned
choose_simd(const struct ir_shader *s, const struct gbe_options *opt)
{
   if (opt->simd)
      return opt->simd;
   if (s->stage == IR_STAGE_VERTEX || s->stage == IR_STAGE_TESS_CTRL ||
       s->stage == IR_STAGE_TESS_EVAL || s->stage == IR_STAGE_GEOMETRY)
      return 8;
   if (s->stage == IR_STAGE_FRAGMENT)
      return 16;
   unsigned w[3];
   gbe_cs_simd_choices(s, opt->gen, w);
   return w[0];
}

/* Per-thread scratch as MEDIA_VFE_STATE can size it (PRM "Per Thread
 * Scratch Space"): Ivy Bridge in 1 KB steps, later generations in powers
 * of two from 1 KB. */
static uint32_t
scratch_size(enum isa_gen gen, uint32_t bytes)
{
   if (gen == ISA_GEN7)
      return ALIGN_POT(bytes, 1024);
   uint32_t sz = 1024;
   while (sz < bytes)
      sz *= 2;
   return sz;
}

bool
gbe_compile(struct ir_shader *s, const struct gbe_options *opt, struct gbe_kernel *out,
            char *err, size_t err_size)
{
   memset(out, 0, sizeof(*out));
   if (err && err_size)
      err[0] = 0;
   bool graphics = s->stage == IR_STAGE_VERTEX || s->stage == IR_STAGE_FRAGMENT ||
                   s->stage == IR_STAGE_TESS_CTRL || s->stage == IR_STAGE_TESS_EVAL ||
                   s->stage == IR_STAGE_GEOMETRY;
   if (s->stage != IR_STAGE_COMPUTE && !graphics) {
      snprintf(err, err_size, "the back end compiles compute, vertex and fragment shaders "
               "only so far");
      return false;
   }
   if (graphics && opt->gen < ISA_GEN8) {
      /* Gen7/7.5 run vertex stages as SIMD4x2 vec4 kernels: another back end */
      if (s->stage != IR_STAGE_FRAGMENT)
         snprintf(err, err_size, "vertex stages for %s need a vec4 back end genvk does "
                  "not have", isa_gen_name(opt->gen));
      else
         snprintf(err, err_size, "fragment shaders are compiled for Gen8 and later only");
      return false;
   }
   unsigned simd = choose_simd(s, opt);
   if (simd != 8 && simd != 16 && simd != 32) {
      snprintf(err, err_size, "SIMD%u is not a dispatch width", simd);
      return false;
   }
   struct ir_pass_options po = { .validate = false };
   if (!ir_lower(s, &po)) {
      snprintf(err, err_size, "the generic lowerings failed");
      return false;
   }
   struct gbe_prog p = {
      .gen = opt->gen, .stage = s->stage, .simd = simd, .opt = opt, .err = err,
      .err_size = err_size,
   };
   p.head.next = p.head.prev = &p.head;
   out->gen = opt->gen;
   out->stage = s->stage;
   out->simd = simd;
   struct gbe_ctx c = { .p = &p, .s = s, .k = out };
   bool ok = gbe_isel(&c);
   gbe_isel_free(&c);
   ok = ok && gbe_optimize(&p) && gbe_legalize(&p) && gbe_regalloc(&p);
   if (ok) {
      gbe_schedule(&p);
      gbe_swsb(&p);
      ok = gbe_emit_code(&p, out);
   }
   if (ok && p.scratch_bytes)
      out->scratch_per_thread = scratch_size(opt->gen, p.scratch_bytes);
   out->stats.spills = p.stats_spills;
   out->stats.fills = p.stats_fills;
   if (p.oom && !p.failed)
      snprintf(err, err_size, "out of memory");
   ok = ok && !p.oom;
   if (opt->print_lir)
      gbe_print(&p, opt->print_lir);
   free_prog(&p);
   if (!ok)
      gbe_kernel_finish(out);
   return ok;
}

void
gbe_kernel_finish(struct gbe_kernel *k)
{
   free(k->code);
   k->code = NULL;
   k->code_size = 0;
}

int
gbe_stats_line(const struct gbe_kernel *k, char *buf, size_t size)
{
   const struct gbe_stats *s = &k->stats;
   return snprintf(buf, size, "SIMD%u shader: %u instructions. %u loops. %u cycles. %u:%u spills:fills, %u sends",
                   k->simd, s->instructions, s->loops, s->cycles, s->spills, s->fills, s->sends);
}

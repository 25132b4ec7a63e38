/* One draw through the 3D pipeline (see vgpu_pipe.h): for each instance,
 * the VF's vertex sequence, the vertex shader on every position
 * (vgpu_vs.c), primitive assembly, then each primitive in order to
 * stream output and to the clipper, or with a geometry shader to its
 * threads (vgpu_gs.c), whose primitives go on there; the pipeline
 * statistics at the end.
 *
 * Patch lists go through tessellation instead (vgpu_tess.c: HS, TE, DS),
 * whose primitives take the assembler's path from there. */
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "vgpu_gpgpu.h"
#include "vgpu_pipe.h"
#include "vgpu_priv.h"
#include "vgpu_urb.h"
#include "vgpu_vf.h"

/* Pipeline statistics registers (PRM Vol 2c, 64 bits each). */
#define REG_HS_INVOCATION_COUNT 0x2300
#define REG_DS_INVOCATION_COUNT 0x2308
#define REG_IA_VERTICES_COUNT 0x2310
#define REG_IA_PRIMITIVES_COUNT 0x2318
#define REG_VS_INVOCATION_COUNT 0x2320
#define REG_GS_INVOCATION_COUNT 0x2328
#define REG_GS_PRIMITIVES_COUNT 0x2330
#define REG_CL_INVOCATION_COUNT 0x2338
#define REG_CL_PRIMITIVES_COUNT 0x2340
#define REG_PS_INVOCATION_COUNT 0x2348
#define REG_PS_DEPTH_COUNT 0x2350

/* Draws larger than this are not modelled: every vertex's VUE is kept
 * for the instance (the assembler needs a fan's first vertex to its
 * end), and a malformed 3DPRIMITIVE can ask for 2^32 of them. */
#define MAX_DRAW_VERTICES (1u << 22)
#define MAX_VUE_BYTES (1ull << 30)

static void
add_counter(struct vgpu_exec *exec, uint32_t reg, uint64_t n)
{
   uint32_t *regs = exec->ctx->regs;
   if (!regs || !n)
      return;
   uint64_t v = (regs[reg / 4] | (uint64_t)regs[reg / 4 + 1] << 32) + n;
   regs[reg / 4] = (uint32_t)v;
   regs[reg / 4 + 1] = (uint32_t)(v >> 32);
}

static void
write_statistics(struct vgpu_exec *exec, const struct vgpu_pipe_stats *s)
{
   add_counter(exec, REG_IA_VERTICES_COUNT, s->ia_vertices);
   add_counter(exec, REG_IA_PRIMITIVES_COUNT, s->ia_primitives);
   add_counter(exec, REG_VS_INVOCATION_COUNT, s->vs_invocations);
   add_counter(exec, REG_HS_INVOCATION_COUNT, s->hs_invocations);
   add_counter(exec, REG_DS_INVOCATION_COUNT, s->ds_invocations);
   add_counter(exec, REG_GS_INVOCATION_COUNT, s->gs_invocations);
   add_counter(exec, REG_GS_PRIMITIVES_COUNT, s->gs_primitives);
   add_counter(exec, REG_CL_INVOCATION_COUNT, s->clipper_invocations);
   add_counter(exec, REG_CL_PRIMITIVES_COUNT, s->clipper_primitives);
   add_counter(exec, REG_PS_INVOCATION_COUNT, s->ps_invocations);
   add_counter(exec, REG_PS_DEPTH_COUNT, s->ps_depth_count);
}

/* ---- what the VF reads ---- */

struct vf_state {
   struct vgpu_vf_buffer buffers[VGPU_3D_MAX_VERTEX_BUFFERS];
   struct vgpu_vf_element elements[VGPU_3D_MAX_VERTEX_ELEMENTS];
   struct vgpu_vf_input in;
   struct vgpu_vf_draw draw;
};

/* Host view of [addr, addr + size) clipped to the object holding addr:
 * the VF reads zeros past a buffer's end, and vgpu past its object. */
static const uint8_t *
map_clipped(struct vgpu_exec *exec, uint64_t addr, uint64_t *size)
{
   uint64_t avail;
   const uint8_t *p = vgpu_exec_map_rest(exec, addr, &avail);
   if (!p) {
      *size = 0;
      return NULL;
   }
   if (*size > avail)
      *size = avail;
   return p;
}

static void
vf_buffers(struct vgpu_exec *exec, const struct vgpu_3d *st, struct vf_state *vf)
{
   for (unsigned i = 0; i < VGPU_3D_MAX_VERTEX_BUFFERS; i++) {
      const struct vgpu_3d_vertex_buffer *vb = &st->vb[i];
      struct vgpu_vf_buffer *b = &vf->buffers[i];
      *b = (struct vgpu_vf_buffer){ .pitch = vb->pitch };
      if (!vb->set || vb->null_buffer)
         continue;
      b->size = vb->size;
      b->data = map_clipped(exec, vb->address, &b->size);
   }
   vf->in.buffers = vf->buffers;
   vf->in.buffer_count = VGPU_3D_MAX_VERTEX_BUFFERS;
   unsigned n = 0;
   for (unsigned i = 0; i < st->ve_count && i < VGPU_3D_MAX_VERTEX_ELEMENTS; i++) {
      if (st->ve[i].valid)
         vf->elements[n++] = vgpu_3d_vf_element(st, i);
   }
   vf->in.elements = vf->elements;
   vf->in.element_count = n;
}

/* The cut index: Ivy Bridge's is all ones of the index size, Haswell+
 * take 3DSTATE_VF's. */
static uint32_t
cut_index(const struct vgpu_3d *st, unsigned index_bytes)
{
   if (vgpu.info->verx10 > 70)
      return st->vf.cut_index;
   return index_bytes >= 4 ? 0xffffffffu : (1u << (8 * index_bytes)) - 1;
}

static void
vf_draw(struct vgpu_exec *exec, const struct vgpu_3d *st, const struct vgpu_draw *d,
        struct vf_state *vf)
{
   struct vgpu_vf_draw *vd = &vf->draw;
   *vd = (struct vgpu_vf_draw){
      .topology = d->topology,
      .vertex_count = d->vertex_count,
      .start_vertex = d->start_vertex,
      .base_vertex = d->base_vertex,
      .instance_count = d->instance_count,
      .start_instance = d->start_instance,
      .indexed = d->indexed,
   };
   if (!d->indexed)
      return;
   vd->index_bytes = 1u << (st->ib.format < 3 ? st->ib.format : 2);
   if (st->ib.set) {
      vd->index_size = st->ib.size;
      vd->index_data = map_clipped(exec, st->ib.address, &vd->index_size);
   }
   vd->cut_enable = st->vf.indexed_cut_enable;
   vd->cut_index = cut_index(st, vd->index_bytes);
}

/* ---- primitives ---- */

static enum vgpu_prim_kind
prim_kind(uint32_t topology, unsigned per)
{
   if (topology == VGPU_VF_RECTLIST)
      return VGPU_PRIM_RECT;
   switch (per) {
   case 1: return VGPU_PRIM_POINT;
   case 2: case 4: return VGPU_PRIM_LINE;
   default: return VGPU_PRIM_TRIANGLE;
   }
}

/* Which of a primitive's assembled vertices reach the clipper: all of
 * them (always into a geometry shader), or without a geometry shader the
 * non-adjacent ones of an adjacency primitive (lines (0, 1, 2, 3): 1 and
 * 2; triangles: 0, 2, 4). */
static const uint8_t *
prim_corners(unsigned per, bool gs, unsigned *n)
{
   static const uint8_t all[6] = { 0, 1, 2, 3, 4, 5 }, line_adj[2] = { 1, 2 },
                        tri_adj[3] = { 0, 2, 4 };
   if (gs) {
      *n = per;
      return all;
   }
   switch (per) {
   case 4: *n = 2; return line_adj;
   case 6: *n = 3; return tri_adj;
   default: *n = per; return all;
   }
}

struct instance_run {
   struct vgpu_draw_run *r;
   struct vf_state *vf;
   uint32_t instance;
   const struct vgpu_vf_vertex *seq;   /* the instance's vertex sequence */
   uint32_t *vues;                     /* position n's VUE at n * vue_dwords */
   unsigned vue_dwords;
   uint32_t *prims;              /* assembler output, reused */
   size_t max_prims;
   uint32_t primitive_id;        /* primitives of the instance so far */
};

static bool
grow_prims(struct instance_run *ir, size_t count, unsigned per)
{
   if (count <= ir->max_prims)
      return true;
   uint32_t *p = realloc(ir->prims, count * per * sizeof(*p));
   if (!p)
      return false;
   ir->prims = p;
   ir->max_prims = count;
   return true;
}

static void
send_prim(struct vgpu_draw_run *r, const struct vgpu_prim *p)
{
   if (r->st->shader[VGPU_3D_GS].enable) {
      vgpu_gs_prim(r, p);
      return;
   }
   if (r->st->so.enable)
      vgpu_sol_prim(r, p);
   if (!r->stop && !r->st->so.rendering_disable)
      vgpu_clip_prim(r, p);
}

/* Patches (count of them, per control points each, in ir->prims) through
 * tessellation, whose primitives go on as the VS's would. */
static bool
tessellate_patches(struct instance_run *ir, uint32_t first, size_t count, unsigned per)
{
   struct vgpu_vue cps[32];
   for (size_t k = 0; k < count && !ir->r->stop; k++) {
      for (unsigned c = 0; c < per && c < 32; c++) {
         uint32_t pos = first + ir->prims[k * per + c];
         cps[c] = (struct vgpu_vue){ ir->vues + (size_t)pos * ir->vue_dwords,
                                     ir->vue_dwords / 4 };
      }
      if (!vgpu_tess_patch(ir->r, cps, per, ir->primitive_id++, send_prim))
         return false;
   }
   return !ir->r->stop;
}

/* Assembles the positions [first, first + n) (one run between cuts) and
 * passes each primitive on, in the order the topology makes them. */
static bool
assemble_run(struct instance_run *ir, uint32_t first, uint32_t n)
{
   struct vgpu_draw_run *r = ir->r;
   uint32_t topology = ir->vf->draw.topology;
   unsigned per = vgpu_vf_topology_vertices(topology), corners;
   const uint8_t *corner = prim_corners(per, r->st->shader[VGPU_3D_GS].enable, &corners);
   size_t count = vgpu_vf_assemble(topology, ir->seq + first, n, NULL, 0);
   if (!grow_prims(ir, count, per)) {
      vgpu_exec_fault(r->exec, 0, "out of memory assembling primitives");
      r->stop = true;
      return false;
   }
   vgpu_vf_assemble(topology, ir->seq + first, n, ir->prims, count);
   if (r->st->vf.statistics)
      r->stats.ia_primitives += count;
   if (topology >= VGPU_VF_PATCHLIST_1 && topology <= VGPU_VF_PATCHLIST_32)
      return tessellate_patches(ir, first, count, per);
   for (size_t k = 0; k < count && !r->stop; k++) {
      struct vgpu_prim p = {
         .kind = prim_kind(topology, per), .topology = topology, .nverts = corners,
         .index_in_strip = (uint32_t)k, .primitive_id = ir->primitive_id++,
      };
      for (unsigned c = 0; c < corners; c++) {
         uint32_t pos = first + ir->prims[k * per + corner[c]];
         p.v[c] = (struct vgpu_vue){ ir->vues + (size_t)pos * ir->vue_dwords,
                                     ir->vue_dwords / 4 };
      }
      send_prim(r, &p);
   }
   return !r->stop;
}

/* Calls fn on each run of positions between cuts of the sequence. */
static bool
for_each_run(struct instance_run *ir, uint32_t count,
             bool (*fn)(struct instance_run *ir, uint32_t first, uint32_t n))
{
   uint32_t first = 0;
   for (uint32_t p = 0; p <= count; p++) {
      if (p < count && !ir->seq[p].cut)
         continue;
      if (p > first && !fn(ir, first, p - first))
         return false;
      first = p + 1;
   }
   return true;
}

static bool
shade_run(struct instance_run *ir, uint32_t first, uint32_t n)
{
   struct vgpu_draw_run *r = ir->r;
   if (r->st->vf.statistics)
      r->stats.ia_vertices += n;
   return vgpu_vs_shade(r, &ir->vf->in, &ir->vf->draw, ir->seq + first, n, ir->instance,
                        ir->vues + (size_t)first * ir->vue_dwords,
                        ir->vue_dwords);
}

/* ---- the draw ---- */

/* What the draw uses that vgpu does not model; NULL when none. */
static const char *
unmodelled_feature(const struct vgpu_3d *st, const struct vgpu_draw *d)
{
   if (vgpu_tess_unmodelled(st, d->topology))
      return vgpu_tess_unmodelled(st, d->topology);
   if (st->shader[VGPU_3D_GS].enable && vgpu_gs_unmodelled(st))
      return vgpu_gs_unmodelled(st);
   if (st->vf.component_packing)
      return "3DSTATE_VF_COMPONENT_PACKING";
   if (st->vf.sequential_cut_enable && !d->indexed)
      return "cut index in sequential draws";
   uint32_t t = d->topology;
   if (!vgpu_vf_topology_vertices(t))
      return "primitive topology";
   return NULL;
}

static void
run_instances(struct vgpu_draw_run *r, struct vf_state *vf, unsigned vue_dwords)
{
   const struct vgpu_draw *d = r->draw;
   struct vgpu_vf_vertex *seq = malloc((d->vertex_count ? d->vertex_count : 1) * sizeof(*seq));
   uint32_t *vues = malloc((d->vertex_count ? d->vertex_count : 1) * (size_t)vue_dwords * 4);
   struct instance_run ir = { .r = r, .vf = vf, .seq = seq, .vues = vues,
                              .vue_dwords = vue_dwords };
   if (!seq || !vues) {
      vgpu_exec_fault(r->exec, 0, "out of memory for a draw's vertices");
      r->stop = true;
   } else {
      vgpu_vf_vertices(&vf->draw, seq);
   }
   for (uint32_t i = 0; i < d->instance_count && !r->stop; i++) {
      ir.instance = i;
      ir.primitive_id = 0;
      if (for_each_run(&ir, d->vertex_count, shade_run))
         for_each_run(&ir, d->vertex_count, assemble_run);
   }
   free(ir.prims);
   free(vues);
   free(seq);
}

static bool
draw_fits(struct vgpu_draw_run *r, const struct vgpu_urb *u, unsigned *vue_dwords)
{
   const struct vgpu_urb_alloc *a = &u->stage[VGPU_3D_VS];
   if (!a->entries) {
      vgpu_exec_fault(r->exec, r->draw->addr, "3DPRIMITIVE without VS URB entries");
      return false;
   }
   *vue_dwords = a->entry_bytes / 4;
   if (r->draw->vertex_count > MAX_DRAW_VERTICES ||
       (uint64_t)r->draw->vertex_count * a->entry_bytes > MAX_VUE_BYTES) {
      vgpu_not_modelled("draw of more than 4M vertices per instance");
      return false;
   }
   return true;
}

void
vgpu_pipe_draw(struct vgpu_exec *exec, const struct vgpu_3d *st, const struct vgpu_draw *draw)
{
   const char *unmodelled = unmodelled_feature(st, draw);
   if (unmodelled) {
      vgpu_not_modelled(unmodelled);
      return;
   }
   struct vgpu_context *ctx = exec->ctx;
   if (!ctx->gpgpu && !(ctx->gpgpu = calloc(1, sizeof(*ctx->gpgpu)))) {
      vgpu_exec_fault(exec, 0, "out of memory for pipeline state");
      return;
   }
   if (!draw->vertex_count || !draw->instance_count)
      return;
   struct vgpu_draw_run r = { .exec = exec, .g = ctx->gpgpu, .st = st, .draw = draw };
   r.urb = vgpu_urb_create(exec, st, vgpu.info->urb_size_kb);
   if (!r.urb)
      return;
   struct vf_state *vf = calloc(1, sizeof(*vf));
   unsigned vue_dwords;
   if (!vf)
      vgpu_exec_fault(exec, 0, "out of memory for vertex fetch");
   else if (draw_fits(&r, r.urb, &vue_dwords)) {
      vf_buffers(exec, st, vf);
      vf_draw(exec, st, draw, vf);
      run_instances(&r, vf, vue_dwords);
   }
   vgpu_gs_end(&r);
   if (vgpu.debug & VGPU_DEBUG_DRAW)
      log_info("ps threads: simd8=%llu simd16=%llu simd32=%llu",
               (unsigned long long)r.stats.ps_threads[0],
               (unsigned long long)r.stats.ps_threads[1],
               (unsigned long long)r.stats.ps_threads[2]);
   write_statistics(exec, &r.stats);
   free(vf);
   vgpu_urb_destroy(r.urb);
}

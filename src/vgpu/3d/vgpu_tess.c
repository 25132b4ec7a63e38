/* Tessellation: the hull shader (HS), the fixed-function tessellator
 * (vgpu_te.c) and the domain shader (DS), one patch at a time (PRM Vol 7
 * "Hull Shader", "Tessellation Engine", "Domain Shader"; Vol 2a
 * 3DSTATE_HS, 3DSTATE_TE, 3DSTATE_DS).
 *
 * Modelled: Gen8+ with Mesa's dispatch (its genX_pipeline.c and brw
 * compiler): the HS in SINGLE_PATCH mode (Gen8's only one) or 8_PATCH
 * (what Mesa 22.3 uses on Gen12), the DS in SIMD8_SINGLE_PATCH mode.
 * Gen7/7.5: SIMD4x2 HS and DS threads as Mesa's vec4 back end (hasvk)
 * builds them (its brw_vec4_tcs/tes.cpp and generator); Gen9+'s
 * DUAL_PATCH HS and the DS's dual-patch mode are not modelled.
 *
 * A patch:
 *  - its control points (the VS's VUEs) go into VS URB entries, whose
 *    handles the HS threads get (the Input Control Point handles);
 *  - Instance Count HS threads run on it: in SINGLE_PATCH mode instance i
 *    shades output control points 8i to 8i + 7 in its eight channels
 *    (Mesa's kernel disables the channels past the patch's count itself),
 *    in 8_PATCH mode control point i.  Payload (PRM "HS Thread Payload",
 *    Mesa's tcs_thread_payload; the modes' own GRFs at single_patch_payload
 *    and multi_patch_payload): R0 the 3D header with DWord 2's instance
 *    number (bits 23:17 on Gen8-10, 22:16 on Gen11-12); from Dispatch GRF
 *    Start Register the push constants;
 *  - the patch URB entry's header holds the tessellation levels (the
 *    PRM's patch header, as Mesa's brw_nir.c lays it out: DWords 7 down
 *    to 4 the
 *    outer levels of a quad, 7-5 a triangle's and DWord 4 its inner
 *    level, DWords 3 and 2 a quad's inner levels; isolines DWord 6 the
 *    line count and 7 the line detail), which the TE reads;
 *  - DS threads of eight domain points each.  Payload (PRM "DS Thread
 *    Payload", Mesa's tes_thread_payload): R0 the 3D header with DWord 0
 *    the patch URB entry handle and DWord 1 the primitive ID; R1-R3 the
 *    points' u, v and w; R4 each slot's DS URB entry handle; from
 *    Dispatch GRF Start Register the push constants, then Patch URB Entry
 *    Read Length 256-bit units of the patch entry from its Read Offset,
 *    one GRF each.  The DS writes each point's VUE into its entry;
 *  - the TE's primitives, their vertices those VUEs, go on to the next
 *    stage as the VS's would.
 *
 * Gen7/7.5 (SIMD4x2, two output control points or domain points a
 * thread; Mesa's vec4 payloads):
 *  - HS: Instance Count threads, instance i shading output control points
 *    2i (channels 0-3) and 2i + 1 (channels 4-7), dispatch mask 0xff (the
 *    kernel disables an odd count's last half itself).  R0 DWord 0 the
 *    patch handle, 1 the primitive ID, DWord 2 the instance number at bit
 *    16 (Ivy Bridge, bits 22:16) or 17 (Haswell, 23:17); R1-R4 the input
 *    control point handles; push constants from Dispatch GRF Start
 *    Register.  With more than one instance the kernel ends with a
 *    barrier across the patch's threads, so all of them run to it before
 *    any goes on;
 *  - DS: R0 DWords 0 and 1 the two points' DS URB entry handles; R1
 *    DWords 0-2 point 0's u, v, w, 4-6 point 1's, DWord 3 the patch
 *    handle, DWord 7 the primitive ID; then push constants and the patch
 *    entry's pushed rows as on Gen8+.  Both read and write the patch and
 *    control points with the URB's OWord messages (vgpu_urb.c). */
#include <stdlib.h>
#include <string.h>

#include "vgpu_pipe.h"
#include "vgpu_priv.h"
#include "vgpu_te.h"
#include "vgpu_urb.h"
#include "vgpu_vf.h"

#define SLOTS 8
#define GEN7_SLOTS 2
#define GEN7_MAX_HS_INSTANCES 16   /* 3DSTATE_HS Instance Count is 4 bits */
#define MAX_CONTROL_POINTS 32
#define HS_DISPATCH_SINGLE_PATCH 0
#define HS_DISPATCH_8_PATCH 2
#define DS_DISPATCH_SIMD8_SINGLE_PATCH 1

static void
stop_fault(struct vgpu_draw_run *r, const char *why)
{
   r->stop = true;
   vgpu_exec_fault(r->exec, r->draw->addr, why);
}

const char *
vgpu_tess_unmodelled(const struct vgpu_3d *st, uint32_t topology)
{
   bool patches = topology >= VGPU_VF_PATCHLIST_1 && topology <= VGPU_VF_PATCHLIST_32;
   bool hs = st->shader[VGPU_3D_HS].enable, ds = st->shader[VGPU_3D_DS].enable;
   if (!patches && !st->tessellation && !hs && !ds)
      return NULL;
   if (!patches)
      return "tessellation of a primitive topology other than a patch list";
   if (!st->tessellation || !hs || !ds)
      return "patch list without the HS, the TE and the DS all enabled";
   uint32_t hs_mode = st->shader[VGPU_3D_HS].dispatch_mode;
   if (vgpu.info->ver >= 9 && hs_mode != HS_DISPATCH_SINGLE_PATCH && hs_mode != HS_DISPATCH_8_PATCH)
      return "HS dispatch mode DUAL_PATCH";
   if (vgpu.info->ver >= 8 &&
       st->shader[VGPU_3D_DS].dispatch_mode != DS_DISPATCH_SIMD8_SINGLE_PATCH)
      return "DS dispatch mode other than SIMD8_SINGLE_PATCH";
   if (st->shader[VGPU_3D_HS].urb_read_length)
      return "HS with pushed control point data (Vertex URB Entry Read Length)";
   if (vgpu.info->ver < 8 && st->shader[VGPU_3D_HS].instance_count > GEN7_MAX_HS_INSTANCES)
      return "Gen7 HS of more than 16 instances";
   /* Side-by-side instances would share the one scratch slot 3D threads
    * get (vgpu_3d_thread_r0). */
   if (vgpu.info->ver < 8 && st->shader[VGPU_3D_HS].instance_count > 1 &&
       st->shader[VGPU_3D_HS].scratch_base)
      return "Gen7 HS of several instances with scratch space";
   return NULL;
}

/* ---- the hull shader ---- */

/* Instance number's place in R0 DWord 2 (Mesa's set_tcs_invocation_id). */
static unsigned
hs_instance_shift(void)
{
   return vgpu.info->ver >= 11 ? 16 : 17;
}

/* SINGLE_PATCH: eight channels, eight output control points of one
 * patch; R0 DWord 0 the patch handle, 1 its primitive ID; R1-R4 the ICP
 * handles, eight a GRF. */
static unsigned
single_patch_payload(const struct vgpu_3d_shader *hs, struct vgpu_eu_thread *t,
                     uint32_t patch_handle, const uint32_t *icp, unsigned ncp,
                     uint32_t primitive_id)
{
   vgpu_eu_thread_init(t, (1u << SLOTS) - 1);
   uint32_t r0[2] = { patch_handle, primitive_id };
   memcpy(&t->regs[0], r0, sizeof(r0));
   if (!hs->include_vertex_handles)
      return 1;
   memcpy(&t->regs[32], icp, ncp * 4);
   return 1 + (ncp + SLOTS - 1) / SLOTS;
}

/* 8_PATCH (Gen9+; Mesa's choice on Gen12): channel n shades one output
 * control point (the instance's) of patch n; R1 the patches' handles, R2
 * with Include Primitive ID their IDs, then one GRF per input control
 * point holding its handle for each patch.  vgpu dispatches each patch
 * alone, as the hardware does with the last patches of a draw. */
static unsigned
multi_patch_payload(const struct vgpu_3d_shader *hs, struct vgpu_eu_thread *t,
                    uint32_t patch_handle, const uint32_t *icp, unsigned ncp,
                    uint32_t primitive_id)
{
   vgpu_eu_thread_init(t, 1);
   unsigned grf = 1;
   memcpy(&t->regs[grf++ * 32], &patch_handle, 4);
   if (hs->include_primitive_id)
      memcpy(&t->regs[grf++ * 32], &primitive_id, 4);
   if (!hs->include_vertex_handles)
      return grf;
   for (unsigned c = 0; c < ncp; c++)
      memcpy(&t->regs[grf++ * 32], &icp[c], 4);
   return grf;
}

static bool
hs_thread(struct vgpu_draw_run *r, struct vgpu_eu_thread *t, uint32_t patch_handle,
          const uint32_t *icp, unsigned ncp, uint32_t primitive_id, uint32_t instance)
{
   const struct vgpu_3d_shader *hs = &r->st->shader[VGPU_3D_HS];
   bool multi = vgpu.info->ver >= 9 && hs->dispatch_mode == HS_DISPATCH_8_PATCH;
   unsigned grfs = multi ? multi_patch_payload(hs, t, patch_handle, icp, ncp, primitive_id)
                         : single_patch_payload(hs, t, patch_handle, icp, ncp, primitive_id);
   vgpu_3d_thread_r0(r, VGPU_3D_HS, t);
   uint32_t instance_bits = instance << hs_instance_shift();
   memcpy(&t->regs[2 * 4], &instance_bits, 4);
   if (hs->grf_start[0] > VGPU_EU_GRFS) {
      stop_fault(r, "3DSTATE_HS Dispatch GRF Start Register beyond the register file");
      return false;
   }
   int consts = vgpu_3d_push_constants(r, VGPU_3D_HS, t, hs->grf_start[0]);
   if (consts < 0)
      return false;
   if (hs->grf_start[0] + (unsigned)consts > grfs)
      grfs = hs->grf_start[0] + (unsigned)consts;
   vgpu_3d_thread_payload(t, grfs);
   return vgpu_3d_thread_run(r, VGPU_3D_HS, hs->kernel[0], t);
}

/* Gen7/7.5 HS instance i's thread, ready to run (the header comment
 * gives the payload); false when the draw must stop. */
static bool
gen7_hs_payload(struct vgpu_draw_run *r, struct vgpu_eu_thread *t, uint32_t patch_handle,
                const uint32_t *icp, unsigned ncp, uint32_t primitive_id, uint32_t instance)
{
   const struct vgpu_3d_shader *hs = &r->st->shader[VGPU_3D_HS];
   vgpu_eu_thread_init(t, 0xff);
   vgpu_3d_thread_r0(r, VGPU_3D_HS, t);
   unsigned shift = vgpu.info->verx10 == 75 ? 17 : 16;
   uint32_t r0[3] = { patch_handle, primitive_id, instance << shift };
   memcpy(&t->regs[0], r0, sizeof(r0));
   unsigned grfs = 1;
   if (hs->include_vertex_handles) {
      memcpy(&t->regs[32], icp, ncp * 4);
      grfs = 1 + (ncp + SLOTS - 1) / SLOTS;
   }
   if (hs->grf_start[0] > VGPU_EU_GRFS) {
      stop_fault(r, "3DSTATE_HS Dispatch GRF Start Register beyond the register file");
      return false;
   }
   int consts = vgpu_3d_push_constants(r, VGPU_3D_HS, t, hs->grf_start[0]);
   if (consts < 0)
      return false;
   if (hs->grf_start[0] + (unsigned)consts > grfs)
      grfs = hs->grf_start[0] + (unsigned)consts;
   vgpu_3d_thread_payload(t, grfs);
   return true;
}

/* Runs the Gen7/7.5 HS instances of a patch side by side: each runs
 * until it ends or waits at the barrier; once every live one waits, the
 * gateway releases them all (PRM Vol 7 "Barrier": a barrier completes
 * when every thread of the group has signalled it). */
static bool
gen7_run_hs(struct vgpu_draw_run *r, uint32_t patch_handle, const uint32_t *icp,
            unsigned ncp, uint32_t primitive_id)
{
   static _Thread_local struct vgpu_eu_thread th[GEN7_MAX_HS_INSTANCES];
   const struct vgpu_3d_shader *hs = &r->st->shader[VGPU_3D_HS];
   unsigned n = hs->instance_count;
   bool done[GEN7_MAX_HS_INSTANCES] = { false };
   for (unsigned i = 0; i < n; i++) {
      if (!gen7_hs_payload(r, &th[i], patch_handle, icp, ncp, primitive_id, i))
         return false;
   }
   r->barrier_yields = true;
   bool ok = true;
   for (unsigned live = n; ok && live;) {
      for (unsigned i = 0; i < n && ok; i++) {
         if (done[i])
            continue;
         ok = vgpu_3d_thread_run(r, VGPU_3D_HS, hs->kernel[0], &th[i]);
         if (ok && !th[i].barrier_arrived) {
            done[i] = true;
            live--;
         }
      }
      for (unsigned i = 0; i < n; i++)
         th[i].notified = th[i].barrier_arrived;
   }
   r->barrier_yields = false;
   return ok;
}

/* Puts the control points into VS URB entries (the ICPs) and runs the
 * HS instances on the patch entry; false when the draw must stop. */
static bool
run_hs(struct vgpu_draw_run *r, struct vgpu_eu_thread *t, const struct vgpu_vue *cps,
       unsigned ncp, uint32_t patch_handle, uint32_t primitive_id)
{
   const struct vgpu_3d_shader *hs = &r->st->shader[VGPU_3D_HS];
   const struct vgpu_urb_alloc *vs = &r->urb->stage[VGPU_3D_VS];
   uint32_t icp[MAX_CONTROL_POINTS] = { 0 };
   if (vs->entries < ncp) {
      stop_fault(r, "3DSTATE_URB_VS has fewer entries than a patch's control points");
      return false;
   }
   for (unsigned i = 0; i < ncp; i++) {
      icp[i] = vgpu_urb_handle(r->urb, VGPU_3D_VS, i);
      uint32_t bytes = cps[i].rows * 16 < vs->entry_bytes ? cps[i].rows * 16 : vs->entry_bytes;
      memcpy(vgpu_urb_entry(r->urb, icp[i]), cps[i].dw, bytes);
   }
   if (hs->statistics)
      r->stats.hs_invocations++;
   if (vgpu.info->ver < 8)
      return gen7_run_hs(r, patch_handle, icp, ncp, primitive_id);
   for (uint32_t i = 0; i < hs->instance_count; i++) {
      if (!hs_thread(r, t, patch_handle, icp, ncp, primitive_id, i))
         return false;
   }
   return true;
}

/* The levels in the patch header (the layout is in the header comment). */
static void
patch_levels(enum vgpu_te_domain domain, const uint8_t *entry, float outer[4], float inner[2])
{
   float dw[8];
   memcpy(dw, entry, sizeof(dw));
   memset(outer, 0, 4 * sizeof(*outer));
   memset(inner, 0, 2 * sizeof(*inner));
   switch (domain) {
   case VGPU_TE_QUAD:
      for (unsigned i = 0; i < 4; i++)
         outer[i] = dw[7 - i];
      inner[0] = dw[3];
      inner[1] = dw[2];
      break;
   case VGPU_TE_TRI:
      for (unsigned i = 0; i < 3; i++)
         outer[i] = dw[7 - i];
      inner[0] = dw[4];
      break;
   default:
      outer[0] = dw[6];
      outer[1] = dw[7];
      break;
   }
}

/* ---- the domain shader ---- */

struct ds_run {
   struct vgpu_draw_run *r;
   struct vgpu_eu_thread *t;
   uint32_t patch_handle;
   const uint8_t *patch;         /* the patch URB entry */
   uint32_t patch_bytes;
   uint32_t primitive_id;
   uint32_t handles[SLOTS];      /* DS URB entries of the slots */
   uint32_t entry_bytes;
};

static unsigned
ds_slots(void)
{
   return vgpu.info->ver < 8 ? GEN7_SLOTS : SLOTS;
}

/* Gen8+ SIMD8 payload of n points; the GRFs it fills. */
static unsigned
simd8_ds_payload(struct ds_run *d, const struct vgpu_te_point *pts, unsigned n)
{
   struct vgpu_eu_thread *t = d->t;
   vgpu_eu_thread_init(t, (1u << n) - 1);
   vgpu_3d_thread_r0(d->r, VGPU_3D_DS, t);
   uint32_t r0[2] = { d->patch_handle, d->primitive_id };
   memcpy(&t->regs[0], r0, sizeof(r0));
   for (unsigned j = 0; j < n; j++) {
      memcpy(&t->regs[1 * 32 + j * 4], &pts[j].u, 4);
      memcpy(&t->regs[2 * 32 + j * 4], &pts[j].v, 4);
      memcpy(&t->regs[3 * 32 + j * 4], &pts[j].w, 4);
   }
   memcpy(&t->regs[4 * 32], d->handles, sizeof(d->handles));
   return 5;
}

/* Gen7/7.5 SIMD4x2 payload of n (1 or 2) points; the GRFs it fills. */
static unsigned
simd4x2_ds_payload(struct ds_run *d, const struct vgpu_te_point *pts, unsigned n)
{
   struct vgpu_eu_thread *t = d->t;
   vgpu_eu_thread_init(t, n == 2 ? 0xff : 0x0f);
   vgpu_3d_thread_r0(d->r, VGPU_3D_DS, t);
   memcpy(&t->regs[0], d->handles, GEN7_SLOTS * 4);
   for (unsigned j = 0; j < n; j++) {
      float uvw[3] = { pts[j].u, pts[j].v, pts[j].w };
      memcpy(&t->regs[32 + j * 16], uvw, sizeof(uvw));
   }
   memcpy(&t->regs[32 + 3 * 4], &d->patch_handle, 4);
   memcpy(&t->regs[32 + 7 * 4], &d->primitive_id, 4);
   return 2;
}

static bool
ds_thread(struct ds_run *d, const struct vgpu_te_point *pts, unsigned n)
{
   struct vgpu_draw_run *r = d->r;
   struct vgpu_eu_thread *t = d->t;
   const struct vgpu_3d_shader *ds = &r->st->shader[VGPU_3D_DS];
   unsigned fixed = vgpu.info->ver < 8 ? simd4x2_ds_payload(d, pts, n)
                                       : simd8_ds_payload(d, pts, n);
   unsigned grf = ds->grf_start[0];
   int consts = vgpu_3d_push_constants(r, VGPU_3D_DS, t, grf);
   if (consts < 0)
      return false;
   grf += (unsigned)consts;
   uint32_t rows = ds->urb_read_length, first = ds->urb_read_offset * 32;
   if (grf + rows > VGPU_EU_GRFS || first + rows * 32 > d->patch_bytes) {
      stop_fault(r, "3DSTATE_DS patch URB entry read beyond the register file or the entry");
      return false;
   }
   memcpy(&t->regs[grf * 32], d->patch + first, rows * 32);
   grf += rows;
   vgpu_3d_thread_payload(t, grf > fixed ? grf : fixed);
   if (ds->statistics)
      r->stats.ds_invocations += n;
   return vgpu_3d_thread_run(r, VGPU_3D_DS, ds->kernel[0], t);
}

/* Shades every domain point, point k's VUE to vues + k * entry dwords. */
static bool
run_ds(struct ds_run *d, const struct vgpu_te_result *te, uint32_t *vues)
{
   unsigned slots = ds_slots();
   for (unsigned first = 0; first < te->point_count; first += slots) {
      unsigned n = te->point_count - first < slots ? te->point_count - first : slots;
      if (!ds_thread(d, &te->points[first], n))
         return false;
      for (unsigned j = 0; j < n; j++)
         memcpy(vues + (size_t)(first + j) * (d->entry_bytes / 4),
                vgpu_urb_entry(d->r->urb, d->handles[j]), d->entry_bytes);
   }
   return true;
}

static void
emit_prims(struct vgpu_draw_run *r, const struct vgpu_te_result *te, const uint32_t *vues,
           uint32_t entry_bytes, uint32_t primitive_id, vgpu_tess_emit_fn emit)
{
   static const enum vgpu_prim_kind kinds[4] = {
      VGPU_PRIM_POINT, VGPU_PRIM_POINT, VGPU_PRIM_LINE, VGPU_PRIM_TRIANGLE,
   };
   static const uint32_t topologies[4] = {
      VGPU_VF_POINTLIST, VGPU_VF_POINTLIST, VGPU_VF_LINELIST, VGPU_VF_TRILIST,
   };
   for (unsigned k = 0; k < te->prim_count && !r->stop; k++) {
      struct vgpu_prim p = {
         .kind = kinds[te->per], .topology = topologies[te->per], .nverts = te->per,
         .index_in_strip = k, .primitive_id = primitive_id,
      };
      for (unsigned c = 0; c < te->per; c++) {
         uint32_t pt = te->prims[(size_t)k * te->per + c];
         p.v[c] = (struct vgpu_vue){ vues + (size_t)pt * (entry_bytes / 4), entry_bytes / 16 };
      }
      emit(r, &p);
   }
}

/* Tessellates the patch whose header run_hs wrote and shades its points. */
static bool
tessellate(struct vgpu_draw_run *r, struct ds_run *d, vgpu_tess_emit_fn emit)
{
   const struct vgpu_3d *st = r->st;
   float outer[4], inner[2];
   patch_levels(st->te_domain, d->patch, outer, inner);
   struct vgpu_te_result te;
   if (!vgpu_te_tessellate(st->te_domain, st->te_partitioning, st->te_output_topology,
                           outer, inner, &te)) {
      stop_fault(r, "3DSTATE_TE domain, partitioning and output topology do not fit "
                    "(or out of memory)");
      return false;
   }
   if (!te.point_count) {
      vgpu_te_free(&te);
      return true;
   }
   uint32_t *vues = malloc((size_t)te.point_count * d->entry_bytes);
   bool ok = vues && run_ds(d, &te, vues);
   if (!vues)
      stop_fault(r, "out of memory for a patch's domain points");
   if (ok)
      emit_prims(r, &te, vues, d->entry_bytes, d->primitive_id, emit);
   free(vues);
   vgpu_te_free(&te);
   return ok && !r->stop;
}

bool
vgpu_tess_patch(struct vgpu_draw_run *r, const struct vgpu_vue *cps, unsigned ncp,
                uint32_t primitive_id, vgpu_tess_emit_fn emit)
{
   static _Thread_local struct vgpu_eu_thread t;
   const struct vgpu_urb_alloc *hs = &r->urb->stage[VGPU_3D_HS];
   const struct vgpu_urb_alloc *ds = &r->urb->stage[VGPU_3D_DS];
   if (ncp > MAX_CONTROL_POINTS) {
      stop_fault(r, "patch of more than 32 control points");
      return false;
   }
   if (!hs->entries || hs->entry_bytes < 32 || ds->entries < ds_slots()) {
      stop_fault(r, "3DSTATE_URB_HS/DS without a patch entry or a DS thread's entries");
      return false;
   }
   struct ds_run d = {
      .r = r, .t = &t, .primitive_id = primitive_id,
      .patch_handle = vgpu_urb_handle(r->urb, VGPU_3D_HS, 0),
      .patch_bytes = hs->entry_bytes, .entry_bytes = ds->entry_bytes,
   };
   uint8_t *patch = vgpu_urb_entry(r->urb, d.patch_handle);
   d.patch = patch;
   /* A fresh entry each patch: what the HS leaves unwritten reads 0. */
   memset(patch, 0, hs->entry_bytes);
   for (unsigned j = 0; j < ds_slots(); j++)
      d.handles[j] = vgpu_urb_handle(r->urb, VGPU_3D_DS, j);
   if (!run_hs(r, &t, cps, ncp, d.patch_handle, primitive_id))
      return false;
   return tessellate(r, &d, emit);
}

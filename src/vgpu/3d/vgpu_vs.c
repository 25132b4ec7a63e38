/* Vertex shader dispatch (PRM Vol 7 "Vertex Shader", Vol 2a 3DSTATE_VS).
 *
 * The VF writes each vertex's elements into a VS URB entry, one 16-byte
 * row per element (two for a 64-bit element of more than two
 * components), and the VS thread that shades the vertex gets that entry's
 * handle: it reads its inputs from the payload and writes its outputs
 * back into the same entry, the VUE the next stages read.  With the VS
 * disabled the VF's entry is the VUE (pass-through).
 *
 * Threads: Gen8+ SIMD8, eight vertices per thread; Gen7/7.5 SIMD4x2, two
 * (the vec4 kernels Mesa's hasvk compiles).  Payload (PRM "VS Thread
 * Payload"; Mesa's back ends expect the same):
 *  - R0: the 3D header (vgpu_3d_thread_r0); Gen7/7.5 DWord 0 and 1 the
 *    URB handles of vertex 0 and 1, which the kernel's URB write takes
 *    with the rest of R0 as its header;
 *  - Gen8+ R1: the URB handle of each slot's vertex;
 *  - from Dispatch GRF Start Register: the push constants, then the
 *    vertex's entry rows from Vertex URB Entry Read Offset for Read Length
 *    (both in 256-bit units, two rows): Gen8+ four GRFs per row, GRF c the
 *    row's component c of the eight vertices; Gen7/7.5 one GRF per row,
 *    vertex 0's in the low half, vertex 1's in the high.
 *
 * Each position of the vertex sequence is shaded once per instance (no
 * vertex cache: an index that repeats is shaded again, which Vulkan
 * allows), in sequence order. */
#include <stdio.h>
#include <string.h>

#include "log.h"
#include "vgpu_gpgpu.h"
#include "vgpu_pipe.h"
#include "vgpu_priv.h"
#include "vgpu_urb.h"
#include "vgpu_vf.h"

#define SIMD8_SLOTS 8
#define SIMD4X2_SLOTS 2

static void
stop_fault(struct vgpu_draw_run *r, const char *why)
{
   r->stop = true;
   vgpu_exec_fault(r->exec, r->draw->addr, why);
}

/* Fetches vertex v into the entry: every element in order, each taking
 * one row, or two for more than four dwords. */
static bool
fetch_into_entry(struct vgpu_draw_run *r, const struct vgpu_vf_input *in,
                 const struct vgpu_vf_draw *vd, const struct vgpu_vf_vertex *v,
                 uint32_t instance, uint8_t *entry, uint32_t entry_bytes)
{
   struct vgpu_vf_attr attrs[VGPU_3D_MAX_VERTEX_ELEMENTS];
   memset(entry, 0, entry_bytes);
   if (!vgpu_vf_fetch_vertex(in, vd, v, instance, attrs)) {
      vgpu_not_modelled("vertex element the VF cannot fetch (format, buffer or STORE_PID)");
      r->stop = true;
      return false;
   }
   uint32_t row = 0;
   for (unsigned e = 0; e < in->element_count; e++) {
      uint32_t rows = attrs[e].dwords > 4 ? 2 : 1;
      if ((row + rows) * 16 > entry_bytes) {
         stop_fault(r, "vertex elements beyond 3DSTATE_URB_VS's entry size");
         return false;
      }
      memcpy(entry + row * 16, attrs[e].dw, attrs[e].dwords * 4);
      row += rows;
   }
   return true;
}

/* Rows worth printing: the VUE length 3DSTATE_VS gives the next stages
 * (Gen8+), else the whole entry. */
static unsigned
debug_rows(const struct vgpu_3d_shader *vs, unsigned entry_rows)
{
   unsigned rows = (vs->urb_output_offset + vs->urb_output_length) * 2;
   return vs->enable && rows && rows < entry_rows ? rows : entry_rows;
}

/* VGPU_DEBUG=vertex: one line per VUE row, hex dwords then floats. */
static void
log_vertex(const struct vgpu_draw_run *r, uint32_t instance, uint32_t position,
           const struct vgpu_vf_vertex *v, const uint32_t *dw, unsigned entry_rows)
{
   unsigned rows = debug_rows(&r->st->shader[VGPU_3D_VS], entry_rows);
   log_info("vertex: instance=%u position=%u index=%u rows=%u", instance, position,
            v->index, rows);
   for (unsigned i = 0; i < rows; i++) {
      const uint32_t *d = &dw[i * 4];
      float f[4];
      memcpy(f, d, sizeof(f));
      log_info("vertex:   r%u 0x%08x 0x%08x 0x%08x 0x%08x  %g %g %g %g", i,
               d[0], d[1], d[2], d[3], f[0], f[1], f[2], f[3]);
   }
}

/* The vertex data of the payload: the URB rows 3DSTATE_VS reads from
 * each vertex's entry, from its Vertex URB Entry Read Offset. */
struct vs_rows {
   unsigned grf;                 /* the first GRF of the data */
   uint32_t first, count;        /* entry rows */
};

/* The payload's start, common to both dispatch modes: the URB handles
 * at handle_grf, then the push constants from Dispatch GRF Start
 * Register; checks that the data, grfs_per_row GRFs per row, fits the
 * register file and the rows the entry.  False after a fault. */
static bool
payload_start(struct vgpu_draw_run *r, struct vgpu_eu_thread *t, const uint32_t *handles,
              unsigned handle_grf, unsigned slots, unsigned grfs_per_row,
              uint32_t entry_bytes, struct vs_rows *rows)
{
   const struct vgpu_3d_shader *vs = &r->st->shader[VGPU_3D_VS];
   memcpy(&t->regs[handle_grf * 32], handles, slots * 4);
   int consts = vgpu_3d_push_constants(r, VGPU_3D_VS, t, vs->grf_start[0]);
   if (consts < 0)
      return false;
   rows->grf = vs->grf_start[0] + (unsigned)consts;
   rows->count = vs->urb_read_length * 2;
   rows->first = vs->urb_read_offset * 2;
   if (rows->grf + rows->count * grfs_per_row > VGPU_EU_GRFS ||
       (rows->first + rows->count) * 16 > entry_bytes) {
      stop_fault(r, "3DSTATE_VS URB entry read beyond the register file or the entry");
      return false;
   }
   return true;
}

/* The payload of a SIMD8 thread for n vertices (slots 0..n-1 live): R1
 * the handles, each row's components in a GRF each, a channel per
 * vertex.  Returns the GRFs it takes, 0 after a fault. */
static unsigned
simd8_payload(struct vgpu_draw_run *r, struct vgpu_eu_thread *t, uint8_t *const *entries,
              const uint32_t *handles, uint32_t entry_bytes, unsigned n)
{
   struct vs_rows rows;
   if (!payload_start(r, t, handles, 1, SIMD8_SLOTS, 4, entry_bytes, &rows))
      return 0;
   for (uint32_t k = 0; k < rows.count; k++) {
      for (unsigned c = 0; c < 4; c++) {
         for (unsigned j = 0; j < n; j++)
            memcpy(&t->regs[(rows.grf + k * 4 + c) * 32 + j * 4],
                   entries[j] + (rows.first + k) * 16 + c * 4, 4);
      }
   }
   return rows.grf + rows.count * 4;
}

/* SIMD4x2: the handles in R0, a GRF per row holding both vertices' vec4s. */
static unsigned
simd4x2_payload(struct vgpu_draw_run *r, struct vgpu_eu_thread *t, uint8_t *const *entries,
                const uint32_t *handles, uint32_t entry_bytes, unsigned n)
{
   struct vs_rows rows;
   if (!payload_start(r, t, handles, 0, SIMD4X2_SLOTS, 1, entry_bytes, &rows))
      return 0;
   for (uint32_t k = 0; k < rows.count; k++) {
      for (unsigned j = 0; j < n; j++)
         memcpy(&t->regs[(rows.grf + k) * 32 + j * 16], entries[j] + (rows.first + k) * 16, 16);
   }
   return rows.grf + rows.count;
}

/* One VS thread on n vertices whose entries the VF has written. */
static bool
run_thread(struct vgpu_draw_run *r, struct vgpu_eu_thread *t, uint8_t *const *entries,
           const uint32_t *handles, uint32_t entry_bytes, unsigned n)
{
   const struct vgpu_3d_shader *vs = &r->st->shader[VGPU_3D_VS];
   bool simd8 = vs->simd == 8;
   uint32_t mask = 0;
   for (unsigned j = 0; j < n; j++)
      mask |= simd8 ? 1u << j : 0xfu << (4 * j);
   vgpu_eu_thread_init(t, mask);
   vgpu_3d_thread_r0(r, VGPU_3D_VS, t);
   unsigned grfs = simd8 ? simd8_payload(r, t, entries, handles, entry_bytes, n)
                         : simd4x2_payload(r, t, entries, handles, entry_bytes, n);
   if (!grfs)
      return false;
   vgpu_3d_thread_payload(t, grfs);
   if (vs->statistics)
      r->stats.vs_invocations += n;
   return vgpu_3d_thread_run(r, VGPU_3D_VS, vs->kernel[0], t);
}

/* Vertices per thread: SIMD8 on Gen8+ (the hardware's SIMD4x2 dispatch
 * there is not modelled), SIMD4x2 on Gen7/7.5; one at a time without a
 * VS. */
static unsigned
thread_slots(struct vgpu_draw_run *r)
{
   const struct vgpu_3d_shader *vs = &r->st->shader[VGPU_3D_VS];
   if (!vs->enable)
      return 1;
   if (vgpu.info->ver >= 8 && vs->simd != 8) {
      vgpu_not_modelled("Gen8+ vertex shader in SIMD4x2 dispatch");
      r->stop = true;
      return 0;
   }
   return vs->simd == 8 ? SIMD8_SLOTS : SIMD4X2_SLOTS;
}

bool
vgpu_vs_shade(struct vgpu_draw_run *r, const struct vgpu_vf_input *in,
              const struct vgpu_vf_draw *vd, const struct vgpu_vf_vertex *seq,
              uint32_t count, uint32_t instance, uint32_t *vues, unsigned vue_dwords)
{
   static _Thread_local struct vgpu_eu_thread t;
   const struct vgpu_urb_alloc *a = &r->urb->stage[VGPU_3D_VS];
   unsigned slots = thread_slots(r);
   if (!slots)
      return false;
   /* A thread's vertices each take an entry; the unused slots of a
    * thread get entries too, so that a write through them lands in the
    * stage's own space. */
   uint32_t copy = a->entry_bytes < vue_dwords * 4 ? a->entry_bytes : vue_dwords * 4;
   if (a->entries < slots) {
      stop_fault(r, "3DSTATE_URB_VS has fewer entries than a VS thread's vertices");
      return false;
   }
   uint32_t handles[SIMD8_SLOTS] = { 0 };
   uint8_t *entries[SIMD8_SLOTS];
   for (unsigned j = 0; j < slots; j++) {
      handles[j] = vgpu_urb_handle(r->urb, VGPU_3D_VS, j);
      entries[j] = vgpu_urb_entry(r->urb, handles[j]);
   }
   for (uint32_t first = 0; first < count; first += slots) {
      unsigned n = count - first < slots ? count - first : slots;
      for (unsigned j = 0; j < n; j++) {
         if (!fetch_into_entry(r, in, vd, &seq[first + j], instance, entries[j], a->entry_bytes))
            return false;
      }
      if (r->st->shader[VGPU_3D_VS].enable &&
          !run_thread(r, &t, entries, handles, a->entry_bytes, n))
         return false;
      for (unsigned j = 0; j < n; j++) {
         uint32_t *vue = vues + (size_t)(first + j) * vue_dwords;
         memcpy(vue, entries[j], copy);
         if (vgpu.debug & VGPU_DEBUG_VERTEX)
            log_vertex(r, instance, first + j, &seq[first + j], vue, vue_dwords / 4);
      }
   }
   return true;
}

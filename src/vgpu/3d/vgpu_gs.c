/* Geometry shader dispatch (PRM Vol 7 "Geometry Shader", Vol 2a
 * 3DSTATE_GS): Gen8+ SIMD8 dispatch (what ANV and hasvk program on
 * Broadwell and later) and Gen7/7.5 DUAL_OBJECT and DUAL_INSTANCE
 * dispatch (what hasvk's vec4 kernels use without and with GS
 * instancing: the Ivy Bridge PRM's 3DSTATE_GS makes DUAL_OBJECT invalid
 * with InstanceCount > 1, and Mesa 22.3's brw_compile_gs then picks
 * DUAL_INSTANCE), and Gen7's SINGLE dispatch (Mesa's choice for an
 * uninstanced kernel that would spill in DUAL_OBJECT mode, or with
 * INTEL_DEBUG=nodualobj).
 *
 * Objects: each assembled input primitive makes Instance Control + 1
 * objects, its instances in order; a thread takes up to eight of them,
 * one per channel, and every object gets a GS URB entry of its own for
 * its output.  The input vertices are put in URB entries of the previous
 * stage (DS with tessellation, else VS), which the hardware's vertex
 * handles name; their VUEs are copied when a primitive is queued and the
 * entries written when its thread runs, so nothing the other stages keep
 * in their entries needs to outlive a call.
 *
 * Payload (PRM "GS Thread Payload" for SIMD8; Mesa's scalar back end
 * expects the same):
 *  - R0: the 3D header (vgpu_3d_thread_r0);
 *  - R1: DWord n the output URB handle of channel n's object (bits 15:0)
 *    and its instance number (bits 31:27);
 *  - with Include Primitive ID, R2: DWord n the object's PrimitiveID;
 *  - with Include Vertex Handles, one GRF per input vertex: DWord n the
 *    URB handle of channel n's vertex; with Instance Control above 0 a
 *    thread takes the instances of one primitive only, and one GRF holds
 *    the handles, DWord k vertex k's (Mesa's kernels read them so);
 *  - from Dispatch GRF Start Register: the push constants, then for each
 *    input vertex in turn its rows from Vertex URB Entry Read Offset for
 *    Read Length (256-bit units), four GRFs per row (GRF c component c
 *    of the eight objects).
 *
 * Gen7/7.5 DUAL_OBJECT (SIMD4x2, two objects, channels 0-3 object 0's,
 * 4-7 object 1's; PRM Vol 2a 3DSTATE_GS, Mesa's vec4 GS expects the same):
 *  - R0: the 3D header, DWord 0 and 1 the output URB handles of objects
 *    0 and 1, which the kernel's URB writes take with R0 as header;
 *  - with Include Primitive ID, R1: DWord 0 object 0's PrimitiveID,
 *    DWord 4 object 1's;
 *  - from Dispatch GRF Start Register: the push constants, then for each
 *    input vertex its rows, one GRF per row, object 0's vec4 in the low
 *    half, object 1's in the high half.
 * The output entry has no vertex count: the thread's final URB write
 * (EOT) carries the two objects' counts in its header's DWord 2, and the
 * control data header starts the entry.
 *
 * Gen7/7.5 DUAL_INSTANCE (SIMD4x2, two instances of one primitive,
 * channels 0-3 instance 2i's, 4-7 instance 2i+1's): the same as
 * DUAL_OBJECT but for
 *  - R0 DWord 0 and 1: the output URB handles with the instance number
 *    in bits 31:27 (Mesa's vec4 GS shifts it out of R0.0 and R0.1 by 27);
 *  - R1 (Include Primitive ID): the primitive's PrimitiveID in DWord 0
 *    and DWord 4, one for each half (Mesa reads it as g1<4>.x);
 *  - the vertex rows interleaved, as both instances read the same
 *    vertices: one GRF per two rows, row 2n in the low half and 2n+1 in
 *    the high half, Vertex URB Entry Read Length GRFs per vertex (Mesa's
 *    vec4 GS attribute_to_hw_reg with interleaved attributes).
 *
 * Gen7/7.5 SINGLE (SIMD4x1: one object a thread, channels 0-3): the
 * DUAL_INSTANCE payload with only its low half, R0 DWord 0 the object's
 * output handle, the rows interleaved as well (Mesa's vec4 GS lays out
 * its attributes two a register in every mode but DUAL_OBJECT), the
 * vertex count in the low half of the final URB write's DWord 2.
 *
 * Output URB entry (what the kernel writes): without Static Output,
 * 32 bytes whose DWord 0 is the count of vertices emitted; then the
 * control data header of Control Data Header Size 32-byte units: CUT
 * format one bit per vertex (bit n set: the strip ends after vertex n),
 * SID format two bits per vertex (its stream); then the vertices, each
 * Output Vertex Size + 1 16-byte rows, a VUE as the clipper takes it.
 *
 * After a thread, each object's vertices are assembled by Output
 * Topology, its strips ended by the cut bits, and the primitives go to
 * stream output and, those of the rendered stream, to the clipper, in
 * object order. */
#include <stdlib.h>
#include <string.h>

#include "vgpu_pipe.h"
#include "vgpu_priv.h"
#include "vgpu_urb.h"
#include "vgpu_vf.h"

#define GS_SLOTS 8
#define SIMD4X2_SLOTS 2
#define GS_MAX_INPUT_VERTICES 6

/* 3DSTATE_GS encodings (Dispatch Mode: Gen7 SINGLE 0, DUAL_INSTANCE 1,
 * DUAL_OBJECT 2; Gen8+ DUAL_OBJECT 2, SIMD8 3). */
#define DISPATCH_MODE_SINGLE 0
#define DISPATCH_MODE_DUAL_INSTANCE 1
#define DISPATCH_MODE_DUAL_OBJECT 2
#define DISPATCH_MODE_SIMD8 3
#define CONTROL_DATA_SID 1
#define REORDER_TRAILING 1
#define INSTANCE_SHIFT 27

#define VERTEX_COUNT_BYTES 32u
#define HEADER_UNIT_BYTES 32u

/* 3D_Prim_Topo_Type: strips whose odd triangles Reorder Mode affects. */
#define TOPO_TRISTRIP 5
#define TOPO_TRISTRIP_ADJ 12
#define TOPO_TRISTRIP_REVERSE 13

struct gs_object {
   uint32_t primitive_id;
   uint32_t instance;
};

struct vgpu_gs {
   enum vgpu_3d_stage in_stage;  /* whose URB entries hold the input */
   unsigned nverts;              /* input vertices per primitive */
   unsigned in_dwords;           /* such an entry, the input VUE's room */
   unsigned max_objects;         /* per thread: what the URB entries allow */
   unsigned count;               /* objects queued */
   struct gs_object obj[GS_SLOTS];
   uint32_t *in;                 /* object j's vertex k at
                                  * (j * GS_MAX_INPUT_VERTICES + k) * in_dwords */
   uint32_t *out_prims;          /* assembler output, reused */
   size_t max_out_prims;
   struct vgpu_vf_vertex *out_seq;   /* an object's output vertices (no cuts) */
   size_t max_out_seq;
   uint32_t simd4x2_counts;      /* Gen7: the EOT header's DWord 2 */
};

static void
stop_fault(struct vgpu_draw_run *r, const char *why)
{
   r->stop = true;
   vgpu_exec_fault(r->exec, r->draw->addr, why);
}

static bool
output_topology_modelled(uint32_t t)
{
   switch (t) {
   case VGPU_VF_POINTLIST: case VGPU_VF_LINELIST: case VGPU_VF_LINESTRIP:
   case VGPU_VF_TRILIST: case VGPU_VF_TRISTRIP:
      return true;
   default:
      return false;
   }
}

const char *
vgpu_gs_unmodelled(const struct vgpu_3d *st)
{
   const struct vgpu_3d_shader *gs = &st->shader[VGPU_3D_GS];
   if (vgpu.info->ver < 8) {
      if (gs->dispatch_mode > DISPATCH_MODE_DUAL_OBJECT)
         return "Gen7 geometry shader in a reserved dispatch mode";
      /* Mesa's vec4 kernels pull no inputs: where the handles would go
       * is not known. */
      if (gs->include_vertex_handles)
         return "Gen7 geometry shader with input vertex handles";
   } else if (gs->dispatch_mode != DISPATCH_MODE_SIMD8) {
      return "Gen8+ geometry shader in a dispatch mode other than SIMD8";
   }
   if (!output_topology_modelled(gs->output_topology))
      return "geometry shader output topology";
   /* The PRM leaves strips of vertices of several streams undefined
    * (the APIs allow streams with point output only). */
   if (gs->control_data_format == CONTROL_DATA_SID && gs->control_data_header_size &&
       gs->output_topology != VGPU_VF_POINTLIST)
      return "geometry shader stream IDs on lines or triangles";
   return NULL;
}

/* ---- the queue ---- */

static struct vgpu_gs *
gs_create(struct vgpu_draw_run *r, unsigned nverts)
{
   enum vgpu_3d_stage in_stage = r->st->shader[VGPU_3D_DS].enable ? VGPU_3D_DS : VGPU_3D_VS;
   const struct vgpu_urb_alloc *in = &r->urb->stage[in_stage];
   const struct vgpu_urb_alloc *out = &r->urb->stage[VGPU_3D_GS];
   if (!out->entries) {
      stop_fault(r, "3DPRIMITIVE with a GS and no GS URB entries");
      return NULL;
   }
   if (!nverts || nverts > GS_MAX_INPUT_VERTICES || in->entries < nverts) {
      stop_fault(r, "fewer VS (or DS) URB entries than a GS input primitive's vertices");
      return NULL;
   }
   struct vgpu_gs *gs = calloc(1, sizeof(*gs));
   if (gs) {
      gs->in_stage = in_stage;
      gs->nverts = nverts;
      gs->in_dwords = in->entry_bytes / 4;
      gs->max_objects = vgpu.info->ver >= 8 ? GS_SLOTS :
                        r->st->shader[VGPU_3D_GS].dispatch_mode == DISPATCH_MODE_SINGLE ?
                        1 : SIMD4X2_SLOTS;
      if (out->entries < gs->max_objects)
         gs->max_objects = out->entries;
      if (in->entries / nverts < gs->max_objects)
         gs->max_objects = in->entries / nverts;
      gs->in = calloc((size_t)GS_SLOTS * GS_MAX_INPUT_VERTICES * gs->in_dwords, 4);
   }
   if (!gs || !gs->in) {
      if (gs)
         free(gs->in);
      free(gs);
      stop_fault(r, "out of memory for geometry shader state");
      return NULL;
   }
   return gs;
}

/* Which assembled vertex the GS sees as vertex k: Reorder Mode TRAILING
 * turns an odd strip triangle from the assembler's (i, i+2, i+1) into
 * OpenGL's (i+1, i, i+2), the last vertex kept last (HARDWARE-NOTES.md
 * section 4, as stream output does); with adjacency the six vertices
 * rotate alike.  LEADING keeps the assembler's order.  Ivy Bridge's bit
 * (Reorder Enable) keeps the orientation-preserving (i, i+2, i+1) for
 * strips, and strips with adjacency ignore it (Mesa's i965 notes the
 * Gen7 and Gen7.5 meanings of the bit differ): the assembler's order. */
static unsigned
input_vertex(const struct vgpu_3d_shader *s, const struct vgpu_prim *p, unsigned k)
{
   bool odd;
   if (vgpu.info->verx10 == 70)
      return k;
   switch (p->topology) {
   case TOPO_TRISTRIP: case TOPO_TRISTRIP_ADJ:
      odd = p->index_in_strip & 1;
      break;
   case TOPO_TRISTRIP_REVERSE:
      odd = !(p->index_in_strip & 1);
      break;
   default:
      return k;
   }
   if (!odd || s->reorder_mode != REORDER_TRAILING || (p->nverts != 3 && p->nverts != 6))
      return k;
   return (k + p->nverts - p->nverts / 3) % p->nverts;
}

static void
queue_object(struct vgpu_gs *gs, const struct vgpu_3d_shader *s, const struct vgpu_prim *p,
             uint32_t instance)
{
   unsigned j = gs->count++;
   gs->obj[j] = (struct gs_object){ .primitive_id = p->primitive_id, .instance = instance };
   for (unsigned k = 0; k < gs->nverts; k++) {
      const struct vgpu_vue *v = &p->v[input_vertex(s, p, k)];
      uint32_t *dst = gs->in + ((size_t)j * GS_MAX_INPUT_VERTICES + k) * gs->in_dwords;
      size_t dwords = (size_t)v->rows * 4 < gs->in_dwords ? (size_t)v->rows * 4 : gs->in_dwords;
      memcpy(dst, v->dw, dwords * 4);
      memset(dst + dwords, 0, (gs->in_dwords - dwords) * 4);
   }
}

/* ---- a thread ---- */

static void
set_dword(struct vgpu_eu_thread *t, unsigned grf, unsigned dw, uint32_t v)
{
   memcpy(&t->regs[grf * 32 + dw * 4], &v, 4);
}

/* The input vertices' URB entries: object j's vertex k in entry
 * j * nverts + k of the input stage. */
static uint32_t
input_handle(struct vgpu_draw_run *r, const struct vgpu_gs *gs, unsigned j, unsigned k)
{
   return vgpu_urb_handle(r->urb, gs->in_stage, j * gs->nverts + k);
}

static const uint32_t *
input_vue(const struct vgpu_gs *gs, unsigned j, unsigned k)
{
   return gs->in + ((size_t)j * GS_MAX_INPUT_VERTICES + k) * gs->in_dwords;
}

/* Zeroes the objects' output entries (the kernel writes only what it
 * emits) and writes their input vertices into the input entries. */
static void
prepare_entries(struct vgpu_draw_run *r, const struct vgpu_gs *gs)
{
   const struct vgpu_urb_alloc *out = &r->urb->stage[VGPU_3D_GS];
   for (unsigned j = 0; j < gs->count; j++) {
      memset(vgpu_urb_entry(r->urb, vgpu_urb_handle(r->urb, VGPU_3D_GS, j)), 0,
             out->entry_bytes);
      for (unsigned k = 0; k < gs->nverts; k++)
         memcpy(vgpu_urb_entry(r->urb, input_handle(r, gs, j, k)), input_vue(gs, j, k),
                gs->in_dwords * 4);
   }
}

/* R1, R2 and the vertex handles; returns the first GRF after them. */
static unsigned
header_payload(struct vgpu_draw_run *r, const struct vgpu_gs *gs, struct vgpu_eu_thread *t)
{
   const struct vgpu_3d_shader *s = &r->st->shader[VGPU_3D_GS];
   for (unsigned j = 0; j < gs->count; j++) {
      uint32_t handle = vgpu_urb_handle(r->urb, VGPU_3D_GS, j);
      set_dword(t, 1, j, handle | gs->obj[j].instance << INSTANCE_SHIFT);
   }
   unsigned grf = 2;
   if (s->include_primitive_id) {
      for (unsigned j = 0; j < gs->count; j++)
         set_dword(t, grf, j, gs->obj[j].primitive_id);
      grf++;
   }
   if (!s->include_vertex_handles)
      return grf;
   if (s->instance_count > 1) {
      for (unsigned k = 0; k < gs->nverts; k++)
         set_dword(t, grf, k, input_handle(r, gs, 0, k));
      return grf + 1;
   }
   for (unsigned k = 0; k < gs->nverts; k++, grf++) {
      for (unsigned j = 0; j < gs->count; j++)
         set_dword(t, grf, j, input_handle(r, gs, j, k));
   }
   return grf;
}

/* Push constants and pushed vertex rows; returns the GRFs the payload
 * takes, -1 after a fault. */
static int
pushed_payload(struct vgpu_draw_run *r, const struct vgpu_gs *gs, struct vgpu_eu_thread *t)
{
   const struct vgpu_3d_shader *s = &r->st->shader[VGPU_3D_GS];
   unsigned grf = s->grf_start[0];
   int consts = vgpu_3d_push_constants(r, VGPU_3D_GS, t, grf);
   if (consts < 0)
      return -1;
   grf += (unsigned)consts;
   uint32_t rows = s->urb_read_length * 2, first_row = s->urb_read_offset * 2;
   if (grf + gs->nverts * rows * 4 > VGPU_EU_GRFS ||
       (first_row + rows) * 4 > gs->in_dwords) {
      stop_fault(r, "3DSTATE_GS URB entry read beyond the register file or the entry");
      return -1;
   }
   for (unsigned k = 0; k < gs->nverts; k++) {
      for (uint32_t row = 0; row < rows; row++) {
         for (unsigned c = 0; c < 4; c++) {
            unsigned g = grf + (k * rows + row) * 4 + c;
            for (unsigned j = 0; j < gs->count; j++)
               set_dword(t, g, j, input_vue(gs, j, k)[(first_row + row) * 4 + c]);
         }
      }
   }
   return (int)(grf + gs->nverts * rows * 4);
}

/* Gen7 DUAL_OBJECT: one GRF per row, object j's in half j; returns the
 * GRFs they take. */
static unsigned
dual_object_rows(const struct vgpu_gs *gs, struct vgpu_eu_thread *t, unsigned grf,
                 uint32_t first_row, uint32_t rows)
{
   for (unsigned k = 0; k < gs->nverts; k++) {
      for (uint32_t row = 0; row < rows; row++) {
         for (unsigned j = 0; j < gs->count; j++)
            memcpy(&t->regs[(grf + k * rows + row) * 32 + j * 16],
                   input_vue(gs, j, k) + (first_row + row) * 4, 16);
      }
   }
   return gs->nverts * rows;
}

/* Gen7 DUAL_INSTANCE and SINGLE: the instances share their primitive's
 * vertices, two rows a GRF (row 2n in the low half); returns the GRFs
 * they take. */
static unsigned
interleaved_rows(const struct vgpu_gs *gs, struct vgpu_eu_thread *t, unsigned grf,
                   uint32_t first_row, uint32_t rows)
{
   for (unsigned k = 0; k < gs->nverts; k++) {
      for (uint32_t row = 0; row < rows; row++)
         memcpy(&t->regs[(grf + (k * rows + row) / 2) * 32 + (row % 2) * 16],
                input_vue(gs, 0, k) + (first_row + row) * 4, 16);
   }
   return gs->nverts * rows / 2;
}

/* The whole Gen7 DUAL_OBJECT, DUAL_INSTANCE or SINGLE payload; returns
 * the GRFs it takes, -1 after a fault. */
static int
simd4x2_payload(struct vgpu_draw_run *r, const struct vgpu_gs *gs, struct vgpu_eu_thread *t)
{
   const struct vgpu_3d_shader *s = &r->st->shader[VGPU_3D_GS];
   bool interleaved = s->dispatch_mode != DISPATCH_MODE_DUAL_OBJECT;
   unsigned header = 1;
   for (unsigned j = 0; j < gs->count; j++)
      set_dword(t, 0, j, vgpu_urb_handle(r->urb, VGPU_3D_GS, j) |
                         gs->obj[j].instance << INSTANCE_SHIFT);
   if (s->include_primitive_id) {
      for (unsigned j = 0; j < gs->count; j++)
         set_dword(t, 1, 4 * j, gs->obj[j].primitive_id);
      header = 2;
   }
   unsigned grf = s->grf_start[0];
   int consts = vgpu_3d_push_constants(r, VGPU_3D_GS, t, grf);
   if (consts < 0)
      return -1;
   grf += (unsigned)consts;
   uint32_t rows = s->urb_read_length * 2, first_row = s->urb_read_offset * 2;
   unsigned row_grfs = gs->nverts * (interleaved ? rows / 2 : rows);
   if (grf + row_grfs > VGPU_EU_GRFS || (first_row + rows) * 4 > gs->in_dwords) {
      stop_fault(r, "3DSTATE_GS URB entry read beyond the register file or the entry");
      return -1;
   }
   grf += interleaved ? interleaved_rows(gs, t, grf, first_row, rows)
                      : dual_object_rows(gs, t, grf, first_row, rows);
   return (int)(grf > header ? grf : header);
}

/* ---- output ---- */

/* Where an object's output entry keeps what: the control data header
 * after the vertex count (without Static Output), the vertices after the
 * header. */
struct gs_output {
   const uint32_t *header;
   unsigned header_bits;
   uint32_t vertex_count;
   uint32_t vertex_bytes;
   const uint8_t *vertices;
};

static bool
read_output(struct vgpu_draw_run *r, const struct vgpu_gs *gs, unsigned j, struct gs_output *o)
{
   const struct vgpu_3d_shader *s = &r->st->shader[VGPU_3D_GS];
   const uint8_t *entry = vgpu_urb_entry(r->urb, vgpu_urb_handle(r->urb, VGPU_3D_GS, j));
   uint32_t entry_bytes = r->urb->stage[VGPU_3D_GS].entry_bytes;
   bool simd4x2 = vgpu.info->ver < 8;
   uint32_t at = s->static_output || simd4x2 ? 0 : VERTEX_COUNT_BYTES;
   uint32_t header_bytes = s->control_data_header_size * HEADER_UNIT_BYTES;
   *o = (struct gs_output){
      .header = (const uint32_t *)(entry + at),
      .header_bits = header_bytes * 8,
      .vertex_bytes = (s->output_vertex_size + 1) * 16,
   };
   if (at + header_bytes > entry_bytes) {
      stop_fault(r, "3DSTATE_GS control data header beyond the GS URB entry");
      return false;
   }
   if (simd4x2)
      o->vertex_count = (gs->simd4x2_counts >> (16 * j)) & 0xffff;
   else
      memcpy(&o->vertex_count, entry, 4);
   if (s->static_output)
      o->vertex_count = s->static_output_vertex_count;
   o->vertices = entry + at + header_bytes;
   if (o->vertex_count > (entry_bytes - at - header_bytes) / o->vertex_bytes) {
      stop_fault(r, "GS output vertices beyond the GS URB entry");
      return false;
   }
   return true;
}

static unsigned
header_bits(const struct gs_output *o, uint32_t first_bit, unsigned bits)
{
   if (first_bit + bits > o->header_bits)
      return 0;
   return (o->header[first_bit / 32] >> (first_bit % 32)) & ((1u << bits) - 1);
}

static bool
cut_after(const struct vgpu_3d_shader *s, const struct gs_output *o, uint32_t v)
{
   return s->control_data_format != CONTROL_DATA_SID && header_bits(o, v, 1);
}

static uint32_t
vertex_stream(const struct vgpu_3d_shader *s, const struct gs_output *o, uint32_t v)
{
   return s->control_data_format == CONTROL_DATA_SID ? header_bits(o, 2 * v, 2) : 0;
}

/* The stream the clipper gets: 3DSTATE_STREAMOUT's Render Stream Select
 * while stream output is on, stream 0 otherwise. */
static void
send_output_prim(struct vgpu_draw_run *r, const struct vgpu_prim *p)
{
   const struct vgpu_3d_streamout *so = &r->st->so;
   uint32_t render_stream = so->enable ? so->render_stream : 0;
   if (r->st->shader[VGPU_3D_GS].statistics)
      r->stats.gs_primitives++;
   if (so->enable)
      vgpu_sol_prim(r, p);
   if (!r->stop && !so->rendering_disable && p->stream == render_stream)
      vgpu_clip_prim(r, p);
}

static enum vgpu_prim_kind
output_kind(unsigned per)
{
   return per == 1 ? VGPU_PRIM_POINT : per == 2 ? VGPU_PRIM_LINE : VGPU_PRIM_TRIANGLE;
}

static bool
grow(void **p, size_t *have, size_t want, size_t elem)
{
   if (want <= *have)
      return true;
   void *n = realloc(*p, want * elem);
   if (!n)
      return false;
   *p = n;
   *have = want;
   return true;
}

/* The primitives of the output vertices [first, first + n), one strip. */
static void
emit_run(struct vgpu_draw_run *r, struct vgpu_gs *gs, const struct gs_output *o,
         const struct gs_object *obj, uint32_t first, uint32_t n)
{
   const struct vgpu_3d_shader *s = &r->st->shader[VGPU_3D_GS];
   uint32_t topology = s->output_topology;
   unsigned per = vgpu_vf_topology_vertices(topology);
   size_t count = vgpu_vf_assemble(topology, gs->out_seq + first, n, NULL, 0);
   if (!grow((void **)&gs->out_prims, &gs->max_out_prims, count * per, sizeof(uint32_t))) {
      stop_fault(r, "out of memory assembling GS output");
      return;
   }
   vgpu_vf_assemble(topology, gs->out_seq + first, n, gs->out_prims, count);
   for (size_t k = 0; k < count && !r->stop; k++) {
      struct vgpu_prim p = {
         .kind = output_kind(per), .topology = topology, .nverts = per,
         .index_in_strip = (uint32_t)k, .primitive_id = obj->primitive_id,
      };
      for (unsigned c = 0; c < per; c++) {
         uint32_t v = first + gs->out_prims[k * per + c];
         p.v[c] = (struct vgpu_vue){
            (const uint32_t *)(o->vertices + (size_t)v * o->vertex_bytes), o->vertex_bytes / 16,
         };
      }
      p.stream = vertex_stream(s, o, first + gs->out_prims[k * per]);
      send_output_prim(r, &p);
   }
}

static void
emit_object(struct vgpu_draw_run *r, struct vgpu_gs *gs, unsigned j)
{
   const struct vgpu_3d_shader *s = &r->st->shader[VGPU_3D_GS];
   struct gs_output o;
   if (!read_output(r, gs, j, &o))
      return;
   if (!grow((void **)&gs->out_seq, &gs->max_out_seq, o.vertex_count ? o.vertex_count : 1,
             sizeof(*gs->out_seq))) {
      stop_fault(r, "out of memory assembling GS output");
      return;
   }
   memset(gs->out_seq, 0, o.vertex_count * sizeof(*gs->out_seq));
   uint32_t first = 0;
   for (uint32_t v = 0; v < o.vertex_count && !r->stop; v++) {
      if (v + 1 < o.vertex_count && !cut_after(s, &o, v))
         continue;
      emit_run(r, gs, &o, &gs->obj[j], first, v + 1 - first);
      first = v + 1;
   }
}

/* One thread on the queued objects, then their output in order. */
static bool
run_queue(struct vgpu_draw_run *r, struct vgpu_gs *gs)
{
   static _Thread_local struct vgpu_eu_thread t;
   const struct vgpu_3d_shader *s = &r->st->shader[VGPU_3D_GS];
   bool simd4x2 = vgpu.info->ver < 8;
   if (!gs->count)
      return !r->stop;
   uint32_t mask = 0;
   for (unsigned j = 0; j < gs->count; j++)
      mask |= simd4x2 ? 0xfu << (4 * j) : 1u << j;
   vgpu_eu_thread_init(&t, mask);
   vgpu_3d_thread_r0(r, VGPU_3D_GS, &t);
   prepare_entries(r, gs);
   int grfs;
   if (simd4x2) {
      grfs = simd4x2_payload(r, gs, &t);
   } else {
      unsigned header = header_payload(r, gs, &t);
      grfs = pushed_payload(r, gs, &t);
      if (grfs >= 0 && (unsigned)grfs < header)
         grfs = (int)header;
   }
   if (grfs < 0)
      return false;
   vgpu_3d_thread_payload(&t, (unsigned)grfs);
   if (s->statistics)
      r->stats.gs_invocations += gs->count;
   r->urb->simd4x2_header_dw2 = 0;
   if (!vgpu_3d_thread_run(r, VGPU_3D_GS, s->kernel[0], &t))
      return false;
   gs->simd4x2_counts = r->urb->simd4x2_header_dw2;
   for (unsigned j = 0; j < gs->count && !r->stop; j++)
      emit_object(r, gs, j);
   gs->count = 0;
   return !r->stop;
}

bool
vgpu_gs_prim(struct vgpu_draw_run *r, const struct vgpu_prim *p)
{
   const struct vgpu_3d_shader *s = &r->st->shader[VGPU_3D_GS];
   if (!r->gs && !(r->gs = gs_create(r, p->nverts)))
      return false;
   struct vgpu_gs *gs = r->gs;
   if (p->nverts != gs->nverts) {
      stop_fault(r, "GS input primitives of different vertex counts in one draw");
      return false;
   }
   /* An instanced GS's thread holds one primitive's instances. */
   if (s->instance_count > 1 && !run_queue(r, gs))
      return false;
   for (uint32_t i = 0; i < s->instance_count && !r->stop; i++) {
      if (gs->count == gs->max_objects && !run_queue(r, gs))
         return false;
      queue_object(gs, s, p, i);
   }
   return !r->stop;
}

void
vgpu_gs_end(struct vgpu_draw_run *r)
{
   struct vgpu_gs *gs = r->gs;
   if (!gs)
      return;
   if (!r->stop)
      run_queue(r, gs);
   free(gs->in);
   free(gs->out_prims);
   free(gs->out_seq);
   free(gs);
   r->gs = NULL;
}

/* The VF unit (see vgpu_vf.h): vertex sequence, primitive assembly and
 * element fetch.
 *
 * What vgpu relies on, where the PRM text is not quoted in public code:
 *  - VertexID is zero-based: the index buffer's value without Base Vertex
 *    Location for indexed draws, the position in the draw (not Start
 *    Vertex Location + position) for sequential ones; InstanceID counts
 *    from 0, without Start Instance Location.  Mesa's compiler treats the
 *    hardware's VertexID as zero-based (brw's vertex_id_zero_based) and
 *    ANV/hasvk pass firstVertex/vertexOffset and firstInstance beside it,
 *    so that gl_VertexIndex and gl_InstanceIndex come out right.
 *  - Instance data is fetched at Start Instance Location + InstanceID /
 *    Instance Data Step Rate, and a step rate of 0 never advances: Vulkan's
 *    divisor formula (firstInstance + (instanceIndex - firstInstance) /
 *    divisor; divisor 0 reads firstInstance's), which ANV programs
 *    directly as the step rate.
 *  - An element whose bytes do not all lie inside its vertex buffer reads
 *    as zeros (then converted and stored like any data): the behaviour
 *    ANV's robustBufferAccess relies on (it programs Buffer Size / End
 *    Address to the bound range and adds no bounds checks of its own),
 *    and one of those Vulkan allows.  Whether the hardware zeroes a
 *    partly-inside element whole or per component is not public; vgpu
 *    zeroes it whole.  Index bytes past the index buffer read as 0. */
#include "vgpu_vf.h"

#include <string.h>

#include "isl.h"

#define F32_ONE 0x3f800000u
/* R64G64B64A64_PASSTHRU, the widest vertex format */
#define MAX_ELEMENT_BYTES 32u

/* ---- element checks ---- */

static bool
is_passthru(const struct isl_format_layout *l)
{
   return l->ch[ISL_R].type == ISL_RAW;
}

/* The last component the controls store, +1 (0 when none). */
static unsigned
stored_components(const uint8_t control[4])
{
   unsigned n = 0;
   for (unsigned c = 0; c < 4; c++) {
      if (control[c] != VGPU_VF_NOSTORE)
         n = c + 1;
   }
   return n;
}

static const char *
control_error(unsigned verx10, bool passthru, unsigned c, uint8_t control, bool after_other)
{
   /* SKL PRM 3D_Vertex_Component_Control: NOSTORE is "not valid for
    * Component 0". */
   if (control == VGPU_VF_NOSTORE)
      return c == 0 ? "component 0 is NOSTORE" : NULL;
   if (control > VGPU_VF_STORE_PID)
      return "reserved component control";
   /* Gen8's enum has no STORE_VID/STORE_IID: 3DSTATE_VF_SGVS replaces them. */
   if ((control == VGPU_VF_STORE_VID || control == VGPU_VF_STORE_IID) && verx10 >= 80)
      return "STORE_VID/STORE_IID on Gen8+ (3DSTATE_VF_SGVS replaces them)";
   /* BDW PRM 3D_Vertex_Component_Control: once a component is stored from
    * something other than the source, no higher one may be STORE_SRC. */
   if (control == VGPU_VF_STORE_SRC && after_other && verx10 >= 80)
      return "STORE_SRC after a component that is not STORE_SRC";
   /* BDW PRM VERTEX_ELEMENT_STATE: *64*_PASSTHRU components are padded
    * with STORE_0. */
   if (passthru && control != VGPU_VF_STORE_SRC && control != VGPU_VF_STORE_0)
      return "a PASSTHRU element stores something other than its source or 0";
   return NULL;
}

const char *
vgpu_vf_element_error(unsigned verx10, const struct vgpu_vf_element *e)
{
   const struct isl_format_layout *l = isl_format_layout(e->format);
   if (!l || !(isl_format_caps_verx10(verx10, e->format) & ISL_CAP_VERTEX))
      return "the VF of this generation does not fetch the source element format";
   bool after_other = false;
   for (unsigned c = 0; c < 4; c++) {
      const char *why = control_error(verx10, is_passthru(l), c, e->control[c], after_other);
      if (why)
         return why;
      after_other |= e->control[c] != VGPU_VF_STORE_SRC;
   }
   /* BDW PRM VERTEX_ELEMENT_STATE: PASSTHRU elements are written as 128 or
    * 256 bits, i.e. two or four 64-bit components. */
   unsigned stored = stored_components(e->control);
   if (is_passthru(l) && stored != 2 && stored != 4)
      return "a PASSTHRU element that is not 128 or 256 bits";
   return NULL;
}

/* ---- vertex sequence ---- */

static uint32_t
read_index(const struct vgpu_vf_draw *d, uint64_t position)
{
   uint64_t at = position * d->index_bytes;
   uint32_t value = 0;
   for (unsigned b = 0; b < d->index_bytes && b < 4; b++) {
      if (d->index_data && at + b < d->index_size)
         value |= (uint32_t)d->index_data[at + b] << (8 * b);
   }
   return value;
}

static struct vgpu_vf_vertex
indexed_vertex(const struct vgpu_vf_draw *d, uint32_t n)
{
   uint32_t value = read_index(d, (uint64_t)d->start_vertex + n);
   return (struct vgpu_vf_vertex){
      .index = value + (uint32_t)d->base_vertex,
      .vertex_id = value,
      .cut = d->cut_enable && value == d->cut_index,
   };
}

void
vgpu_vf_vertices(const struct vgpu_vf_draw *d, struct vgpu_vf_vertex *out)
{
   for (uint32_t n = 0; n < d->vertex_count; n++) {
      out[n] = d->indexed ? indexed_vertex(d, n)
                          : (struct vgpu_vf_vertex){ .index = d->start_vertex + n, .vertex_id = n };
   }
}

/* ---- primitive assembly ---- */

struct prim_sink {
   uint32_t *prims;
   size_t max, count;
   unsigned per;   /* vertices per primitive */
};

static void
emit(struct prim_sink *s, const uint32_t *v)
{
   if (s->count < s->max)
      memcpy(s->prims + s->count * s->per, v, s->per * sizeof(*v));
   s->count++;
}

/* Each assembler makes the primitives of one run of n positions from
 * `first` (a run ends at a cut or the end of the draw).  Every order keeps
 * the winding of the primitive's first triangle.
 *
 * Strips take Vulkan's "Primitive Topologies" order: odd triangles
 * (i, i+2, i+1), the first-vertex provoking vertex first.  The hardware
 * itself numbers a strip triangle's vertices (i, i+1, i+2) for provoking
 * vertex selection and tracks the parity: the drivers program the
 * SF/clip "Triangle Strip/List Provoking Vertex Select" 0 for Vulkan's
 * first-vertex mode and 2 for last-vertex, which only gives v(i+2) for an
 * odd triangle in that numbering; so in the order here the last-vertex
 * provoking vertex of an odd triangle is position 1, which the SF model
 * has to account for.  What the GS sees is set by 3DSTATE_GS Reorder
 * Mode (TRAILING: OpenGL's (i+1, i, i+2) on Haswell+, the order here on
 * Ivy Bridge), a GS matter.
 *
 * Fans take the hardware's (0, i+1, i+2): the drivers' "Triangle Fan
 * Provoking Vertex Select" is 1 for first-vertex mode and 2 for
 * last-vertex, Vulkan's v(i+1) and v(i+2) (Vulkan lists the triangle as
 * (i+1, i+2, 0), the same winding). */
typedef void (*vf_assembler)(uint32_t first, uint32_t n, struct prim_sink *s);

/* Point, line, triangle, adjacency, rect and patch lists: every `per`
 * vertices make one primitive, a trailing partial one is dropped. */
static void
assemble_list(uint32_t first, uint32_t n, struct prim_sink *s)
{
   uint32_t v[32];
   for (uint32_t i = 0; n - i >= s->per; i += s->per) {
      for (unsigned j = 0; j < s->per; j++)
         v[j] = first + i + j;
      emit(s, v);
   }
}

static void
assemble_line_strip(uint32_t first, uint32_t n, struct prim_sink *s)
{
   for (uint32_t i = 0; i + 1 < n; i++)
      emit(s, (uint32_t[]){ first + i, first + i + 1 });
}

/* A strip closed by a line from its last vertex back to its first. */
static void
assemble_line_loop(uint32_t first, uint32_t n, struct prim_sink *s)
{
   assemble_line_strip(first, n, s);
   if (n >= 2)
      emit(s, (uint32_t[]){ first + n - 1, first });
}

/* Triangle i: (i, i+1, i+2), odd i (i, i+2, i+1). */
static void
assemble_tri_strip(uint32_t first, uint32_t n, struct prim_sink *s)
{
   for (uint32_t i = 0; i + 2 < n; i++) {
      uint32_t odd = i & 1;
      emit(s, (uint32_t[]){ first + i, first + i + 1 + odd, first + i + 2 - odd });
   }
}

/* Triangle i: (0, i+1, i+2). */
static void
assemble_tri_fan(uint32_t first, uint32_t n, struct prim_sink *s)
{
   for (uint32_t i = 0; i + 2 < n; i++)
      emit(s, (uint32_t[]){ first, first + i + 1, first + i + 2 });
}

/* Line i: (i+1, i+2) with i and i+3 adjacent, given as (i, i+1, i+2, i+3). */
static void
assemble_line_strip_adj(uint32_t first, uint32_t n, struct prim_sink *s)
{
   for (uint32_t i = 0; i + 3 < n; i++)
      emit(s, (uint32_t[]){ first + i, first + i + 1, first + i + 2, first + i + 3 });
}

/* max(0, (n - 4) / 2) triangles on the even vertices, each given as
 * (v0, adjacent to v0v1, v1, adjacent to v1v2, v2, adjacent to v2v0).
 * Triangle i (m = 2i) has vertices (m, m+2, m+4), odd i (m, m+4, m+2); the
 * edge it shares with triangle i-1 has m-2 beyond it (the first triangle:
 * m+1), the one shared with i+1 has m+6 (the last: m+5), the outer edge
 * from m to m+4 has m+3. */
static void
assemble_tri_strip_adj(uint32_t first, uint32_t n, struct prim_sink *s)
{
   uint32_t count = n >= 4 ? (n - 4) / 2 : 0;
   for (uint32_t i = 0; i < count; i++) {
      uint32_t m = first + 2 * i;
      uint32_t before = i == 0 ? m + 1 : m - 2;
      uint32_t after = i + 1 == count ? m + 5 : m + 6;
      if (i & 1)
         emit(s, (uint32_t[]){ m, m + 3, m + 4, after, m + 2, before });
      else
         emit(s, (uint32_t[]){ m, before, m + 2, after, m + 4, m + 3 });
   }
}

struct topology_info {
   uint32_t topology;
   unsigned vertices;
   vf_assembler assemble;
};

static const struct topology_info topologies[] = {
   { VGPU_VF_POINTLIST, 1, assemble_list },
   { VGPU_VF_LINELIST, 2, assemble_list },
   { VGPU_VF_LINESTRIP, 2, assemble_line_strip },
   { VGPU_VF_TRILIST, 3, assemble_list },
   { VGPU_VF_TRISTRIP, 3, assemble_tri_strip },
   { VGPU_VF_TRIFAN, 3, assemble_tri_fan },
   { VGPU_VF_LINELIST_ADJ, 4, assemble_list },
   { VGPU_VF_LINESTRIP_ADJ, 4, assemble_line_strip_adj },
   { VGPU_VF_TRILIST_ADJ, 6, assemble_list },
   { VGPU_VF_TRISTRIP_ADJ, 6, assemble_tri_strip_adj },
   /* Three corners; the fourth is made by the SF, not the VF. */
   { VGPU_VF_RECTLIST, 3, assemble_list },
   { VGPU_VF_LINELOOP, 2, assemble_line_loop },
};

static struct topology_info
topology_info(uint32_t topology)
{
   if (topology >= VGPU_VF_PATCHLIST_1 && topology <= VGPU_VF_PATCHLIST_32)
      return (struct topology_info){ topology, topology - VGPU_VF_PATCHLIST_1 + 1, assemble_list };
   for (size_t i = 0; i < sizeof(topologies) / sizeof(topologies[0]); i++) {
      if (topologies[i].topology == topology)
         return topologies[i];
   }
   return (struct topology_info){ topology, 0, NULL };
}

unsigned
vgpu_vf_topology_vertices(uint32_t topology)
{
   return topology_info(topology).vertices;
}

/* A cut ends the run before it: the partial primitive is dropped and the
 * next vertex starts a new strip, fan or list (Vulkan "Primitive
 * Restart"). */
size_t
vgpu_vf_assemble(uint32_t topology, const struct vgpu_vf_vertex *seq, uint32_t count,
                 uint32_t *prims, size_t max_prims)
{
   struct topology_info info = topology_info(topology);
   if (!info.assemble)
      return 0;
   struct prim_sink s = { prims, max_prims, 0, info.vertices };
   uint32_t first = 0;
   for (uint32_t p = 0; p <= count; p++) {
      if (p < count && !seq[p].cut)
         continue;
      info.assemble(first, p - first, &s);
      first = p + 1;
   }
   return s.count;
}

/* ---- element fetch ---- */

/* The source element's components as the format converts them: one dword
 * each, two (low first) for 64-bit PASSTHRU ones. */
struct source {
   uint32_t dw[4][2];
   unsigned width;     /* dwords per component */
   unsigned present;   /* bit per component the format has */
};

/* Formats with 64-bit channels, which isl's texel conversion leaves out:
 * PASSTHRU (raw bits) and FLOAT (converted to single precision). */
static bool
is_64bit(const struct isl_format_layout *l)
{
   if (isl_format_is_compressed(l) || l->bpb > MAX_ELEMENT_BYTES * 8)
      return false;
   for (unsigned c = 0; c < 4; c++) {
      const struct isl_channel *ch = &l->ch[c];
      bool raw_or_float = ch->type == ISL_RAW || ch->type == ISL_SFLOAT;
      if (ch->type != ISL_VOID && (ch->bits != 64 || !raw_or_float))
         return false;
   }
   return l->ch[ISL_R].bits == 64;
}

static void
convert_64bit(const struct isl_format_layout *l, const uint8_t *bytes, struct source *s)
{
   s->width = is_passthru(l) ? 2 : 1;
   for (unsigned c = 0; c < 4; c++) {
      const struct isl_channel *ch = &l->ch[c];
      if (ch->type == ISL_VOID)
         continue;
      uint64_t bits;
      memcpy(&bits, bytes + ch->shift / 8, 8);
      if (ch->type == ISL_RAW) {
         s->dw[c][0] = (uint32_t)bits;
         s->dw[c][1] = (uint32_t)(bits >> 32);
         continue;
      }
      double d;
      float f;
      memcpy(&d, &bits, 8);
      f = (float)d;
      memcpy(&s->dw[c][0], &f, 4);
   }
}

static void
convert_source(const struct isl_format_layout *l, const uint8_t *bytes, struct source *s)
{
   memset(s, 0, sizeof(*s));
   for (unsigned c = 0; c < 4; c++)
      s->present |= (unsigned)(l->ch[c].type != ISL_VOID) << c;
   if (is_64bit(l)) {
      convert_64bit(l, bytes, s);
      return;
   }
   uint32_t rgba[4];
   isl_texel_unpack(l, bytes, rgba);
   s->width = 1;
   for (unsigned c = 0; c < 4; c++)
      s->dw[c][0] = rgba[c];
}

/* The buffer index the element reads: the vertex's, or its instance's. */
static uint64_t
fetch_index(const struct vgpu_vf_element *e, const struct vgpu_vf_draw *d,
            const struct vgpu_vf_vertex *v, uint32_t instance)
{
   if (!e->instanced)
      return v->index;
   if (!e->step_rate)
      return d->start_instance;
   return (uint64_t)d->start_instance + instance / e->step_rate;
}

static bool
reads_source(const uint8_t control[4])
{
   for (unsigned c = 0; c < 4; c++) {
      if (control[c] == VGPU_VF_STORE_SRC)
         return true;
   }
   return false;
}

static void
read_element(const struct vgpu_vf_buffer *b, uint64_t offset, unsigned bytes, uint8_t *out)
{
   memset(out, 0, MAX_ELEMENT_BYTES);
   if (!b->data || offset > b->size || bytes > b->size - offset)
      return;
   memcpy(out, b->data + offset, bytes);
}

/* Stores dword `pos` of the element; dwords skipped on the way (NOSTORE
 * components, an SGVS component beyond the stored ones) hold nothing the
 * VF wrote. */
static void
set_dword(struct vgpu_vf_attr *a, unsigned pos, uint32_t value, bool defined)
{
   for (unsigned skipped = a->dwords; skipped < pos; skipped++)
      a->undefined |= 1u << skipped;
   a->dw[pos] = value;
   a->undefined = defined ? a->undefined & ~(1u << pos) : a->undefined | 1u << pos;
   if (a->dwords <= pos)
      a->dwords = pos + 1;
}

/* The value of component c under its control: false for STORE_PID and
 * reserved controls. */
static bool
component_value(uint8_t control, const struct source *s, unsigned c, const struct vgpu_vf_vertex *v,
                uint32_t instance, uint32_t value[2])
{
   value[0] = value[1] = 0;
   switch (control) {
   case VGPU_VF_STORE_SRC:
      value[0] = s->dw[c][0];
      value[1] = s->dw[c][1];
      return true;
   case VGPU_VF_STORE_0:
      return true;
   case VGPU_VF_STORE_1_FP:
      value[0] = F32_ONE;
      return true;
   case VGPU_VF_STORE_1_INT:
      value[0] = 1;
      return true;
   case VGPU_VF_STORE_VID:
      value[0] = v->vertex_id;
      return true;
   case VGPU_VF_STORE_IID:
      value[0] = instance;
      return true;
   default:
      return false;
   }
}

bool
vgpu_vf_fetch_element(const struct vgpu_vf_input *in, const struct vgpu_vf_draw *draw,
                      unsigned element, const struct vgpu_vf_vertex *v, uint32_t instance,
                      struct vgpu_vf_attr *out)
{
   if (element >= in->element_count)
      return false;
   const struct vgpu_vf_element *e = &in->elements[element];
   const struct isl_format_layout *l = isl_format_layout(e->format);
   if (!l || !(isl_texel_convertible(l) || is_64bit(l)))
      return false;
   /* An element that stores nothing from its source (Mesa's drivers fill
    * unused slots with STORE_0 elements of buffer 0) needs no buffer. */
   uint8_t bytes[MAX_ELEMENT_BYTES] = { 0 };
   if (reads_source(e->control)) {
      if (e->buffer >= in->buffer_count)
         return false;
      const struct vgpu_vf_buffer *b = &in->buffers[e->buffer];
      read_element(b, fetch_index(e, draw, v, instance) * b->pitch + e->offset,
                   isl_format_bytes(l), bytes);
   }
   struct source s;
   convert_source(l, bytes, &s);
   memset(out, 0, sizeof(*out));
   for (unsigned c = 0; c < 4; c++) {
      if (e->control[c] == VGPU_VF_NOSTORE)
         continue;
      uint32_t value[2];
      if (!component_value(e->control[c], &s, c, v, instance, value))
         return false;
      bool defined = e->control[c] != VGPU_VF_STORE_SRC || ((s.present >> c) & 1);
      for (unsigned w = 0; w < s.width; w++)
         set_dword(out, c * s.width + w, value[w], defined);
   }
   return true;
}

/* 3DSTATE_VF_SGVS: the IDs replace whatever the element's controls put in
 * that component. */
void
vgpu_vf_apply_sgvs(const struct vgpu_vf_element *e, const struct vgpu_vf_vertex *v,
                   uint32_t instance, struct vgpu_vf_attr *a)
{
   if (e->sgvs.vertex_id)
      set_dword(a, e->sgvs.vertex_id_component & 3, v->vertex_id, true);
   if (e->sgvs.instance_id)
      set_dword(a, e->sgvs.instance_id_component & 3, instance, true);
}

bool
vgpu_vf_fetch_vertex(const struct vgpu_vf_input *in, const struct vgpu_vf_draw *draw,
                     const struct vgpu_vf_vertex *v, uint32_t instance, struct vgpu_vf_attr *attrs)
{
   for (unsigned i = 0; i < in->element_count; i++) {
      if (!vgpu_vf_fetch_element(in, draw, i, v, instance, &attrs[i]))
         return false;
      vgpu_vf_apply_sgvs(&in->elements[i], v, instance, &attrs[i]);
   }
   return true;
}

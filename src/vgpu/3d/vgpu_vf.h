/* The VF (vertex fetch) unit, the first fixed-function stage of the 3D
 * pipeline, as functions of plain inputs: no packet parsing here.  The
 * 3DSTATE_* parser fills these structures (3DSTATE_VERTEX_BUFFERS,
 * VERTEX_ELEMENTS, VF_INSTANCING, VF_SGVS, INDEX_BUFFER, VF, 3DPRIMITIVE)
 * and asks this unit for
 *  - the vertex sequence of a draw: the index buffer read (or the
 *    sequential indices generated), with restart (cut) markers;
 *  - the primitives the topology makes of that sequence, each as the
 *    positions of its vertices in the sequence (their order, and how it
 *    meets the provoking vertex, is explained in vgpu_vf.c);
 *  - each vertex's elements, converted from their SURFACE_FORMAT and
 *    stored through the component controls, with the system values
 *    (VertexID, InstanceID) the VF inserts.
 *
 * References: PRM Vol 2d VERTEX_BUFFER_STATE, VERTEX_ELEMENT_STATE,
 * 3D_Vertex_Component_Control, 3DSTATE_VF_SGVS, 3DSTATE_VF_INSTANCING;
 * Vol 7 "Vertex Fetch"; the Vulkan spec's "Vertex Input Description" and
 * "Primitive Topologies", which is what the drivers program the VF for. */
#ifndef VGPU_VF_H
#define VGPU_VF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* 3D_Vertex_Component_Control, the hardware's values.  STORE_VID and
 * STORE_IID exist on Gen7/7.5 only; Gen8+ insert the IDs through
 * 3DSTATE_VF_SGVS instead (struct vgpu_vf_sgvs). */
enum vgpu_vf_control {
   VGPU_VF_NOSTORE = 0,
   VGPU_VF_STORE_SRC = 1,
   VGPU_VF_STORE_0 = 2,
   VGPU_VF_STORE_1_FP = 3,
   VGPU_VF_STORE_1_INT = 4,
   VGPU_VF_STORE_VID = 5,
   VGPU_VF_STORE_IID = 6,
   VGPU_VF_STORE_PID = 7,
};

/* 3D_Prim_Topo_Type values the assembler knows (the hardware's). */
enum vgpu_vf_topology {
   VGPU_VF_POINTLIST = 1,
   VGPU_VF_LINELIST = 2,
   VGPU_VF_LINESTRIP = 3,
   VGPU_VF_TRILIST = 4,
   VGPU_VF_TRISTRIP = 5,
   VGPU_VF_TRIFAN = 6,
   VGPU_VF_LINELIST_ADJ = 9,
   VGPU_VF_LINESTRIP_ADJ = 10,
   VGPU_VF_TRILIST_ADJ = 11,
   VGPU_VF_TRISTRIP_ADJ = 12,
   VGPU_VF_RECTLIST = 15,
   VGPU_VF_LINELOOP = 16,
   VGPU_VF_PATCHLIST_1 = 32,   /* PATCHLIST_n is 31 + n, n = 1..32 */
   VGPU_VF_PATCHLIST_32 = 63,
};

/* One vertex buffer as the VF reads it.  Gen7's End Address is inclusive:
 * size = End Address - Buffer Starting Address + 1; Gen8+ give Buffer
 * Size.  A Null Vertex Buffer is data NULL, size 0. */
struct vgpu_vf_buffer {
   const uint8_t *data;   /* host pointer to the buffer's first byte */
   uint64_t size;         /* bytes the VF may read */
   uint32_t pitch;        /* Buffer Pitch: bytes from one vertex to the next */
};

/* Gen8+ 3DSTATE_VF_SGVS, per element: the VF writes VertexID and/or
 * InstanceID into a component of this element. */
struct vgpu_vf_sgvs {
   bool vertex_id, instance_id;
   uint8_t vertex_id_component, instance_id_component;   /* 0..3 */
};

/* One VERTEX_ELEMENT_STATE (Valid set) with its instancing, which Gen8+
 * program per element (3DSTATE_VF_INSTANCING) and Gen7/7.5 per buffer
 * (VERTEX_BUFFER_STATE Buffer Access Type, Instance Data Step Rate): the
 * Gen7 parser copies its buffer's into each element. */
struct vgpu_vf_element {
   uint32_t buffer;        /* Vertex Buffer Index */
   uint32_t format;        /* Source Element Format (SURFACE_FORMAT) */
   uint32_t offset;        /* Source Element Offset, bytes */
   uint8_t control[4];     /* enum vgpu_vf_control, components 0..3 */
   bool instanced;         /* instance data, not vertex data */
   uint32_t step_rate;     /* Instance Data Step Rate */
   struct vgpu_vf_sgvs sgvs;
};

/* The draw (3DPRIMITIVE, direct or from the 3DPRIM_* registers) and the
 * index buffer state (3DSTATE_INDEX_BUFFER; the cut index from
 * 3DSTATE_VF on Haswell+, all ones of the index size on Ivy Bridge). */
struct vgpu_vf_draw {
   uint32_t topology;          /* enum vgpu_vf_topology */
   uint32_t vertex_count;      /* Vertex Count Per Instance */
   uint32_t start_vertex;      /* Start Vertex Location: first vertex, or
                                * first index of the index buffer */
   int32_t base_vertex;        /* Base Vertex Location, indexed draws */
   uint32_t instance_count;
   uint32_t start_instance;    /* Start Instance Location */
   bool indexed;               /* Vertex Access Type RANDOM */
   const uint8_t *index_data;  /* the index buffer's first byte */
   uint64_t index_size;        /* its size in bytes */
   unsigned index_bytes;       /* 1, 2 or 4 (Index Format BYTE/WORD/DWORD) */
   bool cut_enable;
   uint32_t cut_index;
};

/* One position of the vertex sequence. */
struct vgpu_vf_vertex {
   uint32_t index;       /* what per-vertex data is fetched at: the index
                          * buffer's value plus Base Vertex Location, or
                          * Start Vertex Location plus the position */
   uint32_t vertex_id;   /* the VertexID the VF stores (see vgpu_vf.c) */
   bool cut;             /* the cut index: ends a primitive, no vertex */
};

/* What one element stores for the next stage: 32-bit components, or two
 * dwords (low first) per 64-bit PASSTHRU component. */
struct vgpu_vf_attr {
   uint32_t dw[8];
   unsigned dwords;
   unsigned undefined;   /* bit per dword: STORE_SRC of a component the
                          * format lacks, which the PRM leaves
                          * UNPREDICTABLE (vgpu stores 0, alpha 1) */
};

struct vgpu_vf_input {
   const struct vgpu_vf_buffer *buffers;
   unsigned buffer_count;
   const struct vgpu_vf_element *elements;
   unsigned element_count;
};

/* Why the generation's VF cannot fetch this element as programmed, or
 * NULL: a format it does not fetch, or component controls the PRM
 * forbids (NOSTORE in component 0, STORE_SRC after another control on
 * Gen8+, VID/IID on Gen8+, PASSTHRU stores that are not 128 or 256 bits
 * padded with STORE_0).  STORE_PID is valid: that vgpu cannot fetch it
 * yet is vgpu_vf_fetch_element's to say, not a rule's. */
const char *vgpu_vf_element_error(unsigned verx10, const struct vgpu_vf_element *e);

/* The vertex sequence of one instance: draw->vertex_count entries. */
void vgpu_vf_vertices(const struct vgpu_vf_draw *draw, struct vgpu_vf_vertex *out);

/* Vertices each primitive of the topology has; 0 for a topology the
 * assembler does not model. */
unsigned vgpu_vf_topology_vertices(uint32_t topology);

/* Assembles the primitives of a vertex sequence of `count` positions:
 * writes the first max_prims of them to prims, each as
 * vgpu_vf_topology_vertices() positions into seq, and returns how many
 * the sequence makes (more than max_prims when prims is too small). */
size_t vgpu_vf_assemble(uint32_t topology, const struct vgpu_vf_vertex *seq, uint32_t count,
                        uint32_t *prims, size_t max_prims);

/* Fetches element `element` of a vertex of InstanceID `instance` and
 * stores it through its component controls, without SGVS.  False when the
 * element cannot be fetched at all (unknown format or buffer, STORE_PID). */
bool vgpu_vf_fetch_element(const struct vgpu_vf_input *in, const struct vgpu_vf_draw *draw,
                           unsigned element, const struct vgpu_vf_vertex *v, uint32_t instance,
                           struct vgpu_vf_attr *out);

/* Gen8+: writes the element's SGVS system values into a fetched element. */
void vgpu_vf_apply_sgvs(const struct vgpu_vf_element *e, const struct vgpu_vf_vertex *v,
                        uint32_t instance, struct vgpu_vf_attr *a);

/* Every element of a vertex, SGVS applied: attrs has element_count
 * entries.  False when an element cannot be fetched. */
bool vgpu_vf_fetch_vertex(const struct vgpu_vf_input *in, const struct vgpu_vf_draw *draw,
                          const struct vgpu_vf_vertex *v, uint32_t instance,
                          struct vgpu_vf_attr *attrs);

#endif

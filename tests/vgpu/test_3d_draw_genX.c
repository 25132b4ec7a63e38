/* One generation's 3DPRIMITIVE cases (built once per generation): direct
 * sequential and indexed draws, an indirect draw whose packet fields
 * differ from the 3DPRIM_* registers it must read, predication both ways,
 * Gen11+'s extended parameters in the packet and in 3DPRIM_XP0-2, the
 * vertex state a draw line reports, stream output buffers and Gen12's
 * 3DSTATE_PRIMITIVE_REPLICATION. */
#include <string.h>

#include "genX_pack.h"
#include "test_3d_rig.h"
#include "vgpu_cmd.h"

#define CHECK(cond) RIG_CHECK(GFX_VERx10, cond)
#define ACCESS_RANDOM 1   /* 3DPRIMITIVE Vertex Access Type: indexed */
#define TOPOLOGY(name) GENX(3D_PRIM_TOPO_TYPE_3DPRIM_##name)

struct rig {
   struct vgpu_cs cs;
   struct vgpu_3d st;
};

static void
run(struct rig *r, const uint32_t *dw, unsigned len)
{
   CHECK(genX(vgpu_3d_command)(&r->cs, NULL, &r->st, dw, len));
}

/* Gen8+ draw the topology of 3DSTATE_VF_TOPOLOGY; Gen7 the packet's own. */
static void
set_topology(struct rig *r, uint32_t topology)
{
#if GFX_VER >= 8
   uint32_t dw[GENX(3DSTATE_VF_TOPOLOGY_length)];
   struct GENX(3DSTATE_VF_TOPOLOGY) v = { GENX(3DSTATE_VF_TOPOLOGY_header),
                                          .primitive_topology_type = topology };
   GENX(3DSTATE_VF_TOPOLOGY_pack)(NULL, dw, &v);
   run(r, dw, GENX(3DSTATE_VF_TOPOLOGY_length));
#endif
}

/* Packs and runs v; on Gen8+ the packet's own topology field names
 * another topology, which the draw must ignore.  Gen11+ packets without
 * extended parameters are the short (7-dword) form. */
static void
draw(struct rig *r, struct GENX(3DPRIMITIVE) v, uint32_t topology)
{
   uint32_t dw[GENX(3DPRIMITIVE_length)];
   unsigned len = GENX(3DPRIMITIVE_length);
   v.primitive_topology_type = GFX_VER >= 8 ? TOPOLOGY(POINTLIST) : topology;
#if GFX_VER >= 11
   if (!v.extended_parameters_present) {
      v.dword_length = 5;
      len = 7;
   }
#endif
   set_topology(r, topology);
   GENX(3DPRIMITIVE_pack)(NULL, dw, &v);
   unsigned before = rig_draws;
   run(r, dw, len);
   CHECK(rig_draws == before + 1);
}

static void
direct_draws(struct rig *r)
{
   /* vkCmdDraw(3, 2, 5, 7) */
   draw(r, (struct GENX(3DPRIMITIVE)){ GENX(3DPRIMITIVE_header),
        .vertex_count_per_instance = 3, .instance_count = 2,
        .start_vertex_location = 5, .start_instance_location = 7 },
        TOPOLOGY(TRILIST));
   CHECK(rig_draw.topology == TOPOLOGY(TRILIST));
   CHECK(!rig_draw.indexed && !rig_draw.indirect && !rig_draw.predicated);
   CHECK(rig_draw.predicate_passed);
   CHECK(rig_draw.vertex_count == 3 && rig_draw.instance_count == 2);
   CHECK(rig_draw.start_vertex == 5 && rig_draw.start_instance == 7);
   CHECK(rig_draw.base_vertex == 0 && !rig_draw.extended);

   /* vkCmdDrawIndexed(6, 1, 4, -3, 1) as a strip */
   draw(r, (struct GENX(3DPRIMITIVE)){ GENX(3DPRIMITIVE_header),
        .vertex_access_type = ACCESS_RANDOM,
        .vertex_count_per_instance = 6, .instance_count = 1,
        .start_vertex_location = 4, .base_vertex_location = -3,
        .start_instance_location = 1 },
        TOPOLOGY(TRISTRIP));
   CHECK(rig_draw.topology == TOPOLOGY(TRISTRIP));
   CHECK(rig_draw.indexed);
   CHECK(rig_draw.vertex_count == 6 && rig_draw.instance_count == 1);
   CHECK(rig_draw.start_vertex == 4 && rig_draw.base_vertex == -3);
   CHECK(rig_draw.start_instance == 1);
}

static void
set_indirect_registers(struct rig *r, const uint32_t values[5])
{
   static const uint32_t regs[5] = {
      REG_3DPRIM_VERTEX_COUNT, REG_3DPRIM_START_VERTEX, REG_3DPRIM_INSTANCE_COUNT,
      REG_3DPRIM_START_INSTANCE, REG_3DPRIM_BASE_VERTEX,
   };
   for (unsigned i = 0; i < 5; i++)
      r->cs.regs[regs[i] / 4] = values[i];
}

static void
indirect_draw(struct rig *r)
{
   /* VkDrawIndexedIndirectCommand { 9, 4, 2, -1, 6 }, as MI_LOAD_REGISTER_MEM
    * leaves it; the packet's own fields say something else. */
   set_indirect_registers(r, (const uint32_t[5]){ 9, 2, 4, 6, (uint32_t)-1 });
   draw(r, (struct GENX(3DPRIMITIVE)){ GENX(3DPRIMITIVE_header),
        .indirect_parameter_enable = true, .vertex_access_type = ACCESS_RANDOM,
        .vertex_count_per_instance = 100, .instance_count = 100,
        .start_vertex_location = 100, .base_vertex_location = 100,
        .start_instance_location = 100 },
        TOPOLOGY(LINELIST));
   CHECK(rig_draw.indirect && rig_draw.indexed);
   CHECK(rig_draw.topology == TOPOLOGY(LINELIST));
   CHECK(rig_draw.vertex_count == 9 && rig_draw.instance_count == 4);
   CHECK(rig_draw.start_vertex == 2 && rig_draw.base_vertex == -1);
   CHECK(rig_draw.start_instance == 6);
}

static void
predicated_draws(struct rig *r)
{
   const struct GENX(3DPRIMITIVE) v = { GENX(3DPRIMITIVE_header),
      .predicate_enable = true, .vertex_count_per_instance = 4, .instance_count = 1 };
   r->cs.regs[REG_PREDICATE_RESULT / 4] = 0;
   draw(r, v, TOPOLOGY(RECTLIST));
   CHECK(rig_draw.predicated && !rig_draw.predicate_passed);
   r->cs.regs[REG_PREDICATE_RESULT / 4] = 1;
   draw(r, v, TOPOLOGY(RECTLIST));
   CHECK(rig_draw.predicated && rig_draw.predicate_passed);
   CHECK(rig_draw.topology == TOPOLOGY(RECTLIST) && rig_draw.vertex_count == 4);
}

static void
extended_draws(struct rig *r)
{
#if GFX_VER >= 11
   draw(r, (struct GENX(3DPRIMITIVE)){ GENX(3DPRIMITIVE_header),
        .extended_parameters_present = true, .vertex_count_per_instance = 3,
        .instance_count = 1, .extended_parameter_0 = 11,
        .extended_parameter_1 = 12, .extended_parameter_2 = 13 },
        TOPOLOGY(TRILIST));
   CHECK(rig_draw.extended);
   CHECK(rig_draw.extended_param[0] == 11 && rig_draw.extended_param[1] == 12 &&
         rig_draw.extended_param[2] == 13);

   /* Indirect: the extended parameters come from 3DPRIM_XP0-2 too. */
   set_indirect_registers(r, (const uint32_t[5]){ 3, 0, 1, 0, 0 });
   for (unsigned i = 0; i < 3; i++)
      r->cs.regs[REG_3DPRIM_XP0 / 4 + i] = 21 + i;
   draw(r, (struct GENX(3DPRIMITIVE)){ GENX(3DPRIMITIVE_header),
        .extended_parameters_present = true, .indirect_parameter_enable = true,
        .extended_parameter_0 = 99, .extended_parameter_1 = 99,
        .extended_parameter_2 = 99 },
        TOPOLOGY(TRILIST));
   CHECK(rig_draw.extended && rig_draw.indirect && rig_draw.vertex_count == 3);
   CHECK(rig_draw.extended_param[0] == 21 && rig_draw.extended_param[1] == 22 &&
         rig_draw.extended_param[2] == 23);
#endif
}

/* 3DSTATE_VERTEX_ELEMENTS replaces the element list; 3DSTATE_VERTEX_BUFFERS
 * sets the buffers it names. */
static void
vertex_state(struct rig *r)
{
   enum { ELEMENTS = 2, EL = GENX(VERTEX_ELEMENT_STATE_length),
          VB = GENX(VERTEX_BUFFER_STATE_length) };
   uint32_t dw[1 + ELEMENTS * EL];
   struct GENX(3DSTATE_VERTEX_ELEMENTS) ve = { GENX(3DSTATE_VERTEX_ELEMENTS_header) };
   ve.dword_length = ELEMENTS * EL - 1;
   GENX(3DSTATE_VERTEX_ELEMENTS_pack)(NULL, dw, &ve);
   for (unsigned i = 0; i < ELEMENTS; i++) {
      GENX(VERTEX_ELEMENT_STATE_pack)(NULL, &dw[1 + i * EL], &(struct GENX(VERTEX_ELEMENT_STATE)){
         .valid = true, .vertex_buffer_index = i, .source_element_offset = 8 * i,
         .source_element_format = 0x40 + i, .component_0_control = 1,
         .component_3_control = 3 });
   }
   run(r, dw, 1 + ELEMENTS * EL);
   CHECK(r->st.ve_count == ELEMENTS);
   CHECK(r->st.ve[1].valid && r->st.ve[1].buffer_index == 1 && r->st.ve[1].offset == 8);
   CHECK(r->st.ve[1].format == 0x41 && r->st.ve[1].component[0] == 1 &&
         r->st.ve[1].component[3] == 3);

   uint32_t vb[1 + VB];
   struct GENX(3DSTATE_VERTEX_BUFFERS) vbs = { GENX(3DSTATE_VERTEX_BUFFERS_header) };
   vbs.dword_length = VB - 1;
   GENX(3DSTATE_VERTEX_BUFFERS_pack)(NULL, vb, &vbs);
   struct GENX(VERTEX_BUFFER_STATE) state = {
      .vertex_buffer_index = 3, .buffer_pitch = 24, .address_modify_enable = true,
      .buffer_starting_address = 0x10000,
#if GFX_VER >= 8
      .buffer_size = 96,
#else
      .end_address = 0x10000 + 95,
#endif
   };
   GENX(VERTEX_BUFFER_STATE_pack)(NULL, &vb[1], &state);
   run(r, vb, 1 + VB);
   CHECK(r->st.vb[3].set && r->st.vb[3].pitch == 24);
   CHECK(r->st.vb[3].address == 0x10000 && r->st.vb[3].size == 96);
}

/* Stream output buffers: 3DSTATE_SO_BUFFER on every generation (Gen7's
 * end address and pitch, Gen8's dword size) and Gen12's
 * 3DSTATE_SO_BUFFER_INDEX_n, which Mesa's ANV sends there instead. */
static void
so_buffers(struct rig *r)
{
   uint32_t dw[GENX(3DSTATE_SO_BUFFER_length)];
   struct GENX(3DSTATE_SO_BUFFER) v = { GENX(3DSTATE_SO_BUFFER_header),
      .so_buffer_index = 1, .surface_base_address = 0x20000,
#if GFX_VER >= 8
      .so_buffer_enable = true, .surface_size = 63,
#else
      .surface_end_address = 0x20000 + 256, .surface_pitch = 16,
#endif
   };
   GENX(3DSTATE_SO_BUFFER_pack)(NULL, dw, &v);
   run(r, dw, GENX(3DSTATE_SO_BUFFER_length));
   const struct vgpu_3d_so_buffer *b = &r->st.so.buffer[1];
   CHECK(b->address == 0x20000 && b->size == 256);
   CHECK(GFX_VER >= 8 ? b->enable : b->pitch == 16);
#if GFX_VER >= 12
   uint32_t idx[GENX(3DSTATE_SO_BUFFER_INDEX_2_length)];
   struct GENX(3DSTATE_SO_BUFFER_INDEX_2) v2 = { GENX(3DSTATE_SO_BUFFER_INDEX_2_header),
      .so_buffer_index_state_body = { .so_buffer_enable = true,
         .surface_base_address = 0x30000, .surface_size = 3, .stream_offset = 8 } };
   GENX(3DSTATE_SO_BUFFER_INDEX_2_pack)(NULL, idx, &v2);
   run(r, idx, GENX(3DSTATE_SO_BUFFER_INDEX_2_length));
   b = &r->st.so.buffer[2];
   CHECK(b->enable && b->address == 0x30000 && b->size == 16 && b->offset == 8);
#endif
}

/* Gen12 3DSTATE_PRIMITIVE_REPLICATION as Mesa's ANV sends it for views
 * 1 and 2 (two replicas, RTAI offsets 1 and 2), with a viewport offset
 * too: the state keeps replicas, not the count field less one. */
static void
primitive_replication(struct rig *r)
{
#if GFX_VER >= 12
   uint32_t dw[GENX(3DSTATE_PRIMITIVE_REPLICATION_length)];
   struct GENX(3DSTATE_PRIMITIVE_REPLICATION) v = {
      GENX(3DSTATE_PRIMITIVE_REPLICATION_header),
      .replication_count = 1, .replica_mask = 0x3,
      .rtai_offset = { 1, 2 }, .viewport_offset = { 0, 5 } };
   GENX(3DSTATE_PRIMITIVE_REPLICATION_pack)(NULL, dw, &v);
   run(r, dw, GENX(3DSTATE_PRIMITIVE_REPLICATION_length));
   const struct vgpu_3d_replication *rep = &r->st.replication;
   CHECK(rep->count == 2 && rep->mask == 0x3);
   CHECK(rep->rtai_offset[0] == 1 && rep->rtai_offset[1] == 2 && rep->rtai_offset[2] == 0);
   CHECK(rep->viewport_offset[0] == 0 && rep->viewport_offset[1] == 5);

   /* The all-zero packet ANV sends without replication: one replica. */
   GENX(3DSTATE_PRIMITIVE_REPLICATION_pack)(NULL, dw,
      &(struct GENX(3DSTATE_PRIMITIVE_REPLICATION)){
         GENX(3DSTATE_PRIMITIVE_REPLICATION_header) });
   run(r, dw, GENX(3DSTATE_PRIMITIVE_REPLICATION_length));
   CHECK(rep->count == 1 && rep->mask == 0 && rep->rtai_offset[1] == 0);
#endif
}

void
genX(test_3d_draw)(void)
{
   static struct rig r;
   memset(&r, 0, sizeof(r));
   direct_draws(&r);
   indirect_draw(&r);
   predicated_draws(&r);
   extended_draws(&r);
   vertex_state(&r);
   so_buffers(&r);
   primitive_replication(&r);
}

/* vgpu's VF unit (src/vgpu/3d/vgpu_vf.c) on plain inputs: element fetch
 * and format conversion, component controls, SGVS, instancing, bounds,
 * index buffers, restart and primitive assembly.  Expected values are
 * worked out by hand: conversions from Vulkan's "Fixed-Point Data
 * Conversions" (UNORM c / (2^b - 1), SNORM max(c / (2^(b-1) - 1), -1)),
 * "16-Bit Floating-Point Numbers" and "Unsigned 11-Bit / 10-Bit
 * Floating-Point Numbers"; primitives from "Primitive Topologies" (the
 * comment above each list gives the formula). */
#include <string.h>

#include "../isl/isl_test.h"
#include "isl.h"
#include "vgpu_vf.h"

#define ONE_F 0x3f800000u
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

enum { SRC = VGPU_VF_STORE_SRC, ZERO = VGPU_VF_STORE_0, ONE_FP = VGPU_VF_STORE_1_FP,
       ONE_INT = VGPU_VF_STORE_1_INT, NOST = VGPU_VF_NOSTORE };

static uint32_t
fbits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

static const struct vgpu_vf_draw plain_draw = { .topology = VGPU_VF_POINTLIST,
                                                .instance_count = 1 };

/* Fetches one element of the given format and controls from `bytes`
 * (vertex 0 of a buffer holding just them). */
static bool
fetch_bytes(uint32_t format, const void *bytes, uint32_t len, const uint8_t control[4],
            struct vgpu_vf_attr *a)
{
   struct vgpu_vf_buffer b = { bytes, len, len };
   struct vgpu_vf_element e = { .format = format };
   memcpy(e.control, control, 4);
   struct vgpu_vf_input in = { &b, 1, &e, 1 };
   struct vgpu_vf_vertex v = { 0 };
   memset(a, 0xee, sizeof(*a));
   return vgpu_vf_fetch_element(&in, &plain_draw, 0, &v, 0, a);
}

static void
check_dwords(const char *what, const struct vgpu_vf_attr *a, const uint32_t *want, unsigned n)
{
   CHECK(a->dwords == n, "%s: %u dwords, want %u", what, a->dwords, n);
   for (unsigned i = 0; i < n && i < a->dwords; i++)
      CHECK(a->dw[i] == want[i], "%s: dword %u 0x%08x want 0x%08x", what, i, a->dw[i], want[i]);
}

static const uint8_t src4[4] = { SRC, SRC, SRC, SRC };

struct conversion {
   const char *what;
   uint32_t format;
   uint8_t bytes[32];
   uint32_t want[4];
};

static void
test_conversions(void)
{
   /* R10G10B10A2_SNORM, R in bits 0-9 ... A in 30-31: R = -512 reads
    * -512/511 -> -1, G = 511 -> 1, B = -511 -> -1, A = -2 -> -2 -> -1. */
   uint32_t snorm1010102 = 0x200u | 0x1ffu << 10 | 0x201u << 20 | 2u << 30;
   /* R = 1 -> 1/511, G = 0, B = -1 -> -1/511, A = 1 -> 1. */
   uint32_t snorm1010102_b = 1u | 0x3ffu << 20 | 1u << 30;
   /* B10G10R10A2_UNORM: B in bits 0-9, G 10-19, R 20-29: B = 1023 -> 1,
    * G = 0, R = 341 -> 341/1023 = 1/3, A = 1 -> 1/3. */
   uint32_t bgr1010102 = 0x3ffu | 341u << 20 | 1u << 30;
   /* R11G11B10_FLOAT: R (bits 0-10) exponent 15 -> 1.0, G (11-21)
    * exponent 15, mantissa 32/64 -> 1.5, B (22-31) exponent 14 -> 0.5. */
   uint32_t r11g11b10 = (15u << 6) | ((15u << 6 | 32u) << 11) | (14u << 5) << 22;
   /* R64_FLOAT 1.5 */
   double d = 1.5;

   const struct conversion cases[] = {
      { "R8G8B8A8_UNORM", ISL_FORMAT_R8G8B8A8_UNORM, { 0xff, 0x00, 0x80, 0x01 },
        { ONE_F, 0, fbits((float)(128.0 / 255.0)), fbits((float)(1.0 / 255.0)) } },
      /* B8G8R8A8: blue in the lowest byte, red in the third. */
      { "B8G8R8A8_UNORM", ISL_FORMAT_B8G8R8A8_UNORM, { 0x00, 0x40, 0xff, 0x80 },
        { ONE_F, fbits((float)(64.0 / 255.0)), 0, fbits((float)(128.0 / 255.0)) } },
      /* SNORM8: 0x80 = -128 -> -128/127 clamps to -1; 0x81 -> -1; 0x7f -> 1. */
      { "R8G8B8A8_SNORM", ISL_FORMAT_R8G8B8A8_SNORM, { 0x80, 0x81, 0x7f, 0x01 },
        { fbits(-1.0f), fbits(-1.0f), ONE_F, fbits((float)(1.0 / 127.0)) } },
      /* SNORM16 0x8001 = -32767 -> -1; 0x8000 = -32768 -> clamps to -1. */
      { "R16G16_SNORM", ISL_FORMAT_R16G16_SNORM, { 0x01, 0x80, 0x00, 0x80 },
        { fbits(-1.0f), fbits(-1.0f) } },
      { "R16G16B16_UNORM", ISL_FORMAT_R16G16B16_UNORM, { 0xff, 0xff, 0, 0, 0x00, 0x80 },
        { ONE_F, 0, fbits((float)(32768.0 / 65535.0)) } },
      { "R10G10B10A2_SNORM", ISL_FORMAT_R10G10B10A2_SNORM,
        { (uint8_t)snorm1010102, (uint8_t)(snorm1010102 >> 8), (uint8_t)(snorm1010102 >> 16),
          (uint8_t)(snorm1010102 >> 24) },
        { fbits(-1.0f), ONE_F, fbits(-1.0f), fbits(-1.0f) } },
      { "R10G10B10A2_SNORM small", ISL_FORMAT_R10G10B10A2_SNORM,
        { (uint8_t)snorm1010102_b, (uint8_t)(snorm1010102_b >> 8),
          (uint8_t)(snorm1010102_b >> 16), (uint8_t)(snorm1010102_b >> 24) },
        { fbits((float)(1.0 / 511.0)), 0, fbits((float)(-1.0 / 511.0)), ONE_F } },
      { "B10G10R10A2_UNORM", ISL_FORMAT_B10G10R10A2_UNORM,
        { (uint8_t)bgr1010102, (uint8_t)(bgr1010102 >> 8), (uint8_t)(bgr1010102 >> 16),
          (uint8_t)(bgr1010102 >> 24) },
        { fbits((float)(341.0 / 1023.0)), 0, ONE_F, fbits((float)(1.0 / 3.0)) } },
      /* USCALED8 200 -> 200.0; SSCALED8 0x80 -> -128.0, 0xff -> -1.0. */
      { "R8G8B8A8_USCALED", ISL_FORMAT_R8G8B8A8_USCALED, { 200, 0, 255, 1 },
        { fbits(200.0f), 0, fbits(255.0f), ONE_F } },
      { "R8G8B8A8_SSCALED", ISL_FORMAT_R8G8B8A8_SSCALED, { 0x80, 0x7f, 0xff, 0 },
        { fbits(-128.0f), fbits(127.0f), fbits(-1.0f), 0 } },
      { "R10G10B10A2_SSCALED", ISL_FORMAT_R10G10B10A2_SSCALED, { 0xff, 0x03, 0, 0xc0 },
        { fbits(-1.0f), 0, 0, fbits(-1.0f) } },
      /* UINT zero-extends, SINT sign-extends. */
      { "R16G16_UINT", ISL_FORMAT_R16G16_UINT, { 0xff, 0xff, 0x34, 0x12 }, { 0xffff, 0x1234 } },
      { "R16G16_SINT", ISL_FORMAT_R16G16_SINT, { 0x00, 0x80, 0xff, 0x7f },
        { 0xffff8000u, 0x7fff } },
      { "R8G8B8A8_SINT", ISL_FORMAT_R8G8B8A8_SINT, { 0xfe, 0x7f, 0x80, 0x00 },
        { 0xfffffffeu, 0x7f, 0xffffff80u, 0 } },
      { "R10G10B10A2_UINT", ISL_FORMAT_R10G10B10A2_UINT, { 0xff, 0x03, 0, 0xc0 },
        { 0x3ff, 0, 0, 3 } },
      /* Half 0x3c00 = 1.0, 0xc000 = -2.0. */
      { "R16G16_FLOAT", ISL_FORMAT_R16G16_FLOAT, { 0x00, 0x3c, 0x00, 0xc0 },
        { ONE_F, fbits(-2.0f) } },
      { "R11G11B10_FLOAT", ISL_FORMAT_R11G11B10_FLOAT,
        { (uint8_t)r11g11b10, (uint8_t)(r11g11b10 >> 8), (uint8_t)(r11g11b10 >> 16),
          (uint8_t)(r11g11b10 >> 24) },
        { ONE_F, fbits(1.5f), fbits(0.5f) } },
      /* 32-bit floats pass unchanged, a NaN's payload too. */
      { "R32G32_FLOAT", ISL_FORMAT_R32G32_FLOAT, { 0x01, 0x00, 0xc0, 0x7f, 0x00, 0x00, 0x80, 0xbf },
        { 0x7fc00001u, fbits(-1.0f) } },
   };
   const uint8_t src3[4] = { SRC, SRC, SRC, ONE_FP };
   const uint8_t src2[4] = { SRC, SRC, ZERO, ONE_FP };
   for (size_t i = 0; i < COUNT(cases); i++) {
      const struct conversion *c = &cases[i];
      const struct isl_format_layout *l = isl_format_layout(c->format);
      const uint8_t *controls = l->ch[ISL_A].bits ? src4 : l->ch[ISL_B].bits ? src3 : src2;
      uint32_t want[4];
      memcpy(want, c->want, sizeof(want));
      if (!l->ch[ISL_A].bits)
         want[3] = ONE_F;
      struct vgpu_vf_attr a;
      CHECK(fetch_bytes(c->format, c->bytes, sizeof(c->bytes), controls, &a), "%s fetch", c->what);
      check_dwords(c->what, &a, want, 4);
      CHECK(a.undefined == 0, "%s: undefined 0x%x", c->what, a.undefined);
   }

   uint8_t dbytes[8];
   memcpy(dbytes, &d, 8);
   struct vgpu_vf_attr a;
   CHECK(fetch_bytes(ISL_FORMAT_R64_FLOAT, dbytes, 8, (uint8_t[]){ SRC, ZERO, ZERO, ONE_FP }, &a),
         "R64_FLOAT fetch");
   check_dwords("R64_FLOAT", &a, (uint32_t[]){ fbits(1.5f), 0, 0, ONE_F }, 4);
}

/* 64-bit PASSTHRU: each component is two dwords, low first, unconverted;
 * STORE_0 pads a 64-bit zero. */
static void
test_passthru(void)
{
   const uint64_t q[4] = { 0x0123456789abcdefull, 0xfedcba9876543210ull, 0x1122334455667788ull,
                           0x8000000000000001ull };
   struct vgpu_vf_attr a;
   CHECK(fetch_bytes(ISL_FORMAT_R64G64_PASSTHRU, q, 16, (uint8_t[]){ SRC, SRC, NOST, NOST }, &a),
         "R64G64_PASSTHRU fetch");
   check_dwords("R64G64_PASSTHRU", &a,
                (uint32_t[]){ 0x89abcdef, 0x01234567, 0x76543210, 0xfedcba98 }, 4);

   CHECK(fetch_bytes(ISL_FORMAT_R64_PASSTHRU, q, 8, (uint8_t[]){ SRC, ZERO, NOST, NOST }, &a),
         "R64_PASSTHRU fetch");
   check_dwords("R64_PASSTHRU", &a, (uint32_t[]){ 0x89abcdef, 0x01234567, 0, 0 }, 4);

   CHECK(fetch_bytes(ISL_FORMAT_R64G64B64_PASSTHRU, q, 24, (uint8_t[]){ SRC, SRC, SRC, ZERO }, &a),
         "R64G64B64_PASSTHRU fetch");
   check_dwords("R64G64B64_PASSTHRU", &a,
                (uint32_t[]){ 0x89abcdef, 0x01234567, 0x76543210, 0xfedcba98, 0x55667788,
                              0x11223344, 0, 0 }, 8);

   CHECK(fetch_bytes(ISL_FORMAT_R64G64B64A64_PASSTHRU, q, 32, src4, &a),
         "R64G64B64A64_PASSTHRU fetch");
   check_dwords("R64G64B64A64_PASSTHRU", &a,
                (uint32_t[]){ 0x89abcdef, 0x01234567, 0x76543210, 0xfedcba98, 0x55667788,
                              0x11223344, 0x00000001, 0x80000000 }, 8);
}

static void
test_controls(void)
{
   const uint32_t seven = 7;
   struct vgpu_vf_attr a;
   /* STORE_SRC, STORE_0, STORE_1_FP (1.0f), STORE_1_INT (1). */
   CHECK(fetch_bytes(ISL_FORMAT_R32_UINT, &seven, 4, (uint8_t[]){ SRC, ZERO, ONE_FP, ONE_INT }, &a),
         "controls fetch");
   check_dwords("controls", &a, (uint32_t[]){ 7, 0, ONE_F, 1 }, 4);
   CHECK(a.undefined == 0, "controls: undefined 0x%x", a.undefined);

   /* NOSTORE stores nothing: a one-dword element. */
   CHECK(fetch_bytes(ISL_FORMAT_R32_UINT, &seven, 4, (uint8_t[]){ SRC, NOST, NOST, NOST }, &a),
         "NOSTORE fetch");
   check_dwords("NOSTORE", &a, (uint32_t[]){ 7 }, 1);

   /* A NOSTORE component between stored ones leaves its dword unwritten. */
   CHECK(fetch_bytes(ISL_FORMAT_R32_UINT, &seven, 4, (uint8_t[]){ SRC, NOST, ONE_INT, NOST }, &a),
         "NOSTORE gap fetch");
   CHECK(a.dwords == 3 && a.dw[0] == 7 && a.dw[2] == 1 && a.undefined == 0x2,
         "NOSTORE gap: %u dwords, %u %u, undefined 0x%x", a.dwords, a.dw[0], a.dw[2], a.undefined);

   /* STORE_SRC of a component R32_UINT lacks: UNPREDICTABLE. */
   CHECK(fetch_bytes(ISL_FORMAT_R32_UINT, &seven, 4, (uint8_t[]){ SRC, SRC, ZERO, ZERO }, &a),
         "missing component fetch");
   CHECK(a.dwords == 4 && a.undefined == 0x2, "missing component: %u dwords, undefined 0x%x",
         a.dwords, a.undefined);

   /* Gen7/7.5 STORE_VID and STORE_IID: hasvk's system-value element
    * (base vertex and base instance from a buffer, then the IDs). */
   const uint32_t bases[2] = { 100, 200 };
   struct vgpu_vf_buffer b = { (const uint8_t *)bases, 8, 0 };
   struct vgpu_vf_element e = {
      .format = ISL_FORMAT_R32G32_UINT,
      .control = { SRC, SRC, VGPU_VF_STORE_VID, VGPU_VF_STORE_IID },
   };
   struct vgpu_vf_input in = { &b, 1, &e, 1 };
   struct vgpu_vf_vertex v = { .index = 9, .vertex_id = 5 };
   CHECK(vgpu_vf_fetch_element(&in, &plain_draw, 0, &v, 3, &a), "VID/IID fetch");
   check_dwords("VID/IID", &a, (uint32_t[]){ 100, 200, 5, 3 }, 4);

   e.control[3] = VGPU_VF_STORE_PID;
   CHECK(!vgpu_vf_fetch_element(&in, &plain_draw, 0, &v, 3, &a), "STORE_PID is not modelled");

   /* An element storing only constants reads no buffer: buffer 5 of 1. */
   struct vgpu_vf_element zeros = { .buffer = 5, .format = ISL_FORMAT_R32G32B32A32_FLOAT,
                                    .control = { ZERO, ZERO, ZERO, ONE_FP } };
   in.elements = &zeros;
   CHECK(vgpu_vf_fetch_element(&in, &plain_draw, 0, &v, 0, &a), "constant element fetch");
   check_dwords("constant element", &a, (uint32_t[]){ 0, 0, 0, ONE_F }, 4);
   zeros.control[0] = SRC;
   CHECK(!vgpu_vf_fetch_element(&in, &plain_draw, 0, &v, 0, &a), "missing buffer");
}

/* Gen8+ 3DSTATE_VF_SGVS: ANV's element (R32G32_UINT base vertex and base
 * instance, STORE_0 in 2 and 3) takes VertexID in 2, InstanceID in 3. */
static void
test_sgvs(void)
{
   const uint32_t bases[2] = { 100, 200 };
   struct vgpu_vf_buffer b = { (const uint8_t *)bases, 8, 0 };
   struct vgpu_vf_element e = {
      .format = ISL_FORMAT_R32G32_UINT,
      .control = { SRC, SRC, ZERO, ZERO },
      .sgvs = { .vertex_id = true, .instance_id = true, .vertex_id_component = 2,
                .instance_id_component = 3 },
   };
   struct vgpu_vf_input in = { &b, 1, &e, 1 };
   struct vgpu_vf_vertex v = { .index = 4, .vertex_id = 11 };
   struct vgpu_vf_attr a;
   CHECK(vgpu_vf_fetch_element(&in, &plain_draw, 0, &v, 6, &a), "SGVS fetch");
   check_dwords("before SGVS", &a, (uint32_t[]){ 100, 200, 0, 0 }, 4);
   vgpu_vf_apply_sgvs(&e, &v, 6, &a);
   check_dwords("SGVS", &a, (uint32_t[]){ 100, 200, 11, 6 }, 4);

   /* InstanceID into component 3 of a one-dword element: 1 and 2 hold
    * nothing the VF wrote. */
   struct vgpu_vf_element one = { .format = ISL_FORMAT_R32_UINT,
                                  .control = { SRC, NOST, NOST, NOST },
                                  .sgvs = { .instance_id = true, .instance_id_component = 3 } };
   in.elements = &one;
   CHECK(vgpu_vf_fetch_vertex(&in, &plain_draw, &v, 6, &a), "SGVS beyond the stored dwords");
   CHECK(a.dwords == 4 && a.dw[0] == 100 && a.dw[3] == 6 && a.undefined == 0x6,
         "SGVS beyond: %u dwords, %u %u, undefined 0x%x", a.dwords, a.dw[0], a.dw[3], a.undefined);
}

/* Instance data at Start Instance Location + InstanceID / step rate (0:
 * never advances); vertex data at the vertex's index. */
static void
test_instancing(void)
{
   uint32_t data[16];
   for (unsigned i = 0; i < 16; i++)
      data[i] = 10 * i;
   struct vgpu_vf_buffer b = { (const uint8_t *)data, sizeof(data), 4 };
   struct vgpu_vf_element e[4] = {
      { .format = ISL_FORMAT_R32_UINT, .control = { SRC, ZERO, ZERO, ZERO } },
      { .format = ISL_FORMAT_R32_UINT, .control = { SRC, ZERO, ZERO, ZERO }, .instanced = true,
        .step_rate = 0 },
      { .format = ISL_FORMAT_R32_UINT, .control = { SRC, ZERO, ZERO, ZERO }, .instanced = true,
        .step_rate = 1 },
      { .format = ISL_FORMAT_R32_UINT, .control = { SRC, ZERO, ZERO, ZERO }, .instanced = true,
        .step_rate = 3 },
   };
   struct vgpu_vf_input in = { &b, 1, e, 4 };
   struct vgpu_vf_draw draw = { .topology = VGPU_VF_POINTLIST, .vertex_count = 1,
                                .instance_count = 7, .start_instance = 2 };
   struct vgpu_vf_vertex v = { .index = 5 };
   for (uint32_t inst = 0; inst < draw.instance_count; inst++) {
      struct vgpu_vf_attr a[4];
      CHECK(vgpu_vf_fetch_vertex(&in, &draw, &v, inst, a), "instance %u fetch", inst);
      /* vertex 5; instance rows 2, 2 + inst, 2 + inst / 3 */
      uint32_t want[4] = { 50, 20, 10 * (2 + inst), 10 * (2 + inst / 3) };
      for (unsigned i = 0; i < 4; i++)
         CHECK(a[i].dw[0] == want[i], "instance %u element %u: %u want %u", inst, i, a[i].dw[0],
               want[i]);
   }
}

/* An element that does not fit in its buffer reads zeros (still
 * converted: STORE_1_FP stays 1.0); a null buffer likewise. */
static void
test_bounds(void)
{
   const uint8_t data[10] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
   struct vgpu_vf_buffer b = { data, sizeof(data), 4 };
   struct vgpu_vf_element e = { .format = ISL_FORMAT_R8G8B8A8_UINT,
                                .control = { SRC, SRC, SRC, ONE_INT } };
   struct vgpu_vf_input in = { &b, 1, &e, 1 };
   struct vgpu_vf_attr a;
   struct vgpu_vf_vertex v = { .index = 1 };
   CHECK(vgpu_vf_fetch_element(&in, &plain_draw, 0, &v, 0, &a), "in bounds fetch");
   check_dwords("bytes 4..7", &a, (uint32_t[]){ 5, 6, 7, 1 }, 4);

   v.index = 2;   /* bytes 8..11 of 10 */
   CHECK(vgpu_vf_fetch_element(&in, &plain_draw, 0, &v, 0, &a), "straddling fetch");
   check_dwords("bytes 8..11 of 10", &a, (uint32_t[]){ 0, 0, 0, 1 }, 4);

   e.offset = 6;  /* vertex 1 at bytes 10..13: wholly outside */
   v.index = 1;
   CHECK(vgpu_vf_fetch_element(&in, &plain_draw, 0, &v, 0, &a), "outside fetch");
   check_dwords("bytes 10..13", &a, (uint32_t[]){ 0, 0, 0, 1 }, 4);

   e.offset = 0;
   e.format = ISL_FORMAT_R8G8B8A8_UNORM;
   e.control[3] = ONE_FP;
   b = (struct vgpu_vf_buffer){ NULL, 0, 4 };
   v.index = 0;
   CHECK(vgpu_vf_fetch_element(&in, &plain_draw, 0, &v, 0, &a), "null buffer fetch");
   check_dwords("null buffer", &a, (uint32_t[]){ 0, 0, 0, ONE_F }, 4);
}

static void
check_vertices(const char *what, const struct vgpu_vf_draw *d, const uint32_t *index,
               const uint32_t *vertex_id, const bool *cut)
{
   struct vgpu_vf_vertex out[16];
   vgpu_vf_vertices(d, out);
   for (uint32_t n = 0; n < d->vertex_count; n++) {
      CHECK(out[n].index == index[n] && out[n].vertex_id == vertex_id[n] && out[n].cut == cut[n],
            "%s vertex %u: index %u id %u cut %d, want %u %u %d", what, n, out[n].index,
            out[n].vertex_id, out[n].cut, index[n], vertex_id[n], cut[n]);
   }
}

static void
test_indices(void)
{
   /* Sequential: fetched at Start Vertex Location + n, VertexID n. */
   struct vgpu_vf_draw d = { .topology = VGPU_VF_POINTLIST, .vertex_count = 3, .start_vertex = 5 };
   check_vertices("sequential", &d, (uint32_t[]){ 5, 6, 7 }, (uint32_t[]){ 0, 1, 2 },
                  (bool[]){ false, false, false });

   /* 8-bit indices from index 1 (Start Vertex Location), base vertex -2:
    * fetched at value - 2, VertexID the value. */
   const uint8_t i8[] = { 9, 4, 7, 255 };
   d = (struct vgpu_vf_draw){ .topology = VGPU_VF_POINTLIST, .vertex_count = 3, .start_vertex = 1,
                              .base_vertex = -2, .indexed = true, .index_data = i8,
                              .index_size = sizeof(i8), .index_bytes = 1 };
   check_vertices("8-bit", &d, (uint32_t[]){ 2, 5, 253 }, (uint32_t[]){ 4, 7, 255 },
                  (bool[]){ false, false, false });
   d.cut_enable = true;
   d.cut_index = 0xff;
   check_vertices("8-bit cut", &d, (uint32_t[]){ 2, 5, 253 }, (uint32_t[]){ 4, 7, 255 },
                  (bool[]){ false, false, true });

   /* 16-bit, little-endian; the fourth index is past the buffer: 0. */
   const uint8_t i16[] = { 0x34, 0x12, 0xff, 0xff, 0x02, 0x00 };
   d = (struct vgpu_vf_draw){ .topology = VGPU_VF_POINTLIST, .vertex_count = 4, .base_vertex = 1,
                              .indexed = true, .index_data = i16, .index_size = sizeof(i16),
                              .index_bytes = 2 };
   check_vertices("16-bit", &d, (uint32_t[]){ 0x1235, 0x10000, 3, 1 },
                  (uint32_t[]){ 0x1234, 0xffff, 2, 0 }, (bool[]){ false, false, false, false });
   d.cut_enable = true;
   d.cut_index = 0xffff;
   check_vertices("16-bit cut", &d, (uint32_t[]){ 0x1235, 0x10000, 3, 1 },
                  (uint32_t[]){ 0x1234, 0xffff, 2, 0 }, (bool[]){ false, true, false, false });

   /* 32-bit; the second index has only its two low bytes inside the
    * buffer: 0x0000beef. */
   const uint8_t i32[] = { 0x78, 0x56, 0x34, 0x12, 0xef, 0xbe };
   d = (struct vgpu_vf_draw){ .topology = VGPU_VF_POINTLIST, .vertex_count = 2, .indexed = true,
                              .index_data = i32, .index_size = sizeof(i32), .index_bytes = 4 };
   check_vertices("32-bit", &d, (uint32_t[]){ 0x12345678, 0xbeef },
                  (uint32_t[]){ 0x12345678, 0xbeef }, (bool[]){ false, false });
}

/* Assembles `count` vertices with cuts at the positions of `cuts` (a
 * bitmask) and compares with `want`, n_prims primitives. */
static void
check_prims(const char *what, uint32_t topology, uint32_t count, uint32_t cuts,
            const uint32_t *want, size_t n_prims)
{
   struct vgpu_vf_vertex seq[32] = { 0 };
   for (uint32_t p = 0; p < count; p++)
      seq[p] = (struct vgpu_vf_vertex){ .index = p, .vertex_id = p, .cut = (cuts >> p) & 1 };
   uint32_t prims[128];
   unsigned per = vgpu_vf_topology_vertices(topology);
   size_t got = vgpu_vf_assemble(topology, seq, count, prims, COUNT(prims) / (per ? per : 1));
   CHECK(got == n_prims, "%s: %zu primitives, want %zu", what, got, n_prims);
   for (size_t i = 0; i < n_prims * per && i < got * per; i++)
      CHECK(prims[i] == want[i], "%s: primitive %zu vertex %zu is %u, want %u", what, i / per,
            i % per, prims[i], want[i]);
}

static void
test_topologies(void)
{
   check_prims("point list", VGPU_VF_POINTLIST, 3, 0, (uint32_t[]){ 0, 1, 2 }, 3);
   /* line i: (2i, 2i+1); the fifth vertex is left over */
   check_prims("line list", VGPU_VF_LINELIST, 5, 0, (uint32_t[]){ 0, 1, 2, 3 }, 2);
   /* line i: (i, i+1) */
   check_prims("line strip", VGPU_VF_LINESTRIP, 4, 0, (uint32_t[]){ 0, 1, 1, 2, 2, 3 }, 3);
   /* a strip plus (n-1, 0) */
   check_prims("line loop", VGPU_VF_LINELOOP, 3, 0, (uint32_t[]){ 0, 1, 1, 2, 2, 0 }, 3);
   check_prims("line loop of 2", VGPU_VF_LINELOOP, 2, 0, (uint32_t[]){ 0, 1, 1, 0 }, 2);
   /* triangle i: (3i, 3i+1, 3i+2) */
   check_prims("triangle list", VGPU_VF_TRILIST, 7, 0, (uint32_t[]){ 0, 1, 2, 3, 4, 5 }, 2);
   /* triangle i: (i, i+(1+i%2), i+(2-i%2)) */
   check_prims("triangle strip", VGPU_VF_TRISTRIP, 5, 0,
               (uint32_t[]){ 0, 1, 2, 1, 3, 2, 2, 3, 4 }, 3);
   /* triangle i: Vulkan's (i+1, i+2, 0) rotated to the hardware's
    * (0, i+1, i+2) */
   check_prims("triangle fan", VGPU_VF_TRIFAN, 5, 0, (uint32_t[]){ 0, 1, 2, 0, 2, 3, 0, 3, 4 }, 3);
   /* line i: (4i+1, 4i+2), adjacent 4i and 4i+3 */
   check_prims("line list adjacency", VGPU_VF_LINELIST_ADJ, 8, 0,
               (uint32_t[]){ 0, 1, 2, 3, 4, 5, 6, 7 }, 2);
   /* line i: (i+1, i+2), adjacent i and i+3 */
   check_prims("line strip adjacency", VGPU_VF_LINESTRIP_ADJ, 5, 0,
               (uint32_t[]){ 0, 1, 2, 3, 1, 2, 3, 4 }, 2);
   /* triangle i: (6i, 6i+2, 6i+4), adjacent 6i+1, 6i+3, 6i+5 */
   check_prims("triangle list adjacency", VGPU_VF_TRILIST_ADJ, 12, 0,
               (uint32_t[]){ 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 }, 2);
   /* Triangle strips with adjacency, (n - 4) / 2 triangles, each listed
    * (v0, adj v0v1, v1, adj v1v2, v2, adj v2v0).  Vulkan's table: only
    * triangle: vertices 0, 2, 4, adjacent 1, 5, 3. */
   check_prims("triangle strip adjacency, 1", VGPU_VF_TRISTRIP_ADJ, 6, 0,
               (uint32_t[]){ 0, 1, 2, 5, 4, 3 }, 1);
   /* first (i = 0): vertices 2i, 2i+2, 2i+4, adjacent 2i+1, 2i+6, 2i+3;
    * last, odd (i = 1): vertices 2i, 2i+4, 2i+2, adjacent 2i+3, 2i+5, 2i-2 */
   check_prims("triangle strip adjacency, 2", VGPU_VF_TRISTRIP_ADJ, 8, 0,
               (uint32_t[]){ 0, 1, 2, 6, 4, 3, 2, 5, 6, 7, 4, 0 }, 2);
   /* middle, odd (i = 1): vertices 2i, 2i+4, 2i+2, adjacent 2i+3, 2i+6,
    * 2i-2; last, even (i = 2): vertices 2i, 2i+2, 2i+4, adjacent 2i-2,
    * 2i+5, 2i+3 */
   check_prims("triangle strip adjacency, 3", VGPU_VF_TRISTRIP_ADJ, 11, 0,
               (uint32_t[]){ 0, 1, 2, 6, 4, 3, 2, 5, 6, 8, 4, 0, 4, 2, 6, 9, 8, 7 }, 3);
   check_prims("triangle strip adjacency, 5 vertices", VGPU_VF_TRISTRIP_ADJ, 5, 0, NULL, 0);
   check_prims("rect list", VGPU_VF_RECTLIST, 4, 0, (uint32_t[]){ 0, 1, 2 }, 1);
   /* PATCHLIST_4: patch i is 4i .. 4i+3 */
   check_prims("patch list 4", VGPU_VF_PATCHLIST_1 + 3, 9, 0,
               (uint32_t[]){ 0, 1, 2, 3, 4, 5, 6, 7 }, 2);
   check_prims("patch list 32", VGPU_VF_PATCHLIST_32, 32, 0,
               (uint32_t[]){ 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
                             20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31 }, 1);
   CHECK(vgpu_vf_topology_vertices(7) == 0, "QUADLIST is not assembled");
   check_prims("quad list", 7, 4, 0, NULL, 0);
}

/* A cut ends the strip, fan or list: the next vertex starts a new one,
 * with the strip's parity starting again. */
static void
test_restart(void)
{
   /* cut at 4: strips (0..3) and (5..8) */
   check_prims("strip restart", VGPU_VF_TRISTRIP, 9, 1u << 4,
               (uint32_t[]){ 0, 1, 2, 1, 3, 2, 5, 6, 7, 6, 8, 7 }, 4);
   /* cut at 4: fans centred on 0 and on 5 */
   check_prims("fan restart", VGPU_VF_TRIFAN, 9, 1u << 4,
               (uint32_t[]){ 0, 1, 2, 0, 2, 3, 5, 6, 7, 5, 7, 8 }, 4);
   /* cut at 3: loops (0, 1, 2) and (4, 5) */
   check_prims("line loop restart", VGPU_VF_LINELOOP, 6, 1u << 3,
               (uint32_t[]){ 0, 1, 1, 2, 2, 0, 4, 5, 5, 4 }, 5);
   check_prims("line strip restart", VGPU_VF_LINESTRIP, 5, 1u << 2, (uint32_t[]){ 0, 1, 3, 4 }, 2);
   /* cut at 2 drops the partial triangle (0, 1) */
   check_prims("list restart", VGPU_VF_TRILIST, 6, 1u << 2, (uint32_t[]){ 3, 4, 5 }, 1);
   /* cuts at 0 and at the end make no primitive of their own */
   check_prims("cuts at the ends", VGPU_VF_TRISTRIP, 5, 1u << 0 | 1u << 4,
               (uint32_t[]){ 1, 2, 3 }, 1);

   /* Room for fewer primitives than the draw makes: the count is still
    * the draw's, only the first are written. */
   struct vgpu_vf_vertex seq[5] = { 0 };
   uint32_t prims[4] = { 77, 77, 77, 77 };
   CHECK(vgpu_vf_assemble(VGPU_VF_LINESTRIP, seq, 5, prims, 1) == 4, "count beyond max");
   CHECK(prims[0] == 0 && prims[1] == 1 && prims[2] == 77, "only max written");

   /* From the index buffer: 16-bit indices with 0xffff cutting a strip. */
   const uint16_t idx[] = { 10, 11, 12, 0xffff, 20, 21, 22 };
   struct vgpu_vf_draw d = { .topology = VGPU_VF_TRISTRIP, .vertex_count = 7, .indexed = true,
                             .index_data = (const uint8_t *)idx, .index_size = sizeof(idx),
                             .index_bytes = 2, .cut_enable = true, .cut_index = 0xffff };
   struct vgpu_vf_vertex v[7];
   vgpu_vf_vertices(&d, v);
   uint32_t tri[6];
   CHECK(vgpu_vf_assemble(d.topology, v, 7, tri, 2) == 2, "indexed strip restart count");
   CHECK(v[tri[3]].index == 20 && v[tri[4]].index == 21 && v[tri[5]].index == 22 &&
         v[tri[0]].index == 10, "indexed strip restart vertices");
}

/* The checks the parser runs once per element. */
static void
test_element_errors(void)
{
   struct vgpu_vf_element e = { .format = ISL_FORMAT_R32G32B32A32_FLOAT,
                                .control = { SRC, SRC, SRC, SRC } };
   CHECK(!vgpu_vf_element_error(70, &e), "RGBA32F on Gen7");
   e.control[0] = NOST;
   CHECK(vgpu_vf_element_error(90, &e), "NOSTORE in component 0");
   e.control[0] = ZERO;
   CHECK(vgpu_vf_element_error(80, &e), "STORE_SRC after STORE_0 on Gen8");
   e = (struct vgpu_vf_element){ .format = ISL_FORMAT_R32G32_UINT,
                                 .control = { SRC, SRC, VGPU_VF_STORE_VID, VGPU_VF_STORE_IID } };
   CHECK(!vgpu_vf_element_error(75, &e), "STORE_VID/IID on Haswell");
   CHECK(vgpu_vf_element_error(80, &e), "STORE_VID/IID on Gen8");
   /* the hardware stores the primitive ID there: allowed, only not fetched yet */
   e.control[3] = VGPU_VF_STORE_PID;
   CHECK(!vgpu_vf_element_error(75, &e), "STORE_PID is a valid control");
   e = (struct vgpu_vf_element){ .format = ISL_FORMAT_R64_PASSTHRU,
                                 .control = { SRC, ZERO, NOST, NOST } };
   CHECK(vgpu_vf_element_error(70, &e), "PASSTHRU on Gen7");
   CHECK(!vgpu_vf_element_error(80, &e), "R64_PASSTHRU as 128 bits");
   e.control[1] = NOST;
   CHECK(vgpu_vf_element_error(80, &e), "R64_PASSTHRU as 64 bits");
   e.control[1] = ONE_FP;
   CHECK(vgpu_vf_element_error(80, &e), "PASSTHRU padded with 1.0");
   e = (struct vgpu_vf_element){ .format = ISL_FORMAT_R8G8B8A8_UNORM_SRGB, .control = { SRC } };
   CHECK(vgpu_vf_element_error(120, &e), "sRGB is not a vertex format");
}

/* The drivers' components for a vertex input of format l: the source's
 * channels, the rest 0 (alpha 1 in the format's type), 64-bit elements
 * padded to 128 or 256 bits with 0 (ANV's and hasvk's rule). */
static void
driver_controls(const struct isl_format_layout *l, uint8_t control[4])
{
   bool passthru = l->ch[ISL_R].type == ISL_RAW;
   bool integer = l->ch[ISL_R].type == ISL_UINT || l->ch[ISL_R].type == ISL_SINT;
   for (unsigned c = 0; c < 4; c++) {
      if (l->ch[c].bits)
         control[c] = SRC;
      else if (passthru)
         control[c] = c >= 2 && !l->ch[ISL_B].bits ? NOST : ZERO;
      else
         control[c] = c < 3 ? ZERO : integer ? ONE_INT : ONE_FP;
   }
}

/* Every Vulkan format the drivers fetch (isl's VkFormat table, the one
 * ANV and hasvk have) is fetched by vgpu on every generation that has it. */
static void
test_driver_formats(void)
{
   static const unsigned gens[] = { 70, 75, 80, 90, 110, 120 };
   const struct isl_vk_format *vk;
   unsigned checked = 0;
   for (unsigned i = 0; (vk = isl_vk_format_at(i)); i++) {
      const struct isl_format_layout *l = isl_format_layout(vk->format);
      for (size_t g = 0; l && g < COUNT(gens); g++) {
         if (!(isl_format_caps_verx10(gens[g], vk->format) & ISL_CAP_VERTEX))
            continue;
         struct vgpu_vf_element e = { .format = vk->format };
         driver_controls(l, e.control);
         const char *why = vgpu_vf_element_error(gens[g], &e);
         CHECK(!why, "%s on Gen %u: %s", l->name, gens[g], why);
         uint8_t zeros[32] = { 0 };
         struct vgpu_vf_attr a;
         CHECK(fetch_bytes(vk->format, zeros, sizeof(zeros), e.control, &a), "%s fetch", l->name);
         checked++;
      }
   }
   /* 556 pairs today (about 80 Vulkan vertex formats on Gen7, 95 from
    * Gen8): guards against a generation or the loop checking nothing */
   CHECK(checked > 500, "only %u format/generation pairs", checked);
}

int
main(void)
{
   test_conversions();
   test_passthru();
   test_controls();
   test_sgvs();
   test_instancing();
   test_bounds();
   test_indices();
   test_topologies();
   test_restart();
   test_element_errors();
   test_driver_formats();
   return isl_test_result("test_vf");
}

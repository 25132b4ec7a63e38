/* Sampler messages through the EU (src/vgpu/sampler/vgpu_sampler_msg.c):
 * hand-assembled sends on surfaces isl lays out and packs
 * (isl_surf_init, isl_fill_image_state), checking which payload
 * parameter is which per message type, generation and SIMD mode, the
 * header's channel mask and sampler state pointer, and the reply layout.
 *
 * Sampler message descriptor (PRM Vol 2d "Message Descriptor - Sampling
 * Engine"): BTI 7:0, sampler index 11:8, message type 16:12, SIMD mode
 * 18:17 (Gen8+: bit 29 above them), header 19, response length 24:20,
 * message length 28:25.
 *
 * The images hold R32G32B32A32_UINT texels that name their own place:
 * R = 0x1000 + x, G = 0x2000 + y, B = 0x3000 + layer, A = 0x4000 + LOD,
 * so an ld's expected reply follows from the coordinates it was given
 * whatever the filtering, and a parameter read from the wrong place
 * shows; the float copy (the same numbers as floats) does the same for
 * sample_l and gather4 with NEAREST filtering. */
#include "eu_rig.h"
#include "vgpu_sampler.h"

enum { MODE_SIMD4X2 = 0, MODE_SIMD8 = 1, MODE_SIMD16 = 2 };
/* Message types (PRM Vol 2d "Sampler Message Types"). */
enum { T_SAMPLE = 0, T_SAMPLE_L = 2, T_LD = 7, T_GATHER4 = 8, T_RESINFO = 10,
       T_SAMPLEINFO = 11, T_GATHER4_PO = 17, T_LD_LZ = 26, T_LD2DMS_W = 28, T_LD_MCS = 29,
       T_LD2DMS = 30, T_LD2DSS = 31 };

#define IMG_OFF 0x4000u

static const enum isa_gen gens[] = { ISA_GEN7, ISA_GEN75, ISA_GEN8, ISA_GEN9,
                                     ISA_GEN11, ISA_GEN12 };

static uint32_t
smp_desc(unsigned mlen, unsigned rlen, bool header, unsigned mode, unsigned type,
         unsigned sampler, unsigned bti)
{
   return mlen << 25 | rlen << 20 | (unsigned)header << 19 | (mode >> 2) << 29 |
          (mode & 3) << 17 | type << 12 | sampler << 8 | bti;
}

/* Appends a sampler send of exec channels from g<src> to g<dst>. */
static void
emit_sample(char *buf, size_t size, enum isa_gen gen, unsigned exec, unsigned dst,
            unsigned src, uint32_t desc)
{
   size_t len = strlen(buf);
   const char *group = exec == 16 ? "1H" : "1Q";
   if (gen >= ISA_GEN12)
      snprintf(buf + len, size - len,
               "send(%u) g%uUD g%uUD nullUD 0x%08x 0x00000000\n"
               "    sampler MsgDesc: m { align1 %s };\n", exec, dst, src, desc, group);
   else
      snprintf(buf + len, size - len,
               "send(%u) g%u<1>UW g%u<8,8,1>UD 0x%08x\n"
               "    sampler MsgDesc: m { align1 %s };\n", exec, dst, src, desc, group);
}

static void
finish(char *buf, size_t size, enum isa_gen gen)
{
   size_t len = strlen(buf);
   snprintf(buf + len, size - len, "%s", gen >= ISA_GEN12 ? RIG_EOT_GEN12 : RIG_EOT);
}

/* A header copied from R0 as Mesa builds it: M0.2 the offsets and channel
 * mask, M0.3 the sampler state pointer. */
static void
set_header(struct eu_rig *r, unsigned reg, uint32_t m2, uint32_t m3)
{
   for (unsigned i = 0; i < 8; i++)
      rig_set_ud(r, reg, i, i == 2 ? m2 : i == 3 ? m3 : 0);
}

/* An 8x4 R32G32B32A32_UINT 2D array of 2 layers and 2 LODs at IMG_OFF,
 * each texel naming its place, in entry bti; view from base_level. */
enum texels { TEXELS_UINT, TEXELS_FLOAT, TEXELS_DEPTH };

/* TEXELS_DEPTH: one R32_FLOAT channel, x + 10 y + 100 layer + 1000 LOD. */
static float
depth_value(uint32_t x, uint32_t y, uint32_t z, uint32_t l)
{
   return (float)(x + 10 * y + 100 * z + 1000 * l);
}

static bool
place_image_as(struct eu_rig *r, unsigned bti, unsigned base_level, enum texels texels,
               struct isl_surf *surf)
{
   unsigned verx10 = rig_verx10(r->gen);
   bool flt = texels == TEXELS_FLOAT;
   enum isl_format format = texels == TEXELS_DEPTH ? ISL_FORMAT_R32_FLOAT :
                            flt ? ISL_FORMAT_R32G32B32A32_FLOAT : ISL_FORMAT_R32G32B32A32_UINT;
   struct isl_surf_info info = {
      .dim = ISL_SURF_DIM_2D, .format = format,
      .width = 8, .height = 4, .depth = 1, .levels = 2, .array_len = 2,
      .usage = ISL_USAGE_SAMPLED,
   };
   if (!isl_surf_init(verx10, &info, surf) || surf->size_B > RIG_MEM_SIZE - IMG_OFF) {
      CHECK(0, "%s: isl cannot lay out the test image", isa_gen_name(r->gen));
      return false;
   }
   for (uint32_t l = 0; l < 2; l++) {
      for (uint32_t z = 0; z < 2; z++) {
         for (uint32_t y = 0; y < isl_minify(4, l); y++) {
            for (uint32_t x = 0; x < isl_minify(8, l); x++) {
               uint32_t off = IMG_OFF + (uint32_t)isl_surf_texel_offset(surf, l, z, x, y);
               uint32_t t[4] = { 0x1000 + x, 0x2000 + y, 0x3000 + z, 0x4000 + l };
               float f[4] = { (float)x, (float)y, (float)z, (float)l };
               float d = depth_value(x, y, z, l);
               if (texels == TEXELS_DEPTH)
                  memcpy(&r->mem[off], &d, 4);
               else
                  memcpy(&r->mem[off], flt ? (const void *)f : (const void *)t, 16);
            }
         }
      }
   }
   struct isl_view view = {
      .format = format, .base_level = base_level,
      .levels = 2 - base_level, .base_layer = 0, .layers = 2,
      .usage = ISL_USAGE_SAMPLED, .swizzle = ISL_SWIZZLE_IDENTITY,
   };
   struct isl_image_state is = { .surf = surf, .view = &view,
                                 .address = RIG_MEM_BASE + IMG_OFF };
   uint32_t dw[16] = { 0 };
   if (!isl_fill_image_state(verx10, dw, &is)) {
      CHECK(0, "%s: isl cannot pack the test image's state", isa_gen_name(r->gen));
      return false;
   }
   rig_set_state(r, bti, dw, 16);
   r->surf[bti].base = RIG_MEM_BASE + IMG_OFF;
   return true;
}

static bool
place_image(struct eu_rig *r, unsigned bti, unsigned base_level, struct isl_surf *surf)
{
   return place_image_as(r, bti, base_level, TEXELS_UINT, surf);
}

/* SAMPLER_STATE (the same fields on Gen7-12, PRM Vol 2d "SAMPLER_STATE"):
 * DW0 bits 21:20 Mip Mode Filter 1 (NEAREST), Min/Mag Mode Filter 0
 * (NEAREST); DW1 bits 19:8 Max LOD 1.0 in U4.8, Min LOD 0, bits 3:1 the
 * Shadow Function; DW3 TCX 8:6, TCY 5:3, TCZ 2:0 = 2 (CLAMP).  Written as
 * sampler `index` of the table at offset `table` of the rig's memory
 * (Dynamic State Base is RIG_MEM_BASE), which becomes the dispatch's. */
static void
place_sampler(struct eu_rig *r, uint32_t table, unsigned index, unsigned shadow_function)
{
   uint32_t dw[4] = { 1u << 20, 0x100u << 8 | shadow_function << 1, 0,
                      2u << 6 | 2u << 3 | 2u };
   memcpy(&r->mem[table + 16 * index], dw, 16);
   r->sampler_state = table;
}

/* Channel c's texel: LOD c & 1, layer (c >> 1) & 1, x and y spread over
 * the LOD (8x4 at LOD 0, 4x2 at LOD 1). */
static void
ld_coords(unsigned c, uint32_t xyzl[4])
{
   xyzl[3] = c & 1;
   xyzl[2] = (c >> 1) & 1;
   xyzl[0] = (c * 5) % (8u >> xyzl[3]);
   xyzl[1] = (c * 3) % (4u >> xyzl[3]);
}

/* ld, SIMD8 and SIMD16, each with and without a header: parameters u,
 * lod, v, r on Gen7-8 and u, v, lod, r on Gen9+ (PRM "ld" payload; Mesa
 * lower_sampler_logical_send_gfx7).  The headed one disables G (M0.2 bit
 * 13), so R, B, A come back in three register groups. */
static void
test_ld(enum isa_gen gen, unsigned simd, bool header)
{
   struct eu_rig *r = rig_create(gen);
   unsigned regs = simd / 8, h = header ? 1 : 0;
   unsigned ncomp = header ? 3 : 4;
   char k[2048] = "";
   emit_sample(k, sizeof(k), gen, simd, 40, 2,
               smp_desc(h + 4 * regs, ncomp * regs, header,
                        simd == 16 ? MODE_SIMD16 : MODE_SIMD8, T_LD, 0, 1));
   finish(k, sizeof(k), gen);
   uint32_t live = simd == 16 ? 0xbfffu : 0xbfu;   /* channel 6 not dispatched */
   struct isl_surf surf;
   if (!rig_load(r, k, live) || !place_image(r, 1, 0, &surf)) {
      rig_destroy(r);
      return;
   }
   if (header)
      set_header(r, 2, 0x2u << 12, 0);
   /* The parameter slots in the generation's order. */
   static const unsigned order78[4] = { 0, 3, 1, 2 };   /* u lod v r */
   static const unsigned order9[4] = { 0, 1, 3, 2 };    /* u v lod r */
   const unsigned *order = gen >= ISA_GEN9 ? order9 : order78;
   for (unsigned c = 0; c < simd; c++) {
      uint32_t xyzl[4];
      ld_coords(c, xyzl);
      for (unsigned p = 0; p < 4; p++)
         rig_set_ud(r, 2 + h + p * regs + c / 8, c % 8, xyzl[order[p]]);
   }
   char what[64];
   snprintf(what, sizeof(what), "ld SIMD%u%s", simd, header ? " with header" : "");
   if (rig_exec(r)) {
      for (unsigned c = 0; c < simd; c++) {
         uint32_t xyzl[4];
         ld_coords(c, xyzl);
         uint32_t want[4] = { 0x1000 + xyzl[0], 0x2000 + xyzl[1], 0x3000 + xyzl[2],
                              0x4000 + xyzl[3] };
         unsigned slot = 0;
         for (unsigned k4 = 0; k4 < 4; k4++) {
            if (header && k4 == 1)
               continue;
            uint32_t got = rig_ud(r, 40 + slot * regs + c / 8, c % 8);
            uint32_t w = (live >> c) & 1 ? want[k4] : 0;
            CHECK(got == w, "%s %s channel %u component %u: 0x%x want 0x%x",
                  isa_gen_name(gen), what, c, k4, got, w);
            slot++;
         }
      }
   }
   rig_destroy(r);
}

/* ld_lz (Gen9+): u, v, r at LOD 0; the view starts at LOD 1 (Surface Min
 * LOD), so LOD 0 of the message is the image's LOD 1. */
static void
test_ld_lz(enum isa_gen gen)
{
   struct eu_rig *r = rig_create(gen);
   char k[2048] = "";
   emit_sample(k, sizeof(k), gen, 8, 40, 2, smp_desc(3, 4, false, MODE_SIMD8, T_LD_LZ, 0, 1));
   finish(k, sizeof(k), gen);
   struct isl_surf surf;
   if (!rig_load(r, k, 0xff) || !place_image(r, 1, 1, &surf)) {
      rig_destroy(r);
      return;
   }
   for (unsigned c = 0; c < 8; c++) {
      rig_set_ud(r, 2, c, c % 4);
      rig_set_ud(r, 3, c, (c / 4) % 2);
      rig_set_ud(r, 4, c, c & 1);
   }
   if (rig_exec(r)) {
      for (unsigned c = 0; c < 8; c++) {
         uint32_t want[4] = { 0x1000 + c % 4, 0x2000 + (c / 4) % 2, 0x3000 + (c & 1), 0x4001 };
         for (unsigned i = 0; i < 4; i++)
            CHECK(rig_ud(r, 40 + i, c) == want[i], "%s ld_lz channel %u [%u]: 0x%x want 0x%x",
                  isa_gen_name(gen), c, i, rig_ud(r, 40 + i, c), want[i]);
      }
   }
   rig_destroy(r);
}

/* Gen7 SIMD4x2 ld (the vec4 stages): one GRF with u, v, r, lod for slot 0
 * in DWords 0-3 and slot 1 in 4-7; the reply one GRF, R G B A of slot 0
 * then of slot 1.  Slot 1 not live keeps zeros. */
static void
test_ld_simd4x2(enum isa_gen gen, uint32_t live)
{
   struct eu_rig *r = rig_create(gen);
   char k[2048] = "";
   emit_sample(k, sizeof(k), gen, 8, 40, 2, smp_desc(1, 1, false, MODE_SIMD4X2, T_LD, 0, 1));
   finish(k, sizeof(k), gen);
   struct isl_surf surf;
   if (!rig_load(r, k, live) || !place_image(r, 1, 0, &surf)) {
      rig_destroy(r);
      return;
   }
   static const uint32_t p[2][4] = { { 5, 3, 1, 0 }, { 2, 1, 0, 1 } };   /* u v r lod */
   for (unsigned s = 0; s < 2; s++) {
      for (unsigned i = 0; i < 4; i++)
         rig_set_ud(r, 2, s * 4 + i, p[s][i]);
   }
   if (rig_exec(r)) {
      for (unsigned s = 0; s < 2; s++) {
         bool on = (live >> (4 * s)) & 0xf;
         uint32_t want[4] = { 0x1000 + p[s][0], 0x2000 + p[s][1], 0x3000 + p[s][2],
                              0x4000 + p[s][3] };
         for (unsigned i = 0; i < 4; i++)
            CHECK(rig_ud(r, 40, s * 4 + i) == (on ? want[i] : 0),
                  "%s SIMD4x2 ld slot %u [%u]: 0x%x", isa_gen_name(gen), s, i,
                  rig_ud(r, 40, s * 4 + i));
      }
   }
   rig_destroy(r);
}

/* sample_l, SIMD8 and SIMD16: lod, u, v, r (PRM "sample_l" payload)
 * with the float image, NEAREST filters and mip filter, sampler index 2.
 * Channel c asks texel (x, y) of layer z at LOD l (ld_coords) through
 * normalized coordinates at the texel's centre, (x + 0.5) / width of
 * the LOD; NEAREST gives exactly that texel: R = x, G = y, B = z, A = l. */
static void
test_sample_l(enum isa_gen gen, unsigned simd)
{
   struct eu_rig *r = rig_create(gen);
   unsigned regs = simd / 8;
   char k[2048] = "";
   emit_sample(k, sizeof(k), gen, simd, 40, 2,
               smp_desc(4 * regs, 4 * regs, false, simd == 16 ? MODE_SIMD16 : MODE_SIMD8,
                        T_SAMPLE_L, 2, 1));
   finish(k, sizeof(k), gen);
   struct isl_surf surf;
   if (!rig_load(r, k, simd == 16 ? 0xffffu : 0xffu) || !place_image_as(r, 1, 0, TEXELS_FLOAT, &surf)) {
      rig_destroy(r);
      return;
   }
   place_sampler(r, 0x200, 2, 0);
   for (unsigned c = 0; c < simd; c++) {
      uint32_t xyzl[4];
      ld_coords(c, xyzl);
      float p[4] = { (float)xyzl[3], (xyzl[0] + 0.5f) / (float)(8u >> xyzl[3]),
                     (xyzl[1] + 0.5f) / (float)(4u >> xyzl[3]), (float)xyzl[2] };
      for (unsigned i = 0; i < 4; i++)
         rig_set_f(r, 2 + i * regs + c / 8, c % 8, p[i]);
   }
   if (rig_exec(r)) {
      for (unsigned c = 0; c < simd; c++) {
         uint32_t xyzl[4];
         ld_coords(c, xyzl);
         for (unsigned i = 0; i < 4; i++) {
            float got = rig_f(r, 40 + i * regs + c / 8, c % 8);
            CHECK(got == (float)xyzl[i], "%s sample_l SIMD%u channel %u [%u]: %g want %u",
                  isa_gen_name(gen), simd, c, i, got, xyzl[i]);
         }
      }
   }
   rig_destroy(r);
}

/* Gen7 SIMD4x2 sample_l (the vec4 stages' texture fetch): u, v, r, ai in
 * the first GRF's slot, the LOD in the second's .x. */
static void
test_sample_l_simd4x2(enum isa_gen gen)
{
   struct eu_rig *r = rig_create(gen);
   char k[2048] = "";
   emit_sample(k, sizeof(k), gen, 8, 40, 2, smp_desc(2, 1, false, MODE_SIMD4X2, T_SAMPLE_L, 0, 1));
   finish(k, sizeof(k), gen);
   struct isl_surf surf;
   if (!rig_load(r, k, 0xff) || !place_image_as(r, 1, 0, TEXELS_FLOAT, &surf)) {
      rig_destroy(r);
      return;
   }
   place_sampler(r, 0x200, 0, 0);
   /* slot 0: texel (5, 2) of layer 1 at LOD 0; slot 1: (3, 1) of layer 0
    * at LOD 1 (4x2) */
   static const float p[2][5] = { { 5.5f / 8, 2.5f / 4, 1, 0, 0 },
                                  { 3.5f / 4, 1.5f / 2, 0, 0, 1 } };
   static const float want[2][4] = { { 5, 2, 1, 0 }, { 3, 1, 0, 1 } };
   for (unsigned s = 0; s < 2; s++) {
      for (unsigned i = 0; i < 4; i++)
         rig_set_f(r, 2, s * 4 + i, p[s][i]);
      rig_set_f(r, 3, s * 4, p[s][4]);
   }
   if (rig_exec(r)) {
      for (unsigned s = 0; s < 2; s++) {
         for (unsigned i = 0; i < 4; i++)
            CHECK(rig_f(r, 40, s * 4 + i) == want[s][i], "%s SIMD4x2 sample_l slot %u [%u]: %g",
                  isa_gen_name(gen), s, i, rig_f(r, 40, s * 4 + i));
      }
   }
   rig_destroy(r);
}

/* gather4 (u, v, r, ai) and gather4_po (u, v, offu, offv, r), SIMD8.
 * Every channel points at the corner shared by texels x0, x0 + 1 and
 * y0, y0 + 1 of layer 1: u = (x0 + 1) / 8, v = (y0 + 1) / 4, so
 * i0 = floor(u * 8 - 0.5) = x0, j0 = y0, and the four components are the
 * texels (i0, j1), (i1, j1), (i1, j0), (i0, j0) (Vulkan "Texel Gathering",
 * which the hardware's gather4 order matches).  The header picks the
 * source channel (M0.2 bits 17:16) and, for gather4, a U offset of +1
 * (bits 11:8); gather4_po takes its offsets per channel instead. */
static void
test_gather4(enum isa_gen gen, bool po, unsigned channel)
{
   struct eu_rig *r = rig_create(gen);
   char k[2048] = "";
   unsigned nparams = po ? 5 : 3;
   emit_sample(k, sizeof(k), gen, 8, 40, 2,
               smp_desc(1 + nparams, 4, true, MODE_SIMD8, po ? T_GATHER4_PO : T_GATHER4, 0, 1));
   finish(k, sizeof(k), gen);
   struct isl_surf surf;
   if (!rig_load(r, k, 0xff) || !place_image_as(r, 1, 0, TEXELS_FLOAT, &surf)) {
      rig_destroy(r);
      return;
   }
   place_sampler(r, 0x200, 0, 0);
   int off_u = po ? 0 : 1;
   set_header(r, 2, channel << 16 | (uint32_t)(off_u & 0xf) << 8, 0x200);
   int x0[8], y0[8], du[8], dv[8];
   for (unsigned c = 0; c < 8; c++) {
      /* the footprint stays inside the 8x4 LOD whatever the offset */
      x0[c] = 1 + (int)(c % 5);
      y0[c] = (int)(c % 2);
      /* gather4_po: offsets -1..1 in U, 0..1 in V, in the low 6 bits */
      du[c] = po ? (int)(c % 3) - 1 : off_u;
      dv[c] = po ? (int)(c & 1) : 0;
      float u = (float)(x0[c] + 1) / 8.0f, v = (float)(y0[c] + 1) / 4.0f;
      if (po) {
         rig_set_f(r, 3, c, u);
         rig_set_f(r, 4, c, v);
         rig_set_ud(r, 5, c, (uint32_t)du[c] & 0x3f);
         rig_set_ud(r, 6, c, (uint32_t)dv[c] & 0x3f);
         rig_set_f(r, 7, c, 1.0f);
      } else {
         rig_set_f(r, 3, c, u);
         rig_set_f(r, 4, c, v);
         rig_set_f(r, 5, c, 1.0f);
      }
   }
   char what[64];
   snprintf(what, sizeof(what), "%s channel %u", po ? "gather4_po" : "gather4", channel);
   if (rig_exec(r)) {
      for (unsigned c = 0; c < 8; c++) {
         int i0 = x0[c] + du[c], j0 = y0[c] + dv[c];
         int tx[4] = { i0, i0 + 1, i0 + 1, i0 }, ty[4] = { j0 + 1, j0 + 1, j0, j0 };
         for (unsigned i = 0; i < 4; i++) {
            float want = channel == 0 ? (float)tx[i] : channel == 1 ? (float)ty[i] : 1.0f;
            CHECK(rig_f(r, 40 + i, c) == want, "%s %s lane %u [%u]: %g want %g",
                  isa_gen_name(gen), what, c, i, rig_f(r, 40 + i, c), want);
         }
      }
   }
   rig_destroy(r);
}

/* The sample family, SIMD8 and SIMD16, each message type's parameters
 * in the order the PRM's payload tables (and Mesa's
 * lower_sampler_logical_send_gfx7) give them; the optional trailing ones
 * (ai, Gen9's min LOD) are left out, so they take their default 0.
 *
 * Channel c is pixel i = c % 4 of subspan k = c / 4: the subspan covers
 * texels x0 .. x0 + 1, y0 .. y0 + 1 of LOD 0 (x0 = 2k mod 7, y0 = 2 (k mod
 * 2)) of layer (k >> 1) & 1, pixel i at texel (x0 + (i & 1), y0 + (i >> 1))
 * through the texel's centre, so the implicit LOD is log2(1) = 0.  The
 * messages then aim at LOD L = k & 1: bias L, lod L, or gradients of 2^L
 * texels in x and y (dudx = 2^L / 8, dvdy = 2^L / 4: LOD log2(2^L) = L);
 * the _lz and implicit ones stay at LOD 0.  With NEAREST filters and mip
 * filter the texel is (floor(u * (8 >> L)), floor(v * (4 >> L))) of LOD L.
 *
 * Compares use the R32_FLOAT image and PREFILTEROP_LEQUAL (4): the result
 * is 0 where texel <= ref, else 1, in every channel; the reference is the
 * texel's value - 0.5 on even channels (1) and + 0.5 on odd ones (0). */
enum role { R_U, R_V, R_R, R_LOD, R_BIAS, R_REF, R_DUDX, R_DUDY, R_DVDX, R_DVDY, R_DRDX,
            R_DRDY };
enum aim { AIM_ZERO, AIM_BIAS, AIM_LOD, AIM_GRAD };

struct sample_case {
   const char *name;
   unsigned type;
   unsigned min_gen;             /* enum isa_gen */
   enum aim aim;
   bool compare;
   unsigned n;
   uint8_t roles[10];
};

static const struct sample_case sample_cases[] = {
   { "sample", 0, ISA_GEN7, AIM_ZERO, false, 3, { R_U, R_V, R_R } },
   { "sample_b", 1, ISA_GEN7, AIM_BIAS, false, 4, { R_BIAS, R_U, R_V, R_R } },
   { "sample_l", 2, ISA_GEN7, AIM_LOD, false, 4, { R_LOD, R_U, R_V, R_R } },
   { "sample_c", 3, ISA_GEN7, AIM_ZERO, true, 4, { R_REF, R_U, R_V, R_R } },
   { "sample_d", 4, ISA_GEN7, AIM_GRAD, false, 7,
     { R_U, R_DUDX, R_DUDY, R_V, R_DVDX, R_DVDY, R_R } },
   { "sample_b_c", 5, ISA_GEN7, AIM_BIAS, true, 5, { R_REF, R_BIAS, R_U, R_V, R_R } },
   { "sample_l_c", 6, ISA_GEN7, AIM_LOD, true, 5, { R_REF, R_LOD, R_U, R_V, R_R } },
   { "sample_d_c", 20, ISA_GEN75, AIM_GRAD, true, 8,
     { R_REF, R_U, R_DUDX, R_DUDY, R_V, R_DVDX, R_DVDY, R_R } },
   { "sample_lz", 24, ISA_GEN9, AIM_ZERO, false, 3, { R_U, R_V, R_R } },
   { "sample_c_lz", 25, ISA_GEN9, AIM_ZERO, true, 4, { R_REF, R_U, R_V, R_R } },
};

struct sample_pick {
   uint32_t x0, y0, z, lod;      /* LOD-0 texel, layer, LOD aimed at */
   float u, v;
};

static struct sample_pick
sample_pick(const struct sample_case *sc, unsigned c)
{
   unsigned k = c / 4, i = c % 4;
   struct sample_pick p = {
      .x0 = (2 * k) % 7 + (i & 1), .y0 = 2 * (k % 2) + (i >> 1), .z = (k >> 1) & 1,
      .lod = sc->aim == AIM_ZERO ? 0 : k & 1,
   };
   p.u = ((float)p.x0 + 0.5f) / 8.0f;
   p.v = ((float)p.y0 + 0.5f) / 4.0f;
   return p;
}

static float
sample_param(const struct sample_case *sc, unsigned role, unsigned c)
{
   struct sample_pick p = sample_pick(sc, c);
   float grad = (float)(1u << p.lod);
   uint32_t tx = (uint32_t)(p.u * (float)(8u >> p.lod)), ty = (uint32_t)(p.v * (float)(4u >> p.lod));
   switch (role) {
   case R_U: return p.u;
   case R_V: return p.v;
   case R_R: return (float)p.z;
   case R_LOD: case R_BIAS: return (float)p.lod;
   case R_REF: return depth_value(tx, ty, p.z, p.lod) + (c % 2 ? 0.5f : -0.5f);
   case R_DUDX: return grad / 8.0f;
   case R_DVDY: return grad / 4.0f;
   default: return 0.0f;
   }
}

static void
test_sample_case(enum isa_gen gen, const struct sample_case *sc, unsigned simd)
{
   struct eu_rig *r = rig_create(gen);
   unsigned regs = simd / 8;
   char k[2048] = "";
   emit_sample(k, sizeof(k), gen, simd, 60, 2,
               smp_desc(sc->n * regs, 4 * regs, false, simd == 16 ? MODE_SIMD16 : MODE_SIMD8,
                        sc->type, 1, 1));
   finish(k, sizeof(k), gen);
   struct isl_surf surf;
   if (!rig_load(r, k, simd == 16 ? 0xffffu : 0xffu) ||
       !place_image_as(r, 1, 0, sc->compare ? TEXELS_DEPTH : TEXELS_FLOAT, &surf)) {
      rig_destroy(r);
      return;
   }
   place_sampler(r, 0x200, 1, sc->compare ? 4 : 0);
   for (unsigned c = 0; c < simd; c++) {
      for (unsigned i = 0; i < sc->n; i++)
         rig_set_f(r, 2 + i * regs + c / 8, c % 8, sample_param(sc, sc->roles[i], c));
   }
   if (rig_exec(r)) {
      for (unsigned c = 0; c < simd; c++) {
         struct sample_pick p = sample_pick(sc, c);
         uint32_t tx = (uint32_t)(p.u * (float)(8u >> p.lod));
         uint32_t ty = (uint32_t)(p.v * (float)(4u >> p.lod));
         float want[4] = { (float)tx, (float)ty, (float)p.z, (float)p.lod };
         if (sc->compare)
            want[0] = want[1] = want[2] = want[3] = c % 2 ? 0.0f : 1.0f;
         for (unsigned i = 0; i < 4; i++) {
            float got = rig_f(r, 60 + i * regs + c / 8, c % 8);
            CHECK(got == want[i], "%s %s SIMD%u channel %u [%u]: %g want %g", isa_gen_name(gen),
                  sc->name, simd, c, i, got, want[i]);
         }
      }
   }
   rig_destroy(r);
}

static void
test_sample_family(enum isa_gen gen)
{
   for (unsigned i = 0; i < sizeof(sample_cases) / sizeof(sample_cases[0]); i++) {
      const struct sample_case *sc = &sample_cases[i];
      if (gen < sc->min_gen)
         continue;
      test_sample_case(gen, sc, 8);
      /* Mesa splits sample_d into SIMD8 messages (its SIMD16 payload
       * would pass the message length limit). */
      if (sc->aim != AIM_GRAD)
         test_sample_case(gen, sc, 16);
   }
}

/* sample_l SIMD16 with a header: texel offsets U = +1 (M0.2 bits 11:8)
 * and V = -1 (bits 7:4, two's complement 0xf), B and A disabled (bits
 * 15:14), so R and G come back in two register pairs; sampler index 18
 * the way Mesa reaches it, descriptor index 18 & 15 = 2 and M0.3 moved on
 * by (18 & 0xf0) * 16 bytes = 16 states.  The state there has Max LOD 1;
 * the one at index 2 of the unmoved table is all zeros (Max LOD 0, mip
 * filter NONE), which would give LOD 0 instead.  Channel c aims at the
 * centre of texel (c % 3, 1) of LOD 1 (4x2) in layer 0; the offsets move
 * it to (c % 3 + 1, 0): R = c % 3 + 1, G = 0. */
static void
test_sample_header(enum isa_gen gen)
{
   struct eu_rig *r = rig_create(gen);
   char k[2048] = "";
   emit_sample(k, sizeof(k), gen, 16, 60, 2,
               smp_desc(1 + 4 * 2, 2 * 2, true, MODE_SIMD16, T_SAMPLE_L, 2, 1));
   finish(k, sizeof(k), gen);
   struct isl_surf surf;
   if (!rig_load(r, k, 0xffff) || !place_image_as(r, 1, 0, TEXELS_FLOAT, &surf)) {
      rig_destroy(r);
      return;
   }
   memset(&r->mem[0x200], 0, 0x200);
   place_sampler(r, 0x200 + 16 * 16, 2, 0);
   r->sampler_state = 0x200;
   set_header(r, 2, 0xcu << 12 | 1u << 8 | 0xfu << 4, 0x200 + 16 * 16);
   for (unsigned c = 0; c < 16; c++) {
      float p[4] = { 1.0f, ((float)(c % 3) + 0.5f) / 4.0f, 1.5f / 2.0f, 0.0f };
      for (unsigned i = 0; i < 4; i++)
         rig_set_f(r, 3 + 2 * i + c / 8, c % 8, p[i]);
   }
   if (rig_exec(r)) {
      for (unsigned c = 0; c < 16; c++) {
         float want[2] = { (float)(c % 3 + 1), 0.0f };
         for (unsigned i = 0; i < 2; i++)
            CHECK(rig_f(r, 60 + 2 * i + c / 8, c % 8) == want[i],
                  "%s sample_l with header channel %u [%u]: %g want %g", isa_gen_name(gen), c,
                  i, rig_f(r, 60 + 2 * i + c / 8, c % 8), want[i]);
      }
   }
   rig_destroy(r);
}

/* Gen7 SIMD4x2 sample_d: u, v, r, ai, then dudx, dudy, dvdx, dvdy, then
 * drdx, drdy.  Slot 0 asks LOD 1 (gradients of 2 texels: dudx = 2 / 8,
 * dvdy = 2 / 4) at texel (1, 0) of LOD 1 (4x2) in layer 1, slot 1 LOD 0
 * (gradients of 1 texel) at texel (6, 3) of layer 0. */
static void
test_sample_d_simd4x2(enum isa_gen gen)
{
   struct eu_rig *r = rig_create(gen);
   char k[2048] = "";
   emit_sample(k, sizeof(k), gen, 8, 40, 2, smp_desc(3, 1, false, MODE_SIMD4X2, 4, 0, 1));
   finish(k, sizeof(k), gen);
   struct isl_surf surf;
   if (!rig_load(r, k, 0xff) || !place_image_as(r, 1, 0, TEXELS_FLOAT, &surf)) {
      rig_destroy(r);
      return;
   }
   place_sampler(r, 0x200, 0, 0);
   static const float p[2][10] = {
      { 1.5f / 4, 0.5f / 2, 1, 0, 2.0f / 8, 0, 0, 2.0f / 4, 0, 0 },
      { 6.5f / 8, 3.5f / 4, 0, 0, 1.0f / 8, 0, 0, 1.0f / 4, 0, 0 },
   };
   static const float want[2][4] = { { 1, 0, 1, 1 }, { 6, 3, 0, 0 } };
   for (unsigned s = 0; s < 2; s++) {
      for (unsigned i = 0; i < 10; i++)
         rig_set_f(r, 2 + i / 4, s * 4 + i % 4, p[s][i]);
   }
   if (rig_exec(r)) {
      for (unsigned s = 0; s < 2; s++) {
         for (unsigned i = 0; i < 4; i++)
            CHECK(rig_f(r, 40, s * 4 + i) == want[s][i], "%s SIMD4x2 sample_d slot %u [%u]: %g",
                  isa_gen_name(gen), s, i, rig_f(r, 40, s * 4 + i));
      }
   }
   rig_destroy(r);
}

/* lod (u, v, r, ai), SIMD8: the subspans' pixels 4 texels apart in u and
 * v at LOD 0 give LOD log2(4) = 2, which the state's Max LOD clamps to 1:
 * R = 1 (clamped), G = 2 (computed), as floats. */
static void
test_lod(enum isa_gen gen)
{
   struct eu_rig *r = rig_create(gen);
   char k[2048] = "";
   emit_sample(k, sizeof(k), gen, 8, 40, 2, smp_desc(3, 4, false, MODE_SIMD8, 9, 0, 1));
   finish(k, sizeof(k), gen);
   struct isl_surf surf;
   if (!rig_load(r, k, 0xff) || !place_image_as(r, 1, 0, TEXELS_FLOAT, &surf)) {
      rig_destroy(r);
      return;
   }
   place_sampler(r, 0x200, 0, 0);
   for (unsigned c = 0; c < 8; c++) {
      unsigned i = c % 4;
      rig_set_f(r, 2, c, (0.5f + 4.0f * (float)(i & 1)) / 8.0f);
      rig_set_f(r, 3, c, (0.5f + 4.0f * (float)(i >> 1)) / 4.0f);
      rig_set_f(r, 4, c, 0.0f);
   }
   if (rig_exec(r)) {
      for (unsigned c = 0; c < 8; c++)
         CHECK(rig_f(r, 40, c) == 1.0f && rig_f(r, 41, c) == 2.0f,
               "%s lod channel %u: %g %g want 1 2", isa_gen_name(gen), c, rig_f(r, 40, c),
               rig_f(r, 41, c));
   }
   rig_destroy(r);
}

/* resinfo, SIMD16 with a header that disables B (M0.2 bit 14): R G A in
 * three register pairs.  The view starts at LOD 1 of a 13x9 image of 4
 * LODs (13x9, 6x4, 3x2, 1x1) and shows 3: LOD 0 of the message is 6x4,
 * 1 is 3x2, 2 is 1x1, 3 is beyond the MIP count (zeros); the MIP count
 * returned is 3.  A cube array of 2 cubes: 4x4, 1 LOD. */
static void
test_resinfo(enum isa_gen gen)
{
   struct eu_rig *r = rig_create(gen);
   unsigned verx10 = rig_verx10(gen);
   char k[2048] = "";
   emit_sample(k, sizeof(k), gen, 16, 40, 2,
               smp_desc(3, 6, true, MODE_SIMD16, T_RESINFO, 0, 1));
   emit_sample(k, sizeof(k), gen, 16, 50, 2,
               smp_desc(3, 6, true, MODE_SIMD16, T_RESINFO, 0, 2));
   finish(k, sizeof(k), gen);
   if (!rig_load(r, k, 0xffff))
      goto out;
   struct isl_surf surf, cube;
   struct isl_surf_info info = {
      .dim = ISL_SURF_DIM_2D, .format = ISL_FORMAT_R32G32B32A32_UINT,
      .width = 13, .height = 9, .depth = 1, .levels = 4, .array_len = 1,
      .usage = ISL_USAGE_SAMPLED,
   };
   struct isl_surf_info cinfo = {
      .dim = ISL_SURF_DIM_2D, .format = ISL_FORMAT_R32G32B32A32_UINT,
      .width = 4, .height = 4, .depth = 1, .levels = 1, .array_len = 12,
      .usage = ISL_USAGE_SAMPLED | ISL_USAGE_CUBE,
   };
   struct isl_view view = { .format = info.format, .base_level = 1, .levels = 3,
                            .layers = 1, .usage = ISL_USAGE_SAMPLED,
                            .swizzle = ISL_SWIZZLE_IDENTITY };
   struct isl_view cview = { .format = info.format, .levels = 1, .layers = 12,
                             .usage = ISL_USAGE_SAMPLED | ISL_USAGE_CUBE,
                             .swizzle = ISL_SWIZZLE_IDENTITY };
   uint32_t dw[16] = { 0 }, cdw[16] = { 0 };
   struct isl_image_state is = { &surf, &view, RIG_MEM_BASE + IMG_OFF, 0 };
   struct isl_image_state cis = { &cube, &cview, RIG_MEM_BASE + IMG_OFF, 0 };
   if (!isl_surf_init(verx10, &info, &surf) || !isl_surf_init(verx10, &cinfo, &cube) ||
       !isl_fill_image_state(verx10, dw, &is) || !isl_fill_image_state(verx10, cdw, &cis)) {
      CHECK(0, "%s: isl cannot make the resinfo surfaces", isa_gen_name(gen));
      goto out;
   }
   rig_set_state(r, 1, dw, 16);
   rig_set_state(r, 2, cdw, 16);
   set_header(r, 2, 0x4u << 12, 0);
   for (unsigned c = 0; c < 16; c++)
      rig_set_ud(r, 3 + c / 8, c % 8, c % 4);
   if (!rig_exec(r))
      goto out;
   static const uint32_t want[4][3] = { { 6, 4, 3 }, { 3, 2, 3 }, { 1, 1, 3 }, { 0, 0, 0 } };
   for (unsigned c = 0; c < 16; c++) {
      for (unsigned i = 0; i < 3; i++) {
         uint32_t got = rig_ud(r, 40 + 2 * i + c / 8, c % 8);
         CHECK(got == want[c % 4][i], "%s resinfo LOD %u [%u]: %u want %u", isa_gen_name(gen),
               c % 4, i, got, want[c % 4][i]);
      }
      /* the cube array: 4x4, then (B disabled) the MIP count 1; LODs
       * beyond 0 zeros */
      bool lod0 = c % 4 == 0;
      CHECK(rig_ud(r, 50 + c / 8, c % 8) == (lod0 ? 4u : 0u) &&
            rig_ud(r, 52 + c / 8, c % 8) == (lod0 ? 4u : 0u) &&
            rig_ud(r, 54 + c / 8, c % 8) == (lod0 ? 1u : 0u),
            "%s resinfo cube array LOD %u: %u %u %u", isa_gen_name(gen), c % 4,
            rig_ud(r, 50 + c / 8, c % 8), rig_ud(r, 52 + c / 8, c % 8),
            rig_ud(r, 54 + c / 8, c % 8));
   }
out:
   rig_destroy(r);
}

/* The cube array's depth, with every component returned: its cubes,
 * Depth + 1 = 2 (Mesa 22.3 takes resinfo's depth as textureSize's layer
 * count of a cube array without dividing it; lavapipe's textureSize
 * agrees on hasvk's tex_cubearray programs). */
static void
test_resinfo_cube_depth(enum isa_gen gen)
{
   struct eu_rig *r = rig_create(gen);
   unsigned verx10 = rig_verx10(gen);
   char k[2048] = "";
   emit_sample(k, sizeof(k), gen, 8, 40, 2, smp_desc(1, 4, false, MODE_SIMD8, T_RESINFO, 0, 2));
   finish(k, sizeof(k), gen);
   struct isl_surf cube;
   struct isl_surf_info cinfo = {
      .dim = ISL_SURF_DIM_2D, .format = ISL_FORMAT_R32G32B32A32_UINT,
      .width = 4, .height = 4, .depth = 1, .levels = 1, .array_len = 12,
      .usage = ISL_USAGE_SAMPLED | ISL_USAGE_CUBE,
   };
   struct isl_view cview = { .format = cinfo.format, .levels = 1, .layers = 12,
                             .usage = ISL_USAGE_SAMPLED | ISL_USAGE_CUBE,
                             .swizzle = ISL_SWIZZLE_IDENTITY };
   struct isl_image_state cis = { &cube, &cview, RIG_MEM_BASE + IMG_OFF, 0 };
   uint32_t dw[16] = { 0 };
   if (!rig_load(r, k, 0x1) || !isl_surf_init(verx10, &cinfo, &cube) ||
       !isl_fill_image_state(verx10, dw, &cis)) {
      CHECK(0, "%s: cube array setup", isa_gen_name(gen));
      rig_destroy(r);
      return;
   }
   rig_set_state(r, 2, dw, 16);
   rig_set_ud(r, 2, 0, 0);
   if (rig_exec(r))
      CHECK(rig_ud(r, 42, 0) == 2, "%s resinfo cube array depth: %u want 2",
            isa_gen_name(gen), rig_ud(r, 42, 0));
   rig_destroy(r);
}

/* sampleinfo (header only): a single-sampled surface has 1 sample, in R
 * as an integer; a null surface 0; a 4x multisampled one 4 (it reads the
 * state only). */
static void
test_sampleinfo(enum isa_gen gen)
{
   struct eu_rig *r = rig_create(gen);
   unsigned verx10 = rig_verx10(gen);
   char k[2048] = "";
   emit_sample(k, sizeof(k), gen, 8, 40, 2, smp_desc(1, 4, true, MODE_SIMD8, T_SAMPLEINFO, 0, 1));
   emit_sample(k, sizeof(k), gen, 8, 50, 2, smp_desc(1, 4, true, MODE_SIMD8, T_SAMPLEINFO, 0, 3));
   emit_sample(k, sizeof(k), gen, 8, 60, 2, smp_desc(1, 4, true, MODE_SIMD8, T_SAMPLEINFO, 0, 2));
   finish(k, sizeof(k), gen);
   struct isl_surf surf, ms;
   uint32_t null_dw[16] = { 0 }, ms_dw[16] = { 0 };
   const struct isl_surf_info ms_info = {
      .dim = ISL_SURF_DIM_2D, .format = ISL_FORMAT_R8G8B8A8_UNORM, .width = 8, .height = 8,
      .depth = 1, .levels = 1, .array_len = 1, .samples = 4, .usage = ISL_USAGE_RENDER };
   const struct isl_view ms_view = {
      .format = ISL_FORMAT_R8G8B8A8_UNORM, .levels = 1, .layers = 1,
      .usage = ISL_USAGE_SAMPLED, .swizzle = ISL_SWIZZLE_IDENTITY };
   if (!rig_load(r, k, 0xff) || !place_image(r, 1, 0, &surf) ||
       !isl_fill_null_state(verx10, null_dw, 8, 8, 1) ||
       !isl_surf_init(verx10, &ms_info, &ms) ||
       !isl_fill_image_state(verx10, ms_dw, &(struct isl_image_state){
          .surf = &ms, .view = &ms_view, .address = 0x100000 })) {
      CHECK(false, "%s sampleinfo surfaces", isa_gen_name(gen));
      rig_destroy(r);
      return;
   }
   rig_set_state(r, 3, null_dw, 16);
   rig_set_state(r, 2, ms_dw, 16);
   set_header(r, 2, 0, 0);
   for (unsigned i = 0; i < 4; i++)
      rig_set_ud(r, 50 + i, 0, 0xdead);
   if (rig_exec(r)) {
      for (unsigned c = 0; c < 8; c++)
         CHECK(rig_ud(r, 40, c) == 1, "%s sampleinfo channel %u: %u", isa_gen_name(gen), c,
               rig_ud(r, 40, c));
      CHECK(rig_ud(r, 50, 0) == 0 && rig_ud(r, 53, 0) == 0, "%s sampleinfo of a null surface",
            isa_gen_name(gen));
      CHECK(rig_ud(r, 60, 0) == 4, "%s sampleinfo of a 4x surface: %u", isa_gen_name(gen),
            rig_ud(r, 60, 0));
   }
   rig_destroy(r);
}

/* A null surface answers ld with zeros, without reading anything. */
static void
test_null_surface(enum isa_gen gen)
{
   struct eu_rig *r = rig_create(gen);
   char k[2048] = "";
   emit_sample(k, sizeof(k), gen, 8, 40, 2, smp_desc(4, 4, false, MODE_SIMD8, T_LD, 0, 3));
   finish(k, sizeof(k), gen);
   uint32_t dw[16] = { 0 };
   if (!rig_load(r, k, 0xff) || !isl_fill_null_state(rig_verx10(gen), dw, 8, 8, 1)) {
      rig_destroy(r);
      return;
   }
   rig_set_state(r, 3, dw, 16);
   for (unsigned i = 0; i < 4; i++) {
      rig_set_ud(r, 2 + i, 0, 1);
      rig_set_ud(r, 40 + i, 0, 0xdead);
   }
   if (rig_exec(r)) {
      for (unsigned i = 0; i < 4; i++)
         CHECK(rig_ud(r, 40 + i, 0) == 0, "%s ld of a null surface [%u]: 0x%x",
               isa_gen_name(gen), i, rig_ud(r, 40 + i, 0));
   }
   rig_destroy(r);
}

/* Gen7's SIMD16 ld from an R32G32_UINT buffer with a header disabling R
 * (M0.2 bit 12): G, B (0, the format lacks it), A (1 for an integer
 * format without alpha) come back in three register pairs; an element
 * past the buffer reads zeros. */
static void
test_buffer_ld(enum isa_gen gen)
{
   struct eu_rig *r = rig_create(gen);
   char k[2048] = "";
   emit_sample(k, sizeof(k), gen, 16, 40, 2, smp_desc(3, 6, true, MODE_SIMD16, T_LD, 0, 0));
   finish(k, sizeof(k), gen);
   if (!rig_load(r, k, 0xffff)) {
      rig_destroy(r);
      return;
   }
   struct isl_buffer_state b = { .address = RIG_MEM_BASE + 0x800, .size_B = 12 * 8,
                                 .format = ISL_FORMAT_R32G32_UINT, .stride_B = 8,
                                 .swizzle = ISL_SWIZZLE_IDENTITY };
   uint32_t dw[16] = { 0 };
   if (!isl_fill_buffer_state(rig_verx10(gen), dw, &b)) {
      CHECK(0, "%s: buffer state", isa_gen_name(gen));
      rig_destroy(r);
      return;
   }
   rig_set_state(r, 0, dw, 16);
   for (unsigned i = 0; i < 12; i++) {
      rig_set_mem32(r, 0x800 + 8 * i, 0xa000 + i);
      rig_set_mem32(r, 0x804 + 8 * i, 0xb000 + i);
   }
   set_header(r, 2, 0x1u << 12, 0);
   for (unsigned c = 0; c < 16; c++)
      rig_set_ud(r, 3 + c / 8, c % 8, 15 - c);   /* elements 15..0: 15-12 beyond */
   if (rig_exec(r)) {
      for (unsigned c = 0; c < 16; c++) {
         bool in = 15 - c < 12;
         uint32_t want[3] = { in ? 0xb000 + 15 - c : 0, 0, in ? 1u : 0u };
         for (unsigned i = 0; i < 3; i++)
            CHECK(rig_ud(r, 40 + 2 * i + c / 8, c % 8) == want[i],
                  "%s buffer ld channel %u [%u]: 0x%x want 0x%x", isa_gen_name(gen), c, i,
                  rig_ud(r, 40 + 2 * i + c / 8, c % 8), want[i]);
      }
   }
   rig_destroy(r);
}

static void
expect_end(struct eu_rig *r, enum vgpu_eu_status want, const char *needle, const char *what)
{
   enum vgpu_eu_status st = rig_run(r);
   CHECK(st == want && (!needle || (r->t.why && strstr(r->t.why, needle))),
         "%s %s: status %d (%s)", isa_gen_name(r->gen), what, (int)st,
         r->t.why ? r->t.why : "");
}

/* A sample message reads SAMPLER_STATE at Dynamic State Base + the
 * dispatch's pointer (no header) or the header's M0.3: a pointer into no
 * memory faults at that address; the absent binding table entry faults;
 * a multisampled fetch from a single-sampled surface, Gen9's bindless
 * surfaces and the 16-bit payload are not modelled. */
static void
test_faults(enum isa_gen gen)
{
   struct eu_rig *r = rig_create(gen);
   char k[2048] = "";
   emit_sample(k, sizeof(k), gen, 8, 40, 2, smp_desc(2, 4, false, MODE_SIMD8, T_SAMPLE, 3, 1));
   finish(k, sizeof(k), gen);
   struct isl_surf surf;
   if (!rig_load(r, k, 0xff) || !place_image(r, 1, 0, &surf)) {
      rig_destroy(r);
      return;
   }
   r->sampler_state = 0x20000;
   expect_end(r, VGPU_EU_FAULT, "SAMPLER_STATE", "sample with an unmapped sampler state");
   /* sampler 3: 16 bytes each */
   CHECK(r->t.fault_addr == RIG_MEM_BASE + 0x20000 + 3 * 16, "%s fault address 0x%llx",
         isa_gen_name(gen), (unsigned long long)r->t.fault_addr);

   char k2[2048] = "";
   emit_sample(k2, sizeof(k2), gen, 8, 40, 2, smp_desc(3, 4, true, MODE_SIMD8, T_SAMPLE, 0, 1));
   finish(k2, sizeof(k2), gen);
   if (rig_load(r, k2, 0xff)) {
      r->sampler_state = 0;
      set_header(r, 2, 0, 0x40000);
      expect_end(r, VGPU_EU_FAULT, "SAMPLER_STATE", "sample with the header's unmapped pointer");
      CHECK(r->t.fault_addr == RIG_MEM_BASE + 0x40000, "%s header pointer fault 0x%llx",
            isa_gen_name(gen), (unsigned long long)r->t.fault_addr);
   }

   char k3[2048] = "";
   emit_sample(k3, sizeof(k3), gen, 8, 40, 2, smp_desc(4, 4, false, MODE_SIMD8, T_LD, 0, 2));
   finish(k3, sizeof(k3), gen);
   if (rig_load(r, k3, 0xff))
      expect_end(r, VGPU_EU_FAULT, "absent", "ld from an absent entry");

   char k4[2048] = "";
   emit_sample(k4, sizeof(k4), gen, 8, 40, 2, smp_desc(4, 4, false, MODE_SIMD8, T_LD2DMS, 0, 1));
   finish(k4, sizeof(k4), gen);
   if (rig_load(r, k4, 0xff))
      expect_end(r, VGPU_EU_UNSUPPORTED, "multisampled", "ld2dms");

   if (gen >= ISA_GEN9) {
      /* binding table index 252: the extended descriptor's surface handle */
      char k6[2048] = "";
      emit_sample(k6, sizeof(k6), gen, 8, 40, 2, smp_desc(4, 4, false, MODE_SIMD8, T_LD, 0, 252));
      finish(k6, sizeof(k6), gen);
      if (rig_load(r, k6, 0xff))
         expect_end(r, VGPU_EU_UNSUPPORTED, "bindless", "ld from a bindless surface");
   }
   if (gen >= ISA_GEN11) {
      /* SIMD8H: SIMD mode 5 */
      char k5[2048] = "";
      emit_sample(k5, sizeof(k5), gen, 8, 40, 2, smp_desc(4, 4, false, 5, T_LD, 0, 1));
      finish(k5, sizeof(k5), gen);
      if (rig_load(r, k5, 0xff))
         expect_end(r, VGPU_EU_UNSUPPORTED, "16-bit", "SIMD8H ld");
   }
   rig_destroy(r);
}

/* A buffer's RENDER_SURFACE_STATE at every binding table index. */
static uint32_t buffer_state_dw[16];
static const uint32_t *
buffer_state(void *user, unsigned bti)
{
   return buffer_state_dw;
}

/* What the UNDEF check may require of a payload: SIMD8 sample_l, all of
 * its GRFs; SIMD4x2 sample_l with a header, the header and then u, v, r,
 * ai of both slots (DWords 0-7) and the LOD in .x of each slot (DWords 0
 * and 4: bits 0x11); SIMD4x2 ld without a header, u, v, r, lod (from a
 * buffer u alone). */
static void
test_payload_used(void)
{
   uint8_t used[4];
   const struct vgpu_eu_env gen7 = { .gen = ISA_GEN7 }, gen75 = { .gen = ISA_GEN75 };
   struct isa_send_msg msg = { .msg = ISA_MSG_SAMPLER, .type = T_SAMPLE_L, .simd = 8 };
   CHECK(vgpu_sampler_payload_used(&gen7, &msg, used, 4) && used[0] == 0xff &&
         used[3] == 0xff, "SIMD8 sample_l payload: %x %x", used[0], used[3]);
   msg.simd = 4;
   msg.header = true;
   memset(used, 0xaa, sizeof(used));
   CHECK(vgpu_sampler_payload_used(&gen7, &msg, used, 3) && used[0] == 0xff &&
         used[1] == 0xff && used[2] == 0x11 && used[3] == 0xaa,
         "SIMD4x2 sample_l payload: %x %x %x %x", used[0], used[1], used[2], used[3]);
   msg.type = T_LD;
   msg.header = false;
   CHECK(vgpu_sampler_payload_used(&gen75, &msg, used, 1) && used[0] == 0xff,
         "SIMD4x2 ld payload: %x", used[0]);
   /* ld from a buffer reads u alone: .x of each slot (hasvk's pull
    * constant loads write nothing else) */
   const struct isl_buffer_state b = { .address = 0x10000, .size_B = 256,
                                       .format = ISL_FORMAT_R32G32B32A32_FLOAT,
                                       .stride_B = 16, .swizzle = ISL_SWIZZLE_IDENTITY };
   CHECK(isl_fill_buffer_state(75, buffer_state_dw, &b), "buffer state");
   const struct vgpu_eu_env gen75_buffer = { .gen = ISA_GEN75, .surface_state = buffer_state };
   CHECK(vgpu_sampler_payload_used(&gen75_buffer, &msg, used, 1) && used[0] == 0x11,
         "SIMD4x2 ld payload from a buffer: %x", used[0]);
   msg.type = T_SAMPLE;
   CHECK(!vgpu_sampler_payload_used(&gen7, &msg, used, 1),
         "SIMD4x2 sample (no layout Mesa sends) known");
}

/* Garbage must never crash or hang the sampler: every message type, SIMD
 * mode, header and length on every generation, with payloads of NaNs,
 * infinities, huge and negative values, straight into
 * vgpu_sampler_message (the sanitizer builds check the accesses).  Any
 * status will do; a thread that ends must have filled nothing outside
 * its reply. */
static void
test_garbage(enum isa_gen gen)
{
   struct eu_rig *r = rig_create(gen);
   struct isl_surf surf;
   if (!place_image_as(r, 1, 0, TEXELS_FLOAT, &surf)) {
      rig_destroy(r);
      return;
   }
   place_sampler(r, 0x200, 0, 0);
   struct vgpu_eu_env env = {
      .gen = gen, .user = r, .map = rig_map, .surface = rig_surface,
      .surface_state = rig_surface_state, .dynamic_state_base = RIG_MEM_BASE,
      .sampler_state = 0x200,
   };
   static const uint32_t values[] = { 0x7fc00000u, 0x7f800000u, 0xff800000u, 0x4f000000u,
                                      0xcf000000u, 0x80000000u, 0xffffffffu, 0x7fffffffu,
                                      0x3f000000u, 12345u };
   uint8_t payload[32 * 32], reply[33 * 32];
   unsigned seed = 1;
   for (unsigned type = 0; type < 32; type++) {
      for (unsigned mode = 0; mode < 8; mode++) {
         for (unsigned len = 0; len <= 15; len += 3) {
            for (unsigned i = 0; i < sizeof(payload) / 4; i++) {
               seed = seed * 1103515245u + 12345u;
               memcpy(&payload[4 * i], &values[(seed >> 16) % 10], 4);
            }
            struct isa_send_msg msg;
            uint32_t desc = smp_desc(len ? len : 1, 8, len % 2, mode, type, seed % 16, 1);
            isa_send_decode(gen, ISA_SFID_SAMPLER, desc, 0, &msg);
            memset(reply, 0, sizeof(reply));
            memset(&reply[32 * 32], 0x5a, 32);
            vgpu_eu_thread_init(&r->t, 0xffff);
            vgpu_sampler_message(&env, &r->t, &msg, payload, reply, 0xffff);
            bool intact = true;
            for (unsigned b = 0; b < 32; b++)
               intact = intact && reply[32 * 32 + b] == 0x5a;
            CHECK(intact, "%s garbage type %u mode %u: wrote past the reply", isa_gen_name(gen),
                  type, mode);
         }
      }
   }
   rig_destroy(r);
}

/* ---- multisampled fetches ----
 *
 * 8x4 images of 2 layers.  Colour images are R32G32B32A32_UINT MSS whose
 * texel in sample slice p of layer z names itself: 0x1000 + x, 0x2000 + y,
 * 0x3000 + z, 0x4000 + p (the slice: layer * samples + p, BDW PRM Vol 5
 * "Multisampled Surfaces", MSFMT_MSS), so a reply shows which plane the
 * sampler read.  Depth images are R32_FLOAT interleaved (MSFMT_DEPTH_STENCIL)
 * with x + 10 y + 100 z + 1000 s at the place the PRM's 4x IMS figure
 * gives sample s. */

enum { MS_IMG_OFF = 0x1000, MS_MCS_OFF = 0xa000, MS_CLEAR_OFF = 0xf000 };

struct ms_spec {
   uint32_t samples;
   bool mcs;              /* with an MCS */
   bool depth;            /* R32_FLOAT interleaved instead of colour MSS */
   bool clear_address;    /* Gen11: clear colour at Clear Value Address */
   bool swizzle;          /* channel selects A, R, ZERO, ONE (Haswell+) */
};

/* MCS test values (BDW PRM Vol 5 "Compressed Multisample Surfaces": b =
 * log2(samples) bits per sample, sample s's plane in bits [s*b, s*b+b);
 * all ones: cleared), with each sample's plane worked out by hand. */
struct mcs_case {
   uint64_t mcs;
   bool clear;
   uint8_t plane[16];
};

static const struct mcs_case mcs_cases_2x[4] = {
   { 0x2, false, { 0, 1 } },                 /* identity */
   { 0x0, false, { 0, 0 } },
   { 0x1, false, { 1, 0 } },
   { 0x3, true, { 0 } },
};
static const struct mcs_case mcs_cases_4x[4] = {
   { 0xe4, false, { 0, 1, 2, 3 } },          /* 11 10 01 00 */
   { 0x00, false, { 0, 0, 0, 0 } },
   { 0x4e, false, { 2, 3, 0, 1 } },          /* 01 00 11 10 */
   { 0xff, true, { 0 } },
};
static const struct mcs_case mcs_cases_8x[4] = {
   { 0xfac688, false, { 0, 1, 2, 3, 4, 5, 6, 7 } },
   { 0x0, false, { 0 } },
   { 0x53977, false, { 7, 6, 5, 4, 3, 2, 1, 0 } },   /* 000 001 010 ... 111 */
   { 0xffffffffu, true, { 0 } },
};
static const struct mcs_case mcs_cases_16x[4] = {
   { 0xfedcba9876543210ull, false, { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 } },
   { 0x0, false, { 0 } },
   { 0x0123456789abcdefull, false, { 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0 } },
   { ~0ull, true, { 0 } },
};

static const struct mcs_case *
mcs_cases(uint32_t samples)
{
   return samples == 2 ? mcs_cases_2x : samples == 4 ? mcs_cases_4x :
          samples == 8 ? mcs_cases_8x : mcs_cases_16x;
}

/* The value stored in the MCS surface at (x, y, z), for ld_mcs. */
static uint64_t
mcs_stored(uint32_t x, uint32_t y, uint32_t z)
{
   return 0x9e3779b97f4a7c15ull * (1 + x + 8 * y + 32 * z);
}

/* Where sample s of a 4x pixel sits in its 2x2 cell (PRM "Interleaved
 * Multisampled Surfaces" 4x figure: 0 1 / 2 3), and so on the surface:
 * pixel pairs take two cells side by side, X = (x & ~1) * 2 + cx * 2 +
 * (x & 1), the same for Y. */
static void
ims4_position(uint32_t s, uint32_t x, uint32_t y, uint32_t *px, uint32_t *py)
{
   static const uint8_t cx[4] = { 0, 1, 0, 1 }, cy[4] = { 0, 0, 1, 1 };
   *px = (x & ~1u) * 2 + cx[s] * 2 + (x & 1);
   *py = (y & ~1u) * 2 + cy[s] * 2 + (y & 1);
}

static float
ms_depth_value(uint32_t x, uint32_t y, uint32_t z, uint32_t s)
{
   return (float)(x + 10 * y + 100 * z + 1000 * s);
}

/* The clear colour the state carries: Gen7/8 one bit a channel (R, B, A
 * set), Gen9+ four dwords in the state or at the clear address. */
static const uint32_t clear_bits[4] = { 1, 0, 1, 1 };
static const uint32_t clear_inline[4] = { 0x11, 0x22, 0x33, 0x44 };
static const uint32_t clear_in_memory[4] = { 0x55, 0x66, 0x77, 0x88 };

static bool
uses_clear_address(enum isa_gen gen, const struct ms_spec *sp)
{
   return gen >= ISA_GEN12 || (gen == ISA_GEN11 && sp->clear_address);
}

static const uint32_t *
clear_want(enum isa_gen gen, const struct ms_spec *sp)
{
   if (gen <= ISA_GEN8)
      return clear_bits;
   return uses_clear_address(gen, sp) ? clear_in_memory : clear_inline;
}

static void
fill_ms_texels(struct eu_rig *r, const struct ms_spec *sp, const struct isl_surf *surf)
{
   for (uint32_t z = 0; z < 2; z++) {
      for (uint32_t p = 0; p < sp->samples; p++) {
         for (uint32_t y = 0; y < 4; y++) {
            for (uint32_t x = 0; x < 8; x++) {
               if (sp->depth) {
                  uint32_t px, py;
                  ims4_position(p, x, y, &px, &py);
                  float d = ms_depth_value(x, y, z, p);
                  memcpy(&r->mem[MS_IMG_OFF + isl_surf_texel_offset(surf, 0, z, px, py)], &d, 4);
                  continue;
               }
               uint32_t t[4] = { 0x1000 + x, 0x2000 + y, 0x3000 + z, 0x4000 + p };
               uint64_t off = isl_surf_texel_offset(surf, 0, z * sp->samples + p, x, y);
               memcpy(&r->mem[MS_IMG_OFF + off], t, 16);
            }
         }
      }
   }
}

static void
fill_mcs(struct eu_rig *r, const struct isl_surf *mcs)
{
   unsigned bytes = mcs->format == ISL_FORMAT_R8_UINT ? 1 :
                    mcs->format == ISL_FORMAT_R32_UINT ? 4 : 8;
   for (uint32_t z = 0; z < 2; z++) {
      for (uint32_t y = 0; y < 4; y++) {
         for (uint32_t x = 0; x < 8; x++) {
            uint64_t v = mcs_stored(x, y, z);
            memcpy(&r->mem[MS_MCS_OFF + isl_surf_texel_offset(mcs, 0, z, x, y)], &v, bytes);
         }
      }
   }
}

/* Lays out, fills and binds (entry bti) a multisampled image. */
static bool
place_ms(struct eu_rig *r, unsigned bti, const struct ms_spec *sp)
{
   unsigned verx10 = rig_verx10(r->gen);
   enum isl_format fmt = sp->depth ? ISL_FORMAT_R32_FLOAT : ISL_FORMAT_R32G32B32A32_UINT;
   struct isl_surf_info info = {
      .dim = ISL_SURF_DIM_2D, .format = fmt, .width = 8, .height = 4, .depth = 1,
      .levels = 1, .array_len = 2, .samples = sp->samples,
      .usage = ISL_USAGE_SAMPLED | (sp->depth ? ISL_USAGE_DEPTH : 0),
   };
   struct isl_surf surf, mcs;
   enum isl_msaa_layout layout = sp->depth ? ISL_MSAA_LAYOUT_INTERLEAVED : ISL_MSAA_LAYOUT_ARRAY;
   if (!isl_surf_init(verx10, &info, &surf) || surf.msaa_layout != layout ||
       surf.size_B > MS_MCS_OFF - MS_IMG_OFF ||
       (sp->mcs && (!isl_surf_init_mcs(&surf, &mcs) || mcs.size_B > MS_CLEAR_OFF - MS_MCS_OFF))) {
      CHECK(0, "%s: isl cannot lay out the %ux test image", isa_gen_name(r->gen), sp->samples);
      return false;
   }
   fill_ms_texels(r, sp, &surf);
   struct isl_view view = {
      .format = fmt, .levels = 1, .layers = 2, .usage = ISL_USAGE_SAMPLED,
      .swizzle = sp->swizzle ? (struct isl_swizzle){ ISL_SCS_ALPHA, ISL_SCS_RED, ISL_SCS_ZERO,
                                                     ISL_SCS_ONE }
                             : ISL_SWIZZLE_IDENTITY,
   };
   struct isl_image_state is = { .surf = &surf, .view = &view,
                                 .address = RIG_MEM_BASE + MS_IMG_OFF };
   if (sp->mcs) {
      fill_mcs(r, &mcs);
      memcpy(&r->mem[MS_CLEAR_OFF], clear_in_memory, 16);
      is.mcs_surf = &mcs;
      is.mcs_address = RIG_MEM_BASE + MS_MCS_OFF;
      memcpy(is.clear_color, r->gen <= ISA_GEN8 ? clear_bits : clear_inline, 16);
      is.use_clear_address = uses_clear_address(r->gen, sp);
      is.clear_address = RIG_MEM_BASE + MS_CLEAR_OFF;
   }
   uint32_t dw[16] = { 0 };
   if (!isl_fill_image_state(verx10, dw, &is)) {
      CHECK(0, "%s: isl cannot pack the %ux test image's state", isa_gen_name(r->gen),
            sp->samples);
      return false;
   }
   rig_set_state(r, bti, dw, 16);
   r->surf[bti].base = RIG_MEM_BASE + MS_IMG_OFF;
   return true;
}

/* The channel selects of the spec on a reply (ONE: 1, an integer format). */
static void
ms_select(const struct ms_spec *sp, uint32_t v[4])
{
   if (!sp->swizzle)
      return;
   uint32_t in[4] = { v[0], v[1], v[2], v[3] };
   v[0] = in[3];
   v[1] = in[0];
   v[2] = 0;
   v[3] = 1;
}

/* Channel c of the ld2dms tests: the MCS case c % 4, a sample index that
 * runs through the samples for each case, a pixel and layer. */
static void
ms_channel(unsigned c, uint32_t samples, uint32_t xyzs[4])
{
   xyzs[0] = (c * 3) % 8;
   xyzs[1] = c % 4;
   xyzs[2] = (c / 4) & 1;
   xyzs[3] = (c + c / 4) % samples;
}

/* ld2dms (Gen7-8: si, mcs, u, v, r) or ld2dms_w (Gen9+: si, mcsl, mcsh,
 * u, v, r), as Mesa lower_sampler_logical_send_gfx7 sends them, SIMD8 or
 * SIMD16, with a header disabling G or without.  Each channel carries
 * an MCS case: the sample's plane as the case names it, the clear colour
 * for the clear value; without an MCS the sample itself whatever the
 * payload's MCS says. */
static void
test_ld2dms(enum isa_gen gen, unsigned simd, bool header, const struct ms_spec *sp)
{
   struct eu_rig *r = rig_create(gen);
   bool wide = gen >= ISA_GEN9;
   unsigned regs = simd / 8, h = header ? 1 : 0, ncomp = header ? 3 : 4;
   unsigned nparam = wide ? 6 : 5;
   char k[2048] = "";
   emit_sample(k, sizeof(k), gen, simd, 40, 2,
               smp_desc(h + nparam * regs, ncomp * regs, header,
                        simd == 16 ? MODE_SIMD16 : MODE_SIMD8, wide ? T_LD2DMS_W : T_LD2DMS,
                        0, 1));
   finish(k, sizeof(k), gen);
   uint32_t live = simd == 16 ? 0xbfffu : 0xbfu;   /* channel 6 not dispatched */
   if (!rig_load(r, k, live) || !place_ms(r, 1, sp)) {
      rig_destroy(r);
      return;
   }
   if (header)
      set_header(r, 2, 0x2u << 12, 0);
   const struct mcs_case *cases = mcs_cases(sp->samples);
   for (unsigned c = 0; c < simd; c++) {
      uint32_t xyzs[4];
      ms_channel(c, sp->samples, xyzs);
      uint64_t mcs = cases[c % 4].mcs;
      uint32_t p[6] = { xyzs[3], (uint32_t)mcs, (uint32_t)(mcs >> 32), xyzs[0], xyzs[1],
                        xyzs[2] };
      const uint32_t *order = p;
      uint32_t narrow[5] = { p[0], p[1], p[3], p[4], p[5] };
      if (!wide)
         order = narrow;
      for (unsigned i = 0; i < nparam; i++)
         rig_set_ud(r, 2 + h + i * regs + c / 8, c % 8, order[i]);
   }
   char what[96];
   snprintf(what, sizeof(what), "%s %ux%s%s SIMD%u%s", wide ? "ld2dms_w" : "ld2dms",
            sp->samples, sp->mcs ? " MCS" : " no MCS", sp->swizzle ? " swizzled" : "", simd,
            header ? " with header" : "");
   if (rig_exec(r)) {
      for (unsigned c = 0; c < simd; c++) {
         uint32_t xyzs[4];
         ms_channel(c, sp->samples, xyzs);
         const struct mcs_case *mc = &cases[c % 4];
         uint32_t want[4];
         if (sp->mcs && mc->clear) {
            memcpy(want, clear_want(gen, sp), 16);
         } else {
            uint32_t plane = sp->mcs ? mc->plane[xyzs[3]] : xyzs[3];
            uint32_t t[4] = { 0x1000 + xyzs[0], 0x2000 + xyzs[1], 0x3000 + xyzs[2],
                              0x4000 + plane };
            memcpy(want, t, 16);
         }
         ms_select(sp, want);
         unsigned slot = 0;
         for (unsigned k4 = 0; k4 < 4; k4++) {
            if (header && k4 == 1)
               continue;
            uint32_t got = rig_ud(r, 40 + slot * regs + c / 8, c % 8);
            uint32_t w = (live >> c) & 1 ? want[k4] : 0;
            CHECK(got == w, "%s %s channel %u component %u: 0x%x want 0x%x",
                  isa_gen_name(gen), what, c, k4, got, w);
            slot++;
         }
      }
   }
   rig_destroy(r);
}

/* ld_mcs SIMD8 (u, v, r): the MCS element of the pixel, its low 32 bits
 * in R and high 32 in G (Mesa hands R, and G from Gen9, back as ld2dms's
 * MCS); 0 without an MCS and out of the surface (channel 7: x = 8). */
static void
test_ld_mcs(enum isa_gen gen, const struct ms_spec *sp)
{
   struct eu_rig *r = rig_create(gen);
   char k[2048] = "";
   emit_sample(k, sizeof(k), gen, 8, 40, 2, smp_desc(3, 4, false, MODE_SIMD8, T_LD_MCS, 0, 1));
   finish(k, sizeof(k), gen);
   if (!rig_load(r, k, 0xff) || !place_ms(r, 1, sp)) {
      rig_destroy(r);
      return;
   }
   for (unsigned c = 0; c < 8; c++) {
      rig_set_ud(r, 2, c, c == 7 ? 8 : (c * 5) % 8);
      rig_set_ud(r, 3, c, c % 4);
      rig_set_ud(r, 4, c, c & 1);
   }
   /* The element's size: 8 bits (2x, 4x), 32 (8x), 64 (16x). */
   uint64_t keep = sp->samples <= 4 ? 0xff : sp->samples == 8 ? 0xffffffffull : ~0ull;
   if (rig_exec(r)) {
      for (unsigned c = 0; c < 8; c++) {
         uint64_t v = c == 7 || !sp->mcs ? 0 : mcs_stored((c * 5) % 8, c % 4, c & 1) & keep;
         CHECK(rig_ud(r, 40, c) == (uint32_t)v && rig_ud(r, 41, c) == (uint32_t)(v >> 32),
               "%s ld_mcs %ux%s channel %u: 0x%x 0x%x want 0x%llx", isa_gen_name(gen),
               sp->samples, sp->mcs ? "" : " no MCS", c, rig_ud(r, 40, c), rig_ud(r, 41, c),
               (unsigned long long)v);
      }
   }
   rig_destroy(r);
}

/* Gen7's SIMD4x2 ld_mcs and ld2dms (hasvk's vertex stages,
 * brw_vec4_nir.cpp): u, v, r, lod in the first GRF, ld2dms's sample
 * index and MCS in .x and .y of the second; one reply GRF. */
static void
test_ms_simd4x2(enum isa_gen gen)
{
   struct eu_rig *r = rig_create(gen);
   char k[2048] = "";
   emit_sample(k, sizeof(k), gen, 8, 40, 2, smp_desc(1, 1, false, MODE_SIMD4X2, T_LD_MCS, 0, 1));
   emit_sample(k, sizeof(k), gen, 8, 41, 3, smp_desc(2, 1, false, MODE_SIMD4X2, T_LD2DMS, 0, 1));
   finish(k, sizeof(k), gen);
   const struct ms_spec sp = { .samples = 4, .mcs = true };
   if (!rig_load(r, k, 0xff) || !place_ms(r, 1, &sp)) {
      rig_destroy(r);
      return;
   }
   /* slot 0: pixel (5, 2) layer 1; slot 1: (3, 1) layer 0 */
   static const uint32_t px[2][3] = { { 5, 2, 1 }, { 3, 1, 0 } };
   for (unsigned s = 0; s < 2; s++) {
      for (unsigned i = 0; i < 3; i++) {
         rig_set_ud(r, 2, 4 * s + i, px[s][i]);
         rig_set_ud(r, 3, 4 * s + i, px[s][i]);
      }
      rig_set_ud(r, 2, 4 * s + 3, 0);
      rig_set_ud(r, 3, 4 * s + 3, 0);
   }
   /* ld2dms: slot 0 sample 1 of MCS 0x4e (plane 3), slot 1 sample 2 of
    * the clear value */
   rig_set_ud(r, 4, 0, 1);
   rig_set_ud(r, 4, 1, 0x4e);
   rig_set_ud(r, 4, 4, 2);
   rig_set_ud(r, 4, 5, 0xff);
   if (rig_exec(r)) {
      for (unsigned s = 0; s < 2; s++) {
         uint32_t m = (uint32_t)(mcs_stored(px[s][0], px[s][1], px[s][2]) & 0xff);
         CHECK(rig_ud(r, 40, 4 * s) == m && rig_ud(r, 40, 4 * s + 1) == 0,
               "%s SIMD4x2 ld_mcs slot %u: 0x%x want 0x%x", isa_gen_name(gen), s,
               rig_ud(r, 40, 4 * s), m);
      }
      const uint32_t want[8] = { 0x1005, 0x2002, 0x3001, 0x4003, 1, 0, 1, 1 };
      for (unsigned i = 0; i < 8; i++)
         CHECK(rig_ud(r, 41, i) == want[i], "%s SIMD4x2 ld2dms [%u]: 0x%x want 0x%x",
               isa_gen_name(gen), i, rig_ud(r, 41, i), want[i]);
   }
   rig_destroy(r);
}

/* A 4x interleaved R32_FLOAT depth image, which has no MCS: ld2dms
 * (Gen9+: ld2dms_w) with the MCS 0 that ld_mcs gives, and ld2dss, read
 * sample si of the pixel (R; G, B 0 and A 1.0 as R32_FLOAT reads).  Out
 * of range: sample 4 (channel 7), layer 2 (channel 5) read 0. */
static void
test_ms_depth(enum isa_gen gen)
{
   struct eu_rig *r = rig_create(gen);
   bool wide = gen >= ISA_GEN9;
   unsigned nparam = wide ? 6 : 5;
   char k[2048] = "";
   emit_sample(k, sizeof(k), gen, 8, 40, 2,
               smp_desc(nparam, 4, false, MODE_SIMD8, wide ? T_LD2DMS_W : T_LD2DMS, 0, 1));
   emit_sample(k, sizeof(k), gen, 8, 50, 20, smp_desc(4, 4, false, MODE_SIMD8, T_LD2DSS, 0, 1));
   finish(k, sizeof(k), gen);
   const struct ms_spec sp = { .samples = 4, .depth = true };
   if (!rig_load(r, k, 0xff) || !place_ms(r, 1, &sp)) {
      rig_destroy(r);
      return;
   }
   uint32_t xyzs[8][4];
   for (unsigned c = 0; c < 8; c++) {
      uint32_t v[4] = { (c * 5 + 1) % 8, (c * 3) % 4, c == 5 ? 2 : (c >> 1) & 1,
                        c == 7 ? 4 : c % 4 };
      memcpy(xyzs[c], v, 16);
      uint32_t p[6] = { v[3], 0, 0, v[0], v[1], v[2] };
      uint32_t narrow[5] = { v[3], 0, v[0], v[1], v[2] };
      for (unsigned i = 0; i < nparam; i++)
         rig_set_ud(r, 2 + i, c, wide ? p[i] : narrow[i]);
      uint32_t ss[4] = { v[3], v[0], v[1], v[2] };
      for (unsigned i = 0; i < 4; i++)
         rig_set_ud(r, 20 + i, c, ss[i]);
   }
   if (rig_exec(r)) {
      for (unsigned c = 0; c < 8; c++) {
         bool in = c != 5 && c != 7;
         float d = ms_depth_value(xyzs[c][0], xyzs[c][1], xyzs[c][2], xyzs[c][3]);
         uint32_t want[4] = { 0, 0, 0, in ? 0x3f800000u : 0 };
         if (in)
            memcpy(&want[0], &d, 4);
         for (unsigned i = 0; i < 4; i++) {
            CHECK(rig_ud(r, 40 + i, c) == want[i], "%s IMS %s channel %u [%u]: 0x%x want 0x%x",
                  isa_gen_name(gen), wide ? "ld2dms_w" : "ld2dms", c, i, rig_ud(r, 40 + i, c),
                  want[i]);
            CHECK(rig_ud(r, 50 + i, c) == want[i], "%s IMS ld2dss channel %u [%u]: 0x%x want 0x%x",
                  isa_gen_name(gen), c, i, rig_ud(r, 50 + i, c), want[i]);
         }
      }
   }
   rig_destroy(r);
}

/* resinfo of a multisampled 8x4 image of 2 layers: width, height, layers
 * and one LOD, as for a 2D array. */
static void
test_ms_resinfo(enum isa_gen gen)
{
   struct eu_rig *r = rig_create(gen);
   char k[2048] = "";
   emit_sample(k, sizeof(k), gen, 8, 40, 2, smp_desc(1, 4, false, MODE_SIMD8, T_RESINFO, 0, 1));
   finish(k, sizeof(k), gen);
   const struct ms_spec sp = { .samples = 4, .mcs = true };
   if (!rig_load(r, k, 0xff) || !place_ms(r, 1, &sp)) {
      rig_destroy(r);
      return;
   }
   for (unsigned c = 0; c < 8; c++)
      rig_set_ud(r, 2, c, 0);
   if (rig_exec(r)) {
      const uint32_t want[4] = { 8, 4, 2, 1 };
      for (unsigned i = 0; i < 4; i++)
         CHECK(rig_ud(r, 40 + i, 3) == want[i], "%s MS resinfo [%u]: %u want %u",
               isa_gen_name(gen), i, rig_ud(r, 40 + i, 3), want[i]);
   }
   rig_destroy(r);
}

/* What vgpu does not model on multisampled surfaces ends the thread as
 * such: a sample or ld message on one, header texel offsets on ld2dms,
 * and (Gen9+) ld2dms's 32-bit MCS on a 16x MCS surface. */
static void
test_ms_not_modelled(enum isa_gen gen)
{
   struct eu_rig *r = rig_create(gen);
   const struct ms_spec sp = { .samples = 4, .mcs = true };
   char k[2048] = "";
   emit_sample(k, sizeof(k), gen, 8, 40, 2, smp_desc(2, 4, false, MODE_SIMD8, T_SAMPLE, 0, 1));
   finish(k, sizeof(k), gen);
   if (!rig_load(r, k, 0xff) || !place_ms(r, 1, &sp)) {
      rig_destroy(r);
      return;
   }
   place_sampler(r, 0x200, 0, 0);
   expect_end(r, VGPU_EU_UNSUPPORTED, "multisampled", "sample on a 4x surface");
   char k2[2048] = "";
   emit_sample(k2, sizeof(k2), gen, 8, 40, 2, smp_desc(4, 4, false, MODE_SIMD8, T_LD, 0, 1));
   finish(k2, sizeof(k2), gen);
   if (rig_load(r, k2, 0xff))
      expect_end(r, VGPU_EU_UNSUPPORTED, "multisampled", "ld on a 4x surface");
   char k3[2048] = "";
   emit_sample(k3, sizeof(k3), gen, 8, 40, 2, smp_desc(6, 4, true, MODE_SIMD8, T_LD2DMS, 0, 1));
   finish(k3, sizeof(k3), gen);
   if (rig_load(r, k3, 0xff)) {
      set_header(r, 2, 0x1u << 8, 0);   /* U offset 1 */
      expect_end(r, VGPU_EU_UNSUPPORTED, "offsets", "ld2dms with texel offsets");
   }
   if (gen >= ISA_GEN9) {
      const struct ms_spec sp16 = { .samples = 16, .mcs = true };
      char k4[2048] = "";
      emit_sample(k4, sizeof(k4), gen, 8, 40, 2, smp_desc(5, 4, false, MODE_SIMD8, T_LD2DMS, 0, 2));
      finish(k4, sizeof(k4), gen);
      if (place_ms(r, 2, &sp16) && rig_load(r, k4, 0xff))
         expect_end(r, VGPU_EU_UNSUPPORTED, "16x", "ld2dms on a 16x MCS surface");
   }
   rig_destroy(r);
}

static void
test_ms(enum isa_gen gen)
{
   static const uint32_t counts[] = { 2, 4, 8, 16 };
   unsigned verx10 = rig_verx10(gen);
   for (unsigned i = 0; i < 4; i++) {
      uint32_t n = counts[i];
      if (!isl_sample_count_supported(verx10, n))
         continue;
      const struct ms_spec with = { .samples = n, .mcs = true };
      const struct ms_spec without = { .samples = n };
      /* ld2dms's one MCS dword cannot name 16 samples' planes */
      if (n < 16 || gen >= ISA_GEN9) {
         test_ld2dms(gen, 8, false, &with);
         test_ld2dms(gen, 16, true, &with);
         test_ld2dms(gen, 8, true, &without);
      }
      test_ld_mcs(gen, &with);
      test_ld_mcs(gen, &without);
   }
   const struct ms_spec four = { .samples = 4, .mcs = true };
   test_ld2dms(gen, 16, false, &four);
   if (gen >= ISA_GEN75) {
      const struct ms_spec swz = { .samples = 4, .mcs = true, .swizzle = true };
      test_ld2dms(gen, 8, false, &swz);
   }
   if (gen == ISA_GEN11) {
      const struct ms_spec addr = { .samples = 4, .mcs = true, .clear_address = true };
      test_ld2dms(gen, 8, false, &addr);
   }
   if (gen <= ISA_GEN75)
      test_ms_simd4x2(gen);
   test_ms_depth(gen);
   test_ms_resinfo(gen);
   test_ms_not_modelled(gen);
}

int
main(void)
{
   test_payload_used();
   for (unsigned i = 0; i < sizeof(gens) / sizeof(gens[0]); i++) {
      enum isa_gen gen = gens[i];
      test_ld(gen, 8, false);
      test_ld(gen, 16, false);
      test_ld(gen, 8, true);
      test_ld(gen, 16, true);
      if (gen >= ISA_GEN9)
         test_ld_lz(gen);
      if (gen <= ISA_GEN75) {
         test_ld_simd4x2(gen, 0xff);
         test_ld_simd4x2(gen, 0x0f);
      }
      test_sample_family(gen);
      test_sample_header(gen);
      test_lod(gen);
      if (gen <= ISA_GEN75)
         test_sample_d_simd4x2(gen);
      test_sample_l(gen, 8);
      test_sample_l(gen, 16);
      if (gen <= ISA_GEN75)
         test_sample_l_simd4x2(gen);
      for (unsigned ch = 0; ch < 3; ch++) {
         test_gather4(gen, false, ch);
         test_gather4(gen, true, ch);
      }
      test_resinfo(gen);
      test_resinfo_cube_depth(gen);
      test_sampleinfo(gen);
      test_null_surface(gen);
      test_buffer_ld(gen);
      test_faults(gen);
      test_garbage(gen);
      test_ms(gen);
   }
   return rig_result("test_sampler_msg");
}

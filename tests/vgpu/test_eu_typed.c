/* Typed surface messages, written in the assembler for every generation's
 * encoding (PRM Vol 2d "Message Descriptor - Data Port": typed surface
 * read 5, atomic 6, write 13; on Ivy Bridge through the render cache with
 * the slot group in control bit 5, from Haswell on data port 1 with MDC_SG3
 * in bits 5:4; Gen7-8 messages carry a header whose DWord 7 is the sample
 * mask).  Surfaces: linear, X- and Y-tiled 2D images, a 2D array with a
 * Minimum Array Element, a 1D array, a storage texel buffer; the sampler's
 * resinfo on each kind and a formatted ld_lz from a texel buffer.  Expected
 * memory and register contents are worked out by hand from the PRM's
 * layouts and the formats' definitions, never by running the interpreter. */
#include "eu_rig.h"

enum { SFID_RENDER = 5, SFID_DATA1 = 12 };
enum { MSG_READ = 5, MSG_ATOMIC = 6, MSG_WRITE = 13 };
enum { FMT_RGBA32_UINT = 0x002, FMT_RGBA16_FLOAT = 0x084, FMT_RGBA8_UNORM = 0x0c7,
       FMT_RGBA8_UINT = 0x0cb, FMT_R11G11B10_FLOAT = 0x0d3, FMT_R32_UINT = 0x0d7,
       FMT_R32_FLOAT = 0x0d8, FMT_R16_SINT = 0x10c, FMT_RAW = 0x1ff };

static const enum isa_gen gens[] = { ISA_GEN7, ISA_GEN75, ISA_GEN8, ISA_GEN9,
                                     ISA_GEN11, ISA_GEN12 };

static bool
has_header(enum isa_gen gen)
{
   return gen < ISA_GEN9;
}

/* Message control: channel mask (set bits disable) or atomic operation,
 * with the slot group of the generation's encoding. */
static unsigned
rw_ctrl(enum isa_gen gen, unsigned enabled, bool high)
{
   unsigned cmask = ~enabled & 0xf;
   if (gen == ISA_GEN7)
      return cmask | (unsigned)high << 5;
   return cmask | (high ? 2u : 1u) << 4;
}

/* Appends a typed message: addresses from g<addr> (after the header in
 * g<addr - 1> on Gen7-8), naddr of them, then ndata data registers, which
 * follow the addresses in the register file.  Gen7-8 send it all in one
 * payload, Gen9+ split it into addresses (src0) and data (src1). */
static void
emit_typed(char *buf, size_t size, enum isa_gen gen, unsigned dst,
           unsigned addr, unsigned naddr, unsigned ndata, unsigned rlen,
           unsigned type, unsigned ctrl, unsigned bti, const char *group)
{
   size_t len = strlen(buf);
   const char *sfid = gen == ISA_GEN7 ? "render" : "dp_data1";
   char dst_s[16], src1[16];
   snprintf(dst_s, sizeof(dst_s), dst ? "g%u" : "null", dst);
   snprintf(src1, sizeof(src1), ndata ? "g%u" : "null", addr + naddr);
   bool header = has_header(gen);
   uint32_t d = header ? rig_dp_desc(1 + naddr + ndata, rlen, true, type, ctrl, bti)
                       : rig_dp_desc(naddr, rlen, false, type, ctrl, bti);
   if (gen >= ISA_GEN12)
      snprintf(buf + len, size - len,
               "send(8) %sUD g%uUD %sUD 0x%08x 0x%08x\n    %s MsgDesc: m { align1 %s };\n",
               dst_s, addr, src1, d, ndata << 6, sfid, group);
   else if (!header && ndata)
      snprintf(buf + len, size - len,
               "sends(8) %sUD g%uUD %sUD 0x%08x 0x%08x\n    %s MsgDesc: m { align1 %s };\n",
               dst_s, addr, src1, d, ndata << 6, sfid, group);
   else
      snprintf(buf + len, size - len,
               "send(8) %s<1>UW g%u<8,8,1>UD 0x%08x\n    %s MsgDesc: m { align1 %s };\n",
               dst_s, header ? addr - 1 : addr, d, sfid, group);
}

static void
finish(char *buf, size_t size, enum isa_gen gen)
{
   size_t len = strlen(buf);
   snprintf(buf + len, size - len, "%s", gen >= ISA_GEN12 ? RIG_EOT_GEN12 : RIG_EOT);
}

/* The Gen7-8 header: every sample enabled unless mask says otherwise. */
static void
set_header(struct eu_rig *r, unsigned reg, uint32_t mask)
{
   for (unsigned i = 0; i < 8; i++)
      rig_set_ud(r, reg, i, i == 7 ? mask : 0);
}

/* A linear 4x3 R8G8B8A8_UINT image (pitch 16) at 0x1000: SIMD8 write of
 * RGBA at (c % 4, c / 4), channel 5 not dispatched, channel 6 at x = 4 and
 * 7 at y = 3 beyond the image; then a read of R and G from the same
 * places.  G = 0x100 + c and A = 0xffffffff saturate to 255. */
static void
test_rw_2d(enum isa_gen gen)
{
   struct eu_rig *r = rig_create(gen);
   const char *name = isa_gen_name(gen);
   char k[4096] = "";
   emit_typed(k, sizeof(k), gen, 0, 3, 2, 4, 0, MSG_WRITE, rw_ctrl(gen, 0xf, false), 1, "1Q");
   emit_typed(k, sizeof(k), gen, 20, 3, 2, 0, 2, MSG_READ, rw_ctrl(gen, 0x3, false), 1, "1Q");
   finish(k, sizeof(k), gen);
   if (!rig_load(r, k, 0xdf))
      return;
   rig_image(r, 1, 0x1000, VGPU_EU_SURF_2D, FMT_RGBA8_UINT, 4, 3, 1, 16, VGPU_EU_LINEAR, 0);
   memset(&r->mem[0x1000], 0xaa, 48);
   set_header(r, 2, 0xffff);
   static const uint32_t u[8] = { 0, 1, 2, 3, 0, 1, 4, 0 };
   static const uint32_t v[8] = { 0, 0, 0, 0, 1, 1, 0, 3 };
   for (unsigned c = 0; c < 8; c++) {
      rig_set_ud(r, 3, c, u[c]);
      rig_set_ud(r, 4, c, v[c]);
      rig_set_ud(r, 5, c, c + 1);
      rig_set_ud(r, 6, c, 0x100 + c);
      rig_set_ud(r, 7, c, 7);
      rig_set_ud(r, 8, c, 0xffffffffu);
   }
   if (!rig_exec(r))
      return;
   for (unsigned c = 0; c < 5; c++) {
      uint32_t off = 0x1000 + v[c] * 16 + u[c] * 4;
      uint32_t want = (c + 1) | 0xffu << 8 | 7u << 16 | 0xffu << 24;
      CHECK(rig_mem32(r, off) == want, "%s 2D write channel %u: 0x%08x want 0x%08x", name, c, rig_mem32(r, off), want);
      CHECK(rig_ud(r, 20, c) == c + 1 && rig_ud(r, 21, c) == 255,
            "%s 2D read channel %u: %u %u", name, c, rig_ud(r, 20, c), rig_ud(r, 21, c));
   }
   /* (1, 1) belongs to the undispatched channel 5: untouched. */
   CHECK(rig_mem32(r, 0x1000 + 16 + 4) == 0xaaaaaaaau, "%s 2D write by an undispatched channel", name);
   for (unsigned c = 6; c < 8; c++)
      CHECK(rig_ud(r, 20, c) == 0 && rig_ud(r, 21, c) == 0, "%s out-of-bounds read channel %u", name, c);
   /* Nothing beyond the image was written. */
   for (unsigned off = 0x1000 + 48; off < 0x1000 + 64; off += 4)
      CHECK(rig_mem32(r, off) == 0, "%s out-of-bounds write at 0x%x", name, off);
   rig_destroy(r);
}

/* The second slot group: a SIMD16 dispatch's channels 8-15 (2Q) write an
 * R32_UINT 8x2 image; on Gen7-8 the header's sample mask 0x0f00 leaves
 * only channels 8-11 of them. */
static void
test_slot_group(enum isa_gen gen)
{
   struct eu_rig *r = rig_create(gen);
   const char *name = isa_gen_name(gen);
   char k[2048] = "";
   emit_typed(k, sizeof(k), gen, 0, 3, 2, 1, 0, MSG_WRITE, rw_ctrl(gen, 0x1, true), 1, "2Q");
   finish(k, sizeof(k), gen);
   if (!rig_load(r, k, 0xffff))
      return;
   rig_image(r, 1, 0x2000, VGPU_EU_SURF_2D, FMT_R32_UINT, 8, 2, 1, 32, VGPU_EU_LINEAR, 0);
   set_header(r, 2, 0x0f00);
   for (unsigned c = 0; c < 8; c++) {
      rig_set_ud(r, 3, c, c);
      rig_set_ud(r, 4, c, 1);
      rig_set_ud(r, 5, c, 0x500 + c);
   }
   if (!rig_exec(r))
      return;
   for (unsigned c = 0; c < 8; c++) {
      bool on = !has_header(gen) || c < 4;
      uint32_t got = rig_mem32(r, 0x2000 + 32 + c * 4);
      CHECK(got == (on ? 0x500 + c : 0u), "%s slot group 1 channel %u: 0x%x", name, c + 8, got);
   }
   rig_destroy(r);
}

/* A 2D array of R32_UINT, 2x2 texels, 8-byte rows, slices 4 rows apart
 * (QPitch), Minimum Array Element 1 and 2 layers visible: (U, V, R) lands
 * at ((R + 1) * 4 + V) * 8 + U * 4; R = 2 is beyond the view.  Then a 1D
 * array (V is the layer) of the same memory. */
static void
test_arrays(enum isa_gen gen)
{
   struct eu_rig *r = rig_create(gen);
   const char *name = isa_gen_name(gen);
   char k[4096] = "";
   emit_typed(k, sizeof(k), gen, 0, 3, 3, 1, 0, MSG_WRITE, rw_ctrl(gen, 0x1, false), 1, "1Q");
   emit_typed(k, sizeof(k), gen, 30, 11, 2, 0, 1, MSG_READ, rw_ctrl(gen, 0x1, false), 2, "1Q");
   finish(k, sizeof(k), gen);
   if (!rig_load(r, k, 0xff))
      return;
   rig_image(r, 1, 0x3000, VGPU_EU_SURF_2D, FMT_R32_UINT, 2, 2, 2, 8, VGPU_EU_LINEAR, 4);
   r->surf[1].min_array_element = 1;
   /* The 1D array: 2 texels per layer, layers 4 rows of 8 bytes apart
    * (Gen9+ linear 1D: QPitch 8 texels along the row). */
   rig_image(r, 2, 0x3000, VGPU_EU_SURF_1D, FMT_R32_UINT, 2, 1, 3, 8, VGPU_EU_LINEAR,
             gen >= ISA_GEN9 ? 8 : 4);
   r->surf[2].slices_in_x = gen >= ISA_GEN9;
   set_header(r, 2, 0xffff);
   set_header(r, 10, 0xffff);
   static const uint32_t u[8] = { 0, 1, 0, 1, 1, 0, 2, 0 };
   static const uint32_t v[8] = { 0, 0, 1, 1, 1, 0, 0, 0 };
   static const uint32_t l[8] = { 0, 0, 0, 0, 1, 1, 0, 2 };
   for (unsigned c = 0; c < 8; c++) {
      rig_set_ud(r, 3, c, u[c]);
      rig_set_ud(r, 4, c, v[c]);
      rig_set_ud(r, 5, c, l[c]);
      rig_set_ud(r, 6, c, 0xa0 + c);
      /* 1D read: x = c % 2, layer = c / 2 (layer 3 is beyond the 3) */
      rig_set_ud(r, 11, c, c % 2);
      rig_set_ud(r, 12, c, c / 2);
   }
   if (!rig_exec(r))
      return;
   for (unsigned c = 0; c < 6; c++) {
      uint32_t off = 0x3000 + ((l[c] + 1) * 4 + v[c]) * 8 + u[c] * 4;
      CHECK(rig_mem32(r, off) == 0xa0 + c, "%s array write channel %u at 0x%x: 0x%x", name, c, off, rig_mem32(r, off));
   }
   /* Channel 6 (x = 2) and 7 (R = 2) are dropped: layer 3 stays empty. */
   for (unsigned off = 0x3000 + 3 * 32; off < 0x3000 + 4 * 32; off += 4)
      CHECK(rig_mem32(r, off) == 0, "%s out-of-bounds array write at 0x%x", name, off);
   /* 1D layer n starts 32 bytes after layer n - 1: layer 1 holds the 2D
    * array's layer 1 row 0 (channels 0 and 1), layer 2 its layer 2 row 0
    * (channel 5 at x = 0, nothing at x = 1); layer 3 is beyond. */
   static const uint32_t want1d[8] = { 0, 0, 0xa0, 0xa1, 0xa5, 0, 0, 0 };
   for (unsigned c = 0; c < 8; c++)
      CHECK(rig_ud(r, 30, c) == want1d[c], "%s 1D array read channel %u: 0x%x want 0x%x",
            name, c, rig_ud(r, 30, c), want1d[c]);
   rig_destroy(r);
}

/* Tiled R32_UINT images written by one message each.  Y: 256-byte pitch
 * (two 128-byte tiles per row of tiles), X: 1024-byte pitch (two 512-byte
 * tiles).  Offsets worked from the tile layouts (PRM Vol 5 "Tiling"). */
static void
test_tiled(enum isa_gen gen)
{
   struct eu_rig *r = rig_create(gen);
   const char *name = isa_gen_name(gen);
   char k[4096] = "";
   emit_typed(k, sizeof(k), gen, 0, 3, 2, 1, 0, MSG_WRITE, rw_ctrl(gen, 0x1, false), 1, "1Q");
   emit_typed(k, sizeof(k), gen, 0, 11, 2, 1, 0, MSG_WRITE, rw_ctrl(gen, 0x1, false), 2, "1Q");
   finish(k, sizeof(k), gen);
   if (!rig_load(r, k, 0x1f))
      return;
   rig_image(r, 1, 0x4000, VGPU_EU_SURF_2D, FMT_R32_UINT, 64, 40, 1, 256, VGPU_EU_TILE_Y, 0);
   rig_image(r, 2, 0x8000, VGPU_EU_SURF_2D, FMT_R32_UINT, 256, 16, 1, 1024, VGPU_EU_TILE_X, 0);
   set_header(r, 2, 0xffff);
   set_header(r, 10, 0xffff);
   /* Y: (x, y) -> tile ((y / 32) * 2 + x * 4 / 128) * 4096, then the
    * 16-byte column (x * 4 % 128 / 16) * 512, row (y % 32) * 16. */
   static const uint32_t yx[5] = { 0, 4, 33, 5, 63 }, yy[5] = { 0, 0, 1, 33, 39 };
   static const uint32_t yoff[5] = { 0, 512, 4096 + 16 + 4, 8192 + 512 + 16 + 4,
                                     12288 + 7 * 512 + 7 * 16 + 12 };
   /* X: tile ((y / 8) * 2 + x * 4 / 512) * 4096, then row (y % 8) * 512. */
   static const uint32_t xx[5] = { 0, 130, 1, 127, 200 }, xy[5] = { 0, 9, 7, 8, 15 };
   static const uint32_t xoff[5] = { 0, 12288 + 512 + 8, 7 * 512 + 4, 8192 + 508,
                                     12288 + 7 * 512 + 288 };
   for (unsigned c = 0; c < 5; c++) {
      rig_set_ud(r, 3, c, yx[c]);
      rig_set_ud(r, 4, c, yy[c]);
      rig_set_ud(r, 5, c, 0x100 + c);
      rig_set_ud(r, 11, c, xx[c]);
      rig_set_ud(r, 12, c, xy[c]);
      rig_set_ud(r, 13, c, 0x200 + c);
   }
   if (!rig_exec(r))
      return;
   for (unsigned c = 0; c < 5; c++) {
      CHECK(rig_mem32(r, 0x4000 + yoff[c]) == 0x100 + c, "%s Y-tiled (%u,%u) at +%u: 0x%x",
            name, yx[c], yy[c], yoff[c], rig_mem32(r, 0x4000 + yoff[c]));
      CHECK(rig_mem32(r, 0x8000 + xoff[c]) == 0x200 + c, "%s X-tiled (%u,%u) at +%u: 0x%x",
            name, xx[c], xy[c], xoff[c], rig_mem32(r, 0x8000 + xoff[c]));
   }
   rig_destroy(r);
}

/* Every typed atomic operation (MDC_AOP 1..15) with return on an R32_UINT
 * 8x15 image: row op - 1, channel c at x = c; channel 7 at x = 8 is beyond
 * the image: no write, 0 returned. */
static void
test_atomics(enum isa_gen gen)
{
   struct eu_rig *r = rig_create(gen);
   const char *name = isa_gen_name(gen);
   char k[16384] = "";
   for (unsigned op = 1; op <= 15; op++) {
      unsigned nsrc = op == 5 || op == 6 || op == 15 ? 0 : op == 14 ? 2 : 1;
      /* header g(5 op), addresses g(5 op + 1), g(5 op + 2), sources
       * g(5 op + 3), g(5 op + 4) */
      unsigned ctrl = op | 1u << 5;   /* low slot group, return data */
      emit_typed(k, sizeof(k), gen, 80 + op, 5 * op + 1, 2, nsrc, 1, MSG_ATOMIC, ctrl, 1, "1Q");
   }
   finish(k, sizeof(k), gen);
   if (!rig_load(r, k, 0xff))
      return;
   rig_image(r, 1, 0x2000, VGPU_EU_SURF_2D, FMT_R32_UINT, 7, 15, 1, 32, VGPU_EU_LINEAR, 0);
   static const int32_t init[8] = { 10, -5, 0, 7, 0x7fffffff, -1, 3, 100 };
   static const int32_t src0[8] = { 3, 6, -2, 7, 1, -1, 3, 99 };
   static const int32_t src1[8] = { 50, 51, 52, 53, 54, 55, 56, 57 };
   for (unsigned op = 1; op <= 15; op++) {
      set_header(r, 5 * op, 0xffff);
      for (unsigned c = 0; c < 8; c++) {
         rig_set_ud(r, 5 * op + 1, c, c);
         rig_set_ud(r, 5 * op + 2, c, op - 1);
         rig_set_mem32(r, 0x2000 + (op - 1) * 32 + c * 4, (uint32_t)init[c]);
      }
      /* Operations without sources leave the source registers unused;
       * fill them anyway so a wrong layout shows. */
      unsigned nsrc = op == 5 || op == 6 || op == 15 ? 0 : op == 14 ? 2 : 1;
      for (unsigned c = 0; c < 8 && nsrc; c++) {
         rig_set_ud(r, 5 * op + 3, c, (uint32_t)src0[c]);
         if (nsrc == 2)
            rig_set_ud(r, 5 * op + 4, c, (uint32_t)src1[c]);
      }
   }
   if (!rig_exec(r))
      return;
   for (unsigned op = 1; op <= 15; op++) {
      for (unsigned c = 0; c < 8; c++) {
         uint32_t m = (uint32_t)init[c];
         uint32_t want = rig_atomic_want(op, m, (uint32_t)src0[c], (uint32_t)src1[c]);
         uint32_t off = 0x2000 + (op - 1) * 32 + c * 4;
         if (c == 7) {
            CHECK(rig_mem32(r, off) == m && rig_ud(r, 80 + op, c) == 0,
                  "%s out-of-bounds atomic op %u", name, op);
            continue;
         }
         CHECK(rig_mem32(r, off) == want, "%s typed atomic op %u channel %u: 0x%x want 0x%x",
               name, op, c, rig_mem32(r, off), want);
         /* The old value comes back; pre-decrement returns the new one. */
         uint32_t ret = op == 15 ? want : m;
         CHECK(rig_ud(r, 80 + op, c) == ret, "%s typed atomic op %u channel %u returned 0x%x",
               name, op, c, rig_ud(r, 80 + op, c));
      }
   }
   rig_destroy(r);
}

/* Format conversions through the data port: RGBA8_UNORM and RGBA16_FLOAT
 * writes, an R11G11B10_FLOAT read, R16_SINT saturation, on a storage
 * texel buffer (typed messages on SURFTYPE_BUFFER: U is the element). */
static void
test_formats(enum isa_gen gen)
{
   struct eu_rig *r = rig_create(gen);
   const char *name = isa_gen_name(gen);
   char k[4096] = "";
   emit_typed(k, sizeof(k), gen, 0, 3, 1, 4, 0, MSG_WRITE, rw_ctrl(gen, 0xf, false), 0, "1Q");
   emit_typed(k, sizeof(k), gen, 0, 3, 1, 4, 0, MSG_WRITE, rw_ctrl(gen, 0xf, false), 1, "1Q");
   emit_typed(k, sizeof(k), gen, 20, 3, 1, 0, 4, MSG_READ, rw_ctrl(gen, 0xf, false), 2, "1Q");
   emit_typed(k, sizeof(k), gen, 0, 3, 1, 1, 0, MSG_WRITE, rw_ctrl(gen, 0x1, false), 3, "1Q");
   finish(k, sizeof(k), gen);
   if (!rig_load(r, k, 0x3))
      return;
   /* Two-element buffers: element c at c * pitch. */
   r->surf[0] = (struct vgpu_eu_surface){ .base = RIG_MEM_BASE + 0x100, .buffer = true,
      .type = VGPU_EU_SURF_BUFFER, .format = FMT_RGBA8_UNORM, .pitch = 4, .entries = 2 };
   r->surf[1] = (struct vgpu_eu_surface){ .base = RIG_MEM_BASE + 0x200, .buffer = true,
      .type = VGPU_EU_SURF_BUFFER, .format = FMT_RGBA16_FLOAT, .pitch = 8, .entries = 2 };
   r->surf[2] = (struct vgpu_eu_surface){ .base = RIG_MEM_BASE + 0x300, .buffer = true,
      .type = VGPU_EU_SURF_BUFFER, .format = FMT_R11G11B10_FLOAT, .pitch = 4, .entries = 2 };
   r->surf[3] = (struct vgpu_eu_surface){ .base = RIG_MEM_BASE + 0x400, .buffer = true,
      .type = VGPU_EU_SURF_BUFFER, .format = FMT_R16_SINT, .pitch = 2, .entries = 2 };
   set_header(r, 2, 0xffff);
   static const float data[2][4] = { { 0.5f, 1.5f, -0.25f, 0.00196078f },
                                     { 1.0f / 3.0f, 65504.0f, 0.0f, 1.0f } };
   for (unsigned c = 0; c < 2; c++) {
      rig_set_ud(r, 3, c, c);
      for (unsigned i = 0; i < 4; i++)
         rig_set_f(r, 4 + i, c, data[c][i]);
   }
   /* The R16_SINT write sends g4 as integers: 0.5f's bits 0x3f000000 and
    * 1/3's 0x3eaaaaab, both above 32767, saturate. */
   /* R11G11B10: element 0 R = 1.0 (exp 15, man 0), G = 0.5 (exp 14),
    * B = 2.0 (exp 16, 5-bit mantissa); element 1 R = 1.5, G = 0, B = 0. */
   rig_set_mem32(r, 0x300, 15u << 6 | (14u << 6) << 11 | (16u << 5) << 22);
   rig_set_mem32(r, 0x304, (15u << 6 | 32u));
   if (!rig_exec(r))
      return;
   /* UNORM8: 0.5 * 255 = 127.5 -> 128 (nearest even), 1.5 -> 255,
    * -0.25 -> 0, 0.00196078 * 255 = 0.49999 -> 0; 1/3 * 255 = 85,
    * 65504 -> 255, 0 -> 0, 1 -> 255. */
   CHECK(rig_mem32(r, 0x100) == 0x0000ff80u, "%s RGBA8_UNORM write 0: 0x%08x", name, rig_mem32(r, 0x100));
   CHECK(rig_mem32(r, 0x104) == 0xff00ff55u, "%s RGBA8_UNORM write 1: 0x%08x", name, rig_mem32(r, 0x104));
   /* FLOAT16: 0.5 = 0x3800, 1.5 = 0x3e00, -0.25 = 0xb400,
    * 0.00196078 = 2^-9 * 1.00392 -> 0x1804 (mantissa 1.0039 * 1024 = 1028
    * -> 4 units); 1/3 = 0x3555, 65504 = 0x7bff, 0 = 0, 1 = 0x3c00. */
   uint16_t h[8];
   memcpy(h, &r->mem[0x200], 16);
   static const uint16_t want_h[8] = { 0x3800, 0x3e00, 0xb400, 0x1804,
                                       0x3555, 0x7bff, 0x0000, 0x3c00 };
   for (unsigned i = 0; i < 8; i++)
      CHECK(h[i] == want_h[i], "%s RGBA16_FLOAT write %u: 0x%04x want 0x%04x", name, i, h[i], want_h[i]);
   CHECK(rig_f(r, 20, 0) == 1.0f && rig_f(r, 21, 0) == 0.5f && rig_f(r, 22, 0) == 2.0f &&
         rig_f(r, 23, 0) == 1.0f, "%s R11G11B10 read 0: %g %g %g %g", name,
         rig_f(r, 20, 0), rig_f(r, 21, 0), rig_f(r, 22, 0), rig_f(r, 23, 0));
   CHECK(rig_f(r, 20, 1) == 1.5f && rig_f(r, 21, 1) == 0.0f && rig_f(r, 22, 1) == 0.0f,
         "%s R11G11B10 read 1: %g", name, rig_f(r, 20, 1));
   int16_t s16[2];
   memcpy(s16, &r->mem[0x400], 4);
   CHECK(s16[0] == 32767 && s16[1] == 32767, "%s R16_SINT saturation: %d %d", name, s16[0], s16[1]);
   rig_destroy(r);
}

/* Four address parameters: the fourth is the LOD, and the one level vgpu
 * lays out is LOD 0, so LOD 1 lies beyond the surface and reads 0. */
static void
test_lod_parameter(enum isa_gen gen)
{
   struct eu_rig *r = rig_create(gen);
   char k[1024] = "";
   emit_typed(k, sizeof(k), gen, 20, 3, 4, 0, 1, MSG_READ, rw_ctrl(gen, 0x1, false), 1, "1Q");
   finish(k, sizeof(k), gen);
   if (!rig_load(r, k, 0x3))
      return;
   rig_image(r, 1, 0x1000, VGPU_EU_SURF_2D, FMT_R32_UINT, 4, 2, 2, 16, VGPU_EU_LINEAR, 2);
   set_header(r, 2, 0xffff);
   rig_set_mem32(r, 0x1000 + 2 * 16 + 4, 0x1234);   /* (1, 0) of layer 1 */
   for (unsigned c = 0; c < 2; c++) {
      rig_set_ud(r, 3, c, 1);
      rig_set_ud(r, 5, c, 1);
      rig_set_ud(r, 6, c, c);
   }
   if (!rig_exec(r))
      return;
   CHECK(rig_ud(r, 20, 0) == 0x1234 && rig_ud(r, 20, 1) == 0, "%s LOD parameter: 0x%x 0x%x",
         isa_gen_name(gen), rig_ud(r, 20, 0), rig_ud(r, 20, 1));
   rig_destroy(r);
}

/* A texel whose address no object maps is a page fault; a surface vgpu
 * cannot lay out (W tiling, a format it does not convert) is reported. */
static void
test_fault_and_unsupported(void)
{
   struct eu_rig *r = rig_create(ISA_GEN9);
   char k[1024] = "";
   emit_typed(k, sizeof(k), ISA_GEN9, 20, 3, 2, 0, 1, MSG_READ, rw_ctrl(ISA_GEN9, 0x1, false), 1, "1Q");
   finish(k, sizeof(k), ISA_GEN9);
   if (!rig_load(r, k, 0x1))
      return;
   /* Row 100 of a 1024-byte pitch lies 100 KB past the base, beyond the
    * rig's 64 KB. */
   rig_image(r, 1, 0x1000, VGPU_EU_SURF_2D, FMT_R32_UINT, 16, 200, 1, 1024, VGPU_EU_LINEAR, 0);
   rig_set_ud(r, 4, 0, 100);
   enum vgpu_eu_status st = rig_run(r);
   CHECK(st == VGPU_EU_FAULT && r->t.fault_addr == RIG_MEM_BASE + 0x1000 + 102400,
         "typed read of an unmapped texel: status %d addr 0x%llx", (int)st,
         (unsigned long long)r->t.fault_addr);

   vgpu_eu_thread_init(&r->t, 0x1);
   rig_image(r, 1, 0x1000, VGPU_EU_SURF_2D, FMT_RAW, 16, 2, 1, 64, VGPU_EU_LINEAR, 0);
   st = rig_run(r);
   CHECK(st == VGPU_EU_UNSUPPORTED && r->t.why, "typed read of a RAW surface: status %d", (int)st);

   vgpu_eu_thread_init(&r->t, 0x1);
   rig_image(r, 1, 0x1000, VGPU_EU_SURF_2D, FMT_R32_FLOAT, 16, 2, 1, 64, VGPU_EU_LINEAR, 0);
   r->surf[1].not_modelled = "W-tiled image surface";
   st = rig_run(r);
   CHECK(st == VGPU_EU_UNSUPPORTED && r->t.why && strstr(r->t.why, "W-tiled"),
         "typed read of a W-tiled surface: status %d", (int)st);

   vgpu_eu_thread_init(&r->t, 0x1);
   r->surf[1].base = 0;
   st = rig_run(r);
   CHECK(st == VGPU_EU_FAULT, "typed read of an absent binding table entry: status %d", (int)st);
   rig_destroy(r);
}

/* The sampler's resinfo (message type 10, SIMD8: bits 18:17 = 1) on each
 * kind of surface, LOD 0 and, beyond the one MIP level, LOD 1: width,
 * height, depth and MIP count as PRM Vol 2d "resinfo" returns them. */
static void
test_resinfo(enum isa_gen gen)
{
   struct eu_rig *r = rig_create(gen);
   const char *name = isa_gen_name(gen);
   char k[2048] = "";
   for (unsigned bti = 0; bti < 4; bti++) {
      size_t len = strlen(k);
      snprintf(k + len, sizeof(k) - len,
               "send(8) g%u<1>UW g2<8,8,1>UD 0x%08x\n    sampler MsgDesc: m { align1 1Q };\n",
               10 + 4 * bti, 1u << 25 | 4u << 20 | 1u << 17 | 10u << 12 | bti);
   }
   finish(k, sizeof(k), gen);
   if (!rig_load(r, k, 0x3))
      return;
   rig_image(r, 0, 0x1000, VGPU_EU_SURF_2D, FMT_R32_UINT, 13, 9, 6, 64, VGPU_EU_LINEAR, 12);
   rig_image(r, 1, 0x1000, VGPU_EU_SURF_3D, FMT_R32_UINT, 7, 5, 6, 32, VGPU_EU_LINEAR, 8);
   rig_image(r, 2, 0x1000, VGPU_EU_SURF_1D, FMT_R32_UINT, 100, 1, 4, 400, VGPU_EU_LINEAR, 4);
   rig_buffer(r, 3, 0x1000, 256);
   rig_set_ud(r, 2, 0, 0);
   rig_set_ud(r, 2, 1, 1);
   if (!rig_exec(r))
      return;
   static const uint32_t want[4][4] = { { 13, 9, 6, 1 }, { 7, 5, 6, 1 }, { 100, 4, 0, 1 },
                                        { 256, 0, 0, 0 } };
   for (unsigned bti = 0; bti < 4; bti++) {
      for (unsigned i = 0; i < 4; i++) {
         CHECK(rig_ud(r, 10 + 4 * bti + i, 0) == want[bti][i], "%s resinfo surface %u [%u]: %u want %u",
               name, bti, i, rig_ud(r, 10 + 4 * bti + i, 0), want[bti][i]);
         /* LOD 1 is beyond an image's one level; a buffer has no levels. */
         uint32_t lod1 = bti == 3 ? want[bti][i] : 0;
         CHECK(rig_ud(r, 10 + 4 * bti + i, 1) == lod1, "%s resinfo LOD 1 surface %u [%u]: %u",
               name, bti, i, rig_ud(r, 10 + 4 * bti + i, 1));
      }
   }
   rig_destroy(r);
}

/* A uniform texel buffer read through the sampler (Gen9's ld_lz, type
 * 26) in R8G8B8A8_UNORM: texel 0's bytes 0x00 0x80 0xff 0x33 read
 * (0, 128/255, 1, 51/255 = 0.2); element 5 is beyond the two: zeros. */
static void
test_sampler_format(void)
{
   struct eu_rig *r = rig_create(ISA_GEN9);
   char k[1024] = "";
   snprintf(k, sizeof(k),
            "send(8) g10<1>UW g2<8,8,1>UD 0x%08x\n    sampler MsgDesc: m { align1 1Q };\n%s",
            1u << 25 | 4u << 20 | 1u << 17 | 26u << 12 | 1u, RIG_EOT);
   if (!rig_load(r, k, 0x3))
      return;
   r->surf[1] = (struct vgpu_eu_surface){ .base = RIG_MEM_BASE + 0x100, .buffer = true,
      .type = VGPU_EU_SURF_BUFFER, .format = FMT_RGBA8_UNORM, .pitch = 4, .entries = 2 };
   rig_set_mem32(r, 0x100, 0x33ff8000u);
   rig_set_ud(r, 2, 0, 0);
   rig_set_ud(r, 2, 1, 5);
   if (!rig_exec(r))
      return;
   CHECK(rig_f(r, 10, 0) == 0.0f && rig_f(r, 11, 0) == (float)(128.0 / 255.0) &&
         rig_f(r, 12, 0) == 1.0f && rig_f(r, 13, 0) == 0.2f, "ld_lz RGBA8_UNORM: %g %g %g %g",
         rig_f(r, 10, 0), rig_f(r, 11, 0), rig_f(r, 12, 0), rig_f(r, 13, 0));
   for (unsigned i = 0; i < 4; i++)
      CHECK(rig_ud(r, 10 + i, 1) == 0, "ld_lz beyond the buffer [%u]: 0x%x", i, rig_ud(r, 10 + i, 1));
   rig_destroy(r);
}

int
main(void)
{
   for (unsigned i = 0; i < sizeof(gens) / sizeof(gens[0]); i++) {
      test_rw_2d(gens[i]);
      test_slot_group(gens[i]);
      test_arrays(gens[i]);
      test_tiled(gens[i]);
      test_atomics(gens[i]);
      test_formats(gens[i]);
   }
   test_lod_parameter(ISA_GEN8);
   test_lod_parameter(ISA_GEN12);
   test_resinfo(ISA_GEN7);
   test_resinfo(ISA_GEN9);
   test_sampler_format();
   test_fault_and_unsupported();
   return rig_result("test_eu_typed");
}

/* The EU interpreter's arithmetic, one kernel written in the assembler per
 * topic: regions and strides (Align1, Align16, three-source, indirect),
 * type conversions and saturation, every conditional modifier,
 * predication, logic/shift/bit operations, integer and float math.
 * Expected values are worked out by hand from the PRM's definitions. */
#include <math.h>

#include "eu_rig.h"

static void
fill_iota(struct eu_rig *r, unsigned reg, unsigned count, uint32_t base)
{
   for (unsigned i = 0; i < count; i++)
      rig_set_ud(r, reg + i / 8, i % 8, base + i);
}

static void
test_regions(void)
{
   struct eu_rig *r = rig_create(ISA_GEN9);
   const char *k =
      "add(8) g10<1>D g2<8,8,1>D g4.3<0,1,0>D { align1 1Q };\n"
      "mov(8) g11<1>UD g2<4,2,2>UD { align1 1Q };\n"
      "mov(8) g12<2>UW g2<8,8,1>UW { align1 1Q };\n"
      "add(16) g14<1>D g2<8,8,1>D 1D { align1 1H };\n"
      "mov(8) g16<1>UD g2.1<8,4,2>UD { align1 1Q };\n"
      "mov(8) a0<1>UW 0x0060UW { align1 WE_all 1Q };\n"
      "mov(8) g17<1>UD g[a0 32]<8,8,1>UD { align1 1Q };\n"
      RIG_EOT;
   fill_iota(r, 2, 16, 0);          /* g2 = 0..7, g3 = 8..15 */
   rig_set_ud(r, 4, 3, 100);
   fill_iota(r, 5, 8, 500);         /* g5 = 500..507 */
   memset(&r->t.regs[12 * 32], 0xaa, 32);
   rig_run_text(r, k, 0xffff);
   for (unsigned c = 0; c < 8; c++) {
      CHECK(rig_ud(r, 10, c) == 100 + c, "scalar region: g10.%u = %u", c, rig_ud(r, 10, c));
      /* <4;2,2>: rows of two elements two apart, rows four apart */
      CHECK(rig_ud(r, 11, c) == (c / 2) * 4 + (c % 2) * 2, "<4,2,2>: g11.%u = %u", c, rig_ud(r, 11, c));
      /* destination stride 2 words: the odd words keep their bytes */
      uint32_t word_src = (c % 2) ? 0 : c / 2;   /* UW c of g2 (dwords 0..3) */
      CHECK(rig_ud(r, 12, c) == (0xaaaa0000u | word_src), "dst <2>: g12.%u = 0x%x", c, rig_ud(r, 12, c));
      /* <8;4,2> from g2.1: 1,3,5,7 then 9,11,13,15 */
      CHECK(rig_ud(r, 16, c) == 1 + 2 * c, "<8,4,2>: g16.%u = %u", c, rig_ud(r, 16, c));
      /* a0.0 = 0x60 (g3) + 32 bytes = g4... g4 was zero except g4.3 */
      CHECK(rig_ud(r, 17, c) == (c == 3 ? 100u : 0u), "indirect: g17.%u = %u", c, rig_ud(r, 17, c));
   }
   for (unsigned c = 0; c < 16; c++)
      CHECK(rig_ud(r, 14 + c / 8, c % 8) == c + 1, "SIMD16 over two registers: %u", c);
   rig_destroy(r);
}

static void
test_align16(void)
{
   struct eu_rig *r = rig_create(ISA_GEN9);
   const char *k =
      "mov(8) g10<1>.xyF g2<4>.yxwzF { align16 1Q };\n"
      "mad(8) g11<1>F g2<4,4,1>F g4.0<0,1,0>F g3<4,4,1>.yzwxF { align16 1Q };\n"
      RIG_EOT;
   for (unsigned i = 0; i < 8; i++) {
      rig_set_f(r, 2, i, (float)i);
      rig_set_f(r, 3, i, (float)(10 * i));
      rig_set_f(r, 10, i, -1.0f);
   }
   rig_set_f(r, 4, 0, 2.0f);
   rig_run_text(r, k, 0xff);
   static const float want_mov[8] = { 1, 0, -1, -1, 5, 4, -1, -1 };
   for (unsigned c = 0; c < 8; c++) {
      CHECK(rig_f(r, 10, c) == want_mov[c], "align16 swizzle/writemask: g10.%u = %g", c, rig_f(r, 10, c));
      /* src0 + src1 * src2, src2 swizzled .yzwx within each group of four */
      unsigned swz = (c & ~3u) + ((c % 4) + 1) % 4;
      float want = (float)c + 2.0f * (float)(10 * swz);
      CHECK(rig_f(r, 11, c) == want, "align16 mad: g11.%u = %g want %g", c, rig_f(r, 11, c), want);
   }
   rig_destroy(r);
}

/* dp4/dph/dp3/dp2: each channel of a group of four gets the group's sum,
 * even when only one channel of the group is enabled (channel 4 here). */
static void
test_dot_products(enum isa_gen gen)
{
   struct eu_rig *r = rig_create(gen);
   const char *k =
      "dp4(8) g10<1>F g2<4>.xyzwF g3<4>.xyzwF { align16 1Q };\n"
      "dph(8) g11<1>F g2<4>.xyzwF g3<4>.xyzwF { align16 1Q };\n"
      "dp3(8) g12<1>.xyF g2<4>.xyzwF g3<4>.wzyxF { align16 1Q };\n"
      "dp2(8) g13<1>F -g2<4>.xyzwF g3<4>.xyzwF { align16 1Q };\n"
      RIG_EOT;
   for (unsigned i = 0; i < 8; i++) {
      rig_set_f(r, 2, i, (float)(i + 1));
      rig_set_f(r, 3, i, (float)(10 + i));
      for (unsigned d = 10; d <= 13; d++)
         rig_set_f(r, d, i, -1.0f);
   }
   rig_run_text(r, k, 0x1f);
   /* a = 1..4 | 5..8, b = 10..13 | 14..17; dp3 takes b reversed */
   static const char *const op[4] = { "dp4", "dph", "dp3", "dp2" };
   static const float want[4][8] = {
      { 120, 120, 120, 120, 408, -1, -1, -1 },
      { 81, 81, 81, 81, 289, -1, -1, -1 },
      { 70, 70, -1, -1, 286, -1, -1, -1 },
      { -32, -32, -32, -32, -160, -1, -1, -1 },
   };
   for (unsigned d = 0; d < 4; d++) {
      for (unsigned c = 0; c < 8; c++)
         CHECK(rig_f(r, 10 + d, c) == want[d][c], "gen %d %s: g%u.%u = %g want %g",
               (int)gen, op[d], 10 + d, c, rig_f(r, 10 + d, c), want[d][c]);
   }
   rig_destroy(r);
}

static void
test_conversions(void)
{
   struct eu_rig *r = rig_create(ISA_GEN9);
   const char *k =
      "mov(8) g10<1>D g2<8,8,1>F { align1 1Q };\n"
      "mov(8) g11<1>UD g2<8,8,1>F { align1 1Q };\n"
      "mov(8) g12<1>F g3<8,8,1>D { align1 1Q };\n"
      "mov(8) g13<1>D g4<8,8,1>W { align1 1Q };\n"
      "mov(8) g14<1>D g4<8,8,1>UW { align1 1Q };\n"
      "add.sat(8) g15<1>F g2<8,8,1>F 0x3f000000F { align1 1Q };\n"
      "add.sat(8) g16<1>D g3<8,8,1>D 0x7ffffff0D { align1 1Q };\n"
      "mov.sat(8) g17<1>UW g3<8,8,1>D { align1 1Q };\n"
      RIG_EOT;
   static const float fin[8] = { 1.75f, -1.75f, 3e9f, -3e9f, NAN, 0.25f, -0.0f, 65536.5f };
   static const int32_t din[8] = { 0, -1, 100, 0x7fffffff, -16777217, 7, 65536, -70000 };
   for (unsigned i = 0; i < 8; i++) {
      rig_set_f(r, 2, i, fin[i]);
      rig_set_ud(r, 3, i, (uint32_t)din[i]);
   }
   /* g4 as words: 0x8000, 0x7fff, 0xffff, 1, ... */
   static const uint16_t win[8] = { 0x8000, 0x7fff, 0xffff, 1, 0, 2, 0xfffe, 3 };
   memcpy(&r->t.regs[4 * 32], win, sizeof(win));
   rig_run_text(r, k, 0xff);
   /* float to int: toward zero, clamped, NaN 0 */
   static const int32_t want_d[8] = { 1, -1, INT32_MAX, INT32_MIN, 0, 0, 0, 65536 };
   static const uint32_t want_ud[8] = { 1, 0, 3000000000u, 0, 0, 0, 0, 65536 };
   /* int to float: round to nearest even (-16777217 -> -16777216) */
   static const float want_f[8] = { 0, -1, 100, 2147483648.0f, -16777216.0f, 7, 65536, -70000 };
   static const int32_t want_w[8] = { -32768, 32767, -1, 1, 0, 2, -2, 3 };
   static const int32_t want_uw[8] = { 32768, 32767, 65535, 1, 0, 2, 65534, 3 };
   /* .sat on float: [0, 1], NaN -> 0 */
   static const float want_sat[8] = { 1, 0, 1, 0, 0, 0.75f, 0.5f, 1 };
   for (unsigned c = 0; c < 8; c++) {
      CHECK((int32_t)rig_ud(r, 10, c) == want_d[c], "F->D %u: %d", c, (int32_t)rig_ud(r, 10, c));
      CHECK(rig_ud(r, 11, c) == want_ud[c], "F->UD %u: %u", c, rig_ud(r, 11, c));
      CHECK(rig_f(r, 12, c) == want_f[c], "D->F %u: %g", c, rig_f(r, 12, c));
      CHECK((int32_t)rig_ud(r, 13, c) == want_w[c], "W->D %u: %d", c, (int32_t)rig_ud(r, 13, c));
      CHECK((int32_t)rig_ud(r, 14, c) == want_uw[c], "UW->D %u: %d", c, (int32_t)rig_ud(r, 14, c));
      CHECK(rig_f(r, 15, c) == want_sat[c], "add.sat F %u: %g", c, rig_f(r, 15, c));
   }
   /* add.sat D: 0x7fffffff + 0x7ffffff0 clamps, -1 + ... does not */
   CHECK(rig_ud(r, 16, 3) == 0x7fffffffu, "add.sat D overflow: 0x%x", rig_ud(r, 16, 3));
   CHECK(rig_ud(r, 16, 1) == 0x7fffffefu, "add.sat D: 0x%x", rig_ud(r, 16, 1));
   /* mov.sat to UW clamps to [0, 65535]; the next word is untouched (0) */
   uint16_t w[8];
   memcpy(w, &r->t.regs[17 * 32], sizeof(w));
   CHECK(w[1] == 0 && w[2] == 100 && w[3] == 65535 && w[6] == 65535 && w[7] == 0,
         "mov.sat UW: %u %u %u %u %u", w[1], w[2], w[3], w[6], w[7]);
   rig_destroy(r);
}

/* Every conditional modifier on cmp (integer and float with NaN) and on
 * the result of an add. */
static void
test_cond_mods(void)
{
   struct eu_rig *r = rig_create(ISA_GEN9);
   const char *k =
      "cmp.z.f0.0(8) null<1>D g2<8,8,1>D g3<8,8,1>D { align1 1Q };\n"
      "cmp.nz.f0.1(8) null<1>D g2<8,8,1>D g3<8,8,1>D { align1 1Q };\n"
      "cmp.g.f1.0(8) null<1>D g2<8,8,1>D g3<8,8,1>D { align1 1Q };\n"
      "cmp.ge.f1.1(8) g10<1>D g2<8,8,1>D g3<8,8,1>D { align1 1Q };\n"
      "mov(1) g20<1>UD f0<0,1,0>UD { align1 WE_all 1N };\n"
      "mov(1) g20.1<1>UD f1<0,1,0>UD { align1 WE_all 1N };\n"
      "cmp.l.f0.0(8) null<1>D g2<8,8,1>D g3<8,8,1>D { align1 1Q };\n"
      "cmp.le.f0.1(8) null<1>UD g2<8,8,1>UD g3<8,8,1>UD { align1 1Q };\n"
      "cmp.nz.f1.0(8) null<1>F g4<8,8,1>F g5<8,8,1>F { align1 1Q };\n"
      "cmp.l.f1.1(8) null<1>F g4<8,8,1>F g5<8,8,1>F { align1 1Q };\n"
      "mov(1) g20.2<1>UD f0<0,1,0>UD { align1 WE_all 1N };\n"
      "mov(1) g20.3<1>UD f1<0,1,0>UD { align1 WE_all 1N };\n"
      "add.g.f0.0(8) g11<1>D g2<8,8,1>D g3<8,8,1>D { align1 1Q };\n"
      "add.le.f0.1(8) g12<1>D g2<8,8,1>D g3<8,8,1>D { align1 1Q };\n"
      "mov.u.f1.0(8) g13<1>F g4<8,8,1>F { align1 1Q };\n"
      "mul.o.f1.1(8) g14<1>F g6<8,8,1>F g6<8,8,1>F { align1 1Q };\n"
      "mov(1) g20.4<1>UD f0<0,1,0>UD { align1 WE_all 1N };\n"
      "mov(1) g20.5<1>UD f1<0,1,0>UD { align1 WE_all 1N };\n"
      RIG_EOT;
   static const int32_t a[8] = { 1, 5, -3, 7, 0, -1, 4, 2 };
   static const int32_t b[8] = { 1, 2, 3, 9, 0, 1, -4, 5 };
   static const float fa[8] = { 1, NAN, 2, 3, -1, INFINITY, 0, NAN };
   static const float fb[8] = { 2, 1, 2, NAN, -2, 1, -0.0f, NAN };
   static const float big[8] = { 1, 3e38f, 2, 1e20f, 0, 1e19f, -3e38f, 5 };
   for (unsigned i = 0; i < 8; i++) {
      rig_set_f(r, 6, i, big[i]);
      rig_set_ud(r, 2, i, (uint32_t)a[i]);
      rig_set_ud(r, 3, i, (uint32_t)b[i]);
      rig_set_f(r, 4, i, fa[i]);
      rig_set_f(r, 5, i, fb[i]);
   }
   rig_run_text(r, k, 0xff);
   /* Bit c set when the relation holds for channel c. */
   uint32_t z = 0x11, nz = 0xee, g = 0x42, ge = 0x53, l = 0xac;
   CHECK(rig_ud(r, 20, 0) == (z | nz << 16), "cmp.z/.nz: 0x%08x", rig_ud(r, 20, 0));
   CHECK(rig_ud(r, 20, 1) == (g | ge << 16), "cmp.g/.ge: 0x%08x", rig_ud(r, 20, 1));
   for (unsigned c = 0; c < 8; c++)
      CHECK(rig_ud(r, 10, c) == ((ge >> c) & 1 ? 0xffffffffu : 0), "cmp dst %u", c);
   /* unsigned .le: -3, -1 are huge; 4 <= (unsigned)-4 */
   uint32_t ule = 0x1 | 0x0 | 0 | 0x8 | 0x10 | 0x40 | 0x80;
   CHECK(rig_ud(r, 20, 2) == (l | ule << 16), "cmp.l/.le UD: 0x%08x want 0x%08x", rig_ud(r, 20, 2), l | ule << 16);
   /* float: NaN is unequal to everything and less than nothing; -0 == 0 */
   uint32_t fnz = 0x01 | 0x02 | 0x08 | 0x10 | 0x20 | 0x80, fl = 0x01;
   CHECK(rig_ud(r, 20, 3) == (fnz | fl << 16), "cmp.nz/.l F: 0x%08x", rig_ud(r, 20, 3));
   /* on results: a + b = 2, 7, 0, 16, 0, 0, 0, 7 */
   uint32_t rg = 0x8b, rle = 0x74;
   CHECK(rig_ud(r, 20, 4) == (rg | rle << 16), "add.g/.le: 0x%08x", rig_ud(r, 20, 4));
   /* .u: the result is NaN; .o: a finite product overflowed */
   uint32_t u = 0x82, o = 0x4a;
   CHECK(rig_ud(r, 20, 5) == (u | o << 16), "mov.u/mul.o: 0x%08x", rig_ud(r, 20, 5));
   rig_destroy(r);
}

static void
test_predication(void)
{
   struct eu_rig *r = rig_create(ISA_GEN9);
   const char *k =
      "mov(8) g10<1>UD 0x00000000UD { align1 1Q };\n"
      "mov(8) g11<1>UD 0x00000000UD { align1 1Q };\n"
      "(+f0.0) mov(8) g10<1>UD 0x00000001UD { align1 1Q };\n"
      "(-f0.0) mov(8) g11<1>UD 0x00000002UD { align1 1Q };\n"
      "(+f0.0) sel(8) g12<1>UD g2<8,8,1>UD g3<8,8,1>UD { align1 1Q };\n"
      "mov(1) g13<1>UD 0x00000000UD { align1 WE_all 1N };\n"
      "mov(1) g13.1<1>UD 0x00000000UD { align1 WE_all 1N };\n"
      "(+f0.0.any8h) mov(1) g13<1>UD 0x00000007UD { align1 WE_all 1N };\n"
      "(+f0.0.all8h) mov(1) g13.1<1>UD 0x00000007UD { align1 WE_all 1N };\n"
      "(+f1.0) mov(8) g14<1>UD 0x00000003UD { align1 2Q };\n"
      RIG_EOT;
   fill_iota(r, 2, 8, 10);
   fill_iota(r, 3, 8, 20);
   memset(&r->t.regs[14 * 32], 0, 32);
   uint32_t f0 = 0x35, f1 = 0x5a00;   /* f1: channels 9, 11, 12, 14 */
   memcpy(&r->t.regs[VGPU_EU_ARF_FLAG], &f0, 4);
   memcpy(&r->t.regs[VGPU_EU_ARF_FLAG + 4], &f1, 4);
   rig_run_text(r, k, 0xffff);
   for (unsigned c = 0; c < 8; c++) {
      bool on = (0x35 >> c) & 1;
      CHECK(rig_ud(r, 10, c) == (on ? 1u : 0u), "(+f0.0) %u", c);
      CHECK(rig_ud(r, 11, c) == (on ? 0u : 2u), "(-f0.0) %u", c);
      CHECK(rig_ud(r, 12, c) == (on ? 10 + c : 20 + c), "predicated sel %u", c);
      /* 2Q reads flag bits 8..15 for channels 8..15 */
      bool on2 = (0x5a00 >> (8 + c)) & 1;
      CHECK(rig_ud(r, 14, c) == (on2 ? 3u : 0u), "(+f1.0) 2Q channel %u", 8 + c);
   }
   CHECK(rig_ud(r, 13, 0) == 7, "any8h");
   CHECK(rig_ud(r, 13, 1) == 0, "all8h with some flags clear");
   rig_destroy(r);
}

static void
test_integer_ops(void)
{
   struct eu_rig *r = rig_create(ISA_GEN9);
   const char *k =
      "and(8) g10<1>UD ~g2<8,8,1>UD 0x0000ffffUD { align1 1Q };\n"
      "shl(8) g11<1>UD g2<8,8,1>UD 0x00000021UD { align1 1Q };\n"
      "asr(8) g12<1>D g2<8,8,1>D 0x00000004UD { align1 1Q };\n"
      "shr(8) g13<1>UD g2<8,8,1>UD 0x00000004UD { align1 1Q };\n"
      "bfrev(8) g14<1>UD g2<8,8,1>UD { align1 1Q };\n"
      "cbit(8) g15<1>UD g2<8,8,1>UD { align1 1Q };\n"
      "fbl(8) g16<1>UD g2<8,8,1>UD { align1 1Q };\n"
      "fbh(8) g17<1>D g2<8,8,1>D { align1 1Q };\n"
      "fbh(8) g18<1>UD g2<8,8,1>UD { align1 1Q };\n"
      "lzd(8) g19<1>UD g2<8,8,1>UD { align1 1Q };\n"
      "mul(8) acc0<1>UD g2<8,8,1>UD g3<8,8,1>UW { align1 1Q };\n"
      "mach(8) g20<1>UD g2<8,8,1>UD g3<8,8,1>UD { align1 1Q AccWrEnable };\n"
      "math intdiv(8) g21<1>D g2<8,8,1>D g3<8,8,1>D { align1 1Q };\n"
      "math intmod(8) g22<1>D g2<8,8,1>D g3<8,8,1>D { align1 1Q };\n"
      "avg(8) g23<1>D g2<8,8,1>D g3<8,8,1>D { align1 1Q };\n"
      "sel.l(8) g24<1>D g2<8,8,1>D g3<8,8,1>D { align1 1Q };\n"
      "sel.ge(8) g25<1>UD g2<8,8,1>UD g3<8,8,1>UD { align1 1Q };\n"
      RIG_EOT;
   static const uint32_t a[8] = { 0xf0f0f0f0u, 1, 0x80000000u, 0, 0xffffffffu, 0x00012340u, 100, 0xfffffff0u };
   static const uint32_t b[8] = { 3, 7, 0x10000u, 5, 2, 0xffffffffu, (uint32_t)-7, 16 };
   for (unsigned i = 0; i < 8; i++) {
      rig_set_ud(r, 2, i, a[i]);
      rig_set_ud(r, 3, i, b[i]);
   }
   rig_run_text(r, k, 0xff);
   static const uint32_t want_fbl[8] = { 4, 0, 31, ~0u, 0, 6, 2, 4 };
   static const uint32_t want_fbh_ud[8] = { 0, 31, 0, ~0u, 0, 15, 25, 0 };
   /* signed: first bit differing from the sign */
   static const uint32_t want_fbh_d[8] = { 4, 31, 1, ~0u, ~0u, 15, 25, 28 };
   static const uint32_t want_lzd[8] = { 0, 31, 0, 32, 0, 15, 25, 0 };
   for (unsigned c = 0; c < 8; c++) {
      CHECK(rig_ud(r, 10, c) == (~a[c] & 0xffff), "and with ~src %u", c);
      CHECK(rig_ud(r, 11, c) == a[c] << 1, "shl count masked to 5 bits %u: 0x%x", c, rig_ud(r, 11, c));
      CHECK(rig_ud(r, 12, c) == (uint32_t)((int32_t)a[c] >> 4), "asr %u", c);
      CHECK(rig_ud(r, 13, c) == a[c] >> 4, "shr %u", c);
      uint32_t rev = 0;
      for (unsigned i = 0; i < 32; i++)
         rev |= ((a[c] >> i) & 1) << (31 - i);
      CHECK(rig_ud(r, 14, c) == rev, "bfrev %u", c);
      CHECK(rig_ud(r, 15, c) == (uint32_t)__builtin_popcount(a[c]), "cbit %u", c);
      CHECK(rig_ud(r, 16, c) == want_fbl[c], "fbl %u: %u", c, rig_ud(r, 16, c));
      CHECK(rig_ud(r, 17, c) == want_fbh_d[c], "fbh D %u: %u", c, rig_ud(r, 17, c));
      CHECK(rig_ud(r, 18, c) == want_fbh_ud[c], "fbh UD %u: %u", c, rig_ud(r, 18, c));
      CHECK(rig_ud(r, 19, c) == want_lzd[c], "lzd %u: %u", c, rig_ud(r, 19, c));
      uint64_t p = (uint64_t)a[c] * b[c];
      CHECK(rig_ud(r, 20, c) == (uint32_t)(p >> 32), "mach high half %u: 0x%x", c, rig_ud(r, 20, c));
      int32_t smin = (int32_t)a[c] < (int32_t)b[c] ? (int32_t)a[c] : (int32_t)b[c];
      CHECK((int32_t)rig_ud(r, 24, c) == smin, "sel.l D %u: %d", c, (int32_t)rig_ud(r, 24, c));
      CHECK(rig_ud(r, 25, c) == (a[c] > b[c] ? a[c] : b[c]), "sel.ge UD %u: 0x%x", c, rig_ud(r, 25, c));
   }
   /* signed division truncates toward zero */
   CHECK((int32_t)rig_ud(r, 21, 6) == -14 && (int32_t)rig_ud(r, 22, 6) == 2, "intdiv 100 / -7");
   CHECK((int32_t)rig_ud(r, 21, 2) == -32768 && rig_ud(r, 22, 2) == 0, "intdiv INT_MIN / 65536");
   CHECK((int32_t)rig_ud(r, 21, 7) == -1 && (int32_t)rig_ud(r, 22, 7) == 0, "intdiv -16 / 16");
   CHECK((int32_t)rig_ud(r, 23, 1) == 4, "avg(1, 7) rounds up: %d", (int32_t)rig_ud(r, 23, 1));
   rig_destroy(r);
}

static void
test_bitfields(void)
{
   struct eu_rig *r = rig_create(ISA_GEN9);
   const char *k =
      "bfe(8) g10<1>UD g2<4,4,1>UD g3<4,4,1>UD g4<4,4,1>UD { align16 1Q };\n"
      "bfe(8) g11<1>D g2<4,4,1>D g3<4,4,1>D g4<4,4,1>D { align16 1Q };\n"
      "bfi1(8) g12<1>UD g2<8,8,1>UD g3<8,8,1>UD { align1 1Q };\n"
      "bfi2(8) g13<1>UD g12<4,4,1>UD g5<4,4,1>UD g4<4,4,1>UD { align16 1Q };\n"
      RIG_EOT;
   static const uint32_t width[8] = { 4, 8, 0, 31, 12, 1, 16, 3 };
   static const uint32_t offset[8] = { 0, 4, 3, 2, 24, 31, 8, 30 };
   for (unsigned i = 0; i < 8; i++) {
      rig_set_ud(r, 2, i, width[i]);
      rig_set_ud(r, 3, i, offset[i]);
      rig_set_ud(r, 4, i, 0x9abcdef5u);
      rig_set_ud(r, 5, i, 0x5u);
   }
   rig_run_text(r, k, 0xff);
   /* 0x9abcdef5: fields by hand */
   static const uint32_t want_u[8] = { 0x5, 0xef, 0, 0x26af37bd, 0x9a, 1, 0xbcde, 0x2 };
   /* width + offset beyond 32: the value shifted right by offset */
   static const uint32_t want_s[8] = { 0x5, 0xffffffef, 0, 0xe6af37bd, 0xffffff9a, 0xffffffff, 0xffffbcde, 0xfffffffe };
   for (unsigned c = 0; c < 8; c++) {
      CHECK(rig_ud(r, 10, c) == want_u[c], "bfe UD %u: 0x%x", c, rig_ud(r, 10, c));
      CHECK(rig_ud(r, 11, c) == want_s[c], "bfe D %u: 0x%x", c, rig_ud(r, 11, c));
      uint32_t mask = (uint32_t)(((1ull << width[c]) - 1) << offset[c]);
      CHECK(rig_ud(r, 12, c) == mask, "bfi1 %u: 0x%x", c, rig_ud(r, 12, c));
      /* 5 inserted at the offset into 0x9abcdef5 */
      uint32_t want = ((5u << offset[c]) & mask) | (0x9abcdef5u & ~mask);
      CHECK(rig_ud(r, 13, c) == want, "bfi2 %u: 0x%x want 0x%x", c, rig_ud(r, 13, c), want);
   }
   rig_destroy(r);
}

static void
test_float_ops(void)
{
   struct eu_rig *r = rig_create(ISA_GEN9);
   const char *k =
      "sel.l(8) g10<1>F g2<8,8,1>F g3<8,8,1>F { align1 1Q };\n"
      "sel.ge(8) g11<1>F g2<8,8,1>F g3<8,8,1>F { align1 1Q };\n"
      "rndd(8) g12<1>F g2<8,8,1>F { align1 1Q };\n"
      "rnde(8) g13<1>F g2<8,8,1>F { align1 1Q };\n"
      "frc(8) g14<1>F g2<8,8,1>F { align1 1Q };\n"
      "math sqrt(8) g15<1>F g3<8,8,1>F null<8,8,1>F { align1 1Q };\n"
      "math fdiv(8) g16<1>F g2<8,8,1>F g3<8,8,1>F { align1 1Q };\n"
      "mul(8) g17<1>F -g2<8,8,1>F (abs)g3<8,8,1>F { align1 1Q };\n"
      "mov(8) g18<1>F 0x40003000VF { align1 1Q };\n"
      RIG_EOT;
   static const float a[8] = { 1.5f, NAN, -2.5f, 2.5f, 3.0f, -0.5f, 7.25f, 1e30f };
   static const float b[8] = { 2.0f, 4.0f, NAN, 9.0f, 16.0f, 0.25f, -2.0f, 1e10f };
   for (unsigned i = 0; i < 8; i++) {
      rig_set_f(r, 2, i, a[i]);
      rig_set_f(r, 3, i, b[i]);
   }
   rig_run_text(r, k, 0xff);
   /* min/max return the non-NaN operand */
   static const float want_min[8] = { 1.5f, 4.0f, -2.5f, 2.5f, 3.0f, -0.5f, -2.0f, 1e10f };
   static const float want_max[8] = { 2.0f, 4.0f, -2.5f, 9.0f, 16.0f, 0.25f, 7.25f, 1e30f };
   static const float want_rndd[8] = { 1, NAN, -3, 2, 3, -1, 7, 1e30f };
   static const float want_rnde[8] = { 2, NAN, -2, 2, 3, -0.0f, 7, 1e30f };
   static const float want_frc[8] = { 0.5f, NAN, 0.5f, 0.5f, 0, 0.5f, 0.25f, 0 };
   static const float want_sqrt[8] = { 1.41421354f, 2, NAN, 3, 4, 0.5f, NAN, 100000 };
   /* VF 0x40003000: bytes 0x00 (0), 0x30 (1.0), 0x00, 0x40 (2.0) */
   static const float want_vf[4] = { 0, 1, 0, 2 };
   for (unsigned c = 0; c < 8; c++) {
#define SAME(x, y) ((isnan(x) && isnan(y)) || ((x) == (y) && signbit(x) == signbit(y)))
      CHECK(SAME(rig_f(r, 10, c), want_min[c]), "sel.l %u: %g", c, rig_f(r, 10, c));
      CHECK(SAME(rig_f(r, 11, c), want_max[c]), "sel.ge %u: %g", c, rig_f(r, 11, c));
      CHECK(SAME(rig_f(r, 12, c), want_rndd[c]), "rndd %u: %g", c, rig_f(r, 12, c));
      CHECK(SAME(rig_f(r, 13, c), want_rnde[c]), "rnde %u: %g", c, rig_f(r, 13, c));
      CHECK(SAME(rig_f(r, 14, c), want_frc[c]), "frc %u: %g", c, rig_f(r, 14, c));
      CHECK(SAME(rig_f(r, 15, c), want_sqrt[c]), "sqrt %u: %g", c, rig_f(r, 15, c));
      CHECK(SAME(rig_f(r, 16, c), a[c] / b[c]), "fdiv %u: %g", c, rig_f(r, 16, c));
      CHECK(SAME(rig_f(r, 17, c), -a[c] * fabsf(b[c])), "mul with modifiers %u", c);
      CHECK(rig_f(r, 18, c) == want_vf[c % 4], "VF immediate %u: %g", c, rig_f(r, 18, c));
#undef SAME
   }
   rig_destroy(r);
}

/* Immediate vectors and half floats. */
static void
test_packed_immediates(void)
{
   struct eu_rig *r = rig_create(ISA_GEN9);
   /* cr0.0 bit 10 keeps half-precision denormals (6e-8 below). */
   const char *k =
      "mov(8) g10<1>D 0xf8765432V { align1 1Q };\n"
      "mov(8) g11<1>UW 0x76543210UV { align1 1Q };\n"
      "or(1) cr0<1>UD cr0<0,1,0>UD 0x00000400UD { align1 WE_all 1N };\n"
      "mov(8) g12<1>HF g2<8,8,1>F { align1 1Q };\n"
      "mov(8) g13<1>F g12<8,8,1>HF { align1 1Q };\n"
      RIG_EOT;
   static const float f[8] = { 1.0f, -2.5f, 65504.0f, 1e6f, 0.1f, 6e-8f, -0.0f, 0.33325195f };
   for (unsigned i = 0; i < 8; i++)
      rig_set_f(r, 2, i, f[i]);
   rig_run_text(r, k, 0xff);
   static const int32_t want_v[8] = { 2, 3, 4, 5, 6, 7, -8, -1 };
   static const uint16_t want_hf[8] = { 0x3c00, 0xc100, 0x7bff, 0x7c00, 0x2e66, 0x0001, 0x8000, 0x3555 };
   uint16_t hf[8], uw[8];
   memcpy(hf, &r->t.regs[12 * 32], sizeof(hf));
   memcpy(uw, &r->t.regs[11 * 32], sizeof(uw));
   for (unsigned c = 0; c < 8; c++) {
      CHECK((int32_t)rig_ud(r, 10, c) == want_v[c], "V immediate %u: %d", c, (int32_t)rig_ud(r, 10, c));
      CHECK(uw[c] == c, "UV immediate %u: %u", c, uw[c]);
      CHECK(hf[c] == want_hf[c], "F->HF %u: 0x%04x", c, hf[c]);
   }
   CHECK(rig_f(r, 13, 0) == 1.0f && rig_f(r, 13, 1) == -2.5f && rig_f(r, 13, 2) == 65504.0f &&
         isinf(rig_f(r, 13, 3)), "HF->F");
   rig_destroy(r);
}

/* pln, line and mac on the two generations that have them (Gen11 drops
 * them): plane coefficients a = 2 (x), b = 3 (y), c = 5 in dwords 0, 1 and
 * 3 of g4, x = channel, y = channel + 10, so a*x + b*y + c = 5 * channel +
 * 35.  SIMD16 pln reads x and y of each group of eight channels from a
 * pair of registers; line with AccWrEnable leaves a*x + c in the
 * accumulator for mac to add b*y. */
static void
test_plane(enum isa_gen gen)
{
   struct eu_rig *r = rig_create(gen);
   const char *k =
      "pln(8) g10<1>F g4<0,1,0>F g6<8,8,1>F { align1 1Q };\n"
      "pln(16) g12<1>F g4<0,1,0>F g16<8,8,1>F { align1 1H };\n"
      "line(8) null<1>F g4<0,1,0>F g6<8,8,1>F { align1 1Q AccWrEnable };\n"
      "mac(8) g14<1>F g4.1<0,1,0>F g7<8,8,1>F { align1 1Q };\n"
      "line(8) g15<1>F g4<0,1,0>F g6<8,8,1>F { align1 1Q };\n"
      RIG_EOT;
   static const float coeff[4] = { 2, 3, 99, 5 };
   for (unsigned i = 0; i < 4; i++)
      rig_set_f(r, 4, i, coeff[i]);
   for (unsigned c = 0; c < 16; c++) {
      if (c < 8) {
         rig_set_f(r, 6, c, (float)c);
         rig_set_f(r, 7, c, (float)(c + 10));
      }
      rig_set_f(r, 16 + (c / 8) * 2, c % 8, (float)c);
      rig_set_f(r, 17 + (c / 8) * 2, c % 8, (float)(c + 10));
   }
   rig_run_text(r, k, 0xffff);
   for (unsigned c = 0; c < 16; c++) {
      float want = 5.0f * (float)c + 35.0f;
      CHECK(rig_f(r, 12 + c / 8, c % 8) == want, "%s pln(16) channel %u: %g want %g",
            isa_gen_name(gen), c, rig_f(r, 12 + c / 8, c % 8), want);
      if (c >= 8)
         continue;
      CHECK(rig_f(r, 10, c) == want, "%s pln(8) channel %u: %g", isa_gen_name(gen), c, rig_f(r, 10, c));
      CHECK(rig_f(r, 14, c) == want, "%s line+mac channel %u: %g", isa_gen_name(gen), c, rig_f(r, 14, c));
      CHECK(rig_f(r, 15, c) == 2.0f * (float)c + 5.0f, "%s line channel %u: %g",
            isa_gen_name(gen), c, rig_f(r, 15, c));
   }
   rig_destroy(r);
}

/* cr0.0[5:4] rounding (RTNE, RU, RD, RTZ) on add, mul, mad and the D->F
 * and F->HF conversions, set the way Mesa's kernels set it (and/or on
 * cr0).  Each value lies between two representable ones, worked out by
 * hand: 1 + 2^-24 is a tie between 1 and 1 + 2^-23, 1 + 3*2^-25 is 3/4 of
 * an ulp above 1, (1 + 2^-23) + 2^-24 a tie between odd and even
 * mantissas, 3 * 0x3eaaaaab = 1 + 2^-25; 2^24 + 1 and 2^24 + 3 are ties
 * in float, 2^31 - 1 is 1/128 ulp below 2^31; 1 + 2^-11 is a tie in half,
 * 65520 rounds to infinity only away from zero.  rnde and float-to-integer
 * conversion ignore cr0. */
static void
test_rounding_modes(void)
{
   static const char *const name[4] = { "RTNE", "RU", "RD", "RTZ" };
   static const uint32_t add_a[5] = { 0x3f800000, 0xbf800000, 0x3f800000, 0x3f800001, 0x40000000 };
   static const uint32_t add_b[5] = { 0x33800000, 0xb3800000, 0x33c00000, 0x33800000, 0x40400000 };
   /* mad: the products are exact and equal add_b */
   static const uint32_t mad_b[5] = { 0x39800000, 0x39800000, 0x39c00000, 0x39800000, 0x3fc00000 };
   static const uint32_t mad_c[5] = { 0x39800000, 0xb9800000, 0x39800000, 0x39800000, 0x40000000 };
   static const uint32_t mul_a[5] = { 0x3f800001, 0xbf800001, 0x40400000, 0, 0 };
   static const uint32_t mul_b[5] = { 0x3f800001, 0x3f800001, 0x3eaaaaab, 0, 0 };
   static const int32_t d_in[5] = { 16777217, -16777217, 16777219, 0x7fffffff, 7 };
   static const uint32_t hf_in[5] = { 0x3f801000, 0xbf801000, 0x477ff000, 0xc77ff000, 0x3f801800 };
   static const uint32_t want_add[4][5] = {
      { 0x3f800000, 0xbf800000, 0x3f800001, 0x3f800002, 0x40a00000 },
      { 0x3f800001, 0xbf800000, 0x3f800001, 0x3f800002, 0x40a00000 },
      { 0x3f800000, 0xbf800001, 0x3f800000, 0x3f800001, 0x40a00000 },
      { 0x3f800000, 0xbf800000, 0x3f800000, 0x3f800001, 0x40a00000 },
   };
   static const uint32_t want_mul[4][3] = {
      { 0x3f800002, 0xbf800002, 0x3f800000 },
      { 0x3f800003, 0xbf800002, 0x3f800001 },
      { 0x3f800002, 0xbf800003, 0x3f800000 },
      { 0x3f800002, 0xbf800002, 0x3f800000 },
   };
   static const uint32_t want_d2f[4][5] = {
      { 0x4b800000, 0xcb800000, 0x4b800002, 0x4f000000, 0x40e00000 },
      { 0x4b800001, 0xcb800000, 0x4b800002, 0x4f000000, 0x40e00000 },
      { 0x4b800000, 0xcb800001, 0x4b800001, 0x4effffff, 0x40e00000 },
      { 0x4b800000, 0xcb800000, 0x4b800001, 0x4effffff, 0x40e00000 },
   };
   static const uint16_t want_hf[4][5] = {
      { 0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x3c01 },
      { 0x3c01, 0xbc00, 0x7c00, 0xfbff, 0x3c01 },
      { 0x3c00, 0xbc01, 0x7bff, 0xfc00, 0x3c00 },
      { 0x3c00, 0xbc00, 0x7bff, 0xfbff, 0x3c00 },
   };
   static const float rnd_in[3] = { 2.5f, -0.5f, 3.5f };
   static const float want_rnde[3] = { 2.0f, -0.0f, 4.0f };
   static const int32_t want_f2d[3] = { 2, 0, 3 };
   for (unsigned m = 0; m < 4; m++) {
      char k[2048];
      snprintf(k, sizeof(k),
               "and(1) cr0<1>UD cr0<0,1,0>UD 0xffffffcfUD { align1 WE_all 1N };\n"
               "or(1) cr0<1>UD cr0<0,1,0>UD 0x%08xUD { align1 WE_all 1N };\n"
               "add(8) g10<1>F g2<8,8,1>F g3<8,8,1>F { align1 1Q };\n"
               "mul(8) g11<1>F g4<8,8,1>F g5<8,8,1>F { align1 1Q };\n"
               "mad(8) g12<1>F g2<4,4,1>F g6<4,4,1>F g9<4,4,1>F { align16 1Q };\n"
               "mov(8) g13<1>F g7<8,8,1>D { align1 1Q };\n"
               "mov(8) g14<1>HF g8<8,8,1>F { align1 1Q };\n"
               "rnde(8) g15<1>F g16<8,8,1>F { align1 1Q };\n"
               "mov(8) g17<1>D g16<8,8,1>F { align1 1Q };\n"
               RIG_EOT, m << 4);
      struct eu_rig *r = rig_create(ISA_GEN9);
      for (unsigned c = 0; c < 5; c++) {
         rig_set_ud(r, 2, c, add_a[c]);
         rig_set_ud(r, 3, c, add_b[c]);
         rig_set_ud(r, 4, c, mul_a[c]);
         rig_set_ud(r, 5, c, mul_b[c]);
         rig_set_ud(r, 6, c, mad_b[c]);
         rig_set_ud(r, 9, c, mad_c[c]);
         rig_set_ud(r, 7, c, (uint32_t)d_in[c]);
         rig_set_ud(r, 8, c, hf_in[c]);
      }
      for (unsigned c = 0; c < 3; c++)
         rig_set_f(r, 16, c, rnd_in[c]);
      rig_run_text(r, k, 0xff);
      uint16_t hf[8];
      memcpy(hf, &r->t.regs[14 * 32], sizeof(hf));
      for (unsigned c = 0; c < 5; c++) {
         CHECK(rig_ud(r, 10, c) == want_add[m][c], "%s add %u: 0x%08x", name[m], c, rig_ud(r, 10, c));
         CHECK(rig_ud(r, 12, c) == want_add[m][c], "%s mad %u: 0x%08x", name[m], c, rig_ud(r, 12, c));
         CHECK(rig_ud(r, 13, c) == want_d2f[m][c], "%s D->F %u: 0x%08x", name[m], c, rig_ud(r, 13, c));
         CHECK(hf[c] == want_hf[m][c], "%s F->HF %u: 0x%04x", name[m], c, hf[c]);
         if (c < 3) {
            CHECK(rig_ud(r, 11, c) == want_mul[m][c], "%s mul %u: 0x%08x", name[m], c, rig_ud(r, 11, c));
            CHECK(rig_ud(r, 15, c) == eu_f32_bits(want_rnde[c]), "%s rnde %u: %g", name[m], c, rig_f(r, 15, c));
            CHECK((int32_t)rig_ud(r, 17, c) == want_f2d[c], "%s F->D %u: %d", name[m], c, (int32_t)rig_ud(r, 17, c));
         }
      }
      rig_destroy(r);
   }
}

/* cr0.0 denormal modes: 0 (what a thread starts with) flushes denormal
 * sources and results of float arithmetic to zero; bits 7, 6 and 10 keep
 * single, double and half precision ones.  A raw mov copies bits either
 * way.  2^-127 + 2^-127 is 2^-126 (normal) only when the sources are
 * kept; 2^-127 + 2^-126 = 3 * 2^-127; 2^-100 * 2^-30 = 2^-130 is a
 * denormal result, 2^-63 * 2^-63 = 2^-126 a normal one; 2^-24 is the
 * smallest half denormal; 2^-1023 + 2^-1023 = 2^-1022 in double. */
static void
test_denormals(void)
{
   for (unsigned keep = 0; keep < 2; keep++) {
      char k[2048];
      snprintf(k, sizeof(k),
               "or(1) cr0<1>UD cr0<0,1,0>UD 0x%08xUD { align1 WE_all 1N };\n"
               "add(8) g10<1>F g2<8,8,1>F g3<8,8,1>F { align1 1Q };\n"
               "mul(8) g11<1>F g4<8,8,1>F g5<8,8,1>F { align1 1Q };\n"
               "mov(8) g12<1>F g2<8,8,1>F { align1 1Q };\n"
               "mov(8) g13<1>HF g6<8,8,1>F { align1 1Q };\n"
               "add(4) g14<1>DF g7<4,4,1>DF g7<4,4,1>DF { align1 1N };\n"
               RIG_EOT, keep ? (1u << 6 | 1u << 7 | 1u << 10) : 0);
      struct eu_rig *r = rig_create(ISA_GEN9);
      rig_set_ud(r, 2, 0, 0x00400000);   /* 2^-127 */
      rig_set_ud(r, 3, 0, 0x00400000);
      rig_set_ud(r, 2, 1, 0x00400000);
      rig_set_ud(r, 3, 1, 0x00800000);   /* 2^-126 */
      rig_set_f(r, 4, 0, ldexpf(1, -100));
      rig_set_f(r, 5, 0, ldexpf(1, -30));
      rig_set_f(r, 4, 1, ldexpf(1, -63));
      rig_set_f(r, 5, 1, ldexpf(1, -63));
      rig_set_f(r, 6, 0, ldexpf(1, -24));
      rig_set_f(r, 6, 1, ldexpf(1, -14));
      uint64_t dd = 0x0008000000000000ull;   /* 2^-1023 */
      memcpy(&r->t.regs[7 * 32], &dd, 8);
      rig_run_text(r, k, 0xff);
      const char *mode = keep ? "kept" : "flushed";
      CHECK(rig_ud(r, 10, 0) == (keep ? 0x00800000u : 0), "%s: denormal sum 0x%08x", mode, rig_ud(r, 10, 0));
      CHECK(rig_ud(r, 10, 1) == (keep ? 0x00c00000u : 0x00800000u), "%s: denormal + normal 0x%08x",
            mode, rig_ud(r, 10, 1));
      CHECK(rig_ud(r, 11, 0) == (keep ? 0x00080000u : 0), "%s: denormal product 0x%08x", mode, rig_ud(r, 11, 0));
      CHECK(rig_ud(r, 11, 1) == 0x00800000u, "%s: normal product 0x%08x", mode, rig_ud(r, 11, 1));
      CHECK(rig_ud(r, 12, 0) == 0x00400000u, "%s: a raw mov changed a denormal: 0x%08x", mode, rig_ud(r, 12, 0));
      uint16_t hf[2];
      memcpy(hf, &r->t.regs[13 * 32], sizeof(hf));
      CHECK(hf[0] == (keep ? 0x0001 : 0) && hf[1] == 0x0400, "%s: F->HF 0x%04x 0x%04x", mode, hf[0], hf[1]);
      uint64_t df;
      memcpy(&df, &r->t.regs[14 * 32], 8);
      CHECK(df == (keep ? 0x0010000000000000ull : 0), "%s: DF sum 0x%016llx", mode, (unsigned long long)df);
      rig_destroy(r);
   }
}

/* Gen7's f32to16/f16to32: a half in the low word of each dword channel
 * (Mesa writes it with a <2> word region).  A source modifier applies to
 * the float before conversion: hasvk negates in the f32to16 itself. */
static void
test_half_conversions(void)
{
   struct eu_rig *r = rig_create(ISA_GEN7);
   const char *k =
      "f32to16(8) g10<2>W -g2<8,8,1>F { align1 1Q };\n"
      "f16to32(8) g11<1>F g3<16,8,2>W { align1 1Q };\n"
      RIG_EOT;
   static const float in[8] = { 1.0f, -2.5f, 0.5f, 65504.0f, 0.0f, 3.0f, -INFINITY, 65520.0f };
   /* -x as IEEE halves; 65520 rounds to even, away from 65504: -infinity */
   static const uint16_t want16[8] = { 0xbc00, 0x4100, 0xb800, 0xfbff, 0x8000, 0xc200, 0x7c00, 0xfc00 };
   static const uint16_t halves[8] = { 0x3c00, 0xc000, 0x7bff, 0x3555, 0x8000, 0x7c00, 0x4248, 0x0400 };
   /* 0x3555 = 1.0100110101b * 2^-2; 0x4248 = 3.140625; 0x0400 = 2^-14 */
   static const float want32[8] = { 1.0f, -2.0f, 65504.0f, 0x1.554p-2f, -0.0f, INFINITY,
                                    3.140625f, 0x1p-14f };
   for (unsigned c = 0; c < 8; c++) {
      rig_set_f(r, 2, c, in[c]);
      rig_set_ud(r, 3, c, 0xdead0000u | halves[c]);
      rig_set_ud(r, 10, c, 0x12340000u);
   }
   rig_run_text(r, k, 0xff);
   for (unsigned c = 0; c < 8; c++) {
      CHECK((rig_ud(r, 10, c) & 0xffff) == want16[c], "f32to16 -%g: 0x%04x want 0x%04x", in[c],
            rig_ud(r, 10, c) & 0xffff, want16[c]);
      float got = rig_f(r, 11, c);
      CHECK(got == want32[c] && signbit(got) == signbit(want32[c]),
            "f16to32 0x%04x: %a want %a", halves[c], got, want32[c]);
   }
   rig_destroy(r);
}

static double
rig_df(const struct eu_rig *r, unsigned reg, unsigned sub)
{
   double v;
   memcpy(&v, &r->t.regs[reg * 32 + sub * 8], 8);
   return v;
}

static void
rig_set_df(struct eu_rig *r, unsigned reg, unsigned sub, double v)
{
   memcpy(&r->t.regs[reg * 32 + sub * 8], &v, 8);
}

/* Ivy Bridge's DF form (IVB PRM Vol 4 "EU Changes by Processor
 * Generation", "Special Requirements for Handling Double Precision Data
 * Types"): ExecSize and regions count floats, a DF channel is a pair of
 * them and takes one execution-mask and flag bit; a 32-bit source is read
 * at the pair's first channel (<1;2,0> reads element k for DF channel k)
 * and a 32-bit destination written there, the odd float garbage.  A
 * compressed DF instruction applies the first half's channel enables to
 * both halves (Mesa's finding on the hardware).  Channels 0, 2, 4 and 5
 * run. */
static void
test_ivb_df_pairs(void)
{
   struct eu_rig *r = rig_create(ISA_GEN7);
   const char *k =
      "add(8) g10<1>DF g2<8,8,1>DF g4<0,2,1>DF { align1 1Q };\n"
      "add(8) g11<1>DF g3<8,8,1>DF g4<0,2,1>DF { align1 2N };\n"
      "mov(8) g12<1>DF g5<1,2,0>F { align1 1Q };\n"
      "mov(8) g13<1>F g2<8,8,1>DF { align1 1Q };\n"
      "cmp.l.f0.0(8) null<1>DF g2<8,8,1>DF g4<0,2,1>DF { align1 1Q };\n"
      "mov(16) g14<1>DF g2<8,8,1>DF { align1 1H };\n"
      RIG_EOT;
   static const double in[8] = { -1.5, -2.0, 3.25, 100.0, 5.0, 6.0, 7.0, 8.0 };
   for (unsigned c = 0; c < 8; c++) {
      rig_set_df(r, 2 + c / 4, c % 4, in[c]);
      rig_set_f(r, 5, c, (float)(c + 1));
   }
   rig_set_df(r, 4, 0, 0.5);
   memset(&r->t.regs[10 * 32], 0xaa, 6 * 32);
   uint16_t f0 = 0x0004;
   memcpy(&r->t.regs[VGPU_EU_ARF_FLAG], &f0, 2);
   rig_run_text(r, k, 0x35);
   const uint64_t keep = 0xaaaaaaaaaaaaaaaaull;
   uint64_t raw;
   for (unsigned c = 0; c < 4; c++) {
      bool on = c == 0 || c == 2;
      memcpy(&raw, &r->t.regs[10 * 32 + c * 8], 8);
      CHECK(on ? rig_df(r, 10, c) == in[c] + 0.5 : raw == keep, "1Q DF add channel %u: %g", c,
            rig_df(r, 10, c));
      memcpy(&raw, &r->t.regs[11 * 32 + c * 8], 8);
      CHECK(c < 2 ? rig_df(r, 11, c) == in[4 + c] + 0.5 : raw == keep,
            "2N DF add channel %u (mask bit %u): %g", c, 4 + c, rig_df(r, 11, c));
      memcpy(&raw, &r->t.regs[12 * 32 + c * 8], 8);
      CHECK(on ? rig_df(r, 12, c) == (double)(c + 1) : raw == keep, "F->DF <1;2,0> channel %u: %g",
            c, rig_df(r, 12, c));
      CHECK(on ? rig_f(r, 13, 2 * c) == (float)in[c] : rig_ud(r, 13, 2 * c) == 0xaaaaaaaau,
            "DF->F channel %u: %g", c, rig_f(r, 13, 2 * c));
      CHECK(on ? rig_ud(r, 13, 2 * c + 1) != 0xaaaaaaaau : rig_ud(r, 13, 2 * c + 1) == 0xaaaaaaaau,
            "DF->F channel %u: the odd float 0x%08x", c, rig_ud(r, 13, 2 * c + 1));
      /* compressed: DF channels 4..7 take channels 0..3's enables */
      for (unsigned h = 0; h < 2; h++) {
         memcpy(&raw, &r->t.regs[(14 + h) * 32 + c * 8], 8);
         CHECK(on ? rig_df(r, 14 + h, c) == in[4 * h + c] : raw == keep,
               "compressed DF mov channel %u: %g", 4 * h + c, rig_df(r, 14 + h, c));
      }
   }
   memcpy(&f0, &r->t.regs[VGPU_EU_ARF_FLAG], 2);
   CHECK(f0 == 0x0001, "DF cmp: f0.0 = 0x%04x, want bit 0 set, bit 2 cleared", f0);
   rig_destroy(r);
}

int
main(void)
{
   test_regions();
   test_align16();
   test_dot_products(ISA_GEN7);
   test_dot_products(ISA_GEN9);
   test_conversions();
   test_cond_mods();
   test_predication();
   test_integer_ops();
   test_bitfields();
   test_float_ops();
   test_packed_immediates();
   test_plane(ISA_GEN7);
   test_plane(ISA_GEN9);
   test_rounding_modes();
   test_denormals();
   test_half_conversions();
   test_ivb_df_pairs();
   return rig_result("test_eu_alu");
}

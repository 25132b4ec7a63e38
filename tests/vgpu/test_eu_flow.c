/* The EU interpreter's control flow and execution masks, in kernels
 * written in the assembler: IF/ELSE/ENDIF with divergent channels, a loop
 * whose channels leave after different trip counts through BREAK and skip
 * work through CONT, nesting, HALT, partial dispatch masks and WE_all, the
 * Gen7.5 branch units (64-bit) next to Gen9's (bytes), the barrier
 * handshake (gateway message, then wait), nested CALL/RET and GOTO.
 * JIP/UIP are written by hand: uncompacted instructions are 16 bytes. */
#include "eu_rig.h"

static void
set_channel_ids(struct eu_rig *r, unsigned reg, unsigned n)
{
   for (unsigned c = 0; c < n; c++)
      rig_set_ud(r, reg + c / 8, c % 8, c);
}

/* Odd channels take the IF side, even ones the ELSE side; the nested IF
 * inside the ELSE splits them again (channels 4 and up). */
static const char if_else_gen9[] =
   "mov(8) g10<1>UD 0x00000000UD { align1 1Q };\n"                /*   0 */
   "and.nz.f0.0(8) null<1>UD g2<8,8,1>UD 0x00000001UD { align1 1Q };\n" /* 16 */
   "(+f0.0) if(8) JIP: 48 UIP: 144 { align1 1Q };\n"              /*  32 -> 80 */
   "mov(8) g10<1>UD 0x00000001UD { align1 1Q };\n"                /*  48 */
   "else(8) JIP: 112 UIP: 112 { align1 1Q };\n"                   /*  64 -> 176 */
   "mov(8) g10<1>UD 0x00000002UD { align1 1Q };\n"                /*  80 */
   "cmp.ge.f0.0(8) null<1>UD g2<8,8,1>UD 0x00000004UD { align1 1Q };\n" /* 96 */
   "(+f0.0) if(8) JIP: 32 UIP: 32 { align1 1Q };\n"               /* 112 -> 144 */
   "add(8) g10<1>UD g10<8,8,1>UD 0x00000010UD { align1 1Q };\n"   /* 128 */
   "endif(8) JIP: 16 { align1 1Q };\n"                            /* 144 */
   "add(8) g10<1>UD g10<8,8,1>UD 0x00000100UD { align1 1Q };\n"   /* 160 */
   "endif(8) JIP: 16 { align1 1Q };\n"                            /* 176 */
   RIG_EOT;

/* The same program with Gen7/7.5 jump units (8 bytes). */
static const char if_else_gen75[] =
   "mov(8) g10<1>UD 0x00000000UD { align1 1Q };\n"
   "and.nz.f0.0(8) null<1>UD g2<8,8,1>UD 0x00000001UD { align1 1Q };\n"
   "(+f0.0) if(8) JIP: 6 UIP: 18 { align1 1Q };\n"
   "mov(8) g10<1>UD 0x00000001UD { align1 1Q };\n"
   "else(8) JIP: 14 UIP: 14 { align1 1Q };\n"
   "mov(8) g10<1>UD 0x00000002UD { align1 1Q };\n"
   "cmp.ge.f0.0(8) null<1>UD g2<8,8,1>UD 0x00000004UD { align1 1Q };\n"
   "(+f0.0) if(8) JIP: 4 UIP: 4 { align1 1Q };\n"
   "add(8) g10<1>UD g10<8,8,1>UD 0x00000010UD { align1 1Q };\n"
   "endif(8) JIP: 2 { align1 1Q };\n"
   "add(8) g10<1>UD g10<8,8,1>UD 0x00000100UD { align1 1Q };\n"
   "endif(8) JIP: 2 { align1 1Q };\n"
   RIG_EOT;

static void
test_if_else(enum isa_gen gen, const char *text)
{
   struct eu_rig *r = rig_create(gen);
   set_channel_ids(r, 2, 8);
   rig_run_text(r, text, 0xff);
   for (unsigned c = 0; c < 8; c++) {
      uint32_t want = (c & 1) ? 1 : 2 + (c >= 4 ? 0x10 : 0) + 0x100;
      CHECK(rig_ud(r, 10, c) == want, "%s if/else channel %u: 0x%x want 0x%x",
            isa_gen_name(gen), c, rig_ud(r, 10, c), want);
   }
   rig_destroy(r);
}

/* Channel c loops while k < c: every iteration counts, odd k are summed,
 * even k skip the sum through CONT, and k == c leaves through BREAK.
 * Channel 7 is not dispatched and keeps its registers. */
static void
test_loop(void)
{
   static const char k[] =
      "mov(8) g3<1>UD 0x00000000UD { align1 1Q };\n"                     /*   0 */
      "mov(8) g10<1>UD 0x00000000UD { align1 1Q };\n"                    /*  16 */
      "mov(8) g11<1>UD 0x00000000UD { align1 1Q };\n"                    /*  32 */
      "add(8) g11<1>D g11<8,8,1>D 1D { align1 1Q };\n"                   /*  48 loop */
      "cmp.ge.f0.0(8) null<1>UD g3<8,8,1>UD g2<8,8,1>UD { align1 1Q };\n" /* 64 */
      "(+f0.0) break(8) JIP: 80 UIP: 80 { align1 1Q };\n"                /*  80 -> while */
      "add(8) g3<1>D g3<8,8,1>D 1D { align1 1Q };\n"                     /*  96 */
      "and.z.f0.0(8) null<1>UD g3<8,8,1>UD 0x00000001UD { align1 1Q };\n" /* 112 */
      "(+f0.0) cont(8) JIP: 32 UIP: 32 { align1 1Q };\n"                 /* 128 -> while */
      "add(8) g10<1>D g10<8,8,1>D g3<8,8,1>D { align1 1Q };\n"           /* 144 */
      "while(8) JIP: -112 { align1 1Q };\n"                              /* 160 -> 48 */
      "mov(16) g12<1>UD 0x00000005UD { align1 WE_all 1H };\n"            /* 176 */
      RIG_EOT;
   struct eu_rig *r = rig_create(ISA_GEN9);
   set_channel_ids(r, 2, 8);
   rig_set_ud(r, 10, 7, 0xdead);
   rig_set_ud(r, 11, 7, 0xdead);
   rig_run_text(r, k, 0x7f);
   static const uint32_t odd_sum[7] = { 0, 1, 1, 4, 4, 9, 9 };
   for (unsigned c = 0; c < 7; c++) {
      CHECK(rig_ud(r, 11, c) == c + 1, "loop channel %u: %u iterations", c, rig_ud(r, 11, c));
      CHECK(rig_ud(r, 10, c) == odd_sum[c], "loop channel %u: sum %u", c, rig_ud(r, 10, c));
   }
   CHECK(rig_ud(r, 10, 7) == 0xdead && rig_ud(r, 11, 7) == 0xdead,
         "an undispatched channel executed");
   for (unsigned c = 0; c < 16; c++)
      CHECK(rig_ud(r, 12 + c / 8, c % 8) == 5, "WE_all ignores the masks: channel %u", c);
   rig_destroy(r);
}

/* Odd channels halt to the final HALT; the rest continue. */
static void
test_halt(void)
{
   static const char k[] =
      "mov(8) g10<1>UD 0x00000005UD { align1 1Q };\n"                    /*  0 */
      "and.nz.f0.0(8) null<1>UD g2<8,8,1>UD 0x00000001UD { align1 1Q };\n" /* 16 */
      "(+f0.0) halt(8) JIP: 32 UIP: 32 { align1 1Q };\n"                 /* 32 -> 64 */
      "mov(8) g10<1>UD 0x00000007UD { align1 1Q };\n"                    /* 48 */
      "halt(8) JIP: 16 UIP: 16 { align1 1Q };\n"                         /* 64 */
      RIG_EOT;
   struct eu_rig *r = rig_create(ISA_GEN9);
   set_channel_ids(r, 2, 8);
   rig_run_text(r, k, 0xff);
   for (unsigned c = 0; c < 8; c++)
      CHECK(rig_ud(r, 10, c) == ((c & 1) ? 5u : 7u), "halt channel %u: %u", c, rig_ud(r, 10, c));
   rig_destroy(r);
}

/* SIMD16 with half the channels dispatched, a SIMD16 IF, a 2Q instruction
 * (channels 8..15) and the channel-enable register. */
static void
test_simd16_masks(void)
{
   static const char k[] =
      "mov(16) g10<1>UD 0x00000001UD { align1 1H };\n"
      "mov(8) g12<1>UD 0x00000002UD { align1 2Q };\n"
      "cmp.l.f0.0(16) null<1>UD g2<8,8,1>UD 0x00000003UD { align1 1H };\n"
      "(+f0.0) if(16) JIP: 48 UIP: 48 { align1 1H };\n"
      "mov(16) g14<1>UD 0x00000003UD { align1 1H };\n"
      "mov(1) g16<1>UD mask0<0,1,0>UD { align1 WE_all 1N };\n"
      "endif(16) JIP: 16 { align1 1H };\n"
      RIG_EOT;
   struct eu_rig *r = rig_create(ISA_GEN9);
   set_channel_ids(r, 2, 16);
   rig_run_text(r, k, 0x0f0f);
   for (unsigned c = 0; c < 16; c++) {
      bool live = (0x0f0f >> c) & 1;
      CHECK(rig_ud(r, 10 + c / 8, c % 8) == (live ? 1u : 0u), "SIMD16 dispatch mask channel %u", c);
      CHECK(rig_ud(r, 14 + c / 8, c % 8) == (live && c < 3 ? 3u : 0u), "SIMD16 if channel %u", c);
   }
   for (unsigned c = 0; c < 8; c++)
      CHECK(rig_ud(r, 12, c) == (((0x0f0f >> (8 + c)) & 1) ? 2u : 0u), "2Q channel %u", 8 + c);
   /* the channel-enable register inside the IF: dispatched and taken */
   CHECK(rig_ud(r, 16, 0) == 0x7, "ce0 inside the IF: 0x%x", rig_ud(r, 16, 0));
   rig_destroy(r);
}

/* The barrier message marks the thread; wait blocks until the gateway
 * releases it, then the thread runs on. */
static void
test_barrier(void)
{
   static const char k[] =
      "mov(8) g10<1>UD 0x00000001UD { align1 1Q };\n"
      "mov(8) g20<1>UD 0x00000000UD { align1 WE_all 1Q };\n"
      "send(8) null<1>UW g20<8,8,1>UD 0x02000004\n"
      "    gateway MsgDesc: (barrier msg) { align1 WE_all 1Q };\n"
      "wait(1) n0<1>UD { align1 WE_all 1N };\n"
      "mov(8) g10<1>UD 0x00000002UD { align1 1Q };\n"
      RIG_EOT;
   struct eu_rig *r = rig_create(ISA_GEN9);
   if (!rig_load(r, k, 0xff))
      return;
   enum vgpu_eu_status st = rig_run(r);
   CHECK(st == VGPU_EU_BLOCKED, "wait after a barrier message did not block: %d", (int)st);
   CHECK(rig_ud(r, 10, 0) == 1, "ran past the barrier");
   st = rig_run(r);
   CHECK(st == VGPU_EU_BLOCKED, "a blocked thread resumed without its release");
   r->t.notified = true;
   if (!rig_exec(r))
      return;
   CHECK(rig_ud(r, 10, 0) == 2, "did not resume after the barrier");
   rig_destroy(r);
}

/* sr0.2 holds the Dispatch Mask and sr0.3 the Vector Mask, each group of
 * four channels with any dispatched one (PRM Vol 7 "State Register"); a
 * pixel shader's thread runs the Vector Mask but dispatches its lit
 * pixels only.  Mesa finds a fragment shader's live channels from them. */
static void
test_dispatch_masks(void)
{
   static const char k[] =
      "mov(1) g10<1>UD sr0.2<0,1,0>UD { align1 WE_all 1N };\n"
      "mov(1) g10.1<1>UD sr0.3<0,1,0>UD { align1 WE_all 1N };\n"
      RIG_EOT;
   struct eu_rig *r = rig_create(ISA_GEN9);
   if (rig_load(r, k, 0x0316) && rig_exec(r)) {
      CHECK(rig_ud(r, 10, 0) == 0x0316, "sr0.2 0x%x, want 0x316", rig_ud(r, 10, 0));
      CHECK(rig_ud(r, 10, 1) == 0x0fff, "sr0.3 0x%x, want 0xfff", rig_ud(r, 10, 1));
   }
   if (rig_load(r, k, 0xf0f0)) {
      vgpu_eu_thread_set_dmask(&r->t, 0x8020);
      if (rig_exec(r)) {
         CHECK(rig_ud(r, 10, 0) == 0x8020, "PS sr0.2 0x%x, want 0x8020", rig_ud(r, 10, 0));
         CHECK(rig_ud(r, 10, 1) == 0xf0f0, "PS sr0.3 0x%x, want 0xf0f0", rig_ud(r, 10, 1));
      }
   }
   rig_destroy(r);
}

/* A Gen9 kernel that must stop with a fault and its reason. */
static void
expect_fault(const char *what, const char *k)
{
   struct eu_rig *r = rig_create(ISA_GEN9);
   if (rig_load(r, k, 0xff)) {
      enum vgpu_eu_status st = rig_run(r);
      CHECK(st == VGPU_EU_FAULT && r->t.why, "%s: status %d", what, (int)st);
   }
   rig_destroy(r);
}

/* A loop that never ends is reported, not run forever. */
static void
test_runaway(void)
{
   expect_fault("endless loop",
                "add(8) g10<1>D g10<8,8,1>D 1D { align1 1Q };\n"
                "while(8) JIP: -16 { align1 1Q };\n"
                RIG_EOT);
}

/* CALL/RET: channels 0-4 call the subroutine at 112; inside it the odd
 * ones (1, 3) call a nested one at 224, channels 3 and 4 return early
 * through a predicated RET and the rest through the last one.  Channels
 * that did not call wait at the return address until every caller is
 * back; CALL leaves the return IP (kernel-relative bytes) and the call
 * mask in force in its destination, which RET reads back. */
static void
test_call_ret(void)
{
   static const char k[] =
      "mov(8) g10<1>UD 0x00000000UD { align1 1Q };\n"                    /*   0 */
      "mov(8) g11<1>UD 0x00000000UD { align1 1Q };\n"                    /*  16 */
      "cmp.l.f0.0(8) null<1>UD g2<8,8,1>UD 0x00000005UD { align1 1Q };\n" /* 32 */
      "(+f0.0) call(8) g20<1>UD JIP: 64 { align1 1Q };\n"                /*  48 -> 112 */
      "add(8) g10<1>UD g10<8,8,1>UD 0x00000100UD { align1 1Q };\n"       /*  64 */
      RIG_EOT                                                            /*  80, 96 */
      "add(8) g10<1>UD g10<8,8,1>UD 0x00000001UD { align1 1Q };\n"       /* 112 */
      "and.nz.f0.0(8) null<1>UD g2<8,8,1>UD 0x00000001UD { align1 1Q };\n" /* 128 */
      "(+f0.0) call(8) g22<1>UD JIP: 80 { align1 1Q };\n"                /* 144 -> 224 */
      "cmp.ge.f0.1(8) null<1>UD g2<8,8,1>UD 0x00000003UD { align1 1Q };\n" /* 160 */
      "(+f0.1) ret(8) g20<2,2,1>UD { align1 1Q };\n"                     /* 176 */
      "add(8) g10<1>UD g10<8,8,1>UD 0x00000010UD { align1 1Q };\n"       /* 192 */
      "ret(8) g20<2,2,1>UD { align1 1Q };\n"                             /* 208 */
      "mov(8) g11<1>UD g10<8,8,1>UD { align1 1Q };\n"                    /* 224 */
      "add(8) g10<1>UD g10<8,8,1>UD 0x00001000UD { align1 1Q };\n"       /* 240 */
      "ret(8) g22<2,2,1>UD { align1 1Q };\n";                            /* 256 */
   struct eu_rig *r = rig_create(ISA_GEN9);
   set_channel_ids(r, 2, 8);
   rig_run_text(r, k, 0xff);
   static const uint32_t want_g10[8] = { 0x111, 0x1111, 0x111, 0x1101, 0x101, 0x100, 0x100, 0x100 };
   for (unsigned c = 0; c < 8; c++) {
      CHECK(rig_ud(r, 10, c) == want_g10[c], "call/ret channel %u: 0x%x want 0x%x", c,
            rig_ud(r, 10, c), want_g10[c]);
      CHECK(rig_ud(r, 11, c) == (c == 1 || c == 3 ? 1u : 0u), "nested call channel %u: %u", c,
            rig_ud(r, 11, c));
   }
   CHECK(rig_ud(r, 20, 0) == 64, "outer return IP %u", rig_ud(r, 20, 0));
   CHECK(rig_ud(r, 22, 0) == 160 && rig_ud(r, 22, 1) == 0x1f,
         "nested frame: return IP %u, call mask 0x%x", rig_ud(r, 22, 0), rig_ud(r, 22, 1));
   rig_destroy(r);
}

/* A RET whose return address lies outside the kernel is a fault with a
 * reason, not a crash. */
static void
test_ret_outside(void)
{
   expect_fault("ret outside the kernel",
                "mov(1) g30<1>UD 0x00100000UD { align1 WE_all 1N };\n"
                "ret(8) g30<2,2,1>UD { align1 1Q };\n"
                RIG_EOT);
}

/* GOTO (Gen8+): channels 4-7 jump forward over two adds; then a loop
 * whose back edge is a GOTO: channel c repeats the body while its count
 * is below c, the others wait after the GOTO (JIP = UIP in both). */
static void
test_goto(void)
{
   static const char k[] =
      "mov(8) g10<1>UD 0x00000000UD { align1 1Q };\n"                      /*   0 */
      "cmp.ge.f0.0(8) null<1>UD g2<8,8,1>UD 0x00000004UD { align1 1Q };\n" /*  16 */
      "(+f0.0) goto(8) JIP: 48 UIP: 48 { align1 1Q };\n"                   /*  32 -> 80 */
      "add(8) g10<1>UD g10<8,8,1>UD 0x00000001UD { align1 1Q };\n"         /*  48 */
      "add(8) g10<1>UD g10<8,8,1>UD 0x00000002UD { align1 1Q };\n"         /*  64 */
      "add(8) g10<1>UD g10<8,8,1>UD 0x00000010UD { align1 1Q };\n"         /*  80 */
      "mov(8) g11<1>UD 0x00000000UD { align1 1Q };\n"                      /*  96 */
      "add(8) g11<1>UD g11<8,8,1>UD 0x00000001UD { align1 1Q };\n"         /* 112 */
      "cmp.l.f0.1(8) null<1>UD g11<8,8,1>UD g2<8,8,1>UD { align1 1Q };\n"  /* 128 */
      "(+f0.1) goto(8) JIP: -32 UIP: -32 { align1 1Q };\n"                 /* 144 -> 112 */
      "add(8) g12<1>UD g11<8,8,1>UD 0x00000100UD { align1 1Q };\n"         /* 160 */
      RIG_EOT;
   struct eu_rig *r = rig_create(ISA_GEN9);
   set_channel_ids(r, 2, 8);
   rig_run_text(r, k, 0xff);
   for (unsigned c = 0; c < 8; c++) {
      uint32_t trips = c ? c : 1;
      CHECK(rig_ud(r, 10, c) == (c < 4 ? 0x13u : 0x10u), "goto forward channel %u: 0x%x", c,
            rig_ud(r, 10, c));
      CHECK(rig_ud(r, 11, c) == trips, "goto loop channel %u: %u trips", c, rig_ud(r, 11, c));
      CHECK(rig_ud(r, 12, c) == 0x100 + trips, "after the goto loop channel %u: 0x%x", c,
            rig_ud(r, 12, c));
   }
   rig_destroy(r);
}

int
main(void)
{
   test_if_else(ISA_GEN9, if_else_gen9);
   test_if_else(ISA_GEN75, if_else_gen75);
   test_loop();
   test_halt();
   test_simd16_masks();
   test_barrier();
   test_dispatch_masks();
   test_runaway();
   test_call_ret();
   test_ret_outside();
   test_goto();
   return rig_result("test_eu_flow");
}

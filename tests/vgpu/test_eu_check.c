/* The EU interpreter's kernel checks (vgpu_eu_check.c): for each check a
 * correct kernel that passes with it on, and kernels broken on purpose
 * that must stop with the named rule: reads of undefined GRFs, the Gen12
 * software scoreboard, register region rules.  Kernels are written in the
 * assembler's text form; the thread payload is g0-g7 unless a test says
 * otherwise. */
#include <stdarg.h>

#include "eu_rig.h"

#define PAYLOAD_REGS 8

/* Gen12: the rig's end of thread, with the RegDist its send needs on the
 * mov before it. */
#define EOT_GEN12 "mov(8) g127<1>UD g0<8,8,1>UD { align1 WE_all 1Q };\n" \
   "send(8) nullUD g127UD nullUD 0x02000010 0x00000000\n" \
   "    thread_spawner MsgDesc: end { align1 WE_all 1Q @1 EOT };\n"

/* SIMD8 untyped surface read of R (message type 1, MDC_CMASK 0xe, SIMD8)
 * from binding table entry 0: mlen 1, rlen 1. */
#define UNTYPED_READ_DESC "0x02106e00"

struct run {
   unsigned checks;
   bool lp;                 /* Cherryview/Broxton 64-bit rules */
   unsigned payload;        /* GRFs defined before the thread starts */
   uint32_t dispatch;
   bool warn;               /* report violations and go on */
};

static char reported[512];
static unsigned reports;

static void
report(void *user, const char *what)
{
   (void)user;
   if (!reports++)
      snprintf(reported, sizeof(reported), "%s", what);
}

/* URB and render-target messages land nowhere: the checks run before
 * the message does. */
static enum vgpu_eu_status
output_sink(void *user, struct vgpu_eu_thread *t, const struct isa_send_msg *msg,
         const uint8_t *payload, uint8_t *reply, uint32_t exec_mask)
{
   (void)user; (void)t; (void)msg; (void)payload; (void)reply; (void)exec_mask;
   return VGPU_EU_DONE;
}

static enum vgpu_eu_status
run_kernel(struct eu_rig *r, const char *text, const struct run *o)
{
   if (!rig_load(r, text, o->dispatch ? o->dispatch : 0xff))
      return VGPU_EU_UNSUPPORTED;
   vgpu_eu_thread_define(&r->t, 0, (o->payload ? o->payload : PAYLOAD_REGS) * 32);
   rig_buffer(r, 0, 0, 256);
   struct vgpu_eu_env env = {
      .gen = r->gen, .user = r, .map = rig_map, .surface = rig_surface,
      .slm = r->slm, .slm_size = RIG_SLM_SIZE,
      .general_state_base = RIG_MEM_BASE,
      .scratch_per_thread = RIG_SCRATCH_PER_THREAD,
      .max_instructions = 1u << 20,
      .checks = o->checks, .lp_64bit_rules = o->lp,
      .check_report = o->warn ? report : NULL, .urb = output_sink,
      .render_target = output_sink,
   };
   reports = 0;
   reported[0] = 0;
   struct vgpu_eu_kernel *k = vgpu_eu_kernel_get(r->cache, r->gen, r->code_addr,
                                                 r->code, r->code_size);
   return k ? vgpu_eu_run(&env, k, &r->t) : VGPU_EU_UNSUPPORTED;
}

/* The kernel runs to its end with the checks on. */
static void
pass(enum isa_gen gen, const char *name, const char *text, struct run o)
{
   struct eu_rig *r = rig_create(gen);
   enum vgpu_eu_status st = run_kernel(r, text, &o);
   CHECK(st == VGPU_EU_DONE, "%s: status %d (%s)", name, (int)st,
         r->t.why ? r->t.why : "");
   rig_destroy(r);
}

/* The kernel stops on a failed check whose message holds each of want
 * (NULL-terminated); and without checks it runs to its end. */
static void
fail(enum isa_gen gen, const char *name, const char *text, struct run o,
     const char *want, ...)
{
   struct eu_rig *r = rig_create(gen);
   enum vgpu_eu_status st = run_kernel(r, text, &o);
   const char *why = r->t.why ? r->t.why : "";
   CHECK(st == VGPU_EU_FAULT && vgpu_eu_check_failed(&r->t),
         "%s: status %d (%s), want a failed check", name, (int)st, why);
   va_list ap;
   va_start(ap, want);
   for (; want; want = va_arg(ap, const char *))
      CHECK(strstr(why, want), "%s: '%s' lacks '%s'", name, why, want);
   va_end(ap);
   o.checks = 0;
   st = run_kernel(r, text, &o);
   CHECK(st == VGPU_EU_DONE, "%s: without checks status %d (%s)", name, (int)st,
         r->t.why ? r->t.why : "");
   rig_destroy(r);
}

static const struct run UNDEF = { .checks = VGPU_EU_CHECK_UNDEF };
static const struct run SWSB = { .checks = VGPU_EU_CHECK_SWSB };
static const struct run REGIONS = { .checks = VGPU_EU_CHECK_REGIONS };
static const struct run ALL = { .checks = VGPU_EU_CHECK_ALL };

/* ---- undefined reads ---- */

static void
test_undef(void)
{
   pass(ISA_GEN9, "payload and written registers",
        "add(16) g10<1>D g2<8,8,1>D g4<8,8,1>D { align1 1H };\n"
        "add(16) g12<1>D g10<8,8,1>D g2<8,8,1>D { align1 1H };\n"
        "add(8) g14<1>D g12<8,8,1>D g13<8,8,1>D { align1 1Q };\n"
        RIG_EOT, (struct run){ .checks = VGPU_EU_CHECK_UNDEF, .dispatch = 0xffff });
   fail(ISA_GEN9, "a register nothing wrote",
        "add(8) g10<1>D g20<8,8,1>D g2<8,8,1>D { align1 1Q };\n" RIG_EOT, UNDEF,
        "undefined GRF read: g20 bytes 0-31 (src0) by add(8) at ip 0x0", NULL);
   fail(ISA_GEN9, "a register beyond a shorter payload",
        "add(8) g10<1>D g2<8,8,1>D g3<8,8,1>D { align1 1Q };\n" RIG_EOT,
        (struct run){ .checks = VGPU_EU_CHECK_UNDEF, .payload = 3 },
        "g3 bytes 0-31 (src1)", NULL);

   /* f0.0 = 0x0f: channels 0-3 write g10, 4-7 leave it undefined. */
   static const char predicated[] =
      "mov(1) f0<1>UW 0x000fUW { align1 WE_all 1N };\n"
      "(+f0.0) mov(8) g10<1>UD g2<8,8,1>UD { align1 1Q };\n"
      "%s"
      RIG_EOT;
   char k[1024];
   snprintf(k, sizeof(k), predicated,
            "(+f0.0) add(8) g11<1>D g10<8,8,1>D g2<8,8,1>D { align1 1Q };\n");
   pass(ISA_GEN9, "predicated write, read under the same predicate", k, UNDEF);
   snprintf(k, sizeof(k), predicated,
            "add(8) g11<1>D g10<8,8,1>D g2<8,8,1>D { align1 1Q };\n");
   fail(ISA_GEN9, "half a register written under a predicate", k, UNDEF,
        "g10 bytes 16-31 (src0) by add(8) at ip 0x20", NULL);
   snprintf(k, sizeof(k), predicated,
            "(+f0.0) sel(8) g11<1>UD g10<8,8,1>UD g2<8,8,1>UD { align1 1Q };\n");
   pass(ISA_GEN9, "predicated sel reads src0 only where the predicate holds", k, UNDEF);
   snprintf(k, sizeof(k), predicated,
            "(-f0.0) sel(8) g11<1>UD g10<8,8,1>UD g2<8,8,1>UD { align1 1Q };\n");
   fail(ISA_GEN9, "inverted sel picks the undefined half", k, UNDEF,
        "g10 bytes 16-31 (src0) by sel(8)", NULL);

   fail(ISA_GEN9, "compressed SIMD16 reads two registers, one written",
        "mov(8) g10<1>UD g2<8,8,1>UD { align1 1Q };\n"
        "add(16) g12<1>D g10<8,8,1>D g2<8,8,1>D { align1 1H };\n" RIG_EOT,
        (struct run){ .checks = VGPU_EU_CHECK_UNDEF, .dispatch = 0xffff },
        "g11 bytes 0-31 (src0) by add(16)", NULL);
   fail(ISA_GEN9, "64-bit region over a register and a half",
        "mov(4) g10<1>DF g2<4,4,1>DF { align1 1Q };\n"
        "add(8) g12<1>DF g10<4,4,1>DF g2<4,4,1>DF { align1 1Q };\n" RIG_EOT,
        UNDEF, "g11 bytes 0-31 (src0) by add(8)", NULL);
   fail(ISA_GEN9, "Align16 writemask leaves z and w undefined",
        "mov(8) g10<1>.xyF g2<4>F { align16 1Q };\n"
        "add(8) g11<1>F g10<8,8,1>F g2<8,8,1>F { align1 1Q };\n" RIG_EOT,
        UNDEF, "g10 bytes 8-31 (src0)", NULL);
   /* a0.0 = 0x140: g10 */
   static const char indirect[] =
      "%s"
      "mov(1) a0<1>UW 0x0140UW { align1 WE_all 1N };\n"
      "mov(8) g12<1>UD g[a0 0]<8,8,1>UD { align1 1Q };\n" RIG_EOT;
   snprintf(k, sizeof(k), indirect, "mov(8) g10<1>UD g2<8,8,1>UD { align1 1Q };\n");
   pass(ISA_GEN9, "indirect read of a written register", k, UNDEF);
   snprintf(k, sizeof(k), indirect, "");
   fail(ISA_GEN9, "indirect read of an undefined register", k, UNDEF,
        "g10 bytes 0-31 (src0) by mov(8)", NULL);

   /* Channels 4-7 are not dispatched: their lanes are covered, not defined. */
   static const char partial[] =
      "mov(8) g10<1>UD g2<8,8,1>UD { align1 1Q };\n"
      "%s" RIG_EOT;
   struct run half = { .checks = VGPU_EU_CHECK_UNDEF, .dispatch = 0x0f };
   snprintf(k, sizeof(k), partial,
            "add(8) g11<1>D g10<8,8,1>D g2<8,8,1>D { align1 WE_all 1Q };\n");
   pass(ISA_GEN9, "WE_all reads the lanes of channels not dispatched", k, half);
   snprintf(k, sizeof(k), partial,
            "send(8) g12<1>UW g10<8,8,1>UD " UNTYPED_READ_DESC "\n"
            "    dp_data1 MsgDesc: m { align1 1Q };\n"
            "add(8) g13<1>D g12<8,8,1>D g2<8,8,1>D { align1 1Q };\n");
   pass(ISA_GEN9, "a payload with lanes of disabled channels; the response", k, half);
   snprintf(k, sizeof(k), partial,
            "add(8) g11<1>D g20<8,8,1>D g2<8,8,1>D { align1 WE_all 1Q };\n");
   fail(ISA_GEN9, "WE_all read of a register nothing covered", k, half,
        "g20 bytes 0-31 (src0)", NULL);
   fail(ISA_GEN9, "message payload nothing wrote",
        "send(8) g12<1>UW g20<8,8,1>UD " UNTYPED_READ_DESC "\n"
        "    dp_data1 MsgDesc: m { align1 1Q };\n" RIG_EOT,
        UNDEF, "g20 bytes 0-31 (message payload) by send(8)", NULL);
   fail(ISA_GEN9, "a split send's second payload",
        "mov(8) g10<1>UD 0x00000000UD { align1 1Q };\n"
        "sends(8) nullUD g10UD g21UD 0x02026e00 0x00000040\n"
        "    dp_data1 MsgDesc: m { align1 1Q };\n" RIG_EOT,
        UNDEF, "g21 bytes 0-31 (message payload, src1) by sends(8)", NULL);

   /* A URB write's handles must be defined, its data need not be (a VUE
    * row nothing reads); Gen8+ SIMD8 write, Global Offset 1, mlen 2: the
    * handles in g10, the data in g11. */
   static const char urb_write[] =
      "%s"
      "send(8) null<1>UD g10<8,8,1>UD 0x04080017\n"
      "    urb MsgDesc: m { align1 1Q };\n" RIG_EOT;
   snprintf(k, sizeof(k), urb_write, "mov(8) g10<1>UD 0x00000001UD { align1 1Q };\n");
   pass(ISA_GEN9, "URB write of data nothing wrote", k, UNDEF);
   snprintf(k, sizeof(k), urb_write, "mov(8) g11<1>UD 0x00000001UD { align1 1Q };\n");
   fail(ISA_GEN9, "URB write with handles nothing wrote", k, UNDEF,
        "g10 bytes 0-31 (message payload) by send(8)", NULL);

   /* The same for a render-target write (SIMD8 single source, header in
    * g10-g11, colour in g12-g15, last render target): a colour
    * component the shader never wrote is undefined in Vulkan too. */
   static const char rt_write[] =
      "%s"
      "send(8) null<1>UD g10<8,8,1>UD 0x0c0b1400\n"
      "    render MsgDesc: m { align1 1Q };\n" RIG_EOT;
   snprintf(k, sizeof(k), rt_write,
            "mov(16) g10<1>UD 0x00000001UD { align1 1H };\n"
            "mov(8) g12<1>F 0x3f800000F { align1 1Q };\n");
   pass(ISA_GEN9, "render-target write of a colour partly written", k, UNDEF);
   snprintf(k, sizeof(k), rt_write, "mov(8) g10<1>UD 0x00000001UD { align1 1Q };\n");
   fail(ISA_GEN9, "render-target write with half its header written", k, UNDEF,
        "g11 bytes 0-31 (message payload) by send(8)", NULL);

   /* A register copied onto itself (Mesa's SIMD32 fragment shaders do at
    * the top of a loop whose iterations fill it under a predicate): no
    * use of its bytes, and no definition of them either.  f0.0 = 0x00ff:
    * channels 0-7 write g10, g11 stays undefined. */
   static const char self[] =
      "mov(1) f0<1>UW 0x00ffUW { align1 WE_all 1N };\n"
      "(+f0.0) mov(16) g10<1>F g2<8,8,1>F { align1 1H };\n"
      "mov(16) g10<1>F g10<8,8,1>F { align1 1H };\n"
      "mov(8) g11<1>F g11<8,8,1>F { align1 2Q };\n"
      "%s" RIG_EOT;
   struct run simd16 = { .checks = VGPU_EU_CHECK_UNDEF, .dispatch = 0xffff };
   snprintf(k, sizeof(k), self,
            "(+f0.0) add(16) g12<1>F g10<8,8,1>F g2<8,8,1>F { align1 1H };\n");
   pass(ISA_GEN9, "self-moves of a half-written register, then its written half", k,
        simd16);
   pass(ISA_GEN8, "the same on Gen8", k, simd16);
   snprintf(k, sizeof(k), self,
            "add(16) g12<1>F g10<8,8,1>F g2<8,8,1>F { align1 1H };\n");
   fail(ISA_GEN9, "a self-move defines nothing: its undefined half read after", k,
        simd16, "g11 bytes 0-31 (src0) by add(16)", NULL);
   snprintf(k, sizeof(k), self,
            "mov(16) g12<1>F g10<8,8,1>F { align1 1H };\n");
   fail(ISA_GEN9, "a move of the undefined half elsewhere", k, simd16,
        "g11 bytes 0-31 (src0) by mov(16)", NULL);
   snprintf(k, sizeof(k), self,
            "mov.nz.f0.0(16) g10<1>F g10<8,8,1>F { align1 1H };\n");
   fail(ISA_GEN9, "a self-move whose conditional modifier tests the bytes", k, simd16,
        "g11 bytes 0-31 (src0) by mov(16)", NULL);
   snprintf(k, sizeof(k), self,
            "mov(16) g10<1>D g10<8,8,1>F { align1 1H };\n");
   fail(ISA_GEN9, "a converting self-move computes with the bytes", k, simd16,
        "g11 bytes 0-31 (src0) by mov(16)", NULL);

   /* A WE_all raw move copies each byte's state instead of being judged.
    * g12 gets only z and w of each vec4 (bytes 8-15 and 24-31; x and y,
    * bytes 0-7 and 16-23, nothing ever wrote); g11 is its NoMask copy,
    * then the data of the Gen9 URB write above, or an add's source. */
   static const char copied[] =
      "mov(8) g12<1>.zwF g2<4>F { align16 1Q };\n"
      "mov(8) g10<1>UD 0x00000001UD { align1 1Q };\n"
      "mov(8) g11<1>UD g12<8,8,1>UD { align1 WE_all 1Q };\n"
      "%s" RIG_EOT;
   snprintf(k, sizeof(k), copied,
            "send(8) null<1>UD g10<8,8,1>UD 0x04080017\n"
            "    urb MsgDesc: m { align1 1Q };\n");
   pass(ISA_GEN9, "NoMask copy of a partly written register, stored by a URB write",
        k, UNDEF);
   snprintf(k, sizeof(k), copied,
            "add(8) g13<1>D g11<8,8,1>D g2<8,8,1>D { align1 1Q };\n");
   fail(ISA_GEN9, "the copied undefined bytes fed to an add", k, UNDEF,
        "g11 bytes 0-23 (src0) by add(8)", NULL);
   snprintf(k, sizeof(k), copied,
            "add(8) g13<1>D g11<8,8,1>D g2<8,8,1>D { align1 WE_all 1Q };\n");
   fail(ISA_GEN9, "the copied never-covered bytes fed to a WE_all add", k, UNDEF,
        "g11 bytes 0-23 (src0) by add(8)", NULL);
   snprintf(k, sizeof(k), copied,
            "send(8) g14<1>UW g11<8,8,1>UD " UNTYPED_READ_DESC "\n"
            "    dp_data1 MsgDesc: m { align1 1Q };\n");
   fail(ISA_GEN9, "the copied bytes as an untyped read's addresses", k, UNDEF,
        "g11 bytes 0-23 (message payload) by send(8)", NULL);
   snprintf(k, sizeof(k), copied,
            "add(4) g13<1>D g11.2<4,2,1>D g2<4,4,1>D { align1 1Q };\n");
   pass(ISA_GEN9, "the copied defined bytes (z and w) fed to an add", k, UNDEF);
   fail(ISA_GEN9, "a converting move is judged, not copied",
        "mov(8) g12<1>.zwF g2<4>F { align16 1Q };\n"
        "mov(8) g11<1>F g12<8,8,1>D { align1 WE_all 1Q };\n" RIG_EOT,
        UNDEF, "g12 bytes 0-23 (src0) by mov(8)", NULL);

   /* hasvk's Gen7 HS (Mesa 22.3, tess_points on Ivy Bridge): z and w of
    * a temporary (g16 here) written under a writemask, the register copied NoMask into the
    * data of an OWord URB write (per-slot offsets, interleaved) whose
    * header masks z and w (DWord 5 = 0xcc00). */
   static const char hs[] =
      "mov(8) g16<1>.zwUD g2<4>UD { align16 1Q };\n"
      "mov(8) g27<1>UD 0x00000000UD { align1 WE_all 1Q };\n"
      "mov(1) g27.5<1>UD 0x0000cc00UD { align1 WE_all 1N };\n"
      "mov(2) g27<1>UD g0<0,1,0>UD { align1 WE_all 1N };\n"
      "mov(8) g28<1>D g16<4>D { align16 WE_all 1Q };\n"
      "%s" RIG_EOT;
   snprintf(k, sizeof(k), hs,
            "send(8) null<1>F g27<4>UD 0x04094001\n"
            "    urb MsgDesc: m { align16 1Q };\n");
   pass(ISA_GEN7, "Gen7 HS: NoMask copy into a masked OWord URB write", k, UNDEF);
   snprintf(k, sizeof(k), hs,
            "add(8) g29<1>D g28<4>D g2<4>D { align16 1Q };\n");
   fail(ISA_GEN7, "Gen7 HS: the copy's x and y fed to an add", k, UNDEF,
        "g28 bytes 0-23 (src0) by add(8)", NULL);

   /* Reported and passed over instead of a fault. */
   struct eu_rig *r = rig_create(ISA_GEN9);
   struct run warn = { .checks = VGPU_EU_CHECK_UNDEF, .warn = true };
   enum vgpu_eu_status st = run_kernel(r,
      "add(8) g10<1>D g20<8,8,1>D g2<8,8,1>D { align1 1Q };\n" RIG_EOT, &warn);
   CHECK(st == VGPU_EU_DONE && reports == 1 && strstr(reported, "g20"),
         "warn mode: status %d, %u reports (%s)", (int)st, reports, reported);
   rig_destroy(r);
}

/* ---- Gen12 software scoreboard ---- */

static void
test_swsb_inorder(void)
{
   pass(ISA_GEN12, "in-order chain with RegDist",
        "add(8) g10<1>D g2<8,8,1>D g3<8,8,1>D { align1 1Q };\n"
        "add(8) g11<1>D g10<8,8,1>D g2<8,8,1>D { align1 1Q @1 };\n"
        "add(8) g12<1>D g4<8,8,1>D g2<8,8,1>D { align1 1Q };\n"
        "add(8) g13<1>D g11<8,8,1>D g12<8,8,1>D { align1 1Q @1 };\n"
        /* an in-order write after an in-order write needs nothing */
        "mov(8) g13<1>D g2<8,8,1>D { align1 1Q };\n"
        EOT_GEN12, SWSB);
   fail(ISA_GEN12, "RAW on the previous instruction without RegDist",
        "add(8) g10<1>D g2<8,8,1>D g3<8,8,1>D { align1 1Q };\n"
        "add(8) g11<1>D g10<8,8,1>D g2<8,8,1>D { align1 1Q };\n" EOT_GEN12, SWSB,
        "SWSB: g10 read by add(8) at ip 0x10 without waiting on add at ip 0x0",
        "needs RegDist @1 or less, has none", NULL);
   static const char two_back[] =
      "add(8) g10<1>D g2<8,8,1>D g3<8,8,1>D { align1 1Q };\n"
      "add(8) g12<1>D g4<8,8,1>D g2<8,8,1>D { align1 1Q };\n"
      "add(8) g11<1>D g10<8,8,1>D g2<8,8,1>D { align1 1Q @%u };\n" EOT_GEN12;
   char k[2048];
   snprintf(k, sizeof(k), two_back, 2);
   pass(ISA_GEN12, "RegDist equal to the distance", k, SWSB);
   snprintf(k, sizeof(k), two_back, 1);
   pass(ISA_GEN12, "a shorter RegDist waits for a later, so also this one", k, SWSB);
   snprintf(k, sizeof(k), two_back, 3);
   fail(ISA_GEN12, "RegDist beyond the producer", k, SWSB,
        "needs RegDist @2 or less, has @3", NULL);

   /* The producer n in-order instructions back, sync.nop not counting. */
   for (unsigned n = 10; n <= 11; n++) {
      strcpy(k, "add(8) g10<1>D g2<8,8,1>D g3<8,8,1>D { align1 1Q };\n"
                "sync nop(1) null<0,1,0>UB { align1 WE_all 1N };\n");
      for (unsigned i = 1; i < n; i++)
         strcat(k, "add(8) g12<1>D g4<8,8,1>D g2<8,8,1>D { align1 1Q };\n");
      strcat(k, "add(8) g11<1>D g10<8,8,1>D g2<8,8,1>D { align1 1Q };\n" EOT_GEN12);
      if (n == 11)
         pass(ISA_GEN12, "a producer 11 in-order instructions back is done", k, SWSB);
      else
         fail(ISA_GEN12, "a producer 10 in-order instructions back", k, SWSB,
              "10 in-order instructions before it (needs RegDist @7 or less, has none)", NULL);
   }
   /* An earlier wait covers what came before it. */
   pass(ISA_GEN12, "a RegDist on an instruction in between",
        "add(8) g10<1>D g2<8,8,1>D g3<8,8,1>D { align1 1Q };\n"
        "add(8) g12<1>D g4<8,8,1>D g2<8,8,1>D { align1 1Q @1 };\n"
        "add(8) g11<1>D g10<8,8,1>D g2<8,8,1>D { align1 1Q };\n"
        "add(8) g13<1>D g11<8,8,1>D g2<8,8,1>D { align1 1Q @1 };\n" EOT_GEN12, SWSB);
   fail(ISA_GEN12, "a0 written then used for indirect addressing",
        "mov(1) a0<1>UW 0x0040UW { align1 WE_all 1N };\n"
        "mov(8) g12<1>UD g[a0 0]<8,8,1>UD { align1 1Q };\n" EOT_GEN12, SWSB,
        "SWSB: a0 read by mov(8)", NULL);
}

static void
test_swsb_tokens(void)
{
   static const char send_then[] =
      "send(8) g10UD g2UD nullUD " UNTYPED_READ_DESC " 0x00000000\n"
      "    dp_data1 MsgDesc: m { align1 1Q $0 };\n"
      "%s" EOT_GEN12;
   char k[2048];
   snprintf(k, sizeof(k), send_then,
            "add(8) g11<1>D g10<8,8,1>D g3<8,8,1>D { align1 1Q $0.dst };\n");
   pass(ISA_GEN12, "send result read after $0.dst", k, SWSB);
   snprintf(k, sizeof(k), send_then,
            "sync nop(1) null<0,1,0>UB { align1 WE_all 1N $0.dst };\n"
            "add(8) g11<1>D g10<8,8,1>D g3<8,8,1>D { align1 1Q };\n");
   pass(ISA_GEN12, "send result read after sync.nop $0.dst", k, SWSB);
   snprintf(k, sizeof(k), send_then,
            "sync allwr(1) null<0,1,0>UB { align1 WE_all 1N };\n"
            "add(8) g11<1>D g10<8,8,1>D g3<8,8,1>D { align1 1Q };\n");
   pass(ISA_GEN12, "send result read after sync.allwr", k, SWSB);
   snprintf(k, sizeof(k), send_then,
            "add(8) g11<1>D g10<8,8,1>D g3<8,8,1>D { align1 1Q };\n");
   fail(ISA_GEN12, "send result read without its token", k, SWSB,
        "SWSB: g10 read by add(8) at ip 0x10 without waiting on $0 of send at ip 0x0", NULL);
   snprintf(k, sizeof(k), send_then,
            "add(8) g11<1>D g10<8,8,1>D g3<8,8,1>D { align1 1Q $0.src };\n");
   fail(ISA_GEN12, "send result read after only $0.src", k, SWSB,
        "without waiting on $0 of send", NULL);
   snprintf(k, sizeof(k), send_then,
            "add(8) g11<1>D g10<8,8,1>D g3<8,8,1>D { align1 1Q $1.dst };\n");
   fail(ISA_GEN12, "send result read after another token", k, SWSB,
        "without waiting on $0 of send", NULL);
   snprintf(k, sizeof(k), send_then,
            "mov(8) g10<1>D g3<8,8,1>D { align1 1Q };\n");
   fail(ISA_GEN12, "send result overwritten without its token (WAW)", k, SWSB,
        "SWSB: g10 written by mov(8)", NULL);
   snprintf(k, sizeof(k), send_then,
            "mov(8) g2<1>D g3<8,8,1>D { align1 1Q };\n");
   fail(ISA_GEN12, "send payload overwritten before it was read (WAR)", k, SWSB,
        "SWSB: g2 written by mov(8) at ip 0x10 while send at ip 0x0 may not have read it yet",
        NULL);
   snprintf(k, sizeof(k), send_then,
            "mov(8) g2<1>D g3<8,8,1>D { align1 1Q $0.src };\n");
   pass(ISA_GEN12, "send payload overwritten after $0.src", k, SWSB);
   /* A send takes its descriptor from a0 as it issues: the next one may
    * be written at once (Mesa's indirect sends in a loop do so). */
   snprintf(k, sizeof(k), send_then,
            "mov(1) a0<1>UD 0x02106e00UD { align1 WE_all 1N };\n"
            "send(8) g12UD g2UD nullUD a0<0>UD 0x00000000\n"
            "    dp_data1 MsgDesc: indirect { align1 1Q @1 $1 };\n"
            "mov(1) a0<1>UD 0x02106e00UD { align1 WE_all 1N };\n");
   pass(ISA_GEN12, "a0 written again right after the indirect send that read it", k, SWSB);
   /* A token allocated again waits for its previous holder. */
   snprintf(k, sizeof(k), send_then,
            "send(8) g12UD g2UD nullUD " UNTYPED_READ_DESC " 0x00000000\n"
            "    dp_data1 MsgDesc: m { align1 1Q $0 };\n"
            "add(8) g11<1>D g10<8,8,1>D g12<8,8,1>D { align1 1Q $0.dst };\n");
   pass(ISA_GEN12, "token reused: waiting on the second send", k, SWSB);
   snprintf(k, sizeof(k), send_then,
            "send(8) g12UD g2UD nullUD " UNTYPED_READ_DESC " 0x00000000\n"
            "    dp_data1 MsgDesc: m { align1 1Q $1 };\n"
            "add(8) g11<1>D g10<8,8,1>D g12<8,8,1>D { align1 1Q $1.dst };\n");
   fail(ISA_GEN12, "two tokens, one waited for", k, SWSB,
        "g10 read by add(8) at ip 0x20 without waiting on $0", NULL);

   fail(ISA_GEN12, "send without a token",
        "send(8) g10UD g2UD nullUD " UNTYPED_READ_DESC " 0x00000000\n"
        "    dp_data1 MsgDesc: m { align1 1Q };\n" EOT_GEN12, SWSB,
        "SWSB: send(8) at ip 0x0 runs out of order but allocates no SBID token", NULL);
   fail(ISA_GEN12, "send payload written just before without RegDist",
        "mov(8) g20<1>UD g2<8,8,1>UD { align1 1Q };\n"
        "send(8) g10UD g20UD nullUD " UNTYPED_READ_DESC " 0x00000000\n"
        "    dp_data1 MsgDesc: m { align1 1Q $0 };\n" EOT_GEN12, SWSB,
        "SWSB: g20 read by send(8) at ip 0x10 without waiting on mov", NULL);
   pass(ISA_GEN12, "send payload written just before, @1",
        "mov(8) g20<1>UD g2<8,8,1>UD { align1 1Q };\n"
        "send(8) g10UD g20UD nullUD " UNTYPED_READ_DESC " 0x00000000\n"
        "    dp_data1 MsgDesc: m { align1 1Q @1 $0 };\n" EOT_GEN12, SWSB);
   fail(ISA_GEN12, "send overwrites what an in-order instruction just read",
        "add(8) g11<1>D g10<8,8,1>D g3<8,8,1>D { align1 1Q };\n"
        "send(8) g10UD g2UD nullUD " UNTYPED_READ_DESC " 0x00000000\n"
        "    dp_data1 MsgDesc: m { align1 1Q $0 };\n" EOT_GEN12, SWSB,
        "SWSB: g10 written by out-of-order send(8) at ip 0x10 while the in-order read at ip 0x0", NULL);

   static const char math_then[] =
      "math inv(8) g10<1>F g2<8,8,1>F null<8,8,1>F { align1 1Q $1 };\n"
      "%s" EOT_GEN12;
   snprintf(k, sizeof(k), math_then,
            "add(8) g11<1>F g10<8,8,1>F g3<8,8,1>F { align1 1Q };\n");
   fail(ISA_GEN12, "math result read without its token", k, SWSB,
        "SWSB: g10 read by add(8) at ip 0x10 without waiting on $1 of math at ip 0x0", NULL);
   snprintf(k, sizeof(k), math_then,
            "add(8) g11<1>F g10<8,8,1>F g3<8,8,1>F { align1 1Q $1.dst };\n");
   pass(ISA_GEN12, "math result read after $1.dst", k, SWSB);
   fail(ISA_GEN12, "math without a token",
        "math inv(8) g10<1>F g2<8,8,1>F null<8,8,1>F { align1 1Q };\n" EOT_GEN12, SWSB,
        "math(8) at ip 0x0 runs out of order but allocates no SBID token", NULL);
}

/* ---- register regions ---- */

/* Ivy Bridge's DF form: ExecSize and regions count floats, DF operands
 * are pairs of packed floats (a DF scalar <0;2,1>, or <2;2,1> in a
 * one-channel instruction, whose ExecSize equals the width), and a
 * compressed DF instruction needs NoMask; the odd floats of a DF->F
 * result (bytes 4-7, 12-15...) are garbage. */
static void
test_ivb_df_regions(void)
{
   pass(ISA_GEN7, "Ivy Bridge DF pairs",
        "add(8) g10<1>DF g2<8,8,1>DF g4<0,2,1>DF { align1 1Q };\n"
        "mov(8) g11<1>DF g5<2,2,0>F { align1 2N };\n"
        "mov(8) g12<1>F g2<8,8,1>DF { align1 1Q };\n"
        "mov(16) g14<1>DF g2<8,8,1>DF { align1 WE_all 1H };\n"
        "mov(2) g16<1>DF g4<2,2,1>DF { align1 WE_all 1N };\n"
        RIG_EOT, (struct run){ .checks = VGPU_EU_CHECK_ALL, .dispatch = 0xffff });
   fail(ISA_GEN7, "Ivy Bridge DF scalar of one float",
        "add(8) g10<1>DF g2<8,8,1>DF g4<0,1,0>DF { align1 1Q };\n" RIG_EOT, REGIONS,
        "region rule broken by src1", "pairs of packed floats", NULL);
   fail(ISA_GEN7, "Ivy Bridge DF region in DF units",
        "add(4) g10<1>DF g2<4,4,1>DF g2<4,4,1>DF { align1 1N };\n"
        "mov(8) g11<1>DF g2<8,4,2>DF { align1 1Q };\n" RIG_EOT, REGIONS,
        "region rule broken by src0 of mov(4)", "pairs of packed floats", NULL);
   fail(ISA_GEN7, "Ivy Bridge compressed DF under the execution mask",
        "add(16) g10<1>DF g2<8,8,1>DF g4<0,2,1>DF { align1 1H };\n" RIG_EOT, REGIONS,
        "first half's channel enables", NULL);
   fail(ISA_GEN7, "Ivy Bridge DF->F: the odd float is garbage",
        "mov(8) g12<1>F g2<8,8,1>DF { align1 1Q };\n"
        "mov(8) g13<1>UD g12<8,8,1>UD { align1 1Q };\n" RIG_EOT, UNDEF,
        "g12 bytes 4-31 (src0) by mov(8)", NULL);
   pass(ISA_GEN75, "Haswell DF in DF units",
        "add(8) g10<1>DF g2<4,4,1>DF g4<0,1,0>DF { align1 1Q };\n" RIG_EOT, REGIONS);
}

static void
test_regions(void)
{
   pass(ISA_GEN9, "ordinary regions",
        "add(8) g10<1>D g2<8,8,1>D g3.1<0,1,0>D { align1 1Q };\n"
        "add(16) g12<1>F g2<8,8,1>F g4<8,8,1>F { align1 1H };\n"
        "add(16) g18<1>W g2<8,8,1>W g4<16,8,2>W { align1 1H };\n"
        "mov(8) g14<1>UD g2<4,2,2>UD { align1 1Q };\n"
        "mov(8) g15<2>UW g2<8,8,1>UD { align1 1Q };\n"
        "mov(8) g16<1>UW 0x76543210V { align1 1Q };\n"
        "mov(1) g17<1>UD g2.3<0,1,0>UD { align1 WE_all 1N };\n"
        RIG_EOT, REGIONS);
   fail(ISA_GEN9, "a source over three registers",
        "add(16) g10<1>F g2<16,8,1>F g4<8,8,1>F { align1 1H };\n" RIG_EOT, REGIONS,
        "region rule broken by src0 of add(16) at ip 0x0",
        "A source cannot span more than 2 adjacent GRF registers", NULL);
   fail(ISA_GEN9, "width above the execution size",
        "mov(4) g10<1>UD g2<8,8,1>UD { align1 1N };\n" RIG_EOT, REGIONS,
        "ExecSize must be greater than or equal to Width", NULL);
   fail(ISA_GEN9, "width 1 with a horizontal stride",
        "mov(8) g10<1>UD g2<1,1,1>UD { align1 1Q };\n" RIG_EOT, REGIONS,
        "If Width = 1, HorzStride must be 0", NULL);
   fail(ISA_GEN9, "ExecSize = Width with the wrong vertical stride",
        "mov(8) g10<1>UD g2<4,8,1>UD { align1 1Q };\n" RIG_EOT, REGIONS,
        "VertStride must be Width * HorzStride", NULL);
   fail(ISA_GEN9, "a row across a register boundary",
        "mov(8) g10<1>UD g2.4<8,8,1>UD { align1 1Q };\n" RIG_EOT, REGIONS,
        "VertStride must be used to cross GRF register boundaries", NULL);
   fail(ISA_GEN9, "destination stride 0",
        "mov(8) g10<0>UD g2<8,8,1>UD { align1 1Q };\n" RIG_EOT, REGIONS,
        "region rule broken by dst", "Dst.HorzStride must not be 0", NULL);
   fail(ISA_GEN9, "destination over three registers",
        "mov(16) g10<4>UD g2<8,8,1>UD { align1 1H };\n" RIG_EOT, REGIONS,
        "A destination cannot span more than 2 adjacent GRF registers", NULL);
   fail(ISA_GEN9, "DWord execution type into packed words",
        "add(8) g10<1>W g2<8,8,1>D g3<8,8,1>D { align1 1Q };\n" RIG_EOT, REGIONS,
        "Destination stride must be equal to the ratio", NULL);
   fail(ISA_GEN9, "an integer vector immediate into DWords",
        "mov(8) g10<1>D 0x76543210V { align1 1Q };\n" RIG_EOT, REGIONS,
        "immediate vector", NULL);

   /* 64-bit types: none on Gen11 and Gen12; on Cherryview/Broxton only
    * with matching strides and offsets. */
   fail(ISA_GEN12, "Q on Gen12",
        "add(8) g10<1>Q g2<4,4,1>Q g4<4,4,1>Q { align1 1Q };\n" EOT_GEN12, REGIONS,
        "No 64-bit data type", NULL);
   fail(ISA_GEN11, "DF on Gen11",
        "mov(4) g10<1>DF g2<4,4,1>DF { align1 1N };\n" RIG_EOT, REGIONS,
        "No 64-bit data type", NULL);
   fail(ISA_GEN11, "byte src1 on Gen11",
        "add(8) g10<1>W g2<8,8,1>W g3<16,8,2>B { align1 1Q };\n" RIG_EOT, REGIONS,
        "region rule broken by src1", "Byte data type is not supported", NULL);
   static const char df[] =
      "add(2) g10<1>DF g2<2,2,1>DF g4%s<2,2,1>DF { align1 1N };\n" RIG_EOT;
   char k[1024];
   struct run lp = { .checks = VGPU_EU_CHECK_REGIONS, .lp = true };
   snprintf(k, sizeof(k), df, "");
   pass(ISA_GEN9, "DF with matching strides and offsets on Broxton", k, lp);
   pass(ISA_GEN9, "DF on Skylake", k, REGIONS);
   snprintf(k, sizeof(k), df, ".1");
   fail(ISA_GEN9, "DF offsets differing on Broxton", k, lp,
        "source and destination offsets must be the same", NULL);
   pass(ISA_GEN9, "DF offsets differing on Skylake", k, REGIONS);
   fail(ISA_GEN9, "DF stride 2 QWords into 1 on Broxton",
        "mov(4) g10<1>DF g2<8,4,2>DF { align1 1N };\n" RIG_EOT, lp,
        "strides must be the same multiple of a QWord", NULL);
   test_ivb_df_regions();
}

/* Every check at once on correct kernels of each kind. */
static void
test_all_clean(void)
{
   pass(ISA_GEN12, "Gen12 kernel with sends, math and a loop",
        "mov(8) g20<1>UD g2<8,8,1>UD { align1 1Q };\n"
        "send(8) g10UD g20UD nullUD " UNTYPED_READ_DESC " 0x00000000\n"
        "    dp_data1 MsgDesc: m { align1 1Q @1 $0 };\n"
        "math inv(8) g11<1>F g3<8,8,1>F null<8,8,1>F { align1 1Q $1 };\n"
        "add(8) g12<1>F g11<8,8,1>F g3<8,8,1>F { align1 1Q $1.dst };\n"
        "sync nop(1) null<0,1,0>UB { align1 WE_all 1N $0.dst };\n"
        "add(8) g13<1>F g10<8,8,1>F g12<8,8,1>F { align1 1Q @1 };\n"
        EOT_GEN12, ALL);
   pass(ISA_GEN9, "Gen9 kernel with a send and SIMD16",
        "mov(8) g20<1>UD g2<8,8,1>UD { align1 1Q };\n"
        "send(8) g10<1>UW g20<8,8,1>UD " UNTYPED_READ_DESC "\n"
        "    dp_data1 MsgDesc: m { align1 1Q };\n"
        "add(16) g12<1>F g2<8,8,1>F g4<8,8,1>F { align1 1H };\n"
        "add(8) g14<1>F g10<8,8,1>F g13<8,8,1>F { align1 1Q };\n"
        RIG_EOT, (struct run){ .checks = VGPU_EU_CHECK_ALL, .dispatch = 0xffff });
}

int
main(void)
{
   test_undef();
   test_swsb_inorder();
   test_swsb_tokens();
   test_regions();
   test_all_clean();
   return rig_result("test_eu_check");
}

/* The URB's messages (src/vgpu/3d/vgpu_urb.c) from kernels the EU runs:
 * Gen9's SIMD8 write with per-slot offsets and channel masks, and the
 * SIMD8 read; Gen7's SIMD4x2 HWord write and read with interleave and the
 * header's component masks; a handle outside every stage's entries is a
 * page fault of the thread; an allocation beyond the URB is refused.
 *
 * Expected bytes are worked out by hand from the payload layouts (PRM Vol
 * 2d "URB": Gen8+ SIMD8 messages take one handle per slot in the header's
 * DWord n, offsets in OWords, data GRF k holding component k % 4 of vec4
 * k / 4; Gen7 HWord messages take handles in DWords 0 and 1, offsets in
 * 256-bit rows, each data GRF's halves for the two slots at 16 bytes per
 * GRF when interleaved; OWord messages the same header with offsets in
 * OWords), never by running the code under test. */
#include "eu_rig.h"
#include "vgpu_priv.h"
#include "vgpu_urb.h"

enum { SFID_URB = 6 };

/* vgpu_urb_create reports a bad allocation through this (no batch here). */
static const char *fault_why;
void
vgpu_exec_fault(struct vgpu_exec *exec, uint64_t addr, const char *why)
{
   (void)exec; (void)addr;
   fault_why = why;
}

/* VS entries from URB byte 8192 (Starting Address 1, 8 KB units). */
#define FIRST_BYTE 8192u

static struct vgpu_urb *
make_urb(uint32_t entries, uint32_t entry_size_64b)
{
   struct vgpu_3d *st = calloc(1, sizeof(*st));
   st->urb[VGPU_3D_VS] = (struct vgpu_3d_urb){ .entries = entries,
                                               .entry_size = entry_size_64b, .start = 1 };
   struct vgpu_urb *u = vgpu_urb_create(NULL, st, 64);
   free(st);
   CHECK(u != NULL, "URB of 64 KB refused: %s", fault_why ? fault_why : "");
   return u;
}

static uint32_t
entry32(struct vgpu_urb *u, unsigned entry, uint32_t entry_bytes, uint32_t byte)
{
   uint32_t v;
   memcpy(&v, &u->bytes[FIRST_BYTE + entry * entry_bytes + byte], 4);
   return v;
}

static enum vgpu_eu_status
urb_cb(void *user, struct vgpu_eu_thread *t, const struct isa_send_msg *msg,
       const uint8_t *payload, uint8_t *reply, uint32_t exec_mask)
{
   struct eu_rig *r = user;
   struct vgpu_urb *u;
   memcpy(&u, &r->mem[0], sizeof(u));
   return vgpu_urb_message(u, r->gen, t, msg, payload, reply, exec_mask);
}

/* rig_run with the URB callback (the URB pointer parked in r->mem). */
static enum vgpu_eu_status
run_with_urb(struct eu_rig *r, struct vgpu_urb *u)
{
   memcpy(&r->mem[0], &u, sizeof(u));
   struct vgpu_eu_env env = {
      .gen = r->gen, .user = r, .map = rig_map, .surface = rig_surface,
      .max_instructions = 1u << 20, .urb = urb_cb,
   };
   struct vgpu_eu_kernel *k = vgpu_eu_kernel_get(r->cache, r->gen, r->code_addr,
                                                 r->code, r->code_size);
   CHECK(k != NULL, "kernel");
   return k ? vgpu_eu_run(&env, k, &r->t) : VGPU_EU_FAULT;
}

/* Gen8+ URB descriptor: opcode 3:0, global offset 14:4, channel mask
 * present 15, per-slot offset 17; header bit 19, rlen 24:20, mlen 28:25. */
static uint32_t
desc8(unsigned op, unsigned offset, bool masked, bool per_slot, unsigned mlen,
      unsigned rlen)
{
   return mlen << 25 | rlen << 20 | 1u << 19 | (unsigned)per_slot << 17 |
          (unsigned)masked << 15 | offset << 4 | op;
}

/* Gen7 URB descriptor: opcode 2:0, global offset 13:3, interleave 14,
 * complete 15. */
static uint32_t
desc7(unsigned op, unsigned offset, bool interleave, unsigned mlen, unsigned rlen)
{
   return mlen << 25 | rlen << 20 | 1u << 19 | 1u << 15 | (unsigned)interleave << 14 |
          offset << 3 | op;
}

/* SIMD8 write, slots 0-6 live: handles in g10 (slot s: entry s),
 * per-slot offsets in g11 (s % 2 OWords), masks in g12 (odd slots x and
 * z, even slots all), two vec4s of data in g13-g20 (GRF k, slot s:
 * 1000 s + k + 1), Global Offset 1; then a SIMD8 read of the same two
 * vec4s (offset 1, no per-slot offsets) into g30-g37. */
static void
test_simd8(void)
{
   const uint32_t entry_bytes = 128;
   struct vgpu_urb *u = make_urb(8, 2);
   if (!u)
      return;
   struct eu_rig *r = rig_create(ISA_GEN9);
   char k[1024];
   snprintf(k, sizeof(k),
            "sends(8) nullUD g10UD g13UD 0x%08x 0x%08x\n    urb MsgDesc: m { align1 1Q };\n"
            "send(8) g30<1>UW g10<8,8,1>UD 0x%08x\n    urb MsgDesc: m { align1 1Q };\n%s",
            desc8(7, 1, true, true, 3, 0), 8u << 6, desc8(8, 1, false, false, 1, 8),
            RIG_EOT);
   if (!rig_load(r, k, 0x7f)) {
      rig_destroy(r);
      vgpu_urb_destroy(u);
      return;
   }
   for (unsigned s = 0; s < 8; s++) {
      rig_set_ud(r, 10, s, (FIRST_BYTE + s * entry_bytes) / 64);
      rig_set_ud(r, 11, s, s % 2);
      rig_set_ud(r, 12, s, (s % 2 ? 0x5u : 0xfu) << 16);
      for (unsigned d = 0; d < 8; d++)
         rig_set_ud(r, 13 + d, s, 1000 * s + d + 1);
   }
   enum vgpu_eu_status st = run_with_urb(r, u);
   CHECK(st == VGPU_EU_DONE, "SIMD8 write/read: status %d (%s)", (int)st, r->t.why ? r->t.why : "");
   for (unsigned s = 0; s < 8; s++) {
      for (unsigned d = 0; d < 8; d++) {
         uint32_t byte = (1 + s % 2 + d / 4) * 16 + (d % 4) * 4;
         bool written = s < 7 && (s % 2 == 0 || d % 4 == 0 || d % 4 == 2);
         uint32_t want = written ? 1000 * s + d + 1 : 0;
         CHECK(entry32(u, s, entry_bytes, byte) == want,
               "SIMD8 write slot %u data %u: entry byte %u holds %u, expected %u", s, d,
               byte, entry32(u, s, entry_bytes, byte), want);
         if (s < 7)
            CHECK(rig_ud(r, 30 + d, s) == entry32(u, s, entry_bytes, (1 + d / 4) * 16 + (d % 4) * 4),
                  "SIMD8 read slot %u GRF %u: %u", s, d, rig_ud(r, 30 + d, s));
      }
   }
   /* Nothing outside vec4s 1-3 of each entry was touched. */
   for (unsigned s = 0; s < 8; s++)
      CHECK(entry32(u, s, entry_bytes, 0) == 0 && entry32(u, s, entry_bytes, 64) == 0,
            "SIMD8 write slot %u wrote outside its vec4s", s);
   rig_destroy(r);
   vgpu_urb_destroy(u);
}

/* A handle below the VS entries (URB byte 0), and a write past the end
 * of an entry (the last entry's 128 bytes end at OWord 8), are page
 * faults of the thread. */
static void
test_bad_access(uint32_t handle, unsigned offset, const char *what)
{
   struct vgpu_urb *u = make_urb(8, 2);
   if (!u)
      return;
   struct eu_rig *r = rig_create(ISA_GEN9);
   char k[512];
   snprintf(k, sizeof(k),
            "send(8) null<1>UW g10<8,8,1>UD 0x%08x\n    urb MsgDesc: m { align1 1Q };\n%s",
            desc8(7, offset, false, false, 5, 0), RIG_EOT);
   if (rig_load(r, k, 0x1)) {
      rig_set_ud(r, 10, 0, handle);
      enum vgpu_eu_status st = run_with_urb(r, u);
      CHECK(st == VGPU_EU_FAULT, "%s: status %d, expected a fault", what, (int)st);
   }
   rig_destroy(r);
   vgpu_urb_destroy(u);
}

/* Gen7 SIMD4x2: header g10 (handles of entries 0 and 1 in DWords 0 and 1,
 * DWord 5 bits 15:8: slot 0 all components, slot 1 x and z), data g11 and
 * g12 (DWord i of GRF k: 100 k + i + 1), interleaved, Global Offset 1 row;
 * then an interleaved HWord read of that row into g20 and g21. */
static void
test_simd4x2(void)
{
   const uint32_t entry_bytes = 64;
   struct vgpu_urb *u = make_urb(2, 1);
   if (!u)
      return;
   struct eu_rig *r = rig_create(ISA_GEN7);
   char k[1024];
   snprintf(k, sizeof(k),
            "send(8) null<1>F g10<8,8,1>F 0x%08x\n    urb MsgDesc: m { align1 1Q };\n"
            "send(8) g20<1>F g10<8,8,1>F 0x%08x\n    urb MsgDesc: m { align1 1Q };\n%s",
            desc7(0, 1, true, 3, 0), desc7(2, 1, true, 1, 2), RIG_EOT);
   if (!rig_load(r, k, 0xff)) {
      rig_destroy(r);
      vgpu_urb_destroy(u);
      return;
   }
   rig_set_ud(r, 10, 0, FIRST_BYTE / 64);
   rig_set_ud(r, 10, 1, (FIRST_BYTE + entry_bytes) / 64);
   rig_set_ud(r, 10, 5, 0x0f00 | 0x5000);
   for (unsigned g = 0; g < 2; g++) {
      for (unsigned i = 0; i < 8; i++)
         rig_set_ud(r, 11 + g, i, 100 * g + i + 1);
   }
   enum vgpu_eu_status st = run_with_urb(r, u);
   CHECK(st == VGPU_EU_DONE, "SIMD4x2 write/read: status %d (%s)", (int)st, r->t.why ? r->t.why : "");
   for (unsigned g = 0; g < 2; g++) {
      for (unsigned c = 0; c < 4; c++) {
         uint32_t byte = 32 + g * 16 + c * 4;
         uint32_t want0 = 100 * g + c + 1;
         uint32_t want1 = c % 2 == 0 ? 100 * g + 4 + c + 1 : 0;
         CHECK(entry32(u, 0, entry_bytes, byte) == want0,
               "SIMD4x2 slot 0 GRF %u component %u: %u, expected %u", g, c,
               entry32(u, 0, entry_bytes, byte), want0);
         CHECK(entry32(u, 1, entry_bytes, byte) == want1,
               "SIMD4x2 slot 1 GRF %u component %u: %u, expected %u", g, c,
               entry32(u, 1, entry_bytes, byte), want1);
         CHECK(rig_ud(r, 20 + g, c) == want0 && rig_ud(r, 20 + g, 4 + c) == want1,
               "SIMD4x2 read GRF %u component %u: %u %u", g, c, rig_ud(r, 20 + g, c),
               rig_ud(r, 20 + g, 4 + c));
      }
   }
   CHECK(entry32(u, 0, entry_bytes, 0) == 0 && entry32(u, 1, entry_bytes, 16) == 0,
         "SIMD4x2 write touched row 0");
   rig_destroy(r);
   vgpu_urb_destroy(u);
}

/* Gen7 OWord messages (Mesa's vec4 HS/DS): header g10 with the handles
 * of entries 0 and 1, Per Slot Offset 1 OWord (slot 0) and 2 OWords
 * (slot 1) in DWords 3 and 4, DWord 5 bits 15:8 slot 0 all components,
 * slot 1 y and w; data g11 (DWord i: i + 1) interleaved at Global Offset
 * 1 OWord, so slot 0's OWord 2 and slot 1's OWord 3 are written; then
 * an interleaved OWord read of the same OWords into g20, and a
 * non-interleaved OWord write of g12 (DWord i: 50 + i) at Global Offset
 * 0 without per-slot offsets, DWord 5 bits 15:8 0x0f: slot 0's OWord 0
 * only (bits 11:8 enable Vertex 0 DATA[0-3], 15:12 DATA[4-7]). */
static void
test_oword(void)
{
   const uint32_t entry_bytes = 64;
   struct vgpu_urb *u = make_urb(2, 1);
   if (!u)
      return;
   struct eu_rig *r = rig_create(ISA_GEN7);
   char k[1024];
   const uint32_t per_slot = 1u << 16;
   snprintf(k, sizeof(k),
            "send(8) null<1>F g10<8,8,1>F 0x%08x\n    urb MsgDesc: m { align1 1Q };\n"
            "send(8) g20<1>F g10<8,8,1>F 0x%08x\n    urb MsgDesc: m { align1 1Q };\n"
            "mov(8) g11<1>UD g12<8,8,1>UD { align1 1Q };\n"
            "mov(1) g10.5<1>UD 0x00000f00UD { align1 1N };\n"
            "send(8) null<1>F g10<8,8,1>F 0x%08x\n    urb MsgDesc: m { align1 1Q };\n%s",
            desc7(1, 1, true, 2, 0) | per_slot, desc7(3, 1, true, 1, 1) | per_slot,
            desc7(1, 0, false, 2, 0), RIG_EOT);
   if (!rig_load(r, k, 0xff)) {
      rig_destroy(r);
      vgpu_urb_destroy(u);
      return;
   }
   rig_set_ud(r, 10, 0, FIRST_BYTE / 64);
   rig_set_ud(r, 10, 1, (FIRST_BYTE + entry_bytes) / 64);
   rig_set_ud(r, 10, 3, 1);
   rig_set_ud(r, 10, 4, 2);
   rig_set_ud(r, 10, 5, 0x0f00 | 0xa000);
   for (unsigned i = 0; i < 8; i++) {
      rig_set_ud(r, 11, i, i + 1);
      rig_set_ud(r, 12, i, 50 + i);
   }
   enum vgpu_eu_status st = run_with_urb(r, u);
   CHECK(st == VGPU_EU_DONE, "OWord write/read: status %d (%s)", (int)st, r->t.why ? r->t.why : "");
   for (unsigned c = 0; c < 4; c++) {
      uint32_t want0 = c + 1, want1 = c % 2 ? 4 + c + 1 : 0;
      CHECK(entry32(u, 0, entry_bytes, 32 + c * 4) == want0,
            "OWord slot 0 component %u: %u, expected %u", c,
            entry32(u, 0, entry_bytes, 32 + c * 4), want0);
      CHECK(entry32(u, 1, entry_bytes, 48 + c * 4) == want1,
            "OWord slot 1 component %u: %u, expected %u", c,
            entry32(u, 1, entry_bytes, 48 + c * 4), want1);
      CHECK(rig_ud(r, 20, c) == want0 && rig_ud(r, 20, 4 + c) == want1,
            "OWord read component %u: %u %u", c, rig_ud(r, 20, c), rig_ud(r, 20, 4 + c));
      CHECK(entry32(u, 0, entry_bytes, c * 4) == 50 + c,
            "non-interleaved OWord write DWord %u: %u", c, entry32(u, 0, entry_bytes, c * 4));
      CHECK(entry32(u, 0, entry_bytes, 16 + c * 4) == 0,
            "non-interleaved OWord write wrote masked DWord %u", 4 + c);
   }
   CHECK(entry32(u, 0, entry_bytes, 48) == 0 && entry32(u, 1, entry_bytes, 32) == 0,
         "OWord write used HWord rows");
   rig_destroy(r);
   vgpu_urb_destroy(u);
}

/* 3DSTATE_URB_VS entries past the device's URB: refused with a fault. */
static void
test_allocation(void)
{
   struct vgpu_3d *st = calloc(1, sizeof(*st));
   /* 64 KB URB: 8 KB + 120 entries of 512 bytes = 68 KB. */
   st->urb[VGPU_3D_VS] = (struct vgpu_3d_urb){ .entries = 120, .entry_size = 8, .start = 1 };
   fault_why = NULL;
   struct vgpu_urb *u = vgpu_urb_create(NULL, st, 64);
   CHECK(!u && fault_why, "an allocation beyond the URB was accepted");
   vgpu_urb_destroy(u);
   free(st);
}

int
main(void)
{
   test_simd8();
   test_bad_access(0, 0, "handle before the VS entries");
   test_bad_access((FIRST_BYTE + 7 * 128) / 64, 8, "write past the end of an entry");
   test_simd4x2();
   test_oword();
   test_allocation();
   if (rig_failures) {
      fprintf(stderr, "%d failures\n", rig_failures);
      return 1;
   }
   printf("URB messages: ok\n");
   return 0;
}

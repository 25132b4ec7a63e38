/* The decoder never crashes on garbage: a bounded random loop feeds it
 * random bytes, captures with random objects, batches of random but
 * well-formed command headers, and truncated and bit-flipped versions of
 * those, for every generation.  Run under ASan/UBSan in the sanitizer
 * build, an out-of-bounds read fails the test there.  Also checks that
 * truncation is reported as "invalid", not silently skipped.
 *
 *   fuzz_decode [ITERATIONS] [SEED] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gvk_decode.h"
#include "gvk_genxml_spec.h"
#include "vgpu_capture.h"

static uint64_t rng_state;

static uint32_t
rnd(void)
{
   /* xorshift64*: deterministic for a given seed, reproducible failures */
   rng_state ^= rng_state >> 12;
   rng_state ^= rng_state << 25;
   rng_state ^= rng_state >> 27;
   return (uint32_t)((rng_state * 0x2545F4914F6CDD1Dull) >> 32);
}

static const int gens[] = { 70, 75, 80, 90, 110, 120 };

/* A capture with one batch object at 0x10000 holding random commands of the
 * generation, a state object and relocations (mostly inside the batch, the
 * rest anywhere); returns its size. */
static size_t
make_capture(uint8_t *buf, size_t cap, int verx10, bool well_formed)
{
   const struct gvk_gx_spec *spec = gvk_gx_spec_for(verx10);
   struct vgpu_capture_header h = { 0 };
   memcpy(h.magic, VGPU_CAPTURE_MAGIC, 8);
   h.version = VGPU_CAPTURE_VERSION;
   h.header_size = sizeof(h);
   h.verx10 = (uint8_t)verx10;
   h.batch_address = 0x10000;
   h.object_count = 2;
   h.object_header_size = sizeof(struct vgpu_capture_object);
   h.reloc_count = 32;
   h.reloc_size = sizeof(struct vgpu_capture_reloc);

   uint32_t batch[512];
   uint32_t n = 0;
   while (n < 400) {
      const struct gvk_gx_item *it = &spec->items[rnd() % spec->item_count];
      if (it->kind != GVK_GX_COMMAND || !well_formed) {
         batch[n++] = rnd();
         continue;
      }
      uint32_t len = it->length + (it->length_field >= 0 ? rnd() % 3 : 0);
      uint32_t dw0 = it->opcode | (rnd() & ~it->opcode_mask);
      if (it->length_field >= 0) {
         const struct gvk_gx_field *f = &it->fields[it->length_field];
         uint32_t width = f->end - f->start + 1;
         uint32_t mask = (width >= 32 ? ~0u : (1u << width) - 1) << f->start;
         dw0 = (dw0 & ~mask) | (((len - it->bias) << f->start) & mask);
      }
      batch[n++] = dw0;
      for (uint32_t i = 1; i < len && n < 500; i++)
         batch[n++] = rnd() % 4 ? rnd() : 0x10000 + (rnd() % 0x800) * 4;
   }
   batch[n++] = 0x05000000; /* MI_BATCH_BUFFER_END */

   size_t pos = 0;
   if (cap < sizeof(h) + 2 * sizeof(struct vgpu_capture_object) + sizeof(batch) + 4096 +
                h.reloc_count * sizeof(struct vgpu_capture_reloc))
      return 0;
   memcpy(buf, &h, sizeof(h));
   pos += sizeof(h);
   struct vgpu_capture_object o = { .gpu_address = 0x10000, .size = 4 * n, .data_size = 4 * n };
   memcpy(buf + pos, &o, sizeof(o));
   pos += sizeof(o);
   memcpy(buf + pos, batch, 4 * n);
   pos += 4 * n;
   struct vgpu_capture_object s = { .gpu_address = 0x20000, .size = 4096, .data_size = 4096 };
   memcpy(buf + pos, &s, sizeof(s));
   pos += sizeof(s);
   for (int i = 0; i < 4096; i++)
      buf[pos++] = (uint8_t)rnd();
   for (uint32_t i = 0; i < h.reloc_count; i++) {
      bool inside = well_formed || rnd() % 2;
      struct vgpu_capture_reloc r = {
         .object_index = inside ? 0 : rnd() % 4,
         .target_index = rnd() % 3,
         .offset = inside ? 4 * (rnd() % n) : rnd(),
         .presumed_offset = rnd() % 2 ? ~0ull : rnd(),
         .original = rnd(),
         .written = rnd(),
         .delta = rnd(),
         .size = inside ? (verx10 >= 80 ? 8 : 4) : rnd() % 9,
      };
      memcpy(buf + pos, &r, sizeof(r));
      pos += sizeof(r);
   }
   return pos;
}

/* A batch whose chained and second-level jumps come back to where they
 * started never ends; the decoder must say so after one trip round the loop
 * instead of decoding it until its packet limit. */
static bool
loop_is_flagged(int verx10, bool second_level, FILE *out)
{
   const uint64_t base = 0x10000;
   uint32_t batch[16] = { 0 };
   uint32_t n = 0;
   batch[n++] = 0; /* MI_NOOP */
   batch[n++] = (0x31u << 23) | (second_level ? 1u << 22 : 0) | (1u << 8) | (verx10 >= 80 ? 1 : 0);
   batch[n++] = (uint32_t)base;
   if (verx10 >= 80)
      batch[n++] = 0;
   const struct gvk_decode_object obj = { base, sizeof(batch), batch };
   struct gvk_decode_stats stats = { 0 };
   gvk_decode_batch((unsigned)verx10, &obj, 1, base, GVK_DECODE_SUMMARY, out, &stats);
   if (stats.invalid == 0 || stats.packets > 8) {
      printf("FAIL: gen %d %s loop: %u packets, %u invalid markers\n", verx10,
             second_level ? "second-level" : "chained", stats.packets, stats.invalid);
      return false;
   }
   return true;
}

int
main(int argc, char **argv)
{
   unsigned iterations = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 3000;
   rng_state = argc > 2 ? strtoull(argv[2], NULL, 0) : 0x9e3779b97f4a7c15ull;
   FILE *out = fopen("/dev/null", "w");
   if (!out)
      return 1;
   static uint8_t buf[1 << 16];
   struct gvk_decode_stats stats = { 0 };
   unsigned truncated_runs = 0, truncated_flagged = 0;

   for (unsigned i = 0; i < iterations; i++) {
      int verx10 = gens[i % 6];
      size_t size;
      switch (rnd() % 4) {
      case 0: /* random bytes, sometimes with a valid magic */
         size = rnd() % 4096;
         for (size_t j = 0; j < size; j++)
            buf[j] = (uint8_t)rnd();
         if (size >= 8 && rnd() % 2)
            memcpy(buf, VGPU_CAPTURE_MAGIC, 8);
         break;
      case 1: /* random commands */
         size = make_capture(buf, sizeof(buf), verx10, false);
         break;
      default: /* well-formed headers, random payloads; maybe damaged */
         size = make_capture(buf, sizeof(buf), verx10, true);
         if (rnd() % 2) {
            for (int f = rnd() % 8; f > 0; f--)
               buf[rnd() % size] ^= (uint8_t)(1u << (rnd() % 8));
         }
         break;
      }
      bool truncate = size > 200 && rnd() % 3 == 0;
      if (truncate)
         size = 100 + rnd() % (size - 100);
      /* Decode from an exactly sized heap copy so ASan sees any overrun. */
      uint8_t *copy = malloc(size ? size : 1);
      if (!copy)
         return 1;
      memcpy(copy, buf, size);
      struct gvk_decode_stats one = { 0 };
      enum gvk_decode_mode mode = (enum gvk_decode_mode)(rnd() % 3);
      gvk_decode_capture(copy, size, i, mode, out, &one);
      free(copy);
      if (truncate) {
         truncated_runs++;
         truncated_flagged += one.invalid > 0;
      }
      stats.packets += one.packets;
      stats.unknown += one.unknown;
      stats.invalid += one.invalid;
   }
   bool loops_ok = true;
   for (unsigned g = 0; g < sizeof(gens) / sizeof(gens[0]); g++)
      loops_ok &= loop_is_flagged(gens[g], false, out) & loop_is_flagged(gens[g], gens[g] >= 75, out);
   fclose(out);
   if (!loops_ok)
      return 1;
   printf("%u random captures: %u packets decoded, %u unknown dwords, %u invalid markers; "
          "%u of %u truncated captures flagged invalid\n",
          iterations, stats.packets, stats.unknown, stats.invalid, truncated_flagged,
          truncated_runs);
   if (truncated_runs && truncated_flagged != truncated_runs) {
      printf("FAIL: a truncated capture decoded without an \"invalid\" marker\n");
      return 1;
   }
   if (stats.packets == 0 || stats.invalid == 0) {
      printf("FAIL: the loop exercised nothing\n");
      return 1;
   }
   return 0;
}

/* libFuzzer target for src/decode, what genvk-decode runs on a capture
 * file: any bytes, above all mutated captures of real dispatches
 * (tests/fuzz/decode/seeds), must decode to text that marks what is
 * wrong as "invalid", never to a crash or a sanitizer report.  The input's
 * size picks the output mode, so one corpus reaches all three, and the
 * structure decoder of --structs reads the state at the batch's own address
 * (where a struct can start in any capture). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_devnull.h"
#include "gvk_decode.h"
#include "vgpu_capture.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   static const char *const structs[] = {
      "INTERFACE_DESCRIPTOR_DATA", "RENDER_SURFACE_STATE", "SAMPLER_STATE",
   };
   struct gvk_decode_stats stats = { 0 };
   gvk_decode_capture(data, size, 0, (enum gvk_decode_mode)(size % 3), fuzz_devnull(), &stats);
   struct vgpu_capture_header h;
   if (size >= sizeof(h)) {
      memcpy(&h, data, sizeof(h));
      gvk_decode_struct_json(data, size, structs[size % 3], h.batch_address, fuzz_devnull());
   }
   return 0;
}

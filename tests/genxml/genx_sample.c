/* A genX file as the driver will write them: compiled once per generation
 * (tests/genxml/meson.build) with -Wall -Wextra -Werror, it packs a few
 * commands through the genX()/GENX() names and checks their headers
 * against the PRM's opcodes, independently of the generator. */
#include <stdio.h>

#include "genX_pack.h"

int genX(check_pack)(void);

int
genX(check_pack)(void)
{
   uint32_t dw[GENX(PIPE_CONTROL_length)];
   struct GENX(PIPE_CONTROL) pc = {
      GENX(PIPE_CONTROL_header),
      .command_streamer_stall_enable = true,
      .post_sync_operation = 1,
      .address = 0x1000,
      .immediate_data = 0x1234,
   };
   GENX(PIPE_CONTROL_pack)(NULL, dw, &pc);
   int failures = 0;
   /* PIPE_CONTROL: 3D command 3/3/2/0, DWord Length = length - 2 */
   if (dw[0] != (0x7a000000u | (GENX(PIPE_CONTROL_length) - 2)))
      failures++;
   if (!(dw[1] & (1u << 20)) || ((dw[1] >> 14) & 3) != 1 || dw[2] != 0x1000)
      failures++;

   uint32_t ps[1];
   struct GENX(PIPELINE_SELECT) sel = { GENX(PIPELINE_SELECT_header), .pipeline_selection = 2 };
   GENX(PIPELINE_SELECT_pack)(NULL, ps, &sel);
   if ((ps[0] & ~0xff00u) != 0x69040002u)   /* Gen9+ adds Mask Bits 8..15 */
      failures++;

   uint32_t end[1];
   struct GENX(MI_BATCH_BUFFER_END) bbe = { GENX(MI_BATCH_BUFFER_END_header) };
   GENX(MI_BATCH_BUFFER_END_pack)(NULL, end, &bbe);
   if (end[0] != 0x05000000u)
      failures++;

   struct GENX(GPGPU_WALKER) w;
   uint32_t wdw[GENX(GPGPU_WALKER_length)] = { 0 };
   wdw[0] = 0x71050000u | (GENX(GPGPU_WALKER_length) - 2);
   GENX(GPGPU_WALKER_unpack)(wdw, &w);
   if (w.command_type != 3 || w.dword_length != GENX(GPGPU_WALKER_length) - 2)
      failures++;

   if (failures)
      printf("gen %d: %d genX pack checks failed\n", GFX_VERx10, failures);
   return failures;
}

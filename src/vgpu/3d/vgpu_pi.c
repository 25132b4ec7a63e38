/* The pixel interpolator (PRM Vol 7 "Shared Functions - Pixel
 * Interpolator"; the messages Mesa's brw_lower_logical_sends and
 * brw_fs_nir build for interpolateAtSample/Offset): a pixel shader asks
 * for the barycentrics of its channels at another location than the
 * payload's, and gets them back in the payload's own layout, two
 * registers (b1 then b2) per 8 channels.
 *
 * Descriptor (isa_send_decode): bits 13:12 the location, 14 linear
 * rather than perspective, 16 SIMD16, 11 the slot group (channels 16-31
 * of a SIMD32 thread), 7:0 the message data:
 *   per message offset  X in bits 3:0 and Y in bits 7:4, signed, in
 *                       1/16 pixel from the pixel centre
 *   sample position     the sample index in bits 7:4
 *   centroid            -
 *   per slot offset     the payload: the X offsets of the message's
 *                       channels (a signed DWord each, 1/16 pixel), a
 *                       register per 8 channels, then the Y offsets
 * The other messages carry a payload the unit does not read (Mesa sends
 * R0).
 *
 * Rules: only a pixel shader thread reaches the unit; the message's
 * channels must be the thread's (a SIMD16 message in a SIMD8 thread, the
 * upper slot group outside SIMD32 are faults); a per slot offset needs
 * its payload; per slot offsets beyond the 4-bit range [-8, 7] the
 * descriptor's per message offsets have are a fault (Mesa clamps them to
 * 7 and Vulkan's minInterpolationOffset of -0.5 keeps them at -8 and
 * above). */
#include <string.h>

#include "vgpu_om.h"
#include "vgpu_pipe.h"
#include "isa_send.h"

static int
nibble(unsigned v)
{
   return (int)(v & 7) - (int)(v & 8);
}

static int32_t
payload_dword(const uint8_t *payload, unsigned reg, unsigned c)
{
   int32_t v;
   memcpy(&v, &payload[reg * 32 + c * 4], 4);
   return v;
}

static enum vgpu_eu_status
pi_fault(struct vgpu_eu_thread *t, const char *why)
{
   t->why = why;
   return VGPU_EU_FAULT;
}

/* The location channel c (of the message) asks for. */
static bool
location(const struct isa_send_msg *msg, const uint8_t *payload, unsigned c,
         enum vgpu_pi_at *at, int *x, int *y)
{
   *x = *y = 0;
   switch (msg->msg) {
   case ISA_MSG_PI_SHARED_OFFSET:
      *at = VGPU_PI_AT_OFFSET;
      *x = nibble(msg->pi_data);
      *y = nibble(msg->pi_data >> 4);
      return true;
   case ISA_MSG_PI_SAMPLE:
      *at = VGPU_PI_AT_SAMPLE;
      *x = (int)(msg->pi_data >> 4);
      return true;
   case ISA_MSG_PI_CENTROID:
      *at = VGPU_PI_AT_CENTROID;
      return true;
   default:
      *at = VGPU_PI_AT_OFFSET;
      *x = payload_dword(payload, c / 8, c % 8);
      *y = payload_dword(payload, msg->simd / 8 + c / 8, c % 8);
      return *x >= -8 && *x <= 7 && *y >= -8 && *y <= 7;
   }
}

enum vgpu_eu_status
vgpu_pi_message(struct vgpu_draw_run *r, struct vgpu_eu_thread *t,
                const struct isa_send_msg *msg, const uint8_t *payload, uint8_t *reply,
                uint32_t exec_mask)
{
   if (!r->ps_running || !r->om)
      return pi_fault(t, "pixel interpolator message outside a pixel shader thread");
   const unsigned simd = r->om->th.simd, first = msg->slot_group_hi ? 16 : 0;
   if (first + msg->simd > simd || (msg->slot_group_hi && simd != 32))
      return pi_fault(t, "pixel interpolator message for channels the thread does not have");
   const unsigned regs = msg->simd / 8;
   if (msg->rlen < 2 * regs)
      return pi_fault(t, "pixel interpolator message with a response shorter than its "
                         "barycentrics (two registers per 8 channels)");
   if (msg->msg == ISA_MSG_PI_PER_SLOT_OFFSET && msg->mlen + msg->ex_mlen < 2 * regs)
      return pi_fault(t, "pixel interpolator per slot offset message without its offsets");
   const unsigned kind = msg->nopersp ? 1 : 0;
   /* exec_mask, as every send's, is the message's own: bit c channel c
    * of the instruction's group (an upper slot group's 2H). */
   for (unsigned c = 0; c < msg->simd; c++) {
      if (!((exec_mask >> c) & 1))
         continue;
      enum vgpu_pi_at at;
      int x, y;
      if (!location(msg, payload, c, &at, &x, &y))
         return pi_fault(t, "pixel interpolator per slot offset outside [-8, 7] sixteenths "
                            "of a pixel");
      float b[2][2];
      vgpu_ps_barycentrics_at(r, first + c, at, x, y, b);
      unsigned reg = (c / 8) * 2;
      memcpy(&reply[reg * 32 + (c % 8) * 4], &b[kind][0], 4);
      memcpy(&reply[(reg + 1) * 32 + (c % 8) * 4], &b[kind][1], 4);
   }
   return VGPU_EU_DONE;
}

/* The URB (Unified Return Buffer): the on-chip memory the geometry stages
 * keep their entries in (PRM Vol 7 "URB", Vol 2a 3DSTATE_URB_VS/HS/DS/GS),
 * and the URB shared function's messages that threads read and write
 * entries with (PRM Vol 2d "URB": Gen7/7.5 SIMD4x2 HWord messages with
 * interleave, Gen8+ SIMD8 messages).
 *
 * Each stage owns the entries 3DSTATE_URB_xS gives it: Number of Entries
 * of Entry Allocation Size (64-byte units) from Starting Address (8 KB
 * units).  A handle, as the hardware hands one to a thread, is the entry's
 * URB address in 64-byte units; a message whose handle or offset leaves
 * every stage's entries is a page fault of the thread, not a crash. */
#ifndef VGPU_URB_H
#define VGPU_URB_H

#include <stdbool.h>
#include <stdint.h>

#include "vgpu_3d.h"
#include "vgpu_eu.h"

struct vgpu_exec;
struct isa_send_msg;

/* A URB handle counts 64-byte rows (3DSTATE_URB_xS entry sizes are in the
 * same units); a stage's starting address counts 8 KB blocks. */
#define VGPU_URB_HANDLE_BYTES 64u
#define VGPU_URB_START_BYTES 8192u

struct vgpu_urb_alloc {
   uint32_t first;      /* byte offset of entry 0 in the URB */
   uint32_t entries;
   uint32_t entry_bytes;
};

struct vgpu_urb {
   uint8_t *bytes;
   uint32_t size;                              /* bytes */
   struct vgpu_urb_alloc stage[VGPU_3D_GS + 1];   /* VS, HS, DS, GS */
   /* DWord 2 of the header of the last Gen7/7.5 HWord write: a vec4 GS
    * thread's final (EOT) write carries its objects' vertex counts there
    * (bits 15:0 object 0, 31:16 object 1), which the GS reads back. */
   uint32_t simd4x2_header_dw2;
};

/* The URB of a draw with the allocations st programs; NULL after a
 * fault (an allocation outside the device's URB) or out of memory. */
struct vgpu_urb *vgpu_urb_create(struct vgpu_exec *exec, const struct vgpu_3d *st,
                                 uint32_t urb_size_kb);
/* Checks the allocations st programs for the draw at draw_addr (its
 * 3DPRIMITIVE) against rule urb-allocation: each enabled stage's
 * minimum entries, no stage's entries overlapping another's or the push
 * constants. */
void vgpu_urb_check_rules(struct vgpu_exec *exec, const struct vgpu_3d *st,
                          uint64_t draw_addr);
void vgpu_urb_destroy(struct vgpu_urb *u);

/* Handle of entry `entry` of a stage (which must have it). */
uint32_t vgpu_urb_handle(const struct vgpu_urb *u, enum vgpu_3d_stage stage,
                         uint32_t entry);
/* Host view of the entry a handle names (the caller's own handles). */
uint8_t *vgpu_urb_entry(struct vgpu_urb *u, uint32_t handle);

/* Executes one URB message of a thread (struct vgpu_eu_env's urb
 * callback, the thread's execution mask given). */
enum vgpu_eu_status vgpu_urb_message(struct vgpu_urb *u, enum isa_gen gen,
                                     struct vgpu_eu_thread *t,
                                     const struct isa_send_msg *msg,
                                     const uint8_t *payload, uint8_t *reply,
                                     uint32_t exec_mask);

#endif

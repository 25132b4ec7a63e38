/* On-disk format of a vgpu capture (one file per EXECBUFFER2), read by the
 * tests and by the batch decoder.  All fields are little-endian; see
 * src/vgpu/README.md. */
#ifndef VGPU_CAPTURE_H
#define VGPU_CAPTURE_H

#include <stdint.h>

#define VGPU_CAPTURE_MAGIC "VGPUCAP1"
#define VGPU_CAPTURE_VERSION 1

struct vgpu_capture_header {
   char magic[8];            /* VGPU_CAPTURE_MAGIC */
   uint32_t version;         /* VGPU_CAPTURE_VERSION */
   uint32_t header_size;     /* sizeof(struct vgpu_capture_header) */
   uint16_t pci_id;
   uint8_t verx10;           /* 70, 75, 80, 90, 110, 120 */
   uint8_t reserved0;
   uint32_t ctx_id;
   uint64_t exec_flags;      /* drm_i915_gem_execbuffer2.flags */
   uint64_t batch_address;   /* GPU address of the first command */
   uint64_t batch_len;       /* bytes, as submitted (0 never appears) */
   uint32_t object_count;
   uint32_t batch_index;     /* which object holds the batch */
   uint32_t object_header_size; /* sizeof(struct vgpu_capture_object) */
   uint32_t reserved1;
};

/* Followed by data_size bytes: the object's contents after relocation,
 * before the batch executed. */
struct vgpu_capture_object {
   uint32_t handle;
   uint32_t reserved;
   uint64_t flags;           /* drm_i915_gem_exec_object2.flags */
   uint64_t gpu_address;     /* 48-bit, not canonical */
   uint64_t size;            /* bytes of address space the object spans */
   uint64_t data_size;       /* bytes of contents that follow */
};

#endif

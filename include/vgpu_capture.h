/* On-disk format of a vgpu capture (one file per EXECBUFFER2), read by the
 * tests and by the batch decoder.  All fields are little-endian; see
 * src/vgpu/README.md. */
#ifndef VGPU_CAPTURE_H
#define VGPU_CAPTURE_H

#include <stdint.h>

#define VGPU_CAPTURE_MAGIC "VGPUCAP1"
/* Version 2 appended the relocation table (header fields reloc_count and
 * reloc_size, records after the last object); readers that only walk the
 * objects read both versions alike. */
#define VGPU_CAPTURE_VERSION 2

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
   uint32_t reloc_count;     /* relocation records after the last object */
   uint32_t reloc_size;      /* sizeof(struct vgpu_capture_reloc) */
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

/* One drm_i915_gem_relocation_entry as vgpu applied it.  Gen7 has no full
 * PPGTT, so its drivers leave addresses to the kernel: userspace writes
 * presumed_offset + delta and the kernel rewrites the value if the target
 * moved.  The record keeps both sides, so a decoder can show what the
 * driver submitted as well as what the GPU read. */
struct vgpu_capture_reloc {
   uint32_t object_index;    /* object whose contents hold the address */
   uint32_t target_index;    /* object the address points into */
   uint64_t offset;          /* byte offset of the address in the object */
   uint64_t presumed_offset; /* target address userspace assumed */
   uint64_t original;        /* the bytes at offset before relocation */
   uint64_t written;         /* the value vgpu wrote there */
   uint32_t delta;           /* added to the target's address (sign-extended) */
   uint32_t size;            /* bytes written: 4 on Gen7, 8 on Gen8+ */
};

#endif

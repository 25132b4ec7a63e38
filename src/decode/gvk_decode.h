/* Batch decoding with the genxml tables: of vgpu captures
 * (include/vgpu_capture.h) for genvk-decode and its fuzz test, and of
 * batches about to be submitted for the driver (GENVK_DEBUG=bat). */
#ifndef GVK_DECODE_H
#define GVK_DECODE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum gvk_decode_mode {
   GVK_DECODE_FULL,     /* every packet, every field, and the state it points to */
   GVK_DECODE_SUMMARY,  /* one line per packet */
   GVK_DECODE_JSON,     /* JSON Lines: one object per top-level packet */
};

struct gvk_decode_stats {
   unsigned packets, unknown, invalid;
};

/* Decodes one capture held in memory; index is its position in the
 * directory (the "batch" of JSON output).  Never trusts the blob: any
 * inconsistency is printed as "invalid" and decoding stops or resumes
 * safely.  Returns 0 when the capture was readable, -1 when it was not a
 * capture at all. */
int gvk_decode_capture(const uint8_t *blob, size_t size, unsigned index,
                       enum gvk_decode_mode mode, FILE *out,
                       struct gvk_decode_stats *stats);

/* One buffer object as a batch sees it: data holds its first size bytes,
 * or is NULL when they cannot be read. */
struct gvk_decode_object {
   uint64_t address, size;
   const void *data;
};

/* Decodes the batch starting at batch_address of generation verx10
 * (70 ... 120), reading commands and state from objects.  Returns -1 when
 * the generation is unknown. */
int gvk_decode_batch(unsigned verx10, const struct gvk_decode_object *objects,
                     uint32_t count, uint64_t batch_address,
                     enum gvk_decode_mode mode, FILE *out,
                     struct gvk_decode_stats *stats);

/* Decodes one structure (e.g. RENDER_SURFACE_STATE) at a GPU address of a
 * capture and prints it as one JSON line: {"struct", "address", "flat"} or
 * {"struct", "address", "invalid"}.  For scripts comparing followed state. */
int gvk_decode_struct_json(const uint8_t *blob, size_t size, const char *struct_name,
                           uint64_t address, FILE *out);

#endif

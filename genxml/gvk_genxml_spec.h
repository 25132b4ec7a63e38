/* Name and field tables generated from the genxml descriptions, one spec per
 * generation, for tools that print packets (genvk-decode) and for vgpu. */
#ifndef GVK_GENXML_SPEC_H
#define GVK_GENXML_SPEC_H

#include <stdbool.h>
#include <stdint.h>

enum gvk_gx_kind {
   GVK_GX_BOOL, GVK_GX_UINT, GVK_GX_INT, GVK_GX_OFFSET, GVK_GX_ADDRESS,
   GVK_GX_FLOAT, GVK_GX_UFIXED, GVK_GX_SFIXED, GVK_GX_ENUM, GVK_GX_STRUCT,
   GVK_GX_MBO, GVK_GX_MBZ,
};

enum gvk_gx_item_kind { GVK_GX_COMMAND, GVK_GX_STRUCT_ITEM, GVK_GX_REGISTER };

struct gvk_gx_value {
   uint32_t value;
   const char *name;
};

struct gvk_gx_field {
   const char *name;
   uint16_t start, end;        /* bits from the item or group element start */
   uint8_t kind;               /* enum gvk_gx_kind */
   uint8_t frac;               /* fraction bits of fixed point */
   int8_t group;               /* index into the item's groups, -1: none */
   bool has_fixed;             /* header field (opcode), not printed */
   uint32_t fixed;
   const struct gvk_gx_value *values;
   uint16_t value_count;
   int16_t struct_index;       /* GVK_GX_STRUCT: index into the spec's items */
};

struct gvk_gx_group {
   uint16_t start;             /* bit */
   uint16_t count;             /* 0: repeats to the end of the command */
   uint16_t size;              /* bits per element */
};

struct gvk_gx_item {
   const char *name;
   uint8_t kind;               /* enum gvk_gx_item_kind */
   uint8_t bias;
   uint16_t length;            /* dwords */
   uint32_t opcode, opcode_mask;
   uint32_t offset;            /* registers */
   int16_t length_field;       /* index of "DWord Length", -1: fixed length */
   uint16_t field_count, group_count;
   const struct gvk_gx_field *fields;
   const struct gvk_gx_group *groups;
};

struct gvk_gx_spec {
   int verx10;
   const char *title;
   uint32_t item_count;
   const struct gvk_gx_item *items;
};

extern const struct gvk_gx_spec gvk_gx_spec_70, gvk_gx_spec_75, gvk_gx_spec_80,
   gvk_gx_spec_90, gvk_gx_spec_110, gvk_gx_spec_120;

/* The spec of a generation (70, 75, 80, 90, 110, 120), or NULL. */
const struct gvk_gx_spec *gvk_gx_spec_for(int verx10);

/* The command whose header matches dw0, or NULL. */
const struct gvk_gx_item *gvk_gx_find_command(const struct gvk_gx_spec *spec,
                                              uint32_t dw0);
const struct gvk_gx_item *gvk_gx_find_by_name(const struct gvk_gx_spec *spec,
                                              const char *name);
const struct gvk_gx_item *gvk_gx_find_register(const struct gvk_gx_spec *spec,
                                               uint32_t offset);

/* Dwords of the command starting with dw0 (from its DWord Length field). */
uint32_t gvk_gx_command_length(const struct gvk_gx_item *item, uint32_t dw0);

/* Raw bits of a field at bit offset base (an element's start) in p[0..n).
 * Returns false when the field starts beyond n dwords. */
bool gvk_gx_field_raw(const struct gvk_gx_field *f, const uint32_t *p,
                      uint32_t n, uint32_t base, uint64_t *raw);

const char *gvk_gx_value_name(const struct gvk_gx_field *f, uint64_t v);

#endif

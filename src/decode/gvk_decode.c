/* Decodes the batches of a vgpu capture with the genxml tables.
 *
 * The walk starts at the capture's batch address and follows
 * MI_BATCH_BUFFER_START (chained, and second level from Gen7.5 on) until
 * MI_BATCH_BUFFER_END.  Every read goes through read_dwords(), which only
 * returns bytes inside a captured object, so a garbage capture yields
 * "invalid" lines, never an out-of-bounds read.
 *
 * Relocations (capture version 2) are shown on the fields they land on as
 * "object + delta".  A packet or structure holding relocations is also
 * decoded as the driver submitted it, each relocated value replaced by the
 * bytes the driver had written there (the presumed address plus delta when
 * its presumption was right; anything when the kernel has to relocate
 * anyway), which is what a driver printing its batch before submission
 * shows. */
#include "gvk_decode.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "gvk_genxml_spec.h"
#include "isa.h"
#include "vgpu_capture.h"

#define MAX_PACKETS (1u << 20)
#define MAX_STATE_DWORDS 256

struct object {
   uint64_t address, size, data_size;
   const uint8_t *data;
   uint32_t handle;
};

struct reloc {
   uint64_t address;           /* GPU address of the relocated value */
   uint64_t presumed, original, written;
   uint32_t target, delta, size;
};

struct sbuf {
   char *s;
   size_t len, cap;
};

struct decoder {
   const struct gvk_gx_spec *spec;
   struct object *objects;
   uint32_t object_count;
   struct reloc *relocs;       /* sorted by address */
   uint32_t reloc_count;
   /* The packet or structure being printed: its dwords, GPU address and
    * relocations [rel_first, rel_end). */
   const uint32_t *view;
   uint64_t view_address;
   uint32_t rel_first, rel_end;
   bool note_relocs;           /* JSON: list the fields relocations land on */
   enum gvk_decode_mode mode;
   FILE *out;
   unsigned index;
   struct gvk_decode_stats *stats;
   uint64_t surface_base, dynamic_base, instruction_base, general_base;
   struct sbuf json, flat, extra, reloc_fields;
   bool json_first, flat_first;
};

static void
sb_printf(struct sbuf *b, const char *fmt, ...)
{
   va_list ap;
   for (;;) {
      va_start(ap, fmt);
      int n = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? b->cap - b->len : 0, fmt, ap);
      va_end(ap);
      if (n < 0)
         return;
      if (b->s && b->len + (size_t)n < b->cap) {
         b->len += (size_t)n;
         return;
      }
      size_t cap = (b->cap ? b->cap * 2 : 4096) + (size_t)n;
      char *s = realloc(b->s, cap);
      if (!s)
         abort();
      b->s = s;
      b->cap = cap;
      if (b->len == 0)
         b->s[0] = '\0';
   }
}

static void
sb_json_string(struct sbuf *b, const char *s)
{
   sb_printf(b, "\"");
   for (; *s; s++) {
      unsigned char c = (unsigned char)*s;
      if (c == '"' || c == '\\')
         sb_printf(b, "\\%c", c);
      else if (c < 0x20 || c >= 0x7f)
         sb_printf(b, "\\u%04x", c);
      else
         sb_printf(b, "%c", c);
   }
   sb_printf(b, "\"");
}

/* The captured bytes at address and how many follow in its object, or
 * NULL when no object holds it. */
static const uint8_t *
captured_at(const struct decoder *d, uint64_t address, uint64_t *avail)
{
   /* Packets carry canonical (sign-extended) 48-bit addresses; the capture
    * lists objects by their 48-bit address. */
   address &= (1ull << 48) - 1;
   for (uint32_t i = 0; i < d->object_count; i++) {
      const struct object *o = &d->objects[i];
      uint64_t size = o->data_size < o->size ? o->data_size : o->size;
      if (address < o->address || address - o->address >= size)
         continue;
      *avail = size - (address - o->address);
      return o->data + (address - o->address);
   }
   return NULL;
}

/* Number of dwords readable at address (at most n), all from one object. */
static uint32_t
read_dwords(const struct decoder *d, uint64_t address, uint32_t n, uint32_t *out)
{
   uint64_t avail;
   const uint8_t *p = captured_at(d, address, &avail);
   if (!p)
      return 0;
   uint32_t m = avail / 4 < n ? (uint32_t)(avail / 4) : n;
   memcpy(out, p, (size_t)m * 4);
   return m;
}

/* Full mode: the EU kernel at address, disassembled up to its first
 * end-of-thread message (where a thread ends, so where Mesa's and genvk's
 * kernels end too; a kernel with several is shown to the first). */
static void
print_kernel(struct decoder *d, const char *title, uint64_t address)
{
   enum isa_gen gen = isa_gen_from_verx10((unsigned)d->spec->verx10);
   uint64_t avail = 0;
   const uint8_t *code = captured_at(d, address, &avail);
   size_t len = code && gen != ISA_GEN_COUNT ? isa_kernel_size(gen, code, avail) : 0;
   fprintf(d->out, "  %s at 0x%08" PRIx64 " (%zu bytes):\n", title, address, len);
   if (len && isa_disasm_kernel(gen, code, len, d->out) >= 0)
      return;
   fprintf(d->out, "    invalid: %s\n", code ? "no decodable kernel up to an end-of-thread send"
                                       : "outside every object");
   d->stats->invalid++;
}

/* Full mode: the kernels of an enabled 3DSTATE_xS ("Enable", or for the
 * pixel shader a "N Pixel Dispatch Enable").  A stage's one "Kernel Start
 * Pointer" is shown even at offset 0 (the start of the instruction heap);
 * the pixel shader's numbered ones (one per dispatch width) only when
 * nonzero and distinct, as unused ones are 0 or repeat another. */
static void
print_stage_kernels(struct decoder *d, const struct gvk_gx_item *item, const uint32_t *p,
                    uint32_t n)
{
   bool enabled = false;
   uint64_t v, shown[4];
   unsigned count = 0;
   for (uint16_t i = 0; i < item->field_count; i++) {
      const struct gvk_gx_field *f = &item->fields[i];
      if (f->group < 0 && f->kind == GVK_GX_BOOL &&
          (strcmp(f->name, "Enable") == 0 || strstr(f->name, "Pixel Dispatch Enable")) &&
          gvk_gx_field_raw(f, p, n, 0, &v) && v)
         enabled = true;
   }
   for (uint16_t i = 0; i < item->field_count && enabled && count < 4; i++) {
      const struct gvk_gx_field *f = &item->fields[i];
      if (f->group >= 0 || strncmp(f->name, "Kernel Start Pointer", 20) != 0 ||
          !gvk_gx_field_raw(f, p, n, 0, &v))
         continue;
      bool repeat = f->name[20] != '\0' && v == 0;
      for (unsigned k = 0; k < count; k++)
         repeat |= shown[k] == v;
      if (repeat)
         continue;
      shown[count++] = v;
      print_kernel(d, f->name, d->instruction_base + v);
   }
}

/* Makes p (n dwords at address) the view fields are printed from and
 * finds the relocations inside it. */
static void
set_view(struct decoder *d, const uint32_t *p, uint64_t address, uint32_t n)
{
   address &= (1ull << 48) - 1;
   d->view = p;
   d->view_address = address;
   uint32_t lo = 0, hi = d->reloc_count;
   while (lo < hi) {
      uint32_t mid = lo + (hi - lo) / 2;
      if (d->relocs[mid].address < address)
         lo = mid + 1;
      else
         hi = mid;
   }
   d->rel_first = lo;
   while (lo < d->reloc_count && d->relocs[lo].address - address < 4ull * n)
      lo++;
   d->rel_end = lo;
}

/* Bit range [first, last] of the view a relocation writes. */
static uint64_t
reloc_first_bit(const struct decoder *d, const struct reloc *r)
{
   return (r->address - d->view_address) * 8;
}

static const struct reloc *
reloc_holding(const struct decoder *d, uint64_t bit)
{
   for (uint32_t i = d->rel_first; i < d->rel_end; i++) {
      uint64_t first = reloc_first_bit(d, &d->relocs[i]);
      if (bit >= first && bit < first + 8ull * d->relocs[i].size)
         return &d->relocs[i];
   }
   return NULL;
}

/* JSON: every field overlapping a relocated value, with its bits relative
 * to the value's first bit, so a checker can tell whether the address
 * field fills the relocated bytes. */
static void
note_reloc_fields(struct decoder *d, const struct gvk_gx_field *f, const char *name,
                  uint64_t first)
{
   uint64_t last = first + (f->end - f->start);
   for (uint32_t i = d->rel_first; i < d->rel_end; i++) {
      uint64_t lo = reloc_first_bit(d, &d->relocs[i]), hi = lo + 8ull * d->relocs[i].size - 1;
      if (last < lo || first > hi)
         continue;
      sb_printf(&d->reloc_fields, "%s{\"reloc\": %u, \"name\": ", d->reloc_fields.len ? ", " : "",
                i - d->rel_first);
      sb_json_string(&d->reloc_fields, name);
      sb_printf(&d->reloc_fields, ", \"start\": %" PRId64 ", \"end\": %" PRId64 ", \"address\": %s}",
                (int64_t)(first - lo), (int64_t)(last - lo),
                f->kind == GVK_GX_ADDRESS ? "true" : "false");
   }
}

static bool
field_value(const struct gvk_gx_item *item, const uint32_t *p, uint32_t n,
            const char *name, uint64_t *v)
{
   for (uint16_t i = 0; i < item->field_count; i++) {
      const struct gvk_gx_field *f = &item->fields[i];
      if (f->group < 0 && strcmp(f->name, name) == 0)
         return gvk_gx_field_raw(f, p, n, 0, v);
   }
   return false;
}

static int64_t
sign_extend(uint64_t v, unsigned bits)
{
   if (bits < 64 && (v >> (bits - 1)) & 1)
      v |= ~0ull << bits;
   return (int64_t)v;
}

static double
field_number(const struct gvk_gx_field *f, uint64_t raw)
{
   unsigned bits = f->end - f->start + 1;
   if (f->kind == GVK_GX_FLOAT) {
      uint32_t u = (uint32_t)raw;
      float fl;
      memcpy(&fl, &u, sizeof(fl));
      return fl;
   }
   if (f->kind == GVK_GX_UFIXED)
      return (double)raw / (double)(1ull << f->frac);
   return (double)sign_extend(raw, bits) / (double)(1ull << f->frac);
}

/* Text form of a field value (the full and summary modes). */
static void
format_value(const struct gvk_gx_field *f, uint64_t raw, char *buf, size_t size)
{
   unsigned bits = f->end - f->start + 1;
   switch (f->kind) {
   case GVK_GX_BOOL:
      snprintf(buf, size, "%s", raw ? "true" : "false");
      return;
   case GVK_GX_INT:
      snprintf(buf, size, "%" PRId64, sign_extend(raw, bits));
      return;
   case GVK_GX_OFFSET:
   case GVK_GX_ADDRESS:
      snprintf(buf, size, "0x%08" PRIx64, raw);
      return;
   case GVK_GX_FLOAT:
   case GVK_GX_UFIXED:
   case GVK_GX_SFIXED:
      snprintf(buf, size, "%f", field_number(f, raw));
      return;
   default: {
      const char *name = gvk_gx_value_name(f, raw);
      if (name)
         snprintf(buf, size, "%" PRIu64 " (%s)", raw, name);
      else
         snprintf(buf, size, "%" PRIu64, raw);
      return;
   }
   }
}

static void
json_value(struct sbuf *b, const struct gvk_gx_field *f, uint64_t raw)
{
   unsigned bits = f->end - f->start + 1;
   switch (f->kind) {
   case GVK_GX_BOOL:
      sb_printf(b, "%s", raw ? "true" : "false");
      return;
   case GVK_GX_INT:
      sb_printf(b, "%" PRId64, sign_extend(raw, bits));
      return;
   case GVK_GX_FLOAT:
   case GVK_GX_UFIXED:
   case GVK_GX_SFIXED: {
      double v = field_number(f, raw);
      if (v != v || v - v != 0)   /* NaN or infinity: not JSON numbers */
         sb_printf(b, "\"%f\"", v);
      else
         sb_printf(b, "%.9g", v);
      return;
   }
   default:
      sb_printf(b, "%" PRIu64, raw);
      return;
   }
}

static void
emit_field(struct decoder *d, const struct gvk_gx_field *f, const char *name,
           uint64_t raw, int indent, uint64_t first)
{
   if (d->mode != GVK_DECODE_FULL)
      return;
   char value[128];
   format_value(f, raw, value, sizeof(value));
   const struct reloc *r = f->kind == GVK_GX_ADDRESS ? reloc_holding(d, first) : NULL;
   if (!r || r->target >= d->object_count) {
      fprintf(d->out, "%*s%s: %s\n", indent, "", name, value);
      return;
   }
   int32_t delta = (int32_t)r->delta;
   fprintf(d->out, "%*s%s: %s = object %u (handle %u) %c 0x%x\n", indent, "", name, value,
           r->target, d->objects[r->target].handle, delta < 0 ? '-' : '+',
           delta < 0 ? 0u - (uint32_t)delta : (uint32_t)delta);
}

static void print_fields(struct decoder *d, const struct gvk_gx_item *item,
                         const uint32_t *p, uint32_t n, uint32_t base,
                         const char *prefix, int indent, int depth);

static void
print_one(struct decoder *d, const struct gvk_gx_item *item,
          const struct gvk_gx_field *f, const uint32_t *p, uint32_t n,
          uint32_t base, const char *name, const char *prefix, int indent,
          int depth)
{
   uint64_t raw;
   /* Must-be-zero fields are printed: a set bit there is worth seeing. */
   if (f->has_fixed || f->kind == GVK_GX_MBO)
      return;
   char full[320];
   snprintf(full, sizeof(full), "%s%s", prefix, name);
   if (f->kind == GVK_GX_STRUCT) {
      if (f->struct_index < 0 || (uint32_t)f->struct_index >= d->spec->item_count ||
          depth > 4)
         return;
      const struct gvk_gx_item *sub = &d->spec->items[f->struct_index];
      if (d->mode == GVK_DECODE_FULL)
         fprintf(d->out, "%*s%s: <struct %s>\n", indent, "", name, sub->name);
      char sub_prefix[330];
      snprintf(sub_prefix, sizeof(sub_prefix), "%s.", full);
      uint32_t start = base + f->start;
      if (start / 32 < n)
         print_fields(d, sub, p + start / 32, n - start / 32, start % 32,
                      d->mode == GVK_DECODE_JSON ? sub_prefix : "", indent + 2, depth + 1);
      return;
   }
   (void)item;
   if (!gvk_gx_field_raw(f, p, n, base, &raw))
      return;
   /* p lies inside the view whenever one is set (see set_view). */
   uint64_t first = d->view ? (uint64_t)(p - d->view) * 32 + base + f->start : UINT64_MAX;
   if (d->note_relocs && d->view)
      note_reloc_fields(d, f, full, first);
   if (d->mode == GVK_DECODE_JSON) {
      /* "fields" keys carry the struct path; the flat list uses the bare
       * name in print order. */
      if (!d->json_first)
         sb_printf(&d->json, ", ");
      d->json_first = false;
      sb_json_string(&d->json, full);
      sb_printf(&d->json, ": ");
      json_value(&d->json, f, raw);
      if (!d->flat_first)
         sb_printf(&d->flat, ", ");
      d->flat_first = false;
      sb_printf(&d->flat, "[");
      sb_json_string(&d->flat, name);
      sb_printf(&d->flat, ", ");
      json_value(&d->flat, f, raw);
      sb_printf(&d->flat, "]");
   } else {
      emit_field(d, f, name, raw, indent, first);
   }
}

static void
print_fields(struct decoder *d, const struct gvk_gx_item *item,
             const uint32_t *p, uint32_t n, uint32_t base, const char *prefix,
             int indent, int depth)
{
   int group_done = -1;
   for (uint16_t i = 0; i < item->field_count; i++) {
      const struct gvk_gx_field *f = &item->fields[i];
      if (f->group < 0) {
         print_one(d, item, f, p, n, base, f->name, prefix, indent, depth);
         continue;
      }
      if (f->group <= group_done || f->group >= item->group_count)
         continue;
      /* All fields of a group, element by element; names get "[i]". */
      const struct gvk_gx_group *g = &item->groups[f->group];
      group_done = f->group;
      uint32_t count = g->count;
      if (count == 0)
         count = n * 32 > g->start && g->size ? (n * 32 - g->start + g->size - 1) / g->size : 0;
      for (uint32_t e = 0; e < count && e < 4096; e++) {
         for (uint16_t j = i; j < item->field_count; j++) {
            const struct gvk_gx_field *gf = &item->fields[j];
            if (gf->group != f->group)
               continue;
            char name[160];
            snprintf(name, sizeof(name), "%s[%u]", gf->name, e);
            print_one(d, item, gf, p, n, base + g->start + e * g->size, name,
                      prefix, indent, depth);
         }
      }
   }
}

/* Dwords of a command no field describes but which hold set bits. */
static void
print_undescribed(struct decoder *d, const struct gvk_gx_item *item,
                  const uint32_t *p, uint32_t n, uint64_t address)
{
   for (uint32_t dw = 0; dw < n && dw < 4096; dw++) {
      uint32_t covered = 0;
      for (uint16_t i = 0; i < item->field_count; i++) {
         const struct gvk_gx_field *f = &item->fields[i];
         uint32_t reps = 1, step = 0, base = 0;
         if (f->group >= 0 && f->group < item->group_count) {
            const struct gvk_gx_group *g = &item->groups[f->group];
            base = g->start;
            step = g->size;
            reps = g->count ? g->count : (n * 32 > g->start && g->size ? (n * 32 - g->start) / g->size + 1 : 0);
         }
         for (uint32_t e = 0; e < reps && e < 4096; e++) {
            uint32_t s = base + e * step + f->start, t = base + e * step + f->end;
            for (uint32_t b = s; b <= t && b / 32 <= dw; b++) {
               if (b / 32 == dw)
                  covered |= 1u << (b % 32);
            }
         }
      }
      if (p[dw] & ~covered)
         fprintf(d->out, "    undescribed bits in dword %u (0x%08" PRIx64 "): 0x%08x\n",
                 dw, address + 4 * dw, p[dw] & ~covered);
   }
}

static void
print_state(struct decoder *d, const char *struct_name, uint64_t address,
            const char *title)
{
   const struct gvk_gx_item *item = gvk_gx_find_by_name(d->spec, struct_name);
   if (!item) {
      fprintf(d->out, "  %s at 0x%08" PRIx64 ": %s is not described\n", title, address, struct_name);
      return;
   }
   uint32_t buf[MAX_STATE_DWORDS];
   uint32_t len = item->length < MAX_STATE_DWORDS ? item->length : MAX_STATE_DWORDS;
   uint32_t got = read_dwords(d, address, len, buf);
   if (got < len) {
      fprintf(d->out, "  %s at 0x%08" PRIx64 ": invalid: outside every object\n", title, address);
      d->stats->invalid++;
      return;
   }
   fprintf(d->out, "  %s at 0x%08" PRIx64 ": %s\n", title, address, struct_name);
   set_view(d, buf, address, len);
   print_fields(d, item, buf, len, 0, "", 4, 0);
   d->view = NULL;
}

static void
print_register(struct decoder *d, uint32_t offset, uint32_t value)
{
   const struct gvk_gx_item *reg = gvk_gx_find_register(d->spec, offset);
   /* The value is no longer where the packet holds it. */
   d->view = NULL;
   if (d->mode == GVK_DECODE_JSON) {
      /* Decoded into "registers" of the packet, with their own buffers. */
      struct sbuf json = d->json, flat = d->flat;
      bool jf = d->json_first, ff = d->flat_first;
      memset(&d->json, 0, sizeof(d->json));
      memset(&d->flat, 0, sizeof(d->flat));
      sb_printf(&d->json, "%s", "");
      sb_printf(&d->flat, "%s", "");
      d->json_first = d->flat_first = true;
      if (reg)
         print_fields(d, reg, &value, 1, 0, "", 0, 0);
      sb_printf(&d->extra, "%s{\"offset\": %u, \"value\": %u, \"name\": ",
                d->extra.len ? ", " : "", offset, value);
      if (reg)
         sb_json_string(&d->extra, reg->name);
      else
         sb_printf(&d->extra, "null");
      sb_printf(&d->extra, ", \"fields\": {%s}, \"flat\": [%s]}", d->json.s, d->flat.s);
      free(d->json.s);
      free(d->flat.s);
      d->json = json;
      d->flat = flat;
      d->json_first = jf;
      d->flat_first = ff;
      return;
   }
   if (d->mode != GVK_DECODE_FULL)
      return;
   if (!reg) {
      fprintf(d->out, "  register 0x%04x = 0x%08x (not described)\n", offset, value);
      return;
   }
   fprintf(d->out, "  register %s (0x%04x) = 0x%08x\n", reg->name, offset, value);
   print_fields(d, reg, &value, 1, 0, "", 4, 0);
}

/* Up to max dwords at address, printed eight to a line. */
static void
dump_dwords(struct decoder *d, const char *title, uint64_t address, uint64_t bytes)
{
   uint32_t buf[MAX_STATE_DWORDS];
   uint32_t want = bytes / 4 < MAX_STATE_DWORDS ? (uint32_t)(bytes / 4) : MAX_STATE_DWORDS;
   uint32_t got = read_dwords(d, address, want, buf);
   fprintf(d->out, "  %s at 0x%08" PRIx64 " (%" PRIu64 " bytes%s):\n", title, address, bytes,
           want < bytes / 4 ? ", first shown" : "");
   for (uint32_t i = 0; i < got; i++)
      fprintf(d->out, "%s0x%08x%s", i % 8 ? " " : "    ", buf[i],
              i % 8 == 7 || i + 1 == got ? "\n" : "");
   if (got < want) {
      fprintf(d->out, "    invalid: %s outside every object\n", title);
      d->stats->invalid++;
   }
}

static bool
ends_with(const char *s, const char *tail)
{
   size_t a = strlen(s), b = strlen(tail);
   return a >= b && strcmp(s + a - b, tail) == 0;
}

/* 3D state pointers: binding tables -> surface states, samplers, blend,
 * viewports, scissors, depth/stencil state, push constants, vertex and
 * index buffers (full mode). */
static void
follow_3d_state(struct decoder *d, const struct gvk_gx_item *item, const uint32_t *p,
                uint32_t n)
{
   const char *name = item->name;
   uint64_t v, w = 0;
   char title[96];

   if (strncmp(name, "3DSTATE_BINDING_TABLE_POINTERS_", 31) == 0) {
      for (uint16_t i = 0; i < item->field_count; i++) {
         const struct gvk_gx_field *f = &item->fields[i];
         if (f->kind != GVK_GX_OFFSET || !gvk_gx_field_raw(f, p, n, 0, &v))
            continue;
         /* The table's length is the shader's; show entries until a zero. */
         for (uint32_t e = 0; e < 16; e++) {
            uint32_t entry;
            if (read_dwords(d, d->surface_base + v + 4 * e, 1, &entry) < 1 || entry == 0)
               break;
            snprintf(title, sizeof(title), "binding table entry %u", e);
            print_state(d, "RENDER_SURFACE_STATE", d->surface_base + (entry & ~0x3fu), title);
         }
      }
      return;
   }
   if (strncmp(name, "3DSTATE_SAMPLER_STATE_POINTERS", 30) == 0) {
      for (uint16_t i = 0; i < item->field_count; i++) {
         const struct gvk_gx_field *f = &item->fields[i];
         if (f->kind == GVK_GX_OFFSET && gvk_gx_field_raw(f, p, n, 0, &v))
            print_state(d, "SAMPLER_STATE", d->dynamic_base + v, "sampler state 0");
      }
      return;
   }
   static const struct { const char *command, *state; unsigned count; } dynamic[] = {
      { "3DSTATE_VIEWPORT_STATE_POINTERS_CC", "CC_VIEWPORT", 1 },
      { "3DSTATE_VIEWPORT_STATE_POINTERS_SF_CLIP", "SF_CLIP_VIEWPORT", 1 },
      { "3DSTATE_SCISSOR_STATE_POINTERS", "SCISSOR_RECT", 1 },
      { "3DSTATE_DEPTH_STENCIL_STATE_POINTERS", "DEPTH_STENCIL_STATE", 1 },
      { "3DSTATE_BLEND_STATE_POINTERS", "BLEND_STATE", 1 },
   };
   for (size_t k = 0; k < sizeof(dynamic) / sizeof(dynamic[0]); k++) {
      if (strcmp(name, dynamic[k].command) != 0)
         continue;
      for (uint16_t i = 0; i < item->field_count; i++) {
         const struct gvk_gx_field *f = &item->fields[i];
         if (f->kind != GVK_GX_OFFSET || !ends_with(f->name, "Pointer") ||
             !gvk_gx_field_raw(f, p, n, 0, &v))
            continue;
         print_state(d, dynamic[k].state, d->dynamic_base + v, dynamic[k].state);
         const struct gvk_gx_item *st = gvk_gx_find_by_name(d->spec, dynamic[k].state);
         const struct gvk_gx_item *entry = gvk_gx_find_by_name(d->spec, "BLEND_STATE_ENTRY");
         /* Gen8+ blend state: a header, then the render target entries. */
         if (strcmp(dynamic[k].state, "BLEND_STATE") == 0 && st && entry &&
             d->spec->verx10 >= 80)
            print_state(d, "BLEND_STATE_ENTRY", d->dynamic_base + v + 4 * st->length,
                        "BLEND_STATE_ENTRY 0");
      }
      return;
   }
   if (strncmp(name, "3DSTATE_CONSTANT_", 17) == 0 && strcmp(name, "3DSTATE_CONSTANT_ALL") != 0) {
      /* Read lengths are in 256-bit units; buffer 0 is relative to the
       * dynamic state base on Gen7 and Gen8 unless it is an address. */
      for (uint32_t b = 0; b < 4; b++) {
         char len_name[32], buf_name[32];
         snprintf(len_name, sizeof(len_name), "Read Length[%u]", b);
         snprintf(buf_name, sizeof(buf_name), "Buffer[%u]", b);
         const struct gvk_gx_item *body = gvk_gx_find_by_name(d->spec, "3DSTATE_CONSTANT_BODY");
         if (!body || n < 2)
            return;
         uint64_t len = 0, addr = 0;
         for (uint16_t i = 0; i < body->field_count; i++) {
            const struct gvk_gx_field *f = &body->fields[i];
            if (f->group < 0 || f->group >= body->group_count)
               continue;
            const struct gvk_gx_group *g = &body->groups[f->group];
            if (strcmp(f->name, "Read Length") == 0)
               gvk_gx_field_raw(f, p + 1, n - 1, g->start + b * g->size, &len);
            if (strcmp(f->name, "Buffer") == 0)
               gvk_gx_field_raw(f, p + 1, n - 1, g->start + b * g->size, &addr);
         }
         if (len) {
            snprintf(title, sizeof(title), "push constant buffer %u", b);
            dump_dwords(d, title, addr, len * 32);
         }
      }
      return;
   }
   if (strcmp(name, "3DSTATE_VERTEX_BUFFERS") == 0) {
      const struct gvk_gx_item *vb = gvk_gx_find_by_name(d->spec, "VERTEX_BUFFER_STATE");
      if (!vb)
         return;
      for (uint32_t off = 1; off + vb->length <= n; off += vb->length) {
         uint64_t index = 0, start = 0, size = 0, end = 0;
         field_value(vb, p + off, vb->length, "Vertex Buffer Index", &index);
         field_value(vb, p + off, vb->length, "Buffer Starting Address", &start);
         if (field_value(vb, p + off, vb->length, "Buffer Size", &size))
            end = start + size;
         else if (field_value(vb, p + off, vb->length, "End Address", &end))
            end += 1;
         fprintf(d->out, "  vertex buffer %" PRIu64 ": 0x%08" PRIx64 "..0x%08" PRIx64 "\n",
                 index, start, end);
         snprintf(title, sizeof(title), "vertex buffer %" PRIu64 " data", index);
         if (end > start)
            dump_dwords(d, title, start, end - start < 64 ? end - start : 64);
      }
      return;
   }
   if (strcmp(name, "3DSTATE_INDEX_BUFFER") == 0 &&
       field_value(item, p, n, "Buffer Starting Address", &v)) {
      if (field_value(item, p, n, "Buffer Size", &w))
         fprintf(d->out, "  index buffer: 0x%08" PRIx64 "..0x%08" PRIx64 "\n", v, v + w);
      else if (field_value(item, p, n, "Buffer Ending Address", &w))
         fprintf(d->out, "  index buffer: 0x%08" PRIx64 "..0x%08" PRIx64 "\n", v, w + 1);
      dump_dwords(d, "index data", v, 32);
      return;
   }
}

/* The state a packet points to (full mode only). */
static void
follow_state(struct decoder *d, const struct gvk_gx_item *item, const uint32_t *p,
             uint32_t n)
{
   uint64_t v, count;
   const char *name = item->name;

   if (strcmp(name, "STATE_BASE_ADDRESS") == 0) {
      static const struct { const char *enable, *field; size_t off; } bases[] = {
         { "General State Base Address Modify Enable", "General State Base Address",
           offsetof(struct decoder, general_base) },
         { "Surface State Base Address Modify Enable", "Surface State Base Address",
           offsetof(struct decoder, surface_base) },
         { "Dynamic State Base Address Modify Enable", "Dynamic State Base Address",
           offsetof(struct decoder, dynamic_base) },
         { "Instruction Base Address Modify Enable", "Instruction Base Address",
           offsetof(struct decoder, instruction_base) },
      };
      for (size_t i = 0; i < sizeof(bases) / sizeof(bases[0]); i++) {
         uint64_t en;
         if (field_value(item, p, n, bases[i].enable, &en) && en &&
             field_value(item, p, n, bases[i].field, &v))
            *(uint64_t *)((char *)d + bases[i].off) = v;
      }
      return;
   }
   if (strcmp(name, "MI_LOAD_REGISTER_IMM") == 0) {
      for (uint32_t i = 1; i + 1 < n; i += 2)
         print_register(d, p[i] & 0x7ffffc, p[i + 1]);
      return;
   }
   if (d->mode != GVK_DECODE_FULL)
      return;
   if (strcmp(name, "MEDIA_INTERFACE_DESCRIPTOR_LOAD") == 0 &&
       field_value(item, p, n, "Interface Descriptor Data Start Address", &v) &&
       field_value(item, p, n, "Interface Descriptor Total Length", &count)) {
      const struct gvk_gx_item *idd = gvk_gx_find_by_name(d->spec, "INTERFACE_DESCRIPTOR_DATA");
      if (!idd)
         return;
      for (uint64_t i = 0; i < count / (idd->length * 4) && i < 64; i++) {
         uint64_t at = d->dynamic_base + v + i * idd->length * 4;
         uint32_t buf[MAX_STATE_DWORDS];
         if (read_dwords(d, at, idd->length, buf) < idd->length) {
            fprintf(d->out, "  interface descriptor %" PRIu64 ": invalid: outside every object\n", i);
            d->stats->invalid++;
            return;
         }
         char title[64];
         snprintf(title, sizeof(title), "interface descriptor %" PRIu64, i);
         print_state(d, "INTERFACE_DESCRIPTOR_DATA", at, title);
         uint64_t ksp, bt, bt_count, sampler;
         if (field_value(idd, buf, idd->length, "Kernel Start Pointer", &ksp))
            print_kernel(d, "kernel", d->instruction_base + ksp);
         if (field_value(idd, buf, idd->length, "Binding Table Pointer", &bt) &&
             field_value(idd, buf, idd->length, "Binding Table Entry Count", &bt_count)) {
            for (uint64_t e = 0; e < bt_count && e < 32; e++) {
               uint32_t entry;
               if (read_dwords(d, d->surface_base + bt + 4 * e, 1, &entry) < 1) {
                  fprintf(d->out, "  binding table entry %" PRIu64 ": invalid\n", e);
                  d->stats->invalid++;
                  break;
               }
               snprintf(title, sizeof(title), "binding table entry %" PRIu64, e);
               print_state(d, "RENDER_SURFACE_STATE", d->surface_base + (entry & ~0x3fu), title);
            }
         }
         if (field_value(idd, buf, idd->length, "Sampler State Pointer", &sampler) && sampler)
            print_state(d, "SAMPLER_STATE", d->dynamic_base + sampler, "sampler state 0");
      }
      return;
   }
   if (strcmp(name, "MEDIA_CURBE_LOAD") == 0 &&
       field_value(item, p, n, "CURBE Data Start Address", &v) &&
       field_value(item, p, n, "CURBE Total Data Length", &count)) {
      uint32_t buf[MAX_STATE_DWORDS];
      uint32_t want = count / 4 < MAX_STATE_DWORDS ? (uint32_t)(count / 4) : MAX_STATE_DWORDS;
      uint32_t got = read_dwords(d, d->dynamic_base + v, want, buf);
      fprintf(d->out, "  CURBE data at 0x%08" PRIx64 " (%u of %" PRIu64 " bytes):\n",
              d->dynamic_base + v, got * 4, count);
      for (uint32_t i = 0; i < got; i++)
         fprintf(d->out, "%s0x%08x%s", i % 8 ? " " : "    ", buf[i], i % 8 == 7 || i + 1 == got ? "\n" : "");
      if (got < want) {
         fprintf(d->out, "    invalid: CURBE data outside every object\n");
         d->stats->invalid++;
      }
      return;
   }
   if (strcmp(name, "3DSTATE_CC_STATE_POINTERS") == 0 &&
       field_value(item, p, n, "Color Calc State Pointer", &v)) {
      print_state(d, "COLOR_CALC_STATE", d->dynamic_base + v, "color calc state");
      return;
   }
   if (strncmp(name, "3DSTATE_", 8) == 0 && strlen(name) == 10 && name[9] == 'S') {
      print_stage_kernels(d, item, p, n);
      return;
   }
   follow_3d_state(d, item, p, n);
}

/* JSON: the relocations inside the view, the fields they land on, and
 * the view decoded as submitted ("submitted", flat like "flat").  Uses the
 * json and flat buffers, whose contents must be printed already. */
static void
print_json_relocations(struct decoder *d, const struct gvk_gx_item *item,
                       const uint32_t *p, uint32_t n, FILE *out)
{
   if (d->rel_first == d->rel_end)
      return;
   uint32_t *q = malloc((size_t)n * 4);
   if (!q)
      abort();
   memcpy(q, p, (size_t)n * 4);
   fprintf(out, ", \"relocs\": [");
   for (uint32_t i = d->rel_first; i < d->rel_end; i++) {
      const struct reloc *r = &d->relocs[i];
      uint64_t off = r->address - d->view_address;
      uint64_t bytes = 4ull * n - off < r->size ? 4ull * n - off : r->size;
      memcpy((uint8_t *)q + off, &r->original, (size_t)bytes);
      fprintf(out, "%s{\"byte\": %" PRIu64 ", \"size\": %u, \"target\": %u, "
              "\"target_address\": %" PRIu64 ", \"delta\": %d, \"presumed\": %" PRIu64 ", "
              "\"original\": %" PRIu64 ", \"written\": %" PRIu64 "}",
              i > d->rel_first ? ", " : "", off, r->size, r->target,
              r->target < d->object_count ? d->objects[r->target].address : 0,
              (int32_t)r->delta, r->presumed, r->original, r->written);
   }
   fprintf(out, "], \"reloc_fields\": [%s]", d->reloc_fields.s ? d->reloc_fields.s : "");
   d->reloc_fields.len = 0;
   d->json.len = d->flat.len = 0;
   sb_printf(&d->json, "%s", "");
   sb_printf(&d->flat, "%s", "");
   d->json_first = d->flat_first = true;
   const uint32_t *view = d->view;
   d->view = NULL;
   print_fields(d, item, q, n, 0, "", 0, 0);
   d->view = view;
   fprintf(out, ", \"submitted\": [%s]", d->flat.s);
   free(q);
}

static void
begin_json(struct decoder *d, uint64_t address, const char *name, uint32_t length)
{
   d->json.len = 0;
   d->flat.len = 0;
   sb_printf(&d->json, "{\"batch\": %u, \"address\": %" PRIu64 ", \"name\": ", d->index, address);
   if (name)
      sb_json_string(&d->json, name);
   else
      sb_printf(&d->json, "null");
   sb_printf(&d->json, ", \"length\": %u, \"fields\": {", length);
   sb_printf(&d->flat, "%s", "");
   d->json_first = d->flat_first = true;
}

static void
end_json(struct decoder *d, const struct gvk_gx_item *item, const uint32_t *p, uint32_t n,
         uint64_t address)
{
   fprintf(d->out, "%s}, \"flat\": [%s]", d->json.s, d->flat.s ? d->flat.s : "");
   if (d->extra.len)
      fprintf(d->out, ", \"registers\": [%s]", d->extra.s);
   set_view(d, p, address, n);
   print_json_relocations(d, item, p, n, d->out);
   fprintf(d->out, "}\n");
   d->extra.len = 0;
}

/* Where a jump leaves the command streamer: its next address and, inside a
 * second-level batch, where MI_BATCH_BUFFER_END returns to.  Reaching the
 * same place twice means the batch loops forever (the decode is static, so
 * a predicated jump counts as taken), which the GPU would run until reset. */
struct jump {
   uint64_t target, return_ip;
   bool second_level;
};

struct jump_set {
   struct jump *slots;
   uint32_t cap, count;
};

static uint32_t
jump_hash(const struct jump *j, uint32_t cap)
{
   uint64_t h = (j->target ^ (j->return_ip * 0x9e3779b97f4a7c15ull)) + j->second_level;
   h *= 0xff51afd7ed558ccdull;
   return (uint32_t)(h >> 32) & (cap - 1);
}

static bool
jump_equal(const struct jump *a, const struct jump *b)
{
   return a->target == b->target && a->return_ip == b->return_ip &&
          a->second_level == b->second_level;
}

static bool jump_set_add(struct jump_set *set, const struct jump *j);

static bool
jump_set_grow(struct jump_set *set)
{
   struct jump_set bigger = { calloc(set->cap ? set->cap * 2 : 64, sizeof(struct jump)),
                              set->cap ? set->cap * 2 : 64, 0 };
   if (!bigger.slots)
      return false;
   for (uint32_t i = 0; i < set->cap; i++) {
      if (set->slots[i].target)
         jump_set_add(&bigger, &set->slots[i]);
   }
   free(set->slots);
   *set = bigger;
   return true;
}

/* False when the jump was already taken (or memory ran out). Address 0
 * marks a free slot; a jump to 0 is outside every object and never stored. */
static bool
jump_set_add(struct jump_set *set, const struct jump *j)
{
   if (2 * (set->count + 1) > set->cap && !jump_set_grow(set))
      return false;
   for (uint32_t i = jump_hash(j, set->cap);; i = (i + 1) & (set->cap - 1)) {
      if (!set->slots[i].target) {
         set->slots[i] = *j;
         set->count++;
         return true;
      }
      if (jump_equal(&set->slots[i], j))
         return false;
   }
}

static void
walk_commands(struct decoder *d, uint64_t start, struct jump_set *jumps)
{
   uint64_t ip = start, return_ip = 0;
   bool second_level = false;
   uint32_t p[MAX_STATE_DWORDS * 16];

   for (unsigned count = 0; count < MAX_PACKETS; count++) {
      uint32_t dw0;
      if (read_dwords(d, ip, 1, &dw0) < 1) {
         d->stats->invalid++;
         if (d->mode == GVK_DECODE_JSON)
            fprintf(d->out, "{\"batch\": %u, \"address\": %" PRIu64 ", \"name\": null, \"invalid\": \"outside every object\"}\n",
                    d->index, ip);
         else
            fprintf(d->out, "0x%08" PRIx64 ": invalid: command fetch outside every object\n", ip);
         return;
      }
      const struct gvk_gx_item *item = gvk_gx_find_command(d->spec, dw0);
      if (!item) {
         d->stats->unknown++;
         if (d->mode == GVK_DECODE_JSON)
            fprintf(d->out, "{\"batch\": %u, \"address\": %" PRIu64 ", \"name\": null, \"unknown\": %u}\n",
                    d->index, ip, dw0);
         else
            fprintf(d->out, "0x%08" PRIx64 ":  0x%08x  unknown dword (no described command)\n", ip, dw0);
         ip += 4;
         continue;
      }
      uint32_t len = gvk_gx_command_length(item, dw0);
      if (len == 0)
         len = 1;
      uint32_t cap = sizeof(p) / sizeof(p[0]);
      uint32_t got = read_dwords(d, ip, len < cap ? len : cap, p);
      if (got < len) {
         d->stats->invalid++;
         if (d->mode == GVK_DECODE_JSON)
            fprintf(d->out, "{\"batch\": %u, \"address\": %" PRIu64 ", \"name\": \"%s\", \"invalid\": \"truncated\"}\n",
                    d->index, ip, item->name);
         else
            fprintf(d->out, "0x%08" PRIx64 ":  %s: invalid: %u dwords, only %u captured\n",
                    ip, item->name, len, got);
         return;
      }
      d->stats->packets++;
      set_view(d, p, ip, len);
      d->reloc_fields.len = 0;
      if (d->mode == GVK_DECODE_SUMMARY) {
         fprintf(d->out, "0x%08" PRIx64 "  %-40s %3u dw  0x%08x\n", ip, item->name, len, dw0);
      } else if (d->mode == GVK_DECODE_FULL) {
         fprintf(d->out, "0x%08" PRIx64 ":  %s (%u dwords)\n", ip, item->name, len);
         print_fields(d, item, p, len, 0, "", 4, 0);
         print_undescribed(d, item, p, len, ip);
      } else {
         begin_json(d, ip, item->name, len);
         d->note_relocs = true;
         print_fields(d, item, p, len, 0, "", 0, 0);
         d->note_relocs = false;
      }

      follow_state(d, item, p, len);
      d->view = NULL;
      if (d->mode == GVK_DECODE_JSON)
         end_json(d, item, p, len, ip);

      if (strcmp(item->name, "MI_BATCH_BUFFER_END") == 0) {
         if (!second_level)
            return;
         ip = return_ip;
         second_level = false;
         continue;
      }
      if (strcmp(item->name, "MI_BATCH_BUFFER_START") == 0) {
         uint64_t target, level = 0;
         if (!field_value(item, p, len, "Batch Buffer Start Address", &target)) {
            d->stats->invalid++;
            return;
         }
         field_value(item, p, len, "Second Level Batch Buffer", &level);
         if (level && !second_level) {
            return_ip = ip + 4ull * len;
            second_level = true;
         }
         uint64_t ip_of_jump = ip;
         ip = target;
         struct jump j = { target, second_level ? return_ip : 0, second_level };
         if (target && !jump_set_add(jumps, &j)) {
            d->stats->invalid++;
            fprintf(d->out, "invalid: MI_BATCH_BUFFER_START at 0x%08" PRIx64
                    " jumps to 0x%08" PRIx64 " again, the batch never ends\n",
                    ip_of_jump, target);
            return;
         }
         continue;
      }
      ip += 4ull * len;
   }
   d->stats->invalid++;
   fprintf(d->out, "invalid: no MI_BATCH_BUFFER_END within %u commands\n", MAX_PACKETS);
}

static void
walk(struct decoder *d, uint64_t start)
{
   struct jump_set jumps = { 0 };
   walk_commands(d, start, &jumps);
   free(jumps.slots);
}

static uint64_t
le64(const uint8_t *p)
{
   uint64_t v;
   memcpy(&v, p, 8);
   return v;
}

static uint32_t
le32(const uint8_t *p)
{
   uint32_t v;
   memcpy(&v, p, 4);
   return v;
}

static int
compare_relocs(const void *a, const void *b)
{
   const struct reloc *x = a, *y = b;
   return x->address < y->address ? -1 : x->address > y->address;
}

/* The relocation table after the objects; records naming no object, or a
 * place outside it, are reported and dropped. */
static void
load_relocations(struct decoder *d, const struct vgpu_capture_header *h,
                 const uint8_t *table, size_t size)
{
   if (h->reloc_count == 0)
      return;
   if (h->reloc_size < sizeof(struct vgpu_capture_reloc) ||
       h->reloc_count > size / h->reloc_size) {
      fprintf(d->out, "invalid: relocation table (%u records of %u bytes) is truncated\n",
              h->reloc_count, h->reloc_size);
      d->stats->invalid++;
      return;
   }
   d->relocs = calloc(h->reloc_count, sizeof(*d->relocs));
   if (!d->relocs)
      return;
   for (uint32_t i = 0; i < h->reloc_count; i++) {
      struct vgpu_capture_reloc rec;
      memcpy(&rec, table + (size_t)i * h->reloc_size, sizeof(rec));
      const struct object *o = rec.object_index < d->object_count ? &d->objects[rec.object_index] : NULL;
      if (!o || (rec.size != 4 && rec.size != 8) || rec.offset > o->size ||
          o->size - rec.offset < rec.size) {
         fprintf(d->out, "invalid: relocation %u names no place in a captured object\n", i);
         d->stats->invalid++;
         continue;
      }
      d->relocs[d->reloc_count++] = (struct reloc){
         .address = (o->address + rec.offset) & ((1ull << 48) - 1),
         .presumed = rec.presumed_offset,
         .original = rec.original,
         .written = rec.written,
         .target = rec.target_index,
         .delta = rec.delta,
         .size = rec.size,
      };
   }
   qsort(d->relocs, d->reloc_count, sizeof(*d->relocs), compare_relocs);
}

/* Checks a capture's header and lists its objects; never trusts the blob. */
static int
load_capture(struct decoder *d, const uint8_t *blob, size_t size)
{
   struct vgpu_capture_header h;
   if (size < sizeof(h) || memcmp(blob, VGPU_CAPTURE_MAGIC, 8) != 0) {
      fprintf(d->out, "invalid: not a vgpu capture (%zu bytes)\n", size);
      d->stats->invalid++;
      return -1;
   }
   memcpy(&h, blob, sizeof(h));
   if (h.version == 1)
      h.reloc_count = h.reloc_size = 0;
   const struct gvk_gx_spec *spec = gvk_gx_spec_for(h.verx10);
   /* Version 1 is version 2 without relocations. */
   size_t min_header = h.version == 1 ? offsetof(struct vgpu_capture_header, reloc_count)
                                      : sizeof(h);
   if (h.version < 1 || h.version > VGPU_CAPTURE_VERSION || h.header_size < min_header ||
       h.header_size > size || !spec || h.object_header_size < sizeof(struct vgpu_capture_object) ||
       h.object_count > 100000) {
      fprintf(d->out, "invalid: unsupported capture header (version %u, gen %u, %u objects)\n",
              h.version, h.verx10, h.object_count);
      d->stats->invalid++;
      return -1;
   }

   d->spec = spec;
   d->objects = calloc(h.object_count ? h.object_count : 1, sizeof(*d->objects));
   if (!d->objects)
      return -1;
   size_t pos = h.header_size;
   for (uint32_t i = 0; i < h.object_count; i++) {
      if (size - pos < h.object_header_size) {
         fprintf(d->out, "invalid: object %u header is truncated\n", i);
         d->stats->invalid++;
         break;
      }
      const uint8_t *o = blob + pos;
      struct object *obj = &d->objects[d->object_count];
      obj->handle = le32(o);
      obj->address = le64(o + 16);
      obj->size = le64(o + 24);
      obj->data_size = le64(o + 32);
      pos += h.object_header_size;
      if (obj->data_size > size - pos) {
         fprintf(d->out, "invalid: object %u contents are truncated\n", i);
         d->stats->invalid++;
         obj->data_size = size - pos;
      }
      obj->data = blob + pos;
      pos += obj->data_size;
      d->object_count++;
   }
   if (d->object_count == h.object_count)
      load_relocations(d, &h, blob + pos, size - pos);
   return 0;
}

static void
free_decoder(struct decoder *d)
{
   free(d->json.s);
   free(d->flat.s);
   free(d->extra.s);
   free(d->reloc_fields.s);
   free(d->objects);
   free(d->relocs);
}

int
gvk_decode_struct_json(const uint8_t *blob, size_t size, const char *struct_name,
                       uint64_t address, FILE *out)
{
   struct gvk_decode_stats stats = { 0 };
   FILE *null = fopen("/dev/null", "w");
   if (!null)
      return -1;
   struct decoder d = { .mode = GVK_DECODE_JSON, .out = null, .stats = &stats };
   int ret = load_capture(&d, blob, size);
   fclose(null);
   fprintf(out, "{\"struct\": ");
   sb_json_string(&d.json, struct_name);
   fprintf(out, "%s, \"address\": %" PRIu64, d.json.s, address);
   d.json.len = 0;
   const struct gvk_gx_item *item = ret == 0 ? gvk_gx_find_by_name(d.spec, struct_name) : NULL;
   uint32_t buf[MAX_STATE_DWORDS];
   uint32_t len = item ? (item->length < MAX_STATE_DWORDS ? item->length : MAX_STATE_DWORDS) : 0;
   if (!item) {
      fprintf(out, ", \"invalid\": \"%s\"}\n", ret ? "not a capture" : "not described");
   } else if (read_dwords(&d, address, len, buf) < len) {
      fprintf(out, ", \"invalid\": \"outside every object\"}\n");
   } else {
      d.json.len = d.flat.len = 0;
      sb_printf(&d.json, "%s", "");
      sb_printf(&d.flat, "%s", "");
      d.json_first = d.flat_first = true;
      set_view(&d, buf, address, len);
      d.note_relocs = true;
      print_fields(&d, item, buf, len, 0, "", 0, 0);
      d.note_relocs = false;
      fprintf(out, ", \"flat\": [%s]", d.flat.s);
      print_json_relocations(&d, item, buf, len, out);
      fprintf(out, "}\n");
   }
   free_decoder(&d);
   return ret;
}

int
gvk_decode_capture(const uint8_t *blob, size_t size, unsigned index,
                   enum gvk_decode_mode mode, FILE *out,
                   struct gvk_decode_stats *stats)
{
   struct decoder d = { .mode = mode, .out = out, .index = index, .stats = stats };
   if (load_capture(&d, blob, size) != 0) {
      free_decoder(&d);
      return -1;
   }
   struct vgpu_capture_header h;
   memcpy(&h, blob, sizeof(h));
   const struct gvk_gx_spec *spec = d.spec;
   if (mode != GVK_DECODE_JSON)
      fprintf(out, "capture %u: gen %u (%s), PCI 0x%04x, batch at 0x%08" PRIx64 ", %u objects\n",
              index, h.verx10, spec->title, h.pci_id, h.batch_address, d.object_count);
   walk(&d, h.batch_address);
   free_decoder(&d);
   return 0;
}

int
gvk_decode_batch(unsigned verx10, const struct gvk_decode_object *objects,
                 uint32_t count, uint64_t batch_address,
                 enum gvk_decode_mode mode, FILE *out,
                 struct gvk_decode_stats *stats)
{
   struct decoder d = { .mode = mode, .out = out, .stats = stats,
                        .spec = gvk_gx_spec_for(verx10) };
   if (!d.spec) {
      fprintf(out, "invalid: no command descriptions for generation %u\n", verx10);
      stats->invalid++;
      return -1;
   }
   d.objects = calloc(count ? count : 1, sizeof(*d.objects));
   if (!d.objects)
      return -1;
   for (uint32_t i = 0; i < count; i++) {
      d.objects[i] = (struct object){
         .address = objects[i].address & ((1ull << 48) - 1),
         .size = objects[i].size,
         .data_size = objects[i].data ? objects[i].size : 0,
         .data = objects[i].data,
      };
   }
   d.object_count = count;
   if (mode != GVK_DECODE_JSON)
      fprintf(out, "batch: gen %u (%s), at 0x%08" PRIx64 ", %u objects\n",
              verx10, d.spec->title, batch_address, count);
   walk(&d, batch_address);
   free_decoder(&d);
   return 0;
}

/* Whole-kernel compaction: re-encode a kernel with every instruction that
 * has a compacted form compacted (or none of them), moving branch targets
 * with the instructions.  JIP/UIP count bytes from the branch itself (Gen8+)
 * or 64-bit units (Gen7), so every size change moves them.  JMPI's
 * immediate counts the same units from the instruction after it (PRM Vol
 * 2a "JMPI": the offset is added to the incremented IP). */
#include <stdlib.h>
#include <string.h>

#include "isa_priv.h"

struct kinst {
   struct isa_inst in;
   size_t old_off, new_off;
   int jip_target, uip_target;    /* instruction index, -1: none */
   bool jmpi;                     /* jip_target is JMPI's src1 offset */
   bool native_only;
};

static int
find_target(const struct kinst *k, unsigned n, size_t end, long long off)
{
   if (off == (long long)end)
      return n;
   for (unsigned i = 0; i < n; i++) {
      if ((long long)k[i].old_off == off)
         return i;
   }
   return -2;
}

/* Gen7 ELSE keeps a UIP field that Mesa fills like Gen8's: it moves too. */
static bool
uses_uip(enum isa_gen gen, enum isa_op op)
{
   return isa_branch_has_uip(gen, op) || op == ISA_OP_ELSE;
}

static bool
is_jmpi_imm(const struct isa_inst *in)
{
   return in->op == ISA_OP_JMPI && in->src[1].file == ISA_FILE_IMM;
}

/* Finds where each branch of k jumps to (instruction indices, n for the
 * kernel's end); false when a target is not an instruction boundary. */
static bool
find_targets(const struct isa_gen_desc *d, struct kinst *k, unsigned n,
             size_t size)
{
   for (unsigned i = 0; i < n; i++) {
      struct isa_inst *in = &k[i].in;
      long long base = k[i].old_off;
      k[i].jip_target = k[i].uip_target = -1;
      k[i].jmpi = is_jmpi_imm(in);
      if (k[i].jmpi) {
         long long next = i + 1 < n ? (long long)k[i + 1].old_off : (long long)size;
         k[i].jip_target = find_target(k, n, size, next +
                                       (long long)(int32_t)in->src[1].imm * d->jump_scale);
      } else if (isa_op_form(d->gen, in->op) == ISA_FORM_BRANCH) {
         k[i].jip_target = find_target(k, n, size, base + (long long)in->jip * d->jump_scale);
         if (uses_uip(d->gen, in->op))
            k[i].uip_target = find_target(k, n, size, base + (long long)in->uip * d->jump_scale);
      }
      if (k[i].jip_target == -2 || k[i].uip_target == -2)
         return false;
   }
   return true;
}

/* Points k[i]'s jumps at their targets' new offsets. */
static void
move_targets(const struct isa_gen_desc *d, struct kinst *k, unsigned n,
             unsigned i, size_t end)
{
   struct isa_inst *in = &k[i].in;
   int t[2] = { k[i].jip_target, k[i].uip_target };
   for (unsigned j = 0; j < 2; j++) {
      if (t[j] < 0)
         continue;
      size_t to = t[j] == (int)n ? end : k[t[j]].new_off;
      size_t from = k[i].new_off + (k[i].jmpi ? (k[i].native_only ? 16 : 8) : 0);
      int32_t v = (int32_t)(((long long)to - (long long)from) / d->jump_scale);
      if (k[i].jmpi)
         in->src[1].imm = (uint32_t)v;
      else if (j == 0)
         in->jip = v;
      else
         in->uip = v;
   }
}

size_t
isa_kernel_set_compaction(enum isa_gen gen, const void *code, size_t size,
                          bool compact, uint8_t *out, size_t out_size)
{
   const struct isa_gen_desc *d = isa_gen_desc(gen);
   const uint8_t *p = code;
   unsigned n = 0, cap = 64;
   struct kinst *k = malloc(cap * sizeof(*k));
   size_t result = 0;
   if (!d || !k)
      goto done;

   for (size_t off = 0; off < size;) {
      if (n == cap) {
         struct kinst *nk = realloc(k, (cap *= 2) * sizeof(*k));
         if (!nk)
            goto done;
         k = nk;
      }
      unsigned len = isa_decode(gen, p + off, size - off, &k[n].in);
      if (!len)
         goto done;
      k[n].old_off = off;
      k[n].native_only = !compact;
      off += len;
      n++;
   }
   if (!find_targets(d, k, n, size))
      goto done;

   /* An instruction that cannot be compacted with its final jump offsets
    * stays native; offsets only move when sizes change, so this settles. */
   for (unsigned round = 0; round < 16; round++) {
      size_t off = 0;
      for (unsigned i = 0; i < n; i++) {
         k[i].new_off = off;
         off += k[i].native_only ? 16 : 8;
      }
      size_t end = off;
      bool changed = false;
      for (unsigned i = 0; i < n; i++) {
         struct isa_inst *in = &k[i].in;
         move_targets(d, k, n, i, end);
         if (k[i].native_only)
            continue;
         uint8_t tmp[16];
         in->compacted = true;
         if (isa_encode(gen, in, tmp) != 8) {
            k[i].native_only = true;
            changed = true;
         }
      }
      if (!changed)
         break;
   }

   size_t off = 0;
   for (unsigned i = 0; i < n; i++) {
      k[i].in.compacted = !k[i].native_only;
      uint8_t tmp[16];
      unsigned len = isa_encode(gen, &k[i].in, tmp);
      if (!len || off + len > out_size)
         goto done;
      memcpy(out + off, tmp, len);
      off += len;
   }
   result = off;
done:
   free(k);
   return result;
}

/* A thread ends with the send that has EOT set (PRM Vol 2a "SEND": End Of
 * Thread), and isa_decode sets eot on sends only, so that send is the
 * kernel's last instruction. */
size_t
isa_kernel_size(enum isa_gen gen, const void *code, size_t avail)
{
   const uint8_t *p = code;
   size_t off = 0;
   while (off < avail) {
      struct isa_inst in;
      unsigned n = isa_decode(gen, p + off, avail - off, &in);
      if (!n)
         return 0;
      off += n;
      if (in.eot)
         return off;
   }
   return 0;
}

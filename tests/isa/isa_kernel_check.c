/* Test helper: decode a raw kernel file for one generation and print, per
 * instruction, its byte offset, size, a status and the disassembly.  The
 * status is OK when decode → encode and assemble(disassemble) both give the
 * instruction's bytes back, the compactor agrees with the kernel on
 * whether it has a compacted form, and a send's decoded message encodes
 * back to its descriptors.  Used by isa_vs_mesa.py.
 *    isa_kernel_check VERX10 FILE */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa.h"
#include "isa_send.h"

/* A send with immediate descriptors that names a message: the message
 * must encode back to its words (isa_send_encode, the inverse of
 * isa_send_decode).  Returns false with the difference printed. */
static bool
send_reencodes(enum isa_gen gen, const struct isa_inst *in, size_t off,
               int *nsends)
{
   bool is_send = in->op == ISA_OP_SEND || in->op == ISA_OP_SENDC ||
                  in->op == ISA_OP_SENDS || in->op == ISA_OP_SENDSC;
   struct isa_send_msg m;
   if (!is_send || in->desc_is_reg || in->ex_desc_is_reg ||
       !isa_send_decode(gen, in->sfid, in->desc, in->ex_desc, &m))
      return true;
   (*nsends)++;
   unsigned sfid;
   uint32_t desc, ex_desc;
   const char *why = "";
   bool ok = isa_send_encode(gen, &m, &sfid, &desc, &ex_desc, &why) &&
             sfid == in->sfid && desc == in->desc && ex_desc == in->ex_desc;
   if (!ok)
      fprintf(stderr, "+%zu: send sfid %u 0x%08x 0x%08x encodes back to "
              "%u 0x%08x 0x%08x %s\n", off, in->sfid, in->desc, in->ex_desc,
              sfid, desc, ex_desc, why ? why : "");
   return ok;
}

int
main(int argc, char **argv)
{
   if (argc != 3) {
      fprintf(stderr, "usage: %s VERX10 FILE\n", argv[0]);
      return 2;
   }
   enum isa_gen gen = isa_gen_from_verx10(atoi(argv[1]));
   if (gen == ISA_GEN_COUNT) {
      fprintf(stderr, "unknown generation %s\n", argv[1]);
      return 2;
   }
   FILE *f = fopen(argv[2], "rb");
   if (!f) {
      perror(argv[2]);
      return 2;
   }
   static uint8_t code[1 << 20];
   size_t size = fread(code, 1, sizeof(code), f);
   fclose(f);

   int bad = 0, nsends = 0;
   for (size_t off = 0; off < size;) {
      struct isa_inst in;
      unsigned n = isa_decode(gen, code + off, size - off, &in);
      if (!n) {
         printf("%zu 0 BAD undecodable\n", off);
         bad++;
         off += (code[off + 3] >> 5 & 1) ? 8 : 16;   /* CmptCtrl, bit 29 */
         continue;
      }
      uint8_t again[16];
      unsigned m = isa_encode(gen, &in, again);
      bool same = m == n && !memcmp(again, code + off, n);
      char text[1024], err[128] = "";
      isa_disasm_inst(gen, &in, text, sizeof(text));
      /* The text form must assemble back to the same bytes. */
      struct isa_inst back;
      uint8_t bytes[16];
      bool asm_ok = isa_asm_inst(gen, text, &back, err, sizeof(err)) &&
                    isa_encode(gen, &back, bytes) == n &&
                    !memcmp(bytes, code + off, n);
      /* Mesa compacts every instruction that has a compacted form: the
       * compactor must agree on which ones do. */
      bool compactable = false;
      if (n == 16) {
         struct isa_inst c = in;
         c.compacted = true;
         compactable = isa_encode(gen, &c, bytes) == 8;
      }
      for (char *c = text; *c; c++)
         if (*c == '\n')
            *c = '\t';
      bool send_ok = send_reencodes(gen, &in, off, &nsends);
      printf("%zu %u %s %s\n", off, n,
             !same ? "REENCODE" : !asm_ok ? "ASM" :
             compactable ? "COMPACTABLE" : !send_ok ? "SEND-ENCODE" : "OK",
             text);
      if (!asm_ok && same)
         fprintf(stderr, "+%zu: assembler: %s\n", off, err);
      bad += !same || !asm_ok || compactable || !send_ok;
      off += n;
   }
   /* The whole kernel uncompacted and compacted again (jumps moved both
    * times) must be the kernel Mesa emitted. */
   static uint8_t native[1 << 21], again[1 << 20];
   size_t nsize = isa_kernel_set_compaction(gen, code, size, false, native,
                                            sizeof(native));
   size_t csize = nsize ? isa_kernel_set_compaction(gen, native, nsize, true,
                                                    again, sizeof(again)) : 0;
   bool kernel_ok = csize == size && !memcmp(again, code, size);
   printf("KERNEL %s native %zu recompacted %zu of %zu bytes, %d sends "
          "re-encoded\n", kernel_ok ? "OK" : "COMPACTION", nsize, csize, size,
          nsends);
   return bad || !kernel_ok ? 1 : 0;
}

/* libFuzzer target for genvk-disasm and src/isa behind it.  An input that
 * starts with a vgpu capture's magic is a capture file: the tool's own
 * capture scan runs on it (genvk_disasm.c is compiled into this file, its
 * main renamed, to reach its static functions without exporting them).
 * Any other input is a generation (its first byte) and a kernel: it is
 * disassembled as `genvk-disasm --gen` does, measured, re-encoded
 * compacted and native, and every instruction's text is given back to the
 * assembler.  None of it
 * may crash or trip a sanitizer; errors are fine. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_devnull.h"

#define main genvk_disasm_main
#include "genvk_disasm.c"
#undef main

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Each instruction's text back through the assembler. */
static void
reassemble(enum isa_gen gen, const uint8_t *code, size_t size)
{
   for (size_t off = 0; off < size;) {
      struct isa_inst in, again;
      unsigned n = isa_decode(gen, code + off, size - off, &in);
      if (!n)
         return;
      char text[1024], err[256];
      isa_disasm_inst(gen, &in, text, sizeof(text));
      isa_asm_inst(gen, text, &again, err, sizeof(err));
      off += n;
   }
}

static void
kernel(enum isa_gen gen, const uint8_t *code, size_t size)
{
   isa_disasm_kernel(gen, code, size, fuzz_devnull());
   isa_kernel_size(gen, code, size);
   size_t cap = 2 * size + 16;
   uint8_t *out = malloc(cap);
   if (!out)
      return;
   isa_kernel_set_compaction(gen, code, size, true, out, cap);
   isa_kernel_set_compaction(gen, code, size, false, out, cap);
   free(out);
   reassemble(gen, code, size);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   if (size >= 8 && !memcmp(data, VGPU_CAPTURE_MAGIC, 8)) {
      unsigned kernels = 0;
      scan_blob("input", data, size, &kernels);
      return 0;
   }
   /* libFuzzer's buffer ends where the input does: ASan sees any read
    * past the kernel. */
   if (size)
      kernel((enum isa_gen)(data[0] % ISA_GEN_COUNT), data + 1, size - 1);
   return 0;
}

/* Malformed and unsupported modules end in a clear error that names the
 * word offset, never in a crash; a bounded mutation loop (run under the
 * sanitizers in the ASan build) checks the same for random corruption. */
#include <string.h>

#include "ir_pass.h"
#include "ir_test_util.h"
#include "spirv.h"

static unsigned failures;

static void
expect_error(const char *what, const uint32_t *w, size_t n, const char *needle)
{
   char err[512];
   struct ir_shader *s = spirv_to_ir(w, n, NULL, err, sizeof(err));
   if (s || !strstr(err, needle)) {
      fprintf(stderr, "%s: expected an error containing \"%s\", got \"%s\"\n", what, needle,
              s ? "(success)" : err);
      failures++;
   } else {
      printf("%s: %s\n", what, err);
   }
   ir_shader_destroy(s);
}

/* A hand-assembled bad module (tests/ir/spirv_bad/NAME.spvasm, assembled
 * by spirv-as at build time) and its source, whose first line is
 * "; expect: TEXT": the error must contain TEXT, which names the
 * instruction, e.g. "(OpImageFetch): Coordinate operand is not ...". */
static void
expect_bad_module(const char *spv, const char *spvasm)
{
   char line[512] = "";
   FILE *f = fopen(spvasm, "r");
   if (!f || !fgets(line, sizeof(line), f) || strncmp(line, "; expect: ", 10)) {
      fprintf(stderr, "%s: no \"; expect: \" line\n", spvasm);
      failures++;
      if (f)
         fclose(f);
      return;
   }
   fclose(f);
   line[strcspn(line, "\n")] = 0;
   size_t n;
   uint32_t *w = read_spirv(spv, &n);
   if (!w) {
      failures++;
      return;
   }
   const char *name = strrchr(spvasm, '/');
   expect_error(name ? name + 1 : spvasm, w, n, line + 10);
   free(w);
}

/* Offset of the first instruction with opcode `op`, or 0. */
static size_t
find_op(const uint32_t *w, size_t n, unsigned op)
{
   for (size_t pos = 5; pos < n && (w[pos] >> 16); pos += w[pos] >> 16)
      if ((w[pos] & 0xffff) == op)
         return pos;
   return 0;
}

int
main(int argc, char **argv)
{
   if (argc < 2)
      return 1;
   size_t n;
   uint32_t *orig = read_spirv(argv[1], &n);
   if (!orig)
      return 1;
   uint32_t *w = malloc(n * 4);
   char err[512];

   expect_error("empty", orig, 0, "shorter than its 5-word header");
   memcpy(w, orig, n * 4);
   w[0] = 0xdeadbeef;
   expect_error("bad magic", w, n, "bad magic number");
   memcpy(w, orig, n * 4);
   w[1] = 0x00020000;
   expect_error("version 2.0", w, n, "unsupported SPIR-V version");
   memcpy(w, orig, n * 4);
   w[3] = 0x7fffffff;
   expect_error("huge bound", w, n, "id bound");
   memcpy(w, orig, n * 4);
   w[5] = 0;   /* word count 0 */
   expect_error("zero word count", w, n, "word 5 ");
   expect_error("truncated", orig, n - 3, "runs past the end");
   memcpy(w, orig, n * 4);
   size_t cap = find_op(w, n, 17 /* OpCapability */);
   w[cap + 1] = 6;   /* Kernel: OpenCL, not Vulkan */
   expect_error("capability", w, n, "unsupported capability Kernel");
   memcpy(w, orig, n * 4);
   size_t ld = find_op(w, n, 61 /* OpLoad */);
   w[ld + 3] = w[3] + 5;
   expect_error("id out of bound", w, n, "outside the bound");

   /* Mutations: every outcome is fine except a crash or a sanitizer report;
    * successful results must still validate. */
   uint32_t x = 0x9e3779b9;
   unsigned parsed = 0;
   for (unsigned iter = 0; iter < 3000; iter++) {
      memcpy(w, orig, n * 4);
      for (int k = 0; k < 1 + (int)(iter % 4); k++) {
         x ^= x << 13;
         x ^= x >> 17;
         x ^= x << 5;
         size_t at = 5 + x % (n - 5);
         w[at] = (iter & 1) ? w[at] ^ (1u << (x >> 27)) : x % 64;
      }
      struct ir_shader *s = spirv_to_ir(w, n, NULL, err, sizeof(err));
      if (s) {
         parsed++;
         struct ir_pass_options o = { .validate = true };
         if (!ir_validate(s, NULL)) {
            /* the front end accepted something the IR rejects: report it */
            fprintf(stderr, "mutation %u parsed into invalid IR\n", iter);
            ir_validate(s, stderr);
            failures++;
         } else {
            ir_optimize(s, &o);
         }
         ir_shader_destroy(s);
      }
   }
   printf("mutations: %u of 3000 still parse\n", parsed);
   for (int i = 2; i + 1 < argc; i += 2)
      expect_bad_module(argv[i], argv[i + 1]);
   if (argc % 2)
      fprintf(stderr, "bad modules come in pairs: module.spv module.spvasm\n");
   free(w);
   free(orig);
   return failures || argc % 2 ? 1 : 0;
}

/* genvk-disasm: disassemble Gen7–Gen12 EU kernels.
 *
 *   genvk-disasm --gen VER FILE      a raw kernel (VER: 7, 7.5, 8, 9, 11,
 *                                    12 or 70/75/80/90/110/120)
 *   genvk-disasm CAPTURE_DIR|FILE    every kernel found in a vgpu capture
 *
 * Kernels in a capture are found without decoding the batch: drivers
 * upload kernels into buffers of their own, aligned to 64 bytes, and every
 * kernel ends with a send that has EOT set.  A candidate is a run of
 * instructions from a 64-byte boundary in which every instruction decodes
 * (reserved bits clear, known opcode) up to such a send; capture objects are
 * scanned for them.  Each is printed with its GPU address. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "isa.h"
#include "util_file.h"
#include "vgpu_capture.h"

/* Length of the kernel starting at p, 0 when it is not one: a lone EOT
 * send is too likely a stray match in data to count as a kernel. */
static size_t
kernel_length(enum isa_gen gen, const uint8_t *p, size_t avail)
{
   size_t size = isa_kernel_size(gen, p, avail);
   struct isa_inst first;
   if (!size || isa_decode(gen, p, avail, &first) == size)
      return 0;
   return size;
}

static void
print_kernel(enum isa_gen gen, const uint8_t *p, size_t size, uint64_t addr)
{
   size_t off = 0;
   while (off < size) {
      struct isa_inst in;
      unsigned n = isa_decode(gen, p + off, size - off, &in);
      if (!n)
         break;
      char text[1024];
      isa_disasm_inst(gen, &in, text, sizeof(text));
      printf("0x%08llx: %s\n", (unsigned long long)(addr + off), text);
      off += n;
   }
}

static unsigned
scan_object(enum isa_gen gen, const uint8_t *data, size_t size, uint64_t addr,
            unsigned handle)
{
   unsigned found = 0;
   for (size_t off = 0; off + 16 <= size;) {
      size_t len = kernel_length(gen, data + off, size - off);
      if (!len) {
         off += 64;
         continue;
      }
      printf("\nkernel at 0x%llx (object %u +0x%zx), %zu bytes:\n",
             (unsigned long long)(addr + off), handle, off, len);
      print_kernel(gen, data + off, len, addr + off);
      found++;
      off += (len + 63) & ~(size_t)63;
   }
   return found;
}

/* Scans a capture held in memory; path names it in messages. */
static int
scan_blob(const char *path, const uint8_t *blob, size_t size, unsigned *kernels)
{
   struct vgpu_capture_header h;
   if (size < sizeof(h)) {
      fprintf(stderr, "%s: cannot read\n", path);
      return 1;
   }
   memcpy(&h, blob, sizeof(h));
   /* Object headers shorter than the struct read below would take it past
    * the end of the file. */
   if (memcmp(h.magic, VGPU_CAPTURE_MAGIC, 8) || h.header_size > size ||
       h.object_header_size < sizeof(struct vgpu_capture_object)) {
      fprintf(stderr, "%s: not a vgpu capture\n", path);
      return 1;
   }
   enum isa_gen gen = isa_gen_from_verx10(h.verx10);
   if (gen == ISA_GEN_COUNT) {
      fprintf(stderr, "%s: unknown generation %u\n", path, h.verx10);
      return 1;
   }
   printf("# %s: %s, %u objects\n", path, isa_gen_name(gen), h.object_count);
   size_t pos = h.header_size;
   for (unsigned i = 0; i < h.object_count; i++) {
      struct vgpu_capture_object o;
      if (pos + h.object_header_size > size)
         break;
      memcpy(&o, blob + pos, sizeof(o));
      pos += h.object_header_size;
      if (o.data_size > size - pos)
         break;
      *kernels += scan_object(gen, blob + pos, o.data_size, o.gpu_address,
                              o.handle);
      pos += o.data_size;
   }
   return 0;
}

static int
scan_capture(const char *path, unsigned *kernels)
{
   size_t size;
   uint8_t *blob = util_read_file(path, &size);
   if (!blob) {
      fprintf(stderr, "%s: cannot read\n", path);
      return 1;
   }
   int rc = scan_blob(path, blob, size, kernels);
   free(blob);
   return rc;
}

static int
cmp_names(const void *a, const void *b)
{
   return strcmp(*(char *const *)a, *(char *const *)b);
}

static int
scan_dir(const char *dir, unsigned *kernels)
{
   DIR *d = opendir(dir);
   if (!d) {
      perror(dir);
      return 1;
   }
   char **names = NULL;
   size_t n = 0;
   for (struct dirent *e; (e = readdir(d));) {
      size_t len = strlen(e->d_name);
      if (len > 6 && !strcmp(e->d_name + len - 6, ".vgcap")) {
         names = realloc(names, (n + 1) * sizeof(*names));
         names[n++] = strdup(e->d_name);
      }
   }
   closedir(d);
   qsort(names, n, sizeof(*names), cmp_names);
   int rc = 0;
   for (size_t i = 0; i < n; i++) {
      char path[4096];
      snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
      rc |= scan_capture(path, kernels);
      free(names[i]);
   }
   free(names);
   return rc;
}

static enum isa_gen
parse_gen(const char *s)
{
   static const struct { const char *name; unsigned verx10; } names[] = {
      { "7", 70 }, { "7.5", 75 }, { "8", 80 }, { "9", 90 }, { "11", 110 },
      { "12", 120 },
   };
   for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
      if (!strcmp(s, names[i].name))
         return isa_gen_from_verx10(names[i].verx10);
   }
   return isa_gen_from_verx10(atoi(s));
}

static int
usage(void)
{
   fprintf(stderr, "usage: genvk-disasm --gen VER KERNEL_FILE\n"
                   "       genvk-disasm CAPTURE_DIR|CAPTURE_FILE...\n");
   return 2;
}

int
main(int argc, char **argv)
{
   if (argc < 2)
      return usage();
   if (!strcmp(argv[1], "--gen")) {
      if (argc != 4)
         return usage();
      enum isa_gen gen = parse_gen(argv[2]);
      if (gen == ISA_GEN_COUNT) {
         fprintf(stderr, "unknown generation '%s'\n", argv[2]);
         return 2;
      }
      size_t size;
      void *code = util_read_file(argv[3], &size);
      if (!code) {
         perror(argv[3]);
         return 1;
      }
      int n = isa_disasm_kernel(gen, code, size, stdout);
      free(code);
      return n < 0 ? 1 : 0;
   }
   unsigned kernels = 0;
   int rc = 0;
   for (int i = 1; i < argc; i++) {
      struct stat st;
      if (stat(argv[i], &st)) {
         perror(argv[i]);
         rc = 1;
         continue;
      }
      rc |= S_ISDIR(st.st_mode) ? scan_dir(argv[i], &kernels)
                                : scan_capture(argv[i], &kernels);
   }
   printf("# %u kernels\n", kernels);
   return rc;
}

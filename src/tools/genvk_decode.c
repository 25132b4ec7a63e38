/* genvk-decode: prints the batches of vgpu captures.
 *
 *   genvk-decode [--summary | --json] CAPTURE-DIR-OR-FILE...
 *   genvk-decode --structs LIST CAPTURE-DIR-OR-FILE...
 *
 * --structs decodes structures at addresses instead: each line of LIST is
 * "CAPTURE-INDEX STRUCT-NAME ADDRESS" and gives one JSON line (used by
 * tests/crosscheck to compare the state packets point to).
 *
 * A directory stands for its *.vgcap files in name order (the order vgpu
 * wrote them).  --json prints one object per top-level packet in execution
 * order: "batch" (the capture's index in that order over all arguments),
 * "address", "name" (null for a dword no command matches, with "unknown"),
 * "length", "fields" (name -> value; nested structures as "Outer.Inner"),
 * "flat" ([name, value] in print order), for MI_LOAD_REGISTER_IMM
 * "registers" (each written register decoded) and, where the capture
 * records relocations inside the packet, "relocs" (byte, size, target,
 * target_address, delta, presumed, original, written), "reloc_fields" (the
 * fields each relocation overlaps, bits relative to it) and "submitted"
 * (the packet decoded with the bytes the driver wrote before relocation,
 * flat).  --structs lines carry the same three keys.  Full text shows a
 * relocated address as "= object N (handle H) + DELTA". */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gvk_decode.h"
#include "util_file.h"

static int
compare_names(const void *a, const void *b)
{
   return strcmp(*(char *const *)a, *(char *const *)b);
}

static int
decode_path(const char *path, unsigned *index, enum gvk_decode_mode mode,
            struct gvk_decode_stats *stats)
{
   size_t size;
   uint8_t *blob = util_read_file(path, &size);
   if (!blob) {
      fprintf(stderr, "genvk-decode: cannot read %s\n", path);
      return 1;
   }
   gvk_decode_capture(blob, size, (*index)++, mode, stdout, stats);
   free(blob);
   return 0;
}

static char **paths;
static size_t path_count;

static int
add_path(const char *path)
{
   char **np = realloc(paths, (path_count + 1) * sizeof(*paths));
   if (!np)
      return 1;
   paths = np;
   paths[path_count] = strdup(path);
   return paths[path_count++] ? 0 : 1;
}

/* Captures in the order vgpu wrote them: a directory's *.vgcap by name. */
static int
collect(const char *arg)
{
   struct stat st;
   if (stat(arg, &st) != 0) {
      fprintf(stderr, "genvk-decode: %s does not exist\n", arg);
      return 1;
   }
   if (!S_ISDIR(st.st_mode))
      return add_path(arg);
   DIR *dir = opendir(arg);
   if (!dir)
      return 1;
   size_t first = path_count;
   struct dirent *e;
   while ((e = readdir(dir))) {
      size_t l = strlen(e->d_name);
      if (l < 6 || strcmp(e->d_name + l - 6, ".vgcap") != 0)
         continue;
      char *full = malloc(strlen(arg) + l + 2);
      if (!full) {
         closedir(dir);
         return 1;
      }
      sprintf(full, "%s/%s", arg, e->d_name);
      int r = add_path(full);
      free(full);
      if (r) {
         closedir(dir);
         return 1;
      }
   }
   closedir(dir);
   qsort(paths + first, path_count - first, sizeof(*paths), compare_names);
   return 0;
}

static int
decode_structs(const char *list)
{
   FILE *f = fopen(list, "r");
   if (!f) {
      fprintf(stderr, "genvk-decode: cannot read %s\n", list);
      return 1;
   }
   char line[512], name[128];
   unsigned index, loaded = ~0u;
   unsigned long long address;
   uint8_t *blob = NULL;
   size_t size = 0;
   while (fgets(line, sizeof(line), f)) {
      if (sscanf(line, "%u %127s %llx", &index, name, &address) != 3)
         continue;
      if (index >= path_count) {
         printf("{\"struct\": \"%s\", \"address\": %llu, \"invalid\": \"no capture %u\"}\n",
                name, address, index);
         continue;
      }
      if (index != loaded) {
         free(blob);
         blob = util_read_file(paths[index], &size);
         loaded = index;
      }
      if (blob)
         gvk_decode_struct_json(blob, size, name, address, stdout);
   }
   free(blob);
   fclose(f);
   return 0;
}

int
main(int argc, char **argv)
{
   enum gvk_decode_mode mode = GVK_DECODE_FULL;
   const char *structs = NULL;
   int first = 1;
   for (; first < argc && argv[first][0] == '-'; first++) {
      if (strcmp(argv[first], "--json") == 0)
         mode = GVK_DECODE_JSON;
      else if (strcmp(argv[first], "--summary") == 0)
         mode = GVK_DECODE_SUMMARY;
      else if (strcmp(argv[first], "--structs") == 0 && first + 1 < argc)
         structs = argv[++first];
      else
         break;
   }
   if (first == argc || argv[first][0] == '-') {
      fprintf(stderr, "usage: genvk-decode [--summary | --json] CAPTURE-DIR-OR-FILE...\n"
                      "       genvk-decode --structs LIST CAPTURE-DIR-OR-FILE...\n");
      return 2;
   }
   for (int a = first; a < argc; a++) {
      if (collect(argv[a]))
         return 1;
   }
   int status = 0;
   if (structs) {
      status = decode_structs(structs);
   } else {
      struct gvk_decode_stats stats = { 0 };
      unsigned index = 0;
      for (size_t i = 0; i < path_count; i++)
         status |= decode_path(paths[i], &index, mode, &stats);
      if (mode != GVK_DECODE_JSON)
         printf("%u captures, %u packets, %u unknown dwords, %u invalid\n",
                index, stats.packets, stats.unknown, stats.invalid);
   }
   for (size_t i = 0; i < path_count; i++)
      free(paths[i]);
   free(paths);
   return status;
}

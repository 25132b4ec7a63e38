/* The identity of the driver binary: its version string and the GNU
 * build-id note of the object holding this code, so that pipeline cache
 * data and kernels from another build never match, even under the same
 * version number. */
#include "gvk_build_id.h"

#include <elf.h>
#include <link.h>
#include <stdbool.h>
#include <string.h>

#include "macros.h"
#include "util_sha1.h"

struct build_id {
   const uint8_t *bytes;
   size_t size;
};

/* The GNU build-id note of the object holding this code, so that a kernel
 * compiled by another build of the driver never matches a key, even
 * under the same version number. */
static int
find_build_id(struct dl_phdr_info *info, size_t size, void *data)
{
   struct build_id *id = data;
   uintptr_t self = (uintptr_t)find_build_id;
   bool holds_self = false;
   for (unsigned i = 0; i < info->dlpi_phnum && !holds_self; i++) {
      const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
      uintptr_t start = info->dlpi_addr + ph->p_vaddr;
      holds_self = ph->p_type == PT_LOAD && self >= start && self - start < ph->p_memsz;
   }
   if (!holds_self)
      return 0;
   for (unsigned i = 0; i < info->dlpi_phnum; i++) {
      const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
      if (ph->p_type != PT_NOTE)
         continue;
      const uint8_t *p = (const uint8_t *)(info->dlpi_addr + ph->p_vaddr);
      const uint8_t *end = p + ph->p_memsz;
      while (p + sizeof(ElfW(Nhdr)) <= end) {
         const ElfW(Nhdr) *n = (const ElfW(Nhdr) *)p;
         const uint8_t *name = p + sizeof(*n);
         const uint8_t *desc = name + ALIGN_POT(n->n_namesz, 4);
         if (desc + n->n_descsz > end)
            break;
         if (n->n_type == NT_GNU_BUILD_ID && n->n_namesz == 4 && !memcmp(name, "GNU", 4)) {
            *id = (struct build_id){ desc, n->n_descsz };
            return 1;
         }
         p = desc + ALIGN_POT(n->n_descsz, 4);
      }
   }
   return 1;
}

void
gvk_build_id_sha1(uint8_t out[20])
{
   static const char version[] = GVK_BUILD_ID;
   struct build_id id = { NULL, 0 };
   dl_iterate_phdr(find_build_id, &id);
   struct util_sha1_ctx c;
   util_sha1_init(&c);
   util_sha1_update(&c, version, sizeof(version));
   util_sha1_update(&c, id.bytes, id.size);
   util_sha1_final(&c, out);
}

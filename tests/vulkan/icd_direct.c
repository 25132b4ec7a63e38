#include "icd_direct.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>

#include <vulkan/vk_icd.h>

PFN_vkGetInstanceProcAddr
icd_direct_open(const char *path)
{
   void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
   if (!lib) {
      fprintf(stderr, "FAIL: %s\n", dlerror());
      return NULL;
   }
   PFN_vkNegotiateLoaderICDInterfaceVersion negotiate =
      (PFN_vkNegotiateLoaderICDInterfaceVersion)
      dlsym(lib, "vk_icdNegotiateLoaderICDInterfaceVersion");
   PFN_vkGetInstanceProcAddr gipa =
      (PFN_vkGetInstanceProcAddr)dlsym(lib, "vk_icdGetInstanceProcAddr");
   uint32_t version = CURRENT_LOADER_ICD_INTERFACE_VERSION;
   if (!negotiate || !gipa || negotiate(&version) != VK_SUCCESS || version < 5) {
      fprintf(stderr, "FAIL: loader-ICD interface version < 5\n");
      return NULL;
   }
   return gipa;
}

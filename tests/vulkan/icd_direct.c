#include "icd_direct.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>

#include <vulkan/vk_icd.h>

bool
icd_direct_open(const char *path, struct icd *icd)
{
   void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
   if (!lib) {
      fprintf(stderr, "FAIL: %s\n", dlerror());
      return false;
   }
   PFN_vkNegotiateLoaderICDInterfaceVersion negotiate =
      (PFN_vkNegotiateLoaderICDInterfaceVersion)
      dlsym(lib, "vk_icdNegotiateLoaderICDInterfaceVersion");
   icd->gipa = (PFN_vkGetInstanceProcAddr)dlsym(lib, "vk_icdGetInstanceProcAddr");
   uint32_t version = CURRENT_LOADER_ICD_INTERFACE_VERSION;
   if (!negotiate || !icd->gipa || negotiate(&version) != VK_SUCCESS || version < 5) {
      fprintf(stderr, "FAIL: loader-ICD interface version < 5\n");
      return false;
   }
   icd->create_instance = (PFN_vkCreateInstance)icd->gipa(NULL, "vkCreateInstance");
   return true;
}

/* One compute dispatch run twice on one device, the second recorded after
 * the first has completed.  For tests/crosscheck: a driver using
 * relocations (hasvk on Gen7/7.5) learns from its first submission where
 * the kernel put its state pools, so the second batch carries real
 * addresses and INTEL_DEBUG=bat prints the state it points to (interface
 * descriptor, binding table, surface states), which the cross-check
 * compares field by field.  Success is decided from Vulkan return codes
 * only, like the other cross-check programs. */
#include <stdio.h>

#include "compute_vk.h"
/* After compute_vk.h: the generated SPIR-V array needs <stdint.h>. */
#include "dispatch_twice.comp.spv.h"

#define ELEMENTS 256

int
main(void)
{
   uint32_t data[ELEMENTS], params[4] = { 3, 0, 0, 0 }, bias = 5;
   for (uint32_t i = 0; i < ELEMENTS; i++)
      data[i] = i;
   const struct compute_vk_binding bindings[] = {
      { .binding = 0, .type = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .data = data,
        .size = sizeof(data) },
      { .binding = 1, .type = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, .data = params,
        .size = sizeof(params) },
   };
   const struct compute_vk_job job = {
      .code = dispatch_twice_comp_spv, .words = sizeof(dispatch_twice_comp_spv) / 4,
      .bindings = bindings, .num_bindings = 2, .push = &bias, .push_size = sizeof(bias),
      .groups = { ELEMENTS / 64, 1, 1 },
   };
   struct compute_vk v = { 0 };
   if (!compute_vk_open(&v))
      return 1;
   char why[128];
   const char *missing = compute_vk_unsupported(&v, &job, why, sizeof(why));
   if (missing) {
      fprintf(stderr, "dispatch_twice: the device lacks %s\n", missing);
      compute_vk_close(&v);
      return 1;
   }
   compute_vk_create_device(&v, &job);
   compute_vk_dispatch(&v, &job);
   compute_vk_dispatch(&v, &job);
   compute_vk_close(&v);
   return 0;
}

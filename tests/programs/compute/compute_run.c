/* Runs one compute shader once on whatever Vulkan driver the loader picks
 * and writes every writable buffer to a file; the comparison between
 * drivers is done outside (tests/crosscheck/compute_vs_lavapipe.py).
 *
 *   compute_run SHADER.spv [--groups X,Y,Z] [--base X,Y,Z | --indirect]
 *               [--buffer B:KIND:BYTES:INIT]... [--image B:VIEW:FORMAT:EXTENT:INIT[:TILING]]...
 *               [--texture B:VIEW:FORMAT:EXTENT:INIT[:levels=N|max] [--sampler B:KEY=VAL,...]]...
 *               [--push W,W,...] [--spec ID=VALUE]... [--address DST:OFFSET=SRC[+DELTA]]...
 *               [--out PREFIX]
 *
 * --buffer: KIND is in (read-only storage buffer), out (storage buffer
 * written back to PREFIX.bB), ubo, utb=FORMAT (uniform texel buffer) or
 * stb=FORMAT (storage texel buffer, written back); INIT is zero, iota
 * (word i = i), fiota (word i = the float i), hiota (16-bit half k = the
 * float16 k mod 2049), fill=V or xorshift=SEED.  FORMAT is a GLSL image format
 * name: r32ui, r32f, rgba8, rgba8_snorm, rgba16f... (compute_vk.c).
 * --image: a storage image written back to PREFIX.bB as tightly packed
 * texels (rows, then slices or layers); VIEW is 1d, 2d, 3d or 2darray,
 * EXTENT is W, WxH or WxHxD (D: the depth of a 3d image, the layers of a
 * 2darray), TILING linear (the default), mapped (linear, written and read
 * through mapped memory rather than buffer copies) or optimal.
 * --texture: a combined image sampler (optimal tiling, sampled only, not
 * written back); VIEW is 1d, 2d, 3d, cube (EXTENT WxW), 2darray or
 * cubearray (EXTENT WxWxN: N cubes); levels=N gives N mip levels (max: the
 * full chain), each filled from INIT after the one before (each level its
 * own texels) and copied in with vkCmdCopyBufferToImage (depth formats
 * d16, d32f, d24s8 through the depth aspect).  FORMAT also takes srgba8,
 * r11g11b10f and the blocks of bc1, bc3, bc7 and etc2; INIT also
 * frand=SEED (random texels the format holds exactly: floats in [0, 1)).
 * --sampler: the texture's sampler, comma-separated KEY=VAL: mag, min,
 * mip (nearest, linear); u, v, w (repeat, mirror, edge, border,
 * mirror_edge); border ({float,int}_{transparent_black,opaque_black,
 * opaque_white}); bias, minlod, maxlod (a number, maxlod also none);
 * compare (never, less, equal, lequal, greater, notequal, gequal,
 * always); aniso (max anisotropy); unnormalized (0, 1).  The default is
 * nearest, repeat, every level.
 * B may be B[E], element E of a descriptor array binding (written back to
 * PREFIX.bB.E when E > 0).  KIND mem (or memout, written back) is a buffer no
 * descriptor names, reached through its device address only.
 * --address DST:OFFSET=SRC[+DELTA]: the 64-bit device address of binding
 * SRC's buffer plus DELTA bytes (SRC null: 0) written at byte OFFSET of
 * binding DST's initial contents, or of the push constants (DST push).
 * --base: vkCmdDispatchBase with this first group; --indirect: the groups
 * are read by vkCmdDispatchIndirect from a buffer.  Without --buffer, --image
 * and --push the layout is the compute corpus convention of tests/shaders
 * (see tests/ir/ir_lvp_diff.c): binding 0 input, 1 output, 2 UBO, 3 second
 * output, 16 bytes of push constants.
 *
 * Exit status: 0 ran, 77 the device lacks something the shader needs (one
 * line "unsupported: WHAT" on stdout), 1 a Vulkan error, 2 bad arguments. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compute_args.h"
#include "../../ir/ir_test_util.h"

/* What subgroup operations see (their results depend on it). */
static uint32_t
subgroup_size(const struct compute_vk *v)
{
   if (v->props.apiVersion < VK_API_VERSION_1_1)
      return 1;
   VkPhysicalDeviceSubgroupProperties sg = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES };
   vkGetPhysicalDeviceProperties2(v->pd, &(VkPhysicalDeviceProperties2){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &sg });
   return sg.subgroupSize;
}

int
main(int argc, char **argv)
{
   struct compute_args a;
   compute_args_parse(argc, argv, &a, NULL, NULL);
   struct compute_vk_binding bindings[COMPUTE_MAX_BINDINGS];
   VkSpecializationInfo spec;
   struct compute_vk_job job;
   compute_args_job(&a, bindings, &spec, &job);
   uint32_t *code = read_spirv(a.spv, &job.words);
   if (!code)
      return COMPUTE_EXIT_USAGE;
   job.code = code;
   struct compute_vk v = { 0 };
   if (!compute_vk_open(&v))
      return 1;
   fprintf(stderr, "device: %s, subgroup size: %u\n", v.props.deviceName, subgroup_size(&v));
   char why[128];
   const char *missing = compute_vk_unsupported(&v, &job, why, sizeof(why));
   if (missing) {
      bool invalid = !strncmp(missing, "invalid", 7);
      if (invalid)
         fprintf(stderr, "compute_run: %s: %s\n", a.spv, missing);
      else
         printf("unsupported: %s\n", missing);
      compute_vk_close(&v);
      return invalid ? COMPUTE_EXIT_USAGE : COMPUTE_EXIT_UNSUPPORTED;
   }
   compute_vk_create_device(&v, &job);
   compute_vk_dispatch(&v, &job);
   compute_args_write_outputs(&a, bindings, a.out);
   compute_vk_close(&v);
   compute_args_free(&a, bindings);
   free(code);
   return 0;
}

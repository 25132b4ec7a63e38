/* The interface every shader of the IR's differential corpus follows,
 * and what the tests that run it share (tests/ir/ir_lvp_diff.c against
 * lavapipe, tests/compiler/gbe_diff.c on vgpu's EU): set 0, binding 0 a
 * read-only input SSBO, 1 the output SSBO, 2 a UBO, 3 a second writable
 * SSBO, 16 bytes of push constants; bindings 1 and 3 are compared.
 *
 * Comparison: integers bit-exact.  Shaders that store float results get a
 * ULP bound: 0 for operations SPIR-V requires to be correctly rounded
 * (add, sub, mul, conversions; sqrt is not among them in Vulkan but both
 * sides round it correctly here) and for whose operands lavapipe does not
 * contract mul+add into fma; larger bounds for the shaders using the
 * transcendental functions, whose precision Vulkan states in ULPs (e.g.
 * exp2/log2: 3 ULP, inversesqrt: 2 ULP, sin/cos: absolute error 2^-11;
 * pow inherits exp2(y*log2(x))). */
#ifndef IR_CORPUS_IO_H
#define IR_CORPUS_IO_H

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compute_vk.h"
#include "ir_interp.h"

#define IN_WORDS 4096
#define OUT_WORDS 4096
#define UBO_BYTES 256
#define PUSH_BYTES 16
#define SKIP 77

enum { B_IN, B_OUT, B_UBO, B_OUT2, NUM_BINDINGS };
static const size_t binding_size[NUM_BINDINGS] = {
   IN_WORDS * 4, OUT_WORDS * 4, UBO_BYTES, OUT_WORDS * 4,
};

struct inputs {
   uint32_t *buf[NUM_BINDINGS];
   uint32_t push[PUSH_BYTES / 4];
};

/* xorshift32: reproducible inputs */
static void
fill_inputs(struct inputs *in)
{
   uint32_t x = 0x12345678;
   for (int b = 0; b < NUM_BINDINGS; b++) {
      in->buf[b] = calloc(1, binding_size[b]);
      if (b == B_OUT || b == B_OUT2)
         continue;
      for (size_t i = 0; i < binding_size[b] / 4; i++) {
         x ^= x << 13;
         x ^= x >> 17;
         x ^= x << 5;
         in->buf[b][i] = x;
      }
   }
   static const uint32_t push[] = { 3, 7, 11, 0x80000001u };
   memcpy(in->push, push, sizeof(push));
}

/* The subgroup size a device runs compute shaders with. */
static inline uint32_t
device_subgroup_size(const struct compute_vk *v)
{
   VkPhysicalDeviceSubgroupProperties sg = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES,
   };
   VkPhysicalDeviceProperties2 p2 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &sg,
   };
   vkGetPhysicalDeviceProperties2(v->pd, &p2);
   return sg.subgroupSize;
}

/* lavapipe's subgroup size, 0 when lavapipe is not the driver the loader
 * finds. */
static inline uint32_t
lavapipe_subgroup_size(void)
{
   struct compute_vk v = { 0 };   /* compute_vk_close destroys a device only when one was made */
   if (!compute_vk_open(&v))
      return 0;
   uint32_t size = strstr(v.props.deviceName, "llvmpipe") ? device_subgroup_size(&v) : 0;
   compute_vk_close(&v);
   return size;
}

/* 0 with the buffers lavapipe left in out, SKIP when lavapipe is not the
 * driver the loader found, 1 on failure. */
static int
run_lavapipe(const uint32_t *code, size_t words, const uint32_t groups[3],
             const struct inputs *in, uint32_t **out)
{
   struct compute_vk v = { 0 };   /* compute_vk_close destroys a device only when one was made */
   if (!compute_vk_open(&v))
      return SKIP;
   if (!strstr(v.props.deviceName, "llvmpipe")) {
      fprintf(stderr, "device is %s, not lavapipe\n", v.props.deviceName);
      compute_vk_close(&v);
      return SKIP;
   }
   struct compute_vk_binding bindings[NUM_BINDINGS];
   for (int b = 0; b < NUM_BINDINGS; b++) {
      out[b] = malloc(binding_size[b]);
      memcpy(out[b], in->buf[b], binding_size[b]);
      bindings[b] = (struct compute_vk_binding){
         .binding = (uint32_t)b, .data = out[b], .size = binding_size[b],
         .type = b == B_UBO ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
                            : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER };
   }
   struct compute_vk_job job = {
      .code = code, .words = words, .bindings = bindings, .num_bindings = NUM_BINDINGS,
      .push = in->push, .push_size = PUSH_BYTES,
      .groups = { groups[0], groups[1], groups[2] },
   };
   char why[256];
   /* lavapipe has every feature the corpus uses: a shader it cannot run is
    * a broken test, not a skip */
   const char *bad = compute_vk_unsupported(&v, &job, why, sizeof(why));
   if (bad) {
      fprintf(stderr, "lavapipe cannot run the shader: %s\n", bad);
      compute_vk_close(&v);
      return 1;
   }
   compute_vk_create_device(&v, &job);
   compute_vk_dispatch(&v, &job);
   compute_vk_close(&v);
   return 0;
}

/* Whether a shader's results depend on the subgroup size: it uses
 * subgroup operations or subgroup system values. */
static inline bool
uses_subgroups(struct ir_shader *s)
{
   ir_foreach_block(b, s->entry) {
      ir_foreach_instr(i, b) {
         if (i->op == IR_OP_subgroup)
            return true;
         if (i->op != IR_OP_sysval)
            continue;
         switch ((enum ir_sysval)i->imm) {
         case IR_SYSVAL_subgroup_size: case IR_SYSVAL_subgroup_invocation_id:
         case IR_SYSVAL_num_subgroups: case IR_SYSVAL_subgroup_id:
         case IR_SYSVAL_subgroup_eq_mask: case IR_SYSVAL_subgroup_ge_mask:
         case IR_SYSVAL_subgroup_gt_mask: case IR_SYSVAL_subgroup_le_mask:
         case IR_SYSVAL_subgroup_lt_mask:
            return true;
         default:
            break;
         }
      }
   }
   return false;
}

/* The interpreter's run: subgroups of subgroup_size invocations in
 * lockstep (0: each invocation a subgroup of its own). */
static bool
run_interp(struct ir_shader *s, const uint32_t groups[3], const struct inputs *in,
           uint32_t **out, uint32_t subgroup_size)
{
   struct ir_interp_buffer bufs[NUM_BINDINGS];
   for (int b = 0; b < NUM_BINDINGS; b++) {
      out[b] = malloc(binding_size[b]);
      memcpy(out[b], in->buf[b], binding_size[b]);
      bufs[b] = (struct ir_interp_buffer){ 0, (uint32_t)b, out[b], binding_size[b] };
   }
   uint32_t push[PUSH_BYTES / 4];
   memcpy(push, in->push, sizeof(push));
   struct ir_interp_resources res = {
      .buffers = bufs, .num_buffers = NUM_BINDINGS, .push_constants = push,
      .push_size = PUSH_BYTES, .subgroup_size = subgroup_size,
   };
   char err[256];
   if (!ir_interp_compute(s, &res, groups, err, sizeof(err))) {
      fprintf(stderr, "interpreter: %s\n", err);
      return false;
   }
   return true;
}

/* Distance in units in the last place between two floats of equal sign
 * class; NaNs match NaNs. */
static uint32_t
ulp_distance(uint32_t a, uint32_t b)
{
   float fa, fb;
   memcpy(&fa, &a, 4);
   memcpy(&fb, &b, 4);
   if (isnan(fa) && isnan(fb))
      return 0;
   int64_t ia = (a & 0x80000000u) ? -(int64_t)(a & 0x7fffffffu) : (int64_t)a;
   int64_t ib = (b & 0x80000000u) ? -(int64_t)(b & 0x7fffffffu) : (int64_t)b;
   int64_t d = ia > ib ? ia - ib : ib - ia;
   return d > UINT32_MAX ? UINT32_MAX : (uint32_t)d;
}

static unsigned
compare(const char *what, uint32_t **want, uint32_t **got, uint32_t ulp)
{
   unsigned bad = 0;
   for (int b = B_OUT; b < NUM_BINDINGS; b++) {
      if (b == B_UBO)
         continue;
      for (size_t i = 0; i < binding_size[b] / 4; i++) {
         uint32_t d = want[b][i] == got[b][i] ? 0 : ulp ? ulp_distance(want[b][i], got[b][i])
                                                        : 1;
         if (d > ulp && bad++ < 8)
            fprintf(stderr, "%s: binding %d word %zu: expected 0x%08x, got 0x%08x\n", what,
                    b, i, want[b][i], got[b][i]);
      }
   }
   return bad;
}

#endif

/* Naming the message a send carries: shared function, message type and the
 * descriptor fields a reader needs (surface, sampler, URB offset, lengths).
 * Descriptor layouts: PRM Vol 2d "Message Descriptor" per shared function
 * (Sampler, Data Port 0/1, Render Cache, URB, Message Gateway, Thread
 * Spawner). */
#include <stdio.h>

#include "isa_priv.h"
#include "isa_send.h"

#define BITS(v, hi, lo) (((v) >> (lo)) & ((1u << ((hi) - (lo) + 1)) - 1))

static const char *const sfid_names[16] = {
   [ISA_SFID_NULL] = "null", [ISA_SFID_SAMPLER] = "sampler",
   [ISA_SFID_GATEWAY] = "gateway", [ISA_SFID_DP_SAMPLER] = "dp_sampler",
   [ISA_SFID_DP_RENDER] = "render", [ISA_SFID_URB] = "urb",
   [ISA_SFID_THREAD_SPAWNER] = "thread_spawner", [ISA_SFID_VME] = "vme",
   [ISA_SFID_DP_CONST] = "const", [ISA_SFID_DP_DATA] = "data",
   [ISA_SFID_PIXEL_INTERP] = "pixel_interp", [ISA_SFID_DP_DATA1] = "dp_data1",
   [ISA_SFID_CRE] = "cre", [1] = "sfid1", [14] = "sfid14", [15] = "sfid15",
};

const char *
isa_sfid_name(unsigned sfid)
{
   return sfid < 16 ? sfid_names[sfid] : "sfid?";
}

/* Sampler message types (Gen7+; Gen9 adds the _lz and 2D MS forms). */
static const char *const sampler_msgs[32] = {
   "sample", "sample_b", "sample_l", "sample_c", "sample_d", "sample_b_c",
   "sample_l_c", "ld", "gather4", "lod", "resinfo", "sampleinfo",
   [16] = "gather4_c", [17] = "gather4_po", [18] = "gather4_po_c",
   [20] = "sample_d_c", [24] = "sample_lz", [25] = "sample_c_lz",
   [26] = "ld_lz", [28] = "ld2dms_w", [29] = "ld_mcs", [30] = "ld2dms",
   [31] = "ld2ds",
};
static const char *const sampler_simd[4] = { "SIMD4x2", "SIMD8", "SIMD16",
                                             "SIMD32/64" };

/* Data Port 0 (data cache) message types, Gen7+. */
static const char *const dc0_msgs[32] = {
   [0] = "oword block read", [1] = "unaligned oword block read",
   [2] = "oword dual block read", [3] = "dword scattered read",
   [4] = "byte scattered read", [5] = "untyped surface read",
   [6] = "untyped atomic", [7] = "memory fence",
   [8] = "oword block write", [10] = "oword dual block write",
   [11] = "dword scattered write", [12] = "byte scattered write",
   [13] = "untyped surface write",
};
/* Data Port 1 (Haswell+ data cache 1) message types. */
static const char *const dc1_msgs[32] = {
   [1] = "untyped surface read", [2] = "untyped atomic",
   [3] = "untyped atomic SIMD4x2", [4] = "media block read",
   [5] = "typed surface read", [6] = "typed atomic",
   [7] = "typed atomic SIMD4x2", [9] = "untyped surface write",
   [10] = "media block write", [11] = "atomic counter",
   [12] = "atomic counter SIMD4x2", [13] = "typed surface write",
   [16] = "a64 scattered read", [17] = "a64 untyped surface read",
   [18] = "a64 untyped atomic", [19] = "a64 block read",
   [20] = "a64 block write", [25] = "a64 untyped surface write",
   [26] = "a64 scattered write", [27] = "untyped atomic float",
   [29] = "a64 untyped atomic float",
};
/* Render cache message types (Gen7+). */
static const char *const rc_msgs[16] = {
   [4] = "media block read", [5] = "typed surface read",
   [6] = "typed atomic", [7] = "memory fence", [10] = "media block write",
   [12] = "RT write", [13] = "typed surface write / RT read",
};
static const char *const rt_ctrl[8] = {
   "SIMD16", "SIMD16 replicated", "SIMD8 dual low", "SIMD8 dual high",
   "SIMD8", "SIMD8 image", "?", "?",
};
static const char *const urb_ops_gen7[8] = {
   "write hword", "write oword", "read hword", "read oword", "atomic mov",
   "atomic inc", "?", "?",
};
static const char *const urb_ops_gen8[16] = {
   "write hword", "write oword", "read hword", "read oword", "atomic mov",
   "atomic inc", "atomic add", "simd8 write", "simd8 read",
};
static const char *const gateway_ops[8] = {
   "open", "close", "forward msg", "get timestamp", "barrier msg",
   "update state", "mmio read/write", "?",
};

static const char *
name_or(const char *s, const char *fallback)
{
   return s ? s : fallback;
}

int
isa_send_describe(enum isa_gen gen, unsigned sfid, uint32_t desc,
                  char *buf, size_t size)
{
   const struct isa_gen_desc *d = isa_gen_desc(gen);
   bool gen8 = d->urb_desc_gen8;
   unsigned msg_type = d->dp_msg_type_hi == 18 ? BITS(desc, 18, 14)
                                               : BITS(desc, 17, 14);
   switch (sfid) {
   case ISA_SFID_SAMPLER:
      return snprintf(buf, size, "(%s, %s, surface %u, sampler %u)",
                      name_or(sampler_msgs[BITS(desc, 16, 12)], "?"),
                      sampler_simd[BITS(desc, 18, 17)], BITS(desc, 7, 0),
                      BITS(desc, 11, 8));
   case ISA_SFID_DP_DATA:
      return snprintf(buf, size, "(dc0 %s, surface %u, ctrl 0x%x)",
                      name_or(dc0_msgs[msg_type], "?"), BITS(desc, 7, 0),
                      BITS(desc, 13, 8));
   case ISA_SFID_DP_DATA1:
      return snprintf(buf, size, "(dc1 %s, surface %u, ctrl 0x%x)",
                      name_or(dc1_msgs[msg_type], "?"), BITS(desc, 7, 0),
                      BITS(desc, 13, 8));
   case ISA_SFID_DP_RENDER:
      if (BITS(desc, 17, 14) == 12)
         return snprintf(buf, size, "(RT write, %s%s, surface %u)",
                         rt_ctrl[BITS(desc, 10, 8)],
                         BITS(desc, 12, 12) ? ", last" : "", BITS(desc, 7, 0));
      return snprintf(buf, size, "(render %s, surface %u, ctrl 0x%x)",
                      name_or(rc_msgs[BITS(desc, 17, 14)], "?"),
                      BITS(desc, 7, 0), BITS(desc, 13, 8));
   case ISA_SFID_DP_SAMPLER:
   case ISA_SFID_DP_CONST:
      return snprintf(buf, size, "(surface %u, ctrl 0x%x, type %u)",
                      BITS(desc, 7, 0), BITS(desc, 13, 8), msg_type);
   case ISA_SFID_URB:
      if (gen8)
         return snprintf(buf, size, "(%s, offset %u%s%s)",
                         name_or(urb_ops_gen8[BITS(desc, 3, 0)], "?"),
                         BITS(desc, 14, 4),
                         BITS(desc, 15, 15) ? ", masked" : "",
                         BITS(desc, 17, 17) ? ", per-slot" : "");
      return snprintf(buf, size, "(%s, offset %u%s)",
                      urb_ops_gen7[BITS(desc, 2, 0)], BITS(desc, 13, 3),
                      BITS(desc, 16, 16) ? ", per-slot" : "");
   case ISA_SFID_GATEWAY:
      return snprintf(buf, size, "(%s)", gateway_ops[BITS(desc, 2, 0)]);
   case ISA_SFID_THREAD_SPAWNER:
      return snprintf(buf, size, "(%s)",
                      BITS(desc, 0, 0) ? "spawn thread" : "end of thread");
   case ISA_SFID_PIXEL_INTERP:
      return snprintf(buf, size, "(%s, type %u, data 0x%02x)",
                      BITS(desc, 14, 14) ? "linear" : "persp",
                      BITS(desc, 13, 12), BITS(desc, 7, 0));
   default:
      return snprintf(buf, size, "(desc 0x%08x)", desc);
   }
}

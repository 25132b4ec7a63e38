/* The texture-cache rule (src/vgpu/cs/vgpu_cache_rules.c) on hand-made
 * command sequences: a draw writes a render target, a later dispatch's
 * sampler message reads memory, and PIPE_CONTROLs in between flush,
 * stall and invalidate.  What must be reported follows the PRM text the
 * rule quotes: SNB PRM Vol. 2 Part 1 1.7.2 (a previous render target may
 * be read as a texture only after the render cache is flushed), HSW/BDW
 * "End-of-Pipe Synchronization" (the flush is complete only once a CS
 * stall waited for it) and PIPE_CONTROL "Texture Cache Invalidation
 * Enable" (the invalidation acts when parsed, so it must come after the
 * completed flush).  Depth and stencil writes go through the depth cache
 * and data-port writes through the data cache, each flushed by its own
 * PIPE_CONTROL bit (Mesa's ANV: depth/stencil attachment writes -> Depth
 * Cache Flush, shader writes -> HDC pipeline flush, sent as DC Flush
 * before Gen12).  Commands are encoded by the test (PRM Vol. 2a):
 * PIPE_CONTROL DW1 bit 0 Depth Cache Flush, 5 DC Flush, 12 Render Target
 * Cache Flush, 10 Texture Cache Invalidation, 20 Command Streamer Stall;
 * DW0 bit 9 HDC Pipeline Flush (Gen12 only). */
#include <stdio.h>
#include <string.h>

#include "devinfo.h"
#include "isl.h"
#include "macros.h"
#include "vgpu_cache_rules.h"
#include "vgpu_priv.h"
#include "vgpu_sampler.h"

#define PC_TEXTURE_INVALIDATE (1u << 10)
#define PC_RT_FLUSH (1u << 12)
#define PC_CS_STALL (1u << 20)
#define PC_DEPTH_FLUSH (1u << 0)
#define PC_DC_FLUSH (1u << 5)
#define PC_DW0_HDC_FLUSH (1u << 9)

#define DRAW_ADDR 0x10000ull
#define WALKER_ADDR 0x10400ull
#define TEX_ADDR 0x200000ull

/* ---- what vgpu_rules.c would do with a report ---- */

enum vgpu_rules_mode vgpu_rules_mode = VGPU_RULES_ERROR;
struct vgpu_device vgpu;
static struct devinfo device = { .ver = 9, .verx10 = 90 };
static unsigned reports;
static char last_packet[96], last_detail[512];
static uint64_t last_addr;
static int failures;

void
vgpu_rules_texture_cache_violation(struct vgpu_exec *exec, const char *packet,
                                   uint64_t addr, const char *detail)
{
   (void)exec;
   reports++;
   snprintf(last_packet, sizeof(last_packet), "%s", packet);
   snprintf(last_detail, sizeof(last_detail), "%s", detail);
   last_addr = addr;
}

#define CHECK(cond, ...) do { \
   if (!(cond)) { \
      failures++; \
      fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
      fprintf(stderr, __VA_ARGS__); \
      fputc('\n', stderr); \
   } \
} while (0)

static struct vgpu_context ctx;
static struct vgpu_exec exec = { .ctx = &ctx };

/* ---- commands ---- */

static void
command(uint16_t op, uint32_t dw1, uint64_t addr)
{
   const uint32_t dw[6] = { (uint32_t)op << 16 | 4, dw1 };
   vgpu_cache_rules_command(&ctx.rules, dw, 6, addr);
}

static void
pipe_control(uint32_t bits)
{
   command(0x7a00, bits, 0x10200);
}

/* A PIPE_CONTROL with DW0 bits 15:8 as well (Gen12 HDC Pipeline Flush). */
static void
pipe_control_dw0(uint32_t dw0_bits, uint32_t bits)
{
   const uint32_t dw[6] = { 0x7a00u << 16 | dw0_bits | 4, bits };
   vgpu_cache_rules_command(&ctx.rules, dw, 6, 0x10200);
}

/* ---- surfaces ---- */

/* A 16x16 RGBA8 texture with 3 LODs, Y-tiled as Gen9 lays it out. */
static struct isl_state_desc
texture_desc(uint32_t tiling)
{
   struct isl_state_desc d;
   memset(&d, 0, sizeof(d));
   d.type = ISL_SURFTYPE_2D;
   d.format = ISL_FORMAT_R8G8B8A8_UNORM;
   d.address = TEX_ADDR;
   d.array_extent = 1;
   const struct isl_surf_info info = {
      .dim = ISL_SURF_DIM_2D, .format = ISL_FORMAT_R8G8B8A8_UNORM,
      .width = 16, .height = 16, .depth = 1, .levels = 3, .array_len = 1,
      .usage = ISL_USAGE_SAMPLED | ISL_USAGE_RENDER, .tilings = ISL_TILING_BIT(tiling),
   };
   CHECK(isl_surf_init(90, &info, &d.surf), "isl lays out the test texture");
   return d;
}

/* A 16x16 R32_FLOAT 2D array with 2 LODs and `layers` layers, Y-tiled:
 * a depth buffer as the depth unit and the sampler both see it. */
static struct isl_state_desc
depth_desc(uint32_t layers)
{
   struct isl_state_desc d;
   memset(&d, 0, sizeof(d));
   d.type = ISL_SURFTYPE_2D;
   d.format = ISL_FORMAT_R32_FLOAT;
   d.address = TEX_ADDR;
   d.array_extent = layers;
   const struct isl_surf_info info = {
      .dim = ISL_SURF_DIM_2D, .format = ISL_FORMAT_R32_FLOAT,
      .width = 16, .height = 16, .depth = 1, .levels = 2, .array_len = 4,
      .usage = ISL_USAGE_SAMPLED | ISL_USAGE_DEPTH,
      .tilings = ISL_TILING_BIT(ISL_TILING_Y),
   };
   CHECK(isl_surf_init(90, &info, &d.surf), "isl lays out the test depth buffer");
   return d;
}

/* The draw at DRAW_ADDR writes LOD level of the texture. */
static void
draw(uint32_t tiling, uint32_t level)
{
   command(0x7b00, 0, DRAW_ADDR);
   struct isl_state_desc d = texture_desc(tiling);
   d.mip_count_lod = level;   /* a render target's LOD */
   vgpu_cache_rules_render_target(&exec, &d);
}

/* The walker at WALKER_ADDR samples LODs [base, base + levels). */
static void
sample(uint32_t tiling, uint32_t base, uint32_t levels)
{
   command(0x7105, 0, WALKER_ADDR);
   struct vgpu_tex_surface s;
   memset(&s, 0, sizeof(s));
   s.d = texture_desc(tiling);
   s.d.min_lod = base;
   s.d.mip_count_lod = levels - 1;
   s.fmt = isl_format_layout(ISL_FORMAT_R8G8B8A8_UNORM);
   s.verx10 = 90;
   s.base_level = base;
   s.levels = levels;
   s.layers = 1;
   vgpu_cache_rules_texture_read(&exec, &s);
}

static void
sample_buffer(uint64_t addr, uint64_t bytes)
{
   command(0x7105, 0, WALKER_ADDR);
   struct vgpu_tex_surface s;
   memset(&s, 0, sizeof(s));
   s.d.type = ISL_SURFTYPE_BUFFER;
   s.d.format = ISL_FORMAT_R8G8B8A8_UNORM;
   s.d.address = addr;
   s.d.stride_B = 4;
   s.d.entries = bytes / 4;
   vgpu_cache_rules_texture_read(&exec, &s);
}

/* The dispatch at WALKER_ADDR - 0x100 writes bytes [start, end) through
 * the data port (one message). */
static void
store(uint64_t start, uint64_t end)
{
   command(0x7105, 0, WALKER_ADDR - 0x100);
   vgpu_cache_rules_data_write(&exec, start, end);
}

/* The draw at DRAW_ADDR writes LOD level, layers [0, layers) of a 16x16
 * D32_FLOAT (stored R32_FLOAT) Y-tiled depth buffer at TEX_ADDR. */
static void
draw_depth(uint32_t level, uint32_t layers)
{
   command(0x7b00, 0, DRAW_ADDR);
   const struct isl_state_desc d = depth_desc(layers);
   vgpu_cache_rules_depth_write(&exec, &d.surf, d.address, level, 0, layers);
}

/* The walker samples LOD base, layers [first, first + layers) of that
 * depth buffer as a texture. */
static void
sample_depth(uint32_t base, uint32_t first, uint32_t layers)
{
   command(0x7105, 0, WALKER_ADDR);
   struct vgpu_tex_surface s;
   memset(&s, 0, sizeof(s));
   s.d = depth_desc(4);
   s.d.min_array_element = first;
   s.fmt = isl_format_layout(ISL_FORMAT_R32_FLOAT);
   s.verx10 = 90;
   s.base_level = base;
   s.levels = 1;
   s.layers = layers;
   vgpu_cache_rules_texture_read(&exec, &s);
}

static void
batch(void)
{
   vgpu_cache_rules_batch_start(&ctx.rules);
   reports = 0;
   last_detail[0] = 0;
}

static void
expect(const char *what, unsigned n, const char *detail_has)
{
   CHECK(reports == n, "%s: %u reports, expected %u (last: %s)", what, reports, n,
         last_detail);
   if (n && detail_has)
      CHECK(strstr(last_detail, detail_has), "%s: the report says \"%s\", not \"%s\"",
            what, last_detail, detail_has);
}

/* ---- cases ---- */

static void
test_flush_and_invalidate(void)
{
   batch();
   draw(ISL_TILING_Y, 0);
   sample(ISL_TILING_Y, 0, 1);
   expect("no PIPE_CONTROL", 1, "no PIPE_CONTROL flushed the render target cache");
   CHECK(strstr(last_packet, "GPGPU_WALKER") && last_addr == WALKER_ADDR,
         "the report names the walker: %s at 0x%llx", last_packet,
         (unsigned long long)last_addr);
   CHECK(strstr(last_detail, "3DPRIMITIVE at 0x10000"), "the report names the draw: %s",
         last_detail);

   /* Mesa's ANV sequence: flush with a CS stall (its end-of-pipe sync),
    * then the invalidation in a PIPE_CONTROL of its own. */
   batch();
   draw(ISL_TILING_Y, 0);
   pipe_control(PC_RT_FLUSH | PC_CS_STALL);
   pipe_control(PC_TEXTURE_INVALIDATE);
   sample(ISL_TILING_Y, 0, 1);
   expect("flush, stall, then invalidate", 0, NULL);

   batch();
   draw(ISL_TILING_Y, 0);
   pipe_control(PC_RT_FLUSH | PC_CS_STALL);
   sample(ISL_TILING_Y, 0, 1);
   expect("flush without invalidation", 1, "no PIPE_CONTROL invalidated the texture cache");

   /* The invalidation acts when parsed, before the flush it comes with
    * completes. */
   batch();
   draw(ISL_TILING_Y, 0);
   pipe_control(PC_RT_FLUSH | PC_CS_STALL | PC_TEXTURE_INVALIDATE);
   sample(ISL_TILING_Y, 0, 1);
   expect("flush and invalidation in one PIPE_CONTROL", 1,
          "no PIPE_CONTROL invalidated the texture cache");

   batch();
   draw(ISL_TILING_Y, 0);
   pipe_control(PC_RT_FLUSH);
   pipe_control(PC_TEXTURE_INVALIDATE);
   sample(ISL_TILING_Y, 0, 1);
   expect("flush without a stall", 1, "had not completed");

   /* A later stall completes the earlier flush. */
   batch();
   draw(ISL_TILING_Y, 0);
   pipe_control(PC_RT_FLUSH);
   pipe_control(PC_CS_STALL | (1u << 1));
   pipe_control(PC_TEXTURE_INVALIDATE);
   sample(ISL_TILING_Y, 0, 1);
   expect("flush, later stall, invalidate", 0, NULL);

   /* Invalidating before the flush does not help. */
   batch();
   draw(ISL_TILING_Y, 0);
   pipe_control(PC_TEXTURE_INVALIDATE);
   pipe_control(PC_RT_FLUSH | PC_CS_STALL);
   sample(ISL_TILING_Y, 0, 1);
   expect("invalidate, then flush", 1, "no PIPE_CONTROL invalidated the texture cache");

   /* A draw after the invalidation dirties the target again. */
   batch();
   draw(ISL_TILING_Y, 0);
   pipe_control(PC_RT_FLUSH | PC_CS_STALL);
   pipe_control(PC_TEXTURE_INVALIDATE);
   draw(ISL_TILING_Y, 0);
   sample(ISL_TILING_Y, 0, 1);
   expect("written again after the invalidation", 1, "no PIPE_CONTROL flushed");
}

static void
test_what_overlaps(void)
{
   /* Mip generation: rendering LOD 1 while sampling LOD 0 of the same
    * surface reads no texel the draw wrote. */
   batch();
   draw(ISL_TILING_Y, 1);
   sample(ISL_TILING_Y, 0, 1);
   expect("another LOD of the same surface", 0, NULL);
   sample(ISL_TILING_Y, 0, 3);
   expect("a view of every LOD", 1, "LOD 1");

   /* Linear: the same. */
   batch();
   draw(ISL_TILING_LINEAR, 2);
   sample(ISL_TILING_LINEAR, 0, 2);
   expect("linear, LODs 0-1 after LOD 2 was written", 0, NULL);
   sample(ISL_TILING_LINEAR, 2, 1);
   expect("linear, LOD 2", 1, NULL);

   /* A buffer view of the texture's first bytes (ANV's blorp copies treat
    * memory as either) overlaps LOD 0; one past the surface does not. */
   batch();
   draw(ISL_TILING_LINEAR, 0);
   const struct isl_state_desc d = texture_desc(ISL_TILING_LINEAR);
   sample_buffer(TEX_ADDR + d.surf.size_B + 4096, 256);
   expect("a buffer elsewhere", 0, NULL);
   sample_buffer(TEX_ADDR, 64);
   expect("a buffer over the target", 1, NULL);

   /* One report per write, however many messages read it. */
   batch();
   draw(ISL_TILING_Y, 0);
   sample(ISL_TILING_Y, 0, 1);
   sample(ISL_TILING_Y, 0, 1);
   expect("two messages", 1, NULL);
}

static void
test_batches_and_mode(void)
{
   /* i915 flushes and invalidates between requests. */
   batch();
   draw(ISL_TILING_Y, 0);
   batch();
   sample(ISL_TILING_Y, 0, 1);
   expect("the next batch", 0, NULL);

   vgpu_rules_mode = VGPU_RULES_OFF;
   batch();
   draw(ISL_TILING_Y, 0);
   sample(ISL_TILING_Y, 0, 1);
   expect("VGPU_RULES=off", 0, NULL);
   CHECK(ctx.rules.rt_write_count == 0, "nothing recorded with the rules off");
   vgpu_rules_mode = VGPU_RULES_ERROR;

   /* More targets between two flushes than records: the rest go
    * unrecorded, never reported falsely, and nothing overflows. */
   batch();
   for (unsigned i = 0; i < 3 * ARRAY_SIZE(ctx.rules.rt_writes); i++) {
      command(0x7b00, 0, DRAW_ADDR);
      struct isl_state_desc t = texture_desc(ISL_TILING_LINEAR);
      t.address = TEX_ADDR + (i + 1) * 0x10000ull;
      vgpu_cache_rules_render_target(&exec, &t);
   }
   CHECK(ctx.rules.rt_write_count == ARRAY_SIZE(ctx.rules.rt_writes),
         "%u records", ctx.rules.rt_write_count);
   sample(ISL_TILING_Y, 0, 1);
   expect("many targets, none the sampled one", 0, NULL);
}

/* Data-port writes (storage buffers and images, atomics, A64): the data
 * cache holds them until DC Flush (Gen12: or HDC Pipeline Flush). */
static void
test_data_port(void)
{
   batch();
   store(TEX_ADDR + 16, TEX_ADDR + 48);
   sample_buffer(TEX_ADDR, 64);
   expect("a storage write read as a texel buffer, no PIPE_CONTROL", 1,
          "no PIPE_CONTROL flushed the data cache");
   CHECK(strstr(last_detail, "data-port writes 0x200010-0x200030 of the GPGPU_WALKER at "
                "0x10300"), "the report names the writes and their walker: %s", last_detail);

   /* ANV/hasvk before Gen12: DC Flush with the end-of-pipe CS stall, then
    * the invalidation. */
   batch();
   store(TEX_ADDR, TEX_ADDR + 64);
   pipe_control(PC_DC_FLUSH | PC_CS_STALL);
   pipe_control(PC_TEXTURE_INVALIDATE);
   sample_buffer(TEX_ADDR, 64);
   expect("DC flush, stall, then invalidate", 0, NULL);

   /* A render target flush leaves the data cache as it was. */
   batch();
   store(TEX_ADDR, TEX_ADDR + 64);
   pipe_control(PC_RT_FLUSH | PC_DEPTH_FLUSH | PC_CS_STALL);
   pipe_control(PC_TEXTURE_INVALIDATE);
   sample_buffer(TEX_ADDR, 64);
   expect("render and depth flushes only", 1, "no PIPE_CONTROL flushed the data cache");

   batch();
   store(TEX_ADDR, TEX_ADDR + 64);
   pipe_control(PC_DC_FLUSH);
   pipe_control(PC_TEXTURE_INVALIDATE);
   sample_buffer(TEX_ADDR, 64);
   expect("DC flush without a stall", 1, "had not completed");

   batch();
   store(TEX_ADDR, TEX_ADDR + 64);
   pipe_control(PC_DC_FLUSH | PC_CS_STALL);
   sample_buffer(TEX_ADDR, 64);
   expect("DC flush without invalidation", 1, "no PIPE_CONTROL invalidated");

   /* HDC Pipeline Flush (PIPE_CONTROL DW0 bit 9) exists from Gen12 on
    * (Mesa's genxml: gen12.xml only): Gen9 ignores the bit. */
   batch();
   store(TEX_ADDR, TEX_ADDR + 64);
   pipe_control_dw0(PC_DW0_HDC_FLUSH, PC_CS_STALL);
   pipe_control(PC_TEXTURE_INVALIDATE);
   sample_buffer(TEX_ADDR, 64);
   expect("HDC pipeline flush on Gen9", 1, "no PIPE_CONTROL flushed the data cache");
   device = (struct devinfo){ .ver = 12, .verx10 = 120 };
   batch();
   store(TEX_ADDR, TEX_ADDR + 64);
   pipe_control_dw0(PC_DW0_HDC_FLUSH, PC_CS_STALL);
   pipe_control(PC_TEXTURE_INVALIDATE);
   sample_buffer(TEX_ADDR, 64);
   expect("HDC pipeline flush on Gen12", 0, NULL);
   device = (struct devinfo){ .ver = 9, .verx10 = 90 };

   /* Byte ranges: a texel buffer just past the writes does not overlap;
    * messages a few bytes apart (a strided store) merge into one record,
    * far apart ones do not. */
   batch();
   store(TEX_ADDR, TEX_ADDR + 64);
   sample_buffer(TEX_ADDR + 64, 64);
   expect("a texel buffer right after the writes", 0, NULL);
   store(TEX_ADDR + 96, TEX_ADDR + 128);
   CHECK(ctx.rules.rt_write_count == 1, "a write 32 bytes on merges: %u records",
         ctx.rules.rt_write_count);
   store(TEX_ADDR + 0x10000, TEX_ADDR + 0x10040);
   CHECK(ctx.rules.rt_write_count == 2, "a write 64 KB on is a record of its own: %u "
         "records", ctx.rules.rt_write_count);
   sample_buffer(TEX_ADDR + 0x8000, 64);
   expect("a texel buffer between two records", 0, NULL);
   sample_buffer(TEX_ADDR + 0x10020, 16);
   expect("a texel buffer over the second record", 1, "0x210000-0x210040");

   /* A64 messages address memory canonically (bits 63:48 copy bit 47);
    * surface states hold the 48-bit address: the same bytes. */
   batch();
   store(0xffff800000001000ull, 0xffff800000001040ull);
   sample_buffer(0x800000001000ull, 64);
   expect("a canonical A64 write, a 48-bit texel buffer", 1, "0x800000001000-0x800000001040");

   /* A typed write to a storage image reaches the sampler of a later
    * dispatch as its render target writes would. */
   batch();
   store(TEX_ADDR, TEX_ADDR + 256);
   sample(ISL_TILING_Y, 0, 1);
   expect("an image written by typed messages, then sampled", 1, "LODs 0-0");

   /* A strided store, 16 bytes every 32, one message each: one record
    * covering them all. */
   batch();
   for (unsigned i = 0; i < 64; i++)
      store(TEX_ADDR + i * 32, TEX_ADDR + i * 32 + 16);
   CHECK(ctx.rules.rt_write_count == 1 && ctx.rules.rt_writes[0].end == TEX_ADDR + 63 * 32 + 16,
         "64 strided stores: %u records", ctx.rules.rt_write_count);

   /* A write after the flush is a new write: the flushed record is
    * dropped by the invalidation, the new one stays. */
   batch();
   store(TEX_ADDR, TEX_ADDR + 64);
   pipe_control(PC_DC_FLUSH | PC_CS_STALL);
   store(TEX_ADDR, TEX_ADDR + 64);
   pipe_control(PC_TEXTURE_INVALIDATE);
   sample_buffer(TEX_ADDR, 64);
   expect("written again after the flush", 1, "no PIPE_CONTROL flushed the data cache");
}

/* Depth and stencil writes: the depth cache holds them until Depth Cache
 * Flush. */
static void
test_depth(void)
{
   batch();
   draw_depth(0, 1);
   sample_depth(0, 0, 1);
   expect("a depth buffer sampled, no PIPE_CONTROL", 1,
          "no PIPE_CONTROL flushed the depth cache");
   CHECK(strstr(last_detail, "depth/stencil buffer") &&
         strstr(last_detail, "3DPRIMITIVE at 0x10000"),
         "the report names the buffer and the draw: %s", last_detail);

   /* ANV: depth/stencil attachment write -> Depth Cache Flush (with the
    * end-of-pipe stall), sampled read -> texture invalidation after it. */
   batch();
   draw_depth(0, 1);
   pipe_control(PC_DEPTH_FLUSH | PC_CS_STALL);
   pipe_control(PC_TEXTURE_INVALIDATE);
   sample_depth(0, 0, 1);
   expect("depth flush, stall, then invalidate", 0, NULL);

   batch();
   draw_depth(0, 1);
   pipe_control(PC_RT_FLUSH | PC_DC_FLUSH | PC_CS_STALL);
   pipe_control(PC_TEXTURE_INVALIDATE);
   sample_depth(0, 0, 1);
   expect("render target and data flushes only", 1,
          "no PIPE_CONTROL flushed the depth cache");

   batch();
   draw_depth(0, 1);
   pipe_control(PC_DEPTH_FLUSH);
   pipe_control(PC_TEXTURE_INVALIDATE);
   sample_depth(0, 0, 1);
   expect("depth flush without a stall", 1, "had not completed");

   /* Another layer or LOD of the same buffer holds no texel the draw
    * wrote (shadow-map arrays: render layer 1 while sampling layer 0). */
   batch();
   draw_depth(0, 1);
   sample_depth(0, 1, 3);
   expect("other layers of the depth buffer", 0, NULL);
   sample_depth(1, 0, 1);
   expect("another LOD of the depth buffer", 0, NULL);
}

int
main(void)
{
   vgpu.info = &device;
   test_flush_and_invalidate();
   test_what_overlaps();
   test_batches_and_mode();
   test_data_port();
   test_depth();
   if (failures) {
      fprintf(stderr, "%d failures\n", failures);
      return 1;
   }
   printf("test_cache_rules: all passed\n");
   return 0;
}

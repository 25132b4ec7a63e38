/* Command buffers and compute dispatch, white-box: links the driver,
 * records command buffers, walks the batches they hold with genxml's
 * tables (the decoder's description of every packet), and runs them.
 *   - packets: PIPELINE_SELECT GPGPU (mask bits from Gen9), STATE_BASE_ADDRESS
 *     pointing at the state block and the kernel heap, a CS stall before
 *     MEDIA_VFE_STATE, the CURBE holding the push constant, the interface
 *     descriptor's binding table and its RAW buffer surface, GPGPU_WALKER
 *     with vkCmdDispatchBase's start and end, the masks of a 12-invocation
 *     group, MEDIA_STATE_FLUSH after it, the barrier's data-cache flush
 *     with a CS stall, the indirect walker's MI_LOAD_REGISTER_MEM of
 *     GPGPU_DISPATCHDIM* (and Gen7's predicate), MI_BATCH_BUFFER_END at a
 *     qword boundary; Gen7's relocations carry the bits below an address
 *     (STATE_BASE_ADDRESS's modify-enable), softpin devices record none;
 *   - execution: the groups of the base dispatch and of the indirect one
 *     (gl_NumWorkGroups from the indirect buffer) write what they must;
 *   - a secondary command buffer executed twice by a primary;
 *   - enough dispatches to chain batch blocks and start new state blocks;
 *   - every host allocation of recording failed in turn: vkEndCommandBuffer
 *     (or vkAllocateCommandBuffers) reports VK_ERROR_OUT_OF_HOST_MEMORY
 *     and nothing leaks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <i915_drm.h>

#include "counting_alloc.h"
#include "gvk_cmd_buffer.h"
#include "gvk_device.h"
#include "gvk_genxml_spec.h"
#include "gvk_memory.h"
#include "gvk_physical_device.h"
#include "gvk_pipeline.h"
#include "gvk_test.h"
#include "isl.h"
#include "macros.h"
#include "test_cmd_compute.comp.spv.h"

#define LOCAL_SIZE 12
#define OUT_BYTES 4096
#define COUNT_OFFSET 4096
#define INDIRECT_OFFSET 8192
#define BUFFER_BYTES 16384
#define CHAIN_DISPATCHES 1200

struct env {
   struct gvk_test_gpu g;
   VkDevice device;
   struct gvk_device *dev;
   const struct gvk_gx_spec *spec;
   VkQueue queue;
   struct gvk_test_pipeline p;
   struct gvk_test_buffer buffer;
   uint32_t *map;
   uint64_t buffer_addr;
};

/* ---- setup ---- */

static int
create_env(struct env *e)
{
   int status = gvk_test_open(&e->g, gvk_GetInstanceProcAddr, NULL);
   if (status)
      return status;
   e->device = e->g.device;
   e->queue = e->g.queue;
   e->dev = gvk_device_from_handle(e->device);
   e->spec = gvk_gx_spec_for(e->dev->pdev->info.verx10);
   VkResult r = gvk_test_pipeline_create(&e->g, 2, 4, test_cmd_compute_comp_spv,
                                         sizeof(test_cmd_compute_comp_spv), &e->p);
   if (r == VK_SUCCESS)
      r = gvk_test_buffer_create(&e->g, BUFFER_BYTES, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                 VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT, &e->buffer);
   const VkDescriptorBufferInfo infos[2] = {
      { e->buffer.buffer, 0, OUT_BYTES }, { e->buffer.buffer, COUNT_OFFSET, 16 },
   };
   if (r == VK_SUCCESS)
      r = gvk_test_pipeline_set(&e->g, &e->p, infos);
   if (r != VK_SUCCESS || !e->spec) {
      fprintf(stderr, "FAIL: setup\n");
      return 1;
   }
   e->map = e->buffer.map;
   e->buffer_addr = gvk_address_gpu(gvk_buffer_from_handle(e->buffer.buffer)->address);
   return 0;
}

static void
destroy_env(struct env *e)
{
   gvk_test_pipeline_destroy(&e->g, &e->p);
   gvk_test_buffer_destroy(&e->g, &e->buffer);
   gvk_test_destroy(&e->g, NULL, NULL);
}

/* ---- recording ---- */

static VkCommandPool
create_pool(struct env *e, const VkAllocationCallbacks *alloc)
{
   const VkCommandPoolCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
      .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
   };
   VkCommandPool pool = VK_NULL_HANDLE;
   gvk_CreateCommandPool(e->device, &cpci, alloc, &pool);
   return pool;
}

static VkResult
allocate(struct env *e, VkCommandPool pool, VkCommandBufferLevel level,
         VkCommandBuffer *cmd)
{
   const VkCommandBufferAllocateInfo cbai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
      .commandPool = pool, .level = level, .commandBufferCount = 1,
   };
   return gvk_AllocateCommandBuffers(e->device, &cbai, cmd);
}

static void
begin(VkCommandBuffer cmd, VkCommandBufferUsageFlags usage)
{
   const VkCommandBufferInheritanceInfo inherit = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO,
   };
   const VkCommandBufferBeginInfo cbbi = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .flags = usage, .pInheritanceInfo = &inherit,
   };
   gvk_BeginCommandBuffer(cmd, &cbbi);
}

static void
bind(struct env *e, VkCommandBuffer cmd, uint32_t tag)
{
   gvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, e->p.pipeline);
   gvk_CmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, e->p.layout, 0, 1,
                             &e->p.set, 0, NULL);
   gvk_CmdPushConstants(cmd, e->p.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 4, &tag);
}

/* A primary command buffer of a new pool, begun, with the pipeline, the
 * set and the push constant tag bound. */
static VkCommandBuffer
begin_primary(struct env *e, uint32_t tag, VkCommandPool *pool)
{
   *pool = create_pool(e, NULL);
   VkCommandBuffer cmd = VK_NULL_HANDLE;
   CHECK(allocate(e, *pool, VK_COMMAND_BUFFER_LEVEL_PRIMARY, &cmd) == VK_SUCCESS);
   begin(cmd, 0);
   bind(e, cmd, tag);
   return cmd;
}

static const uint32_t base_groups[3] = { 1, 2, 3 }, base_counts[3] = { 2, 1, 1 };
static const uint32_t indirect_counts[3] = { 3, 2, 1 };

/* The base dispatch, a barrier, the indirect dispatch. */
static VkResult
record_main(struct env *e, VkCommandBuffer cmd)
{
   begin(cmd, VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT);
   bind(e, cmd, 0x1234);
   gvk_CmdDispatchBase(cmd, base_groups[0], base_groups[1], base_groups[2],
                       base_counts[0], base_counts[1], base_counts[2]);
   const VkMemoryBarrier mb = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT,
   };
   gvk_CmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                          VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &mb, 0, NULL,
                          0, NULL);
   uint32_t tag = 0x5678;
   gvk_CmdPushConstants(cmd, e->p.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 4, &tag);
   gvk_CmdDispatchIndirect(cmd, e->buffer.buffer, INDIRECT_OFFSET);
   return gvk_EndCommandBuffer(cmd);
}

/* Runs cmd on memory holding only the indirect dispatch's arguments, and
 * waits for it. */
static void
run(struct env *e, VkCommandBuffer cmd)
{
   memset(e->map, 0, BUFFER_BYTES);
   memcpy(&e->map[INDIRECT_OFFSET / 4], indirect_counts, sizeof(indirect_counts));
   const VkSubmitInfo si = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
      .commandBufferCount = 1, .pCommandBuffers = &cmd,
   };
   VkResult result = gvk_QueueSubmit(e->queue, 1, &si, VK_NULL_HANDLE);
   CHECK((result ? result : gvk_QueueWaitIdle(e->queue)) == VK_SUCCESS);
}

/* ---- walking a batch ---- */

struct packet {
   const struct gvk_gx_item *item;
   const uint32_t *dw;
   uint32_t len;
   const struct gvk_cmd_block *block;
};

struct walk {
   struct packet *packets;
   uint32_t count, capacity;
   uint32_t blocks_visited;
   bool ok;
};

static const struct gvk_cmd_block *
block_at(const struct gvk_cmd_buffer *cmd, uint64_t addr)
{
   for (uint32_t i = 0; i < cmd->block_count; i++) {
      if (cmd->blocks[i].bo->addr == addr)
         return &cmd->blocks[i];
   }
   return NULL;
}

static bool
push_packet(struct walk *w, struct packet p)
{
   if (w->count == w->capacity) {
      w->capacity = w->capacity ? w->capacity * 2 : 256;
      w->packets = realloc(w->packets, w->capacity * sizeof(*w->packets));
      if (!w->packets)
         return false;
   }
   w->packets[w->count++] = p;
   return true;
}

static bool
is(const struct packet *p, const char *name)
{
   return p->item && !strcmp(p->item->name, name);
}

static bool
field(const struct env *e, const struct packet *p, const char *name, uint64_t *v)
{
   for (uint16_t i = 0; i < p->item->field_count; i++) {
      const struct gvk_gx_field *f = &p->item->fields[i];
      if (!strcmp(f->name, name))
         return gvk_gx_field_raw(f, p->dw, p->len, 0, v);
   }
   return false;
}

static uint64_t
get(const struct env *e, const struct packet *p, const char *name)
{
   uint64_t v = 0;
   CHECKF(field(e, p, name, &v), "%s has no field %s", p->item->name, name);
   return v;
}

/* Every packet from the first batch block to MI_BATCH_BUFFER_END, through
 * the MI_BATCH_BUFFER_STARTs chaining blocks. */
static struct walk
walk_batch(const struct env *e, const struct gvk_cmd_buffer *cmd)
{
   struct walk w = { .ok = true };
   const struct gvk_cmd_block *block = cmd->first_batch;
   uint32_t at = 0;
   while (block && w.ok) {
      const uint32_t *dw = (const uint32_t *)block->bo->map + at / 4;
      const struct gvk_gx_item *item = gvk_gx_find_command(e->spec, dw[0]);
      const uint32_t len = item ? gvk_gx_command_length(item, dw[0]) : 1;
      if (!item || at + len * 4 > GVK_BLOCK_SIZE) {
         fprintf(stderr, "FAIL: unknown dword 0x%08x at %u\n", dw[0], at);
         w.ok = false;
         break;
      }
      w.ok = push_packet(&w, (struct packet){ item, dw, len, block });
      at += len * 4;
      if (!strcmp(item->name, "MI_BATCH_BUFFER_END"))
         break;
      if (!strcmp(item->name, "MI_BATCH_BUFFER_START")) {
         const struct packet *p = &w.packets[w.count - 1];
         block = block_at(cmd, get(e, p, "Batch Buffer Start Address"));
         w.blocks_visited++;
         at = 0;
      }
   }
   if (!block)
      w.ok = false;
   return w;
}

static int
find(const struct walk *w, int from, const char *name)
{
   for (uint32_t i = (uint32_t)from; i < w->count; i++) {
      if (is(&w->packets[i], name))
         return (int)i;
   }
   return -1;
}

static uint32_t
count_of(const struct walk *w, const char *name)
{
   uint32_t n = 0;
   for (int i = find(w, 0, name); i >= 0; i = find(w, i + 1, name))
      n++;
   return n;
}

/* ---- checks ---- */

static const uint32_t *
state_at(const struct gvk_cmd_buffer *cmd, uint64_t base, uint32_t offset)
{
   const struct gvk_cmd_block *block = block_at(cmd, base);
   return block ? (const uint32_t *)block->bo->map + offset / 4 : NULL;
}

static void
check_surface(const struct env *e, const struct gvk_cmd_buffer *cmd, uint64_t base,
              const uint32_t *idd)
{
   const struct gvk_gx_item *desc = gvk_gx_find_by_name(e->spec, "INTERFACE_DESCRIPTOR_DATA");
   struct packet p = { desc, idd, desc->length, NULL };
   const uint32_t bt = (uint32_t)get(e, &p, "Binding Table Pointer");
   const uint32_t *table = state_at(cmd, base, bt);
   CHECK(table != NULL);
   if (!table)
      return;
   struct isl_state_desc d;
   CHECK(isl_decode_state(e->dev->pdev->info.verx10, state_at(cmd, base, table[0]), &d));
   CHECK(d.type == ISL_SURFTYPE_BUFFER);
   CHECK(d.format == ISL_FORMAT_RAW);
   CHECK(d.address == e->buffer_addr);
   CHECK(d.entries == OUT_BYTES);
   CHECK(isl_decode_state(e->dev->pdev->info.verx10, state_at(cmd, base, table[1]), &d));
   CHECK(d.address == e->buffer_addr + COUNT_OFFSET);
}

static void
check_walker(const struct env *e, const struct packet *p, const uint32_t start[3],
             const uint32_t end[3], bool indirect)
{
   const struct gbe_kernel *k = &gvk_pipeline_from_handle(e->p.pipeline)->cs->kernel;
   const bool gen7 = e->dev->pdev->info.ver == 7;
   CHECK(get(e, p, "Indirect Parameter Enable") == indirect);
   CHECK(get(e, p, "Predicate Enable") == (indirect && gen7));
   CHECK(get(e, p, "SIMD Size") == k->simd / 16);
   CHECK(get(e, p, "Thread Width Counter Maximum") == k->cs.threads - 1);
   CHECK(k->cs.threads == (LOCAL_SIZE + k->simd - 1) / k->simd);
   CHECK(get(e, p, "Right Execution Mask") == (1u << (LOCAL_SIZE % k->simd)) - 1);
   CHECK(get(e, p, "Bottom Execution Mask") == 0xffffffff);
   CHECK(get(e, p, "Thread Group ID Starting X") == start[0]);
   CHECK(get(e, p, "Thread Group ID Starting Y") == start[1]);
   CHECK(get(e, p, gen7 ? "Thread Group ID Starting Z" : "Thread Group ID Starting/Resume Z") ==
         start[2]);
   CHECK(get(e, p, "Thread Group ID X Dimension") == end[0]);
   CHECK(get(e, p, "Thread Group ID Y Dimension") == end[1]);
   CHECK(get(e, p, "Thread Group ID Z Dimension") == end[2]);
}

/* Gen7: the relocation of Surface State Base Address includes the bits
 * below the address (modify enable, MOCS); softpin devices record no
 * relocation at all. */
static void
check_relocs(const struct env *e, const struct gvk_cmd_buffer *cmd,
             const struct packet *sba, uint64_t state_base)
{
   if (e->dev->pdev->info.has_full_ppgtt) {
      for (uint32_t i = 0; i < cmd->block_count; i++)
         CHECK(cmd->blocks[i].relocs.count == 0);
      return;
   }
   const uint32_t offset = (uint32_t)((const char *)&sba->dw[2] -
                                      (const char *)sba->block->bo->map);
   const struct gvk_cmd_block *state = block_at(cmd, state_base);
   bool found = false;
   for (uint32_t i = 0; i < sba->block->relocs.count; i++) {
      const struct drm_i915_gem_relocation_entry *r = &sba->block->relocs.entries[i];
      if (r->offset != offset)
         continue;
      found = true;
      CHECK(state && r->target_handle == state->bo->gem_handle);
      CHECK((r->delta & 1) && r->delta == (sba->dw[2] & 0xfff));
      CHECK(r->presumed_offset == state_base);
   }
   CHECK(found);
}

static void
check_main_packets(const struct env *e, const struct gvk_cmd_buffer *cmd)
{
   struct walk w = walk_batch(e, cmd);
   CHECK(w.ok);
   const int sba = find(&w, 0, "STATE_BASE_ADDRESS");
   const int vfe = find(&w, 0, "MEDIA_VFE_STATE");
   /* the last selection before the first MEDIA_VFE_STATE (Tiger Lake
    * selects 3D around STATE_BASE_ADDRESS first) */
   int sel = -1;
   for (int i = find(&w, 0, "PIPELINE_SELECT"); i >= 0 && i < vfe;
        i = find(&w, i + 1, "PIPELINE_SELECT"))
      sel = i;
   const int curbe = find(&w, 0, "MEDIA_CURBE_LOAD");
   const int idl = find(&w, 0, "MEDIA_INTERFACE_DESCRIPTOR_LOAD");
   const int walker = find(&w, 0, "GPGPU_WALKER");
   CHECK(sel >= 0 && sba >= 0 && vfe > sel && curbe > vfe && idl > curbe && walker > idl);
   if (!w.ok || sel < 0 || sba < 0 || vfe < 0 || curbe < 0 || idl < 0 || walker < 0) {
      free(w.packets);
      return;
   }
   CHECK(get(e, &w.packets[sel], "Pipeline Selection") == 2);
   if (e->dev->pdev->info.ver >= 9)
      CHECK((get(e, &w.packets[sel], "Mask Bits") & 3) == 3);
   const struct packet *s = &w.packets[sba];
   const uint64_t state_base = get(e, s, "Surface State Base Address");
   CHECK(get(e, s, "Dynamic State Base Address") == state_base);
   CHECK(get(e, s, "General State Base Address") == 0);
   CHECK(get(e, s, "Instruction Base Address") == e->dev->kernels.bo->addr);
   CHECK(block_at(cmd, state_base) && !block_at(cmd, state_base)->is_batch);
   check_relocs(e, cmd, s, state_base);
   /* a stalling PIPE_CONTROL right before MEDIA_VFE_STATE */
   CHECK(is(&w.packets[vfe - 1], "PIPE_CONTROL") &&
         get(e, &w.packets[vfe - 1], "Command Streamer Stall Enable"));
   const uint32_t *push = state_at(cmd, state_base,
                                   (uint32_t)get(e, &w.packets[curbe], "CURBE Data Start Address"));
   CHECK(push && push[0] == 0x1234);
   const uint32_t *idd = state_at(cmd, state_base,
      (uint32_t)get(e, &w.packets[idl], "Interface Descriptor Data Start Address"));
   CHECK(idd != NULL);
   if (idd)
      check_surface(e, cmd, state_base, idd);
   uint32_t end[3];
   for (int i = 0; i < 3; i++)
      end[i] = base_groups[i] + base_counts[i];
   check_walker(e, &w.packets[walker], base_groups, end, false);
   CHECK(is(&w.packets[walker + 1], "MEDIA_STATE_FLUSH"));

   /* the barrier: data cache flushed with a CS stall before the next walker */
   const int walker2 = find(&w, walker + 1, "GPGPU_WALKER");
   bool flushed = false;
   for (int i = walker + 1; i < walker2; i++) {
      const struct packet *p = &w.packets[i];
      if (is(p, "PIPE_CONTROL") && get(e, p, "DC Flush Enable") &&
          get(e, p, "Command Streamer Stall Enable"))
         flushed = true;
   }
   CHECK(walker2 > walker && flushed);
   /* the indirect dimensions loaded from the buffer */
   const uint64_t args = e->buffer_addr + INDIRECT_OFFSET;
   uint32_t loaded = 0;
   for (int i = walker + 1; i < walker2; i++) {
      const struct packet *p = &w.packets[i];
      if (!is(p, "MI_LOAD_REGISTER_MEM"))
         continue;
      const uint64_t reg = get(e, p, "Register Address"), addr = get(e, p, "Memory Address");
      if (reg >= 0x2500 && reg <= 0x2508 && addr == args + (reg - 0x2500))
         loaded |= 1u << ((reg - 0x2500) / 4);
   }
   CHECK(loaded == 7);
   if (e->dev->pdev->info.ver == 7)
      CHECK(count_of(&w, "MI_PREDICATE") == 4);
   static const uint32_t zero[3] = { 0, 0, 0 };
   if (walker2 > 0)
      check_walker(e, &w.packets[walker2], zero, zero, true);
   const struct packet *last = &w.packets[w.count - 1];
   CHECK(is(last, "MI_BATCH_BUFFER_END"));
   CHECK(cmd->first_batch->length % 8 == 0);
   free(w.packets);
}

static void
check_main_results(const struct env *e)
{
   uint32_t groups = 0;
   for (uint32_t z = 0; z < 8; z++)
   for (uint32_t y = 0; y < 8; y++)
   for (uint32_t x = 0; x < 8; x++) {
      const uint32_t *slot = &e->map[((z * 8 + y) * 8 + x) * 2];
      const bool in_base = x >= 1 && x < 3 && y == 2 && z == 3;
      const bool in_indirect = x < 3 && y < 2 && z == 0;
      uint32_t tag = 0, num = 0;
      if (in_base) {
         tag = 0x1234;
         num = 2 | 1 << 8 | 1 << 16;
      } else if (in_indirect) {
         tag = 0x5678;
         num = 3 | 2 << 8 | 1 << 16;
      }
      groups += in_base || in_indirect;
      if (!CHECKF(slot[0] == tag && slot[1] == num,
                  "group (%u,%u,%u) wrote 0x%x 0x%x, want 0x%x 0x%x",
                  x, y, z, slot[0], slot[1], tag, num))
         return;
   }
   CHECK(e->map[COUNT_OFFSET / 4] == groups * LOCAL_SIZE);
}

static void
test_main(struct env *e)
{
   VkCommandPool pool = create_pool(e, NULL);
   VkCommandBuffer cmd;
   CHECK(allocate(e, pool, VK_COMMAND_BUFFER_LEVEL_PRIMARY, &cmd) == VK_SUCCESS);
   CHECK(record_main(e, cmd) == VK_SUCCESS);
   check_main_packets(e, gvk_cmd_buffer_from_handle(cmd));
   run(e, cmd);
   check_main_results(e);
   /* a reset command buffer records and runs again */
   CHECK(gvk_ResetCommandBuffer(cmd, 0) == VK_SUCCESS);
   CHECK(gvk_cmd_buffer_from_handle(cmd)->block_count == 0);
   CHECK(record_main(e, cmd) == VK_SUCCESS);
   run(e, cmd);
   check_main_results(e);
   gvk_DestroyCommandPool(e->device, pool, NULL);
}

static void
test_secondary(struct env *e)
{
   VkCommandPool pool = create_pool(e, NULL);
   VkCommandBuffer primary, secondary;
   CHECK(allocate(e, pool, VK_COMMAND_BUFFER_LEVEL_PRIMARY, &primary) == VK_SUCCESS);
   CHECK(allocate(e, pool, VK_COMMAND_BUFFER_LEVEL_SECONDARY, &secondary) == VK_SUCCESS);
   begin(secondary, VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT);
   bind(e, secondary, 0x9);
   gvk_CmdDispatch(secondary, 1, 1, 1);
   CHECK(gvk_EndCommandBuffer(secondary) == VK_SUCCESS);
   begin(primary, 0);
   const VkCommandBuffer twice[2] = { secondary, secondary };
   gvk_CmdExecuteCommands(primary, 2, twice);
   /* the primary's own dispatch after the secondaries */
   bind(e, primary, 0xa);
   gvk_CmdDispatchBase(primary, 1, 0, 0, 1, 1, 1);
   CHECK(gvk_EndCommandBuffer(primary) == VK_SUCCESS);
   struct walk w = walk_batch(e, gvk_cmd_buffer_from_handle(primary));
   CHECK(w.ok && count_of(&w, "GPGPU_WALKER") == 3);
   CHECK(count_of(&w, "STATE_BASE_ADDRESS") >= 3);
   free(w.packets);
   run(e, primary);
   CHECK(e->map[0] == 0x9 && e->map[2] == 0xa);
   CHECK(e->map[COUNT_OFFSET / 4] == 3 * LOCAL_SIZE);
   gvk_DestroyCommandPool(e->device, pool, NULL);
}

/* More dispatches than a batch block or a state block holds. */
static void
test_chaining(struct env *e)
{
   VkCommandPool pool;
   VkCommandBuffer cmd = begin_primary(e, 0x77, &pool);
   /* new push constants each time: each dispatch writes its own CURBE */
   for (uint32_t i = 0; i < CHAIN_DISPATCHES; i++) {
      gvk_CmdPushConstants(cmd, e->p.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 4, &i);
      gvk_CmdDispatch(cmd, 1, 1, 1);
   }
   CHECK(gvk_EndCommandBuffer(cmd) == VK_SUCCESS);
   const struct gvk_cmd_buffer *c = gvk_cmd_buffer_from_handle(cmd);
   uint32_t batches = 0, states = 0;
   for (uint32_t i = 0; i < c->block_count; i++) {
      batches += c->blocks[i].is_batch;
      states += !c->blocks[i].is_batch;
   }
   CHECK(batches >= 2 && states >= 2);
   struct walk w = walk_batch(e, c);
   CHECK(w.ok && w.blocks_visited == batches - 1);
   CHECK(count_of(&w, "GPGPU_WALKER") == CHAIN_DISPATCHES);
   CHECK(count_of(&w, "STATE_BASE_ADDRESS") == states);
   free(w.packets);
   run(e, cmd);
   CHECK(e->map[COUNT_OFFSET / 4] == CHAIN_DISPATCHES * LOCAL_SIZE);
   CHECK(e->map[0] == CHAIN_DISPATCHES - 1);
   gvk_DestroyCommandPool(e->device, pool, NULL);
}

/* The hardware keeps the CURBE and the interface descriptor it loaded:
 * dispatches that change nothing load neither again, new push constants
 * load new constants only, and the same set bound again reuses its
 * binding table and interface descriptor. */
static void
test_state_reuse(struct env *e)
{
   VkCommandPool pool;
   VkCommandBuffer cmd = begin_primary(e, 0x21, &pool);
   gvk_CmdDispatchBase(cmd, 0, 0, 0, 1, 1, 1);
   gvk_CmdDispatchBase(cmd, 1, 0, 0, 1, 1, 1);
   const uint32_t tag = 0x22;
   gvk_CmdPushConstants(cmd, e->p.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 4, &tag);
   gvk_CmdDispatchBase(cmd, 2, 0, 0, 1, 1, 1);
   bind(e, cmd, 0x23);
   gvk_CmdDispatchBase(cmd, 3, 0, 0, 1, 1, 1);
   CHECK(gvk_EndCommandBuffer(cmd) == VK_SUCCESS);
   struct walk w = walk_batch(e, gvk_cmd_buffer_from_handle(cmd));
   CHECK(w.ok && count_of(&w, "GPGPU_WALKER") == 4);
   CHECK(count_of(&w, "MEDIA_CURBE_LOAD") == 3);
   CHECK(count_of(&w, "MEDIA_INTERFACE_DESCRIPTOR_LOAD") == 1);
   free(w.packets);
   run(e, cmd);
   const uint32_t tags[4] = { 0x21, 0x21, 0x22, 0x23 };
   for (uint32_t x = 0; x < 4; x++)
      CHECK(e->map[x * 2] == tags[x] && e->map[x * 2 + 1] == 0x10101);
   CHECK(e->map[COUNT_OFFSET / 4] == 4 * LOCAL_SIZE);
   gvk_DestroyCommandPool(e->device, pool, NULL);
}

/* Allocating and recording with alloc; what was recorded runs right. */
static enum sweep_outcome
record_with(void *data, const VkAllocationCallbacks *alloc)
{
   struct env *e = data;
   VkCommandPool pool = create_pool(e, alloc);
   VkCommandBuffer cmd = VK_NULL_HANDLE;
   VkResult result = pool ? allocate(e, pool, VK_COMMAND_BUFFER_LEVEL_PRIMARY, &cmd)
                          : VK_ERROR_OUT_OF_HOST_MEMORY;
   if (result == VK_SUCCESS)
      result = record_main(e, cmd);
   if (result == VK_SUCCESS) {
      run(e, cmd);
      check_main_results(e);
   }
   gvk_DestroyCommandPool(e->device, pool, alloc);
   return sweep_judge(result, "allocating and recording a command buffer");
}

/* Fails each host allocation of allocating and recording in turn. */
static void
test_alloc_failures(struct env *e)
{
   unsigned allocations;
   if (CHECK(counting_alloc_sweep(record_with, e, false, &allocations) == 0))
      printf("%u allocations failed in turn\n", allocations);
}

int
main(void)
{
   struct env e = { 0 };
   int status = create_env(&e);
   if (status) {
      destroy_env(&e);
      return status;
   }
   printf("device: %s\n", e.dev->pdev->info.name);
   test_main(&e);
   test_secondary(&e);
   test_chaining(&e);
   test_state_reuse(&e);
   test_alloc_failures(&e);
   destroy_env(&e);
   return gvk_test_result("command buffers and dispatches right");
}

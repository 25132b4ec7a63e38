/* Command pools and command buffers: recording into chains of batch
 * blocks and state blocks (gvk_bo.h), and what vkQueueSubmit needs of a
 * recorded command buffer. */
#ifndef GVK_CMD_BUFFER_H
#define GVK_CMD_BUFFER_H

#include <stdbool.h>
#include <stdint.h>

#include "gvk_bo.h"
#include "gvk_descriptor.h"
#include "gvk_object.h"
#include "gvk_pipeline.h"
#include "gvk_render_pass.h"

struct gvk_device;
struct gvk_pipeline;

/* A block a command buffer owns, with the relocations of the addresses
 * written into it (Gen7; empty on softpin devices).  vkQueueSubmit passes
 * every block's relocations with its object. */
struct gvk_cmd_block {
   struct gvk_bo *bo;
   struct gvk_reloc_list relocs;
   bool is_batch;
   /* Batch blocks: bytes of commands written, the MI_BATCH_BUFFER_START
    * chaining to the next block excluded (final once recording ended):
    * the first block's is execbuffer2's batch_len. */
   uint32_t length;
   /* A state block of a secondary command buffer executed by this one
    * (vkCmdExecuteCommands copies a secondary's commands, which point at
    * its state blocks): bo belongs to the secondary, relocs are a copy of
    * its relocations.  Only recorded when there are relocations (Gen7). */
   bool borrowed;
};

/* A writer into a command buffer's blocks: `batch` chains a full block to
 * a fresh one with MI_BATCH_BUFFER_START; `state` starts a fresh state
 * block and marks STATE_BASE_ADDRESS for re-emission.  After an
 * allocation failure the writer keeps accepting dwords into a scratch
 * area and the command buffer's status holds the error, which
 * vkEndCommandBuffer returns (Vulkan: recording errors are reported
 * there). */
struct gvk_batch {
   struct gvk_cmd_buffer *cmd;
   struct gvk_cmd_block *block;    /* block being written, or NULL */
   uint32_t block_index;           /* its index in cmd->blocks */
   uint32_t *start, *next, *end;   /* the block's map */
   bool is_state;
};

/* gvk_batch_alloc (below) when the current block is full or missing,
 * padding must be written or recording has failed. */
uint32_t *gvk_batch_alloc_slow(struct gvk_batch *b, uint32_t dwords, uint32_t align);
/* Offset of p from its block's start (state: from Surface/Dynamic State
 * Base Address). */
uint32_t gvk_batch_offset(const struct gvk_batch *b, const void *p);
/* The relocation hook (genxml GVK_GENXML_ADDRESS): the dword at dw, in
 * b's current block, is to hold addr.  Returns the value to write.  On
 * Gen7 the relocation's delta includes the bits *dw holds at the call
 * (the fields packed below the address: the kernel rewrites the whole
 * dword), so call it before the address is stored. */
uint64_t gvk_batch_reloc(struct gvk_batch *b, const void *dw, uint64_t addr);
/* gvk_batch_reserve (below) when the current block is missing or has
 * less room. */
void gvk_batch_reserve_slow(struct gvk_batch *b, uint32_t bytes);

/* Flushes and invalidations a command owes (cmd->pending_pipe_bits),
 * independent of the generation; genX(emit_pipe_control) turns them into
 * the generation's PIPE_CONTROL bits and applies its rules. */
enum gvk_pipe_bits {
   GVK_PIPE_CS_STALL = 1u << 0,
   GVK_PIPE_DATA_FLUSH = 1u << 1,          /* data port (HDC) writes */
   GVK_PIPE_RENDER_TARGET_FLUSH = 1u << 2,
   GVK_PIPE_DEPTH_FLUSH = 1u << 3,
   GVK_PIPE_TEXTURE_INVALIDATE = 1u << 4,  /* sampler reads */
   GVK_PIPE_CONSTANT_INVALIDATE = 1u << 5,
   GVK_PIPE_STATE_INVALIDATE = 1u << 6,
   GVK_PIPE_INSTRUCTION_INVALIDATE = 1u << 7,
   GVK_PIPE_TILE_FLUSH = 1u << 8,          /* Gen12: CS and VF are not
                                            * coherent with L3 */
   /* Vertex fetch reads (vertex, index and indirect draw buffers).  Gen12
    * forbids it in GPGPU mode: genX(cmd_apply_pipe_bits) keeps it pending
    * there and genX(cmd_select_3d) emits it.  Not part of
    * GVK_PIPE_INVALIDATE_BITS, which PIPELINE_SELECT emits. */
   GVK_PIPE_VF_INVALIDATE = 1u << 9,
};
#define GVK_PIPE_FLUSH_BITS (GVK_PIPE_DATA_FLUSH | GVK_PIPE_RENDER_TARGET_FLUSH | \
                             GVK_PIPE_DEPTH_FLUSH | GVK_PIPE_TILE_FLUSH)
#define GVK_PIPE_INVALIDATE_BITS (GVK_PIPE_TEXTURE_INVALIDATE |            \
                                  GVK_PIPE_CONSTANT_INVALIDATE |         \
                                  GVK_PIPE_STATE_INVALIDATE |            \
                                  GVK_PIPE_INSTRUCTION_INVALIDATE)

/* The pipeline PIPELINE_SELECT selected last in the batch. */
enum gvk_cmd_pipeline {
   GVK_CMD_PIPELINE_UNKNOWN,      /* nothing selected yet in this batch */
   GVK_CMD_PIPELINE_3D,
   GVK_CMD_PIPELINE_GPGPU,
};

struct gvk_cmd_pool {
   struct gvk_object base;
   VkCommandPoolCreateFlags flags;
   struct gvk_cmd_buffer *buffers;        /* live buffers, a list */
};

enum gvk_cmd_state {
   GVK_CMD_INITIAL,
   GVK_CMD_RECORDING,
   GVK_CMD_EXECUTABLE,
   GVK_CMD_INVALID,
};

struct gvk_descriptor_state {
   struct gvk_descriptor_set *sets[GVK_MAX_SETS];
   uint32_t dynamic_offsets[GVK_MAX_DYNAMIC_BUFFERS];
   /* vkCmdPushDescriptorSetKHR's set: push_layout NULL when there is
    * none (a zeroed state has none) */
   uint32_t push_set;
   struct gvk_descriptor_set_layout *push_layout;
   struct gvk_descriptor push_descriptors[GVK_MAX_PUSH_DESCRIPTORS];
   bool dirty;
};

/* No state: no state block offset is this. */
#define GVK_NO_STATE UINT32_MAX

/* What binding tables and sampler tables are built from: the pipeline,
 * the sets bound (and their serials) and the dynamic offsets; pipeline
 * NULL for an unused cache entry. */
struct gvk_binding_key {
   const struct gvk_pipeline *pipeline;
   const struct gvk_descriptor_set *sets[GVK_MAX_SETS];
   uint64_t serials[GVK_MAX_SETS];
   uint32_t dynamic_offsets[GVK_MAX_DYNAMIC_BUFFERS];
};

/* A binding table with the interface descriptor that points at it. */
#define GVK_BINDING_TABLE_CACHE 4
struct gvk_binding_table_entry {
   struct gvk_binding_key key;
   uint32_t binding_table, binding_table_count, idd;
};

/* A draw's binding and sampler tables, per stage (enum gvk_gfx_stage; 0
 * for a stage without), for the render targets they were built with. */
#define GVK_GFX_TABLE_CACHE 4
struct gvk_gfx_tables {
   struct gvk_binding_key key;
   uint32_t binding_table[GVK_GFX_STAGES], sampler_table[GVK_GFX_STAGES];
};

/* A secondary command buffer continuing a render pass instance whose
 * attachments its inheritance does not name (dynamic rendering, a render
 * pass without a framebuffer or with an imageless one) draws with
 * render targets only the executing primary knows.  It records every PS
 * binding table whose render-target entries [0, rts) are placeholders
 * (for the locations of rt_mask), and every STATE_BASE_ADDRESS it emits;
 * vkCmdExecuteCommands gives the primary its own copy of each state block
 * holding such tables, with the primary's render targets written in, and
 * points the copied STATE_BASE_ADDRESS at the copy (the secondary's
 * blocks stay untouched: several primaries may execute it at once). */
struct gvk_rt_table_fixup {
   uint32_t state_block;        /* index in cmd->blocks */
   uint32_t table;              /* offset in that block */
   uint32_t rts, rt_mask;
};
struct gvk_sba_fixup {
   uint32_t batch_block;        /* index in cmd->blocks */
   uint32_t offset;             /* bytes into that block */
   uint32_t state_block;        /* the block its bases point at */
};

/* A vkCmdClearAttachments of such a secondary, which has no image to
 * fill: the primary runs it on its own attachments where the copy of the
 * secondary's commands reaches byte offset of batch block batch_block
 * (the secondary re-emits all its state after that point). */
struct gvk_deferred_clear {
   uint32_t batch_block, offset;
   uint32_t attachment_count, rect_count;
   VkClearAttachment *attachments;     /* one allocation with rects */
   VkClearRect *rects;
};

struct gvk_cmd_buffer {
   struct gvk_object base;                 /* dispatchable */
   struct gvk_device *device;
   struct gvk_cmd_pool *pool;
   struct gvk_cmd_buffer *pool_next, *pool_prev;
   VkCommandBufferLevel level;
   VkCommandBufferUsageFlags usage;
   enum gvk_cmd_state record_state;
   VkResult status;                        /* first recording error */

   struct gvk_cmd_block *blocks;           /* every block owned, batches
                                            * and states */
   uint32_t block_count, block_capacity;
   struct gvk_batch batch, state;
   struct gvk_cmd_block *first_batch;      /* where execution starts, NULL
                                            * for a secondary without
                                            * commands */
   enum gvk_cmd_pipeline pipeline;         /* selected last (genX) */

   struct {
      struct gvk_pipeline *pipeline;
      struct gvk_descriptor_state descriptors;
      uint8_t push_constants[GVK_MAX_PUSH_CONSTANTS];
      bool pipeline_dirty, push_dirty, base_address_dirty;
      /* The binding table built for the bound pipeline and descriptors,
       * in the current state block (valid unless something it depends on
       * changed: descriptors.dirty, pipeline_dirty, a new state block). */
      bool binding_table_valid;
      uint32_t binding_table, binding_table_count;
      /* The INTERFACE_DESCRIPTOR_DATA of that binding table and the
       * pipeline (a state block offset), and the one the batch loaded
       * last (GVK_NO_STATE when unknown: a new state block, a new
       * MEDIA_VFE_STATE, another command buffer's commands). */
      uint32_t idd, idd_loaded;
      /* State bytes a dispatch of the bound pipeline may take (checked
       * when the pipeline changes, reserved before every dispatch). */
      uint32_t dispatch_state_bytes;
      /* The CURBE the batch loaded last is the one of the bound pipeline,
       * push constants and binding table for curbe_groups workgroups. */
      bool curbe_loaded;
      uint32_t curbe_groups[3];
      /* Binding tables built in the current state block, reused when the
       * same pipeline reads the same sets (same serials) with the same
       * dynamic offsets again (gvk_cmd_descriptor.c). */
      struct gvk_binding_table_entry binding_tables[GVK_BINDING_TABLE_CACHE];
      uint32_t binding_table_next;      /* entry replaced next */
      /* The driver's own dispatches (gvk_meta.c) bind storage buffers,
       * images and samplers without descriptor sets or a pipeline
       * layout: while not NULL, element e of binding b of set 0 reads
       * meta_bindings[b + e] (a descriptor of the binding's type)
       * instead of `descriptors`.  gvk_meta sets it around its dispatches and marks
       * descriptors dirty when it restores the application's state. */
      const struct gvk_descriptor *meta_bindings;
   } compute;
   /* What draws will read: sets and push constants bound for
    * VK_PIPELINE_BIND_POINT_GRAPHICS (gvk_cmd_descriptor.c), the bound
    * graphics pipeline, vertex and index buffers and dynamic state
    * (gvk_cmd_draw.c), and what the batch holds of them (genX_cmd_draw.c). */
   struct {
      struct gvk_descriptor_state descriptors;
      uint8_t push_constants[GVK_MAX_PUSH_CONSTANTS];
      bool push_dirty;
      struct gvk_pipeline *pipeline;
      uint32_t dirty;                        /* enum gvk_gfx_dirty */
      struct gvk_gfx_dynamic dynamic;        /* vkCmdSet* values */
      struct {
         uint64_t addr, size;
         uint32_t stride;                    /* vkCmdBindVertexBuffers2 */
         bool has_stride;
      } vb[GVK_MAX_VERTEX_BINDINGS];
      uint64_t ib_addr, ib_size;
      VkIndexType ib_type;
      /* the 3DPRIM_* of dynamic.topology, computed when it or the
       * pipeline changed (3DSTATE_VF_TOPOLOGY, 3DPRIMITIVE) */
      uint32_t prim;
      /* The state block the emitted state pointers are offsets into:
       * another one means every pointer is emitted again. */
      const struct gvk_bo *state_bo;
      /* 3DSTATE_PUSH_CONSTANT_ALLOC_xS sizes emitted last (KB;
       * UINT32_MAX: none in this batch) */
      uint32_t push_kb_vs, push_kb_hs, push_kb_ds, push_kb_gs, push_kb_ps;
      /* Tables built in the current state block for the current render
       * targets, reused when the same pipeline reads the same sets again
       * (gvk_cmd_descriptor.c; cleared with the compute ones and when the
       * render targets change). */
      struct gvk_gfx_tables tables[GVK_GFX_TABLE_CACHE];
      uint32_t tables_next;                  /* entry replaced next */
      /* State bytes a draw of the bound pipeline may take (computed when
       * the pipeline is flushed, reserved before every draw). */
      uint32_t draw_state_bytes;
   } graphics;
   /* Transform feedback (gvk_cmd_xfb.c, genX_gfx_xfb.c): the bound
    * buffers (address from the binding offset, bytes), whether a
    * vkCmdBeginTransformFeedbackEXT is in effect, and whether the next
    * draw must emit 3DSTATE_STREAMOUT and the SO buffers again. */
   struct {
      struct {
         uint64_t addr, size;
      } buffer[4];
      bool active;
      bool dirty;
   } xfb;
   /* The render pass instance or dynamic rendering in progress
    * (gvk_render_pass.c). */
   struct gvk_rendering rendering;
   /* A secondary drawing into attachments it does not know (above
    * struct gvk_rt_table_fixup): set by vkBeginCommandBuffer. */
   struct {
      bool unknown_attachments;
      struct gvk_rt_table_fixup *tables;
      uint32_t table_count, table_capacity;
      struct gvk_sba_fixup *sbas;
      uint32_t sba_count, sba_capacity;
      struct gvk_deferred_clear *clears;
      uint32_t clear_count, clear_capacity;
   } deferred_rts;
   /* Flushes and invalidations owed before the next command that needs
    * them (enum gvk_pipe_bits; genX(cmd_apply_pipe_bits) emits them). */
   uint32_t pending_pipe_bits;
   /* The L3 has been given its SLM partition in this batch (Gen7-9;
    * nothing to give from Gen11: genX_cmd_compute.c). */
   bool l3_configured;
};

/* n dwords at the writer's position, aligned to align bytes (a power of
 * two, 4 for commands).  Inline: every packet of every command takes
 * this path. */
static inline uint32_t *
gvk_batch_alloc(struct gvk_batch *b, uint32_t dwords, uint32_t align)
{
   const uintptr_t next = (uintptr_t)b->next;
   const uintptr_t p = (next + align - 1) & ~(uintptr_t)(align - 1);
   /* A batch's padding must be written (MI_NOOPs): the slow path does. */
   if (!b->block || (p != next && !b->is_state) ||
       p + dwords * 4u > (uintptr_t)b->end || b->cmd->status != VK_SUCCESS)
      return gvk_batch_alloc_slow(b, dwords, align);
   b->next = (uint32_t *)p + dwords;
   return (uint32_t *)p;
}

/* Makes sure that allocations of up to `bytes` in total (alignment
 * included) stay in b's current block: states that point at each other
 * by offset (binding tables, surface states, interface descriptors) are
 * reserved together, so that one Surface/Dynamic State Base Address
 * serves them all. */
static inline void
gvk_batch_reserve(struct gvk_batch *b, uint32_t bytes)
{
   if (!b->block || (size_t)((char *)b->end - (char *)b->next) < bytes)
      gvk_batch_reserve_slow(b, bytes);
}

static inline struct gvk_cmd_buffer *
gvk_cmd_buffer_from_handle(VkCommandBuffer h)
{
   return (struct gvk_cmd_buffer *)h;
}

GVK_DEFINE_HANDLE_CASTS(gvk_cmd_pool, VkCommandPool)

/* What of cmd->graphics the next draw must emit again. */
enum gvk_gfx_dirty {
   GVK_GFX_DIRTY_PIPELINE = 1u << 0,
   GVK_GFX_DIRTY_VERTEX_BUFFERS = 1u << 1,
   GVK_GFX_DIRTY_INDEX_BUFFER = 1u << 2,
   GVK_GFX_DIRTY_VIEWPORT = 1u << 3,
   GVK_GFX_DIRTY_SCISSOR = 1u << 4,
   GVK_GFX_DIRTY_CC = 1u << 5,               /* blend constants, depth, stencil */
   GVK_GFX_DIRTY_DESCRIPTORS = 1u << 6,
   GVK_GFX_DIRTY_PUSH = 1u << 7,
   GVK_GFX_DIRTY_RENDER_TARGETS = 1u << 8,
   /* depth bias, line width, cull mode, front face, rasterizer discard */
   GVK_GFX_DIRTY_RASTER = 1u << 9,
   GVK_GFX_DIRTY_TOPOLOGY = 1u << 10,
   GVK_GFX_DIRTY_BLEND = 1u << 11,           /* logic op */
   GVK_GFX_DIRTY_ALL = (1u << 12) - 1,
};

/* One direct draw: vertex or index range, instances, VertexOffset
 * (indexed only) and the DrawIndex the vertex shader sees. */
struct gvk_draw {
   bool indexed;
   uint32_t count, instance_count, first, first_instance;
   int32_t vertex_offset;
   uint32_t draw_id;
};

/* vkCmdDraw(Indexed)Indirect(Count): draw_count commands stride bytes
 * apart from addr; count_addr not 0: the draw count is the smaller of
 * draw_count and the uint32 there. */
struct gvk_draw_indirect {
   bool indexed;
   uint64_t addr, count_addr;
   uint32_t draw_count, stride;
};

/* vkCmdDrawIndirectByteCountEXT: the vertex count is (the uint32 at
 * counter_addr - counter_offset) / stride. */
struct gvk_draw_byte_count {
   uint32_t instance_count, first_instance;
   uint64_t counter_addr;
   uint32_t counter_offset, stride;
};

/* Per-generation command emission, one table per generation
 * (genX_cmd_*.c), picked at device creation: device->genx. */
struct gvk_genx_cmd {
   void (*begin)(struct gvk_cmd_buffer *cmd);
   /* Flushes what is pending and ends the batch (primaries). */
   void (*end)(struct gvk_cmd_buffer *cmd);
   /* Emits cmd->pending_pipe_bits now. */
   void (*flush)(struct gvk_cmd_buffer *cmd);
   /* MI_BATCH_BUFFER_START to addr, first level, at dw (gvk_batch_alloc
    * chaining a full batch block). */
   void (*chain)(struct gvk_batch *b, uint32_t *dw, uint64_t addr);
   void (*dispatch)(struct gvk_cmd_buffer *cmd, const uint32_t base[3],
                    const uint32_t groups[3]);
   void (*dispatch_indirect)(struct gvk_cmd_buffer *cmd, uint64_t addr);
   /* Adds the flushes and invalidations dep requires to
    * cmd->pending_pipe_bits (emitted before the next GPU work). */
   void (*barrier)(struct gvk_cmd_buffer *cmd, const VkDependencyInfo *dep);
   /* Draws with the graphics state (genX_cmd_draw.c; Gen7/7.5 record an
    * error: they have no graphics pipelines). */
   void (*draw)(struct gvk_cmd_buffer *cmd, const struct gvk_draw *d);
   void (*draw_indirect)(struct gvk_cmd_buffer *cmd, const struct gvk_draw_indirect *d);
   /* Transform feedback (genX_gfx_xfb.c): the SO write offsets loaded
    * from the counters (counter[b] 0: from 0) or stored to them
    * (counter[b] 0: not stored); a draw of (counter - counter_offset) /
    * stride vertices. */
   void (*xfb_begin)(struct gvk_cmd_buffer *cmd, const uint64_t counter[4]);
   void (*xfb_end)(struct gvk_cmd_buffer *cmd, const uint64_t counter[4]);
   void (*draw_byte_count)(struct gvk_cmd_buffer *cmd, const struct gvk_draw_byte_count *d);
   /* Executing a secondary that does not know its attachments
    * (deferred_rts): in the primary before its commands, the 3D pipeline
    * and the primary's depth/stencil buffers and drawing rectangle, which
    * the secondary leaves alone; the primary's render targets written
    * into map (the primary's copy of the state block holding the table);
    * a copied STATE_BASE_ADDRESS at dw repacked to point at state. */
   void (*emit_rendering)(struct gvk_cmd_buffer *cmd);
   void (*fill_render_targets)(const struct gvk_cmd_buffer *cmd, uint32_t *map,
                               const struct gvk_rt_table_fixup *f);
   void (*repack_state_base_address)(struct gvk_cmd_buffer *cmd, uint32_t *dw,
                                     uint64_t state);
};

extern const struct gvk_genx_cmd gvk_genx_cmd_70, gvk_genx_cmd_75,
   gvk_genx_cmd_80, gvk_genx_cmd_90, gvk_genx_cmd_110, gvk_genx_cmd_120;
/* The table of a generation (GFX_VERx10), NULL for an unknown one. */
const struct gvk_genx_cmd *gvk_genx_cmd_for(unsigned verx10);

/* gvk_cmd_pool.c and gvk_cmd_buffer.c: a command buffer in the initial
 * state, on the pool's list; back to the initial state (every block
 * returned to the device); reset, unlinked and freed. */
VkResult gvk_cmd_buffer_create(struct gvk_device *device, struct gvk_cmd_pool *pool,
                               VkCommandBufferLevel level,
                               struct gvk_cmd_buffer **out);
void gvk_cmd_buffer_reset(struct gvk_cmd_buffer *cmd);
void gvk_cmd_buffer_destroy(struct gvk_cmd_buffer *cmd);

/* A recording error: the first one is kept and returned by
 * vkEndCommandBuffer. */
void gvk_cmd_set_error(struct gvk_cmd_buffer *cmd, VkResult result);
/* Whether a draw may be recorded: a graphics pipeline bound, inside a
 * render pass instance; false (logged, the draw skipped) otherwise. */
bool gvk_cmd_check_draw(struct gvk_cmd_buffer *cmd, const char *command);
/* After vkCmdExecuteCommands or the driver's own dispatches: everything
 * the next dispatch depends on must be emitted again. */
void gvk_cmd_invalidate_state(struct gvk_cmd_buffer *cmd);

/* A secondary that does not know its attachments (deferred_rts; no-ops
 * otherwise): the PS binding table at table in the current state block
 * has placeholder render targets; a STATE_BASE_ADDRESS for the current
 * state block was packed at dw in the current batch block. */
void gvk_cmd_defer_render_targets(struct gvk_cmd_buffer *cmd, uint32_t table, uint32_t rts,
                                  uint32_t rt_mask);
void gvk_cmd_note_state_base_address(struct gvk_cmd_buffer *cmd, const uint32_t *dw);
/* vkCmdClearAttachments in such a secondary: recorded for the primary
 * (struct gvk_deferred_clear). */
void gvk_cmd_defer_clear(struct gvk_cmd_buffer *cmd, uint32_t attachment_count,
                         const VkClearAttachment *attachments, uint32_t rect_count,
                         const VkClearRect *rects);

/* vkCmdBindPipeline for VK_PIPELINE_BIND_POINT_GRAPHICS (gvk_cmd_draw.c). */
void gvk_cmd_bind_graphics_pipeline(struct gvk_cmd_buffer *cmd, struct gvk_pipeline *p);

/* The binding table cache of cmd->compute (gvk_cmd_descriptor.c): the
 * entry built for the bound pipeline and descriptors in the current state
 * block, or NULL; a slot to record a fresh one in (NULL when it cannot
 * be reused: the driver's own bindings, push descriptors); forgetting
 * every entry (a new state block). */
const struct gvk_binding_table_entry *
gvk_cmd_binding_table_find(const struct gvk_cmd_buffer *cmd);
struct gvk_binding_table_entry *gvk_cmd_binding_table_slot(struct gvk_cmd_buffer *cmd);
void gvk_cmd_binding_tables_clear(struct gvk_cmd_buffer *cmd);
/* Likewise for draws (cmd->graphics.tables); gvk_cmd_binding_tables_clear
 * forgets these too, gvk_cmd_gfx_tables_clear only these. */
const struct gvk_gfx_tables *gvk_cmd_gfx_tables_find(const struct gvk_cmd_buffer *cmd);
struct gvk_gfx_tables *gvk_cmd_gfx_tables_slot(struct gvk_cmd_buffer *cmd);
void gvk_cmd_gfx_tables_clear(struct gvk_cmd_buffer *cmd);

#endif

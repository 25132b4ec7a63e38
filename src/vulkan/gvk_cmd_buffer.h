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

struct gvk_device;
struct gvk_pipeline;

/* A block a command buffer owns, with the relocations of the addresses
 * written into it (Gen7; empty on softpin devices). */
struct gvk_cmd_block {
   struct gvk_bo *bo;
   struct gvk_reloc_list relocs;
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
   struct gvk_cmd_block *block;    /* block being written */
   uint32_t *start, *next, *end;   /* the block's map */
   bool is_state;
};

/* n dwords at the writer's position, aligned to align bytes (a power of
 * two, 4 for commands). */
uint32_t *gvk_batch_alloc(struct gvk_batch *b, uint32_t dwords, uint32_t align);
/* Offset of p from its block's start (state: from Surface/Dynamic State
 * Base Address). */
uint32_t gvk_batch_offset(const struct gvk_batch *b, const void *p);
/* The relocation hook (genxml GVK_GENXML_ADDRESS): dw is in b's current
 * block and holds addr.  Returns the value to write. */
uint64_t gvk_batch_reloc(struct gvk_batch *b, const void *dw, uint64_t addr);

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
   /* vkCmdPushDescriptorSetKHR's set */
   uint32_t push_set;                       /* GVK_MAX_SETS: none */
   struct gvk_descriptor_set_layout *push_layout;
   struct gvk_descriptor push_descriptors[GVK_MAX_PUSH_DESCRIPTORS];
   bool dirty;
};

struct gvk_cmd_buffer {
   struct gvk_object base;                 /* dispatchable */
   struct gvk_device *device;
   struct gvk_cmd_pool *pool;
   struct gvk_cmd_buffer *pool_next;
   VkCommandBufferLevel level;
   VkCommandBufferUsageFlags usage;
   enum gvk_cmd_state record_state;
   VkResult status;                        /* first recording error */

   struct gvk_cmd_block *blocks;           /* every block owned, batches
                                            * and states */
   uint32_t block_count, block_capacity;
   struct gvk_batch batch, state;
   struct gvk_cmd_block *first_batch;      /* where execution starts */

   struct {
      struct gvk_pipeline *pipeline;
      struct gvk_descriptor_state descriptors;
      uint8_t push_constants[GVK_MAX_PUSH_CONSTANTS];
      bool pipeline_dirty, push_dirty, base_address_dirty;
   } compute;
   /* Flushes and invalidations owed before the next command that needs
    * them (PIPE_CONTROL bits, per generation). */
   uint32_t pending_pipe_bits;
};

static inline struct gvk_cmd_buffer *
gvk_cmd_buffer_from_handle(VkCommandBuffer h)
{
   return (struct gvk_cmd_buffer *)h;
}

GVK_DEFINE_HANDLE_CASTS(gvk_cmd_pool, VkCommandPool)

/* Per-generation command emission, one table per generation
 * (genX_cmd_*.c), picked at device creation: device->genx. */
struct gvk_genx_cmd {
   void (*begin)(struct gvk_cmd_buffer *cmd);
   void (*end)(struct gvk_cmd_buffer *cmd);
   void (*dispatch)(struct gvk_cmd_buffer *cmd, uint32_t base[3],
                    uint32_t groups[3]);
   void (*dispatch_indirect)(struct gvk_cmd_buffer *cmd, uint64_t addr);
   void (*barrier)(struct gvk_cmd_buffer *cmd, const VkDependencyInfo *dep);
};

#endif

/* The EU interpreter: runs one hardware thread of a kernel on its own
 * register file, with the shared functions (data port, gateway, thread
 * spawner) reached through send.  It knows nothing of batches: the GPGPU
 * pipeline (vgpu_gpgpu.c) builds the thread payload and a memory model, and
 * so can a unit test (tests/vgpu/test_eu_*.c).
 *
 * Facts: PRM Vol 7 "3D-Media-GPGPU Engine" (EU ISA: regions, execution
 * masks, predication, conditional modifiers, structured control flow) and
 * Vol 2d "Shared Functions" (data port message descriptors and payloads).
 * Deviations from the hardware are listed in src/vgpu/README.md. */
#ifndef VGPU_EU_H
#define VGPU_EU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isa.h"

#define VGPU_EU_GRFS 128
#define VGPU_EU_GRF_BYTES (VGPU_EU_GRFS * 32)
/* Architecture registers live after the GRFs in one byte array so every
 * operand is an offset into it (vgpu_eu.c arf_offset). */
#define VGPU_EU_ARF_NULL   (VGPU_EU_GRF_BYTES)          /* 256: writes land, reads 0 */
#define VGPU_EU_ARF_A0     (VGPU_EU_ARF_NULL + 256)     /* 32 */
#define VGPU_EU_ARF_ACC    (VGPU_EU_ARF_A0 + 32)        /* 4 x 64 */
#define VGPU_EU_ARF_FLAG   (VGPU_EU_ARF_ACC + 256)      /* f0, f1: 4 bytes each */
#define VGPU_EU_ARF_MISC   (VGPU_EU_ARF_FLAG + 32)      /* sr0, cr0, n0, ip, tdr, tm0, ce, mask: 32 each */
#define VGPU_EU_REGFILE    (VGPU_EU_ARF_MISC + 16 * 32)
/* sr0: DWord 2 the Dispatch Mask, DWord 3 the Vector Mask. */
#define VGPU_EU_ARF_SR0    (VGPU_EU_ARF_MISC + 0 * 32)
/* cr0.0: floating-point rounding and denormal modes (vgpu_eu_alu.c). */
#define VGPU_EU_ARF_CR0    (VGPU_EU_ARF_MISC + 1 * 32)

/* RENDER_SURFACE_STATE "Surface Type" and the tilings vgpu lays out. */
enum vgpu_eu_surftype {
   VGPU_EU_SURF_1D, VGPU_EU_SURF_2D, VGPU_EU_SURF_3D, VGPU_EU_SURF_CUBE,
   VGPU_EU_SURF_BUFFER, VGPU_EU_SURF_NULL = 7,
};
enum vgpu_eu_tiling { VGPU_EU_LINEAR, VGPU_EU_TILE_X, VGPU_EU_TILE_Y };

/* A surface as the data port sees it (from RENDER_SURFACE_STATE). */
struct vgpu_eu_surface {
   uint64_t base;
   uint64_t size;        /* bytes addressable; accesses beyond read 0 */
   bool buffer;          /* SURFTYPE_BUFFER */
   uint32_t format;
   uint32_t pitch;       /* bytes: a buffer's entry, an image's row */
   uint32_t width, height, depth;   /* texels; depth: array layers or, for 3D,
                                     * the depth slices typed messages reach */
   uint64_t entries;     /* buffers: elements, pitch bytes apart */
   /* images */
   uint8_t type;         /* enum vgpu_eu_surftype */
   uint8_t tiling;       /* enum vgpu_eu_tiling */
   bool slices_in_x;     /* Gen9+ linear 1D: slices qpitch texels apart in one row */
   uint32_t qpitch;      /* rows from one array slice (or 3D depth slice) to the next */
   uint32_t min_array_element, min_lod, mip_count;
   const char *not_modelled;   /* a state vgpu cannot lay out, or NULL */
};

/* Checks that make a wrong kernel fail loudly instead of passing by luck
 * (vgpu_eu_check.c); each is off unless env->checks has its bit.
 *   UNDEF    a source reads a GRF byte that neither the thread payload
 *            (vgpu_eu_thread_define) nor an earlier write defined
 *   SWSB     Gen12: an instruction uses a register before the software
 *            scoreboard (SBID tokens, RegDist) guarantees its producer is done
 *   REGIONS  an operand breaks a PRM Vol 7 "Register Region Restrictions" rule
 * With all bits clear the interpreter runs its unchecked loop: no cost. */
#define VGPU_EU_CHECK_UNDEF   (1u << 0)
#define VGPU_EU_CHECK_SWSB    (1u << 1)
#define VGPU_EU_CHECK_REGIONS (1u << 2)
#define VGPU_EU_CHECK_ALL     (VGPU_EU_CHECK_UNDEF | VGPU_EU_CHECK_SWSB | \
                               VGPU_EU_CHECK_REGIONS)

struct vgpu_eu_thread;
struct isa_send_msg;
struct vgpu_tex_surface;

/* Everything outside the thread.  map returns a host pointer for
 * [addr, addr + len) of the GPU address space or NULL (a page fault). */
struct vgpu_eu_env {
   enum isa_gen gen;
   void *user;
   void *(*map)(void *user, uint64_t addr, uint64_t len);
   /* Binding table entry bti of the current dispatch; false when absent. */
   bool (*surface)(void *user, unsigned bti, struct vgpu_eu_surface *out);
   /* The sampler's view of the same entry: its RENDER_SURFACE_STATE as
    * the generation lays it out (the sampler decodes it itself,
    * src/vgpu/sampler), or NULL when absent. */
   const uint32_t *(*surface_state)(void *user, unsigned bti);
   /* SAMPLER_STATE of the dispatch: Dynamic State Base Address and the
    * table's offset from it (the interface descriptor's or the stage's
    * 3DSTATE_SAMPLER_STATE_POINTERS_xS). */
   uint64_t dynamic_state_base;
   uint32_t sampler_state;
   uint8_t *slm;                 /* the thread group's shared local memory */
   uint32_t slm_size;
   uint64_t general_state_base;  /* A32 stateless (BTI 255/253) is relative to it */
   uint32_t scratch_per_thread;  /* bytes of scratch each thread may address
                                  * with scratch block messages */
   uint64_t max_instructions;    /* per thread before it counts as hung; 0: 2^28 */
   unsigned checks;              /* VGPU_EU_CHECK_* bits */
   bool general_path;            /* every instruction through the general
                                  * per-channel path, not the specialised
                                  * handlers (tests compare the two) */
   bool lp_64bit_rules;          /* Cherryview/Broxton/Gemini Lake: their extra
                                  * 64-bit regioning rules (REGIONS) */
   /* The 3D stages' shared functions, NULL outside them (a message to
    * one is then unsupported): the URB's messages for the geometry stages
    * and render-target writes and reads for the pixel stage, executed by
    * the 3D pipeline (src/vgpu/3d).  payload holds the message's mlen +
    * ex_mlen GRFs, reply its rlen GRFs, zeroed. */
   enum vgpu_eu_status (*urb)(void *user, struct vgpu_eu_thread *t,
                              const struct isa_send_msg *msg, const uint8_t *payload,
                              uint8_t *reply, uint32_t exec_mask);
   enum vgpu_eu_status (*render_target)(void *user, struct vgpu_eu_thread *t,
                                        const struct isa_send_msg *msg,
                                        const uint8_t *payload, uint8_t *reply,
                                        uint32_t exec_mask);
   /* The pixel interpolator's messages (src/vgpu/3d/vgpu_pi.c), for the
    * pixel stage. */
   enum vgpu_eu_status (*pixel_interp)(void *user, struct vgpu_eu_thread *t,
                                       const struct isa_send_msg *msg,
                                       const uint8_t *payload, uint8_t *reply,
                                       uint32_t exec_mask);
   /* Called once per sampler message that reads texels of surface s
    * (struct vgpu_tex_surface, src/vgpu/sampler): the hardware-rule
    * checker's texture-cache rule (cs/vgpu_cache_rules.c).  NULL: none. */
   void (*texture_read)(void *user, const struct vgpu_tex_surface *s);
   /* Called once per data-port message (typed or untyped write or
    * atomic, any addressing but SLM and scratch) that wrote memory, with
    * the hull [start, end) of the GPU addresses it wrote: the same rule's
    * data-cache writes.  NULL: none. */
   void (*data_write)(void *user, uint64_t start, uint64_t end);
   /* NULL: a failed check stops the thread with VGPU_EU_FAULT and why.
    * Otherwise each violation is passed here and the thread goes on. */
   void (*check_report)(void *user, const char *what);
};

enum vgpu_eu_status {
   VGPU_EU_DONE,          /* EOT */
   VGPU_EU_BLOCKED,       /* waiting at a barrier */
   VGPU_EU_FAULT,         /* page fault or undecodable instruction: why */
   VGPU_EU_UNSUPPORTED,   /* an instruction or message vgpu cannot run: why */
};

/* What the checks remember about one register (the GRFs, then a0, then
 * acc0) for the Gen12 software scoreboard: its last writer and its readers
 * since, as in-order positions (in-order instructions executed before
 * them) or out-of-order SBID tokens. */
#define VGPU_EU_SB_REGS (VGPU_EU_GRFS + 2)
struct vgpu_eu_sb_reg {
   int32_t w_pos;        /* in-order writer, -1: none */
   int32_t r_pos;        /* latest in-order reader, -1: none */
   uint32_t w_ip, r_ip;  /* the writer's and the reader's IP, for messages */
   uint16_t r_toks;      /* tokens of out-of-order readers */
   int8_t w_tok;         /* out-of-order writer's token, -1: none */
   uint8_t w_op;         /* the writer's enum isa_op, for messages */
};

/* The checks' per-thread state (vgpu_eu_check.c).  vgpu_eu_thread_init
 * leaves it alone (it is large); the first checked run or
 * vgpu_eu_thread_define sets it up. */
struct vgpu_eu_check_state {
   uint8_t defined[VGPU_EU_GRF_BYTES / 8]; /* bit per GRF byte: payload or an
                                            * enabled channel wrote it */
   uint8_t touched[VGPU_EU_GRF_BYTES / 8]; /* ... or a disabled channel's lane
                                            * of a written region */
   uint32_t pos;                 /* in-order instructions executed */
   uint32_t done_below;          /* in-order positions below it are done */
   uint16_t src_pending, dst_pending;   /* per token: sources not yet read,
                                         * destination not yet written */
   uint32_t tok_ip[16];
   uint8_t tok_op[16];
   struct vgpu_eu_sb_reg reg[VGPU_EU_SB_REGS];
   char why[320];
};

struct vgpu_eu_thread {
   _Alignas(64) uint8_t regs[VGPU_EU_REGFILE];
   uint32_t ip;            /* byte offset from the kernel start */
   uint32_t at_ip;         /* live channels whose own IP is ip */
   uint32_t live;          /* dispatched channels */
   uint32_t next_wait;     /* lowest IP of a live channel not at ip */
   uint32_t pc[32];        /* per-channel IP, meaningful outside at_ip */
   uint32_t brk;           /* channels that broke out, waiting at their WHILE */
   uint32_t call_mask;     /* channels inside the innermost CALL (all outside one) */
   bool barrier_arrived;   /* sent a barrier message, not yet released */
   /* The thread's scratch slot as its dispatcher gave it (R0.5 bits
    * 31:10, relative to General State Base Address): scratch block
    * messages must stay inside it. */
   bool scratch_slot_known;
   uint32_t scratch_slot;
   bool notified;          /* the gateway released the barrier */
   enum isa_gen gen;
   const char *why;
   uint64_t fault_addr;
   /* statistics */
   uint64_t instructions, channel_instructions;
   bool check_ready;       /* chk is set up */
   /* Last: vgpu_eu_thread_init clears everything before it only. */
   struct vgpu_eu_check_state chk;
};

struct vgpu_eu_kernel;

/* A cache of decoded kernels keyed by GPU address (the same address can
 * hold other code later: each lookup checks the bytes still match). */
struct vgpu_eu_cache;
struct vgpu_eu_cache *vgpu_eu_cache_create(void);
void vgpu_eu_cache_destroy(struct vgpu_eu_cache *cache);
/* code: host view of the kernel's first byte, avail bytes readable. */
struct vgpu_eu_kernel *vgpu_eu_kernel_get(struct vgpu_eu_cache *cache,
                                          enum isa_gen gen, uint64_t addr,
                                          const uint8_t *code, size_t avail);

/* Decodes every instruction the kernel's control flow reaches from its
 * start, so that the threads of a dispatch, on several host threads, only
 * read the decoded kernel.  Optional: an instruction it missed (a jump
 * through a register) is decoded when a thread gets there; bytes that do
 * not decode are left for a thread that really runs them to fault on. */
void vgpu_eu_kernel_predecode(const struct vgpu_eu_env *env,
                              struct vgpu_eu_kernel *k);

/* Starts a thread: every register zero but sr0's masks, channels of
 * dispatch_mask live; sr0.2 (Dispatch Mask) is dispatch_mask, sr0.3
 * (Vector Mask) its groups of four channels. */
void vgpu_eu_thread_init(struct vgpu_eu_thread *t, uint32_t dispatch_mask);
/* A pixel shader thread runs every pixel of its subspans (the Vector
 * Mask) but its Dispatch Mask holds the lit ones only: call after
 * vgpu_eu_thread_init. */
void vgpu_eu_thread_set_dmask(struct vgpu_eu_thread *t, uint32_t dmask);
/* For VGPU_EU_CHECK_UNDEF: GRF bytes [first_byte, first_byte + len) hold
 * the thread's payload (what the dispatcher wrote before it starts); every
 * other GRF byte starts undefined.  Call after vgpu_eu_thread_init. */
void vgpu_eu_thread_define(struct vgpu_eu_thread *t, unsigned first_byte,
                           unsigned len);
/* True when the thread stopped because a check failed; t->why names the
 * rule, the registers and the instruction. */
bool vgpu_eu_check_failed(const struct vgpu_eu_thread *t);
/* Runs until EOT, a barrier wait, a fault or an unsupported instruction.
 * A blocked thread resumes where it stopped once t->notified is set. */
enum vgpu_eu_status vgpu_eu_run(const struct vgpu_eu_env *env,
                                struct vgpu_eu_kernel *k,
                                struct vgpu_eu_thread *t);

/* Internal to the interpreter (vgpu_eu.c, vgpu_eu_send.c).  decoded: the
 * message of an immediate descriptor, decoded once with the kernel, or
 * NULL to decode the descriptors in force. */
enum vgpu_eu_status vgpu_eu_send(const struct vgpu_eu_env *env,
                                 struct vgpu_eu_thread *t,
                                 const struct isa_inst *in,
                                 const struct isa_send_msg *decoded,
                                 uint32_t exec_mask);

#endif

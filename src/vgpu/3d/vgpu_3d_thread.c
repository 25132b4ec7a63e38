/* Threads of the 3D stages: their EU environment (memory, the stage's
 * binding table, scratch, the URB and render-target messages, the EU
 * checks), push constants and the batch's instruction budget.  Threads
 * run one after another on the calling thread, in the order the stages
 * dispatch them, so that memory writes land in API order. */
#include <string.h>

#include "vgpu_cache_rules.h"
#include "vgpu_gpgpu.h"
#include "vgpu_om.h"
#include "vgpu_pipe.h"
#include "vgpu_priv.h"
#include "vgpu_urb.h"

/* INSTPM (PRM Vol 2c): bit 6 "CONSTANT_BUFFER Address Offset Disable"
 * makes 3DSTATE_CONSTANT_xS Buffer 0 a graphics address; clear, it is an
 * offset from Dynamic State Base Address (Gen7-9; Gen11+ have no such
 * offset). */
#define REG_INSTPM 0x20c0
#define INSTPM_CONSTANT_BUFFER_OFFSET_DISABLE (1u << 6)

static const char *const constant_packets[VGPU_3D_STAGES] = {
   "3DSTATE_CONSTANT_VS buffer", "3DSTATE_CONSTANT_HS buffer",
   "3DSTATE_CONSTANT_DS buffer", "3DSTATE_CONSTANT_GS buffer",
   "3DSTATE_CONSTANT_PS buffer",
};

static uint64_t
constant_address(const struct vgpu_draw_run *r, enum vgpu_3d_stage stage, unsigned b)
{
   uint64_t addr = r->st->constants[stage].buffer[b];
   const uint32_t *regs = r->exec->ctx->regs;
   bool offset_disabled = regs && (regs[REG_INSTPM / 4] & INSTPM_CONSTANT_BUFFER_OFFSET_DISABLE);
   if (b == 0 && vgpu.info->ver <= 9 && !offset_disabled)
      return r->g->dynamic_base + addr;
   return addr;
}

int
vgpu_3d_push_constants(struct vgpu_draw_run *r, enum vgpu_3d_stage stage,
                       struct vgpu_eu_thread *t, unsigned first_grf)
{
   const struct vgpu_3d_constants *c = &r->st->constants[stage];
   unsigned grf = first_grf;
   /* The buffers' rows follow each other in the GRFs, buffer 0 first
    * (PRM Vol 2a 3DSTATE_CONSTANT_BODY). */
   for (unsigned b = 0; b < 4; b++) {
      uint32_t rows = c->read_length[b];
      if (!rows)
         continue;
      if (grf + rows > VGPU_EU_GRFS) {
         vgpu_exec_fault(r->exec, 0, "push constants beyond the register file");
         r->stop = true;
         return -1;
      }
      if (!vgpu_gpgpu_read(r->exec, constant_address(r, stage, b), &t->regs[grf * 32],
                           (uint64_t)rows * 32, constant_packets[stage])) {
         r->stop = true;
         return -1;
      }
      grf += rows;
   }
   return (int)(grf - first_grf);
}

/* Per-Thread Scratch Space of the 3D stages' packets: 1 KB << n, n up to
 * 11 (2 MB); 0 when the stage has no scratch (a zero base pointer). */
static uint32_t
scratch_bytes(const struct vgpu_3d_shader *s)
{
   if (!s->scratch_base || s->scratch_space > 11)
      return 0;
   return 1024u << s->scratch_space;
}

void
vgpu_3d_thread_r0(struct vgpu_draw_run *r, enum vgpu_3d_stage stage,
                  struct vgpu_eu_thread *t)
{
   const struct vgpu_3d_shader *s = &r->st->shader[stage];
   uint32_t dw[3] = {
      (r->st->sampler_state[stage] & ~0x1fu) | (s->scratch_space & 0xf),
      r->st->binding_table[stage],
      /* Threads run one at a time: every one takes FFTID 0 and the
       * first scratch slot. */
      (uint32_t)s->scratch_base & ~0x3ffu,
   };
   memcpy(&t->regs[3 * 4], dw, sizeof(dw));
   t->scratch_slot = dw[2];
   t->scratch_slot_known = true;
}

void
vgpu_3d_thread_payload(struct vgpu_eu_thread *t, unsigned grfs)
{
   bool warn;
   if (vgpu_gpgpu_eu_checks(&warn))
      vgpu_eu_thread_define(t, 0, grfs * 32);
}

/* ---- the environment ---- */

struct stage_env {
   struct vgpu_draw_run *r;
   enum vgpu_3d_stage stage;
   enum isa_gen gen;
   uint64_t kernel;              /* GPU address, for check reports */
   bool (*surface_state)(const uint32_t *dw, struct vgpu_eu_surface *out);
   unsigned surface_state_dwords;
};

static void *
env_map(void *user, uint64_t addr, uint64_t len)
{
   struct stage_env *se = user;
   return vgpu_exec_map(se->r->exec, addr & ((1ull << 48) - 1), len);
}

/* Binding table entry bti of the stage: the table is at its
 * 3DSTATE_BINDING_TABLE_POINTERS_xS offset from Surface State Base
 * Address, its entries offsets from that base too (32-byte aligned). */
static const uint32_t *
env_surface_state(void *user, unsigned bti)
{
   struct stage_env *se = user;
   struct vgpu_draw_run *r = se->r;
   uint64_t table = r->g->surface_base + r->st->binding_table[se->stage];
   const uint32_t *entry = vgpu_exec_map(r->exec, table + bti * 4ull, 4);
   if (!entry)
      return NULL;
   uint64_t ss = r->g->surface_base + (*entry & ~0x1fu);
   return vgpu_exec_map(r->exec, ss, se->surface_state_dwords * 4);
}

/* The texture-cache rule sees every surface a sampler message reads. */
static void
env_texture_read(void *user, const struct vgpu_tex_surface *s)
{
   struct stage_env *se = user;
   vgpu_cache_rules_texture_read(se->r->exec, s);
}

/* ...and every range a data-port write or atomic message wrote. */
static void
env_data_write(void *user, uint64_t start, uint64_t end)
{
   struct stage_env *se = user;
   vgpu_cache_rules_data_write(se->r->exec, start, end);
}

static bool
env_surface(void *user, unsigned bti, struct vgpu_eu_surface *out)
{
   struct stage_env *se = user;
   const uint32_t *dw = env_surface_state(user, bti);
   return dw && se->surface_state(dw, out);
}

static void
env_check_report(void *user, const char *what)
{
   struct stage_env *se = user;
   vgpu_gpgpu_check_report(se->kernel, what);
}

static enum vgpu_eu_status
env_urb(void *user, struct vgpu_eu_thread *t, const struct isa_send_msg *msg,
        const uint8_t *payload, uint8_t *reply, uint32_t exec_mask)
{
   struct stage_env *se = user;
   return vgpu_urb_message(se->r->urb, se->gen, t, msg, payload, reply, exec_mask);
}

/* A pixel shader thread's render-target messages go to the output
 * merger of its draw. */
static enum vgpu_eu_status
env_render_target(void *user, struct vgpu_eu_thread *t, const struct isa_send_msg *msg,
                  const uint8_t *payload, uint8_t *reply, uint32_t exec_mask)
{
   struct stage_env *se = user;
   return vgpu_om_render_target(se->r, t, msg, payload, reply, exec_mask);
}

static enum vgpu_eu_status
env_pixel_interp(void *user, struct vgpu_eu_thread *t, const struct isa_send_msg *msg,
                 const uint8_t *payload, uint8_t *reply, uint32_t exec_mask)
{
   struct stage_env *se = user;
   return vgpu_pi_message(se->r, t, msg, payload, reply, exec_mask);
}

static bool
surface_decoder(struct stage_env *se)
{
   switch (vgpu.info->verx10) {
#define SURFACE_DECODER(v) \
   case v: \
      se->surface_state = gfx##v##_vgpu_surface_state; \
      se->surface_state_dwords = gfx##v##_vgpu_surface_state_dwords; \
      return true;
   SURFACE_DECODER(70)
   SURFACE_DECODER(75)
   SURFACE_DECODER(80)
   SURFACE_DECODER(90)
   SURFACE_DECODER(110)
   SURFACE_DECODER(120)
#undef SURFACE_DECODER
   default:
      return false;
   }
}

static void
stop_fault(struct vgpu_draw_run *r, uint64_t addr, const char *why)
{
   r->stop = true;
   vgpu_exec_fault(r->exec, addr, why);
}

static void
budget_exceeded(struct vgpu_draw_run *r, uint64_t kernel)
{
   r->stop = true;
   vgpu_budget_hang(r->exec, kernel);
}

/* A thread that ended otherwise than by EOT stops the draw with why. */
static void
thread_stopped(struct vgpu_draw_run *r, uint64_t kernel, struct vgpu_eu_thread *t,
               enum vgpu_eu_status st)
{
   if (st == VGPU_EU_UNSUPPORTED) {
      vgpu_not_modelled(t->why ? t->why : "an instruction or message of a 3D stage's kernel");
      r->stop = true;
      return;
   }
   if (st == VGPU_EU_BLOCKED) {
      stop_fault(r, kernel, "barrier message in a 3D stage's thread");
      return;
   }
   if (vgpu_eu_check_failed(t)) {
      vgpu_check_failure(kernel, t);
      stop_fault(r, t->fault_addr, VGPU_CHECK_FAULT);
      return;
   }
   stop_fault(r, t->fault_addr, t->why ? t->why : "EU thread fault");
}

static struct vgpu_eu_kernel *
stage_kernel(struct vgpu_draw_run *r, enum isa_gen gen, uint64_t addr)
{
   if (!r->g->kernels && !(r->g->kernels = vgpu_eu_cache_create())) {
      stop_fault(r, 0, "out of memory for the kernel cache");
      return NULL;
   }
   uint64_t avail;
   const uint8_t *code = vgpu_exec_map_rest(r->exec, addr, &avail);
   if (!code) {
      stop_fault(r, addr, "3D stage kernel start outside every object");
      return NULL;
   }
   struct vgpu_eu_kernel *k = vgpu_eu_kernel_get(r->g->kernels, gen, addr, code, avail);
   if (!k)
      stop_fault(r, addr, "out of memory decoding a kernel");
   return k;
}

bool
vgpu_3d_thread_run(struct vgpu_draw_run *r, enum vgpu_3d_stage stage,
                   uint64_t kernel_offset, struct vgpu_eu_thread *t)
{
   enum isa_gen gen = isa_gen_from_verx10(vgpu.info->verx10);
   struct stage_env se = {
      .r = r, .stage = stage, .gen = gen,
      .kernel = r->g->instruction_base + kernel_offset,
   };
   if (gen == ISA_GEN_COUNT || !surface_decoder(&se)) {
      vgpu_not_modelled("EU instruction set of this generation");
      r->stop = true;
      return false;
   }
   struct vgpu_eu_kernel *k = stage_kernel(r, gen, se.kernel);
   if (!k)
      return false;
   uint64_t left = r->exec->eu_budget_left;
   if (!left) {
      budget_exceeded(r, se.kernel);
      return false;
   }
   bool warn;
   const struct vgpu_3d_shader *s = &r->st->shader[stage];
   struct vgpu_eu_env env = {
      .gen = gen, .user = &se, .map = env_map, .surface = env_surface,
      .surface_state = env_surface_state, .texture_read = env_texture_read,
      .data_write = env_data_write,
      .dynamic_state_base = r->g->dynamic_base,
      .sampler_state = r->st->sampler_state[stage],
      .general_state_base = r->g->general_base,
      .scratch_per_thread = scratch_bytes(s),
      .max_instructions = left,
      .checks = vgpu_gpgpu_eu_checks(&warn),
      .lp_64bit_rules = vgpu.info->is_lp && (vgpu.info->ver == 8 || vgpu.info->ver == 9),
      .urb = stage == VGPU_3D_PS ? NULL : env_urb,
      .render_target = stage == VGPU_3D_PS ? env_render_target : NULL,
      .pixel_interp = stage == VGPU_3D_PS ? env_pixel_interp : NULL,
   };
   if (warn)
      env.check_report = env_check_report;
   enum vgpu_eu_status st = vgpu_eu_run(&env, k, t);
   uint64_t ran = t->instructions;
   t->instructions = t->channel_instructions = 0;
   if (ran > left) {
      r->exec->eu_budget_left = 0;
      budget_exceeded(r, se.kernel);
      return false;
   }
   r->exec->eu_budget_left = left - ran;
   if (st == VGPU_EU_BLOCKED && r->barrier_yields)
      return true;
   if (st != VGPU_EU_DONE) {
      thread_stopped(r, se.kernel, t, st);
      return false;
   }
   return true;
}

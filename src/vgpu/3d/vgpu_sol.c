/* The Stream Output Logic (SOL) stage (PRM Vol 7 "Stream Output Logic
 * (SOL) Stage"; Vol 2 3DSTATE_STREAMOUT, 3DSTATE_SO_DECL_LIST,
 * 3DSTATE_SO_BUFFER, SO_DECL and the SO_* registers).
 *
 * Each primitive of a stream reaches the SOL before the clipper.  The
 * stream's declarations say, vertex by vertex, which VUE components go
 * to which of the stream's buffers: a declaration writes the components
 * of its Component Mask from one VUE row, packed, at the buffer's cursor;
 * a hole only moves the cursor.  Each vertex then moves every buffer of
 * the stream on by that buffer's pitch.  Where a buffer's next vertex
 * goes is its SO_WRITE_OFFSETn register, which the drivers load (with
 * MI_LOAD_REGISTER_IMM/MEM, or Gen8+ 3DSTATE_SO_BUFFER's Stream Offset:
 * vgpu_sol_buffer_offset_write) and read back (MI_STORE_REGISTER_MEM) to
 * pause and resume a capture.
 *
 * A primitive is written whole or not at all: when one buffer of its
 * stream lacks the room for all its vertices, nothing of it is written
 * anywhere, SO_PRIM_STORAGE_NEEDEDn counts it and SO_NUM_PRIMS_WRITTENn
 * does not (the transform feedback query's "primitives needed" and
 * "primitives written"). */
#include <string.h>

#include "vgpu_gpgpu.h"
#include "vgpu_pipe.h"
#include "vgpu_priv.h"

/* The SOL's registers (PRM Vol 2c): per buffer the write offset, per
 * stream two 64-bit counters. */
#define REG_SO_NUM_PRIMS_WRITTEN(s) (0x5200u + 8u * (s))
#define REG_SO_PRIM_STORAGE_NEEDED(s) (0x5240u + 8u * (s))
#define REG_SO_WRITE_OFFSET(b) (0x5280u + 4u * (b))

#define SO_BUFFERS 4

/* 3D_Prim_Topo_Type values whose odd triangles the Reorder Mode affects. */
#define TOPO_TRISTRIP 5
#define TOPO_TRISTRIP_ADJ 12
#define TOPO_TRISTRIP_REVERSE 13
/* 3DSTATE_STREAMOUT Reorder Mode. */
#define REORDER_TRAILING 1

static uint64_t
reg64(const uint32_t *regs, uint32_t offset)
{
   return regs[offset / 4] | (uint64_t)regs[offset / 4 + 1] << 32;
}

static void
reg64_increment(uint32_t *regs, uint32_t offset)
{
   const uint64_t v = reg64(regs, offset) + 1;
   regs[offset / 4] = (uint32_t)v;
   regs[offset / 4 + 1] = (uint32_t)(v >> 32);
}

/* The write offset's bits 1:0 do not exist (SO_WRITE_OFFSET: a DWord
 * offset in bits 31:2). */
static uint32_t
write_offset(const uint32_t *regs, unsigned buffer)
{
   return regs[REG_SO_WRITE_OFFSET(buffer) / 4] & ~3u;
}

/* The buffers a primitive of `stream` writes: those the stream selects
 * (3DSTATE_SO_DECL_LIST Stream to Buffer Selects) that are enabled
 * (Gen7: 3DSTATE_STREAMOUT SO Buffer Enable; Gen8+: SO_BUFFER's own). */
static unsigned
stream_buffers(const struct vgpu_3d_streamout *so, unsigned stream)
{
   unsigned mask = 0;
   for (unsigned b = 0; b < SO_BUFFERS; b++) {
      if ((so->buffer_selects[stream] >> b & 1) && so->buffer[b].enable)
         mask |= 1u << b;
   }
   return mask;
}

/* Whether every buffer of the stream holds nverts more vertices at its
 * current write offset: the buffer's size bounds the last vertex's
 * pitch, not only the components written. */
static bool
primitive_fits(const struct vgpu_3d_streamout *so, const uint32_t *regs,
               unsigned buffers, unsigned nverts)
{
   for (unsigned b = 0; b < SO_BUFFERS; b++) {
      if (!(buffers >> b & 1))
         continue;
      const uint64_t end = (uint64_t)write_offset(regs, b) +
                           (uint64_t)so->buffer[b].pitch * nverts;
      if (end > so->buffer[b].size)
         return false;
   }
   return true;
}

/* The vertex's order in the buffers.  The primitive comes as the topology
 * lists it, a strip's odd triangle as (i, i+2, i+1), the order Reorder
 * Mode LEADING keeps (Vulkan's first-vertex order).  TRAILING writes it
 * as (i+1, i, i+2) instead, so that the last vertex stays last (Vulkan's
 * order for VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT);
 * HARDWARE-NOTES.md section 4.  A TRISTRIP_REVERSE strip starts odd. */
static void
vertex_order(const struct vgpu_3d_streamout *so, const struct vgpu_prim *p,
             unsigned order[3])
{
   order[0] = 0, order[1] = 1, order[2] = 2;
   if (p->nverts != 3 || so->reorder_mode != REORDER_TRAILING)
      return;
   bool odd;
   switch (p->topology) {
   case TOPO_TRISTRIP:
   case TOPO_TRISTRIP_ADJ:
      odd = p->index_in_strip & 1;
      break;
   case TOPO_TRISTRIP_REVERSE:
      odd = !(p->index_in_strip & 1);
      break;
   default:
      return;
   }
   if (odd)
      order[0] = 2, order[1] = 0, order[2] = 1;
}

/* Writes one vertex's declarations at the buffers' write offsets. */
static bool
write_vertex(struct vgpu_draw_run *r, const struct vgpu_vue *vue, unsigned stream,
             const uint32_t *regs)
{
   const struct vgpu_3d_streamout *so = &r->st->so;
   uint32_t cursor[SO_BUFFERS];
   for (unsigned b = 0; b < SO_BUFFERS; b++)
      cursor[b] = write_offset(regs, b);
   /* Vertex Read Offset counts 256-bit units; Register Index counts the
    * 128-bit rows from there. */
   const unsigned first_row = so->read_offset[stream] * 2;
   const unsigned rows_read = (so->read_length[stream] + 1) * 2;
   for (unsigned i = 0; i < so->decl_count[stream]; i++) {
      const struct vgpu_3d_so_decl *d = &so->decl[stream][i];
      const unsigned b = d->buffer & 3;
      const unsigned bytes = (unsigned)__builtin_popcount(d->component_mask & 0xf) * 4;
      if (d->hole || !so->buffer[b].enable || !(so->buffer_selects[stream] >> b & 1)) {
         cursor[b] += bytes;
         continue;
      }
      const unsigned row = first_row + d->register_index;
      if (d->register_index >= rows_read || row >= vue->rows) {
         vgpu_exec_fault(r->exec, so->buffer[b].address,
                         "SO_DECL register index beyond the stream's vertex read length");
         return false;
      }
      const uint64_t addr = so->buffer[b].address + cursor[b];
      uint8_t *dst = bytes ? vgpu_exec_map(r->exec, addr, bytes) : NULL;
      if (bytes && !dst) {
         vgpu_exec_fault(r->exec, addr, "stream output write");
         return false;
      }
      for (unsigned c = 0; c < 4; c++) {
         if (!(d->component_mask >> c & 1))
            continue;
         memcpy(dst, &vue->dw[row * 4 + c], 4);
         dst += 4;
      }
      cursor[b] += bytes;
   }
   return true;
}

/* Gen8+ SO_BUFFER Stream Output Buffer Offset Address Enable: the write
 * offset is kept in memory as well, where a later SO_BUFFER with Stream
 * Offset 0xFFFFFFFF (or the driver) reads it back. */
static bool
store_offset(struct vgpu_exec *exec, const struct vgpu_3d_so_buffer *b, uint32_t offset)
{
   if (!b->offset_address_enable)
      return true;
   void *dst = vgpu_exec_map(exec, b->offset_address, 4);
   if (!dst) {
      vgpu_exec_fault(exec, b->offset_address, "stream output offset write");
      return false;
   }
   memcpy(dst, &offset, 4);
   return true;
}

/* Stream Offset 0xFFFFFFFF takes the offset from the Stream Output
 * Buffer Offset Address, where an earlier capture left it. */
void
vgpu_sol_buffer_offset_write(struct vgpu_exec *exec, const struct vgpu_3d_so_buffer *b,
                             unsigned index)
{
   uint32_t offset = b->offset;
   if (offset == 0xffffffffu) {
      const void *src = vgpu_exec_map(exec, b->offset_address, 4);
      if (!src) {
         vgpu_exec_fault(exec, b->offset_address, "SO_BUFFER stream offset read");
         return;
      }
      memcpy(&offset, src, 4);
   }
   exec->ctx->regs[REG_SO_WRITE_OFFSET(index & 3) / 4] = offset;
   store_offset(exec, b, offset & ~3u);
}

void
vgpu_sol_prim(struct vgpu_draw_run *r, const struct vgpu_prim *p)
{
   const struct vgpu_3d_streamout *so = &r->st->so;
   uint32_t *regs = r->exec->ctx->regs;
   const unsigned stream = p->stream & 3;
   if (p->nverts < 1 || p->nverts > 3) {
      vgpu_not_modelled("stream output of a primitive without one to three vertices");
      r->stop = true;
      return;
   }
   const unsigned buffers = stream_buffers(so, stream);
   if (so->statistics)
      reg64_increment(regs, REG_SO_PRIM_STORAGE_NEEDED(stream));
   if (!primitive_fits(so, regs, buffers, p->nverts))
      return;
   unsigned order[3];
   vertex_order(so, p, order);
   for (unsigned v = 0; v < p->nverts; v++) {
      if (!write_vertex(r, &p->v[order[v]], stream, regs)) {
         r->stop = true;
         return;
      }
      for (unsigned b = 0; b < SO_BUFFERS; b++) {
         if (buffers >> b & 1)
            regs[REG_SO_WRITE_OFFSET(b) / 4] = write_offset(regs, b) + so->buffer[b].pitch;
      }
   }
   for (unsigned b = 0; b < SO_BUFFERS; b++) {
      if ((buffers >> b & 1) &&
          !store_offset(r->exec, &so->buffer[b], write_offset(regs, b))) {
         r->stop = true;
         return;
      }
   }
   if (so->statistics)
      reg64_increment(regs, REG_SO_NUM_PRIMS_WRITTEN(stream));
}

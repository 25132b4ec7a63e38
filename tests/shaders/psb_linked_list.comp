#version 450
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
// Walking a linked list through buffer device addresses (physical storage
// buffer pointers stored in memory and in push constants).
layout(buffer_reference) buffer Node;
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Node {
   Node next;
   uint value;
   uint pad;
};
layout(push_constant) uniform Push { Node head; uint limit; } pc;
layout(local_size_x = 64) in;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
void main() {
   Node n = pc.head;
   uint sum = 0u, count = 0u;
   while (uint64_t(n) != 0ul && count < pc.limit) {
      sum += n.value * (gl_GlobalInvocationID.x + 1u);
      n = n.next;
      count++;
   }
   outp.data[gl_GlobalInvocationID.x] = sum ^ (count << 24);
}

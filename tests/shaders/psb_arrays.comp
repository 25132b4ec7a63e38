#version 450
#extension GL_EXT_buffer_reference2 : require
#extension GL_EXT_buffer_reference_uvec2 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
// Buffer references to arrays: pointer arithmetic (ptr[i] on a reference),
// addresses built from uvec2, and writes through a reference.
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Vec4s { vec4 v; };
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Floats { float f[]; };
layout(set = 0, binding = 0) uniform Addrs { uvec2 src; uint64_t dst; } addrs;
layout(local_size_x = 64) in;
void main() {
   uint i = gl_GlobalInvocationID.x;
   Vec4s base = Vec4s(addrs.src);
   vec4 a = base[i].v, b = base[i + 1u].v;
   Floats out_ = Floats(addrs.dst);
   out_.f[i] = dot(a, b);
}

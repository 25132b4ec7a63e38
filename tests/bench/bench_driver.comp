#version 450
// The kernel of bench_driver's dispatches: two storage buffers, a uniform
// buffer and push constants, as a typical compute pass binds.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint a[]; } src;
layout(set = 0, binding = 1) writeonly buffer Out { uint a[]; } dst;
layout(set = 0, binding = 2) uniform Params { uint scale; } params;
layout(push_constant) uniform Push { uint offset; } pc;

void main()
{
   uint i = gl_GlobalInvocationID.x;
   dst.a[i] = src.a[i] * params.scale + pc.offset;
}

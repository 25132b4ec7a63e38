#version 450
// The compute job of test_compute_sweep and test_compute_threads: each
// invocation reads a storage buffer, a uniform buffer and push constants,
// and sums through shared memory, so that every kind of binding, the
// payload and a barrier are exercised.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint a[]; } src;
layout(set = 0, binding = 1) buffer Out { uint a[]; } dst;
layout(set = 0, binding = 2) uniform Params { uint scale; } params;
layout(push_constant) uniform Push { uint offset; } pc;

shared uint partial[64];

void main()
{
   uint i = gl_GlobalInvocationID.x;
   uint l = gl_LocalInvocationID.x;
   partial[l] = src.a[i];
   barrier();
   dst.a[i] = src.a[i] * params.scale + pc.offset + partial[63 - l];
}

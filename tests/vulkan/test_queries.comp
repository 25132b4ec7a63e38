#version 450
// One dword per invocation; 24 is no multiple of any SIMD width, so the
// invocation count of a work group is not a whole number of threads.
layout(local_size_x = 24) in;
layout(std430, binding = 0) buffer Data { uint data[]; };

void main()
{
   data[gl_GlobalInvocationID.x] = gl_GlobalInvocationID.x;
}

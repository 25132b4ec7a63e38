#version 450
// A compute shader for VK_EXT_pipeline_creation_feedback: what it computes
// does not matter, only that a kernel is compiled or found in a cache.
layout(local_size_x = 8) in;
layout(std430, binding = 0) buffer Out { uint v[]; } o;
void main() { o.v[gl_GlobalInvocationID.x] = gl_GlobalInvocationID.x * 3u; }

#version 450
// The kernel tests/vulkan/test_pipeline_cache.c caches: a specialization
// constant makes a second, different kernel from the same module.
layout(local_size_x = 64) in;
layout(constant_id = 0) const uint ADD = 1;
layout(set = 0, binding = 0) buffer Data { uint v[]; };
void main()
{
   v[gl_GlobalInvocationID.x] += ADD;
}

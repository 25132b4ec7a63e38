#version 450
#extension GL_EXT_null_initializer : require
// VK_KHR_zero_initialize_workgroup_memory: s starts as zeros.  The even
// invocations store to the odd elements, mirrored so that each lands in
// what another SIMD thread reads: the stores must come after every
// invocation's initialisation, and the unstored elements must read 0.
layout(local_size_x = 64) in;
shared uint s[64] = {};
layout(std430, binding = 0) buffer Out { uint v[]; } o;
void main()
{
   uint i = gl_LocalInvocationIndex;
   if ((i & 1u) == 0u)
      s[63u - i] = i + 1u;
   barrier();
   o.v[gl_WorkGroupID.x * 64u + i] = s[i];
}

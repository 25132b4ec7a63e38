#version 450
// test_cmd_compute: each workgroup records the push constant and
// gl_NumWorkGroups at a slot named by its id; every invocation counts
// itself.  12 invocations: a partial last thread at SIMD8 and SIMD16.
layout(local_size_x = 12) in;
layout(set = 0, binding = 0) buffer Out { uint data[]; } o;
layout(set = 0, binding = 1) buffer Count { uint n; } c;
layout(push_constant) uniform Push { uint tag; } pc;

void main()
{
   uvec3 w = gl_WorkGroupID;
   uint slot = (w.z * 8u + w.y) * 8u + w.x;
   if (gl_LocalInvocationIndex == 0u) {
      o.data[slot * 2u] = pc.tag;
      o.data[slot * 2u + 1u] = gl_NumWorkGroups.x | gl_NumWorkGroups.y << 8 |
                               gl_NumWorkGroups.z << 16;
   }
   atomicAdd(c.n, 1u);
}

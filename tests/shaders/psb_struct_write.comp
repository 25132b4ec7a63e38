#version 450
#extension GL_EXT_buffer_reference : require
// A device-address scene table: structs of references to vertex and index
// buffers (VKD3D root descriptors / DXR-style), read and written.
layout(buffer_reference, std430) readonly buffer Indices { uint i[]; };
layout(buffer_reference, std430) buffer Positions { vec4 p[]; };
layout(buffer_reference, std430) buffer Mesh { Indices indices; Positions positions; uint count; };
layout(set = 0, binding = 0) readonly buffer Scene { Mesh meshes[]; } scene;
layout(local_size_x = 64) in;
void main() {
   Mesh m = scene.meshes[gl_WorkGroupID.x];
   uint t = gl_LocalInvocationID.x;
   if (t * 3u + 2u >= m.count)
      return;
   vec4 a = m.positions.p[m.indices.i[t * 3u]];
   vec4 b = m.positions.p[m.indices.i[t * 3u + 1u]];
   vec4 c = m.positions.p[m.indices.i[t * 3u + 2u]];
   m.positions.p[m.indices.i[t * 3u]].w = length(cross(b.xyz - a.xyz, c.xyz - a.xyz));
}

#version 450
#extension GL_EXT_nonuniform_qualifier : require
// Descriptor arrays of storage and uniform buffers: uniform (push
// constant) and non-uniform (per-invocation) indexing.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer Src { uint data[]; } srcs[8];
layout(set = 0, binding = 1) buffer Dst { uint data[]; } dsts[];
layout(set = 0, binding = 2) uniform Params { uvec4 p; } params[4];
layout(push_constant) uniform Push { uint dst; uint param; } pc;
void main() {
   uint g = gl_GlobalInvocationID.x;
   uint which = nonuniformEXT(g & 7u);
   uint v = srcs[which].data[g] + srcs[0].data[g];
   uvec4 p = params[pc.param & 3u].p;
   dsts[pc.dst].data[g] = v * p.x + p.y;
   dsts[nonuniformEXT(which)].data[g + 1024u] = v;
}

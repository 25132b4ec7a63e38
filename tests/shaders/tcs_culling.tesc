#version 450
// Patch culling: a patch behind the camera gets outer level 0 (discarded);
// PatchVertices and PrimitiveId feed a per-patch id.
layout(vertices = 3) out;
layout(location = 0) patch out uint patch_id;
void main() {
   gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
   if (gl_InvocationID != 0)
      return;
   bool visible = false;
   for (int i = 0; i < gl_PatchVerticesIn; i++)
      visible = visible || gl_in[i].gl_Position.w > 0.0;
   float l = visible ? 8.0 : 0.0;
   gl_TessLevelOuter[0] = l;
   gl_TessLevelOuter[1] = l;
   gl_TessLevelOuter[2] = l;
   gl_TessLevelInner[0] = l;
   patch_id = uint(gl_PrimitiveID) * 3u + uint(gl_PatchVerticesIn);
}

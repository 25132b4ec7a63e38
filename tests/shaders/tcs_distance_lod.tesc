#version 450
// Distance-adaptive tessellation of quads: edge levels from the camera
// distance of each edge's midpoint, with a barrier before reading the
// other invocations' outputs.
layout(vertices = 4) out;
layout(set = 0, binding = 0) uniform Camera { mat4 view; vec4 eye; float min_level; float max_level; } cam;
layout(location = 0) in vec2 in_uv[];
layout(location = 0) out vec2 out_uv[];
layout(location = 1) patch out float patch_level;
float level(vec3 a, vec3 b) {
   float d = distance((a + b) * 0.5, cam.eye.xyz);
   return clamp(64.0 / d, cam.min_level, cam.max_level);
}
void main() {
   gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
   out_uv[gl_InvocationID] = in_uv[gl_InvocationID];
   barrier();
   if (gl_InvocationID == 0) {
      vec3 p0 = gl_out[0].gl_Position.xyz, p1 = gl_out[1].gl_Position.xyz;
      vec3 p2 = gl_out[2].gl_Position.xyz, p3 = gl_out[3].gl_Position.xyz;
      gl_TessLevelOuter[0] = level(p3, p0);
      gl_TessLevelOuter[1] = level(p0, p1);
      gl_TessLevelOuter[2] = level(p1, p2);
      gl_TessLevelOuter[3] = level(p2, p3);
      gl_TessLevelInner[0] = max(gl_TessLevelOuter[1], gl_TessLevelOuter[3]);
      gl_TessLevelInner[1] = max(gl_TessLevelOuter[0], gl_TessLevelOuter[2]);
      patch_level = gl_TessLevelInner[0];
   }
}

#version 450
// Instanced layered rendering into the six faces of a cube shadow map.
layout(triangles, invocations = 6) in;
layout(triangle_strip, max_vertices = 3) out;
layout(set = 0, binding = 0) uniform Faces { mat4 vp[6]; vec4 light; } faces;
layout(location = 0) out vec3 to_light;
void main() {
   for (int i = 0; i < 3; i++) {
      gl_Layer = gl_InvocationID;
      to_light = gl_in[i].gl_Position.xyz - faces.light.xyz;
      gl_Position = faces.vp[gl_InvocationID] * gl_in[i].gl_Position;
      EmitVertex();
   }
   EndPrimitive();
}

#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
// Double-precision world positions (camera-relative rendering of large
// worlds) and a 64-bit object id.
layout(set = 0, binding = 0) uniform Camera { dvec4 origin; mat4 view_proj; } cam;
layout(set = 0, binding = 1) readonly buffer Objects { dvec4 position[]; } obj;
layout(set = 0, binding = 2) readonly buffer Ids { uint64_t id[]; } ids;
layout(location = 0) in vec3 local_pos;
layout(location = 0) flat out uvec2 id;
void main() {
   dvec3 world = obj.position[gl_InstanceIndex].xyz + dvec3(local_pos);
   vec3 rel = vec3(world - cam.origin.xyz);
   uint64_t o = ids.id[gl_InstanceIndex];
   id = uvec2(uint(o), uint(o >> 32));
   gl_Position = cam.view_proj * vec4(rel, 1.0);
}

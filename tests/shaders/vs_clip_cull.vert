#version 450
// User clip and cull distances from clip planes in a uniform block.
layout(set = 0, binding = 0) uniform Planes { vec4 clip[4]; vec4 cull[2]; mat4 mvp; } planes;
layout(location = 0) in vec4 pos;
out gl_PerVertex {
   vec4 gl_Position;
   float gl_PointSize;
   float gl_ClipDistance[4];
   float gl_CullDistance[2];
};
void main() {
   for (int i = 0; i < 4; i++)
      gl_ClipDistance[i] = dot(planes.clip[i], pos);
   gl_CullDistance[0] = dot(planes.cull[0], pos);
   gl_CullDistance[1] = dot(planes.cull[1], pos);
   gl_PointSize = 1.0;
   gl_Position = planes.mvp * pos;
}

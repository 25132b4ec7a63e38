#version 450
// Multiple vertex streams (two particle kinds, e.g. for transform feedback).
layout(points) in;
layout(points, max_vertices = 2) out;
layout(location = 0, stream = 0) out vec4 alive;
layout(location = 1, stream = 1) out vec4 dead;
layout(location = 0) in vec4 state[];
void main() {
   if (state[0].w > 0.0) {
      alive = state[0] - vec4(0.0, 0.0, 0.0, 0.016);
      EmitStreamVertex(0);
      EndStreamPrimitive(0);
   } else {
      dead = state[0];
      EmitStreamVertex(1);
      EndStreamPrimitive(1);
   }
}

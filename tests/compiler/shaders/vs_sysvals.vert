#version 460
// gbe_vs_test: no attributes; the draw parameters, a store under control
// flow (odd vertices only), clip and cull distances.
layout(location = 0) flat out ivec4 o_ids;
layout(location = 2) out vec4 o_odd;
void main()
{
    gl_Position = vec4(float(gl_VertexIndex), float(gl_InstanceIndex), float(gl_DrawID), 1.0);
    o_ids = ivec4(gl_VertexIndex, gl_InstanceIndex, gl_BaseVertex, gl_BaseInstance);
    if (gl_VertexIndex % 2 == 1)
        o_odd = vec4(1.0, 2.0, 3.0, 4.0);
    gl_ClipDistance[0] = 0.5;
    gl_ClipDistance[1] = -float(gl_VertexIndex);
    gl_CullDistance[0] = 2.0;
}

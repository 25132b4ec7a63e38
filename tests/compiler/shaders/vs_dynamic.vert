#version 460
#extension GL_ARB_shader_viewport_layer_array : require
// gbe_vs_test: inputs and outputs indexed at run time (an attribute
// array, a varying array, a component, clip distances in a loop) and the
// layer and viewport index of the VUE header.
layout(location = 0) in vec4 a[3];
layout(location = 3) in uint sel;
layout(location = 1) out vec4 o[2];
layout(location = 5) out float o_comp;
out float gl_ClipDistance[3];
void main()
{
    gl_Position = a[sel % 3u];
    o[sel & 1u] = vec4(float(sel));
    o_comp = a[1][sel % 4u];
    gl_Layer = int(sel) + 1;
    gl_ViewportIndex = int(sel) * 2;
    for (uint k = 0u; k < sel % 3u; k++)
        gl_ClipDistance[k] = float(k + 1u);
}

#version 450
// Isolines, integer spacing: gl_TessLevelOuter[0] lines at v = j / n, each
// cut into gl_TessLevelOuter[1] segments, placed on the quad patch's
// bilinear map; the colour is the patch's.
layout(isolines, equal_spacing) in;
layout(location = 0) in vec4 t_color[];
layout(location = 0) flat out vec4 v_color;

void main()
{
   vec4 a = mix(gl_in[0].gl_Position, gl_in[1].gl_Position, gl_TessCoord.x);
   vec4 b = mix(gl_in[3].gl_Position, gl_in[2].gl_Position, gl_TessCoord.x);
   gl_Position = mix(a, b, gl_TessCoord.y);
   v_color = vec4(t_color[0].rgb, 1.0);
}

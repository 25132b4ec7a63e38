#version 460
// gbe_vs_test: thirty varyings, more values live at the end than there
// are registers: the allocator spills, and must still keep the GRFs the
// last URB write (with EOT) is copied into free.
layout(location = 0) in vec4 a;
layout(location = 0) out vec4 o[30];
void main()
{
    gl_Position = a;
    for (int k = 0; k < 30; k++)
        o[k] = a * float(k + 1) + vec4(float(k));
}

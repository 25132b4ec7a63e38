#version 450
// Each invocation doubles its element of the buffer.
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { uint values[]; };
void main()
{
    uint i = gl_GlobalInvocationID.x;
    values[i] = values[i] * 2u + 1u;
}

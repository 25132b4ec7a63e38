#version 450
// A storage buffer, a uniform buffer and a push constant: two binding-table
// entries (surface states), an interface descriptor and CURBE data.
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { uint values[]; };
layout(std140, set = 0, binding = 1) uniform Params { uvec4 scale; };
layout(push_constant) uniform Push { uint bias; };
void main()
{
    uint i = gl_GlobalInvocationID.x;
    values[i] = values[i] * scale.x + bias;
}

#version 450
// test_faults: a store through a physical storage buffer address no memory
// is bound at (the push constant), which the GPU must take as a fault.
#extension GL_EXT_buffer_reference : require
layout(local_size_x = 1) in;
layout(buffer_reference, std430) buffer Words { uint w[]; };
layout(push_constant) uniform Push { Words target; } pc;

void main()
{
   pc.target.w[0] = 42u;
}

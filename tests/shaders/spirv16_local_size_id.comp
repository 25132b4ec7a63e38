// target-env: vulkan1.3
#version 450
// SPIR-V 1.6 module: LocalSizeId from specialisation constants, and an
// interface list that names every global (SPIR-V 1.4+ entry points).
layout(local_size_x_id = 3, local_size_y_id = 4) in;
layout(constant_id = 5) const uint SCALE = 3u;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
shared uint tmp[64];
void main() {
   uint l = gl_LocalInvocationIndex & 63u;
   tmp[l] = inp.data[gl_GlobalInvocationID.x] * SCALE;
   barrier();
   outp.data[gl_GlobalInvocationID.x] = tmp[l] + tmp[63u - l];
}

#version 450
// The largest group Vulkan guarantees (maxComputeWorkGroupInvocations >=
// 128; Intel drivers offer 1024): a shared-memory tree reduction over
// 1024 lanes, i.e. many hardware threads meeting at every barrier.
layout(local_size_x = 1024) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; } inp;
layout(set = 0, binding = 1) buffer Out { uint data[]; } outp;
shared uint s[1024];
void main() {
   uint l = gl_LocalInvocationID.x;
   uint v = inp.data[gl_GlobalInvocationID.x & 4095u];
   s[l] = v & 0xffffu;
   barrier();
   for (uint stride = 512u; stride > 0u; stride >>= 1) {
      if (l < stride)
         s[l] += s[l + stride];
      barrier();
   }
   outp.data[gl_GlobalInvocationID.x] = s[0] ^ v;
}

#version 450
// bench_sample's sampling loop: each invocation takes `samples` textureLod
// lookups around its own point of the texture (at the push constant's LOD,
// through whatever sampler the set binds) and stores their sum, so that no
// lookup can be dropped.
layout(local_size_x = 8, local_size_y = 8) in;

layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1, std430) buffer Sums { vec4 sums[]; };

layout(push_constant) uniform Params {
   float lod;
   uint samples;
} params;

void main()
{
   uvec2 id = gl_GlobalInvocationID.xy;
   uvec2 grid = gl_NumWorkGroups.xy * gl_WorkGroupSize.xy;
   // Off the texel centres, so that bilinear filtering blends four texels.
   vec2 uv = (vec2(id) + vec2(0.3, 0.7)) / vec2(grid);
   vec4 sum = vec4(0.0);
   for (uint i = 0u; i < params.samples; i++)
      sum += textureLod(tex, uv + vec2(float(i) * 0.0173, float(i) * 0.0311), params.lod);
   sums[id.y * grid.x + id.x] = sum;
}

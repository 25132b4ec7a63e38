#version 450
// VK_EXT_image_robustness: out-of-bounds image reads return zero, writes
// are discarded.  The image is a 4x4 array of two layers: without the
// bounds checks, row 4 of layer 0 would be row 0 of layer 1 (layers are
// four rows apart), so an unchecked access would read or clobber it.
layout(local_size_x = 1) in;
layout(binding = 0, r32ui) uniform uimage2DArray img;
layout(binding = 1) uniform usampler2DArray tex;
layout(std430, binding = 2) buffer Out { uint v[8]; } o;
void main()
{
   o.v[0] = imageLoad(img, ivec3(1, 4, 0)).x;      // y past the height
   o.v[1] = imageLoad(img, ivec3(4, 1, 0)).x;      // x past the width
   o.v[2] = imageLoad(img, ivec3(1, 1, 2)).x;      // a layer past the view
   o.v[3] = imageLoad(img, ivec3(1, 1, 1)).x;      // in bounds
   o.v[4] = texelFetch(tex, ivec3(1, 4, 0), 0).x;  // y past the height
   o.v[5] = texelFetch(tex, ivec3(1, 1, 0), 1).x;  // a level the image lacks
   o.v[6] = texelFetch(tex, ivec3(2, 3, 1), 0).x;  // in bounds
   o.v[7] = imageLoad(img, ivec3(-1, 0, 1)).x;     // x below 0
   imageStore(img, ivec3(2, 4, 0), uvec4(0xdeadu));
   imageStore(img, ivec3(4, 0, 1), uvec4(0xdeadu));
   imageStore(img, ivec3(0, 0, 2), uvec4(0xdeadu));
   imageStore(img, ivec3(0, -1, 1), uvec4(0xdeadu));
}

#version 450
#extension GL_GOOGLE_include_directive : require
// Storage images on 2D-array views (image_body.glsl).
layout(local_size_x = 4, local_size_y = 4, local_size_z = 4) in;
#define IMAGE image2DArray
#define UIMAGE uimage2DArray
#define COORD ivec3
#define COORD_OF(id) ivec3(id)
#define IN_BOUNDS(p, sz) all(lessThan(p, sz))
#define TEXEL_INDEX(p, sz) uint((p.z * sz.y + p.y) * sz.x + p.x)
#define SIZE_WORD(sz) (uint(sz.x) | uint(sz.y) << 10 | uint(sz.z) << 20)
#include "image_body.glsl"

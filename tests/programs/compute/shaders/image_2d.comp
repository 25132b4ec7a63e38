#version 450
#extension GL_GOOGLE_include_directive : require
// Storage images on 2D views (image_body.glsl).
layout(local_size_x = 8, local_size_y = 8) in;
#define IMAGE image2D
#define UIMAGE uimage2D
#define COORD ivec2
#define COORD_OF(id) ivec2(id.xy)
#define IN_BOUNDS(p, sz) all(lessThan(p, sz))
#define TEXEL_INDEX(p, sz) uint(p.y * sz.x + p.x)
#define SIZE_WORD(sz) (uint(sz.x) | uint(sz.y) << 10)
#include "image_body.glsl"

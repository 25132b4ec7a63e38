#version 450
#extension GL_GOOGLE_include_directive : require
// Storage images on 1D views (image_body.glsl).
layout(local_size_x = 64) in;
#define IMAGE image1D
#define UIMAGE uimage1D
#define COORD int
#define COORD_OF(id) int(id.x)
#define IN_BOUNDS(p, sz) (p < sz)
#define TEXEL_INDEX(p, sz) uint(p)
#define SIZE_WORD(sz) uint(sz)
#include "image_body.glsl"

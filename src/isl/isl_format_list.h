/* The hardware surface formats isl knows: one row per SURFACE_FORMAT value
 * (PRM Vol 2d "SURFACE_FORMAT"; the numbering is one space shared by
 * Gen7-Gen12, the field is 9 bits wide before Gen9 and 10 bits from Gen9,
 * which is where the ASTC values at 0x200 and above start).
 *
 * Deliberately no include guard: the includer defines the row macros and
 * turns the list into whatever it needs (isl.h an enum, isl_format.c the
 * layout table).
 *
 *   ISL_F1..ISL_F4(NAME, NUMBER, BITS_PER_TEXEL, channels...)
 *      an uncompressed format; each channel is COMPONENT, TYPE, BITS and
 *      the channels are listed from bit 0 up, the order the PRM's names
 *      spell them in (PRM Vol 7 "Surface Formats": B8G8R8A8 keeps blue in
 *      its lowest byte).
 *   ISL_BLOCK(NAME, NUMBER, BITS_PER_BLOCK, BLOCK_W, BLOCK_H, COMPRESSION,
 *             TYPE, CHANNELS)
 *      a block-compressed format decoding to the first CHANNELS of R, G,
 *      B, A, all of TYPE (SR: R, G, B in sRGB, A linear).
 *
 * Components: R G B A, L (luminance, read into R, G and B), E (the shared
 * exponent of R9G9B9E5), X (padding).  Types: UN SN UI SI (normalized and
 * integer), UF SF (unsigned/signed float), SR (UNORM with sRGB encoding),
 * US SS (scaled: integers read as floats), SE (shared exponent), RW (bits
 * passed through untouched), VD (padding).
 *
 * The list is sorted by number (tests/isl checks it). */

/* 128-bit and 96-bit */
ISL_F4(R32G32B32A32_FLOAT,      0x000, 128, R,SF,32, G,SF,32, B,SF,32, A,SF,32)
ISL_F4(R32G32B32A32_SINT,       0x001, 128, R,SI,32, G,SI,32, B,SI,32, A,SI,32)
ISL_F4(R32G32B32A32_UINT,       0x002, 128, R,UI,32, G,UI,32, B,UI,32, A,UI,32)
ISL_F2(R64G64_FLOAT,            0x005, 128, R,SF,64, G,SF,64)
ISL_F4(R32G32B32X32_FLOAT,      0x006, 128, R,SF,32, G,SF,32, B,SF,32, X,VD,32)
ISL_F4(R32G32B32A32_SSCALED,    0x007, 128, R,SS,32, G,SS,32, B,SS,32, A,SS,32)
ISL_F4(R32G32B32A32_USCALED,    0x008, 128, R,US,32, G,US,32, B,US,32, A,US,32)
ISL_F2(R64G64_PASSTHRU,         0x021, 128, R,RW,64, G,RW,64)
ISL_F3(R32G32B32_FLOAT,         0x040,  96, R,SF,32, G,SF,32, B,SF,32)
ISL_F3(R32G32B32_SINT,          0x041,  96, R,SI,32, G,SI,32, B,SI,32)
ISL_F3(R32G32B32_UINT,          0x042,  96, R,UI,32, G,UI,32, B,UI,32)
ISL_F3(R32G32B32_SSCALED,       0x045,  96, R,SS,32, G,SS,32, B,SS,32)
ISL_F3(R32G32B32_USCALED,       0x046,  96, R,US,32, G,US,32, B,US,32)

/* 64-bit */
ISL_F4(R16G16B16A16_UNORM,      0x080,  64, R,UN,16, G,UN,16, B,UN,16, A,UN,16)
ISL_F4(R16G16B16A16_SNORM,      0x081,  64, R,SN,16, G,SN,16, B,SN,16, A,SN,16)
ISL_F4(R16G16B16A16_SINT,       0x082,  64, R,SI,16, G,SI,16, B,SI,16, A,SI,16)
ISL_F4(R16G16B16A16_UINT,       0x083,  64, R,UI,16, G,UI,16, B,UI,16, A,UI,16)
ISL_F4(R16G16B16A16_FLOAT,      0x084,  64, R,SF,16, G,SF,16, B,SF,16, A,SF,16)
ISL_F2(R32G32_FLOAT,            0x085,  64, R,SF,32, G,SF,32)
ISL_F2(R32G32_SINT,             0x086,  64, R,SI,32, G,SI,32)
ISL_F2(R32G32_UINT,             0x087,  64, R,UI,32, G,UI,32)
ISL_F1(R64_FLOAT,               0x08d,  64, R,SF,64)
ISL_F4(R16G16B16X16_UNORM,      0x08e,  64, R,UN,16, G,UN,16, B,UN,16, X,VD,16)
ISL_F4(R16G16B16X16_FLOAT,      0x08f,  64, R,SF,16, G,SF,16, B,SF,16, X,VD,16)
ISL_F4(R16G16B16A16_SSCALED,    0x093,  64, R,SS,16, G,SS,16, B,SS,16, A,SS,16)
ISL_F4(R16G16B16A16_USCALED,    0x094,  64, R,US,16, G,US,16, B,US,16, A,US,16)
ISL_F2(R32G32_SSCALED,          0x095,  64, R,SS,32, G,SS,32)
ISL_F2(R32G32_USCALED,          0x096,  64, R,US,32, G,US,32)
ISL_F1(R64_PASSTHRU,            0x0a1,  64, R,RW,64)

/* 32-bit */
ISL_F4(B8G8R8A8_UNORM,          0x0c0,  32, B,UN,8, G,UN,8, R,UN,8, A,UN,8)
ISL_F4(B8G8R8A8_UNORM_SRGB,     0x0c1,  32, B,SR,8, G,SR,8, R,SR,8, A,UN,8)
ISL_F4(R10G10B10A2_UNORM,       0x0c2,  32, R,UN,10, G,UN,10, B,UN,10, A,UN,2)
ISL_F4(R10G10B10A2_UNORM_SRGB,  0x0c3,  32, R,SR,10, G,SR,10, B,SR,10, A,UN,2)
ISL_F4(R10G10B10A2_UINT,        0x0c4,  32, R,UI,10, G,UI,10, B,UI,10, A,UI,2)
ISL_F4(R8G8B8A8_UNORM,          0x0c7,  32, R,UN,8, G,UN,8, B,UN,8, A,UN,8)
ISL_F4(R8G8B8A8_UNORM_SRGB,     0x0c8,  32, R,SR,8, G,SR,8, B,SR,8, A,UN,8)
ISL_F4(R8G8B8A8_SNORM,          0x0c9,  32, R,SN,8, G,SN,8, B,SN,8, A,SN,8)
ISL_F4(R8G8B8A8_SINT,           0x0ca,  32, R,SI,8, G,SI,8, B,SI,8, A,SI,8)
ISL_F4(R8G8B8A8_UINT,           0x0cb,  32, R,UI,8, G,UI,8, B,UI,8, A,UI,8)
ISL_F2(R16G16_UNORM,            0x0cc,  32, R,UN,16, G,UN,16)
ISL_F2(R16G16_SNORM,            0x0cd,  32, R,SN,16, G,SN,16)
ISL_F2(R16G16_SINT,             0x0ce,  32, R,SI,16, G,SI,16)
ISL_F2(R16G16_UINT,             0x0cf,  32, R,UI,16, G,UI,16)
ISL_F2(R16G16_FLOAT,            0x0d0,  32, R,SF,16, G,SF,16)
ISL_F4(B10G10R10A2_UNORM,       0x0d1,  32, B,UN,10, G,UN,10, R,UN,10, A,UN,2)
ISL_F4(B10G10R10A2_UNORM_SRGB,  0x0d2,  32, B,SR,10, G,SR,10, R,SR,10, A,UN,2)
ISL_F3(R11G11B10_FLOAT,         0x0d3,  32, R,UF,11, G,UF,11, B,UF,10)
ISL_F1(R32_SINT,                0x0d6,  32, R,SI,32)
ISL_F1(R32_UINT,                0x0d7,  32, R,UI,32)
ISL_F1(R32_FLOAT,               0x0d8,  32, R,SF,32)
ISL_F2(R24_UNORM_X8_TYPELESS,   0x0d9,  32, R,UN,24, X,VD,8)
ISL_F4(B8G8R8X8_UNORM,          0x0e9,  32, B,UN,8, G,UN,8, R,UN,8, X,VD,8)
ISL_F4(B8G8R8X8_UNORM_SRGB,     0x0ea,  32, B,SR,8, G,SR,8, R,SR,8, X,VD,8)
ISL_F4(R8G8B8X8_UNORM,          0x0eb,  32, R,UN,8, G,UN,8, B,UN,8, X,VD,8)
ISL_F4(R8G8B8X8_UNORM_SRGB,     0x0ec,  32, R,SR,8, G,SR,8, B,SR,8, X,VD,8)
ISL_F4(R9G9B9E5_SHAREDEXP,      0x0ed,  32, R,SE,9, G,SE,9, B,SE,9, E,SE,5)
ISL_F4(B10G10R10X2_UNORM,       0x0ee,  32, B,UN,10, G,UN,10, R,UN,10, X,VD,2)
ISL_F4(R8G8B8A8_SSCALED,        0x0f4,  32, R,SS,8, G,SS,8, B,SS,8, A,SS,8)
ISL_F4(R8G8B8A8_USCALED,        0x0f5,  32, R,US,8, G,US,8, B,US,8, A,US,8)
ISL_F2(R16G16_SSCALED,          0x0f6,  32, R,SS,16, G,SS,16)
ISL_F2(R16G16_USCALED,          0x0f7,  32, R,US,16, G,US,16)
ISL_F1(R32_SSCALED,             0x0f8,  32, R,SS,32)
ISL_F1(R32_USCALED,             0x0f9,  32, R,US,32)

/* 16-bit */
ISL_F3(B5G6R5_UNORM,            0x100,  16, B,UN,5, G,UN,6, R,UN,5)
ISL_F3(B5G6R5_UNORM_SRGB,       0x101,  16, B,SR,5, G,SR,6, R,SR,5)
ISL_F4(B5G5R5A1_UNORM,          0x102,  16, B,UN,5, G,UN,5, R,UN,5, A,UN,1)
ISL_F4(B5G5R5A1_UNORM_SRGB,     0x103,  16, B,SR,5, G,SR,5, R,SR,5, A,UN,1)
ISL_F4(B4G4R4A4_UNORM,          0x104,  16, B,UN,4, G,UN,4, R,UN,4, A,UN,4)
ISL_F4(B4G4R4A4_UNORM_SRGB,     0x105,  16, B,SR,4, G,SR,4, R,SR,4, A,UN,4)
ISL_F2(R8G8_UNORM,              0x106,  16, R,UN,8, G,UN,8)
ISL_F2(R8G8_SNORM,              0x107,  16, R,SN,8, G,SN,8)
ISL_F2(R8G8_SINT,               0x108,  16, R,SI,8, G,SI,8)
ISL_F2(R8G8_UINT,               0x109,  16, R,UI,8, G,UI,8)
ISL_F1(R16_UNORM,               0x10a,  16, R,UN,16)
ISL_F1(R16_SNORM,               0x10b,  16, R,SN,16)
ISL_F1(R16_SINT,                0x10c,  16, R,SI,16)
ISL_F1(R16_UINT,                0x10d,  16, R,UI,16)
ISL_F1(R16_FLOAT,               0x10e,  16, R,SF,16)
ISL_F2(L8A8_UNORM_SRGB,         0x118,  16, L,SR,8, A,UN,8)
ISL_F2(R8G8_SSCALED,            0x11c,  16, R,SS,8, G,SS,8)
ISL_F2(R8G8_USCALED,            0x11d,  16, R,US,8, G,US,8)
ISL_F1(R16_SSCALED,             0x11e,  16, R,SS,16)
ISL_F1(R16_USCALED,             0x11f,  16, R,US,16)
ISL_F4(A1B5G5R5_UNORM,          0x124,  16, A,UN,1, B,UN,5, G,UN,5, R,UN,5)
ISL_F4(A4B4G4R4_UNORM,          0x125,  16, A,UN,4, B,UN,4, G,UN,4, R,UN,4)

/* 8-bit */
ISL_F1(R8_UNORM,                0x140,   8, R,UN,8)
ISL_F1(R8_SNORM,                0x141,   8, R,SN,8)
ISL_F1(R8_SINT,                 0x142,   8, R,SI,8)
ISL_F1(R8_UINT,                 0x143,   8, R,UI,8)
ISL_F1(A8_UNORM,                0x144,   8, A,UN,8)
ISL_F1(R8_SSCALED,              0x149,   8, R,SS,8)
ISL_F1(R8_USCALED,              0x14a,   8, R,US,8)
ISL_F1(L8_UNORM_SRGB,           0x14c,   8, L,SR,8)

/* Block-compressed (PRM Vol 5 "Compressed Surface Formats"), and the 24/48
 * and 192/256-bit formats numbered among them */
ISL_BLOCK(DXT1_RGB_SRGB,        0x180,  64, 4, 4, BC1, SR, 3)
ISL_BLOCK(BC1_UNORM,            0x186,  64, 4, 4, BC1, UN, 4)
ISL_BLOCK(BC2_UNORM,            0x187, 128, 4, 4, BC2, UN, 4)
ISL_BLOCK(BC3_UNORM,            0x188, 128, 4, 4, BC3, UN, 4)
ISL_BLOCK(BC4_UNORM,            0x189,  64, 4, 4, BC4, UN, 1)
ISL_BLOCK(BC5_UNORM,            0x18a, 128, 4, 4, BC5, UN, 2)
ISL_BLOCK(BC1_UNORM_SRGB,       0x18b,  64, 4, 4, BC1, SR, 4)
ISL_BLOCK(BC2_UNORM_SRGB,       0x18c, 128, 4, 4, BC2, SR, 4)
ISL_BLOCK(BC3_UNORM_SRGB,       0x18d, 128, 4, 4, BC3, SR, 4)
ISL_BLOCK(DXT1_RGB,             0x191,  64, 4, 4, BC1, UN, 3)
ISL_F3(R8G8B8_UNORM,            0x193,  24, R,UN,8, G,UN,8, B,UN,8)
ISL_F3(R8G8B8_SNORM,            0x194,  24, R,SN,8, G,SN,8, B,SN,8)
ISL_F3(R8G8B8_SSCALED,          0x195,  24, R,SS,8, G,SS,8, B,SS,8)
ISL_F3(R8G8B8_USCALED,          0x196,  24, R,US,8, G,US,8, B,US,8)
ISL_F4(R64G64B64A64_FLOAT,      0x197, 256, R,SF,64, G,SF,64, B,SF,64, A,SF,64)
ISL_F3(R64G64B64_FLOAT,         0x198, 192, R,SF,64, G,SF,64, B,SF,64)
ISL_BLOCK(BC4_SNORM,            0x199,  64, 4, 4, BC4, SN, 1)
ISL_BLOCK(BC5_SNORM,            0x19a, 128, 4, 4, BC5, SN, 2)
ISL_F3(R16G16B16_FLOAT,         0x19b,  48, R,SF,16, G,SF,16, B,SF,16)
ISL_F3(R16G16B16_UNORM,         0x19c,  48, R,UN,16, G,UN,16, B,UN,16)
ISL_F3(R16G16B16_SNORM,         0x19d,  48, R,SN,16, G,SN,16, B,SN,16)
ISL_F3(R16G16B16_SSCALED,       0x19e,  48, R,SS,16, G,SS,16, B,SS,16)
ISL_F3(R16G16B16_USCALED,       0x19f,  48, R,US,16, G,US,16, B,US,16)
ISL_BLOCK(BC6H_SF16,            0x1a1, 128, 4, 4, BC6H, SF, 3)
ISL_BLOCK(BC7_UNORM,            0x1a2, 128, 4, 4, BC7, UN, 4)
ISL_BLOCK(BC7_UNORM_SRGB,       0x1a3, 128, 4, 4, BC7, SR, 4)
ISL_BLOCK(BC6H_UF16,            0x1a4, 128, 4, 4, BC6H, UF, 3)
ISL_F3(R8G8B8_UNORM_SRGB,       0x1a8,  24, R,SR,8, G,SR,8, B,SR,8)
ISL_BLOCK(ETC1_RGB8,            0x1a9,  64, 4, 4, ETC1, UN, 3)
ISL_BLOCK(ETC2_RGB8,            0x1aa,  64, 4, 4, ETC2, UN, 3)
ISL_BLOCK(EAC_R11,              0x1ab,  64, 4, 4, EAC, UN, 1)
ISL_BLOCK(EAC_RG11,             0x1ac, 128, 4, 4, EAC, UN, 2)
ISL_BLOCK(EAC_SIGNED_R11,       0x1ad,  64, 4, 4, EAC, SN, 1)
ISL_BLOCK(EAC_SIGNED_RG11,      0x1ae, 128, 4, 4, EAC, SN, 2)
ISL_BLOCK(ETC2_SRGB8,           0x1af,  64, 4, 4, ETC2, SR, 3)
ISL_F3(R16G16B16_UINT,          0x1b0,  48, R,UI,16, G,UI,16, B,UI,16)
ISL_F3(R16G16B16_SINT,          0x1b1,  48, R,SI,16, G,SI,16, B,SI,16)
ISL_F4(R10G10B10A2_SNORM,       0x1b3,  32, R,SN,10, G,SN,10, B,SN,10, A,SN,2)
ISL_F4(R10G10B10A2_USCALED,     0x1b4,  32, R,US,10, G,US,10, B,US,10, A,US,2)
ISL_F4(R10G10B10A2_SSCALED,     0x1b5,  32, R,SS,10, G,SS,10, B,SS,10, A,SS,2)
ISL_F4(R10G10B10A2_SINT,        0x1b6,  32, R,SI,10, G,SI,10, B,SI,10, A,SI,2)
ISL_F4(B10G10R10A2_SNORM,       0x1b7,  32, B,SN,10, G,SN,10, R,SN,10, A,SN,2)
ISL_F4(B10G10R10A2_USCALED,     0x1b8,  32, B,US,10, G,US,10, R,US,10, A,US,2)
ISL_F4(B10G10R10A2_SSCALED,     0x1b9,  32, B,SS,10, G,SS,10, R,SS,10, A,SS,2)
ISL_F4(B10G10R10A2_UINT,        0x1ba,  32, B,UI,10, G,UI,10, R,UI,10, A,UI,2)
ISL_F4(B10G10R10A2_SINT,        0x1bb,  32, B,SI,10, G,SI,10, R,SI,10, A,SI,2)
ISL_F4(R64G64B64A64_PASSTHRU,   0x1bc, 256, R,RW,64, G,RW,64, B,RW,64, A,RW,64)
ISL_F3(R64G64B64_PASSTHRU,      0x1bd, 192, R,RW,64, G,RW,64, B,RW,64)
ISL_BLOCK(ETC2_RGB8_PTA,        0x1c0,  64, 4, 4, ETC2, UN, 4)
ISL_BLOCK(ETC2_SRGB8_PTA,       0x1c1,  64, 4, 4, ETC2, SR, 4)
ISL_BLOCK(ETC2_EAC_RGBA8,       0x1c2, 128, 4, 4, ETC2, UN, 4)
ISL_BLOCK(ETC2_EAC_SRGB8_A8,    0x1c3, 128, 4, 4, ETC2, SR, 4)
ISL_F3(R8G8B8_UINT,             0x1c8,  24, R,UI,8, G,UI,8, B,UI,8)
ISL_F3(R8G8B8_SINT,             0x1c9,  24, R,SI,8, G,SI,8, B,SI,8)

/* Untyped (buffer) access: bytes (PRM RENDER_SURFACE_STATE "Surface Format"
 * RAW, for SURFTYPE_BUFFER only) */
ISL_F1(RAW,                     0x1ff,   8, R,RW,8)

/* ASTC 2D (Gen9+).  The number is a base plus the block width's code in
 * bits 5:3 and the height's in bits 2:0 (4, 5, 6, 8, 10, 12 -> 0, 1, 2, 4,
 * 6, 7); LDR sRGB from 0x200, LDR linear from 0x240 (decoded to half
 * floats), HDR from 0x340. */
#define ISL_ASTC_CODE(n) ((n) == 4 ? 0 : (n) == 5 ? 1 : (n) == 6 ? 2 : (n) == 8 ? 4 : (n) == 10 ? 6 : 7)
#define ISL_ASTC(KIND, SUFFIX, BASE, W, H, TYPE) \
   ISL_BLOCK(ASTC_##KIND##_2D_##W##X##H##_##SUFFIX, (BASE) | ISL_ASTC_CODE(W) << 3 | ISL_ASTC_CODE(H), \
             128, W, H, ASTC, TYPE, 4)
#define ISL_ASTC_SIZES(KIND, SUFFIX, BASE, TYPE) \
   ISL_ASTC(KIND, SUFFIX, BASE, 4, 4, TYPE)   ISL_ASTC(KIND, SUFFIX, BASE, 5, 4, TYPE) \
   ISL_ASTC(KIND, SUFFIX, BASE, 5, 5, TYPE)   ISL_ASTC(KIND, SUFFIX, BASE, 6, 5, TYPE) \
   ISL_ASTC(KIND, SUFFIX, BASE, 6, 6, TYPE)   ISL_ASTC(KIND, SUFFIX, BASE, 8, 5, TYPE) \
   ISL_ASTC(KIND, SUFFIX, BASE, 8, 6, TYPE)   ISL_ASTC(KIND, SUFFIX, BASE, 8, 8, TYPE) \
   ISL_ASTC(KIND, SUFFIX, BASE, 10, 5, TYPE)  ISL_ASTC(KIND, SUFFIX, BASE, 10, 6, TYPE) \
   ISL_ASTC(KIND, SUFFIX, BASE, 10, 8, TYPE)  ISL_ASTC(KIND, SUFFIX, BASE, 10, 10, TYPE) \
   ISL_ASTC(KIND, SUFFIX, BASE, 12, 10, TYPE) ISL_ASTC(KIND, SUFFIX, BASE, 12, 12, TYPE)
ISL_ASTC_SIZES(LDR, U8SRGB, 0x200, SR)
ISL_ASTC_SIZES(LDR, FLT16,  0x240, UN)
ISL_ASTC_SIZES(HDR, FLT16,  0x340, SF)
#undef ISL_ASTC_SIZES
#undef ISL_ASTC
#undef ISL_ASTC_CODE

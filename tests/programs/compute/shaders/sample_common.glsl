// Shared by the sample_*.comp programs: a reproducible hash of the
// invocation index, and coordinates derived from it.

uint sample_hash(uint x)
{
   x ^= x >> 16;
   x *= 0x7feb352du;
   x ^= x >> 15;
   x *= 0x846ca68bu;
   x ^= x >> 16;
   return x;
}

// A coordinate in [-1.5, 2.5): outside [0, 1] on purpose (address modes),
// an odd multiple of 2^-11, so that on textures up to 64 texels wide it is
// an odd multiple of 2^-5 texel: never on a texel's edge (where nearest
// filtering may pick either texel: the spec's sub-texel precision allows
// both) nor on a texel's centre (where the bilinear footprint may start at
// either), and exact with 5 or more sub-texel bits (Gen and lavapipe: 8).
float sample_coord(uint h)
{
   return (float(h & 0xfffu) + 0.5) / 1024.0 - 1.5;
}

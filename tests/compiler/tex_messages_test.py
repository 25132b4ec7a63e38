#!/usr/bin/env python3
"""The sampler messages the back end sends for texture instructions: the
message types and lengths each generation's payload tables give (PRM Vol
2d "Sampling Engine": one GRF per parameter per eight channels, plus the
header), counted by hand from the shaders' GLSL.

usage: tex_messages_test.py GENVK_COMPILE SPV_DIR"""
import collections
import os
import re
import subprocess
import sys

MSG = re.compile(r"sampler MsgDesc: \(sampler (\w+), .*?\) mlen (\d+)")

# sample_shadow.comp, SIMD8, per generation: (message, mlen) -> count.
#   textureLod(depth, uv, 0.0)             sample_l: lod u v; Gen9 sample_lz: u v
#   textureLod(shadow, (uv, ref), 0.0)     sample_l_c: ref lod u v; Gen9 sample_c_lz
#   textureLodOffset(...)                  the same with the offsets' header
#   textureGrad(shadow, ...)               sample_d_c: ref u dudx dudy v dvdx dvdy;
#                                          Ivy Bridge: resinfo + sample_l_c
#   textureSize(shadow, 0)                 resinfo: lod
#   textureGather(Offset)(shadow, ...)     gather4_c: header ref u v
SHADOW_GEN7_8 = {("sample_l", 3): 1, ("sample_l_c", 4): 1, ("sample_l_c", 5): 1,
                 ("sample_d_c", 7): 1, ("resinfo", 1): 1, ("gather4_c", 4): 2}
SHADOW_GEN9 = {("sample_lz", 2): 1, ("sample_c_lz", 3): 1, ("sample_c_lz", 4): 1,
               ("sample_d_c", 7): 1, ("resinfo", 1): 1, ("gather4_c", 4): 2}
SHADOW_IVB = {("sample_l", 3): 1, ("sample_l_c", 4): 2, ("sample_l_c", 5): 1,
              ("resinfo", 1): 2, ("gather4_c", 4): 2}

CASES = [
    ("sample_shadow.spv", "7", 8, SHADOW_IVB),
    ("sample_shadow.spv", "75", 8, SHADOW_GEN7_8),
    ("sample_shadow.spv", "8", 8, SHADOW_GEN7_8),
    ("sample_shadow.spv", "9", 8, SHADOW_GEN9),
    ("sample_shadow.spv", "12", 8, SHADOW_GEN9),
    # sample_fetch.comp, SIMD16: three texelFetch at run-time LODs (ld:
    # u lod v on Gen8, u v lod on Gen9: three parameters, six GRFs), three
    # resinfo (textureQueryLevels, two textureSize)
    ("sample_fetch.spv", "8", 16, {("ld", 6): 3, ("resinfo", 2): 3}),
    ("sample_fetch.spv", "9", 16, {("ld", 6): 3, ("resinfo", 2): 3}),
    # sample_gather.comp, SIMD16: six gathers and textureGatherOffsets'
    # four, each header u v
    ("sample_gather.spv", "9", 16, {("gather4", 5): 10}),
    ("sample_gather.spv", "7", 16, {("gather4", 5): 10}),
]


def main():
    compiler, spv_dir = sys.argv[1], sys.argv[2]
    failures = 0
    for spv, gen, simd, want in CASES:
        r = subprocess.run([compiler, "--gen", gen, "--simd", str(simd),
                            os.path.join(spv_dir, spv)], capture_output=True, text=True)
        got = collections.Counter((m.group(1), int(m.group(2)))
                                  for m in MSG.finditer(r.stdout))
        name = "%s gen %s SIMD%d" % (spv, gen, simd)
        if r.returncode or got != collections.Counter(want):
            print("FAIL %s: %s, want %s%s" % (name, dict(got), want,
                                             ": " + r.stderr.strip() if r.returncode else ""))
            failures += 1
        else:
            print("%s: %s" % (name, dict(got)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

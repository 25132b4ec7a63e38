#!/usr/bin/env python3
"""SPIR-V NoContraction reaches the back end: precise_mad.comp has two
products added to a value, one of them precise.  On each generation the
kernel must hold exactly one mad: the plain one contracted, the precise one
left a multiply and an add.

usage: nocontraction_test.py GENVK_COMPILE SHADER.spv"""
import re
import subprocess
import sys

GENS = ["7", "75", "8", "9", "11", "12"]


def main():
    compiler, spv = sys.argv[1], sys.argv[2]
    failures = 0
    for gen in GENS:
        r = subprocess.run([compiler, "--gen", gen, "--simd", "8", spv],
                           capture_output=True, text=True)
        mads = len(re.findall(r"^\s*(?:\(.*?\)\s*)?mad\(", r.stdout, re.M))
        if r.returncode or mads != 1:
            print("FAIL gen %s: %d mad instructions (want 1)%s"
                  % (gen, mads, ": " + r.stderr.strip() if r.returncode else ""))
            failures += 1
        else:
            print("gen %s: one mad, the precise sum kept apart" % gen)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Compiles one GLSL shader to SPIR-V with glslangValidator and checks the
result with spirv-val.  Usage: compile_shader.py glslang spirv-val in out"""
import subprocess
import sys

glslang, spirv_val, src, out = sys.argv[1:5]
# A shader may ask for a newer environment (SPIR-V 1.6 for Vulkan 1.3) with
# a line "// target-env: vulkan1.3"; the rest use SPIR-V 1.3.
env = 'vulkan1.1'
with open(src, encoding="utf-8", errors="replace") as f:
    for line in f:
        if line.startswith('// target-env: '):
            env = line.split(':', 1)[1].strip()
r = subprocess.run([glslang, '-V', '--target-env', env, '-o', out, src],
                   capture_output=True, text=True)
if r.returncode:
    sys.exit(r.stdout + r.stderr)
r = subprocess.run([spirv_val, '--target-env', env, out], capture_output=True, text=True)
if r.returncode:
    sys.exit('spirv-val rejected %s:\n%s%s' % (src, r.stdout, r.stderr))

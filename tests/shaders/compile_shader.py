#!/usr/bin/env python3
"""Compiles one GLSL shader to SPIR-V with glslangValidator (or assembles
one with spirv-as) and checks the result with spirv-val.
Usage: compile_shader.py glslang spirv-val in out"""
import os
import subprocess
import sys

glslang, spirv_val, src, out = sys.argv[1:5]
# A shader may ask for a newer environment (SPIR-V 1.6 for Vulkan 1.3) with
# a line "// target-env: vulkan1.3", or for SPIR-V 1.4 on Vulkan 1.1
# (VK_KHR_spirv_1_4) with "vulkan1.1spv1.4", spirv-val's name for it; the
# rest use SPIR-V 1.3.
env = 'vulkan1.1'
with open(src, encoding="utf-8", errors="replace") as f:
    for line in f:
        if line.startswith('// target-env: '):
            env = line.split(':', 1)[1].strip()
# A shader whose first line is "; SPIR-V" is SPIR-V assembly (what GLSL
# cannot say, e.g. tessellation modes on the control stage): spirv-as,
# from the spirv-tools that give spirv-val, assembles it.
with open(src, encoding="utf-8", errors="replace") as f:
    assembly = f.readline().startswith('; SPIR-V')
if assembly:
    spirv_as = os.path.join(os.path.dirname(spirv_val), 'spirv-as')
    cmd = [spirv_as, '--target-env', env, '-o', out, src]
else:
    vulkan, _, spv = env.partition('spv')
    spirv = ['--target-env', 'spirv' + spv] if spv else []
    cmd = [glslang, '-V', '--target-env', vulkan] + spirv + ['-o', out, src]
r = subprocess.run(cmd, capture_output=True, text=True)
if r.returncode:
    sys.exit(r.stdout + r.stderr)
r = subprocess.run([spirv_val, '--target-env', env, out], capture_output=True, text=True)
if r.returncode:
    sys.exit('spirv-val rejected %s:\n%s%s' % (src, r.stdout, r.stderr))

#!/usr/bin/env python3
"""Runs a command on an emulated GPU through scripts/vgpu-run, with the
Vulkan loader restricted to genvk's build-tree manifest.

  run_on_vgpu.py --source-root DIR --build-root DIR --icd JSON --device NAME
                 [--vulkaninfo EXPECTED_NAME] -- COMMAND...

Exit 77 (SKIP) when vgpu is not built yet or COMMAND is not installed.
With --vulkaninfo, COMMAND is vulkaninfo: it must exit 0, print no loader
or driver error, print every section and name the device EXPECTED_NAME.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys

SKIP = 77

# What a full `vulkaninfo --show-formats` prints for a working device.
SECTIONS = ['Instance Extensions', 'VK_KHR_get_physical_device_properties2',
            'VkPhysicalDeviceProperties:', 'VkPhysicalDeviceLimits:',
            'VkPhysicalDeviceSparseProperties:',
            'VkQueueFamilyProperties:', 'VkPhysicalDeviceMemoryProperties:',
            'VkPhysicalDeviceFeatures:', 'Device Extensions',
            'Format Properties:']


def skip(reason):
    print(f'SKIP: {reason}')
    sys.exit(SKIP)


def check_vulkaninfo(out, err, expected, device):
    problems = []
    names = re.findall(r'deviceName\s*=\s*(.+)', out)
    if not names or any(n.strip() != expected for n in names):
        problems.append(f'deviceName {names!r}, expected {expected!r}')
    for line in (out + err).splitlines():
        if re.search(r'\bERROR\b|\[Loader Message\]|genvk: error', line):
            problems.append('error line: ' + line)
    # Honest apiVersion at the headers' patch level: Vulkan 1.2 where genvk
    # draws, 1.1 on Gen7/7.5.
    minor = '1' if device in ('ivb-gt2', 'hsw-gt2') else '2'
    if not re.search(r'apiVersion\s*=\s*1\.' + minor + r'\.\d+', out):
        problems.append(f'apiVersion is not 1.{minor}.x')
    for section in SECTIONS:
        if section not in out:
            problems.append(f'section {section} missing')
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--source-root', required=True)
    ap.add_argument('--build-root', required=True)
    ap.add_argument('--icd', required=True)
    ap.add_argument('--device', required=True)
    ap.add_argument('--vulkaninfo', metavar='EXPECTED_NAME')
    ap.add_argument('--leak-check', action='store_true',
                    help='keep LeakSanitizer on in sanitized builds')
    ap.add_argument('command', nargs=argparse.REMAINDER)
    args = ap.parse_args()
    command = args.command[1:] if args.command[:1] == ['--'] else args.command

    vgpu_run = os.path.join(args.source_root, 'scripts', 'vgpu-run')
    libvgpu = os.path.join(args.build_root, 'src', 'vgpu', 'libvgpu.so')
    if not os.access(vgpu_run, os.X_OK):
        skip('scripts/vgpu-run does not exist yet')
    if not os.path.exists(libvgpu):
        skip(f'{libvgpu} is not built')
    if not command or not shutil.which(command[0]):
        skip(f'{command[0] if command else "no command"} is not installed '
             '(vulkan-tools)')

    env = dict(os.environ)
    env['GENVK_BUILD_DIR'] = args.build_root
    # Only genvk: other installed drivers must not answer for it.
    env['VK_ICD_FILENAMES'] = args.icd
    env['VK_DRIVER_FILES'] = args.icd
    asan = [env.get('ASAN_OPTIONS')]
    if args.leak_check:
        # vgpu-run turns leak detection off for programs it does not own;
        # the sweep is ours and must be leak-checked.
        asan.append('detect_leaks=1')
    else:
        # The loader and layers are not ours to leak-check.
        asan.append('detect_leaks=0')
    env['ASAN_OPTIONS'] = ':'.join(filter(None, asan))
    proc = subprocess.run([vgpu_run, '--device', args.device, '--'] + command,
                          env=env, capture_output=True, text=True)
    sys.stdout.write(proc.stdout)
    sys.stderr.write(proc.stderr)
    if proc.returncode != 0:
        print(f'FAIL: exit status {proc.returncode}')
        sys.exit(proc.returncode if proc.returncode != SKIP else 1)
    if args.vulkaninfo:
        problems = check_vulkaninfo(proc.stdout, proc.stderr, args.vulkaninfo, args.device)
        for p in problems:
            print('FAIL: ' + p)
        sys.exit(1 if problems else 0)


if __name__ == '__main__':
    main()

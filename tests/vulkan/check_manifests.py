#!/usr/bin/env python3
"""Checks genvk's two ICD manifests (loader "Driver Manifest File Format").

  check_manifests.py BUILD_TREE_JSON INSTALLED_JSON INSTALLED_LIBRARY_PATH
"""

import json
import os
import sys


def load(path):
    with open(path) as f:
        m = json.load(f)
    icd = m.get('ICD', {})
    problems = []
    if m.get('file_format_version') != '1.0.0':
        problems.append(f'{path}: file_format_version is not 1.0.0')
    api = icd.get('api_version', '')
    if not api.startswith('1.2.'):
        problems.append(f'{path}: api_version {api!r} is not 1.2.x')
    if not os.path.isabs(icd.get('library_path', '')):
        problems.append(f'{path}: library_path is not absolute')
    return icd, problems


def main():
    build_tree, installed, installed_lib = sys.argv[1:4]
    icd_build, problems = load(build_tree)
    icd_inst, more = load(installed)
    problems += more
    if not os.path.exists(icd_build.get('library_path', '')):
        problems.append('build-tree manifest names a library that does not exist')
    if icd_inst.get('library_path') != installed_lib:
        problems.append(f'installed manifest names {icd_inst.get("library_path")!r}, '
                        f'expected {installed_lib!r}')
    for p in problems:
        print('FAIL: ' + p)
    if not problems:
        print('manifests OK')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())

#!/bin/sh
# Mesa's driver for DEVICE (ANV or hasvk) runs the compute test program on
# vgpu with capture on: the program must see its fence signal with
# VK_SUCCESS, and every captured batch chain must be complete and contain
# the dispatch.   compute-capture.sh DEVICE PROGRAM
set -u
device=$1 program=$2
top=$(cd "$(dirname "$0")/../.." && pwd)
case $device in
    ivb-*|hsw-*|bdw-*) icd=/usr/share/vulkan/icd.d/intel_hasvk_icd.x86_64.json ;;
    *) icd=/usr/share/vulkan/icd.d/intel_icd.x86_64.json ;;
esac
if [ ! -f "$icd" ]; then echo "SKIP: $icd missing (mesa-vulkan-drivers)"; exit 77; fi

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
VK_ICD_FILENAMES=$icd VK_DRIVER_FILES=$icd MESA_SHADER_CACHE_DISABLE=true \
    "$top/scripts/vgpu-run" --device "$device" --capture "$dir" -- "$program"
rc=$?
if [ $rc -ne 0 ]; then echo "FAIL: $program exited $rc on $device"; exit 1; fi
python3 "$top/tests/vgpu/check_capture.py" --expect-walker "$dir"

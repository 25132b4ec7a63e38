#!/bin/sh
# Mesa's driver for DEVICE (ANV or hasvk) runs the compute test program on
# vgpu with capture on: the program must see its fence signal with
# VK_SUCCESS, and every captured batch chain must be complete and contain
# the dispatch.   compute-capture.sh DEVICE PROGRAM
set -u
device=$1 program=$2
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/mesa/mesa-icd.sh"

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$top/scripts/vgpu-run" --device "$device" --capture "$dir" -- "$program"
rc=$?
if [ $rc -ne 0 ]; then echo "FAIL: $program exited $rc on $device"; exit 1; fi
python3 "$top/tests/vgpu/check_capture.py" --expect-walker "$dir"

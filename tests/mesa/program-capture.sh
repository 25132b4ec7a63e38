#!/bin/sh
# Mesa's driver for DEVICE (ANV or hasvk) runs a test program on vgpu with
# capture on and hardware rules as errors: the program must succeed (its
# fence signals with VK_SUCCESS), and every captured batch chain must be
# complete and contain the work (checker flags such as --expect-walker).
#   program-capture.sh DEVICE PROGRAM [CHECKER FLAGS...]
set -u
device=$1 program=$2
shift 2
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/mesa/mesa-icd.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# a directory that does not exist yet: vgpu makes it
dir=$work/captures/$device
"$top/scripts/vgpu-run" --device "$device" --capture "$dir" -- "$program"
rc=$?
[ $rc -eq 77 ] && exit 77
if [ $rc -ne 0 ]; then echo "FAIL: $program exited $rc on $device"; exit 1; fi
python3 "$top/tests/vgpu/check_capture.py" "$@" "$dir"

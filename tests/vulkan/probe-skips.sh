#!/bin/sh
# genvk skips a render node it cannot drive with one clear log line and
# never crashes: vgpu presents an unknown PCI id (VGPU_PCI_ID) or answers
# like a kernel without a required feature (VGPU_KERNEL_LACKS).
#   probe-skips.sh LIST_DEVICES_PROGRAM ICD_MANIFEST
set -u
program=$1 icd=$2
top=$(cd "$(dirname "$0")/../.." && pwd)
export VK_ICD_FILENAMES=$icd VK_DRIVER_FILES=$icd
failures=0

# case DEVICE EXPECTED_COUNT PATTERN [VAR=VALUE...]: the run must list
# EXPECTED_COUNT devices; with a PATTERN, exactly one warning line of
# genvk's must match it.
case_() {
    device=$1 count=$2 pattern=$3
    shift 3
    err=$(mktemp)
    out=$(env "$@" "$top/scripts/vgpu-run" --device "$device" -- "$program" 2>"$err")
    rc=$?
    if [ $rc -ne 0 ] || ! printf '%s\n' "$out" | grep -qx "devices: $count"; then
        echo "FAIL: $device $*: exit $rc, output '$out', expected $count devices"
        cat "$err"; failures=$((failures + 1))
    elif [ -n "$pattern" ] && [ "$(grep -c "^genvk: warning: skipping.*$pattern" "$err")" -ne 1 ]; then
        echo "FAIL: $device $*: expected one skip line matching '$pattern'"
        cat "$err"; failures=$((failures + 1))
    else
        echo "ok: $device $* -> $count devices${pattern:+ ($(grep 'skipping' "$err"))}"
    fi
    rm -f "$err"
}

case_ skl-gt2 1 ""
case_ skl-gt2 0 "PCI id 0x1234" VGPU_PCI_ID=0x1234
case_ tgl-gt2 0 "SYNCOBJ" VGPU_KERNEL_LACKS=syncobj
case_ skl-gt2 0 "FENCE_ARRAY" VGPU_KERNEL_LACKS=fence-array
case_ skl-gt2 0 "SOFTPIN" VGPU_KERNEL_LACKS=softpin
case_ ivb-gt2 1 "" VGPU_KERNEL_LACKS=softpin
case_ icl-gt2 0 "ENGINES" VGPU_KERNEL_LACKS=engines
[ $failures -eq 0 ] || exit 1

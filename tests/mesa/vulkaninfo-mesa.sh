#!/bin/sh
# Full vulkaninfo through the Vulkan loader with one of Mesa's Intel drivers
# (ANV for Gen9+, hasvk for Gen7/7.5/8) on a vgpu device: it must exit 0 and
# name the emulated GPU as Mesa names that PCI id.
#   vulkaninfo-mesa.sh DEVICE "EXPECTED DEVICE NAME"
set -u
device=$1 expected=$2
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/mesa/mesa-icd.sh"
if ! command -v vulkaninfo >/dev/null; then echo "SKIP: vulkaninfo missing (vulkan-tools)"; exit 77; fi

out=$(mktemp); err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
"$top/scripts/vgpu-run" --device "$device" -- vulkaninfo >"$out" 2>"$err"
rc=$?
if [ $rc -ne 0 ]; then
    echo "FAIL: vulkaninfo exited $rc on $device"; tail -20 "$err"; exit 1
fi
if grep -qiE 'loader.*error|ERROR:.*vk' "$err"; then
    echo "FAIL: loader errors on $device"; cat "$err"; exit 1
fi
name=$(sed -n 's/^[[:space:]]*deviceName[[:space:]]*= //p' "$out" | head -n 1)
if [ "$name" != "$expected" ]; then
    echo "FAIL: deviceName is '$name', expected '$expected'"; exit 1
fi
for section in VkPhysicalDeviceProperties VkPhysicalDeviceMemoryProperties VkQueueFamilyProperties VkPhysicalDeviceFeatures; do
    grep -q "$section" "$out" || { echo "FAIL: section $section missing"; exit 1; }
done
echo "PASS: $device: $name ($(wc -l < "$out") lines)"

#!/bin/sh
# A Vulkan test program must be a valid Vulkan program: it runs on lavapipe
# (Mesa's CPU driver) with VK_LAYER_KHRONOS_validation, and any validation
# error or warning fails the test (shared/design/VALIDATION.md).
#   validate-program.sh PROGRAM
set -u
program=$1
lvp=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json
[ -f "$lvp" ] || { echo "SKIP: lavapipe missing (mesa-vulkan-drivers)"; exit 77; }
[ -f /usr/share/vulkan/explicit_layer.d/VkLayer_khronos_validation.json ] ||
    { echo "SKIP: validation layer missing (vulkan-validationlayers)"; exit 77; }
# In the sanitizer build the program is instrumented, and LeakSanitizer
# would report lavapipe's own allocations: this test judges the program's
# validity, not the driver's leaks (genvk's are checked by its own tests).
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
export ASAN_OPTIONS
err=$(mktemp)
trap 'rm -f "$err"' EXIT
# The layer's default reporting goes to stdout: both streams are checked.
VK_ICD_FILENAMES=$lvp VK_DRIVER_FILES=$lvp VK_INSTANCE_LAYERS=VK_LAYER_KHRONOS_validation \
    "$program" >"$err" 2>&1
rc=$?
[ $rc -eq 77 ] && exit 77
if grep -qE "Validation (Error|Warning)|VUID-" "$err"; then
    echo "FAIL: the validation layer reports:"; cat "$err"; exit 1
fi
[ $rc -eq 0 ] || { echo "FAIL: exit $rc on lavapipe"; cat "$err"; exit 1; }
echo "valid: $(basename "$program") runs clean under the validation layer"

# Sourced by the Mesa tests: selects the Mesa Intel driver for $device —
# hasvk for Gen7/7.5/8, ANV for Gen9+ — and exports it to the loader, or
# skips the test when Debian's mesa-vulkan-drivers is not installed.
case $device in
    ivb-*|hsw-*|bdw-*) icd=/usr/share/vulkan/icd.d/intel_hasvk_icd.x86_64.json ;;
    *) icd=/usr/share/vulkan/icd.d/intel_icd.x86_64.json ;;
esac
if [ ! -f "$icd" ]; then echo "SKIP: $icd missing (mesa-vulkan-drivers)"; exit 77; fi
VK_ICD_FILENAMES=$icd VK_DRIVER_FILES=$icd MESA_SHADER_CACHE_DISABLE=true
export VK_ICD_FILENAMES VK_DRIVER_FILES MESA_SHADER_CACHE_DISABLE

#!/bin/sh
# Runs a libFuzzer target on vgpu (the uapi target): under scripts/vgpu-run,
# with the device $VGPU_DEVICE (default skl-gt2) and libvgpu.so from
# $GENVK_BUILD_DIR.
#   under_vgpu.sh FUZZER [LIBFUZZER-ARGS...]
# ASan options: libvgpu.so is preloaded ahead of the fuzzer's static ASan
# runtime (verify_asan_link_order=0); vgpu reads application memory with
# memcpy under its own SIGSEGV guard, turning a bad pointer into EFAULT as
# the kernel does, which ASan's checking memcpy would report as a wild read
# first (replace_intrin=0).  One EU thread and a small instruction budget:
# a random batch that loops is a GPU hang within a few milliseconds.
set -eu
ASAN_OPTIONS="verify_asan_link_order=0:replace_intrin=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
VGPU_THREADS=1
VGPU_BUDGET=${VGPU_BUDGET:-100000}
export ASAN_OPTIONS VGPU_THREADS VGPU_BUDGET
exec "$(dirname "$0")/../../scripts/vgpu-run" --device "${VGPU_DEVICE:-skl-gt2}" -- "$@"

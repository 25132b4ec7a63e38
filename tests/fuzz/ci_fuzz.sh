#!/bin/sh
# The CI side of a libFuzzer target (tests/fuzz/meson.build).
#
#   ci_fuzz.sh replay FUZZER REGRESS_DIR
#       runs every input of REGRESS_DIR once: each crashed before its fix
#   ci_fuzz.sh campaign WORK FUZZER RUNS SECONDS FD_MASK SEED...
#       a fixed-seed campaign of RUNS inputs (at most SECONDS), mutated
#       from the SEED files and directories; new inputs go to WORK
#
# Any crash, sanitizer report, leak, >2 GiB RSS or >30 s input fails the
# test (wall clock: the slowest seed, a compute shader compiled for every
# generation, takes 7.5 s of CPU alone and twice that on a loaded machine): libFuzzer's own exit codes (77 for a bug, 70 for a timeout) would
# read as a skip or pass unnoticed, so both are 1 here.  FD_MASK is
# libFuzzer's -close_fd_mask (1: the target's stdout is discarded, 3: its
# stderr too, for targets whose inputs are mostly rejected with a message).
# $FUZZ_RUN, when set, is a command the fuzzer runs under (under_vgpu.sh).
set -eu
run=${FUZZ_RUN:-}
limits="-rss_limit_mb=2048 -timeout=30 -error_exitcode=1 -timeout_exitcode=1"
mode=$1
shift
case $mode in
replay)
    fuzz=$1 dir=$2
    set --
    for f in "$dir"/*; do
        [ -f "$f" ] && set -- "$@" "$f"
    done
    if [ $# -eq 0 ]; then
        echo "no regression inputs in $dir yet"
        exit 0
    fi
    echo "replaying $# regression inputs of $dir"
    # shellcheck disable=SC2086
    exec $run "$fuzz" $limits "$@"
    ;;
campaign)
    work=$1 fuzz=$2 runs=$3 seconds=$4 mask=$5
    shift 5
    rm -rf "$work"
    mkdir -p "$work/new" "$work/seeds"
    for s in "$@"; do
        if [ -d "$s" ]; then
            find "$s" -maxdepth 1 -type f -exec cp {} "$work/seeds/" \;
        else
            cp "$s" "$work/seeds/"
        fi
    done
    # shellcheck disable=SC2086
    exec $run "$fuzz" -seed=1 -runs="$runs" -max_total_time="$seconds" -close_fd_mask="$mask" \
        $limits -print_final_stats=1 -artifact_prefix="$work/" "$work/new" "$work/seeds"
    ;;
*)
    echo "usage: ci_fuzz.sh replay|campaign ..." >&2
    exit 2
    ;;
esac

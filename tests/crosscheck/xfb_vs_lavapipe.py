#!/usr/bin/env python3
"""vgpu's stream output checked against lavapipe.

tests/programs/xfb_capture runs every transform feedback case it has
(strips in both provoking-vertex modes, lines, points, two buffers with
holes, overflow with a stream query, counter buffers and
vkCmdDrawIndirectByteCountEXT) once on lavapipe, the reference, under
the Khronos validation layer, and once per emulated GPU by Mesa's Intel
driver on vgpu (ANV on Gen9+, hasvk on Gen7/7.5/8).  Each case writes its
whole capture buffer (captured vertices, bytes never written, counter
values) and, for overflow, the query's results; those must equal
lavapipe's byte for byte: Vulkan defines every one of them (the order of
a primitive's vertices, what holes and strides leave alone, which
primitives overflow, what the counters and the query hold), but for one
freedom: a device whose transformFeedbackPreservesTriangleFanProvokingVertex
is false (Mesa's Intel drivers) may write a fan triangle's vertices
rotated, its winding kept (VkPhysicalDeviceProvokingVertexPropertiesEXT);
each of the fan case's triangles must then be a rotation of lavapipe's
(xfb_fan.py, shared with graphics_vs_lavapipe.py).

With --genvk JSON, genvk runs every case too on the generations it draws
on (bdw-gt2 and later), under the validation layer with its
synchronization checks and VGPU_RULES=error, held to the same bytes.

A case is a SKIP, with its reason, when the device lacks what it needs
(xfb_capture prints "unsupported: CASE: WHAT"), and every case of a device
is one when vgpu cannot execute something yet ("vgpu: not modelled: WHAT"
on stderr).  Anything else that differs or fails is a FAIL.  Exit status:
1 with any FAIL, 77 when nothing could be compared, 0 otherwise.

usage: xfb_vs_lavapipe.py --top SRC --program XFB_CAPTURE [--device DEV]...
                          [--keep DIR] [--genvk JSON]
"""
import argparse
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mesa_icds import (  # noqa: E402  (shared by the cross-check harnesses)
    LAVAPIPE_ICD, VALIDATION_LAYER, VALIDATION_ERROR, NOT_MODELLED, RULE_BROKEN, SKIP, device_icd,
    validated)
import xfb_fan  # noqa: E402  (the fan rule graphics_vs_lavapipe.py shares)

DEVICES = ["ivb-gt2", "hsw-gt2", "bdw-gt2", "skl-gt2", "icl-gt2", "tgl-gt2"]
# The generations genvk draws on (graphics_vs_lavapipe.py's GENVK_DEVICES).
GENVK_DEVICES = ["bdw-gt2", "skl-gt2", "icl-gt2", "tgl-gt2"]
UNSUPPORTED = re.compile(r"^unsupported: ([\w-]+): (.*)$", re.M)
RAN = re.compile(r"^([\w-]+): counters ", re.M)
RUN_TIMEOUT = 600   # vgpu reports hangs itself; this only bounds a stuck process
MAX_REPORTED = 8
# xfb_capture.c's layout of a case's file.
COUNTERS = 12288
CAPTURE_SIZE = 16384
# Cases whose triangles may be rotated: (triangles, bytes per vertex).
ROTATABLE = {"fan": (4, 32)}



def base_env():
    env = dict(os.environ)
    # Mesa leaks at exit; the project's own binaries are leak-checked elsewhere.
    env.setdefault("ASAN_OPTIONS", "detect_leaks=0")
    env.pop("VK_DRIVER_FILES", None)
    return env


class Run:
    """One run of xfb_capture: status 'ran', 'skip' or 'fail' with a
    reason; cases ran and cases unsupported (name -> what)."""

    def __init__(self, status, reason="", ran=(), unsupported=None):
        self.status = status
        self.reason = reason
        self.ran = list(ran)
        self.unsupported = unsupported or {}


def run(cmd, env, prefix):
    try:
        r = subprocess.run(cmd + ["--out", prefix], env=env, capture_output=True, text=True,
                           timeout=RUN_TIMEOUT)
    except subprocess.TimeoutExpired:
        return Run("fail", "no result within %d s" % RUN_TIMEOUT)
    invalid = VALIDATION_ERROR.findall(r.stdout + r.stderr)
    if invalid:
        return Run("fail", "the program is not valid Vulkan: " + invalid[0][:300])
    broken = RULE_BROKEN.search(r.stderr)
    if broken:
        return Run("fail", "the driver's batch breaks a " + broken.group(0)[:300])
    not_modelled = NOT_MODELLED.search(r.stderr)
    if not_modelled:
        return Run("skip", "vgpu does not model it yet: " + not_modelled.group(1).strip())
    if r.returncode == SKIP:
        return Run("skip", "feature the device lacks: transformFeedback")
    if r.returncode != 0:
        tail = (r.stdout + r.stderr).strip().splitlines()[-6:]
        return Run("fail", "exit status %d: %s" % (r.returncode, " | ".join(tail)))
    return Run("ran", ran=RAN.findall(r.stdout), unsupported=dict(UNSUPPORTED.findall(r.stdout)))


def describe(offset, data):
    """A dword of a case's file, as what it holds there."""
    word = struct.unpack_from("<I", data, offset)[0]
    if offset >= CAPTURE_SIZE:
        return "0x%08x" % word
    if COUNTERS <= offset < COUNTERS + 16:
        return "%u" % word
    return "0x%08x (%g)" % (word, struct.unpack_from("<f", data, offset)[0])


def where(offset):
    if offset >= CAPTURE_SIZE:
        return "query result %d (%s half)" % ((offset - CAPTURE_SIZE) // 8,
                                              "low" if offset % 8 == 0 else "high")
    if COUNTERS <= offset < COUNTERS + 16:
        return "counter %d" % ((offset - COUNTERS) // 4)
    return "byte %d" % offset


def unrotate(name, want, got):
    """got with each triangle the case may rotate turned back to want's
    order where it is a rotation of want's triangle (xfb_fan.py)."""
    if name not in ROTATABLE:
        return got
    triangles, size = ROTATABLE[name]
    return xfb_fan.unrotate_fan_triangles(want, got, 0, triangles, size)


def compare(name, want_path, got_path, device):
    """Lines describing how got differs from want (none when equal)."""
    with open(want_path, "rb") as f:
        want = f.read()
    with open(got_path, "rb") as f:
        got = f.read()
    if len(want) == len(got):
        got = unrotate(name, want, got)
    if len(want) != len(got):
        return ["%d bytes, lavapipe %d" % (len(got), len(want))]
    bad = [o for o in range(0, len(want) - 3, 4) if want[o:o + 4] != got[o:o + 4]]
    lines = ["%s: lavapipe %s, %s %s" % (where(o), describe(o, want), device, describe(o, got))
             for o in bad[:MAX_REPORTED]]
    if len(bad) > MAX_REPORTED:
        lines.append("%d dwords differ in all" % len(bad))
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", required=True)
    parser.add_argument("--program", required=True, help="xfb_capture")
    parser.add_argument("--device", action="append")
    parser.add_argument("--keep", help="keep the captured files in this directory")
    parser.add_argument("--genvk", help="genvk's manifest: genvk runs the cases too, on %s"
                        % ", ".join(GENVK_DEVICES))
    args = parser.parse_args()
    devices = args.device or DEVICES
    if not os.path.exists(LAVAPIPE_ICD):
        print("SKIP: lavapipe (%s) is not installed" % LAVAPIPE_ICD)
        return SKIP
    work = args.keep or tempfile.mkdtemp(prefix="xfb_vs_lavapipe.")
    try:
        return check(args, devices, work)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


def device_drivers(args, device):
    """[(driver, env)] that run on device: Mesa's, and genvk with --genvk
    on the generations it draws on."""
    drivers = [("mesa", dict(base_env(), VK_ICD_FILENAMES=device_icd(device)))]
    if args.genvk and device in GENVK_DEVICES:
        env = dict(base_env(), VK_ICD_FILENAMES=args.genvk, VGPU_RULES="error",
                   VGPU_EU_CHECKS="all")
        drivers.append(("genvk", validated(env, sync=True)))
    return drivers


def compare_cases(reference, result, work, out, label):
    """(passes, failures) of one driver's run against lavapipe's, each
    case reported."""
    passes = failures = 0
    for name in reference.ran:
        if name in result.unsupported:
            print("SKIP %s %s: feature the device lacks: %s"
                  % (label, name, result.unsupported[name]))
            continue
        if name not in result.ran:
            print("FAIL %s %s: the case did not run" % (label, name))
            failures += 1
            continue
        lines = compare(name, os.path.join(work, "lavapipe", "x." + name),
                        os.path.join(out, "x." + name), label)
        if lines:
            print("FAIL %s %s: captured bytes differ" % (label, name))
            for line in lines:
                print("    " + line)
            failures += 1
        else:
            print("PASS %s %s" % (label, name))
            passes += 1
    return passes, failures


def check(args, devices, work):
    env = dict(base_env(), VK_ICD_FILENAMES=LAVAPIPE_ICD)
    if os.path.exists(VALIDATION_LAYER):
        env["VK_INSTANCE_LAYERS"] = "VK_LAYER_KHRONOS_validation"
    else:
        print("NOTE: %s not found: the program is not checked by the validation layer"
              % VALIDATION_LAYER)
    os.makedirs(os.path.join(work, "lavapipe"), exist_ok=True)
    reference = run([args.program], env, os.path.join(work, "lavapipe", "x"))
    if reference.status != "ran":
        print("FAIL lavapipe: %s" % reference.reason)
        return 1
    for name, what in sorted(reference.unsupported.items()):
        print("NOTE: lavapipe lacks %s for case %s: not compared" % (what, name))
    vgpu_run = os.path.join(args.top, "scripts", "vgpu-run")
    failures = passes = 0
    for device in devices:
        for driver, env in device_drivers(args, device):
            label = device if driver == "mesa" else "%s genvk" % device
            if driver == "mesa" and not os.path.exists(env["VK_ICD_FILENAMES"]):
                print("SKIP %s: %s missing (mesa-vulkan-drivers)"
                      % (label, env["VK_ICD_FILENAMES"]))
                continue
            out = os.path.join(work, device + "-" + driver)
            os.makedirs(out, exist_ok=True)
            result = run([vgpu_run, "--device", device, "--", args.program], env,
                         os.path.join(out, "x"))
            if result.status != "ran":
                print("%s %s: %s" % (result.status.upper(), label, result.reason))
                failures += result.status == "fail"
                continue
            p, f = compare_cases(reference, result, work, out, label)
            passes += p
            failures += f
    print("%d passed, %d failed" % (passes, failures))
    if failures:
        return 1
    return 0 if passes else SKIP


if __name__ == "__main__":
    sys.exit(main())

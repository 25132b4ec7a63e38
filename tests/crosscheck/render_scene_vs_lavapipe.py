#!/usr/bin/env python3
"""genvk renders tests/programs/render_scene.c's picture as lavapipe does.

render_scene (a texture uploaded by a buffer-to-image copy; indexed,
instanced and indirect draws reading gl_BaseVertex/gl_BaseInstance/
gl_DrawID; push constants in two stages; depth/stencil testing; blending;
a copy back to a buffer) runs on lavapipe (the reference, under the
validation layer), then on every Gen8+ emulated GPU through genvk (under
the validation layer with synchronization validation, VGPU_RULES=error)
and, for comparison only, through Mesa's driver.  Every channel of every pixel must be within
TOLERANCE of lavapipe's: the fragment shader filters the texture
linearly, and the Intel sampler's 8-bit filter weights (vgpu models them)
round differently from lavapipe's float weights; Mesa's driver differs
from lavapipe by the same amount, which the run prints as a check of the
tolerance.  Exit status: 1 with any failure, 77 when a driver is missing.

usage: render_scene_vs_lavapipe.py --top SRC --program RENDER_SCENE --genvk JSON
                                   [--device DEV]...
"""
import argparse
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mesa_icds import (  # noqa: E402  (shared by the cross-check harnesses)
    LAVAPIPE_ICD, RULE_BROKEN, SKIP, VALIDATION_ERROR, device_icd, mesa_env, validated)

DEVICES = ["bdw-gt2", "skl-gt2", "icl-gt2", "tgl-gt2"]
TOLERANCE = 2


def render(cmd, env, out):
    """The picture's bytes, or the reason there are none."""
    env = dict(env)
    env.pop("VK_DRIVER_FILES", None)
    env.setdefault("ASAN_OPTIONS", "detect_leaks=0")
    r = subprocess.run(cmd + ["--out", out], env=env, capture_output=True, text=True,
                       timeout=300)
    output = r.stdout + r.stderr
    for bad in (VALIDATION_ERROR, RULE_BROKEN):
        m = bad.search(output)
        if m:
            return None, m.group(0)[:300]
    if r.returncode:
        return None, "exit status %d: %s" % (r.returncode, output.strip()[-300:])
    with open(out, "rb") as f:
        return f.read(), None


def compare(want, got):
    """(channels differing, largest difference)."""
    diffs = [abs(a - b) for a, b in zip(want, got) if a != b]
    return len(diffs), max(diffs, default=0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--top", required=True, help="source tree (for scripts/vgpu-run)")
    ap.add_argument("--program", required=True, help="render_scene")
    ap.add_argument("--genvk", required=True, help="genvk's manifest")
    ap.add_argument("--device", action="append", choices=DEVICES)
    args = ap.parse_args()
    devices = args.device or DEVICES
    for icd in [LAVAPIPE_ICD] + [device_icd(d) for d in devices]:
        if not os.path.exists(icd):
            print("SKIP: %s not found (Debian package mesa-vulkan-drivers)" % icd)
            return SKIP
    vgpu_run = os.path.join(args.top, "scripts", "vgpu-run")
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        env = validated(dict(os.environ, VK_ICD_FILENAMES=LAVAPIPE_ICD))
        want, why = render([args.program], env, os.path.join(tmp, "lavapipe"))
        if want is None:
            print("FAIL lavapipe: %s" % why)
            return 1
        for device in devices:
            runs = [("genvk", validated(dict(os.environ, VK_ICD_FILENAMES=args.genvk,
                                             VGPU_RULES="error"), sync=True)),
                    ("mesa", mesa_env(dict(os.environ, VK_ICD_FILENAMES=device_icd(device))))]
            for driver, env in runs:
                got, why = render([vgpu_run, "--device", device, "--", args.program], env,
                                  os.path.join(tmp, device + driver))
                if got is None or len(got) != len(want):
                    verdict = "FAIL"
                    detail = why or "%d bytes, lavapipe %d" % (len(got), len(want))
                else:
                    n, worst = compare(want, got)
                    verdict = "PASS" if worst <= TOLERANCE else "FAIL"
                    detail = "%d channels differ from lavapipe, by at most %d" % (n, worst)
                failures += verdict == "FAIL" and driver == "genvk"
                print("%s %s %s: %s" % (verdict if driver == "genvk" else "(mesa)", device,
                                        driver, detail))
    print("%d devices: %d failed" % (len(devices), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

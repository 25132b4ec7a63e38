#!/usr/bin/env python3
"""VGPU_DEBUG=draw against the draws the test programs record.

Runs each program through Mesa's driver for DEVICE (hasvk on Gen7/7.5/8,
ANV on Gen9+, as tests/mesa/mesa-icd.sh picks it) on vgpu with
VGPU_DEBUG=draw, and checks the "draw:" lines vgpu prints, one per
3DPRIMITIVE, against the vkCmdDraw* calls in the program's source: their
topology, index format, counts and offsets, in order.  The expected values
below are copied from those calls (and from the indirect commands the
programs write into their buffers), never from vgpu's output.

The drivers' own draws for clears and copies (BLORP's RECTLIST
rectangles) are not the program's and are left out.  A program's indirect
draws depend on features the program asks the driver for: with
multiDrawIndirect it issues two indexed indirect draws, else one; draw_params
zeroes firstInstance of its indirect commands without
drawIndirectFirstInstance.  Each combination is a sequence the program can
record, and the draws must be one of them.

usage: draw_debug.py [--top DIR] DEVICE PROGRAM...
Exits 77 with a SKIP line when Mesa's driver for DEVICE is not installed.
"""
import argparse
import os
import re
import subprocess
import sys

ICD_DIR = "/usr/share/vulkan/icd.d"
HASVK_DEVICES = ("ivb-", "hsw-", "bdw-")


def draw(topology, vertex_count, instance_count, start_vertex, start_instance,
         base_vertex=0, index="none", indirect="no", stages=("VS", "PS")):
    """One draw line's expected fields; start_vertex is the first index of an
    indexed draw (3DPRIMITIVE's Start Vertex Location)."""
    return {"topology": topology, "index": index, "vertex_count": vertex_count,
            "instance_count": instance_count, "start_vertex": start_vertex,
            "base_vertex": base_vertex, "start_instance": start_instance,
            "indirect": indirect, "stages": stages}


def indexed(*args, **kw):
    return draw(*args, index="WORD", **kw)


def draw_params(mdi, first_instance):
    """tests/programs/graphics/draw_params.c, record()."""
    fi = (lambda n: n) if first_instance else (lambda n: 0)
    draws = [
        # vkCmdDrawIndexed(cmd, 6, 2, 0, 1, 1)
        indexed("TRILIST", 6, 2, 0, 1, base_vertex=1),
        # vkCmdDraw(cmd, 3, 1, 2, 3)
        draw("TRILIST", 3, 1, 2, 3),
        # vkCmdDrawIndexedIndirect: indexed[0] = { 6, 1, 0, 4, 0 }
        indexed("TRILIST", 6, 1, 0, 0, base_vertex=4, indirect="yes"),
    ]
    if mdi:
        # indexed[1] = { 3, 2, 3, 0, 5 }
        draws.append(indexed("TRILIST", 3, 2, 3, fi(5), indirect="yes"))
    # vkCmdDrawIndirect: plain = { 3, 1, 5, 1 }
    draws.append(draw("TRILIST", 3, 1, 5, fi(1), indirect="yes"))
    return draws


def render_scene(mdi, first_instance):
    """tests/programs/render_scene.c: one round of its command buffer."""
    del first_instance   # render_scene keeps its firstInstance values
    draws = [
        # vkCmdDraw(cmd, 3, 2, 1, 1)
        draw("TRILIST", 3, 2, 1, 1),
        # vkCmdDrawIndexed(cmd, 6, 3, 0, 1, 2)
        indexed("TRILIST", 6, 3, 0, 2, base_vertex=1),
        # vkCmdDrawIndexedIndirect: indexed_cmds[0] = { 6, 2, 0, 0, 1 }
        indexed("TRILIST", 6, 2, 0, 1, indirect="yes"),
    ]
    if mdi:
        # indexed_cmds[1] = { 3, 1, 6, 0, 3 }
        draws.append(indexed("TRILIST", 3, 1, 6, 3, indirect="yes"))
    # vkCmdDrawIndirect at 128: draw_cmd = { 3, 1, 2, 4 }
    draws.append(draw("TRILIST", 3, 1, 2, 4, indirect="yes"))
    return draws


def xfb_capture(mdi, first_instance):
    """tests/programs/xfb_capture.c: a vertex-only pipeline with transform
    feedback and rasterization discarded."""
    del mdi, first_instance
    return [
        # vkCmdDraw(cmd, 5, 1, 0, 0), vkCmdDraw(cmd, 5, 1, 0, 1)
        draw("TRISTRIP", 5, 1, 0, 0, stages=("VS", "SO")),
        draw("TRISTRIP", 5, 1, 0, 1, stages=("VS", "SO")),
    ]


PROGRAMS = {"draw_params": draw_params, "render_scene": render_scene,
            "xfb_capture": xfb_capture}

LINE = re.compile(r"^vgpu: info: draw: (.*)$")


def parse(stderr):
    """The draw lines' key=value fields."""
    draws = []
    for line in stderr.splitlines():
        m = LINE.match(line)
        if m:
            draws.append(dict(kv.split("=", 1) for kv in m.group(1).split()))
    return draws


def matches(got, want):
    """Why got is not want, or None."""
    for key in ("topology", "index", "vertex_count", "instance_count", "start_vertex",
                "base_vertex", "start_instance", "indirect"):
        if got.get(key) != str(want[key]):
            return f"{key}={got.get(key)}, expected {want[key]}"
    if got.get("predicate") != "none":
        return f"predicate={got.get('predicate')}, expected none"
    stages = got.get("stages", "").split(",")
    missing = [s for s in want["stages"] if s not in stages]
    if missing:
        return f"stages={got.get('stages')} lack {','.join(missing)}"
    return None


def compare(draws, expected):
    """None when draws is expected draw for draw, else the first difference."""
    if len(draws) != len(expected):
        return f"{len(draws)} draws, expected {len(expected)}"
    for i, (got, want) in enumerate(zip(draws, expected)):
        why = matches(got, want)
        if why:
            return f"draw {i}: {why}"
    return None


def icd_for(device):
    name = "intel_hasvk_icd" if device.startswith(HASVK_DEVICES) else "intel_icd"
    return os.path.join(ICD_DIR, name + ".x86_64.json")


def run(top, device, program, icd):
    env = dict(os.environ, VGPU_DEBUG="draw", VK_ICD_FILENAMES=icd, VK_DRIVER_FILES=icd,
               MESA_SHADER_CACHE_DISABLE="true")
    return subprocess.run([os.path.join(top, "scripts", "vgpu-run"), "--device", device,
                           "--", program], env=env, capture_output=True, text=True,
                          timeout=300, check=False)


def check_program(top, device, program, icd):
    name = os.path.basename(program)
    result = run(top, device, program, icd)
    if result.returncode != 0:
        sys.stderr.write(result.stderr)
        return f"{name} exited {result.returncode}"
    draws = [d for d in parse(result.stderr) if d.get("topology") != "RECTLIST"]
    candidates = [(mdi, fi, PROGRAMS[name](mdi, fi))
                  for mdi in (True, False) for fi in (True, False)]
    depends = any(c[2] != candidates[0][2] for c in candidates)
    reasons = []
    for mdi, first_instance, expected in candidates:
        why = compare(draws, expected)
        if why is None:
            features = (f" (multiDrawIndirect {mdi}, drawIndirectFirstInstance "
                        f"{first_instance})" if depends else "")
            print(f"{device} {name}: {len(draws)} draws as recorded{features}")
            return None
        reasons.append(why)
    for d in draws:
        print("  got:", " ".join(f"{k}={v}" for k, v in d.items()))
    return f"{name}: {reasons[0]}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", default=os.path.join(os.path.dirname(__file__), "..", ".."))
    parser.add_argument("device")
    parser.add_argument("programs", nargs="+")
    args = parser.parse_args()
    icd = icd_for(args.device)
    if not os.path.exists(icd):
        print(f"SKIP: {icd} missing (mesa-vulkan-drivers)")
        return 77
    failures = [why for program in args.programs
                if (why := check_program(args.top, args.device, program, icd))]
    for why in failures:
        print(f"FAIL {args.device}: {why}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

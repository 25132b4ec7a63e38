#!/usr/bin/env python3
"""The vertex shader's VUEs against what the shader must compute.

Runs draw_params and xfb_capture through Mesa's driver for DEVICE (hasvk on
Gen7/7.5/8, ANV on Gen9+) on vgpu with VGPU_DEBUG=draw,vertex and checks
every "vertex:" block vgpu prints (one per shaded vertex: the VUE rows
after the vertex shader) against values computed here from the programs'
GLSL sources and vertex data, copied below from the programs:

  draw_params.vert: gl_Position = (position + pc.offset.xy
      + InstanceIndex * 0.1 + (BaseVertex + BaseInstance + DrawID) * 0.01,
      0, 1); v_color = color * (VertexIndex + 1) * 0.25
  xfb_capture.vert: x = VertexIndex >> 1, y = VertexIndex & 1;
      gl_Position = (x * 0.25 - 0.5, y - 0.5, 0, 1);
      v_value = (VertexIndex, InstanceIndex, x, y)

The position is VUE row 1 (PRM Vol 7 "Vertex URB Entry Formats"); where
the compiler puts a varying is Mesa's choice, so the output must be found
in one row >= 2 for every vertex of a draw.  Each draw's vertex index, as
the VF fetched it, must be the one its vkCmdDraw* call names.

A draw that a later unit ends early with "vgpu: not modelled" (the pixel
stage, say) shades fewer vertices: its vertices must then be a prefix of
the expected ones, each checked, and the test says which draw stopped.

usage: vs_vue.py [--top DIR] DEVICE DRAW_PARAMS XFB_CAPTURE
Exits 77 with a SKIP line when Mesa's driver for DEVICE is not installed.
"""
import argparse
import os
import re
import struct
import subprocess
import sys

ICD_DIR = "/usr/share/vulkan/icd.d"
HASVK_DEVICES = ("ivb-", "hsw-", "bdw-")
TOLERANCE = 1e-5

# tests/programs/graphics/draw_params.c
DP_VERTICES = [
    ((-0.5, -0.5), (1, 0, 0, 1)), ((0.5, -0.5), (0, 1, 0, 1)),
    ((0.5, 0.5), (0, 0, 1, 1)), ((-0.5, 0.5), (1, 1, 0, 1)),
    ((-0.2, -0.2), (1, 0, 1, 1)), ((0.2, -0.2), (0, 1, 1, 1)),
    ((0.2, 0.2), (1, 1, 1, 1)), ((-0.2, 0.2), (0.5, 0.5, 0.5, 1)),
]
DP_INDICES = [0, 1, 2, 2, 3, 0]


def dp_draw(count, instances, first, base_vertex, first_instance, draw_id,
            offset, indexed):
    """One vkCmdDraw* of draw_params: first is firstIndex or firstVertex."""
    return dict(count=count, instances=instances, first=first,
                base_vertex=base_vertex, first_instance=first_instance,
                draw_id=draw_id, offset=offset, indexed=indexed)


def draw_params_draws(mdi, first_instance):
    fi = (lambda n: n) if first_instance else (lambda n: 0)
    a, b = (-0.5, -0.5), (0.25, -0.5)   # push.offset before and after the update
    draws = [
        dp_draw(6, 2, 0, 1, 1, 0, a, True),       # vkCmdDrawIndexed(cmd, 6, 2, 0, 1, 1)
        dp_draw(3, 1, 2, 2, 3, 0, a, False),      # vkCmdDraw(cmd, 3, 1, 2, 3)
        dp_draw(6, 1, 0, 4, 0, 0, b, True),       # indexed[0] = { 6, 1, 0, 4, 0 }
    ]
    if mdi:
        draws.append(dp_draw(3, 2, 3, 0, fi(5), 1, b, True))   # indexed[1] = { 3, 2, 3, 0, 5 }
    draws.append(dp_draw(3, 1, 5, 5, fi(1), 0, b, False))      # plain = { 3, 1, 5, 1 }
    return draws


def dp_expect(d, instance, position):
    """(vertex index, gl_Position, v_color) of one vertex of draw d."""
    idx = (DP_INDICES[d["first"] + position] + d["base_vertex"] if d["indexed"]
           else d["first"] + position)
    (px, py), color = DP_VERTICES[idx]
    inst = d["first_instance"] + instance
    shift = (d["base_vertex"] + d["first_instance"] + d["draw_id"]) * 0.01
    pos = (px + d["offset"][0] + inst * 0.1 + shift,
           py + d["offset"][1] + inst * 0.1 + shift, 0.0, 1.0)
    return idx, pos, tuple(c * (idx + 1) * 0.25 for c in color)


def xfb_draws():
    # vkCmdDraw(cmd, 5, 1, 0, 0) and vkCmdDraw(cmd, 5, 1, 0, 1)
    return [dict(count=5, instances=1, first=0, first_instance=0),
            dict(count=5, instances=1, first=0, first_instance=1)]


def xfb_expect(d, instance, position):
    idx = d["first"] + position
    x, y = idx >> 1, idx & 1
    return (idx, (x * 0.25 - 0.5, y - 0.5, 0.0, 1.0),
            (float(idx), float(d["first_instance"] + instance), float(x), float(y)))


DRAW_RE = re.compile(r"vgpu: info: draw: (.*)")
VERTEX_RE = re.compile(r"vgpu: info: vertex: instance=(\d+) position=(\d+) index=(\d+) rows=(\d+)")
ROW_RE = re.compile(r"vgpu: info: vertex:\s+r(\d+) (0x[0-9a-f]{8}) (0x[0-9a-f]{8}) "
                    r"(0x[0-9a-f]{8}) (0x[0-9a-f]{8})")


def as_float(hexword):
    return struct.unpack("<f", struct.pack("<I", int(hexword, 16)))[0]


def parse(output):
    """The draws that run a vertex shader, each a list of vertices
    (instance, position, index, rows) in the order vgpu shaded them."""
    draws, current = [], None
    for line in output.splitlines():
        m = DRAW_RE.match(line)
        if m:
            fields = dict(f.split("=", 1) for f in m.group(1).split())
            current = [] if "VS" in fields["stages"].split(",") else None
            if current is not None:
                draws.append(current)
            continue
        m = VERTEX_RE.match(line)
        if m and current is not None:
            current.append([int(m.group(1)), int(m.group(2)), int(m.group(3)), {}])
            continue
        m = ROW_RE.match(line)
        if m and current:
            current[-1][3][int(m.group(1))] = tuple(as_float(h) for h in m.groups()[1:])
    return draws


def close(a, b):
    return all(abs(x - y) <= TOLERANCE for x, y in zip(a, b))


def check_draw(name, n, expected, vertices, expect, stopped, notes):
    """Every vertex of draw n; returns the errors."""
    errors = []
    want = [(i, p) for i in range(expected["instances"]) for p in range(expected["count"])]
    got = [(v[0], v[1]) for v in vertices]
    if got != want and not (stopped and got and got == want[:len(got)]):
        return [f"{name} draw {n}: shaded (instance, position) {got}, expected {want}"]
    if got != want:
        notes.append(f"{name} draw {n} stopped after {len(got)} of {len(want)} vertices "
                     f"(not modelled: {stopped})")
    output_rows = None
    for instance, position, index, rows in vertices:
        idx, pos, out = expect(expected, instance, position)
        where = f"{name} draw {n} instance {instance} position {position}"
        if index != idx:
            errors.append(f"{where}: VF index {index}, expected {idx}")
        if 1 not in rows or not close(rows[1], pos):
            errors.append(f"{where}: position {rows.get(1)}, expected {pos}")
        matching = {r for r, v in rows.items() if r >= 2 and close(v, out)}
        output_rows = matching if output_rows is None else output_rows & matching
        if not output_rows:
            errors.append(f"{where}: no VUE row (>= 2) holds {out} in every vertex so far: "
                          f"{rows}")
            break
    return errors


def run(top, device, program):
    env = dict(os.environ)
    icd = "intel_hasvk_icd.x86_64.json" if device.startswith(HASVK_DEVICES) else "intel_icd.x86_64.json"
    env.update(VK_ICD_FILENAMES=os.path.join(ICD_DIR, icd), VGPU_DEBUG="draw,vertex")
    cmd = [os.path.join(top, "scripts", "vgpu-run"), "--device", device, "--", program]
    p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600)
    return p.returncode, p.stdout + p.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--top", default=".")
    ap.add_argument("device")
    ap.add_argument("draw_params")
    ap.add_argument("xfb_capture")
    args = ap.parse_args()
    icd = "intel_hasvk_icd.x86_64.json" if args.device.startswith(HASVK_DEVICES) else "intel_icd.x86_64.json"
    if not os.path.exists(os.path.join(ICD_DIR, icd)):
        print(f"SKIP: Mesa's {icd} is not installed")
        return 77
    errors, notes = [], []
    for name, program in (("draw_params", args.draw_params), ("xfb_capture", args.xfb_capture)):
        rc, output = run(args.top, args.device, program)
        draws = parse(output)
        stopped = ", ".join(sorted(set(re.findall(r"vgpu: not modelled: (.*)", output))))
        if name == "xfb_capture":
            choices = [xfb_draws()]
            expect = xfb_expect
        else:
            # The program records one of these, by the features the
            # driver has (multiDrawIndirect, drawIndirectFirstInstance).
            choices = [draw_params_draws(m, f) for m in (True, False) for f in (True, False)]
            expect = dp_expect
        best, best_notes = None, []
        for expected in choices:
            if len(expected) != len(draws):
                continue
            errs, why = [], []
            for n, (e, vertices) in enumerate(zip(expected, draws)):
                errs += check_draw(name, n, e, vertices, expect, stopped, why)
            if best is None or len(errs) < len(best):
                best, best_notes = errs, why
        if best is None:
            best = [f"{name}: {len(draws)} draws with a vertex shader, expected one of "
                    f"{sorted({len(c) for c in choices})}"]
        if best:
            best.append(f"{name} exited {rc}; its output:\n{output[-4000:]}")
        else:
            notes += best_notes
        errors += best
    for n in notes:
        print("NOTE:", n)
    for e in errors:
        print("FAIL:", e)
    if not errors:
        print(f"{args.device}: every VUE holds what the shaders compute")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

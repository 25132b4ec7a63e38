#!/usr/bin/env python3
"""The graphics cross-check's judgement (graphics_vs_lavapipe.py) on
stand-in runs and hand-made pixels, without a Vulkan driver: how a run's
output is classified (PASS, FAIL, XFAIL, SKIP), tolerances per channel,
and the first differing pixels it reports.

usage: harness_test.py GRAPHICS_VS_LAVAPIPE_PY"""
import importlib.util
import os
import struct
import sys
import tempfile

spec = importlib.util.spec_from_file_location("harness", sys.argv[1])
h = importlib.util.module_from_spec(spec)
spec.loader.exec_module(h)

failures = 0


def check(what, got, want):
    global failures
    if got != want:
        failures += 1
        print("FAIL %s: got %r, want %r" % (what, got, want))


def stand_in(tmp, name, body):
    """A shell script standing in for gfx_run."""
    path = os.path.join(tmp, name)
    with open(path, "w") as f:
        f.write("#!/bin/sh\n" + body + "\n")
    os.chmod(path, 0o755)
    return [path]


def classify(tmp):
    env = dict(os.environ)
    prefix = os.path.join(tmp, "out")
    cases = [
        ("ran", "exit 0", "ran", ""),
        ("not modelled", "echo 'vgpu: not modelled: clipping' >&2; exit 0",
         "xfail", "not modelled: clipping"),
        ("not modelled, device lost", "echo 'vgpu: not modelled: GS' >&2; exit 1",
         "xfail", "not modelled: GS"),
        ("unsupported", "echo 'unsupported: feature wideLines'; exit 77",
         "skip", "feature the device lacks: feature wideLines"),
        ("error exit", "echo 'vkQueueSubmit failed: -4' >&2; exit 1",
         "fail", "exit status 1: vkQueueSubmit failed: -4"),
        ("crash", "kill -SEGV $$", "fail", "crashed (signal 11): "),
        ("hang", "echo 'vgpu: GPU hang: the batch ran more than 5 EU instructions' >&2; "
         "echo 'vgpu: not modelled: x' >&2; exit 1",
         "fail", "hang: vgpu: GPU hang: the batch ran more than 5 EU instructions"),
        ("rule", "echo 'vgpu: error: hardware rule foo violated by 3DPRIMITIVE' >&2; exit 1",
         "fail", "the driver's batch breaks a hardware rule foo violated by 3DPRIMITIVE"),
    ]
    for what, body, status, reason in cases:
        r = h.run_program(stand_in(tmp, "run", body), env, prefix, False)
        check(what + ": status", r.status, status)
        check(what + ": reason", r.reason, reason)
    r = h.run_program(stand_in(tmp, "run", "echo 'Validation Error: [ VUID-x ] bad'"),
                      env, prefix, True)
    check("validation error on the reference", (r.status, r.reason),
          ("fail", "the program is not valid Vulkan: Validation Error: [ VUID-x ] bad"))


def rgba8(pixels):
    return b"".join(bytes(p) for p in pixels)


def pixels():
    target = h.Target(0, "r8g8b8a8_unorm", 2, 2)
    want = rgba8([(0, 0, 0, 255), (10, 20, 30, 40), (255, 255, 255, 255), (1, 2, 3, 4)])
    check("identical", h.compare_target(target, want, want, "dev"), [])
    off_by_one = rgba8([(0, 0, 0, 255), (11, 19, 30, 40), (255, 254, 255, 255), (1, 2, 3, 4)])
    check("exact target, off by one", h.compare_target(target, want, off_by_one, "dev"), [
        "target 0 (r8g8b8a8_unorm) (1, 0): lavapipe (10, 20, 30, 40), dev (11, 19, 30, 40)",
        "target 0 (r8g8b8a8_unorm) (0, 1): lavapipe (255, 255, 255, 255), "
        "dev (255, 254, 255, 255)"])
    target.tolerance = 1
    check("tolerance 1, off by one", h.compare_target(target, want, off_by_one, "dev"), [])
    off_by_two = rgba8([(0, 0, 0, 255), (10, 20, 30, 40), (255, 255, 255, 255), (1, 2, 5, 4)])
    check("tolerance 1, off by two", h.compare_target(target, want, off_by_two, "dev"),
          ["target 0 (r8g8b8a8_unorm) (1, 1): lavapipe (1, 2, 3, 4), dev (1, 2, 5, 4)"])
    check("size", h.compare_target(target, want, want[:8], "dev"),
          ["target 0: 8 bytes, lavapipe 16"])
    # floats: 1.0 and its neighbour one ULP up; -0.0 against 0.0 is one ULP
    f = h.Target(1, "r32_sfloat", 3, 1)
    one, next_up = struct.pack("<f", 1.0), struct.pack("<I", 0x3f800001)
    want = one + struct.pack("<f", 0.0) + one
    got = one + struct.pack("<f", -0.0) + next_up
    check("float exact", h.compare_target(f, want, got, "dev"), [
        "target 1 (r32_sfloat) (1, 0): lavapipe (0), dev (-0)",
        "target 1 (r32_sfloat) (2, 0): lavapipe (1), dev (1.00000012)"])
    f.tolerance = 1
    check("float within 1 ULP", h.compare_target(f, want, got, "dev"), [])
    signed = h.Target(2, "r16g16_sint", 1, 1)
    check("signed shown signed",
          h.compare_target(signed, struct.pack("<hh", -1, 5), struct.pack("<hh", -3, 5), "dev"),
          ["target 2 (r16g16_sint) (0, 0): lavapipe (-1, 5), dev (-3, 5)"])
    many = h.Target(3, "r8_unorm", 16, 1)
    lines = h.compare_target(many, bytes(16), bytes([1] * 16), "dev")
    check("at most six pixels and a count", (len(lines), lines[-1]),
          (h.MAX_REPORTED_PIXELS + 1, "target 3: 16 of 16 pixels differ"))
    check("buffer words", h.compare_buffer("xfb buffer 0", struct.pack("<2I", 1, 2),
                                            struct.pack("<2I", 1, 3), "dev"),
          ["xfb buffer 0 word 1: lavapipe 0x00000002, dev 0x00000003"])


def verdicts(tmp):
    spec_path = os.path.join(tmp, "p.gfx")
    with open(spec_path, "w") as f:
        f.write("target 0 r8_unorm 2x1 clear=0,0,0,0\ntolerance 0 channel=2\n"
                "unsupported ivb-gt2,hsw-gt2 needs a thing\n")
    p = h.Program("p", spec_path)
    check("tolerance parsed", p.targets[0].tolerance, 2)
    for name, data in (("ref", b"\x00\x10"), ("dev", b"\x01\x13")):
        with open(os.path.join(tmp, name + ".c0"), "wb") as f:
            f.write(data)
    ref = h.Result("ran", prefix=os.path.join(tmp, "ref"))
    results = {(None, None, "p"): ref,
               ("skl-gt2", "mesa", "p"): h.Result("ran", prefix=os.path.join(tmp, "dev")),
               ("bdw-gt2", "mesa", "p"): h.Result("xfail", "not modelled: clipping")}
    check("differs beyond the tolerance", h.judge(p, "skl-gt2", "mesa", results, False),
          ("fail", "differs from lavapipe",
           ["target 0 (r8_unorm) (1, 0): lavapipe (16), skl-gt2 (19)"]))
    for name, data in (("ref", struct.pack("<2I", 7, 8)), ("dev", struct.pack("<2I", 7, 9))):
        with open(os.path.join(tmp, name + ".x1"), "wb") as f:
            f.write(data)
    check("xfb buffers compared too", h.judge(p, "skl-gt2", "mesa", results, False)[2][1:],
          ["xfb buffer 1 word 1: lavapipe 0x00000008, skl-gt2 0x00000009"])
    check("not modelled", h.judge(p, "bdw-gt2", "mesa", results, False)[:2],
          ("xfail", "not modelled: clipping"))
    check("not modelled, --strict", h.judge(p, "bdw-gt2", "mesa", results, True)[0], "fail")
    check("listed as unsupported", h.judge(p, "ivb-gt2", "mesa", results, False)[:2],
          ("skip", "listed as unsupported on ivb-gt2: needs a thing"))
    genvk(p, results)
    results[(None, None, "p")] = h.Result("fail", "exit status 1: x")
    check("lavapipe failed", h.judge(p, "skl-gt2", "mesa", results, False)[:2],
          ("fail", "lavapipe failed: exit status 1: x"))


def genvk(p, results):
    """genvk's stricter verdicts: a skip where Mesa's driver passes fails
    unless GENVK_NOT_YET_FEATURES names what is missing; a program listed
    in GENVK_NOT_YET_PROGRAMS is KNOWN when it fails and fails when it
    passes (the list only shrinks); "not modelled" always fails."""
    ran = results[("skl-gt2", "mesa", "p")]
    same = h.Result("ran", prefix=results[(None, None, "p")].prefix)
    results[("skl-gt2", "genvk", "p")] = same
    check("genvk passes", h.judge_genvk(p, "skl-gt2", results, "pass")[0], "pass")
    # the list may be empty: the mechanism is checked with an entry of its own
    saved = dict(h.GENVK_NOT_YET_FEATURES)
    h.GENVK_NOT_YET_FEATURES["feature someFeature"] = "issue 99, some feature"
    results[("skl-gt2", "genvk", "p")] = h.Result(
        "skip", "feature the device lacks: feature someFeature")
    verdict, reason, _ = h.judge_genvk(p, "skl-gt2", results, "pass")
    check("a feature an issue names", (verdict, "issue 99" in reason), ("skip", True))
    h.GENVK_NOT_YET_FEATURES.clear()
    h.GENVK_NOT_YET_FEATURES.update(saved)
    results[("skl-gt2", "genvk", "p")] = h.Result(
        "skip", "feature the device lacks: feature robustBufferAccess")
    check("a feature no issue names", h.judge_genvk(p, "skl-gt2", results, "pass")[0], "fail")
    check("a skip where Mesa's driver skips too",
          h.judge_genvk(p, "skl-gt2", results, "skip")[0], "skip")
    results[("skl-gt2", "genvk", "p")] = h.Result("xfail", "not modelled: clipping")
    check("not modelled fails genvk", h.judge_genvk(p, "skl-gt2", results, "pass")[0], "fail")
    h.GENVK_NOT_YET_PROGRAMS["p"] = "issue 99, something"
    try:
        results[("skl-gt2", "genvk", "p")] = ran
        check("listed and failing: known", h.judge_genvk(p, "skl-gt2", results, "pass")[0],
              "known")
        results[("skl-gt2", "genvk", "p")] = same
        check("listed but passing: take it off the list",
              h.judge_genvk(p, "skl-gt2", results, "pass")[0], "fail")
    finally:
        del h.GENVK_NOT_YET_PROGRAMS["p"]


def multisampled(tmp):
    """A multisampled target is not written: the runs compare the target
    it resolves into, with that target's tolerance; a tolerance on the
    multisampled target itself is refused (it would never apply)."""
    tmp = os.path.join(tmp, "ms")
    os.mkdir(tmp)
    spec_path = os.path.join(tmp, "ms.gfx")
    with open(spec_path, "w") as f:
        f.write("target 0 r8g8b8a8_unorm 1x1 clear=0,0,0,1 samples=4 resolve=1 binding=8\n"
                "target 1 r8g8b8a8_unorm 1x1\ntolerance 1 channel=1\n")
    p = h.Program("ms", spec_path)
    check("samples parsed", (p.targets[0].samples, p.targets[1].samples), (4, 1))
    for name, data in (("ref", b"\x40\x80\x00\xff"), ("dev", b"\x3f\x80\x00\xff")):
        with open(os.path.join(tmp, name + ".c1"), "wb") as f:
            f.write(data)
    results = {(None, None, "ms"): h.Result("ran", prefix=os.path.join(tmp, "ref")),
               ("skl-gt2", "mesa", "ms"): h.Result("ran", prefix=os.path.join(tmp, "dev"))}
    check("resolve target within its tolerance",
          h.judge(p, "skl-gt2", "mesa", results, False)[0], "pass")
    with open(os.path.join(tmp, "dev.c0"), "wb") as f:
        f.write(bytes(16))
    check("a multisampled target written", h.judge(p, "skl-gt2", "mesa", results, False)[2],
          ["wrote ['c0', 'c1'], lavapipe ['c1']"])
    with open(spec_path, "a") as f:
        f.write("tolerance 0 channel=1\n")
    try:
        h.Program("ms", spec_path)
        refused = False
    except SystemExit:
        refused = True
    check("tolerance on a multisampled target refused", refused, True)


def fan_rotation(tmp):
    """xfb_fan_rotation: a named fan triangle may come rotated by whole
    vertices; a swap (the winding reversed), a changed word and a triangle
    outside the named ones still differ."""
    spec_path = os.path.join(tmp, "fan.gfx")
    with open(spec_path, "w") as f:
        f.write("buffer b xfb=0 zero=64\nxfb_fan_rotation 0 offset=8 triangles=2 stride=4\n")
    p = h.Program("fan", spec_path)
    check("xfb_fan_rotation parsed", p.xfb_fans, {0: [(8, 2, 4)]})

    def words(*v):
        return struct.pack("<%dI" % len(v), *v)
    # two words before, triangles (1, 2, 3) and (1, 3, 4) from byte 8, then
    # a third fan triangle the spec does not name
    want = words(7, 7, 1, 2, 3, 1, 3, 4, 1, 4, 5)
    rotated = words(7, 7, 3, 1, 2, 4, 1, 3, 1, 4, 5)
    check("rotations accepted", h.compare_xfb(p, 0, want, rotated, "dev"), [])
    swapped = words(7, 7, 1, 3, 2, 1, 3, 4, 1, 4, 5)
    check("a swap (winding reversed) differs", h.compare_xfb(p, 0, want, swapped, "dev"),
          ["xfb buffer 0 word 3: lavapipe 0x00000002, dev 0x00000003",
           "xfb buffer 0 word 4: lavapipe 0x00000003, dev 0x00000002"])
    changed = words(7, 7, 3, 1, 9, 4, 1, 3, 1, 4, 5)
    check("a rotated triangle with a changed word differs",
          h.compare_xfb(p, 0, want, changed, "dev"),
          ["xfb buffer 0 word 2: lavapipe 0x00000001, dev 0x00000003",
           "xfb buffer 0 word 3: lavapipe 0x00000002, dev 0x00000001",
           "xfb buffer 0 word 4: lavapipe 0x00000003, dev 0x00000009"])
    outside = words(7, 7, 1, 2, 3, 1, 3, 4, 5, 1, 4)
    check("a triangle outside the named ones differs",
          [line.split(":")[0] for line in h.compare_xfb(p, 0, want, outside, "dev")],
          ["xfb buffer 0 word 8", "xfb buffer 0 word 9", "xfb buffer 0 word 10"])
    check("other buffers exact", len(h.compare_xfb(p, 1, want, rotated, "dev")), 6)
    check("named beyond the buffer", h.compare_xfb(p, 0, want[:24], rotated[:24], "dev"),
          ["xfb buffer 0: the spec's xfb_fan_rotation: fan triangles at byte 8, 2 of "
           "4-byte vertices, beyond a 24-byte buffer"])


def main():
    with tempfile.TemporaryDirectory() as tmp:
        classify(tmp)
        pixels()
        verdicts(tmp)
        multisampled(tmp)
        fan_rotation(tmp)
    print("%s" % ("%d checks failed" % failures if failures else "all checks passed"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""vgpu's 3D pipeline checked against lavapipe.

Every program of tests/programs/graphics/programs.txt (a spec,
programs/NAME.gfx) is rendered by gfx_run once on lavapipe (the reference)
and once per emulated GPU by Mesa's Intel driver on vgpu (ANV on Gen9+,
hasvk on Gen7/7.5/8), and every pixel of every colour attachment and every
word of every storage and transform feedback buffer is compared: bit for bit, or within the
per-channel tolerance the spec states (and justifies) with
"tolerance N channel=K"; a transform feedback buffer's fan triangles that
the spec names with "xfb_fan_rotation B offset=O triangles=N stride=S"
may be rotations of lavapipe's by whole vertices, their winding kept
(xfb_fan.py: Mesa's Intel drivers report
transformFeedbackPreservesTriangleFanProvokingVertex VK_FALSE).
A multisampled target ("samples=S") is optimal-tiled and not written by
gfx_run: it is compared through the single-sampled targets it is resolved
into or its samples are written to by a later pass.

Mesa runs with INTEL_DEBUG=nohiz,noccs: vgpu does not model HiZ or CCS,
so the drivers are told not to use them (colour targets are
linear, which has no CCS anyway).  On vgpu, VGPU_RULES=error (a broken
hardware rule is a hang) and VGPU_EU_CHECKS=all.  The lavapipe runs load
the Khronos validation layer: a validation error fails the program.

Verdicts, one line per program and device:
  PASS      ran, identical (or within the stated tolerance);
  FAIL      ran and differs (the first differing pixels: x, y, lavapipe's
            value, the device's), or crashed, hung, broke a hardware rule,
            or lavapipe itself failed;
  XFAIL     vgpu printed "vgpu: not modelled: WHAT": the unit it lacks is
            named (with --strict, which meson's test uses, a FAIL);
  SKIP      with its reason: the device lacks a feature (gfx_run prints
            "unsupported: WHAT"), or the spec lists the program as
            unsupported on that device ("unsupported DEVICE[,DEVICE] REASON").
With --genvk JSON, genvk renders every program too on the generations it
draws on (GENVK_DEVICES: Gen8 and later; Gen7/7.5 need a vec4 back end
for their vertex stages), against the same lavapipe results, under the
validation layer with synchronization validation, every batch decoded by
genvk-decode (--decoder) without an unknown dword.  genvk is held to
more: a "not modelled" fails; a program Mesa's driver passes, genvk
must pass too, unless it lacks a feature GENVK_NOT_YET_FEATURES names, or
the program is listed in GENVK_NOT_YET_PROGRAMS, each with what is
missing and the issue that builds it: such a program still runs, and is
reported KNOWN when it fails and FAIL ("listed as not yet, but passes")
when it passes, so that the list only shrinks.
Exit status: 1 with any FAIL, 77 when the drivers are not installed, 0
otherwise.

usage: graphics_vs_lavapipe.py --top SRC --runner GFX_RUN --spv-dir DIR
                               --programs PROGRAMS_TXT [--device DEV]...
                               [--program NAME]... [--jobs N] [--keep DIR]
                               [--strict] [--test-icd JSON]
                               [--genvk JSON --decoder GENVK_DECODE]
"""
import argparse
import collections
import concurrent.futures
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mesa_icds import (  # noqa: E402  (shared by the cross-check harnesses)
    LAVAPIPE_ICD, VALIDATION_LAYER, VALIDATION_ERROR, NOT_MODELLED, RULE_BROKEN, SKIP,
    decode_errors, device_icd, mesa_env, validated)
import xfb_fan  # noqa: E402  (the fan rule xfb_vs_lavapipe.py shares)

DEVICES = ["ivb-gt2", "hsw-gt2", "bdw-gt2", "skl-gt2", "icl-gt2", "tgl-gt2"]
GENVK_DEVICES = ["bdw-gt2", "skl-gt2", "icl-gt2", "tgl-gt2"]
# What genvk does not offer yet, each with the issue that builds it: the
# only skips genvk may have where Mesa's driver passes (gfx_run's
# "unsupported: ..." line, matched by its words).  Empty: genvk offers
# every feature the programs ask for on Gen8+.
GENVK_NOT_YET_FEATURES = {}
# Programs genvk runs but does not pass yet, with what they need: each
# still runs (KNOWN when it fails, FAIL when it passes).
GENVK_NOT_YET_PROGRAMS = {}
HANG = re.compile(r"(vgpu: )?(GPU hang.*|EU check failed.*)")
UNSUPPORTED = re.compile(r"^unsupported: (.*)$", re.M)
RUN_TIMEOUT = 300   # vgpu reports hangs itself; this only bounds a stuck process
MAX_REPORTED_PIXELS = 6

# Texel layouts of the formats specs render to: bytes per texel, the bit
# width of each channel from the lowest bits up, and how to read one.
FORMATS = {}
for _name, _bytes, _bits, _kind in [
        ("r8_unorm", 1, [8], "unorm"), ("r8g8_unorm", 2, [8, 8], "unorm"),
        ("r8g8b8a8_unorm", 4, [8] * 4, "unorm"), ("r8g8b8a8_snorm", 4, [8] * 4, "snorm"),
        ("r8g8b8a8_uint", 4, [8] * 4, "uint"), ("r8g8b8a8_sint", 4, [8] * 4, "sint"),
        ("b8g8r8a8_unorm", 4, [8] * 4, "unorm"), ("r16_unorm", 2, [16], "unorm"),
        ("r16g16_unorm", 4, [16] * 2, "unorm"), ("r16g16_uint", 4, [16] * 2, "uint"),
        ("r16g16_sint", 4, [16] * 2, "sint"), ("r16g16_sfloat", 4, [16] * 2, "float"),
        ("r16g16b16a16_unorm", 8, [16] * 4, "unorm"), ("r16g16b16a16_snorm", 8, [16] * 4, "snorm"),
        ("r16g16b16a16_uint", 8, [16] * 4, "uint"), ("r16g16b16a16_sint", 8, [16] * 4, "sint"),
        ("r16g16b16a16_sfloat", 8, [16] * 4, "float"), ("r32_uint", 4, [32], "uint"),
        ("r32_sint", 4, [32], "sint"), ("r32_sfloat", 4, [32], "float"),
        ("r32g32_uint", 8, [32] * 2, "uint"), ("r32g32_sfloat", 8, [32] * 2, "float"),
        ("r32g32b32a32_uint", 16, [32] * 4, "uint"), ("r32g32b32a32_sint", 16, [32] * 4, "sint"),
        ("r32g32b32a32_sfloat", 16, [32] * 4, "float"),
        ("a2b10g10r10_unorm_pack32", 4, [10, 10, 10, 2], "unorm"),
        ("a2b10g10r10_uint_pack32", 4, [10, 10, 10, 2], "uint"),
        ("r5g6b5_unorm_pack16", 2, [5, 6, 5], "unorm")]:
    FORMATS[_name] = (_bytes, _bits, _kind)


class Target:
    def __init__(self, index, fmt, width, height, samples=1):
        self.index, self.format, self.width, self.height = index, fmt, width, height
        self.samples = samples   # above 1: not written, so never compared itself
        self.tolerance = 0   # per channel: integer steps, or ULPs for floats


class Program:
    """What the harness needs of a spec: its targets and their tolerances,
    the transform feedback fan triangles that may come rotated, the devices
    it is listed as unsupported on (gfx_run itself reads the rest)."""

    def __init__(self, name, spec):
        self.name = name
        self.spec = spec
        self.targets = {}
        self.xfb_buffers = set()   # the transform feedback buffers bound
        self.xfb_fans = {}      # xfb buffer -> [(offset, triangles, stride)]
        self.unsupported = {}   # device -> reason
        with open(spec) as f:
            for lineno, line in enumerate(f, 1):
                self.parse_line(line.split("#", 1)[0].split(), "%s:%d" % (spec, lineno))
        if not set(self.xfb_fans) <= self.xfb_buffers:
            sys.exit("%s: xfb_fan_rotation of a buffer no 'buffer NAME xfb=B' binds" % spec)

    def parse_line(self, w, where):
        if not w:
            return
        if w[0] == "target":
            if len(w) < 4 or w[2] not in FORMATS:
                sys.exit("%s: target N FORMAT WxH: a format the harness knows" % where)
            width, height = (int(v) for v in w[3].split("x"))
            samples = [int(v[len("samples="):]) for v in w[4:] if v.startswith("samples=")]
            self.targets[int(w[1])] = Target(int(w[1]), w[2], width, height,
                                             samples[-1] if samples else 1)
        elif w[0] == "tolerance":
            if len(w) != 3 or not w[2].startswith("channel=") or int(w[1]) not in self.targets:
                sys.exit("%s: tolerance N channel=K after target N" % where)
            if self.targets[int(w[1])].samples > 1:
                sys.exit("%s: tolerance on a multisampled target, which is not read back: "
                         "state it on the target it resolves into" % where)
            self.targets[int(w[1])].tolerance = int(w[2][len("channel="):])
        elif w[0] == "buffer":
            self.xfb_buffers |= {int(v[4:]) for v in w[2:] if v.startswith("xfb=")
                                 and v[4:].isdigit()}
        elif w[0] == "xfb_fan_rotation":
            self.parse_xfb_fan(w, where)
        elif w[0] == "unsupported":
            if len(w) < 3 or not set(w[1].split(",")) <= set(DEVICES):
                sys.exit("%s: unsupported DEVICE[,DEVICE...] REASON" % where)
            for device in w[1].split(","):
                self.unsupported[device] = " ".join(w[2:])

    def parse_xfb_fan(self, w, where):
        usage = "%s: xfb_fan_rotation B offset=O triangles=N stride=S" % where
        keys = dict(v.split("=", 1) for v in w[2:] if "=" in v)
        if (len(w) != 5 or not w[1].isdigit() or set(keys) != {"offset", "triangles", "stride"}
                or not all(v.isdigit() for v in keys.values())
                or int(keys["triangles"]) < 1 or int(keys["stride"]) < 1):
            sys.exit(usage)
        self.xfb_fans.setdefault(int(w[1]), []).append(
            (int(keys["offset"]), int(keys["triangles"]), int(keys["stride"])))


def parse_programs(path):
    directory = os.path.dirname(path)
    programs = []
    with open(path) as f:
        for line in f:
            name = line.split("#", 1)[0].strip()
            if name:
                programs.append(Program(name, os.path.join(directory, "programs", name + ".gfx")))
    return programs


class Result:
    """One run: status 'ran', 'skip', 'xfail' or 'fail', with its reason."""

    def __init__(self, status, reason="", prefix=None, seconds=0.0):
        self.status = status
        self.reason = reason
        self.prefix = prefix
        self.seconds = seconds


def run_program(cmd, env, prefix, validate):
    start = time.monotonic()
    try:
        r = subprocess.run(cmd + ["--out", prefix], env=env, capture_output=True, text=True,
                           timeout=RUN_TIMEOUT)
    except subprocess.TimeoutExpired:
        return Result("fail", "no result within %d s (stuck)" % RUN_TIMEOUT,
                      seconds=RUN_TIMEOUT)
    seconds = time.monotonic() - start
    output = r.stdout + r.stderr
    if validate:
        invalid = VALIDATION_ERROR.findall(output)
        if invalid:
            return Result("fail", "the program is not valid Vulkan: " + invalid[0][:300],
                          seconds=seconds)
    if r.returncode < 0:
        return Result("fail", "crashed (signal %d): %s" % (-r.returncode, tail(output)),
                      seconds=seconds)
    broken = RULE_BROKEN.search(r.stderr)
    if broken:
        return Result("fail", "the driver's batch breaks a " + broken.group(0)[:300],
                      seconds=seconds)
    hang = HANG.search(r.stderr)
    if hang:
        return Result("fail", "hang: " + hang.group(0)[:300], seconds=seconds)
    not_modelled = NOT_MODELLED.search(r.stderr)
    if not_modelled:
        return Result("xfail", "not modelled: " + not_modelled.group(1).strip(), seconds=seconds)
    unsupported = UNSUPPORTED.search(r.stdout)
    if r.returncode == SKIP and unsupported:
        return Result("skip", "feature the device lacks: " + unsupported.group(1).strip(),
                      seconds=seconds)
    if r.returncode != 0:
        return Result("fail", "exit status %d: %s" % (r.returncode, tail(output)),
                      seconds=seconds)
    return Result("ran", prefix=prefix, seconds=seconds)


def tail(output):
    return " | ".join(output.strip().splitlines()[-4:])[:400]


# IEEE 754 binary32 and binary16: (exponent mask, mantissa mask, sign bit)
FLOAT_LAYOUT = {32: (0x7f800000, 0x7fffff, 0x80000000), 16: (0x7c00, 0x3ff, 0x8000)}


def ulp_distance(a, b, bits):
    """Distance in ULPs of two float bit patterns; NaNs match NaNs."""
    exponent, mantissa, sign = FLOAT_LAYOUT[bits]
    if (a & exponent) == exponent and a & mantissa and (b & exponent) == exponent and b & mantissa:
        return 0
    ia = -(a & (sign - 1)) if a & sign else a
    ib = -(b & (sign - 1)) if b & sign else b
    return abs(ia - ib)


def channels(texel, bits):
    value = int.from_bytes(texel, "little")
    out = []
    for width in bits:
        out.append(value & ((1 << width) - 1))
        value >>= width
    return out


def show(values, bits, kind):
    if kind == "float":
        fmt = "<f" if bits[0] == 32 else "<e"
        size = bits[0] // 8
        return "(%s)" % ", ".join("%.9g" % struct.unpack(fmt, v.to_bytes(size, "little"))[0]
                                  for v in values)
    if kind in ("sint", "snorm"):
        values = [v - (1 << w) if v >> (w - 1) else v for v, w in zip(values, bits)]
    return "(%s)" % ", ".join(str(v) for v in values)


def texel_within(want, got, bits, kind, tolerance):
    for a, b, width in zip(want, got, bits):
        if kind == "float":
            distance = ulp_distance(a, b, width)
        elif kind in ("sint", "snorm"):
            a = a - (1 << width) if a >> (width - 1) else a
            b = b - (1 << width) if b >> (width - 1) else b
            distance = abs(a - b)
        else:
            distance = abs(a - b)
        if distance > tolerance:
            return False
    return True


def compare_target(target, want, got, device):
    """Lines describing the pixels of one colour attachment that differ."""
    size, bits, kind = FORMATS[target.format]
    if len(want) != len(got):
        return ["target %d: %d bytes, lavapipe %d" % (target.index, len(got), len(want))]
    if want == got:
        return []
    bad = []
    for i in range(len(want) // size):
        w, g = want[i * size:(i + 1) * size], got[i * size:(i + 1) * size]
        if w == g:
            continue
        wc, gc = channels(w, bits), channels(g, bits)
        if target.tolerance and texel_within(wc, gc, bits, kind, target.tolerance):
            continue
        bad.append((i % target.width, i // target.width, wc, gc))
    lines = ["target %d (%s) (%d, %d): lavapipe %s, %s %s"
             % (target.index, target.format, x, y, show(wc, bits, kind), device,
                show(gc, bits, kind)) for x, y, wc, gc in bad[:MAX_REPORTED_PIXELS]]
    if len(bad) > MAX_REPORTED_PIXELS:
        lines.append("target %d: %d of %d pixels differ%s"
                     % (target.index, len(bad), target.width * target.height,
                        " (beyond %d per channel)" % target.tolerance if target.tolerance else ""))
    return lines


def compare_buffer(name, want, got, device):
    """Lines describing the words of a buffer (named name) that differ."""
    if len(want) != len(got):
        return ["%s: %d bytes, lavapipe %d" % (name, len(got), len(want))]
    n = len(want) // 4
    w, g = struct.unpack("<%dI" % n, want[:4 * n]), struct.unpack("<%dI" % n, got[:4 * n])
    bad = [(i, a, b) for i, (a, b) in enumerate(zip(w, g)) if a != b]
    lines = ["%s word %d: lavapipe 0x%08x, %s 0x%08x" % (name, i, a, device, b)
             for i, a, b in bad[:MAX_REPORTED_PIXELS]]
    if len(bad) > MAX_REPORTED_PIXELS:
        lines.append("%s: %d words differ in all" % (name, len(bad)))
    return lines


def output_files(prefix):
    """{'cN', 'bN' or 'xN': path} of what gfx_run wrote for prefix (colour
    attachments, storage and transform feedback buffers)."""
    directory, base = os.path.split(prefix)
    files = {}
    for f in os.listdir(directory):
        kind = f[len(base) + 1:]
        if f.startswith(base + ".") and kind[:1] in "cbx" and kind[1:].isdigit():
            files[kind] = os.path.join(directory, f)
    return files


def read(path):
    with open(path, "rb") as f:
        return f.read()


def compare(program, reference, result, device):
    """Every difference between two runs' outputs (empty: identical)."""
    want, got = output_files(reference), output_files(result)
    if set(want) != set(got):
        return ["wrote %s, lavapipe %s" % (sorted(got), sorted(want))]
    lines = []
    for key in sorted(want):
        w, g = read(want[key]), read(got[key])
        if key[0] == "c":
            lines += compare_target(program.targets[int(key[1:])], w, g, device)
        elif key[0] == "b":
            lines += compare_buffer("storage buffer " + key[1:], w, g, device)
        else:
            lines += compare_xfb(program, int(key[1:]), w, g, device)
    return lines


def compare_xfb(program, buffer, want, got, device):
    """Lines describing the words of transform feedback buffer `buffer`
    that differ, its fan triangles the spec names taken as equal where
    they are rotations of lavapipe's (xfb_fan.py)."""
    name = "xfb buffer %d" % buffer
    if len(want) == len(got):
        for offset, triangles, stride in program.xfb_fans.get(buffer, []):
            try:
                got = xfb_fan.unrotate_fan_triangles(want, got, offset, triangles, stride)
            except ValueError as e:
                return ["%s: the spec's xfb_fan_rotation: %s" % (name, e)]
    return compare_buffer(name, want, got, device)


def base_env():
    env = dict(os.environ)
    # Mesa leaks at exit; the project's own binaries are leak-checked elsewhere.
    env.setdefault("ASAN_OPTIONS", "detect_leaks=0")
    env.pop("VK_DRIVER_FILES", None)
    return env


def device_env(icd):
    env = dict(base_env(), VK_ICD_FILENAMES=icd)
    env.setdefault("VGPU_RULES", "error")
    env.setdefault("VGPU_EU_CHECKS", "all")
    return mesa_env(env)


def device_drivers(args, device):
    """[(driver, env)] that render on device: Mesa's (or --test-icd's), and
    genvk with --genvk on the generations it draws on."""
    drivers = []
    if device in args.mesa_device:
        drivers.append(("mesa", device_env(args.test_icd or device_icd(device))))
    if args.genvk and device in GENVK_DEVICES:
        env = dict(base_env(), VK_ICD_FILENAMES=args.genvk, VGPU_RULES="error",
                   VGPU_EU_CHECKS="all")
        drivers.append(("genvk", validated(env, sync=True)))
    return drivers


def run_decoded(cmd, env, prefix, decoder):
    """run_program with vgpu capturing every batch, which decoder
    (genvk-decode) must then decode with no unknown dword."""
    capture = prefix + ".capture"
    result = run_program(cmd, dict(env, VGPU_CAPTURE=capture), prefix, True)
    if result.status == "ran" and decoder and os.path.isdir(capture):
        why = decode_errors(decoder, capture)
        if why:
            result = Result("fail", why, seconds=result.seconds)
    shutil.rmtree(capture, ignore_errors=True)
    return result


def run_all(args, programs, work):
    """Runs every job in parallel; returns {(device or None, driver, name): Result}."""
    lavapipe_env = validated(dict(base_env(), VK_ICD_FILENAMES=LAVAPIPE_ICD))
    if not os.path.exists(VALIDATION_LAYER):
        print("NOTE: %s not found: programs not checked by the validation layer"
              % VALIDATION_LAYER)
    vgpu_run = os.path.join(args.top, "scripts", "vgpu-run")
    jobs = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for p in programs:
            runs = [(None, None, lavapipe_env, [])] + [
                (d, driver, env, [vgpu_run, "--device", d, "--"])
                for d in args.device if d not in p.unsupported
                for driver, env in device_drivers(args, d)]
            for device, driver, env, wrapper in runs:
                where = os.path.join(work, device or "lavapipe", driver or "")
                os.makedirs(where, exist_ok=True)
                cmd = wrapper + [args.runner, p.spec, "--spv-dir", args.spv_dir]
                if args.keep:
                    png = os.path.join(where, p.name + ".png")
                    os.makedirs(png, exist_ok=True)
                    cmd += ["--png", png]
                prefix = os.path.join(where, p.name)
                if driver == "genvk":
                    job = pool.submit(run_decoded, cmd, env, prefix, args.decoder)
                else:
                    job = pool.submit(run_program, cmd, env, prefix, device is None)
                jobs[(device, driver, p.name)] = job
        return {key: job.result() for key, job in jobs.items()}


def judge(program, device, driver, results, strict):
    """(verdict, reason, detail lines) of one program on one device."""
    if device in program.unsupported:
        return "skip", "listed as unsupported on %s: %s" % (device, program.unsupported[device]), []
    reference = results[(None, None, program.name)]
    result = results[(device, driver, program.name)]
    if reference.status == "skip":
        return "skip", "on lavapipe, " + reference.reason, []
    if reference.status != "ran":
        return "fail", "lavapipe failed: " + reference.reason, []
    if result.status == "xfail" and strict:
        return "fail", result.reason, []
    if result.status != "ran":
        return result.status, result.reason, []
    lines = compare(program, reference.prefix, result.prefix, device)
    return ("fail", "differs from lavapipe", lines) if lines else ("pass", "", [])


def genvk_not_yet(reason):
    """The issue that gives genvk the feature a skip says it lacks, or None."""
    return next((issue for what, issue in GENVK_NOT_YET_FEATURES.items()
                 if what in (reason or "")), None)


def judge_genvk(program, device, results, mesa_verdict):
    """judge() with genvk's stricter rules (module docstring)."""
    verdict, reason, lines = judge(program, device, "genvk", results, True)
    listed = GENVK_NOT_YET_PROGRAMS.get(program.name)
    if listed:
        if verdict == "pass":
            return "fail", "listed as not yet (%s), but passes: take it off the list" % listed, []
        if verdict == "fail":
            return "known", "not in genvk yet (%s): %s" % (listed, reason), lines
    if verdict == "skip" and mesa_verdict == "pass" and not reason.startswith("on lavapipe"):
        issue = genvk_not_yet(reason)
        if issue:
            return "skip", "not in genvk yet (%s): %s" % (issue, reason), []
        return "fail", "Mesa's driver passes it, genvk skips it: " + reason, []
    return verdict, reason, lines


VERDICT = {"pass": "PASS", "fail": "FAIL", "xfail": "XFAIL", "skip": "SKIP", "known": "KNOWN"}


def report(args, programs, results):
    """Prints every verdict and the totals; returns the Counter of verdicts."""
    counts = collections.Counter()
    skipped = collections.Counter()
    missing = collections.Counter()
    for p in programs:
        for device in args.device:
            mesa_verdict = None
            for driver, _ in device_drivers(args, device):
                if driver == "genvk":
                    verdict, reason, lines = judge_genvk(p, device, results, mesa_verdict)
                else:
                    verdict, reason, lines = judge(p, device, driver, results, args.strict)
                    mesa_verdict = verdict
                counts[verdict] += 1
                if verdict == "fail" and lines:
                    counts["mismatch"] += 1
                if verdict in ("skip", "known"):
                    skipped[reason.split(":")[0]] += 1
                if verdict == "xfail":
                    missing[reason] += 1
                key = (device, driver, p.name)
                seconds = results[key].seconds if key in results else 0
                print("%-5s %-26s %s%s%s%s" % (VERDICT[verdict], p.name, device,
                                               " genvk" if driver == "genvk" else "",
                                               " (%.1f s)" % seconds if seconds else "",
                                               ": " + reason if reason else ""))
                for line in lines:
                    print("        " + line)
    if missing:
        print("not modelled (expected to fail until vgpu's 3D pipeline is complete):")
        for reason, n in sorted(missing.items(), key=lambda r: -r[1]):
            print("    %3d x %s" % (n, reason))
    print("%d programs x %d devices%s: %d passed, %d mismatched, %d failed otherwise (crash, "
          "hang, broken rule, error, lavapipe), %d not modelled (expected), %d known "
          "(genvk, not yet), %d skipped%s"
          % (len(programs), len(args.device), " (genvk too on %s)"
             % ", ".join(d for d in args.device if d in GENVK_DEVICES) if args.genvk else "",
             counts["pass"], counts["mismatch"], counts["fail"] - counts["mismatch"],
             counts["xfail"], counts["known"], counts["skip"],
             " (%s)" % "; ".join("%s: %d" % r for r in sorted(skipped.items()))
             if skipped else ""))
    return counts


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--top", required=True, help="source tree (for scripts/vgpu-run)")
    ap.add_argument("--runner", required=True, help="gfx_run")
    ap.add_argument("--spv-dir", required=True, help="where the shaders' .spv files are")
    ap.add_argument("--programs", required=True, help="programs.txt")
    ap.add_argument("--device", action="append", choices=DEVICES)
    ap.add_argument("--program", action="append", help="run only these programs")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--keep", help="keep every output (and a PNG of each colour "
                    "attachment: DIR/DEVICE/NAME.png/cN.png) in this directory")
    ap.add_argument("--strict", action="store_true",
                    help="'vgpu: not modelled' fails the program (once the 3D pipeline is done)")
    ap.add_argument("--test-icd", help="use this ICD instead of Mesa's Intel drivers on "
                    "vgpu (to test the harness itself, e.g. with lavapipe)")
    ap.add_argument("--genvk", help="genvk's manifest: genvk renders too, on %s"
                    % ", ".join(GENVK_DEVICES))
    ap.add_argument("--decoder", help="genvk-decode: with --genvk, every batch genvk "
                    "submits must decode with no unknown dword")
    ap.add_argument("--mesa-device", action="append", choices=DEVICES,
                    help="run Mesa's driver only on these devices (default: every "
                    "device); genvk then cannot be held to Mesa's results elsewhere")
    args = ap.parse_args()
    args.device = args.device or DEVICES
    args.mesa_device = [d for d in args.mesa_device or args.device if d in args.device]
    programs = parse_programs(args.programs)
    if args.program:
        unknown = set(args.program) - {p.name for p in programs}
        if unknown:
            sys.exit("unknown program(s): %s" % ", ".join(sorted(unknown)))
        programs = [p for p in programs if p.name in args.program]
    for icd in [LAVAPIPE_ICD] + [device_icd(d) for d in args.mesa_device]:
        if not args.test_icd and not os.path.exists(icd):
            print("SKIP: %s not found (Debian package mesa-vulkan-drivers)" % icd)
            return SKIP
    work = args.keep or tempfile.mkdtemp(prefix="graphics-vs-lavapipe.")
    start = time.monotonic()
    try:
        results = run_all(args, programs, work)
        counts = report(args, programs, results)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    runs = [r for r in results.values()]
    print("wall clock %.1f s for %d runs (%d jobs at a time; lavapipe %.1f s, vgpu %.1f s of "
          "run time in all)"
          % (time.monotonic() - start, len(runs), args.jobs,
             sum(r.seconds for k, r in results.items() if k[0] is None),
             sum(r.seconds for k, r in results.items() if k[0] is not None)))
    return 1 if counts["fail"] else 0


if __name__ == "__main__":
    sys.exit(main())

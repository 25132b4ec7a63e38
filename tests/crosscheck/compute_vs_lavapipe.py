#!/usr/bin/env python3
"""vgpu's compute execution checked against lavapipe.

Every program of tests/programs/compute/programs.txt is run by
compute_run once on lavapipe (the reference) and once per emulated GPU by
Mesa's Intel driver on vgpu (ANV on Gen9+, hasvk on Gen7/7.5/8), and every
buffer the shader writes is compared: bit for bit, or within the per-word
tolerance programs.txt gives (and justifies) for float results.

With --genvk JSON, genvk runs every program on every device too, against
the same lavapipe results, under the validation layer with synchronization
validation, and is held to more: a skip is allowed only for a feature the
device lacks (never "vgpu does not model it"), a program Mesa's driver
passes on a device genvk must pass there as well, and (with --decoder)
every batch genvk submits must decode with genvk-decode without an unknown
dword.

With --threads-check DEV, Mesa's driver also runs every program of more
than one thread group on DEV with VGPU_THREADS=1 (vgpu's thread groups one
after the other), and its buffers must equal, bit for bit, those of the
default run, whose thread groups run on every core.

The lavapipe runs also load the Khronos validation layer: a validation
error fails the program.  A run is a SKIP, with its reason, when the device
lacks a feature the shader needs (compute_run prints "unsupported: WHAT";
reported as "feature the device lacks: WHAT") or when vgpu cannot execute
something yet (it prints "vgpu: not modelled: WHAT" on stderr; reported as
"vgpu does not model it yet: WHAT").  Mesa's drivers run with
INTEL_DEBUG=nohiz,noccs (mesa_icds.MESA_INTEL_DEBUG): vgpu models no
HiZ or CCS.  Anything
else that differs or fails is a FAIL.  Exit status: 1 with any FAIL, 77 when
nothing could be compared, 0 otherwise.

usage: compute_vs_lavapipe.py --top SRC --runner COMPUTE_RUN --spv-dir DIR
                              --programs PROGRAMS_TXT [--device DEV]...
                              [--program NAME]... [--jobs N] [--keep DIR]
                              [--test-icd JSON] [--genvk JSON --decoder DECODER]
                              [--threads-check DEV]...
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

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mesa_icds import (  # noqa: E402  (shared by the cross-check harnesses)
    LAVAPIPE_ICD, VALIDATION_LAYER, VALIDATION_ERROR, NOT_MODELLED, RULE_BROKEN, SKIP,
    decode_errors, device_icd, mesa_env, validated)

DEVICES = ["skl-gt2", "hsw-gt2", "bdw-gt2", "ivb-gt2", "icl-gt2", "tgl-gt2"]
UNSUPPORTED = re.compile(r"^unsupported: (.*)$", re.M)
RUN_TIMEOUT = 300   # vgpu reports hangs itself; this only bounds a stuck process
MAX_REPORTED_WORDS = 8


class Program:
    def __init__(self, name, spv, args, tolerances):
        self.name = name
        self.spv = spv
        self.args = args
        self.tolerances = tolerances   # binding -> [(ulps or None, abs or None)]

    def groups(self):
        if "--groups" in self.args:
            x, y, z = self.args[self.args.index("--groups") + 1].split(",")
            return int(x, 0) * int(y, 0) * int(z, 0)
        return 4


def parse_abs(text):
    """An absolute bound: a float, or 2^-K."""
    if text.startswith("2^"):
        return 2.0 ** int(text[2:])
    return float(text)


# Per-word tolerances on the lanes of packed formats: uN each unsigned byte
# (unorm8), sN each signed byte (snorm8), hN each 16-bit float half (ULPs)
# within N.
LANE_KINDS = {"u": (8, False), "s": (8, True), "h": (16, False)}


def parse_tolerance(token):
    """(ULPs, absolute bound, lane kind and bound) for one word: N, aE, N|aE,
    uN, sN or hN."""
    if token[:1] in LANE_KINDS:
        return None, None, (token[0], int(token[1:]))
    ulps, absolute = None, None
    for part in token.split("|"):
        if part.startswith("a"):
            absolute = parse_abs(part[1:])
        else:
            ulps = int(part)
    return ulps, absolute, None


def parse_programs(path, spv_dir):
    programs = []
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            fields = line.split()
            if not fields or fields[0].startswith("#"):
                continue
            if len(fields) < 2:
                sys.exit("%s:%d: a program needs a name and a shader" % (path, lineno))
            name, shader, rest = fields[0], fields[1], fields[2:]
            args = [a for a in rest if not a.startswith("tol:")]
            tolerances = {}
            for tol in (a for a in rest if a.startswith("tol:")):
                binding, _, words = tol[4:].partition("=")
                tolerances[int(binding)] = [parse_tolerance(t) for t in words.split(",")]
            spv = os.path.join(spv_dir, os.path.splitext(os.path.basename(shader))[0] + ".spv")
            programs.append(Program(name, spv, args, tolerances))
    return programs


class Result:
    """One run: status is 'ran', 'skip' (with reason) or 'fail' (with reason)."""

    def __init__(self, status, reason="", prefix=None, output=""):
        self.status = status
        self.reason = reason
        self.prefix = prefix
        self.output = output   # what the run printed


# Synchronization validation (layers up to at least 1.3.239) attributes a
# copy between a buffer and a tiled 3D image to memory beyond the image's
# binding, which then "hazards" with the staging buffer of the next copy of
# the same kind, in another allocation (Vulkan-ValidationLayers issue
# 10520; Mesa's ANV trips it identically on image_3d).  Only those reports
# are discounted, and only for programs with 3D images: any other
# validation message still fails the run.
SYNCVAL_3D_FALSE_POSITIVE = re.compile(
    r"SYNC-HAZARD-(READ-AFTER-WRITE|WRITE-AFTER-READ) \][^\n]*type = VK_OBJECT_TYPE_BUFFER;"
    r"[^\n]*(vkCmdCopyBufferToImage: Hazard READ_AFTER_WRITE for srcBuffer[^\n]*"
    r"command: vkCmdCopyBufferToImage,|vkCmdCopyImageToBuffer: Hazard WRITE_AFTER_READ "
    r"for dstBuffer[^\n]*command: vkCmdCopyImageToBuffer,)")


def validation_errors(cmd, output):
    """The validation errors of a run's output that count."""
    errors = VALIDATION_ERROR.findall(output)
    if any(":3d:" in a for a in cmd):
        errors = [e for e in errors if not SYNCVAL_3D_FALSE_POSITIVE.search(e)]
    return errors


def run_program(cmd, env, prefix):
    try:
        r = subprocess.run(cmd + ["--out", prefix], env=env, capture_output=True, text=True,
                           timeout=RUN_TIMEOUT)
    except subprocess.TimeoutExpired:
        return Result("fail", "no result within %d s" % RUN_TIMEOUT)
    invalid = validation_errors(cmd, r.stdout + r.stderr)
    if invalid:
        return Result("fail", "the program is not valid Vulkan: " + invalid[0][:300])
    # A broken hardware rule fails the run even where vgpu then skips work.
    broken = RULE_BROKEN.search(r.stderr)
    if broken:
        return Result("fail", "the driver's batch breaks a " + broken.group(0)[:300])
    not_modelled = NOT_MODELLED.search(r.stderr)
    if not_modelled:
        return Result("skip", "vgpu does not model it yet: " + not_modelled.group(1).strip())
    unsupported = UNSUPPORTED.search(r.stdout)
    if r.returncode == SKIP and unsupported:
        return Result("skip", "feature the device lacks: " + unsupported.group(1).strip())
    if r.returncode != 0:
        tail = (r.stdout + r.stderr).strip().splitlines()[-6:]
        return Result("fail", "exit status %d: %s" % (r.returncode, " | ".join(tail)))
    return Result("ran", prefix=prefix, output=r.stdout + r.stderr)


# IEEE 754 binary32 and binary16: (exponent mask, mantissa mask, sign bit)
FLOAT32 = (0x7f800000, 0x7fffff, 0x80000000)
FLOAT16 = (0x7c00, 0x3ff, 0x8000)


def ulp_distance(a, b, layout=FLOAT32):
    """Distance in ULPs of two float bit patterns; NaNs match NaNs."""
    exponent, mantissa, sign = layout
    nan_a = (a & exponent) == exponent and a & mantissa
    nan_b = (b & exponent) == exponent and b & mantissa
    if nan_a and nan_b:
        return 0
    ia = -(a & (sign - 1)) if a & sign else a
    ib = -(b & (sign - 1)) if b & sign else b
    return abs(ia - ib)


def as_float(bits):
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def lanes_within(lanes, want, got):
    kind, bound = lanes
    bits, signed = LANE_KINDS[kind]
    mask = (1 << bits) - 1
    for shift in range(0, 32, bits):
        a, b = (want >> shift) & mask, (got >> shift) & mask
        if kind == "h":
            distance = ulp_distance(a, b, FLOAT16)
        else:
            if signed:
                a, b = a - (a >> 7 << 8), b - (b >> 7 << 8)
            distance = abs(a - b)
        if distance > bound:
            return False
    return True


def within(tolerance, want, got):
    ulps, absolute, lanes = tolerance
    if lanes is not None:
        return lanes_within(lanes, want, got)
    if ulps is not None and ulp_distance(want, got) <= ulps:
        return True
    return absolute is not None and abs(as_float(want) - as_float(got)) <= absolute


def differing_words(want, got, tolerances):
    """(word index, expected, got) of the words outside their tolerance."""
    if want == got:
        return []
    n = min(len(want), len(got)) // 4
    w = struct.unpack("<%dI" % n, want[:n * 4])
    g = struct.unpack("<%dI" % n, got[:n * 4])
    bad = []
    for i in range(n):
        if w[i] == g[i]:
            continue
        if tolerances and within(tolerances[i % len(tolerances)], w[i], g[i]):
            continue
        bad.append((i, w[i], g[i]))
    return bad


def output_files(prefix):
    """(binding, array element) -> path of the buffers compute_run wrote for
    prefix (PREFIX.bB, PREFIX.bB.E for element E > 0)."""
    directory, base = os.path.split(prefix)
    files = {}
    for f in os.listdir(directory):
        if f.startswith(base + ".b"):
            binding, _, element = f[len(base) + 2:].partition(".")
            if binding.isdigit() and (not element or element.isdigit()):
                files[(int(binding), int(element or 0))] = os.path.join(directory, f)
    return files


def binding_name(key):
    binding, element = key
    return "%d[%d]" % key if element else "%d" % binding


def compare(program, reference, result, device, reference_name="lavapipe", exact=False):
    """A list of lines describing every difference (empty: identical)."""
    want, got = output_files(reference), output_files(result)
    if set(want) != set(got):
        return ["wrote bindings %s, %s %s" % (sorted(map(binding_name, got)), reference_name,
                                              sorted(map(binding_name, want)))]
    lines = []
    for key in sorted(want):
        name = binding_name(key)
        with open(want[key], "rb") as f:
            w = f.read()
        with open(got[key], "rb") as f:
            g = f.read()
        if len(w) != len(g):
            lines.append("binding %s: %d bytes, %s %d" % (name, len(g), reference_name, len(w)))
            continue
        bad = differing_words(w, g, None if exact else program.tolerances.get(key[0]))
        for i, x, y in bad[:MAX_REPORTED_WORDS]:
            lines.append("binding %s word %d: %s 0x%08x, %s 0x%08x"
                         % (name, i, reference_name, x, device, y))
        if len(bad) > MAX_REPORTED_WORDS:
            lines.append("binding %s: %d words differ in all" % (name, len(bad)))
    return lines


def base_env():
    env = dict(os.environ)
    # Mesa leaks at exit; the project's own binaries are leak-checked elsewhere.
    env.setdefault("ASAN_OPTIONS", "detect_leaks=0")
    env.pop("VK_DRIVER_FILES", None)
    return env


def run_decoded(cmd, env, prefix, decoder):
    """run_program with vgpu capturing every batch, which decoder (genvk-decode)
    must then decode with no unknown dword and no invalid packet."""
    capture = prefix + ".capture"
    result = run_program(cmd, dict(env, VGPU_CAPTURE=capture), prefix)
    if result.status == "ran" and os.path.isdir(capture):
        why = decode_errors(decoder, capture)
        if why:
            result = Result("fail", why)
    shutil.rmtree(capture, ignore_errors=True)
    return result


def device_icds(args, device):
    """[(driver name, manifest)] run on device: Mesa's (or --test-icd's),
    and genvk with --genvk."""
    icds = []
    if device in args.mesa_device:
        icds.append(("mesa", args.test_icd or device_icd(device)))
    if args.genvk:
        icds.append(("genvk", args.genvk))
    return icds


def program_devices(args, programs, program):
    """The devices program runs on: every one, or with --spread the one
    whose turn it is in the list of programs."""
    if not args.spread:
        return args.device
    return [args.device[programs.index(program) % len(args.device)]]


def run_all(args, programs, work):
    """Runs every job in parallel; returns {(device or None, driver, name): Result}."""
    jobs = {}
    # every program must be valid Vulkan (shared/design/VALIDATION.md): the
    # layer runs on the reference side once per program, and on genvk
    lavapipe_env = validated(dict(base_env(), VK_ICD_FILENAMES=LAVAPIPE_ICD))
    if not os.path.exists(VALIDATION_LAYER):
        print("NOTE: %s not found: programs not checked by the validation layer"
              % VALIDATION_LAYER)
    vgpu_run = os.path.join(args.top, "scripts", "vgpu-run")
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        # the largest dispatches first, so that they do not finish last
        for p in sorted(programs, key=lambda p: -p.groups()):
            cmd = [args.runner, p.spv] + p.args
            jobs[(None, None, p.name)] = pool.submit(run_program, cmd, lavapipe_env,
                                                     os.path.join(work, "lavapipe", p.name))
            for device in program_devices(args, programs, p):
                for driver, icd in device_icds(args, device):
                    env = dict(base_env(), VK_ICD_FILENAMES=icd)
                    if driver != "genvk":
                        env = mesa_env(env)
                    run_args = ([vgpu_run, "--device", device, "--"] + cmd, env,
                                os.path.join(work, device, driver, p.name))
                    if driver == "genvk":
                        run_args = (run_args[0], validated(env, sync=True), run_args[2],
                                    args.decoder)
                    jobs[(device, driver, p.name)] = pool.submit(
                        run_decoded if driver == "genvk" else run_program, *run_args)
            # one thread group runs on one worker whatever VGPU_THREADS says
            for device in args.threads_check if p.groups() > 1 else []:
                if device not in program_devices(args, programs, p):
                    continue
                icd = device_icds(args, device)[0][1]
                env = mesa_env(dict(base_env(), VK_ICD_FILENAMES=icd, VGPU_THREADS="1"))
                jobs[(device, "one-thread", p.name)] = pool.submit(
                    run_program, [vgpu_run, "--device", device, "--"] + cmd, env,
                    os.path.join(work, device, "one-thread", p.name))
        return {key: job.result() for key, job in jobs.items()}


def judge(program, device, reference, result):
    """(status, reason, detail lines) of one program on one device."""
    if reference.status == "skip":
        return "skip", "on lavapipe, " + reference.reason, []
    if reference.status == "fail":
        return "fail", "lavapipe failed", [reference.reason]
    if result.status != "ran":
        return result.status, result.reason, [result.reason]
    lines = compare(program, reference.prefix, result.prefix, device)
    return ("fail", "buffers differ", lines) if lines else ("pass", "", [])


# genvk reports Vulkan 1.1 on Gen7/7.5 until they draw (their vertex
# stages need a vec4 back end: issue 16), where Mesa's hasvk reports 1.2 and
# later: SPIR-V 1.4+ modules run there on Mesa's driver only.
GENVK_VULKAN_1_1_DEVICES = ("ivb-gt2", "hsw-gt2")


def judge_genvk(program, device, reference, result, mesa_status):
    """judge() with genvk's stricter rules (module docstring)."""
    status, reason, lines = judge(program, device, reference, result)
    if status == "skip" and device in GENVK_VULKAN_1_1_DEVICES and \
            reason.startswith("feature the device lacks: Vulkan 1.2"):
        return status, "genvk reports Vulkan 1.1 here: " + reason, lines
    if status == "skip" and reason.startswith("vgpu does not model"):
        return "fail", "genvk needs what vgpu lacks: " + reason, lines
    if status == "skip" and mesa_status == "pass" and reference.status != "skip":
        return "fail", "Mesa's driver passes it, genvk skips it: " + reason, lines
    return status, reason, lines


def report(args, programs, results):
    failures = passes = 0
    for device in args.device:
        mesa_status = {}
        for driver, icd in device_icds(args, device):
            f, p = report_driver(args, programs, results, device, driver, icd, mesa_status)
            failures += f
            passes += p
    for device in args.threads_check:
        f, p = report_threads(programs, results, device)
        failures += f
        passes += p
    return failures, passes


def report_threads(programs, results, device):
    """Prints how Mesa's runs on device with VGPU_THREADS=1 compare with the
    default runs; returns (failures, passes)."""
    counts = collections.Counter()
    for p in programs:
        if p.groups() < 2 or (device, "one-thread", p.name) not in results:
            continue
        many, one = results[(device, "mesa", p.name)], results[(device, "one-thread", p.name)]
        if many.status != one.status:
            status, lines = "fail", ["%s with VGPU_THREADS=1, %s by default"
                                     % (one.status, many.status)]
        elif many.status != "ran":
            status, lines = "skip", []
        else:
            lines = compare(p, one.prefix, many.prefix, device, "VGPU_THREADS=1", exact=True)
            status = "fail" if lines else "pass"
        counts[status] += 1
        if status == "fail":
            print("FAIL %s on %s: VGPU_THREADS=1 and the default differ" % (p.name, device))
            for line in lines:
                print("    " + line)
    print("%s (VGPU_THREADS=1 against the default, %s): %d identical, %d differ, %d not run"
          % (device, "VGPU_THREADS=" + os.environ["VGPU_THREADS"] if "VGPU_THREADS" in os.environ
             else "%d cores" % (os.cpu_count() or 1),
             counts["pass"], counts["fail"], counts["skip"]))
    return counts["fail"], counts["pass"]


def report_driver(args, programs, results, device, driver, icd, mesa_status):
    """Prints one driver's results on device; returns (failures, passes)."""
    counts = collections.Counter()
    reasons = collections.Counter()
    for p in programs:
        if (device, driver, p.name) not in results:
            continue
        reference, result = results[(None, None, p.name)], results[(device, driver, p.name)]
        if driver == "genvk":
            status, reason, lines = judge_genvk(p, device, reference, result,
                                                mesa_status.get(p.name))
        else:
            status, reason, lines = judge(p, device, reference, result)
            mesa_status[p.name] = status
        counts[status] += 1
        if status == "skip":
            reasons[reason] += 1
        if status == "fail":
            print("FAIL %s on %s (%s): %s" % (p.name, device, driver, reason))
            for line in lines:
                print("    " + line)
    why = "; ".join("%s: %d" % r for r in sorted(reasons.items()))
    print("%s (%s): %d passed, %d failed, %d skipped%s"
          % (device, os.path.basename(icd), counts["pass"], counts["fail"],
             counts["skip"], " (%s)" % why if why else ""))
    return counts["fail"], counts["pass"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--top", required=True, help="source tree (for scripts/vgpu-run)")
    ap.add_argument("--runner", required=True, help="compute_run")
    ap.add_argument("--spv-dir", required=True, help="where the programs' .spv files are")
    ap.add_argument("--programs", required=True, help="programs.txt")
    ap.add_argument("--device", action="append", choices=DEVICES)
    ap.add_argument("--program", action="append", help="run only these programs")
    ap.add_argument("--jobs", type=int, default=2 * (os.cpu_count() or 1))
    ap.add_argument("--keep", help="keep every output buffer in this directory")
    ap.add_argument("--test-icd", help="use this ICD instead of Mesa's Intel drivers on "
                    "vgpu (to test the harness itself, e.g. with lavapipe)")
    ap.add_argument("--genvk", help="genvk's manifest: run genvk on every device too")
    ap.add_argument("--decoder", help="genvk-decode: with --genvk, every batch genvk "
                    "submits must decode with no unknown dword")
    ap.add_argument("--threads-check", action="append", default=[], choices=DEVICES,
                    help="also run Mesa's driver on this device with VGPU_THREADS=1; "
                    "its buffers must equal the default run's")
    ap.add_argument("--spread", action="store_true",
                    help="run each program on one device only, the devices taking "
                    "turns (for sanitized builds: every program and every "
                    "generation's code runs, not every pair)")
    ap.add_argument("--mesa-device", action="append", choices=DEVICES,
                    help="run Mesa's driver only on these devices (default: every "
                    "device); genvk then cannot be held to Mesa's results elsewhere")
    args = ap.parse_args()
    args.device = args.device or DEVICES
    args.mesa_device = [d for d in args.mesa_device or args.device if d in args.device]
    args.threads_check = [d for d in args.threads_check if d in args.mesa_device]
    programs = parse_programs(args.programs, args.spv_dir)
    if args.program:
        unknown = set(args.program) - {p.name for p in programs}
        if unknown:
            sys.exit("unknown program(s): %s" % ", ".join(sorted(unknown)))
        programs = [p for p in programs if p.name in args.program]
    for icd in [LAVAPIPE_ICD] + [device_icd(d) for d in args.mesa_device]:
        if not args.test_icd and not os.path.exists(icd):
            print("SKIP: %s not found (Debian package mesa-vulkan-drivers)" % icd)
            return SKIP
    work = args.keep or tempfile.mkdtemp(prefix="compute-vs-lavapipe.")
    os.makedirs(os.path.join(work, "lavapipe"), exist_ok=True)
    for d in args.device:
        for driver, _ in device_icds(args, d):
            os.makedirs(os.path.join(work, d, driver), exist_ok=True)
        os.makedirs(os.path.join(work, d, "one-thread"), exist_ok=True)
    try:
        results = run_all(args, programs, work)
        failures, passes = report(args, programs, results)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    print("%d programs, %d devices, %d driver runs: %d passed, %d failed"
          % (len(programs), len(args.device),
             sum(len(device_icds(args, d)) for d in args.device), passes, failures))
    if failures:
        return 1
    if not passes:
        print("SKIP: no program could be compared on any device (reasons above)")
        return SKIP
    return 0


if __name__ == "__main__":
    sys.exit(main())

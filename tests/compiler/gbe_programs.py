#!/usr/bin/env python3
"""The Gen back end on the compute programs.

Every program of tests/programs/compute/programs.txt (or those named) runs
once on lavapipe through compute_run (the reference) and, through gbe_run,
compiled by src/compiler for each of the six generations at every SIMD
width the back end offers for it, on vgpu's EU interpreter with gbe_run's
small driver.  Every output binding is compared with the program's
tolerances: the judgement of tests/crosscheck/compute_vs_lavapipe.py
(parse_programs, run_program, compare), imported from it.

A program lavapipe cannot run (a feature it lacks: descriptor indexing in
Mesa 22.3) takes its reference from the IR interpreter (gbe_run --interp:
buffers and push constants only), else from Mesa's ANV on vgpu (skl-gt2);
the report names the reference used.  Results of subgroup operations
depend on the subgroup size: a program with subgroup capabilities is
compared at lavapipe's subgroup size (compute_run prints it) only.

Prints per program, generation and width: compiled, ran, matched - or why
not (the back end's reason, a feature the generation lacks, a fault or the
differing words).  A kernel the back end declines counts as skipped only
for a reason EXPECTED_NOT_COMPILED lists, else as failed.  Exit status: 1 when a kernel that compiled did not run
or differs, 77 when nothing was compared, 0 otherwise.

usage: gbe_programs.py --top SRC --compute-run COMPUTE_RUN --gbe-run GBE_RUN
                       --spv-dir DIR --programs PROGRAMS_TXT [--program NAME]...
                       [--gen VERX10]... [--jobs N] [--keep DIR] [--checks]
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

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "crosscheck"))
import compute_vs_lavapipe as cvl  # noqa: E402

FALLBACK_DEVICE = "skl-gt2"
LINE = re.compile(r"^(gen[0-9.]+) SIMD(\d+): (.*)$")
RUN_TIMEOUT = 1200
VERX10 = {"gen7": "70", "gen7.5": "75", "gen8": "80", "gen9": "90", "gen11": "110",
          "gen12": "120"}
GEN_NAME = {v: k for k, v in VERX10.items()}


SUBGROUP_SIZE = re.compile(r"subgroup size: (\d+)")


def reference(args, program, work):
    """(Result, the reference's name, its subgroup size or None): lavapipe,
    else the IR interpreter or ANV on vgpu when lavapipe lacks a feature."""
    cmd = [args.compute_run, program.spv] + program.args
    env = dict(cvl.base_env(), VK_ICD_FILENAMES=cvl.LAVAPIPE_ICD)
    if os.path.exists(cvl.VALIDATION_LAYER):
        env["VK_INSTANCE_LAYERS"] = "VK_LAYER_KHRONOS_validation"
    r = cvl.run_program(cmd, env, os.path.join(work, "lavapipe", program.name))
    if r.status != "skip":
        return r, "lavapipe"
    i = cvl.run_program([args.gbe_run, program.spv] + program.args + ["--interp"],
                        cvl.base_env(), os.path.join(work, "interp", program.name))
    if i.status == "ran":
        return i, "interp (lavapipe: %s)" % r.reason
    icd = cvl.device_icd(FALLBACK_DEVICE)
    if not os.path.exists(icd):
        return r, "lavapipe"
    env = cvl.mesa_env(dict(cvl.base_env(), VK_ICD_FILENAMES=icd))
    vgpu_run = os.path.join(args.top, "scripts", "vgpu-run")
    a = cvl.run_program([vgpu_run, "--device", FALLBACK_DEVICE, "--"] + cmd, env,
                        os.path.join(work, "anv", program.name))
    if a.status == "ran":
        return a, "ANV/%s (lavapipe: %s)" % (FALLBACK_DEVICE, r.reason)
    return r, "lavapipe"


def run_gbe(args, program, work, gen):
    """{(gen, simd): status text} from gbe_run for one generation, and its
    output prefix."""
    prefix = os.path.join(work, "gbe", program.name)
    cmd = [args.gbe_run, program.spv] + program.args + ["--out", prefix, "--gen", gen]
    if args.checks:
        cmd.append("--checks")
    try:
        r = subprocess.run(cmd, env=cvl.base_env(), capture_output=True, text=True,
                           timeout=RUN_TIMEOUT)
    except subprocess.TimeoutExpired:
        return {(GEN_NAME[gen], 0): "did not finish within %d s" % RUN_TIMEOUT}, prefix
    lines = {}
    for line in r.stdout.splitlines():
        m = LINE.match(line)
        if m:
            lines[(m.group(1), int(m.group(2)))] = m.group(3)
    if r.returncode != 0 or not lines:
        tail = (r.stdout + r.stderr).strip().splitlines()[-4:]
        lines[(GEN_NAME[gen], 0)] = "gbe_run failed (exit %d): %s" % (r.returncode, " | ".join(tail))
    return lines, prefix



# The reasons for which the back end may decline a kernel: what the
# generation lacks, or a capability not built yet (the issue that builds it
# named).  A kernel declined for any other reason fails, so that a
# regression in the back end cannot pass as a skip.
EXPECTED_NOT_COMPILED = [
    re.compile(r"lacks 64-bit floats \(Gen11 and Gen12LP have no DF arithmetic\)"),
    re.compile(r"64-bit atomics on gen7(\.5)?: it has no A64 messages"),
    # multisampled sampled images: only texelFetch and the sample count
    # query are compiled, and the fetch from Gen8 on (ld2dms, no MCS)
    re.compile(r"\(tex\.\w+\): multisampled images are not supported yet"),
    re.compile(r"\(tex\.\w+\): a multisampled image is not supported yet"),
    re.compile(r"\(tex\.fetch\): texelFetch on a multisampled image before Gen8 is "
               r"not supported yet"),
]


def expected_not_compiled(text):
    return any(r.search(text) for r in EXPECTED_NOT_COMPILED)


# SPIR-V capabilities GroupNonUniform through GroupNonUniformQuad
SUBGROUP_CAPS = range(61, 69)


def uses_subgroups(spv):
    with open(spv, "rb") as f:
        words = struct.unpack("<%dI" % (os.path.getsize(spv) // 4), f.read())
    i = 5
    while i < len(words) and words[i] >> 16:
        if words[i] & 0xffff == 17 and words[i] >> 16 == 2 and words[i + 1] in SUBGROUP_CAPS:
            return True
        i += words[i] >> 16
    return False


def judge(program, ref, ref_name, key, text, prefix):
    """(status, text): status pass, fail, or skip (not compiled, unsupported, not run,
    no reference)."""
    gen, simd = key
    if text.startswith("unsupported"):
        return "skip", text
    if text.startswith("not compiled"):
        if expected_not_compiled(text):
            return "skip", text
        return "fail", "%s (not a reason gbe_programs.py expects)" % text
    if text.startswith("compiled, not run"):
        return "skip", text
    if not text.startswith("compiled, ran"):
        return "fail", text
    if ref.status == "fail":
        return "fail", "compiled, ran; the reference failed: %s" % ref.reason
    if ref.status != "ran":
        return "skip", "compiled, ran; no reference: %s" % ref.reason
    size = SUBGROUP_SIZE.search(ref.output or "")
    if size and int(size.group(1)) != simd and uses_subgroups(program.spv):
        return "skip", ("compiled, ran; not compared: subgroup operations at SIMD%d, the "
                        "reference's subgroup size is %s" % (simd, size.group(1)))
    result = "%s.%s.simd%d" % (prefix, VERX10[gen], simd)
    lines = cvl.compare(program, ref.prefix, result, "%s SIMD%d" % (gen, simd), ref_name)
    if lines:
        return "fail", "compiled, ran, differs from %s\n        %s" % (ref_name,
                                                                    "\n        ".join(lines))
    return "pass", "compiled, ran, matched %s" % ref_name


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--top", required=True)
    ap.add_argument("--compute-run", required=True)
    ap.add_argument("--gbe-run", required=True)
    ap.add_argument("--spv-dir", required=True)
    ap.add_argument("--programs", required=True)
    ap.add_argument("--program", action="append")
    ap.add_argument("--gen", action="append", help="70, 75, 80, 90, 110 or 120")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--keep")
    ap.add_argument("--checks", action="store_true", help="vgpu's EU kernel checks")
    args = ap.parse_args()
    programs = cvl.parse_programs(args.programs, args.spv_dir)
    if args.program:
        unknown = set(args.program) - {p.name for p in programs}
        if unknown:
            sys.exit("unknown program(s): %s" % ", ".join(sorted(unknown)))
        programs = [p for p in programs if p.name in args.program]
    work = args.keep or tempfile.mkdtemp(prefix="gbe-programs.")
    for d in ("lavapipe", "interp", "anv", "gbe"):
        os.makedirs(os.path.join(work, d), exist_ok=True)
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            refs = {p.name: pool.submit(reference, args, p, work) for p in programs}
            # one gbe_run per generation, in parallel
            gens = args.gen or ["70", "75", "80", "90", "110", "120"]
            gbes = {(p.name, g): pool.submit(run_gbe, args, p, work, g)
                    for p in programs for g in gens}
            counts = collections.Counter()
            per_gen = collections.defaultdict(collections.Counter)
            for p in programs:
                ref, ref_name = refs[p.name].result()
                lines, prefix = {}, None
                for g in gens:
                    more, prefix = gbes[(p.name, g)].result()
                    lines.update(more)
                if ref_name != "lavapipe":
                    print("%s: the reference is %s" % (p.name, ref_name))
                    ref_name = ref_name.split(" ")[0]
                for key in sorted(lines, key=str):
                    status, text = judge(p, ref, ref_name, key, lines[key], prefix)
                    counts[status] += 1
                    per_gen[key[0]][status] += 1
                    print("%s %s SIMD%s: %s" % (p.name, key[0], key[1], text))
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    for gen in sorted(per_gen, key=lambda g: int(VERX10.get(g, "0"))):
        c = per_gen[gen]
        print("%s: %d matched, %d failed, %d not compiled, unsupported or not run"
              % (gen, c["pass"], c["fail"], c["skip"]))
    print("%d programs: %d kernels matched, %d failed, %d not compiled, unsupported or not run"
          % (len(programs), counts["pass"], counts["fail"], counts["skip"]))
    if counts["fail"]:
        return 1
    if not counts["pass"]:
        print("SKIP: no kernel could be compared (reasons above)")
        return cvl.SKIP
    return 0


if __name__ == "__main__":
    sys.exit(main())

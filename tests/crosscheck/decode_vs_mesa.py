#!/usr/bin/env python3
"""genxml checked against an independent decoder: Mesa's.

For each test program and device, Mesa's own Vulkan driver (ANV on Gen9+,
hasvk on Gen7/7.5/8) runs the program on vgpu with capture on and
INTEL_DEBUG=bat, which makes Mesa print every batch it submits, decoded
with Mesa's genxml.  genvk-decode --json decodes vgpu's captures of the
same batches with genvk's genxml.  The two are compared packet by packet
and field by field, with the registers MI_LOAD_REGISTER_IMM writes and the
state Mesa follows from the packets (surface and sampler states, blend,
viewport, scissor, depth-stencil and color-calc state, interface
descriptors), which genvk-decode --structs decodes at the same addresses.  Any differing
value, any field only one side prints, any packet genvk cannot name, fails
the test, except the documented entries of MESA_QUIRKS.

Relocations (hasvk on Gen7/7.5 leaves addresses to the kernel): Mesa prints
a batch before submitting it, when each relocated value still holds what
hasvk wrote (the presumed address plus delta, or in surface states whose
target it has not placed yet, just the offset); vgpu's capture records
every relocation with those original bytes, and genvk-decode decodes such
a packet or structure a second time as submitted ("submitted"), which is
what is compared with Mesa.  Each relocation must
also land on exactly one genvk address field that fills the relocated bytes
to the top of the address (bit 31 on Gen7, 47 or 63 on Gen8+), with every
field it overlaps inside it: a wrong bit position shows as a differing
value, a wrong address width as a relocation error.

usage: decode_vs_mesa.py --top SRC --decoder GENVK_DECODE
                         [--program "NAME=PATH [ARG]..."]... [--pending NAME]...
                         [--device DEV]... [--keep DIR]
"""
import argparse
import json
import math
import os
import re
import shlex
import subprocess
import sys
import tempfile

ICD_DIR = "/usr/share/vulkan/icd.d"
MESA_DRIVER = {"ivb": "intel_hasvk", "hsw": "intel_hasvk", "bdw": "intel_hasvk"}
VERX10 = {"ivb": 70, "hsw": 75, "bdw": 80, "skl": 90, "kbl": 90, "icl": 110, "tgl": 120}

# Where Mesa 22.3's printout is wrong or says something else.  Each entry:
# (generations, packet or register, field (a regular expression matching
#  the whole name), what to do, why).
#   'mesa-wrong': the field is not compared (Mesa's line is wrong);
#   'mesa-omits': genvk's field has no Mesa counterpart.
MESA_QUIRKS = [
    ({120}, "GFX_AUX_TABLE_BASE_ADDR", r"Address", "mesa-wrong",
     "a 64-bit register written by a one-register MI_LOAD_REGISTER_IMM: Mesa "
     "takes its high dword from the next command in the batch"),
    ({80}, "MI_LOAD_REGISTER_IMM", r"(Register Offset|Data DWord)\[\d+\]", "mesa-wrong",
     "Mesa's gen8.xml starts the repeated register/data pairs at dword 2 "
     "instead of dword 3, so it reads Data DWord as a second register offset"),
    ({80}, "MI_LOAD_REGISTER_IMM", r"(Register Offset|Data DWord)\[\d+\]", "mesa-omits",
     "same gen8.xml group: the pairs Mesa misplaces end one pair early"),
    ({80}, "MI_LOAD_REGISTER_IMM", "Data DWord", "mesa-omits",
     "same gen8.xml group: Mesa's field iterator stops at the misplaced "
     "pair's Data DWord (beyond the packet) before printing the real one"),
]

# Address fields genxml lays over each other, only one of which a given
# structure uses: (generations, structure, address field, selector field,
# selector values for which the address field applies, why).  A relocation
# must land on exactly one address field in use.
ADDRESS_ALTERNATIVES = [
    ({70, 75}, "RENDER_SURFACE_STATE", "Append Counter Address", "Surface Type", {4},
     "Gen7 dword 6 holds the append counter address for buffer surfaces "
     "(SURFTYPE_BUFFER, 4) only, otherwise the auxiliary (MCS/CCS) surface "
     "address (PRM Vol 2d RENDER_SURFACE_STATE, IVB/HSW)"),
    ({70, 75}, "RENDER_SURFACE_STATE", "Auxiliary Surface Base Address", "Surface Type",
     {0, 1, 2, 3}, "same dword: the auxiliary surface belongs to 1D/2D/3D/cube surfaces"),
]

PACKET = re.compile(r"^0x[0-9a-f]+:  0x[0-9a-f]{8}:  (\S+)\s*$")
DWORD = re.compile(r"^0x[0-9a-f]+:  0x[0-9a-f]{8} : Dword \d+$")
# Greedy: a field name may hold ": " (Gen7's "Reserved: MBZ"), values never.
FIELD = re.compile(r"^    (.*): (.*)$")
# Mesa's decoder following a jump to memory it cannot read.
UNAVAILABLE_BATCH = re.compile(r"^Secondary batch at (0x[0-9a-f]+) unavailable$")
REGISTER = re.compile(r"^register (\S+) \((0x[0-9a-f]+)\): (0x[0-9a-f]+)$")
DWORD_ADDRESS = re.compile(r"^(0x[0-9a-f]+):  0x[0-9a-f]{8} : Dword 0$")
# Headers of the state Mesa follows from a packet, and the structure each is.
STATE_HEADERS = [
    (re.compile(r"^BLEND_STATE$"), "BLEND_STATE"),
    (re.compile(r"^BLEND_STATE_ENTRY \d+$"), "BLEND_STATE_ENTRY"),
    (re.compile(r"^COLOR_CALC_STATE \d+$"), "COLOR_CALC_STATE"),
    (re.compile(r"^DEPTH_STENCIL_STATE \d+$"), "DEPTH_STENCIL_STATE"),
    (re.compile(r"^CC_VIEWPORT \d+$"), "CC_VIEWPORT"),
    (re.compile(r"^SF_CLIP_VIEWPORT \d+$"), "SF_CLIP_VIEWPORT"),
    (re.compile(r"^SCISSOR_RECT \d+$"), "SCISSOR_RECT"),
    (re.compile(r"^sampler state \d+$"), "SAMPLER_STATE"),
    (re.compile(r"^pointer \d+: 0x[0-9a-f]+$"), "RENDER_SURFACE_STATE"),
    (re.compile(r"^descriptor \d+: [0-9a-f]+$"), "INTERFACE_DESCRIPTOR_DATA"),
]


def quirk(verx10, packet, field, want=None):
    for gens, p, f, action, _ in MESA_QUIRKS:
        if (verx10 in gens and re.fullmatch(p, packet) and re.fullmatch(f, field)
                and want in (None, action)):
            return action
    return None


def parse_mesa(text):
    """Top-level packets of INTEL_DEBUG=bat output, in order: dicts with
    name, fields [(name, value)], registers [(name, offset, fields)] and
    states [{struct, address, fields}] (the state Mesa follows)."""
    packets = []
    target = None          # the field list lines go to, or None
    state = None           # the followed state waiting for its address
    for line in text.splitlines():
        m = PACKET.match(line)
        if m:
            packets.append({"name": m.group(1), "fields": [], "registers": [], "states": []})
            target = packets[-1]["fields"]
            state = None
            continue
        m = UNAVAILABLE_BATCH.match(line)
        if m and packets:
            packets[-1]["unavailable"] = int(m.group(1), 16)
            target = None
            continue
        m = DWORD_ADDRESS.match(line)
        if m and state is not None and state["address"] is None:
            state["address"] = int(m.group(1), 16)
        if DWORD.match(line):
            continue
        header = next((st for rx, st in STATE_HEADERS if rx.match(line)), None)
        if header and packets:
            state = {"struct": header, "address": None, "fields": []}
            packets[-1]["states"].append(state)
            target = state["fields"]
            continue
        m = FIELD.match(line)
        if m and target is not None:
            if m.group(1).strip():      # Mesa names no must-be-one bit
                target.append((m.group(1).strip(), m.group(2).strip()))
            continue
        m = REGISTER.match(line)
        if m and packets:
            fields = []
            packets[-1]["registers"].append((m.group(1), int(m.group(2), 16), fields))
            target = fields
            continue
        target = None      # state Mesa follows (surface states, shaders...)
    return packets


def mesa_value(text):
    if text in ("true", "false"):
        return text == "true"
    m = re.match(r"^(-?\d+) \(.*\)$", text)
    if m:
        return int(m.group(1))
    if text.startswith("0x"):
        return int(text, 16)
    if text.startswith("<struct"):
        return None
    if re.match(r"^-?\d+$", text):
        return int(text)
    try:
        return float(text)
    except ValueError:
        return text


def same(mine, mesa):
    if isinstance(mesa, float) or isinstance(mine, float):
        try:
            a, b = float(mine), float(mesa)
        except (TypeError, ValueError):
            return False
        if math.isnan(a) and math.isnan(b):
            return True
        return abs(a - b) <= 1e-6 + 1e-6 * abs(b)
    if isinstance(mine, bool) or isinstance(mesa, bool):
        return int(mine) == int(mesa)
    if mine == mesa:
        return True
    # Mesa prints signed fields without sign extension.
    if isinstance(mine, int) and isinstance(mesa, int) and mine < 0 < mesa:
        diff = mesa - mine
        return diff & (diff - 1) == 0
    return False


class Tally:
    def __init__(self):
        self.packets = self.fields = self.registers = 0
        self.errors = []
        self.quirks = 0
        self.relocs = 0
        self.states = 0


def compare_fields(verx10, packet, mine, mesa, where, tally):
    """mine, mesa: [(name, value)] in print order; equal names pair up in order."""
    pending = {}
    for name, value in mine:
        pending.setdefault(name, []).append(value)
    for name, text in mesa:
        value = mesa_value(text)
        if value is None or text == "":
            continue            # struct headers and must-be-one bits
        action = quirk(verx10, packet, name, "mesa-wrong") or quirk(verx10, packet, name)
        if action == "mesa-wrong":
            tally.quirks += 1
            if pending.get(name):
                pending[name].pop(0)
            continue
        if not pending.get(name):
            tally.errors.append(f"{where}: field '{name}' = {text} is not decoded by genvk")
            continue
        got = pending[name].pop(0)
        tally.fields += 1
        if not same(got, value):
            tally.errors.append(f"{where}: '{name}': genvk {got!r}, Mesa {text}")
    for name, values in pending.items():
        for v in values:
            if quirk(verx10, packet, name, "mesa-omits"):
                tally.quirks += 1
                continue
            tally.errors.append(f"{where}: field '{name}' = {v!r} is not printed by Mesa")


def address_in_use(verx10, struct, field, flat):
    for gens, st, f, selector, values, _ in ADDRESS_ALTERNATIVES:
        if verx10 in gens and st == struct and f == field:
            return any(n == selector and v in values for n, v in flat)
    return True


def check_relocations(verx10, struct, decoded, where, tally):
    """The relocations genvk-decode found in a packet or structure against
    the fields genvk describes there (see the module docstring)."""
    spots = decoded.get("reloc_fields", [])
    for i, r in enumerate(decoded.get("relocs", [])):
        at = f"{where}: relocation at byte {r['byte']}"
        bits = 8 * r["size"]
        over = [f for f in spots if f["reloc"] == i]
        address = [f for f in over if f["address"] and
                   address_in_use(verx10, struct, f["name"], decoded["flat"])]
        tally.relocs += 1
        if len(address) != 1:
            names = ", ".join(f["name"] for f in over) or "no field"
            tally.errors.append(f"{at}: lands on {len(address)} address fields ({names})")
            continue
        if address[0]["end"] not in (min(bits, 48) - 1, bits - 1):
            tally.errors.append(f"{at}: '{address[0]['name']}' ends at bit {address[0]['end']} "
                                f"of the {bits}-bit relocated value")
        for f in over:
            if f["start"] < 0 or f["end"] >= bits:
                tally.errors.append(f"{at}: '{f['name']}' (bits {f['start']}..{f['end']}) "
                                    f"straddles the {bits}-bit relocated value")


def drop_unfetchable(mine, mesa):
    """Where a jump leads outside every captured object, genvk-decode adds
    an "outside every object" record after the jump and Mesa prints "...
    batch at ADDRESS unavailable": that chain ends there on both sides.  A
    record without that Mesa line stays, and fails as an extra packet.

    ANV's call-and-return secondaries (tests/programs/sync/secondary.c) end
    so: the secondary's last MI_BATCH_BUFFER_START holds 0 in memory until
    the primary's MI_STORE_DATA_IMM, executed just before the jump into the
    secondary, writes the return address into it.  Both decoders decode
    memory as submitted, so both stop there; the primary's commands after
    the return are compared by neither (following the chain as executed
    would need the decoders to apply the store, which Mesa's does not)."""
    kept = []
    for a in mine:
        if (a.get("name") is None and a.get("invalid") == "outside every object" and kept
                and len(kept) <= len(mesa) and mesa[len(kept) - 1].get("unavailable") == a["address"]):
            continue
        kept.append(a)
    return kept


def compare(verx10, mine, mesa, label, tally):
    if len(mine) != len(mesa):
        tally.errors.append(f"{label}: genvk decodes {len(mine)} packets, Mesa prints {len(mesa)}")
    for i, (a, b) in enumerate(zip(mine, mesa)):
        where = f"{label} packet {i} ({b['name']})"
        if a.get("name") is None:
            tally.errors.append(f"{where}: undescribed in genvk (dword 0x{a.get('unknown', 0):08x})")
            continue
        if a["name"] != b["name"]:
            tally.errors.append(f"{where}: genvk says {a['name']}")
            return
        tally.packets += 1
        check_relocations(verx10, a["name"], a, where, tally)
        compare_fields(verx10, a["name"], a.get("submitted", a["flat"]), b["fields"], where, tally)
        regs = a.get("registers", [])
        for name, offset, fields in b["registers"]:
            match = [r for r in regs if r["offset"] == offset]
            if not match or match[0]["name"] != name:
                tally.errors.append(f"{where}: register {name} (0x{offset:x}) is not described")
                continue
            tally.registers += 1
            compare_fields(verx10, name, match[0]["flat"], fields, f"{where} register {name}", tally)


def compare_states(verx10, mine, mesa, decoder, capture, label, tally):
    """The state Mesa followed from each packet, decoded by genvk at the
    same address of the same capture.  On Gen7/7.5 hasvk's decoder finds
    state only in batches recorded once the kernel has told it where its
    state pools are (presumed addresses right); before that it prints the
    state as "unavailable" and there is nothing to compare."""
    wanted = []
    for a, b in zip(mine, mesa):
        if a.get("name") != b["name"]:
            break
        for st in b["states"]:
            if st["address"] is not None:
                wanted.append((a["batch"], st, b["name"]))
    if not wanted:
        return
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        for batch, st, _ in wanted:
            f.write(f"{batch} {st['struct']} {st['address']:x}\n")
        listing = f.name
    try:
        out = subprocess.run([decoder, "--structs", listing, capture], capture_output=True,
                             text=True, timeout=300).stdout.splitlines()
    finally:
        os.unlink(listing)
    if len(out) != len(wanted):
        tally.errors.append(f"{label}: genvk-decode --structs gave {len(out)} of {len(wanted)} states")
        return
    for line, (batch, st, packet) in zip(out, wanted):
        got = json.loads(line)
        where = f"{label} {st['struct']} at 0x{st['address']:x} (from {packet})"
        if "invalid" in got:
            tally.errors.append(f"{where}: genvk: {got['invalid']}")
            continue
        tally.states += 1
        check_relocations(verx10, st["struct"], got, where, tally)
        compare_fields(verx10, st["struct"], got.get("submitted", got["flat"]), st["fields"],
                       where, tally)


def run(top, decoder, program, device, keep):
    gen = device.split("-")[0]
    icd = os.path.join(ICD_DIR, MESA_DRIVER.get(gen, "intel") + "_icd.x86_64.json")
    capture = tempfile.mkdtemp(prefix=f"crosscheck-{device}-", dir=keep)
    # The test environment's VGPU_RULES applies: Mesa's batches must also
    # keep every hardware rule vgpu checks.
    env = dict(os.environ, VK_ICD_FILENAMES=icd, VK_DRIVER_FILES=icd, INTEL_DEBUG="bat",
               MESA_SHADER_CACHE_DISABLE="true")
    proc = subprocess.run([os.path.join(top, "scripts/vgpu-run"), "--device", device,
                           "--capture", capture, "--", *shlex.split(program)],
                          env=env, capture_output=True, text=True, timeout=300)
    if proc.returncode != 0:
        raise RuntimeError(f"{program} on {device} exited {proc.returncode}:\n{proc.stderr[-2000:]}")
    dec = subprocess.run([decoder, "--json", capture], capture_output=True, text=True, timeout=300)
    if dec.returncode != 0:
        raise RuntimeError(f"genvk-decode failed on {capture}: {dec.stderr}")
    if keep:
        with open(os.path.join(capture, "mesa-bat.txt"), "w") as f:
            f.write(proc.stderr)
        with open(os.path.join(capture, "genvk.jsonl"), "w") as f:
            f.write(dec.stdout)
    mine = [json.loads(line) for line in dec.stdout.splitlines() if line.strip()]
    return mine, parse_mesa(proc.stderr), capture


def remove(capture):
    for name in os.listdir(capture):
        os.unlink(os.path.join(capture, name))
    os.rmdir(capture)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--top", required=True)
    ap.add_argument("--decoder", required=True)
    ap.add_argument("--program", action="append", default=[])
    ap.add_argument("--pending", action="append", default=[])
    ap.add_argument("--device", action="append", default=[])
    ap.add_argument("--keep")
    args = ap.parse_args()
    devices = args.device or ["ivb-gt2", "hsw-gt2", "bdw-gt2", "skl-gt2", "icl-gt2", "tgl-gt2"]

    needed = {os.path.join(ICD_DIR, d + "_icd.x86_64.json") for d in ("intel", "intel_hasvk")}
    missing = [p for p in needed if not os.path.exists(p)]
    if missing:
        print(f"SKIP: {', '.join(missing)} missing (install mesa-vulkan-drivers)")
        return 77

    total = Tally()
    per_gen = {}
    for spec in args.program:
        name, path = spec.split("=", 1)
        for device in devices:
            verx10 = VERX10[device.split("-")[0]]
            tally = Tally()
            mine, mesa, capture = run(args.top, args.decoder, path, device, args.keep)
            mine = drop_unfetchable(mine, mesa)
            compare(verx10, mine, mesa, f"{name}/{device}", tally)
            compare_states(verx10, mine, mesa, args.decoder, capture, f"{name}/{device}", tally)
            if not args.keep:
                remove(capture)
            print(f"{name:24s} {device:8s} gen {verx10:3d}: {tally.packets:4d} packets, "
                  f"{tally.fields:5d} fields, {tally.registers:3d} registers, "
                  f"{tally.states:3d} states compared, "
                  f"{tally.relocs:3d} relocations, "
                  f"{len(tally.errors)} differences; {tally.quirks} Mesa quirks")
            for e in tally.errors[:40]:
                print("    " + e)
            if len(tally.errors) > 40:
                print(f"    ... {len(tally.errors) - 40} more")
            for t in (total, per_gen.setdefault(device, Tally())):
                t.packets += tally.packets
                t.fields += tally.fields
                t.registers += tally.registers
                t.states += tally.states
                t.relocs += tally.relocs
                t.errors += tally.errors
    for name in args.pending:
        print(f"NOTE: acceptance program '{name}' is not cross-checked yet "
              f"(its packets are not all described)")
    for device, t in per_gen.items():
        print(f"{device:8s} gen {VERX10[device.split('-')[0]]:3d}: {t.packets:5d} packets, "
              f"{t.fields:6d} fields, {t.registers:4d} registers, {t.states:4d} states, "
              f"{t.relocs:4d} relocations; {len(t.errors)} differences")
    print(f"total: {total.packets} packets, {total.fields} fields, {total.registers} registers, "
          f"{total.states} followed states compared, {total.relocs} relocations checked; "
          f"{len(total.errors)} differences")
    if total.packets == 0:
        print("FAIL: nothing was compared")
        return 1
    return 1 if total.errors else 0


if __name__ == "__main__":
    sys.exit(main())

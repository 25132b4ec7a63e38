#!/usr/bin/env python3
"""Checks vgpu capture files (src/vgpu/README.md describes the format).

For every captured submission it walks the batch from its first command,
following MI_BATCH_BUFFER_START (chained and second-level), and checks that
the chain is complete: every command lies inside a listed object, every
MI_BATCH_BUFFER_START target lies inside a listed object, and the walk ends
in MI_BATCH_BUFFER_END.  The command-length rules are written here from the
PRM independently of vgpu's C code.  Batches may patch themselves: Mesa's
ANV runs a secondary command buffer by having the primary write the return
address into the secondary's final MI_BATCH_BUFFER_START with
MI_STORE_DATA_IMM, so the walk applies MI_STORE_DATA_IMM writes as it goes.

Every relocation record (version 2) must name a captured object and a place
inside it, hold there what vgpu wrote, and that value must be the target's
address plus the sign-extended delta (32 bits on Gen7, a canonical 48-bit
address on Gen8+), as the i915 kernel computes it.

usage: check_capture.py [--expect-walker | --expect-primitive | --expect-none] DIR
Prints one summary line; exits 1 on the first broken chain.
"""
import os
import struct
import sys

HEADER = struct.Struct("<8sIIHBBIQQQIIII")
RELOC_TABLE = struct.Struct("<II")     # after HEADER in version 2
OBJECT = struct.Struct("<IIQQQQ")
RELOC = struct.Struct("<IIQQQQII")
MAX_COMMANDS = 1 << 20


def command_length(dw):
    """Dwords in the command whose header is dw, or None when invalid."""
    kind = dw >> 29
    if kind == 0:                                  # MI
        return 1 if ((dw >> 23) & 0x3F) < 0x10 else (dw & 0xFF) + 2
    if kind == 2:                                  # blitter
        return (dw & 0xFF) + 2
    if kind != 3:
        return None
    subtype, opcode, top = (dw >> 27) & 3, (dw >> 24) & 7, dw >> 16
    if subtype == 0:
        return 1 if top == 0x6104 else ((dw & 0xFF) + 2 if opcode < 2 else None)
    if subtype == 1:
        return 1 if opcode < 2 else None
    if subtype == 2:
        if opcode == 0:
            return (dw & 0xFF) + 2
        return (dw & 0xFFFF) + 2 if opcode < 3 else None
    if top == 0x780B:
        return 1
    return (dw & 0xFF) + 2 if opcode < 4 else None


class Capture:
    def __init__(self, path):
        with open(path, "rb") as f:
            blob = f.read()
        fields = HEADER.unpack_from(blob, 0)
        (magic, version, header_size, self.pci_id, self.verx10, _, self.ctx,
         self.flags, self.batch_address, self.batch_len, count,
         self.batch_index, object_header_size, _) = fields
        if magic != b"VGPUCAP1" or version != 2:
            raise ValueError(f"{path}: not a version 2 vgpu capture")
        reloc_count, reloc_size = RELOC_TABLE.unpack_from(blob, HEADER.size)
        self.objects = []
        pos = header_size
        for _ in range(count):
            handle, _, flags, addr, size, data_size = OBJECT.unpack_from(blob, pos)
            pos += object_header_size
            self.objects.append((addr, size, bytearray(blob[pos:pos + data_size])))
            pos += data_size
        self.relocs = []
        for _ in range(reloc_count):
            self.relocs.append(RELOC.unpack_from(blob, pos))
            pos += reloc_size
        if pos != len(blob):
            raise ValueError(f"{path}: {len(blob) - pos} trailing bytes")

    def check_relocations(self):
        for obj, target, offset, _presumed, _original, written, delta, size in self.relocs:
            if obj >= len(self.objects) or target >= len(self.objects):
                raise ValueError(f"relocation names object {obj} -> {target} of {len(self.objects)}")
            data = self.objects[obj][2]
            if size != (8 if self.verx10 >= 80 else 4) or offset + size > len(data):
                raise ValueError(f"relocation of {size} bytes at {offset} of object {obj}")
            value = (self.objects[target][0] + delta - ((delta & 0x80000000) << 1)) % (1 << 64)
            if size == 4:
                value &= 0xFFFFFFFF
            else:
                value = canonical(value & ((1 << 48) - 1))
            held = int.from_bytes(data[offset:offset + size], "little")
            if written != value or held != value:
                raise ValueError(f"relocation at {offset} of object {obj}: wrote 0x{written:x}, "
                                 f"object holds 0x{held:x}, target + delta is 0x{value:x}")
        return len(self.relocs)

    def read(self, addr, ndw):
        for start, size, data in self.objects:
            if start <= addr and addr + 4 * ndw <= start + min(size, len(data)):
                off = addr - start
                return struct.unpack_from(f"<{ndw}I", data, off)
        return None

    def write(self, addr, dwords):
        """Stores dwords at addr; False when no object holds them."""
        for start, size, data in self.objects:
            if start <= addr and addr + 4 * len(dwords) <= start + min(size, len(data)):
                struct.pack_into(f"<{len(dwords)}I", data, addr - start, *dwords)
                return True
        return False

    def inside(self, addr):
        return any(start <= addr < start + size for start, size, _ in self.objects)


def canonical(addr48):
    return addr48 | (0xFFFF << 48) if addr48 >> 47 else addr48


def store_data_imm(cap, dws, wide, ip):
    """Gen8+: address in DW1-2; Gen7: DW1 is control, address in DW2."""
    if wide:
        addr, data = (dws[1] & ~3) | ((dws[2] & 0xFFFF) << 32), dws[3:]
    else:
        addr, data = dws[2] & ~3, dws[3:]
    if data and not cap.write(addr, list(data)):
        raise ValueError(f"MI_STORE_DATA_IMM at 0x{ip:x} writes 0x{addr:x}, "
                         "outside every object")


def walk(cap):
    """Returns (commands walked, {name: count} of the work commands seen)
    or raises ValueError."""
    wide = cap.verx10 >= 80
    ip, return_ip, second_level = cap.batch_address, None, False
    work = {"GPGPU_WALKER": 0, "3DPRIMITIVE": 0}
    for n in range(MAX_COMMANDS):
        head = cap.read(ip, 1)
        if head is None:
            raise ValueError(f"command fetch at 0x{ip:x} is outside every object")
        length = command_length(head[0])
        if length is None:
            raise ValueError(f"invalid command header 0x{head[0]:08x} at 0x{ip:x}")
        dws = cap.read(ip, length)
        if dws is None:
            raise ValueError(f"command at 0x{ip:x} runs past its object")
        dw0 = dws[0]
        if dw0 >> 16 == 0x7105:
            work["GPGPU_WALKER"] += 1
        elif dw0 >> 16 == 0x7B00:
            work["3DPRIMITIVE"] += 1
        if dw0 >> 29 == 0 and (dw0 >> 23) & 0x3F == 0x20:      # STORE_DATA_IMM
            store_data_imm(cap, dws, wide, ip)
        if dw0 >> 29 == 0 and (dw0 >> 23) & 0x3F == 0x0A:      # BB_END
            if not second_level:
                return n + 1, work
            ip, second_level = return_ip, False
            continue
        if dw0 >> 29 == 0 and (dw0 >> 23) & 0x3F == 0x31:      # BB_START
            target = dws[1] & ~3
            if wide:
                target |= (dws[2] & 0xFFFF) << 32
            if not cap.inside(target):
                raise ValueError(f"MI_BATCH_BUFFER_START at 0x{ip:x} targets "
                                 f"0x{target:x}, outside every object")
            if dw0 & (1 << 22) and cap.verx10 >= 75 and not second_level:
                return_ip, second_level = ip + 4 * length, True
            ip = target
            continue
        ip += 4 * length
    raise ValueError("no MI_BATCH_BUFFER_END within the command bound")


def main():
    args = sys.argv[1:]
    expected = {flag: name for flag, name in (("--expect-walker", "GPGPU_WALKER"),
                                              ("--expect-primitive", "3DPRIMITIVE"))
                if flag in args}
    args = [a for a in args if not a.startswith("--expect-")]
    if len(args) != 1:
        print(__doc__)
        return 2
    files = sorted(f for f in os.listdir(args[0]) if f.endswith(".vgcap"))
    if not files:
        print(f"FAIL: no capture files in {args[0]}")
        return 1
    commands = relocs = 0
    work = {"GPGPU_WALKER": 0, "3DPRIMITIVE": 0}
    for name in files:
        try:
            cap = Capture(os.path.join(args[0], name))
            relocs += cap.check_relocations()
            n, seen = walk(cap)
        except ValueError as err:
            print(f"FAIL: {name}: {err}")
            return 1
        commands += n
        for key, count in seen.items():
            work[key] += count
    print(f"{len(files)} submissions, {commands} commands walked, {relocs} relocations, "
          f"{work['GPGPU_WALKER']} GPGPU_WALKER, {work['3DPRIMITIVE']} 3DPRIMITIVE: "
          "every chain complete")
    for flag, name in expected.items():
        if work[name] == 0:
            print(f"FAIL: no {name} in any submission: the work was not submitted")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

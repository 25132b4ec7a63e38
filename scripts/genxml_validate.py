#!/usr/bin/env python3
"""Checks genxml descriptions for mistakes a reader would not see.

  genxml_validate.py GEN.gx...

Per item: fields do not overlap, lie inside the item's dwords, are at most
64 bits and two dwords wide; enum and header values fit their fields;
"DWord Length" can hold length - bias; command headers are all in dword 0
and no two commands share one; struct and enum references resolve;
register offsets are unique.  Prints one line per generation and exits 1
on the first generation with errors.
"""
import sys

import genxml_model as gm


def check_fields(item, fields, limit_bits, where, errors):
    taken = []
    names = set()
    for f in fields:
        if f.name in names and f.group is None:
            errors.append(f"{where}: field '{f.name}' appears twice")
        names.add(f.name)
        if f.end >= limit_bits:
            errors.append(f"{where}: '{f.name}' (bits {f.start}-{f.end}) is outside {limit_bits} bits")
        if f.kind != "struct" and (f.width > 64 or f.end // 32 - f.start // 32 > 1):
            errors.append(f"{where}: '{f.name}' is wider than two dwords / 64 bits")
        if f.kind in ("float",) and f.width != 32:
            errors.append(f"{where}: float '{f.name}' is not 32 bits")
        if f.kind in ("ufixed", "sfixed"):
            i, fr = f.ifrac
            if i + fr + (1 if f.kind == "sfixed" else 0) != f.width:
                errors.append(f"{where}: '{f.name}' is {f.width} bits, not {f.kind} {i}.{fr}")
        for value, name in f.values:
            if value >= 1 << f.width or value < 0:
                errors.append(f"{where}: value {value} ({name}) does not fit '{f.name}'")
        if f.fixed is not None and f.fixed >= 1 << f.width:
            errors.append(f"{where}: header value of '{f.name}' does not fit")
        if f.overlay:
            continue
        for other in taken:
            if f.start <= other.end and other.start <= f.end:
                errors.append(f"{where}: '{f.name}' overlaps '{other.name}'")
        taken.append(f)


def check(gen, path):
    errors = []
    headers = {}
    offsets = {}
    for ename, values in gen.enums.items():
        seen = set()
        for v, n in values:
            if n in seen:
                errors.append(f"enum {ename}: '{n}' twice")
            seen.add(n)
    for item in gen.items.values():
        where = f"{path}: {item.kind} {item.name}"
        bits = item.length * 32
        check_fields(item, item.fields, bits, where, errors)
        for g in item.groups:
            if g.count and g.start + g.count * g.size > bits:
                errors.append(f"{where}: group at bit {g.start} is longer than the item")
            if g.count == 0 and item.kind != "command":
                errors.append(f"{where}: only commands can have open-ended groups")
            check_fields(item, g.fields, g.size, where + " (group)", errors)
            for f in g.fields:
                for t in item.fields:
                    if f.overlay or t.overlay:
                        continue
                    lo = g.start + f.start
                    hi = g.start + (g.count - 1 if g.count else 0) * g.size + f.end
                    if lo <= t.end and t.start <= hi:
                        errors.append(f"{where}: group field '{f.name}' overlaps '{t.name}'")
        for f in item.all_fields():
            if f.kind == "enum" and f.ref not in gen.enums:
                errors.append(f"{where}: unknown enum '{f.ref}'")
            if f.kind == "enum" and f.ref in gen.enums:
                for v, n in gen.enums[f.ref]:
                    if v >= 1 << f.width:
                        errors.append(f"{where}: enum {f.ref} value {n} does not fit '{f.name}'")
            if f.kind == "struct":
                sub = gen.items.get(f.ref)
                if sub is None or sub.kind != "struct":
                    errors.append(f"{where}: unknown struct '{f.ref}'")
                elif f.width > sub.length * 32 or any(sf.end >= f.width for sf in sub.all_fields()):
                    errors.append(f"{where}: struct field '{f.name}' ({f.width} bits) cannot hold {sub.name}")
                elif f.start % 32 and sub.length > 1:
                    errors.append(f"{where}: multi-dword struct field '{f.name}' must be dword aligned")
        if item.kind == "command":
            if any(f.fixed is not None and f.end >= 32 for f in item.fields):
                errors.append(f"{where}: header fields must be in dword 0")
            opcode, mask = item.header()
            if not mask:
                errors.append(f"{where}: no header fields")
            elif (opcode, mask) in headers:
                errors.append(f"{where}: same header as {headers[(opcode, mask)]}")
            headers[(opcode, mask)] = item.name
            lf = item.length_field()
            if lf is not None and item.length - item.bias >= 1 << lf.width:
                errors.append(f"{where}: DWord Length cannot hold {item.length - item.bias}")
            if lf is not None and item.length < item.bias:
                errors.append(f"{where}: length {item.length} is below the bias {item.bias}")
        elif any(f.fixed is not None for f in item.all_fields()):
            errors.append(f"{where}: only commands have header values")
        if item.kind == "register":
            if item.offset in offsets:
                errors.append(f"{where}: offset 0x{item.offset:x} is also {offsets[item.offset]}")
            offsets[item.offset] = item.name
    return errors


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    status = 0
    for path in sys.argv[1:]:
        try:
            gen = gm.load(path)
        except gm.DescriptionError as err:
            print(f"FAIL: {err}")
            return 1
        errors = check(gen, path)
        counts = {}
        for item in gen.items.values():
            counts[item.kind] = counts.get(item.kind, 0) + 1
        nfields = sum(len(list(i.all_fields())) for i in gen.items.values())
        print(f"{path}: gen {gen.verx10}: {counts.get('command', 0)} commands, "
              f"{counts.get('struct', 0)} structs, {counts.get('register', 0)} registers, "
              f"{len(gen.enums)} enums, {nfields} fields: {len(errors)} errors")
        for e in errors:
            print("  " + e)
        if errors:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())

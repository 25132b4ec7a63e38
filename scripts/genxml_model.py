"""Reads genvk's hardware descriptions (genxml/*.gx) into Python objects.

The format is line based; genxml/README.md describes it.  A generation's
file may start from an earlier generation's (`inherit`), then replace or
drop whole items, so a packet that did not change is described once.
"""
import copy
import os
import re

TYPES = ("bool", "uint", "int", "offset", "address", "float", "mbo", "mbz")
FIXED = re.compile(r"^([us])(\d+)\.(\d+)$")
POSITION = re.compile(r"^(\d+)\.(\d+)(?:-(\d+))?$")


class DescriptionError(Exception):
    pass


class Field:
    def __init__(self, name, start, end, kind, fixed=None, line=""):
        self.name = name
        self.start = start          # absolute bit, from the item (or group element) start
        self.end = end
        self.kind = kind            # one of TYPES, 'ufixed', 'sfixed', 'enum', 'struct'
        self.fixed = fixed          # header value (opcode fields), else None
        self.ifrac = (0, 0)         # (integer bits, fraction bits) of fixed point
        self.ref = None             # enum or struct name
        self.values = []            # inline enum: (value, name)
        self.group = None
        self.overlay = False
        self.line = line

    @property
    def width(self):
        return self.end - self.start + 1


class Group:
    def __init__(self, start, count, size):
        self.start, self.count, self.size = start, count, size
        self.fields = []


class Item:
    def __init__(self, kind, name, length, bias=0, offset=None):
        self.kind = kind            # 'command', 'struct' or 'register'
        self.name = name
        self.length = length        # dwords (commands: the fixed or minimum length)
        self.bias = bias
        self.offset = offset        # registers: MMIO offset
        self.fields = []            # top-level fields
        self.groups = []

    def all_fields(self):
        yield from self.fields
        for g in self.groups:
            yield from g.fields

    def header(self):
        """(opcode, mask) of the dword-0 fields with fixed values."""
        opcode = mask = 0
        for f in self.fields:
            if f.fixed is not None:
                m = ((1 << f.width) - 1) << f.start
                mask |= m
                opcode |= f.fixed << f.start
        return opcode, mask

    def length_field(self):
        for f in self.fields:
            if f.name == "DWord Length" and f.end < 32:
                return f
        return None


class Generation:
    def __init__(self):
        self.verx10 = None
        self.title = ""
        self.enums = {}
        self.items = {}             # name -> Item, in definition order


def _parse_type(tok, field):
    if tok.startswith("+"):
        # another reading of bits an earlier field describes (PRM unions)
        field.overlay = True
        tok = tok[1:]
    if tok.startswith("="):
        field.kind = "uint"
        field.fixed = int(tok[1:], 0)
        return
    m = FIXED.match(tok)
    if m:
        field.kind = "ufixed" if m.group(1) == "u" else "sfixed"
        field.ifrac = (int(m.group(2)), int(m.group(3)))
        return
    if tok.startswith("enum:") or tok.startswith("struct:"):
        field.kind, field.ref = tok.split(":", 1)
        return
    if tok not in TYPES:
        raise DescriptionError(f"unknown type '{tok}'")
    field.kind = tok


def _parse_field(text, base_bit):
    parts = text.split(None, 2)
    if len(parts) < 3:
        raise DescriptionError("a field needs a position, a type and a name")
    m = POSITION.match(parts[0])
    if not m:
        raise DescriptionError(f"bad position '{parts[0]}' (want DW.LO-HI)")
    dw, lo = int(m.group(1)), int(m.group(2))
    hi = int(m.group(3)) if m.group(3) is not None else lo
    if hi < lo:
        raise DescriptionError(f"position '{parts[0]}' ends before it starts")
    field = Field(parts[2].strip(), base_bit + dw * 32 + lo, base_bit + dw * 32 + hi,
                  None, line=text)
    _parse_type(parts[1], field)
    return field


def load(path, _seen=None):
    gen = Generation()
    _seen = _seen or set()
    if path in _seen:
        raise DescriptionError(f"{path}: inherits itself")
    _seen.add(path)
    item = group = last_field = enum = None
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for number, raw in enumerate(lines, 1):
        text = raw.split("#", 1)[0].rstrip()
        if not text.strip():
            continue
        words = text.split()
        try:
            if enum is not None:
                if words[0] == "end":
                    enum = None
                else:
                    enum.append((int(words[0], 0), text.split(None, 1)[1].strip()))
                continue
            if item is None:
                key = words[0]
                if key == "generation":
                    gen.verx10 = int(words[1])
                    gen.title = " ".join(words[2:])
                elif key == "inherit":
                    base = load(os.path.join(os.path.dirname(path), words[1]), _seen)
                    gen.enums.update(base.enums)
                    gen.items.update(base.items)
                elif key == "drop":
                    for name in words[1:]:
                        if gen.items.pop(name, None) is None and gen.enums.pop(name, None) is None:
                            raise DescriptionError(f"drop: '{name}' is not defined")
                elif key == "enum":
                    enum = gen.enums[words[1]] = []
                elif key in ("command", "struct"):
                    bias = 0
                    if len(words) >= 5 and words[3] == "bias":
                        bias = int(words[4])
                    item = Item(key, words[1], int(words[2]), bias)
                    gen.items.pop(words[1], None)
                    gen.items[words[1]] = item
                elif key == "amend":
                    # amend NAME [length N] [bias N]: the inherited item with
                    # fields added, replaced (same name) or removed (-Name)
                    if words[1] not in gen.items:
                        raise DescriptionError(f"amend: '{words[1]}' is not defined")
                    item = copy.deepcopy(gen.items[words[1]])
                    opts = dict(zip(words[2::2], words[3::2]))
                    item.length = int(opts.get("length", item.length))
                    item.bias = int(opts.get("bias", item.bias))
                    gen.items[words[1]] = item
                elif key == "register":
                    item = Item(key, words[1], int(words[3]), 0, int(words[2], 0))
                    gen.items.pop(words[1], None)
                    gen.items[words[1]] = item
                else:
                    raise DescriptionError(f"unknown directive '{key}'")
                continue
            if words[0] == "end":
                if group is not None:
                    raise DescriptionError("'end' inside a group (want 'endgroup')")
                item = last_field = None
                continue
            if words[0] in ("3d", "dwlen"):
                # shorthands: "3d SUBTYPE.OPCODE.SUBOPCODE" is the usual 3D
                # command header (PRM Vol 2a, "Command header"); "dwlen HI"
                # the DWord Length field in bits 0..HI.
                if words[0] == "3d":
                    sub, op, subop = (int(x, 0) for x in words[1].split("."))
                    new = [("0.29-31 =3 Command Type"), (f"0.27-28 ={sub} Command SubType"),
                           (f"0.24-26 ={op} 3D Command Opcode"),
                           (f"0.16-23 ={subop} 3D Command Sub Opcode")]
                else:
                    new = [f"0.0-{int(words[1])} uint DWord Length"]
                for t in new:
                    item.fields = [f for f in item.fields if f.name != t.split(None, 2)[2]]
                    item.fields.append(_parse_field(t, 0))
                last_field = None
                continue
            if words[0] == "group":
                # group DW COUNT SIZE: COUNT elements of SIZE bits from dword DW
                # (COUNT 0: as many as the command's length holds)
                group = Group(int(words[1]) * 32, int(words[2]), int(words[3]))
                item.groups.append(group)
                continue
            if words[0] == "endgroup":
                group = None
                continue
            if text.strip().startswith("-"):
                name = text.strip()[1:].strip()
                before = len(list(item.all_fields()))
                item.fields = [f for f in item.fields if f.name != name]
                for g in item.groups:
                    g.fields = [f for f in g.fields if f.name != name]
                if len(list(item.all_fields())) == before:
                    raise DescriptionError(f"no field '{name}' to remove")
                last_field = None
                continue
            if words[0] == "=":
                if last_field is None:
                    raise DescriptionError("enum value without a field")
                last_field.values.append((int(words[1], 0), text.split(None, 2)[2].strip()))
                continue
            last_field = _parse_field(text.strip(), 0)
            if group is not None:
                last_field.group = group
                group.fields.append(last_field)
            else:
                if not last_field.overlay:
                    item.fields = [f for f in item.fields if f.name != last_field.name]
                item.fields.append(last_field)
        except (DescriptionError, ValueError, IndexError) as err:
            raise DescriptionError(f"{path}:{number}: {err}") from None
    if item is not None or enum is not None:
        raise DescriptionError(f"{path}: missing 'end' at the end of the file")
    for it in gen.items.values():
        # bit order, as the PRM tables list fields
        it.fields.sort(key=lambda f: f.start)
        for g in it.groups:
            g.fields.sort(key=lambda f: f.start)
    if gen.verx10 is None:
        raise DescriptionError(f"{path}: no 'generation' line")
    return gen


def c_name(name):
    """A PRM name as a C identifier: 'Post Sync Operation' -> post_sync_operation."""
    ident = re.sub(r"[^0-9A-Za-z]+", "_", name).strip("_").lower()
    if not ident or ident[0].isdigit():
        ident = "_" + ident
    return ident


def item_c_name(name):
    ident = re.sub(r"[^0-9A-Za-z]+", "_", name).strip("_")
    return ident

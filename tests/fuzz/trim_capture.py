#!/usr/bin/env python3
"""Shrinks a vgpu capture (include/vgpu_capture.h) into a fuzzing seed.

    trim_capture.py IN.vgcap OUT.vgcap

Drivers allocate large buffer objects (a 64 MiB state pool) of which a
dispatch touches a few KiB; libFuzzer mutates every byte it is given, so
each object keeps its contents only up to its last non-zero byte (rounded
up to 64).  The object still spans its size: the decoder reads the bytes
beyond data_size as unreadable, as it does for any short object."""
import struct
import sys

HEADER = struct.Struct("<8sIIHBBIQQQIIIIII")
OBJECT = struct.Struct("<IIQQQQ")


def trim(blob):
    h = HEADER.unpack_from(blob, 0)
    header_size, object_count, object_header_size = h[2], h[10], h[12]
    out = bytearray(blob[:header_size])
    pos = header_size
    for _ in range(object_count):
        handle, res, flags, address, size, data_size = OBJECT.unpack_from(blob, pos)
        extra = blob[pos + OBJECT.size:pos + object_header_size]
        pos += object_header_size
        data = blob[pos:pos + data_size]
        pos += data_size
        keep = min((len(data.rstrip(b"\0")) + 63) & ~63, data_size)
        out += OBJECT.pack(handle, res, flags, address, size, keep) + extra + data[:keep]
    out += blob[pos:]   # the relocation records
    return bytes(out)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1], "rb") as f:
        blob = f.read()
    with open(sys.argv[2], "wb") as f:
        f.write(trim(blob))


if __name__ == "__main__":
    main()

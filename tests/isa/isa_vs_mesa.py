#!/usr/bin/env python3
"""Cross-check src/isa against Mesa's compiler on vgpu.

For each device, a Vulkan program runs with Mesa's Intel driver (ANV or
hasvk) on vgpu, with capture on and INTEL_DEBUG=<stages>,hex so Mesa
prints every kernel: per instruction its bytes and its disassembly.  The
kernel bytes are then located in the vgpu capture (Mesa uploads kernels into
its instruction state pool, which is one of the submitted objects), decoded
by isa_kernel_check, and each instruction is compared with Mesa's text:
opcode, predicate, modifiers, exec size and group, every operand with region
and type, send descriptors, SWSB — after normalising whitespace, comments
and branch labels (JIP/UIP compared as absolute targets).  Decode → encode
and assemble(disassemble) must reproduce every byte, genvk's compactor must
agree with Mesa on which instructions have a compacted form, every send
with immediate descriptors naming a message must encode back from its
decoded message (isa_send_encode), and the whole kernel uncompacted and
compacted again (branch targets moved both ways) must be Mesa's kernel.

usage: isa_vs_mesa.py --checker PATH --program PATH [--device D ...]
exit 0 pass, 1 mismatch, 77 skip."""
import argparse
import glob
import os
import re
import struct
import subprocess
import sys
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEVICES = {'ivb-gt2': 70, 'hsw-gt2': 75, 'bdw-gt2': 80, 'skl-gt2': 90,
           'icl-gt2': 110, 'tgl-gt2': 120}
ICD = '/usr/share/vulkan/icd.d/%s_icd.x86_64.json'
HEX_RE = re.compile(r'^((?:[0-9a-f]{2} ){8})((?:[0-9a-f]{2} ){8})?\s*(.*)$')


def skip(msg):
    print('SKIP: ' + msg)
    sys.exit(77)


def run_mesa(device, program, capdir, stages, build_dir):
    icd = ICD % ('intel_hasvk' if DEVICES[device] < 90 else 'intel')
    if not os.path.exists(icd):
        skip(icd + ' missing (mesa-vulkan-drivers)')
    env = dict(os.environ, VK_ICD_FILENAMES=icd, VK_DRIVER_FILES=icd,
               MESA_SHADER_CACHE_DISABLE='true',
               INTEL_DEBUG=stages + ',hex', GENVK_BUILD_DIR=build_dir)
    p = subprocess.run([os.path.join(TOP, 'scripts/vgpu-run'), '--device',
                        device, '--capture', capdir, '--', program],
                       env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=600)
    if p.returncode != 0:
        print(p.stdout[-3000:])
        raise SystemExit('FAIL: %s exited %d on %s' % (program, p.returncode,
                                                       device))
    return p.stdout


def parse_kernels(text):
    """Mesa's printout → [ {name, insts: [(offset, bytes, lines)], labels} ]"""
    kernels, cur = [], None
    for line in text.splitlines():
        if line.startswith('Native code for'):
            cur = {'name': line, 'insts': [], 'labels': {}, 'off': 0}
            kernels.append(cur)
            continue
        if cur is None:
            continue
        m = HEX_RE.match(line)
        if m:
            b = bytes.fromhex((m.group(1) + (m.group(2) or '')).replace(' ', ''))
            cur['insts'].append([cur['off'], b, [m.group(3)]])
            cur['off'] += len(b)
            continue
        lm = re.match(r'^\s*(LABEL\d+):', line)
        if lm:
            cur['labels'][lm.group(1)] = cur['off']
            continue
        if line.startswith('   END B') or line.startswith('   START B'):
            continue
        if cur['insts'] and line.startswith('      ') and 'MsgDesc' in line:
            cur['insts'][-1][2].append(line.strip())
    return [k for k in kernels if k['insts']]


def capture_objects(capdir):
    """Yields (verx10, gpu address, data) of every captured object."""
    for path in sorted(glob.glob(os.path.join(capdir, '*.vgcap'))):
        with open(path, 'rb') as f:
            blob = f.read()
        if blob[:8] != b'VGPUCAP1':
            continue
        hsize, = struct.unpack_from('<I', blob, 12)
        verx10 = blob[18]
        count, = struct.unpack_from('<I', blob, 48)
        osize, = struct.unpack_from('<I', blob, 56)
        pos = hsize
        for _ in range(count):
            _h, _r, _fl, addr, _sz, dsize = struct.unpack_from('<IIQQQQ', blob, pos)
            pos += osize
            yield verx10, addr, blob[pos:pos + dsize]
            pos += dsize


def find_in_capture(objs, code):
    for verx10, addr, data in objs:
        i = data.find(code)
        if i >= 0:
            return verx10, addr + i, data[i:i + len(code)]
    return None


def norm(s):
    s = re.sub(r'/\*.*?\*/', ' ', s)
    # genvk's "[field=value]" block lists bits the text leaves implicit
    s = re.sub(r'\};\s*\[[^]]*\]\s*$', '};', s)
    s = s.replace('{', ' { ').replace('}', ' } ')
    return ' '.join(s.split())


def norm_branch(s, off, labels, scale, target_of):
    """JIP/UIP → '@<absolute byte offset>' on both sides."""
    def lab(m):
        return '%s: @%d' % (m.group(1), labels.get(m.group(2), -1))

    def num(m):
        return '%s: @%d' % (m.group(1), off + int(m.group(2)) * scale)
    if target_of == 'mesa':
        return re.sub(r'(JIP|UIP): (LABEL\d+)', lab, s)
    return re.sub(r'(JIP|UIP): (-?\d+)', num, s)


def msg_numbers(s):
    """Shared function and message lengths of a send's message line."""
    m = re.match(r'\s*(.*?) MsgDesc:', s)
    sfid = m.group(1).strip().replace(' ', '_') if m else '?'
    sfid = {'dp_data_1': 'dp_data1'}.get(sfid, sfid)
    return [sfid] + re.findall(r'\b(mlen|ex_mlen|rlen) (\d+)', s)


def compare_kernel(checker, verx10, kernel, code, report):
    with tempfile.NamedTemporaryFile(suffix='.bin') as f:
        f.write(code)
        f.flush()
        out = subprocess.run([checker, str(verx10), f.name],
                             stdout=subprocess.PIPE, text=True).stdout
    ours = {}
    report_hidden = 0
    kernel_line = 'KERNEL missing'
    for line in out.splitlines():
        if line.startswith('KERNEL '):
            kernel_line = line
            continue
        off, size, status, text = line.split(' ', 3)
        if '}; [' in line:
            report_hidden += 1
            kernel.setdefault('hidden_lines', []).append(
                '  +%s: %s' % (off, text.split('\t')[0]))
        ours[int(off)] = (int(size), status, text.split('\t'))
    scale = 8 if verx10 < 80 else 1
    bad = 0
    kernel['hidden'] = report_hidden
    sends = re.search(r'(\d+) sends re-encoded', kernel_line)
    kernel['sends'] = int(sends.group(1)) if sends else 0
    # uncompacting the whole kernel and compacting it again (branch targets
    # moved both ways) must give Mesa's bytes back
    if not kernel_line.startswith('KERNEL OK'):
        report.append('  %s: %s' % (kernel['name'], kernel_line))
        bad += 1
    for off, b, mesa_lines in kernel['insts']:
        mine = ours.get(off)
        if mine is None or mine[1] != 'OK' or mine[0] != len(b):
            report.append('  +%d: %s: %s' % (off, 'not decoded' if mine is None
                                            else mine[1], mesa_lines[0]))
            bad += 1
            continue
        mesa_first = norm_branch(norm(mesa_lines[0]), off, kernel['labels'],
                                 scale, 'mesa')
        our_first = norm_branch(norm(mine[2][0]), off, {}, scale, 'ours')
        # Mesa ends a send's first line at the descriptor and puts the
        # options block after the message description on the second line.
        if len(mesa_lines) > 1:
            opts = re.search(r'\{.*\};', mesa_lines[1])
            mesa_first += ' ' + norm(opts.group(0)) if opts else ''
            our_opts = re.search(r'\{.*\};', mine[2][-1])
            our_first = norm(our_first.split(' {')[0] + ' ' +
                             (our_opts.group(0) if our_opts else ''))
            mesa_first = norm(mesa_first)
            if msg_numbers(mesa_lines[1]) != msg_numbers(mine[2][-1]):
                report.append('  +%d: shared function or message lengths differ\n    mesa: %s\n    ours: %s'
                              % (off, mesa_lines[1], mine[2][-1]))
                bad += 1
        if mesa_first != our_first:
            report.append('  +%d:\n    mesa: %s\n    ours: %s' %
                          (off, mesa_first, our_first))
            bad += 1
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--checker', required=True)
    ap.add_argument('--program', action='append', default=[])
    ap.add_argument('--skip-reason')
    ap.add_argument('--optional-program', action='append', default=[],
                    help='used when built (programs other folders own)')
    ap.add_argument('--device', action='append')
    ap.add_argument('--stages', default='vs,gs,fs,cs,blorp')
    ap.add_argument('--build-dir', default=os.environ.get('GENVK_BUILD_DIR',
                                                            'build'))
    args = ap.parse_args()
    if args.skip_reason:
        skip(args.skip_reason)
    if not args.program:
        skip('no test program given')
    for p in args.program:
        if not os.path.exists(p):
            skip('%s not built' % p)
    for p in args.optional_program:
        if os.path.exists(p):
            args.program.append(p)
        else:
            print('note: %s not built, not used' % p)
    print('programs: ' + ' '.join(os.path.basename(p) for p in args.program))
    if not os.path.exists(os.path.join(args.build_dir, 'src/vgpu/libvgpu.so')):
        skip('libvgpu.so not built in ' + args.build_dir)
    total_bad = 0
    for dev in args.device or list(DEVICES):
        nk = ni = bad = ncmp = nhidden = nsends = 0
        report, hidden_lines = [], []
        for prog in args.program:
            with tempfile.TemporaryDirectory() as capdir:
                text = run_mesa(dev, prog, capdir, args.stages, args.build_dir)
                objs = list(capture_objects(capdir))
                for k in parse_kernels(text):
                    code = b''.join(i[1] for i in k['insts'])
                    found = find_in_capture(objs, code)
                    if not found:
                        report.append('  kernel not found in capture: ' + k['name'])
                        bad += 1
                        continue
                    verx10, _addr, cap_code = found
                    if verx10 != DEVICES[dev]:
                        report.append('  capture generation %d != %d' %
                                      (verx10, DEVICES[dev]))
                        bad += 1
                    nk += 1
                    ni += len(k['insts'])
                    ncmp += sum(len(i[1]) == 8 for i in k['insts'])
                    bad += compare_kernel(args.checker, verx10, k, cap_code,
                                          report)
                    nhidden += k['hidden']
                    nsends += k['sends']
                    hidden_lines += k.get('hidden_lines', [])
        print('%s (gen %d): %d kernels, %d instructions (%d compacted, '
              '%d sends encoded back from their message), %d mismatches; '
              '%d need a [field=value] block to assemble' %
              (dev, DEVICES[dev], nk, ni, ncmp, nsends, bad, nhidden))
        for r in report[:60]:
            print(r)
        # Mesa's kernels must read back from the plain text form.
        for h in hidden_lines[:10]:
            print('  [field=value] block: ' + h)
        bad += nhidden
        if nk == 0:
            print('  no kernels found in Mesa output')
            bad += 1
        total_bad += bad
    print('FAIL' if total_bad else 'PASS')
    return 1 if total_bad else 0


if __name__ == '__main__':
    sys.exit(main())

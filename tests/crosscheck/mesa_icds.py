"""What the cross-check harnesses share: the Vulkan drivers they compare
(lavapipe as the reference; Mesa's Intel drivers on vgpu, hasvk for
Gen7/7.5/8 and ANV for Gen9+), the validation layer lavapipe runs under,
and the lines of a run's output that decide its verdict."""
import os
import re
import subprocess

ICD_DIR = "/usr/share/vulkan/icd.d"
LAVAPIPE_ICD = os.path.join(ICD_DIR, "lvp_icd.x86_64.json")
DEVICE_ICD = {
    "ivb-gt2": "intel_hasvk_icd.x86_64.json",
    "hsw-gt2": "intel_hasvk_icd.x86_64.json",
    "bdw-gt2": "intel_hasvk_icd.x86_64.json",
    "skl-gt2": "intel_icd.x86_64.json",
    "icl-gt2": "intel_icd.x86_64.json",
    "tgl-gt2": "intel_icd.x86_64.json",
}
VALIDATION_LAYER = "/usr/share/vulkan/explicit_layer.d/VkLayer_khronos_validation.json"
VALIDATION_ERROR = re.compile(r"Validation Error: .*")
NOT_MODELLED = re.compile(r"vgpu: not modelled: (.*)")
RULE_BROKEN = re.compile(r"hardware rule .*")
# Mesa's switches that keep HiZ and CCS off (Mesa 22.3,
# src/intel/dev/intel_debug.c): vgpu models neither, so Mesa's drivers on
# vgpu run without them.  Fast clears stay on: without HiZ or CCS the only
# ones left are of multisampled colour through its MCS (which has no
# switch), and vgpu models those.
MESA_INTEL_DEBUG = "nohiz,noccs"
# The exit status of a program that cannot run on the device (a feature
# it lacks), as meson counts a skip.
SKIP = 77


def device_icd(device):
    """The JSON manifest of Mesa's driver for an emulated device."""
    return os.path.join(ICD_DIR, DEVICE_ICD[device])


def mesa_env(env):
    """env for one of Mesa's Intel drivers on vgpu: MESA_INTEL_DEBUG added to
    whatever INTEL_DEBUG the caller set."""
    flags = [env.get("INTEL_DEBUG"), MESA_INTEL_DEBUG]
    return dict(env, INTEL_DEBUG=",".join(filter(None, flags)))


DECODE_SUMMARY = re.compile(r"(\d+) captures, (\d+) packets, (\d+) unknown dwords, (\d+) invalid")


def decode_errors(decoder, capture):
    """Why the batches vgpu captured into directory capture (VGPU_CAPTURE)
    do not all decode with genvk-decode, without an unknown dword or an
    invalid packet; None when they do."""
    r = subprocess.run([decoder, "--summary", capture], capture_output=True, text=True)
    m = DECODE_SUMMARY.search(r.stdout)
    if r.returncode or not m:
        return "genvk-decode failed on its batches: %s" % (r.stdout + r.stderr).strip()[-300:]
    if int(m.group(3)) or int(m.group(4)):
        return "genvk-decode: %s in its batches" % m.group(0)
    return None


def validated(env, sync=False):
    """env with the Khronos validation layer (and its synchronization
    validation) loaded, when it is installed."""
    if not os.path.exists(VALIDATION_LAYER):
        return env
    env = dict(env, VK_INSTANCE_LAYERS="VK_LAYER_KHRONOS_validation")
    if sync:
        env["VK_LAYER_ENABLES"] = "VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT"
    return env

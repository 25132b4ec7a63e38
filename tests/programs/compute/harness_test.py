#!/usr/bin/env python3
"""Tests of tests/crosscheck/compute_vs_lavapipe.py's judgement: tolerances
(ULPs, absolute, packed unorm/snorm/float16 lanes, NaNs), how a run's
outcome is classified (a feature the device lacks, vgpu not modelling
something, a failure) and that differing buffers fail.  The runs are
stand-in shell commands; no Vulkan driver is involved.

usage: harness_test.py PATH_TO_compute_vs_lavapipe.py
"""
import importlib.util
import os
import struct
import sys
import tempfile
import unittest

spec = importlib.util.spec_from_file_location("harness", sys.argv.pop(1))
harness = importlib.util.module_from_spec(spec)
spec.loader.exec_module(harness)


def within(token, want, got):
    return harness.within(harness.parse_tolerance(token), want, got)


class Tolerances(unittest.TestCase):
    def test_ulps(self):
        self.assertTrue(within("2", 0x3f800000, 0x3f800002))
        self.assertFalse(within("2", 0x3f800000, 0x3f800003))
        # across zero: -0 and the smallest positive denormal are 1 ULP apart
        self.assertTrue(within("1", 0x80000000, 0x00000001))

    def test_nan_matches_any_nan_only(self):
        self.assertTrue(within("0", 0x7fc00000, 0xffc00001))
        self.assertFalse(within("0", 0x7fc00000, 0x7f800000))   # NaN is not inf

    def test_absolute(self):
        self.assertTrue(within("a2^-11", 0x3f800000, 0x3f800400))   # 1 + 2^-13
        self.assertFalse(within("a2^-11", 0x3f800000, 0x3f810000))  # 1 + 2^-8
        self.assertTrue(within("0|a2^-11", 0x3f800000, 0x3f800400))

    def test_unorm_lanes(self):
        self.assertTrue(within("u1", 0x00ff7f01, 0x01fe8000))
        self.assertFalse(within("u1", 0x00ff7f01, 0x02fe8000))
        # 0x00 and 0xff are far apart as unsigned bytes
        self.assertFalse(within("u1", 0x000000ff, 0x00000000))

    def test_snorm_lanes(self):
        # -1 (0xff) and 0 are one apart as signed bytes, 127 and -127 are not
        self.assertTrue(within("s1", 0x000000ff, 0x00000000))
        self.assertFalse(within("s1", 0x0000007f, 0x00000081))

    def test_half_lanes(self):
        self.assertTrue(within("h1", 0x3c00bc00, 0x3c01bc01))
        self.assertFalse(within("h1", 0x3c00bc00, 0x3c00bc02))
        self.assertTrue(within("h0", 0x7e00fc00 | 1, 0x7e01fc00 | 1))  # NaN lanes


class Runs(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="harness-test.")

    def run_sh(self, script):
        cmd = ["sh", "-c", script + ' #', "ignored"]
        return harness.run_program(cmd, dict(os.environ), os.path.join(self.dir, "p"))

    def test_device_lacks_a_feature(self):
        r = self.run_sh("echo 'unsupported: shaderInt64'; exit 77")
        self.assertEqual(r.status, "skip")
        self.assertEqual(r.reason, "feature the device lacks: shaderInt64")

    def test_not_modelled(self):
        r = self.run_sh("echo 'vgpu: not modelled: typed surface message' >&2; exit 1")
        self.assertEqual(r.status, "skip")
        self.assertEqual(r.reason, "vgpu does not model it yet: typed surface message")

    def test_broken_rule_fails_despite_not_modelled(self):
        r = self.run_sh("echo 'vgpu: error: hardware rule vfe-state-stall violated by "
                        "MEDIA_VFE_STATE at 0x1000: ...' >&2; "
                        "echo 'vgpu: not modelled: 3D pipeline' >&2; exit 1")
        self.assertEqual(r.status, "fail")
        self.assertIn("vfe-state-stall", r.reason)

    def test_exit_77_without_reason_fails(self):
        self.assertEqual(self.run_sh("exit 77").status, "fail")

    def test_validation_error_fails(self):
        r = self.run_sh("echo 'Validation Error: [ VUID-x ] bad' >&2; exit 0")
        self.assertEqual(r.status, "fail")

    def write(self, name, words):
        path = os.path.join(self.dir, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(struct.pack("<%dI" % len(words), *words))
        return path

    def judge(self, want, got, tolerances=None):
        self.write("lvp/p.b1", want)
        self.write("dev/p.b1", got)
        program = harness.Program("p", "p.spv", [], tolerances or {})
        ref = harness.Result("ran", prefix=os.path.join(self.dir, "lvp/p"))
        res = harness.Result("ran", prefix=os.path.join(self.dir, "dev/p"))
        return harness.judge(program, "skl-gt2", ref, res)

    def test_identical_buffers_pass(self):
        self.assertEqual(self.judge([1, 2, 3], [1, 2, 3])[0], "pass")

    def test_different_buffers_fail(self):
        status, reason, lines = self.judge([1, 2, 3], [1, 5, 3])
        self.assertEqual(status, "fail")
        self.assertIn("word 1", lines[0])

    def test_tolerance_cycles_over_words(self):
        tol = {1: [harness.parse_tolerance("0"), harness.parse_tolerance("u1")]}
        self.assertEqual(self.judge([7, 0x10, 7, 0x10], [7, 0x11, 7, 0x0f], tol)[0], "pass")
        self.assertEqual(self.judge([7, 0x10], [8, 0x10], tol)[0], "fail")

    def test_lavapipe_skip_is_a_skip(self):
        program = harness.Program("p", "p.spv", [], {})
        ref = harness.Result("skip", "feature the device lacks: shaderFloat64")
        status, reason, _ = harness.judge(program, "skl-gt2", ref, harness.Result("ran"))
        self.assertEqual((status, reason), ("skip", "on lavapipe, feature the device lacks: shaderFloat64"))

    def judge_genvk(self, result, mesa_status):
        program = harness.Program("p", "p.spv", [], {})
        return harness.judge_genvk(program, "skl-gt2", harness.Result("ran"), result,
                                   mesa_status)[:2]

    def test_genvk_may_skip_what_the_device_lacks(self):
        lacks = harness.Result("skip", "feature the device lacks: shaderFloat64")
        self.assertEqual(self.judge_genvk(lacks, "skip")[0], "skip")

    def test_genvk_must_pass_what_mesa_passes(self):
        lacks = harness.Result("skip", "feature the device lacks: shaderFloat64")
        status, reason = self.judge_genvk(lacks, "pass")
        self.assertEqual(status, "fail")
        self.assertIn("Mesa's driver passes it", reason)

    def test_genvk_must_sample_what_mesa_samples(self):
        # 0x1001 holds VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT: genvk samples
        # images since issue 16, a lack of it is no excuse any more
        lacks = harness.Result("skip", "feature the device lacks: format rgba8: optimal "
                                       "tiling features 0xc002 lack 0x1001")
        self.assertEqual(self.judge_genvk(lacks, "pass")[0], "fail")
        gather = harness.Result("skip", "feature the device lacks: shaderImageGatherExtended")
        self.assertEqual(self.judge_genvk(gather, "pass")[0], "fail")

    def test_genvk_must_offer_bc_textures(self):
        # genvk blits since issue 16, so it reports textureCompressionBC
        # (Vulkan ties it to BLIT_SRC on the BC formats): no excuse any more
        bc = harness.Result("skip", "feature the device lacks: textureCompressionBC")
        self.assertEqual(self.judge_genvk(bc, "pass")[0], "fail")

    def test_genvk_must_have_what_no_issue_names(self):
        # a storage feature (0x2) genvk offers already: no excuse
        lacks = harness.Result("skip", "feature the device lacks: format rgba8: optimal "
                                       "tiling features 0xc001 lack 0x2")
        self.assertEqual(self.judge_genvk(lacks, "pass")[0], "fail")

    def test_genvk_may_not_need_what_vgpu_lacks(self):
        missing = harness.Result("skip", "vgpu does not model it yet: 3D pipeline")
        self.assertEqual(self.judge_genvk(missing, "skip")[0], "fail")

    FALSE_POSITIVE = ("Validation Error: [ SYNC-HAZARD-READ-AFTER-WRITE ] Object 0: handle = 0x6, "
                      "type = VK_OBJECT_TYPE_BUFFER; | MessageID = 0xe4d96472 | "
                      "vkCmdCopyBufferToImage: Hazard READ_AFTER_WRITE for srcBuffer VkBuffer "
                      "0x6[], region 0. Access info (usage: SYNC_COPY_TRANSFER_READ, prior_usage: "
                      "SYNC_COPY_TRANSFER_WRITE, write_barriers: 0, command: "
                      "vkCmdCopyBufferToImage, seq_no: 6, reset_no: 1).")

    def test_syncval_3d_false_positive_discounted_for_3d_images_only(self):
        cmd_3d = ["run", "x.spv", "--image", "0:3d:r32ui:7x5x6:zero"]
        cmd_2d = ["run", "x.spv", "--image", "0:2d:r32ui:7x5:zero"]
        self.assertEqual(harness.validation_errors(cmd_3d, self.FALSE_POSITIVE), [])
        self.assertEqual(len(harness.validation_errors(cmd_2d, self.FALSE_POSITIVE)), 1)
        other = self.FALSE_POSITIVE.replace("srcBuffer", "dstImage")
        self.assertEqual(len(harness.validation_errors(cmd_3d, other)), 1)


if __name__ == "__main__":
    unittest.main(verbosity=1)

"""The Python kit's own tests (python3 -m unittest discover -s bindings/python/tests): its
numbers, its argument and answer shapes, a served process spoken to over real pipes, and that
the folder installs with pip."""
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(HERE)
sys.path.insert(0, PACKAGE)

from aabb_oracle import answer_line, answer_of, arguments_of, describe, from_bits, register, to_bits  # noqa: E402

ONE, ZERO, TWO = "3ff0000000000000", "0000000000000000", "4000000000000000"


class Numbers(unittest.TestCase):
    def test_exact_bits(self):
        self.assertEqual(to_bits(1.0, "f64"), ONE)
        self.assertEqual(to_bits(-0.0, "f64"), "8000000000000000")
        self.assertEqual(to_bits(math.inf, "f32"), "7f800000")
        self.assertEqual(to_bits(0.1, "f32"), "3dcccccd")
        self.assertEqual(to_bits(3.4028234663852886e38, "f32"), "7f7fffff")  # the largest float
        self.assertEqual(to_bits(3.4028235677973366e38, "f32"), "7f800000")  # the midpoint above: +inf
        self.assertEqual(to_bits(-1e300, "f32"), "ff800000")  # overflow is -inf, as a C cast gives
        self.assertEqual(to_bits(math.nan, "f64")[:3], "7ff")
        self.assertTrue(math.copysign(1, from_bits("8000000000000000", "f64")) < 0)
        self.assertEqual(from_bits("0000000000000001", "f64"), 5e-324)
        for x in (0.1, -2.5e-310, 1.7976931348623157e308):
            self.assertEqual(from_bits(to_bits(x, "f64"), "f64"), x)
        with self.assertRaisesRegex(ValueError, "16 hex digits"):
            from_bits("3ff", "f64")


class Shapes(unittest.TestCase):
    def test_names(self):
        self.assertEqual(describe("aabb_overlap_f64")["dim"], 3)
        self.assertEqual(describe("aabb2_ray_f32")["dim"], 2)
        self.assertIsNone(describe("aabb_overlapp_f64"))
        with self.assertRaisesRegex(ValueError, "not an ABI function"):
            register("aabb_overlap_f16", lambda a, b: True)
        with self.assertRaisesRegex(TypeError, "not callable"):
            register("aabb_overlap_f64", 3)

    def test_arguments(self):
        a, b = arguments_of(describe("aabb_overlap_f64"),
                            {"alo": [ZERO] * 3, "ahi": [ONE] * 3, "blo": [ONE, ZERO, ZERO], "bhi": [TWO, ONE, ONE]})
        self.assertEqual(a, {"min": [0, 0, 0], "max": [1, 1, 1]})
        self.assertEqual(b, {"min": [1, 0, 0], "max": [2, 1, 1]})
        box, m, t = arguments_of(describe("aabb2_transform_f64"),
                                 {"lo": [ZERO] * 2, "hi": [ONE] * 2, "m": [ONE, ZERO, ZERO, TWO], "t": [ONE, ONE]})
        self.assertEqual(m, [[1, 0], [0, 2]])
        f1, f0 = "3f800000", "00000000"
        pts, nb, d, start = arguments_of(describe("aabb_hill_climb_f32"),
                                         {"xyz": [f0, f0, f0, f1, f0, f0], "n": 2, "offsets": [0, 1, 2],
                                          "neighbors": [1, 0], "dir": [f1, f0, f0], "start": 1})
        self.assertEqual((pts, nb, d, start), ([[0, 0, 0], [1, 0, 0]], [[1], [0]], [1, 0, 0], 1))

    def test_answers(self):
        self.assertEqual(answer_of(describe("aabb_overlap_f64"), True, ""), {"result": 1})
        self.assertEqual(answer_of(describe("aabb_classify_f64"), 2, ""), {"result": 2})
        self.assertEqual(answer_of(describe("aabb_ray_f64"), None, ""), {"result": 0})
        self.assertEqual(answer_of(describe("aabb_ray_f64"), {"t_enter": 0, "t_exit": 1}, ""),
                         {"result": 1, "t_enter": ZERO, "t_exit": ONE})
        self.assertEqual(answer_of(describe("aabb_ray_f64"), (0, 1), ""), {"result": 1, "t_enter": ZERO, "t_exit": ONE})
        self.assertEqual(answer_of(describe("aabb2_union_f64"), {"min": [0, 0], "max": [1, 2]}, ""),
                         {"out_lo": [ZERO, ZERO], "out_hi": [ONE, TWO]})
        self.assertEqual(answer_of(describe("aabb_extreme_points_f64"), {"i_min": 0, "i_max": 3}, ""),
                         {"i_min": 0, "i_max": 3})
        self.assertEqual(answer_of(describe("aabb_distance_sq_f64"), 2, ""), {"result": TWO})

    def test_wrong_shapes_are_errors(self):
        c = {"alo": [ZERO] * 3, "ahi": [ONE] * 3, "blo": [ZERO] * 3, "bhi": [ONE] * 3}
        err = lambda name, fn: json.loads(answer_line(describe(name), fn, c, name))["error"]  # noqa: E731
        self.assertRegex(err("aabb_overlap_f64", lambda a, b: math.nan), "returned NaN where aabb_overlap_f64 returns an int")
        self.assertRegex(err("aabb_overlap_f64", lambda a, b: None), "returned null")
        self.assertRegex(err("aabb_union_f64", lambda a, b: {"min": [0, 0, 0]}), r"expected a box \{min, max\}")
        self.assertRegex(err("aabb_union_f64", lambda a, b: {"min": [0, 0], "max": [1, 1]}), "min: expected 3 numbers")
        self.assertRegex(err("aabb_overlap_f64", lambda a, b: a["nope"]), "^KeyError: ")


class Serving(unittest.TestCase):
    def test_serve_over_pipes(self):
        request = json.dumps({"call": "aabb_overlap_f64", "cases": [
            {"alo": [ZERO] * 3, "ahi": [ONE] * 3, "blo": [ONE, ZERO, ZERO], "bhi": [TWO, ONE, ONE]},
            {"alo": [ZERO] * 3, "ahi": [ONE] * 3, "blo": [TWO, ZERO, ZERO], "bhi": [TWO, ONE, ONE]}]}) + "\n"
        r = subprocess.run([sys.executable, os.path.join(PACKAGE, "examples", "printing_overlap.py")],
                           input=(request * 2).encode(), capture_output=True, timeout=60,
                           env=dict(os.environ, PYTHONPATH=PACKAGE))
        self.assertEqual(r.returncode, 0, r.stderr)
        lines = [json.loads(x) for x in r.stdout.decode().splitlines()]
        self.assertEqual(lines[0], {"protocol": "aabb-oracle/1", "functions": ["aabb_overlap_f64"]})
        self.assertEqual(lines[1:], [{"result": 1}, {"result": 0}, {"end": 2}] * 2)
        self.assertIn(b"printed by the library", r.stderr)

    def test_installs_with_pip(self):
        if subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True).returncode != 0:
            self.skipTest("no pip for this interpreter")
        with tempfile.TemporaryDirectory() as d:
            src = os.path.join(d, "src")
            shutil.copytree(PACKAGE, src, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
            r = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps",
                                "--no-index", "--quiet", "--target", os.path.join(d, "site"), src],
                               capture_output=True, timeout=300)
            self.assertEqual(r.returncode, 0, r.stderr.decode())
            r = subprocess.run([sys.executable, "-c", "import aabb_oracle, sys; print(aabb_oracle.__file__)"],
                               capture_output=True, timeout=60, env=dict(os.environ, PYTHONPATH=os.path.join(d, "site")),
                               cwd=d)
            self.assertEqual(r.returncode, 0, r.stderr.decode())
            self.assertTrue(r.stdout.decode().startswith(os.path.join(d, "site")))


if __name__ == "__main__":
    unittest.main()

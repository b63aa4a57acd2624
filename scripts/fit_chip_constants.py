#!/usr/bin/env python3
"""Fit a chip's few engine constants on the *fit* half of the validation runs.

The performance engine is built from first principles; what it cannot derive are a handful of
per-chip kernel constants (docs/engine.md, "Chip constants"). This script finds the values that
minimise the mean |ln(predicted / published step time)| over the runs of one chip in the half of
tests/data/validation/runs.json named "fit", by a golden-section search on one constant at a
time, repeated. The other half ("holdout") is never read. The values it prints go into
resources/presets/chips.json with the source "fitted on the fit half (docs/validation.md)".

  scripts/fit_chip_constants.py --chip h100-sxm --param matmul_k_overhead=0:2048 \\
      --param kernel_overhead_us=0:40 [--param dcn.latency_us=1:300] [--groups gpu-dense,...]
      [--min-confidence high]

A parameter "a.b" patches the cluster ("dcn.latency_us"); "matmul_efficiency.fp8" patches one
precision of the chip's matmul efficiency; any other name patches the chip.

--scaling fits what only the multislice change can tell: each run of N slices is compared with
its series' one-slice run of the same slice size (mean |ln((pred_N / pred_1) / (pub_N /
pub_1))|), so that the DCN constants explain the DCN's cost and not the compute error they
share with the one-slice run. --chip then takes several chips, comma-separated, for constants
of the cluster ("dcn.latency_us", "dcn.overlap"), which every TPU preset shares:

  scripts/fit_chip_constants.py --chip tpu-v4,tpu-v5e,tpu-v5p --scaling \\
      --param dcn.latency_us=1:300 --param dcn.overlap=0:1
"""
import argparse
import concurrent.futures
import json
import math
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def chip_presets():
    with open(os.path.join(ROOT, "resources/presets/chips.json")) as f:
        return {c["id"]: c for c in json.load(f)["chips"]}


def patched(project, chip, values):
    """The project with the constants applied as cluster overrides (an RFC 7386 patch)."""
    cluster = project["cluster"]
    overrides = cluster.setdefault("overrides", {})
    chip_patch = overrides.setdefault("chip", {})
    if isinstance(chip_patch, str):
        # The run swaps in another built-in chip by id: patch a whole copy of it instead.
        chip_patch = dict(chip_presets()[chip_patch])
        overrides["chip"] = chip_patch
    for name, value in values.items():
        if name.startswith("matmul_efficiency."):
            base = chip_patch.get("matmul_efficiency", chip.get("matmul_efficiency", 1))
            table = base if isinstance(base, dict) else {"bf16": base}
            table[name.split(".", 1)[1]] = value
            chip_patch["matmul_efficiency"] = table
        elif "." in name:
            section, key = name.split(".", 1)
            overrides.setdefault(section, {})[key] = value
        else:
            chip_patch[name] = value
            if name == "attention_efficiency" and "flash2_efficiency" in chip:
                # FlashAttention-2 keeps its published ratio to the fused kernel (35/75 on
                # Hopper, chips.json's source), so it follows the fitted attention efficiency.
                ratio = chip["flash2_efficiency"] / chip["attention_efficiency"]
                chip_patch["flash2_efficiency"] = value * ratio
    return project


def evaluate(binary, path):
    out = subprocess.run([binary, "evaluate", path, "--json"], capture_output=True, text=True)
    if out.returncode:
        return None
    doc = json.loads(out.stdout)
    return (doc["jobs"] if "jobs" in doc else doc)[0]["step_time_s"]


class Objective:
    def __init__(self, args, runs, chip):
        self.args, self.runs, self.chip = args, runs, chip
        self.tmp = tempfile.mkdtemp(prefix="podplanner-fit-")
        self.calls = 0

    def errors(self, values):
        paths = []
        for i, run in enumerate(self.runs):
            with open(os.path.join(self.args.dir, run["project"])) as f:
                project = patched(json.load(f), self.chip, values)
            path = os.path.join(self.tmp, f"{i}.podplanner")
            with open(path, "w") as f:
                json.dump(project, f)
            paths.append(path)
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            steps = list(pool.map(lambda p: evaluate(self.args.bin, p), paths))
        self.calls += 1
        return [(run, step, None if step is None else
                 math.log(step / run["published"]["step_time_s"]))
                for run, step in zip(self.runs, steps)]

    def __call__(self, values):
        errs = [abs(e) for _, _, e in self.errors(values) if e is not None]
        return sum(errs) / len(errs) if errs else float("inf")


class ScalingObjective(Objective):
    """Errors of the change from one slice to N, not of the step time itself."""

    def __init__(self, args, runs, chip, bases):
        # bases[i]: the one-slice run that runs[i] is compared with (evaluated alongside).
        self.pairs = len(runs)
        super().__init__(args, runs + bases, chip)

    def errors(self, values):
        all_errors = super().errors(values)
        out = []
        for (run, step, e), (_, _, base) in zip(all_errors[:self.pairs], all_errors[self.pairs:]):
            out.append((run, step, None if e is None or base is None else e - base))
        return out


def slices_of(directory, run):
    with open(os.path.join(directory, run["project"])) as f:
        placement = json.load(f)["jobs"][0]["placement"]
    return len(placement.get("pods", [placement.get("pod", 0)]))


def with_one_slice_bases(directory, runs, every_run):
    """The runs of several slices that have a one-slice run of their series and slice size."""
    ones = {}
    for r in every_run:
        n = slices_of(directory, r)
        if n == 1 and r.get("series"):
            ones[(r["series"], r["chips"])] = r
    kept, bases = [], []
    for r in runs:
        n = slices_of(directory, r)
        base = ones.get((r.get("series"), r["chips"] // n)) if n > 1 else None
        if base is not None:
            kept.append(r)
            bases.append(base)
    return kept, bases


def golden(f, lo, hi, iterations):
    phi = (math.sqrt(5) - 1) / 2
    a, b = lo, hi
    c, d = b - phi * (b - a), a + phi * (b - a)
    fc, fd = f(c), f(d)
    for _ in range(iterations):
        if fc < fd:
            b, d, fd = d, c, fc
            c = b - phi * (b - a)
            fc = f(c)
        else:
            a, c, fc = c, d, fd
            d = a + phi * (b - a)
            fd = f(d)
    return (c, fc) if fc < fd else (d, fd)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--chip", required=True)
    p.add_argument("--param", action="append", required=True, help="NAME=LO:HI")
    p.add_argument("--groups", default="", help="comma-separated run groups (default: all)")
    p.add_argument("--dir", default=os.path.join(ROOT, "tests/data/validation"))
    p.add_argument("--bin", default=os.path.join(ROOT, "build/release/app/podplanner"))
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--iterations", type=int, default=12)
    p.add_argument("--scaling", action="store_true",
                   help="fit the change from one slice to N (multislice series)")
    p.add_argument("--min-confidence", choices=["medium", "high"], default="medium",
                   help="fit only on runs of at least this confidence (low never counts)")
    args = p.parse_args()
    chips = args.chip.split(",")
    if len(chips) > 1 and any("." not in spec.split("=")[0] or
                              spec.startswith("matmul_efficiency.") for spec in args.param):
        sys.exit("several chips share only constants of the cluster (\"dcn.latency_us\")")

    with open(os.path.join(args.dir, "runs.json")) as f:
        runs = json.load(f)
    groups = set(filter(None, args.groups.split(",")))
    confidences = {"medium": ("medium", "high"), "high": ("high",)}[args.min_confidence]
    fit = [r for r in runs if r["half"] == "fit" and r["chip"] in chips
           and r.get("confidence") in confidences and r["published"].get("step_time_s")
           and (not groups or r["group"] in groups)]
    bases = []
    if args.scaling:
        fit, bases = with_one_slice_bases(args.dir, fit, runs)
        # A base from the holdout half would leak it into the fit.
        pairs = [(r, b) for r, b in zip(fit, bases) if b["half"] == "fit"]
        fit, bases = [r for r, _ in pairs], [b for _, b in pairs]
    if not fit:
        sys.exit(f"no fit-half runs for {args.chip}")
    bounds = {}
    for spec in args.param:
        name, span = spec.split("=")
        lo, hi = map(float, span.split(":"))
        bounds[name] = (lo, hi)
    chip = chip_presets()[chips[0]]
    objective = (ScalingObjective(args, fit, chip, bases) if args.scaling
                 else Objective(args, fit, chip))
    values = {n: (lo + hi) / 2 for n, (lo, hi) in bounds.items()}
    best = objective(values)
    for r in range(args.rounds):
        for name, (lo, hi) in bounds.items():
            def f(x, name=name):
                return objective({**values, name: x})
            x, fx = golden(f, lo, hi, args.iterations)
            if fx <= best:
                values[name], best = x, fx
        print(f"round {r + 1}: mean |ln error| {best:.4f}  " +
              "  ".join(f"{k}={v:.4g}" for k, v in values.items()), flush=True)
    what = "slice-count changes" if args.scaling else "runs"
    print(f"\n{len(fit)} fit-half {what} of {args.chip}, {objective.calls} evaluations")
    for run, step, e in sorted(objective.errors(values), key=lambda x: x[2] or 0):
        print(f"  {run['id']:55s} {100 * (math.exp(e) - 1):+6.1f}%" if e is not None
              else f"  {run['id']:55s} failed")
    print(json.dumps(values))


if __name__ == "__main__":
    main()

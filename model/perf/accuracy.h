#pragma once
// How far the engine's step time has been from published runs like the plan being looked at:
// the runs of the same kind in the holdout half of tests/data/validation (never used to fit
// a constant), summarised by scripts/validation_report.py into resources/presets/accuracy.json
// (docs/validation.md, "Accuracy by kind of plan"). A planner reads a step time with it.
#include "hardware/chip_type.h"
#include "perf/step_model.h"
#include "project/job.h"

#include <cstddef>
#include <string>
#include <vector>

namespace podplanner::model::perf {

// The kind of plan, checked in this order: mixture of experts, long context (32,768 tokens or
// more), several TPU slices over the data-center network, GPU weights sharded (FSDP or ZeRO-3),
// else dense; each on GPUs or TPUs ("gpu-dense", "tpu-moe", "tpu-multislice", ...).
std::string accuracyClassOf(const Job& job, const ChipType& chip, const Layout& layout,
                            std::size_t slices);

struct AccuracyBand {
    std::string id;
    std::string name;          // "dense models on GPUs"
    int runs = 0;              // holdout runs of medium or high confidence
    double medianAbsError = 0; // of |predicted / published - 1|
    double p90AbsError = 0;    // nine in ten runs were within this
    int withinTenPercent = 0;
    double worstError = 0; // signed, the largest |error|
    double meanError = 0;  // signed: > 0 the engine tends to be slow on such runs
};

// Every band of the built-in table, in its order.
const std::vector<AccuracyBand>& accuracyBands();
// nullptr when no published run of that kind was held out.
const AccuracyBand* accuracyBand(const std::string& id);
// One line: "on 65 published runs of dense models on GPUs held out from fitting, half within
// ±4.6%, 9 in 10 within ±9.9%, worst +19.6% (docs/validation.md)".
std::string describeAccuracy(const AccuracyBand& band);

} // namespace podplanner::model::perf

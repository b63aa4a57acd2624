#pragma once
// Reading and writing the "training" object of a job: batch, precision, recompute policy,
// framework and the dtypes it keeps (docs/format.md).
#include "core/json_reader.h"
#include "project/job.h"

namespace podplanner::model {

// Recompute policy names the loader accepts (besides an object, which is "custom").
const std::vector<std::string>& recomputePolicyNames();
// Tensor names of a custom policy, and the states each may take.
const std::vector<std::string>& recomputeTensorNames();
// The keys of "gmm_tiles", by GmmPass: "wi_fwd", "wi_dlhs", ...
const std::array<const char*, kGmmPasses>& gmmPassNames();

TrainingSpec readTrainingSpec(ObjectReader& job);
Json writeTrainingSpec(const TrainingSpec& training);

} // namespace podplanner::model

#pragma once
// `podplanner evaluate --json`, `plan --json` and `simulate --json` output (keys listed in
// docs/engine.md and docs/reliability.md).
#include "perf/evaluate.h"
#include "perf/planner.h"
#include "reliability/job_goodput.h"
#include "reliability/simulate.h"

#include <optional>
#include <string>

namespace podplanner::model::output {

std::string evaluationJson(const perf::ProjectEvaluation& evaluation,
                           const std::vector<reliability::JobReliability>& reliability,
                           std::optional<std::size_t> job);
std::string planJson(const perf::PlanResult& plan);
std::string simulationJson(const std::string& jobName, const reliability::SimulationResult& result,
                           const reliability::GoodputResult& closedForm);

} // namespace podplanner::model::output

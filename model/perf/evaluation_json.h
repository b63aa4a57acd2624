#pragma once
// `podplanner evaluate --json` and `plan --json` output (keys listed in docs/engine.md).
#include "perf/evaluate.h"
#include "perf/planner.h"

#include <optional>
#include <string>

namespace podplanner::model::perf {

std::string evaluationJson(const ProjectEvaluation& evaluation, std::optional<std::size_t> job);
std::string planJson(const PlanResult& plan);

} // namespace podplanner::model::perf

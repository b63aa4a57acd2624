#pragma once
// The dashboard, the planner's results and the Monte Carlo percentiles as CSV (File › Export CSV
// in the GUI), one header row, one row per job / candidate / job-day.
#include "perf/evaluate.h"
#include "perf/planner.h"
#include "reliability/job_goodput.h"
#include "reliability/simulate.h"

#include <string>
#include <vector>

namespace podplanner::model::output {

std::string dashboardCsv(const perf::ProjectEvaluation& performance,
                         const std::vector<reliability::JobReliability>& reliability);
std::string planCsv(const std::vector<perf::PlanResult>& plans);
std::string simulationCsv(const std::vector<std::string>& jobNames,
                          const std::vector<reliability::SimulationResult>& simulations);

} // namespace podplanner::model::output

#pragma once
// Ranking sized points (docs/sizing.md, "Ranking"): cost in dollars or chip-hours, the Pareto
// front of time to train against cost, and what limits each point.
#include "sizing/size_search.h"

#include <map>
#include <vector>

namespace podplanner::model::sizing {

// Dollars when `usd`, else chip-hours.
double costOf(const SizePoint& point, bool usd);

// Indices of the points no other point beats on both train days and cost (equal on both: the
// first), fastest first. Points that cannot train (goodput 0) are left out.
std::vector<std::size_t> paretoFront(const std::vector<SizePoint>& points, bool usd);

// For the time-to-train-against-chips chart: each size's shortest train days on a candidate.
std::map<std::int64_t, double> fastestByChips(const SizeResult& result, std::size_t candidate);

// For the goodput-against-spares chart: the recommended placement's points, fewest spares first.
std::vector<const SizePoint*> recommendedBySpares(const SizeResult& result);

// The largest loss of wall time: failures (1 - goodput), exposed communication, the pipeline
// bubble, recomputation and offload done to fit HBM; compute when none reaches 10%.
void classifyLimit(SizePoint& point);

} // namespace podplanner::model::sizing

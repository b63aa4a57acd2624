#pragma once
// The planner's kept candidates (plan_search.cpp): the fastest configuration of each mesh
// (sizes, microbatches, interleave), at most `keep` meshes; what a configuration must beat to
// enter is the pruning threshold.
#include "perf/plan_search.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace podplanner::model::perf {

// The kept candidates: the fastest configuration of each mesh, at most `keep` meshes.
class KeptCandidates {
  public:
    KeptCandidates(std::size_t keep, double mustBeat)
        : keep_(std::max<std::size_t>(1, keep)), mustBeat_(mustBeat) {}

    // A configuration whose step is not below this cannot enter.
    double threshold() const {
        return std::min(mustBeat_,
                        items_.size() < keep_ ? std::numeric_limits<double>::infinity() : worst_);
    }

    void offer(const Layout& l, const StepResult& r) {
        for (auto& c : items_)
            if (sameMesh(c.layout, l)) {
                if (r.stepS < c.step.stepS)
                    c = {l, r, {}, {}};
                refreshWorst();
                return;
            }
        if (r.stepS >= mustBeat_)
            return;
        if (items_.size() < keep_) {
            items_.push_back({l, r, {}, {}});
        } else if (r.stepS < worst_) {
            *std::max_element(items_.begin(), items_.end(), slower) = {l, r, {}, {}};
        } else {
            return;
        }
        refreshWorst();
    }

    std::vector<PlanCandidate> take() {
        std::sort(items_.begin(), items_.end(),
                  [](const auto& a, const auto& b) { return a.step.stepS < b.step.stepS; });
        return std::move(items_);
    }

  private:
    static bool slower(const PlanCandidate& a, const PlanCandidate& b) {
        return a.step.stepS < b.step.stepS;
    }
    static bool sameMesh(const Layout& a, const Layout& b) {
        return a.sizes == b.sizes && a.microbatches == b.microbatches &&
               a.virtualStages == b.virtualStages;
    }
    void refreshWorst() {
        worst_ = items_.empty()
                     ? std::numeric_limits<double>::infinity()
                     : std::max_element(items_.begin(), items_.end(), slower)->step.stepS;
    }

    std::size_t keep_;
    double mustBeat_;
    std::vector<PlanCandidate> items_;
    double worst_ = std::numeric_limits<double>::infinity();
};

} // namespace podplanner::model::perf

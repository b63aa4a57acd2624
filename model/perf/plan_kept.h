#pragma once
// The planner's kept candidates (plan_search.cpp): the fastest configuration of each mesh
// (sizes, microbatches, interleave), at most `keep` meshes; what a configuration must beat to
// enter is the pruning threshold.
#include "perf/plan_search.h"

#include <algorithm>
#include <limits>
#include <unordered_map>
#include <vector>

namespace podplanner::model::perf {

// What makes a mesh: how a layout splits the chips, the batch and the layers.
struct MeshKey {
    MeshSizes sizes;
    int microbatches;
    int virtualStages;
    bool operator==(const MeshKey&) const = default;
};

inline MeshKey meshKey(const Layout& l) {
    return {l.sizes, l.microbatches, l.virtualStages};
}

// Two layouts share a mesh when their keys agree.
inline bool sameMesh(const Layout& a, const Layout& b) {
    return meshKey(a) == meshKey(b);
}

// The kept candidates: the fastest configuration of each mesh, at most `keep` meshes. Meshes
// are found through an index, so that keeping thousands (a test that ranks every mesh faster
// than a published layout) costs no more per offer than keeping twenty.
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
        const MeshKey key = meshKey(l);
        if (const auto found = index_.find(key); found != index_.end()) {
            PlanCandidate& c = items_[found->second];
            if (r.stepS < c.step.stepS) {
                const bool wasWorst = c.step.stepS >= worst_;
                c = {l, r, {}, {}};
                if (wasWorst)
                    refreshWorst();
            }
            return;
        }
        if (r.stepS >= mustBeat_)
            return;
        if (items_.size() < keep_) {
            index_.emplace(key, items_.size());
            items_.push_back({l, r, {}, {}});
            worst_ = items_.size() == 1 ? r.stepS : std::max(worst_, r.stepS);
            return;
        }
        if (r.stepS >= worst_)
            return;
        const auto slowest = std::max_element(items_.begin(), items_.end(), slower);
        index_.erase(meshKey(slowest->layout));
        index_.emplace(key, static_cast<std::size_t>(slowest - items_.begin()));
        *slowest = {l, r, {}, {}};
        refreshWorst();
    }

    std::vector<PlanCandidate> take() {
        std::sort(items_.begin(), items_.end(),
                  [](const auto& a, const auto& b) { return a.step.stepS < b.step.stepS; });
        index_.clear();
        return std::move(items_);
    }

  private:
    struct MeshKeyHash {
        std::size_t operator()(const MeshKey& k) const {
            std::size_t h = static_cast<std::size_t>(k.microbatches) * 31u +
                            static_cast<std::size_t>(k.virtualStages);
            for (const int size : k.sizes)
                h = h * 1000003u + static_cast<std::size_t>(size);
            return h;
        }
    };
    static bool slower(const PlanCandidate& a, const PlanCandidate& b) {
        return a.step.stepS < b.step.stepS;
    }
    void refreshWorst() {
        worst_ = items_.empty()
                     ? std::numeric_limits<double>::infinity()
                     : std::max_element(items_.begin(), items_.end(), slower)->step.stepS;
    }

    std::size_t keep_;
    double mustBeat_;
    std::vector<PlanCandidate> items_;
    std::unordered_map<MeshKey, std::size_t, MeshKeyHash> index_;
    double worst_ = std::numeric_limits<double>::infinity();
};

} // namespace podplanner::model::perf

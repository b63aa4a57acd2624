#pragma once
// Lower bounds on the step time of planner configurations (plan_search.cpp, docs/sizing.md
// "Layouts"). They rest on the step model's structure: tst_planner checks that pruning by them
// finds what timing every configuration finds.
#include "perf/step_model.h"

#include <algorithm>
#include <array>

namespace podplanner::model::perf {

inline double bubbleFactor(const Layout& l) {
    return 1.0 + (l.sizes[kPp] - 1.0) / (l.virtualStages * l.microbatches);
}

// Step = compute + exposed communication + host wait (>= 0) + bubble + optimizer, and the bubble is
// (pp - 1) / v slots of the filling stages' compute and a microbatch's exposed
// communication. Compute does not depend on the split, ZeRO, gathers, overlap or mapping.
inline double computeBound(const StepResult& r) {
    return r.computeS + r.bubbleComputeS;
}
// The model axes (tp, cp, ep, pp) that a mapping order lays before either batch axis (dp,
// fsdp): on every split of a group's batch they sit on the same links.
inline std::array<bool, kMeshAxes>
axesBeforeTheBatch(const std::array<std::uint8_t, kMeshAxes>& order) {
    std::array<bool, kMeshAxes> before{};
    for (std::uint8_t axis : order) {
        if (axis == kDp || axis == kFsdp)
            break;
        before[axis] = axis == kTp || axis == kCp || axis == kEp || axis == kPp;
    }
    return before;
}

// With the exposed communication of those axes added: none of it depends on ZeRO or the FSDP
// gathers, and overlapping tp and recomputing less only expose less.
inline double innerBound(const Layout& l, const StepResult& r,
                         const std::array<bool, kMeshAxes>& splitFree) {
    double exposed = 0;
    for (int i = 0; i < r.collectiveCount; ++i) {
        const CollectiveRow& row = r.collectives[static_cast<std::size_t>(i)];
        if (row.axis < kMeshAxes && splitFree[row.axis])
            exposed += row.exposedSeconds;
    }
    return computeBound(r) + exposed * bubbleFactor(l);
}

// ZeRO stage, FSDP gathers and tp overlap of a configuration.
struct Knobs {
    int zero = 0;
    bool perStep = false;
    bool overlap = false;
};

// What is known of one recompute policy of a group: its compute, once timed, bounds every
// configuration; with its tp/cp/ep/pp exposure, the configurations mapped greedily.
struct PolicyBounds {
    double compute = 0;
    double inner = 0; // overlapped tp; without overlap it exposes at least this much
    double innerNoOverlap = 0;
    double of(const Knobs& k, bool greedy) const {
        if (!greedy)
            return compute;
        return std::max(compute, k.overlap ? inner : std::max(inner, innerNoOverlap));
    }
    void learn(const Layout& l, const StepResult& r, bool greedy,
               const std::array<bool, kMeshAxes>& splitFree) {
        compute = std::max(compute, computeBound(r));
        if (greedy)
            (l.tpOverlap ? inner : innerNoOverlap) =
                std::max(l.tpOverlap ? inner : innerNoOverlap, innerBound(l, r, splitFree));
    }
};

} // namespace podplanner::model::perf

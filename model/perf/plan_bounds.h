#pragma once
// Lower bounds on the step time of planner configurations (plan_search.cpp, docs/sizing.md
// "Layouts"). They rest on the step model's structure: tst_planner checks that pruning by them
// finds what timing every configuration finds.
#include "perf/step_model.h"

#include <algorithm>

namespace podplanner::model::perf {

inline double bubbleFactor(const Layout& l) {
    return 1.0 + (l.sizes[kPp] - 1.0) / (l.virtualStages * l.microbatches);
}

// Step = compute + exposed communication + bubble + optimizer, and the bubble is
// (pp - 1) / v slots of a microbatch's compute and exposed communication. Compute does not
// depend on the split, ZeRO, gathers, overlap or mapping.
inline double computeBound(const Layout& l, const StepResult& r) {
    return r.computeS * bubbleFactor(l);
}
// With the exposed communication of tp, cp, ep and pp added: the greedy mapping lays those
// axes first, so on every split of a group they sit on the same links; none of them depends
// on ZeRO or the FSDP gathers; overlapping tp and recomputing less only expose less.
inline double innerBound(const Layout& l, const StepResult& r) {
    double exposed = 0;
    for (int i = 0; i < r.collectiveCount; ++i) {
        const CollectiveRow& row = r.collectives[static_cast<std::size_t>(i)];
        if (row.axis == kTp || row.axis == kCp || row.axis == kEp || row.axis == kPp)
            exposed += row.exposedSeconds;
    }
    return (r.computeS + exposed) * bubbleFactor(l);
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
    void learn(const Layout& l, const StepResult& r, bool greedy) {
        compute = std::max(compute, computeBound(l, r));
        if (greedy)
            (l.tpOverlap ? inner : innerNoOverlap) =
                std::max(l.tpOverlap ? inner : innerNoOverlap, innerBound(l, r));
    }
};

} // namespace podplanner::model::perf

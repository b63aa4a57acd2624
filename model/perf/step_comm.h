#pragma once
// The communication of one training step (docs/engine.md, "Step"): every mesh axis's
// collectives with their sizes and counts, and how much of each the compute around it hides.
// Layers are homogeneous, so a collective that overlaps the next layer's compute is exposed by
// its first (or last) occurrence plus whatever of the others the compute cannot cover.
#include "perf/activation_policy.h"
#include "perf/step_model.h"

#include <array>

namespace podplanner::model::perf {

struct CommInputs {
    const JobContext& ctx;
    const Layout& layout;
    const LayerCost& layer;
    const ActivationPlan& plan;
    double tokens = 0;    // per microbatch on this chip's tp group
    double layers = 0;    // on the busiest stage
    double forwardS = 0;  // one microbatch's forward on that stage
    double backwardS = 0; // one microbatch's backward, recomputation included
};

struct CommResult {
    double exposedPerMicrobatchS = 0; // on the critical path of every microbatch
    double exposedPerStepS = 0;       // once per step (gradient reduction, per-step gathers)
};

// Records each collective in `r.collectives`.
CommResult stepCommunication(const CommInputs& in, StepResult& r);

// a + (n - 1) max(0, a - w): n transfers of a each, each hidden behind the compute w of the
// neighbouring layer except the first (or last), which has nothing to hide behind.
double pipelinedExposure(double layers, double transfer, double window);
// The same submodule by submodule: each of a layer's four weight gathers (in forward order)
// behind the compute window before its submodule, one gather in flight at a time (DeepSpeed
// ZeRO-3's prefetch): Σ over layers of max(0, gather[i+1] − window[i]), the first gather
// exposed whole.
double submodulePipelinedExposure(double layers, const std::array<double, 4>& gathers,
                                  const std::array<double, 4>& windows);

} // namespace podplanner::model::perf

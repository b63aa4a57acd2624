#pragma once
// Where one layer's time goes (docs/engine.md, "Output"): each operation's forward and backward
// time for one microbatch on one chip, as the step model costs them, with the recompute the
// layout's policy adds and the LM head's share. What `evaluate` prints to explain a step.
#include "perf/layer_cost.h"
#include "perf/step_model.h"

namespace podplanner::model::perf {

struct LayerBreakdown {
    double tokensPerMicrobatch = 0; // on this chip's tp group
    LayerCost layer;
    double recomputeS = 0; // forward work the recompute policy reruns in the backward pass
    HeadCost head;
};

// The name of an operation as the output writes it ("norm1", "qkv", "attention", ...).
const char* layerOpName(LayerOp op);

LayerBreakdown layerBreakdown(const JobContext& ctx, const Layout& layout);

} // namespace podplanner::model::perf

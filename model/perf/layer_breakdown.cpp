#include "perf/layer_breakdown.h"

#include "perf/activation_policy.h"

namespace podplanner::model::perf {

const char* layerOpName(LayerOp op) {
    static constexpr std::array<const char*, kLayerOps> kNames = {
        "norm1", "qkv", "attention", "out_proj", "norm2", "mlp_in", "activation", "mlp_out"};
    return kNames[op];
}

LayerBreakdown layerBreakdown(const JobContext& ctx, const Layout& layout) {
    LayerBreakdown b;
    b.tokensPerMicrobatch = tokensPerMicrobatch(ctx, layout);
    const LayerCosts& costs =
        cachedLayerCosts(ctx, layout.sizes, b.tokensPerMicrobatch, layout.sequenceParallel);
    b.layer = costs.layer;
    const ActivationPolicy policy =
        activationPolicy(layout.recompute, ctx.job->training, ctx.framework.torchCheckpoint);
    b.recomputeS = planActivations(policy, b.layer, ctx.job->model.parallelBlock).recomputeS;
    b.head = costs.head;
    return b;
}

} // namespace podplanner::model::perf

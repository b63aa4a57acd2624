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
    const LayerCost& layer =
        cachedLayerCost(ctx, layout.sizes, b.tokensPerMicrobatch, layout.sequenceParallel);
    b.forwardS = layer.forwardS;
    b.backwardS = layer.backwardS;
    const ActivationPolicy policy =
        activationPolicy(layout.recompute, ctx.job->training, ctx.framework.torchCheckpoint);
    b.recomputeS = planActivations(policy, layer, ctx.job->model.parallelBlock).recomputeS;
    const HeadCost head = headCost(ctx, layout.sizes, b.tokensPerMicrobatch);
    b.headForwardS = head.forwardS;
    b.headBackwardS = head.backwardS;
    return b;
}

} // namespace podplanner::model::perf

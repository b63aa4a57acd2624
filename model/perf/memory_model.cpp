#include "perf/memory_model.h"

#include "perf/pipeline_schedule.h"

#include <algorithm>

namespace podplanner::model::perf {

namespace {

double vocabParameters(const TransformerCounts& c, int pp, bool firstStage) {
    if (pp == 1)
        return c.embeddingParams + c.outputParams;
    // The first stage holds the input embedding, the last the LM head (tied: a copy each).
    return firstStage ? std::max(c.embeddingParams, c.outputParams) : c.outputParams;
}

} // namespace

bool fsdpOverCp(const FrameworkTraits& f, const MeshSizes& s) {
    return s[kCp] > 1 && (s[kFsdp] > 1 || f.kind == Framework::PytorchFsdp);
}

double weightShards(const FrameworkTraits& f, const MeshSizes& s) {
    return static_cast<double>(s[kFsdp]) * (fsdpOverCp(f, s) ? s[kCp] : 1);
}

double gradientReplicas(const FrameworkTraits& f, const MeshSizes& s) {
    return static_cast<double>(s[kDp]) * (fsdpOverCp(f, s) ? 1 : s[kCp]);
}

double largestWeightTensor(const JobContext& ctx, const MeshSizes& s) {
    const ModelSpec& m = ctx.job->model;
    const double d = m.dModel;
    // The MLP's matrices are the experts' in a MoE layer, else the dense ones.
    const double mlp = d * (m.isMoe() ? m.expertFfn : m.ffn);
    return std::max({mlp, d * m.heads * m.headDim, d * m.kvHeads * m.headDim * 2.0}) / s[kTp];
}

double layerParameters(const JobContext& ctx, const MeshSizes& s) {
    const TransformerCounts& c = ctx.counts;
    const double dense =
        c.attentionParamsPerLayer + c.denseMlpParamsPerLayer + c.routerParamsPerLayer;
    return dense / s[kTp] + c.expertParamsPerLayer / (static_cast<double>(s[kTp]) * s[kEp]);
}

double localParameters(const JobContext& ctx, const MeshSizes& s, int virtualStages) {
    const TransformerCounts& c = ctx.counts;
    const double layers = layersPerStage(ctx.job->model.layers, s[kPp], virtualStages);
    const double vocab =
        std::max(vocabParameters(c, s[kPp], true), vocabParameters(c, s[kPp], false));
    return (layers * layerParameters(ctx, s) + vocab / s[kTp]) / weightShards(ctx.framework, s);
}

MemoryBreakdown memoryPerChip(const JobContext& ctx, const MemoryInputs& in, const LayerCost& layer,
                              const ActivationPlan& plan, const HeadCost& head) {
    const ModelSpec& m = ctx.job->model;
    const FrameworkTraits& f = ctx.framework;
    const MeshSizes& s = in.sizes;
    const StageLayers stages = stageLayers(m.layers, s[kPp], in.virtualStages);
    const double dp = gradientReplicas(f, s);
    const double perLayer = layerParameters(ctx, s);

    MemoryBreakdown best;
    for (bool first : {true, false}) {
        if (!first && s[kPp] == 1)
            break;
        const double layers = first ? stages.firstStage() : stages.lastStage();
        const double params =
            (layers * perLayer + vocabParameters(ctx.counts, s[kPp], first) / s[kTp]) /
            weightShards(f, s);
        MemoryBreakdown out;
        // ZeRO over dp shards the optimizer state (1), the gradients (2), the weights (3).
        const double weightShare = params / (in.zeroStage >= 3 ? dp : 1.0);
        const double ownWeights = weightShare * f.weightBytes;
        out.weights = ownWeights + weightShare * f.weightCacheBytes;
        out.gradients = params * f.gradBytes / (in.zeroStage >= 2 ? dp : 1.0);
        out.optimizer = params * (f.masterBytes + f.momentBytes) / (in.zeroStage >= 1 ? dp : 1.0);
        const double gatherGroup = weightShards(f, s) * (in.zeroStage >= 3 ? dp : 1.0);
        // Working buffers: the largest tensor of the layer being computed (recomputed or not)
        // and its gradient.
        double largest = 0;
        for (double b : layer.tensorBytes)
            largest = std::max(largest, b);
        double layerPhase = 2.0 * largest;
        if (gatherGroup > 1) {
            if (in.fsdpPerStep) {
                // The stage's weights stay gathered for the whole step, and over several
                // microbatches the gradients accumulate unsharded until the one reduce-scatter
                // at its end (Llama 3: fp32 accumulation over microbatches, fp32
                // reduce-scatter); with one microbatch each layer's are reduce-scattered as its
                // backward ends, as without per-step gathers.
                // The stage's weights whole: sharded over fsdp (and dp with ZeRO-3) in HBM.
                const double stageParams = params * weightShards(f, s);
                out.temporary += stageParams * f.gatherBytes -
                                 (f.weightBytes == f.gatherBytes ? ownWeights : 0.0);
                if (in.microbatches > 1)
                    out.gradients = stageParams * f.gradBytes;
            } else {
                // Two gathered layers, the one computing and the one prefetched; or the
                // submodule computing and one prefetch bucket.
                layerPhase += (f.prefetchBucketParams > 0
                                   ? largestWeightTensor(ctx, s) + f.prefetchBucketParams
                                   : 2.0 * perLayer) *
                              f.gatherBytes;
            }
        }
        // The loss runs after the last layer and before its backward, so the logits never
        // coexist with a layer's working buffers: the larger of the two phases counts.
        const bool lastStage = !first || s[kPp] == 1;
        out.temporary += std::max(layerPhase, lastStage ? head.logitsBytes : 0.0);
        const double inFlight = layersInFlight(stages, s[kPp], in.microbatches, first);
        out.activations = inFlight * plan.deviceBytes;
        out.hostBytes = inFlight * plan.offloadBytes;
        if (out.total() > best.total())
            best = out;
    }
    return best;
}

} // namespace podplanner::model::perf

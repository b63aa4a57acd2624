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
    // The MLP's matrices are the experts' in a MoE layer, the dense ones in a dense layer.
    const double share = m.moeLayerShare();
    const double mlp = d * (share == 1.0   ? m.expertFfn
                            : share == 0.0 ? m.ffn
                                           : std::max(m.ffn, m.expertFfn));
    if (!m.isMla())
        return std::max({mlp, d * m.heads * m.headDim, d * m.kvHeads * m.headDim * 2.0}) / s[kTp];
    // Latent attention: the down and up projections of queries and keys/values, the output.
    const double heads = m.heads;
    const double query = m.qLoraRank > 0
                             ? std::max(d * m.qLoraRank, m.qLoraRank * heads * m.qkHeadDim())
                             : d * heads * m.qkHeadDim();
    const double keyValue = std::max(d * (m.kvLoraRank + m.ropeHeadDim),
                                     m.kvLoraRank * heads * (m.headDim + m.valueHeadDim()));
    return std::max({mlp, query, keyValue, heads * m.valueHeadDim() * d}) / s[kTp];
}

namespace {

// One layer's experts on one chip (split over tp x ep) before FSDP sharding.
double layerExpertParameters(const JobContext& ctx, const MeshSizes& s) {
    return ctx.counts.expertParamsPerLayer / (static_cast<double>(s[kTp]) * s[kEp]);
}

} // namespace

double layerParameters(const JobContext& ctx, const MeshSizes& s) {
    const TransformerCounts& c = ctx.counts;
    const double dense =
        c.attentionParamsPerLayer + c.denseMlpParamsPerLayer + c.routerParamsPerLayer;
    // Latent attention's down projections are whole on every tp rank (Megatron duplicates them).
    const double duplicated = c.latentDownParamsPerLayer * (1.0 - 1.0 / s[kTp]);
    return dense / s[kTp] + duplicated + layerExpertParameters(ctx, s);
}

double denseReplicas(const FrameworkTraits& f, const MeshSizes& s) {
    return gradientReplicas(f, s) * (f.zeroOverEp ? s[kEp] : 1);
}

double zeroShare(const FrameworkTraits& f, const MeshSizes& s, const ChipParameters& p) {
    return (p.all - p.experts) / denseReplicas(f, s) + p.experts / gradientReplicas(f, s);
}

namespace {

ChipParameters stageParameters(const JobContext& ctx, const MeshSizes& s, double layers,
                               double vocab) {
    const double shards = weightShards(ctx.framework, s);
    return {(layers * layerParameters(ctx, s) + vocab / s[kTp]) / shards,
            layers * layerExpertParameters(ctx, s) / shards};
}

} // namespace

ChipParameters localParameters(const JobContext& ctx, const MeshSizes& s, int virtualStages) {
    const TransformerCounts& c = ctx.counts;
    // The last stage also holds the multi-token prediction blocks, each about a layer.
    const double layers =
        layersPerStage(ctx.job->model.layers, s[kPp], virtualStages) + ctx.job->model.mtpLayers;
    const double vocab =
        std::max(vocabParameters(c, s[kPp], true), vocabParameters(c, s[kPp], false));
    return stageParameters(ctx, s, layers, vocab);
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
        const bool lastStage = !first || s[kPp] == 1; // holds the LM head (and MTP blocks)
        const double layers =
            (first ? stages.firstStage() : stages.lastStage()) + (lastStage ? m.mtpLayers : 0);
        const ChipParameters stage =
            stageParameters(ctx, s, layers, vocabParameters(ctx.counts, s[kPp], first));
        const double params = stage.all;
        const double sharded = zeroShare(f, s, stage);
        MemoryBreakdown out;
        // ZeRO shards the optimizer state (1), the gradients (2) over each parameter's
        // replicas, the weights (3) over dp x cp as its gathers run.
        const double weightShare = params / (in.zeroStage >= 3 ? dp : 1.0);
        const double ownWeights = weightShare * f.weightBytes;
        out.weights = ownWeights + weightShare * f.weightCacheBytes;
        out.gradients = (in.zeroStage >= 2 ? sharded : params) * f.gradBytes;
        out.optimizer = (in.zeroStage >= 1 ? sharded : params) * (f.masterBytes + f.momentBytes);
        const double gatherGroup = weightShards(f, s) * (in.zeroStage >= 3 ? dp : 1.0);
        // Working buffers: the largest tensor of the layer being computed (recomputed or not)
        // and its gradient.
        double largest = 0;
        for (double b : layer.tensorBytes)
            largest = std::max(largest, b);
        double gathered = 0; // weights held gathered beside the layer's working buffers
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
                gathered = (f.prefetchBucketParams > 0
                                ? largestWeightTensor(ctx, s) + f.prefetchBucketParams
                                : 2.0 * perLayer) *
                           f.gatherBytes;
            }
        }
        // The loss runs after the last layer and before its backward, so the logits never
        // coexist with a layer's working buffers: the larger of the two phases counts.
        const double logits = lastStage ? head.logitsBytes : 0.0;
        const double others = out.temporary;
        out.temporary = others + std::max(2.0 * largest + gathered, logits);
        const double inFlight = layersInFlight(stages, s[kPp], in.microbatches, first);
        out.activations = inFlight * plan.deviceBytes;
        out.hostBytes = inFlight * plan.offloadBytes;
        if (f.memoryLimitedPrefetch && gathered > 0 && out.total() > ctx.hbmCapacityBytes) {
            // XLA's scheduler keeps under the HBM limit by starting gathers later (its
            // SchedulerConfig::memory_limit), as much as it must, down to the layer computing
            // and its next weight tensor. (So the total never falls as the batch grows.)
            const double least = (perLayer + largestWeightTensor(ctx, s)) * f.gatherBytes;
            gathered = std::max(least, gathered - (out.total() - ctx.hbmCapacityBytes));
            out.temporary = others + std::max(2.0 * largest + gathered, logits);
        }
        if (out.total() > best.total())
            best = out;
    }
    return best;
}

} // namespace podplanner::model::perf

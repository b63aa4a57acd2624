#include "perf/memory_model.h"

#include <algorithm>

namespace podplanner::model::perf {

double localParameters(const JobContext& ctx, const MeshSizes& s, int virtualStages) {
    const TransformerCounts& c = ctx.counts;
    const double stageLayers = layersPerStage(ctx.job->model.layers, s[kPp], virtualStages);
    const double dense =
        c.attentionParamsPerLayer + c.denseMlpParamsPerLayer + c.routerParamsPerLayer;
    const double perLayer = dense / s[kTp] + c.expertParamsPerLayer / (s[kTp] * s[kEp]);
    // Embedding on the first stage, LM head on the last; one stage holds both when pp = 1.
    const double vocabParams = s[kPp] == 1 ? c.embeddingParams + c.outputParams
                                           : std::max(c.embeddingParams, c.outputParams);
    return (stageLayers * perLayer + vocabParams / s[kTp]) / s[kFsdp];
}

MemoryBreakdown memoryPerChip(const JobContext& ctx, const MemoryInputs& in) {
    const ModelSpec& m = ctx.job->model;
    const MeshSizes& s = in.sizes;
    MemoryBreakdown out;
    const double params = localParameters(ctx, s, in.virtualStages);
    out.weights = params * ctx.weightBytes;
    out.gradients = params * ctx.gradientBytes;
    out.optimizer = params * ctx.optimizerBytes / (in.shardOptimizer ? s[kDp] : 1);
    if (in.fsdpPerStep && s[kFsdp] > 1) {
        // The stage's weights stay gathered for the whole step and its gradients accumulate
        // unsharded until the one reduce-scatter at the end.
        out.gradients = params * s[kFsdp] * ctx.gradientBytes;
        out.temporary += params * (s[kFsdp] - 1) * ctx.weightBytes;
    }

    // Activation bytes per token per layer, in units of elements (x activationBytes below).
    const double tp = s[kTp];
    const double d = m.dModel;
    const double qDim = static_cast<double>(m.heads) * m.headDim;

    const double mlpWidth = m.isMoe() ? static_cast<double>(m.topK) * m.expertFfn : m.ffn;
    const bool swiglu = m.ffnKind == "swiglu";
    // Sharded across tp: Q, K, V, attention output, MLP intermediates. Width-d tensors (norm
    // inputs, layer input) are sharded only with sequence parallelism.
    const double dShard = in.sequenceParallel ? tp : 1.0;
    // Q, K, V and the attention output (flash attention keeps no scores); K and V heads are
    // replicated when tp exceeds them.
    const double kvShard = std::max<double>(1.0, m.kvHeads / tp) * m.headDim;
    const double attention = 2.0 * qDim / tp + 2.0 * kvShard;
    const double mlpSaved = (swiglu ? 2.0 : 1.0) * mlpWidth / tp; // gate/up outputs
    const double mlpActivation = mlpWidth / tp;                   // recomputed under selective
    // Width-d tensors: both norm inputs and both norm outputs (the QKV and MLP inputs).
    const double widthD = 4.0 * d / dShard;
    double perToken = 0;
    switch (in.recompute) {
    case Recompute::None:
        perToken = widthD + attention + mlpSaved + mlpActivation;
        break;
    case Recompute::Selective:
        perToken = widthD + attention + mlpSaved;
        break;
    case Recompute::Full:
        perToken = d / dShard; // only the layer input
        break;
    }
    const double stageLayers = layersPerStage(m.layers, s[kPp], in.virtualStages);
    // 1F1B keeps up to pp microbatches in flight on the first stage; interleaving adds
    // (pp - 1) / (pp v) of a stage's worth (Narayanan et al. 2021).
    double inFlight = std::min<double>(in.microbatches, s[kPp]);
    if (in.virtualStages > 1)
        inFlight *= 1.0 + (s[kPp] - 1.0) / (s[kPp] * in.virtualStages);
    const double t = in.tokensPerMicrobatch;
    out.activations = inFlight * stageLayers * perToken * t * ctx.activationBytes;

    // Temporaries: two gathered layers for FSDP prefetch, fp32 logits on the last stage, and
    // under full recomputation one layer's activations while it is recomputed.
    const TransformerCounts& c = ctx.counts;
    const double layerParams =
        (c.attentionParamsPerLayer + c.denseMlpParamsPerLayer + c.routerParamsPerLayer) / tp +
        c.expertParamsPerLayer / (tp * s[kEp]);
    if (s[kFsdp] > 1 && !in.fsdpPerStep)
        out.temporary += 2.0 * layerParams * ctx.weightBytes;
    out.temporary += t * static_cast<double>(m.vocab) / tp * 4.0;
    if (in.recompute == Recompute::Full)
        out.temporary += (widthD + attention + mlpSaved + mlpActivation) * t * ctx.activationBytes;
    return out;
}

} // namespace podplanner::model::perf

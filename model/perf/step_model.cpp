#include "perf/step_model.h"

#include "perf/compute_cost.h"

#include <algorithm>

namespace podplanner::model::perf {

namespace {

// Sequences per step are split over the batch axes (dp, fsdp, ep) and microbatches; context
// parallelism splits each sequence.
double tokensPerMicrobatch(const JobContext& ctx, const Layout& l) {
    const auto& s = l.sizes;
    return static_cast<double>(ctx.job->training.globalBatchTokens) /
           (static_cast<double>(s[kDp]) * s[kFsdp] * s[kEp] * s[kCp] * l.microbatches);
}

struct Recorder {
    StepResult& r;
    void add(CollectiveKind kind, std::uint8_t axis, double bytes, double seconds, double exposed) {
        if (seconds <= 0 || r.collectiveCount == static_cast<int>(kMaxCollectives))
            return;
        r.collectives[static_cast<std::size_t>(r.collectiveCount++)] =
            CollectiveRow{kind, axis, bytes, seconds, exposed};
    }
};

} // namespace

const char* layoutProblem(const JobContext& ctx, const Layout& l) {
    const ModelSpec& m = ctx.job->model;
    const auto& s = l.sizes;
    if (m.heads % s[kTp] != 0)
        return "tp does not divide the attention heads";
    if (m.layers < s[kPp] * l.virtualStages)
        return "more pipeline stages (pp x virtual stages) than layers";
    if (m.isMoe() ? m.experts % s[kEp] != 0 : s[kEp] != 1)
        return "ep does not divide the experts";
    if (m.seqLen % s[kCp] != 0)
        return "cp does not divide the sequence length";
    const double sequences = static_cast<double>(ctx.job->training.globalBatchTokens) / m.seqLen;
    const double batchShards = static_cast<double>(s[kDp]) * s[kFsdp] * s[kEp] * l.microbatches;
    if (sequences < batchShards ||
        static_cast<long long>(sequences) % static_cast<long long>(batchShards) != 0)
        return "the global batch does not split evenly over dp x fsdp x ep x microbatches";
    if (s[kPp] > 1 && l.microbatches < s[kPp])
        return "fewer microbatches than pipeline stages";
    return nullptr;
}

StepResult evaluateLayout(const JobContext& ctx, const Layout& l) {
    StepResult r;
    Recorder rec{r};
    const ModelSpec& m = ctx.job->model;
    const auto& s = l.sizes;
    const double t = tokensPerMicrobatch(ctx, l);
    const double mb = l.microbatches;
    const double layersPerStage = perf::layersPerStage(m.layers, s[kPp], l.virtualStages);
    const ComputeTimes c = computeTimes(ctx, s, t);

    // Compute of one microbatch on the busiest stage (the last holds the LM head).
    double forward = layersPerStage * c.layerForwardS + c.headForwardS;
    double backward = layersPerStage * c.layerBackwardS + c.headBackwardS;
    double recompute = 0;
    if (l.recompute == Recompute::Full)
        recompute = layersPerStage * c.layerForwardS;
    else if (l.recompute == Recompute::Selective)
        recompute = layersPerStage * c.mlpActivationForwardS;
    const double computeMb = forward + backward + recompute;

    const double act = ctx.activationBytes;
    const double d = m.dModel;
    AxisGroup groups[kMeshAxes];
    for (std::uint8_t a = 0; a < kMeshAxes; ++a)
        groups[a] = axisGroup(l.mapping, ctx.fabric, a);

    double exposedMb = 0; // exposed communication per microbatch

    // Tensor parallelism: per layer, forward and backward each do two all-gathers and two
    // reduce-scatters of the layer's activations (or two all-reduces without sequence
    // parallelism: the same bytes); full recomputation repeats the forward ones.
    if (s[kTp] > 1) {
        const double bytes = t * d * act;
        const double count = l.recompute == Recompute::Full ? 12.0 : 8.0; // AG or RS each
        const double seconds = count * layersPerStage *
                               collectiveSeconds(CollectiveKind::AllGather, bytes, groups[kTp]);
        exposedMb += seconds;
        // Half all-gathers, half reduce-scatters (with sequence parallelism), or all-reduces of
        // the same total time without it (one all-reduce = an all-gather + a reduce-scatter).
        const double total = bytes * layersPerStage * count * mb;
        if (l.sequenceParallel) {
            rec.add(CollectiveKind::AllGather, kTp, total / 2, seconds * mb / 2, seconds * mb / 2);
            rec.add(CollectiveKind::ReduceScatter, kTp, total / 2, seconds * mb / 2,
                    seconds * mb / 2);
        } else {
            rec.add(CollectiveKind::AllReduce, kTp, total / 2, seconds * mb, seconds * mb);
        }
    }
    double cpHiddenMb = 0; // compute time already used to hide cp traffic
    // Context parallelism: keys and values are all-gathered (forward and backward) and their
    // gradients reduce-scattered, overlapped with the attention core (ring attention).
    if (s[kCp] > 1) {
        const double kvBytes =
            t * s[kCp] * 2.0 * m.kvHeads * m.headDim / std::min<double>(s[kTp], m.kvHeads) * act;
        // Full recomputation gathers them once more for the repeated forward pass.
        const double count = l.recompute == Recompute::Full ? 4.0 : 3.0;
        const double seconds = count * layersPerStage *
                               collectiveSeconds(CollectiveKind::AllGather, kvBytes, groups[kCp]);
        const double window = layersPerStage * (count * c.attentionCoreForwardS);
        cpHiddenMb = std::min(seconds, window);
        const double exposed = seconds - cpHiddenMb;
        exposedMb += exposed;
        rec.add(CollectiveKind::AllGather, kCp, count * kvBytes * layersPerStage * mb, seconds * mb,
                exposed * mb);
    }
    // Expert parallelism: dispatch and combine all-to-alls, forward and backward.
    if (s[kEp] > 1 && m.isMoe()) {
        const double bytes = t * m.topK * d * act * s[kEp];
        const double count = l.recompute == Recompute::Full ? 6.0 : 4.0; // + the recomputed forward
        const double seconds = count * layersPerStage *
                               collectiveSeconds(CollectiveKind::AllToAll, bytes, groups[kEp]);
        exposedMb += seconds;
        rec.add(CollectiveKind::AllToAll, kEp, count * bytes * layersPerStage * mb, seconds * mb,
                seconds * mb);
    }
    // Pipeline: activations forward and their gradients backward, once per virtual stage. The
    // tp ranks of a stage each send their 1/tp share (Megatron's scatter/gather).
    if (s[kPp] > 1) {
        const double bytes = t * d * act / s[kTp];
        const double seconds = 2.0 * l.virtualStages *
                               collectiveSeconds(CollectiveKind::PointToPoint, bytes, groups[kPp]);
        exposedMb += seconds;
        rec.add(CollectiveKind::PointToPoint, kPp, 2.0 * l.virtualStages * bytes * mb, seconds * mb,
                seconds * mb);
    }
    // FSDP: each layer's weights are all-gathered for the forward and again for the backward,
    // and its gradients reduce-scattered, every microbatch; prefetching hides them behind the
    // microbatch's compute.
    const double params = localParameters(ctx, s, l.virtualStages);
    double stepGatherS = 0, stepReduceS = 0; // FSDP once per step (per_step)
    double fsdpHiddenMb = 0;
    if (s[kFsdp] > 1 && l.fsdpPerStep) {
        const double gathered = params * s[kFsdp];
        stepGatherS =
            collectiveSeconds(CollectiveKind::AllGather, gathered * ctx.weightBytes, groups[kFsdp]);
        stepReduceS = collectiveSeconds(CollectiveKind::ReduceScatter, gathered * ctx.gradientBytes,
                                        groups[kFsdp]);
    } else if (s[kFsdp] > 1) {
        const double gathered = params * s[kFsdp];
        const double ag =
            collectiveSeconds(CollectiveKind::AllGather, gathered * ctx.weightBytes, groups[kFsdp]);
        const double rs = collectiveSeconds(CollectiveKind::ReduceScatter,
                                            gathered * ctx.gradientBytes, groups[kFsdp]);
        const double seconds = 2.0 * ag + rs;
        // Prefetching hides it behind the microbatch's compute not already hiding cp traffic.
        fsdpHiddenMb = std::min(seconds, computeMb - cpHiddenMb);
        const double exposed = seconds - fsdpHiddenMb;
        exposedMb += exposed;
        rec.add(CollectiveKind::AllGather, kFsdp, 2.0 * gathered * ctx.weightBytes * mb,
                2.0 * ag * mb, exposed * mb * (2.0 * ag / seconds));
        rec.add(CollectiveKind::ReduceScatter, kFsdp, gathered * ctx.gradientBytes * mb, rs * mb,
                exposed * mb * (rs / seconds));
    }

    const double perMicrobatch = computeMb + exposedMb;
    // 1F1B: (pp - 1) fill-and-drain slots, divided by the virtual stages when interleaved.
    const double bubbleSlots = (s[kPp] - 1.0) / l.virtualStages;
    r.bubbleS = bubbleSlots * perMicrobatch;
    r.computeS = mb * computeMb;

    // Gradient all-reduce over dp (and over ep for the parameters ep replicates), overlapped
    // with the last microbatch's backward pass.
    double gradientS = 0;
    double gatherExposed = 0;
    if (stepGatherS > 0) {
        // Gathered once before the first forward pass (hidden behind its first layers' compute
        // at best), reduced once after the last backward pass.
        const double gathered = params * s[kFsdp];
        gatherExposed = std::max(0.0, stepGatherS - forward);
        rec.add(CollectiveKind::AllGather, kFsdp, gathered * ctx.weightBytes, stepGatherS,
                gatherExposed);
        gradientS += stepReduceS;
        rec.add(CollectiveKind::ReduceScatter, kFsdp, gathered * ctx.gradientBytes, stepReduceS, 0);
    }
    if (s[kDp] > 1 && l.shardOptimizer) {
        // ZeRO-1: reduce-scatter the fp32 gradients, update the shard, all-gather the weights.
        const double rs = collectiveSeconds(CollectiveKind::ReduceScatter,
                                            params * ctx.gradientBytes, groups[kDp]);
        const double ag =
            collectiveSeconds(CollectiveKind::AllGather, params * ctx.weightBytes, groups[kDp]);
        gradientS += rs + ag;
        rec.add(CollectiveKind::ReduceScatter, kDp, params * ctx.gradientBytes, rs, 0);
        rec.add(CollectiveKind::AllGather, kDp, params * ctx.weightBytes, ag, 0);
    } else if (s[kDp] > 1) {
        const double bytes = params * ctx.gradientBytes;
        const double seconds = collectiveSeconds(CollectiveKind::AllReduce, bytes, groups[kDp]);
        gradientS += seconds;
        rec.add(CollectiveKind::AllReduce, kDp, bytes, seconds, 0);
    }
    if (s[kEp] > 1) {
        const TransformerCounts& tc = ctx.counts;
        // Everything but the experts is replicated over ep: attention, router, embedding, head.
        const double vocabParams = s[kPp] == 1 ? tc.embeddingParams + tc.outputParams
                                               : std::max(tc.embeddingParams, tc.outputParams);
        const double replicated =
            (layersPerStage * (tc.attentionParamsPerLayer + tc.denseMlpParamsPerLayer +
                               tc.routerParamsPerLayer) +
             vocabParams) /
            (s[kTp] * s[kFsdp]);
        const double bytes = replicated * ctx.gradientBytes;
        const double seconds = collectiveSeconds(CollectiveKind::AllReduce, bytes, groups[kEp]);
        gradientS += seconds;
        rec.add(CollectiveKind::AllReduce, kEp, bytes, seconds, 0);
    }
    // The last backward pass hides it, except for the share of that pass already hiding the
    // microbatch's own FSDP and cp traffic.
    const double backwardWindow =
        std::max(0.0, backward - (fsdpHiddenMb + cpHiddenMb) * backward / computeMb);
    const double gradientExposed = std::max(0.0, gradientS - backwardWindow);
    for (int i = 0; i < r.collectiveCount; ++i) {
        CollectiveRow& row = r.collectives[static_cast<std::size_t>(i)];
        const bool endOfStep =
            (row.axis == kDp && row.kind != CollectiveKind::PointToPoint) ||
            (row.kind == CollectiveKind::AllReduce && row.axis == kEp) ||
            (row.kind == CollectiveKind::ReduceScatter && row.axis == kFsdp && l.fsdpPerStep);
        if (endOfStep && gradientS > 0)
            row.exposedSeconds = gradientExposed * row.seconds / gradientS;
    }

    // Optimizer update, memory-bound: read and write fp32 master weights and two Adam moments,
    // read the gradient, write the working weights.
    // With the optimizer state sharded over dp (ZeRO-1) each chip updates 1/dp of it.
    r.optimizerS = params * (2.0 * ctx.optimizerBytes + ctx.gradientBytes + ctx.weightBytes) /
                   ctx.hbmBytesPerS / (l.shardOptimizer ? s[kDp] : 1);

    r.exposedCommS = mb * exposedMb + gradientExposed + gatherExposed;
    r.stepS = r.computeS + r.exposedCommS + r.bubbleS + r.optimizerS;
    const double tokens = static_cast<double>(ctx.job->training.globalBatchTokens);
    r.tokensPerS = tokens / r.stepS;
    const double peakPerStep = r.stepS * static_cast<double>(ctx.chips) * ctx.peakFlops;
    r.mfu = ctx.counts.modelFlopsPerToken * tokens / peakPerStep;
    r.hfu = ctx.counts.hardwareFlopsPerToken(recomputeName(l.recompute)) * tokens / peakPerStep;

    MemoryInputs mem{s, l.microbatches, l.recompute,     l.sequenceParallel, l.virtualStages,
                     t, l.fsdpPerStep,  l.shardOptimizer};
    r.memory = memoryPerChip(ctx, mem);
    r.hbmCapacityBytes = ctx.hbmCapacityBytes;
    r.fits = r.memory.total() <= ctx.hbmCapacityBytes;
    return r;
}

} // namespace podplanner::model::perf

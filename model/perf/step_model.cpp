#include "perf/step_model.h"

#include "perf/host_launch.h"
#include "perf/layer_cost.h"
#include "perf/pipeline_schedule.h"
#include "perf/step_comm.h"

#include <algorithm>

namespace podplanner::model::perf {

// Sequences per step are split over the batch axes (dp, fsdp, ep) and microbatches; context
// parallelism splits each sequence.
double tokensPerMicrobatch(const JobContext& ctx, const Layout& l) {
    const auto& s = l.sizes;
    return static_cast<double>(ctx.job->training.globalBatchTokens) /
           (static_cast<double>(s[kDp]) * s[kFsdp] * s[kEp] * s[kCp] * l.microbatches);
}

namespace {

// Hardware FLOPs per token that recomputation adds (the parts of a layer that rerun).
double recomputeFlopsPerToken(const JobContext& ctx, const ActivationPlan& plan) {
    const TransformerCounts& c = ctx.counts;
    double perLayer = 0;
    if (plan.recomputed[kOpQkv])
        perLayer += c.qkvFlopsPerLayer;
    if (plan.recomputed[kOpCore])
        perLayer += c.coreFlopsPerLayer;
    if (plan.recomputed[kOpOutProj])
        perLayer += c.outProjFlopsPerLayer;
    if (plan.recomputed[kOpMlpIn])
        perLayer += c.mlpInFlopsPerLayer;
    if (plan.recomputed[kOpMlpOut])
        perLayer += c.mlpOutFlopsPerLayer;
    // Vocabulary tiling reruns the LM head's matmul chunk by chunk in the backward pass.
    const double head = ctx.job->training.vocabTiling > 1 ? 2.0 * c.outputParams : 0.0;
    return perLayer * ctx.job->model.layers + head;
}

// 1F1B: (pp - 1) fill-and-drain slots, divided by the virtual stages when interleaved.
double pipelineBubble(const Layout& l, double perMicrobatch) {
    return (l.sizes[kPp] - 1.0) / l.virtualStages * perMicrobatch;
}

// Per microbatch, without Megatron's gradient accumulation fusion: autograd (or Megatron's
// main_grad hook, or DeepSpeed's BF16_Optimizer) adds the weight gradient the matmul wrote to
// the accumulated one, reading both and writing the sum, over every gradient this chip holds.
// A 16-bit accumulator is the first microbatch's gradient itself; an fp32 one (main_grad)
// takes every microbatch's add.
double gradientAccumulationSeconds(const JobContext& ctx, const MeshSizes& s, const Layout& l,
                                   const ChipParameters& params) {
    const FrameworkTraits& f = ctx.framework;
    if (ctx.job->training.gradientAccumulationFusion || !f.keepsGradientBuffer)
        return 0.0;
    const double mb = l.microbatches;
    const double adds = f.gradBytes > ctx.activationBytes ? mb : mb - 1.0;
    const double grads = l.zeroStage >= 2 ? zeroShare(f, s, params) : params.all;
    const double bytes = grads * (ctx.activationBytes + 2.0 * f.gradBytes);
    return bytes / ctx.hbmBytesPerS * adds / mb;
}

// Periodic evaluation (training.eval_*): batches run forward only, with no recompute, backward,
// gradient reduction or update, split like the training batch over the batch axes and
// microbatches. A microbatch pays the training forward's share of the exposed communication
// per microbatch, scaled by its tokens (the activations' collectives: tp, cp, ep, pp; FSDP's
// gathers, the same weights for any batch, are undercounted for a smaller eval batch), and the
// pipeline bubble. Spread over the steps between evaluations.
double evaluationPerStep(const JobContext& ctx, const Layout& l, double trainingTokens,
                         double trainingForward, double stageLayers, bool withHead,
                         double forwardShare, double exposedCommPerMb) {
    const TrainingSpec& t = ctx.job->training;
    if (t.evalIntervalSteps <= 0)
        return 0;
    const double batchTokens = static_cast<double>(t.evalBatch());
    const double tokens = trainingTokens * batchTokens / static_cast<double>(t.globalBatchTokens);
    double forward = trainingForward;
    if (tokens != trainingTokens) {
        // A fresh cost, not the cache's: a new entry could evict the step's own layer cost.
        const LayerCost layer = layerCost(ctx, l.sizes, tokens, l.sequenceParallel);
        forward = stageLayers * layer.forward() +
                  (withHead ? headCost(ctx, l.sizes, tokens, layer).forwardS : 0.0);
    }
    const double perMicrobatch =
        forward + forwardShare * exposedCommPerMb * tokens / trainingTokens;
    const double bubble = pipelineBubble(l, perMicrobatch);
    const double batches = static_cast<double>(t.evalTokens) / batchTokens;
    return batches * (l.microbatches * perMicrobatch + bubble) /
           static_cast<double>(t.evalIntervalSteps);
}

} // namespace

const char* layoutProblem(const JobContext& ctx, const Layout& l) {
    const ModelSpec& m = ctx.job->model;
    const auto& s = l.sizes;
    if (m.heads % s[kTp] != 0)
        return "tp does not divide the attention heads";
    if (m.layers + 2 < s[kPp] * l.virtualStages)
        return "more pipeline chunks (pp x virtual stages) than layers, embedding and head";
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
    const ModelSpec& m = ctx.job->model;
    const auto& s = l.sizes;
    const double t = tokensPerMicrobatch(ctx, l);
    const double mb = l.microbatches;
    const LayerCosts& costs = cachedLayerCosts(ctx, s, t, l.sequenceParallel);
    const LayerCost& layer = costs.layer;
    const HeadCost& head = costs.head;
    const ActivationPolicy policy =
        activationPolicy(l.recompute, ctx.job->training, ctx.framework.torchCheckpoint);
    const ActivationPlan plan = planActivations(policy, layer, m.parallelBlock);

    // Compute of one microbatch on the busiest stage: a full stage, or the last one, which has
    // the LM head and (with an uneven split) fewer layers.
    const StageLayers stages = stageLayers(m.layers, s[kPp], l.virtualStages);
    const double layerForward = layer.forward(), layerBackward = layer.backward();
    const double perLayer = layerForward + layerBackward + plan.recomputeS;
    const double lastStage = stages.lastStage() * perLayer + head.forwardS + head.backwardS;
    const double fullStage = s[kPp] > 1 ? stages.busiest() * perLayer : 0.0;
    const bool lastIsBusiest = lastStage >= fullStage;
    const double stageLayerCount = lastIsBusiest ? stages.lastStage() : stages.busiest();
    const ChipParameters params = localParameters(ctx, s, l.virtualStages);
    const double accumulation = gradientAccumulationSeconds(ctx, s, l, params);
    const double computeMb = std::max(lastStage, fullStage) + accumulation;
    const double forwardMb = stageLayerCount * layerForward + (lastIsBusiest ? head.forwardS : 0.0);
    const double backwardMb = computeMb - forwardMb;

    CommInputs in{ctx, l, layer, plan, t, stageLayerCount, forwardMb, backwardMb};
    const CommResult comm = stepCommunication(in, r);

    // The host issues a microbatch's layers while the GPU runs them; it falls behind when
    // issuing takes longer than the GPU's compute and exposed communication (an MoE layer's
    // host sync stops it running ahead, and layers of one stage are alike). Every stage runs
    // every microbatch, so the slowest of them, host included, paces the step: a full stage
    // whose host lags can outlast the last stage that the LM head makes the GPUs' busiest.
    const double hostPerLayer = hostSecondsPerLayer(ctx, s, plan);
    const auto hostWait = [&](double layers, double gpu) {
        return std::max(0.0, layers * hostPerLayer - gpu - comm.exposedPerMicrobatchS);
    };
    const double lastPaced =
        lastStage + accumulation + hostWait(stages.lastStage(), lastStage + accumulation);
    const double fillMb = fullStage + accumulation; // a full stage's microbatch
    const double fillWait = s[kPp] > 1 ? hostWait(stages.busiest(), fillMb) : 0.0;
    const double fullPaced = s[kPp] > 1 ? fillMb + fillWait : 0.0;
    r.hostWaitS = mb * (std::max(lastPaced, fullPaced) - computeMb);

    // With stage times T_i, 1F1B takes about sum T_i + (mb - 1) max T_i: the busiest stage
    // runs every microbatch back to back and the others fill and drain the pipeline. Those are
    // full stages, whether or not the last stage (the LM head's) is the busiest, each with its
    // own host wait.
    r.bubbleComputeS = pipelineBubble(l, fillMb);
    r.bubbleS = pipelineBubble(l, fillMb + comm.exposedPerMicrobatchS + fillWait);
    r.computeS = mb * computeMb;
    r.recomputeS = mb * stageLayerCount * plan.recomputeS;

    // Optimizer update, memory-bound: read the gradients for their global norm (clipping, on
    // by default everywhere), read and write the master weights and moments, read the
    // gradient, write the weights, and with a master copy read it again to cast it into them
    // (Megatron's separate copy); ZeRO-1 and up update each chip's share of them (zeroShare).
    // A framework that keeps a gradient buffer also zeroes all of it for the next step.
    const FrameworkTraits& f = ctx.framework;
    const double optimizerBytes =
        2.0 * (f.masterBytes + f.momentBytes) + 2.0 * f.gradBytes + f.weightBytes + f.masterBytes;
    const double shared = zeroShare(f, s, params);
    const double updated = (l.zeroStage >= 1 ? shared : params.all) * optimizerBytes;
    const double zeroed =
        f.keepsGradientBuffer ? (l.zeroStage >= 2 ? shared : params.all) * f.gradBytes : 0;
    r.optimizerS = (updated + zeroed) / ctx.hbmBytesPerS;

    r.exposedCommS = mb * comm.exposedPerMicrobatchS + comm.exposedPerStepS;
    r.evalS = evaluationPerStep(ctx, l, t, forwardMb, stageLayerCount, lastIsBusiest,
                                forwardMb / computeMb, comm.exposedPerMicrobatchS);
    r.stepS = r.computeS + r.exposedCommS + r.hostWaitS + r.bubbleS + r.optimizerS + r.evalS;
    const double tokens = static_cast<double>(ctx.job->training.globalBatchTokens);
    r.tokensPerS = tokens / r.stepS;
    const double peakPerStep = r.stepS * static_cast<double>(ctx.chips) * ctx.peakFlops;
    r.mfu = ctx.counts.modelFlopsPerToken * tokens / peakPerStep;
    r.hfu =
        (ctx.counts.modelFlopsPerToken + recomputeFlopsPerToken(ctx, plan)) * tokens / peakPerStep;

    MemoryInputs mem{s, l.microbatches, l.virtualStages, t, l.fsdpPerStep, l.zeroStage};
    r.memory = memoryPerChip(ctx, mem, layer, plan, head);
    r.hbmCapacityBytes = ctx.hbmCapacityBytes;
    const double hostCapacity = ctx.chip.hostMemoryGib * 1024.0 * 1024.0 * 1024.0;
    r.fits = r.memory.total() <= ctx.hbmCapacityBytes &&
             (r.memory.hostBytes <= 0 || r.memory.hostBytes <= hostCapacity);
    return r;
}

} // namespace podplanner::model::perf

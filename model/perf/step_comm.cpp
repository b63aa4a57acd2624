#include "perf/step_comm.h"

#include "perf/memory_model.h"

#include <algorithm>

namespace podplanner::model::perf {

namespace {

constexpr double kGpuCommComputeShare = 20.0 / 132.0;

struct Recorder {
    StepResult& r;
    void add(CollectiveKind kind, std::uint8_t axis, double bytes, double seconds, double exposed) {
        if (seconds <= 0 || r.collectiveCount == static_cast<int>(kMaxCollectives))
            return;
        r.collectives[static_cast<std::size_t>(r.collectiveCount++)] =
            CollectiveRow{kind, axis, bytes, seconds, exposed};
    }
};

// The group of several mesh axes taken together (FSDP and ZeRO-3 over dp shard the same
// weights; context-parallel ranks reduce the same gradients).
AxisGroup jointGroup(const MeshMapping& mapping, const JobFabric& fabric,
                     std::initializer_list<std::uint8_t> axes) {
    MeshMapping joined = mapping;
    const std::uint8_t into = *axes.begin();
    for (int i = 0; i < joined.count; ++i) {
        Segment& seg = joined.segments[static_cast<std::size_t>(i)];
        if (std::find(axes.begin(), axes.end(), seg.mesh) != axes.end())
            seg.mesh = into;
    }
    return axisGroup(joined, fabric, into);
}

// The group the expert all-to-all runs over. On GPUs a framework that folds its experts lays
// them in its expert rank order; that differs from the dense one only where cp sits, so only
// with cp > 1 is a second mapping needed.
AxisGroup expertGroup(const JobContext& ctx, const Layout& l,
                      const std::array<AxisGroup, kMeshAxes>& groups) {
    if (!ctx.chip.isGpu() || !ctx.framework.foldsExperts || l.sizes[kCp] == 1)
        return groups[kEp];
    const auto folded = greedyMapping(ctx.fabric, l.sizes, ctx.framework.expertRankOrder);
    return folded ? axisGroup(*folded, ctx.fabric, kEp) : groups[kEp];
}

AxisGroupsCache& cachedAxisGroups(const JobContext& ctx, const MeshMapping& mapping) {
    AxisGroupsCache& cache = ctx.cache->axisGroups;
    const auto used = static_cast<std::size_t>(mapping.count);
    const bool same =
        cache.valid && cache.mapping.count == mapping.count &&
        std::equal(mapping.segments.begin(), mapping.segments.begin() + used,
                   cache.mapping.segments.begin(), [](const Segment& a, const Segment& b) {
                       return a.mesh == b.mesh && a.physical == b.physical &&
                              a.factor == b.factor && a.stride == b.stride;
                   });
    if (!same) {
        cache.mapping = mapping;
        cache.groups = axisGroups(mapping, ctx.fabric);
        cache.jointValid = {};
        cache.valid = true;
    }
    return cache;
}

// The mesh axes that act as one group for a collective, in AxisGroupsCache::joint's order.
enum JointAxes : std::uint8_t { kFsdpDpCp, kFsdpCp, kDpCp };

const AxisGroup& cachedJointGroup(AxisGroupsCache& cache, const JobFabric& fabric,
                                  JointAxes which) {
    static constexpr std::array<std::initializer_list<std::uint8_t>, 3> kAxes = {
        {{kFsdp, kDp, kCp}, {kFsdp, kCp}, {kDp, kCp}}};
    if (!cache.jointValid[which]) {
        cache.joint[which] = jointGroup(cache.mapping, fabric, kAxes[which]);
        cache.jointValid[which] = true;
    }
    return cache.joint[which];
}

// Weight tensors of one layer, each gathered or reduced on its own by XLA and DeepSpeed: Q, K,
// V, output, the MLP's two or three matrices, the router, two norm scales (DeepSpeed: and four
// biases).
double tensorsPerLayer(const JobContext& ctx) {
    const ModelSpec& m = ctx.job->model;
    // Latent attention: the down and up projections of queries (or one projection) and of
    // keys and values, the output, and the latents' two norms.
    const double attention = m.isMla() ? (m.qLoraRank > 0 ? 5 : 4) + 2 : 4;
    double n = attention + (m.gatedMlp() ? 3 : 2) + (m.isMoe() ? 1 : 0) + 2;
    if (ctx.framework.kind == Framework::DeepSpeed)
        n += 4;
    return n;
}

// A layer's weight matrices on one chip in forward order: QKV, the output projection, the
// MLP's input (up and gate) and output matrices (the experts' on this chip in a MoE layer).
std::array<double, 4> layerWeightTensors(const JobContext& ctx, const MeshSizes& s) {
    const ModelSpec& m = ctx.job->model;
    const double tp = s[kTp];
    const TransformerCounts& c = ctx.counts;
    const double gates = m.gatedMlp() ? 2.0 : 1.0;
    const double mlp = layerParameters(ctx, s) - c.attentionParamsPerLayer / tp;
    return {c.qkvParamsPerLayer / tp, (c.attentionParamsPerLayer - c.qkvParamsPerLayer) / tp,
            mlp * gates / (gates + 1), mlp / (gates + 1)};
}

// The share of a layer's weights that DeepSpeed's ZeRO-3 gathers a third time under full
// recomputation. It releases a submodule's gathered weights after use unless its traced next
// use comes within stage3_max_reuse_distance parameters (reuseDistanceParams). A recomputed
// layer reruns its forward and then its backward in reverse order, so the next use of a
// weight tensor comes after twice the tensors that follow it in the forward: those farther
// than the limit are gathered again for the backward.
double regatheredShare(const JobContext& ctx, const Layout& l) {
    const FrameworkTraits& f = ctx.framework;
    if (f.reuseDistanceParams <= 0 || l.recompute != Recompute::Full)
        return 0;
    const std::array<double, 4> tensors = layerWeightTensors(ctx, l.sizes);
    double after = 0, regathered = 0;
    for (auto it = tensors.rbegin(); it != tensors.rend(); ++it) {
        if (2 * after >= f.reuseDistanceParams)
            regathered += *it;
        after += *it;
    }
    return regathered / after;
}

// DeepSpeed's forward pass: each matrix's gather behind the compute from its predecessor's
// submodule start to its own (QKV and the attention core, the output projection and the
// second norm, the MLP's input and its activation, the MLP's output and the next first norm).
double forwardGatherExposure(const JobContext& ctx, const MeshSizes& s, const LayerCost& layer,
                             double layers, double gather) {
    const std::array<double, 4> tensors = layerWeightTensors(ctx, s);
    const double all = tensors[0] + tensors[1] + tensors[2] + tensors[3];
    std::array<double, 4> gathers{};
    for (std::size_t i = 0; i < 4; ++i)
        gathers[i] = gather * tensors[i] / all;
    const auto& f = layer.forwardS;
    return submodulePipelinedExposure(layers, gathers,
                                      {f[kOpQkv] + f[kOpCore], f[kOpOutProj] + f[kOpNorm2],
                                       f[kOpMlpIn] + f[kOpAct], f[kOpMlpOut] + f[kOpNorm1]});
}

// `count` collectives of `bytes` / count each.
double split(CollectiveKind kind, double bytes, double count, const AxisGroup& g) {
    return count * collectiveSeconds(kind, bytes / count, g);
}

} // namespace

double pipelinedExposure(double layers, double transfer, double window) {
    if (transfer <= 0 || layers <= 0)
        return 0;
    return transfer + std::max(0.0, layers - 1.0) * std::max(0.0, transfer - window);
}

namespace {

// Of a transfer that runs behind compute, the share that stays exposed all the same: over the
// DCN (dcn.overlap) and on a TPU torus (ici.overlap); NVLink hides it all.
double unhiddenShare(const JobFabric& fabric, const AxisGroup& g) {
    if (g.count == 0)
        return 0;
    if (g.levels[0].level >= Level::Dcn)
        return 1 - fabric.dcnOverlap;
    return g.levels[0].level == Level::Torus ? 1 - fabric.iciOverlap : 0;
}

} // namespace

double submodulePipelinedExposure(double layers, const std::array<double, 4>& gathers,
                                  const std::array<double, 4>& windows) {
    double perLayer = 0;
    for (std::size_t i = 0; i < 4; ++i)
        perLayer += std::max(0.0, gathers[(i + 1) % 4] - windows[i]);
    // The first layer's first gather waits; the last layer's last window has none behind it.
    return gathers[0] + layers * perLayer - std::max(0.0, gathers[0] - windows[3]);
}

CommResult stepCommunication(const CommInputs& in, StepResult& r) {
    const JobContext& ctx = in.ctx;
    const Layout& l = in.layout;
    const ModelSpec& m = ctx.job->model;
    const FrameworkTraits& f = ctx.framework;
    const auto& s = l.sizes;
    const double t = in.tokens, mb = l.microbatches, layers = in.layers;
    const double b = ctx.activationBytes, d = m.dModel;
    const LayerCost& layer = in.layer;
    const double layerForward = layer.forward();
    const double layerBackward = layer.backward() + in.plan.recomputeS;
    Recorder rec{r};
    CommResult out;
    AxisGroupsCache& groupsCache = cachedAxisGroups(ctx, l.mapping);
    const std::array<AxisGroup, kMeshAxes>& groups = groupsCache.groups;

    // Tensor parallelism: per layer, an all-gather before and a reduce-scatter after each of
    // the attention and MLP blocks (one pair for a parallel block), or an all-reduce after each
    // without sequence parallelism. Backward (Megatron): the gradients' all-gathers are exposed;
    // the re-gather of the norm output overlaps the data-gradient matmul and the gradients'
    // reduce-scatter (or all-reduce) the weight-gradient matmul, unless the framework predates
    // that (asyncTpBackward). Full recomputation repeats the forward ones.
    if (s[kTp] > 1) {
        const double pairs = m.parallelBlock ? 1.0 : 2.0;
        const double bytes = t * d * b;
        const double dgrad = layer.backwardDgradS, wgrad = layer.backwardWgradS;
        double forward = 0, backward = 0, hiddenable = 0, total = 0;
        if (l.sequenceParallel) {
            const double ag = collectiveSeconds(CollectiveKind::AllGather, bytes, groups[kTp]);
            const double rs = collectiveSeconds(CollectiveKind::ReduceScatter, bytes, groups[kTp]);
            forward = pairs * (ag + rs);
            backward =
                pairs * ag + std::max(0.0, pairs * ag - dgrad) + std::max(0.0, pairs * rs - wgrad);
            hiddenable = pairs * (2 * ag + rs);
            total = forward + hiddenable;
        } else {
            const double ar = collectiveSeconds(CollectiveKind::AllReduce, bytes, groups[kTp]);
            forward = pairs * ar;
            backward = std::max(0.0, pairs * ar - wgrad);
            hiddenable = pairs * ar;
            total = 2 * pairs * ar;
        }
        // Megatron-LM before September 2021 (and Megatron-DeepSpeed) waited for each.
        if (!ctx.job->training.asyncTpBackward)
            backward = hiddenable;
        if (in.plan.everything) {
            total += forward;
            forward *= 2.0;
        }
        // Overlap hides tp behind the matmuls only inside the fast domain: Transformer Engine's
        // userbuffers work over NVLink, XLA's collective matmuls over ICI; a tp group that
        // reaches the network waits for it.
        const AxisGroup& tpGroup = groups[kTp];
        const bool fastDomain =
            std::all_of(tpGroup.levels.begin(), tpGroup.levels.begin() + tpGroup.count,
                        [](const LevelGroup& g) {
                            return g.level == Level::Torus || g.level == Level::NvLink;
                        });
        if (l.tpOverlap && fastDomain) {
            forward = std::max(0.0, forward - layer.forwardMatmulS * (in.plan.everything ? 2 : 1));
            backward = std::max(0.0, hiddenable - dgrad - wgrad);
        }
        const double exposed = layers * (forward + backward);
        out.exposedPerMicrobatchS += exposed;
        const double count = (l.sequenceParallel ? 6.0 : 4.0) * pairs / 2.0;
        rec.add(l.sequenceParallel ? CollectiveKind::AllGather : CollectiveKind::AllReduce, kTp,
                bytes * layers * mb * count, layers * total * mb, exposed * mb);
    }

    // Context parallelism (ring attention): keys and values are all-gathered forward and again
    // backward, their gradients reduce-scattered, each behind the attention core's compute.
    if (s[kCp] > 1) {
        const double kvBytes = t * s[kCp] * m.kvHeads * (m.qkHeadDim() + m.valueHeadDim()) /
                               std::min<double>(s[kTp], m.kvHeads) * b;
        const double ag = collectiveSeconds(CollectiveKind::AllGather, kvBytes, groups[kCp]);
        const double rs = collectiveSeconds(CollectiveKind::ReduceScatter, kvBytes, groups[kCp]);
        const double coreF = layer.forwardS[kOpCore], coreB = layer.backwardS[kOpCore];
        const double rerun = in.plan.recomputed[kOpCore] ? 1.0 : 0.0;
        const double perLayer =
            (1 + rerun) * std::max(0.0, ag - coreF) + std::max(0.0, ag + rs - coreB);
        out.exposedPerMicrobatchS += layers * perLayer;
        rec.add(CollectiveKind::AllGather, kCp, (3 + rerun) * kvBytes * layers * mb,
                ((2 + rerun) * ag + rs) * layers * mb, perLayer * layers * mb);
    }

    // Expert parallelism: dispatch and combine all-to-alls forward and backward, exposed; a
    // rerun MLP repeats the forward pair. Dense dispatch pads to the capacity.
    if (s[kEp] > 1 && m.isMoe()) {
        const double padding =
            ctx.job->training.moeDispatch == "dense" ? std::max(1.0, m.capacityFactor) : 1.0;
        // Each tp rank dispatches its own share of the tokens (they are sequence-sharded
        // around the MoE block); the group's total is ep times one rank's.
        const double tokensPerRank = t / (l.sequenceParallel ? s[kTp] : 1.0);
        const double bytes = tokensPerRank * m.topK * d * b * padding * s[kEp];
        const double count = in.plan.recomputed[kOpMlpIn] ? 6.0 : 4.0;
        AxisGroup epGroup = expertGroup(ctx, l, groups);
        if (ctx.job->training.moeDispatcher == "deepep")
            epGroup.dedupCopies = m.topK;
        // Only the MoE layers dispatch (the others, dense_layers or between moe_every, do not).
        const double seconds = count * layers * m.moeLayerShare() *
                               collectiveSeconds(CollectiveKind::AllToAll, bytes, epGroup);
        out.exposedPerMicrobatchS += seconds;
        rec.add(CollectiveKind::AllToAll, kEp, count * bytes * layers * m.moeLayerShare() * mb,
                seconds * mb, seconds * mb);
    }

    // Pipeline: activations forward and their gradients backward, once per virtual stage; the
    // tp ranks of a stage each send their 1/tp share (Megatron's scatter/gather). With
    // Megatron's overlap_p2p_comm (interleaved only) a chunk's send runs while the next chunk
    // computes, so only what outlasts one chunk's forward or backward is exposed.
    if (s[kPp] > 1) {
        const double bytes = t * d * b / s[kTp];
        const double v = l.virtualStages;
        const double send = collectiveSeconds(CollectiveKind::PointToPoint, bytes, groups[kPp]);
        const double chunk = layers / v;
        const double seconds = ctx.job->parallelism.ppOverlap && v > 1
                                   ? v * (std::max(0.0, send - chunk * layerForward) +
                                          std::max(0.0, send - chunk * layerBackward))
                                   : 2.0 * v * send;
        out.exposedPerMicrobatchS += seconds;
        rec.add(CollectiveKind::PointToPoint, kPp, 2.0 * v * bytes * mb, 2.0 * v * send * mb,
                seconds * mb);
    }

    // Offloaded activations go to the host during the forward pass and come back during the
    // backward pass, layer by layer, behind the compute.
    if (in.plan.offloadBytes > 0) {
        const double rate = std::max(1e-3, ctx.chip.hostGbyteS) * 1e9;
        const double transfer = in.plan.offloadBytes / rate;
        out.exposedPerMicrobatchS += pipelinedExposure(layers, transfer, layerForward) +
                                     pipelinedExposure(layers, transfer, layerBackward);
    }

    // FSDP (and ZeRO-3 over dp): each layer's weights are gathered before its forward and its
    // backward and its gradients reduce-scattered, one layer ahead of the compute; with
    // `per_step` the weights are gathered once and kept, the gradients still reduce-scattered
    // every microbatch.
    const bool zero3 = l.zeroStage >= 3 && gradientReplicas(f, s) > 1;
    const bool cpShards = fsdpOverCp(f, s);
    AxisGroup shardGroup =
        zero3 ? cachedJointGroup(groupsCache, ctx.fabric, kFsdpDpCp)
              : (cpShards ? cachedJointGroup(groupsCache, ctx.fabric, kFsdpCp) : groups[kFsdp]);
    shardGroup.flat = f.flatShardCollectives;
    const double perLayerParams = layerParameters(ctx, s);
    const double collectives = f.gatherPerTensor ? tensorsPerLayer(ctx) : 1.0;
    double shardReduceS = 0; // per layer, on the link the gradient reduction below may share
    if (shardGroup.members > 1) {
        const double gather = split(CollectiveKind::AllGather, perLayerParams * f.gatherBytes,
                                    collectives, shardGroup);
        const double reduce = split(CollectiveKind::ReduceScatter, perLayerParams * f.gradBytes,
                                    collectives, shardGroup);
        shardReduceS = reduce;
        // On TPUs the data-center network is reached through the hosts, outside the compiled
        // step's asynchronous collectives: per-layer gathers that cross it cannot be prefetched
        // and sit on the critical path (MaxText recommends data parallelism over DCN and FSDP
        // only over ICI; docs/guides sharding.md).
        const bool crossesDcn =
            !ctx.chip.isGpu() && shardGroup.count > 0 && shardGroup.levels[0].level != Level::Torus;
        const double forwardWindow = crossesDcn ? 0.0 : layerForward;
        const double backwardWindow = crossesDcn ? 0.0 : layerBackward;
        const double regather = l.fsdpPerStep ? 0.0 : regatheredShare(ctx, l);
        double perMb = 0, perStep = 0;
        if (l.fsdpPerStep) {
            // Gathered before the first microbatch's forward, reduced after the last one's
            // backward, each layer behind its neighbour's compute.
            perStep = pipelinedExposure(layers, gather, forwardWindow) +
                      pipelinedExposure(layers, reduce, backwardWindow);
        } else {
            const double backward = (1 + regather) * gather;
            const double forward = f.prefetchBucketParams > 0
                                       ? forwardGatherExposure(ctx, s, layer, layers, gather)
                                       : pipelinedExposure(layers, gather, forwardWindow);
            perMb = forward +
                    std::max(0.0, layers - 1) * std::max(0.0, backward + reduce - backwardWindow) +
                    reduce;
        }
        // On a TPU torus only part of what runs behind the compute is hidden (ici.overlap);
        // across the DCN the gathers wait whole already (windows of 0 above).
        if (shardGroup.count > 0 && shardGroup.levels[0].level == Level::Torus) {
            const double unhidden = unhiddenShare(ctx.fabric, shardGroup);
            if (l.fsdpPerStep)
                perStep += unhidden * std::max(0.0, layers * (gather + reduce) - perStep);
            else
                perMb +=
                    unhidden * std::max(0.0, layers * ((2.0 + regather) * gather + reduce) - perMb);
        }
        out.exposedPerMicrobatchS += perMb;
        out.exposedPerStepS += perStep;
        const double gathers = l.fsdpPerStep ? 1.0 : (2.0 + regather) * mb;
        const double reduces = l.fsdpPerStep ? 1.0 : mb;
        const double exposed = perStep + perMb * mb;
        // The exposed time is shared in proportion to each kind's time, never above it.
        const double gatherS = gather * layers * gathers, reduceS = reduce * layers * reduces;
        const double gatherShare = gatherS / std::max(gatherS + reduceS, 1e-30);
        rec.add(CollectiveKind::AllGather, kFsdp, perLayerParams * f.gatherBytes * layers * gathers,
                gatherS, exposed * gatherShare);
        rec.add(CollectiveKind::ReduceScatter, kFsdp,
                perLayerParams * f.gradBytes * layers * reduces, reduceS,
                exposed * (1 - gatherShare));
    }

    // Gradients over dp (ZeRO 0-2) and, for what ep replicates, over ep: an all-reduce, or a
    // reduce-scatter and, after the update, an all-gather of the weights (ZeRO-1 and 2; ZeRO-2
    // reduce-scatters every microbatch). Bucketed layer by layer behind the last microbatch's
    // backward when the framework overlaps it, else all after it.
    const double gradParams = perLayerParams / weightShards(f, s);
    const TransformerCounts& c = ctx.counts;
    const double vocabParams = (c.embeddingParams + c.outputParams) /
                               (s[kTp] * weightShards(f, s) * (s[kPp] > 1 ? 2.0 : 1.0));
    if (gradientReplicas(f, s) > 1 && !zero3) {
        const AxisGroup g = !cpShards && s[kCp] > 1
                                ? cachedJointGroup(groupsCache, ctx.fabric, kDpCp)
                                : groups[kDp];
        const double gradBytes = gradParams * f.gradBytes;
        double reduce = 0, gatherBack = 0;
        if (l.zeroStage == 0) {
            reduce = split(CollectiveKind::AllReduce, gradBytes, collectives, g);
        } else {
            reduce = split(CollectiveKind::ReduceScatter, gradBytes, collectives, g);
            gatherBack =
                split(CollectiveKind::AllGather, gradParams * f.weightBytes, collectives, g);
        }
        const double vocab = collectiveSeconds(l.zeroStage == 0 ? CollectiveKind::AllReduce
                                                                : CollectiveKind::ReduceScatter,
                                               vocabParams * f.gradBytes, g);
        // The reduction shares its compute window with FSDP's when both cross the same link.
        const bool sameLink = shardGroup.members > 1 && shardGroup.count > 0 && g.count > 0 &&
                              shardGroup.levels[0].level == g.levels[0].level;
        const double window = std::max(0.0, layerBackward - (sameLink ? shardReduceS : 0.0));
        double exposed = 0;
        if (l.zeroStage == 2 && mb > 1) {
            // ZeRO-2 reduce-scatters every microbatch's gradients.
            out.exposedPerMicrobatchS += pipelinedExposure(layers, reduce, window);
        } else if (f.gradOverlap) {
            const double pipelined = pipelinedExposure(layers, reduce, window);
            exposed += pipelined + vocab;
            exposed += unhiddenShare(ctx.fabric, g) * (layers * reduce - pipelined);
        } else {
            exposed += layers * reduce + vocab;
        }
        if (gatherBack > 0) {
            exposed += f.gradOverlap ? pipelinedExposure(layers, gatherBack, layerForward)
                                     : layers * gatherBack;
            // The next forward's first bucket holds the embedding (and, beside fp8 weights, the
            // head): it waits for that bucket's all-gather at once, in 16 bits (Megatron-Core's
            // overlap_param_gather; partition_buckets merges the non-fp8 parameters there).
            exposed += collectiveSeconds(CollectiveKind::AllGather, vocabParams * 2.0, g);
        }
        out.exposedPerStepS += exposed;
        const double passes = l.zeroStage == 2 ? mb : 1.0;
        rec.add(l.zeroStage == 0 ? CollectiveKind::AllReduce : CollectiveKind::ReduceScatter, kDp,
                gradBytes * layers * passes, (reduce * layers + vocab) * passes,
                exposed * (reduce * layers) / (reduce * layers + gatherBack * layers + 1e-30));
        if (gatherBack > 0)
            rec.add(CollectiveKind::AllGather, kDp, gradParams * f.weightBytes * layers,
                    gatherBack * layers, exposed * gatherBack / (reduce + gatherBack));
    }
    if (s[kEp] > 1) {
        // Everything but the experts is replicated over ep: attention, router, embedding, head.
        const double replicated = (layers * (c.attentionParamsPerLayer + c.denseMlpParamsPerLayer +
                                             c.routerParamsPerLayer) +
                                   c.embeddingParams + c.outputParams) /
                                  (s[kTp] * weightShards(f, s));
        const double bytes = replicated * f.gradBytes;
        const double seconds = collectiveSeconds(CollectiveKind::AllReduce, bytes, groups[kEp]);
        const double exposed = f.gradOverlap ? std::max(0.0, seconds - in.backwardS) : seconds;
        out.exposedPerStepS += exposed;
        rec.add(CollectiveKind::AllReduce, kEp, bytes, seconds, exposed);
    }
    // On GPUs a collective hidden behind compute still runs on SMs (NCCL uses one thread block
    // per channel): DeepSeek-V3 reports 20 of an H800's 132 SMs to keep NVLink and InfiniBand
    // busy (arXiv 2412.19437, section 3.2.2), so the compute it overlaps runs about 15% slower.
    // TPUs move ICI and DCN traffic with DMA engines, off the TensorCores.
    if (ctx.chip.isGpu()) {
        double hidden = 0;
        for (int i = 0; i < r.collectiveCount; ++i) {
            const CollectiveRow& row = r.collectives[static_cast<std::size_t>(i)];
            hidden += std::max(0.0, row.seconds - row.exposedSeconds);
        }
        out.exposedPerStepS += kGpuCommComputeShare * hidden;
    }
    return out;
}

} // namespace podplanner::model::perf

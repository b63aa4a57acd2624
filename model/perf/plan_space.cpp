#include "perf/plan_search.h"

#include "project/training_json.h"

#include <algorithm>

namespace podplanner::model::perf {

SearchSpace searchSpace(const JobContext& ctx, SearchDepth depth) {
    SearchSpace s;
    const bool maxText = ctx.framework.kind == Framework::MaxText;
    const Recompute own = parseRecompute(ctx.job->training.recompute);
    if (depth == SearchDepth::Quick) {
        s.recompute = {Recompute::None, Recompute::Selective, Recompute::Full};
        s.zeroStages = {0, maxText ? 1 : 3};
        s.sequenceParallelOff = false;
        s.tpOverlap = false;
        s.fsdpPerStep = false;
        s.maxVirtualStages = 2;
        s.wholeLayerChunks = false;
        s.everyMicrobatchCount = false;
    } else {
        // MaxText offers every remat policy; the GPU frameworks none, selective and full
        // recomputation, and activation offload to the host.
        if (maxText) {
            for (std::size_t i = 0; i < recomputePolicyNames().size(); ++i)
                s.recompute.push_back(static_cast<Recompute>(i));
        } else {
            s.recompute = {Recompute::None, Recompute::Selective, Recompute::Full,
                           Recompute::QkvProjOffloaded, Recompute::MinimalOffloaded};
        }
        // MaxText shards the optimizer over the data axis (ZeRO-1) or uses its fsdp axis; the
        // GPU frameworks have ZeRO 1 to 3 (Megatron's distributed optimizer and Megatron-FSDP,
        // DeepSpeed, PyTorch FSDP's hybrid modes).
        s.zeroStages = maxText ? std::vector<int>{0, 1} : std::vector<int>{0, 1, 2, 3};
    }
    if (std::find(s.recompute.begin(), s.recompute.end(), own) == s.recompute.end())
        s.recompute.push_back(own);
    s.ownVirtualStages = ctx.job->parallelism.virtualStages;
    return s;
}

} // namespace podplanner::model::perf

#pragma once
// One training step of one layout (docs/engine.md, "Step"): per-microbatch compute and the
// collectives each mesh axis needs, what of them overlaps compute, the pipeline bubble, the
// data-parallel gradient reduction and the optimizer update; memory per chip; MFU and HFU.
// Plain arithmetic on fixed-size structs, so the planner can try many layouts quickly.
#include "perf/collective_cost.h"
#include "perf/job_context.h"
#include "perf/memory_model.h"

#include <array>

namespace podplanner::model::perf {

struct Layout {
    MeshSizes sizes{1, 1, 1, 1, 1, 1};
    int microbatches = 1;
    bool sequenceParallel = true;
    int virtualStages = 1; // > 1: interleaved 1F1B
    Recompute recompute = Recompute::Selective;
    bool fsdpPerStep = false; // gather FSDP weights once per step (else every pass)
    int zeroStage = 0;        // ZeRO over dp: 1 optimizer state, 2 gradients, 3 weights
    bool tpOverlap = false;   // tp collectives overlapped with their matmuls
    MeshMapping mapping;
};

struct CollectiveRow {
    CollectiveKind kind = CollectiveKind::AllGather;
    std::uint8_t axis = 0; // mesh axis
    double bytes = 0;      // per step, per chip group (the collective's full size x count)
    double seconds = 0;    // per step
    double exposedSeconds = 0;
};

inline constexpr std::size_t kMaxCollectives = 16;

struct StepResult {
    double stepS = 0;
    double computeS = 0;       // matmuls and element-wise work of all microbatches
    double exposedCommS = 0;   // communication not hidden behind compute
    double bubbleS = 0;        // pipeline fill and drain
    double bubbleComputeS = 0; // of bubbleS: the filling stages' compute
    double optimizerS = 0;
    double evalS = 0;      // periodic evaluation's forward passes, spread over the steps
    double hostWaitS = 0;  // the GPU idle while an eager framework's host issues its kernels
    double recomputeS = 0; // of computeS: forward work rerun in the backward pass
    double mfu = 0;
    double hfu = 0;
    double tokensPerS = 0;
    MemoryBreakdown memory;
    double hbmCapacityBytes = 0;
    bool fits = false;
    std::array<CollectiveRow, kMaxCollectives> collectives{};
    int collectiveCount = 0;
};

// Why a layout cannot run at all (before timing it); nullptr when it can.
const char* layoutProblem(const JobContext& ctx, const Layout& layout);

// Tokens of one microbatch on one chip's tp group: the global batch over dp, fsdp, ep, cp and
// the microbatches.
double tokensPerMicrobatch(const JobContext& ctx, const Layout& layout);

StepResult evaluateLayout(const JobContext& ctx, const Layout& layout);

} // namespace podplanner::model::perf

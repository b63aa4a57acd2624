#include "perf/host_launch.h"

#include <algorithm>
#include <array>

namespace podplanner::model::perf {

namespace {

// Operations PyTorch issues for each part of a layer's forward pass in Megatron-Core with
// Transformer Engine (core_v0.17.0, TE 2.12; counted from the code, not profiled; docs/engine.md,
// "Host-bound layers"). The backward pass issues about two for each: the data and weight
// gradients of a matmul, autograd's node of an element-wise op.
using OpCounts = std::array<double, kLayerOps>;
// norm; Q, K, V matmul and rotary on Q and K; fused attention; output projection; bias,
// dropout and residual add with the second norm; up projection; activation; down projection
// with its bias, dropout and residual add.
constexpr OpCounts kDenseOps{1, 3, 2, 1, 2, 1, 1, 2};
// The MoE block in place of the dense MLP: router matmul, top-k and the load-balancing loss
// (~7), token counts, their all-gather and copy to the host (~13), permutation (3), the
// all-to-all and the sort of its chunks by expert (3); the grouped activation; the sort back,
// the all-to-all, unpermutation and the residual add (7). The experts' matmuls are per expert.
constexpr double kMoeInOps = 26;
constexpr double kMoeActOps = 1;
constexpr double kMoeOutOps = 7;
// tp collectives around attention and the MLP: sequence parallelism's all-gathers and
// reduce-scatters, or the all-reduces.
constexpr double kTpCollectiveOps = 4;
// Transformer Engine's grouped linear layers issue their experts' matmuls from C++, one cuBLAS
// call per local expert on Hopper (its CUTLASS grouped kernel is opt-in:
// NVTE_USE_CUTLASS_GROUPED_GEMM), without Python between them: a kernel launch each.
constexpr double kExpertLinears = 2; // up (with the gate) and down
// Megatron-Core 0.17 adds the experts' down-projection biases in Python, one expert at a time
// (TEGroupedMLP._apply_bias: t + b * p over torch.split of the tokens): a multiply and an add
// forward, and backward the two products' gradients and their reductions to the bias's and
// the probabilities' shapes. The up projection's bias is added inside TE's grouped linear
// layer. These are bare operations, not the module-sized ones host_op_us prices: each is
// charged a kernel launch, a lower bound (docs/engine.md, "Host-bound layers").
constexpr double kExpertBiasForwardOps = 2;
constexpr double kExpertBiasBackwardOps = 4;

// Times an operation is issued per microbatch: forward once, backward about twice, and again
// when the recompute policy reruns it.
double passes(bool reruns) {
    return reruns ? 4.0 : 3.0;
}

double passes(const ActivationPlan& plan, int op) {
    return passes(plan.everything || plan.recomputed[static_cast<std::size_t>(op)]);
}

bool issuesOpByOp(const JobContext& ctx) {
    return ctx.chip.isGpu() && ctx.framework.kind != Framework::MaxText &&
           !ctx.job->training.cudaGraphs;
}

// One layer's forward operations by part, and what it issues beside them per microbatch.
struct LayerIssue {
    OpCounts ops = kDenseOps;
    double launches = 0; // kernels priced at a launch each (experts' matmuls, bias loops)
};

// An MoE block in place of the dense MLP, weighted by the share of layers that have it (none
// for a dense model).
void addExperts(const ModelSpec& m, const MeshSizes& sizes, const ActivationPlan& plan,
                LayerIssue& issue) {
    const double moe = m.moeLayerShare();
    // Experts taken whole on each rank (expert tensor parallelism 1, the MoE recipes'
    // choice): a rank holds experts / (ep x tp) of them (the engine splits their width over
    // tp).
    const double local = std::max(1.0, m.experts / (static_cast<double>(sizes[kEp]) * sizes[kTp]));
    const double shared = m.sharedExperts > 0 ? 1.0 : 0.0;
    const auto mix = [moe](double dense, double routed) {
        return (1 - moe) * dense + moe * routed;
    };
    issue.ops[kOpMlpIn] = mix(kDenseOps[kOpMlpIn], kMoeInOps + shared * kDenseOps[kOpMlpIn]);
    issue.ops[kOpAct] = mix(kDenseOps[kOpAct], kMoeActOps + shared * kDenseOps[kOpAct]);
    issue.ops[kOpMlpOut] = mix(kDenseOps[kOpMlpOut], kMoeOutOps + shared * kDenseOps[kOpMlpOut]);
    issue.launches = moe * local * kExpertLinears * passes(plan, kOpMlpIn);
    if (m.expertBias) {
        const double forwards = passes(plan, kOpMlpOut) - 2.0; // once, or twice when it reruns
        issue.launches += moe * local * (kExpertBiasForwardOps * forwards + kExpertBiasBackwardOps);
    }
}

} // namespace

double hostSecondsPerLayer(const JobContext& ctx, const MeshSizes& sizes,
                           const ActivationPlan& plan) {
    if (!issuesOpByOp(ctx) || ctx.chip.hostOpUs <= 0)
        return 0.0;
    LayerIssue issue;
    addExperts(ctx.job->model, sizes, plan, issue);
    // The tp collectives rerun only under full recomputation.
    double issued = sizes[kTp] > 1 ? kTpCollectiveOps * passes(plan.everything) : 0.0;
    for (int op = 0; op < kLayerOps; ++op)
        issued += issue.ops[static_cast<std::size_t>(op)] * passes(plan, op);
    return (issued * ctx.chip.hostOpUs + issue.launches * ctx.chip.kernelOverheadUs) * 1e-6;
}

} // namespace podplanner::model::perf

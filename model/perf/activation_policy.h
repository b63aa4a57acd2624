#pragma once
// Which of a layer's tensors the backward pass finds in HBM, in host memory, or recomputes
// (docs/engine.md, "Activations"): the job's recompute policy (Megatron's none, selective and
// full; MaxText's remat policies; a custom table), resolved against the layer's dependencies so
// that a recomputed tensor whose inputs were not kept recomputes those too.
#include "perf/job_context.h"
#include "perf/layer_cost.h"

namespace podplanner::model::perf {

enum class Keep : std::uint8_t { Device, Offload, Remat };

struct ActivationPolicy {
    std::array<Keep, kLayerTensors> keep{};
    bool recomputeCore = false; // Megatron's selective recompute reruns the attention core
    // PyTorch's checkpoint reruns the whole layer, down projection included; JAX's remat
    // reruns only what the backward pass reads.
    bool wholeLayer = false;
    // A PyTorch checkpoint reruns a module's whole forward, so an MoE layer's combine reruns
    // with its experts; JAX reruns only the experts' down projections to rebuild kTMlpOut.
    bool torchCheckpoint = false;
};

// A named policy, or (Custom) the training spec's table. `torchCheckpoint`: the framework
// recomputes with PyTorch's activation checkpointing.
ActivationPolicy activationPolicy(Recompute recompute, const TrainingSpec& training,
                                  bool torchCheckpoint);

// Whether two policies keep, offload and recompute the same things; outside MoE (`moe`
// false) the down projection's output is never read backward, so its state does not count.
bool equivalentPolicies(const ActivationPolicy& a, const ActivationPolicy& b, bool moe);

struct ActivationPlan {
    double deviceBytes = 0;  // kept in HBM per layer per microbatch
    double offloadBytes = 0; // sent to host memory (and back) per layer per microbatch
    double recomputeS = 0;   // forward work rerun in the backward pass, per layer
    std::array<bool, kLayerOps> recomputed{};
    bool everything = false; // every operation reruns (full recompute)
};

ActivationPlan planActivations(const ActivationPolicy& policy, const LayerCost& layer,
                               bool parallelBlock);

} // namespace podplanner::model::perf

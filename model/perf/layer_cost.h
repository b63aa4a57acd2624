#pragma once
// One transformer layer on one chip for one microbatch (docs/engine.md, "Compute"): the time of
// each of its operations forward and backward, from the shape of every matmul and the bytes of
// every element-wise kernel, and the size of each tensor the backward pass reads. Which tensors
// are kept, offloaded or recomputed is the recompute policy's business (activation_policy.h).
#include "perf/job_context.h"
#include "perf/mesh_mapping.h"

#include <array>

namespace podplanner::model::perf {

// Operations of a layer in forward order. A parallel block (PaLM) has no Norm2: its MLP reads
// Norm1's output.
enum LayerOp : std::uint8_t {
    kOpNorm1,   // first norm (and, in a sequential block, nothing else)
    kOpQkv,     // Q, K, V projections and rotary embedding
    kOpCore,    // attention core: flash kernel, or scores, softmax, dropout and values
    kOpOutProj, // attention output projection
    kOpNorm2,   // dropout, residual add, second norm (sequential blocks)
    kOpMlpIn,   // router, dispatch and the up (and gate) projections
    kOpAct,     // the MLP activation function
    kOpMlpOut,  // down projection, combine, dropout and residual add
    kLayerOps
};

// Tensors the backward pass reads (or needs to recompute what it reads).
enum LayerTensor : std::uint8_t {
    kTLayerInput, // the layer's input (the residual stream)
    kTNorm,       // norm outputs, the second norm's input, dropout masks
    kTQkv,        // Q, K and V
    kTContext,    // the attention output (the output projection's input)
    kTScores,     // attention probabilities and their dropout mask (standard attention only)
    kTOutProj,    // the output projection's result (to recompute the second norm's input)
    kTMlpIn,      // up (and gate) projection outputs
    kTMlpAct,     // the activation's output (the down projection's input)
    kTMlpOut,     // MoE: each routed copy's down projection output (the combine weights' gradient)
    kLayerTensors
};

struct LayerCost {
    std::array<double, kLayerOps> forwardS{};
    std::array<double, kLayerOps> backwardS{};
    std::array<double, kLayerTensors> tensorBytes{}; // on this chip, per microbatch
    double forward() const;
    double backward() const;
    // Parts of the matmul time that can hide tensor-parallel collectives in the backward pass
    // (the data and weight gradient matmuls of the column-parallel projections).
    double backwardDgradS = 0;
    double backwardWgradS = 0;
    double forwardMatmulS = 0; // every projection forward (collective matmul overlap window)
    // The routed experts' down projections forward: what reruns to rebuild kTMlpOut when only
    // it is missing (the combine and the residual add after it do not rerun).
    double routedDownForwardS = 0;
};

// The layer's cost with t tokens per microbatch on this chip (before tensor parallelism).
LayerCost layerCost(const JobContext& ctx, const MeshSizes& sizes, double tokens,
                    bool sequenceParallel);

struct HeadCost {
    double forwardS = 0; // LM head matmul and the loss over the vocabulary
    double backwardS = 0;
    double logitsBytes = 0; // fp32 logits kept for the loss's backward
};

// With multi-token prediction, its blocks too, each running `layer` (the layer's cost for the
// same microbatch, which the caller has).
HeadCost headCost(const JobContext& ctx, const MeshSizes& sizes, double tokens,
                  const LayerCost& layer);

struct LayerCosts {
    LayerCost layer;
    HeadCost head;
};

// The layer's and the head's costs, from the context's cache when an earlier layout had the
// same key (valid until the next call for this context).
const LayerCosts& cachedLayerCosts(const JobContext& ctx, const MeshSizes& sizes, double tokens,
                                   bool sequenceParallel);

} // namespace podplanner::model::perf

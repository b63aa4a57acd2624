#pragma once
// What a training framework keeps per parameter and how it communicates (docs/engine.md,
// "Frameworks"). The job's training keys override each default.
#include "hardware/chip_type.h"
#include "project/job.h"

#include <array>

namespace podplanner::model::perf {

enum class Framework : std::uint8_t { MaxText, Megatron, PytorchFsdp, DeepSpeed };
const char* frameworkName(Framework f);

struct FrameworkTraits {
    Framework kind = Framework::Megatron;
    double weightBytes = 2; // the weights each chip stores, per parameter
    double masterBytes = 4; // an fp32 master copy in the optimizer state (0: none)
    double gradBytes = 4;   // gradients as accumulated and reduced
    double momentBytes = 8; // the optimizer's moments
    double gatherBytes = 2; // weights as FSDP / ZeRO-3 all-gathers move them
    // Per parameter, quantized copies of the weights kept across the step beside them
    // (Transformer Engine's fp8 weight and transpose caches).
    double weightCacheBytes = 0;
    bool gradOverlap = true; // the dp gradient reduction overlaps the backward pass
    // A gradient buffer kept across steps (Megatron's main_grad, DeepSpeed's flat buffers): it
    // is zeroed every step, and without gradient accumulation fusion a pass per microbatch
    // adds into it. PyTorch frees its gradients and JAX makes new ones.
    bool keepsGradientBuffer = false;
    // ZeRO shards each parameter's optimizer state (and with ZeRO-2 its gradient) over every
    // rank that holds a replica of it, so the non-expert parameters, replicated over ep, over
    // ep too: Megatron-Core's distributed optimizer uses the data-parallel group with cp, whose
    // ranks the expert groups are carved from, and DeepSpeed-MoE the whole data-parallel group.
    // MaxText's shard_optimizer_over_data covers the data axis only.
    bool zeroOverEp = true;
    // FSDP / ZeRO-3 gathers per layer and pass: one per weight tensor (XLA, DeepSpeed), or
    // one flat buffer per layer (PyTorch FSDP, Megatron).
    bool gatherPerTensor = false;
    // ZeRO-3's gathers and reduce-scatters run as flat rings over the whole group, so each
    // rank's share crosses its own NIC (DeepSpeed; see docs/engine.md, "Frameworks").
    bool flatShardCollectives = false;
    // > 0: ZeRO-3 gathers each submodule's weights just before it runs and prefetches a bucket
    // of this many parameters, so the weights held gathered are the largest weight tensor and
    // one bucket, not two whole layers (DeepSpeed's stage3_prefetch_bucket_size, 5e7).
    double prefetchBucketParams = 0;
    // > 0: ZeRO-3 keeps a submodule's gathered weights only when their next use comes within
    // this many parameters, else gathers them again (DeepSpeed's stage3_max_reuse_distance,
    // 1e9): under full recomputation most of a large layer is gathered three times a step.
    double reuseDistanceParams = 0;
    // When two gathered layers would not fit, the compiler's scheduler starts gathers later,
    // holding what fits, down to the layer computing and its next weight tensor (XLA's
    // latency-hiding scheduler works to a memory limit; PyTorch and DeepSpeed prefetch what
    // they are told).
    bool memoryLimitedPrefetch = false;
    // Below 16 bits the weight is quantized inside each matmul that uses it, forward and again
    // (along its other axis) for the data gradient, with no copy kept across microbatches
    // (MaxText's AQT and qwix); Transformer Engine caches its quantized weights for the step.
    bool quantizesWeightsPerUse = false;
    // XLA on GPUs below 16 bits: the scaling and conversion fuse into the producers and the
    // cuBLASLt fp8 call, so no cast runs as a pass of its own, and XLA's CollectiveQuantizer
    // converts each weight before its FSDP all-gather, which then moves the matmul's type
    // (the data gradient still transposes the gathered fp8 weight: addCasts).
    bool fusesQuantization = false;
    bool torchCheckpoint = true; // recomputation reruns whole layers (PyTorch checkpoint)
    bool flash2 = false;         // FlashAttention-2 (PyTorch SDPA, or `attention: flash2`)
    double logitsBytes = 4;      // the logits kept for the loss (fp32 in Megatron's loss)
    // Below 16 bits, each linear layer keeps its input for the weight gradient in the matmul's
    // precision, the copy it already cast (Transformer Engine), not the 16-bit activation.
    bool savesQuantizedInputs = false;
    // PyTorch without torch.compile: norms, rotary and the gated activation run op by op,
    // each a kernel reading and writing HBM (docs/engine.md, "Eager element-wise work").
    bool eagerElementwise = false;
    // How a GPU framework lays its mesh on ranks, innermost (consecutive ranks, NVLink) first:
    // on GPU clusters the framework, not a search, decides which axis crosses which link.
    std::array<std::uint8_t, 6> rankOrder{};
    // MoE parallel folding (Megatron-Core): the expert layers lay their own groups on the ranks,
    // in this order, so that the expert all-to-all need not follow where cp sits in rankOrder.
    // Empty (all zero, foldsExperts false): the experts use rankOrder too.
    bool foldsExperts = false;
    std::array<std::uint8_t, 6> expertRankOrder{};
};

FrameworkTraits frameworkTraits(const Job& job, const ChipType& chip);

// Bytes of one matmul operand element at a training precision.
double matmulOperandBytes(const std::string& precision);

} // namespace podplanner::model::perf

#pragma once
// Time of one kernel on one chip (docs/engine.md, "Kernels"): a matmul from its shape, a fused
// attention kernel, and memory-bound element-wise work. These are the only places where the
// chip's per-kernel constants (plateau efficiencies, tile, unit count, per-tile and per-kernel
// overheads) enter the engine.
#include "hardware/chip_type.h"

#include <string>

namespace podplanner::model::perf {

// The blocks a fused attention kernel computes whole: queries by keys.
struct AttentionBlocks {
    double queries = 128;
    double keys = 128;
};

struct KernelModel {
    double peakFlops = 0;        // at the job's precision, FLOP/s
    double matmulEfficiency = 1; // plateau of large matmuls
    double tileM = 128;          // output tile of one matmul unit (GPU: thread block)
    double tileN = 128;
    bool gpuTiles = false; // GPU libraries also pick a tile twice as wide
    double units = 1;      // SMs (GPU) or matrix units (TPU) working in parallel
    double devices = 1;    // devices the chip presents, each running its own kernels
    double kOverhead = 0;  // per-tile fixed work, in elements of K
    double kPad = 1;       // K is padded to a multiple of this
    double attentionEfficiency = 1;
    AttentionBlocks attentionForward;  // the blocks the fused kernels skip or compute whole
    AttentionBlocks attentionBackward; // (splash attention's sa_block_q/kv, _dkv and _dq on TPUs)
    AttentionBlocks attentionBackwardDq;
    // The backward is one kernel (FlashAttention-2/3, cuDNN, fused splash); false: splash's
    // dK/dV kernel and a dQ kernel, each recomputing the scores and their gradient.
    bool attentionFusedBackward = true;
    double attentionPeakFlops = 0; // the attention kernels stay in 16 bits under fp8 or int8
    double hbmBytesPerS = 0;       // achievable streaming bandwidth (after hbm_efficiency)
    double kernelOverheadS = 0;    // fixed cost of launching one kernel (or one XLA fusion)
    double gridStepS = 0;          // fixed cost of one Pallas grid step on one TensorCore (TPU)
    double coresPerDevice = 1;     // a megacore's TensorCores share a kernel's parallel axis
};

// fp8, int8 and fp4: the precisions whose matmuls run below 16 bits while attention, the LM
// head and the element-wise work stay at 16 (docs/engine.md, "Kernels").
bool belowSixteenBits(const std::string& precision);

KernelModel makeKernelModel(const ChipType& chip, const std::string& precision, double peakFlops,
                            bool flash2);

// One matmul (or `batch` independent ones in one kernel): an m x k by k x n product. Operand
// bytes per element `inBytes`, output `outBytes`.
double matmulSeconds(const KernelModel& km, double m, double n, double k, double inBytes,
                     double outBytes, double batch = 1);

// Fused (flash) attention forward for `heads` heads of `queries` queries attending to `keys`
// keys of head dimension `headDim`; causal masking visits only the blocks on or below the
// diagonal, a sliding `window` (> 0) only the blocks it reaches. The backward kernel is timed
// by flashAttentionBackwardSeconds.
double flashAttentionSeconds(const KernelModel& km, double heads, double queries, double keys,
                             double headDim, bool causal, double bytesPerElement,
                             double window = 0);
double flashAttentionBackwardSeconds(const KernelModel& km, double heads, double queries,
                                     double keys, double headDim, bool causal,
                                     double bytesPerElement, double window = 0);

// Element-wise work that streams `bytes` through HBM in `kernels` kernels.
double memoryBoundSeconds(const KernelModel& km, double bytes, double kernels = 1);

} // namespace podplanner::model::perf

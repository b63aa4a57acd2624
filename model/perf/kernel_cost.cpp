#include "perf/kernel_cost.h"

#include <algorithm>
#include <cmath>

namespace podplanner::model::perf {

namespace {

double ceilDiv(double a, double b) {
    return std::ceil(a / b);
}

// Flash attention's softmax, rescaling and masking run on the vector units, not the matrix
// units: about 5 operations per score at ~1/16 of the matrix rate, against 4 Q matrix FLOPs
// per score forward (Dao 2023, FlashAttention-2, section 3.1). So a head of dimension Q loses
// Q0/(Q + Q0) to them, Q0 = 5 x 16 / 4 = 20.
constexpr double kAttentionNonMatmulQ = 20.0;
// The backward kernel runs five products to the forward's two and reaches a lower share of
// peak: FlashAttention-2 reports up to 73% of A100 peak forward and about 63% backward (Dao
// 2023, figures 4-7), a ratio of 0.85 taken for every chip.
constexpr double kAttentionBackwardEfficiencyRatio = 0.85;
// The work of the fused kernel is scheduled in items of 128 queries (FlashAttention-2 uses
// 128 x 64 to 128 x 128), which run in waves over the units.
constexpr double kAttentionBlock = 128.0;
// Causal masks and sliding windows save whole blocks only: a block the mask cuts is computed
// whole. GPU kernels skip at 128 x 128 (FlashAttention-2 and -3, cuDNN); MaxText's splash
// attention on TPUs at its sa_block_q x sa_block_kv, 512 x 512 by default (base.yml), the job's
// training.splash_blocks when set.
constexpr double kGpuMaskBlock = 128.0;
constexpr double kTpuMaskBlock = 512.0;

// The key blocks query block i (of bq queries) meets, causal, in blocks of bk keys: from its
// window's first key (or the first, with no window) to its own last.
double keyBlocksOfQueryBlock(double i, double keys, double bq, double bk, double window) {
    const double last = ceilDiv(std::min(keys, (i + 1) * bq), bk);
    const double first = window > 0 ? std::floor(std::max(0.0, i * bq - window + 1) / bk) : 0;
    return last - first;
}

// The share of the queries x keys square a fused kernel computes, in blocks of bq queries by bk
// keys, causal and within a sliding `window` (> 0).
double computedShare(double queries, double keys, double bq, double bk, bool causal,
                     double window) {
    if (!causal)
        return 1;
    const double nq = ceilDiv(queries, bq);
    const double nk = ceilDiv(keys, bk);
    const bool windowed = window > 0 && window < keys;
    // With as many query as key blocks, those up to the diagonal; with fewer queries than keys
    // (context parallelism) the chip's query chunks see on average half of the keys, the
    // blocks on the diagonal whole.
    const double causalBlocks = nq * nk * 0.5 + nq * 0.5;
    if (queries < keys) {
        // A window reaches w + 1 key blocks.
        const double blocks =
            windowed ? std::min(causalBlocks, nq * (ceilDiv(window, bk) + 1)) : causalBlocks;
        return blocks / (nq * nk);
    }
    if (bq == bk) {
        if (!windowed)
            return causalBlocks / (nq * nk);
        // Each query block visits the w blocks its window reaches and the partial one at its
        // far edge, fewer near the start of the sequence.
        const double w = ceilDiv(window, bk);
        const double ramp = std::min(nq, w + 1);
        return (ramp * (ramp + 1) * 0.5 + (nq - ramp) * (w + 1)) / (nq * nk);
    }
    // Unequal blocks: each query block's own.
    double blocks = 0;
    for (double i = 0; i < nq; ++i)
        blocks += keyBlocksOfQueryBlock(i, keys, bq, bk, windowed ? window : 0);
    return blocks / (nq * nk);
}

// The most blocks of the inner axis one block of the outer axis meets under a sliding window
// of `window` tokens: a query block [i bq, (i + 1) bq) sees keys from i bq - window + 1 to its
// last; a key block [j bk, (j + 1) bk) is seen by queries up to its last + window - 1.
double windowWidth(double queries, double keys, AttentionBlocks blocks, double window,
                   bool keyMajor) {
    const double bq = blocks.queries, bk = blocks.keys;
    double widest = 0;
    if (!keyMajor) {
        for (double i = 0; i < ceilDiv(queries, bq); ++i)
            widest = std::max(widest, keyBlocksOfQueryBlock(i, keys, bq, bk, window));
    } else {
        for (double j = 0; j < ceilDiv(keys, bk); ++j)
            widest =
                std::max(widest, std::floor(std::min(queries - 1, (j + 1) * bk - 2 + window) / bq) -
                                     std::floor(j * bk / bq) + 1);
    }
    return widest;
}

// Splash attention's grid on TPUs for one head: one step per block pair, masked or not (a step
// the mask leaves empty skips its work, not its step). The forward and dQ kernels walk the key
// blocks of each query block (splash_attention_kernel.py: grid = (heads, q_seq_len // bq,
// grid_width)), the dK/dV kernel the query blocks of each key block; a sliding window shrinks
// that inner axis to the most blocks one outer block meets (grid_width = data_next.shape[-1]).
double splashStepsPerHead(AttentionBlocks blocks, double queries, double keys, bool causal,
                          double window, bool keyMajor) {
    const double nq = ceilDiv(queries, blocks.queries);
    const double nk = ceilDiv(keys, blocks.keys);
    if (!(causal && window > 0 && window < keys))
        return nq * nk;
    if (queries < keys) // a context-parallel chunk: its place in the sequence is not known
        return keyMajor ? nk * std::min(nq, ceilDiv(window, blocks.queries) + 1)
                        : nq * std::min(nk, ceilDiv(blocks.queries + window - 1, blocks.keys) + 1);
    return keyMajor ? nk * windowWidth(queries, keys, blocks, window, true)
                    : nq * windowWidth(queries, keys, blocks, window, false);
}

// Which of splash attention's kernels: the forward, the fused backward, or the unfused
// backward's dK/dV and dQ kernels.
enum class SplashKernel { Forward, FusedBackward, DkDv, Dq };

// The grid steps' fixed cost on the chip, for `heads` heads (x sequences) of the chip: its
// devices run their own grids at once, and a megacore splits the heads over its TensorCores
// (the forward kernel's head axis is "parallel"; MaxText vmaps the kernels over the batch,
// which Pallas lowers to a leading parallel axis for the backward kernels too).
double splashStepsSeconds(const KernelModel& km, double heads, double stepsPerHead) {
    const double perCore = std::ceil(heads / (km.devices * km.coresPerDevice) - 1e-9);
    return std::max(1.0, perCore) * stepsPerHead * km.gridStepS;
}

double flashSeconds(const KernelModel& km, AttentionBlocks blocks, SplashKernel kernel,
                    double heads, double queries, double keys, double headDim, bool causal,
                    double window, double bytes, double productsPerScore, double efficiency) {
    if (heads <= 0 || queries <= 0 || keys <= 0)
        return 0;
    const double visits = ceilDiv(queries, kAttentionBlock) * ceilDiv(keys, kAttentionBlock) *
                          computedShare(queries, keys, blocks.queries, blocks.keys, causal, window);
    const double items = heads * ceilDiv(queries, kAttentionBlock);
    // Work items (one head's query block each) run in waves over the units.
    const double waves = ceilDiv(items, km.units);
    const double perItem = visits / ceilDiv(queries, kAttentionBlock);
    const double flopsPerVisit = productsPerScore * kAttentionBlock * kAttentionBlock * headDim;
    const double rate =
        km.attentionPeakFlops / km.units * efficiency * headDim / (headDim + kAttentionNonMatmulQ);
    const double computeS = waves * perItem * flopsPerVisit / rate;
    const double memoryS = heads * bytes * headDim * (2.0 * queries + 2.0 * keys) / km.hbmBytesPerS;
    const bool keyMajor = kernel == SplashKernel::FusedBackward || kernel == SplashKernel::DkDv;
    return std::max(computeS, memoryS) + km.kernelOverheadS +
           splashStepsSeconds(km, heads,
                              splashStepsPerHead(blocks, queries, keys, causal, window, keyMajor));
}

} // namespace

bool belowSixteenBits(const std::string& precision) {
    return precision == "fp8" || precision == "int8" || precision == "fp4";
}

KernelModel makeKernelModel(const ChipType& chip, const std::string& precision, double peakFlops,
                            bool flash2) {
    KernelModel km;
    km.peakFlops = peakFlops;
    km.matmulEfficiency = chip.matmulEfficiencyAt(precision);
    km.tileM = chip.matmulTile;
    km.tileN = chip.matmulTile;
    km.gpuTiles = chip.isGpu();
    km.units = std::max(1, chip.matmulUnits);
    km.devices = std::max(1, chip.devicesPerChip);
    km.kOverhead = chip.matmulKOverhead;
    // The MXU consumes K in whole tiles; GPU tensor-core kernels in steps of 32.
    km.kPad = chip.isGpu() ? 32.0 : chip.matmulTile;
    km.attentionEfficiency = flash2 ? chip.flash2Efficiency : chip.attentionEfficiency;
    const double mask = chip.isGpu() ? kGpuMaskBlock : kTpuMaskBlock;
    km.attentionForward = km.attentionBackward = km.attentionBackwardDq = {mask, mask};
    km.attentionPeakFlops = belowSixteenBits(precision) && chip.peakTflops.count("bf16")
                                ? chip.peakFlops("bf16")
                                : peakFlops;
    km.hbmBytesPerS = chip.hbmGbyteS * 1e9 * chip.hbmEfficiency;
    km.kernelOverheadS = chip.kernelOverheadUs * 1e-6;
    km.gridStepS = chip.gridStepUs * 1e-6;
    km.coresPerDevice = std::max(1, chip.coresPerDevice);
    return km;
}

double matmulSeconds(const KernelModel& km, double m, double n, double k, double inBytes,
                     double outBytes, double batch) {
    if (m <= 0 || n <= 0 || k <= 0 || batch <= 0)
        return 0;
    const double kPadded = ceilDiv(k, km.kPad) * km.kPad;
    const double unitRate = km.peakFlops / km.units * km.matmulEfficiency;
    double best = -1;
    // Output tiles the library may choose: the unit's own, and on GPUs one twice as wide.
    const double tiles[3][2] = {
        {km.tileM, km.tileN}, {km.tileM, 2 * km.tileN}, {2 * km.tileM, km.tileN}};
    const int options = km.gpuTiles ? 3 : 1;
    for (int o = 0; o < options; ++o) {
        const double tm = tiles[o][0], tn = tiles[o][1];
        const double count = batch * ceilDiv(m, tm) * ceilDiv(n, tn);
        // Too few tiles to fill the units: split K across them (split-K), and add the partial
        // sums up afterwards.
        double split = 1;
        if (count < km.units)
            split = std::max(
                1.0, std::min(std::floor(km.units / count), std::floor(kPadded / (4 * km.tileM))));
        const double waves = ceilDiv(count * split, km.units);
        double seconds = waves * 2.0 * tm * tn * (kPadded / split + km.kOverhead) / unitRate;
        if (split > 1)
            seconds += batch * m * n * 4.0 * 2.0 * split / km.hbmBytesPerS;
        if (best < 0 || seconds < best)
            best = seconds;
    }
    const double bytes = batch * ((m * k + k * n) * inBytes + m * n * outBytes);
    return std::max(best, bytes / km.hbmBytesPerS) + km.kernelOverheadS;
}

double flashAttentionSeconds(const KernelModel& km, double heads, double queries, double keys,
                             double headDim, bool causal, double bytesPerElement, double window) {
    // Forward: scores (Q K^T) and values (P V), 2 products of 2 FLOPs per multiply-add.
    return flashSeconds(km, km.attentionForward, SplashKernel::Forward, heads, queries, keys,
                        headDim, causal, window, bytesPerElement, 4.0, km.attentionEfficiency);
}

double flashAttentionBackwardSeconds(const KernelModel& km, double heads, double queries,
                                     double keys, double headDim, bool causal,
                                     double bytesPerElement, double window) {
    // Backward: the scores again, dV, dP, dQ and dK: 5 products. Reads Q, K, V, O, dO; writes
    // dQ, dK, dV: about twice the forward's bytes (four tensors of Q's and K's sizes).
    const double efficiency = km.attentionEfficiency * kAttentionBackwardEfficiencyRatio;
    if (km.attentionFusedBackward)
        return flashSeconds(km, km.attentionBackward, SplashKernel::FusedBackward, heads, queries,
                            keys, headDim, causal, window, 2.0 * bytesPerElement, 10.0, efficiency);
    // Two kernels (splash_attention_kernel.py, _flash_attention_dkv_kernel and
    // _flash_attention_dq_kernel), each recomputing the scores and dP: dK/dV runs 4 products
    // (Q K^T, dO V^T, P^T dO, dS^T Q) over its blocks, reading Q, dO, K, V and writing dK, dV
    // (1.5 x the forward's bytes); dQ 3 (Q K^T, dO V^T, dS K) over its own, reading Q, dO, K,
    // V and writing dQ (1.25 x).
    return flashSeconds(km, km.attentionBackward, SplashKernel::DkDv, heads, queries, keys, headDim,
                        causal, window, 1.5 * bytesPerElement, 8.0, efficiency) +
           flashSeconds(km, km.attentionBackwardDq, SplashKernel::Dq, heads, queries, keys, headDim,
                        causal, window, 1.25 * bytesPerElement, 6.0, efficiency);
}

double memoryBoundSeconds(const KernelModel& km, double bytes, double kernels) {
    if (bytes <= 0)
        return 0;
    return bytes / km.hbmBytesPerS + kernels * km.kernelOverheadS;
}

} // namespace podplanner::model::perf

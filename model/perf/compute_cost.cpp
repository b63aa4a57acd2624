#include "perf/compute_cost.h"

#include <algorithm>
#include <cmath>

namespace podplanner::model::perf {

namespace {

double padded(double v, double tile) {
    return std::ceil(v / tile) * tile;
}

} // namespace

// Flash-attention style core (per head): QK^T and softmax(.)V fused in on-chip memory, so the
// t x T scores never reach HBM; only Q, K, V are read and O written.
double attentionSeconds(const JobContext& ctx, double t, double headDim, double keys) {
    const double tile = ctx.chip.matmulTile;
    const double tileEfficiency =
        (t * headDim * keys) / (padded(t, tile) * padded(headDim, tile) * padded(keys, tile));
    const double flops = 4.0 * t * headDim * keys;
    const double computeS = flops / (ctx.peakFlops * ctx.chip.attentionEfficiency * tileEfficiency);
    const double bytes = ctx.activationBytes * headDim * (2.0 * t + 2.0 * keys);
    return std::max(computeS, bytes / ctx.hbmBytesPerS);
}

double matmulSeconds(const JobContext& ctx, double m, double k, double n) {
    if (m <= 0 || k <= 0 || n <= 0)
        return 0;
    const double tile = ctx.chip.matmulTile;
    // The matmul unit works on whole tiles: a 100-wide dimension costs as much as a 128-wide.
    const double tileEfficiency =
        (m * k * n) / (padded(m, tile) * padded(k, tile) * padded(n, tile));
    const double flops = 2.0 * m * k * n;
    const double computeS = flops / (ctx.peakFlops * ctx.chip.matmulEfficiency * tileEfficiency);
    const double bytes = ctx.matmulBytes * (m * k + k * n) + ctx.activationBytes * m * n;
    const double memoryS = bytes / ctx.hbmBytesPerS;
    return std::max(computeS, memoryS);
}

ComputeTimes computeTimes(const JobContext& ctx, const MeshSizes& sizes,
                          double tokensPerMicrobatch) {
    const ModelSpec& model = ctx.job->model;
    const double t = tokensPerMicrobatch;
    const double tp = sizes[kTp];
    const double ep = sizes[kEp];
    const double d = model.dModel;
    const double hd = model.headDim;
    const double qHeads = model.heads / tp;
    const double kvHeads = std::max(1.0, model.kvHeads / tp);
    const double swiglu = model.ffnKind == "swiglu" ? 2.0 : 1.0; // gate and up are one matmul

    ComputeTimes c;
    double forward = 0;
    forward += matmulSeconds(ctx, t, d, (qHeads + 2 * kvHeads) * hd); // Q, K, V
    forward += matmulSeconds(ctx, t, qHeads * hd, d);                 // output projection
    double mlpWidth = 0;                                              // per token, this chip
    if (model.isMoe()) {
        const double localExperts = std::max(1.0, model.experts / ep);
        // Tokens are spread evenly over the experts (a balanced router).
        const double tokensPerExpert = t * model.topK * ep / model.experts;
        const double ffn = model.expertFfn / tp;
        forward += matmulSeconds(ctx, t, d, model.experts); // router
        forward += localExperts * (matmulSeconds(ctx, tokensPerExpert, d, swiglu * ffn) +
                                   matmulSeconds(ctx, tokensPerExpert, ffn, d));
        mlpWidth = model.topK * ffn;
    } else {
        const double ffn = model.ffn / tp;
        forward += matmulSeconds(ctx, t, d, swiglu * ffn) + matmulSeconds(ctx, t, ffn, d);
        mlpWidth = ffn;
    }
    // Attention core (flash-attention style, fused softmax): causal masking skips half of
    // the score and value products. Each token attends to seq_len keys of its sequence.
    const double seq = model.seqLen;
    c.attentionCoreForwardS = qHeads * 0.5 * attentionSeconds(ctx, t, hd, seq);
    forward += c.attentionCoreForwardS;
    // Memory-bound element-wise work per token: two norms and two residual adds (~10 d),
    // the MLP activation (3 x width: read gate and up, write), rotary on Q and K.
    // Sequence parallelism splits the width-d work over tp; GELU reads and writes its input
    // once (2 w), SwiGLU reads gate and up and writes one (3 w).
    const double dShare = sizes[kTp] > 1 && ctx.job->parallelism.sequenceParallel ? tp : 1.0;
    const double activationTraffic = (swiglu > 1 ? 3.0 : 2.0) * mlpWidth;
    c.mlpActivationForwardS = ctx.activationBytes * t * activationTraffic / ctx.hbmBytesPerS;
    const double elementwiseBytes =
        ctx.activationBytes * t *
        (10.0 * d / dShare + activationTraffic + 2.0 * (qHeads + kvHeads) * hd);
    forward += elementwiseBytes / ctx.hbmBytesPerS;
    c.layerForwardS = forward;
    // Backward: two matmuls (activation and weight gradient) per forward matmul, and twice the
    // element-wise traffic.
    // The flash-attention backward recomputes the scores: five products against the forward's
    // two, so 2.5 times its forward time.
    c.layerBackwardS = 2.0 * (forward - c.attentionCoreForwardS) + 2.5 * c.attentionCoreForwardS;

    const double vocab = model.vocab / tp;
    c.headForwardS = matmulSeconds(ctx, t, d, vocab) + 4.0 * t * vocab * 2 / ctx.hbmBytesPerS;
    c.headBackwardS = 2.0 * c.headForwardS;
    return c;
}

} // namespace podplanner::model::perf

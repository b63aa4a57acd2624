#include "perf/layer_cost.h"

#include "perf/elementwise_cost.h"
#include "perf/grouped_matmul.h"
#include "perf/kernel_cost.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace podplanner::model::perf {

double LayerCost::forward() const {
    double s = 0;
    for (double v : forwardS)
        s += v;
    return s;
}

double LayerCost::backward() const {
    double s = 0;
    for (double v : backwardS)
        s += v;
    return s;
}

namespace {

// One linear layer Y = X W with X of m x k: forward, and the data (dX) and weight (dW)
// gradients of the backward pass, each a matmul of its own shape.
struct Linear {
    double forward = 0;
    double dgrad = 0;
    double wgrad = 0;
};

// Operands of `in` bytes, outputs of `out` bytes; no casts.
Linear linearAt(const KernelModel& km, double in, double out, double m, double n, double k,
                double batch = 1) {
    Linear l;
    l.forward = matmulSeconds(km, m, n, k, in, out, batch);
    l.dgrad = matmulSeconds(km, m, k, n, in, out, batch);
    // The weight gradient is accumulated in fp32.
    l.wgrad = matmulSeconds(km, k, n, m, in, 4.0, batch);
    return l;
}

// Below 16-bit, the inputs are cast (and scaled) before each matmul, forward and backward,
// as passes of their own, unless the compiler fuses them (FrameworkTraits::fusesQuantization)
// and only the data gradient's weight transpose is left.
void addCasts(const KernelModel& km, const JobContext& ctx, double m, double n, double k,
              double batch, Linear& l) {
    if (ctx.matmulBytes >= ctx.activationBytes)
        return;
    if (ctx.framework.fusesQuantization) {
        // Hopper's fp8 GEMMs take both operands K-major, so the data gradient's weight is
        // transposed once it is gathered (quantized before the gather, it has no producer
        // to fuse the transpose into): one read and one write of it at 8 bits.
        l.dgrad += memoryBoundSeconds(km, batch * k * n * 2.0 * ctx.matmulBytes);
        return;
    }
    const double cast = batch * m * k * (ctx.activationBytes + ctx.matmulBytes);
    l.forward += memoryBoundSeconds(km, cast);
    l.dgrad += memoryBoundSeconds(km, batch * m * n * (ctx.activationBytes + ctx.matmulBytes));
    if (ctx.framework.quantizesWeightsPerUse) {
        // Read as gathered, written quantized: one pass, like the inputs' casts.
        const double weight = batch * k * n * (ctx.framework.gatherBytes + ctx.matmulBytes);
        l.forward += memoryBoundSeconds(km, weight);
        l.dgrad += memoryBoundSeconds(km, weight);
    }
}

Linear linear(const KernelModel& km, const JobContext& ctx, double m, double n, double k,
              double batch = 1) {
    Linear l = linearAt(km, ctx.matmulBytes, ctx.activationBytes, m, n, k, batch);
    addCasts(km, ctx, m, n, k, batch, l);
    return l;
}

// MaxText's experts on TPUs: the Pallas grouped matmul over `rows` sorted tokens in `groups`
// experts (the chip's), each pass in its own tile (training.gmm_tiles); an up projection with
// a gate runs as two such matmuls, as MaxText's wi_0 and wi_1. A chip's devices (Ironwood's two
// TensorCores) lie on MaxText's innermost tensor, context, fsdp or data axis (docs/interop.md):
// on the tensor axis each has every row and its share of the experts' width, otherwise its
// share of the rows and every expert.
struct ExpertLinears {
    Linear up;
    Linear down;
};

ExpertLinears pallasExperts(const KernelModel& km, const JobContext& ctx, double rows,
                            double groups, double ffn, double d, double gate, bool widthSplit) {
    const auto& tiles = ctx.job->training.gmmTiles;
    const double deviceRows = widthSplit ? rows : rows / km.devices;
    const double deviceFfn = widthSplit ? ffn / km.devices : ffn;
    ExpertLinears e;
    for (int pass = 0; pass < kGmmPasses; ++pass) {
        // MaxText's (batch_seq, embed, mlp) as the kernel's (rows, contraction, output).
        const GmmTile& t = tiles[pass];
        const bool embedK = gmmContractsEmbed(pass);
        const GmmTileShape tile{static_cast<double>(t.batchSeq),
                                static_cast<double>(embedK ? t.embed : t.mlp),
                                static_cast<double>(embedK ? t.mlp : t.embed)};
        const double k = embedK ? d : deviceFfn;
        const double n = embedK ? deviceFfn : d;
        const bool weightGradient = pass == kWiDrhs || pass == kWoDrhs;
        const double seconds =
            (weightGradient ? groupedWeightGradSeconds : groupedMatmulSeconds)(
                km, deviceRows, groups, k, n, tile, ctx.matmulBytes, ctx.activationBytes) *
            (pass < kWoFwd ? gate : 1.0);
        Linear& l = pass < kWoFwd ? e.up : e.down;
        (pass % 3 == 0 ? l.forward : pass % 3 == 1 ? l.dgrad : l.wgrad) = seconds;
    }
    addCasts(km, ctx, rows / groups, gate * ffn, d, groups, e.up);
    addCasts(km, ctx, rows / groups, d, ffn, groups, e.down);
    return e;
}

Linear operator+(const Linear& a, const Linear& b) {
    return {a.forward + b.forward, a.dgrad + b.dgrad, a.wgrad + b.wgrad};
}

// The projections into Q, K and V, and the width per token of what their backward reads.
struct QkvProjection {
    Linear linear;
    double savedWidth = 0;
};

struct Shapes {
    double t = 0;      // tokens of the microbatch on this chip's tp group
    double tShard = 0; // tokens per chip for width-d element-wise work (sequence parallelism)
    double d = 0;
    double qHeads = 0;  // query heads on this chip
    double kvHeads = 0; // key/value heads on this chip (replicated when tp exceeds them)
    double headDim = 0;
    double sequences = 0; // sequences (or context-parallel chunks of them) in the microbatch
    double queries = 0;   // queries per sequence on this chip
    double keys = 0;      // keys each query attends over
};

void attentionCore(const KernelModel& km, const JobContext& ctx, const Shapes& s, LayerCost& c) {
    const double b = ctx.activationBytes;
    const TrainingSpec& training = ctx.job->training;
    const double heads = s.qHeads * s.sequences;
    if (training.attention != "standard") {
        // Local layers visit their window's blocks, global layers the whole causal triangle
        // (or the square, not causal); one layer's cost is their average over the layers.
        const ModelSpec& m = ctx.job->model;
        const double global = m.globalLayerShare();
        const auto core = [&](double window) {
            return std::pair{
                flashAttentionSeconds(km, heads, s.queries, s.keys, s.headDim, m.causal, b, window),
                flashAttentionBackwardSeconds(km, heads, s.queries, s.keys, s.headDim, m.causal, b,
                                              window)};
        };
        const auto [globalForward, globalBackward] = core(0);
        const auto [localForward, localBackward] =
            global < 1 ? core(m.slidingWindow) : std::pair{0.0, 0.0};
        c.forwardS[kOpCore] = global * globalForward + (1 - global) * localForward;
        c.backwardS[kOpCore] = global * globalBackward + (1 - global) * localBackward;
        return;
    }
    // The scores in HBM (Megatron before flash attention): Q K^T, a fused scale-mask-softmax,
    // dropout, then P V; the whole square is computed (causal masking saves nothing).
    const double scores = heads * s.queries * s.keys;
    const double dropout = training.dropout ? 1.0 : 0.0;
    const double qk = matmulSeconds(km, s.queries, s.keys, s.headDim, b, b, heads);
    const double pv = matmulSeconds(km, s.queries, s.headDim, s.keys, b, b, heads);
    const double softmax = memoryBoundSeconds(km, scores * 2 * b);
    const double drop = dropout * memoryBoundSeconds(km, scores * (2 * b + 1));
    c.forwardS[kOpCore] = qk + pv + softmax + drop;
    // Backward: two matmuls per product, the softmax gradient (read P and dP, write dS), the
    // dropout gradient (read the mask and the gradient, write it).
    const double qkBack = matmulSeconds(km, s.queries, s.headDim, s.keys, b, b, heads) +
                          matmulSeconds(km, s.keys, s.headDim, s.queries, b, b, heads);
    const double pvBack = matmulSeconds(km, s.queries, s.keys, s.headDim, b, b, heads) +
                          matmulSeconds(km, s.keys, s.headDim, s.queries, b, b, heads);
    c.backwardS[kOpCore] = qkBack + pvBack + memoryBoundSeconds(km, scores * 3 * b) +
                           dropout * memoryBoundSeconds(km, scores * (2 * b + 1));
    c.tensorBytes[kTScores] = scores * (b + dropout * (1 + b));
}

QkvProjection qkvProjection(const KernelModel& km, const JobContext& ctx, const Shapes& s) {
    const ModelSpec& m = ctx.job->model;
    if (!m.isMla()) {
        const double width = (s.qHeads + 2 * s.kvHeads) * s.headDim;
        return {linear(km, ctx, s.t, width, s.d), width};
    }
    // Latent attention: the down projections are whole on every tp rank (Megatron builds
    // them duplicated), the up projections split by heads; the backward reads the latents
    // and Q, K and V.
    const double qk = m.qkHeadDim();
    const double keyValue = m.headDim + m.valueHeadDim();
    const double kvLatent = m.kvLoraRank + m.ropeHeadDim;
    QkvProjection p;
    p.linear = linear(km, ctx, s.t, kvLatent, s.d) +
               linear(km, ctx, s.t, s.qHeads * keyValue, m.kvLoraRank);
    if (m.qLoraRank > 0)
        p.linear = p.linear + linear(km, ctx, s.t, m.qLoraRank, s.d) +
                   linear(km, ctx, s.t, s.qHeads * qk, m.qLoraRank);
    else
        p.linear = p.linear + linear(km, ctx, s.t, s.qHeads * qk, s.d);
    p.savedWidth = m.qLoraRank + kvLatent + s.qHeads * (2 * qk + m.valueHeadDim());
    return p;
}

// What a dense MLP or an MoE block adds to the layer, weighted by the share of the model's
// layers that have it.
struct MlpPart {
    LayerCost& c;
    double weight = 1;
    double width = 0; // activation elements on this chip per microbatch (all experts)

    void forward(int op, double seconds) const { c.forwardS[op] += weight * seconds; }
    void backward(int op, double seconds) const { c.backwardS[op] += weight * seconds; }
    // A linear layer's times; `gradSplit`: its data and weight gradients counted apart (the
    // up projection, whose gradients the tp overlap model times).
    void linear(int op, const Linear& l, bool gradSplit) {
        forward(op, l.forward);
        backward(op, l.dgrad + l.wgrad);
        c.forwardMatmulS += weight * l.forward;
        if (gradSplit) {
            c.backwardDgradS += weight * l.dgrad;
            c.backwardWgradS += weight * l.wgrad;
        }
    }
};

void denseMlp(const KernelModel& km, const JobContext& ctx, const Shapes& s, double tp, double ffn,
              MlpPart& part) {
    const double gate = ctx.job->model.gatedMlp() ? 2.0 : 1.0;
    part.linear(kOpMlpIn, linear(km, ctx, s.t, gate * ffn / tp, s.d), true);
    part.linear(kOpMlpOut, linear(km, ctx, s.t, s.d, ffn / tp), false);
    part.width += part.weight * s.t * ffn / tp;
}

void moeMlp(const KernelModel& km, const JobContext& ctx, const Shapes& s, const MeshSizes& sizes,
            MlpPart& part) {
    const ModelSpec& m = ctx.job->model;
    const TrainingSpec& training = ctx.job->training;
    const double b = ctx.activationBytes;
    const double tp = sizes[kTp];
    const double gate = m.gatedMlp() ? 2.0 : 1.0;
    const double ep = sizes[kEp];
    const double localExperts = std::max(1.0, m.experts / ep);
    // Tokens per local expert after dispatch: the even share, times the padding to the
    // capacity (dense dispatch), or the busiest expert's load capped by the capacity.
    const double even = s.t * m.topK * ep / m.experts;
    double load = training.moeImbalance;
    if (m.capacityFactor > 0)
        load =
            training.moeDispatch == "dense" ? m.capacityFactor : std::min(load, m.capacityFactor);
    const Linear router = linear(km, ctx, s.t, m.experts, s.d);
    // MaxText on TPUs runs its own grouped matmul kernel, timed from its tiles; elsewhere a
    // grouped matmul pads each expert's tokens to the matrix unit's tile.
    const bool pallas = !ctx.chip.isGpu() && ctx.framework.kind == Framework::MaxText &&
                        training.moeDispatch != "dense";
    double tokens = even * load;
    Linear up, down;
    if (pallas) {
        const ExpertLinears e = pallasExperts(km, ctx, tokens * localExperts, localExperts,
                                              m.expertFfn / tp, s.d, gate, tp > 1);
        up = e.up;
        down = e.down;
    } else {
        tokens = std::ceil(tokens / ctx.kernels.tileM) * ctx.kernels.tileM;
        up = linear(km, ctx, tokens, gate * m.expertFfn / tp, s.d, localExperts);
        down = linear(km, ctx, tokens, s.d, m.expertFfn / tp, localExperts);
    }
    // Router softmax and top-k over the experts, in fp32.
    const double routing = memoryBoundSeconds(km, s.t * m.experts * 4.0 * 3.0, 2);
    double dispatch = 0, dispatchBack = 0;
    if (training.moeDispatch == "dense") {
        // One-hot einsums into and out of capacity buffers, per sequence: 2 t E C d FLOPs
        // each with C = capacity x the sequence's k tokens / E.
        const double capacity = std::max(1.0, m.capacityFactor) * m.topK * s.queries;
        const double perSequence =
            matmulSeconds(km, capacity, s.d, s.queries, b, b, s.sequences) * 2.0;
        dispatch = perSequence;
        dispatchBack = 2.0 * perSequence;
    } else {
        // Permute tokens to their experts and back: read and write k copies of each.
        dispatch = memoryBoundSeconds(km, s.t * m.topK * s.d * b * 2.0 * 2.0, 2);
        dispatchBack = dispatch;
    }
    part.linear(kOpMlpIn, up, true);
    part.linear(kOpMlpOut, down, false);
    // The router's matmul is not in forwardMatmulS (it is not what tp overlap hides).
    part.forward(kOpMlpIn, router.forward + routing + dispatch / 2);
    part.backward(kOpMlpIn, router.dgrad + router.wgrad + routing + dispatchBack / 2);
    part.forward(kOpMlpOut, dispatch / 2);
    part.backward(kOpMlpOut, dispatchBack / 2);
    part.c.routedDownForwardS += part.weight * down.forward;
    part.width += part.weight * localExperts * tokens * m.expertFfn / tp;
    // The combine weighs each routed copy's output by its router probability, so the
    // probabilities' gradient reads those outputs: t x k rows of width d (x capacity with
    // dense dispatch), which a dense MLP's down projection never needs kept.
    const double copies = training.moeDispatch == "dense" ? load : 1.0;
    part.c.tensorBytes[kTMlpOut] += part.weight * s.t * m.topK * copies * s.d / tp * b;
    if (m.sharedExperts > 0)
        denseMlp(km, ctx, s, tp, static_cast<double>(m.sharedExperts) * m.expertFfn, part);
}

// The MLP (dense, or experts with router, dispatch and combine; a model with both averaged
// over its layers): times of kOpMlpIn, kOpAct (its activation priced by `ops`), kOpMlpOut and
// the sizes of their tensors.
void mlp(const KernelModel& km, const JobContext& ctx, const Shapes& s, const MeshSizes& sizes,
         const ElementwiseOps& ops, LayerCost& c) {
    const ModelSpec& m = ctx.job->model;
    const double b = ctx.activationBytes;
    const double moe = m.moeLayerShare();
    MlpPart part{c, moe};
    if (moe > 0)
        moeMlp(km, ctx, s, sizes, part);
    part.weight = 1 - moe;
    if (moe < 1)
        denseMlp(km, ctx, s, sizes[kTp], m.ffn, part);
    const double width = part.width;
    c.forwardS[kOpAct] =
        memoryBoundSeconds(km, width * ops.actForward.bytes, ops.actForward.kernels);
    c.backwardS[kOpAct] =
        memoryBoundSeconds(km, width * ops.actBackward.bytes, ops.actBackward.kernels);
    const double gate = m.gatedMlp() ? 2.0 : 1.0;
    c.tensorBytes[kTMlpIn] = gate * width * b;
    // Read backward only by the down projection's weight gradient.
    c.tensorBytes[kTMlpAct] = width * ctx.savedInputBytes;
}

} // namespace

LayerCost layerCost(const JobContext& ctx, const MeshSizes& sizes, double tokens,
                    bool sequenceParallel) {
    const ModelSpec& m = ctx.job->model;
    const KernelModel& km = ctx.kernels;
    const double b = ctx.activationBytes;
    const double tp = sizes[kTp];
    Shapes s;
    s.t = tokens;
    s.tShard = tokens / (sequenceParallel && tp > 1 ? tp : 1.0);
    s.d = m.dModel;
    s.qHeads = m.heads / tp;
    s.kvHeads = std::max(1.0, m.kvHeads / tp);
    // The attention kernel's products run over the query-key and the value head widths.
    s.headDim = (m.qkHeadDim() + m.valueHeadDim()) / 2.0;
    s.queries = static_cast<double>(m.seqLen) / sizes[kCp];
    s.keys = m.seqLen;
    s.sequences = tokens / s.queries;

    LayerCost c;
    const double dropout = ctx.job->training.dropout ? 1.0 : 0.0;
    const double widthD = s.tShard * s.d; // elements of one width-d tensor on this chip
    const ElementwiseOps ops = elementwiseOps(b, m.gatedMlp(), ctx.framework.eagerElementwise);
    const auto elementwise = [&](double elements, const ElementwiseCost& op, double more = 0,
                                 double moreKernels = 0) {
        return memoryBoundSeconds(km, elements * op.bytes + more, op.kernels + moreKernels);
    };
    c.forwardS[kOpNorm1] = elementwise(widthD, ops.normForward);
    c.backwardS[kOpNorm1] = elementwise(widthD, ops.normBackward);

    const QkvProjection projection = qkvProjection(km, ctx, s);
    const Linear& qkv = projection.linear;
    // Rotary on Q and K; under latent attention on each query head's rotary part and the
    // one rotary key all heads share.
    const double qk =
        m.isMla() ? s.t * (s.qHeads + 1) * m.ropeHeadDim : s.t * (s.qHeads + s.kvHeads) * s.headDim;
    c.forwardS[kOpQkv] = qkv.forward + elementwise(qk, ops.ropeForward);
    c.backwardS[kOpQkv] = qkv.dgrad + qkv.wgrad + elementwise(qk, ops.ropeBackward);
    c.backwardDgradS += qkv.dgrad;
    c.backwardWgradS += qkv.wgrad;

    attentionCore(km, ctx, s, c);

    const Linear out = linear(km, ctx, s.t, s.d, s.qHeads * m.valueHeadDim());
    c.forwardS[kOpOutProj] = out.forward;
    c.backwardS[kOpOutProj] = out.dgrad + out.wgrad;
    c.forwardMatmulS += qkv.forward + out.forward;

    // Dropout, residual add and (sequential blocks) the second norm: read the branch output
    // and the residual, write the sum and the norm's output, and a 1-byte mask.
    const double residual = widthD * (3 * b + dropout);
    if (!m.parallelBlock) {
        c.forwardS[kOpNorm2] = elementwise(widthD, ops.normForward, residual, 1);
        c.backwardS[kOpNorm2] = elementwise(widthD, ops.normBackward, residual, 1);
    }
    mlp(km, ctx, s, sizes, ops, c);
    c.forwardS[kOpMlpOut] += memoryBoundSeconds(km, residual);
    c.backwardS[kOpMlpOut] += memoryBoundSeconds(km, residual);

    c.tensorBytes[kTLayerInput] = widthD * b;
    // Norm outputs (the projections' inputs), the second norm's input (sequential blocks), the
    // dropout masks.
    const double q = ctx.savedInputBytes;
    c.tensorBytes[kTNorm] = widthD * (m.parallelBlock ? q : 2 * q + b) + widthD * 2 * dropout;
    c.tensorBytes[kTQkv] = s.t * projection.savedWidth * b;
    // The attention output for the output projection (and flash attention's backward, which
    // keeps its own 16-bit copy when the projection's is quantized), and flash attention's
    // fp32 log-sum-exp per query and head.
    const bool flash = ctx.job->training.attention != "standard";
    const double contextBytes = q < b ? q + (flash ? b : 0.0) : b;
    c.tensorBytes[kTContext] = s.t * s.qHeads * (m.valueHeadDim() * contextBytes + 4);
    c.tensorBytes[kTOutProj] = widthD * b;
    return c;
}

HeadCost headCost(const JobContext& ctx, const MeshSizes& sizes, double tokens,
                  const LayerCost& layer) {
    const ModelSpec& m = ctx.job->model;
    const KernelModel& km = ctx.kernels;
    const double vocab = m.vocab / static_cast<double>(sizes[kTp]);
    const double b = ctx.activationBytes;
    const Linear head = linearAt(ctx.headKernels, b, b, tokens, vocab, m.dModel);
    HeadCost h;
    // The loss in fp32 over the chip's share of the vocabulary: cast the logits, softmax,
    // and its gradient (vocab-parallel cross-entropy).
    const double lossBytes = tokens * vocab * (ctx.activationBytes + 3 * 4.0);
    h.forwardS = head.forward + memoryBoundSeconds(km, lossBytes, 3);
    h.backwardS = head.dgrad + head.wgrad + memoryBoundSeconds(km, tokens * vocab * 8.0, 1);
    h.logitsBytes = tokens * vocab * ctx.framework.logitsBytes;
    // Vocabulary tiling (MaxText's num_vocab_tiling): the loss runs chunk by chunk over the
    // tokens, keeping one chunk's logits, and the backward pass recomputes each chunk's.
    const int tiles = ctx.job->training.vocabTiling;
    if (tiles > 1) {
        h.logitsBytes /= tiles;
        h.backwardS += h.forwardS;
    }
    // Multi-token prediction: after the last layer, each block projects 2d to d, runs one
    // layer (the model's average one) and the LM head and loss again, on the last stage.
    if (m.mtpLayers > 0) {
        const Linear projection =
            linear(km, ctx, tokens, m.dModel / static_cast<double>(sizes[kTp]), 2.0 * m.dModel);
        const double n = m.mtpLayers;
        const double headForward = h.forwardS, headBackward = h.backwardS;
        h.forwardS += n * (projection.forward + layer.forward() + headForward);
        h.backwardS += n * (projection.dgrad + projection.wgrad + layer.backward() + headBackward);
        h.logitsBytes *= 1 + n;
    }
    return h;
}

const LayerCosts& cachedLayerCosts(const JobContext& ctx, const MeshSizes& sizes, double tokens,
                                   bool sequenceParallel) {
    LayerCostCache& cache = ctx.cache->layers;
    const LayerCostCache::Key key{tokens, sizes[kTp], sizes[kEp], sizes[kCp], sequenceParallel};
    for (std::size_t i = 0; i < LayerCostCache::kEntries; ++i)
        if (cache.values[i] && cache.keys[i] == key)
            return *cache.values[i];
    auto kept = cache.kept.find(key);
    if (kept == cache.kept.end()) {
        if (cache.kept.size() >= LayerCostCache::kKeptKeys)
            cache.kept.clear();
        const LayerCost layer = layerCost(ctx, sizes, tokens, sequenceParallel);
        kept = cache.kept
                   .emplace(key, std::make_shared<const LayerCosts>(
                                     LayerCosts{layer, headCost(ctx, sizes, tokens, layer)}))
                   .first;
    }
    const std::size_t slot = cache.next++ % LayerCostCache::kEntries;
    cache.keys[slot] = key;
    cache.values[slot] = kept->second;
    return *kept->second;
}

std::size_t LayerCostCache::KeyHash::operator()(const Key& k) const noexcept {
    std::size_t h = std::hash<double>{}(k.tokens);
    for (const std::size_t part :
         {static_cast<std::size_t>(k.tp), static_cast<std::size_t>(k.ep),
          static_cast<std::size_t>(k.cp), static_cast<std::size_t>(k.sequenceParallel)})
        h = h * 1000003u ^ part;
    return h;
}

} // namespace podplanner::model::perf

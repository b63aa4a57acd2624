#include "perf/transformer_counts.h"

namespace podplanner::model::perf {

namespace {

// Q, K, V and output projection parameters of one layer, and the widths of the query and
// value heads together.
struct AttentionShape {
    double qkvParams = 0;
    double outParams = 0;
    double downParams = 0; // latent attention's down projections (to the latents)
};

AttentionShape attentionShape(const ModelSpec& m) {
    const double d = m.dModel;
    const double heads = m.heads;
    AttentionShape a;
    if (!m.isMla()) {
        const double qDim = heads * m.headDim;
        const double kvDim = static_cast<double>(m.kvHeads) * m.headDim;
        a.qkvParams = d * qDim + 2 * d * kvDim;
        a.outParams = qDim * d;
        return a;
    }
    // Latent attention: queries down to q_lora_rank and up per head (or directly), keys and
    // values down to kv_lora_rank plus the shared rope key, then up to every head's key part
    // without rotary and its value (DeepSeek-V2, arXiv 2405.04434, section 2.1).
    const double qk = m.qkHeadDim();
    const double query =
        m.qLoraRank > 0 ? d * m.qLoraRank + m.qLoraRank * heads * qk : d * heads * qk;
    const double keyValue =
        d * (m.kvLoraRank + m.ropeHeadDim) + m.kvLoraRank * heads * (m.headDim + m.valueHeadDim());
    a.qkvParams = query + keyValue;
    a.downParams = d * (m.qLoraRank + m.kvLoraRank + m.ropeHeadDim);
    a.outParams = heads * m.valueHeadDim() * d;
    return a;
}

} // namespace

TransformerCounts countTransformer(const ModelSpec& m) {
    TransformerCounts c;
    const double d = m.dModel;
    const AttentionShape attention = attentionShape(m);
    c.qkvParamsPerLayer = attention.qkvParams;
    c.latentDownParamsPerLayer = attention.downParams;
    c.attentionParamsPerLayer = attention.qkvParams + attention.outParams;
    const double matricesPerMlp = m.gatedMlp() ? 3.0 : 2.0; // (gate,) up, down
    const double denseMlp = matricesPerMlp * d * m.ffn;
    // One MoE layer's MLP: every expert and the router, and what a token passes through.
    const double perExpert = matricesPerMlp * d * m.expertFfn;
    const double moeLayerMlp = perExpert * (m.experts + m.sharedExperts) + d * m.experts;
    const double moeLayerActive = perExpert * (m.topK + m.sharedExperts) + d * m.experts;
    if (m.isMoe()) {
        // Per layer on average over the model's layers: its dense_layers (and those between
        // moe_every) have a dense MLP instead of the experts.
        const double moe = m.moeLayerShare();
        c.expertParamsPerLayer = moe * perExpert * m.experts;
        // Shared experts are dense: every token passes through them, every chip holds them.
        c.denseMlpParamsPerLayer = moe * perExpert * m.sharedExperts + (1 - moe) * denseMlp;
        c.activeMlpParamsPerLayer =
            moe * perExpert * (m.topK + m.sharedExperts) + (1 - moe) * denseMlp;
        c.routerParamsPerLayer = moe * d * m.experts;
    } else {
        c.denseMlpParamsPerLayer = denseMlp;
        c.activeMlpParamsPerLayer = c.denseMlpParamsPerLayer;
    }
    c.embeddingParams = m.tiedEmbeddings ? 0.0 : static_cast<double>(m.vocab) * d;
    c.outputParams = static_cast<double>(m.vocab) * d;
    const double layers = m.layers;
    c.totalParams = layers * (c.attentionParamsPerLayer + c.denseMlpParamsPerLayer +
                              c.expertParamsPerLayer + c.routerParamsPerLayer) +
                    c.embeddingParams + c.outputParams;
    c.activeMatmulParams =
        layers * (c.attentionParamsPerLayer + c.activeMlpParamsPerLayer + c.routerParamsPerLayer) +
        c.outputParams;
    // Multi-token prediction: each block a 2d x d projection and one layer (an MoE layer in an
    // MoE model), then the shared LM head again.
    if (m.mtpLayers > 0) {
        const double block = 2.0 * d * d + c.attentionParamsPerLayer;
        c.mtpParams = m.mtpLayers * (block + (m.isMoe() ? moeLayerMlp : denseMlp));
        c.activeMatmulParams +=
            m.mtpLayers * (block + (m.isMoe() ? moeLayerActive : denseMlp) + c.outputParams);
        c.totalParams += c.mtpParams;
    }
    // Keys a query is scored against, counted without the causal mask (the convention of
    // 6N + 12 L H Q T): the sequence in a global layer, the window in a local one.
    // (A window that is off or spans the sequence makes every layer global.) Q is the mean of
    // the query and value head widths, which differ under latent attention.
    const double global = m.globalLayerShare();
    const double keys = global * m.seqLen + (1.0 - global) * m.slidingWindow;
    const double headWidths = static_cast<double>(m.heads) * (m.qkHeadDim() + m.valueHeadDim()) / 2;
    c.attentionFlopsPerTokenForward = 4.0 * (layers + m.mtpLayers) * headWidths * keys;
    c.modelFlopsPerToken = 6.0 * c.activeMatmulParams + 3.0 * c.attentionFlopsPerTokenForward;
    // Forward matmul FLOPs per token of each recomputable part of one layer.
    c.qkvFlopsPerLayer = 2.0 * attention.qkvParams;
    c.coreFlopsPerLayer = 4.0 * headWidths * keys;
    c.outProjFlopsPerLayer = 2.0 * attention.outParams;
    const double activeMlp = c.activeMlpParamsPerLayer + c.routerParamsPerLayer;
    c.mlpInFlopsPerLayer = 2.0 * activeMlp * (matricesPerMlp - 1) / matricesPerMlp;
    c.mlpOutFlopsPerLayer = 2.0 * activeMlp / matricesPerMlp;
    return c;
}

} // namespace podplanner::model::perf

#include "perf/transformer_counts.h"

namespace podplanner::model::perf {

TransformerCounts countTransformer(const ModelSpec& m) {
    TransformerCounts c;
    const double d = m.dModel;
    const double qDim = static_cast<double>(m.heads) * m.headDim;
    const double kvDim = static_cast<double>(m.kvHeads) * m.headDim;
    c.attentionParamsPerLayer = d * qDim + 2 * d * kvDim + qDim * d;
    const double matricesPerMlp = m.gatedMlp() ? 3.0 : 2.0; // (gate,) up, down
    if (m.isMoe()) {
        const double perExpert = matricesPerMlp * d * m.expertFfn;
        c.expertParamsPerLayer = perExpert * m.experts;
        // Shared experts are dense: every token passes through them, every chip holds them.
        c.denseMlpParamsPerLayer = perExpert * m.sharedExperts;
        c.activeMlpParamsPerLayer = perExpert * (m.topK + m.sharedExperts);
        c.routerParamsPerLayer = d * m.experts;
    } else {
        c.denseMlpParamsPerLayer = matricesPerMlp * d * m.ffn;
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
    // Keys a query is scored against, counted without the causal mask (the convention of
    // 6N + 12 L H Q T): the sequence in a global layer, the window in a local one.
    // (A window that is off or spans the sequence makes every layer global.)
    const double global = m.globalLayerShare();
    const double keys = global * m.seqLen + (1.0 - global) * m.slidingWindow;
    c.attentionFlopsPerTokenForward = 4.0 * layers * qDim * keys;
    c.modelFlopsPerToken = 6.0 * c.activeMatmulParams + 3.0 * c.attentionFlopsPerTokenForward;
    // Forward matmul FLOPs per token of each recomputable part of one layer.
    c.qkvFlopsPerLayer = 2.0 * d * (qDim + 2 * kvDim);
    c.coreFlopsPerLayer = 4.0 * qDim * keys;
    c.outProjFlopsPerLayer = 2.0 * qDim * d;
    const double activeMlp = c.activeMlpParamsPerLayer + c.routerParamsPerLayer;
    c.mlpInFlopsPerLayer = 2.0 * activeMlp * (matricesPerMlp - 1) / matricesPerMlp;
    c.mlpOutFlopsPerLayer = 2.0 * activeMlp / matricesPerMlp;
    return c;
}

} // namespace podplanner::model::perf

#include "perf/transformer_counts.h"

namespace podplanner::model::perf {

TransformerCounts countTransformer(const ModelSpec& m) {
    TransformerCounts c;
    const double d = m.dModel;
    const double qDim = static_cast<double>(m.heads) * m.headDim;
    const double kvDim = static_cast<double>(m.kvHeads) * m.headDim;
    c.attentionParamsPerLayer = d * qDim + 2 * d * kvDim + qDim * d;
    const double matricesPerMlp = m.ffnKind == "swiglu" ? 3.0 : 2.0; // gate, up, down
    if (m.isMoe()) {
        const double perExpert = matricesPerMlp * d * m.expertFfn;
        c.expertParamsPerLayer = perExpert * m.experts;
        c.activeMlpParamsPerLayer = perExpert * m.topK;
        c.routerParamsPerLayer = d * m.experts;
    } else {
        c.denseMlpParamsPerLayer = matricesPerMlp * d * m.ffn;
        c.activeMlpParamsPerLayer = c.denseMlpParamsPerLayer;
    }
    c.embeddingParams = static_cast<double>(m.vocab) * d;
    c.outputParams = static_cast<double>(m.vocab) * d;
    const double layers = m.layers;
    c.totalParams = layers * (c.attentionParamsPerLayer + c.denseMlpParamsPerLayer +
                              c.expertParamsPerLayer + c.routerParamsPerLayer) +
                    c.embeddingParams + c.outputParams;
    c.activeMatmulParams =
        layers * (c.attentionParamsPerLayer + c.activeMlpParamsPerLayer + c.routerParamsPerLayer) +
        c.outputParams;
    c.attentionFlopsPerTokenForward = 4.0 * layers * qDim * m.seqLen;
    c.modelFlopsPerToken = 6.0 * c.activeMatmulParams + 3.0 * c.attentionFlopsPerTokenForward;
    return c;
}

double TransformerCounts::hardwareFlopsPerToken(const std::string& recompute) const {
    // Full recomputation reruns every layer's forward pass (not the LM head); selective
    // recomputation reruns only element-wise work (the MLP activation), no matmul FLOPs.
    if (recompute == "full")
        return modelFlopsPerToken + 2.0 * (activeMatmulParams - outputParams) +
               attentionFlopsPerTokenForward;
    return modelFlopsPerToken;
}

} // namespace podplanner::model::perf

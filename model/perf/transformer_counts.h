#pragma once
// Parameter and FLOP counts of a dense or mixture-of-experts decoder-only transformer
// (docs/engine.md, "Model"). Model FLOPs follow PaLM's convention (Chowdhery et al. 2022,
// appendix B): 6 N + 12 L H Q T per token, N = matmul parameters a token passes through.
#include "project/job.h"

namespace podplanner::model::perf {

struct TransformerCounts {
    double attentionParamsPerLayer = 0;  // Q, K, V and output projections
    double qkvParamsPerLayer = 0;        // of which the Q, K and V projections
    double latentDownParamsPerLayer = 0; // of those, latent attention's down projections
    // MLP parameters per layer, averaged over the layers when an MoE model has dense ones.
    double denseMlpParamsPerLayer = 0;  // dense MLPs: the model's, or its shared experts
    double expertParamsPerLayer = 0;    // all experts of one MoE layer
    double activeMlpParamsPerLayer = 0; // MLP parameters one token passes through
    double routerParamsPerLayer = 0;
    double embeddingParams = 0; // input embedding (a lookup: no matmul FLOPs; 0 when tied)
    double outputParams = 0;    // LM head
    double mtpParams = 0;       // multi-token prediction blocks (the LM head is shared)
    double totalParams = 0;
    double activeMatmulParams = 0; // N of the FLOP convention
    // Per token, forward + backward: 6 N + 12 L H Q T.
    double modelFlopsPerToken = 0;
    // Forward attention-score and attention-value FLOPs per token, all layers (4 L H Q T).
    double attentionFlopsPerTokenForward = 0;

    // Forward FLOPs per token of one layer's parts, for the hardware FLOPs of recomputation
    // (the attention core counted over the whole square, as in the model FLOPs).
    double qkvFlopsPerLayer = 0;
    double coreFlopsPerLayer = 0;
    double outProjFlopsPerLayer = 0;
    double mlpInFlopsPerLayer = 0;
    double mlpOutFlopsPerLayer = 0;
};

TransformerCounts countTransformer(const ModelSpec& model);

} // namespace podplanner::model::perf

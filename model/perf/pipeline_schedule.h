#pragma once
// Layers per pipeline stage and model chunk, and how many microbatches' activations each chunk
// holds at the peak of the schedule (docs/engine.md, "Pipeline"). Layers that do not divide
// evenly are taken from the first chunk of the first stage and the last chunk of the last stage,
// as Llama 3 does (arXiv 2407.21783, section 3.3.2): those chunks hold the embedding and the LM
// head, and the first chunk keeps the most microbatches in flight.
#include <cstdint>

namespace podplanner::model::perf {

struct StageLayers {
    int perChunk = 0;   // layers of a full model chunk
    int firstChunk = 0; // layers of the first stage's first chunk
    int lastChunk = 0;  // layers of the last stage's last chunk
    int virtualStages = 1;
    double busiest() const { return static_cast<double>(perChunk) * virtualStages; }
    double firstStage() const;
    double lastStage() const;
};

StageLayers stageLayers(int layers, int pp, int virtualStages);

// Layer-microbatches of activations held at the peak by the first (rank 0) or last stage:
// 1F1B keeps min(mb, pp) microbatches on rank 0 and one on the last; Megatron's interleaved
// schedule warms up with (v - 1) pp + 2 (pp - 1 - rank) chunk-forwards (Narayanan et al. 2021),
// in groups of pp per chunk.
double layersInFlight(const StageLayers& s, int pp, int microbatches, bool firstStage);

} // namespace podplanner::model::perf

#include "perf/pipeline_schedule.h"

#include <algorithm>

namespace podplanner::model::perf {

double StageLayers::firstStage() const {
    return static_cast<double>(perChunk) * (virtualStages - 1) + firstChunk;
}

double StageLayers::lastStage() const {
    return static_cast<double>(perChunk) * (virtualStages - 1) + lastChunk;
}

StageLayers stageLayers(int layers, int pp, int virtualStages) {
    StageLayers s;
    const int chunks = pp * virtualStages;
    s.virtualStages = virtualStages;
    s.perChunk = (layers + chunks - 1) / chunks;
    const int missing = chunks * s.perChunk - layers;
    if (pp == 1) {
        s.firstChunk = s.lastChunk = s.perChunk - missing; // one stage, one chunk each
        if (virtualStages > 1)
            s.firstChunk = s.lastChunk = s.perChunk;
        return s;
    }
    // The shortfall comes off the first chunk of the first stage, then the last chunk of the
    // last stage (whole chunks at most each; anything beyond that stays uneven in the middle).
    const int fromFirst = std::min(s.perChunk, (missing + 1) / 2);
    const int fromLast = std::min(s.perChunk, missing - fromFirst);
    s.firstChunk = s.perChunk - fromFirst;
    s.lastChunk = s.perChunk - fromLast;
    return s;
}

double layersInFlight(const StageLayers& s, int pp, int microbatches, bool firstStage) {
    const int v = s.virtualStages;
    const double mb = microbatches;
    if (pp == 1)
        return firstStage ? s.firstStage() : s.lastStage(); // one microbatch at a time
    if (v == 1) {
        const double held = firstStage ? std::min<double>(mb, pp) : 1.0;
        return held * (firstStage ? s.firstChunk : s.lastChunk);
    }
    const int rank = firstStage ? 0 : pp - 1;
    // Chunk-forwards done before the first backward, distributed pp at a time over chunks
    // 0, 1, ..., v-1, 0, 1, ...; each chunk holds at most mb of them.
    double warmup = (v - 1.0) * pp + 2.0 * (pp - 1 - rank) + 1.0;
    warmup = std::min(warmup, mb * v);
    double total = 0;
    for (int c = 0; c < v; ++c) {
        const double rounds = warmup / (static_cast<double>(pp) * v);
        double held = pp * static_cast<double>(static_cast<int>(rounds));
        const double rest = warmup - held * v;
        held += std::clamp(rest - static_cast<double>(c) * pp, 0.0, static_cast<double>(pp));
        held = std::min(held, mb);
        int layers = s.perChunk;
        if (firstStage && c == 0)
            layers = s.firstChunk;
        if (!firstStage && c == v - 1)
            layers = s.lastChunk;
        total += held * layers;
    }
    return total;
}

} // namespace podplanner::model::perf

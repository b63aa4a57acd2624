#include "perf/job_context.h"

namespace podplanner::model::perf {

Recompute parseRecompute(const std::string& text) {
    if (text == "full")
        return Recompute::Full;
    if (text == "selective")
        return Recompute::Selective;
    return Recompute::None;
}

const char* recomputeName(Recompute r) {
    switch (r) {
    case Recompute::None:
        return "none";
    case Recompute::Selective:
        return "selective";
    case Recompute::Full:
        return "full";
    }
    return "";
}

double layersPerStage(int layers, int pp, int virtualStages) {
    const int chunks = pp * virtualStages;
    return static_cast<double>((layers + chunks - 1) / chunks) * virtualStages;
}

JobContext makeJobContext(const Job& job, const ChipType& chip, const JobFabric& fabric,
                          std::int64_t chips) {
    JobContext c;
    c.job = &job;
    c.chip = chip;
    c.counts = countTransformer(job.model);
    c.fabric = fabric;
    c.chips = chips;
    const std::string& precision = job.training.precision;
    c.peakFlops = chip.peakTflops.at(precision) * 1e12;
    c.hbmBytesPerS = chip.hbmGbyteS * 1e9;
    c.hbmCapacityBytes = chip.hbmGib * 1024.0 * 1024.0 * 1024.0;
    const bool fp32 = precision == "fp32" || precision == "tf32";
    c.matmulBytes = fp32 ? 4.0 : precision == "bf16" ? 2.0 : precision == "fp4" ? 0.5 : 1.0;
    c.activationBytes = fp32 ? 4.0 : 2.0;
    c.weightBytes = fp32 ? 4.0 : 2.0;
    c.gradientBytes = 4.0;
    c.optimizerBytes = fp32 ? 8.0 : 12.0;
    return c;
}

} // namespace podplanner::model::perf

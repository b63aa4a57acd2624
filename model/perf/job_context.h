#pragma once
// What stays fixed while layouts of one job are tried: the model's counts, the chip, the fabric
// the job's placement gives it, the batch and the precision.
#include "hardware/chip_type.h"
#include "perf/fabric.h"
#include "perf/transformer_counts.h"
#include "project/job.h"

namespace podplanner::model::perf {

enum class Recompute : std::uint8_t { None, Selective, Full };
Recompute parseRecompute(const std::string& text);
const char* recomputeName(Recompute r);

struct JobContext {
    const Job* job = nullptr;
    ChipType chip;
    TransformerCounts counts;
    JobFabric fabric;
    std::int64_t chips = 0;
    double peakFlops = 0; // at the job's precision, FLOP/s
    double hbmBytesPerS = 0;
    double hbmCapacityBytes = 0;
    double matmulBytes = 2;     // bytes per matmul operand element at the job's precision
    double activationBytes = 2; // activations are kept and sent in bf16 (fp32 for fp32 runs)
    double weightBytes = 2;     // the working copy of the weights
    double gradientBytes = 4;   // gradients are reduced and accumulated in fp32
    double optimizerBytes = 12; // fp32 master weights + Adam moments (8 for pure fp32)
};

// Layers on the busiest pipeline stage: stages get ceil(L / (pp v)) layers per model chunk,
// so uneven splits (126 layers on 16 stages) are allowed and cost what the largest stage costs.
double layersPerStage(int layers, int pp, int virtualStages);

JobContext makeJobContext(const Job& job, const ChipType& chip, const JobFabric& fabric,
                          std::int64_t chips);

} // namespace podplanner::model::perf

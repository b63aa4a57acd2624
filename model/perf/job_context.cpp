#include "perf/job_context.h"

#include <algorithm>

#include "project/training_json.h"

namespace podplanner::model::perf {

Recompute parseRecompute(const std::string& text) {
    if (text == "custom")
        return Recompute::Custom;
    const auto& names = recomputePolicyNames();
    for (std::size_t i = 0; i < names.size(); ++i)
        if (names[i] == text)
            return static_cast<Recompute>(i);
    return Recompute::None;
}

const char* recomputeName(Recompute r) {
    if (r == Recompute::Custom)
        return "custom";
    return recomputePolicyNames().at(static_cast<std::size_t>(r)).c_str();
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
    c.fabric.directReductions = !chip.isGpu() && !job.training.dcnHostReduction;
    c.framework = frameworkTraits(job, chip);
    c.chips = chips;
    const std::string& precision = job.training.precision;
    // MFU is against the datasheet peak; the kernels run at what a power cap leaves of it.
    c.peakFlops = chip.peakTflops.at(precision) * 1e12;
    c.kernels = makeKernelModel(chip, precision, chip.peakFlops(precision), c.framework.flash2);
    // MaxText's splash attention computes whole blocks of the sizes the job sets.
    if (!chip.isGpu() && c.framework.kind == Framework::MaxText) {
        const auto& b = job.training.splashBlocks;
        c.kernels.attentionForward = {static_cast<double>(b[0]), static_cast<double>(b[1])};
        c.kernels.attentionBackward = {static_cast<double>(b[2]), static_cast<double>(b[3])};
        c.kernels.attentionBackwardDq = {static_cast<double>(b[4]), static_cast<double>(b[5])};
        c.kernels.attentionFusedBackward = job.training.splashFusedBackward;
    }
    c.hbmBytesPerS = c.kernels.hbmBytesPerS;
    c.hbmCapacityBytes = usableHbmGib(chip) * 1024.0 * 1024.0 * 1024.0;
    const bool fp32 = precision == "fp32" || precision == "tf32";
    c.matmulBytes = matmulOperandBytes(precision);
    c.activationBytes = fp32 ? 4.0 : 2.0;
    // Megatron's output layer is a plain ColumnParallelLinear, not a Transformer Engine module;
    // MaxText quantizes the decoder layers' projections, not the logits; torchao's float8
    // skips "output". So the head runs at the 16-bit rate whatever the layers' precision.
    c.headKernels = belowSixteenBits(precision) && chip.peakTflops.count("bf16")
                        ? makeKernelModel(chip, "bf16", chip.peakFlops("bf16"), c.framework.flash2)
                        : c.kernels;
    c.savedInputBytes = c.framework.savesQuantizedInputs
                            ? std::min(c.matmulBytes, c.activationBytes)
                            : c.activationBytes;
    return c;
}

} // namespace podplanner::model::perf

#include "perf/accuracy.h"

#include "core/json_reader.h"
#include "presets/preset_json.h"

#include <cmath>
#include <cstdio>

namespace podplanner::model::perf {

namespace {

// The tokens from which a run counts as long context: where attention's quadratic work and
// context parallelism start to shape the step (the validation set's long-context series run
// at 32k and beyond).
constexpr int kLongContextTokens = 32768;

std::vector<AccuracyBand> readBands(const Json& doc) {
    std::vector<AccuracyBand> bands;
    if (doc.is_null())
        return bands;
    ObjectReader top(doc, "");
    top.choice("format", {"podplanner-accuracy"});
    top.integer("version", 1, 1);
    top.string("source");
    const Json& list = top.array("classes", 1, 64);
    for (std::size_t i = 0; i < list.size(); ++i) {
        ObjectReader r(list[i], childPointer("/classes", i));
        AccuracyBand b;
        b.id = r.string("id");
        b.name = r.string("name");
        b.runs = static_cast<int>(r.integer("holdout_runs", 1, 100000));
        b.medianAbsError = r.number("median_abs_error", 0, 10);
        b.p90AbsError = r.number("p90_abs_error", 0, 10);
        b.withinTenPercent = static_cast<int>(r.integer("within_10_percent", 0, b.runs));
        b.worstError = r.number("worst_error", -10, 10);
        b.meanError = r.number("mean_error", -10, 10);
        r.finish();
        bands.push_back(b);
    }
    top.finish();
    return bands;
}

std::string percent(double share, bool sign) {
    char text[32];
    std::snprintf(text, sizeof text, sign ? "%+.1f%%" : "%.1f%%", 100 * share);
    return text;
}

} // namespace

std::string accuracyClassOf(const Job& job, const ChipType& chip, const Layout& layout,
                            std::size_t slices) {
    const bool gpu = chip.isGpu();
    const std::string platform = gpu ? "gpu-" : "tpu-";
    if (job.model.isMoe())
        return platform + "moe";
    if (job.model.seqLen >= kLongContextTokens)
        return platform + "long-context";
    if (!gpu && slices > 1)
        return "tpu-multislice";
    if (gpu && (layout.sizes[kFsdp] > 1 || layout.zeroStage >= 3))
        return "gpu-sharded";
    return platform + "dense";
}

const std::vector<AccuracyBand>& accuracyBands() {
    // The table is ours and checked by tst_accuracy and tst_engine_validation: a failure here is
    // a build defect, reported with the file's name.
    static const std::vector<AccuracyBand> bands = [] {
        try {
            return readBands(builtinAccuracyJson());
        } catch (const InputError& e) {
            throw InputError(e.withFile("built-in preset accuracy.json"));
        }
    }();
    return bands;
}

const AccuracyBand* accuracyBand(const std::string& id) {
    for (const auto& b : accuracyBands())
        if (b.id == id)
            return &b;
    return nullptr;
}

std::string describeAccuracy(const AccuracyBand& b) {
    // Below ten runs a ninth decile says little: the worst run says it.
    const bool few = b.runs < 10;
    return std::string("on ") + (few ? "only " : "") + std::to_string(b.runs) +
           " published runs of " + b.name + " held out from fitting, half within ±" +
           percent(b.medianAbsError, false) +
           (few ? "" : ", 9 in 10 within ±" + percent(b.p90AbsError, false)) + ", worst " +
           percent(b.worstError, true) + " (docs/validation.md)";
}

} // namespace podplanner::model::perf

#include "hardware/chip_type_json.h"

#include "core/text_format.h"

namespace podplanner::model {

namespace {
const std::vector<std::string> kPrecisions = {"fp32", "tf32", "bf16", "fp8", "int8", "fp4"};

std::string watts(double w) {
    return formatNumber("%g W", w);
}

// [{"watts": 500, "throughput": 0.915}, ...], caps strictly ascending.
void readPowerLimitCurve(ObjectReader& in, ChipType& chip) {
    const std::string key = "throughput_at_power_limit";
    if (!in.has(key))
        return;
    const Json& rows = in.array(key, 1, 64);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        ObjectReader row(rows[i], childPointer(in.at(key), i));
        const double cap = row.number("watts", 1, 1e6);
        const double throughput = row.number("throughput", 0.01, 1.5);
        if (!chip.throughputAtPowerLimit.empty() && cap <= chip.throughputAtPowerLimit.back().first)
            throwInputError(row.at("watts"),
                            "caps in ascending order (above " +
                                watts(chip.throughputAtPowerLimit.back().first) + ")",
                            watts(cap));
        row.finish();
        chip.throughputAtPowerLimit.emplace_back(cap, throughput);
    }
}

// A cap is priced only where the chip's curve was measured: below its lowest point or without
// a curve there is nothing to read the cost from.
void checkPowerLimit(const ObjectReader& in, const ChipType& chip) {
    if (chip.powerLimitW <= 0)
        return;
    const std::string at = in.at("power_limit_w");
    if (chip.throughputAtPowerLimit.empty())
        throwInputError(at,
                        "a chip with a measured \"throughput_at_power_limit\" to price the cap (" +
                            chip.name + " has none)",
                        watts(chip.powerLimitW));
    const double lowest = chip.throughputAtPowerLimit.front().first;
    if (chip.powerLimitW < lowest)
        throwInputError(at,
                        "a cap of at least " + watts(lowest) +
                            " (the lowest measured in \"throughput_at_power_limit\")",
                        watts(chip.powerLimitW));
    if (chip.powerW > 0 && chip.powerLimitW > chip.powerW)
        throwInputError(at, "a cap at most the chip's power_w (" + watts(chip.powerW) + ")",
                        watts(chip.powerLimitW));
}
} // namespace

ChipType readChipType(const Json& value, const std::string& pointer) {
    ObjectReader in(value, pointer);
    ChipType chip;
    chip.id = in.string("id", "custom");
    chip.name = in.string("name", chip.id);
    const Json& peaks = in.object("peak_tflops");
    for (const auto& [precision, tflops] : peaks.items()) {
        const std::string at = childPointer(in.at("peak_tflops"), precision);
        readChoice(Json(precision), at, kPrecisions);
        chip.peakTflops[precision] = readNumber(tflops, at, 0.001, 1e6);
    }
    if (chip.peakTflops.empty())
        throwInputError(in.at("peak_tflops"), "at least one precision", "an empty object");
    chip.hbmGib = in.number("hbm_gib", 0.001, 1e6);
    chip.hbmUsableGib = in.number("hbm_usable_gib", 0, chip.hbmGib, 0);
    chip.hbmGbyteS = in.number("hbm_gbyte_s", 0.001, 1e7);
    chip.iciLinks = static_cast<int>(in.integer("ici_links", 0, 12, 0));
    chip.iciLinkGbyteS = in.number("ici_link_gbyte_s", 0, 1e5, 0);
    chip.nvlinkGbyteS = in.number("nvlink_gbyte_s", 0, 1e5, 0);
    if (chip.iciLinks > 0 && chip.iciLinkGbyteS <= 0)
        throwInputError(in.at("ici_link_gbyte_s"), "a positive bandwidth for chips with ICI links",
                        std::to_string(chip.iciLinkGbyteS));
    if (chip.iciLinks == 0 && chip.nvlinkGbyteS <= 0)
        throwInputError(in.pointer(), "either \"ici_links\" (TPU) or \"nvlink_gbyte_s\" (GPU)",
                        "neither");
    chip.dcnGbitS = in.number("dcn_gbit_s", 0.001, 1e6);
    chip.powerW = in.number("power_w", 0, 1e6, 0);
    chip.powerLimitW = in.number("power_limit_w", 0, 1e6, 0);
    readPowerLimitCurve(in, chip);
    checkPowerLimit(in, chip);
    chip.priceUsdPerHour = in.number("price_usd_per_hour", 0, 1e6, 0);
    chip.twistedTorus = in.boolean("twisted_torus", false);
    if (const Json* e = in.get("matmul_efficiency"); e && e->is_object()) {
        // {"bf16": 0.8, "fp8": 0.6}: the bf16 value (or the first given) is the default.
        for (const auto& [precision, efficiency] : e->items()) {
            const std::string at = childPointer(in.at("matmul_efficiency"), precision);
            readChoice(Json(precision), at, kPrecisions);
            chip.matmulEfficiencyByPrecision[precision] = readNumber(efficiency, at, 0.01, 1);
        }
        const auto& m = chip.matmulEfficiencyByPrecision;
        chip.matmulEfficiency = m.count("bf16") ? m.at("bf16")
                                : m.empty()     ? 1.0
                                                : m.begin()->second;
    } else {
        chip.matmulEfficiency = in.number("matmul_efficiency", 0.01, 1, 1);
    }
    chip.matmulTile = static_cast<int>(in.integer("matmul_tile", 1, 4096, 128));
    chip.matmulUnits = static_cast<int>(in.integer("matmul_units", 1, 100000, 1));
    chip.devicesPerChip = static_cast<int>(in.integer("devices_per_chip", 1, 64, 1));
    chip.matmulKOverhead = in.number("matmul_k_overhead", 0, 1e6, 0);
    chip.attentionEfficiency = in.number("attention_efficiency", 0.01, 1, chip.matmulEfficiency);
    chip.flash2Efficiency = in.number("flash2_efficiency", 0.01, 1, chip.attentionEfficiency);
    chip.hbmEfficiency = in.number("hbm_efficiency", 0.01, 1, 1);
    chip.kernelOverheadUs = in.number("kernel_overhead_us", 0, 1e6, 0);
    chip.hostOpUs = in.number("host_op_us", 0, 1e6, 0);
    chip.gridStepUs = in.number("grid_step_us", 0, 1e6, 0);
    chip.coresPerDevice = static_cast<int>(in.integer("cores_per_device", 1, 16, 1));
    chip.hostMemoryGib = in.number("host_memory_gib", 0, 1e7, 0);
    chip.hostGbyteS = in.number("host_gbyte_s", 0, 1e6, 0);
    if (const Json* link = in.get("link_efficiency")) {
        ObjectReader e(*link, in.at("link_efficiency"));
        chip.iciEfficiency = e.number("ici", 0.01, 1, 1);
        chip.nvlinkEfficiency = e.number("nvlink", 0.01, 1, 1);
        chip.dcnEfficiency = e.number("dcn", 0.01, 1, 1);
        e.finish();
    }
    if (const Json* half = in.get("half_bandwidth_mb")) {
        ObjectReader h(*half, in.at("half_bandwidth_mb"));
        chip.iciHalfBandwidthBytes = h.number("ici", 0, 1e6, 0) * 1e6;
        chip.nvlinkHalfBandwidthBytes = h.number("nvlink", 0, 1e6, 0) * 1e6;
        chip.dcnHalfBandwidthBytes = h.number("dcn", 0, 1e6, 0) * 1e6;
        h.finish();
    }
    if (const Json* sources = in.get("source")) {
        ObjectReader sourceIn(*sources, in.at("source"));
        for (const auto& [field, text] : sources->items())
            chip.source[field] = readString(text, childPointer(in.at("source"), field));
    }
    in.finish();
    return chip;
}

} // namespace podplanner::model

// ProjectDocument edits of the cluster itself: the chip's price and power, which planners set
// by hand (few chips have one public price), and a power cap, written as chip overrides of the
// project's cluster.
#include "project_document.h"

#include "cluster/cluster_json.h"

#include <cmath>

namespace podplanner::views {

namespace {

// Beyond any real chip-hour or chip: a typing slip, not a figure.
constexpr double kMaxPriceUsdPerHour = 1000;
constexpr double kMaxPowerW = 100'000;

} // namespace

QVariantMap ProjectDocument::chipEconomics() const {
    if (!project_)
        return {};
    const model::ChipType& chip = project_->cluster.chip;
    const auto source = [&chip](const char* key) {
        const auto it = chip.source.find(key);
        return it == chip.source.end() ? QString() : QString::fromStdString(it->second);
    };
    // The caps the chip's measured curve covers ("" without one: no cap can be priced).
    const auto& curve = chip.throughputAtPowerLimit;
    const QString capRange = curve.empty() ? QString()
                                           : QStringLiteral("%1–%2 W")
                                                 .arg(curve.front().first, 0, 'f', 0)
                                                 .arg(curve.back().first, 0, 'f', 0);
    return {{"chip", QString::fromStdString(chip.name)},
            {"priceUsdPerHour", chip.priceUsdPerHour},
            {"powerW", chip.powerW},
            {"powerLimitW", chip.powerLimitW},
            {"powerLimitRange", capRange},
            {"priceSource", source("price_usd_per_hour")},
            {"powerSource", source("power_w")},
            {"powerLimitSource", source("power_limit_w")},
            {"powerCurveSource", source("throughput_at_power_limit")}};
}

bool ProjectDocument::setChipEconomics(double priceUsdPerHour, double powerW, double powerLimitW) {
    if (!project_)
        return false;
    // A figure from 0 to `max`; NaN and infinities are outside.
    const auto outside = [](double value, double max) {
        return !std::isfinite(value) || value < 0 || value > max;
    };
    if (outside(priceUsdPerHour, kMaxPriceUsdPerHour)) {
        setError(tr("A price per chip-hour from $0 (unknown) to $%1, not %2")
                     .arg(kMaxPriceUsdPerHour)
                     .arg(priceUsdPerHour));
        return false;
    }
    if (outside(powerW, kMaxPowerW)) {
        setError(
            tr("A power per chip from 0 W (unknown) to %1 W, not %2").arg(kMaxPowerW).arg(powerW));
        return false;
    }
    if (outside(powerLimitW, kMaxPowerW)) {
        setError(
            tr("A power cap from 0 W (none) to %1 W, not %2").arg(kMaxPowerW).arg(powerLimitW));
        return false;
    }
    const model::ChipType& chip = project_->cluster.chip;
    if (priceUsdPerHour == chip.priceUsdPerHour && powerW == chip.powerW &&
        powerLimitW == chip.powerLimitW)
        return true;
    auto after = std::make_shared<model::Project>(*project_);
    model::Json patch = {{"price_usd_per_hour", priceUsdPerHour}, {"power_w", powerW}};
    // The cap is written only when it is or was set: most chips have no curve to price one.
    if (powerLimitW > 0 || chip.powerLimitW > 0)
        patch["power_limit_w"] = powerLimitW;
    // Only a figure that changed gets a new source; the other keeps the one it has.
    model::Json& source = patch["source"] = model::Json::object();
    if (priceUsdPerHour != chip.priceUsdPerHour)
        source["price_usd_per_hour"] = "set in this project";
    if (powerW != chip.powerW)
        source["power_w"] = "set in this project";
    if (powerLimitW != chip.powerLimitW)
        source["power_limit_w"] = "set in this project";
    try {
        const model::Json cluster =
            model::patchClusterChip(model::Json::parse(after->clusterSource), patch);
        after->cluster = model::readClusterSource(cluster, "/cluster", {});
        after->clusterSource = cluster.dump();
    } catch (const std::exception& e) {
        setError(tr("The chip's price, power and cap were refused: %1").arg(e.what()));
        return false;
    }
    clearError();
    const QString cap =
        powerLimitW > 0 ? tr(", capped at %1 W").arg(powerLimitW, 0, 'f', 0) : QString();
    pushProject(tr("Set %1 to $%2 per chip-hour and %3 W%4")
                    .arg(QString::fromStdString(chip.name))
                    .arg(priceUsdPerHour, 0, 'f', 2)
                    .arg(powerW, 0, 'f', 0)
                    .arg(cap),
                std::move(after));
    return true;
}

} // namespace podplanner::views

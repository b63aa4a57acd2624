#include "hardware/chip_type.h"

namespace podplanner::model {

// Linear between the measured caps; a cap outside them takes the nearest measurement (the reader
// keeps caps within the table).
double ChipType::computeRateAtPowerLimit() const {
    const auto& t = throughputAtPowerLimit;
    if (powerLimitW <= 0 || t.empty())
        return 1.0;
    if (powerLimitW <= t.front().first)
        return t.front().second;
    for (std::size_t i = 1; i < t.size(); ++i) {
        if (powerLimitW <= t[i].first) {
            const auto& [w0, r0] = t[i - 1];
            const auto& [w1, r1] = t[i];
            return r0 + (r1 - r0) * (powerLimitW - w0) / (w1 - w0);
        }
    }
    return t.back().second;
}

} // namespace podplanner::model

#pragma once
// How often each kind of component fails and how long its repair takes (docs/reliability.md).
#include <array>
#include <cstddef>
#include <cstdint>

namespace podplanner::model {

enum class FailureKind : std::uint8_t { Chip, Host, Cube, Ocs, IciLink, DcnLink, Switch, PowerRow };
inline constexpr std::size_t kFailureKinds = 8;
// JSON names: "chip", "host", "cube", "ocs", "ici_link", "dcn_link", "switch", "power_row".
const char* failureKindName(FailureKind kind);

struct FailureRates {
    std::array<double, kFailureKinds> per1000Days{}; // failures per 1000 component-days
    std::array<double, kFailureKinds> repairHours{}; // time to repair or replace (MTTR)
    double earlyLifeShare = 0; // share of chip/host/cube failures that a preflight scan can catch
    double sdcPerChipHour = 0; // silent data corruptions that stop the job once detected

    double perDay(FailureKind k) const { return per1000Days[static_cast<std::size_t>(k)] / 1000.0; }
    double repairH(FailureKind k) const { return repairHours[static_cast<std::size_t>(k)]; }
};

} // namespace podplanner::model

#pragma once
// Limits that keep a hostile or mistaken file from exhausting memory or time. Each can be raised
// from the command line (see docs/format.md).
#include <cstddef>
#include <cstdint>

namespace podplanner::model {

struct LoadLimits {
    std::size_t maxFileBytes = 64u << 20; // 64 MiB
    int maxDepth = 64;
    std::int64_t maxChips = 2'000'000;
    int maxJobs = 1000;
};

} // namespace podplanner::model

#pragma once
// Parameter sweeps (docs/sweeps.md): the cartesian product of values for JSON pointers into the
// project, each point evaluated with both engines and written as a CSV row as soon as it is done,
// so a million-point sweep holds one point at a time. `--shard I/N` takes every N-th point from
// I, for Slurm job arrays and Kubernetes Indexed Jobs.
#include "project/project.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace podplanner::model::sweep {

struct SweepParam {
    std::string pointer; // JSON pointer into the project file, e.g. /jobs/0/parallelism/tp
    std::vector<double> values;
};

// "POINTER=LO:HI:STEP" or "POINTER=V1,V2,...". Nothing on failure, with the reason.
std::optional<SweepParam> parseSweepParam(const std::string& text, std::string* whyNot);

struct Shard {
    std::int64_t index = 0;
    std::int64_t count = 1;
};
// "I/N" with 0 <= I < N.
std::optional<Shard> parseShard(const std::string& text, std::string* whyNot);

std::int64_t sweepPoints(const std::vector<SweepParam>& params);

struct SweepOptions {
    Shard shard;
    const std::atomic<bool>* cancel = nullptr;
    // Called after each point with (points done in this shard, points in this shard).
    std::function<void(std::int64_t, std::int64_t)> progress;
};

// Writes the CSV header and one row per point and job. Points that do not make a valid project
// get a row with the error in the last column. Returns the number of points evaluated.
std::int64_t runSweep(const Project& base, const std::vector<SweepParam>& params,
                      const SweepOptions& options, std::ostream& csv);

} // namespace podplanner::model::sweep

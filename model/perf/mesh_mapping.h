#pragma once
// Which physical axes each mesh axis (dp, fsdp, tp, pp, ep, cp) is laid on. A mesh axis takes
// whole physical axes or factors of them; the part of a physical axis taken first is contiguous
// (stride 1), later parts are strided. The default mapping is the fastest found over every order
// of the mesh axes and every split of each over the physical axes (evaluate.h).
#include "perf/fabric.h"
#include "project/job.h"

#include <array>
#include <optional>
#include <string>

namespace podplanner::model::perf {

enum MeshAxis : std::uint8_t { kDp, kFsdp, kTp, kPp, kEp, kCp };
inline constexpr std::size_t kMeshAxes = 6;
const char* meshAxisName(std::size_t axis);

struct Segment {
    std::uint8_t mesh = 0;
    std::uint8_t physical = 0;
    int factor = 1;
    int stride = 1;
};

struct MeshMapping {
    std::array<Segment, 16> segments{};
    int count = 0;
};

using MeshSizes = std::array<int, kMeshAxes>;

MeshSizes meshSizes(const ParallelismSpec& p);

// Lays the mesh axes on the fabric in `order` (innermost first), each taking the greatest
// common factor of its remaining size and each physical axis in turn. Nothing if it cannot.
std::optional<MeshMapping> greedyMapping(const JobFabric& fabric, const MeshSizes& sizes,
                                         const std::array<std::uint8_t, kMeshAxes>& order);

// The user's mapping ("tp": ["x"], ...): a listed mesh axis takes factors of the named physical
// axes in order (greatest common factor of what it still needs and what is left); the others
// are laid greedily on what is left. On failure says why.
std::optional<MeshMapping>
explicitMapping(const JobFabric& fabric, const MeshSizes& sizes,
                const std::vector<std::pair<std::string, std::vector<std::string>>>& mapping,
                std::string* whyNot);

// Which mesh axes are laid (partly) on physical axis `physical`.
std::array<bool, kMeshAxes> meshAxesOn(const MeshMapping& mapping, int physical);

// "tp: x(8) | fsdp: y(16) z(16)" for people.
std::string describeMapping(const MeshMapping& mapping, const JobFabric& fabric);

} // namespace podplanner::model::perf

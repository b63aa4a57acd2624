#pragma once
// Time of a collective over the physical axes of one mesh axis (docs/engine.md,
// "Collectives"). Torus rules from HARDWARE.md (How to Scale Your Model): an all-gather of V
// bytes over a ring with wraparound takes V/(2W), without wraparound V/W, over k axes at once
// the bandwidth adds up; reduce-scatter costs the same, all-reduce twice, all-to-all a quarter.
// Switched links (NVLink, DCN, WAN) run rings at the per-chip bandwidth. Levels are done
// hierarchically: the slowest level moves the smallest share.
#include "perf/mesh_mapping.h"

namespace podplanner::model::perf {

enum class CollectiveKind : std::uint8_t {
    AllGather,
    ReduceScatter,
    AllReduce,
    AllToAll,
    PointToPoint
};
const char* collectiveKindName(CollectiveKind kind);

struct LevelGroup {
    Level level = Level::Torus;
    int members = 1;       // chips of the group along this level
    double gbyteS = 0;     // usable one-way bandwidth per chip at this level
    double latencyS = 0;   // per collective at this level
    double linkGbyteS = 0; // one link, one way (a neighbour send)
    double hopLatencyS = 0;
    double halfBandwidthBytes = 0;
    bool coversTwistedTorus = false;
};

// The physical structure of one mesh axis's communication group.
struct AxisGroup {
    std::array<LevelGroup, 4> levels{}; // slowest first
    int count = 0;
    int members = 1;
    double twistedGain = 1.0;
    double baseLatencyS = 0; // once per collective
    // A flat ring: every member's whole share crosses the slowest level's link, as when the
    // ranks of a group alternate between nodes (no node-local stage). Set by the caller.
    bool flat = false;
    // All-to-all of k copies of each item (MoE top-k dispatch) deduplicated per destination
    // over the slowest level: an item crosses it once per block it reaches (0: no dedup).
    double dedupCopies = 0;
    // Reductions reach every member of the DCN and WAN levels at once (JobFabric's).
    bool directReductions = false;
};

AxisGroup axisGroup(const MeshMapping& mapping, const JobFabric& fabric, std::uint8_t mesh);
// The groups of every mesh axis at once.
std::array<AxisGroup, kMeshAxes> axisGroups(const MeshMapping& mapping, const JobFabric& fabric);

// `bytes` is the full (gathered / reduced) size for AG, RS and AR; the total exchanged by the
// group for all-to-all; the message size for point-to-point.
double collectiveSeconds(CollectiveKind kind, double bytes, const AxisGroup& group);

} // namespace podplanner::model::perf

#pragma once
// The physical axes a job's mesh can be laid on, fastest first: the torus axes of its slice
// (TPU), the NVLink domain (GPU), the data-center network between pods or nodes, and the WAN
// between sites. Each axis knows its size, wraparound and per-chip bandwidth.
#include "cluster/cluster_spec.h"
#include "project/placement.h"

#include <array>
#include <string>

namespace podplanner::model::perf {

enum class Level : std::uint8_t { Torus, NvLink, Dcn, Wan };
const char* levelName(Level level);

struct PhysicalAxis {
    const char* name = "";
    Level level = Level::Torus;
    int size = 1;
    bool wraps = false;
    // One-way bandwidth one chip can drive along this axis, GB/s, after link efficiency: a torus
    // link (one direction); the NVLink or NIC share of a GPU; a TPU chip's DCN share.
    double chipGbyteS = 0;
    double hopLatencyS = 0;        // per ring step / hop
    double halfBandwidthBytes = 0; // collective size that reaches half the bandwidth
};

inline constexpr std::size_t kMaxPhysicalAxes = 6;

struct JobFabric {
    std::array<PhysicalAxis, kMaxPhysicalAxes> axes{};
    int count = 0;
    // All-to-all throughput gain of a twisted torus over the plain one (1 when not twisted).
    double twistedAllToAllGain = 1.0;
    // Fixed start-up of one collective (NCCL's base latency on GPUs), seconds.
    double collectiveBaseS = 0;
    double dcnOverlap = 1; // share of DCN transfers that overlapping compute hides
    double iciOverlap = 1; // share of torus (ICI) transfers that overlapping compute hides
    // TPU reductions across slices summed on the TPUs (dcn_host_reduction false): one latency
    // a phase at the DCN and WAN levels instead of one a ring step (collective_cost.cpp).
    bool directReductions = false;

    int indexOf(const std::string& name) const;
};

// The fractions of shared links a job gets when other jobs use them too (1: alone).
struct LinkShares {
    double dcn = 1; // of its pods' DCN uplinks
    double wan = 1; // of the WAN between its sites
};

JobFabric jobFabric(const ClusterSpec& cluster, const JobPlacement& placement,
                    LinkShares shares = {});

} // namespace podplanner::model::perf

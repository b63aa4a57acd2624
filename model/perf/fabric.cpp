#include "perf/fabric.h"

#include "topology/torus_metrics.h"

#include <algorithm>
#include <cstring>
#include <set>

namespace podplanner::model::perf {

namespace {
// HARDWARE.md: "a latency term of about 1 us per hop" on ICI.
constexpr double kIciHopS = 1e-6;
// NCCL's own cost model (src/graph/tuning.cc): a ring step over NVLink costs 1.9 us (LL128)
// to 3.4 us (Simple), 2 taken; every collective starts with a base latency of 8.4 us (Ring,
// Simple).
constexpr double kNvlinkHopS = 2e-6;
constexpr double kNcclBaseS = 8.4e-6;
} // namespace

const char* levelName(Level level) {
    switch (level) {
    case Level::Torus:
        return "ici";
    case Level::NvLink:
        return "nvlink";
    case Level::Dcn:
        return "dcn";
    case Level::Wan:
        return "wan";
    }
    return "";
}

int JobFabric::indexOf(const std::string& name) const {
    for (int i = 0; i < count; ++i)
        if (name == axes[static_cast<std::size_t>(i)].name)
            return i;
    return -1;
}

JobFabric jobFabric(const ClusterSpec& cluster, const JobPlacement& placement, LinkShares shares) {
    JobFabric f;
    const ChipType& chip = cluster.chip;
    const PlacedSlice& first = placement.slices.front();
    auto add = [&f](PhysicalAxis axis) {
        if (axis.size > 1)
            f.axes[static_cast<std::size_t>(f.count++)] = axis;
    };
    if (first.geometry) {
        static const char* names[] = {"x", "y", "z"};
        const SliceGeometry& g = *first.geometry;
        for (std::size_t a = 0; a < g.dims.size(); ++a)
            add({names[a], Level::Torus, g.dims[a], static_cast<bool>(g.wraps[a]),
                 chip.iciLinkGbyteS * chip.iciEfficiency, kIciHopS, chip.iciHalfBandwidthBytes});
        if (g.twisted) {
            SliceGeometry plain = g;
            plain.twisted = false;
            f.twistedAllToAllGain =
                torusMetrics(g, 1).bisectionLinks / torusMetrics(plain, 1).bisectionLinks;
        }
    } else {
        add({"nvlink", Level::NvLink, cluster.pod.jobGpusPerNode(), false,
             chip.nvlinkGbyteS * chip.nvlinkEfficiency, kNvlinkHopS,
             chip.nvlinkHalfBandwidthBytes});
        f.collectiveBaseS = kNcclBaseS;
    }

    // Pods (TPU slices) or nodes (GPU) of the job within a site, then sites.
    std::set<int> sites;
    for (const auto& s : placement.slices)
        sites.insert(cluster.siteOfPod(s.pod));
    const int siteCount = static_cast<int>(sites.size());
    int perSite = static_cast<int>(placement.slices.size()) / std::max(1, siteCount);
    if (!first.geometry)
        perSite *= static_cast<int>(first.nodes.size());
    // A chip's NIC share caps its DCN bandwidth; above the racks the pod's uplinks carry
    // chips_per_pod x NIC / oversubscription, shared by the jobs in the pod.
    const double nicPerChip = chip.dcnGbitS / 8.0 * chip.dcnEfficiency;
    const double podUplink =
        static_cast<double>(cluster.pod.chips()) * nicPerChip / cluster.network.dcnOversubscription;
    const double jobChipsPerPod =
        static_cast<double>(placement.chips()) / static_cast<double>(placement.slices.size());
    const double dcnPerChip = std::min(nicPerChip, podUplink * shares.dcn / jobChipsPerPod);
    // dcn.latency_us is the latency of one traversal of the network: one step of a ring
    // collective over it (collective_cost.cpp).
    f.dcnOverlap = cluster.network.dcnOverlap;
    f.iciOverlap = cluster.network.iciOverlap;
    add({"dcn", Level::Dcn, perSite, false, dcnPerChip, cluster.network.dcnLatencyUs * 1e-6,
         chip.dcnHalfBandwidthBytes});
    if (siteCount > 1) {
        // Every chip of a site sends through the WAN at once: each gets an equal share.
        const double chipsPerSite = static_cast<double>(placement.chips()) / siteCount;
        add({"wan", Level::Wan, siteCount, false,
             cluster.network.wanGbitS / 8.0 * shares.wan / chipsPerSite,
             cluster.network.wanLatencyMs * 1e-3, chip.dcnHalfBandwidthBytes});
    }
    return f;
}

} // namespace podplanner::model::perf

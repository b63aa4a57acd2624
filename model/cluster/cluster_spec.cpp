#include "cluster/cluster_spec.h"

#include <algorithm>

namespace podplanner::model {

const char* failureKindName(FailureKind kind) {
    static const char* names[] = {"chip",     "host",     "cube",   "ocs",
                                  "ici_link", "dcn_link", "switch", "power_row"};
    return names[static_cast<std::size_t>(kind)];
}

const char* podKindName(PodKind kind) {
    switch (kind) {
    case PodKind::Tpu3d:
        return "tpu-3d";
    case PodKind::Tpu2d:
        return "tpu-2d";
    case PodKind::GpuFatTree:
        return "gpu-fat-tree";
    }
    return "unknown";
}

std::int64_t PodSpec::chips() const {
    switch (kind) {
    case PodKind::Tpu3d:
        return static_cast<std::int64_t>(cubes) * chipsPerCube();
    case PodKind::Tpu2d:
        return static_cast<std::int64_t>(shape2d[0]) * shape2d[1];
    case PodKind::GpuFatTree:
        return static_cast<std::int64_t>(nodes) * gpusPerNode;
    }
    return 0;
}

std::int64_t PodSpec::hosts() const {
    if (kind == PodKind::GpuFatTree)
        return std::int64_t{nodes} * hostsPerNode();
    return chips() / chipsPerHost;
}

int PodSpec::racks() const {
    switch (kind) {
    case PodKind::Tpu3d:
        return cubes;
    case PodKind::Tpu2d:
        return static_cast<int>((hosts() + hostsPerRack - 1) / hostsPerRack);
    case PodKind::GpuFatTree:
        return (nodes + nodesPerRack - 1) / nodesPerRack;
    }
    return 0;
}

int PodSpec::ocsGroupsPerFacePosition() const {
    if (kind != PodKind::Tpu3d || ocsPortsUsed <= 0)
        return 0;
    // Every cube brings a "-" and a "+" face link per face position and axis.
    return (2 * cubes + ocsPortsUsed - 1) / ocsPortsUsed;
}

int PodSpec::ocsCount() const {
    if (kind != PodKind::Tpu3d)
        return 0;
    const int facePositions = cube[1] * cube[2] + cube[0] * cube[2] + cube[0] * cube[1];
    return facePositions * ocsGroupsPerFacePosition();
}

int PodSpec::leafDownPorts() const {
    return std::max(1, static_cast<int>(leafRadix * oversubscription / (1 + oversubscription)));
}

int PodSpec::leafUpPorts() const {
    return std::max(1, leafRadix - leafDownPorts());
}

std::int64_t PodSpec::leafSwitches() const {
    if (kind != PodKind::GpuFatTree)
        return 0;
    const int down = leafDownPorts();
    const std::int64_t nics = std::int64_t{nodes} * gpusPerNode;
    const std::int64_t units = (nodes + down - 1) / down;
    return railOptimized ? units * gpusPerNode : (nics + down - 1) / down;
}

std::int64_t PodSpec::spineSwitches() const {
    if (kind != PodKind::GpuFatTree)
        return 0;
    return std::max<std::int64_t>(1, (leafSwitches() * leafUpPorts() + leafRadix - 1) / leafRadix);
}

int ClusterSpec::podCount() const {
    int count = 0;
    for (const auto& site : sites)
        count += site.pods;
    return count;
}

int ClusterSpec::siteOfPod(int podIndex) const {
    int first = 0;
    for (std::size_t s = 0; s < sites.size(); ++s) {
        if (podIndex < first + sites[s].pods)
            return static_cast<int>(s);
        first += sites[s].pods;
    }
    return -1;
}

} // namespace podplanner::model

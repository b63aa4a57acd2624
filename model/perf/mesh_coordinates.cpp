#include "perf/mesh_coordinates.h"

#include "perf/fabric.h"
#include "topology/slice_coordinates.h"

#include <array>
#include <map>

namespace podplanner::model::perf {

namespace {

using PhysicalCoordinate = std::array<int, kMaxPhysicalAxes>;

// Each chip's coordinate along the fabric's physical axes (an axis the fabric leaves out, being
// of size 1, has none).
std::vector<PhysicalCoordinate> physicalCoordinates(const Topology& topology,
                                                    const JobPlacement& placement,
                                                    const JobFabric& fabric,
                                                    std::vector<std::int64_t>& chips) {
    const ClusterSpec& cluster = topology.cluster();
    const int x = fabric.indexOf("x"), y = fabric.indexOf("y"), z = fabric.indexOf("z"),
              nvlink = fabric.indexOf("nvlink"), dcn = fabric.indexOf("dcn"),
              wan = fabric.indexOf("wan");
    auto set = [](PhysicalCoordinate& at, int axis, int value) {
        if (axis >= 0)
            at[static_cast<std::size_t>(axis)] = value;
    };
    std::vector<PhysicalCoordinate> out;
    std::map<int, int> siteRank;    // site -> its rank among the job's sites
    std::map<int, int> unitsInSite; // site -> slices (TPU) or nodes (GPU) seen so far
    for (const auto& s : placement.slices)
        siteRank.emplace(cluster.siteOfPod(s.pod), 0);
    int rank = 0;
    for (auto& [site, r] : siteRank)
        r = rank++;
    for (const auto& slice : placement.slices) {
        const int site = cluster.siteOfPod(slice.pod);
        const auto sliceChips = topology.chipsOf(slice);
        const auto torus = sliceTorusCoordinates(cluster.pod, slice);
        const int unitBase = unitsInSite[site];
        const int gpusPerNode = std::max(1, cluster.pod.jobGpusPerNode());
        for (std::size_t i = 0; i < sliceChips.size(); ++i) {
            PhysicalCoordinate at{};
            set(at, wan, siteRank[site]);
            if (!torus.empty()) {
                set(at, x, torus[i][0]);
                set(at, y, torus[i][1]);
                set(at, z, torus[i][2]);
                set(at, dcn, unitBase);
            } else {
                set(at, nvlink, static_cast<int>(i) % gpusPerNode);
                set(at, dcn, unitBase + static_cast<int>(i) / gpusPerNode);
            }
            chips.push_back(sliceChips[i]);
            out.push_back(at);
        }
        unitsInSite[site] += torus.empty() ? static_cast<int>(slice.nodes.size()) : 1;
    }
    return out;
}

} // namespace

JobMeshCoordinates meshCoordinates(const Topology& topology, const JobPlacement& placement,
                                   const Layout& layout) {
    JobMeshCoordinates result;
    if (placement.slices.empty() || layout.mapping.count == 0)
        return result;
    const JobFabric fabric = jobFabric(topology.cluster(), placement);
    std::vector<std::int64_t> chips;
    const auto physical = physicalCoordinates(topology, placement, fabric, chips);
    std::int64_t meshChips = 1;
    for (int s : layout.sizes)
        meshChips *= s;
    if (meshChips != static_cast<std::int64_t>(chips.size()))
        return result;
    result.sizes = layout.sizes;
    result.chips = std::move(chips);
    result.mesh.reserve(physical.size());
    const auto& m = layout.mapping;
    for (const auto& at : physical) {
        std::array<int, kMaxPhysicalAxes> taken{};
        taken.fill(1);
        MeshSizes meshTaken{1, 1, 1, 1, 1, 1}, coordinate{0, 0, 0, 0, 0, 0};
        for (int k = 0; k < m.count; ++k) {
            const Segment& seg = m.segments[static_cast<std::size_t>(k)];
            const auto p = static_cast<std::size_t>(seg.physical);
            const int part = (at[p] / taken[p]) % seg.factor;
            taken[p] *= seg.factor;
            coordinate[seg.mesh] += part * meshTaken[seg.mesh];
            meshTaken[seg.mesh] *= seg.factor;
        }
        result.mesh.push_back(coordinate);
    }
    return result;
}

std::int64_t meshGroup(const MeshSizes& coordinate, const MeshSizes& sizes, std::size_t axis) {
    std::int64_t group = 0, scale = 1;
    for (std::size_t a = 0; a < kMeshAxes; ++a) {
        if (a == axis)
            continue;
        group += coordinate[a] * scale;
        scale *= sizes[a];
    }
    return group;
}

} // namespace podplanner::model::perf

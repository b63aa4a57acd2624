#include "sizing/occupancy.h"

#include "cluster/floor_layout.h"
#include "sizing/placement_options.h"
#include "topology/slice_shape.h"
#include "topology/topology.h"

#include <algorithm>
#include <map>

namespace podplanner::model::sizing {

namespace {

enum class Holder { Free, Job, Spare };

// A slice a planner would run: no side more than four times another (94 free cubes make
// 4x8x188 chips, a near-ring; 90 make 12x20x24). The OCS joins any cubes, but a long thin torus
// turns every collective along its long axis into many hops.
bool compactEnough(const std::vector<int>& shape) {
    if (shape.empty())
        return false;
    const auto [lo, hi] = std::minmax_element(shape.begin(), shape.end());
    return *hi <= 4 * *lo;
}

bool cubeFailed(const Topology& t, const PodSpec& pod, int p, int cube) {
    for (int x = 0; x < pod.cube[0]; ++x)
        for (int y = 0; y < pod.cube[1]; ++y)
            for (int z = 0; z < pod.cube[2]; ++z)
                if (!t.isChipAlive(t.chipInCube(p, cube, x, y, z)))
                    return true;
    return false;
}

PodOccupancy cubesOf(const Project& project, const std::vector<JobPlacement>& placements,
                     const Topology* topology, const FloorLayout& floor, int p) {
    const PodSpec& pod = project.cluster.pod;
    std::vector<Holder> holder(static_cast<std::size_t>(pod.cubes), Holder::Free);
    for (const auto& placement : placements) {
        for (const auto& slice : placement.slices)
            if (slice.pod == p)
                for (int c : slice.cubes)
                    holder[static_cast<std::size_t>(c)] = Holder::Job;
        if (!placement.slices.empty() && placement.slices.front().pod == p)
            for (int c : placement.spareCubes)
                if (holder[static_cast<std::size_t>(c)] == Holder::Free)
                    holder[static_cast<std::size_t>(c)] = Holder::Spare;
    }
    PodOccupancy o;
    o.pod = p;
    o.unit = "cubes";
    o.total = pod.cubes;
    std::map<int, int> byRow;
    for (int c = 0; c < pod.cubes; ++c) {
        const Holder h = holder[static_cast<std::size_t>(c)];
        if (h == Holder::Job) {
            ++o.used;
        } else if (h == Holder::Spare) {
            ++o.spares;
        } else if (topology && cubeFailed(*topology, pod, p, c)) {
            ++o.failed;
        } else {
            ++o.free;
            ++byRow[floor.chipRack(p, c).powerRow];
        }
    }
    o.freeByPowerRow.assign(byRow.begin(), byRow.end());
    for (const auto& [row, n] : o.freeByPowerRow)
        o.largestInOneRow = std::max(o.largestInOneRow, n);
    const int limit = std::min(o.free, pod.maxSliceCubes > 0 ? pod.maxSliceCubes : o.free);
    for (int n = limit; n > 0 && o.largestSliceUnits == 0; --n)
        if (const auto shape = mostCubicShape(pod, n); compactEnough(shape)) {
            o.largestSliceUnits = n;
            o.largestSlice = SliceShape{shape}.text();
        }
    if (o.largestSliceUnits == 0)
        o.largestSlice = "none";
    return o;
}

PodOccupancy nodesOf(const Project& project, const std::vector<JobPlacement>& placements,
                     const Topology* topology, int p) {
    const PodSpec& pod = project.cluster.pod;
    std::vector<bool> held(static_cast<std::size_t>(pod.nodes), false);
    for (const auto& placement : placements)
        for (const auto& slice : placement.slices)
            if (slice.pod == p)
                for (int n : slice.nodes)
                    held[static_cast<std::size_t>(n)] = true;
    PodOccupancy o;
    o.pod = p;
    o.unit = "nodes";
    o.total = pod.nodes;
    for (int n = 0; n < pod.nodes; ++n) {
        bool dead = false;
        if (topology) {
            PlacedSlice node;
            node.pod = p;
            node.nodes = {n};
            node.chips = pod.jobGpusPerNode();
            for (std::int64_t chip : topology->chipsOf(node))
                dead = dead || !topology->isChipAlive(chip);
        }
        if (held[static_cast<std::size_t>(n)])
            ++o.used;
        else if (dead)
            ++o.failed;
        else
            ++o.free;
    }
    // Nodes reach each other over the fat tree wherever they stand: any free ones form a job.
    o.largestSliceUnits = o.free;
    o.largestSlice = o.free > 0 ? std::to_string(o.free) + " nodes" : "none";
    return o;
}

PodOccupancy chipsOf(const Project& project, const std::vector<JobPlacement>& placements, int p) {
    const PodSpec& pod = project.cluster.pod;
    PodOccupancy o;
    o.pod = p;
    o.unit = "chips";
    o.total = pod.shape2d[0] * pod.shape2d[1];
    for (const auto& placement : placements)
        for (const auto& slice : placement.slices)
            if (slice.pod == p)
                o.used += static_cast<int>(slice.chips);
    o.free = std::max(0, o.total - o.used);
    o.largestSliceUnits = o.free;
    o.largestSlice = o.free > 0 ? std::to_string(o.free) + " chips" : "none";
    return o;
}

} // namespace

std::vector<PodOccupancy> podOccupancy(const Project& project,
                                       const std::vector<JobPlacement>& placements,
                                       const Topology* topology) {
    std::vector<PodOccupancy> out;
    const FloorLayout floor = buildFloorLayout(project.cluster);
    for (int p = 0; p < project.cluster.podCount(); ++p) {
        switch (project.cluster.pod.kind) {
        case PodKind::Tpu3d:
            out.push_back(cubesOf(project, placements, topology, floor, p));
            break;
        case PodKind::GpuFatTree:
            out.push_back(nodesOf(project, placements, topology, p));
            break;
        default:
            out.push_back(chipsOf(project, placements, p));
            break;
        }
    }
    return out;
}

} // namespace podplanner::model::sizing

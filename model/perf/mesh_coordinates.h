#pragma once
// Where each chip of a job sits in its device mesh. A chip's physical coordinate (its torus
// x, y, z within its slice, or its GPU within the node; then its slice or node along the DCN;
// then its site along the WAN) is cut into the mapping's segments: the first segment on a
// physical axis takes the fastest-varying factor, the next the factor above it, and so on; a
// mesh axis's segments combine, first segment fastest. The scene colours chips by the group of
// a mesh axis they are in: the chips that run that axis's collectives together.
#include "perf/step_model.h"
#include "topology/topology.h"

#include <vector>

namespace podplanner::model::perf {

struct JobMeshCoordinates {
    std::vector<std::int64_t> chips; // the job's chips (slice by slice, Topology::chipsOf order)
    std::vector<MeshSizes> mesh;     // mesh coordinate of each, indexed by MeshAxis
    MeshSizes sizes{1, 1, 1, 1, 1, 1};
};

// Empty when the layout has no mapping or the mesh does not cover the job's chips exactly.
JobMeshCoordinates meshCoordinates(const Topology& topology, const JobPlacement& placement,
                                   const Layout& layout);

// Which group of mesh axis `axis` a coordinate belongs to: the chips that differ only along
// `axis` share a group. Groups are numbered 0 .. chips / sizes[axis] - 1.
std::int64_t meshGroup(const MeshSizes& coordinate, const MeshSizes& sizes, std::size_t axis);

} // namespace podplanner::model::perf

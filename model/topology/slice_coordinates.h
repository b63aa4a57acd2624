#pragma once
// The torus coordinate of every chip of a placed TPU slice, in Topology::chipsOf order. The OCS
// can wire any cube into any place of a slice; PodPlanner puts the slice's k-th cube at the k-th
// place of its cube grid, x fastest, then y, then z. A sub-cube slice sits at its cube's origin
// corner; a 2D slice's chips are contiguous, x fastest.
#include "cluster/cluster_spec.h"
#include "project/placement.h"

#include <array>
#include <vector>

namespace podplanner::model {

// Empty for slices without a torus (GPU nodes).
std::vector<std::array<int, 3>> sliceTorusCoordinates(const PodSpec& pod, const PlacedSlice& slice);

} // namespace podplanner::model

#pragma once
// The links of a placed slice's torus, each once (one step up every axis): inside a cube,
// optical from one cube's face through an OCS to the next cube's, or the wraparound from a
// ring's last chip back to its first (to where the twist sends it).
#include "cluster/cluster_spec.h"
#include "project/placement.h"

#include <array>
#include <cstddef>
#include <vector>

namespace podplanner::model {

enum class TorusLinkKind { Electrical, Optical, Wraparound };

struct TorusLink {
    std::size_t from = 0, to = 0; // indices into the slice's coordinates (chipsOf order)
    std::size_t axis = 0;
    TorusLinkKind kind = TorusLinkKind::Electrical;
};

// `coords` is sliceTorusCoordinates(pod, slice). Empty for slices without a torus (GPU nodes).
std::vector<TorusLink> sliceTorusLinks(const PodSpec& pod, const PlacedSlice& slice,
                                       const std::vector<std::array<int, 3>>& coords);

} // namespace podplanner::model

#pragma once
// Hop counts and bisection of a slice's torus (docs/topology.md has the derivations).
#include "topology/slice_shape.h"

namespace podplanner::model {

struct TorusMetrics {
    int diameter = 0;           // hops between the farthest pair of chips
    double averageHops = 0;     // over all ordered pairs of distinct chips
    double bisectionLinks = 0;  // links across the worst balanced cut (all-to-all equivalent)
    double bisectionGbyteS = 0; // bisectionLinks x per-link one-way bandwidth (one direction)
};

TorusMetrics torusMetrics(const SliceGeometry& slice, double linkGbyteS);

// Neighbour of chip `coord` one step along `axis` in `direction` (+1/-1), following wraparound
// links (and their twist). Returns false where the axis ends without wraparound.
bool torusNeighbour(const SliceGeometry& slice, const std::vector<int>& coord, std::size_t axis,
                    int direction, std::vector<int>& out);

} // namespace podplanner::model

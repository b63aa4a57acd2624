#include "topology/torus_metrics.h"

#include <algorithm>
#include <cstdint>
#include <deque>

namespace podplanner::model {

namespace {

// Shift that the wraparound link of `axis` adds to each other axis in a twisted torus:
// n x n x 2n twists each short-axis wrap by n along the long axis; n x 2n x 2n twists the
// short-axis wrap by n along both long axes. The principle is the Cloud TPU v4 docs' ("Twisted
// torus topologies"); the exact 3D offsets follow unofficial sources that agree with each other
// and with ISCA 2023's measured all-to-all gains (docs/topology.md).
std::vector<int> twistOffsets(const SliceGeometry& slice, std::size_t axis) {
    std::vector<int> offsets(slice.dims.size(), 0);
    if (!slice.twisted)
        return offsets;
    const int shortest = *std::min_element(slice.dims.begin(), slice.dims.end());
    if (slice.dims[axis] != shortest)
        return offsets;
    for (std::size_t other = 0; other < slice.dims.size(); ++other)
        if (slice.dims[other] == 2 * shortest)
            offsets[other] = shortest;
    return offsets;
}

std::int64_t linearIndex(const std::vector<int>& dims, const std::vector<int>& coord) {
    std::int64_t index = 0;
    for (std::size_t a = dims.size(); a-- > 0;)
        index = index * dims[a] + coord[a];
    return index;
}

// Breadth-first search from chip 0; twisted tori are vertex-transitive (Cayley graphs), so one
// source gives the exact diameter and average.
void bfsFromOrigin(const SliceGeometry& slice, int& diameter, double& distanceSum) {
    const std::int64_t n = slice.chips();
    std::vector<int> distance(static_cast<std::size_t>(n), -1);
    std::deque<std::vector<int>> queue;
    queue.push_back(std::vector<int>(slice.dims.size(), 0));
    distance[0] = 0;
    diameter = 0;
    distanceSum = 0;
    std::vector<int> next;
    while (!queue.empty()) {
        const std::vector<int> coord = queue.front();
        queue.pop_front();
        const int d = distance[static_cast<std::size_t>(linearIndex(slice.dims, coord))];
        for (std::size_t axis = 0; axis < slice.dims.size(); ++axis)
            for (int direction : {+1, -1}) {
                if (!torusNeighbour(slice, coord, axis, direction, next))
                    continue;
                auto& nd = distance[static_cast<std::size_t>(linearIndex(slice.dims, next))];
                if (nd >= 0)
                    continue;
                nd = d + 1;
                diameter = std::max(diameter, nd);
                distanceSum += nd;
                queue.push_back(next);
            }
    }
}

} // namespace

bool torusNeighbour(const SliceGeometry& slice, const std::vector<int>& coord, std::size_t axis,
                    int direction, std::vector<int>& out) {
    out = coord;
    const int n = slice.dims[axis];
    const int moved = coord[axis] + direction;
    if (moved >= 0 && moved < n) {
        out[axis] = moved;
        return true;
    }
    if (!slice.wraps[axis])
        return false;
    out[axis] = (moved + n) % n;
    const auto offsets = twistOffsets(slice, axis);
    for (std::size_t other = 0; other < slice.dims.size(); ++other) {
        const int m = slice.dims[other];
        out[other] = ((out[other] + direction * offsets[other]) % m + m) % m;
    }
    return true;
}

TorusMetrics torusMetrics(const SliceGeometry& slice, double linkGbyteS) {
    TorusMetrics m;
    const double chips = static_cast<double>(slice.chips());
    if (chips < 2)
        return m;
    if (slice.twisted) {
        double distanceSum = 0;
        bfsFromOrigin(slice, m.diameter, distanceSum);
        m.averageHops = distanceSum / (chips - 1);
        // Twisted tori load all 6 link directions equally under all-to-all traffic, so the
        // concurrent-flow bound N^2 / (4 * load per link) is 6 N^2 / (4 S), S = distance sum.
        m.bisectionLinks = 1.5 * chips * chips / distanceSum;
    } else {
        double meanSum = 0; // sum over axes of the mean distance along that axis (pairs incl. self)
        m.bisectionLinks = -1;
        for (std::size_t a = 0; a < slice.dims.size(); ++a) {
            const int n = slice.dims[a];
            const bool ring = slice.wraps[a];
            m.diameter += ring ? n / 2 : n - 1;
            meanSum += ring ? static_cast<double>((n * n) / 4) / n
                            : (static_cast<double>(n) * n - 1) / (3.0 * n);
            if (n < 2)
                continue;
            // Cutting this axis in half severs one link per line, two with wraparound (a ring of
            // two chips has a single link).
            const double cut = chips / n * (ring && n > 2 ? 2 : 1);
            if (m.bisectionLinks < 0 || cut < m.bisectionLinks)
                m.bisectionLinks = cut;
        }
        m.averageHops = chips * meanSum / (chips - 1);
    }
    m.bisectionGbyteS = m.bisectionLinks * linkGbyteS;
    return m;
}

} // namespace podplanner::model

#include "topology/slice_links.h"

#include "topology/torus_metrics.h"

namespace podplanner::model {

std::vector<TorusLink> sliceTorusLinks(const PodSpec& pod, const PlacedSlice& slice,
                                       const std::vector<std::array<int, 3>>& coords) {
    std::vector<TorusLink> links;
    if (!slice.geometry || coords.empty())
        return links;
    const SliceGeometry& g = *slice.geometry;
    // Each coordinate's place in row-major order, to find the chip a step leads to.
    auto indexOf = [&g](const std::vector<int>& c) {
        std::size_t index = 0;
        for (std::size_t a = 0; a < g.dims.size(); ++a)
            index = index * static_cast<std::size_t>(g.dims[a]) + static_cast<std::size_t>(c[a]);
        return index;
    };
    std::size_t total = 1;
    for (int d : g.dims)
        total *= static_cast<std::size_t>(d);
    std::vector<std::size_t> chipAt(total, coords.size());
    std::vector<int> c(g.dims.size(), 0), next;
    for (std::size_t i = 0; i < coords.size(); ++i) {
        for (std::size_t a = 0; a < g.dims.size(); ++a)
            c[a] = coords[i][a];
        chipAt[indexOf(c)] = i;
    }
    // Between two cubes a link is optical (TPU 3D pods; a sub-cube slice stays in its cube).
    const bool cubes = pod.kind == PodKind::Tpu3d && !g.subCube;
    for (std::size_t i = 0; i < coords.size(); ++i) {
        for (std::size_t a = 0; a < g.dims.size(); ++a)
            c[a] = coords[i][a];
        for (std::size_t a = 0; a < g.dims.size(); ++a) {
            if (!torusNeighbour(g, c, a, +1, next))
                continue;
            const std::size_t to = chipAt[indexOf(next)];
            if (to == coords.size())
                continue;
            TorusLinkKind kind = TorusLinkKind::Wraparound;
            if (c[a] + 1 < g.dims[a])
                kind = cubes && a < 3 && (c[a] + 1) % pod.cube[a] == 0 ? TorusLinkKind::Optical
                                                                       : TorusLinkKind::Electrical;
            links.push_back({i, to, a, kind});
        }
    }
    return links;
}

} // namespace podplanner::model

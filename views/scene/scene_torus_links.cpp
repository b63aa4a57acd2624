// Up close in the physical view, the selected job's torus links between the chips drawn one by
// one: inside a cube, optical from cube to cube, and the wraparound back to the ring's start.
// A planner sees where the slice's rings run on the floor without leaving the physical view.
#include "scene_controller.h"

#include "analysis/project_analysis.h"
#include "scene_layout.h"
#include "topology/slice_coordinates.h"
#include "topology/topology.h"
#include "topology/torus_metrics.h"

#include <unordered_map>

namespace podplanner::views {

using namespace scene_layout;

void SceneController::buildPhysicalTorusLinks() {
    QVector<QVector3D> links, wraps;
    QVector<QColor> linkColors;
    const auto& placements = analysis_->placements;
    const bool placed = job_ >= 0 && job_ < static_cast<int>(placements.size()) &&
                        !placements[static_cast<std::size_t>(job_)].slices.empty() &&
                        placements[static_cast<std::size_t>(job_)].slices.front().geometry;
    if (!detailed_.empty() && placed) {
        // Where each chip drawn one by one stands (racks far away are drawn whole).
        std::unordered_map<qint64, QVector3D> drawn;
        for (qsizetype i = 0; i < boxChip_.size(); ++i)
            if (boxChip_[i] >= 0)
                drawn.emplace(boxChip_[i], boxes_.boxes()[i].center);
        const model::PlacedSlice& slice = placements[static_cast<std::size_t>(job_)].slices.front();
        const model::SliceGeometry& g = *slice.geometry;
        const auto chips = topology_->chipsOf(slice);
        const auto coords = model::sliceTorusCoordinates(topology_->cluster().pod, slice);
        // The chip at each torus coordinate, by its index in row-major order.
        auto indexOf = [&g](const std::vector<int>& c) {
            std::size_t index = 0;
            for (std::size_t a = 0; a < g.dims.size(); ++a)
                index = index * static_cast<std::size_t>(g.dims[a]) + static_cast<std::size_t>(c[a]);
            return index;
        };
        std::size_t total = 1;
        for (int d : g.dims)
            total *= static_cast<std::size_t>(d);
        std::vector<qint64> chipAt(total, -1);
        std::vector<int> c(g.dims.size(), 0), next;
        for (std::size_t i = 0; i < chips.size(); ++i) {
            for (std::size_t a = 0; a < g.dims.size(); ++a)
                c[a] = coords[i][a];
            chipAt[indexOf(c)] = chips[i];
        }
        const auto& cube = topology_->cluster().pod.cube;
        const bool cubes = topology_->cluster().pod.kind == model::PodKind::Tpu3d && !g.subCube;
        for (std::size_t i = 0; i < chips.size(); ++i) {
            const auto from = drawn.find(chips[i]);
            if (from == drawn.end())
                continue;
            for (std::size_t a = 0; a < g.dims.size(); ++a)
                c[a] = coords[i][a];
            for (std::size_t a = 0; a < g.dims.size(); ++a) {
                if (!model::torusNeighbour(g, c, a, +1, next))
                    continue;
                const auto to = drawn.find(chipAt[indexOf(next)]);
                if (to == drawn.end())
                    continue;
                if (c[a] + 1 >= g.dims[a]) {
                    wraps << from->second << to->second;
                    continue;
                }
                const bool optical = cubes && a < 3 && (c[a] + 1) % cube[a] == 0;
                links << from->second << to->second;
                linkColors << (optical ? kOptical : kLink);
            }
        }
    }
    links_.setRibbonWidth(thickLinks_ ? kPhysicalLinkWidth : 0);
    arcs_.setRibbonWidth(thickLinks_ ? kPhysicalLinkWidth : 0);
    links_.setSegments(links, linkColors, kLink);
    arcs_.setSegments(wraps, {}, kArc);
}

} // namespace podplanner::views

// Up close in the physical view, the selected job's torus links between the chips drawn one by
// one: inside a cube, optical from cube to cube, and the wraparound back to the ring's start.
// A planner sees where the slice's rings run on the floor without leaving the physical view.
#include "scene_controller.h"

#include "analysis/project_analysis.h"
#include "scene_layout.h"
#include "topology/slice_coordinates.h"
#include "topology/slice_links.h"
#include "topology/topology.h"

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
        const auto& pod = topology_->cluster().pod;
        const auto chips = topology_->chipsOf(slice);
        const auto coords = model::sliceTorusCoordinates(pod, slice);
        for (const model::TorusLink& link : model::sliceTorusLinks(pod, slice, coords)) {
            const auto from = drawn.find(chips[link.from]);
            const auto to = drawn.find(chips[link.to]);
            if (from == drawn.end() || to == drawn.end())
                continue;
            if (link.kind == model::TorusLinkKind::Wraparound) {
                wraps << from->second << to->second;
                continue;
            }
            links << from->second << to->second;
            linkColors << (link.kind == model::TorusLinkKind::Optical ? kOptical : kLink);
        }
    }
    links_.setRibbonWidth(thickLinks_ ? kPhysicalLinkWidth : 0);
    arcs_.setRibbonWidth(thickLinks_ ? kPhysicalLinkWidth : 0);
    links_.setSegments(links, linkColors, kLink);
    arcs_.setSegments(wraps, {}, kArc);
}

} // namespace podplanner::views

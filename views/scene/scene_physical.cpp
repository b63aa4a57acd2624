// The physical view's geometry: racks and chips where they stand on the floor (chips only in
// the racks near where the camera looks), the floor's power-row outlines, and the optical links
// of the selected job.
#include "scene_controller.h"

#include "analysis/project_analysis.h"
#include "component_kinds.h"
#include "network_layer.h"
#include "project/project.h"
#include "scene_layout.h"
#include "topology/topology.h"

#include <QVector2D>

#include <algorithm>
#include <cmath>
#include <map>

namespace podplanner::views {

using namespace scene_layout;

QVector3D SceneController::rackPosition(const model::Rack& rack) const {
    return QVector3D(static_cast<float>(rack.site) * siteOffset_ +
                         static_cast<float>(rack.column) * kRackPitchX,
                     0, static_cast<float>(rack.row) * kRackPitchZ);
}

std::vector<int> SceneController::chooseDetailedRacks() const {
    const auto& racks = topology_->floor().racks;
    std::vector<int> chosen;
    if (showChips_) {
        for (std::size_t r = 0; r < racks.size(); ++r)
            chosen.push_back(static_cast<int>(r));
        return chosen;
    }
    const float detailDistance = std::min(kDetailDistance, kDetailShareOfExtent * extent_);
    if (view_ != "physical" || focusDistance_ < 0 || focusDistance_ > detailDistance)
        return chosen;
    // The racks nearest the point the camera looks at, within about the width it sees.
    const float radius = std::max(300.0f, focusDistance_);
    std::vector<std::pair<float, int>> near;
    for (std::size_t r = 0; r < racks.size(); ++r) {
        const QVector3D at = rackPosition(racks[r]);
        const float d = QVector2D(at.x() - focus_.x(), at.z() - focus_.z()).length();
        if (d <= radius && !rackChips_[r].empty())
            near.push_back({d, static_cast<int>(r)});
    }
    std::sort(near.begin(), near.end());
    int chips = 0;
    for (const auto& [d, r] : near) {
        chips += static_cast<int>(rackChips_[static_cast<std::size_t>(r)].size());
        if (chips > kMaxDetailChips)
            break;
        chosen.push_back(r);
    }
    std::sort(chosen.begin(), chosen.end());
    return chosen;
}

void SceneController::buildPhysical() {
    const model::FloorLayout& floor = topology_->floor();
    const model::PodSpec& pod = topology_->cluster().pod;
    int maxColumn = 0;
    for (const auto& r : floor.racks)
        maxColumn = std::max(maxColumn, r.column);
    siteOffset_ = (static_cast<float>(maxColumn) + 6) * kRackPitchX;
    detailed_ = chooseDetailedRacks();
    std::vector<char> detailed(floor.racks.size(), 0);
    for (int r : detailed_)
        detailed[static_cast<std::size_t>(r)] = 1;
    QVector<Box> boxes;
    // A rack with a chip down stands on a red plate, seen from any side and from above: inside
    // the rack the chip itself can be hidden (a cube's inner chips, an NVL72 rack's bottom
    // tray). Flat under the chips, so picking from above still finds them.
    const auto addFailedPlate = [&](std::size_t r, const QVector3D& base) {
        boxes.push_back({base + QVector3D(0, kFailedPlateHeight / 2, 0),
                         QVector3D(kFailedPlateWidth, kFailedPlateHeight, kFailedPlateDepth),
                         ChipColoring::kFailed});
        boxChip_.push_back(-1);
        boxRack_.push_back(static_cast<int>(r));
    };
    for (std::size_t r = 0; r < floor.racks.size(); ++r) {
        const model::Rack& rack = floor.racks[r];
        const QVector3D base = rackPosition(rack);
        const auto& chips = rackChips_[r];
        if (rack.kind == model::RackKind::Ocs || chips.empty()) {
            boxes.push_back({base + QVector3D(0, kRackHeight / 2, 0),
                             QVector3D(kRackWidth, kRackHeight, kRackWidth),
                             ocsRackFailed(static_cast<int>(r)) ? ChipColoring::kFailed : kOcs});
            boxChip_.push_back(-1);
            boxRack_.push_back(static_cast<int>(r));
            continue;
        }
        const auto down = std::find_if(chips.begin(), chips.end(),
                                       [this](qint64 c) { return !topology_->isChipAlive(c); });
        if (!detailed[r]) {
            // The rack takes the colour of its first chip, red when any of its chips is down.
            const qint64 shown = down != chips.end() ? *down : chips.front();
            boxes.push_back({base + QVector3D(0, kRackHeight / 2, 0),
                             QVector3D(kRackWidth, kRackHeight, kRackWidth),
                             colorOf(shown, ownerOf(shown))});
            boxChip_.push_back(-1);
            boxRack_.push_back(static_cast<int>(r));
        }
        if (down != chips.end())
            addFailedPlate(r, base);
        if (!detailed[r])
            continue;
        // Chips inside the rack: a cube's 4x4x4 (x across, z up the rack, y in depth), or GPUs
        // stacked node by node.
        for (std::size_t i = 0; i < chips.size(); ++i) {
            const auto at = topology_->locate(chips[i]);
            // A TPU cube's chip at its (x, y, z); otherwise slot by slot, 4 x 4 per level.
            const int slot = static_cast<int>(i);
            const bool cube = pod.kind == model::PodKind::Tpu3d;
            const float x = static_cast<float>(cube ? at.coord[0] % 4 : slot % 4);
            const float depth = static_cast<float>(cube ? at.coord[1] % 4 : (slot / 4) % 4);
            const float level = static_cast<float>(cube ? at.coord[2] : slot / 16);
            const QVector3D offset((x - 1.5f) * 14, 30 + level * 45, (depth - 1.5f) * 14);
            boxes.push_back(
                {base + offset, QVector3D(10, 30, 10), colorOf(chips[i], ownerOf(chips[i]))});
            boxChip_.push_back(chips[i]);
            boxRack_.push_back(static_cast<int>(r));
        }
    }
    if (showNetwork_) {
        const NetworkLayer layer = buildNetworkLayer(
            *topology_, [this](const model::Rack& rack) { return rackPosition(rack); });
        for (qsizetype i = 0; i < layer.boxes.size(); ++i) {
            boxes.push_back(layer.boxes[i]);
            boxChip_.push_back(-1);
            boxRack_.push_back(-2 - static_cast<int>(i));
        }
        networkLabels_ = layer.labels;
        network_.setSegments(layer.lines, layer.lineColors);
    }
    boxes_.setBoxes(std::move(boxes));
    buildPhysicalTorusLinks();
    buildFloorLines();
    buildOpticalLinks();
    buildSelectionLines();
}

void SceneController::buildOpticalLinks() {
    // The selected job's cubes to the optical circuit switches of their pod (TPU pods): every
    // cube has links to every OCS, which is how any cube can take any place in a slice.
    const auto& floor = topology_->floor();
    if (!showOptical_ || topology_->cluster().pod.kind != model::PodKind::Tpu3d ||
        job_ >= static_cast<int>(analysis_->placements.size()))
        return;
    QVector<QVector3D> lines;
    for (const auto& slice : analysis_->placements[static_cast<std::size_t>(job_)].slices) {
        if (!slice.geometry || slice.geometry->subCube)
            continue; // a sub-cube slice uses no optical link
        std::vector<QVector3D> switches;
        for (const model::Rack& rack : floor.racks)
            if (rack.kind == model::RackKind::Ocs && rack.pod == slice.pod)
                switches.push_back(rackPosition(rack) + QVector3D(0, kRackHeight, 0));
        for (int cube : slice.cubes) {
            const auto& rack = floor.racks[static_cast<std::size_t>(
                floor.firstChipRackOfPod[static_cast<std::size_t>(slice.pod)] + cube)];
            const QVector3D top = rackPosition(rack) + QVector3D(0, kRackHeight, 0);
            for (const QVector3D& s : switches)
                lines << top << s;
        }
    }
    optical_.setSegments(lines, {}, kOptical);
}

} // namespace podplanner::views

// The scene's selection (racks picked by click or rubber band, framed in amber) and picking (which
// box a ray from the camera meets, named as the rest of the window names it).
#include "component_kinds.h"
#include "project/project.h"
#include "scene_controller.h"
#include "scene_layout.h"
#include "topology/topology.h"

#include <QVariantMap>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace podplanner::views {

using namespace scene_layout;

namespace {

bool hit(const QVector3D& origin, const QVector3D& dir, const Box& b, float& distance) {
    // Slab test against the axis-aligned box.
    float tMin = 0, tMax = std::numeric_limits<float>::max();
    for (int a = 0; a < 3; ++a) {
        const float lo = b.center[a] - b.size[a] / 2, hi = b.center[a] + b.size[a] / 2;
        if (std::abs(dir[a]) < 1e-9f) {
            if (origin[a] < lo || origin[a] > hi)
                return false;
            continue;
        }
        float t1 = (lo - origin[a]) / dir[a], t2 = (hi - origin[a]) / dir[a];
        if (t1 > t2)
            std::swap(t1, t2);
        tMin = std::max(tMin, t1);
        tMax = std::min(tMax, t2);
        if (tMin > tMax)
            return false;
    }
    distance = tMin;
    return true;
}

} // namespace

void SceneController::buildSelectionLines() {
    // A frame around each selected rack, a little larger than the rack.
    QVector<QVector3D> lines;
    if (topology_ && view_ == "physical") {
        const auto& racks = topology_->floor().racks;
        const float h = kRackWidth / 2 + 6, top = kRackHeight + 6 - kFloorLineHeight;
        for (int r : selection_) {
            const QVector3D b = rackPosition(racks[static_cast<std::size_t>(r)]) +
                                QVector3D(0, kFloorLineHeight, 0);
            const std::array<QVector3D, 4> corners = {
                b + QVector3D(-h, 0, -h), b + QVector3D(h, 0, -h), b + QVector3D(h, 0, h),
                b + QVector3D(-h, 0, h)};
            for (std::size_t i = 0; i < 4; ++i) {
                const QVector3D a = corners[i], n = corners[(i + 1) % 4];
                const QVector3D up(0, top, 0);
                lines << a << n << a + up << n + up << a << a + up;
            }
        }
    }
    selectionLines_.setSegments(lines, {}, QColor("#f9ab00"));
}

QVariantList SceneController::selectedRacks() const {
    QVariantList out;
    for (int r : selection_)
        out << r;
    return out;
}

void SceneController::selectRacks(const QVariantList& racks, bool add) {
    std::vector<int> next = add ? selection_ : std::vector<int>{};
    const int count = topology_ ? static_cast<int>(topology_->floor().racks.size()) : 0;
    for (const QVariant& v : racks) {
        const int r = v.toInt();
        if (r < 0 || r >= count)
            continue;
        const auto at = std::find(next.begin(), next.end(), r);
        if (add && at != next.end() && racks.size() == 1)
            next.erase(at); // shift-click on a selected rack takes it out
        else if (at == next.end())
            next.push_back(r);
    }
    std::sort(next.begin(), next.end());
    if (next == selection_)
        return;
    selection_ = std::move(next);
    buildSelectionLines();
    emit selectionChanged();
}

void SceneController::select(const QVariantMap& hit, bool add) {
    const int rack = hit.value(QStringLiteral("rack"), -1).toInt();
    if (rack < 0) {
        if (!add)
            clearSelection();
        return;
    }
    selectRacks({rack}, add);
}

void SceneController::clearSelection() {
    selectRacks({}, false);
}

QVariantList SceneController::rackCenters() const {
    QVariantList out;
    if (!topology_ || view_ != "physical")
        return out;
    const auto& racks = topology_->floor().racks;
    for (std::size_t r = 0; r < racks.size(); ++r)
        if (racks[r].kind == model::RackKind::Chips)
            out << QVariantMap{
                {"rack", static_cast<int>(r)},
                {"center", rackPosition(racks[r]) + QVector3D(0, kRackHeight / 2, 0)}};
    return out;
}

QVariantMap SceneController::selectionBounds() const {
    if (!topology_ || selection_.empty())
        return {};
    QVector3D lo(std::numeric_limits<float>::max(), 0, std::numeric_limits<float>::max());
    QVector3D hi(-lo.x(), kRackHeight, -lo.z());
    for (int r : selection_) {
        const QVector3D at = rackPosition(topology_->floor().racks[static_cast<std::size_t>(r)]);
        lo = QVector3D(std::min(lo.x(), at.x() - kRackWidth), 0,
                       std::min(lo.z(), at.z() - kRackWidth));
        hi = QVector3D(std::max(hi.x(), at.x() + kRackWidth), kRackHeight,
                       std::max(hi.z(), at.z() + kRackWidth));
    }
    return {{"center", (lo + hi) / 2}, {"radius", (hi - lo).length() / 2}};
}

QVector3D SceneController::rackScenePosition(int rack) const {
    // The rack's middle, however it is drawn (whole, or chip by chip on its plate).
    if (!topology_ || view_ != "physical" || rack < 0 ||
        rack >= static_cast<int>(topology_->floor().racks.size()))
        return {};
    return rackPosition(topology_->floor().racks[static_cast<std::size_t>(rack)]) +
           QVector3D(0, kRackHeight / 2, 0);
}

QVector3D SceneController::chipScenePosition(qint64 chip) const {
    for (int i = 0; i < boxChip_.size(); ++i)
        if (boxChip_[i] == chip)
            return boxes_.boxes()[i].center;
    // Not drawn by itself: its rack, drawn whole.
    if (topology_ && chip >= 0 && chip < topology_->chipCount())
        return rackScenePosition(topology_->locate(chip).rack);
    return {};
}

QVariantMap SceneController::pickRay(const QVector3D& origin, const QVector3D& direction) const {
    float best = std::numeric_limits<float>::max();
    int bestIndex = -1;
    const auto& boxes = boxes_.boxes();
    for (int i = 0; i < boxes.size(); ++i) {
        float d = 0;
        if (hit(origin, direction, boxes[i], d) && d < best) {
            best = d;
            bestIndex = i;
        }
    }
    if (bestIndex < 0 || !topology_)
        return {};
    const qint64 chip = boxChip_[bestIndex];
    if (boxRack_[bestIndex] <= -2) // a switch or router of the network layer
        return {{"label", networkLabels_.value(-2 - boxRack_[bestIndex])}, {"network", true}};
    const int rackIndex = chip >= 0 ? topology_->locate(chip).rack : boxRack_[bestIndex];
    const model::Rack& rack = topology_->floor().racks[static_cast<std::size_t>(rackIndex)];
    const bool ocs = rack.kind == model::RackKind::Ocs;
    // A whole rack is its first chip's job, as its colour is (a TPU cube belongs to one job).
    const auto& chipsOfRack = rackChips_[static_cast<std::size_t>(rackIndex)];
    const qint64 ownerChip = chip >= 0 ? chip : chipsOfRack.empty() ? -1 : chipsOfRack.front();
    const int owner = ownerChip >= 0 ? ownerOf(ownerChip) : -1;
    // The same names as the context menu, the failures list and the undo entries
    // (componentLabel).
    const QString rackName = componentLabel(topology_, {model::ComponentKind::Rack, rackIndex});
    QString label;
    if (chip >= 0) {
        const auto at = topology_->locate(chip);
        label = tr("chip %1 (%2, %3, %4) · host %5 · %6 (row %7, column %8) · power row %9")
                    .arg(chip)
                    .arg(at.coord[0])
                    .arg(at.coord[1])
                    .arg(at.coord[2])
                    .arg(at.host)
                    .arg(inSentence(rackName))
                    .arg(rack.row)
                    .arg(rack.column)
                    .arg(rack.powerRow);
    } else {
        label = tr("%1 (row %2, column %3) · power row %4")
                    .arg(rackName)
                    .arg(rack.row)
                    .arg(rack.column)
                    .arg(rack.powerRow);
    }
    if (owner >= 0 && owner < static_cast<int>(document_->project()->jobs.size()))
        label += tr(" · job %1")
                     .arg(QString::fromStdString(
                         document_->project()->jobs[static_cast<std::size_t>(owner)].name));
    if (chip >= 0 && !topology_->isChipAlive(chip))
        label += tr(" · FAILED");
    return {{"chip", chip},
            {"host", chip >= 0 ? static_cast<qint64>(topology_->locate(chip).host) : qint64{-1}},
            {"job", owner},
            {"rack", rackIndex},
            {"powerRow", rack.powerRow},
            {"ocs", ocs},
            {"label", label}};
}

} // namespace podplanner::views

// The floor under the physical view: a metre grid to judge distances by, each power row
// outlined, and where its name and the rows' numbers go (drawn by the QML as 2D labels).
#include "scene_controller.h"

#include "scene_layout.h"
#include "topology/topology.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace podplanner::views {

using namespace scene_layout;

namespace {
// Grid lines one metre apart (scene units are centimetres), coarser on floors so large that
// a metre grid would be a grey wash: at most about this many lines each way.
constexpr float kGridStep = 100;
constexpr int kMaxGridLines = 160;
// Row numbers only where they stay readable; a big floor keeps its power-row names.
constexpr int kMaxRowLabels = 48;

float gridStepFor(float span) {
    float step = kGridStep;
    while (span / step > kMaxGridLines)
        step *= step == kGridStep ? 5 : 2; // 1 m, 5 m, 10 m, 20 m ...
    return step;
}
} // namespace

void SceneController::setDarkBackground(bool dark) {
    if (dark == darkBackground_)
        return;
    darkBackground_ = dark;
    if (view_ == QLatin1String("physical") && topology_)
        buildFloorLines();
    emit sceneChanged();
}

QColor SceneController::floorOutlineColor() const {
    return darkBackground_ ? QColor("#9aa0a6") : kPowerRow;
}

void SceneController::buildFloorLines() {
    const auto& racks = topology_->floor().racks;
    floorLabels_.clear();
    if (racks.empty()) {
        floorLines_.setSegments({});
        floorGrid_.setSegments({});
        return;
    }
    // Each power row outlined: a planned maintenance or a tripped feed takes out everything
    // inside one outline.
    std::map<std::pair<int, int>, std::pair<QVector3D, QVector3D>> extent; // (site, row) -> box
    struct RowStart {
        QVector3D at; // the row's leftmost rack
        int powerRow = 0;
    };
    std::map<std::pair<int, int>, RowStart> rowStart; // (site, row) -> its left end
    QVector3D lo = rackPosition(racks.front()), hi = lo;
    for (const model::Rack& rack : racks) {
        const QVector3D at = rackPosition(rack);
        auto [it, added] = extent.try_emplace({rack.site, rack.powerRow}, at, at);
        auto& [rowLo, rowHi] = it->second;
        rowLo = QVector3D(std::min(rowLo.x(), at.x()), 0, std::min(rowLo.z(), at.z()));
        rowHi = QVector3D(std::max(rowHi.x(), at.x()), 0, std::max(rowHi.z(), at.z()));
        auto [start, fresh] =
            rowStart.try_emplace({rack.site, rack.row}, RowStart{at, rack.powerRow});
        if (at.x() < start->second.at.x())
            start->second = {at, rack.powerRow};
        lo = QVector3D(std::min(lo.x(), at.x()), 0, std::min(lo.z(), at.z()));
        hi = QVector3D(std::max(hi.x(), at.x()), 0, std::max(hi.z(), at.z()));
    }
    QVector<QVector3D> lines;
    const QColor outline = floorOutlineColor();
    const QColor grid = darkBackground_ ? QColor("#30343a") : QColor("#d9dde2");

    // The grid, two racks beyond the outermost on every side, at whole steps from the origin.
    const float margin = 2 * kRackPitchZ;
    const float step = gridStepFor(std::max(hi.x() - lo.x(), hi.z() - lo.z()) + 2 * margin);
    const float x0 = std::floor((lo.x() - margin) / step) * step;
    const float x1 = std::ceil((hi.x() + margin) / step) * step;
    const float z0 = std::floor((lo.z() - margin) / step) * step;
    const float z1 = std::ceil((hi.z() + margin) / step) * step;
    for (float x = x0; x <= x1 + 0.5f; x += step)
        lines << QVector3D(x, 0.5f, z0) << QVector3D(x, 0.5f, z1);
    for (float z = z0; z <= z1 + 0.5f; z += step)
        lines << QVector3D(x0, 0.5f, z) << QVector3D(x1, 0.5f, z);
    floorGrid_.setSegments(lines, {}, grid);
    lines.clear();

    const float edge = kRackWidth / 2 + 8;
    for (const auto& [key, box] : extent) {
        const float y = kFloorLineHeight;
        const QVector3D a(box.first.x() - edge, y, box.first.z() - edge);
        const QVector3D b(box.second.x() + edge, y, box.first.z() - edge);
        const QVector3D c(box.second.x() + edge, y, box.second.z() + edge);
        const QVector3D d(box.first.x() - edge, y, box.second.z() + edge);
        lines << a << b << b << c << c << d << d << a;
    }
    // Names left of the floor, each at the height of what it names: every row with its power
    // row, or on a floor with too many rows to read, every power row.
    std::set<int> sites;
    for (const auto& [key, start] : rowStart)
        sites.insert(key.first);
    const QString site = sites.size() > 1 ? tr("Site %1 ") : QString();
    auto label = [&](const QString& text, const QVector3D& at) {
        floorLabels_.append(QVariantMap{{"text", text}, {"position", QVariant::fromValue(at)}});
    };
    if (rowStart.size() <= static_cast<std::size_t>(kMaxRowLabels)) {
        for (const auto& [key, start] : rowStart) {
            const QString name = tr("Row %1 · power row %2").arg(key.second).arg(start.powerRow);
            label(site.isEmpty() ? name : site.arg(key.first) + name,
                  QVector3D(start.at.x() - kRackPitchX / 2 - edge, 0, start.at.z()));
        }
    } else {
        for (const auto& [key, box] : extent)
            label(tr("Power row %1").arg(key.second),
                  QVector3D(box.first.x() - 2 * edge, 0, (box.first.z() + box.second.z()) / 2));
    }
    floorLines_.setSegments(lines, {}, outline);
}

} // namespace podplanner::views

#include "scene_controller.h"

#include "analysis/project_analysis.h"
#include "job_list_model.h"
#include "project/project.h"
#include "topology/slice_shape.h"
#include "topology/topology.h"
#include "topology/torus_metrics.h"

#include <QVariantMap>
#include <cmath>

namespace podplanner::views {

namespace {

// Floor layout in scene units (1 unit = 1 cm): racks 60 cm wide and deep, 2 m tall, on a grid.
constexpr float kRackPitchX = 80, kRackPitchZ = 160, kRackWidth = 60, kRackHeight = 200;
constexpr float kChipPitch = 60, kChipSize = 24; // logical view
const QColor kFree("#b8bec6"), kOcs("#8e63ce"), kFailed("#d93025"), kHealthy("#34a853"),
    kLink("#5f6368"), kArc("#f29900");

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

SceneController::SceneController(QObject* parent) : QObject(parent) {}
SceneController::~SceneController() = default;

void SceneController::setDocument(ProjectDocument* document) {
    if (document_ == document)
        return;
    if (document_)
        disconnect(document_, nullptr, this, nullptr);
    document_ = document;
    if (document_)
        connect(document_, &ProjectDocument::analysisChanged, this, [this] {
            if (document_->analysis() == analysis_)
                return; // only the selection changed
            takeAnalysis();
            rebuild();
        });
    takeAnalysis();
    rebuild();
    emit documentChanged();
}

void SceneController::setView(const QString& view) {
    if (view == view_ || (view != "physical" && view != "logical"))
        return;
    view_ = view;
    rebuild();
    emit viewChanged();
}

void SceneController::setColorMode(const QString& mode) {
    if (mode == colorMode_ || (mode != "job" && mode != "health"))
        return;
    colorMode_ = mode;
    rebuild();
}

void SceneController::setJob(int job) {
    if (job == job_ || job < 0)
        return;
    job_ = job;
    rebuild();
}

void SceneController::setShowChips(bool show) {
    if (show == showChips_)
        return;
    showChips_ = show;
    rebuild();
}

void SceneController::takeAnalysis() {
    analysis_ = document_ ? document_->analysis() : nullptr;
    topology_ = analysis_ ? analysis_->topology.get() : nullptr;
    const std::size_t chips = topology_ ? static_cast<std::size_t>(topology_->chipCount()) : 0;
    if (chips != chipCount_) {
        // Level of detail: chips one by one up to ~5k instances (measured under Xvfb +
        // llvmpipe: 9k chips draw at ~13 fps, racks at 50+); racks for larger clusters.
        showChips_ = chips <= 5000;
        chipCount_ = chips;
    }
}

int SceneController::ownerOf(qint64 chip) const {
    const auto& owners = analysis_->chipOwner;
    return chip >= 0 && static_cast<std::size_t>(chip) < owners.size()
               ? owners[static_cast<std::size_t>(chip)]
               : -1;
}

QColor SceneController::colorOf(qint64 chip, int owner) const {
    const bool alive = chip < 0 || topology_->isChipAlive(chip);
    if (colorMode_ == "health")
        return alive ? kHealthy : kFailed;
    if (!alive)
        return kFailed;
    return owner >= 0 ? JobListModel::jobColor(owner) : kFree;
}

void SceneController::rebuild() {
    boxChip_.clear();
    boxRack_.clear();
    wraparoundArcs_ = 0;
    if (!topology_) {
        boxes_.setBoxes({});
        links_.setSegments({});
        arcs_.setSegments({});
        emit sceneChanged();
        return;
    }
    if (view_ == "logical")
        buildLogical();
    else
        buildPhysical();
    finishBounds();
    emit sceneChanged();
}

void SceneController::buildPhysical() {
    const model::FloorLayout& floor = topology_->floor();
    const model::PodSpec& pod = topology_->cluster().pod;
    int maxColumn = 0;
    for (const auto& r : floor.racks)
        maxColumn = std::max(maxColumn, r.column);
    const float siteOffset = (static_cast<float>(maxColumn) + 6) * kRackPitchX;
    // Chips of each rack, for chip detail and colours.
    std::vector<std::vector<qint64>> rackChips(floor.racks.size());
    for (qint64 chip = 0; chip < topology_->chipCount(); ++chip)
        rackChips[static_cast<std::size_t>(topology_->locate(chip).rack)].push_back(chip);
    QVector<Box> boxes;
    for (std::size_t r = 0; r < floor.racks.size(); ++r) {
        const model::Rack& rack = floor.racks[r];
        const QVector3D base(static_cast<float>(rack.site) * siteOffset +
                                 static_cast<float>(rack.column) * kRackPitchX,
                             0, static_cast<float>(rack.row) * kRackPitchZ);
        const auto& chips = rackChips[r];
        if (rack.kind == model::RackKind::Ocs || chips.empty()) {
            boxes.push_back({base + QVector3D(0, kRackHeight / 2, 0),
                             QVector3D(kRackWidth, kRackHeight, kRackWidth), kOcs});
            boxChip_.push_back(-1);
            boxRack_.push_back(static_cast<int>(r));
            continue;
        }
        if (!showChips_) {
            // The rack takes the colour of its job, red when any of its chips is down.
            int owner = ownerOf(chips.front());
            qint64 dead = -1;
            for (auto c : chips)
                if (!topology_->isChipAlive(c)) {
                    dead = c;
                    break;
                }
            boxes.push_back({base + QVector3D(0, kRackHeight / 2, 0),
                             QVector3D(kRackWidth, kRackHeight, kRackWidth), colorOf(dead, owner)});
            boxChip_.push_back(-1);
            boxRack_.push_back(static_cast<int>(r));
            continue;
        }
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
    boxes_.setBoxes(std::move(boxes));
    links_.setSegments({});
    arcs_.setSegments({});
}

void SceneController::buildLogical() {
    const auto& placements = analysis_->placements;
    QVector<Box> boxes;
    QVector<QVector3D> links, arcs;
    if (job_ < static_cast<int>(placements.size()) && placements[job_].slices.front().geometry) {
        const model::PlacedSlice& slice = placements[job_].slices.front();
        const model::SliceGeometry& g = *slice.geometry;
        const auto chips = topology_->chipsOf(slice);
        const std::vector<int> dims = {g.dims[0], g.dims[1], g.dims.size() > 2 ? g.dims[2] : 1};
        auto position = [&](const std::vector<int>& c) {
            // Torus x across, z up, y in depth.
            return QVector3D(static_cast<float>(c[0]) * kChipPitch,
                             static_cast<float>(c.size() > 2 ? c[2] : 0) * kChipPitch,
                             static_cast<float>(c[1]) * kChipPitch);
        };
        std::vector<int> c(g.dims.size(), 0), next;
        for (std::size_t i = 0; i < chips.size(); ++i) {
            // Chips of a slice come in torus order (x fastest).
            std::size_t rest = i;
            for (std::size_t a = 0; a < g.dims.size(); ++a) {
                c[a] = static_cast<int>(rest % static_cast<std::size_t>(g.dims[a]));
                rest /= static_cast<std::size_t>(g.dims[a]);
            }
            boxes.push_back(
                {position(c), QVector3D(kChipSize, kChipSize, kChipSize), colorOf(chips[i], job_)});
            boxChip_.push_back(chips[i]);
            boxRack_.push_back(-1);
            for (std::size_t a = 0; a < g.dims.size(); ++a) {
                if (!model::torusNeighbour(g, c, a, +1, next))
                    continue;
                const QVector3D from = position(c), to = position(next);
                if (c[a] + 1 < g.dims[a]) {
                    links << from << to;
                    continue;
                }
                // A wraparound link: an arc over the grid from the last chip back to the first
                // (to where the twist sends it).
                ++wraparoundArcs_;
                const float height = kChipPitch * (1.0f + 0.08f * static_cast<float>(g.dims[a]));
                const QVector3D bulge = a == 2 ? QVector3D(-height, 0, 0) : QVector3D(0, height, 0);
                QVector3D previous = from;
                constexpr int pieces = 12;
                for (int k = 1; k <= pieces; ++k) {
                    const float t = static_cast<float>(k) / pieces;
                    const QVector3D point =
                        from * (1 - t) + to * t + bulge * std::sin(t * 3.14159265f);
                    arcs << previous << point;
                    previous = point;
                }
            }
        }
    }
    boxes_.setBoxes(std::move(boxes));
    links_.setSegments(links);
    arcs_.setSegments(arcs);
}

void SceneController::finishBounds() {
    const auto& boxes = boxes_.boxes();
    if (boxes.isEmpty())
        return;
    QVector3D lo = boxes.front().center, hi = lo;
    for (const Box& b : boxes) {
        lo = QVector3D(std::min(lo.x(), b.center.x()), std::min(lo.y(), b.center.y()),
                       std::min(lo.z(), b.center.z()));
        hi = QVector3D(std::max(hi.x(), b.center.x()), std::max(hi.y(), b.center.y()),
                       std::max(hi.z(), b.center.z()));
    }
    center_ = (lo + hi) / 2;
    extent_ = std::max(200.0f, (hi - lo).length());
}

QVariantList SceneController::legend() const {
    QVariantList out;
    auto add = [&out](const QString& label, const QColor& color) {
        out << QVariantMap{{"label", label}, {"color", color}};
    };
    if (colorMode_ == "health") {
        add(tr("healthy"), kHealthy);
        add(tr("failed"), kFailed);
    } else if (const model::Project* p = document_ ? document_->project() : nullptr) {
        for (std::size_t j = 0; j < p->jobs.size(); ++j)
            add(QString::fromStdString(p->jobs[j].name),
                JobListModel::jobColor(static_cast<int>(j)));
        add(tr("free"), kFree);
        add(tr("failed"), kFailed);
    }
    if (view_ == "physical")
        add(tr("OCS rack"), kOcs);
    else
        add(tr("wraparound link"), kArc);
    return out;
}

QVector3D SceneController::chipScenePosition(qint64 chip) const {
    for (int i = 0; i < boxChip_.size(); ++i)
        if (boxChip_[i] == chip)
            return boxes_.boxes()[i].center;
    if (topology_ && chip >= 0 && chip < topology_->chipCount() && view_ == "physical") {
        const int rack = topology_->locate(chip).rack;
        for (int i = 0; i < boxRack_.size(); ++i)
            if (boxRack_[i] == rack)
                return boxes_.boxes()[i].center;
    }
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
    QString label;
    if (chip >= 0) {
        const auto at = topology_->locate(chip);
        const model::Rack& rack = topology_->floor().racks[static_cast<std::size_t>(at.rack)];
        const int owner = ownerOf(chip);
        label = tr("chip %1 (%2, %3, %4) · host %5 · rack %6 (row %7, column %8) · power row %9")
                    .arg(chip)
                    .arg(at.coord[0])
                    .arg(at.coord[1])
                    .arg(at.coord[2])
                    .arg(at.host)
                    .arg(at.rack)
                    .arg(rack.row)
                    .arg(rack.column)
                    .arg(rack.powerRow);
        if (owner >= 0 && owner < static_cast<int>(document_->project()->jobs.size()))
            label += tr(" · job %1")
                         .arg(QString::fromStdString(
                             document_->project()->jobs[static_cast<std::size_t>(owner)].name));
        if (!topology_->isChipAlive(chip))
            label += tr(" · FAILED");
    } else {
        const model::Rack& rack =
            topology_->floor().racks[static_cast<std::size_t>(boxRack_[bestIndex])];
        label = tr("%1 rack %2 of pod %3 (row %4, column %5) · power row %6")
                    .arg(rack.kind == model::RackKind::Ocs ? tr("OCS") : tr("chip"))
                    .arg(rack.indexInPod)
                    .arg(rack.pod)
                    .arg(rack.row)
                    .arg(rack.column)
                    .arg(rack.powerRow);
    }
    const int rack = chip >= 0 ? topology_->locate(chip).rack : boxRack_[bestIndex];
    const auto& r = topology_->floor().racks[static_cast<std::size_t>(rack)];
    return {{"chip", chip},           {"job", chip >= 0 ? ownerOf(chip) : -1}, {"rack", rack},
            {"powerRow", r.powerRow}, {"ocs", r.kind == model::RackKind::Ocs}, {"label", label}};
}

void SceneController::setChipFailed(qint64 chip, bool failed) {
    if (document_)
        document_->setComponentFailed(QStringLiteral("chip"), chip, failed);
}

void SceneController::clearFailures() {
    if (document_)
        document_->repairAll();
}

} // namespace podplanner::views

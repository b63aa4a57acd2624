#include "scene_controller.h"

#include "analysis/project_analysis.h"
#include "component_kinds.h"
#include "job_list_model.h"
#include "network_layer.h"
#include "project/project.h"
#include "scene_layout.h"
#include "topology/slice_coordinates.h"
#include "topology/slice_shape.h"
#include "topology/topology.h"
#include "topology/torus_metrics.h"

#include <QVariantMap>
#include <QVector2D>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

namespace podplanner::views {

using namespace scene_layout;

namespace {

// Level of detail: chips show when the camera is within 15 m of the floor point it looks at
// (a chip is then ~6 px tall at 800 px), for at most 4,096 chips of the racks nearest that
// point (measured under Xvfb + llvmpipe, docs/scene.md: every Ironwood chip draws at ~40 fps,
// a 110k-chip floor chip by chip at ~7, so a large floor shows chips only where one looks).
// On a small floor, nearer than 0.4 of the scene's size: a view of the whole floor (Fit all,
// the presets) stays racks.
constexpr float kDetailDistance = 1500;
constexpr float kDetailShareOfExtent = 0.4f;
constexpr int kMaxDetailChips = 4096;
// References, not copies: the statics of another file are not constructed yet at this point.
const QColor& kOcs = ChipColoring::kOcs;
const QColor& kArc = ChipColoring::kWraparound;
const QColor kLink("#5f6368"), kPowerRow("#3c4043"), kOptical("#b39ddb");

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
    if (mode == colorMode_ || !ChipColoring::isMode(mode))
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

void SceneController::setHighlightedJob(int job) {
    job = std::max(-1, job);
    if (job == coloring_.highlight())
        return;
    coloring_.setHighlight(job);
    rebuild();
}

void SceneController::setShowChips(bool show) {
    if (show == showChips_)
        return;
    showChips_ = show;
    rebuild();
}

void SceneController::setShowNetwork(bool show) {
    if (show == showNetwork_)
        return;
    showNetwork_ = show;
    rebuild();
}

void SceneController::setShowOptical(bool show) {
    if (show == showOptical_)
        return;
    showOptical_ = show;
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
    const std::size_t racks = topology_ ? topology_->floor().racks.size() : 0;
    if (std::any_of(selection_.begin(), selection_.end(),
                    [racks](int r) { return static_cast<std::size_t>(r) >= racks; })) {
        selection_.clear();
        emit selectionChanged();
    }
    // The chips of each rack, once per analysis: every rebuild (and each camera move that
    // changes the level of detail) draws from it.
    rackChips_.assign(racks, {});
    for (qint64 chip = 0; topology_ && chip < topology_->chipCount(); ++chip)
        rackChips_[static_cast<std::size_t>(topology_->locate(chip).rack)].push_back(chip);
}

int SceneController::ownerOf(qint64 chip) const {
    const auto& owners = analysis_->chipOwner;
    return chip >= 0 && static_cast<std::size_t>(chip) < owners.size()
               ? owners[static_cast<std::size_t>(chip)]
               : -1;
}

void SceneController::rebuild() {
    boxChip_.clear();
    boxRack_.clear();
    wraparoundArcs_ = 0;
    if (coloredAnalysis_ != analysis_.get() || coloring_.mode() != colorMode_) {
        coloring_.prepare(colorMode_, analysis_, document_ ? document_->project() : nullptr);
        coloredAnalysis_ = analysis_.get();
    }
    floorLines_.setSegments({});
    optical_.setSegments({});
    selectionLines_.setSegments({});
    network_.setSegments({});
    networkLabels_.clear();
    if (!topology_) {
        boxes_.setBoxes({});
        links_.setSegments({});
        arcs_.setSegments({});
        detailed_.clear();
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

void SceneController::setCameraRay(const QVector3D& position, const QVector3D& forward) {
    if (forward.y() < -0.05f) {
        // Where the line of sight meets the floor at half a rack's height.
        const float t = (kRackHeight / 2 - position.y()) / forward.normalized().y();
        focus_ = position + forward.normalized() * t;
        focusDistance_ = t > 0 ? t : -1;
    } else {
        focusDistance_ = -1;
    }
    if (topology_ && view_ == "physical" && !showChips_ && chooseDetailedRacks() != detailed_)
        rebuild();
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
        if (!detailed[r]) {
            // The rack takes the colour of its first chip, red when any of its chips is down.
            qint64 shown = chips.front();
            for (auto c : chips)
                if (!topology_->isChipAlive(c)) {
                    shown = c;
                    break;
                }
            boxes.push_back({base + QVector3D(0, kRackHeight / 2, 0),
                             QVector3D(kRackWidth, kRackHeight, kRackWidth),
                             colorOf(shown, ownerOf(shown))});
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
    links_.setSegments({});
    arcs_.setSegments({});
    buildFloorLines();
    buildOpticalLinks();
    buildSelectionLines();
}

void SceneController::buildFloorLines() {
    // Each power row outlined on the floor: a planned maintenance or a tripped feed takes out
    // everything inside one outline.
    std::map<std::pair<int, int>, std::pair<QVector3D, QVector3D>> extent; // (site, row) -> box
    for (const model::Rack& rack : topology_->floor().racks) {
        const QVector3D at = rackPosition(rack);
        auto [it, added] = extent.try_emplace({rack.site, rack.powerRow}, at, at);
        auto& [lo, hi] = it->second;
        lo = QVector3D(std::min(lo.x(), at.x()), 0, std::min(lo.z(), at.z()));
        hi = QVector3D(std::max(hi.x(), at.x()), 0, std::max(hi.z(), at.z()));
    }
    QVector<QVector3D> lines;
    const float margin = kRackWidth / 2 + 8;
    for (const auto& [key, box] : extent) {
        const QVector3D a(box.first.x() - margin, 1, box.first.z() - margin);
        const QVector3D b(box.second.x() + margin, 1, box.first.z() - margin);
        const QVector3D c(box.second.x() + margin, 1, box.second.z() + margin);
        const QVector3D d(box.first.x() - margin, 1, box.second.z() + margin);
        lines << a << b << b << c << c << d << d << a;
    }
    floorLines_.setSegments(lines, {}, kPowerRow);
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

void SceneController::buildLogical() {
    const auto& placements = analysis_->placements;
    QVector<Box> boxes;
    QVector<QVector3D> links, arcs;
    QVector<QColor> linkColors;
    detailed_.clear();
    opticalInLogical_ = 0;
    if (job_ < static_cast<int>(placements.size()) && placements[job_].slices.front().geometry) {
        const model::PlacedSlice& slice = placements[job_].slices.front();
        const model::SliceGeometry& g = *slice.geometry;
        const auto chips = topology_->chipsOf(slice);
        const auto coords = model::sliceTorusCoordinates(topology_->cluster().pod, slice);
        // Links coloured by how busy their axis is, in the utilization mode.
        const auto busy = coloring_.torusUtilization(job_);
        const bool byUtilization = colorMode_ == "utilization";
        // Between two cubes a link is optical: it runs from one cube's face through an OCS to
        // the next cube's face (TPU 3D pods; a sub-cube slice stays inside its cube).
        const auto& cube = topology_->cluster().pod.cube;
        const bool cubes = topology_->cluster().pod.kind == model::PodKind::Tpu3d && !g.subCube;
        auto position = [&](const std::vector<int>& c) {
            // Torus x across, z up, y in depth.
            return QVector3D(static_cast<float>(c[0]) * kChipPitch,
                             static_cast<float>(c.size() > 2 ? c[2] : 0) * kChipPitch,
                             static_cast<float>(c.size() > 1 ? c[1] : 0) * kChipPitch);
        };
        std::vector<int> c(g.dims.size(), 0), next;
        for (std::size_t i = 0; i < chips.size(); ++i) {
            for (std::size_t a = 0; a < g.dims.size(); ++a)
                c[a] = coords[i][a];
            boxes.push_back(
                {position(c), QVector3D(kChipSize, kChipSize, kChipSize), colorOf(chips[i], job_)});
            boxChip_.push_back(chips[i]);
            boxRack_.push_back(-1);
            for (std::size_t a = 0; a < g.dims.size(); ++a) {
                if (!model::torusNeighbour(g, c, a, +1, next))
                    continue;
                const QVector3D from = position(c), to = position(next);
                if (c[a] + 1 < g.dims[a]) {
                    const bool optical = cubes && a < 3 && (c[a] + 1) % cube[a] == 0;
                    opticalInLogical_ += optical ? 1 : 0;
                    links << from << to;
                    linkColors << (byUtilization ? ChipColoring::utilizationColor(busy[a])
                                   : optical     ? kOptical
                                                 : kLink);
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
    links_.setSegments(links, linkColors, kLink);
    arcs_.setSegments(arcs, {}, kArc);
}

void SceneController::finishBounds() {
    const auto& boxes = boxes_.boxes();
    if (boxes.isEmpty())
        return;
    QVector3D lo = boxes.front().center, hi = lo;
    for (const Box& b : boxes) {
        // Whole boxes, not their centres: a fit shows the racks at the edge in full.
        const QVector3D from = b.center - b.size / 2, to = b.center + b.size / 2;
        lo = QVector3D(std::min(lo.x(), from.x()), std::min(lo.y(), from.y()),
                       std::min(lo.z(), from.z()));
        hi =
            QVector3D(std::max(hi.x(), to.x()), std::max(hi.y(), to.y()), std::max(hi.z(), to.z()));
    }
    center_ = (lo + hi) / 2;
    boundsMin_ = lo;
    boundsMax_ = hi;
    extent_ = std::max(200.0f, (hi - lo).length());
}

QVariantList SceneController::legend() const {
    QVariantList out = coloring_.legend();
    auto add = [&out](const QString& label, const QColor& color) {
        out << QVariantMap{{"label", label}, {"color", color}};
    };
    if (view_ == "physical") {
        add(tr("OCS rack"), kOcs);
        add(tr("power row outline"), kPowerRow);
        if (optical_.segmentCount() > 0)
            add(tr("optical link (selected job)"), kOptical);
        if (network_.segmentCount() > 0) {
            add(tr("DCN switch"), kDcnSwitchColor);
            add(tr("site router"), kSiteRouterColor);
            if (topology_ && topology_->cluster().sites.size() > 1)
                add(tr("WAN between sites"), kWanLinkColor);
        }
    } else {
        add(tr("wraparound link"), kArc);
        if (opticalInLogical_ > 0)
            add(tr("optical link: cube face to cube face through an OCS"), kOptical);
    }
    return out;
}

bool SceneController::ocsRackFailed(int rack) const {
    // Red, as a chip rack with a chip down is: the rack, or any switch in it, is failed.
    if (!document_ || !topology_)
        return false;
    if (document_->isComponentFailed(QStringLiteral("rack"), rack))
        return true;
    const auto [first, end] = ocsRangeOfRack(*topology_, rack);
    for (qint64 o = first; o < end; ++o)
        if (document_->isComponentFailed(QStringLiteral("ocs"), o))
            return true;
    return false;
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

#include "scene_controller.h"

#include "analysis/project_analysis.h"
#include "component_kinds.h"
#include "job_list_model.h"
#include "network_layer.h"
#include "project/project.h"
#include "scene_layout.h"
#include "topology/slice_coordinates.h"
#include "topology/slice_links.h"
#include "topology/slice_shape.h"
#include "topology/topology.h"

#include <QVariantMap>
#include <QVector2D>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

namespace podplanner::views {

using namespace scene_layout;

SceneController::SceneController(QObject* parent) : QObject(parent) {}
SceneController::~SceneController() = default;

void SceneController::setThickLinks(bool thick) {
    if (thick == thickLinks_)
        return;
    thickLinks_ = thick;
    if (topology_)
        rebuild();
}

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
    floorGrid_.setSegments({});
    floorLabels_.clear();
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
        const auto& pod = topology_->cluster().pod;
        const auto coords = model::sliceTorusCoordinates(pod, slice);
        // Links coloured by how busy their axis is, in the utilization mode.
        const auto busy = coloring_.torusUtilization(job_);
        const bool byUtilization = colorMode_ == "utilization";
        auto position = [&](std::size_t i) {
            // Torus x across, z up, y in depth.
            const auto& c = coords[i];
            return QVector3D(static_cast<float>(c[0]) * kChipPitch,
                             static_cast<float>(g.dims.size() > 2 ? c[2] : 0) * kChipPitch,
                             static_cast<float>(g.dims.size() > 1 ? c[1] : 0) * kChipPitch);
        };
        for (std::size_t i = 0; i < chips.size(); ++i) {
            boxes.push_back(
                {position(i), QVector3D(kChipSize, kChipSize, kChipSize), colorOf(chips[i], job_)});
            boxChip_.push_back(chips[i]);
            boxRack_.push_back(-1);
        }
        for (const model::TorusLink& link : model::sliceTorusLinks(pod, slice, coords)) {
            const QVector3D from = position(link.from), to = position(link.to);
            if (link.kind != model::TorusLinkKind::Wraparound) {
                const bool optical = link.kind == model::TorusLinkKind::Optical;
                opticalInLogical_ += optical ? 1 : 0;
                links << from << to;
                linkColors << (byUtilization ? ChipColoring::utilizationColor(busy[link.axis])
                               : optical     ? kOptical
                                             : kLink);
                continue;
            }
            // A wraparound link: an arc over the grid from the last chip back to the first (to
            // where the twist sends it).
            ++wraparoundArcs_;
            const float height =
                kChipPitch * (1.0f + 0.08f * static_cast<float>(g.dims[link.axis]));
            const QVector3D bulge =
                link.axis == 2 ? QVector3D(-height, 0, 0) : QVector3D(0, height, 0);
            QVector3D previous = from;
            constexpr int pieces = 12;
            for (int k = 1; k <= pieces; ++k) {
                const float t = static_cast<float>(k) / pieces;
                const QVector3D point = from * (1 - t) + to * t + bulge * std::sin(t * 3.14159265f);
                arcs << previous << point;
                previous = point;
            }
        }
    }
    boxes_.setBoxes(std::move(boxes));
    links_.setRibbonWidth(thickLinks_ ? kLogicalLinkWidth : 0);
    arcs_.setRibbonWidth(thickLinks_ ? kLogicalLinkWidth : 0);
    links_.setSegments(links, linkColors, kLink);
    arcs_.setSegments(arcs, {}, kArc);
}

void SceneController::finishBounds() {
    const auto& boxes = boxes_.boxes();
    if (boxes.isEmpty())
        return;
    QVector3D lo = boxes.front().center, hi = lo;
    for (const Box& b : boxes) {
        // A failed rack's plate is a mark on the floor: it moves neither the centre nor the fit.
        if (b.size.y() <= kFailedPlateHeight)
            continue;
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
        add(tr("power row outline"), floorOutlineColor());
        if (optical_.segmentCount() > 0)
            add(tr("optical link (selected job)"), kOptical);
        if (links_.segmentCount() + arcs_.segmentCount() > 0) { // chips up close
            add(tr("torus link (selected job)"), kLink);
            add(tr("wraparound link"), kArc);
        }
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

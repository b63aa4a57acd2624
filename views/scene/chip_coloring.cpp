#include "chip_coloring.h"

#include "analysis/project_analysis.h"
#include "job_list_model.h"
#include "perf/fabric.h"
#include "perf/mesh_coordinates.h"
#include "perf/mesh_mapping.h"

#include <QVariantMap>

#include <algorithm>

namespace podplanner::views {

const QColor ChipColoring::kFree("#b8bec6");
const QColor ChipColoring::kFailed("#d93025");
const QColor ChipColoring::kHealthy("#34a853");
const QColor ChipColoring::kOcs("#8e63ce");
const QColor ChipColoring::kWraparound("#f29900");
const QColor ChipColoring::kFaded("#f4f6f8"); // the 3D view's background

namespace {

// Ten colours that stay apart from each other and from the failed red (Tableau 10 without red).
const std::array<QColor, 9> kPalette = {QColor("#4e79a7"), QColor("#f28e2b"), QColor("#76b7b2"),
                                        QColor("#59a14f"), QColor("#edc948"), QColor("#b07aa1"),
                                        QColor("#ff9da7"), QColor("#9c755f"), QColor("#1f3b73")};

// a, moved the share f of the way to b.
QColor mix(const QColor& a, const QColor& b, double f) {
    return QColor::fromRgbF(static_cast<float>(a.redF() + f * (b.redF() - a.redF())),
                            static_cast<float>(a.greenF() + f * (b.greenF() - a.greenF())),
                            static_cast<float>(a.blueF() + f * (b.blueF() - a.blueF())));
}

int meshAxisOf(const QString& mode) {
    for (std::size_t a = 0; a < model::perf::kMeshAxes; ++a)
        if (mode == QLatin1String(model::perf::meshAxisName(a)))
            return static_cast<int>(a);
    return -1;
}

} // namespace

const QStringList& ChipColoring::modes() {
    static const QStringList all = {"job", "health", "tp",   "fsdp", "dp",       "pp",
                                    "ep",  "cp",     "host", "rack", "powerRow", "utilization"};
    return all;
}

void ChipColoring::prepare(const QString& mode,
                           std::shared_ptr<const model::ProjectAnalysis> analysis,
                           const model::Project* project) {
    mode_ = isMode(mode) ? mode : QStringLiteral("job");
    analysis_ = std::move(analysis);
    project_ = project;
    key_.clear();
    spareOf_.clear();
    jobUtilization_.clear();
    groups_ = groupSize_ = 0;
    if (!analysis_ || !analysis_->topology)
        return;
    const model::Topology& topology = *analysis_->topology;
    const auto chips = static_cast<std::size_t>(topology.chipCount());
    const int axis = meshAxisOf(mode_);
    if (mode_ == "job" && topology.cluster().pod.kind == model::PodKind::Tpu3d) {
        const auto& cube = topology.cluster().pod.cube;
        for (std::size_t j = 0; j < analysis_->placements.size(); ++j) {
            const auto& p = analysis_->placements[j];
            if (p.spareCubes.empty() || p.slices.empty())
                continue;
            spareOf_.resize(chips, -1);
            for (int c : p.spareCubes)
                for (int z = 0; z < cube[2]; ++z)
                    for (int y = 0; y < cube[1]; ++y)
                        for (int x = 0; x < cube[0]; ++x)
                            spareOf_[static_cast<std::size_t>(topology.chipInCube(
                                p.slices.front().pod, c, x, y, z))] = static_cast<int>(j);
        }
    }
    const model::PodSpec& pod = topology.cluster().pod;
    if (mode_ == "job" && pod.spareHostsPerNode > 0) { // GPU pods only
        // The hosts a job leaves free in each of its nodes (an NVL72 rack's spare trays).
        spareOf_.resize(chips, -1);
        for (std::size_t j = 0; j < analysis_->placements.size(); ++j)
            for (const auto& slice : analysis_->placements[j].slices)
                for (int node : slice.nodes)
                    for (int g = pod.jobGpusPerNode(); g < pod.gpusPerNode; ++g)
                        spareOf_[static_cast<std::size_t>(
                            topology.chipInNode(slice.pod, node, g))] = static_cast<int>(j);
    }
    if (axis >= 0 && analysis_->hasNumbers()) {
        key_.assign(chips, -1);
        for (std::size_t j = 0; j < analysis_->placements.size(); ++j) {
            const auto mesh = model::perf::meshCoordinates(topology, analysis_->placements[j],
                                                           analysis_->performance.jobs[j].layout);
            for (std::size_t i = 0; i < mesh.chips.size(); ++i)
                key_[static_cast<std::size_t>(mesh.chips[i])] = model::perf::meshGroup(
                    mesh.mesh[i], mesh.sizes, static_cast<std::size_t>(axis));
            if (j == 0 && !mesh.chips.empty()) {
                groupSize_ = mesh.sizes[static_cast<std::size_t>(axis)];
                groups_ = static_cast<std::int64_t>(mesh.chips.size()) / groupSize_;
            }
        }
    } else if (mode_ == "host" || mode_ == "rack" || mode_ == "powerRow") {
        key_.resize(chips);
        const auto& racks = topology.floor().racks;
        for (std::size_t c = 0; c < chips; ++c) {
            const auto at = topology.locate(static_cast<std::int64_t>(c));
            key_[c] = mode_ == "host"   ? at.host
                      : mode_ == "rack" ? at.rack
                                        : racks[static_cast<std::size_t>(at.rack)].powerRow;
        }
    } else if (mode_ == "utilization" && analysis_->hasNumbers()) {
        for (std::size_t j = 0; j < analysis_->placements.size(); ++j) {
            const auto u = torusUtilization(static_cast<int>(j));
            jobUtilization_.push_back(*std::max_element(u.begin(), u.end()));
        }
    }
}

std::array<double, 3> ChipColoring::torusUtilization(int job) const {
    std::array<double, 3> busy{0, 0, 0};
    if (!analysis_ || !analysis_->hasNumbers() || job < 0 ||
        job >= static_cast<int>(analysis_->performance.jobs.size()))
        return busy;
    const auto& e = analysis_->performance.jobs[static_cast<std::size_t>(job)];
    const auto fabric = model::perf::jobFabric(
        analysis_->topology->cluster(), analysis_->placements[static_cast<std::size_t>(job)]);
    static const char* names[] = {"x", "y", "z"};
    for (std::size_t t = 0; t < 3; ++t) {
        const int p = fabric.indexOf(names[t]);
        if (p < 0 || e.step.stepS <= 0)
            continue;
        const auto on = model::perf::meshAxesOn(e.layout.mapping, p);
        double seconds = 0;
        for (int i = 0; i < e.step.collectiveCount; ++i) {
            const auto& row = e.step.collectives[static_cast<std::size_t>(i)];
            if (on[row.axis])
                seconds += row.seconds;
        }
        busy[t] = std::min(1.0, seconds / e.step.stepS);
    }
    return busy;
}

QColor ChipColoring::utilizationColor(double share) {
    // Viridis (van der Walt and Smith, matplotlib 2015): perceptually uniform, readable by
    // colour-blind eyes, from dark violet when idle to yellow when busy the whole step; neither
    // end is the failed red or the wraparound orange.
    static const std::array<QColor, 5> kStops = {QColor("#440154"), QColor("#3b528b"),
                                                 QColor("#21918c"), QColor("#5ec962"),
                                                 QColor("#fde725")};
    const double at = std::clamp(share, 0.0, 1.0) * (kStops.size() - 1);
    const auto lo = std::min(static_cast<std::size_t>(at), kStops.size() - 2);
    const double f = at - static_cast<double>(lo);
    return mix(kStops[lo], kStops[lo + 1], f);
}

QColor ChipColoring::jobModeColor(std::int64_t chip, int owner) const {
    const int spareOf = owner < 0 && chip >= 0 && static_cast<std::size_t>(chip) < spareOf_.size()
                            ? spareOf_[static_cast<std::size_t>(chip)]
                            : -1;
    const QColor base = owner >= 0     ? JobListModel::jobColor(owner)
                        : spareOf >= 0 ? JobListModel::jobColor(spareOf).lighter(165)
                                       : kFree;
    if (highlight_ < 0 || owner == highlight_ || spareOf == highlight_)
        return base;
    return mix(base, kFaded, 0.75);
}

QColor ChipColoring::color(std::int64_t chip, int owner) const {
    const model::Topology* topology = analysis_ ? analysis_->topology.get() : nullptr;
    const bool alive = chip < 0 || !topology || topology->isChipAlive(chip);
    if (mode_ == "health")
        return alive ? kHealthy : kFailed;
    if (!alive)
        return kFailed;
    if (mode_ == "job")
        return jobModeColor(chip, owner);
    if (mode_ == "utilization")
        return owner >= 0 && owner < static_cast<int>(jobUtilization_.size())
                   ? utilizationColor(jobUtilization_[static_cast<std::size_t>(owner)])
                   : kFree;
    const std::int64_t key = chip >= 0 && static_cast<std::size_t>(chip) < key_.size()
                                 ? key_[static_cast<std::size_t>(chip)]
                                 : -1;
    return key >= 0 ? kPalette[static_cast<std::size_t>(key) % kPalette.size()] : kFree;
}

QVariantList ChipColoring::legend() const {
    QVariantList out;
    auto add = [&out](const QString& label, const QColor& color, int job = -1) {
        out << QVariantMap{{"label", label}, {"color", color}, {"job", job}};
    };
    if (mode_ == "health") {
        add(QObject::tr("healthy"), kHealthy);
        add(QObject::tr("failed"), kFailed);
        return out;
    }
    if (mode_ == "job" && project_) {
        for (std::size_t j = 0; j < project_->jobs.size(); ++j) {
            add(QString::fromStdString(project_->jobs[j].name),
                JobListModel::jobColor(static_cast<int>(j)), static_cast<int>(j));
            const bool spareHosts = project_->cluster.pod.spareHostsPerNode > 0;
            if (!project_->jobs[j].reliability.spareCubes.empty() || spareHosts)
                add((spareHosts ? QObject::tr("spare hosts of %1") : QObject::tr("spares of %1"))
                        .arg(QString::fromStdString(project_->jobs[j].name)),
                    JobListModel::jobColor(static_cast<int>(j)).lighter(165));
        }
    } else if (mode_ == "utilization") {
        for (double s : {0.0, 0.25, 0.5, 0.75, 1.0})
            add(QObject::tr("links busy %1% of the step").arg(s * 100, 0, 'f', 0),
                utilizationColor(s));
    } else if (meshAxisOf(mode_) >= 0) {
        for (std::size_t g = 0; g < 3; ++g)
            add(QObject::tr("%1 group %2").arg(mode_).arg(g + 1), kPalette[g]);
        if (groups_ > 0)
            add(QObject::tr("… %1 groups of %2 chips in job 1 (colours repeat)")
                    .arg(groups_)
                    .arg(groupSize_),
                kPalette[3]);
    } else {
        const QString what = mode_ == "host"   ? QObject::tr("host")
                             : mode_ == "rack" ? QObject::tr("rack / cube")
                                               : QObject::tr("power row");
        for (std::size_t g = 0; g < 3; ++g)
            add(QObject::tr("%1 %2").arg(what).arg(g), kPalette[g]);
        add(QObject::tr("… (colours repeat)"), kPalette[3]);
        add(QObject::tr("failed"), kFailed);
        return out; // every chip has a domain
    }
    add(QObject::tr("free"), kFree);
    add(QObject::tr("failed"), kFailed);
    return out;
}

} // namespace podplanner::views

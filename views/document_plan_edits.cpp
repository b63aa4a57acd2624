// ProjectDocument edits of how a job is laid out and kept running: the mapping of its mesh axes
// onto the physical axes, the cubes it is placed on, its spares and its planned maintenance
// windows. Each is one undo step; one that leaves the plan unable to run (placed and laid out
// by the engines) is refused with the engine's reason.
#include "edit_commands.h"
#include "project_document.h"

#include "analysis/project_analysis.h"
#include "perf/mesh_mapping.h"

#include <algorithm>

namespace podplanner::views {

namespace {
using Mapping = std::vector<std::pair<std::string, std::vector<std::string>>>;

void setAxisMapping(Mapping& mapping, const std::string& axis,
                    const std::vector<std::string>& physical) {
    auto at = std::find_if(mapping.begin(), mapping.end(),
                           [&](const auto& entry) { return entry.first == axis; });
    if (physical.empty()) {
        if (at != mapping.end())
            mapping.erase(at);
    } else if (at != mapping.end()) {
        at->second = physical;
    } else {
        mapping.emplace_back(axis, physical);
    }
}
} // namespace

bool ProjectDocument::setMeshMapping(int job, const QString& axis, const QStringList& physical) {
    const std::string name = axis.toStdString();
    bool known = false;
    for (std::size_t a = 0; a < model::perf::kMeshAxes; ++a)
        known = known || name == model::perf::meshAxisName(a);
    if (!known || !hasJob(job))
        return false;
    std::vector<std::string> axes;
    for (const QString& p : physical)
        if (!p.trimmed().isEmpty())
            axes.push_back(p.trimmed().toStdString());
    const auto j = static_cast<std::size_t>(job);
    Mapping mapping = project_->jobs[j].parallelism.mapping;
    setAxisMapping(mapping, name, axes);
    if (mapping == project_->jobs[j].parallelism.mapping)
        return true;
    QString text = axes.empty() ? tr("Lay %1 automatically").arg(axis)
                                : tr("Lay %1 on %2").arg(axis, physical.join(QLatin1Char(' ')));
    auto after = std::make_shared<model::Project>(*project_);
    after->jobs[j].parallelism.mapping = mapping;
    std::string why = whyRefused(*after, Check::Engines);
    if (!why.empty() && !axes.empty() && mapping.size() > 1) {
        // The other axes' explicit places may be what no longer fits (tp moved onto the axis
        // fsdp was given): lay them automatically around the one just chosen.
        after->jobs[j].parallelism.mapping = {{name, axes}};
        if (whyRefused(*after, Check::Engines).empty()) {
            why.clear();
            text = tr("Lay %1 on %2, the other axes automatically")
                       .arg(axis, physical.join(QLatin1Char(' ')));
        }
    }
    if (!why.empty()) {
        setError(tr("%1 was refused: %2").arg(text, QString::fromStdString(why)));
        return false;
    }
    clearError();
    pushProject(text, std::move(after));
    return true;
}

bool ProjectDocument::clearMeshMapping(int job) {
    if (!hasJob(job) || project_->jobs[static_cast<std::size_t>(job)].parallelism.mapping.empty())
        return false;
    return editJob(
        job, tr("Lay every mesh axis automatically"), {},
        [](model::Job& j) { j.parallelism.mapping.clear(); }, Check::Engines);
}

// Racks picked in the scene as cubes of one pod (sorted); false, with the reason, otherwise.
bool ProjectDocument::cubesOfRacks(const QVariantList& racks, int& pod, std::vector<int>& cubes) {
    if (!analysis_ || !analysis_->topology || project_->cluster.pod.kind != model::PodKind::Tpu3d)
        return false;
    const auto& floor = analysis_->topology->floor();
    pod = -1;
    cubes.clear();
    for (const QVariant& r : racks) {
        const int rack = r.toInt();
        if (rack < 0 || rack >= static_cast<int>(floor.racks.size()) ||
            floor.racks[static_cast<std::size_t>(rack)].kind != model::RackKind::Chips) {
            setError(tr("Only chip racks (cubes) can be chosen"));
            return false;
        }
        const auto& at = floor.racks[static_cast<std::size_t>(rack)];
        if (pod >= 0 && at.pod != pod) {
            setError(tr("The selected cubes must be in one pod"));
            return false;
        }
        pod = at.pod;
        cubes.push_back(at.indexInPod);
    }
    std::sort(cubes.begin(), cubes.end());
    return !cubes.empty();
}

bool ProjectDocument::setSpareCubes(int job, const QVariantList& racks) {
    int pod = 0;
    std::vector<int> cubes;
    if (!hasJob(job) || !cubesOfRacks(racks, pod, cubes))
        return false;
    const auto& spec = project_->jobs[static_cast<std::size_t>(job)];
    if (!spec.placement.pods.empty() && pod != spec.placement.pods.front()) {
        setError(tr("A job's spares are cubes of its first pod (pod %1)")
                     .arg(spec.placement.pods.front()));
        return false;
    }
    const QString name = QString::fromStdString(spec.name);
    return editJob(
        job,
        tr("Hold %n cube(s) as spares of %1", nullptr, static_cast<int>(cubes.size())).arg(name),
        {},
        [&](model::Job& j) {
            j.reliability.spareCubes = cubes;
            j.reliability.hotSpareCubes = static_cast<int>(cubes.size());
        },
        Check::Engines);
}

bool ProjectDocument::placeOnCubes(int job, const QVariantList& racks) {
    int pod = 0;
    std::vector<int> cubes;
    if (!hasJob(job) || !cubesOfRacks(racks, pod, cubes))
        return false;
    const QString name = QString::fromStdString(project_->jobs[static_cast<std::size_t>(job)].name);
    return editJob(
        job, tr("Place %1 on %n cube(s)", nullptr, static_cast<int>(cubes.size())).arg(name), {},
        [&](model::Job& j) {
            j.placement.pods = {pod};
            j.placement.cubes = cubes;
        },
        Check::Engines);
}

bool ProjectDocument::addMaintenance(int job, int powerRow, double everyDays, double durationH,
                                     const QString& mode) {
    if (!hasJob(job) || !analysis_ || !analysis_->topology)
        return false;
    if (powerRow < 0 || powerRow >= analysis_->topology->floor().powerRows || everyDays < 0.01 ||
        durationH <= 0 || durationH > everyDays * 24 || (mode != "drain" && mode != "spares")) {
        setError(tr("A maintenance window needs a power row of this cluster, a period of at least "
                    "15 minutes, a duration shorter than the period, and drain or spares"));
        return false;
    }
    model::MaintenanceWindow w;
    w.powerRow = powerRow;
    w.everyDays = everyDays;
    w.durationH = durationH;
    w.mode = mode.toStdString();
    return editJob(
        job,
        tr("Maintain power row %1 every %2 days for %3 h")
            .arg(powerRow)
            .arg(everyDays)
            .arg(durationH),
        {}, [&](model::Job& j) { j.reliability.maintenance.push_back(w); }, Check::Engines);
}

bool ProjectDocument::removeMaintenance(int job, int window) {
    if (!hasJob(job) || window < 0 ||
        window >= static_cast<int>(
                      project_->jobs[static_cast<std::size_t>(job)].reliability.maintenance.size()))
        return false;
    return editJob(
        job, tr("Remove maintenance window %1").arg(window + 1), {},
        [&](model::Job& j) {
            j.reliability.maintenance.erase(j.reliability.maintenance.begin() + window);
        },
        Check::Engines);
}

} // namespace podplanner::views

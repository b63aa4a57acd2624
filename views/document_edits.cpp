// The edits of ProjectDocument: each builds the project (or failure set) as it will be after
// the edit and pushes it as one undo command. Edits that would make the plan impossible to place
// (overlapping jobs, a shape the pod cannot hold) are refused with the placement's message.
#include "edit_commands.h"
#include "project_document.h"

#include "perf/evaluate.h"
#include "perf/mesh_mapping.h"
#include "perf/starting_layout.h"
#include "presets/presets.h"
#include "project/parallelism_edit.h"
#include "project/placement.h"
#include "project/project_io.h"
#include "project/slice_room.h"
#include "topology/slice_shape.h"

#include <algorithm>

namespace podplanner::views {

namespace {

// Chips of a job's placement, or 0 when the plan cannot be placed as it is.
std::int64_t placedChips(const model::Project& project, int job) {
    try {
        return model::placeJobs(project)[static_cast<std::size_t>(job)].chips();
    } catch (const std::exception&) {
        return 0;
    }
}

std::int64_t chipsOfSpec(const model::Project& project, const model::PlacementSpec& placement) {
    if (!placement.shape.empty()) {
        const auto shape = model::parseTopology(placement.shape);
        return shape ? shape->chips() * static_cast<std::int64_t>(placement.pods.size()) : 0;
    }
    return static_cast<std::int64_t>(placement.nodes) * project.cluster.pod.jobGpusPerNode() *
           static_cast<std::int64_t>(placement.pods.size());
}

// Keeps the mesh the size of the job's chips after its placement changed (dp, else fsdp).
void fitMeshTo(model::ParallelismSpec& p, std::int64_t chips) {
    const std::int64_t modelParallel = p.meshSize() / (std::int64_t{p.dp} * p.fsdp);
    if (chips <= 0 || p.meshSize() == chips || chips % modelParallel != 0)
        return;
    const int dataParallel = static_cast<int>(chips / modelParallel);
    if (p.fsdp > 1) {
        p.dp = 1;
        p.fsdp = dataParallel;
    } else {
        p.dp = dataParallel;
    }
}

// Whether a job other than `except` is called `name`: names tell jobs apart everywhere.
bool nameTaken(const model::Project& project, const std::string& wanted, int except = -1) {
    for (std::size_t j = 0; j < project.jobs.size(); ++j)
        if (static_cast<int>(j) != except && project.jobs[j].name == wanted)
            return true;
    return false;
}

QString uniqueJobName(const model::Project& project, const std::string& base) {
    for (int n = 1;; ++n) {
        const std::string name = n == 1 ? base : base + "-" + std::to_string(n);
        if (!nameTaken(project, name))
            return QString::fromStdString(name);
    }
}

// A new job of a built-in model: the user's settings over sensible training defaults, fully
// sharded data parallel over its chips with the fewest microbatches and the least recompute
// that fit (the auto-plan dialog finds better layouts).
model::Job defaultJob(const model::Project& project, const model::ModelPreset& preset,
                      const QString& shapeOrNodes, const QVariantMap& settings = {}) {
    model::Job job;
    const QString name = settings.value("name").toString().trimmed();
    job.name =
        name.isEmpty() ? uniqueJobName(project, preset.id).toStdString() : name.toStdString();
    job.model = preset.model;
    job.training.globalBatchTokens =
        settings.value("batchTokens", QVariant::fromValue(qint64{4} * 1024 * 1024)).toLongLong();
    job.training.totalTokens =
        settings.value("totalTokens", QVariant::fromValue(qint64{1'000'000'000'000})).toLongLong();
    job.reliability.hotSpareCubes = std::max(0, settings.value("hotSpares", 0).toInt());
    if (const double minutes = settings.value("checkpointMin", 0.0).toDouble(); minutes > 0)
        job.reliability.checkpoint.intervalMin = minutes;
    job.reliability.elastic = settings.value("elastic", false).toBool();
    job.placement.pods = {0};
    if (project.cluster.pod.kind == model::PodKind::GpuFatTree)
        job.placement.nodes = std::max(1, shapeOrNodes.toInt());
    else
        job.placement.shape = shapeOrNodes.toStdString();
    job.parallelism.fsdp =
        static_cast<int>(std::max<std::int64_t>(1, chipsOfSpec(project, job.placement)));
    model::perf::fitStartingLayout(project, job);
    return job;
}

} // namespace

std::string ProjectDocument::whyRefused(const model::Project& project, Check check) {
    try {
        // Held to what a saved file must meet, so that it loads again.
        for (std::size_t j = 0; j < project.jobs.size(); ++j)
            model::checkJobAgainstModel(project.jobs[j], "/jobs/" + std::to_string(j));
        model::placeJobs(project);
        if (check == Check::Engines)
            model::perf::evaluateProject(project); // a mapping that cannot be laid out throws
        return {};
    } catch (const std::exception& e) {
        return e.what();
    }
}

bool ProjectDocument::editJob(int job, const QString& text, const QString& mergeKey,
                              const std::function<void(model::Job&)>& edit, Check check) {
    if (!hasJob(job))
        return false;
    auto after = std::make_shared<model::Project>(*project_);
    edit(after->jobs[static_cast<std::size_t>(job)]);
    if (const std::string why = whyRefused(*after, check); !why.empty()) {
        setError(tr("%1 was refused: %2").arg(text, QString::fromStdString(why)));
        return false;
    }
    clearError();
    setNotice({});
    pushProject(text, std::move(after), mergeKey);
    return true;
}

bool ProjectDocument::setMeshAxis(int job, const QString& axis, int value) {
    if (!hasJob(job) || !model::isEditableMeshAxis(axis.toStdString()) || value < 1)
        return false;
    const auto& current = project_->jobs[static_cast<std::size_t>(job)];
    if (model::meshAxisValue(current.parallelism, axis.toStdString()) == value)
        return true;
    const std::int64_t chips = placedChips(*project_, job);
    const model::ParallelismSpec before = current.parallelism;
    const bool ok = editKeepingMapping(
        job, tr("Set %1 of %2 to %3").arg(axis, QString::fromStdString(current.name)).arg(value),
        QStringLiteral("%1 %2").arg(axis).arg(value),
        [&](model::Job& j) {
            model::setMeshAxis(j.parallelism, axis.toStdString(), value,
                               chips > 0 ? chips : j.parallelism.meshSize());
        },
        QStringLiteral("axis/%1/%2").arg(job).arg(axis));
    if (ok)
        noteAxesThatGaveWay(job, axis, value, before);
    return ok;
}

void ProjectDocument::noteAxesThatGaveWay(int job, const QString& axis, int value,
                                          const model::ParallelismSpec& before) {
    const model::ParallelismSpec& after = project_->jobs[static_cast<std::size_t>(job)].parallelism;
    const model::perf::MeshSizes was = model::perf::meshSizes(before);
    const model::perf::MeshSizes now = model::perf::meshSizes(after);
    QStringList changed;
    for (std::size_t a = 0; a < was.size(); ++a) {
        const QLatin1String name(model::perf::meshAxisName(a));
        if (axis != name && was[a] != now[a])
            changed << tr("%1 from %2 to %3").arg(name).arg(was[a]).arg(now[a]);
    }
    if (changed.isEmpty())
        return;
    const QString text = tr("Setting %1 to %2 also changed %3, so that the mesh still covers the "
                            "job's %4 chips.")
                             .arg(axis)
                             .arg(value)
                             .arg(changed.join(tr(" and ")))
                             .arg(after.meshSize());
    setNotice(noticeText_.isEmpty() ? text : noticeText_ + QLatin1Char(' ') + text);
}

bool ProjectDocument::editKeepingMapping(int job, const QString& text, const QString& newSize,
                                         const std::function<void(model::Job&)>& edit,
                                         const QString& mergeKey) {
    const model::Job& before = project_->jobs[static_cast<std::size_t>(job)];
    const auto mapping = before.parallelism.mapping;
    const QString name = QString::fromStdString(before.name);
    const auto withMapping = [&](model::Job& j) {
        edit(j);
        j.parallelism.mapping = mapping;
    };
    // A hand-made mapping stays when the engines can still lay it out on the new size;
    // otherwise the automatic one replaces it, and the user is told.
    if (!mapping.empty()) {
        model::Project kept = *project_;
        withMapping(kept.jobs[static_cast<std::size_t>(job)]);
        if (whyRefused(kept, Check::Engines).empty())
            return editJob(job, text, mergeKey, withMapping);
    }
    const bool ok = editJob(job, text, mergeKey, [&](model::Job& j) {
        edit(j);
        j.parallelism.mapping.clear();
    });
    if (ok && !mapping.empty())
        setNotice(tr("The hand-made mapping of %1 does not fit %2, so the automatic mapping "
                     "replaces it. Undo brings it back.")
                      .arg(name, newSize));
    return ok;
}

bool ProjectDocument::setSliceShape(int job, const QString& shapeOrNodes) {
    if (!hasJob(job))
        return false;
    const bool gpu = project_->cluster.pod.kind == model::PodKind::GpuFatTree;
    std::string whyNot;
    if (!gpu && !model::parseTopology(shapeOrNodes.toStdString(), &whyNot)) {
        setError(tr("Slice shape \"%1\" was refused: %2")
                     .arg(shapeOrNodes, QString::fromStdString(whyNot)));
        return false;
    }
    if (gpu && shapeOrNodes.toInt() < 1) {
        setError(tr("Nodes \"%1\" was refused: expected a whole number of nodes, at least 1")
                     .arg(shapeOrNodes));
        return false;
    }
    const QString name = QString::fromStdString(project_->jobs[static_cast<std::size_t>(job)].name);
    const QString text = tr("Place %1 on %2").arg(name, shapeOrNodes);
    // Said in the user's terms, before the placement's own message names a file pointer.
    if (const std::string why = model::sliceShortfall(*project_, job, shapeOrNodes.toStdString());
        !why.empty()) {
        setError(tr("%1 was refused: %2").arg(text, QString::fromStdString(why)));
        return false;
    }
    return editKeepingMapping(job, text, shapeOrNodes, [&](model::Job& j) {
        if (gpu)
            j.placement.nodes = shapeOrNodes.toInt();
        else
            j.placement.shape = shapeOrNodes.toStdString();
        j.placement.cubes.reset();
        fitMeshTo(j.parallelism, chipsOfSpec(*project_, j.placement));
    });
}

bool ProjectDocument::setHotSpares(int job, int spares) {
    if (!hasJob(job) || spares < 0)
        return false;
    return editJob(job, tr("Set hot spares to %1").arg(spares),
                   QStringLiteral("spares/%1").arg(job), [&](model::Job& j) {
                       j.reliability.hotSpareCubes = spares;
                       j.reliability.spareCubes.clear(); // a count again: any free cubes
                   });
}

bool ProjectDocument::setElastic(int job, bool elastic) {
    return editJob(job, elastic ? tr("Continue on fewer replicas") : tr("Wait for repairs"), {},
                   [&](model::Job& j) { j.reliability.elastic = elastic; });
}

bool ProjectDocument::setJobName(int job, const QString& name) {
    const QString wanted = name.trimmed();
    if (!hasJob(job))
        return false;
    if (wanted.isEmpty()) {
        setError(tr("A job needs a name."));
        return false;
    }
    if (nameTaken(*project_, wanted.toStdString(), job)) {
        setError(
            tr("Another job is already called \"%1\"; jobs are told apart by name.").arg(wanted));
        return false;
    }
    return editJob(job, tr("Rename job to %1").arg(wanted), {},
                   [&](model::Job& j) { j.name = wanted.toStdString(); });
}

bool ProjectDocument::duplicateJob(int job) {
    if (!hasJob(job))
        return false;
    model::Job copy = project_->jobs[static_cast<std::size_t>(job)];
    // "<name> copy", then "<name> copy 2", ...
    const QString base = tr("%1 copy").arg(QString::fromStdString(copy.name));
    QString name = base;
    for (int n = 2; nameTaken(*project_, name.toStdString()); ++n)
        name = QStringLiteral("%1 %2").arg(base).arg(n);
    copy.name = name.toStdString();
    // The same shape on whatever cubes are free; the original keeps its cubes and spares.
    copy.placement.cubes.reset();
    copy.reliability.spareCubes.clear();
    model::Project with = *project_;
    with.jobs.push_back(copy);
    const std::string size =
        copy.placement.shape.empty() ? std::to_string(copy.placement.nodes) : copy.placement.shape;
    if (const std::string why =
            model::sliceShortfall(with, static_cast<int>(with.jobs.size()) - 1, size);
        !why.empty()) {
        setError(
            tr("No room for a copy of %1: %2")
                .arg(QString::fromStdString(project_->jobs[static_cast<std::size_t>(job)].name),
                     QString::fromStdString(why)));
        return false;
    }
    return addNewJob(std::move(copy));
}

bool ProjectDocument::applyLayout(int job, const QVariantMap& layout) {
    return editJob(job, tr("Apply planned layout"), {}, [&](model::Job& j) {
        auto& p = j.parallelism;
        for (const char* axis :
             {"dp", "fsdp", "tp", "pp", "ep", "cp", "microbatches", "virtual_stages"})
            if (layout.contains(axis))
                model::setAxisExactly(p, axis, layout[axis].toInt());
        p.ppSchedule = p.virtualStages > 1 ? "interleaved" : "1f1b";
        p.sequenceParallel = layout.value("sequence_parallel", p.sequenceParallel).toBool();
        p.fsdpGather = layout.value("fsdp_per_step", p.fsdpGather == "per_step").toBool()
                           ? "per_step"
                           : "per_pass";
        p.zeroStage = layout.value("zero_stage", p.zeroStage).toInt();
        p.shardOptimizer = p.zeroStage >= 1;
        p.tpOverlap = layout.value("tp_overlap", p.tpOverlap).toBool();
        if (layout.contains("recompute"))
            j.training.recompute = layout["recompute"].toString().toStdString();
        p.mapping.clear(); // the planner's mapping is the engine's best, which auto finds again
        // On fewer chips than the job had (the planner says why): its smaller placement, the
        // units it gives up held as its hot spares.
        if (layout.contains("placement_shape") || layout.contains("placement_nodes")) {
            j.placement.shape = layout.value("placement_shape").toString().toStdString();
            j.placement.twisted = layout.value("placement_twisted").toBool();
            j.placement.nodes = layout.value("placement_nodes").toInt();
            j.placement.cubes.reset();
            j.placement.pods.resize(
                static_cast<std::size_t>(std::max(1, layout.value("placement_slices", 1).toInt())));
            j.reliability.hotSpareCubes += layout.value("hot_spares").toInt();
            j.reliability.spareCubes.clear();
        }
    });
}

bool ProjectDocument::addJob(const QString& modelPreset, const QString& shapeOrNodes,
                             const QVariantMap& settings) {
    const model::ModelPreset* preset = model::findBuiltinModel(modelPreset.toStdString());
    if (!project_ || !preset) {
        setError(tr("No built-in model \"%1\"").arg(modelPreset));
        return false;
    }
    return addNewJob(defaultJob(*project_, *preset, shapeOrNodes, settings));
}

bool ProjectDocument::addCustomJob(const QVariantMap& dims, const QString& shapeOrNodes,
                                   const QVariantMap& settings) {
    if (!project_)
        return false;
    model::ModelPreset custom;
    const auto dim = [&dims](const char* key, int fallback = 0) {
        return dims.value(QLatin1String(key), fallback).toInt();
    };
    custom.model.layers = dim("layers");
    custom.model.dModel = dim("d_model");
    custom.model.heads = dim("heads");
    custom.model.kvHeads = dim("kv_heads", custom.model.heads);
    custom.model.headDim = custom.model.heads > 0 ? custom.model.dModel / custom.model.heads : 0;
    custom.model.ffn = dim("ffn");
    custom.model.vocab = dim("vocab");
    custom.model.seqLen = dim("seq_len");
    custom.id = "custom-" + std::to_string(custom.model.layers) + "L-" +
                std::to_string(custom.model.dModel);
    return addNewJob(defaultJob(*project_, custom, shapeOrNodes, settings));
}

bool ProjectDocument::addNewJob(model::Job job) {
    auto after = std::make_shared<model::Project>(*project_);
    after->jobs.push_back(std::move(job));
    try {
        // Through the file reader too: every rule a project file obeys, with its pointer.
        model::readProject(model::writeProject(*after));
        model::placeJobs(*after);
    } catch (const std::exception& e) {
        setError(tr("The new job was refused: %1").arg(QString::fromStdString(e.what())));
        return false;
    }
    clearError();
    pushProject(tr("Add job %1").arg(QString::fromStdString(after->jobs.back().name)), after);
    setSelectedJob(static_cast<int>(after->jobs.size()) - 1);
    return true;
}

bool ProjectDocument::removeJob(int job) {
    if (!hasJob(job) || project_->jobs.size() < 2) {
        setError(tr("A project keeps at least one job"));
        return false;
    }
    auto after = std::make_shared<model::Project>(*project_);
    const QString name = QString::fromStdString(after->jobs[static_cast<std::size_t>(job)].name);
    after->jobs.erase(after->jobs.begin() + job);
    pushProject(tr("Remove job %1").arg(name), std::move(after));
    return true;
}

bool ProjectDocument::newProject(const QString& clusterPreset, const QString& modelPreset) {
    try {
        auto project = std::make_shared<model::Project>();
        project->name = tr("New plan").toStdString();
        project->clusterSource = R"({"preset":")" + clusterPreset.toStdString() + R"("})";
        project->cluster = model::builtinCluster(clusterPreset.toStdString());
        const model::ModelPreset* preset = model::findBuiltinModel(modelPreset.toStdString());
        if (!preset)
            throw std::runtime_error("no built-in model \"" + modelPreset.toStdString() + "\"");
        const auto& pod = project->cluster.pod;
        const QString first = pod.kind == model::PodKind::GpuFatTree ? QStringLiteral("8")
                              : pod.kind == model::PodKind::Tpu2d    ? QStringLiteral("4x4")
                                                                     : QStringLiteral("4x4x4");
        project->jobs.push_back(defaultJob(*project, *preset, first));
        model::placeJobs(*project);
        adopt(std::move(project), {});
        return true;
    } catch (const std::exception& e) {
        setError(tr("Could not create the project: %1").arg(QString::fromStdString(e.what())));
        return false;
    }
}

} // namespace podplanner::views

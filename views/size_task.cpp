#include "size_task.h"

#include "local_path.h"

#include "core/atomic_file.h"
#include "presets/presets.h"
#include "sizing/size_apply.h"
#include "sizing/size_ranking.h"
#include "sizing/size_report.h"

#include <QMetaObject>

#include <map>

namespace podplanner::views {

namespace {

using model::sizing::SizePoint;
using model::sizing::SizeRequest;
using model::sizing::SizeResult;

QString text(const std::string& s) {
    return QString::fromStdString(s);
}

QVariantMap pointMap(const SizeRequest& request, const SizeResult& r, std::size_t index,
                     const std::string& projectCluster) {
    const SizePoint& p = r.points[index];
    const auto& c = request.candidates[p.candidate];
    QString layout = text(p.mappingText) + QStringLiteral("; %1 microbatches, recompute %2")
                                               .arg(p.layout.microbatches)
                                               .arg(model::perf::recomputeName(p.layout.recompute));
    if (p.layout.zeroStage > 0)
        layout += QStringLiteral(", ZeRO-%1").arg(p.layout.zeroStage);
    return {{"index", static_cast<int>(index)},
            {"candidate", text(c.label)},
            {"candidateIndex", static_cast<int>(p.candidate)},
            {"chip", text(c.cluster.chip.name)},
            {"placement", text(p.option.text)},
            {"chips", static_cast<qint64>(p.option.chips)},
            {"spares", p.spares},
            {"days", p.trainDays},
            {"idealDays", p.idealDays},
            {"goodput", p.goodput},
            {"cost", model::sizing::costOf(p, r.costInUsd)},
            {"costUsd", p.costUsd},
            {"chipHours", p.chipHours},
            {"energyMwh", p.energyKwh < 0 ? -1.0 : p.energyKwh / 1000},
            {"mfu", p.step.mfu},
            {"stepS", p.step.stepS},
            {"limit", model::sizing::limitName(p.limit)},
            {"limitText", text(p.limitText)},
            {"feasible", p.feasible()},
            {"layout", layout},
            {"checkpoint",
             text(p.checkpoint.text()) + (p.elastic ? QStringLiteral(", elastic") : QString())},
            {"onProjectCluster", c.clusterSource == projectCluster}};
}

QVariantMap resultMap(const SizeRequest& request, const SizeResult& r,
                      const std::string& projectCluster) {
    QVariantList front, candidates, curve, spares, notes;
    for (std::size_t i : r.front)
        front << pointMap(request, r, i, projectCluster);
    for (std::size_t c = 0; c < request.candidates.size(); ++c) {
        const auto& cand = request.candidates[c];
        const auto& best = r.bestPerCandidate[c];
        candidates << QVariantMap{
            {"label", text(cand.label)},
            {"chip", text(cand.cluster.chip.name)},
            {"price", cand.priceUsdPerChipHour},
            {"priceSource", text(cand.priceSource)},
            {"power", cand.powerW},
            {"powerSource", text(cand.powerSource)},
            {"best", best ? QVariant(pointMap(request, r, *best, projectCluster)) : QVariant()}};
        // Time to train against chips: the fastest point of each size.
        for (const auto& [chips, days] : model::sizing::fastestByChips(r, c))
            curve << QVariantMap{{"series", static_cast<int>(c)},
                                 {"chips", static_cast<qint64>(chips)},
                                 {"days", days}};
    }
    for (const SizePoint* p : model::sizing::recommendedBySpares(r))
        spares << QVariantMap{
            {"spares", p->spares}, {"goodput", p->goodput}, {"days", p->trainDays}};
    for (const auto& n : r.notes)
        notes << text(n);
    return {{"recommendation", text(r.recommendation)},
            {"recommended", r.recommended
                                ? QVariant(pointMap(request, r, *r.recommended, projectCluster))
                                : QVariant()},
            {"front", front},
            {"candidates", candidates},
            {"curve", curve},
            {"spares", spares},
            {"notes", notes},
            {"costInUsd", r.costInUsd},
            {"refined", r.refined},
            {"placements", static_cast<qint64>(r.placementsPlanned)},
            {"considered", static_cast<qint64>(r.configurationsConsidered)},
            {"points", static_cast<int>(r.points.size())},
            {"elapsedS", r.elapsedS},
            {"deadline", request.deadlineDays ? *request.deadlineDays : 0.0}};
}

} // namespace

QVariantList SizeTask::candidateChoices(ProjectDocument* document) const {
    QVariantList out;
    auto add = [&out](const QString& id, const QString& name, const model::ClusterSpec& c) {
        const auto source = [&](const char* field) {
            const auto it = c.chip.source.find(field);
            return it == c.chip.source.end() ? QString() : text(it->second);
        };
        out << QVariantMap{{"id", id},
                           {"name", name},
                           {"chip", text(c.chip.name)},
                           {"chips", static_cast<qint64>(c.chips())},
                           {"price", c.chip.priceUsdPerHour},
                           {"priceSource", source("price_usd_per_hour")},
                           {"power", c.chip.powerW},
                           {"powerSource", source("power_w")}};
    };
    if (document && document->project())
        add(QStringLiteral("project"),
            tr("This project's cluster (%1)").arg(document->clusterName()),
            document->project()->cluster);
    for (const auto& preset : model::builtinClusters())
        add(text(preset.id), text(preset.name), model::builtinCluster(preset.id));
    return out;
}

bool SizeTask::start(ProjectDocument* document, int job, const QStringList& candidates,
                     double deadlineDays, double budgetUsd, double budgetChipHours,
                     const QVariantMap& prices) {
    const auto project = document ? document->projectSnapshot() : nullptr;
    if (!project || job < 0 || job >= static_cast<int>(project->jobs.size()) ||
        candidates.isEmpty())
        return false;
    auto sized = std::make_shared<Sized>();
    sized->project = project;
    sized->job = static_cast<std::size_t>(job);
    SizeRequest& request = sized->request;
    request.job = project->jobs[sized->job];
    if (deadlineDays > 0)
        request.deadlineDays = deadlineDays;
    if (budgetUsd > 0)
        request.budgetUsd = budgetUsd;
    if (budgetChipHours > 0)
        request.budgetChipHours = budgetChipHours;
    int total = 0;
    try {
        for (const QString& id : candidates) {
            auto c = id == QLatin1String("project")
                         ? model::sizing::projectCandidate(*project, sized->job, "this project")
                         : model::sizing::resolveCandidate(id.toStdString());
            const double price = prices.value(id).toDouble();
            if (price > 0) {
                c.priceUsdPerChipHour = price;
                c.priceSource = "given in the Size dialog";
            }
            model::sizing::OptionLimits every;
            every.maxChips = c.cluster.chips();
            total += static_cast<int>(model::sizing::placementOptions(c.cluster, every).size());
            request.candidates.push_back(std::move(c));
        }
    } catch (const std::exception&) {
        return false;
    }
    sized_ = sized;
    partial_ = QVariant();
    emit partialChanged();
    const quint64 generation = ++generation_;
    const std::string projectCluster = project->clusterSource;
    launch(
        [this, sized, generation, projectCluster](Control& control) -> QVariant {
            model::sizing::SizeOptions options;
            options.cancel = &control.cancel;
            options.placementsDone = &control.done;
            options.onFirstPass = [&](const SizeResult& first) {
                sized->first = first;
                QVariant map = resultMap(sized->request, first, projectCluster);
                QMetaObject::invokeMethod(
                    this,
                    [this, generation, map] {
                        if (generation != generation_)
                            return; // a newer run started
                        partial_ = map;
                        emit partialChanged();
                    },
                    Qt::QueuedConnection);
            };
            sized->final = model::sizing::sizeJob(sized->request, options);
            sized->finished = true;
            return resultMap(sized->request, sized->final, projectCluster);
        },
        total);
    return true;
}

const SizeResult* SizeTask::newest() const {
    if (!sized_)
        return nullptr;
    if (sized_->finished.load() && !cancelled())
        return &sized_->final;
    return partial_.isValid() ? &sized_->first : nullptr;
}

bool SizeTask::apply(ProjectDocument* document, int index) {
    const SizeResult* r = newest();
    if (!document || !r || index < 0 || index >= static_cast<int>(r->points.size()) ||
        !document->project())
        return false;
    const SizePoint& p = r->points[static_cast<std::size_t>(index)];
    const auto& candidate = sized_->request.candidates[p.candidate];
    const QString what =
        tr("Apply sized plan: %1 on %2").arg(text(p.option.text), text(candidate.label));
    try {
        if (candidate.clusterSource == document->project()->clusterSource) {
            model::Project after = *document->project();
            if (sized_->job >= after.jobs.size())
                return false;
            model::sizing::applyPoint(after, sized_->job, candidate, p);
            return document->applyProjectEdit(what, std::move(after));
        }
        model::Project fresh;
        fresh.name = sized_->project->name + " on " + candidate.label;
        fresh.cluster = candidate.cluster;
        fresh.clusterSource = candidate.clusterSource;
        fresh.jobs = {sized_->project->jobs[sized_->job]};
        model::sizing::applyPoint(fresh, 0, candidate, p);
        return document->openUnsaved(std::move(fresh));
    } catch (const std::exception&) {
        return false;
    }
}

QString SizeTask::exportReport(const QString& pathOrUrl) {
    const SizeResult* r = newest();
    if (!r)
        return tr("Nothing to export yet");
    const QString path = localPath(pathOrUrl);
    try {
        for (const auto& [file, content] :
             model::sizing::sizeReportFiles(sized_->request, *r, nullptr, path.toStdString()))
            model::writeFileAtomically(file, content);
    } catch (const std::exception& e) {
        return tr("Could not write %1: %2").arg(path, text(e.what()));
    }
    return tr("Wrote %1").arg(path);
}

} // namespace podplanner::views

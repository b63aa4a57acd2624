#include "dashboard_data.h"

#include "badput_text.h"
#include "component_kinds.h"

#include "analysis/project_analysis.h"
#include "perf/accuracy.h"
#include "perf/collective_cost.h"
#include "perf/fabric.h"
#include "perf/layer_breakdown.h"
#include "perf/mesh_mapping.h"
#include "sizing/occupancy.h"
#include "topology/slice_shape.h"

namespace podplanner::views {

namespace {

constexpr double kGib = 1024.0 * 1024.0 * 1024.0;

bool hasJob(const model::ProjectAnalysis& a, int job) {
    return a.hasNumbers() && job >= 0 && job < static_cast<int>(a.performance.jobs.size());
}

QString shapeText(const model::PlacedSlice& slice) {
    return slice.geometry ? QString::fromStdString(model::SliceShape{slice.geometry->dims}.text())
                          : QStringLiteral("%1 nodes").arg(slice.nodes.size());
}

// Wall-clock figures of a job: the engine's, which assume no interruptions, divided by the
// what-if's goodput; -1 where there is none (a stalled job, a chip without price or power).
struct WallClock {
    double days = -1, costUsd = -1, energyMwh = -1;
};

WallClock wallClockOf(const model::perf::JobEvaluation& e, double goodput) {
    WallClock w;
    if (goodput <= 0)
        return w;
    w.days = e.timeToTrainDays / goodput;
    if (e.costUsd > 0)
        w.costUsd = e.costUsd / goodput;
    if (e.energyKwh > 0)
        w.energyMwh = e.energyKwh / goodput / 1000;
    return w;
}

} // namespace

QVariantMap summarizeCounts(const model::Topology& t, const model::ClusterSpec& cluster) {
    using model::VertexKind;
    QVariantMap counts;
    counts["sites"] = static_cast<qint64>(cluster.sites.size());
    counts["pods"] = cluster.podCount();
    counts["chips"] = static_cast<qint64>(t.vertexCount(VertexKind::Chip));
    counts["hosts"] = static_cast<qint64>(t.vertexCount(VertexKind::Host));
    counts["cubes"] = static_cast<qint64>(t.vertexCount(VertexKind::Cube));
    counts["racks"] = static_cast<qint64>(t.floor().racks.size());
    counts["powerRows"] = t.floor().powerRows;
    counts["ocs"] = static_cast<qint64>(t.vertexCount(VertexKind::Ocs));
    counts["links"] = static_cast<qint64>(t.linkCount());
    counts["opticalLinks"] = static_cast<qint64>(t.linkCount(model::LinkKind::IciOptical));
    counts["electricalLinks"] = static_cast<qint64>(t.linkCount(model::LinkKind::IciElectrical));
    return counts;
}

QVariantList occupancyList(const model::Project& project, const model::ProjectAnalysis& a) {
    QVariantList out;
    for (const auto& o : model::sizing::podOccupancy(project, a.placements, a.topology.get())) {
        QVariantList rows;
        for (const auto& [row, free] : o.freeByPowerRow)
            rows << QVariantMap{{"row", row}, {"free", free}};
        out << QVariantMap{{"pod", o.pod},
                           {"unit", QString::fromStdString(o.unit)},
                           {"total", o.total},
                           {"used", o.used},
                           {"spares", o.spares},
                           {"failed", o.failed},
                           {"free", o.free},
                           {"largestSlice", QString::fromStdString(o.largestSlice)},
                           {"largestSliceUnits", o.largestSliceUnits},
                           {"largestInOneRow", o.largestInOneRow},
                           {"powerRows", rows}};
    }
    return out;
}

QList<JobRow> jobRows(const model::Project& project, const model::ProjectAnalysis& a) {
    QList<JobRow> rows;
    for (std::size_t j = 0; j < project.jobs.size(); ++j) {
        JobRow row;
        row.name = QString::fromStdString(project.jobs[j].name);
        row.color = JobListModel::jobColor(static_cast<int>(j));
        if (j < a.placements.size()) {
            const auto& placement = a.placements[j];
            row.chips = placement.chips();
            row.slices = static_cast<int>(placement.slices.size());
            const auto& first = placement.slices.front();
            row.shape = shapeText(first);
            if (first.geometry) {
                QStringList axes;
                const char* names[] = {"x", "y", "z"};
                for (std::size_t x = 0; x < first.geometry->wraps.size(); ++x)
                    if (first.geometry->wraps[x])
                        axes << names[x];
                row.wraparound = axes.isEmpty() ? QStringLiteral("none") : axes.join(' ');
                row.twisted = first.geometry->twisted;
            } else {
                row.wraparound = QStringLiteral("-");
            }
        }
        if (!hasJob(a, static_cast<int>(j))) {
            row.perfError = QString::fromStdString(a.error);
        } else {
            const auto& step = a.performance.jobs[j].step;
            row.stepTimeS = step.stepS;
            row.mfu = step.mfu;
            row.tokensPerS = step.tokensPerS;
            row.hbmUsedGib = step.memory.total() / kGib;
            row.hbmCapacityGib = step.hbmCapacityBytes / kGib;
            row.goodput = a.whatIf[j].goodputWindow;
            row.interruptionsPerDay = a.reliability[j].goodput.interruptionsPerDay;
            row.state = QString::fromUtf8(model::reliability::jobStateName(a.whatIf[j].state));
            const WallClock w = wallClockOf(a.performance.jobs[j], a.whatIf[j].goodputExpected);
            row.timeToTrainDays = w.days;
            row.costUsd = w.costUsd;
        }
        rows << row;
    }
    return rows;
}

QList<CollectiveTableRow> collectiveRows(const model::Project&, const model::ProjectAnalysis& a,
                                         int job) {
    QList<CollectiveTableRow> rows;
    if (!hasJob(a, job))
        return rows;
    const auto& step = a.performance.jobs[static_cast<std::size_t>(job)].step;
    for (int i = 0; i < step.collectiveCount; ++i) {
        const auto& c = step.collectives[static_cast<std::size_t>(i)];
        rows << CollectiveTableRow{QString::fromUtf8(model::perf::collectiveKindName(c.kind)),
                                   QString::fromUtf8(model::perf::meshAxisName(c.axis)), c.bytes,
                                   c.seconds, c.exposedSeconds};
    }
    return rows;
}

QVariantMap dashboardOf(const model::Project& project, const model::ProjectAnalysis& a, int job) {
    QVariantMap d;
    d["engineMs"] = a.elapsedS * 1000;
    if (!hasJob(a, job)) {
        d["valid"] = false;
        d["error"] = QString::fromStdString(a.error);
        return d;
    }
    const auto j = static_cast<std::size_t>(job);
    const auto& e = a.performance.jobs[j];
    const auto& g = a.reliability[j].goodput;
    const auto& w = a.whatIf[j];
    d["valid"] = true;
    d["name"] = QString::fromStdString(project.jobs[j].name);
    d["chips"] = static_cast<qint64>(e.chips);
    d["stepS"] = e.step.stepS;
    d["computeS"] = e.step.computeS;
    d["exposedCommS"] = e.step.exposedCommS;
    d["hostWaitS"] = e.step.hostWaitS;
    d["bubbleS"] = e.step.bubbleS;
    d["optimizerS"] = e.step.optimizerS;
    d["evalS"] = e.step.evalS;
    d["mfu"] = e.step.mfu;
    d["tokensPerS"] = e.step.tokensPerS;
    d["hbmUsedGib"] = e.step.memory.total() / kGib;
    d["hbmCapacityGib"] = e.step.hbmCapacityBytes / kGib;
    d["fits"] = e.step.fits;
    d["mapping"] = QString::fromStdString(e.mappingText);
    // How far the engine has been on published runs of this kind (empty: none held out).
    if (const auto* band = model::perf::accuracyBand(e.accuracyClass)) {
        d["accuracyMedian"] = band->medianAbsError;
        d["accuracyText"] = QString::fromStdString(model::perf::describeAccuracy(*band));
    }
    d["idealDays"] = e.timeToTrainDays;
    d["goodputHealthy"] = g.expected;
    d["goodput"] = w.goodputWindow;
    d["goodputWindowH"] = w.windowH;
    const WallClock wall = wallClockOf(e, w.goodputExpected);
    d["timeToTrainDays"] = wall.days;
    d["costUsd"] = wall.costUsd;
    d["energyMwh"] = wall.energyMwh;
    d["interruptionsPerDay"] = g.interruptionsPerDay;
    d["checkpointIntervalMin"] = g.checkpointIntervalMin;
    d["state"] = QString::fromUtf8(model::reliability::jobStateName(w.state));
    d["throughputNow"] = w.throughputNow;
    QStringList reasons;
    for (const auto& r : w.reasons)
        reasons << QString::fromStdString(r);
    d["stateReasons"] = reasons;
    const auto& b = g.badput;
    QVariantList badput;
    auto part = [&badput](const QString& label, const QString& shortLabel, double value,
                          const QString& why) {
        badput << QVariantMap{
            {"label", label}, {"short", shortLabel}, {"value", value}, {"why", why}};
    };
    const BadputTexts why = badputTexts(g, e.step.stepS);
    part(QObject::tr("Checkpoints"), QObject::tr("Ckpt"), b.checkpoint, why.checkpoint);
    part(QObject::tr("Lost progress"), QObject::tr("Lost"), b.lostProgress, why.lostProgress);
    part(QObject::tr("Restarts and repairs"), QObject::tr("Restart"), b.restart, why.restart);
    part(QObject::tr("Degraded running"), QObject::tr("Degraded"), b.degraded, why.degraded);
    part(QObject::tr("Silent data corruption"), QObject::tr("SDC"), b.sdc, why.sdc);
    part(QObject::tr("Maintenance"), QObject::tr("Maint."), b.maintenance, why.maintenance);
    part(QObject::tr("Stragglers"), QObject::tr("Straggl."), b.stragglers, why.stragglers);
    part(QObject::tr("Preflight scan"), QObject::tr("Preflight"), b.preflight, why.preflight);
    d["badput"] = badput;
    // Where one layer's time goes (docs/engine.md, "Output"): each operation forward and
    // backward, one microbatch on one chip.
    QVariantList ops;
    const auto& layer = e.layer.layer;
    for (std::size_t op = 0; op < model::perf::kLayerOps; ++op)
        ops << QVariantMap{{"name", QString::fromLatin1(model::perf::layerOpName(
                                        static_cast<model::perf::LayerOp>(op)))},
                           {"forwardMs", 1e3 * layer.forwardS[op]},
                           {"backwardMs", 1e3 * layer.backwardS[op]}};
    d["layerOps"] = ops;
    d["layerTokens"] = e.layer.tokensPerMicrobatch;
    d["layerRecomputeMs"] = 1e3 * e.layer.recomputeS;
    d["headMs"] = 1e3 * (e.layer.head.forwardS + e.layer.head.backwardS);
    return d;
}

QVariantMap jobSettingsOf(const model::Project& project, const model::ProjectAnalysis* a, int job) {
    QVariantMap s;
    if (job < 0 || job >= static_cast<int>(project.jobs.size()))
        return s;
    const auto j = static_cast<std::size_t>(job);
    const model::Job& spec = project.jobs[j];
    const auto& p = spec.parallelism;
    s["index"] = job;
    s["name"] = QString::fromStdString(spec.name);
    s["dp"] = p.dp;
    s["fsdp"] = p.fsdp;
    s["tp"] = p.tp;
    s["pp"] = p.pp;
    s["ep"] = p.ep;
    s["cp"] = p.cp;
    s["microbatches"] = p.microbatches;
    s["virtual_stages"] = p.virtualStages;
    s["meshSize"] = static_cast<qint64>(p.meshSize());
    s["gpu"] = project.cluster.pod.kind == model::PodKind::GpuFatTree;
    s["placement"] = s["gpu"].toBool() ? QString::number(spec.placement.nodes)
                                       : QString::fromStdString(spec.placement.shape);
    s["pods"] = static_cast<int>(spec.placement.pods.size());
    s["hotSpares"] = spec.reliability.hotSpareCubes;
    QVariantList spareCubes;
    for (int cube : spec.reliability.spareCubes)
        spareCubes << cube;
    s["spareCubes"] = spareCubes;
    s["elastic"] = spec.reliability.elastic;
    s["userMapping"] = !p.mapping.empty();
    QVariantMap mapping;
    for (const auto& [axis, physical] : p.mapping) {
        QStringList names;
        for (const auto& name : physical)
            names << QString::fromStdString(name);
        mapping[QString::fromStdString(axis)] = names;
    }
    s["mapping"] = mapping;
    QVariantList windows;
    for (const auto& w : spec.reliability.maintenance)
        windows << QVariantMap{{"powerRow", w.powerRow},
                               {"everyDays", w.everyDays},
                               {"durationH", w.durationH},
                               {"mode", QString::fromStdString(w.mode)}};
    s["maintenance"] = windows;
    s["powerRows"] = a && a->topology ? a->topology->floor().powerRows : 0;
    if (a && a->hasNumbers() && j < a->performance.jobs.size())
        s["mappingText"] = QString::fromStdString(a->performance.jobs[j].mappingText);
    QStringList physicalAxes;
    if (a && j < a->placements.size() && !a->placements[j].slices.empty()) {
        const auto fabric = model::perf::jobFabric(project.cluster, a->placements[j]);
        for (int i = 0; i < fabric.count; ++i)
            physicalAxes << QStringLiteral("%1(%2)")
                                .arg(QString::fromLatin1(
                                    fabric.axes[static_cast<std::size_t>(i)].name))
                                .arg(fabric.axes[static_cast<std::size_t>(i)].size);
    }
    s["physicalAxes"] = physicalAxes;
    s["chips"] = a && j < a->placements.size() ? static_cast<qint64>(a->placements[j].chips())
                                               : static_cast<qint64>(0);
    return s;
}

QVariantList failureList(const model::Project&, const model::ProjectAnalysis* a,
                         const std::vector<model::Component>& failures) {
    QVariantList out;
    for (const auto& c : failures)
        out << QVariantMap{{"kind", componentKindName(c.kind)},
                           {"index", static_cast<qint64>(c.index)},
                           {"label", componentLabel(a ? a->topology.get() : nullptr, c)}};
    return out;
}

} // namespace podplanner::views

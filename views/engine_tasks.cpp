#include "engine_tasks.h"

#include "perf/mesh_mapping.h"
#include "perf/planner.h"
#include "reliability/simulate.h"
#include "sweep/job_sweep.h"

namespace podplanner::views {

bool SimulationTask::start(ProjectDocument* document, int job, int trials, double days, int seed) {
    const auto analysis = document ? document->analysis() : nullptr;
    const auto project = document ? document->projectSnapshot() : nullptr;
    if (!analysis || !project || !analysis->hasNumbers() || job < 0 ||
        job >= static_cast<int>(analysis->reliability.size()) || trials < 1 || days <= 0)
        return false;
    launch(
        [analysis, project, job, trials, days, seed](Control& control) -> QVariant {
            const auto& r = analysis->reliability[static_cast<std::size_t>(job)];
            model::reliability::SimulationOptions options;
            options.trials = trials;
            options.days = days;
            options.seed = static_cast<std::uint64_t>(seed);
            options.timelineEvents = 0;
            options.cancel = &control.cancel;
            options.trialsDone = &control.done;
            const auto sim = model::reliability::simulateGoodput(
                r.exposure, project->jobs[static_cast<std::size_t>(job)].reliability, r.inputs,
                options);
            QVariantList dayList, p5, p50, p95;
            for (std::size_t d = 0; d < sim.goodputByDay.size(); ++d) {
                dayList << static_cast<double>(d + 1);
                p5 << sim.goodputByDay[d].p5;
                p50 << sim.goodputByDay[d].p50;
                p95 << sim.goodputByDay[d].p95;
            }
            return QVariantMap{{"days", dayList},
                               {"p5", p5},
                               {"p50", p50},
                               {"p95", p95},
                               {"mean", sim.goodput.mean},
                               {"median", sim.goodput.p50},
                               {"closedForm", r.goodput.expected},
                               {"interruptionsPerDay", sim.interruptionsPerDay},
                               {"trials", sim.trials}};
        },
        trials);
    return true;
}

bool PlanTask::start(ProjectDocument* document, int job, int top) {
    const auto project = document ? document->projectSnapshot() : nullptr;
    if (!project || job < 0 || job >= static_cast<int>(project->jobs.size()))
        return false;
    launch(
        [project, job, top](Control& control) -> QVariant {
            model::perf::PlanOptions options;
            options.top = top;
            options.cancel = &control.cancel;
            model::perf::PlanResult plan;
            try {
                plan = model::perf::planJob(*project, static_cast<std::size_t>(job), options);
            } catch (const std::exception& e) {
                return QVariantMap{{"error", QString::fromStdString(e.what())}};
            }
            QVariantList candidates;
            constexpr double gib = 1024.0 * 1024.0 * 1024.0;
            for (const auto& c : plan.top) {
                QVariantMap m;
                for (std::size_t a = 0; a < model::perf::kMeshAxes; ++a)
                    m[model::perf::meshAxisName(a)] = c.layout.sizes[a];
                m["microbatches"] = c.layout.microbatches;
                m["virtual_stages"] = c.layout.virtualStages;
                m["sequence_parallel"] = c.layout.sequenceParallel;
                m["fsdp_per_step"] = c.layout.fsdpPerStep;
                m["zero_stage"] = c.layout.zeroStage;
                m["tp_overlap"] = c.layout.tpOverlap;
                m["recompute"] = model::perf::recomputeName(c.layout.recompute);
                m["stepS"] = c.step.stepS;
                m["mfu"] = c.step.mfu;
                m["tokensPerS"] = c.step.tokensPerS;
                m["hbmGib"] = c.step.memory.total() / gib;
                m["fits"] = c.step.fits;
                m["mapping"] = QString::fromStdString(c.mappingText);
                m["reason"] = QString::fromStdString(c.reason);
                if (plan.fewer) {
                    // The planner chose fewer chips: applying the layout moves the job there.
                    const auto& f = *plan.fewer;
                    m["placement_shape"] = QString::fromStdString(f.placement.shape);
                    m["placement_twisted"] = f.placement.twisted;
                    m["placement_nodes"] = f.placement.nodes;
                    m["placement_slices"] = static_cast<int>(f.placement.pods.size());
                    m["hot_spares"] = f.spareUnits;
                }
                candidates << m;
            }
            return QVariantMap{
                {"candidates", candidates},
                {"evaluated", static_cast<qint64>(plan.layoutsEvaluated)},
                {"considered", static_cast<qint64>(plan.layoutsConsidered)},
                {"infeasible", QString::fromStdString(plan.infeasibleReason)},
                {"fewerChips", plan.fewer ? QString::fromStdString(plan.fewer->why) : QString()},
                {"elapsedS", plan.elapsedS}};
        },
        0);
    return true;
}

bool SweepTask::start(ProjectDocument* document, int job, const QString& knob) {
    using model::sweep::JobKnob;
    const auto project = document ? document->projectSnapshot() : nullptr;
    if (!project || job < 0 || job >= static_cast<int>(project->jobs.size()))
        return false;
    JobKnob kind;
    if (knob == QLatin1String("hotSpares"))
        kind = JobKnob::HotSpares;
    else if (knob == QLatin1String("checkpointMinutes"))
        kind = JobKnob::CheckpointMinutes;
    else if (knob == QLatin1String("sliceSize"))
        kind = JobKnob::SliceSize;
    else
        return false;
    const auto j = static_cast<std::size_t>(job);
    const std::vector<double> values = model::sweep::defaultKnobValues(*project, j, kind);
    launch(
        [project, j, kind, values, knob](Control& control) -> QVariant {
            QVariantList points;
            std::vector<model::sweep::KnobPoint> evaluated;
            for (double value : values) {
                if (control.cancel)
                    break;
                const auto& p =
                    evaluated.emplace_back(model::sweep::evaluateKnob(*project, j, kind, value));
                points << QVariantMap{{"value", p.value},
                                      {"label", QString::fromStdString(p.label)},
                                      {"tokensPerS", p.tokensPerS},
                                      {"goodput", p.goodput},
                                      {"adjusted", p.adjusted},
                                      {"days", p.days},
                                      {"error", QString::fromStdString(p.error)}};
                ++control.done;
            }
            const int best = model::sweep::bestKnobPoint(evaluated);
            return QVariantMap{{"knob", knob}, {"points", points}, {"best", best}};
        },
        static_cast<int>(values.size()));
    return true;
}

} // namespace podplanner::views

#pragma once
// The long runs the GUI offers, each a BackgroundTask with progress and cancel: the Monte Carlo
// of the selected job's goodput (its percentiles by day for the goodput-over-time chart), the
// auto-planner's search for the best layouts of a job, and a sweep of one knob of a job.
#include "background_task.h"
#include "project_document.h"

#include <QtQml/qqmlregistration.h>

namespace podplanner::views {

class SimulationTask : public BackgroundTask {
    Q_OBJECT
    QML_ELEMENT
  public:
    using BackgroundTask::BackgroundTask;
    // Result: {"days": [1..D], "p5","p50","p95": [goodput by day], "mean", "closedForm",
    // "interruptionsPerDay", "trials"}. Runs on the document's current analysis.
    Q_INVOKABLE bool start(ProjectDocument* document, int job, int trials, double days,
                           int seed = 1);
};

class PlanTask : public BackgroundTask {
    Q_OBJECT
    QML_ELEMENT
  public:
    using BackgroundTask::BackgroundTask;
    // Result: {"candidates": [{dp, fsdp, tp, pp, ep, cp, microbatches, virtual_stages,
    // recompute, sequence_parallel, stepS, mfu, tokensPerS, hbmGib, fits, mapping, reason}],
    // "evaluated", "considered", "infeasible", "elapsedS"}.
    Q_INVOKABLE bool start(ProjectDocument* document, int job, int top = 5);
};

class SweepTask : public BackgroundTask {
    Q_OBJECT
    QML_ELEMENT
  public:
    using BackgroundTask::BackgroundTask;
    // knob: "hotSpares", "checkpointMinutes" or "sliceSize"; the default values of
    // model::sweep::defaultKnobValues. Result: {"knob", "points": [{value, label, tokensPerS,
    // goodput, adjusted, days, error}], "best": the first point within 0.1% of the highest
    // adjusted, -1 when none has numbers}.
    Q_INVOKABLE bool start(ProjectDocument* document, int job, const QString& knob);
};

} // namespace podplanner::views

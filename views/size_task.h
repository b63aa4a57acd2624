#pragma once
// The Size dialog's engine (docs/sizing.md): sizing a job over candidate clusters on a worker
// thread, with progress (placements planned) and cancel. The first pass (one shape per size)
// arrives as `partial` within a fraction of a second; the refined answer as `result`. Apply
// writes a chosen point into the project as one undo step (or opens it as a new project when it
// is on another cluster); Export writes the sizing report with its charts.
#include "background_task.h"
#include "project_document.h"

#include "sizing/size_search.h"

#include <QtQml/qqmlregistration.h>

#include <atomic>
#include <memory>

namespace podplanner::views {

class SizeTask : public BackgroundTask {
    Q_OBJECT
    QML_ELEMENT
    // The first pass's result, in the same form as `result`; empty until it arrives.
    Q_PROPERTY(QVariant partial READ partial NOTIFY partialChanged)
  public:
    using BackgroundTask::BackgroundTask;

    QVariant partial() const { return partial_; }

    // [{id, name, chip, chips, price, priceSource, power, powerSource}]: "project" (the
    // document's cluster) first, then the built-in clusters.
    Q_INVOKABLE QVariantList candidateChoices(ProjectDocument* document) const;

    // `candidates`: ids from candidateChoices; `prices`: {id: USD per chip-hour} for those
    // without one; 0 for a limit means none. Result: {recommendation, recommended, front,
    // candidates, curve, spares, notes, costInUsd, refined, placements, considered, elapsedS}
    // with points {index, candidate, chip, placement, chips, spares, days, idealDays, goodput,
    // cost, chipHours, energyMwh, mfu, stepS, limit, limitText, feasible, layout, checkpoint,
    // onProjectCluster}.
    Q_INVOKABLE bool start(ProjectDocument* document, int job, const QStringList& candidates,
                           double deadlineDays, double budgetUsd, double budgetChipHours,
                           const QVariantMap& prices = {});
    // Writes point `index` of the newest result into the document (one undo step), or opens it
    // as a new project when it is on another cluster.
    Q_INVOKABLE bool apply(ProjectDocument* document, int index);
    // The sizing report (.md with SVG charts beside it, or one .html); returns what was written
    // or why not.
    Q_INVOKABLE QString exportReport(const QString& pathOrUrl);

  signals:
    void partialChanged();

  private:
    struct Sized {
        model::sizing::SizeRequest request;
        model::sizing::SizeResult first;
        model::sizing::SizeResult final;
        std::atomic<bool> finished{false};
        std::shared_ptr<const model::Project> project;
        std::size_t job = 0;
    };
    const model::sizing::SizeResult* newest() const;
    std::shared_ptr<Sized> sized_;
    QVariant partial_;
    quint64 generation_ = 0;
};

} // namespace podplanner::views

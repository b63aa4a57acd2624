#include "badput_text.h"

#include <QObject>

namespace podplanner::views {

namespace {
QString minutes(double min) {
    return min >= 120 ? QObject::tr("%1 h").arg(min / 60, 0, 'f', 1)
                      : QObject::tr("%1 min").arg(min, 0, 'f', 1);
}
} // namespace

BadputTexts badputTexts(const model::reliability::GoodputResult& g, double stepS) {
    BadputTexts t;
    const QString perDay = QString::number(g.interruptionsPerDay, 'f', 2);
    if (g.checkpointWriteS <= 0) {
        // Free checkpoints are what the model is told, not a finding: say so.
        t.checkpoint = QObject::tr(
            "No checkpoint write time is set (reliability › checkpoint: persistent_write_s or "
            "storage_gbyte_s), so checkpoints are taken as free: one every step, costing "
            "nothing. Set the storage bandwidth to see what they really cost.");
        t.lostProgress =
            QObject::tr("Work redone after each of the %1 interruptions a day. With a "
                        "checkpoint every step only the step in flight (%2 s) is lost.")
                .arg(perDay)
                .arg(stepS, 0, 'f', 2);
    } else {
        t.checkpoint = QObject::tr("A blocking write of %1 s every %2 (Young/Daly's interval "
                                   "for a job that is interrupted every %3 h on average).")
                           .arg(g.checkpointWriteS, 0, 'f', 1)
                           .arg(minutes(g.checkpointIntervalMin))
                           .arg(g.jobMtbfH, 0, 'f', 1);
        t.lostProgress = QObject::tr("Work since the last checkpoint, redone after each of the "
                                     "%1 interruptions a day: half an interval (%2) on average.")
                             .arg(perDay)
                             .arg(minutes(g.checkpointIntervalMin / 2));
    }
    t.restart = QObject::tr("The job down after each of the %1 interruptions a day: restarting, "
                            "swapping in a spare, or waiting for a repair when there is none.")
                    .arg(perDay);
    t.degraded = QObject::tr("Running on fewer slices (elastic continuation) while a broken one "
                             "is repaired.");
    t.sdc = QObject::tr("Silent data corruption: training on wrong numbers until a check finds "
                        "them, then rolling back.");
    t.maintenance = QObject::tr("Planned maintenance windows that take the job's chips down.");
    t.stragglers = QObject::tr("Steps slowed by the slowest chip: synchronous training waits "
                               "for it.");
    t.preflight = QObject::tr("Time spent scanning the fleet for bad chips before a start.");
    return t;
}

} // namespace podplanner::views

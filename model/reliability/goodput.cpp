#include "reliability/goodput.h"

#include <algorithm>
#include <cmath>

namespace podplanner::model::reliability {

double youngIntervalH(double writeH, double mtbfH) {
    return std::sqrt(2.0 * writeH * mtbfH);
}

double dalyIntervalH(double writeH, double mtbfH) {
    if (writeH >= 2.0 * mtbfH)
        return mtbfH;
    const double r = writeH / (2.0 * mtbfH);
    return std::sqrt(2.0 * writeH * mtbfH) * (1.0 + std::sqrt(r) / 3.0 + r / 9.0) - writeH;
}

namespace {

// P(fewer than k of the spares are busy), with busy spares Poisson(a) (failures that need a
// spare arrive at a rate, each holds its spare for the repair time).
double poissonBelow(int k, double a) {
    double term = std::exp(-a);
    double sum = 0;
    for (int i = 0; i < k; ++i) {
        sum += term;
        term *= a / (i + 1);
    }
    return std::min(1.0, sum);
}

} // namespace

RecoveryModel recoveryModel(const JobExposure& e, const ReliabilitySpec& policy,
                            const GoodputInputs& inputs) {
    RecoveryModel m;
    const CheckpointSpec& c = policy.checkpoint;
    // A persistent write takes the time given, or the checkpoint's size over the storage bandwidth.
    double persistentS = c.persistentWriteS;
    if (persistentS <= 0 && c.storageGbyteS > 0)
        persistentS = inputs.checkpointBytes / (c.storageGbyteS * 1e9);
    m.checkpointWriteH = (c.inMemory ? c.inMemoryWriteS : persistentS) / 3600.0;
    m.restartH = policy.restartS / 3600.0;
    m.swapH = e.spareSwapS / 3600.0;
    const double perHour = e.interruptionsPerDay() / 24.0;
    const double stepH = inputs.stepS / 3600.0;
    if (c.intervalMin)
        m.intervalH = *c.intervalMin / 60.0;
    else if (perHour > 0 && m.checkpointWriteH > 0)
        m.intervalH = dalyIntervalH(m.checkpointWriteH, 1.0 / perHour);
    else
        m.intervalH = perHour > 0 ? stepH : 24.0; // free checkpoints: every step
    m.intervalH = std::max(m.intervalH, stepH);   // at most one checkpoint per step

    // Spare hosts of a node: the node's failures that one fixes hold it for their repair time.
    double hostHold = 0;
    for (const auto& k : e.kinds)
        if (k.hostSpareable)
            hostHold += k.perDay / 24.0 * k.repairH / std::max(1, e.units);
    m.hostSpareAvailable =
        e.spareHostsPerNode > 0 ? poissonBelow(e.spareHostsPerNode, hostHold) : 0;
    // Spares: failures that a spare fixes (and no spare host did) hold it for their repair time.
    double spareHold = 0;
    for (const auto& k : e.kinds)
        if (k.spareable)
            spareHold +=
                k.perDay / 24.0 * k.repairH * (k.hostSpareable ? 1.0 - m.hostSpareAvailable : 1.0);
    m.spareAvailable = e.spares > 0 ? poissonBelow(e.spares, spareHold) : 0;

    // One slow chip stalls the synchronous step: P(any slow) = 1 - (1 - p)^chips.
    const double chips = e.kinds[static_cast<std::size_t>(FailureKind::Chip)].count;
    const double anySlow = 1.0 - std::pow(1.0 - policy.stragglers.probabilityPerChipStep, chips);
    m.stragglerFactor = 1.0 + anySlow * (policy.stragglers.slowdown - 1.0);

    // Without detection there is no detection cost; corruptions are found late (the latency).
    m.sdcOverhead = policy.sdc.detection == "none" ? 0.0 : policy.sdc.overhead;
    m.sdcLatencyH = policy.sdc.detectionLatencyH;
    m.preflightH = policy.preflight.durationH;

    // Planned windows on a power row the job uses: drained (down for the window) or ridden
    // through by swapping spares in when there are enough for the job's units in that row.
    for (const auto& w : policy.maintenance) {
        const auto it = std::find(e.powerRows.begin(), e.powerRows.end(), w.powerRow);
        if (it == e.powerRows.end())
            continue;
        const int units = e.unitsPerPowerRow[static_cast<std::size_t>(it - e.powerRows.begin())];
        const bool ride = w.mode == "spares" && e.spares >= units;
        const double down = (ride ? m.swapH : w.durationH) + m.restartH + m.checkpointWriteH;
        const double rate = 1.0 / (w.everyDays * 24.0);
        m.maintenanceDowntimeH = (m.maintenanceDowntimeH * m.maintenancePerHour + down * rate) /
                                 (m.maintenancePerHour + rate);
        m.maintenancePerHour += rate;
    }
    return m;
}

GoodputResult closedFormGoodput(const JobExposure& e, const ReliabilitySpec& policy,
                                const GoodputInputs& inputs) {
    const RecoveryModel m = recoveryModel(e, policy, inputs);
    GoodputResult g;
    const double cycle = m.intervalH + m.checkpointWriteH;
    const bool elastic = policy.elastic && e.slices > 1;

    // Everything per hour of running, then divided by the wall time one running hour costs.
    // With failures at rate r (Poisson) and checkpoints every cycle c, the running time since the
    // last completed checkpoint at a failure is 1/r - c/(exp(r c) - 1) (c/2 when r c is small).
    double totalRate = 0;
    for (const auto& k : e.kinds)
        totalRate += k.perDay / 24.0;
    const double sinceCheckpoint = totalRate * cycle > 1e-6
                                       ? 1.0 / totalRate - cycle / std::expm1(totalRate * cycle)
                                       : cycle / 2.0;
    double downtime = 0, lost = 0, degraded = 0;
    for (std::size_t i = 0; i < kFailureKinds; ++i) {
        const KindExposure& k = e.kinds[i];
        const double rate = k.perDay / 24.0;
        g.interruptionsPerDayByKind[i] = k.perDay;
        if (rate <= 0)
            continue;
        lost += rate * sinceCheckpoint; // progress since the last completed checkpoint
        const double hostSpare = k.hostSpareable ? m.hostSpareAvailable : 0.0;
        const double spare = hostSpare + (1.0 - hostSpare) * (k.spareable ? m.spareAvailable : 0.0);
        const double withSpare = m.swapH + m.restartH;
        // Without a spare: shed the slice and run on the rest (elastic), or wait for the repair.
        const double withoutSpare = elastic ? 2.0 * m.restartH : k.repairH + m.restartH;
        downtime += rate * (spare * withSpare + (1.0 - spare) * withoutSpare);
        if (elastic)
            degraded += rate * (1.0 - spare) * k.repairH / e.slices;
    }
    // A spine down: one of S spines carries nothing, so exposed DCN time grows by 1/(S - 1).
    degraded += e.bandwidthOnlyPerDay / 24.0 * e.bandwidthOnlyLossH;
    const double sdcLost = e.sdcPerHour * (m.sdcLatencyH + cycle / 2.0);
    const double sdcDown = e.sdcPerHour * m.restartH;
    const double maintenanceDown = m.maintenancePerHour * m.maintenanceDowntimeH;
    const double checkpointShare = m.checkpointWriteH / cycle;
    const double computeShare = 1.0 - checkpointShare;
    const double stragglerLoss = computeShare * (1.0 - 1.0 / m.stragglerFactor);
    const double sdcOverhead = computeShare * m.sdcOverhead / m.stragglerFactor;

    const double wall = 1.0 + downtime + sdcDown + maintenanceDown;
    Badput& b = g.badput;
    b.checkpoint = checkpointShare / wall;
    b.lostProgress = lost / wall;
    b.restart = downtime / wall;
    b.degraded = degraded / wall;
    b.sdc = (sdcLost + sdcDown + sdcOverhead) / wall;
    b.maintenance = maintenanceDown / wall;
    b.stragglers = stragglerLoss / wall;
    double good = std::max(0.0, 1.0 - b.total());

    // The preflight scan happens once, before the run: its share of the whole run's wall time.
    if (m.preflightH > 0 && inputs.idealTrainDays > 0 && good > 0) {
        const double runH = inputs.idealTrainDays * 24.0 / good;
        const double share = m.preflightH / (runH + m.preflightH);
        for (double* part : {&b.checkpoint, &b.lostProgress, &b.restart, &b.degraded, &b.sdc,
                             &b.maintenance, &b.stragglers})
            *part *= 1.0 - share;
        b.preflight = share;
        good *= 1.0 - share;
    }
    g.expected = good;
    g.interruptionsPerDay = e.interruptionsPerDay() + e.sdcPerHour * 24.0;
    g.jobMtbfH = e.interruptionsPerDay() > 0 ? 24.0 / e.interruptionsPerDay() : 0;
    g.checkpointIntervalMin = m.intervalH * 60.0;
    g.checkpointWriteS = m.checkpointWriteH * 3600.0;
    g.spareAvailable = m.spareAvailable;
    g.effectiveTokensPerDay = good * inputs.tokensPerS * 86400.0;
    g.timeToTrainDays = good > 0 ? inputs.idealTrainDays / good : 0;
    return g;
}

} // namespace podplanner::model::reliability

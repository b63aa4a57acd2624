#pragma once
// Closed-form goodput of one job (docs/reliability.md): expected useful progress over wall-clock
// time, and where the rest goes (checkpoints, lost progress, restarts and repairs, degraded
// running, silent data corruption, maintenance, stragglers, the preflight scan).
#include "reliability/exposure.h"

#include <array>

namespace podplanner::model::reliability {

// Young (1974): tau = sqrt(2 delta M).
double youngIntervalH(double writeH, double mtbfH);
// Daly (2006): tau = sqrt(2 delta M) [1 + 1/3 sqrt(delta/2M) + 1/9 (delta/2M)] - delta for
// delta < 2M, else M.
double dalyIntervalH(double writeH, double mtbfH);

struct Badput {
    double checkpoint = 0;
    double lostProgress = 0;
    double restart = 0;  // restarts, spare swaps and waiting for repairs (job down)
    double degraded = 0; // running on fewer replicas while a slice is repaired
    double sdc = 0;
    double maintenance = 0;
    double stragglers = 0;
    double preflight = 0;

    double total() const {
        return checkpoint + lostProgress + restart + degraded + sdc + maintenance + stragglers +
               preflight;
    }
};

struct GoodputInputs {
    double stepS = 1; // from the performance engine
    double tokensPerS = 0;
    double idealTrainDays = 0;  // time to train without interruptions
    double dcnExposedShare = 0; // share of the step spent in exposed DCN communication
    double checkpointBytes = 0; // model state one checkpoint writes (weights and optimizer)
};

// The parameters both the closed form and the Monte Carlo use, derived once.
struct RecoveryModel {
    double checkpointWriteH = 0;
    double intervalH = 0; // checkpoint interval (compute time between checkpoints)
    double restartH = 0;
    double swapH = 0;
    double spareAvailable = 1; // probability that a hot spare is free when one is needed
    // Probability that a failed host's node still has a free spare host (0 without any).
    double hostSpareAvailable = 0;
    double stragglerFactor = 1; // expected step time multiplier from slow chips
    double sdcOverhead = 0;
    double sdcLatencyH = 0;
    double preflightH = 0;
    double maintenancePerHour = 0;   // planned windows per hour that hit the job
    double maintenanceDowntimeH = 0; // mean downtime of one such window
};

RecoveryModel recoveryModel(const JobExposure& exposure, const ReliabilitySpec& policy,
                            const GoodputInputs& inputs);

struct GoodputResult {
    double expected = 0;
    double interruptionsPerDay = 0;
    double jobMtbfH = 0;
    double checkpointIntervalMin = 0;
    double checkpointWriteS = 0;
    double spareAvailable = 1;
    Badput badput;
    double effectiveTokensPerDay = 0;
    double timeToTrainDays = 0; // including badput
    std::array<double, kFailureKinds> interruptionsPerDayByKind{};
};

GoodputResult closedFormGoodput(const JobExposure& exposure, const ReliabilitySpec& policy,
                                const GoodputInputs& inputs);

} // namespace podplanner::model::reliability

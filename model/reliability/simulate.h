#pragma once
// A seeded Monte Carlo over the same model as the closed form (docs/reliability.md,
// "Monte Carlo"): failures arrive while the job runs, checkpoints commit progress, spares are
// consumed and returned after repair, elastic jobs shed a replica, planned windows take the job
// down. Same seed, same result, whatever the number of threads.
#include "reliability/goodput.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace podplanner::model::reliability {

struct SimulationOptions {
    int trials = 1000;
    double days = 30;
    std::uint64_t seed = 1;
    int threads = 2;
    int timelineEvents = 200; // events kept from the first trial
    const std::atomic<bool>* cancel = nullptr;
    std::atomic<int>* trialsDone = nullptr; // progress, counted up as trials finish
};

struct TimelineEvent {
    double timeH = 0;
    std::string component; // failure kind, "sdc" or "maintenance"
    std::string what;      // what happened
    double progressLostH = 0;
    double downtimeH = 0;
};

struct Percentiles {
    double p5 = 0, p50 = 0, p95 = 0, mean = 0;
};

struct SimulationResult {
    int trials = 0;
    double days = 0;
    std::uint64_t seed = 0;
    Percentiles goodput;
    Percentiles timeToTrainDays;
    // Goodput from the start to the end of each day (committed progress over wall time), across
    // trials: the goodput-over-time chart.
    std::vector<Percentiles> goodputByDay;
    double interruptionsPerDay = 0; // mean over trials
    std::vector<TimelineEvent> timeline;
    bool cancelled = false;
};

SimulationResult simulateGoodput(const JobExposure& exposure, const ReliabilitySpec& policy,
                                 const GoodputInputs& inputs, const SimulationOptions& options);

} // namespace podplanner::model::reliability

#include "reliability/simulate.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <thread>

namespace podplanner::model::reliability {

namespace {

// splitmix64: a small, fast generator; seeded per trial so threads do not change results.
struct Random {
    std::uint64_t state;
    std::uint64_t next() {
        std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    double uniform() { return (static_cast<double>(next() >> 11) + 0.5) * 0x1.0p-53; }
    double exponential(double rate) { return -std::log(uniform()) / rate; }
};

std::uint64_t mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

struct Trial {
    double goodput = 0;
    double interruptions = 0;
    std::vector<double> goodputByDay; // committed progress over wall time at the end of each day
};

class TrialRunner {
  public:
    TrialRunner(const JobExposure& e, const ReliabilitySpec& policy, const GoodputInputs& inputs,
                const SimulationOptions& options)
        : e_(e), options_(options), m_(recoveryModel(e, policy, inputs)) {
        for (const auto& k : e.kinds)
            failureRate_ += k.perDay / 24.0;
        totalRate_ = failureRate_ + e.sdcPerHour;
        cycle_ = m_.intervalH + m_.checkpointWriteH;
        usefulFactor_ = (1.0 - m_.sdcOverhead) / m_.stragglerFactor;
        elastic_ = policy.elastic && e.slices > 1;
        // Planned windows at their own period, the first half a period in.
        for (const auto& w : policy.maintenance) {
            const auto it = std::find(e.powerRows.begin(), e.powerRows.end(), w.powerRow);
            if (it == e.powerRows.end())
                continue;
            const int units =
                e.unitsPerPowerRow[static_cast<std::size_t>(it - e.powerRows.begin())];
            const bool ride = w.mode == "spares" && e.spares >= units;
            const double down = (ride ? m_.swapH : w.durationH) + m_.restartH + m_.checkpointWriteH;
            for (double at = w.everyDays * 12.0; at < options.days * 24.0; at += w.everyDays * 24.0)
                maintenance_.push_back({at, down, ride});
        }
        std::sort(maintenance_.begin(), maintenance_.end(),
                  [](const auto& a, const auto& b) { return a.at < b.at; });
    }

    const RecoveryModel& model() const { return m_; }

    Trial run(std::uint64_t trial, std::vector<TimelineEvent>* timeline) const {
        // Each trial's stream starts from a hash of (seed, trial), so streams do not overlap.
        Random rng{mix(mix(options_.seed) ^ (trial + 0x632be59bd9b4e019ULL))};
        const double horizon = options_.days * 24.0;
        std::vector<double> spareFreeAt(static_cast<std::size_t>(e_.spares), 0.0);
        // Each node's spare hosts, by when each is free again.
        std::vector<std::vector<double>> hostSpareFreeAt(
            static_cast<std::size_t>(e_.spareHostsPerNode > 0 ? std::max(1, e_.units) : 0),
            std::vector<double>(static_cast<std::size_t>(e_.spareHostsPerNode), 0.0));
        std::size_t nextWindow = 0;
        double t = 0, useful = 0, degradedLoss = 0, runningH = 0;
        Trial out;
        // Progress committed by each day's end: in a running stretch from `from`, the
        // checkpoints written so far; while down, what the last event left.
        std::vector<double> committed;
        const auto days = static_cast<std::size_t>(std::ceil(options_.days));
        auto sampleRunning = [&](double from, double to) {
            for (double at = 24.0 * static_cast<double>(committed.size() + 1);
                 committed.size() < days && at < to; at += 24.0)
                committed.push_back(useful - degradedLoss +
                                    std::floor((at - from) / cycle_) * m_.intervalH *
                                        usefulFactor_);
        };
        auto sampleDown = [&](double to) {
            for (double at = 24.0 * static_cast<double>(committed.size() + 1);
                 committed.size() < days && at < to; at += 24.0)
                committed.push_back(useful - degradedLoss);
        };
        auto record = [&](double at, std::string component, std::string what, double lost,
                          double down) {
            if (timeline && static_cast<int>(timeline->size()) < options_.timelineEvents)
                timeline->push_back({at, std::move(component), std::move(what), lost, down});
        };
        while (t < horizon) {
            // Windows that fell while the job was down were served by that downtime.
            while (nextWindow < maintenance_.size() && maintenance_[nextWindow].at < t)
                ++nextWindow;
            const double failureAt = totalRate_ > 0 ? t + rng.exponential(totalRate_)
                                                    : std::numeric_limits<double>::infinity();
            const double windowAt = nextWindow < maintenance_.size()
                                        ? maintenance_[nextWindow].at
                                        : std::numeric_limits<double>::infinity();
            const double end = std::min({failureAt, windowAt, horizon});
            const double ran = end - t;
            runningH += ran;
            sampleRunning(t, end);
            const double cycles = std::floor(ran / cycle_);
            if (end == horizon || (windowAt <= failureAt && end == windowAt)) {
                // The run goes on (or checkpoints for the window): all compute so far counts.
                useful += (ran - cycles * m_.checkpointWriteH) * usefulFactor_;
                if (end == horizon)
                    break;
                const auto& w = maintenance_[nextWindow++];
                record(end, "maintenance", w.ride ? "rode through on spare cubes" : "drained", 0,
                       w.downtimeH);
                t = end + w.downtimeH;
                sampleDown(t);
                continue;
            }
            ++out.interruptions;
            // Pick what failed, in proportion to the rates.
            double pick = rng.uniform() * totalRate_;
            int kind = -1;
            for (std::size_t k = 0; k < kFailureKinds && kind < 0; ++k) {
                pick -= e_.kinds[k].perDay / 24.0;
                if (pick < 0)
                    kind = static_cast<int>(k);
            }
            if (kind < 0) {
                // Silent data corruption, found detectionLatency after it happened: roll back to
                // the last checkpoint before the corruption, which may lie in an earlier segment.
                const double lost = m_.sdcLatencyH + rng.uniform() * cycle_;
                // Progress rolls back to a checkpoint `lost` hours of running ago.
                useful += (ran - lost) * (m_.intervalH / cycle_) * usefulFactor_;
                record(end, "sdc", "rolled back to the checkpoint before the corruption", lost,
                       m_.restartH);
                t = end + m_.restartH;
                sampleDown(t);
                continue;
            }
            useful += cycles * m_.intervalH * usefulFactor_;
            const double lost = ran - cycles * cycle_;
            const KindExposure& k = e_.kinds[static_cast<std::size_t>(kind)];
            const std::string name = failureKindName(static_cast<FailureKind>(kind));
            double down = 0;
            auto freeBy = [end](double at) { return at <= end; };
            std::vector<double>* node = nullptr; // the failed part's node, if it has spare hosts
            if (k.hostSpareable && !hostSpareFreeAt.empty())
                node = &hostSpareFreeAt[static_cast<std::size_t>(
                                            rng.uniform() *
                                            static_cast<double>(hostSpareFreeAt.size())) %
                                        hostSpareFreeAt.size()];
            auto hostSpare = node ? std::find_if(node->begin(), node->end(), freeBy)
                                  : std::vector<double>::iterator{};
            auto spare = k.spareable ? std::find_if(spareFreeAt.begin(), spareFreeAt.end(), freeBy)
                                     : spareFreeAt.end();
            if (node && hostSpare != node->end()) {
                *hostSpare = end + k.repairH;
                down = m_.swapH + m_.restartH;
                record(end, name, "swapped in a spare host of its node", lost, down);
            } else if (spare != spareFreeAt.end()) {
                *spare = end + k.repairH;
                down = m_.swapH + m_.restartH;
                record(end, name, "swapped in a hot spare", lost, down);
            } else if (elastic_) {
                down = 2.0 * m_.restartH;
                degradedLoss += std::min(k.repairH, std::max(0.0, horizon - end)) / e_.slices;
                record(end, name, "continued on the remaining replicas until repaired", lost, down);
            } else {
                down = k.repairH + m_.restartH;
                record(end, name, "waited for the repair", lost, down);
            }
            t = end + down;
            sampleDown(t);
        }
        const double beforeBandwidth = useful - degradedLoss;
        while (committed.size() < days)
            committed.push_back(beforeBandwidth);
        // Bandwidth-only failures never stop the job: a Poisson count over the running time.
        if (e_.bandwidthOnlyPerDay > 0 && e_.bandwidthOnlyLossH > 0) {
            const double rate = e_.bandwidthOnlyPerDay / 24.0;
            for (double at = rng.exponential(rate); at < runningH; at += rng.exponential(rate))
                degradedLoss += e_.bandwidthOnlyLossH;
        }
        out.goodput = std::max(0.0, useful - degradedLoss) / horizon;
        // Bandwidth-only losses have no single moment: spread them over the run with progress.
        const double scale =
            beforeBandwidth > 0 ? std::max(0.0, useful - degradedLoss) / beforeBandwidth : 1.0;
        for (std::size_t d = 0; d < committed.size(); ++d) {
            const double wallH = std::min(24.0 * static_cast<double>(d + 1), horizon);
            out.goodputByDay.push_back(std::max(0.0, committed[d] * scale) / wallH);
        }
        return out;
    }

  private:
    struct Window {
        double at;
        double downtimeH;
        bool ride;
    };
    const JobExposure& e_;
    const SimulationOptions& options_;
    RecoveryModel m_;
    double failureRate_ = 0, totalRate_ = 0, cycle_ = 1, usefulFactor_ = 1;
    bool elastic_ = false;
    std::vector<Window> maintenance_;
};

Percentiles percentiles(std::vector<double> values) {
    Percentiles p;
    if (values.empty())
        return p;
    std::sort(values.begin(), values.end());
    auto at = [&](double q) {
        const double index = q * (static_cast<double>(values.size()) - 1);
        const auto lo = static_cast<std::size_t>(std::floor(index));
        const auto hi = std::min(values.size() - 1, lo + 1);
        return values[lo] + (values[hi] - values[lo]) * (index - static_cast<double>(lo));
    };
    p.p5 = at(0.05);
    p.p50 = at(0.5);
    p.p95 = at(0.95);
    double sum = 0;
    for (double v : values)
        sum += v;
    p.mean = sum / static_cast<double>(values.size());
    return p;
}

} // namespace

SimulationResult simulateGoodput(const JobExposure& exposure, const ReliabilitySpec& policy,
                                 const GoodputInputs& inputs, const SimulationOptions& options) {
    const TrialRunner runner(exposure, policy, inputs, options);
    SimulationResult result;
    result.trials = options.trials;
    result.days = options.days;
    result.seed = options.seed;
    std::vector<Trial> trials(static_cast<std::size_t>(std::max(0, options.trials)));
    std::atomic<bool> stopped{false};
    auto work = [&](int first, int step) {
        for (int i = first; i < options.trials; i += step) {
            if (options.cancel && options.cancel->load()) {
                stopped = true;
                return;
            }
            trials[static_cast<std::size_t>(i)] =
                runner.run(static_cast<std::uint64_t>(i), i == 0 ? &result.timeline : nullptr);
            if (options.trialsDone)
                options.trialsDone->fetch_add(1);
        }
    };
    const int threads = std::max(1, std::min(options.threads, options.trials));
    std::vector<std::thread> pool;
    for (int k = 1; k < threads; ++k)
        pool.emplace_back(work, k, threads);
    work(0, threads);
    for (auto& thread : pool)
        thread.join();
    result.cancelled = stopped;

    // The preflight scan is a one-time cost of the whole run, as in the closed form.
    const RecoveryModel& m = runner.model();
    std::vector<double> goodput, days;
    std::vector<std::vector<double>> byDay;
    double interruptions = 0;
    for (const Trial& trial : trials) {
        double g = trial.goodput;
        double preflightFactor = 1;
        if (m.preflightH > 0 && inputs.idealTrainDays > 0 && g > 0) {
            const double runH = inputs.idealTrainDays * 24.0 / g;
            preflightFactor = 1.0 - m.preflightH / (runH + m.preflightH);
            g *= preflightFactor;
        }
        byDay.resize(std::max(byDay.size(), trial.goodputByDay.size()));
        for (std::size_t d = 0; d < trial.goodputByDay.size(); ++d)
            byDay[d].push_back(trial.goodputByDay[d] * preflightFactor);
        goodput.push_back(g);
        days.push_back(g > 0 ? inputs.idealTrainDays / g : std::numeric_limits<double>::infinity());
        interruptions += trial.interruptions;
    }
    result.goodput = percentiles(goodput);
    result.timeToTrainDays = percentiles(days);
    for (auto& values : byDay)
        result.goodputByDay.push_back(percentiles(std::move(values)));
    result.interruptionsPerDay =
        trials.empty() ? 0 : interruptions / static_cast<double>(trials.size()) / options.days;
    return result;
}

} // namespace podplanner::model::reliability

#include "sizing/size_search.h"

#include "core/text_format.h"
#include "perf/planner.h"
#include "project/placement.h"
#include "reliability/job_goodput.h"
#include "sizing/size_ranking.h"
#include "topology/slice_shape.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <set>
#include <tuple>

namespace podplanner::model::sizing {

namespace {

std::vector<CheckpointChoice> checkpointChoices(const SizeRequest& request) {
    const CheckpointSpec& own = request.job.reliability.checkpoint;
    std::vector<CheckpointChoice> out{{own.inMemory, own.intervalMin}};
    if (!request.searchCheckpoints)
        return out;
    for (bool inMemory : {false, true}) {
        const CheckpointChoice c{inMemory, std::nullopt};
        if (c.inMemory != out.front().inMemory || c.intervalMin != out.front().intervalMin)
            out.push_back(c);
    }
    return out;
}

ReliabilitySpec policyWith(const ReliabilitySpec& base, const CheckpointChoice& c, bool elastic,
                           int spares) {
    ReliabilitySpec r = base;
    r.checkpoint.inMemory = c.inMemory;
    r.checkpoint.intervalMin = c.intervalMin;
    r.elastic = elastic;
    r.hotSpareCubes = spares;
    r.spareCubes.clear();
    return r;
}

// 0, 1, 2, 3, 4, 6, 8, 12, 16, ... up to `max`.
std::vector<int> spareCounts(int max) {
    std::vector<int> out;
    for (int s = 0; s <= max; s = s < 4 ? s + 1 : s + s / 2)
        out.push_back(s);
    if (out.back() != max)
        out.push_back(max);
    return out;
}

int longestAxis(const PlacementOption& o) {
    const auto shape = parseTopology(o.placement.shape);
    return shape ? *std::max_element(shape->dims.begin(), shape->dims.end()) : 0;
}

std::string placementKey(std::size_t candidate, const PlacementOption& o) {
    std::string key = std::to_string(candidate) + "|" + o.placement.shape + "|" +
                      std::to_string(o.placement.twisted) + "|" +
                      std::to_string(o.placement.nodes) + "|";
    for (int p : o.placement.pods)
        key += std::to_string(p) + ",";
    return key;
}

class Sizer {
  public:
    Sizer(const SizeRequest& request, const SizeOptions& options)
        : request_(request), options_(options), checkpoints_(checkpointChoices(request)) {}

    SizeResult run() {
        const auto started = std::chrono::steady_clock::now();
        // First pass: one shape per size on a ladder of sizes; then every shape of every size;
        // then the placements that matter planned with the whole layout space.
        pass(false);
        finish(started);
        if (options_.onFirstPass && !stopped())
            options_.onFirstPass(result_);
        if (options_.refine && !stopped()) {
            pass(true);
            replanFinalists();
            result_.refined = !stopped();
            finish(started);
        }
        result_.cancelled = stopped();
        return std::move(result_);
    }

  private:
    bool stopped() const { return options_.cancel && options_.cancel->load(); }

    std::vector<PlacementOption> optionsOf(std::size_t c, bool everyShape) const {
        const ClusterSpec& cluster = request_.candidates[c].cluster;
        OptionLimits limits;
        limits.minChips = request_.minChips;
        limits.maxChips = request_.maxChips > 0 ? request_.maxChips : cluster.chips();
        limits.everyShape = everyShape;
        auto options = placementOptions(cluster, limits);
        const int taken = request_.candidates[c].unitsTaken;
        if (taken > 0) {
            std::erase_if(options, [&](const PlacementOption& o) { return o.freeUnits < taken; });
            for (auto& o : options)
                o.freeUnits -= taken;
        }
        return options;
    }

    void pass(bool everyShape) {
        std::vector<std::pair<std::size_t, PlacementOption>> work;
        for (std::size_t c = 0; c < request_.candidates.size(); ++c)
            for (auto& o : optionsOf(c, everyShape))
                if (!planned_.count(placementKey(c, o)))
                    work.emplace_back(c, std::move(o));
        // The most nearly cubic shape of each size first: its step is what the others of the
        // same chips must beat.
        std::stable_sort(work.begin(), work.end(), [](const auto& a, const auto& b) {
            return std::make_tuple(a.first, a.second.chips, longestAxis(a.second)) <
                   std::make_tuple(b.first, b.second.chips, longestAxis(b.second));
        });
        if (options_.placementsTotal)
            *options_.placementsTotal += static_cast<int>(work.size());
        for (const auto& [c, o] : work) {
            if (stopped())
                return;
            planOption(c, o, perf::SearchDepth::Quick);
            if (options_.placementsDone)
                ++*options_.placementsDone;
        }
    }

    // The front's placements, the recommended one and each candidate's best, planned again
    // over the whole layout space.
    void replanFinalists() {
        std::vector<std::size_t> chosen = result_.front;
        if (result_.recommended)
            chosen.push_back(*result_.recommended);
        for (const auto& b : result_.bestPerCandidate)
            if (b)
                chosen.push_back(*b);
        std::vector<std::pair<std::size_t, PlacementOption>> work;
        std::set<std::string> keys;
        for (std::size_t i : chosen) {
            const SizePoint& p = result_.points[i];
            if (keys.insert(placementKey(p.candidate, p.option)).second)
                work.emplace_back(p.candidate, p.option);
        }
        for (const auto& [c, o] : work) {
            if (stopped())
                return;
            planOption(c, o, perf::SearchDepth::Full);
        }
    }

    void planOption(std::size_t c, const PlacementOption& option, perf::SearchDepth depth) {
        const Candidate& candidate = request_.candidates[c];
        const std::string key = placementKey(c, option);
        Project project;
        project.name = "sizing";
        project.cluster = candidate.cluster;
        Job job = request_.job;
        job.placement = option.placement;
        job.reliability = policyWith(request_.job.reliability, checkpoints_.front(), false, 0);
        project.jobs = {job};
        std::vector<JobPlacement> placements;
        try {
            placements = placeJobs(project);
        } catch (const std::exception&) {
            return; // the cluster cannot place it (a preset with fewer free units)
        }
        perf::PlanOptions plan;
        plan.top = 1;
        plan.depth = depth;
        plan.allowFewerChips = false;
        plan.cancel = options_.cancel;
        // Another shape of the same chips and slices has the same failures and cost per hour:
        // this one only matters if it steps faster (3%: the finalists' mapping search may
        // still gain on the greedy mapping the bound is judged with).
        const auto size = std::make_tuple(c, option.chips, option.slices, option.subCube);
        const auto known = fastestStep_.find(size);
        if (depth == perf::SearchDepth::Quick && known != fastestStep_.end())
            plan.mustBeat = known->second * 1.03;
        const perf::PlanResult found =
            perf::planPlacement(job, candidate.cluster, placements[0], plan);
        planned_.insert(key);
        ++result_.placementsPlanned;
        result_.configurationsConsidered += found.layoutsConsidered;
        result_.layoutsTimed += found.evaluations;
        if (found.top.empty()) {
            ++(known != fastestStep_.end() && depth == perf::SearchDepth::Quick
                   ? result_.placementsDominated
                   : result_.placementsWithoutLayout);
            return;
        }
        const double step = found.top.front().step.stepS;
        if (known == fastestStep_.end() || step < known->second)
            fastestStep_[size] = step;
        // A finer plan replaces the points of this placement.
        if (depth == perf::SearchDepth::Full)
            std::erase_if(result_.points, [&](const SizePoint& p) {
                return p.candidate == c && placementKey(p.candidate, p.option) == key;
            });
        addPoints(c, option, project, found.top.front());
    }

    // Every spare count, with the checkpoint policy and elastic choice that train soonest (the
    // others cost more for the same chips, so they are dominated).
    void addPoints(std::size_t c, const PlacementOption& option, const Project& project,
                   const perf::PlanCandidate& best) {
        const Candidate& candidate = request_.candidates[c];
        const PodSpec& pod = candidate.cluster.pod;
        perf::JobEvaluation e;
        e.name = project.jobs[0].name;
        e.chips = option.chips;
        e.layout = best.layout;
        e.mappingText = best.mappingText;
        e.step = best.step;
        e.timeToTrainDays =
            static_cast<double>(request_.job.training.totalTokens) / best.step.tokensPerS / 86400;
        const auto reliability = reliability::evaluateReliability(project, {{e}});
        reliability::JobExposure exposure = reliability[0].exposure;
        const reliability::GoodputInputs& inputs = reliability[0].inputs;
        const int maxSpares =
            pod.kind == PodKind::Tpu2d ? 0 : std::min(request_.maxSpares, option.freeUnits);
        for (int spares : spareCounts(maxSpares)) {
            // Spares are what the job holds, not the pod's other free units: those are someone
            // else's to use (docs/sizing.md, "Spares").
            exposure.spares = spares;
            std::optional<SizePoint> bestVariant;
            for (const auto& checkpoint : checkpoints_)
                for (bool elastic : {false, true}) {
                    // Elastic continuation sheds a slice: it needs two or more.
                    const bool both = request_.searchElastic && option.slices >= 2;
                    if (!both && elastic != request_.job.reliability.elastic)
                        continue;
                    const ReliabilitySpec policy =
                        policyWith(request_.job.reliability, checkpoint, elastic, spares);
                    const auto g = reliability::closedFormGoodput(exposure, policy, inputs);
                    ++result_.variantsScored;
                    if (g.expected <= 0 ||
                        (bestVariant && g.timeToTrainDays >= bestVariant->trainDays))
                        continue;
                    SizePoint p;
                    p.candidate = c;
                    p.option = option;
                    p.spares = spares;
                    p.checkpoint = checkpoint;
                    p.elastic = elastic;
                    p.goodput = g.expected;
                    p.badput = g.badput;
                    p.trainDays = g.timeToTrainDays;
                    bestVariant = std::move(p);
                }
            if (!bestVariant)
                continue;
            SizePoint& p = *bestVariant;
            p.layout = best.layout;
            p.step = best.step;
            p.mappingText = best.mappingText;
            p.idealDays = e.timeToTrainDays;
            p.chipsHeld = option.chips + static_cast<std::int64_t>(spares) * pod.chipsPerUnit();
            p.chipHours = static_cast<double>(p.chipsHeld) * p.trainDays * 24.0;
            if (candidate.priceUsdPerChipHour > 0)
                p.costUsd = p.chipHours * candidate.priceUsdPerChipHour;
            if (candidate.powerW > 0)
                p.energyKwh = p.chipHours * candidate.powerW / 1000.0;
            classifyLimit(p);
            result_.points.push_back(std::move(p));
        }
    }

    void judge(SizePoint& p) const {
        p.meetsDeadline = !request_.deadlineDays || p.trainDays <= *request_.deadlineDays;
        p.meetsBudget = true;
        if (request_.budgetUsd)
            p.meetsBudget = p.costUsd >= 0 && p.costUsd <= *request_.budgetUsd;
        if (request_.budgetChipHours)
            p.meetsBudget = p.meetsBudget && p.chipHours <= *request_.budgetChipHours;
    }

    // Of `among`: with a deadline, the cheapest that meets every constraint; with a budget only,
    // the fastest that meets it; with neither, the fastest. Nothing meets them: the fastest.
    std::optional<std::size_t> choose(const std::vector<std::size_t>& among, bool* met) const {
        const bool byCost = request_.deadlineDays.has_value();
        const bool usd = result_.costInUsd;
        std::optional<std::size_t> best, fastest;
        for (std::size_t i : among) {
            const SizePoint& p = result_.points[i];
            if (!fastest || p.trainDays < result_.points[*fastest].trainDays)
                fastest = i;
            if (!p.feasible())
                continue;
            if (!best) {
                best = i;
                continue;
            }
            const SizePoint& b = result_.points[*best];
            const auto key = [&](const SizePoint& x) {
                return byCost ? std::make_tuple(costOf(x, usd), x.trainDays)
                              : std::make_tuple(x.trainDays, costOf(x, usd));
            };
            if (key(p) < key(b))
                best = i;
        }
        if (met)
            *met = best.has_value();
        return best ? best : fastest;
    }

    void finish(std::chrono::steady_clock::time_point started) {
        result_.costInUsd =
            std::all_of(request_.candidates.begin(), request_.candidates.end(),
                        [](const Candidate& c) { return c.priceUsdPerChipHour > 0; });
        result_.notes.clear();
        if (!result_.costInUsd) {
            std::string unpriced;
            for (const auto& c : request_.candidates)
                if (c.priceUsdPerChipHour <= 0)
                    unpriced += (unpriced.empty() ? "" : ", ") + c.label;
            result_.notes.push_back("cost in chip-hours: no price for " + unpriced +
                                    " (give one with --price); chip-hours of different chips "
                                    "are not comparable");
        }
        for (auto& p : result_.points)
            judge(p);
        result_.front = paretoFront(result_.points, result_.costInUsd);
        std::vector<std::size_t> all(result_.points.size());
        for (std::size_t i = 0; i < all.size(); ++i)
            all[i] = i;
        bool met = false;
        result_.recommended = choose(all, &met);
        result_.recommendation = recommendationText(met);
        result_.bestPerCandidate.assign(request_.candidates.size(), std::nullopt);
        for (std::size_t c = 0; c < request_.candidates.size(); ++c) {
            std::vector<std::size_t> mine;
            for (std::size_t i : all)
                if (result_.points[i].candidate == c)
                    mine.push_back(i);
            result_.bestPerCandidate[c] = choose(mine, nullptr);
        }
        result_.elapsedS =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    }

    std::string recommendationText(bool met) const {
        if (!result_.recommended)
            return "no placement of these clusters can train the job (no layout fits)";
        const SizePoint& p = result_.points[*result_.recommended];
        std::string constraints;
        if (request_.deadlineDays)
            constraints +=
                "a deadline of " + formatNumber("%.1f", *request_.deadlineDays) + " days";
        if (request_.budgetUsd)
            constraints += (constraints.empty() ? "" : " and ") + std::string("a budget of $") +
                           formatNumber("%.0f", *request_.budgetUsd);
        if (request_.budgetChipHours)
            constraints += (constraints.empty() ? "" : " and ") + std::string("a budget of ") +
                           formatNumber("%.0f", *request_.budgetChipHours) + " chip-hours";
        const std::string what = request_.candidates[p.candidate].label + ", " + p.option.text +
                                 ": " + formatNumber("%.1f", p.trainDays) + " days";
        if (!met)
            return "nothing meets " + constraints + "; the fastest is " + what;
        if (request_.deadlineDays)
            return "the cheapest that meets " + constraints + ": " + what;
        if (!constraints.empty())
            return "the fastest within " + constraints + ": " + what;
        return "the fastest: " + what;
    }

    const SizeRequest& request_;
    const SizeOptions& options_;
    std::vector<CheckpointChoice> checkpoints_;
    std::set<std::string> planned_;
    std::map<std::tuple<std::size_t, std::int64_t, int, bool>, double> fastestStep_;
    SizeResult result_;
};

} // namespace

std::string CheckpointChoice::text() const {
    std::string out = inMemory ? "in-memory" : "persistent";
    out += intervalMin ? ", every " + formatNumber("%.0f", *intervalMin) + " min"
                       : ", Young/Daly interval";
    return out;
}

SizeResult sizeJob(const SizeRequest& request, const SizeOptions& options) {
    return Sizer(request, options).run();
}

} // namespace podplanner::model::sizing

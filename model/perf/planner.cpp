#include "perf/planner.h"

#include "perf/plan_practice.h"

#include "project/placement.h"
#include "sizing/job_outlook.h"
#include "sizing/placement_options.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <future>

namespace podplanner::model::perf {

namespace {

std::string format(const char* pattern, double a, double b = 0, double c = 0) {
    char buffer[256];
    std::snprintf(buffer, sizeof buffer, pattern, a, b, c);
    return buffer;
}

// A duration as a person reads it: "12.0 µs", "3.61 ms", "1.33 s".
std::string durationText(double s) {
    if (s < 1e-3)
        return format("%.1f \u00b5s", s * 1e6);
    if (s < 1)
        return format("%.3g ms", s * 1e3);
    return format("%.3g s", s);
}

std::string largestExposed(const StepResult& r) {
    const CollectiveRow* best = nullptr;
    for (int i = 0; i < r.collectiveCount; ++i) {
        const auto& row = r.collectives[static_cast<std::size_t>(i)];
        if (!best || row.exposedSeconds > best->exposedSeconds)
            best = &row;
    }
    if (!best || best->exposedSeconds <= 0)
        return "none exposed";
    return std::string(meshAxisName(best->axis)) + " " + collectiveKindName(best->kind) + " " +
           durationText(best->exposedSeconds);
}

std::string describe(const StepResult& r) {
    const double gib = 1024.0 * 1024.0 * 1024.0;
    return format("%.3g s/step, %.1f%% MFU; ", r.stepS, 100 * r.mfu) +
           format("compute %.0f%%, exposed communication %.0f%%, bubble %.0f%%",
                  100 * r.computeS / r.stepS, 100 * r.exposedCommS / r.stepS,
                  100 * r.bubbleS / r.stepS) +
           (r.hostWaitS > 0 ? format(", waiting on the host %.0f%%", 100 * r.hostWaitS / r.stepS)
                            : "") +
           (r.evalS > 0 ? format(", evaluation %.0f%%", 100 * r.evalS / r.stepS) : "") +
           " of the step (" + largestExposed(r) +
           format("); HBM %.1f of %.1f GiB", r.memory.total() / gib, r.hbmCapacityBytes / gib);
}

std::string comparedWithBest(const StepResult& r, const StepResult& best) {
    struct Part {
        const char* name;
        double delta;
    } parts[] = {{"more compute (smaller, less efficient matmuls or recomputation)",
                  r.computeS - best.computeS},
                 {"more exposed communication", r.exposedCommS - best.exposedCommS},
                 {"a larger pipeline bubble", r.bubbleS - best.bubbleS},
                 {"more time waiting on the host to issue kernels", r.hostWaitS - best.hostWaitS},
                 {"a longer optimizer update", r.optimizerS - best.optimizerS},
                 {"longer evaluation passes", r.evalS - best.evalS}};
    const Part* worst = &parts[0];
    for (const auto& p : parts)
        if (p.delta > worst->delta)
            worst = &p;
    const double slower = r.stepS / best.stepS - 1;
    if (slower <= -0.0005) // the fastest, ranked below #1 for its tp's links (plan_practice.h)
        return format("%.1f%% faster than #1, but its tensor parallelism spans a slower link "
                      "than #1's; ",
                      -100 * slower) +
               describe(r);
    if (slower < 0.0005) // ties are common: layouts that differ only where it costs nothing
        return "as fast as #1 (within 0.05%); " + describe(r);
    return format("%.1f%% slower than #1, mostly from ", 100 * slower) + worst->name + " (+" +
           durationText(worst->delta) + "); " + describe(r);
}

// #1 when it is not the fastest: kept for its tp on the fastest links.
std::string practiceReason(const StepResult& first, double fastestS, const JobFabric& fabric) {
    const std::string domain = fabric.axes[0].level == Level::NvLink ? "NVLink node" : "slice";
    return "tensor parallelism inside the " + domain +
           format(" (%.0f chips), as practitioners run it, within %.1f%% of the fastest layout, "
                  "whose tensor parallelism spans a slower link; ",
                  fastestDomainChips(fabric), 100 * (first.stepS / fastestS - 1)) +
           describe(first);
}

double seconds(std::chrono::steady_clock::time_point since) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

} // namespace

PlanResult planPlacement(const Job& job, const ClusterSpec& cluster, const JobPlacement& placement,
                         const PlanOptions& options) {
    const auto started = std::chrono::steady_clock::now();
    const JobFabric fabric = jobFabric(cluster, placement);
    const JobContext ctx = makeJobContext(job, cluster.chip, fabric, placement.chips());
    const SearchSpace space = searchSpace(ctx, options.depth);
    SearchOptions search;
    search.keep = static_cast<std::size_t>(std::max(1, options.top)) * 4;
    search.prune = options.prune;
    search.cancel = options.cancel;
    search.mustBeat = options.mustBeat;
    SearchResult found = searchLayouts(ctx, space, search);

    PlanResult plan;
    plan.job = job.name;
    plan.chips = placement.chips();
    plan.chipsGiven = plan.chips;
    plan.cancelled = found.cancelled;
    const SearchCounts& n = found.counts;
    plan.layoutsConsidered = n.considered;
    plan.layoutsEvaluated = n.fit;
    plan.rejectedInvalid = n.cannotRun;
    plan.rejectedNoMapping = n.noMapping;
    plan.rejectedMemory = n.overHbm;
    plan.prunedByTime = n.prunedByTime;
    plan.prunedByMemory = n.prunedByMemory;
    plan.evaluations = n.evaluations;
    plan.equivalent = n.equivalent;
    plan.smallestOverHbmBytes = std::max(0.0, n.smallestOverHbmBytes);

    // The finalists get the best mesh mapping (every axis order), then are ranked.
    std::vector<PlanCandidate>& best = found.best;
    for (auto& c : best) {
        chooseBestMapping(ctx, c.layout, c.step);
        c.mappingText = describeMapping(c.layout.mapping, fabric);
    }
    std::sort(best.begin(), best.end(),
              [](const auto& a, const auto& b) { return a.step.tokensPerS > b.step.tokensPerS; });
    const PracticeOutcome practice =
        found.cancelled ? PracticeOutcome{} : preferPractice(ctx, space, search, best);
    plan.cancelled = plan.cancelled || practice.cancelled;
    double fastestS = best.empty() ? 0.0 : best[0].step.stepS;
    for (auto& c : best) {
        fastestS = std::min(fastestS, c.step.stepS);
        if (c.mappingText.empty())
            c.mappingText = describeMapping(c.layout.mapping, fabric);
    }
    if (best.size() > static_cast<std::size_t>(std::max(1, options.top)))
        best.resize(static_cast<std::size_t>(std::max(1, options.top)));
    for (std::size_t i = 0; i < best.size(); ++i)
        best[i].reason = i > 0                ? comparedWithBest(best[i].step, best[0].step)
                         : practice.reordered ? practiceReason(best[0].step, fastestS, fabric)
                                              : "fastest: " + describe(best[0].step);
    plan.top = std::move(best);
    if (plan.top.empty() && !plan.cancelled) {
        const double gib = 1024.0 * 1024.0 * 1024.0;
        if (n.overHbm + n.prunedByMemory > 0)
            plan.infeasibleReason =
                format("no layout fits in HBM: the closest needs %.1f GiB more per chip than the "
                       "%.1f GiB each chip has",
                       n.smallestOverHbmBytes / gib, ctx.hbmCapacityBytes / gib);
        else
            plan.infeasibleReason =
                "no layout can run: the heads, layers, experts or global batch do not divide "
                "over these chips (" +
                std::to_string(plan.chips) + ")";
    }
    plan.elapsedS =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return plan;
}

namespace {

struct Alternative {
    sizing::PlacementOption option;
    Project project; // the job on the smaller placement, the units it gives up as its spares
    PlanResult plan;
    double days = 0;
};

// The job with its placement replaced and the units it no longer uses held as its hot spares.
Project onFewerChips(const Project& project, std::size_t index,
                     const sizing::PlacementOption& option) {
    Project p = project;
    Job& job = p.jobs[index];
    job.placement.pods = option.placement.pods;
    job.placement.shape = option.placement.shape;
    job.placement.twisted = option.placement.twisted;
    job.placement.nodes = option.placement.nodes;
    job.placement.cubes.reset();
    if (project.cluster.pod.kind != PodKind::Tpu2d) {
        job.reliability.hotSpareCubes += option.freeUnits;
        job.reliability.spareCubes.clear();
    }
    return p;
}

// Days to train with goodput when the job runs `layout` in `project` (0: it cannot).
double trainingDays(const Project& project, std::size_t index, const Layout& layout,
                    double* goodput = nullptr) {
    Project p = project;
    sizing::writeLayout(p.jobs[index], layout);
    const auto outlook = sizing::outlookOf(p, index);
    if (!outlook)
        return 0;
    if (goodput)
        *goodput = outlook->reliability.goodput.expected;
    return outlook->trainDays();
}

void addCounts(PlanResult& into, const PlanResult& from) {
    into.layoutsConsidered += from.layoutsConsidered;
    into.layoutsEvaluated += from.layoutsEvaluated;
    into.rejectedInvalid += from.rejectedInvalid;
    into.rejectedNoMapping += from.rejectedNoMapping;
    into.rejectedMemory += from.rejectedMemory;
    into.prunedByTime += from.prunedByTime;
    into.prunedByMemory += from.prunedByMemory;
    into.evaluations += from.evaluations;
    into.equivalent += from.equivalent;
    into.cancelled = into.cancelled || from.cancelled;
}

std::string fewerChipsWhy(const PlanResult& all, const Alternative& alt, const FewerChips& f,
                          double goodputAll, double goodputFewer, const PodSpec& pod) {
    std::string left =
        std::to_string(f.idleChips) + " of the " + std::to_string(all.chips) + " chips";
    if (f.spareUnits > 0)
        left += " (" + std::to_string(f.spareUnits) +
                (pod.kind == PodKind::GpuFatTree ? " nodes" : " cubes") + " kept as hot spares)";
    else
        left += " idle";
    if (all.top.empty())
        return "leaves " + left + ": " + all.infeasibleReason + "; on " + std::to_string(f.chips) +
               " chips (" + alt.option.text + ") it can, " +
               format("%.1f days to train", f.daysOnFewer);
    const double speedup = alt.plan.top.front().step.tokensPerS / all.top.front().step.tokensPerS;
    const bool faster = speedup > 1.0;
    return "leaves " + left + ": it trains sooner on " + std::to_string(f.chips) + " (" +
           alt.option.text + ")" +
           format(", %.2f days instead of %.2f", f.daysOnFewer, f.daysOnAll) +
           (faster ? format(", %.1f%% more tokens/s", 100 * (speedup - 1))
                   : format(" with %.1f%% fewer tokens/s", 100 * (1 - speedup))) +
           format("; goodput %.1f%% instead of %.1f%%", 100 * goodputFewer, 100 * goodputAll);
}

// The smaller placements, each planned with the quick search; the counts of every search go
// into `counts`.
std::vector<Alternative> screenSmallerPlacements(const Project& project, std::size_t jobIndex,
                                                 std::int64_t chips, const PlanOptions& options,
                                                 PlanResult& counts) {
    std::vector<Alternative> screened;
    PlanOptions quick = options;
    quick.top = 1;
    quick.depth = SearchDepth::Quick;
    quick.allowFewerChips = false;
    const Job& job = project.jobs[jobIndex];
    for (const auto& option : sizing::smallerPlacements(project.cluster, job.placement, chips)) {
        Alternative alt{option, onFewerChips(project, jobIndex, option), {}, 0};
        std::vector<JobPlacement> altPlacements;
        try {
            altPlacements = placeJobs(alt.project);
        } catch (const std::exception&) {
            continue; // the spares do not fit beside the other jobs
        }
        alt.plan = planPlacement(alt.project.jobs[jobIndex], project.cluster,
                                 altPlacements[jobIndex], quick);
        addCounts(counts, alt.plan);
        if (alt.plan.cancelled)
            break;
        if (alt.plan.top.empty())
            continue;
        alt.days = trainingDays(alt.project, jobIndex, alt.plan.top[0].layout);
        if (alt.days > 0)
            screened.push_back(std::move(alt));
    }
    return screened;
}

// The plan on all the chips, and its days to train and goodput (0: it cannot train).
struct PlanOnAll {
    PlanResult plan;
    double days = 0;
    double goodput = 0;
};

// One screened placement planned with the full search, and its days to train with goodput.
void planThoroughly(Alternative& alt, std::size_t jobIndex, const ClusterSpec& cluster,
                    const PlanOptions& options, double& goodput) {
    PlanOptions thorough = options;
    thorough.allowFewerChips = false;
    const auto altPlacements = placeJobs(alt.project);
    alt.plan =
        planPlacement(alt.project.jobs[jobIndex], cluster, altPlacements[jobIndex], thorough);
    alt.days = alt.plan.top.empty()
                   ? 0
                   : trainingDays(alt.project, jobIndex, alt.plan.top[0].layout, &goodput);
}

} // namespace

// The searches are independent and each runs on one core: the plan of all chips runs beside
// the screening of the smaller placements, and the two finalists beside each other. Results
// are combined in a fixed order, so the plan is the same as one made in sequence.
PlanResult planJob(const Project& project, std::size_t jobIndex, const PlanOptions& options) {
    const auto started = std::chrono::steady_clock::now();
    const auto placements = placeJobs(project);
    const Job& job = project.jobs.at(jobIndex);
    if (!options.allowFewerChips) {
        PlanResult plan = planPlacement(job, project.cluster, placements[jobIndex], options);
        plan.elapsedS = seconds(started);
        return plan;
    }
    auto planOnAll = std::async(std::launch::async, [&] {
        PlanResult all = planPlacement(job, project.cluster, placements[jobIndex], options);
        double goodput = 0;
        const double days = all.cancelled || all.top.empty()
                                ? 0
                                : trainingDays(project, jobIndex, all.top[0].layout, &goodput);
        return PlanOnAll{std::move(all), days, goodput};
    });
    PlanResult screenCounts;
    std::vector<Alternative> screened = screenSmallerPlacements(
        project, jobIndex, placements[jobIndex].chips(), options, screenCounts);
    std::sort(screened.begin(), screened.end(),
              [](const auto& a, const auto& b) { return a.days < b.days; });
    if (screened.size() > 2)
        screened.resize(2);
    std::array<double, 2> goodputs{0, 0};
    if (!screenCounts.cancelled && !screened.empty()) {
        std::future<void> second;
        if (screened.size() > 1)
            second = std::async(std::launch::async, [&] {
                planThoroughly(screened[1], jobIndex, project.cluster, options, goodputs[1]);
            });
        planThoroughly(screened[0], jobIndex, project.cluster, options, goodputs[0]);
        if (second.valid())
            second.get();
    }
    PlanOnAll onAll = planOnAll.get();
    PlanResult plan = std::move(onAll.plan);
    const double daysAll = onAll.days, goodputAll = onAll.goodput;
    if (!plan.cancelled)
        addCounts(plan, screenCounts);
    if (plan.cancelled) {
        plan.elapsedS = seconds(started);
        return plan;
    }
    std::optional<Alternative> best;
    double goodputFewer = 0;
    for (std::size_t i = 0; i < screened.size(); ++i) {
        Alternative& alt = screened[i];
        addCounts(plan, alt.plan);
        if (alt.days > 0 && (!best || alt.days < best->days)) {
            goodputFewer = goodputs[i];
            best = std::move(alt);
        }
    }
    // Fewer chips only when they train sooner (0.2% margin: not for noise), or when all cannot.
    if (!best || plan.cancelled || (daysAll > 0 && best->days >= daysAll * 0.998)) {
        plan.elapsedS = seconds(started);
        return plan;
    }
    PlanResult& full = best->plan;
    const double daysFewer = best->days;
    FewerChips f;
    f.placement = best->project.jobs[jobIndex].placement;
    f.chips = full.chips;
    f.idleChips = plan.chips - full.chips;
    f.spareUnits = project.cluster.pod.kind == PodKind::Tpu2d ? 0 : best->option.freeUnits;
    f.daysOnAll = daysAll;
    f.daysOnFewer = daysFewer;
    f.why = fewerChipsWhy(plan, *best, f, goodputAll, goodputFewer, project.cluster.pod);
    plan.top = full.top;
    plan.chips = full.chips;
    plan.infeasibleReason.clear();
    plan.smallestOverHbmBytes = full.smallestOverHbmBytes;
    plan.fewer = std::move(f);
    plan.elapsedS = seconds(started);
    return plan;
}

} // namespace podplanner::model::perf

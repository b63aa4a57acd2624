#include "perf/planner.h"

#include "project/placement.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

namespace podplanner::model::perf {

namespace {

std::vector<int> divisors(std::int64_t n) {
    std::vector<int> out;
    for (std::int64_t d = 1; d * d <= n; ++d)
        if (n % d == 0) {
            out.push_back(static_cast<int>(d));
            if (d * d != n)
                out.push_back(static_cast<int>(n / d));
        }
    std::sort(out.begin(), out.end());
    return out;
}

std::string format(const char* pattern, double a, double b = 0, double c = 0) {
    char buffer[256];
    std::snprintf(buffer, sizeof buffer, pattern, a, b, c);
    return buffer;
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
    return std::string(meshAxisName(best->axis)) + " " + collectiveKindName(best->kind) +
           format(" %.3g s", best->exposedSeconds);
}

std::string describe(const StepResult& r) {
    const double gib = 1024.0 * 1024.0 * 1024.0;
    return format("%.3g s/step, %.1f%% MFU; ", r.stepS, 100 * r.mfu) +
           format("compute %.0f%%, exposed communication %.0f%%, bubble %.0f%% of the step (",
                  100 * r.computeS / r.stepS, 100 * r.exposedCommS / r.stepS,
                  100 * r.bubbleS / r.stepS) +
           largestExposed(r) +
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
                 {"a longer optimizer update", r.optimizerS - best.optimizerS}};
    const Part* worst = &parts[0];
    for (const auto& p : parts)
        if (p.delta > worst->delta)
            worst = &p;
    return format("%.1f%% slower than #1, mostly from ", 100 * (r.stepS / best.stepS - 1)) +
           worst->name + format(" (+%.3g s)", worst->delta) + "; " + describe(r);
}

} // namespace

PlanResult planJob(const Project& project, std::size_t jobIndex, const PlanOptions& options) {
    const auto started = std::chrono::steady_clock::now();
    const auto placements = placeJobs(project);
    const Job& job = project.jobs.at(jobIndex);
    const JobPlacement& placement = placements[jobIndex];
    const JobFabric fabric = jobFabric(project.cluster, placement);
    const JobContext ctx = makeJobContext(job, project.cluster.chip, fabric, placement.chips());
    const ModelSpec& m = job.model;
    const std::int64_t chips = placement.chips();
    const std::int64_t sequences = job.training.globalBatchTokens / m.seqLen;

    PlanResult plan;
    plan.job = job.name;
    plan.chips = chips;
    const std::size_t keep = static_cast<std::size_t>(std::max(1, options.top)) * 4;
    std::vector<PlanCandidate> best;
    double smallestOver = -1;
    static constexpr std::array<std::uint8_t, kMeshAxes> kOrder = {kTp, kEp, kCp, kPp, kFsdp, kDp};

    for (int tp : divisors(chips)) {
        if (m.heads % tp != 0)
            continue;
        for (int pp : divisors(chips / tp)) {
            if (pp > m.layers)
                continue;
            for (int ep : divisors(chips / (tp * pp))) {
                if (m.isMoe() ? m.experts % ep != 0 : ep != 1)
                    continue;
                for (int cp : divisors(chips / (static_cast<std::int64_t>(tp) * pp * ep))) {
                    if (cp > 1 && (m.seqLen % cp != 0 || cp > 32))
                        continue;
                    const std::int64_t rest =
                        chips / (static_cast<std::int64_t>(tp) * pp * ep * cp);
                    for (int fsdp : divisors(rest)) {
                        const int dp = static_cast<int>(rest / fsdp);
                        const std::int64_t batchShards = static_cast<std::int64_t>(dp) * fsdp * ep;
                        if (sequences % batchShards != 0)
                            continue;
                        for (int mbFactor = 1; mbFactor <= 64; mbFactor *= 2) {
                            const int microbatches = pp > 1 ? pp * mbFactor : mbFactor;
                            if (sequences % (batchShards * microbatches) != 0)
                                break;
                            for (int vs = 1; vs <= (pp > 1 ? 4 : 1); vs *= 2) {
                                if (m.layers < pp * vs)
                                    break;
                                for (Recompute rc :
                                     {Recompute::None, Recompute::Selective, Recompute::Full}) {
                                    if (options.cancel && options.cancel->load()) {
                                        plan.cancelled = true;
                                        goto done;
                                    }
                                    ++plan.layoutsConsidered;
                                    Layout l;
                                    l.sizes = {dp, fsdp, tp, pp, ep, cp};
                                    l.microbatches = microbatches;
                                    l.virtualStages = vs;
                                    l.recompute = rc;
                                    l.sequenceParallel = true;
                                    if (layoutProblem(ctx, l)) {
                                        ++plan.rejectedInvalid;
                                        continue;
                                    }
                                    const auto mapping = greedyMapping(fabric, l.sizes, kOrder);
                                    if (mapping) {
                                        l.mapping = *mapping;
                                    } else {
                                        // Rare: only another order or split fits.
                                        StepResult probe;
                                        if (!chooseBestMapping(ctx, l, probe)) {
                                            ++plan.rejectedNoMapping;
                                            continue;
                                        }
                                    }
                                    const StepResult step = evaluateLayout(ctx, l);
                                    if (!step.fits) {
                                        const double over =
                                            step.memory.total() - ctx.hbmCapacityBytes;
                                        ++plan.rejectedMemory;
                                        if (smallestOver < 0 || (over > 0 && over < smallestOver))
                                            smallestOver = std::max(0.0, over);
                                        continue;
                                    }
                                    ++plan.layoutsEvaluated;
                                    PlanCandidate c{l, step, {}, {}};
                                    if (best.size() < keep) {
                                        best.push_back(c);
                                    } else {
                                        auto worst = std::min_element(
                                            best.begin(), best.end(),
                                            [](const auto& a, const auto& b) {
                                                return a.step.tokensPerS < b.step.tokensPerS;
                                            });
                                        if (c.step.tokensPerS > worst->step.tokensPerS)
                                            *worst = c;
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
done:
    // The finalists get the best mesh mapping (every axis order), then are ranked.
    for (auto& c : best) {
        chooseBestMapping(ctx, c.layout, c.step);
        c.mappingText = describeMapping(c.layout.mapping, fabric);
    }
    std::sort(best.begin(), best.end(),
              [](const auto& a, const auto& b) { return a.step.tokensPerS > b.step.tokensPerS; });
    if (best.size() > static_cast<std::size_t>(options.top))
        best.resize(static_cast<std::size_t>(options.top));
    for (std::size_t i = 0; i < best.size(); ++i)
        best[i].reason = i == 0 ? "fastest: " + describe(best[0].step)
                                : comparedWithBest(best[i].step, best[0].step);
    plan.top = std::move(best);
    plan.smallestOverHbmBytes = std::max(0.0, smallestOver);
    if (plan.top.empty() && !plan.cancelled) {
        const double gib = 1024.0 * 1024.0 * 1024.0;
        if (plan.rejectedMemory > 0)
            plan.infeasibleReason =
                format("no layout fits in HBM: the closest needs %.1f GiB more per chip than the "
                       "%.1f GiB each chip has",
                       smallestOver / gib, ctx.hbmCapacityBytes / gib);
        else
            plan.infeasibleReason =
                "no layout can run: the heads, layers, experts or global batch do not divide "
                "over these chips (" +
                std::to_string(chips) + ")";
    }
    plan.elapsedS =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return plan;
}

} // namespace podplanner::model::perf

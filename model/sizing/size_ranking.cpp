#include "sizing/size_ranking.h"

#include "perf/mesh_mapping.h"

#include <algorithm>
#include <cstdio>

namespace podplanner::model::sizing {

namespace {

std::string percent(double share) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.0f%%", 100 * share);
    return buffer;
}

std::string largestCollective(const perf::StepResult& r) {
    const perf::CollectiveRow* best = nullptr;
    for (int i = 0; i < r.collectiveCount; ++i) {
        const auto& row = r.collectives[static_cast<std::size_t>(i)];
        if (!best || row.exposedSeconds > best->exposedSeconds)
            best = &row;
    }
    if (!best || best->exposedSeconds <= 0)
        return "";
    char buffer[96];
    std::snprintf(buffer, sizeof buffer, " (largest: %s %s, %.3g s per step)",
                  perf::meshAxisName(best->axis), perf::collectiveKindName(best->kind),
                  best->exposedSeconds);
    return buffer;
}

std::string largestBadput(const reliability::Badput& b) {
    const std::pair<const char*, double> parts[] = {
        {"restarts and repairs", b.restart}, {"lost progress", b.lostProgress},
        {"checkpoints", b.checkpoint},       {"degraded running", b.degraded},
        {"silent data corruption", b.sdc},   {"maintenance", b.maintenance},
        {"stragglers", b.stragglers},        {"preflight", b.preflight}};
    const auto* worst =
        std::max_element(std::begin(parts), std::end(parts),
                         [](const auto& a, const auto& c) { return a.second < c.second; });
    return std::string(worst->first) + " " + percent(worst->second);
}

} // namespace

const char* limitName(Limit limit) {
    switch (limit) {
    case Limit::Compute:
        return "compute";
    case Limit::Communication:
        return "exposed communication";
    case Limit::Host:
        return "host";
    case Limit::Bubble:
        return "pipeline bubble";
    case Limit::Memory:
        return "HBM";
    case Limit::Failures:
        return "failures";
    }
    return "";
}

double costOf(const SizePoint& point, bool usd) {
    return usd ? point.costUsd : point.chipHours;
}

std::vector<std::size_t> paretoFront(const std::vector<SizePoint>& points, bool usd) {
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < points.size(); ++i)
        if (points[i].trainDays > 0 && costOf(points[i], usd) >= 0)
            order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const auto& pa = points[a];
        const auto& pb = points[b];
        if (pa.trainDays != pb.trainDays)
            return pa.trainDays < pb.trainDays;
        return costOf(pa, usd) < costOf(pb, usd);
    });
    std::vector<std::size_t> front;
    for (std::size_t i : order)
        if (front.empty() || costOf(points[i], usd) < costOf(points[front.back()], usd))
            front.push_back(i);
    return front;
}

std::map<std::int64_t, double> fastestByChips(const SizeResult& result, std::size_t candidate) {
    std::map<std::int64_t, double> fastest;
    for (const auto& p : result.points)
        if (p.candidate == candidate) {
            auto [it, fresh] = fastest.emplace(p.option.chips, p.trainDays);
            if (!fresh)
                it->second = std::min(it->second, p.trainDays);
        }
    return fastest;
}

std::vector<const SizePoint*> recommendedBySpares(const SizeResult& result) {
    std::vector<const SizePoint*> out;
    if (!result.recommended)
        return out;
    const SizePoint& rec = result.points[*result.recommended];
    for (const auto& p : result.points)
        if (p.candidate == rec.candidate && p.option.text == rec.option.text)
            out.push_back(&p);
    std::stable_sort(out.begin(), out.end(),
                     [](const SizePoint* a, const SizePoint* b) { return a->spares < b->spares; });
    return out;
}

void classifyLimit(SizePoint& p) {
    const perf::StepResult& r = p.step;
    const double g = p.goodput;
    const double step = std::max(r.stepS, 1e-12);
    const std::pair<Limit, double> losses[] = {{Limit::Failures, 1.0 - g},
                                               {Limit::Communication, g * r.exposedCommS / step},
                                               {Limit::Host, g * r.hostWaitS / step},
                                               {Limit::Bubble, g * r.bubbleS / step},
                                               {Limit::Memory, g * r.recomputeS / step}};
    const auto* worst =
        std::max_element(std::begin(losses), std::end(losses),
                         [](const auto& a, const auto& b) { return a.second < b.second; });
    p.limit = worst->second >= 0.10 ? worst->first : Limit::Compute;
    const std::string share = percent(worst->second) + " of wall time";
    switch (p.limit) {
    case Limit::Failures:
        p.limitText = "failures: goodput " + percent(g) + ", mostly " + largestBadput(p.badput);
        break;
    case Limit::Communication:
        p.limitText = "exposed communication: " + share + largestCollective(r);
        break;
    case Limit::Host:
        p.limitText = "host: the GPUs wait " + share +
                      " for the framework to issue kernels (larger microbatches, a smaller tp or "
                      "CUDA graphs help)";
        break;
    case Limit::Bubble:
        p.limitText = "pipeline bubble: " + share + " (pp " +
                      std::to_string(p.layout.sizes[perf::kPp]) + ", " +
                      std::to_string(p.layout.microbatches) + " microbatches)";
        break;
    case Limit::Memory:
        p.limitText = "HBM: recomputation to fit takes " + share + " (recompute " +
                      perf::recomputeName(p.layout.recompute) + ")";
        break;
    case Limit::Compute:
        p.limitText = "compute: " + percent(g * (r.computeS - r.recomputeS) / step) +
                      " of wall time in the model's own work, " + percent(r.mfu) + " MFU";
        break;
    }
}

} // namespace podplanner::model::sizing

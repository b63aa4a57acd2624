#include "perf/plan_practice.h"

#include "perf/mapping_search.h"
#include "perf/plan_kept.h"

#include <algorithm>

namespace podplanner::model::perf {

int fastestDomainChips(const JobFabric& fabric) {
    int chips = 1;
    for (int i = 0; i < fabric.count; ++i)
        if (fabric.axes[static_cast<std::size_t>(i)].level == fabric.axes[0].level)
            chips *= fabric.axes[static_cast<std::size_t>(i)].size;
    return chips;
}

bool tpLeavesFastestLinks(const Layout& layout, const JobFabric& fabric) {
    if (fabric.count == 0)
        return false;
    const MeshMapping& m = layout.mapping;
    for (int i = 0; i < m.count; ++i) {
        const Segment& seg = m.segments[static_cast<std::size_t>(i)];
        if (seg.mesh == kTp && seg.factor > 1 &&
            fabric.axes[seg.physical].level != fabric.axes[0].level)
            return true;
    }
    return false;
}

PracticeOutcome preferPractice(const JobContext& ctx, const SearchSpace& space,
                               const SearchOptions& options, std::vector<PlanCandidate>& ranked) {
    if (ranked.empty() || !tpLeavesFastestLinks(ranked[0].layout, ctx.fabric))
        return {};
    const double within = ranked[0].step.stepS * (1 + kMappingTolerance);
    const auto inside = [&](const PlanCandidate& c) {
        return !tpLeavesFastestLinks(c.layout, ctx.fabric);
    };
    if (std::none_of(ranked.begin(), ranked.end(), inside)) {
        // None was kept: the kept meshes are the fastest few, and tp across the slower links
        // may fill them all. Search the layouts whose tp fits the fastest domain.
        SearchSpace narrow = space;
        narrow.maxTp = fastestDomainChips(ctx.fabric);
        SearchOptions o = options;
        o.keep = 4;
        o.mustBeat = std::min(options.mustBeat, within);
        SearchResult more = searchLayouts(ctx, narrow, o);
        if (more.cancelled)
            return {false, true};
        for (PlanCandidate& c : more.best) {
            const bool listed = std::any_of(ranked.begin(), ranked.end(), [&](const auto& r) {
                return sameMesh(r.layout, c.layout);
            });
            if (!listed && chooseBestMapping(ctx, c.layout, c.step) && inside(c))
                ranked.push_back(std::move(c));
        }
        // Mapping can move a layout by up to kMappingTolerance: rank again.
        std::stable_sort(ranked.begin(), ranked.end(),
                         [](const auto& a, const auto& b) { return a.step.stepS < b.step.stepS; });
        if (inside(ranked[0]))
            return {}; // the fastest keeps tp inside after all
    }
    const auto found = std::find_if(ranked.begin(), ranked.end(), inside);
    if (found == ranked.end() || found->step.stepS > within)
        return {};
    std::rotate(ranked.begin(), found, found + 1);
    return {true, false};
}

} // namespace podplanner::model::perf

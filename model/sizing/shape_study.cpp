#include "sizing/shape_study.h"

#include "core/text_format.h"
#include "perf/planner.h"
#include "project/placement.h"
#include "sizing/placement_options.h"

#include <algorithm>
#include <cstdio>

namespace podplanner::model::sizing {

namespace {

struct Trial {
    ShapeRow row;
    JobPlacement placement;
    perf::Layout layout;
};

double allToAllSeconds(const perf::StepResult& r) {
    double s = 0;
    for (int i = 0; i < r.collectiveCount; ++i) {
        const auto& row = r.collectives[static_cast<std::size_t>(i)];
        if (row.kind == perf::CollectiveKind::AllToAll)
            s += row.exposedSeconds;
    }
    return s;
}

// Measured all-to-all gains of a twisted torus on TPU v4 (ISCA 2023, section 2.8).
double measuredTwistGain(const std::string& shape) {
    auto parsed = parseTopology(shape);
    if (!parsed)
        return 0;
    auto d = parsed->dims;
    std::sort(d.begin(), d.end());
    if (d == std::vector<int>{4, 4, 8})
        return 1.63;
    if (d == std::vector<int>{4, 8, 8})
        return 1.31;
    return 0;
}

void plan(const Job& job, const ClusterSpec& cluster, Trial& t) {
    perf::PlanOptions o;
    o.top = 1;
    o.depth = perf::SearchDepth::Quick;
    o.allowFewerChips = false;
    const auto r = perf::planPlacement(job, cluster, t.placement, o);
    if (r.top.empty())
        return;
    t.row.planned = true;
    t.row.stepS = r.top[0].step.stepS;
    t.row.mfu = r.top[0].step.mfu;
    t.row.allToAllS = allToAllSeconds(r.top[0].step);
    t.row.mapping = r.top[0].mappingText;
    t.layout = r.top[0].layout;
}

} // namespace

ShapeStudy studyShapes(const Job& job, const ClusterSpec& cluster, std::int64_t chips) {
    ShapeStudy study;
    study.chips = chips;
    std::vector<Trial> trials;
    for (const auto& option : shapesWithChips(cluster, chips)) {
        Project p;
        p.cluster = cluster;
        Job j = job;
        j.placement = option.placement;
        j.placement.pods = {0};
        j.reliability.spareCubes.clear();
        p.jobs = {j};
        Trial t;
        try {
            t.placement = placeJobs(p).front();
        } catch (const std::exception&) {
            continue;
        }
        t.row.shape = option.placement.shape;
        t.row.twisted = option.twisted;
        t.row.wraps = !option.subCube;
        t.row.cubes = option.unitsPerSlice;
        plan(j, cluster, t);
        trials.push_back(t);
        if (option.subCube || option.twisted)
            continue;
        // The same cubes with their rings left open: what the wraparound links are worth.
        Trial open = t;
        for (auto& slice : open.placement.slices)
            if (slice.geometry)
                slice.geometry->wraps.assign(slice.geometry->wraps.size(), false);
        open.row.wraps = false;
        open.row.whatIf = true;
        open.row.planned = false;
        plan(j, cluster, open);
        trials.push_back(open);
    }
    // Wraparound: the fastest whole-cube shape against itself without wraparound.
    const Trial* fastest = nullptr;
    for (const auto& t : trials)
        if (t.row.planned && t.row.wraps && !t.row.twisted &&
            (!fastest || t.row.stepS < fastest->row.stepS))
            fastest = &t;
    if (fastest)
        for (const auto& t : trials)
            if (t.row.whatIf && t.row.shape == fastest->row.shape && t.row.planned) {
                study.wraparoundGain = t.row.stepS / fastest->row.stepS;
                study.wraparoundShape = t.row.shape;
            }
    // Twist: the fastest twisted shape against the same shape untwisted, and the twisted
    // layout's all-to-all on the untwisted torus.
    const Trial* twisted = nullptr;
    for (const auto& t : trials)
        if (t.row.planned && t.row.twisted && (!twisted || t.row.stepS < twisted->row.stepS))
            twisted = &t;
    if (twisted)
        for (const auto& t : trials)
            if (!t.row.twisted && !t.row.whatIf && t.row.shape == twisted->row.shape &&
                t.row.planned) {
                study.twistShape = t.row.shape;
                study.twistStepGain = t.row.stepS / twisted->row.stepS;
                study.twistReferenceGain = measuredTwistGain(t.row.shape);
                study.twistFabricGain =
                    perf::jobFabric(cluster, twisted->placement).twistedAllToAllGain;
                const perf::JobFabric fabric = perf::jobFabric(cluster, t.placement);
                const perf::JobContext ctx =
                    perf::makeJobContext(job, cluster.chip, fabric, t.placement.chips());
                const auto same = perf::evaluateLayout(ctx, twisted->layout);
                if (twisted->row.allToAllS > 0)
                    study.twistAllToAllGain = allToAllSeconds(same) / twisted->row.allToAllS;
            }
    for (auto& t : trials)
        study.rows.push_back(t.row);
    return study;
}

std::string shapeStudyText(const ShapeStudy& s) {
    std::string out = "Slice shapes of " + std::to_string(s.chips) + " chips:\n";
    out += "  shape        wraps  step s   MFU    all-to-all s  mapping\n";
    for (const auto& r : s.rows) {
        char line[200];
        std::snprintf(line, sizeof line, "  %-12s %-5s  %s  %s  %s  ",
                      (r.shape + (r.twisted ? " tw" : "")).c_str(),
                      r.whatIf  ? "open"
                      : r.wraps ? "yes"
                                : "no",
                      r.planned ? formatNumber("%7.3f", r.stepS).c_str() : "      —",
                      r.planned ? formatNumber("%5.1f%%", 100 * r.mfu).c_str() : "    —",
                      r.planned ? formatNumber("%12.4f", r.allToAllS).c_str() : "           —");
        out += line + (r.whatIf ? std::string("(what-if: no wraparound)") : r.mapping) + "\n";
    }
    if (s.wraparoundGain > 0)
        out += "  wraparound on " + s.wraparoundShape + ": the step is " +
               formatNumber("%.1f%%", 100 * (s.wraparoundGain - 1)) + " longer without it\n";
    if (s.twistStepGain > 0) {
        out += "  twist on " + s.twistShape + ": the step is " +
               formatNumber("%.1f%%", 100 * (s.twistStepGain - 1)) + " longer untwisted";
        if (s.twistAllToAllGain > 0)
            out += "; the same layout's all-to-all takes " +
                   formatNumber("%.2fx", s.twistAllToAllGain) + " as long untwisted";
        out += "\n  an all-to-all over the whole slice is " +
               formatNumber("%.2fx", s.twistFabricGain) + " faster twisted (bisection)";
        if (s.twistReferenceGain > 0)
            out += "; measured on TPU v4: " + formatNumber("%.2fx", s.twistReferenceGain) +
                   " (ISCA 2023 section 2.8)";
        out += "\n";
    }
    return out;
}

} // namespace podplanner::model::sizing

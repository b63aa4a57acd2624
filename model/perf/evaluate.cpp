#include "perf/evaluate.h"

#include "core/json_reader.h"
#include "perf/accuracy.h"
#include "project/placement.h"

#include <algorithm>
#include <numeric>
#include <set>

namespace podplanner::model::perf {

Layout layoutOf(const Job& job) {
    Layout l;
    l.sizes = meshSizes(job.parallelism);
    l.microbatches = job.parallelism.microbatches;
    l.sequenceParallel = job.parallelism.sequenceParallel;
    l.virtualStages =
        job.parallelism.ppSchedule == "interleaved" ? job.parallelism.virtualStages : 1;
    l.recompute = parseRecompute(job.training.recompute);
    l.fsdpPerStep = job.parallelism.fsdpGather == "per_step";
    l.zeroStage = std::max(job.parallelism.zeroStage, job.parallelism.shardOptimizer ? 1 : 0);
    l.tpOverlap = job.parallelism.tpOverlap;
    return l;
}

namespace {

JobEvaluation evaluateJob(const Project& project, std::size_t index, const JobPlacement& placement,
                          LinkShares shares) {
    const Job& job = project.jobs[index];
    const std::string at = childPointer(childPointer("/jobs", index), "parallelism");
    const JobFabric fabric = jobFabric(project.cluster, placement, shares);
    const JobContext ctx = makeJobContext(job, project.cluster.chip, fabric, placement.chips());
    JobEvaluation e;
    e.name = job.name;
    e.chips = placement.chips();
    e.shares = shares;
    e.layout = layoutOf(job);
    if (const char* problem = layoutProblem(ctx, e.layout))
        throwInputError(at, "a layout that can run", problem);
    if (!job.parallelism.mapping.empty()) {
        std::string why;
        const auto mapping = explicitMapping(fabric, e.layout.sizes, job.parallelism.mapping, &why);
        if (!mapping)
            throwInputError(childPointer(at, "mapping"), why, "a mapping that does not fit");
        e.layout.mapping = *mapping;
        e.mappingFromProject = true;
        e.step = evaluateLayout(ctx, e.layout);
    } else if (!chooseBestMapping(ctx, e.layout, e.step)) {
        throwInputError(at,
                        "mesh axes that can be laid on the physical axes " +
                            describeMapping(MeshMapping{}, fabric),
                        "no order of dp, fsdp, tp, pp, ep, cp that fits");
    }
    e.mappingText = describeMapping(e.layout.mapping, fabric);
    e.layer = layerBreakdown(ctx, e.layout);
    e.accuracyClass = accuracyClassOf(job, project.cluster.chip, e.layout, placement.slices.size());
    const double trainS = static_cast<double>(job.training.totalTokens) / e.step.tokensPerS;
    e.timeToTrainDays = trainS / 86400.0;
    const double chipHours = static_cast<double>(e.chips) * trainS / 3600.0;
    e.energyKwh = chipHours * project.cluster.chip.drawW() / 1000.0;
    e.costUsd = chipHours * project.cluster.chip.priceUsdPerHour;
    return e;
}

// Bytes per second a job sends through one physical axis ("dcn", "wan") when alone: the
// collectives of the mesh axes that are laid (partly) on it.
double linkDemand(const JobEvaluation& e, const Project& project, const JobPlacement& placement,
                  const char* axisName) {
    const JobFabric fabric = jobFabric(project.cluster, placement);
    const int physical = fabric.indexOf(axisName);
    if (physical < 0)
        return 0;
    const auto uses = meshAxesOn(e.layout.mapping, physical);
    double bytes = 0;
    for (int i = 0; i < e.step.collectiveCount; ++i) {
        const CollectiveRow& row = e.step.collectives[static_cast<std::size_t>(i)];
        if (uses[row.axis])
            bytes += row.bytes;
    }
    return bytes / e.step.stepS;
}

} // namespace

ProjectEvaluation evaluateProject(const Project& project) {
    const auto placements = placeJobs(project);
    const std::size_t n = project.jobs.size();
    ProjectEvaluation out;
    // First every job alone on its links; then jobs that share DCN uplinks (a pod) or the WAN
    // split them in proportion to what each would send alone.
    std::vector<double> dcn(n), wan(n);
    for (std::size_t j = 0; j < n; ++j) {
        out.jobs.push_back(evaluateJob(project, j, placements[j], {}));
        dcn[j] = linkDemand(out.jobs[j], project, placements[j], "dcn");
        wan[j] = linkDemand(out.jobs[j], project, placements[j], "wan");
    }
    auto sharesPod = [&](std::size_t a, std::size_t b) {
        for (const auto& sa : placements[a].slices)
            for (const auto& sb : placements[b].slices)
                if (sa.pod == sb.pod)
                    return true;
        return false;
    };
    // A link is split only when the jobs' average demand exceeds what it carries; then each
    // gets a share in proportion to its demand.
    const ClusterSpec& c = project.cluster;
    const double nic = c.chip.dcnGbitS / 8.0 * 1e9 * c.chip.dcnEfficiency;
    const double podUplink =
        static_cast<double>(c.pod.chips()) * nic / c.network.dcnOversubscription;
    const double wanCapacity = c.network.wanGbitS / 8.0 * 1e9;
    double wanTotal = 0;
    for (double w : wan)
        wanTotal += w;
    for (std::size_t j = 0; j < n; ++j) {
        double dcnTotal = 0;
        for (std::size_t k = 0; k < n; ++k)
            if (sharesPod(j, k))
                dcnTotal += dcn[k];
        LinkShares shares;
        if (dcn[j] > 0 && dcnTotal > podUplink && dcnTotal > dcn[j])
            shares.dcn = dcn[j] / dcnTotal;
        if (wan[j] > 0 && wanTotal > wanCapacity && wanTotal > wan[j])
            shares.wan = wan[j] / wanTotal;
        if (shares.dcn < 1.0 || shares.wan < 1.0)
            out.jobs[j] = evaluateJob(project, j, placements[j], shares);
    }
    return out;
}

} // namespace podplanner::model::perf

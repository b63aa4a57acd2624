#include "reliability/job_goodput.h"

#include "cluster/floor_layout.h"
#include "project/placement.h"

namespace podplanner::model::reliability {

namespace {

// Share of the step that is exposed communication of mesh axes laid (partly) on the DCN.
double dcnExposedShare(const Project& project, const JobPlacement& placement,
                       const perf::JobEvaluation& job) {
    const perf::JobFabric fabric = perf::jobFabric(project.cluster, placement);
    const int dcn = fabric.indexOf("dcn");
    if (dcn < 0 || job.step.stepS <= 0)
        return 0;
    const auto onDcn = perf::meshAxesOn(job.layout.mapping, dcn);
    double exposed = 0;
    for (int i = 0; i < job.step.collectiveCount; ++i) {
        const auto& row = job.step.collectives[static_cast<std::size_t>(i)];
        if (onDcn[row.axis])
            exposed += row.exposedSeconds;
    }
    return exposed / job.step.stepS;
}

} // namespace

std::vector<JobReliability> evaluateReliability(const Project& project,
                                                const perf::ProjectEvaluation& performance) {
    const auto placements = placeJobs(project);
    const FloorLayout floor = buildFloorLayout(project.cluster);
    const std::vector<int> spares = spareUnits(project.cluster, project.jobs, placements);
    std::vector<JobReliability> out;
    for (std::size_t j = 0; j < project.jobs.size(); ++j) {
        JobReliability r;
        const Job& job = project.jobs[j];
        r.exposure = jobExposure(project.cluster, floor, placements[j], job.reliability);
        r.exposure.spares = spares[j];
        const perf::JobEvaluation& perfJob = performance.jobs[j];
        // A checkpoint holds the working weights and the optimizer state (master and moments).
        const perf::JobContext ctx = perf::makeJobContext(
            job, project.cluster.chip, perf::jobFabric(project.cluster, placements[j]), 1);
        const double checkpointBytes =
            ctx.counts.totalParams *
            (ctx.framework.weightBytes + ctx.framework.masterBytes + ctx.framework.momentBytes);
        r.inputs = {perfJob.step.stepS, perfJob.step.tokensPerS, perfJob.timeToTrainDays,
                    dcnExposedShare(project, placements[j], perfJob), checkpointBytes};
        if (r.exposure.spines > 1)
            r.exposure.bandwidthOnlyLossH = project.cluster.failures.repairH(FailureKind::Switch) *
                                            r.inputs.dcnExposedShare / (r.exposure.spines - 1);
        r.goodput = closedFormGoodput(r.exposure, job.reliability, r.inputs);
        out.push_back(r);
    }
    return out;
}

} // namespace podplanner::model::reliability

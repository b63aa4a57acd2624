#include "reliability/job_goodput.h"

#include "cluster/floor_layout.h"
#include "project/placement.h"

namespace podplanner::model::reliability {

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
        r.inputs = {perfJob.step.stepS, perfJob.step.tokensPerS, perfJob.timeToTrainDays};
        r.goodput = closedFormGoodput(r.exposure, job.reliability, r.inputs);
        out.push_back(r);
    }
    return out;
}

} // namespace podplanner::model::reliability

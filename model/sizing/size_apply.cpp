#include "sizing/size_apply.h"

#include "project/placement.h"
#include "sizing/job_outlook.h"

namespace podplanner::model::sizing {

void applyPoint(Project& project, std::size_t job, const Candidate& candidate,
                const SizePoint& point) {
    if (project.clusterSource != candidate.clusterSource) {
        project.cluster = candidate.cluster;
        project.clusterSource = candidate.clusterSource;
    }
    Job& j = project.jobs.at(job);
    j.placement = point.option.placement;
    writeLayout(j, point.layout);
    j.reliability.hotSpareCubes = point.spares;
    j.reliability.spareCubes.clear();
    j.reliability.checkpoint.inMemory = point.checkpoint.inMemory;
    j.reliability.checkpoint.intervalMin = point.checkpoint.intervalMin;
    j.reliability.elastic = point.elastic;
    placeJobs(project); // throws when the jobs no longer fit
}

} // namespace podplanner::model::sizing

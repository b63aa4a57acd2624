#include "sizing/job_outlook.h"

#include "perf/evaluate.h"
#include "project/parallelism_edit.h"

namespace podplanner::model::sizing {

void writeLayout(Job& job, const perf::Layout& layout) {
    ParallelismSpec& p = job.parallelism;
    static constexpr const char* kAxes[] = {"dp", "fsdp", "tp", "pp", "ep", "cp"};
    for (std::size_t a = 0; a < perf::kMeshAxes; ++a)
        setAxisExactly(p, kAxes[a], layout.sizes[a]);
    p.microbatches = layout.microbatches;
    p.virtualStages = layout.virtualStages;
    p.ppSchedule = layout.virtualStages > 1 ? "interleaved" : "1f1b";
    p.sequenceParallel = layout.sequenceParallel;
    p.fsdpGather = layout.fsdpPerStep ? "per_step" : "per_pass";
    p.zeroStage = layout.zeroStage;
    p.shardOptimizer = layout.zeroStage >= 1;
    p.tpOverlap = layout.tpOverlap;
    p.mapping.clear();
    if (layout.recompute != perf::Recompute::Custom)
        job.training.recompute = perf::recomputeName(layout.recompute);
}

std::optional<JobOutlook> outlookOf(const Project& project, std::size_t job, std::string* why) {
    try {
        const auto performance = perf::evaluateProject(project);
        const auto reliability = reliability::evaluateReliability(project, performance);
        return JobOutlook{performance.jobs.at(job), reliability.at(job)};
    } catch (const std::exception& e) {
        if (why)
            *why = e.what();
        return std::nullopt;
    }
}

} // namespace podplanner::model::sizing

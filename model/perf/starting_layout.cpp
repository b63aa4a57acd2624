#include "perf/starting_layout.h"

#include "perf/evaluate.h"

#include <algorithm>
#include <exception>
#include <string>
#include <vector>

namespace podplanner::model::perf {

namespace {

// Whether the job, alone on the cluster, can run and fits in HBM (memory does not depend on
// which cubes or nodes it gets, nor on the other jobs).
bool fitsAlone(const Project& project, const Job& job) {
    Project alone = project;
    alone.jobs = {job};
    try {
        return evaluateProject(alone).jobs.front().step.fits;
    } catch (const std::exception&) {
        return false; // this candidate cannot run: try the next
    }
}

} // namespace

bool fitStartingLayout(Project& project, std::size_t job) {
    Job candidate = project.jobs.at(job);
    const auto& p = candidate.parallelism;
    const std::int64_t seqLen = std::max(1, candidate.model.seqLen);
    const std::int64_t replicas = std::int64_t{p.dp} * p.fsdp * p.ep;
    const std::int64_t perReplica =
        replicas > 0 ? candidate.training.globalBatchTokens / seqLen / replicas : 0;
    std::vector<std::string> policies = {candidate.training.recompute};
    for (const char* policy : {"selective", "full"})
        if (policies.front() != policy)
            policies.push_back(policy);
    for (const auto& policy : policies) {
        candidate.training.recompute = policy;
        // Every whole split of a replica's sequences, fewest microbatches first (each costs a
        // pass over the weights and, with FSDP, their gathers).
        for (std::int64_t m = 1; m <= perReplica; ++m) {
            if (perReplica % m != 0)
                continue;
            candidate.parallelism.microbatches = static_cast<int>(m);
            if (fitsAlone(project, candidate)) {
                project.jobs[job] = candidate;
                return true;
            }
        }
    }
    return false;
}

} // namespace podplanner::model::perf

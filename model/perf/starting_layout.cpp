#include "perf/starting_layout.h"

#include "perf/evaluate.h"

#include <algorithm>
#include <exception>
#include <string>
#include <vector>

namespace podplanner::model::perf {

bool fitStartingLayout(const Project& project, Job& job) {
    Project alone = project; // the cluster, with this job its only one
    alone.jobs = {job};
    Job& candidate = alone.jobs.front();
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
            try {
                if (evaluateProject(alone).jobs.front().step.fits) {
                    job = candidate;
                    return true;
                }
            } catch (const std::exception&) {
                // this candidate cannot run: try the next
            }
        }
    }
    return false;
}

} // namespace podplanner::model::perf

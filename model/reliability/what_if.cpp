#include "reliability/what_if.h"

#include "project/placement.h"

#include <algorithm>
#include <map>
#include <set>

namespace podplanner::model::reliability {

const char* jobStateName(JobState state) {
    switch (state) {
    case JobState::Running:
        return "running";
    case JobState::RecoveringOnSpare:
        return "recovering on a spare";
    case JobState::Degraded:
        return "degraded";
    case JobState::WaitingForRepair:
        return "waiting for repair";
    }
    return "";
}

namespace {

// Free, healthy units of a pod that can replace a broken one of `job` (cubes through the OCS;
// GPU nodes through the scheduler): its own hot spares and the free cubes no other job holds
// as a spare. A spare in a failed power row or cut off from the OCS does not count. TPU 2D pods
// cannot swap.
int freeHealthyUnits(const Project& project, const Topology& topology,
                     const std::vector<JobPlacement>& placements, int pod, std::size_t job) {
    const PodSpec& spec = project.cluster.pod;
    if (spec.kind == PodKind::Tpu2d)
        return 0;
    std::vector<int> inUse;
    for (std::size_t j = 0; j < placements.size(); ++j) {
        const auto& p = placements[j];
        for (const auto& s : p.slices)
            if (s.pod == pod)
                inUse.insert(inUse.end(), s.cubes.begin(), s.cubes.end());
        if (j != job && !p.slices.empty() && p.slices.front().pod == pod)
            inUse.insert(inUse.end(), p.spareCubes.begin(), p.spareCubes.end());
    }
    if (spec.kind == PodKind::Tpu3d) {
        int free = 0;
        while (const auto spare = topology.findSpareCube(pod, inUse)) {
            inUse.push_back(*spare);
            ++free;
        }
        return free;
    }
    std::vector<char> used(static_cast<std::size_t>(spec.nodes), 0);
    for (const auto& p : placements)
        for (const auto& s : p.slices)
            if (s.pod == pod)
                for (int n : s.nodes)
                    used[static_cast<std::size_t>(n)] = 1;
    int free = 0;
    for (int n = 0; n < spec.nodes; ++n) {
        if (used[static_cast<std::size_t>(n)])
            continue;
        bool healthy = true;
        for (int g = 0; g < spec.jobGpusPerNode() && healthy; ++g)
            healthy = topology.isChipAlive(topology.chipInNode(pod, n, g));
        free += healthy ? 1 : 0;
    }
    return free;
}

// A spare host (compute tray) of a node is healthy when its GPUs and all their links are.
bool spareTrayHealthy(const PodSpec& spec, const Topology& topology, int pod, int node, int host) {
    for (int g = host * spec.chipsPerHost; g < (host + 1) * spec.chipsPerHost; ++g) {
        const std::int64_t chip = topology.chipInNode(pod, node, g);
        if (!topology.isChipAlive(chip))
            return false;
        for (const auto link : topology.linksOf(chip))
            if (!topology.isLinkAlive(link))
                return false;
    }
    return true;
}

// Nodes that keep spare hosts (an NVL72 rack's two spare trays) swap a broken tray onto one of
// their own: the slice heals without a spare node when every node has at least as many healthy
// spare trays as broken trays of the job. A failed switch, rack or leaf breaks every tray of
// the node, more than it has spares.
int spareTraysFor(const PodSpec& spec, const Topology& topology, const PlacedSlice& slice,
                  const SliceHealth& health) {
    if (spec.spareHostsPerNode <= 0 || health.brokenChips.empty())
        return 0;
    std::map<int, std::set<int>> brokenTrays; // node -> the job's trays there with a broken GPU
    for (const auto chip : health.brokenChips) {
        const ChipLocation at = topology.locate(chip);
        brokenTrays[at.node].insert(at.coord[0] / spec.chipsPerHost);
    }
    int trays = 0;
    for (const auto& [node, broken] : brokenTrays) {
        int healthy = 0;
        for (int h = spec.jobHostsPerNode(); h < spec.hostsPerNode(); ++h)
            healthy += spareTrayHealthy(spec, topology, slice.pod, node, h) ? 1 : 0;
        if (static_cast<int>(broken.size()) > healthy)
            return 0;
        trays += static_cast<int>(broken.size());
    }
    return trays;
}

} // namespace

WhatIfResult whatIf(const Project& project, std::size_t job, const Topology& topology,
                    const std::vector<JobReliability>& reliability) {
    const auto placements = placeJobs(project);
    const JobPlacement& placement = placements.at(job);
    const Job& spec = project.jobs.at(job);
    WhatIfResult r;
    std::vector<int> brokenPods;
    for (const auto& slice : placement.slices) {
        const SliceHealth health = topology.sliceHealth(slice);
        if (health.intact)
            continue;
        ++r.brokenSlices;
        for (const auto& reason : health.problems)
            if (r.reasons.size() < 8)
                r.reasons.push_back(reason);
        const int trays = spareTraysFor(project.cluster.pod, topology, slice, health);
        if (trays > 0)
            r.spareHostsUsed += trays;
        else
            brokenPods.push_back(slice.pod);
    }
    const JobReliability& healthy = reliability.at(job);
    JobExposure exposure = healthy.exposure;
    if (r.brokenSlices == 0) {
        r.goodputExpected = healthy.goodput.expected;
        r.goodputWindow = r.goodputExpected;
        return r;
    }
    const RecoveryModel m = recoveryModel(exposure, spec.reliability, healthy.inputs);
    for (const auto& k : exposure.kinds)
        if ((k.spareable || k.hostSpareable) && k.count > 0)
            r.windowH = std::max(r.windowH, k.repairH);
    // Expected progress lost now: half a checkpoint interval of work since the last one.
    const double lostNowH = m.intervalH / 2;
    auto overWindow = [&](double goodput, double downNowH) {
        return r.windowH > 0 ? goodput * std::max(0.0, 1.0 - (downNowH + lostNowH) / r.windowH)
                             : goodput;
    };
    std::vector<std::string> actions;
    // Each broken slice needs a spare unit in its pod (one per broken cube or node, at least one).
    bool sparesSuffice = true;
    for (int pod : brokenPods) {
        if (freeHealthyUnits(project, topology, placements, pod, job) < 1 ||
            exposure.spares - r.sparesUsed < 1)
            sparesSuffice = false;
        else
            ++r.sparesUsed;
    }
    if (sparesSuffice) {
        r.state = JobState::RecoveringOnSpare;
        r.throughputNow = 0; // down for the swap and restart, then back to full speed
        exposure.spares = std::max(0, exposure.spares - r.sparesUsed);
        r.goodputExpected = closedFormGoodput(exposure, spec.reliability, healthy.inputs).expected;
        if (r.spareHostsUsed > 0)
            actions.push_back("a spare host of the same node takes each broken one's place, "
                              "and the job restarts");
        if (r.sparesUsed > 0)
            actions.push_back(project.cluster.pod.kind == PodKind::GpuFatTree
                                  ? "a spare node takes the broken one's place, and the job "
                                    "restarts"
                                  : "a spare replaces the broken part after an OCS swap and a "
                                    "restart");
        r.goodputWindow = overWindow(r.goodputExpected, m.swapH + m.restartH);
    } else if (spec.reliability.elastic &&
               r.brokenSlices < static_cast<int>(placement.slices.size())) {
        r.state = JobState::Degraded;
        const double slices = static_cast<double>(placement.slices.size());
        r.throughputNow = (slices - r.brokenSlices) / slices;
        r.goodputExpected = healthy.goodput.expected * r.throughputNow;
        actions.push_back("continuing on the healthy data-parallel replicas until the repair");
        r.goodputWindow = overWindow(r.goodputExpected, 2 * m.restartH);
    } else {
        r.state = JobState::WaitingForRepair;
        r.throughputNow = 0;
        r.goodputExpected = 0;
        actions.push_back("no spare and no elastic continuation: the job waits for the repair");
    }
    // What happens first, then what broke (the dashboard shows the first lines).
    r.reasons.insert(r.reasons.begin(), actions.begin(), actions.end());
    r.sparesUsed = sparesSuffice ? r.sparesUsed : 0;
    r.spareHostsUsed = sparesSuffice ? r.spareHostsUsed : 0;
    return r;
}

} // namespace podplanner::model::reliability

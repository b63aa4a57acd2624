#include "analysis/project_analysis.h"

#include "core/input_error.h"

#include <chrono>

namespace podplanner::model {

namespace {

std::vector<int> ownersOf(const Topology& topology, const std::vector<JobPlacement>& placements) {
    std::vector<int> owner(static_cast<std::size_t>(topology.chipCount()), -1);
    for (std::size_t j = 0; j < placements.size(); ++j)
        for (const auto& slice : placements[j].slices)
            for (auto chip : topology.chipsOf(slice))
                owner[static_cast<std::size_t>(chip)] = static_cast<int>(j);
    return owner;
}

void runEngines(const Project& project, bool anyFailed, ProjectAnalysis& a) {
    a.placements = placeJobs(project);
    a.chipOwner = ownersOf(*a.topology, a.placements);
    a.performance = perf::evaluateProject(project);
    a.reliability = reliability::evaluateReliability(project, a.performance);
    for (std::size_t j = 0; j < project.jobs.size(); ++j) {
        if (anyFailed) {
            a.whatIf.push_back(reliability::whatIf(project, j, *a.topology, a.reliability));
        } else {
            reliability::WhatIfResult healthy;
            healthy.goodputExpected = a.reliability[j].goodput.expected;
            healthy.goodputWindow = healthy.goodputExpected;
            a.whatIf.push_back(healthy);
        }
    }
}

} // namespace

ProjectAnalysis analyzeProject(const Project& project, const std::vector<Component>& failures) {
    const auto start = std::chrono::steady_clock::now();
    ProjectAnalysis a;
    auto topology = std::make_shared<Topology>(project.cluster);
    for (const auto& component : failures)
        topology->setFailed(component, true);
    a.topology = topology;
    try {
        runEngines(project, !failures.empty(), a);
    } catch (const InputError& e) {
        a.error = e.what();
        a.errorPointer = e.info().location;
    } catch (const std::exception& e) {
        a.error = e.what();
    }
    a.elapsedS = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return a;
}

} // namespace podplanner::model

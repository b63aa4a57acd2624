// Candidate clusters for sizing (size_search.h): presets, project files, a project's own
// cluster with what its other jobs hold.
#include "sizing/size_search.h"

#include "core/json_reader.h"
#include "core/nearest_word.h"
#include "presets/presets.h"
#include "project/placement.h"
#include "project/project_io.h"

#include <filesystem>

namespace podplanner::model::sizing {

Candidate candidateOf(std::string label, const ClusterSpec& cluster, std::string clusterSource) {
    Candidate c;
    c.label = std::move(label);
    c.cluster = cluster;
    c.clusterSource = std::move(clusterSource);
    c.priceUsdPerChipHour = cluster.chip.priceUsdPerHour;
    c.powerW = cluster.chip.drawW();
    const auto source = [&](const char* field) {
        const auto it = cluster.chip.source.find(field);
        return it == cluster.chip.source.end() ? std::string() : it->second;
    };
    c.priceSource = source("price_usd_per_hour");
    c.powerSource = source("power_w");
    return c;
}

Candidate projectCandidate(const Project& project, std::size_t job, std::string label) {
    Candidate c = candidateOf(std::move(label), project.cluster, project.clusterSource);
    const auto placements = placeJobs(project);
    const int first =
        project.jobs.at(job).placement.pods.empty() ? 0 : project.jobs[job].placement.pods.front();
    for (std::size_t j = 0; j < project.jobs.size(); ++j) {
        if (j == job)
            continue;
        for (const auto& slice : placements[j].slices)
            if (slice.pod == first)
                c.unitsTaken += static_cast<int>(project.cluster.pod.kind == PodKind::GpuFatTree
                                                     ? slice.nodes.size()
                                                     : slice.cubes.size());
        c.unitsTaken += static_cast<int>(placements[j].spareCubes.size());
    }
    return c;
}

Candidate resolveCandidate(const std::string& presetOrFile, const LoadLimits& limits) {
    for (const auto& preset : builtinClusters())
        if (preset.id == presetOrFile)
            return candidateOf(preset.id, builtinCluster(preset.id),
                               Json{{"preset", preset.id}}.dump());
    std::error_code ec;
    if (!std::filesystem::exists(presetOrFile, ec)) {
        std::vector<std::string> ids;
        for (const auto& preset : builtinClusters())
            ids.push_back(preset.id);
        std::string known;
        for (const auto& id : ids)
            known += (known.empty() ? "" : ", ") + id;
        const auto near = nearestWord(presetOrFile, ids);
        throwInputError("--cluster", "a built-in cluster (" + known + ") or a project file",
                        "\"" + presetOrFile + "\"",
                        near ? "did you mean \"" + *near + "\"?" : std::string());
    }
    const Project project = loadProjectFile(presetOrFile, limits);
    return candidateOf(std::filesystem::path(presetOrFile).filename().string(), project.cluster,
                       project.clusterSource);
}

} // namespace podplanner::model::sizing

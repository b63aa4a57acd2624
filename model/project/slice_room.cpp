#include "project/slice_room.h"

#include "project/placement.h"
#include "topology/slice_shape.h"

#include <map>

namespace podplanner::model {

namespace {

// What one placed slice holds of its pod, in the pod's unit (cubes, nodes or chips).
std::int64_t held(const PodSpec& pod, const PlacedSlice& s) {
    switch (pod.kind) {
    case PodKind::Tpu3d:
        return static_cast<std::int64_t>(s.cubes.size());
    case PodKind::GpuFatTree:
        return static_cast<std::int64_t>(s.nodes.size());
    case PodKind::Tpu2d:
        return s.chips;
    }
    return 0;
}

std::int64_t podSize(const PodSpec& pod) {
    switch (pod.kind) {
    case PodKind::Tpu3d:
        return pod.cubes;
    case PodKind::GpuFatTree:
        return pod.nodes;
    case PodKind::Tpu2d:
        return static_cast<std::int64_t>(pod.shape2d[0]) * pod.shape2d[1];
    }
    return 0;
}

// What the job needs of each pod at the new size; -1 when the size itself is malformed.
std::int64_t needed(const Project& project, const Job& job, const std::string& shapeOrNodes) {
    const PodSpec& pod = project.cluster.pod;
    if (pod.kind == PodKind::GpuFatTree) {
        try {
            return std::stoll(shapeOrNodes);
        } catch (const std::exception&) {
            return -1;
        }
    }
    const auto shape = parseTopology(shapeOrNodes);
    if (!shape)
        return -1;
    const auto geometry = formSlice(pod, project.cluster.chip, *shape, job.placement.twisted);
    if (!geometry)
        return -1;
    return pod.kind == PodKind::Tpu3d ? geometry->cubes : geometry->chips();
}

} // namespace

std::string sliceShortfall(const Project& project, int job, const std::string& shapeOrNodes) {
    if (job < 0 || job >= static_cast<int>(project.jobs.size()))
        return {};
    const Job& resized = project.jobs[static_cast<std::size_t>(job)];
    const std::int64_t need = needed(project, resized, shapeOrNodes);
    if (need < 0)
        return {};
    Project others = project;
    others.jobs.erase(others.jobs.begin() + job);
    std::vector<JobPlacement> placed;
    try {
        placed = placeJobs(others);
    } catch (const std::exception&) {
        return {}; // the other jobs do not place on their own: the placement says why
    }
    const PodSpec& spec = project.cluster.pod;
    const char* unit = spec.kind == PodKind::Tpu3d        ? "cubes"
                       : spec.kind == PodKind::GpuFatTree ? "nodes"
                                                          : "chips";
    for (const int pod : resized.placement.pods) {
        std::map<std::string, std::int64_t> holders;
        std::int64_t used = 0;
        for (std::size_t j = 0; j < placed.size(); ++j) {
            std::int64_t n = 0;
            for (const PlacedSlice& s : placed[j].slices)
                if (s.pod == pod)
                    n += held(spec, s);
            if (!placed[j].slices.empty() && placed[j].slices.front().pod == pod)
                n += static_cast<std::int64_t>(placed[j].spareCubes.size());
            if (n > 0)
                holders[others.jobs[j].name] += n;
            used += n;
        }
        const std::int64_t free = podSize(spec) - used;
        if (need <= free)
            continue;
        // Appended piece by piece: GCC 12 at -O3 warns falsely (-Wrestrict) on "a" + string.
        std::string text = shapeOrNodes;
        text.append(spec.kind == PodKind::GpuFatTree ? " nodes need " : " needs ");
        text.append(std::to_string(need)).append(" ").append(unit).append("; ");
        text.append(std::to_string(free)).append(free == 1 ? " is" : " are");
        text.append(" free in pod ").append(std::to_string(pod));
        if (!holders.empty()) {
            const char* separator = " (";
            for (const auto& [name, n] : holders) {
                text.append(separator).append(name).append(" holds ").append(std::to_string(n));
                separator = ", ";
            }
            text.append(")");
        }
        return text;
    }
    return {};
}

} // namespace podplanner::model

#include "project/placement.h"

#include "core/json_reader.h"

namespace podplanner::model {

namespace {

constexpr int kFree = -1;
// A cube held as a hot spare of job j is marked kSpareOf - j.
constexpr int kSpareOf = -2;

// Free/used state of one pod's placeable units (cubes, nodes or chips).
struct PodUsage {
    std::vector<int> owner; // job index, kFree, or kSpareOf - job for a job's hot spare

    int freeCount() const {
        int n = 0;
        for (int o : owner)
            n += o == kFree ? 1 : 0;
        return n;
    }
    std::vector<int> takeLowestFree(int count, int job) {
        std::vector<int> taken;
        for (std::size_t i = 0; i < owner.size() && static_cast<int>(taken.size()) < count; ++i)
            if (owner[i] == kFree) {
                owner[i] = job;
                taken.push_back(static_cast<int>(i));
            }
        return taken;
    }
};

class Placer {
  public:
    explicit Placer(const Project& project) : project_(project) {
        const PodSpec& pod = project.cluster.pod;
        int units = 0;
        switch (pod.kind) {
        case PodKind::Tpu3d:
            units = pod.cubes;
            break;
        case PodKind::GpuFatTree:
            units = pod.nodes;
            break;
        case PodKind::Tpu2d:
            units = static_cast<int>(pod.chips());
            break;
        }
        usage_.assign(static_cast<std::size_t>(project.cluster.podCount()),
                      PodUsage{std::vector<int>(static_cast<std::size_t>(units), kFree)});
        for (std::size_t j = 0; j < project.jobs.size(); ++j)
            reserveSpares(j);
    }

    JobPlacement place(std::size_t jobIndex) {
        const Job& job = project_.jobs[jobIndex];
        const std::string at = childPointer(childPointer("/jobs", jobIndex), "placement");
        const PlacementSpec& spec = job.placement;
        if (spec.cubes && spec.pods.size() != 1)
            throwInputError(childPointer(at, "cubes"), "\"auto\" when a job spans several pods",
                            "an explicit cube list");
        JobPlacement placement;
        for (std::size_t i = 0; i < spec.pods.size(); ++i) {
            const int pod = spec.pods[i];
            const std::string podAt = spec.pods.size() == 1
                                          ? childPointer(at, "pod")
                                          : childPointer(childPointer(at, "pods"), i);
            if (pod < 0 || pod >= static_cast<int>(usage_.size()))
                throwInputError(podAt, "a pod index from 0 to " + std::to_string(usage_.size() - 1),
                                std::to_string(pod));
            for (std::size_t k = 0; k < i; ++k)
                if (spec.pods[k] == pod)
                    throwInputError(podAt, "each pod listed once",
                                    "pod " + std::to_string(pod) + " twice");
            placement.slices.push_back(placeSlice(static_cast<int>(jobIndex), pod, at));
        }
        placement.spareCubes = job.reliability.spareCubes;
        return placement;
    }

  private:
    // A job's own hot spares are held before any job is placed, so that no slice takes them.
    void reserveSpares(std::size_t job) {
        const Job& spec = project_.jobs[job];
        if (spec.reliability.spareCubes.empty())
            return;
        const std::string at =
            childPointer(childPointer(childPointer("/jobs", job), "reliability"), "spare_cubes");
        const PodSpec& pod = project_.cluster.pod;
        if (pod.kind != PodKind::Tpu3d)
            throwInputError(at, "no spare_cubes outside tpu-3d pods (use hot_spare_cubes)",
                            "a list of spare cubes");
        const int first = spec.placement.pods.empty() ? 0 : spec.placement.pods.front();
        if (first < 0 || first >= static_cast<int>(usage_.size()))
            return; // the placement reports the bad pod
        PodUsage& usage = usage_[static_cast<std::size_t>(first)];
        const auto& cubes = spec.reliability.spareCubes;
        for (std::size_t k = 0; k < cubes.size(); ++k) {
            const std::string cubeAt = childPointer(at, k);
            const int cube = cubes[k];
            if (cube < 0 || cube >= pod.cubes)
                throwInputError(cubeAt, "a cube index from 0 to " + std::to_string(pod.cubes - 1),
                                std::to_string(cube));
            const int owner = usage.owner[static_cast<std::size_t>(cube)];
            if (owner != kFree)
                throwInputError(cubeAt, "a cube no job holds as a spare already",
                                "cube " + std::to_string(cube) + ", a spare of " +
                                    (kSpareOf - owner == static_cast<int>(job)
                                         ? std::string("this job")
                                         : ownerText(kSpareOf - owner)));
            usage.owner[static_cast<std::size_t>(cube)] = kSpareOf - static_cast<int>(job);
        }
    }

    std::string ownerText(int job) const {
        return "job " + std::to_string(job) + " \"" +
               project_.jobs[static_cast<std::size_t>(job)].name + "\"";
    }

    PlacedSlice placeSlice(int job, int pod, const std::string& at) {
        const PodSpec& spec = project_.cluster.pod;
        const PlacementSpec& placement = project_.jobs[static_cast<std::size_t>(job)].placement;
        PodUsage& usage = usage_[static_cast<std::size_t>(pod)];
        PlacedSlice slice;
        slice.pod = pod;
        if (spec.kind == PodKind::GpuFatTree) {
            if (placement.nodes <= 0)
                throwInputError(at, "\"nodes\": the number of GPU nodes per pod", "no node count");
            if (placement.nodes > usage.freeCount())
                throwInputError(childPointer(at, "nodes"),
                                "at most the " + std::to_string(usage.freeCount()) +
                                    " free nodes of pod " + std::to_string(pod),
                                std::to_string(placement.nodes));
            slice.nodes = usage.takeLowestFree(placement.nodes, job);
            slice.chips = static_cast<std::int64_t>(placement.nodes) * spec.jobGpusPerNode();
            return slice;
        }
        const std::string shapeAt = childPointer(at, "shape");
        std::string why;
        const auto shape = parseTopology(placement.shape, &why);
        if (!shape)
            throwInputError(shapeAt, why, describeJson(Json(placement.shape)));
        slice.geometry = formSlice(spec, project_.cluster.chip, *shape, placement.twisted, &why);
        if (!slice.geometry)
            throwInputError(shapeAt, why, describeJson(Json(placement.shape)));
        slice.chips = slice.geometry->chips();
        if (spec.kind == PodKind::Tpu2d) {
            if (slice.chips > usage.freeCount())
                throwInputError(shapeAt,
                                "a slice within the " + std::to_string(usage.freeCount()) +
                                    " free chips of pod " + std::to_string(pod),
                                placement.shape + " (" + std::to_string(slice.chips) + " chips)");
            const auto chips = usage.takeLowestFree(static_cast<int>(slice.chips), job);
            slice.firstChip = chips.front();
            return slice;
        }
        const int needed = slice.geometry->cubes;
        if (placement.cubes) {
            const auto& cubes = *placement.cubes;
            const std::string cubesAt = childPointer(at, "cubes");
            if (static_cast<int>(cubes.size()) != needed)
                throwInputError(
                    cubesAt, std::to_string(needed) + " cubes for a " + placement.shape + " slice",
                    std::to_string(cubes.size()) + " cubes");
            for (std::size_t k = 0; k < cubes.size(); ++k) {
                const int cube = cubes[k];
                const std::string cubeAt = childPointer(cubesAt, k);
                if (cube < 0 || cube >= spec.cubes)
                    throwInputError(cubeAt,
                                    "a cube index from 0 to " + std::to_string(spec.cubes - 1),
                                    std::to_string(cube));
                const int owner = usage.owner[static_cast<std::size_t>(cube)];
                if (owner <= kSpareOf)
                    throwInputError(cubeAt, "a cube that is not a hot spare",
                                    "cube " + std::to_string(cube) + ", a spare of " +
                                        ownerText(kSpareOf - owner));
                if (owner >= 0)
                    throwInputError(
                        cubeAt, "a cube that no other job uses",
                        "cube " + std::to_string(cube) + ", already used by " +
                            (owner == job ? std::string("this job") : ownerText(owner)));
                usage.owner[static_cast<std::size_t>(cube)] = job;
            }
            slice.cubes = cubes;
        } else {
            if (needed > usage.freeCount())
                throwInputError(shapeAt,
                                "a slice that fits in the " + std::to_string(usage.freeCount()) +
                                    " free cubes of pod " + std::to_string(pod),
                                placement.shape + " (" + std::to_string(needed) + " cubes)",
                                "other jobs hold the rest; jobs are placed in file order");
            slice.cubes = usage.takeLowestFree(needed, job);
        }
        return slice;
    }

    const Project& project_;
    std::vector<PodUsage> usage_;
};

} // namespace

std::int64_t JobPlacement::chips() const {
    std::int64_t n = 0;
    for (const auto& s : slices)
        n += s.chips;
    return n;
}

std::vector<JobPlacement> placeJobs(const Project& project) {
    Placer placer(project);
    std::vector<JobPlacement> out;
    out.reserve(project.jobs.size());
    for (std::size_t j = 0; j < project.jobs.size(); ++j)
        out.push_back(placer.place(j));
    return out;
}

} // namespace podplanner::model

#pragma once
// Where each job's slices sit: which pod, which cubes (TPU 3D), which nodes (GPU), which chip
// range (TPU 2D). Jobs are placed in file order; "auto" takes the lowest free cubes or nodes.
#include "project/project.h"
#include "topology/slice_shape.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace podplanner::model {

struct PlacedSlice {
    int pod = 0;
    std::vector<int> cubes;     // Tpu3d: cube indices within the pod
    std::vector<int> nodes;     // GpuFatTree: node indices within the pod
    std::int64_t firstChip = 0; // Tpu2d: first chip index within the pod (chips are contiguous)
    std::int64_t chips = 0;
    std::optional<SliceGeometry> geometry; // TPU slices
};

struct JobPlacement {
    std::vector<PlacedSlice> slices;
    std::vector<int> spareCubes; // the job's own hot spares, cubes of its first pod (tpu-3d)

    std::int64_t chips() const;
};

// Throws InputError with a pointer into /jobs/N/placement when a slice cannot be formed, does
// not fit in the free part of its pod, or overlaps another job.
std::vector<JobPlacement> placeJobs(const Project& project);

} // namespace podplanner::model

#pragma once
// How full each pod is: the cubes (TPU 3D) or nodes (GPU) that jobs hold, that jobs keep as hot
// spares, that have failed, and the free ones by power row, with the largest slice the free
// cubes still form. With optical circuit switches any free cubes join into one slice, so the
// fragmentation that matters is over power rows: a slice spread over many rows is stopped by a
// fault in any of them (docs/sizing.md, "Occupancy").
#include "project/placement.h"
#include "project/project.h"

#include <string>
#include <utility>
#include <vector>

namespace podplanner::model {
class Topology;
}

namespace podplanner::model::sizing {

struct PodOccupancy {
    int pod = 0;
    std::string unit; // "cubes", "nodes" or "chips" (TPU 2D)
    int total = 0, used = 0, spares = 0, failed = 0, free = 0;
    std::vector<std::pair<int, int>> freeByPowerRow; // (power row, free units), TPU 3D
    // The largest slice the free units still form; on TPU 3D pods the largest count of free
    // cubes whose most nearly cubic shape has no side over four times another.
    int largestSliceUnits = 0;
    std::string largestSlice; // its shape ("8x8x12"), "16 nodes", or "none"
    int largestInOneRow = 0;  // free units of the power row with the most
};

// `placements` as placeJobs gives them; `topology` (failures applied) marks a unit with a dead
// chip as failed; null: none failed. A failed unit a job holds counts as used.
std::vector<PodOccupancy> podOccupancy(const Project& project,
                                       const std::vector<JobPlacement>& placements,
                                       const Topology* topology);

} // namespace podplanner::model::sizing

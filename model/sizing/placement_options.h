#pragma once
// The placements a job could have on a cluster (docs/sizing.md, "The space"): slice shapes a TPU
// pod can form (whole cubes with wraparound, twisted where the chip allows it, the sub-cube
// shapes), node counts of a GPU pod, one slice or several over the DCN. Placements carry
// "auto" cubes and nodes, so they are placed on the lowest free units of their pods.
#include "cluster/cluster_spec.h"
#include "project/job.h"

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace podplanner::model::sizing {

struct PlacementOption {
    PlacementSpec placement;
    std::int64_t chips = 0;
    int slices = 1;
    int unitsPerSlice = 0; // cubes (tpu-3d), nodes (gpu), chips (tpu-2d)
    int freeUnits = 0;     // units of the first pod the slice leaves: room for hot spares
    bool twisted = false;
    bool subCube = false;
    std::string text; // "8x16x16 (32 cubes)", "2 slices of 16x16x24 over DCN", "96 nodes"
};

struct OptionLimits {
    std::int64_t minChips = 1;
    std::int64_t maxChips = std::numeric_limits<std::int64_t>::max();
    int maxSlices = 0; // 0: as many as the cluster has pods
    // Every shape of every size; else one shape per size on a ladder of sizes (a first pass).
    bool everyShape = true;
};

// The most nearly cubic whole-cube shape of `cubes` cubes ("8x8x12" for 9 v4 cubes), as chips
// per axis, shortest first.
std::vector<int> mostCubicShape(const PodSpec& pod, int cubes);

std::vector<PlacementOption> placementOptions(const ClusterSpec& cluster,
                                              const OptionLimits& limits);

// Every slice shape of one pod with exactly `chips` chips, twisted variants included (TPU pods;
// none for GPUs).
std::vector<PlacementOption> shapesWithChips(const ClusterSpec& cluster, std::int64_t chips);

// Placements inside a job's own with fewer chips, for the planner: a few cubes or nodes fewer,
// the next smaller sizes that split well, one slice fewer. Most chips first.
std::vector<PlacementOption> smallerPlacements(const ClusterSpec& cluster,
                                               const PlacementSpec& current,
                                               std::int64_t currentChips);

} // namespace podplanner::model::sizing

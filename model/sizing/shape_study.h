#pragma once
// Every slice shape one pod can form for a chip count, each planned (docs/sizing.md, "Slice
// shapes"): what wraparound is worth (each whole-cube shape again without its wraparound
// links, as if the OCS left the rings open) and what the twist is worth (a twistable shape
// both ways, and the all-to-all time of the same layout on both, against the gains measured
// on TPU v4: 1.63x on 4x4x8 and 1.31x on 4x8x8, ISCA 2023 section 2.8).
#include "cluster/cluster_spec.h"
#include "project/job.h"

#include <cstdint>
#include <string>
#include <vector>

namespace podplanner::model::sizing {

struct ShapeRow {
    std::string shape;
    bool twisted = false;
    bool wraps = true;   // false: a sub-cube slice, or the what-if without wraparound
    bool whatIf = false; // the shape's wraparound links removed (no such slice can be ordered)
    int cubes = 0;
    bool planned = false; // a layout fits
    double stepS = 0;
    double mfu = 0;
    double allToAllS = 0; // exposed expert all-to-all per step
    std::string mapping;
};

struct ShapeStudy {
    std::int64_t chips = 0;
    std::vector<ShapeRow> rows;
    // Step time without wraparound / with it, of the best whole-cube shape (0: none).
    double wraparoundGain = 0;
    std::string wraparoundShape;
    // Step time untwisted / twisted and all-to-all time untwisted / twisted of the same layout.
    double twistStepGain = 0;
    double twistAllToAllGain = 0;
    double twistReferenceGain = 0; // measured on v4 for this shape (0: none published)
    // What the engine gives an all-to-all over the whole twisted slice (bisection ratio).
    double twistFabricGain = 0;
    std::string twistShape;
};

ShapeStudy studyShapes(const Job& job, const ClusterSpec& cluster, std::int64_t chips);

std::string shapeStudyText(const ShapeStudy& study);

} // namespace podplanner::model::sizing

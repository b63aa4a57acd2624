#pragma once
// The default mapping of a layout's mesh on its fabric (docs/engine.md, "Fabric"): every order
// of the mesh axes laid greedily, and every way of splitting each mesh axis over the physical
// axes (a size-4 tp can take x(2) y(2) instead of x(4)), each timed. Of the mappings within
// kMappingTolerance of the fastest, the one closest to practice wins: tp innermost on the
// fastest links, then cp, ep, pp, fsdp, and dp outermost across pods and sites.
#include "perf/step_model.h"

namespace podplanner::model::perf {

inline constexpr double kMappingTolerance = 0.015;

// How far a mapping is from the conventional order: pairs of mesh axes where the one that
// belongs further out sits on faster links than the one that belongs further in, and tp
// segments that are strided.
int mappingInversions(const MeshMapping& mapping, const JobFabric& fabric);

// Returns false when no mapping exists.
bool chooseBestMapping(const JobContext& ctx, Layout& layout, StepResult& result);

} // namespace podplanner::model::perf

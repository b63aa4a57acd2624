#pragma once
// Reads a project's "cluster" value: {"preset": ID, "overrides": {...}} or a whole cluster
// object. Overrides are a JSON merge patch (RFC 7386) onto the preset, so any number can be
// changed; errors point into the project (/cluster/overrides/...) where the value came from.
#include "cluster/cluster_spec.h"
#include "core/json_reader.h"
#include "core/load_limits.h"

namespace podplanner::model {

ClusterSpec readClusterSource(const Json& source, const std::string& pointer,
                              const LoadLimits& limits);

// The cluster object after the preset is expanded and the overrides applied.
Json expandClusterSource(const Json& source, const std::string& pointer);

// `source` with `chipPatch` (a JSON merge patch of chip keys) applied to its chip, the way a
// person would write it: under overrides.chip for a preset reference, in the chip object of a
// whole cluster. A chip named by id there is expanded first, so the patch changes only its keys.
Json patchClusterChip(const Json& source, const Json& chipPatch);

} // namespace podplanner::model

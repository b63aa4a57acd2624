#pragma once
// The built-in chips, clusters and model architectures (resources/presets/, compiled in).
#include "cluster/cluster_spec.h"
#include "hardware/chip_type.h"
#include "project/job.h"

#include <string>
#include <vector>

namespace podplanner::model {

struct ClusterPresetSummary {
    std::string id;
    std::string name;
    std::string kind;
    std::string chip;
    std::int64_t chips = 0;
};

struct ModelPreset {
    std::string id;
    std::string name;
    ModelSpec model;
    std::string source;
};

const std::vector<ChipType>& builtinChips();
const ChipType* findBuiltinChip(const std::string& id);
std::vector<ClusterPresetSummary> builtinClusters();
// A built-in cluster resolved as a project would see it. Throws InputError for an unknown id.
ClusterSpec builtinCluster(const std::string& id);
const std::vector<ModelPreset>& builtinModels();
const ModelPreset* findBuiltinModel(const std::string& id);

} // namespace podplanner::model

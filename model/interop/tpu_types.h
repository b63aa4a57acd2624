#pragma once
// Cloud TPU accelerator type names as xpk spells them ("v5p-256", "v4-16x16x12",
// "v5litepod-256", "tpu7x-128"), after xpk's src/xpk/core/system_characteristics.py
// (AI-Hypercomputer/xpk 367c838): a name ends in the slice's TensorCore count (two per chip on
// v4, v5p and Ironwood, one on v5e and v6e) or in its topology, and a count stands for one
// default topology.
#include <optional>
#include <string>
#include <vector>

namespace podplanner::model::interop {

struct TpuGeneration {
    std::string chipId;   // PodPlanner's chip id: "tpu-v5p"
    std::string prefix;   // xpk's: "v5p"
    int coresPerChip = 1; // TensorCores per chip
    bool threeD = true;
};

const TpuGeneration* tpuGenerationForChip(const std::string& chipId);

// Topologies xpk accepts for the generation, in the order its map is built.
std::vector<std::string> xpkTopologies(const TpuGeneration& gen);
// The topology xpk gives "<prefix>-<cores>", or nothing if it has no such name.
std::optional<std::string> xpkDefaultTopology(const TpuGeneration& gen, long cores);

struct XpkTpuType {
    std::string name; // "v5p-256" or "v5p-4x4x12"
    std::string note; // why the topology form was used, or empty
};
// The accelerator type for a slice of this topology ("16x16x12").
XpkTpuType xpkTpuType(const TpuGeneration& gen, const std::string& topology);

struct ParsedTpuType {
    const TpuGeneration* generation = nullptr;
    std::string topology;
    long chips = 0;
};
// Reads "v5p-256", "v5p-4x4x8", "v5e-256" (MaxText's compile_topology spelling), ... Throws
// std::invalid_argument with the reason when the name is not one xpk knows.
ParsedTpuType parseTpuType(const std::string& name);

long topologyChips(const std::string& topology); // 0 when not "AxB" or "AxBxC"

} // namespace podplanner::model::interop

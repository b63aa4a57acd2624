#pragma once
// MaxText's names for PodPlanner's mesh axes and the remat tensors of a layer
// (AI-Hypercomputer/maxtext e591f30, src/maxtext/configs/base.yml).
#include "project/job.h"

#include <array>
#include <string>
#include <vector>

namespace podplanner::model::interop {

struct MaxTextAxis {
    const char* flag;     // ici_<flag>_parallelism, dcn_<flag>_parallelism
    const char* meshAxis; // base.yml mesh_axes name
};
// In PodPlanner's order: dp, fsdp, tp, pp, ep, cp.
inline constexpr std::array<MaxTextAxis, 6> kMaxTextAxes{{{"data", "data"},
                                                          {"fsdp", "fsdp"},
                                                          {"tensor", "tensor"},
                                                          {"pipeline", "stage"},
                                                          {"expert", "expert"},
                                                          {"context", "context"}}};
// base.yml's other mesh_axes, which PodPlanner has no axis for.
inline constexpr std::array<const char*, 6> kMaxTextOtherAxes{
    "diloco",          "fsdp_transpose", "context_usp_ulysses", "context_autoregressive",
    "tensor_sequence", "autoregressive"};

// The names remat_policy=custom takes for the tensors of this model's layers.
std::vector<std::string> maxTextRematTensors(const ModelSpec& model);

} // namespace podplanner::model::interop

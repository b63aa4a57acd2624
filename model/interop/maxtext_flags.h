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

// MaxText's mesh counts devices, and a chip may present several (Ironwood: two TensorCores).
// JAX's device mesh puts a chip's devices next to each other, on an inner axis: PodPlanner lays
// them on the innermost of tensor, context, fsdp and data that the job spans inside the slice
// (fsdp when none), never on expert or stage, whose sizes MaxText checks against the experts and
// the layers. As indexes into kMaxTextAxes: export takes the first four, import falls back to
// expert, then stage, for meshes written otherwise.
inline constexpr std::array<std::size_t, 6> kMaxTextDeviceAxes{2, 5, 1, 0, 4, 3};
inline constexpr std::size_t kMaxTextExportDeviceAxes = 4;

// The splash attention block flags, in the order of TrainingSpec::splashBlocks.
inline constexpr std::array<const char*, 6> kMaxTextSplashBlockFlags{
    "sa_block_q",      "sa_block_kv",   "sa_block_q_dkv",
    "sa_block_kv_dkv", "sa_block_q_dq", "sa_block_kv_dq"};

// MaxText's flag for one dimension (0 batch_seq, 1 embed_dim, 2 mlp_dim) of one pass's grouped
// matmul tile: wi_tile_fwd_batch_seq, ..., wo_tile_drhs_mlp_dim.
std::string maxTextTileFlag(GmmPass pass, int dimension);

// The names remat_policy=custom takes for the tensors of this model's layers.
std::vector<std::string> maxTextRematTensors(const ModelSpec& model);

} // namespace podplanner::model::interop

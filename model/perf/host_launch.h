#pragma once
// The host's share of a step in an eager framework (docs/engine.md, "Host-bound layers"):
// PyTorch issues every kernel from Python, one operation after another, and a Megatron MoE
// layer waits on the host for its token counts. When issuing a layer's work takes the host
// longer than the GPU takes to run it, the GPU idles for the difference.
#include "perf/activation_policy.h"
#include "perf/job_context.h"
#include "perf/mesh_mapping.h"

namespace podplanner::model::perf {

// Seconds the host spends issuing one average layer's work for one microbatch: forward,
// backward and what the recompute policy reruns. 0 when nothing is issued op by op (XLA,
// or the step captured in CUDA graphs) or the chip has no host cost per operation.
double hostSecondsPerLayer(const JobContext& ctx, const MeshSizes& sizes,
                           const ActivationPlan& plan);

} // namespace podplanner::model::perf

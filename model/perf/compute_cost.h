#pragma once
// Compute time of one microbatch on one chip (docs/engine.md, "Compute"). Every matmul is
// timed on the roofline: max(FLOPs / (peak x matmul efficiency x tile efficiency),
// bytes moved / HBM bandwidth), with its dimensions padded to the matmul unit's tile. Norms,
// residual adds, activation functions and rotary embeddings are memory-bound and timed by the
// bytes they read and write.
#include "perf/job_context.h"
#include "perf/mesh_mapping.h"

namespace podplanner::model::perf {

struct ComputeTimes {
    double layerForwardS = 0;         // one transformer layer, forward
    double layerBackwardS = 0;        // one layer, backward (activation and weight gradients)
    double attentionCoreForwardS = 0; // scores and values (flash attention)
    double mlpActivationForwardS = 0; // the MLP activation function (recomputed under "selective")
    double headForwardS = 0;          // LM head and loss (last pipeline stage)
    double headBackwardS = 0;
};

double matmulSeconds(const JobContext& ctx, double m, double k, double n);

ComputeTimes computeTimes(const JobContext& ctx, const MeshSizes& sizes,
                          double tokensPerMicrobatch);

} // namespace podplanner::model::perf

#pragma once
// MaxText's grouped matmul on TPUs, the Pallas kernel of megablox and tokamax (docs/engine.md,
// "Grouped matmul"): the experts' matmuls over tokens sorted by expert, in tiles the job sets.
#include "perf/kernel_cost.h"

namespace podplanner::model::perf {

// One pass's tile: rows of sorted tokens, the contraction, the output's width.
struct GmmTileShape {
    double rows = 512;
    double k = 1024;
    double n = 1024;
};

// One device's grouped matmul: out (rows x n) = lhs (rows x k) x w[g] (k x n), its `rows`
// sorted into `groups` groups (the forward pass, and the data gradient with w transposed), at
// the device's share of the chip's peak and HBM bandwidth.
double groupedMatmulSeconds(const KernelModel& km, double rows, double groups, double k, double n,
                            GmmTileShape tile, double inBytes, double outBytes);

// The weight gradient: w'[g] (k x n) = lhs_g^T (k x rows_g) x dout_g (rows_g x n).
double groupedWeightGradSeconds(const KernelModel& km, double rows, double groups, double k,
                                double n, GmmTileShape tile, double inBytes, double outBytes);

} // namespace podplanner::model::perf

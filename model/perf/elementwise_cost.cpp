#include "perf/elementwise_cost.h"

namespace podplanner::model::perf {

namespace {
constexpr double kFp32 = 4;
} // namespace

ElementwiseOps elementwiseOps(double b, bool gated, bool eager) {
    const double f = kFp32;
    const double gate = gated ? 2.0 : 1.0;
    ElementwiseOps ops;
    // Fused: each op reads its inputs and writes its outputs once. Backward reads the input
    // and the gradient and writes the input's gradient (a gated activation: both inputs').
    ops.normForward = {2 * b, 1};
    ops.normBackward = {3 * b, 1};
    ops.ropeForward = {2 * b, 1};
    ops.ropeBackward = {2 * b, 1};
    ops.actForward = {(gate + 1) * b, 1};
    ops.actBackward = {(2 * gate + 1) * b, 1};
    if (!eager)
        return ops;
    // torchtitan's RMSNorm: x.float(), pow(2), mean, x * rsqrt(...), type_as(x), * weight
    // (the add and rsqrt touch one value per row): (b + f) + 2f + f + 2f + (f + b) + 2b.
    ops.normForward = {4 * b + 7 * f, 8};
    // Autograd runs each op's backward: weight (2b, and 3b + b for its gradient), cast
    // (b + f), the product (2f, and 3f + f for the rsqrt branch), mean and pow (f + 3f), the
    // sum of the two branches (3f), cast back (f + b).
    ops.normBackward = {8 * b + 15 * f, 12};
    // Complex rotary on Q and K: upcast, complex multiply in fp32, cast back; backward the same.
    ops.ropeForward = {2 * b + 4 * f, 6};
    ops.ropeBackward = {2 * b + 4 * f, 6};
    if (gated) {
        // silu(gate) * up as two kernels (2b + 3b); backward the product's two gradients and
        // silu's (3 × 3b). An ungated activation is one kernel either way.
        ops.actForward = {5 * b, 2};
        ops.actBackward = {9 * b, 3};
    }
    return ops;
}

} // namespace podplanner::model::perf

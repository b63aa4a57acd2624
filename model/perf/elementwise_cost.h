#pragma once
// What each element-wise op of a layer moves through HBM, per element of its tensor, and in
// how many kernels: fused (Megatron's and Transformer Engine's kernels, XLA fusions,
// torch.compile) or eager PyTorch, one kernel per op with the fp32 upcasts the model code
// writes (docs/engine.md, "Eager element-wise work").

namespace podplanner::model::perf {

struct ElementwiseCost {
    double bytes = 0;   // per element of the tensor the op works on
    double kernels = 1; // kernel launches
};

struct ElementwiseOps {
    ElementwiseCost normForward, normBackward; // RMSNorm, per element of its input
    ElementwiseCost ropeForward, ropeBackward; // rotary, per element of Q and K together
    ElementwiseCost actForward, actBackward;   // the MLP's activation, per element of its output
};

// b: bytes of an activation element; gated: SwiGLU or GeGLU (two inputs).
ElementwiseOps elementwiseOps(double b, bool gated, bool eager);

} // namespace podplanner::model::perf

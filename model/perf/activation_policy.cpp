#include "perf/activation_policy.h"

#include <map>

namespace podplanner::model::perf {

namespace {

using Tensors = std::initializer_list<LayerTensor>;

ActivationPolicy keeping(Keep state, Tensors tensors) {
    ActivationPolicy p;
    p.keep.fill(Keep::Remat);
    p.keep[kTLayerInput] = Keep::Device;
    for (LayerTensor t : tensors)
        p.keep[t] = state;
    return p;
}

ActivationPolicy everythingOnDevice() {
    ActivationPolicy p;
    p.keep.fill(Keep::Device);
    return p;
}

// What each operation reads and writes, for the dependency walk. kLayerTensors marks "none".
struct OpIo {
    std::array<LayerTensor, 2> inputs;
    std::array<LayerTensor, 2> outputs;
};

constexpr LayerTensor kNone = kLayerTensors;

OpIo io(LayerOp op, bool parallelBlock) {
    switch (op) {
    case kOpNorm1:
        return {{kTLayerInput, kNone}, {kTNorm, kNone}};
    case kOpQkv:
        return {{kTNorm, kNone}, {kTQkv, kNone}};
    case kOpCore:
        return {{kTQkv, kNone}, {kTContext, kTScores}};
    case kOpOutProj:
        return {{kTContext, kNone}, {kTOutProj, kNone}};
    case kOpNorm2:
        // The second norm's input is the layer input plus the attention branch.
        return {{kTLayerInput, kTOutProj}, {kTNorm, kNone}};
    case kOpMlpIn:
        return {{kTNorm, kNone}, {kTMlpIn, kNone}};
    case kOpAct:
        return {{kTMlpIn, kNone}, {kTMlpAct, kNone}};
    case kOpMlpOut:
        return {{kTMlpAct, kNone}, {kTMlpOut, kNone}};
    default:
        (void)parallelBlock;
        return {{kNone, kNone}, {kNone, kNone}};
    }
}

} // namespace

namespace {

ActivationPolicy namedPolicy(Recompute recompute, const TrainingSpec& training,
                             bool torchCheckpoint) {
    const std::string name = recomputeName(recompute);
    if (name == "none")
        return everythingOnDevice();
    if (name == "selective") {
        // Korthikanti et al. 2022: keep everything but the attention scores; rerun the core.
        ActivationPolicy p = everythingOnDevice();
        p.keep[kTScores] = Keep::Remat;
        p.recomputeCore = true;
        return p;
    }
    if (name == "full") {
        ActivationPolicy p = keeping(Keep::Device, {});
        p.wholeLayer = torchCheckpoint;
        return p;
    }
    if (name == "custom") {
        static const std::map<std::string, LayerTensor> names = {
            {"layer_input", kTLayerInput}, {"norm", kTNorm},        {"qkv_proj", kTQkv},
            {"context", kTContext},        {"out_proj", kTOutProj}, {"mlpwi", kTMlpIn},
            {"mlp_activation", kTMlpAct},  {"mlpwo", kTMlpOut}};
        ActivationPolicy p = keeping(Keep::Device, {});
        for (const auto& [tensor, state] : training.recomputeTensors) {
            const LayerTensor t = names.at(tensor);
            p.keep[t] = state == "device"    ? Keep::Device
                        : state == "offload" ? Keep::Offload
                                             : Keep::Remat;
        }
        return p;
    }
    // MaxText's named policies (maxtext layers/decoders.py get_remat_policy). The down
    // projection's output (`mlpwo`), which some of them save, is read backward only in MoE
    // layers.
    if (name == "minimal")
        return keeping(Keep::Device, {kTQkv, kTOutProj, kTMlpIn, kTMlpOut});
    if (name == "minimal_with_context")
        return keeping(Keep::Device, {kTQkv, kTContext, kTOutProj, kTMlpIn, kTMlpOut});
    if (name == "save_dot_with_context_except_mlp")
        return keeping(Keep::Device, {kTQkv, kTContext, kTOutProj});
    if (name == "save_dot_except_mlpwi")
        return keeping(Keep::Device, {kTQkv, kTOutProj, kTMlpOut});
    if (name == "save_dot_except_mlp")
        return keeping(Keep::Device, {kTQkv, kTOutProj});
    if (name == "save_qkv_proj")
        return keeping(Keep::Device, {kTQkv});
    if (name == "save_out_proj")
        return keeping(Keep::Device, {kTOutProj});
    if (name == "qkv_proj_offloaded")
        return keeping(Keep::Offload, {kTQkv});
    if (name == "minimal_offloaded")
        return keeping(Keep::Offload, {kTQkv, kTOutProj, kTMlpIn, kTMlpOut});
    return everythingOnDevice();
}

} // namespace

ActivationPolicy activationPolicy(Recompute recompute, const TrainingSpec& training,
                                  bool torchCheckpoint) {
    ActivationPolicy p = namedPolicy(recompute, training, torchCheckpoint);
    p.torchCheckpoint = torchCheckpoint;
    return p;
}

bool equivalentPolicies(const ActivationPolicy& a, const ActivationPolicy& b, bool moe) {
    for (std::size_t t = 0; t < a.keep.size(); ++t)
        if (a.keep[t] != b.keep[t] && (moe || t != kTMlpOut))
            return false;
    return a.recomputeCore == b.recomputeCore && a.wholeLayer == b.wholeLayer &&
           a.torchCheckpoint == b.torchCheckpoint;
}

ActivationPlan planActivations(const ActivationPolicy& policy, const LayerCost& layer,
                               bool parallelBlock) {
    ActivationPlan plan;
    // What the backward pass reads: norm outputs (weight gradients of the projections), Q, K
    // and V, the attention output, the MLP's intermediates, the scores with standard attention.
    std::array<bool, kLayerTensors + 1> needed{};
    for (LayerTensor t : {kTLayerInput, kTNorm, kTQkv, kTContext, kTMlpIn, kTMlpAct})
        needed[t] = true;
    needed[kTScores] = layer.tensorBytes[kTScores] > 0;
    needed[kTMlpOut] = layer.tensorBytes[kTMlpOut] > 0;
    auto kept = [&](LayerTensor t) { return t == kNone || policy.keep[t] != Keep::Remat; };
    // Walk the operations backwards: one whose output is needed and not kept reruns, and then
    // needs its own inputs. Producers come before consumers, so one pass settles it.
    int rerun = 0, present = 0;
    for (int o = kLayerOps; o-- > 0;) {
        const auto op = static_cast<LayerOp>(o);
        if (parallelBlock && op == kOpNorm2)
            continue;
        ++present;
        const OpIo a = io(op, parallelBlock);
        bool recompute = (op == kOpCore && policy.recomputeCore) || policy.wholeLayer;
        for (LayerTensor out : a.outputs)
            recompute = recompute || (out != kNone && needed[out] && !kept(out));
        if (!recompute)
            continue;
        plan.recomputed[op] = true;
        const bool onlyExperts = op == kOpMlpOut && !policy.torchCheckpoint;
        plan.recomputeS += onlyExperts ? layer.routedDownForwardS : layer.forwardS[op];
        ++rerun;
        for (LayerTensor in : a.inputs)
            if (in != kNone)
                needed[in] = true;
    }
    // Outside MoE the down projection's output is never read backward, so all the others is
    // everything.
    plan.everything = rerun >= present - (plan.recomputed[kOpMlpOut] ? 0 : 1);
    for (int t = 0; t < kLayerTensors; ++t) {
        if (!needed[t] && t != kTLayerInput)
            continue;
        const Keep k = policy.keep[static_cast<std::size_t>(t)];
        if (k == Keep::Device)
            plan.deviceBytes += layer.tensorBytes[static_cast<std::size_t>(t)];
        else if (k == Keep::Offload)
            plan.offloadBytes += layer.tensorBytes[static_cast<std::size_t>(t)];
    }
    return plan;
}

} // namespace podplanner::model::perf

#include "interop/torchtitan_models.h"

namespace podplanner::model::interop {

namespace {

// FeedForward: hidden = int(2 * 4 * dim / 3), times ffn_dim_multiplier when given, rounded up
// to a multiple of multiple_of.
int feedForward(int dim, double multiplier, int multipleOf) {
    int hidden = static_cast<int>(2.0 * (4 * dim) / 3.0);
    if (multiplier > 0)
        hidden = static_cast<int>(multiplier * hidden);
    return multipleOf * ((hidden + multipleOf - 1) / multipleOf);
}

TorchtitanFlavor flavor(const char* name, int dim, int layers, int heads, int kvHeads,
                        double multiplier, int multipleOf, int vocab) {
    TorchtitanFlavor f{name, {}};
    ModelSpec& m = f.model;
    m.layers = layers;
    m.dModel = dim;
    m.heads = heads;
    m.kvHeads = kvHeads > 0 ? kvHeads : heads;
    m.headDim = dim / heads;
    m.ffn = feedForward(dim, multiplier, multipleOf);
    m.expertFfn = m.ffn;
    m.ffnKind = "swiglu";
    m.vocab = vocab;
    return f;
}

bool sameShape(const ModelSpec& a, const ModelSpec& b) {
    return a.layers == b.layers && a.dModel == b.dModel && a.heads == b.heads &&
           a.kvHeads == b.kvHeads && a.headDim == b.headDim && a.ffn == b.ffn &&
           a.ffnKind == b.ffnKind && a.vocab == b.vocab && !a.isMoe() && !b.isMoe();
}

} // namespace

const std::vector<TorchtitanFlavor>& torchtitanFlavors() {
    static const std::vector<TorchtitanFlavor> flavors = {
        flavor("debugmodel", 256, 6, 16, 0, 0, 256, 2048),
        flavor("8B", 4096, 32, 32, 8, 1.3, 1024, 128256),
        flavor("70B", 8192, 80, 64, 8, 1.3, 4096, 128256),
        flavor("405B", 16384, 126, 128, 8, 1.2, 4096, 128256),
    };
    return flavors;
}

const TorchtitanFlavor* findTorchtitanFlavor(const std::string& name) {
    for (const auto& f : torchtitanFlavors())
        if (f.name == name)
            return &f;
    return nullptr;
}

const TorchtitanFlavor* matchTorchtitanFlavor(const ModelSpec& model) {
    for (const auto& f : torchtitanFlavors())
        if (sameShape(f.model, model))
            return &f;
    return nullptr;
}

} // namespace podplanner::model::interop

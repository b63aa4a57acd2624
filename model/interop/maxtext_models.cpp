#include "interop/maxtext_models.h"

#include "interop/maxtext_flags.h"
#include "project/training_json.h"

namespace podplanner::model::interop {

namespace {

ModelSpec dense(int layers, int d, int heads, int kv, int headDim, int ffn, const char* kind,
                int vocab) {
    ModelSpec m;
    m.layers = layers;
    m.dModel = d;
    m.heads = heads;
    m.kvHeads = kv;
    m.headDim = headDim;
    m.ffn = ffn;
    m.ffnKind = kind;
    m.vocab = vocab;
    m.expertFfn = ffn;
    return m;
}

// configs/models/deepseek3-671b.yml: latent attention, 3 dense layers, then 256 routed
// experts and 1 shared expert per layer.
ModelSpec deepSeekV3() {
    ModelSpec m = dense(61, 7168, 128, 128, 128, 18432, "swiglu", 129280);
    m.experts = 256;
    m.topK = 8;
    m.expertFfn = 2048;
    m.sharedExperts = 1;
    m.denseLayers = 3;
    m.qLoraRank = 1536;
    m.kvLoraRank = 512;
    m.ropeHeadDim = 64;
    m.vHeadDim = 128;
    return m;
}

bool sameShape(const ModelSpec& a, const ModelSpec& b) {
    const bool moe = a.experts > 1 || b.experts > 1;
    return a.layers == b.layers && a.dModel == b.dModel && a.heads == b.heads &&
           a.kvHeads == b.kvHeads && a.headDim == b.headDim && a.ffn == b.ffn &&
           a.ffnKind == b.ffnKind && a.vocab == b.vocab && a.experts == b.experts &&
           (!moe ||
            (a.topK == b.topK && a.expertFfn == b.expertFfn && a.sharedExperts == b.sharedExperts &&
             a.denseLayers == b.denseLayers && a.moeEvery == b.moeEvery)) &&
           a.kvLoraRank == b.kvLoraRank && a.qLoraRank == b.qLoraRank &&
           a.ropeHeadDim == b.ropeHeadDim && a.valueHeadDim() == b.valueHeadDim();
}

} // namespace

const std::vector<MaxTextModel>& maxTextModels() {
    static const std::vector<MaxTextModel> models = [] {
        std::vector<MaxTextModel> m = {
            {"llama3-8b", dense(32, 4096, 32, 8, 128, 14336, "swiglu", 128256)},
            {"llama3.1-8b", dense(32, 4096, 32, 8, 128, 14336, "swiglu", 128256)},
            {"llama3-70b", dense(80, 8192, 64, 8, 128, 28672, "swiglu", 128256)},
            {"llama3.1-70b", dense(80, 8192, 64, 8, 128, 28672, "swiglu", 128256)},
            {"llama3.1-405b", dense(126, 16384, 128, 8, 128, 53248, "swiglu", 128256)},
            {"gpt3-175b", dense(96, 12288, 96, 96, 128, 49152, "gelu", 50304)},
            {"mixtral-8x7b", dense(32, 4096, 32, 8, 128, 14336, "swiglu", 32000)},
        };
        m.back().model.experts = 8;
        m.back().model.topK = 2;
        m.back().model.expertFfn = 14336;
        m.push_back({"deepseek3-671b", deepSeekV3()});
        return m;
    }();
    return models;
}

ModelSpec maxTextBaseModel() {
    // base.yml: base_emb_dim 2048, base_num_query_heads 16, base_num_kv_heads 16,
    // base_mlp_dim 7168, base_num_decoder_layers 16, head_dim 128,
    // mlp_activations ["silu", "linear"], vocab_size 32_000, max_target_length 2048.
    ModelSpec m = dense(16, 2048, 16, 16, 128, 7168, "swiglu", 32000);
    m.seqLen = 2048;
    return m;
}

const MaxTextModel* matchMaxTextModel(const ModelSpec& model) {
    for (const auto& m : maxTextModels())
        if (sameShape(m.model, model))
            return &m;
    return nullptr;
}

const MaxTextModel* findMaxTextModel(const std::string& name) {
    for (const auto& m : maxTextModels())
        if (m.name == name)
            return &m;
    return nullptr;
}

std::string maxTextTileFlag(GmmPass pass, int dimension) {
    static const char* const kDimensions[3] = {"batch_seq", "embed_dim", "mlp_dim"};
    const std::string name = gmmPassNames()[pass]; // "wi_fwd"
    return name.substr(0, 2) + "_tile_" + name.substr(3) + "_" + kDimensions[dimension];
}

std::vector<std::string> maxTextRematTensors(const ModelSpec& model) {
    std::vector<std::string> t = {"context", "query_proj", "key_proj", "value_proj", "out_proj"};
    if (model.isMoe()) {
        for (const char* n : {"moe_mlpwi_0", "moe_mlpwi_1", "moe_mlpwo"})
            t.emplace_back(n);
    } else if (model.ffnKind == "gelu") {
        for (const char* n : {"mlpwi", "mlpwo"})
            t.emplace_back(n);
    } else {
        for (const char* n : {"mlpwi_0", "mlpwi_1", "mlpwo"})
            t.emplace_back(n);
    }
    return t;
}

} // namespace podplanner::model::interop

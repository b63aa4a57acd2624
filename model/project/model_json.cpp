#include "project/model_json.h"

namespace podplanner::model {

namespace {
constexpr std::int64_t kMaxDim = 1'000'000;

// Multi-head latent attention's keys: kv_lora_rank turns it on, and the others need it.
void readLatentAttention(ObjectReader& in, ModelSpec& m) {
    m.kvLoraRank = static_cast<int>(in.integer("kv_lora_rank", 0, kMaxDim, 0));
    m.qLoraRank = static_cast<int>(in.integer("q_lora_rank", 0, kMaxDim, 0));
    m.ropeHeadDim = static_cast<int>(in.integer("qk_rope_head_dim", 0, 100000, 0));
    m.vHeadDim = static_cast<int>(in.integer("v_head_dim", 0, 100000, 0));
    if (m.isMla()) {
        if (m.kvHeads != m.heads)
            throwInputError(in.at("kv_heads"),
                            "heads (" + std::to_string(m.heads) +
                                "): latent attention projects keys and values up to every head",
                            std::to_string(m.kvHeads));
        return;
    }
    for (const char* key : {"q_lora_rank", "qk_rope_head_dim", "v_head_dim"})
        if (in.has(key))
            throwInputError(in.at(key), "\"kv_lora_rank\" above 0 (latent attention)",
                            "no kv_lora_rank");
}
} // namespace

ModelSpec readModelSpec(ObjectReader& in) {
    ModelSpec m;
    m.layers = static_cast<int>(in.integer("layers", 1, 100000));
    m.dModel = static_cast<int>(in.integer("d_model", 1, kMaxDim));
    m.heads = static_cast<int>(in.integer("heads", 1, 100000));
    m.kvHeads = static_cast<int>(in.integer("kv_heads", 1, m.heads, m.heads));
    if (m.heads % m.kvHeads != 0)
        throwInputError(in.at("kv_heads"), "a divisor of heads (" + std::to_string(m.heads) + ")",
                        std::to_string(m.kvHeads));
    m.headDim = static_cast<int>(in.integer("head_dim", 1, 100000, m.dModel / m.heads));
    if (m.headDim < 1)
        throwInputError(in.at("head_dim"), "a head_dim (d_model / heads is below 1)",
                        "no head_dim");
    m.ffn = static_cast<int>(in.integer("ffn", 1, kMaxDim));
    m.ffnKind = in.choice("ffn_kind", {"swiglu", "geglu", "gelu", "relu"}, "swiglu");
    m.vocab = static_cast<int>(in.integer("vocab", 1, 100'000'000));
    m.seqLen = static_cast<int>(in.integer("seq_len", 1, 100'000'000));
    m.experts = static_cast<int>(in.integer("experts", 1, 100000, 1));
    m.topK = static_cast<int>(in.integer("top_k", 1, m.experts, 1));
    m.expertFfn = static_cast<int>(in.integer("expert_ffn", 1, kMaxDim, m.ffn));
    m.sharedExperts = static_cast<int>(in.integer("shared_experts", 0, 1000, 0));
    m.capacityFactor = in.number("capacity_factor", 0, 1000, 0);
    if (m.capacityFactor > 0 && m.capacityFactor < 1)
        throwInputError(in.at("capacity_factor"), "0 (dropless) or at least 1",
                        std::to_string(m.capacityFactor));
    // Keys that only a mixture-of-experts model may set.
    const auto moeOnly = [&](const char* key, bool set) {
        if (set && !m.isMoe())
            throwInputError(in.at(key), "\"experts\" above 1 (a mixture-of-experts model)",
                            "a dense model");
    };
    moeOnly("shared_experts", m.sharedExperts > 0);
    moeOnly("capacity_factor", m.capacityFactor > 0);
    m.expertBias = in.boolean("expert_bias", false);
    moeOnly("expert_bias", m.expertBias);
    m.parallelBlock = in.choice("block", {"sequential", "parallel"}, "sequential") == "parallel";
    m.tiedEmbeddings = in.boolean("tied_embeddings", false);
    m.causal = in.boolean("causal", true);
    m.slidingWindow = static_cast<int>(in.integer("sliding_window", 0, 100'000'000, 0));
    // A window is the most recent tokens: a causal mask's, not modelled both ways.
    if (!m.causal && m.slidingWindow > 0)
        throwInputError(in.at("sliding_window"), "0 (no window) when \"causal\" is false",
                        std::to_string(m.slidingWindow));
    m.globalEvery = static_cast<int>(in.integer("global_every", 0, m.layers, 0));
    if (m.globalEvery > 0 && m.slidingWindow == 0)
        throwInputError(in.at("global_every"), "\"sliding_window\" above 0 (local layers)",
                        "no sliding window");
    m.denseLayers = static_cast<int>(in.integer("dense_layers", 0, m.layers - 1, 0));
    moeOnly("dense_layers", m.denseLayers > 0);
    m.moeEvery = static_cast<int>(in.integer("moe_every", 1, m.layers, 1));
    moeOnly("moe_every", m.moeEvery > 1);
    if (m.isMoe() && m.moeLayerShare() <= 0)
        throwInputError(in.at(m.moeEvery > 1 ? "moe_every" : "dense_layers"),
                        "at least one MoE layer among the " + std::to_string(m.layers) +
                            " after dense_layers " + std::to_string(m.denseLayers),
                        "none");
    readLatentAttention(in, m);
    m.mtpLayers = static_cast<int>(in.integer("mtp_layers", 0, 100, 0));
    return m;
}

ModelPreset readModelPreset(const Json& value, const std::string& pointer) {
    ObjectReader in(value, pointer);
    ModelPreset preset;
    preset.id = in.string("id");
    preset.name = in.string("name", preset.id);
    preset.source = in.string("source");
    preset.model = readModelSpec(in);
    in.finish();
    return preset;
}

void writeModelSpec(const ModelSpec& m, Json& out) {
    // Keys written only when above 0 (their default, or what leaves them off).
    const auto whenSet = [&out](const char* key, auto value) {
        if (value > 0)
            out[key] = value;
    };
    out["layers"] = m.layers;
    out["d_model"] = m.dModel;
    out["heads"] = m.heads;
    out["kv_heads"] = m.kvHeads;
    out["head_dim"] = m.headDim;
    out["ffn"] = m.ffn;
    out["ffn_kind"] = m.ffnKind;
    out["vocab"] = m.vocab;
    out["seq_len"] = m.seqLen;
    if (m.isMoe()) {
        out["experts"] = m.experts;
        out["top_k"] = m.topK;
        out["expert_ffn"] = m.expertFfn;
        whenSet("shared_experts", m.sharedExperts);
        whenSet("capacity_factor", m.capacityFactor);
        if (m.expertBias)
            out["expert_bias"] = true;
    }
    // Keys added after the first release are written only when set, so older files keep
    // their exact text when saved again.
    if (m.parallelBlock)
        out["block"] = "parallel";
    if (m.tiedEmbeddings)
        out["tied_embeddings"] = true;
    if (!m.causal)
        out["causal"] = false;
    whenSet("sliding_window", m.slidingWindow);
    whenSet("global_every", m.globalEvery);
    whenSet("dense_layers", m.denseLayers);
    if (m.moeEvery > 1)
        out["moe_every"] = m.moeEvery;
    whenSet("mtp_layers", m.mtpLayers);
    if (m.isMla()) {
        whenSet("q_lora_rank", m.qLoraRank);
        out["kv_lora_rank"] = m.kvLoraRank;
        whenSet("qk_rope_head_dim", m.ropeHeadDim);
        whenSet("v_head_dim", m.vHeadDim);
    }
}

} // namespace podplanner::model

#include "project/training_json.h"

#include <utility>

namespace podplanner::model {

namespace {

const std::vector<std::string> kPrecisions = {"fp32", "tf32", "bf16", "fp8", "int8", "fp4"};
const std::vector<std::string> kDtypes = {"fp32", "bf16"};

std::map<std::string, std::string> readCustomPolicy(const Json& value, const std::string& at) {
    ObjectReader in(value, at);
    std::map<std::string, std::string> tensors;
    for (const auto& name : recomputeTensorNames()) {
        if (!in.has(name))
            continue;
        // The layer input is where a recomputation starts: it cannot itself be recomputed.
        const std::vector<std::string> states =
            name == "layer_input" ? std::vector<std::string>{"device", "offload"}
                                  : std::vector<std::string>{"device", "offload", "remat"};
        tensors[name] = in.choice(name, states);
    }
    in.finish();
    return tensors;
}

std::string optionalDtype(ObjectReader& in, const std::string& key) {
    return in.has(key) ? in.choice(key, kDtypes) : std::string();
}

// The sizes of one of a kernel's passes: an array of `count` whole numbers from 1 to `max`,
// named by `what` ("[queries, keys]").
std::vector<int> readSizes(ObjectReader& in, const char* pass, std::size_t count, int max,
                           const std::string& what) {
    const Json& sizes = *in.get(pass);
    const std::string at = in.at(pass);
    if (!sizes.is_array() || sizes.size() != count)
        throwInputError(at, "an array of " + std::to_string(count) + " integers " + what,
                        sizes.dump());
    std::vector<int> out;
    for (std::size_t i = 0; i < count; ++i)
        out.push_back(static_cast<int>(readInteger(sizes[i], childPointer(at, i), 1, max)));
    return out;
}

// {"wo_fwd": [256, 2048, 7168], ...}: [batch_seq, embed, mlp] per pass, others at default.
std::array<GmmTile, kGmmPasses> readGmmTiles(const Json& value, const std::string& at) {
    ObjectReader in(value, at);
    std::array<GmmTile, kGmmPasses> tiles{};
    for (int pass = 0; pass < kGmmPasses; ++pass)
        if (in.has(gmmPassNames()[pass])) {
            const auto v =
                readSizes(in, gmmPassNames()[pass], 3, GmmTile::kMax, "[batch_seq, embed, mlp]");
            tiles[pass] = {v[0], v[1], v[2]};
        }
    in.finish();
    return tiles;
}

// The passes of splash_blocks, in the order of TrainingSpec::splashBlocks.
constexpr std::array<const char*, 3> kSplashPasses{"forward", "backward", "backward_dq"};

// {"forward": [1024, 1024], "backward": [2048, 2048], "backward_dq": [512, 512],
//  "fused_backward": false}: [queries, keys] per pass.
void readSplashBlocks(const Json& value, const std::string& at, TrainingSpec& t) {
    ObjectReader in(value, at);
    for (std::size_t pass = 0; pass < kSplashPasses.size(); ++pass)
        if (in.has(kSplashPasses[pass])) {
            const auto v = readSizes(in, kSplashPasses[pass], 2, TrainingSpec::kMaxSplashBlock,
                                     "[queries, keys]");
            t.splashBlocks[2 * pass] = v[0];
            t.splashBlocks[2 * pass + 1] = v[1];
        }
    t.splashFusedBackward = in.boolean("fused_backward", false);
    in.finish();
}

} // namespace

const std::array<const char*, kGmmPasses>& gmmPassNames() {
    static const std::array<const char*, kGmmPasses> names = {"wi_fwd", "wi_dlhs", "wi_drhs",
                                                              "wo_fwd", "wo_dlhs", "wo_drhs"};
    return names;
}

const std::vector<std::string>& recomputePolicyNames() {
    static const std::vector<std::string> names = {"none",
                                                   "selective",
                                                   "full",
                                                   "minimal",
                                                   "minimal_with_context",
                                                   "save_dot_with_context_except_mlp",
                                                   "save_dot_except_mlpwi",
                                                   "save_dot_except_mlp",
                                                   "save_qkv_proj",
                                                   "save_out_proj",
                                                   "qkv_proj_offloaded",
                                                   "minimal_offloaded"};
    return names;
}

const std::vector<std::string>& recomputeTensorNames() {
    static const std::vector<std::string> names = {"layer_input",    "norm",     "qkv_proj",
                                                   "context",        "out_proj", "mlpwi",
                                                   "mlp_activation", "mlpwo"};
    return names;
}

TrainingSpec readTrainingSpec(ObjectReader& job) {
    ObjectReader in(job.object("training"), job.at("training"));
    TrainingSpec t;
    t.globalBatchTokens = in.integer("global_batch_tokens", 1, std::int64_t{1} << 50);
    t.precision = in.choice("precision", kPrecisions, "bf16");
    if (const Json* recompute = in.get("recompute"); recompute && recompute->is_object()) {
        t.recompute = "custom";
        t.recomputeTensors = readCustomPolicy(*recompute, in.at("recompute"));
    } else {
        t.recompute = in.choice("recompute", recomputePolicyNames(), "selective");
    }
    t.totalTokens = in.integer("total_tokens", 1, std::int64_t{1} << 62);
    t.framework = in.choice("framework",
                            {"auto", "maxtext", "megatron", "pytorch_fsdp", "deepspeed"}, "auto");
    t.weightDtype = optionalDtype(in, "weight_dtype");
    t.gradDtype = optionalDtype(in, "grad_dtype");
    t.optimizer = in.choice("optimizer", {"adam", "adafactor", "sgd"}, "adam");
    t.optimizerDtype = optionalDtype(in, "optimizer_dtype");
    if (in.has("master_weights"))
        t.masterWeights = in.boolean("master_weights", true);
    if (in.has("fp8_params"))
        t.fp8Params = in.boolean("fp8_params", true);
    t.attention = in.choice("attention", {"flash", "flash2", "standard"}, "flash");
    t.dropout = in.boolean("dropout", false);
    t.moeDispatch = in.choice("moe_dispatch", {"sparse", "dense"}, "sparse");
    t.moeImbalance = in.number("moe_imbalance", 1, 100, 1);
    t.moeDispatcher = in.choice("moe_dispatcher", {"all_to_all", "deepep"}, "all_to_all");
    if (in.has("gmm_tiles"))
        t.gmmTiles = readGmmTiles(*in.get("gmm_tiles"), in.at("gmm_tiles"));
    if (in.has("splash_blocks"))
        readSplashBlocks(*in.get("splash_blocks"), in.at("splash_blocks"), t);
    t.compile = in.boolean("compile", true);
    t.cudaGraphs = in.boolean("cuda_graphs", false);
    if (t.cudaGraphs && t.framework == "maxtext")
        throwInputError(in.at("cuda_graphs"),
                        "false, or a PyTorch framework (XLA launches whole compiled programs: "
                        "no kernel is issued from Python)",
                        "true with framework \"maxtext\"");
    t.gradientAccumulationFusion = in.boolean("gradient_accumulation_fusion", true);
    t.asyncTpBackward = in.boolean("async_tensor_model_parallel_allreduce", true);
    t.dcnHostReduction = in.boolean("dcn_host_reduction", true);
    t.vocabTiling =
        static_cast<int>(in.integer("vocab_tiling", 1, TrainingSpec::kMaxVocabTiling, 1));
    t.evalIntervalSteps = in.integer("eval_interval_steps", 1, std::int64_t{1} << 40, 0);
    t.evalTokens = in.integer("eval_tokens", 1, std::int64_t{1} << 53, 0);
    t.evalBatchTokens = in.integer("eval_batch_tokens", 1, std::int64_t{1} << 53, 0);
    if (t.evalBatchTokens > 0 && t.evalTokens == 0)
        throwInputError(in.at("eval_batch_tokens"), "also eval_interval_steps and eval_tokens",
                        "eval_batch_tokens alone");
    if ((t.evalIntervalSteps > 0) != (t.evalTokens > 0)) {
        const char* given = t.evalTokens > 0 ? "eval_tokens" : "eval_interval_steps";
        const char* missing = t.evalTokens > 0 ? "eval_interval_steps" : "eval_tokens";
        throwInputError(in.at(given), std::string("also ") + missing + " (evaluation needs both)",
                        std::string(given) + " alone");
    }
    // Megatron, DeepSpeed (Megatron's model code) and XLA fuse their element-wise work.
    if (!t.compile && t.framework != "pytorch_fsdp")
        throwInputError(in.at("compile"),
                        "true, or framework \"pytorch_fsdp\" (only PyTorch "
                        "runs its element-wise ops eagerly)",
                        "false with framework \"" + t.framework + "\"");
    // Both are Megatron-LM's own switches (DeepSpeed runs Megatron's model code).
    const bool megatronCode =
        t.framework == "megatron" || t.framework == "deepspeed" || t.framework == "auto";
    for (const auto& [key, on] :
         {std::pair{"gradient_accumulation_fusion", t.gradientAccumulationFusion},
          std::pair{"async_tensor_model_parallel_allreduce", t.asyncTpBackward}})
        if (!on && !megatronCode)
            throwInputError(in.at(key),
                            "true, or framework \"megatron\", \"deepspeed\" or \"auto\"",
                            std::string("false with framework \"") + t.framework + "\"");
    // libtpu's setting: XLA on TPUs is what MaxText runs on (NCCL reduces on the GPUs anyway).
    if (!t.dcnHostReduction && t.framework != "maxtext" && t.framework != "auto")
        throwInputError(in.at("dcn_host_reduction"),
                        "true, or framework \"maxtext\" or \"auto\" (a libtpu setting)",
                        "false with framework \"" + t.framework + "\"");
    // MaxText's own TPU kernels; Megatron and PyTorch run cuBLAS's and cuDNN's.
    for (const char* key : {"gmm_tiles", "splash_blocks"})
        if (in.has(key) && t.framework != "maxtext" && t.framework != "auto")
            throwInputError(in.at(key),
                            "framework \"maxtext\" or \"auto\" (MaxText's own TPU kernels)",
                            std::string(key) + " with framework \"" + t.framework + "\"");
    // FlashAttention-2 is a CUDA kernel; MaxText's attention is its own (splash, cuDNN).
    if (t.attention == "flash2" && t.framework == "maxtext")
        throwInputError(in.at("attention"), "\"flash\" or \"standard\" with framework \"maxtext\"",
                        "\"flash2\" (a CUDA kernel MaxText does not run)");
    in.finish();
    return t;
}

Json writeTrainingSpec(const TrainingSpec& t) {
    Json out = {{"global_batch_tokens", t.globalBatchTokens}, {"precision", t.precision}};
    if (t.recompute == "custom") {
        Json tensors = Json::object();
        for (const auto& [name, state] : t.recomputeTensors)
            tensors[name] = state;
        out["recompute"] = tensors;
    } else {
        out["recompute"] = t.recompute;
    }
    out["total_tokens"] = t.totalTokens;
    // Keys added after the first release are written only when they differ from the default,
    // so older files keep their exact text when saved again.
    const TrainingSpec defaults;
    if (t.framework != defaults.framework)
        out["framework"] = t.framework;
    if (!t.weightDtype.empty())
        out["weight_dtype"] = t.weightDtype;
    if (!t.gradDtype.empty())
        out["grad_dtype"] = t.gradDtype;
    if (t.optimizer != defaults.optimizer)
        out["optimizer"] = t.optimizer;
    if (!t.optimizerDtype.empty())
        out["optimizer_dtype"] = t.optimizerDtype;
    if (t.masterWeights)
        out["master_weights"] = *t.masterWeights;
    if (t.fp8Params)
        out["fp8_params"] = *t.fp8Params;
    if (t.attention != defaults.attention)
        out["attention"] = t.attention;
    if (t.dropout)
        out["dropout"] = true;
    if (t.moeDispatch != defaults.moeDispatch)
        out["moe_dispatch"] = t.moeDispatch;
    if (t.moeImbalance != defaults.moeImbalance)
        out["moe_imbalance"] = wholeNumberJson(t.moeImbalance);
    if (t.moeDispatcher != defaults.moeDispatcher)
        out["moe_dispatcher"] = t.moeDispatcher;
    if (t.gmmTiles != defaults.gmmTiles) {
        Json tiles = Json::object();
        for (int pass = 0; pass < kGmmPasses; ++pass)
            if (const GmmTile& tile = t.gmmTiles[pass]; tile != GmmTile{})
                tiles[gmmPassNames()[pass]] = Json::array({tile[0], tile[1], tile[2]});
        out["gmm_tiles"] = tiles;
    }
    if (t.splashBlocks != defaults.splashBlocks ||
        t.splashFusedBackward != defaults.splashFusedBackward) {
        Json blocks = Json::object();
        for (std::size_t pass = 0; pass < kSplashPasses.size(); ++pass)
            blocks[kSplashPasses[pass]] =
                Json::array({t.splashBlocks[2 * pass], t.splashBlocks[2 * pass + 1]});
        if (t.splashFusedBackward)
            blocks["fused_backward"] = true;
        out["splash_blocks"] = blocks;
    }
    if (!t.compile)
        out["compile"] = false;
    if (t.cudaGraphs)
        out["cuda_graphs"] = true;
    if (!t.gradientAccumulationFusion)
        out["gradient_accumulation_fusion"] = false;
    if (!t.asyncTpBackward)
        out["async_tensor_model_parallel_allreduce"] = false;
    if (!t.dcnHostReduction)
        out["dcn_host_reduction"] = false;
    if (t.vocabTiling > 1)
        out["vocab_tiling"] = t.vocabTiling;
    if (t.evalIntervalSteps > 0) {
        out["eval_interval_steps"] = t.evalIntervalSteps;
        out["eval_tokens"] = t.evalTokens;
        if (t.evalBatchTokens > 0)
            out["eval_batch_tokens"] = t.evalBatchTokens;
    }
    return out;
}

} // namespace podplanner::model

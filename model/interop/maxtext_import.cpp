// MaxText flags -> a PodPlanner job, resolving -1 as MaxText's fill_unspecified_mesh_axes does
// (src/maxtext/utils/max_utils.py) with base.yml's defaults (ici_fsdp_parallelism: -1,
// dcn_data_parallelism: -1; AI-Hypercomputer/maxtext e591f30).
#include "core/message_text.h"
#include "core/text_input.h"
#include "interop/launch_common.h"
#include "interop/maxtext_flags.h"
#include "interop/maxtext_input.h"
#include "interop/maxtext_models.h"
#include "interop/tpu_types.h"
#include "project/training_json.h"

#include <optional>
#include <sstream>
#include <stdexcept>

namespace podplanner::model::interop {

namespace {

struct AxisValue {
    std::int64_t value = 1;
    const LaunchFlag* flag = nullptr; // nullptr: base.yml's default
    std::string name;
};

// One -1 at most fills target / product of the others; the product must then be the target.
void fillMesh(std::vector<AxisValue>& axes, std::int64_t target, const std::string& kind,
              const std::string& targetText) {
    AxisValue* unspecified = nullptr;
    std::int64_t product = 1;
    for (auto& a : axes) {
        if (a.value == -1) {
            if (unspecified)
                throwImportError(a.flag ? flagLocation(*a.flag) : a.name,
                                 "at most one " + kind + " axis of -1 (MaxText fills one)",
                                 "-1 for " + unspecified->name + " and " + a.name,
                                 a.flag && unspecified->flag
                                     ? ""
                                     : "base.yml sets " +
                                           std::string(kind == "ICI" ? "ici_fsdp_parallelism"
                                                                     : "dcn_data_parallelism") +
                                           " to -1; set it to 1");
            unspecified = &a;
            continue;
        }
        if (a.value < 1) {
            if (a.flag)
                throwFlagError(*a.flag, "a positive whole number or -1");
        }
        product = countProduct(product, a.value, a.flag ? flagLocation(*a.flag) : a.name,
                               "an " + kind + " mesh");
    }
    if (unspecified) {
        if (target % product != 0 || target / product < 1)
            throwImportError(unspecified->flag ? flagLocation(*unspecified->flag)
                                               : unspecified->name,
                             "a " + kind + " mesh that divides the " + targetText + " (" +
                                 std::to_string(target) + ")",
                             "the other axes' product " + std::to_string(product));
        unspecified->value = target / product;
        product = target;
    }
    if (product != target) {
        const AxisValue* named = nullptr;
        for (const auto& a : axes)
            if (a.flag && a.value != 1)
                named = &a;
        throwImportError(named ? flagLocation(*named->flag) : kind + " parallelism",
                         "a " + kind + " mesh whose product is the " + targetText + " (" +
                             std::to_string(target) + ")",
                         "a product of " + std::to_string(product));
    }
}

// A flag that must lie in [lo, hi]: refused at its line, where the project file would refuse
// it too (or, for a value it never writes, silently drop it); nothing when not given.
std::optional<int> boundedFlag(FlagList& f, const std::string& key, std::int64_t lo,
                               std::int64_t hi) {
    const auto v = f.integer(key);
    if (!v)
        return std::nullopt;
    if (*v < lo || *v > hi)
        throwFlagError(*f.find(key),
                       "a whole number from " + std::to_string(lo) + " to " + std::to_string(hi));
    return static_cast<int>(*v);
}

void setBounded(FlagList& f, const std::string& key, int& field, std::int64_t lo, std::int64_t hi) {
    if (const auto v = boundedFlag(f, key, lo, hi))
        field = *v;
}

// MaxText's attention_type=mla (its deepseek decoder block): the head without rotary is
// qk_nope_head_dim wide, which PodPlanner keeps as head_dim.
void readLatentAttention(FlagList& f, ModelSpec& m) {
    const LaunchFlag* type = f.find("attention_type");
    if (!type || type->value != "mla")
        return;
    if (!m.isMla()) { // base.yml's defaults (DeepSeek-V2's shapes), unless model_name set them
        m.qLoraRank = 0;
        m.kvLoraRank = 512;
        m.headDim = 128;
        m.ropeHeadDim = 64;
        m.vHeadDim = 128;
    }
    setBounded(f, "q_lora_rank", m.qLoraRank, 0, 1'000'000);
    setBounded(f, "kv_lora_rank", m.kvLoraRank, 1, 1'000'000);
    setBounded(f, "qk_nope_head_dim", m.headDim, 1, 100'000);
    setBounded(f, "qk_rope_head_dim", m.ropeHeadDim, 0, 100'000);
    setBounded(f, "v_head_dim", m.vHeadDim, 1, 100'000);
    m.kvHeads = m.heads; // keys and values are projected up to every head
}

ModelSpec readModel(FlagList& f, ImportedJob& out) {
    ModelSpec m = maxTextBaseModel();
    if (const LaunchFlag* name = f.find("model_name"); name && name->value != "default") {
        const MaxTextModel* builtIn = findMaxTextModel(name->value);
        if (!builtIn) {
            std::string known;
            for (const auto& k : maxTextModels())
                known += (known.empty() ? "" : ", ") + k.name;
            throwFlagError(*name, "a MaxText model PodPlanner knows (" + known + ")",
                           "or give its dimensions as base_emb_dim, base_num_query_heads, ...");
        }
        const int seq = m.seqLen;
        m = builtIn->model;
        m.seqLen = seq;
    }
    auto set = [&](const char* key, int& field) {
        if (auto v = f.integer(key))
            field = static_cast<int>(*v);
    };
    set("base_emb_dim", m.dModel);
    set("base_num_query_heads", m.heads);
    set("base_num_kv_heads", m.kvHeads);
    set("head_dim", m.headDim);
    set("base_mlp_dim", m.ffn);
    set("base_num_decoder_layers", m.layers);
    set("vocab_size", m.vocab);
    set("max_target_length", m.seqLen);
    set("num_experts", m.experts);
    set("num_experts_per_tok", m.topK);
    m.expertFfn = m.isMoe() ? m.expertFfn : m.ffn;
    if (auto v = f.integer("base_moe_mlp_dim"); v && *v > 0)
        m.expertFfn = static_cast<int>(*v);
    if (m.isMoe()) {
        setBounded(f, "shared_experts", m.sharedExperts, 0, 1000);
        setBounded(f, "first_num_dense_layers", m.denseLayers, 0, m.layers - 1);
        setBounded(f, "interleave_moe_layer_step", m.moeEvery, 1, m.layers);
    }
    // A named config's dense layers (deepseek3-671b's 3) must leave MoE layers behind.
    if (m.isMoe() && m.moeLayerShare() <= 0)
        throwFlagError(f, "first_num_dense_layers",
                       "fewer dense layers than the " + std::to_string(m.layers) +
                           " decoder layers, leaving MoE layers (base_num_decoder_layers, "
                           "interleave_moe_layer_step)");
    readLatentAttention(f, m);
    setBounded(f, "mtp_num_layers", m.mtpLayers, 0, 100);
    if (const LaunchFlag* act = f.find("mlp_activations")) {
        const bool gated = act->value.find("linear") != std::string::npos;
        m.ffnKind = gated ? "swiglu" : "gelu";
        if (act->value.find(gated ? "silu" : "gelu") == std::string::npos)
            out.notes.push_back("mlp_activations=" + act->value + " read as " + m.ffnKind +
                                " (PodPlanner times a gated MLP as SwiGLU, else as GELU)");
    }
    if (const LaunchFlag* scale = f.find("global_parameter_scale"); scale && scale->value != "1")
        throwFlagError(*scale, "1 (PodPlanner reads the model's dimensions, not a scale)",
                       "give base_emb_dim, base_mlp_dim, ... instead");
    return m;
}

std::string readPrecision(FlagList& f) {
    const std::string quantization = f.text("quantization").value_or("");
    const std::string dtype = f.text("dtype").value_or("bfloat16");
    if (quantization.find("fp8") != std::string::npos)
        return "fp8";
    if (quantization == "int8")
        return "int8";
    return dtype == "float32" ? "fp32" : "bf16";
}

std::string readRemat(FlagList& f, const ModelSpec& model, ImportedJob& out) {
    const LaunchFlag* flag = f.find("remat_policy");
    const std::string policy = flag ? flag->value : "full";
    if (policy == "full" || policy == "none")
        return "full"; // both leave jax's remat policy None: everything is recomputed
    if (policy == "custom") {
        bool allOnDevice = true;
        for (const auto& tensor : maxTextRematTensors(model))
            allOnDevice = allOnDevice && f.text(tensor).value_or("remat") == "device";
        if (allOnDevice)
            return "none";
        out.notes.push_back("remat_policy=custom with some tensors rematerialized or offloaded: "
                            "timed as selective");
        return "selective";
    }
    if (policy != "minimal_with_context" && policy != "minimal" && policy != "minimal_flash")
        out.notes.push_back("remat_policy=" + policy +
                            " saves fewer tensors than PodPlanner's selective recompute, "
                            "which is what it is timed as");
    return "selective";
}

// eval_interval (base.yml: -1, never) every that many steps, eval_steps batches (-1: the whole
// eval split, whose size no flag gives) of int(devices x eval_per_device_batch_size) sequences
// (0: per_device_batch_size).
void readEvaluation(FlagList& f, std::int64_t devices, double perDevice, Job& job,
                    ImportedJob& out) {
    const std::int64_t interval = f.integer("eval_interval").value_or(-1);
    if (interval <= 0)
        return;
    const std::int64_t steps = f.integer("eval_steps").value_or(-1);
    if (steps <= 0) {
        out.notes.push_back("eval_interval=" + std::to_string(interval) +
                            " evaluates the whole eval split (no eval_steps): its size is not in "
                            "the flags, so evaluation is not timed");
        return;
    }
    double evalPerDevice = f.number("eval_per_device_batch_size").value_or(0.0);
    if (!(evalPerDevice >= 0.0) || evalPerDevice > static_cast<double>(kMaxFlagInteger))
        throwFlagError(f, "eval_per_device_batch_size",
                       "0 (per_device_batch_size) or a positive number of sequences, at most " +
                           std::to_string(kMaxFlagInteger));
    if (evalPerDevice <= 0.0)
        evalPerDevice = perDevice;
    const double sequences = static_cast<double>(devices) * evalPerDevice;
    if (sequences < 1.0)
        throwFlagError(f, "eval_per_device_batch_size",
                       "an evaluation batch of at least one sequence over " +
                           std::to_string(devices) + " devices");
    TrainingSpec& t = job.training;
    const std::int64_t batch = countProduct(static_cast<std::int64_t>(sequences), job.model.seqLen,
                                            "eval_per_device_batch_size", "an evaluation batch");
    t.evalIntervalSteps = interval;
    t.evalTokens = countProduct(steps, batch, "eval_steps", "the evaluation's tokens");
    t.evalBatchTokens = batch == t.globalBatchTokens ? 0 : batch;
}

// How the experts run: sparse_matmul (base.yml: true) sorts the tokens for a grouped matmul,
// false dispatches with one-hot einsums. The grouped matmul's tiles: the 18 per-pass
// wi_/wo_tile_<pass>_<dim> flags; before them (September to November 2025) tile_batch_seq,
// tile_embed_dim and tile_mlp_dim, one tuple in the kernel's (rows, contraction, output) order
// per projection for all its three kernels, (batch, embed, mlp) for wi and (batch, mlp, embed)
// for wo; before those (from May 2025) tile_batch_seq, tile_activation_dim and tile_weight_dim,
// one tuple for every kernel (AI-Hypercomputer/maxtext 68122a81a and 78aff425d, layers/moe.py).
void readExperts(FlagList& f, TrainingSpec& t) {
    if (f.has("sparse_matmul") && !f.flag("sparse_matmul"))
        t.moeDispatch = "dense";
    const auto flag = [&](const std::string& key) { return boundedFlag(f, key, 1, GmmTile::kMax); };
    const auto rows = flag("tile_batch_seq");
    const auto embed = flag("tile_embed_dim"), mlp = flag("tile_mlp_dim");
    const auto activation = flag("tile_activation_dim"), weight = flag("tile_weight_dim");
    for (int pass = 0; pass < kGmmPasses; ++pass) {
        GmmTile& tile = t.gmmTiles[pass];
        const bool up = pass < kWoFwd;
        auto contraction = activation, output = weight;
        if (embed || mlp) {
            contraction = up ? embed : mlp;
            output = up ? mlp : embed;
        }
        const bool embedK = gmmContractsEmbed(pass);
        if (rows)
            tile.batchSeq = *rows;
        if (contraction)
            (embedK ? tile.embed : tile.mlp) = *contraction;
        if (output)
            (embedK ? tile.mlp : tile.embed) = *output;
        for (int d = 0; d < 3; ++d)
            setBounded(f, maxTextTileFlag(static_cast<GmmPass>(pass), d), tile[d], 1,
                       GmmTile::kMax);
    }
}

// Splash attention's blocks (base.yml: 512 each): the forward kernel's, the backward dK/dV
// kernel's and the dQ kernel's; with sa_use_fused_bwd_kernel the dK/dV kernel computes dQ too.
void readSplashBlocks(FlagList& f, TrainingSpec& t) {
    for (std::size_t i = 0; i < kMaxTextSplashBlockFlags.size(); ++i)
        setBounded(f, kMaxTextSplashBlockFlags[i], t.splashBlocks[i], 1,
                   TrainingSpec::kMaxSplashBlock);
    if (f.has("sa_use_fused_bwd_kernel"))
        t.splashFusedBackward = f.flag("sa_use_fused_bwd_kernel");
    // Tokamax's splash kernel has only the fused backward, and MaxText forces it
    // (layers/attention_op.py, create_sa_config).
    if (f.flag("use_tokamax_splash"))
        t.splashFusedBackward = true;
}

// absl's spellings of a boolean flag's value (libtpu parses its flags with absl).
std::optional<bool> abslBool(const std::string& given) {
    const std::string value = asciiLower(given);
    if (value == "true" || value == "t" || value == "yes" || value == "y" || value == "1")
        return true;
    if (value == "false" || value == "f" || value == "no" || value == "n" || value == "0")
        return false;
    return std::nullopt;
}

// The one libtpu flag the engine models (LIBTPU_INIT_ARGS, exported by the script or set in
// xpk's command): where reductions across slices are summed (docs/engine.md, "Collectives").
void readLibtpuArgs(const MaxTextInput& in, FlagList& f, TrainingSpec& t, ImportedJob& out) {
    std::string args = in.libtpuArgs;
    const LaunchFlag* given = f.find("LIBTPU_INIT_ARGS");
    if (given)
        args += " " + given->value;
    static const std::string kName = "xla_tpu_use_megascale_host_reduction";
    std::istringstream words(args);
    for (std::string word; words >> word;) {
        const std::size_t eq = word.find('=');
        const std::string name = word.substr(0, eq);
        if (name == "--no" + kName && eq == std::string::npos) {
            t.dcnHostReduction = false;
        } else if (name == "--" + kName) {
            const auto value =
                eq == std::string::npos ? std::optional<bool>(true) : abslBool(word.substr(eq + 1));
            if (!value) {
                throwImportError(given ? flagLocation(*given)
                                       : std::string("LIBTPU_INIT_ARGS (exported by the script)"),
                                 "--" + kName + "=true or =false (or absl's t/f, yes/no, 1/0)",
                                 escapeForMessage(word));
            }
            t.dcnHostReduction = *value;
        }
    }
    if (!t.dcnHostReduction)
        out.notes.push_back("--" + kName +
                            "=false (LIBTPU_INIT_ARGS) read as dcn_host_reduction false: "
                            "reductions across slices summed on the TPUs");
}

// The ICI mesh over devices -> over chips: the axis that holds a chip's devices (maxtext_flags.h)
// is divided by their number.
void devicesToChips(std::vector<AxisValue>& ici, int devicesPerChip) {
    if (devicesPerChip <= 1)
        return;
    for (std::size_t a : kMaxTextDeviceAxes)
        if (ici[a].value > 1 && ici[a].value % devicesPerChip == 0) {
            ici[a].value /= devicesPerChip;
            return;
        }
    throwImportError("the ICI mesh",
                     "an axis of a multiple of " + std::to_string(devicesPerChip) +
                         " devices (the chip's TensorCores are devices of their own)",
                     "none");
}

} // namespace

ImportedJob importMaxText(const Project& project, const std::string& text,
                          const ImportOptions& options) {
    const ClusterSpec& cluster = project.cluster;
    if (cluster.pod.kind == PodKind::GpuFatTree)
        throwImportError("import maxtext", "a project on a TPU cluster",
                         "the GPU cluster \"" + cluster.name + "\"");
    MaxTextInput in = readMaxTextInput(text);
    ImportedJob out;
    out.extras = findExtras(in.comments);
    FlagList& f = in.overrides;
    if (f.empty())
        throwImportError("the input", "MaxText overrides (key=value) or a YAML file of them",
                         "none",
                         "a command like: python3 -m maxtext.trainers.pre_train.train "
                         "base.yml ici_fsdp_parallelism=-1 ...");

    // The slice: xpk --tpu-type, MaxText's compile_topology, --shape, or the carried placement.
    std::string topology;
    // xpk names the slice with --tpu-type, or with --device-type (TPUs and GPUs alike).
    const LaunchFlag* typeFlag = in.xpk.find("--tpu-type");
    if (!typeFlag)
        typeFlag = in.xpk.find("--device-type");
    if (!typeFlag)
        if (const LaunchFlag* compile = f.find("compile_topology");
            compile && !compile->value.empty())
            typeFlag = compile;
    if (typeFlag) {
        ParsedTpuType type;
        try {
            type = parseTpuType(typeFlag->value);
        } catch (const std::invalid_argument& e) {
            throwFlagError(*typeFlag, e.what());
        }
        if (type.generation->chipId != cluster.chip.id)
            throwFlagError(*typeFlag, "a slice of the project's chip, " + cluster.chip.name,
                           typeFlag->value + " is a " + type.generation->prefix + " slice");
        topology = type.topology;
    } else if (!options.shape.empty()) {
        if (topologyChips(options.shape) == 0)
            throwImportError("--shape", "a slice topology such as 4x4x8",
                             escapeForMessage(options.shape));
        topology = options.shape;
    } else if (!out.extras.empty()) {
        const Json extras = parseJsonText(out.extras);
        if (extras.contains("placement") && extras["placement"].contains("shape") &&
            extras["placement"]["shape"].is_string())
            topology = extras["placement"]["shape"].get<std::string>();
    }

    int slices = options.slices > 0 ? options.slices : 0;
    for (const auto& [flags, name] : {std::pair<FlagList*, const char*>{&in.xpk, "--num-slices"},
                                      {&f, "num_slices"},
                                      {&f, "compile_topology_num_slices"}})
        if (auto v = flags->integer(name); v && *v > 0 && slices == 0)
            slices = static_cast<int>(*v);
    if (slices == 0 && !out.extras.empty()) {
        const Json extras = parseJsonText(out.extras);
        if (extras.contains("placement") && extras["placement"].contains("pods"))
            slices = static_cast<int>(extras["placement"]["pods"].size());
    }
    slices = std::max(slices, 1);

    std::vector<AxisValue> ici, dcn;
    for (std::size_t a = 0; a < kMaxTextAxes.size(); ++a) {
        for (const auto& [list, prefix] :
             {std::pair<std::vector<AxisValue>*, const char*>{&ici, "ici_"}, {&dcn, "dcn_"}}) {
            const std::string name = std::string(prefix) + kMaxTextAxes[a].flag + "_parallelism";
            AxisValue v{1, f.find(name), name};
            if (v.flag)
                v.value = *f.integer(name);
            else if ((prefix == std::string("ici_") && a == 1) ||
                     (prefix == std::string("dcn_") && a == 0))
                v.value = -1; // base.yml's auto-sharded axes
            list->push_back(v);
        }
    }
    for (const char* other : kMaxTextOtherAxes)
        for (const char* prefix : {"ici_", "dcn_"}) {
            const std::string name = std::string(prefix) + other + "_parallelism";
            if (auto v = f.integer(name); v && *v != 1)
                throwFlagError(f, name,
                               "1 (PodPlanner has no " + std::string(other) +
                                   " axis; fold it into data, fsdp, tensor, "
                                   "stage, expert or context)");
        }

    const int devicesPerChip = std::max(1, cluster.chip.devicesPerChip);
    long chipsPerSlice = topology.empty() ? 0 : topologyChips(topology);
    if (chipsPerSlice == 0) {
        std::int64_t product = 1;
        bool open = false;
        for (const auto& a : ici) {
            open = open || a.value == -1;
            product = countProduct(product, a.value, a.name, "an ICI mesh");
        }
        if (open)
            throwImportError("ici_fsdp_parallelism",
                             "the slice size, to fill the -1 axis as MaxText does",
                             "no --tpu-type, compile_topology or --shape",
                             "give the slice with --shape TOPOLOGY (e.g. 4x4x8) or --tpu-type");
        if (product % devicesPerChip != 0)
            throwImportError("the ICI mesh",
                             "a whole number of chips of " + std::to_string(devicesPerChip) +
                                 " devices",
                             std::to_string(product) + " devices");
        chipsPerSlice = static_cast<long>(product / devicesPerChip);
        topology = defaultTopology(cluster, chipsPerSlice);
        if (topology.empty())
            throwImportError("the ICI mesh", "a slice size Cloud TPU names",
                             std::to_string(chipsPerSlice) + " chips", "give --shape");
        out.notes.push_back("slice topology " + topology + " chosen for " +
                            std::to_string(chipsPerSlice) + " chips (xpk's default)");
    }
    if (static_cast<std::int64_t>(chipsPerSlice) * slices > kMaxFlagInteger)
        throwImportError("the slices", "at most " + std::to_string(kMaxFlagInteger) + " chips",
                         std::to_string(slices) + " slices of " + std::to_string(chipsPerSlice));
    fillMesh(ici, static_cast<std::int64_t>(chipsPerSlice) * devicesPerChip, "ICI",
             devicesPerChip > 1 ? "devices per slice" : "chips per slice");
    devicesToChips(ici, devicesPerChip);
    if (slices > 1) {
        fillMesh(dcn, slices, "DCN", "number of slices");
    } else {
        for (auto& a : dcn)
            a.value = 1; // MaxText reads the DCN flags only for more than one slice
    }

    Job& job = out.job;
    job.name = !options.name.empty() ? options.name : f.text("run_name").value_or("");
    job.model = readModel(f, out);
    auto& p = job.parallelism;
    int* fields[6] = {&p.dp, &p.fsdp, &p.tp, &p.pp, &p.ep, &p.cp};
    for (std::size_t a = 0; a < 6; ++a) {
        *fields[a] = static_cast<int>(ici[a].value * dcn[a].value); // at most the chips
        // An axis wholly between slices is kept there; a split one is left to the mapping
        // search (MaxText's flags fix the split, PodPlanner's mapping names only the axes).
        static const char* const kPodAxes[6] = {"dp", "fsdp", "tp", "pp", "ep", "cp"};
        if (ici[a].value == 1 && dcn[a].value > 1)
            p.mapping.push_back({kPodAxes[a], {"dcn"}});
        else if (ici[a].value > 1 && dcn[a].value > 1)
            out.notes.push_back(std::string(kPodAxes[a]) + " spans " +
                                std::to_string(ici[a].value) + " chips of a slice and " +
                                std::to_string(dcn[a].value) +
                                " slices; PodPlanner's mapping search lays it");
    }
    if (cluster.sites.size() > 1)
        for (auto& [axis, physical] : p.mapping)
            physical.push_back("wan");

    const std::int64_t chips = static_cast<std::int64_t>(chipsPerSlice) * slices;
    const double perDevice = f.number("per_device_batch_size").value_or(12.0);
    if (!(perDevice > 0.0) || perDevice > static_cast<double>(kMaxFlagInteger))
        throwFlagError(f, "per_device_batch_size",
                       "a positive number of sequences, at most " +
                           std::to_string(kMaxFlagInteger));
    const std::int64_t accumulation = f.integer("gradient_accumulation_steps").value_or(1);
    if (accumulation < 1)
        throwFlagError(f, "gradient_accumulation_steps", "a positive whole number");
    // MaxText's batch is per device, and a chip may present several. Both factors are bounded
    // (chips above, the batch here), so the product is exact enough to refuse a batch of no
    // sequence before it becomes a whole number.
    const std::int64_t devices = chips * devicesPerChip;
    const double perStep = static_cast<double>(devices) * perDevice;
    if (perStep < 1.0)
        throwFlagError(f, "per_device_batch_size",
                       "a batch of at least one sequence over " + std::to_string(devices) +
                           (devicesPerChip > 1 ? " devices" : " chips"));
    const std::int64_t sequences =
        countProduct(static_cast<std::int64_t>(perStep), accumulation,
                     "per_device_batch_size x devices x gradient_accumulation_steps", "a batch");
    job.training.globalBatchTokens =
        countProduct(sequences, job.model.seqLen, "max_target_length", "a batch in tokens");
    job.training.precision = readPrecision(f);
    job.training.recompute = readRemat(f, job.model, out);
    if (job.model.isMoe())
        readExperts(f, job.training);
    readSplashBlocks(f, job.training);
    readLibtpuArgs(in, f, job.training, out);
    const std::int64_t tiles = f.integer("num_vocab_tiling").value_or(1); // base.yml: 1
    if (tiles < 1 || tiles > TrainingSpec::kMaxVocabTiling)
        throwFlagError(f, "num_vocab_tiling",
                       "1 to " + std::to_string(TrainingSpec::kMaxVocabTiling) +
                           " chunks of the loss");
    job.training.vocabTiling = static_cast<int>(tiles);
    const std::int64_t steps = f.integer("steps").value_or(150'001); // base.yml
    if (steps < 1)
        throwFlagError(f, "steps", "a positive number of steps",
                       "PodPlanner needs the run's length to time it");
    job.training.totalTokens =
        countProduct(steps, job.training.globalBatchTokens, "steps", "the run's tokens");
    readEvaluation(f, devices, perDevice, job, out);

    p.microbatches = static_cast<int>(accumulation);
    if (p.pp > 1) {
        const std::int64_t pipelineMicro = f.integer("num_pipeline_microbatches").value_or(-1);
        p.microbatches = microbatchCount(f, accumulation, pipelineMicro > 0 ? pipelineMicro : p.pp,
                                         "num_pipeline_microbatches");
        const std::int64_t perStage = f.integer("num_layers_per_pipeline_stage").value_or(1);
        std::int64_t repeats = f.integer("num_pipeline_repeats").value_or(-1);
        if (repeats <= 0)
            repeats = job.model.layers / std::max<std::int64_t>(1, p.pp * perStage);
        p.virtualStages = static_cast<int>(std::max<std::int64_t>(1, repeats));
        p.ppSchedule = p.virtualStages > 1 ? "interleaved" : "1f1b";
        if (f.flag("pipeline_fsdp_ag_once"))
            p.fsdpGather = "per_step";
    }
    p.shardOptimizer = f.flag("shard_optimizer_over_data");
    job.placement = importedPlacement(cluster, slices, topology, 0);

    out.unmodelled = f.unused();
    for (const auto& s : in.skipped)
        out.unmodelled.push_back(s);
    for (const auto& x : in.xpk.unused())
        out.unmodelled.push_back("xpk " + x);
    return out;
}

} // namespace podplanner::model::interop

// torchtitan's job TOML (and --section.key command-line overrides) -> a PodPlanner job:
// world = dp_replicate x dp_shard x cp x tp x pp, dp_shard -1 takes what is left
// (torchtitan/distributed/parallel_dims.py, pytorch/torchtitan 238fa99).
#include "interop/launch_common.h"
#include "interop/toml_reader.h"
#include "interop/torchtitan_models.h"

#include <algorithm>

namespace podplanner::model::interop {

namespace {

std::int64_t degree(FlagList& f, const std::string& key, std::int64_t fallback) {
    const auto v = f.integer(key);
    if (!v)
        return fallback;
    if (*v < 1 && !(key == "parallelism.data_parallel_shard_degree" && *v == -1))
        throwFlagError(f, key,
                       key == "parallelism.data_parallel_shard_degree"
                           ? "-1 or a positive whole number"
                           : "a positive whole number");
    return *v;
}

// "--parallelism.tensor_parallel_degree 8" and "--training.steps=10" after the TOML.
void readOverrides(const std::string& text, TomlDocument& doc) {
    const ShellScript script = readShellScript(text);
    for (const auto& cmd : script.commands)
        for (std::size_t i = 0; i < cmd.words.size(); ++i) {
            const std::string& w = cmd.words[i].text;
            if (w.rfind("--", 0) != 0 || w.find('.') == std::string::npos)
                continue;
            const std::size_t eq = w.find('=');
            if (eq != std::string::npos)
                doc.values.add(w.substr(2, eq - 2), w.substr(eq + 1), true, cmd.words[i].line);
            else if (i + 1 < cmd.words.size()) {
                doc.values.add(w.substr(2), cmd.words[i + 1].text, true, cmd.words[i].line);
                ++i;
            }
        }
}

bool looksLikeToml(const std::string& text) {
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t end = text.find('\n', i);
        const std::string line = text.substr(i, end == std::string::npos ? end : end - i);
        const std::size_t a = line.find_first_not_of(" \t\r");
        if (a != std::string::npos && line[a] != '#')
            return line[a] == '[' || line.find(" = ") != std::string::npos;
        if (end == std::string::npos)
            break;
        i = end + 1;
    }
    return false;
}

} // namespace

ImportedJob importTorchtitan(const Project& project, const std::string& text,
                             const ImportOptions& options) {
    const ClusterSpec& cluster = project.cluster;
    if (cluster.pod.kind != PodKind::GpuFatTree)
        throwImportError("import torchtitan", "a project on a GPU cluster",
                         "the TPU cluster \"" + cluster.name + "\"");
    TomlDocument doc;
    if (looksLikeToml(text))
        doc = readToml(text);
    else
        readOverrides(text, doc);
    FlagList& f = doc.values;
    if (f.empty())
        throwImportError("the input", "a torchtitan job TOML ([training], [parallelism], ...)",
                         "none");
    ImportedJob out;
    out.extras = findExtras(doc.comments);
    Json extras = out.extras.empty() ? Json() : parseJsonText(out.extras);

    auto& job = out.job;
    auto& m = job.model;
    const std::string name = f.text("model.name").value_or("llama3");
    const std::string flavorName = f.text("model.flavor").value_or("debugmodel");
    const TorchtitanFlavor* flavor = name == "llama3" ? findTorchtitanFlavor(flavorName) : nullptr;
    if (flavor) {
        m = flavor->model;
    } else if (extras.is_object() && extras.contains("model")) {
        // Replaced by the carried model; its layers are needed now for the pipeline split.
        m.layers = m.dModel = m.heads = m.ffn = m.vocab = 1;
        m.kvHeads = m.headDim = 1;
        if (extras["model"].contains("layers") && extras["model"]["layers"].is_number_integer())
            m.layers = extras["model"]["layers"].get<int>();
        out.notes.push_back("the model from the podplanner-job line (flavor " + flavorName + ")");
    } else {
        std::string known;
        for (const auto& k : torchtitanFlavors())
            known += (known.empty() ? "" : ", ") + k.name;
        const LaunchFlag* flag = f.find("model.flavor");
        if (!flag)
            flag = f.find("model.name");
        if (flag)
            throwFlagError(*flag, "a llama3 flavor PodPlanner knows (" + known + ")");
        throwImportError("model.flavor", "a llama3 flavor (" + known + ")", "none");
    }
    m.seqLen = static_cast<int>(degree(f, "training.seq_len", 2048));

    auto& p = job.parallelism;
    p.dp = static_cast<int>(degree(f, "parallelism.data_parallel_replicate_degree", 1));
    std::int64_t shard = degree(f, "parallelism.data_parallel_shard_degree", -1);
    p.tp = static_cast<int>(degree(f, "parallelism.tensor_parallel_degree", 1));
    p.pp = static_cast<int>(degree(f, "parallelism.pipeline_parallel_degree", 1));
    p.cp = static_cast<int>(degree(f, "parallelism.context_parallel_degree", 1));
    p.ep = static_cast<int>(degree(f, "parallelism.expert_parallel_degree", 1));
    const std::int64_t others = countProduct(std::int64_t{p.dp} * p.cp, std::int64_t{p.tp} * p.pp,
                                             "parallelism", "dp_replicate x cp x tp x pp");

    std::int64_t nodes = options.nodes;
    if (nodes == 0 && extras.is_object() && extras.contains("placement") &&
        extras["placement"].contains("nodes") && extras["placement"]["nodes"].is_number_integer())
        nodes =
            countProduct(std::clamp<std::int64_t>(extras["placement"]["nodes"].get<std::int64_t>(),
                                                  0, kMaxFlagInteger),
                         static_cast<std::int64_t>(extras["placement"].contains("pods")
                                                       ? extras["placement"]["pods"].size()
                                                       : 1),
                         "the # podplanner-job: comment", "a node count") *
            cluster.pod.jobHostsPerNode();                 // placed nodes -> hosts
    const std::int64_t perNode = cluster.pod.chipsPerHost; // a launcher's node is a host
    if (nodes == 0) {
        if (shard == -1)
            throwImportError("parallelism.data_parallel_shard_degree",
                             "the world size, to fill -1 as torchtitan does",
                             "no node count (a TOML does not give one)", "give --nodes N");
        const std::int64_t gpus = countProduct(others, shard, "parallelism", "a world size");
        if (gpus % perNode != 0)
            throwImportError("the parallelism degrees",
                             "a world size of whole nodes of " + std::to_string(perNode) + " GPUs",
                             std::to_string(gpus) + " GPUs");
        nodes = gpus / perNode;
    }
    const std::int64_t world = countProduct(nodes, perNode, "--nodes", "a world size");
    if (shard == -1) {
        if (world % others != 0)
            throwImportError("parallelism.data_parallel_shard_degree",
                             "a world size (" + std::to_string(world) +
                                 ") divisible by dp_replicate x cp x tp x pp (" +
                                 std::to_string(others) + ")",
                             "a remainder");
        shard = world / others;
    }
    if (countProduct(others, shard, "parallelism", "a world size") != world) {
        const LaunchFlag* flag = f.find("parallelism.data_parallel_shard_degree");
        throwImportError(flag ? flagLocation(*flag) : "parallelism",
                         "dp_replicate x dp_shard x cp x tp x pp = WORLD_SIZE (" +
                             std::to_string(world) + " = " + std::to_string(nodes) + " nodes x " +
                             std::to_string(perNode) + ")",
                         std::to_string(others) + " x " + std::to_string(shard));
    }
    if (shard % p.ep != 0)
        throwFlagError(f, "parallelism.expert_parallel_degree",
                       "a divisor of data_parallel_shard_degree (" + std::to_string(shard) + ")",
                       "PodPlanner lays experts over a share of dp_shard");
    p.fsdp = static_cast<int>(shard / p.ep);
    p.sequenceParallel = p.tp > 1;
    // Async TP (micro-pipelined all-gather and reduce-scatter matmuls): torchtitan applies it
    // only under torch.compile (read below).
    const bool asyncTp = f.flag("parallelism.enable_async_tensor_parallel");

    const std::int64_t dpDegree = std::int64_t{p.dp} * shard; // both within the world size
    const std::int64_t local = degree(f, "training.local_batch_size", 8);
    const std::int64_t perStep =
        countProduct(local, dpDegree, "training.local_batch_size", "a batch per microbatch step");
    std::int64_t global = degree(f, "training.global_batch_size", -1);
    if (global <= 0)
        global = perStep;
    if (global % perStep != 0)
        throwFlagError(f, "training.global_batch_size",
                       "a multiple of local_batch_size x data-parallel degree (" +
                           std::to_string(perStep) + ")");
    p.microbatches = static_cast<int>(global / perStep);
    if (p.pp > 1) {
        const std::int64_t micro = degree(f, "parallelism.pipeline_parallel_microbatch_size", 1);
        if (local % micro != 0)
            throwFlagError(f, "parallelism.pipeline_parallel_microbatch_size",
                           "a divisor of local_batch_size (" + std::to_string(local) + ")");
        p.microbatches = microbatchCount(f, p.microbatches, local / micro,
                                         "parallelism.pipeline_parallel_microbatch_size");
        const std::string schedule =
            f.text("parallelism.pipeline_parallel_schedule").value_or("1F1B");
        if (schedule.find("Interleaved") != std::string::npos ||
            schedule.find("Looped") != std::string::npos) {
            const std::int64_t perStage =
                degree(f, "parallelism.pipeline_parallel_layers_per_stage", 1);
            p.virtualStages =
                static_cast<int>(std::max<std::int64_t>(1, m.layers / (p.pp * perStage)));
            p.ppSchedule = "interleaved";
        } else if (schedule != "1F1B" && schedule != "GPipe") {
            out.notes.push_back("pipeline_parallel_schedule " + schedule + " timed as 1F1B");
        }
    }
    if (f.text("parallelism.fsdp_reshard_after_forward").value_or("default") == "never")
        p.fsdpGather = "per_step";
    p.shardOptimizer = false; // FSDP shards optimizer state over dp_shard, never over dp_replicate

    auto& t = job.training;
    t.globalBatchTokens = countProduct(global, m.seqLen, "training.seq_len", "a batch in tokens");
    t.totalTokens = countProduct(degree(f, "training.steps", 10000), t.globalBatchTokens,
                                 "training.steps", "the run's tokens");
    const std::string converters = f.text("model.converters").value_or("[]");
    t.precision = converters.find("float8") != std::string::npos ? "fp8"
                  : f.text("training.mixed_precision_param").value_or("bfloat16") == "float32"
                      ? "fp32"
                      : "bf16";
    // The dtype FSDP reduces gradients in: float32 (torchtitan allows no other; forks add
    // bfloat16).
    if (const auto reduce = f.text("training.mixed_precision_reduce"))
        t.gradDtype = *reduce == "bfloat16" ? "bf16" : "fp32";
    // torchtitan is PyTorch FSDP2; without torch.compile (off by default) the model's
    // element-wise ops run eagerly ([compile] enable; [training] compile before 2025).
    t.framework = "pytorch_fsdp";
    const bool compileSection = f.flag("compile.enable"), compileKey = f.flag("training.compile");
    t.compile = compileSection || compileKey;
    p.tpOverlap = p.tp > 1 && asyncTp && t.compile;
    const std::string mode = f.text("activation_checkpoint.mode").value_or("selective");
    t.recompute = mode == "full" ? "full" : mode == "none" ? "none" : "selective";
    if (mode == "memory_budget")
        out.notes.push_back("activation_checkpoint.mode memory_budget timed as selective");

    job.name = !options.name.empty() ? options.name : f.text("job.description").value_or("");
    job.placement = importedPlacement(cluster, 1, "", nodes);
    out.unmodelled = f.unused();
    return out;
}

} // namespace podplanner::model::interop

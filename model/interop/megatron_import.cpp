// Megatron-LM arguments -> a PodPlanner job: world = tensor x pipeline x context x
// data-parallel (arguments.py, validate_args), experts over a share of data-parallel.
#include "interop/launch_common.h"

#include <algorithm>
#include <sstream>

namespace podplanner::model::interop {

namespace {

// Tokenizers whose vocabulary is fixed, for scripts that give no --vocab-size: GPT-2's BPE
// (50,257 tokens, Radford et al. 2019) and Llama 2's SentencePiece model (32,000 tokens,
// Touvron et al. 2023, section 2.1).
int tokenizerVocab(const std::string& type) {
    if (type == "GPT2BPETokenizer")
        return 50257;
    if (type == "Llama2Tokenizer")
        return 32000;
    return 0;
}

struct MegatronInput {
    FlagList args;     // of pretrain_*.py
    FlagList launcher; // of torchrun
    std::int64_t sbatchNodes = 0;
    std::vector<ShellComment> comments;
};

// Flags of several values (argparse nargs='+'): their words are kept space-separated.
bool takesSeveralValues(const std::string& flag) {
    return flag == "--cuda-graph-scope" || flag == "--cuda-graph-modules";
}

void readFlags(const std::vector<ShellWord>& words, std::size_t from, std::size_t to,
               FlagList& into) {
    for (std::size_t i = from; i < to; ++i) {
        const std::string& w = words[i].text;
        if (w.rfind("--", 0) != 0)
            continue;
        const std::size_t eq = w.find('=');
        const auto isValue = [&](std::size_t j) {
            return j < to && words[j].text.rfind("--", 0) != 0;
        };
        if (eq != std::string::npos) {
            into.add(w.substr(0, eq), w.substr(eq + 1), true, words[i].line);
        } else if (isValue(i + 1)) {
            std::string value = words[i + 1].text;
            const int line = words[i].line;
            ++i;
            while (takesSeveralValues(w) && isValue(i + 1))
                value += " " + words[++i].text;
            into.add(w, value, true, line);
        } else {
            into.add(w, "", false, words[i].line);
        }
    }
}

MegatronInput readInput(const std::string& text) {
    MegatronInput in;
    const ShellScript script = readShellScript(text);
    in.comments = script.comments;
    for (const auto& c : script.comments) {
        const std::string key = "SBATCH --nodes=";
        if (c.text.rfind(key, 0) == 0)
            in.sbatchNodes = std::atoll(c.text.c_str() + key.size());
    }
    for (const auto& cmd : script.commands) {
        const auto& w = cmd.words;
        for (std::size_t i = 0; i < w.size(); ++i) {
            const std::string& t = w[i].text;
            if (t.size() > 3 && t.compare(t.size() - 3, 3, ".py") == 0 &&
                t.find("pretrain") != std::string::npos) {
                readFlags(w, 0, i, in.launcher);
                readFlags(w, i + 1, w.size(), in.args);
                return in;
            }
        }
    }
    return in;
}

std::int64_t positive(FlagList& f, const std::string& name, std::int64_t fallback) {
    const auto v = f.integer(name);
    if (!v)
        return fallback;
    if (*v < 1)
        throwFlagError(f, name, "a positive whole number");
    return *v;
}

std::int64_t required(FlagList& f, const std::string& name) {
    const auto v = f.integer(name);
    if (!v)
        throwImportError(name, "the flag (Megatron needs it)", "no " + name);
    if (*v < 1)
        throwFlagError(f, name, "a positive whole number");
    return *v;
}

// CUDA graphs (--cuda-graph-impl local | transformer_engine; before it --enable-cuda-graph and
// --external-cuda-graph): PodPlanner models a capture of whole layers or the whole iteration
// (scope full_iteration, "full", none given, or attn with mlp or moe), which leaves the host
// nothing to issue per kernel; a partial capture is timed as eager, and said so.
void readCudaGraphs(FlagList& f, TrainingSpec& t, std::vector<std::string>& notes) {
    const std::string impl = f.text("--cuda-graph-impl").value_or("none");
    const bool legacy = f.flag("--enable-cuda-graph") || f.flag("--external-cuda-graph");
    const std::string scope = f.text("--cuda-graph-scope").value_or("") + " " +
                              f.text("--cuda-graph-modules").value_or("");
    if (impl == "none" && !legacy)
        return;
    std::vector<std::string> parts;
    std::istringstream words(scope);
    for (std::string w; words >> w;)
        parts.push_back(w);
    const auto has = [&](const char* name) {
        return std::find(parts.begin(), parts.end(), name) != parts.end();
    };
    t.cudaGraphs = parts.empty() || has("full") || has("full_iteration") ||
                   (has("attn") && (has("mlp") || has("moe")));
    if (!t.cudaGraphs)
        notes.push_back("CUDA graphs of part of each layer (" +
                        scope.substr(0, scope.find_last_not_of(' ') + 1) +
                        ") timed as eager: the experts and their dispatch still issue each "
                        "kernel from the host (docs/engine.md, \"Host-bound layers\")");
}

} // namespace

ImportedJob importMegatron(const Project& project, const std::string& text,
                           const ImportOptions& options) {
    const ClusterSpec& cluster = project.cluster;
    if (cluster.pod.kind != PodKind::GpuFatTree)
        throwImportError("import megatron", "a project on a GPU cluster",
                         "the TPU cluster \"" + cluster.name + "\"");
    MegatronInput in = readInput(text);
    FlagList& f = in.args;
    if (f.empty())
        throwImportError("the input", "a pretrain_gpt.py command with its arguments", "none",
                         "torchrun --nproc_per_node 8 --nnodes 2 pretrain_gpt.py --num-layers "
                         "...");
    ImportedJob out;
    out.extras = findExtras(in.comments);

    // World size: torchrun's nodes x processes per node.
    const int gpusPerNode = cluster.pod.chipsPerHost; // a launcher's node is a host
    std::int64_t perNode = gpusPerNode;
    for (const char* name : {"--nproc_per_node", "--nproc-per-node"})
        if (const LaunchFlag* flag = in.launcher.find(name)) {
            perNode = positive(in.launcher, name, gpusPerNode);
            if (perNode != gpusPerNode)
                throwFlagError(*flag,
                               "the project's " + std::to_string(gpusPerNode) + " GPUs per node");
        }
    std::int64_t nodes = options.nodes;
    if (nodes == 0)
        if (const LaunchFlag* flag = in.launcher.find("--nnodes")) {
            if (flag->value.find(':') != std::string::npos)
                throwFlagError(*flag, "a fixed node count (elastic ranges are not planned)");
            nodes = positive(in.launcher, "--nnodes", 1);
        }
    if (nodes == 0)
        nodes = in.sbatchNodes;
    if (nodes == 0)
        throwImportError("--nnodes", "the number of nodes (torchrun --nnodes, #SBATCH --nodes)",
                         "none", "give it with --nodes N");
    const std::int64_t world = countProduct(nodes, perNode, "--nnodes", "a world size");
    for (const char* where :
         {"--node_rank", "--node-rank", "--master_addr", "--master-addr", "--master_port",
          "--master-port", "--rdzv_backend", "--rdzv_endpoint", "--rdzv_id"})
        in.launcher.has(where); // where the processes meet, not what they run

    auto& job = out.job;
    auto& p = job.parallelism;
    p.tp = static_cast<int>(positive(f, "--tensor-model-parallel-size", 1));
    p.pp = static_cast<int>(positive(f, "--pipeline-model-parallel-size", 1));
    p.cp = static_cast<int>(positive(f, "--context-parallel-size", 1));
    std::int64_t product = 1;
    for (const auto& [name, size] :
         {std::pair<const char*, int>{"--tensor-model-parallel-size", p.tp},
          {"--pipeline-model-parallel-size", p.pp},
          {"--context-parallel-size", p.cp}}) {
        product = countProduct(product, size, name, "a model-parallel size");
        if (world % product != 0)
            throwImportError(f.find(name) ? flagLocation(*f.find(name)) : name,
                             "a model-parallel size that divides the world size " +
                                 std::to_string(world) + " (" + std::to_string(nodes) +
                                 " nodes x " + std::to_string(perNode) + " GPUs)",
                             "tensor x pipeline x context = " + std::to_string(product));
    }
    const std::int64_t dataParallel = world / product;
    p.ep = static_cast<int>(positive(f, "--expert-model-parallel-size", 1));
    if (dataParallel % p.ep != 0)
        throwFlagError(f, "--expert-model-parallel-size",
                       "an expert-parallel size that divides data-parallel (" +
                           std::to_string(dataParallel) + ")",
                       "PodPlanner lays experts over a share of the data-parallel ranks");
    std::int64_t replicas = dataParallel / p.ep;
    const bool fsdp = f.has("--use-megatron-fsdp") || f.has("--use-torch-fsdp2");
    const std::int64_t instances = positive(f, "--num-distributed-optimizer-instances", 1);
    if (fsdp) {
        if (replicas % instances != 0)
            throwFlagError(f, "--num-distributed-optimizer-instances",
                           "a divisor of data-parallel / expert-parallel (" +
                               std::to_string(replicas) + ")");
        p.dp = static_cast<int>(instances);
        p.fsdp = static_cast<int>(replicas / instances);
        const std::string strategy =
            f.text("--data-parallel-sharding-strategy").value_or("optim_grads_params");
        if (strategy == "optim_grads")
            p.fsdpGather = "per_step";
        else if (strategy != "optim_grads_params")
            out.notes.push_back("--data-parallel-sharding-strategy " + strategy +
                                " timed as FSDP (optim_grads_params)");
    } else {
        p.dp = static_cast<int>(replicas);
    }
    p.shardOptimizer = f.has("--use-distributed-optimizer");
    p.sequenceParallel = f.has("--sequence-parallel");
    p.tpOverlap = f.has("--tp-comm-overlap"); // Transformer Engine's userbuffers
    if (auto v = f.integer("--num-virtual-stages-per-pipeline-rank"))
        p.virtualStages = static_cast<int>(std::max<std::int64_t>(1, *v));

    auto& m = job.model;
    m.layers = static_cast<int>(required(f, "--num-layers"));
    m.dModel = static_cast<int>(required(f, "--hidden-size"));
    m.heads = static_cast<int>(required(f, "--num-attention-heads"));
    m.ffnKind = f.has("--swiglu") ? "swiglu" : "gelu";
    // arguments.py: 4h, or for SwiGLU int(4h x 2/3 / 64) x 64.
    const std::int64_t defaultFfn = m.ffnKind == "swiglu"
                                        ? (4 * std::int64_t{m.dModel} * 2 / 3) / 64 * 64
                                        : 4 * std::int64_t{m.dModel};
    m.ffn = static_cast<int>(positive(f, "--ffn-hidden-size", defaultFfn));
    m.kvHeads = f.has("--group-query-attention")
                    ? static_cast<int>(positive(f, "--num-query-groups", 1))
                    : m.heads;
    if (!f.has("--group-query-attention"))
        f.has("--num-query-groups"); // read only with --group-query-attention
    m.headDim = static_cast<int>(positive(f, "--kv-channels", m.dModel / m.heads));
    m.seqLen = static_cast<int>(required(f, "--seq-length"));
    f.has("--max-position-embeddings"); // rotary or learned positions cost no matmul time
    if (auto v = f.integer("--vocab-size")) {
        m.vocab = static_cast<int>(*v);
    } else {
        const std::string tokenizer = f.text("--tokenizer-type").value_or("");
        m.vocab = tokenizerVocab(tokenizer);
        if (m.vocab == 0)
            throwImportError("--vocab-size", "the vocabulary size",
                             tokenizer.empty() ? "no --vocab-size and no --tokenizer-type"
                                               : "--tokenizer-type " + tokenizer +
                                                     ", whose vocabulary is in a file",
                             "add --vocab-size N");
        out.notes.push_back("vocabulary " + std::to_string(m.vocab) + " from --tokenizer-type " +
                            tokenizer);
    }
    if (auto experts = f.integer("--num-experts"); experts && *experts > 1) {
        m.experts = static_cast<int>(*experts);
        m.topK = static_cast<int>(positive(f, "--moe-router-topk", 2));
        m.expertFfn = static_cast<int>(positive(f, "--moe-ffn-hidden-size", m.ffn));
        // Megatron's linear layers add biases (add_bias_linear) unless told not to.
        m.expertBias = !f.has("--disable-bias-linear");
    } else {
        m.expertFfn = m.ffn;
    }
    if (!f.has("--untie-embeddings-and-output-weights"))
        out.notes.push_back("tied input and output embeddings are timed as two matrices");

    if (p.virtualStages == 1)
        if (auto v = f.integer("--num-layers-per-virtual-pipeline-stage"); v && *v > 0)
            p.virtualStages = static_cast<int>(m.layers / (p.pp * *v));
    p.ppSchedule = p.virtualStages > 1 ? "interleaved" : "1f1b";
    // Megatron-LM's --no-overlap-p2p-communication (store_false): on unless given, and only
    // for the interleaved schedule (arguments.py turns it off for 1F1B). Older scripts spell
    // the default out as --overlap-p2p-communication.
    const bool noP2pOverlap = f.has("--no-overlap-p2p-communication");
    const bool p2pOverlapSpelledOut = f.has("--overlap-p2p-communication");
    p.ppOverlap = p.virtualStages > 1 && (p2pOverlapSpelledOut || !noP2pOverlap);

    const std::int64_t micro = required(f, "--micro-batch-size");
    const std::int64_t perStep =
        countProduct(micro, dataParallel, "--micro-batch-size", "a batch per microbatch step");
    const std::int64_t global = positive(f, "--global-batch-size", perStep);
    if (global % perStep != 0)
        throwFlagError(f, "--global-batch-size",
                       "a multiple of --micro-batch-size x data-parallel (" +
                           std::to_string(perStep) + ")");
    p.microbatches = static_cast<int>(global / perStep);
    job.training.globalBatchTokens = global * m.seqLen; // two ints: no overflow

    auto& t = job.training;
    t.precision = f.has("--fp8-format")   ? "fp8"
                  : f.has("--fp4-format") ? "fp4"
                  : f.has("--bf16")       ? "bf16"
                  : f.has("--fp16")       ? "bf16"
                                          : "fp32";
    if (f.has("--fp16"))
        out.notes.push_back("--fp16 timed as bf16 (same width; PodPlanner has no fp16)");
    // Megatron keeps bf16 weights (and TE's fp8 copies) unless told to make them fp8.
    const bool fp8ParamGather = f.has("--fp8-param-gather");
    if (t.teQuantized() && !fp8ParamGather)
        t.fp8Params = false;
    if (f.has("--grad-reduce-in-bf16"))
        t.gradDtype = "bf16";
    t.gradientAccumulationFusion = !f.has("--no-gradient-accumulation-fusion");
    readCudaGraphs(f, t, out.notes);
    const std::string granularity = f.text("--recompute-granularity").value_or("");
    t.recompute = granularity == "full"                                            ? "full"
                  : granularity == "selective" || f.has("--recompute-activations") ? "selective"
                                                                                   : "none";
    if (t.recompute == "full") {
        f.has("--recompute-method");
        f.has("--recompute-num-layers");
    }
    if (auto iters = f.integer("--train-iters"))
        t.totalTokens =
            countProduct(*iters, t.globalBatchTokens, "--train-iters", "the run's tokens");
    else if (auto samples = f.integer("--train-samples"))
        t.totalTokens = *samples * m.seqLen;
    else
        throwImportError("--train-iters", "the run's length (--train-iters or --train-samples)",
                         "neither");

    // --eval-interval (default 1000) and --eval-iters (default 100) global batches; read when
    // either is given (whether the defaults run depends on a validation split PodPlanner
    // cannot see); --eval-iters 0 turns evaluation off.
    if (f.has("--eval-interval") || f.has("--eval-iters")) {
        const auto interval = f.integer("--eval-interval").value_or(1000);
        const auto iters = f.integer("--eval-iters").value_or(100);
        if (interval < 1)
            throwFlagError(f, "--eval-interval", "a positive whole number");
        if (iters < 0)
            throwFlagError(f, "--eval-iters", "a whole number, 0 for no evaluation");
        if (iters > 0) {
            t.evalIntervalSteps = interval;
            t.evalTokens =
                countProduct(iters, t.globalBatchTokens, "--eval-iters", "the evaluation's tokens");
        }
    } else {
        out.notes.push_back("no --eval-interval or --eval-iters: Megatron evaluates 100 global "
                            "batches every 1000 steps when the data has a validation split; "
                            "not timed (give the flags to time it)");
    }

    job.name = options.name;
    job.placement = importedPlacement(cluster, 1, "", nodes);
    out.unmodelled = f.unused();
    for (const auto& l : in.launcher.unused())
        out.unmodelled.push_back("torchrun " + l);
    return out;
}

} // namespace podplanner::model::interop

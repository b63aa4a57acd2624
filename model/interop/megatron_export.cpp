// Megatron-LM flags for a GPU job, launched with torchrun (names and meanings from
// NVIDIA/Megatron-LM d98e8a6: megatron/training/arguments.py, megatron/core/
// model_parallel_config.py, transformer_config.py and training/config/training_config.py).
#include "interop/launch_common.h"

namespace podplanner::model::interop {

namespace {

struct Args {
    std::vector<std::string> lines;
    void add(const std::string& flag, std::int64_t value) {
        lines.push_back(flag + " " + std::to_string(value));
    }
    void add(const std::string& flag, const std::string& value) {
        lines.push_back(flag + " " + value);
    }
    void add(const std::string& flag) { lines.push_back(flag); }
};

} // namespace

std::string exportMegatron(const Project& project, std::size_t index) {
    const ClusterSpec& cluster = project.cluster;
    const Job& job = project.jobs[index];
    requireGpuCluster(cluster, "--to megatron", "Megatron-LM");
    const JobSizes s = jobSizes(project, job);
    const auto& p = job.parallelism;
    const auto& m = job.model;
    const std::int64_t dataParallel = static_cast<std::int64_t>(p.dp) * p.fsdp * p.ep;
    const std::int64_t perMicro = dataParallel * p.microbatches;
    if (s.sequences % perMicro != 0)
        throwImportError("/jobs/" + std::to_string(index) + "/training/global_batch_tokens",
                         "a batch of whole micro-batches: --global-batch-size = "
                         "--micro-batch-size x data-parallel (" +
                             std::to_string(dataParallel) + ") x microbatches (" +
                             std::to_string(p.microbatches) + ")",
                         std::to_string(s.sequences) + " sequences");
    const MappingFacts mapping = mappingFacts(project, index);
    std::vector<std::string> cannot;
    std::vector<std::string> carried = {"parallelism/mapping"};
    carrySlidingWindow(job.model, "this export writes no attention window for Megatron-LM", cannot,
                       carried);
    carryVocabTiling(job.training, "Megatron-LM", cannot, carried);
    carryDeepSeekShape(job.model, "Megatron-LM", cannot, carried);
    carryNonCausal(job.model, "Megatron-LM", cannot, carried);

    Args a;
    a.add("--tensor-model-parallel-size", p.tp);
    a.add("--pipeline-model-parallel-size", p.pp);
    if (p.virtualStages > 1)
        a.add("--num-virtual-stages-per-pipeline-rank", p.virtualStages);
    if (p.virtualStages > 1 && !p.ppOverlap) // Megatron-LM overlaps interleaved sends by default
        a.add("--no-overlap-p2p-communication");
    a.add("--context-parallel-size", p.cp);
    if (m.isMoe() || p.ep > 1)
        a.add("--expert-model-parallel-size", p.ep);
    if (p.sequenceParallel)
        a.add("--sequence-parallel");
    if (p.tpOverlap && p.tp > 1)
        a.add("--tp-comm-overlap");
    if (p.fsdp > 1) {
        a.add("--use-megatron-fsdp");
        a.add("--data-parallel-sharding-strategy",
              p.fsdpGather == "per_step" ? "optim_grads" : "optim_grads_params");
        if (p.dp > 1)
            a.add("--num-distributed-optimizer-instances", p.dp);
        if (p.fsdpGather == "per_step")
            cannot.push_back("fsdp_gather per_step as Megatron-FSDP's optim_grads (weights kept "
                             "whole; PodPlanner gathers them once per step)");
    } else if (p.fsdpGather != "per_pass")
        carried.push_back("parallelism/fsdp_gather"); // nothing to gather without FSDP
    if (p.shardOptimizer)
        a.add("--use-distributed-optimizer");
    a.add("--micro-batch-size", s.sequences / perMicro);
    a.add("--global-batch-size", s.sequences);
    if (job.training.recompute == "full") {
        a.add("--recompute-granularity", "full");
        a.add("--recompute-method", "uniform");
        a.add("--recompute-num-layers", 1);
    } else if (job.training.recompute == "selective") {
        a.add("--recompute-granularity", "selective");
        cannot.push_back("selective recompute: Megatron's default --recompute-modules is "
                         "core_attn; PodPlanner's selective recomputes the MLP activation");
    }
    a.add("--num-layers", m.layers);
    a.add("--hidden-size", m.dModel);
    a.add("--ffn-hidden-size", m.ffn);
    a.add("--num-attention-heads", m.heads);
    if (m.kvHeads != m.heads) {
        a.add("--group-query-attention");
        a.add("--num-query-groups", m.kvHeads);
    }
    a.add("--kv-channels", m.headDim);
    if (m.ffnKind == "swiglu")
        a.add("--swiglu");
    a.add("--seq-length", m.seqLen);
    a.add("--max-position-embeddings", m.seqLen);
    a.add("--vocab-size", m.vocab);
    a.add("--untie-embeddings-and-output-weights");
    if (m.isMoe()) {
        a.add("--num-experts", m.experts);
        a.add("--moe-router-topk", m.topK);
        a.add("--moe-ffn-hidden-size", m.expertFfn);
        if (!m.expertBias)
            a.add("--disable-bias-linear");
    }
    const std::string& precision = job.training.precision;
    if (precision == "bf16" || precision == "fp8" || precision == "fp4")
        a.add("--bf16");
    if (precision == "fp8")
        a.add("--fp8-format", "hybrid");
    if (precision == "fp4")
        a.add("--fp4-format", "e2m1");
    if (job.training.teQuantized() && job.training.fp8Params.value_or(true))
        a.add("--fp8-param-gather");
    if (job.training.gradDtype == "bf16")
        a.add("--grad-reduce-in-bf16");
    if (!job.training.gradientAccumulationFusion)
        a.add("--no-gradient-accumulation-fusion");
    if (job.training.cudaGraphs) {
        a.add("--cuda-graph-impl", "local");
        a.add("--cuda-graph-scope", "full_iteration");
    }
    if (!job.training.asyncTpBackward) {
        cannot.push_back("synchronous backward tp collectives (Megatron-LM of 2021): today's "
                         "Megatron-LM has no switch for them");
        carried.push_back("training/async_tensor_model_parallel_allreduce");
    }
    if (precision == "tf32" || precision == "int8") {
        cannot.push_back("precision " + precision +
                         ": no Megatron flag (fp32 weights and math written)");
        carried.push_back("training/precision");
    }
    a.add("--train-iters", s.steps);
    // Megatron evaluates --eval-iters batches of the global batch every --eval-interval steps.
    const TrainingSpec& t = job.training;
    if (t.evalIntervalSteps > 0) {
        if (t.evalBatch() == t.globalBatchTokens && t.evalTokens % t.globalBatchTokens == 0) {
            a.add("--eval-interval", t.evalIntervalSteps);
            a.add("--eval-iters", t.evalTokens / t.globalBatchTokens);
        } else {
            cannot.push_back("evaluation of " + std::to_string(t.evalTokens) +
                             " tokens in batches of " + std::to_string(t.evalBatch()) +
                             ": Megatron evaluates --eval-iters whole global batches");
            carryEvaluation(t, carried);
        }
    }

    if (m.layers % (p.pp * p.virtualStages) != 0)
        cannot.push_back("an uneven pipeline (" + std::to_string(m.layers) + " layers on " +
                         std::to_string(p.pp * p.virtualStages) +
                         " stages): Megatron needs --decoder-first-pipeline-num-layers / "
                         "--decoder-last-pipeline-num-layers for it");
    cannot.insert(cannot.begin(),
                  mappingNote(mapping, "Megatron orders its process groups itself (tp innermost, "
                                       "then cp, dp, pp); it has no flag for which links an "
                                       "axis uses"));
    cannot.push_back("--vocab-size is the unpadded vocabulary; with a real --tokenizer-type "
                     "the tokenizer sets it and Megatron pads it (--make-vocab-size-divisible-by)");

    std::string out = "#!/bin/bash\n";
    appendComments(
        out,
        {exportHeading("Megatron-LM launch", project, index), "",
         "Mesh: " + meshText(p) + " GPUs = " + std::to_string(s.nodes) + " nodes x " +
             std::to_string(s.gpusPerNode) + " GPUs (" + cluster.chip.name + ")",
         "  Megatron: world " + std::to_string(s.chips) + " = tensor " + std::to_string(p.tp) +
             " x pipeline " + std::to_string(p.pp) + " x context " + std::to_string(p.cp) +
             " x data-parallel " + std::to_string(dataParallel) + " (dp " + std::to_string(p.dp) +
             " x fsdp " + std::to_string(p.fsdp) + " x ep " + std::to_string(p.ep) +
             "); experts over ep " + std::to_string(p.ep) + " within data-parallel",
         "  batch: --global-batch-size " + std::to_string(s.sequences) + " = --micro-batch-size " +
             std::to_string(s.sequences / perMicro) + " x data-parallel " +
             std::to_string(dataParallel) + " x " + std::to_string(p.microbatches) +
             " microbatches",
         "", "What Megatron-LM cannot express (kept here, and in the podplanner-job line):"});
    appendCannot(out, cannot);
    out += extrasLine(project, job, carried);
    out += "#SBATCH --nodes=" + std::to_string(s.nodes) + "\n";
    out += "#SBATCH --gpus-per-node=" + std::to_string(s.gpusPerNode) + "\n";
    out += "GPUS_PER_NODE=" + std::to_string(s.gpusPerNode) + "\n";
    out += "NUM_NODES=${SLURM_NNODES:-" + std::to_string(s.nodes) + "}\n";
    out += "MEGATRON_ARGS=(\n";
    for (const auto& line : a.lines)
        out += "    " + line + "\n";
    out += ")\n";
    out += "torchrun --nproc_per_node $GPUS_PER_NODE --nnodes $NUM_NODES \\\n"
           "    --node_rank ${SLURM_NODEID:-0} --master_addr ${MASTER_ADDR:-localhost} "
           "--master_port ${MASTER_PORT:-29500} \\\n"
           "    pretrain_gpt.py \"${MEGATRON_ARGS[@]}\"\n";
    return out;
}

} // namespace podplanner::model::interop

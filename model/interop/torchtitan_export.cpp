// torchtitan's job TOML for a GPU job (pytorch/torchtitan 238fa99: torchtitan/config/
// job_config.py sections [training], [parallelism], [activation_checkpoint], [model]; the mesh
// rules of torchtitan/distributed/parallel_dims.py).
#include "interop/launch_common.h"
#include "interop/torchtitan_models.h"

namespace podplanner::model::interop {

namespace {

std::string quoted(const std::string& s) {
    std::string out = "\"";
    for (char c : s)
        out += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
    return out + "\"";
}

} // namespace

std::string exportTorchtitan(const Project& project, std::size_t index) {
    const ClusterSpec& cluster = project.cluster;
    const Job& job = project.jobs[index];
    requireGpuCluster(cluster, "--to torchtitan", "torchtitan");
    const JobSizes s = jobSizes(project, job);
    const auto& p = job.parallelism;
    const auto& m = job.model;
    const std::int64_t dpDegree = static_cast<std::int64_t>(p.dp) * p.fsdp * p.ep;
    const std::string at = "/jobs/" + std::to_string(index) + "/training/global_batch_tokens";
    if (s.sequences % (dpDegree * p.microbatches) != 0)
        throwImportError(at,
                         "a batch of whole sequences per data-parallel rank and microbatch (" +
                             std::to_string(dpDegree) + " x " + std::to_string(p.microbatches) +
                             ")",
                         std::to_string(s.sequences) + " sequences");
    const std::int64_t local =
        p.pp > 1 ? s.sequences / dpDegree : s.sequences / (dpDegree * p.microbatches);
    std::vector<std::string> cannot;
    std::vector<std::string> carried = {"parallelism/mapping", "parallelism/sequence_parallel",
                                        "parallelism/fsdp_gather"};
    carryEvaluation(job.training, carried); // [validation] runs on its own dataset
    carrySlidingWindow(job.model, "torchtitan's llama3 models have no attention window", cannot,
                       carried);
    carryVocabTiling(job.training, "torchtitan", cannot, carried);
    carryDeepSeekShape(job.model, "torchtitan", cannot, carried);
    carryNonCausal(job.model, "torchtitan", cannot, carried);
    const MappingFacts mapping = mappingFacts(project, index);
    cannot.push_back(mappingNote(mapping, "torchtitan builds its device mesh in the order pp, "
                                          "dp_replicate, dp_shard, cp, tp (parallel_dims.py); "
                                          "no flag says which links an axis uses"));
    const TorchtitanFlavor* flavor = matchTorchtitanFlavor(m);
    if (!flavor) {
        carried.push_back("model");
        cannot.push_back("the model: no torchtitan llama3 flavor has layers " +
                         std::to_string(m.layers) + ", dim " + std::to_string(m.dModel) +
                         ", heads " + std::to_string(m.heads) + "/" + std::to_string(m.kvHeads) +
                         ", ffn " + std::to_string(m.ffn) + ", vocab " + std::to_string(m.vocab) +
                         (m.isMoe() ? ", " + std::to_string(m.experts) + " experts" : "") +
                         "; register one in torchtitan/models/llama3/__init__.py");
    }
    if (p.sequenceParallel != (p.tp > 1))
        cannot.push_back(std::string("sequence_parallel ") +
                         (p.sequenceParallel ? "true" : "false") +
                         ": torchtitan applies sequence parallelism with every tp > 1");
    if (p.fsdpGather == "per_step")
        cannot.push_back("fsdp_gather per_step: torchtitan's fsdp_reshard_after_forward = "
                         "\"never\" keeps gathered weights after the forward");
    if (p.shardOptimizer && p.fsdp == 1)
        cannot.push_back("shard_optimizer without FSDP: torchtitan shards the optimizer only "
                         "with data_parallel_shard_degree > 1");
    if (p.shardOptimizer)
        carried.push_back("parallelism/shard_optimizer");
    const std::string& precision = job.training.precision;
    if (precision != "bf16" && precision != "fp32" && precision != "fp8") {
        cannot.push_back("precision " + precision + ": no torchtitan setting");
        carried.push_back("training/precision");
    }
    if (p.tpOverlap && p.tp > 1 && !job.training.compile) {
        carried.push_back("parallelism/tp_overlap");
        cannot.push_back("tp_overlap without torch.compile: torchtitan's async TP "
                         "(enable_async_tensor_parallel) runs only compiled");
    }
    if (job.training.gradDtype == "bf16") {
        carried.push_back("training/grad_dtype");
        cannot.push_back("grad_dtype bf16: torchtitan reduces gradients in float32 "
                         "(mixed_precision_reduce allows no other)");
    }
    if (job.training.cudaGraphs) {
        carried.push_back("training/cuda_graphs");
        cannot.push_back("cuda_graphs: torchtitan has no setting that captures the training "
                         "step in CUDA graphs");
    }
    if (p.ppOverlap) {
        carried.push_back("parallelism/pp_overlap");
        cannot.push_back("pp_overlap: Megatron's overlap_p2p_comm has no torchtitan setting");
    }
    if (job.training.framework != "pytorch_fsdp") {
        carried.push_back("training/framework"); // torchtitan is PyTorch FSDP when read back
        cannot.push_back("framework " + job.training.framework +
                         ": torchtitan is PyTorch FSDP2, with torch.compile fusing what the "
                         "project's framework fuses");
    }
    if (p.virtualStages > 1 && m.layers % (p.pp * p.virtualStages) != 0) {
        carried.push_back("parallelism/virtual_stages");
        cannot.push_back("an uneven interleaved pipeline: pipeline_parallel_layers_per_stage "
                         "must divide the layers");
    }

    std::string out;
    appendComments(
        out,
        {exportHeading("torchtitan job config", project, index), "",
         "Mesh: " + meshText(p) + " GPUs = " + std::to_string(s.nodes) + " nodes x " +
             std::to_string(s.gpusPerNode) + " GPUs (" + cluster.chip.name + ")",
         "  torchtitan: world " + std::to_string(s.chips) + " = dp_replicate " +
             std::to_string(p.dp) + " x dp_shard " + std::to_string(p.fsdp * p.ep) + " x cp " +
             std::to_string(p.cp) + " x tp " + std::to_string(p.tp) + " x pp " +
             std::to_string(p.pp) + "; ep " + std::to_string(p.ep) + " within dp_shard",
         "  batch: global_batch_size " + std::to_string(s.sequences) + " = local_batch_size " +
             std::to_string(local) + " x " + std::to_string(dpDegree) + " data-parallel ranks x " +
             std::to_string(p.pp > 1 ? 1 : p.microbatches) + " accumulation steps",
         "Launch: NGPU=" + std::to_string(s.gpusPerNode) + " torchrun --nnodes " +
             std::to_string(s.nodes) + " --nproc_per_node " + std::to_string(s.gpusPerNode) +
             " -m torchtitan.train --job.config_file THIS_FILE",
         "", "What torchtitan cannot express (kept here, and in the podplanner-job line):"});
    appendCannot(out, cannot);
    out += extrasLine(project, job, carried);
    out += "\n[job]\ndescription = " + quoted(job.name) + "\n";
    out +=
        "\n[model]\nname = \"llama3\"\nflavor = " + quoted(flavor ? flavor->name : "custom") + "\n";
    if (precision == "fp8")
        out += "converters = [\"float8\"]\n";
    out += "\n[training]\nlocal_batch_size = " + std::to_string(local) +
           "\nglobal_batch_size = " + std::to_string(s.sequences) +
           "\nseq_len = " + std::to_string(m.seqLen) + "\nsteps = " + std::to_string(s.steps) +
           "\nmixed_precision_param = " +
           std::string(precision == "fp32" ? "\"float32\"" : "\"bfloat16\"") + "\n";

    out += "\n[parallelism]\ndata_parallel_replicate_degree = " + std::to_string(p.dp) +
           "\ndata_parallel_shard_degree = " + std::to_string(p.fsdp * p.ep) +
           "\ntensor_parallel_degree = " + std::to_string(p.tp) +
           "\npipeline_parallel_degree = " + std::to_string(p.pp) + "\n";
    if (p.pp > 1) {
        out += "pipeline_parallel_schedule = " +
               std::string(p.virtualStages > 1 ? "\"Interleaved1F1B\"" : "\"1F1B\"") +
               "\npipeline_parallel_microbatch_size = " + std::to_string(local / p.microbatches) +
               "\n";
        if (p.virtualStages > 1 && m.layers % (p.pp * p.virtualStages) == 0)
            out += "pipeline_parallel_layers_per_stage = " +
                   std::to_string(m.layers / (p.pp * p.virtualStages)) + "\n";
    }
    if (p.tpOverlap && p.tp > 1 && job.training.compile)
        out += "enable_async_tensor_parallel = true\n";
    out += "context_parallel_degree = " + std::to_string(p.cp) +
           "\nexpert_parallel_degree = " + std::to_string(p.ep) + "\n";
    if (p.fsdpGather == "per_step")
        out += "fsdp_reshard_after_forward = \"never\"\n";
    out += "\n[activation_checkpoint]\nmode = " + quoted(job.training.recompute) + "\n";
    out += std::string("\n[compile]\nenable = ") + (job.training.compile ? "true" : "false") +
           "\ncomponents = [\"model\", \"loss\"]\n";
    return out;
}

} // namespace podplanner::model::interop

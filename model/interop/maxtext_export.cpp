// MaxText flags for a TPU job (names and meanings from AI-Hypercomputer/maxtext e591f30:
// src/maxtext/configs/base.yml and types.py; mesh rules from maxtext_utils.create_device_mesh),
// with an xpk workload line (AI-Hypercomputer/xpk 367c838).
#include "interop/launch_common.h"
#include "interop/maxtext_flags.h"
#include "interop/maxtext_models.h"
#include "interop/tpu_types.h"
#include "project/training_json.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace podplanner::model::interop {

namespace {

std::string decimal(double v) {
    for (int digits = 1; digits <= 17; ++digits) {
        char buf[40];
        std::snprintf(buf, sizeof buf, "%.*g", digits, v);
        if (std::stod(buf) == v)
            return buf;
    }
    return std::to_string(v);
}

struct Writer {
    std::vector<std::string> args;
    void set(const std::string& key, const std::string& value) {
        args.push_back(key + "=" + value);
    }
    void set(const std::string& key, std::int64_t value) { set(key, std::to_string(value)); }
};

// The decoder block whose flags can express the model: MaxText reads first_num_dense_layers
// only in its deepseek block, interleave_moe_layer_step only in llama4, shared experts only in
// blocks built on RoutedAndSharedMoE (deepseek, llama4), latent attention only in deepseek.
// What the chosen block cannot express goes to `unexpressed`.
std::string decoderBlock(const ModelSpec& m, std::vector<std::string>& unexpressed) {
    const auto note = [&](bool missing, const std::string& what) {
        if (missing)
            unexpressed.push_back(what);
    };
    if (m.isMla()) {
        note(m.moeEvery > 1, "moe_every " + std::to_string(m.moeEvery) +
                                 ": MaxText's deepseek block has no interleaved dense layers");
        return "deepseek";
    }
    if (m.moeEvery > 1) {
        note(m.denseLayers > 0, "dense_layers " + std::to_string(m.denseLayers) +
                                    ": MaxText's llama4 block has no leading dense layers");
        return "llama4";
    }
    if (m.isMoe()) {
        note(m.sharedExperts > 0 || m.denseLayers > 0,
             "shared experts or dense layers: MaxText's mixtral block has neither (its deepseek "
             "block has them with latent attention only)");
        return "mixtral";
    }
    return m.ffnKind == "gelu" ? "gpt3" : "llama2";
}

void writeModel(const ModelSpec& m, Writer& w, std::vector<std::string>& cannot,
                std::vector<std::string>& carried) {
    if (const MaxTextModel* builtIn = matchMaxTextModel(m)) {
        w.set("model_name", builtIn->name);
    } else {
        // base.yml: "explicitly set base_embed_dim, base_num_query_heads, ... and/or head_dim"
        std::vector<std::string> unexpressed;
        const std::string block = decoderBlock(m, unexpressed);
        w.set("decoder_block", block);
        for (const auto& u : unexpressed)
            cannot.push_back(u + "; the model is carried");
        if (!unexpressed.empty())
            carryModel(carried);
        if (block == "llama4")
            cannot.push_back("decoder_block=llama4 adds Llama 4's specifics (rotary left out "
                             "of every fourth layer, qk norm) that PodPlanner does not time");
        w.set("base_emb_dim", m.dModel);
        w.set("base_num_query_heads", m.heads);
        w.set("base_num_kv_heads", m.kvHeads);
        w.set("head_dim", m.headDim);
        w.set("base_mlp_dim", m.ffn);
        w.set("base_num_decoder_layers", m.layers);
        w.set("mlp_activations", m.ffnKind == "gelu" ? "[gelu]" : "[silu,linear]");
        w.set("vocab_size", m.vocab);
        if (m.isMoe()) {
            w.set("num_experts", m.experts);
            w.set("num_experts_per_tok", m.topK);
            w.set("base_moe_mlp_dim", m.expertFfn);
            if (m.sharedExperts > 0)
                w.set("shared_experts", m.sharedExperts);
            if (m.denseLayers > 0)
                w.set("first_num_dense_layers", m.denseLayers);
            if (m.moeEvery > 1)
                w.set("interleave_moe_layer_step", m.moeEvery);
        }
        if (m.isMla() && !m.isMoe()) // the deepseek block's dense layers, all of them
            w.set("first_num_dense_layers", m.layers);
        if (m.isMla()) {
            w.set("attention_type", "mla");
            w.set("q_lora_rank", m.qLoraRank);
            w.set("kv_lora_rank", m.kvLoraRank);
            w.set("qk_nope_head_dim", m.headDim);
            w.set("qk_rope_head_dim", m.ropeHeadDim);
            w.set("v_head_dim", m.valueHeadDim());
        }
        if (m.ffnKind == "gelu")
            cannot.push_back("decoder_block=gpt3 adds MaxText's GPT-3 specifics (learned "
                             "positions, fused QKV) that PodPlanner does not time");
    }
    if (m.mtpLayers > 0)
        w.set("mtp_num_layers", m.mtpLayers);
    w.set("max_target_length", m.seqLen);
}

void writePrecision(const std::string& precision, Writer& w, std::vector<std::string>& cannot,
                    std::vector<std::string>& carried) {
    if (precision == "fp32" || precision == "tf32") {
        w.set("dtype", "float32");
        if (precision == "tf32") {
            cannot.push_back("precision tf32: MaxText has no TF32 switch (XLA picks the matmul "
                             "precision); dtype=float32 written");
            carried.push_back("training/precision");
        }
    } else if (precision == "fp8" || precision == "int8") {
        w.set("dtype", "bfloat16");
        w.set("quantization", precision);
    } else {
        w.set("dtype", "bfloat16");
        if (precision != "bf16") {
            cannot.push_back("precision " + precision +
                             ": no MaxText quantization mode in "
                             "base.yml; dtype=bfloat16 written");
            carried.push_back("training/precision");
        }
    }
}

void writeRemat(const Job& job, Writer& w) {
    const std::string& r = job.training.recompute;
    if (r == "full") {
        w.set("remat_policy", "full");
    } else if (r == "selective") {
        // Saves every matmul output, the attention output included; recomputes element-wise
        // work only, as PodPlanner's selective does.
        w.set("remat_policy", "minimal_with_context");
    } else {
        w.set("remat_policy", "custom");
        for (const auto& tensor : maxTextRematTensors(job.model))
            w.set(tensor, "device");
    }
}

// MaxText evaluates every eval_interval steps for eval_steps batches of int(devices x
// eval_per_device_batch_size) sequences (no gradient accumulation in evaluation).
void writeEvaluation(const Job& job, std::int64_t devices, Writer& w,
                     std::vector<std::string>& cannot, std::vector<std::string>& carried) {
    const TrainingSpec& t = job.training;
    if (t.evalIntervalSteps <= 0)
        return;
    const std::int64_t batch = t.evalBatch();
    const std::int64_t seq = job.model.seqLen;
    const std::string perDevice = decimal(static_cast<double>(batch) / static_cast<double>(seq) /
                                          static_cast<double>(devices));
    const bool exact =
        batch % seq == 0 && t.evalTokens % batch == 0 &&
        static_cast<std::int64_t>(static_cast<double>(devices) * std::stod(perDevice)) * seq ==
            batch;
    if (!exact) {
        cannot.push_back("evaluation of " + std::to_string(t.evalTokens) +
                         " tokens in batches of " + std::to_string(batch) +
                         ": MaxText evaluates eval_steps whole batches of int(devices x "
                         "eval_per_device_batch_size) sequences");
        carryEvaluation(t, carried);
        return;
    }
    w.set("eval_interval", t.evalIntervalSteps);
    w.set("eval_steps", t.evalTokens / batch);
    w.set("eval_per_device_batch_size", perDevice);
}

// The experts' dispatch, and the grouped matmul's tiles where they differ from base.yml's.
void writeExperts(const TrainingSpec& t, Writer& w) {
    w.set("sparse_matmul", t.moeDispatch == "dense" ? "false" : "true");
    for (int pass = 0; pass < kGmmPasses; ++pass) {
        const GmmTile& tile = t.gmmTiles[pass];
        if (tile == GmmTile{})
            continue;
        for (int d = 0; d < 3; ++d)
            w.set(maxTextTileFlag(static_cast<GmmPass>(pass), d), tile[d]);
    }
}

} // namespace

std::string exportMaxText(const Project& project, std::size_t index) {
    const ClusterSpec& cluster = project.cluster;
    const Job& job = project.jobs[index];
    if (cluster.pod.kind == PodKind::GpuFatTree)
        throwImportError("--to maxtext",
                         "a TPU cluster (MaxText's ici/dcn flags lay the mesh "
                         "over TPU slices)",
                         "the GPU cluster \"" + cluster.name + "\"",
                         "export GPU jobs with --to megatron or --to torchtitan");
    const JobSizes s = jobSizes(project, job);
    const MappingFacts mapping = mappingFacts(project, index);
    const auto& p = job.parallelism;
    const std::array<int, 6> sizes{p.dp, p.fsdp, p.tp, p.pp, p.ep, p.cp};
    const std::int64_t chipsPerSlice = s.chips / s.slices;

    Writer w;
    std::vector<std::string> cannot;
    std::vector<std::string> carried = {"parallelism/sequence_parallel"};
    if (p.tpOverlap) {
        carried.push_back("parallelism/tp_overlap");
        cannot.push_back("tp_overlap: MaxText's collective matmuls are XLA flags of the "
                         "launch (LIBTPU_INIT_ARGS), not MaxText settings");
    }
    if (p.ppOverlap)
        carried.push_back("parallelism/pp_overlap"); // Megatron's overlap_p2p_comm
    w.set("run_name", job.name);
    writeModel(job.model, w, cannot, carried);
    carrySlidingWindow(job.model,
                       "MaxText windows attention only in its Gemma and gpt-oss decoder blocks",
                       cannot, carried);
    carryNonCausal(job.model, "MaxText", cannot, carried);
    if (job.model.expertBias) {
        cannot.push_back("expert_bias: no MaxText flag names the experts' biases; the model is "
                         "carried");
        carryModel(carried);
    }
    writePrecision(job.training.precision, w, cannot, carried);

    // MaxText's ICI mesh counts devices: a chip's devices go on the axis maxtext_flags.h names.
    const int devicesPerChip = std::max(1, cluster.chip.devicesPerChip);
    std::size_t deviceAxis = 1; // fsdp when the job spans none of them inside the slice
    for (std::size_t i = 0; i < kMaxTextExportDeviceAxes; ++i)
        if (const std::size_t a = kMaxTextDeviceAxes[i]; sizes[a] / mapping.offSlice[a] > 1) {
            deviceAxis = a;
            break;
        }
    const std::int64_t devices = s.chips * devicesPerChip;
    std::string ici, dcn;
    std::int64_t iciProduct = 1, dcnProduct = 1;
    for (std::size_t a = 0; a < 6; ++a) {
        const int off = mapping.offSlice[a];
        const int in = sizes[a] / off * (a == deviceAxis ? devicesPerChip : 1);
        iciProduct *= in;
        dcnProduct *= off;
        w.set(std::string("ici_") + kMaxTextAxes[a].flag + "_parallelism", in);
        ici += std::string(a ? " x " : "") + kMaxTextAxes[a].meshAxis + " " + std::to_string(in);
        dcn += std::string(a ? " x " : "") + kMaxTextAxes[a].meshAxis + " " + std::to_string(off);
    }
    for (std::size_t a = 0; a < 6; ++a)
        w.set(std::string("dcn_") + kMaxTextAxes[a].flag + "_parallelism", mapping.offSlice[a]);
    w.set("num_slices", s.slices);

    const std::int64_t accumulation = p.pp > 1 ? 1 : p.microbatches;
    const double perDevice =
        static_cast<double>(s.sequences) / static_cast<double>(devices * accumulation);
    const std::string perDeviceText = decimal(perDevice);
    if (static_cast<std::int64_t>(static_cast<double>(devices) * std::stod(perDeviceText)) *
            accumulation !=
        s.sequences)
        throwImportError("/jobs/" + std::to_string(index) + "/training/global_batch_tokens",
                         "a batch MaxText can hold: int(devices x per_device_batch_size) x "
                         "gradient_accumulation_steps sequences",
                         std::to_string(s.sequences) + " sequences on " + std::to_string(devices) +
                             " devices");
    w.set("per_device_batch_size", perDeviceText);
    w.set("gradient_accumulation_steps", accumulation);
    if (p.pp > 1) {
        w.set("num_pipeline_microbatches", p.microbatches);
        w.set("num_pipeline_repeats", p.virtualStages);
        if (job.model.layers % (p.pp * p.virtualStages) == 0)
            w.set("num_layers_per_pipeline_stage", job.model.layers / (p.pp * p.virtualStages));
        else
            cannot.push_back("an uneven pipeline (" + std::to_string(job.model.layers) +
                             " layers on " + std::to_string(p.pp * p.virtualStages) +
                             " stages): MaxText needs stages x num_layers_per_pipeline_stage x "
                             "num_pipeline_repeats = layers");
        w.set("pipeline_fsdp_ag_once", p.fsdpGather == "per_step" ? "true" : "false");
    } else if (p.fsdpGather == "per_step") {
        cannot.push_back("fsdp_gather per_step: MaxText gathers FSDP weights once per step only "
                         "in a pipeline (pipeline_fsdp_ag_once)");
        carried.push_back("parallelism/fsdp_gather");
    }
    w.set("shard_optimizer_over_data", p.shardOptimizer ? "true" : "false");
    writeRemat(job, w);
    if (job.training.vocabTiling > 1)
        w.set("num_vocab_tiling", job.training.vocabTiling);
    if (job.model.isMoe())
        writeExperts(job.training, w);
    if (job.training.splashBlocks != TrainingSpec{}.splashBlocks)
        for (std::size_t i = 0; i < kMaxTextSplashBlockFlags.size(); ++i)
            w.set(kMaxTextSplashBlockFlags[i], job.training.splashBlocks[i]);
    if (job.training.splashFusedBackward)
        w.set("sa_use_fused_bwd_kernel", "true");
    w.set("steps", s.steps);
    writeEvaluation(job, devices, w, cannot, carried);

    cannot.insert(cannot.begin(),
                  mappingNote(mapping, "MaxText lays each ICI mesh axis on the torus itself "
                                       "(jax mesh_utils.create_device_mesh), so the torus axes "
                                       "are not a flag"));
    cannot.push_back(std::string("sequence_parallel ") + (p.sequenceParallel ? "true" : "false") +
                     ": MaxText shards activations by its logical_axis_rules, not by a flag");
    if (job.placement.twisted)
        cannot.push_back("a twisted torus: requested from Cloud TPU when the slice is created "
                         "(not a MaxText or xpk flag)");
    carried.push_back("parallelism/mapping");

    const TpuGeneration* gen = tpuGenerationForChip(cluster.chip.id);
    std::string out = "#!/bin/bash\n";
    appendComments(
        out,
        {exportHeading("MaxText launch", project, index), "",
         "Mesh: " + meshText(p) + " chips = " + std::to_string(s.slices) + " slice" +
             (s.slices == 1 ? "" : "s") + " x " + std::to_string(chipsPerSlice) + " chips of " +
             cluster.chip.name + ", Cloud TPU topology " + job.placement.shape,
         "  ICI, within a slice: " + ici + " = " + std::to_string(iciProduct) +
             (devicesPerChip > 1
                  ? " = devices per slice (" + std::to_string(devicesPerChip) + " a chip)"
                  : std::string(" = chips per slice")),
         "  DCN, between slices: " + dcn + " = " + std::to_string(dcnProduct) + " = num_slices",
         "  batch: " + std::to_string(s.sequences) + " sequences of " +
             std::to_string(job.model.seqLen) + " tokens = int(" + std::to_string(devices) +
             " x per_device_batch_size " + perDeviceText + ") x gradient_accumulation_steps " +
             std::to_string(accumulation),
         "",
         "What MaxText cannot express (kept here, and in the podplanner-job line for import):"});
    appendCannot(out, cannot);
    out += extrasLine(project, job, carried);
    // libtpu's flag goes into LIBTPU_INIT_ARGS, after the user's own, in the local shell and
    // in xpk's command (a local export does not reach the workload's pods).
    const bool libtpu = !job.training.dcnHostReduction;
    if (libtpu)
        out += "export LIBTPU_INIT_ARGS=\"${LIBTPU_INIT_ARGS:-} "
               "--xla_tpu_use_megascale_host_reduction=false\"\n";
    out += "TPU_TOPOLOGY=" + job.placement.shape + "\n";
    out += "MAXTEXT_ARGS=(\n";
    for (const auto& a : w.args)
        out += "  " + a + "\n";
    out += ")\n";
    const std::string train = "python3 -m maxtext.trainers.pre_train.train "
                              "src/maxtext/configs/base.yml";
    out += "if [ -n \"${XPK_CLUSTER}\" ]; then\n";
    if (gen) {
        const XpkTpuType type = xpkTpuType(*gen, job.placement.shape);
        if (!type.note.empty())
            out += "  # --tpu-type: " + type.note + "\n";
        out += "  xpk workload create --cluster \"${XPK_CLUSTER}\" --workload " + job.name +
               " --tpu-type=" + type.name + " --num-slices=" + std::to_string(s.slices) +
               " \\\n    --command \"" +
               (libtpu ? "export LIBTPU_INIT_ARGS='${LIBTPU_INIT_ARGS}' && " : "") + train +
               " ${MAXTEXT_ARGS[*]}\"\n";
    } else {
        out += "  # no xpk line: " + cluster.chip.name +
               " is not a Cloud TPU generation xpk names\n  exit 1\n";
    }
    out += "else\n  " + train + " \"${MAXTEXT_ARGS[@]}\"\nfi\n";
    return out;
}

} // namespace podplanner::model::interop

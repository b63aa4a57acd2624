#include "perf/framework.h"

#include "perf/mesh_mapping.h"

namespace podplanner::model::perf {

namespace {

double dtypeBytes(const std::string& dtype, double fallback) {
    if (dtype == "fp32")
        return 4.0;
    if (dtype == "bf16")
        return 2.0;
    return fallback;
}

Framework resolve(const std::string& name, const ChipType& chip) {
    if (name == "maxtext")
        return Framework::MaxText;
    if (name == "megatron")
        return Framework::Megatron;
    if (name == "pytorch_fsdp")
        return Framework::PytorchFsdp;
    if (name == "deepspeed")
        return Framework::DeepSpeed;
    return chip.isGpu() ? Framework::Megatron : Framework::MaxText;
}

// Transformer Engine below 16 bits: Hopper's fp8 GEMMs take both operands K-major, so each
// weight is needed quantized and quantized-transposed, and Megatron lets TE cache both for
// the step (is_first_microbatch; disable_parameter_transpose_cache false). With fp8 weights
// (--fp8-param-gather, NeMo 2's fp8 recipes) the weight is the quantized copy, gathered as
// such by the distributed optimizer, and only the transpose is extra; otherwise the bf16
// weight is kept and both quantized copies besides.
void quantizedWeights(FrameworkTraits& f, const TrainingSpec& t) {
    const double q = matmulOperandBytes(t.precision);
    if (t.fp8Params.value_or(true)) {
        f.weightBytes = f.gatherBytes = q;
        f.weightCacheBytes = q;
    } else {
        f.weightCacheBytes = 2 * q;
    }
}

} // namespace

double matmulOperandBytes(const std::string& precision) {
    if (precision == "fp32" || precision == "tf32")
        return 4.0;
    return precision == "bf16" ? 2.0 : precision == "fp4" ? 0.5 : 1.0;
}

const char* frameworkName(Framework f) {
    switch (f) {
    case Framework::MaxText:
        return "maxtext";
    case Framework::Megatron:
        return "megatron";
    case Framework::PytorchFsdp:
        return "pytorch_fsdp";
    case Framework::DeepSpeed:
        return "deepspeed";
    }
    return "";
}

FrameworkTraits frameworkTraits(const Job& job, const ChipType& chip) {
    const TrainingSpec& t = job.training;
    FrameworkTraits f;
    f.kind = resolve(t.framework, chip);
    switch (f.kind) {
    case Framework::MaxText:
        // base.yml: weight_dtype float32, activations bfloat16; AdamW moments follow the
        // weights (mu_dtype inherits weight_dtype); gradients take the weights' dtype. XLA
        // gathers each weight of a scanned layer separately. The data-parallel gradient
        // reduction is taken as overlapped (the recipes set XLA's DATA_PARALLEL_OVERLAP flags,
        // benchmarks/xla_flags_library.py); over the DCN only the fitted `dcn.overlap` of it.
        f.weightBytes = 4;
        f.masterBytes = 0;
        f.gradBytes = 4;
        f.momentBytes = 8;
        f.gatherPerTensor = true;
        f.torchCheckpoint = false;
        f.logitsBytes = 2; // logits_dot_in_fp32: false
        // shard_optimizer_over_data covers the data axis only; XLA schedules to a memory limit.
        f.zeroOverEp = false;
        f.memoryLimitedPrefetch = true;
        f.quantizesWeightsPerUse = true;
        break;
    case Framework::Megatron:
        // Mixed precision: bf16 weights, fp32 main gradients and master weights, fp32 Adam
        // moments: 18 bytes per parameter (Korthikanti et al. 2022; Megatron-LM docs).
        // Transformer Engine's fp8 Linear saves the fp8 input it cast (module/linear.py:
        // saved_inputmat = inputmat, not inputmat_no_fp8), not the bf16 one.
        f.savesQuantizedInputs = true;
        break;
    case Framework::PytorchFsdp:
        // FSDP2 in torchtitan: fp32 sharded parameters, bf16 compute (param_dtype), fp32
        // gradient reduction (reduce_dtype); one flat all-gather per wrapped block.
        f.weightBytes = 4;
        f.masterBytes = 0;
        f.flash2 = true;
        f.eagerElementwise = !t.compile;
        break;
    case Framework::DeepSpeed:
        // ZeRO with 16-bit weights and gradients, fp32 master and moments; ZeRO-3 gathers
        // every parameter tensor of a layer on its own.
        f.gradBytes = 2;
        f.gatherPerTensor = true;
        f.flatShardCollectives = true;
        f.prefetchBucketParams = 5e7;
        f.reuseDistanceParams = 1e9;
        break;
    }
    // Megatron-core's default process-group order "tp-cp-ep-dp-pp"; torchtitan's device mesh
    // [pp, dp_replicate, dp_shard, cp, tp] (outermost first); MaxText's ICI and DCN meshes
    // are laid out by a search over the torus instead (mapping_search.cpp).
    if (f.kind == Framework::PytorchFsdp)
        f.rankOrder = {kTp, kCp, kEp, kFsdp, kDp, kPp};
    else
        f.rankOrder = {kTp, kCp, kEp, kFsdp, kDp, kPp};
    if (f.kind == Framework::Megatron || f.kind == Framework::DeepSpeed) {
        f.rankOrder = {kTp, kCp, kEp, kDp, kFsdp, kPp};
        f.keepsGradientBuffer = true;
    }
    // Megatron-Core's expert RankGenerator uses the same order with cp = 1 (Liu et al. 2025,
    // "MoE Parallel Folding", arXiv 2504.14960): the expert group is the tp x ep ranks next to
    // each other, inside the node when it fits, wherever the attention's cp ranks are.
    if (f.kind == Framework::Megatron) {
        f.foldsExperts = true;
        f.expertRankOrder = {kTp, kEp, kCp, kDp, kFsdp, kPp};
    }
    const double optimizerStates = t.optimizer == "adam" ? 2.0 : t.optimizer == "sgd" ? 1.0 : 0.0;
    f.weightBytes = dtypeBytes(t.weightDtype, f.weightBytes);
    f.gradBytes = dtypeBytes(t.gradDtype, f.kind == Framework::MaxText && !t.weightDtype.empty()
                                              ? f.weightBytes
                                              : f.gradBytes);
    const double momentDefault = f.kind == Framework::MaxText ? f.weightBytes : 4.0;
    f.momentBytes = optimizerStates * dtypeBytes(t.optimizerDtype, momentDefault);
    if (t.masterWeights)
        f.masterBytes = *t.masterWeights ? 4.0 : 0.0;
    else if (f.weightBytes >= 4)
        f.masterBytes = 0; // fp32 weights are their own master copy
    if (t.precision == "fp32" || t.precision == "tf32") {
        f.weightBytes = f.gradBytes = f.gatherBytes = 4;
        f.masterBytes = 0;
    }
    if (f.kind == Framework::Megatron && t.teQuantized())
        quantizedWeights(f, t);
    // MaxText's quantization=fp8 on GPUs (flax Fp8DotGeneralOp's quantize-dequantize) is
    // rewritten by XLA's GPU compiler: the GEMM rewriter folds the scales and conversions into
    // the cuBLASLt fp8 call (JAX-Toolbox docs/NATIVE_FP8.md) and its collectives pipeline runs
    // CollectiveQuantizer (xla/service/gpu/gpu_compiler.cc), which moves a conversion that
    // follows an all-gather in front of it. libtpu's passes are not public: TPUs keep the
    // per-use quantization their fp8 plateau was fitted with. MaxText's int8 on GPUs is AQT,
    // whose per-channel scales come from the gathered weight, so it stays per use.
    if (f.kind == Framework::MaxText && chip.isGpu() && t.precision == "fp8") {
        f.fusesQuantization = true;
        f.quantizesWeightsPerUse = false;
        f.gatherBytes = matmulOperandBytes(t.precision);
    }
    if (job.parallelism.gradOverlap)
        f.gradOverlap = *job.parallelism.gradOverlap;
    // The flash-attn package's kernel instead of the framework's own fused one (Transformer
    // Engine with NVTE_FUSED_ATTN=0, llm-foundry with flash-attn 2).
    if (t.attention == "flash2")
        f.flash2 = true;
    return f;
}

} // namespace podplanner::model::perf

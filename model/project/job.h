#pragma once
// A training job: what model, how it trains, how it is split, where it runs, how it recovers.
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace podplanner::model {

struct ModelSpec {
    int layers = 0;
    int dModel = 0;
    int heads = 0;
    int kvHeads = 0;
    int headDim = 0;
    int ffn = 0;
    std::string ffnKind = "swiglu"; // "swiglu" | "geglu" (gated: 3 matrices) | "gelu" | "relu"
    int vocab = 0;
    int seqLen = 0;
    int experts = 1; // 1 = dense
    int topK = 1;
    int expertFfn = 0;
    int sharedExperts = 0;       // experts every token passes through, beside its top_k
    double capacityFactor = 0;   // tokens an expert takes, x its even share; 0: dropless
    bool expertBias = false;     // the experts' linear layers add biases (gpt-oss)
    bool parallelBlock = false;  // attention and MLP read one norm and are summed (PaLM, GPT-J)
    bool tiedEmbeddings = false; // the LM head is the input embedding
    // Each query sees the keys before it (a decoder); false: every key of the sequence (an
    // encoder, or MaxText's 2023 flash kernel called with causal=False).
    bool causal = true;
    // Sliding-window (local) attention: a query sees the `slidingWindow` most recent tokens
    // (itself included); 0: every layer attends to the whole sequence. With a window, every
    // `globalEvery`-th layer still attends globally (gpt-oss: 2, Gemma 3: 6; 0: none does).
    int slidingWindow = 0;
    int globalEvery = 0;
    // MoE models whose first `denseLayers` layers have a dense MLP of width ffn (DeepSeek's
    // first_k_dense_replace, MaxText's first_num_dense_layers); 0: every layer is MoE.
    int denseLayers = 0;
    // MoE models whose MoE layers are every moeEvery-th layer (layer i, from 0, when (i + 1) is
    // a multiple), the others dense of width ffn (Llama 4 Maverick 2; MaxText's
    // interleave_moe_layer_step); 1: every layer after the dense_layers.
    int moeEvery = 1;
    // Multi-head latent attention (DeepSeek-V2/V3) when kvLoraRank > 0: keys and values are
    // projected down to a kvLoraRank latent (plus a shared rope key of ropeHeadDim) and up per
    // head; queries likewise through a qLoraRank latent (0: projected directly). A query and
    // key head is headDim (the part without rotary) + ropeHeadDim wide, a value head vHeadDim.
    int qLoraRank = 0;
    int kvLoraRank = 0;
    int ropeHeadDim = 0;
    int vHeadDim = 0;
    // Multi-token prediction (DeepSeek-V3): this many extra blocks after the last layer, each a
    // projection of 2 d to d, one layer like the model's and the LM head with its own loss.
    int mtpLayers = 0;

    bool isMoe() const { return experts > 1; }
    bool isMla() const { return kvLoraRank > 0; }
    // Of the layers, the share whose MLP is the experts (1 for a dense-free MoE, 0 dense).
    double moeLayerShare() const {
        if (!isMoe())
            return 0.0;
        const int moeLayers = layers / moeEvery - denseLayers / moeEvery;
        return static_cast<double>(moeLayers) / layers;
    }
    // Width of one query (and key) head, and of one value head.
    int qkHeadDim() const { return isMla() ? headDim + ropeHeadDim : headDim; }
    int valueHeadDim() const { return isMla() && vHeadDim > 0 ? vHeadDim : headDim; }
    // Of the layers, the share that attends to the whole sequence.
    double globalLayerShare() const {
        if (slidingWindow <= 0 || slidingWindow >= seqLen)
            return 1.0;
        return globalEvery > 0 ? static_cast<double>(layers / globalEvery) / layers : 0.0;
    }
    bool gatedMlp() const { return ffnKind == "swiglu" || ffnKind == "geglu"; }
};

// One pass's tile of MaxText's Pallas grouped matmul (megablox, tokamax), in its own terms:
// rows of sorted tokens, the model's width and the expert's width (MaxText's
// wi_tile_fwd_batch_seq, _embed_dim, _mlp_dim and the rest; 512, 1024, 1024 by default).
struct GmmTile {
    int batchSeq = 512;
    int embed = 1024;
    int mlp = 1024;
    static constexpr int kMax = 1 << 20;
    // By dimension: 0 batch_seq, 1 embed, 2 mlp (the order of MaxText's flags and the file's).
    int& operator[](int dimension) {
        return dimension == 0 ? batchSeq : dimension == 1 ? embed : mlp;
    }
    int operator[](int dimension) const {
        return dimension == 0 ? batchSeq : dimension == 1 ? embed : mlp;
    }
    bool operator==(const GmmTile&) const = default;
};
// The six passes: the up (wi) and down (wo) projections' forward, data gradient (dlhs) and
// weight gradient (drhs).
enum GmmPass : std::uint8_t { kWiFwd, kWiDlhs, kWiDrhs, kWoFwd, kWoDlhs, kWoDrhs, kGmmPasses };
// Whether the pass contracts over the model's width (embed) rather than the expert's (mlp): the
// up projection's forward and weight gradient, the down projection's data gradient.
inline bool gmmContractsEmbed(int pass) {
    return pass == kWiFwd || pass == kWiDrhs || pass == kWoDlhs;
}

struct TrainingSpec {
    std::int64_t globalBatchTokens = 0;
    std::string precision = "bf16";
    // none | selective | full | a MaxText policy name (docs/format.md) | "custom" (see below)
    std::string recompute = "selective";
    // With recompute "custom": tensor name -> "device" | "offload" | "remat".
    std::map<std::string, std::string> recomputeTensors;
    std::int64_t totalTokens = 0;
    // What the framework keeps and how it runs (docs/engine.md, "Frameworks"): "auto" is
    // MaxText on TPUs and Megatron-LM on GPUs. Empty dtypes take the framework's defaults.
    std::string framework = "auto";    // auto | maxtext | megatron | pytorch_fsdp | deepspeed
    std::string weightDtype;           // "" | fp32 | bf16: the weights each chip stores
    std::string gradDtype;             // "" | fp32 | bf16: gradients accumulated and reduced
    std::string optimizer = "adam";    // adam | adafactor | sgd
    std::string optimizerDtype;        // "" | fp32 | bf16: the optimizer's moments
    std::optional<bool> masterWeights; // an fp32 copy of bf16 weights in the optimizer
    // Megatron below 16 bits: the weights themselves are fp8 (--fp8-param-gather, NeMo 2's
    // fp8 recipes) rather than bf16 with Transformer Engine's cached fp8 copies. Unset: true.
    std::optional<bool> fp8Params;
    std::string attention = "flash"; // flash | flash2 (FlashAttention-2) | standard (scores in HBM)
    bool dropout = false;            // dropout after attention, MLP and on the scores
    std::string moeDispatch = "sparse"; // sparse (grouped matmul) | dense (one-hot einsum)
    double moeImbalance = 1.0; // tokens of the busiest expert / the mean (dropless routing)
    // all_to_all: every (token, expert) copy crosses the network on its own; deepep: a token
    // crosses the slowest link once per destination node and fans out inside it (DeepEP).
    std::string moeDispatcher = "all_to_all";
    std::array<GmmTile, kGmmPasses> gmmTiles{}; // by GmmPass
    // MaxText's splash attention blocks: forward queries and keys (sa_block_q, sa_block_kv),
    // the backward dK/dV kernel's (sa_block_q_dkv, sa_block_kv_dkv) and the dQ kernel's
    // (sa_block_q_dq, sa_block_kv_dq); base.yml's 512 each.
    std::array<int, 6> splashBlocks{512, 512, 512, 512, 512, 512};
    static constexpr int kMaxSplashBlock = 1 << 20;
    // sa_use_fused_bwd_kernel (base.yml: false): the dK/dV kernel computes dQ too, and no dQ
    // kernel runs.
    bool splashFusedBackward = false;
    // PyTorch only: torch.compile fuses the model's element-wise ops (norms, rotary, gated
    // activation); false runs them eagerly, one kernel per op over HBM (docs/engine.md).
    bool compile = true;
    // GPUs: the whole step is captured in CUDA graphs (Megatron's --cuda-graph-scope
    // full_iteration), so the host replays it instead of issuing each kernel from Python.
    bool cudaGraphs = false;
    // Megatron-LM's --gradient-accumulation-fusion (February 2022 on): the weight-gradient matmul
    // adds into the fp32 gradient buffer; false: a separate pass adds each microbatch's weight
    // gradient to it (Megatron-LM 2021, Megatron-DeepSpeed).
    bool gradientAccumulationFusion = true;
    // Megatron-LM's --async-tensor-model-parallel-allreduce (September 2021 on): the tp
    // collectives of the backward pass run behind the data- and weight-gradient matmuls; false:
    // the backward waits for each (Megatron-LM before, Megatron-DeepSpeed).
    bool asyncTpBackward = true;
    // TPU multislice: libtpu sums a cross-slice reduction on the hosts' CPUs, one ring step a
    // slice (its default, --xla_tpu_use_megascale_host_reduction=true); false: on the TPUs, an
    // all-to-all and an all-gather that reach every slice at once.
    bool dcnHostReduction = true;
    // The loss taken in this many chunks of the tokens, one chunk's logits live at a time and
    // recomputed in the backward pass (MaxText's num_vocab_tiling); 1: the logits whole.
    int vocabTiling = 1;
    static constexpr int kMaxVocabTiling = 65536;
    // Periodic evaluation: every evalIntervalSteps steps a forward pass over evalTokens tokens
    // (0: none). MLPerf's logged blocks, for one, include it.
    std::int64_t evalIntervalSteps = 0;
    std::int64_t evalTokens = 0;
    std::int64_t evalBatchTokens = 0; // tokens per evaluation batch; 0: the training batch's

    // Tokens per evaluation batch, with the default resolved.
    std::int64_t evalBatch() const {
        return evalBatchTokens > 0 ? evalBatchTokens : globalBatchTokens;
    }
    // The precisions Transformer Engine quantizes to, where fp8Params applies.
    bool teQuantized() const { return precision == "fp8" || precision == "fp4"; }
};

struct ParallelismSpec {
    int dp = 1;
    int fsdp = 1;
    int tp = 1;
    int pp = 1;
    int ep = 1;
    int cp = 1;
    int microbatches = 1;
    bool sequenceParallel = true;    // tp with sequence parallelism (Korthikanti et al. 2022)
    std::string ppSchedule = "1f1b"; // "1f1b" | "interleaved"
    int virtualStages = 1;           // model chunks per pipeline stage (interleaved)
    // FSDP weights: gathered for every forward and backward pass ("per_pass", ZeRO-3), or once
    // per step and kept across microbatches with gradients reduced once ("per_step").
    std::string fsdpGather = "per_pass";
    bool shardOptimizer = false; // optimizer state sharded over dp (ZeRO-1); zeroStage >= 1
    // ZeRO over dp: 1 optimizer state, 2 also gradients, 3 also weights (gathered per layer).
    int zeroStage = 0;
    bool tpOverlap = false; // tp collectives overlapped with the matmuls (collective matmul)
    // Pipeline sends overlapped with the next chunk's compute (Megatron's overlap_p2p_comm;
    // interleaved schedule only).
    bool ppOverlap = false;
    std::optional<bool> gradOverlap; // gradient reduction overlapped with the backward pass
    // Mesh axis ("tp") -> physical axes it spans ("x", "y", "z", "nvlink", "dcn", "wan").
    std::vector<std::pair<std::string, std::vector<std::string>>> mapping; // in file order

    std::int64_t meshSize() const {
        return static_cast<std::int64_t>(dp) * fsdp * tp * pp * ep * cp;
    }
};

struct PlacementSpec {
    std::vector<int> pods{0}; // one slice per pod (multislice over DCN/WAN when several)
    std::string shape;        // TPU: topology string "8x16x16"; empty for GPUs
    std::optional<std::vector<int>> cubes; // explicit cubes per slice (single pod), or auto
    bool twisted = false;
    int nodes = 0; // GPU clusters: nodes per pod
};

struct CheckpointSpec {
    double persistentWriteS = 0;       // blocking write of one checkpoint to persistent storage
    double storageGbyteS = 0;          // when no write time is given: size / this bandwidth
    bool inMemory = false;             // replicas in other hosts' memory (restored from peers)
    double inMemoryWriteS = 5;         // blocking copy of one in-memory checkpoint
    std::optional<double> intervalMin; // nullopt: automatic (Young/Daly)
};

struct PreflightSpec {
    double coverage = 0;  // share of early-life failures a scan before the run removes (0..1)
    double durationH = 0; // time the scan takes before training starts
};

struct SdcSpec {
    double ratePerChipHour = -1;         // per chip-hour; < 0: the cluster's rate
    std::string detection = "checksums"; // none | checksums | replay
    double overhead = 0.0;               // share of step time the detection costs
    double detectionLatencyH = 1.0;      // time from corruption to detection
};

struct MaintenanceWindow {
    int powerRow = 0;
    double everyDays = 30;
    double durationH = 8;
    std::string mode = "drain"; // drain | spares (ride through by swapping in spare cubes)
};

struct StragglerSpec {
    double probabilityPerChipStep = 0; // chance that a given chip is slow in a given step
    double slowdown = 1.0;             // step time multiplier when a chip is slow
};

struct ReliabilitySpec {
    CheckpointSpec checkpoint;
    double restartS = 600;
    int hotSpareCubes = 0; // spare cubes (TPU) or spare nodes (GPU) held for this job
    // Which cubes of the job's first pod are its hot spares (tpu-3d); empty: any free cubes.
    // When given, hotSpareCubes is their count.
    std::vector<int> spareCubes;
    bool elastic = false; // continue on the remaining data-parallel replicas until repair
    PreflightSpec preflight;
    SdcSpec sdc;
    std::vector<MaintenanceWindow> maintenance;
    StragglerSpec stragglers;
};

struct Job {
    std::string name;
    ModelSpec model;
    TrainingSpec training;
    ParallelismSpec parallelism;
    PlacementSpec placement;
    ReliabilitySpec reliability;
};

} // namespace podplanner::model

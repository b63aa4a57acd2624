#pragma once
// What stays fixed while layouts of one job are tried: the model's counts, the chip and its
// kernel constants, the framework's bytes per parameter, the fabric the job's placement gives
// it, the batch and the precision.
#include "hardware/chip_type.h"
#include "perf/collective_cost.h"
#include "perf/fabric.h"
#include "perf/framework.h"
#include "perf/kernel_cost.h"
#include "perf/transformer_counts.h"
#include "project/job.h"

#include <array>
#include <memory>
#include <unordered_map>

namespace podplanner::model::perf {

// Recompute policies (docs/format.md, "training"), in the order of recomputePolicyNames().
enum class Recompute : std::uint8_t {
    None,
    Selective,
    Full,
    Minimal,
    MinimalWithContext,
    SaveDotWithContextExceptMlp,
    SaveDotExceptMlpwi,
    SaveDotExceptMlp,
    SaveQkvProj,
    SaveOutProj,
    QkvProjOffloaded,
    MinimalOffloaded,
    Custom
};
Recompute parseRecompute(const std::string& text);
const char* recomputeName(Recompute r);

// HBM the allocator and runtime keep for themselves where the chip does not say what a program
// may use: fragmentation of the caching allocator, the CUDA runtime's context, communication
// buffers (docs/engine.md, "Memory").
inline constexpr double kHbmReserveFraction = 0.05;
// HBM one training program may use: the runtime's own figure, else HBM less the reserve.
inline double usableHbmGib(const ChipType& chip) {
    return chip.hbmUsableGib > 0 ? chip.hbmUsableGib : chip.hbmGib * (1.0 - kHbmReserveFraction);
}

struct LayerCosts;

// Layer (and LM head) costs computed for this job: a layout search times many layouts that share
// the tokens per microbatch and the tp, ep and cp sizes, whose costs are the same. The last few are
// looked up first (most layouts in a row share one); the rest are kept by key, because a plan
// returns to each of its few thousand keys many times between other splits.
struct LayerCostCache {
    struct Key {
        double tokens = -1;
        int tp = 0, ep = 0, cp = 0;
        bool sequenceParallel = false;
        bool operator==(const Key&) const = default;
    };
    struct KeyHash {
        std::size_t operator()(const Key& k) const noexcept;
    };
    static constexpr std::size_t kEntries = 8;
    // Beyond this many keys the store starts afresh (bounds memory: ~350 bytes a key).
    static constexpr std::size_t kKeptKeys = 1 << 14;
    std::array<Key, kEntries> keys{};
    std::array<std::shared_ptr<const LayerCosts>, kEntries> values{};
    std::size_t next = 0;
    std::unordered_map<Key, std::shared_ptr<const LayerCosts>, KeyHash> kept;
};

// The communication groups of the last mapping timed: a search times its configurations of
// one split (ZeRO stages, gathers, policies) one after another on the same mapping.
struct AxisGroupsCache {
    MeshMapping mapping;
    bool valid = false;
    std::array<AxisGroup, kMeshAxes> groups{};
    // Groups of several mesh axes taken together (step_comm.cpp's JointAxes), made when first
    // asked for on this mapping.
    std::array<AxisGroup, 3> joint{};
    std::array<bool, 3> jointValid{};
};

// What evaluations of one job remember between layouts. Not shared between threads: each
// thread makes its own JobContext.
struct EvaluationCache {
    LayerCostCache layers;
    AxisGroupsCache axisGroups;
};

// Owns a cache; a copied context starts with an empty one of its own (so that copies used on
// other threads never share it).
class EvaluationCacheHandle {
  public:
    EvaluationCacheHandle() : cache_(std::make_unique<EvaluationCache>()) {}
    EvaluationCacheHandle(const EvaluationCacheHandle&) : EvaluationCacheHandle() {}
    EvaluationCacheHandle& operator=(const EvaluationCacheHandle&) {
        cache_ = std::make_unique<EvaluationCache>();
        return *this;
    }
    EvaluationCacheHandle(EvaluationCacheHandle&&) = default;
    EvaluationCacheHandle& operator=(EvaluationCacheHandle&&) = default;
    EvaluationCache& operator*() const { return *cache_; }
    EvaluationCache* operator->() const { return cache_.get(); }

  private:
    std::unique_ptr<EvaluationCache> cache_;
};

struct JobContext {
    const Job* job = nullptr;
    ChipType chip;
    TransformerCounts counts;
    JobFabric fabric;
    FrameworkTraits framework;
    KernelModel kernels;
    // The output layer's matmuls: 16-bit under fp8 and int8 (no framework quantizes it).
    KernelModel headKernels;
    std::int64_t chips = 0;
    // At the job's precision, FLOP/s: the datasheet's, for MFU (the kernels run under the cap).
    double peakFlops = 0;
    double hbmBytesPerS = 0;
    double hbmCapacityBytes = 0; // usable: the chip's HBM less the allocator's reserve
    double matmulBytes = 2;      // bytes per matmul operand element at the job's precision
    double activationBytes = 2;  // activations are kept and sent in bf16 (fp32 for fp32 runs)
    double savedInputBytes = 2;  // a linear layer's input as kept for its weight gradient
    EvaluationCacheHandle cache;
};

// Layers on the busiest pipeline stage: stages get ceil(L / (pp v)) layers per model chunk,
// so uneven splits (126 layers on 16 stages) are allowed and cost what the largest stage costs.
double layersPerStage(int layers, int pp, int virtualStages);

JobContext makeJobContext(const Job& job, const ChipType& chip, const JobFabric& fabric,
                          std::int64_t chips);

} // namespace podplanner::model::perf

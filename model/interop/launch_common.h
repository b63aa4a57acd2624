#pragma once
// What the launch-config writers and readers share: the job's sizes, the mapping the engine
// lays it on, comment blocks, and the "# podplanner-job:" line (internal to model/interop).
#include "core/json_reader.h"
#include "interop/launch.h"
#include "interop/launch_args.h"
#include "interop/shell_script.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace podplanner::model::interop {

inline constexpr const char* kExtrasTag = "podplanner-job:";

struct JobSizes {
    std::int64_t chips = 0;
    std::int64_t sequences = 0; // global batch in sequences
    int slices = 1;             // placed slices (pods)
    std::int64_t nodes = 0;     // GPU: a launcher's nodes (hosts) over all pods
    int gpusPerNode = 0;        // GPUs per host (gpus_per_host)
    std::int64_t steps = 0;     // total tokens / global batch, rounded up
};
JobSizes jobSizes(const Project& project, const Job& job);

// "dp 1 x fsdp 192 x tp 16 x pp 1 x ep 1 x cp 1 = 3072"
std::string meshText(const ParallelismSpec& p);

// The mapping the engine times the job with (the project's, or the fastest it found): as text
// ("tp: x(16) | fsdp: y(16) z(12)") and how much of each mesh axis lies on DCN or the WAN.
struct MappingFacts {
    std::string text;
    bool fromProject = false;
    std::array<int, 6> offSlice{1, 1, 1, 1, 1, 1}; // dp fsdp tp pp ep cp
};
MappingFacts mappingFacts(const Project& project, std::size_t index);

// Refuses a TPU cluster for a GPU framework (`target` like "--to megatron").
void requireGpuCluster(const ClusterSpec& cluster, const std::string& target,
                       const std::string& framework);
// "<what> for job N "name" of project "P" (written by podplanner export)"
std::string exportHeading(const std::string& what, const Project& project, std::size_t index);
// "mapping tp: x(16) | ... (the project's): <why the framework cannot hold it>"
std::string mappingNote(const MappingFacts& mapping, const std::string& why);
// The "#   - reason" lines of what the framework cannot express.
void appendCannot(std::string& out, const std::vector<std::string>& cannot);
// Lines of "# text".
void appendComments(std::string& out, const std::vector<std::string>& lines);
// The "# podplanner-job: {...}" line: the job's name, placement and reliability, the listed
// keys ("parallelism/mapping", "training/precision": what the flags cannot hold), and
// total_tokens when the steps flag cannot hold it exactly.
std::string extrasLine(const Project& project, const Job& job,
                       const std::vector<std::string>& keys);
// The periodic evaluation keys (training.eval_*), when the job evaluates, for extrasLine.
void carryEvaluation(const TrainingSpec& training, std::vector<std::string>& carried);
// Vocabulary tiling (MaxText's num_vocab_tiling) where the launcher has no such setting: said,
// and carried so that import gives it back.
void carryVocabTiling(const TrainingSpec& training, const std::string& launcher,
                      std::vector<std::string>& cannot, std::vector<std::string>& carried);
// The model carried whole in the extras line (once, however many reasons ask for it).
void carryModel(std::vector<std::string>& carried);
// A sliding window the launcher's flags do not set: said, and the model carried whole so that
// import gives it back.
void carrySlidingWindow(const ModelSpec& model, const std::string& why,
                        std::vector<std::string>& cannot, std::vector<std::string>& carried);
// DeepSeek's and Llama 4's model shapes (latent attention, dense layers before or between the
// MoE ones, multi-token prediction), which the launcher's model flags do not set: said, and the
// model carried whole so that import gives it back.
void carryDeepSeekShape(const ModelSpec& model, const std::string& launcher,
                        std::vector<std::string>& cannot, std::vector<std::string>& carried);
// A model without the causal mask: every launcher's decoder masks causally; said, and the
// model carried whole so that import gives it back.
void carryNonCausal(const ModelSpec& model, const std::string& launcher,
                    std::vector<std::string>& cannot, std::vector<std::string>& carried);
// The JSON after the tag in one of the comments, or empty.
std::string findExtras(const std::vector<ShellComment>& comments);

// The placement an imported job asks for: `slices` TPU slices of `shape`, or `hosts` GPU hosts
// (a launcher's nodes), which must fill whole NVLink domains.
PlacementSpec importedPlacement(const ClusterSpec& cluster, int slices, const std::string& shape,
                                std::int64_t hosts);

// A TPU slice topology for `chips` on this cluster's pod: xpk's default for that size.
std::string defaultTopology(const ClusterSpec& cluster, long chips);

// Throws InputError at `location` (no pointer): for values derived from several flags.
[[noreturn]] void throwImportError(const std::string& location, const std::string& expected,
                                   const std::string& found, const std::string& hint = {});

// a × b for counts formed from several flags (world size, batch, tokens): an InputError at
// `location` when the product passes 2^53, where a double stops counting exactly, instead of
// overflowing.
std::int64_t countProduct(std::int64_t a, std::int64_t b, const std::string& location,
                          const std::string& what);
// perStep x stages microbatches, refused at flag `name` (countProduct's bound, then a C int's,
// which the job's microbatches are).
int microbatchCount(FlagList& flags, std::int64_t perStep, std::int64_t stages,
                    const std::string& name);

// Per format (maxtext_*.cpp, megatron_*.cpp, torchtitan_*.cpp).
std::string exportMaxText(const Project& project, std::size_t index);
std::string exportMegatron(const Project& project, std::size_t index);
std::string exportTorchtitan(const Project& project, std::size_t index);
ImportedJob importMaxText(const Project& project, const std::string& text,
                          const ImportOptions& options);
ImportedJob importMegatron(const Project& project, const std::string& text,
                           const ImportOptions& options);
ImportedJob importTorchtitan(const Project& project, const std::string& text,
                             const ImportOptions& options);

} // namespace podplanner::model::interop

#include "interop/launch_common.h"

#include "interop/tpu_types.h"
#include "perf/evaluate.h"
#include "perf/fabric.h"
#include "project/placement.h"
#include "project/project_io.h"

#include <algorithm>

namespace podplanner::model::interop {

JobSizes jobSizes(const Project& project, const Job& job) {
    JobSizes s;
    s.chips = job.parallelism.meshSize();
    s.sequences = job.model.seqLen > 0 ? job.training.globalBatchTokens / job.model.seqLen : 0;
    s.slices = static_cast<int>(job.placement.pods.size());
    // A launcher's node is a host: an NVL72 rack's compute tray, not the whole NVLink domain.
    const PodSpec& pod = project.cluster.pod;
    s.gpusPerNode = pod.chipsPerHost;
    s.nodes = static_cast<std::int64_t>(job.placement.nodes) * pod.jobHostsPerNode() * s.slices;
    const std::int64_t batch = std::max<std::int64_t>(1, job.training.globalBatchTokens);
    s.steps = (job.training.totalTokens + batch - 1) / batch;
    return s;
}

std::string meshText(const ParallelismSpec& p) {
    return "dp " + std::to_string(p.dp) + " x fsdp " + std::to_string(p.fsdp) + " x tp " +
           std::to_string(p.tp) + " x pp " + std::to_string(p.pp) + " x ep " +
           std::to_string(p.ep) + " x cp " + std::to_string(p.cp) + " = " +
           std::to_string(p.meshSize());
}

MappingFacts mappingFacts(const Project& project, std::size_t index) {
    const auto evaluation = perf::evaluateProject(project);
    const auto placements = placeJobs(project);
    const auto& e = evaluation.jobs.at(index);
    const auto fabric = perf::jobFabric(project.cluster, placements.at(index), e.shares);
    MappingFacts facts;
    facts.text = e.mappingText;
    facts.fromProject = e.mappingFromProject;
    for (int i = 0; i < e.layout.mapping.count; ++i) {
        const auto& seg = e.layout.mapping.segments[static_cast<std::size_t>(i)];
        const auto level = fabric.axes[seg.physical].level;
        if (level == perf::Level::Dcn || level == perf::Level::Wan)
            facts.offSlice[seg.mesh] *= seg.factor;
    }
    return facts;
}

void requireGpuCluster(const ClusterSpec& cluster, const std::string& target,
                       const std::string& framework) {
    if (cluster.pod.kind != PodKind::GpuFatTree)
        throwImportError(target, "a GPU cluster (" + framework + " runs on GPUs)",
                         "the TPU cluster \"" + cluster.name + "\"",
                         "export TPU jobs with --to maxtext");
}

std::string exportHeading(const std::string& what, const Project& project, std::size_t index) {
    return what + " for job " + std::to_string(index + 1) + " \"" + project.jobs[index].name +
           "\" of project \"" + project.name + "\" (written by podplanner export)";
}

std::string mappingNote(const MappingFacts& mapping, const std::string& why) {
    return "mapping " + mapping.text +
           (mapping.fromProject ? " (the project's)" : " (the engine's fastest)") + ": " + why;
}

void appendCannot(std::string& out, const std::vector<std::string>& cannot) {
    for (const auto& c : cannot)
        out += "#   - " + c + "\n";
}

void appendComments(std::string& out, const std::vector<std::string>& lines) {
    for (const auto& line : lines)
        out += line.empty() ? "#\n" : "# " + line + "\n";
}

std::string extrasLine(const Project& project, const Job& job,
                       const std::vector<std::string>& keys) {
    Project alone = project;
    alone.jobs = {job};
    const Json doc = parseJsonText(writeProject(alone));
    const Json& j = doc["jobs"][0];
    Json extras = Json::object();
    extras["name"] = j["name"];
    for (const auto& key : keys) {
        if (key == "model") {
            extras["model"] = j["model"];
            continue;
        }
        const std::size_t slash = key.find('/');
        const std::string section = key.substr(0, slash);
        const std::string name = key.substr(slash + 1);
        if (j[section].contains(name))
            extras[section][name] = j[section][name];
        else if (key == "training/framework")
            extras[section][name] = job.training.framework; // "auto" is not written
        else if (key == "parallelism/mapping")
            extras[section][name] = Json::object(); // none: the engine's fastest
    }
    if (job.training.totalTokens % std::max<std::int64_t>(1, job.training.globalBatchTokens))
        extras["training"]["total_tokens"] = job.training.totalTokens;
    extras["placement"] = j["placement"];
    extras["reliability"] = j["reliability"];
    return std::string("# ") + kExtrasTag + " " + extras.dump() + "\n";
}

void carryEvaluation(const TrainingSpec& training, std::vector<std::string>& carried) {
    if (training.evalIntervalSteps <= 0)
        return;
    for (const char* key :
         {"training/eval_interval_steps", "training/eval_tokens", "training/eval_batch_tokens"})
        carried.emplace_back(key);
}

void carryVocabTiling(const TrainingSpec& training, const std::string& launcher,
                      std::vector<std::string>& cannot, std::vector<std::string>& carried) {
    if (training.vocabTiling <= 1)
        return;
    cannot.push_back("vocab_tiling " + std::to_string(training.vocabTiling) + ": " + launcher +
                     " has no chunked loss setting; the launched run holds the logits whole");
    carried.emplace_back("training/vocab_tiling");
}

void carryModel(std::vector<std::string>& carried) {
    if (std::find(carried.begin(), carried.end(), "model") == carried.end())
        carried.emplace_back("model");
}

void carrySlidingWindow(const ModelSpec& model, const std::string& why,
                        std::vector<std::string>& cannot, std::vector<std::string>& carried) {
    if (model.slidingWindow <= 0)
        return;
    cannot.push_back("sliding_window " + std::to_string(model.slidingWindow) +
                     (model.globalEvery > 0
                          ? " (global_every " + std::to_string(model.globalEvery) + ")"
                          : std::string()) +
                     ": " + why + "; the launched run attends globally");
    carryModel(carried);
}

void carryDeepSeekShape(const ModelSpec& model, const std::string& launcher,
                        std::vector<std::string>& cannot, std::vector<std::string>& carried) {
    const std::size_t before = cannot.size();
    if (model.isMla())
        cannot.push_back("latent attention (kv_lora_rank " + std::to_string(model.kvLoraRank) +
                         "): this export writes no latent attention for " + launcher +
                         "; the launched run projects keys and values per head");
    if (model.denseLayers > 0)
        cannot.push_back("dense_layers " + std::to_string(model.denseLayers) +
                         ": this export writes no dense layers for " + launcher +
                         "; the launched run has experts in every layer");
    if (model.moeEvery > 1)
        cannot.push_back("moe_every " + std::to_string(model.moeEvery) +
                         ": this export writes no interleaved dense layers for " + launcher +
                         "; the launched run has experts in every layer");
    if (model.mtpLayers > 0)
        cannot.push_back("mtp_layers " + std::to_string(model.mtpLayers) +
                         ": this export writes no multi-token prediction for " + launcher);
    if (cannot.size() > before)
        carryModel(carried);
}

void carryNonCausal(const ModelSpec& model, const std::string& launcher,
                    std::vector<std::string>& cannot, std::vector<std::string>& carried) {
    if (model.causal)
        return;
    cannot.push_back("causal false: " + launcher +
                     " as it is today masks its decoders' attention causally, so the launched "
                     "run computes about half the scores");
    carryModel(carried);
}

std::string findExtras(const std::vector<ShellComment>& comments) {
    for (const auto& c : comments) {
        const std::size_t at = c.text.find(kExtrasTag);
        if (at != std::string::npos)
            return c.text.substr(at + std::string(kExtrasTag).size());
    }
    return {};
}

std::string defaultTopology(const ClusterSpec& cluster, long chips) {
    const TpuGeneration* gen = tpuGenerationForChip(cluster.chip.id);
    if (!gen)
        return {};
    return xpkDefaultTopology(*gen, chips * gen->coresPerChip).value_or("");
}

PlacementSpec importedPlacement(const ClusterSpec& cluster, int slices, const std::string& shape,
                                std::int64_t hosts) {
    PlacementSpec p;
    p.pods.clear();
    if (cluster.pod.kind == PodKind::GpuFatTree) {
        const std::int64_t hostsPerNode = cluster.pod.jobHostsPerNode();
        if (hosts % hostsPerNode != 0)
            throwImportError("the GPU nodes",
                             "whole NVLink domains of " + std::to_string(hostsPerNode) +
                                 " hosts (" + std::to_string(cluster.pod.jobGpusPerNode()) +
                                 " GPUs a job uses)",
                             std::to_string(hosts) + " hosts");
        const std::int64_t nodes = hosts / hostsPerNode;
        const std::int64_t perPod = cluster.pod.nodes;
        const std::int64_t pods = nodes <= perPod ? 1 : (nodes + perPod - 1) / perPod;
        if (nodes % pods != 0)
            throwImportError("the GPU nodes",
                             "a node count that fills whole pods of " + std::to_string(perPod) +
                                 " nodes",
                             std::to_string(nodes));
        for (std::int64_t i = 0; i < pods; ++i)
            p.pods.push_back(static_cast<int>(i));
        p.nodes = static_cast<int>(nodes / pods);
        return p;
    }
    for (int i = 0; i < std::max(1, slices); ++i)
        p.pods.push_back(i);
    p.shape = shape;
    return p;
}

void throwImportError(const std::string& location, const std::string& expected,
                      const std::string& found, const std::string& hint) {
    throw InputError({"", location, expected, found, hint});
}

std::int64_t countProduct(std::int64_t a, std::int64_t b, const std::string& location,
                          const std::string& what) {
    constexpr std::int64_t kLimit = std::int64_t{1} << 53;
    std::int64_t product = 0;
    if (__builtin_mul_overflow(a, b, &product) || product > kLimit || product < -kLimit)
        throwImportError(location, what + " of at most 2^53",
                         std::to_string(a) + " x " + std::to_string(b));
    return product;
}

int microbatchCount(FlagList& flags, std::int64_t perStep, std::int64_t stages,
                    const std::string& name) {
    const std::int64_t microbatches = countProduct(perStep, stages, name, "microbatches");
    if (microbatches > kMaxFlagInteger)
        throwFlagError(flags, name,
                       "at most " + std::to_string(kMaxFlagInteger) + " microbatches in all");
    return static_cast<int>(microbatches);
}

} // namespace podplanner::model::interop

#include "cluster/cluster_json.h"
#include "core/atomic_file.h"
#include "core/json_reader.h"
#include "project/model_json.h"
#include "project/placement.h"
#include "project/project_io.h"
#include "project/reliability_json.h"
#include "project/training_json.h"

namespace podplanner::model {

namespace {

const std::vector<std::string> kMeshAxes = {"dp", "fsdp", "tp", "pp", "ep", "cp"};
const std::vector<std::string> kPhysicalAxes = {"x", "y", "z", "nvlink", "dcn", "wan"};

std::vector<std::pair<std::string, std::vector<std::string>>> readMapping(const Json& value,
                                                                          const std::string& at) {
    ObjectReader in(value, at);
    std::vector<std::pair<std::string, std::vector<std::string>>> mapping;
    for (const auto& [axis, physical] : value.items()) {
        const std::string axisAt = childPointer(at, axis);
        readChoice(Json(axis), axisAt, kMeshAxes);
        if (!physical.is_array() || physical.empty() || physical.size() > 6)
            throwInputError(axisAt, "an array of 1 to 6 physical axes", describeJson(physical));
        std::vector<std::string> axes;
        for (std::size_t i = 0; i < physical.size(); ++i)
            axes.push_back(readChoice(physical[i], childPointer(axisAt, i), kPhysicalAxes));
        mapping.emplace_back(axis, axes);
    }
    return mapping;
}

ParallelismSpec readParallelism(ObjectReader& job) {
    ObjectReader in(job.object("parallelism"), job.at("parallelism"));
    ParallelismSpec p;
    constexpr std::int64_t kMax = 1'000'000;
    p.dp = static_cast<int>(in.integer("dp", 1, kMax, 1));
    p.fsdp = static_cast<int>(in.integer("fsdp", 1, kMax, 1));
    p.tp = static_cast<int>(in.integer("tp", 1, kMax, 1));
    p.pp = static_cast<int>(in.integer("pp", 1, kMax, 1));
    p.ep = static_cast<int>(in.integer("ep", 1, kMax, 1));
    p.cp = static_cast<int>(in.integer("cp", 1, kMax, 1));
    p.microbatches = static_cast<int>(in.integer("microbatches", 1, kMax, 1));
    p.sequenceParallel = in.boolean("sequence_parallel", true);
    p.ppSchedule = in.choice("pp_schedule", {"1f1b", "interleaved"}, "1f1b");
    p.virtualStages = static_cast<int>(in.integer("virtual_stages", 1, 1000, 1));
    p.fsdpGather = in.choice("fsdp_gather", {"per_pass", "per_step"}, "per_pass");
    p.shardOptimizer = in.boolean("shard_optimizer", false);
    p.zeroStage = static_cast<int>(in.integer("zero_stage", 0, 3, p.shardOptimizer ? 1 : 0));
    if (p.shardOptimizer && p.zeroStage == 0)
        throwInputError(in.at("zero_stage"), "1 or more with \"shard_optimizer\": true (ZeRO-1)",
                        "0");
    p.tpOverlap = in.boolean("tp_overlap", false);
    p.ppOverlap = in.boolean("pp_overlap", false);
    if (in.has("grad_overlap"))
        p.gradOverlap = in.boolean("grad_overlap", true);
    if (p.ppSchedule == "1f1b" && p.virtualStages != 1)
        throwInputError(in.at("virtual_stages"), "1 with the \"1f1b\" schedule",
                        std::to_string(p.virtualStages));
    if (const Json* mapping = in.get("mapping"))
        p.mapping = readMapping(*mapping, in.at("mapping"));
    in.finish();
    return p;
}

PlacementSpec readPlacement(ObjectReader& job, const ClusterSpec& cluster) {
    ObjectReader in(job.object("placement"), job.at("placement"));
    PlacementSpec p;
    if (in.has("pod") && in.has("pods"))
        throwInputError(in.at("pods"), "either \"pod\" or \"pods\"", "both");
    if (in.has("pods")) {
        const Json& pods = in.array("pods", 1, 10000);
        p.pods.clear();
        for (std::size_t i = 0; i < pods.size(); ++i)
            p.pods.push_back(
                static_cast<int>(readInteger(pods[i], childPointer(in.at("pods"), i), 0, 9999)));
    } else {
        p.pods = {static_cast<int>(in.integer("pod", 0, 9999, 0))};
    }
    if (cluster.pod.kind == PodKind::GpuFatTree) {
        p.nodes = static_cast<int>(in.integer("nodes", 1, 1'000'000));
    } else {
        p.shape = in.string("shape");
        if (cluster.pod.kind == PodKind::Tpu3d) {
            p.twisted = in.boolean("twisted", false);
            if (const Json* cubes = in.get("cubes")) {
                if (cubes->is_array()) {
                    std::vector<int> list;
                    for (std::size_t i = 0; i < cubes->size(); ++i)
                        list.push_back(static_cast<int>(
                            readInteger((*cubes)[i], childPointer(in.at("cubes"), i), 0, 99999)));
                    p.cubes = list;
                } else if (!(cubes->is_string() && cubes->get<std::string>() == "auto")) {
                    throwInputError(in.at("cubes"), "\"auto\" or an array of cube indices",
                                    describeJson(*cubes));
                }
            }
        }
    }
    in.finish();
    return p;
}

ReliabilitySpec readReliability(ObjectReader& job) {
    const Json* value = job.get("reliability");
    return value ? readReliabilitySpec(*value, job.at("reliability")) : ReliabilitySpec{};
}

Job readJob(const Json& value, const std::string& at, const ClusterSpec& cluster) {
    ObjectReader in(value, at);
    Job job;
    job.name = in.string("name");
    {
        ObjectReader modelIn(in.object("model"), in.at("model"));
        job.model = readModelSpec(modelIn);
        modelIn.finish();
    }
    job.training = readTrainingSpec(in);
    if (!cluster.chip.peakTflops.count(job.training.precision)) {
        std::string has;
        for (const auto& [precision, tflops] : cluster.chip.peakTflops)
            has += (has.empty() ? "" : ", ") + precision;
        throwInputError(childPointer(in.at("training"), "precision"),
                        "a precision that " + cluster.chip.name + " has (" + has + ")",
                        describeJson(Json(job.training.precision)));
    }
    job.parallelism = readParallelism(in);
    job.placement = readPlacement(in, cluster);
    job.reliability = readReliability(in);
    in.finish();
    checkJobAgainstModel(job, at);
    return job;
}

std::string meshText(const ParallelismSpec& p) {
    return "dp " + std::to_string(p.dp) + " x fsdp " + std::to_string(p.fsdp) + " x tp " +
           std::to_string(p.tp) + " x pp " + std::to_string(p.pp) + " x ep " +
           std::to_string(p.ep) + " x cp " + std::to_string(p.cp) + " = " +
           std::to_string(p.meshSize());
}

} // namespace

void checkJobAgainstModel(const Job& job, const std::string& at) {
    const auto& m = job.model;
    const auto& p = job.parallelism;
    const std::string par = childPointer(at, "parallelism");
    if (m.heads % p.tp != 0)
        throwInputError(childPointer(par, "tp"),
                        "a divisor of the model's heads (" + std::to_string(m.heads) + ")",
                        std::to_string(p.tp));
    if (m.isMoe() ? m.experts % p.ep != 0 : p.ep != 1)
        throwInputError(childPointer(par, "ep"),
                        m.isMoe()
                            ? "a divisor of the model's experts (" + std::to_string(m.experts) + ")"
                            : std::string("1 for a dense model (no \"experts\")"),
                        std::to_string(p.ep));
    // The first chunk of the first stage and the last chunk of the last stage may hold only
    // the embedding and the LM head (Llama 3), so two chunks more than layers are allowed.
    if (m.layers + 2 < p.pp * p.virtualStages)
        throwInputError(childPointer(par, "pp"),
                        "pp x virtual_stages at most the model's layers + 2 (" +
                            std::to_string(m.layers + 2) + ")",
                        std::to_string(p.pp) + " x " + std::to_string(p.virtualStages));
    if (!m.isMoe() && job.training.gmmTiles != TrainingSpec{}.gmmTiles)
        throwInputError(childPointer(childPointer(at, "training"), "gmm_tiles"),
                        "\"experts\" above 1 (the tiles of the experts' grouped matmul)",
                        "gmm_tiles on a dense model");
    if (job.training.globalBatchTokens % m.seqLen != 0)
        throwInputError(childPointer(childPointer(at, "training"), "global_batch_tokens"),
                        "a multiple of seq_len (" + std::to_string(m.seqLen) + ")",
                        std::to_string(job.training.globalBatchTokens));
}

Project readProject(const std::string& text, const LoadLimits& limits) {
    const Json doc = parseJsonText(text, {limits.maxFileBytes, limits.maxDepth});
    ObjectReader in(doc, "");
    const std::string format = in.string("format");
    if (format != "podplanner-project")
        throwInputError(in.at("format"), "\"podplanner-project\"", describeJson(doc["format"]));
    const std::int64_t version = in.integer("version", 0, 1'000'000);
    if (version > kProjectFormatVersion)
        throwInputError(in.at("version"),
                        "a format version up to " + std::to_string(kProjectFormatVersion),
                        std::to_string(version),
                        "the file was written by a newer PodPlanner; install a newer version "
                        "to open it");
    if (version < 1)
        throwInputError(in.at("version"), "a format version from 1", std::to_string(version));

    Project project;
    project.name = in.string("name");
    const Json& cluster = in.object("cluster");
    project.cluster = readClusterSource(cluster, in.at("cluster"), limits);
    project.clusterSource = cluster.dump();

    const Json& jobs = in.array("jobs", 0, static_cast<std::size_t>(limits.maxJobs));
    for (std::size_t i = 0; i < jobs.size(); ++i)
        project.jobs.push_back(readJob(jobs[i], childPointer("/jobs", i), project.cluster));

    if (const Json* view = in.get("view")) {
        ObjectReader v(*view, in.at("view"));
        project.hasView = true;
        project.view.mode = v.choice("mode", {"physical", "logical"}, "physical");
        project.view.color =
            v.choice("color", {"job", "axis", "health", "utilization", "failure_domain"}, "job");
        v.finish();
    }
    in.finish();

    const auto placements = placeJobs(project);
    for (std::size_t i = 0; i < placements.size(); ++i) {
        const auto& p = project.jobs[i].parallelism;
        if (p.meshSize() != placements[i].chips())
            throwInputError(childPointer(childPointer("/jobs", i), "parallelism"),
                            "dp x fsdp x tp x pp x ep x cp equal to the job's " +
                                std::to_string(placements[i].chips()) + " chips",
                            meshText(p));
    }
    return project;
}

Project loadProjectFile(const std::string& path, const LoadLimits& limits) {
    const std::string text = readWholeFile(path, limits.maxFileBytes);
    try {
        return readProject(text, limits);
    } catch (const InputError& e) {
        throw e.withFile(path);
    }
}

} // namespace podplanner::model

#include "core/atomic_file.h"
#include "core/json_reader.h"
#include "project/model_json.h"
#include "project/project_io.h"
#include "project/reliability_json.h"
#include "project/training_json.h"

namespace podplanner::model {

namespace {

Json writeJob(const Job& job, PodKind kind) {
    Json out;
    out["name"] = job.name;
    Json model = Json::object();
    writeModelSpec(job.model, model);
    out["model"] = model;

    out["training"] = writeTrainingSpec(job.training);

    const auto& p = job.parallelism;
    Json parallelism = {{"dp", p.dp},
                        {"fsdp", p.fsdp},
                        {"tp", p.tp},
                        {"pp", p.pp},
                        {"ep", p.ep},
                        {"cp", p.cp},
                        {"microbatches", p.microbatches},
                        {"sequence_parallel", p.sequenceParallel},
                        {"pp_schedule", p.ppSchedule},
                        {"virtual_stages", p.virtualStages},
                        {"fsdp_gather", p.fsdpGather},
                        {"shard_optimizer", p.shardOptimizer}};
    // Written only when set, so that older files keep their exact text.
    if (p.zeroStage > (p.shardOptimizer ? 1 : 0))
        parallelism["zero_stage"] = p.zeroStage;
    if (p.tpOverlap)
        parallelism["tp_overlap"] = true;
    if (p.ppOverlap)
        parallelism["pp_overlap"] = true;
    if (p.gradOverlap)
        parallelism["grad_overlap"] = *p.gradOverlap;
    if (!p.mapping.empty()) {
        Json mapping = Json::object();
        for (const auto& [axis, physical] : p.mapping)
            mapping[axis] = physical;
        parallelism["mapping"] = mapping;
    }
    out["parallelism"] = parallelism;

    const auto& pl = job.placement;
    Json placement = Json::object();
    if (pl.pods.size() == 1)
        placement["pod"] = pl.pods.front();
    else
        placement["pods"] = pl.pods;
    if (kind == PodKind::GpuFatTree) {
        placement["nodes"] = pl.nodes;
    } else {
        placement["shape"] = pl.shape;
        if (kind == PodKind::Tpu3d) {
            placement["cubes"] = pl.cubes ? Json(*pl.cubes) : Json("auto");
            placement["twisted"] = pl.twisted;
        }
    }
    out["placement"] = placement;

    out["reliability"] = writeReliabilitySpec(job.reliability);
    return out;
}

} // namespace

std::string writeProject(const Project& project) {
    Json doc;
    doc["format"] = "podplanner-project";
    doc["version"] = kProjectFormatVersion;
    doc["name"] = project.name;
    doc["cluster"] = Json::parse(project.clusterSource);
    Json jobs = Json::array();
    for (const auto& job : project.jobs)
        jobs.push_back(writeJob(job, project.cluster.pod.kind));
    doc["jobs"] = jobs;
    if (project.hasView)
        doc["view"] = {{"mode", project.view.mode}, {"color", project.view.color}};
    try {
        return doc.dump(2) + "\n";
    } catch (const Json::type_error& e) { // a string that is not UTF-8 (readers refuse them)
        throw InputError(
            {"", "", "UTF-8 text in every name and string of the project", e.what(), ""});
    }
}

void saveProjectFile(const Project& project, const std::string& path) {
    writeFileAtomically(path, writeProject(project));
}

} // namespace podplanner::model

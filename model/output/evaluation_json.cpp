#include "output/evaluation_json.h"

#include "core/json_reader.h"
#include "perf/accuracy.h"

namespace podplanner::model::output {

using namespace perf;

namespace {

constexpr double kGib = 1024.0 * 1024.0 * 1024.0;

Json layoutJson(const Layout& l, const std::string& mappingText) {
    Json out;
    for (std::size_t a = 0; a < kMeshAxes; ++a)
        out[meshAxisName(a)] = l.sizes[a];
    out["microbatches"] = l.microbatches;
    out["sequence_parallel"] = l.sequenceParallel;
    out["pp_schedule"] = l.virtualStages > 1 ? "interleaved" : "1f1b";
    out["virtual_stages"] = l.virtualStages;
    out["recompute"] = recomputeName(l.recompute);
    out["mapping"] = mappingText;
    return out;
}

Json stepJson(const StepResult& r) {
    Json out;
    out["step_time_s"] = r.stepS;
    out["compute_s"] = r.computeS;
    out["exposed_comm_s"] = r.exposedCommS;
    out["host_wait_s"] = r.hostWaitS;
    out["bubble_s"] = r.bubbleS;
    out["optimizer_s"] = r.optimizerS;
    out["eval_s"] = r.evalS;
    out["mfu"] = r.mfu;
    out["hfu"] = r.hfu;
    out["tokens_per_s"] = r.tokensPerS;
    out["hbm_used_gib_per_chip"] = r.memory.total() / kGib;
    out["hbm_capacity_gib_per_chip"] = r.hbmCapacityBytes / kGib;
    out["hbm_fits"] = r.fits;
    out["hbm_headroom_gib"] = (r.hbmCapacityBytes - r.memory.total()) / kGib;
    out["memory_gib"] = {{"weights", r.memory.weights / kGib},
                         {"gradients", r.memory.gradients / kGib},
                         {"optimizer", r.memory.optimizer / kGib},
                         {"activations", r.memory.activations / kGib},
                         {"temporary", r.memory.temporary / kGib}};
    Json collectives = Json::array();
    for (int i = 0; i < r.collectiveCount; ++i) {
        const CollectiveRow& c = r.collectives[static_cast<std::size_t>(i)];
        collectives.push_back({{"kind", collectiveKindName(c.kind)},
                               {"axis", meshAxisName(c.axis)},
                               {"bytes", c.bytes},
                               {"time_s", c.seconds},
                               {"exposed_s", c.exposedSeconds}});
    }
    out["collectives"] = collectives;
    return out;
}

// Milliseconds: a layer's operations take micro- to milliseconds.
Json layerJson(const LayerBreakdown& b) {
    Json forward, backward;
    for (std::size_t op = 0; op < kLayerOps; ++op) {
        forward[layerOpName(static_cast<LayerOp>(op))] = 1e3 * b.layer.forwardS[op];
        backward[layerOpName(static_cast<LayerOp>(op))] = 1e3 * b.layer.backwardS[op];
    }
    return {
        {"tokens_per_microbatch", b.tokensPerMicrobatch},
        {"forward_ms", forward},
        {"backward_ms", backward},
        {"recompute_ms", 1e3 * b.recomputeS},
        {"head", {{"forward_ms", 1e3 * b.head.forwardS}, {"backward_ms", 1e3 * b.head.backwardS}}}};
}

Json goodputJson(const reliability::GoodputResult& g) {
    Json out;
    out["expected"] = g.expected;
    out["interruptions_per_day"] = g.interruptionsPerDay;
    out["job_mtbf_h"] = g.jobMtbfH;
    out["checkpoint_interval_min"] = g.checkpointIntervalMin;
    out["checkpoint_write_s"] = g.checkpointWriteS;
    out["spare_available"] = g.spareAvailable;
    const auto& b = g.badput;
    out["badput"] = {{"checkpoint", b.checkpoint},
                     {"lost_progress", b.lostProgress},
                     {"restart", b.restart},
                     {"degraded", b.degraded},
                     {"sdc", b.sdc},
                     {"maintenance", b.maintenance},
                     {"stragglers", b.stragglers},
                     {"preflight", b.preflight}};
    Json byKind;
    for (std::size_t k = 0; k < kFailureKinds; ++k)
        byKind[failureKindName(static_cast<FailureKind>(k))] = g.interruptionsPerDayByKind[k];
    out["interruptions_per_day_by_kind"] = byKind;
    out["effective_tokens_per_day"] = g.effectiveTokensPerDay;
    return out;
}

// The kind of plan and how the engine fared on published runs of that kind (perf/accuracy.h).
Json accuracyJson(const std::string& kind) {
    Json out;
    out["class"] = kind;
    const AccuracyBand* b = accuracyBand(kind);
    out["holdout_runs"] = b ? b->runs : 0;
    if (b) {
        out["median_abs_error"] = b->medianAbsError;
        out["p90_abs_error"] = b->p90AbsError;
        out["within_10_percent"] = b->withinTenPercent;
        out["worst_error"] = b->worstError;
        out["mean_error"] = b->meanError;
    }
    return out;
}

} // namespace

std::string evaluationJson(const ProjectEvaluation& evaluation,
                           const std::vector<reliability::JobReliability>& reliability,
                           std::optional<std::size_t> job) {
    Json jobs = Json::array();
    for (std::size_t j = 0; j < evaluation.jobs.size(); ++j) {
        if (job && *job != j)
            continue;
        const JobEvaluation& e = evaluation.jobs[j];
        Json out;
        out["job"] = e.name;
        out["chips"] = e.chips;
        const Json step = stepJson(e.step);
        for (const auto& [key, value] : step.items())
            out[key] = value;
        // Wall-clock figures include the goodput: chips are paid for while the job is down.
        const auto& g = reliability.at(j).goodput;
        // With no goodput the run never ends: the wall-clock figures are unknown (null).
        const bool finishes = g.expected > 0;
        out["time_to_train_days"] = finishes ? Json(g.timeToTrainDays) : Json(nullptr);
        out["time_to_train_ideal_days"] = e.timeToTrainDays;
        out["energy_kwh"] = finishes ? Json(e.energyKwh / g.expected) : Json(nullptr);
        out["cost_usd"] = finishes ? Json(e.costUsd / g.expected) : Json(nullptr);
        out["goodput"] = goodputJson(g);
        out["link_shares"] = {{"dcn", e.shares.dcn}, {"wan", e.shares.wan}};
        out["layout"] = layoutJson(e.layout, e.mappingText);
        out["mapping_from_project"] = e.mappingFromProject;
        out["layer"] = layerJson(e.layer);
        out["accuracy"] = accuracyJson(e.accuracyClass);
        jobs.push_back(out);
    }
    return Json{{"jobs", jobs}}.dump(2) + "\n";
}

std::string simulationJson(const std::string& jobName, const reliability::SimulationResult& r,
                           const reliability::GoodputResult& closedForm) {
    auto percentiles = [](const reliability::Percentiles& p) {
        return Json{{"p5", p.p5}, {"p50", p.p50}, {"p95", p.p95}, {"mean", p.mean}};
    };
    Json out;
    out["job"] = jobName;
    out["trials"] = r.trials;
    out["days"] = r.days;
    out["seed"] = r.seed;
    out["cancelled"] = r.cancelled;
    out["goodput"] = percentiles(r.goodput);
    out["time_to_train_days"] = percentiles(r.timeToTrainDays);
    out["interruptions_per_day"] = r.interruptionsPerDay;
    out["closed_form_goodput"] = closedForm.expected;
    Json timeline = Json::array();
    for (const auto& e : r.timeline)
        timeline.push_back({{"time_h", e.timeH},
                            {"component", e.component},
                            {"what", e.what},
                            {"progress_lost_h", e.progressLostH},
                            {"downtime_h", e.downtimeH}});
    out["timeline"] = timeline;
    return out.dump(2) + "\n";
}

std::string planJson(const PlanResult& plan) {
    Json out;
    out["job"] = plan.job;
    out["chips"] = plan.chips;
    out["layouts_evaluated"] = plan.layoutsEvaluated;
    out["layouts_considered"] = plan.layoutsConsidered;
    out["rejected"] = {{"cannot_run", plan.rejectedInvalid},
                       {"no_mapping", plan.rejectedNoMapping},
                       {"over_hbm", plan.rejectedMemory}};
    // Skipped without timing (docs/engine.md, "Planner"): a bound shows they cannot win.
    out["pruned"] = {{"by_step_time_bound", plan.prunedByTime},
                     {"by_memory_bound", plan.prunedByMemory},
                     {"equivalent_policy", plan.equivalent}};
    out["evaluations"] = plan.evaluations;
    out["chips_given"] = plan.chipsGiven;
    if (plan.fewer) {
        const auto& f = *plan.fewer;
        out["fewer_chips"] = {{"chips", f.chips},
                              {"idle_chips", f.idleChips},
                              {"spare_units", f.spareUnits},
                              {"pods", f.placement.pods},
                              {"shape", f.placement.shape},
                              {"twisted", f.placement.twisted},
                              {"nodes", f.placement.nodes},
                              {"train_days_on_all", f.daysOnAll},
                              {"train_days", f.daysOnFewer},
                              {"why", f.why}};
    }
    out["elapsed_s"] = plan.elapsedS;
    out["cancelled"] = plan.cancelled;
    if (!plan.infeasibleReason.empty())
        out["infeasible"] = plan.infeasibleReason;
    Json top = Json::array();
    for (std::size_t i = 0; i < plan.top.size(); ++i) {
        const PlanCandidate& c = plan.top[i];
        Json row;
        row["rank"] = i + 1;
        row["reason"] = c.reason;
        row["layout"] = layoutJson(c.layout, c.mappingText);
        row["layout"]["zero_stage"] = c.layout.zeroStage;
        row["layout"]["fsdp_gather"] = c.layout.fsdpPerStep ? "per_step" : "per_pass";
        row["layout"]["tp_overlap"] = c.layout.tpOverlap;
        const Json step = stepJson(c.step);
        for (const auto& [key, value] : step.items())
            row[key] = value;
        top.push_back(row);
    }
    out["top"] = top;
    return out.dump(2) + "\n";
}

} // namespace podplanner::model::output

#include "sizing/size_json.h"

#include "core/json_reader.h"
#include "perf/mesh_mapping.h"
#include "sizing/size_ranking.h"

namespace podplanner::model::sizing {

namespace {

Json orNull(double v) {
    return v < 0 ? Json() : Json(v);
}

Json pointJson(const SizeRequest& request, const SizePoint& p) {
    const Candidate& c = request.candidates[p.candidate];
    Json layout;
    for (std::size_t a = 0; a < perf::kMeshAxes; ++a)
        layout[perf::meshAxisName(a)] = p.layout.sizes[a];
    layout["microbatches"] = p.layout.microbatches;
    layout["virtual_stages"] = p.layout.virtualStages;
    layout["recompute"] = perf::recomputeName(p.layout.recompute);
    layout["zero_stage"] = p.layout.zeroStage;
    layout["fsdp_gather"] = p.layout.fsdpPerStep ? "per_step" : "per_pass";
    layout["sequence_parallel"] = p.layout.sequenceParallel;
    layout["tp_overlap"] = p.layout.tpOverlap;
    layout["mapping"] = p.mappingText;
    Json placement = {{"pods", p.option.placement.pods}};
    if (!p.option.placement.shape.empty()) {
        placement["shape"] = p.option.placement.shape;
        placement["twisted"] = p.option.placement.twisted;
    } else {
        placement["nodes"] = p.option.placement.nodes;
    }
    return {{"candidate", c.label},
            {"chip", c.cluster.chip.id},
            {"placement", placement},
            {"placement_text", p.option.text},
            {"chips", p.option.chips},
            {"slices", p.option.slices},
            {"hot_spares", p.spares},
            {"chips_held", p.chipsHeld},
            {"checkpoint",
             {{"in_memory", p.checkpoint.inMemory},
              {"interval_min",
               p.checkpoint.intervalMin ? Json(*p.checkpoint.intervalMin) : Json("auto")}}},
            {"elastic", p.elastic},
            {"layout", layout},
            {"step_time_s", p.step.stepS},
            {"mfu", p.step.mfu},
            {"tokens_per_s", p.step.tokensPerS},
            {"goodput", p.goodput},
            {"time_to_train_ideal_days", p.idealDays},
            {"time_to_train_days", p.trainDays},
            {"chip_hours", p.chipHours},
            {"cost_usd", orNull(p.costUsd)},
            {"energy_kwh", orNull(p.energyKwh)},
            {"limit", limitName(p.limit)},
            {"limit_text", p.limitText},
            {"meets_deadline", p.meetsDeadline},
            {"meets_budget", p.meetsBudget}};
}

Json studyJson(const ShapeStudy& s) {
    Json rows = Json::array();
    for (const auto& r : s.rows)
        rows.push_back({{"shape", r.shape},
                        {"twisted", r.twisted},
                        {"wraps", r.wraps},
                        {"what_if", r.whatIf},
                        {"cubes", r.cubes},
                        {"planned", r.planned},
                        {"step_time_s", r.planned ? Json(r.stepS) : Json()},
                        {"mfu", r.planned ? Json(r.mfu) : Json()},
                        {"all_to_all_s", r.planned ? Json(r.allToAllS) : Json()},
                        {"mapping", r.mapping}});
    return {{"chips", s.chips},
            {"shapes", rows},
            {"wraparound_step_gain", s.wraparoundGain > 0 ? Json(s.wraparoundGain) : Json()},
            {"wraparound_shape", s.wraparoundShape},
            {"twist_step_gain", s.twistStepGain > 0 ? Json(s.twistStepGain) : Json()},
            {"twist_all_to_all_gain", s.twistAllToAllGain > 0 ? Json(s.twistAllToAllGain) : Json()},
            {"twist_whole_slice_all_to_all_gain",
             s.twistFabricGain > 0 ? Json(s.twistFabricGain) : Json()},
            {"twist_measured_gain", s.twistReferenceGain > 0 ? Json(s.twistReferenceGain) : Json()},
            {"twist_shape", s.twistShape}};
}

} // namespace

std::string sizeJson(const SizeRequest& request, const SizeResult& result,
                     const ShapeStudy* study) {
    Json out;
    out["job"] = request.job.name;
    out["total_tokens"] = request.job.training.totalTokens;
    out["deadline_days"] = request.deadlineDays ? Json(*request.deadlineDays) : Json();
    out["budget_usd"] = request.budgetUsd ? Json(*request.budgetUsd) : Json();
    out["budget_chip_hours"] = request.budgetChipHours ? Json(*request.budgetChipHours) : Json();
    out["cost_basis"] = result.costInUsd ? "usd" : "chip_hours";
    out["notes"] = result.notes;
    out["search"] = {{"placements_planned", result.placementsPlanned},
                     {"placements_without_layout", result.placementsWithoutLayout},
                     {"placements_dominated", result.placementsDominated},
                     {"layout_configurations_considered", result.configurationsConsidered},
                     {"layouts_timed", result.layoutsTimed},
                     {"variants_scored", result.variantsScored},
                     {"refined", result.refined},
                     {"cancelled", result.cancelled},
                     {"elapsed_s", result.elapsedS}};
    out["recommendation"] = result.recommendation;
    out["recommended"] =
        result.recommended ? pointJson(request, result.points[*result.recommended]) : Json();
    Json front = Json::array();
    for (std::size_t i : result.front)
        front.push_back(pointJson(request, result.points[i]));
    out["pareto_front"] = front;
    Json candidates = Json::array();
    for (std::size_t c = 0; c < request.candidates.size(); ++c) {
        const Candidate& cand = request.candidates[c];
        const auto& best = result.bestPerCandidate[c];
        candidates.push_back(
            {{"candidate", cand.label},
             {"chip", cand.cluster.chip.name},
             {"chips_available", cand.cluster.chips()},
             {"price_usd_per_chip_hour",
              orNull(cand.priceUsdPerChipHour > 0 ? cand.priceUsdPerChipHour : -1)},
             {"price_source", cand.priceSource},
             {"power_w", orNull(cand.powerW > 0 ? cand.powerW : -1)},
             {"power_source", cand.powerSource},
             {"best", best ? pointJson(request, result.points[*best]) : Json()}});
    }
    out["candidates"] = candidates;
    // Time to train against chips: each size's fastest point per candidate (the chart).
    Json curve = Json::array();
    for (const auto& p : result.points)
        if (p.spares == 0)
            curve.push_back({{"candidate", request.candidates[p.candidate].label},
                             {"chips", p.option.chips},
                             {"placement", p.option.text},
                             {"time_to_train_days", p.trainDays},
                             {"goodput", p.goodput}});
    out["time_to_train_by_chips"] = curve;
    Json spares = Json::array();
    for (const SizePoint* p : recommendedBySpares(result))
        spares.push_back({{"hot_spares", p->spares},
                          {"goodput", p->goodput},
                          {"time_to_train_days", p->trainDays}});
    out["goodput_by_spares"] = spares;
    if (study)
        out["shapes"] = studyJson(*study);
    return out.dump(2) + "\n";
}

} // namespace podplanner::model::sizing

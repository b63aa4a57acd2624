#include "output/csv_export.h"

#include "output/csv.h"

#include <sstream>

namespace podplanner::model::output {

namespace {
constexpr double kGib = 1024.0 * 1024.0 * 1024.0;

// Writes cells separated by commas; numbers through csvNumber, text through csvField.
class Row {
  public:
    explicit Row(std::ostringstream& out) : out_(out) {}
    ~Row() { out_ << "\n"; }
    Row& operator<<(const std::string& text) { return cell(csvField(text)); }
    Row& operator<<(const char* text) { return cell(csvField(text)); }
    Row& operator<<(double v) { return cell(csvNumber(v)); }
    Row& operator<<(std::int64_t v) { return cell(std::to_string(v)); }
    Row& operator<<(int v) { return cell(std::to_string(v)); }
    Row& operator<<(bool v) { return cell(v ? "true" : "false"); }

  private:
    Row& cell(const std::string& text) {
        out_ << (first_ ? "" : ",") << text;
        first_ = false;
        return *this;
    }
    std::ostringstream& out_;
    bool first_ = true;
};
} // namespace

std::string dashboardCsv(const perf::ProjectEvaluation& performance,
                         const std::vector<reliability::JobReliability>& reliability) {
    std::ostringstream out;
    out << "job,chips,step_time_s,mfu,hfu,tokens_per_s,hbm_used_gib_per_chip,hbm_gib_per_chip,"
           "fits,goodput,interruptions_per_day,job_mtbf_h,checkpoint_interval_min,"
           "time_to_train_days,badput_checkpoint,badput_lost_progress,badput_restart,"
           "badput_degraded,badput_sdc,badput_maintenance,badput_stragglers,badput_preflight,"
           "energy_kwh,cost_usd\n";
    for (std::size_t j = 0; j < performance.jobs.size() && j < reliability.size(); ++j) {
        const auto& e = performance.jobs[j];
        const auto& g = reliability[j].goodput;
        const auto& b = g.badput;
        Row(out) << e.name << static_cast<std::int64_t>(e.chips) << e.step.stepS << e.step.mfu
                 << e.step.hfu << e.step.tokensPerS << e.step.memory.total() / kGib
                 << e.step.hbmCapacityBytes / kGib << e.step.fits << g.expected
                 << g.interruptionsPerDay << g.jobMtbfH << g.checkpointIntervalMin
                 << g.timeToTrainDays << b.checkpoint << b.lostProgress << b.restart << b.degraded
                 << b.sdc << b.maintenance << b.stragglers << b.preflight << e.energyKwh
                 << e.costUsd;
    }
    return out.str();
}

std::string planCsv(const std::vector<perf::PlanResult>& plans) {
    std::ostringstream out;
    out << "job,rank";
    for (std::size_t a = 0; a < perf::kMeshAxes; ++a)
        out << "," << perf::meshAxisName(a);
    out << ",microbatches,recompute,mapping,step_time_s,mfu,reason\n";
    for (const auto& plan : plans)
        for (std::size_t k = 0; k < plan.top.size(); ++k) {
            const auto& c = plan.top[k];
            Row row(out);
            row << plan.job << static_cast<int>(k + 1);
            for (std::size_t a = 0; a < perf::kMeshAxes; ++a)
                row << static_cast<std::int64_t>(c.layout.sizes[a]);
            row << static_cast<std::int64_t>(c.layout.microbatches)
                << perf::recomputeName(c.layout.recompute) << c.mappingText << c.step.stepS
                << c.step.mfu << c.reason;
        }
    return out.str();
}

std::string simulationCsv(const std::vector<std::string>& jobNames,
                          const std::vector<reliability::SimulationResult>& simulations) {
    std::ostringstream out;
    out << "job,trials,seed,day,goodput_p5,goodput_p50,goodput_p95,goodput_mean\n";
    for (std::size_t j = 0; j < simulations.size() && j < jobNames.size(); ++j) {
        const auto& mc = simulations[j];
        for (std::size_t d = 0; d < mc.goodputByDay.size(); ++d) {
            const auto& p = mc.goodputByDay[d];
            Row(out) << jobNames[j] << mc.trials << std::to_string(mc.seed)
                     << static_cast<int>(d + 1) << p.p5 << p.p50 << p.p95 << p.mean;
        }
    }
    return out.str();
}

} // namespace podplanner::model::output

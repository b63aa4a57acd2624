// Sizing and the broader planner (issue 18's targets): `size` over 256-9,216 chips of one
// Ironwood pod with shapes, layouts, spares and checkpoint policies (< 2 s); its first pass,
// what the Size dialog shows first (< 0.5 s); `plan` over Megatron-Turing NLG 530B on 5,120
// A100s, a space broader than Calculon's 663,952 configurations (< 1 s); packing three jobs.
#include "perf/planner.h"
#include "project/project_io.h"
#include "sizing/packing.h"
#include "sizing/size_search.h"

#include <benchmark/benchmark.h>

using namespace podplanner::model;

namespace {

Project file(const char* relative) {
    return loadProjectFile(std::string(PODPLANNER_SOURCE_DIR "/") + relative);
}

sizing::SizeRequest ironwood405b() {
    const Project p = file("tests/data/sizing/llama3-405b-ironwood.podplanner");
    sizing::SizeRequest r;
    r.job = p.jobs[0];
    r.deadlineDays = 60;
    r.minChips = 256;
    r.candidates = {sizing::candidateOf("tpu-ironwood-pod", p.cluster, p.clusterSource)};
    r.candidates[0].priceUsdPerChipHour = 3; // Ironwood has no public price: an assumption
    return r;
}

void report(benchmark::State& state, const sizing::SizeResult& r) {
    state.counters["placements"] = static_cast<double>(r.placementsPlanned);
    state.counters["configurations"] = static_cast<double>(r.configurationsConsidered);
    state.counters["layouts_timed"] = static_cast<double>(r.layoutsTimed);
    state.counters["variants"] = static_cast<double>(r.variantsScored);
}

void BM_SizeIronwoodPod256To9216(benchmark::State& state) {
    const auto request = ironwood405b();
    sizing::SizeResult r;
    for (auto _ : state)
        r = sizing::sizeJob(request);
    report(state, r);
}

void BM_SizeFirstPass(benchmark::State& state) {
    const auto request = ironwood405b();
    sizing::SizeOptions first;
    first.refine = false;
    sizing::SizeResult r;
    for (auto _ : state)
        r = sizing::sizeJob(request, first);
    report(state, r);
}

void BM_PlanMtNlg530bOn5120A100(benchmark::State& state) {
    Project p = file("tests/data/sizing/mtnlg-530b-a100.podplanner");
    p.jobs[0].placement.nodes = 640;
    perf::PlanOptions o;
    o.allowFewerChips = false;
    perf::PlanResult plan;
    for (auto _ : state)
        plan = perf::planJob(p, 0, o);
    state.counters["considered"] = static_cast<double>(plan.layoutsConsidered);
    state.counters["timed"] = static_cast<double>(plan.evaluations);
}

void BM_PlanMtNlg530bOn5128A100FewerChips(benchmark::State& state) {
    const Project p = file("tests/data/sizing/mtnlg-530b-a100.podplanner");
    perf::PlanResult plan;
    for (auto _ : state)
        plan = perf::planJob(p, 0, {5, nullptr});
    state.counters["considered"] = static_cast<double>(plan.layoutsConsidered);
    state.counters["chips"] = static_cast<double>(plan.chips);
}

void BM_PackThreeJobsOnIronwood(benchmark::State& state) {
    const Project p = file("resources/examples/ironwood-shared.podplanner");
    for (auto _ : state)
        benchmark::DoNotOptimize(sizing::packJobs(p, {}));
}

} // namespace

BENCHMARK(BM_SizeIronwoodPod256To9216)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SizeFirstPass)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PlanMtNlg530bOn5120A100)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PlanMtNlg530bOn5128A100FewerChips)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PackThreeJobsOnIronwood)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();

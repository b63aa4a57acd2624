// Performance engine speed: one layout evaluated (target < 3 us) and a full plan over every
// layout of a 9,216-chip Ironwood job (target < 200 ms on 2 cores).
#include "perf/evaluate.h"
#include "perf/planner.h"
#include "project/placement.h"
#include "project/project_io.h"

#include <benchmark/benchmark.h>

using namespace podplanner::model;
using namespace podplanner::model::perf;

namespace {

Project ironwoodJob(const std::string& shape, const std::string& parallelism) {
    return readProject(R"({"format": "podplanner-project", "version": 1, "name": "bench",
      "cluster": {"preset": "tpu-ironwood-pod"},
      "jobs": [{"name": "dense-70b",
        "model": {"layers": 80, "d_model": 8192, "heads": 64, "kv_heads": 8, "head_dim": 128,
                  "ffn": 28672, "vocab": 128256, "seq_len": 8192},
        "training": {"global_batch_tokens": 37748736, "total_tokens": 15000000000000},
        "parallelism": )" +
                       parallelism + R"(,
        "placement": {"pod": 0, "shape": ")" +
                       shape + R"("}}]})");
}

void BM_EvaluateOneLayout(benchmark::State& state) {
    const Project p = ironwoodJob("16x24x24", R"({"fsdp": 1152, "tp": 8})");
    const auto placements = placeJobs(p);
    const JobFabric fabric = jobFabric(p.cluster, placements[0]);
    const JobContext ctx = makeJobContext(p.jobs[0], p.cluster.chip, fabric, placements[0].chips());
    Layout layout = layoutOf(p.jobs[0]);
    StepResult best;
    chooseBestMapping(ctx, layout, best);
    for (auto _ : state)
        benchmark::DoNotOptimize(evaluateLayout(ctx, layout));
}

// The same with the layer-cost cache defeated: it is emptied before every evaluation, and each
// has other tokens per microbatch (16 microbatch counts), so each one computes the layer's and
// the head's matmuls, attention and element-wise kernels afresh.
void BM_EvaluateOneLayoutUncached(benchmark::State& state) {
    const Project p = ironwoodJob("16x24x24", R"({"fsdp": 1152, "tp": 8})");
    const auto placements = placeJobs(p);
    const JobFabric fabric = jobFabric(p.cluster, placements[0]);
    const JobContext ctx = makeJobContext(p.jobs[0], p.cluster.chip, fabric, placements[0].chips());
    Layout layout = layoutOf(p.jobs[0]);
    StepResult best;
    chooseBestMapping(ctx, layout, best);
    int i = 0;
    for (auto _ : state) {
        layout.microbatches = 1 + i++ % 16;
        ctx.cache->layers = {};
        benchmark::DoNotOptimize(evaluateLayout(ctx, layout));
    }
}

void BM_PlanIronwood9216(benchmark::State& state) {
    const Project p = ironwoodJob("16x24x24", R"({"fsdp": 1152, "tp": 8})");
    PlanResult plan;
    for (auto _ : state)
        plan = planJob(p, 0, {5, nullptr});
    state.counters["layouts_evaluated"] = static_cast<double>(plan.layoutsEvaluated);
    state.counters["layouts_considered"] = static_cast<double>(plan.layoutsConsidered);
}

void BM_EvaluateProjectWithMappingSearch(benchmark::State& state) {
    const Project p = ironwoodJob("16x24x24", R"({"fsdp": 1152, "tp": 8})");
    for (auto _ : state)
        benchmark::DoNotOptimize(evaluateProject(p));
}

} // namespace

BENCHMARK(BM_EvaluateOneLayout)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_EvaluateOneLayoutUncached)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PlanIronwood9216)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime(); // its searches run side by side
BENCHMARK(BM_EvaluateProjectWithMappingSearch)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();

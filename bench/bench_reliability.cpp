// Goodput engine speed: the closed form for one job (target < 10 us) and a Monte Carlo of
// 10,000 trials x 30 days for a job on the ~100k-chip multi-site cluster (target < 2 s).
#include "perf/evaluate.h"
#include "project/project_io.h"
#include "reliability/job_goodput.h"

#include <benchmark/benchmark.h>

using namespace podplanner::model;
using namespace podplanner::model::reliability;

namespace {

struct Fixture {
    Project project;
    JobReliability job;
};

const Fixture& multisite() {
    static const Fixture f = [] {
        Fixture out{
            loadProjectFile(PODPLANNER_SOURCE_DIR "/resources/examples/multisite-405b.podplanner"),
            {}};
        out.job = evaluateReliability(out.project, perf::evaluateProject(out.project)).at(0);
        return out;
    }();
    return f;
}

void BM_ClosedFormGoodput(benchmark::State& state) {
    const Fixture& f = multisite();
    for (auto _ : state)
        benchmark::DoNotOptimize(
            closedFormGoodput(f.job.exposure, f.project.jobs[0].reliability, f.job.inputs));
}

void BM_MonteCarlo10kTrials30Days(benchmark::State& state) {
    const Fixture& f = multisite();
    SimulationOptions options;
    options.trials = 10000;
    options.days = 30;
    options.seed = 1;
    options.threads = 2;
    SimulationResult result;
    for (auto _ : state)
        result =
            simulateGoodput(f.job.exposure, f.project.jobs[0].reliability, f.job.inputs, options);
    state.counters["chips"] = static_cast<double>(f.job.exposure.kinds[0].count);
    state.counters["interruptions_per_day"] = result.interruptionsPerDay;
}

} // namespace

BENCHMARK(BM_ClosedFormGoodput)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_MonteCarlo10kTrials30Days)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();

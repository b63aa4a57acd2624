// Topology build of the Ironwood pod (target < 50 ms) and of the >= 100k-chip multi-site
// cluster (target < 1 s), with the memory they take; plus loading a project and the metrics of a
// twisted slice.
#include "core/atomic_file.h"
#include "presets/presets.h"
#include "project/project_io.h"
#include "topology/slice_shape.h"
#include "topology/topology.h"
#include "topology/torus_metrics.h"

#include <benchmark/benchmark.h>
#include <malloc.h>

using namespace podplanner::model;

namespace {

void buildTopology(benchmark::State& state, const std::string& preset) {
    const ClusterSpec cluster = builtinCluster(preset);
    std::size_t heapBytes = 0;
    std::int64_t vertices = 0, edges = 0;
    for (auto _ : state) {
        Topology topology(cluster);
        benchmark::DoNotOptimize(topology);
        vertices = topology.vertexCount();
        edges = topology.linkCount();
    }
    {
        // Heap in use by one topology, measured outside the timed loop (mallinfo2 walks the heap).
        const std::size_t before = mallinfo2().uordblks;
        const Topology topology(cluster);
        heapBytes = mallinfo2().uordblks - before;
    }
    state.counters["chips"] = static_cast<double>(cluster.chips());
    state.counters["vertices"] = static_cast<double>(vertices);
    state.counters["edges"] = static_cast<double>(edges);
    state.counters["heap_MiB"] = static_cast<double>(heapBytes) / (1 << 20);
}

void BM_TopologyIronwoodPod(benchmark::State& state) {
    buildTopology(state, "tpu-ironwood-pod");
}
void BM_TopologyMultisite110k(benchmark::State& state) {
    buildTopology(state, "ironwood-multisite");
}
void BM_TopologyH100Cluster(benchmark::State& state) {
    buildTopology(state, "h100-cluster");
}

void BM_ConnectivityAfterFailureMultisite(benchmark::State& state) {
    Topology topology(builtinCluster("ironwood-multisite"));
    std::int64_t host = 0;
    for (auto _ : state) {
        topology.setFailed({ComponentKind::Host, host}, true);
        benchmark::DoNotOptimize(topology.canReach(0, topology.chipCount() - 1));
        topology.setFailed({ComponentKind::Host, host}, false);
        host = (host + 1) % 1000;
    }
}

void BM_LoadProject(benchmark::State& state) {
    const std::string text = readWholeFile(
        PODPLANNER_SOURCE_DIR "/resources/examples/ironwood-shared.podplanner", 1 << 20);
    for (auto _ : state)
        benchmark::DoNotOptimize(readProject(text));
}

void BM_TwistedMetrics8x16x16(benchmark::State& state) {
    SliceGeometry g{{8, 16, 16}, {true, true, true}, true, false, 32};
    for (auto _ : state)
        benchmark::DoNotOptimize(torusMetrics(g, 100.0));
}

} // namespace

BENCHMARK(BM_TopologyIronwoodPod)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TopologyMultisite110k)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TopologyH100Cluster)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ConnectivityAfterFailureMultisite)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LoadProject)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_TwistedMetrics8x16x16)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();

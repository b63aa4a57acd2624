// Edit → updated dashboard through the GUI's document API (issue: < 100 ms on the Ironwood
// example): an undoable edit (tp; a power row failing on the 110k-chip example), the engines on the
// worker thread, the result back on the GUI thread with the job list, collectives table and
// dashboard rebuilt.
#include "project_document.h"

#include <QCoreApplication>
#include <benchmark/benchmark.h>

namespace {

template <typename Edit>
void editToDashboard(benchmark::State& state, const char* example, Edit edit) {
    podplanner::views::ProjectDocument doc;
    if (!doc.load(QString::fromUtf8(PODPLANNER_SOURCE_DIR "/resources/examples/") + example)) {
        state.SkipWithError("example did not load");
        return;
    }
    bool flip = false;
    double engineMs = 0;
    for (auto _ : state) {
        flip = !flip;
        edit(doc, flip);
        while (doc.engineBusy())
            QCoreApplication::processEvents(QEventLoop::AllEvents, 1);
        engineMs += doc.dashboard().value("engineMs").toDouble();
        if (!doc.engineError().isEmpty())
            state.SkipWithError(qPrintable(doc.engineError()));
    }
    // The engines' own share of the time (on the worker thread).
    state.counters["engine_ms"] = engineMs / static_cast<double>(state.iterations());
}

void BM_EditToDashboardIronwood(benchmark::State& state) {
    editToDashboard(state, "ironwood-shared.podplanner",
                    [](auto& doc, bool flip) { doc.setMeshAxis(0, "tp", flip ? 16 : 8); });
}
BENCHMARK(BM_EditToDashboardIronwood)->Unit(benchmark::kMillisecond);

void BM_EditToDashboardMultisite(benchmark::State& state) {
    // 110,592 chips: fail and repair a power row.
    editToDashboard(state, "multisite-405b.podplanner",
                    [](auto& doc, bool flip) { doc.setComponentFailed("powerRow", 0, flip); });
}
BENCHMARK(BM_EditToDashboardMultisite)->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    return 0;
}

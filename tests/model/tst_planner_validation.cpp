// The planner against the layouts of published training runs (tests/data/validation/runs.json,
// runs of high confidence that the engine predicts to fit): on the run's own chips, the best
// layout the planner finds trains at least as fast, by the engine's own measure, as the layout
// the run used; and the planner's search keeps the run's own mesh (its splits, microbatches and
// interleaving) among the meshes as fast as it, and says where it ranks. A published layout
// outside the planner's space, or pruned by a bound that does not hold, fails here.
#include "perf/evaluate.h"
#include "perf/fabric.h"
#include "perf/job_context.h"
#include "perf/mapping_search.h"
#include "perf/plan_kept.h"
#include "perf/plan_practice.h"
#include "perf/plan_search.h"
#include "perf/planner.h"
#include "project/placement.h"
#include "project/project_io.h"

#include <QtTest>
#include <nlohmann/json.hpp>

#include <fstream>

using namespace podplanner::model;

namespace {

const std::string kDir = PODPLANNER_SOURCE_DIR "/tests/data/validation/";

nlohmann::json runs() {
    std::ifstream in(kDir + "runs.json");
    return nlohmann::json::parse(in);
}

// Under AddressSanitizer the search runs about 25 times slower: there every `stride`-th run
// checks the same code for memory errors, and the release build checks every run.
#if defined(__SANITIZE_ADDRESS__)
constexpr int kSanitizedStride = 8;
#else
constexpr int kSanitizedStride = 1;
#endif

void addHighConfidenceRuns(int stride = 1) {
    QTest::addColumn<QString>("project");
    int rows = 0, seen = 0;
    for (const auto& run : runs())
        if (run["confidence"] == "high" && run["predicted_fits"].get<bool>() &&
            seen++ % stride == 0) {
            QTest::newRow(run["id"].get<std::string>().c_str())
                << QString::fromStdString(run["project"].get<std::string>());
            ++rows;
        }
    QVERIFY(rows >= 100 / stride);
}

// The search times a mesh with the greedy mapping, which may be a little slower than the
// project's own or the best one: a mesh within this share of the published step counts.
constexpr double kMappingSlack = 0.02;

} // namespace

class PlannerValidationTest : public QObject {
    Q_OBJECT
  private slots:
    void plannerFindsAtLeastThePublishedLayout_data() { addHighConfidenceRuns(); }

    void plannerFindsAtLeastThePublishedLayout() {
        QFETCH(QString, project);
        const Project p = loadProjectFile(kDir + project.toStdString());
        const auto published = perf::evaluateProject(p).jobs.at(0).step;
        QVERIFY(published.fits);
        perf::PlanOptions options;
        options.top = 1;
        options.allowFewerChips = false; // the same chips the run used
        const perf::PlanResult plan = perf::planJob(p, 0, options);
        QVERIFY2(!plan.top.empty(), plan.infeasibleReason.c_str());
        const double best = plan.top[0].step.tokensPerS;
        qInfo("%-60s best %.4g tokens/s, published layout %.4g (%+.1f%%)", qPrintable(project),
              best, published.tokensPerS, 100 * (best / published.tokensPerS - 1));
        // Practice may put a layout keeping tp inside the node or slice first, within
        // kMappingTolerance of the fastest (plan_practice.h): slower than the published one
        // only when the published tp itself spans a slower link.
        const perf::JobFabric fabric = perf::jobFabric(p.cluster, placeJobs(p).at(0));
        const double slack = p.jobs[0].parallelism.tp > perf::fastestDomainChips(fabric)
                                 ? perf::kMappingTolerance
                                 : 1e-6;
        QVERIFY2(best >= published.tokensPerS * (1 - slack),
                 qPrintable(QString("best %1 tokens/s, the published layout %2")
                                .arg(best)
                                .arg(published.tokensPerS)));
    }

    void searchKeepsThePublishedMesh_data() { addHighConfidenceRuns(kSanitizedStride); }

    // The planner's own search, keeping every mesh that is as fast as the published layout:
    // the published mesh must be one of them (its own policy already is that fast). How many
    // meshes the engine finds faster still is printed (docs/validation.md reads it as a
    // question for the real system, not a promise).
    void searchKeepsThePublishedMesh() {
        QFETCH(QString, project);
        const Project p = loadProjectFile(kDir + project.toStdString());
        const auto published = perf::evaluateProject(p).jobs.at(0);
        const JobPlacement placement = placeJobs(p).at(0);
        const perf::JobContext ctx = perf::makeJobContext(
            p.jobs.at(0), p.cluster.chip, perf::jobFabric(p.cluster, placement), placement.chips());
        perf::SearchOptions options;
        options.keep = std::numeric_limits<std::size_t>::max();
        options.mustBeat = published.step.stepS * (1 + kMappingSlack);
        const perf::SearchResult found =
            perf::searchLayouts(ctx, perf::searchSpace(ctx, perf::SearchDepth::Full), options);
        std::size_t rank = 0;
        while (rank < found.best.size() &&
               !perf::sameMesh(found.best[rank].layout, published.layout))
            ++rank;
        qInfo("%-60s published mesh kept, %zu of %zu kept meshes faster", qPrintable(project), rank,
              found.best.size());
        QVERIFY2(rank < found.best.size(), "the planner's search did not keep the published mesh");
    }
};

QTEST_GUILESS_MAIN(PlannerValidationTest)
#include "tst_planner_validation.moc"

// The planner against the layouts of published training runs (tests/data/validation/runs.json,
// runs of high confidence that the engine predicts to fit): on the run's own chips, the best
// layout the planner finds trains at least as fast, by the engine's own measure, as the layout
// the run used. A published layout outside the planner's space, or pruned by a bound that does
// not hold, fails here.
#include "perf/evaluate.h"
#include "perf/planner.h"
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

} // namespace

class PlannerValidationTest : public QObject {
    Q_OBJECT
  private slots:
    void plannerFindsAtLeastThePublishedLayout_data() {
        QTest::addColumn<QString>("project");
        int rows = 0;
        for (const auto& run : runs())
            if (run["confidence"] == "high" && run["predicted_fits"].get<bool>()) {
                QTest::newRow(run["id"].get<std::string>().c_str())
                    << QString::fromStdString(run["project"].get<std::string>());
                ++rows;
            }
        QVERIFY(rows >= 100);
    }

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
        QVERIFY2(best >= published.tokensPerS * (1 - 1e-6),
                 qPrintable(QString("best %1 tokens/s, the published layout %2")
                                .arg(best)
                                .arg(published.tokensPerS)));
    }
};

QTEST_GUILESS_MAIN(PlannerValidationTest)
#include "tst_planner_validation.moc"

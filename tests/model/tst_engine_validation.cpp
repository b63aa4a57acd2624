// The engine against published training runs (tests/data/validation/published.json; the table
// and its discussion are in docs/engine.md). Prints predicted vs published for every run and
// fails when a prediction leaves a broad band around the published figure, so that a change that
// breaks the model's calibration to reality is noticed. The band is wide on purpose: the engine is
// built from first principles, not fitted to these runs.
#include "perf/evaluate.h"
#include "project/project_io.h"

#include <QtTest>
#include <nlohmann/json.hpp>

#include <fstream>

using namespace podplanner::model;

class EngineValidationTest : public QObject {
    Q_OBJECT
  private slots:
    void publishedRuns_data() {
        QTest::addColumn<QString>("project");
        QTest::addColumn<double>("publishedMfu");
        QTest::addColumn<double>("publishedStep");
        std::ifstream in(PODPLANNER_SOURCE_DIR "/tests/data/validation/published.json");
        const auto doc = nlohmann::json::parse(in);
        QVERIFY(doc["runs"].size() >= 10);
        for (const auto& run : doc["runs"]) {
            const auto& published = run["published"];
            QTest::newRow(run["project"].get<std::string>().c_str())
                << QString::fromStdString(run["project"].get<std::string>())
                << published["mfu"].get<double>() << published.value("step_time_s", 0.0);
        }
    }
    void publishedRuns() {
        QFETCH(QString, project);
        QFETCH(double, publishedMfu);
        QFETCH(double, publishedStep);
        const Project p = loadProjectFile(
            (QStringLiteral(PODPLANNER_SOURCE_DIR "/tests/data/validation/") + project)
                .toStdString());
        const auto e = perf::evaluateProject(p).jobs.at(0);
        const double mfu = e.step.mfu;
        QString line = QString::asprintf(
            "%-28s MFU published %5.1f%%  predicted %5.1f%%  (%+5.1f points)", qPrintable(project),
            100 * publishedMfu, 100 * mfu, 100 * (mfu - publishedMfu));
        if (publishedStep > 0)
            line += QString::asprintf("  step %.2f s published, %.2f s predicted", publishedStep,
                                      e.step.stepS);
        qInfo("%s", qPrintable(line));
        QVERIFY2(std::abs(mfu - publishedMfu) / publishedMfu < 0.4,
                 "prediction more than 40% away from the published MFU");
        if (publishedStep > 0)
            QVERIFY(std::abs(e.step.stepS - publishedStep) / publishedStep < 0.4);
    }
};

QTEST_GUILESS_MAIN(EngineValidationTest)
#include "tst_engine_validation.moc"

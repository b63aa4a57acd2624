// The engine against published training runs (tests/data/validation/runs.json; the tables and
// their discussion are in docs/validation.md, written by scripts/validation_report.py). Every
// run's step time must stay within its stated tolerance of the published one, and every run
// the engine predicts to fit must keep fitting: a change that moves the engine away from what
// was measured fails here. Prints the error of every run, and the mean per half.
#include "perf/evaluate.h"
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

class EngineValidationTest : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        const auto all = runs();
        QVERIFY(all.size() >= 300);
        int fit = 0, holdout = 0;
        for (const auto& run : all)
            (run["half"] == "fit" ? fit : holdout)++;
        // Both halves are substantial, and every run says which it is in.
        QVERIFY(fit > 100 && holdout > 100);
        QCOMPARE(fit + holdout, static_cast<int>(all.size()));
    }

    void publishedRuns_data() {
        QTest::addColumn<QString>("project");
        QTest::addColumn<QString>("half");
        QTest::addColumn<double>("publishedStep");
        QTest::addColumn<double>("tolerance");
        QTest::addColumn<bool>("fits");
        for (const auto& run : runs())
            QTest::newRow(run["id"].get<std::string>().c_str())
                << QString::fromStdString(run["project"].get<std::string>())
                << QString::fromStdString(run["half"].get<std::string>())
                << run["published"]["step_time_s"].get<double>() << run["tolerance"].get<double>()
                << run["predicted_fits"].get<bool>();
    }

    void publishedRuns() {
        QFETCH(QString, project);
        QFETCH(QString, half);
        QFETCH(double, publishedStep);
        QFETCH(double, tolerance);
        QFETCH(bool, fits);
        const Project p = loadProjectFile(kDir + project.toStdString());
        const auto e = perf::evaluateProject(p).jobs.at(0);
        const double error = e.step.stepS / publishedStep - 1;
        qInfo("%-60s %-7s step %9.3f s published, %9.3f s predicted (%+6.1f%%), MFU %5.1f%%",
              qPrintable(project), qPrintable(half), publishedStep, e.step.stepS, 100 * error,
              100 * e.step.mfu);
        QVERIFY2(std::abs(error) <= tolerance + 1e-9,
                 qPrintable(QString("error %1% beyond the stated tolerance %2%")
                                .arg(100 * error, 0, 'f', 1)
                                .arg(100 * tolerance, 0, 'f', 0)));
        if (fits)
            QVERIFY2(e.step.fits, "the run fitted in HBM before and no longer does");
    }
};

QTEST_GUILESS_MAIN(EngineValidationTest)
#include "tst_engine_validation.moc"

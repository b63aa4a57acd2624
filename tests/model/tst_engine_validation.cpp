// The engine against published training runs (tests/data/validation/runs.json; the tables and
// their discussion are in docs/validation.md, written by scripts/validation_report.py). Every
// run's step time must stay within its stated tolerance of the published one, and every run
// the engine predicts to fit must keep fitting: a change that moves the engine away from what
// was measured fails here. Prints the error of every run, and the mean per half. The accuracy
// the program shows beside a step time (resources/presets/accuracy.json) must be these runs'.
#include "perf/accuracy.h"
#include "perf/evaluate.h"
#include "project/project_io.h"

#include <QtTest>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>

using namespace podplanner::model;

namespace {

const std::string kDir = PODPLANNER_SOURCE_DIR "/tests/data/validation/";

nlohmann::json runs() {
    std::ifstream in(kDir + "runs.json");
    return nlohmann::json::parse(in);
}

// Evaluates one run: its error and the kind of plan the engine calls it.
std::pair<double, std::string> predicted(const std::string& project, double publishedStep) {
    const Project p = loadProjectFile(kDir + project);
    const auto e = perf::evaluateProject(p).jobs.at(0);
    return {e.step.stepS / publishedStep - 1, e.accuracyClass};
}

// scripts/validation_report.py rounds the figures to four decimals.
bool asWritten(double written, double exact) {
    return std::abs(written - exact) <= 0.5e-4 + 1e-12;
}

double median(std::vector<double> sorted) {
    const std::size_t n = sorted.size();
    return n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

// The smallest value at least `share` of them do not exceed (nearest rank).
double nearestRank(const std::vector<double>& sorted, double share) {
    const auto rank = static_cast<std::size_t>(std::ceil(share * sorted.size()));
    return sorted[std::max<std::size_t>(rank, 1) - 1];
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

    // accuracy.json holds, per kind of plan, the errors of the holdout runs of medium or high
    // confidence as the engine predicts them now: rerun scripts/validation_report.py when the
    // engine or the runs change.
    void accuracyTableMatchesTheRuns() {
        std::map<std::string, std::vector<double>> errors;
        for (const auto& run : runs()) {
            const std::string confidence = run.value("confidence", "");
            if (run["half"] != "holdout" || (confidence != "medium" && confidence != "high"))
                continue;
            const auto [error, kind] = predicted(run["project"].get<std::string>(),
                                                 run["published"]["step_time_s"].get<double>());
            errors[kind].push_back(error);
        }
        const auto& bands = perf::accuracyBands();
        QCOMPARE(bands.size(), errors.size());
        for (const auto& band : bands) {
            QVERIFY2(errors.count(band.id), ("no holdout run of the kind " + band.id).c_str());
            const auto& e = errors[band.id];
            std::vector<double> a;
            for (double x : e)
                a.push_back(std::abs(x));
            std::sort(a.begin(), a.end());
            const double worst = *std::max_element(
                e.begin(), e.end(), [](double x, double y) { return std::abs(x) < std::abs(y); });
            double sum = 0;
            for (double x : e)
                sum += x;
            const auto within =
                std::count_if(a.begin(), a.end(), [](double x) { return x <= 0.1; });
            const QString what = QString::fromStdString(band.id);
            QCOMPARE(band.runs, static_cast<int>(e.size()));
            QCOMPARE(band.withinTenPercent, static_cast<int>(within));
            QVERIFY2(asWritten(band.medianAbsError, median(a)), qPrintable(what));
            QVERIFY2(asWritten(band.p90AbsError, nearestRank(a, 0.9)), qPrintable(what));
            QVERIFY2(asWritten(band.worstError, worst), qPrintable(what));
            QVERIFY2(asWritten(band.meanError, sum / static_cast<double>(e.size())),
                     qPrintable(what));
        }
    }
};

QTEST_GUILESS_MAIN(EngineValidationTest)
#include "tst_engine_validation.moc"

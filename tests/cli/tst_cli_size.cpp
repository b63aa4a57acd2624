// `size`, `pack` and `plan`'s fewer-chips answer from the command line: text and JSON, the
// project -o writes, the report with its charts, and errors for bad options.
#include "cli.h"

#include <QTemporaryDir>
#include <QtTest>
#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <sstream>

namespace {

struct Outcome {
    int code;
    std::string out;
    std::string err;
};

Outcome cli(std::vector<std::string> args) {
    std::ostringstream out, err;
    const int code = podplanner::app::runCli(args, out, err);
    return {code, out.str(), err.str()};
}

std::string data(const char* relative) {
    return std::string(PODPLANNER_SOURCE_DIR "/") + relative;
}

} // namespace

class CliSizeTest : public QObject {
    Q_OBJECT
  private slots:
    void sizeAcrossGenerationsAsJson() {
        const Outcome r =
            cli({"size", data("tests/data/sizing/moe-v5p.podplanner"), "--cluster", "tpu-v5p-pod",
                 "--cluster", "tpu-ironwood-pod", "--price", "tpu-ironwood-pod=6",
                 "--deadline-days", "30", "--first-pass", "--json"});
        QCOMPARE(r.code, 0);
        const auto j = nlohmann::json::parse(r.out);
        QCOMPARE(j["candidates"].size(), std::size_t{2});
        QCOMPARE(j["cost_basis"], "usd"); // v5p has a list price, Ironwood was given one
        QCOMPARE(j["candidates"][1]["price_source"], "given on the command line (--price)");
        QVERIFY(j["candidates"][0]["price_source"].get<std::string>().find("list price") !=
                std::string::npos);
        QVERIFY(!j["pareto_front"].empty());
        for (const auto& p : j["pareto_front"])
            QVERIFY(!p["limit_text"].get<std::string>().empty());
        QVERIFY(j["recommended"]["meets_deadline"].get<bool>());
        QVERIFY(j["search"]["layout_configurations_considered"].get<long long>() > 0);
    }

    void sizeWritesTheRecommendedPlanAndAReport() {
        QTemporaryDir dir;
        const std::string out = dir.filePath("sized.podplanner").toStdString();
        const std::string md = dir.filePath("sizing.md").toStdString();
        const Outcome r =
            cli({"size", data("tests/data/sizing/moe-v5p.podplanner"), "--deadline-days", "20",
                 "--first-pass", "--shapes", "-o", out, "--report", md});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.find("Recommended:") != std::string::npos);
        QVERIFY(r.out.find("Pareto front") != std::string::npos);
        QVERIFY(r.out.find("Slice shapes of") != std::string::npos);
        QCOMPARE(cli({"validate", out}).code, 0);
        QCOMPARE(cli({"evaluate", out}).code, 0);
        std::ifstream report(md);
        const std::string text((std::istreambuf_iterator<char>(report)), {});
        QVERIFY(text.find("## Pareto front") != std::string::npos);
        for (const char* chart : {"pareto", "chips", "spares"}) {
            const QString svg = dir.filePath(QString("sizing-%1.svg").arg(chart));
            QVERIFY2(QFile::exists(svg), qPrintable(svg));
            QVERIFY(text.find(std::string("sizing-") + chart + ".svg") != std::string::npos);
        }
    }

    // A budget alone: the recommendation is the fastest point that costs no more than it; a
    // budget below every point is said to be unmet, and the fastest is offered instead.
    void sizeWithinABudget() {
        const std::string p = data("tests/data/sizing/moe-v5p.podplanner");
        const auto size = [&](const std::string& budget) {
            const Outcome r = cli({"size", p, "--budget-usd", budget, "--first-pass", "--json"});
            QTest::qVerify(r.code == 0, "r.code == 0", r.err.c_str(), __FILE__, __LINE__);
            return nlohmann::json::parse(r.out);
        };
        const auto free = cli({"size", p, "--first-pass", "--json"});
        QCOMPARE(free.code, 0);
        const auto front = nlohmann::json::parse(free.out)["pareto_front"];
        QVERIFY(front.size() >= 3);
        // A budget between the cheapest and the dearest point of the front.
        double cheapest = 1e300, dearest = 0;
        for (const auto& point : front) {
            cheapest = std::min(cheapest, point["cost_usd"].get<double>());
            dearest = std::max(dearest, point["cost_usd"].get<double>());
        }
        const double budget = std::floor((cheapest + dearest) / 2);
        const auto within = size(std::to_string(budget));
        QCOMPARE(within["budget_usd"].get<double>(), budget);
        const auto& chosen = within["recommended"];
        QVERIFY(chosen["meets_budget"].get<bool>());
        QVERIFY(chosen["cost_usd"].get<double>() <= budget);
        for (const auto& point : within["pareto_front"])
            if (point["cost_usd"].get<double>() <= budget)
                QVERIFY(point["time_to_train_days"].get<double>() >=
                        chosen["time_to_train_days"].get<double>() - 1e-9);
        QVERIFY(within["recommendation"].get<std::string>().find("budget of $") !=
                std::string::npos);

        const auto tooSmall = size(std::to_string(std::floor(cheapest / 10)));
        QVERIFY(!tooSmall["recommended"]["meets_budget"].get<bool>());
        for (const auto& point : tooSmall["pareto_front"])
            QVERIFY(!point["meets_budget"].get<bool>());
    }

    void sizeRefusesBadOptions() {
        const std::string p = data("tests/data/sizing/moe-v5p.podplanner");
        QCOMPARE(cli({"size", p, "--deadline-days", "-3"}).code, 2);
        QCOMPARE(cli({"size", p, "--price", "nosuch=3"}).code, 2);
        const Outcome unknown = cli({"size", p, "--cluster", "tpu-v5p-pd"});
        QCOMPARE(unknown.code, 1);
        QVERIFY(unknown.err.find("did you mean \"tpu-v5p-pod\"") != std::string::npos);
        QCOMPARE(cli({"size", p, "--report", "x.pdf"}).code, 1);
    }

    void packReportsCubesAndFreeSlice() {
        QTemporaryDir dir;
        const std::string out = dir.filePath("packed.podplanner").toStdString();
        const Outcome r = cli({"pack", data("resources/examples/ironwood-shared.podplanner"),
                               "--shared-spares", "2", "--json", "-o", out});
        QCOMPARE(r.code, 0);
        const auto j = nlohmann::json::parse(r.out);
        QCOMPARE(j["jobs"].size(), std::size_t{3});
        QCOMPARE(j["shared_spare_cubes"].size(), std::size_t{2});
        QCOMPARE(cli({"validate", out}).code, 0);
        QCOMPARE(cli({"pack", data("resources/examples/h100-cluster-70b.podplanner")}).code, 1);
        QCOMPARE(cli({"pack", data("resources/examples/ironwood-shared.podplanner"), "--min",
                      "nosuch=64"})
                     .code,
                 2);
    }

    void planSaysHowManyChipsItLeaves() {
        const Outcome r = cli(
            {"plan", data("tests/data/sizing/mtnlg-530b-a100.podplanner"), "--top", "1", "--json"});
        QCOMPARE(r.code, 0);
        const auto j = nlohmann::json::parse(r.out);
        QCOMPARE(j["chips_given"], 5128);
        QVERIFY(j["chips"].get<int>() < 5128);
        QCOMPARE(j["fewer_chips"]["idle_chips"].get<int>(), 5128 - j["chips"].get<int>());
        QVERIFY(j["pruned"]["by_step_time_bound"].get<long long>() > 0);
        const Outcome exact =
            cli({"plan", data("tests/data/sizing/mtnlg-530b-a100.podplanner"), "--all-chips"});
        QCOMPARE(exact.code, 0);
        QVERIFY(exact.out.find("do not divide") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(CliSizeTest)
#include "tst_cli_size.moc"

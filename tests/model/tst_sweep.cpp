// Sweeps: parameter and shard parsing, the cartesian product, and shards that together give
// exactly the unsharded sweep.
#include "analysis/project_analysis.h"
#include "project/project_io.h"
#include "sweep/job_sweep.h"
#include "sweep/sweep.h"

#include <QtTest>

#include <sstream>

using namespace podplanner::model;
using namespace podplanner::model::sweep;

namespace {
std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line))
        out.push_back(line);
    return out;
}
} // namespace

class SweepTest : public QObject {
    Q_OBJECT
  private slots:
    void parsesParameters_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("count"); // -1: refused
        QTest::newRow("range") << "/jobs/0/parallelism/tp=1:8:1" << 8;
        QTest::newRow("fractional step") << "/a=0:1:0.25" << 5;
        QTest::newRow("list") << "/jobs/0/parallelism/tp=1,2,4,8" << 4;
        QTest::newRow("no pointer") << "tp=1:8:1" << -1;
        QTest::newRow("no equals") << "/jobs/0/parallelism/tp" << -1;
        QTest::newRow("zero step") << "/a=1:8:0" << -1;
        QTest::newRow("backwards") << "/a=8:1:1" << -1;
        QTest::newRow("not a number") << "/a=1,two" << -1;
        QTest::newRow("too many") << "/a=0:1e9:1" << -1;
        QTest::newRow("bad escape") << "/a~2b=1" << -1;
    }
    void parsesParameters() {
        QFETCH(QString, text);
        QFETCH(int, count);
        std::string why;
        const auto p = parseSweepParam(text.toStdString(), &why);
        QCOMPARE(p ? static_cast<int>(p->values.size()) : -1, count);
        if (!p)
            QVERIFY(why.find("POINTER") != std::string::npos ||
                    why.find("at most") != std::string::npos);
    }

    void parsesShards() {
        QVERIFY(parseShard("0/1", nullptr));
        QCOMPARE(parseShard("3/16", nullptr)->index, 3);
        for (const char* bad : {"16/16", "-1/4", "1/0", "a/b", "3", "1.5/4"})
            QVERIFY2(!parseShard(bad, nullptr), bad);
    }

    void shardsTogetherEqualTheWholeSweep() {
        const Project base =
            loadProjectFile(PODPLANNER_SOURCE_DIR "/resources/examples/v4-pod-gpt3.podplanner");
        const std::vector<SweepParam> params = {
            *parseSweepParam("/jobs/0/parallelism/tp=4,8,16", nullptr),
            *parseSweepParam("/jobs/0/reliability/restart_s=60:600:270", nullptr)};
        QCOMPARE(sweepPoints(params), 9);
        std::ostringstream whole;
        QCOMPARE(runSweep(base, params, {}, whole), 9);
        const auto all = lines(whole.str());
        QCOMPARE(all.size(), std::size_t{10}); // header + 9 points of one job
        std::vector<std::string> merged;
        for (std::int64_t i = 0; i < 4; ++i) {
            std::ostringstream part;
            SweepOptions options;
            options.shard = {i, 4};
            runSweep(base, params, options, part);
            const auto rows = lines(part.str());
            QCOMPARE(rows.front(), all.front()); // same header in every shard
            merged.insert(merged.end(), rows.begin() + 1, rows.end());
        }
        std::sort(merged.begin(), merged.end());
        std::vector<std::string> expected(all.begin() + 1, all.end());
        std::sort(expected.begin(), expected.end());
        QCOMPARE(merged, expected);
        // tp must divide fsdp x tp = the chips: tp 4, 8, 16 change fsdp? No - fsdp is fixed, so
        // only tp = 16 keeps the mesh equal to the 3072 chips; the others report the error.
        int errors = 0;
        for (const auto& row : expected)
            errors += row.back() != ',' ? 1 : 0;
        QCOMPARE(errors, 6);
    }

    // The window's sweeps of one knob (Job > Sweep): on the Ironwood example's 2-cube ablation
    // job, the point at today's value gives today's numbers; checkpointing every 5 minutes
    // costs more goodput than every 30 here; a slice larger than the free cubes cannot be
    // placed and says so.
    void jobKnobSweeps() {
        using namespace podplanner::model::sweep;
        const Project p =
            loadProjectFile(PODPLANNER_SOURCE_DIR "/resources/examples/ironwood-shared.podplanner");
        const std::size_t job = 2; // small-8b-ablation, 128 chips
        const ProjectAnalysis now = analyzeProject(p, {});
        const double adjustedNow =
            now.performance.jobs[job].step.tokensPerS * now.reliability[job].goodput.expected;
        const auto sizes = defaultKnobValues(p, job, JobKnob::SliceSize);
        QCOMPARE(sizes, (std::vector<double>{1, 2, 4, 8}));
        const KnobPoint same = evaluateKnob(p, job, JobKnob::SliceSize, 2);
        QVERIFY2(same.error.empty(), same.error.c_str());
        QVERIFY(std::abs(same.adjusted - adjustedNow) < 1e-9 * adjustedNow);
        QCOMPARE(same.label, std::string("4x4x8 (2 cubes)"));
        const KnobPoint often = evaluateKnob(p, job, JobKnob::CheckpointMinutes, 5);
        const KnobPoint half = evaluateKnob(p, job, JobKnob::CheckpointMinutes, 30);
        QVERIFY(often.error.empty() && half.error.empty());
        QVERIFY(often.goodput < half.goodput);
        QCOMPARE(often.tokensPerS, half.tokensPerS);
        const auto spares = defaultKnobValues(p, job, JobKnob::HotSpares);
        QCOMPARE(spares.front(), 0.0);
        for (double v : spares)
            QVERIFY(evaluateKnob(p, job, JobKnob::HotSpares, v).error.empty());
        const KnobPoint huge = evaluateKnob(p, 0, JobKnob::SliceSize, 128);
        QVERIFY(!huge.error.empty());
    }

    // The best point is the first within 0.1% of the highest; points without numbers never
    // are; none with numbers gives -1.
    void bestKnobPointIsTheFirstWithinATenthOfAPercent() {
        using namespace podplanner::model::sweep;
        auto point = [](double adjusted, std::string error = {}) {
            KnobPoint p;
            p.adjusted = adjusted;
            p.error = std::move(error);
            return p;
        };
        QCOMPARE(bestKnobPoint({point(90), point(99.95), point(100), point(100.01)}), 1);
        QCOMPARE(bestKnobPoint({point(500, "does not fit"), point(80), point(100)}), 2);
        QCOMPARE(bestKnobPoint({point(100, "cannot split")}), -1);
        QCOMPARE(bestKnobPoint({}), -1);
    }
};

QTEST_GUILESS_MAIN(SweepTest)
#include "tst_sweep.moc"

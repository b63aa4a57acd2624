// What the program says about its own accuracy beside a step time (perf/accuracy.h): the kind
// of plan a job is, the built-in table of holdout errors per kind, and the sentence shown.
// That the table matches the validation runs is tst_engine_validation's to check.
#include "perf/accuracy.h"
#include "presets/presets.h"

#include <QtTest>

#include <set>

using namespace podplanner::model;
using namespace podplanner::model::perf;

namespace {

const ChipType& chip(const char* id) {
    const ChipType* c = findBuiltinChip(id);
    if (!c)
        qFatal("no built-in chip %s", id);
    return *c;
}

Job denseJob(int seqLen = 8192) {
    Job job;
    job.model.layers = 32;
    job.model.dModel = 4096;
    job.model.seqLen = seqLen;
    return job;
}

Layout layoutWith(std::size_t axis, int size, int zeroStage = 0) {
    Layout l;
    l.sizes[axis] = size;
    l.zeroStage = zeroStage;
    return l;
}

} // namespace

class AccuracyTest : public QObject {
    Q_OBJECT
  private slots:
    void kindsOfPlan_data() {
        QTest::addColumn<QString>("chipId");
        QTest::addColumn<int>("seqLen");
        QTest::addColumn<int>("experts");
        QTest::addColumn<int>("fsdp");
        QTest::addColumn<int>("zeroStage");
        QTest::addColumn<int>("slices");
        QTest::addColumn<QString>("kind");
        QTest::newRow("gpu tp+pp") << "h100-sxm" << 8192 << 1 << 1 << 1 << 1 << "gpu-dense";
        QTest::newRow("gpu ZeRO-1 is not sharded weights")
            << "a100-sxm-80gb" << 2048 << 1 << 1 << 1 << 1 << "gpu-dense";
        QTest::newRow("gpu fsdp") << "h100-sxm" << 8192 << 1 << 8 << 0 << 1 << "gpu-sharded";
        QTest::newRow("gpu ZeRO-3") << "a100-sxm-80gb" << 2048 << 1 << 1 << 3 << 1 << "gpu-sharded";
        QTest::newRow("gpu moe, sharded") << "h100-sxm" << 4096 << 8 << 8 << 0 << 1 << "gpu-moe";
        QTest::newRow("gpu 32k") << "h100-sxm" << 32768 << 1 << 8 << 0 << 1 << "gpu-long-context";
        QTest::newRow("gpu 16k is not long")
            << "h100-sxm" << 16384 << 1 << 1 << 0 << 1 << "gpu-dense";
        QTest::newRow("gpu moe at 64k is moe")
            << "h100-sxm" << 65536 << 8 << 1 << 0 << 1 << "gpu-moe";
        // GPU nodes reach each other over the network anyway: no multislice kind for GPUs.
        QTest::newRow("gpu two pods") << "h100-sxm" << 8192 << 1 << 1 << 0 << 2 << "gpu-dense";
        QTest::newRow("tpu one slice, fsdp")
            << "tpu-v5p" << 8192 << 1 << 256 << 0 << 1 << "tpu-dense";
        QTest::newRow("tpu two slices")
            << "tpu-v5e" << 2048 << 1 << 256 << 0 << 2 << "tpu-multislice";
        QTest::newRow("tpu moe on two slices")
            << "tpu-v6e" << 4096 << 8 << 256 << 0 << 2 << "tpu-moe";
        QTest::newRow("tpu 128k on two slices")
            << "tpu-ironwood" << 131072 << 1 << 32 << 0 << 2 << "tpu-long-context";
    }
    void kindsOfPlan() {
        QFETCH(QString, chipId);
        QFETCH(int, seqLen);
        QFETCH(int, experts);
        QFETCH(int, fsdp);
        QFETCH(int, zeroStage);
        QFETCH(int, slices);
        QFETCH(QString, kind);
        Job job = denseJob(seqLen);
        job.model.experts = experts;
        const Layout l = layoutWith(kFsdp, fsdp, zeroStage);
        QCOMPARE(QString::fromStdString(accuracyClassOf(job, chip(qPrintable(chipId)), l,
                                                        static_cast<std::size_t>(slices))),
                 kind);
    }

    // The kind follows the layout: the same job sharded and not.
    void kindFollowsTheLayout() {
        const Job job = denseJob();
        const ChipType& h100 = chip("h100-sxm");
        QCOMPARE(accuracyClassOf(job, h100, layoutWith(kTp, 8), 1), std::string("gpu-dense"));
        QCOMPARE(accuracyClassOf(job, h100, layoutWith(kFsdp, 8), 1), std::string("gpu-sharded"));
    }

    // The built-in table: one band per kind, each a kind the engine can name, with figures
    // that hang together (what the file reader checks is range, not consistency).
    void builtInTableIsConsistent() {
        const auto& bands = accuracyBands();
        QVERIFY(bands.size() >= 6);
        const std::set<std::string> kinds = {
            "gpu-dense", "gpu-sharded",    "gpu-moe", "gpu-long-context",
            "tpu-dense", "tpu-multislice", "tpu-moe", "tpu-long-context"};
        std::set<std::string> seen;
        for (const auto& b : bands) {
            QVERIFY2(kinds.count(b.id), b.id.c_str());
            QVERIFY2(seen.insert(b.id).second, ("twice: " + b.id).c_str());
            QVERIFY(!b.name.empty());
            QVERIFY(b.runs > 0);
            QVERIFY(b.medianAbsError <= b.p90AbsError + 1e-12);
            QVERIFY(b.p90AbsError <= std::abs(b.worstError) + 1e-12);
            QVERIFY(b.withinTenPercent <= b.runs);
            QVERIFY(std::abs(b.meanError) <= std::abs(b.worstError) + 1e-12);
            QCOMPARE(accuracyBand(b.id), &b);
        }
        QCOMPARE(accuracyBand("gpu-quantum"), nullptr);
        // The two kinds with the most published runs are there.
        QVERIFY(accuracyBand("gpu-dense") && accuracyBand("tpu-dense"));
    }

    void sentence() {
        AccuracyBand many{"gpu-dense", "dense models on GPUs", 62, 0.0461, 0.0853, 58, 0.1305,
                          0.008};
        QCOMPARE(describeAccuracy(many),
                 std::string("on 62 published runs of dense models on GPUs held out from "
                             "fitting, half within ±4.6%, 9 in 10 within ±8.5%, worst +13.1% "
                             "(docs/validation.md)"));
        // Below ten runs the ninth decile is not quoted, and the count says "only".
        AccuracyBand few{"tpu-long-context",
                         "long-context training on TPUs",
                         4,
                         0.0269,
                         0.0655,
                         4,
                         -0.0652,
                         -0.0058};
        QCOMPARE(describeAccuracy(few),
                 std::string("on only 4 published runs of long-context training on TPUs held "
                             "out from fitting, half within ±2.7%, worst -6.5% "
                             "(docs/validation.md)"));
    }
};

QTEST_GUILESS_MAIN(AccuracyTest)
#include "tst_accuracy.moc"

// The failure and goodput engine: Young/Daly check values, a blast-radius count by hand, the
// closed form against the Monte Carlo on the examples, monotonic behaviour, determinism, and
// the what-if states.
#include "cluster/floor_layout.h"
#include "perf/evaluate.h"
#include "project/placement.h"
#include "project/project_io.h"
#include "reliability/job_goodput.h"
#include "reliability/what_if.h"

#include <QtTest>

using namespace podplanner::model;
using namespace podplanner::model::reliability;

namespace {

Project v4Job(const std::string& shape, const std::string& reliability, int fsdp) {
    return readProject(R"({"format": "podplanner-project", "version": 1, "name": "r",
      "cluster": {"preset": "tpu-v4-pod"},
      "jobs": [{"name": "j",
        "model": {"layers": 32, "d_model": 4096, "heads": 32, "kv_heads": 8, "head_dim": 128,
                  "ffn": 14336, "vocab": 128256, "seq_len": 8192},
        "training": {"global_batch_tokens": 100663296, "total_tokens": 100000000000},
        "parallelism": {"fsdp": )" +
                       std::to_string(fsdp) + R"(},
        "placement": {"pod": 0, "shape": ")" +
                       shape + R"("},
        "reliability": )" +
                       reliability + "}]}");
}

JobReliability reliabilityOf(const Project& p, std::size_t job = 0) {
    return evaluateReliability(p, perf::evaluateProject(p)).at(job);
}

double goodputOf(const Project& p) {
    return reliabilityOf(p).goodput.expected;
}

// A v4 pod with a two-cube job on `cubes` and a one-cube job on cube 63, each holding the given
// cubes as its own hot spares.
Project twoJobsWithSpares(const std::vector<int>& cubes, const std::vector<int>& spares0,
                          const std::vector<int>& spares1) {
    auto list = [](const std::vector<int>& values) {
        std::string out = "[";
        for (std::size_t i = 0; i < values.size(); ++i)
            out.append(i ? "," : "").append(std::to_string(values[i])); // not + (GCC -Wrestrict)
        return out + "]";
    };
    const std::string model = R"("model": {"layers": 32, "d_model": 4096, "heads": 32,
        "kv_heads": 8, "head_dim": 128, "ffn": 14336, "vocab": 128256, "seq_len": 8192},
        "training": {"global_batch_tokens": 4194304, "total_tokens": 100000000000},)";
    return readProject(
        R"({"format": "podplanner-project", "version": 1, "name": "spares",
      "cluster": {"preset": "tpu-v4-pod"},
      "jobs": [{"name": "big", )" +
        model + R"( "parallelism": {"fsdp": 128},
        "placement": {"pod": 0, "shape": "4x4x8", "cubes": )" +
        list(cubes) + R"(},
        "reliability": {"spare_cubes": )" +
        list(spares0) + R"(}},
       {"name": "small", )" +
        model + R"( "parallelism": {"fsdp": 64},
        "placement": {"pod": 0, "shape": "4x4x4", "cubes": [63]},
        "reliability": {"spare_cubes": )" +
        list(spares1) + "}}]}");
}

// An 8B job on all four racks of a GB200 NVL72 cluster (no spare rack), whose racks keep
// `spareTrays` compute trays out of the job.
Project nvl72Job(int spareTrays) {
    const int gpus = 4 * (72 - 4 * spareTrays);
    return readProject(R"({"format": "podplanner-project", "version": 1, "name": "nvl72",
      "cluster": {"preset": "gb200-nvl72",
                  "overrides": {"pod": {"nodes": 4, "spare_hosts_per_node": )" +
                       std::to_string(spareTrays) + R"(}}},
      "jobs": [{"name": "j",
        "model": {"layers": 32, "d_model": 4096, "heads": 32, "kv_heads": 8, "head_dim": 128,
                  "ffn": 14336, "vocab": 128256, "seq_len": 8192},
        "training": {"global_batch_tokens": )" +
                       std::to_string(gpus * 8192) + R"(, "total_tokens": 100000000000},
        "parallelism": {"dp": )" +
                       std::to_string(gpus) + R"(},
        "placement": {"pod": 0, "nodes": 4}}]})");
}

QString example(const char* name) {
    return QStringLiteral(PODPLANNER_SOURCE_DIR "/resources/examples/") + name;
}

} // namespace

class ReliabilityTest : public QObject {
    Q_OBJECT
  private slots:
    void youngAndDalyCheckValues() {
        // HARDWARE.md: delta = 5 min gives 117 min at M = 24 h and 57 min at M = 6 h (Daly).
        QVERIFY(std::abs(dalyIntervalH(5.0 / 60, 24) * 60 - 117) < 0.5);
        QVERIFY(std::abs(dalyIntervalH(5.0 / 60, 6) * 60 - 57) < 0.5);
        QVERIFY(std::abs(youngIntervalH(5.0 / 60, 24) * 60 - 120) < 1e-9);
        QCOMPARE(dalyIntervalH(5, 2), 2.0); // delta >= 2M: checkpoint every M
    }

    void checkpointWriteTimeFromSizeAndBandwidth() {
        // 8B-class model on TPU (MaxText): ~8e9 parameters x (4 bytes of fp32 weights + 8 of
        // Adam moments) over 100 GB/s of storage.
        const JobReliability r =
            reliabilityOf(v4Job("4x4x8", R"({"checkpoint": {"storage_gbyte_s": 100}})", 128));
        QVERIFY(r.inputs.checkpointBytes > 12 * 7e9 && r.inputs.checkpointBytes < 12 * 9e9);
        QVERIFY(std::abs(r.goodput.checkpointWriteS - r.inputs.checkpointBytes / 100e9) < 1e-9);
        // A given write time wins over the bandwidth.
        const JobReliability given = reliabilityOf(v4Job(
            "4x4x8", R"({"checkpoint": {"persistent_write_s": 42, "storage_gbyte_s": 100}})", 128));
        QCOMPARE(given.goodput.checkpointWriteS, 42.0);
    }

    void blastRadiusCountByHand() {
        // A 4x4x8 slice on cubes 0 and 1 of a v4 pod: 128 chips in 32 trays of 4, 2 cubes with
        // 144 electrical + 96 optical links each, every one of the pod's 48 OCS, 2 ToRs, the
        // hosts' 32 NICs, and one power row (both cubes sit in row 0).
        const Project p = v4Job("4x4x8", "{}", 128);
        const auto placements = placeJobs(p);
        const JobExposure e = jobExposure(p.cluster, buildFloorLayout(p.cluster), placements[0],
                                          p.jobs[0].reliability);
        auto count = [&](FailureKind k) { return e.kinds[static_cast<std::size_t>(k)].count; };
        QCOMPARE(count(FailureKind::Chip), 128.0);
        QCOMPARE(count(FailureKind::Host), 32.0);
        QCOMPARE(count(FailureKind::Cube), 2.0);
        QCOMPARE(count(FailureKind::IciLink), 2.0 * (144 + 96));
        QCOMPARE(count(FailureKind::Ocs), 48.0);
        QCOMPARE(count(FailureKind::DcnLink), 32.0);
        QCOMPARE(count(FailureKind::Switch), 2.0);
        QCOMPARE(count(FailureKind::PowerRow), 1.0);
        QCOMPARE(e.units, 2);
        // Rates: count x per-day rate of the preset.
        QVERIFY(std::abs(e.kinds[0].perDay - 128 * p.cluster.failures.perDay(FailureKind::Chip)) <
                1e-12);
        // A sub-cube slice depends on no OCS.
        const Project sub = v4Job("2x2x4", "{}", 16);
        const JobExposure s = jobExposure(sub.cluster, buildFloorLayout(sub.cluster),
                                          placeJobs(sub)[0], sub.jobs[0].reliability);
        QCOMPARE(s.kinds[static_cast<std::size_t>(FailureKind::Ocs)].count, 0.0);
    }

    void closedFormMatchesMonteCarloOnExamples_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("job");
        for (const char* f :
             {"ironwood-shared.podplanner", "v4-pod-gpt3.podplanner", "h100-cluster-70b.podplanner",
              "multisite-405b.podplanner", "gb200-nvl72-405b.podplanner"}) {
            const Project p = loadProjectFile(example(f).toStdString());
            for (std::size_t j = 0; j < p.jobs.size(); ++j)
                QTest::newRow((std::string(f) + "#" + std::to_string(j)).c_str())
                    << example(f) << static_cast<int>(j);
        }
    }
    void closedFormMatchesMonteCarloOnExamples() {
        QFETCH(QString, file);
        QFETCH(int, job);
        const Project p = loadProjectFile(file.toStdString());
        const JobReliability r = reliabilityOf(p, static_cast<std::size_t>(job));
        SimulationOptions options;
        options.trials = 2000;
        options.days = 30;
        options.seed = 11;
        const SimulationResult sim = simulateGoodput(
            r.exposure, p.jobs[static_cast<std::size_t>(job)].reliability, r.inputs, options);
        QVERIFY2(std::abs(sim.goodput.mean - r.goodput.expected) < 0.02,
                 qPrintable(QString("Monte Carlo %1 vs closed form %2")
                                .arg(sim.goodput.mean)
                                .arg(r.goodput.expected)));
        QVERIFY(sim.goodput.p5 <= sim.goodput.p50 && sim.goodput.p50 <= sim.goodput.p95);
        QVERIFY(std::abs(sim.interruptionsPerDay - r.goodput.interruptionsPerDay) /
                    r.goodput.interruptionsPerDay <
                0.1);
    }

    void sameSeedSameResultWhateverTheThreads() {
        const Project p = loadProjectFile(example("multisite-405b.podplanner").toStdString());
        const JobReliability r = reliabilityOf(p);
        SimulationOptions one;
        one.trials = 300;
        one.seed = 5;
        one.threads = 1;
        SimulationOptions two = one;
        two.threads = 2;
        const auto a = simulateGoodput(r.exposure, p.jobs[0].reliability, r.inputs, one);
        const auto b = simulateGoodput(r.exposure, p.jobs[0].reliability, r.inputs, two);
        QCOMPARE(a.goodput.p50, b.goodput.p50);
        QCOMPARE(a.goodput.mean, b.goodput.mean);
        QCOMPARE(a.timeline.size(), b.timeline.size());
        QVERIFY(!a.timeline.empty());
        SimulationOptions other = one;
        other.seed = 6;
        QVERIFY(simulateGoodput(r.exposure, p.jobs[0].reliability, r.inputs, other).goodput.mean !=
                a.goodput.mean);
    }

    void betterRecoveryNeverLowersGoodput() {
        // A whole pod (no free cubes): waiting for repairs dominates.
        const double base = goodputOf(v4Job("16x16x16", R"({"restart_s": 600})", 4096));
        const double spares =
            goodputOf(v4Job("16x16x12", R"({"restart_s": 600, "hot_spare_cubes": 4})", 3072));
        const double faster = goodputOf(v4Job("16x16x16", R"({"restart_s": 60})", 4096));
        const double inMemory = goodputOf(v4Job(
            "16x16x16",
            R"({"restart_s": 600, "checkpoint": {"persistent_write_s": 300, "in_memory": true}})",
            4096));
        const double persistent = goodputOf(v4Job(
            "16x16x16", R"({"restart_s": 600, "checkpoint": {"persistent_write_s": 300}})", 4096));
        QVERIFY(spares > base);
        QVERIFY(faster >= base);
        QVERIFY(inMemory >= persistent);
        // More spares never hurt.
        double previous = 0;
        for (int n : {0, 1, 2, 4, 8}) {
            const double g = goodputOf(
                v4Job("16x16x12", R"({"hot_spare_cubes": )" + std::to_string(n) + "}", 3072));
            QVERIFY(g >= previous - 1e-12);
            previous = g;
        }
    }

    // Two pods of two cubes, both full (no spares): a failure either waits for the repair or,
    // elastic, runs on the other pod meanwhile.
    void elasticNeverLowersGoodput() {
        const auto project = [](bool elastic) {
            return readProject(
                std::string(R"({"format": "podplanner-project", "version": 1, "name": "e",
              "cluster": {"preset": "tpu-v4-pod", "overrides": {"sites": [{"pods": 2}],
                "pod": {"cubes": 2, "max_slice_cubes": 2},
                "repair_hours": {"chip": 4, "host": 4, "cube": 4, "ocs": 4, "ici_link": 4,
                                 "dcn_link": 4, "switch": 4, "power_row": 4}}},
              "jobs": [{"name": "j",
                "model": {"layers": 32, "d_model": 4096, "heads": 32, "kv_heads": 8, "head_dim": 128,
                          "ffn": 14336, "vocab": 128256, "seq_len": 8192},
                "training": {"global_batch_tokens": 4194304, "total_tokens": 100000000000},
                "parallelism": {"dp": 2, "fsdp": 128},
                "placement": {"pods": [0, 1], "shape": "4x4x8"},
                "reliability": {"elastic": )") +
                (elastic ? "true" : "false") + "}}]}");
        };
        const double elastic = goodputOf(project(true));
        const double waiting = goodputOf(project(false));
        QVERIFY2(elastic > waiting && waiting > 0,
                 qPrintable(QString("%1 vs %2").arg(elastic).arg(waiting)));
    }

    // A spine switch of a GPU fat-tree takes bandwidth, not the job: it costs degraded running
    // in proportion to the step's exposed DCN time, and never an interruption.
    void spineFailuresOnlyCostBandwidth() {
        Project p = loadProjectFile(example("h100-cluster-70b.podplanner").toStdString());
        const JobReliability r = reliabilityOf(p);
        QVERIFY(r.exposure.spines > 1);
        QVERIFY(r.exposure.bandwidthOnlyPerDay > 0);
        QVERIFY(r.inputs.dcnExposedShare > 0 && r.inputs.dcnExposedShare < 1);
        QVERIFY(std::abs(r.exposure.bandwidthOnlyLossH -
                         p.cluster.failures.repairH(FailureKind::Switch) *
                             r.inputs.dcnExposedShare / (r.exposure.spines - 1)) < 1e-12);
        double interruptions = 0;
        for (const auto& k : r.exposure.kinds)
            interruptions += k.perDay;
        QVERIFY(std::abs(r.goodput.interruptionsPerDay - interruptions -
                         r.exposure.sdcPerHour * 24) < 1e-9);
        JobExposure without = r.exposure;
        without.bandwidthOnlyPerDay = 0;
        const double g = closedFormGoodput(without, p.jobs[0].reliability, r.inputs).expected;
        QVERIFY(g > r.goodput.expected);
        QVERIFY(g - r.goodput.expected < 0.05);
    }

    void moreChipsNeverLowerTheInterruptionRate() {
        double previous = 0;
        for (const auto& [shape, fsdp] : std::vector<std::pair<std::string, int>>{
                 {"4x4x4", 64}, {"4x4x8", 128}, {"8x8x8", 512}, {"8x8x16", 1024}}) {
            const double rate = reliabilityOf(v4Job(shape, "{}", fsdp)).goodput.interruptionsPerDay;
            QVERIFY(rate >= previous);
            previous = rate;
        }
    }

    void whatIfStates() {
        const Project p = loadProjectFile(example("v4-pod-gpt3.podplanner").toStdString());
        const auto rel = evaluateReliability(p, perf::evaluateProject(p));
        Topology t(p.cluster);
        QCOMPARE(whatIf(p, 0, t, rel).state, JobState::Running);
        // Fail a chip the job uses: a free cube replaces its cube.
        const auto placement = placeJobs(p)[0];
        const std::int64_t chip = t.chipsOf(placement.slices[0]).front();
        t.setFailed({ComponentKind::Chip, chip}, true);
        const WhatIfResult spare = whatIf(p, 0, t, rel);
        QCOMPARE(spare.state, JobState::RecoveringOnSpare);
        QCOMPARE(spare.brokenSlices, 1);
        QVERIFY(spare.goodputExpected <= rel[0].goodput.expected + 1e-12);
        // Over the repair window the swap, the restart and the lost progress cost goodput:
        // exactly (down now + half an interval) / window of the goodput from here on.
        QVERIFY(spare.windowH > 0);
        const auto m = recoveryModel(rel[0].exposure, p.jobs[0].reliability, rel[0].inputs);
        const double expected =
            spare.goodputExpected * (1 - (m.swapH + m.restartH + m.intervalH / 2) / spare.windowH);
        QVERIFY(std::abs(spare.goodputWindow - expected) < 1e-12);
        QVERIFY(spare.goodputWindow < rel[0].goodput.expected);
        // An OCS down: no cube can be swapped in, the job waits.
        t.clearFailures();
        t.setFailed({ComponentKind::Ocs, 3}, true);
        const WhatIfResult wait = whatIf(p, 0, t, rel);
        QCOMPARE(wait.state, JobState::WaitingForRepair);
        QCOMPARE(wait.throughputNow, 0.0);
        QCOMPARE(wait.goodputWindow, 0.0);
        QVERIFY(!wait.reasons.empty());
    }

    // An NVL72 rack's compute trays are its hosts; the two trays a job leaves free stand in for
    // a failed GPU, tray, NVLink port or NIC of that rack, with no spare rack anywhere.
    void nvl72SpareTraysStandInForAFailedTray() {
        const Project p = nvl72Job(2);
        const JobReliability r = reliabilityOf(p);
        const JobExposure& e = r.exposure;
        auto kind = [&](FailureKind k) { return e.kinds[static_cast<std::size_t>(k)]; };
        QCOMPARE(kind(FailureKind::Chip).count, 256.0);
        QCOMPARE(kind(FailureKind::Host).count, 64.0); // 16 trays of 4 GPUs in each of 4 racks
        QCOMPARE(kind(FailureKind::DcnLink).count, 256.0);
        QCOMPARE(e.units, 4);
        QCOMPARE(e.spares, 0);
        QCOMPARE(e.spareHostsPerNode, 2);
        for (FailureKind k :
             {FailureKind::Chip, FailureKind::Host, FailureKind::IciLink, FailureKind::DcnLink})
            QVERIFY(kind(k).hostSpareable);
        QVERIFY(!kind(FailureKind::Cube).hostSpareable); // a rack takes its spare trays with it
        QVERIFY(!kind(FailureKind::PowerRow).hostSpareable);
        // Spare trays turn most repairs into swaps: goodput rises over the same racks used whole.
        const JobReliability whole = reliabilityOf(nvl72Job(0));
        QCOMPARE(whole.exposure.spareHostsPerNode, 0);
        QVERIFY(r.goodput.spareAvailable == 0.0);
        QVERIFY2(
            r.goodput.expected > whole.goodput.expected + 0.01,
            qPrintable(QString("%1 vs %2").arg(r.goodput.expected).arg(whole.goodput.expected)));
        // The Monte Carlo, which keeps each rack's trays, agrees with the closed form.
        SimulationOptions options;
        options.trials = 2000;
        options.days = 30;
        options.seed = 5;
        const SimulationResult sim =
            simulateGoodput(r.exposure, p.jobs[0].reliability, r.inputs, options);
        QVERIFY2(std::abs(sim.goodput.mean - r.goodput.expected) < 0.02,
                 qPrintable(QString("Monte Carlo %1 vs closed form %2")
                                .arg(sim.goodput.mean)
                                .arg(r.goodput.expected)));
    }

    // What-if on NVL72: a failed GPU or tray swaps onto a spare tray of its own rack, with no
    // spare rack anywhere; more broken trays than the rack's healthy spares, or the rack itself,
    // leave the job without a place to go.
    void nvl72WhatIfSwapsABrokenTrayOntoASpareTray() {
        const Project p = nvl72Job(2);
        const auto rel = evaluateReliability(p, perf::evaluateProject(p));
        Topology t(p.cluster);
        auto gpu = [&](int node, int g) { return t.chipInNode(0, node, g); }; // 64..71: spares
        t.setFailed({ComponentKind::Chip, gpu(1, 5)}, true);
        const WhatIfResult one = whatIf(p, 0, t, rel);
        QCOMPARE(one.state, JobState::RecoveringOnSpare);
        QCOMPARE(one.spareHostsUsed, 1);
        QCOMPARE(one.sparesUsed, 0);
        QVERIFY(one.windowH > 0);
        QVERIFY(one.goodputWindow > 0 && one.goodputWindow < rel[0].goodput.expected);
        // A whole tray (its host) in the same rack: the second spare tray takes it.
        t.setFailed({ComponentKind::Host, t.locate(gpu(1, 20)).host}, true);
        QCOMPARE(whatIf(p, 0, t, rel).spareHostsUsed, 2);
        // A third broken tray there is one more than the rack's spares.
        t.setFailed({ComponentKind::Chip, gpu(1, 40)}, true);
        const WhatIfResult three = whatIf(p, 0, t, rel);
        QVERIFY(three.state != JobState::RecoveringOnSpare);
        QCOMPARE(three.spareHostsUsed, 0);
        // A spare tray that is down itself does not count: two broken trays, one healthy spare.
        t.clearFailures();
        t.setFailed({ComponentKind::Chip, gpu(2, 0)}, true);
        t.setFailed({ComponentKind::Chip, gpu(2, 4)}, true);
        t.setFailed({ComponentKind::Chip, gpu(2, 70)}, true);
        QVERIFY(whatIf(p, 0, t, rel).state != JobState::RecoveringOnSpare);
        t.setFailed({ComponentKind::Chip, gpu(2, 4)}, false);
        QCOMPARE(whatIf(p, 0, t, rel).spareHostsUsed, 1);
        // The rack takes its spare trays with it.
        t.clearFailures();
        t.setFailed({ComponentKind::Rack, t.locate(gpu(3, 0)).rack}, true);
        QVERIFY(whatIf(p, 0, t, rel).state != JobState::RecoveringOnSpare);
    }

    // Where a job's own spares stand decides whether it survives a power row: spares in the
    // failed row are down with it (and the other free cubes are another job's spares), so the
    // job waits; the same number of spares in other rows lets it swap and go on.
    void sparesInTheFailedPowerRowDoNotHelp() {
        const Project probe = twoJobsWithSpares({0, 1}, {}, {});
        Topology t(probe.cluster);
        const auto& floor = t.floor();
        const auto rowOf = [&](int cube) {
            return floor.racks[static_cast<std::size_t>(floor.firstChipRackOfPod[0] + cube)]
                .powerRow;
        };
        // The big job on the first two cubes of a power row that has more; its spares either
        // the rest of that row or cubes of other rows; the small job holds the others.
        const int row = rowOf(0);
        std::vector<int> job, inRow, elsewhere;
        for (int c = 0; c < 63; ++c) {
            if (rowOf(c) == row && job.size() < 2)
                job.push_back(c);
            else
                (rowOf(c) == row ? inRow : elsewhere).push_back(c);
        }
        QVERIFY(job.size() == 2 && !inRow.empty() && !elsewhere.empty());
        for (const bool sparesInRow : {true, false}) {
            const Project p = sparesInRow ? twoJobsWithSpares(job, inRow, elsewhere)
                                          : twoJobsWithSpares(job, elsewhere, inRow);
            QCOMPARE(p.jobs[0].reliability.hotSpareCubes,
                     static_cast<int>((sparesInRow ? inRow : elsewhere).size()));
            const auto rel = evaluateReliability(p, perf::evaluateProject(p));
            Topology failed(p.cluster);
            failed.setFailed({ComponentKind::PowerRow, row}, true);
            const WhatIfResult r = whatIf(p, 0, failed, rel);
            QCOMPARE(r.state,
                     sparesInRow ? JobState::WaitingForRepair : JobState::RecoveringOnSpare);
        }
    }
};

QTEST_GUILESS_MAIN(ReliabilityTest)
#include "tst_reliability.moc"

// The planner's search: pruning by bounds finds what timing every configuration finds, the
// best does not depend on how many are listed, the counts add up, the space is broader than
// Calculon's, and fewer chips are used (idle or as spares) when the batch does not split or
// failures make spares pay. A new job's starting layout is the first that fits.
#include "perf/evaluate.h"
#include "perf/mapping_search.h"
#include "perf/plan_practice.h"
#include "perf/planner.h"
#include "perf/starting_layout.h"
#include "project/project_io.h"
#include "sizing_fixture.h"

#include <QtTest>

using namespace podplanner::model;
using namespace podplanner::model::perf;

namespace {

PlanOptions exactOn(bool prune) {
    PlanOptions o;
    o.top = 5;
    o.allowFewerChips = false;
    o.prune = prune;
    return o;
}

std::int64_t accounted(const PlanResult& p) {
    return p.layoutsEvaluated + p.rejectedMemory + p.prunedByTime + p.prunedByMemory +
           p.equivalent + p.rejectedNoMapping + p.rejectedInvalid;
}

// A pod of 9 cubes, the job on all of them: with cubes failing every few days and a day to
// repair, holding one back as a hot spare trains sooner than computing on it.
Project spareCubePaysProject() {
    const std::string cluster = R"({"preset": "tpu-v4-pod", "overrides": {
        "pod": {"cubes": 9, "max_slice_cubes": 9},
        "failure_rates": {"cube_per_1000_days": 30, "host_per_1000_days": 20}}})";
    sizingtest::JobText job;
    job.placement = R"({"pod": 0, "shape": "4x12x12"})";
    job.parallelism = R"({"fsdp": 576})";
    job.training = R"({"global_batch_tokens": 9437184, "total_tokens": 100000000000})";
    return sizingtest::project(cluster, job);
}

} // namespace

class TestPlanner : public QObject {
    Q_OBJECT
  private slots:
    void pruningFindsWhatTimingEverythingFinds_data() {
        QTest::addColumn<QString>("cluster");
        QTest::addColumn<QString>("placement");
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("training");
        QTest::addColumn<int>("chips");
        const sizingtest::JobText base;
        QTest::newRow("v4 cube, dense, MaxText policies")
            << R"({"preset": "tpu-v4-pod"})"
            << R"({"pod": 0, "shape": "4x4x4"})" << QString::fromStdString(base.model)
            << QString::fromStdString(base.training) << 64;
        QTest::newRow("16 H100, dense, Megatron")
            << R"({"preset": "h100-cluster"})"
            << R"({"pod": 0, "nodes": 2})" << QString::fromStdString(base.model)
            << QString::fromStdString(base.training) << 16;
        QTest::newRow("v5p 4x4x8, MoE")
            << R"({"preset": "tpu-v5p-pod"})"
            << R"({"pod": 0, "shape": "4x4x8"})"
            << R"({"layers": 8, "d_model": 2048, "heads": 16, "kv_heads": 8, "head_dim": 128,
                  "ffn": 8192, "vocab": 32000, "seq_len": 4096, "experts": 16, "top_k": 2,
                  "expert_ffn": 2048})"
            << R"({"global_batch_tokens": 1048576, "total_tokens": 1000000000})" << 128;
        QTest::newRow("8 A100, tight HBM")
            << R"({"preset": "a100-cluster"})"
            << R"({"pod": 0, "nodes": 1})"
            << R"({"layers": 40, "d_model": 5120, "heads": 40, "kv_heads": 40, "head_dim": 128,
                  "ffn": 13824, "vocab": 32000, "seq_len": 4096})"
            << R"({"global_batch_tokens": 1048576, "total_tokens": 1000000000})" << 8;
    }
    void pruningFindsWhatTimingEverythingFinds() {
        QFETCH(QString, cluster);
        QFETCH(QString, placement);
        QFETCH(QString, model);
        QFETCH(QString, training);
        QFETCH(int, chips);
        sizingtest::JobText job;
        job.model = model.toStdString();
        job.training = training.toStdString();
        job.placement = placement.toStdString();
        job.parallelism = R"({"fsdp": )" + std::to_string(chips) + "}";
        const Project p = sizingtest::project(cluster.toStdString(), job);
        const PlanResult pruned = planJob(p, 0, exactOn(true));
        const PlanResult all = planJob(p, 0, exactOn(false));
        QCOMPARE(pruned.layoutsConsidered, all.layoutsConsidered);
        QCOMPARE(all.prunedByTime + all.prunedByMemory, std::int64_t{0});
        QVERIFY(pruned.evaluations < all.evaluations);
        QCOMPARE(pruned.top.size(), all.top.size());
        QVERIFY(!all.top.empty());
        for (std::size_t i = 0; i < all.top.size(); ++i)
            QVERIFY2(std::abs(pruned.top[i].step.stepS - all.top[i].step.stepS) <=
                         1e-12 * all.top[i].step.stepS,
                     qPrintable(QString("#%1: %2 s pruned, %3 s timing everything")
                                    .arg(i + 1)
                                    .arg(pruned.top[i].step.stepS)
                                    .arg(all.top[i].step.stepS)));
    }

    void bestIsTheSameHoweverManyAreListed() {
        // On GPUs the framework's rank order lays the mesh (Megatron: tp, cp, ep, dp, pp
        // outermost); the search must time layouts that way too, or the finalists it keeps
        // are not the fastest once mapped, and a shorter list misses the best.
        sizingtest::JobText job;
        job.model = R"({"layers": 40, "d_model": 5120, "heads": 40, "kv_heads": 8,
            "head_dim": 128, "ffn": 13824, "vocab": 32000, "seq_len": 4096})";
        job.training = R"({"global_batch_tokens": 1048576, "total_tokens": 1000000000})";
        job.placement = R"({"pod": 0, "nodes": 8})";
        const Project p = sizingtest::project(R"({"preset": "h100-cluster"})", job);
        PlanOptions one = exactOn(true);
        one.top = 1;
        const double best = planJob(p, 0, one).top.at(0).step.stepS;
        for (bool prune : {true, false}) {
            const double ofFive = planJob(p, 0, exactOn(prune)).top.at(0).step.stepS;
            QVERIFY2(std::abs(best - ofFive) <= 1e-12 * best,
                     qPrintable(QString("top 1: %1 s, top 5: %2 s").arg(best).arg(ofFive)));
        }
    }

    void everyConfigurationIsAccountedFor() {
        const Project p = sizingtest::project(R"({"preset": "tpu-v4-pod"})");
        for (bool prune : {true, false}) {
            const PlanResult r = planJob(p, 0, exactOn(prune));
            QCOMPARE(accounted(r), r.layoutsConsidered);
            QCOMPARE(r.evaluations, r.layoutsEvaluated + r.rejectedMemory);
        }
    }

    void spaceIsBroaderThanCalculonsOn530bAnd5120Gpus() {
        // Calculon (SC23) searches 663,952 configurations of Megatron-Turing NLG 530B on 5,120
        // A100s: tp, pp, dp, microbatch size, interleaving, recompute, optimizer sharding, tp
        // communication and overlap, offloads. The same job on 640 DGX nodes:
        Project p = sizingtest::projectFile("tests/data/sizing/mtnlg-530b-a100.podplanner");
        p.jobs[0].placement.nodes = 640;
        const PlanResult r = planJob(p, 0, exactOn(true));
        QVERIFY2(r.layoutsConsidered > 663952, qPrintable(QString::number(r.layoutsConsidered)));
        QVERIFY(!r.top.empty());
        QVERIFY(r.prunedByTime > r.evaluations); // most are skipped by the bound, not timed
    }

    // Megatron-Turing NLG 530B on 640 DGX A100 nodes as Megatron ran it in 2022 (standard
    // attention, dropout, no gradient overlap): tp 16 over two nodes comes out a sliver
    // faster than tp 8 inside one (the published runs' choice, with pp across nodes); within
    // kMappingTolerance the planner ranks the layout whose tp stays on NVLink first and says
    // why, and the faster ones after it say they are faster. Beyond it the fastest leads.
    void tensorParallelismStaysInsideTheNodeWhenItCostsLittle() {
        const Project p =
            sizingtest::projectFile("tests/data/sizing/mtnlg-530b-a100-2022.podplanner");
        PlanOptions o = exactOn(true);
        o.top = 3;
        const PlanResult r = planJob(p, 0, o);
        QVERIFY(r.top.size() >= 2);
        const PlanCandidate& first = r.top[0];
        const JobPlacement placement = placeJobs(p).at(0);
        const JobFabric fabric = jobFabric(p.cluster, placement);
        QCOMPARE(fastestDomainChips(fabric), 8);
        QVERIFY(!tpLeavesFastestLinks(first.layout, fabric));
        QVERIFY2(first.layout.sizes[kTp] <= 8,
                 qPrintable(QString::fromStdString(first.mappingText)));
        QVERIFY2(first.reason.find("as practitioners run it") != std::string::npos,
                 first.reason.c_str());
        bool fasterListed = false;
        for (std::size_t i = 1; i < r.top.size(); ++i) {
            const PlanCandidate& c = r.top[i];
            if (c.step.stepS >= first.step.stepS)
                continue;
            fasterListed = true;
            QVERIFY(tpLeavesFastestLinks(c.layout, fabric));
            QVERIFY(first.step.stepS <= c.step.stepS * (1 + kMappingTolerance));
            QVERIFY2(c.reason.find("faster than #1, but its tensor parallelism spans") !=
                         std::string::npos,
                     c.reason.c_str());
        }
        QVERIFY(fasterListed); // the case this test is about
        // With one row the reason still measures #1 against the fastest, now cut from the list.
        PlanOptions one = o;
        one.top = 1;
        const PlanResult alone = planJob(p, 0, one);
        QVERIFY(!tpLeavesFastestLinks(alone.top.at(0).layout, fabric));
        QVERIFY2(alone.top[0].reason.find("within 0.0%") == std::string::npos &&
                     alone.top[0].reason.find("as practitioners run it, within 0.") !=
                         std::string::npos,
                 alone.top[0].reason.c_str());

        // The preference is bounded: 1% faster across the nodes yields, 2% does not.
        const JobContext ctx = makeJobContext(p.jobs[0], p.cluster.chip, fabric, placement.chips());
        PlanCandidate across = r.top[1];
        QVERIFY(tpLeavesFastestLinks(across.layout, fabric));
        for (const double gap : {0.01, 0.02}) {
            across.step.stepS = first.step.stepS / (1 + gap);
            std::vector<PlanCandidate> ranked{across, first};
            const bool reordered =
                preferPractice(ctx, searchSpace(ctx, SearchDepth::Full), {}, ranked).reordered;
            QCOMPARE(reordered, gap < kMappingTolerance);
            QCOMPARE(tpLeavesFastestLinks(ranked[0].layout, fabric), !reordered);
        }
    }

    void batchThatDoesNotSplitIsPlannedOnFewerChips() {
        // 1,920 sequences cannot split over 641 nodes (5,128 GPUs): 641 is 641 x 1.
        const Project p = sizingtest::projectFile("tests/data/sizing/mtnlg-530b-a100.podplanner");
        PlanOptions allChips = exactOn(true);
        QVERIFY(planJob(p, 0, allChips).top.empty());
        PlanOptions o;
        o.top = 3;
        const PlanResult r = planJob(p, 0, o);
        QVERIFY(!r.top.empty());
        QVERIFY(r.fewer.has_value());
        QCOMPARE(r.chipsGiven, std::int64_t{5128});
        QVERIFY(r.chips < 5128);
        QCOMPARE(r.fewer->idleChips, 5128 - r.chips);
        QCOMPARE(r.top[0].layout.sizes[0] * r.top[0].layout.sizes[1] * r.top[0].layout.sizes[2] *
                     r.top[0].layout.sizes[3] * r.top[0].layout.sizes[4] * r.top[0].layout.sizes[5],
                 static_cast<int>(r.chips));
        const QString why = QString::fromStdString(r.fewer->why);
        QVERIFY2(why.contains("do not divide") && why.contains(QString::number(r.fewer->idleChips)),
                 qPrintable(why));
    }

    void spareCubeIsKeptUnderAHighFailureRate() {
        const PlanResult r = planJob(spareCubePaysProject(), 0, {3, nullptr});
        QVERIFY(r.fewer.has_value());
        QVERIFY(r.fewer->spareUnits >= 1);
        QVERIFY(r.fewer->daysOnFewer < r.fewer->daysOnAll);
        QVERIFY2(QString::fromStdString(r.fewer->why).contains("hot spares"), r.fewer->why.c_str());
    }

    // planJob runs its searches side by side (the plan on all chips beside the screening of
    // smaller placements, then the two finalists): the plan must not depend on which finishes
    // first, and a cancel stops every one of them.
    void planIsTheSameWhenItsSearchesRunSideBySide() {
        const Project p = spareCubePaysProject();
        const PlanResult first = planJob(p, 0, {3, nullptr});
        QVERIFY(first.fewer.has_value());
        QVERIFY(!first.top.empty());
        PlanOptions allChips = exactOn(true);
        allChips.top = 3;
        QVERIFY(first.layoutsConsidered > planJob(p, 0, allChips).layoutsConsidered);
        for (int run = 0; run < 4; ++run) {
            const PlanResult again = planJob(p, 0, {3, nullptr});
            QCOMPARE(again.layoutsConsidered, first.layoutsConsidered);
            QCOMPARE(again.evaluations, first.evaluations);
            QCOMPARE(again.prunedByTime, first.prunedByTime);
            QCOMPARE(again.chips, first.chips);
            QVERIFY(again.fewer.has_value());
            QCOMPARE(again.fewer->why, first.fewer->why);
            QCOMPARE(again.top.size(), first.top.size());
            for (std::size_t i = 0; i < first.top.size(); ++i) {
                QCOMPARE(again.top[i].step.stepS, first.top[i].step.stepS);
                QCOMPARE(again.top[i].mappingText, first.top[i].mappingText);
            }
        }
        std::atomic<bool> cancel{true};
        const PlanResult cancelled = planJob(p, 0, {3, &cancel});
        QVERIFY(cancelled.cancelled);
        QCOMPARE(cancelled.evaluations, std::int64_t{0});
        QVERIFY(!cancelled.fewer.has_value());
    }

    void noFailuresNoReasonToHoldChipsBack() {
        const std::string cluster = R"({"preset": "tpu-v4-pod", "overrides": {
            "pod": {"cubes": 8, "max_slice_cubes": 8},
            "failure_rates": {"chip_per_1000_days": 0, "host_per_1000_days": 0,
              "cube_per_1000_days": 0, "ocs_per_1000_days": 0, "ici_link_per_1000_days": 0,
              "dcn_link_per_1000_days": 0, "switch_per_1000_days": 0,
              "power_row_per_1000_days": 0, "sdc_per_chip_hour": 0}}})";
        sizingtest::JobText job;
        job.placement = R"({"pod": 0, "shape": "8x8x8"})";
        job.parallelism = R"({"fsdp": 512})";
        const PlanResult r = planJob(sizingtest::project(cluster, job), 0, {3, nullptr});
        QVERIFY(!r.fewer.has_value());
        QCOMPARE(r.chips, std::int64_t{512});
    }

    void cancelStopsTheSearch() {
        const Project p = sizingtest::project(R"({"preset": "tpu-v4-pod"})");
        std::atomic<bool> cancel{true};
        PlanOptions o = exactOn(true);
        o.cancel = &cancel;
        const PlanResult r = planJob(p, 0, o);
        QVERIFY(r.cancelled);
        QCOMPARE(r.evaluations, std::int64_t{0});
    }

    // Llama 3 8B on one v4 cube, fully sharded, a 4M-token batch (8 sequences a chip): no
    // accumulation fits under selective recompute (one sequence a chip still needs more than
    // the chip's 30 GiB), so the start is full recompute with the fewest microbatches that
    // fit; the one before it in that order does not fit.
    void startingLayoutIsTheFirstThatFits() {
        Project p = readProject(R"({"format": "podplanner-project", "version": 1, "name": "s",
            "cluster": {"preset": "tpu-v4-pod"},
            "jobs": [{"name": "j", "placement": {"pod": 0, "shape": "4x4x4"},
                "model": {"layers": 32, "d_model": 4096, "heads": 32, "kv_heads": 8,
                          "head_dim": 128, "ffn": 14336, "vocab": 128256, "seq_len": 8192},
                "training": {"global_batch_tokens": 4194304, "total_tokens": 1000000000000},
                "parallelism": {"fsdp": 64}}]})");
        const auto fits = [](const Project& q) { return evaluateProject(q).jobs[0].step.fits; };
        QVERIFY(!fits(p));
        Project selectiveOneSequence = p;
        selectiveOneSequence.jobs[0].parallelism.microbatches = 8;
        QVERIFY(!fits(selectiveOneSequence));
        QVERIFY(fitStartingLayout(p, p.jobs[0]));
        QVERIFY(fits(p));
        QCOMPARE(p.jobs[0].training.recompute, std::string("full"));
        const int m = p.jobs[0].parallelism.microbatches;
        QVERIFY(m >= 1 && 8 % m == 0);
        if (m > 1) {
            Project fewer = p;
            fewer.jobs[0].parallelism.microbatches = m / 2;
            QVERIFY(!fits(fewer));
        }
        // A batch smaller than the chips cannot split at all: the job is left as it was.
        Project tiny = p;
        tiny.jobs[0].training.globalBatchTokens = 8192;
        const Job before = tiny.jobs[0];
        QVERIFY(!fitStartingLayout(tiny, tiny.jobs[0]));
        QCOMPARE(tiny.jobs[0].parallelism.microbatches, before.parallelism.microbatches);
        QCOMPARE(tiny.jobs[0].training.recompute, before.training.recompute);
    }
};

QTEST_GUILESS_MAIN(TestPlanner)
#include "tst_planner.moc"

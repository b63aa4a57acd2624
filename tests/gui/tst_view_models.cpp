// The document and item models the GUI binds to, checked without drawing.
#include "analysis/project_analysis.h"
#include "engine_tasks.h"
#include "job_list_model.h"
#include "perf/job_context.h"
#include "project/project_io.h"
#include "project_document.h"
#include "scene/chip_coloring.h"
#include "sorted_jobs_model.h"

#include <QTemporaryDir>

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

#include <array>
#include <cmath>

using namespace podplanner::views;

namespace {
const char* kIronwood = PODPLANNER_SOURCE_DIR "/resources/examples/ironwood-shared.podplanner";
const char* kNvl72 = PODPLANNER_SOURCE_DIR "/resources/examples/gb200-nvl72-405b.podplanner";

// CIELAB (D65) of an sRGB colour, and the CIE76 difference of two.
std::array<double, 3> lab(const QColor& c) {
    const auto linear = [](double v) {
        return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    const double r = linear(c.redF()), g = linear(c.greenF()), b = linear(c.blueF());
    const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    const double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    const double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    const auto f = [](double t) {
        return t > 216.0 / 24389 ? std::cbrt(t) : (24389.0 / 27 * t + 16) / 116;
    };
    return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}
double deltaE(const QColor& a, const QColor& b) {
    const auto p = lab(a), q = lab(b);
    return std::hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

bool waitForEngine(const ProjectDocument& doc) {
    return QTest::qWaitFor([&] { return !doc.engineBusy(); }, 20000);
}

QStringList cells(const QAbstractItemModel& model) {
    QStringList out;
    for (int r = 0; r < model.rowCount(); ++r)
        for (int c = 0; c < model.columnCount(); ++c)
            out << model.index(r, c).data().toString();
    return out;
}
} // namespace

class ViewModelsTest : public QObject {
    Q_OBJECT
  private slots:
    // The jobs table's order: by a number in either direction, a job without it (a plan that
    // cannot run, a chip without a price) last both ways, ties in the project's order.
    void sortedJobsKeepJobsWithoutANumberLast() {
        JobListModel jobs;
        QList<JobRow> rows(4);
        const double step[] = {2.0, 0, 1.0, 1.0};
        const double cost[] = {500, 0, -1, 100};
        for (int i = 0; i < 4; ++i) {
            rows[i].name = QStringLiteral("job %1").arg(i);
            rows[i].stepTimeS = step[i];
            rows[i].costUsd = cost[i];
        }
        rows[1].perfError = "does not fit";
        jobs.setRows(rows);
        SortedJobsModel sorted;
        QAbstractItemModelTester tester(&sorted);
        sorted.setSourceModel(&jobs);
        const auto order = [&sorted] {
            QList<int> out;
            for (int r = 0; r < sorted.rowCount(); ++r)
                out << sorted.jobAt(r);
            return out;
        };
        QCOMPARE(order(), QList<int>({0, 1, 2, 3}));
        sorted.sortByColumn("stepTime");
        QCOMPARE(order(), QList<int>({2, 3, 0, 1}));
        sorted.sortByColumn("stepTime");
        QVERIFY(sorted.descending());
        QCOMPARE(order(), QList<int>({0, 2, 3, 1}));
        sorted.sortByColumn("cost");
        QCOMPARE(order(), QList<int>({3, 0, 1, 2})); // 1: no numbers; 2: no price
        sorted.setSort("no such column", true);
        QCOMPARE(sorted.column(), QString("index"));
        QCOMPARE(order(), QList<int>({3, 2, 1, 0}));
        QCOMPARE(sorted.jobAt(7), -1);
    }

    void jobListPassesTheModelTester() {
        ProjectDocument doc;
        QAbstractItemModelTester tester(doc.jobs(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(doc.load(PODPLANNER_SOURCE_DIR "/resources/examples/ironwood-shared.podplanner"));
        QCOMPARE(doc.jobs()->rowCount(), 3);
        const QModelIndex first = doc.jobs()->index(0);
        QCOMPARE(first.data(JobListModel::NameRole).toString(), QString("dense-70b"));
        QCOMPARE(first.data(JobListModel::ShapeRole).toString(), QString("8x16x16"));
        QCOMPARE(first.data(JobListModel::WraparoundRole).toString(), QString("x y z"));
        QCOMPARE(first.data(JobListModel::ChipsRole).toLongLong(), 2048LL);
        // The performance engine's numbers for the row.
        QVERIFY(first.data(JobListModel::StepTimeRole).toDouble() > 0);
        const double mfu = first.data(JobListModel::MfuRole).toDouble();
        QVERIFY(mfu > 0 && mfu < 1);
        // Usable HBM: the chip's 192 GiB less the allocator's reserve.
        QCOMPARE(first.data(JobListModel::HbmCapacityRole).toDouble(),
                 192.0 * (1 - podplanner::model::perf::kHbmReserveFraction));
        QVERIFY(first.data(JobListModel::PerfErrorRole).toString().isEmpty());
        const double goodput = first.data(JobListModel::GoodputRole).toDouble();
        QVERIFY(goodput > 0.5 && goodput < 1);
        QVERIFY(doc.load(PODPLANNER_SOURCE_DIR "/resources/examples/h100-cluster-70b.podplanner"));
        QCOMPARE(doc.jobs()->rowCount(), 1);
        QCOMPARE(doc.jobs()->index(0).data(JobListModel::ShapeRole).toString(),
                 QString("512 nodes"));
    }

    void badFileKeepsTheCurrentProject() {
        ProjectDocument doc;
        QVERIFY(doc.load(
            QUrl::fromLocalFile(PODPLANNER_SOURCE_DIR "/resources/examples/v4-pod-gpt3.podplanner")
                .toString()));
        QSignalSpy changed(&doc, &ProjectDocument::projectChanged);
        QVERIFY(!doc.load(PODPLANNER_SOURCE_DIR "/tests/data/bad/jobs-overlap.json"));
        QCOMPARE(changed.count(), 0);
        QCOMPARE(doc.projectName(), QString("GPT-3 175B on 48 cubes of a TPU v4 pod"));
        QVERIFY(doc.errorText().contains("/jobs/1/placement/cubes/0"));
        QCOMPARE(doc.counts().value("chips").toLongLong(), 4096LL);
        QCOMPARE(doc.counts().value("ocs").toLongLong(), 48LL);
        doc.clearError();
        QVERIFY(doc.errorText().isEmpty());
    }

    // Every file of the bad-input corpus: the document shows the exact error the CLI gives and
    // keeps the project it had.
    void badCorpusErrorsInTheDocument_data() {
        QTest::addColumn<QString>("file");
        const QDir dir(PODPLANNER_SOURCE_DIR "/tests/data/bad");
        for (const auto& f : dir.entryList({"*.json"}, QDir::Files))
            QTest::newRow(f.toUtf8()) << dir.filePath(f);
    }
    void badCorpusErrorsInTheDocument() {
        QFETCH(QString, file);
        ProjectDocument doc;
        QVERIFY(doc.load(PODPLANNER_SOURCE_DIR "/resources/examples/ironwood-shared.podplanner"));
        QVERIFY(!doc.load(file));
        QString expectedPath = file;
        expectedPath.replace(QRegularExpression("\\.json$"), ".expected");
        QFile expected(expectedPath);
        QVERIFY(expected.open(QIODevice::ReadOnly));
        QCOMPARE(doc.errorText(), file + ": " + QString::fromUtf8(expected.readAll()).trimmed());
        QCOMPARE(doc.projectName(), QString("Three training jobs sharing one Ironwood pod"));
        QCOMPARE(doc.jobs()->rowCount(), 3);
    }

    void everyModelPassesTheTesterThroughEdits() {
        ProjectDocument doc;
        using Mode = QAbstractItemModelTester::FailureReportingMode;
        QAbstractItemModelTester jobs(doc.jobs(), Mode::QtTest);
        QAbstractItemModelTester collectives(doc.collectives(), Mode::QtTest);
        QAbstractItemModelTester tree(doc.tree(), Mode::QtTest);
        QVERIFY(doc.load(kIronwood));
        QVERIFY(doc.collectives()->rowCount() > 0);
        QCOMPARE(doc.tree()->rowCount(), 2); // the cluster and the jobs
        QVERIFY(doc.addJob("llama3-8b", "4x4x4"));
        QVERIFY(waitForEngine(doc));
        QCOMPARE(doc.jobs()->rowCount(), 4);
        QCOMPARE(doc.selectedJob(), 3);
        QVERIFY(doc.removeJob(3));
        QVERIFY(waitForEngine(doc));
        QCOMPARE(doc.jobs()->rowCount(), 3);
        doc.setSelectedJob(1);
        QVERIFY(doc.setMeshAxis(1, "tp", 8));
        QVERIFY(waitForEngine(doc));
        doc.undo();
        QVERIFY(waitForEngine(doc));
    }

    void meshAxisEditRerunsTheEnginesAndUndoes() {
        ProjectDocument doc;
        QVERIFY(doc.load(kIronwood));
        const double step = doc.dashboard().value("stepS").toDouble();
        const QStringList before = cells(*doc.collectives());
        QVERIFY(doc.setMeshAxis(0, "tp", 16));
        QVERIFY(doc.engineBusy() || doc.dashboard().value("stepS").toDouble() != step);
        QVERIFY(waitForEngine(doc));
        const QVariantMap settings = doc.jobSettings();
        QCOMPARE(settings.value("tp").toInt(), 16);
        QCOMPARE(settings.value("fsdp").toInt(), 128); // dp is 1, so fsdp gave way
        QCOMPARE(settings.value("meshSize").toLongLong(), 2048LL);
        QVERIFY(doc.dashboard().value("stepS").toDouble() != step);
        QVERIFY(cells(*doc.collectives()) != before);
        QVERIFY(doc.modified());
        QCOMPARE(doc.undoText(), QString("Set tp of dense-70b to 16"));
        doc.undo();
        QVERIFY(waitForEngine(doc));
        QCOMPARE(doc.dashboard().value("stepS").toDouble(), step);
        QCOMPARE(cells(*doc.collectives()), before);
        QVERIFY(!doc.modified());
    }

    void quickEditsCoalesceAndTheLastOneWins() {
        ProjectDocument doc;
        QVERIFY(doc.load(kIronwood));
        QSignalSpy analyses(&doc, &ProjectDocument::analysisChanged);
        // Held down: 8 -> 16 -> 32 -> 64 in a row, one undo step, the newest analysis shown.
        for (int tp : {16, 32, 64})
            QVERIFY(doc.setMeshAxis(0, "tp", tp));
        QVERIFY(waitForEngine(doc));
        QVERIFY(analyses.size() <= 3);
        QCOMPARE(doc.jobSettings().value("tp").toInt(), 64);
        const auto direct = podplanner::model::analyzeProject(*doc.project(), {});
        QCOMPARE(doc.dashboard().value("stepS").toDouble(), direct.performance.jobs[0].step.stepS);
        doc.undo();
        QCOMPARE(doc.jobSettings().value("tp").toInt(), 8);
        QVERIFY(!doc.canUndo());
    }

    void failuresAreUndoableAndChangeGoodput() {
        ProjectDocument doc;
        QVERIFY(doc.load(kIronwood));
        const double healthy = doc.dashboard().value("goodput").toDouble();
        doc.setComponentFailed("powerRow", 0, true);
        QVERIFY(waitForEngine(doc));
        QCOMPARE(doc.failures().size(), 1);
        QVERIFY(doc.dashboard().value("goodput").toDouble() < healthy);
        QVERIFY(!doc.modified()); // what-if failures are not part of the saved plan
        doc.undo();
        QVERIFY(waitForEngine(doc));
        QCOMPARE(doc.failures().size(), 0);
        QCOMPARE(doc.dashboard().value("goodput").toDouble(), healthy);
    }

    // NVL72: a failed compute tray of the job swaps onto a spare tray of its own rack, and the
    // dashboard's state says so.
    void nvl72TrayFailureSwapsOntoTheRacksSpareTray() {
        ProjectDocument doc;
        QVERIFY(doc.load(kNvl72));
        const auto a = doc.analysis();
        const auto chip = a->topology->chipsOf(a->placements[0].slices.front()).front();
        doc.setComponentFailed("host", a->topology->locate(chip).host, true);
        QVERIFY(waitForEngine(doc));
        QCOMPARE(doc.dashboard().value("state").toString(), QString("recovering on a spare"));
        const QString reasons = doc.dashboard().value("stateReasons").toStringList().join(' ');
        QVERIFY2(reasons.contains("spare host of the same node"), qPrintable(reasons));
        QCOMPARE(doc.analysis()->whatIf[0].spareHostsUsed, 1);
        QCOMPARE(doc.analysis()->whatIf[0].sparesUsed, 0);
    }

    // A host (a tray of chips) and one OCS switch fail like any part: labelled, undoable, and
    // the job they carry is hit.
    void hostAndOcsFailuresHitTheirJob() {
        ProjectDocument doc;
        QVERIFY(doc.load(kIronwood));
        const auto a = doc.analysis();
        const auto chip = a->topology->chipsOf(a->placements[0].slices.front()).front();
        const qint64 host = a->topology->locate(chip).host;
        const double healthy = doc.dashboard().value("goodput").toDouble();
        doc.setComponentFailed("host", host, true);
        QVERIFY(waitForEngine(doc));
        QCOMPARE(doc.failures().first().toMap().value("label").toString(),
                 QString("Host %1").arg(host));
        QVERIFY(doc.isComponentFailed("host", host));
        QVERIFY(!doc.analysis()->topology->isChipAlive(chip));
        QVERIFY(doc.dashboard().value("goodput").toDouble() < healthy);
        doc.undo();
        QVERIFY(waitForEngine(doc));
        // The OCS racks hold the switches; the first healthy one of a rack is offered.
        int ocsRack = -1;
        const auto& racks = doc.analysis()->topology->floor().racks;
        for (std::size_t r = 0; r < racks.size() && ocsRack < 0; ++r)
            if (racks[r].kind == podplanner::model::RackKind::Ocs)
                ocsRack = static_cast<int>(r);
        QVERIFY(ocsRack >= 0);
        const qint64 ocs = doc.healthyOcsOfRack(ocsRack);
        QCOMPARE(ocs, qint64{0});
        doc.setComponentFailed("ocs", ocs, true);
        QVERIFY(waitForEngine(doc));
        QCOMPARE(doc.healthyOcsOfRack(ocsRack), qint64{1});
        QVERIFY(
            doc.failures().first().toMap().value("label").toString().startsWith("OCS 0 of pod 0"));
        // One name per part everywhere: the undo entry keeps the acronym, the context menu and
        // the failures list say the same.
        QCOMPARE(doc.undoText(), QString("Fail OCS 0 of pod 0"));
        QCOMPARE(doc.componentName("ocs", ocs), QString("OCS 0 of pod 0"));
        QCOMPARE(doc.componentName("rack", ocsRack), QString("OCS rack 0 of pod 0"));
        QCOMPARE(doc.componentName("host", host), QString("host %1").arg(host));
        QCOMPARE(doc.componentName("rack", -5), QString());
        // Its optical links are gone: no cube can be swapped in through the switches left.
        QCOMPARE(doc.dashboard().value("state").toString(), QString("waiting for repair"));
        doc.setComponentFailed("ocs", 1'000'000, true); // no such switch: nothing happens
        QCOMPARE(doc.failures().size(), 1);
        QVERIFY(doc.healthyOcsOfRack(0) < 0); // not an OCS rack
    }

    // One link of a chip, failed from the list the context menu shows: the job's slice is
    // broken (an ICI ring cut) and the list says it is failed.
    void failingOneLinkOfAChip() {
        ProjectDocument doc;
        QVERIFY(doc.load(kIronwood));
        const auto a = doc.analysis();
        const qint64 chip = a->topology->chipsOf(a->placements[0].slices.front()).front();
        const QVariantList links = doc.linksOfChip(chip);
        QVERIFY(links.size() >= 6); // six torus neighbours, and the host link
        qint64 ici = -1;
        for (const QVariant& l : links)
            if (ici < 0 && l.toMap().value("label").toString().startsWith("ici"))
                ici = l.toMap().value("index").toLongLong();
        QVERIFY(ici >= 0);
        doc.setComponentFailed("link", ici, true);
        QVERIFY(waitForEngine(doc));
        QCOMPARE(doc.dashboard().value("state").toString(), QString("recovering on a spare"));
        QCOMPARE(doc.failures().size(), 1);
        QVERIFY(doc.failures().first().toMap().value("label").toString().contains(
            QString("chip %1").arg(chip)));
        bool listedFailed = false;
        for (const QVariant& l : doc.linksOfChip(chip))
            listedFailed = listedFailed || (l.toMap().value("index").toLongLong() == ici &&
                                            l.toMap().value("failed").toBool());
        QVERIFY(listedFailed);
        doc.undo();
        QVERIFY(waitForEngine(doc));
        QCOMPARE(doc.failures().size(), 0);
        QVERIFY(doc.linksOfChip(-1).isEmpty());
    }

    // Mapping edits: tp moved from x to y changes the mapping the engine uses; a mapping that
    // cannot be laid out is refused with the reason; undo restores.
    void mappingEditsAreCheckedAndUndoable() {
        ProjectDocument doc;
        QVERIFY(doc.load(kIronwood));
        QCOMPARE(doc.jobSettings().value("mapping").toMap().value("tp").toStringList(),
                 QStringList{"x"});
        QVERIFY(doc.jobSettings().value("physicalAxes").toStringList().contains("x(8)"));
        QVERIFY(doc.setMeshMapping(0, "tp", {"y"})); // fsdp's y z no longer fit: made automatic
        QVERIFY(doc.undoText().contains("the other axes automatically"));
        QVERIFY(waitForEngine(doc));
        QVERIFY(doc.dashboard().value("mapping").toString().contains("tp: y(8)"));
        QVERIFY(!doc.setMeshMapping(0, "tp", {"wan"}));
        QVERIFY2(doc.errorText().contains("/jobs/0/parallelism/mapping"),
                 qPrintable(doc.errorText()));
        QVERIFY(doc.clearMeshMapping(0));
        QVERIFY(waitForEngine(doc));
        QVERIFY(!doc.jobSettings().value("userMapping").toBool());
        doc.undo();
        doc.undo();
        QVERIFY(waitForEngine(doc));
        QCOMPARE(doc.jobSettings().value("mapping").toMap().value("tp").toStringList(),
                 QStringList{"x"});
        QVERIFY(!doc.modified());
    }

    // Cubes picked in the scene become the job's placement; the wrong number of cubes, or cubes
    // another job holds, are refused with the placement's reason.
    void placingAJobOnPickedCubes() {
        ProjectDocument doc;
        QVERIFY(doc.load(kIronwood));
        const auto& floor = doc.analysis()->topology->floor();
        const int first = floor.firstChipRackOfPod[0];
        QVERIFY(doc.placeOnCubes(2, {first + 100, first + 101}));
        QVERIFY(waitForEngine(doc));
        const auto a = doc.analysis();
        const auto chips = a->topology->chipsOf(a->placements[2].slices.front());
        QCOMPARE(a->topology->locate(chips.front()).rack, first + 100);
        QCOMPARE(a->chipOwner[static_cast<std::size_t>(chips.front())], 2);
        QVERIFY(!doc.placeOnCubes(2, {first + 100, first + 101, first + 102}));
        QVERIFY(doc.errorText().contains("/jobs/2/placement"));
        QVERIFY(!doc.placeOnCubes(2, {first + 0, first + 1})); // dense-70b's cubes
        QVERIFY(doc.errorText().contains("/jobs/2/placement"));
        doc.undo();
        QVERIFY(waitForEngine(doc));
        QVERIFY(!doc.modified());
    }

    // Cubes picked in the scene become a job's own hot spares (shown in its settings and drawn
    // in its light shade); cubes another job runs on are refused; a count edit frees them.
    void pickedCubesBecomeAJobsSpares() {
        ProjectDocument doc;
        QVERIFY(doc.load(kIronwood));
        const int first = doc.analysis()->topology->floor().firstChipRackOfPod[0];
        QVERIFY(doc.setSpareCubes(0, {first + 101, first + 100}));
        QVERIFY(waitForEngine(doc));
        QCOMPARE(doc.jobSettings().value("spareCubes").toList(), (QVariantList{100, 101}));
        QCOMPARE(doc.jobSettings().value("hotSpares").toInt(), 2);
        QCOMPARE(doc.analysis()->placements[0].spareCubes, (std::vector<int>{100, 101}));
        QVERIFY(!doc.setSpareCubes(1, {first + 140})); // the small job runs there
        QVERIFY2(doc.errorText().contains("/jobs/2/placement/cubes/0"),
                 qPrintable(doc.errorText()));
        QVERIFY(doc.setHotSpares(0, 3));
        QVERIFY(doc.jobSettings().value("spareCubes").toList().isEmpty());
        doc.undo();
        doc.undo();
        QVERIFY(waitForEngine(doc));
        QVERIFY(!doc.modified());
    }

    // A job of a model given by hand: checked by the project file's rules, with the field named.
    void addAJobByHand() {
        ProjectDocument doc;
        QVERIFY(doc.load(kIronwood));
        const QVariantMap dims{{"layers", 24}, {"d_model", 2048}, {"heads", 16},    {"kv_heads", 4},
                               {"ffn", 8192},  {"vocab", 32000},  {"seq_len", 4096}};
        QVERIFY(doc.addCustomJob(dims, "4x4x4"));
        QVERIFY(waitForEngine(doc));
        QCOMPARE(doc.jobs()->rowCount(), 4);
        QCOMPARE(doc.selectedJob(), 3);
        QCOMPARE(doc.project()->jobs[3].model.headDim, 128);
        QVERIFY(doc.dashboard().value("stepS").toDouble() > 0);
        QVariantMap bad = dims;
        bad["kv_heads"] = 5; // does not divide 16 heads
        QVERIFY(!doc.addCustomJob(bad, "4x4x4"));
        QVERIFY2(doc.errorText().contains("/jobs/4/model/kv_heads"), qPrintable(doc.errorText()));
        QCOMPARE(doc.jobs()->rowCount(), 4);
        doc.undo();
        QVERIFY(waitForEngine(doc));
        QCOMPARE(doc.jobs()->rowCount(), 3);
    }

    // A planned maintenance window costs goodput and shows in the job's settings; removing it
    // gives the goodput back; bad windows are refused.
    void maintenanceWindowsCostGoodput() {
        ProjectDocument doc;
        QVERIFY(doc.load(kIronwood));
        const double before = doc.dashboard().value("goodputHealthy").toDouble();
        QVERIFY(doc.addMaintenance(0, 0, 7, 8, "drain"));
        QVERIFY(waitForEngine(doc));
        const QVariantList windows = doc.jobSettings().value("maintenance").toList();
        QCOMPARE(windows.size(), 1);
        QCOMPARE(windows.first().toMap().value("durationH").toDouble(), 8.0);
        const double drained = doc.dashboard().value("goodputHealthy").toDouble();
        QVERIFY2(drained < before - 0.01, qPrintable(QString("%1 %2").arg(before).arg(drained)));
        QVERIFY(!doc.addMaintenance(0, 0, 1, 30, "drain"));  // longer than its period
        QVERIFY(!doc.addMaintenance(0, 999, 7, 8, "drain")); // no such power row
        QVERIFY(!doc.addMaintenance(0, 0, 7, 8, "pause"));
        QVERIFY(doc.removeMaintenance(0, 0));
        QVERIFY(waitForEngine(doc));
        QCOMPARE(doc.dashboard().value("goodputHealthy").toDouble(), before);
        QVERIFY(!doc.removeMaintenance(0, 0));
    }

    void overlappingPlacementIsRefusedWithTheReason() {
        ProjectDocument doc;
        QVERIFY(doc.load(kIronwood));
        QVERIFY(!doc.setSliceShape(2, "24x24x16")); // the whole pod: more than is free
        // Said in the user's terms: what the size needs, what is free, who holds the rest.
        QCOMPARE(doc.errorText(),
                 QString("Place small-8b-ablation on 24x24x16 was refused: 24x24x16 needs 144 "
                         "cubes; 96 are free in pod 0 (dense-70b holds 32, moe-experiment "
                         "holds 16)"));
        QVERIFY(!doc.canUndo());
        // Growing the first job into the cubes a later job placed by hand names that job too.
        QVERIFY(!doc.setSliceShape(0, "16x16x32"));
        QVERIFY2(doc.errorText().endsWith("16x16x32 needs 128 cubes; 126 are free in pod 0 "
                                          "(moe-experiment holds 16, small-8b-ablation holds 2)"),
                 qPrintable(doc.errorText()));
        QVERIFY(!doc.setSliceShape(0, "4x4x"));
        QVERIFY(doc.errorText().contains("4x4x"));
    }

    void resizingKeepsAHandMadeMappingThatStillFitsElseSaysSo() {
        // Issue 17 item 5: a size edit never drops a hand-made mapping silently.
        ProjectDocument doc;
        QVERIFY(doc.load(kIronwood));
        const auto mapping = [&] { return doc.jobSettings().value("mapping").toMap(); };
        QVERIFY(!mapping().isEmpty());
        // 8x8x16: tp 8 still on x, fsdp 128 on y z: the hand-made mapping stays, quietly.
        QVERIFY(doc.setSliceShape(0, "8x8x16"));
        QVERIFY(!mapping().isEmpty());
        QVERIFY(doc.noticeText().isEmpty());
        // 16x16x16: tp 8 cannot fill x (16), so the automatic mapping replaces it, and says so.
        QVERIFY(doc.setSliceShape(0, "16x16x16"));
        QVERIFY(mapping().isEmpty());
        QCOMPARE(doc.noticeText(),
                 QString("The hand-made mapping of dense-70b does not fit 16x16x16, so the "
                         "automatic mapping replaces it. Undo brings it back."));
        doc.undo();
        QVERIFY(!mapping().isEmpty());
        QVERIFY(doc.noticeText().isEmpty()); // it told of the edit undone
        QVERIFY(doc.setMeshAxis(0, "tp", 16));
        QVERIFY(!doc.noticeText().isEmpty());
        QVERIFY(doc.setHotSpares(0, 1)); // the next edit clears it too
        QVERIFY(doc.noticeText().isEmpty());
        doc.undo();
        doc.undo();
        // A mesh axis the mapping cannot hold: tp 16 on x, which has 8 chips.
        QVERIFY(doc.setMeshAxis(0, "tp", 16));
        QVERIFY(mapping().isEmpty());
        QVERIFY2(doc.noticeText().contains("does not fit tp 16"), qPrintable(doc.noticeText()));
        // ... and which axis gave way for it (issue 17 item 3).
        QVERIFY2(doc.noticeText().endsWith("Setting tp to 16 also changed fsdp from 128 to 64, so "
                                           "that the mesh still covers the job's 1024 chips."),
                 qPrintable(doc.noticeText()));
    }

    void saveAndLoadRoundTripThroughTheDocument() {
        QTemporaryDir dir;
        ProjectDocument doc;
        QVERIFY(doc.load(kIronwood));
        QVERIFY(doc.setMeshAxis(0, "tp", 16));
        QVERIFY(doc.setHotSpares(0, 4));
        const QString path = dir.filePath("edited"); // the extension is added
        QVERIFY(doc.saveAs(path));
        QCOMPARE(doc.filePath(), dir.filePath("edited.podplanner"));
        QVERIFY(!doc.modified());
        QCOMPARE(doc.displayName(), QString("edited.podplanner"));
        ProjectDocument reopened;
        QVERIFY(reopened.load(doc.filePath()));
        QCOMPARE(reopened.jobSettings().value("tp").toInt(), 16);
        QCOMPARE(reopened.jobSettings().value("hotSpares").toInt(), 4);
        QCOMPARE(reopened.projectText(), doc.projectText());
        // Undo after saving marks the document modified again.
        doc.undo();
        QVERIFY(doc.modified());
    }

    // Ironwood has no public price: setting one (and a power) gives every job a cost and the
    // dashboard's energy, says where the figure came from, is one undo step, survives a save,
    // and an absurd value is refused with the range.
    void chipPriceAndPowerGiveCostAndEnergy() {
        QTemporaryDir dir;
        ProjectDocument doc;
        QVERIFY(doc.load(kIronwood));
        QVERIFY(waitForEngine(doc));
        const auto cost = [&doc](int job) {
            return doc.jobs()->index(job).data(JobListModel::CostRole).toDouble();
        };
        QCOMPARE(cost(0), -1.0);
        QCOMPARE(doc.chipEconomics().value("priceUsdPerHour").toDouble(), 0.0);
        QVERIFY(doc.setChipEconomics(3.5, 1200));
        QVERIFY(waitForEngine(doc));
        QVERIFY(cost(0) > 0);
        // chips x price x time to train: 2,048 chips at $3.50 an hour.
        const double days = doc.jobs()->index(0).data(JobListModel::TimeToTrainRole).toDouble();
        QVERIFY2(std::abs(cost(0) - 2048 * 3.5 * 24 * days) < 1e-6 * cost(0),
                 qPrintable(QString::number(cost(0))));
        QVERIFY(doc.dashboard().value("energyMwh").toDouble() > 0);
        QCOMPARE(doc.chipEconomics().value("priceSource").toString(),
                 QString("set in this project"));
        QCOMPARE(doc.undoText(),
                 QString("Set Google TPU Ironwood (TPU7x) to $3.50 per chip-hour and 1200 W"));
        const QString path = dir.filePath("priced.podplanner");
        QVERIFY(doc.saveAs(path));
        ProjectDocument reopened;
        QVERIFY(reopened.load(path));
        QCOMPARE(reopened.chipEconomics().value("priceUsdPerHour").toDouble(), 3.5);
        QCOMPARE(reopened.chipEconomics().value("powerW").toDouble(), 1200.0);
        doc.undo();
        QVERIFY(waitForEngine(doc));
        QCOMPARE(cost(0), -1.0);
        QVERIFY(!doc.setChipEconomics(-1, 0));
        QVERIFY2(doc.errorText().contains("from $0"), qPrintable(doc.errorText()));
        // Ironwood has no measured curve under power caps: a cap is refused, and said why.
        QVERIFY(doc.chipEconomics().value("powerLimitRange").toString().isEmpty());
        QVERIFY(!doc.setChipEconomics(0, 0, 500));
        QVERIFY2(doc.errorText().contains("throughput_at_power_limit"),
                 qPrintable(doc.errorText()));
    }

    // H100 has a measured curve: a 500 W cap slows the step, lowers the energy per step, is one
    // undo step with its own source, and survives a save.
    void powerCapSlowsTheJobAndIsUndone() {
        QTemporaryDir dir;
        ProjectDocument doc;
        QVERIFY(doc.load(PODPLANNER_SOURCE_DIR "/resources/examples/h100-cluster-70b.podplanner"));
        QVERIFY(waitForEngine(doc));
        QCOMPARE(doc.chipEconomics().value("powerLimitRange").toString(), QString("400–700 W"));
        const auto step = [&doc] {
            return doc.jobs()->index(0).data(JobListModel::StepTimeRole).toDouble();
        };
        const double uncapped = step();
        const double power = doc.chipEconomics().value("powerW").toDouble();
        QVERIFY(doc.setChipEconomics(0, power, 500));
        QVERIFY(waitForEngine(doc));
        QVERIFY2(step() > 1.05 * uncapped, qPrintable(QString::number(step() / uncapped)));
        QCOMPARE(doc.chipEconomics().value("powerLimitSource").toString(),
                 QString("set in this project"));
        QCOMPARE(doc.undoText(), QString("Set NVIDIA H100 SXM to $0.00 per chip-hour and 700 W, "
                                         "capped at 500 W"));
        const QString path = dir.filePath("capped.podplanner");
        QVERIFY(doc.saveAs(path));
        ProjectDocument reopened;
        QVERIFY(reopened.load(path));
        QCOMPARE(reopened.chipEconomics().value("powerLimitW").toDouble(), 500.0);
        // Below the lowest measured cap there is nothing to price it by.
        QVERIFY(!doc.setChipEconomics(0, power, 300));
        QVERIFY2(doc.errorText().contains("at least 400 W"), qPrintable(doc.errorText()));
        doc.undo();
        QVERIFY(waitForEngine(doc));
        QCOMPARE(step(), uncapped);
    }

    // Compare: the selected job's numbers pinned; after an edit each says how it changed and
    // whether that is better; another job has no comparison; clearing ends it.
    void baselineComparesTheNumbersAfterAnEdit() {
        ProjectDocument doc;
        QVERIFY(doc.load(kIronwood));
        QVERIFY(waitForEngine(doc));
        QVERIFY(doc.comparison().isEmpty());
        doc.pinBaseline();
        QCOMPARE(doc.baseline().value("job").toInt(), 0);
        QCOMPARE(doc.comparison().value("stepS").toMap().value("change").toString(),
                 QString("same"));
        const double before = doc.dashboard().value("stepS").toDouble();
        QVERIFY(doc.setMeshAxis(0, "tp", 16));
        QVERIFY(waitForEngine(doc));
        const double after = doc.dashboard().value("stepS").toDouble();
        QVERIFY(after != before);
        const QVariantMap step = doc.comparison().value("stepS").toMap();
        QCOMPARE(step.value("better").toBool(), after < before);
        QVERIFY2(step.value("change").toString().startsWith(after > before ? "+" : "−"),
                 qPrintable(step.value("change").toString()));
        QVERIFY(step.value("change").toString().contains("%)"));
        const QVariantMap mfu = doc.comparison().value("mfu").toMap();
        QVERIFY(mfu.value("change").toString().endsWith(" points"));
        QCOMPARE(mfu.value("better").toBool(),
                 doc.dashboard().value("mfu").toDouble() > doc.baseline().value("mfu").toDouble());
        QVERIFY(doc.comparison().value("rows").toList().size() >= 6);
        doc.setSelectedJob(1);
        QVERIFY(doc.comparison().isEmpty());
        doc.setSelectedJob(0);
        doc.clearBaseline();
        QVERIFY(doc.comparison().isEmpty());
    }

    void aFailedSaveKeepsTheEditsAndSaysWhy() {
        ProjectDocument doc;
        QVERIFY(doc.load(kIronwood));
        QVERIFY(doc.setMeshAxis(0, "tp", 16));
        QVERIFY(!doc.saveAs("/proc/podplanner-cannot-write-here.podplanner"));
        QVERIFY(doc.errorText().startsWith("Could not save"));
        QVERIFY(doc.modified());
        QCOMPARE(doc.jobSettings().value("tp").toInt(), 16);
    }

    void newProjectFromPresets() {
        ProjectDocument doc;
        QVERIFY(doc.newProject("tpu-v4-pod", "llama3-8b"));
        QVERIFY(waitForEngine(doc));
        QCOMPARE(doc.displayName(), QString("Untitled"));
        QVERIFY(doc.modified());
        QCOMPARE(doc.jobs()->rowCount(), 1);
        QCOMPARE(doc.jobSettings().value("chips").toLongLong(), 64LL);
        QVERIFY(doc.dashboard().value("valid").toBool());
        QVERIFY(!doc.newProject("no-such-cluster", "llama3-8b"));
        QVERIFY(doc.errorText().contains("no-such-cluster"));
        QCOMPARE(doc.jobs()->rowCount(), 1); // the project before stays
    }

    // A new job sets no checkpoint write time: the badput chart says checkpoints are taken as
    // free (every step, 0%) and how to change that; a job with a write time gets its interval.
    void badputSaysWhyCheckpointsCostWhatTheyCost() {
        ProjectDocument fresh;
        QVERIFY(fresh.newProject("tpu-v4-pod", "llama3-8b"));
        QVERIFY(waitForEngine(fresh));
        const QVariantMap freeCkpt = fresh.dashboard().value("badput").toList().at(0).toMap();
        QCOMPARE(freeCkpt.value("label").toString(), QString("Checkpoints"));
        QCOMPARE(freeCkpt.value("value").toDouble(), 0.0);
        QVERIFY2(freeCkpt.value("why").toString().startsWith("No checkpoint write time is set"),
                 qPrintable(freeCkpt.value("why").toString()));
        const QVariantMap lost = fresh.dashboard().value("badput").toList().at(1).toMap();
        QVERIFY(lost.value("why").toString().contains("only the step in flight"));

        ProjectDocument doc;
        QVERIFY(doc.load(kIronwood));
        QVERIFY(waitForEngine(doc));
        const QVariantMap ckpt = doc.dashboard().value("badput").toList().at(0).toMap();
        QVERIFY(ckpt.value("value").toDouble() > 0);
        QVERIFY2(ckpt.value("why").toString().startsWith("A blocking write of"),
                 qPrintable(ckpt.value("why").toString()));
        for (const QVariant& part : doc.dashboard().value("badput").toList())
            QVERIFY(!part.toMap().value("why").toString().isEmpty());
    }

    void monteCarloAndPlanRunWithProgressAndCancel() {
        ProjectDocument doc;
        QVERIFY(doc.load(kIronwood));
        SimulationTask simulation;
        QVERIFY(simulation.start(&doc, 0, 400, 20));
        QVERIFY(simulation.waitForFinished(30000));
        const QVariantMap result = simulation.result().toMap();
        QCOMPARE(result.value("days").toList().size(), 20);
        const double median = result.value("p50").toList().last().toDouble();
        QVERIFY(median > 0.5 && median <= 1);
        QVERIFY(std::abs(result.value("median").toDouble() - median) < 0.02);
        // Cancelled at once: no result, and it says so.
        SimulationTask cancelled;
        QVERIFY(cancelled.start(&doc, 0, 200000, 365));
        cancelled.cancel();
        QVERIFY(cancelled.waitForFinished(30000));
        QVERIFY(cancelled.cancelled());
        PlanTask plan;
        QVERIFY(plan.start(&doc, 2, 3));
        QVERIFY(plan.waitForFinished(60000));
        const auto candidates = plan.result().toMap().value("candidates").toList();
        QVERIFY(!candidates.isEmpty());
        QVERIFY(doc.applyLayout(2, candidates.front().toMap()));
        QVERIFY(waitForEngine(doc));
        QVERIFY(doc.dashboard().value("valid").toBool() || doc.engineError().isEmpty());
    }

    void jobColorsAreDistinct() {
        QSet<QRgb> seen;
        for (int i = 0; i < 12; ++i)
            seen.insert(JobListModel::jobColor(i).rgb());
        QCOMPARE(seen.size(), 12);
    }

    // Job colours keep clear of the status colours and of each other, by CIE76 colour
    // difference (about 2.3 is just noticeable; 20 and more reads as another colour).
    void jobColorsNeverLookLikeAStatus() {
        using podplanner::views::ChipColoring;
        for (int i = 0; i < 10; ++i) {
            const QColor job = JobListModel::jobColor(i);
            for (const QColor& status :
                 {ChipColoring::kFailed, ChipColoring::kFree, ChipColoring::kOcs})
                QVERIFY2(deltaE(job, status) > 25, qPrintable(QString("job %1 %2 vs %3: %4")
                                                                  .arg(i)
                                                                  .arg(job.name(), status.name())
                                                                  .arg(deltaE(job, status))));
            for (int j = 0; j < i; ++j)
                QVERIFY2(deltaE(job, JobListModel::jobColor(j)) > 15,
                         qPrintable(QString("jobs %1 and %2").arg(j).arg(i)));
        }
    }

    // The utilization ramp grows lighter as links get busier (a perceptual ramp), and its ends
    // are neither the wraparound orange nor the failed red.
    void utilizationRampIsPerceptualAndApart() {
        using podplanner::views::ChipColoring;
        double lightness = -1;
        for (int i = 0; i <= 20; ++i) {
            const double l = lab(ChipColoring::utilizationColor(i / 20.0))[0];
            QVERIFY2(l > lightness, qPrintable(QString::number(i)));
            lightness = l;
        }
        for (double end : {0.0, 1.0}) {
            const QColor c = ChipColoring::utilizationColor(end);
            QVERIFY(deltaE(c, ChipColoring::kWraparound) > 25);
            QVERIFY(deltaE(c, ChipColoring::kFailed) > 25);
        }
    }
};

QTEST_GUILESS_MAIN(ViewModelsTest)
#include "tst_view_models.moc"

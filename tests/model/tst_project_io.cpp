// Project files: golden round trips of the bundled examples and a corpus of bad files, each
// with the exact error it must give (tests/data/bad/NAME.json -> NAME.expected).
#include "cluster/cluster_json.h"
#include "core/input_error.h"
#include "project/placement.h"
#include "project/project_io.h"

#include <QtTest>

using namespace podplanner::model;

namespace {
QString sourcePath(const QString& relative) {
    return QStringLiteral(PODPLANNER_SOURCE_DIR "/") + relative;
}
// Decoded by Qt's own UTF-8 decoder, not the escaping under test.
bool isValidUtf8(const QByteArray& bytes) {
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString text = decoder(bytes);
    return !decoder.hasError();
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}
} // namespace

class ProjectIoTest : public QObject {
    Q_OBJECT
  private slots:
    void examplesRoundTripByteForByte_data() {
        QTest::addColumn<QString>("path");
        const QDir dir(sourcePath("resources/examples"));
        const auto files = dir.entryList({"*.podplanner"}, QDir::Files);
        QVERIFY(files.size() >= 3);
        for (const auto& f : files)
            QTest::newRow(f.toUtf8()) << dir.filePath(f);
    }
    void examplesRoundTripByteForByte() {
        QFETCH(QString, path);
        const QByteArray original = readAll(path);
        const Project p = loadProjectFile(path.toStdString());
        const std::string saved = writeProject(p);
        QCOMPARE(QByteArray::fromStdString(saved), original);
        // And once more through a file written atomically.
        QTemporaryDir tmp;
        const QString copy = tmp.filePath("copy.podplanner");
        saveProjectFile(p, copy.toStdString());
        QCOMPARE(readAll(copy), original);
        QCOMPARE(QDir(tmp.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
    }

    // A job's own spare cubes are written back, and the placement keeps other slices off them.
    void spareCubesRoundTripAndAreHeld() {
        const Project p = loadProjectFile(
            sourcePath("resources/examples/ironwood-shared.podplanner").toStdString());
        Project q = p;
        q.jobs[1].reliability.spareCubes = {100, 101};
        q.jobs[1].reliability.hotSpareCubes = 2;
        const Project again = readProject(writeProject(q));
        QCOMPARE(again.jobs[1].reliability.spareCubes, (std::vector<int>{100, 101}));
        QCOMPARE(again.jobs[1].reliability.hotSpareCubes, 2);
        QVERIFY(QByteArray::fromStdString(writeProject(again)).contains("\"spare_cubes\""));
        // Held before any job is placed: an automatic slice of the first job skips them.
        q.jobs[0].reliability.spareCubes = {0};
        q.jobs[0].reliability.hotSpareCubes = 1;
        const auto placements = placeJobs(q);
        QCOMPARE(placements[0].slices[0].cubes.front(), 1);
        QCOMPARE(placements[0].spareCubes, (std::vector<int>{0}));
        // Without a list nothing is written (the examples round-trip byte for byte above).
        QVERIFY(!QByteArray::fromStdString(writeProject(p)).contains("\"spare_cubes\""));
    }

    void numbersKeepTheirPrecision() {
        const std::string text = R"({"format": "podplanner-project", "version": 1, "name": "n",
          "cluster": {"preset": "tpu-v4-pod", "overrides": {"chip": {"ici_link_gbyte_s": 47.123456789012345,
            "hbm_gib": 31.999999999999996}}}, "jobs": []})";
        const Project p = readProject(text);
        QCOMPARE(p.cluster.chip.iciLinkGbyteS, 47.123456789012345);
        QCOMPARE(p.cluster.chip.hbmGib, 31.999999999999996);
        const Project again = readProject(writeProject(p));
        QCOMPARE(again.cluster.chip.iciLinkGbyteS, 47.123456789012345);
        QCOMPARE(writeProject(again), writeProject(p));
    }

    void overridesChangePresetNumbers() {
        const Project p = readProject(R"({"format": "podplanner-project", "version": 1, "name": "o",
          "cluster": {"preset": "h100-cluster", "overrides": {"pod": {"nodes": 64, "oversubscription": 2}}},
          "jobs": []})");
        QCOMPARE(p.cluster.pod.nodes, 64);
        QCOMPARE(p.cluster.pod.oversubscription, 2.0);
        QCOMPARE(p.cluster.chips(), 512LL);
    }

    void acceptsTopologyStringsAndExplicitCubes() {
        const Project p = loadProjectFile(
            sourcePath("resources/examples/ironwood-shared.podplanner").toStdString());
        QCOMPARE(p.jobs.size(), std::size_t{3});
        QCOMPARE(p.jobs[2].placement.shape, std::string("4x4x8"));
        QVERIFY(p.jobs[2].placement.cubes.has_value());
        QCOMPARE(p.jobs[2].placement.cubes->size(), std::size_t{2});
    }

    void badFilesGiveTheirExactError_data() {
        QTest::addColumn<QString>("path");
        const QDir dir(sourcePath("tests/data/bad"));
        const auto files = dir.entryList({"*.json"}, QDir::Files);
        QVERIFY2(files.size() >= 15, "the bad-file corpus has at least 15 files");
        for (const auto& f : files)
            QTest::newRow(f.toUtf8()) << dir.filePath(f);
    }
    void badFilesGiveTheirExactError() {
        QFETCH(QString, path);
        QString expectedPath = path;
        expectedPath.replace(QRegularExpression("\\.json$"), ".expected");
        const QByteArray expected = readAll(expectedPath).trimmed();
        QVERIFY2(!expected.isEmpty(), qPrintable("missing " + expectedPath));
        // Messages are valid UTF-8 and steer no terminal, whatever bytes the file holds.
        QVERIFY2(isValidUtf8(expected), qPrintable(expectedPath + " is not UTF-8"));
        try {
            readProject(readAll(path).toStdString());
            QFAIL("the file was accepted");
        } catch (const InputError& e) {
            const QByteArray message(e.what());
            QVERIFY2(isValidUtf8(message), message.constData());
            QVERIFY2(!message.contains('\x1b'), message.constData());
            QCOMPARE(message, expected); // byte for byte
            QVERIFY(!e.info().expected.empty());
            QVERIFY(!e.info().found.empty());
        }
    }

    void fileErrorsNameTheFile() {
        const QString path = sourcePath("tests/data/bad/unknown-key.json");
        try {
            loadProjectFile(path.toStdString());
            QFAIL("accepted");
        } catch (const InputError& e) {
            QVERIFY(QString::fromStdString(e.what()).startsWith(path + ": /"));
        }
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, loadProjectFile("/no/such/file.podplanner"));
    }

    void limitsAreErrorsNotCrashes() {
        LoadLimits small;
        small.maxFileBytes = 100;
        QVERIFY_THROWS_EXCEPTION(InputError, readProject(std::string(200, ' '), small));
        std::string deep = R"({"format": "podplanner-project", "version": 1, "name": )";
        deep += std::string(100000, '[') + std::string(100000, ']') + "}";
        try {
            readProject(deep);
            QFAIL("accepted");
        } catch (const InputError& e) {
            QVERIFY(QString::fromStdString(e.what()).contains("nesting at most 64"));
        }
    }

    void failedSaveLeavesNoHalfFile() {
        QTemporaryDir tmp;
        const Project p =
            loadProjectFile(sourcePath("resources/examples/v4-pod-gpt3.podplanner").toStdString());
        // The target is a non-empty folder, so the final rename must fail: the error is reported,
        // the folder is untouched and no temporary file is left behind.
        const QString target = tmp.filePath("occupied");
        QVERIFY(QDir(tmp.path()).mkdir("occupied"));
        QFile keep(target + "/keep.txt");
        QVERIFY(keep.open(QIODevice::WriteOnly));
        keep.write("x");
        keep.close();
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, saveProjectFile(p, target.toStdString()));
        QCOMPARE(QDir(tmp.path()).entryList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot),
                 QStringList{"occupied"});
        QCOMPARE(readAll(target + "/keep.txt"), QByteArray("x"));
        // A folder that does not exist: nothing is written anywhere.
        QVERIFY_THROWS_EXCEPTION(
            std::runtime_error,
            saveProjectFile(p, tmp.filePath("no/such/dir/p.podplanner").toStdString()));
    }

    // A chip patch lands where a person would write it: under overrides.chip of a preset
    // reference, in the chip of a whole cluster; a chip named by id is expanded first, so only
    // the patched keys change.
    void chipPatchGoesWhereAPersonWouldWriteIt() {
        const Json patch = {{"price_usd_per_hour", 2.5}};
        const Json preset = patchClusterChip(Json{{"preset", "tpu-v4-pod"}}, patch);
        QCOMPARE(preset["overrides"]["chip"]["price_usd_per_hour"].get<double>(), 2.5);
        QCOMPARE(preset["overrides"]["chip"].size(), std::size_t{1});
        const ClusterSpec v4 = readClusterSource(preset, "/cluster", {});
        QCOMPARE(v4.chip.priceUsdPerHour, 2.5);
        QCOMPARE(v4.chip.id, std::string("tpu-v4"));

        Json whole = expandClusterSource(Json{{"preset", "tpu-v4-pod"}}, "/cluster");
        whole["chip"] = "tpu-v5p"; // named by id
        const ClusterSpec v5p = readClusterSource(patchClusterChip(whole, patch), "/cluster", {});
        QCOMPARE(v5p.chip.id, std::string("tpu-v5p"));
        QCOMPARE(v5p.chip.priceUsdPerHour, 2.5);
        QCOMPARE(v5p.chip.hbmGib, readClusterSource(whole, "/cluster", {}).chip.hbmGib);
    }
};

QTEST_GUILESS_MAIN(ProjectIoTest)
#include "tst_project_io.moc"

// The document and item models the GUI binds to, checked without drawing.
#include "job_list_model.h"
#include "project_document.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

using namespace podplanner::views;

class ViewModelsTest : public QObject {
    Q_OBJECT
  private slots:
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
        QCOMPARE(first.data(JobListModel::HbmCapacityRole).toDouble(), 192.0);
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

    void jobColorsAreDistinct() {
        QSet<QRgb> seen;
        for (int i = 0; i < 12; ++i)
            seen.insert(JobListModel::jobColor(i).rgb());
        QCOMPARE(seen.size(), 12);
    }
};

QTEST_GUILESS_MAIN(ViewModelsTest)
#include "tst_view_models.moc"

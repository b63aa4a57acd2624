// Autosave and crash recovery: what is written when, what a clean exit or a save removes, and a
// real crash (a child process killed with SIGKILL) whose edits the next start restores, both
// through the Autosaver API and through the recovery dialog of the real main window.
#include "autosaver.h"
#include "main_window_fixture.h"

#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>

using podplanner::tests::MainWindowFixture;
using podplanner::views::Autosaver;
using podplanner::views::ProjectDocument;

namespace {
const char* kExample = PODPLANNER_SOURCE_DIR "/resources/examples/v4-pod-gpt3.podplanner";

QString copyOfExample(const QTemporaryDir& dir) {
    const QString path = dir.filePath("plan.podplanner");
    QFile::copy(kExample, path);
    QFile(path).setPermissions(QFile::ReadOwner | QFile::WriteOwner);
    return path;
}

QString firstJobName(const ProjectDocument& document) {
    return QString::fromStdString(document.project()->jobs.front().name);
}
} // namespace

class TestAutosave : public QObject {
    Q_OBJECT

    // Runs the crash child until it has autosaved, checks a live owner's file is not offered,
    // then kills it. Returns the project file it was editing.
    QString crashChildAfterAutosave(const QTemporaryDir& recovery, const QTemporaryDir& work) {
        const QString project = copyOfExample(work);
        QProcess child;
        child.start(QStringLiteral(CRASH_CHILD), {recovery.path(), project});
        if (!child.waitForStarted())
            return {};
        while (!child.readAllStandardOutput().contains("autosaved") &&
               child.state() == QProcess::Running)
            child.waitForReadyRead(5000);
        // While it runs, its recovery file is its own business.
        ProjectDocument probe;
        Autosaver watcher(&probe, recovery.path());
        const bool offeredWhileAlive = !watcher.recoveries().isEmpty();
        child.kill(); // SIGKILL: no destructor runs, like a crash
        child.waitForFinished();
        return offeredWhileAlive ? QString() : project;
    }

  private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void unmodifiedProjectWritesNothing() {
        QTemporaryDir recovery, work;
        ProjectDocument document;
        QVERIFY(document.load(copyOfExample(work)));
        Autosaver autosave(&document, recovery.path());
        QVERIFY(!autosave.saveNow());
        QVERIFY(!QFile::exists(autosave.ownProjectFile()));
    }

    void editIsWrittenOnceAndSaveRemovesIt() {
        QTemporaryDir recovery, work;
        ProjectDocument document;
        QVERIFY(document.load(copyOfExample(work)));
        Autosaver autosave(&document, recovery.path());
        QVERIFY(document.setJobName(0, "autosaved name"));
        QVERIFY(autosave.saveNow());
        QVERIFY(!autosave.saveNow()); // nothing new since
        QVERIFY(QFile::exists(autosave.ownProjectFile()));
        ProjectDocument reread;
        QVERIFY(reread.load(autosave.ownProjectFile()));
        QCOMPARE(firstJobName(reread), QString("autosaved name"));
        QVERIFY(document.save());
        QVERIFY(!QFile::exists(autosave.ownProjectFile()));
    }

    void timerWritesWithoutBeingAsked() {
        QTemporaryDir recovery, work;
        ProjectDocument document;
        QVERIFY(document.load(copyOfExample(work)));
        Autosaver autosave(&document, recovery.path());
        QCOMPARE(autosave.intervalMs(), Autosaver::kDefaultIntervalMs);
        autosave.setIntervalMs(20);
        QSignalSpy written(&autosave, &Autosaver::autosaved);
        QVERIFY(document.setHotSpares(0, 1));
        QVERIFY(written.wait(2000));
    }

    void cleanExitRemovesTheRecoveryFile() {
        QTemporaryDir recovery, work;
        ProjectDocument document;
        QVERIFY(document.load(copyOfExample(work)));
        QString file;
        {
            Autosaver autosave(&document, recovery.path());
            QVERIFY(document.setJobName(0, "about to quit"));
            QVERIFY(autosave.saveNow());
            file = autosave.ownProjectFile();
            QVERIFY(QFile::exists(file));
        }
        QVERIFY(!QFile::exists(file));
    }

    void killedProcessEditsAreRestored() {
        QTemporaryDir recovery, work;
        const QString project = crashChildAfterAutosave(recovery, work);
        QVERIFY2(!project.isEmpty(), "the crash child did not autosave, or its file was offered "
                                     "while it still ran");
        ProjectDocument document;
        Autosaver autosave(&document, recovery.path());
        const QVariantList offered = autosave.recoveries();
        QCOMPARE(offered.size(), 1);
        const QVariantMap r = offered.first().toMap();
        QCOMPARE(r.value("original").toString(), QFileInfo(project).absoluteFilePath());
        QVERIFY(!r.value("savedAt").toString().isEmpty());
        // The project file itself was never touched by the crash.
        ProjectDocument onDisk;
        QVERIFY(onDisk.load(project));
        QVERIFY(firstJobName(onDisk) != "edited before the crash");

        QVERIFY(autosave.restore(r.value("file").toString()));
        QCOMPARE(firstJobName(document), QString("edited before the crash"));
        QVERIFY(document.modified());
        QCOMPARE(document.filePath(), QFileInfo(project).absoluteFilePath());
        QVERIFY(autosave.recoveries().isEmpty());
        QVERIFY(QFile::exists(autosave.ownProjectFile())); // now protected by this process
        QVERIFY(document.save());
        QVERIFY(onDisk.load(project));
        QCOMPARE(firstJobName(onDisk), QString("edited before the crash"));
        QVERIFY(!QFile::exists(autosave.ownProjectFile()));
    }

    // Killed while autosaving (the child rewrites its recovery file every millisecond): the file
    // left is always a whole project, one of the edits, never a mix.
    void killDuringAutosaveLeavesAWholeRecoveryFile() {
        QRandomGenerator random(20261203);
        for (int round = 0; round < 12; ++round) {
            QTemporaryDir recovery, work;
            const QString project = copyOfExample(work);
            QProcess child;
            child.start(QStringLiteral(CRASH_CHILD), {recovery.path(), project, "--keep-editing"});
            QVERIFY(child.waitForStarted());
            QByteArray out;
            while (!out.contains("autosaved") && child.state() == QProcess::Running) {
                child.waitForReadyRead(5000);
                out += child.readAllStandardOutput();
            }
            QTest::qWait(static_cast<int>(random.bounded(5, 60)));
            child.kill();
            child.waitForFinished();
            ProjectDocument probe;
            Autosaver autosave(&probe, recovery.path());
            const QVariantList offered = autosave.recoveries();
            QCOMPARE(offered.size(), 1);
            ProjectDocument restored;
            QVERIFY2(restored.load(offered.first().toMap().value("file").toString()),
                     qPrintable(restored.errorText()));
            QVERIFY(firstJobName(restored).startsWith("edit "));
            ProjectDocument onDisk;
            QVERIFY(onDisk.load(project)); // the project file is never touched
            QVERIFY(!firstJobName(onDisk).startsWith("edit "));
            autosave.discard(offered.first().toMap().value("file").toString());
            QVERIFY2(QDir(recovery.path()).entryList(QDir::Files).isEmpty(),
                     qPrintable(QDir(recovery.path()).entryList(QDir::Files).join(' ')));
        }
    }

    void unreadableRecoveryIsReportedAndCanBeDiscarded() {
        QTemporaryDir recovery;
        const QString file = recovery.filePath("recovery-999999999.podplanner");
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format\": \"podplanner-project\", \"cluster\": ");
        f.close();
        ProjectDocument document;
        Autosaver autosave(&document, recovery.path());
        QCOMPARE(autosave.recoveries().size(), 1);
        QVERIFY(!autosave.restore(file));
        QVERIFY(document.errorText().contains("Could not restore"));
        QVERIFY(!document.loaded());
        autosave.discard(file);
        QVERIFY(autosave.recoveries().isEmpty());
    }

    // The next start of the real window offers the crash's edits; Restore opens them.
    void mainWindowOffersRecoveryAfterACrash() {
        QTemporaryDir recovery, work;
        const QString project = crashChildAfterAutosave(recovery, work);
        QVERIFY(!project.isEmpty());
        MainWindowFixture ui;
        Autosaver autosave(&ui.document, recovery.path());
        QVERIFY(ui.open(QSize(1280, 800), {{"autosave", QVariant::fromValue(&autosave)}}));
        QObject* dialog = ui.window->findChild<QObject*>("recoveryDialog");
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->property("opened").toBool());
        ui.grab("recovery-dialog");
        QQuickItem* restore = ui.find("restoreButton");
        QTest::mouseClick(
            ui.window, Qt::LeftButton, {},
            restore->mapToScene(QPointF(restore->width() / 2, restore->height() / 2)).toPoint());
        QTRY_VERIFY(ui.document.loaded());
        QCOMPARE(firstJobName(ui.document), QString("edited before the crash"));
        QTRY_VERIFY(ui.window->title().startsWith(QStringLiteral("• plan.podplanner")));
        QTRY_VERIFY(!dialog->property("visible").toBool());
        ui.close();
    }
};

QTEST_MAIN(TestAutosave)
#include "tst_autosave.moc"

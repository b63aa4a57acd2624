// File › Export launch config and File › Import launch config in the real window: the export
// dialog previews the selected job's Megatron-LM flags, saving writes them, and importing a
// launch script adds a job (with undo) and lists the flags PodPlanner does not model.
#include "main_window_fixture.h"

#include <QTemporaryDir>

using podplanner::tests::MainWindowFixture;

class TestLaunchConfigs : public QObject {
    Q_OBJECT
    MainWindowFixture ui;
    QTemporaryDir dir;
    QQuickItem* dialogs = nullptr;
    QObject* configs = nullptr;

    // Dialogs are popups, not items of the window's tree: look them up as QObjects.
    QObject* obj(const char* name) const {
        QObject* o = ui.window->findChild<QObject*>(name);
        if (!o)
            qFatal("no object named %s", name);
        return o;
    }

  private slots:
    void initTestCase() {
        QVERIFY(ui.open(QSize(1280, 800)));
        QVERIFY(ui.document.load(PODPLANNER_SOURCE_DIR
                                 "/resources/examples/h100-cluster-70b.podplanner"));
        QVERIFY(ui.waitForEngine());
        dialogs = ui.find("launchConfigDialogs");
        configs = ui.window->findChild<QObject*>("launchConfigs");
        QVERIFY(configs);
    }
    void cleanupTestCase() { ui.close(); }

    void exportPreviewAndSave() {
        QVERIFY(QMetaObject::invokeMethod(dialogs, "exportConfig"));
        QTRY_VERIFY(obj("exportLaunchDialog")->property("opened").toBool());
        const QString text = obj("launchPreview")->property("text").toString();
        QVERIFY2(text.contains("--tensor-model-parallel-size 8") &&
                     text.contains("Mesh: dp 64 x fsdp 1 x tp 8 x pp 8"),
                 qPrintable(text.left(400)));
        ui.grab("launch-export-dialog");
        QMetaObject::invokeMethod(obj("exportLaunchDialog"), "close");
        const QString path = dir.filePath("dense-70b.sh");
        bool ok = false;
        QVERIFY(QMetaObject::invokeMethod(configs, "exportToFile", Q_RETURN_ARG(bool, ok),
                                          Q_ARG(int, 0), Q_ARG(QString, "megatron"),
                                          Q_ARG(QString, QUrl::fromLocalFile(path).toString())));
        QVERIFY(ok);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().contains("torchrun --nproc_per_node"));
    }

    void importAddsAJobWithUndo() {
        const QString path = dir.filePath("small.sh");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("torchrun --nproc_per_node 8 --nnodes 2 pretrain_gpt.py --num-layers 32 "
                "--hidden-size 4096 --num-attention-heads 32 --group-query-attention "
                "--num-query-groups 8 --ffn-hidden-size 14336 --swiglu --seq-length 8192 "
                "--vocab-size 128256 --tensor-model-parallel-size 8 --micro-batch-size 1 "
                "--global-batch-size 64 --train-iters 1000 --bf16 --lr 3e-4\n");
        f.close();
        const int before = ui.document.project()->jobs.size();
        bool ok = false;
        QVERIFY(QMetaObject::invokeMethod(configs, "importFile", Q_RETURN_ARG(bool, ok),
                                          Q_ARG(QString, "megatron"),
                                          Q_ARG(QString, QUrl::fromLocalFile(path).toString()),
                                          Q_ARG(QString, ""), Q_ARG(int, 0), Q_ARG(int, 0)));
        QVERIFY2(ok, qPrintable(configs->property("message").toString()));
        QCOMPARE(static_cast<int>(ui.document.project()->jobs.size()), before + 1);
        QCOMPARE(ui.document.project()->jobs.back().parallelism.dp, 2);
        QVERIFY(configs->property("unmodelled").toStringList().join(" ").contains("--lr=3e-4"));
        QMetaObject::invokeMethod(obj("importResultDialog"), "open");
        QTRY_VERIFY(obj("importResultDialog")->property("opened").toBool());
        QVERIFY(obj("importMessage")->property("text").toString().contains("Added job"));
        ui.grab("launch-import-result");
        QMetaObject::invokeMethod(obj("importResultDialog"), "close");
        ui.document.undo();
        QCOMPARE(static_cast<int>(ui.document.project()->jobs.size()), before);

        // A script that does not fit is refused with the flag named, and nothing is added.
        QVERIFY(QMetaObject::invokeMethod(configs, "importFile", Q_RETURN_ARG(bool, ok),
                                          Q_ARG(QString, "megatron"),
                                          Q_ARG(QString, QUrl::fromLocalFile(path).toString()),
                                          Q_ARG(QString, ""), Q_ARG(int, 0), Q_ARG(int, 1000)));
        QVERIFY(!ok);
        const QString refused = configs->property("message").toString();
        QVERIFY2(refused.contains("--global-batch-size") || refused.contains("placement"),
                 qPrintable(refused));
        QCOMPARE(static_cast<int>(ui.document.project()->jobs.size()), before);
    }
};

QTEST_MAIN(TestLaunchConfigs)
#include "tst_launch_configs.moc"

// The 3D scene in a real window (xvfb): a failed chip's colour appears where that chip projects;
// picking at that point returns that chip; the logical view of a 4x4x4 slice has its wraparound
// arcs and a 2x2x4 slice none.
#include "project_document.h"
#include "scene_controller.h"

#include <QQmlEngine>
#include <QQuickItem>
#include <QQuickView>
#include <QtTest>

using namespace podplanner::views;

namespace {
QString writeProject(QTemporaryDir& dir, const QString& shape, int fsdp) {
    const QString path = dir.filePath(shape + ".podplanner");
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write(QString(R"({"format": "podplanner-project", "version": 1, "name": "s",
      "cluster": {"preset": "tpu-v4-pod"},
      "jobs": [{"name": "j",
        "model": {"layers": 32, "d_model": 4096, "heads": 32, "kv_heads": 8, "head_dim": 128,
                  "ffn": 14336, "vocab": 128256, "seq_len": 8192},
        "training": {"global_batch_tokens": 4194304, "total_tokens": 100000000000},
        "parallelism": {"fsdp": %1},
        "placement": {"pod": 0, "shape": "%2"}}]})")
                .arg(fsdp)
                .arg(shape)
                .toUtf8());
    return path;
}
} // namespace

class SceneTest : public QObject {
    Q_OBJECT
    ProjectDocument document_;
    SceneController controller_;
    QQuickView* view_ = nullptr;

    QQuickItem* viewport() { return view_->rootObject()->property("view3d").value<QQuickItem*>(); }
    QPointF project(const QVector3D& scene) {
        QVector3D out;
        QMetaObject::invokeMethod(viewport(), "mapFrom3DScene", Q_RETURN_ARG(QVector3D, out),
                                  Q_ARG(QVector3D, scene));
        return {out.x(), out.y()};
    }
    QVector3D unproject(QPointF at, float depth) {
        QVector3D out;
        QMetaObject::invokeMethod(viewport(), "mapTo3DScene", Q_RETURN_ARG(QVector3D, out),
                                  Q_ARG(QVector3D, QVector3D(float(at.x()), float(at.y()), depth)));
        return out;
    }
    QImage settle(const char* name) {
        QTest::qWait(400);
        const QImage image = view_->grabWindow();
        QDir().mkpath(SCREENSHOT_DIR);
        image.save(QStringLiteral(SCREENSHOT_DIR "/%1.png").arg(name));
        return image;
    }

  private slots:
    void initTestCase() {
        QVERIFY(document_.load(PODPLANNER_SOURCE_DIR "/resources/examples/v4-pod-gpt3.podplanner"));
        controller_.setDocument(&document_);
        view_ = new QQuickView;
        view_->engine()->addImportPath("qrc:/");
        view_->setInitialProperties({{"controller", QVariant::fromValue(&controller_)}});
        view_->setResizeMode(QQuickView::SizeRootObjectToView);
        view_->setSource(QUrl("qrc:/PodPlanner/Scene/Scene.qml"));
        QCOMPARE(view_->status(), QQuickView::Ready);
        view_->resize(900, 700);
        view_->show();
        QVERIFY(QTest::qWaitForWindowExposed(view_));
    }

    void failedChipIsRedWhereItProjectsAndPicksBack() {
        QVERIFY(controller_.showChips());
        QCOMPARE(controller_.boxCount(), 4096 + 6); // every chip, and the 6 OCS racks
        // Seen from the top, a chip on a cube's top layer (z = 3) is not hidden.
        QMetaObject::invokeMethod(view_->rootObject(), "cameraPreset", Q_ARG(QVariant, "top"));
        const qint64 chip = 3 * 16 + 1 * 4 + 2 + 64 * 27; // cube 27 (mid-floor), chip (2, 1, 3)
        controller_.setChipFailed(chip, true);
        const QImage image = settle("scene-failed-chip");
        const QPointF at = project(controller_.chipScenePosition(chip));
        QVERIFY2(QRectF(0, 0, 900, 700).contains(at),
                 qPrintable(QString("%1,%2").arg(at.x()).arg(at.y())));
        const QColor pixel = image.pixelColor(at.toPoint() * image.devicePixelRatio());
        QVERIFY2(pixel.red() > 150 && pixel.green() < 110 && pixel.blue() < 110,
                 qPrintable(pixel.name()));
        // Picking at the same point returns the same chip.
        const QVector3D near = unproject(at, 0), far = unproject(at, 1000);
        const QVariantMap hit = controller_.pickRay(near, far - near);
        QCOMPARE(hit.value("chip").toLongLong(), chip);
        QVERIFY(hit.value("label").toString().contains("FAILED"));
        // Repaired, the same place shows the job's colour again.
        controller_.setChipFailed(chip, false);
        const QColor repaired =
            settle("scene-repaired").pixelColor(at.toPoint() * image.devicePixelRatio());
        QVERIFY2(!(repaired.red() > 150 && repaired.green() < 110), qPrintable(repaired.name()));
    }

    void logicalViewHasWraparoundArcsOnlyOnWholeCubes() {
        QTemporaryDir dir;
        QVERIFY(document_.load(writeProject(dir, "4x4x4", 64)));
        controller_.setView("logical");
        QCOMPARE(controller_.boxCount(), 64);
        QCOMPARE(controller_.wraparoundArcs(), 3 * 16); // one per ring on each of the 3 axes
        QVERIFY(controller_.arcs()->segmentCount() > 0);
        settle("scene-logical-4x4x4");
        QVERIFY(document_.load(writeProject(dir, "2x2x4", 16)));
        QCOMPARE(controller_.boxCount(), 16);
        QCOMPARE(controller_.wraparoundArcs(), 0); // below a cube: no wraparound at all
        QCOMPARE(controller_.arcs()->segmentCount(), 0);
        QVERIFY(controller_.links()->segmentCount() > 0);
        controller_.setView("physical");
    }

    void cleanupTestCase() { delete view_; }
};

QTEST_MAIN(SceneTest)
#include "tst_scene.moc"

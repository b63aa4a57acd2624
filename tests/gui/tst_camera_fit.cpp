// The camera frames the whole pod, OCS racks included, in the real window at 1280x720 under
// Xvfb: on load, in the Top and Front presets, and with View › Fit all (Home) after the user has
// zoomed in. "Framed" means every corner of the box around everything drawn projects inside the
// 3D view, and the pod fills 60% of its width or height (not a speck in the middle). Screenshots:
// build/screenshots/camera-*.png.
#include "dialog_driver.h"
#include "main_window_fixture.h"
#include "scene_controller.h"

#include <QWheelEvent>

using podplanner::tests::DialogDriver;
using podplanner::tests::MainWindowFixture;

namespace {
const char* kExample = PODPLANNER_SOURCE_DIR "/resources/examples/ironwood-shared.podplanner";
}

class TestCameraFit : public QObject {
    Q_OBJECT
    MainWindowFixture ui;
    DialogDriver driver{ui};

    podplanner::views::SceneController* controller() const {
        return ui.window->findChild<podplanner::views::SceneController*>();
    }
    QQuickItem* viewport() const {
        return ui.find("scene")->property("view3d").value<QQuickItem*>();
    }
    // The projected box around the scene, in the 3D view's pixels.
    QRectF projectedBounds() const {
        const QVector3D lo = controller()->boundsMin(), hi = controller()->boundsMax();
        double left = 1e30, top = 1e30, right = -1e30, bottom = -1e30;
        for (int i = 0; i < 8; ++i) {
            const QVector3D corner(i & 1 ? hi.x() : lo.x(), i & 2 ? hi.y() : lo.y(),
                                   i & 4 ? hi.z() : lo.z());
            QVector3D at;
            QMetaObject::invokeMethod(viewport(), "mapFrom3DScene", Q_RETURN_ARG(QVector3D, at),
                                      Q_ARG(QVector3D, corner));
            left = std::min(left, double(at.x()));
            right = std::max(right, double(at.x()));
            top = std::min(top, double(at.y()));
            bottom = std::max(bottom, double(at.y()));
        }
        return QRectF(QPointF(left, top), QPointF(right, bottom));
    }
    bool framed(const QString& when) const {
        const QRectF box = projectedBounds();
        const QRectF view(0, 0, viewport()->width(), viewport()->height());
        const bool inside = view.adjusted(-1, -1, 1, 1).contains(box);
        const bool fills = box.width() >= 0.6 * view.width() || box.height() >= 0.6 * view.height();
        if (!inside || !fills)
            qWarning("%s: scene projects to (%.0f, %.0f) %.0f x %.0f in a %.0f x %.0f view",
                     qPrintable(when), box.x(), box.y(), box.width(), box.height(), view.width(),
                     view.height());
        return inside && fills;
    }

  private slots:
    void initTestCase() {
        QVERIFY(ui.open(QSize(1280, 720)));
        QVERIFY(ui.document.load(kExample));
        QVERIFY(ui.waitForEngine());
        QVERIFY(controller());
        // The pod has OCS racks beside its cubes: the box must reach past the chip racks.
        QVERIFY(controller()->boundsMax().x() > controller()->boundsMin().x());
    }
    void cleanupTestCase() { ui.close(); }

    void theWholePodIsFramedOnLoad() {
        QTRY_VERIFY_WITH_TIMEOUT(framed("on load"), 5000);
        ui.grab("camera-on-load");
        // The whole pod in view is racks, not chips (the level of detail is for close-ups).
        QCOMPARE(controller()->detailedRacks(), 0);
    }

    void presetsFrameTheWholePod_data() {
        QTest::addColumn<QString>("preset");
        QTest::newRow("top") << "top";
        QTest::newRow("front") << "front";
        QTest::newRow("iso") << "iso";
    }
    void presetsFrameTheWholePod() {
        QFETCH(QString, preset);
        driver.click(ui.find("camera_" + preset));
        QTRY_VERIFY_WITH_TIMEOUT(framed(preset), 5000);
        ui.grab("camera-" + preset);
    }

    // The user zooms in with the wheel; Home frames everything again.
    void homeFitsAllAfterZooming() {
        QQuickItem* scene = ui.find("scene");
        const QPointF middle = scene->mapToScene({scene->width() / 2, scene->height() / 2});
        for (int i = 0; i < 6; ++i) {
            QWheelEvent wheel(middle, ui.window->mapToGlobal(middle.toPoint()), QPoint(),
                              QPoint(0, 120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase,
                              false);
            QGuiApplication::sendEvent(ui.window, &wheel);
            QTest::qWait(30);
        }
        QTRY_VERIFY(!framed("zoomed in"));
        ui.grab("camera-zoomed");
        ui.window->contentItem()->forceActiveFocus();
        QTest::keyClick(ui.window, Qt::Key_Home);
        QTRY_VERIFY_WITH_TIMEOUT(framed("after Home"), 5000);
        ui.grab("camera-home");
    }

    // A resized window frames the pod again while the user has not moved the camera.
    void aResizedWindowStaysFramed() {
        ui.window->resize(1920, 1080);
        QTRY_VERIFY_WITH_TIMEOUT(framed("1920x1080"), 5000);
        ui.grab("camera-1920x1080");
        ui.window->resize(1280, 720);
        QTRY_VERIFY_WITH_TIMEOUT(framed("back to 1280x720"), 5000);
    }
};

QTEST_MAIN(TestCameraFit)
#include "tst_camera_fit.moc"

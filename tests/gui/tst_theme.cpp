// The look as a person switches it: View › Theme › Dark repaints the panels, the dashboard and
// the 3D view dark and is remembered; Light brings the light window back. The floor of the
// physical view names its rows and power rows in either. View › Smooth edges multisamples the
// 3D view.
#include "app_theme.h"
#include "dialog_driver.h"
#include "main_window_fixture.h"

#include <QSettings>

using podplanner::tests::DialogDriver;
using podplanner::tests::MainWindowFixture;
using podplanner::views::AppTheme;

namespace {
const char* kExample = PODPLANNER_SOURCE_DIR "/resources/examples/ironwood-shared.podplanner";

// A point of the 3D view away from the racks and the overlays: its background.
QColor sceneBackground(const QImage& shot, QQuickItem* scene) {
    return MainWindowFixture::pixelAt(shot, scene, QPointF(12, scene->height() / 2));
}

// The visible texts inside `root` that start with `prefix`.
QStringList textsStartingWith(QQuickItem* root, const QString& prefix) {
    QStringList found;
    for (QQuickItem* item : MainWindowFixture::visibleTexts(root))
        if (const QString text = item->property("text").toString(); text.startsWith(prefix))
            found << text;
    return found;
}
// How many pixels of the middle of the 3D view (clear of the floor's labels and the overlays)
// differ between two pictures of the same view, and out of how many.
std::pair<int, int> pixelsChanged(const QImage& a, const QImage& b, QQuickItem* scene) {
    const QRectF r = scene->mapRectToScene(QRectF(scene->width() * 0.3, scene->height() * 0.2,
                                                  scene->width() * 0.5, scene->height() * 0.65));
    const qreal dpr = a.devicePixelRatio();
    int changed = 0, all = 0;
    for (int y = int(r.top() * dpr); y < int(r.bottom() * dpr); ++y)
        for (int x = int(r.left() * dpr); x < int(r.right() * dpr); ++x) {
            const QColor p = a.pixelColor(x, y), q = b.pixelColor(x, y);
            const int off = std::abs(p.red() - q.red()) + std::abs(p.green() - q.green()) +
                            std::abs(p.blue() - q.blue());
            changed += off > 6 ? 1 : 0;
            ++all;
        }
    return {changed, all};
}
} // namespace

class ThemeTest : public QObject {
    Q_OBJECT
    MainWindowFixture ui;
    DialogDriver driver{ui};

    void chooseTheme(const QString& entry) {
        QVERIFY(driver.clickMenus({"&View", "&Theme", entry}));
        QTest::qWait(300);
    }

  private slots:
    void initTestCase() {
        QVERIFY(ui.open(QSize(1280, 720)));
        AppTheme::instance()->setMode("light");
        QSettings().remove("view/smooth-edges"); // the default: off, as no GPU is known
        QVERIFY(ui.document.load(kExample));
        QVERIFY(ui.waitForEngine());
    }
    void cleanupTestCase() {
        AppTheme::instance()->setMode("system");
        QSettings().remove("view/smooth-edges");
        ui.close();
    }

    void darkFromTheViewMenu() {
        chooseTheme("&Dark");
        QTRY_VERIFY(AppTheme::instance()->dark());
        QCOMPARE(QSettings().value("view/theme").toString(), QString("dark"));
        const QImage shot = ui.grab("theme-dark-1280x720", 600);
        QVERIFY2(sceneBackground(shot, ui.find("scene")).lightness() < 60,
                 qPrintable(sceneBackground(shot, ui.find("scene")).name()));
        // The panels: the cluster tree's background and the dashboard's.
        QQuickItem* tree = ui.find("clusterTree");
        const QColor treeColor =
            MainWindowFixture::pixelAt(shot, tree, QPointF(tree->width() - 8, tree->height() - 8));
        QVERIFY2(treeColor.lightness() < 80, qPrintable(treeColor.name()));
        QQuickItem* dashboard = ui.find("dashboard");
        const QColor dashboardColor =
            MainWindowFixture::pixelAt(shot, dashboard, QPointF(dashboard->width() - 6, 4));
        QVERIFY2(dashboardColor.lightness() < 80, qPrintable(dashboardColor.name()));
        // Text stays readable: the dashboard's texts are drawn light.
        QCOMPARE(AppTheme::instance()->text().lightness() > 200, true);
    }

    void floorNamesRowsAndPowerRows() {
        QQuickItem* labels = ui.find("floorLabels");
        QTRY_VERIFY(!textsStartingWith(labels, "Row ").isEmpty());
        QVERIFY(textsStartingWith(labels, "Row 0 · power row 0").size() == 1);
        ui.grab("theme-dark-floor-labels", 100);
        // None is drawn under the occupancy badge or the legend.
        for (const char* overlay : {"occupancyBadge", "legendPanel"}) {
            QQuickItem* item = ui.find(overlay);
            const QRectF covered =
                item->mapRectToScene(QRectF(0, 0, item->width(), item->height()));
            for (QQuickItem* text : MainWindowFixture::visibleTexts(labels)) {
                const QRectF drawn =
                    text->mapRectToScene(QRectF(0, 0, text->width(), text->height()));
                QVERIFY2(!covered.intersects(drawn),
                         qPrintable(text->property("text").toString() + " under " + overlay));
            }
        }
    }

    void lightBringsItBack() {
        chooseTheme("&Light");
        QTRY_VERIFY(!AppTheme::instance()->dark());
        QCOMPARE(QSettings().value("view/theme").toString(), QString("light"));
        const QImage shot = ui.grab("theme-light-1280x720", 600);
        QVERIFY2(sceneBackground(shot, ui.find("scene")).lightness() > 200,
                 qPrintable(sceneBackground(shot, ui.find("scene")).name()));
        QQuickItem* dashboard = ui.find("dashboard");
        QVERIFY(MainWindowFixture::pixelAt(shot, dashboard, QPointF(dashboard->width() - 6, 4))
                    .lightness() > 200);
    }

    // Nudges the camera (an orbit by the user): the view draws the moving picture at once.
    QImage movingPicture(QQuickItem* scene, float dz) {
        QObject* camera = scene->findChild<QObject*>("camera");
        camera->setProperty("position",
                            camera->property("position").value<QVector3D>() + QVector3D(0, 0, dz));
        return ui.window->grabWindow();
    }

    // While the camera rests the picture is multisampled, the edges of racks and lines blended
    // into what is behind them; the moment it moves, the fast path draws it sharp. The same
    // view, changed along the edges only.
    void smoothWhileTheCameraRests() {
        QVERIFY(!ui.settings->smoothEdges()); // no GPU known: off while moving
        QQuickItem* scene = ui.find("scene");
        QObject* view3d = scene->property("view3d").value<QObject*>();
        QTRY_COMPARE(view3d->property("renderMode").toInt(), 0); // View3D.Offscreen: resting
        const QImage resting = ui.grab("scene-resting-smooth", 300);
        movingPicture(scene, 1);
        QCOMPARE(view3d->property("renderMode").toInt(), 1); // View3D.Underlay: moving
        const QImage moving = movingPicture(scene, -1);      // back where it rested
        ui.grab("scene-moving-sharp", 0);
        const auto [edges, all] = pixelsChanged(resting, moving, scene);
        QVERIFY2(edges > 500 && edges < all / 4,
                 qPrintable(QString("%1 of %2").arg(edges).arg(all)));
        QTRY_COMPARE(view3d->property("renderMode").toInt(), 0);
        const auto [back, total] =
            pixelsChanged(resting, ui.grab("scene-resting-again", 300), scene);
        QVERIFY2(back < edges / 5, qPrintable(QString("%1 of %2").arg(back).arg(total)));
        qInfo("pixels changed by multisampling: %d of %d; resting again: %d", edges, all, back);
    }

    // View › Smooth edges keeps it on while the camera moves too, with the links as strips.
    void smoothEdgesFromTheViewMenu() {
        QQuickItem* scene = ui.find("scene");
        QObject* view3d = scene->property("view3d").value<QObject*>();
        QVERIFY(driver.clickMenus({"&View"}));
        ui.grab("menu-view-smooth-edges", 300);
        QVERIFY(driver.clickMenus({"&Smooth edges (slower without a GPU)"}));
        QTRY_VERIFY(ui.settings->smoothEdges());
        movingPicture(scene, 1);
        QCOMPARE(view3d->property("renderMode").toInt(), 0);
        QVERIFY(scene->property("controller").value<QObject*>()->property("thickLinks").toBool());
        movingPicture(scene, -1);
        QVERIFY(driver.clickMenus({"&View"}));
        QTest::qWait(300);
        QVERIFY(driver.clickMenus({"&Smooth edges (slower without a GPU)"}));
        QTRY_VERIFY(!ui.settings->smoothEdges());
        movingPicture(scene, 1);
        QCOMPARE(view3d->property("renderMode").toInt(), 1);
        QVERIFY(!scene->property("controller").value<QObject*>()->property("thickLinks").toBool());
        movingPicture(scene, -1);
    }

    // The review sizes of issue 17, in both themes (look at build/screenshots/).
    void bothThemesAtFullHd() {
        ui.window->resize(1920, 1080);
        for (const char* mode : {"dark", "light"}) {
            AppTheme::instance()->setMode(mode);
            ui.grab(QString("theme-%1-1920x1080").arg(mode), 600);
        }
        ui.window->resize(1280, 720);
    }
};

QTEST_MAIN(ThemeTest)
#include "tst_theme.moc"

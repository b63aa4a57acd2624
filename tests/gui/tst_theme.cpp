// The theme as a person switches it: View › Theme › Dark repaints the panels, the dashboard and
// the 3D view dark and is remembered; Light brings the light window back. The floor of the
// physical view names its rows and power rows in either.
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
    QList<QQuickItem*> stack{root};
    while (!stack.isEmpty()) {
        QQuickItem* item = stack.takeLast();
        if (!item->isVisible())
            continue;
        stack.append(item->childItems());
        const QString text = item->property("text").toString();
        if (item->inherits("QQuickText") && text.startsWith(prefix))
            found << text;
    }
    return found;
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
        QVERIFY(ui.document.load(kExample));
        QVERIFY(ui.waitForEngine());
    }
    void cleanupTestCase() {
        AppTheme::instance()->setMode("system");
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

// The main window in a real window (xvfb): open an example, look at the pixels, open a bad file
// and see the error while the project stays. Screenshots land in build/screenshots/.
#include "app_settings.h"
#include "job_list_model.h"
#include "project_document.h"

#include <QApplication>
#include <QQmlApplicationEngine>
#include <QQuickItem>
#include <QQuickWindow>
#include <QtTest>

using namespace podplanner::views;

namespace {
QImage grab(QQuickWindow* window, const QString& name) {
    QTest::qWait(300); // let the scene graph settle after property changes
    QImage image = window->grabWindow();
    QDir().mkpath(SCREENSHOT_DIR);
    image.save(QStringLiteral(SCREENSHOT_DIR "/%1.png").arg(name));
    return image;
}
QColor pixelAt(const QImage& image, QQuickItem* item, QPointF local) {
    const qreal dpr = image.devicePixelRatio();
    const QPointF at = item->mapToScene(local);
    return image.pixelColor(qRound(at.x() * dpr), qRound(at.y() * dpr));
}
QColor pixelAtCenter(const QImage& image, QQuickItem* item) {
    return pixelAt(image, item, QPointF(item->width() / 2, item->height() / 2));
}
bool close(const QColor& a, const QColor& b) {
    return std::abs(a.red() - b.red()) < 8 && std::abs(a.green() - b.green()) < 8 &&
           std::abs(a.blue() - b.blue()) < 8;
}
} // namespace

class MainWindowTest : public QObject {
    Q_OBJECT
    ProjectDocument document_;
    AppSettings* settings_ = nullptr;
    QQmlApplicationEngine* engine_ = nullptr;
    QQuickWindow* window_ = nullptr;

    // Items by objectName through the visual tree (list delegates have no QObject parent);
    // a missing one stops the test with its name instead of crashing it.
    static QQuickItem* findIn(QQuickItem* root, const QString& name) {
        if (root->objectName() == name)
            return root;
        for (QQuickItem* child : root->childItems())
            if (QQuickItem* found = findIn(child, name))
                return found;
        return nullptr;
    }
    QQuickItem* find(const char* name) {
        QQuickItem* item = findIn(window_->contentItem(), QString::fromLatin1(name));
        if (!item)
            qFatal("no item named %s", name);
        return item;
    }

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true); // settings go to a test location
        settings_ = new AppSettings(this);
        engine_ = new QQmlApplicationEngine(this);
        engine_->addImportPath("qrc:/");
        engine_->setInitialProperties({{"document", QVariant::fromValue(&document_)},
                                       {"settings", QVariant::fromValue(settings_)}});
        engine_->load(QUrl("qrc:/PodPlanner/App/Main.qml"));
        QVERIFY(!engine_->rootObjects().isEmpty());
        window_ = qobject_cast<QQuickWindow*>(engine_->rootObjects().first());
        QVERIFY(window_);
        window_->resize(1280, 800);
        QVERIFY(QTest::qWaitForWindowExposed(window_));
    }

    void showsPlaceholderBeforeAProjectIsOpen() {
        QVERIFY(find("placeholder")->isVisible());
        QCOMPARE(window_->title(), QString("PodPlanner"));
    }

    void showsTheOpenProject() {
        QVERIFY(
            document_.load(PODPLANNER_SOURCE_DIR "/resources/examples/ironwood-shared.podplanner"));
        const QImage image = grab(window_, "main-window-ironwood");
        QVERIFY(!find("placeholder")->isVisible());
        QCOMPARE(find("projectName")->property("text").toString(),
                 QString("Three training jobs sharing one Ironwood pod"));
        QVERIFY(window_->title().startsWith("Three training jobs"));
        // Each job's colour swatch is drawn in its colour where the swatch sits.
        for (int job = 0; job < 3; ++job) {
            QQuickItem* swatch =
                find(QByteArray("jobSwatch" + QByteArray::number(job)).constData());
            const QColor drawn = pixelAtCenter(image, swatch);
            QVERIFY2(close(drawn, JobListModel::jobColor(job)),
                     qPrintable(drawn.name() + " vs " + JobListModel::jobColor(job).name()));
        }
        // Each job shows its predicted step time.
        QVERIFY(find("stepTime0")->property("text").toString().endsWith("s/step"));
        QVERIFY(find("goodput0")->property("text").toString().endsWith("% goodput"));
        // The window is not blank: many distinct colours (text, swatches, panels).
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 7)
            for (int x = 0; x < image.width(); x += 7)
                colours.insert(image.pixel(x, y));
        QVERIFY(colours.size() > 20);
    }

    void badFileShowsErrorAndKeepsTheProject() {
        QVERIFY(!document_.load(PODPLANNER_SOURCE_DIR "/tests/data/bad/unknown-key.json"));
        const QImage image = grab(window_, "main-window-error");
        QQuickItem* banner = find("errorBanner");
        QVERIFY(banner->isVisible());
        QVERIFY(find("errorLabel")->property("text").toString().contains("/jobs/0/paralelism"));
        // Inside the banner, above its text: the banner's pale red.
        const QColor fill = pixelAt(image, banner, QPointF(banner->width() / 2, 4));
        QVERIFY2(close(fill, QColor("#fdecea")), qPrintable(fill.name()));
        QCOMPARE(find("projectName")->property("text").toString(),
                 QString("Three training jobs sharing one Ironwood pod"));
        document_.clearError();
        QTest::qWait(100);
        QVERIFY(!banner->isVisible());
    }

    void cleanupTestCase() {
        delete engine_; // before the document it binds to
        engine_ = nullptr;
    }
};

QTEST_MAIN(MainWindowTest)
#include "tst_main_window.moc"

// A seeded monkey in a real window: random clicks, drags, wheel turns and key presses on the main
// window with a project open. No crash, no hang, no warning from QML.
#include "app_settings.h"
#include "project_document.h"

#include <QQmlApplicationEngine>
#include <QQuickWindow>
#include <QRandomGenerator>
#include <QtTest>

using namespace podplanner::views;

namespace {
QStringList qmlWarnings;
QtMessageHandler previousHandler = nullptr;

void recordWarnings(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    if (type != QtDebugMsg && type != QtInfoMsg &&
        (message.contains(".qml") ||
         QByteArray(context.category ? context.category : "").startsWith("qt.qml")))
        qmlWarnings << message;
    if (previousHandler)
        previousHandler(type, context, message);
}
} // namespace

class MonkeyTest : public QObject {
    Q_OBJECT
  private slots:
    void randomInputDoesNotBreakTheWindow() {
        QStandardPaths::setTestModeEnabled(true);
        previousHandler = qInstallMessageHandler(recordWarnings);
        ProjectDocument document;
        AppSettings settings;
        QQmlApplicationEngine engine;
        // The monkey may click File > Quit: keep the test running and count it instead.
        QObject::disconnect(&engine, &QQmlEngine::quit, nullptr, nullptr);
        int quitRequests = 0;
        connect(&engine, &QQmlEngine::quit, this, [&quitRequests] { ++quitRequests; });
        engine.addImportPath("qrc:/");
        engine.setInitialProperties({{"document", QVariant::fromValue(&document)},
                                     {"settings", QVariant::fromValue(&settings)}});
        engine.load(QUrl("qrc:/PodPlanner/App/Main.qml"));
        auto* window = qobject_cast<QQuickWindow*>(engine.rootObjects().value(0));
        QVERIFY(window);
        window->resize(1280, 720);
        QVERIFY(QTest::qWaitForWindowExposed(window));
        QVERIFY(
            document.load(PODPLANNER_SOURCE_DIR "/resources/examples/ironwood-shared.podplanner"));

        QRandomGenerator random(20261202);
        const QList<Qt::Key> keys = {Qt::Key_Tab,   Qt::Key_Backtab, Qt::Key_Space, Qt::Key_Escape,
                                     Qt::Key_Up,    Qt::Key_Down,    Qt::Key_Left,  Qt::Key_Right,
                                     Qt::Key_Enter, Qt::Key_A,       Qt::Key_F10};
        for (int step = 0; step < 400; ++step) {
            const QPoint at(random.bounded(window->width()), random.bounded(window->height()));
            switch (random.bounded(5)) {
            case 0:
            case 1:
                QTest::mouseClick(window, Qt::LeftButton, Qt::NoModifier, at);
                break;
            case 2: {
                const QPoint to(random.bounded(window->width()), random.bounded(window->height()));
                QTest::mousePress(window, Qt::LeftButton, Qt::NoModifier, at);
                QTest::mouseMove(window, to);
                QTest::mouseRelease(window, Qt::LeftButton, Qt::NoModifier, to);
                break;
            }
            case 3: {
                QWheelEvent wheel(at, window->mapToGlobal(at), QPoint(), QPoint(0, 120),
                                  Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
                QCoreApplication::sendEvent(window, &wheel);
                break;
            }
            default:
                QTest::keyClick(window, keys[random.bounded(static_cast<int>(keys.size()))]);
            }
            if (step % 50 == 0)
                QTest::qWait(20); // let bindings, popups and animations run
        }
        // The window still shows the project, and QML said nothing.
        QTest::keyClick(window, Qt::Key_Escape);
        QTest::qWait(100);
        QVERIFY(window->isVisible());
        QCOMPARE(document.projectName(), QString("Three training jobs sharing one Ironwood pod"));
        qInstallMessageHandler(previousHandler);
        QVERIFY2(qmlWarnings.isEmpty(), qPrintable(qmlWarnings.join("\n")));
        qInfo("monkey: 400 actions, %d quit requests ignored", quitRequests);
    }
};

QTEST_MAIN(MonkeyTest)
#include "tst_monkey.moc"

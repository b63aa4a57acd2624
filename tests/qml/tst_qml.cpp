// Qt Quick Test runner for the QML components (tests/qml/tst_*.qml): the PodPlanner modules are
// linked in statically and found under qrc:/; `sourceDir` lets a test open the examples.
#include <QQmlContext>
#include <QQmlEngine>
#include <QtQuickTest>

class Setup : public QObject {
    Q_OBJECT
  public slots:
    void qmlEngineAvailable(QQmlEngine* engine) {
        engine->addImportPath(QStringLiteral("qrc:/"));
        engine->rootContext()->setContextProperty(QStringLiteral("sourceDir"),
                                                  QStringLiteral(PODPLANNER_SOURCE_DIR));
    }
};

QUICK_TEST_MAIN_WITH_SETUP(podplanner_qml, Setup)
#include "tst_qml.moc"

// Opens the main window, optionally with a project given on the command line.
#include "app_settings.h"
#include "project_document.h"
#include "version.h"

#include <QApplication>
#include <QQmlApplicationEngine>
#include <QUrl>

int runGui(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("PodPlanner"));
    QApplication::setApplicationName(QStringLiteral("PodPlanner"));
    QApplication::setApplicationVersion(QStringLiteral(PODPLANNER_VERSION));

    podplanner::views::ProjectDocument document;
    podplanner::views::AppSettings settings;
    const QStringList args = QApplication::arguments();
    if (args.size() > 1)
        document.load(args.at(1));

    QQmlApplicationEngine engine;
    engine.addImportPath(QStringLiteral("qrc:/"));
    engine.setInitialProperties({{"document", QVariant::fromValue(&document)},
                                 {"settings", QVariant::fromValue(&settings)}});
    engine.load(QUrl(QStringLiteral("qrc:/PodPlanner/App/Main.qml")));
    if (engine.rootObjects().isEmpty())
        return 1;
    return QApplication::exec();
}

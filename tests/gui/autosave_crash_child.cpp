// Helper for tst_autosave: opens a project, edits it, autosaves every 50 ms and then waits to be
// killed (a crash as far as the recovery files can tell). Usage: autosave_crash_child DIR PROJECT
#include "autosaver.h"
#include "project_document.h"

#include <QGuiApplication>

#include <cstdio>

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen"); // no window: it only edits and autosaves
    QGuiApplication app(argc, argv);
    if (argc != 3)
        return 2;
    podplanner::views::ProjectDocument document;
    if (!document.load(QString::fromLocal8Bit(argv[2])))
        return 3;
    podplanner::views::Autosaver autosave(&document, QString::fromLocal8Bit(argv[1]));
    QObject::connect(&autosave, &podplanner::views::Autosaver::autosaved, [](const QString& file) {
        std::printf("autosaved %s\n", qPrintable(file));
        std::fflush(stdout);
    });
    autosave.setIntervalMs(50);
    document.setJobName(0, QStringLiteral("edited before the crash"));
    return QGuiApplication::exec();
}

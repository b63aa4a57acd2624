// Helper for tst_autosave: opens a project, edits it, autosaves every 50 ms and then waits to be
// killed (a crash as far as the recovery files can tell). With --keep-editing it makes a new
// edit after every autosave, so that a kill lands while a recovery file is being written.
// Usage: autosave_crash_child DIR PROJECT [--keep-editing]
#include "autosaver.h"
#include "project_document.h"

#include <QGuiApplication>

#include <cstdio>
#include <cstring>

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen"); // no window: it only edits and autosaves
    QGuiApplication app(argc, argv);
    if (argc < 3)
        return 2;
    const bool keepEditing = argc > 3 && std::strcmp(argv[3], "--keep-editing") == 0;
    podplanner::views::ProjectDocument document;
    if (!document.load(QString::fromLocal8Bit(argv[2])))
        return 3;
    podplanner::views::Autosaver autosave(&document, QString::fromLocal8Bit(argv[1]));
    int edits = 0;
    QObject::connect(&autosave, &podplanner::views::Autosaver::autosaved, [&](const QString& file) {
        std::printf("autosaved %s\n", qPrintable(file));
        std::fflush(stdout);
        if (keepEditing)
            document.setJobName(0, QStringLiteral("edit %1").arg(++edits));
    });
    autosave.setIntervalMs(keepEditing ? 1 : 50);
    document.setJobName(0, keepEditing ? QStringLiteral("edit 0")
                                       : QStringLiteral("edited before the crash"));
    return QGuiApplication::exec();
}

// `podplanner report PROJECT -o FILE.pdf|.html|.md [--letter] [--trials N] [--no-views]
// [--size WxH]`: the report with its charts and, when a display is there (xvfb-run on a headless
// machine), the physical and logical view of each job. Without a display it still writes the
// report, charts included, and says in it why the views are missing.
#include "cli.h"
#include "gui_platform.h"
#include "project_document.h"
#include "report_writer.h"
#include "version.h"

#include <QGuiApplication>

#include <iostream>
#include <optional>

namespace {

bool parseReport(const QStringList& args, podplanner::views::ReportRequest& r, QString& project,
                 QString& error) {
    for (int i = 2; i < args.size(); ++i) {
        const QString& a = args[i];
        auto value = [&]() -> QString { return i + 1 < args.size() ? args[++i] : QString(); };
        if (a == "-o" || a == "--output") {
            r.output = value();
        } else if (a == "--letter") {
            r.letter = true;
        } else if (a == "--no-views") {
            r.screenshots = false;
        } else if (a == "--trials") {
            bool ok = false;
            r.trials = value().toInt(&ok);
            if (!ok || r.trials < 1 || r.trials > 1'000'000) {
                error = "--trials expects a whole number from 1 to 1000000";
                return false;
            }
        } else if (a == "--size") {
            const auto parts = value().split('x');
            if (parts.size() != 2 || parts[0].toInt() < 64 || parts[1].toInt() < 64) {
                error = "--size expects WxH, e.g. 1280x800";
                return false;
            }
            r.screenshotSize = QSize(parts[0].toInt(), parts[1].toInt());
        } else if (!a.startsWith('-') && project.isEmpty()) {
            project = a;
        } else {
            error = "unknown option " + a;
            return false;
        }
    }
    if (project.isEmpty() || r.output.isEmpty()) {
        error = "report takes PROJECT and -o FILE.pdf, FILE.html or FILE.md";
        return false;
    }
    return true;
}

} // namespace

int runReportCommand(int argc, char** argv) {
    // No display: charts and PDF still work on the offscreen platform; the 3D views do not.
    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") &&
        qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    podplanner::views::ReportRequest request;
    request.generator = QStringLiteral("PodPlanner " PODPLANNER_VERSION);
    QString project, error;
    if (!parseReport(podplanner::app::argumentList(argc, argv), request, project, error)) {
        std::cerr << "podplanner: " << error.toStdString()
                  << "\nRun 'podplanner report --help' for usage.\n";
        return podplanner::app::kExitUsage;
    }
    std::optional<QGuiApplication> app;
    podplanner::app::startPlatformOrExit(
        [&] { app.emplace(argc, argv); },
        "no display (%1): run the report under xvfb-run, or with DISPLAY unset for a report "
        "without 3D views");
    podplanner::views::ProjectDocument document;
    if (!document.load(project)) {
        std::cerr << "error: " << document.errorText().toStdString() << "\n";
        return podplanner::app::kExitBadInput;
    }
    const auto outcome =
        podplanner::views::writeReport(document, request, [](const QString& stage, double) {
            std::cerr << stage.toStdString() << "…\n";
        });
    if (!outcome.ok) {
        std::cerr << "error: " << outcome.error.toStdString() << "\n";
        return podplanner::app::kExitBadInput;
    }
    for (const QString& file : outcome.written)
        std::cout << "wrote " << file.toStdString() << "\n";
    if (outcome.screenshotsSkipped && request.screenshots)
        std::cerr << "note: no display, so the report has no 3D views (run it under xvfb-run)\n";
    return podplanner::app::kExitOk;
}
